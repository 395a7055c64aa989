/* SPDX-License-Identifier: MIT */
#include "fake-binder.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

FakeTree fake;

void fake_reset(void) {
        memset(&fake, 0, sizeof fake);
}

void fake_add(const char *path, char type) {
        fake.nodes[fake.n].path = path;
        fake.nodes[fake.n].type = type;
        fake.nodes[fake.n].nlink = 1;
        fake.nodes[fake.n].id = fake.next_id++;
        fake.n++;
}

int fake_remove(const char *path) {
        size_t len = strlen(path);
        for (size_t i = 0; i < fake.n; i++)
                if (strncmp(fake.nodes[i].path, path, len) == 0 && fake.nodes[i].path[len] == '/')
                        return -ENOTEMPTY; /* rmdir */
        for (size_t i = 0; i < fake.n; i++)
                if (strcmp(fake.nodes[i].path, path) == 0) {
                        if (fake.nodes[i].bound)
                                return -EBUSY;
                        memmove(&fake.nodes[i], &fake.nodes[i + 1], (fake.n - i - 1) * sizeof fake.nodes[0]);
                        fake.n--;
                        return 0;
                }
        return -ENOENT;
}

size_t fake_bound_count(void) {
        size_t n = 0;
        for (size_t i = 0; i < fake.n; i++)
                n += fake.nodes[i].bound;
        return n;
}

static int find(const char *path, size_t len) {
        for (size_t i = 0; i < fake.n; i++)
                if (strlen(fake.nodes[i].path) == len && strncmp(fake.nodes[i].path, path, len) == 0)
                        return (int) i;
        return -1;
}

/* Resolve like openat2 with RESOLVE_NO_SYMLINKS: every prefix must exist
 * and be a directory, and no component may be a symlink. */
static int lookup(const char *path, PlatformBindInfo *info) {
        size_t len = strlen(path);
        if (len > 0 && path[len - 1] == '/')
                len--;
        info->step = PLATFORM_STEP_RESOLVE;
        for (size_t i = 0; i <= len; i++) {
                if (i < len && path[i] != '/')
                        continue;
                int n = find(path, i);
                if (n < 0)
                        return -ENOENT;
                if (fake.nodes[n].type == 'l')
                        return -ELOOP;
                if (i < len && fake.nodes[n].type != 'd')
                        return -ENOTDIR;
                if (i == len)
                        return n;
        }
        return -ENOENT;
}

static int fake_kernel_check(char *why, size_t n) {
        if (!fake.kernel_missing)
                return 0;
        snprintf(why, n, "kernel 4.19 has no %s(2)", fake.kernel_missing);
        return -ENOSYS;
}

static int fake_open(const char *root, void **ret) {
        if (strcmp(root, "/nonexistent") == 0)
                return -ENOENT;
        *ret = &fake;
        return 0;
}

static int pin(PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        *info = (PlatformBindInfo){.mount_fd = -1};
        int n = lookup(path, info);
        if (n < 0)
                return n;
        info->step = PLATFORM_STEP_TYPE;
        char t = fake.nodes[n].type;
        int r = platform_type_fits(kind, t == 'd' ? S_IFDIR : t == 'l' ? S_IFLNK : S_IFREG);
        if (r < 0)
                return r;
        info->step = PLATFORM_STEP_NONE;
        info->regular = t == 'f';
        info->nlink = fake.nodes[n].nlink;
        /* A mount's id, as statx's stx_mnt_id: the node's own, so that it
         * stays when another node goes. */
        info->mount_id = fake.nodes[n].bound ? 1000 + (uint64_t) fake.nodes[n].id : 0;
        return n;
}

static int fake_check(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        (void) b;
        fake.check_calls++;
        int n = pin(kind, path, info);
        return n < 0 ? n : 0;
}

static int fake_bind(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        (void) b;
        int n = pin(kind, path, info);
        if (n < 0)
                return n;
        fake.bind_calls++;
        if (fake.nodes[n].bound) {
                info->already = true;
                return 1;
        }
        if (fake.bind_calls == fake.fail_bind_call) {
                info->step = fake.fail_step;
                return -fake.fail_errno;
        }
        fake.nodes[n].bound = true;
        info->mount_id = 1000 + (uint64_t) fake.nodes[n].id;
        info->mount_fd = 100 + fake.nodes[n].id; /* never a real fd: unbind takes it back */
        return 0;
}

static int fake_unbind(void *b, PlatformBindInfo *info) {
        (void) b;
        int n = -1;
        for (size_t i = 0; i < fake.n; i++)
                if (fake.nodes[i].id == info->mount_fd - 100)
                        n = (int) i;
        if (n < 0 || !fake.nodes[n].bound)
                return -EINVAL;
        fake.nodes[n].bound = false;
        snprintf(fake.unbound[fake.unbind_calls++], sizeof fake.unbound[0], "%s", fake.nodes[n].path);
        info->mount_fd = -1;
        return 0;
}

static void fake_release(void *b, PlatformBindInfo *info) {
        (void) b;
        info->mount_fd = -1;
}

static int fake_read(void *b, const char *path, char *buf, size_t n) {
        (void) b;
        fake.read_calls++;
        for (size_t i = 0; i < fake.n; i++)
                if (strcmp(fake.nodes[i].path, path) == 0 && fake.nodes[i].content) {
                        snprintf(buf, n, "%s", fake.nodes[i].content);
                        return (int) strlen(buf);
                }
        return -ENOENT;
}

/* The names directly below path, like readdir. */
static int fake_list(void *b, const char *path, void (*emit)(void *ctx, const char *name), void *ctx) {
        PlatformBindInfo info;
        (void) b;
        int d = lookup(path, &info);
        if (d < 0)
                return d;
        if (fake.nodes[d].type != 'd')
                return -ENOTDIR;
        if (fake.fail_list && strcmp(fake.fail_list, path) == 0)
                return -EACCES;
        size_t n = strlen(path);
        for (size_t i = 0; i < fake.n; i++) {
                const char *p = fake.nodes[i].path;
                if (strncmp(p, path, n) == 0 && p[n] == '/' && !strchr(p + n + 1, '/'))
                        emit(ctx, p + n + 1);
        }
        return 0;
}

static int fake_read_all(void *b, const char *path, size_t max, char **ret, size_t *ret_n) {
        PlatformBindInfo info;
        (void) b;
        fake.read_all_calls++;
        int n = lookup(path, &info);
        if (n < 0)
                return n;
        if (fake.nodes[n].type != 'f')
                return -EINVAL;
        const void *d = fake.nodes[n].data      ? fake.nodes[n].data
                        : fake.nodes[n].content ? fake.nodes[n].content
                                                : "";
        size_t len = fake.nodes[n].data ? fake.nodes[n].data_n : strlen(d);
        if (fake.nodes[n].discarded)
                len = 0;
        if (len > max)
                return -EFBIG;
        char *buf = malloc(len + 1);
        if (!buf)
                return -ENOMEM;
        memcpy(buf, d, len);
        buf[len] = 0;
        *ret = buf;
        *ret_n = len;
        return 0;
}

/* Replace: the file's data becomes what was written (kept in fake.written). */
static int fake_replace(void *b, const char *dir, const char *name, const char *lock, const void *old,
                        size_t old_n, const void *data, size_t n) {
        char path[512];
        char *now = NULL;
        size_t now_n = 0;
        (void) lock;
        fake.replace_calls++;
        if (fake.replace_errno)
                return -fake.replace_errno;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        int r = old ? fake_read_all(b, path, SIZE_MAX, &now, &now_n) : 0;
        if (r < 0)
                return r;
        bool same = !old || (now_n == old_n && memcmp(now, old, old_n) == 0);
        free(now);
        if (!same)
                return -ESTALE;
        if (n > sizeof fake.written)
                return -EFBIG;
        memcpy(fake.written, data, n);
        fake.written_n = n;
        /* old NULL: whatever is at the name (a symlink, a fifo) is renamed
         * over, never followed: found by its exact path */
        PlatformBindInfo info;
        int k = old ? lookup(path, &info) : find(path, strlen(path));
        if (k < 0)
                return k == -1 ? -ENOENT : k;
        fake.nodes[k].type = 'f';
        fake.nodes[k].data = fake.written;
        fake.nodes[k].data_n = n;
        return 0;
}

static int fake_discard(void *b, const char *path, uint64_t mount_id) {
        PlatformBindInfo info;
        (void) b;
        (void) mount_id; /* the fake's mounts never move */
        int n = lookup(path, &info);
        if (n < 0)
                return n;
        if (!fake.nodes[n].bound)
                return -EINVAL;
        if (fake.nodes[n].nlink > 1)
                return -EMLINK;
        fake.nodes[n].discarded = true;
        return 1;
}

static void fake_close(void *b) {
        (void) b;
}

const BinderOps fake_binder = {
        .kernel_check = fake_kernel_check,
        .open = fake_open,
        .check = fake_check,
        .bind = fake_bind,
        .unbind = fake_unbind,
        .release = fake_release,
        .close = fake_close,
};

/* A node's identity: its handle, its length, and the generation a test
 * bumps when it rewrites it. */
static int fake_identity(void *b, const char *path, PlatformFileId *ret) {
        PlatformBindInfo info;
        (void) b;
        int n = lookup(path, &info);
        if (n < 0)
                return n;
        if (fake.nodes[n].type != 'f' && fake.nodes[n].type != 'd')
                return -EINVAL;
        size_t len = fake.nodes[n].data      ? fake.nodes[n].data_n
                     : fake.nodes[n].content ? strlen(fake.nodes[n].content)
                                             : 0;
        /* Content given anew (another buffer) is a rewrite too. */
        const void *d = fake.nodes[n].data ? fake.nodes[n].data : (const void *) fake.nodes[n].content;
        *ret = (PlatformFileId){.ino = (uint64_t) fake.nodes[n].id,
                                .size = len,
                                .mtime_ns = fake.nodes[n].gen,
                                .ctime_ns = (int64_t) (uintptr_t) d};
        return 0;
}

/* The file operations over the same tree (the handle is the tree, as the
 * binder's). */
const FileOps fake_files = {
        .open = fake_open,
        .read = fake_read,
        .read_all = fake_read_all,
        .identity = fake_identity,
        .list = fake_list,
        .replace = fake_replace,
        .discard = fake_discard,
        .close = fake_close,
};

/* The warn-only variant: resolves like the fake, mounts nothing. */
static int fake_warn_bind(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        (void) b;
        int n = pin(kind, path, info);
        if (n < 0)
                return n;
        fake.bind_calls++;
        info->step = PLATFORM_STEP_MOUNT;
        return -ENOSYS;
}

const BinderOps fake_warn_binder = {
        .warn_only = true,
        .kernel_check = fake_kernel_check,
        .open = fake_open,
        .check = fake_check,
        .bind = fake_warn_bind,
        .unbind = fake_unbind,
        .release = fake_release,
        .close = fake_close,
};

/* What the warn-only binder pairs with: read and list. */
const FileOps fake_warn_files = {
        .open = fake_open,
        .read = fake_read,
        .list = fake_list,
        .close = fake_close,
};
