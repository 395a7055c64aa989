/* SPDX-License-Identifier: MIT */
/* stage (host.h): one run record taken through its phases: records, pin, add, what is staged, classify,
 * refuse, write. Must not decide a path's fate here (classify.c does), nor skip the cleanup in run_done. */
#include "stage-internal.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "array.h"
#include "credentials.h"
#include "entry.h"
#include "git-audit.h"
#include "git-index.h"
#include "policy-file.h"
#include "util.h"

/* The test build's switch (tests/test-stage-hooks.c): true, and what is
 * staged is computed by git's plumbing alone, as for a split index, so
 * the stage suites run both ways. Hidden and weak: the installed program
 * has none, and takes none from a preloaded library. */
extern bool stage_test_plumbing(void) __attribute__((weak, visibility("hidden")));

static bool plumbing_forced(void) {
        return stage_test_plumbing && stage_test_plumbing();
}

/* git add's pathspecs, NUL-ended: the worktree, less every masked path
 * and every gitlink (literal: no glob, no magic of its own). */
static int add_pathspecs(const Policy *p, const Gitlinks *links, char **ret, size_t *ret_n) {
        static const char exclude[] = ":(exclude,literal)";
        size_t n = 2;
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT)
                        n += sizeof exclude + strlen(p->actions[i].path);
        for (size_t i = 0; i < links->n; i++)
                n += sizeof exclude + strlen(links->v[i]);
        char *buf = malloc(n), *q = buf;
        if (!buf)
                return -ENOMEM;
        q = mempcpy(q, ".", 2);
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT) {
                        q = mempcpy(q, exclude, sizeof exclude - 1);
                        q = mempcpy(q, p->actions[i].path, strlen(p->actions[i].path) + 1);
                }
        for (size_t i = 0; i < links->n; i++) {
                q = mempcpy(q, exclude, sizeof exclude - 1);
                q = mempcpy(q, links->v[i], strlen(links->v[i]) + 1);
        }
        *ret = buf;
        *ret_n = (size_t) (q - buf);
        return 0;
}

/* The index file git uses: --index's, or the repository's. */
static int index_file(const Git *g, char **ret) {
        char *p = NULL;
        if (g->index ? !(p = strdup(g->index)) : asprintf(&p, "%s/index", g->git_dir) < 0)
                return -ENOMEM;
        *ret = p;
        return 0;
}

/* The real index, for --snapshot's copy: a file, read while the guest may
 * still run (a fifo swapped in since the walk fails, it does not wait).
 * -ENOENT: none yet. */
static int read_index_file(const char *path, char **ret, size_t *ret_n) {
        _cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        struct stat st;
        if (fd < 0)
                return -errno;
        if (fstat(fd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -EINVAL;
        return read_full_fd(fd, 4u * 1024 * 1024 * 1024 - 1, ret, ret_n);
}

static int run_init(StageRun *s, const StageConfig *c, HostError *err) {
        *s = (StageRun){.c = c,
                        .err = err,
                        .root_fd = -EBADF,
                        .out_fd = -EBADF,
                        .g = {.worktree = c->worktree, .index = c->index},
                        .early = {.r = 1},
                        .has_head = true,
                        .lk = {.fd = -1}};
        (void) clock_gettime(CLOCK_REALTIME, &s->start);
        s->placeholders = hashmap_new();
        s->reported = hashmap_new();
        s->deleted = hashmap_new_borrowed();
        s->restored = hashmap_new_borrowed();
        s->masked_inodes = hashmap_new();
        s->by_path = hashmap_new_borrowed();
        s->gitdirs = hashmap_new();
        s->gitdirs_said = hashmap_new();
        if (!s->placeholders || !s->reported || !s->deleted || !s->restored || !s->masked_inodes ||
            !s->by_path || !s->gitdirs || !s->gitdirs_said)
                return -ENOMEM;
        return 0;
}

/* Everything the run holds, in the order the one function that was the
 * run let it go: the private index first, then the rest newest first. */
static void run_done(StageRun *s) {
        free(s->heads.v);
        if (s->tmp_index)
                unlink(s->tmp_index);
        if (s->tmp_dir)
                rmdir(s->tmp_dir);
        early_done(&s->early);
        git_done(&s->g);
        placed_done(&s->placed);
        checkouts_done(&s->boot_checkouts);
        hashmap_free(s->gitdirs_said);
        hashmap_free(s->gitdirs);
        hashmap_free(s->by_path);
        hashmap_free(s->masked_inodes);
        hashmap_free(s->restored);
        hashmap_free(s->deleted);
        edits_done(&s->edits);
        index_unlockp(&s->lk);
        merge_done(&s->merge);
        free(s->st_out);
        masked_files_done(&s->wfiles);
        strv_free(s->st_args);
        free(s->inos);
        git_child_done(&s->adding);
        head_done(&s->head_before);
        gitlinks_done(&s->links);
        before_done(&s->before_add);
        git_child_done(&s->head_ls);
        free(s->index_path);
        hashmap_free(s->reported);
        hashmap_free(s->placeholders);
        free(s->changes);
        strv_free(s->unhash);
        free(s->ph_buf);
        free(s->raw);
        free(s->info);
        free(s->tmp_index);
        free(s->tmp_dir);
        free(s->out);
        free(s->oids);
        free(s->specs);
        policy_freep(&s->policy);
        closep(&s->out_fd);
        closep(&s->root_fd);
}

/* The placeholders the boot made; lost, every policy path that HEAD lacks
 * and that is empty stands for one. */
static int run_placeholders(StageRun *s) {
        const StageConfig *c = s->c;
        size_t n = 0;
        int fd = openat(s->out_fd, HOST_PLACEHOLDERS_FILE, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0 && errno != ENOENT)
                return fail(s->err, -errno, "path policy: cannot read %s/%s: %m", shown(c->out_dir),
                            HOST_PLACEHOLDERS_FILE);
        s->lost = fd < 0;
        if (s->lost) {
                record_lost(c->log, HOST_PLACEHOLDERS_FILE,
                            "every empty policy path HEAD lacks is taken for a placeholder, and left out");
                return 0;
        }
        int r = read_full_fd(fd, 64u * 1024 * 1024, &s->ph_buf, &n);
        close(fd);
        if (r < 0)
                return fail(s->err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            HOST_PLACEHOLDERS_FILE, strerror(-r));
        for (char *p = s->ph_buf, *e; (e = strchr(p, '\n')); p = e + 1) {
                *e = 0;
                if (*p && hashmap_put(s->placeholders, p, NULL) < 0)
                        return -ENOMEM;
        }
        return 0;
}

/* Phase 1, the records: the worktree and the boot's directory opened, the
 * policy and every record the boot left read, the masked files walked. */
static int run_records(StageRun *s) {
        const StageConfig *c = s->c;
        HostError *err = s->err;
        PolicyError perr;
        int r;
        if ((r = open_dirs(c->worktree, c->out_dir, &s->root_fd, &s->out_fd, err)) < 0 ||
            (r = git_blockers_refuse(s->root_fd, c->worktree, "stage", err)) < 0)
                return r;
        _cleanup_free_ char *policy_path_ = NULL;
        if (asprintf(&policy_path_, "%s/%s", c->out_dir, HOST_POLICY_FILE) < 0)
                return -ENOMEM;
        if ((r = policy_load(policy_path_, &s->policy, &perr)) < 0)
                return fail(err, r, "path policy: cannot read the boot's policy %s: %s", shown(policy_path_),
                            perr.message);
        if ((r = run_placeholders(s)) < 0)
                return r;
        if ((r = checkouts_load(s->out_fd, &s->boot_checkouts)) < 0)
                return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            HOST_CHECKOUTS_FILE, strerror(-r));
        if ((r = reported_load(s->out_fd, s->reported)) < 0)
                return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            STAGE_REPORTED_FILE, strerror(-r));
        if ((r = placed_load(s->out_fd, s->placeholders, s->lost, s->policy, c->log, &s->placed)) < 0)
                return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            HOST_PLACEHOLDER_INODES_FILE, strerror(-r));
        if ((r = masked_record_check(s->out_fd, c, s->policy, s->placeholders, s->lost, err)) < 0)
                return r;
        /* The masked files: by inode, the boot's and the worktree's now
         * (a moved one is known at its new path); as they stand, for what
         * changed there (git add is kept from them). */
        size_t walk_skipped = 0;
        if ((r = masked_files_record(s->root_fd, s->out_fd, s->policy, s->masked_inodes, &s->wfiles,
                                     &walk_skipped)) < 0)
                return fail(err, r, "path policy: cannot record the masked files in %s/%s: %s",
                            shown(c->out_dir), HOST_MASKED_FILES_FILE, strerror(-r));
        if ((r = inode_set(s->masked_inodes, &s->inos, &s->n_inos)) < 0)
                return r;
        if (walk_skipped > 0)
                log_event(
                        c->log, LOG_WARN, "stage-failed", LOG_FIELDS(LOG_INT("count", walk_skipped)),
                        "path policy: {count} masked path(s) not walked (past 100,000 files, 64 directories "
                        "deep, or PATH_MAX): one moved elsewhere is not known for a secret");
        return 0;
}

/* --snapshot: a private copy of the real index. git add -A then finds
 * what it has already hashed, and the real one is never written. */
static int run_private_index(StageRun *s) {
        _cleanup_free_ char *real = NULL, *copy = NULL;
        size_t cn = 0;
        int r;
        if ((r = index_file(&s->g, &real)) < 0)
                return r;
        /* In a directory of its own: a repository without an index yet
         * gets none (git takes an empty file for a broken index), and
         * git's index.lock goes there too. */
        const char *tmpdir = getenv("TMPDIR");
        if (asprintf(&s->tmp_dir, "%s/pathpolicy-index.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp") < 0) {
                s->tmp_dir = NULL;
                return -ENOMEM;
        }
        if (!mkdtemp(s->tmp_dir)) {
                r = -errno;
                free(TAKE_PTR(s->tmp_dir)); /* none made: nothing to remove */
                return fail(s->err, r, "path policy: cannot make a private index: %s", strerror(-r));
        }
        if (asprintf(&s->tmp_index, "%s/index", s->tmp_dir) < 0) {
                s->tmp_index = NULL;
                return -ENOMEM;
        }
        r = read_index_file(real, &copy, &cn);
        if (r >= 0) {
                int t = open(s->tmp_index, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
                ssize_t w = t >= 0 ? write(t, copy, cn) : -1;
                if (t >= 0)
                        close(t);
                r = w == (ssize_t) cn ? 0 : -EIO;
        }
        if (r < 0 && r != -ENOENT)
                return fail(s->err, r, "path policy: cannot copy the index %s", shown(real));
        s->g.index = s->tmp_index;
        return 0;
}

/* Phase 2, the pin: git's directories and HEAD, pinned; the boot's base;
 * --snapshot's private index. A main checkout's index is prechecked while
 * git answers. */
static int run_pin(StageRun *s) {
        const StageConfig *c = s->c;
        int r;
        s->early.root_fd = s->root_fd;
        if ((r = git_pin(&s->g, c->snapshot || c->index ? NULL : precheck_early, &s->early, s->err)) < 0)
                return r;
        /* What publish carries is judged against the boot's base: HEAD
         * (the fast path's) until the colony commits. */
        if ((r = stage_base_load(s->out_fd, &s->g, &s->base, s->err)) < 0)
                return r;
        if (s->base.record.lost)
                log_event(c->log, LOG_WARN, "base-lost", LOG_FIELDS(LOG_PATH("path", c->out_dir)),
                          "path policy: the boot's base commit (" HOST_BASE_FILE ") is lost: judging "
                          "against HEAD, the only reference left; the colony's own commits are not judged");
        return c->snapshot && !c->index ? run_private_index(s) : 0;
}

/* The index git add reads, prechecked (the early precheck taken if it read
 * that same file): entries in order, no name git would not add. */
static int run_precheck(StageRun *s) {
        const Early *early = &s->early;
        struct stat ist;
        int r;
        if (early->r <= 0 && s->g.hashsz == GIT_HASH_SHA1 && lstat(s->index_path, &ist) == 0 &&
            ist.st_dev == early->st.st_dev && ist.st_ino == early->st.st_ino &&
            ist.st_size == early->st.st_size && ist.st_mtim.tv_sec == early->st.st_mtim.tv_sec &&
            ist.st_mtim.tv_nsec == early->st.st_mtim.tv_nsec) {
                r = early->r;
                s->before_add = s->early.before;
                s->early.before = (Before){0};
                s->links = s->early.links;
                s->early.links = (Gitlinks){0};
        } else
                r = index_precheck(s->index_path, s->g.hashsz, &s->before_add, &s->links);
        if (r >= 0 && plumbing_forced()) {
                /* checked as ever; what it read is git's to say */
                before_done(&s->before_add);
                gitlinks_done(&s->links);
        }
        if (r < 0)
                return fail(s->err, r,
                            "path policy: the index %s is not one git would write (%s): nothing was staged",
                            shown(s->index_path),
                            r == -EBADMSG ? "entries out of order, or a name like ./x, a/../b or .git/x"
                                          : strerror(-r));
        return 0;
}

/* HEAD's every path, for what is staged against it: listed by git ls-tree
 * beside git add (it reads no index). */
static int run_list_head(StageRun *s) {
        const char *const ls_all[] = {"ls-tree", "-r", "-z", "--full-tree", s->base.rev, NULL};
        int r = git_start(&s->g, ls_all, NULL, 0, &s->head_ls);
        return r < 0 ? fail(s->err, r, "path policy: cannot run git: %s", strerror(-r)) : 0;
}

/* git add's end, and the gitlinks staged by their HEAD alone. */
static int run_add_finish(StageRun *s) {
        const char *add_out;
        size_t add_n;
        int status = 0;
        char err_line[256];
        int r = git_finish(&s->adding, &add_out, &add_n, &status, err_line, sizeof err_line);
        if (r == -ENOENT)
                return fail(s->err, r, "path policy: cannot run git: not found");
        if (r < 0)
                return fail(s->err, r, "path policy: cannot run git add: %s", git_strerror(r));
        if (status != 0)
                return fail(s->err, -EIO, "path policy: git add failed in %s: %s", shown(s->g.worktree),
                            err_line[0] ? err_line : "(no message)");
        return gitlinks_stage(&s->g, &s->links, s->err);
}

/* HEAD's listing, where git ls-tree ran: none (a repository without a
 * commit), or a failure. Then the colony's commits judged: what stage
 * cannot take out, refused. */
static int run_head_listed(StageRun *s) {
        int status = 0;
        char err_line[256];
        int r = s->head_before.hashsz ? 0
                                      : git_finish(&s->head_ls, &s->listing, &s->n_listing, &status,
                                                   err_line, sizeof err_line);
        if (r >= 0 && status != 0) {
                const char *verify[] = {"rev-parse", "--verify", "-q", s->base.rev, NULL};
                char err_verify[256];
                int st = 0;
                free(TAKE_PTR(s->out));
                r = git_run(&s->g, verify, NULL, 0, &s->out, &s->n, &st, err_verify, sizeof err_verify);
                if (r >= 0 && (st == 0 || s->base.moved)) /* a base that is gone is no empty one */
                        r = -EIO;
                s->has_head = false;
                s->listing = "";
                s->n_listing = 0;
        }
        if (r < 0)
                return fail(s->err, r, "path policy: git ls-tree %s failed in %s: %s", s->base.rev,
                            shown(s->c->worktree), r == -EIO ? err_line : git_strerror(r));
        if (s->base.moved)
                return base_commits_judge(s->c, &s->g, &s->base, s->policy, s->lost ? NULL : s->placeholders,
                                          s->listing, s->n_listing, &s->res, s->err);
        return 0;
}

/* Phase 3, git add: the index prechecked, git add run with the masked
 * paths and gitlinks kept out, and HEAD's entries meanwhile: the index
 * before git add's, copied while git add runs, if its tree is HEAD's;
 * else listed by git ls-tree. */
static int run_add(StageRun *s) {
        /* The masked paths kept out of git add: hashing one writes the
         * host's secret into .git/objects, which the guest reads (only the
         * worktree's path is masked). What the index already holds for
         * them is judged below as ever. */
        static const char *const add[] = {"add", "-A", "--pathspec-from-file=-", "--pathspec-file-nul",
                                          NULL};
        const char *head_hex =
                s->base.moved ? "" : s->g.head_tree; /* the index is not judged against HEAD */
        int r;
        if ((r = index_file(&s->g, &s->index_path)) < 0 || (r = run_precheck(s)) < 0)
                return r;
        /* The gitlinks git add is kept from: read above, or (an index this
         * reader does not know) from git. */
        if ((!s->links.known && (r = gitlinks_from_git(&s->g, &s->links, s->err)) < 0) ||
            (r = add_pathspecs(s->policy, &s->links, &s->specs, &s->n_specs)) < 0)
                return r;
        /* its cache tree names HEAD's tree: a hint (the agent's), checked
         * below against the tree its entries make */
        char before_hex[65];
        to_hex(s->before_add.tree, s->g.hashsz, before_hex);
        if (!s->before_add.map || !head_hex[0] || !streq(before_hex, head_hex))
                before_done(&s->before_add);
        if (!s->before_add.map && (r = run_list_head(s)) < 0)
                return r;
        if ((r = git_start(&s->g, add, s->specs, s->n_specs, &s->adding)) < 0)
                return fail(s->err, r, "path policy: cannot run git: %s", strerror(-r));
        if (s->before_add.map) {
                uint8_t id[32];
                char id_hex[65] = "";
                r = head_from_index(&s->head_before, s->before_add.map, s->before_add.n, s->g.hashsz, id);
                if (r < 0 && r != -EBADMSG)
                        return r;
                if (r == 0)
                        to_hex(id, s->g.hashsz, id_hex);
                /* not HEAD's after all (the hint lied, or the file
                 * changed): listed by git, git add still running */
                if (!streq(id_hex, head_hex)) {
                        head_done(&s->head_before);
                        if ((r = run_list_head(s)) < 0)
                                return r;
                }
                before_done(&s->before_add);
        }
        if ((r = run_add_finish(s)) < 0 || (r = git_pin_reap(&s->g, s->err)) < 0)
                return r;
        return run_head_listed(s);
}

/* What the reader found staged, as changes; false: the index is not one it
 * knows (split, sparse, a conflict left), or the plumbing way is forced. */
static bool run_staged_by_reader(StageRun *s) {
        Merge *m = &s->merge;
        merge_init(m, s->policy, s->head_before.hashsz);
        if (s->head_before.hashsz)
                m->head = &s->head_before;
        else {
                m->ls = s->listing;
                m->end = s->listing + s->n_listing;
                /* the hash: from HEAD's first id, else the index's */
                const char *tab = memchr(s->listing, '\t', s->n_listing),
                           *sp = tab ? memrchr(s->listing, ' ', (size_t) (tab - s->listing)) : NULL;
                m->hashsz = sp ? (size_t) (tab - sp - 1) / 2 : 0;
        }
        if (plumbing_forced() || !merge_run(m, &s->lk))
                return false;
        s->changes = TAKE_PTR(m->v);
        s->n_changes = m->n;
        return true;
}

/* Phase 4, what is staged against HEAD: read here, from the index git add
 * wrote and HEAD's entries, where the index is one this reader knows; else
 * by git's plumbing (plumbing.c). The index stays locked till its edits
 * are in. Then the masked paths git add was kept from, as the worktree has
 * them, and each change indexed by its path and its deleted blob. */
static int run_staged(StageRun *s) {
        const StageConfig *c = s->c;
        int r;
        if ((r = index_lock(s->index_path, &s->lk)) < 0)
                return fail(s->err, r, "path policy: cannot lock the index %s: %s", shown(s->index_path),
                            strerror(-r));
        s->fast = run_staged_by_reader(s);
        /* the listing stays: the deletions name paths in it */
        /* HEAD, or the empty tree in a repository without a commit: for
         * git diff. */
        snprintf(s->head, sizeof s->head, "%s", s->base.rev);
        if (!s->has_head && (!s->fast || c->snapshot || c->index)) {
                const char *empty_args[] = {"mktree", NULL};
                free(TAKE_PTR(s->out));
                if ((r = git_ok(&s->g, empty_args, NULL, 0, &s->out, &s->n, s->err)) < 0)
                        return r;
                snprintf(s->head, sizeof s->head, "%.*s", (int) strcspn(s->out, "\n"), s->out);
        }
        if (!s->fast && (r = run_diff_by_plumbing(s)) < 0)
                return r;
        /* The repository's hash, by the length of the ids git gave. */
        const char *like = s->n_changes > 0 ? s->changes[0].src_oid : s->head;
        zero_oid(like, s->zeros);
        empty_blob(like, s->empty);
        /* What the worktree holds at the masked paths git add was kept
         * from: against the index's entries there (read above), or, the
         * index git's to read, as git status says. */
        size_t before = s->n_changes;
        r = s->fast ? worktree_changes(s->merge.masked, s->merge.n_masked, &s->wfiles, s->zeros, &s->changes,
                                       &s->n_changes)
                    : run_status_by_plumbing(s);
        if (r < 0)
                return r;
        if (s->n_changes > before)
                qsort(s->changes, s->n_changes, sizeof *s->changes, change_cmp);
        /* Each change by its path; each deleted blob, for the additions
         * that are renames of it. */
        for (size_t i = 0; i < s->n_changes; i++)
                if (hashmap_put(s->by_path, s->changes[i].path, &s->changes[i]) < 0)
                        return -ENOMEM;
        for (size_t i = 0; i < s->n_changes; i++) {
                Change *ch = &s->changes[i];
                if (ch->status != 'D' || streq(ch->src_oid, s->empty))
                        continue;
                ch->same = hashmap_get(s->deleted, ch->src_oid);
                if (hashmap_put(s->deleted, ch->src_oid, ch) < 0)
                        return -ENOMEM;
        }
        return 0;
}

/* The edits into the index: made here in an index this reader knows, the
 * cache tree dropped with them; else by git update-index. */
static int run_edit_index(StageRun *s) {
        int r;
        if (s->fast) {
                _cleanup_free_ GitIndexEdit *ge = NULL;
                size_t n_ge = 0;
                if ((r = edits_sorted(&s->edits, s->merge.hashsz, &ge, &n_ge)) < 0)
                        return r;
                if (!s->lk.map && n_ge > 0)
                        r = -ENOENT; /* cannot be: edits are of what the index holds or HEAD has */
                else
                        r = s->lk.map ? git_index_edit_fd(s->lk.map, s->lk.n, (GitHashAlgo) s->merge.hashsz,
                                                          ge, n_ge, s->lk.fd)
                                      : 0;
                if (r >= 0)
                        r = index_unlock(&s->lk, r);
                if (r < 0)
                        return fail(s->err, r, "path policy: cannot write the index %s: %s",
                                    shown(s->index_path), strerror(-r));
                return 0;
        }
        if (s->edits.n == 0)
                return 0;
        const char *update[] = {"update-index", "-z", "--index-info", NULL};
        if ((r = edits_info(&s->edits, &s->info, &s->n_info)) < 0)
                return r;
        free(TAKE_PTR(s->out));
        return git_ok(&s->g, update, s->info, s->n_info, &s->out, &s->n, s->err);
}

/* --snapshot, --index: the tree the index makes, and the paths it changes
 * against HEAD, for the caller. */
static int run_tree(StageRun *s) {
        const char *write_tree[] = {"write-tree", NULL};
        const char *names[] = {
                "diff",  "--cached", "--name-only", "-z", "--no-ext-diff", "--ignore-submodules=dirty",
                s->head, "--",       NULL};
        StageResult *res = &s->res;
        int r;
        free(TAKE_PTR(s->out));
        if ((r = git_ok(&s->g, write_tree, NULL, 0, &s->out, &s->n, s->err)) < 0)
                return r;
        s->out[strcspn(s->out, "\n")] = 0;
        res->tree = TAKE_PTR(s->out);
        if ((r = git_ok(&s->g, names, NULL, 0, &s->out, &s->n, s->err)) < 0)
                return r;
        for (char *p = s->out; p < s->out + s->n; p += strlen(p) + 1) {
                if (ARRAY_GROW(res->changed, res->n_changed_allocated, res->n_changed + 1) < 0 ||
                    !(res->changed[res->n_changed] = strdup(p)))
                        return -ENOMEM;
                res->n_changed++;
        }
        return 0;
}

/* Phase 7, the write: the edits in, what git add stored for a path held
 * back or refused out of the store again, and the tree when asked. */
static int run_write(StageRun *s) {
        int r;
        if ((r = run_edit_index(s)) < 0)
                return r;
        if ((r = forget_objects(&s->g, s->changes, s->n_changes, s->unhash, s->n_unhash, &s->head_before,
                                s->listing, s->n_listing, &s->start, s->c->log)) < 0)
                return fail(s->err, r,
                            "path policy: cannot take what was left out of the commit out of %s: %s",
                            shown(s->g.common_dir ? s->g.common_dir : s->g.git_dir), strerror(-r));
        for (size_t i = 0; i < s->n_unhash; i++)
                unhash_blob(&s->g, s->unhash[i], &s->head_before, s->listing, s->n_listing, &s->start,
                            s->c->log);
        return s->c->snapshot || s->c->index ? run_tree(s) : 0;
}

static int stage_run(const StageConfig *c, StageResult *ret, HostError *err) {
        StageRun s;
        int r = run_init(&s, c, err);
        if (r >= 0)
                r = run_records(&s);
        if (r >= 0)
                r = run_pin(&s);
        if (r >= 0)
                r = run_add(&s);
        if (r >= 0)
                r = run_staged(&s);
        if (r >= 0)
                r = run_classify(&s);
        if (r >= 0)
                r = run_refuse(&s);
        if (r >= 0)
                r = run_write(&s);
        if (r < 0)
                stage_result_done(&s.res);
        else
                *ret = s.res;
        run_done(&s);
        if (r < 0)
                return r;
        return ret->n_refused > 0 || ret->n_refused_commits > 0 ? -EPERM : 0;
}

/* Every failure says why: one without a message of its own (out of
 * memory, mostly) is named here. -EPERM (refused) is said by its records. */
int host_stage(const StageConfig *c, StageResult *ret, HostError *err) {
        err->message[0] = 0;
        int r = stage_run(c, ret, err);
        if (r < 0 && r != -EPERM && !err->message[0])
                (void) fail(err, r, "path policy: cannot stage %s: %s", shown(c->worktree), strerror(-r));
        return r;
}

void stage_result_done(StageResult *r) {
        free(r->tree);
        for (size_t i = 0; i < r->n_changed; i++)
                free(r->changed[i]);
        free(r->changed);
        for (size_t i = 0; i < r->n_refused; i++)
                free(r->refused[i]);
        free(r->refused);
        hashmap_free(r->allowed_set);
        for (size_t i = 0; i < r->n_allowed; i++)
                free(r->allowed[i]);
        free(r->allowed);
        for (size_t i = 0; i < r->n_refused_commits; i++) {
                free(r->refused_commits[i].commit);
                free(r->refused_commits[i].path);
        }
        free(r->refused_commits);
        *r = (StageResult){0};
}
