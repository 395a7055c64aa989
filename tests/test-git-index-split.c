/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git-index-fixture.h"
#include "git-index.h"
#include "tests.h"
#include "util.h"

/*
 * git's split index, read and written by daemon/core/git-index-split.c:
 * split indexes built here byte by byte (replacements, deletions, new
 * entries, and what git dies on), and, run as "test-git-index-split
 * oracle", by git itself (core.splitIndex): what git ls-files says of one
 * must be what we read of it, and one after our skip-worktree must read
 * to git as one after "git update-index --skip-worktree".
 */

/* An EWAH bitmap of bits in the first 64 (one marker, one literal word). */
static size_t ewah(uint8_t *out, uint64_t lit, uint32_t bit_size) {
        uint64_t w[2] = {(uint64_t) 1 << 33, lit};
        put32(out, bit_size);
        put32(out + 4, 2);
        for (int i = 0; i < 2; i++) {
                put32(out + 8 + 8 * i, (uint32_t) (w[i] >> 32));
                put32(out + 12 + 8 * i, (uint32_t) w[i]);
        }
        put32(out + 24, 0);
        return 28;
}

/* shared: .env a.c b.c; split: a.c replaced (oid 9), b.c deleted, c.c new. */
static size_t b_split(B *shared, B *b, uint32_t version, uint64_t del, uint64_t rep, const char *extra,
                      size_t extra_n) {
        b_start(shared, 2, GIT_HASH_SHA1);
        b_entry(shared, ".env", 0100644, 1, 0, 0);
        b_entry(shared, "a.c", 0100644, 2, 0, 0);
        b_entry(shared, "b.c", 0100644, 3, 0, 0);
        size_t shared_n = b_end(shared);
        b_start(b, version, GIT_HASH_SHA1);
        b_entry(b, "", 0100644, 9, 0, 0);
        b_entry(b, "c.c", 0100644, 4, 0, 0);
        uint8_t link[20 + 2 * 28 + 8];
        memcpy(link, shared->buf + shared_n - 20, 20);
        size_t k = 20 + ewah(link + 20, del, 3);
        k += ewah(link + k, rep, 2);
        memcpy(link + k, extra, extra_n);
        b_ext(b, "link", link, (uint32_t) (k + extra_n));
        return b_end(b);
}

static void test_split(void **state) {
        (void) state;
        static B shared, b;
        Seen s = {0};
        size_t n, shared_n;
        uint8_t *out = NULL;
        size_t out_n = 0;
        for (uint32_t v = 2; v <= 4; v += 2) {
                n = b_split(&shared, &b, v, 0x4, 0x2, "", 0);
                shared_n = shared.n;
                uint8_t oid[32];
                GitHashAlgo algo = 0;
                assert_int_equal(git_index_split_base(b.buf, n, oid, &algo), 1);
                assert_int_equal(algo, GIT_HASH_SHA1);
                assert_memory_equal(oid, shared.buf + shared_n - 20, 20);
                assert_int_equal(git_index_split_base(shared.buf, shared_n, oid, &algo), 0); /* not split */
                assert_int_equal(read_index(b.buf, n, &s), -EOPNOTSUPP);
                memset(&s, 0, sizeof s);
                assert_int_equal(git_index_split_entries(b.buf, n, shared.buf, shared_n, see, &s), 0);
                assert_string_equal(s.text, "100644 0101010101010101010101010101010101010101 0\t.env\n"
                                            "100644 0909090909090909090909090909090909090909 0\ta.c\n"
                                            "100644 0404040404040404040404040404040404040404 0\tc.c\n");
                /* .env becomes a replacement; a.c's (set in place) and c.c gain the bit too */
                assert_int_equal(git_index_split_skip_worktree(b.buf, n, shared.buf, shared_n, want_all,
                                                               NULL, &out, &out_n),
                                 1);
                assert_int_equal(out[7], v == 2 ? 3 : 4);
                memset(&s, 0, sizeof s);
                assert_int_equal(git_index_split_entries(out, out_n, shared.buf, shared_n, see, &s), 0);
                assert_string_equal(s.text, "S 100644 0101010101010101010101010101010101010101 0\t.env\n"
                                            "S 100644 0909090909090909090909090909090909090909 0\ta.c\n"
                                            "S 100644 0404040404040404040404040404040404040404 0\tc.c\n");
                assert_int_equal(out[11], 3); /* two replacements and c.c */
                free(out);
        }

        /* what git dies on, or a shared index that is not the one named */
        static const struct {
                uint32_t version;
                uint64_t del, rep;
                const char *extra;
                int r;
        } bad[] = {
                {2, 0x4, 0x6, "", -EBADMSG}, /* two bits, one nameless */
                {2, 0x2, 0x2, "", -EBADMSG}, /* deleted and replaced */
                {2, 0x4, 0x8, "", -EBADMSG}, /* past the shared index */
                {2, 0x4, 0x2, "garbage", -EBADMSG}, {2, 0, 0, "", -EBADMSG},
        };
        for (size_t i = 0; i < ELEMENTSOF(bad); i++) {
                n = b_split(&shared, &b, bad[i].version, bad[i].del, bad[i].rep, bad[i].extra,
                            strlen(bad[i].extra));
                memset(&s, 0, sizeof s);
                assert_int_equal(git_index_split_entries(b.buf, n, shared.buf, shared.n, see, &s), bad[i].r);
                out = (uint8_t *) 0x1;
                assert_int_equal(git_index_split_skip_worktree(b.buf, n, shared.buf, shared.n, want_all,
                                                               NULL, &out, &out_n),
                                 bad[i].r);
                assert_ptr_equal(out, (uint8_t *) 0x1);
        }
        n = b_split(&shared, &b, 2, 0x4, 0x2, "", 0);
        shared.buf[12 + 40] ^= 1; /* another shared index: its checksum is not the id */
        digest(GIT_HASH_SHA1, shared.buf, shared.n - 20, shared.buf + shared.n - 20);
        assert_int_equal(git_index_split_entries(b.buf, n, shared.buf, shared.n, see, &s), -EBADMSG);
        assert_int_equal(git_index_split_entries(shared.buf, shared.n, shared.buf, shared.n, see, &s),
                         -EINVAL);
}

/* A split index (core.splitIndex): what we read of it, merged with its
 * shared index, is what git lists; ours against git update-index
 * --skip-worktree, on a split index fresh from --split-index (every entry
 * in the shared index) and on one that has new, changed, deleted and
 * replaced entries of its own; it stays split, git commit -a works and git
 * writes it again as it likes. Versions 2 to 4. */
static void oracle_split_one(const char *format, unsigned version, const char *more) {
        size_t n = 0, shared_n = 0;
        print_message("split index: %s, index version %u%s\n", format, version, *more ? ", changed" : "");
        make_repo(format, version);
        assert_int_equal(sh("for d in ours theirs; do (cd $d && git config core.splitIndex true && "
                            "git update-index --split-index %s) || exit 1; done",
                            more),
                         0);
        _cleanup_free_ char *buf = slurp("ours/.git/index", &n);
        /* (version 3 is written as 2 where no entry of the split part is extended) */
        assert_true(buf[7] == (char) version || (version == 3 && buf[7] == 2));
        uint8_t oid[32];
        char name[128] = "ours/.git/sharedindex.";
        GitHashAlgo algo;
        assert_int_equal(git_index_split_base((uint8_t *) buf, n, oid, &algo), 1);
        hex(oid, (size_t) algo, name + strlen(name));
        _cleanup_free_ char *shared = slurp(name, &shared_n);
        Seen s = {0};
        assert_int_equal(git_index_split_entries((uint8_t *) buf, n, (uint8_t *) shared, shared_n, see, &s),
                         0);
        assert_int_equal(sh("cd ours && git ls-files -s > ../ls-s"), 0);
        _cleanup_free_ char *ls = slurp("ls-s", NULL);
        assert_string_equal(s.text, ls);
        /* another shared index (one byte of the id) is refused */
        buf[n - (size_t) algo - 1] ^= 1; /* (the checksum: now refused as a bad index) */
        assert_int_equal(git_index_split_entries((uint8_t *) buf, n, (uint8_t *) shared, shared_n, see, &s),
                         -EBADMSG);
        buf[n - (size_t) algo - 1] ^= 1;

        uint8_t *out = NULL;
        size_t out_n = 0;
        assert_int_equal(git_index_split_skip_worktree((uint8_t *) buf, n, (uint8_t *) shared, shared_n,
                                                       want_env, NULL, &out, &out_n),
                         1);
        spew("ours/.git/index", out, out_n);
        /* done already: nothing changes */
        uint8_t *again = (uint8_t *) 0x1;
        assert_int_equal(git_index_split_skip_worktree(out, out_n, (uint8_t *) shared, shared_n, want_env,
                                                       NULL, &again, &out_n),
                         0);
        assert_ptr_equal(again, (uint8_t *) 0x1);
        free(out);
        assert_int_equal(sh("cd theirs && git update-index --skip-worktree .env lib/deep/.env"), 0);
        assert_int_equal(
                sh("for d in ours theirs; do (cd $d && grep -q link .git/index && git ls-files -s -v > "
                   "../ls-$d && "
                   "git status --porcelain > ../st-$d && printf 'OTHER=1\\n' > .env && echo more >> a.c; "
                   "git -c user.name=t -c user.email=t@t commit -qam three && git ls-files -s -v > "
                   "../after-$d && "
                   "git show --stat --format= HEAD > ../show-$d); done && "
                   "cmp ls-ours ls-theirs && grep -q '^S 100644 .* 0.\\.env$' ls-ours && cmp st-ours "
                   "st-theirs && "
                   "cmp after-ours after-theirs && cmp show-ours show-theirs && cd ours && "
                   "git fsck --no-progress --strict && ! git show HEAD:.env | grep -q OTHER"),
                0);
}

static void test_oracle_split(void **state) {
        (void) state;
        static const char *const more[] = {
                "",
                /* a shared index with an extension (EOIE): git ignores it */
                "&& git -c index.recordEndOfIndexEntries=true update-index --split-index",
                /* deleted (run), replaced (stat data), new */
                "&& git rm -q --cached run && echo new > new.c && git add new.c && echo A2 > a.c && git add "
                "a.c",
                "&& echo new > new.c && git add new.c && git rm -q --cached run && printf 'KEY=2\\n' > .env "
                "&& "
                "git add .env && touch lib/b.c && { git update-index -q --refresh || :; } && git "
                "update-index --chmod=+x a.c",
        };
        for (unsigned v = 2; v <= 4; v++)
                for (size_t i = 0; i < ELEMENTSOF(more); i++) {
                        oracle_split_one("sha1", v, more[i]);
                        oracle_split_one("sha256", v, more[i]);
                }
}

int main(int argc, char **argv) {
        if (argc > 1 && streq(argv[1], "oracle")) {
                const struct CMUnitTest tests[] = {
                        cmocka_unit_test(test_oracle_split),
                };
                return oracle_run("git-index-split oracle", tests, ELEMENTSOF(tests));
        }
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_split),
        };
        return RUN(tests);
}
