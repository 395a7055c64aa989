/* SPDX-License-Identifier: MIT */
/* The index work: skip-worktree for tracked masked paths, protected files that differ from it.
 * Must not run git, write an index but under git's own lock, or hold the loop on a large index. */
#include "watch-internal.h"

#include <strings.h>

#include "git-audit.h"
#include "git-index.h"

/* An index larger than this is not read, and index-failed says so: about
 * 600,000 entries (git's own index of 4,800 files is 0.5 MiB); the agent
 * can make one of any size, and the daemon's memory is bounded. */
#define INDEX_MAX (64 * 1024 * 1024)

/* A tracked protected file larger than this is not hashed, and a pass
 * hashes no more than the budget (check_entry). */
#define DIFFERS_MAX (16 * 1024 * 1024)
#define INDEX_HASH_BUDGET (64 * 1024 * 1024)

/* The policy path of kind wanted (mask or protect) that path (relative to
 * c) is, or is below, and that is bound in c; NULL otherwise. */
static const PolicyAction *bound_action(Watch *w, const Checkout *c, const char *path, bool mask) {
        for (size_t i = 0; i < w->c.policy->n; i++) {
                const PolicyAction *a = &w->c.policy->actions[i];
                if (is_git_entry(a->path) || (a->kind == PLATFORM_PROTECT) == mask)
                        continue;
                size_t n = strlen(a->path);
                while (n > 0 && a->path[n - 1] == '/')
                        n--;
                bool match =
                        w->c.fold_case ? strncasecmp(path, a->path, n) == 0 : strncmp(path, a->path, n) == 0;
                if (!match || (path[n] != 0 && path[n] != '/'))
                        continue;
                _cleanup_free_ char *p = path_join(c->path, a->path);
                if (p && p[0] && p[strlen(p) - 1] == '/')
                        p[strlen(p) - 1] = 0;
                if (p && is_bound(w, p))
                        return a;
        }
        return NULL;
}

/* A protected file's oid, kept while the file's identity stands: an index
 * written again and again (a cp or mv loop) costs no hashing of files that
 * did not change. */
typedef struct HashedFile {
        PlatformFileId id;
        GitHashAlgo algo;
        uint8_t oid[32];
} HashedFile;

typedef struct IndexCtx {
        Watch *w;
        Checkout *c;
        char *list;      /* the masked paths git is told to leave alone */
        char *lacking;   /* the tracked masked paths that lack skip-worktree */
        bool needs_skip; /* a tracked masked path lacks skip-worktree */
        size_t hashed;   /* bytes of protected files hashed in this pass */
} IndexCtx;

static bool want_skip(void *ctx, const char *path) {
        IndexCtx *x = ctx;
        if (!bound_action(x->w, x->c, path, true))
                return false;
        audit_emit(&x->list, path);
        return true;
}

static void index_failed(Watch *w, Checkout *c, const char *index, int r, const char *what) {
        if (c->index_said == r)
                return;
        c->index_said = r;
        log_event(w->c.log, LOG_WARN, "index-failed",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", index), LOG_ERRNO(-r)),
                  "path policy: nested checkout {checkout}: %s {path}: %s", what,
                  r == -EOPNOTSUPP ? "an extension git requires that is not known here"
                  : r == -EBADMSG  ? "not an index git wrote (or a bad checksum)"
                                   : strerror(-r));
}

/* A tracked masked path reads as /dev/null: to git, a file replaced by a
 * character device, which status shows and add, commit -a, stash and
 * reset refuse. Git is told to leave it alone the way git itself would
 * (update-index --skip-worktree): the bit set in the index, under
 * index.lock, by this process; git is never run (its config, hooks and
 * fsmonitor are the agent's). */
static void skip_masked(Watch *w, Checkout *c, const char *index, const uint8_t *buf, size_t n,
                        const uint8_t *shared, size_t shared_n) {
        IndexCtx x = {.w = w, .c = c};
        _cleanup_free_ uint8_t *out = NULL;
        size_t out_n = 0;
        int r = shared ? git_index_split_skip_worktree(buf, n, shared, shared_n, want_skip, &x, &out, &out_n)
                       : git_index_skip_worktree(buf, n, want_skip, &x, &out, &out_n);
        _cleanup_free_ char *list = x.list;
        if (r <= 0) {
                if (r < 0)
                        index_failed(w, c, index, r, "cannot set skip-worktree in");
                return;
        }
        r = w->c.files->replace
                    ? w->c.files->replace(w->files, c->gitdir, "index", "index.lock", buf, n, out, out_n)
                    : -ENOSYS;
        if (r == -EEXIST || r == -ESTALE) {
                /* git holds its lock, or wrote a new index: that one is looked at again */
                log_event(w->c.log, LOG_DEBUG, "index-busy",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", index), LOG_ERRNO(-r)),
                          "path policy: {path} changed under us (%s): looked at again when git is done",
                          r == -EEXIST ? "index.lock held" : "rewritten");
                return;
        }
        if (r < 0) {
                index_failed(w, c, index, r, "cannot write");
                return;
        }
        c->index_said = 0;
        log_event(w->c.log, LOG_INFO, "skip-worktree",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", list ? list : "")),
                  "path policy: nested checkout {checkout} tracks masked {path}: set skip-worktree in its "
                  "index, so "
                  "git leaves it alone");
}

static bool same_id(const PlatformFileId *a, const PlatformFileId *b) {
        return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns &&
               a->ctime_ns == b->ctime_ns;
}

/* The oid of the file at p: kept from the last time while its identity
 * stands; otherwise read (counted in *hashed) and kept. */
static int file_oid(Watch *w, const char *p, GitHashAlgo algo, uint8_t oid[static 32], size_t *hashed) {
        PlatformFileId id;
        bool known = w->c.files->identity && w->c.files->identity(w->files, p, &id) >= 0;
        HashedFile *h = known ? hashmap_get(w->hashed, p) : NULL;
        if (h && h->algo == algo && same_id(&h->id, &id)) {
                memcpy(oid, h->oid, sizeof h->oid);
                return 0;
        }
        _cleanup_free_ char *data = NULL;
        size_t n = 0;
        int r = w->c.files->read_all(w->files, p, DIFFERS_MAX, &data, &n);
        if (r < 0) {
                free(hashmap_remove(w->hashed, p));
                return r;
        }
        *hashed += n;
        git_blob_oid(algo, data, n, oid);
        /* The identity was taken before the read: a write in between
         * moved it, and the next look reads again. Not kept for want of
         * memory: read again next time, nothing worse. */
        if (!known)
                return 0;
        if (!h) {
                h = calloc(1, sizeof *h);
                if (!h || hashmap_put(w->hashed, p, h) < 0) {
                        free(h);
                        return 0;
                }
        }
        *h = (HashedFile){.id = id, .algo = algo};
        memcpy(h->oid, oid, sizeof h->oid);
        return 0;
}

/* A tracked protected file that differs from what the index holds for it
 * (a checkout or pull could not write it: read-only) is said once, until it
 * matches again. */
static void check_entry(void *ctx, const GitIndexEntry *e) {
        IndexCtx *x = ctx;
        Watch *w = x->w;
        if (e->stage == 0 && !e->skip_worktree && bound_action(w, x->c, e->path, true)) {
                x->needs_skip = true;
                audit_emit(&x->lacking, e->path);
        }
        if (e->stage != 0 || e->skip_worktree || (e->mode & 0170000) != 0100000 ||
            !bound_action(w, x->c, e->path, false))
                return;
        _cleanup_free_ char *p = path_join(x->c->path, e->path);
        /* An index is the agent's to write, as often as it likes: a pass
         * hashes at most INDEX_HASH_BUDGET bytes, so no index can stall the
         * loop (the rest is looked at with the next write). */
        if (!p || x->hashed >= INDEX_HASH_BUDGET)
                return;
        uint8_t oid[32];
        int r = file_oid(w, p, e->algo, oid, &x->hashed);
        bool differs = r < 0 || memcmp(oid, e->oid, (size_t) e->algo) != 0;
        if (!differs) {
                hashmap_remove(w->differs, p);
                return;
        }
        if (hashmap_contains(w->differs, p))
                return;
        /* Kept, to be said once: what cannot be kept is said all the same,
         * and that it will be said again. */
        if (set_add(w->differs, p) < 0)
                watch_warn(w, p, ENOMEM, "cannot remember that it differs from the index");
        log_event(
                w->c.log, LOG_WARN, "protected-differs",
                LOG_FIELDS(LOG_PATH("checkout", x->c->path), LOG_PATH("path", p), LOG_ERRNO(r < 0 ? -r : 0)),
                "path policy: protected {path} in nested checkout {checkout} differs from what git has for "
                "it in "
                "the index (%s): git could not write it",
                r == -ENOENT ? "missing"
                : r < 0      ? strerror(-r)
                             : "other content");
}

void forget_differs(Watch *w, const char *dir) {
        const char *key;
        void *v;
        for (size_t i = 0; w->differs && hashmap_next(w->differs, &i, &key, &v);)
                if (path_under(key, dir))
                        hashmap_remove(w->differs, key);
        for (size_t i = 0; w->hashed && hashmap_next(w->hashed, &i, &key, &v);)
                if (path_under(key, dir))
                        free(hashmap_remove(w->hashed, key));
}

/* A split index's shared index (sharedindex.<id> in the gitdir, as git's
 * read_index_from finds it): 1 with its bytes, 0 when buf is not a split
 * index, or -errno. */
static int read_shared(Watch *w, const Checkout *c, const char *buf, size_t n, char **ret, size_t *ret_n) {
        uint8_t oid[32];
        GitHashAlgo algo;
        char name[sizeof "sharedindex." + 64];
        int r = git_index_split_base((const uint8_t *) buf, n, oid, &algo);
        if (r <= 0)
                return r;
        int k = snprintf(name, sizeof name, "sharedindex.");
        for (size_t i = 0; i < (size_t) algo; i++)
                k += snprintf(name + k, sizeof name - (size_t) k, "%02x", oid[i]);
        _cleanup_free_ char *p = path_join(c->gitdir, name);
        if (!p)
                return -ENOMEM;
        r = w->c.files->read_all(w->files, p, INDEX_MAX, ret, ret_n);
        if (r >= 0)
                index_spent(w, *ret_n);
        return r < 0 ? r : 1;
}

/* A config file's boolean: 1 true, 0 false or not there (or unreadable:
 * git would die on it, and then nothing here matters). */
static bool config_true(Watch *w, const char *dir, const char *file, const char *key) {
        _cleanup_free_ char *p = path_join(dir, file), *buf = NULL;
        size_t n = 0;
        bool v = false;
        if (!p || w->c.files->read_all(w->files, p, 1024 * 1024, &buf, &n) < 0)
                return false;
        return git_config_bool(buf, n, key, &v) > 0 && v;
}

/* Whether git clears the skip-worktree bit of every file that is present
 * in c's worktree (a masked one is, as /dev/null): it does in a sparse
 * checkout (repo_read_index: clear_skip_worktree_from_present_files, git
 * 2.37 and later), at every read of the index, unless
 * sparse.expectFilesOutsideOfPatterns is true. A bit set there is gone at
 * git's next command: setting it would race git and say what does not hold. */
static bool sparse_clears(Watch *w, const Checkout *c) {
        const char *common = c->commondir ? c->commondir : c->gitdir;
        bool wt = config_true(w, common, "config", "extensions.worktreeconfig");
        bool sparse = config_true(w, common, "config", "core.sparsecheckout") ||
                      (wt && config_true(w, c->gitdir, "config.worktree", "core.sparsecheckout"));
        bool expect =
                config_true(w, common, "config", "sparse.expectfilesoutsideofpatterns") ||
                (wt && config_true(w, c->gitdir, "config.worktree", "sparse.expectfilesoutsideofpatterns"));
        return sparse && !expect;
}

/* Said once a checkout, till its bits hold again: git clears them. */
static void say_sparse(Watch *w, Checkout *c, const char *list) {
        if (c->sparse_said)
                return;
        c->sparse_said = true;
        log_event(w->c.log, LOG_WARN, "skip-worktree-cleared",
                  LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", list ? list : "")),
                  "path policy: nested checkout {checkout} is a sparse checkout: git clears "
                  "skip-worktree from a tracked file that is present, and masked {path} is "
                  "(as /dev/null), so its index holds it without the bit: git status shows it "
                  "modified and git commit -a refuses it (commit named paths instead); "
                  "sparse.expectFilesOutsideOfPatterns=true in its config lets the bit stand");
}

/* Read the index, say the protected files that differ from it, and, when
 * write, set skip-worktree where it is missing. Whether it is missing (and
 * can be set: not in a sparse checkout whose git clears it). */
bool index_look(Watch *w, Checkout *c, bool write) {
        if (!c->gitdir || w->c.binder->warn_only || !w->c.files->read_all)
                return false;
        _cleanup_free_ char *index = path_join(c->gitdir, "index"), *buf = NULL;
        size_t n = 0;
        if (!index)
                return false;
        /* The same index as at the last look (an event of a git that wrote
         * nothing new, or the agent's own writes put back) is not read
         * again to answer the same question; writing always reads. */
        PlatformFileId id;
        bool known = w->c.files->identity && w->c.files->identity(w->files, index, &id) >= 0;
        if (!write && known && c->index_id_known && same_id(&id, &c->index_id))
                return c->index_needs_skip;
        c->index_id_known = false;
        int r = w->c.files->read_all(w->files, index, INDEX_MAX, &buf, &n);
        if (r >= 0)
                index_spent(w, n);
        if (r == -ENOENT)
                return false;
        if (r < 0) {
                index_failed(w, c, index, r, "cannot read");
                return false;
        }
        IndexCtx x = {.w = w, .c = c};
        _cleanup_free_ char *shared = NULL;
        size_t shared_n = 0;
        r = git_index_entries_sparse((const uint8_t *) buf, n, check_entry, &x);
        if (r == -EOPNOTSUPP) { /* a split index, or another extension git requires */
                int k = read_shared(w, c, buf, n, &shared, &shared_n);
                if (k > 0) {
                        /* what the first pass saw was the split index's part alone */
                        free(x.lacking);
                        x = (IndexCtx){.w = w, .c = c};
                        r = git_index_split_entries((const uint8_t *) buf, n, (const uint8_t *) shared,
                                                    shared_n, check_entry, &x);
                } else if (k < 0)
                        r = k;
        }
        _cleanup_free_ char *lacking = x.lacking;
        if (r >= 0 && x.needs_skip && sparse_clears(w, c)) {
                say_sparse(w, c, lacking);
                x.needs_skip = false;
        } else if (r >= 0)
                c->sparse_said = false;
        if (r < 0) {
                index_failed(w, c, index, r, "cannot read");
                return false;
        }
        if (!write && known && x.hashed < INDEX_HASH_BUDGET) {
                /* Kept only for a pass that looked at every entry. */
                c->index_id = id;
                c->index_id_known = true;
                c->index_needs_skip = x.needs_skip;
        }
        if (x.needs_skip && write)
                skip_masked(w, c, index, (const uint8_t *) buf, n, (const uint8_t *) shared, shared_n);
        return x.needs_skip;
}

void index_work(Watch *w, Checkout *c) {
        (void) index_look(w, c, true);
}
