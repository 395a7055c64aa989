/* SPDX-License-Identifier: MIT */
#pragma once

#include <sys/stat.h>

/* lstat the path rel beneath root_fd without following it, its parent
 * opened with platform_open_beneath (-ELOOP when a component is a symlink,
 * -ENOTDIR when one is not a directory, -ENOENT when missing); the
 * parent's fd in *ret_dirfd when asked (the caller closes it). Nothing is
 * opened at rel itself: a device there is only looked at. */
int resolve_stat(int root_fd, const char *rel, struct stat *st, int *ret_dirfd, const char **ret_name);
