/* SPDX-License-Identifier: MIT */
/* The gitdirs below a checkout's own (.git/modules/NAME, nested) that no worktree names: protected with it.
 * Must not protect one that a checkout names (its own protection does), nor follow a symlink into one. */
#include "watch-internal.h"

#include "array.h"
#include "git-audit.h"

/*
 * A submodule's gitdir lives in the superproject's .git/modules/NAME (NAME
 * may hold slashes, and a submodule's own submodules are in
 * modules/NAME/modules/...). One that a checkout's .git file names is
 * protected as that checkout's. One that none names (the agent made it, or
 * the worktree went) is still what `git submodule update --init NAME` uses
 * next, with its config and hooks, in the guest or on the host: so every
 * such gitdir (a directory holding HEAD) is protected with the checkout
 * whose gitdir holds it, whenever that one is (protect_git), and a HEAD
 * or config appearing there later runs that checkout's rule again.
 */

/* How deep below modules/ a gitdir is looked for: NAME's components and
 * nested submodules together. */
#define MODULES_DEPTH 8
/* How many directories below modules/ one protection looks at: the agent
 * chooses how many there are. Past it, what is left is not protected, and
 * the checkout is not said to be. */
#define MODULES_MAX 4096

typedef struct Names {
        char **v;
        size_t n, size;
} Names;

static void name_add(void *ctx, const char *name) {
        Names *l = ctx;
        char *s = strdup(name);
        if (!s || ARRAY_GROW(l->v, l->size, l->n + 1) < 0) {
                free(s);
                return;
        }
        l->v[l->n++] = s;
}

static void names_free(Names *l) {
        for (size_t i = 0; i < l->n; i++)
                free(l->v[i]);
        free(l->v);
}

static bool is_dir(Watch *w, const char *p) {
        return check_dir(w, p) == 0;
}

/* dir holds HEAD: a gitdir, as git's is_git_directory() needs first. */
static bool holds_head(Watch *w, const char *dir) {
        _cleanup_free_ char *head = path_join(dir, "HEAD");
        PlatformBindInfo info;
        return head && w->c.binder->check(w->binder, PLATFORM_PROTECT, head, &info) == 0 && info.regular;
}

static void protect_module(Watch *w, Checkout *c, const char *dir) {
        config_protect_dir(w, c, dir);
        if (w->stopping)
                return; /* config_final: the config files once more, nothing else */
        for (size_t i = 0; i < ELEMENTSOF(git_metadata_protected); i++) {
                if (!config_bound_name(w, git_metadata_protected[i]))
                        continue;
                _cleanup_free_ char *p = path_join(dir, git_metadata_protected[i]);
                if (p)
                        (void) bind_path(w, c, PLATFORM_PROTECT, p, true);
        }
        _cleanup_free_ char *hooks = path_join(dir, "hooks");
        if (w->c.git_config_audit)
                hooks_take_out(w, c, dir); /* not bound: taken out */
        else if (hooks)
                audit_hooks(w, c, hooks);
        /* A config written in place there (audit mode) is an event. */
        watch_dir(w, dir);
}

/* Every directory below dir (a modules/ directory, or one on the way to
 * a gitdir): a gitdir no checkout names is protected, and its own
 * modules/ looked into; anything else is a part of a NAME. */
static void walk(Watch *w, Checkout *c, const char *dir, unsigned depth, size_t *left) {
        Names l = {0};
        if (depth > MODULES_DEPTH || !w->c.files->list ||
            w->c.files->list(w->files, dir, name_add, &l) < 0) {
                names_free(&l);
                return;
        }
        for (size_t i = 0; i<l.n && * left> 0; i++) {
                _cleanup_free_ char *p = path_join(dir, l.v[i]);
                if (!p || !is_dir(w, p))
                        continue;
                if (--*left == 0) {
                        watch_warn(w, dir, E2BIG,
                                   "more directories below modules/ than the watcher looks at: the rest is "
                                   "not protected");
                        w->failures++;
                        break;
                }
                if (!holds_head(w, p)) {
                        walk(w, c, p, depth + 1, left);
                        continue;
                }
                if (!hashmap_contains(w->dirs, p))
                        protect_module(w, c, p);
                _cleanup_free_ char *m = path_join(p, "modules");
                if (m && is_dir(w, m))
                        walk(w, c, m, depth + 1, left);
        }
        names_free(&l);
}

void modules_protect(Watch *w, Checkout *c) {
        const char *dirs[] = {c->linked ? NULL : c->gitdir, c->commondir};
        size_t left = MODULES_MAX;
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++) {
                _cleanup_free_ char *m = dirs[d] ? path_join(dirs[d], "modules") : NULL;
                if (m && is_dir(w, m))
                        walk(w, c, m, 0, &left);
        }
}

/* rel (HEAD or config) appeared or changed in a directory below some
 * checkout's modules/: that checkout's rule runs again once git is done.
 * No allocation unless rel is such a name below modules/. */
void modules_event(Watch *w, const char *rel) {
        const char *slash = strrchr(rel, '/'), *name = slash ? slash + 1 : rel;
        if (!slash || (!streq(name, "HEAD") && !config_name(name)) || !strstr(rel, "/modules/") ||
            hashmap_size(w->dirs) == 0)
                return;
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                const char *dirs[] = {c->linked ? NULL : c->gitdir, c->commondir};
                for (size_t d = 0; d < ELEMENTSOF(dirs); d++) {
                        size_t n = dirs[d] ? strlen(dirs[d]) : 0;
                        if (!n || strncmp(rel, dirs[d], n) != 0 || strncmp(rel + n, "/modules/", 9) != 0)
                                continue;
                        /* Not in a gitdir a checkout names (a submodule's
                         * logs/HEAD at each of its commits): its own. */
                        _cleanup_free_ char *dir = strndup(rel, (size_t) (slash - rel));
                        for (char *s; dir && strlen(dir) > n + strlen("/modules"); *s = 0) {
                                if (hashmap_contains(w->dirs, dir))
                                        return;
                                s = strrchr(dir, '/');
                        }
                        /* A key there is taken out at once (audit mode),
                         * not when c's git is done: a git that sits in c
                         * would keep it live until the deadline. */
                        _cleanup_free_ char *mdir = strndup(rel, (size_t) (slash - rel));
                        if (dir && mdir && config_name(name) && w->c.git_config_audit) {
                                config_module_changed(w, c, mdir, name);
                                watch_dir(w, mdir); /* its writes in place too */
                        }
                        if (dir && !c->pending)
                                start_pending(w, c);
                        return;
                }
        }
}
