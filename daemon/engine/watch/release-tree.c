/* SPDX-License-Identifier: MIT */
/* The release of a gone checkout's mounts: given back deepest first, once only ours are left.
 * Must not give back a mount it cannot prove it made, nor unmask content it did not discard first. */
#include "watch-internal.h"

#include "git-audit.h"

/* Whether something under dir (not dir itself) is bound. */
bool binds_below(Watch *w, const char *dir) {
        size_t n = strlen(dir);
        const char *key;
        void *v;
        if (!hashmap_contains(w->below, dir))
                return false;
        for (size_t i = 0; hashmap_next(w->bound, &i, &key, &v);)
                if (((Mount *) v)->bound && strncmp(key, dir, n) == 0 && key[n] == '/')
                        return true;
        return false;
}

static void collect_name(void *ctx, const char *name) {
        char ***v = ctx;
        size_t n = 0;
        if (!*v)
                return;
        while ((*v)[n])
                n++;
        char **nv = realloc(*v, (n + 2) * sizeof *nv);
        if (!nv || !(nv[n] = strdup(name))) {
                if (nv)
                        nv[n] = NULL;
                strv_free(nv ? nv : *v);
                *v = NULL;
                return;
        }
        nv[n + 1] = NULL;
        *v = nv;
}

/* Whether dir holds nothing but our mounts and the directories on the way
 * to them (no symlink among them): all the rest is gone. A checkout still
 * a repository never is: its HEAD is no mount of ours. */
static bool only_mounts(Watch *w, const char *dir, unsigned depth) {
        char **names = calloc(1, sizeof *names);
        bool ok = names && depth < 64 && w->c.files->list &&
                  w->c.files->list(w->files, dir, collect_name, &names) == 0 && names;
        for (char **e = names; ok && *e; e++) {
                _cleanup_free_ char *p = path_join(dir, *e);
                ok = p && (is_bound(w, p) ||
                           (binds_below(w, p) && check_dir(w, p) == 0 && only_mounts(w, p, depth + 1)));
        }
        strv_free(names);
        return ok;
}

static int by_depth(const void *a, const void *b) {
        size_t x = strlen(*(char *const *) a), y = strlen(*(char *const *) b);
        return x < y ? 1 : x > y ? -1 : strcmp(*(char *const *) a, *(char *const *) b);
}

/* Give back every mount under dir, the deepest first. A mask's content
 * is discarded first, through a view without the mount (discard): what
 * rm asked to delete must not become readable as the mask goes. Through
 * the binder's unbind, which detaches only what it proves, on an fd, to
 * be the very mount it made. */
static void release_tree(Watch *w, const char *dir) {
        size_t n = strlen(dir), k = 0, released = 0, discarded = 0, kept = 0;
        const char *key;
        void *v;

        for (size_t i = 0; hashmap_next(w->bound, &i, &key, &v);)
                k += ((Mount *) v)->bound && strncmp(key, dir, n) == 0 && key[n] == '/';
        _cleanup_free_ char **keys = calloc(k + 1, sizeof *keys);
        if (!keys)
                return;
        k = 0;
        for (size_t i = 0; hashmap_next(w->bound, &i, &key, &v);)
                if (((Mount *) v)->bound && strncmp(key, dir, n) == 0 && key[n] == '/')
                        keys[k++] = strdup(key);
        qsort(keys, k, sizeof *keys, by_depth);
        for (size_t i = 0; i < k; i++) {
                _cleanup_free_ char *p = keys[i];
                Mount *m = p ? bound_at(w, p) : NULL;
                if (m && !m->made)
                        m = NULL;
                int r = m ? 0 : -ENOENT;
                /* Only the very mount made at p, still at p: a rename may
                 * have put another checkout's mask here, or taken ours
                 * elsewhere, where giving it back would show a secret. */
                if (m && m->kind != PLATFORM_PROTECT) {
                        r = w->c.files->discard ? w->c.files->discard(w->files, p, m->info.mount_id)
                                                : -ENOSYS;
                        discarded += r > 0;
                }
                if (r >= 0) {
                        m->info.in_place = true;
                        r = w->c.binder->unbind(w->binder, &m->info);
                }
                if (r < 0) {
                        /* Not ours (there before us), or not provably
                         * ours, or its content could not be discarded:
                         * it stays bound, and is said. */
                        kept++;
                        log_event(w->c.log, LOG_WARN, "mount-kept",
                                  LOG_FIELDS(LOG_PATH("path", p), LOG_ERRNO(m ? -r : 0),
                                             LOG_SHOW("shown", p ? p : "")),
                                  "path policy: {shown} stays bound: %s",
                                  !m ? "not a mount this daemon made" : strerror(-r));
                        continue;
                }
                mount_gone(w, p);
                w->mounts--;
                released++;
        }
        const char *fkey;
        for (size_t i = 0; hashmap_next(w->former, &i, &fkey, &v);)
                if (path_under(fkey, dir))
                        hashmap_remove(w->former, fkey);
        /* A checkout given back is no repository; if it becomes one again
         * (a HEAD in its gitdir), it is protected again. */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &fkey, &v);)
                if (path_under(fkey, dir) ||
                    (((Checkout *) v)->gitdir && path_under(((Checkout *) v)->gitdir, dir)))
                        ((Checkout *) v)->released = true;
        if (released == 0 && kept == 0)
                return;
        log_event(w->c.log, kept ? LOG_WARN : LOG_INFO, "mounts-released",
                  LOG_FIELDS(LOG_PATH("checkout", dir), LOG_INT("released", released),
                             LOG_INT("discarded", discarded), LOG_INT("kept", kept)),
                  "path policy: {checkout} has nothing left but the daemon's mounts: gave {released} back "
                  "({discarded} masked content(s) discarded first)%s",
                  kept ? "; some stay bound" : "");
}

void release_timer_cb(void *userdata) {
        Watch *w = userdata;
        const char *key;
        void *v;
        size_t n = hashmap_size(w->emptied), k = 0;
        _cleanup_free_ char **dirs = calloc(n + 1, sizeof *dirs);
        if (!dirs)
                return;
        for (size_t i = 0; hashmap_next(w->emptied, &i, &key, &v);)
                dirs[k++] = strdup(key);
        for (size_t i = 0; hashmap_next(w->emptied, &i, &key, &v);)
                hashmap_remove(w->emptied, key);
        /* The outermost first: once it is given back, nothing is below. */
        qsort(dirs, k, sizeof *dirs, by_depth);
        bool again = !w->release_late;
        size_t left = 0;
        Hashmap *kept = hashmap_new(); /* the ones not empty yet, a set */
        for (size_t i = k; i-- > 0;) { /* the outermost first */
                char *d = dirs[i];
                if (!d || !binds_below(w, d))
                        continue;
                /* Below one still being deleted (a checkout's .git while
                 * rm -rf is in its worktree): given back with it, never
                 * before; else rm, long past .git, leaves it for good.
                 * Its ancestors looked up, not every kept one scanned.
                 * But at the late look nothing is being deleted any more
                 * (git_check_ms without an event to look again): a gitdir
                 * or common dir left with only our mounts while its
                 * worktree stays (rm -rf X/.git, git's own tests' rm -fr
                 * .git && git init) is no repository; given back on its
                 * own, or no rm ever deletes it (issue 37). */
                bool inside = !kept; /* out of memory: kept, the safe side (and below) */
                char buf[PATH_MAX];
                size_t len = strlen(d);
                if (kept && len < sizeof buf) {
                        memcpy(buf, d, len + 1);
                        for (char *s = strchr(buf, '/'); s && !inside; s = strchr(s + 1, '/')) {
                                *s = 0;
                                inside = hashmap_contains(kept, buf);
                                *s = '/';
                        }
                }
                if ((!inside || (!again && hashmap_contains(w->dirs, d))) && only_mounts(w, d, 0))
                        release_tree(w, d);
                else {
                        if (kept && set_add(kept, d) < 0) {
                                hashmap_free(kept); /* kept no more: every one after is kept */
                                kept = NULL;
                        }
                        if (again && set_add(w->emptied, d) >= 0)
                                left++;
                }
        }
        hashmap_free(kept);
        for (size_t i = 0; i < k; i++)
                free(dirs[i]);
        /* This look came as soon as the events in hand were handled; the
         * delete may have gone on since where nothing is watched (below
         * .git/objects), and its last event may be long gone: one look
         * more, git_check_ms later, for what was not yet empty. */
        w->release_late = left > 0;
        if (left > 0)
                w->c.clock->timer_start(w->release_timer, w->c.git_check_ms, 0);
}

/* Something went at rel: each checkout (or one gone, or a gitdir or
 * common dir) above it may have nothing left but our mounts now. Looked
 * at once the events in hand are handled (rm -rf is thousands of them),
 * and no later: the rm that failed on our mounts, or git deleting a
 * worktree, may try again at once (issue 37; a timer of git_check_ms made
 * git's own tests fail on a delay of 35-50 ms). */
void maybe_emptied(Watch *w, const char *rel) {
        char buf[PATH_MAX];
        size_t len = strlen(rel);
        bool any = false;
        if (len >= sizeof buf || w->n_made == 0)
                return;
        memcpy(buf, rel, len + 1);
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                *s = 0;
                if ((hashmap_contains(w->checkouts, buf) || hashmap_contains(w->former, buf) ||
                     hashmap_contains(w->dirs, buf)) &&
                    hashmap_contains(w->below, buf)) {
                        if (set_add(w->emptied, buf) >= 0)
                                any = true;
                        else
                                watch_warn(w, buf, ENOMEM,
                                           "cannot look whether only the daemon's mounts are left here");
                }
                *s = '/';
        }
        if (any && (!w->c.clock->timer_active(w->release_timer) || w->release_late)) {
                w->release_late = false;
                w->c.clock->timer_start(w->release_timer, 0, 0);
        }
}
