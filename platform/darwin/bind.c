/* SPDX-License-Identifier: MIT */
/* Off Linux there are no bind mounts: every binding operation says so. The
 * poll backend only warns (see the watch loop). */
#include <errno.h>
#include <stdio.h>

#include "platform.h"

static int none_kernel_check(char *why, size_t n) {
        snprintf(why, n, "this platform has no bind mounts: the poll backend only warns");
        return -ENOSYS;
}

static int none_open(const char *root, void **ret) {
        (void) root;
        (void) ret;
        return -ENOSYS;
}

static int none_op(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *ret) {
        (void) b;
        (void) kind;
        (void) path;
        *ret = (PlatformBindInfo){.mount_fd = -1};
        return -ENOSYS;
}

static int none_unbind(void *b, PlatformBindInfo *info) {
        (void) b;
        (void) info;
        return -ENOSYS;
}

static void none_release(void *b, PlatformBindInfo *info) {
        (void) b;
        (void) info;
}

static int none_read(void *b, const char *path, char *buf, size_t n) {
        (void) b;
        (void) path;
        (void) buf;
        (void) n;
        return -ENOSYS;
}

static void none_close(void *b) {
        (void) b;
}

const BinderOps platform_binder = {
        .kernel_check = none_kernel_check,
        .open = none_open,
        .check = none_op,
        .bind = none_op,
        .unbind = none_unbind,
        .release = none_release,
        .read = none_read,
        .close = none_close,
};
