/* SPDX-License-Identifier: MIT */
/*
 * What a shell reads as its program (command-internal.h): its here-string,
 * heredoc, or what echo or printf pipes into it, with its operands as $1,
 * $2, ...; and, when some shell of the line reads its input from where
 * the rule cannot tie it to one text (a group's or a loop's redirect, a
 * pipe into ( ... ), >(bash), eval "$x"), every text the line feeds. It
 * must not judge a program's own words: command-programs.c does.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* What a shell in this stage reads from its input: a here-string, a
 * heredoc, or what echo or printf before it in the pipe prints. */
/* What a shell reads as its program, judged: as written, and with the
 * words after its script ($1, $2, ...: bash -s .e nv <<< 'cat $1$2'). */
static int shell_text(Judge *j, const char *what, const char *s, const ShellWord *const *args,
                      size_t n_args) {
        int r = programs_reread(j, what, s, strlen(s));
        if (r != 0 || n_args == 0)
                return r;
        if (positional_transformed(s, args, n_args))
                return judge_refuse(
                        j, "%s: positional parameters changed when it runs: names made at run time", what);
        /* the word before the first is $0: the script, or an option */
        _cleanup_free_ char *p = reread_positional(s, args - 1, n_args + 1);
        return p ? programs_reread(j, what, p, strlen(p)) : -ENOMEM;
}

/* The shell's operands (after its options, no -c): its script, if not -s,
 * then its positional parameters; 1 when the script is a descriptor the
 * line fills (/dev/stdin, /dev/fd/N, /proc/self/fd/N): read as its input. */
static int shell_operands(const ShellWord *const *w, size_t n, bool source,
                          const ShellWord *const **ret_args, size_t *ret_n, bool *ret_input) {
        char buf[256];
        bool s_opt = false;
        size_t k = 1;
        for (; k < n && !source; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || (a[0] != '-' && a[0] != '+') || streq(a, "-"))
                        break;
                if (streq(a, "--")) {
                        k++;
                        break;
                }
                s_opt = s_opt || (a[1] != '-' && strchr(a + 1, 's'));
                if (a[1] != '-' && (strchr(a + 1, 'o') || strchr(a + 1, 'O')))
                        k++;
        }
        const char *script = !s_opt && k < n ? programs_plain(w[k], buf, sizeof buf) : NULL;
        bool fd = script && (streq(script, "/dev/stdin") || strncmp(script, "/dev/fd/", 8) == 0 ||
                             (strncmp(script, "/proc/", 6) == 0 && strstr(script, "/fd/")));
        size_t first = s_opt ? k : k + 1;
        *ret_args = first < n ? w + first : NULL;
        *ret_n = first < n ? n - first : 0;
        *ret_input = fd || s_opt || k >= n;
        return fd;
}

int shells_fed_text(const Line *ln, const Stage *st, size_t i, char **ret) {
        const char *op = st->redir[i]->op;
        char *s;
        if (streq(op, "<<<") && st->target[i])
                s = programs_word_text(st->target[i]);
        else if ((streq(op, "<<") || streq(op, "<<-")) && st->target[i])
                s = reread_heredoc(ln->text, ln->n, st->target[i]);
        else
                return 0;
        if (!s)
                return -ENOMEM;
        *ret = s;
        return 1;
}

/* The texts a stage's here-strings and heredocs give, each read as a
 * shell reads its program. */
static int redirect_texts(Judge *j, const Line *ln, const Stage *st, const char *what,
                          const ShellWord *const *args, size_t n_args) {
        for (size_t i = 0; i < st->n_redir; i++) {
                _cleanup_free_ char *s = NULL;
                int r = shells_fed_text(ln, st, i, &s);
                if (r <= 0) {
                        if (r < 0)
                                return r;
                        continue;
                }
                if ((r = shell_text(j, what, s, args, n_args)) != 0)
                        return r;
        }
        return 0;
}

/* What echo or printf in this stage prints (as written, printf's format
 * applied, escapes decoded), read as a shell reads its program. */
static int printed_text(Judge *j, const Stage *st, const char *what, const ShellWord *const *args,
                        size_t n_args) {
        char buf[256];
        size_t k = 0; /* env echo, command printf, nice echo: the program after its wrappers */
        while (k < st->n && programs_is_assignment(st->w[k]))
                k++;
        for (size_t inner; k < st->n && (inner = programs_wrapped(st->w + k, st->n - k)) != SIZE_MAX;)
                k += inner;
        const char *name = k < st->n ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        if (!name || !(streq(name, "echo") || streq(name, "printf")))
                return 0;
        const ShellWord *const *w = st->w + k;
        size_t n = st->n - k, from = 1; /* echo's -e, -n, -E */
        while (streq(name, "echo") && from < n && w[from]->n >= 2 && w[from]->v[0].c == '-' &&
               w[from]->v[1].c != '-')
                from++;
        _cleanup_free_ char *s = programs_joined(w, n, from);
        if (!s)
                return -ENOMEM;
        int r = shell_text(j, what, s, args, n_args);
        if (r != 0)
                return r;
        if (streq(name, "printf")) { /* printf 'cat .e%sv' n | sh */
                _cleanup_free_ char *f = reread_printf(w, n);
                if (!f)
                        return -ENOMEM;
                if ((r = shell_text(j, what, f, args, n_args)) != 0)
                        return r;
        }
        reread_unescape(s);
        return shell_text(j, what, s, args, n_args);
}

/* The shell a command runs, if any, and the index of its word in *ret_k:
 * sh, bash, ...; eval, source and .; su and script with no command run a
 * shell on their input; a program the rule does not know with a shell
 * among its words (chrt -o 0 bash) may be running it, and so may one known
 * only when the line runs ($SHELL). */
static const char *stage_shell(const ShellWord *const *w, size_t n, size_t *ret_k, char buf[static 256]) {
        static const char *const stdin_shells[] = {"su", "runuser", "script", "sg",   "newgrp", "vim",
                                                   "vi", "ex",      "nvim",   "view", "gdb",    NULL};
        size_t k = 0;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        for (size_t inner; k < n && (inner = programs_wrapped(w + k, n - k)) != SIZE_MAX;)
                k += inner;
        const char *name = k < n ? programs_name(w[k], buf, 256) : NULL;
        /* $SHELL, "$(which bash)", $x: a program known only when it runs may be one */
        if (streq_any(name, stdin_shells) || (k < n && !name && (w[k]->expansion || w[k]->substitution)))
                name = "sh";
        for (size_t i = k + 1; name && !programs_is_shell(name) && !programs_is_wrapper(name) && i < n;
             i++) {
                char other[256];
                if (programs_is_shell(programs_name(w[i], other, sizeof other))) {
                        k = i;
                        name = programs_name(w[k], buf, 256);
                }
        }
        if (!programs_is_shell(name) &&
            !(name && (streq(name, "eval") || streq(name, "source") || streq(name, "."))))
                return NULL;
        *ret_k = k;
        return name;
}

int shells_judge_input(Judge *j, const Line *ln, const Stage *st, const Stage *prev) {
        char buf[256];
        size_t k = 0;
        const char *name = stage_shell(st->w, st->n, &k, buf);
        if (!name)
                return 0;
        const ShellWord *const *args = NULL;
        size_t n_args = 0;
        bool source = streq(name, "source") || streq(name, "."), input;
        if (!streq(name, "eval") && shell_operands(st->w + k, st->n - k, source, &args, &n_args, &input) &&
            !st->n_redir && !prev)
                return judge_refuse(j, "%s reads a script from a descriptor filled elsewhere (exec 3<<EOF)",
                                    name);
        int r = redirect_texts(j, ln, st, "what a shell reads from its input", args, n_args);
        if (r != 0 || !prev)
                return r;
        if ((r = redirect_texts(j, ln, prev, "what a shell reads from the pipe", args, n_args)) != 0)
                return r; /* cat <<EOF | sh */
        return printed_text(j, prev, "what a shell reads from the pipe", args, n_args);
}

/* Does this command read a program the line cannot tie to one text: a
 * shell reading its input (no -c, no script, or -s), or a string from a
 * variable (eval "$l", sh -c "$l", while read l; do eval "$l")? */
static bool reads_untied(const ShellWord *const *w, size_t n) {
        char buf[256];
        size_t k = 0;
        const char *name = stage_shell(w, n, &k, buf);
        if (!name)
                return false;
        if (streq(name, "eval")) {
                for (size_t a = k + 1; a < n; a++)
                        if (w[a]->expansion)
                                return true;
                return false;
        }
        size_t c = programs_is_shell(name) ? programs_shell_c(w + k, n - k, 1) : SIZE_MAX;
        if (c != SIZE_MAX)
                return c < n - k && w[k + c]->expansion;
        const ShellWord *const *args;
        size_t n_args;
        bool input = false;
        (void) shell_operands(w + k, n - k, streq(name, "source") || streq(name, "."), &args, &n_args,
                              &input);
        return input;
}

bool shells_line_untied(const ShellLexed *l, int depth) {
        const ShellWord *w[64];
        size_t m = 0;
        for (size_t i = 0; i <= l->n; i++) {
                const ShellToken *t = i < l->n ? &l->v[i] : NULL;
                if (t && t->kind == SHELL_TOKEN_WORD) {
                        if (m == 0 && programs_keyword(&t->w))
                                continue;
                        if (m < ELEMENTSOF(w))
                                w[m++] = &t->w;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR) {
                        i += !streq(t->op, "<(") && !streq(t->op, ">(") && i + 1 < l->n &&
                             l->v[i + 1].kind == SHELL_TOKEN_WORD;
                        continue;
                }
                if (m > 0 && reads_untied(w, m))
                        return true;
                m = 0;
        }
        for (size_t i = 0; depth < 4 && i < l->n_nested; i++) {
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (shell_lex(l->nested[i], strlen(l->nested[i]), &inner) == 0 &&
                    shells_line_untied(&inner, depth + 1))
                        return true;
        }
        return false;
}

int shells_judge_redirects(Judge *j, const Line *ln, const Stage *st) {
        return redirect_texts(j, ln, st, "a text the line feeds a program that may run it as a shell's",
                              NULL, 0);
}

int shells_judge_fed(Judge *j, const Line *ln, const Stage *st) {
        static const char what[] = "a text the line feeds, and a shell of it reads its input as a program";
        int r = redirect_texts(j, ln, st, what, NULL, 0);
        return r != 0 ? r : printed_text(j, st, what, NULL, 0);
}
