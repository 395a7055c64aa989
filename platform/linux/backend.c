/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "fan-probe.h"
#include "platform.h"

const char *platform_backend_name(void) {
        return "inotify";
}

/* Linux has three: inotify and fanotify with the mount engine (inotify the
 * default where auto is not asked), and the portable poller, warn-only, as
 * on Darwin. */
const WatcherOps *platform_watcher_by_name(const char *name) {
        if (!name || strcmp(name, "inotify") == 0)
                return &inotify_watcher;
        if (strcmp(name, "fanotify") == 0)
                return &fanotify_watcher;
        if (strcmp(name, "poll") == 0)
                return &poll_watcher;
        return NULL;
}

const BinderOps *platform_binder_for(const WatcherOps *w) {
        return w == &inotify_watcher || w == &fanotify_watcher ? &mount_binder : &warn_binder;
}

/* fanotify where it serves: one mark, no walk of watches, no per-user
 * ceiling (doc/log.md, watch-ready). inotify everywhere else. */
const WatcherOps *platform_watcher_auto(const char *root, char *why, size_t n) {
        char fan[200];
        if (fanotify_probe(root, fan, sizeof fan) >= 0) {
                snprintf(why, n, "auto: %s", fan);
                return &fanotify_watcher;
        }
        snprintf(why, n, "auto: fanotify cannot serve here: %s", fan);
        return &inotify_watcher;
}

const FileOps *platform_files_for(const BinderOps *b) {
        return b == &mount_binder ? &mount_files : &warn_files;
}
