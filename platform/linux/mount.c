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
 *
 * It binds and unbinds, and must not read or write what a file holds: the
 * watcher's reads and writes beneath the root are files.c's (FileOps).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <linux/openat2.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "array.h"
#include "beneath.h"
#include "mountinfo.h"
#include "platform.h"

/* How often undo looks for a mount that a rename keeps moving. */
#define UNDO_ATTEMPTS 64

/*
 * A bind this engine made and has not let go of yet: what unbind needs to
 * find the mount again. No fd is kept per bind (a policy of 5,000 paths
 * would need 5,000 of them, past the usual limit of 1,024): unbind resolves
 * the path again and checks, on the fd, that it is this very mount.
 */
typedef struct Made {
        uint64_t mount_id;
        PlatformBindKind kind;
        uint64_t ino; /* the target's, for protect: the same file, read-only */
        uint32_t dev_major, dev_minor;
        char *path;
} Made;

typedef struct Binder {
        int root_fd;
        int devnull_fd;
        int devnull_r;   /* devnull_ok's answer: what devnull_fd pins cannot change */
        FILE *mountinfo; /* /proc/self/mountinfo, opened when first needed */
        MountSet *ours;  /* our mounts in it; NULL until needed or when stale */
        Made *made;
        size_t n_made, n_made_allocated;
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
        struct mount_attr attr = {0};
        const char *missing = NULL;
        struct utsname u;
        int fd = -1, r;

        /* Each probe fails with ENOSYS only when the call does not exist;
         * any other error (EBADF, EINVAL, EPERM) means it is there. */
        r = linux_openat2(AT_FDCWD, "/", O_PATH | O_DIRECTORY | O_CLOEXEC, 0, &fd);
        if (r >= 0)
                close_fd(&fd);
        else if (r == -ENOSYS)
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
        if (!missing) {
                /* The privilege to mount here, asked the way a mount asks
                 * it (CAP_SYS_ADMIN over this mount namespace): said once,
                 * at the start, not as one EPERM per path. */
                fd = fsopen("tmpfs", FSOPEN_CLOEXEC);
                if (fd >= 0) {
                        close(fd);
                        return 0;
                }
                if (errno != EPERM)
                        return 0; /* not ours to judge here: the binds will say */
                snprintf(why, n,
                         "no privilege to mount: pathpolicy needs CAP_SYS_ADMIN over this mount namespace "
                         "(run it as root, or as the guest's supervisor)");
                return -EPERM;
        }
        if (uname(&u) < 0)
                snprintf(u.release, sizeof u.release, "unknown");
        snprintf(why, n,
                 "kernel %s has no %s(2); pathpolicy needs Linux >= 5.12 (openat2, open_tree, "
                 "move_mount, fsopen, mount_setattr)",
                 u.release, missing);
        return -ENOSYS;
}

/* Whether st is /dev/null: in the namespace someone may have bound a file
 * or /dev/zero over it before we opened it. */
static int devnull_check(const struct stat *st) {
        if (!S_ISCHR(st->st_mode) || major(st->st_rdev) != 1 || minor(st->st_rdev) != 3)
                return -ENODEV;
        return 0;
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
        b->devnull_r = devnull_check(&st);
        *ret = b;
        return 0;
}

static void linux_close(void *p) {
        Binder *b = p;
        if (!b)
                return;
        close_fd(&b->root_fd);
        close_fd(&b->devnull_fd);
        if (b->mountinfo)
                fclose(b->mountinfo);
        mount_set_free(b->ours);
        for (size_t i = 0; i < b->n_made; i++)
                free(b->made[i].path);
        free(b->made);
        free(b);
}

/* The entry at path beneath the root, as an O_PATH fd (beneath.h). */
static int resolve(Binder *b, const char *path) {
        int fd, r = linux_open_entry(b->root_fd, path, &fd);
        return r < 0 ? r : fd;
}

/* Resolve and type-check; on success *ret_fd is the pinned target. */
static int pin(Binder *b, PlatformBindKind kind, const char *path, int *ret_fd, struct statx *sx,
               PlatformBindInfo *info) {
        int fd, r;

        info->step = PLATFORM_STEP_RESOLVE;
        fd = resolve(b, path);
        if (fd < 0)
                return fd;
        r = linux_statx_entry(fd, sx);
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
        info->mount_id = sx->stx_mnt_id;
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

/* /dev/null is checked before each use, but once: devnull_fd pins one inode,
 * whose type and device number never change (a bind over /dev/null after
 * the open does not reach the fd), and each mask is cloned from the fd. An
 * fstat per mask was one syscall more before the mask lands. */
static int devnull_ok(Binder *b) {
        return b->devnull_r;
}

static int open_mountinfo(Binder *b) {
        if (!b->mountinfo && !(b->mountinfo = fopen("/proc/self/mountinfo", "re")))
                return -errno;
        return 0;
}

/* Whether the mount table changed since we last asked: an open mountinfo
 * polls with POLLPRI once after each change (fs/proc_namespace.c,
 * mounts_poll). Not knowing counts as a change. */
static bool table_changed(Binder *b) {
        struct pollfd pfd = {.fd = fileno(b->mountinfo), .events = POLLPRI};
        return poll(&pfd, 1, 0) != 0;
}

/*
 * The kinds the mount with this id passes for as ours (bit 1 << kind), from
 * the set of our mounts: mountinfo is parsed once and then again only after
 * someone else changed the table, so a run meeting 100,000 paths already
 * bound parses it once, not 100,000 times.
 */
static int ours_kinds(Binder *b, uint64_t mount_id, unsigned *ret) {
        int r = open_mountinfo(b);
        if (r < 0)
                return r;
        if (b->ours && table_changed(b))
                b->ours = mount_set_free(b->ours);
        if (!b->ours) {
                /* Asked before the parse: a change during it is seen next time. */
                (void) table_changed(b);
                r = mountinfo_ours(b->mountinfo, &b->ours);
                if (r < 0)
                        return r;
        }
        *ret = mount_set_kinds(b->ours, mount_id);
        return 0;
}

/*
 * Our own changes to the table (an attach, a detach) go into the set as we
 * make them, rather than into a new parse. Before one, a change that was not
 * ours drops the set; after it, the change the poll reports is taken as
 * ours. A change by someone else in the microseconds between the two looks
 * would be missed: only root in this mount namespace can make one, and it
 * could not fool us anyway, since a path counts as already bound only if the
 * mount at it also has, seen through its fd, the shape of ours (mount_fits).
 */
static void own_change_begin(Binder *b) {
        if (b->ours && table_changed(b))
                b->ours = mount_set_free(b->ours);
}

static void own_change_end(Binder *b, uint64_t mount_id, unsigned kinds) {
        if (!b->ours)
                return;
        (void) table_changed(b);
        if (mount_set_put(b->ours, mount_id, kinds) < 0)
                b->ours = mount_set_free(b->ours); /* parsed again when next needed */
}

/* Whether the mount root at fd (its statx in sx) has the shape of our mount
 * of kind: read-only; for mask-file the 1:3 character device, for mask-dir
 * a directory on tmpfs. 0, -EBADE when not, -errno. */
static int mount_fits(int fd, PlatformBindKind kind, const struct statx *sx) {
        struct statfs sf;

        if (fstatfs(fd, &sf) < 0)
                return -errno;
        if (!(sf.f_flags & ST_RDONLY))
                return -EBADE;
        switch (kind) {
        case PLATFORM_MASK_FILE:
                if (!S_ISCHR(sx->stx_mode) || sx->stx_rdev_major != 1 || sx->stx_rdev_minor != 3)
                        return -EBADE;
                break;
        case PLATFORM_MASK_DIR:
                if (!S_ISDIR(sx->stx_mode) || sf.f_type != TMPFS_MAGIC)
                        return -EBADE;
                break;
        default:
                break;
        }
        return 0;
}

/* Whether fd is the root of our mount mount_id of kind; for protect, a bind
 * of the file (ino on dev) the path named before. 0, -EBADE, -errno. */
static int is_our_mount(int fd, PlatformBindKind kind, uint64_t mount_id, uint64_t ino, uint32_t dev_major,
                        uint32_t dev_minor) {
        struct statx sx;
        int r = linux_statx_entry(fd, &sx);

        if (r < 0)
                return r;
        if (!(sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) ||
            !(sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) || sx.stx_mnt_id != mount_id)
                return -EBADE;
        r = mount_fits(fd, kind, &sx);
        if (r < 0)
                return r;
        if (kind == PLATFORM_PROTECT &&
            (sx.stx_ino != ino || sx.stx_dev_major != dev_major || sx.stx_dev_minor != dev_minor))
                return -EBADE;
        return 0;
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
                m = open_tree(target_fd, "",
                              OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH | AT_RECURSIVE);
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

static int verify(Binder *b, PlatformBindKind kind, const char *path, uint64_t mount_id,
                  const struct statx *before) {
        _cleanup_fd_ int fd = resolve(b, path);

        if (fd < 0)
                return fd;
        return is_our_mount(fd, kind, mount_id, before->stx_ino, before->stx_dev_major,
                            before->stx_dev_minor);
}

static int made_add(Binder *b, PlatformBindKind kind, const char *path, uint64_t mount_id,
                    const struct statx *before) {
        if (ARRAY_GROW(b->made, b->n_made_allocated, b->n_made + 1) < 0)
                return -ENOMEM;
        char *copy = strdup(path);
        if (!copy)
                return -ENOMEM;
        b->made[b->n_made++] = (Made){
                .mount_id = mount_id,
                .kind = kind,
                .ino = before->stx_ino,
                .dev_major = before->stx_dev_major,
                .dev_minor = before->stx_dev_minor,
                .path = copy,
        };
        return 0;
}

/* The record of our mount mount_id, or NULL. From the newest: undo and
 * release come newest first, so this is one step each. */
static Made *made_find(Binder *b, uint64_t mount_id) {
        for (size_t i = b->n_made; i-- > 0;)
                if (b->made[i].mount_id == mount_id)
                        return &b->made[i];
        return NULL;
}

static void made_drop(Binder *b, Made *m) {
        free(m->path);
        *m = b->made[--b->n_made];
}

static int linux_bind(void *p, PlatformBindKind kind, const char *path, PlatformBindInfo *info) {
        Binder *b = p;
        _cleanup_fd_ int fd = -1;
        struct statx sx, msx;
        unsigned kinds;
        int m, r;

        *info = (PlatformBindInfo){.mount_fd = -1};
        r = pin(b, kind, path, &fd, &sx, info);
        if (r < 0)
                return r;

        /* Already ours (a second enforce, or the watcher seeing a path the
         * boot bound): leave it, never stack. */
        if ((sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) &&
            (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT)) {
                r = ours_kinds(b, sx.stx_mnt_id, &kinds);
                if (r < 0) {
                        /* Not knowing is no reason to stack a second mount. */
                        info->step = PLATFORM_STEP_MOUNT;
                        return r;
                }
                if ((kinds & (1u << kind)) && mount_fits(fd, kind, &sx) == 0 &&
                    (kind != PLATFORM_MASK_FILE || devnull_ok(b) == 0)) {
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

        if (mount_engine_race_hook) /* weak: no such function in the program */
                mount_engine_race_hook();

        info->step = PLATFORM_STEP_ATTACH;
        own_change_begin(b);
        if (move_mount(m, "", fd, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) < 0) {
                r = -errno;
                close(m);
                return r;
        }

        /* The fd was pinned inside the root, but a racer may have renamed
         * what it names since; the path must now lead to our mount, or the
         * mount goes again, from wherever it landed. A mount we cannot
         * record cannot be undone later, so it goes too. */
        info->step = PLATFORM_STEP_VERIFY;
        r = verify(b, kind, path, msx.stx_mnt_id, &sx);
        if (r >= 0) {
                info->step = PLATFORM_STEP_MOUNT;
                r = made_add(b, kind, path, msx.stx_mnt_id, &sx);
        }
        if (r < 0) {
                (void) detach(m);
                close(m);
                own_change_end(b, msx.stx_mnt_id, 0);
                return r;
        }
        close(m);
        own_change_end(b, msx.stx_mnt_id, (1u << kind) | (1u << PLATFORM_PROTECT));

        info->step = PLATFORM_STEP_NONE;
        info->mount_id = msx.stx_mnt_id;
        return 0;
}

/* An O_PATH fd for an absolute path from mountinfo, no symlink followed (the
 * kernel writes the real path, so a symlink on it is a racer's). */
static int open_target(const char *target) {
        int fd, r = linux_openat2(AT_FDCWD, target, O_PATH | O_NOFOLLOW | O_CLOEXEC,
                                  RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS, &fd);
        return r < 0 ? r : fd;
}

/*
 * Find our mount again and detach it, through an fd checked to be its root
 * (is_our_mount), never through a path string. First at its path beneath
 * the root; failing that (it moved along with a renamed directory, or a
 * rename is racing us) where mountinfo says it is attached now. A mount
 * that is no longer in the table at all is gone already (a detach of a
 * mount above it took it along): nothing is left to undo.
 */
static int undo(Binder *b, const Made *m, bool in_place) {
        int r = open_mountinfo(b);
        if (r < 0)
                return r;

        for (int i = 0; i < UNDO_ATTEMPTS; i++) {
                _cleanup_fd_ int fd = resolve(b, m->path);
                if (fd >= 0 &&
                    is_our_mount(fd, m->kind, m->mount_id, m->ino, m->dev_major, m->dev_minor) == 0)
                        return detach(fd);
                if (in_place)
                        return -ESTALE; /* moved: not followed */

                char *target;
                unsigned kinds;
                r = mountinfo_find(b->mountinfo, m->mount_id, &target, &kinds);
                if (r <= 0)
                        return r;
                _cleanup_fd_ int tfd = open_target(target);
                free(target);
                if (tfd >= 0 &&
                    is_our_mount(tfd, m->kind, m->mount_id, m->ino, m->dev_major, m->dev_minor) == 0)
                        return detach(tfd);
        }
        return -EBUSY;
}

static int linux_unbind(void *p, PlatformBindInfo *info) {
        Binder *b = p;
        Made *m = made_find(b, info->mount_id);
        int r;

        if (info->already || !m)
                return -ENOENT; /* not a mount this engine made, or undone already */
        own_change_begin(b);
        r = undo(b, m, info->in_place);
        /* Not undone: it is still attached, and still ours. Dropped from
         * the set, the next bind at its path stacked a second mount on it
         * (a swap race made thousands). */
        own_change_end(b, m->mount_id, r >= 0 ? 0 : (1u << m->kind) | (1u << PLATFORM_PROTECT));
        if (r >= 0)
                made_drop(b, m);
        return r;
}

static int linux_mounts(void *p, void (*emit)(void *ctx, const char *path, unsigned kinds), void *ctx) {
        Binder *b = p;
        char proc[64], root[PATH_MAX];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", b->root_fd);
        ssize_t k = readlink(proc, root, sizeof root - 1);
        if (k < 0)
                return -errno;
        root[k] = 0;
        int r = open_mountinfo(b);
        if (r < 0)
                return r;
        return mountinfo_below(b->mountinfo, root, emit, ctx);
}

static int linux_teardown(void *p, PlatformBindKind kind, const char *path) {
        Binder *b = p;
        PlatformBindInfo info = {.mount_fd = -1};
        _cleanup_fd_ int fd = -1;
        struct statx sx;
        unsigned kinds;
        int r = pin(b, kind, path, &fd, &sx, &info);
        if (r == -ENOENT || (r < 0 && info.step == PLATFORM_STEP_TYPE))
                return 0;
        if (r < 0)
                return r;
        if (!(sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) ||
            !(sx.stx_attributes & STATX_ATTR_MOUNT_ROOT))
                return 0;
        r = ours_kinds(b, sx.stx_mnt_id, &kinds);
        if (r < 0)
                return r;
        if (!(kinds & (1u << kind)) || mount_fits(fd, kind, &sx) < 0)
                return 0;
        own_change_begin(b);
        r = detach(fd);
        own_change_end(b, sx.stx_mnt_id, 0);
        return r < 0 ? r : 1;
}

static void linux_release(void *p, PlatformBindInfo *info) {
        Binder *b = p;
        Made *m;

        close_fd(&info->mount_fd);
        if (!info->already && (m = made_find(b, info->mount_id)))
                made_drop(b, m);
}

int platform_mount_max(size_t *ret) {
        _cleanup_fd_ int fd = open("/proc/sys/fs/mount-max", O_RDONLY | O_CLOEXEC);
        char buf[32];
        if (fd < 0)
                return -errno;
        ssize_t n = read(fd, buf, sizeof buf - 1);
        if (n <= 0)
                return n < 0 ? -errno : -EINVAL;
        buf[n] = 0;
        unsigned long long v = strtoull(buf, NULL, 10);
        if (v == 0)
                return -EINVAL;
        *ret = (size_t) v;
        return 0;
}

const BinderOps mount_binder = {
        .kernel_check = linux_kernel_check,
        .open = linux_open,
        .check = linux_check,
        .bind = linux_bind,
        .unbind = linux_unbind,
        .release = linux_release,
        .mounts = linux_mounts,
        .teardown = linux_teardown,
        .close = linux_close,
};
