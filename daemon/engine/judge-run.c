/* SPDX-License-Identifier: MIT */
#include "judge-run.h"

#include <fcntl.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>

#include "array.h"
#include "hashmap.h"
#include "util.h"

struct Judge {
        JudgeConfig c;
        char *root; /* absolute, no symlink in it, no trailing '/' ("" for "/") */
        int root_fd;
        /* A run without a state file: this process's. */
        Hashmap *said, *paths;
        bool capped;
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
        j->root = TAKE_PTR(root);
        *ret = j;
        return 0;
}

void judge_free(Judge *j) {
        if (!j)
                return;
        hashmap_free(j->said);
        hashmap_free(j->paths);
        if (j->root_fd >= 0)
                close(j->root_fd);
        free(j->root);
        free(j);
}

void judge_verdict_done(JudgeVerdict *v) {
        free(v->path);
        free(v->checkout);
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
 * last component, for the *at() calls: AT_FDCWD and path itself when it
 * fits one call, else the directory opened a piece shorter than PATH_MAX at
 * a time, no symlink followed. A path the kernel reached through links
 * (a link's target is only its own length) may be longer than any one call
 * takes; its verdict must not change for that. *ret_fd is AT_FDCWD or an
 * fd to close.
 */
static int at_dir(const char *path, int *ret_fd, const char **ret_name) {
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

/* lstat(2) of a path of any length. */
static int lstat_any(const char *path, struct stat *st) {
        const char *name;
        int fd, r = at_dir(path, &fd, &name);
        if (r < 0) {
                errno = -r;
                return -1;
        }
        r = fstatat(fd, name, st, AT_SYMLINK_NOFOLLOW);
        int e = errno;
        if (fd >= 0)
                close(fd);
        errno = e;
        return r;
}

/* The target of the symlink at path, whatever its length (the path's and
 * the target's). */
static char *read_link(const char *path) {
        _cleanup_close_ int fd = -EBADF;
        const char *name;
        int r = at_dir(path, &fd, &name);
        if (r < 0) {
                errno = -r;
                return NULL;
        }
        for (size_t size = 256; size <= 1u << 20; size *= 2) {
                _cleanup_free_ char *t = malloc(size);
                if (!t)
                        return NULL;
                ssize_t k = readlinkat(fd, name, t, size);
                if (k < 0)
                        return NULL;
                if ((size_t) k < size) {
                        t[k] = 0;
                        return TAKE_PTR(t);
                }
        }
        errno = ENAMETOOLONG;
        return NULL;
}

/*
 * Walk the absolute path as the kernel would, nothing followed blindly:
 * *ret is where it lands, absolute, without a symlink in it (as far as it
 * exists). -ELOOP past JUDGE_SYMLINK_HOPS, -ENOMEM.
 */
static int walk(const char *root, const char *path, char **ret) {
        _cleanup_free_ char *rest = strdup(path);
        Buf res = {0};
        unsigned hops = 0;
        bool gone = false;
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
                char *end = strchrnul(p, '/');
                size_t len = (size_t) (end - p), before = res.n;
                if (len == 1 && p[0] == '.') {
                        p = end;
                        continue;
                }
                if (len == 2 && p[0] == '.' && p[1] == '.') {
                        /* Out of the directory reached so far ("/.." is "/"). */
                        while (res.n > 0 && res.s[res.n - 1] != '/')
                                res.n--;
                        if (res.n > 0)
                                res.n--;
                        res.s[res.n] = 0;
                        p = end;
                        continue;
                }
                if ((r = buf_put(&res, "/", 1)) < 0 || (r = buf_put(&res, p, len)) < 0)
                        break;
                struct stat st;
                if (!gone && lstat_any(res.s, &st) < 0)
                        gone = true; /* missing, or not to be looked at: the rest as written */
                else if (!gone && S_ISLNK(st.st_mode)) {
                        if (++hops > JUDGE_SYMLINK_HOPS) {
                                r = -ELOOP;
                                break;
                        }
                        _cleanup_free_ char *target = read_link(res.s);
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

/*
 * The common case in one lookup: a path below the root, with no symlink
 * and no ".." on the way, that exists, lands where it says. The
 * platform's resolver (no symlink followed, nothing above the root) says
 * whether it is such a path; its fstat, whether the last component is a
 * symlink itself. 1 with *ret the path cleaned ("//", "/./" gone), 0 when
 * the walk must decide, -ENOMEM.
 */
static int plain(const Judge *j, const char *abs, char **ret) {
        size_t n = strlen(j->root);
        const char *rel = abs + n;
        struct stat st;
        int fd;

        if (strncmp(abs, j->root, n) != 0 || rel[0] != '/')
                return 0;
        while (*rel == '/')
                rel++;
        if (!*rel || platform_open_beneath(j->root_fd, rel, O_PATH, &fd) < 0)
                return 0;
        int r = fstat(fd, &st);
        close(fd);
        if (r < 0 || S_ISLNK(st.st_mode))
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

/* The path relative to the root, or NULL when it lands outside. */
static const char *beneath_root(const Judge *j, const char *abs) {
        size_t n = strlen(j->root);
        if (strncmp(abs, j->root, n) != 0)
                return NULL;
        if (abs[n] == 0)
                return abs + n;
        return abs[n] == '/' ? abs + n + 1 : NULL;
}

/* What a .git at dir (relative to the root) is: 0 none, 1 a directory,
 * 2 anything else (a file, a symlink: git still reads a checkout there). */
static int git_at(const Judge *j, const char *dir, size_t n) {
        _cleanup_free_ char *p = NULL;
        struct stat st;
        if (asprintf(&p, "%s/%.*s/.git", j->root, (int) n, dir) < 0 || lstat_any(p, &st) < 0)
                return 0;
        return S_ISDIR(st.st_mode) ? 1 : 2;
}

int judge_call(Judge *j, const JudgeCall *call, JudgeVerdict *ret) {
        _cleanup_free_ char *abs = NULL, *landed = NULL;
        JudgeVerdict v = {0};
        int r;

        if (call->path[0] == '/')
                r = asprintf(&abs, "%s", call->path);
        else if (call->cwd && call->cwd[0] == '/')
                r = asprintf(&abs, "%s/%s", call->cwd, call->path);
        else /* no working directory, or a relative one: from the root */
                r = asprintf(&abs, "%s/%s%s%s", j->root, call->cwd ? call->cwd : "", call->cwd ? "/" : "",
                             call->path);
        if (r < 0)
                return -ENOMEM;
        r = plain(j, abs, &landed);
        if (r == 0)
                r = walk(j->root, abs, &landed);
        if (r == -ELOOP) {
                *ret = v; /* the call fails as the kernel's would: nothing read */
                return 0;
        }
        if (r < 0)
                return r;
        const char *rel = beneath_root(j, landed);
        if (!rel) {
                *ret = v;
                return 0;
        }
        if (!(v.path = strdup(rel)))
                return -ENOMEM;
        v.judged = true;
        v.category = judge_classify(j->c.policy, rel, false);
        /* Not listed at the root: in a nested checkout, deepest first. */
        for (size_t n = strlen(rel); v.category == JUDGE_NONE && n > 0; n--) {
                /* The policy first: a .git is looked for only where it
                 * would matter. */
                if (rel[n - 1] != '/' || judge_classify(j->c.policy, rel + n, true) == JUDGE_NONE)
                        continue;
                int g = git_at(j, rel, n - 1);
                if (g == 0)
                        continue;
                JudgeCategory c = judge_classify(j->c.policy, rel + n, g == 1);
                if (c != JUDGE_NONE) {
                        v.category = c;
                        if (!(v.checkout = strndup(rel, n - 1))) {
                                judge_verdict_done(&v);
                                return -ENOMEM;
                        }
                }
        }
        if (call->grep && !judge_is_masked(v.category)) {
                /* A search reads the files of a directory it is given, and
                 * the judge names no file in it: only a file is judged. */
                struct stat st;
                if (lstat_any(landed, &st) < 0 || S_ISDIR(st.st_mode))
                        v.judged = false;
        }
        v.attempt = v.judged && judge_is_attempt(call->access, v.category);
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
        for (unsigned i = 0;; i++) {
                if (flock(fd, LOCK_EX | LOCK_NB) >= 0)
                        break;
                int r = -errno;
                if ((r == -EWOULDBLOCK || r == -EINTR) && i < JUDGE_STATE_LOCK_MS / 10) {
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
        log_event(j->c.log, LOG_WARN, "attempt",
                  LOG_FIELDS(LOG_STR("access", judge_access_to_string(call->access)),
                             LOG_PATH("path", v->path),
                             LOG_STR("category", judge_category_to_string(v->category)),
                             LOG_STR("tool", call->tool), LOG_PATH("checkout", v->checkout)),
                  "path policy: agent tried to {access} %s {path} ({tool})",
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
