/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdint.h>

/*
 * openat2(2), the Linux backend's only way to it: glibc 2.36 wraps the new
 * mount API but not openat2. Retried on EAGAIN at most OPENAT2_RETRIES
 * times: with RESOLVE_BENEATH the kernel answers EAGAIN when a rename or a
 * mount raced the lookup, rather than guess whether it stayed beneath.
 * 0 with the fd in *ret_fd, or -errno (-ENOSYS before Linux 5.6), *ret_fd
 * untouched.
 */
#define OPENAT2_RETRIES 64
int linux_openat2(int dirfd, const char *path, uint64_t flags, uint64_t resolve, int *ret_fd);

/* platform_open_beneath with more RESOLVE_* flags (RESOLVE_NO_XDEV), for
 * the mount engine's walks that must not leave one filesystem. */
int linux_open_beneath(int dirfd, const char *path, int flags, uint64_t resolve, int *ret_fd);

/* The entry at path beneath dirfd as an O_PATH fd, no symlink followed at
 * any component: one at the last comes back as itself, for a type check
 * to refuse (the mount engine's -ELOOP at PLATFORM_STEP_TYPE). A trailing
 * '/' is the entry's, not the path's. 0 with *ret_fd, or -errno (-EINVAL
 * for "" or a path of PATH_MAX bytes or more), *ret_fd untouched. */
int linux_open_entry(int dirfd, const char *path, int *ret_fd);

/* statx(2) of what fd holds, itself (no symlink followed): its type,
 * links, inode, mount id and attributes. 0 or -errno. */
struct statx;
int linux_statx_entry(int fd, struct statx *ret);
