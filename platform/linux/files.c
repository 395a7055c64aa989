/* SPDX-License-Identifier: MIT */
/*
 * The file operations on Linux (FileOps, platform.h): what the watcher
 * reads and writes beneath the root, every path resolved with openat2 to an
 * fd first. It must not mount or unmount: discard looks past a mask through
 * a private clone of its parent, which goes with its fd, and the mask stays.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "beneath.h"
#include "files-root.h"
#include "platform.h"
#include "util.h"

static int files_open(const char *root, void **ret) {
        return files_root_open(root, O_PATH, ret);
}

static int files_read(void *p, const char *path, char *buf, size_t n) {
        _cleanup_close_ int rfd = -1;
        struct stat st;
        FilesRoot *f = p;

        int r = platform_open_beneath(f->fd, path, O_RDONLY, &rfd);
        if (r < 0)
                return r;
        if (fstat(rfd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -EINVAL; /* never a fifo or a device: reading one could block */
        ssize_t k = read(rfd, buf, n - 1);
        if (k < 0)
                return -errno;
        buf[k] = 0;
        return (int) k;
}

/* path's parent (into parent, "" for the root) and its last component:
 * -EINVAL for an empty last component or a parent too long. */
static int split_parent(const char *path, char parent[static PATH_MAX], const char **ret_name) {
        const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
        size_t pl = slash ? (size_t) (slash - path) : 0;
        if (!name[0] || pl >= PATH_MAX)
                return -EINVAL;
        memcpy(parent, path, pl);
        parent[pl] = 0;
        *ret_name = name;
        return 0;
}

/*
 * Replace the regular file at path by a copy of itself: the same bytes,
 * mode and owner, a new inode. A hard link made to it before, or a
 * descriptor opened on it, then reaches the old inode, not the file a
 * read-only bind goes on next (a bind protects a name, not an inode).
 * Through fds only: the parent resolved beneath the root with no symlink,
 * the file opened there without following, the copy made as an unnamed
 * O_TMPFILE, named, and renamed over the original.
 */
#define RENEW_MAX (1024 * 1024)
static int files_renew(void *p, const char *path) {
        FilesRoot *f = p;
        char parent[PATH_MAX], tmp[64], proc[64];
        const char *name;
        struct stat st;
        int r;

        if (split_parent(path, parent, &name) < 0)
                return -EINVAL;
        _cleanup_close_ int dfd = -1, src = -1;
        if ((r = platform_open_beneath(f->fd, parent, O_RDONLY | O_DIRECTORY, &dfd)) < 0 ||
            (r = platform_open_beneath(dfd, name, O_RDONLY, &src)) < 0)
                return r;
        if (fstat(src, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -EINVAL;
        if (st.st_size > RENEW_MAX)
                return -EFBIG;
        _cleanup_close_ int dst = openat(dfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, st.st_mode & 07777);
        if (dst < 0)
                return -errno;
        for (;;) {
                char buf[16384];
                ssize_t n = read(src, buf, sizeof buf);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0)
                        return -errno;
                if (n == 0)
                        break;
                for (ssize_t off = 0; off < n;) {
                        ssize_t k = write(dst, buf + off, (size_t) (n - off));
                        if (k < 0 && errno == EINTR)
                                continue;
                        if (k < 0)
                                return -errno;
                        off += k;
                }
        }
        if (fchown(dst, st.st_uid, st.st_gid) < 0 || fchmod(dst, st.st_mode & 07777) < 0)
                return -errno;
        snprintf(tmp, sizeof tmp, PLATFORM_RENEW_PREFIX "%d", (int) getpid());
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", dst);
        (void) unlinkat(dfd, tmp, 0);
        if (linkat(AT_FDCWD, proc, dfd, tmp, AT_SYMLINK_FOLLOW) < 0)
                return -errno;
        if (renameat(dfd, tmp, dfd, name) < 0) {
                r = -errno;
                (void) unlinkat(dfd, tmp, 0);
                return r;
        }
        return 0;
}

/* Open dir (resolved like bind) as a directory fd. */
static int open_dir(FilesRoot *f, const char *dir) {
        int fd, r = platform_open_beneath(f->fd, dir, O_RDONLY | O_DIRECTORY, &fd);
        return r < 0 ? r : fd;
}

/* Read all of the regular file open at fd, up to max bytes. */
static int read_fd_all(int fd, size_t max, char **ret, size_t *ret_n) {
        struct stat st;
        if (fstat(fd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -EINVAL; /* never a fifo or a device: reading one could block */
        if ((uint64_t) st.st_size > max)
                return -EFBIG;
        size_t cap = (size_t) st.st_size + 1, n = 0;
        char *buf = malloc(cap + 1);
        if (!buf)
                return -ENOMEM;
        for (;;) {
                if (n == cap) { /* it grew while we read */
                        if (cap > max) {
                                free(buf);
                                return -EFBIG;
                        }
                        char *nb = realloc(buf, cap * 2 + 1);
                        if (!nb) {
                                free(buf);
                                return -ENOMEM;
                        }
                        buf = nb;
                        cap *= 2;
                }
                ssize_t k = read(fd, buf + n, cap - n);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k < 0) {
                        int r = -errno;
                        free(buf);
                        return r;
                }
                if (k == 0)
                        break;
                n += (size_t) k;
        }
        if (n > max) {
                free(buf);
                return -EFBIG;
        }
        buf[n] = 0;
        *ret = buf;
        *ret_n = n;
        return 0;
}

static int files_identity(void *p, const char *path, PlatformFileId *ret) {
        FilesRoot *f = p;
        _cleanup_close_ int fd = -1;
        struct stat st;
        int r = platform_open_beneath(f->fd, path, O_PATH, &fd);
        if (r < 0)
                return r;
        if (fstat(fd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
                return -EINVAL;
        /* ctime too: a write that put mtime back (touch -d, utimensat)
         * still moves ctime, which no caller can set. */
        *ret = (PlatformFileId){
                .dev = st.st_dev,
                .ino = st.st_ino,
                .size = (uint64_t) st.st_size,
                .mtime_ns = (int64_t) st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec,
                .ctime_ns = (int64_t) st.st_ctim.tv_sec * 1000000000 + st.st_ctim.tv_nsec,
        };
        return 0;
}

static int files_read_all(void *p, const char *path, size_t max, char **ret, size_t *ret_n) {
        FilesRoot *f = p;
        _cleanup_close_ int fd = -1;
        int r = platform_open_beneath(f->fd, path, O_RDONLY, &fd);
        if (r < 0)
                return r;
        return read_fd_all(fd, max, ret, ret_n);
}

static int write_all(int fd, const void *data, size_t n) {
        for (size_t off = 0; off < n;) {
                ssize_t k = write(fd, (const char *) data + off, n - off);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k < 0)
                        return -errno;
                off += (size_t) k;
        }
        return 0;
}

/* The steps of replace once the lock is ours, through fds only. */
static int replace_locked(int dfd, int lfd, const char *name, const char *lock, const void *old,
                          size_t old_n, const void *data, size_t n) {
        _cleanup_close_ int src = -1;
        char *now = NULL;
        size_t now_n = 0;
        struct stat st;
        if (!old) {
                /* No regular file there (a symlink, a fifo): never opened
                 * nor followed, replaced whatever it holds or points at. */
                if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                        return -errno;
                if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
                        return S_ISDIR(st.st_mode) ? -EISDIR : -ESTALE;
                int r = write_all(lfd, data, n);
                if (r < 0)
                        return r;
                if (fchmod(lfd, 0644) < 0 || fchown(lfd, st.st_uid, st.st_gid) < 0 ||
                    renameat(dfd, lock, dfd, name) < 0)
                        return -errno;
                return 0;
        }
        int r = platform_open_beneath(dfd, name, O_RDONLY, &src);
        if (r < 0)
                return r;
        if (fstat(src, &st) < 0)
                return -errno;
        r = read_fd_all(src, old_n, &now, &now_n);
        bool same = r == 0 && now_n == old_n && memcmp(now, old, old_n) == 0;
        free(now);
        if (r == -EFBIG || (r == 0 && !same))
                return -ESTALE;
        if (r < 0)
                return r;
        struct timespec times[2] = {st.st_atim, st.st_mtim};
        if ((r = write_all(lfd, data, n)) < 0)
                return r;
        if (fchmod(lfd, st.st_mode & 07777) < 0 || fchown(lfd, st.st_uid, st.st_gid) < 0 ||
            futimens(lfd, times) < 0 || renameat(dfd, lock, dfd, name) < 0)
                return -errno;
        return 0;
}

static int files_replace(void *p, const char *dir, const char *name, const char *lock, const void *old,
                         size_t old_n, const void *data, size_t n) {
        FilesRoot *f = p;
        if (!name[0] || strchr(name, '/') || !lock[0] || strchr(lock, '/'))
                return -EINVAL;
        _cleanup_close_ int dfd = open_dir(f, dir);
        if (dfd < 0)
                return dfd;
        _cleanup_close_ int lfd =
                openat(dfd, lock, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (lfd < 0)
                return -errno;
        int r = replace_locked(dfd, lfd, name, lock, old, old_n, data, n);
        if (r < 0)
                (void) unlinkat(dfd, lock, 0);
        return r;
}

/* Rename name in dir aside (FileOps set_aside), through dir's fd only:
 * renameat2 names the entry itself, whatever it is. */
static int files_set_aside(void *p, const char *dir, const char *name, const char *suffix, char *ret,
                           size_t n) {
        FilesRoot *f = p;
        char to[NAME_MAX + 1];
        if (!name[0] || strchr(name, '/') || strchr(suffix, '/') || streq(name, ".") || streq(name, ".."))
                return -EINVAL;
        _cleanup_close_ int dfd = open_dir(f, dir);
        if (dfd < 0)
                return dfd;
        /* A name too long for the suffix keeps its first bytes: the
         * counter makes the new name unique. */
        size_t keep = strlen(name), room = NAME_MAX - strlen(suffix) - 17;
        if (strlen(suffix) + 17 > NAME_MAX)
                return -ENAMETOOLONG;
        if (keep > room)
                keep = room;
        /* Then random: names made ahead (all of .1 to .9) do not keep it
         * in place. */
        for (unsigned i = 0; i < 18; i++) {
                uint64_t nonce = i;
                if (i >= 10 && getrandom(&nonce, sizeof nonce, GRND_NONBLOCK) != (ssize_t) sizeof nonce)
                        nonce = ((uint64_t) getpid() << 32) ^ (uint64_t) time(NULL) ^ i;
                int k = i == 0   ? snprintf(to, sizeof to, "%.*s%s", (int) keep, name, suffix)
                        : i < 10 ? snprintf(to, sizeof to, "%.*s%s.%u", (int) keep, name, suffix, i)
                                 : snprintf(to, sizeof to, "%.*s%s.%016llx", (int) keep, name, suffix,
                                            (unsigned long long) nonce);
                if (k < 0 || (size_t) k >= sizeof to || (size_t) k >= n)
                        return -ENAMETOOLONG;
                if (renameat2(dfd, name, dfd, to, RENAME_NOREPLACE) == 0) {
                        memcpy(ret, to, (size_t) k + 1);
                        return 0;
                }
                if (errno != EEXIST)
                        return -errno;
        }
        return -EEXIST;
}

/* Delete every entry of the directory open at dfd, depth first, never
 * leaving its filesystem (NO_XDEV) and following no symlink. Takes dfd. */
static int empty_dir(int dfd, unsigned depth) {
        _cleanup_close_ int fd = dfd;
        if (depth > 256)
                return -ELOOP;
        DIR *d = fdopendir(fd);
        if (!d)
                return -errno;
        fd = -1; /* d has it now */
        int r = 0;
        for (;;) {
                errno = 0;
                struct dirent *e = readdir(d);
                if (!e) {
                        if (errno)
                                r = -errno;
                        break;
                }
                if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                        continue;
                if (unlinkat(dirfd(d), e->d_name, 0) == 0)
                        continue;
                if (errno != EISDIR && errno != EPERM) {
                        r = -errno;
                        break;
                }
                int sub;
                r = linux_open_beneath(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY, RESOLVE_NO_XDEV, &sub);
                if (r < 0 || (r = empty_dir(sub, depth + 1)) < 0)
                        break;
                if (unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) < 0) {
                        r = -errno;
                        break;
                }
        }
        closedir(d);
        return r;
}

/*
 * What a mask hides, discarded before the mask goes: the mask's parent is
 * cloned as a detached mount without what is mounted below it (open_tree
 * without AT_RECURSIVE), so the name there reaches the real file, which is
 * emptied through its fd. The clone is private to this process and goes
 * with its fd.
 */
static int files_discard(void *p, const char *path, uint64_t mount_id) {
        FilesRoot *f = p;
        char parent[PATH_MAX];
        const char *name;
        struct statx sx;

        if (split_parent(path, parent, &name) < 0)
                return -EINVAL;
        _cleanup_close_ int fd = -1;
        int r = linux_open_entry(f->fd, path, &fd);
        if (r < 0)
                return r;
        r = linux_statx_entry(fd, &sx);
        if (r < 0)
                return r;
        if (!(sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) ||
            !(sx.stx_attributes & STATX_ATTR_MOUNT_ROOT))
                return -EINVAL;
        if (sx.stx_mnt_id != mount_id)
                return -ESTALE; /* not the mask the caller made: never empty what another hides */
        _cleanup_close_ int dfd = open_dir(f, parent);
        if (dfd < 0)
                return dfd;
        /* The parent opened is the one the mask sits in: its name there is
         * still that very mount (a rename of the parent between the two
         * lookups would otherwise hand us another directory's file). */
        _cleanup_close_ int again = -1;
        struct statx asx;
        r = platform_open_beneath(dfd, name, O_PATH, &again);
        if (r < 0)
                return r;
        r = linux_statx_entry(again, &asx);
        if (r < 0)
                return r;
        if (asx.stx_mnt_id != sx.stx_mnt_id)
                return -EAGAIN; /* moved meanwhile: asked again at the next event */
        _cleanup_close_ int view = open_tree(dfd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH);
        if (view < 0)
                return -errno;
        /* Ours alone: writable even where the parent is a read-only bind
         * (a mask inside a protected directory). Best effort: a read-only
         * filesystem stays read-only, and the write below says so. */
        struct mount_attr rw = {.attr_clr = MOUNT_ATTR_RDONLY};
        (void) mount_setattr(view, "", AT_EMPTY_PATH, &rw, sizeof rw);
        _cleanup_close_ int real = -1;
        struct stat st;
        r = linux_open_beneath(view, name, O_RDONLY, RESOLVE_NO_XDEV, &real);
        if (r < 0)
                return r;
        if (fstat(real, &st) < 0)
                return -errno;
        if (S_ISDIR(st.st_mode)) {
                int d = real;
                real = -1;
                r = empty_dir(d, 0);
                return r < 0 ? r : 1;
        }
        if (!S_ISREG(st.st_mode) || st.st_size == 0)
                return 0;
        if (st.st_nlink > 1)
                return -EMLINK;
        _cleanup_close_ int wfd = -1;
        struct stat wst;
        r = linux_open_beneath(view, name, O_WRONLY, RESOLVE_NO_XDEV, &wfd);
        if (r < 0)
                return r;
        if (fstat(wfd, &wst) < 0)
                return -errno;
        if (wst.st_ino != st.st_ino || wst.st_dev != st.st_dev)
                return -EAGAIN; /* renamed over meanwhile */
        if (ftruncate(wfd, 0) < 0)
                return -errno;
        return 1;
}

const FileOps mount_files = {
        .open = files_open,
        .read = files_read,
        .read_all = files_read_all,
        .identity = files_identity,
        .list = files_root_list,
        .renew = files_renew,
        .replace = files_replace,
        .set_aside = files_set_aside,
        .discard = files_discard,
        .close = files_root_close,
};
