/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The portable implementation of platform_open_beneath (platform.h): the
 * path walked a component at a time, each opened with O_NOFOLLOW from the
 * directory before it. POSIX only (no openat2); the poll backend's
 * resolver, and built in every build so that the tests run the same cases
 * against it and against the kernel's.
 */
int walk_open_beneath(int dirfd, const char *path, int flags, int *ret_fd);

/* The portable platform_probe_beneath: the directory walked as above, its
 * last component looked at with fstatat(AT_SYMLINK_NOFOLLOW). */
int walk_probe_beneath(int dirfd, const char *path);
