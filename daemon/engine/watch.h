/* SPDX-License-Identifier: MIT */
#pragma once

#include <uv.h>

#include "clock.h"
#include "log.h"
#include "platform.h"
#include "policy-file.h"

/*
 * The watcher's decisions, portable: which directories are checkouts, what
 * to bind in each and when. A backend (platform_watcher, or a test's
 * scripted events) calls watch_callbacks; binding goes through a BinderOps
 * (the mount engine, or a fake).
 *
 * A checkout is a directory strictly below the root with its own .git (a
 * directory, or a file naming the gitdir, read exactly as git reads it).
 * For every policy action, C/PATH is bound when it exists: at discovery, or
 * when it appears, and judged again whenever something happens at that
 * name. Masks go on at once. Protects, and the checkout's git metadata, go
 * on once the git that made the checkout is done (a protect while git still
 * writes there, like a clone checking out .claude/, would fail it): the
 * processes that made it (see watch/makers.c) have exited and no lock file
 * is left; or git_deadline_ms after the checkout appeared, whatever git does.
 * Then its git config files and hooks are audited. Nothing is bound at the
 * root itself: that is enforce's job.
 */

typedef struct WatchConfig {
        uv_loop_t *loop;
        const char *root; /* for messages */
        /* The backend's name and why it was picked, for watch-ready; NULL: not said. */
        const char *backend, *backend_why;
        const Policy *policy;
        const BinderOps *binder; /* opened on root by watch_new */
        const FileOps *files;    /* opened on root by watch_new */
        LogStream *log;
        unsigned git_deadline_ms; /* default 60000 */
        unsigned git_check_ms;    /* lock files and the deadline: default 50 */
        unsigned git_recent_ms; /* a git started this long before a checkout appeared may have made it: 2000
                                 */
        size_t mount_budget;    /* new mounts at most; 0: no bound */
        bool fold_case;         /* names match in either case (a case-insensitive volume) */
        /* --git-config audit: a nested checkout's config and config.worktree
         * stay writable (hooks/ stays bound); the audit list's keys are
         * taken out of them at every change (watch/gitconfig.c). false: bound
         * read-only (the default, the spec's). */
        bool git_config_audit;
        /* Where processes come from: platform_*, or a fake. */
        int (*processes)(const PlatformProcessBound *bound, PlatformProcess **ret, size_t *ret_n);
        /* One walk's bound (the walk runs on the loop): default 4096 links, 20 ms. */
        PlatformProcessBound makers_bound;
        void (*processes_free)(PlatformProcess *p, size_t n);
        int (*pidfd)(int pid, uint64_t start_ms);
        /* Every time read and every timer armed (the git rule's checks and
         * deadline, the release of an emptied checkout, "started just
         * before it appeared"): NULL, the loop's own (loop_clock on loop);
         * or a fake the test moves on itself. */
        const ClockOps *clock;
        void *clock_data;
} WatchConfig;

typedef struct Watch Watch;

typedef struct WatchStats {
        size_t checkouts, bound, pending, mounts;
        uint64_t binds, bind_failures, git_protected;
        uint64_t makers_cut;     /* walks for makers the bound cut */
        uint64_t config_refused; /* git-config-refused records (bind mode) */
        uint64_t opens_denied;   /* --no-window: opens and reads denied before a mask */
} WatchStats;

void watch_config_init(WatchConfig *c);
int watch_new(const WatchConfig *c, Watch **ret);
/* The backend, for watch_dir (a gitdir or common dir elsewhere beneath
 * the root); optional. */
void watch_set_watcher(Watch *w, const WatcherOps *ops, void *watcher);
void watch_free(Watch *w); /* after the loop let go of its handles */
void watch_stop(Watch *w); /* close the handles */
void watch_stats(const Watch *w, WatchStats *ret);
/* The loop it runs on (whose data the caller may use for its own). */
uv_loop_t *watch_loop(const Watch *w);
bool watch_is_checkout(const Watch *w, const char *rel);

/* The backend's events go here, with the Watch as userdata. */
extern const WatchCallbacks watch_callbacks;
