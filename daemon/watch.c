/* SPDX-License-Identifier: MIT */
#include "watch.h"

#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <strings.h>

#include "hashmap.h"
#include "util.h"

typedef struct Checkout {
        char *path;   /* relative to the root */
        bool gitfile; /* .git is a file naming the gitdir */
        bool pending; /* git metadata not protected yet */
        bool needs_processes; /* its git processes: taken at the next tick */
        int *pidfds;  /* git processes alive when it appeared */
        size_t n_pidfds;
        uint64_t deadline, last_event;
} Checkout;

struct Watch {
        WatchConfig c;
        void *binder;
        char *root_abs;     /* to read absolute gitdir lines */
        Hashmap *checkouts; /* path -> Checkout */
        Hashmap *bound;     /* path -> BOUND or FAILED: tried, do not again until it goes */
        Hashmap *below;     /* every proper ancestor of a key of checkouts or bound -> count */
        uv_timer_t timer;
        size_t n_pending;
        WatchStats stats;
};

static char bound_mark, failed_mark;
#define BOUND (&bound_mark)
#define FAILED (&failed_mark)

/* The git metadata protected in every gitdir, beyond the policy's own
 * .git lines (spec: the host's read-only git-dir mount covers only the
 * root's, so the watcher applies these). */
static const char *const git_metadata[] = {"config", "hooks/", "commondir", "config.worktree", "info/attributes"};
/* Lock files git holds while it writes: while one exists, git is not done. */
static const char *const git_locks[] = {"config.lock", "index.lock", "HEAD.lock", "packed-refs.lock", "shallow.lock"};

void watch_config_init(WatchConfig *c) {
        *c = (WatchConfig){
                .git_quiet_ms = 250,
                .git_deadline_ms = 60000,
                .git_check_ms = 50,
                .git_processes = platform_git_processes,
                .process_exited = platform_process_exited,
        };
}

static bool is_git_entry(const char *entry) {
        return strncmp(entry, ".git", 4) == 0 && (entry[4] == 0 || entry[4] == '/');
}

/* A path's first component is .git, in the volume's case rules. */
static bool is_git_path(const Watch *w, const char *p) {
        return (w->c.fold_case ? strncasecmp(p, ".git", 4) : strncmp(p, ".git", 4)) == 0 && (p[4] == 0 || p[4] == '/');
}

static char *join(const char *a, const char *b) {
        char *s = NULL;
        if (asprintf(&s, "%s%s%s", a, a[0] && b[0] ? "/" : "", b) < 0)
                return NULL;
        return s;
}

/* Count key's proper ancestors in w->below, up (delta 1) or down (-1), so
 * that a path going away can tell at once whether anything tracked was
 * below it: deleting a large tree is then not a scan per entry. */
static void index_path(Watch *w, const char *key, int delta) {
        char buf[PATH_MAX];
        size_t n = strlen(key);
        if (!w->below || n >= sizeof buf)
                return;
        memcpy(buf, key, n + 1);
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                *s = 0;
                uintptr_t c = (uintptr_t) hashmap_get(w->below, buf) + (uintptr_t) (intptr_t) delta;
                if (c == 0)
                        hashmap_remove(w->below, buf);
                else
                        (void) hashmap_put(w->below, buf, (void *) c);
                *s = '/';
        }
}

/* Put and remove in checkouts or bound (whose values are never NULL),
 * keeping the index. */
static int track(Watch *w, Hashmap *map, const char *key, void *value) {
        bool existed = hashmap_contains(map, key);
        int r = hashmap_put(map, key, value);
        if (r >= 0 && !existed)
                index_path(w, key, 1);
        return r;
}

static void *untrack(Watch *w, Hashmap *map, const char *key) {
        void *v = hashmap_remove(map, key);
        if (v)
                index_path(w, key, -1);
        return v;
}

static void record(Watch *w, LogLevel level, const char *event, const Checkout *c, const char *path,
                   const char *kind, int err, const char *msg) {
        LogRecord *r = log_record_new(level, event);
        if (c)
                log_record_path(r, "checkout", c->path);
        if (path)
                log_record_path(r, "path", path);
        if (kind)
                log_record_str(r, "kind", kind);
        if (err)
                log_record_int(r, "errno", err);
        log_submit(w->c.log, r, "%s", msg);
}

static void bind_path_as(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path, const char *shown_as);

/* Bind path (relative to the root) for checkout c. Tried once until the
 * path goes: a bound path cannot be removed, and a failure is said once. */
static void bind_path(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path) {
        bind_path_as(w, c, kind, path, path);
}

/* The same, with messages naming shown_as (the policy's spelling, where
 * a case-insensitive volume spells the name otherwise). */
static void bind_path_as(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path, const char *shown_as) {
        const char *kname = platform_bind_kind_to_string(kind);
        PlatformBindInfo info;
        char msg[1024];

        if (hashmap_contains(w->bound, path))
                return;
        int r = w->c.binder->bind(w->binder, kind, path, &info);
        if (r == -ENOENT || (r == -ENOTDIR && info.step == PLATFORM_STEP_RESOLVE))
                return; /* not there (yet) */
        if (track(w, w->bound, path, r >= 0 ? BOUND : FAILED) < 0)
                return;
        _cleanup_free_ char *shown = escape_for_display(shown_as), *cshown = escape_for_display(c->path);
        if (r >= 0) {
                w->c.binder->release(w->binder, &info);
                w->stats.binds++;
                snprintf(msg, sizeof msg, "path policy: %s %s in nested checkout %s (%s)%s",
                         kind == PLATFORM_PROTECT ? "protected" : "masked", shown, cshown, kname,
                         info.already ? ", already bound" : "");
                LogRecord *rec = log_record_new(LOG_INFO, "watch-bind");
                log_record_path(rec, "checkout", c->path);
                log_record_path(rec, "path", path);
                log_record_str(rec, "kind", kname);
                log_record_bool(rec, "already", info.already);
                log_submit(w->c.log, rec, "%s", msg);
                return;
        }
        w->stats.bind_failures++;
        if (r == -ENOSYS && w->c.binder->warn_only) {
                /* No bind mounts here: say what would have been bound, once. */
                snprintf(msg, sizeof msg, "path policy: cannot bind %s in nested checkout %s on this platform (%s)",
                         shown, cshown, kname);
                LogRecord *rec = log_record_new(LOG_WARN, "bind-unsupported");
                log_record_path(rec, "checkout", c->path);
                log_record_path(rec, "path", shown_as);
                if (!streq(shown_as, path))
                        log_record_path(rec, "found", path);
                log_record_str(rec, "kind", kname);
                log_submit(w->c.log, rec, "%s", msg);
                return;
        }
        if (r == -ELOOP) {
                snprintf(msg, sizeof msg, "path policy: %s in nested checkout %s is a symlink (or under one): not bound (%s)",
                         shown, cshown, kname);
                record(w, LOG_WARN, "symlink-not-bound", c, path, kname, 0, msg);
                return;
        }
        snprintf(msg, sizeof msg, "path policy: could not bind %s in nested checkout %s (%s): %s at %s", shown, cshown,
                 kname, strerror(-r), platform_bind_step_to_string(info.step));
        record(w, LOG_WARN, "bind-failed", c, path, kname, -r, msg);
}

static PlatformBindKind action_kind(const PolicyAction *a) {
        return a->kind == POLICY_MASK_FILE ? PLATFORM_MASK_FILE : a->kind == POLICY_MASK_DIR ? PLATFORM_MASK_DIR
                                                                                               : PLATFORM_PROTECT;
}

static void close_pidfds(Checkout *c) {
        for (size_t i = 0; i < c->n_pidfds; i++)
                close(c->pidfds[i]);
        free(c->pidfds);
        c->pidfds = NULL;
        c->n_pidfds = 0;
}

static void checkout_free(Watch *w, Checkout *c) {
        if (c->pending)
                w->n_pending--;
        close_pidfds(c);
        free(c->path);
        free(c);
}

static void timer_cb(uv_timer_t *t);
static void bind_actions(Watch *w, Checkout *c, bool with_protects);

static void start_pending(Watch *w, Checkout *c) {
        /* Which git processes to wait for is read at the next tick, once
         * for every checkout found since: one /proc walk, not one per
         * checkout (a scan can find thousands). Taken after the .git was
         * seen, it holds every git that could have made it. */
        close_pidfds(c);
        c->needs_processes = true;
        uint64_t now = uv_now(w->c.loop);
        c->deadline = now + w->c.git_deadline_ms;
        c->last_event = now;
        if (!c->pending)
                w->n_pending++;
        c->pending = true;
        if (!uv_is_active((uv_handle_t *) &w->timer))
                uv_timer_start(&w->timer, timer_cb, w->c.git_check_ms, w->c.git_check_ms);
}

/* The gitdir of c, relative to the root; NULL (and a warning) when it is
 * not beneath the root. */
static char *gitdir_of(Watch *w, Checkout *c) {
        char buf[PATH_MAX + 16], msg[1024];
        _cleanup_free_ char *dotgit = join(c->path, ".git"), *joined = NULL;

        if (!dotgit)
                return NULL;
        if (!c->gitfile)
                return TAKE_PTR(dotgit);

        /* Read the way git reads it: "gitdir: " at offset 0, the rest of the
         * first line, trailing CR/LF stripped. */
        int r = w->c.binder->read(w->binder, dotgit, buf, sizeof buf);
        const char *why = NULL;
        if (r < 0)
                why = strerror(-r);
        else if (strncmp(buf, "gitdir: ", 8) != 0)
                why = "no 'gitdir: ' line";
        if (!why) {
                char *v = buf + 8;
                v[strcspn(v, "\n")] = 0;
                size_t n = strlen(v);
                while (n > 0 && (v[n - 1] == '\r' || v[n - 1] == '\n'))
                        v[--n] = 0;
                size_t rl = strlen(w->root_abs);
                if (v[0] == '/') {
                        if (strncmp(v, w->root_abs, rl) == 0 && v[rl] == '/')
                                joined = path_normalize(v + rl + 1);
                        else
                                why = "it names a gitdir outside the root";
                } else {
                        _cleanup_free_ char *j = join(c->path, v);
                        joined = j ? path_normalize(j) : NULL;
                        if (!joined)
                                why = "it names a gitdir outside the root";
                }
        }
        if (!why && joined) {
                /* Beneath the root without symlinks, as the engine resolves. */
                PlatformBindInfo info;
                r = w->c.binder->check(w->binder, PLATFORM_PROTECT, joined, &info);
                if (r < 0)
                        why = r == -ELOOP ? "its gitdir is reached through a symlink" : strerror(-r);
        }
        if (!why && joined)
                return TAKE_PTR(joined);

        _cleanup_free_ char *shown = escape_for_display(dotgit);
        snprintf(msg, sizeof msg, "path policy: %s: %s: git metadata of nested checkout %s not protected", shown,
                 why ? why : "out of memory", c->path);
        record(w, LOG_WARN, "gitdir-refused", c, dotgit, NULL, 0, msg);
        return NULL;
}

/* Whether git still holds a lock in gitdir g. */
static bool locked(Watch *w, const char *g) {
        for (size_t i = 0; i < ELEMENTSOF(git_locks); i++) {
                _cleanup_free_ char *p = join(g, git_locks[i]);
                PlatformBindInfo info;
                if (p && w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) == 0)
                        return true;
        }
        return false;
}

static void protect_gitdir(Watch *w, Checkout *c, const char *g) {
        for (size_t i = 0; i < ELEMENTSOF(git_metadata); i++) {
                _cleanup_free_ char *p = join(g, git_metadata[i]);
                if (p)
                        bind_path(w, c, PLATFORM_PROTECT, p);
        }
}

static void protect_git(Watch *w, Checkout *c, const char *reason) {
        _cleanup_free_ char *g = gitdir_of(w, c);
        char buf[PATH_MAX], msg[1024];

        c->pending = false;
        w->n_pending--;
        close_pidfds(c);
        /* The policy's protects in the worktree, held back while git ran. */
        bind_actions(w, c, true);
        if (!g)
                return;

        protect_gitdir(w, c, g);
        /* The policy's own lines under .git, onto this gitdir. */
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (!is_git_entry(a->path) || a->kind != POLICY_PROTECT || !a->path[4])
                        continue;
                _cleanup_free_ char *p = join(g, a->path + 5);
                if (p)
                        bind_path(w, c, PLATFORM_PROTECT, p);
        }
        /* A linked worktree or submodule shares config and hooks with its
         * common dir. The root's own is enforce's (and the host's). */
        _cleanup_free_ char *cd_file = join(g, "commondir");
        if (cd_file && w->c.binder->read(w->binder, cd_file, buf, sizeof buf) > 0) {
                buf[strcspn(buf, "\r\n")] = 0;
                _cleanup_free_ char *j = join(g, buf), *cd = j ? path_normalize(j) : NULL;
                if (cd && !streq(cd, ".git"))
                        protect_gitdir(w, c, cd);
        }

        w->stats.git_protected++;
        _cleanup_free_ char *shown = escape_for_display(c->path);
        if (w->c.binder->warn_only)
                snprintf(msg, sizeof msg,
                         "path policy: checked the git metadata of nested checkout %s (%s): nothing can be "
                         "protected on this platform",
                         shown, reason);
        else
                snprintf(msg, sizeof msg, "path policy: protected the git metadata of nested checkout %s (%s)", shown,
                         reason);
        LogRecord *r = log_record_new(LOG_INFO, "git-protected");
        log_record_path(r, "checkout", c->path);
        log_record_path(r, "gitdir", g);
        log_record_str(r, "reason", reason);
        log_submit(w->c.log, r, "%s", msg);
}

/* Is c's git done? Drops the git processes that have exited. */
static bool git_done(Watch *w, Checkout *c, uint64_t now) {
        size_t j = 0;
        for (size_t i = 0; i < c->n_pidfds; i++) {
                if (w->c.process_exited(c->pidfds[i]) == 0)
                        c->pidfds[j++] = c->pidfds[i];
                else
                        close(c->pidfds[i]);
        }
        c->n_pidfds = j;
        if (j > 0 || now - c->last_event < w->c.git_quiet_ms)
                return false;
        _cleanup_free_ char *g = c->gitfile ? NULL : join(c->path, ".git");
        return !g || !locked(w, g);
}

/* Give every checkout that needs them the git processes alive now. */
static void take_processes(Watch *w) {
        int *fds = NULL;
        size_t n = 0;
        const char *key;
        void *v;
        bool taken = false;

        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (!c->pending || !c->needs_processes)
                        continue;
                if (!taken && w->c.git_processes(&fds, &n) < 0) {
                        fds = NULL;
                        n = 0;
                }
                taken = true;
                c->needs_processes = false;
                c->pidfds = n ? calloc(n, sizeof *c->pidfds) : NULL;
                for (size_t k = 0; c->pidfds && k < n; k++) {
                        int d = fcntl(fds[k], F_DUPFD_CLOEXEC, 3);
                        if (d >= 0)
                                c->pidfds[c->n_pidfds++] = d;
                }
        }
        for (size_t k = 0; k < n; k++)
                close(fds[k]);
        free(fds);
}

static void timer_cb(uv_timer_t *t) {
        Watch *w = t->data;
        uint64_t now = uv_now(w->c.loop);
        const char *key;
        void *v;

        take_processes(w);

        /* Protecting binds paths, which never changes the checkouts map. */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (!c->pending)
                        continue;
                if (now >= c->deadline)
                        protect_git(w, c, "deadline reached while git still ran");
                else if (git_done(w, c, now))
                        protect_git(w, c, "git finished");
        }
        if (w->n_pending == 0)
                uv_timer_stop(t);
}

/* Bind the policy's actions outside .git that exist in c: masks, and the
 * protects too when with_protects. A protect waits while the git that made
 * the checkout runs: git is still writing there (a clone checks out
 * .claude/ after making it), and a read-only bind would fail it. */
static void bind_actions(Watch *w, Checkout *c, bool with_protects) {
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (is_git_entry(a->path) || (a->kind == POLICY_PROTECT && !with_protects))
                        continue;
                _cleanup_free_ char *p = join(c->path, a->path);
                if (p)
                        bind_path(w, c, action_kind(a), p);
        }
}

static void discover(Watch *w, const char *path, bool gitfile) {
        char msg[1024];
        Checkout *c = hashmap_get(w->checkouts, path);
        if (c) {
                c->gitfile = gitfile;
                return;
        }
        c = calloc(1, sizeof *c);
        if (!c || !(c->path = strdup(path)) || track(w, w->checkouts, path, c) < 0) {
                if (c)
                        free(c->path);
                free(c);
                return;
        }
        c->gitfile = gitfile;
        _cleanup_free_ char *shown = escape_for_display(path);
        snprintf(msg, sizeof msg, "path policy: found nested checkout %s", shown);
        record(w, LOG_INFO, "checkout", c, NULL, NULL, 0, msg);

        /* Masks now, for what exists; protects once git is done. */
        start_pending(w, c);
        bind_actions(w, c, false);
}

static void on_found(void *userdata, const char *rel, WatchType type) {
        Watch *w = userdata;
        const char *slash = strrchr(rel, '/'), *name = slash ? slash + 1 : rel;
        char msg[1024];

        if ((w->c.fold_case ? strcasecmp(name, ".git") : strcmp(name, ".git")) == 0 && slash) {
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                if (!parent)
                        return;
                if (type == WATCH_DIR || type == WATCH_FILE)
                        discover(w, parent, type == WATCH_FILE);
                else if (type == WATCH_SYMLINK && !hashmap_contains(w->bound, rel)) {
                        (void) track(w, w->bound, rel, FAILED);
                        _cleanup_free_ char *shown = escape_for_display(rel);
                        snprintf(msg, sizeof msg, "path policy: %s is a symlink named .git: not a checkout", shown);
                        record(w, LOG_WARN, "symlink-git", NULL, rel, NULL, 0, msg);
                }
        }

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
                const char *sub = rel + (s - buf) + 1;
                if (is_git_path(w, sub)) {
                        /* git at work: protection waits for quiet. A new
                         * metadata path after protection: the rule runs again. */
                        if (c->pending)
                                c->last_event = uv_now(w->c.loop);
                        else if (!hashmap_contains(w->bound, rel) && !strstr(sub, ".lock"))
                                start_pending(w, c);
                        continue;
                }
                for (size_t i = 0; i < w->c.policy->n; i++) {
                        const PolicyAction *a = &w->c.policy->actions[i];
                        if (is_git_entry(a->path) || !entry_same_path_fold(a->path, sub, w->c.fold_case))
                                continue;
                        /* Masks never wait; a protect waits for git (see bind_actions). */
                        if (a->kind == POLICY_PROTECT && c->pending)
                                continue;
                        _cleanup_free_ char *as = join(c->path, a->path);
                        bind_path_as(w, c, action_kind(a), rel, as ? as : rel);
                }
        }
}

/* Forget rel and everything below it in map; free Checkouts with it. */
static void forget(Watch *w, Hashmap *map, const char *rel, bool checkouts) {
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
                untrack(w, map, k);
                if (checkouts)
                        checkout_free(w, v);
        }
}

static void on_gone(void *userdata, const char *rel) {
        Watch *w = userdata;
        forget(w, w->checkouts, rel, true);
        forget(w, w->bound, rel, false);
        /* Its .git gone: the directory is no checkout any more. */
        const char *slash = strrchr(rel, '/');
        if (slash && streq(slash + 1, ".git")) {
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                Checkout *c = parent ? untrack(w, w->checkouts, parent) : NULL;
                if (c)
                        checkout_free(w, c);
        }
}

static void on_rescan(void *userdata) {
        Watch *w = userdata;
        record(w, LOG_WARN, "rescan", NULL, NULL, NULL, 0,
               "path policy: the watcher lost events (queue overflow): scanning everything again");
        forget(w, w->checkouts, "", true);
        forget(w, w->bound, "", false);
}

static void on_ready(void *userdata) {
        Watch *w = userdata;
        char msg[256];
        snprintf(msg, sizeof msg, "path policy: watching %s: %zu nested checkout(s)", w->c.root,
                 hashmap_size(w->checkouts));
        LogRecord *r = log_record_new(LOG_INFO, "watch-ready");
        log_record_int(r, "checkouts", (int64_t) hashmap_size(w->checkouts));
        log_submit(w->c.log, r, "%s", msg);
}

static void on_warn(void *userdata, const char *rel, int err, const char *what) {
        Watch *w = userdata;
        char msg[1024];
        _cleanup_free_ char *shown = escape_for_display(rel);
        snprintf(msg, sizeof msg, "path policy: %s: %s%s%s", shown[0] ? shown : ".", what, err ? ": " : "",
                 err ? strerror(err) : "");
        record(w, LOG_WARN, "watch-warning", NULL, rel, NULL, err, msg);
}

static void on_pass(void *userdata, size_t entries, unsigned ticks) {
        Watch *w = userdata;
        LogRecord *r = log_record_new(LOG_DEBUG, "poll-pass");
        log_record_int(r, "entries", (int64_t) entries);
        log_record_int(r, "ticks", ticks);
        log_submit(w->c.log, r, "path policy: walked %zu entries in %u tick(s)", entries, ticks);
}

const WatchCallbacks watch_callbacks = {
        .pass = on_pass,
        .found = on_found,
        .gone = on_gone,
        .rescan = on_rescan,
        .ready = on_ready,
        .warn = on_warn,
};

int watch_new(const WatchConfig *c, Watch **ret) {
        Watch *w = calloc(1, sizeof *w);
        int r;

        if (!w)
                return -ENOMEM;
        w->c = *c;
        /* The root as given by whoever started us, made absolute to compare
         * with the absolute gitdir lines git writes; git writes them with
         * symlinks resolved, so resolve the root's too. It is the admin's
         * path, not the agent's, and nothing is mounted through it. */
        w->root_abs = realpath(c->root, NULL);
        w->checkouts = hashmap_new();
        w->bound = hashmap_new();
        w->below = hashmap_new();
        if (!w->root_abs || !w->checkouts || !w->bound || !w->below) {
                r = w->root_abs ? -ENOMEM : -errno;
                watch_free(w);
                return r;
        }
        r = c->binder->open(c->root, &w->binder);
        if (r < 0) {
                w->binder = NULL;
                watch_free(w);
                return r;
        }
        uv_timer_init(c->loop, &w->timer);
        w->timer.data = w;
        *ret = w;
        return 0;
}

void watch_stop(Watch *w) {
        uv_close((uv_handle_t *) &w->timer, NULL);
}

void watch_free(Watch *w) {
        if (!w)
                return;
        if (w->checkouts) {
                forget(w, w->checkouts, "", true);
                hashmap_free(w->checkouts);
        }
        if (w->bound)
                forget(w, w->bound, "", false);
        hashmap_free(w->bound);
        hashmap_free(w->below);
        if (w->binder)
                w->c.binder->close(w->binder);
        free(w->root_abs);
        free(w);
}

void watch_stats(const Watch *w, WatchStats *ret) {
        *ret = w->stats;
        ret->checkouts = hashmap_size(w->checkouts);
        ret->bound = hashmap_size(w->bound);
        ret->pending = w->n_pending;
}

bool watch_is_checkout(const Watch *w, const char *rel) {
        return hashmap_contains(w->checkouts, rel);
}
