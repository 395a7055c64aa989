/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include "entry.h"
#include "util.h"

#define assert_refused(entry, list, err) assert_int_equal(entry_validate(entry, list), err)
#define assert_valid(entry, list) assert_int_equal(entry_validate(entry, list), ENTRY_OK)

static void test_valid_entries(void **state) {
        (void) state;
        /* clang-format off */
        static const char *const ok[] = {
                ".env", "a/b", "a/b/", "config/secrets.yml", "dir with spaces/file name", "é/ü.txt",
                ".git-credentials", "x/.gitignore", "a.git/x", "..a", "a..", ".../x", "a/.b/c/",
        };
        /* clang-format on */
        for (size_t i = 0; i < ELEMENTSOF(ok); i++)
                for (EntryList l = 0; l < _ENTRY_LIST_MAX; l++) {
                        print_message("%s as %s\n", ok[i], entry_list_to_string(l));
                        assert_valid(ok[i], l);
                }
}

static void test_each_rule(void **state) {
        (void) state;
        /* clang-format off */
        static const struct {
                const char *entry;
                EntryError err;
        } refused[] = {
                {"", ENTRY_EMPTY},
                {"/", ENTRY_ROOT},
                {".", ENTRY_ROOT},
                {"./", ENTRY_ROOT},
                {"/etc/passwd", ENTRY_ABSOLUTE},
                {"//x", ENTRY_ABSOLUTE},
                {" .env", ENTRY_WHITESPACE},
                {".env ", ENTRY_WHITESPACE},
                {"\t.env", ENTRY_WHITESPACE},
                {".env\n", ENTRY_WHITESPACE},
                {"a/b\r", ENTRY_WHITESPACE},
                {"a\tb", ENTRY_CONTROL},
                {"a\nb", ENTRY_CONTROL},
                {"a\x01" "b", ENTRY_CONTROL},
                {"a\x1f", ENTRY_CONTROL},
                {"a\x7f" "b", ENTRY_CONTROL},
                {"a\xc2\x80" "b", ENTRY_CONTROL}, /* U+0080, C1 */
                {"a\xc2\x85", ENTRY_CONTROL},      /* U+0085, NEL */
                {"\xc2\x9f" "a", ENTRY_CONTROL},   /* U+009F */
                {"a\xe2\x80\xae" "vne.", ENTRY_BIDI}, /* U+202E, reads as ".env" */
                {"a\xe2\x80\xaa", ENTRY_BIDI},        /* U+202A */
                {"a\xe2\x81\xa6" "b", ENTRY_BIDI},    /* U+2066 */
                {"a\xe2\x81\xa9" "b", ENTRY_BIDI},    /* U+2069 */
                {"./a", ENTRY_DOT_COMPONENT},
                {"a/./b", ENTRY_DOT_COMPONENT},
                {"a/.", ENTRY_DOT_COMPONENT},
                {"a/./", ENTRY_DOT_COMPONENT},
                {"../a", ENTRY_DOT_COMPONENT},
                {"a/../b", ENTRY_DOT_COMPONENT},
                {"a/..", ENTRY_DOT_COMPONENT},
                {"..", ENTRY_DOT_COMPONENT},
                {"a//b", ENTRY_EMPTY_COMPONENT},
                {"a//", ENTRY_EMPTY_COMPONENT},
                {"a/b//", ENTRY_EMPTY_COMPONENT},
                {"a:b", ENTRY_SEPARATOR},
                {"a,b", ENTRY_SEPARATOR},
                {"c:/x", ENTRY_SEPARATOR},
        };
        /* clang-format on */
        for (size_t i = 0; i < ELEMENTSOF(refused); i++)
                for (EntryList l = 0; l < _ENTRY_LIST_MAX; l++) {
                        print_message("'%s' as %s\n", refused[i].entry, entry_list_to_string(l));
                        assert_refused(refused[i].entry, l, refused[i].err);
                }
}

/* n times: 99 copies of ch (of chlen bytes) and a '/'; 100 characters each. */
static size_t runs(char *buf, int n, const char *ch, size_t chlen) {
        size_t k = 0;
        for (int r = 0; r < n; r++) {
                for (int i = 0; i < 99; i++, k += chlen)
                        memcpy(buf + k, ch, chlen);
                buf[k++] = '/';
        }
        buf[k] = 0;
        return k;
}

static void test_length(void **state) {
        (void) state;
        char buf[4 * 600];

        /* Exactly 500 ASCII characters (components of 99, each with its
         * '/', the last one the directory's): valid; 501: refused. */
        size_t k = runs(buf, 5, "a", 1);
        assert_valid(buf, ENTRY_MASK);
        strcpy(buf + k, "a");
        assert_refused(buf, ENTRY_MASK, ENTRY_TOO_LONG);

        /* The cap counts characters, not bytes: 500 characters of which
         * 495 take two bytes pass, 501 do not. */
        k = runs(buf, 5, "\xc3\xa9", 2);
        assert_valid(buf, ENTRY_PROTECT);
        strcpy(buf + k, "\xc3\xa9");
        assert_refused(buf, ENTRY_PROTECT, ENTRY_TOO_LONG);

        /* A trailing '/' is a character of the entry too: 499 and the '/'
         * pass, 500 and the '/' do not. */
        k = runs(buf, 5, "a", 1);
        buf[k - 1] = 0;
        strcat(buf, "/");
        assert_valid(buf, ENTRY_MASK);
        buf[k - 1] = 'a';
        strcpy(buf + k, "/");
        assert_refused(buf, ENTRY_MASK, ENTRY_TOO_LONG);
}

/* Neighbours of the refused ranges stay valid. */
static void test_unicode_neighbours(void **state) {
        (void) state;
        /* clang-format off */
        static const char *const ok[] = {
                "a\xc2\xa0" "b",     /* U+00A0, no control */
                "caf\xc3\xa9",       /* U+00E9 */
                "a\xe2\x80\xa9" "b", /* U+2029, before U+202A */
                "a\xe2\x80\xaf" "b", /* U+202F, after U+202E */
                "a\xe2\x81\xa5" "b", /* U+2065 */
                "a\xe2\x81\xaa" "b", /* U+206A */
        };
        /* clang-format on */
        for (size_t i = 0; i < ELEMENTSOF(ok); i++)
                assert_valid(ok[i], ENTRY_MASK);
}

/* A component of 255 bytes exists on Linux and APFS; 256 cannot. */
static void test_component_length(void **state) {
        (void) state;
        char buf[600];
        memset(buf, 'a', 255);
        strcpy(buf + 255, "/x");
        assert_valid(buf, ENTRY_MASK);
        memset(buf, 'a', 256);
        strcpy(buf + 256, "/");
        assert_refused(buf, ENTRY_MASK, ENTRY_COMPONENT_TOO_LONG);
        /* bytes, not characters: 128 two-byte characters are 256 bytes */
        for (int i = 0; i < 128; i++)
                memcpy(buf + 2 * i, "\xc3\xa9", 2);
        strcpy(buf + 256, "/b");
        assert_refused(buf, ENTRY_PROTECT, ENTRY_COMPONENT_TOO_LONG);
}

static void test_mask_under_git(void **state) {
        (void) state;
        static const char *const git[] = {".git",    ".git/",  ".git/x", ".git/hooks/", "a/.git/x",
                                          "a/.git/", "a/.git", ".GIT/x", ".Git/",       "a/.gIt"};

        for (size_t i = 0; i < ELEMENTSOF(git); i++) {
                print_message("%s\n", git[i]);
                assert_refused(git[i], ENTRY_MASK, ENTRY_MASK_UNDER_GIT);
                /* Protecting (and unmasking) .git entries is allowed. */
                assert_valid(git[i], ENTRY_PROTECT);
                assert_valid(git[i], ENTRY_UNMASK);
        }
        /* Only a whole ".git" component counts. */
        assert_valid(".gitignore", ENTRY_MASK);
        assert_valid("a.git/x", ENTRY_MASK);
        assert_valid(".git-credentials", ENTRY_MASK);
        assert_valid("x/.github/", ENTRY_MASK);
        assert_valid(".GITignore", ENTRY_MASK);
}

static void test_every_reason_named(void **state) {
        (void) state;
        for (EntryError e = 0; e < _ENTRY_ERROR_MAX; e++)
                assert_non_null(entry_error_to_string(e));
        assert_null(entry_error_to_string(_ENTRY_ERROR_MAX));
        assert_string_equal(entry_error_to_string(ENTRY_ABSOLUTE), "absolute path");
}

static void test_is_dir_same_path(void **state) {
        (void) state;
        assert_true(entry_is_dir("a/"));
        assert_false(entry_is_dir("a"));
        assert_false(entry_is_dir(""));
        assert_true(entry_same_path(".claude", ".claude/"));
        assert_true(entry_same_path("a/b/", "a/b/"));
        assert_false(entry_same_path("a/b", "a/bc"));
        assert_false(entry_same_path("a", "b/"));
}

static void test_match_anchored(void **state) {
        (void) state;
        /* A file entry: exactly that path. */
        assert_true(entry_match_anchored(".env", ".env"));
        assert_false(entry_match_anchored(".env", "vendor/.env"));
        assert_false(entry_match_anchored(".env", ".env.local"));
        assert_false(entry_match_anchored(".env", ".env/x"));
        assert_false(entry_match_anchored("a/b", "a"));
        assert_true(entry_match_anchored("a/b", "a/b"));
        /* A directory entry: the directory and all below it. */
        assert_true(entry_match_anchored(".git/hooks/", ".git/hooks"));
        assert_true(entry_match_anchored(".git/hooks/", ".git/hooks/"));
        assert_true(entry_match_anchored(".git/hooks/", ".git/hooks/pre-commit"));
        assert_true(entry_match_anchored("a/", "a/b/c/d"));
        assert_false(entry_match_anchored("a/", "ab"));
        assert_false(entry_match_anchored("a/", "ab/c"));
        assert_false(entry_match_anchored("a/b/", "x/a/b/c"));
        assert_false(entry_match_anchored("a/b/", "a"));
}

static void test_match_any_depth(void **state) {
        (void) state;
        assert_true(entry_match_any_depth(".env", ".env"));
        assert_true(entry_match_any_depth(".env", "vendor/lib/.env"));
        assert_false(entry_match_any_depth(".env", "x.env"));
        assert_false(entry_match_any_depth(".env", "vendor/x.env"));
        assert_false(entry_match_any_depth(".env", ".env.local"));
        assert_false(entry_match_any_depth(".env", "a/.env.local"));
        assert_false(entry_match_any_depth(".env", ".env/x"));
        /* A multi-component file entry: a whole-component run at the end. */
        assert_true(entry_match_any_depth(".git/config", "sub/.git/config"));
        assert_false(entry_match_any_depth(".git/config", "sub/x.git/config"));
        assert_false(entry_match_any_depth(".git/config", "sub/.git/config.lock"));
        /* A directory entry: the run anywhere, anything after it. */
        assert_true(entry_match_any_depth("a/b/", "x/a/b/c"));
        assert_true(entry_match_any_depth("a/b/", "a/b"));
        assert_true(entry_match_any_depth("a/b/", "x/y/a/b"));
        assert_true(entry_match_any_depth(".git/hooks/", "vendor/lib/.git/hooks/pre-commit"));
        assert_false(entry_match_any_depth("a/b/", "x/a/bc"));
        assert_false(entry_match_any_depth("a/b/", "xa/b/c"));
        assert_false(entry_match_any_depth("a/b/", "a/x/b"));
        /* A run that first fails to match and then matches later. */
        assert_true(entry_match_any_depth("a/b", "a/a/b"));
        assert_true(entry_match_any_depth("a/b/", "a/c/a/b/d"));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_valid_entries),
                cmocka_unit_test(test_each_rule),
                cmocka_unit_test(test_length),
                cmocka_unit_test(test_mask_under_git),
                cmocka_unit_test(test_unicode_neighbours),
                cmocka_unit_test(test_component_length),
                cmocka_unit_test(test_every_reason_named),
                cmocka_unit_test(test_is_dir_same_path),
                cmocka_unit_test(test_match_anchored),
                cmocka_unit_test(test_match_any_depth),
        };
        return RUN(tests);
}
