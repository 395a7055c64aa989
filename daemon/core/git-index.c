/* SPDX-License-Identifier: MIT */
#include "git-index.h"
#include "git-index-internal.h"

#include <errno.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "array.h"
#include "util.h"

/* read-cache.c: the fixed part of an on-disk entry is ctime, mtime, dev,
 * ino, mode, uid, gid, size (ten 32-bit words), the object id, and 16
 * bits of flags; CE_EXTENDED adds 16 more. */
#define FIXED 40u
#define CE_NAMEMASK 0x0fffu
#define CE_STAGEMASK 0x3000u
#define CE_EXTENDED 0x4000u
#define CE_INTENT_TO_ADD 0x2000u /* of the second word */
#define CE_SKIP_WORKTREE 0x4000u /* of the second word */

static uint32_t be32(const uint8_t *p) {
        return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 | (uint32_t) p[2] << 8 | p[3];
}

static uint16_t be16(const uint8_t *p) {
        return (uint16_t) (p[0] << 8 | p[1]);
}

static void put_be16(uint8_t *p, uint16_t v) {
        p[0] = (uint8_t) (v >> 8);
        p[1] = (uint8_t) v;
}

static void hash(GitHashAlgo algo, const void *head, size_t head_n, const void *data, size_t n,
                 uint8_t out[32]) {
        if (algo == GIT_HASH_SHA1) {
                struct sha1_ctx s;
                sha1_init(&s);
                sha1_update(&s, head_n, head);
                sha1_update(&s, n, data);
                sha1_digest(&s, SHA1_DIGEST_SIZE, out);
        } else {
                struct sha256_ctx s;
                sha256_init(&s);
                sha256_update(&s, head_n, head);
                sha256_update(&s, n, data);
                sha256_digest(&s, SHA256_DIGEST_SIZE, out);
        }
}

void git_object_oid(GitHashAlgo algo, const char *type, const void *data, size_t n, uint8_t out[32]) {
        char head[48];
        int k = snprintf(head, sizeof head, "%.16s %zu", type, n);
        hash(algo, head, (size_t) k + 1, data, n, out);
}

void git_blob_oid(GitHashAlgo algo, const void *data, size_t n, uint8_t out[32]) {
        git_object_oid(algo, "blob", data, n, out);
}

/* The hash whose digest of everything before it ends the file. git itself
 * knows the repository's format; the daemon learns it from the checksum. */
static int checksum_algo(const uint8_t *buf, size_t n, GitHashAlgo *ret) {
        static const GitHashAlgo algos[] = {GIT_HASH_SHA1, GIT_HASH_SHA256};
        for (size_t i = 0; i < ELEMENTSOF(algos); i++) {
                size_t sz = (size_t) algos[i];
                uint8_t d[32];
                if (n < 12 + sz)
                        continue;
                hash(algos[i], "", 0, buf, n - sz, d);
                if (memcmp(d, buf + n - sz, sz) == 0) {
                        *ret = algos[i];
                        return 0;
                }
        }
        return -EBADMSG;
}

/* git's decode_varint (varint.c): 7 bits a byte, big end first, each
 * continuation adding one. */
static int varint(const uint8_t **p, const uint8_t *end, size_t *ret) {
        const uint8_t *q = *p;
        size_t v;
        if (q >= end)
                return -EBADMSG;
        v = *q & 0x7f;
        while (*q++ & 0x80) {
                if (q >= end || v + 1 == 0 || ((v + 1) & ~(SIZE_MAX >> 7)))
                        return -EBADMSG;
                v = ((v + 1) << 7) | (*q & 0x7f);
        }
        *p = q;
        *ret = v;
        return 0;
}

/* Where one entry lies in the buffer. */
typedef struct Raw {
        size_t off;      /* its first byte */
        size_t name_off; /* its name field (v4: the varint) */
        size_t name_n;   /* the name field's bytes (v4: varint, suffix, NUL; else the name) */
        size_t size;     /* all its bytes, padding included */
        uint16_t flags;
        uint16_t flags2;
} Raw;

typedef struct Index {
        const uint8_t *buf;
        size_t n;
        GitHashAlgo algo;
        uint32_t version;
        uint32_t count;
        size_t entries_end; /* the first byte after the last entry */
        size_t ext_end;     /* where the checksum starts */
        bool skip_hash;     /* zeros in place of the checksum (index.skipHash) */
        bool passthrough;   /* split and sparse indexes taken, their entries not emitted */
        bool sparse;        /* a sparse index ("sdir") taken, its directory entries emitted */
        bool split;         /* a split index ("link") taken, its nameless entries emitted */
} Index;

/* What a walk takes: entries git's plain index holds; those and a sparse
 * index's directory entries; or (its entries not emitted) a split or a
 * sparse index as well. */
typedef enum WalkMode {
        WALK_PLAIN,
        WALK_SPARSE,
        WALK_SPLIT,
        WALK_PASSTHROUGH,
} WalkMode;

static int header(const uint8_t *buf, size_t n) {
        if (!buf || n < 12 || memcmp(buf, "DIRC", 4) != 0)
                return -EBADMSG;
        if (be32(buf + 4) < 2 || be32(buf + 4) > 4)
                return -EPROTONOSUPPORT;
        return 0;
}

typedef int (*each_fn)(void *ctx, const Index *ix, const Raw *raw, const GitIndexEntry *e);

/* *buf at least want bytes long. */
static int reserve(char **buf, size_t *cap, size_t want) {
        if (want <= *cap)
                return 0;
        size_t c = want < 256 ? 256 : want * 2;
        char *b = realloc(*buf, c);
        if (!b)
                return -ENOMEM;
        *buf = b;
        *cap = c;
        return 0;
}

#define SWAP(a, b)                                                                                          \
        do {                                                                                                \
                __typeof__(a) swap_ = (a);                                                                  \
                (a) = (b);                                                                                  \
                (b) = swap_;                                                                                \
        } while (0)

/* The entries and extensions of an index whose hash is algo; each (if
 * any) sees every named entry. */
/* A name git's verify_path takes: relative, no empty, "." or ".."
 * component, none ".git" (in any case: a macOS volume folds it). */
static bool verify_name(const char *p, size_t len) {
        for (size_t a = 0; a <= len;) {
                const char *c = p + a, *slash = memchr(c, '/', len - a);
                size_t k = slash ? (size_t) (slash - c) : len - a;
                if (k == 0 || (k == 1 && c[0] == '.') || (k == 2 && c[0] == '.' && c[1] == '.') ||
                    (k == 4 && c[0] == '.' && strncasecmp(c + 1, "git", 3) == 0))
                        return false;
                a += k + 1;
        }
        return true;
}

/* A walk over an index's entries, one at a time. Three names, their
 * buffers reused: this entry's, the one before (v4 names are told against
 * it), the last one not empty (order). */
typedef struct Cursor {
        Index *ix;
        char *prev, *name, *named;
        size_t prev_n, prev_cap, name_cap, named_cap;
        unsigned prev_stage;
        bool nameless, linked;
        bool dirs, sparse; /* a directory's entry (040000) seen; the "sdir" extension seen */
        const char *last;  /* the last name not empty: in buf (v2, v3) or named (v4) */
        size_t off;
        uint32_t i;
        bool ended;
} Cursor;

static void cursor_done(Cursor *c) {
        free(c->prev);
        free(c->name);
        free(c->named);
        *c = (Cursor){0};
}

static void cursor_init(Cursor *c, Index *ix, const uint8_t *buf, size_t n, GitHashAlgo algo, bool skip_hash,
                        WalkMode mode) {
        *ix = (Index){.buf = buf,
                      .n = n,
                      .algo = algo,
                      .version = be32(buf + 4),
                      .count = be32(buf + 8),
                      .ext_end = n - (size_t) algo,
                      .skip_hash = skip_hash,
                      .passthrough = mode == WALK_PASSTHROUGH,
                      .sparse = mode == WALK_SPARSE,
                      .split = mode == WALK_SPLIT};
        *c = (Cursor){.ix = ix, .off = 12};
}

/* The extensions: a signature and a 32-bit size each. An upper-case first
 * letter is optional to git; a lower-case one git must understand, and the
 * daemon knows none it could keep right. */
static int cursor_end(Cursor *c) {
        Index *ix = c->ix;
        const uint8_t *buf = ix->buf;
        size_t off = c->off;
        ix->entries_end = off;
        while (off < ix->ext_end) {
                if (ix->ext_end - off < 8)
                        return -EBADMSG;
                uint32_t sz = be32(buf + off + 4);
                if (ix->ext_end - off - 8 < sz)
                        return -EBADMSG;
                bool sdir = memcmp(buf + off, "sdir", 4) == 0, link = memcmp(buf + off, "link", 4) == 0;
                if (!(buf[off] >= 'A' && buf[off] <= 'Z') && !(ix->passthrough && (link || sdir)) &&
                    !(ix->sparse && sdir) && !(ix->split && link))
                        return -EOPNOTSUPP; /* "link" (split index), "sdir" (sparse), or unknown */
                c->linked = c->linked || memcmp(buf + off, "link", 4) == 0;
                c->sparse = c->sparse || memcmp(buf + off, "sdir", 4) == 0;
                off += 8 + (size_t) sz;
        }
        /* A directory's entry only in a sparse index: elsewhere git reads
         * one as a file and makes names of what is under it (lib + a.c:
         * liba.c), and its tree entry is the subtree's own, so an index of
         * entries that are not HEAD's would make HEAD's tree. */
        if (c->dirs && !c->sparse)
                return -EBADMSG;
        return c->nameless && !c->linked ? -EBADMSG : 0;
}

/* The next entry: 1 with it in *raw and *ret (a name valid till the next
 * step), 0 once the entries and extensions are read, or -errno. An entry
 * without a name (a split index's) is *ret with an empty one. */
static int cursor_step(Cursor *c, Raw *ret_raw, GitIndexEntry *ret) {
        Index *ix = c->ix;
        const uint8_t *buf = ix->buf;
        size_t hashsz = (size_t) ix->algo, off = c->off;
        int r;

        if (c->ended)
                return 0;
        if (c->i >= ix->count) {
                c->ended = true;
                return cursor_end(c);
        }
        Raw raw = {.off = off};
        size_t fixed = FIXED + hashsz + 2;
        if (off > ix->ext_end || ix->ext_end - off < fixed)
                return -EBADMSG;
        raw.flags = be16(buf + off + FIXED + hashsz);
        if (raw.flags & CE_EXTENDED) {
                if (ix->ext_end - off < fixed + 2)
                        return -EBADMSG;
                raw.flags2 = be16(buf + off + fixed);
                /* read-cache.c dies on an extended bit it does not know */
                if (raw.flags2 & ~(CE_INTENT_TO_ADD | CE_SKIP_WORKTREE))
                        return -EBADMSG;
                fixed += 2;
        }
        size_t len = raw.flags & CE_NAMEMASK;
        const uint8_t *p = buf + off + fixed, *end = buf + ix->ext_end;
        raw.name_off = off + fixed;
        size_t copy = 0;
        if (ix->version == 4) {
                size_t strip;
                if (varint(&p, end, &strip) < 0)
                        return -EBADMSG;
                if (strip > c->prev_n)
                        return -EBADMSG;
                copy = c->prev_n - strip;
        }
        const uint8_t *nul = memchr(p, 0, (size_t) (end - p));
        if (!nul)
                return -EBADMSG;
        size_t suffix = (size_t) (nul - p);
        if (len == CE_NAMEMASK)
                len = suffix + copy;
        else if (ix->version == 4 ? copy + suffix != len : suffix != len)
                return -EBADMSG; /* a NUL inside the name, or no NUL after it */
        /* A split index strips the names of the entries that replace its
         * shared index's: said once its "link" extension is seen. */
        c->nameless = c->nameless || len == 0;
        /* v2 and v3 names are NUL-padded in place: read there */
        const char *path = (const char *) p;
        if (ix->version == 4) {
                if ((r = reserve(&c->name, &c->name_cap, len + 1)) < 0)
                        return r;
                if (copy)
                        memcpy(c->name, c->prev, copy);
                memcpy(c->name + copy, p, suffix + 1);
                path = c->name;
        }

        if (ix->version == 4) {
                raw.name_n = (size_t) (nul + 1 - (buf + raw.name_off));
                raw.size = fixed + raw.name_n;
        } else {
                raw.name_n = len;
                raw.size = (fixed + len + 8) & ~(size_t) 7;
                if (ix->ext_end - off < raw.size)
                        return -EBADMSG;
        }

        GitIndexEntry e = {
                .path = path,
                .mode = be32(buf + off + 24),
                .size = be32(buf + off + 36),
                .ino = be32(buf + off + 20),
                .mtime_sec = be32(buf + off + 8),
                .mtime_nsec = be32(buf + off + 12),
                .algo = ix->algo,
                .stage = (raw.flags & CE_STAGEMASK) >> 12,
                .skip_worktree = (raw.flags2 & CE_SKIP_WORKTREE) != 0,
                .intent_to_add = (raw.flags2 & CE_INTENT_TO_ADD) != 0,
        };
        memcpy(e.oid, buf + off + FIXED, hashsz);
        c->dirs = c->dirs || (e.mode & 0170000) == 0040000;
        /* In order, as git's check_ce_order dies otherwise: by name (bytes),
         * a name twice only as conflict stages, rising. So no path is seen
         * twice, however the index was crafted; checked in an index git
         * just wrote too, since git add writes back the order an agent's
         * index had. And a name git would not add (./x, a/../b, .git/x):
         * git reads one without a word, a policy matched against it never
         * sees the path it stands for. */
        if (len > 0 && !verify_name(path, len - (e.mode == 040000 && path[len - 1] == '/')))
                return -EBADMSG; /* a sparse index's directory ends in '/' */
        if (len > 0 && c->last) {
                int cmp = strcmp(c->last, path);
                if (cmp > 0 || (cmp == 0 && (c->prev_stage == 0 || c->prev_stage > e.stage)))
                        return -EBADMSG;
        }
        c->off = off + raw.size;
        c->i++;
        if (len > 0) {
                c->last = path;
                if (ix->version == 4) {
                        if ((r = reserve(&c->named, &c->named_cap, len + 1)) < 0)
                                return r;
                        memcpy(c->named, c->name, len + 1);
                        c->last = c->named;
                }
                c->prev_stage = e.stage;
        }
        if (ix->version == 4) {
                /* this entry's name is the one before now: path still
                 * points at it, till the next step writes the other */
                SWAP(c->prev, c->name);
                SWAP(c->prev_cap, c->name_cap);
                c->prev_n = len;
        }
        *ret_raw = raw;
        *ret = e;
        return 1;
}

static int walk_as(const uint8_t *buf, size_t n, Index *ix, GitHashAlgo algo, bool skip_hash, WalkMode mode,
                   each_fn each, void *ctx) {
        _cleanup_(cursor_done) Cursor c;
        Raw raw;
        GitIndexEntry e;
        int r;

        cursor_init(&c, ix, buf, n, algo, skip_hash, mode);
        while ((r = cursor_step(&c, &raw, &e)) > 0)
                if ((e.path[0] || mode == WALK_SPLIT) && each && mode != WALK_PASSTHROUGH &&
                    (r = each(ctx, ix, &raw, &e)) < 0)
                        return r;
        return r;
}

static bool zeros(const uint8_t *p, size_t n) {
        for (size_t i = 0; i < n; i++)
                if (p[i])
                        return false;
        return true;
}

/* trusted: the index's hash, known, and its checksum not to be verified
 * (0: found from the checksum, which must hold). */
static int walk(const uint8_t *buf, size_t n, Index *ix, GitHashAlgo trusted, WalkMode mode, each_fn each,
                void *ctx) {
        static const GitHashAlgo algos[] = {GIT_HASH_SHA1, GIT_HASH_SHA256};
        GitHashAlgo algo;
        int r = header(buf, n), best = -EBADMSG;
        if (r < 0)
                return r;
        if (trusted)
                return n < 12 + (size_t) trusted
                               ? -EBADMSG
                               : walk_as(buf, n, ix, trusted,
                                         zeros(buf + n - (size_t) trusted, (size_t) trusted), mode, each,
                                         ctx);
        if (checksum_algo(buf, n, &algo) == 0)
                return walk_as(buf, n, ix, algo, false, mode, each, ctx);
        /* index.skipHash (git 2.40 and later) writes zeros in place of the
         * checksum: the hash is the one whose size makes the file parse. */
        for (size_t i = 0; i < ELEMENTSOF(algos); i++) {
                size_t sz = (size_t) algos[i];
                Index probe;
                if (n < 12 + sz || !zeros(buf + n - sz, sz))
                        continue;
                r = walk_as(buf, n, &probe, algos[i], true, mode, NULL, NULL);
                if (r == 0)
                        return walk_as(buf, n, ix, algos[i], true, mode, each, ctx);
                if (r != -EBADMSG)
                        best = r;
        }
        return best;
}

typedef struct Emit {
        void (*emit)(void *ctx, const GitIndexEntry *e);
        void *ctx;
} Emit;

static int emit_one(void *ctx, const Index *ix, const Raw *raw, const GitIndexEntry *e) {
        Emit *x = ctx;
        (void) ix;
        (void) raw;
        x->emit(x->ctx, e);
        return 0;
}

int git_index_entries(const uint8_t *buf, size_t n, void (*emit)(void *ctx, const GitIndexEntry *e),
                      void *ctx) {
        Index ix;
        Emit x = {.emit = emit, .ctx = ctx};
        return walk(buf, n, &ix, 0, WALK_PLAIN, emit_one, &x);
}

int git_index_entries_sparse(const uint8_t *buf, size_t n, void (*emit)(void *ctx, const GitIndexEntry *e),
                             void *ctx) {
        Index ix;
        Emit x = {.emit = emit, .ctx = ctx};
        return walk(buf, n, &ix, 0, WALK_SPARSE, emit_one, &x);
}

int git_index_entries_trusted(const uint8_t *buf, size_t n, GitHashAlgo algo,
                              void (*emit)(void *ctx, const GitIndexEntry *e), void *ctx) {
        Index ix;
        Emit x = {.emit = emit, .ctx = ctx};
        if (algo != GIT_HASH_SHA1 && algo != GIT_HASH_SHA256)
                return -EINVAL;
        return walk(buf, n, &ix, algo, WALK_PLAIN, emit_one, &x);
}

typedef struct EachRaw {
        void (*each)(void *ctx, const GitIndexRaw *raw);
        void *ctx;
} EachRaw;

static int each_raw(void *ctx, const Index *ix, const Raw *raw, const GitIndexEntry *e) {
        EachRaw *x = ctx;
        (void) ix;
        GitIndexRaw r = {
                .off = raw->off, .size = raw->size, .flags = raw->flags, .flags2 = raw->flags2, .e = *e};
        x->each(x->ctx, &r);
        return 0;
}

int git_index_walk_split(const uint8_t *buf, size_t n, void (*each)(void *ctx, const GitIndexRaw *raw),
                         void *ctx, GitIndexLayout *ret) {
        Index ix;
        EachRaw x = {.each = each, .ctx = ctx};
        int r = walk(buf, n, &ix, 0, WALK_SPLIT, each_raw, &x);
        if (r < 0)
                return r;
        *ret = (GitIndexLayout){.version = ix.version,
                                .algo = ix.algo,
                                .entries_end = ix.entries_end,
                                .ext_end = ix.ext_end,
                                .skip_hash = ix.skip_hash};
        return 0;
}

void git_index_digest(GitHashAlgo algo, const void *data, size_t n, uint8_t out[32]) {
        hash(algo, "", 0, data, n, out);
}

struct GitIndexCursor {
        Index ix;
        Cursor c;
};

int git_index_cursor_new(const uint8_t *buf, size_t n, GitHashAlgo algo, GitIndexCursor **ret) {
        int r = header(buf, n);
        if (r < 0)
                return r;
        if (algo != GIT_HASH_SHA1 && algo != GIT_HASH_SHA256)
                return -EINVAL;
        if (n < 12 + (size_t) algo)
                return -EBADMSG;
        GitIndexCursor *x = calloc(1, sizeof *x);
        if (!x)
                return -ENOMEM;
        cursor_init(&x->c, &x->ix, buf, n, algo, zeros(buf + n - (size_t) algo, (size_t) algo), WALK_PLAIN);
        *ret = x;
        return 0;
}

int git_index_cursor_next(GitIndexCursor *x, GitIndexEntry *ret) {
        Raw raw;
        GitIndexEntry e;
        int r;
        while ((r = cursor_step(&x->c, &raw, &e)) > 0)
                if (e.path[0]) {
                        *ret = e;
                        return 1;
                }
        return r;
}

int git_index_cursor_cache_tree(const GitIndexCursor *x, uint8_t out[32]) {
        const Index *ix = &x->ix;
        const uint8_t *buf = ix->buf;
        size_t hashsz = (size_t) ix->algo;
        if (!x->c.ended)
                return 0;
        for (size_t off = ix->entries_end; off + 8 <= ix->ext_end;) {
                uint32_t sz = be32(buf + off + 4);
                if (ix->ext_end - off - 8 < sz)
                        return 0;
                if (memcmp(buf + off, "TREE", 4) == 0) {
                        /* the root's: "" NUL "<entries> <subtrees>\n" <id>, or -1 entries (invalid) */
                        const uint8_t *p = buf + off + 8, *end = p + sz;
                        if (p >= end || *p++ != 0 || p >= end || *p < '0' || *p > '9')
                                return 0;
                        const uint8_t *nl = memchr(p, '\n', (size_t) (end - p));
                        if (!nl || (size_t) (end - nl - 1) < hashsz)
                                return 0;
                        memcpy(out, nl + 1, hashsz);
                        return 1;
                }
                off += 8 + (size_t) sz;
        }
        return 0;
}

void git_index_cursor_free(GitIndexCursor *x) {
        if (!x)
                return;
        cursor_done(&x->c);
        free(x);
}

typedef struct Writer {
        /* skip-worktree: set where want says */
        bool (*want)(void *ctx, const char *path);
        void *ctx;
        /* or edits, sorted; next: the first not yet met */
        const GitIndexEdit *edits;
        size_t n_edits, next;
        uint8_t *out;
        size_t out_n, out_cap;
        uint32_t count; /* entries written */
        char *last;     /* the name written last (v4 names are told against it) */
        size_t last_n, last_cap;
        bool changed, extended, moved; /* moved: an entry came or went */
        int fd;                        /* written to it a chunk at a time, or (-1) into out */
        size_t total;                  /* bytes written to fd */
} Writer;

#define CHUNK (64u * 1024)

/* Written out: to the fd when there is one. */
static int flush(Writer *w) {
        for (size_t done = 0; done < w->out_n;) {
                ssize_t k = write(w->fd, w->out + done, w->out_n - done);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k <= 0)
                        return k < 0 ? -errno : -EIO;
                done += (size_t) k;
        }
        w->total += w->out_n;
        w->out_n = 0;
        return 0;
}

static int put(Writer *w, const void *data, size_t n) {
        const uint8_t *p = data;
        int r;
        while (w->fd >= 0 && w->out_cap - w->out_n < n) { /* a chunk at a time */
                size_t k = w->out_cap - w->out_n;
                memcpy(w->out + w->out_n, p, k);
                w->out_n += k;
                p += k;
                n -= k;
                if ((r = flush(w)) < 0)
                        return r;
        }
        if (w->out_cap - w->out_n < n) {
                size_t cap = w->out_cap * 2 > w->out_n + n ? w->out_cap * 2 : w->out_n + n;
                uint8_t *o = realloc(w->out, cap);
                if (!o)
                        return -ENOMEM;
                w->out = o;
                w->out_cap = cap;
        }
        memcpy(w->out + w->out_n, p, n);
        w->out_n += n;
        return 0;
}

/* git's encode_varint (varint.c), the inverse of varint() above. */
static size_t encode_varint(size_t v, uint8_t out[16]) {
        uint8_t b[16];
        size_t pos = sizeof b - 1;
        b[pos] = v & 0x7f;
        while (v >>= 7)
                b[--pos] = (uint8_t) (0x80 | (--v & 0x7f));
        memcpy(out, b + pos, sizeof b - pos);
        return sizeof b - pos;
}

/* One entry as read-cache.c's ce_write_entry writes it: the fixed part
 * (stat data and mode; NULL: zeros but mode), the oid, the flags, the
 * name (v4: against the last one written, else NUL-padded to eight). */
static int put_entry(Writer *w, const Index *ix, const uint8_t *fixed, uint32_t mode, const uint8_t *oid,
                     uint16_t flags, uint16_t flags2, const char *name) {
        size_t hashsz = (size_t) ix->algo, len = strlen(name);
        uint8_t word[16];
        int r;

        if (w->count == UINT32_MAX)
                return -EOVERFLOW;
        w->count++;
        flags = (uint16_t) ((flags & ~CE_NAMEMASK) | (len < CE_NAMEMASK ? len : CE_NAMEMASK));
        if (fixed)
                r = put(w, fixed, FIXED);
        else {
                uint8_t zero[FIXED] = {0};
                zero[24] = (uint8_t) (mode >> 24);
                zero[25] = (uint8_t) (mode >> 16);
                zero[26] = (uint8_t) (mode >> 8);
                zero[27] = (uint8_t) mode;
                r = put(w, zero, FIXED);
        }
        if (r >= 0)
                r = put(w, oid, hashsz);
        put_be16(word, flags);
        if (r >= 0)
                r = put(w, word, 2);
        if (r >= 0 && (flags & CE_EXTENDED)) {
                w->extended = true;
                put_be16(word, flags2);
                r = put(w, word, 2);
        }
        if (r < 0)
                return r;
        if (ix->version == 4) {
                size_t common = 0;
                while (common < w->last_n && common < len && w->last[common] == name[common])
                        common++;
                r = put(w, word, encode_varint(w->last_n - common, word));
                if (r >= 0)
                        r = put(w, name + common, len - common + 1);
                if (r < 0)
                        return r;
                if (len + 1 > w->last_cap) {
                        char *l = realloc(w->last, len + 1);
                        if (!l)
                                return -ENOMEM;
                        w->last = l;
                        w->last_cap = len + 1;
                }
                memcpy(w->last, name, len + 1);
                w->last_n = len;
                return 0;
        }
        /* NUL padding to a multiple of eight, at least one */
        size_t head = FIXED + hashsz + 2 + ((flags & CE_EXTENDED) ? 2 : 0);
        size_t pad = ((head + len + 8) & ~(size_t) 7) - head - len;
        static const uint8_t zeros[8];
        r = put(w, name, len);
        return r < 0 ? r : put(w, zeros, pad);
}

/* An edit as its own entry at stage 0, as update-index --index-info makes
 * it: no stat data (git looks at the file again), no flags. */
static int put_edit(Writer *w, const Index *ix, const GitIndexEdit *ed) {
        w->changed = true;
        if (ed->mode == 0)
                return 0;
        return put_entry(w, ix, NULL, ed->mode, ed->oid, 0, 0, ed->path);
}

static int copy_entry(void *ctx, const Index *ix, const Raw *raw, const GitIndexEntry *e) {
        Writer *w = ctx;
        uint16_t flags = raw->flags, flags2 = raw->flags2;
        int r;

        /* The edits before this path are new entries; one of this path
         * replaces it, every stage of it. */
        for (; w->next < w->n_edits; w->next++) {
                const GitIndexEdit *ed = &w->edits[w->next];
                int cmp = strcmp(ed->path, e->path);
                if (cmp > 0)
                        break;
                if (cmp < 0 && ed->mode == 0)
                        continue; /* out already */
                w->moved = w->moved || cmp < 0 || ed->mode == 0 || e->stage != 0;
                if ((r = put_edit(w, ix, ed)) < 0)
                        return r;
                if (cmp == 0) { /* in this entry's place */
                        w->next++;
                        return 0;
                }
        }
        if (w->next > 0 && streq(w->edits[w->next - 1].path, e->path)) {
                w->moved = true; /* a further conflict stage of an edited path, gone */
                return 0;
        }
        if (w->want && e->stage == 0 && !e->skip_worktree && w->want(w->ctx, e->path)) {
                flags |= CE_EXTENDED;
                flags2 |= CE_SKIP_WORKTREE;
                w->changed = true;
        }
        if (ix->version != 4 && flags == raw->flags &&
            flags2 == raw->flags2) { /* as it was, byte for byte */
                if (w->count == UINT32_MAX)
                        return -EOVERFLOW;
                w->count++;
                w->extended = w->extended || (flags & CE_EXTENDED);
                return put(w, ix->buf + raw->off, raw->size);
        }
        return put_entry(w, ix, ix->buf + raw->off, 0, ix->buf + raw->off + FIXED, flags, flags2, e->path);
}

static bool ext_is(const uint8_t *p, const char *sig) {
        return memcmp(p, sig, 4) == 0;
}

/* The header, the extensions but those dropped, the checksum: *ret. */
/* The hash of the fd's first n bytes, read back. */
static int hash_fd(GitHashAlgo algo, int fd, size_t n, uint8_t *buf, uint8_t out[32]) {
        struct sha1_ctx s1;
        struct sha256_ctx s256;
        sha1_init(&s1);
        sha256_init(&s256);
        for (size_t off = 0; off < n;) {
                ssize_t k = pread(fd, buf, n - off < CHUNK ? n - off : CHUNK, (off_t) off);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k <= 0)
                        return k < 0 ? -errno : -EIO;
                if (algo == GIT_HASH_SHA1)
                        sha1_update(&s1, (size_t) k, buf);
                else
                        sha256_update(&s256, (size_t) k, buf);
                off += (size_t) k;
        }
        if (algo == GIT_HASH_SHA1)
                sha1_digest(&s1, SHA1_DIGEST_SIZE, out);
        else
                sha256_digest(&s256, SHA256_DIGEST_SIZE, out);
        return 0;
}

/* The extensions but those dropped, the header as it now is, the
 * checksum: into *ret, or to the fd. */
static int finish(Writer *w, const Index *ix, bool drop_tree, uint8_t **ret, size_t *ret_n) {
        uint8_t hdr[12];
        int r;
        memcpy(hdr, ix->buf, 12);
        if (ix->version == 2 && w->extended)
                hdr[7] = 3;     /* read-cache.c: extended flags need version 3 */
        if (!ix->passthrough) { /* entries may have come and gone */
                hdr[8] = (uint8_t) (w->count >> 24);
                hdr[9] = (uint8_t) (w->count >> 16);
                hdr[10] = (uint8_t) (w->count >> 8);
                hdr[11] = (uint8_t) w->count;
        }
        for (size_t off = ix->entries_end; off < ix->ext_end;) {
                const uint8_t *e = ix->buf + off;
                size_t sz = 8 + (size_t) be32(e + 4);
                off += sz;
                /* EOIE and IEOT are offsets into the old layout; the cache
                 * tree is dropped when asked; the untracked cache and the
                 * fsmonitor's bitmap (by entry position) when entries came
                 * or went */
                if (ext_is(e, "EOIE") || ext_is(e, "IEOT") || (drop_tree && ext_is(e, "TREE")) ||
                    (w->moved && (ext_is(e, "UNTR") || ext_is(e, "FSMN"))))
                        continue;
                if ((r = put(w, e, sz)) < 0)
                        return r;
        }
        uint8_t d[32] = {0};
        if (w->fd >= 0) {
                if ((r = flush(w)) < 0)
                        return r;
                if (pwrite(w->fd, hdr, sizeof hdr, 0) != (ssize_t) sizeof hdr)
                        return errno ? -errno : -EIO;
                if (!ix->skip_hash && (r = hash_fd(ix->algo, w->fd, w->total, w->out, d)) < 0)
                        return r;
                if ((r = put(w, d, (size_t) ix->algo)) < 0 || (r = flush(w)) < 0)
                        return r;
                return 1;
        }
        memcpy(w->out, hdr, sizeof hdr);
        if (!ix->skip_hash)
                hash(ix->algo, "", 0, w->out, w->out_n, d);
        if ((r = put(w, d, (size_t) ix->algo)) < 0)
                return r;
        *ret = TAKE_PTR(w->out);
        *ret_n = w->out_n;
        return 1;
}

/* Write into w what walking buf with each makes of it. */
static int rewrite(const uint8_t *buf, size_t n, Writer *w, GitHashAlgo trusted, WalkMode mode,
                   bool drop_tree, uint8_t **ret, size_t *ret_n) {
        bool passthrough = mode == WALK_PASSTHROUGH;
        Index ix;
        int r = header(buf, n);
        if (r < 0)
                return r;
        /* An entry takes at least 62 bytes: a count beyond that is a lie
         * (and sizes the output). */
        if (be32(buf + 8) > n / 62)
                return -EBADMSG;
        w->out_cap = w->fd >= 0 ? CHUNK : n + 64;
        if (!(w->out = malloc(w->out_cap)))
                return -ENOMEM;
        memcpy(w->out, buf, 12); /* the header, made right at the end */
        w->out_n = 12;
        r = walk(buf, n, &ix, trusted, mode, passthrough ? NULL : copy_entry, w);
        for (; r >= 0 && w->next < w->n_edits; w->next++) /* after the last entry */
                if (w->edits[w->next].mode != 0) {
                        w->moved = true;
                        r = put_edit(w, &ix, &w->edits[w->next]);
                }
        if (r >= 0 && drop_tree)
                for (size_t off = ix.entries_end; off < ix.ext_end; off += 8 + (size_t) be32(buf + off + 4))
                        w->changed = w->changed || ext_is(buf + off, "TREE");
        if (r >= 0 && w->changed) {
                if (passthrough)
                        r = put(w, buf + 12, ix.entries_end - 12);
                if (r >= 0)
                        r = finish(w, &ix, drop_tree, ret, ret_n);
        }
        free(w->out);
        free(w->last);
        return r < 0 ? r : w->changed;
}

int git_index_skip_worktree(const uint8_t *buf, size_t n, bool (*want)(void *ctx, const char *path),
                            void *ctx, uint8_t **ret, size_t *ret_n) {
        Writer w = {.want = want, .ctx = ctx, .fd = -1};
        return rewrite(buf, n, &w, 0, WALK_SPARSE, false, ret, ret_n);
}

static int edit(const uint8_t *buf, size_t n, GitHashAlgo trusted, const GitIndexEdit *edits, size_t n_edits,
                int fd, uint8_t **ret, size_t *ret_n) {
        for (size_t i = 0; i + 1 < n_edits; i++)
                if (strcmp(edits[i].path, edits[i + 1].path) >= 0)
                        return -EINVAL;
        for (size_t i = 0; i < n_edits; i++)
                if (edits[i].path[0] == 0)
                        return -EINVAL;
        Writer w = {.edits = edits, .n_edits = n_edits, .fd = fd};
        return rewrite(buf, n, &w, trusted, n_edits == 0 ? WALK_PASSTHROUGH : WALK_PLAIN, true, ret, ret_n);
}

int git_index_edit(const uint8_t *buf, size_t n, const GitIndexEdit *edits, size_t n_edits, uint8_t **ret,
                   size_t *ret_n) {
        return edit(buf, n, 0, edits, n_edits, -1, ret, ret_n);
}

int git_index_edit_fd(const uint8_t *buf, size_t n, GitHashAlgo trusted, const GitIndexEdit *edits,
                      size_t n_edits, int fd) {
        if (fd < 0)
                return -EBADF;
        if (trusted != 0 && trusted != GIT_HASH_SHA1 && trusted != GIT_HASH_SHA256)
                return -EINVAL;
        return edit(buf, n, trusted, edits, n_edits, fd, NULL, NULL);
}
