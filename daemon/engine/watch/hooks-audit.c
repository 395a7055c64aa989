/* SPDX-License-Identifier: MIT */
/* Audit mode's hooks/ (not bound): every entry git may run that is not git's own, renamed where git never
 * looks. Must not follow, open for writing, chmod or delete an entry, nor log a hook's content. */
#include "watch-internal.h"

#include "git-audit.h"

/*
 * In audit mode (--git-config audit) a checkout's hooks/ is not bound, so
 * that git's own deletes and templates work as in a plain directory (an
 * rm -rf of a checkout, a git init over a removed .git). What would make
 * git run a program is taken out instead, as a config key is: at
 * protection, and at every event in hooks/ (a name made, renamed in,
 * written in place), each entry that is not git's own is renamed, in
 * hooks/, to NAME.pathpolicy-removed (RENAME_NOREPLACE, ".N" or a random
 * part when taken),
 * a name git never runs: nothing the agent wrote is lost, and a symlink or
 * a hard link is renamed, never followed nor changed. git's own: its
 * samples by name, git-lfs's hooks by their whole content (a regular file
 * with one link). Every other entry goes, whatever its mode or name: git
 * runs an entry by its name if it is executable, a chmod makes no event
 * here, and a newer git (on the host) knows names this one does not.
 *
 * A git-lfs hook is written in one write after its creation: one found
 * empty is looked at again at its write, and at the latest after
 * HOOKS_SETTLE_MS (an empty hook runs nothing), then taken out unless it
 * is git-lfs's by then.
 *
 * A hooks that is no directory (a symlink to a directory of hooks, a
 * file) is itself renamed the same way.
 */

#define HOOKS_SETTLE_MS 200
#define SET_ASIDE ".pathpolicy-removed"

/* What set_aside made of a name, or an entry already set aside. */
static bool set_aside_name(const char *name) {
        return strstr(name, SET_ASIDE) != NULL;
}

typedef enum Verdict {
        KEEP,
        SETTLE, /* an empty file named as git-lfs's hooks: its write is coming */
        TAKE_OUT,
} Verdict;

static Verdict judge(Watch *w, const char *hooks, const char *name, bool settled) {
        if (set_aside_name(name) || git_audit_hook_is_sample(name))
                return KEEP;
        _cleanup_free_ char *path = path_join(hooks, name), *buf = NULL;
        /* Bound by us: a policy's own .git/hooks/NAME line (read-only in
         * both modes), or a hook masked already (take_out). */
        if (path && is_bound(w, path))
                return KEEP;
        if (!git_audit_hook_lfs_name(name) || !w->c.files->read_all)
                return TAKE_OUT;
        PlatformBindInfo info;
        size_t n = 0;
        /* read_all refuses a symlink; a second link could be written
         * unseen. */
        if (!path || w->c.binder->check(w->binder, PLATFORM_PROTECT, path, &info) < 0 || !info.regular ||
            info.nlink > 1 || w->c.files->read_all(w->files, path, 4096, &buf, &n) < 0)
                return TAKE_OUT;
        if (git_audit_hook_is_lfs(name, buf, n))
                return KEEP;
        return n == 0 && !settled ? SETTLE : TAKE_OUT;
}

/* One record: list (count names) taken out of hooks, renamed to "to"
 * (NULL: several, each NAME.pathpolicy-removed[.N]); or not (why). */
static void said(Watch *w, const char *checkout, const char *hooks, const char *list, size_t count,
                 const char *action, const char *to, const char *why) {
        const LogField *f = LOG_FIELDS(
                LOG_PATH("checkout", checkout), LOG_PATH("path", hooks), LOG_PATH("hooks", list),
                LOG_INT("count", count), LOG_SHOW("list", list), LOG_STR("action", action),
                LOG_PATH("renamed", to ? to : "NAME" SET_ASIDE), LOG_STR("reason", why ? why : ""));
        if (streq(action, "removed"))
                log_event(
                        w->c.log, LOG_WARN, "git-audit", f,
                        "path policy: nested checkout {checkout}: {path} held hooks that are not git's own: "
                        "{list}: taken out (renamed to {renamed}, which git never runs)");
        else
                log_event(w->c.log, LOG_ERROR, "git-audit", f,
                          "path policy: nested checkout {checkout}: {path} holds hooks that are not git's "
                          "own: "
                          "{list}: NOT taken out ({reason}; %s)",
                          streq(action, "masked") ? "masked: git finds no hook there it can run"
                                                  : "git may run it");
}

/* Rename dir/name aside (its new name into to): 1 done, 0 gone
 * meanwhile; else said, the failure counted (a protection with it is not
 * said to hold). An entry of hooks/ (dir) that cannot be renamed (a
 * hooks/ the daemon cannot write) fails closed: /dev/null bound over a
 * regular file, which git does not run (no x bit), and over anything else
 * (a symlink cannot be bound over) an empty directory over the whole
 * hooks/. A hooks itself (in_hooks false) that cannot be renamed is
 * only said. */
static int take_out(Watch *w, const Checkout *c, const char *checkout, const char *dir, const char *name,
                    bool in_hooks, char to[static NAME_MAX + 1]) {
        int r = w->c.files->set_aside
                        ? w->c.files->set_aside(w->files, dir, name, SET_ASIDE, to, NAME_MAX + 1)
                        : -ENOSYS;
        if (r >= 0 || r == -ENOENT)
                return r >= 0;
        _cleanup_free_ char *path = path_join(dir, name);
        PlatformBindInfo info;
        bool masked = false;
        if (path && c && in_hooks && !w->c.binder->warn_only) {
                bool regular =
                        w->c.binder->check(w->binder, PLATFORM_PROTECT, path, &info) == 0 && info.regular;
                masked = bind_path(w, c, regular ? PLATFORM_MASK_FILE : PLATFORM_MASK_DIR,
                                   regular ? path : dir, true) > 0;
        }
        said(w, checkout, dir, name, 1, masked ? "masked" : "none", NULL, strerror(-r));
        if (!masked)
                w->failures++;
        return -1;
}

typedef struct Listing {
        Watch *w;
        const Checkout *c;
        const char *hooks;
        NameSample out;
        char to[NAME_MAX + 1]; /* the last new name */
} Listing;

static void settle_later(Watch *w, const char *checkout, const char *hooks, const char *name);

static void listed(void *ctx, const char *name) {
        Listing *l = ctx;
        Verdict v = judge(l->w, l->hooks, name, false);
        if (v == SETTLE)
                settle_later(l->w, l->c->path, l->hooks, name);
        else if (v == TAKE_OUT && take_out(l->w, l->c, l->c->path, l->hooks, name, true, l->to) > 0) {
                if (l->out.count++ < NAME_SAMPLE_MAX)
                        audit_emit(&l->out.list, name);
        }
}

void hooks_take_out(Watch *w, const Checkout *c, const char *gitdir) {
        _cleanup_free_ char *hooks = path_join(gitdir, "hooks"), *shown = NULL;
        char to[NAME_MAX + 1];
        if (!hooks)
                return;
        int r = check_dir(w, hooks);
        if (r == -ELOOP || r == -ENOTDIR) {
                /* Whatever it points at or is, git would look there. */
                if (take_out(w, c, c->path, gitdir, "hooks", false, to) > 0)
                        said(w, c->path, gitdir, "hooks", 1, "removed", to, NULL);
                return;
        }
        if (r < 0 || !w->c.files->list)
                return;
        watch_dir(w, hooks);
        Listing l = {.w = w, .c = c, .hooks = hooks};
        (void) w->c.files->list(w->files, hooks, listed, &l);
        if (!l.out.list)
                return;
        if (l.out.count > NAME_SAMPLE_MAX &&
            asprintf(&shown, "%s and %zu more", l.out.list, l.out.count - NAME_SAMPLE_MAX) < 0)
                shown = NULL;
        said(w, c->path, hooks, shown ? shown : l.out.list, l.out.count, "removed",
             l.out.count == 1 ? l.to : NULL, NULL);
        free(l.out.list);
}

/* hooks/name of checkout (its path: the record's) looked at again; settled:
 * no more waiting for a write. */
static void entry(Watch *w, const Checkout *c, const char *checkout, const char *hooks, const char *name,
                  bool settled) {
        char to[NAME_MAX + 1];
        Verdict v = judge(w, hooks, name, settled);
        if (v == SETTLE)
                settle_later(w, checkout, hooks, name);
        else if (v == TAKE_OUT && take_out(w, c, checkout, hooks, name, true, to) > 0) {
                /* The first of an interval said at once, the rest counted
                 * (hooks-added.c): a flood of names is the agent's. */
                if (c)
                        hooks_added(w, c, hooks, name, to);
                else
                        said(w, checkout, hooks, name, 1, "removed", to, NULL);
        }
}

/* ---- an empty git-lfs name: its write awaited ---- */

static void settle_later(Watch *w, const char *checkout, const char *hooks, const char *name) {
        _cleanup_free_ char *path = path_join(hooks, name);
        if (!path || hashmap_contains(w->hooks_settle, path))
                return;
        char *v = strdup(checkout);
        if (!v || hashmap_put(w->hooks_settle, path, v) < 0) {
                free(v);
                /* Without memory to wait, judged now. */
                char to[NAME_MAX + 1];
                if (take_out(w, NULL, checkout, hooks, name, true, to) > 0)
                        said(w, checkout, hooks, name, 1, "removed", to, NULL);
                return;
        }
        if (!w->c.clock->timer_active(w->hooks_settle_timer))
                w->c.clock->timer_start(w->hooks_settle_timer, HOOKS_SETTLE_MS, 0);
}

void hooks_settle_cb(void *userdata) {
        Watch *w = userdata;
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->hooks_settle, &i, &key, &v);) {
                _cleanup_free_ char *path = strdup(key), *checkout = v;
                hashmap_remove(w->hooks_settle, key);
                char *slash = path ? strrchr(path, '/') : NULL;
                if (!slash)
                        continue;
                *slash = 0;
                entry(w, hashmap_get(w->checkouts, checkout), checkout, path, slash + 1, true);
        }
}

void hooks_settle_forget(Watch *w) {
        const char *key;
        void *v;
        for (size_t i = 0; w->hooks_settle && hashmap_next(w->hooks_settle, &i, &key, &v);)
                free(v);
        hashmap_free(w->hooks_settle);
        w->hooks_settle = NULL;
}

/* A git ran in c (its index written): a hook kept as git-lfs's may have
 * been written since through a name made elsewhere or a shared mapping,
 * which makes no event in hooks/. Looked at again, as config is
 * (config_index_written). */
void hooks_index_written(Watch *w, Checkout *c) {
        if (!w->c.git_config_audit || c->pending || !c->gitdir)
                return;
        const char *dirs[] = {c->linked ? NULL : c->gitdir, c->commondir};
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++)
                if (dirs[d])
                        hooks_take_out(w, c, dirs[d]);
}

/* ---- events ---- */

/* The protected checkout whose gitdir or common dir is gd, or one of
 * whose submodule gitdirs (below modules/, holding HEAD) it is. */
static Checkout *owner(Watch *w, const char *gd) {
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if ((!c->linked && streq_ptr(c->gitdir, gd)) || streq_ptr(c->commondir, gd))
                        return c;
        }
        if (!strstr(gd, "/modules/"))
                return NULL;
        _cleanup_free_ char *head = path_join(gd, "HEAD");
        PlatformBindInfo info;
        if (!head || w->c.binder->check(w->binder, PLATFORM_PROTECT, head, &info) < 0 || !info.regular)
                return NULL;
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                const char *dirs[] = {c->linked ? NULL : c->gitdir, c->commondir};
                for (size_t d = 0; d < ELEMENTSOF(dirs); d++) {
                        size_t n = dirs[d] ? strlen(dirs[d]) : 0;
                        if (n && strncmp(gd, dirs[d], n) == 0 && strncmp(gd + n, "/modules/", 9) == 0)
                                return c;
                }
        }
        return NULL;
}

void hooks_event(Watch *w, const char *rel) {
        if (!w->c.git_config_audit || hashmap_size(w->dirs) == 0)
                return;
        const char *slash = strrchr(rel, '/');
        if (!slash)
                return;
        const char *name = slash + 1, *up = slash;
        while (up > rel && up[-1] != '/')
                up--;
        bool in_hooks = (size_t) (slash - up) == 5 && strncmp(up, "hooks", 5) == 0 && up > rel;
        if (!in_hooks && !streq(name, "hooks"))
                return;
        /* The gitdir: above hooks/ for an entry, above hooks itself. This
         * runs for every name in any directory called hooks (a project's
         * src/hooks/ too): no allocation, no walk over the checkouts,
         * unless it is a gitdir's. */
        char gd[PATH_MAX];
        size_t gl = (size_t) ((in_hooks ? up - 1 : slash) - rel);
        if (gl >= sizeof gd)
                return;
        memcpy(gd, rel, gl);
        gd[gl] = 0;
        if (!hashmap_contains(w->dirs, gd) && !strstr(gd, "/modules/"))
                return;
        Checkout *c = owner(w, gd);
        if (!c || c->pending)
                return; /* protection looks at it once git is done */
        if (!in_hooks) {
                hooks_take_out(w, c, gd);
                return;
        }
        _cleanup_free_ char *hooks = path_join(gd, "hooks");
        if (hooks)
                entry(w, c, c->path, hooks, name, false);
}
