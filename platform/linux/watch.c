/* SPDX-License-Identifier: MIT */
/*
 * The inotify watcher: one watch per directory, a wd -> node map, the fd on
 * a uv_poll (libuv's fs_event is not recursive on Linux, drops
 * IN_Q_OVERFLOW and hides IN_ISDIR). Each directory is opened once,
 * beneath the root with no symlinks; that descriptor is checked, watched
 * and then scanned, so whatever is made in it meanwhile is seen either way.
 * Subdirectories are queued and visited in batches on the loop, so events
 * keep being drained during a large crawl: first in, first out, so no part
 * of the tree waits behind another; each path queued once (a directory
 * renamed away and back is one visit, of what is there then); and the
 * queue bounded, past which one rescan of the whole tree replaces what
 * would not fit. A name's events that a later one in the same read
 * stands for are passed over (walk_mark_superseded: a rename storm
 * between a few names is a few events a read). Below a .git directory
 * everything is watched, the object stores' fan-out shallowly (for a
 * directory or a .git in it); writes in place are watched in the .git
 * directory itself and where the core asks.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <uv.h>

#include "array.h"
#include "hashmap.h"
#include "mountinfo.h"
#include "platform.h"
#include "walk.h"

#define WATCH_MASK                                                                                          \
        (IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | \
         IN_EXCL_UNLINK)
/* In a .git directory, and in the directories the core asks for
 * (watch_dir), writes in place matter too: a .git file or a commondir
 * rewritten to name another directory. IN_MODIFY comes with the O_TRUNC
 * and with each write, so the core always reads what is there now. */
#define WRITE_MASK (WATCH_MASK | IN_MODIFY)
/* Directories visited per loop iteration: keeps the loop draining events
 * while a large tree is crawled. */
#define VISIT_BATCH 64
/* The queue holds at most this many directories, or twice as many as the
 * tree has had watched, if more: a directory renamed back and forth with
 * thousands below it queues each path once, and a storm of new names past
 * the bound ends in one rescan, not in growth. */
#define QUEUE_BOUND_MIN 65536
/* Events read ahead of their handling. The kernel queues 16,384 an
 * inotify instance (fs.inotify.max_queued_events, machine-wide: not ours
 * to raise), which a burst of mkdirs by a few processes fills in tens of
 * milliseconds; every overflow is a rescan. So events are read whenever
 * the loop is busy for long (between visits, every so many entries of a
 * listing) into this buffer, and handled in order when the loop gets to
 * them. Bounded: past it the kernel's queue is left to overflow. The
 * bound is also how far behind the read-ahead may leave every other event:
 * at 8 MiB (260,000 short events) a rename storm that never stops kept it
 * full, and a new checkout's events waited behind it (storm a: p99 251 ms
 * against 38 ms at 1 MiB, the same build). Storm c's bursts of 40,000
 * mkdirs peak at about 1.2 MiB read ahead (1 MiB made 28 overflows in a
 * run, against 11). */
#define SPILL_MAX (2u << 20)
/* While most of what is read is passed over (walk_mark_superseded: a
 * rename storm), reading ahead only moves it out of the kernel's queue at
 * the same cost, and puts it before every other event: the read-ahead
 * stops at this much then, and the kernel's queue is left to overflow (a
 * rescan, which keeps the watches). Storm a on a loaded machine: p99
 * 131 to 477 ms with 2 MiB read ahead (65,000 events before a checkout's,
 * each callback at most 36 ms of CPU), 97 and 127 ms with this (at most
 * 19 ms a callback). */
#define SPILL_FLOOD (128u << 10)
#define SPILL_KEEP (256u << 10) /* kept allocated once handled; more is given back */
#define EVENT_MAX (sizeof(struct inotify_event) + NAME_MAX + 1)
/* Entries listed, and visits made, between two reads of the events. */
#define LISTED_PER_DRAIN 256
#define VISITS_PER_DRAIN 8
/* Entries listed a turn: a larger directory (a burst's 40,000) is listed
 * over several turns, each after the other parents' (the queue's round),
 * so that a new checkout elsewhere is not listed after it. At most
 * PARTS_MAX directories are listed in part at once (each holds its
 * descriptor); past them one is listed whole. */
#define LIST_TURN 512
#define PARTS_MAX 32
/* How often directories that could not be watched (the watch limit) are
 * scanned instead. */
#define UNWATCHED_RESCAN_MS 1000

/* A watched directory, kept as its name in its parent (a tree): what it
 * costs is its name's length, not its path's (F7: 19 components of 200
 * bytes made each leaf's path 3.8 KB, 296 MB at 100,000 directories). Its
 * path is made only when an event needs it (node_path). */
typedef struct Node {
        int wd;
        bool git;           /* below a .git directory */
        bool writes;        /* watched with WRITE_MASK */
        bool shallow;       /* an object store's fan-out: only a directory or a .git in it is reported */
        unsigned pass;      /* the pass (Watcher.pass) it was last listed in */
        unsigned seen;      /* the last listing of its parent that saw it */
        unsigned listing;   /* its own listing's number (Watcher.listing) */
        unsigned part_pass; /* the pass its listing in part began in */
        DIR *part;          /* its listing, when in part */
        ino_t ino;          /* the inode watched */
        struct statx_timestamp ctime; /* its ctime when its last listing began */
        char key[12];                 /* the wd as a string: the by_wd key, borrowed */
        /* Its place, the by_place key, borrowed: "<its parent's wd>/<its
         * name>", or "/<its path>" with no watched parent (the root, "/";
         * a gitdir asked for on its own). */
        char *place;
        const char *name; /* in place: its name, or its whole path with no parent */
        struct Node *parent, *children, *next, *prev;
} Node;

typedef struct Watcher {
        uv_loop_t *loop;
        const WatchCallbacks *cb;
        void *userdata;
        int root_fd, ifd, cwd_fd;
        dev_t dev;
        uv_poll_t poll;
        uv_idle_t idle;
        uv_timer_t unwatched_timer;
        Hashmap *by_wd, *by_place; /* keys borrowed from the nodes */
        VisitQueue queue;          /* directories to visit */
        /* Each rescan is a pass: a directory not listed in this one is
         * listed again (its watch kept); each listing has a number, so that
         * a child it did not see is known gone. */
        unsigned pass, listing;
        Node *scanning;    /* the node whose directory walk_scan is listing */
        size_t tops;       /* nodes with no parent: the root, and any watched on its own */
        int inline_visits; /* new directories visited at their event, left in this read */
        size_t parts;      /* directories listed in part */
        struct {
                char *buf; /* raw events as read, aligned as inotify wants (malloc's) */
                size_t len, off, allocated;
                size_t cap; /* SPILL_MAX, or SPILL_FLOOD while most is passed over */
        } spill;
        unsigned listed;     /* entries listed since the last drain */
        size_t most_watched; /* the most directories watched at once */
        Hashmap *unwatched;  /* over the watch limit: rel -> &IS_GIT or &NOT_GIT */
        bool ready_sent, limit_warned;
        /* The last name a superseded event was passed over at: no watched
         * directory there while no node was added or forgotten (gen). */
        unsigned gen;
        struct {
                int wd;
                unsigned gen;
                char name[NAME_MAX + 1];
        } passed;
} Watcher;

static void idle_cb(uv_idle_t *h);
static void unwatched_cb(uv_timer_t *t);

/* The spill's pages given back. */
static void spill_release(Watcher *w) {
        if (w->spill.buf)
                (void) munmap(w->spill.buf, w->spill.allocated);
        w->spill.buf = NULL;
        w->spill.allocated = 0;
}

/* Read the events the kernel holds into the spill, as room allows. */
static void drain(Watcher *w) {
        for (;;) {
                if (w->spill.len >= w->spill.cap)
                        return;
                if (w->spill.allocated - w->spill.len < EVENT_MAX) {
                        if (w->spill.allocated >= SPILL_MAX)
                                return;
                        size_t n = w->spill.allocated ? w->spill.allocated * 2 : 65536;
                        /* Pages of its own, given back whole at spill_release:
                         * from malloc's heap, each size the read-ahead reached
                         * under load stayed in the daemon's RSS (+512 KiB,
                         * then +1 MiB, in the churn test's rounds). */
                        char *b = w->spill.buf ? mremap(w->spill.buf, w->spill.allocated, n, MREMAP_MAYMOVE)
                                               : mmap(NULL, n, PROT_READ | PROT_WRITE,
                                                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
                        if (b == MAP_FAILED)
                                return;
                        w->spill.buf = b;
                        w->spill.allocated = n;
                }
                size_t room = w->spill.allocated - w->spill.len, want = w->spill.cap - w->spill.len;
                size_t ask = want > EVENT_MAX && want < room ? want : room;
                ssize_t n = read(w->ifd, w->spill.buf + w->spill.len, ask);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        return; /* EAGAIN: drained */
                w->spill.len += (size_t) n;
                /* Room left for another event in what was asked: the
                 * read took all there was (a read for nothing was one
                 * syscall more on each wakeup). */
                if ((size_t) n + EVENT_MAX <= ask)
                        return;
        }
}

/* The path of n into buf: its length, or -ENAMETOOLONG. */
static int node_path(const Node *n, char *buf, size_t size) {
        size_t len = 0;
        for (const Node *a = n; a; a = a->parent)
                len += strlen(a->name) + (a->parent && a->parent->name[0]);
        if (len >= size)
                return -ENAMETOOLONG;
        buf[len] = 0;
        size_t end = len;
        for (const Node *a = n; a; a = a->parent) {
                size_t l = strlen(a->name);
                end -= l;
                memcpy(buf + end, a->name, l);
                if (a->parent && a->parent->name[0])
                        buf[--end] = '/';
        }
        return (int) len;
}

/* n's path into buf (PATH_MAX bytes): true; or, when it does not fit (a
 * directory above renamed longer), false, and it is said, named by its
 * deepest directory whose path fits, never dropped silently. */
static bool path_or_say(Watcher *w, const Node *n, char *buf) {
        if (node_path(n, buf, PATH_MAX) >= 0)
                return true;
        const Node *a = n->parent;
        while (a && node_path(a, buf, PATH_MAX) < 0)
                a = a->parent;
        walk_too_long(w->cb, w->userdata, a ? buf : "");
        return false;
}

/* The by_place key of name (len bytes) in parent into key (PATH_MAX + 16
 * bytes): false when it does not fit. */
static bool place_key(char *key, const Node *parent, const char *name, size_t len) {
        size_t kl = strlen(parent->key);
        if (kl + 1 + len >= PATH_MAX + 16)
                return false;
        memcpy(key, parent->key, kl);
        key[kl] = '/';
        memcpy(key + kl + 1, name, len);
        key[kl + 1 + len] = 0;
        return true;
}

/* The node watched on its own at the first len bytes of rel, or NULL. */
static Node *top_of(const Watcher *w, const char *rel, size_t len) {
        char key[PATH_MAX + 16];
        if (w->tops <= 1 || len + 1 >= sizeof key) /* only the root: the common case, no lookup */
                return NULL;
        key[0] = '/';
        memcpy(key + 1, rel, len);
        key[len + 1] = 0;
        return hashmap_get(w->by_place, key);
}

/* The node of name in parent (rel its path), or NULL. */
static Node *child_of(const Watcher *w, const Node *parent, const char *name, const char *rel) {
        char key[PATH_MAX + 16];
        Node *n = place_key(key, parent, name, strlen(name)) ? hashmap_get(w->by_place, key) : NULL;
        return n ? n : top_of(w, rel, strlen(rel));
}

/* The node watching rel, or NULL: from the root down, name by name (a
 * directory watched with no watched parent is found by its whole path);
 * its parent's in *ret_parent (NULL for the root, or a parent not watched). */
static Node *lookup_with_parent(const Watcher *w, const char *rel, Node **ret_parent) {
        char key[PATH_MAX + 16];
        Node *n = hashmap_get(w->by_place, "/");
        *ret_parent = NULL;
        if (!rel[0])
                return n;
        for (const char *p = rel;; p++) {
                const char *slash = strchr(p, '/');
                size_t len = slash ? (size_t) (slash - p) : strlen(p);
                Node *next = n && place_key(key, n, p, len) ? hashmap_get(w->by_place, key) : NULL;
                if (!next)
                        next = top_of(w, rel, (size_t) (p - rel) + len);
                if (!slash) {
                        *ret_parent = n;
                        return next;
                }
                n = next;
                p = slash;
        }
}

static Node *lookup(const Watcher *w, const char *rel) {
        Node *parent;
        return lookup_with_parent(w, rel, &parent);
}

/* The directory rel ("" the root), beneath the root with no symlinks. */
static int open_dir(Watcher *w, const char *rel) {
        int fd, r = platform_open_beneath(w->root_fd, rel, O_RDONLY | O_DIRECTORY, &fd);
        return r < 0 ? r : fd;
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

static void forget(Watcher *w, Node *n);

/* Forget a node and its subtree: maps, memory, and the subtree's watches;
 * its own too unless keep_watch (the kernel gave the same watch to that
 * directory at another path). */
static void forget_node(Watcher *w, Node *n, bool keep_watch) {
        w->gen++;
        while (n->children)
                forget(w, n->children);
        node_unlink(n);
        if (!n->parent)
                w->tops--;
        if (n->part) {
                closedir(n->part);
                w->parts--;
        }
        if (hashmap_get(w->by_wd, n->key) == n)
                hashmap_remove(w->by_wd, n->key);
        if (hashmap_get(w->by_place, n->place) == n)
                hashmap_remove(w->by_place, n->place);
        /* The kernel may have dropped it already (IN_IGNORED); EINVAL then. */
        if (!keep_watch)
                (void) inotify_rm_watch(w->ifd, n->wd);
        free(n->place);
        free(n);
}

static void forget(Watcher *w, Node *n) {
        forget_node(w, n, false);
}

/* Forget every node: each tree from its top. */
static void forget_all(Watcher *w) {
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->by_place, &i, &key, &v);)
                if (!((Node *) v)->parent) {
                        forget(w, v);
                        i = 0;
                }
}

static size_t queue_bound(const Watcher *w) {
        return w->most_watched * 2 > QUEUE_BOUND_MIN ? w->most_watched * 2 : QUEUE_BOUND_MIN;
}

/* rel to be visited: queued once (a second time only widens what it is
 * watched for); past the bound, a rescan when the queue empties. */
static int enqueue(Watcher *w, const char *rel, bool git, bool writes, bool shallow, bool urgent) {
        if (!uv_is_active((uv_handle_t *) &w->idle))
                uv_idle_start(&w->idle, idle_cb);
        return visit_queue_push(&w->queue, rel, git, writes, shallow, urgent, queue_bound(w));
}

/* A node for the watch wd on rel, below parent (the node of rel's parent, or NULL). */
static Node *add_node(Watcher *w, int wd, const char *rel, Node *parent, bool git, bool shallow) {
        char key[sizeof((Node *) 0)->key];
        snprintf(key, sizeof key, "%d", wd);
        /* The same inode under another name (moved, its events lost):
         * the old name forgotten. Never parent, which is another inode. */
        Node *old = hashmap_get(w->by_wd, key);
        if (old)
                forget_node(w, old, true);

        const char *slash = strrchr(rel, '/');
        Node *n = calloc(1, sizeof *n);
        w->gen++;
        if (!n || (parent ? asprintf(&n->place, "%s/%s", parent->key, slash ? slash + 1 : rel)
                          : asprintf(&n->place, "/%s", rel)) < 0) {
                free(n);
                inotify_rm_watch(w->ifd, wd);
                return NULL;
        }
        n->name = strchr(n->place, '/') + 1;
        n->parent = parent;
        /* Seen by its parent's listing, if one is under way (it may be past its name). */
        n->seen = parent ? parent->listing : 0;
        if (!parent)
                w->tops++;
        n->wd = wd;
        n->git = git;
        n->shallow = shallow;
        n->pass = w->pass - 1; /* not listed yet */
        memcpy(n->key, key, sizeof key);
        if (n->parent) {
                n->next = n->parent->children;
                if (n->next)
                        n->next->prev = n;
                n->parent->children = n;
        }
        if (hashmap_put(w->by_wd, n->key, n) < 0 || hashmap_put(w->by_place, n->place, n) < 0) {
                forget(w, n);
                return NULL;
        }
        if (hashmap_size(w->by_wd) > w->most_watched)
                w->most_watched = hashmap_size(w->by_wd);
        return n;
}

/* The values of the unwatched map: whether the directory is git metadata. */
static const bool IS_GIT = true, NOT_GIT = false;

static void over_limit(Watcher *w, const char *rel, bool git) {
        /* Say so once; scan what cannot be watched on a timer instead, and
         * never give up on the rest. */
        if (!w->limit_warned) {
                w->limit_warned = true;
                w->cb->warn(w->userdata, rel, ENOSPC,
                            "inotify watch limit reached (fs.inotify.max_user_watches); "
                            "this and further directories are scanned every second instead");
        }
        if (!hashmap_contains(w->unwatched, rel) &&
            hashmap_put(w->unwatched, rel, (void *) (git ? &IS_GIT : &NOT_GIT)) < 0)
                w->cb->warn(w->userdata, rel, ENOMEM,
                            "out of memory: this directory is neither watched nor scanned");
        if (!uv_is_active((uv_handle_t *) &w->unwatched_timer))
                uv_timer_start(&w->unwatched_timer, unwatched_cb, UNWATCHED_RESCAN_MS, UNWATCHED_RESCAN_MS);
}

/* What a listing found, to the core; and every so many entries, the events
 * read meanwhile (a directory of 40,000 entries is a long listing). */
static void scan_found(void *userdata, const char *rel, WatchType type) {
        Watcher *w = userdata;
        if (++w->listed >= LISTED_PER_DRAIN) {
                w->listed = 0;
                drain(w);
        }
        w->cb->found(w->userdata, rel, type);
}

static void scan_warn(void *userdata, const char *rel, int err, const char *what) {
        Watcher *w = userdata;
        w->cb->warn(w->userdata, rel, err, what);
}

/* The callbacks walk_scan uses, through the watcher. */
static const WatchCallbacks scan_callbacks = {.found = scan_found, .warn = scan_warn};

/* Whether n's directory changed since its last listing began (looked at
 * by its name in the directory being listed). */
static bool changed(const Watcher *w, const Node *n) {
        struct statx sx;
        if (!w->scanning || !w->scanning->part ||
            statx(dirfd(w->scanning->part), n->name, AT_SYMLINK_NOFOLLOW, STATX_CTIME, &sx) < 0)
                return true;
        return sx.stx_ctime.tv_sec != n->ctime.tv_sec || sx.stx_ctime.tv_nsec != n->ctime.tv_nsec;
}

/* A subdirectory the scan found: queued, unless it is watched already
 * and listed in this pass. */
static void enter_child(void *ctx, const char *child, bool git, bool shallow) {
        Watcher *w = ctx;
        const char *slash = strrchr(child, '/');
        Node *n =
                w->scanning ? child_of(w, w->scanning, slash ? slash + 1 : child, child) : lookup(w, child);
        if (n && w->scanning)
                n->seen = w->scanning->listing;
        /* One never watched is new (its event perhaps lost in an
         * overflow), one changed since its last listing (its ctime, which
         * no one sets back) holds something new: urgent, ahead of the
         * listings a rescan does again. */
        if (!n || n->pass != w->pass)
                (void) enqueue(w, child, git, false, shallow, !n || changed(w, n));
}

/* After a whole listing of n: a watched child it did not see is gone
 * (its event lost in an overflow, or moved away): forgotten. */
static void sweep(Watcher *w, Node *n) {
        for (Node *c = n->children, *next; c; c = next) {
                next = c->next;
                if (c->seen != n->listing)
                        forget(w, c);
        }
}

/* A mount the scan does not enter: another filesystem (a disk of its
 * own below the root) is said, since a checkout there goes unprotected; a
 * mask of ours, or a bind on the root's own filesystem, is not. */
static void not_entered(Watcher *w, int fd, const char *rel, bool other_dev) {
        if (other_dev && !mountinfo_fd_is_ours(fd, PLATFORM_MASK_DIR))
                w->cb->warn(w->userdata, rel, 0,
                            "another filesystem, which the inotify watcher does not enter: a nested "
                            "checkout there is not protected (--backend fanotify marks it)");
}

/*
 * Visit the directory rel: open it once (beneath the root, no symlinks),
 * check it is ours to enter (the same filesystem, not a mount of our own: a
 * mask or a protect), watch it through that very descriptor, then scan it.
 * The watch comes first: anything made in it from now on is an event,
 * anything made before is in the scan. Subdirectories are queued. A
 * shallow one (walk_shallow_entry) reports its directories, and everything once
 * it holds a .git.
 */
/* List more of n's directory (rel), a turn's worth; queued again for the
 * rest (its parent's turn in the round), or, at its end, what the listing
 * did not see is forgotten. A listing begun before an overflow begins
 * again: names made meanwhile may be behind it, their events lost. */
static void list_part(Watcher *w, Node *n, const char *rel, bool urgent) {
        if (n->part_pass != w->pass) {
                rewinddir(n->part);
                n->listing = ++w->listing;
                n->part_pass = w->pass;
        }
        w->scanning = n;
        int r = walk_scan_dir(n->part, rel, n->git, &n->shallow, &scan_callbacks, w, enter_child, w,
                              w->parts > PARTS_MAX ? SIZE_MAX : LIST_TURN);
        w->scanning = NULL;
        if (r == 0 && enqueue(w, rel, n->git, false, n->shallow, urgent) >= 0 && !w->queue.overflowed)
                return;
        closedir(n->part);
        n->part = NULL;
        w->parts--;
        if (r != 0)
                n->pass = w->pass;
        if (r > 0)
                sweep(w, n);
}

/* Begin the listing of rel (n its node), open at fd (the caller's no more). */
static void list(Watcher *w, Node *n, const char *rel, int fd, bool git, bool shallow, bool urgent) {
        if (!n) { /* not watched (the watch limit): listed whole, nothing to forget */
                (void) walk_scan(fd, rel, git, &shallow, &scan_callbacks, w, enter_child, w);
                return;
        }
        if (n->part) { /* begun again, from this descriptor */
                closedir(n->part);
                w->parts--;
        }
        if (!(n->part = fdopendir(fd))) {
                close(fd);
                return;
        }
        w->parts++;
        n->shallow = shallow;
        n->listing = ++w->listing;
        n->part_pass = w->pass;
        list_part(w, n, rel, urgent);
}

/* A watch on the directory open at fd: its wd, or -1 (errno). By
 * descriptor: the very directory opened, not a path. inotify has no dirfd
 * variant, so the directory becomes the cwd for the call and "." names it
 * (about 20% faster over a 100,000-directory crawl than resolving
 * /proc/self/fd/N), and the cwd is restored at once. Safe: the loop is one
 * thread, and nothing of ours runs on libuv's threadpool, so no relative
 * path is resolved meanwhile. */
static int add_watch(Watcher *w, int fd, uint32_t mask) {
        char proc[64];
        if (w->cwd_fd < 0 || fchdir(fd) < 0) {
                snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
                return inotify_add_watch(w->ifd, proc, mask);
        }
        int wd = inotify_add_watch(w->ifd, ".", mask | IN_DONT_FOLLOW);
        int saved = errno;
        /* Never left inside the agent's tree: if the old cwd cannot be had
         * back, "/" rather than there. */
        if (fchdir(w->cwd_fd) < 0 && chdir("/") < 0)
                abort(); /* "/" itself gone: nothing sane is left */
        errno = saved;
        return wd;
}

static void visit(Watcher *w, const char *rel, bool git, bool writes, bool shallow, bool urgent) {
        struct statx sx;
        Node *parent, *known = lookup_with_parent(w, rel, &parent);
        if (known && known->part && (known->writes || !writes)) {
                list_part(w, known, rel, urgent);
                return;
        }
        int fd = open_dir(w, rel);

        if (fd < 0)
                return; /* gone, or a symlink swapped in: not entered */
        /* Mounts are not entered (our own, or another filesystem), except
         * a protected directory the core asks to watch (a hooks/ bound
         * read-only): inotify watches the inode, so a write that still
         * reaches it by another way (a working directory inside it from
         * before the bind) is seen. Another device number is no mount by
         * itself: a btrfs subvolume, which any user can make there, has
         * its own, and a checkout in one would go unseen. Where the kernel
         * cannot say what is a mount root, another device is taken as one. */
        if (statx(fd, "", AT_EMPTY_PATH, STATX_TYPE | STATX_INO | STATX_CTIME, &sx) < 0) {
                close(fd);
                return;
        }
        if (rel[0]) {
                bool other_dev = makedev(sx.stx_dev_major, sx.stx_dev_minor) != w->dev;
                bool mount_root = (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT)
                                          ? (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0
                                          : other_dev;
                if (mount_root && (other_dev || !(writes && git))) {
                        not_entered(w, fd, rel, other_dev);
                        close(fd);
                        return;
                }
        }
        if (known && known->ino != sx.stx_ino) { /* another directory there now */
                forget(w, known);
                known = NULL;
        }
        writes = writes || (git && walk_is_dotgit(rel));
        if (!known || (writes && !known->writes)) {
                uint32_t mask = writes ? WRITE_MASK : WATCH_MASK;
                /* Below a watched parent, whose event names it, its own
                 * deletion or move is one event fewer to read (a burst of
                 * rmdirs made three each). */
                if (parent)
                        mask &= ~(uint32_t) (IN_DELETE_SELF | IN_MOVE_SELF);
                int wd = add_watch(w, fd, mask);
                if (wd >= 0 && known && known->wd == wd)
                        known->writes = true; /* the same watch, its mask widened */
                else if (wd >= 0) {
                        if (known)
                                forget(w, known);
                        if ((known = add_node(w, wd, rel, parent, git, shallow))) {
                                known->writes = writes;
                                known->ino = sx.stx_ino;
                        }
                        if (hashmap_size(w->unwatched) > 0)
                                hashmap_remove(w->unwatched, rel);
                } else if (errno == ENOSPC)
                        over_limit(w, rel, git);
        }
        if (known)
                known->ctime = sx.stx_ctime;
        list(w, known, rel, fd, git, shallow, urgent);
}

static void resync(Watcher *w, bool clear);
static void handle_spill(Watcher *w);

static void idle_cb(uv_idle_t *h) {
        Watcher *w = h->data;
        Visit *v;
        for (int i = 0; i < VISIT_BATCH && (v = visit_queue_pop(&w->queue)); i++) {
                visit(w, v->rel, v->git, v->writes, v->shallow, v->urgent);
                visit_free(v);
                if (i % VISITS_PER_DRAIN == VISITS_PER_DRAIN - 1)
                        drain(w);
        }
        if (w->spill.len > 0) /* read meanwhile: the poll will not say so again */
                handle_spill(w);
        if (w->queue.n > 0)
                return;
        if (w->queue.overflowed) { /* what did not fit is found by a rescan */
                w->queue.overflowed = false;
                resync(w, true);
                return;
        }
        uv_idle_stop(h);
        if (!w->ready_sent) {
                w->ready_sent = true;
                w->cb->ready(w->userdata);
        }
}

static void unwatched_cb(uv_timer_t *t) {
        Watcher *w = t->data;
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->unwatched, &i, &key, &v);)
                (void) enqueue(w, key, *(const bool *) v, false, false, false);
}

/* Events were lost: list the whole tree again, a new pass. The watches
 * are kept (each would be made again, and its events meanwhile lost): a
 * directory is listed once in the pass, and what a listing does not see
 * is forgotten. Served a parent at a time in turn, the pass reaches a new
 * checkout about as soon wherever it is, whatever a burst left elsewhere.
 * What is queued stays (its events were read), unless the queue itself
 * overflowed (clear). The core forgets its checkouts at a rescan, and
 * knows one again when a listing finds its .git: the directories known
 * to hold one are listed first, as urgent, beside the pass. */
static void resync(Watcher *w, bool clear) {
        char path[PATH_MAX];
        const char *key;
        void *v;
        w->pass++;
        if (clear)
                visit_queue_clear_bulk(&w->queue);
        w->cb->rescan(w->userdata);
        for (size_t i = 0; hashmap_next(w->by_wd, &i, &key, &v);) {
                const Node *n = v;
                if (n->parent && walk_is_dotgit_name(n->name) &&
                    node_path(n->parent, path, sizeof path) >= 0)
                        (void) enqueue(w, path, n->parent->git, false, n->parent->shallow, false);
        }
        (void) enqueue(w, "", false, false, false, true);
}

/* Whether ev, which a later event in its read stands for, is passed
 * over: no watched directory at its name. */
static bool superseded(Watcher *w, const struct inotify_event *ev) {
        char key[sizeof((Node *) 0)->key], place[PATH_MAX + 16], dir[PATH_MAX], rel[PATH_MAX];
        if (w->passed.wd == ev->wd && w->passed.gen == w->gen && strcmp(w->passed.name, ev->name) == 0)
                return true;
        snprintf(key, sizeof key, "%d", ev->wd);
        const Node *n = hashmap_get(w->by_wd, key);
        if (!n)
                return true; /* a watch we already forgot */
        if (n->children &&
            (!place_key(place, n, ev->name, strlen(ev->name)) || hashmap_get(w->by_place, place)))
                return false;
        if (w->tops > 1 && (node_path(n, dir, sizeof dir) < 0 ||
                            !walk_child_path(rel, sizeof rel, dir, ev->name) || top_of(w, rel, strlen(rel))))
                return false;
        w->passed.wd = ev->wd;
        w->passed.gen = w->gen;
        snprintf(w->passed.name, sizeof w->passed.name, "%s", ev->name);
        return true;
}

/* Whether the directory at rel is n's now (its inode). */
static bool holds(Watcher *w, const char *rel, const Node *n) {
        struct statx sx;
        int fd = open_dir(w, rel);
        if (fd < 0)
                return false;
        bool same = statx(fd, "", AT_EMPTY_PATH, STATX_INO, &sx) == 0 && sx.stx_ino == n->ino;
        close(fd);
        return same;
}

static void on_event(Watcher *w, const struct inotify_event *ev) {
        char key[sizeof((Node *) 0)->key], rel[PATH_MAX], dir[PATH_MAX];
        Node *n;

        if (ev->mask & IN_Q_OVERFLOW) {
                resync(w, false);
                return;
        }
        if ((ev->mask & WALK_SUPERSEDED) && superseded(w, ev))
                return;
        snprintf(key, sizeof key, "%d", ev->wd);
        n = hashmap_get(w->by_wd, key);
        if (!n)
                return; /* a watch we already forgot */
        if (ev->mask & IN_IGNORED) {
                forget(w, n);
                return;
        }
        if (ev->len == 0) {
                /* The directory itself deleted or moved. A watched parent
                 * reports the name; for the root, and for a directory
                 * watched on its own (watch_dir: a gitdir in .git/modules/
                 * whose parent is not watched), this is the only word: the
                 * name is gone, and the watch no longer names it. */
                if ((ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) && !n->parent && !n->name[0])
                        w->cb->warn(w->userdata, "", 0, "the watched root itself was deleted or moved");
                else if ((ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) && !n->parent) {
                        snprintf(dir, sizeof dir, "%s", n->name);
                        forget(w, n);
                        w->cb->gone(w->userdata, dir);
                }
                return;
        }
        if (!path_or_say(w, n, dir))
                return;
        if (n->shallow) {
                /* In an object store's fan-out, git's objects come and
                 * go: only a directory (never git's) or a .git matters. A
                 * .git makes it a checkout: reported in full from now on,
                 * what is in it already by a visit. */
                if (!walk_is_dotgit_name(ev->name)) {
                        if (!(ev->mask & IN_ISDIR))
                                return;
                } else if (ev->mask & (IN_CREATE | IN_MOVED_TO)) {
                        n->shallow = false;
                        (void) enqueue(w, dir, n->git, false, false, true);
                }
        }
        if (!walk_child_path(rel, sizeof rel, dir, ev->name)) {
                walk_too_long(w->cb, w->userdata, dir);
                return;
        }

        if ((ev->mask & IN_MODIFY) && !(ev->mask & IN_ISDIR)) {
                w->cb->changed(w->userdata, rel);
        } else if (ev->mask & (IN_DELETE | IN_MOVED_FROM)) {
                /* A directory deleted is no longer watched: the kernel
                 * dropped its watch (IN_IGNORED), no call needed. */
                Node *child = child_of(w, n, ev->name, rel);
                /* RENAME_EXCHANGE's move away from a name can come in a
                 * read after the move to it, once the directory now there
                 * was visited: the node is that directory's, and nothing
                 * left. (Forgotten, it would be watched no more.) */
                if (child && (ev->mask & IN_MOVED_FROM) && holds(w, rel, child))
                        return;
                if (child)
                        forget_node(w, child, (ev->mask & IN_DELETE) != 0);
                else if ((ev->mask & IN_ISDIR) && (ev->mask & IN_DELETE))
                        /* A directory moved away stays queued: a visit is
                         * of what is there then, and RENAME_EXCHANGE says
                         * the other directory moved to the name before it
                         * says this one left it. */
                        visit_queue_drop(&w->queue, rel);
                w->cb->gone(w->userdata, rel);
        } else if (ev->mask & (IN_CREATE | IN_MOVED_TO)) {
                /* IN_ISDIR says directory or not. Only for a .git does the
                 * core need more (a file is a checkout, a symlink is not); any
                 * other path's type the engine checks itself when it binds,
                 * so creating files costs no lookup here. */
                WatchType t = ev->mask & IN_ISDIR ? WATCH_DIR : WATCH_FILE;
                if (!(ev->mask & IN_ISDIR) && strcasecmp(ev->name, ".git") == 0) {
                        int dfd = open_dir(w, dir);
                        if (dfd < 0 || platform_dirent_type(dfd, ev->name, DT_UNKNOWN, &t) < 0)
                                t = WATCH_OTHER;
                        if (dfd >= 0)
                                close(dfd);
                }
                /* A name moved over: whatever was there (a subtree, a file,
                 * a symlink) is gone, and the new object is judged afresh. */
                if (ev->mask & IN_MOVED_TO) {
                        Node *old = child_of(w, n, ev->name, rel);
                        if (old)
                                forget(w, old);
                        w->cb->gone(w->userdata, rel);
                }
                w->cb->found(w->userdata, rel, t);
                /* A new directory is visited at once: watched, then scanned.
                 * One moved in is queued: it may hold a tree, and moved back
                 * and forth, it is one visit however often it moves. */
                bool git = n->git || strcmp(ev->name, ".git") == 0;
                bool shallow = walk_shallow_entry(n->git, n->shallow, dir, ev->name);
                /* Up to VISIT_BATCH a read, made ones are visited at once
                 * too; past it they are queued with the rest, so that a
                 * burst of mkdirs cannot outrun the reads and overflow the
                 * kernel's queue (each overflow a rescan). */
                if (t == WATCH_DIR && (ev->mask & IN_MOVED_TO || w->inline_visits <= 0))
                        (void) enqueue(w, rel, git, false, shallow, true);
                else if (t == WATCH_DIR) {
                        w->inline_visits--;
                        visit(w, rel, git, false, shallow, true);
                }
        }
}

/* Handle the events in the spill, in order; each copied out first (a
 * visit may read more into the spill, moving it). */
static void handle_spill(Watcher *w) {
        union {
                struct inotify_event ev;
                char buf[EVENT_MAX];
        } e;
        size_t marked = w->spill.off, passed = 0, events = 0;
        while (w->spill.off < w->spill.len) {
                if (marked < w->spill.len) { /* read meanwhile: those marked among themselves */
                        passed += walk_mark_superseded(w->spill.buf, marked, w->spill.len);
                        marked = w->spill.len;
                }
                events++;
                const struct inotify_event *p = (const struct inotify_event *) (w->spill.buf + w->spill.off);
                size_t size = sizeof *p + p->len;
                memcpy(&e, p, size);
                w->spill.off += size;
                on_event(w, &e.ev);
        }
        w->spill.off = w->spill.len = 0;
        w->spill.cap = passed * 4 > events * 3 ? SPILL_FLOOD : SPILL_MAX;
        if (w->spill.allocated > SPILL_KEEP)
                spill_release(w);
}

static void poll_cb(uv_poll_t *h, int status, int events) {
        Watcher *w = h->data;
        (void) events;
        if (status < 0)
                return;
        w->inline_visits = VISIT_BATCH;
        /* A few rounds at most, and a full read-ahead's worth: events that
         * keep coming wait for the next loop iteration, so that the queued
         * visits and the timers get their turn (the poll fires again at
         * once). Under a rename storm four rounds of a full read-ahead
         * each were 30 ms of CPU a callback (180 ms on a loaded machine). */
        size_t handled = 0;
        for (int round = 0; round < 4 && handled < w->spill.cap; round++) {
                drain(w);
                if (w->spill.len == 0)
                        break;
                handled += w->spill.len;
                handle_spill(w);
        }
}

static void watcher_free(Watcher *w) {
        if (!w)
                return;
        if (w->by_place)
                forget_all(w);
        visit_queue_done(&w->queue);
        spill_release(w);
        hashmap_free(w->by_wd);
        hashmap_free(w->by_place);
        hashmap_free(w->unwatched);
        if (w->ifd >= 0)
                close(w->ifd);
        if (w->root_fd >= 0)
                close(w->root_fd);
        if (w->cwd_fd >= 0)
                close(w->cwd_fd);
        free(w);
}

static int linux_watch_start(uv_loop_t *loop, const char *root, const WatchOptions *o,
                             const WatchCallbacks *cb, void *userdata, void **ret) {
        Watcher *w = calloc(1, sizeof *w);
        struct stat st;
        int r;

        /* inotify needs no interval and no bounds, and has no permission
         * events: no --no-window. */
        if (o->no_window || !w) {
                free(w);
                return o->no_window ? -EOPNOTSUPP : -ENOMEM;
        }
        w->loop = loop;
        w->cb = cb;
        w->userdata = userdata;
        w->ifd = -1;
        /* The cwd to come back to after each watch added by descriptor;
         * without it (a cwd deleted or unreadable), the slower
         * /proc/self/fd path is used, never a chdir into the tree. */
        w->cwd_fd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
        w->root_fd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (w->root_fd < 0 || fstat(w->root_fd, &st) < 0) {
                r = -errno;
                watcher_free(w);
                return r;
        }
        w->dev = st.st_dev;
        w->spill.cap = SPILL_MAX;
        w->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        w->by_wd = hashmap_new_borrowed();
        w->by_place = hashmap_new_borrowed();
        w->unwatched = hashmap_new();
        if (w->ifd < 0 || !w->by_wd || !w->by_place || !w->unwatched || visit_queue_init(&w->queue) < 0) {
                r = w->ifd < 0 ? -errno : -ENOMEM;
                watcher_free(w);
                return r;
        }
        uv_poll_init(loop, &w->poll, w->ifd);
        uv_idle_init(loop, &w->idle);
        uv_timer_init(loop, &w->unwatched_timer);
        w->poll.data = w->idle.data = w->unwatched_timer.data = w;
        uv_poll_start(&w->poll, UV_READABLE, poll_cb);
        (void) enqueue(w, "", false, false, false, false);
        *ret = w;
        return 0;
}

/* Watch the top level of rel too, writes included: a gitdir elsewhere
 * beneath the root (in .git/worktrees/, .git/modules/), or the directory of
 * a .git file. Visited from the queue like any directory (watched, then
 * scanned, so what it holds is found), never from inside the core's own
 * callback, which may be walking its maps. */
static int linux_watch_dir(void *p, const char *rel) {
        Watcher *w = p;
        Node *n = lookup(w, rel);
        if (n && n->writes)
                return 0;
        return enqueue(w, rel, !n || n->git, true, n && n->shallow, true);
}

static void linux_watch_stop(void *p) {
        Watcher *w = p;
        uv_close((uv_handle_t *) &w->poll, NULL);
        uv_close((uv_handle_t *) &w->idle, NULL);
        uv_close((uv_handle_t *) &w->unwatched_timer, NULL);
}

static void linux_watch_free(void *p) {
        watcher_free(p);
}

const WatcherOps inotify_watcher = {
        .name = "inotify",
        .start = linux_watch_start,
        .watch_dir = linux_watch_dir,
        .stop = linux_watch_stop,
        .free = linux_watch_free,
};
