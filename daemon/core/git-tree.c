/* SPDX-License-Identifier: MIT */
/*
 * A tree object of index entries, as git write-tree makes it
 * (git-index.h): entries added in the index's order, each directory
 * closed into its parent as the next name leaves it, the root's id last.
 */
#include "git-index.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "util.h"

/* A directory open: its name in its parent, its entries so far. */
typedef struct TreeLevel {
        char *name;
        size_t name_n, name_cap;
        uint8_t *buf;
        size_t n, cap;
} TreeLevel;

struct GitTree {
        GitHashAlgo algo;
        TreeLevel *lv; /* lv[0] the root, lv[depth - 1] the deepest open */
        size_t depth, allocated;
};

/* Room for need levels, the new ones empty. */
static int tree_grow(GitTree *t, size_t need) {
        size_t old = t->allocated;
        if (ARRAY_GROW(t->lv, t->allocated, need) < 0)
                return -ENOMEM;
        memset(t->lv + old, 0, (t->allocated - old) * sizeof *t->lv);
        return 0;
}

GitTree *git_tree_new(GitHashAlgo algo) {
        GitTree *t = calloc(1, sizeof *t);
        if (!t)
                return NULL;
        t->algo = algo;
        if (tree_grow(t, 1) < 0) {
                free(t);
                return NULL;
        }
        t->depth = 1;
        return t;
}

void git_tree_free(GitTree *t) {
        if (!t)
                return;
        for (size_t i = 0; i < t->allocated; i++) {
                free(t->lv[i].name);
                free(t->lv[i].buf);
        }
        free(t->lv);
        free(t);
}

/* "<mode> <name>\0<id>" at the end of l */
static int tree_put(GitTree *t, TreeLevel *l, uint32_t mode, const char *name, size_t name_n,
                    const uint8_t *oid) {
        char m[16], *e = m + sizeof m, *d = e; /* "%o ", by hand: this runs for every entry */
        *--d = ' ';
        do
                *--d = (char) ('0' + (mode & 7));
        while ((mode >>= 3) && d > m);
        size_t k = (size_t) (e - d);
        if (ARRAY_GROW(l->buf, l->cap, l->n + k + name_n + 1 + (size_t) t->algo) < 0)
                return -ENOMEM;
        uint8_t *q = mempcpy(l->buf + l->n, d, k);
        q = mempcpy(q, name, name_n);
        *q++ = 0;
        q = mempcpy(q, oid, (size_t) t->algo);
        l->n = (size_t) (q - l->buf);
        return 0;
}

/* Close every directory deeper than depth: each a tree in its parent. */
static int tree_close_to(GitTree *t, size_t depth) {
        while (t->depth > depth) {
                TreeLevel *l = &t->lv[t->depth - 1];
                uint8_t oid[32];
                git_object_oid(t->algo, "tree", l->buf, l->n, oid);
                int r = tree_put(t, &t->lv[t->depth - 2], 040000, l->name, l->name_n, oid);
                if (r < 0)
                        return r;
                t->depth--;
        }
        return 0;
}

static int tree_open(GitTree *t, const char *name, size_t name_n) {
        if (tree_grow(t, t->depth + 1) < 0)
                return -ENOMEM;
        TreeLevel *l = &t->lv[t->depth];
        if (l->name_cap < name_n + 1) {
                char *nm = realloc(l->name, name_n + 1);
                if (!nm)
                        return -ENOMEM;
                l->name = nm;
                l->name_cap = name_n + 1;
        }
        memcpy(l->name, name, name_n);
        l->name_n = name_n;
        l->n = 0;
        t->depth++;
        return 0;
}

int git_tree_add(GitTree *t, const char *path, uint32_t mode, const uint8_t *oid) {
        size_t d = 1; /* lv[d] the next directory of path's to match */
        int r;
        for (const char *slash; (slash = strchr(path, '/')); path = slash + 1) {
                size_t k = (size_t) (slash - path);
                if (k == 0)
                        return -EINVAL;
                if (d < t->depth && t->lv[d].name_n == k && memcmp(t->lv[d].name, path, k) == 0) {
                        d++;
                        continue;
                }
                if ((r = tree_close_to(t, d)) < 0 || (r = tree_open(t, path, k)) < 0)
                        return r;
                d = t->depth;
        }
        if (!*path)
                return -EINVAL;
        if ((r = tree_close_to(t, d)) < 0)
                return r;
        return tree_put(t, &t->lv[d - 1], mode, path, strlen(path), oid);
}

int git_tree_finish(GitTree *t, uint8_t out[32]) {
        int r = tree_close_to(t, 1);
        if (r < 0)
                return r;
        git_object_oid(t->algo, "tree", t->lv[0].buf, t->lv[0].n, out);
        return 0;
}
