/* SPDX-License-Identifier: MIT */
#pragma once

#include <uv.h>

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
 * directory, or a file naming the gitdir). For every policy action, C/PATH
 * is bound when it exists: at discovery, or when it appears. Masks go on at
 * once. Protects, and the checkout's git metadata, go on only once the git
 * that made the checkout is done (a protect while git still writes there,
 * like a clone checking out .claude/, would fail it): every git process alive
 * when the checkout appeared has exited, nothing happened in the gitdir for
 * git_quiet_ms, and it holds no lock file; or git_deadline_ms after the
 * checkout appeared, whatever git does (so protection cannot be postponed
 * for ever). Nothing is bound at the root itself: that is enforce's job.
 */

typedef struct WatchConfig {
        uv_loop_t *loop;
        const char *root;        /* for messages */
        const Policy *policy;
        const BinderOps *binder; /* opened on root by watch_new */
        LogStream *log;
        unsigned git_quiet_ms;    /* default 250 */
        unsigned git_deadline_ms; /* default 60000 */
        unsigned git_check_ms;    /* default 50 */
        bool fold_case;           /* names match in either case (a case-insensitive volume) */
        /* Where git processes come from: platform_git_processes, or a fake. */
        int (*git_processes)(int **ret, size_t *ret_n);
        int (*process_exited)(int pidfd);
} WatchConfig;

typedef struct Watch Watch;

typedef struct WatchStats {
        size_t checkouts, bound, pending;
        uint64_t binds, bind_failures, git_protected;
} WatchStats;

void watch_config_init(WatchConfig *c);
int watch_new(const WatchConfig *c, Watch **ret);
void watch_free(Watch *w); /* after the loop let go of its timer */
void watch_stop(Watch *w); /* close the timer */
void watch_stats(const Watch *w, WatchStats *ret);
bool watch_is_checkout(const Watch *w, const char *rel);

/* The backend's events go here, with the Watch as userdata. */
extern const WatchCallbacks watch_callbacks;
