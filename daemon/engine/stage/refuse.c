/* SPDX-License-Identifier: MIT */
/* Credential files judged by what the commit would hold: the staged blob's first bytes, the worktree's
 * for a path behind a clean filter. Must not run a filter, hook or driver: git check-attr only reads. */
#include "stage-internal.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "array.h"
#include "credentials.h"
#include "git-audit.h"
#include "match.h"

static const char *head_oid(void *ctx, size_t i) {
        return ((Heads *) ctx)->v[i]->dst_oid;
}

static void head_judge(void *ctx, size_t i, const char *buf, size_t len, uint64_t size) {
        Change *ch = ((Heads *) ctx)->v[i];
        ch->refused = credential_secret(ch->path, buf, len, size) != NULL;
}

static int read_heads(void *userdata, int fd) {
        Heads *h = userdata;
        return cat_file_heads(fd, h->n, CREDENTIAL_HEAD_BYTES, head_oid, head_judge, h);
}

/*
 * A filter stores another thing than the file: git-lfs's clean filter
 * stages a pointer and keeps the bytes in .git/lfs/objects, so a key
 * behind `*.txt filter=lfs` is no key to the staged blob, and a checkout
 * smudges the key back. Which of the files judged by content name a filter,
 * as git check-attr says (it reads attributes and runs nothing: no driver,
 * no hook; the test proves it with a marker): want[i] for v[i], a symlink
 * never (no filter reads one). "unspecified" is no filter; "set" and
 * "unset" are none to git either, but a driver of that name is looked up
 * all the same, so they count. 0, or the failure in err.
 */
int filtered(const Git *g, Change *const *v, size_t n, bool *want, HostError *err) {
        static const char *const args[] = {"check-attr", "-z", "--stdin", "filter", NULL};
        _cleanup_free_ char *in = NULL, *out = NULL;
        _cleanup_free_ size_t *asked = calloc(n + 1, sizeof *asked);
        size_t n_in = 0, allocated = 0, n_out = 0, k = 0;
        if (!asked)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                want[i] = false;
                if (!is_file_mode(v[i]->dst_mode))
                        continue;
                size_t len = strlen(v[i]->path) + 1;
                if (ARRAY_GROW(in, allocated, n_in + len) < 0)
                        return -ENOMEM;
                memcpy(in + n_in, v[i]->path, len);
                n_in += len;
                asked[k++] = i;
        }
        if (k == 0)
                return 0;
        int r = git_ok(g, args, in, n_in, &out, &n_out, err);
        if (r < 0)
                return r;
        /* "path\0filter\0value\0" a path, in the order asked */
        const char *p = out, *e = out + n_out;
        for (size_t j = 0; j < k; j++) {
                const char *f[3];
                for (size_t m = 0; m < 3; m++) {
                        const char *nul = p < e ? memchr(p, 0, (size_t) (e - p)) : NULL;
                        if (!nul)
                                return fail(err, -EBADMSG,
                                            "path policy: cannot read what git check-attr said");
                        f[m] = p;
                        p = nul + 1;
                }
                if (!streq(f[0], v[asked[j]]->path) || !streq(f[1], "filter"))
                        return fail(err, -EBADMSG, "path policy: cannot read what git check-attr said");
                want[asked[j]] = !streq(f[2], "unspecified");
        }
        return 0;
}

/* The first bytes (up to size) of the worktree's file at path: beneath
 * the worktree, no symlink followed; its type looked at before it is
 * opened (opening a device can act) and after (O_NONBLOCK: a fifo swapped
 * in meanwhile is not waited on). -ENXIO (-EISDIR): no regular file. */
static int worktree_head(int root_fd, const char *path, char *buf, size_t size, size_t *ret_n) {
        _cleanup_close_ int fd = -EBADF;
        struct stat st;
        size_t n = 0;
        int r = stat_beneath(root_fd, path, &st);
        if (r < 0)
                return r;
        if (!S_ISREG(st.st_mode))
                return S_ISDIR(st.st_mode) ? -EISDIR : -ENXIO;
        r = platform_open_beneath(root_fd, path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC,
                                  &fd);
        if (r < 0)
                return r;
        if (fstat(fd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return S_ISDIR(st.st_mode) ? -EISDIR : -ENXIO;
        while (n < size) {
                ssize_t k = read(fd, buf + n, size - n);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k < 0)
                        return -errno;
                if (k == 0)
                        break;
                n += (size_t) k;
        }
        *ret_n = n;
        return 0;
}

/* The new files judged by content whose attributes name a filter: their
 * worktree bytes judged too (what a checkout would smudge back), a key
 * there refusing the file as a key in its blob does. One that cannot be
 * read fails the stage, named: it is not passed unjudged. */
static int judge_filtered(const Git *g, int root_fd, const Heads *h, HostError *err) {
        _cleanup_free_ bool *want = calloc(h->n + 1, sizeof *want);
        if (!want)
                return -ENOMEM;
        int r = filtered(g, h->v, h->n, want, err);
        if (r < 0)
                return r;
        _cleanup_free_ char *buf = malloc(CREDENTIAL_HEAD_BYTES);
        if (!buf)
                return -ENOMEM;
        for (size_t i = 0; i < h->n; i++) {
                size_t n = 0;
                struct stat st;
                if (!want[i] || h->v[i]->refused)
                        continue;
                if ((r = worktree_head(root_fd, h->v[i]->path, buf, CREDENTIAL_HEAD_BYTES, &n)) < 0)
                        return fail(err, r,
                                    "path policy: cannot read %s, which a filter stores as other bytes, to "
                                    "judge it: %s",
                                    shown(h->v[i]->path), read_full_file_strerror(r));
                /* the file goes on past the head: its size, as the head was read */
                bool cut = n == CREDENTIAL_HEAD_BYTES && stat_beneath(root_fd, h->v[i]->path, &st) == 0 &&
                           (uint64_t) st.st_size > n;
                h->v[i]->refused =
                        credential_secret(h->v[i]->path, buf, n, cut ? (uint64_t) n + 1 : n) != NULL;
        }
        return 0;
}

int stage_allowed(const StageConfig *c, const char *path, StageResult *res) {
        bool allowed = false;
        for (size_t i = 0; i < c->n_allow && !allowed; i++) {
                size_t n = strlen(c->allow[i]);
                allowed = match_glob(c->allow[i], path, MATCH_PATHNAME) ||
                          (n > 0 && strncmp(path, c->allow[i], n) == 0 &&
                           (path[n] == '/' || c->allow[i][n - 1] == '/'));
        }
        if (!allowed)
                return 0;
        for (size_t i = 0; i < res->n_allowed; i++)
                if (streq(res->allowed[i], path))
                        return 1;
        if (ARRAY_GROW(res->allowed, res->n_allowed_allocated, res->n_allowed + 1) < 0 ||
            !(res->allowed[res->n_allowed] = strdup(path)))
                return -ENOMEM;
        res->n_allowed++;
        return 1;
}

/* Phase 6, refuse: the new files queued by run_classify() judged by what
 * the commit would hold (their staged blobs; the worktree's bytes for one
 * behind a clean filter), each credential refused. */
int run_refuse(StageRun *s) {
        const char *batch[] = {"cat-file", "--batch", NULL};
        char err_cat[256];
        int status = 0, r;
        if (s->heads.n == 0)
                return 0;
        r = git_stream(&s->g, batch, s->oids, s->n_oids, read_heads, &s->heads, &status, err_cat,
                       sizeof err_cat);
        if (r < 0 || status != 0)
                return fail(s->err, r < 0 ? r : -EIO, "path policy: cannot read the staged files in %s: %s",
                            shown(s->c->worktree), r < 0 ? git_strerror(r) : err_cat);
        if ((r = judge_filtered(&s->g, s->root_fd, &s->heads, s->err)) < 0)
                return r;
        for (size_t i = 0; i < s->heads.n; i++) {
                if (!s->heads.v[i]->refused)
                        continue;
                if ((r = stage_allowed(s->c, s->heads.v[i]->path, &s->res)) != 0) {
                        if (r < 0)
                                return r;
                        s->heads.v[i]->refused = false;
                        continue;
                }
                if ((r = refuse_change(s->deleted, s->heads.v[i], s->zeros, &s->edits, &s->res)) < 0)
                        return r;
        }
        return 0;
}
