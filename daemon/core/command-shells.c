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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "command-internal.h"
#include "util.h"

/* What a shell in this stage reads from its input: a here-string, a
 * heredoc, or what echo or printf before it in the pipe prints. */
static const char written_what[] = "a text the line writes to a script it runs";

/* What a shell reads as its program, judged: as written, and with the
 * words after its script ($1, $2, ...: bash -s .e nv <<< 'cat $1$2'). */
static int shell_text(Judge *j, const char *what, const char *s, const ShellWord *const *args,
                      size_t n_args) {
        /* #!INTERP [ARG]: a comment to a shell, the command the kernel runs
         * when the text is a file run by its path (#!/bin/cat .env prints
         * it): judged as INTERP [ARG] ./script, the rest as the program */
        if (s[0] == '#' && s[1] == '!') {
                const char *nl = strchr(s, '\n');
                _cleanup_free_ char *cmd = NULL;
                if (asprintf(&cmd, "%.*s ./script", (int) (nl ? (size_t) (nl - s) - 2 : strlen(s + 2)),
                             s + 2) < 0)
                        return -ENOMEM;
                int r = programs_reread(j, what, cmd, strlen(cmd));
                if (r != 0)
                        return r;
                s = nl ? nl + 1 : "";
        }
        /* a script written as JSON (package.json): its strings are the
         * command lines npm runs */
        if (what == written_what && s[strspn(s, " \t\n")] == '{') {
                int r = reread_json_strings(j, what, s);
                if (r != 0)
                        return r;
                /* a JSON object ({}, {"a":"b"}) is data, its strings judged:
                 * as a shell's its first word is {..., its key's no command */
                json_t *o = json_loads(s, JSON_REJECT_DUPLICATES, NULL);
                bool object = json_is_object(o);
                json_decref(o);
                if (object)
                        return 0;
        }
        /* a makefile make runs (Makefile, x.mk, or any file): its recipes
         * past make's @, - and +, and a rule's '; recipe' (all: ; @git log) */
        bool makefile = what == written_what && (j->scripts_many || j->make_runs),
             justfile = what == written_what && j->scripts_many;
        for (size_t i = 0; what == written_what && i < j->n_scripts; i++) {
                size_t len = strlen(j->scripts[i]);
                makefile = makefile || (len >= 7 && strcasecmp(j->scripts[i] + len - 7, "akefile") == 0) ||
                           (len >= 3 && streq(j->scripts[i] + len - 3, ".mk"));
                justfile = justfile || (len >= 8 && strcasecmp(j->scripts[i] + len - 8, "justfile") == 0);
        }
        if (makefile) {
                int r = options_make_text(j, "make", s);
                if (r != 0)
                        return r;
        }
        if (justfile) {
                int r = options_just_text(j, what, s);
                if (r != 0)
                        return r;
        }
        if (j->positional_unseen && n_args == 0 && reread_uses_positional(s))
                return judge_refuse(
                        j, "%s: a script run with words of its own, which it reads as $1, $2, ...", what);
        int r = programs_reread(j, what, s, strlen(s));
        if (r != 0 || n_args == 0)
                return r;
        if (positional_unsafe(s, args, n_args, 1))
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
                k += programs_shell_values(a);
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
                if (what == written_what && (r = shells_written_add(j, s, strlen(s))) < 0)
                        return r;
                if ((r = shell_text(j, what, s, args, n_args)) != 0)
                        return r;
        }
        return 0;
}

/* A program that may print its words (yes S, date +S, expr S, sh -c S):
 * when they name git, the text from each word on (a date format's +
 * gone), read as a shell reads its program. */
static int words_text(Judge *j, const Stage *st, size_t k, const char *what, const ShellWord *const *args,
                      size_t n_args) {
        _cleanup_free_ char *all = programs_joined(st->w, st->n, k + 1);
        if (!all)
                return -ENOMEM;
        for (size_t a = k + 1; a < st->n && strstr(all, "git"); a++) {
                _cleanup_free_ char *s = programs_joined(st->w, st->n, a);
                if (!s)
                        return -ENOMEM;
                int r = shell_text(j, what, s + (s[0] == '+'), args, n_args);
                if (r != 0)
                        return r;
                /* grep --label=W: W and the words after it */
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                const char *eq = o && o[0] == '-' ? strchr(o, '=') : NULL;
                if (eq && (r = shell_text(j, what, s + (eq - o) + 1, args, n_args)) != 0)
                        return r;
        }
        return 0;
}

/* What echo or printf in this stage prints (as written, printf's format
 * applied, escapes decoded), read as a shell reads its program. */
static int printed_text(Judge *j, const Stage *st, const char *what, const ShellWord *const *args,
                        size_t n_args) {
        char buf[256];
        size_t k = scripts_program_at(st->w, st->n); /* env echo, command printf, nice echo */
        const char *name = k < st->n ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        if (name && !(streq(name, "echo") || streq(name, "printf")))
                return pipeline_prints_words(st, name) ? words_text(j, st, k, what, args, n_args) : 0;
        if (!name)
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
        if (what == written_what) { /* what it writes, for the line's texts together */
                _cleanup_free_ char *f = streq(name, "printf") ? reread_printf(w, n) : NULL;
                bool newline = streq(name, "echo") && !(from > 1 && programs_word_is(w[1], "-n"));
                if ((streq(name, "printf") && !f) ||
                    (r = shells_written_add(j, f ? f : s, strlen(f ? f : s))) < 0 ||
                    (newline && (r = shells_written_add(j, "\n", 1)) < 0))
                        return r < 0 ? r : -ENOMEM;
        }
        return shell_text(j, what, s, args, n_args);
}

int shells_written_add(Judge *j, const char *s, size_t n) {
        WrittenTexts *t = j->written;
        if (!t || t->n + n > 1u << 20) /* past a megabyte: the pieces are each judged */
                return 0;
        char *b = realloc(t->buf, t->n + n + 1);
        if (!b)
                return -ENOMEM;
        memcpy(b + t->n, s, n);
        t->buf = b;
        t->n += n;
        t->buf[t->n] = 0;
        t->pieces += !(n == 1 && s[0] == '\n'); /* echo's newline joins no two texts */
        return 0;
}

/* The shell a command runs, if any, and the index of its word in *ret_k:
 * sh, bash, ...; eval, source and .; su and script with no command run a
 * shell on their input; a program the rule does not know with a shell
 * among its words (chrt -o 0 bash) may be running it, and so may one known
 * only when the line runs ($SHELL). */
static const char *stage_shell(const ShellWord *const *w, size_t n, size_t *ret_k, char buf[static 256]) {
        static const char *const stdin_shells[] = {"su", "runuser", "script", "sg",   "newgrp", "vim",
                                                   "vi", "ex",      "nvim",   "view", "gdb",    NULL};
        size_t k = scripts_program_at(w, n);
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

static int substituted_call(Judge *j, const Line *ln, const char *x);

/* Does the text x name a function the line defines? */
static bool calls_function(const ShellLexed *l, const char *x) {
        for (const char *c = x; *c;) {
                size_t m = strspn(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.");
                char name[128];
                if (m > 0 && m < sizeof name) {
                        memcpy(name, c, m);
                        name[m] = 0;
                        if (compound_defines(l, name))
                                return true;
                }
                c += m ? m : 1;
        }
        return false;
}

/* cat <(f) | sh: the text of a process substitution prev reads, when it
 * calls a function the line defines, a shell's input: the call's output
 * judged as f | sh when prev is a bare cat reading that one; else (tac
 * <(f), paste <(f) <(g): its lines reordered or joined) by the letters of
 * the line, its functions' bodies among them. */
static int substituted_fed(Judge *j, const Line *ln, const Stage *prev) {
        const ShellLexed *l = ln->lexed;
        if (!l || !prev || j->substituted_run || !judge_held(j))
                return 0;
        size_t subs = 0, last = 0;
        bool functions = false;
        for (size_t i = 0; i < prev->n_redir; i++) {
                size_t q = prev->redir[i]->nested;
                if (!streq(prev->redir[i]->op, "<(") || q == 0 || q > l->n_nested)
                        continue;
                functions = functions || calls_function(l, l->nested[q - 1]);
                subs++, last = q;
        }
        if (!functions)
                return 0;
        char buf[256];
        size_t k = scripts_program_at(prev->w, prev->n);
        const char *p = k < prev->n ? programs_plain(prev->w[k], buf, sizeof buf) : NULL;
        if (subs == 1 && p && streq(p, "cat") && k + 1 == prev->n) {
                int r = substituted_call(j, ln, l->nested[last - 1]);
                if (r != 2)
                        return r;
        }
        if (!rebound_letters(j->text, j->text_n))
                return 0;
        judge_mark_held(j);
        return judge_refuse(j, "a program reads a substitution that calls a function the line defines, "
                               "into a shell, not modelled exactly, while the texts hold the letters of git "
                               "and the history holds a masked entry");
}

int shells_judge_input(Judge *j, const Line *ln, const Stage *st, const Stage *prev) {
        char buf[256];
        size_t k = 0;
        int h = handed_judge_input(j, st, prev); /* newgrp < <(...), tmux -f <(...) */
        _cleanup_free_ char *ex = NULL;          /* printf '%s\n' 'g/^#/d' wq | ex -s F: Ex, no shell's */
        if (h != 0 || (h = ex_fed_program(ln, st, prev, &ex)) != 0)
                return h < 0 || !ex ? h : 0;
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
        if ((r = redirect_texts(j, ln, prev, "what a shell reads from the pipe", args, n_args)) != 0 ||
            (r = substituted_fed(j, ln, prev)) != 0)
                return r;                 /* cat <<EOF | sh */
        _cleanup_free_ char *body = NULL; /* { printf g; echo 'it log'; } | xargs -0 sh -c */
        if ((r = pipeline_compound_fed(j, ln, prev, &body)) != 0 ||
            (body && (r = shell_text(j, "what a shell reads from the pipe", body, args, n_args)) != 0))
                return r;
        return printed_text(j, prev, "what a shell reads from the pipe", args, n_args);
}

/* Does this command read a program the line cannot tie to one text: a
 * shell reading its input (no -c, no script, or -s), or a string from a
 * variable (eval "$l", sh -c "$l", while read l; do eval "$l")? */
static bool reads_untied(void *ctx, const ShellWord *const *w, size_t n) {
        const int *depth = ctx;
        char buf[256];
        size_t k = 0;
        /* su U < F, runuser -u U sh < F: the shell behind reads F */
        if (handed_reads_input(w, n, depth ? *depth : 0) || computed_line_words(w, n))
                return true;
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

/* The script file this command runs, into buf: a shell's (no -c, no -s, no
 * descriptor), source's or .'s operand, or a program named by a path (bash
 * runs ./x, with no #!, as its script); NULL for none. */
static const char *script_file(const ShellWord *const *w, size_t n, char buf[static 256], bool *ret_args) {
        size_t k = scripts_program_at(w, n);
        const char *a = k < n ? programs_plain(w[k], buf, 256) : NULL;
        *ret_args = k + 1 < n;
        if (!a || strchr(a, '/'))
                return a;
        bool source = streq(a, "source") || streq(a, ".");
        if (!source && !(programs_is_shell(a) && programs_shell_c(w + k, n - k, 1) == SIZE_MAX))
                return NULL;
        const ShellWord *const *args;
        size_t n_args;
        bool input = false;
        if (shell_operands(w + k, n - k, source, &args, &n_args, &input) || input)
                return NULL;
        /* the script is the word before its positional parameters; "" when
         * it is known only when the line runs (bash "$(echo x.sh)") */
        size_t at = args ? (size_t) (args - w) - 1 : n - 1;
        *ret_args = args != NULL;
        if (at <= k)
                return NULL;
        a = programs_plain(w[at], buf, 256);
        return a ? a : "";
}

static const char *base_name(const char *path) {
        const char *b = strrchr(path, '/');
        return b ? b + 1 : path;
}

/* Does a command of l, or of a text it nests, do what pred says? */
bool shells_line_has(const ShellLexed *l, int depth,
                     bool (*pred)(void *ctx, const ShellWord *const *w, size_t n), void *ctx) {
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
                if (m > 0 && pred(ctx, w, m))
                        return true;
                m = 0;
        }
        for (size_t i = 0; depth < 4 && i < l->n_nested; i++) {
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (shell_lex(l->nested[i], strlen(l->nested[i]), &inner) == 0 &&
                    shells_line_has(&inner, depth + 1, pred, ctx))
                        return true;
        }
        return false;
}

static void note_name(Judge *j, const char *path) {
        if (!path[0] || j->n_scripts == ELEMENTSOF(j->scripts))
                j->scripts_many = true;
        else
                snprintf(j->scripts[j->n_scripts++], sizeof j->scripts[0], "%s", base_name(path));
}

/* The files a command runs by their names alone, with no word naming them
 * (make reads Makefile, npm run package.json's scripts, bash -l
 * .bash_profile), or by a variable's value (BASH_ENV=F, ENV=F) or an
 * option's (bash --rcfile F): noted as scripts it runs. */
static void note_defaults(Judge *j, const ShellWord *const *w, size_t n, size_t k) {
        static const struct {
                const char *program, *option; /* an option naming another file instead */
                const char *const files[4];
        } defaults[] = {
                {"make", "-f", {"Makefile", "makefile", "GNUmakefile", NULL}},
                {"gmake", "-f", {"Makefile", "makefile", "GNUmakefile", NULL}},
                {"npm", NULL, {"package.json", NULL}},
                {"yarn", NULL, {"package.json", NULL}},
                {"pnpm", NULL, {"package.json", NULL}},
                {"bun", NULL, {"package.json", NULL}},
                {"ninja", "-f", {"build.ninja", NULL}},
                {"just", "-f", {"justfile", "Justfile", ".justfile", NULL}},
                {"task", "-t", {"Taskfile.yml", "Taskfile.yaml", NULL}},
        };
        char buf[256], name[256];
        for (size_t a = 0; a < n; a++) { /* BASH_ENV=F bash, export ENV=F, env BASH_ENV=F */
                if (!programs_is_assignment(w[a]))
                        continue;
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (t && (strncmp(t, "BASH_ENV=", 9) == 0 || strncmp(t, "ENV=", 4) == 0))
                        note_name(j, strchr(t, '=') + 1);
                /* COMPILER_PATH=X gcc: any file written may be the as or ld it runs;
                 * RIPGREP_CONFIG_PATH=F rg: F's --pre=sh, each file searched */
                j->scripts_many = j->scripts_many || !t || strncmp(t, "COMPILER_PATH=", 14) == 0 ||
                                  strncmp(t, "GCC_EXEC_PREFIX=", 16) == 0 ||
                                  strncmp(t, "RIPGREP_CONFIG_PATH=", 20) == 0;
        }
        const char *prog = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (!prog)
                return;
        /* git -c core.hooksPath=DIR ..., git hook run NAME: any file the line
         * writes may be a hook git runs */
        for (size_t a = k + 1; a < n && streq(prog, "git"); a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                j->scripts_many = j->scripts_many || !t || strcasestr(t, "hookspath") || streq(t, "hook");
        }
        /* gcc -B X/: X/as, X/ld; rg --pre sh: each file it searches */
        bool rg = streq(prog, "rg"), cc = argrun_is_compiler(prog);
        for (size_t a = k + 1; a < n && (rg || cc); a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf);
                j->scripts_many = j->scripts_many || !o || (cc && strncmp(o, "-B", 2) == 0) ||
                                  (rg && programs_long_is(o, "pre", NULL) && strncmp(o, "--pre-", 6) != 0);
                /* gcc @F, -specs=F: its options (a -wrapper among them) from F */
                if (cc && o && (o[0] == '@' || strncmp(o, "-specs=", 7) == 0))
                        note_name(j, o[0] == '@' ? o + 1 : o + 7);
        }
        /* make -f F, --file=F, include F: any file it writes may be a makefile */
        j->make_runs = j->make_runs || streq(prog, "make") || streq(prog, "gmake");
        for (size_t d = 0; d < ELEMENTSOF(defaults); d++) {
                if (!streq(prog, defaults[d].program))
                        continue;
                bool named = false; /* make -f FILE: that file, which the line's words name */
                for (size_t a = k + 1; a < n && defaults[d].option; a++) {
                        const char *o = programs_plain(w[a], buf, sizeof buf);
                        named = named || (o && strncmp(o, defaults[d].option, 2) == 0) ||
                                (o &&
                                 (strncmp(o, "--file", 6) == 0 || strncmp(o, "--makefile", 10) == 0 ||
                                  strncmp(o, "--justfile", 10) == 0 || strncmp(o, "--taskfile", 10) == 0));
                }
                for (const char *const *f = defaults[d].files; !named && *f; f++)
                        note_name(j, *f);
        }
        /* a name list the line writes, then reads: xargs -a F, tar -T F,
         * rsync --files-from=F (its names judged as a script's words) */
        size_t x = k; /* xargs is a wrapper: before the program */
        for (size_t i = 0; i < k; i++)
                if (streq_ptr(programs_name(w[i], buf, sizeof buf), "xargs"))
                        x = i;
        bool xargs = x < k;
        bool lists = xargs || streq(prog, "tar") || streq(prog, "rsync");
        for (size_t a = x + 1; a < n && lists; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf), *value = NULL;
                if (!o || o[0] != '-')
                        continue;
                bool is_long = programs_long_is(o, "arg-file", &value) ||
                               programs_long_is(o, "files-from", &value) ||
                               programs_long_is(o, "include-from", &value);
                bool letter = o[1] != '-' && o[strlen(o) - 1] == (xargs ? 'a' : 'T');
                if (is_long && value)
                        note_name(j, value);
                else if ((is_long || letter) && a + 1 < n) {
                        const char *f = programs_plain(w[++a], buf, sizeof buf);
                        note_name(j, f ? f : "");
                }
                j->names_read = j->names_read || is_long || letter;
        }
        if (!programs_is_shell(prog))
                return;
        for (size_t a = k + 1; a < n; a++) { /* bash --rcfile F -i, bash -l, bash -i */
                const char *o = programs_plain(w[a], buf, sizeof buf);
                if (!o || o[0] != '-')
                        break;
                if ((streq(o, "--rcfile") || streq(o, "--init-file")) && a + 1 < n) {
                        const char *f = programs_plain(w[++a], buf, sizeof buf);
                        note_name(j, f ? f : "");
                } else if (streq(o, "--login") || (o[1] != '-' && strchr(o + 1, 'l'))) {
                        static const char *const login[] = {".bash_profile", ".bash_login", ".profile",
                                                            NULL};
                        for (const char *const *f = login; *f; f++)
                                note_name(j, *f);
                } else if (o[1] != '-' && strchr(o + 1, 'i'))
                        note_name(j, ".bashrc");
        }
}

/* Notes each script file a command runs in the Judge, and those its -c
 * string runs (sh -c '. ./x.sh'); never "has". */
/* A path among a value's words: its first word, if it holds a '/'. */
static void note_path(Judge *j, const char *v) {
        char p[256];
        size_t len = strcspn(v, " \t");
        if (len == 0 || len >= sizeof p)
                return;
        memcpy(p, v, len);
        p[len] = 0;
        if (p[0] == '|')
                memmove(p, p + 1, len);
        if (strchr(p, '/'))
                note_name(j, p);
}

/* A program the command names by a value, not as a word of its own: a
 * variable that names one (GIT_SSH=./s, EDITOR=X/s, make SHELL=./s), an
 * option's (tar -I ./s, --use-compress-program=./s, rsync -e X/s, ssh -o
 * ProxyCommand=X/s, git -c core.editor=./s), hash -p, trap; a PATH the
 * line sets (a file it wrote may be any program found there). Noted as
 * scripts it runs, when they hold a '/' (31k 9). */
static void note_values(Judge *j, const ShellWord *const *w, size_t n, size_t k) {
        static const char *const runs[] = {"GIT_SSH",     "GIT_SSH_COMMAND",
                                           "GIT_EDITOR",  "GIT_SEQUENCE_EDITOR",
                                           "GIT_PAGER",   "GIT_EXTERNAL_DIFF",
                                           "GIT_ASKPASS", "SSH_ASKPASS",
                                           "EDITOR",      "VISUAL",
                                           "PAGER",       "MANPAGER",
                                           "LESSOPEN",    "LESSCLOSE",
                                           "SHELL",       "BROWSER",
                                           "CC",          "CXX",
                                           NULL};
        char name[256];
        const char *prog = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        options_note_scripts(j, w, n, note_path); /* glued values: tar -I./s, rsync -e./s */
        for (size_t i = 0; i < n; i++) {
                _cleanup_free_ char *t = programs_word_text(w[i]);
                if (!t)
                        return;
                char *eq = strchr(t, '=');
                bool vars = i < k ||
                            (prog && streq_any(prog, (const char *const[]){"export", "declare", "typeset",
                                                                           "local", "make", "env", NULL}));
                if (eq && vars && programs_is_assignment(w[i])) {
                        *eq = 0;
                        if (streq(t, "PATH"))
                                j->scripts_many = true;
                        else if (streq_any(t, runs))
                                note_path(j, eq + 1);
                        continue;
                }
                bool option_value = i > k && t[0] != '-' && w[i - 1]->n > 0 && w[i - 1]->v[0].c == '-';
                if (i > k && t[0] == '-' && eq)
                        note_path(j, eq + 1); /* --use-compress-program=./s, -oProxyCommand=X/s */
                else if (option_value || (prog && (streq(prog, "trap") || streq(prog, "hash")) && i > k))
                        note_path(j, eq && !strchr(t, '/') ? eq + 1 : eq && strchr(eq, '/') ? eq + 1 : t);
        }
}

static bool note_script(void *ctx, const ShellWord *const *w, size_t n);

/* A string a program of the line runs as a command line: the scripts it
 * runs are the line's (eval 'sh F', tar --to-command='sh F'). */
static void note_string(void *ctx, const char *s) {
        Judge *j = ctx;
        _cleanup_(shell_lexed_done) ShellLexed inner = {0};
        if (j->script_depth >= 4 || shell_lex(s, strlen(s), &inner) < 0)
                return;
        j->script_depth++;
        (void) shells_line_has(&inner, 0, note_script, j);
        j->script_depth--;
}

static bool note_script(void *ctx, const ShellWord *const *w, size_t n) {
        Judge *j = ctx;
        char buf[256], name[256];
        bool args = false;
        size_t k = scripts_program_at(w, n), c;
        note_values(j, w, n, k);
        note_defaults(j, w, n, k);
        const char *first = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (first && (streq(first, "export") || streq(first, "declare") || streq(first, "typeset")))
                note_defaults(j, w + k + 1, n - k - 1, n - k - 1);
        const char *f = script_file(w, n, buf, &args);
        if (k < n && programs_is_shell(programs_name(w[k], name, sizeof name)) &&
            (c = programs_shell_c(w + k, n - k, 1)) != SIZE_MAX && k + c < n && j->script_depth < 4) {
                _cleanup_free_ char *text = programs_word_text(w[k + c]);
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (!text || shell_lex(text, strlen(text), &inner) < 0) {
                        j->scripts_many = true; /* unread: any text written may be what it runs */
                        return false;
                }
                j->script_depth++;
                (void) shells_line_has(&inner, 0, note_script, j);
                j->script_depth--;
                return false;
        }
        strings_each_command(w, n, k, note_string, j);
        for (size_t a = 0; a < k; a++) { /* parallel sh ::: X/s: a wrapper whose operands are the shell's */
                _cleanup_free_ char *lines = NULL;
                if (streq_ptr(programs_name(w[a], name, sizeof name), "parallel") &&
                    runners_parallel_string(w + a, n - a, &lines) > 0)
                        note_string(j, lines);
        }
        /* nsenter -t 1 sh F, git bisect run sh F: a shell among the words of
         * a program that may run them as a command */
        for (size_t a = k + 1; a < n && j->script_depth < 4; a++) {
                char word[256];
                const char *s = programs_plain(w[a], word, sizeof word);
                if (s && (programs_is_shell(s) || streq(s, "source"))) {
                        j->script_depth++;
                        (void) note_script(j, w + a, n - a);
                        j->script_depth--;
                        break;
                }
        }
        const char *prog = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (prog && streq(prog, "find")) /* find -exec bash {} \;: the command after each -exec, -ok */
                for (size_t e = k + 1; e + 1 < n; e++) {
                        char opt[256];
                        const char *o = programs_plain(w[e], opt, sizeof opt);
                        if (o && (streq(o, "-exec") || streq(o, "-execdir") || streq(o, "-ok") ||
                                  streq(o, "-okdir")))
                                (void) note_script(j, w + e + 1, n - e - 1);
                }
        size_t x = prog && streq(prog, "xargs") ? k : n;
        for (size_t e = 0; e < k && x == n; e++) /* xargs -a <(echo F) bash: -a took bash for its file */
                x = streq_ptr(programs_name(w[e], name, sizeof name), "xargs") ? e : n;
        if (x < n) /* xargs bash: a script named by the input */
                for (size_t e = x + 1; e < n; e++) {
                        char word[256];
                        const char *a = programs_name(w[e], word, sizeof word);
                        j->scripts_many = j->scripts_many || programs_is_shell(a) ||
                                          streq_any(a, (const char *const[]){"source", ".", NULL});
                }
        if (!f)
                return false;
        j->scripts_args = j->scripts_args || args;
        note_name(j, streq(f, "{}") ? "" : f);
        return false;
}

bool shells_line_untied(const ShellLexed *l, int depth) {
        return shells_line_has(l, depth, reads_untied, &depth);
}

int shells_judge_redirects(Judge *j, const Line *ln, const Stage *st, const Stage *prev) {
        /* psql, mysql: their own language (SQL's count(*) is no glob a shell runs) */
        int r = reread_sql_fed(j, ln, st, prev);
        if (r == 3) /* cat q.sql | psql: as any program's input */
                return shells_judge_fed(j, ln, prev, NULL);
        if (r != 0)
                return r < 0 ? r : r == 2 ? 0 : 1;
        /* ex -s F <<< '%s/a/b/g': Ex, judged by its grammar (command-languages.c) */
        _cleanup_free_ char *ex = NULL;
        if ((r = ex_fed_program(ln, st, prev, &ex)) != 0)
                return r < 0 ? r : 0;
        r = redirect_texts(j, ln, st, "a text the line feeds a program that may run it as a shell's", NULL,
                           0);
        return r == 0 && prev ? shells_judge_fed(j, ln, prev, NULL) : r;
}

/* Is this path one of the scripts the line runs (by its last name: a cd
 * between the two may join them)? */
static bool run_later(const Judge *j, const char *path) {
        for (size_t i = 0; i < j->n_scripts; i++)
                if (streq(j->scripts[i], base_name(path)))
                        return true;
        return j->scripts_many;
}

/* Does this command copy a file to a script the line runs: tee, cp, mv,
 * ln, install, rsync or sponge with it among its operands, dd with of=,
 * split with its PREFIX the start of its name? A name
 * known only when the line runs may be one. */
static bool copies_to_script(void *ctx, const ShellWord *const *w, size_t n) {
        static const char *const copiers[] = {"tee",   "cp", "mv",     "ln", "install",
                                              "rsync", "dd", "sponge", NULL};
        const Judge *j = ctx;
        char buf[256];
        size_t k = scripts_program_at(w, n);
        const char *prefix = rebound_split_prefix(w, n, buf); /* split - X/m: X/maa, X/mab, ... */
        for (size_t i = 0; prefix && i < j->n_scripts; i++)
                if (strncmp(j->scripts[i], base_name(prefix), strlen(base_name(prefix))) == 0)
                        return true;
        if (prefix)
                return j->scripts_many;
        if (k >= n || !streq_any(programs_name(w[k], buf, sizeof buf), copiers))
                return false;
        bool dd = streq(programs_name(w[k], buf, sizeof buf), "dd");
        for (k++; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a)
                        return true;
                if (dd ? strncmp(a, "of=", 3) == 0 && run_later(j, a + 3) : a[0] != '-' && run_later(j, a))
                        return true;
        }
        return false;
}

static bool named_later(const void *ctx, const char *path) {
        return run_later(ctx, path);
}

/* sed -i S Makefile; make: an edit in place of a script the line runs */
static bool edits_a_script(void *ctx, const ShellWord *const *w, size_t n) {
        return edited_in_place(w, n, named_later, ctx);
}

/* Does the line write a script it runs: a redirect to it (a command's, a
 * group's, exec's), or a copy to it (echo S | tee x.sh; cp s x.sh)? */
static bool writes_a_script(const ShellLexed *l, const Judge *j) {
        static const char *const ops[] = {">", ">>", ">|", "&>", "&>>", "<>", NULL};
        char buf[256];
        for (size_t i = 0; i + 1 < l->n; i++) {
                const ShellToken *t = &l->v[i], *to = &l->v[i + 1];
                if (t->kind != SHELL_TOKEN_REDIR || !streq_any(t->op, ops) || to->kind != SHELL_TOKEN_WORD)
                        continue;
                const char *a = programs_plain(&to->w, buf, sizeof buf);
                if (!a || run_later(j, a))
                        return true;
        }
        return shells_line_has(l, 0, copies_to_script, (void *) j) ||
               shells_line_has(l, 0, edits_a_script, (void *) j);
}

static bool runs_git(void *ctx, const ShellWord *const *w, size_t n) {
        char name[256];
        size_t k = scripts_program_at(w, n);
        (void) ctx;
        return k < n && streq_ptr(programs_name(w[k], name, sizeof name), "git");
}

/* sh < F, bash -s 0< F, exec < F (a shell after it reads F): F is a
 * script the line runs, as bash F is. */
static void stdin_scripts(const ShellLexed *l, Judge *j) {
        for (size_t i = 0; i + 1 < l->n; i++) {
                const ShellToken *t = &l->v[i];
                if (t->kind != SHELL_TOKEN_REDIR || !(t->fd == -1 || t->fd == 0) ||
                    !(streq(t->op, "<") || streq(t->op, "<>")) || l->v[i + 1].kind != SHELL_TOKEN_WORD)
                        continue;
                const ShellWord *w[64];
                size_t n = 0, s = i;
                while (s > 0 && l->v[s - 1].kind != SHELL_TOKEN_OP)
                        s--;
                for (size_t e = s; e < l->n && l->v[e].kind != SHELL_TOKEN_OP && n < ELEMENTSOF(w); e++)
                        if (l->v[e].kind == SHELL_TOKEN_WORD &&
                            !(e > s && l->v[e - 1].kind == SHELL_TOKEN_REDIR))
                                w[n++] = &l->v[e].w;
                char name[256];
                size_t k = scripts_program_at(w, n);
                const char *p = k < n ? programs_name(w[k], name, sizeof name) : NULL;
                char first[256]; /* exec < F: every later command's input */
                bool exec = n == 1 && streq_ptr(programs_name(w[0], first, sizeof first), "exec");
                if (!exec && !(p && programs_is_shell(p) && programs_shell_c(w + k, n - k, 1) == SIZE_MAX))
                        continue;
                _cleanup_free_ char *f = programs_word_text(&l->v[i + 1].w);
                if (f)
                        note_name(j, f);
        }
}

bool shells_line_scripts(const ShellLexed *l, Judge *j) {
        (void) shells_line_has(l, 0, note_script, j);
        stdin_scripts(l, j);
        readers_input_scripts(l, j, note_name);
        /* a file written into a hooks/ directory (.git/hooks/pre-commit),
         * then git: a hook it may run */
        for (size_t i = 0; i + 1 < l->n && !j->scripts_many; i++) {
                _cleanup_free_ char *t =
                        l->v[i].kind == SHELL_TOKEN_REDIR && l->v[i + 1].kind == SHELL_TOKEN_WORD
                                ? programs_word_text(&l->v[i + 1].w)
                                : NULL;
                if (t && (strstr(t, "hooks/") == t || strstr(t, "/hooks/")) &&
                    shells_line_has(l, 0, runs_git, NULL))
                        j->scripts_many = true;
        }
        j->scripts_unseen = scripts_unseen(l);
        /* a quoted heredoc's body is data, what it holds no arithmetic of
         * this shell's, unless the line may run it here: a file it writes
         * and runs (cat > x.sh <<'E' ... E; . ./x.sh), eval, source */
        if ((j->data_assigns || j->data_pathspec) &&
            (j->n_scripts > 0 || j->scripts_many || j->scripts_unseen || j->untied ||
             written_data_runs(l))) {
                j->git_pathspec_env = true;
                j->scripts_many = j->scripts_many || j->data_assigns;
        }
        return j->scripts_unseen || ((j->n_scripts > 0 || j->scripts_many) && writes_a_script(l, j));
}

/* Every text st feeds (its here-strings and heredocs, what its echo or
 * printf prints), judged as what. */
static int fed_texts(Judge *j, const Line *ln, const Stage *st, const char *what) {
        int r = redirect_texts(j, ln, st, what, NULL, 0);
        return r != 0 ? r : printed_text(j, st, what, NULL, 0);
}

int shells_judge_fed(Judge *j, const Line *ln, const Stage *st, const Stage *next) {
        /* printf '%s\n' 'g/^#/d' wq | ex -s F: Ex, judged by its grammar */
        _cleanup_free_ char *ex = NULL;
        int r = next ? ex_fed_program(ln, next, st, &ex) : 0;
        if (r != 0)
                return r < 0 ? r : 0;
        return fed_texts(j, ln, st, "a text the line feeds, and a shell of it reads its input as a program");
}

int shells_judge_written(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at) {
        const char *what = written_what;
        const Stage *st = &v[at];
        if (j->scripts_unseen)
                return judge_refuse(j, "%s", j->scripts_unseen);
        /* ex -s F <<< '$a|TEXT': what it puts in, judged below; printf S |
         * ex -s F: S is its program */
        _cleanup_free_ char *ex = NULL, *next = NULL;
        int r = ex_fed_program(ln, st, at > 0 ? &v[at - 1] : NULL, &ex);
        if (r < 0 || (at + 1 < n && (r = ex_fed_program(ln, &v[at + 1], st, &next)) < 0))
                return r;
        if (next)
                return 0;
        bool was = j->lenient;
        j->lenient = true; /* a text that does not lex is judged by its names */
        j->positional_unseen = j->scripts_args;
        r = ex ? 0 : fed_texts(j, ln, st, what);
        if (r == 0) /* sed -i S Makefile, jq F package.json > X; mv X package.json */
                r = edited_judge(j, st, ex);
        j->lenient = was;
        j->positional_unseen = false;
        return r;
}

/* X a call of a function the line defines, with no words (sh <(f)): what
 * it prints judged as a shell's program (as f | sh); 2 when X is not one. */
static int substituted_call(Judge *j, const Line *ln, const char *x) {
        ShellLexed c = {0};
        int r = shell_lex(x, strlen(x), &c);
        if (r < 0)
                return r == -EINVAL ? 2 : r;
        size_t words = 0;
        for (size_t i = 0; i < c.n; i++)
                words += c.v[i].kind == SHELL_TOKEN_WORD ? 1 : c.v[i].kind == SHELL_TOKEN_NEWLINE ? 0 : 2;
        r = 2;
        if (words == 1 && c.n_nested == 0) {
                size_t at = 0;
                while (c.v[at].kind != SHELL_TOKEN_WORD)
                        at++;
                const ShellWord *w[1] = {&c.v[at].w};
                Stage st = {.w = w, .n = 1};
                _cleanup_free_ char *body = NULL;
                r = pipeline_compound_fed(j, ln, &st, &body);
                if (r == 0 && body)
                        r = programs_reread(j, "what a shell reads from a function's call", body,
                                            strlen(body));
                else if (r == 0)
                        r = 2;
        }
        shell_lexed_done(&c);
        return r;
}

/* The nested text X (1 + its index q) judged as { X; } | sh: the line
 * first when it defines a function X may call (sh <(f)). */
static int substituted_text(Judge *j, const Line *ln, size_t q, const char *reader) {
        const ShellLexed *l = ln->lexed;
        if (q == 0 || q > l->n_nested)
                return 0;
        bool functions = calls_function(l, l->nested[q - 1]);
        if (functions) { /* sh <(f): f's call as a pipeline's first stage, modelled */
                int r = substituted_call(j, ln, l->nested[q - 1]);
                if (r != 2)
                        return r;
        }
        _cleanup_free_ char *t = NULL, *tail = NULL;
        if (asprintf(&tail, "{ %s\n} | %s", l->nested[q - 1], reader) < 0)
                return -ENOMEM;
        size_t tn = strlen(tail); /* the text read again: its own line's substitution is judged */
        if (functions && ln->n >= tn && memcmp(ln->text + ln->n - tn, tail, tn) == 0)
                return 0;
        if (asprintf(&t, "%.*s%s{ %s\n} | %s", functions ? (int) ln->n : 0, ln->text, functions ? "\n" : "",
                     l->nested[q - 1], reader) < 0)
                return -ENOMEM;
        j->substituted_run = true;
        int r = programs_reread(j, "what a shell reads from a substitution, as a pipe into it", t,
                                strlen(t));
        j->substituted_run = false;
        return r;
}

int shells_substituted_run(Judge *j, const Line *ln, const Stage *st, const char *name,
                           const ShellWord *const *w, size_t n, bool interpreted) {
        char buf[64];
        if (!ln->lexed || j->substituted_run || !judge_held(j))
                return 0;
        /* python3 <(X), perl <(X): the interpreter reads its program from X */
        bool shell = !interpreted;
        const char *reader = shell ? "sh" : name;
        int r = 0;
        for (size_t i = 0; st && i < st->n_redir && r == 0; i++)
                if (streq(st->redir[i]->op, "<("))
                        r = substituted_text(j, ln, st->redir[i]->nested, reader);
        if (!shell)
                return r;
        /* eval's words; a shell's -c string */
        bool eval = streq(name, "eval");
        for (size_t a = 1; a < n && r == 0; a++) {
                const char *o = eval ? NULL : programs_plain(w[a - 1], buf, sizeof buf);
                if (!eval && !(o && o[0] == '-' && o[1] != '-' && o[strlen(o) - 1] == 'c'))
                        continue;
                for (size_t k = 0; k < w[a]->n && r == 0; k++)
                        if (w[a]->v[k].kind == SHELL_EXPAND)
                                r = substituted_text(j, ln, w[a]->v[k].nested, reader);
        }
        return r;
}
