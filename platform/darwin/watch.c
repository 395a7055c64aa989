/* SPDX-License-Identifier: MIT */
/*
 * The bounded poller as a backend: platform/darwin/poller.c's walk on a libuv timer,
 * over the real filesystem (portable POSIX). It keeps its cadence: the
 * walk's own time is taken off the next wait.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "poller.h"
#include "platform.h"

typedef struct PollWatcher {
        uv_loop_t *loop;
        uv_timer_t timer;
        int root_fd;
        unsigned interval_ms;
        Poller *poller;
} PollWatcher;

static int fs_list(void *fs, const char *rel, void (*emit)(void *ctx, const char *name, WatchType type),
                   void *ctx) {
        PollWatcher *w = fs;
        DIR *d;
        struct dirent *de;
        int fd, r;

        r = platform_open_beneath(w->root_fd, rel, O_RDONLY | O_DIRECTORY, &fd);
        if (r < 0)
                return r;
        d = fdopendir(fd);
        if (!d) {
                close(fd);
                return -errno;
        }
        while ((de = readdir(d))) {
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                        continue;
                WatchType t;
                if (platform_dirent_type(dirfd(d), de->d_name, de->d_type, &t) == 0)
                        emit(ctx, de->d_name, t); /* else gone meanwhile */
        }
        closedir(d);
        return 0;
}

static void tick(uv_timer_t *t) {
        PollWatcher *w = t->data;
        uint64_t start = uv_hrtime();
        poller_tick(w->poller);
        uint64_t took = (uv_hrtime() - start) / 1000000;
        /* Keep the cadence: the walk's time comes off the next wait. */
        uv_timer_start(&w->timer, tick, took >= w->interval_ms ? 0 : w->interval_ms - took, 0);
}

static int poll_start(uv_loop_t *loop, const char *root, const WatchOptions *o, const WatchCallbacks *cb,
                      void *userdata, void **ret) {
        if (o->no_window)
                return -EOPNOTSUPP; /* a walk cannot hold an open */
        PollWatcher *w = calloc(1, sizeof *w);
        if (!w)
                return -ENOMEM;
        w->loop = loop;
        w->interval_ms = o->interval_ms;
        w->root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (w->root_fd < 0) {
                int r = -errno;
                free(w);
                return r;
        }
        PollFs fs = {.list = fs_list, .fs = w};
        w->poller = poller_new(&fs, o, cb, userdata);
        if (!w->poller) {
                close(w->root_fd);
                free(w);
                return -ENOMEM;
        }
        uv_timer_init(loop, &w->timer);
        w->timer.data = w;
        uv_timer_start(&w->timer, tick, 0, 0);
        *ret = w;
        return 0;
}

static void poll_stop(void *p) {
        PollWatcher *w = p;
        uv_close((uv_handle_t *) &w->timer, NULL);
}

static void poll_free(void *p) {
        PollWatcher *w = p;
        if (!w)
                return;
        poller_free(w->poller);
        close(w->root_fd);
        free(w);
}

const WatcherOps poll_watcher = {
        .name = "poll",
        .start = poll_start,
        .stop = poll_stop,
        .free = poll_free,
};
