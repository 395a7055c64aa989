/* SPDX-License-Identifier: MIT */
/* The root FileOps work beneath (files-root.h): portable POSIX. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "files-root.h"
#include "platform.h"

int files_root_open(const char *root, int flags, void **ret) {
        FilesRoot *f = malloc(sizeof *f);
        if (!f)
                return -ENOMEM;
        f->fd = open(root, flags | O_DIRECTORY | O_CLOEXEC);
        if (f->fd < 0) {
                int r = -errno;
                free(f);
                return r;
        }
        *ret = f;
        return 0;
}

void files_root_close(void *p) {
        FilesRoot *f = p;
        if (!f)
                return;
        close(f->fd);
        free(f);
}

int files_root_list(void *p, const char *path, void (*emit)(void *ctx, const char *name), void *ctx) {
        FilesRoot *f = p;
        int fd, r = platform_open_beneath(f->fd, path, O_RDONLY | O_DIRECTORY, &fd);
        if (r < 0)
                return r;
        return platform_list_fd(fd, emit, ctx);
}
