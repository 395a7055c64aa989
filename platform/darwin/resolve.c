/* SPDX-License-Identifier: MIT */
#include "platform.h"
#include "resolve.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

int resolve_dir(int root_fd, const char *rel) {
        char buf[PATH_MAX];
        int fd = openat(root_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

        if (fd < 0)
                return -errno;
        if (strlen(rel) >= sizeof buf) {
                close(fd);
                return -ENAMETOOLONG;
        }
        strcpy(buf, rel);
        for (char *save = NULL, *c = strtok_r(buf, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
                int next = openat(fd, c, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
                int e = errno;
                close(fd);
                if (next < 0) {
                        /* O_NOFOLLOW on a symlink: ELOOP (EMLINK on some BSDs). */
                        return e == EMLINK ? -ELOOP : -e;
                }
                fd = next;
        }
        return fd;
}

int resolve_stat(int root_fd, const char *rel, struct stat *st, int *ret_dirfd, const char **ret_name) {
        char parent[PATH_MAX];
        const char *slash = strrchr(rel, '/'), *name = slash ? slash + 1 : rel;
        size_t pl = slash ? (size_t) (slash - rel) : 0;
        int dfd;

        if (pl >= sizeof parent || !name[0])
                return -EINVAL;
        memcpy(parent, rel, pl);
        parent[pl] = 0;
        dfd = resolve_dir(root_fd, parent);
        if (dfd < 0)
                return dfd;
        if (fstatat(dfd, name, st, AT_SYMLINK_NOFOLLOW) < 0) {
                int e = -errno;
                close(dfd);
                return e;
        }
        if (ret_dirfd) {
                *ret_dirfd = dfd;
                *ret_name = rel + (name - rel);
        } else
                close(dfd);
        return 0;
}

int platform_case_insensitive(const char *path) {
#ifdef _PC_CASE_SENSITIVE
        long v = pathconf(path, _PC_CASE_SENSITIVE);
        if (v < 0)
                return errno ? -errno : 0;
        return v == 0;
#else
        (void) path;
        return 0; /* Linux: case-sensitive, but for --case-insensitive */
#endif
}
