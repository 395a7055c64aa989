/* SPDX-License-Identifier: MIT */
#include "mountinfo.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libmount.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array.h"
#include "util.h"

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
        int (*fs_get_parent_id)(struct libmnt_fs *);
        dev_t (*fs_get_devno)(struct libmnt_fs *);
        int (*optstr_get_option)(const char *, const char *, char **, size_t *);
        const char *(*fs_get_optional_fields)(struct libmnt_fs *);
} mnt;

static int load(void) {
        static int state = 1; /* 1 not tried, 0 loaded, < 0 failed */
        void *h;

        if (state <= 0)
                return state;
        h = dlopen("libmount.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!h)
                return state = -ENOSYS;
#define SYM(field, name)                                                                                    \
        do {                                                                                                \
                *(void **) &mnt.field = dlsym(h, name);                                                     \
                if (!mnt.field)                                                                             \
                        return state = -ENOSYS;                                                             \
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
        SYM(fs_get_parent_id, "mnt_fs_get_parent_id");
        SYM(fs_get_devno, "mnt_fs_get_devno");
        SYM(optstr_get_option, "mnt_optstr_get_option");
        SYM(fs_get_optional_fields, "mnt_fs_get_optional_fields");
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

/* Call fn with every mount of tb, in order, until it returns true. */
static int each_in(struct libmnt_table *tb, bool (*fn)(struct libmnt_fs *fs, void *ctx), void *ctx) {
        struct libmnt_iter *it = mnt.new_iter(MNT_ITER_FORWARD);
        struct libmnt_fs *fs;

        if (!it)
                return -ENOMEM;
        while (mnt.next_fs(tb, it, &fs) == 0)
                if (fn(fs, ctx))
                        break;
        mnt.free_iter(it);
        return 0;
}

/* The same for every mount of f, parsed for this call. */
static int each_fs(FILE *f, bool (*fn)(struct libmnt_fs *fs, void *ctx), void *ctx) {
        int r;
        struct libmnt_table *tb = parse(f, &r);

        if (!tb)
                return r;
        r = each_in(tb, fn, ctx);
        mnt.unref_table(tb);
        return r;
}

/* The kinds (bit 1 << PlatformBindKind) that the mount fs passes for as
 * one of ours: mask-file, a read-only bind whose root is /null; mask-dir, a
 * read-only tmpfs with our source name; protect, any read-only mount. */
static unsigned kinds_of(struct libmnt_fs *fs) {
        const char *type = mnt.fs_get_fstype(fs), *src = mnt.fs_get_source(fs), *root = mnt.fs_get_root(fs);
        unsigned kinds;

        if (!has_option(mnt.fs_get_vfs_options(fs), "ro"))
                return 0;
        kinds = 1u << PLATFORM_PROTECT;
        if (root && strcmp(root, "/null") == 0)
                kinds |= 1u << PLATFORM_MASK_FILE;
        if (type && strcmp(type, "tmpfs") == 0 && src && strcmp(src, MOUNTINFO_SOURCE) == 0)
                kinds |= 1u << PLATFORM_MASK_DIR;
        return kinds;
}

typedef struct Find {
        uint64_t mount_id;
        bool want_target, found;
        unsigned kinds;
        char *target;
        int r;
} Find;

static bool find_fn(struct libmnt_fs *fs, void *ctx) {
        Find *q = ctx;
        if ((uint64_t) mnt.fs_get_id(fs) != q->mount_id)
                return false;
        q->found = true;
        q->kinds = kinds_of(fs);
        if (q->want_target) {
                const char *t = mnt.fs_get_target(fs);
                /* A mount without a target is not a line the kernel writes. */
                if (!t)
                        q->r = -EINVAL;
                else if (!(q->target = strdup(t)))
                        q->r = -ENOMEM;
        }
        return true;
}

typedef struct Shared {
        uint64_t mount_id;
        bool found, shared;
} Shared;

static bool shared_fn(struct libmnt_fs *fs, void *ctx) {
        Shared *q = ctx;
        if ((uint64_t) mnt.fs_get_id(fs) != q->mount_id)
                return false;
        const char *opt = mnt.fs_get_optional_fields(fs);
        q->found = true;
        /* "shared:N" among the optional fields; "master:N" alone is a slave. */
        for (const char *p = opt; p && (p = strstr(p, "shared:")); p++)
                if (p == opt || p[-1] == ' ') {
                        q->shared = true;
                        break;
                }
        return true;
}

int mountinfo_shared(FILE *f, uint64_t mount_id) {
        Shared q = {.mount_id = mount_id};
        int r = each_fs(f, shared_fn, &q);
        if (r < 0)
                return r;
        return !q.found ? -ENOENT : q.shared;
}

int mountinfo_is_ours(FILE *f, uint64_t mount_id, PlatformBindKind kind) {
        Find q = {.mount_id = mount_id};
        int r = each_fs(f, find_fn, &q);
        if (r < 0)
                return r;
        return q.found && (q.kinds & (1u << kind));
}

bool mountinfo_fd_is_ours(int fd, PlatformBindKind kind) {
        struct statx sx;
        _cleanup_fclose_ FILE *f = NULL;
        if (statx(fd, "", AT_EMPTY_PATH, STATX_MNT_ID, &sx) < 0 ||
            !(f = fopen("/proc/self/mountinfo", "re")))
                return false;
        return mountinfo_is_ours(f, sx.stx_mnt_id, kind) > 0;
}

int mountinfo_find(FILE *f, uint64_t mount_id, char **ret_target, unsigned *ret_kinds) {
        Find q = {.mount_id = mount_id, .want_target = true};
        int r = each_fs(f, find_fn, &q);
        if (r >= 0)
                r = q.r;
        if (r < 0 || !q.found) {
                free(q.target);
                return r < 0 ? r : 0;
        }
        *ret_target = q.target;
        *ret_kinds = q.kinds;
        return 1;
}

/*
 * The set of our mounts: mount id -> kinds, open addressing with linear
 * probing. Mount ids are small integers the kernel hands out lowest first,
 * so they are mixed before use; a key is stored as id + 1, so 0 marks a free
 * slot.
 */
typedef struct MountSlot {
        uint64_t key;
        unsigned kinds;
} MountSlot;

struct MountSet {
        MountSlot *slots;
        size_t n, cap; /* cap is a power of two, at most 3/4 used */
};

static size_t slot_of(const MountSet *s, uint64_t key) {
        key ^= key >> 33;
        key *= UINT64_C(0xff51afd7ed558ccd);
        key ^= key >> 33;
        return (size_t) key & (s->cap - 1);
}

static int mount_set_grow(MountSet *s) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        MountSlot *old = s->slots;
        size_t old_cap = s->cap;

        if (cap > SIZE_MAX / sizeof *old)
                return -ENOMEM;
        s->slots = calloc(cap, sizeof *old);
        if (!s->slots) {
                s->slots = old;
                return -ENOMEM;
        }
        s->cap = cap;
        for (size_t i = 0; i < old_cap; i++) {
                if (!old[i].key)
                        continue;
                size_t j = slot_of(s, old[i].key);
                while (s->slots[j].key)
                        j = (j + 1) & (cap - 1);
                s->slots[j] = old[i];
        }
        free(old);
        return 0;
}

unsigned mount_set_kinds(const MountSet *s, uint64_t mount_id) {
        uint64_t key = mount_id + 1;
        if (!s || s->cap == 0)
                return 0;
        for (size_t i = slot_of(s, key); s->slots[i].key; i = (i + 1) & (s->cap - 1))
                if (s->slots[i].key == key)
                        return s->slots[i].kinds;
        return 0;
}

int mount_set_put(MountSet *s, uint64_t mount_id, unsigned kinds) {
        uint64_t key = mount_id + 1;
        size_t i;
        int r;

        if (kinds == 0) {
                mount_set_remove(s, mount_id);
                return 0;
        }
        if ((s->n + 1) * 4 > s->cap * 3 && (r = mount_set_grow(s)) < 0)
                return r;
        for (i = slot_of(s, key); s->slots[i].key; i = (i + 1) & (s->cap - 1))
                if (s->slots[i].key == key) {
                        s->slots[i].kinds = kinds;
                        return 0;
                }
        s->slots[i] = (MountSlot){key, kinds};
        s->n++;
        return 0;
}

void mount_set_remove(MountSet *s, uint64_t mount_id) {
        uint64_t key = mount_id + 1;
        size_t mask, i;

        if (!s || s->cap == 0)
                return;
        mask = s->cap - 1;
        for (i = slot_of(s, key); s->slots[i].key != key; i = (i + 1) & mask)
                if (!s->slots[i].key)
                        return;
        /* Backward-shift deletion: every entry after the hole that could
         * have sat in it moves up, so no lookup stops early at the hole. */
        for (size_t j = (i + 1) & mask; s->slots[j].key; j = (j + 1) & mask) {
                size_t home = slot_of(s, s->slots[j].key);
                if (((j - home) & mask) >= ((j - i) & mask)) {
                        s->slots[i] = s->slots[j];
                        i = j;
                }
        }
        s->slots[i] = (MountSlot){0};
        s->n--;
}

size_t mount_set_size(const MountSet *s) {
        return s ? s->n : 0;
}

MountSet *mount_set_free(MountSet *s) {
        if (s) {
                free(s->slots);
                free(s);
        }
        return NULL;
}

typedef struct Collect {
        MountSet *set;
        int r;
} Collect;

static bool collect_fn(struct libmnt_fs *fs, void *ctx) {
        Collect *c = ctx;
        unsigned kinds = kinds_of(fs);
        if (kinds && (c->r = mount_set_put(c->set, (uint64_t) mnt.fs_get_id(fs), kinds)) < 0)
                return true;
        return false;
}

int mountinfo_ours(FILE *f, MountSet **ret) {
        Collect c = {.set = calloc(1, sizeof(MountSet))};
        int r;

        if (!c.set)
                return -ENOMEM;
        r = each_fs(f, collect_fn, &c);
        if (r >= 0)
                r = c.r;
        if (r < 0) {
                mount_set_free(c.set);
                return r;
        }
        *ret = c.set;
        return 0;
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

typedef struct Below {
        const char *root;
        size_t len;
        void (*emit)(void *ctx, const char *path, unsigned kinds);
        void *ctx;
} Below;

static bool below_fn(struct libmnt_fs *fs, void *ctx) {
        Below *q = ctx;
        const char *t = mnt.fs_get_target(fs);
        unsigned kinds = kinds_of(fs);
        if (kinds && t && strncmp(t, q->root, q->len) == 0 && t[q->len] == '/' && t[q->len + 1])
                q->emit(q->ctx, t + q->len + 1, kinds);
        return false;
}

int mountinfo_below(FILE *f, const char *root, void (*emit)(void *ctx, const char *path, unsigned kinds),
                    void *ctx) {
        Below q = {root, strlen(root), emit, ctx};
        while (q.len > 0 && root[q.len - 1] == '/')
                q.len--;
        return each_fs(f, below_fn, &q);
}

/* The mounts of a table by id, for finding a mount's parent: libmount
 * 2.38 has no lookup by id (mnt_table_find_id is not in its ABI). */
typedef struct ById {
        int id;
        struct libmnt_fs *fs;
} ById;

static int by_id(const void *a, const void *b) {
        int x = ((const ById *) a)->id, y = ((const ById *) b)->id;
        return x < y ? -1 : x > y;
}

/* Whether fs is a bind of a path onto itself, from the table alone: the
 * mount it is attached on (its parent) is of the same filesystem, and what
 * fs shows of that filesystem (its root) is exactly what the parent shows
 * at fs's target. A protect bind is one; a read-only mount of a whole
 * filesystem, or a bind of some other path, is not. (A bind whose source
 * was deleted since has "//deleted" after its root: not one any more.) */
static bool self_bind(const ById *ids, size_t n, struct libmnt_fs *fs, const char *target) {
        ById key = {.id = mnt.fs_get_parent_id(fs)}, *p = bsearch(&key, ids, n, sizeof *ids, by_id);
        const char *pt, *pr, *root = mnt.fs_get_root(fs);

        if (!p || p->fs == fs || !root || mnt.fs_get_devno(p->fs) != mnt.fs_get_devno(fs))
                return false;
        pt = mnt.fs_get_target(p->fs);
        pr = mnt.fs_get_root(p->fs);
        if (!pt || !pr)
                return false;
        size_t ptl = strlen(pt), prl = strlen(pr);
        /* "/" is the empty prefix: every target is below it. */
        while (ptl > 0 && pt[ptl - 1] == '/')
                ptl--;
        while (prl > 0 && pr[prl - 1] == '/')
                prl--;
        if (strncmp(target, pt, ptl) != 0 || (target[ptl] != 0 && target[ptl] != '/'))
                return false;
        const char *rest = target + ptl; /* "" (stacked on the parent) or "/a/b" */
        if (prl == 0 && rest[0] == 0)
                return strcmp(root, "/") == 0;
        return strncmp(root, pr, prl) == 0 && strcmp(root + prl, rest) == 0;
}

typedef struct Bound {
        const char *root;
        size_t len;
        ById *ids;
        size_t n, n_allocated;
        void (*emit)(void *ctx, const char *path, PlatformBindKind kind);
        void *ctx;
        int r;
} Bound;

static bool index_fn(struct libmnt_fs *fs, void *ctx) {
        Bound *q = ctx;
        if (ARRAY_GROW(q->ids, q->n_allocated, q->n + 1) < 0) {
                q->r = -ENOMEM;
                return true;
        }
        q->ids[q->n++] = (ById){mnt.fs_get_id(fs), fs};
        return false;
}

static bool bound_fn(struct libmnt_fs *fs, void *ctx) {
        Bound *q = ctx;
        const char *t = mnt.fs_get_target(fs), *rel;
        unsigned kinds = kinds_of(fs);

        if (!kinds || !t || strncmp(t, q->root, q->len) != 0 || t[q->len] != '/' || !t[q->len + 1])
                return false;
        rel = t + q->len + 1;
        /* The narrowest kind it passes for: a protect of a masked path
         * clones the mask, and reads as the mask does. */
        if (kinds & (1u << PLATFORM_MASK_FILE))
                q->emit(q->ctx, rel, PLATFORM_MASK_FILE);
        else if (kinds & (1u << PLATFORM_MASK_DIR))
                q->emit(q->ctx, rel, PLATFORM_MASK_DIR);
        else if (self_bind(q->ids, q->n, fs, t))
                q->emit(q->ctx, rel, PLATFORM_PROTECT);
        return false;
}

int mountinfo_bound(FILE *f, const char *root,
                    void (*emit)(void *ctx, const char *path, PlatformBindKind kind), void *ctx) {
        Bound q = {.root = root, .len = strlen(root), .emit = emit, .ctx = ctx};
        struct libmnt_table *tb;
        int r;

        while (q.len > 0 && root[q.len - 1] == '/')
                q.len--;
        tb = parse(f, &r);
        if (!tb)
                return r;
        /* Every mount by id first, for the parents; then each, in the
         * table's order. */
        r = each_in(tb, index_fn, &q);
        if (r >= 0)
                r = q.r;
        if (r >= 0 && q.n > 0)
                qsort(q.ids, q.n, sizeof *q.ids, by_id);
        if (r >= 0)
                r = each_in(tb, bound_fn, &q);
        free(q.ids);
        mnt.unref_table(tb);
        return r;
}
