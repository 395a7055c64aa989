/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The one contract each OS implements. platform/linux/ is the inotify
 * watcher and the fd-based mount engine; platform/darwin/ is the portable
 * poller and the warn-only enforcer. meson.build picks one of them; the
 * core in daemon/ only ever calls what is declared here.
 *
 * The contract grows with the backends: an operation a backend cannot do
 * returns -ENOSYS explicitly rather than being left out.
 */

/* The name renew (FileOps) gives its copy before the rename: a name gone
 * that starts so is the engine's own doing, nothing the agent removed. */
#define PLATFORM_RENEW_PREFIX ".pathpolicy-renew-"

/* The name of the backend this binary was built with ("inotify", "poll");
 * a build with inotify has fanotify too. */
const char *platform_backend_name(void);

/*
 * Bytes written to the connected stream socket fd that its peer has not
 * read yet, or an upper bound of them: 0 means the peer, still connected,
 * has consumed everything. The log stream uses it to know when a record it
 * wrote can no longer be lost with the peer. -ECONNRESET when the peer has
 * gone (whatever it had not read is lost); -ENOSYS where the OS cannot tell.
 */
int platform_socket_unread(int fd, size_t *ret);

/*
 * Resolving: the one way every backend and the host side open a path the
 * agent controls. path is relative to dirfd and resolved beneath it with no
 * symlink followed at any component, the last one included, and no magic
 * link (/proc/self/fd/N) either: the agent owns every byte of the tree and
 * races renames and symlinks against us. Linux: openat2(RESOLVE_BENEATH |
 * RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS). Elsewhere: each component
 * opened with O_NOFOLLOW from the directory before it.
 *
 * flags are open(2)'s (O_RDONLY, O_WRONLY, O_DIRECTORY, O_PATH where the OS
 * has it); O_NOFOLLOW and O_CLOEXEC are always added, and O_NONBLOCK but
 * with O_PATH, so that a fifo or a device put there never blocks the open.
 * O_CREAT and O_TMPFILE are refused (-EINVAL): open the parent, then create
 * in it. "" and "." are dirfd itself; empty components ("a//b") are
 * skipped; a trailing '/' asks for a directory.
 *
 * Returns 0 with the fd in *ret_fd, or -errno, *ret_fd untouched:
 *   -ELOOP        a component is a symlink (with O_DIRECTORY, a symlink at
 *                 the last one is -ENOTDIR; with O_PATH, the last one is
 *                 opened as the symlink itself, as O_PATH | O_NOFOLLOW does)
 *   -EXDEV        path is absolute, or has a ".." component: refused even
 *                 where it would stay beneath (no caller needs one, and the
 *                 portable walk cannot climb back safely against a rename)
 *   -ENAMETOOLONG path is PATH_MAX bytes or more, or a component NAME_MAX
 *   -ENOTDIR, -ENOENT, -EACCES, ... as open(2)
 * On Linux a lookup a rename raced is retried a bounded number of times,
 * then -EAGAIN.
 */
int platform_open_beneath(int dirfd, const char *path, int flags, int *ret_fd);

/*
 * Whether path, beneath dirfd, is reached through no symlink at all, the
 * last component included, in as few lookups as the OS allows and with
 * nothing left open: the judge's question on every call it judges. Paths
 * as platform_open_beneath takes them. Returns
 *   0             it exists, and no component of it is a symlink
 *   -ELOOP        a component is a symlink (which one is not said)
 *   -ENOENT       a component is missing, and -ENOTDIR one is not a
 *                 directory (or a trailing '/' asks one of a file): every
 *                 component before it is a directory, none a symlink
 *   -EXDEV, -ENAMETOOLONG as platform_open_beneath; -EACCES, ... as open(2)
 *                 (where the walk stopped is not said)
 */
int platform_probe_beneath(int dirfd, const char *path);

/*
 * What can change a lookup, for a cache of lookups (the judge's). A
 * directory is watched with platform_changes_watch() (path beneath dirfd,
 * "" for dirfd itself; a symlink at its last component is not followed:
 * -ENOTDIR, as for a file). platform_changes_check() then says, in one
 * call, whether anything happened since the last check that can change
 * what a lookup through a watched directory finds: an entry in one made,
 * removed or renamed, or its attributes changed; a watched directory
 * itself removed or moved; the kernel's queue of these overflowing; any
 * mount or unmount. A file's contents are not watched: they change no
 * lookup. 1 changed, and every watch is dropped (the caller drops what it
 * cached, and watches anew); 0 nothing; -errno. -ENOSYS where the OS
 * cannot tell (the poll backend): nothing may be cached there.
 */
typedef struct PlatformChanges PlatformChanges;
int platform_changes_new(PlatformChanges **ret);
void platform_changes_free(PlatformChanges *c);
int platform_changes_watch(PlatformChanges *c, int dirfd, const char *path);
int platform_changes_check(PlatformChanges *c);

/*
 * Binding: the mount engine the guest's boot (enforce) and the watcher
 * share. Linux implements it with fd-based mounts; the poll backend cannot
 * bind and answers -ENOSYS; tests drive a fake through the same table.
 */

typedef enum PlatformBindKind {
        PLATFORM_MASK_FILE, /* /dev/null over a non-directory */
        PLATFORM_MASK_DIR,  /* an empty, tiny, read-only tmpfs over a directory */
        PLATFORM_PROTECT,   /* a read-only bind of the path onto itself */
        _PLATFORM_BIND_KIND_MAX,
} PlatformBindKind;

/* Which step of a bind went wrong, for messages. */
typedef enum PlatformBindStep {
        PLATFORM_STEP_NONE,
        PLATFORM_STEP_RESOLVE, /* the path, beneath the root, no symlinks */
        PLATFORM_STEP_TYPE,    /* the type does not fit the kind */
        PLATFORM_STEP_DEVNULL, /* /dev/null is not the 1:3 character device */
        PLATFORM_STEP_MOUNT,   /* making the detached mount */
        PLATFORM_STEP_ATTACH,  /* attaching it to the path */
        PLATFORM_STEP_VERIFY,  /* the path is not our mount afterwards */
        _PLATFORM_STEP_MAX,
} PlatformBindStep;

typedef struct PlatformBindInfo {
        PlatformBindStep step; /* where it failed, when it did */
        bool already;          /* the path already carried our mount: left alone */
        uint64_t mount_id;     /* the mount at the path */
        uint64_t nlink;        /* links of the target (a masked file with more leaks) */
        bool regular;          /* the target is a regular file */
        int mount_fd;          /* a fake engine's handle for unbind; the mount engine keeps
                                * no fd per bind (it finds the mount again by its id) and
                                * leaves -1 here */
        bool in_place;         /* set by the caller: unbind only where the bind was made,
                                * never where mountinfo says the mount went since (-ESTALE) */
} PlatformBindInfo;

typedef struct BinderOps {
        /* It cannot mount: bind says -ENOSYS for every path that exists and
         * fits, and the watcher turns that into one warning per path. */
        bool warn_only;
        /* What the kernel lacks, if anything: 0, or -ENOSYS with why filled. */
        int (*kernel_check)(char *why, size_t n);
        /* Pin the root (a directory, not a symlink). */
        int (*open)(const char *root, void **ret);
        /* Resolve and type-check path for kind, without mounting. */
        int (*check)(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *ret);
        /* Bind path: 0 bound, 1 already bound (info.already), or -errno with
         * info.step. Never leaves a mount behind on failure. */
        int (*bind)(void *b, PlatformBindKind kind, const char *path, PlatformBindInfo *ret);
        /* Undo a bind this process made (info from its bind): the mount is
         * found again and proven to be that very mount before it goes. */
        int (*unbind)(void *b, PlatformBindInfo *info);
        /* Keep the bind, let go of what unbind would have needed. */
        void (*release)(void *b, PlatformBindInfo *info);
        /* Call emit with each mount beneath the root that has the shape of
         * one of ours (kinds: bit 1 << kind), as a path relative to the
         * root, in no particular order. 0 or -errno. NULL where nothing can
         * be bound. */
        int (*mounts)(void *b, void (*emit)(void *ctx, const char *path, unsigned kinds), void *ctx);
        /* Detach the mount at path (resolved like bind) if, seen through
         * its fd, it is one of ours of kind (the test bind uses for
         * "already"): 1 detached, 0 not ours or no mount there, -errno.
         * For a mount another process made (teardown, a watch run outside
         * a namespace). NULL where nothing can be bound. */
        int (*teardown)(void *b, PlatformBindKind kind, const char *path);
        void (*close)(void *b);
} BinderOps;

/* The fd-based mount engine (Linux only), and the warn-only one that
 * resolves paths like it but mounts nothing (every platform). */
extern const BinderOps mount_binder;
extern const BinderOps warn_binder;

/*
 * Files: what the watcher reads and writes beneath the root besides binds
 * (a .git file, a checkout's config, hooks and index; a protected file
 * renewed before its bind; what a mask hides, discarded before the mask
 * goes). Every path is resolved as platform_open_beneath resolves it:
 * beneath the root, no symlink followed at any component. A table, like
 * the binder's, so that tests drive a fake through it; it pairs with a
 * binder (platform_files_for), and an operation that only matters where
 * something can be bound is NULL in the table of the warn-only one.
 */
/* A file's identity: what changes when it is written or replaced, so that
 * what was computed from it can be kept while it does not. */
typedef struct PlatformFileId {
        uint64_t dev, ino, size;
        int64_t mtime_ns, ctime_ns;
} PlatformFileId;

typedef struct FileOps {
        /* Pin the root (a directory; symlinks in its own path are the
         * admin's, and followed). */
        int (*open)(const char *root, void **ret);
        /* Read up to n - 1 bytes of the regular file at path,
         * NUL-terminated; returns the length or -errno. */
        int (*read)(void *f, const char *path, char *buf, size_t n);
        /* Read the whole regular file at path into *ret (malloc'd,
         * NUL-terminated past *ret_n bytes): 0, -EINVAL when it is no
         * regular file, -EFBIG past max bytes, -errno. NULL where nothing
         * can be bound. */
        int (*read_all)(void *f, const char *path, size_t max, char **ret, size_t *ret_n);
        /* The identity of the regular file or directory at path (-EINVAL
         * for any other type; a directory's is its device and inode); NULL
         * where the caller must read the file every time. */
        int (*identity)(void *f, const char *path, PlatformFileId *ret);
        /* Call emit with the name of each entry of the directory at path
         * ("." and ".." left out); 0 or -errno. */
        int (*list)(void *f, const char *path, void (*emit)(void *ctx, const char *name), void *ctx);
        /* Replace the regular file at path by a copy of itself, so that no
         * other hard link or open descriptor reaches what a protect then
         * binds: the copy is made as PLATFORM_RENEW_PREFIX<pid> beside it,
         * then renamed over it. NULL where nothing can be bound. */
        int (*renew)(void *f, const char *path);
        /* Write the regular file name in the directory dir the way git does
         * under its lock: lock created O_EXCL in dir (-EEXIST: someone
         * holds it), name checked to hold exactly old (-ESTALE when it
         * changed), data written with name's mode, owner and modification
         * time (git's racy-clean checks read the index's), then renamed
         * over name. The lock never outlives a failure. old NULL: name is
         * no regular file (a symlink, a fifo: neither followed nor opened;
         * -ESTALE when it is a regular file, -EISDIR a directory), and is
         * replaced by data, mode 0644, its owner kept. NULL where nothing
         * can be bound. */
        int (*replace)(void *f, const char *dir, const char *name, const char *lock, const void *old,
                       size_t old_n, const void *data, size_t n);
        /* Rename the entry name of the directory dir (of any type: a
         * symlink is renamed, never followed; a hard link's other names
         * keep the inode) to name + suffix, or name + suffix + ".N" (N 1 to
         * 9), then + "." and 16 random hex digits, when that is taken (name
         * cut short where the whole would be too long): RENAME_NOREPLACE,
         * nothing is overwritten.
         * The new name into ret (n bytes). -ENOENT when name is gone,
         * -EEXIST when every candidate is taken. NULL where nothing can be
         * bound. */
        int (*set_aside)(void *f, const char *dir, const char *name, const char *suffix, char *ret,
                         size_t n);
        /* Discard what the mask bound at path hides, through a view of its
         * parent without the mask: a regular file is emptied, a
         * directory's entries deleted. 1 discarded, 0 nothing to discard (a
         * fifo, an empty file), -EMLINK for a file with other links (its
         * content is theirs too), -EINVAL when path is no mount point,
         * -ESTALE when the mount there is not mount_id (the one the caller
         * made: a rename may have put another in its place), -errno. NULL
         * where nothing can be bound. */
        int (*discard)(void *f, const char *path, uint64_t mount_id);
        void (*close)(void *f);
} FileOps;

/* The mount engine's (Linux only), and the warn-only binder's: read and
 * list (every platform). */
extern const FileOps mount_files;
extern const FileOps warn_files;

/* The file operations that pair with binder b. */
const FileOps *platform_files_for(const BinderOps *b);

const char *platform_bind_kind_to_string(PlatformBindKind k);

/* Whether a file of this type (st_mode) fits kind: 0, or -ELOOP for a
 * symlink, -EISDIR for a directory under mask-file, -ENOTDIR for a
 * non-directory under mask-dir. Every engine applies this one rule. */
int platform_type_fits(PlatformBindKind kind, unsigned mode);
/* Call emit with each entry of the directory open at fd ("." and ".."
 * left out), for FileOps' list; fd is theirs no more. 0 or -errno. */
int platform_list_fd(int fd, void (*emit)(void *ctx, const char *name), void *ctx);
const char *platform_bind_step_to_string(PlatformBindStep s);

/*
 * Watching: the backend owns the watch set and reports what exists and what
 * went; the core (daemon/engine/watch/) decides what that means. Paths are
 * relative to the root ("" is the root). No symlink is ever followed: a
 * symlink is reported as one, never entered.
 */

typedef enum WatchType {
        WATCH_FILE,
        WATCH_DIR,
        WATCH_SYMLINK,
        WATCH_OTHER,
} WatchType;

/* The absolute path of what fd holds, as the kernel names it (no symlink
 * in it), checked to lead to the same object still: a root's absolute
 * name taken from the very directory opened, never from a string resolved
 * again. 0 with *ret malloc'd; -ESTALE when the name leads elsewhere now
 * (renamed, deleted); -errno. *ret untouched on failure.
 * (platform/fd-path.c: /proc/self/fd on Linux, F_GETPATH on macOS.) */
int platform_fd_path(int fd, char **ret);

/* What a directory entry is, from readdir()'s d_type, or, where the
 * filesystem does not say (DT_UNKNOWN), from an lstat of name in dfd.
 * Returns 0, or -errno when it is gone meanwhile (*ret untouched). Shared
 * by the backends (platform/watch-type.c). */
int platform_dirent_type(int dfd, const char *name, unsigned char d_type, WatchType *ret);

struct uv_loop_s; /* libuv: the portable loop every backend runs on */

typedef struct WatchCallbacks {
        /* rel exists now: found by a scan, created, or moved in. A new
         * directory is watched before it is scanned, so nothing made in it
         * meanwhile is missed; found may come more than once for a path.
         * type is exact for directories and for a name .git; a backend may
         * say WATCH_FILE for any other non-directory (the engine checks the
         * type of what it binds itself). */
        void (*found)(void *userdata, const char *rel, WatchType type);
        /* rel, and everything below it, is gone (deleted or moved out). A
         * name moved over is gone first, then found: whatever was there is
         * judged again. */
        void (*gone)(void *userdata, const char *rel);
        /* Events were lost (queue overflow): everything is found again. */
        void (*rescan)(void *userdata);
        /* The first scan of the whole tree is done. */
        void (*ready)(void *userdata);
        /* Something the user must know: rel, an errno, and what happened. */
        void (*warn)(void *userdata, const char *rel, int err, const char *what);
        /* What the watcher cannot see, that the user must act on: rel, an
         * errno, and what goes unseen (an error, not a warning). */
        void (*blind)(void *userdata, const char *rel, int err, const char *what);
        /* The poller completed a walk of the tree: entries, in ticks. */
        void (*pass)(void *userdata, size_t entries, unsigned ticks);
        /* The file rel was written in place. Said only in a .git directory
         * and in the directories the core asked for with watch_dir; a
         * backend that cannot tell leaves it to the next scan. */
        void (*changed)(void *userdata, const char *rel);
        /* --no-window (the fanotify backend): whether a file being opened
         * at rel, the real file (no mount of ours covers it), must wait for
         * a mask: rel is in a checkout, a directory below the root that
         * is_checkout(ctx, dir) says holds a .git, at a path the policy
         * masks. Called from the backend's own thread, never the loop's:
         * it may read only what never changes while the watch runs. */
        bool (*mask_pending)(void *userdata, const char *rel,
                             bool (*is_checkout)(void *ctx, const char *dir), void *ctx);
        /* --no-window: whether a masked name can be made directly in the
         * directory rel (below a checkout, where the policy masks a name or
         * a whole directory); on the backend's thread or the loop, as
         * mask_pending. */
        bool (*mask_dir)(void *userdata, const char *rel, bool (*is_checkout)(void *ctx, const char *dir),
                         void *ctx);
        /* --no-window: count opens or reads of rel denied since it was last
         * said; on the loop, at most once a path an interval. */
        void (*open_denied)(void *userdata, const char *rel, size_t count);
} WatchCallbacks;

/* The poller's settings (the inotify backend needs none), and --no-window. */
typedef struct WatchOptions {
        unsigned interval_ms; /* between walks, the walk's own time taken off */
        unsigned max_depth;   /* directories deeper than this are not entered */
        size_t max_entries;   /* per tick; a larger tree is covered over several */
        /* Deny opens of a masked name until its mask lands (mask_pending):
         * the fanotify backend only; the others refuse it (-EOPNOTSUPP). */
        bool no_window;
} WatchOptions;

#define WATCH_INTERVAL_MS_DEFAULT 1000
#define WATCH_MAX_DEPTH_DEFAULT 16
#define WATCH_MAX_ENTRIES_DEFAULT 50000

typedef struct WatcherOps {
        const char *name; /* "inotify", "poll" */
        int (*start)(struct uv_loop_s *loop, const char *root, const WatchOptions *o,
                     const WatchCallbacks *cb, void *userdata, void **ret);
        /* Close every handle; run the loop to let them go; then free. */
        /* Also watch the top level of the directory rel (a gitdir, a common
         * dir, the directory of a .git file), wherever it is beneath the
         * root: its entries are found and changed, its subdirectories not
         * entered. Asking again is cheap. NULL where the backend cannot
         * (the poller: it walks everything anyway). */
        int (*watch_dir)(void *w, const char *rel);
        void (*stop)(void *w);
        void (*free)(void *w);
} WatcherOps;

/* Whether names in the directory path match in either case: 1 yes, 0 no,
 * -errno (-ENOENT: no such directory). Linux: the directory's casefold
 * flag (FS_CASEFOLD_FL: ext4, f2fs, tmpfs since 6.13), which its new
 * subdirectories inherit; macOS: the volume's
 * pathconf(_PC_CASE_SENSITIVE) (APFS is case-insensitive by default);
 * 0 elsewhere. How a name folds there is the core's (case-fold.h). */
int platform_case_insensitive(const char *path);

/* fanotify and inotify (Linux only), and the bounded poller (every
 * platform). */
extern const WatcherOps fanotify_watcher;
extern const WatcherOps inotify_watcher;
extern const WatcherOps poll_watcher;

/* The backends this build has, by name ("fanotify", "inotify", "poll");
 * NULL for the build's default (the first); NULL back when it does not
 * have it. The poller pairs with the warn-only binder, fanotify and
 * inotify with the mount engine. */
const WatcherOps *platform_watcher_by_name(const char *name);
/* What `--backend auto` picks for root: the best backend of this build
 * that can serve it (Linux: fanotify where the kernel and root's
 * filesystem support a filesystem mark with file handles, else inotify),
 * with why in a sentence. Never NULL. */
const WatcherOps *platform_watcher_auto(const char *root, char *why, size_t n);
const BinderOps *platform_binder_for(const WatcherOps *w);

/*
 * Processes, for the rule that protects a new checkout's git metadata once
 * the git that made it is done. A snapshot of every process: its parent,
 * when it started, whether its name starts with "git", and for those only,
 * its working directory and the files it holds open (absolute paths). The
 * core decides which of them made a checkout; this only reports.
 */
typedef struct PlatformProcess {
        int pid, ppid;
        uint64_t start_ms; /* since boot, on the clock of platform_boot_ms */
        bool git;
        char *cwd;      /* git processes only; NULL when unknown */
        char **files;   /* git processes only; NULL-terminated, or NULL */
        char **args;    /* git processes only: its command line; NULL-terminated, or NULL */
        bool files_cut; /* files holds only part of what it has open: the walk's bound was reached */
} PlatformProcess;

/* The bound of one walk: the agent can hold thousands of descriptors open
 * in idle processes it names git*, and the walk runs on the watcher's loop.
 * Files are read from the most recently started git first (a checkout's
 * maker is new), at most max_files links in all and for at most max_ms;
 * 0 is no bound. */
typedef struct PlatformProcessBound {
        size_t max_files;
        unsigned max_ms;
} PlatformProcessBound;

/* 0, or 1 when the bound left some git process's files unread (files_cut);
 * -ENOSYS where there is no /proc. */
int platform_processes(const PlatformProcessBound *bound, PlatformProcess **ret, size_t *ret_n);
void platform_processes_free(PlatformProcess *p, size_t n);
uint64_t platform_boot_ms(void); /* now, in ms since boot */
/* A pidfd for pid, if it is still the process that started at start_ms
 * (not a later one that reuses its number); it polls readable once the
 * process has exited. -ESRCH when it is gone, -ENOSYS without pidfds. */
int platform_pidfd(int pid, uint64_t start_ms);
int platform_process_exited(int pidfd); /* 1 exited, 0 running, -errno */

/* How many mounts one mount namespace may hold (fs.mount-max); -ENOSYS
 * where there is no such bound. */
int platform_mount_max(size_t *ret);

/*
 * What is bound below a directory now, for `pathpolicy status`: each mount
 * strictly below root (an absolute path with no symlink in it, as
 * platform_fd_path names a directory) that is one of ours by its shape in
 * the mount table: mask-file, a read-only bind of /dev/null; mask-dir, a
 * read-only tmpfs whose source is "pathpolicy"; protect, a read-only bind
 * of a path onto itself (a read-only mount of anything else is not one).
 * emit gets its path relative to root and the kind it reads as, once per
 * mount (stacked mounts at one path come once each), in no particular
 * order. Only the caller's mount namespace is seen. 0 or -errno; -ENOSYS
 * where there are no bind mounts (the poll backend: platform/darwin/).
 */
int platform_bound(const char *root, void (*emit)(void *ctx, const char *path, PlatformBindKind kind),
                   void *ctx);

/*
 * Confinement (`pathpolicy confine`): what the binds rely on. A bind hides
 * a name; an agent that reaches an inode without walking a path (a file
 * handle opened on another mount, the raw block device) or stops the
 * daemon goes around every bind. Linux implements both halves; elsewhere
 * each answers -ENOSYS.
 */

typedef enum PlatformRouteKind {
        PLATFORM_ROUTE_CAPABILITY,   /* a capability in some set (name: CAP_...) */
        PLATFORM_ROUTE_NO_NEW_PRIVS, /* no_new_privs unset */
        PLATFORM_ROUTE_SYSCALL,      /* a call no filter refuses (name: "mount", "mount/i386") */
        PLATFORM_ROUTE_BLOCK_DEVICE, /* a block device that opens for reading (name: its path) */
        PLATFORM_ROUTE_DAEMON,       /* a pathpolicy watch in reach (name: "pid N") */
        PLATFORM_ROUTE_SYSCTL,       /* /proc/sys writable */
        PLATFORM_ROUTE_CGROUP,       /* a control group filesystem writable (name: where) */
        PLATFORM_ROUTE_SERVICE,      /* the service manager's socket connects (name: its path) */
        _PLATFORM_ROUTE_KIND_MAX,
} PlatformRouteKind;

typedef struct PlatformRoute {
        PlatformRouteKind kind;
        bool open;       /* the route is open in the context checked */
        char name[64];   /* what it is: CAP_SYS_ADMIN, open_by_handle_at, /dev/sda1, pid 42 */
        char detail[96]; /* what was seen: the sets, the errno, "under the worktree" */
        const char *why; /* a static sentence: how it goes around the binds */
} PlatformRoute;

/* Every route of the list, open or closed, in the context of pid (0: this
 * process, whose system calls are probed, each in a child of its own;
 * another pid is read from /proc/PID, and its calls are not probed: one
 * closed "seccomp" route says whether a filter is there). root is the
 * worktree (its filesystem's block device comes first). 0 with *ret
 * malloc'd, or -errno. */
int platform_confine_check(int pid, const char *root, PlatformRoute **ret, size_t *ret_n);
const char *platform_route_kind_to_string(PlatformRouteKind k);

/* The steps of the launcher, in order, for the message that names the one
 * that failed. */
typedef enum PlatformConfineStep {
        PLATFORM_CONFINE_NONE,
        PLATFORM_CONFINE_PROPAGATION, /* the worktree's mount is not shared */
        PLATFORM_CONFINE_FILTER,      /* building the seccomp filter */
        PLATFORM_CONFINE_NAMESPACES,  /* the PID and mount namespaces */
        PLATFORM_CONFINE_SLAVE,       /* "/" made a slave of the daemon's mounts */
        PLATFORM_CONFINE_PROC,        /* a /proc of the new PID namespace, /proc/sys read-only */
        PLATFORM_CONFINE_SYS,         /* /sys read-only, control groups included */
        PLATFORM_CONFINE_DEV,         /* a /dev without block devices */
        PLATFORM_CONFINE_SERVICES,    /* the service manager's sockets hidden */
        PLATFORM_CONFINE_CAPS,        /* the capabilities dropped */
        PLATFORM_CONFINE_NNP,         /* no_new_privs */
        PLATFORM_CONFINE_SECCOMP,     /* loading the filter */
        PLATFORM_CONFINE_FORK,        /* starting CMD */
        PLATFORM_CONFINE_EXEC,        /* CMD itself (ENOENT: not found; EACCES: not executable) */
        _PLATFORM_CONFINE_STEP_MAX,
} PlatformConfineStep;

const char *platform_confine_step_to_string(PlatformConfineStep s);

/* The signals a launcher passes on to the confined command (0-ended):
 * SIGTERM, SIGINT, SIGHUP, SIGQUIT and SIGWINCH. The command runs in a
 * session of its own, so the terminal's signals reach the launcher only,
 * and it passes them on too. */
extern const int platform_confine_forwarded[];

/*
 * Start argv[0] (looked up in PATH) confined: a PID namespace and a mount
 * namespace of its own, whose init (the returned pid, in the caller's
 * namespace, in a session of its own) runs it as its only child, reaps
 * every orphan, forwards platform_confine_forwarded, and exits with its
 * status (128 + N for a death by signal N). The init dies with the
 * caller's thread (PR_SET_PDEATHSIG), and everything in the namespace
 * with it. Returns once argv[0] runs: 0 with *ret_pid, or -errno with
 * *ret_step (nothing left running; for PLATFORM_CONFINE_EXEC, -ENOENT or
 * -EACCES as execvp said). The caller reaps *ret_pid.
 */
int platform_confine_spawn(const char *root, char *const *argv, int *ret_pid, PlatformConfineStep *ret_step);
