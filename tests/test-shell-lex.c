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
        /* globs, a bracket's '[', braces, an expansion: each its own kind;
         * what is in the bracket is bytes, for the glob to read */
        l = lex(".e*[nN]? {a,b} $HOME");
        assert_int_equal(l.n, 3);
        const ShellWord *w = &l.v[0].w;
        assert_int_equal(w->n, 8);
        assert_int_equal(w->v[2].kind, SHELL_STAR);
        assert_int_equal(w->v[3].kind, SHELL_CLASS);
        assert_int_equal(w->v[6].kind, SHELL_LIT);
        assert_int_equal(w->v[7].kind, SHELL_QMARK);
        assert_false(w->v[0].quoted);
        assert_int_equal(l.v[1].w.v[0].kind, SHELL_BOPEN);
        assert_int_equal(l.v[1].w.v[2].kind, SHELL_BCOMMA);
        assert_int_equal(l.v[1].w.v[4].kind, SHELL_BCLOSE);
        assert_true(l.v[2].w.expansion);
        assert_string_equal(l.v[2].w.param, "HOME");
        assert_false(l.v[2].w.v[0].quoted);
        shell_lexed_done(&l);
        /* an expansion in double quotes is marked so: it does not split */
        l = lex("--a=\"$x\"$y \"${z}$((1))$(echo)\"");
        assert_int_equal(l.n, 2);
        w = &l.v[0].w;
        assert_int_equal(w->n, 6);
        assert_true(w->v[4].kind == SHELL_EXPAND && w->v[4].quoted);
        assert_true(w->v[5].kind == SHELL_EXPAND && !w->v[5].quoted);
        for (size_t i = 0; i < 3; i++)
                assert_true(l.v[1].w.v[i].kind == SHELL_EXPAND && l.v[1].w.v[i].quoted);
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
        /* defaults joined, as bash makes the word when they are taken */
        l = lex("cat ${x:-.e}${y:-nv} \"${HOME:+a}\"$(b)'${c:-d}'${#}e");
        assert_int_equal(l.n_nested, 7); /* .e, nv, .env, a, b, ${#}'s nothing, the second word's */
        assert_string_equal(l.nested[2], ".env");
        assert_string_equal(l.nested[6], "\"a\"'${c:-d}'e");
        shell_lexed_done(&l);
        /* an array's elements as written nest nothing, a computed subscript
         * the expansions it holds (arithmetic, no command line); both plain
         * expansions of it but the computed one */
        l = lex("echo \"${a[@]}\" ${a[*]} ${a[12]} ${a[$(cat .env)]}");
        assert_int_equal(l.n_nested, 1);
        assert_string_equal(l.nested[0], ": \"$(cat .env)\"");
        for (size_t i = 1; i < 4; i++)
                assert_int_equal(l.v[i].w.v[0].c, 1);
        assert_int_equal(l.v[4].w.v[0].c, 0);
        shell_lexed_done(&l);
        /* $((...)): the expansions it holds, quotes no boundary; its value digits */
        l = lex("echo $((x*y)) $(( '$(cat .env)' + ${#a} )) ${b[i+1]:-c}");
        assert_int_equal(l.n_nested, 2);
        assert_string_equal(l.nested[0], ": \"$(cat .env)\" \"${#a}\"");
        assert_string_equal(l.nested[1], "c");
        assert_true(l.v[1].w.v[0].arith);
        shell_lexed_done(&l);
}

/* A '[' is a bracket's only with an unquoted ']' after it; a quoted byte
 * is marked so, braces stay braces inside a bracket (bash sees them
 * first). */
static void test_brackets(void **state) {
        (void) state;
        ShellLexed l = lex("[ .[,e]nv '['x] .[\\]] a[\"x]\"");
        assert_int_equal(l.n, 5);
        assert_int_equal(l.v[0].w.v[0].kind, SHELL_LIT); /* [ alone: the test command */
        const ShellWord *w = &l.v[1].w;
        assert_int_equal(w->v[1].kind, SHELL_CLASS);
        assert_int_equal(w->v[2].kind, SHELL_BCOMMA);
        assert_int_equal(l.v[2].w.v[0].kind, SHELL_LIT); /* quoted: a byte */
        assert_true(l.v[2].w.v[0].quoted);
        w = &l.v[3].w;
        assert_int_equal(w->v[1].kind, SHELL_CLASS);
        assert_true(w->v[2].quoted); /* \]: a byte in the bracket */
        assert_false(w->v[3].quoted);
        assert_int_equal(l.v[4].w.v[1].kind, SHELL_LIT); /* its ']' quoted: none closes */
        shell_lexed_done(&l);
}

/* A backquoted body, kept as bash reads it again: one level of \\, \`
 * and \$ gone (and \" in double quotes), any other backslash kept. */
static void test_backquotes(void **state) {
        (void) state;
        ShellLexed l =
                lex("echo `cat .e\\\\nv \\$x \\a \\\"` \"`b \\\"c\\\"`\" `echo \\`cat .e\\\\\\\\nv\\``");
        assert_int_equal(l.n_nested, 3);
        assert_string_equal(l.nested[0], "cat .e\\nv $x \\a \\\"");
        assert_string_equal(l.nested[1], "b \"c\"");
        assert_string_equal(l.nested[2], "echo `cat .e\\\\nv`");
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

/* Heredocs: a quoted delimiter's body as written, an unquoted one's
 * continuations joined (not a continued line's tabs, nor a continued line
 * as the delimiter), bodies in order after the line holding their <<; the
 * text joined again is the same, and its heredocs the same. */
static void test_join_heredocs(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
                size_t n_h;
                const char *delim[2], *body[2];
        } rows[] = {
                {"sh <<-'E'\n\tcat .e\\\n\tnv\nE\nx\\\ny",
                 "sh <<-'E'\n\tcat .e\\\n\tnv\nE\nxy",
                 1,
                 {"E"},
                 {"\tcat .e\\\n\tnv\n"}},
                {"sh <<-E\n\tcat .e\\\n\tnv\nE\n",
                 "sh <<-E\n\tcat .e\tnv\nE\n",
                 1,
                 {"E"},
                 {"\tcat .e\tnv\n"}},
                {"sh <<E\na\\\nE\nE\n", "sh <<E\naE\nE\n", 1, {"E"}, {"aE\n"}},
                {"sh <<E\na\\\\\nE\n", "sh <<E\na\\\\\nE\n", 1, {"E"}, {"a\\\\\n"}},
                {"cat <<A <<-\"B\" | sh\ndon't\nA\n\tx\\\nB\n",
                 "cat <<A <<-\"B\" | sh\ndon't\nA\n\tx\\\nB\n",
                 2,
                 {"A", "B"},
                 {"don't\n", "\tx\\\n"}},
                {"sh <\\\n<'E'\nx\\\nE\n", "sh <<'E'\nx\\\nE\n", 1, {"E"}, {"x\\\n"}},
                {"cat <<< x\\\ny\n", "cat <<< xy\n", 0, {NULL}, {NULL}},
                {"echo '<<E'\nx\\\ny", "echo '<<E'\nxy", 0, {NULL}, {NULL}},
                {"sh <<E", "sh <<E", 1, {"E"}, {""}},
                /* tenth pass (31j): a delimiter holding $(...), $((...)),
                 * ${...}, $[...] or `...` is one word as written, its
                 * blanks included; quotes go from all of it only with one
                 * outside them (bash 5.2; the bash oracle has these) */
                {"cat <<$(E)\n$(E)\nx\nE\n", "cat <<$(E)\n$(E)\nx\nE\n", 1, {"$(E)"}, {""}},
                {"cat <<$(a b)\nx\n$(a b)\ny\n", "cat <<$(a b)\nx\n$(a b)\ny\n", 1, {"$(a b)"}, {"x\n"}},
                {"cat <<a$((1+(2)))b\nx\na$((1+(2)))b\n",
                 "cat <<a$((1+(2)))b\nx\na$((1+(2)))b\n",
                 1,
                 {"a$((1+(2)))b"},
                 {"x\n"}},
                {"cat <<$(e 'E')\n$(e 'E')\n", "cat <<$(e 'E')\n$(e 'E')\n", 1, {"$(e 'E')"}, {""}},
                {"cat <<\"$(e \"E\")\"\n$(e E)\n", "cat <<\"$(e \"E\")\"\n$(e E)\n", 1, {"$(e E)"}, {""}},
                {"cat <<${x:-\"a b\"}\n${x:-\"a b\"}\n",
                 "cat <<${x:-\"a b\"}\n${x:-\"a b\"}\n",
                 1,
                 {"${x:-\"a b\"}"},
                 {""}},
                {"cat <<`a b`\n`a b`\n", "cat <<`a b`\n`a b`\n", 1, {"`a b`"}, {""}},
                {"cat <<$'a'$(b)\na$(b)\n", "cat <<$'a'$(b)\na$(b)\n", 1, {"a$(b)"}, {""}},
        };
        for (size_t i = 0; i < ELEMENTSOF(rows); i++) {
                size_t n, n2, n_h, n_h2;
                _cleanup_free_ ShellHeredoc *h = NULL, *h2 = NULL;
                _cleanup_free_ char *s = shell_join_heredocs(rows[i].in, strlen(rows[i].in), &n, &h, &n_h);
                assert_non_null(s);
                assert_string_equal(s, rows[i].out);
                assert_int_equal(n_h, rows[i].n_h);
                for (size_t k = 0; k < n_h; k++) {
                        _cleanup_free_ char *d = NULL;
                        bool quoted, dash;
                        assert_int_equal(shell_heredoc_delim(s, n, &h[k], &d, &quoted, &dash),
                                         strpbrk(rows[i].delim[k], "$`") != NULL);
                        assert_string_equal(d, rows[i].delim[k]);
                        assert_int_equal(h[k].end - h[k].body, strlen(rows[i].body[k]));
                        assert_memory_equal(s + h[k].body, rows[i].body[k], h[k].end - h[k].body);
                }
                _cleanup_free_ char *again = shell_join_heredocs(s, n, &n2, &h2, &n_h2);
                assert_string_equal(again, s);
                assert_int_equal(n_h2, n_h);
                for (size_t k = 0; k < n_h; k++)
                        assert_true(h2[k].body == h[k].body && h2[k].end == h[k].end);
        }
}

/* A heredoc's body is no command line: a quoted delimiter's is skipped, an
 * unquoted one's gives its substitutions as nested texts; a quoted
 * "$(cat <<'E' ...)" is the literal it prints, trailing newlines gone,
 * its place said (the rule's byte check skips it). */
/* Each token's place in the text: [from, to), a redirect's fd number in
 * it, a process substitution whole, a heredoc's body in no token. */
static void test_places(void **state) {
        (void) state;
        const char *s = "f() { cat \"$1\"; }\nf 'a b'  2>&1 <(ls x) <<E\nbody\nE\n";
        const char *want[] = {"f", "(",     ")",   "{", "cat",     "\"$1\"", ";", "}", "\n",
                              "f", "'a b'", "2>&", "1", "<(ls x)", "<<",     "E", "\n"};
        ShellLexed l = lex(s);
        assert_int_equal(l.n, ELEMENTSOF(want));
        for (size_t i = 0; i < l.n; i++) {
                assert_true(l.v[i].from < l.v[i].to && l.v[i].to <= strlen(s));
                assert_int_equal(l.v[i].to - l.v[i].from, strlen(want[i]));
                assert_memory_equal(s + l.v[i].from, want[i], strlen(want[i]));
        }
        shell_lexed_done(&l);
}

static void test_heredoc_bodies(void **state) {
        (void) state;
        char buf[256];
        ShellLexed l = lex("cat <<'E'\nx (y\nE\necho z");
        assert_int_equal(l.n, 6); /* cat << E \n echo z */
        assert_string_equal(text(&l.v[4].w, buf), "echo");
        assert_int_equal(l.n_nested, 0);
        shell_lexed_done(&l);
        l = lex("cat <<E\n$(date) don't `id`\nE\n");
        assert_int_equal(l.n, 4);
        assert_int_equal(l.n_nested, 2);
        assert_string_equal(l.nested[0], "date");
        assert_string_equal(l.nested[1], "id");
        shell_lexed_done(&l);
        const char *c = "git commit -m \"$(cat <<'EOF'\nDon't (x)\n\nEOF\n)\" x";
        l = lex(c);
        assert_int_equal(l.n, 5);
        assert_string_equal(text(&l.v[3].w, buf), "Don't (x)");
        assert_false(l.v[3].w.substitution);
        assert_int_equal(l.n_nested, 0);
        assert_int_equal(l.n_literals, 1);
        assert_int_equal(l.literals[0].from, strchr(c, '$') - c);
        assert_int_equal(l.literals[0].to, strrchr(c, ')') + 1 - c);
        shell_lexed_done(&l);
        /* not only cat's heredoc, or unquoted: a substitution still */
        static const char *const subs[] = {
                "x \"$(cat <<'E' | sh\ny\nE\n)\"", "x \"$(cat <<'E' f\ny\nE\n)\"",
                "x $(cat <<'E'\ny\nE\n)",          "x \"$(cat <<E\ny\nE\n)\"",
                "x \"$(tac <<'E'\ny\nE\n)\"",      "x \"$(cat <<'E'\ny\nE\nid)\"",
        };
        for (size_t i = 0; i < ELEMENTSOF(subs); i++) {
                l = lex(subs[i]);
                assert_int_equal(l.n, 2);
                assert_true(l.v[1].w.substitution);
                assert_int_equal(l.n_literals, 0);
                shell_lexed_done(&l);
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_tokens),         cmocka_unit_test(test_words),
                cmocka_unit_test(test_nested),         cmocka_unit_test(test_refused),
                cmocka_unit_test(test_join_lines),     cmocka_unit_test(test_brackets),
                cmocka_unit_test(test_backquotes),     cmocka_unit_test(test_join_heredocs),
                cmocka_unit_test(test_heredoc_bodies), cmocka_unit_test(test_places),
        };
        return RUN(tests);
}
