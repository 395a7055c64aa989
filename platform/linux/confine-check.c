/* SPDX-License-Identifier: MIT */
/*
 * confine --check: every route around the binds, open or closed, seen from
 * where the agent stands. This process is probed for real (each system call
 * in a child of its own, with arguments that do nothing); another process
 * is read from /proc/PID, and its calls cannot be probed from outside.
 *
 * A call is refused when it fails with EPERM or ENOSYS (a filter's
 * answers, or the kernel's for a capability the caller lacks) or the
 * caller is killed (a filter's KILL, or an entry point the kernel does not
 * have); any other answer, success included, means it reached the kernel.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/nsfs.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "array.h"
#include "confine.h"
#include "platform.h"
#include "util.h"

typedef struct Check {
        int pid;          /* 0: this process */
        char proc[32];    /* "/proc/self" or "/proc/PID" */
        PlatformRoute *v; /* the routes so far */
        size_t n, n_allocated;
} Check;

static int add(Check *c, PlatformRouteKind kind, bool open, const char *name, const char *why,
               const char *detail_fmt, ...) _printf_(6, 7);

static int add(Check *c, PlatformRouteKind kind, bool open, const char *name, const char *why,
               const char *detail_fmt, ...) {
        va_list ap;
        if (ARRAY_GROW(c->v, c->n_allocated, c->n + 1) < 0)
                return -ENOMEM;
        PlatformRoute *r = &c->v[c->n++];
        *r = (PlatformRoute){.kind = kind, .open = open, .why = why};
        snprintf(r->name, sizeof r->name, "%s", name);
        va_start(ap, detail_fmt);
        vsnprintf(r->detail, sizeof r->detail, detail_fmt, ap);
        va_end(ap);
        return 0;
}

/* A "Key:\tvalue" line of /proc/PID/status, as text. */
static int status_field(const Check *c, const char *key, char *buf, size_t n) {
        char path[64], line[256];
        snprintf(path, sizeof path, "%s/status", c->proc);
        _cleanup_fclose_ FILE *f = fopen(path, "re");
        if (!f)
                return -errno;
        size_t k = strlen(key);
        while (fgets(line, sizeof line, f))
                if (strncmp(line, key, k) == 0 && line[k] == ':') {
                        const char *v = line + k + 1;
                        v += strspn(v, " \t");
                        snprintf(buf, n, "%.*s", (int) strcspn(v, "\n"), v);
                        return 0;
                }
        return -ENOENT;
}

static int check_caps(Check *c) {
        static const struct {
                const char *key, *name;
        } sets[] = {{"CapEff", "effective"},
                    {"CapPrm", "permitted"},
                    {"CapInh", "inheritable"},
                    {"CapBnd", "bounding"},
                    {"CapAmb", "ambient"}};
        unsigned long long mask[ELEMENTSOF(sets)];
        char buf[64];

        for (size_t s = 0; s < ELEMENTSOF(sets); s++) {
                int r = status_field(c, sets[s].key, buf, sizeof buf);
                if (r < 0)
                        return r;
                mask[s] = strtoull(buf, NULL, 16);
        }
        for (size_t i = 0; i < confine_n_caps; i++) {
                char held[96] = "";
                for (size_t s = 0; s < ELEMENTSOF(sets); s++)
                        if (mask[s] & (1ULL << confine_caps[i].cap))
                                snprintf(held + strlen(held), sizeof held - strlen(held), "%s%s",
                                         held[0] ? " " : "", sets[s].name);
                int r = add(c, PLATFORM_ROUTE_CAPABILITY, held[0] != 0, confine_caps[i].name,
                            confine_caps[i].why, "%s", held[0] ? held : "in no set");
                if (r < 0)
                        return r;
        }
        return 0;
}

static int check_nnp(Check *c) {
        char buf[16];
        int r = status_field(c, "NoNewPrivs", buf, sizeof buf);
        if (r < 0)
                return r;
        bool set = streq(buf, "1");
        return add(c, PLATFORM_ROUTE_NO_NEW_PRIVS, !set, "no_new_privs",
                   "a setuid or file-capability program gives back the capabilities dropped", "%s",
                   set ? "set" : "unset");
}

/* One call, in a child: 0 it reached the kernel (*ret_err: its answer, 0
 * for success), 1 refused (*ret_err: EPERM, ENOSYS, or -signal). */
static int probe(const char *abi, const ConfineCall *call, int *ret_err) {
        int st;
        pid_t pid = fork();
        if (pid < 0)
                return -errno;
        if (pid == 0) {
                /* A death must be a death: not the caller's handler (a test
                 * framework's, a crash reporter's) carrying on in the child. */
                static const int deadly[] = {SIGSEGV, SIGSYS, SIGILL, SIGBUS};
                sigset_t set;
                sigemptyset(&set);
                for (size_t i = 0; i < ELEMENTSOF(deadly); i++) {
                        signal(deadly[i], SIG_DFL);
                        sigaddset(&set, deadly[i]);
                }
                sigprocmask(SIG_UNBLOCK, &set, NULL);
                long r = confine_call_abi(abi, call->name, call->args);
                _exit(r < 0 ? (int) (-r & 0xff) : 0);
        }
        while (waitpid(pid, &st, 0) < 0)
                if (errno != EINTR)
                        return -errno;
        if (WIFSIGNALED(st)) {
                *ret_err = -WTERMSIG(st);
                return 1;
        }
        *ret_err = WEXITSTATUS(st);
        return *ret_err == EPERM || *ret_err == ENOSYS;
}

static int check_call(Check *c, const char *abi, const ConfineCall *call) {
        char name[64];
        int err = 0, r;

        snprintf(name, sizeof name, "%s%s%s", call->shown ? call->shown : call->name, abi ? "/" : "",
                 abi ? abi : "");
        r = probe(abi, call, &err);
        if (r < 0)
                return r;
        if (err < 0)
                return add(c, PLATFORM_ROUTE_SYSCALL, false, name, call->why, "%s",
                           err == -SIGSYS           ? "killed by the filter (SIGSYS)"
                           : abi && err == -SIGSEGV ? "the kernel has no such entry point (SIGSEGV)"
                                                    : strsignal(-err));
        if (err == 0)
                return add(c, PLATFORM_ROUTE_SYSCALL, !r, name, call->why, "succeeded");
        return add(c, PLATFORM_ROUTE_SYSCALL, !r, name, call->why, "%s%s", strerrorname_np(err),
                   r ? "" : ": reaches the kernel");
}

static int check_calls(Check *c) {
        int r;
        if (c->pid) {
                /* A filter cannot be probed from outside: say whether there is one. */
                char mode[16] = "", n[16] = "";
                r = status_field(c, "Seccomp", mode, sizeof mode);
                if (r < 0)
                        return r;
                (void) status_field(c, "Seccomp_filters", n, sizeof n);
                bool none = streq(mode, "0");
                return add(c, PLATFORM_ROUTE_SYSCALL, none, "seccomp",
                           "without a filter, every call above reaches the kernel", "%s",
                           none ? "no filter: every call reaches the kernel"
                                : "filtered; which calls it refuses, confine --check run inside says");
        }
        for (size_t i = 0; i < confine_n_calls; i++) {
                const ConfineCall *call = &confine_calls[i];
                if (!call->probe)
                        continue;
                if ((r = check_call(c, NULL, call)) < 0)
                        return r;
                for (size_t a = 0; confine_compat_abis[a] && !call->in_child; a++)
                        if ((r = check_call(c, confine_compat_abis[a], call)) < 0)
                                return r;
        }
        return 0;
}

/* Block devices under dir (the agent's /dev), one level of subdirectories
 * deep, no symlink followed. *ret_found: the one whose number is dev. */
static int scan_dev(Check *c, const char *dir, const char *shown, dev_t dev, unsigned depth, bool *ret_found,
                    bool first_pass) {
        _cleanup_close_ int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (dfd < 0)
                return errno == ENOENT ? 0 : -errno;
        DIR *d = fdopendir(dfd);
        if (!d)
                return -errno;
        TAKE_FD(dfd);
        int r = 0;
        for (struct dirent *de; r >= 0 && (de = readdir(d));) {
                char path[PATH_MAX], name[PATH_MAX];
                struct stat st;
                if (de->d_name[0] == '.')
                        continue;
                snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
                snprintf(name, sizeof name, "%s/%s", shown, de->d_name);
                if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                        continue;
                if (S_ISDIR(st.st_mode) && depth < 2) {
                        r = scan_dev(c, path, name, dev, depth + 1, ret_found, first_pass);
                        continue;
                }
                if (!S_ISBLK(st.st_mode))
                        continue;
                bool under = major(dev) != 0 && st.st_rdev == dev;
                /* The worktree's device first, then the others. */
                if (under != first_pass)
                        continue;
                if (under)
                        *ret_found = true;
                const char *why =
                        under ? "the raw bytes of the worktree's filesystem, every masked file's included"
                              : "the raw bytes of a filesystem";
                if (c->pid) {
                        char uid[64] = "";
                        (void) status_field(c, "Uid", uid, sizeof uid);
                        bool root = strtoul(strchr(uid, '\t') ? strchr(uid, '\t') + 1 : uid, NULL, 10) == 0;
                        bool may = root || (st.st_mode & S_IROTH);
                        r = add(c, PLATFORM_ROUTE_BLOCK_DEVICE, may, name, why, "%s%s",
                                may ? "in its /dev, and its credentials pass"
                                    : "in its /dev, not for its uid",
                                under ? "; under the worktree" : "");
                        continue;
                }
                int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW);
                int e = fd < 0 ? errno : 0;
                if (fd >= 0)
                        close(fd);
                r = add(c, PLATFORM_ROUTE_BLOCK_DEVICE, fd >= 0, name, why, "%s%s",
                        fd >= 0 ? "opens for reading" : strerrorname_np(e),
                        under ? "; under the worktree" : "");
        }
        closedir(d);
        return r;
}

typedef struct Nodev {
        const Check *c;
        size_t n;
        char first[PATH_MAX];
} Nodev;

static bool has_opt(const char *opts, const char *name) {
        size_t k = strlen(name);
        for (const char *p = opts; (p = strstr(p, name)); p += k)
                if ((p == opts || p[-1] == ',') && (p[k] == ',' || !p[k]))
                        return true;
        return false;
}

static int each_mount(const Check *c,
                      int (*fn)(void *ctx, uint64_t id, const char *target, const char *opts,
                                const char *type),
                      void *ctx);

/* A mount where a device node opens: not nodev, and not one that must
 * (a character device bound, the /dev and pts filesystems). */
static int nodev_fn(void *ctx, uint64_t id, const char *target, const char *opts, const char *type) {
        Nodev *q = ctx;
        char where[PATH_MAX];
        struct statx sx;
        if (has_opt(opts, "nodev") || streq(type, "devtmpfs") || streq(type, "devpts"))
                return 0;
        snprintf(where, sizeof where, "%s/root%s", q->c->proc, target);
        /* A mount another covers is out of reach; a character device must open. */
        if (statx(AT_FDCWD, where, AT_SYMLINK_NOFOLLOW, STATX_TYPE | STATX_MNT_ID, &sx) < 0 ||
            !(sx.stx_mask & STATX_MNT_ID) || sx.stx_mnt_id != id || S_ISCHR(sx.stx_mode))
                return 0;
        if (q->n++ == 0)
                snprintf(q->first, sizeof q->first, "%s", target);
        return 0;
}

static int check_block(Check *c, const char *root) {
        char dev[64];
        struct stat st;
        bool found = false;
        int r;

        snprintf(dev, sizeof dev, "%s/root/dev", c->proc);
        if (!root || stat(root, &st) < 0)
                st.st_dev = 0;
        r = scan_dev(c, dev, "/dev", st.st_dev, 0, &found, true);
        if (r >= 0)
                r = scan_dev(c, dev, "/dev", st.st_dev, 0, &found, false);
        if (r >= 0) {
                Nodev q = {.c = c};
                r = each_mount(c, nodev_fn, &q);
                static const char why[] =
                        "a block node made before, anywhere on such a mount, reads the disk raw";
                if (r >= 0 && q.n)
                        r = add(c, PLATFORM_ROUTE_BLOCK_DEVICE, true, "nodes outside /dev", why,
                                "%zu mount(s) without nodev, %s first", q.n, q.first);
                else if (r >= 0)
                        r = add(c, PLATFORM_ROUTE_BLOCK_DEVICE, false, "nodes outside /dev", why, "%s",
                                "every mount but /dev's is nodev");
        }
        char backing[PATH_MAX];
        if (r >= 0 && confine_backing_file(st.st_dev, backing, sizeof backing) >= 0 && backing[0]) {
                char where[PATH_MAX + 64];
                snprintf(where, sizeof where, "%s/root%s", c->proc, backing);
                int fd = open(where, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
                int e = fd < 0 ? errno : 0;
                struct stat bst;
                bool file = fd >= 0 && fstat(fd, &bst) == 0 && S_ISREG(bst.st_mode) && bst.st_size > 0;
                if (fd >= 0)
                        close(fd);
                r = add(c, PLATFORM_ROUTE_BLOCK_DEVICE, file, backing,
                        "the file behind the worktree's loop device: its filesystem byte for byte", "%s",
                        file      ? "opens for reading"
                        : fd >= 0 ? "empty, or not a file"
                                  : strerrorname_np(e));
        }
        if (r >= 0 && major(st.st_dev) != 0 && !found) {
                char name[32];
                snprintf(name, sizeof name, "%u:%u", major(st.st_dev), minor(st.st_dev));
                r = add(c, PLATFORM_ROUTE_BLOCK_DEVICE, false, name,
                        "the raw bytes of the worktree's filesystem, every masked file's included",
                        "the worktree's device has no node in /dev (CAP_MKNOD would make one)");
        }
        return r;
}

/* Whether ns (an nsfs fd) is inside, or is, the namespace whose inode is
 * ino: walked up with NS_GET_PARENT, which stops (EPERM) at the top of
 * what the caller may see. */
static bool ns_within(int ns, ino_t ino) {
        _cleanup_close_ int fd = fcntl(ns, F_DUPFD_CLOEXEC, 3);
        for (unsigned i = 0; fd >= 0 && i < 64; i++) {
                struct stat st;
                if (fstat(fd, &st) < 0)
                        return false;
                if (st.st_ino == ino)
                        return true;
                int parent = ioctl(fd, NS_GET_PARENT);
                close(fd);
                fd = parent;
        }
        return false;
}

/* argv[0]'s last name is "pathpolicy" and argv[1] is "watch". */
static bool is_watch(int pid) {
        char path[64], buf[4096];
        snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
        _cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return false;
        ssize_t n = read(fd, buf, sizeof buf - 1);
        if (n <= 0)
                return false;
        buf[n] = 0;
        size_t len0 = strlen(buf);
        const char *base = strrchr(buf, '/');
        base = base ? base + 1 : buf;
        return streq(base, "pathpolicy") && (ssize_t) len0 + 1 < n && streq(buf + len0 + 1, "watch");
}

static int check_daemon(Check *c) {
        _cleanup_close_ int agent_ns = -EBADF;
        struct stat agent_st = {0};
        size_t seen = 0;
        int r = 0;

        if (c->pid) {
                char path[64];
                snprintf(path, sizeof path, "%s/ns/pid", c->proc);
                agent_ns = open(path, O_RDONLY | O_CLOEXEC);
                if (agent_ns < 0 || fstat(agent_ns, &agent_st) < 0)
                        return -errno;
        }
        DIR *d = opendir("/proc");
        if (!d)
                return -errno;
        for (struct dirent *de; r >= 0 && (de = readdir(d));) {
                char *end;
                long pid = strtol(de->d_name, &end, 10);
                if (*end || pid <= 0 || pid == getpid() || pid == c->pid || !is_watch((int) pid))
                        continue;
                seen++;
                char name[32], path[64];
                snprintf(name, sizeof name, "pid %ld", pid);
                if (c->pid) {
                        snprintf(path, sizeof path, "/proc/%ld/ns/pid", pid);
                        _cleanup_close_ int ns = open(path, O_RDONLY | O_CLOEXEC);
                        bool within = ns >= 0 && ns_within(ns, agent_st.st_ino);
                        r = add(c, PLATFORM_ROUTE_DAEMON, within, name,
                                "stopped, no checkout made after is bound; traced, it does what the tracer "
                                "says",
                                "%s",
                                within ? "in the agent's PID namespace: it can signal it, and trace it"
                                       : "outside the agent's PID namespace");
                        continue;
                }
                bool sig = kill((pid_t) pid, 0) == 0;
                snprintf(path, sizeof path, "/proc/%ld/mem", pid);
                int fd = open(path, O_RDONLY | O_CLOEXEC);
                bool trace = fd >= 0;
                if (fd >= 0)
                        close(fd);
                r = add(c, PLATFORM_ROUTE_DAEMON, sig || trace, name,
                        "stopped, no checkout made after is bound; traced, it does what the tracer says",
                        "%s%s%s", sig ? "can signal it" : "cannot signal it",
                        trace ? "; can trace it (its memory opens)" : "", "");
        }
        closedir(d);
        if (r >= 0 && seen == 0)
                r = add(c, PLATFORM_ROUTE_DAEMON, false, "pathpolicy watch",
                        "stopped, no checkout made after is bound; traced, it does what the tracer says",
                        "none in sight");
        return r;
}

/* The mounts of the agent's table, one call a line: mount id, target,
 * options, filesystem type. */
static int each_mount(const Check *c,
                      int (*fn)(void *ctx, uint64_t id, const char *target, const char *opts,
                                const char *type),
                      void *ctx) {
        char path[64], line[4096];
        snprintf(path, sizeof path, "%s/mountinfo", c->proc);
        _cleanup_fclose_ FILE *f = fopen(path, "re");
        if (!f)
                return -errno;
        while (fgets(line, sizeof line, f)) {
                char target[PATH_MAX], opts[512], type[64];
                unsigned long long id;
                const char *sep = strstr(line, " - ");
                if (!sep || sscanf(line, "%llu %*s %*s %*s %4095s %511s", &id, target, opts) != 3 ||
                    sscanf(sep + 3, "%63s", type) != 1)
                        continue;
                int r = fn(ctx, id, target, opts, type);
                if (r != 0)
                        return r < 0 ? r : 0;
        }
        return 0;
}

static bool opts_ro(const char *opts) {
        return strncmp(opts, "ro", 2) == 0 && (opts[2] == ',' || !opts[2]);
}

typedef struct Last {
        int best; /* 1: /proc, 2: /proc/sys */
        bool ro;
} Last;

static int proc_sys_fn(void *ctx, uint64_t id, const char *target, const char *opts, const char *type) {
        Last *l = ctx;
        (void) id, (void) type;
        int rank = streq(target, "/proc/sys") ? 2 : streq(target, "/proc") ? 1 : 0;
        if (rank && rank >= l->best) {
                l->best = rank;
                l->ro = opts_ro(opts);
        }
        return 0;
}

static int check_sysctl(Check *c) {
        static const char why[] = "fs.mount-max or fs.inotify.max_user_watches set low starves the watcher";
        if (!c->pid) {
                int fd = open("/proc/sys/fs/mount-max", O_WRONLY | O_CLOEXEC);
                int e = fd < 0 ? errno : 0;
                if (fd >= 0)
                        close(fd);
                return add(c, PLATFORM_ROUTE_SYSCTL, fd >= 0, "/proc/sys", why, "%s",
                           fd >= 0 ? "writable" : strerrorname_np(e));
        }
        /* From outside: the last mount at /proc/sys, or else /proc, in its
         * table, and whether it is read-only. */
        Last l = {0};
        int r = each_mount(c, proc_sys_fn, &l);
        if (r < 0)
                return r;
        return add(c, PLATFORM_ROUTE_SYSCTL, l.best && !l.ro, "/proc/sys", why, "%s",
                   !l.best ? "no /proc"
                   : l.ro  ? "read-only"
                           : "writable (a read-write mount)");
}

static const char cgroup_why[] = "cgroup.freeze or cgroup.kill (the v1 freezer) stops the daemon's group";

static int cgroup_fn(void *ctx, uint64_t id, const char *target, const char *opts, const char *type) {
        Check *c = ctx;
        (void) id;
        if (!streq(type, "cgroup") && !streq(type, "cgroup2"))
                return 0;
        if (opts_ro(opts))
                return 0;
        /* One is enough to say; the fix is the same for all. */
        int r = add(c, PLATFORM_ROUTE_CGROUP, true, target, cgroup_why, "%s, read-write", type);
        return r < 0 ? r : 1;
}

static int check_cgroup(Check *c) {
        size_t n = c->n;
        int r = each_mount(c, cgroup_fn, c);
        if (r >= 0 && c->n == n)
                r = add(c, PLATFORM_ROUTE_CGROUP, false, "/sys/fs/cgroup", cgroup_why, "%s",
                        "no control group filesystem writable");
        return r;
}

static int check_services(Check *c) {
        static const char why[] =
                "asks the service manager for a process outside the confinement (systemd-run)";
        int r = 0;
        for (size_t i = 0; r >= 0 && confine_service_sockets[i]; i++) {
                const char *path = confine_service_sockets[i];
                char where[PATH_MAX];
                struct stat st;
                snprintf(where, sizeof where, "%s/root%s", c->proc, path);
                if (lstat(where, &st) < 0 || !S_ISSOCK(st.st_mode)) {
                        r = add(c, PLATFORM_ROUTE_SERVICE, false, path, why, "%s", "no socket there");
                        continue;
                }
                if (c->pid) {
                        r = add(c, PLATFORM_ROUTE_SERVICE, true, path, why, "%s", "a socket in its tree");
                        continue;
                }
                /* Connecting asks nothing of the service: it is closed at once. */
                struct sockaddr_un sa = {.sun_family = AF_UNIX};
                snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
                int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
                int ok = fd >= 0 && connect(fd, (struct sockaddr *) &sa, sizeof sa) == 0;
                int e = errno;
                if (fd >= 0)
                        close(fd);
                r = add(c, PLATFORM_ROUTE_SERVICE, ok, path, why, "%s",
                        ok ? "connects" : strerrorname_np(e));
        }
        return r;
}

int platform_confine_check(int pid, const char *root, PlatformRoute **ret, size_t *ret_n) {
        Check c = {.pid = pid};
        int r;

        if (pid < 0)
                return -EINVAL;
        if (pid)
                snprintf(c.proc, sizeof c.proc, "/proc/%d", pid);
        else
                snprintf(c.proc, sizeof c.proc, "/proc/self");
        if (pid && access(c.proc, F_OK) < 0)
                return -errno;

        r = check_caps(&c);
        if (r >= 0)
                r = check_nnp(&c);
        if (r >= 0)
                r = check_calls(&c);
        if (r >= 0)
                r = check_block(&c, root);
        if (r >= 0)
                r = check_daemon(&c);
        if (r >= 0)
                r = check_sysctl(&c);
        if (r >= 0)
                r = check_cgroup(&c);
        if (r >= 0)
                r = check_services(&c);
        if (r < 0) {
                free(c.v);
                return r;
        }
        *ret = c.v;
        *ret_n = c.n;
        return 0;
}
