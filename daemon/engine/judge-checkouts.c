/* SPDX-License-Identifier: MIT */
/*
 * The checkouts whose policy can name a path below a directory (judge-run.h,
 * judge_checkouts_find): the judge's bounded walk for nested checkouts. It
 * must not follow a symlink, enter a .git, open a file, or decide anything.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "array.h"
#include "judge-run.h"
#include "platform.h"
#include "util.h"

/* As deep as a walk goes: a path deeper than this is past the bound. */
#define WALK_DEPTH_MAX 64u

typedef struct Walk {
        JudgeCheckouts *out;
        size_t seen, max;
        char path[PATH_MAX]; /* the directory walked, relative to the root */
} Walk;

static void closedirp(DIR **d) {
        if (*d)
                closedir(*d);
}

static int put(JudgeCheckouts *c, const char *path, size_t n, bool nested) {
        if (ARRAY_GROW(c->v, c->allocated, c->n + 1) < 0)
                return -ENOMEM;
        char *s = strndup(path, n);
        if (!s)
                return -ENOMEM;
        c->v[c->n++] = (JudgeCheckout){.path = s, .nested = nested};
        return 0;
}

/* What a .git in the directory at fd is: 0 none, 1 a directory, 2 anything
 * else git reads a checkout from (a gitfile, a symlink). */
static int git_in(int fd, const char *dir) {
        struct stat st;
        if (fstatat(fd, dir && *dir ? dir : ".", &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode))
                return 0;
        _cleanup_free_ char *p = NULL;
        if (asprintf(&p, "%s%s.git", dir && *dir ? dir : "", dir && *dir ? "/" : "") < 0 ||
            fstatat(fd, p, &st, AT_SYMLINK_NOFOLLOW) < 0)
                return 0;
        return S_ISDIR(st.st_mode) ? 1 : 2;
}

/* The first directory not looked in: reported, never dropped in silence. */
static int past(Walk *w, const char *name) {
        if (w->out->unwalked)
                return 0;
        size_t len = strlen(w->path);
        if (asprintf(&w->out->unwalked, "%s%s%s", w->path, len && name ? "/" : "", name ? name : "") < 0) {
                w->out->unwalked = NULL;
                return -ENOMEM;
        }
        return 0;
}

/* fd (taken) at w->path: each subdirectory but .git, a checkout recorded
 * when it holds a .git, then walked. */
static int walk(Walk *w, int fd, unsigned depth) {
        _cleanup_(closedirp) DIR *d = fdopendir(fd);
        if (!d) {
                close(fd);
                return 0; /* not walked: as a directory that cannot be read */
        }
        size_t len = strlen(w->path);
        int r = 0;
        for (struct dirent *de; r >= 0 && (de = readdir(d));) {
                if (streq(de->d_name, ".") || streq(de->d_name, "..") || streq(de->d_name, ".git"))
                        continue;
                if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
                        continue;
                if (w->seen >= w->max || depth >= WALK_DEPTH_MAX ||
                    len + 1 + strlen(de->d_name) >= sizeof w->path) {
                        r = past(w, de->d_name);
                        continue;
                }
                int cfd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (cfd < 0)
                        continue; /* a file (DT_UNKNOWN), a symlink, or gone */
                w->seen++;
                snprintf(w->path + len, sizeof w->path - len, "%s%s", len ? "/" : "", de->d_name);
                int g = git_in(cfd, NULL);
                if (g > 0)
                        r = put(w->out, w->path, strlen(w->path), g == 1);
                if (r >= 0)
                        r = walk(w, cfd, depth + 1);
                else
                        close(cfd);
                w->path[len] = 0;
        }
        return r;
}

static int by_path(const void *a, const void *b) {
        return strcmp(((const JudgeCheckout *) a)->path, ((const JudgeCheckout *) b)->path);
}

void judge_checkouts_done(JudgeCheckouts *c) {
        for (size_t i = 0; c->v && i < c->n; i++)
                free(c->v[i].path);
        free(c->v);
        free(c->unwalked);
        *c = (JudgeCheckouts){0};
}

int judge_checkouts_find(int root_fd, const char *dir, size_t max, bool below, JudgeCheckouts *ret) {
        _cleanup_(judge_checkouts_done) JudgeCheckouts c = {0};
        size_t n = strlen(dir);
        int r = put(&c, "", 0, false);

        /* Above dir, each directory with a .git, outermost first; then dir. */
        for (size_t k = 1; r >= 0 && k <= n; k++)
                if (k == n || dir[k] == '/') {
                        _cleanup_free_ char *p = strndup(dir, k);
                        int g = p ? git_in(root_fd, p) : -ENOMEM;
                        r = g < 0 ? g : g > 0 ? put(&c, dir, k, g == 1) : 0;
                }
        if (r < 0)
                return r;
        _cleanup_free_ Walk *w = calloc(1, sizeof *w);
        if (!w)
                return -ENOMEM;
        *w = (Walk){.out = &c, .max = max};
        if (n >= sizeof w->path) /* too long to walk below: past the bound */
                r = (c.unwalked = strdup(dir)) ? 0 : -ENOMEM;
        else if (below) {
                memcpy(w->path, dir, n + 1);
                /* beneath the root through no symlink, as the walk below goes */
                int fd = -1;
                size_t first = c.n;
                r = platform_open_beneath(root_fd, n ? dir : ".", O_RDONLY | O_DIRECTORY, &fd) < 0
                            ? 0
                            : walk(w, fd, 0);
                /* In the order of their names, not the directories': the
                 * reports are the same on every filesystem. */
                if (r >= 0)
                        qsort(c.v + first, c.n - first, sizeof *c.v, by_path);
        }
        if (r < 0)
                return r;
        *ret = c;
        c = (JudgeCheckouts){0};
        return 0;
}
