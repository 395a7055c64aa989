/* SPDX-License-Identifier: MIT */
#include "judge-run.h"

#include <fcntl.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>

#include "array.h"
#include "case-ask.h"
#include "hashmap.h"
#include "judge-client.h"
#include "util.h"

/* A verdict as a path's lookup made it, for any access. */
typedef struct Cached {
        char *key; /* 'g' (a search) or '-', then the path as the call made it absolute */
        JudgeVerdict v;
        bool searched_dir;
} Cached;

struct Judge {
        JudgeConfig c;
        char *root; /* absolute, no symlink in it, no trailing '/' ("" for "/") */
        size_t root_len;
        int root_fd;
        /* A run without a state file: this process's. */
        Hashmap *said, *paths;
        bool capped;
        /* The lookups cached since the last change (c.cache): NULL when
         * nothing is, the OS cannot tell a change, or it failed to. */
        PlatformChanges *changes;
        Hashmap *cache;     /* key -> Cached */
        size_t cache_bytes; /* what the lookups in cache hold (JUDGE_CACHE_BYTES) */
        Hashmap *watched;   /* the directories watched, relative to the root ("" the root) */
        char *home;         /* "~" from the passwd entry, once looked up (client_home) */
        CaseAsked asked;    /* which entries' names fold, as the filesystem says (case-ask.h) */
};

static void hashmap_freep_(Hashmap **m) {
        hashmap_free(*m);
}

int judge_new(const JudgeConfig *c, Judge **ret) {
        /* The root opened once; its absolute name is the one of the
         * directory held, not of the string resolved again. */
        _cleanup_close_ int root_fd = open(c->root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        _cleanup_free_ char *root = NULL;
        if (root_fd < 0)
                return -errno;
        int r = platform_fd_path(root_fd, &root);
        if (r < 0)
                return r;
        Judge *j = calloc(1, sizeof *j);
        if (!j)
                return -ENOMEM;
        j->c = *c;
        j->root_fd = -EBADF;
        j->asked.forced = c->fold_case;
        if (j->c.cap == 0)
                j->c.cap = JUDGE_CAP_DEFAULT;
        j->said = hashmap_new();
        j->paths = hashmap_new();
        if (!j->said || !j->paths) {
                judge_free(j);
                return -ENOMEM;
        }
        j->root_fd = TAKE_FD(root_fd);
        if (streq(root, "/"))
                root[0] = 0;
        j->root_len = strlen(root);
        j->root = TAKE_PTR(root);
        /* Without a way to learn of changes, every call asks the disk:
         * said, unless the backend has none at all (the poll backend). */
        r = c->cache ? platform_changes_new(&j->changes) : -ENOSYS;
        if (r < 0 && r != -ENOSYS)
                log_event(c->log, LOG_WARN, "judge-failed", LOG_FIELDS(LOG_ERRNO(r)),
                          "path policy: judge: cannot watch for changes: {errno}; every call asks the disk");
        if (r >= 0 && (!(j->cache = hashmap_new_borrowed()) || !(j->watched = hashmap_new()))) {
                judge_free(j);
                return -ENOMEM;
        }
        *ret = j;
        return 0;
}

static void cache_drop(Hashmap *cache) {
        if (!cache)
                return;
        size_t i = 0;
        const char *key;
        void *value;
        while (hashmap_next(cache, &i, &key, &value)) {
                Cached *c = value;
                judge_verdict_done(&c->v);
                free(c->key);
                free(c);
        }
        hashmap_free(cache);
}

/* From now on every call asks the disk. */
static void cache_off(Judge *j) {
        cache_drop(TAKE_PTR(j->cache));
        hashmap_free(TAKE_PTR(j->watched));
        platform_changes_free(TAKE_PTR(j->changes));
}

/* Every cached lookup dropped, and with forget_watches the record of the
 * watches too (the OS has dropped them). */
static int cache_reset(Judge *j, bool forget_watches) {
        cache_drop(j->cache);
        case_asked_reset(&j->asked); /* a directory made since may fold */
        j->cache = hashmap_new_borrowed();
        j->cache_bytes = 0;
        if (forget_watches) {
                hashmap_free(j->watched);
                j->watched = hashmap_new();
        }
        if (j->cache && j->watched)
                return 0;
        cache_off(j);
        return -ENOMEM;
}

int judge_sync(Judge *j) {
        if (!j->changes)
                return 0;
        int r = platform_changes_check(j->changes);
        if (r > 0) /* every watch is gone with the change */
                return cache_reset(j, true);
        if (r < 0)
                cache_off(j); /* no telling any more */
        return r;
}

void judge_free(Judge *j) {
        if (!j)
                return;
        cache_off(j);
        hashmap_free(j->said);
        hashmap_free(j->paths);
        if (j->root_fd >= 0)
                close(j->root_fd);
        free(j->root);
        free(j->home);
        case_asked_done(&j->asked);
        free(j);
}

const Policy *judge_policy(const Judge *j) {
        return j->c.policy;
}

int judge_root_fd(const Judge *j) {
        return j->root_fd;
}

size_t judge_walk_max(const Judge *j) {
        return j->c.walk_max ? j->c.walk_max : JUDGE_WALK_MAX;
}

const bool *judge_entry_folds(Judge *j) {
        return case_asked_entries(&j->asked, j->c.policy, j->root);
}

void judge_verdict_done(JudgeVerdict *v) {
        free(v->path);
        free(v->checkout);
        free(v->above);
        *v = (JudgeVerdict){0};
}

/* ---- where a path lands ---- */

typedef struct Buf {
        char *s;
        size_t n, allocated;
} Buf;

static int buf_put(Buf *b, const char *s, size_t n) {
        if (ARRAY_GROW(b->s, b->allocated, b->n + n + 1) < 0)
                return -ENOMEM;
        memcpy(b->s + b->n, s, n);
        b->n += n;
        b->s[b->n] = 0;
        return 0;
}

/*
 * The directory of path (absolute, no symlink and no ".." in it) and its
 * last component, for the *at() calls: the root's fd and the rest when
 * path is below the root (the kernel walks fewer components), else
 * AT_FDCWD and path itself when it fits one call, else the directory
 * opened a piece shorter than PATH_MAX at a time, no symlink followed. A
 * path the kernel reached through links (a link's target is only its own
 * length) may be longer than any one call takes; its verdict must not
 * change for that. *ret_fd is AT_FDCWD, the root's, or one to close
 * (at_done()).
 */
static int at_dir(const Judge *j, const char *path, int *ret_fd, const char **ret_name) {
        size_t n = strlen(j->root);
        if (strncmp(path, j->root, n) == 0 && path[n] == '/' && path[n + 1] &&
            strlen(path + n + 1) < PATH_MAX) {
                *ret_fd = j->root_fd;
                *ret_name = path + n + 1;
                return 0;
        }
        if (strlen(path) < PATH_MAX) {
                *ret_fd = AT_FDCWD;
                *ret_name = path;
                return 0;
        }
        const char *last = strrchr(path, '/');
        _cleanup_close_ int fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
                return -errno;
        for (const char *p = path; p < last;) {
                while (*p == '/')
                        p++;
                if (p >= last)
                        break;
                /* The longest run of whole components that fits, up to last. */
                const char *e = strchrnul(p, '/');
                while (e < last) {
                        const char *c = strchrnul(e + 1, '/');
                        if ((size_t) (c - p) >= PATH_MAX)
                                break;
                        e = c;
                }
                if ((size_t) (e - p) >= PATH_MAX)
                        return -ENAMETOOLONG;
                _cleanup_free_ char *piece = strndup(p, (size_t) (e - p));
                int next, r;
                if (!piece)
                        return -ENOMEM;
                if ((r = platform_open_beneath(fd, piece, O_PATH | O_DIRECTORY, &next)) < 0)
                        return r;
                close(fd);
                fd = next;
                p = e;
        }
        *ret_fd = TAKE_FD(fd);
        *ret_name = last + 1;
        return 0;
}

static void at_done(const Judge *j, int fd) {
        if (fd >= 0 && fd != j->root_fd)
                close(fd);
}

/* lstat(2) of a path of any length. */
static int lstat_any(const Judge *j, const char *path, struct stat *st) {
        const char *name;
        int fd, r = at_dir(j, path, &fd, &name);
        if (r < 0) {
                errno = -r;
                return -1;
        }
        r = fstatat(fd, name, st, AT_SYMLINK_NOFOLLOW);
        int e = errno;
        at_done(j, fd);
        errno = e;
        return r;
}

/* The target of the symlink at path, whatever its length (the path's and
 * the target's). */
static char *read_link(const Judge *j, const char *path) {
        const char *name;
        int fd, r = at_dir(j, path, &fd, &name);
        if (r < 0) {
                errno = -r;
                return NULL;
        }
        for (size_t size = 256; size <= 1u << 20; size *= 2) {
                char *t = malloc(size);
                ssize_t k = t ? readlinkat(fd, name, t, size) : -1;
                if (k >= 0 && (size_t) k < size) {
                        t[k] = 0;
                        at_done(j, fd);
                        return t;
                }
                int e = errno;
                free(t);
                if (k < 0) {
                        at_done(j, fd);
                        errno = e;
                        return NULL;
                }
        }
        at_done(j, fd);
        errno = ENAMETOOLONG;
        return NULL;
}

/*
 * The common case in one lookup: a path below the root with no ".." lands
 * where it says when the platform's probe finds no symlink on the way:
 * none at all (it exists), or none before the first component that is
 * missing or not a directory (the rest is taken as written, as walk()
 * does). 1 with *ret the path cleaned ("//", "/./" gone), 0 when the walk
 * must decide, -ENOMEM.
 */
static int plain(const Judge *j, const char *abs, char **ret) {
        size_t n = strlen(j->root);
        const char *rel = abs + n;

        if (strncmp(abs, j->root, n) != 0 || rel[0] != '/')
                return 0;
        while (*rel == '/')
                rel++;
        if (!*rel)
                return 0;
        int r = platform_probe_beneath(j->root_fd, rel);
        if (r < 0 && r != -ENOENT && r != -ENOTDIR)
                return 0;
        Buf b = {0};
        if (buf_put(&b, j->root, n) < 0)
                return -ENOMEM;
        for (const char *p = rel; *p;) {
                const char *end = strchrnul(p, '/');
                if (!(end - p == 1 && p[0] == '.') &&
                    (buf_put(&b, "/", 1) < 0 || buf_put(&b, p, (size_t) (end - p)) < 0)) {
                        free(b.s);
                        return -ENOMEM;
                }
                while (*end == '/')
                        end++;
                p = end;
        }
        *ret = b.s;
        return 1;
}

/*
 * Watch the directories a lookup of abs goes through, before it: the root,
 * then each directory above the last component, a parent before its child
 * (so a child swapped after its parent is watched is a change seen). 0
 * when a verdict on abs may be cached: every one that exists is watched
 * (one missing, or not a directory, ends it: its parent sees it made);
 * -errno when not.
 */
static int watch_prefixes(Judge *j, const char *abs) {
        const char *rel = abs + j->root_len;
        char dir[PATH_MAX] = "";
        size_t n = 0;
        int r;

        if (strncmp(abs, j->root, j->root_len) != 0 || rel[0] != '/')
                return -EXDEV;
        for (const char *p = rel;;) {
                if (!hashmap_contains(j->watched, dir)) {
                        if (hashmap_size(j->watched) >= JUDGE_CACHE_MAX)
                                return -ENOSPC; /* as many as paths kept: no more */
                        r = platform_changes_watch(j->changes, j->root_fd, dir);
                        if (n > 0 && (r == -ENOENT || r == -ENOTDIR))
                                return 0; /* its parent is watched */
                        if (r < 0)
                                return r;
                        if (hashmap_put(j->watched, dir, (void *) 1) < 0)
                                return -ENOMEM;
                }
                while (*p == '/')
                        p++;
                const char *end = strchrnul(p, '/');
                size_t len = (size_t) (end - p);
                if (!*end)
                        return 0; /* the last component: looked up, not in */
                if (len == 2 && p[0] == '.' && p[1] == '.')
                        return -EXDEV; /* walked, never cached */
                if (!(len == 1 && p[0] == '.')) {
                        if (n + len + 2 > sizeof dir)
                                return -ENAMETOOLONG;
                        if (n > 0)
                                dir[n++] = '/';
                        memcpy(dir + n, p, len);
                        n += len;
                        dir[n] = 0;
                }
                p = end;
        }
}

/* Watch the directory that is the first n bytes of s (absolute) before a
 * lookup in it, while the walk's verdict may still be kept
 * (*cacheable): only one that goes through watched directories alone, at
 * or below the root, can be. */
static void watch_dir(Judge *j, const char *s, size_t n, bool *cacheable) {
        char dir[PATH_MAX];
        size_t k = j->root_len;

        if (!*cacheable)
                return;
        *cacheable = false;
        if (n < k || strncmp(s, j->root, k) != 0 || (n > k && s[k] != '/') || n - k >= sizeof dir)
                return;
        size_t m = n > k ? n - k - 1 : 0;
        memcpy(dir, s + n - m, m);
        dir[m] = 0;
        if (!hashmap_contains(j->watched, dir)) {
                if (hashmap_size(j->watched) >= JUDGE_CACHE_MAX ||
                    platform_changes_watch(j->changes, j->root_fd, dir) < 0 ||
                    hashmap_put(j->watched, dir, (void *) 1) < 0)
                        return;
        }
        *cacheable = true;
}

/*
 * Walk the absolute path as the kernel would, nothing followed blindly:
 * *ret is where it lands, absolute, without a symlink in it (as far as it
 * exists). After a symlink or a "..", what is left may be plain() again:
 * one probe then answers for the rest. Each directory looked up in is
 * watched first, while *cacheable holds (watch_dir()). -ELOOP past
 * JUDGE_SYMLINK_HOPS, -ENOMEM.
 */
static int walk(Judge *j, const char *path, char **ret, bool *cacheable) {
        _cleanup_free_ char *rest = strdup(path);
        const char *root = j->root;
        Buf res = {0};
        unsigned hops = 0;
        bool gone = false, again = false;
        int r = 0;
        size_t n = strlen(root);

        /* Below the root, from the root: it is a real path already (no
         * symlink in it), so its own components need no look. */
        bool below = strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == 0);
        if (!rest || buf_put(&res, below ? root : "", below ? n : 0) < 0) {
                free(res.s);
                return -ENOMEM;
        }
        for (char *p = rest + (below ? n : 0); r >= 0;) {
                while (*p == '/')
                        p++;
                if (!*p)
                        break;
                if (again && !gone) {
                        _cleanup_free_ char *rest_of = NULL;
                        char *landed = NULL;
                        again = false;
                        if (asprintf(&rest_of, "%s/%s", res.s, p) < 0) {
                                r = -ENOMEM;
                                break;
                        }
                        if (*cacheable && watch_prefixes(j, rest_of) < 0)
                                *cacheable = false;
                        if ((r = plain(j, rest_of, &landed)) < 0)
                                break;
                        if (r > 0) {
                                free(res.s);
                                res = (Buf){.s = landed, .n = strlen(landed)};
                                r = 0;
                                break;
                        }
                }
                char *end = strchrnul(p, '/');
                size_t len = (size_t) (end - p), before = res.n;
                if (len == 1 && p[0] == '.') {
                        p = end;
                        continue;
                }
                if (len == 2 && p[0] == '.' && p[1] == '.') {
                        /* After a component that is missing or no directory,
                         * the rest is taken as written: a '..' then leads back
                         * into directories this walk never looked in, nor
                         * watched, and the verdict looks in them (a .git in
                         * each, lookup()). Never kept. */
                        if (gone)
                                *cacheable = false;
                        /* Out of the directory reached so far ("/.." is "/"). */
                        while (res.n > 0 && res.s[res.n - 1] != '/')
                                res.n--;
                        if (res.n > 0)
                                res.n--;
                        res.s[res.n] = 0;
                        p = end;
                        again = true;
                        continue;
                }
                if ((r = buf_put(&res, "/", 1)) < 0 || (r = buf_put(&res, p, len)) < 0)
                        break;
                struct stat st;
                if (!gone)
                        watch_dir(j, res.s, before, cacheable);
                if (!gone && lstat_any(j, res.s, &st) < 0)
                        gone = true; /* missing, or not to be looked at: the rest as written */
                else if (!gone && S_ISLNK(st.st_mode)) {
                        if (++hops > JUDGE_SYMLINK_HOPS) {
                                r = -ELOOP;
                                break;
                        }
                        _cleanup_free_ char *target = read_link(j, res.s);
                        if (!target) {
                                gone = true;
                                p = end;
                                continue;
                        }
                        /* The target in the link's place: from "/" when it
                         * is absolute, else from the link's directory. */
                        res.n = target[0] == '/' ? 0 : before;
                        res.s[res.n] = 0;
                        char *next = NULL;
                        if (asprintf(&next, "%s/%s", target, end) < 0) {
                                r = -ENOMEM;
                                break;
                        }
                        free(rest);
                        rest = next;
                        p = rest;
                        again = true;
                        continue;
                } else if (!gone && !S_ISDIR(st.st_mode) && *end)
                        gone = true; /* a file with more after it: the call fails; taken as written */
                p = end;
        }
        if (r < 0) {
                free(res.s);
                return r;
        }
        *ret = res.s;
        return 0;
}

/* The path relative to the root, or NULL when it lands outside. */
static const char *beneath_root(const Judge *j, const char *abs) {
        size_t n = j->root_len;
        if (strncmp(abs, j->root, n) != 0)
                return NULL;
        if (abs[n] == 0)
                return abs + n;
        return abs[n] == '/' ? abs + n + 1 : NULL;
}

/* The root's path relative to abs, when abs is a directory above it. */
static const char *above_root(const Judge *j, const char *abs) {
        size_t n = strlen(abs);
        while (n > 0 && abs[n - 1] == '/')
                n--;
        if (n == 0) /* "/" */
                return j->root_len > 0 ? j->root + 1 : NULL;
        if (n >= j->root_len || strncmp(abs, j->root, n) != 0 || j->root[n] != '/')
                return NULL;
        return j->root + n + 1;
}

/* What a .git at dir (relative to the root) is: 0 none, 1 a directory,
 * 2 anything else (a file, a symlink: git still reads a checkout there). */
static int git_at(const Judge *j, const char *dir, size_t n) {
        _cleanup_free_ char *p = NULL;
        struct stat st;
        if (asprintf(&p, "%s/%.*s/.git", j->root, (int) n, dir) < 0 || lstat_any(j, p, &st) < 0)
                return 0;
        return S_ISDIR(st.st_mode) ? 1 : 2;
}

/* The cache key of a call's path (absolute): its first byte says a search
 * ('g') or not ('-'), the path follows, with a, b (each but NULL with a
 * '/' after it) and c joined. */
static int make_key(char kind, const char *a, const char *b, const char *c, char **ret) {
        size_t na = a ? strlen(a) : 0, nb = b ? strlen(b) : 0, nc = strlen(c);
        char *s = malloc(na + nb + nc + 4), *o = s;
        if (!s)
                return -ENOMEM;
        *o++ = kind;
        if (a)
                o = mempcpy(mempcpy(o, a, na), "/", 1);
        if (b)
                o = mempcpy(mempcpy(o, b, nb), "/", 1);
        memcpy(o, c, nc + 1);
        *ret = s;
        return 0;
}

static int verdict_copy(const JudgeVerdict *from, JudgeVerdict *ret) {
        JudgeVerdict v = *from;
        v.path = from->path ? strdup(from->path) : NULL;
        v.checkout = from->checkout ? strdup(from->checkout) : NULL;
        v.above = from->above ? strdup(from->above) : NULL;
        if ((from->path && !v.path) || (from->checkout && !v.checkout) || (from->above && !v.above)) {
                judge_verdict_done(&v);
                return -ENOMEM;
        }
        *ret = v;
        return 0;
}

/* Remember a lookup. Past JUDGE_CACHE_MAX paths or JUDGE_CACHE_BYTES,
 * everything is dropped first: the cache is bounded, and refills with what
 * comes next. A lookup bigger than a 64th of the bytes is never kept. */
static void cache_put(Judge *j, char *key, const JudgeVerdict *v, bool searched_dir) {
        size_t bytes = sizeof(Cached) + strlen(key) + 1 + (v->path ? strlen(v->path) + 1 : 0) +
                       (v->checkout ? strlen(v->checkout) + 1 : 0);
        if (bytes > JUDGE_CACHE_BYTES / 64) {
                free(key);
                return;
        }
        Cached *c = calloc(1, sizeof *c);
        if (!c) {
                free(key);
                return;
        }
        if (verdict_copy(v, &c->v) < 0) {
                free(c);
                free(key);
                return;
        }
        c->key = key;
        c->searched_dir = searched_dir;
        if (((hashmap_size(j->cache) < JUDGE_CACHE_MAX && j->cache_bytes + bytes <= JUDGE_CACHE_BYTES) ||
             cache_reset(j, false) >= 0) &&
            hashmap_put(j->cache, c->key, c) >= 0) {
                j->cache_bytes += bytes;
                return;
        }
        judge_verdict_done(&c->v);
        free(c->key);
        free(c);
}

/*
 * Where abs lands, and what is there: the verdict for any access. With a
 * cache, *ret_cacheable says whether the lookup went through watched
 * directories alone (each watched before it was looked in), so that its
 * verdict may be kept.
 */
static int lookup(Judge *j, const char *abs, bool grep, JudgeVerdict *ret, bool *ret_cacheable,
                  bool *ret_searched_dir) {
        _cleanup_free_ char *landed = NULL;
        JudgeVerdict v = {0};
        /* A path the kernel refuses whole (ENAMETOOLONG) opens nothing;
         * walked, a long one full of ".." costs seconds. What the client
         * makes of it (shorter, ".." gone) is judged apart. */
        if (strlen(abs) >= PATH_MAX) {
                *ret_cacheable = false;
                *ret = v;
                return 0;
        }
        bool cacheable = j->changes && watch_prefixes(j, abs) >= 0;
        int r = plain(j, abs, &landed);
        if (r == 0) {
                cacheable = j->changes != NULL;
                r = walk(j, abs, &landed, &cacheable);
        }
        *ret_cacheable = false;
        if (r == -ELOOP) {
                *ret = v; /* the call fails as the kernel's would: nothing read */
                return 0;
        }
        if (r < 0)
                return r;
        const char *rel = beneath_root(j, landed);
        if (!rel) {
                /* A search of a directory above the root goes down into it
                 * (ripgrep from ".." or "/"): its globs are judged there. */
                const char *up = grep ? above_root(j, landed) : NULL;
                if (up && !(v.above = strdup(up)))
                        return -ENOMEM;
                *ret_searched_dir = up != NULL;
                *ret = v;
                return 0;
        }
        *ret_cacheable = cacheable;
        /* A search reads the files of a directory it is given, and the
         * judge names no file in it: only a file is judged, or a masked
         * directory. */
        struct stat st;
        *ret_searched_dir = grep && (lstat_any(j, landed, &st) < 0 || S_ISDIR(st.st_mode));
        /* The verdict's path is the landed one, from the root on. */
        memmove(landed, rel, strlen(rel) + 1);
        v.path = TAKE_PTR(landed);
        rel = v.path;
        v.judged = true;
        /* Case as the filesystem has it (case-ask.h): a name in another
         * case is an entry's where its directories fold. */
        v.category = case_classify(&j->asked, j->c.policy, j->root, NULL, rel, false);
        /* Not listed at the root: in a nested checkout, deepest first. */
        for (size_t n = strlen(rel); v.category == JUDGE_NONE && n > 0; n--) {
                /* The policy first: a .git is looked for only where it
                 * would matter. */
                if (rel[n - 1] != '/' || !case_may_match(&j->asked, j->c.policy, rel + n, true))
                        continue;
                int g = git_at(j, rel, n - 1);
                if (g == 0)
                        continue;
                _cleanup_free_ char *checkout = strndup(rel, n - 1);
                if (!checkout) {
                        judge_verdict_done(&v);
                        return -ENOMEM;
                }
                JudgeCategory c = case_classify(&j->asked, j->c.policy, j->root, checkout, rel + n, g == 1);
                if (c != JUDGE_NONE) {
                        v.category = c;
                        if (!(v.checkout = strndup(rel, n - 1))) {
                                judge_verdict_done(&v);
                                return -ENOMEM;
                        }
                }
        }
        *ret = v;
        return 0;
}

/* The verdict on the absolute path in key (after its kind byte), which
 * this takes: kept, or asked of the disk. */
static int judge_key(Judge *j, const JudgeCall *call, char *key_, JudgeVerdict *ret) {
        _cleanup_free_ char *key = key_;
        JudgeVerdict v = {0};
        bool searched_dir = false;
        int r;

        const char *abs = key + 1;
        Cached *c = j->changes ? hashmap_get(j->cache, key) : NULL;
        if (c) {
                if ((r = verdict_copy(&c->v, &v)) < 0)
                        return r;
                searched_dir = c->searched_dir;
        } else {
                bool cacheable;
                if ((r = lookup(j, abs, call->grep, &v, &cacheable, &searched_dir)) < 0)
                        return r;
                if (cacheable && j->changes)
                        cache_put(j, TAKE_PTR(key), &v, searched_dir);
        }
        if (searched_dir && !judge_is_masked(v.category))
                v.judged = false;
        v.searched_dir = searched_dir;
        v.access = call->access;
        v.attempt = v.judged && judge_is_attempt(call->access, v.category);
        *ret = v;
        return 0;
}

/* "~" as Claude Code expands it: os.homedir(), which is $HOME when set and
 * not empty, else the user's passwd entry. The hook runs in the client's
 * environment, so the judge's own is the client's. The passwd entry is
 * looked up only for a path with a '~' in it, once: the hook stays a walk. */
static const char *client_home(Judge *j, const char *path) {
        const char *home = j->c.home ? j->c.home : getenv("HOME");
        if ((home && home[0]) || !strchr(path, '~'))
                return home;
        if (!j->home) {
                struct passwd pw, *found = NULL;
                char buf[4096];
                if (getpwuid_r(getuid(), &pw, buf, sizeof buf, &found) != 0 || !found)
                        return NULL;
                j->home = strdup(found->pw_dir);
        }
        return j->home;
}

/* The cache key of the path the client opens for call's (judge-client.h). */
static int client_key(Judge *j, const JudgeCall *call, char kind, char **ret) {
        _cleanup_free_ char *base = NULL, *opened = NULL;
        const char *cwd = call->cwd;
        int r;

        /* The base directory as the written path's: the call's cwd, from
         * the root when it has none or a relative one. */
        if (!cwd || cwd[0] != '/') {
                if (asprintf(&base, "%s/%s", j->root, cwd ? cwd : "") < 0)
                        return -ENOMEM;
                cwd = base;
        }
        if ((r = judge_claude_code_path(call->path, cwd, client_home(j, call->path), &opened)) < 0)
                return r;
        return make_key(kind, NULL, NULL, opened, ret);
}

int judge_call(Judge *j, const JudgeCall *call, JudgeVerdict *ret) {
        _cleanup_free_ char *key = NULL, *opened = NULL;
        JudgeVerdict v, w;
        int r;

        char kind = call->grep ? 'g' : '-';
        if (call->path[0] == '/')
                r = make_key(kind, NULL, NULL, call->path, &key);
        else if (call->cwd && call->cwd[0] == '/')
                r = make_key(kind, NULL, call->cwd, call->path, &key);
        else /* no working directory, or a relative one: from the root */
                r = make_key(kind, j->root, call->cwd, call->path, &key);
        if (r < 0)
                return r;
        if (call->client == JUDGE_CLIENT_CLAUDE_CODE) {
                if ((r = client_key(j, call, kind, &opened)) < 0)
                        return r;
                if (streq(opened, key)) /* the common case: one lookup */
                        free(TAKE_PTR(opened));
        }
        if (!opened)
                return judge_key(j, call, TAKE_PTR(key), ret);

        /* The path the client opens is the one named; the path as written
         * (what the hook was shown) is an attempt too, for a client whose
         * resolution this does not follow, and named when it alone is. */
        if ((r = judge_key(j, call, TAKE_PTR(opened), &v)) < 0)
                return r;
        if ((r = judge_key(j, call, TAKE_PTR(key), &w)) < 0) {
                judge_verdict_done(&v);
                return r;
        }
        if (!v.attempt && w.attempt) {
                JudgeVerdict t = v;
                v = w;
                w = t;
        }
        judge_verdict_done(&w);
        *ret = v;
        return 0;
}

/* ---- reports, once per run ---- */

/* A run's state file: the session's SHA-256, so no session id names a
 * path of its own. */
static int state_open(const Judge *j, const char *session, int *ret_fd) {
        struct sha256_ctx ctx;
        uint8_t d[SHA256_DIGEST_SIZE];
        char name[2 * SHA256_DIGEST_SIZE + 8];
        _cleanup_close_ int dfd = -EBADF;
        int fd;

        /* The directory, made when missing: the runtime directory's own. */
        if (mkdir(j->c.state_dir, 0700) < 0 && errno != EEXIST)
                return -errno;
        dfd = open(j->c.state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (dfd < 0)
                return -errno;
        sha256_init(&ctx);
        sha256_update(&ctx, strlen(session), (const uint8_t *) session);
        sha256_digest(&ctx, sizeof d, d);
        for (size_t i = 0; i < sizeof d; i++)
                snprintf(name + 2 * i, 3, "%02x", d[i]);
        strcpy(name + 2 * sizeof d, ".run");
        fd = openat(dfd, name, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0)
                return -errno;
        /* Waited for a while, never for ever: the file is the agent's
         * user's, so the agent can hold its lock too, and a hook that
         * hangs reports nothing. Past the wait the caller reports without
         * the state (a repeat, never a loss). */
        unsigned wait_ms = judge_test_lock_ms ? judge_test_lock_ms() : JUDGE_STATE_LOCK_MS;
        for (unsigned i = 0;; i++) {
                if (flock(fd, LOCK_EX | LOCK_NB) >= 0)
                        break;
                int r = -errno;
                if ((r == -EWOULDBLOCK || r == -EINTR) && i < wait_ms / 10) {
                        (void) nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
                        continue;
                }
                close(fd);
                return r;
        }
        *ret_fd = fd;
        return 0;
}

/* The state file's lines into said/paths/capped. A last line without its
 * '\n' (a writer killed mid-line) is no line, and is cut off. */
static int state_load(int fd, Hashmap *said, Hashmap *paths, bool *capped) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0, allocated = 0;
        for (;;) {
                if (ARRAY_GROW(buf, allocated, n + 65536 + 1) < 0)
                        return -ENOMEM;
                ssize_t k = pread(fd, buf + n, 65536, (off_t) n);
                if (k < 0)
                        return -errno;
                if (k == 0)
                        break;
                n += (size_t) k;
        }
        buf[n] = 0;
        /* Cut back to its last whole line: a cut line may be the prefix
         * of another path's, which must not count as said. */
        if (n > 0 && buf[n - 1] != '\n') {
                char *last = strrchr(buf, '\n');
                n = last ? (size_t) (last - buf) + 1 : 0;
                buf[n] = 0;
                if (ftruncate(fd, (off_t) n) < 0)
                        return -errno;
        }
        for (char *p = buf, *e; (e = strchr(p, '\n')); p = e + 1) {
                *e = 0;
                if (streq(p, "capped")) {
                        *capped = true;
                        continue;
                }
                char *sp = strchr(p, ' ');
                if (!sp || hashmap_put(said, p, (void *) 1) < 0 ||
                    hashmap_put(paths, sp + 1, (void *) 1) < 0)
                        continue;
        }
        return 0;
}

static int append_line(int fd, const char *line) {
        size_t n = strlen(line);
        ssize_t k = write(fd, line, n);
        if (k < 0)
                return -errno;
        return (size_t) k == n ? 0 : -EIO;
}

static void history(const Judge *j, const JudgeCall *call, const JudgeVerdict *v) {
        char ts[32];
        if (!j->c.history_path)
                return;
        log_timestamp(ts);
        LogRecord *r = log_record_new_fields(
                LOG_WARN, "attempt",
                LOG_FIELDS(LOG_STR("type", "path_policy"), LOG_STR("ts", ts),
                           LOG_STR("access", judge_access_to_string(call->access)),
                           LOG_PATH("path", v->path),
                           LOG_STR("category", judge_category_to_string(v->category)),
                           LOG_STR("tool", call->tool), LOG_PATH("checkout", v->checkout),
                           LOG_STR("session", call->session)));
        _cleanup_free_ char *line = log_record_fields_line(r);
        log_record_free(r);
        _cleanup_close_ int fd =
                open(j->c.history_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
        int e = !line ? -ENOMEM : fd < 0 ? -errno : append_line(fd, line);
        if (e < 0)
                log_event(j->c.log, LOG_WARN, "judge-failed",
                          LOG_FIELDS(LOG_PATH("path", j->c.history_path), LOG_ERRNO(e)),
                          "path policy: cannot write the History entry to {path}: {errno}");
}

int judge_report(Judge *j, const JudgeCall *call, const JudgeVerdict *v) {
        _cleanup_(hashmap_freep_) Hashmap *said = NULL, *paths = NULL;
        _cleanup_close_ int fd = -EBADF;
        _cleanup_free_ char *shown = NULL, *key = NULL;
        bool capped = j->capped;
        int r;

        if (!v->attempt)
                return 0;
        /* The path escaped: one line in the state file, whatever its bytes. */
        shown = escape_for_display(v->path);
        if (!shown || asprintf(&key, "%s %s", judge_access_to_string(call->access), shown) < 0)
                return -ENOMEM;
        if (call->session && j->c.state_dir) {
                said = hashmap_new();
                paths = hashmap_new();
                if (!said || !paths)
                        return -ENOMEM;
                capped = false;
                if ((r = state_open(j, call->session, &fd)) < 0 ||
                    (r = state_load(fd, said, paths, &capped)) < 0) {
                        /* Reported all the same: a repeat is better than an
                         * attempt lost. */
                        log_event(j->c.log, LOG_WARN, "judge-failed",
                                  LOG_FIELDS(LOG_PATH("path", j->c.state_dir), LOG_ERRNO(r)),
                                  "path policy: cannot keep the run's state in {path}: {errno}; reported "
                                  "without "
                                  "it");
                        if (fd >= 0)
                                close(TAKE_FD(fd));
                        hashmap_free(TAKE_PTR(said));
                        hashmap_free(TAKE_PTR(paths));
                        capped = j->capped;
                }
        }
        Hashmap *s = said ? said : j->said, *ps = paths ? paths : j->paths;
        if (capped || hashmap_contains(s, key))
                return 0;
        if (!hashmap_contains(ps, shown) && hashmap_size(ps) >= j->c.cap) {
                log_event(j->c.log, LOG_WARN, "attempts-capped", LOG_FIELDS(LOG_INT("cap", j->c.cap)),
                          "path policy: the agent tried more than {cap} distinct masked or protected paths: "
                          "no "
                          "more are reported in this run");
                j->capped = true;
                return fd >= 0 ? append_line(fd, "capped\n") : 0;
        }
        /* git stopped by it: the agent can do nothing (the host publishes without it) */
        log_event(j->c.log, LOG_WARN, "attempt",
                  LOG_FIELDS(LOG_STR("access", judge_access_to_string(call->access)),
                             LOG_PATH("path", v->path),
                             LOG_STR("category", judge_category_to_string(v->category)),
                             LOG_STR("tool", call->tool), LOG_PATH("checkout", v->checkout)),
                  call->git_refused ? "path policy: git cannot update {path}: it is %s ({tool})"
                                    : "path policy: agent tried to {access} %s {path} ({tool})",
                  judge_category_word(v->category));
        history(j, call, v);
        if (hashmap_put(s, key, (void *) 1) < 0 || hashmap_put(ps, shown, (void *) 1) < 0)
                return -ENOMEM;
        if (fd >= 0) {
                _cleanup_free_ char *line = NULL;
                if (asprintf(&line, "%s\n", key) < 0)
                        return -ENOMEM;
                if ((r = append_line(fd, line)) < 0)
                        return r;
        }
        return 1;
}
