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

#include "files-root.h"
#include "platform.h"
#include "resolve.h"

static int files_open(const char *root, void **ret) {
        return files_root_open(root, O_RDONLY, ret);
}

static int files_read(void *p, const char *path, char *buf, size_t n) {
        FilesRoot *f = p;
        struct stat st;
        const char *name;
        int dfd, fd, r;

        r = resolve_stat(f->fd, path, &st, &dfd, &name);
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

const FileOps warn_files = {
        .open = files_open,
        .read = files_read,
        .list = files_root_list,
        .close = files_root_close,
};
