/* SPDX-License-Identifier: MIT */
/* The plumbing way: what is staged as git diff --cached --raw and git status say, for an index the reader
 * does not know (split, sparse, a conflict). Must not read the index itself: that is git's, here. */
#include "stage-internal.h"

#include <stdio.h>
#include <sys/stat.h>

#include "array.h"
#include "git-audit.h"

/* Parse `git diff --raw -z --no-abbrev` (buf is NUL-terminated at n). */
static int parse_raw(char *buf, size_t n, Change **ret, size_t *ret_n) {
        _cleanup_free_ Change *v = NULL;
        size_t k = 0, allocated = 0;
        for (char *p = buf, *e = buf + n; p < e;) {
                Change c = {0};
                char status[8] = "";
                int used = 0;
                if (*p != ':' ||
                    sscanf(p, ":%o %o %64s %64s %7s%n", &c.src_mode, &c.dst_mode, c.src_oid, c.dst_oid,
                           status, &used) != 5 ||
                    strchr("AMDTU", status[0]) == NULL)
                        return -EBADMSG;
                c.status = status[0];
                p += strlen(p) + 1;
                if (p >= e)
                        return -EBADMSG;
                c.path = p;
                p += strlen(p) + 1;
                if (ARRAY_GROW(v, allocated, k + 1) < 0)
                        return -ENOMEM;
                v[k++] = c;
        }
        *ret = TAKE_PTR(v);
        *ret_n = k;
        return 0;
}

/* git status's arguments: what differs from the index at the masked paths
 * (git add is kept from them), untracked ones listed one by one. Past
 * STATUS_ARGS_MAX bytes of pathspecs, the whole worktree, filtered here. */
#define STATUS_ARGS_MAX (128u * 1024)
static int status_args(const Policy *p, char ***ret) {
        static const char *const fixed[] = {
                "status",       "--porcelain=v2",          "-z", "--untracked-files=all", "--ignored=no",
                "--no-renames", "--ignore-submodules=all", "--"};
        size_t n = ELEMENTSOF(fixed), bytes = 0, k = 0;
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT) {
                        n++;
                        bytes += strlen(p->actions[i].path) + sizeof ":(literal)";
                }
        bool all = bytes > STATUS_ARGS_MAX;
        char **v = calloc(n + 1, sizeof *v);
        if (!v)
                return -ENOMEM;
        for (; k < ELEMENTSOF(fixed); k++)
                if (!(v[k] = strdup(fixed[k])))
                        goto oom;
        for (size_t i = 0; i < p->n && !all; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT &&
                    asprintf(&v[k++], ":(literal)%s", p->actions[i].path) < 0) {
                        v[--k] = NULL;
                        goto oom;
                }
        *ret = v;
        return 0;
oom:
        strv_free(v);
        return -ENOMEM;
}

/* The masked paths git status says differ from the index, as changes
 * (git status --porcelain=v2 -z: "1 XY sub mH mI mW hH hI path" for a
 * tracked one, "? path" for an untracked one): what the worktree holds
 * there and git add did not hash. One the index already stages against
 * HEAD is left to what the index says. */
static int parse_status(char *buf, size_t n, const Policy *policy, const char *zeros, Change **v,
                        size_t *n_v) {
        size_t allocated = *n_v;
        for (char *p = buf, *e = buf + n; p < e;) {
                char *nul = memchr(p, 0, (size_t) (e - p));
                if (!nul)
                        return -EBADMSG;
                Change c = {.unstaged = true};
                char xy[3] = "", hh[65] = "", hi[65] = "";
                unsigned mh = 0, mi = 0, mw = 0;
                int used = 0;
                if (p[0] == '?' && p[1] == ' ') {
                        c.status = 'A';
                        c.path = p + 2;
                        memcpy(c.src_oid, zeros, sizeof c.src_oid);
                        memcpy(c.dst_oid, zeros, sizeof c.dst_oid);
                } else if (p[0] == '1' &&
                           sscanf(p, "1 %2s %*s %o %o %o %64s %64s %n", xy, &mh, &mi, &mw, hh, hi, &used) ==
                                   6 &&
                           used > 0 && p + used < nul) {
                        if (xy[0] != '.' || xy[1] == '.') { /* staged: the index's; or no change */
                                p = nul + 1;
                                continue;
                        }
                        c.status = xy[1] == 'D' ? 'D' : xy[1] == 'T' ? 'T' : 'M';
                        c.path = p + used;
                        c.src_mode = mh;
                        c.dst_mode = mw;
                        snprintf(c.src_oid, sizeof c.src_oid, "%s", hh);
                        memcpy(c.dst_oid, zeros, sizeof c.dst_oid);
                } else if (p[0] == 'u' || p[0] == '2' || p[0] == '#') {
                        p = nul + 1; /* a conflict: git diff's; no rename asked; a header */
                        continue;
                } else
                        return -EBADMSG;
                p = nul + 1;
                if (nul > c.path + 1 && nul[-1] == '/')
                        nul[-1] = 0; /* an untracked checkout: "dir/" */
                if (!masked_within(policy, c.path))
                        continue; /* the whole worktree listed (or a path git took otherwise) */
                if (ARRAY_GROW(*v, allocated, *n_v + 1) < 0)
                        return -ENOMEM;
                (*v)[(*n_v)++] = c;
        }
        return 0;
}

int run_diff_by_plumbing(StageRun *s) {
        size_t n_raw = 0;
        int r = s->lk.map ? git_index_edit_fd(s->lk.map, s->lk.n, 0, NULL, 0, s->lk.fd) : 0;
        if (r >= 0)
                r = index_unlock(&s->lk, r);
        if (r < 0)
                return fail(s->err, r, "path policy: cannot drop the cache tree of the index %s: %s",
                            shown(s->index_path), strerror(-r));
        const char *diff[] = {"diff",
                              "--cached",
                              "--raw",
                              "-z",
                              "--no-renames",
                              "--no-abbrev",
                              "--no-ext-diff",
                              "--no-textconv",
                              "--ignore-submodules=dirty",
                              s->head,
                              "--",
                              NULL};
        if ((r = git_ok(&s->g, diff, NULL, 0, &s->raw, &n_raw, s->err)) < 0)
                return r;
        if ((r = parse_raw(s->raw, n_raw, &s->changes, &s->n_changes)) < 0)
                return fail(s->err, r, "path policy: cannot read what git diff --raw said");
        return 0;
}

int run_status_by_plumbing(StageRun *s) {
        size_t st_n = 0;
        int r;
        if ((r = status_args(s->policy, &s->st_args)) < 0 ||
            (r = git_ok(&s->g, (const char *const *) s->st_args, NULL, 0, &s->st_out, &st_n, s->err)) < 0)
                return r;
        r = parse_status(s->st_out, st_n, s->policy, s->zeros, &s->changes, &s->n_changes);
        if (r == -EBADMSG)
                return fail(s->err, r, "path policy: cannot read what git status said in %s",
                            shown(s->c->worktree));
        return r;
}
