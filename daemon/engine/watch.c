/* SPDX-License-Identifier: MIT */
#include "watch.h"

#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <strings.h>

#include "array.h"
#include "git-audit.h"
#include "git-index.h"
#include "hashmap.h"
#include "util.h"

typedef struct Checkout Checkout;

/* A process that made a checkout: its pidfd, polled so that protection goes
 * on the moment the last one exits. */
typedef struct Maker {
        uv_poll_t poll;
        Checkout *c; /* NULL once the checkout let go of it */
        int fd;
} Maker;

struct Checkout {
        Watch *w;
        char *path;           /* relative to the root */
        bool gitfile;         /* .git is a file naming the gitdir */
        char *gitdir;         /* resolved the way git resolves it; NULL when refused */
        char *commondir;      /* the gitdir's common dir, when it names one; NULL otherwise */
        bool linked;          /* the gitdir names a common dir: a linked worktree's admin dir */
        char *wanted;         /* a gitdir or common dir named but missing: followed until it appears */
        const char *refused;  /* the last reason said for the git metadata, not to say it twice */
        bool pending;         /* git metadata not protected yet */
        bool index_pending;   /* its index changed: looked at once git is done */
        bool needs_makers;    /* its makers: taken at the next tick */
        bool released;        /* its mounts given back (release_tree): a HEAD made again protects it again */
        int index_said;       /* the last index failure said, not to say it twice */
        uint64_t appeared_ms; /* the boot clock, to compare with processes' start */
        uint64_t deadline;    /* the watcher's clock (now_ms) */
        Maker **makers;
        size_t n_makers, n_makers_allocated;
};

/* A bind this daemon made, kept to give it back (release_tree). */
typedef struct WatchMount {
        PlatformBindInfo info;
        PlatformBindKind kind;
} WatchMount;

struct Watch {
        WatchConfig c;
        void *binder;
        void *files;
        const WatcherOps *wops;
        void *watcher;
        char *root_abs;     /* to read absolute gitdir lines */
        Hashmap *checkouts; /* path -> Checkout */
        Hashmap *bound;     /* path -> BOUND or FAILED (FAILED: judged again at its next event) */
        Hashmap *below;     /* every proper ancestor of a key of checkouts, bound or dirs -> count */
        Hashmap *dirs;      /* every checkout's gitdir and common dir -> count */
        Hashmap *wanted;    /* a missing gitdir or common dir and its ancestors -> count */
        Hashmap *made;      /* path -> WatchMount, for each bound path whose mount we made */
        Hashmap *former;    /* a checkout gone (its .git) with binds still below it -> 1 */
        Hashmap *emptied;   /* where something went, to see whether only our mounts are left -> 1 */
        Hashmap *differs;   /* a tracked protected file said to differ from the index -> 1 */
        ClockTimer *timer, *release_timer;
        size_t n_pending, mounts;
        unsigned failures; /* git metadata binds that failed, to tell a protection that held from one that
                              did not */
        bool budget_said;
        WatchStats stats;
};

/* The values of w->bound: BOUND, or how the last try failed (odd, so never
 * BOUND), so that a failure is said when it is new, not at every event
 * that finds the same thing again. */
#define BOUND ((void *) (uintptr_t) 2)
#define FAILED_AS(err, step)                                                                                \
        ((void *) (uintptr_t) (((uintptr_t) (err) << 8) | ((uintptr_t) (step) << 1) | 1))
#define FAILED FAILED_AS(ELOOP, PLATFORM_STEP_RESOLVE)

/* The git metadata protected in a repository's own gitdir, beyond the
 * policy's own .git lines (spec: the host's read-only git-dir mount covers
 * only the root's, so the watcher applies these), and in the common dir of
 * a linked worktree. A linked worktree's admin dir (.git/worktrees/wt)
 * holds nothing of these that git reads (config, hooks and info/ come from
 * the common dir) and files git must delete (commondir, gitdir, HEAD):
 * nothing in it is bound, and its config.worktree is audited instead.
 * The lists are the core's (git-audit.h): the judge reads them too. */
/* The config files audited, in a gitdir and in a common dir. */
static const char *const git_configs[] = {"config", "config.worktree"};
/* Whether a path in a gitdir is one git shares among worktrees (read from
 * the common dir), after git's common_list (path.c): config and hooks/,
 * info/ (but info/sparse-checkout), refs/ and logs/ (but a worktree's own
 * few), objects/ and the rest below. */
static bool git_common_name(const char *name) {
        static const char *const dirs[] = {"branches", "common",     "hooks",    "info",
                                           "logs",     "lost-found", "objects",  "refs",
                                           "remotes",  "worktrees",  "rr-cache", "svn"};
        static const char *const files[] = {"config", "gc.pid", "packed-refs", "shallow"};
        static const char *const own[] = {"info/sparse-checkout", "logs/HEAD", "refs/bisect",
                                          "refs/worktree", "refs/rewritten"};
        for (size_t i = 0; i < ELEMENTSOF(own); i++) {
                size_t n = strlen(own[i]);
                if (strncmp(name, own[i], n) == 0 && (name[n] == 0 || name[n] == '/'))
                        return false;
        }
        for (size_t i = 0; i < ELEMENTSOF(files); i++)
                if (streq(name, files[i]))
                        return true;
        for (size_t i = 0; i < ELEMENTSOF(dirs); i++) {
                size_t n = strlen(dirs[i]);
                if (strncmp(name, dirs[i], n) == 0 && (name[n] == 0 || name[n] == '/'))
                        return true;
        }
        return false;
}

/* Lock files git holds while it writes: while one exists, git is not done. */
static const char *const git_locks[] = {"config.lock", "index.lock", "HEAD.lock", "packed-refs.lock",
                                        "shallow.lock"};

/* What git reads of a .git file or a commondir: git reads up to 1 MiB; a
 * path that needs more than this cannot be resolved by anyone anyway. */
#define GITFILE_MAX (2 * PATH_MAX)
/* An index larger than this is not read (git's own cap is far above). */
#define INDEX_MAX (512 * 1024 * 1024)
/* A tracked protected file larger than this is not hashed. */
#define DIFFERS_MAX (16 * 1024 * 1024)
#define INDEX_HASH_BUDGET (64 * 1024 * 1024)
/* A config file larger than this is said to be too large to audit. */
#define CONFIG_AUDIT_MAX (256 * 1024)

void watch_config_init(WatchConfig *c) {
        *c = (WatchConfig){
                .git_deadline_ms = 60000,
                .git_check_ms = 50,
                .git_recent_ms = 2000,
                .processes = platform_processes,
                .processes_free = platform_processes_free,
                .pidfd = platform_pidfd,
        };
}

static bool is_git_entry(const char *entry) {
        return strncmp(entry, ".git", 4) == 0 && (entry[4] == 0 || entry[4] == '/');
}

static char *join(const char *a, const char *b) {
        char *s = NULL;
        if (asprintf(&s, "%s%s%s", a, a[0] && b[0] ? "/" : "", b) < 0)
                return NULL;
        return s;
}

static bool under(const char *path, const char *dir) {
        size_t n = strlen(dir);
        return path && strncmp(path, dir, n) == 0 && (path[n] == 0 || path[n] == '/');
}

/* Count key's proper ancestors in map, up (delta 1) or down (-1). For
 * w->below: a path going away can tell at once whether anything tracked was
 * below it, so deleting a large tree is not a scan per entry. */
static void count_ancestors(Hashmap *map, const char *key, int delta, bool self) {
        char buf[PATH_MAX];
        size_t n = strlen(key);
        if (!map || n >= sizeof buf)
                return;
        memcpy(buf, key, n + 1);
        for (char *s = buf;; s++) {
                s = strchr(s, '/');
                if (s)
                        *s = 0;
                else if (!self)
                        break;
                uintptr_t c = (uintptr_t) hashmap_get(map, buf) + (uintptr_t) (intptr_t) delta;
                if (c == 0)
                        hashmap_remove(map, buf);
                else
                        (void) hashmap_put(map, buf, (void *) c);
                if (!s)
                        break;
                *s = '/';
        }
}

/* Put and remove in checkouts or bound (whose values are never NULL),
 * keeping the index. */
static int track(Watch *w, Hashmap *map, const char *key, void *value) {
        bool existed = hashmap_contains(map, key);
        int r = hashmap_put(map, key, value);
        if (r >= 0 && !existed)
                count_ancestors(w->below, key, 1, false);
        return r;
}

static void *untrack(Watch *w, Hashmap *map, const char *key) {
        void *v = hashmap_remove(map, key);
        if (v)
                count_ancestors(w->below, key, -1, false);
        return v;
}

/* A gitdir or common dir of a checkout, counted (several worktrees share a
 * common dir), with its ancestors in below. */
static void dir_ref(Watch *w, const char *dir, int delta) {
        if (!dir)
                return;
        uintptr_t n = (uintptr_t) hashmap_get(w->dirs, dir) + (uintptr_t) (intptr_t) delta;
        if (n == 0)
                hashmap_remove(w->dirs, dir);
        else
                (void) hashmap_put(w->dirs, dir, (void *) n);
        count_ancestors(w->below, dir, delta, false);
}

/* The mount budget: git metadata may spend all of it, the policy's own
 * paths all but a fifth, so that thousands of checkouts full of .env files
 * cannot leave none for the config and hooks that decide what git runs. */
static bool over_budget(Watch *w, const Checkout *c, const char *path, bool metadata) {
        size_t budget = w->c.mount_budget;
        if (budget == 0 || w->mounts < (metadata ? budget : budget - budget / 5))
                return false;
        if (!w->budget_said) {
                w->budget_said = true;
                log_event(w->c.log, LOG_ERROR, "mount-budget",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                     LOG_INT("budget", budget)),
                          "path policy: mount budget of {budget} spent (%zu mounts): {path} and whatever "
                          "comes after "
                          "it is not bound; still watching (--mount-budget)",
                          w->mounts);
        }
        return true;
}

/* Bind path (relative to the root) for checkout c, messages naming shown_as
 * (the policy's spelling, where a case-insensitive volume spells the name
 * otherwise). Bound once: a bound path can be neither removed nor renamed
 * over, so only its going away (forget) makes it new. A failure is judged
 * again at the path's next event. 1 bound, 0 nothing there, -1 not bound. */
/* Keep what unbind needs for a mount we made; a mount that was there
 * already is not ours to give back. */
static void keep_mount(Watch *w, const char *path, PlatformBindKind kind, PlatformBindInfo *info) {
        WatchMount *m = NULL;
        if (!info->already && w->c.binder->unbind && (m = malloc(sizeof *m))) {
                *m = (WatchMount){.info = *info, .kind = kind};
                WatchMount *old = hashmap_get(w->made, path);
                if (hashmap_put(w->made, path, m) >= 0) {
                        free(old);
                        return;
                }
                free(m);
        }
        w->c.binder->release(w->binder, info);
}

static void drop_mount(Watch *w, const char *path) {
        WatchMount *m = w->made ? hashmap_remove(w->made, path) : NULL;
        if (m) {
                w->c.binder->release(w->binder, &m->info);
                free(m);
        }
}

static int bind_path_as(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path,
                        const char *shown_as, bool metadata) {
        const char *kname = platform_bind_kind_to_string(kind);
        PlatformBindInfo info;
        bool as_dir = false;

        if (hashmap_get(w->bound, path) == BOUND)
                return 1;
        if (!w->c.binder->warn_only && w->c.mount_budget &&
            w->mounts >= w->c.mount_budget - w->c.mount_budget / 5 &&
            w->c.binder->check(w->binder, kind == PLATFORM_MASK_FILE ? PLATFORM_PROTECT : kind, path,
                               &info) == -ENOENT)
                return 0; /* nothing there to spend a mount on, or to name */
        if (!w->c.binder->warn_only && over_budget(w, c, path, metadata)) {
                /* Not bound: a protection it belongs to is not said to hold. */
                if (metadata)
                        w->failures++;
                return -1;
        }
        int r = w->c.binder->bind(w->binder, kind, path, &info);
        if (r == -EISDIR && kind == PLATFORM_MASK_FILE && info.step == PLATFORM_STEP_TYPE) {
                /* A masked name that is a directory here: masked as what it
                 * is, as prepare does on the host. */
                as_dir = true;
                kind = PLATFORM_MASK_DIR;
                r = w->c.binder->bind(w->binder, kind, path, &info);
        }
        if (r == -ENOENT || (r == -ENOTDIR && info.step == PLATFORM_STEP_RESOLVE)) {
                untrack(w, w->bound, path); /* not there (any more) */
                drop_mount(w, path);
                return 0;
        }
        void *before = hashmap_get(w->bound, path), *now = r >= 0 ? BOUND : FAILED_AS(-r, info.step);
        if (track(w, w->bound, path, now) < 0)
                return -1;
        const char *applied = platform_bind_kind_to_string(kind);
        if (r >= 0) {
                keep_mount(w, path, kind, &info);
                w->stats.binds++;
                if (!info.already)
                        w->mounts++;
                log_event(w->c.log, LOG_INFO, "watch-bind",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                     LOG_STR("kind", applied), LOG_BOOL("already", info.already),
                                     LOG_STR("policy_kind", as_dir ? kname : NULL),
                                     LOG_SHOW("as", shown_as)),
                          "path policy: %s {as} in nested checkout {checkout} ({kind})%s%s",
                          kind == PLATFORM_PROTECT ? "protected" : "masked",
                          as_dir ? ": a directory here, masked as one" : "",
                          info.already ? ", already bound" : "");
                if (kind == PLATFORM_MASK_FILE && info.regular && info.nlink > 1)
                        log_event(w->c.log, LOG_WARN, "hardlink",
                                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                             LOG_INT("nlink", info.nlink), LOG_SHOW("as", shown_as)),
                                  "path policy: masked {as} in nested checkout {checkout} has {nlink} hard "
                                  "links: its "
                                  "content is reachable by another name");
                return 1;
        }
        w->stats.bind_failures++;
        if (metadata)
                w->failures++;
        if (before == now)
                return -1; /* the same as last time: said then */
        if (r == -ENOSYS && w->c.binder->warn_only) {
                /* No bind mounts here: say what would have been bound, once. */
                log_event(w->c.log, LOG_WARN, "bind-unsupported",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", shown_as),
                                     LOG_STR("kind", applied),
                                     LOG_PATH("found", streq(shown_as, path) ? NULL : path)),
                          "path policy: cannot bind {path} in nested checkout {checkout} on this platform "
                          "({kind})");
                return -1;
        }
        if (r == -ELOOP) {
                log_event(w->c.log, LOG_WARN, "symlink-not-bound",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path),
                                     LOG_STR("kind", applied), LOG_SHOW("as", shown_as)),
                          "path policy: {as} in nested checkout {checkout} is a symlink (or under one): not "
                          "bound "
                          "({kind})");
                return -1;
        }
        log_event(w->c.log, LOG_WARN, "bind-failed",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path), LOG_STR("kind", applied),
                             LOG_ERRNO(-r), LOG_SHOW("as", shown_as)),
                  "path policy: could not bind {as} in nested checkout {checkout} ({kind}): {errno} at %s",
                  platform_bind_step_to_string(info.step));
        return -1;
}

static int bind_path(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path, bool metadata) {
        return bind_path_as(w, c, kind, path, path, metadata);
}

/* ---- The git metadata: where it is, exactly as git finds it. ---- */

/* Read a small file git reads whole (a .git file, a commondir): the bytes
 * up to the first NUL, as git's C string ends there. */
static int read_small(Watch *w, const char *path, char **ret) {
        _cleanup_free_ char *buf = malloc(GITFILE_MAX);
        if (!buf)
                return -ENOMEM;
        int r = w->c.files->read(w->files, path, buf, GITFILE_MAX);
        if (r < 0)
                return r;
        if ((size_t) r >= GITFILE_MAX - 1)
                return -EFBIG;
        *ret = TAKE_PTR(buf);
        return r;
}

/* A path git names (absolute, or relative to base), as a path relative to
 * the root; NULL with *why when it is not beneath it. Lexical: the result
 * is then resolved without symlinks, so ".." cannot differ from git's. */
/* git resolves ".." after the directory before it, symlinks followed
 * (realpath), so "link/.." is the link target's parent, not the lexical
 * one. Lexical and physical agree only when what comes before each ".."
 * is a real directory: check each such prefix, no symlink on the way. */
static bool dotdot_physical(Watch *w, const char *p) {
        for (const char *s = p; (s = strstr(s, "..")); s += 2) {
                if ((s != p && s[-1] != '/') || (s[2] != 0 && s[2] != '/'))
                        continue;
                if (s == p)
                        return false; /* above the root */
                _cleanup_free_ char *prefix = strndup(p, (size_t) (s - p));
                _cleanup_free_ char *n = prefix ? path_normalize(prefix) : NULL;
                PlatformBindInfo info;
                /* It must exist, as anything but a symlink (git's realpath
                 * steps over a file too). */
                if (n && w->c.binder->check(w->binder, PLATFORM_PROTECT, n, &info) < 0)
                        return false;
        }
        return true;
}

static char *beneath_root(Watch *w, const char *base, const char *v) {
        _cleanup_free_ char *j = NULL;
        if (v[0] == '/') {
                size_t rl = strlen(w->root_abs);
                if (strncmp(v, w->root_abs, rl) != 0 || v[rl] != '/')
                        return NULL;
                j = strdup(v + rl + 1);
        } else
                j = join(base, v);
        if (!j || !dotdot_physical(w, j))
                return NULL;
        return path_normalize(j);
}

/* The gitdir a .git file names, as git's read_gitfile_gently reads it:
 * the whole file, "gitdir: " at offset 0, only trailing CR and LF stripped
 * (a newline inside the path stays), relative to the file's directory. */
static char *read_gitfile(Watch *w, Checkout *c, const char **why) {
        _cleanup_free_ char *dotgit = join(c->path, ".git"), *buf = NULL;
        if (!dotgit) {
                *why = "out of memory";
                return NULL;
        }
        int r = read_small(w, dotgit, &buf);
        if (r < 0) {
                *why = r == -EFBIG    ? "too large for a .git file"
                       : r == -EINVAL ? "not a regular file"
                                      : strerror(-r);
                return NULL;
        }
        size_t n = (size_t) r;
        if (n < 8 || memcmp(buf, "gitdir: ", 8) != 0) {
                *why = "no 'gitdir: ' at its start (git refuses it too)";
                return NULL;
        }
        while (n > 8 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
                buf[--n] = 0;
        if (n <= 8) {
                *why = "an empty gitdir (git refuses it too)";
                return NULL;
        }
        char *g = beneath_root(w, c->path, buf + 8);
        if (!g)
                *why = "it names a gitdir outside the root, or with '..' after a symlink";
        return g;
}

/* The common dir a gitdir names in its commondir file, as git's
 * get_common_dir_noenv reads it: the whole file, only trailing LF and CR
 * stripped (a trailing space is part of the name: git 2.39 uses "cd "
 * when both "cd" and "cd " exist), absolute as is or relative to the
 * gitdir. 0 and *ret NULL when
 * there is no commondir file. */
static int read_commondir(Watch *w, const char *gitdir, char **ret, const char **why) {
        _cleanup_free_ char *file = join(gitdir, "commondir"), *buf = NULL;
        if (!file)
                return -ENOMEM;
        int r = read_small(w, file, &buf);
        if (r == -ENOENT) {
                *ret = NULL;
                return 0;
        }
        if (r < 0) {
                *why = r == -EFBIG ? "its commondir is too large" : "its commondir cannot be read";
                return r;
        }
        size_t n = (size_t) r;
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
                buf[--n] = 0;
        if (n == 0) {
                *why = "its commondir is empty";
                return -EINVAL;
        }
        char *cd = beneath_root(w, gitdir, buf);
        if (!cd) {
                *why = "its commondir names a directory outside the root, or with '..' after a symlink";
                return -EXDEV;
        }
        *ret = cd;
        return 0;
}

/* Whether dir exists beneath the root as a directory, with no symlink on
 * the way, as the engine resolves: 0 or -errno. */
static int check_dir(Watch *w, const char *dir) {
        PlatformBindInfo info;
        return w->c.binder->check(w->binder, PLATFORM_MASK_DIR, dir, &info);
}

/* The same for a gitdir or common dir, saying why not; one that does not
 * exist yet goes to *missing, to be followed until it does. */
static int usable_dir(Watch *w, const char *dir, bool common, const char **why, char **missing) {
        int r = check_dir(w, dir);
        if (r == -ENOENT) {
                *why = common ? "its common dir does not exist (yet)" : "its gitdir does not exist (yet)";
                free(*missing);
                *missing = strdup(dir);
        } else if (r == -ELOOP)
                *why = common ? "its common dir is reached through a symlink"
                              : "its gitdir is reached through a symlink";
        else if (r < 0)
                *why = common ? "its common dir is not a directory" : "its gitdir is not a directory";
        return r;
}

static void set_str(char **p, char *v) {
        free(*p);
        *p = v;
}

static void watch_dir(Watch *w, const char *dir) {
        if (dir && w->wops && w->wops->watch_dir)
                (void) w->wops->watch_dir(w->watcher, dir);
}

/* Follow a missing gitdir or common dir: watch the deepest part of it that
 * exists, and each part as it appears, until it is there. */
static void want(Watch *w, Checkout *c, char *dir) {
        if (streq_ptr(c->wanted, dir)) {
                free(dir);
                return;
        }
        if (c->wanted)
                count_ancestors(w->wanted, c->wanted, -1, true);
        free(c->wanted);
        c->wanted = dir;
        if (!dir)
                return;
        count_ancestors(w->wanted, dir, 1, true);
        _cleanup_free_ char *p = strdup(dir);
        for (char *s; p && (s = strrchr(p, '/'));) {
                *s = 0;
                if (check_dir(w, p) == 0) {
                        watch_dir(w, p);
                        break;
                }
        }
}

/* Resolve c's gitdir and common dir now. Said once per change of outcome;
 * returns whether either changed. */
static bool resolve_git(Watch *w, Checkout *c) {
        const char *why = NULL;
        char *g = NULL, *cd = NULL, *missing = NULL;

        if (c->gitfile) {
                /* A .git file with another hard link could be rewritten
                 * through a name nobody watches: the other name is cut off
                 * (renew replaces the file by a copy; the rename is an
                 * event, and the checkout is found again). */
                PlatformBindInfo info;
                _cleanup_free_ char *dotgit = join(c->path, ".git");
                if (dotgit && w->c.files->renew &&
                    w->c.binder->check(w->binder, PLATFORM_PROTECT, dotgit, &info) == 0 && info.regular &&
                    info.nlink > 1)
                        (void) w->c.files->renew(w->files, dotgit);
                g = read_gitfile(w, c, &why);
        } else
                g = join(c->path, ".git");
        if (g && usable_dir(w, g, false, &why, &missing) < 0) {
                free(g);
                g = NULL;
        }
        bool linked = false;
        if (g && read_commondir(w, g, &cd, &why) >= 0 && cd) {
                linked = true;
                if (usable_dir(w, cd, true, &why, &missing) < 0) {
                        free(cd);
                        cd = NULL;
                } else if (streq(cd, ".git")) {
                        /* The root's own: the host's read-only git-dir mount
                         * covers it (enforce's and the host's job). */
                        free(cd);
                        cd = NULL;
                }
        }

        bool changed = !streq_ptr(g, c->gitdir) || !streq_ptr(cd, c->commondir);
        dir_ref(w, c->gitdir, -1);
        dir_ref(w, c->commondir, -1);
        set_str(&c->gitdir, g);
        set_str(&c->commondir, cd);
        c->linked = linked;
        dir_ref(w, c->gitdir, 1);
        dir_ref(w, c->commondir, 1);
        want(w, c, missing);

        if (why && c->refused != why) {
                _cleanup_free_ char *dotgit = join(c->path, ".git");
                log_event(w->c.log, LOG_WARN, "gitdir-refused",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", dotgit),
                                     LOG_SHOW("shown", dotgit ? dotgit : "")),
                          "path policy: {shown}: %s: git metadata of nested checkout {checkout} not "
                          "protected%s",
                          why, missing ? " until it appears" : "");
        }
        c->refused = why;
        if (changed && c->gitfile)
                watch_dir(w, c->gitdir);
        if (changed)
                watch_dir(w, c->commondir);
        return changed;
}

/* ---- The git rule: wait for the git that made the checkout. ---- */

static void maker_closed(uv_handle_t *h) {
        free(h->data);
}

static void drop_makers(Checkout *c) {
        for (size_t i = 0; i < c->n_makers; i++) {
                Maker *m = c->makers[i];
                m->c = NULL;
                uv_close((uv_handle_t *) &m->poll, maker_closed);
                close(m->fd);
        }
        free(c->makers);
        c->makers = NULL;
        c->n_makers = c->n_makers_allocated = 0;
}

static void forget_differs(Watch *w, const char *dir);

static void checkout_free(Watch *w, Checkout *c) {
        if (c->pending || c->index_pending)
                w->n_pending--;
        forget_differs(w, c->path);
        drop_makers(c);
        dir_ref(w, c->gitdir, -1);
        dir_ref(w, c->commondir, -1);
        want(w, c, NULL);
        free(c->gitdir);
        free(c->commondir);
        free(c->path);
        free(c);
}

static void timer_cb(void *userdata);
static void bind_actions(Watch *w, Checkout *c, bool with_protects);
static void protect_git(Watch *w, Checkout *c, const char *reason);

static void start_pending(Watch *w, Checkout *c) {
        /* The makers are read at the next tick (at once, once the events
         * in hand are handled), for every checkout found since: one /proc
         * walk, not one per checkout (a scan can find thousands). */
        if (c->pending)
                return; /* the deadline stands: nobody can push it back */
        if (c->index_pending) {
                c->index_pending = false; /* protect_git looks at the index too */
                w->n_pending--;
        }
        c->needs_makers = true;
        c->appeared_ms = w->c.clock->boot_ms(w->c.clock_data);
        c->deadline = w->c.clock->now_ms(w->c.clock_data) + w->c.git_deadline_ms;
        w->n_pending++;
        c->pending = true;
        w->c.clock->timer_start(w->timer, 0, w->c.git_check_ms);
}

/* Whether git still holds a lock in c's gitdir or common dir. */
static bool locked(Watch *w, const Checkout *c) {
        const char *dirs[] = {c->gitdir, c->commondir};
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++)
                for (size_t i = 0; dirs[d] && i < ELEMENTSOF(git_locks); i++) {
                        _cleanup_free_ char *p = join(dirs[d], git_locks[i]);
                        PlatformBindInfo info;
                        if (p && w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) == 0)
                                return true;
                }
        return false;
}

static void index_work(Watch *w, Checkout *c);

/* The index of a protected checkout changed: look at it once the git
 * that wrote it is done (the same makers), never under a running git's
 * feet: it would find our index.lock and fail. */
static void start_index_work(Watch *w, Checkout *c) {
        if (c->pending || c->index_pending)
                return;
        c->index_pending = true;
        c->needs_makers = true;
        c->appeared_ms = w->c.clock->boot_ms(w->c.clock_data);
        c->deadline = w->c.clock->now_ms(w->c.clock_data) + w->c.git_deadline_ms;
        w->n_pending++;
        w->c.clock->timer_start(w->timer, 0, w->c.git_check_ms);
}

static void end_index_work(Watch *w, Checkout *c) {
        c->index_pending = false;
        w->n_pending--;
        drop_makers(c);
        index_work(w, c);
}

static void try_protect(Watch *w, Checkout *c) {
        if (c->needs_makers || c->n_makers > 0 || (!c->pending && !c->index_pending) || locked(w, c))
                return;
        if (c->pending)
                protect_git(w, c, "git finished");
        else
                end_index_work(w, c);
}

static void maker_exited(uv_poll_t *h, int status, int events) {
        Maker *m = h->data;
        Checkout *c = m->c;
        (void) status;
        (void) events;
        if (!c)
                return;
        for (size_t i = 0; i < c->n_makers; i++)
                if (c->makers[i] == m) {
                        c->makers[i] = c->makers[--c->n_makers];
                        break;
                }
        m->c = NULL;
        uv_close((uv_handle_t *) &m->poll, maker_closed);
        close(m->fd);
        try_protect(c->w, c);
}

static void add_maker(Watch *w, Checkout *c, int fd) {
        Maker *m = calloc(1, sizeof *m);
        if (!m || ARRAY_GROW(c->makers, c->n_makers_allocated, c->n_makers + 1) < 0 ||
            uv_poll_init(w->c.loop, &m->poll, fd) < 0) {
                free(m);
                close(fd);
                return;
        }
        m->fd = fd;
        m->c = c;
        m->poll.data = m;
        c->makers[c->n_makers++] = m;
        uv_poll_start(&m->poll, UV_READABLE | UV_DISCONNECT, maker_exited);
}

static bool holds(const PlatformProcess *p, const char *dir) {
        if (under(p->cwd, dir))
                return true;
        for (char **f = p->files; f && *f; f++)
                if (under(*f, dir))
                        return true;
        return false;
}

static bool ends_with_component(const char *a, size_t k, const char *name, size_t n) {
        return k >= n && strncmp(a + k - n, name, n) == 0 &&
               (k == n || a[k - n - 1] == '/' || a[k - n - 1] == ':');
}

/* Whether an argument names the checkout: its last component is the
 * checkout's name ("git init /abs/sub", "git worktree add ../wt"), or that
 * name with ".git" after it ("git clone file:///src/sub.git"). */
static bool names_checkout(const PlatformProcess *p, const char *name) {
        size_t n = strlen(name);
        for (char **a = p->args; a && *a; a++) {
                size_t k = strlen(*a);
                while (k > 1 && (*a)[k - 1] == '/')
                        k--;
                if (ends_with_component(*a, k, name, n) || (k >= 4 && strncmp(*a + k - 4, ".git", 4) == 0 &&
                                                            ends_with_component(*a, k - 4, name, n)))
                        return true;
        }
        return false;
}

static ssize_t find_pid(const PlatformProcess *v, size_t n, int pid) {
        for (size_t i = 0; i < n; i++)
                if (v[i].pid == pid)
                        return (ssize_t) i;
        return -1;
}

/*
 * The makers of a checkout: the git processes that
 *  - work in it: their working directory or an open file is in the checkout
 *    or its gitdir; or
 *  - started at most git_recent_ms before it appeared, or since (git init,
 *    git clone, git worktree add make the checkout within milliseconds of
 *    starting, often with an absolute path from anywhere);
 * then each one's git ancestors (the git command that ran it: a submodule
 * update around its clone), and every descendant of those. A git that ran
 * from before that, anywhere but in this checkout, does not count, so a
 * long-lived git elsewhere cannot hold protection off; a git working in the
 * checkout can, up to the deadline, as it could write there anyway. For
 * an index written again (start_index_work) only a recent git in the
 * checkout counts.
 */
static void take_makers(Watch *w, Checkout *c, const PlatformProcess *v, size_t n) {
        _cleanup_free_ char *cabs = join(w->root_abs, c->path);
        _cleanup_free_ char *gabs = c->gitdir ? join(w->root_abs, c->gitdir) : NULL;
        _cleanup_free_ bool *mark = calloc(n + 1, sizeof *mark);
        if (!cabs || !mark)
                return;
        const char *slash = strrchr(c->path, '/'), *name = slash ? slash + 1 : c->path;
        for (size_t i = 0; i < n; i++) {
                const PlatformProcess *p = &v[i];
                if (!p->git)
                        continue;
                /* Recent, and about this checkout: working above it (git
                 * init sub, git clone url) or naming it (an absolute path
                 * from anywhere). A git that merely started at the same
                 * time elsewhere is not its maker. */
                bool recent = p->start_ms + w->c.git_recent_ms >= c->appeared_ms;
                bool in_it = holds(p, cabs) || (gabs && holds(p, gabs));
                /* For an index written again, only a recent git counts:
                 * a long-lived one in the checkout (an editor's cat-file
                 * --batch, an fsmonitor daemon) is not the one that wrote
                 * it, and would hold the work off until the deadline. */
                if (c->index_pending && !c->pending)
                        mark[i] = recent && in_it;
                else
                        mark[i] = in_it ||
                                  (recent && ((p->cwd && under(cabs, p->cwd)) || names_checkout(p, name)));
        }
        /* Up: the git commands that ran them. */
        for (size_t i = 0; i < n; i++) {
                if (!mark[i])
                        continue;
                for (ssize_t j = find_pid(v, n, v[i].ppid), hops = 0; j >= 0 && v[j].git && hops < 64;
                     j = find_pid(v, n, v[j].ppid), hops++)
                        mark[j] = true;
        }
        /* Down: everything they run, whatever its name. */
        for (bool more = true; more;) {
                more = false;
                for (size_t i = 0; i < n; i++) {
                        ssize_t j;
                        if (!mark[i] && (j = find_pid(v, n, v[i].ppid)) >= 0 && mark[j])
                                mark[i] = more = true;
                }
        }
        for (size_t i = 0; i < n; i++) {
                if (!mark[i])
                        continue;
                int fd = w->c.pidfd(v[i].pid, v[i].start_ms);
                if (fd >= 0)
                        add_maker(w, c, fd);
        }
}

static void take_all_makers(Watch *w) {
        PlatformProcess *v = NULL;
        size_t n = 0;
        const char *key;
        void *val;
        bool taken = false;

        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &val);) {
                Checkout *c = val;
                if ((!c->pending && !c->index_pending) || !c->needs_makers)
                        continue;
                if (!taken && w->c.processes(&v, &n) < 0) {
                        v = NULL;
                        n = 0;
                }
                taken = true;
                c->needs_makers = false;
                take_makers(w, c, v, n);
        }
        if (taken)
                w->c.processes_free(v, n);
}

static void timer_cb(void *userdata) {
        Watch *w = userdata;
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        const char *key;
        void *v;

        take_all_makers(w);

        /* Protecting binds paths, which never changes the checkouts map. */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (c->pending && now >= c->deadline)
                        protect_git(w, c, "deadline reached while git still ran");
                else if (c->index_pending && now >= c->deadline)
                        end_index_work(w, c);
                else
                        try_protect(w, c);
        }
        if (w->n_pending == 0)
                w->c.clock->timer_stop(w->timer);
}

/* ---- Protection and the audit. ---- */

static void audit_emit(void *ctx, const char *name) {
        char **list = ctx;
        if (git_audit_hook_is_sample(name))
                return;
        char *s = NULL;
        if (asprintf(&s, "%s%s%s", *list ? *list : "", *list ? ", " : "", name) >= 0) {
                free(*list);
                *list = s;
        }
}

static void audit_said(Watch *w, const Checkout *c, const char *path, const char *field, const char *list,
                       const char *what) {
        log_event(w->c.log, LOG_WARN, "git-audit",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", path), LOG_PATH(field, list),
                             LOG_SHOW("list", list)),
                  "path policy: nested checkout {checkout}: {path} %s {list}", what);
}

static void audit_config(Watch *w, const Checkout *c, const char *path) {
        _cleanup_free_ char *buf = malloc(CONFIG_AUDIT_MAX);
        char **keys = NULL;
        size_t line = 0;
        if (!buf)
                return;
        int r = w->c.files->read(w->files, path, buf, CONFIG_AUDIT_MAX);
        if (r == -ENOENT)
                return;
        if (r < 0 || r >= CONFIG_AUDIT_MAX - 1) {
                audit_said(w, c, path, "reason",
                           r == -ELOOP    ? "a symlink"
                           : r == -EINVAL ? "not a regular file"
                           : r < 0        ? strerror(-r)
                                          : "larger than 256 KiB",
                           "cannot be audited:");
                return;
        }
        if (git_audit_config(buf, (size_t) r, &keys, &line) < 0) {
                char why[64];
                snprintf(why, sizeof why, "line %zu", line);
                audit_said(w, c, path, "reason", why, "is not git config as git reads it, at");
                return;
        }
        _cleanup_free_ char *list = NULL;
        for (char **k = keys; k && *k; k++)
                audit_emit(&list, *k);
        strv_free(keys);
        if (list)
                audit_said(w, c, path, "keys", list,
                           "sets keys that make git run a program or read more config:");
}

static void audit_hooks(Watch *w, const Checkout *c, const char *hooks) {
        _cleanup_free_ char *list = NULL;
        if (!w->c.files->list || w->c.files->list(w->files, hooks, audit_emit, &list) < 0 || !list)
                return;
        audit_said(w, c, hooks, "hooks", list, "holds hooks that are not git's own samples:");
}

/* What was frozen: the keys and hooks that make git run something. Names
 * only, never values: the log is no place for what the agent wrote. */
static void audit(Watch *w, const Checkout *c) {
        const char *dirs[] = {c->gitdir, c->commondir};
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++) {
                if (!dirs[d])
                        continue;
                for (size_t i = 0; i < ELEMENTSOF(git_configs); i++) {
                        _cleanup_free_ char *p = join(dirs[d], git_configs[i]);
                        if (p)
                                audit_config(w, c, p);
                }
                _cleanup_free_ char *h = join(dirs[d], "hooks");
                if (h)
                        audit_hooks(w, c, h);
        }
}

/* A bind protects a name, not an inode: a hard link, or a descriptor
 * opened before the bind (an agent that ran git clone itself can hold one
 * on every config git makes), could still write the file after it. So the
 * file is first replaced by a copy of itself (renew), whatever its link
 * count, and a link count still above one after the bind (a link made in
 * between) is said. A write that gets in anyway (a descriptor opened in
 * the microseconds between the copy and the bind) is audited when it
 * comes (on_changed). */
static void protect_file(Watch *w, Checkout *c, const char *p) {
        PlatformBindInfo info;
        if (hashmap_get(w->bound, p) != BOUND && w->c.files->renew &&
            w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) == 0 && info.regular)
                (void) w->c.files->renew(w->files, p);
        if (bind_path(w, c, PLATFORM_PROTECT, p, true) <= 0 ||
            w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) < 0 || !info.regular ||
            info.nlink <= 1)
                return;
        log_event(
                w->c.log, LOG_WARN, "hardlink",
                LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", p), LOG_INT("nlink", info.nlink)),
                "path policy: protected {path} in nested checkout {checkout} has {nlink} hard links: it can "
                "still "
                "be written by another name");
        w->failures++;
}

static void protect_dir(Watch *w, Checkout *c, const char *dir, const char *const *names, size_t n) {
        for (size_t i = 0; i < n; i++) {
                _cleanup_free_ char *p = join(dir, names[i]);
                if (p)
                        protect_file(w, c, p);
        }
}

static void protect_git(Watch *w, Checkout *c, const char *reason) {
        c->pending = false;
        w->n_pending--;
        drop_makers(c);
        unsigned failures = w->failures;
        /* Where git finds its metadata now, not where it was at discovery;
         * the metadata first (config, hooks: the window after git is the
         * time to these binds), then the policy's protects in the worktree,
         * held back while git ran. */
        (void) resolve_git(w, c);
        if (!c->gitdir) {
                bind_actions(w, c, true);
                return; /* gitdir-refused said why */
        }
        if (!c->linked)
                protect_dir(w, c, c->gitdir, git_metadata_protected, ELEMENTSOF(git_metadata_protected));
        /* The policy's own lines under .git, onto this gitdir; in a linked
         * worktree onto its common dir, where git reads them (the admin
         * dir's own files are git's to delete). */
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (!is_git_entry(a->path) || a->kind != PLATFORM_PROTECT || !a->path[4])
                        continue;
                const char *dir = !c->linked                     ? c->gitdir
                                  : git_common_name(a->path + 5) ? c->commondir
                                                                 : NULL;
                _cleanup_free_ char *p = dir ? join(dir, a->path + 5) : NULL;
                if (p)
                        protect_file(w, c, p);
        }
        /* A linked worktree shares config, hooks and info/ with its common
         * dir. */
        if (c->commondir)
                protect_dir(w, c, c->commondir, git_common_metadata_protected,
                            ELEMENTSOF(git_common_metadata_protected));
        bind_actions(w, c, true);
        audit(w, c);
        index_work(w, c);
        /* From now on a hook can only appear by a way around the bind, and
         * info/attributes only by being made: watch both. */
        const char *dirs[] = {c->linked ? NULL : c->gitdir, c->commondir};
        for (size_t d = 0; d < ELEMENTSOF(dirs); d++)
                for (size_t i = 0; dirs[d] && i < 2; i++) {
                        _cleanup_free_ char *p = join(dirs[d], i == 0 ? "hooks" : "info");
                        if (p && check_dir(w, p) == 0)
                                watch_dir(w, p);
                }

        unsigned failed = w->failures - failures;
        const LogField *f = LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("gitdir", c->gitdir),
                                       LOG_PATH("commondir", c->commondir), LOG_STR("reason", reason));
        if (w->c.binder->warn_only)
                log_event(w->c.log, LOG_INFO, "git-protected", f,
                          "path policy: checked the git metadata of nested checkout {checkout} ({reason}): "
                          "nothing "
                          "can be protected on this platform");
        else if (failed > 0)
                /* Never "protected" unless it is: each failure is a
                 * record of its own, and this says what it means. */
                log_event(
                        w->c.log, LOG_WARN, "git-unprotected",
                        LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("gitdir", c->gitdir),
                                   LOG_PATH("commondir", c->commondir), LOG_STR("reason", reason),
                                   LOG_INT("failed", failed)),
                        "path policy: the git metadata of nested checkout {checkout} is NOT fully protected "
                        "({reason}): {failed} path(s) could not be bound");
        else {
                w->stats.git_protected++;
                log_event(
                        w->c.log, LOG_INFO, "git-protected", f,
                        "path policy: protected the git metadata of nested checkout {checkout} ({reason})");
        }
}

/* Bind the policy's actions outside .git that exist in c: masks, and the
 * protects too when with_protects. A protect waits while the git that made
 * the checkout runs: git is still writing there (a clone checks out
 * .claude/ after making it), and a read-only bind would fail it. */
static void bind_actions(Watch *w, Checkout *c, bool with_protects) {
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (is_git_entry(a->path) || (a->kind == PLATFORM_PROTECT && !with_protects))
                        continue;
                _cleanup_free_ char *p = join(c->path, a->path);
                if (p)
                        bind_path(w, c, a->kind, p, false);
        }
}

/* ---- The index: tracked masked paths, tracked protected files. ---- */

/* The policy path of kind wanted (mask or protect) that path (relative to
 * c) is, or is below, and that is bound in c; NULL otherwise. */
/* Whether path is bound (a directory's key ends in '/'). */
static bool is_bound(Watch *w, const char *path) {
        char buf[PATH_MAX];
        if (hashmap_get(w->bound, path) == BOUND)
                return true;
        return snprintf(buf, sizeof buf, "%s/", path) < (int) sizeof buf &&
               hashmap_get(w->bound, buf) == BOUND;
}

static const PolicyAction *bound_action(Watch *w, const Checkout *c, const char *path, bool mask) {
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (is_git_entry(a->path) || (a->kind == PLATFORM_PROTECT) == mask)
                        continue;
                size_t n = strlen(a->path);
                while (n > 0 && a->path[n - 1] == '/')
                        n--;
                bool match =
                        w->c.fold_case ? strncasecmp(path, a->path, n) == 0 : strncmp(path, a->path, n) == 0;
                if (!match || (path[n] != 0 && path[n] != '/'))
                        continue;
                _cleanup_free_ char *p = join(c->path, a->path);
                if (p && p[0] && p[strlen(p) - 1] == '/')
                        p[strlen(p) - 1] = 0;
                if (p && is_bound(w, p))
                        return a;
        }
        return NULL;
}

typedef struct IndexCtx {
        Watch *w;
        Checkout *c;
        char *list;      /* the masked paths git is told to leave alone */
        bool needs_skip; /* a tracked masked path lacks skip-worktree */
        size_t hashed;   /* bytes of protected files hashed in this pass */
} IndexCtx;

static bool want_skip(void *ctx, const char *path) {
        IndexCtx *x = ctx;
        if (!bound_action(x->w, x->c, path, true))
                return false;
        audit_emit(&x->list, path);
        return true;
}

static void index_failed(Watch *w, Checkout *c, const char *index, int r, const char *what) {
        if (c->index_said == r)
                return;
        c->index_said = r;
        log_event(w->c.log, LOG_WARN, "index-failed",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", index), LOG_ERRNO(-r)),
                  "path policy: nested checkout {checkout}: %s {path}: %s", what,
                  r == -EOPNOTSUPP ? "a split or sparse index (not handled)"
                  : r == -EBADMSG  ? "not an index git wrote (or a bad checksum)"
                                   : strerror(-r));
}

/* A tracked masked path reads as /dev/null: to git, a file replaced by a
 * character device, which status shows and add, commit -a, stash and
 * reset refuse. Git is told to leave it alone the way git itself would
 * (update-index --skip-worktree): the bit set in the index, under
 * index.lock, by this process; git is never run (its config, hooks and
 * fsmonitor are the agent's). */
static void skip_masked(Watch *w, Checkout *c, const char *index, const uint8_t *buf, size_t n) {
        IndexCtx x = {.w = w, .c = c};
        _cleanup_free_ uint8_t *out = NULL;
        size_t out_n = 0;
        int r = git_index_skip_worktree(buf, n, want_skip, &x, &out, &out_n);
        _cleanup_free_ char *list = x.list;
        if (r <= 0) {
                if (r < 0)
                        index_failed(w, c, index, r, "cannot set skip-worktree in");
                return;
        }
        r = w->c.files->replace
                    ? w->c.files->replace(w->files, c->gitdir, "index", "index.lock", buf, n, out, out_n)
                    : -ENOSYS;
        if (r == -EEXIST || r == -ESTALE) {
                /* git holds its lock, or wrote a new index: that one is looked at again */
                log_event(w->c.log, LOG_DEBUG, "index-busy",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", index), LOG_ERRNO(-r)),
                          "path policy: {path} changed under us (%s): looked at again when git is done",
                          r == -EEXIST ? "index.lock held" : "rewritten");
                return;
        }
        if (r < 0) {
                index_failed(w, c, index, r, "cannot write");
                return;
        }
        c->index_said = 0;
        log_event(w->c.log, LOG_INFO, "skip-worktree",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", list ? list : "")),
                  "path policy: nested checkout {checkout} tracks masked {path}: set skip-worktree in its "
                  "index, so "
                  "git leaves it alone");
}

/* A tracked protected file that differs from what the index holds for it
 * (a checkout or pull could not write it: read-only) is said once, until it
 * matches again. */
static void check_entry(void *ctx, const GitIndexEntry *e) {
        IndexCtx *x = ctx;
        Watch *w = x->w;
        if (e->stage == 0 && !e->skip_worktree && !x->needs_skip && bound_action(w, x->c, e->path, true))
                x->needs_skip = true;
        if (e->stage != 0 || e->skip_worktree || (e->mode & 0170000) != 0100000 ||
            !bound_action(w, x->c, e->path, false))
                return;
        _cleanup_free_ char *p = join(x->c->path, e->path), *data = NULL;
        size_t n = 0;
        uint8_t oid[32];
        /* An index is the agent's to write, as often as it likes: a pass
         * hashes at most INDEX_HASH_BUDGET bytes, so no index can stall the
         * loop (the rest is looked at with the next write). */
        if (!p || x->hashed >= INDEX_HASH_BUDGET)
                return;
        int r = w->c.files->read_all(w->files, p, DIFFERS_MAX, &data, &n);
        x->hashed += r >= 0 ? n : 0;
        bool differs = r < 0;
        if (r >= 0) {
                git_blob_oid(e->algo, data, n, oid);
                differs = memcmp(oid, e->oid, (size_t) e->algo) != 0;
        }
        if (!differs) {
                hashmap_remove(w->differs, p);
                return;
        }
        if (hashmap_contains(w->differs, p) || hashmap_put(w->differs, p, (void *) 1) < 0)
                return;
        log_event(
                w->c.log, LOG_WARN, "protected-differs",
                LOG_FIELDS(LOG_PATH("checkout", x->c->path), LOG_PATH("path", p), LOG_ERRNO(r < 0 ? -r : 0)),
                "path policy: protected {path} in nested checkout {checkout} differs from what git has for "
                "it in "
                "the index (%s): git could not write it",
                r == -ENOENT ? "missing"
                : r < 0      ? strerror(-r)
                             : "other content");
}

static void forget_differs(Watch *w, const char *dir) {
        const char *key;
        void *v;
        for (size_t i = 0; w->differs && hashmap_next(w->differs, &i, &key, &v);)
                if (under(key, dir))
                        hashmap_remove(w->differs, key);
}

/* Read the index, say the protected files that differ from it, and, when
 * write, set skip-worktree where it is missing. Whether it is missing. */
static bool index_look(Watch *w, Checkout *c, bool write) {
        if (!c->gitdir || w->c.binder->warn_only || !w->c.files->read_all)
                return false;
        _cleanup_free_ char *index = join(c->gitdir, "index"), *buf = NULL;
        size_t n = 0;
        if (!index)
                return false;
        int r = w->c.files->read_all(w->files, index, INDEX_MAX, &buf, &n);
        if (r == -ENOENT)
                return false;
        if (r < 0) {
                index_failed(w, c, index, r, "cannot read");
                return false;
        }
        IndexCtx x = {.w = w, .c = c};
        r = git_index_entries((const uint8_t *) buf, n, check_entry, &x);
        if (r < 0) {
                index_failed(w, c, index, r, "cannot read");
                return false;
        }
        if (x.needs_skip && write)
                skip_masked(w, c, index, (const uint8_t *) buf, n);
        return x.needs_skip;
}

static void index_work(Watch *w, Checkout *c) {
        (void) index_look(w, c, true);
}

static void discover(Watch *w, const char *path, bool gitfile) {
        Checkout *c = hashmap_get(w->checkouts, path);
        if (c) {
                /* Seen again (a scan): where its metadata is may have
                 * changed meanwhile; a change runs the rule again. */
                c->gitfile = gitfile;
                if (resolve_git(w, c))
                        start_pending(w, c);
                return;
        }
        c = calloc(1, sizeof *c);
        if (!c || !(c->path = strdup(path)) || track(w, w->checkouts, path, c) < 0) {
                if (c)
                        free(c->path);
                free(c);
                return;
        }
        c->w = w;
        c->gitfile = gitfile;
        log_event(w->c.log, LOG_INFO, "checkout", LOG_FIELDS(LOG_PATH("checkout", c->path)),
                  "path policy: found nested checkout {checkout}");

        /* A .git file can be rewritten in place to name another gitdir. */
        if (gitfile)
                watch_dir(w, path);
        (void) resolve_git(w, c);
        /* Masks now, for what exists; protects once git is done. */
        start_pending(w, c);
        bind_actions(w, c, false);
}

/* Whether name, the first component below a gitdir or common dir, is
 * metadata the watcher binds: one appearing later runs the rule again. */
static bool metadata_name(const Watch *w, const char *name) {
        size_t n = strcspn(name, "/");
        static const char *const names[] = {"config", "hooks", "commondir", "config.worktree", "info"};
        for (size_t i = 0; i < ELEMENTSOF(names); i++)
                if (strlen(names[i]) == n && strncmp(names[i], name, n) == 0)
                        return true;
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const char *p = w->c.policy->actions[i].path;
                if (is_git_entry(p) && p[4] && strncmp(p + 5, name, n) == 0 &&
                    (p[5 + n] == 0 || p[5 + n] == '/'))
                        return true;
        }
        return false;
}

/* Whether name in dir (c's gitdir or common dir) holds metadata that
 * exists and is not bound: only then does the rule run again. An event
 * about what is bound already (git's own, still queued when protection
 * landed) changes nothing. */
static bool unbound_metadata(Watch *w, const Checkout *c, const char *dir, const char *name) {
        size_t n = strlen(name);
        /* What protect_git binds in dir: a repository's own gitdir, or a
         * linked worktree's common dir (never its admin dir). */
        bool own = !c->linked && streq_ptr(dir, c->gitdir), common = streq_ptr(dir, c->commondir);
        size_t nm = own      ? ELEMENTSOF(git_metadata_protected)
                    : common ? ELEMENTSOF(git_common_metadata_protected)
                             : 0;
        for (size_t i = 0; i < nm + w->c.policy->n; i++) {
                const char *m;
                if (i < nm)
                        m = own ? git_metadata_protected[i] : git_common_metadata_protected[i];
                else {
                        const PolicyAction *a = &w->c.policy->actions[i - nm];
                        if (!is_git_entry(a->path) || a->kind != PLATFORM_PROTECT || !a->path[4])
                                continue;
                        m = a->path + 5;
                        if (!own && !(common && c->linked && git_common_name(m)))
                                continue;
                }
                if (strncmp(m, name, n) != 0 || (m[n] != 0 && m[n] != '/'))
                        continue;
                _cleanup_free_ char *p = join(dir, m);
                PlatformBindInfo info;
                if (p && hashmap_get(w->bound, p) != BOUND &&
                    w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) != -ENOENT)
                        return true;
        }
        return false;
}

/* Something happened at rel, in a gitdir or common dir of some checkouts
 * (or above one): those that are protected run the rule again, those whose
 * gitdir or common dir went or moved are resolved again. */
static void git_dir_event(Watch *w, const char *rel, bool gone) {
        const char *slash = strrchr(rel, '/');
        const char *name = slash ? slash + 1 : rel;
        char dir[PATH_MAX], gdir[PATH_MAX];
        size_t dl = slash ? (size_t) (slash - rel) : 0;
        const char *key;
        void *v;

        /* This runs for every entry of every scan: no allocation, and
         * nothing at all while no checkout has a gitdir. */
        if (hashmap_size(w->dirs) == 0 || dl >= sizeof dir)
                return;
        memcpy(dir, rel, dl);
        dir[dl] = 0;
        /* One level down: hooks/ (watched once protected: a hook that
         * appears after the bind came by a way around it) and info/. */
        const char *up = strrchr(dir, '/'), *sub = up ? up + 1 : NULL;
        gdir[0] = 0;
        if (up) {
                memcpy(gdir, dir, (size_t) (up - dir));
                gdir[up - dir] = 0;
        }
        bool in_sub = !gone && up && hashmap_contains(w->dirs, gdir) &&
                      ((streq(sub, "hooks") && !git_audit_hook_is_sample(name)) ||
                       (streq(sub, "info") && streq(name, "attributes")));
        bool in_dir = hashmap_contains(w->dirs, dir) && metadata_name(w, name);
        bool above = gone && (hashmap_contains(w->dirs, rel) || hashmap_contains(w->below, rel));
        bool in_index = !gone && streq(name, "index") && hashmap_contains(w->dirs, dir);
        bool head = !gone && streq(name, "HEAD") && hashmap_contains(w->dirs, dir);
        if (!in_dir && !above && !in_sub && !in_index && !head)
                return;
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (above && (under(c->gitdir, rel) || under(c->commondir, rel))) {
                        /* The directory went, even if another is at its
                         * name already (renamed away and made again): its
                         * binds went with it. Whatever is there now is new:
                         * watched again, and protected again. */
                        (void) resolve_git(w, c);
                        watch_dir(w, c->gitdir);
                        watch_dir(w, c->commondir);
                        start_pending(w, c);
                } else if (in_dir && (streq_ptr(c->gitdir, dir) || streq_ptr(c->commondir, dir))) {
                        if (streq(name, "commondir") && resolve_git(w, c))
                                start_pending(w, c);
                        else if (unbound_metadata(w, c, dir, name))
                                start_pending(w, c);
                        else if (c->linked && !c->pending && streq(name, "config.worktree") &&
                                 streq_ptr(c->gitdir, dir)) {
                                /* Not bound (git deletes it with the
                                 * worktree): audited whenever it changes. */
                                _cleanup_free_ char *p = join(dir, name);
                                if (p)
                                        audit_config(w, c, p);
                        }
                } else if (head && c->released && streq_ptr(c->gitdir, dir)) {
                        /* A repository again, after its mounts were given
                         * back: whatever is in it now is protected again. */
                        c->released = false;
                        start_pending(w, c);
                        bind_actions(w, c, false);
                } else if (in_index && streq_ptr(c->gitdir, dir)) {
                        /* A git ran here: what decides where git looks (the
                         * .git file, commondir) is read again. A write
                         * through a second name or a shared mapping makes
                         * no event of its own, so it is not trusted to have
                         * stayed. */
                        if (resolve_git(w, c)) {
                                start_pending(w, c);
                                continue;
                        }
                        /* Read at once (reading never gets in git's way);
                         * written only once git is done, and only when a
                         * bit is missing: most index writes cost no /proc
                         * walk. */
                        if (!c->pending && !c->index_pending && index_look(w, c, false))
                                start_index_work(w, c);
                } else if (in_sub && (streq_ptr(c->gitdir, gdir) || streq_ptr(c->commondir, gdir))) {
                        if (streq(sub, "info"))
                                start_pending(w, c); /* info/attributes made later: bind it */
                        else if (!c->pending)
                                audit_hooks(w, c, dir);
                }
        }
}

static void on_found(void *userdata, const char *rel, WatchType type) {
        Watch *w = userdata;
        const char *slash = strrchr(rel, '/'), *name = slash ? slash + 1 : rel;

        if ((w->c.fold_case ? strcasecmp(name, ".git") : strcmp(name, ".git")) == 0 && slash) {
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                if (!parent)
                        return;
                if (type == WATCH_SYMLINK && !hashmap_contains(w->bound, rel)) {
                        /* git follows it, so to git this is a checkout: its
                         * policy paths are bound like any other's. Its git
                         * metadata is not (it lies through a symlink), and
                         * resolve_git says so too. */
                        (void) track(w, w->bound, rel, FAILED);
                        log_event(w->c.log, LOG_WARN, "symlink-git", LOG_FIELDS(LOG_PATH("path", rel)),
                                  "path policy: {path} is a symlink named .git: git follows it, the watcher "
                                  "does "
                                  "not; the checkout's policy paths are bound, its git metadata is not "
                                  "protected");
                }
                if (type == WATCH_DIR || type == WATCH_FILE || type == WATCH_SYMLINK)
                        discover(w, parent, type == WATCH_FILE);
        }

        /* A missing gitdir or common dir, or a directory on the way to it. */
        if (type == WATCH_DIR && hashmap_size(w->wanted) > 0 && hashmap_contains(w->wanted, rel)) {
                const char *key;
                void *v;
                bool resolved = false;
                for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                        Checkout *c = v;
                        if (streq_ptr(c->wanted, rel) && resolve_git(w, c)) {
                                start_pending(w, c);
                                resolved = true;
                        }
                }
                if (!resolved)
                        watch_dir(w, rel);
        }

        git_dir_event(w, rel, false);

        /* Every checkout that holds rel, innermost or not: each is a root.
         * This runs for every entry of every scan: no allocation here. */
        if (hashmap_size(w->checkouts) == 0)
                return;
        char buf[PATH_MAX];
        size_t len = strlen(rel);
        if (len >= sizeof buf)
                return;
        memcpy(buf, rel, len + 1);
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                *s = 0;
                Checkout *c = hashmap_get(w->checkouts, buf);
                *s = '/';
                if (!c)
                        continue;
                const char *sub = rel + (s - buf) + 1;
                if ((w->c.fold_case ? strncasecmp(sub, ".git", 4) : strncmp(sub, ".git", 4)) == 0 &&
                    (sub[4] == 0 || sub[4] == '/'))
                        continue; /* git's own: git_dir_event */
                for (size_t i = 0; i < w->c.policy->n; i++) {
                        const PolicyAction *a = &w->c.policy->actions[i];
                        if (is_git_entry(a->path) || !entry_same_path_fold(a->path, sub, w->c.fold_case))
                                continue;
                        /* Masks never wait; a protect waits for git (see bind_actions). */
                        if (a->kind == PLATFORM_PROTECT && c->pending)
                                continue;
                        _cleanup_free_ char *as = join(c->path, a->path);
                        bind_path_as(w, c, a->kind, rel, as ? as : rel, false);
                }
        }
}

static void on_changed(void *userdata, const char *rel) {
        Watch *w = userdata;
        const char *slash = strrchr(rel, '/');

        /* A bound config written all the same (a descriptor from before the
         * bind): audited again, so what it now makes git run is said. */
        if (slash && (streq(slash + 1, "config") || streq(slash + 1, "config.worktree")) &&
            hashmap_get(w->bound, rel) == BOUND) {
                _cleanup_free_ char *dir = strndup(rel, (size_t) (slash - rel));
                const char *key;
                void *v;
                for (size_t i = 0; dir && hashmap_next(w->checkouts, &i, &key, &v);) {
                        Checkout *c = v;
                        if (streq_ptr(c->gitdir, dir) || streq_ptr(c->commondir, dir)) {
                                audit_config(w, c, rel);
                                break;
                        }
                }
        }

        if (slash && streq(slash + 1, ".git")) {
                /* A .git file rewritten in place: follow it. */
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                Checkout *c = parent ? hashmap_get(w->checkouts, parent) : NULL;
                if (c && c->gitfile && resolve_git(w, c))
                        start_pending(w, c);
                return;
        }
        git_dir_event(w, rel, false);
}

/* Forget rel and everything below it in map; free Checkouts with it. */
static void forget(Watch *w, Hashmap *map, const char *rel, bool checkouts) {
        size_t n = strlen(rel);
        const char *key;
        void *v;

        /* Nothing tracked is rel or below it: the common case, at once. */
        if (n > 0 && !hashmap_contains(map, rel) && !hashmap_contains(w->below, rel))
                return;
        for (size_t i = 0; hashmap_next(map, &i, &key, &v);) {
                if (strncmp(key, rel, n) != 0 || (key[n] != 0 && key[n] != '/' && n > 0))
                        continue;
                _cleanup_free_ char *k = strdup(key);
                if (!k)
                        return;
                untrack(w, map, k);
                if (checkouts)
                        checkout_free(w, v);
                else if (map == w->bound)
                        drop_mount(w, k);
        }
}

/* ---- A deleted checkout gives its mounts back. ---- */

/* Whether something under dir (not dir itself) is bound. */
static bool binds_below(Watch *w, const char *dir) {
        size_t n = strlen(dir);
        const char *key;
        void *v;
        if (!hashmap_contains(w->below, dir))
                return false;
        for (size_t i = 0; hashmap_next(w->bound, &i, &key, &v);)
                if (v == BOUND && strncmp(key, dir, n) == 0 && key[n] == '/')
                        return true;
        return false;
}

static void collect_name(void *ctx, const char *name) {
        char ***v = ctx;
        size_t n = 0;
        if (!*v)
                return;
        while ((*v)[n])
                n++;
        char **nv = realloc(*v, (n + 2) * sizeof *nv);
        if (!nv || !(nv[n] = strdup(name))) {
                if (nv)
                        nv[n] = NULL;
                strv_free(nv ? nv : *v);
                *v = NULL;
                return;
        }
        nv[n + 1] = NULL;
        *v = nv;
}

/* Whether dir holds nothing but our mounts and the directories on the way
 * to them (no symlink among them): all the rest is gone. A checkout still
 * a repository never is: its HEAD is no mount of ours. */
static bool only_mounts(Watch *w, const char *dir, unsigned depth) {
        char **names = calloc(1, sizeof *names);
        bool ok = names && depth < 64 && w->c.files->list &&
                  w->c.files->list(w->files, dir, collect_name, &names) == 0 && names;
        for (char **e = names; ok && *e; e++) {
                _cleanup_free_ char *p = join(dir, *e);
                ok = p && (is_bound(w, p) ||
                           (binds_below(w, p) && check_dir(w, p) == 0 && only_mounts(w, p, depth + 1)));
        }
        strv_free(names);
        return ok;
}

static int by_depth(const void *a, const void *b) {
        size_t x = strlen(*(char *const *) a), y = strlen(*(char *const *) b);
        return x < y ? 1 : x > y ? -1 : strcmp(*(char *const *) a, *(char *const *) b);
}

/* Give back every mount under dir, the deepest first. A mask's content
 * is discarded first, through a view without the mount (discard): what
 * rm asked to delete must not become readable as the mask goes. Through
 * the binder's unbind, which detaches only what it proves, on an fd, to
 * be the very mount it made. */
static void release_tree(Watch *w, const char *dir) {
        size_t n = strlen(dir), k = 0, released = 0, discarded = 0, kept = 0;
        const char *key;
        void *v;

        for (size_t i = 0; hashmap_next(w->bound, &i, &key, &v);)
                k += v == BOUND && strncmp(key, dir, n) == 0 && key[n] == '/';
        _cleanup_free_ char **keys = calloc(k + 1, sizeof *keys);
        if (!keys)
                return;
        k = 0;
        for (size_t i = 0; hashmap_next(w->bound, &i, &key, &v);)
                if (v == BOUND && strncmp(key, dir, n) == 0 && key[n] == '/')
                        keys[k++] = strdup(key);
        qsort(keys, k, sizeof *keys, by_depth);
        for (size_t i = 0; i < k; i++) {
                _cleanup_free_ char *p = keys[i];
                WatchMount *m = p ? hashmap_get(w->made, p) : NULL;
                int r = m ? 0 : -ENOENT;
                /* Only the very mount made at p, still at p: a rename may
                 * have put another checkout's mask here, or taken ours
                 * elsewhere, where giving it back would show a secret. */
                if (m && m->kind != PLATFORM_PROTECT) {
                        r = w->c.files->discard ? w->c.files->discard(w->files, p, m->info.mount_id)
                                                : -ENOSYS;
                        discarded += r > 0;
                }
                if (r >= 0) {
                        m->info.in_place = true;
                        r = w->c.binder->unbind(w->binder, &m->info);
                }
                if (r < 0) {
                        /* Not ours (there before us), or not provably
                         * ours, or its content could not be discarded:
                         * it stays bound, and is said. */
                        kept++;
                        log_event(w->c.log, LOG_WARN, "mount-kept",
                                  LOG_FIELDS(LOG_PATH("path", p), LOG_ERRNO(m ? -r : 0),
                                             LOG_SHOW("shown", p ? p : "")),
                                  "path policy: {shown} stays bound: %s",
                                  !m ? "not a mount this daemon made" : strerror(-r));
                        continue;
                }
                free(hashmap_remove(w->made, p));
                untrack(w, w->bound, p);
                w->mounts--;
                released++;
        }
        const char *fkey;
        for (size_t i = 0; hashmap_next(w->former, &i, &fkey, &v);)
                if (under(fkey, dir))
                        hashmap_remove(w->former, fkey);
        /* A checkout given back is no repository; if it becomes one again
         * (a HEAD in its gitdir), it is protected again. */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &fkey, &v);)
                if (under(fkey, dir) || (((Checkout *) v)->gitdir && under(((Checkout *) v)->gitdir, dir)))
                        ((Checkout *) v)->released = true;
        if (released == 0 && kept == 0)
                return;
        log_event(w->c.log, kept ? LOG_WARN : LOG_INFO, "mounts-released",
                  LOG_FIELDS(LOG_PATH("checkout", dir), LOG_INT("released", released),
                             LOG_INT("discarded", discarded), LOG_INT("kept", kept)),
                  "path policy: {checkout} has nothing left but the daemon's mounts: gave {released} back "
                  "({discarded} masked content(s) discarded first)%s",
                  kept ? "; some stay bound" : "");
}

static void release_cb(void *userdata) {
        Watch *w = userdata;
        const char *key;
        void *v;
        size_t n = hashmap_size(w->emptied), k = 0;
        _cleanup_free_ char **dirs = calloc(n + 1, sizeof *dirs);
        if (!dirs)
                return;
        for (size_t i = 0; hashmap_next(w->emptied, &i, &key, &v);)
                dirs[k++] = strdup(key);
        for (size_t i = 0; hashmap_next(w->emptied, &i, &key, &v);)
                hashmap_remove(w->emptied, key);
        /* The outermost first: once it is given back, nothing is below. */
        qsort(dirs, k, sizeof *dirs, by_depth);
        for (size_t i = k; i-- > 0;) {
                _cleanup_free_ char *d = dirs[i];
                if (d && binds_below(w, d) && only_mounts(w, d, 0))
                        release_tree(w, d);
        }
}

/* Something went at rel: each checkout (or one gone, or a gitdir or
 * common dir) above it may have nothing left but our mounts now. Looked
 * at once the events in hand are handled: rm -rf is thousands of them. */
static void maybe_emptied(Watch *w, const char *rel) {
        char buf[PATH_MAX];
        size_t len = strlen(rel);
        bool any = false;
        if (len >= sizeof buf || hashmap_size(w->made) == 0)
                return;
        memcpy(buf, rel, len + 1);
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                *s = 0;
                if ((hashmap_contains(w->checkouts, buf) || hashmap_contains(w->former, buf) ||
                     hashmap_contains(w->dirs, buf)) &&
                    hashmap_contains(w->below, buf) && hashmap_put(w->emptied, buf, (void *) 1) >= 0)
                        any = true;
                *s = '/';
        }
        if (any && !w->c.clock->timer_active(w->release_timer))
                w->c.clock->timer_start(w->release_timer, w->c.git_check_ms, 0);
}

static void on_gone(void *userdata, const char *rel) {
        Watch *w = userdata;
        const char *key;
        void *v;
        /* The rename of our own renew (a copy put over a file just before
         * its bind) is reported after the bind: the name is not gone, our
         * mount is on it. Nothing else can rename over a bound name. */
        WatchMount *mine = hashmap_size(w->made) > 0 ? hashmap_get(w->made, rel) : NULL;
        PlatformBindInfo now;
        if (mine && hashmap_get(w->bound, rel) == BOUND &&
            w->c.binder->check(w->binder, mine->kind, rel, &now) == 0 && now.mount_id == mine->info.mount_id)
                return;
        forget(w, w->checkouts, rel, true);
        forget(w, w->bound, rel, false);
        for (size_t i = 0; hashmap_size(w->former) > 0 && hashmap_next(w->former, &i, &key, &v);)
                if (under(key, rel))
                        hashmap_remove(w->former, key);
        /* Its .git gone: the directory is no checkout any more. What is
         * still bound in it is given back once nothing else is left. */
        const char *slash = strrchr(rel, '/');
        if (slash && streq(slash + 1, ".git")) {
                _cleanup_free_ char *parent = strndup(rel, (size_t) (slash - rel));
                Checkout *c = parent ? untrack(w, w->checkouts, parent) : NULL;
                if (c)
                        checkout_free(w, c);
                if (parent && binds_below(w, parent))
                        (void) hashmap_put(w->former, parent, (void *) 1);
        }
        /* The copy our renew renamed over a file it then bound is no
         * content that went: a directory holding just that bind (a new
         * .git with only a config) is no leftover of a deletion. */
        const char *base = slash ? slash + 1 : rel;
        if (strncmp(base, PLATFORM_RENEW_PREFIX, strlen(PLATFORM_RENEW_PREFIX)) != 0)
                maybe_emptied(w, rel);
        /* A gitdir or common dir gone or renamed away, or a file in one. */
        git_dir_event(w, rel, true);
}

static void on_rescan(void *userdata) {
        Watch *w = userdata;
        log_event(w->c.log, LOG_WARN, "rescan", NULL,
                  "path policy: the watcher lost events (queue overflow): scanning everything again");
        forget(w, w->checkouts, "", true);
        forget(w, w->bound, "", false);
        /* What was bound stays bound, but is no longer known as ours: a
         * mount found again is "already bound", and is not given back. */
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->former, &i, &key, &v);)
                hashmap_remove(w->former, key);
}

static void on_ready(void *userdata) {
        Watch *w = userdata;
        log_event(w->c.log, LOG_INFO, "watch-ready",
                  LOG_FIELDS(LOG_INT("checkouts", hashmap_size(w->checkouts))),
                  "path policy: watching %s: {checkouts} nested checkout(s)", w->c.root);
}

static void on_warn(void *userdata, const char *rel, int err, const char *what) {
        Watch *w = userdata;
        _cleanup_free_ char *shown = escape_for_display(rel);
        if (!shown)
                return;
        /* A path near PATH_MAX would push the reason out of the line: the
         * line shows its two ends, the record's path field all of it. */
        size_t n = strlen(shown);
        if (n > 400) {
                memmove(shown + 200, "...", 3);
                memmove(shown + 203, shown + n - 200, 201);
        }
        log_event(w->c.log, LOG_WARN, "watch-warning", LOG_FIELDS(LOG_PATH("path", rel), LOG_ERRNO(err)),
                  "path policy: %s: %s%s{errno}", shown[0] ? shown : ".", what, err ? ": " : "");
}

static void on_pass(void *userdata, size_t entries, unsigned ticks) {
        Watch *w = userdata;
        log_event(w->c.log, LOG_DEBUG, "poll-pass",
                  LOG_FIELDS(LOG_INT("entries", entries), LOG_INT("ticks", ticks)),
                  "path policy: walked {entries} entries in {ticks} tick(s)");
}

const WatchCallbacks watch_callbacks = {
        .pass = on_pass,
        .found = on_found,
        .gone = on_gone,
        .changed = on_changed,
        .rescan = on_rescan,
        .ready = on_ready,
        .warn = on_warn,
};

int watch_new(const WatchConfig *c, Watch **ret) {
        Watch *w = calloc(1, sizeof *w);
        int r;

        if (!w)
                return -ENOMEM;
        w->c = *c;
        /* The root's absolute name, to compare with the absolute gitdir
         * lines git writes (symlinks resolved, as here): the name of the
         * directory opened, not of the string resolved again. Nothing is
         * mounted through it: the binder opens the root itself. */
        _cleanup_close_ int root_fd = open(c->root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        int e = root_fd < 0 ? -errno : platform_fd_path(root_fd, &w->root_abs);
        w->checkouts = hashmap_new();
        w->bound = hashmap_new();
        w->below = hashmap_new();
        w->dirs = hashmap_new();
        w->wanted = hashmap_new();
        w->made = hashmap_new();
        w->former = hashmap_new();
        w->emptied = hashmap_new();
        w->differs = hashmap_new();
        if (!w->root_abs || !w->checkouts || !w->bound || !w->below || !w->dirs || !w->wanted || !w->made ||
            !w->former || !w->emptied || !w->differs) {
                r = e < 0 ? e : -ENOMEM;
                watch_free(w);
                return r;
        }
        r = c->binder->open(c->root, &w->binder);
        if (r < 0) {
                w->binder = NULL;
                watch_free(w);
                return r;
        }
        r = c->files->open(c->root, &w->files);
        if (r < 0) {
                w->files = NULL;
                watch_free(w);
                return r;
        }
        if (!w->c.clock) {
                w->c.clock = &loop_clock;
                w->c.clock_data = c->loop;
        }
        r = w->c.clock->timer_new(w->c.clock_data, timer_cb, w, &w->timer);
        if (r >= 0)
                r = w->c.clock->timer_new(w->c.clock_data, release_cb, w, &w->release_timer);
        if (r < 0) {
                w->c.clock->timer_free(w->timer);
                watch_free(w);
                return r;
        }
        *ret = w;
        return 0;
}

void watch_set_watcher(Watch *w, const WatcherOps *ops, void *watcher) {
        w->wops = ops;
        w->watcher = watcher;
}

void watch_stop(Watch *w) {
        const char *key;
        void *v;
        /* The makers' handles close with the loop. */
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);)
                drop_makers(v);
        w->c.clock->timer_free(w->timer);
        w->c.clock->timer_free(w->release_timer);
        w->timer = w->release_timer = NULL;
}

void watch_free(Watch *w) {
        if (!w)
                return;
        if (w->checkouts) {
                forget(w, w->checkouts, "", true);
                hashmap_free(w->checkouts);
        }
        if (w->bound)
                forget(w, w->bound, "", false);
        hashmap_free(w->bound);
        hashmap_free(w->below);
        hashmap_free(w->dirs);
        hashmap_free(w->wanted);
        hashmap_free(w->made); /* emptied by forget(bound) */
        hashmap_free(w->former);
        hashmap_free(w->emptied);
        hashmap_free(w->differs);
        if (w->binder)
                w->c.binder->close(w->binder);
        if (w->files)
                w->c.files->close(w->files);
        free(w->root_abs);
        free(w);
}

uv_loop_t *watch_loop(const Watch *w) {
        return w->c.loop;
}

void watch_stats(const Watch *w, WatchStats *ret) {
        *ret = w->stats;
        ret->checkouts = hashmap_size(w->checkouts);
        ret->bound = hashmap_size(w->bound);
        ret->pending = w->n_pending;
        ret->mounts = w->mounts;
}

bool watch_is_checkout(const Watch *w, const char *rel) {
        return hashmap_contains(w->checkouts, rel);
}
