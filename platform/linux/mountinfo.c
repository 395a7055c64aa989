/* SPDX-License-Identifier: MIT */
#include "mountinfo.h"

#include <dlfcn.h>
#include <errno.h>
#include <libmount.h>
#include <string.h>

/*
 * libmount, loaded on first use: it is needed only to tell whether a path
 * is already our mount (a second enforce, a watcher meeting the boot's
 * binds), and with libblkid, libselinux and libpcre2 it is ~460 KiB of
 * every daemon's memory otherwise. The headers come from libmount-dev as
 * usual; only the linking waits.
 */
static struct {
        struct libmnt_table *(*new_table)(void);
        int (*parse_stream)(struct libmnt_table *, FILE *, const char *);
        void (*unref_table)(struct libmnt_table *);
        struct libmnt_iter *(*new_iter)(int);
        void (*free_iter)(struct libmnt_iter *);
        int (*next_fs)(struct libmnt_table *, struct libmnt_iter *, struct libmnt_fs **);
        int (*fs_get_id)(struct libmnt_fs *);
        const char *(*fs_get_vfs_options)(struct libmnt_fs *);
        const char *(*fs_get_fstype)(struct libmnt_fs *);
        const char *(*fs_get_source)(struct libmnt_fs *);
        const char *(*fs_get_root)(struct libmnt_fs *);
        const char *(*fs_get_target)(struct libmnt_fs *);
        int (*optstr_get_option)(const char *, const char *, char **, size_t *);
} mnt;

static int load(void) {
        static int state = 1; /* 1 not tried, 0 loaded, < 0 failed */
        void *h;

        if (state <= 0)
                return state;
        h = dlopen("libmount.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!h)
                return state = -ENOSYS;
#define SYM(field, name)                                                                                   \
        do {                                                                                               \
                *(void **) &mnt.field = dlsym(h, name);                                                    \
                if (!mnt.field)                                                                            \
                        return state = -ENOSYS;                                                            \
        } while (0)
        SYM(new_table, "mnt_new_table");
        SYM(parse_stream, "mnt_table_parse_stream");
        SYM(unref_table, "mnt_unref_table");
        SYM(new_iter, "mnt_new_iter");
        SYM(free_iter, "mnt_free_iter");
        SYM(next_fs, "mnt_table_next_fs");
        SYM(fs_get_id, "mnt_fs_get_id");
        SYM(fs_get_vfs_options, "mnt_fs_get_vfs_options");
        SYM(fs_get_fstype, "mnt_fs_get_fstype");
        SYM(fs_get_source, "mnt_fs_get_source");
        SYM(fs_get_root, "mnt_fs_get_root");
        SYM(fs_get_target, "mnt_fs_get_target");
        SYM(optstr_get_option, "mnt_optstr_get_option");
#undef SYM
        return state = 0;
}

static struct libmnt_table *parse(FILE *f, int *ret) {
        if ((*ret = load()) < 0)
                return NULL;
        struct libmnt_table *tb = mnt.new_table();
        if (!tb) {
                *ret = -ENOMEM;
                return NULL;
        }
        rewind(f);
        /* The name only tells libmount the format: mountinfo, not fstab. */
        *ret = mnt.parse_stream(tb, f, "/proc/self/mountinfo");
        if (*ret < 0) {
                mnt.unref_table(tb);
                return NULL;
        }
        return tb;
}

static bool has_option(const char *opts, const char *name) {
        char *value;
        size_t n;
        return opts && mnt.optstr_get_option(opts, name, &value, &n) == 0;
}

/* Call fn with every mount of f, in order, until it returns true. */
static int each_fs(FILE *f, bool (*fn)(struct libmnt_fs *fs, void *ctx), void *ctx) {
        struct libmnt_iter *it;
        struct libmnt_fs *fs;
        struct libmnt_table *tb;
        int r;

        tb = parse(f, &r);
        if (!tb)
                return r;
        it = mnt.new_iter(MNT_ITER_FORWARD);
        if (!it) {
                mnt.unref_table(tb);
                return -ENOMEM;
        }
        while (mnt.next_fs(tb, it, &fs) == 0)
                if (fn(fs, ctx))
                        break;
        mnt.free_iter(it);
        mnt.unref_table(tb);
        return 0;
}

typedef struct IsOurs {
        uint64_t mount_id;
        PlatformBindKind kind;
        int found;
} IsOurs;

static bool is_ours_fn(struct libmnt_fs *fs, void *ctx) {
        IsOurs *q = ctx;
        if ((uint64_t) mnt.fs_get_id(fs) != q->mount_id)
                return false;
        bool ro = has_option(mnt.fs_get_vfs_options(fs), "ro");
        const char *type = mnt.fs_get_fstype(fs), *src = mnt.fs_get_source(fs), *root = mnt.fs_get_root(fs);
        switch (q->kind) {
        case PLATFORM_MASK_FILE:
                q->found = ro && root && strcmp(root, "/null") == 0;
                break;
        case PLATFORM_MASK_DIR:
                q->found = ro && type && strcmp(type, "tmpfs") == 0 && src && strcmp(src, MOUNTINFO_SOURCE) == 0;
                break;
        default:
                q->found = ro;
                break;
        }
        return true;
}

int mountinfo_is_ours(FILE *f, uint64_t mount_id, PlatformBindKind kind) {
        IsOurs q = {mount_id, kind, 0};
        int r = each_fs(f, is_ours_fn, &q);
        return r < 0 ? r : q.found;
}

typedef struct Outside {
        const char *root;
        size_t len, n;
} Outside;

static bool outside_fn(struct libmnt_fs *fs, void *ctx) {
        Outside *o = ctx;
        const char *t = mnt.fs_get_target(fs);
        if (t && !(strncmp(t, o->root, o->len) == 0 && (t[o->len] == 0 || t[o->len] == '/')))
                o->n++;
        return false;
}

int mountinfo_count_outside(FILE *f, const char *root, size_t *ret) {
        Outside o = {root, strlen(root), 0};
        /* "/w/" is "/w"; "/" has nothing outside it. */
        while (o.len > 0 && root[o.len - 1] == '/')
                o.len--;
        int r = each_fs(f, outside_fn, &o);
        if (r < 0)
                return r;
        *ret = o.n;
        return 0;
}
