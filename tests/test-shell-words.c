/* SPDX-License-Identifier: MIT */
/* A word as bash makes it (daemon/core/shell-words.c): its defaults taken
 * and joined, its unquoted $IFS split; bash itself says what it runs
 * (test-command-programs.c's oracle rows), this the text each one makes;
 * and the words a brace makes ({a,b}, sequences {a..e}), against bash's own
 * expansion of the same word. */
#include <stdio.h>
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

/* A word's bytes after quote removal, braces as their bytes, appended. */
static void word_text(const ShellWord *w, char *out, size_t size) {
        size_t k = strlen(out);
        for (size_t i = 0; i < w->n && k + 1 < size; i++) {
                uint8_t kind = w->v[i].kind;
                out[k++] = kind == SHELL_BOPEN    ? '{'
                           : kind == SHELL_BCLOSE ? '}'
                           : kind == SHELL_BCOMMA ? ','
                                                  : (char) w->v[i].c;
        }
        out[k] = 0;
}

/* shell_word_braces' words of word, joined by blanks, against what bash
 * prints for printf '%s ' WORD. */
static void check_braces(const char *word) {
        ShellLexed l = {0};
        assert_int_equal(shell_lex(word, strlen(word), &l), 0);
        assert_int_equal(l.n, 1);
        ShellWord *made = NULL;
        size_t m = 0;
        char got[1024] = "", want[1024] = "", *cmd = NULL;
        int r = shell_word_braces(&l.v[0].w, 64, &made, &m);
        assert_true(r >= 0);
        for (size_t i = 0; i < (r > 0 ? m : 1); i++) {
                word_text(r > 0 ? &made[i] : &l.v[0].w, got, sizeof got);
                strcat(got, " ");
        }
        for (size_t i = 0; r > 0 && i < m; i++)
                shell_word_done(&made[i]);
        free(made);
        shell_lexed_done(&l);
        assert_true(asprintf(&cmd, "printf '%%s ' %s", word) > 0);
        assert_int_equal(setenv("PATHPOLICY_TEST_WORD", cmd, 1), 0);
        FILE *f = popen("bash -c \"$PATHPOLICY_TEST_WORD\"", "r");
        assert_non_null(f);
        size_t n = fread(want, 1, sizeof want - 1, f);
        want[n] = 0;
        assert_int_equal(pclose(f), 0);
        free(cmd);
        if (strcmp(got, want) != 0)
                print_message("%s: bash makes [%s], the rule [%s]\n", word, want, got);
        assert_string_equal(got, want);
}

/* The names a glob of bracket expressions alone may match, as bash's
 * glob would if a file of each name were there: bash as the oracle is
 * test-command-oracle.sh's; these are the forms, and what is no such
 * glob. */
static void test_glob_names(void **state) {
        (void) state;
        static const struct {
                const char *word;
                int r;
                const char *names; /* joined by ' ', sorted */
        } rows[] = {
                {"g[i]t", 1, "git"},   {"x[0-2]", 1, "x0 x1 x2"}, {"[gh][i]t", 1, "git hit"},
                {"a[]b]", 1, "a] ab"}, {"x[-a]", 1, "x- xa"},     {"g[!x]t", 0, NULL},
                {"g[^x]t", 0, NULL},   {"x[[:alpha:]]", 0, NULL}, {"a*[b]", 0, NULL},
                {"a?[b]", 0, NULL},    {"plain", 0, NULL},        {"x[a-z][a-z]", -E2BIG, NULL},
        };
        for (size_t i = 0; i < ELEMENTSOF(rows); i++) {
                ShellLexed l = {0};
                assert_int_equal(shell_lex(rows[i].word, strlen(rows[i].word), &l), 0);
                assert_int_equal(l.n, 1);
                char **names = NULL;
                size_t n = 0;
                int r = shell_word_glob_names(&l.v[0].w, 16, &names, &n);
                if (r != rows[i].r)
                        fail_msg("%s: %d, not %d", rows[i].word, r, rows[i].r);
                if (r == 1) {
                        char joined[256] = "";
                        for (size_t a = 0; a < n; a++) {
                                for (size_t b = a + 1; b < n; b++)
                                        if (strcmp(names[b], names[a]) < 0) {
                                                char *t = names[a];
                                                names[a] = names[b];
                                                names[b] = t;
                                        }
                                strcat(joined, a ? " " : "");
                                strcat(joined, names[a]);
                        }
                        assert_string_equal(joined, rows[i].names);
                        for (size_t a = 0; a < n; a++)
                                free(names[a]);
                        free(names);
                }
                shell_lexed_done(&l);
        }
}

static void test_braces(void **state) {
        (void) state;
        static const char *const words[] = {
                "{a,b}",
                "x{1,2}y{,z}",
                "{git,log,-p}",
                "{{env,git},log}",
                "{,git}",
                /* thirteenth pass (31m): sequence expressions, letters and
                 * numbers, with a step, zero-padded, and those bash leaves */
                "{a..e}",
                "{01..10..3}",
                "{-1..2}",
                "{1..-01}",
                "{a..e..2}",
                "{1..10..-3}",
                "{e..a}",
                "{1..3..0}",
                "{+1..3}",
                "{007..9}",
                "{-05..3}",
                "{10..1..4}",
                "{Y..Z}",
                "{g..g}it",
                ".g{i..i}t",
                "{c..c}p",
                "{1..3}{a..b}",
                "{a,{1..3}}",
                "{g{i..i}t,log}",
                "{g..i..5}it",
                "{a..c..}",
                "{1..}",
                "{1..0x3}",
                "{a..1}",
                "{aa..c}",
                "{a..'c'}",
                "{\"a\"..c}",
                "{a\\..c}",
                "{\\\"a..c}",
                "{..}",
                "{1..2..3..4}",
                "{a..b}{",
                "{}{1..2}",
        };
        for (size_t i = 0; i < ELEMENTSOF(words); i++)
                check_braces(words[i]);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_defaults),
                cmocka_unit_test(test_ifs),
                cmocka_unit_test(test_braces),
                cmocka_unit_test(test_glob_names),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
