/* SPDX-License-Identifier: MIT */
/*
 * The inotify watcher: one watch per directory, a wd -> node map, the fd on
 * a uv_poll (libuv's fs_event is not recursive on Linux, drops
 * IN_Q_OVERFLOW and hides IN_ISDIR). A new directory is watched first and
 * scanned after, so whatever is made in it meanwhile is seen either way.
 * Scans run in batches on the loop so events keep being drained during a
 * large crawl. Inside a .git directory only its top level is watched (its
 * config, hooks, locks); never .git/objects.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <uv.h>

#include "hashmap.h"
#include "platform.h"

#define WATCH_MASK                                                                                         \
        (IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | \
         IN_EXCL_UNLINK)
/* Directories scanned per loop iteration: keeps the loop draining events
 * while a large tree is crawled. */
#define SCAN_BATCH 64
/* How often subtrees that could not be watched (the watch limit) are
 * scanned instead. */
#define UNWATCHED_RESCAN_MS 1000

typedef struct Node {
        int wd;
        char *rel;
        bool git; /* a .git directory: its entries are reported, its subdirectories not entered */
        struct Node *parent, *children, *next, *prev;
} Node;

typedef struct Watcher {
        uv_loop_t *loop;
        const WatchCallbacks *cb;
        void *userdata;
        int root_fd, ifd;
        dev_t dev;
        uv_poll_t poll;
        uv_idle_t idle;
        uv_timer_t unwatched_timer;
        Hashmap *by_wd, *by_rel;
        char **queue; /* directories to scan, watched already */
        size_t n_queue, allocated_queue;
        char **unwatched; /* subtrees over the watch limit */
        size_t n_unwatched;
        bool ready_sent, limit_warned;
} Watcher;

static int sys_openat2(int dirfd, const char *path, struct open_how *how) {
        return (int) syscall(SYS_openat2, dirfd, path, how, sizeof *how);
}

static void idle_cb(uv_idle_t *h);
static void unwatched_cb(uv_timer_t *t);

static int open_dir(Watcher *w, const char *rel) {
        struct open_how how = {
                .flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC,
                .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
        };
        if (!rel[0]) {
                int fd = openat(w->root_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                return fd < 0 ? -errno : fd;
        }
        for (int i = 0; i < 16; i++) {
                int fd = sys_openat2(w->root_fd, rel, &how);
                if (fd >= 0 || errno != EAGAIN)
                        return fd < 0 ? -errno : fd;
        }
        return -EAGAIN;
}

static char *child_rel(const char *parent, const char *name) {
        char *s = NULL;
        if (asprintf(&s, "%s%s%s", parent, parent[0] ? "/" : "", name) < 0)
                return NULL;
        return s;
}

static void wd_key(int wd, char buf[static 16]) {
        snprintf(buf, 16, "%d", wd);
}

static void node_unlink(Node *n) {
        if (n->prev)
                n->prev->next = n->next;
        else if (n->parent)
                n->parent->children = n->next;
        if (n->next)
                n->next->prev = n->prev;
        n->prev = n->next = NULL;
}

/* Forget a node and its subtree: watches, maps, memory. */
static void forget(Watcher *w, Node *n) {
        char key[16];
        while (n->children)
                forget(w, n->children);
        node_unlink(n);
        wd_key(n->wd, key);
        if (hashmap_get(w->by_wd, key) == n)
                hashmap_remove(w->by_wd, key);
        if (hashmap_get(w->by_rel, n->rel) == n)
                hashmap_remove(w->by_rel, n->rel);
        /* The kernel may have dropped it already (IN_IGNORED); EINVAL then. */
        (void) inotify_rm_watch(w->ifd, n->wd);
        free(n->rel);
        free(n);
}

/* Forget every node: each tree from its top. */
static void forget_all(Watcher *w) {
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->by_rel, &i, &key, &v);)
                if (!((Node *) v)->parent) {
                        forget(w, v);
                        i = 0;
                }
}

static int enqueue(Watcher *w, const char *rel) {
        if (w->n_queue == w->allocated_queue) {
                size_t k = w->allocated_queue ? w->allocated_queue * 2 : 64;
                char **q = realloc(w->queue, k * sizeof *q);
                if (!q)
                        return -ENOMEM;
                w->queue = q;
                w->allocated_queue = k;
        }
        w->queue[w->n_queue] = strdup(rel);
        if (!w->queue[w->n_queue])
                return -ENOMEM;
        w->n_queue++;
        if (!uv_is_active((uv_handle_t *) &w->idle))
                uv_idle_start(&w->idle, idle_cb);
        return 0;
}

static void note_unwatched(Watcher *w, const char *rel) {
        char **v = realloc(w->unwatched, (w->n_unwatched + 1) * sizeof *v);
        if (!v)
                return;
        w->unwatched = v;
        v[w->n_unwatched] = strdup(rel);
        if (v[w->n_unwatched])
                w->n_unwatched++;
}

/* Watch the directory rel (already reported as found), then queue it for a
 * scan. The watch comes first: anything made in it from now on is an
 * event, anything made before is in the scan. */
static void watch_dir(Watcher *w, const char *rel, bool git) {
        char proc[64], key[16];
        Node *n;
        int fd, wd;

        if (hashmap_contains(w->by_rel, rel))
                return;
        fd = open_dir(w, rel);
        if (fd < 0)
                return; /* gone, or a symlink swapped in: not entered */

        /* By descriptor: the very directory we opened, not a path. No
         * IN_DONT_FOLLOW: /proc/self/fd/N is a magic link to follow. */
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
        wd = inotify_add_watch(w->ifd, proc, WATCH_MASK);
        close(fd);
        if (wd < 0) {
                if (errno == ENOSPC) {
                        /* The watch limit: say so once, and scan this subtree
                         * on a timer instead. Never give up on the rest. */
                        if (!w->limit_warned) {
                                w->limit_warned = true;
                                w->cb->warn(w->userdata, rel, ENOSPC,
                                            "inotify watch limit reached (fs.inotify.max_user_watches); "
                                            "this and further subtrees are scanned every second instead");
                        }
                        note_unwatched(w, rel);
                        if (!uv_is_active((uv_handle_t *) &w->unwatched_timer))
                                uv_timer_start(&w->unwatched_timer, unwatched_cb, UNWATCHED_RESCAN_MS,
                                               UNWATCHED_RESCAN_MS);
                        (void) enqueue(w, rel);
                }
                return;
        }

        wd_key(wd, key);
        Node *old = hashmap_get(w->by_wd, key);
        if (old) /* the same inode under another name (moved): forget the old */
                forget(w, old);

        n = calloc(1, sizeof *n);
        if (!n || !(n->rel = strdup(rel))) {
                free(n);
                inotify_rm_watch(w->ifd, wd);
                return;
        }
        n->wd = wd;
        n->git = git;
        const char *slash = strrchr(rel, '/');
        char *parent = rel[0] ? strndup(rel, slash ? (size_t) (slash - rel) : 0) : NULL;
        n->parent = parent ? hashmap_get(w->by_rel, parent) : NULL;
        free(parent);
        if (n->parent) {
                n->next = n->parent->children;
                if (n->next)
                        n->next->prev = n;
                n->parent->children = n;
        }
        if (hashmap_put(w->by_wd, key, n) < 0 || hashmap_put(w->by_rel, rel, n) < 0) {
                forget(w, n);
                return;
        }
        (void) enqueue(w, rel);
}

static WatchType type_of(unsigned char d_type, int dfd, const char *name) {
        struct stat st;
        if (d_type == DT_UNKNOWN) {
                if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                        return WATCH_OTHER;
                d_type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : S_ISLNK(st.st_mode) ? DT_LNK : DT_UNKNOWN;
        }
        return d_type == DT_DIR ? WATCH_DIR : d_type == DT_REG ? WATCH_FILE : d_type == DT_LNK ? WATCH_SYMLINK : WATCH_OTHER;
}

/* Whether to enter a directory: not another filesystem, and not a mount
 * of our own (a mask or a protect). */
static bool enterable(Watcher *w, int dfd, const char *name) {
        struct statx sx;
        if (statx(dfd, name, AT_SYMLINK_NOFOLLOW, STATX_TYPE, &sx) < 0)
                return false;
        if (makedev(sx.stx_dev_major, sx.stx_dev_minor) != w->dev)
                return false;
        return !((sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) && (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT));
}

/* What to do with a directory found under parent: watch it and scan it,
 * report its entries only (a .git), or leave it (inside .git). */
static void handle_dir(Watcher *w, Node *parent_node, bool parent_git, int dfd, const char *name, const char *rel) {
        (void) parent_node;
        if (parent_git)
                return; /* inside .git: hooks, objects, refs are not entered */
        if (!enterable(w, dfd, name))
                return;
        watch_dir(w, rel, strcmp(name, ".git") == 0);
}

static void scan(Watcher *w, const char *rel) {
        Node *node = hashmap_get(w->by_rel, rel);
        bool git = node ? node->git : false;
        int fd = open_dir(w, rel);
        DIR *d;
        struct dirent *de;

        if (fd < 0)
                return;
        d = fdopendir(fd);
        if (!d) {
                close(fd);
                return;
        }
        while ((de = readdir(d))) {
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                        continue;
                char *c = child_rel(rel, de->d_name);
                if (!c)
                        break;
                WatchType t = type_of(de->d_type, fd, de->d_name);
                w->cb->found(w->userdata, c, t);
                if (t == WATCH_DIR)
                        handle_dir(w, node, git, fd, de->d_name, c);
                free(c);
        }
        closedir(d);
}

static void idle_cb(uv_idle_t *h) {
        Watcher *w = h->data;
        for (int i = 0; i < SCAN_BATCH && w->n_queue > 0; i++) {
                char *rel = w->queue[--w->n_queue];
                scan(w, rel);
                free(rel);
        }
        if (w->n_queue == 0) {
                uv_idle_stop(h);
                if (!w->ready_sent) {
                        w->ready_sent = true;
                        w->cb->ready(w->userdata);
                }
        }
}

static void unwatched_cb(uv_timer_t *t) {
        Watcher *w = t->data;
        for (size_t i = 0; i < w->n_unwatched; i++)
                (void) enqueue(w, w->unwatched[i]);
}

static void resync(Watcher *w) {
        /* Forget everything, then watch and scan the whole tree again. */
        forget_all(w);
        for (size_t i = 0; i < w->n_queue; i++)
                free(w->queue[i]);
        w->n_queue = 0;
        w->cb->rescan(w->userdata);
        watch_dir(w, "", false);
}

static void on_event(Watcher *w, const struct inotify_event *ev) {
        char key[16];
        Node *n;

        if (ev->mask & IN_Q_OVERFLOW) {
                resync(w);
                return;
        }
        wd_key(ev->wd, key);
        n = hashmap_get(w->by_wd, key);
        if (!n)
                return; /* a watch we already forgot */
        if (ev->mask & IN_IGNORED) {
                forget(w, n);
                return;
        }
        if (ev->len == 0) {
                /* The directory itself deleted or moved: its parent reports
                 * the name; here only the root matters. */
                if ((ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) && !n->parent && !n->rel[0])
                        w->cb->warn(w->userdata, "", 0, "the watched root itself was deleted or moved");
                return;
        }

        char *rel = child_rel(n->rel, ev->name);
        if (!rel)
                return;
        if (ev->mask & (IN_DELETE | IN_MOVED_FROM)) {
                Node *child = hashmap_get(w->by_rel, rel);
                if (child)
                        forget(w, child);
                w->cb->gone(w->userdata, rel);
        } else if (ev->mask & (IN_CREATE | IN_MOVED_TO)) {
                int dfd = open_dir(w, n->rel);
                WatchType t = ev->mask & IN_ISDIR ? WATCH_DIR : type_of(DT_UNKNOWN, dfd, ev->name);
                /* A name that already had a subtree (moved over): start afresh. */
                Node *old = hashmap_get(w->by_rel, rel);
                if (old && (ev->mask & IN_MOVED_TO)) {
                        forget(w, old);
                        w->cb->gone(w->userdata, rel);
                }
                w->cb->found(w->userdata, rel, t);
                if (t == WATCH_DIR && dfd >= 0)
                        handle_dir(w, n, n->git, dfd, ev->name, rel);
                if (dfd >= 0)
                        close(dfd);
        }
        free(rel);
}

static void poll_cb(uv_poll_t *h, int status, int events) {
        Watcher *w = h->data;
        /* Aligned as inotify wants; many events per read. */
        char buf[65536] __attribute__((aligned(__alignof__(struct inotify_event))));
        (void) events;
        if (status < 0)
                return;
        for (;;) {
                ssize_t n = read(w->ifd, buf, sizeof buf);
                if (n < 0) {
                        if (errno == EINTR)
                                continue;
                        break; /* EAGAIN: drained */
                }
                for (char *p = buf; p < buf + n;) {
                        const struct inotify_event *ev = (const struct inotify_event *) p;
                        on_event(w, ev);
                        p += sizeof *ev + ev->len;
                }
        }
}

static int linux_watch_start(uv_loop_t *loop, const char *root, const WatchCallbacks *cb, void *userdata,
                             void **ret) {
        Watcher *w = calloc(1, sizeof *w);
        struct stat st;
        int r;

        if (!w)
                return -ENOMEM;
        w->loop = loop;
        w->cb = cb;
        w->userdata = userdata;
        w->ifd = -1;
        w->root_fd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (w->root_fd < 0 || fstat(w->root_fd, &st) < 0) {
                r = -errno;
                goto fail;
        }
        w->dev = st.st_dev;
        w->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        w->by_wd = hashmap_new();
        w->by_rel = hashmap_new();
        if (w->ifd < 0 || !w->by_wd || !w->by_rel) {
                r = w->ifd < 0 ? -errno : -ENOMEM;
                goto fail;
        }
        uv_poll_init(loop, &w->poll, w->ifd);
        uv_idle_init(loop, &w->idle);
        uv_timer_init(loop, &w->unwatched_timer);
        w->poll.data = w->idle.data = w->unwatched_timer.data = w;
        uv_poll_start(&w->poll, UV_READABLE, poll_cb);
        watch_dir(w, "", false);
        *ret = w;
        return 0;
fail:
        if (w->root_fd >= 0)
                close(w->root_fd);
        if (w->ifd >= 0)
                close(w->ifd);
        hashmap_free(w->by_wd);
        hashmap_free(w->by_rel);
        free(w);
        return r;
}

static void linux_watch_stop(void *p) {
        Watcher *w = p;
        uv_close((uv_handle_t *) &w->poll, NULL);
        uv_close((uv_handle_t *) &w->idle, NULL);
        uv_close((uv_handle_t *) &w->unwatched_timer, NULL);
}

static void linux_watch_free(void *p) {
        Watcher *w = p;
        if (!w)
                return;
        forget_all(w);
        for (size_t i = 0; i < w->n_queue; i++)
                free(w->queue[i]);
        free(w->queue);
        for (size_t i = 0; i < w->n_unwatched; i++)
                free(w->unwatched[i]);
        free(w->unwatched);
        hashmap_free(w->by_wd);
        hashmap_free(w->by_rel);
        close(w->ifd);
        close(w->root_fd);
        free(w);
}

const WatcherOps platform_watcher = {
        .start = linux_watch_start,
        .stop = linux_watch_stop,
        .free = linux_watch_free,
};
