/* SPDX-License-Identifier: MIT */
/*
 * Whether a directory's names match in either case, on Linux (platform.h):
 * the directory's casefold flag. It only asks; it must not set the flag or
 * decide what a name in the directory is (the core folds, case-fold.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "platform.h"

int platform_case_insensitive(const char *path) {
        /* FS_IOC_GETFLAGS wants an fd that is open for real: an O_PATH
         * one fails with EBADF. O_NONBLOCK: never wait on a FIFO. */
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
        if (fd < 0)
                return -errno;
        /* The kernel writes an int, whatever the ioctl's number says
         * (long); ext4, f2fs and tmpfs (casefold since 6.13) keep
         * FS_CASEFOLD_FL on a directory made case-insensitive (chattr +F,
         * or inherited from its parent, or the whole tmpfs with
         * -o casefold). A filesystem with no flags at all says ENOTTY
         * (or EINVAL, EOPNOTSUPP): then it has no casefold either. */
        int flags = 0;
        int r = ioctl(fd, FS_IOC_GETFLAGS, &flags) < 0 ? -errno : 0;
        close(fd);
        if (r == -ENOTTY || r == -EINVAL || r == -EOPNOTSUPP || r == -ENOSYS)
                return 0;
        if (r < 0)
                return r;
        return (flags & FS_CASEFOLD_FL) != 0;
}
