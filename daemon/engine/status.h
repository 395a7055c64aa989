/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

#include "platform.h"

/* One of our binds beneath a root, as mountinfo shows it now. */
typedef struct StatusBind {
        char *path;     /* relative to the root */
        char *checkout; /* the checkout it belongs to, relative to the root; "." the root */
        PlatformBindKind kind;
} StatusBind;

/*
 * Our binds strictly beneath root (from mountinfo, through ops->mounts),
 * sorted by checkout, then path. A bind's checkout is the nearest directory
 * above it, beneath or at the root, that holds a .git (a directory or a
 * gitfile, reached through no symlink); "." when none does. Its kind is the
 * most specific it passes for: mask-file, mask-dir, then protect.
 * Returns 0 with *ret (status_free() it) and *ret_n; -ENOSYS where the
 * backend cannot bind; -errno when root cannot be opened or mountinfo read.
 */
int status_list(const BinderOps *ops, const char *root, StatusBind **ret, size_t *ret_n);
void status_free(StatusBind *v, size_t n);
