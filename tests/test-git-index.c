/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "git-index-fixture.h"
#include "git-index.h"
#include "tests.h"
#include "util.h"

/*
 * git's index, read and written by daemon/core/git-index.c. Indexes are built
 * here byte by byte (versions 2, 3, 4; SHA-1 and SHA-256; extensions), and,
 * run as "test-git-index oracle", by git itself: what git ls-files says of
 * an index must be what we read of it, and an index after our skip-worktree
 * must read to git exactly as one after "git update-index --skip-worktree"
 * (ls-files -s and -v), with git fsck clean.
 */

/* ---- tests ---- */

static void test_blob_oid(void **state) {
        (void) state;
        uint8_t oid[32];
        char h[65];
        git_blob_oid(GIT_HASH_SHA1, "", 0, oid);
        hex(oid, 20, h);
        assert_string_equal(h, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
        git_blob_oid(GIT_HASH_SHA1, "hello\n", 6, oid);
        hex(oid, 20, h);
        assert_string_equal(h, "ce013625030ba8dba906f756967f9e9ca394464a");
        git_blob_oid(GIT_HASH_SHA256, "", 0, oid);
        hex(oid, 32, h);
        assert_string_equal(h, "473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813");
}

/* The tree of a listing: git's ids for the empty tree, one empty file, and
 * a file, a directory and a symlink (git write-tree's). */
static void tree_of(GitHashAlgo algo, const char *const *paths_, const uint32_t *modes,
                    const char *const *oids, char out[65]) {
        _cleanup_(git_tree_freep) GitTree *t = git_tree_new(algo);
        assert_non_null(t);
        for (size_t i = 0; paths_[i]; i++) {
                uint8_t oid[32];
                for (size_t k = 0; k < (size_t) algo; k++)
                        assert_int_equal(sscanf(oids[i] + 2 * k, "%2hhx", &oid[k]), 1);
                assert_int_equal(git_tree_add(t, paths_[i], modes[i], oid), 0);
        }
        uint8_t id[32];
        assert_int_equal(git_tree_finish(t, id), 0);
        hex(id, (size_t) algo, out);
}

static void test_tree(void **state) {
        (void) state;
        char h[65];
        static const char *const none[] = {NULL};
        tree_of(GIT_HASH_SHA1, none, NULL, NULL, h);
        assert_string_equal(h, "4b825dc642cb6eb9a060e54bf8d69288fbee4904");
        static const char *const one[] = {"a", NULL};
        static const uint32_t one_m[] = {0100644};
        static const char *const one_o[] = {"e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"};
        tree_of(GIT_HASH_SHA1, one, one_m, one_o, h);
        assert_string_equal(h, "496d6428b9cf92981dc9495211e6e1120fb6f2ba");
        static const char *const three[] = {"a", "d/x", "l", NULL};
        static const uint32_t three_m[] = {0100644, 0100644, 0120000};
        static const char *const three_o[] = {"e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
                                              "587be6b4c3f93f93c489c0111bba5596147a26cb",
                                              "2e65efe2a145dda7ee51d1741299f848e5bf752e"};
        tree_of(GIT_HASH_SHA1, three, three_m, three_o, h);
        assert_string_equal(h, "a3a14d2fe4a20075a23bcf7916ec51207b1e9f9c");
        /* no empty name or component */
        _cleanup_(git_tree_freep) GitTree *t = git_tree_new(GIT_HASH_SHA1);
        uint8_t oid[32] = {0};
        assert_int_equal(git_tree_add(t, "a//b", 0100644, oid), -EINVAL);
        assert_int_equal(git_tree_add(t, "a/", 0100644, oid), -EINVAL);
        assert_int_equal(git_tree_add(t, "/a", 0100644, oid), -EINVAL);
}

static const char *const paths[] = {".env", "src/a.c", "src/b.c", "src/b.h", "src/lib/.env", NULL};

static void build(B *b, uint32_t version, GitHashAlgo algo) {
        b_start(b, version, algo);
        for (size_t i = 0; paths[i]; i++)
                b_entry(b, paths[i], i == 2 ? 0100755 : 0100644, (uint8_t) (0x10 + i), 0,
                        version >= 3 && i == 1 ? 0x4000 : 0);
}

static void test_read_versions(void **state) {
        (void) state;
        static B b;
        Seen s;
        for (uint32_t v = 2; v <= 4; v++)
                for (int a = 0; a < 2; a++) {
                        GitHashAlgo algo = a ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
                        build(&b, v, algo);
                        size_t n = b_end(&b);
                        assert_int_equal(read_index(b.buf, n, &s), 0);
                        char want[1024], oid[65];
                        size_t k = 0;
                        for (size_t i = 0; paths[i]; i++) {
                                uint8_t raw[32];
                                memset(raw, 0x10 + (int) i, sizeof raw);
                                hex(raw, (size_t) algo, oid);
                                k += (size_t) snprintf(want + k, sizeof want - k, "%s%06o %s 0\t%s\n",
                                                       v >= 3 && i == 1 ? "S " : "",
                                                       i == 2 ? 0100755u : 0100644u, oid, paths[i]);
                        }
                        assert_string_equal(s.text, want);
                }
}

/* A name of 0xfff bytes or more: the length field says 0xfff and the
 * name ends at its NUL. */
static void test_long_name(void **state) {
        (void) state;
        static B b;
        static char name[6000];
        Seen s;
        memset(name, 'x', sizeof name - 1);
        memcpy(name + 4000, "/.env", 6);
        for (uint32_t v = 2; v <= 4; v += 2) {
                b_start(&b, v, GIT_HASH_SHA1);
                b_entry(&b, "a", 0100644, 1, 0, 0);
                b_entry(&b, name, 0100644, 2, 0, 0);
                b_entry(&b, "z", 0100644, 3, 0, 0);
                size_t n = b_end(&b);
                assert_int_equal(read_index(b.buf, n, &s), 0);
                assert_non_null(strstr(s.text, name));
                assert_non_null(strstr(s.text, "\tz\n"));
                uint8_t *out = NULL;
                size_t out_n = 0;
                assert_int_equal(git_index_skip_worktree(b.buf, n, want_env, NULL, &out, &out_n), 1);
                assert_int_equal(read_index(out, out_n, &s), 0);
                assert_non_null(strstr(s.text, "S 100644"));
                free(out);
        }
}

static void test_refused(void **state) {
        (void) state;
        static B b;
        Seen s;
        uint8_t *out = (uint8_t *) 0x1;
        size_t out_n = 12345;

        build(&b, 2, GIT_HASH_SHA1);
        size_t n = b_end(&b);
        /* every truncation, and every single flipped bit of the checksum */
        for (size_t k = 0; k < n; k++) {
                int r = read_index(b.buf, k, &s);
                assert_true(r == -EBADMSG || r == -EPROTONOSUPPORT);
                r = git_index_skip_worktree(b.buf, k, want_env, NULL, &out, &out_n);
                assert_true(r == -EBADMSG || r == -EPROTONOSUPPORT);
                assert_ptr_equal(out, (uint8_t *) 0x1);
                assert_int_equal(out_n, 12345);
        }
        for (size_t bit = 0; bit < 160; bit++) {
                b.buf[n - 20 + bit / 8] ^= (uint8_t) (1u << (bit % 8));
                assert_int_equal(read_index(b.buf, n, &s), -EBADMSG);
                b.buf[n - 20 + bit / 8] ^= (uint8_t) (1u << (bit % 8));
        }
        assert_int_equal(read_index(b.buf, n, &s), 0);

        /* another magic, another version */
        build(&b, 2, GIT_HASH_SHA1);
        memcpy(b.buf, "DIRX", 4);
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);
        for (uint32_t v = 0; v < 7; v += v == 1 ? 4 : 1) {
                b_start(&b, v, GIT_HASH_SHA1);
                b_entry(&b, "a", 0100644, 1, 0, 0);
                assert_int_equal(read_index(b.buf, b_end(&b), &s), -EPROTONOSUPPORT);
        }

        /* an extended flag git does not know */
        b_start(&b, 3, GIT_HASH_SHA1);
        b_entry(&b, "a", 0100644, 1, 0, 0x1000);
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);

        /* a NUL inside the name its length field claims */
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "abcdefg", 0100644, 1, 0, 0);
        b.buf[12 + 62 + 3] = 0;
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);

        /* v4: a strip longer than the previous name */
        b_start(&b, 4, GIT_HASH_SHA1);
        b_entry(&b, "ab", 0100644, 1, 0, 0);
        b_entry(&b, "ac", 0100644, 1, 0, 0);
        assert_int_equal(b.buf[12 + 66 + 62], 1); /* strip 1 ("b"), then "c" */
        b.buf[12 + 66 + 62] = 3;
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);

        /* out of order, or a path twice, as git's check_ce_order refuses */
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "b", 0100644, 1, 0, 0);
        b_entry(&b, "a", 0100644, 1, 0, 0);
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "a", 0100644, 1, 0, 0);
        b_entry(&b, "a", 0100644, 1, 0, 0);
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "a", 0100644, 1, 2, 0);
        b_entry(&b, "a", 0100644, 1, 1, 0);
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "a", 0100644, 1, 1, 0);
        b_entry(&b, "a", 0100644, 2, 2, 0);
        b_entry(&b, "a", 0100644, 3, 3, 0);
        b_entry(&b, "a/b", 0100644, 3, 0, 0);
        b_entry(&b, "a0", 0100644, 3, 0, 0);
        assert_int_equal(read_index(b.buf, b_end(&b), &s), 0); /* conflict stages, rising; bytes order */

        /* more entries than the file could hold */
        build(&b, 2, GIT_HASH_SHA1);
        b.count = 1000000;
        n = b_end(&b);
        assert_int_equal(read_index(b.buf, n, &s), -EBADMSG);
        assert_int_equal(git_index_skip_worktree(b.buf, n, want_env, NULL, &out, &out_n), -EBADMSG);

        /* an extension cut short */
        build(&b, 2, GIT_HASH_SHA1);
        b_ext(&b, "TREE", "abc", 3);
        b.buf[b.n - 4] = 9; /* its size says 9 */
        assert_int_equal(read_index(b.buf, b_end(&b), &s), -EBADMSG);

        /* split, sparse and unknown required extensions (a sparse index
         * is taken where a function says so: test_skip_worktree_sparse) */
        static const char *const required[] = {"link", "sdir", "abcd"};
        for (size_t i = 0; i < ELEMENTSOF(required); i++) {
                build(&b, 2, GIT_HASH_SHA1);
                b_ext(&b, required[i], "\0\0\0\0", 4);
                n = b_end(&b);
                assert_int_equal(read_index(b.buf, n, &s), -EOPNOTSUPP);
                if (i == 1)
                        continue;
                memset(&s, 0, sizeof s);
                assert_int_equal(git_index_entries_sparse(b.buf, n, see, &s), -EOPNOTSUPP);
                assert_int_equal(git_index_skip_worktree(b.buf, n, want_env, NULL, &out, &out_n),
                                 -EOPNOTSUPP);
        }
        assert_int_equal(read_index(NULL, 0, &s), -EBADMSG);
        assert_ptr_equal(out, (uint8_t *) 0x1);
}

/* .env, a conflict on conflict/.env (stages 1 and 2), lib/.env. */
static void b_conflicted(B *b, uint32_t version, GitHashAlgo algo) {
        b_start(b, version, algo);
        b_entry(b, ".env", 0100644, 1, 0, 0);
        b_entry(b, "conflict/.env", 0100644, 2, 1, 0);
        b_entry(b, "conflict/.env", 0100644, 3, 2, 0);
        b_entry(b, "lib/.env", 0100644, 4, 0, 0);
}

static void test_skip_worktree(void **state) {
        (void) state;
        static B b;
        Seen s;
        for (uint32_t v = 2; v <= 4; v++)
                for (int a = 0; a < 2; a++) {
                        GitHashAlgo algo = a ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
                        b_conflicted(&b, v, algo);
                        b_entry(&b, "lib/.env.example", 0100644, 5, 0, 0);
                        b_entry(&b, "lib/x.c", 0100644, 6, 0, 0);
                        b_ext(&b, "TREE", "tree-data", 9);
                        b_ext(&b, "EOIE", "eoie-data", 9);
                        b_ext(&b, "UNTR", "untr", 4);
                        size_t n = b_end(&b);

                        uint8_t *out = NULL;
                        size_t out_n = 0;
                        assert_int_equal(git_index_skip_worktree(b.buf, n, want_env, NULL, &out, &out_n), 1);
                        assert_int_equal(out[7], v == 2 ? 3 : v);
                        assert_int_equal(read_index(out, out_n, &s), 0);
                        char oid[65], want[2048];
                        size_t k = 0;
                        static const char *const rows[][2] = {
                                {"S ", ".env"},     {"", "conflict/.env"},    {"", "conflict/.env"},
                                {"S ", "lib/.env"}, {"", "lib/.env.example"}, {"", "lib/x.c"}};
                        for (size_t i = 0; i < ELEMENTSOF(rows); i++) {
                                uint8_t raw[32];
                                memset(raw, (int) i + 1, sizeof raw);
                                hex(raw, (size_t) algo, oid);
                                k += (size_t) snprintf(want + k, sizeof want - k, "%s100644 %s %zu\t%s\n",
                                                       rows[i][0], oid,
                                                       i == 1   ? 1
                                                       : i == 2 ? 2
                                                                : (size_t) 0,
                                                       rows[i][1]);
                        }
                        assert_string_equal(s.text, want);
                        /* TREE and UNTR kept as they were, EOIE gone */
                        size_t hashsz = (size_t) algo;
                        assert_memory_equal(out + out_n - hashsz - 12 - 17, "TREE\0\0\0\x09tree-data", 17);
                        assert_memory_equal(out + out_n - hashsz - 12, "UNTR\0\0\0\x04untr", 12);
                        assert_null(memmem(out, out_n, "EOIE", 4));

                        /* Done already: nothing changes, the output is untouched. */
                        uint8_t *again = (uint8_t *) 0x1;
                        size_t again_n = 7;
                        assert_int_equal(
                                git_index_skip_worktree(out, out_n, want_env, NULL, &again, &again_n), 0);
                        assert_ptr_equal(again, (uint8_t *) 0x1);
                        assert_int_equal(again_n, 7);
                        assert_int_equal(
                                git_index_skip_worktree(b.buf, n, want_none, NULL, &again, &again_n), 0);
                        assert_ptr_equal(again, (uint8_t *) 0x1);
                        free(out);
                }
}

/* A sparse index: its directory entries read and kept as they are, "sdir"
 * kept, skip-worktree set on a file entry; a directory's entry without
 * "sdir" is not an index git wrote. */
static void test_skip_worktree_sparse(void **state) {
        (void) state;
        static B b;
        Seen s;
        for (uint32_t v = 2; v <= 4; v++) {
                b_start(&b, v, GIT_HASH_SHA1);
                b_entry(&b, ".env", 0100644, 1, 0, 0);
                b_entry(&b, "a.c", 0100644, 2, 0, 0);
                b_entry(&b, "lib/", 040000, 3, 0, v >= 3 ? 0x4000 : 0);
                b_ext(&b, "TREE", "tree-data", 9);
                b_ext(&b, "sdir", "", 0);
                size_t n = b_end(&b);
                memset(&s, 0, sizeof s);
                if (v == 2) { /* a directory's entry gets its skip-worktree bit in version 3 */
                        assert_int_equal(git_index_entries_sparse(b.buf, n, see, &s), 0);
                        continue;
                }
                assert_int_equal(read_index(b.buf, n, &s), -EOPNOTSUPP);
                memset(&s, 0, sizeof s);
                assert_int_equal(git_index_entries_sparse(b.buf, n, see, &s), 0);
                assert_non_null(
                        strstr(s.text, "S 040000 0303030303030303030303030303030303030303 0\tlib/\n"));
                uint8_t *out = NULL;
                size_t out_n = 0;
                assert_int_equal(git_index_skip_worktree(b.buf, n, want_env, NULL, &out, &out_n), 1);
                memset(&s, 0, sizeof s);
                assert_int_equal(git_index_entries_sparse(out, out_n, see, &s), 0);
                assert_string_equal(s.text, "S 100644 0101010101010101010101010101010101010101 0\t.env\n"
                                            "100644 0202020202020202020202020202020202020202 0\ta.c\n"
                                            "S 040000 0303030303030303030303030303030303030303 0\tlib/\n");
                assert_memory_equal(out + out_n - 20 - 8 - 17, "TREE\0\0\0\x09tree-data", 17);
                assert_memory_equal(out + out_n - 20 - 8, "sdir\0\0\0\0", 8);
                free(out);
        }
        /* the same directory entry, no "sdir": refused */
        b_start(&b, 3, GIT_HASH_SHA1);
        b_entry(&b, "lib/", 040000, 3, 0, 0x4000);
        size_t n = b_end(&b);
        memset(&s, 0, sizeof s);
        assert_int_equal(git_index_entries_sparse(b.buf, n, see, &s), -EBADMSG);
}

/* An entry extended already (an intent to add) gains skip-worktree in
 * its second flags word: a copy of it as it was would lose it. */
static void test_skip_worktree_extended(void **state) {
        (void) state;
        static B b;
        Seen s;
        b_start(&b, 3, GIT_HASH_SHA1);
        b_entry(&b, ".env", 0100644, 1, 0, 0x2000);
        size_t n = b_end(&b);
        uint8_t *out = NULL;
        size_t out_n = 0;
        assert_int_equal(git_index_skip_worktree(b.buf, n, want_env, NULL, &out, &out_n), 1);
        assert_int_equal(read_index(out, out_n, &s), 0);
        assert_non_null(strstr(s.text, "S 100644"));
        uint8_t *again = (uint8_t *) 0x1;
        assert_int_equal(git_index_skip_worktree(out, out_n, want_env, NULL, &again, &out_n), 0);
        free(out);
}

/* index.skipHash: zeros in place of the checksum, for either hash; the
 * hash told by the layout, and zeros written back. */
static void test_skip_hash(void **state) {
        (void) state;
        static B b;
        Seen s;
        zero_hash = true;
        for (int a = 0; a < 2; a++) {
                GitHashAlgo algo = a ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
                build(&b, 2, algo);
                b_ext(&b, "TREE", "t", 1);
                size_t n = b_end(&b);
                assert_int_equal(read_index(b.buf, n, &s), 0);
                assert_non_null(strstr(s.text, "\t.env\n"));
                char oid[65];
                uint8_t raw[32];
                memset(raw, 0x10, sizeof raw);
                hex(raw, (size_t) algo, oid);
                assert_non_null(strstr(s.text, oid)); /* read with the right oid size */
                uint8_t *out = NULL;
                size_t out_n = 0;
                assert_int_equal(git_index_skip_worktree(b.buf, n, want_env, NULL, &out, &out_n), 1);
                uint8_t z[32] = {0};
                assert_memory_equal(out + out_n - (size_t) algo, z, (size_t) algo);
                assert_int_equal(read_index(out, out_n, &s), 0);
                assert_non_null(strstr(s.text, "S 100644"));
                free(out);
                /* not zeros, not a checksum: refused */
                b.buf[n - 1] = 1;
                assert_int_equal(read_index(b.buf, n, &s), -EBADMSG);
        }
        zero_hash = false;
}

/* The bytes of an edit's oid: b repeated. */
static GitIndexEdit edit(const char *path, uint32_t mode, uint8_t b) {
        GitIndexEdit e = {.path = path, .mode = mode};
        memset(e.oid, b, sizeof e.oid);
        return e;
}

/* git_index_edit_fd() writes what git_index_edit() makes, byte for byte. */
static void same_to_fd(const uint8_t *buf, size_t n, const GitIndexEdit *edits, size_t n_edits,
                       const uint8_t *want, size_t want_n) {
        FILE *f = tmpfile();
        assert_non_null(f);
        assert_int_equal(git_index_edit_fd(buf, n, 0, edits, n_edits, fileno(f)), 1);
        _cleanup_free_ char *got = NULL;
        size_t got_n = 0;
        assert_int_equal(lseek(fileno(f), 0, SEEK_SET), 0);
        assert_int_equal(read_full_fd(fileno(f), 1 << 24, &got, &got_n), 0);
        assert_int_equal(got_n, want_n);
        assert_memory_equal(got, want, want_n);
        fclose(f);
}

static void test_edit(void **state) {
        (void) state;
        static B b;
        Seen s;
        for (uint32_t v = 2; v <= 4; v++)
                for (int a = 0; a < 2; a++) {
                        GitHashAlgo algo = a ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
                        b_conflicted(&b, v, algo);
                        b_entry(&b, "lib/x.c", 0100644, 6, 0, v >= 3 ? 0x4000 : 0);
                        b_ext(&b, "TREE", "tree-data", 9);
                        b_ext(&b, "REUC", "reuc", 4);
                        b_ext(&b, "UNTR", "untr", 4);
                        b_ext(&b, "FSMN", "fsmn", 4);
                        size_t n = b_end(&b);
                        const GitIndexEdit edits[] = {
                                edit("a-new", 0100755, 0xa0),         /* before every entry */
                                edit("conflict/.env", 0100644, 0xb0), /* its stages give way */
                                edit("lib/.env", 0, 0),               /* out */
                                edit("lib/gone", 0, 0),               /* out already */
                                edit("lib/x.c", 0120000, 0xc0),       /* set */
                                edit("zz/new", 0100644, 0xd0),        /* after every entry */
                        };
                        uint8_t *out = NULL;
                        size_t out_n = 0;
                        assert_int_equal(git_index_edit(b.buf, n, edits, ELEMENTSOF(edits), &out, &out_n),
                                         1);
                        same_to_fd(b.buf, n, edits, ELEMENTSOF(edits), out, out_n);
                        assert_int_equal(read_index(out, out_n, &s), 0);
                        char want[2048], oid[65];
                        size_t k = 0;
                        static const struct {
                                const char *path;
                                unsigned mode;
                                uint8_t b;
                        } rows[] = {{".env", 0100644, 1},
                                    {"a-new", 0100755, 0xa0},
                                    {"conflict/.env", 0100644, 0xb0},
                                    {"lib/x.c", 0120000, 0xc0},
                                    {"zz/new", 0100644, 0xd0}};
                        for (size_t i = 0; i < ELEMENTSOF(rows); i++) {
                                uint8_t raw[32];
                                memset(raw, rows[i].b, sizeof raw);
                                hex(raw, (size_t) algo, oid);
                                k += (size_t) snprintf(want + k, sizeof want - k, "%06o %s 0\t%s\n",
                                                       rows[i].mode, oid, rows[i].path);
                        }
                        assert_string_equal(s.text, want); /* skip-worktree went with the old entry */
                        assert_int_equal(out[11], 5);      /* the count */
                        /* entries came and went: only the resolve-undo stays */
                        assert_null(memmem(out, out_n, "TREE", 4));
                        assert_null(memmem(out, out_n, "UNTR", 4));
                        assert_null(memmem(out, out_n, "FSMN", 4));
                        assert_non_null(memmem(out, out_n, "REUC\0\0\0\x04reuc", 12));
                        /* an edited entry has no stat data: only its mode */
                        uint8_t *e = memmem(out, out_n, "zz/new", 6);
                        assert_non_null(e);
                        size_t fixed = 40 + (size_t) algo + 2;
                        uint8_t *start = e - fixed - (v == 4 ? 1 : 0);
                        for (size_t i = 0; i < 24; i++)
                                assert_int_equal(start[i], 0);
                        free(out);

                        /* Only a change: the untracked cache stays; the cache
                         * tree goes all the same. */
                        const GitIndexEdit one[] = {edit("lib/.env", 0100644, 0xee)};
                        assert_int_equal(git_index_edit(b.buf, n, one, 1, &out, &out_n), 1);
                        assert_null(memmem(out, out_n, "TREE", 4));
                        assert_non_null(memmem(out, out_n, "UNTR", 4));
                        assert_int_equal(read_index(out, out_n, &s), 0);
                        assert_non_null(strstr(s.text, "\tconflict/.env\n"));
                        free(out);

                        /* No edit: the cache tree dropped, the entries as
                         * they were, byte for byte. */
                        assert_int_equal(git_index_edit(b.buf, n, NULL, 0, &out, &out_n), 1);
                        assert_null(memmem(out, out_n, "TREE", 4));
                        Seen before;
                        assert_int_equal(read_index(b.buf, n, &before), 0);
                        assert_int_equal(read_index(out, out_n, &s), 0);
                        assert_string_equal(s.text, before.text);
                        /* and again: nothing left to drop, output untouched */
                        uint8_t *again = (uint8_t *) 0x1;
                        size_t again_n = 7;
                        assert_int_equal(git_index_edit(out, out_n, NULL, 0, &again, &again_n), 0);
                        assert_ptr_equal(again, (uint8_t *) 0x1);
                        assert_int_equal(again_n, 7);
                        /* an edit that changes nothing: out of the index already */
                        const GitIndexEdit none[] = {edit("nowhere", 0, 0)};
                        assert_int_equal(git_index_edit(out, out_n, none, 1, &again, &again_n), 0);
                        assert_ptr_equal(again, (uint8_t *) 0x1);
                        free(out);

                        /* unsorted, twice, or nameless: refused, untouched */
                        const GitIndexEdit bad[][2] = {{edit("b", 0, 0), edit("a", 0, 0)},
                                                       {edit("a", 0, 0), edit("a", 0, 0)},
                                                       {edit("", 0, 0), edit("a", 0, 0)}};
                        for (size_t i = 0; i < ELEMENTSOF(bad); i++) {
                                assert_int_equal(git_index_edit(b.buf, n, bad[i], 2, &again, &again_n),
                                                 -EINVAL);
                                assert_ptr_equal(again, (uint8_t *) 0x1);
                        }
                }
}

/* v4 tells each name against the one before it: an entry in the middle,
 * in and out, leaves every name after it readable. */
static void test_edit_v4_names(void **state) {
        (void) state;
        static B b;
        static char longname[5000];
        Seen s, before;
        memset(longname, 'q', sizeof longname - 1);
        memcpy(longname, "lib/", 4);
        b_start(&b, 4, GIT_HASH_SHA1);
        b_entry(&b, "lib/a/one.c", 0100644, 1, 0, 0);
        b_entry(&b, "lib/a/two.c", 0100644, 2, 0, 0);
        b_entry(&b, "lib/b/three.c", 0100644, 3, 0, 0);
        b_entry(&b, longname, 0100644, 4, 0, 0);
        size_t n = b_end(&b);
        assert_int_equal(read_index(b.buf, n, &before), 0);
        const GitIndexEdit in[] = {edit("lib/a/one.c", 0, 0), edit("lib/a/zzz", 0100644, 9),
                                   edit("lib/qq", 0100644, 8)};
        uint8_t *out = NULL, *back = NULL;
        size_t out_n = 0, back_n = 0;
        assert_int_equal(git_index_edit(b.buf, n, in, ELEMENTSOF(in), &out, &out_n), 1);
        same_to_fd(b.buf, n, in, ELEMENTSOF(in), out, out_n);
        assert_int_equal(read_index(out, out_n, &s), 0);
        assert_non_null(strstr(s.text, "\tlib/a/zzz\n"));
        assert_non_null(strstr(s.text, "\tlib/qq\n"));
        assert_non_null(strstr(s.text, longname));
        assert_null(strstr(s.text, "one.c"));
        /* and back out, the first one back in: as it was, but its stat data */
        uint8_t one[32];
        memset(one, 1, sizeof one);
        GitIndexEdit back_in[] = {edit("lib/a/one.c", 0100644, 1), edit("lib/a/zzz", 0, 0),
                                  edit("lib/qq", 0, 0)};
        memcpy(back_in[0].oid, one, sizeof one);
        assert_int_equal(git_index_edit(out, out_n, back_in, ELEMENTSOF(back_in), &back, &back_n), 1);
        assert_int_equal(read_index(back, back_n, &s), 0);
        assert_string_equal(s.text, before.text);
        free(out);
        free(back);
}

/* An index larger than the writer's chunk, written to an fd. */
static void test_edit_large(void **state) {
        (void) state;
        static B b;
        for (int a = 0; a < 2; a++) {
                b_start(&b, 2, a ? GIT_HASH_SHA256 : GIT_HASH_SHA1);
                char path[32];
                for (int i = 0; i < 2800; i++) {
                        snprintf(path, sizeof path, "d/f%04d", i);
                        b_entry(&b, path, 0100644, (uint8_t) i, 0, 0);
                }
                size_t n = b_end(&b);
                assert_true(n > 3 * 64 * 1024); /* chunks */
                const GitIndexEdit e[] = {edit("d/f0300", 0, 0), edit("z", 0100644, 7)};
                uint8_t *out = NULL;
                size_t out_n = 0;
                assert_int_equal(git_index_edit(b.buf, n, e, 2, &out, &out_n), 1);
                same_to_fd(b.buf, n, e, 2, out, out_n);
                free(out);
        }
}

/* An index git has just written: read with the hash given, its checksum
 * not verified; every length still checked. */
static void test_trusted(void **state) {
        (void) state;
        static B b;
        Seen s, t;
        build(&b, 4, GIT_HASH_SHA256);
        size_t n = b_end(&b);
        assert_int_equal(read_index(b.buf, n, &s), 0);
        b.buf[n - 1] ^= 1; /* the checksum no longer holds */
        assert_int_equal(read_index(b.buf, n, &t), -EBADMSG);
        memset(&t, 0, sizeof t);
        assert_int_equal(git_index_entries_trusted(b.buf, n, GIT_HASH_SHA256, see, &t), 0);
        assert_string_equal(s.text, t.text);
        assert_int_equal(git_index_entries_trusted(b.buf, n, (GitHashAlgo) 7, see, &t), -EINVAL);
        /* out of order: git add -A writes back the agent's order, so a
         * trusted index is checked for it too */
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "src/a.c", 0100644, 1, 0, 0);
        b_entry(&b, ".env", 0100644, 2, 0, 0);
        size_t un = b_end(&b);
        assert_int_equal(git_index_entries_trusted(b.buf, un, GIT_HASH_SHA1, see, &t), -EBADMSG);
        assert_int_equal(read_index(b.buf, un, &t), -EBADMSG);
        /* a name git would not add: read by git without a word, so an
         * agent's ./.env would slip past a policy matched by name */
        static const char *const bad[] = {"./.env", "a/../.env",   "a//.env",
                                          "/.env",  "a/",          ".",
                                          "..",     ".git/config", "x/.GIT/hooks/pre-commit",
                                          "a/."};
        for (size_t k = 0; k < ELEMENTSOF(bad); k++) {
                b_start(&b, k % 2 ? 4 : 2, GIT_HASH_SHA1);
                b_entry(&b, bad[k], 0100644, 1, 0, 0);
                size_t bn = b_end(&b);
                memset(&t, 0, sizeof t);
                assert_int_equal(git_index_entries_trusted(b.buf, bn, GIT_HASH_SHA1, see, &t), -EBADMSG);
                assert_int_equal(read_index(b.buf, bn, &t), -EBADMSG);
        }
        /* ... but a name with dots in it is one, and a sparse directory
         * entry ends in '/' (the sparse index is git's plumbing's to read) */
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "...", 0100644, 1, 0, 0);
        b_entry(&b, ".git.d/x", 0100644, 1, 0, 0);
        b_entry(&b, ".gitignore", 0100644, 1, 0, 0);
        assert_int_equal(read_index(b.buf, b_end(&b), &t), 0);
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "...", 0100644, 1, 0, 0);
        b_entry(&b, "dir/", 040000, 1, 0, 0x4000);
        b_ext(&b, "sdir", "", 0);
        assert_int_equal(read_index(b.buf, b_end(&b), &t), -EOPNOTSUPP);
        /* a directory's entry outside a sparse index: git reads it as a
         * file and makes names of what is under it, and its tree entry is
         * the subtree's own (an index not HEAD's would make HEAD's tree) */
        for (int k = 0; k < 2; k++) {
                b_start(&b, 2, GIT_HASH_SHA1);
                b_entry(&b, "a.c", 0100644, 1, 0, 0);
                b_entry(&b, k ? "lib/" : "lib", 040000, 2, 0, 0);
                b_entry(&b, "z.c", 0100644, 3, 0, 0);
                n = b_end(&b);
                assert_int_equal(read_index(b.buf, n, &t), -EBADMSG);
                assert_int_equal(git_index_entries_trusted(b.buf, n, GIT_HASH_SHA1, see, &t), -EBADMSG);
        }
        build(&b, 4, GIT_HASH_SHA256);
        n = b_end(&b);
        for (size_t k = 0; k < n - 32; k++) { /* cut anywhere: refused, not read past */
                memset(&t, 0, sizeof t);
                int r = git_index_entries_trusted(b.buf, k, GIT_HASH_SHA256, see, &t);
                assert_true(r == -EBADMSG || r == -EPROTONOSUPPORT);
        }
}

/* The cursor reads what the walk reads, entry for entry, in every format,
 * and refuses what it refuses: here each name held across the next call
 * is compared after it (a v4 name is made in a buffer the cursor reuses). */
static int read_cursor(const uint8_t *buf, size_t n, GitHashAlgo algo, Seen *s) {
        _cleanup_(git_index_cursor_freep) GitIndexCursor *c = NULL;
        GitIndexEntry e, before;
        char held[4096] = "";
        int r = git_index_cursor_new(buf, n, algo, &c);
        memset(s, 0, sizeof *s);
        if (r < 0)
                return r;
        while ((r = git_index_cursor_next(c, &e)) > 0) {
                if (held[0])
                        assert_string_equal(before.path, held);
                see(s, &e);
                before = e;
                snprintf(held, sizeof held, "%s", e.path);
        }
        return r;
}

static void test_cursor(void **state) {
        (void) state;
        static B b;
        Seen s, t;
        for (uint32_t v = 2; v <= 4; v++)
                for (int a = 0; a < 2; a++) {
                        GitHashAlgo algo = a ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
                        build(&b, v, algo);
                        size_t n = b_end(&b);
                        assert_int_equal(
                                git_index_entries_trusted(b.buf, n, algo, see, memset(&s, 0, sizeof s)), 0);
                        assert_int_equal(read_cursor(b.buf, n, algo, &t), 0);
                        assert_string_equal(s.text, t.text);
                        assert_true(t.n > 0);
                        for (size_t k = 0; k < n - 1; k++) { /* cut anywhere: refused, as the walk refuses */
                                int rw = git_index_entries_trusted(b.buf, k, algo, see,
                                                                   memset(&s, 0, sizeof s));
                                assert_int_equal(read_cursor(b.buf, k, algo, &t), rw);
                        }
                }
        /* out of order, and a name git would not add */
        b_start(&b, 4, GIT_HASH_SHA1);
        b_entry(&b, "src/a.c", 0100644, 1, 0, 0);
        b_entry(&b, ".env", 0100644, 2, 0, 0);
        assert_int_equal(read_cursor(b.buf, b_end(&b), GIT_HASH_SHA1, &t), -EBADMSG);
        b_start(&b, 2, GIT_HASH_SHA1);
        b_entry(&b, "a/../.env", 0100644, 1, 0, 0);
        assert_int_equal(read_cursor(b.buf, b_end(&b), GIT_HASH_SHA1, &t), -EBADMSG);
        /* an extension no git may ignore: refused at the end */
        build(&b, 2, GIT_HASH_SHA1);
        b_ext(&b, "link", "0123456789abcdef0123", 20);
        assert_int_equal(read_cursor(b.buf, b_end(&b), GIT_HASH_SHA1, &t), -EOPNOTSUPP);
        assert_int_equal(read_cursor(b.buf, 8, GIT_HASH_SHA1, &t), -EBADMSG);
        assert_int_equal(read_cursor(b.buf, b.n, (GitHashAlgo) 7, &t), -EINVAL);
}

/* A split index takes no edit, but its cache tree goes; "link" stays. */
static void test_edit_split(void **state) {
        (void) state;
        static B b;
        build(&b, 2, GIT_HASH_SHA1);
        b_ext(&b, "link", "0123456789abcdef0123", 20);
        b_ext(&b, "TREE", "t", 1);
        size_t n = b_end(&b);
        uint8_t *out = (uint8_t *) 0x1;
        size_t out_n = 7;
        const GitIndexEdit one[] = {edit(".env", 0, 0)};
        assert_int_equal(git_index_edit(b.buf, n, one, 1, &out, &out_n), -EOPNOTSUPP);
        assert_ptr_equal(out, (uint8_t *) 0x1);
        assert_int_equal(git_index_edit(b.buf, n, NULL, 0, &out, &out_n), 1);
        same_to_fd(b.buf, n, NULL, 0, out, out_n);
        assert_int_equal(out_n, n - 9);
        assert_memory_equal(out, b.buf, n - 20 - 9 - 28); /* header, entries and link, as they were */
        assert_null(memmem(out, out_n, "TREE", 4));
        free(out);
}

/* ---- the oracle: git itself ---- */

static void oracle_one(const char *format, unsigned version) {
        Seen s;
        size_t n = 0;
        print_message("%s, index version %u\n", format, version);
        make_repo(format, version);

        /* What we read is what git lists. */
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
        assert_int_equal(buf[7], (char) version);
        assert_int_equal(read_index((uint8_t *) buf, n, &s), 0);
        assert_int_equal(sh("cd ours && git ls-files -s > ../ls-s"), 0);
        _cleanup_free_ char *ls = slurp("ls-s", NULL);
        assert_string_equal(s.text, ls);

        /* Ours against git update-index --skip-worktree. */
        uint8_t *out = NULL;
        size_t out_n = 0;
        assert_int_equal(git_index_skip_worktree((uint8_t *) buf, n, want_env, NULL, &out, &out_n), 1);
        spew("ours/.git/index", out, out_n);
        free(out);
        assert_int_equal(sh("cd theirs && git update-index --skip-worktree .env lib/deep/.env"), 0);
        for (int i = 0; i < 2; i++) {
                const char *cmd = i ? "git ls-files -v" : "git ls-files -s";
                assert_int_equal(sh("(cd ours && %s) > o && (cd theirs && %s) > t && cmp o t", cmd, cmd), 0);
        }
        assert_int_equal(sh("cd ours && git ls-files -v | grep -qx 'S .env'"), 0);
        /* git reads it, its checksum included, and fsck says it is clean */
        assert_int_equal(sh("cd ours && git fsck --no-progress --strict"), 0);
        /* The mask's view: .env unreadable, changed; git leaves it alone. */
        assert_int_equal(sh("for d in ours theirs; do (cd $d && : > .env && rm lib/deep/.env && "
                            "git status --porcelain > ../st-$d && echo more >> a.c && "
                            "git -c user.name=t -c user.email=t@t commit -qam two && "
                            "git show --stat --format= HEAD > ../show-$d); done && "
                            "cmp st-ours st-theirs && cmp show-ours show-theirs && ! grep -q env st-ours"),
                         0);
        assert_int_equal(
                sh("cd ours && git fsck --no-progress --strict && git diff --quiet HEAD~1 HEAD -- .env"), 0);
}

static void test_oracle_formats(void **state) {
        (void) state;
        every_format(oracle_one);
}

/* Our skip-worktree on ours/.git/index, written back; the extension kept
 * is still there. */
static void skip_ours(const char *kept) {
        size_t n = 0, out_n = 0;
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
        uint8_t *out = NULL;
        assert_int_equal(git_index_skip_worktree((uint8_t *) buf, n, want_env, NULL, &out, &out_n), 1);
        assert_non_null(memmem(out, out_n, kept, 4));
        spew("ours/.git/index", out, out_n);
        free(out);
}

/* An index git wrote with extensions: untracked cache, cache tree, end of
 * index entries. They survive, and git reads them. */
static void test_oracle_extensions(void **state) {
        (void) state;
        size_t n = 0;
        make_repo("sha1", 2);
        assert_int_equal(
                sh("cd ours && git config core.untrackedCache true && git update-index --untracked-cache && "
                   "git -c index.recordEndOfIndexEntries=true update-index --force-write-index && "
                   "git status -uall --porcelain >/dev/null && "
                   "git -c index.recordEndOfIndexEntries=true update-index --force-write-index"),
                0);
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
        assert_non_null(memmem(buf, n, "UNTR", 4));
        assert_non_null(memmem(buf, n, "EOIE", 4));
        skip_ours("UNTR");
        _cleanup_free_ char *after = slurp("ours/.git/index", &n);
        assert_null(memmem(after, n, "EOIE", 4));
        assert_int_equal(
                sh("cd ours && git ls-files -v | grep -qx 'S .env' && git fsck --no-progress --strict && "
                   "echo new > new.c && git status -uall --porcelain | grep -qx '?? new.c'"),
                0);
}

/* Our tree of an index's entries is git write-tree's, in every format:
 * names that sort around '/' (a-b, a.b, a/, a0), deep and sibling
 * directories, an executable, a symlink, a gitlink, a space, a newline and
 * a byte that is not UTF-8. */
typedef struct TreeFeed {
        GitTree *t;
        int r;
} TreeFeed;

static void tree_feed(void *ctx, const GitIndexEntry *e) {
        TreeFeed *f = ctx;
        if (f->r == 0)
                f->r = git_tree_add(f->t, e->path, e->mode, e->oid);
}

static void oracle_tree_one(const char *format, unsigned version) {
        size_t n = 0;
        print_message("tree: %s, index version %u\n", format, version);
        assert_int_equal(
                sh("rm -rf ours && git init -q --object-format=%s ours && cd ours && "
                   "mkdir -p a b/c/d/e b/c2 'sp ace' \"$(printf 'nl\\nx')\" \"$(printf 'u\\377')\" && "
                   "for f in a-b a.b a/x a/y a0 b/c/d/e/f b/c/g b/c2/h b/i 'sp ace/f' \"$(printf "
                   "'nl\\nx')/f\" "
                   "\"$(printf 'u\\377')/f\" z; do echo \"$f\" > \"$f\"; done && "
                   "chmod +x b/i && ln -s a-b link && git add -A && "
                   "git update-index --add --cacheinfo 160000,$(git hash-object -w a0),b/c/mod && "
                   "git update-index --index-version %u && git write-tree > ../their-tree",
                   format, version),
                0);
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n), *theirs = slurp("their-tree", NULL);
        GitHashAlgo algo = streq(format, "sha256") ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
        _cleanup_(git_tree_freep) GitTree *t = git_tree_new(algo);
        TreeFeed f = {.t = t};
        assert_int_equal(git_index_entries((uint8_t *) buf, n, tree_feed, &f), 0);
        assert_int_equal(f.r, 0);
        uint8_t id[32];
        char h[66];
        assert_int_equal(git_tree_finish(t, id), 0);
        hex(id, (size_t) algo, h);
        strcat(h, "\n");
        assert_string_equal(h, theirs);
}

static void test_oracle_tree(void **state) {
        (void) state;
        every_format(oracle_tree_one);
}

/* A split index and a sparse index are not ours to write: refused. */
static void test_oracle_refused(void **state) {
        (void) state;
        Seen s;
        size_t n = 0;
        make_repo("sha1", 2);
        assert_int_equal(sh("cd ours && git update-index --split-index"), 0);
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
        assert_int_equal(read_index((uint8_t *) buf, n, &s), -EOPNOTSUPP);

        make_repo("sha1", 2);
        assert_int_equal(sh("cd ours && git sparse-checkout set --cone --sparse-index lib"), 0);
        _cleanup_free_ char *sparse = slurp("ours/.git/index", &n);
        assert_non_null(memmem(sparse, n, "sdir", 4));
        assert_int_equal(read_index((uint8_t *) sparse, n, &s), -EOPNOTSUPP);
}

/* A sparse index (cone mode, lib/ outside it: a directory's entry):
 * ours against git update-index --skip-worktree, in every format, and
 * git commit -a works after it, as after git's. In a sparse checkout git
 * clears the bit from a file that is present at its next read of the index
 * (ours or git's alike), unless sparse.expectFilesOutsideOfPatterns is
 * true: the watcher says so (skip-worktree-cleared) rather than set it. */
static void oracle_sparse_one(const char *format, unsigned version) {
        size_t n = 0;
        print_message("sparse index: %s, index version %u\n", format, version);
        make_repo(format, version);
        assert_int_equal(
                sh("for d in ours theirs; do (cd $d && git -c user.name=t -c user.email=t@t commit -qm "
                   "two && git sparse-checkout set --cone --sparse-index && "
                   "git ls-files -s --sparse | grep -q '^040000 .*lib/$') || exit 1; done"),
                0);
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
        assert_non_null(memmem(buf, n, "sdir", 4));
        skip_ours("sdir");
        assert_int_equal(
                sh("cd theirs && git update-index --skip-worktree .env && git ls-files -v .env > ../v && "
                   "grep -qx 'H .env' ../v && git update-index --skip-worktree .env"),
                0);
        assert_int_equal(
                sh("for d in ours theirs; do (cd $d && git config sparse.expectFilesOutsideOfPatterns true "
                   "&& "
                   "git ls-files -s -v --sparse > ../ls-$d && "
                   "printf 'OTHER=1\\n' > .env && echo more >> a.c && git status --porcelain > ../st-$d && "
                   "git -c user.name=t -c user.email=t@t commit -qam three && "
                   "git show --stat --format= HEAD > ../show-$d); done && "
                   "cmp ls-ours ls-theirs && grep -q '^S 100644 .* 0.\\.env$' ls-ours && grep -q '^S 040000 "
                   ".*lib/$' ls-ours && "
                   "cmp st-ours st-theirs && cmp show-ours show-theirs && ! grep -q env show-ours && "
                   "cd ours && git fsck --no-progress --strict && git diff --quiet HEAD~1 HEAD -- .env"),
                0);
}

static void test_oracle_sparse(void **state) {
        (void) state;
        every_format(oracle_sparse_one);
}

/* A split or a sparse index: its cache tree dropped, git reads it as
 * before. */
static void test_oracle_passthrough(void **state) {
        (void) state;
        static const char *const make[] = {
                "git -c core.splitIndex=true update-index --split-index && echo z > z.c && git add z.c",
                "git sparse-checkout set --cone --sparse-index lib && git write-tree >/dev/null",
        };
        for (size_t i = 0; i < ELEMENTSOF(make); i++) {
                size_t n = 0;
                make_repo("sha1", 2);
                assert_int_equal(
                        sh("cd ours && %s && git write-tree > ../before && git ls-files -s > ../ls-before",
                           make[i]),
                        0);
                _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
                assert_non_null(memmem(buf, n, "TREE", 4));
                uint8_t *out = NULL;
                size_t out_n = 0;
                assert_int_equal(git_index_edit((uint8_t *) buf, n, NULL, 0, &out, &out_n), 1);
                assert_null(memmem(out, out_n, "TREE", 4));
                spew("ours/.git/index", out, out_n);
                free(out);
                assert_int_equal(
                        sh("cd ours && git ls-files -s > ../ls-after && cmp ../ls-before ../ls-after && "
                           "[ \"$(git write-tree)\" = \"$(cat ../before)\" ] && git fsck --no-progress "
                           "--strict"),
                        0);
        }
}

static void unhex(const char *h, uint8_t *out, size_t n) {
        for (size_t i = 0; i < n; i++)
                assert_int_equal(sscanf(h + 2 * i, "%2hhx", &out[i]), 1);
}

/* Ours against git update-index --index-info: a change, a new entry, one
 * gone, in every format. */
static void oracle_edit(const char *format, unsigned version) {
        size_t n = 0, hashsz = streq(format, "sha1") ? 20 : 32;
        print_message("edit: %s, index version %u\n", format, version);
        make_repo(format, version);
        assert_int_equal(sh("for d in ours theirs; do (cd $d && echo new | git hash-object -w --stdin) > "
                            "oid-$d; done && cmp oid-ours oid-theirs"),
                         0);
        _cleanup_free_ char *oid = slurp("oid-ours", NULL);
        oid[strcspn(oid, "\n")] = 0;
        GitIndexEdit edits[] = {{.path = ".env", .mode = 0100755},
                                {.path = "lib/b.c"},
                                {.path = "lib/new dir/x\ny", .mode = 0100644}};
        unhex(oid, edits[0].oid, hashsz);
        unhex(oid, edits[2].oid, hashsz);
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
        uint8_t *out = NULL;
        size_t out_n = 0;
        assert_int_equal(git_index_edit((uint8_t *) buf, n, edits, ELEMENTSOF(edits), &out, &out_n), 1);
        spew("ours/.git/index", out, out_n);
        free(out);
        assert_int_equal(sh("cd theirs && printf '%%s\\0' \"100755 %s\t.env\" \"0 %0*d\tlib/b.c\" "
                            "\"100644 %s\tlib/new dir/x\ny\" | git update-index -z --index-info",
                            oid, (int) hashsz * 2, 0, oid),
                         0);
        assert_int_equal(
                sh("(cd ours && git ls-files -s -z) > o && (cd theirs && git ls-files -s -z) > t && "
                   "cmp o t && (cd ours && git status --porcelain -z) > o && "
                   "(cd theirs && git status --porcelain -z) > t && cmp o t && "
                   "cd ours && git fsck --no-progress --strict && "
                   "[ \"$(git write-tree)\" = \"$(cd ../theirs && git write-tree)\" ]"),
                0);
}

static void test_oracle_edit(void **state) {
        (void) state;
        every_format(oracle_edit);
}

/* A cache tree that names other trees than the entries: git write-tree
 * (and git commit) takes it over them. Dropped, the tree is the
 * entries'. */
static void test_oracle_forged_tree(void **state) {
        (void) state;
        size_t clean_n = 0, dirty_n = 0;
        make_repo("sha1", 2);
        assert_int_equal(
                sh("cd ours && git reset -q && git write-tree > ../head-tree && cp .git/index ../clean && "
                   "echo smuggled > lib/id_rsa && git add lib/id_rsa && git write-tree > ../real-tree"),
                0);
        _cleanup_free_ char *clean = slurp("clean", &clean_n), *dirty = slurp("ours/.git/index", &dirty_n);
        uint8_t *tree = memmem(clean, clean_n, "TREE", 4);
        assert_non_null(tree);
        size_t tree_n = clean_n - 20 - (size_t) (tree - (uint8_t *) clean);
        /* the dirty index's entries, the clean one's cache tree */
        uint8_t *bare = NULL;
        size_t bare_n = 0;
        assert_int_equal(git_index_edit((uint8_t *) dirty, dirty_n, NULL, 0, &bare, &bare_n), 1);
        _cleanup_free_ uint8_t *forged = malloc(bare_n + tree_n);
        memcpy(forged, bare, bare_n - 20);
        memcpy(forged + bare_n - 20, tree, tree_n);
        digest(GIT_HASH_SHA1, forged, bare_n - 20 + tree_n, forged + bare_n - 20 + tree_n);
        spew("ours/.git/index", forged, bare_n + tree_n);
        assert_int_equal(sh("cd ours && git ls-files | grep -qx lib/id_rsa && "
                            "[ \"$(git write-tree)\" = \"$(cat ../head-tree)\" ]"),
                         0); /* git is fooled */
        uint8_t *out = NULL;
        size_t out_n = 0;
        assert_int_equal(git_index_edit(forged, bare_n + tree_n, NULL, 0, &out, &out_n), 1);
        assert_memory_equal(out, bare, bare_n);
        spew("ours/.git/index", out, out_n);
        assert_int_equal(sh("cd ours && [ \"$(git write-tree)\" = \"$(cat ../real-tree)\" ] && "
                            "git fsck --no-progress --strict"),
                         0);
        free(out);
        free(bare);
}

static int oracle(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_oracle_formats), cmocka_unit_test(test_oracle_extensions),
                cmocka_unit_test(test_oracle_refused), cmocka_unit_test(test_oracle_passthrough),
                cmocka_unit_test(test_oracle_edit),    cmocka_unit_test(test_oracle_forged_tree),
                cmocka_unit_test(test_oracle_tree),    cmocka_unit_test(test_oracle_sparse),
        };
        return oracle_run("git-index oracle", tests, ELEMENTSOF(tests));
}

int main(int argc, char **argv) {
        if (argc > 1 && streq(argv[1], "oracle"))
                return oracle();
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_blob_oid),
                cmocka_unit_test(test_tree),
                cmocka_unit_test(test_read_versions),
                cmocka_unit_test(test_long_name),
                cmocka_unit_test(test_refused),
                cmocka_unit_test(test_skip_worktree),
                cmocka_unit_test(test_skip_hash),
                cmocka_unit_test(test_edit),
                cmocka_unit_test(test_edit_v4_names),
                cmocka_unit_test(test_edit_split),
                cmocka_unit_test(test_edit_large),
                cmocka_unit_test(test_trusted),
                cmocka_unit_test(test_skip_worktree_extended),
                cmocka_unit_test(test_skip_worktree_sparse),
                cmocka_unit_test(test_cursor),
        };
        return RUN(tests);
}
