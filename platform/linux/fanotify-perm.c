/* SPDX-License-Identifier: MIT */
/*
 * --no-window: a FAN_CLASS_CONTENT group with FAN_OPEN_PERM on the root's
 * mount. Its own thread answers each open at once; only an open of a name
 * the core says is masked and not yet covered waits on anything (a readlink,
 * the core's predicate, a look for .git). Such an open is let through when
 * it writes only (git making the file: /proc/TID/syscall says how it opens)
 * and refused when it can read. When that cannot be told (openat2, io_uring),
 * an empty file is let through in a guarded directory: a FAN_ACCESS_PERM
 * mark there (FAN_EVENT_ON_CHILD) refuses every read of a masked name in it,
 * so no descriptor opened empty reads what is written later. The guard must
 * be there before the open starts (from Linux 6.14 a file opened with no
 * access-permission mark on it or its directory never reports its reads),
 * so a directory is guarded when its .git is seen (the watcher's event, the
 * crawl, any open below it) or a masked name can be made in it, and such an
 * open in a directory not guarded before it, or guarded only just, is
 * refused. Must not block on the loop, log, or open a file on the marked
 * mount (its own opens would wait on it): directories and O_PATH only.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/fanotify.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fan-perm.h"
#include "hashmap.h"
#include "util.h"

/* Directories guarded at once (each mark pins its inode): past this the
 * set starts again (a directory forgotten is guarded again, one open denied). */
#define GUARDED_MAX 65536
/* Checkouts whose .git was seen opened, so that git's every open there is
 * no look at its directory: past this the set starts again. */
#define SEEN_MAX 4096
/* An open of a masked name this soon after its directory was guarded with
 * that name in it already may have begun before: denied, empty or not. */
#define SETTLE_NS 5000000
/* Reads only: a mapping is not seen (doc/guest.md). FAN_PRE_ACCESS (Linux
 * 6.14, FAN_CLASS_PRE_CONTENT, ext4, xfs, btrfs but not tmpfs) would see
 * mmap too, but it comes before a write as before a read, and says not
 * which: it would refuse git's own write of the name it just made. */
#define GUARD_MASK (FAN_ACCESS_PERM | FAN_EVENT_ON_CHILD)
/* Looks at an opener's system call while it is still on its way to sleep:
 * yields first (microseconds, the usual case), then naps (a preempted
 * opener, on a loaded machine, has stayed runnable past 1,000 yields). */
#define SYSCALL_YIELDS 1000
#define SYSCALL_NAP_NS 20000
/* How long an opener may take to fall asleep on the answer before its
 * flags count as unknown. Every other open waits meanwhile: only an open
 * of a masked name no mask covers yet is looked at. */
#define OPENER_WAIT_NS 1000000000ull
/* Paths counted between two records; past this only a total. */
#define DENIED_MAX 256
/* Between two records of the same path. */
#define SAY_MS 1000

typedef struct DeniedCount {
        size_t n;
} DeniedCount;

typedef struct Guard {
        uint64_t since_ns; /* CLOCK_MONOTONIC */
} Guard;

struct FanPerm {
        const WatchCallbacks *cb;
        void *userdata;
        int fan_fd, root_fd, stop_fd;
        const char *root_abs; /* the watcher's */
        size_t root_len;
        pid_t self;
        pthread_t thread;
        bool started;
        Hashmap *seen;        /* the thread's: rel of a checkout -> p */
        pthread_mutex_t lock; /* denied, others, guarded */
        Hashmap *guarded;     /* "dev:type:handle" of a directory -> Guard */
        Hashmap *denied;      /* rel -> DeniedCount, since the last record */
        size_t others;        /* denied past DENIED_MAX paths */
        uv_async_t async;
        uv_timer_t timer;
};

/* A denial counted for the loop's record; the loop woken for the first. */
static void note_denied(FanPerm *p, const char *rel) {
        pthread_mutex_lock(&p->lock);
        bool first = hashmap_size(p->denied) == 0 && p->others == 0;
        DeniedCount *d = hashmap_get(p->denied, rel);
        if (!d && hashmap_size(p->denied) < DENIED_MAX && (d = calloc(1, sizeof *d)) &&
            hashmap_put(p->denied, rel, d) < 0) {
                free(d);
                d = NULL;
        }
        if (d)
                d->n++;
        else
                p->others++;
        pthread_mutex_unlock(&p->lock);
        if (first)
                uv_async_send(&p->async);
}

static uint64_t now_ns(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (uint64_t) ts.tv_sec * 1000000000 + (uint64_t) ts.tv_nsec;
}

static void map_clear(Hashmap *m, bool values) {
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(m, &i, &key, &v);) {
                hashmap_remove(m, key);
                if (values)
                        free(v);
        }
}

static bool is_checkout(void *ctx, const char *dir);

/* Whether the directory open at fd, rel, holds a masked name now. */
static bool holds_masked(FanPerm *p, int fd, const char *rel) {
        char path[PATH_MAX];
        bool found = false;
        int dfd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
        if (!d) {
                if (dfd >= 0)
                        close(dfd);
                return true; /* cannot tell: as if it did */
        }
        for (struct dirent *de; !found && (de = readdir(d));) {
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                        continue;
                if ((size_t) snprintf(path, sizeof path, "%s%s%s", rel, rel[0] ? "/" : "", de->d_name) >=
                    sizeof path)
                        continue;
                found = p->cb->mask_pending(p->userdata, path, is_checkout, p);
        }
        closedir(d);
        return found;
}

/* The directory open at fd, rel, guarded (marked, remembered): 0 with
 * *ret_new whether it was not before, and *ret_since from when an open of a
 * masked name there is sure to have begun under the mark: 0 when it held
 * none as it was marked (one made later is opened after the mark), else
 * the time it was marked. Remembered by file handle (inode and
 * generation): a directory deleted (its mark goes with it) and another
 * made with its inode number is not taken for it. -errno on failure. */
static int guard(FanPerm *p, int fd, const char *rel, bool *ret_new, uint64_t *ret_since) {
        static const char hex[] = "0123456789abcdef";
        union {
                struct file_handle fh;
                char buf[sizeof(struct file_handle) + MAX_HANDLE_SZ];
        } h;
        struct stat st;
        char key[32 + 2 * MAX_HANDLE_SZ];
        int mount_id;
        h.fh.handle_bytes = MAX_HANDLE_SZ;
        if (fstat(fd, &st) < 0 || name_to_handle_at(fd, "", &h.fh, &mount_id, AT_EMPTY_PATH) < 0)
                return -errno;
        size_t k = (size_t) snprintf(key, sizeof key, "%llx:%x:", (unsigned long long) st.st_dev,
                                     (unsigned) h.fh.handle_type);
        for (unsigned i = 0; i < h.fh.handle_bytes && k + 2 < sizeof key; i++) {
                key[k++] = hex[(unsigned char) h.fh.f_handle[i] >> 4];
                key[k++] = hex[(unsigned char) h.fh.f_handle[i] & 15];
        }
        key[k] = 0;
        pthread_mutex_lock(&p->lock);
        Guard *g = hashmap_get(p->guarded, key);
        if (g)
                *ret_since = g->since_ns;
        pthread_mutex_unlock(&p->lock);
        *ret_new = !g;
        if (g)
                return 0;
        if (fanotify_mark(p->fan_fd, FAN_MARK_ADD, GUARD_MASK, fd, NULL) < 0)
                return -errno;
        uint64_t since = holds_masked(p, fd, rel) ? now_ns() : 0;
        pthread_mutex_lock(&p->lock);
        if (!(g = hashmap_get(p->guarded, key))) { /* else guarded meanwhile by the other thread */
                if (hashmap_size(p->guarded) >= GUARDED_MAX)
                        map_clear(p->guarded, true);
                if ((g = calloc(1, sizeof *g)) && hashmap_put(p->guarded, key, g) < 0) {
                        free(g);
                        g = NULL;
                }
                if (g)
                        g->since_ns = since;
        }
        pthread_mutex_unlock(&p->lock);
        *ret_since = since;
        return 0;
}

/* Opened, not O_PATH: fanotify_mark takes no O_PATH descriptor. The mark
 * has no FAN_ONDIR: no directory's open waits on this thread. */
static int guard_path(FanPerm *p, const char *rel, bool *ret_new, uint64_t *ret_since) {
        int fd, r = platform_open_beneath(p->root_fd, rel, O_RDONLY | O_DIRECTORY, &fd);
        if (r < 0)
                return r;
        r = guard(p, fd, rel, ret_new, ret_since);
        close(fd);
        return r;
}

int fan_perm_guard(FanPerm *p, const char *rel) {
        bool fresh;
        uint64_t since;
        return guard_path(p, rel, &fresh, &since);
}

void fan_perm_dir_seen(FanPerm *p, const char *rel) {
        if (p->cb->mask_dir(p->userdata, rel, is_checkout, p))
                (void) fan_perm_guard(p, rel);
}

/* An open below a .git: the checkout holding it guarded, before any of
 * its masked names is made (git clone and git init open their .git files
 * first). Once a checkout: git opens thousands of objects there. */
static void guard_checkout_of(FanPerm *p, const char *rel) {
        char dir[PATH_MAX];
        const char *g = strstr(rel, "/.git/");
        if (!g || (size_t) (g - rel) >= sizeof dir)
                return;
        memcpy(dir, rel, (size_t) (g - rel));
        dir[g - rel] = 0;
        if (hashmap_contains(p->seen, dir))
                return;
        if (fan_perm_guard(p, dir) < 0)
                return;
        if (hashmap_size(p->seen) >= SEEN_MAX)
                map_clear(p->seen, false);
        (void) hashmap_put(p->seen, dir, p); /* unremembered: looked at again next time */
}

/* Whether dir (beneath the root, no symlink followed) holds a .git: what
 * the core calls a checkout. O_PATH and a stat: no open the mark sees.
 * When that cannot be told (a lookup raced by the daemon's own mounts past
 * its retries: EAGAIN; a symlink swapped in): as if it did, refused. */
static bool is_checkout(void *ctx, const char *dir) {
        FanPerm *p = ctx;
        struct stat st;
        int dfd, r = platform_open_beneath(p->root_fd, dir, O_PATH | O_DIRECTORY, &dfd);
        if (r < 0)
                return r != -ENOENT && r != -ENOTDIR;
        r = fstatat(dfd, ".git", &st, AT_SYMLINK_NOFOLLOW) == 0 ? 0 : -errno;
        close(dfd);
        return r != -ENOENT && r != -ENOTDIR;
}

/* The name fd was opened by, relative to the root: 0 with rel filled, or
 * -1 when it is outside the root (or gone: " (deleted)" is no name). */
static int rel_of_fd(FanPerm *p, int fd, char *abs, size_t n, const char **rel) {
        char link[64];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t k = readlink(link, abs, n - 1);
        if (k <= 0 || (size_t) k >= n - 1)
                return -1;
        abs[k] = 0;
        if (strncmp(abs, p->root_abs, p->root_len) != 0 || abs[p->root_len] != '/')
                return -1;
        *rel = abs + p->root_len + 1;
        return 0;
}

int fan_perm_open_mode(pid_t tid, uint64_t wait_ns) {
        char path[64], buf[512];
        long nr;
        unsigned long a[6];
        ssize_t n = -1;
        snprintf(path, sizeof path, "/proc/%d/syscall", (int) tid);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return -1;
        /* "running" until the opener, its event queued, is asleep waiting
         * for the answer (runnable counts as running). */
        uint64_t end = now_ns() + wait_ns;
        for (int i = 0;; i++) {
                n = pread(fd, buf, sizeof buf - 1, 0);
                if (n <= 0 || strncmp(buf, "running", 7) != 0 || now_ns() >= end)
                        break;
                if (i < SYSCALL_YIELDS)
                        sched_yield();
                else
                        (void) nanosleep(&(struct timespec){.tv_nsec = SYSCALL_NAP_NS}, NULL);
        }
        close(fd);
        if (n <= 0)
                return -1;
        buf[n] = 0;
        if (sscanf(buf, "%ld %lx %lx %lx %lx %lx %lx", &nr, &a[0], &a[1], &a[2], &a[3], &a[4], &a[5]) != 7)
                return -1;
        if (nr == SYS_openat)
                return (int) (a[2] & O_ACCMODE);
#ifdef SYS_open
        if (nr == SYS_open)
                return (int) (a[1] & O_ACCMODE);
#endif
#ifdef SYS_creat
        if (nr == SYS_creat)
                return O_WRONLY;
#endif
        return -1;
}

/* The open of a masked name at rel that no mask covers yet. */
static uint32_t decide_open(FanPerm *p, const struct fanotify_event_metadata *m, const char *rel) {
        char dir[PATH_MAX];
        struct stat st;
        bool fresh;
        uint64_t since;
        const char *slash = strrchr(rel, '/');
        if (!slash || (size_t) (slash - rel) >= sizeof dir)
                return FAN_DENY;
        memcpy(dir, rel, (size_t) (slash - rel));
        dir[slash - rel] = 0;
        /* Write only: nothing can be read through it, nor mapped (git
         * writes the worktree so). Read: refused, empty or not, until the
         * mask covers the name. */
        int mode = fan_perm_open_mode(m->pid, OPENER_WAIT_NS);
        if (mode == O_WRONLY)
                return FAN_ALLOW;
        if (mode >= 0)
                return FAN_DENY;
        /* Not known: an empty file, in a directory guarded before the open
         * began, is let through; its reads are refused (the guard). */
        if (guard_path(p, dir, &fresh, &since) < 0 || fresh || (since && now_ns() - since < SETTLE_NS))
                return FAN_DENY;
        return fstat(m->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0 ? FAN_ALLOW : FAN_DENY;
}

/* The answer to one event: FAN_ALLOW unless it is a masked name. */
static uint32_t decide(FanPerm *p, const struct fanotify_event_metadata *m) {
        char abs[PATH_MAX];
        const char *rel;

        if (m->pid == p->self)
                return FAN_ALLOW; /* our own loop's: its open waits on this thread */
        if (rel_of_fd(p, m->fd, abs, sizeof abs, &rel) < 0)
                return FAN_ALLOW; /* outside the root, or deleted: no name to mask */
        if (m->mask & FAN_OPEN_PERM)
                guard_checkout_of(p, rel);
        if (!p->cb->mask_pending(p->userdata, rel, is_checkout, p))
                return FAN_ALLOW;
        /* A read in a guarded directory, of a masked name: after the mask,
         * only a descriptor from before it reaches this file. */
        uint32_t r = m->mask & FAN_ACCESS_PERM ? FAN_DENY : decide_open(p, m, rel);
        if (r == FAN_DENY)
                note_denied(p, rel);
        return r;
}

static void *thread_main(void *arg) {
        FanPerm *p = arg;
        char buf[16384] __attribute__((aligned(__alignof__(struct fanotify_event_metadata))));
        struct pollfd pfd[2] = {{.fd = p->fan_fd, .events = POLLIN}, {.fd = p->stop_fd, .events = POLLIN}};

        for (;;) {
                if (poll(pfd, 2, -1) < 0 && errno != EINTR)
                        break;
                if (pfd[1].revents)
                        break;
                ssize_t n = read(p->fan_fd, buf, sizeof buf);
                if (n < 0)
                        continue; /* EAGAIN, EINTR */
                struct fanotify_event_metadata m;
                for (const char *e = buf; buf + n - e >= (ssize_t) sizeof m; e += m.event_len) {
                        memcpy(&m, e, sizeof m);
                        if (m.event_len < sizeof m || m.vers != FANOTIFY_METADATA_VERSION)
                                break;
                        if (m.fd < 0)
                                continue; /* FAN_Q_OVERFLOW: unlimited queue, never */
                        struct fanotify_response r = {.fd = m.fd, .response = decide(p, &m)};
                        /* Unanswered, the open would wait until the group closes. */
                        while (write(p->fan_fd, &r, sizeof r) < 0 && errno == EINTR)
                                ;
                        close(m.fd);
                }
        }
        return NULL;
}

/* The denials since the last record, said: whether there were any. */
static bool flush(FanPerm *p) {
        Hashmap *taken, *fresh = hashmap_new();
        size_t others;
        if (!fresh)
                return true; /* said next time */
        pthread_mutex_lock(&p->lock);
        taken = p->denied;
        p->denied = fresh;
        others = p->others;
        p->others = 0;
        pthread_mutex_unlock(&p->lock);
        const char *key;
        void *v;
        bool any = others > 0;
        for (size_t i = 0; hashmap_next(taken, &i, &key, &v);) {
                p->cb->open_denied(p->userdata, key, ((DeniedCount *) v)->n);
                free(v);
                any = true;
        }
        hashmap_free(taken);
        if (others > 0)
                p->cb->open_denied(p->userdata, "", others);
        return any;
}

static void timer_cb(uv_timer_t *t) {
        if (!flush(t->data))
                uv_timer_stop(t);
}

/* The first denial after a quiet interval is said at once; the rest of
 * each path's once an interval, with a count. */
static void async_cb(uv_async_t *a) {
        FanPerm *p = a->data;
        if (uv_is_active((uv_handle_t *) &p->timer))
                return;
        (void) flush(p);
        uv_timer_start(&p->timer, timer_cb, SAY_MS, SAY_MS);
}

static void closed_cb(uv_handle_t *h) {
        fan_perm_free(h->data);
}

int fan_perm_mark(FanPerm *p, int fd) {
        return fanotify_mark(p->fan_fd, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_OPEN_PERM, fd, NULL) < 0 ? -errno
                                                                                                    : 0;
}

int fan_perm_start(uv_loop_t *loop, int root_fd, const char *root_abs, const WatchCallbacks *cb,
                   void *userdata, FanPerm **ret) {
        FanPerm *p = calloc(1, sizeof *p);
        int r;
        if (!p)
                return -ENOMEM;
        *p = (FanPerm){.cb = cb,
                       .userdata = userdata,
                       .root_fd = root_fd,
                       .root_abs = root_abs,
                       .root_len = strlen(root_abs),
                       .self = getpid(),
                       .stop_fd = -1};
        pthread_mutex_init(&p->lock, NULL);
        if (p->root_len == 1)
                p->root_len = 0; /* "/": every path is below it */
        /* FAN_REPORT_TID: the thread that opens, whose system call says how. */
        p->fan_fd = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC | FAN_NONBLOCK | FAN_UNLIMITED_QUEUE |
                                          FAN_UNLIMITED_MARKS | FAN_REPORT_TID,
                                  O_RDONLY | O_LARGEFILE | O_CLOEXEC);
        r = p->fan_fd < 0 ? -errno : fan_perm_mark(p, root_fd);
        if (r >= 0 && (p->stop_fd = eventfd(0, EFD_CLOEXEC)) < 0)
                r = -errno;
        if (r >= 0 &&
            (!(p->denied = hashmap_new()) || !(p->guarded = hashmap_new()) || !(p->seen = hashmap_new())))
                r = -ENOMEM;
        if (r < 0) {
                fan_perm_free(p);
                return r;
        }
        uv_async_init(loop, &p->async, async_cb);
        uv_timer_init(loop, &p->timer);
        p->async.data = p->timer.data = p;
        r = -pthread_create(&p->thread, NULL, thread_main, p);
        if (r < 0) {
                uv_close((uv_handle_t *) &p->async, NULL);
                uv_close((uv_handle_t *) &p->timer, closed_cb); /* the last: frees p */
                return r;
        }
        p->started = true;
        *ret = p;
        return 0;
}

void fan_perm_stop(FanPerm *p) {
        if (!p || !p->started)
                return;
        uint64_t one = 1;
        if (write(p->stop_fd, &one, sizeof one) == sizeof one)
                pthread_join(p->thread, NULL);
        p->started = false;
        /* Every open the thread left unanswered goes through now. */
        close(p->fan_fd);
        p->fan_fd = -1;
        (void) flush(p); /* what was denied since the last record */
        uv_close((uv_handle_t *) &p->async, NULL);
        uv_close((uv_handle_t *) &p->timer, NULL);
}

void fan_perm_free(FanPerm *p) {
        if (!p)
                return;
        if (p->denied) {
                const char *key;
                void *v;
                for (size_t i = 0; hashmap_next(p->denied, &i, &key, &v);)
                        free(v);
                hashmap_free(p->denied);
        }
        pthread_mutex_destroy(&p->lock);
        if (p->guarded)
                map_clear(p->guarded, true);
        hashmap_free(p->guarded);
        hashmap_free(p->seen);
        if (p->fan_fd >= 0)
                close(p->fan_fd);
        if (p->stop_fd >= 0)
                close(p->stop_fd);
        free(p);
}
