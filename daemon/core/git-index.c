/* SPDX-License-Identifier: MIT */
#include "git-index.h"

#include <errno.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void git_blob_oid(GitHashAlgo algo, const void *data, size_t n, uint8_t out[32]) {
        char head[32];
        int k = snprintf(head, sizeof head, "blob %zu", n);
        hash(algo, head, (size_t) k + 1, data, n, out);
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
} Index;

static int header(const uint8_t *buf, size_t n) {
        if (!buf || n < 12 || memcmp(buf, "DIRC", 4) != 0)
                return -EBADMSG;
        if (be32(buf + 4) < 2 || be32(buf + 4) > 4)
                return -EPROTONOSUPPORT;
        return 0;
}

typedef int (*each_fn)(void *ctx, const Index *ix, const Raw *raw, const GitIndexEntry *e);

/* The entries and extensions of an index whose hash is algo; each (if
 * any) sees every named entry. */
static int walk_as(const uint8_t *buf, size_t n, Index *ix, GitHashAlgo algo, bool skip_hash, each_fn each,
                   void *ctx) {
        _cleanup_free_ char *prev = NULL, *name = NULL, *prev_named = NULL;
        size_t prev_n = 0;
        unsigned prev_stage = 0;
        bool nameless = false;
        int r;

        *ix = (Index){.buf = buf,
                      .n = n,
                      .algo = algo,
                      .version = be32(buf + 4),
                      .count = be32(buf + 8),
                      .ext_end = n - (size_t) algo,
                      .skip_hash = skip_hash};

        size_t hashsz = (size_t) ix->algo, off = 12;
        for (uint32_t i = 0; i < ix->count; i++) {
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
                        if (strip > prev_n)
                                return -EBADMSG;
                        copy = prev_n - strip;
                }
                const uint8_t *nul = memchr(p, 0, (size_t) (end - p));
                if (!nul)
                        return -EBADMSG;
                size_t suffix = (size_t) (nul - p);
                if (len == CE_NAMEMASK)
                        len = suffix + copy;
                else if (ix->version == 4 ? copy + suffix != len : suffix != len)
                        return -EBADMSG; /* a NUL inside the name, or no NUL after it */
                /* A split index strips the names of the entries that
                 * replace its shared index's: said once its "link"
                 * extension is seen, below. */
                nameless = nameless || len == 0;
                char *full = malloc(len + 1);
                if (!full)
                        return -ENOMEM;
                if (copy)
                        memcpy(full, prev, copy);
                memcpy(full + copy, p, suffix + 1);
                free(name);
                name = full;

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
                        .path = name,
                        .mode = be32(buf + off + 24),
                        .algo = ix->algo,
                        .stage = (raw.flags & CE_STAGEMASK) >> 12,
                        .skip_worktree = (raw.flags2 & CE_SKIP_WORKTREE) != 0,
                };
                memcpy(e.oid, buf + off + FIXED, hashsz);
                /* In order, as git's check_ce_order dies otherwise: by name
                 * (bytes), a name twice only as conflict stages, rising. So
                 * no path is seen twice, however the index was crafted. */
                if (len > 0 && prev_named) {
                        int cmp = strcmp(prev_named, name);
                        if (cmp > 0 || (cmp == 0 && (prev_stage == 0 || prev_stage > e.stage)))
                                return -EBADMSG;
                }
                r = len > 0 && each ? each(ctx, ix, &raw, &e) : 0;
                if (r < 0)
                        return r;
                off += raw.size;
                if (len > 0) {
                        free(prev_named);
                        if (!(prev_named = strdup(name)))
                                return -ENOMEM;
                        prev_stage = e.stage;
                }
                free(prev);
                prev = TAKE_PTR(name);
                prev_n = len;
        }
        ix->entries_end = off;

        /* Extensions: a signature and a 32-bit size each. An upper-case
         * first letter is optional to git; a lower-case one git must
         * understand, and the daemon knows none it could keep right. */
        while (off < ix->ext_end) {
                if (ix->ext_end - off < 8)
                        return -EBADMSG;
                uint32_t sz = be32(buf + off + 4);
                if (ix->ext_end - off - 8 < sz)
                        return -EBADMSG;
                if (!(buf[off] >= 'A' && buf[off] <= 'Z'))
                        return -EOPNOTSUPP; /* "link" (split index), "sdir" (sparse), or unknown */
                off += 8 + (size_t) sz;
        }
        return nameless ? -EBADMSG : 0;
}

static bool zeros(const uint8_t *p, size_t n) {
        for (size_t i = 0; i < n; i++)
                if (p[i])
                        return false;
        return true;
}

static int walk(const uint8_t *buf, size_t n, Index *ix, each_fn each, void *ctx) {
        static const GitHashAlgo algos[] = {GIT_HASH_SHA1, GIT_HASH_SHA256};
        GitHashAlgo algo;
        int r = header(buf, n), best = -EBADMSG;
        if (r < 0)
                return r;
        if (checksum_algo(buf, n, &algo) == 0)
                return walk_as(buf, n, ix, algo, false, each, ctx);
        /* index.skipHash (git 2.40 and later) writes zeros in place of the
         * checksum: the hash is the one whose size makes the file parse. */
        for (size_t i = 0; i < ELEMENTSOF(algos); i++) {
                size_t sz = (size_t) algos[i];
                Index probe;
                if (n < 12 + sz || !zeros(buf + n - sz, sz))
                        continue;
                r = walk_as(buf, n, &probe, algos[i], true, NULL, NULL);
                if (r == 0)
                        return walk_as(buf, n, ix, algos[i], true, each, ctx);
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
        return walk(buf, n, &ix, emit_one, &x);
}

typedef struct Writer {
        bool (*want)(void *ctx, const char *path);
        void *ctx;
        uint8_t *out;
        size_t out_n, out_cap;
        bool changed, extended;
} Writer;

static int put(Writer *w, const void *data, size_t n) {
        if (w->out_cap - w->out_n < n)
                return -ENOMEM; /* sized up front: cannot happen */
        memcpy(w->out + w->out_n, data, n);
        w->out_n += n;
        return 0;
}

static int copy_entry(void *ctx, const Index *ix, const Raw *raw, const GitIndexEntry *e) {
        Writer *w = ctx;
        size_t hashsz = (size_t) ix->algo;
        uint16_t flags = raw->flags, flags2 = raw->flags2;
        uint8_t word[2];
        int r;

        if (e->stage == 0 && !e->skip_worktree && w->want(w->ctx, e->path)) {
                flags |= CE_EXTENDED;
                flags2 |= CE_SKIP_WORKTREE;
                w->changed = true;
        }
        if (flags & CE_EXTENDED)
                w->extended = true;
        r = put(w, ix->buf + raw->off, FIXED + hashsz);
        if (r < 0)
                return r;
        put_be16(word, flags);
        r = put(w, word, 2);
        if (r >= 0 && (flags & CE_EXTENDED)) {
                put_be16(word, flags2);
                r = put(w, word, 2);
        }
        if (r >= 0)
                r = put(w, ix->buf + raw->name_off, raw->name_n);
        if (r < 0 || ix->version == 4)
                return r;
        /* NUL padding to a multiple of eight, at least one */
        size_t fixed = FIXED + hashsz + 2 + ((flags & CE_EXTENDED) ? 2 : 0);
        size_t pad = ((fixed + raw->name_n + 8) & ~(size_t) 7) - fixed - raw->name_n;
        static const uint8_t zeros[8];
        return put(w, zeros, pad);
}

int git_index_skip_worktree(const uint8_t *buf, size_t n, bool (*want)(void *ctx, const char *path),
                            void *ctx, uint8_t **ret, size_t *ret_n) {
        Index ix;
        Writer w = {.want = want, .ctx = ctx};
        int r;

        /* An entry takes at least 62 bytes, and grows by at most 2 bytes
         * of flags and 7 of padding. */
        r = header(buf, n);
        if (r < 0)
                return r;
        if (be32(buf + 8) > n / 62)
                return -EBADMSG;
        w.out_cap = n + (size_t) be32(buf + 8) * 16;
        w.out = malloc(w.out_cap);
        if (!w.out)
                return -ENOMEM;
        w.out_n = 12;
        r = walk(buf, n, &ix, copy_entry, &w);
        if (r < 0 || !w.changed) {
                free(w.out);
                return r < 0 ? r : 0;
        }
        memcpy(w.out, buf, 12);
        if (ix.version == 2 && w.extended)
                w.out[7] = 3; /* read-cache.c: extended flags need version 3 */

        for (size_t off = ix.entries_end; off < ix.ext_end;) {
                size_t sz = 8 + (size_t) be32(buf + off + 4);
                /* EOIE and IEOT are offsets into the old layout */
                if (memcmp(buf + off, "EOIE", 4) != 0 && memcmp(buf + off, "IEOT", 4) != 0)
                        (void) put(&w, buf + off, sz);
                off += sz;
        }
        uint8_t d[32] = {0};
        if (!ix.skip_hash)
                hash(ix.algo, "", 0, w.out, w.out_n, d);
        r = put(&w, d, (size_t) ix.algo);
        if (r < 0) {
                free(w.out);
                return r;
        }
        *ret = w.out;
        *ret_n = w.out_n;
        return 1;
}
