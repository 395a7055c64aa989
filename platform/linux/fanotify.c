/* SPDX-License-Identifier: MIT */
/*
 * The fanotify watcher: one filesystem mark per filesystem beneath the root
 * (FAN_MARK_FILESYSTEM, FAN_REPORT_DFID_NAME), so no directory needs a
 * watch of its own. Must not trust a path it did not look up since the last
 * rename of a directory: each event names its directory by file handle, a
 * handle is resolved on a directory the watcher holds (open_by_handle_at),
 * and its name is checked beneath the root, no symlink followed, before it
 * is cached. Events outside the root are dropped from that cache.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <uv.h>

#include "hashmap.h"
#include "fan-perm.h"
#include "fan-probe.h"
#include "mountinfo.h"
#include "platform.h"
#include "util.h"
#include "walk.h"

/* Every entry made, removed or renamed on the filesystem, directories too.
 * FAN_RENAME (Linux 5.17) says both ends of a rename in one event;
 * without it, FAN_MOVED_FROM and FAN_MOVED_TO come as inotify's do. */
#define FS_MASK (FAN_CREATE | FAN_DELETE | FAN_ONDIR)
/* A write in place, in a .git directory and where the core asks
 * (watch_dir): an inode mark on the directory, for its entries. */
#define WRITE_MASK (FAN_MODIFY | FAN_EVENT_ON_CHILD)
/* Directories visited, or entries read, per loop iteration: events keep
 * being drained while a large tree is scanned. */
#define STEPS_PER_TURN 1024
/* Directories held open at once by the depth-first crawl; deeper ones are
 * queued by path instead. */
#define CRAWL_DEPTH 32
/* Reads of the group (64 KiB each) per turn of the loop. */
#define READS_PER_TURN 16
/* The most one event can take: its metadata and, for a rename, two
 * directories each with a handle and a name. */
#define FAN_EVENT_MAX                                                                                       \
        (sizeof(struct fanotify_event_metadata) +                                                           \
         2 * (sizeof(struct fanotify_event_info_fid) + sizeof(struct file_handle) + MAX_HANDLE_SZ +         \
              NAME_MAX + 1 + 8))
#define QUEUE_BOUND_MIN 65536
/* Directories whose handle is cached, inside the root or not: past this
 * many, or past DIRS_BYTES of keys and names (an entry costs about 150
 * bytes and its name's length: paths of 4 KB, which the agent can make,
 * made 32,768 entries 130 MB), the cache starts again. A directory with no
 * event costs nothing. */
#define DIRS_MAX 32768
#define DIRS_BYTES (8u << 20)
#define DIR_COST 96 /* an entry besides its name: the Dir, its key, the map's slots, malloc's headers */
/* Directories with a write mark remembered, so that asking again is cheap. */
#define WRITES_MAX 4096
/* fsid, handle type, and a handle of at most MAX_HANDLE_SZ bytes, in hex. */
#define KEY_MAX (2 * (8 + 4 + MAX_HANDLE_SZ) + 1)

typedef struct Fs {
        dev_t dev;
        __kernel_fsid_t fsid;
        /* Where it is mounted beneath the root, opened for each handle
         * looked up (open_by_handle_at names a mount by a directory on it):
         * a held descriptor would keep the filesystem from being
         * unmounted. NULL for the root's own, whose root_fd is held. */
        char *rel;
} Fs;

typedef struct Dir {
        char *rel;    /* NULL: outside the root, its events dropped */
        uint64_t gen; /* the renames seen when it was looked up */
        bool git;     /* below a .git directory */
        bool shallow; /* an object store's fan-out (walk_shallow_entry) */
} Dir;

/* A directory the crawl is reading: its subdirectories are opened from it,
 * one name beneath it, rather than by their whole path from the root (a
 * path walked again for each directory was 40% of a crawl's time). */
typedef struct Frame {
        DIR *d;
        char *rel;
        uint64_t gen; /* the renames seen when it was opened */
        bool said_long;
} Frame;

typedef struct Watcher {
        uv_loop_t *loop;
        const WatchCallbacks *cb;
        void *userdata;
        int root_fd, fan_fd;
        /* The root's absolute name, read from root_fd: again when a name
         * looks outside it (the root, or a directory above, renamed). */
        char *root_abs;
        size_t root_len;
        bool rename; /* FAN_RENAME in the mask */
        Fs *fs;
        size_t n_fs;
        Hashmap *dirs;     /* handle key -> Dir */
        size_t dirs_bytes; /* what the cache holds: its names and DIR_COST an entry */
        /* Directories renamed where the root can see: a name cached before
         * the last is looked up again. */
        uint64_t gen;
        Hashmap *writes; /* rels with a write mark */
        uv_poll_t poll;
        uv_idle_t idle;
        VisitQueue queue;
        Frame crawl[CRAWL_DEPTH];
        size_t depth;
        size_t visited, most_visited; /* directories in this pass, and in the largest */
        bool ready_sent;
        FanPerm *perm; /* --no-window */
} Watcher;

static void idle_cb(uv_idle_t *h);

static size_t queue_bound(const Watcher *w) {
        return w->most_visited * 2 > QUEUE_BOUND_MIN ? w->most_visited * 2 : QUEUE_BOUND_MIN;
}

static int enqueue(Watcher *w, const char *rel, bool git, bool writes, bool shallow) {
        if (!uv_is_active((uv_handle_t *) &w->idle))
                uv_idle_start(&w->idle, idle_cb);
        return visit_queue_push(&w->queue, rel, git, writes, shallow, false, queue_bound(w));
}

static void dirs_clear(Watcher *w) {
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->dirs, &i, &key, &v);) {
                hashmap_remove(w->dirs, key);
                free(((Dir *) v)->rel);
                free(v);
        }
        w->dirs_bytes = 0;
}

/* d's name from now on (rel, taken; NULL outside the root), counted. */
static void dir_set_rel(Watcher *w, Dir *d, char *rel) {
        if (d->rel)
                w->dirs_bytes -= strlen(d->rel);
        free(d->rel);
        d->rel = rel;
        if (rel)
                w->dirs_bytes += strlen(rel);
}

static void writes_clear(Watcher *w) {
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->writes, &i, &key, &v);)
                hashmap_remove(w->writes, key);
}

/* Mark the filesystem fd is on, which rel (beneath the root) is on: 0, or
 * -errno (the kernel's: EXDEV a btrfs subvolume, EOPNOTSUPP or ENODEV a
 * filesystem that cannot encode file handles). Marked again each time it
 * is met, which the kernel merges into the one mark: an unmounted
 * filesystem's mark goes with it, and a new one may get its device number. */
static int mark_fs(Watcher *w, int fd, const char *rel, dev_t dev) {
        struct statfs sf;
        uint64_t mask = FS_MASK | (w->rename ? FAN_RENAME : FAN_MOVED_FROM | FAN_MOVED_TO);
        if (fstatfs(fd, &sf) < 0 ||
            fanotify_mark(w->fan_fd, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, mask, fd, NULL) < 0)
                return -errno;
        char *r = strdup(rel);
        if (!r)
                return -ENOMEM;
        size_t i = 1;
        while (i < w->n_fs && w->fs[i].dev != dev)
                i++;
        if (i == w->n_fs) {
                Fs *fs = realloc(w->fs, (w->n_fs + 1) * sizeof *fs);
                if (!fs) {
                        free(r);
                        return -ENOMEM;
                }
                w->fs = fs;
                fs[w->n_fs++] = (Fs){.dev = dev};
        }
        free(w->fs[i].rel);
        w->fs[i].rel = r;
        memcpy(&w->fs[i].fsid, &sf.f_fsid, sizeof w->fs[i].fsid);
        /* --no-window: its opens wait for the answer too (a mask on a
         * checkout there is as late as on the root's). */
        return w->perm ? fan_perm_mark(w->perm, fd) : 0;
}

/* A write mark not made: said as what goes unseen, an error, with the
 * cause when it is uid 0's marks spent (an agent's own fanotify group,
 * outside pathpolicy confine, can spend them). */
static void mark_writes_failed(Watcher *w, const char *rel, int err) {
        w->cb->blind(w->userdata, rel, err,
                     err == ENOSPC
                             ? "cannot watch writes in place here: the checkout's git config, .git file "
                               "and commondir written in place are not seen until another event; "
                               "this uid's fanotify marks are spent (fs.fanotify.max_user_marks)"
                             : "cannot watch writes in place here: the checkout's git config, .git file "
                               "and commondir written in place are not seen until another event");
}

/* Writes in place in the directory open at fd: its own inode mark. */
static void mark_writes(Watcher *w, int fd, const char *rel) {
        if (hashmap_contains(w->writes, rel))
                return;
        /* Bounded, as every map the agent can fill: forgetting costs a
         * mark made again, which the kernel merges. */
        if (hashmap_size(w->writes) >= WRITES_MAX)
                writes_clear(w);
        if (fanotify_mark(w->fan_fd, FAN_MARK_ADD, WRITE_MASK, fd, NULL) < 0) {
                mark_writes_failed(w, rel, errno);
                return;
        }
        if (hashmap_put(w->writes, rel, w) < 0)
                return; /* unremembered, the mark is only made again next time */
}

/* A mount of ours (a mask's tmpfs) at fd: never entered, never marked. */
static bool ours(int fd) {
        return mountinfo_fd_is_ours(fd, PLATFORM_MASK_DIR);
}

/*
 * Whether the directory open at fd, rel beneath the root, is entered. A
 * mount on the root's filesystem (a bind: a protect of ours, or anyone's)
 * is not, as the inotify watcher does not, except a protected directory
 * the core asks to watch. Another filesystem is entered and marked (a
 * checkout on a disk of its own), but a mask of ours is not.
 */
static bool enterable(Watcher *w, int fd, const char *rel, bool git, bool writes) {
        struct statx sx;
        if (!rel[0])
                return true;
        if (statx(fd, "", AT_EMPTY_PATH, STATX_TYPE, &sx) < 0)
                return false;
        dev_t dev = makedev(sx.stx_dev_major, sx.stx_dev_minor);
        bool other_dev = dev != w->fs[0].dev;
        bool mount_root = (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT)
                                  ? (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0
                                  : other_dev;
        if (!other_dev)
                return !mount_root || (writes && git);
        if (mount_root && ours(fd))
                return false;
        int r = mark_fs(w, fd, rel, dev);
        if (r < 0)
                w->cb->warn(
                        w->userdata, rel, -r,
                        "another filesystem fanotify cannot mark: a nested checkout there is not protected");
        return r >= 0;
}

static void crawl_push(Watcher *w, int fd, const char *rel) {
        Frame *f = &w->crawl[w->depth];
        if (!(f->rel = strdup(rel)) || !(f->d = fdopendir(fd))) {
                free(f->rel);
                close(fd);
                return;
        }
        f->said_long = false;
        f->gen = w->gen;
        w->depth++;
        w->visited++;
}

static void crawl_pop(Watcher *w) {
        Frame *f = &w->crawl[--w->depth];
        closedir(f->d);
        free(f->rel);
}

static void cache_checkout(Watcher *w, const Frame *f);

/* One entry of the directory the crawl reads: found, and a subdirectory
 * entered (one below a .git, with its fan-out and its writes, or past the
 * depth, queued by path). */
static void crawl_step(Watcher *w) {
        char child[PATH_MAX];
        Frame *f = &w->crawl[w->depth - 1];
        struct dirent *de = readdir(f->d);
        WatchType t;
        int fd;

        if (!de) {
                crawl_pop(w);
                return;
        }
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                return;
        if (!walk_child_path(child, sizeof child, f->rel, de->d_name)) {
                if (!f->said_long)
                        walk_too_long(w->cb, w->userdata, f->rel);
                f->said_long = true;
                return;
        }
        if (platform_dirent_type(dirfd(f->d), de->d_name, de->d_type, &t) < 0)
                return; /* gone meanwhile: its event comes */
        w->cb->found(w->userdata, child, t);
        if (strcmp(de->d_name, ".git") == 0) {
                cache_checkout(w, f);
                if (w->perm && f->rel[0])
                        (void) fan_perm_guard(w->perm,
                                              f->rel); /* else its first masked name is denied once */
        }
        if (t != WATCH_DIR)
                return;
        if (w->perm)
                fan_perm_dir_seen(w->perm, child); /* a directory a masked name can be made in */
        if (strcmp(de->d_name, ".git") == 0 || w->depth == CRAWL_DEPTH) {
                (void) enqueue(w, child, strcmp(de->d_name, ".git") == 0, false, false);
                return;
        }
        if (platform_open_beneath(dirfd(f->d), de->d_name, O_RDONLY | O_DIRECTORY, &fd) < 0)
                return;
        if (!enterable(w, fd, child, false, false))
                close(fd);
        else
                crawl_push(w, fd, child);
}

static void enter_child(void *ctx, const char *child, bool git, bool shallow) {
        (void) enqueue(ctx, child, git, false, shallow);
}

/* Visit rel: mark what needs marking, then scan. The filesystem's mark
 * came first, so anything made from now on is an event. Outside git's
 * directories the crawl goes on from here depth first; in them, each
 * directory is visited from the queue, with the fan-out and writes
 * watched as the inotify watcher does. */
static void visit(Watcher *w, const Visit *v) {
        int fd, r = platform_open_beneath(w->root_fd, v->rel, O_RDONLY | O_DIRECTORY, &fd);
        if (r < 0)
                return; /* gone, or a symlink swapped in: not entered */
        if (!enterable(w, fd, v->rel, v->git, v->writes)) {
                close(fd);
                return;
        }
        if (v->writes || (v->git && walk_is_dotgit(v->rel)))
                mark_writes(w, fd, v->rel);
        if (!v->git && !v->writes && !v->shallow && w->depth == 0) {
                crawl_push(w, fd, v->rel);
                return;
        }
        w->visited++;
        bool shallow = v->shallow;
        walk_scan(fd, v->rel, v->git, &shallow, w->cb, w->userdata, enter_child, w);
}

static void resync(Watcher *w);

static void idle_cb(uv_idle_t *h) {
        Watcher *w = h->data;
        for (int i = 0; i < STEPS_PER_TURN; i++) {
                if (w->depth > 0) {
                        crawl_step(w);
                        continue;
                }
                Visit *v = visit_queue_pop(&w->queue);
                if (!v)
                        break;
                visit(w, v);
                visit_free(v);
        }
        if (w->queue.n > 0 || w->depth > 0)
                return;
        if (w->queue.overflowed) {
                w->queue.overflowed = false;
                resync(w);
                return;
        }
        uv_idle_stop(h);
        if (w->visited > w->most_visited)
                w->most_visited = w->visited;
        w->visited = 0;
        if (!w->ready_sent) {
                w->ready_sent = true;
                w->cb->ready(w->userdata);
        }
}

/* Events were lost: everything looked up again, the whole tree visited. */
static void resync(Watcher *w) {
        dirs_clear(w);
        writes_clear(w);
        while (w->depth > 0)
                crawl_pop(w);
        visit_queue_clear(&w->queue);
        w->cb->rescan(w->userdata);
        (void) enqueue(w, "", false, false, false);
}

/* Whether rel has a component exactly .git, and is shallow (below a .git,
 * in an object store's fan-out), as the walk would have entered it. */
static void path_flags(const char *rel, bool *ret_git, bool *ret_shallow) {
        char parent[PATH_MAX], name[NAME_MAX + 1];
        bool git = false, shallow = false;
        parent[0] = 0;
        for (const char *p = rel; *p;) {
                size_t n = strcspn(p, "/");
                if (n > NAME_MAX)
                        break;
                memcpy(name, p, n);
                name[n] = 0;
                shallow = walk_shallow_entry(git, shallow, parent, name);
                git = git || strcmp(name, ".git") == 0;
                memcpy(parent, rel, (size_t) (p - rel) + n);
                parent[p - rel + n] = 0;
                p += n + (p[n] == '/');
        }
        *ret_git = git;
        *ret_shallow = shallow;
}

/* The kernel's name of the directory fd, in abs: 0, -ENAMETOOLONG when it
 * does not fit in PATH_MAX, -ESTALE when it is no path (deleted, or not
 * reachable from here), or -errno. */
static int fd_name(int fd, char abs[PATH_MAX]) {
        char link[64];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, abs, PATH_MAX - 1);
        if (n < 0)
                return -errno;
        if ((size_t) n >= PATH_MAX - 1)
                return -ENAMETOOLONG;
        abs[n] = 0;
        return abs[0] == '/' ? 0 : -ESTALE;
}

/* The name in the directory pfd of the directory fd, as getcwd finds it:
 * 0 with name set, -ENOENT when no entry is it (moved meanwhile, or covered
 * by a mount), or -errno. Where fd is the root of a mount (a bind, or
 * another filesystem), the listing's inode number is the one of the
 * directory covered: every entry is looked at. */
static int name_in(int pfd, int fd, char name[NAME_MAX + 1]) {
        struct stat ps, st;
        struct statx sx;
        if (fstat(fd, &st) < 0)
                return -errno;
        bool mount_root = statx(fd, "", AT_EMPTY_PATH, STATX_TYPE, &sx) == 0 &&
                          (sx.stx_attributes_mask & sx.stx_attributes & STATX_ATTR_MOUNT_ROOT);
        int dfd = openat(pfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0)
                return -errno;
        bool any_ino = mount_root || fstat(dfd, &ps) < 0 || ps.st_dev != st.st_dev;
        DIR *d = fdopendir(dfd);
        if (!d) {
                int e = -errno;
                close(dfd);
                return e;
        }
        int r = -ENOENT;
        for (struct dirent *de; r < 0 && (de = readdir(d));) {
                struct stat s;
                if ((any_ino || de->d_ino == st.st_ino) && strcmp(de->d_name, ".") != 0 &&
                    strcmp(de->d_name, "..") != 0 &&
                    fstatat(dirfd(d), de->d_name, &s, AT_SYMLINK_NOFOLLOW) == 0 && s.st_dev == st.st_dev &&
                    s.st_ino == st.st_ino && strlen(de->d_name) <= NAME_MAX) {
                        strcpy(name, de->d_name);
                        r = 0;
                }
        }
        closedir(d);
        return r;
}

/* For a directory whose absolute name is too long for the kernel to give
 * (PATH_MAX or more), though its name beneath the root may be shorter: the
 * nearest ancestor whose name fits, in abs, and the names from it down to
 * fd, in tail, each found in its parent's listing. *ret_lost when a name on
 * the way was not found: tail is then empty, abs the ancestor known. 0, or
 * -ENAMETOOLONG when no ancestor within levels fits (or the tail does
 * not), or -errno. One listing read per level. */
static int long_name(int fd, int levels, char abs[PATH_MAX], char tail[PATH_MAX], bool *ret_lost) {
        char buf[PATH_MAX], name[NAME_MAX + 1];
        size_t t = sizeof buf - 1;
        bool lost = false;
        _cleanup_close_ int cur = fcntl(fd, F_DUPFD_CLOEXEC, 3);

        if (cur < 0)
                return -errno;
        buf[t] = 0;
        for (int level = 0; level < levels; level++) {
                int up = openat(cur, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                if (up < 0)
                        return -errno;
                if (!lost && name_in(up, cur, name) < 0)
                        lost = true;
                close(cur);
                cur = up;
                if (!lost) {
                        size_t n = strlen(name), sep = buf[t] ? 1 : 0;
                        if (n + sep > t)
                                return -ENAMETOOLONG;
                        if (sep)
                                buf[--t] = '/';
                        t -= n;
                        memcpy(buf + t, name, n);
                }
                int r = fd_name(cur, abs);
                if (r == 0) {
                        strcpy(tail, lost ? "" : buf + t);
                        *ret_lost = lost;
                        return 0;
                }
                if (r != -ENAMETOOLONG)
                        return r;
        }
        return -ENAMETOOLONG;
}

/* abs's name beneath the root, or NULL when it is outside. */
static const char *beneath_root(const Watcher *w, const char *abs) {
        if (strncmp(abs, w->root_abs, w->root_len) != 0 ||
            (abs[w->root_len] != '/' && abs[w->root_len] != 0 && w->root_len > 1))
                return NULL;
        return abs + w->root_len + (abs[w->root_len] == '/');
}

/* Whether the root (or a directory above it) was renamed since its name
 * was read: then the root's name is read again from the directory held,
 * said, and everything looked up and scanned again (an event dropped as
 * outside the root meanwhile was the root's). */
static bool root_renamed(Watcher *w) {
        char abs[PATH_MAX], what[PATH_MAX + 128];
        char *now = NULL;
        if (fd_name(w->root_fd, abs) < 0 || strcmp(abs, w->root_abs) == 0 ||
            platform_fd_path(w->root_fd, &now) < 0)
                return false;
        free(w->root_abs);
        w->root_abs = now;
        w->root_len = strlen(now);
        snprintf(what, sizeof what,
                 "the root was renamed: now %s: every directory is looked up and scanned again", now);
        w->cb->warn(w->userdata, "", 0, what);
        resync(w);
        return true;
}

/* The name of the directory fd holds, relative to the root: 1 with *ret
 * malloc'd when it is beneath the root and that name leads to it there
 * with no symlink followed; 0 when its name is outside the root (cached so);
 * -errno when it cannot be told now (covered by a mount, renamed meanwhile:
 * not cached). The root renamed is looked for before a name is said
 * outside, and resyncs (the cache emptied). */
static int rel_of(Watcher *w, int fd, char **ret) {
        char abs[PATH_MAX], tail[PATH_MAX] = "", rel[PATH_MAX];
        bool lost = false;
        struct stat a, b;
        int r = fd_name(fd, abs);
        if (r == -ENAMETOOLONG) {
                /* Beneath the root, a name under PATH_MAX is within
                 * root_len + 2 bytes of one that fits: so many levels up at
                 * most, two bytes each (a name and its slash). Past them it
                 * is outside, or deeper than any name the core can take
                 * (said when it was made: walk_too_long on its parent's
                 * event): cached as outside, so that its events cost a
                 * probe, not a walk. Unless the root was renamed. */
                r = long_name(fd, (int) w->root_len / 2 + 3, abs, tail, &lost);
                if (r == -ENAMETOOLONG)
                        return root_renamed(w) ? -EAGAIN : 0;
        }
        if (r < 0)
                return r;
        const char *known = beneath_root(w, abs);
        if (!known && root_renamed(w))
                known = beneath_root(w, abs);
        if (!known)
                return 0;
        if (lost) {
                /* Never silent: what is known of it is said, and scanned. */
                w->cb->warn(w->userdata, known, ENOENT,
                            "a directory below this one has a name too long to read back: scanned again");
                (void) enqueue(w, known, false, false, false);
                return -ENOENT;
        }
        if (snprintf(rel, sizeof rel, "%s%s%s", known, known[0] && tail[0] ? "/" : "", tail) >=
            (int) sizeof rel)
                return -ENAMETOOLONG;
        int dfd;
        r = platform_open_beneath(w->root_fd, rel, O_PATH | O_DIRECTORY, &dfd);
        if (r < 0)
                return r;
        r = fstat(fd, &a) < 0 || fstat(dfd, &b) < 0 ? -errno : 0;
        close(dfd);
        if (r < 0)
                return r;
        if (a.st_dev != b.st_dev || a.st_ino != b.st_ino)
                return -ESTALE;
        char *s = strdup(rel);
        if (!s)
                return -ENOMEM;
        *ret = s;
        return 1;
}

static const Fs *fs_of(const Watcher *w, const __kernel_fsid_t *fsid) {
        for (size_t i = 0; i < w->n_fs; i++)
                if (memcmp(&w->fs[i].fsid, fsid, sizeof *fsid) == 0)
                        return &w->fs[i];
        return NULL;
}

/* The cache's key of a directory: its filesystem and its handle, in hex.
 * false for a handle longer than any the kernel makes. */
static bool handle_key(char key[KEY_MAX], const __kernel_fsid_t *fsid, const struct file_handle *fh) {
        static const char hex[] = "0123456789abcdef";
        size_t k = 0;
        const unsigned char *bytes[] = {(const unsigned char *) fsid,
                                        (const unsigned char *) &fh->handle_type, fh->f_handle};
        const size_t sizes[] = {sizeof *fsid, sizeof fh->handle_type, fh->handle_bytes};
        if (fh->handle_bytes > MAX_HANDLE_SZ)
                return false;
        for (size_t i = 0; i < ELEMENTSOF(bytes); i++)
                for (size_t j = 0; j < sizes[i]; j++) {
                        key[k++] = hex[bytes[i][j] >> 4];
                        key[k++] = hex[bytes[i][j] & 15];
                }
        key[k] = 0;
        return true;
}

/* A new entry of the cache for key, or NULL (out of memory). */
static Dir *dir_add(Watcher *w, const char *key) {
        Dir *d;
        if (hashmap_size(w->dirs) >= DIRS_MAX || w->dirs_bytes >= DIRS_BYTES)
                dirs_clear(w);
        if (!(d = calloc(1, sizeof *d)) || hashmap_put(w->dirs, key, d) < 0) {
                free(d);
                return NULL;
        }
        w->dirs_bytes += DIR_COST + strlen(key);
        return d;
}

/* The directory a record names, from the cache or looked up: NULL when it
 * is gone or cannot be told; its rel NULL when it is outside the root. */
static Dir *dir_of(Watcher *w, const struct fanotify_event_info_fid *fid, const struct file_handle *fh) {
        char key[KEY_MAX];
        if (!handle_key(key, &fid->fsid, fh))
                return NULL;
        Dir *d = hashmap_get(w->dirs, key);
        if (d && d->gen == w->gen)
                return d;

        const Fs *fs = fs_of(w, &fid->fsid);
        if (!fs)
                return NULL;
        /* The handle is copied: the record aligns it only to 4 bytes, and
         * open_by_handle_at may write to it. */
        union {
                struct file_handle fh;
                char buf[sizeof(struct file_handle) + MAX_HANDLE_SZ];
        } h;
        memcpy(&h, fh, sizeof *fh + fh->handle_bytes);
        _cleanup_close_ int mount_fd = -1;
        if (fs->rel && platform_open_beneath(w->root_fd, fs->rel, O_RDONLY | O_DIRECTORY, &mount_fd) < 0)
                return NULL; /* unmounted since */
        _cleanup_close_ int fd =
                open_by_handle_at(fs->rel ? mount_fd : w->root_fd, &h.fh, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
                return NULL; /* ESTALE: deleted since */
        char *rel = NULL;
        if (rel_of(w, fd, &rel) < 0)
                return NULL;
        d = hashmap_get(w->dirs, key); /* again: the root renamed empties the cache */
        if (!d && !(d = dir_add(w, key))) {
                free(rel);
                return NULL;
        }
        dir_set_rel(w, d, rel);
        d->gen = w->gen;
        if (rel) {
                struct stat st;
                path_flags(rel, &d->git, &d->shallow);
                /* A fan-out directory holding a .git is a checkout: entered in full. */
                if (d->shallow && fstatat(fd, ".git", &st, AT_SYMLINK_NOFOLLOW) == 0)
                        d->shallow = false;
        }
        return d;
}

/* A checkout the crawl found (a directory holding a .git), in the cache
 * before its first event: a new .env there is then bound without its
 * directory looked up first (open_by_handle_at, the path read back and
 * checked: six syscalls before the bind). Only while no directory was
 * renamed since the crawl opened it, so that its rel is still true. */
static void cache_checkout(Watcher *w, const Frame *f) {
        union {
                struct file_handle fh;
                char buf[sizeof(struct file_handle) + MAX_HANDLE_SZ];
        } h;
        __kernel_fsid_t fsid;
        struct statfs sf;
        char key[KEY_MAX];
        int mount_id;

        if (f->gen != w->gen)
                return;
        h.fh.handle_bytes = MAX_HANDLE_SZ;
        if (name_to_handle_at(dirfd(f->d), "", &h.fh, &mount_id, AT_EMPTY_PATH) < 0 ||
            fstatfs(dirfd(f->d), &sf) < 0)
                return;
        memcpy(&fsid, &sf.f_fsid, sizeof fsid);
        if (!handle_key(key, &fsid, &h.fh))
                return;
        Dir *d = hashmap_get(w->dirs, key);
        if (d && d->gen == w->gen)
                return;
        char *rel = strdup(f->rel);
        if (!rel || (!d && !(d = dir_add(w, key)))) {
                free(rel);
                return;
        }
        dir_set_rel(w, d, rel);
        d->gen = w->gen;
        path_flags(rel, &d->git, &d->shallow);
        d->shallow = false; /* it holds a .git: entered in full, as dir_of says */
}

/* The type of name in the directory rel now; WATCH_OTHER when it is gone. */
static WatchType type_now(Watcher *w, const char *rel, const char *name) {
        WatchType t = WATCH_OTHER;
        int dfd;
        if (platform_open_beneath(w->root_fd, rel, O_PATH | O_DIRECTORY, &dfd) < 0)
                return WATCH_OTHER;
        if (platform_dirent_type(dfd, name, DT_UNKNOWN, &t) < 0)
                t = WATCH_OTHER;
        close(dfd);
        return t;
}

#define GONE_MASK (FAN_DELETE | FAN_MOVED_FROM)
#define MADE_MASK (FAN_CREATE | FAN_MOVED_TO)

/* One name in a directory inside the root: what inotify's events would
 * have said. mask may hold several events the kernel merged into one (the
 * same name, the same directory): what went is said first, and what came
 * is looked at as it is now. */
static void on_name(Watcher *w, Dir *d, const char *name, uint32_t mask) {
        char rel[PATH_MAX];
        bool dir = mask & FAN_ONDIR;

        if (d->shallow) {
                /* In an object store's fan-out, git's objects come and go:
                 * only a directory (never git's) or a .git matters. */
                if (!walk_is_dotgit_name(name)) {
                        if (!dir)
                                return;
                } else if (mask & MADE_MASK) {
                        d->shallow = false;
                        (void) enqueue(w, d->rel, d->git, false, false);
                }
        }
        if (!walk_child_path(rel, sizeof rel, d->rel, name)) {
                walk_too_long(w->cb, w->userdata, d->rel);
                return;
        }
        if (mask & (GONE_MASK | FAN_MOVED_TO)) {
                /* A directory that went takes its write mark with it: one
                 * made at its name later (a hooks/ moved in) is marked
                 * afresh when the core asks. */
                if (dir)
                        hashmap_remove(w->writes, rel);
                w->cb->gone(w->userdata, rel);
                if (dir && (mask & (FAN_MOVED_FROM | FAN_MOVED_TO)))
                        w->gen++; /* every name below it, and maybe below others, is looked up again */
        }
        if (mask & MADE_MASK) {
                WatchType t = dir ? WATCH_DIR : WATCH_FILE;
                /* A checkout made, or a directory a masked name can be
                 * made in: guarded before its masked names come. */
                if (w->perm && d->rel[0] && walk_is_dotgit_name(name))
                        (void) fan_perm_guard(w->perm, d->rel);
                else if (w->perm && dir)
                        fan_perm_dir_seen(w->perm, rel);
                /* Only for a .git does the core need more than directory
                 * or not; after a merged removal, whether it is there. */
                if ((!dir && walk_is_dotgit_name(name)) || (mask & GONE_MASK))
                        t = type_now(w, d->rel, name);
                if (!(mask & GONE_MASK) || t != WATCH_OTHER)
                        w->cb->found(w->userdata, rel, t);
                /* A new directory's entries are events of their own (the
                 * mark is the filesystem's); one moved in is scanned, once
                 * however often it moves. A .git's writes are watched. */
                bool git = d->git || strcmp(name, ".git") == 0;
                bool shallow = walk_shallow_entry(d->git, d->shallow, d->rel, name);
                if (t == WATCH_DIR && (mask & FAN_MOVED_TO))
                        (void) enqueue(w, rel, git, false, shallow);
                else if (t == WATCH_DIR && git && walk_is_dotgit(rel)) {
                        int fd;
                        if (platform_open_beneath(w->root_fd, rel, O_RDONLY | O_DIRECTORY, &fd) >= 0) {
                                mark_writes(w, fd, rel);
                                close(fd);
                        }
                }
        }
        if ((mask & FAN_MODIFY) && !dir)
                w->cb->changed(w->userdata, rel);
}

/* The records of one event: a directory and a name each, two for a rename. */
static void on_event(Watcher *w, const struct fanotify_event_metadata *m, const char *ev) {
        const char *end = ev + m->event_len;
        for (const char *p = ev + m->metadata_len; p + sizeof(struct fanotify_event_info_header) <= end;) {
                const struct fanotify_event_info_fid *fid = (const void *) p;
                if (fid->hdr.len == 0 || p + fid->hdr.len > end)
                        return;
                p += fid->hdr.len;
                uint8_t type = fid->hdr.info_type;
                if (type != FAN_EVENT_INFO_TYPE_DFID_NAME && type != FAN_EVENT_INFO_TYPE_OLD_DFID_NAME &&
                    type != FAN_EVENT_INFO_TYPE_NEW_DFID_NAME)
                        continue;
                const struct file_handle *fh = (const void *) fid->handle;
                const char *name = (const char *) fh->f_handle + fh->handle_bytes;
                if (name >= p || strnlen(name, (size_t) (p - name)) == (size_t) (p - name) || !name[0] ||
                    strcmp(name, ".") == 0)
                        continue;
                Dir *d = dir_of(w, fid, fh);
                if (!d || !d->rel)
                        continue; /* gone, or outside the root */
                uint32_t mask = (uint32_t) m->mask & ~FAN_RENAME;
                if (type == FAN_EVENT_INFO_TYPE_OLD_DFID_NAME)
                        mask |= FAN_MOVED_FROM;
                else if (type == FAN_EVENT_INFO_TYPE_NEW_DFID_NAME)
                        mask |= FAN_MOVED_TO;
                on_name(w, d, name, mask);
        }
}

static void poll_cb(uv_poll_t *h, int status, int events) {
        Watcher *w = h->data;
        char buf[65536] __attribute__((aligned(__alignof__(struct fanotify_event_metadata))));
        (void) events;
        if (status < 0)
                return;
        /* Bounded: the mark is the whole filesystem's, and a busy one
         * (anyone's build, outside the root) must not keep the loop from
         * the crawl and the core's timers. The poll is level-triggered:
         * what is left comes on the next turn. */
        for (int reads = 0; reads < READS_PER_TURN; reads++) {
                ssize_t n = read(w->fan_fd, buf, sizeof buf);
                if (n < 0) {
                        if (errno == EINTR)
                                continue;
                        break; /* EAGAIN: drained */
                }
                /* Events are aligned to 4 bytes only, and the metadata
                 * holds a 64-bit mask: each header is copied out. */
                struct fanotify_event_metadata m;
                for (const char *p = buf; buf + n - p >= (ssize_t) sizeof m; p += m.event_len) {
                        memcpy(&m, p, sizeof m);
                        if (m.event_len < sizeof m || m.event_len > (size_t) (buf + n - p))
                                break;
                        if (m.vers != FANOTIFY_METADATA_VERSION)
                                continue;
                        if (m.fd >= 0)
                                close(m.fd); /* never with handles reported; said for safety */
                        if (m.mask & FAN_Q_OVERFLOW)
                                resync(w);
                        else
                                on_event(w, &m, p);
                }
                /* A read that left room for another event took all there
                 * was: the poll says when there is more. Most wakeups bring
                 * one event, and a read for nothing doubled their syscalls. */
                if ((size_t) n + FAN_EVENT_MAX <= sizeof buf)
                        break;
        }
}

static void watcher_free(Watcher *w) {
        if (!w)
                return;
        fan_perm_free(w->perm);
        if (w->dirs)
                dirs_clear(w);
        hashmap_free(w->dirs);
        hashmap_free(w->writes);
        visit_queue_done(&w->queue);
        while (w->depth > 0)
                crawl_pop(w);
        for (size_t i = 0; i < w->n_fs; i++)
                free(w->fs[i].rel);
        free(w->fs);
        free(w->root_abs);
        if (w->fan_fd >= 0)
                close(w->fan_fd);
        if (w->root_fd >= 0)
                close(w->root_fd);
        free(w);
}

/* The group, and the mark on the root's filesystem: what the watcher and
 * the probe of auto share. 0 with the group's fd, or -errno with why. */
static int fan_open(const char *root, int *ret_fan, int *ret_root, bool *ret_rename, char *why, size_t n) {
        _cleanup_close_ int fan = -1, root_fd = -1;
        uint64_t mask = FS_MASK | FAN_RENAME;
        bool rename = true;

        fan = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_DFID_NAME | FAN_CLOEXEC | FAN_NONBLOCK,
                            O_RDONLY | O_CLOEXEC);
        if (fan < 0) {
                int e = errno;
                snprintf(why, n, "fanotify_init with directory handles failed (%s%s)", strerror(e),
                         e == EPERM    ? ": it needs CAP_SYS_ADMIN"
                         : e == EINVAL ? ": Linux < 5.9"
                                       : "");
                return -e;
        }
        root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (root_fd < 0) {
                int e = errno;
                snprintf(why, n, "cannot open the root (%s)", strerror(e));
                return -e;
        }
        int r = fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, mask, root_fd, NULL);
        if (r < 0 && errno == EINVAL) { /* no FAN_RENAME: before Linux 5.17 */
                rename = false;
                mask = FS_MASK | FAN_MOVED_FROM | FAN_MOVED_TO;
                r = fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, mask, root_fd, NULL);
        }
        if (r < 0) {
                int e = errno;
                snprintf(why, n, "the root's filesystem cannot take a filesystem mark (%s%s)", strerror(e),
                         e == EOPNOTSUPP || e == ENODEV ? ": it encodes no file handles"
                         : e == EXDEV                   ? ": a subvolume with its own fsid"
                                                        : "");
                return -e;
        }
        snprintf(why, n, "one filesystem mark (Linux >= 5.9%s) on a filesystem with file handles",
                 rename ? ", FAN_RENAME" : "");
        *ret_fan = TAKE_FD(fan);
        *ret_root = TAKE_FD(root_fd);
        *ret_rename = rename;
        return 0;
}

int fanotify_probe(const char *root, char *why, size_t n) {
        int fan, root_fd;
        bool rename;
        int r = fan_open(root, &fan, &root_fd, &rename, why, n);
        if (r < 0)
                return r;
        close(fan);
        close(root_fd);
        return 0;
}

static int fan_watch_start(uv_loop_t *loop, const char *root, const WatchOptions *o,
                           const WatchCallbacks *cb, void *userdata, void **ret) {
        char why[256];
        struct stat st;
        int r, fd;
        Watcher *w = calloc(1, sizeof *w);

        if (!w)
                return -ENOMEM;
        w->loop = loop;
        w->cb = cb;
        w->userdata = userdata;
        w->fan_fd = w->root_fd = -1;
        r = fan_open(root, &w->fan_fd, &fd, &w->rename, why, sizeof why);
        if (r >= 0) {
                /* The mark is made: the root's filesystem is the first. */
                w->root_fd = fd;
                r = fstat(fd, &st) < 0 ? -errno : 0;
        }
        if (r >= 0) {
                struct statfs sf;
                r = fstatfs(fd, &sf) < 0 || !(w->fs = calloc(1, sizeof *w->fs)) ? -errno : 0;
                if (r >= 0) {
                        memcpy(&w->fs->fsid, &sf.f_fsid, sizeof w->fs->fsid);
                        w->fs->dev = st.st_dev;
                        w->n_fs = 1;
                }
        }
        if (r >= 0)
                r = platform_fd_path(w->root_fd, &w->root_abs);
        if (r >= 0) {
                w->root_len = strlen(w->root_abs);
                w->dirs = hashmap_new();
                w->writes = hashmap_new();
                r = !w->dirs || !w->writes || visit_queue_init(&w->queue) < 0 ? -ENOMEM : 0;
        }
        /* Before the crawl: a checkout made meanwhile is covered too. */
        if (r >= 0 && o->no_window)
                r = fan_perm_start(loop, w->root_fd, w->root_abs, cb, userdata, &w->perm);
        if (r < 0) {
                watcher_free(w);
                return r;
        }
        uv_poll_init(loop, &w->poll, w->fan_fd);
        uv_idle_init(loop, &w->idle);
        w->poll.data = w->idle.data = w;
        uv_poll_start(&w->poll, UV_READABLE, poll_cb);
        (void) enqueue(w, "", false, false, false);
        *ret = w;
        return 0;
}

/* Watch writes in the top level of rel too, and find what it holds: a
 * gitdir elsewhere beneath the root, or the directory of a .git file.
 * Visited from the queue, never from inside the core's own callback. */
static int fan_watch_dir(void *p, const char *rel) {
        Watcher *w = p;
        if (hashmap_contains(w->writes, rel))
                return 0;
        bool git, shallow;
        path_flags(rel, &git, &shallow);
        return enqueue(w, rel, true, true, shallow);
}

static void fan_watch_stop(void *p) {
        Watcher *w = p;
        uv_close((uv_handle_t *) &w->poll, NULL);
        uv_close((uv_handle_t *) &w->idle, NULL);
        fan_perm_stop(w->perm);
}

static void fan_watch_free(void *p) {
        watcher_free(p);
}

const WatcherOps fanotify_watcher = {
        .name = "fanotify",
        .start = fan_watch_start,
        .watch_dir = fan_watch_dir,
        .stop = fan_watch_stop,
        .free = fan_watch_free,
};
