/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "platform.h"

const char *platform_backend_name(void) {
        return "inotify";
}

/* Linux has both: inotify with the mount engine (the default), and the
 * portable poller, warn-only, as on Darwin. */
const WatcherOps *platform_watcher_by_name(const char *name) {
        if (!name || strcmp(name, "inotify") == 0)
                return &inotify_watcher;
        if (strcmp(name, "poll") == 0)
                return &poll_watcher;
        return NULL;
}

const BinderOps *platform_binder_for(const WatcherOps *w) {
        return w == &inotify_watcher ? &mount_binder : &warn_binder;
}

const FileOps *platform_files_for(const BinderOps *b) {
        return b == &mount_binder ? &mount_files : &warn_files;
}
