/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "command-internal.h"
#include "tests.h"
#include "util.h"

/*
 * sed's programs as check-command reads them (daemon/core/command-sed.c):
 * each row a program, a line of text and what the program prints for it.
 * The rows are checked against the model and, when the program is on this
 * machine (GNU sed is in every Debian; perl too), against sed or perl
 * themselves: the table is what they print, not what we expect.
 */

/* model: what the model prints where it is knowingly more than the
 * program (each match, where a line starts is a guess), else NULL. */
typedef struct Row {
        SedDialect dialect;
        const char *program, *in, *out, *model;
} Row;

static const Row rows[] = {
        /* literal s///, its flags */
        {SED_BASIC, "s/true/git log -p/", "true", "git log -p", NULL},
        {SED_BASIC, "s/x/i/2", "gxxt", "gxit", "giit"},
        {SED_BASIC, "s/x/i/g", "gxt_gxt", "git_git", NULL},
        {SED_BASIC, "s/X/i/I", "gxt", "git", NULL},
        {SED_BASIC, "s|_| |g", "git_log_-p", "git log -p", NULL},
        {SED_BASIC, "s,_, ,g;s/L/l/", "git_Log", "git log", NULL},
        /* escapes in the replacement and the regex, decoded as GNU sed does */
        {SED_BASIC, "s/h/\\x67/", "hit", "git", NULL},
        {SED_BASIC, "s/h/\\o147/", "hit", "git", NULL},
        {SED_BASIC, "s/h/\\d103/", "hit", "git", NULL},
        {SED_BASIC, "s/\\x68/g/", "hit", "git", NULL},
        {SED_BASIC, "s/_/\\t/g", "git_log", "git\tlog", NULL},
        /* '&', case changes */
        {SED_BASIC, "s/GIT/\\L&/", "GIT log", "git log", NULL},
        {SED_BASIC, "s/it/\\U&/;s/IT/it/", "git", "git", NULL},
        {SED_BASIC, "s/g/\\u&/;s/Git/git/", "git", "git", NULL},
        {SED_BASIC, "s/.*//;s/^/x/", "", "x", NULL},
        {SED_BASIC, "s/i/&&/", "git", "giit", NULL},
        {SED_BASIC, "s/i/\\&/", "git", "g&t", NULL},
        /* GNU sed's \0 is '&' */
        {SED_BASIC, "s/i/\\0t/", "gi log", "git log", NULL},
        {SED_BASIC, "s/i/\\0t/g", "gi gi", "git git", NULL},
        {SED_BASIC, "s/i/&t/;s/t/\\0/", "gi", "git", NULL},
        {SED_BASIC, "s/\\(g\\)i/\\0\\1/", "gi", "gig", NULL},
        /* a multibyte character: '.' and a negated bracket take it whole
         * in a UTF-8 locale, a byte in C's (the model: both texts) */
        {SED_BASIC, "s/^.//", "\xc3\xa9git", "git", "\xa9git\ngit"},
        {SED_BASIC, "s/./g/", "\xc3\xa9it", "git", "g\xa9it\ngit"},
        {SED_BASIC, "s/[^a-z]//", "\xc3\xa9git", "git", "\xa9git\ngit"},
        {SED_BASIC, "s/x/g/", "\xc3\xa9xit", "\xc3\xa9git", NULL},
        /* a UTF-8 locale's case change of U+0130 (lower i), U+0131 (upper I) */
        {SED_BASIC, "s/x/\\Lg\xc4\xb0t/", "x log", "git log", "g\xc4\xb0t log\ngit log"},
        {SED_BASIC, "s/g./\\L&/", "g\xc4\xb0t", "git", "g\xc4\xb0t\ngit"},
        {SED_BASIC, "s/\\(.\\)x/\\U\\1/", "\xc4\xb1xT", "IT", "\xc4\xb1T\nIT"},
        /* brackets, '.', anchors */
        {SED_BASIC, "s/[x]//g", "gxixt", "git", NULL},
        {SED_BASIC, "s/[0-9]//g", "g1i2t", "git", NULL},
        {SED_BASIC, "s/[[:digit:]]//g", "g1i2t", "git", NULL},
        {SED_BASIC, "s/[^a-z]//g", "g-i_t", "git", NULL},
        {SED_BASIC, "s/^h/g/", "hit", "git", NULL},
        {SED_BASIC, "s/h$/t/", "gih", "git", NULL},
        {SED_BASIC, "s/.x/gi/", "hxt", "git", NULL},
        /* y/// */
        {SED_BASIC, "y/hq/gt/", "hiq", "git", NULL},
        {SED_BASIC, "y/_/ /", "git_log", "git log", NULL},
        /* y/// with a multibyte character: a UTF-8 locale's maps characters,
         * the C locale's refuses strings of unequal length (the text left) */
        {SED_BASIC, "y/\xc3\xa9/g/", "\xc3\xa9it", "git", "\xc3\xa9it\ngit"},
        {SED_BASIC, "y/\xc3\xa9/\\x67/", "\xc3\xa9it", "git", "\xc3\xa9it\ngit"},
        {SED_BASIC, "y/x\xc3\xa9/ag/", "x\xc3\xa9it", "agit", "x\xc3\xa9it\nagit"},
        {SED_BASIC, "y/g/\xc3\xa9/", "git", "\xc3\xa9it", "git\n\xc3\xa9it"},
        {SED_BASIC, "y/\xc3\xa9\xc3\xa8/ee/", "h\xc3\xa8r\xc3\xa9", "here", "h\xc3\xa8r\xc3\xa9\nhere"},
        /* addresses and other commands pass over */
        {SED_BASIC, "/h/s/h/g/", "hit", "git", NULL},
        {SED_BASIC, "1{s/h/g/}", "hit", "git", NULL},
        {SED_BASIC, "p;s/h/g/", "hit", "hit\ngit", "git"},
        /* groups and back references: \(..\), -E's (..), perl's $1 */
        {SED_BASIC, "s/\\(t\\)rue/gi\\1/", "true", "git", NULL},
        {SED_EXTENDED, "s/(t)rue/gi\\1 log/", "true", "git log", NULL},
        {SED_EXTENDED, "s/(h)(i)(t)/g\\2\\3/", "hit", "git", NULL},
        {SED_BASIC, "s/\\(h\\(i\\)\\)t/g\\2t/", "hit", "git", NULL},
        {SED_PERL, "s/(h)it/g$1/", "hit", "gh", NULL},
        {SED_PERL, "s/h(it)/g$1/", "hit", "git", NULL},
        {SED_BASIC, "s/\\(h\\)*it/git/", "hit", "git", "hit"},
        /* a, i, c: their text on a line of its own */
        {SED_BASIC, "a git log -p", "x", "x\ngit log -p", NULL},
        /* ... read as GNU sed reads it: blanks, a\ and a newline, the first
         * backslash of a one-liner, escapes, lines a backslash continues */
        {SED_BASIC, "$a \\\\tgit log -p >\\&2", "x", "x\n\tgit log -p >&2", NULL},
        {SED_BASIC, "/x/a \\\\tgit", "x", "x\n\tgit", NULL},
        {SED_BASIC, "1,$a \\\\tgit", "x", "x\n\tgit", NULL},
        {SED_BASIC, "$ a \\\\tgit", "x", "x\n\tgit", NULL},
        {SED_BASIC, "/x/ {a \\\\tgit log -p\n}", "x", "x\n\tgit log -p", NULL},
        {SED_BASIC, "/x/c \\\\tgit", "x", "\tgit", "x\n\tgit"},
        {SED_BASIC, "/x/i \\\\tgit", "x", "\tgit\nx", "x\n\tgit"},
        {SED_BASIC, "a\\tgit", "x", "x\ntgit", NULL},
        {SED_BASIC, "a\\\\tgit", "x", "x\n\tgit", NULL},
        {SED_BASIC, "a\\   git", "x", "x\n   git", NULL},
        {SED_BASIC, "a \\  git", "x", "x\n  git", NULL},
        {SED_BASIC, "a   git  log", "x", "x\ngit  log", NULL},
        {SED_BASIC, "a\\\n  git log", "x", "x\n  git log", NULL},
        {SED_BASIC, "a\\\n\\tgit", "x", "x\n\tgit", NULL},
        {SED_BASIC, "a gi\\\nt log", "x", "x\ngi\nt log", NULL},
        {SED_BASIC, "a x\\ty\\\\z", "x", "x\nx\ty\\z", NULL},
        {SED_BASIC, "1a\\", "x", "x", "x\n"},
        {SED_BASIC, "$a \\x09git", "x", "x\nx09git", NULL},
        /* perl -pe */
        {SED_PERL, "s/h/g/", "hit", "git", NULL},
        {SED_PERL, "s{h}{g}", "hit", "git", NULL},
        {SED_PERL, "s(h) (g)", "hit", "git", NULL},
        {SED_PERL, "s/h/\\x67/", "hit", "git", NULL},
        {SED_PERL, "s/h/\\x{67}/", "hit", "git", NULL},
        {SED_PERL, "s/h/\\147/", "hit", "git", NULL},
        {SED_PERL, "s/GIT/\\L$&/", "GIT", "git", NULL},
        {SED_PERL, "s/x/i/; s/_/ /g", "gxt_log", "git log", NULL},
        {SED_PERL, "s/[0-9]//g", "g1i2t", "git", NULL},
        /* perl's \N{U+HEX} and the names the model knows */
        {SED_PERL, "s/x/\\N{U+67}/", "xit", "git", NULL},
        {SED_PERL, "s/x/\\N{U+0067}/", "xit", "git", NULL},
        {SED_PERL, "s/x/\\N{LATIN SMALL LETTER G}/", "xit", "git", NULL},
        {SED_PERL, "s/x/\\N{LATIN CAPITAL LETTER G}/", "xit", "Git", NULL},
        {SED_PERL, "s/x/\\N{latin:g}\\N{DIGIT ONE}/", "xit", "g1it", NULL},
        /* perl's \F folds case, \Q quotes what is not a word character, \b is a backspace */
        {SED_PERL, "s/x/\\FG/", "xit", "git", NULL},
        {SED_PERL, "s/x/\\Qg/", "xit", "git", NULL},
        /* perl's \1 followed by a digit is octal, sed's a group */
        {SED_PERL, "s/(x)/\\147/", "xit", "git", NULL},
        {SED_PERL, "s/(x)/\\1/", "xit", "xit", NULL},
        {SED_BASIC, "s/\\(x\\)/\\147/", "xit", "x47it", NULL},
        {SED_PERL, "s/x/a\\bb/", "x", "a\bb", NULL},
        /* perl's y/// and tr/// ranges, escapes, TO's last repeated; sed's y has none */
        {SED_PERL, "y/A-Z/za-y/", "HJU", "git", NULL},
        {SED_PERL, "y/w-y/h-j/", "gxt", "git", NULL},
        {SED_PERL, "tr/w-y/h-j/", "gxt", "git", NULL},
        {SED_PERL, "y/\\101-\\132/za-y/", "HJU", "git", NULL},
        {SED_PERL, "y/a-f/xy/", "abcdef", "xyyyyy", NULL},
        {SED_PERL, "y/a-c//", "abc", "abc", NULL},
        {SED_PERL, "y/a\\-c/xyz/", "a-bc", "xybz", NULL},
        {SED_BASIC, "y/a-c/x-z/", "abc-", "xbz-", NULL},
};

/* What the program itself prints for the row (sed -e, perl -pe), or NULL
 * when it is not on this machine. */
static char *program_prints(const Row *row) {
        setenv("PP_SED_PROGRAM", row->program, 1);
        setenv("PP_SED_IN", row->in, 1);
        /* in a UTF-8 locale (the model's second text is C's) */
        FILE *f = popen(
                row->dialect == SED_PERL
                        ? "printf '%s\\n' \"$PP_SED_IN\" | perl -pe \"$PP_SED_PROGRAM\" 2>/dev/null"
                : row->dialect == SED_EXTENDED
                        ? "printf '%s\\n' \"$PP_SED_IN\" | LC_ALL=C.UTF-8 sed -E -e \"$PP_SED_PROGRAM\""
                        : "printf '%s\\n' \"$PP_SED_IN\" | LC_ALL=C.UTF-8 sed -e \"$PP_SED_PROGRAM\"",
                "r");
        if (!f)
                return NULL;
        char buf[4096];
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        int status = pclose(f);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                return NULL;
        while (n > 0 && buf[n - 1] == '\n')
                n--;
        return strndup(buf, n);
}

/* Rows through run (sed_run, sed_lines: 1 when exact, 0 when the text
 * is left), each against the model's text and the program's own output:
 * the count of rows that differ. In CI, every row's program is there. */
static size_t check_rows(const Row *rows_, size_t n, int (*run)(const SedScript *s, char **t), bool exact) {
        size_t failed = 0, oracle = 0;
        for (size_t i = 0; i < n; i++) {
                const Row *row = &rows_[i];
                _cleanup_(sed_freep) SedScript *s = NULL;
                assert_int_equal(sed_parse(row->program, row->dialect, &s), 0);
                _cleanup_free_ char *t = strdup(row->in);
                assert_non_null(t);
                int r = run(s, &t);
                assert_true(r >= 0);
                if ((exact && r != !row->model) || !streq(t, row->model ? row->model : row->out)) {
                        print_message("%s on %s: model %s (%d), table %s\n", row->program, row->in, t, r,
                                      row->model ? row->model : row->out);
                        failed++;
                }
                _cleanup_free_ char *real = program_prints(row);
                if (real && !streq(real, row->out)) {
                        print_message("%s on %s: the program prints %s, table %s\n", row->program, row->in,
                                      real, row->out);
                        failed++;
                }
                oracle += real != NULL;
        }
        print_message("%zu rows, %zu checked against sed or perl\n", n, oracle);
        if (getenv("CI"))
                assert_int_equal(oracle, n);
        return failed;
}

static void test_run(void **state) {
        (void) state;
        assert_int_equal(check_rows(rows, ELEMENTSOF(rows), sed_run, false), 0);
}

/* What an edit puts in a file: each replacement, and as the program's
 * later commands leave it; separators blank after a regex not modelled. */
static void test_put_in(void **state) {
        (void) state;
        static const struct {
                SedDialect dialect;
                const char *program, *out;
        } puts[] = {
                {SED_BASIC, "s/true/git_log_-p/;s/_/ /g", "git_log_-p\ngit log -p\n \n \n"},
                {SED_BASIC, "s/true/gxt/;s/[x]/i/", "gxt\ngit\ni\ni\n"},
                {SED_BASIC, "s/true/gi\\x74/", "git\ngit\n"},
                {SED_BASIC, "s/true/GIT/;s/GIT/\\L&/", "GIT\ngit\ngit\ngit\n"},
                {SED_BASIC, "s/true/git_log/;s/_*/ /", "git_log\ngit_log\ngit log\n \n \n"},
                {SED_BASIC, "1i import os", "import os\nimport os\n"},
                {SED_BASIC, "s/a/b/w out.txt\ns/true/git/", "b\nb\ngit\ngit\n"},
                {SED_PERL, "s{true}{git}; s/x/y/", "git\ngit\ny\ny\n"},
                {SED_BASIC, "set nu", ""},
        };
        size_t failed = 0;
        for (size_t i = 0; i < ELEMENTSOF(puts); i++) {
                _cleanup_(sed_freep) SedScript *s = NULL;
                _cleanup_free_ char *t = NULL;
                assert_int_equal(sed_parse(puts[i].program, puts[i].dialect, &s), 0);
                assert_int_equal(sed_put_in(s, &t), 0);
                if (!streq(t, puts[i].out)) {
                        print_message("%s: [%s]\n", puts[i].program, t);
                        failed++;
                }
        }
        assert_int_equal(failed, 0);
}

/* sed_lines: a program sed applies exactly, to the text a program
 * prints, its lines where its newlines are; each row checked against the
 * program itself; a program not exactly modelled leaves the text. */
static void test_lines(void **state) {
        (void) state;
        static const Row lines[] = {
                {SED_BASIC, "s/ //", "gi t log -p", "git log -p", NULL},
                {SED_BASIC, "s/x/i/2", "gxt gxt", "gxt git", NULL},
                {SED_BASIC, "s/x/i/2g", "xgxt gxt", "xgit git", NULL},
                {SED_BASIC, "s/^h/g/", "hit\nhat", "git\ngat", NULL},
                {SED_BASIC, "s/t$/x/", "hit it\nhat", "hit ix\nhax", NULL},
                {SED_BASIC, "s/\\(t\\)rue/gi\\1 log/", "true", "git log", NULL},
                {SED_EXTENDED, "s/(g)x(t)/\\1i\\2/", "gxt log", "git log", NULL},
                {SED_BASIC, "y/hq/gt/", "hiq", "git", NULL},
                {SED_PERL, "s/ //", "gi t log -p", "git log -p", NULL},
                {SED_PERL, "s{x}{}g", "gxit lxog", "git log", NULL},
                /* each line its own pattern space: a newline s/// puts
                 * in is matched by the next; perl's line has its newline */
                {SED_BASIC, "s/x/\\n/;s/\\n/g/", "xit", "git", NULL},
                {SED_BASIC, "s/x/\\n/;s/^i/g/", "xit\nit", "\nit\ngt", NULL},
                {SED_BASIC, "s/i/\\0t/", "gi log", "git log", NULL},
                {SED_PERL, "s/\\n//", "gi\nt", "git", NULL},
                {SED_PERL, "s/[^a-z]//", "gi\nt", "git", NULL},
                {SED_PERL, "s/.$/t/", "gix", "git", NULL},
                {SED_PERL, "s/x/\\N{U+67}/", "xit", "git", NULL},
                {SED_PERL, "s/x/\\N{LATIN SMALL LETTER G}/", "xit", "git", NULL},
                {SED_PERL, "s/x/\\FG/", "xit", "git", NULL},
                {SED_PERL, "s/x/\\Q /", "xit", "\\ it", "xit"},
                /* a variable perl interpolates: not exact */
                {SED_PERL, "s/x/g@y/", "xit", "git", "xit"},
                {SED_PERL, "s/x/a@b.c/", "xit", "a.cit", "xit"},
                {SED_PERL, "s/(x)/g$2/", "xit", "git", "xit"},
                {SED_PERL, "s/x/g\\$/", "xit", "g$it", NULL},
                /* multibyte characters where the locale decides: not exact */
                {SED_BASIC, "s/x/g/", "\xc3\xa9 xit", "\xc3\xa9 git", NULL},
                {SED_BASIC, "s/^.//", "xgit", "git", NULL},
                {SED_BASIC, "s/^.//", "\xc3\xa9git", "git", "\xc3\xa9git"},
                {SED_BASIC, "s/[^a-z]//", "\xc3\xa9git", "git", "\xc3\xa9git"},
                /* a case change or I where a character is multibyte: not exact */
                {SED_BASIC, "s/x/\\Lg\xc4\xb0t/", "x", "git", "x"},
                {SED_BASIC, "s/\xc3\xa9//I", "\xc3\x89git", "git", "\xc3\x89git"},
                {SED_BASIC, "s/x/\\Ug/", "xit", "Git", NULL},
                {SED_BASIC, "s/[[:lower:]]/g/", "\xc3\xa9it", "git", "\xc3\xa9it"},
                {SED_BASIC, "s/[[:lower:]]/g/", "xit", "git", NULL},
                /* a name the model does not know: not exact */
                {SED_PERL, "s/x/\\N{GREEK SMALL LETTER ALPHA}/", "xit", "\xce\xb1it", "xit"},
                /* not exact: an address, another command, a repeat, perl's words */
                {SED_BASIC, "/h/s/h/g/", "hit", "git", "hit"},
                {SED_BASIC, "N;s/\\n//", "gi\nt", "git", "gi\nt"},
                {SED_BASIC, "s/x*//", "gxit", "gxit", "gxit"},
                {SED_BASIC, "s/h/g/p", "hit", "git\ngit", "hit"},
                {SED_PERL, "tr/x//d", "gxit", "git", "gxit"},
        };
        assert_int_equal(check_rows(lines, ELEMENTSOF(lines), sed_lines, true), 0);
}

/* tr FROM TO as command-rearranged.c's tr_translated applies it, each
 * row checked against tr itself: escapes decoded, ranges and classes
 * expanded, the last place of a character FROM holds twice; an option
 * not modelled. */
static void test_tr(void **state) {
        (void) state;
        static const struct {
                const char *from, *to, *in, *out;
                bool modelled;
        } trs[] = {
                {"h", "\\147", "hit", "git", true},
                {"\\150", "g", "hit", "git", true},
                {"\\150", "\\147", "hit", "git", true},
                {"hh", "xg", "hit", "git", true},
                {"hxh", "agg", "hit", "git", true},
                {"_", " ", "git_log", "git log", true},
                {"ab", "x", "abc", "xxc", true},
                {"\\\\", "/", "a\\b", "a/b", true},
                {"\\n_", " g", "x_it", "xgit", true},
                {"a-z", "A-Z", "git", "GIT", true},
                /* ranges, octal ranges, classes, [=c=], [c*n], [c*] (31u 6) */
                {"A-Z", "b-za", "FHS KNF", "git log", true},
                {"[:upper:]", "b-za", "FHS KNF", "git log", true},
                {"\\101-\\132", "\\142-\\172\\141", "FHS KNF", "git log", true},
                {"[:lower:]", "[:upper:]", "git", "GIT", true},
                {"[=h=]", "g", "hit", "git", true},
                {"a-f", "x[y*]z", "abcdef", "xyyyyz", true},
                {"a-f", "[y*2]z", "abcdef", "yyzzzz", true},
                {"a-c-e", "xyzWV", "a-ce", "xWzV", true},
                {"a-z", "a-fgghijklmnopqrstuvwxyz", "hit log -p", "ghs kng -o", true},
        };
        size_t failed = 0, oracle = 0;
        for (size_t i = 0; i < ELEMENTSOF(trs); i++) {
                _cleanup_free_ char *t = strdup(trs[i].in);
                assert_non_null(t);
                bool modelled = tr_translated(t, trs[i].from, trs[i].to);
                if (modelled != trs[i].modelled || !streq(t, modelled ? trs[i].out : trs[i].in)) {
                        print_message("tr %s %s on %s: model %s\n", trs[i].from, trs[i].to, trs[i].in, t);
                        failed++;
                }
                setenv("PP_TR_FROM", trs[i].from, 1);
                setenv("PP_TR_TO", trs[i].to, 1);
                setenv("PP_SED_IN", trs[i].in, 1);
                FILE *f = popen("printf '%s' \"$PP_SED_IN\" | tr \"$PP_TR_FROM\" \"$PP_TR_TO\"", "r");
                char buf[256];
                size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
                if (!f || pclose(f) != 0)
                        continue;
                buf[n] = 0;
                oracle++;
                if (!streq(buf, trs[i].out)) {
                        print_message("tr %s %s on %s: tr prints %s\n", trs[i].from, trs[i].to, trs[i].in,
                                      buf);
                        failed++;
                }
        }
        print_message("%zu tr rows, %zu checked against tr\n", ELEMENTSOF(trs), oracle);
        if (getenv("CI"))
                assert_int_equal(oracle, ELEMENTSOF(trs));
        assert_int_equal(failed, 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_run),
                cmocka_unit_test(test_tr),
                cmocka_unit_test(test_lines),
                cmocka_unit_test(test_put_in),
        };
        return RUN(tests);
}
