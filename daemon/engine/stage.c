/* SPDX-License-Identifier: MIT */
/*
 * stage (host.h): git add -A, then the policy's files taken back out of
 * the index. The engine is git's own plumbing, run with nothing the agent
 * could have set able to execute (git_run()), so every index format git
 * writes (v4, split, sparse, skipHash) is read by the git that wrote it.
 */
#include "host-internal.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>

#include "array.h"
#include "credentials.h"
#include "entry.h"
#include "git-audit.h"
#include "git-index.h"
#include "policy-file.h"
#include "util.h"

#define STAGE_REPORTED_FILE "path-policy.reported"

/* One line of git diff --raw -z: a change staged against HEAD. */
typedef struct Change {
        char status;                   /* A, M, D, T, R, C, U */
        unsigned src_mode, dst_mode;   /* HEAD's, the index's */
        char src_oid[65], dst_oid[65]; /* hex */
        const char *src, *path;        /* src: a rename's or copy's source; path: where it lands */
        bool dropped, held, refused;
} Change;

/* Parse `git diff --raw -z --no-abbrev` (buf is NUL-terminated at n). */
static int parse_raw(char *buf, size_t n, Change **ret, size_t *ret_n) {
        Change *v = NULL;
        size_t k = 0, allocated = 0;
        for (char *p = buf, *e = buf + n; p < e;) {
                Change c = {0};
                char status[8] = "";
                int used = 0;
                if (*p != ':' || sscanf(p, ":%o %o %64s %64s %7s%n", &c.src_mode, &c.dst_mode, c.src_oid,
                                        c.dst_oid, status, &used) != 5) {
                        free(v);
                        return -EBADMSG;
                }
                c.status = status[0];
                p += strlen(p) + 1;
                if (p >= e) {
                        free(v);
                        return -EBADMSG;
                }
                c.path = p;
                p += strlen(p) + 1;
                if (c.status == 'R' || c.status == 'C') {
                        if (p >= e) {
                                free(v);
                                return -EBADMSG;
                        }
                        c.src = c.path;
                        c.path = p;
                        p += strlen(p) + 1;
                }
                if (ARRAY_GROW(v, allocated, k + 1) < 0) {
                        free(v);
                        return -ENOMEM;
                }
                v[k++] = c;
        }
        *ret = v;
        *ret_n = k;
        return 0;
}

static bool masked_bound(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT && entry_match_anchored(p->actions[i].path, path))
                        return true;
        return false;
}

static bool policy_path(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++)
                if (entry_same_path(p->actions[i].path, path))
                        return true;
        return false;
}

/* "masked", "protected" or NULL: what an entry at any depth makes path. */
static const char *policy_at_depth(const Policy *p, const char *path) {
        const char *what = NULL;
        for (size_t i = 0; i < p->n; i++)
                if (entry_match_any_depth(p->actions[i].path, path)) {
                        if (p->actions[i].kind != PLATFORM_PROTECT)
                                return "masked";
                        what = "protected";
                }
        return what;
}

/* The staged blobs of the files to judge by content, read from git cat-file
 * --batch in the order asked: each one's first bytes judged, the rest
 * skipped. What is judged is what the commit would hold, never the
 * worktree's file: the index can hold other bytes than the worktree (a
 * skip-worktree or assume-unchanged entry, or stat data that git add
 * trusts without reading the file again). */
typedef struct Heads {
        Change **v;
        size_t n;
} Heads;

static int read_heads(void *userdata, int fd) {
        Heads *h = userdata;
        int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        if (copy < 0)
                return -errno;
        _cleanup_(fclosep) FILE *f = fdopen(copy, "r");
        if (!f) {
                close(copy);
                return -errno;
        }
        for (size_t i = 0; i < h->n; i++) {
                char line[256], oid[65], type[16], buf[CREDENTIAL_HEAD_BYTES];
                unsigned long long size;
                if (!fgets(line, sizeof line, f) || sscanf(line, "%64s %15s %llu", oid, type, &size) != 3 ||
                    !streq(type, "blob") || !streq(oid, h->v[i]->dst_oid))
                        return -EBADMSG;
                size_t want = size < sizeof buf ? (size_t) size : sizeof buf;
                if (fread(buf, 1, want, f) != want)
                        return -EBADMSG;
                h->v[i]->refused = credential_content(buf, want);
                for (unsigned long long rest = size - want + 1; rest > 0;) { /* and the newline */
                        char skip[65536];
                        size_t k = fread(skip, 1, rest < sizeof skip ? (size_t) rest : sizeof skip, f);
                        if (k == 0)
                                return -EBADMSG;
                        rest -= k;
                }
        }
        return 0;
}

static bool is_file_mode(unsigned mode) {
        return mode == 0100644 || mode == 0100755;
}

/* One --index-info line: path back to HEAD's mode and blob, or (mode 0)
 * out of the index. */
static int index_line(char **buf, size_t *n, size_t *allocated, unsigned mode, const char *oid,
                      const char *path) {
        char head[96];
        int h = snprintf(head, sizeof head, "%o %s\t", mode, oid);
        size_t len = strlen(path) + 1;
        if (ARRAY_GROW(*buf, *allocated, *n + (size_t) h + len + 1) < 0)
                return -ENOMEM;
        memcpy(*buf + *n, head, (size_t) h);
        memcpy(*buf + *n + h, path, len); /* the NUL ends it (-z) */
        *n += (size_t) h + len;
        return 0;
}

static void zero_oid(const char *like, char out[65]) {
        size_t n = strlen(like);
        memset(out, '0', n);
        out[n] = 0;
}

/* The empty blob's id, in the hash of oid (40 or 64 hex digits). */
static void empty_blob(const char *like, char out[65]) {
        uint8_t d[32];
        GitHashAlgo algo = strlen(like) == 64 ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
        git_blob_oid(algo, "", 0, d);
        for (size_t i = 0; i < (size_t) algo; i++)
                snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* The paths reported already in this colony (VMDIR's state file). */
static int reported_load(int out_fd, Hashmap *set) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0;
        int fd = openat(out_fd, STAGE_REPORTED_FILE, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
                return errno == ENOENT ? 0 : -errno;
        int r = read_full_fd(fd, 64u * 1024 * 1024, &buf, &n);
        close(fd);
        if (r < 0)
                return r;
        for (char *p = buf, *e; p && (e = strchr(p, '\n')); p = e + 1) {
                *e = 0;
                if (hashmap_put(set, p, NULL) < 0)
                        return -ENOMEM;
        }
        return 0;
}

/* A credential file refused: out of the index, a rename's source back as
 * HEAD has it (unless held back already), and named. */
static int refuse_change(const Policy *policy, Change *ch, const char *zeros, char **info, size_t *n_info,
                         size_t *info_alloc, StageResult *res) {
        int r;
        bool held_src = ch->src && ch->status == 'R' && masked_bound(policy, ch->src);
        ch->refused = true;
        if ((r = index_line(info, n_info, info_alloc, 0, zeros, ch->path)) < 0)
                return r;
        if (ch->status == 'R' && !held_src &&
            (r = index_line(info, n_info, info_alloc, ch->src_mode, ch->src_oid, ch->src)) < 0)
                return r;
        if (ARRAY_GROW(res->refused, res->n_refused_allocated, res->n_refused + 1) < 0 ||
            !(res->refused[res->n_refused] = strdup(ch->path)))
                return -ENOMEM;
        res->n_refused++;
        return 0;
}

static void git_donep(Git *g) {
        git_done(g);
}

int host_stage(const StageConfig *c, StageResult *ret, HostError *err) {
        _cleanup_close_ int root_fd = -EBADF, out_fd = -EBADF;
        _cleanup_policy_ Policy *policy = NULL;
        _cleanup_free_ char *ph_buf = NULL, *raw = NULL, *info = NULL, *tmp_index = NULL, *tmp_dir = NULL,
                            *out = NULL, *oids = NULL;
        _cleanup_free_ Change *changes = NULL;
        _cleanup_(hashmap_freep) Hashmap *placeholders = hashmap_new(), *reported = hashmap_new(),
                                         *carried = NULL;
        _cleanup_free_ const char **add = NULL, **ls = NULL;
        _cleanup_strv_free_ char **excl = NULL;
        StageResult res = {0};
        size_t n_raw = 0, n_changes = 0, n_info = 0, info_alloc = 0, n = 0, n_oids = 0, oids_alloc = 0,
               heads_alloc = 0;
        Heads heads = {0};
        PolicyError perr;
        int r;

        if (!placeholders || !reported)
                return -ENOMEM;
        if ((r = open_dirs(c->worktree, c->out_dir, &root_fd, &out_fd, err)) < 0)
                return r;
        _cleanup_free_ char *policy_path_ = NULL;
        if (asprintf(&policy_path_, "%s/%s", c->out_dir, HOST_POLICY_FILE) < 0)
                return -ENOMEM;
        if ((r = policy_load(policy_path_, &policy, &perr)) < 0)
                return fail(err, r, "path policy: cannot read the boot's policy %s: %s", shown(policy_path_),
                            perr.message);
        /* The placeholders the boot made; lost, every policy path that
         * HEAD lacks and that is empty stands for one. */
        bool lost = false;
        int fd = openat(out_fd, HOST_PLACEHOLDERS_FILE, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0 && errno != ENOENT)
                return fail(err, -errno, "path policy: cannot read %s/%s: %m", shown(c->out_dir),
                            HOST_PLACEHOLDERS_FILE);
        lost = fd < 0;
        if (fd >= 0) {
                r = read_full_fd(fd, 64u * 1024 * 1024, &ph_buf, &n);
                close(fd);
                if (r < 0)
                        return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                                    HOST_PLACEHOLDERS_FILE, strerror(-r));
                for (char *p = ph_buf, *e; (e = strchr(p, '\n')); p = e + 1) {
                        *e = 0;
                        if (*p && hashmap_put(placeholders, p, NULL) < 0)
                                return -ENOMEM;
                }
        }
        if ((r = reported_load(out_fd, reported)) < 0)
                return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            STAGE_REPORTED_FILE, strerror(-r));

        _cleanup_(git_donep) Git g = {.worktree = c->worktree, .index = c->index};
        if ((r = git_pin(&g, err)) < 0)
                return r;
        if (c->snapshot && !c->index) {
                /* A private copy of the real index: git add -A then finds
                 * what it has already hashed, and the real one is never
                 * written. */
                const char *args[] = {"rev-parse", "--git-path", "index", NULL};
                if ((r = git_ok(&g, args, NULL, 0, &out, &n, err)) < 0)
                        return r;
                out[strcspn(out, "\n")] = 0;
                _cleanup_free_ char *real = out[0] == '/' ? strdup(out) : NULL;
                if (!real && asprintf(&real, "%s/%s", c->worktree, out) < 0)
                        return -ENOMEM;
                /* In a directory of its own: a repository without an
                 * index yet gets none (git takes an empty file for a
                 * broken index), and git's index.lock goes there too. */
                const char *tmpdir = getenv("TMPDIR");
                if (asprintf(&tmp_dir, "%s/pathpolicy-index.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp") <
                    0)
                        return -ENOMEM;
                if (!mkdtemp(tmp_dir))
                        return fail(err, -errno, "path policy: cannot make a private index: %m");
                if (asprintf(&tmp_index, "%s/index", tmp_dir) < 0) {
                        r = -ENOMEM;
                        goto done;
                }
                _cleanup_free_ char *copy = NULL;
                size_t cn = 0;
                r = read_full_file(real, 4u * 1024 * 1024 * 1024 - 1, &copy, &cn);
                if (r >= 0) {
                        int t = open(tmp_index, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
                        ssize_t w = t >= 0 ? write(t, copy, cn) : -1;
                        if (t >= 0)
                                close(t);
                        r = w == (ssize_t) cn ? 0 : -EIO;
                }
                if (r < 0 && r != -ENOENT) {
                        r = fail(err, r, "path policy: cannot copy the index %s", shown(real));
                        goto done;
                }
                g.index = tmp_index;
        }

        /* Kept out of git add -A from the start, so that the usual stage
         * (placeholders, and no masked file changed) writes the index once,
         * git's own add, rather than twice: each placeholder that is an
         * empty file HEAD does not carry. One the index held before (the
         * guest's own staging) is still taken back out below. A masked path
         * is staged and then put back, so that its change is seen and
         * said. */
        static const char *const ls_fixed[] = {"--literal-pathspecs", /* names, never patterns */
                                               "ls-tree",
                                               "-z",
                                               "--full-tree",
                                               "--name-only",
                                               "HEAD",
                                               "--"};
        static const char *const add_fixed[] = {"add", "-A", "--", "."};
        size_t n_cand = lost ? policy->n : hashmap_size(placeholders), n_excl = 0, n_ls = 0;
        /* Each array as long as all it can hold, and its NULL. */
        add = calloc(ELEMENTSOF(add_fixed) + n_cand + 1, sizeof *add);
        ls = calloc(ELEMENTSOF(ls_fixed) + n_cand + 1, sizeof *ls);
        excl = calloc(n_cand + 1, sizeof *excl);
        if (!add || !ls || !excl) {
                r = -ENOMEM;
                goto done;
        }
        for (size_t i = 0; i < ELEMENTSOF(ls_fixed); i++)
                ls[n_ls++] = ls_fixed[i];
        size_t first_cand = n_ls, it = 0;
        const char *key;
        for (size_t i = 0; i < n_cand; i++) {
                const char *p = lost ? policy->actions[i].path : NULL;
                if (!lost && !hashmap_next(placeholders, &it, &key, NULL))
                        break;
                if (!lost)
                        p = key;
                struct stat st;
                const char *name;
                int dfd;
                if (p[0] == 0 || p[strlen(p) - 1] == '/' || open_parent_beneath(root_fd, p, &name, &dfd) < 0)
                        continue;
                bool empty = fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
                             st.st_size == 0;
                close(dfd);
                if (empty)
                        ls[n_ls++] = p;
        }
        /* Which of them HEAD carries (those are the repository's), and
         * whether there is a HEAD at all; ls-tree reads no index. */
        bool has_head = true;
        int status = 0;
        char err_line[256];
        free(TAKE_PTR(out));
        r = git_run(&g, ls, NULL, 0, &out, &n, &status, err_line, sizeof err_line);
        if (r < 0) {
                r = fail(err, r, "path policy: cannot run git: %s", strerror(-r));
                goto done;
        }
        if (status != 0) {
                const char *verify[] = {"rev-parse", "--verify", "-q", "HEAD", NULL};
                free(TAKE_PTR(out));
                r = git_run(&g, verify, NULL, 0, &out, &n, &status, err_line, sizeof err_line);
                if (r < 0 || status == 0) {
                        r = fail(err, r < 0 ? r : -EIO, "path policy: git ls-tree HEAD failed in %s: %s",
                                 shown(c->worktree), err_line);
                        goto done;
                }
                has_head = false;
                n = 0;
        }
        if (!(carried = hashmap_new())) {
                r = -ENOMEM;
                goto done;
        }
        for (char *p = out; p && p < out + n; p += strlen(p) + 1)
                if (hashmap_put(carried, p, NULL) < 0) {
                        r = -ENOMEM;
                        goto done;
                }
        for (size_t i = first_cand; i < n_ls; i++)
                if (!hashmap_contains(carried, ls[i]) &&
                    asprintf(&excl[n_excl++], ":(exclude,top,literal)%s", ls[i]) < 0) {
                        excl[--n_excl] = NULL;
                        r = -ENOMEM;
                        goto done;
                }
        size_t n_add = 0;
        for (size_t i = 0; i < ELEMENTSOF(add_fixed); i++)
                add[n_add++] = add_fixed[i];
        for (size_t i = 0; i < n_excl; i++)
                add[n_add++] = excl[i];
        free(TAKE_PTR(out));
        if ((r = git_ok(&g, add, NULL, 0, &out, &n, err)) < 0)
                goto done;
        /* HEAD, or the empty tree in a repository without a commit. */
        char head[65] = "HEAD";
        if (!has_head) {
                const char *empty_args[] = {"mktree", NULL};
                free(TAKE_PTR(out));
                if ((r = git_ok(&g, empty_args, NULL, 0, &out, &n, err)) < 0)
                        goto done;
                snprintf(head, sizeof head, "%.*s", (int) strcspn(out, "\n"), out);
        }
        const char *diff[] = {"diff",
                              "--cached",
                              "--raw",
                              "-z",
                              "-M",
                              "--no-abbrev",
                              "--no-ext-diff",
                              "--no-textconv",
                              "--ignore-submodules=all",
                              head,
                              "--",
                              NULL};
        if ((r = git_ok(&g, diff, NULL, 0, &raw, &n_raw, err)) < 0)
                goto done;
        if ((r = parse_raw(raw, n_raw, &changes, &n_changes)) < 0) {
                r = fail(err, r, "path policy: cannot read what git diff --raw said");
                goto done;
        }

        /* The repository's hash, by the length of the ids git gave. */
        char zeros[65], empty[65];
        const char *like = n_changes > 0 ? changes[0].src_oid : head;
        zero_oid(like, zeros);
        empty_blob(like, empty);
        for (size_t i = 0; i < n_changes; i++) {
                Change *ch = &changes[i];
                bool added = ch->status == 'A' || ch->status == 'R' || ch->status == 'C';
                /* 2. A placeholder: new, empty, the boot's. */
                if (ch->status == 'A' && streq(ch->dst_oid, empty) && is_file_mode(ch->dst_mode) &&
                    (lost ? policy_path(policy, ch->path) : hashmap_contains(placeholders, ch->path))) {
                        ch->dropped = true;
                        res.dropped++;
                        if ((r = index_line(&info, &n_info, &info_alloc, 0, zeros, ch->path)) < 0)
                                goto done;
                        continue;
                }
                /* 3. Reported once a colony, masked or protected at any depth. */
                const char *what = policy_at_depth(policy, ch->path);
                if (!what && ch->src)
                        what = policy_at_depth(policy, ch->src);
                _cleanup_free_ char *esc = what ? escape_for_display(ch->path) : NULL;
                if (what && !esc) {
                        r = -ENOMEM;
                        goto done;
                }
                /* The state file holds each path escaped, one a line: so
                 * is it looked up. */
                if (what && !hashmap_contains(reported, esc)) {
                        log_event(c->log, LOG_WARN, "policy-path-changed",
                                  LOG_FIELDS(LOG_PATH("path", ch->path), LOG_STR("category", what)),
                                  "path policy: {path} is %s and changed during the session", what);
                        if (hashmap_put(reported, esc, NULL) < 0) {
                                r = -ENOMEM;
                                goto done;
                        }
                        _cleanup_free_ char *line = NULL;
                        int rf = openat(out_fd, STAGE_REPORTED_FILE,
                                        O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
                        if (asprintf(&line, "%s\n", esc) < 0 || rf < 0 ||
                            write(rf, line, strlen(line)) != (ssize_t) strlen(line))
                                log_event(c->log, LOG_WARN, "stage-failed",
                                          LOG_FIELDS(LOG_PATH("path", c->out_dir)),
                                          "path policy: cannot remember in {path} what was reported: it may "
                                          "be reported again");
                        if (rf >= 0)
                                close(rf);
                        res.reported++;
                }
                /* 1. Masked: HEAD's version, or out of the index. */
                bool held_src = ch->src && ch->status == 'R' && masked_bound(policy, ch->src);
                if (masked_bound(policy, ch->path) || held_src) {
                        if (held_src) /* the source stays as HEAD has it */
                                r = index_line(&info, &n_info, &info_alloc, ch->src_mode, ch->src_oid,
                                               ch->src);
                        if (r >= 0 && masked_bound(policy, ch->path))
                                r = added ? index_line(&info, &n_info, &info_alloc, 0, zeros, ch->path)
                                          : index_line(&info, &n_info, &info_alloc, ch->src_mode,
                                                       ch->src_oid, ch->path);
                        if (r < 0)
                                goto done;
                        if (masked_bound(policy, ch->path)) {
                                ch->held = true;
                                res.held++;
                                log_event(c->log, LOG_WARN, "held-back",
                                          LOG_FIELDS(LOG_PATH("path", ch->path)),
                                          "path policy: left {path} out of the commit (masked)");
                                continue;
                        }
                }
                /* 4. A credential file the policy does not name, new to
                 * the repository (a rename's destination included): by
                 * its name here, by its staged content below. */
                if (added && is_file_mode(ch->dst_mode) && !credential_template(ch->path)) {
                        if (credential_name(ch->path)) {
                                if ((r = refuse_change(policy, ch, zeros, &info, &n_info, &info_alloc,
                                                       &res)) < 0)
                                        goto done;
                        } else if (ARRAY_GROW(heads.v, heads_alloc, heads.n + 1) < 0) {
                                r = -ENOMEM;
                                goto done;
                        } else if (ARRAY_GROW(oids, oids_alloc, n_oids + sizeof ch->dst_oid + 1) < 0) {
                                r = -ENOMEM;
                                goto done;
                        } else {
                                heads.v[heads.n++] = ch;
                                n_oids += (size_t) sprintf(oids + n_oids, "%s\n", ch->dst_oid);
                        }
                }
        }
        if (heads.n > 0) {
                const char *batch[] = {"cat-file", "--batch", NULL};
                char err_cat[256];
                status = 0;
                r = git_stream(&g, batch, oids, n_oids, read_heads, &heads, &status, err_cat,
                               sizeof err_cat);
                if (r < 0 || status != 0) {
                        r = fail(err, r < 0 ? r : -EIO,
                                 "path policy: cannot read the staged files in %s: %s", shown(c->worktree),
                                 r < 0 ? strerror(-r) : err_cat);
                        goto done;
                }
                for (size_t i = 0; i < heads.n; i++)
                        if (heads.v[i]->refused && (r = refuse_change(policy, heads.v[i], zeros, &info,
                                                                      &n_info, &info_alloc, &res)) < 0)
                                goto done;
        }
        if (n_info > 0) {
                const char *update[] = {"update-index", "-z", "--index-info", NULL};
                free(TAKE_PTR(out));
                if ((r = git_ok(&g, update, info, n_info, &out, &n, err)) < 0)
                        goto done;
        }
        if (c->snapshot || c->index) {
                const char *write_tree[] = {"write-tree", NULL};
                const char *names[] = {
                        "diff", "--cached", "--name-only", "-z", "--no-ext-diff", "--ignore-submodules=all",
                        head,   "--",       NULL};
                free(TAKE_PTR(out));
                if ((r = git_ok(&g, write_tree, NULL, 0, &out, &n, err)) < 0)
                        goto done;
                out[strcspn(out, "\n")] = 0;
                res.tree = TAKE_PTR(out);
                if ((r = git_ok(&g, names, NULL, 0, &out, &n, err)) < 0)
                        goto done;
                for (char *p = out; p < out + n; p += strlen(p) + 1) {
                        if (ARRAY_GROW(res.changed, res.n_changed_allocated, res.n_changed + 1) < 0 ||
                            !(res.changed[res.n_changed] = strdup(p))) {
                                r = -ENOMEM;
                                goto done;
                        }
                        res.n_changed++;
                }
        }
        r = 0;
done:
        free(heads.v);
        if (tmp_index)
                unlink(tmp_index);
        if (tmp_dir)
                rmdir(tmp_dir);
        if (r < 0) {
                stage_result_done(&res);
                return r;
        }
        *ret = res;
        return res.n_refused > 0 ? -EPERM : 0;
}

void stage_result_done(StageResult *r) {
        free(r->tree);
        for (size_t i = 0; i < r->n_changed; i++)
                free(r->changed[i]);
        free(r->changed);
        for (size_t i = 0; i < r->n_refused; i++)
                free(r->refused[i]);
        free(r->refused);
        *r = (StageResult){0};
}
