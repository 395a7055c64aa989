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
#include <sys/mman.h>
#include <sys/stat.h>

#include "array.h"
#include "credentials.h"
#include "entry.h"
#include "git-audit.h"
#include "git-index.h"
#include "policy-file.h"
#include "util.h"

#define STAGE_REPORTED_FILE "path-policy.reported"

/* The test build's switch (tests/test-stage-hooks.c): true, and what is
 * staged is computed by git's plumbing alone, as for a split index, so
 * the stage suites run both ways. Hidden and weak: the installed program
 * has none, and takes none from a preloaded library. */
extern bool stage_test_plumbing(void) __attribute__((weak, visibility("hidden")));

static bool plumbing_forced(void) {
        return stage_test_plumbing && stage_test_plumbing();
}

/* A path staged against HEAD: from git diff --raw -z, or from the index
 * read here against git ls-tree -r. A rename is a deletion and an
 * addition (no -M): a refused or held-back addition takes its exact
 * source (the same blob, deleted) back along with it. */
typedef struct Change {
        char status;                   /* A, M, D, T (U from git diff) */
        unsigned src_mode, dst_mode;   /* HEAD's, the index's */
        char src_oid[65], dst_oid[65]; /* hex */
        const char *path;
        bool dropped, held, refused, restored;
        bool unstaged;     /* a masked path git add was kept from, as the worktree has it: nothing to edit */
        uint32_t src_size; /* the index's stat data (Merge.masked) */
        uint32_t ino;      /* the index's stat data: its inode's low 32 bits, where ino_known */
        bool ino_known;
        struct timespec src_mtime;
        struct Change *same; /* the next deletion of the same blob */
} Change;

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

static const char hexdigits[] = "0123456789abcdef";

static void to_hex(const uint8_t *p, size_t n, char *out) {
        /* a byte's two digits at once: this runs for every index entry */
        static char pairs[256][2];
        if (!pairs[0][0])
                for (unsigned i = 0; i < 256; i++) {
                        pairs[i][0] = hexdigits[i >> 4];
                        pairs[i][1] = hexdigits[i & 15];
                }
        for (size_t i = 0; i < n; i++)
                memcpy(out + 2 * i, pairs[p[i]], 2);
        out[2 * n] = 0;
}

static int from_hex(const char *h, size_t n, uint8_t *out) {
        for (size_t i = 0; i < 2 * n; i++) {
                int v = h[i] >= '0' && h[i] <= '9'   ? h[i] - '0'
                        : h[i] >= 'a' && h[i] <= 'f' ? h[i] - 'a' + 10
                                                     : -1;
                if (v < 0)
                        return -EBADMSG;
                out[i / 2] = (uint8_t) (i % 2 ? (out[i / 2] | v) : v << 4);
        }
        return h[2 * n] == 0 || h[2 * n] == '\t' ? 0 : -EBADMSG;
}

/* One of HEAD's entries. */
typedef struct HeadEntry {
        const char *path;
        unsigned mode;
        uint8_t oid[32];
        const char *after; /* the byte after its path's NUL */
} HeadEntry;

/* HEAD's entries copied from the index before git add, packed one after
 * another (this is every path of the repository, and every page of fresh
 * memory costs): each its mode (4 bytes), its id (hashsz bytes), its path
 * and a NUL. */
typedef struct Head {
        uint8_t *buf;
        size_t n, cap;
        size_t hashsz;
} Head;

static void head_done(Head *h) {
        free(h->buf);
        *h = (Head){0};
}

/* The entry put, its path in h (valid till the buffer grows again). */
static int head_put(Head *h, unsigned mode, const uint8_t *oid, const char *path, const char **ret_path) {
        size_t len = strlen(path);
        if (ARRAY_GROW(h->buf, h->cap, h->n + 4 + h->hashsz + len + 1) < 0)
                return -ENOMEM;
        uint32_t m = mode;
        uint8_t *q = mempcpy(h->buf + h->n, &m, 4);
        q = mempcpy(q, oid, h->hashsz);
        *ret_path = (const char *) q;
        q = mempcpy(q, path, len + 1);
        h->n = (size_t) (q - h->buf);
        return 0;
}

/* The entry at off (< h->n); the offset of the one after it. */
static size_t head_at(const Head *h, size_t off, HeadEntry *ret) {
        uint32_t m;
        memcpy(&m, h->buf + off, 4);
        const char *path = (const char *) h->buf + off + 4 + h->hashsz;
        *ret = (HeadEntry){.path = path, .mode = m, .after = path + strlen(path) + 1};
        memcpy(ret->oid, h->buf + off + 4, h->hashsz);
        return (size_t) (ret->after - (const char *) h->buf);
}

/* The entries of the index before git add (map, n bytes), copied into h,
 * and the tree they make, made of the copies: what is compared with HEAD's
 * tree is what the merge reads, however the file changes meanwhile. 0, or
 * -EBADMSG (an entry no tree holds: a conflict, an intent to add), -errno. */
static int head_from_index(Head *h, const uint8_t *map, size_t n, size_t hashsz, uint8_t ret_tree[32]) {
        _cleanup_(git_index_cursor_freep) GitIndexCursor *cur = NULL;
        _cleanup_(git_tree_freep) GitTree *tree = git_tree_new((GitHashAlgo) hashsz);
        GitIndexEntry e;
        int r;
        h->hashsz = hashsz;
        if (!tree)
                return -ENOMEM;
        if ((r = git_index_cursor_new(map, n, (GitHashAlgo) hashsz, &cur)) < 0)
                return r;
        while ((r = git_index_cursor_next(cur, &e)) > 0) {
                const char *path;
                /* only what git ls-tree -r lists: a file, an executable, a
                 * symlink, a gitlink; never a tree (a directory's entry
                 * makes the subtree's own tree entry, so entries that are
                 * not HEAD's would make HEAD's tree) */
                if (e.stage != 0 || e.intent_to_add ||
                    (e.mode != 0100644 && e.mode != 0100755 && e.mode != 0120000 && e.mode != 0160000))
                        return -EBADMSG;
                if ((r = head_put(h, e.mode, e.oid, e.path, &path)) < 0 ||
                    (r = git_tree_add(tree, path, e.mode, e.oid)) < 0)
                        return r == -EINVAL ? -EBADMSG : r;
        }
        return r < 0 ? r : git_tree_finish(tree, ret_tree);
}

/* Is a blob of HEAD's this one (hex)? */
static bool head_has(const Head *h, const char *oid) {
        uint8_t b[32];
        if (h->hashsz == 0 || strlen(oid) != 2 * h->hashsz || from_hex(oid, h->hashsz, b) < 0)
                return false;
        for (size_t off = 0; off < h->n;) {
                HeadEntry e;
                off = head_at(h, off, &e);
                if (memcmp(e.oid, b, h->hashsz) == 0)
                        return true;
        }
        return false;
}

/* A masked path, or anything under one (a file's too: .env made a
 * directory): what git add is kept from. */
static bool masked_within(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++) {
                const char *e = p->actions[i].path;
                size_t ne = strlen(e);
                while (ne > 0 && e[ne - 1] == '/')
                        ne--;
                if (p->actions[i].kind != PLATFORM_PROTECT && strncmp(e, path, ne) == 0 &&
                    (path[ne] == 0 || path[ne] == '/'))
                        return true;
        }
        return false;
}

bool stage_path_masked(const Policy *p, const char *path, bool is_new) {
        if (masked_within(p, path))
                return true;
        if (!is_new)
                return false;
        /* new: masked at any depth (a nested checkout's root) */
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT &&
                    entry_match_any_depth(p->actions[i].path, path))
                        return true;
        return false;
}

/*
 * What git diff --cached --raw HEAD says, made here: the index's entries
 * (at stage 0; an intent to add is not staged) walked against HEAD's
 * entries, both in git's path order. Any doubt (a conflict left, a
 * listing out of order or not as expected) and the caller asks git diff.
 *
 * HEAD's entries are git ls-tree -r's listing, or the agent's index
 * before git add when the tree of its entries is HEAD's (HEAD^{tree}, the
 * tree made here as git write-tree makes it): the same entries, by the
 * hash. A colony that staged nothing leaves such an index; its entries
 * are copied while git add runs, and no git lists HEAD's 100,000 paths.
 */
typedef struct Merge {
        const char *ls, *end; /* HEAD's listing, what is left of it */
        const char *prev;     /* HEAD's path before */
        const Head *head;     /* or the index before git add's entries */
        size_t at;            /* the offset of the next */
        size_t hashsz;
        Change *v;
        size_t n, allocated;
        char **names; /* the index's paths the changes name (its own are passing) */
        size_t n_names, names_allocated;
        int error;
        bool unmerged;
        /* the index's entries under masked paths, for what the worktree
         * holds there (git add was kept from them) */
        const Policy *policy;
        uint8_t first[32]; /* the masked paths' first bytes: most entries pass at one look */
        Change *masked;
        size_t n_masked, masked_allocated;
} Merge;

static void merge_done(Merge *m) {
        free(m->v);
        for (size_t i = 0; i < m->n_names; i++)
                free(m->names[i]);
        free(m->names);
        free(m->masked);
}

static Change *merge_push(Merge *m, char status) {
        if (ARRAY_GROW(m->v, m->allocated, m->n + 1) < 0) {
                m->error = -ENOMEM;
                return NULL;
        }
        Change *c = &m->v[m->n++];
        *c = (Change){.status = status};
        return c;
}

static const char *merge_name(Merge *m, const char *path) {
        char *d = strdup(path);
        if (!d || ARRAY_GROW(m->names, m->names_allocated, m->n_names + 1) < 0) {
                free(d);
                m->error = -ENOMEM;
                return NULL;
        }
        return m->names[m->n_names++] = d;
}

/* HEAD's next entry, not taken (merge_head_skip() takes it): 1, 0 at the
 * end, or -errno. */
static int merge_head_peek(Merge *m, HeadEntry *ret) {
        if (m->head) {
                if (m->at >= m->head->n)
                        return 0;
                head_at(m->head, m->at, ret);
                return 1;
        }
        /* "<mode> <type> <oid>\t<path>\0" */
        const char *p = m->ls, *q = p, *end = m->end;
        if (p >= end)
                return 0;
        const char *nul = memchr(p, 0, (size_t) (end - p));
        unsigned mode = 0;
        if (!nul)
                return -EBADMSG;
        for (; q < nul && *q >= '0' && *q <= '7'; q++)
                mode = mode * 8 + (unsigned) (*q - '0');
        const char *type = q + 1, *sp = type < nul ? memchr(type, ' ', (size_t) (nul - type)) : NULL;
        const char *tab = sp ? memchr(sp, '\t', (size_t) (nul - sp)) : NULL;
        if (q == p || *q != ' ' || !sp || !tab || (size_t) (tab - sp - 1) != 2 * m->hashsz ||
            tab + 1 == nul || (m->prev && strcmp(m->prev, tab + 1) >= 0))
                return -EBADMSG;
        *ret = (HeadEntry){.path = tab + 1, .mode = mode, .after = nul + 1};
        return from_hex(sp + 1, m->hashsz, ret->oid) < 0 ? -EBADMSG : 1;
}

static void merge_head_skip(Merge *m, const HeadEntry *h) {
        if (m->head)
                m->at = (size_t) (h->after - (const char *) m->head->buf);
        else {
                m->prev = h->path;
                m->ls = h->after;
        }
}

/* HEAD's entries before path (all, for NULL): deleted. Its entry at
 * path, if any, in *same. */
static void merge_head_until(Merge *m, const char *path, HeadEntry *same, bool *found) {
        *found = false;
        while (!m->error) {
                HeadEntry h;
                int r = merge_head_peek(m, &h);
                if (r <= 0) {
                        m->error = r;
                        return;
                }
                int cmp = path ? strcmp(h.path, path) : -1;
                if (cmp > 0)
                        return; /* not yet */
                merge_head_skip(m, &h);
                if (cmp == 0) {
                        *same = h;
                        *found = true;
                        return;
                }
                Change *c = merge_push(m, 'D');
                if (!c)
                        return;
                c->src_mode = h.mode;
                c->path = h.path;
                to_hex(h.oid, m->hashsz, c->src_oid);
                memset(c->dst_oid, '0', 2 * m->hashsz);
        }
}

static void merge_take(void *ctx, const GitIndexEntry *e) {
        Merge *m = ctx;
        if (e->stage != 0)
                m->unmerged = true;
        if (m->error || m->unmerged || e->intent_to_add)
                return;
        if (m->hashsz == 0)
                m->hashsz = (size_t) e->algo;
        if (m->hashsz != (size_t) e->algo) {
                m->error = -EBADMSG;
                return;
        }
        HeadEntry same, *h = &same;
        bool found;
        merge_head_until(m, e->path, h, &found);
        if (m->error)
                return;
        if (found && h->mode == e->mode && memcmp(h->oid, e->oid, m->hashsz) == 0 &&
            !(m->first[(uint8_t) e->path[0] / 8] >> ((uint8_t) e->path[0] % 8) & 1))
                return; /* as HEAD has it, and nowhere near a masked path */
        char hex[65];
        to_hex(e->oid, m->hashsz, hex);
        uint8_t b0 = (uint8_t) e->path[0];
        if (m->policy && (m->first[b0 / 8] >> (b0 % 8) & 1) && masked_within(m->policy, e->path)) {
                if (ARRAY_GROW(m->masked, m->masked_allocated, m->n_masked + 1) < 0) {
                        m->error = -ENOMEM;
                        return;
                }
                Change *k = &m->masked[m->n_masked++];
                *k = (Change){.status = 'D',
                              .src_mode = e->mode,
                              .src_size = e->size,
                              .path = merge_name(m, e->path)};
                k->src_mtime = (struct timespec){.tv_sec = e->mtime_sec, .tv_nsec = e->mtime_nsec};
                memcpy(k->src_oid, hex, sizeof hex);
                if (!k->path)
                        return;
        }
        if (found && h->mode == e->mode && memcmp(h->oid, e->oid, m->hashsz) == 0)
                return; /* as HEAD has it */
        Change *c = merge_push(m, !found ? 'A' : (h->mode & S_IFMT) == (e->mode & S_IFMT) ? 'M' : 'T');
        if (!c || !(c->path = merge_name(m, e->path)))
                return;
        c->dst_mode = e->mode;
        c->ino = e->ino;
        c->ino_known = true;
        memcpy(c->dst_oid, hex, sizeof hex);
        if (found) {
                c->src_mode = h->mode;
                to_hex(h->oid, m->hashsz, c->src_oid);
        } else
                memset(c->src_oid, '0', 2 * m->hashsz);
}

/* The index, locked as git locks it (path.lock, made exclusively, renamed
 * over it once written), and mapped. */
typedef struct IndexLock {
        char *path, *lock;
        int fd;
        uint8_t *map; /* NULL: no index yet */
        size_t n;
} IndexLock;

static void merge_init(Merge *m, const Policy *policy, size_t hashsz) {
        *m = (Merge){.policy = policy, .hashsz = hashsz};
        for (size_t i = 0; i < policy->n; i++)
                if (policy->actions[i].kind != PLATFORM_PROTECT) {
                        uint8_t b0 = (uint8_t) policy->actions[i].path[0];
                        m->first[b0 / 8] |= (uint8_t) (1u << (b0 % 8));
                }
}

/* The index git add wrote, walked against HEAD's entries: true when every
 * step held. */
static bool merge_run(Merge *m, const IndexLock *lk) {
        /* git add wrote it just now: its checksum is git's */
        GitHashAlgo algo = m->hashsz == 32 ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
        int r = !lk->map    ? 0
                : m->hashsz ? git_index_entries_trusted(lk->map, lk->n, algo, merge_take, m)
                            : git_index_entries(lk->map, lk->n, merge_take, m);
        if (r == 0 && !m->error && !m->unmerged) {
                HeadEntry none;
                bool found;
                merge_head_until(m, NULL, &none, &found);
        }
        return r == 0 && !m->error && !m->unmerged &&
               (m->hashsz == 20 || m->hashsz == 32 || (m->hashsz == 0 && m->n == 0));
}

/* The index before git add, mapped: its entries copied (Head) while git
 * add runs, when its cache tree names HEAD's tree. */
typedef struct Before {
        uint8_t *map;
        size_t n;
        uint8_t tree[32]; /* the root tree its cache tree names: a hint, the agent's */
} Before;

static void before_done(Before *b) {
        if (b->map)
                munmap(b->map, b->n);
        *b = (Before){0};
}

/* The agent's index, before git add reads it: every entry in name order,
 * none with a name git would not add (./x, a//b, a/../b, .git/x). git
 * reads such an index without a word, and git add would find a masked
 * file through ./config/master.key, not excluded by name, and hash the
 * host's secret into .git/objects. 0 (also: no index, or a split or sparse
 * one, which git diff reads), or -EBADMSG. The index, mapped, and the root
 * tree its cache tree names in *ret when it names one and every entry is in
 * a tree (at stage 0, none an intent to add). The file's stat in *ret_st.
 * Its gitlinks in *ret_links, known when every entry was read here. */
static int index_precheck_fd(int fd, size_t hashsz, Before *ret, struct stat *ret_st, Gitlinks *ret_links) {
        _cleanup_(gitlinks_done) Gitlinks links = {0};
        struct stat st;
        if (fstat(fd, &st) < 0)
                return -errno;
        *ret_st = st;
        if (!S_ISREG(st.st_mode) || st.st_size == 0 || (hashsz != 20 && hashsz != 32))
                return 0; /* git's to say what it makes of it */
        void *map = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (map == MAP_FAILED)
                return -errno;
        _cleanup_(git_index_cursor_freep) GitIndexCursor *cur = NULL;
        GitIndexEntry e;
        bool partial = false;
        int r = git_index_cursor_new(map, (size_t) st.st_size, (GitHashAlgo) hashsz, &cur);
        while (r >= 0 && (r = git_index_cursor_next(cur, &e)) > 0) {
                partial = partial || e.stage != 0 || e.intent_to_add;
                if (gitlink_mode(e.mode) && (r = gitlinks_push(&links, e.path)) < 0)
                        break;
        }
        if (r == 0) {
                gitlinks_done(ret_links);
                links.known = true;
                *ret_links = links;
                links = (Gitlinks){0};
        }
        if (r == 0 && !partial && git_index_cursor_cache_tree(cur, ret->tree) > 0) {
                ret->map = map;
                ret->n = (size_t) st.st_size;
                return 0;
        }
        munmap(map, (size_t) st.st_size);
        return r == -EOPNOTSUPP ? 0 : r;
}

static int index_precheck(const char *path, size_t hashsz, Before *ret, Gitlinks *ret_links) {
        _cleanup_close_ int fd =
                open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK); /* a fifo: no wait */
        struct stat st;
        if (fd < 0 && errno == ENOENT) {
                ret_links->known = true; /* no index, no gitlink */
                return 0;
        }
        if (fd < 0)
                return -errno;
        return index_precheck_fd(fd, hashsz, ret, &st, ret_links);
}

/* The precheck of a main checkout's .git/index (beneath the worktree,
 * nothing followed) while git_pin() waits for git's answer, for a SHA-1
 * repository: taken when the pin names that same file and hash. */
typedef struct Early {
        int root_fd;
        int r; /* index_precheck_fd()'s; 1: not made */
        Before before;
        struct stat st;
        Gitlinks links;
} Early;

static void early_done(Early *x) {
        before_done(&x->before);
        gitlinks_done(&x->links);
}

static void precheck_early(void *ctx) {
        Early *x = ctx;
        _cleanup_close_ int fd = -EBADF;
        if (platform_open_beneath(x->root_fd, ".git/index", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                                  &fd) < 0)
                return;
        x->r = index_precheck_fd(fd, GIT_HASH_SHA1, &x->before, &x->st, &x->links);
}

static int index_lock(const char *path, IndexLock *ret) {
        _cleanup_free_ char *p = strdup(path), *lock = NULL;
        struct stat st;
        if (!p || asprintf(&lock, "%s.lock", path) < 0)
                return -ENOMEM;
        int fd = open(lock, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0)
                return -errno;
        *ret = (IndexLock){.path = TAKE_PTR(p), .lock = TAKE_PTR(lock), .fd = fd};
        /* a fifo swapped in (--snapshot, the guest still running): no wait */
        _cleanup_close_ int in = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (in < 0)
                return errno == ENOENT ? 0 : -errno;
        if (fstat(in, &st) < 0 || fchmod(fd, st.st_mode & 07777) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -EINVAL;
        if (st.st_size == 0)
                return 0;
        void *m = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, in, 0);
        if (m == MAP_FAILED)
                return -errno;
        ret->map = m;
        ret->n = (size_t) st.st_size;
        return 0;
}

/* Renamed over the index (written is 1), or given up. */
static int index_unlock(IndexLock *l, int written) {
        int r = 0;
        if (l->map)
                munmap(l->map, l->n);
        if (l->fd >= 0 && close(l->fd) < 0 && written > 0)
                r = -errno;
        if (l->lock && (written <= 0 || r < 0 || rename(l->lock, l->path) < 0)) {
                if (written > 0 && r == 0)
                        r = -errno;
                unlink(l->lock);
        }
        free(l->path);
        free(l->lock);
        *l = (IndexLock){.fd = -1};
        return r;
}

static void index_unlockp(IndexLock *l) {
        if (l->path)
                (void) index_unlock(l, 0);
}

static bool masked_bound(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT && entry_match_anchored(p->actions[i].path, path))
                        return true;
        return false;
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

/* Is the file at path (nothing followed) one a masked path held? */
/* What is at path beneath root_fd, by the platform's resolver: no symlink
 * followed anywhere in it (a directory swapped for one cannot point the
 * look elsewhere), nothing opened for reading (a fifo does not block). */
static int stat_beneath(int root_fd, const char *path, struct stat *ret) {
        _cleanup_close_ int fd = -EBADF;
        int r = platform_open_beneath(root_fd, path, O_PATH | O_NOFOLLOW | O_CLOEXEC, &fd);
        if (r < 0)
                return r;
        return fstat(fd, ret) < 0 ? -errno : 0;
}

static bool moved_here(int root_fd, const Hashmap *inodes, const char *path) {
        struct stat st;
        char key[MASKED_FILE_KEY_MAX];
        if (hashmap_size(inodes) == 0 || stat_beneath(root_fd, path, &st) < 0 || !S_ISREG(st.st_mode))
                return false;
        masked_file_key(&st, key);
        return hashmap_contains(inodes, key);
}

static int u32_cmp(const void *a, const void *b) {
        uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
        return x < y ? -1 : x > y;
}

/* The masked files' inode numbers (keys "dev ino mtime"), their low 32
 * bits, sorted: what an index entry's stat data keeps. git add either
 * took an entry's stat data from the file it hashed, or left an entry
 * whose stat data matched the file (and then hashed nothing of it): an
 * inode not here is no masked file's whose bytes git add read, and needs
 * no look at the disk. */
static int inode_set(const Hashmap *inodes, uint32_t **ret, size_t *ret_n) {
        size_t n = 0, i = 0;
        const char *key;
        uint32_t *v = calloc(hashmap_size(inodes) + 1, sizeof *v);
        if (!v)
                return -ENOMEM;
        while (hashmap_next(inodes, &i, &key, NULL)) {
                const char *sp = strchr(key, ' ');
                if (sp)
                        v[n++] = (uint32_t) strtoull(sp + 1, NULL, 10);
        }
        qsort(v, n, sizeof *v, u32_cmp);
        *ret = v;
        *ret_n = n;
        return 0;
}

static int change_cmp(const void *a, const void *b) {
        return strcmp(((const Change *) a)->path, ((const Change *) b)->path);
}

static int file_cmp(const void *a, const void *b) {
        return strcmp(((const MaskedFile *) a)->path, ((const MaskedFile *) b)->path);
}

/* The masked paths git add was kept from, as the worktree has them against
 * the index (its entries there, from the merge; the files, from the walk):
 * a file the index lacks, an entry whose file is gone, one whose size or
 * mtime is not the index's. A path the index already stages against HEAD
 * is left to that change. Appended to *v (sorted by path before). */
static int worktree_changes(const Change *masked, size_t n_masked, MaskedFiles *files, const char *zeros,
                            Change **v, size_t *n_v) {
        size_t allocated = *n_v, n_staged = *n_v, i = 0, j = 0;
        if (files->n > 0)
                qsort(files->v, files->n, sizeof *files->v, file_cmp);
        while (i < n_masked || j < files->n) {
                int cmp = i == n_masked ? 1 : j == files->n ? -1 : strcmp(masked[i].path, files->v[j].path);
                Change c = {.unstaged = true};
                if (cmp < 0) { /* gone (a file's; a link or a gitlink is not walked) */
                        c = masked[i];
                        c.unstaged = true;
                        c.status = 'D';
                        i++;
                        if ((c.src_mode & S_IFMT) != S_IFREG)
                                continue;
                } else if (cmp > 0) { /* new */
                        c.status = 'A';
                        c.path = files->v[j].path;
                        memcpy(c.src_oid, zeros, sizeof c.src_oid);
                        j++;
                } else { /* both: changed, as git's stat check would see it */
                        const MaskedFile *f = &files->v[j];
                        c = masked[i];
                        c.unstaged = true;
                        c.status = 'M';
                        i++;
                        j++;
                        if ((c.src_mode & S_IFMT) == S_IFREG && c.src_size == (uint32_t) f->size &&
                            c.src_mtime.tv_sec == (time_t) (uint32_t) f->mtime.tv_sec &&
                            c.src_mtime.tv_nsec == f->mtime.tv_nsec)
                                continue;
                }
                memcpy(c.dst_oid, zeros, sizeof c.dst_oid);
                Change key = {.path = c.path};
                if (n_staged > 0 && bsearch(&key, *v, n_staged, sizeof key, change_cmp))
                        continue;
                if (ARRAY_GROW(*v, allocated, *n_v + 1) < 0)
                        return -ENOMEM;
                (*v)[(*n_v)++] = c;
        }
        return 0;
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

/* Is path under one of set's paths (a directory of it named as one)? */
static bool under_any(const Hashmap *set, const char *path) {
        if (hashmap_size(set) == 0)
                return false;
        _cleanup_free_ char *p = strdup(path);
        if (!p)
                return true; /* cannot tell: held back */
        for (char *slash; (slash = strrchr(p, '/'));) {
                *slash = 0;
                if (hashmap_contains(set, p))
                        return true;
        }
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

static const char *head_oid(void *ctx, size_t i) {
        return ((Heads *) ctx)->v[i]->dst_oid;
}

static void head_judge(void *ctx, size_t i, const char *buf, size_t len, uint64_t size) {
        (void) size;
        ((Heads *) ctx)->v[i]->refused = credential_content(buf, len);
}

static int read_heads(void *userdata, int fd) {
        Heads *h = userdata;
        return cat_file_heads(fd, h->n, CREDENTIAL_HEAD_BYTES, head_oid, head_judge, h);
}

/* A regular file, whatever its permission bits: git writes 100644 and
 * 100755 only, but keeps the 100600 an agent's index says, and so does
 * the tree it writes. */
static bool is_file_mode(unsigned mode) {
        return (mode & S_IFMT) == S_IFREG;
}

/* What the stage changes in the index: a path back to HEAD's mode and
 * blob, or (mode 0) out of it; a later one for a path wins. */
typedef struct Edit {
        const char *path;
        unsigned mode;
        char oid[65];
        size_t order;
} Edit;

typedef struct Edits {
        Edit *v;
        size_t n, allocated;
} Edits;

static void edits_done(Edits *e) {
        free(e->v);
}

static int edit_push(Edits *e, unsigned mode, const char *oid, const char *path) {
        if (ARRAY_GROW(e->v, e->allocated, e->n + 1) < 0)
                return -ENOMEM;
        Edit *ed = &e->v[e->n];
        *ed = (Edit){.path = path, .mode = mode, .order = e->n};
        snprintf(ed->oid, sizeof ed->oid, "%s", oid);
        e->n++;
        return 0;
}

/* Every staged entry at a directory of path (a file where it needs a
 * directory) out of the index, said. */
static int drop_ancestors(const Hashmap *by_path, const char *path, const char *zeros, Edits *ed,
                          LogStream *log) {
        _cleanup_free_ char *p = strdup(path);
        if (!p)
                return -ENOMEM;
        for (char *slash; (slash = strrchr(p, '/'));) {
                *slash = 0;
                Change *a = hashmap_get(by_path, p);
                if (!a || a->status == 'D' || a->held || a->refused)
                        continue;
                int r = edit_push(ed, 0, zeros, a->path);
                if (r < 0)
                        return r;
                a->held = true;
                log_event(log, LOG_WARN, "held-back", LOG_FIELDS(LOG_PATH("path", a->path)),
                          "path policy: left {path} out of the commit (a masked path is under it)");
        }
        return 0;
}

/* As --index-info lines (-z), in the order made. */
static int edits_info(const Edits *e, char **ret, size_t *ret_n) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0, allocated = 0;
        for (size_t i = 0; i < e->n; i++) {
                char head[96];
                int h = snprintf(head, sizeof head, "%o %s\t", e->v[i].mode, e->v[i].oid);
                size_t len = strlen(e->v[i].path) + 1;
                if (ARRAY_GROW(buf, allocated, n + (size_t) h + len + 1) < 0)
                        return -ENOMEM;
                memcpy(buf + n, head, (size_t) h);
                memcpy(buf + n + h, e->v[i].path, len); /* the NUL ends it (-z) */
                n += (size_t) h + len;
        }
        *ret = TAKE_PTR(buf);
        *ret_n = n;
        return 0;
}

static int edit_cmp(const void *a, const void *b) {
        const Edit *x = a, *y = b;
        int c = strcmp(x->path, y->path);
        return c ? c : x->order < y->order ? -1 : 1;
}

/* Sorted, a path once (its last edit): for git_index_edit(). */
static int edits_sorted(Edits *e, size_t hashsz, GitIndexEdit **ret, size_t *ret_n) {
        if (e->n > 0) /* qsort(NULL, 0) is undefined */
                qsort(e->v, e->n, sizeof *e->v, edit_cmp);
        _cleanup_free_ GitIndexEdit *v = calloc(e->n + 1, sizeof *v);
        size_t k = 0;
        if (!v)
                return -ENOMEM;
        for (size_t i = 0; i < e->n; i++) {
                if (i + 1 < e->n && streq(e->v[i].path, e->v[i + 1].path))
                        continue;
                v[k] = (GitIndexEdit){.path = e->v[i].path, .mode = e->v[i].mode};
                if (e->v[i].mode != 0 && from_hex(e->v[i].oid, hashsz, v[k].oid) < 0)
                        return -EBADMSG;
                k++;
        }
        *ret = TAKE_PTR(v);
        *ret_n = k;
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

/* The deletion an addition of the same blob came from (a rename), one
 * not taken back already and, when masked is given, one whose path it
 * says is masked; NULL. */
static Change *source_of(const Hashmap *deleted, const Change *ch, const Policy *masked_by) {
        for (Change *d = hashmap_get(deleted, ch->dst_oid); d; d = d->same)
                if (!d->restored &&
                    (masked_by ? masked_bound(masked_by, d->path) : d->src_mode == ch->dst_mode))
                        return d;
        return NULL;
}

/* A credential file refused: out of the index, the file it was renamed
 * from (if any) back as HEAD has it, and named. */
static int refuse_change(const Hashmap *deleted, Change *ch, const char *zeros, Edits *ed,
                         StageResult *res) {
        int r;
        ch->refused = true;
        if ((r = edit_push(ed, 0, zeros, ch->path)) < 0)
                return r;
        Change *src = source_of(deleted, ch, NULL);
        if (src) {
                src->restored = true;
                if ((r = edit_push(ed, src->src_mode, src->src_oid, src->path)) < 0)
                        return r;
        }
        if (ARRAY_GROW(res->refused, res->n_refused_allocated, res->n_refused + 1) < 0 ||
            !(res->refused[res->n_refused] = strdup(ch->path)))
                return -ENOMEM;
        res->n_refused++;
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

static int strv_push(char ***v, size_t *n, const char *s) {
        char *d = strdup(s);
        char **nv = d ? realloc(*v, (*n + 2) * sizeof **v) : NULL;
        if (!nv) {
                free(d);
                return -ENOMEM;
        }
        nv[(*n)++] = d;
        nv[*n] = NULL;
        *v = nv;
        return 0;
}

/* A masked file's blob that git add wrote (the guest moved it where no
 * exclude reaches): out of .git/objects again, where the guest reads it,
 * when this stage made it (its loose file born since the stage began:
 * git add only touches the time of one it finds) and HEAD has it nowhere.
 * One that cannot be taken out is said. */
static void unhash_blob(const Git *g, const char *oid, const Head *head, const char *listing,
                        size_t n_listing, const struct timespec *start, LogStream *log) {
        const char *why = NULL;
        char sub[16];
        _cleanup_close_ int dir_fd = -EBADF, sub_fd = -EBADF;
        if (head_has(head, oid) || (n_listing > 0 && memmem(listing, n_listing, oid, strlen(oid))))
                return; /* HEAD's: in the store before, and after */
        /* objects/xx opened beneath the pinned git dir, nothing followed:
         * the agent writes .git/objects and could make xx a symlink to a
         * file of the host's of the same name */
        snprintf(sub, sizeof sub, "objects/%.2s", oid);
        dir_fd = open(g->common_dir ? g->common_dir : g->git_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir_fd < 0 ||
            platform_open_beneath(dir_fd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC, &sub_fd) < 0)
                why = "its directory cannot be opened without following a link";
#ifdef STATX_BTIME
        struct statx sx;
        if (why) /* said below */
                ;
        else if (statx(sub_fd, oid + 2, AT_SYMLINK_NOFOLLOW, STATX_BTIME | STATX_TYPE, &sx) < 0)
                why = errno == ENOENT ? "it is packed" : "it cannot be looked at";
        else if (!(sx.stx_mask & STATX_BTIME) || !S_ISREG(sx.stx_mode))
                why = "the file system keeps no birth time, or it is no file";
        else if (sx.stx_btime.tv_sec < start->tv_sec ||
                 (sx.stx_btime.tv_sec == start->tv_sec && (long) sx.stx_btime.tv_nsec < start->tv_nsec))
                why = "it was there before";
        else if (unlinkat(sub_fd, oid + 2, 0) < 0)
                why = "it cannot be removed";
#else
        why = "this system keeps no birth time";
#endif
        if (why)
                log_event(log, LOG_WARN, "stage-failed", LOG_FIELDS(LOG_STR("oid", oid)),
                          "path policy: a moved masked file's blob {oid} stays in .git/objects: %s", why);
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
static int filtered(const Git *g, Change *const *v, size_t n, bool *want, HostError *err) {
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
        for (size_t i = 0; i < h->n; i++) {
                char buf[CREDENTIAL_HEAD_BYTES];
                size_t n = 0;
                if (!want[i] || h->v[i]->refused)
                        continue;
                if ((r = worktree_head(root_fd, h->v[i]->path, buf, sizeof buf, &n)) < 0)
                        return fail(err, r,
                                    "path policy: cannot read %s, which a filter stores as other bytes, to "
                                    "judge it: %s",
                                    shown(h->v[i]->path), read_full_file_strerror(r));
                h->v[i]->refused = credential_content(buf, n);
        }
        return 0;
}

/* A staged blob of a path held back or refused, read to see whether it is
 * an LFS pointer: the LFS object's id (sha256, hex) in lfs[i], else "". */
#define LFS_POINTER_MAX 1024 /* git-lfs's own bound on a pointer's size */
typedef struct Pointers {
        Change **v;
        char (*lfs)[65];
        size_t n;
} Pointers;

static void lfs_pointer_oid(const char *buf, size_t n, char out[65]) {
        static const char key[] = "\noid sha256:";
        out[0] = 0;
        if (n < 16 || memcmp(buf, "version https://", 16) != 0)
                return;
        const char *p = memmem(buf, n, key, sizeof key - 1);
        if (!p || (size_t) (buf + n - p) < sizeof key - 1 + 64 + 1)
                return;
        p += sizeof key - 1;
        for (size_t i = 0; i < 64; i++)
                if (!strchr(hexdigits, p[i]) || p[i] == 0)
                        return;
        if (p[64] != '\n')
                return;
        memcpy(out, p, 64);
        out[64] = 0;
}

static const char *pointer_oid(void *ctx, size_t i) {
        return ((Pointers *) ctx)->v[i]->dst_oid;
}

static void pointer_read(void *ctx, size_t i, const char *buf, size_t len, uint64_t size) {
        Pointers *h = ctx;
        /* a blob as large as git-lfs's bound or larger is no pointer */
        if (size < LFS_POINTER_MAX)
                lfs_pointer_oid(buf, len, h->lfs[i]);
        else
                h->lfs[i][0] = 0;
}

static int read_pointers(void *userdata, int fd) {
        Pointers *h = userdata;
        return cat_file_heads(fd, h->n, LFS_POINTER_MAX, pointer_oid, pointer_read, h);
}

/* Did this stage make the file name in dir_fd: born since it began (the
 * file system's birth time; without one, its inode's change time, which
 * git add and git-lfs leave as it was on an object they find there)?
 * 1, 0 (there before), -errno (-ENOENT: not there). */
static int made_since(int dir_fd, const char *name, const struct timespec *start) {
        struct timespec t;
#ifdef STATX_BTIME
        struct statx sx;
        if (statx(dir_fd, name, AT_SYMLINK_NOFOLLOW, STATX_BTIME | STATX_CTIME | STATX_TYPE, &sx) < 0)
                return -errno;
        if (!S_ISREG(sx.stx_mode))
                return -ENXIO;
        t = sx.stx_mask & STATX_BTIME ? (struct timespec){sx.stx_btime.tv_sec, sx.stx_btime.tv_nsec}
                                      : (struct timespec){sx.stx_ctime.tv_sec, sx.stx_ctime.tv_nsec};
#else
        struct stat st;
        if (fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -ENXIO;
        t = st.st_ctim;
#endif
        return t.tv_sec > start->tv_sec || (t.tv_sec == start->tv_sec && t.tv_nsec >= start->tv_nsec);
}

/* The file sub/name beneath the common git dir, nothing followed (the
 * agent writes .git and could make a directory of it a symlink), taken
 * out when this stage made it. 1 removed, 0 there before, -errno
 * (-ENOENT: not there). */
static int remove_made(const Git *g, const char *sub, const char *name, const struct timespec *start) {
        _cleanup_close_ int dir_fd = -EBADF, sub_fd = -EBADF;
        dir_fd = open(g->common_dir ? g->common_dir : g->git_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir_fd < 0)
                return -errno;
        int r = platform_open_beneath(dir_fd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC, &sub_fd);
        if (r < 0)
                return r;
        if ((r = made_since(sub_fd, name, start)) <= 0)
                return r;
        return unlinkat(sub_fd, name, 0) < 0 ? -errno : 1;
}

/* Is oid's blob one the index keeps, or HEAD has? */
static bool blob_kept(const Change *v, size_t n, const char *oid, const Head *head, const char *listing,
                      size_t n_listing) {
        for (size_t i = 0; i < n; i++)
                if (v[i].status != 'D' && !v[i].held && !v[i].refused && !v[i].dropped && !v[i].unstaged &&
                    streq(v[i].dst_oid, oid))
                        return true;
        return head_has(head, oid) || (n_listing > 0 && memmem(listing, n_listing, oid, strlen(oid)));
}

/*
 * What this stage's git add made for a path it then held back or refused,
 * taken out of the store again, where the guest reads it and whence a push
 * could carry it: the loose blob, and for an LFS pointer the LFS object
 * (git-lfs's clean filter wrote the file's own bytes there: a masked file
 * the guest renamed under `filter=lfs` is the host's secret). Only what
 * this stage made (born since it began), and only what no path the index
 * keeps or HEAD has names. A held-back file's LFS object taken out is said
 * (the host's bytes had reached .git/lfs/objects); one that stays is said,
 * and so is a blob of this stage's that cannot go. The blobs in skip
 * (unhash_blob()'s) are left to it. 0, or -errno (the store as it was).
 */
static int forget_objects(const Git *g, Change *v, size_t n, char *const *skip, size_t n_skip,
                          const Head *head, const char *listing, size_t n_listing,
                          const struct timespec *start, LogStream *log) {
        _cleanup_free_ Change **gone = calloc(n + 1, sizeof *gone);
        _cleanup_free_ char(*lfs)[65] = calloc(n + 1, sizeof *lfs);
        _cleanup_free_ char *oids = NULL;
        size_t k = 0, n_oids = 0, oids_alloc = 0;
        if (!gone || !lfs)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                Change *c = &v[i];
                if (!(c->held || c->refused) || c->unstaged || c->status == 'D' ||
                    !is_file_mode(c->dst_mode) || strspn(c->dst_oid, "0") == strlen(c->dst_oid) ||
                    blob_kept(v, n, c->dst_oid, head, listing, n_listing))
                        continue;
                if (ARRAY_GROW(oids, oids_alloc, n_oids + sizeof c->dst_oid + 1) < 0)
                        return -ENOMEM;
                n_oids += (size_t) sprintf(oids + n_oids, "%s\n", c->dst_oid);
                gone[k++] = c;
        }
        if (k == 0)
                return 0;
        /* the pointers read before any blob goes */
        const char *batch[] = {"cat-file", "--batch", NULL};
        char err[256];
        int status = 0;
        Pointers p = {.v = gone, .lfs = lfs, .n = k};
        int r = git_stream(g, batch, oids, n_oids, read_pointers, &p, &status, err, sizeof err);
        if (r >= 0 && status != 0)
                r = -EIO;
        if (r < 0)
                return r;
        for (size_t i = 0; i < k; i++) {
                Change *c = gone[i];
                char sub[64];
                if (lfs[i][0]) {
                        snprintf(sub, sizeof sub, "lfs/objects/%.2s/%.2s", lfs[i], lfs[i] + 2);
                        r = remove_made(g, sub, lfs[i], start);
                        if (r > 0 && c->held)
                                log_event(log, LOG_WARN, "object-removed",
                                          LOG_FIELDS(LOG_PATH("path", c->path), LOG_STR("oid", lfs[i])),
                                          "path policy: took {path}'s bytes out of .git/lfs/objects "
                                          "(LFS object {oid}): a filter had stored them there, and the "
                                          "file is left out of the commit");
                        else if (r == 0 || (r < 0 && r != -ENOENT))
                                log_event(log, LOG_WARN, "stage-failed",
                                          LOG_FIELDS(LOG_PATH("path", c->path), LOG_STR("oid", lfs[i])),
                                          "path policy: {path} is left out of the commit, but its bytes "
                                          "stay in .git/lfs/objects (LFS object {oid}): %s",
                                          r == 0 ? "it was there before" : strerror(-r));
                }
                bool skipped = false;
                for (size_t j = 0; j < n_skip && !skipped; j++)
                        skipped = streq(skip[j], c->dst_oid);
                if (skipped)
                        continue;
                snprintf(sub, sizeof sub, "objects/%.2s", c->dst_oid);
                r = remove_made(g, sub, c->dst_oid + 2, start);
                if (r < 0 && r != -ENOENT)
                        log_event(log, LOG_WARN, "stage-failed",
                                  LOG_FIELDS(LOG_PATH("path", c->path), LOG_STR("oid", c->dst_oid)),
                                  "path policy: {path} is left out of the commit, but the blob {oid} this "
                                  "stage made of it stays in .git/objects: %s",
                                  strerror(-r));
        }
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

static void git_donep(Git *g) {
        git_done(g);
}

/* A boot record lost: said once, with what stage takes in its place. */
static void record_lost(LogStream *log, const char *record, const char *assumed) {
        log_event(log, LOG_WARN, "record-lost",
                  LOG_FIELDS(LOG_STR("record", record), LOG_STR("assumed", assumed)),
                  "path policy: the boot's record {record} is lost: {assumed}");
}

/* The last component of a file's path. */
static const char *base_name(const char *path) {
        const char *b = strrchr(path, '/');
        return b ? b + 1 : path;
}

/* The placeholders by identity, for one the guest moved (it renamed a
 * parent, and git add found the empty file at the new path). With the
 * record lost, by name: an empty new file named as a file placeholder
 * (the list's, or the policy's files, the list lost too) is taken for a
 * moved one. */
typedef struct Placed {
        PlaceholderInodes inodes;
        Hashmap *names; /* the record lost: the file placeholders' last components */
} Placed;

static void placed_done(Placed *p) {
        placeholder_inodes_done(&p->inodes);
        hashmap_free(p->names);
}

static int placed_name(Hashmap *names, const char *path) {
        size_t n = strlen(path);
        if (n == 0 || path[n - 1] == '/')
                return 0; /* a directory: git stages no empty one */
        return hashmap_put(names, base_name(path), NULL) < 0 ? -ENOMEM : 0;
}

static int placed_load(int out_fd, const Hashmap *placeholders, bool list_lost, const Policy *policy,
                       LogStream *log, Placed *ret) {
        Placed p = {0};
        int r = placeholder_inodes_load(out_fd, &p.inodes);
        if (r < 0)
                return r;
        if (p.inodes.lost) {
                const char *key;
                size_t i = 0;
                if (!(p.names = hashmap_new())) {
                        placed_done(&p);
                        return -ENOMEM;
                }
                while (r >= 0 && !list_lost && hashmap_next(placeholders, &i, &key, NULL))
                        r = placed_name(p.names, key);
                for (size_t k = 0; r >= 0 && list_lost && k < policy->n; k++)
                        r = placed_name(p.names, policy->actions[k].path);
                if (r < 0) {
                        placed_done(&p);
                        return r;
                }
                record_lost(log, HOST_PLACEHOLDER_INODES_FILE,
                            "an empty new file named as a placeholder is taken for one the guest moved, and "
                            "left out");
        }
        *ret = p;
        return 0;
}

/* Is the empty file at path (nothing followed) a placeholder the guest
 * moved there? */
static bool placed_moved(int root_fd, const Placed *p, const char *path) {
        struct stat st;
        char key[MASKED_FILE_KEY_MAX];
        if (p->names)
                return hashmap_contains(p->names, base_name(path));
        if (hashmap_size(p->inodes.by_key) == 0 || stat_beneath(root_fd, path, &st) < 0 ||
            !S_ISREG(st.st_mode) || st.st_size != 0)
                return false;
        placeholder_key(&st, key);
        return hashmap_contains(p->inodes.by_key, key);
}

/*
 * The masked files' record lost (HOST_MASKED_FILES_FILE): a masked file
 * that the guest moved before this stage (it renamed the masked directory,
 * and the mask went with it) cannot be told from the colony's new file,
 * and would be committed with the host's bytes. Nothing is staged, unless
 * no masked path can have held a file at boot: each was absent, a
 * placeholder prepare made (the placeholders' list says so). Refused,
 * the user restores the record, or creates it empty when no masked file
 * can have moved. 0, or -EACCES (said in e), -errno.
 */
static int masked_record_check(int out_fd, const StageConfig *c, const Policy *policy,
                               const Hashmap *placeholders, bool list_lost, HostError *e) {
        struct stat st;
        if (fstatat(out_fd, HOST_MASKED_FILES_FILE, &st, AT_SYMLINK_NOFOLLOW) == 0)
                return 0;
        if (errno != ENOENT)
                return fail(e, -errno, "path policy: cannot read %s/%s: %m", shown(c->out_dir),
                            HOST_MASKED_FILES_FILE);
        const char *held = NULL;
        for (size_t i = 0; !held && i < policy->n; i++)
                if (policy->actions[i].kind != PLATFORM_PROTECT &&
                    (list_lost || !hashmap_contains(placeholders, policy->actions[i].path)))
                        held = policy->actions[i].path;
        if (!held) {
                record_lost(c->log, HOST_MASKED_FILES_FILE,
                            "no masked path held a file at boot (each was a placeholder), so none can have "
                            "moved");
                return 0;
        }
        record_lost(
                c->log, HOST_MASKED_FILES_FILE,
                "a masked file the guest moved cannot be told from the colony's work: nothing is staged");
        return fail(
                e, -EACCES,
                "path policy: refusing to stage %s: %s/%s (the masked files by inode) is lost, and %s was "
                "masked with what it held at boot: a file the guest moved from it would be committed "
                "with the host's bytes. Restore the record, or, if no masked file can have moved, create "
                "it empty and stage again",
                shown(c->worktree), shown(c->out_dir), HOST_MASKED_FILES_FILE, shown(held));
}

static int stage_run(const StageConfig *c, StageResult *ret, HostError *err) {
        _cleanup_close_ int root_fd = -EBADF, out_fd = -EBADF;
        _cleanup_policy_ Policy *policy = NULL;
        _cleanup_free_ char *ph_buf = NULL, *raw = NULL, *info = NULL, *tmp_index = NULL, *tmp_dir = NULL,
                            *out = NULL, *oids = NULL, *specs = NULL;
        size_t n_specs = 0, n_unhash = 0;
        _cleanup_(strv_freep) char **unhash = NULL;
        struct timespec stage_start;
        (void) clock_gettime(CLOCK_REALTIME, &stage_start);
        _cleanup_free_ Change *changes = NULL;
        _cleanup_(hashmap_freep) Hashmap *placeholders = hashmap_new(), *reported = hashmap_new();
        _cleanup_free_ char *index_path = NULL;
        _cleanup_(git_child_done) GitChild head_ls = {0};
        _cleanup_(before_done) Before before_add = {0};
        _cleanup_(gitlinks_done) Gitlinks links = {0};
        _cleanup_(head_done) Head head_before = {0};
        _cleanup_(git_child_done) GitChild adding = {0};
        _cleanup_free_ uint32_t *inos = NULL;
        size_t n_inos = 0;
        _cleanup_(strv_freep) char **st_args = NULL;
        _cleanup_(masked_files_done) MaskedFiles wfiles = {0};
        _cleanup_free_ char *st_out = NULL; /* git status's: the changes name paths in it */
        _cleanup_(merge_done) Merge merge = {0};
        _cleanup_(index_unlockp) IndexLock lk = {.fd = -1};
        _cleanup_(edits_done) Edits edits = {0};
        _cleanup_(hashmap_freep) Hashmap *deleted = hashmap_new_borrowed();
        /* masked files put back as HEAD has them: nothing under them stays */
        _cleanup_(hashmap_freep) Hashmap *restored = hashmap_new_borrowed(), *masked_inodes = hashmap_new(),
                                         *by_path = hashmap_new_borrowed(), *gitdirs = hashmap_new(),
                                         *gitdirs_said = hashmap_new();
        _cleanup_(checkouts_done) Checkouts boot_checkouts = {0};
        bool checkouts_lost_said = false;
        StageResult res = {0};
        size_t n_raw = 0, n_changes = 0, n_info = 0, n = 0, n_oids = 0, oids_alloc = 0, heads_alloc = 0;
        Heads heads = {0};
        PolicyError perr;
        int r;

        if (!placeholders || !reported || !deleted || !restored || !masked_inodes || !by_path || !gitdirs ||
            !gitdirs_said)
                return -ENOMEM;
        if ((r = open_dirs(c->worktree, c->out_dir, &root_fd, &out_fd, err)) < 0 ||
            (r = git_blockers_refuse(root_fd, c->worktree, "stage", err)) < 0)
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
        if (lost)
                record_lost(c->log, HOST_PLACEHOLDERS_FILE,
                            "every empty policy path HEAD lacks is taken for a placeholder, and left out");
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
        if ((r = checkouts_load(out_fd, &boot_checkouts)) < 0)
                return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            HOST_CHECKOUTS_FILE, strerror(-r));
        if ((r = reported_load(out_fd, reported)) < 0)
                return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            STAGE_REPORTED_FILE, strerror(-r));

        _cleanup_(placed_done) Placed placed = {0};
        if ((r = placed_load(out_fd, placeholders, lost, policy, c->log, &placed)) < 0)
                return fail(err, r, "path policy: cannot read %s/%s: %s", shown(c->out_dir),
                            HOST_PLACEHOLDER_INODES_FILE, strerror(-r));
        if ((r = masked_record_check(out_fd, c, policy, placeholders, lost, err)) < 0)
                return r;
        /* The masked files: by inode, the boot's and the worktree's now
         * (a moved one is known at its new path); as they stand, for what
         * changed there (git add is kept from them). */
        size_t walk_skipped = 0;
        if ((r = masked_files_record(root_fd, out_fd, policy, masked_inodes, &wfiles, &walk_skipped)) < 0)
                return fail(err, r, "path policy: cannot record the masked files in %s/%s: %s",
                            shown(c->out_dir), HOST_MASKED_FILES_FILE, strerror(-r));
        if ((r = inode_set(masked_inodes, &inos, &n_inos)) < 0)
                return r;
        if (walk_skipped > 0)
                log_event(
                        c->log, LOG_WARN, "stage-failed", LOG_FIELDS(LOG_INT("count", walk_skipped)),
                        "path policy: {count} masked path(s) not walked (past 100,000 files, 64 directories "
                        "deep, or PATH_MAX): one moved elsewhere is not known for a secret");

        _cleanup_(git_donep) Git g = {.worktree = c->worktree, .index = c->index};
        _cleanup_(early_done) Early early = {.root_fd = root_fd, .r = 1};
        if ((r = git_pin(&g, c->snapshot || c->index ? NULL : precheck_early, &early, err)) < 0)
                return r;
        /* What publish carries is judged against the boot's base: HEAD
         * (the fast path's) until the colony commits. */
        StageBase base;
        if ((r = stage_base_load(out_fd, &g, &base, err)) < 0)
                return r;
        if (base.record.lost)
                log_event(c->log, LOG_WARN, "base-lost", LOG_FIELDS(LOG_PATH("path", c->out_dir)),
                          "path policy: the boot's base commit (" HOST_BASE_FILE ") is lost: judging "
                          "against HEAD, the only reference left; the colony's own commits are not judged");
        if (c->snapshot && !c->index) {
                /* A private copy of the real index: git add -A then finds
                 * what it has already hashed, and the real one is never
                 * written. */
                _cleanup_free_ char *real = NULL;
                if ((r = index_file(&g, &real)) < 0)
                        return r;
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
                r = read_index_file(real, &copy, &cn);
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

        /* HEAD's every path, for what is staged against it, below: the
         * index before git add's, copied while git add runs, if its tree
         * is HEAD's; else listed by git ls-tree beside git add (it reads
         * no index). */
        const char *const ls_all[] = {"ls-tree", "-r", "-z", "--full-tree", base.rev, NULL};
        /* The masked paths kept out of git add: hashing one writes the
         * host's secret into .git/objects, which the guest reads (only the
         * worktree's path is masked). What the index already holds for
         * them is judged below as ever. */
        static const char *const add[] = {"add", "-A", "--pathspec-from-file=-", "--pathspec-file-nul",
                                          NULL};
        if ((r = index_file(&g, &index_path)) < 0)
                goto done;
        int status = 0;
        char err_line[256];
        const char *head_hex = base.moved ? "" : g.head_tree; /* the index is not judged against HEAD */
        /* the early precheck, if it read the index git add reads */
        struct stat ist;
        if (early.r <= 0 && g.hashsz == GIT_HASH_SHA1 && lstat(index_path, &ist) == 0 &&
            ist.st_dev == early.st.st_dev && ist.st_ino == early.st.st_ino &&
            ist.st_size == early.st.st_size && ist.st_mtim.tv_sec == early.st.st_mtim.tv_sec &&
            ist.st_mtim.tv_nsec == early.st.st_mtim.tv_nsec) {
                r = early.r;
                before_add = early.before;
                early.before = (Before){0};
                links = early.links;
                early.links = (Gitlinks){0};
        } else
                r = index_precheck(index_path, g.hashsz, &before_add, &links);
        if (r >= 0 && plumbing_forced()) {
                /* checked as ever; what it read is git's to say */
                before_done(&before_add);
                gitlinks_done(&links);
        }
        if (r < 0) {
                r = fail(err, r,
                         "path policy: the index %s is not one git would write (%s): nothing was staged",
                         shown(index_path),
                         r == -EBADMSG ? "entries out of order, or a name like ./x, a/../b or .git/x"
                                       : strerror(-r));
                goto done;
        }
        /* The gitlinks git add is kept from: read above, or (an index this
         * reader does not know) from git. */
        if ((!links.known && (r = gitlinks_from_git(&g, &links, err)) < 0) ||
            (r = add_pathspecs(policy, &links, &specs, &n_specs)) < 0)
                goto done;
        {
                /* its cache tree names HEAD's tree: a hint (the agent's),
                 * checked below against the tree its entries make */
                char before_hex[65];
                to_hex(before_add.tree, g.hashsz, before_hex);
                if (!before_add.map || !head_hex[0] || !streq(before_hex, head_hex))
                        before_done(&before_add);
        }
        if (!before_add.map && (r = git_start(&g, ls_all, NULL, 0, &head_ls)) < 0) {
                r = fail(err, r, "path policy: cannot run git: %s", strerror(-r));
                goto done;
        }
        if ((r = git_start(&g, add, specs, n_specs, &adding)) < 0) {
                r = fail(err, r, "path policy: cannot run git: %s", strerror(-r));
                goto done;
        }
        if (before_add.map) {
                uint8_t id[32];
                char id_hex[65] = "";
                r = head_from_index(&head_before, before_add.map, before_add.n, g.hashsz, id);
                if (r < 0 && r != -EBADMSG)
                        goto done;
                if (r == 0)
                        to_hex(id, g.hashsz, id_hex);
                if (!streq(id_hex, head_hex)) {
                        /* not HEAD's after all (the hint lied, or the file
                         * changed): listed by git, git add still running */
                        head_done(&head_before);
                        if ((r = git_start(&g, ls_all, NULL, 0, &head_ls)) < 0) {
                                r = fail(err, r, "path policy: cannot run git: %s", strerror(-r));
                                goto done;
                        }
                }
                before_done(&before_add);
        }
        {
                const char *add_out;
                size_t add_n;
                r = git_finish(&adding, &add_out, &add_n, &status, err_line, sizeof err_line);
                if (r == -ENOENT)
                        r = fail(err, r, "path policy: cannot run git: not found");
                else if (r < 0)
                        r = fail(err, r, "path policy: cannot run git add: %s", git_strerror(r));
                else if (status != 0)
                        r = fail(err, -EIO, "path policy: git add failed in %s: %s", shown(g.worktree),
                                 err_line[0] ? err_line : "(no message)");
                if (r < 0 || (r = gitlinks_stage(&g, &links, err)) < 0)
                        goto done;
        }
        if ((r = git_pin_reap(&g, err)) < 0)
                goto done;
        /* No HEAD (a repository without a commit), or ls-tree failed. */
        const char *listing = "";
        size_t n_listing = 0;
        bool has_head = true;
        status = 0;
        r = head_before.hashsz
                    ? 0
                    : git_finish(&head_ls, &listing, &n_listing, &status, err_line, sizeof err_line);
        if (r >= 0 && status != 0) {
                const char *verify[] = {"rev-parse", "--verify", "-q", base.rev, NULL};
                char err_verify[256];
                int st = 0;
                free(TAKE_PTR(out));
                r = git_run(&g, verify, NULL, 0, &out, &n, &st, err_verify, sizeof err_verify);
                if (r >= 0 && (st == 0 || base.moved)) /* a base that is gone is no empty one */
                        r = -EIO;
                has_head = false;
                listing = "";
                n_listing = 0;
        }
        if (r < 0) {
                r = fail(err, r, "path policy: git ls-tree %s failed in %s: %s", base.rev,
                         shown(c->worktree), r == -EIO ? err_line : git_strerror(r));
                goto done;
        }
        /* The colony's commits: what stage cannot take out, refused. */
        if (base.moved && (r = base_commits_judge(&g, &base, policy, lost ? NULL : placeholders, listing,
                                                  n_listing, &res, err)) < 0)
                goto done;

        /* What is staged against HEAD: read here, from the index git add
         * wrote and HEAD's entries, where the index is one this reader
         * knows (not split, not sparse, no conflict left); else git diff,
         * once the cache tree is gone (git diff --cached trusts it, and it
         * is the agent's). The index stays locked till its edits are in. */
        if ((r = index_lock(index_path, &lk)) < 0) {
                r = fail(err, r, "path policy: cannot lock the index %s: %s", shown(index_path),
                         strerror(-r));
                goto done;
        }
        bool fast = false;
        merge_init(&merge, policy, head_before.hashsz);
        if (head_before.hashsz)
                merge.head = &head_before;
        else {
                merge.ls = listing;
                merge.end = listing + n_listing;
                /* the hash: from HEAD's first id, else the index's */
                const char *tab = memchr(listing, '\t', n_listing),
                           *sp = tab ? memrchr(listing, ' ', (size_t) (tab - listing)) : NULL;
                merge.hashsz = sp ? (size_t) (tab - sp - 1) / 2 : 0;
        }
        fast = !plumbing_forced() && merge_run(&merge, &lk);
        if (fast) {
                changes = TAKE_PTR(merge.v);
                n_changes = merge.n;
        }
        /* the listing stays: the deletions name paths in it */
        /* HEAD, or the empty tree in a repository without a commit: for
         * git diff. */
        char head[65];
        snprintf(head, sizeof head, "%s", base.rev);
        if (!has_head && (!fast || c->snapshot || c->index)) {
                const char *empty_args[] = {"mktree", NULL};
                free(TAKE_PTR(out));
                if ((r = git_ok(&g, empty_args, NULL, 0, &out, &n, err)) < 0)
                        goto done;
                snprintf(head, sizeof head, "%.*s", (int) strcspn(out, "\n"), out);
        }
        if (!fast) {
                r = lk.map ? git_index_edit_fd(lk.map, lk.n, 0, NULL, 0, lk.fd) : 0;
                if (r >= 0)
                        r = index_unlock(&lk, r);
                if (r < 0) {
                        r = fail(err, r, "path policy: cannot drop the cache tree of the index %s: %s",
                                 shown(index_path), strerror(-r));
                        goto done;
                }
                const char *diff[] = {"diff",
                                      "--cached",
                                      "--raw",
                                      "-z",
                                      "--no-renames",
                                      "--no-abbrev",
                                      "--no-ext-diff",
                                      "--no-textconv",
                                      "--ignore-submodules=dirty",
                                      head,
                                      "--",
                                      NULL};
                if ((r = git_ok(&g, diff, NULL, 0, &raw, &n_raw, err)) < 0)
                        goto done;
                if ((r = parse_raw(raw, n_raw, &changes, &n_changes)) < 0) {
                        r = fail(err, r, "path policy: cannot read what git diff --raw said");
                        goto done;
                }
        }

        /* The repository's hash, by the length of the ids git gave. */
        char zeros[65], empty[65];
        const char *like = n_changes > 0 ? changes[0].src_oid : head;
        zero_oid(like, zeros);
        empty_blob(like, empty);
        /* What the worktree holds at the masked paths git add was kept
         * from: against the index's entries there (read above), or, the
         * index git's to read, as git status says. */
        {
                size_t before = n_changes, st_n = 0;
                if (fast)
                        r = worktree_changes(merge.masked, merge.n_masked, &wfiles, zeros, &changes,
                                             &n_changes);
                else if ((r = status_args(policy, &st_args)) >= 0 &&
                         (r = git_ok(&g, (const char *const *) st_args, NULL, 0, &st_out, &st_n, err)) >=
                                 0 &&
                         (r = parse_status(st_out, st_n, policy, zeros, &changes, &n_changes)) == -EBADMSG)
                        r = fail(err, r, "path policy: cannot read what git status said in %s",
                                 shown(c->worktree));
                if (r < 0)
                        goto done;
                if (n_changes > before)
                        qsort(changes, n_changes, sizeof *changes, change_cmp);
        }
        /* Each change by its path; each deleted blob, for the additions
         * that are renames of it. */
        for (size_t i = 0; i < n_changes; i++)
                if (hashmap_put(by_path, changes[i].path, &changes[i]) < 0) {
                        r = -ENOMEM;
                        goto done;
                }
        for (size_t i = 0; i < n_changes; i++) {
                Change *ch = &changes[i];
                if (ch->status != 'D' || streq(ch->src_oid, empty))
                        continue;
                ch->same = hashmap_get(deleted, ch->src_oid);
                if (hashmap_put(deleted, ch->src_oid, ch) < 0) {
                        r = -ENOMEM;
                        goto done;
                }
        }
        for (size_t i = 0; i < n_changes; i++) {
                Change *ch = &changes[i];
                bool added = ch->status == 'A';
                /* 0. Inside a git directory (a nested .git the guest
                 * moved, or one it made): never the colony's files; its
                 * config may carry tokens. Held back, named once. */
                size_t gd = added ? git_dir_above(root_fd, gitdirs, ch->path) : 0;
                if (gd > 0) {
                        _cleanup_free_ char *dir = strndup(ch->path, gd);
                        if (!dir || (!ch->unstaged && (r = edit_push(&edits, 0, zeros, ch->path)) < 0) ||
                            (!ch->unstaged && is_file_mode(ch->dst_mode) &&
                             (r = strv_push(&unhash, &n_unhash, ch->dst_oid)) < 0)) {
                                r = r < 0 ? r : -ENOMEM;
                                goto done;
                        }
                        ch->held = true;
                        res.held++;
                        if (!hashmap_contains(gitdirs_said, dir)) {
                                if (hashmap_put(gitdirs_said, dir, NULL) < 0) {
                                        r = -ENOMEM;
                                        goto done;
                                }
                                log_event(c->log, LOG_WARN, "held-back", LOG_FIELDS(LOG_PATH("path", dir)),
                                          "path policy: left {path} out of the commit (a git directory)");
                        }
                        continue;
                }
                /* 2. A placeholder: new, empty, the boot's. (One git add
                 * was kept from is looked at where it is: its size only.) */
                struct stat st;
                bool empty_file = ch->unstaged ? stat_beneath(root_fd, ch->path, &st) == 0 &&
                                                         S_ISREG(st.st_mode) && st.st_size == 0
                                               : streq(ch->dst_oid, empty) && is_file_mode(ch->dst_mode);
                if (added && empty_file &&
                    ((lost ? policy_path(policy, ch->path) : hashmap_contains(placeholders, ch->path)) ||
                     placed_moved(root_fd, &placed, ch->path))) {
                        ch->dropped = true;
                        res.dropped++;
                        if (!ch->unstaged && (r = edit_push(&edits, 0, zeros, ch->path)) < 0)
                                goto done;
                        continue;
                }
                /* 3. Reported once a colony, masked or protected at any depth. */
                const char *what = policy_at_depth(policy, ch->path);
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
                /* 1. Masked: HEAD's version, or out of the index. So is a
                 * masked file's blob that turns up at another path, its
                 * own gone (the guest moved the directory that held it,
                 * the mask with it, and the host sees the secret there). */
                bool masked = masked_within(policy, ch->path) || ch->unstaged ||
                              (added && under_any(restored, ch->path));
                /* ... or masked at a nested checkout's root (any depth):
                 * new to the repository (the guest un-nested a checkout,
                 * and its masked files are the host's real bytes), or
                 * tracked and bound all the session (below a checkout the
                 * boot found: the watcher's bind). One under no bind was
                 * the agent's to change: reported above, and it stays. */
                bool deep = !masked && what && streq(what, "masked") &&
                            (added || checkouts_bound(&boot_checkouts, policy, ch->path));
                if (deep && !added && boot_checkouts.state == CHECKOUTS_LOST && !checkouts_lost_said) {
                        checkouts_lost_said = true;
                        log_event(c->log, LOG_WARN, "stage-failed",
                                  LOG_FIELDS(LOG_PATH("path", HOST_CHECKOUTS_FILE)),
                                  "path policy: the boot's record of nested checkouts ({path}) is lost: "
                                  "every file at a masked path below the root is taken as bound, and held "
                                  "back");
                }
                if (deep && added && !ch->unstaged && is_file_mode(ch->dst_mode) &&
                    (r = strv_push(&unhash, &n_unhash, ch->dst_oid)) < 0)
                        goto done;
                masked = masked || deep;
                Change *moved = added && !masked ? source_of(deleted, ch, policy) : NULL;
                /* ... or a masked file itself, the boot's or seen since
                 * (its inode), HEAD's or never committed, new here or over
                 * a path HEAD has */
                bool by_inode = !masked && !moved && (added || ch->status == 'M' || ch->status == 'T') &&
                                is_file_mode(ch->dst_mode) &&
                                (!ch->ino_known || bsearch(&ch->ino, inos, n_inos, sizeof *inos, u32_cmp)) &&
                                moved_here(root_fd, masked_inodes, ch->path);
                masked = masked || by_inode;
                /* git add hashed it (its path is no masked one): the blob
                 * goes again once the index names it no more */
                if (by_inode && (r = strv_push(&unhash, &n_unhash, ch->dst_oid)) < 0)
                        goto done;
                if (masked || moved) {
                        r = ch->unstaged ? 0
                            : added      ? edit_push(&edits, 0, zeros, ch->path)
                                         : edit_push(&edits, ch->src_mode, ch->src_oid, ch->path);
                        if (r < 0)
                                goto done;
                        /* .env made a directory: .env/x goes, as git
                         * update-index would take it out for .env (sorted,
                         * .env comes before anything under it) */
                        if (!added && is_file_mode(ch->src_mode) &&
                            hashmap_put(restored, ch->path, NULL) < 0) {
                                r = -ENOMEM;
                                goto done;
                        }
                        /* ... and config/master.key put back where config
                         * is now a file: the file goes, as git update-index
                         * would replace it (write-tree refuses both) */
                        if (!added && (r = drop_ancestors(by_path, ch->path, zeros, &edits, c->log)) < 0)
                                goto done;
                        ch->held = true;
                        res.held++;
                        log_event(c->log, LOG_WARN, "held-back", LOG_FIELDS(LOG_PATH("path", ch->path)),
                                  "path policy: left {path} out of the commit (masked)");
                        continue;
                }
                /* 4. A credential file the policy does not name, new to
                 * the repository (a rename's destination included): by
                 * its name here, by its staged content below (a symlink's
                 * too: its target is the blob, and could be a key). */
                bool link = (ch->dst_mode & S_IFMT) == S_IFLNK; /* its blob: the target, by content only */
                if (added && (is_file_mode(ch->dst_mode) || link) && !credential_template(ch->path)) {
                        if (!link && credential_name(ch->path)) {
                                if ((r = refuse_change(deleted, ch, zeros, &edits, &res)) < 0)
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
                                 r < 0 ? git_strerror(r) : err_cat);
                        goto done;
                }
                if ((r = judge_filtered(&g, root_fd, &heads, err)) < 0)
                        goto done;
                for (size_t i = 0; i < heads.n; i++)
                        if (heads.v[i]->refused &&
                            (r = refuse_change(deleted, heads.v[i], zeros, &edits, &res)) < 0)
                                goto done;
        }
        /* The edits: made here in an index this reader knows, the cache
         * tree dropped with them; else by git update-index. */
        if (fast) {
                _cleanup_free_ GitIndexEdit *ge = NULL;
                size_t n_ge = 0;
                if ((r = edits_sorted(&edits, merge.hashsz, &ge, &n_ge)) < 0)
                        goto done;
                if (!lk.map && n_ge > 0)
                        r = -ENOENT; /* cannot be: edits are of what the index holds or HEAD has */
                else
                        r = lk.map ? git_index_edit_fd(lk.map, lk.n, (GitHashAlgo) merge.hashsz, ge, n_ge,
                                                       lk.fd)
                                   : 0;
                if (r >= 0)
                        r = index_unlock(&lk, r);
                if (r < 0) {
                        r = fail(err, r, "path policy: cannot write the index %s: %s", shown(index_path),
                                 strerror(-r));
                        goto done;
                }
        } else if (edits.n > 0) {
                const char *update[] = {"update-index", "-z", "--index-info", NULL};
                if ((r = edits_info(&edits, &info, &n_info)) < 0)
                        goto done;
                free(TAKE_PTR(out));
                if ((r = git_ok(&g, update, info, n_info, &out, &n, err)) < 0)
                        goto done;
        }
        if ((r = forget_objects(&g, changes, n_changes, unhash, n_unhash, &head_before, listing, n_listing,
                                &stage_start, c->log)) < 0) {
                r = fail(err, r, "path policy: cannot take what was left out of the commit out of %s: %s",
                         shown(g.common_dir ? g.common_dir : g.git_dir), strerror(-r));
                goto done;
        }
        for (size_t i = 0; i < n_unhash; i++)
                unhash_blob(&g, unhash[i], &head_before, listing, n_listing, &stage_start, c->log);
        if (c->snapshot || c->index) {
                const char *write_tree[] = {"write-tree", NULL};
                const char *names[] = {"diff",
                                       "--cached",
                                       "--name-only",
                                       "-z",
                                       "--no-ext-diff",
                                       "--ignore-submodules=dirty",
                                       head,
                                       "--",
                                       NULL};
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
        return res.n_refused > 0 || res.n_refused_commits > 0 ? -EPERM : 0;
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
        for (size_t i = 0; i < r->n_refused_commits; i++) {
                free(r->refused_commits[i].commit);
                free(r->refused_commits[i].path);
        }
        free(r->refused_commits);
        *r = (StageResult){0};
}
