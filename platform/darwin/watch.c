/* SPDX-License-Identifier: MIT */
/* The bounded poller comes with the Darwin backend; until then this
 * backend cannot watch, and says so. */
#include <errno.h>

#include "platform.h"

static int none_start(struct uv_loop_s *loop, const char *root, const WatchCallbacks *cb, void *userdata, void **ret) {
        (void) loop;
        (void) root;
        (void) cb;
        (void) userdata;
        (void) ret;
        return -ENOSYS;
}

static void none_stop(void *w) {
        (void) w;
}

const WatcherOps platform_watcher = {
        .start = none_start,
        .stop = none_stop,
        .free = none_stop,
};
