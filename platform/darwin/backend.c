/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "platform.h"
#include "walk.h"

/* Portable POSIX: this file also builds on Linux with -Dwatcher=poll. */

const char *platform_backend_name(void) {
        return "poll";
}

/* No bind mounts here: the poller, warn-only, is all there is. */
const WatcherOps *platform_watcher_by_name(const char *name) {
        if (!name || strcmp(name, "poll") == 0)
                return &poll_watcher;
        return NULL;
}

const BinderOps *platform_binder_for(const WatcherOps *w) {
        (void) w;
        return &warn_binder;
}

/* No openat2 here: the path is walked a component at a time. */
int platform_open_beneath(int dirfd, const char *path, int flags, int *ret_fd) {
        return walk_open_beneath(dirfd, path, flags, ret_fd);
}
