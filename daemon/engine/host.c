/* SPDX-License-Identifier: MIT */
/*
 * What prepare (prepare.c) and release (release.c) share: finding a path in
 * the worktree without following anything, the messages, and opening the
 * two directories.
 */
#include "host-internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "array.h"
#include "platform.h"
#include "policy-file.h"
#include "util.h"

/* ---- finding a path without following ---- */

/* The parent directory of path, opened by the platform's resolver (beneath
 * root_fd, no symlink followed); *ret_name is the last component of path. */
int open_parent_beneath(int root_fd, const char *path, const char **ret_name, int *ret_fd) {
        const char *slash = strrchr(path, '/');
        size_t pl = slash ? (size_t) (slash - path) : 0;
        char parent[PATH_MAX];
        int fd, r;

        if (pl >= sizeof parent)
                return -ENAMETOOLONG;
        memcpy(parent, path, pl);
        parent[pl] = 0;
        r = platform_open_beneath(root_fd, parent, O_RDONLY | O_DIRECTORY, &fd);
        if (r < 0)
                return r;
        *ret_name = slash ? slash + 1 : path;
        *ret_fd = fd;
        return 0;
}

/* Whether a resolver's answer means a directory on the way is missing, a
 * symlink or no directory: what locate names rather than fails on. */
static bool on_the_way(int r) {
        return r == -ENOENT || r == -ELOOP || r == -ENOTDIR;
}

/*
 * Where path (relative, no trailing '/') stands beneath root_fd, nothing
 * followed: found (its lstat in st), or absent, under a symlink or under a
 * file from `at` on. One resolver call for the parent; only when that
 * fails, one more per directory climbed back, to the deepest that opens:
 * the component after it is the one to name.
 */
int locate(int root_fd, const char *path, Walk *ret) {
        _cleanup_close_ int fd = -EBADF;
        char buf[PATH_MAX];
        size_t n = strlen(path);
        const char *name;
        struct stat st;
        int r;

        if (n >= sizeof buf)
                return -ENAMETOOLONG;
        r = open_parent_beneath(root_fd, path, &name, &fd);
        if (r >= 0) {
                if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
                        if (errno != ENOENT)
                                return -errno;
                        *ret = (Walk){.state = WALK_ABSENT, .at = (size_t) (name - path)};
                        return 0;
                }
                *ret = (Walk){.state = WALK_FOUND, .st = st};
                return 0;
        }
        const char *slash = strrchr(path, '/');
        if (!on_the_way(r) || !slash)
                return r;

        memcpy(buf, path, n + 1);
        /* buf[0, end) could not be opened, with r. */
        for (size_t end = (size_t) (slash - path); end > 0;) {
                _cleanup_close_ int dfd = -EBADF;
                size_t start = end;
                while (start > 0 && buf[start - 1] != '/')
                        start--;
                buf[end] = 0; /* the component: buf + start */
                if (start > 0)
                        buf[start - 1] = 0; /* the directory before it: buf, or the root */
                int q = platform_open_beneath(root_fd, start > 0 ? buf : "", O_RDONLY | O_DIRECTORY, &dfd);
                if (q < 0) {
                        if (!on_the_way(q) || start == 0)
                                return q;
                        r = q;
                        end = start - 1;
                        continue;
                }
                if (fstatat(dfd, buf + start, &st, AT_SYMLINK_NOFOLLOW) < 0) {
                        if (errno != ENOENT)
                                return -errno;
                        *ret = (Walk){.state = WALK_ABSENT, .at = start};
                        return 0;
                }
                if (S_ISLNK(st.st_mode) || !S_ISDIR(st.st_mode)) {
                        *ret = (Walk){.state = S_ISLNK(st.st_mode) ? WALK_UNDER_SYMLINK : WALK_UNDER_FILE,
                                      .at = end};
                        return 0;
                }
                return r; /* a directory after all: it changed under us */
        }
        return r;
}

/* ---- messages ---- */

/* A name for a message, escaped once as everywhere (escape_for_display).
 * Four at a time, each valid until the fourth call after it: host code
 * is single-threaded, and a message names at most three. */
const char *shown(const char *s) {
        static char *ring[4];
        static unsigned i;
        char **slot = &ring[i++ % ELEMENTSOF(ring)];
        free(*slot);
        *slot = escape_for_display(s ? s : "");
        return *slot ? *slot : "?";
}

int fail(HostError *err, int r, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        return r;
}

/* Open the worktree and VMDIR, or say which could not be. VMDIR inside
 * the worktree is refused: the records would be the colony's untracked
 * files, and the agent's to rewrite. */
int open_dirs(const char *worktree, const char *out_dir, int *ret_root_fd, int *ret_out_fd, HostError *err) {
        _cleanup_close_ int root_fd = open(worktree, O_RDONLY | O_DIRECTORY | O_CLOEXEC), out_fd = -EBADF;
        if (root_fd < 0)
                return fail(err, -errno, "path policy: cannot open the worktree %s: %s", worktree,
                            strerror(errno));
        out_fd = open(out_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (out_fd < 0)
                return fail(err, -errno, "path policy: cannot open %s: %s", out_dir, strerror(errno));
        /* Compared by the names of the directories opened, not of the
         * strings resolved again. */
        _cleanup_free_ char *wabs = NULL, *oabs = NULL;
        int r = platform_fd_path(root_fd, &wabs);
        if (r < 0)
                return fail(err, r, "path policy: cannot resolve %s: %s", worktree, strerror(-r));
        if ((r = platform_fd_path(out_fd, &oabs)) < 0)
                return fail(err, r, "path policy: cannot resolve %s: %s", out_dir, strerror(-r));
        size_t wl = strlen(wabs);
        if (strncmp(oabs, wabs, wl) == 0 && (oabs[wl] == '/' || oabs[wl] == 0 || streq(wabs, "/")))
                return fail(err, -EINVAL,
                            "path policy: --out %s is inside the worktree %s: the records would show as the "
                            "colony's untracked files; give a directory outside it",
                            out_dir, worktree);
        *ret_root_fd = TAKE_FD(root_fd);
        *ret_out_fd = TAKE_FD(out_fd);
        return 0;
}

/* ---- the masked files' inodes ---- */

typedef struct Walker {
        Hashmap *seen;
        FILE *add;           /* the new "dev ino" lines */
        MaskedFiles *files;  /* or NULL */
        char path[PATH_MAX]; /* the one walked, relative to the worktree */
        size_t n;            /* files and directories seen */
        size_t skipped;
} Walker;

void masked_file_key(const struct stat *st, char key[MASKED_FILE_KEY_MAX]) {
        snprintf(key, MASKED_FILE_KEY_MAX, "%ju %ju %jd.%09ld", (uintmax_t) st->st_dev,
                 (uintmax_t) st->st_ino, (intmax_t) st->st_mtim.tv_sec, (long) st->st_mtim.tv_nsec);
}

static int walker_file(Walker *w, const struct stat *st) {
        char key[MASKED_FILE_KEY_MAX];
        masked_file_key(st, key);
        /* an empty file holds nothing (the boot's placeholders are) */
        if (st->st_size > 0 && !hashmap_contains(w->seen, key)) {
                if (hashmap_put(w->seen, key, NULL) < 0)
                        return -ENOMEM;
                fprintf(w->add, "%s\n", key);
        }
        if (!w->files)
                return 0;
        if (ARRAY_GROW(w->files->v, w->files->allocated, w->files->n + 1) < 0)
                return -ENOMEM;
        MaskedFile *f = &w->files->v[w->files->n];
        if (!(f->path = strdup(w->path)))
                return -ENOMEM;
        f->size = (uint64_t) st->st_size;
        f->mtime = st->st_mtim;
        w->files->n++;
        return 0;
}

/* fd (taken), at w->path: a file recorded, a directory walked; anything
 * else (a symlink is never opened) passed. */
static int walker_walk(Walker *w, int fd, unsigned depth) {
        struct stat st;
        int r = 0;
        if (fstat(fd, &st) < 0 || (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))) {
                close(fd);
                return 0;
        }
        bool full = ++w->n >= MASKED_FILES_MAX;
        if (S_ISREG(st.st_mode) || depth > 64 || full) {
                close(fd);
                if (S_ISREG(st.st_mode) && !full)
                        return walker_file(w, &st);
                w->skipped++;
                return 0;
        }
        DIR *d = fdopendir(fd);
        if (!d) {
                close(fd);
                return 0;
        }
        size_t len = strlen(w->path);
        for (struct dirent *de; r >= 0 && (de = readdir(d));) {
                if (streq(de->d_name, ".") || streq(de->d_name, ".."))
                        continue;
                if (len + 1 + strlen(de->d_name) >= sizeof w->path) {
                        w->skipped++;
                        continue;
                }
                snprintf(w->path + len, sizeof w->path - len, "/%s", de->d_name);
                int cfd = openat(dirfd(d), de->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
                if (cfd >= 0) /* else a symlink, or gone */
                        r = walker_walk(w, cfd, depth + 1);
                w->path[len] = 0;
        }
        closedir(d);
        return r;
}

void masked_files_done(MaskedFiles *f) {
        for (size_t i = 0; i < f->n; i++)
                free(f->v[i].path);
        free(f->v);
        *f = (MaskedFiles){0};
}

/* masked_files_record() at each of roots (n_roots relative directories,
 * "" for the worktree's own root): the policy anchored there. */
static int record_at(int root_fd, int out_fd, const Policy *policy, const char *const *roots, size_t n_roots,
                     Hashmap *seen, MaskedFiles *ret_files, size_t *ret_skipped) {
        _cleanup_free_ char *old = NULL, *text = NULL;
        size_t n = 0, len = 0;
        int fd = openat(out_fd, HOST_MASKED_FILES_FILE, O_RDONLY | O_CLOEXEC | O_NOFOLLOW), r = 0;
        if (fd < 0 && errno != ENOENT)
                return -errno;
        if (fd >= 0) {
                r = read_full_fd(fd, 64u << 20, &old, &n);
                close(fd);
                if (r < 0)
                        return r;
                for (char *p = old, *e; (e = strchr(p, '\n')); p = e + 1) {
                        *e = 0;
                        if (*p && hashmap_put(seen, p, NULL) < 0)
                                return -ENOMEM;
                }
        }
        FILE *add = open_memstream(&text, &len);
        if (!add)
                return -ENOMEM;
        MaskedFiles files = {0};
        Walker w = {.seen = seen, .add = add, .files = ret_files ? &files : NULL};
        for (size_t k = 0; k < n_roots * policy->n && r >= 0; k++) {
                size_t i = k % policy->n;
                const char *at = roots[k / policy->n];
                if (policy->actions[i].kind == PLATFORM_PROTECT)
                        continue;
                size_t pl = strlen(policy->actions[i].path), al = strlen(at);
                while (pl > 0 && policy->actions[i].path[pl - 1] == '/')
                        pl--;
                if (pl == 0 || al + 1 + pl >= sizeof w.path ||
                    snprintf(w.path, sizeof w.path, "%s%s%.*s", at, al ? "/" : "", (int) pl,
                             policy->actions[i].path) >= (int) sizeof w.path)
                        continue;
                int pfd;
                if (platform_open_beneath(root_fd, w.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, &pfd) < 0)
                        continue; /* not there (or not reachable without a symlink): nothing to know */
                r = walker_walk(&w, pfd, 0);
        }
        if (fclose(add) != 0 && r >= 0)
                r = -ENOMEM;
        if (r >= 0 && len > 0) {
                fd = openat(out_fd, HOST_MASKED_FILES_FILE,
                            O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
                if (fd < 0)
                        r = -errno;
                else {
                        if (write(fd, text, len) != (ssize_t) len)
                                r = -EIO;
                        close(fd);
                }
        }
        if (r < 0) {
                masked_files_done(&files);
                return r;
        }
        if (ret_files)
                *ret_files = files;
        *ret_skipped = w.skipped;
        return 0;
}

int masked_files_record(int root_fd, int out_fd, const Policy *policy, Hashmap *seen, MaskedFiles *ret_files,
                        size_t *ret_skipped) {
        static const char *const root[] = {""};
        return record_at(root_fd, out_fd, policy, root, 1, seen, ret_files, ret_skipped);
}

int masked_files_record_below(int root_fd, int out_fd, const Policy *policy, const char *checkouts, size_t n,
                              Hashmap *seen, size_t *ret_skipped) {
        _cleanup_free_ const char **roots = NULL;
        size_t k = 0, allocated = 0;
        /* checkouts_list()'s text: its header, then each root */
        for (const char *p = checkouts + strnlen(checkouts, n) + 1; p < checkouts + n; p += strlen(p) + 1)
                if (*p) {
                        if (ARRAY_GROW(roots, allocated, k + 1) < 0)
                                return -ENOMEM;
                        roots[k++] = p;
                }
        *ret_skipped = 0;
        return k == 0 ? 0 : record_at(root_fd, out_fd, policy, roots, k, seen, NULL, ret_skipped);
}

/* ---- the placeholders' inodes ---- */

void placeholder_key(const struct stat *st, char key[MASKED_FILE_KEY_MAX]) {
        if (S_ISDIR(st->st_mode))
                snprintf(key, MASKED_FILE_KEY_MAX, "%ju %ju", (uintmax_t) st->st_dev,
                         (uintmax_t) st->st_ino);
        else
                masked_file_key(st, key);
}

void placeholder_inodes_done(PlaceholderInodes *p) {
        hashmap_free(p->by_key);
        hashmap_free(p->by_path);
        free(p->text);
        *p = (PlaceholderInodes){0};
}

int placeholder_inodes_load(int out_fd, PlaceholderInodes *ret) {
        PlaceholderInodes p = {.by_key = hashmap_new(), .by_path = hashmap_new()};
        size_t n = 0;
        int r = 0;
        if (!p.by_key || !p.by_path) {
                placeholder_inodes_done(&p);
                return -ENOMEM;
        }
        int fd =
                openat(out_fd, HOST_PLACEHOLDER_INODES_FILE, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0)
                r = -errno;
        else {
                r = read_full_fd(fd, 64u << 20, &p.text, &n);
                close(fd);
        }
        for (char *l = p.text, *e; r >= 0 && l && (e = strchr(l, '\n')); l = e + 1) {
                *e = 0;
                char *tab = strchr(l, '\t');
                if (!tab || tab == l || !tab[1])
                        continue; /* not a line this writer makes */
                *tab = 0;
                if (hashmap_put(p.by_key, l, tab + 1) < 0 || hashmap_put(p.by_path, tab + 1, l) < 0)
                        r = -ENOMEM;
        }
        if (r < 0 && r != -ENOENT) {
                placeholder_inodes_done(&p);
                return r;
        }
        p.lost = r == -ENOENT;
        *ret = p;
        return 0;
}
