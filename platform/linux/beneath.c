/* SPDX-License-Identifier: MIT */
/*
 * The resolver of the contract on Linux: the kernel walks the path itself,
 * beneath the directory, refusing symlinks, magic links and escapes as it
 * goes (openat2, Linux >= 5.6), so a racer cannot swap a component between
 * our check and our use of it.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "beneath.h"
#include "platform.h"

int linux_openat2(int dirfd, const char *path, uint64_t flags, uint64_t resolve, int *ret_fd) {
        struct open_how how = {.flags = flags, .resolve = resolve};

        for (int i = 0; i < OPENAT2_RETRIES; i++) {
                int fd = (int) syscall(SYS_openat2, dirfd, path, &how, sizeof how);
                if (fd >= 0) {
                        *ret_fd = fd;
                        return 0;
                }
                if (errno != EAGAIN)
                        return -errno;
        }
        return -EAGAIN;
}

/* Whether path has a ".." component. */
static bool has_dotdot(const char *path) {
        for (const char *c = path; (c = strstr(c, "..")); c += 2)
                if ((c == path || c[-1] == '/') && (c[2] == 0 || c[2] == '/'))
                        return true;
        return false;
}

int linux_open_beneath(int dirfd, const char *path, int flags, uint64_t resolve, int *ret_fd) {
        uint64_t f = (uint64_t) flags | O_NOFOLLOW | O_CLOEXEC;

        if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) /* O_TMPFILE holds O_DIRECTORY */
                return -EINVAL;
        /* The kernel says the same of both; said here so that the two
         * implementations answer alike before either touches the disk. */
        if (strnlen(path, PATH_MAX) >= PATH_MAX)
                return -ENAMETOOLONG;
        if (path[0] == '/' || has_dotdot(path))
                return -EXDEV;
        /* openat2 refuses any flag but O_DIRECTORY, O_NOFOLLOW and
         * O_CLOEXEC next to O_PATH (EINVAL), and needs none: an O_PATH open
         * never blocks. */
        if (!(flags & O_PATH))
                f |= O_NONBLOCK;
        return linux_openat2(dirfd, path[0] ? path : ".", f,
                             RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | resolve,
                             ret_fd);
}

int platform_open_beneath(int dirfd, const char *path, int flags, int *ret_fd) {
        return linux_open_beneath(dirfd, path, flags, 0, ret_fd);
}

int platform_probe_beneath(int dirfd, const char *path) {
        struct stat st;
        int fd, r;

        if (strnlen(path, PATH_MAX) >= PATH_MAX)
                return -ENAMETOOLONG;
        if (path[0] == '/' || has_dotdot(path))
                return -EXDEV;
        /* One name: its lstat says it all, in one call (a syscall costs
         * a microsecond or more in a VM, more than the lookup itself). */
        if (path[0] && !strchr(path, '/')) {
                if (fstatat(dirfd, path, &st, AT_SYMLINK_NOFOLLOW) < 0)
                        return -errno;
                return S_ISLNK(st.st_mode) ? -ELOOP : 0;
        }
        /* Without O_NOFOLLOW, RESOLVE_NO_SYMLINKS refuses a symlink at the
         * last component too: a success needs no fstat to say it is none.
         * The kernel walks the components in order, so -ENOENT and
         * -ENOTDIR come only after real directories. */
        r = linux_openat2(dirfd, path[0] ? path : ".", O_PATH | O_CLOEXEC,
                          RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS, &fd);
        if (r < 0)
                return r;
        close(fd);
        return 0;
}

int linux_open_entry(int dirfd, const char *path, int *ret_fd) {
        char buf[PATH_MAX];
        size_t n = strlen(path);

        if (n == 0 || n >= sizeof buf)
                return -EINVAL;
        memcpy(buf, path, n + 1);
        if (n > 1 && buf[n - 1] == '/')
                buf[n - 1] = 0;
        return platform_open_beneath(dirfd, buf, O_PATH, ret_fd);
}

int linux_statx_entry(int fd, struct statx *ret) {
        if (statx(fd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW,
                  STATX_TYPE | STATX_NLINK | STATX_INO | STATX_MNT_ID, ret) < 0)
                return -errno;
        return 0;
}
