/* SPDX-License-Identifier: MIT */
#include "status.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "util.h"

typedef struct Collect {
        StatusBind *v;
        size_t n, allocated;
        int root_fd, r;
} Collect;

static PlatformBindKind kind_of(unsigned kinds) {
        if (kinds & (1u << PLATFORM_MASK_FILE))
                return PLATFORM_MASK_FILE;
        if (kinds & (1u << PLATFORM_MASK_DIR))
                return PLATFORM_MASK_DIR;
        return PLATFORM_PROTECT;
}

/* The nearest directory above path (beneath root_fd) holding a .git. */
static char *checkout_of(int root_fd, const char *path) {
        _cleanup_free_ char *dir = strdup(path);
        if (!dir)
                return NULL;
        for (;;) {
                char *slash = strrchr(dir, '/');
                if (!slash)
                        break;
                *slash = 0;
                _cleanup_free_ char *git = NULL;
                if (asprintf(&git, "%s/.git", dir) < 0)
                        return NULL;
                if (platform_probe_beneath(root_fd, git) == 0)
                        return TAKE_PTR(dir);
        }
        return strdup(".");
}

static void collect(void *ctx, const char *path, unsigned kinds) {
        Collect *c = ctx;
        if (c->r < 0 || kinds == 0)
                return;
        StatusBind b = {.path = strdup(path), .kind = kind_of(kinds)};
        b.checkout = b.path ? checkout_of(c->root_fd, path) : NULL;
        if (!b.checkout || ARRAY_GROW(c->v, c->allocated, c->n + 1) < 0) {
                free(b.path);
                free(b.checkout);
                c->r = -ENOMEM;
                return;
        }
        c->v[c->n++] = b;
}

static int by_checkout(const void *a, const void *b) {
        const StatusBind *x = a, *y = b;
        int r = strcmp(x->checkout, y->checkout);
        return r ? r : strcmp(x->path, y->path);
}

int status_list(const BinderOps *ops, const char *root, StatusBind **ret, size_t *ret_n) {
        if (ops->warn_only)
                return -ENOSYS;
        _cleanup_close_ int root_fd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (root_fd < 0)
                return -errno;
        void *binder = NULL;
        int r = ops->open(root, &binder);
        if (r < 0)
                return r;
        Collect c = {.root_fd = root_fd};
        r = ops->mounts(binder, collect, &c);
        ops->close(binder);
        if (r >= 0)
                r = c.r;
        if (r < 0) {
                status_free(c.v, c.n);
                return r;
        }
        if (c.n > 1)
                qsort(c.v, c.n, sizeof *c.v, by_checkout);
        *ret = c.v;
        *ret_n = c.n;
        return 0;
}

void status_free(StatusBind *v, size_t n) {
        for (size_t i = 0; i < n; i++) {
                free(v[i].path);
                free(v[i].checkout);
        }
        free(v);
}
