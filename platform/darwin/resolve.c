/* SPDX-License-Identifier: MIT */
#include "platform.h"
#include "resolve.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

int resolve_stat(int root_fd, const char *rel, struct stat *st, int *ret_dirfd, const char **ret_name) {
        char parent[PATH_MAX];
        const char *slash = strrchr(rel, '/'), *name = slash ? slash + 1 : rel;
        size_t pl = slash ? (size_t) (slash - rel) : 0;
        int dfd;

        if (pl >= sizeof parent || !name[0])
                return -EINVAL;
        if (strcmp(name, "..") == 0)
                return -EXDEV; /* as platform_open_beneath: never above the root */
        memcpy(parent, rel, pl);
        parent[pl] = 0;
        int r = platform_open_beneath(root_fd, parent, O_RDONLY | O_DIRECTORY, &dfd);
        if (r < 0)
                return r;
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
