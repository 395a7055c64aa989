/* SPDX-License-Identifier: MIT */
/*
 * Where a line's commands run (command-internal.h): the directory the
 * caller says the line starts in, then every place a cd or pushd of the
 * line may have taken it; and whether a path names that first directory
 * or one above it (the checkout, whose .git a copy takes along). By name
 * only: it must not touch the filesystem (a symlink to the directory is
 * not seen; the caller resolved the first one).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

/* base joined with a (absolute, ~/..., or relative), "." and ".."
 * resolved by name, into out ("/" for the root); false when it cannot be
 * told (~user, a home not known, too long, out of memory). */
static bool resolve(const char *base, const char *home, const char *a, char out[CWD_MAX]) {
        _cleanup_free_ char *full = NULL, *rel = NULL;
        if (a[0] == '~' && (!home || (a[1] != 0 && a[1] != '/')))
                return false;
        int r = a[0] == '/'   ? asprintf(&full, "%s", a)
                : a[0] == '~' ? asprintf(&full, "%s/%s", home, a + 1)
                              : asprintf(&full, "%s/%s", base, a);
        if (r < 0)
                return false;
        const char *t = full + strspn(full, "/");
        rel = path_normalize(t); /* NULL: "/", or above it: the root */
        return snprintf(out, CWD_MAX, "/%s", rel ? rel : "") < CWD_MAX;
}

void cwd_enter(Judge *j, const ShellWord *const *w, size_t n) {
        char buf[CWD_MAX];
        size_t k = 1;
        while (k < n && programs_plain(w[k], buf, sizeof buf) && buf[0] == '-' && buf[1]) /* cd -P, -L, -e */
                k++;
        char name[8];
        bool pushd = streq_ptr(programs_plain(w[0], name, sizeof name), "pushd");
        const char *a = k < n ? programs_plain(w[k], buf, sizeof buf) : pushd ? NULL : j->policy->home;
        /* computed, cd -, pushd alone or +N, -N: anywhere; anything */
        if (!a || streq(a, "-") || a[0] == '+' || (pushd && a[0] == '-') || k + 1 < n) {
                j->cwd_unknown = true;
                return;
        }
        cwd_enter_dir(j, a);
}

void cwd_enter_dir(Judge *j, const char *a) {
        const char *base = j->policy->cwd, *home = j->policy->home;
        if (!base) { /* from a start not known: anywhere */
                j->cwd_unknown = true;
                return;
        }
        /* from each place the line may be in: the first and every cd's */
        for (size_t i = 0, m = j->n_cwds; i <= m && !j->cwd_unknown; i++) {
                char out[CWD_MAX];
                if (j->n_cwds == ELEMENTSOF(j->cwds) ||
                    !resolve(i == 0 ? base : j->cwds[i - 1], home, a, out) || cwd_by_descriptor(out))
                        j->cwd_unknown = true; /* cd /dev/fd/3 3<.git: a directory the line opened */
                else
                        memcpy(j->cwds[j->n_cwds++], out, CWD_MAX);
        }
}

bool cwd_moved(const Judge *j) {
        return j->n_cwds > 0 || j->cwd_unknown;
}

/* /proc/self/cwd, /proc/1/root/..., and /dev/fd/N, /dev/stdin (links to
 * /proc/self/fd: a directory the line opened, 9<. or <.): the working
 * directory, or any, by a link. a: absolute and resolved by name. */
static bool by_link(const char *a) {
        static const char *const links[] = {"/proc",       "/dev/fd",     "/dev/stdin",
                                            "/dev/stdout", "/dev/stderr", NULL};
        for (const char *const *l = links; *l; l++) {
                size_t n = strlen(*l);
                if (strncmp(a, *l, n) == 0 && (a[n] == 0 || a[n] == '/'))
                        return true;
        }
        return false;
}

bool cwd_by_descriptor(const char *a) {
        static const char *const links[] = {"fd", "cwd", "root", "map_files", NULL};
        if (!by_link(a))
                return false;
        if (strncmp(a, "/proc", 5) != 0 || a[5] != '/')
                return true; /* /dev/fd, /dev/fd/N, /dev/stdin, /dev/stdout, /dev/stderr */
        /* /proc/self/fd/3, /proc/1/cwd, /proc/self/task/7/root: a link; /proc/self, /proc/cpuinfo: no
         * checkout */
        for (const char *c = a + 6; *c; c += strcspn(c, "/"), c += strspn(c, "/")) {
                size_t l = strcspn(c, "/");
                for (const char *const *q = links; *q; q++)
                        if (strlen(*q) == l && strncmp(c, *q, l) == 0)
                                return true;
        }
        return false;
}

bool cwd_to_descriptor(const Judge *j, const char *a) {
        const char *cwd = j->policy->cwd;
        char out[CWD_MAX];
        if (a[0] == '/' || !cwd)
                return a[0] == '/' && resolve("/", NULL, a, out) && cwd_by_descriptor(out);
        for (size_t i = 0; i <= j->n_cwds; i++)
                if (resolve(i == 0 ? cwd : j->cwds[i - 1], j->policy->home, a, out) &&
                    cwd_by_descriptor(out))
                        return true;
        return false;
}

/* Does the component c (a glob as written) match .git ('*' alone does
 * not: dotglob is off)? */
static bool git_component(const char *c, size_t l) {
        char one[CWD_MAX];
        if (l == 0 || l >= sizeof one)
                return l > 0;
        memcpy(one, c, l);
        one[l] = 0;
        return !streq(one, "*") && match_glob(one, ".git", MATCH_FOLD);
}

bool cwd_in_git(const Judge *j, const char *a) {
        const char *cwd = j->policy->cwd;
        if (!cwd || (j->cwd_unknown && a[0] != '/' && a[0] != '~'))
                return false; /* not told: the caller's other rules judge it */
        for (size_t i = 0; i <= j->n_cwds; i++) {
                char out[CWD_MAX];
                if (!resolve(i == 0 ? cwd : j->cwds[i - 1], j->policy->home, a, out))
                        return a[0] != '~'; /* ~user is no checkout */
                /* past the checkout's own path, when it is the start */
                size_t l = strlen(cwd),
                       from = strncmp(out, cwd, l) == 0 && (out[l] == 0 || out[l] == '/') ? l : 0;
                for (const char *c = out + from; *c; c += strcspn(c, "/")) {
                        c += strspn(c, "/");
                        if (*c && git_component(c, strcspn(c, "/")))
                                return true;
                }
        }
        return false;
}

bool cwd_above(const Judge *j, const char *a) {
        const char *cwd = j->policy->cwd;
        char abs[CWD_MAX];
        if (by_link(a) || (a[0] == '/' && resolve("/", NULL, a, abs) && by_link(abs)))
                return true;
        if (j->cwd_unknown && a[0] != '/' && a[0] != '~')
                return true;
        if (!cwd)
                return false;
        for (size_t i = 0; i <= j->n_cwds; i++) {
                char out[CWD_MAX];
                if (!resolve(i == 0 ? cwd : j->cwds[i - 1], j->policy->home, a, out))
                        return a[0] != '~'; /* not told: the side that refuses, but ~user is no checkout */
                if (by_link(out))           /* cd /dev/fd; tar ch 9/ */
                        return true;
                size_t l = strlen(out);
                if (streq(out, "/") || (strncmp(cwd, out, l) == 0 && (cwd[l] == 0 || cwd[l] == '/')))
                        return true;
        }
        return false;
}
