/* SPDX-License-Identifier: MIT */
/* Binding one path for a checkout, and the Mount record kept for each path bound or tried.
 * Must not decide what to bind or when (events.c, protect.c), nor make a mount it cannot record. */
#include "watch-internal.h"

/* The mount budget: git metadata may spend all of it, the policy's own
 * paths all but a fifth, so that thousands of checkouts full of .env files
 * cannot leave none for the config and hooks that decide what git runs. */
static bool over_budget(Watch *w, const Checkout *c, const char *path, bool metadata) {
        size_t budget = w->c.mount_budget;
        if (budget == 0 || w->mounts < (metadata ? budget : budget - budget / 5))
                return false;
        if (!w->budget_said) {
                w->budget_said = true;
                log_event(w->c.log, LOG_ERROR, "mount-budget",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                     LOG_INT("budget", budget)),
                          "path policy: mount budget of {budget} spent (%zu mounts): {path} and whatever "
                          "comes after "
                          "it is not bound; still watching (--mount-budget)",
                          w->mounts);
        }
        return true;
}

/* The Mount at path, bound; NULL when there is none or its last try
 * failed. */
Mount *bound_at(const Watch *w, const char *path) {
        Mount *m = hashmap_get(w->bound, path);
        return m && m->bound ? m : NULL;
}

/* A Mount for path, tracked in bound, new (neither bound nor failed yet):
 * 0, or -ENOMEM with nothing tracked. */
int mount_new(Watch *w, const char *path, Mount **ret) {
        Mount *m = calloc(1, sizeof *m);
        if (!m)
                return -ENOMEM;
        int r = track_path(w, w->bound, path, m);
        if (r < 0) {
                free(m);
                return r;
        }
        *ret = m;
        return 0;
}

/* Keep what unbind needs for a mount we made; a mount that was there
 * already is not ours to give back. */
static void keep_mount(Watch *w, Mount *m, PlatformBindKind kind, PlatformBindInfo *info) {
        if (!info->already && w->c.binder->unbind) {
                if (m->made)
                        w->c.binder->release(w->binder, &m->info);
                else
                        w->n_made++;
                m->made = true;
                m->kind = kind;
                m->info = *info;
                return;
        }
        w->c.binder->release(w->binder, info);
}

/* Forget path in bound: the mount stays (a bound path can be neither
 * removed nor renamed over), but is no longer ours to give back. */
void mount_forget(Watch *w, const char *path) {
        Mount *m = untrack_path(w, w->bound, path);
        if (!m)
                return;
        if (m->made) {
                w->c.binder->release(w->binder, &m->info);
                w->n_made--;
        }
        free(m);
}

/* Whether m is still the mount at path: the very one made there (its id,
 * not just a mount), whatever went and came back above it. */
bool mount_in_place(Watch *w, const char *path, const Mount *m) {
        PlatformBindInfo now;
        return m->bound && m->made && w->c.binder->check(w->binder, m->kind, path, &now) == 0 &&
               now.mount_id == m->info.mount_id;
}

/* Forget the Mounts at rel and below it that are not where they were made
 * any more (a directory above them renamed away, or events lost). One still
 * in place stays ours, to give back when its checkout goes: a tree made
 * aside and moved in is reported gone and found again after its events
 * were handled (the daemon lagging), and an overflow forgets every
 * checkout; found again, such a mount was "already bound", and no rm -rf
 * of its checkout could ever finish. */
void mount_forget_moved(Watch *w, const char *rel) {
        size_t n = strlen(rel);
        const char *key;
        void *v;

        if (n > 0 && !hashmap_contains(w->bound, rel) && !hashmap_contains(w->below, rel))
                return;
        for (size_t i = 0; hashmap_next(w->bound, &i, &key, &v);) {
                if ((n > 0 && !path_under(key, rel)) || mount_in_place(w, key, v))
                        continue;
                _cleanup_free_ char *k = strdup(key);
                if (!k)
                        return;
                mount_forget(w, k);
        }
}

/* Forget path in bound once its mount has been given back (unbind). */
void mount_gone(Watch *w, const char *path) {
        Mount *m = untrack_path(w, w->bound, path);
        if (m && m->made)
                w->n_made--;
        free(m);
}

/* Bind path (relative to the root) for checkout c, messages naming shown_as
 * (the policy's spelling, where a case-insensitive volume spells the name
 * otherwise). Bound once: a bound path can be neither removed nor renamed
 * over, so only its going away (forget_below) makes it new. A failure is judged
 * again at the path's next event. 1 bound, 0 nothing there, -1 not bound. */
int bind_path_as(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path, const char *shown_as,
                 bool metadata) {
        const char *kname = platform_bind_kind_to_string(kind);
        PlatformBindInfo info;
        bool as_dir = false;
        Mount *m = hashmap_get(w->bound, path);

        if (m && m->bound)
                return 1;
        if (!w->c.binder->warn_only && w->c.mount_budget &&
            w->mounts >= w->c.mount_budget - w->c.mount_budget / 5 &&
            w->c.binder->check(w->binder, kind == PLATFORM_MASK_FILE ? PLATFORM_PROTECT : kind, path,
                               &info) == -ENOENT)
                return 0; /* nothing there to spend a mount on, or to name */
        if (!w->c.binder->warn_only && over_budget(w, c, path, metadata)) {
                /* Not bound: a protection it belongs to is not said to hold. */
                if (metadata)
                        w->failures++;
                return -1;
        }
        /* The record first, so that a mount is never made that the
         * watcher cannot remember (and give back). */
        bool fresh = !m;
        int r = fresh ? mount_new(w, path, &m) : 0;
        if (r < 0)
                info = (PlatformBindInfo){.step = PLATFORM_STEP_NONE};
        else
                r = w->c.binder->bind(w->binder, kind, path, &info);
        if (r == -EISDIR && kind == PLATFORM_MASK_FILE && info.step == PLATFORM_STEP_TYPE) {
                /* A masked name that is a directory here: masked as what it
                 * is, as prepare does on the host. */
                as_dir = true;
                kind = PLATFORM_MASK_DIR;
                r = w->c.binder->bind(w->binder, kind, path, &info);
        }
        if (r == -ENOENT || (r == -ENOTDIR && info.step == PLATFORM_STEP_RESOLVE)) {
                mount_forget(w, path); /* not there (any more) */
                return 0;
        }
        const char *applied = platform_bind_kind_to_string(kind);
        if (r >= 0) {
                m->bound = true;
                keep_mount(w, m, kind, &info);
                w->stats.binds++;
                if (!info.already)
                        w->mounts++;
                log_event(w->c.log, info.already && c->refound ? LOG_DEBUG : LOG_INFO, "watch-bind",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                     LOG_STR("kind", applied), LOG_BOOL("already", info.already),
                                     LOG_STR("policy_kind", as_dir ? kname : NULL),
                                     LOG_SHOW("as", shown_as)),
                          "path policy: %s {as} in nested checkout {checkout} ({kind})%s%s",
                          kind == PLATFORM_PROTECT ? "protected" : "masked",
                          as_dir ? ": a directory here, masked as one" : "",
                          info.already ? ", already bound" : "");
                if (kind == PLATFORM_MASK_FILE && info.regular && info.nlink > 1)
                        log_event(w->c.log, LOG_WARN, "hardlink",
                                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                             LOG_INT("nlink", info.nlink), LOG_SHOW("as", shown_as)),
                                  "path policy: masked {as} in nested checkout {checkout} has {nlink} hard "
                                  "links: its "
                                  "content is reachable by another name");
                return 1;
        }
        w->stats.bind_failures++;
        if (metadata)
                w->failures++;
        /* No record (out of memory) remembers nothing: said each time. */
        bool said = !fresh && m->err == -r && m->step == info.step;
        if (m) {
                m->err = -r;
                m->step = info.step;
        }
        if (said)
                return -1; /* the same as last time: said then */
        if (r == -ENOSYS && w->c.binder->warn_only) {
                /* No bind mounts here: say what would have been bound, once. */
                log_event(w->c.log, LOG_WARN, "bind-unsupported",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", shown_as),
                                     LOG_STR("kind", applied),
                                     LOG_PATH("found", streq(shown_as, path) ? NULL : path)),
                          "path policy: cannot bind {path} in nested checkout {checkout} on this platform "
                          "({kind})");
                return -1;
        }
        if (r == -ELOOP) {
                log_event(w->c.log, LOG_WARN, "symlink-not-bound",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                     LOG_STR("kind", applied), LOG_SHOW("as", shown_as)),
                          "path policy: {as} in nested checkout {checkout} is a symlink (or under one): not "
                          "bound "
                          "({kind})");
                return -1;
        }
        log_event(w->c.log, LOG_WARN, "bind-failed",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path), LOG_STR("kind", applied),
                             LOG_ERRNO(-r), LOG_SHOW("as", shown_as)),
                  "path policy: could not bind {as} in nested checkout {checkout} ({kind}): {errno} at %s",
                  platform_bind_step_to_string(info.step));
        return -1;
}

int bind_path(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path, bool metadata) {
        return bind_path_as(w, c, kind, path, path, metadata);
}

/* Bind the policy's actions outside .git that exist in c: masks, and the
 * protects too when with_protects. A protect waits while the git that made
 * the checkout runs: git is still writing there (a clone checks out
 * .claude/ after making it), and a read-only bind would fail it. */
void bind_actions(Watch *w, Checkout *c, bool with_protects) {
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (is_git_entry(a->path) || (a->kind == PLATFORM_PROTECT && !with_protects))
                        continue;
                _cleanup_free_ char *p = path_join(c->path, a->path);
                if (p)
                        bind_path(w, c, a->kind, p, false);
        }
}

/* Whether path is bound (a directory's key ends in '/'). */
bool is_bound(Watch *w, const char *path) {
        char buf[PATH_MAX];
        if (bound_at(w, path))
                return true;
        return snprintf(buf, sizeof buf, "%s/", path) < (int) sizeof buf && bound_at(w, buf);
}
