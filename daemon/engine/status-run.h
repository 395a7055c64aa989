/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

#include "status.h"

/*
 * status on the disk: the mounts below a root that are ours by shape, as
 * the platform lists them now (platform_bound: this mount namespace's
 * table), grouped by the checkouts they belong to (status.h). A .git, a
 * .git file and a commondir are looked at beneath the root with no symlink
 * followed (platform_open_beneath); a .git that is a symlink is a checkout
 * whose gitdir is not told. Nothing is written, nothing mounted.
 */

/*
 * Open root (a directory; a symlink at it is followed, as cd would) and
 * read what is bound below it. 0 with *ret (supported false where the
 * platform makes no bind mounts: nothing is listed) and *ret_root, the
 * root's absolute name as the kernel gives it (both malloc'd); or -errno
 * with message set, naming the path, and the outputs untouched.
 */
int status_read(const char *root, Status **ret, char **ret_root, char *message, size_t n);

/* The grouping alone, below a directory already open (root_fd), of the
 * mounts given rather than read: for tests of the disk's part. 0 or
 * -errno, *ret untouched. */
int status_group_beneath(int root_fd, const StatusMount *m, size_t n, Status **ret);
