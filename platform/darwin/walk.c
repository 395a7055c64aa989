/* SPDX-License-Identifier: MIT */
/*
 * Resolving beneath a directory without openat2: one component at a time,
 * each opened with O_NOFOLLOW | O_DIRECTORY from the fd of the one before.
 * A racer who swaps a component for a symlink after we opened it changes
 * nothing for us (we hold the directory, not its name); one who swaps it
 * before gets ELOOP. ".." is refused outright: climbing back through a
 * directory a racer has just moved out of the tree would leave it.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"
#include "util.h"
#include "walk.h"

/* Directories on the way are only searched, as the kernel's own walk does:
 * O_PATH (Linux) and O_SEARCH (POSIX 2008, macOS 13) need no permission to
 * read them. Either refuses a symlink with O_DIRECTORY as ENOTDIR, which
 * step() tells apart from a file. */
#if defined(O_PATH)
#define WALK_DIR_FLAGS (O_PATH | O_DIRECTORY)
#elif defined(O_SEARCH)
#define WALK_DIR_FLAGS (O_SEARCH | O_DIRECTORY | O_NONBLOCK)
#else
#define WALK_DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NONBLOCK)
#endif

/* Open name in dirfd with flags (O_NOFOLLOW among them). A symlink met
 * where a directory is asked for is -ELOOP, as RESOLVE_NO_SYMLINKS says:
 * open(2) says ENOTDIR for it under O_DIRECTORY, and some BSDs say EMLINK
 * under O_NOFOLLOW. */
static int step(int dirfd, const char *name, int flags, bool want_dir, int *ret_fd) {
        struct stat st;
        int fd = openat(dirfd, name, flags);

        if (fd >= 0) {
                *ret_fd = fd;
                return 0;
        }
        if (errno == EMLINK)
                return -ELOOP;
        if (errno == ENOTDIR && want_dir && fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISLNK(st.st_mode))
                return -ELOOP;
        return -errno;
}

/* Whether path has a ".." component: refused before the walk starts, as
 * the Linux resolver does, so both say -EXDEV wherever it is. */
static bool has_dotdot(const char *path) {
        for (const char *c = path; (c = strstr(c, "..")); c += 2)
                if ((c == path || c[-1] == '/') && (c[2] == 0 || c[2] == '/'))
                        return true;
        return false;
}

int walk_open_beneath(int dirfd, const char *path, int flags, int *ret_fd) {
        _cleanup_close_ int fd = -EBADF;
        char name[NAME_MAX + 1];
        int last = flags | O_NOFOLLOW | O_CLOEXEC, r;

        if (flags & O_CREAT)
                return -EINVAL;
#ifdef O_TMPFILE
        if ((flags & O_TMPFILE) == O_TMPFILE) /* O_TMPFILE holds O_DIRECTORY */
                return -EINVAL;
#endif
#ifdef O_PATH
        if (!(flags & O_PATH))
#endif
                last |= O_NONBLOCK;
        if (strnlen(path, PATH_MAX) >= PATH_MAX)
                return -ENAMETOOLONG;
        if (path[0] == '/' || has_dotdot(path))
                return -EXDEV;
        if (!path[0])
                return step(dirfd, ".", last, false, ret_fd);
        for (const char *c = path;;) {
                size_t n = strcspn(c, "/");
                const char *next = c + n;

                while (*next == '/')
                        next++;
                if (n > NAME_MAX)
                        return -ENAMETOOLONG;
                memcpy(name, c, n);
                name[n] = 0;
                /* The last component: opened as the caller asks, never
                 * followed; with a '/' after it, it must be a directory. */
                if (*next == 0) {
                        bool slash = c[n] == '/';
                        return step(fd >= 0 ? fd : dirfd, name, last | (slash ? O_DIRECTORY : 0), slash,
                                    ret_fd);
                }
                int sub;
                r = step(fd >= 0 ? fd : dirfd, name, WALK_DIR_FLAGS | O_NOFOLLOW | O_CLOEXEC, true, &sub);
                if (r < 0)
                        return r;
                closep(&fd);
                fd = sub;
                c = next;
        }
}

int walk_probe_beneath(int dirfd, const char *path) {
        _cleanup_free_ char *dir = NULL;
        _cleanup_close_ int fd = -EBADF;
        struct stat st;
        size_t n = strlen(path);
        int r;

        if (n >= PATH_MAX)
                return -ENAMETOOLONG;
        if (path[0] == '/' || has_dotdot(path))
                return -EXDEV;
        /* A trailing '/' asks for a directory; the name is what is before. */
        bool slash = false;
        while (n > 0 && path[n - 1] == '/')
                n--, slash = true;
        if (n == 0)
                return 0; /* dirfd itself */
        size_t d = n;
        while (d > 0 && path[d - 1] != '/')
                d--;
        if (n - d > NAME_MAX)
                return -ENAMETOOLONG;
        char name[NAME_MAX + 1];
        memcpy(name, path + d, n - d);
        name[n - d] = 0;
        if (d > 0) {
                /* Its directory, with the '/' kept: a symlink there is
                 * -ELOOP, not the -ENOTDIR of O_DIRECTORY. */
                if (!(dir = strndup(path, d)))
                        return -ENOMEM;
                if ((r = walk_open_beneath(dirfd, dir, WALK_DIR_FLAGS, &fd)) < 0)
                        return r;
        }
        if (fstatat(fd >= 0 ? fd : dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                return -errno;
        if (S_ISLNK(st.st_mode))
                return -ELOOP;
        return slash && !S_ISDIR(st.st_mode) ? -ENOTDIR : 0;
}
