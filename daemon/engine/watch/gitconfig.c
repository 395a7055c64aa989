/* SPDX-License-Identifier: MIT */
/* A nested checkout's config files: the audit list's keys taken out (at protection; in audit mode at every
 * change), and a write refused by a bound config said. Must not log a value, nor write but under a lock. */
#include <sys/random.h>

#include "watch-internal.h"

#include "git-audit.h"

/*
 * What a config key from the audit list does is make git run a program
 * (or read more config) later: in the guest, or on the host when a person
 * runs git in the kept worktree. Such a key is taken out wherever the
 * watcher can write the file: in every mode just before the file is bound
 * (what landed in the window after the git that made the checkout), and
 * in audit mode (--git-config audit: config and config.worktree stay
 * writable, so that git's own bookkeeping works) whenever the file may
 * have changed. It is taken out the way git writes its config: under
 * config.lock (FileOps replace), every other byte as it was, the new file
 * renamed over the old, so that a second name or a mapping of the old one
 * reaches it no more.
 *
 * A write that makes no event (a shared mapping, a hard link outside the
 * workspace) is found when the checkout's index is next written (the file
 * read whole), at the next event anywhere in the workspace (the file's
 * identity compared, CONFIG_SWEEP_MS apart at most), or, with no event at
 * all, by the idle sweep: CONFIG_IDLE_SLICE checkouts' identities every
 * CONFIG_IDLE_MS, round the checkouts in turn.
 */

/* A bound on the memory one config file takes to audit (git reads any
 * size up to INT_MAX): a larger one is not left as it is, but fails closed
 * (fail_closed). */
#define CONFIG_AUDIT_MAX (16 * 1024 * 1024)
/* The sweep after an event, and a retry after a held lock: once the
 * workspace has been quiet this long, and no later than CONFIG_SETTLE_MS
 * after the first event. git does not wait for config.lock: a rewrite
 * under it in the middle of a burst of writes (git lfs install runs git
 * config four times) makes the next git config fail ("could not lock
 * config file"). Quiet, a burst is over. */
#define CONFIG_SWEEP_MS 50
#define CONFIG_SETTLE_MS 500
/* With no event: a slice of the checkouts' identities this often, so a
 * write no event shows is taken out within (checkouts / slice) seconds. */
#define CONFIG_IDLE_MS 1000
#define CONFIG_IDLE_SLICE 512
/* A held config.lock is git's for this many retries; then the watcher
 * takes a lock name of its own (an agent can hold config.lock forever). */
#define CONFIG_LOCK_RETRIES 4
/* The attempts on one bound config closer than this are one burst: said
 * once. */
#define REFUSED_BURST_MS 1000

static const char *const config_names[] = {"config", "config.worktree"};

bool config_name(const char *name) {
        return streq(name, config_names[0]) || streq(name, config_names[1]);
}

bool config_bound_name(const Watch *w, const char *name) {
        /* Audit mode: hooks/ too (hooks-audit.c takes out what is not git's). */
        return !(w->c.git_config_audit &&
                 (config_name(name) || streq(name, "hooks/") || streq(name, "hooks")));
}

static void audit_said(Watch *w, const Checkout *c, const char *path, const char *field, const char *list,
                       const char *what) {
        log_event(w->c.log, LOG_WARN, "git-audit",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path), LOG_PATH(field, list),
                             LOG_SHOW("list", list)),
                  "path policy: nested checkout {checkout}: {path} %s {list}", what);
}

/* The keys found in path: taken out ("removed"), or not (why). */
static void said_keys(Watch *w, const Checkout *c, const char *path, const char *list, const char *how,
                      const char *why) {
        log_event(w->c.log, LOG_WARN, "git-audit",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path), LOG_PATH("keys", list),
                             LOG_SHOW("list", list), LOG_STR("action", how)),
                  "path policy: nested checkout {checkout}: {path} sets keys that make git run a program or "
                  "read more config: {list}: %s%s%s",
                  streq(how, "removed") ? "taken out" : "NOT taken out (", why ? why : "",
                  streq(how, "removed") ? "" : ")");
}

/* Our own lock, renamed over a file: its name going (reported later) is
 * no refused write. Counted: two rewrites may come before either event. */
static void own_lock(Watch *w, const char *dir, const char *lock) {
        _cleanup_free_ char *p = path_join(dir, lock);
        PathCount *pc = p ? hashmap_get(w->own_locks, p) : NULL;
        if (p && !pc && (pc = calloc(1, sizeof *pc)) && hashmap_put(w->own_locks, p, pc) < 0) {
                free(pc);
                pc = NULL;
        }
        if (pc)
                pc->n++;
}

/* Rewrite path (in dir, as name) from buf to out under a lock: git's
 * config.lock while git may hold it, then one of our own. Ours has a
 * random part: git never takes it, and the agent cannot make it first (a
 * fixed name, made by the agent, kept every key). buf NULL: path is no
 * regular file (a symlink, a fifo), replaced by out. -EEXIST: git's lock
 * is held, try again; -EBUSY: ours could not be made either. */
static int rewrite(Watch *w, Checkout *c, const char *dir, const char *name, const char *buf, size_t n,
                   const char *out, size_t out_n, bool at_protection) {
        char lock[96];
        if (!w->c.files->replace)
                return -ENOSYS;
        bool ours = at_protection || c->config_retries >= CONFIG_LOCK_RETRIES;
        int r = -EEXIST;
        for (unsigned tries = 0; r == -EEXIST && tries < (ours ? 8u : 1u); tries++) {
                uint64_t nonce = 0;
                if (ours && getrandom(&nonce, sizeof nonce, GRND_NONBLOCK) != (ssize_t) sizeof nonce)
                        nonce = w->c.clock->now_ms(w->c.clock_data) * 7919u + tries;
                if (ours)
                        snprintf(lock, sizeof lock, "%s%s.%016llx.lock", PLATFORM_RENEW_PREFIX, name,
                                 (unsigned long long) nonce);
                else
                        snprintf(lock, sizeof lock, "%s.lock", name);
                r = w->c.files->replace(w->files, dir, name, lock, buf, n, out, out_n);
        }
        if (r == -EEXIST && !ours) {
                c->config_retries++;
                return r;
        }
        if (r == -EEXIST)
                return -EBUSY;
        if (r >= 0) {
                c->config_retries = 0;
                own_lock(w, dir, lock);
        }
        return r;
}

/* What could not be audited or cleaned fails closed, the one way that
 * needs nothing of the gitdir (no lock, no write permission): /dev/null
 * bound over it, so that git reads an empty config and cannot write one.
 * Said as an error either way; where even that bind fails (a symlink
 * cannot be bound over), the failure counts and the checkout is not said
 * protected. */
static void fail_closed(Watch *w, Checkout *c, const char *path, const char *list, const char *reason) {
        int r = w->c.binder->warn_only ? -ENOSYS : bind_path(w, c, PLATFORM_MASK_FILE, path, true);
        log_event(
                w->c.log, LOG_ERROR, "git-config-unaudited",
                LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path), LOG_PATH("keys", list),
                           LOG_SHOW("list", list ? list : "not known"), LOG_STR("reason", reason),
                           LOG_STR("action", r > 0 ? "masked" : "none")),
                "path policy: nested checkout {checkout}: {path} could not be audited or its keys taken out "
                "({reason}; keys from the audit list: {list}): %s",
                r > 0 ? "masked: git reads it as an empty config, and cannot write it"
                      : "NOT masked either: its keys may still make git run a program");
}

/* dir/name is no regular file (read_all's -ELOOP, -EINVAL): a symlink
 * that git would follow out of the checkout, a fifo that would hang every
 * git. Replaced by an empty config, never followed nor opened; else it
 * fails closed. */
static int clean_odd(Watch *w, Checkout *c, const char *dir, const char *name, const char *path, int err,
                     bool at_protection) {
        const char *what = err == -ELOOP ? "a symlink" : "not a regular file";
        int r = rewrite(w, c, dir, name, NULL, 0, "", 0, at_protection);
        if (r == -EEXIST || r == -ESTALE)
                return -EEXIST; /* git's lock held, or a regular file again: looked at again */
        if (r >= 0)
                audit_said(w, c, path, "reason", what, "was replaced by an empty config: it was");
        else
                fail_closed(w, c, path, NULL, what);
        return 0;
}

/* core.worktree's judge (GitAuditPlace): whether git's worktree at path
 * (absolute) stays in a tree a config in dir may name: c's own, that of
 * each checkout whose gitdir holds dir (a submodule's gitdir below
 * modules/ may name anything in its superproject's: git mv of a submodule
 * renames its worktree before it writes the new name), X for X/.git; and
 * reached through no symlink, which would lead git elsewhere.
 *
 * A relative one elsewhere in the workspace that is not there is let be:
 * git cannot work there (it cannot chdir to it), and git leaves one so
 * itself (a submodule's gitdir moved back into its worktree keeps the old
 * value until "config --unset core.worktree", which must find it: t7400,
 * t7412). It is looked at again at every event while it is absent
 * (dangling: config_timer_cb), in both modes. */
typedef struct Trees {
        Watch *w;
        const Checkout *c;
        const char *dir;
        bool dangling;
} Trees;

static bool tree_holds(Watch *w, const char *tree, const char *path) {
        _cleanup_free_ char *abs = tree[0] ? path_join(watch_root_abs(w), tree) : NULL;
        return abs && path_under(path, abs);
}

static bool worktree_inside(void *ctx, const char *path, const char *value) {
        Trees *t = ctx;
        Watch *w = t->w;
        const char *key, *slash = strrchr(t->dir, '/');
        void *v;
        bool in = tree_holds(w, t->c->path, path);
        for (size_t i = 0; !in && hashmap_next(w->checkouts, &i, &key, &v);) {
                const char *g = ((const Checkout *) v)->gitdir;
                in = g && path_under(t->dir, g) && tree_holds(w, key, path);
        }
        if (!in && slash && streq(slash + 1, ".git")) {
                _cleanup_free_ char *x = strndup(t->dir, (size_t) (slash - t->dir));
                in = x && tree_holds(w, x, path);
        }
        const char *ra = watch_root_abs(w);
        size_t n = strlen(ra);
        if (!path_under(path, ra))
                return false; /* the host's, whatever is there in the guest */
        int r = check_dir(w, path[n] ? path + n + 1 : "");
        if (r == -ELOOP)
                return false;
        if (!in && r == -ENOENT && value[0] != '/')
                t->dangling = in = true;
        return in;
}

/* Read dir/name, take the audit list's keys out unless it is bound, say
 * what was found. keys_only: nothing is rewritten without a key (a
 * pending checkout, whose git may be at work: only a key is worth its
 * lock). Returns -EEXIST when the lock was held (to be tried again), else
 * 0. */
static int clean_file(Watch *w, Checkout *c, const char *dir, const char *name, bool at_protection,
                      bool keys_only) {
        _cleanup_free_ char *path = path_join(dir, name), *buf = NULL, *out = NULL, *list = NULL;
        _cleanup_strv_free_ char **keys = NULL;
        size_t n = 0, out_n = 0, line = 0;
        PlatformBindInfo info;
        _cleanup_free_ char *gitdir = path_join(watch_root_abs(w), dir);
        Trees trees = {.w = w, .c = c, .dir = dir};
        const GitAuditPlace place = {.gitdir = gitdir, .inside = worktree_inside, .ctx = &trees},
                            *at = gitdir ? &place : NULL;
        if (!path || !w->c.files->read_all)
                return 0;
        Mount *m = bound_at(w, path);
        if (m && m->made && m->kind != PLATFORM_PROTECT)
                return 0; /* failed closed already: fail_closed */
        int r = w->c.files->read_all(w->files, path, CONFIG_AUDIT_MAX, &buf, &n);
        if (r == -ENOENT)
                return 0;
        if (r == -EAGAIN)
                return -EEXIST; /* a lookup raced renames: again in a moment */
        if (r == -ELOOP || r == -EINVAL)
                return clean_odd(w, c, dir, name, path, r, at_protection);
        if (r < 0) {
                fail_closed(w, c, path, NULL, r == -EFBIG ? "larger than 16 MiB" : strerror(-r));
                return 0;
        }
        r = git_audit_config_strip_at(buf, n, at, &out, &out_n, &keys, &line);
        if (trees.dangling)
                c->worktree_dangling = w->worktree_dangling = true;
        if (r < 0 && r != -EINVAL) {
                fail_closed(w, c, path, NULL, strerror(-r));
                return 0;
        }
        if (r < 0) {
                char why[64];
                if (r == -EINVAL)
                        snprintf(why, sizeof why, "line %zu", line);
                audit_said(w, c, path, "reason", r == -EINVAL ? why : strerror(-r),
                           r == -EINVAL ? "is not git config as git reads it, at" : "cannot be audited:");
                return 0;
        }
        for (char **k = keys; *k; k++)
                audit_emit(&list, *k);
        if (keys_only && !list)
                return 0;
        bool bound = m != NULL, rebind = false;
        /* Bound with a key in it: a descriptor opened between our rewrite
         * and the bind (the agent's shell, racing the protection) wrote it.
         * A mount this daemon made is given back for the moment of the
         * rewrite, then made again; one from before us is only said. */
        if (m && list && m->made) {
                m->info.in_place = true;
                if (w->c.binder->unbind(w->binder, &m->info) >= 0) {
                        mount_gone(w, path);
                        w->mounts--;
                        bound = false;
                        rebind = at_protection = true;
                }
        }
        /* Another name for the same file (made after our last rewrite)
         * could write it again unseen: a rewrite leaves it behind. */
        unsigned links =
                !bound && w->c.binder->check(w->binder, PLATFORM_PROTECT, path, &info) == 0 && info.regular
                        ? info.nlink
                        : 1;
        if (bound) {
                if (list)
                        said_keys(w, c, path, list, "frozen",
                                  m->made ? "its bind could not be given back for the rewrite"
                                          : "it is bound, and not by this daemon");
                return 0;
        }
        if (!list && links <= 1)
                return 0;
        for (unsigned tries = 0;; tries++) {
                r = rewrite(w, c, dir, name, buf, n, out, out_n, at_protection);
                if (r != -ESTALE || tries >= 3)
                        break;
                /* Written again meanwhile: what is there now. */
                free(buf), free(out), strv_free(keys);
                buf = out = NULL, keys = NULL;
                if (w->c.files->read_all(w->files, path, CONFIG_AUDIT_MAX, &buf, &n) < 0 ||
                    git_audit_config_strip_at(buf, n, at, &out, &out_n, &keys, &line) < 0)
                        return 0; /* the next event says it */
                free(list), list = NULL;
                for (char **k = keys; *k; k++)
                        audit_emit(&list, *k);
        }
        if (r == -ESTALE)
                r = -EEXIST; /* written again and again meanwhile: looked at again in a moment */
        if (rebind && (r >= 0 || r == -EEXIST))
                (void) bind_path(w, c, PLATFORM_PROTECT, path, true);
        if (r == -EEXIST) {
                log_event(w->c.log, LOG_DEBUG, "config-busy",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path)),
                          "path policy: {path} is locked: looked at again in a moment");
                return r;
        }
        if (r == -ENOSYS) {
                if (list)
                        said_keys(w, c, path, list, "kept", "nothing can be rewritten on this platform");
                return 0;
        }
        if (r < 0) {
                if (list)
                        fail_closed(w, c, path, list,
                                    r == -EBUSY ? "the watcher's own lock could not be made" : strerror(-r));
                return 0;
        }
        if (list)
                said_keys(w, c, path, list, "removed", NULL);
        if (links > 1)
                log_event(w->c.log, LOG_WARN, "hardlink",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                     LOG_INT("nlink", links)),
                          "path policy: {path} in nested checkout {checkout} had {nlink} hard links: "
                          "replaced by a "
                          "copy, no other name reaches it");
        return 0;
}

/* The sweep CONFIG_SWEEP_MS after the last call, sooner than an idle
 * one armed; no later than CONFIG_SETTLE_MS after the first. */
static void config_soon(Watch *w) {
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        if (!w->c.clock->timer_active(w->config_timer) || w->config_idle) {
                w->config_idle = false;
                w->config_first_ms = now;
        } else if (now - w->config_first_ms + CONFIG_SWEEP_MS > CONFIG_SETTLE_MS)
                return;
        w->c.clock->timer_start(w->config_timer, CONFIG_SWEEP_MS, 0);
}

/* c's config files looked at in the sweep (config_look), not at once. */
static void config_due(Watch *w, Checkout *c) {
        c->config_retry = true;
        config_soon(w);
}

/* The idle sweep, when nothing sooner is armed (audit mode, checkouts known). */
static void config_idle(Watch *w) {
        if (!w->c.git_config_audit || hashmap_size(w->checkouts) == 0 ||
            w->c.clock->timer_active(w->config_timer))
                return;
        w->config_idle = true;
        w->c.clock->timer_start(w->config_timer, CONFIG_IDLE_MS, 0);
}

/* The config files git reads for c, by directory: its own gitdir's (a
 * linked worktree's admin dir holds only config.worktree) and its common
 * dir's. */
static void each_config(Watch *w, Checkout *c, bool at_protection, bool keys_only) {
        const char *dirs[] = {c->gitdir, c->commondir};
        bool retry = false;
        c->worktree_dangling = false;
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++)
                for (size_t i = 0; dirs[d] && i < ELEMENTSOF(config_names); i++) {
                        if (d == 0 && c->linked && i == 0)
                                continue;
                        if (clean_file(w, c, dirs[d], config_names[i], at_protection, keys_only) == -EEXIST)
                                retry = true;
                }
        c->config_retry = retry;
        if (retry)
                config_soon(w);
}

void config_protect(Watch *w, Checkout *c) {
        each_config(w, c, true, false);
        config_remember(w, c);
}

/* A gitdir protected with c (modules.c): its config files as at c's
 * protection. */
void config_protect_dir(Watch *w, Checkout *c, const char *dir) {
        for (size_t i = 0; i < ELEMENTSOF(config_names); i++)
                (void) clean_file(w, c, dir, config_names[i], true, false);
}

void config_module_changed(Watch *w, Checkout *c, const char *dir, const char *name) {
        /* Held by git (config-busy said): git's rename is an event of its
         * own, and c's protection looks at it whole. */
        (void) clean_file(w, c, dir, name, false, c->pending);
}

void config_changed(Watch *w, Checkout *c, const char *dir, const char *name) {
        /* Pending: looked at whole when git is done (config_protect); in
         * audit mode a key is taken out in the sweep all the same (the
         * lock git holds meanwhile is tried again there): a git that sits
         * in the checkout would keep it live until the deadline otherwise
         * (red team F13). Bound (bind mode), git writes no config: a key a
         * descriptor from before the bind wrote goes at once. */
        if (w->c.git_config_audit) {
                config_due(w, c);
                return;
        }
        if (c->pending)
                return;
        if (clean_file(w, c, dir, name, false, false) == -EEXIST)
                config_due(w, c);
        config_remember(w, c);
}

void config_index_written(Watch *w, Checkout *c) {
        if (w->c.git_config_audit && !c->pending && c->gitdir)
                config_due(w, c);
}

void config_pending(Watch *w, Checkout *c) {
        if (w->c.git_config_audit && c->pending && c->gitdir)
                config_due(w, c);
}

void config_final(Watch *w) {
        const char *key;
        void *v;
        w->stopping = true; /* modules_protect: their config files, nothing bound */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (!c->gitdir)
                        continue;
                /* Our own lock at once: no retry is to come. */
                each_config(w, c, true, false);
                modules_protect(w, c);
                c->config_retry = false;
        }
}

/* ---- the sweep: any event, then each config's identity compared ---- */

/* The identities of c's config files now, in each_config's order; a file
 * missing (or unreadable) is all zeros. */
static void identities(Watch *w, const Checkout *c, PlatformFileId ids[static 4]) {
        const char *dirs[] = {c->gitdir, c->commondir};
        memset(ids, 0, 4 * sizeof *ids);
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++)
                for (size_t i = 0; dirs[d] && i < ELEMENTSOF(config_names); i++) {
                        _cleanup_free_ char *p = path_join(dirs[d], config_names[i]);
                        if (p && w->c.files->identity)
                                (void) w->c.files->identity(w->files, p, &ids[d * 2 + i]);
                }
}

void config_remember(Watch *w, Checkout *c) {
        if (!w->c.git_config_audit)
                return;
        identities(w, c, c->config_ids);
        config_idle(w);
}

void config_event(Watch *w) {
        if ((!w->c.git_config_audit && !w->worktree_dangling) || hashmap_size(w->checkouts) == 0)
                return;
        w->config_sweep = true;
        config_soon(w);
}

/* c's config files audited again if a retry is due, or (sweep) if one is
 * not what it was. */
static void config_look(Watch *w, Checkout *c, bool sweep) {
        PlatformFileId now[4];
        /* A pending checkout: only a key that met git's lock
         * (config_pending, config_changed). */
        if (!c->gitdir || (c->pending && !(c->config_retry && w->c.git_config_audit)))
                return;
        if (!c->config_retry) {
                if (!sweep || (!w->c.git_config_audit && !c->worktree_dangling))
                        return;
                identities(w, c, now);
                if (memcmp(now, c->config_ids, sizeof now) == 0 && !c->worktree_dangling)
                        return;
        }
        each_config(w, c, false, c->pending);
        config_remember(w, c);
}

void config_timer_cb(void *userdata) {
        Watch *w = userdata;
        bool sweep = w->config_sweep, idle = w->config_idle;
        const char *key;
        void *v;
        w->config_sweep = w->config_idle = false;
        if (idle) { /* no event: the next slice, from where the last one stopped */
                size_t i = w->config_idle_at, n = 0;
                while (n < CONFIG_IDLE_SLICE && hashmap_next(w->checkouts, &i, &key, &v)) {
                        config_look(w, v, true);
                        n++;
                }
                w->config_idle_at = n < CONFIG_IDLE_SLICE ? 0 : i;
        } else
                for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);)
                        config_look(w, v, sweep);
        config_idle(w);
}

/* ---- bind mode: a write refused ---- */

typedef struct Refused {
        uint64_t last_ms;
} Refused;

/* A config in dir about to be bound: until the renew's temporary name (a
 * copy renamed over the file just before the bind) is seen to go, the
 * events in the queue are from before the bind (git's own config.lock,
 * renamed into place by the git that made the checkout), no refused
 * write. Where there is no renew, or the backend adds its watch on dir
 * only after it (a checkout protected as soon as it is found), that name
 * is never seen: FRESH_MS bounds the wait, far longer than the queue of a
 * git that has exited takes to drain. */
#define FRESH_MS 250

typedef struct Fresh {
        uint64_t since_ms;
} Fresh;

void config_bound_fresh(Watch *w, const char *path) {
        const char *slash = strrchr(path, '/');
        _cleanup_free_ char *dir = slash ? strndup(path, (size_t) (slash - path)) : strdup("");
        Fresh *f = dir && config_name(slash ? slash + 1 : path) ? hashmap_get(w->fresh, dir) : NULL;
        if (dir && !f && config_name(slash ? slash + 1 : path) && (f = calloc(1, sizeof *f)) &&
            hashmap_put(w->fresh, dir, f) < 0) {
                free(f);
                f = NULL;
        }
        if (f)
                f->since_ms = w->c.clock->now_ms(w->c.clock_data);
}

/* Whether dir's events are still from before its bind (and forgets it
 * when they are not, or when gone is set: the renew's name went). */
static bool fresh(Watch *w, const char *dir, bool gone) {
        Fresh *f = hashmap_size(w->fresh) > 0 ? hashmap_get(w->fresh, dir) : NULL;
        if (!f)
                return false;
        if (!gone && w->c.clock->now_ms(w->c.clock_data) - f->since_ms < FRESH_MS)
                return true;
        free(hashmap_remove(w->fresh, dir));
        return false;
}

void config_renew_gone(Watch *w, const char *rel) {
        const char *slash = strrchr(rel, '/');
        _cleanup_free_ char *dir = slash ? strndup(rel, (size_t) (slash - rel)) : strdup("");
        if (dir)
                (void) fresh(w, dir, true);
}

/* rel went: a lock of a config that is bound. git made it, wrote it, and
 * could not rename it over the bound file (EBUSY), so removed it: a write
 * the policy refused. Said once a burst a file. Our own rewrite's lock
 * (renamed, then the file bound) is no refusal. Returns whether rel was a
 * config's lock. */
bool config_lock_gone(Watch *w, const char *rel) {
        const char *slash = strrchr(rel, '/');
        const char *name = slash ? slash + 1 : rel;
        size_t n = strlen(name);
        if (n < 6 || !streq(name + n - 5, ".lock"))
                return false;
        PathCount *pc = hashmap_get(w->own_locks, rel);
        if (pc) {
                if (--pc->n == 0)
                        free(hashmap_remove(w->own_locks, rel));
                config_renew_gone(w, rel); /* as late in the queue as a renew */
                return true;
        }
        _cleanup_free_ char *target = strndup(rel, strlen(rel) - 5);
        const char *base = target ? (strrchr(target, '/') ? strrchr(target, '/') + 1 : target) : NULL;
        if (!base || !config_name(base) || !bound_at(w, target))
                return false;
        _cleanup_free_ char *dir = slash ? strndup(rel, (size_t) (slash - rel)) : strdup("");
        if (!dir || fresh(w, dir, false)) {
                log_event(w->c.log, LOG_DEBUG, "config-lock-early", LOG_FIELDS(LOG_PATH("path", rel)),
                          "path policy: {path} went before the bind's own events: git's, from before it");
                return true; /* from before the bind: config_bound_fresh */
        }
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        Refused *r = hashmap_get(w->refused, target);
        if (r) {
                bool same_burst = now - r->last_ms < REFUSED_BURST_MS;
                r->last_ms = now;
                if (same_burst)
                        return true;
        } else {
                /* A new burst: those ended are let go (a checkout that
                 * went leaves none behind for long). */
                const char *k;
                void *v;
                for (size_t i = 0; hashmap_next(w->refused, &i, &k, &v);)
                        if (now - ((Refused *) v)->last_ms >= REFUSED_BURST_MS)
                                free(hashmap_remove(w->refused, k));
                r = calloc(1, sizeof *r);
                if (!r || hashmap_put(w->refused, target, r) < 0) {
                        free(r);
                        r = NULL;
                } else
                        r->last_ms = now;
        }
        const char *key, *checkout = NULL;
        void *v;
        for (size_t i = 0; dir && hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (streq_ptr(c->gitdir, dir) || streq_ptr(c->commondir, dir)) {
                        checkout = c->path;
                        break;
                }
        }
        w->stats.config_refused++;
        log_event(w->c.log, LOG_WARN, "git-config-refused",
                  LOG_FIELDS(LOG_PATH("checkout", checkout ? checkout : ""), LOG_PATH("path", target)),
                  "path policy: git could not write {path} (nested checkout {checkout}): it is protected, "
                  "bound read-only by the policy; not a broken repository (watch --git-config audit lets "
                  "git write it)");
        return true;
}

void config_forget(Watch *w) {
        const char *key;
        void *v;
        for (size_t i = 0; w->refused && hashmap_next(w->refused, &i, &key, &v);)
                free(v);
        hashmap_free(w->refused);
        w->refused = NULL;
        counts_free(w->own_locks);
        w->own_locks = NULL;
        counts_free(w->fresh); /* frees each Fresh */
        w->fresh = NULL;
}
