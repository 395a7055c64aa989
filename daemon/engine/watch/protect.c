/* SPDX-License-Identifier: MIT */
/* Protection of a checkout's git metadata once git is done, and the audit of what was frozen.
 * Must not log a value (of a config key, of a hook), nor say protected unless every bind held. */
#include "watch-internal.h"

#include "git-audit.h"

/* The git metadata protected in a repository's own gitdir, beyond the
 * policy's own .git lines (spec: the host's read-only git-dir mount covers
 * only the root's, so the watcher applies these), and in the common dir of
 * a linked worktree. A linked worktree's admin dir (.git/worktrees/wt)
 * holds nothing of these that git reads (config, hooks and info/ come from
 * the common dir) and files git must delete (commondir, gitdir, HEAD):
 * nothing in it is bound, and its config.worktree is audited instead.
 * The lists are the core's (git-audit.h): the judge reads them too. */

void audit_emit(void *ctx, const char *name) {
        char **list = ctx;
        if (git_audit_hook_is_sample(name))
                return;
        char *s = NULL;
        if (asprintf(&s, "%s%s%s", *list ? *list : "", *list ? ", " : "", name) >= 0) {
                free(*list);
                *list = s;
        }
}

void sample_add(void *ctx, const char *name) {
        NameSample *s = ctx;
        if (git_audit_hook_is_sample(name))
                return;
        /* Past the sample only counted: a directory of 20,000 names is no
         * record of 20,000 names, nor a list copied 20,000 times. */
        if (s->count++ < NAME_SAMPLE_MAX)
                audit_emit(&s->list, name);
}

/* A hooks directory's listing: git's samples by name, git-lfs's hooks by
 * their whole content (git_audit_hook_is_lfs: what a clone gets with
 * git-lfs installed the usual way) are git's own; the rest sampled. */
typedef struct HooksListing {
        NameSample s;
        Watch *w;
        const char *dir;
} HooksListing;

static void hooks_listed(void *ctx, const char *name) {
        HooksListing *h = ctx;
        _cleanup_free_ char *path = path_join(h->dir, name), *buf = NULL;
        size_t n = 0;
        if (path && git_audit_hook_lfs_name(name) && h->w->c.files->read_all &&
            h->w->c.files->read_all(h->w->files, path, 4096, &buf, &n) >= 0 &&
            git_audit_hook_is_lfs(name, buf, n))
                return;
        sample_add(&h->s, name);
}

void audit_hooks(Watch *w, const Checkout *c, const char *hooks) {
        _cleanup_free_ char *shown = NULL;
        HooksListing h = {.w = w, .dir = hooks};
        NameSample s = {0};
        int r = w->c.files->list ? w->c.files->list(w->files, hooks, hooks_listed, &h) : -ENOSYS;
        s = h.s;
        if (r < 0 || !s.list) {
                free(s.list);
                return;
        }
        if (s.count > NAME_SAMPLE_MAX &&
            asprintf(&shown, "%s and %zu more", s.list, s.count - NAME_SAMPLE_MAX) < 0)
                shown = NULL;
        log_event(w->c.log, LOG_WARN, "git-audit",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", hooks),
                             LOG_PATH("hooks", s.list), LOG_INT("count", s.count),
                             LOG_SHOW("list", shown ? shown : s.list)),
                  "path policy: nested checkout {checkout}: {path} holds hooks that are not git's own "
                  "samples: "
                  "{list}");
        free(s.list);
}

/* What was frozen: the hooks that are not git's. Names only, never
 * contents (the config files were looked at before their binds:
 * config_protect). In audit mode, nothing frozen: taken out. */
static void audit_gitdirs(Watch *w, const Checkout *c) {
        const char *dirs[] = {c->gitdir, c->commondir};
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++) {
                _cleanup_free_ char *h = dirs[d] ? path_join(dirs[d], "hooks") : NULL;
                if (h && w->c.git_config_audit) {
                        /* Not bound: what git would run is taken out. A
                         * linked worktree's admin dir holds none git reads. */
                        if (!(d == 0 && c->linked))
                                hooks_take_out(w, c, dirs[d]);
                } else if (h)
                        audit_hooks(w, c, h);
        }
}

/* A bind protects a name, not an inode: a hard link, or a descriptor
 * opened before the bind (an agent that ran git clone itself can hold one
 * on every config git makes), could still write the file after it. So the
 * file is first replaced by a copy of itself (renew), whatever its link
 * count, and a link count still above one after the bind (a link made in
 * between) is said. A write that gets in anyway (a descriptor opened in
 * the microseconds between the copy and the bind) is taken out when it
 * comes (config_changed). */
static void protect_file(Watch *w, Checkout *c, const char *p) {
        PlatformBindInfo info;
        bool fresh = !bound_at(w, p);
        if (fresh && w->c.files->renew && w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) == 0 &&
            info.regular)
                (void) w->c.files->renew(w->files, p);
        if (fresh)
                config_bound_fresh(w, p);
        if (bind_path(w, c, PLATFORM_PROTECT, p, true) <= 0 ||
            w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) < 0 || !info.regular ||
            info.nlink <= 1)
                return;
        log_event(
                w->c.log, LOG_WARN, "hardlink",
                LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", p), LOG_INT("nlink", info.nlink)),
                "path policy: protected {path} in nested checkout {checkout} has {nlink} hard links: it can "
                "still "
                "be written by another name");
        w->failures++;
}

static void protect_dir(Watch *w, Checkout *c, const char *dir, const char *const *names, size_t n) {
        for (size_t i = 0; i < n; i++) {
                if (!config_bound_name(w, names[i]))
                        continue;
                _cleanup_free_ char *p = path_join(dir, names[i]);
                if (p)
                        protect_file(w, c, p);
        }
}

void protect_git(Watch *w, Checkout *c, const char *reason) {
        c->pending = false;
        w->n_pending--;
        drop_makers(c);
        unsigned failures = w->failures;
        size_t mounts = w->mounts; /* none new, found again after lost events: not news */
        /* Where git finds its metadata now, not where it was at discovery;
         * the metadata first (config, hooks: the window after git is the
         * time to these binds), then the policy's protects in the worktree,
         * held back while git ran. */
        (void) resolve_git(w, c);
        if (!c->gitdir) {
                bind_actions(w, c, true);
                return; /* gitdir-refused said why */
        }
        /* The audit list's keys out of the config files first, in every
         * mode: what landed in the window after git is not frozen in. */
        config_protect(w, c);
        if (!c->linked)
                protect_dir(w, c, c->gitdir, git_metadata_protected, ELEMENTSOF(git_metadata_protected));
        /* The policy's own lines under .git, onto this gitdir; in a linked
         * worktree onto its common dir, where git reads them (the admin
         * dir's own files are git's to delete). */
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (!is_git_entry(a->path) || a->kind != PLATFORM_PROTECT || !a->path[4] ||
                    !config_bound_name(w, a->path + 5))
                        continue;
                const char *dir = !c->linked                     ? c->gitdir
                                  : git_common_name(a->path + 5) ? c->commondir
                                                                 : NULL;
                _cleanup_free_ char *p = dir ? path_join(dir, a->path + 5) : NULL;
                if (p)
                        protect_file(w, c, p);
        }
        /* A linked worktree shares config, hooks and info/ with its common
         * dir. */
        if (c->commondir)
                protect_dir(w, c, c->commondir, git_common_metadata_protected,
                            ELEMENTSOF(git_common_metadata_protected));
        /* The submodules' gitdirs no worktree names (those named are
         * their checkouts'). */
        modules_protect(w, c);
        bind_actions(w, c, true);
        audit_gitdirs(w, c);
        index_work(w, c);
        /* From now on a hook can only appear by a way around the bind, and
         * info/attributes only by being made: watch both. */
        const char *dirs[] = {c->linked ? NULL : c->gitdir, c->commondir};
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++)
                for (size_t i = 0; dirs[d] && i < 2; i++) {
                        _cleanup_free_ char *p = path_join(dirs[d], i == 0 ? "hooks" : "info");
                        if (p && check_dir(w, p) == 0)
                                watch_dir(w, p);
                }

        unsigned failed = w->failures - failures;
        const LogField *f = LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("gitdir", c->gitdir),
                                       LOG_PATH("commondir", c->commondir), LOG_STR("reason", reason));
        if (w->c.binder->warn_only)
                log_event(w->c.log, LOG_INFO, "git-protected", f,
                          "path policy: checked the git metadata of nested checkout {checkout} ({reason}): "
                          "nothing "
                          "can be protected on this platform");
        else if (failed > 0)
                /* Never "protected" unless it is: each failure is a
                 * record of its own, and this says what it means. */
                log_event(
                        w->c.log, LOG_WARN, "git-unprotected",
                        LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("gitdir", c->gitdir),
                                   LOG_PATH("commondir", c->commondir), LOG_STR("reason", reason),
                                   LOG_INT("failed", failed)),
                        "path policy: the git metadata of nested checkout {checkout} is NOT fully protected "
                        "({reason}): {failed} path(s) could not be bound");
        else {
                w->stats.git_protected++;
                log_event(
                        w->c.log, c->refound && w->mounts == mounts ? LOG_DEBUG : LOG_INFO, "git-protected",
                        f,
                        "path policy: protected the git metadata of nested checkout {checkout} ({reason})");
        }
}
