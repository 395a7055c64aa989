/* SPDX-License-Identifier: MIT */
#pragma once

#include <sys/stat.h>

/*
 * Portable resolution beneath a root without following any symlink: each
 * component opened with O_NOFOLLOW | O_DIRECTORY from the one before, the
 * last one lstat'ed. No openat2 here (not POSIX); this is what the poller
 * and the warn-only binder use, on Darwin and, for tests, on Linux.
 */

/* An fd for the directory rel beneath root_fd ("" is the root itself):
 * -ELOOP when a component is a symlink, -ENOTDIR when one is not a
 * directory, -ENOENT when missing. */
int resolve_dir(int root_fd, const char *rel);

/* lstat the path rel beneath root_fd, its parents resolved as above; the
 * parent's fd in *ret_dirfd when asked (the caller closes it). */
int resolve_stat(int root_fd, const char *rel, struct stat *st, int *ret_dirfd, const char **ret_name);
