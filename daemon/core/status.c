/* SPDX-License-Identifier: MIT */
#include "status.h"

#include <jansson.h>

#include "array.h"
#include "hashmap.h"
#include "record.h"
#include "util.h"

static const char *const git_table[_STATUS_GIT_MAX] = {
        [STATUS_GIT_NONE] = "none",
        [STATUS_GIT_DIR] = "directory",
        [STATUS_GIT_FILE] = "file",
        [STATUS_GIT_OTHER] = "other",
};

const char *status_git_to_string(StatusGit g) {
        return g >= 0 && g < _STATUS_GIT_MAX ? git_table[g] : NULL;
}

static void dotgit_done(StatusDotGit *d) {
        free(d->gitdir);
        free(d->commondir);
        *d = (StatusDotGit){0};
}

static void bind_done(StatusBind *b) {
        free(b->path);
}

Status *status_free(Status *s) {
        if (!s)
                return NULL;
        for (size_t i = 0; i < s->n_checkouts; i++) {
                StatusCheckout *c = &s->checkouts[i];
                for (size_t j = 0; j < c->n_binds; j++)
                        bind_done(&c->binds[j]);
                free(c->binds);
                free(c->path);
                dotgit_done(&c->dotgit);
        }
        free(s->checkouts);
        free(s);
        return NULL;
}

Status *status_new_unsupported(void) {
        return calloc(1, sizeof(Status));
}

int status_git_target(const char *buf, size_t n, bool gitfile, const char *base, const char *root_abs,
                      char **ret) {
        _cleanup_free_ char *v = NULL, *joined = NULL;

        if (gitfile) {
                if (n < 8 || memcmp(buf, "gitdir: ", 8) != 0)
                        return -EINVAL;
                buf += 8;
                n -= 8;
        }
        /* Only trailing LF and CR go: a space or a newline inside is part
         * of the name, as git reads it. */
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
                n--;
        if (n == 0 || memchr(buf, 0, n))
                return -EINVAL;
        if (!(v = strndup(buf, n)))
                return -ENOMEM;
        if (v[0] == '/') {
                size_t rl = strlen(root_abs);
                while (rl > 0 && root_abs[rl - 1] == '/')
                        rl--;
                if (strncmp(v, root_abs, rl) != 0 || v[rl] != '/')
                        return -EXDEV;
                joined = strdup(v + rl + 1);
        } else if (asprintf(&joined, "%s%s%s", base, base[0] ? "/" : "", v) < 0)
                joined = NULL;
        if (!joined)
                return -ENOMEM;
        /* NULL: above the root, the root itself (or out of memory, which
         * path_normalize does not tell apart; said as outside). */
        char *norm = path_normalize(joined);
        if (!norm)
                return -EXDEV;
        *ret = norm;
        return 0;
}

/* ---- grouping ---- */

/* A directory looked at: its .git, and the binds it holds once it is a
 * checkout that has any. */
typedef struct Dir {
        char *path; /* the key in Grouping.dirs */
        StatusDotGit dotgit;
        StatusBind *binds;
        size_t n_binds, n_binds_allocated;
} Dir;

static void dir_free(Dir *d) {
        if (!d)
                return;
        for (size_t i = 0; i < d->n_binds; i++)
                bind_done(&d->binds[i]);
        free(d->binds);
        free(d->path);
        dotgit_done(&d->dotgit);
        free(d);
}

typedef struct Grouping {
        const StatusProbe *probe;
        Hashmap *dirs;    /* path -> Dir, every directory looked at */
        Hashmap *gitdirs; /* a checkout's gitdir or common dir -> its Dir */
} Grouping;

/* The directory path[0..len), looked at once. */
static int look(Grouping *g, const char *path, size_t len, Dir **ret) {
        _cleanup_free_ char *p = strndup(path, len);
        Dir *d;
        int r;

        if (!p)
                return -ENOMEM;
        if ((d = hashmap_get(g->dirs, p))) {
                *ret = d;
                return 0;
        }
        if (!(d = calloc(1, sizeof *d)))
                return -ENOMEM;
        d->path = TAKE_PTR(p);
        if (g->probe->dotgit(g->probe->ctx, d->path, &d->dotgit) < 0)
                d->dotgit = (StatusDotGit){0};
        if ((r = hashmap_put(g->dirs, d->path, d)) < 0) {
                dir_free(d);
                return r;
        }
        *ret = d;
        return 0;
}

/* Where path is: the nearest directory strictly above it with a .git, or
 * the root. Above, not at: a bind at a checkout's own directory is a
 * policy path of the checkout around it. */
static int nearest(Grouping *g, const char *path, Dir **ret) {
        size_t len = strlen(path);
        for (;;) {
                while (len > 0 && path[len - 1] != '/')
                        len--;
                len = len > 0 ? len - 1 : 0; /* the parent, without its '/' */
                Dir *d;
                int r = look(g, path, len, &d);
                if (r < 0)
                        return r;
                if (d->dotgit.git != STATUS_GIT_NONE || len == 0) {
                        *ret = d;
                        return 0;
                }
        }
}

/* The checkout whose gitdir or common dir holds path (or is it), the
 * deepest such dir; NULL when none does. */
static Dir *git_owner(Grouping *g, const char *path) {
        _cleanup_free_ char *p = strdup(path);
        if (!p)
                return NULL;
        for (size_t len = strlen(p);;) {
                Dir *d = hashmap_get(g->gitdirs, p);
                if (d)
                        return d;
                while (len > 0 && p[len - 1] != '/')
                        len--;
                if (len == 0)
                        return NULL;
                p[--len] = 0;
        }
}

static int by_dir_path(const void *a, const void *b) {
        return strcmp((*(Dir *const *) a)->path, (*(Dir *const *) b)->path);
}

static int by_mount_path(const void *a, const void *b) {
        const StatusMount *x = *(const StatusMount *const *) a, *y = *(const StatusMount *const *) b;
        int c = strcmp(x->path, y->path);
        /* The narrowest kind first at one path: mask-file, mask-dir, protect. */
        return c ? c : (x->kind > y->kind) - (x->kind < y->kind);
}

static int by_bind_path(const void *a, const void *b) {
        return strcmp(((const StatusBind *) a)->path, ((const StatusBind *) b)->path);
}

/* Every checkout looked at, in path order: own gitdirs first, so that a
 * common dir that is some checkout's own gitdir stays that checkout's; a
 * common dir that is none's goes to the first linked worktree naming it. */
static int map_gitdirs(Grouping *g, Dir **sorted, size_t n) {
        for (int pass = 0; pass < 2; pass++)
                for (size_t i = 0; i < n; i++) {
                        const char *dir = pass == 0 ? sorted[i]->dotgit.gitdir : sorted[i]->dotgit.commondir;
                        if (!dir || hashmap_contains(g->gitdirs, dir))
                                continue;
                        int r = hashmap_put(g->gitdirs, dir, sorted[i]);
                        if (r < 0)
                                return r;
                }
        return 0;
}

static int add_bind(Grouping *g, Dir *owner, const StatusMount *m, bool git_metadata) {
        bool dir = m->kind == PLATFORM_MASK_DIR || (m->kind == PLATFORM_PROTECT && g->probe->is_dir &&
                                                    g->probe->is_dir(g->probe->ctx, m->path) > 0);
        if (ARRAY_GROW(owner->binds, owner->n_binds_allocated, owner->n_binds + 1) < 0)
                return -ENOMEM;
        StatusBind *b = &owner->binds[owner->n_binds];
        if (asprintf(&b->path, "%s%s", m->path, dir ? "/" : "") < 0)
                return -ENOMEM;
        b->kind = m->kind;
        b->git_metadata = git_metadata;
        owner->n_binds++;
        return 0;
}

static int build(Grouping *g, const StatusMount *m, size_t n, Status *s) {
        _cleanup_free_ const StatusMount **order = NULL;
        _cleanup_free_ Dir **owners = NULL, **dirs = NULL;
        size_t n_dirs = 0, n_unique = 0;
        int r;

        if (n > 0 && (!(order = calloc(n, sizeof *order)) || !(owners = calloc(n, sizeof *owners))))
                return -ENOMEM;
        for (size_t i = 0; i < n; i++)
                order[i] = &m[i];
        if (n > 0)
                qsort(order, n, sizeof *order, by_mount_path);
        /* One bind a path: stacked mounts at it are one, the narrowest
         * kind first (sorted so). */
        for (size_t i = 0; i < n; i++)
                if (n_unique == 0 || !streq(order[n_unique - 1]->path, order[i]->path))
                        order[n_unique++] = order[i];
        for (size_t i = 0; i < n_unique; i++)
                if ((r = nearest(g, order[i]->path, &owners[i])) < 0)
                        return r;

        /* Then the gitdirs of the checkouts that turned up. */
        if (!(dirs = calloc(hashmap_size(g->dirs) + 1, sizeof *dirs)))
                return -ENOMEM;
        const char *key;
        void *value;
        for (size_t it = 0; hashmap_next(g->dirs, &it, &key, &value);)
                if (((Dir *) value)->dotgit.git != STATUS_GIT_NONE)
                        dirs[n_dirs++] = value;
        if (n_dirs > 0)
                qsort(dirs, n_dirs, sizeof *dirs, by_dir_path);
        if ((r = map_gitdirs(g, dirs, n_dirs)) < 0)
                return r;
        for (size_t i = 0; i < n_unique; i++) {
                Dir *owner = git_owner(g, order[i]->path);
                if ((r = add_bind(g, owner ? owner : owners[i], order[i], owner != NULL)) < 0)
                        return r;
        }

        /* The checkouts with binds, by path (the root, "", first). */
        n_dirs = 0;
        for (size_t it = 0; hashmap_next(g->dirs, &it, &key, &value);)
                if (((Dir *) value)->n_binds > 0)
                        dirs[n_dirs++] = value;
        if (n_dirs > 0)
                qsort(dirs, n_dirs, sizeof *dirs, by_dir_path);
        if (n_dirs > 0 && !(s->checkouts = calloc(n_dirs, sizeof *s->checkouts)))
                return -ENOMEM;
        for (size_t i = 0; i < n_dirs; i++) {
                Dir *d = dirs[i];
                qsort(d->binds, d->n_binds, sizeof *d->binds, by_bind_path);
                s->checkouts[i] = (StatusCheckout){
                        .path = TAKE_PTR(d->path),
                        .dotgit = d->dotgit,
                        .binds = TAKE_PTR(d->binds),
                        .n_binds = d->n_binds,
                };
                d->dotgit = (StatusDotGit){0};
                d->n_binds = 0;
                s->n_binds += s->checkouts[i].n_binds;
                s->n_checkouts++;
        }
        return 0;
}

int status_group(const StatusMount *m, size_t n, const StatusProbe *probe, Status **ret) {
        Grouping g = {.probe = probe, .dirs = hashmap_new(), .gitdirs = hashmap_new()};
        Status *s = calloc(1, sizeof *s);
        int r = -ENOMEM;

        if (s && g.dirs && g.gitdirs) {
                s->supported = true;
                r = build(&g, m, n, s);
        }
        /* The Dirs whose path went to s are keyed by a copy the map made. */
        const char *key;
        void *value;
        for (size_t it = 0; g.dirs && hashmap_next(g.dirs, &it, &key, &value);)
                dir_free(value);
        hashmap_free(g.dirs);
        hashmap_free(g.gitdirs);
        if (r < 0) {
                status_free(s);
                return r;
        }
        *ret = s;
        return 0;
}

/* ---- JSON ---- */

/* A path as a log record puts one: as it is when it is UTF-8, else
 * escaped, with KEY_escaped: true. */
static int put_path(json_t *o, const char *key, const char *path) {
        _cleanup_free_ char *escaped = NULL;
        char flag[64];
        int k = log_path_escape(path, &escaped);

        if (k < 0)
                return k;
        if (json_object_set_new(o, key, json_string(k ? escaped : path)) < 0)
                return -ENOMEM;
        snprintf(flag, sizeof flag, "%s_escaped", key);
        if (k && json_object_set_new(o, flag, json_true()) < 0)
                return -ENOMEM;
        return 0;
}

static int put_path_or_null(json_t *o, const char *key, const char *path) {
        if (path)
                return put_path(o, key, path);
        return json_object_set_new(o, key, json_null()) < 0 ? -ENOMEM : 0;
}

static json_t *checkout_json(const StatusCheckout *c) {
        json_t *o = json_object(), *binds = json_array();
        bool ok = o && binds;

        ok = ok && put_path(o, "path", c->path[0] ? c->path : ".") >= 0 &&
             json_object_set_new(o, "nested", json_boolean(c->path[0] != 0)) >= 0 &&
             json_object_set_new(o, "git", json_string(status_git_to_string(c->dotgit.git))) >= 0 &&
             put_path_or_null(o, "gitdir", c->dotgit.gitdir) >= 0 &&
             put_path_or_null(o, "commondir", c->dotgit.commondir) >= 0;
        for (size_t i = 0; ok && i < c->n_binds; i++) {
                json_t *b = json_object();
                ok = b && json_array_append_new(binds, b) >= 0 &&
                     put_path(b, "path", c->binds[i].path) >= 0 &&
                     json_object_set_new(b, "kind",
                                         json_string(platform_bind_kind_to_string(c->binds[i].kind))) >= 0 &&
                     json_object_set_new(b, "git_metadata", json_boolean(c->binds[i].git_metadata)) >= 0;
        }
        if (ok && json_object_set_new(o, "binds", binds) >= 0)
                return o;
        if (!ok)
                json_decref(binds);
        json_decref(o);
        return NULL;
}

int status_to_json(const Status *s, const char *root_abs, json_t **ret) {
        json_t *o = json_object(), *checkouts = json_array();
        bool ok = o && checkouts && put_path(o, "root", root_abs) >= 0 &&
                  json_object_set_new(o, "mounts_supported", json_boolean(s->supported)) >= 0 &&
                  json_object_set_new(o, "bind_count", json_integer((json_int_t) s->n_binds)) >= 0;

        for (size_t i = 0; ok && i < s->n_checkouts; i++) {
                json_t *c = checkout_json(&s->checkouts[i]);
                ok = c && json_array_append_new(checkouts, c) >= 0;
        }
        if (ok && json_object_set_new(o, "checkouts", checkouts) >= 0) {
                *ret = o;
                return 0;
        }
        if (!ok)
                json_decref(checkouts);
        json_decref(o);
        return -ENOMEM;
}
