/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"

int platform_fd_path(int fd, char **ret) {
        char buf[PATH_MAX];
        struct stat a, b;

#ifdef F_GETPATH
        if (fcntl(fd, F_GETPATH, buf) < 0)
                return -errno;
#else
        char link[64];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, buf, sizeof buf - 1);
        if (n < 0)
                return -errno;
        if ((size_t) n >= sizeof buf - 1)
                return -ENAMETOOLONG;
        buf[n] = 0;
#endif
        /* The name is the kernel's record of how the object was reached;
         * it is the object only if it still leads there (not renamed away,
         * not deleted: "... (deleted)"). */
        if (buf[0] != '/' || fstat(fd, &a) < 0 || stat(buf, &b) < 0 || a.st_dev != b.st_dev ||
            a.st_ino != b.st_ino)
                return -ESTALE;
        char *s = strdup(buf);
        if (!s)
                return -ENOMEM;
        *ret = s;
        return 0;
}
