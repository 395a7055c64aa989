/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
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

const WatcherOps *platform_watcher_auto(const char *root, char *why, size_t n) {
        (void) root;
        snprintf(why, n, "auto: the only backend of this build");
        return &poll_watcher;
}

const BinderOps *platform_binder_for(const WatcherOps *w) {
        (void) w;
        return &warn_binder;
}

const FileOps *platform_files_for(const BinderOps *b) {
        (void) b;
        return &warn_files;
}

/* No openat2 here: the path is walked a component at a time. */
int platform_open_beneath(int dirfd, const char *path, int flags, int *ret_fd) {
        return walk_open_beneath(dirfd, path, flags, ret_fd);
}

int platform_probe_beneath(int dirfd, const char *path) {
        return walk_probe_beneath(dirfd, path);
}

/* Nothing tells a poller of a change as it happens: the judge caches no
 * lookup here, and asks the disk each time. */
int platform_changes_new(PlatformChanges **ret) {
        (void) ret;
        return -ENOSYS;
}

void platform_changes_free(PlatformChanges *c) {
        (void) c;
}

int platform_changes_watch(PlatformChanges *c, int dirfd, const char *path) {
        (void) c, (void) dirfd, (void) path;
        return -ENOSYS;
}

int platform_changes_check(PlatformChanges *c) {
        (void) c;
        return -ENOSYS;
}
