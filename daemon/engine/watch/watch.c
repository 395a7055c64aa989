/* SPDX-License-Identifier: MIT */
/* The watcher's lifecycle: configuration, new, stop, free, and its statistics.
 * Must not decide anything about a checkout: the other files of watch/ do. */
#include "watch-internal.h"

#include <fcntl.h>

void watch_config_init(WatchConfig *c) {
        *c = (WatchConfig){
                .git_deadline_ms = 60000,
                .git_check_ms = 50,
                .git_recent_ms = 2000,
                .makers_bound = {.max_files = 4096, .max_ms = 20},
                .processes = platform_processes,
                .processes_free = platform_processes_free,
                .pidfd = platform_pidfd,
        };
}

/* A record of the backend's about rel: event at level. */
static void watch_say(Watch *w, LogLevel level, const char *event, const char *rel, int err,
                      const char *what) {
        _cleanup_free_ char *shown = escape_for_display(rel);
        if (!shown)
                return;
        /* A path near PATH_MAX would push the reason out of the line: the
         * line shows its two ends, the record's path field all of it. */
        size_t n = strlen(shown);
        if (n > 400) {
                memmove(shown + 200, "...", 3);
                memmove(shown + 203, shown + n - 200, 201);
        }
        log_event(w->c.log, level, event, LOG_FIELDS(LOG_PATH("path", rel), LOG_ERRNO(err)),
                  "path policy: %s: %s%s{errno}", shown[0] ? shown : ".", what, err ? ": " : "");
}

/* Say a watch-warning: the backend's (on_warn), or a fact the watcher could
 * not keep (out of memory), so that no failed insert goes unsaid. */
void watch_warn(Watch *w, const char *rel, int err, const char *what) {
        watch_say(w, LOG_WARN, "watch-warning", rel, err, what);
}

void watch_blind(Watch *w, const char *rel, int err, const char *what) {
        watch_say(w, LOG_ERROR, "watch-blind", rel, err, what);
}

int watch_new(const WatchConfig *c, Watch **ret) {
        Watch *w = calloc(1, sizeof *w);
        int r;

        if (!w)
                return -ENOMEM;
        w->c = *c;
        /* The root's absolute name, to compare with the absolute gitdir
         * lines git writes (symlinks resolved, as here): the name of the
         * directory opened, not of the string resolved again, and held
         * (watch_root_abs). Nothing is mounted through it: the binder opens
         * the root itself. */
        w->root_fd = open(c->root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        int e = w->root_fd < 0 ? -errno : platform_fd_path(w->root_fd, &w->root_abs);
        w->checkouts = hashmap_new();
        w->bound = hashmap_new();
        w->below = hashmap_new();
        w->dirs = hashmap_new();
        w->wanted = hashmap_new();
        w->former = hashmap_new();
        w->refind = hashmap_new();
        w->emptied = hashmap_new();
        w->differs = hashmap_new();
        w->hashed = hashmap_new();
        w->hooks_added = hashmap_new();
        w->own_locks = hashmap_new();
        w->refused = hashmap_new();
        w->fresh = hashmap_new();
        w->moved = hashmap_new();
        w->hooks_settle = hashmap_new();
        if (!w->moved || !w->hooks_settle || !w->own_locks || !w->refused || !w->fresh || !w->root_abs ||
            !w->checkouts || !w->bound || !w->below || !w->dirs || !w->wanted || !w->former || !w->refind ||
            !w->emptied || !w->differs || !w->hashed || !w->hooks_added) {
                r = e < 0 ? e : -ENOMEM;
                watch_free(w);
                return r;
        }
        r = c->binder->open(c->root, &w->binder);
        if (r < 0) {
                w->binder = NULL;
                watch_free(w);
                return r;
        }
        r = c->files->open(c->root, &w->files);
        if (r < 0) {
                w->files = NULL;
                watch_free(w);
                return r;
        }
        if (!w->c.clock) {
                w->c.clock = &loop_clock;
                w->c.clock_data = c->loop;
        }
        r = w->c.clock->timer_new(w->c.clock_data, makers_timer_cb, w, &w->timer);
        if (r >= 0)
                r = w->c.clock->timer_new(w->c.clock_data, release_timer_cb, w, &w->release_timer);
        if (r >= 0)
                r = w->c.clock->timer_new(w->c.clock_data, index_timer_cb, w, &w->index_timer);
        if (r >= 0)
                r = w->c.clock->timer_new(w->c.clock_data, hooks_timer_cb, w, &w->hooks_timer);
        if (r >= 0)
                r = w->c.clock->timer_new(w->c.clock_data, recheck_timer_cb, w, &w->recheck_timer);
        if (r >= 0)
                r = w->c.clock->timer_new(w->c.clock_data, config_timer_cb, w, &w->config_timer);
        if (r >= 0)
                r = w->c.clock->timer_new(w->c.clock_data, hooks_settle_cb, w, &w->hooks_settle_timer);
        if (r < 0) {
                w->c.clock->timer_free(w->timer);
                w->c.clock->timer_free(w->release_timer);
                w->c.clock->timer_free(w->index_timer);
                w->c.clock->timer_free(w->hooks_timer);
                w->c.clock->timer_free(w->recheck_timer);
                w->c.clock->timer_free(w->config_timer);
                watch_free(w);
                return r;
        }
        *ret = w;
        return 0;
}

void watch_set_watcher(Watch *w, const WatcherOps *ops, void *watcher) {
        w->wops = ops;
        w->watcher = watcher;
}

void watch_stop(Watch *w) {
        const char *key;
        void *v;
        /* The session may end here (the VM stops with the daemon): a key
         * still in a config (a checkout pending, a write no event showed)
         * would wait for the host's git. */
        config_final(w);
        /* The makers' handles close with the loop. */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);)
                drop_makers(v);
        w->c.clock->timer_free(w->timer);
        w->c.clock->timer_free(w->release_timer);
        w->c.clock->timer_free(w->index_timer);
        w->c.clock->timer_free(w->hooks_timer);
        w->c.clock->timer_free(w->recheck_timer);
        w->c.clock->timer_free(w->config_timer);
        w->c.clock->timer_free(w->hooks_settle_timer);
        w->hooks_settle_timer = NULL;
        w->timer = w->release_timer = w->index_timer = w->hooks_timer = w->recheck_timer = w->config_timer =
                NULL;
        /* The names still counted are said while the log still runs. */
        hooks_forget(w);
}

void watch_free(Watch *w) {
        if (!w)
                return;
        if (w->checkouts) {
                forget_below(w, w->checkouts, "", true);
                hashmap_free(w->checkouts);
        }
        if (w->bound)
                forget_below(w, w->bound, "", false);
        hashmap_free(w->bound);
        counts_free(w->below);
        counts_free(w->dirs);
        counts_free(w->wanted);
        hashmap_free(w->former);
        hashmap_free(w->refind);
        hashmap_free(w->emptied);
        hashmap_free(w->differs);
        if (w->hashed) {
                const char *key;
                void *v;
                for (size_t i = 0; hashmap_next(w->hashed, &i, &key, &v);)
                        free(v);
                hashmap_free(w->hashed);
        }
        hooks_forget(w);
        hashmap_free(w->hooks_added);
        hooks_settle_forget(w);
        config_forget(w);
        counts_free(w->moved); /* each Moved is one allocation */
        if (w->binder)
                w->c.binder->close(w->binder);
        if (w->files)
                w->c.files->close(w->files);
        free(w->root_abs);
        if (w->root_fd >= 0)
                close(w->root_fd);
        free(w);
}

const char *watch_root_abs(Watch *w) {
        char *now = NULL;
        if (platform_fd_path(w->root_fd, &now) < 0)
                return w->root_abs; /* the name from before: nothing better */
        if (strcmp(now, w->root_abs) == 0) {
                free(now);
                return w->root_abs;
        }
        free(w->root_abs);
        w->root_abs = now;
        return now;
}

uv_loop_t *watch_loop(const Watch *w) {
        return w->c.loop;
}

void watch_stats(const Watch *w, WatchStats *ret) {
        *ret = w->stats;
        ret->checkouts = hashmap_size(w->checkouts);
        ret->bound = hashmap_size(w->bound);
        ret->pending = w->n_pending;
        ret->mounts = w->mounts;
}

bool watch_is_checkout(const Watch *w, const char *rel) {
        return hashmap_contains(w->checkouts, rel);
}
