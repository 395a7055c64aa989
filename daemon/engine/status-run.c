/* SPDX-License-Identifier: MIT */
#include "status-run.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

#include "array.h"
#include "platform.h"
#include "util.h"

/* What git reads of a .git file or a commondir is a path: one that needs
 * more than this cannot be resolved by anyone anyway (as the watcher). */
#define GITFILE_MAX (2 * PATH_MAX)

typedef struct Disk {
        int root_fd;
        char *root_abs;
} Disk;

static char *join(const char *a, const char *b) {
        char *s = NULL;
        if (asprintf(&s, "%s%s%s", a, a[0] ? "/" : "", b) < 0)
                return NULL;
        return s;
}

/* The directory the .git file or commondir file open at fd names,
 * beneath the root; NULL when it is no regular file, unreadable, no such
 * file, or names a place outside. */
static char *target_of(Disk *d, int fd, bool gitfile, const char *base) {
        _cleanup_free_ char *buf = NULL;
        char *target = NULL;
        struct stat st;
        size_t n;

        if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || read_full_fd(fd, GITFILE_MAX, &buf, &n) < 0 ||
            status_git_target(buf, n, gitfile, base, d->root_abs, &target) < 0)
                return NULL;
        return target;
}

static int disk_dotgit(void *ctx, const char *dir, StatusDotGit *ret) {
        Disk *d = ctx;
        _cleanup_free_ char *dotgit = join(dir, ".git");
        _cleanup_close_ int fd = -EBADF;
        StatusDotGit g = {0};
        struct stat st;
        int r;

        if (!dotgit)
                return -ENOMEM;
        r = platform_open_beneath(d->root_fd, dotgit, O_RDONLY | O_DIRECTORY, &fd);
        if (r >= 0) {
                g.git = STATUS_GIT_DIR;
                g.gitdir = TAKE_PTR(dotgit);
        } else if (r == -ENOENT) {
                *ret = g;
                return 0;
        } else if (r != -ENOTDIR)
                return r;
        else {
                /* A file, or a symlink (which O_DIRECTORY says -ENOTDIR of). */
                r = platform_open_beneath(d->root_fd, dotgit, O_RDONLY, &fd);
                if (r >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
                        g.git = STATUS_GIT_FILE;
                        g.gitdir = target_of(d, fd, true, dir);
                } else if (r >= 0 || r == -ELOOP)
                        g.git = STATUS_GIT_OTHER;
                else
                        return r;
        }
        if (g.gitdir) {
                _cleanup_free_ char *file = join(g.gitdir, "commondir");
                _cleanup_close_ int cfd = -EBADF;
                if (!file) {
                        free(g.gitdir);
                        return -ENOMEM;
                }
                if (platform_open_beneath(d->root_fd, file, O_RDONLY, &cfd) >= 0)
                        g.commondir = target_of(d, cfd, false, g.gitdir);
        }
        *ret = g;
        return 0;
}

static int disk_is_dir(void *ctx, const char *path) {
        Disk *d = ctx;
        _cleanup_close_ int fd = -EBADF;
        return platform_open_beneath(d->root_fd, path, O_RDONLY | O_DIRECTORY, &fd) >= 0;
}

static int group_beneath(int root_fd, char *root_abs, const StatusMount *m, size_t n, Status **ret) {
        Disk d = {root_fd, root_abs};
        StatusProbe probe = {disk_dotgit, disk_is_dir, &d};
        return status_group(m, n, &probe, ret);
}

int status_group_beneath(int root_fd, const StatusMount *m, size_t n, Status **ret) {
        _cleanup_free_ char *root_abs = NULL;
        int r = platform_fd_path(root_fd, &root_abs);
        if (r < 0)
                return r;
        return group_beneath(root_fd, root_abs, m, n, ret);
}

typedef struct Mounts {
        StatusMount *m;
        size_t n, n_allocated;
        int r;
} Mounts;

static void found(void *ctx, const char *path, PlatformBindKind kind) {
        Mounts *ms = ctx;
        char *p;
        if (ms->r < 0)
                return;
        if (ARRAY_GROW(ms->m, ms->n_allocated, ms->n + 1) < 0 || !(p = strdup(path))) {
                ms->r = -ENOMEM;
                return;
        }
        ms->m[ms->n++] = (StatusMount){p, kind};
}

int status_read(const char *root, Status **ret, char **ret_root, char *message, size_t n) {
        _cleanup_free_ char *shown = escape_for_display(root), *root_abs = NULL;
        _cleanup_close_ int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        Mounts ms = {0};
        Status *s = NULL;
        int r;

        if (fd < 0) {
                r = -errno;
                snprintf(message, n, "cannot open %s: %s", shown ? shown : "the root", strerror(-r));
                return r;
        }
        if ((r = platform_fd_path(fd, &root_abs)) < 0) {
                snprintf(message, n, "cannot name %s: %s", shown ? shown : "the root", strerror(-r));
                return r;
        }
        r = platform_bound(root_abs, found, &ms);
        if (r >= 0)
                r = ms.r;
        if (r == -ENOSYS) {
                if (!(s = status_new_unsupported()))
                        r = -ENOMEM;
                else
                        r = 0;
        } else if (r < 0) {
                _cleanup_free_ char *abs_shown = escape_for_display(root_abs);
                snprintf(message, n, "cannot read the mount table below %s: %s",
                         abs_shown ? abs_shown : "the root", strerror(-r));
        } else
                r = group_beneath(fd, root_abs, ms.m, ms.n, &s);
        for (size_t i = 0; i < ms.n; i++)
                free((char *) ms.m[i].path);
        free(ms.m);
        if (r < 0) {
                if (r == -ENOMEM)
                        snprintf(message, n, "out of memory");
                return r;
        }
        *ret = s;
        *ret_root = TAKE_PTR(root_abs);
        return 0;
}
