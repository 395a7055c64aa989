/* SPDX-License-Identifier: MIT */
/*
 * Nested checkouts, for stage (host-internal.h): the ones the boot found
 * (the guest's watcher bound the policy at each of their roots), and git
 * directories the guest moved where git add would take them for files.
 * Nothing here follows a symlink or opens a file for reading.
 */
#include "host-internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

#include "array.h"
#include "entry.h"
#include "platform.h"
#include "util.h"

/* What the walk below looks at, at most: as masked_files_record(). */
#define CHECKOUTS_WALK_MAX 100000u
#define CHECKOUTS_DEPTH_MAX 64u

static void closedirp(DIR **d) {
        if (*d)
                closedir(*d);
}

typedef struct CheckoutWalk {
        FILE *out;
        char path[PATH_MAX]; /* the directory walked, relative ("" for the root) */
        size_t n;
        bool incomplete;
} CheckoutWalk;

/* fd (taken) at w->path, a directory: a record if it holds a .git (a
 * directory or a gitfile), then each subdirectory but .git walked. */
static int checkout_walk(CheckoutWalk *w, int fd, unsigned depth) {
        _cleanup_(closedirp) DIR *d = fdopendir(fd);
        if (!d) {
                close(fd);
                return -errno;
        }
        struct stat st;
        if (w->path[0] && fstatat(dirfd(d), ".git", &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
                fprintf(w->out, "%s%c", w->path, 0);
        size_t len = strlen(w->path);
        for (struct dirent *de; (de = readdir(d));) {
                if (streq(de->d_name, ".") || streq(de->d_name, "..") || streq(de->d_name, ".git"))
                        continue;
                if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
                        continue;
                if (++w->n > CHECKOUTS_WALK_MAX || depth >= CHECKOUTS_DEPTH_MAX ||
                    len + 1 + strlen(de->d_name) >= sizeof w->path) {
                        w->incomplete = true;
                        continue;
                }
                int cfd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (cfd < 0)
                        continue; /* a file (DT_UNKNOWN), a symlink, or gone */
                snprintf(w->path + len, sizeof w->path - len, "%s%s", len ? "/" : "", de->d_name);
                int r = checkout_walk(w, cfd, depth + 1);
                w->path[len] = 0;
                if (r < 0)
                        return r;
        }
        return 0;
}

int checkouts_list(int root_fd, char **ret, size_t *ret_n) {
        _cleanup_free_ char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        if (!out)
                return -ENOMEM;
        CheckoutWalk w = {.out = out};
        int fd = openat(root_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        int r = fd < 0 ? -errno : checkout_walk(&w, fd, 0);
        if (fclose(out) != 0 && r >= 0)
                r = -ENOMEM;
        if (r < 0)
                return r;
        /* the header last known, put first */
        const char *head = w.incomplete ? "incomplete" : "complete";
        char *all = malloc(strlen(head) + 1 + len);
        if (!all)
                return -ENOMEM;
        memcpy(all, head, strlen(head) + 1);
        memcpy(all + strlen(head) + 1, text ? text : "", len);
        *ret = all;
        *ret_n = strlen(head) + 1 + len;
        return 0;
}

void checkouts_done(Checkouts *c) {
        hashmap_free(c->roots);
        free(c->buf);
        *c = (Checkouts){0};
}

int checkouts_load(int out_fd, Checkouts *ret) {
        _cleanup_(checkouts_done) Checkouts c = {0};
        size_t n = 0;
        int fd = openat(out_fd, HOST_CHECKOUTS_FILE, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0 && errno != ENOENT)
                return -errno;
        if (!(c.roots = hashmap_new_borrowed()))
                return -ENOMEM;
        if (fd < 0) {
                c.state = CHECKOUTS_LOST;
                *ret = c;
                c = (Checkouts){0};
                return 0;
        }
        int r = read_full_fd(fd, 64u << 20, &c.buf, &n);
        close(fd);
        if (r < 0)
                return r;
        c.state = n > 0 && streq(c.buf, "complete") ? CHECKOUTS_COMPLETE : CHECKOUTS_INCOMPLETE;
        for (char *p = c.buf + strnlen(c.buf, n) + 1; p < c.buf + n; p += strlen(p) + 1)
                if (*p && hashmap_put(c.roots, p, NULL) < 0)
                        return -ENOMEM;
        *ret = c;
        c = (Checkouts){0};
        return 0;
}

bool checkouts_bound(const Checkouts *c, const Policy *policy, const char *path) {
        if (c->state != CHECKOUTS_COMPLETE)
                return true; /* lost or cut short: as if every one were */
        _cleanup_free_ char *p = strdup(path);
        if (!p)
                return true;
        for (char *slash; (slash = strrchr(p, '/'));) {
                *slash = 0;
                if (!hashmap_contains(c->roots, p))
                        continue;
                /* the watcher's binds at that root: the policy anchored there */
                const char *rest = path + (slash - p) + 1;
                for (size_t i = 0; i < policy->n; i++)
                        if (policy->actions[i].kind != PLATFORM_PROTECT &&
                            entry_match_anchored(policy->actions[i].path, rest))
                                return true;
        }
        return false;
}

/* Is dir (relative, beneath root_fd) a git directory, by git's own test
 * (setup.c is_git_directory()): a HEAD, and objects/ and refs/ or a
 * commondir naming them? */
static bool is_git_dir(int root_fd, const char *dir) {
        _cleanup_close_ int fd = -EBADF;
        struct stat st;
        if (platform_open_beneath(root_fd, dir, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, &fd) < 0)
                return false;
        if (fstatat(fd, "HEAD", &st, AT_SYMLINK_NOFOLLOW) < 0 ||
            (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)))
                return false;
        if (fstatat(fd, "commondir", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
                return true;
        return fstatat(fd, "objects", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode) &&
               fstatat(fd, "refs", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

size_t git_dir_above(int root_fd, Hashmap *seen, const char *path) {
        _cleanup_free_ char *p = strdup(path);
        size_t found = 0;
        if (!p)
                return strlen(path); /* cannot tell: held back */
        /* every ancestor: the outermost git directory is the one named */
        for (char *slash; (slash = strrchr(p, '/'));) {
                *slash = 0;
                bool known = hashmap_contains(seen, p);
                bool is = known ? hashmap_get(seen, p) != NULL : is_git_dir(root_fd, p);
                if (!known && hashmap_put(seen, p, is ? (void *) 1 : NULL) < 0)
                        return strlen(path);
                if (is)
                        found = (size_t) (slash - p);
        }
        return found;
}
