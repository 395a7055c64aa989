/* SPDX-License-Identifier: MIT */
/*
 * The boot's base commit (host-internal.h): its record in VMDIR, what
 * stage judges against, and the colony's own commits judged against it.
 * Publish carries the colony's commits as well as the index: a secret
 * the colony committed is published whatever the index says, and stage,
 * which edits only the index, cannot take it out of a commit. It can only
 * refuse.
 */
#include "host-internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

#include "array.h"
#include "credentials.h"
#include "entry.h"
#include "git-index.h"
#include "policy-file.h"
#include "util.h"

static bool is_hex_id(const char *s, size_t n) {
        return (n == 40 || n == 64) && strspn(s, "0123456789abcdef") == n;
}

int base_record_read(int out_fd, BaseRecord *ret) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0;
        /* VMDIR is the host's; O_NONBLOCK all the same: a fifo there does
         * not hang stage. */
        int fd = openat(out_fd, HOST_BASE_FILE, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) {
                if (errno != ENOENT)
                        return -errno;
                *ret = (BaseRecord){.lost = true};
                return 0;
        }
        struct stat st;
        int r = fstat(fd, &st) < 0 ? -errno : !S_ISREG(st.st_mode) ? -EBADMSG : 0;
        if (r == 0)
                r = read_full_fd(fd, 128, &buf, &n);
        close(fd);
        if (r < 0)
                return r == -EFBIG ? -EBADMSG : r;
        if (n > 0 && buf[n - 1] == '\n')
                buf[--n] = 0;
        if (n > 0 && (!is_hex_id(buf, n) || strlen(buf) != n))
                return -EBADMSG;
        *ret = (BaseRecord){0};
        memcpy(ret->id, buf ? buf : "", n + 1);
        return 0;
}

/* The empty tree's id in a repository of this hash: what a base without
 * a commit holds (git knows it without having it stored). */
static const char *empty_tree(size_t hashsz) {
        return hashsz == 32 ? "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321"
                            : "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
}

int stage_base_load(int out_fd, const Git *g, StageBase *ret, HostError *e) {
        StageBase b = {0};
        int r = base_record_read(out_fd, &b.record);
        if (r < 0)
                return fail(e, r, "path policy: cannot read the boot's base commit %s: %s", HOST_BASE_FILE,
                            r == -EBADMSG ? "it holds no commit id" : strerror(-r));
        if (b.record.id[0] && g->hashsz && strlen(b.record.id) != 2 * g->hashsz)
                return fail(e, -EBADMSG,
                            "path policy: the boot's base commit %s is not of this repository's hash",
                            b.record.id);
        /* The pin's rev-parse said HEAD's commit: base == HEAD costs no git. */
        b.moved = !b.record.lost && !streq(b.record.id, g->head_commit);
        snprintf(b.rev, sizeof b.rev, "%s",
                 !b.moved          ? "HEAD"
                 : b.record.id[0]  ? b.record.id
                 : g->hashsz == 32 ? empty_tree(32)
                                   : empty_tree(20));
        *ret = b;
        return 0;
}

/* One of the base's entries, by path: its mode and id, from its ls-tree
 * line ("<mode> <type> <oid>\t<path>"). */
typedef struct BaseEntry {
        unsigned mode;
        const char *oid; /* hex, ended by the tab */
} BaseEntry;

static int base_entries(const char *listing, size_t n, Hashmap *by_path, BaseEntry **ret, size_t *ret_n) {
        _cleanup_free_ BaseEntry *v = NULL;
        size_t k = 0, allocated = 0;
        const char *end = listing + n;
        /* Two passes: the array is filled first (it moves as it grows),
         * then the map points into it. */
        for (const char *p = listing; p < end;) {
                const char *nul = memchr(p, 0, (size_t) (end - p)), *tab, *sp;
                if (!nul || !(tab = memchr(p, '\t', (size_t) (nul - p))) ||
                    !(sp = memrchr(p, ' ', (size_t) (tab - p))))
                        return -EBADMSG;
                if (ARRAY_GROW(v, allocated, k + 1) < 0)
                        return -ENOMEM;
                v[k++] = (BaseEntry){.mode = (unsigned) strtoul(p, NULL, 8), .oid = sp + 1};
                p = nul + 1;
        }
        size_t i = 0;
        for (const char *p = listing; p < end; p += strlen(p) + 1, i++)
                if (hashmap_put(by_path, strchr(p, '\t') + 1, &v[i]) < 0)
                        return -ENOMEM;
        *ret = TAKE_PTR(v);
        *ret_n = k;
        return 0;
}

/* One path a commit brings, to be judged by its first bytes. */
typedef struct Suspect {
        const char *commit, *path;
        char oid[65];
        const char *reason; /* set when refused */
} Suspect;

typedef struct Suspects {
        Suspect *v;
        size_t n, allocated;
} Suspects;

/* The blobs' first bytes, from git cat-file --batch in the order asked:
 * a private key is a credential whatever its name. */
typedef struct Reading {
        Suspect **v;
        size_t n;
} Reading;

static const char *suspect_oid(void *ctx, size_t i) {
        return ((Reading *) ctx)->v[i]->oid;
}

static void suspect_judge(void *ctx, size_t i, const char *buf, size_t len, uint64_t size) {
        Suspect *s = ((Reading *) ctx)->v[i];
        if (credential_secret(s->path, buf, len, size))
                s->reason = "credential";
}

static int read_suspects(void *userdata, int fd) {
        Reading *rd = userdata;
        return cat_file_heads(fd, rd->n, CREDENTIAL_HEAD_BYTES, suspect_oid, suspect_judge, rd);
}

static bool policy_names(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++)
                if (entry_same_path(p->actions[i].path, path))
                        return true;
        return false;
}

/* What stage would refuse or take out of the index, had the colony staged
 * this instead of committing it: the reason, NULL for nothing, or
 * "content" for a blob to read. */
static const char *judge_one(const Policy *policy, const Hashmap *placeholders, const Hashmap *base,
                             unsigned mode, const char *oid, const char *empty, const char *path) {
        const BaseEntry *b = hashmap_get(base, path);
        bool file = (mode & S_IFMT) == S_IFREG, link = (mode & S_IFMT) == S_IFLNK;
        /* a placeholder: empty, at a placeholder path, new to the base */
        if (!b && file && streq(oid, empty) &&
            (placeholders ? hashmap_contains(placeholders, path) : policy_names(policy, path)))
                return "placeholder";
        /* a masked path's bytes, other than the base's own */
        if (stage_path_masked(policy, path, !b) &&
            !(b && b->mode == mode && strncmp(b->oid, oid, strlen(oid)) == 0 && b->oid[strlen(oid)] == '\t'))
                return "masked";
        /* a credential file new to the base, by content (a symlink's: its target) */
        return b || !(file || link) ? NULL : "content";
}

static int refuse(StageResult *res, const Suspect *s) {
        StageRefusedCommit *c;
        if (ARRAY_GROW(res->refused_commits, res->n_refused_commits_allocated, res->n_refused_commits + 1) <
            0)
                return -ENOMEM;
        c = &res->refused_commits[res->n_refused_commits];
        *c = (StageRefusedCommit){.commit = strdup(s->commit), .path = strdup(s->path), .reason = s->reason};
        if (!c->commit || !c->path) {
                free(c->commit);
                free(c->path);
                return -ENOMEM;
        }
        res->n_refused_commits++;
        return 0;
}

/* The colony's commits (revs, one id a line) that the repository's
 * shallow file names, refused: git takes such a commit for a root, so
 * rev-list lists none of the commits below it, and diff-tree judges it
 * against nothing, while the commit itself still names its parents, which
 * anything that reads the objects as they are (an unshallowed copy, a
 * bundle, a forge that accepts a shallow update) carries. The file is the
 * agent's (the git dir is writable); the boot's own boundaries are the
 * base's ancestors, never in base..HEAD. One that cannot be read as a file
 * fails the stage. */
static int shallow_refuse(const Git *g, const char *revs, size_t n_revs, StageResult *res, HostError *e) {
        _cleanup_free_ char *path = NULL, *buf = NULL;
        size_t n = 0;
        struct stat st;
        if (asprintf(&path, "%s/shallow", g->common_dir ? g->common_dir : g->git_dir) < 0)
                return fail(e, -ENOMEM, "path policy: out of memory");
        _cleanup_close_ int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0 && errno == ENOENT)
                return 0;
        int r = fd < 0 ? -errno : fstat(fd, &st) < 0 ? -errno : !S_ISREG(st.st_mode) ? -ENXIO : 0;
        if (r == 0)
                r = read_full_fd(fd, 64u << 20, &buf, &n);
        if (r < 0)
                return fail(e, r, "path policy: cannot read %s, which says where the history stops: %s",
                            shown(path),
                            r == -ELOOP   ? "a symlink"
                            : r == -ENXIO ? "no file"
                                          : strerror(-r));
        for (const char *p = revs, *nl;
             p < revs + n_revs && (nl = memchr(p, '\n', (size_t) (revs + n_revs - p))); p = nl + 1) {
                size_t len = (size_t) (nl - p);
                bool named = false;
                for (const char *q = buf; !named && q && q + len <= buf + n;) {
                        named = memcmp(q, p, len) == 0 && (q + len == buf + n || q[len] == '\n');
                        q = memchr(q, '\n', (size_t) (buf + n - q));
                        q = q ? q + 1 : NULL;
                }
                if (!named)
                        continue;
                _cleanup_free_ char *id = strndup(p, len);
                Suspect s = {.commit = id, .path = "shallow", .reason = "shallow"};
                if (!id || (r = refuse(res, &s)) < 0)
                        return fail(e, -ENOMEM, "path policy: out of memory");
        }
        return 0;
}

static void suspects_done(Suspects *s) {
        free(s->v);
}

int base_commits_judge(const StageConfig *c, const Git *g, const StageBase *base, const Policy *policy,
                       const Hashmap *placeholders, const char *listing, size_t n_listing, StageResult *res,
                       HostError *e) {
        _cleanup_free_ char *revs = NULL, *raw = NULL, *range = NULL, *oids = NULL;
        _cleanup_free_ BaseEntry *entries = NULL;
        _cleanup_(hashmap_freep) Hashmap *by_path = hashmap_new_borrowed(), *seen = hashmap_new();
        _cleanup_(suspects_done) Suspects sus = {0};
        size_t n_revs = 0, n_raw = 0, n_entries = 0, n_oids = 0, oids_allocated = 0;
        int r;

        if (!by_path || !seen)
                return fail(e, -ENOMEM, "path policy: out of memory");
        /* HEAD gone (an unborn branch): no commit of the colony's is
         * published from it */
        if (!g->head_commit[0])
                return 0;
        /* The pinned commit, not HEAD again: what was judged is what the
         * index was judged beside. */
        if (base->record.id[0] ? asprintf(&range, "%s..%s", base->record.id, g->head_commit) < 0
                               : !(range = strdup(g->head_commit)))
                return fail(e, -ENOMEM, "path policy: out of memory");
        const char *rev_list[] = {"rev-list", "--reverse", range, "--", NULL};
        HostError why;
        if ((r = git_ok(g, rev_list, NULL, 0, &revs, &n_revs, &why)) < 0)
                return fail(e, r,
                            "path policy: cannot list the colony's commits since the boot's base %s (%s)",
                            base->record.id[0] ? base->record.id : "(none)", why.message);
        if (n_revs == 0)
                return 0;
        if ((r = shallow_refuse(g, revs, n_revs, res, e)) < 0)
                return r;
        /* Each commit against each of its parents (-m: a merge's either
         * side, and what the merge itself brings), a root one against
         * nothing. Plumbing: no config of the porcelain's (log's
         * showSignature, a diff driver) takes part. */
        const char *diff_tree[] = {"diff-tree",
                                   "--stdin",
                                   "-r",
                                   "-z",
                                   "--raw",
                                   "-m",
                                   "--root",
                                   "--no-abbrev",
                                   "--no-renames",
                                   "--no-ext-diff",
                                   "--no-textconv",
                                   NULL};
        if ((r = git_ok(g, diff_tree, revs, n_revs, &raw, &n_raw, e)) < 0)
                return r;
        if ((r = base_entries(listing, n_listing, by_path, &entries, &n_entries)) < 0)
                return fail(e, r, "path policy: cannot read the base's listing: %s", strerror(-r));

        /* "<commit>\0", then ":<src mode> <dst mode> <src> <dst> <status>\0<path>\0" each */
        const char *commit = NULL;
        char empty[65] = "";
        for (char *p = raw, *end = raw + n_raw; p < end;) {
                char *tok = p;
                p += strlen(p) + 1;
                if (tok[0] != ':') {
                        if (!is_hex_id(tok, strlen(tok)))
                                return fail(e, -EBADMSG, "path policy: cannot read what git diff-tree said");
                        commit = tok;
                        continue;
                }
                unsigned src_mode, dst_mode;
                char src[65], dst[65], status[8];
                if (!commit || p >= end ||
                    sscanf(tok, ":%o %o %64s %64s %7s", &src_mode, &dst_mode, src, dst, status) != 5)
                        return fail(e, -EBADMSG, "path policy: cannot read what git diff-tree said");
                const char *path = p;
                p += strlen(p) + 1;
                if (dst_mode == 0)
                        continue; /* a deletion brings nothing */
                if (!empty[0]) {
                        uint8_t d[32];
                        GitHashAlgo algo = strlen(dst) == 64 ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
                        git_blob_oid(algo, "", 0, d);
                        for (size_t i = 0; i < (size_t) algo; i++)
                                snprintf(empty + 2 * i, 3, "%02x", d[i]);
                }
                const char *verdict = judge_one(policy, placeholders, by_path, dst_mode, dst, empty, path);
                if (!verdict)
                        continue;
                /* once a blob at a path: the first commit that brings it
                 * (a merge brings its sides' again) */
                _cleanup_free_ char *key = NULL;
                if (asprintf(&key, "%s %s", dst, path) < 0)
                        return fail(e, -ENOMEM, "path policy: out of memory");
                if (hashmap_contains(seen, key))
                        continue;
                if (hashmap_put(seen, key, NULL) < 0 || ARRAY_GROW(sus.v, sus.allocated, sus.n + 1) < 0)
                        return fail(e, -ENOMEM, "path policy: out of memory");
                Suspect *s = &sus.v[sus.n++];
                *s = (Suspect){.commit = commit,
                               .path = path,
                               .reason = streq(verdict, "content") ? NULL : verdict};
                snprintf(s->oid, sizeof s->oid, "%s", dst);
                if (!s->reason) {
                        if (ARRAY_GROW(oids, oids_allocated, n_oids + sizeof s->oid + 1) < 0)
                                return fail(e, -ENOMEM, "path policy: out of memory");
                        n_oids += (size_t) sprintf(oids + n_oids, "%s\n", dst);
                }
        }
        if (n_oids > 0) {
                _cleanup_free_ Suspect **wait = calloc(sus.n, sizeof *wait);
                Reading rd = {.v = wait};
                const char *batch[] = {"cat-file", "--batch", NULL};
                char err_cat[256];
                int status = 0;
                if (!wait)
                        return fail(e, -ENOMEM, "path policy: out of memory");
                for (size_t i = 0; i < sus.n; i++)
                        if (!sus.v[i].reason)
                                wait[rd.n++] = &sus.v[i];
                r = git_stream(g, batch, oids, n_oids, read_suspects, &rd, &status, err_cat, sizeof err_cat);
                if (r < 0 || status != 0)
                        return fail(e, r < 0 ? r : -EIO,
                                    "path policy: cannot read the colony's committed files: %s",
                                    r < 0 ? strerror(-r) : err_cat);
        }
        for (size_t i = 0; i < sus.n; i++) {
                if (!sus.v[i].reason)
                        continue;
                if (streq(sus.v[i].reason, "credential") &&
                    (r = stage_allowed(c, sus.v[i].path, res)) != 0) {
                        if (r < 0)
                                return fail(e, r, "path policy: out of memory");
                        continue;
                }
                if ((r = refuse(res, &sus.v[i])) < 0)
                        return fail(e, r, "path policy: out of memory");
        }
        return 0;
}
