/* SPDX-License-Identifier: MIT */
/* git's split index (split-index.c, ewah/): its entries merged with its shared index's, and skip-worktree
 * set in it as git sets it. Must not write the shared index (other indexes name it), nor read a file itself.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "git-index-internal.h"
#include "git-index.h"
#include "util.h"

#define CE_NAMEMASK 0x0fffu
#define CE_EXTENDED 0x4000u
#define CE_SKIP_WORKTREE 0x4000u /* of the second word */
#define FIXED 40u                /* the stat data, before the object id */

static uint32_t be32(const uint8_t *p) {
        return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 | (uint32_t) p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v) {
        p[0] = (uint8_t) (v >> 24);
        p[1] = (uint8_t) (v >> 16);
        p[2] = (uint8_t) (v >> 8);
        p[3] = (uint8_t) v;
}

/* ---- EWAH bitmaps (ewah/ewah_io.c, ewah_bitmap.c) ---- */

/* The positions set, ascending. */
typedef struct Bits {
        size_t *v;
        size_t n, cap;
} Bits;

static void bits_done(Bits *b) {
        free(b->v);
}

/* ewah_read_mmap + ewah_each_bit: the bit count, the count of 64-bit words,
 * the words (big-endian), the last marker's position. A marker word: bit 0
 * the bit of a run, bits 1-32 the run's length in words, 33-63 how many
 * literal words follow it (their bits low first). A position at or past
 * limit is one git dies on. *used: the bitmap's bytes. */
static int ewah_read(const uint8_t *p, size_t n, size_t limit, Bits *ret, size_t *used) {
        if (n < 12)
                return -EBADMSG;
        size_t words = be32(p + 4);
        if ((n - 12) / 8 < words)
                return -EBADMSG;
        const uint8_t *w = p + 8;
        size_t pos = 0;
        for (size_t i = 0; i < words;) {
                uint64_t rlw = (uint64_t) be32(w + 8 * i) << 32 | be32(w + 8 * i + 4);
                uint64_t run = (rlw >> 1) & 0xffffffffu, lits = rlw >> 33;
                i++;
                if (rlw & 1 && run > 0) {
                        if (pos > limit || run * 64 > limit - pos)
                                return -EBADMSG;
                        for (size_t k = 0; k < run * 64; k++) {
                                if (ARRAY_GROW(ret->v, ret->cap, ret->n + 1) < 0)
                                        return -ENOMEM;
                                ret->v[ret->n++] = pos + k;
                        }
                }
                /* past the limit, only unset bits may follow: pos stays
                 * just past it (a run of 0s can be 2^38 bits long) */
                pos = run * 64 > limit - (pos < limit ? pos : limit) ? limit + 1 : pos + (size_t) run * 64;
                if (lits > words - i)
                        return -EBADMSG;
                for (uint64_t l = 0; l < lits; l++, i++) {
                        uint64_t lit = (uint64_t) be32(w + 8 * i) << 32 | be32(w + 8 * i + 4);
                        for (unsigned c = 0; c < 64; c++, pos++) {
                                if (!(lit >> c & 1))
                                        continue;
                                if (pos >= limit)
                                        return -EBADMSG;
                                if (ARRAY_GROW(ret->v, ret->cap, ret->n + 1) < 0)
                                        return -ENOMEM;
                                ret->v[ret->n++] = pos;
                        }
                }
        }
        *used = 12 + 8 * words;
        return 0;
}

typedef struct Out {
        uint8_t *p;
        size_t n, cap;
} Out;

static int out_put(Out *o, const void *data, size_t n) {
        if (ARRAY_GROW(o->p, o->cap, o->n + n) < 0)
                return -ENOMEM;
        memcpy(o->p + o->n, data, n);
        o->n += n;
        return 0;
}

static int out_be64(Out *o, uint64_t v) {
        uint8_t b[8];
        put_be32(b, (uint32_t) (v >> 32));
        put_be32(b + 4, (uint32_t) v);
        return out_put(o, b, 8);
}

/* The positions as git reads them back: for each word that has a bit, a
 * marker (the zero words before it as a run of 0s, one literal word) and
 * the word; an empty bitmap, one empty marker (as ewah_new's). */
static int ewah_write(Out *o, const size_t *pos, size_t n) {
        size_t words = 0, next = 0, last_rlw = 0, start = o->n;
        uint8_t head[8] = {0};
        int r = out_put(o, head, 8);
        for (size_t i = 0; r >= 0 && i < n;) {
                size_t word = pos[i] / 64;
                uint64_t lit = 0;
                for (; i < n && pos[i] / 64 == word; i++)
                        lit |= (uint64_t) 1 << (pos[i] % 64);
                last_rlw = words;
                r = out_be64(o, (uint64_t) (word - next) << 1 | (uint64_t) 1 << 33);
                if (r >= 0)
                        r = out_be64(o, lit);
                words += 2;
                next = word + 1;
        }
        if (r >= 0 && words == 0) {
                r = out_be64(o, 0);
                words = 1;
        }
        if (r < 0)
                return r;
        put_be32(o->p + start, n ? (uint32_t) (pos[n - 1] + 1) : 0);
        put_be32(o->p + start + 4, (uint32_t) words);
        uint8_t tail[4];
        put_be32(tail, (uint32_t) last_rlw);
        return out_put(o, tail, 4);
}

/* ---- the two files ---- */

typedef struct Side {
        const uint8_t *buf;
        GitIndexLayout lay;
        GitIndexRaw *v;
        char **paths; /* each entry's, copied ("" for a nameless one) */
        size_t n, cap, pcap;
        int err;
} Side;

static void side_done(Side *s) {
        for (size_t i = 0; i < s->n; i++)
                free(s->paths[i]);
        free(s->paths);
        free(s->v);
}

static void side_take(void *ctx, const GitIndexRaw *raw) {
        Side *s = ctx;
        if (s->err < 0)
                return;
        if (ARRAY_GROW(s->v, s->cap, s->n + 1) < 0 || ARRAY_GROW(s->paths, s->pcap, s->n + 1) < 0 ||
            !(s->paths[s->n] = strdup(raw->e.path))) {
                s->err = -ENOMEM;
                return;
        }
        s->v[s->n] = raw[0];
        s->v[s->n].e.path = s->paths[s->n];
        s->n++;
}

static int side_read(Side *s, const uint8_t *buf, size_t n) {
        *s = (Side){.buf = buf};
        int r = git_index_walk_split(buf, n, side_take, s, &s->lay);
        return r < 0 ? r : s->err;
}

/* A split index: its entries (the nameless ones first, one for each
 * position the replace bitmap names, in its order), its shared index's,
 * the link extension's two bitmaps. */
typedef struct Split {
        Side ix, sh;
        size_t nameless;
        size_t link_off, link_n; /* the link extension, its header included */
        size_t del_off, del_n;   /* the delete bitmap's bytes in buf (none: del_n 0) */
        Bits del, rep;
        bool *deleted; /* by shared position */
        size_t *repl;  /* by shared position: 1 + which nameless entry replaces it, or 0 */
} Split;

static void split_done(Split *s) {
        side_done(&s->ix);
        side_done(&s->sh);
        bits_done(&s->del);
        bits_done(&s->rep);
        free(s->deleted);
        free(s->repl);
}

/* The link extension of an index read: 1 with it found, 0 none. */
static int find_link(Split *s) {
        const uint8_t *buf = s->ix.buf;
        for (size_t off = s->ix.lay.entries_end; off + 8 <= s->ix.lay.ext_end;) {
                size_t sz = be32(buf + off + 4);
                if (memcmp(buf + off, "link", 4) == 0) {
                        s->link_off = off;
                        s->link_n = 8 + sz;
                        return 1;
                }
                off += 8 + sz;
        }
        return 0;
}

static int split_bitmaps(Split *s) {
        size_t hashsz = (size_t) s->ix.lay.algo, used = 0;
        const uint8_t *p = s->ix.buf + s->link_off + 8 + hashsz;
        size_t left = s->link_n - 8 - hashsz;
        int r;
        if (left > 0) {
                if ((r = ewah_read(p, left, s->sh.n, &s->del, &used)) < 0)
                        return r;
                s->del_off = (size_t) (p - s->ix.buf);
                s->del_n = used;
                p += used;
                left -= used;
                if ((r = ewah_read(p, left, s->sh.n, &s->rep, &used)) < 0)
                        return r;
                if (used != left)
                        return -EBADMSG; /* "garbage at the end of link extension" */
        }
        if (s->rep.n != s->nameless)
                return -EBADMSG; /* git: too many replacements, or a nameless entry left over */
        s->deleted = calloc(s->sh.n + 1, sizeof *s->deleted);
        s->repl = calloc(s->sh.n + 1, sizeof *s->repl);
        if (!s->deleted || !s->repl)
                return -ENOMEM;
        for (size_t i = 0; i < s->rep.n; i++)
                s->repl[s->rep.v[i]] = i + 1;
        for (size_t i = 0; i < s->del.n; i++) {
                if (s->repl[s->del.v[i]])
                        return -EBADMSG; /* "marked as both replaced and deleted" */
                s->deleted[s->del.v[i]] = true;
        }
        return 0;
}

/* Both files read and checked as git's read_index_from and
 * merge_base_index check them. 1 when buf is a split index, 0 when not. */
static int split_read(Split *s, const uint8_t *buf, size_t n, const uint8_t *shared, size_t shared_n) {
        int r = side_read(&s->ix, buf, n);
        if (r < 0)
                return r;
        if ((r = find_link(s)) <= 0)
                return r;
        size_t hashsz = (size_t) s->ix.lay.algo;
        if (s->link_n < 8 + hashsz)
                return -EBADMSG;
        for (; s->nameless < s->ix.n && !s->ix.v[s->nameless].e.path[0]; s->nameless++)
                ;
        for (size_t i = s->nameless; i < s->ix.n; i++)
                if (!s->ix.v[i].e.path[0])
                        return -EBADMSG; /* "should have non-zero length name" */
        /* the shared index is the one the link names (its checksum), whole */
        if (!shared || (r = side_read(&s->sh, shared, shared_n)) < 0)
                return shared ? r : -EINVAL;
        if (s->sh.lay.algo != s->ix.lay.algo || s->sh.lay.ext_end + hashsz != shared_n ||
            memcmp(shared + s->sh.lay.ext_end, buf + s->link_off + 8, hashsz) != 0)
                return -EBADMSG; /* another shared index */
        /* itself whole: no nameless entry, no link of its own (git strips
         * the extensions from a shared index but EOIE, which it ignores) */
        for (size_t i = 0; i < s->sh.n; i++)
                if (!s->sh.v[i].e.path[0])
                        return -EBADMSG;
        for (size_t off = s->sh.lay.entries_end; off + 8 <= s->sh.lay.ext_end;
             off += 8 + (size_t) be32(shared + off + 4))
                if (memcmp(shared + off, "link", 4) == 0)
                        return -EBADMSG;
        r = split_bitmaps(s);
        return r < 0 ? r : 1;
}

int git_index_split_base(const uint8_t *buf, size_t n, uint8_t oid[32], GitHashAlgo *ret_algo) {
        _cleanup_(split_done) Split s = {0};
        int r = side_read(&s.ix, buf, n);
        if (r < 0 || (r = find_link(&s)) <= 0)
                return r;
        size_t hashsz = (size_t) s.ix.lay.algo;
        if (s.link_n < 8 + hashsz)
                return -EBADMSG;
        memcpy(oid, buf + s.link_off + 8, hashsz);
        *ret_algo = s.ix.lay.algo;
        return 1;
}

/* ---- the entries, merged ---- */

/* The shared entry at i as git has it after the replacements: the
 * nameless entry's data under the shared entry's name. */
static GitIndexEntry base_entry(const Split *s, size_t i) {
        if (!s->repl[i])
                return s->sh.v[i].e;
        GitIndexEntry e = s->ix.v[s->repl[i] - 1].e;
        e.path = s->sh.v[i].e.path;
        return e;
}

static int cmp_entry(const GitIndexEntry *a, const GitIndexEntry *b) {
        int c = strcmp(a->path, b->path);
        return c ? c : (a->stage > b->stage) - (a->stage < b->stage);
}

/* Whether the split index's named entries hide shared entry e: one of its
 * name at stage 0 hides every stage, one at its stage that one
 * (add_index_entry_with_check). */
static bool hidden(const Split *s, const GitIndexEntry *e) {
        size_t lo = s->nameless, hi = s->ix.n;
        while (lo < hi) { /* the first named entry not before e's name */
                size_t mid = lo + (hi - lo) / 2;
                if (strcmp(s->ix.v[mid].e.path, e->path) < 0)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        for (; lo < s->ix.n && streq(s->ix.v[lo].e.path, e->path); lo++)
                if (s->ix.v[lo].e.stage == 0 || s->ix.v[lo].e.stage == e->stage)
                        return true;
        return false;
}

/* Each entry of the merged index, in its order: the shared entries not
 * deleted nor hidden, and the named ones. */
static void each_merged(const Split *s, void (*emit)(void *ctx, const GitIndexEntry *e), void *ctx) {
        size_t j = s->nameless;
        for (size_t i = 0; i <= s->sh.n; i++) {
                GitIndexEntry b;
                bool have = i < s->sh.n && !s->deleted[i];
                if (have) {
                        b = base_entry(s, i);
                        have = !hidden(s, &b);
                }
                for (; j < s->ix.n && (i == s->sh.n || (have && cmp_entry(&s->ix.v[j].e, &b) < 0)); j++)
                        emit(ctx, &s->ix.v[j].e);
                if (have)
                        emit(ctx, &b);
        }
}

int git_index_split_entries(const uint8_t *buf, size_t n, const uint8_t *shared, size_t shared_n,
                            void (*emit)(void *ctx, const GitIndexEntry *e), void *ctx) {
        _cleanup_(split_done) Split s = {0};
        int r = split_read(&s, buf, n, shared, shared_n);
        if (r <= 0)
                return r < 0 ? r : -EINVAL;
        each_merged(&s, emit, ctx);
        return 0;
}

/* ---- skip-worktree, as git update-index --skip-worktree writes it ---- */

/* One entry: raw's stat data and id, flags, a name ("" for a
 * replacement) and its NUL padding; in version 4, the name field as raw
 * has it (the named entries keep their order, so what each strips of the
 * name before it holds; the replacements come first, each an empty name
 * told against an empty one: a 0 and a NUL, as git writes them). */
static int put_entry(Out *o, const Split *s, const uint8_t *from, const GitIndexRaw *raw, const char *name,
                     bool skip) {
        size_t hashsz = (size_t) s->ix.lay.algo, len = strlen(name);
        uint16_t flags = raw->flags, flags2 = raw->flags2;
        if (skip) {
                flags |= CE_EXTENDED;
                flags2 |= CE_SKIP_WORKTREE;
        }
        flags = (uint16_t) ((flags & ~CE_NAMEMASK) | (len < CE_NAMEMASK ? len : CE_NAMEMASK));
        uint8_t w[4] = {(uint8_t) (flags >> 8), (uint8_t) flags, (uint8_t) (flags2 >> 8), (uint8_t) flags2};
        size_t head = FIXED + hashsz + 2 + ((flags & CE_EXTENDED) ? 2 : 0);
        static const uint8_t zeros[8];
        int r = out_put(o, from + raw->off, FIXED + hashsz);
        if (r >= 0)
                r = out_put(o, w, (flags & CE_EXTENDED) ? 4 : 2);
        if (r >= 0 && s->ix.lay.version == 4) {
                size_t was = FIXED + hashsz + 2 + ((raw->flags & CE_EXTENDED) ? 2 : 0);
                static const uint8_t empty[2] = {0, 0};
                return len == 0 ? out_put(o, empty, 2) : out_put(o, from + raw->off + was, raw->size - was);
        }
        if (r >= 0)
                r = out_put(o, name, len);
        return r < 0 ? r : out_put(o, zeros, ((head + len + 8) & ~(size_t) 7) - head - len);
}

typedef struct Plan {
        bool *set_named;  /* by entry of the split index: gains the bit */
        bool *set_shared; /* by shared position: gains it (a replacement, new or old) */
        Bits rep;         /* the replace bitmap after */
        bool any;
} Plan;

static void plan_done(Plan *p) {
        free(p->set_named);
        free(p->set_shared);
        bits_done(&p->rep);
}

static int plan(const Split *s, bool (*want)(void *ctx, const char *path), void *ctx, Plan *p) {
        p->set_named = calloc(s->ix.n + 1, sizeof *p->set_named);
        p->set_shared = calloc(s->sh.n + 1, sizeof *p->set_shared);
        if (!p->set_named || !p->set_shared)
                return -ENOMEM;
        for (size_t j = s->nameless; j < s->ix.n; j++) {
                const GitIndexEntry *e = &s->ix.v[j].e;
                p->set_named[j] = e->stage == 0 && !e->skip_worktree && want(ctx, e->path);
                p->any = p->any || p->set_named[j];
        }
        for (size_t i = 0; i < s->sh.n; i++) {
                if (s->deleted[i])
                        continue;
                GitIndexEntry b = base_entry(s, i);
                if (!hidden(s, &b) && b.stage == 0 && !b.skip_worktree && want(ctx, b.path))
                        p->any = p->set_shared[i] = true;
                if (s->repl[i] || p->set_shared[i]) {
                        if (ARRAY_GROW(p->rep.v, p->rep.cap, p->rep.n + 1) < 0)
                                return -ENOMEM;
                        p->rep.v[p->rep.n++] = i;
                }
        }
        return 0;
}

/* The entries: the replacements in position order (the old ones as they
 * were, or with the bit; new ones, the shared entry's with the bit and no
 * name), then the named ones. */
static int put_entries(Out *o, const Split *s, const Plan *p) {
        int r = 0;
        for (size_t k = 0; r >= 0 && k < p->rep.n; k++) {
                size_t i = p->rep.v[k];
                if (s->repl[i])
                        r = put_entry(o, s, s->ix.buf, &s->ix.v[s->repl[i] - 1], "", p->set_shared[i]);
                else
                        r = put_entry(o, s, s->sh.buf, &s->sh.v[i], "", true);
        }
        for (size_t j = s->nameless; r >= 0 && j < s->ix.n; j++)
                r = put_entry(o, s, s->ix.buf, &s->ix.v[j], s->ix.v[j].e.path, p->set_named[j]);
        return r;
}

/* The extensions but EOIE and IEOT (offsets that no longer hold), the
 * link with the new replace bitmap. */
static int put_extensions(Out *o, const Split *s, const Plan *p) {
        const uint8_t *buf = s->ix.buf;
        size_t hashsz = (size_t) s->ix.lay.algo;
        int r = 0;
        for (size_t off = s->ix.lay.entries_end; r >= 0 && off < s->ix.lay.ext_end;) {
                const uint8_t *e = buf + off;
                size_t sz = 8 + (size_t) be32(e + 4);
                off += sz;
                if (memcmp(e, "EOIE", 4) == 0 || memcmp(e, "IEOT", 4) == 0)
                        continue;
                if (memcmp(e, "link", 4) != 0) {
                        r = out_put(o, e, sz);
                        continue;
                }
                size_t start = o->n;
                r = out_put(o, e, 8 + hashsz);
                if (r >= 0)
                        r = s->del_n ? out_put(o, buf + s->del_off, s->del_n) : ewah_write(o, NULL, 0);
                if (r >= 0)
                        r = ewah_write(o, p->rep.v, p->rep.n);
                if (r >= 0)
                        put_be32(o->p + start + 4, (uint32_t) (o->n - start - 8));
        }
        return r;
}

int git_index_split_skip_worktree(const uint8_t *buf, size_t n, const uint8_t *shared, size_t shared_n,
                                  bool (*want)(void *ctx, const char *path), void *ctx, uint8_t **ret,
                                  size_t *ret_n) {
        _cleanup_(split_done) Split s = {0};
        _cleanup_(plan_done) Plan p = {0};
        Out o = {0};
        int r = split_read(&s, buf, n, shared, shared_n);
        if (r <= 0)
                return r < 0 ? r : -EINVAL;
        if ((r = plan(&s, want, ctx, &p)) < 0 || !p.any)
                return r;
        size_t count = p.rep.n + s.ix.n - s.nameless;
        if (count > UINT32_MAX)
                return -EOVERFLOW;
        r = out_put(&o, buf, 12);
        if (r >= 0)
                r = put_entries(&o, &s, &p);
        if (r >= 0)
                r = put_extensions(&o, &s, &p);
        if (r >= 0) {
                put_be32(o.p + 8, (uint32_t) count);
                if (o.p[7] == 2) /* read-cache.c: extended flags need version 3 */
                        o.p[7] = 3;
                uint8_t d[32] = {0};
                if (!s.ix.lay.skip_hash)
                        git_index_digest(s.ix.lay.algo, o.p, o.n, d);
                r = out_put(&o, d, (size_t) s.ix.lay.algo);
        }
        if (r < 0) {
                free(o.p);
                return r;
        }
        *ret = o.p;
        *ret_n = o.n;
        return 1;
}
