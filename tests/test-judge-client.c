/* SPDX-License-Identifier: MIT */
/* daemon/core/judge-client.c: the path Claude Code opens for the one a
 * tool call names, rule by rule, so a change of the client's shows here. */
#include "tests.h"

#include "judge-client.h"
#include "util.h"

static char *opened(const char *path, const char *cwd, const char *home) {
        char *s = NULL;
        assert_int_equal(judge_claude_code_path(path, cwd, home, &s), 0);
        return s;
}

static void check(const char *path, const char *want) {
        _cleanup_free_ char *s = opened(path, "/w/sub", "/home/u");
        if (!streq(s, want))
                fail_msg("\"%s\": \"%s\", wanted \"%s\"", path, s, want);
}

/* Every character String.prototype.trim removes, at each end, in UTF-8. */
static const char *const js_spaces[] = {
        "\t",     "\n",     "\v",     "\f",     "\r",     " ",      "\u00a0", "\u1680", "\u2000",
        "\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009",
        "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff",
};

static void test_trim(void **state) {
        (void) state;
        for (size_t i = 0; i < ELEMENTSOF(js_spaces); i++) {
                char p[64];
                snprintf(p, sizeof p, "%s/w/.env", js_spaces[i]);
                check(p, "/w/.env");
                snprintf(p, sizeof p, "/w/.env%s", js_spaces[i]);
                check(p, "/w/.env");
                snprintf(p, sizeof p, "%s%s.env%s%s", js_spaces[i], js_spaces[i], js_spaces[i],
                         js_spaces[i]);
                check(p, "/w/sub/.env");
                /* Inside, it is a name's. */
                snprintf(p, sizeof p, "/w/.e%snv", js_spaces[i]);
                char want[64];
                snprintf(want, sizeof want, "/w/.e%snv", js_spaces[i]);
                check(p, want);
        }
        /* Not in the set: left as they are (zero-width space, U+180E no
         * longer a space since Unicode 6.3, NEL, an invalid byte). */
        check("/w/.env\u200b", "/w/.env\u200b");
        check("/w/.env\u180e", "/w/.env\u180e");
        check("/w/.env\xc2\x85", "/w/.env\xc2\x85");
        check("/w/.env\xa0", "/w/.env\xa0");
        check("\xa0/w", "/w/sub/\xa0/w");
        check("\xc0\xa0/w", "/w/sub/\xc0\xa0/w"); /* an overlong U+0020 */
        check("/w\xc0\xa0", "/w\xc0\xa0");
        check("/w\xed\xa0\x80", "/w\xed\xa0\x80"); /* a surrogate */
        check("\xe3\x80/w", "/w/sub/\xe3\x80/w");  /* a cut U+3000: relative */
        /* Nothing left: the working directory. */
        check(" \u3000\n", "/w/sub");
}

static void test_home(void **state) {
        (void) state;
        check("~/.env", "/home/u/.env");
        check("~", "/home/u");
        check(" ~/.env\t", "/home/u/.env");
        check("~/", "/home/u");
        check("~/../ws/.env", "/home/ws/.env");
        check("~/x/", "/home/u/x/");
        /* ~user is no expansion: a relative name like any other. */
        check("~root/.env", "/w/sub/~root/.env");
        check("~~/.env", "/w/sub/~~/.env");
        check("/w/~/.env", "/w/~/.env");
        /* "~" is os.homedir() untouched; "~/" is path.join, normalized. */
        _cleanup_free_ char *a = opened("~", "/w", "/home//u/");
        assert_string_equal(a, "/home//u/");
        _cleanup_free_ char *b = opened("~/.env", "/w", "/home//u/");
        assert_string_equal(b, "/home/u/.env");
        /* No home: "~" stays, relative. */
        _cleanup_free_ char *c = opened("~/.env", "/w", NULL);
        assert_string_equal(c, "/w/~/.env");
        _cleanup_free_ char *d = opened("~/.env", "/w", "");
        assert_string_equal(d, "/w/~/.env");
}

static void test_normalize(void **state) {
        (void) state;
        check("/w/l/../.env", "/w/.env");
        check("/w/./a/./../.env", "/w/.env");
        check("//w///.env", "/w/.env");
        check("/../../.env", "/.env");
        check("/w/..", "/");
        check("/w/../", "/");
        check("/w/a/", "/w/a/"); /* path.normalize keeps a trailing '/' */
        check("/w/a/.", "/w/a");
        check("/w/...", "/w/...");
        check("/w/.. /.env", "/w/.. /.env");
        /* Relative: path.resolve from the working directory, no trailing
         * '/'. */
        check("../.env", "/w/.env");
        check("l/../../.env", "/w/.env");
        check("a/", "/w/sub/a");
        check(".", "/w/sub");
        check("../../../..", "/");
        _cleanup_free_ char *a = opened(".env", "/", NULL);
        assert_string_equal(a, "/.env");
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_trim),
                cmocka_unit_test(test_home),
                cmocka_unit_test(test_normalize),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
