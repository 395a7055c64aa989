/* SPDX-License-Identifier: MIT */
/* Event dispatch: the backend's found, changed and gone, turned into discovery, binds and release.
 * Must not allocate for an entry that concerns no checkout: a scan calls it for every one. */
#include "watch-internal.h"

#include <strings.h>

#include "git-audit.h"

/* Let go of a Checkout (already out of checkouts): its counts, its makers,
 * what was said of its index. Its mounts are bound's (forget_below). */
static void checkout_free(Watch *w, Checkout *c) {
        moved_remember(w, c); /* renamed, it is found again: moved.c */
        if (c->pending || c->index_pending)
                w->n_pending--;
        forget_differs(w, c->path);
        index_forget(w, c);
        drop_makers(c);
        dir_unref(w, c->gitdir);
        dir_unref(w, c->commondir);
        (void) want_dir(w, c, NULL); /* letting go never fails */
        free(c->gitdir);
        free(c->commondir);
        free(c->path);
        free(c);
}

/* Whether nothing is at path now (a found reported from a listing read
 * before it went: a crawl reads a directory a step at a time). Its gone
 * event may be handled already; one that goes after this look comes
 * after it. */
static bool gone_now(Watch *w, const char *path) {
        PlatformFileId id;
        if (!path || !w->c.files->identity)
                return false;
        int r = w->c.files->identity(w->files, path, &id);
        return r == -ENOENT || r == -ENOTDIR;
}

/* A directory with a .git of its own (a directory, or a file naming the
 * gitdir): a checkout found, or found again. */
static void discover_checkout(Watch *w, const char *path, bool gitfile) {
        Checkout *c = hashmap_get(w->checkouts, path);
        if (c) {
                /* Seen again (a scan): where its metadata is may have
                 * changed meanwhile; a change runs the rule again. */
                c->gitfile = gitfile;
                if (resolve_git(w, c))
                        start_pending(w, c);
                return;
        }
        /* No .git any more: nothing would give back what is bound here
         * now (a second rm -rf would fail on the mask for good). */
        _cleanup_free_ char *dotgit = path_join(path, ".git");
        if (gone_now(w, dotgit))
                return;
        c = calloc(1, sizeof *c);
        if (!c || !(c->path = strdup(path)) || track_path(w, w->checkouts, path, c) < 0) {
                if (c)
                        free(c->path);
                free(c);
                watch_warn(w, path, ENOMEM, "cannot keep track of this nested checkout");
                return;
        }
        c->w = w;
        c->gitfile = gitfile;
        /* Found again after lost events: said at debug, and so are its
         * mounts found in place (bind_path_as, protect). */
        c->refound = hashmap_remove(w->refind, path) != NULL;
        log_event(w->c.log, c->refound ? LOG_DEBUG : LOG_INFO, "checkout",
                  LOG_FIELDS(LOG_PATH("checkout", c->path)),
                  "path policy: found nested checkout {checkout}");

        /* A .git file can be rewritten in place to name another gitdir. */
        if (gitfile)
                watch_dir(w, path);
        /* Masks now, for what exists; protects once git is done (its
         * metadata judged then too: pending first). */
        start_pending(w, c);
        (void) resolve_git(w, c);
        bind_actions(w, c, false);
        /* Renamed: the same gitdir keeps its state (protected at once). */
        if (!moved_take(w, c))
                config_pending(w, c);
}

/* Whether name, the first component below a gitdir or common dir, is
 * metadata the watcher binds: one appearing later runs the rule again. */
static bool metadata_name(const Watch *w, const char *name) {
        size_t n = strcspn(name, "/");
        static const char *const names[] = {"config", "hooks", "commondir", "config.worktree", "info"};
        for (size_t i = 0; i < ELEMENTSOF(names); i++)
                if (strlen(names[i]) == n && strncmp(names[i], name, n) == 0)
                        return true;
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const char *p = w->c.policy->actions[i].path;
                if (is_git_entry(p) && p[4] && strncmp(p + 5, name, n) == 0 &&
                    (p[5 + n] == 0 || p[5 + n] == '/'))
                        return true;
        }
        return false;
}

/* Whether name in dir (c's gitdir or common dir) holds metadata that
 * exists and is not bound: only then does the rule run again. An event
 * about what is bound already (git's own, still queued when protection
 * landed) changes nothing. */
static bool unbound_metadata(Watch *w, const Checkout *c, const char *dir, const char *name) {
        size_t n = strlen(name);
        /* What protect_git binds in dir: a repository's own gitdir, or a
         * linked worktree's common dir (never its admin dir). */
        bool own = !c->linked && streq_ptr(dir, c->gitdir), common = streq_ptr(dir, c->commondir);
        size_t nm = own      ? ELEMENTSOF(git_metadata_protected)
                    : common ? ELEMENTSOF(git_common_metadata_protected)
                             : 0;
        for (size_t i = 0; i < nm + w->c.policy->n; i++) {
                const char *m;
                if (i < nm)
                        m = own ? git_metadata_protected[i] : git_common_metadata_protected[i];
                else {
                        const PolicyAction *a = &w->c.policy->actions[i - nm];
                        if (!is_git_entry(a->path) || a->kind != PLATFORM_PROTECT || !a->path[4])
                                continue;
                        m = a->path + 5;
                        if (!own && !(common && c->linked && git_common_name(m)))
                                continue;
                }
                if (!config_bound_name(w, m))
                        continue; /* audit mode: config_changed */
                if (strncmp(m, name, n) != 0 || (m[n] != 0 && m[n] != '/'))
                        continue;
                _cleanup_free_ char *p = path_join(dir, m);
                PlatformBindInfo info;
                if (p && !bound_at(w, p) &&
                    w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) != -ENOENT)
                        return true;
        }
        return false;
}

/* Something happened at rel, in a gitdir or common dir of some checkouts
 * (or above one): those that are protected run the rule again, those whose
 * gitdir or common dir went or moved are resolved again. */
static void git_dir_event(Watch *w, const char *rel, bool gone) {
        const char *slash = strrchr(rel, '/');
        const char *name = slash ? slash + 1 : rel;
        char dir[PATH_MAX], gdir[PATH_MAX];
        size_t dl = slash ? (size_t) (slash - rel) : 0;
        const char *key;
        void *v;

        /* This runs for every entry of every scan: no allocation, and
         * nothing at all while no checkout has a gitdir. */
        if (hashmap_size(w->dirs) == 0 || dl >= sizeof dir)
                return;
        memcpy(dir, rel, dl);
        dir[dl] = 0;
        /* One level down: hooks/ (watched once protected: a hook that
         * appears after the bind came by a way around it) and info/. */
        const char *up = strrchr(dir, '/'), *sub = up ? up + 1 : NULL;
        gdir[0] = 0;
        if (up) {
                memcpy(gdir, dir, (size_t) (up - dir));
                gdir[up - dir] = 0;
        }
        bool in_sub = !gone && up && hashmap_contains(w->dirs, gdir) &&
                      ((streq(sub, "hooks") && !git_audit_hook_is_sample(name)) ||
                       (streq(sub, "info") && streq(name, "attributes")));
        bool in_dir = hashmap_contains(w->dirs, dir) && metadata_name(w, name);
        bool above = gone && (hashmap_contains(w->dirs, rel) || hashmap_contains(w->below, rel));
        bool in_index = !gone && streq(name, "index") && hashmap_contains(w->dirs, dir);
        bool head = !gone && streq(name, "HEAD") && hashmap_contains(w->dirs, dir);
        if (!in_dir && !above && !in_sub && !in_index && !head)
                return;
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (above && (path_under(c->gitdir, rel) || path_under(c->commondir, rel))) {
                        /* The directory went, even if another is at its
                         * name already (renamed away and made again): its
                         * binds went with it. Whatever is there now is new:
                         * watched again, and protected again. */
                        start_pending(w, c);
                        (void) resolve_git(w, c);
                        watch_dir(w, c->gitdir);
                        watch_dir(w, c->commondir);
                } else if (in_dir && (streq_ptr(c->gitdir, dir) || streq_ptr(c->commondir, dir))) {
                        if (streq(name, "commondir") && resolve_git(w, c))
                                start_pending(w, c);
                        else if (unbound_metadata(w, c, dir, name))
                                start_pending(w, c);
                        else if (config_name(name))
                                /* Written, or renamed into place: its keys
                                 * out where it is not bound (audit mode; a
                                 * linked worktree's own config.worktree, git's
                                 * to delete), said where it is (a descriptor
                                 * from before the bind). */
                                config_changed(w, c, dir, name);
                } else if (head && c->released && streq_ptr(c->gitdir, dir) && !gone_now(w, rel)) {
                        /* A repository again, after its mounts were given
                         * back: whatever is in it now is protected again.
                         * (A HEAD gone again: nothing would give them back.) */
                        c->released = false;
                        start_pending(w, c);
                        bind_actions(w, c, false);
                } else if (in_index && streq_ptr(c->gitdir, dir)) {
                        /* A git ran here: what decides where git looks (the
                         * .git file, commondir) is read again. A write
                         * through a second name or a shared mapping makes
                         * no event of its own, so it is not trusted to have
                         * stayed. */
                        if (resolve_git(w, c)) {
                                start_pending(w, c);
                                continue;
                        }
                        /* A git ran: a config written through a mapping
                         * or another name made no event of its own. */
                        config_index_written(w, c);
                        hooks_index_written(w, c);
                        index_written(w, c);
                } else if (in_sub && (streq_ptr(c->gitdir, gdir) || streq_ptr(c->commondir, gdir))) {
                        if (streq(sub, "info"))
                                start_pending(w, c); /* info/attributes made later: bind it */
                        else if (!c->pending && !w->c.git_config_audit)
                                hooks_added(w, c, dir, name, NULL); /* audit mode: hooks_event */
                }
        }
}

static void on_found(void *userdata, const char *rel, WatchType type) {
        Watch *w = userdata;
        const char *slash = strrchr(rel, '/'), *name = slash ? slash + 1 : rel;

        if ((w->c.fold_case ? strcasecmp(name, ".git") : strcmp(name, ".git")) == 0 && slash) {
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                if (!parent)
                        return;
                if (type == WATCH_SYMLINK && !hashmap_contains(w->bound, rel)) {
                        /* git follows it, so to git this is a checkout: its
                         * policy paths are bound like any other's. Its git
                         * metadata is not (it lies through a symlink), and
                         * resolve_git says so too. Kept as a bind that
                         * failed, so that it is said once (said again
                         * next time when there is no memory to keep it). */
                        Mount *m;
                        if (mount_new(w, rel, &m) >= 0)
                                *m = (Mount){.err = ELOOP, .step = PLATFORM_STEP_RESOLVE};
                        log_event(w->c.log, LOG_WARN, "symlink-git", LOG_FIELDS(LOG_PATH("path", rel)),
                                  "path policy: {path} is a symlink named .git: git follows it, the watcher "
                                  "does "
                                  "not; the checkout's policy paths are bound, its git metadata is not "
                                  "protected");
                }
                if (type == WATCH_DIR || type == WATCH_FILE || type == WATCH_SYMLINK)
                        discover_checkout(w, parent, type == WATCH_FILE);
        }

        /* A missing gitdir or common dir, or a directory on the way to it. */
        if (type == WATCH_DIR && hashmap_size(w->wanted) > 0 && hashmap_contains(w->wanted, rel)) {
                const char *key;
                void *v;
                bool resolved = false;
                for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                        Checkout *c = v;
                        if (streq_ptr(c->wanted, rel) && resolve_git(w, c)) {
                                start_pending(w, c);
                                resolved = true;
                        }
                }
                if (!resolved)
                        watch_dir(w, rel);
        }

        git_dir_event(w, rel, false);
        modules_event(w, rel);
        hooks_event(w, rel);
        config_event(w);
        /* An index written anywhere may be a linked checkout's, in a gitdir
         * its .git file names since a rewrite that made no event. */
        if (streq(name, "index"))
                recheck_all(w);

        /* Every checkout that holds rel, innermost or not: each is a root.
         * This runs for every entry of every scan: no allocation here. */
        if (hashmap_size(w->checkouts) == 0)
                return;
        char buf[PATH_MAX];
        size_t len = strlen(rel);
        if (len >= sizeof buf)
                return;
        memcpy(buf, rel, len + 1);
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                *s = 0;
                Checkout *c = hashmap_get(w->checkouts, buf);
                *s = '/';
                if (!c)
                        continue;
                recheck_checkout(w, c);
                const char *sub = rel + (s - buf) + 1;
                if ((w->c.fold_case ? strncasecmp(sub, ".git", 4) : strncmp(sub, ".git", 4)) == 0 &&
                    (sub[4] == 0 || sub[4] == '/'))
                        continue; /* git's own: git_dir_event */
                for (size_t i = 0; i < w->c.policy->n; i++) {
                        const PolicyAction *a = &w->c.policy->actions[i];
                        if (is_git_entry(a->path) || !entry_same_path_fold(a->path, sub, w->c.fold_case))
                                continue;
                        /* Masks never wait; a protect waits for git (see bind_actions). */
                        if (a->kind == PLATFORM_PROTECT && c->pending)
                                continue;
                        _cleanup_free_ char *as = path_join(c->path, a->path);
                        bind_path_as(w, c, a->kind, rel, as ? as : rel, false);
                }
        }
}

static void on_changed(void *userdata, const char *rel) {
        Watch *w = userdata;
        const char *slash = strrchr(rel, '/');

        recheck_holders(w, rel);
        config_event(w);
        if (streq(slash ? slash + 1 : rel, "index"))
                recheck_all(w);

        if (slash && streq(slash + 1, ".git")) {
                /* A .git file rewritten in place: follow it. */
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                Checkout *c = parent ? hashmap_get(w->checkouts, parent) : NULL;
                if (c && c->gitfile && resolve_git(w, c))
                        start_pending(w, c);
                return;
        }
        git_dir_event(w, rel, false);
        modules_event(w, rel);
        hooks_event(w, rel);
}

/* Forget rel and everything below it in map; free Checkouts with it. */
void forget_below(Watch *w, Hashmap *map, const char *rel, bool checkouts) {
        size_t n = strlen(rel);
        const char *key;
        void *v;

        /* Nothing tracked is rel or below it: the common case, at once. */
        if (n > 0 && !hashmap_contains(map, rel) && !hashmap_contains(w->below, rel))
                return;
        for (size_t i = 0; hashmap_next(map, &i, &key, &v);) {
                if (strncmp(key, rel, n) != 0 || (key[n] != 0 && key[n] != '/' && n > 0))
                        continue;
                _cleanup_free_ char *k = strdup(key);
                if (!k)
                        return;
                if (checkouts) {
                        untrack_path(w, map, k);
                        checkout_free(w, v);
                } else
                        mount_forget(w, k);
        }
}

static void on_gone(void *userdata, const char *rel) {
        Watch *w = userdata;
        const char *key;
        void *v;
        /* The rename of our own renew (a copy put over a file just before
         * its bind) is reported after the bind: the name is not gone, our
         * mount is on it. Nothing else can rename over a bound name. */
        /* A config's lock gone: our own rewrite's, or git's write refused
         * by a bound config (said). Nothing else to do for a lock. */
        if (config_lock_gone(w, rel))
                return;
        Mount *mine = w->n_made > 0 ? bound_at(w, rel) : NULL;
        if (mine && mount_in_place(w, rel, mine))
                return;
        forget_below(w, w->checkouts, rel, true);
        mount_forget_moved(w, rel);
        for (size_t i = 0; hashmap_size(w->former) > 0 && hashmap_next(w->former, &i, &key, &v);)
                if (path_under(key, rel))
                        hashmap_remove(w->former, key);
        /* Its .git gone: the directory is no checkout any more. What is
         * still bound in it is given back once nothing else is left. */
        const char *slash = strrchr(rel, '/');
        if (slash && streq(slash + 1, ".git")) {
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                Checkout *c = parent ? untrack_path(w, w->checkouts, parent) : NULL;
                if (c)
                        checkout_free(w, c);
                if (parent && binds_below(w, parent) && set_add(w->former, parent) < 0)
                        watch_warn(w, parent, ENOMEM, "cannot remember its mounts, to give them back later");
        }
        /* The copy our renew renamed over a file it then bound is no
         * content that went: a directory holding just that bind (a new
         * .git with only a config) is no leftover of a deletion. */
        const char *base = slash ? slash + 1 : rel;
        if (strncmp(base, PLATFORM_RENEW_PREFIX, strlen(PLATFORM_RENEW_PREFIX)) != 0)
                maybe_emptied(w, rel);
        else
                config_renew_gone(w, rel);
        /* A gitdir or common dir gone or renamed away, or a file in one. */
        git_dir_event(w, rel, true);
        recheck_holders(w, rel);
}

static void on_rescan(void *userdata) {
        Watch *w = userdata;
        log_event(w->c.log, LOG_WARN, "rescan", NULL,
                  "path policy: the watcher lost events (queue overflow): scanning everything again");
        /* Each checkout is forgotten (what happened to it is not known) and
         * found again as new, but what is the same is not said again: an
         * overflow every few seconds would say every checkout each time.
         * Bounded by the checkouts themselves. */
        const char *ck;
        void *cv;
        for (size_t i = 0; hashmap_next(w->refind, &i, &ck, &cv);)
                hashmap_remove(w->refind, ck);
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &ck, &cv);)
                (void) set_add(w->refind, ck); /* no memory: said again, as before */
        forget_below(w, w->checkouts, "", true);
        /* What was bound stays bound; what is still where it was made stays
         * ours, to give back (the rest, found again, is "already bound"). */
        mount_forget_moved(w, "");
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->former, &i, &key, &v);)
                hashmap_remove(w->former, key);
}

static void on_ready(void *userdata) {
        Watch *w = userdata;
        if (!w->c.backend) {
                log_event(w->c.log, LOG_INFO, "watch-ready",
                          LOG_FIELDS(LOG_INT("checkouts", hashmap_size(w->checkouts))),
                          "path policy: watching %s: {checkouts} nested checkout(s)", w->c.root);
                return;
        }
        log_event(w->c.log, LOG_INFO, "watch-ready",
                  LOG_FIELDS(LOG_INT("checkouts", hashmap_size(w->checkouts)),
                             LOG_STR("backend", w->c.backend),
                             LOG_STR("backend_why", w->c.backend_why ? w->c.backend_why : "")),
                  "path policy: watching %s: {checkouts} nested checkout(s) ({backend}: {backend_why})",
                  w->c.root);
}

static void on_warn(void *userdata, const char *rel, int err, const char *what) {
        watch_warn(userdata, rel, err, what);
}

static void on_blind(void *userdata, const char *rel, int err, const char *what) {
        watch_blind(userdata, rel, err, what);
}

static void on_pass(void *userdata, size_t entries, unsigned ticks) {
        Watch *w = userdata;
        log_event(w->c.log, LOG_DEBUG, "poll-pass",
                  LOG_FIELDS(LOG_INT("entries", entries), LOG_INT("ticks", ticks)),
                  "path policy: walked {entries} entries in {ticks} tick(s)");
}

const WatchCallbacks watch_callbacks = {
        .pass = on_pass,
        .found = on_found,
        .gone = on_gone,
        .changed = on_changed,
        .rescan = on_rescan,
        .ready = on_ready,
        .warn = on_warn,
        .mask_pending = watch_mask_pending,
        .mask_dir = watch_mask_dir,
        .open_denied = watch_open_denied,
        .blind = on_blind,
};
