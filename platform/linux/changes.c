/* SPDX-License-Identifier: MIT */
/*
 * What can change a lookup (platform.h, platform_changes_*): inotify on the
 * directories looked up in, for their entries, and /proc/self/mountinfo
 * for the mount table, both asked in one poll(2). The kernel queues an
 * inotify event inside the rename or unlink that causes it, and marks the
 * mount table inside the mount, so a check made after a change returned
 * has seen it. A change drops every watch at once (a new inotify
 * instance): a directory renamed away and replaced must be watched again
 * under its name, and old watches would only cost limits and wake-ups.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "platform.h"
#include "util.h"

#define CHANGES_MASK                                                                                        \
        (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB |  \
         IN_ONLYDIR | IN_DONT_FOLLOW)

struct PlatformChanges {
        int inotify_fd;
        int mounts_fd;
};

int platform_changes_new(PlatformChanges **ret) {
        _cleanup_close_ int ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (ifd < 0)
                return -errno;
        /* Its poll says POLLPRI once after each change of the table, and
         * that poll itself takes the mark away. */
        _cleanup_close_ int mfd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
        if (mfd < 0)
                return -errno;
        PlatformChanges *c = malloc(sizeof *c);
        if (!c)
                return -ENOMEM;
        c->inotify_fd = TAKE_FD(ifd);
        c->mounts_fd = TAKE_FD(mfd);
        *ret = c;
        return 0;
}

void platform_changes_free(PlatformChanges *c) {
        if (!c)
                return;
        close(c->inotify_fd);
        close(c->mounts_fd);
        free(c);
}

int platform_changes_watch(PlatformChanges *c, int dirfd, const char *path) {
        char p[PATH_MAX];
        /* inotify takes a name only: the directory's own, through its fd's
         * magic link, whatever has become of the name it was opened by. */
        int n = snprintf(p, sizeof p, "/proc/self/fd/%d%s%s", dirfd, path[0] ? "/" : "", path);
        if (n < 0 || (size_t) n >= sizeof p)
                return -ENAMETOOLONG;
        /* dirfd itself is the magic link, to be followed: it is ours. */
        if (inotify_add_watch(c->inotify_fd, p, CHANGES_MASK & ~(path[0] ? 0u : IN_DONT_FOLLOW)) < 0)
                return -errno;
        return 0;
}

int platform_changes_check(PlatformChanges *c) {
        struct pollfd p[2] = {
                {.fd = c->inotify_fd, .events = POLLIN},
                {.fd = c->mounts_fd, .events = POLLPRI},
        };
        int k;
        while ((k = poll(p, 2, 0)) < 0 && errno == EINTR)
                ;
        if (k < 0)
                return -errno;
        if (k == 0)
                return 0;
        /* Every watch dropped with the instance; the events with it. */
        int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (fd < 0)
                return -errno;
        close(c->inotify_fd);
        c->inotify_fd = fd;
        return 1;
}
