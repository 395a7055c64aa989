/* SPDX-License-Identifier: MIT */
/* git's index reader and its skip-worktree writer. The first byte picks the
 * hash (bit 0 set: SHA-256) and whether the checksum is zeros (bit 1 set,
 * as index.skipHash writes it); the rest is an index without its checksum,
 * which the target appends, so that mutations reach the parser instead of stopping
 * at the checksum. Invariants: an answer is 0 or one of the documented
 * errors, the same for both calls (the sparse read's and the writer's,
 * which take a sparse index; the plain read's is a subset); a failed write leaves its output alone;
 * a written index reads again, with the same entries in the same order,
 * skip-worktree set where asked, and asking again changes nothing. The
 * editor: the same answer for an index it can edit; an edited index reads
 * again, with the edits in it and no other path gone. The cursor reads what
 * the trusted walk reads, and the tree builder takes what it reads. A
 * split index: the input read as one whose shared index is a fixed one (its
 * "link" extension, if any, made to name it), with the same invariants for
 * its reader and its skip-worktree writer. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "git-index-internal.h"
#include "git-index.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct List {
        char *text;
        size_t n, count;
} List;

static bool want(void *ctx, const char *path) {
        (void) ctx;
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        return base[0] == '.' || strlen(path) % 3 == 0;
}

static void add(void *ctx, const GitIndexEntry *e) {
        List *l = ctx;
        size_t len = strlen(e->path);
        if (len == 0)
                abort(); /* never emitted */
        bool wanted = e->skip_worktree || (e->stage == 0 && want(NULL, e->path));
        char *t = realloc(l->text, l->n + len + 64 + 1);
        if (!t)
                abort();
        l->text = t;
        /* path, mode, stage, oid, and whether skip-worktree is (to be) set */
        memcpy(t + l->n, e->path, len + 1);
        l->n += len + 1;
        memcpy(t + l->n, &e->mode, 4);
        t[l->n + 4] = (char) e->stage;
        t[l->n + 5] = (char) e->algo;
        t[l->n + 6] = (char) wanted;
        memcpy(t + l->n + 7, e->oid, (size_t) e->algo);
        l->n += 7 + (size_t) e->algo;
        l->count++;
}

static bool documented(int r) {
        return r == 0 || r == -EBADMSG || r == -EOPNOTSUPP || r == -EPROTONOSUPPORT || r == -ENOMEM;
}

/* The shared index every split input names: version 2, .env a.c b.c
 * lib/.env, 62-byte fixed parts and names padded to eight. */
static size_t shared_index(GitHashAlgo algo, uint8_t *out) {
        static const char *const names[] = {".env", "a.c", "b.c", "lib/.env"};
        size_t hashsz = (size_t) algo, n = 12;
        memcpy(out, "DIRC\0\0\0\x02\0\0\0\x04", 12);
        for (size_t i = 0; i < 4; i++) {
                size_t len = strlen(names[i]), size = (40 + hashsz + 2 + len + 8) & ~(size_t) 7;
                memset(out + n, 0, size);
                out[n + 24] = 0; /* mode 0100644 */
                out[n + 25] = 0;
                out[n + 26] = 0x81;
                out[n + 27] = 0xa4;
                memset(out + n + 40, (int) i + 1, hashsz);
                out[n + 40 + hashsz + 1] = (uint8_t) len;
                memcpy(out + n + 40 + hashsz + 2, names[i], len);
                n += size;
        }
        git_index_digest(algo, out, n, out + n);
        return n + hashsz;
}

static bool documented_split(int r) {
        return documented(r) || r == -EINVAL || r == -EOVERFLOW;
}

/* buf as a split index of the fixed shared index: its link made to name
 * it, its checksum made again (unless zeros). */
static void split_case(uint8_t *buf, size_t total, GitHashAlgo algo) {
        uint8_t shared[512];
        size_t shared_n = shared_index(algo, shared), hashsz = (size_t) algo;
        uint8_t *link = total > hashsz ? memmem(buf, total - hashsz, "link", 4) : NULL;
        if (link && (size_t) (buf + total - hashsz - link) >= 8 + hashsz) {
                memcpy(link + 8, shared + shared_n - hashsz, hashsz);
                bool zero = true;
                for (size_t i = 0; i < hashsz; i++)
                        zero = zero && buf[total - hashsz + i] == 0;
                if (!zero)
                        git_index_digest(algo, buf, total - hashsz, buf + total - hashsz);
        }
        List before = {0}, after = {0};
        int r = git_index_split_entries(buf, total, shared, shared_n, add, &before);
        if (!documented_split(r))
                abort();
        uint8_t *out = (uint8_t *) 0x1;
        size_t out_n = 7;
        int w = git_index_split_skip_worktree(buf, total, shared, shared_n, want, NULL, &out, &out_n);
        if (w < 0) {
                if ((w != r && w != -ENOMEM && r != -ENOMEM) || out != (uint8_t *) 0x1 || out_n != 7)
                        abort();
        } else if (r != 0) {
                abort();
        } else if (w == 1) {
                if (git_index_split_entries(out, out_n, shared, shared_n, add, &after) != 0 ||
                    after.count != before.count || after.n != before.n ||
                    memcmp(after.text, before.text, before.n) != 0)
                        abort();
                uint8_t *again = (uint8_t *) 0x1;
                if (git_index_split_skip_worktree(out, out_n, shared, shared_n, want, NULL, &again,
                                                  &out_n) != 0 ||
                    again != (uint8_t *) 0x1)
                        abort();
                free(out);
        } else if (out != (uint8_t *) 0x1) {
                abort();
        }
        free(before.text);
        free(after.text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        if (size < 1 || size > (1u << 20))
                return 0;
        GitHashAlgo algo = data[0] & 1 ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
        size_t n = size - 1, total = n + (size_t) algo;
        uint8_t *buf = malloc(total);
        if (!buf)
                return 0;
        memcpy(buf, data + 1, n);
        if (data[0] & 2)
                memset(buf + n, 0, (size_t) algo);
        else
                git_index_digest(algo, buf, n, buf + n);

        List before = {0}, sparse = {0};
        int r = git_index_entries(buf, total, add, &before);
        if (!documented(r))
                abort();
        /* a sparse index taken as well: what the plain read takes reads the same */
        int rs = git_index_entries_sparse(buf, total, add, &sparse);
        if (!documented(rs) || (r == 0 && (rs != 0 || sparse.n != before.n ||
                                           (before.n && memcmp(sparse.text, before.text, before.n) != 0))))
                abort();
        uint8_t *out = (uint8_t *) 0x1;
        size_t out_n = 7;
        int w = git_index_skip_worktree(buf, total, want, NULL, &out, &out_n);
        if (w < 0) {
                if ((w != rs && w != -ENOMEM && rs != -ENOMEM) || out != (uint8_t *) 0x1 || out_n != 7)
                        abort();
        } else if (rs != 0) {
                abort();
        } else if (w == 1) {
                List after = {0};
                if (git_index_entries_sparse(out, out_n, add, &after) != 0)
                        abort();
                if (after.count != sparse.count || after.n != sparse.n ||
                    memcmp(after.text, sparse.text, sparse.n) != 0)
                        abort();
                /* every wanted entry has it now: asking again is a no-op */
                uint8_t *again = (uint8_t *) 0x1;
                if (git_index_skip_worktree(out, out_n, want, NULL, &again, &out_n) != 0 ||
                    again != (uint8_t *) 0x1)
                        abort();
                free(after.text);
                free(out);
        } else if (out != (uint8_t *) 0x1) {
                abort();
        }
        /* .env out, "a" and "zz/z" in: what the index then reads as */
        GitIndexEdit edits[] = {
                {.path = ".env"}, {.path = "a", .mode = 0100644}, {.path = "zz/z", .mode = 0120000}};
        memset(edits[1].oid, 0xaa, sizeof edits[1].oid);
        out = (uint8_t *) 0x1;
        out_n = 7;
        int e = git_index_edit(buf, total, edits, 3, &out, &out_n);
        if (e < 0) {
                if ((e != r && e != -ENOMEM && r != -ENOMEM && e != -EOVERFLOW) || out != (uint8_t *) 0x1 ||
                    out_n != 7)
                        abort();
        } else if (r != 0 || e != 1) { /* "a" goes in, whatever the index held */
                abort();
        } else {
                List after = {0};
                if (git_index_entries(out, out_n, add, &after) != 0)
                        abort();
                bool seen_a = false, seen_z = false;
                for (char *p = after.text; p < after.text + after.n;
                     p += strlen(p) + 1 + 7 + (unsigned char) p[strlen(p) + 1 + 5]) {
                        uint32_t mode;
                        memcpy(&mode, p + strlen(p) + 1, 4);
                        if (streq(p, ".env") || (streq(p, "a") && (seen_a || mode != 0100644)))
                                abort();
                        seen_a = seen_a || streq(p, "a");
                        seen_z = seen_z || (streq(p, "zz/z") && mode == 0120000);
                }
                if (!seen_a || !seen_z)
                        abort();
                free(after.text);
                free(out);
        }
        /* The cursor: what the trusted walk reads, entry for entry, and the
         * same answer. The tree of its entries and the cache tree's root
         * are made of whatever it reads, without a fault. */
        List walked = {0}, stepped = {0};
        int t = git_index_entries_trusted(buf, total, algo, add, &walked);
        GitIndexCursor *cur = NULL;
        GitTree *tree = git_tree_new(algo);
        int c = git_index_cursor_new(buf, total, algo, &cur);
        if (c >= 0) {
                GitIndexEntry en;
                uint8_t id[32];
                while ((c = git_index_cursor_next(cur, &en)) > 0) {
                        add(&stepped, &en);
                        if (tree && en.stage == 0)
                                (void) git_tree_add(tree, en.path, en.mode, en.oid);
                }
                (void) git_index_cursor_cache_tree(cur, id);
                if (tree)
                        (void) git_tree_finish(tree, id);
        }
        if (c != t && c != -ENOMEM && t != -ENOMEM)
                abort();
        if (c == 0 &&
            (stepped.n != walked.n || (walked.n && memcmp(stepped.text, walked.text, walked.n) != 0)))
                abort();
        git_index_cursor_free(cur);
        git_tree_free(tree);
        free(walked.text);
        free(stepped.text);
        free(before.text);
        free(sparse.text);
        split_case(buf, total, algo); /* last: it may rewrite buf */
        free(buf);
        return 0;
}
