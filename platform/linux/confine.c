/* SPDX-License-Identifier: MIT */
/*
 * confine's launcher: the confinement the binds rely on.
 *
 * A bind hides a name. The agent must not reach an inode without a name
 * (a file handle opened through another mount, the raw block device),
 * undo a bind (mount calls, a namespace of its own), or stop or trace the
 * daemon that makes the binds. So the command runs:
 *
 *  - in a mount namespace whose "/" is a slave of the caller's: the binds
 *    the watcher makes after the agent started (a checkout it clones)
 *    still reach it, and nothing it mounts reaches anyone. Hence the
 *    worktree's mount must be shared in the caller's namespace, or no
 *    later bind would arrive: checked first, refused otherwise;
 *  - in a PID namespace of its own, with its own /proc: the daemon is not
 *    there to signal, trace or read through /proc/PID/mem. Its init (the
 *    child this forks) dies with the caller, and the kernel then kills
 *    everything in the namespace: no agent outlives its supervisor;
 *  - with a /dev of its own that holds no block device (a tmpfs with the
 *    character devices binds of the real ones), every other mount nodev (a
 *    block node made elsewhere before does not open), the file behind the
 *    worktree's loop device hidden, /proc/sys read-only (a root
 *    agent could set fs.mount-max or fs.inotify.max_user_watches and starve
 *    the watcher), /sys read-only with every control group under it (it
 *    could freeze or kill the daemon's group), and the service manager's
 *    sockets hidden (systemd-run would start a process outside all this);
 *  - without the capabilities of confine_caps, from every set, with
 *    no_new_privs (a setuid binary gives none back), under the seccomp
 *    filter of seccomp.c.
 *
 * Everything that allocates (the filter's BPF, the pipes) is done before
 * the fork: the caller may have threads (libuv's pool), and the children
 * then make system calls only.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <linux/openat2.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "confine.h"
#include "mountinfo.h"
#include "platform.h"
#include "util.h"

/* clang-format off */
const ConfineCap confine_caps[] = {
        {CAP_SYS_ADMIN, "CAP_SYS_ADMIN", "mounts and unmounts over the binds, and opens file handles"},
        {CAP_DAC_READ_SEARCH, "CAP_DAC_READ_SEARCH",
         "opens any file by its handle through another mount of the filesystem: around every bind"},
        {CAP_SYS_PTRACE, "CAP_SYS_PTRACE", "traces any process, the daemon too, and reads its memory"},
        {CAP_SYS_RAWIO, "CAP_SYS_RAWIO", "raw I/O to the disk and to memory (SG_IO, /dev/mem, ioperm)"},
        {CAP_MKNOD, "CAP_MKNOD", "makes a node for the block device under the worktree, and reads it raw"},
        {CAP_SYS_MODULE, "CAP_SYS_MODULE", "loads a kernel module"},
        {CAP_BPF, "CAP_BPF", "loads BPF programs; with CAP_PERFMON, ones that read kernel memory"},
        {CAP_PERFMON, "CAP_PERFMON", "traces the kernel and reads its memory through perf and BPF"},
        {CAP_SYS_BOOT, "CAP_SYS_BOOT", "boots another kernel (kexec), one without the binds"},
        {CAP_LINUX_IMMUTABLE, "CAP_LINUX_IMMUTABLE",
         "makes a file immutable or append-only, so the daemon's renew cannot replace it"},
        {CAP_CHECKPOINT_RESTORE, "CAP_CHECKPOINT_RESTORE",
         "opens what another process maps through /proc/PID/map_files, without walking a path"},
        {CAP_SYS_NICE, "CAP_SYS_NICE", "real-time priority: a busy loop that starves the watcher of CPU"},
        {CAP_MAC_ADMIN, "CAP_MAC_ADMIN", "changes the security policy (AppArmor, SELinux) the daemon runs under"},
        {CAP_SYS_RESOURCE, "CAP_SYS_RESOURCE",
         "keeps the OOM killer off itself (oom_score_adj -1000), so that it picks the watcher"},
        {CAP_SYS_TTY_CONFIG, "CAP_SYS_TTY_CONFIG",
         "hangs up a terminal (vhangup): the operator's shell exits, and SIGHUP ends its jobs, a watcher too"},
};
/* clang-format on */
const size_t confine_n_caps = ELEMENTSOF(confine_caps);

const char *const confine_service_sockets[] = {
        "/run/systemd/private",        /* systemctl, systemd-run as root */
        "/run/dbus/system_bus_socket", /* org.freedesktop.systemd1 on the system bus */
        NULL,
};

/* What a child says on the pipe when a step fails; nothing when CMD runs
 * (the pipe closes on its exec). */
typedef struct Failure {
        int step, err;
} Failure;

static _Noreturn void fail(int pipe_fd, PlatformConfineStep step, int err, int code) {
        Failure f = {step, err > 0 ? err : EIO};
        (void) !write(pipe_fd, &f, sizeof f);
        _exit(code);
}

/* The mount that holds root must be shared, or the binds the watcher makes
 * later would never reach the agent's slave namespace. */
static int check_shared(const char *root) {
        struct statx sx;
        if (statx(AT_FDCWD, root, AT_STATX_SYNC_AS_STAT, STATX_MNT_ID, &sx) < 0)
                return -errno;
        if (!(sx.stx_mask & STATX_MNT_ID))
                return -ENOSYS;
        _cleanup_fclose_ FILE *f = fopen("/proc/self/mountinfo", "re");
        if (!f)
                return -errno;
        int r = mountinfo_shared(f, sx.stx_mnt_id);
        if (r < 0)
                return r;
        return r ? 0 : -EREMOTE;
}

/* path as an O_PATH fd, with no symlink followed at any component (the
 * last one included): what a bind goes onto is pinned and type-checked
 * first, and the mount lands on that very file, never on a name looked up
 * again (mount.c's rule). -ELOOP for a symlink anywhere. */
static int open_pinned(const char *path) {
        struct open_how how = {.flags = O_PATH | O_CLOEXEC,
                               .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS};
        int fd = (int) syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
        return fd < 0 ? -errno : fd;
}

/* A clone of the node src (an O_PATH fd) attached onto the file target (an
 * O_PATH fd): no path is looked up at the mount. */
static int bind_fd(int src, int target) {
        int m = (int) syscall(SYS_open_tree, src, "", AT_EMPTY_PATH | OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
        if (m < 0)
                return -errno;
        int r = (int) syscall(SYS_move_mount, m, "", target, "",
                              MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH);
        r = r < 0 ? -errno : 0;
        close(m);
        return r;
}

/* A bind of the node at fd (the real /dev's, opened before the new /dev
 * covered it) onto name in the new /dev. The new /dev is a tmpfs this
 * namespace alone sees, made a moment ago: nobody else can put anything
 * at the name. */
static int bind_node(int fd, const char *name) {
        char target[64];
        snprintf(target, sizeof target, "/dev/%s", name);
        int t = open(target, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
        if (t < 0)
                return -errno;
        close(t);
        _cleanup_close_ int tfd = open_pinned(target);
        if (tfd < 0)
                return tfd;
        return bind_fd(fd, tfd);
}

static const char *const dev_nodes[] = {"null", "zero", "full", "random", "urandom", "tty"};

/* A /dev of character devices only: a tmpfs, nodev itself (the nodes are
 * binds, each a mount of its own), read-only once made. */
static int make_dev(void) {
        int fds[ELEMENTSOF(dev_nodes)];
        size_t n = 0;
        int r = 0;

        for (; n < ELEMENTSOF(dev_nodes); n++) {
                char path[64];
                snprintf(path, sizeof path, "/dev/%s", dev_nodes[n]);
                fds[n] = open(path, O_PATH | O_CLOEXEC | O_NOFOLLOW);
                if (fds[n] < 0) {
                        r = -errno;
                        goto out;
                }
                struct stat st;
                if (fstat(fds[n], &st) < 0 || !S_ISCHR(st.st_mode)) {
                        r = -ENODEV;
                        n++;
                        goto out;
                }
        }
        /* Paths by name from here on, and safe so: /dev is a mount point of
         * the caller's namespace (no one renames it or puts a symlink there),
         * and what is made below it is on the tmpfs mounted here, which only
         * this namespace sees, before the agent runs. */
        if (mount("tmpfs", "/dev", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0755,size=64k") < 0) {
                r = -errno;
                goto out;
        }
        for (size_t i = 0; i < n && r >= 0; i++)
                r = bind_node(fds[i], dev_nodes[i]);
        if (r < 0)
                goto out;
        if (mkdir("/dev/pts", 0755) < 0 || mkdir("/dev/shm", 01777) < 0 ||
            mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC,
                  "newinstance,ptmxmode=0666,mode=0620") < 0 ||
            mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777") < 0 ||
            symlink("pts/ptmx", "/dev/ptmx") < 0 || symlink("/proc/self/fd", "/dev/fd") < 0 ||
            symlink("/proc/self/fd/0", "/dev/stdin") < 0 || symlink("/proc/self/fd/1", "/dev/stdout") < 0 ||
            symlink("/proc/self/fd/2", "/dev/stderr") < 0 ||
            mount(NULL, "/dev", NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                  "mode=0755,size=64k") < 0)
                r = -errno;
out:
        for (size_t i = 0; i < n; i++)
                close(fds[i]);
        return r;
}

/* The real /dev/null, pinned: the 1:3 character device, or -ENODEV. */
static int open_null(void) {
        int fd = open_pinned("/dev/null");
        struct stat st;
        if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISCHR(st.st_mode) || st.st_rdev != makedev(1, 3))) {
                close(fd);
                return -ENODEV;
        }
        return fd;
}

/* /dev/null bound over the file at path when it is of type (S_IFSOCK,
 * S_IFREG), pinned first: an agent of another session that swaps it for a
 * symlink between the check and the bind gets nothing bound elsewhere. 0
 * when there is none there (absent, another type, reached through a
 * symlink), -errno when the bind fails. */
static int hide_file(const char *path, mode_t type) {
        struct stat st;
        _cleanup_close_ int fd = open_pinned(path);
        if (fd < 0 || fstat(fd, &st) < 0 || (st.st_mode & S_IFMT) != type)
                return 0;
        _cleanup_close_ int null = open_null();
        if (null < 0)
                return null;
        return bind_fd(null, fd);
}

/* /dev/null bound over each service manager socket: root asks systemd
 * for a unit (systemd-run) and it runs outside every namespace, filter and
 * capability set made here. Before the new /dev: the real /dev/null. */
static int hide_services(void) {
        int r = 0;
        for (size_t i = 0; r >= 0 && confine_service_sockets[i]; i++)
                r = hide_file(confine_service_sockets[i], S_IFSOCK);
        return r;
}

int confine_backing_file(dev_t dev, char *buf, size_t n) {
        char path[128];
        snprintf(path, sizeof path, "/sys/dev/block/%u:%u/loop/backing_file", major(dev), minor(dev));
        buf[0] = 0;
        if (major(dev) == 0)
                return 0;
        _cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return errno == ENOENT ? 0 : -errno;
        ssize_t k = read(fd, buf, n - 1);
        if (k < 0)
                return -errno;
        buf[k] = 0;
        buf[strcspn(buf, "\n")] = 0;
        return 0;
}

/* /dev/null over the file behind the worktree's loop device: it holds
 * every masked file's bytes, and root reads it like any file. */
static int hide_backing(const char *backing) {
        return backing[0] ? hide_file(backing, S_IFREG) : 0;
}

/* Undo the kernel's octal escapes of a mountinfo field, in place. */
static void unescape(char *s) {
        char *w = s;
        for (char *r = s; *r;)
                if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' &&
                    r[3] >= '0' && r[3] <= '7') {
                        *w++ = (char) ((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
                        r += 4;
                } else
                        *w++ = *r++;
        *w = 0;
}

/* One mountinfo line: nodev on its mount, unless it is a character
 * device (a mask's /dev/null, the new /dev's nodes) or the new devpts. */
static int nodev_line(char *line) {
        char *f[5], *save = NULL, *sep = strstr(line, " - ");
        if (!sep)
                return 0;
        *sep = 0;
        f[0] = strtok_r(line, " ", &save);
        for (int i = 1; i < 5; i++)
                f[i] = f[i - 1] ? strtok_r(NULL, " ", &save) : NULL;
        if (!f[4] || strncmp(sep + 3, "devpts ", 7) == 0)
                return 0;
        unescape(f[4]);
        struct statx sx;
        if (statx(AT_FDCWD, f[4], AT_SYMLINK_NOFOLLOW, STATX_TYPE, &sx) < 0 || S_ISCHR(sx.stx_mode))
                return 0;
        struct mount_attr attr = {.attr_set = MOUNT_ATTR_NODEV};
        if (syscall(SYS_mount_setattr, AT_FDCWD, f[4], AT_SYMLINK_NOFOLLOW, &attr, sizeof attr) < 0 &&
            errno != ENOENT && errno != EINVAL)
                return -errno;
        return 0;
}

/* A block node anywhere but /dev (made before the agent started, kept in
 * an image) opens on a mount without nodev: every mount gets it, but the
 * character devices that must open. Read with a buffer of the stack. */
static int nodev_everywhere(void) {
        char buf[16384];
        size_t have = 0;
        int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC), r = 0;
        if (fd < 0)
                return -errno;
        for (;;) {
                ssize_t k = read(fd, buf + have, sizeof buf - 1 - have);
                if (k < 0) {
                        r = -errno;
                        break;
                }
                have += (size_t) k;
                buf[have] = 0;
                char *start = buf, *nl;
                while (r >= 0 && (nl = strchr(start, '\n'))) {
                        *nl = 0;
                        r = nodev_line(start);
                        start = nl + 1;
                }
                if (r < 0)
                        break;
                have -= (size_t) (start - buf);
                memmove(buf, start, have);
                if (k == 0)
                        break;
                if (have == sizeof buf - 1) { /* a line longer than the buffer */
                        r = -E2BIG;
                        break;
                }
        }
        close(fd);
        return r;
}

/* A read-only bind of path onto itself. */
static int read_only(const char *path) {
        if (mount(path, path, NULL, MS_BIND | MS_REC, NULL) < 0 ||
            mount(NULL, path, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                  NULL) < 0)
                return -errno;
        return 0;
}

/* By name, and safe so: the init runs this in its new mount and PID
 * namespaces before the agent exists, and /proc is a mount point of the
 * caller's namespace, which no one renames or replaces with a symlink. */
static int make_proc(void) {
        if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0)
                return -errno;
        int r = read_only("/proc/sys");
        /* Not every kernel has it (CONFIG_MAGIC_SYSRQ). */
        if (r >= 0 && access("/proc/sysrq-trigger", F_OK) == 0)
                r = read_only("/proc/sysrq-trigger");
        return r;
}

/* /sys and every mount below it read-only: a root agent could otherwise
 * freeze or kill the daemon's control group (cgroup.freeze, cgroup.kill,
 * the v1 freezer), or write the kernel's knobs. */
static int make_sys(void) {
        struct mount_attr attr = {.attr_set = MOUNT_ATTR_RDONLY};
        if (syscall(SYS_mount_setattr, AT_FDCWD, "/sys", AT_RECURSIVE, &attr, sizeof attr) < 0)
                return errno == ENOENT ? 0 : -errno;
        return 0;
}

static int drop_caps(void) {
        struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
        struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];

        for (size_t i = 0; i < confine_n_caps; i++) {
                int c = confine_caps[i].cap;
                /* EINVAL: a kernel that does not know the capability. */
                if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) < 0 && errno != EINVAL)
                        return -errno;
        }
        if (syscall(SYS_capget, &h, d) < 0)
                return -errno;
        for (size_t i = 0; i < confine_n_caps; i++) {
                unsigned c = (unsigned) confine_caps[i].cap;
                uint32_t bit = UINT32_C(1) << (c % 32);
                d[c / 32].effective &= ~bit;
                d[c / 32].permitted &= ~bit;
                d[c / 32].inheritable &= ~bit;
        }
        /* Out of permitted or inheritable is out of ambient too. */
        if (syscall(SYS_capset, &h, d) < 0)
                return -errno;
        return 0;
}

/* Close what the caller kept for itself (close-on-exec: CMD would never
 * see it), so that the init holds none of it: a watcher's inotify
 * descriptor, its log socket, its root. What is not close-on-exec was
 * meant for CMD and stays. With getdents64 on a buffer of the stack: no
 * allocation in this child. */
static int close_private_fds(int keep1, int keep2) {
        char buf[4096];
        int dfd = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0)
                return -errno;
        for (;;) {
                long n = syscall(SYS_getdents64, dfd, buf, sizeof buf);
                if (n <= 0) {
                        int r = n < 0 ? -errno : 0;
                        close(dfd);
                        return r;
                }
                for (long off = 0; off < n;) {
                        struct linux_dirent64 {
                                uint64_t d_ino;
                                int64_t d_off;
                                unsigned short d_reclen;
                                unsigned char d_type;
                                char d_name[];
                        } *de = (void *) (buf + off);
                        off += de->d_reclen;
                        char *end;
                        long fd = strtol(de->d_name, &end, 10);
                        if (*end || end == de->d_name || fd < 3 || fd == dfd || fd == keep1 || fd == keep2)
                                continue;
                        int flags = fcntl((int) fd, F_GETFD);
                        if (flags >= 0 && (flags & FD_CLOEXEC))
                                close((int) fd);
                }
        }
}

static int status_code(int st) {
        return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
}

/* CMD: the signals as an exec'd program expects them, then exec. */
static _Noreturn void run_cmd(int pipe_fd, char *const *argv) {
        sigset_t none;
        sigemptyset(&none);
        /* main() ignores SIGPIPE for itself; `yes | head` needs it back. */
        signal(SIGPIPE, SIG_DFL);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execvp(argv[0], argv);
        int e = errno;
        fail(pipe_fd, PLATFORM_CONFINE_EXEC, e, e == ENOENT ? 127 : 126);
}

/* The namespace's init: make the confinement, start CMD as its only child,
 * reap, forward, and exit with CMD's status. */
static _Noreturn void init_main(int pipe_fd, int parent_pidfd, const struct sock_fprog *filter,
                                const char *backing, char *const *argv) {
        sigset_t set;
        siginfo_t si;
        int r, st;

        sigemptyset(&set);
        for (size_t i = 0; platform_confine_forwarded[i]; i++)
                sigaddset(&set, platform_confine_forwarded[i]);
        sigaddset(&set, SIGCHLD);

        /* A session of its own, without a terminal: kill(0, sig) from the
         * agent reaches no process outside (the caller's group holds the
         * watcher, in a boot script that starts both), and neither TIOCSTI
         * nor vhangup() has a terminal to act on. */
        if (setsid() < 0 || prctl(PR_SET_NAME, CONFINE_INIT_NAME, 0, 0, 0) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_NAMESPACES, errno, 125);

        /* Die with the caller; and if it is gone already, now. */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_NAMESPACES, errno, 125);
        struct pollfd p = {parent_pidfd, POLLIN, 0};
        if (poll(&p, 1, 0) != 0)
                _exit(125);
        close(parent_pidfd);

        if (mount(NULL, "/", NULL, MS_REC | MS_SLAVE, NULL) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_SLAVE, errno, 125);
        if ((r = make_proc()) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_PROC, -r, 125);
        /* The init is a copy of the caller (the watcher, in the supervisor
         * form): not for the agent to read through /proc/1/mem or /proc/1/fd. */
        if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) < 0 || (r = close_private_fds(pipe_fd, -1)) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_PROC, r < 0 ? -r : errno, 125);
        if ((r = make_sys()) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_SYS, -r, 125);
        if ((r = hide_services()) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_SERVICES, -r, 125);
        if ((r = make_dev()) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_DEV, -r, 125);
        if ((r = hide_backing(backing)) < 0 || (r = nodev_everywhere()) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_DEV, -r, 125);
        if ((r = drop_caps()) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_CAPS, -r, 125);
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_NNP, errno, 125);
        if ((r = confine_filter_load(filter)) < 0)
                fail(pipe_fd, PLATFORM_CONFINE_SECCOMP, -r, 125);

        /* A bare clone, not fork(): no atfork handler, no lock of the
         * caller's threads, runs in this child of a child. */
        pid_t cmd = (pid_t) syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
        if (cmd < 0)
                fail(pipe_fd, PLATFORM_CONFINE_FORK, errno, 125);
        if (cmd == 0)
                run_cmd(pipe_fd, argv);
        close(pipe_fd);

        for (;;) {
                if (sigwaitinfo(&set, &si) < 0)
                        continue;
                if (si.si_signo != SIGCHLD) {
                        (void) kill(cmd, si.si_signo);
                        continue;
                }
                /* Orphans are ours to reap; CMD's end is everyone's. */
                pid_t pid;
                while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
                        if (pid == cmd)
                                _exit(status_code(st));
        }
}

int platform_confine_spawn(const char *root, char *const *argv, int *ret_pid,
                           PlatformConfineStep *ret_step) {
        struct sock_fprog filter = {0};
        _cleanup_close_ int parent_pidfd = -EBADF;
        int pipefd[2], r;
        sigset_t all, old;

        if (!argv || !argv[0]) {
                *ret_step = PLATFORM_CONFINE_EXEC;
                return -EINVAL;
        }
        r = check_shared(root);
        if (r < 0) {
                *ret_step = PLATFORM_CONFINE_PROPAGATION;
                return r;
        }
        char backing[PATH_MAX] = "";
        struct stat st;
        if (stat(root, &st) < 0 || (r = confine_backing_file(st.st_dev, backing, sizeof backing)) < 0) {
                *ret_step = PLATFORM_CONFINE_DEV;
                return r < 0 ? r : -errno;
        }
        r = confine_filter_build(&filter);
        if (r < 0) {
                *ret_step = PLATFORM_CONFINE_FILTER;
                return r;
        }
        parent_pidfd = (int) syscall(SYS_pidfd_open, getpid(), 0);
        if (parent_pidfd < 0 || pipe2(pipefd, O_CLOEXEC) < 0) {
                r = -errno;
                confine_filter_free(&filter);
                *ret_step = PLATFORM_CONFINE_NAMESPACES;
                return r;
        }

        /* No signal handler of the caller's (libuv's) may run in the child
         * before it sets its own mask. */
        sigfillset(&all);
        sigprocmask(SIG_SETMASK, &all, &old);
        pid_t pid = (pid_t) syscall(SYS_clone, CLONE_NEWPID | CLONE_NEWNS | SIGCHLD, 0, 0, 0, 0);
        if (pid == 0) {
                close(pipefd[0]);
                init_main(pipefd[1], parent_pidfd, &filter, backing, argv);
        }
        r = pid < 0 ? -errno : 0;
        sigprocmask(SIG_SETMASK, &old, NULL);
        close(pipefd[1]);
        confine_filter_free(&filter);
        if (r < 0) {
                close(pipefd[0]);
                *ret_step = PLATFORM_CONFINE_NAMESPACES;
                return r;
        }

        /* EOF: CMD's exec closed the last write end. A record: a step
         * failed, and the init is on its way out. */
        Failure f;
        ssize_t n;
        do
                n = read(pipefd[0], &f, sizeof f);
        while (n < 0 && errno == EINTR);
        close(pipefd[0]);
        if (n == (ssize_t) sizeof f) {
                while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                        ;
                *ret_step = f.step > PLATFORM_CONFINE_NONE && f.step < _PLATFORM_CONFINE_STEP_MAX
                                    ? (PlatformConfineStep) f.step
                                    : PLATFORM_CONFINE_FORK;
                return -f.err;
        }
        *ret_pid = pid;
        return 0;
}
