/* SPDX-License-Identifier: MIT */
/* A word as bash makes it (daemon/core/shell-words.c): its defaults taken
 * and joined, its unquoted $IFS split; bash itself says what it runs
 * (test-command-programs.c's oracle rows), this the text each one makes. */
#include <stdlib.h>
#include <string.h>

#include "shell-lex.h"
#include "tests.h"
#include "util.h"

static void check(int (*f)(const char *, size_t, char **), const char *word, const char *want) {
        _cleanup_free_ char *got = NULL;
        assert_int_equal(f(word, strlen(word), &got), 0);
        if (!want) {
                assert_null(got);
                return;
        }
        assert_non_null(got);
        assert_string_equal(got, want);
}

static void test_defaults(void **state) {
        (void) state;
        check(shell_defaults_joined, "${x:-.e}${y:-nv}", ".env");
        check(shell_defaults_joined, "${x-.e}${y=n}${z:+v}", ".env");
        check(shell_defaults_joined, "\"${x:-.e}\"nv", "\".e\"nv");
        check(shell_defaults_joined, "${x:-secr}${y:-ets}/k", "secrets/k");
        check(shell_defaults_joined, "$a${x:-.env}$(b)`c`", ".env");
        check(shell_defaults_joined, "'${x:-a}'${y:-b}", "'${x:-a}'b"); /* quoted: as written */
        check(shell_defaults_joined, "${x#.}${y%v}${z:2}x", NULL);      /* no default: nothing */
        /* tenth pass (31j): a pattern substitution's REP, all of it when its
         * PAT takes the whole value (hole 17) */
        check(shell_defaults_joined, "${PWD/*/.e}${PWD/*/nv}", ".env");
        check(shell_defaults_joined, "${PWD//*/.e}${PWD/#*/n}${PWD/%*/v}", ".env");
        check(shell_defaults_joined, "${PWD/*/.e}${PWD:+nv}", ".env");
        check(shell_defaults_joined, "${x/\\//.e}nv", ".env");      /* an escaped '/' in PAT */
        check(shell_defaults_joined, "${x/'a/b'/.e}nv", ".env");    /* a quoted one */
        check(shell_defaults_joined, "${x/${y/a/b}/.e}nv", ".env"); /* a nested one */
        check(shell_defaults_joined, "${x#.}${z/a}x", NULL);        /* no REP: no default */
        /* one default alone: the program it may name (hole 14) */
        check(shell_default_alone, "${x:-eval}", "eval");
        check(shell_default_alone, "\"${x-env}\"", "\"env\"");
        check(shell_default_alone, "${x:-a}b", NULL);
        check(shell_default_alone, "$x", NULL);
        check(shell_defaults_joined, "${x:-.env}", NULL); /* one default: nested already */
        check(shell_defaults_joined, "plain", NULL);
        check(shell_defaults_joined, "${x:-a", NULL); /* unclosed: to the end, no default taken */
}

static void test_ifs(void **state) {
        (void) state;
        check(shell_ifs_split, "cat${IFS}.e?v", "cat .e?v");
        check(shell_ifs_split, "cat$IFS.e?v", "cat .e?v");
        check(shell_ifs_split, "cat${IFS:0:1}.env", "cat .env");
        check(shell_ifs_split, "\"a${IFS}b\"", NULL); /* quoted: one word */
        check(shell_ifs_split, "'$IFS'", NULL);
        check(shell_ifs_split, "$IFSX", NULL); /* another variable */
        check(shell_ifs_split, "a\\$IFS", NULL);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_defaults),
                cmocka_unit_test(test_ifs),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
