/* SPDX-License-Identifier: MIT */
/* The shell lexer (daemon/core/shell-lex.c) through its API: how a line
 * splits into tokens, what a word holds after quote removal, what it keeps
 * for the rule to judge. What a word names is test-command.c's. */
#include <errno.h>
#include <string.h>

#include "shell-lex.h"
#include "tests.h"
#include "util.h"

static ShellLexed lex(const char *s) {
        ShellLexed l = {.n = 99};
        assert_int_equal(shell_lex(s, strlen(s), &l), 0);
        return l;
}

/* The word's bytes, when it holds nothing but bytes. */
static const char *text(const ShellWord *w, char buf[256]) {
        assert_true(w->n < 256);
        for (size_t i = 0; i < w->n; i++) {
                assert_int_equal(w->v[i].kind, SHELL_LIT);
                buf[i] = (char) w->v[i].c;
        }
        buf[w->n] = 0;
        return buf;
}

static void test_tokens(void **state) {
        (void) state;
        char buf[256];
        ShellLexed l = lex("ls -l 'a b' 2>&1 | head\n");
        assert_int_equal(l.n, 8);
        assert_int_equal(l.v[0].kind, SHELL_TOKEN_WORD);
        assert_string_equal(text(&l.v[0].w, buf), "ls");
        assert_string_equal(text(&l.v[1].w, buf), "-l");
        assert_string_equal(text(&l.v[2].w, buf), "a b");
        assert_true(l.v[2].w.quoted);
        assert_false(l.v[1].w.quoted);
        assert_int_equal(l.v[3].kind, SHELL_TOKEN_REDIR);
        assert_string_equal(l.v[3].op, ">&");
        assert_int_equal(l.v[3].fd, 2);
        assert_string_equal(text(&l.v[4].w, buf), "1");
        assert_int_equal(l.v[5].kind, SHELL_TOKEN_OP);
        assert_string_equal(l.v[5].op, "|");
        assert_string_equal(text(&l.v[6].w, buf), "head");
        assert_int_equal(l.v[7].kind, SHELL_TOKEN_NEWLINE);
        shell_lexed_done(&l);
}

static void test_words(void **state) {
        (void) state;
        char buf[256];
        /* $'...' decoded, a backslash escapes, "..." keeps its bytes */
        ShellLexed l = lex("$'\\x2e\\145nv' \\.env \".e\"nv");
        assert_int_equal(l.n, 3);
        for (size_t i = 0; i < 3; i++)
                assert_string_equal(text(&l.v[i].w, buf), ".env");
        shell_lexed_done(&l);
        /* globs, a class, braces, an expansion: each its own kind */
        l = lex(".e*[nN]? {a,b} $HOME");
        assert_int_equal(l.n, 3);
        const ShellWord *w = &l.v[0].w;
        assert_int_equal(w->n, 5);
        assert_int_equal(w->v[2].kind, SHELL_STAR);
        assert_int_equal(w->v[3].kind, SHELL_CLASS);
        assert_int_equal(w->v[4].kind, SHELL_QMARK);
        assert_int_equal(w->n_sets, 1);
        assert_int_equal(l.v[1].w.v[0].kind, SHELL_BOPEN);
        assert_int_equal(l.v[1].w.v[2].kind, SHELL_BCOMMA);
        assert_int_equal(l.v[1].w.v[4].kind, SHELL_BCLOSE);
        assert_true(l.v[2].w.expansion);
        assert_string_equal(l.v[2].w.param, "HOME");
        shell_lexed_done(&l);
}

/* What substitutions, ${...}, extglobs and comments hold is kept, as
 * written, not lexed. */
static void test_nested(void **state) {
        (void) state;
        ShellLexed l = lex("echo $(cat .env) ${X:-a} `b` @(c) # d");
        assert_int_equal(l.n_nested, 5);
        assert_string_equal(l.nested[0], "cat .env");
        assert_string_equal(l.nested[1], "a");
        assert_string_equal(l.nested[2], "b");
        assert_string_equal(l.nested[3], "c");
        assert_string_equal(l.nested[4], " d");
        assert_true(l.v[1].w.substitution);
        assert_true(l.v[2].w.expansion);
        shell_lexed_done(&l);
}

/* What it cannot read: -EINVAL, and *ret untouched. */
static void test_refused(void **state) {
        (void) state;
        static const char *const bad[] = {"echo 'a",  "echo \"a", "echo $(a",
                                          "echo ${a", "echo `a",  "cat <(a"};
        for (size_t i = 0; i < ELEMENTSOF(bad); i++) {
                ShellLexed l = {.n = 99};
                assert_int_equal(shell_lex(bad[i], strlen(bad[i]), &l), -EINVAL);
                assert_int_equal(l.n, 99);
        }
}

static void test_join_lines(void **state) {
        (void) state;
        size_t n;
        char *s = shell_join_lines("a\\\nb \"c\\\nd\" 'e\\\nf'", 18, &n);
        assert_non_null(s);
        assert_string_equal(s, "ab \"cd\" 'e\\\nf'");
        assert_int_equal(n, strlen(s));
        free(s);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_tokens),     cmocka_unit_test(test_words),
                cmocka_unit_test(test_nested),     cmocka_unit_test(test_refused),
                cmocka_unit_test(test_join_lines),
        };
        return RUN(tests);
}
