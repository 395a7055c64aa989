/* SPDX-License-Identifier: MIT */
/* stage's own index reader: the agent's index checked before git add, HEAD's entries from it, and the
 * index git add wrote walked against them. Must not run git, nor write an index but under git's lock. */
#include "stage-internal.h"

#include <sys/mman.h>
#include <sys/stat.h>

#include "array.h"
#include "git-index.h"

static const char hexdigits[] = "0123456789abcdef";

void to_hex(const uint8_t *p, size_t n, char *out) {
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

int from_hex(const char *h, size_t n, uint8_t *out) {
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

void head_done(Head *h) {
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
int head_from_index(Head *h, const uint8_t *map, size_t n, size_t hashsz, uint8_t ret_tree[32]) {
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
bool head_has(const Head *h, const char *oid) {
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

void merge_done(Merge *m) {
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

void merge_init(Merge *m, const Policy *policy, size_t hashsz) {
        *m = (Merge){.policy = policy, .hashsz = hashsz};
        for (size_t i = 0; i < policy->n; i++)
                if (policy->actions[i].kind != PLATFORM_PROTECT) {
                        uint8_t b0 = (uint8_t) policy->actions[i].path[0];
                        m->first[b0 / 8] |= (uint8_t) (1u << (b0 % 8));
                }
}

/* The index git add wrote, walked against HEAD's entries: true when every
 * step held. */
bool merge_run(Merge *m, const IndexLock *lk) {
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

void before_done(Before *b) {
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

int index_precheck(const char *path, size_t hashsz, Before *ret, Gitlinks *ret_links) {
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

void early_done(Early *x) {
        before_done(&x->before);
        gitlinks_done(&x->links);
}

void precheck_early(void *ctx) {
        Early *x = ctx;
        _cleanup_close_ int fd = -EBADF;
        if (platform_open_beneath(x->root_fd, ".git/index", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                                  &fd) < 0)
                return;
        x->r = index_precheck_fd(fd, GIT_HASH_SHA1, &x->before, &x->st, &x->links);
}

int index_lock(const char *path, IndexLock *ret) {
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
int index_unlock(IndexLock *l, int written) {
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

void index_unlockp(IndexLock *l) {
        if (l->path)
                (void) index_unlock(l, 0);
}

int change_cmp(const void *a, const void *b) {
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
int worktree_changes(const Change *masked, size_t n_masked, MaskedFiles *files, const char *zeros,
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
