/* SPDX-License-Identifier: MIT */
/*
 * The mount engine: no path string ever reaches mount.
 *
 * The agent owns the tree and may be running while we mount (the watcher),
 * so every step must hold against a racer who swaps a component for a
 * symlink, renames directories or replaces /dev/null. The runc CVEs of this
 * shape (CVE-2021-30465, CVE-2025-31133, CVE-2025-52881) are the lesson:
 * resolve once, beneath a pinned root, to a file descriptor; check the type
 * on that descriptor; build the mount detached, read-only and private
 * before anyone can see it; attach it to the descriptor; then resolve the
 * path again and check it is now our mount. Linux >= 5.12 (openat2,
 * open_tree, move_mount, fsopen, mount_setattr); no fallback.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "mountinfo.h"
#include "platform.h"

/* glibc 2.36 wraps the new mount API but not openat2. */
static int sys_openat2(int dirfd, const char *path, struct open_how *how) {
        return (int) syscall(SYS_openat2, dirfd, path, how, sizeof *how);
}

#define RESOLVE_RETRIES 64

void (*mount_engine_race_hook)(void) = NULL;

typedef struct Binder {
        int root_fd;
        int devnull_fd;
} Binder;

static void close_fd(int *fd) {
        if (*fd >= 0) {
                int saved = errno;
                close(*fd);
                errno = saved;
        }
        *fd = -1;
}
#define _cleanup_fd_ __attribute__((cleanup(close_fd)))

static int linux_kernel_check(char *why, size_t n) {
        struct open_how how = {.flags = O_PATH | O_DIRECTORY | O_CLOEXEC};
        struct mount_attr attr = {0};
        const char *missing = NULL;
        struct utsname u;
        int fd;

        /* Each probe fails with ENOSYS only when the call does not exist;
         * any other error (EBADF, EINVAL, EPERM) means it is there. */
        fd = sys_openat2(AT_FDCWD, "/", &how);
        if (fd >= 0)
                close(fd);
        else if (errno == ENOSYS)
                missing = "openat2";
        if (!missing && open_tree(-1, "", 0) < 0 && errno == ENOSYS)
                missing = "open_tree";
        if (!missing && move_mount(-1, "", -1, "", 0) < 0 && errno == ENOSYS)
                missing = "move_mount";
        if (!missing && (fd = fsopen("", 0)) < 0 && errno == ENOSYS)
                missing = "fsopen";
        if (fd >= 0)
                close(fd);
        if (!missing && mount_setattr(-1, "", 0, &attr, sizeof attr) < 0 && errno == ENOSYS)
                missing = "mount_setattr";
        if (!missing)
                return 0;
        if (uname(&u) < 0)
                snprintf(u.release, sizeof u.release, "unknown");
        snprintf(why, n, "kernel %s has no %s(2); pathpolicy needs Linux >= 5.12 (openat2, open_tree, "
                         "move_mount, fsopen, mount_setattr)", u.release, missing);
        return -ENOSYS;
}

static int linux_open(const char *root, void **ret) {
        Binder *b;
        struct stat st;
        int fd;

        /* The root itself may be reached through symlinks the admin made
         * (it is ours, not the agent's); below it, nothing is followed. */
        fd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
                return -errno;
        b = calloc(1, sizeof *b);
        if (!b) {
                close(fd);
                return -ENOMEM;
        }
        b->root_fd = fd;
        b->devnull_fd = open("/dev/null", O_PATH | O_NOFOLLOW | O_CLOEXEC);
        if (b->devnull_fd < 0 || fstat(b->devnull_fd, &st) < 0) {
                int r = -errno;
                close_fd(&b->root_fd);
                close_fd(&b->devnull_fd);
                free(b);
                return r;
        }
        *ret = b;
        return 0;
}

static void linux_close(void *p) {
        Binder *b = p;
        if (!b)
                return;
        close_fd(&b->root_fd);
        close_fd(&b->devnull_fd);
        free(b);
}

/* Resolve path beneath the root to an O_PATH fd, following no symlink at
 * any component. A trailing '/' is the entry's, not the path's. */
static int resolve(Binder *b, const char *path) {
        struct open_how how = {
                .flags = O_PATH | O_NOFOLLOW | O_CLOEXEC,
                .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
        };
        char buf[4096];
        size_t n = strlen(path);

        if (n == 0 || n >= sizeof buf)
                return -EINVAL;
        memcpy(buf, path, n + 1);
        if (n > 1 && buf[n - 1] == '/')
                buf[n - 1] = 0;

        for (int i = 0; i < RESOLVE_RETRIES; i++) {
                int fd = sys_openat2(b->root_fd, buf, &how);
                if (fd >= 0)
                        return fd;
                /* EAGAIN: a rename raced the lookup; the kernel asks us to
                 * try again rather than guess. */
                if (errno != EAGAIN)
                        return -errno;
        }
        return -EAGAIN;
}

static int fd_statx(int fd, struct statx *sx) {
        if (statx(fd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW,
                  STATX_TYPE | STATX_NLINK | STATX_INO | STATX_MNT_ID, sx) < 0)
                return -errno;
        return 0;
}

/* Resolve and type-check; on success *ret_fd is the pinned target. */
static int pin(Binder *b, PlatformBindKind kind, const char *path, int *ret_fd, struct statx *sx,
               PlatformBindInfo *info) {
        int fd, r;

        info->step = PLATFORM_STEP_RESOLVE;
        fd = resolve(b, path);
        if (fd < 0)
                return fd;
        r = fd_statx(fd, sx);
        if (r < 0) {
                close(fd);
                return r;
        }
        info->step = PLATFORM_STEP_TYPE;
        r = platform_type_fits(kind, sx->stx_mode);
        if (r < 0) {
                close(fd);
                return r;
        }
        info->nlink = sx->stx_nlink;
        info->regular = S_ISREG(sx->stx_mode);
        info->step = PLATFORM_STEP_NONE;
        *ret_fd = fd;
        return 0;
}

static int linux_check(void *p, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        _cleanup_fd_ int fd = -1;
        struct statx sx;

        *info = (PlatformBindInfo){.mount_fd = -1};
        return pin(p, kind, path, &fd, &sx, info);
}

/* /dev/null is checked before each use: in the namespace someone may have
 * bound a file or /dev/zero over it since we pinned it. */
static int devnull_ok(Binder *b) {
        struct stat st;
        if (fstat(b->devnull_fd, &st) < 0)
                return -errno;
        if (!S_ISCHR(st.st_mode) || major(st.st_rdev) != 1 || minor(st.st_rdev) != 3)
                return -ENODEV;
        return 0;
}

static int is_ours(uint64_t mount_id, PlatformBindKind kind) {
        FILE *f = fopen("/proc/self/mountinfo", "re");
        int r;
        if (!f)
                return -errno;
        r = mountinfo_is_ours(f, mount_id, kind);
        fclose(f);
        return r;
}

/* A detached mount for kind, read-only and private before it is attached
 * anywhere, so there is never a writable or shared moment. */
static int make_mount(Binder *b, PlatformBindKind kind, int target_fd) {
        struct mount_attr attr = {.propagation = MS_PRIVATE};
        _cleanup_fd_ int fs = -1;
        int m;

        switch (kind) {
        case PLATFORM_MASK_FILE:
                m = open_tree(b->devnull_fd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH);
                if (m < 0)
                        return -errno;
                /* Not nodev: the mask is a device node, and must still open. */
                attr.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC;
                if (mount_setattr(m, "", AT_EMPTY_PATH, &attr, sizeof attr) < 0)
                        goto fail;
                return m;

        case PLATFORM_MASK_DIR:
                fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
                if (fs < 0)
                        return -errno;
                /* One block and a handful of inodes: nr_inodes=0 would mean
                 * unlimited. The source name marks it ours in mountinfo. */
                if (fsconfig(fs, FSCONFIG_SET_STRING, "source", MOUNTINFO_SOURCE, 0) < 0 ||
                    fsconfig(fs, FSCONFIG_SET_STRING, "nr_blocks", "1", 0) < 0 ||
                    fsconfig(fs, FSCONFIG_SET_STRING, "nr_inodes", "4", 0) < 0 ||
                    fsconfig(fs, FSCONFIG_SET_STRING, "mode", "0555", 0) < 0 ||
                    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
                        return -errno;
                m = fsmount(fs, FSMOUNT_CLOEXEC,
                            MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC);
                if (m < 0)
                        return -errno;
                if (mount_setattr(m, "", AT_EMPTY_PATH, &attr, sizeof attr) < 0)
                        goto fail;
                return m;

        default:
                /* Recursive: mounts below the target (a mask inside a
                 * protected directory) come along, and go read-only too. */
                m = open_tree(target_fd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH | AT_RECURSIVE);
                if (m < 0)
                        return -errno;
                attr.attr_set = MOUNT_ATTR_RDONLY;
                if (mount_setattr(m, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr, sizeof attr) < 0)
                        goto fail;
                return m;
        }
fail:;
        int r = -errno;
        close(m);
        return r;
}

/* Detach the mount m refers to, wherever it is attached now. The path is
 * the kernel's name for our own descriptor, not one the agent can touch. */
static int detach(int m) {
        char p[64];
        snprintf(p, sizeof p, "/proc/self/fd/%d", m);
        if (umount2(p, MNT_DETACH) < 0)
                return -errno;
        return 0;
}

static int verify(Binder *b, PlatformBindKind kind, const char *path, uint64_t mount_id, const struct statx *before) {
        _cleanup_fd_ int fd = resolve(b, path);
        struct statx sx;
        int r;

        if (fd < 0)
                return fd;
        r = fd_statx(fd, &sx);
        if (r < 0)
                return r;
        if (!(sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) || !(sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) ||
            sx.stx_mnt_id != mount_id)
                return -EBADE;
        switch (kind) {
        case PLATFORM_MASK_FILE:
                if (!S_ISCHR(sx.stx_mode) || sx.stx_rdev_major != 1 || sx.stx_rdev_minor != 3)
                        return -EBADE;
                break;
        case PLATFORM_MASK_DIR: {
                struct statfs sf;
                if (fstatfs(fd, &sf) < 0)
                        return -errno;
                if (!S_ISDIR(sx.stx_mode) || sf.f_type != TMPFS_MAGIC || !(sf.f_flags & ST_RDONLY))
                        return -EBADE;
                break;
        }
        default:
                /* The same file, now read-only. */
                if (sx.stx_ino != before->stx_ino || sx.stx_dev_major != before->stx_dev_major ||
                    sx.stx_dev_minor != before->stx_dev_minor)
                        return -EBADE;
                break;
        }
        return 0;
}

static int linux_bind(void *p, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        Binder *b = p;
        _cleanup_fd_ int fd = -1;
        struct statx sx, msx;
        int m, r;

        *info = (PlatformBindInfo){.mount_fd = -1};
        r = pin(b, kind, path, &fd, &sx, info);
        if (r < 0)
                return r;

        /* Already ours (a second enforce, or the watcher seeing a path the
         * boot bound): leave it, never stack. */
        if ((sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) && (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT)) {
                r = is_ours(sx.stx_mnt_id, kind);
                if (r < 0) {
                        /* Not knowing is no reason to stack a second mount. */
                        info->step = PLATFORM_STEP_MOUNT;
                        return r;
                }
                if (r > 0 && (kind != PLATFORM_MASK_FILE || devnull_ok(b) == 0)) {
                        info->already = true;
                        info->mount_id = sx.stx_mnt_id;
                        return 1;
                }
        }

        if (kind == PLATFORM_MASK_FILE) {
                info->step = PLATFORM_STEP_DEVNULL;
                r = devnull_ok(b);
                if (r < 0)
                        return r;
        }

        info->step = PLATFORM_STEP_MOUNT;
        m = make_mount(b, kind, fd);
        if (m < 0)
                return m;
        if (statx(m, "", AT_EMPTY_PATH, STATX_MNT_ID, &msx) < 0) {
                r = -errno;
                close(m);
                return r;
        }

        if (mount_engine_race_hook)
                mount_engine_race_hook();

        info->step = PLATFORM_STEP_ATTACH;
        if (move_mount(m, "", fd, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) < 0) {
                r = -errno;
                close(m);
                return r;
        }

        /* The fd was pinned inside the root, but a racer may have renamed
         * what it names since; the path must now lead to our mount, or the
         * mount goes again, from wherever it landed. */
        info->step = PLATFORM_STEP_VERIFY;
        r = verify(b, kind, path, msx.stx_mnt_id, &sx);
        if (r < 0) {
                (void) detach(m);
                close(m);
                return r;
        }

        info->step = PLATFORM_STEP_NONE;
        info->mount_id = msx.stx_mnt_id;
        info->mount_fd = m;
        return 0;
}

static int linux_unbind(void *p, PlatformBindInfo *info) {
        int r = 0;
        (void) p;
        if (info->mount_fd >= 0) {
                r = detach(info->mount_fd);
                close_fd(&info->mount_fd);
        }
        return r;
}

static int linux_read(void *p, const char *path, char *buf, size_t n) {
        _cleanup_fd_ int fd = -1, rfd = -1;
        struct open_how how = {
                .flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK,
                .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
        };
        struct stat st;
        Binder *b = p;

        rfd = sys_openat2(b->root_fd, path, &how);
        if (rfd < 0)
                return -errno;
        if (fstat(rfd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -EINVAL; /* never a fifo or a device: reading one could block */
        ssize_t k = read(rfd, buf, n - 1);
        if (k < 0)
                return -errno;
        buf[k] = 0;
        (void) fd;
        return (int) k;
}

static void linux_release(void *p, PlatformBindInfo *info) {
        (void) p;
        close_fd(&info->mount_fd);
}

const BinderOps mount_binder = {
        .kernel_check = linux_kernel_check,
        .open = linux_open,
        .check = linux_check,
        .bind = linux_bind,
        .unbind = linux_unbind,
        .release = linux_release,
        .read = linux_read,
        .close = linux_close,
};
