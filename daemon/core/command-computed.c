/* SPDX-License-Identifier: MIT */
/*
 * Computed words that become command lines (command-internal.h): a word
 * holding a substitution or expansion that a program makes into a line it
 * runs (parallel ::: "$(...)", ssh HOST "$c", sqlite3 DB ".sh $c", python
 * -c "$c"), judged as a shell reading what substitutions print, never as
 * the empty word. It must not lex, nor judge the line's texts: command-
 * shells.c marks the line, and command-programs.c judges what it prints.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

static bool parallel_separator(const ShellWord *w) {
        return programs_word_is(w, ":::") || programs_word_is(w, ":::+") || programs_word_is(w, "::::") ||
               programs_word_is(w, "::::+");
}

/* parallel at w[0] (or sem): does a word known only when it runs become
 * (part of) a line a shell reads: a word of its command (which it joins
 * into a line: parallel "$c" ::: 1, -n0 "$c"), or a ':::' argument with
 * no command (each argument a line), a command that is a replacement
 * string or computed ({}, "{1}"), or a shell, eval or source among its
 * words (bash -c :::)? */
static bool parallel_computed(const ShellWord *const *w, size_t n) {
        size_t first = 1, sep;
        bool piped = false, semaphore = false, computed = false;
        if (options_parallel(w, n, &first, &piped, &semaphore) < 0)
                return true;
        for (sep = first; sep < n && !parallel_separator(w[sep]);)
                sep++;
        for (size_t k = first; k < sep; k++)
                if (w[k]->expansion || w[k]->substitution)
                        return true;
        for (size_t k = sep; k < n; k++)
                computed =
                        computed || (!parallel_separator(w[k]) && (w[k]->expansion || w[k]->substitution));
        if (!computed)
                return false;
        if (sep == first)
                return true;
        char buf[256];
        size_t k = first;
        while (k < sep && programs_is_assignment(w[k]))
                k++;
        for (size_t inner; k < sep && (inner = programs_wrapped(w + k, sep - k)) != SIZE_MAX;)
                k += inner;
        if (k >= sep || !programs_plain(w[k], buf, sizeof buf) || strchr(buf, '{'))
                return true;
        for (; k < sep; k++) {
                const char *name = programs_name(w[k], buf, sizeof buf);
                if (programs_is_shell(name) || streq_ptr(name, "eval") || streq_ptr(name, "source") ||
                    streq_ptr(name, "."))
                        return true;
        }
        return false;
}

size_t computed_ssh_command(const ShellWord *const *w, size_t n) {
        char buf[256];
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && a[0] == '-' && a[1] && !streq(a, "--")) {
                        const char *q = a + 1 + strcspn(a + 1, "bcDEeFIiJLlmOopQRSWwB");
                        k += *q && !q[1];
                        continue;
                }
                k += a && streq(a, "--");
                return k + 1 < n ? k + 1 : n;
        }
        return n;
}

bool computed_line_words(const ShellWord *const *w, size_t n) {
        char buf[256];
        size_t k = 0;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        for (size_t inner; k < n; k += inner) {
                const char *name = programs_name(w[k], buf, sizeof buf);
                if ((streq_ptr(name, "parallel") || streq_ptr(name, "sem")) &&
                    parallel_computed(w + k, n - k))
                        return true;
                /* sqlite3 DB ".shell $(...)": a dot command may run what it holds */
                for (size_t c = streq_ptr(name, "sqlite3") ? k + 1 : n; c < n; c++) {
                        size_t at = 0;
                        while (at < w[c]->n && w[c]->v[at].kind == SHELL_LIT && strchr(" \t", w[c]->v[at].c))
                                at++;
                        if ((w[c]->expansion || w[c]->substitution) && at < w[c]->n &&
                            w[c]->v[at].kind == SHELL_LIT && w[c]->v[at].c == '.')
                                return true;
                }
                /* ssh HOST "$(...)": the remote shell reads it */
                for (size_t c = streq_ptr(name, "ssh") ? k + computed_ssh_command(w + k, n - k) : n; c < n;
                     c++)
                        if (w[c]->expansion || w[c]->substitution)
                                return true;
                if ((inner = programs_wrapped(w + k, n - k)) == SIZE_MAX)
                        break;
        }
        return false;
}

/* Is w[a] the program an interpreter runs: python's -c value, perl's,
 * ruby's, node's, lua's or Rscript's -e/-E (bundled: -pe, -lne), php's -r,
 * a long --eval/--print, awk's first operand? */
static bool interpreter_program(const char *name, const ShellWord *const *w, size_t a) {
        char buf[256];
        bool python = strncmp(name, "python", 6) == 0, awk = strstr(name, "awk") != NULL;
        const char *letters = python ? "c" : streq(name, "php") ? "r" : "eE";
        for (size_t k = 1; k < a; k++) {
                const char *o = programs_plain(w[k], buf, sizeof buf);
                if (!o || o[0] != '-' || streq(o, "--"))
                        return awk && k + 1 == a &&
                               !(k > 1 && programs_plain(w[k - 1], buf, sizeof buf) &&
                                 (streq(buf, "-v") || streq(buf, "-F")));
                size_t len = strlen(o);
                if (k + 1 == a && ((o[1] != '-' && strchr(letters, o[len - 1])) || streq(o, "--eval") ||
                                   streq(o, "--print")))
                        return true;
                if (awk && (streq(o, "-f") || programs_long_is(o, "file", NULL)))
                        return false; /* its program from a file: no operand is one */
        }
        return awk && a == 1;
}

int computed_interpreter(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const interpreters[] = {"awk",     "gawk",    "mawk", "nawk",    "python",
                                                   "python2", "python3", "perl", "node",    "nodejs",
                                                   "ruby",    "php",     "lua",  "Rscript", NULL};
        if (!name || !(streq_any(name, interpreters) || strncmp(name, "python3.", 8) == 0) || !judge_held(j))
                return 0;
        bool computed = false, git = false;
        for (size_t a = 1; a < n && !computed; a++)
                computed = (w[a]->expansion || w[a]->substitution) && interpreter_program(name, w, a);
        /* git as a word anywhere in the line: the text it computes may hold it */
        for (const char *p = ln->text, *end = ln->text + ln->n; computed && !git && p + 3 <= end; p++)
                git = memcmp(p, "git", 3) == 0 &&
                      (p == ln->text || !(isalnum((unsigned char) p[-1]) || p[-1] == '_' || p[-1] == '.')) &&
                      (p + 3 == end || !(isalnum((unsigned char) p[3]) || p[3] == '_' || p[3] == '-'));
        if (!git)
                return 0;
        judge_mark_held(j);
        return judge_refuse(
                j,
                "%s's program is made when the line runs (a substitution or a variable), the line "
                "names git, and the history holds a masked entry",
                name);
}
