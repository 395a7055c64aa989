/* SPDX-License-Identifier: MIT */
/* The git rule: the git processes that made a checkout (/proc, pidfds), and their deadline.
 * Must not bind (it says when; protect.c binds), nor let a long-lived git elsewhere hold it off. */
#include "watch-internal.h"

#include "array.h"

/* Lock files git holds while it writes: while one exists, git is not done. */
static const char *const git_locks[] = {"config.lock", "index.lock", "HEAD.lock", "packed-refs.lock",
                                        "shallow.lock"};

static void maker_closed(uv_handle_t *h) {
        free(h->data);
}

void drop_makers(Checkout *c) {
        for (size_t i = 0; i < c->n_makers; i++) {
                Maker *m = c->makers[i];
                m->c = NULL;
                uv_close((uv_handle_t *) &m->poll, maker_closed);
                close(m->fd);
        }
        free(c->makers);
        c->makers = NULL;
        c->n_makers = c->n_makers_allocated = 0;
}

void start_pending(Watch *w, Checkout *c) {
        /* The makers are read at the next tick (at once, once the events
         * in hand are handled), for every checkout found since: one /proc
         * walk, not one per checkout (a scan can find thousands). */
        if (c->pending)
                return; /* the deadline stands: nobody can push it back */
        if (c->index_pending) {
                c->index_pending = false; /* protect_git looks at the index too */
                w->n_pending--;
        }
        c->needs_makers = true;
        c->appeared_ms = w->c.clock->boot_ms(w->c.clock_data);
        c->deadline = w->c.clock->now_ms(w->c.clock_data) + w->c.git_deadline_ms;
        w->n_pending++;
        c->pending = true;
        w->c.clock->timer_start(w->timer, 0, w->c.git_check_ms);
}

/* A lock git holds in c's gitdir or common dir (its path, malloc'd), or
 * NULL. */
static char *locked(Watch *w, const Checkout *c) {
        const char *dirs[] = {c->gitdir, c->commondir};
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++)
                for (size_t i = 0; dirs[d] && i < ELEMENTSOF(git_locks); i++) {
                        char *p = path_join(dirs[d], git_locks[i]);
                        PlatformBindInfo info;
                        if (p && w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) == 0)
                                return p;
                        free(p);
                }
        return NULL;
}

/* The index of a protected checkout changed: look at it once the git
 * that wrote it is done (the same makers), never under a running git's
 * feet: it would find our index.lock and fail. */
void start_index_work(Watch *w, Checkout *c) {
        if (c->pending || c->index_pending)
                return;
        c->index_pending = true;
        c->needs_makers = true;
        c->appeared_ms = w->c.clock->boot_ms(w->c.clock_data);
        c->deadline = w->c.clock->now_ms(w->c.clock_data) + w->c.git_deadline_ms;
        w->n_pending++;
        w->c.clock->timer_start(w->timer, 0, w->c.git_check_ms);
}

static void end_index_work(Watch *w, Checkout *c) {
        c->index_pending = false;
        w->n_pending--;
        drop_makers(c);
        index_work(w, c);
}

/*
 * A lock with no maker known: a git that started after the makers were
 * taken, or what a git killed while it wrote left behind (a repository
 * copied or moved in with its index.lock). The makers are looked for once
 * more, a process that holds anything in the checkout or its gitdir (the
 * lock open, its working directory); with none, the lock is stale and
 * holds nothing back: waiting for the deadline would only leave the
 * checkout unprotected while nothing runs. Said, as git refuses to write
 * there until someone removes it. Returns whether to wait.
 */
static bool lock_holds(Watch *w, Checkout *c) {
        _cleanup_free_ char *lock = locked(w, c);
        if (!lock) {
                c->lock_looked = false;
                return false;
        }
        if (!c->lock_looked) {
                c->lock_looked = true;
                c->needs_makers = true; /* the next tick */
                return true;
        }
        /* That look was cut short (makers-cut) or failed: the lock may be
         * a git's whose files were not read. It holds, as any lock did
         * before, until the deadline (no walk again at every tick). */
        if (c->makers_partial)
                return true;
        c->lock_looked = false;
        log_event(
                w->c.log, LOG_WARN, "git-lock-stale",
                LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", lock)),
                "path policy: {path} in nested checkout {checkout} is held by no running process (left by a "
                "git that was killed?): not waited for; git refuses to write there until it is removed");
        return false;
}

static void try_protect(Watch *w, Checkout *c) {
        if (c->needs_makers || c->n_makers > 0 || (!c->pending && !c->index_pending) || lock_holds(w, c))
                return;
        if (c->pending)
                protect_git(w, c, "git finished");
        else
                end_index_work(w, c);
}

static void maker_exited(uv_poll_t *h, int status, int events) {
        Maker *m = h->data;
        Checkout *c = m->c;
        (void) status;
        (void) events;
        if (!c)
                return;
        for (size_t i = 0; i < c->n_makers; i++)
                if (c->makers[i] == m) {
                        c->makers[i] = c->makers[--c->n_makers];
                        break;
                }
        m->c = NULL;
        uv_close((uv_handle_t *) &m->poll, maker_closed);
        close(m->fd);
        try_protect(c->w, c);
}

static void add_maker(Watch *w, Checkout *c, int fd) {
        Maker *m = calloc(1, sizeof *m);
        if (!m || ARRAY_GROW(c->makers, c->n_makers_allocated, c->n_makers + 1) < 0 ||
            uv_poll_init(w->c.loop, &m->poll, fd) < 0) {
                free(m);
                close(fd);
                return;
        }
        m->fd = fd;
        m->c = c;
        c->lock_looked = false; /* a lock it leaves is looked at again */
        m->poll.data = m;
        c->makers[c->n_makers++] = m;
        uv_poll_start(&m->poll, UV_READABLE | UV_DISCONNECT, maker_exited);
}

static bool holds(const PlatformProcess *p, const char *dir) {
        if (path_under(p->cwd, dir))
                return true;
        for (char **f = p->files; f && *f; f++)
                if (path_under(*f, dir))
                        return true;
        return false;
}

static bool ends_with_component(const char *a, size_t k, const char *name, size_t n) {
        return k >= n && strncmp(a + k - n, name, n) == 0 &&
               (k == n || a[k - n - 1] == '/' || a[k - n - 1] == ':');
}

/* Whether an argument names the checkout: its last component is the
 * checkout's name ("git init /abs/sub", "git worktree add ../wt"), or that
 * name with ".git" after it ("git clone file:///src/sub.git"). */
static bool names_checkout(const PlatformProcess *p, const char *name) {
        size_t n = strlen(name);
        for (char **a = p->args; a && *a; a++) {
                size_t k = strlen(*a);
                while (k > 1 && (*a)[k - 1] == '/')
                        k--;
                if (ends_with_component(*a, k, name, n) || (k >= 4 && strncmp(*a + k - 4, ".git", 4) == 0 &&
                                                            ends_with_component(*a, k - 4, name, n)))
                        return true;
        }
        return false;
}

static ssize_t find_pid(const PlatformProcess *v, size_t n, int pid) {
        for (size_t i = 0; i < n; i++)
                if (v[i].pid == pid)
                        return (ssize_t) i;
        return -1;
}

/*
 * The makers of a checkout: the git processes that
 *  - work in it: their working directory or an open file is in the checkout
 *    or its gitdir; or
 *  - started at most git_recent_ms before it appeared, or since (git init,
 *    git clone, git worktree add make the checkout within milliseconds of
 *    starting, often with an absolute path from anywhere);
 * then each one's git ancestors (the git command that ran it: a submodule
 * update around its clone), and every descendant of those. A git that ran
 * from before that, anywhere but in this checkout, does not count, so a
 * long-lived git elsewhere cannot hold protection off; a git working in the
 * checkout can, up to the deadline, as it could write there anyway. For
 * an index written again (start_index_work) only a recent git in the
 * checkout counts.
 */
static void take_makers(Watch *w, Checkout *c, const PlatformProcess *v, size_t n) {
        const char *ra = watch_root_abs(w);
        _cleanup_free_ char *cabs = path_join(ra, c->path);
        _cleanup_free_ char *gabs = c->gitdir ? path_join(ra, c->gitdir) : NULL;
        _cleanup_free_ bool *mark = calloc(n + 1, sizeof *mark);
        if (!cabs || !mark)
                return;
        const char *slash = strrchr(c->path, '/'), *name = slash ? slash + 1 : c->path;
        for (size_t i = 0; i < n; i++) {
                const PlatformProcess *p = &v[i];
                if (!p->git)
                        continue;
                /* Recent, and about this checkout: working above it (git
                 * init sub, git clone url) or naming it (an absolute path
                 * from anywhere). A git that merely started at the same
                 * time elsewhere is not its maker. */
                bool recent = p->start_ms + w->c.git_recent_ms >= c->appeared_ms;
                bool in_it = holds(p, cabs) || (gabs && holds(p, gabs));
                /* For an index written again, only a recent git counts:
                 * a long-lived one in the checkout (an editor's cat-file
                 * --batch, an fsmonitor daemon) is not the one that wrote
                 * it, and would hold the work off until the deadline. */
                if (c->index_pending && !c->pending)
                        mark[i] = recent && in_it;
                else
                        mark[i] = in_it || (recent && ((p->cwd && path_under(cabs, p->cwd)) ||
                                                       names_checkout(p, name)));
        }
        /* Up: the git commands that ran them. */
        for (size_t i = 0; i < n; i++) {
                if (!mark[i])
                        continue;
                for (ssize_t j = find_pid(v, n, v[i].ppid), hops = 0; j >= 0 && v[j].git && hops < 64;
                     j = find_pid(v, n, v[j].ppid), hops++)
                        mark[j] = true;
        }
        /* Down: everything they run, whatever its name. */
        for (bool more = true; more;) {
                more = false;
                for (size_t i = 0; i < n; i++) {
                        ssize_t j;
                        if (!mark[i] && (j = find_pid(v, n, v[i].ppid)) >= 0 && mark[j])
                                mark[i] = more = true;
                }
        }
        for (size_t i = 0; i < n; i++) {
                if (!mark[i])
                        continue;
                int fd = w->c.pidfd(v[i].pid, v[i].start_ms);
                if (fd >= 0)
                        add_maker(w, c, fd);
        }
}

/* A walk the bound cut: said, since a git working in a checkout only
 * through a file it holds open may then see its metadata protected before
 * it is done. The record is the same every time (the log coalesces its
 * repeats): a storm of idle gits makes one record and a count. */
static void makers_cut(Watch *w) {
        w->stats.makers_cut++;
        log_event(w->c.log, LOG_WARN, "makers-cut",
                  LOG_FIELDS(LOG_INT("max_files", w->c.makers_bound.max_files),
                             LOG_INT("max_ms", w->c.makers_bound.max_ms)),
                  "path policy: the scan for the git that made a checkout reached its bound ({max_files} "
                  "open files, {max_ms} ms): the files of older git processes were not read");
}

static void take_all_makers(Watch *w) {
        PlatformProcess *v = NULL;
        size_t n = 0;
        const char *key;
        void *val;
        bool taken = false, partial = false;

        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &val);) {
                Checkout *c = val;
                if ((!c->pending && !c->index_pending) || !c->needs_makers)
                        continue;
                if (!taken) {
                        /* One walk for every checkout found since the last
                         * tick, bounded: it runs on the loop. */
                        int r = w->c.processes(&w->c.makers_bound, &v, &n);
                        if (r < 0) {
                                v = NULL;
                                n = 0;
                        } else if (r > 0)
                                makers_cut(w);
                        partial = r != 0;
                }
                taken = true;
                c->needs_makers = false;
                c->makers_partial = partial;
                take_makers(w, c, v, n);
        }
        if (taken)
                w->c.processes_free(v, n);
}

void makers_timer_cb(void *userdata) {
        Watch *w = userdata;
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        const char *key;
        void *v;

        take_all_makers(w);

        /* Protecting binds paths, which never changes the checkouts map. */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (c->pending && now >= c->deadline)
                        protect_git(w, c, "deadline reached while git still ran");
                else if (c->index_pending && now >= c->deadline)
                        end_index_work(w, c);
                else
                        try_protect(w, c);
        }
        if (w->n_pending == 0)
                w->c.clock->timer_stop(w->timer);
}
