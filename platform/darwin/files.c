/* SPDX-License-Identifier: MIT */
/*
 * The portable file operations (FileOps, platform.h), paired with the
 * warn-only binder: a file read and a directory listed beneath the root,
 * each component opened with O_NOFOLLOW. It must not write: where nothing
 * is bound there is nothing to renew, replace or discard, and those stay
 * NULL. Portable POSIX.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"
#include "resolve.h"

typedef struct Files {
        int root_fd;
} Files;

static int files_open(const char *root, void **ret) {
        Files *f = calloc(1, sizeof *f);
        if (!f)
                return -ENOMEM;
        f->root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (f->root_fd < 0) {
                int r = -errno;
                free(f);
                return r;
        }
        *ret = f;
        return 0;
}

static void files_close(void *p) {
        Files *f = p;
        if (!f)
                return;
        close(f->root_fd);
        free(f);
}

static int files_read(void *p, const char *path, char *buf, size_t n) {
        Files *f = p;
        struct stat st;
        const char *name;
        int dfd, fd, r;

        r = resolve_stat(f->root_fd, path, &st, &dfd, &name);
        if (r < 0)
                return r;
        if (!S_ISREG(st.st_mode)) {
                close(dfd);
                return -EINVAL; /* never a fifo or a device: reading one could block */
        }
        r = platform_open_beneath(dfd, name, O_RDONLY, &fd);
        close(dfd);
        if (r < 0)
                return r;
        ssize_t k = read(fd, buf, n - 1);
        r = k < 0 ? -errno : (int) k;
        close(fd);
        if (k >= 0)
                buf[k] = 0;
        return r;
}

static int files_list(void *p, const char *path, void (*emit)(void *ctx, const char *name), void *ctx) {
        Files *f = p;
        int fd, r = platform_open_beneath(f->root_fd, path, O_RDONLY | O_DIRECTORY, &fd);
        if (r < 0)
                return r;
        return platform_list_fd(fd, emit, ctx);
}

const FileOps warn_files = {
        .open = files_open,
        .read = files_read,
        .list = files_list,
        .close = files_close,
};
