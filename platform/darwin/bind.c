/* SPDX-License-Identifier: MIT */
/*
 * The warn-only binder: off Linux there are no bind mounts. It resolves
 * each path the way the mount engine does (beneath the root, no symlinks,
 * the type checked) and then says -ENOSYS, which the watcher turns into one
 * warning per path ("cannot bind ... on this platform"). Portable POSIX.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform.h"
#include "resolve.h"

typedef struct Warn {
        int root_fd;
} Warn;

static int warn_kernel_check(char *why, size_t n) {
        snprintf(why, n, "this platform has no bind mounts: the poll backend only warns");
        return -ENOSYS;
}

static int warn_open(const char *root, void **ret) {
        Warn *w = calloc(1, sizeof *w);
        if (!w)
                return -ENOMEM;
        w->root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (w->root_fd < 0) {
                int r = -errno;
                free(w);
                return r;
        }
        *ret = w;
        return 0;
}

static void warn_close(void *p) {
        Warn *w = p;
        if (!w)
                return;
        close(w->root_fd);
        free(w);
}

/* Resolve and type-check, as the mount engine would. */
static int pin(Warn *w, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        char buf[PATH_MAX];
        struct stat st;
        size_t n = strlen(path);

        *info = (PlatformBindInfo){.mount_fd = -1, .step = PLATFORM_STEP_RESOLVE};
        if (n == 0 || n >= sizeof buf)
                return -EINVAL;
        memcpy(buf, path, n + 1);
        if (n > 1 && buf[n - 1] == '/')
                buf[n - 1] = 0;
        int r = resolve_stat(w->root_fd, buf, &st, NULL, NULL);
        if (r < 0)
                return r;
        info->step = PLATFORM_STEP_TYPE;
        r = platform_type_fits(kind, st.st_mode);
        if (r < 0)
                return r;
        info->step = PLATFORM_STEP_NONE;
        info->regular = S_ISREG(st.st_mode);
        info->nlink = (uint64_t) st.st_nlink;
        return 0;
}

static int warn_check(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        return pin(b, kind, path, info);
}

static int warn_bind(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        int r = pin(b, kind, path, info);
        if (r < 0)
                return r;
        info->step = PLATFORM_STEP_MOUNT;
        return -ENOSYS;
}

static int warn_unbind(void *b, PlatformBindInfo *info) {
        (void) b;
        (void) info;
        return -ENOSYS;
}

static void warn_release(void *b, PlatformBindInfo *info) {
        (void) b;
        info->mount_fd = -1;
}

const BinderOps warn_binder = {
        .warn_only = true,
        .kernel_check = warn_kernel_check,
        .open = warn_open,
        .check = warn_check,
        .bind = warn_bind,
        .unbind = warn_unbind,
        .release = warn_release,
        .close = warn_close,
};
