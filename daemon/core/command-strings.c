/* SPDX-License-Identifier: MIT */
/*
 * The strings a line's programs read again as command lines
 * (command-internal.h): eval's, trap's, a shell's -c, su -c, compgen -C,
 * start-stop-daemon's program, env -S's with its own escapes, the words a
 * brace as the command makes, xargs -a <(...)'s command, a function a
 * shell imports (BASH_FUNC_), a command's words without the assignments
 * set -k takes out of them, ...; and their
 * judging, with what the line hands on to them (what it set for git, a cwd
 * it may have moved). It must
 * not judge a string itself: command_judge does, a level deeper.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

int programs_reread_string(const ShellWord *const *w, size_t n, char **ret_s, size_t *ret_rest) {
        char buf[256];
        const char *name = n > 0 ? programs_name(w[0], buf, sizeof buf) : NULL;
        size_t at = SIZE_MAX;
        if (!name)
                return 0;
        int h = handed_string(w, n, ret_s, ret_rest); /* capsh -- ARGS, watch -x PROG ARGS */
        if (h != 0)
                return h;
        if (streq(name, "eval") || streq(name, "watch")) {
                size_t k = 1;
                while (streq(name, "watch") && k < n && w[k]->n > 0 && w[k]->v[0].c == '-') {
                        char o[256];
                        const char *a = programs_plain(w[k], o, sizeof o);
                        k += a && (streq(a, "-n") || streq(a, "-q") || streq(a, "--interval") ||
                                   streq(a, "--equexit"))
                                     ? 2
                                     : 1;
                }
                char *s = programs_joined(w, n, k > n ? n : k);
                if (!s)
                        return -ENOMEM;
                *ret_s = s;
                *ret_rest = n;
                return 1;
        }
        if (streq(name, "start-stop-daemon")) { /* -x/-a PROG ... -- ARGS: PROG ARGS runs */
                char *line = NULL;
                int r = options_daemon_line(w, n, &line);
                if (r <= 0)
                        return r;
                *ret_s = line;
                *ret_rest = n;
                return 1;
        }
        if (streq(name, "compgen") || streq(name, "complete")) {
                /* -C S: S run as eval runs it; -W LIST: LIST expanded, its
                 * substitutions run (as echo's words) */
                for (size_t k = 1; k < n; k++) {
                        char o[256];
                        const char *a = programs_plain(w[k], o, sizeof o);
                        const char *c = a && a[0] == '-' && a[1] != '-' ? strpbrk(a + 1, "CW") : NULL;
                        if (!c)
                                continue;
                        /* the rest of the word after the letter, or the next word */
                        _cleanup_free_ char *v = c[1]        ? strdup(c + 1)
                                                 : k + 1 < n ? programs_word_text(w[k + 1])
                                                             : NULL;
                        if (!v && !c[1] && k + 1 >= n)
                                return 0;
                        char *s = NULL;
                        if (!v || asprintf(&s, "%s%s", *c == 'W' ? "echo " : "", v) < 0)
                                return -ENOMEM;
                        *ret_s = s;
                        *ret_rest = n;
                        return 1;
                }
                return 0;
        }
        if (streq(name, "trap")) { /* trap S SIGNAL...: S is read when the signal comes */
                size_t k = 1;
                char o[256];
                const char *a = k < n ? programs_plain(w[k], o, sizeof o) : NULL;
                if (a && streq(a, "--"))
                        a = ++k < n ? programs_plain(w[k], o, sizeof o) : NULL;
                if (k >= n || (a && (streq(a, "-") || streq(a, "-p") || streq(a, "-l") || streq(a, "-P"))))
                        return 0;
                char *s = programs_word_text(w[k]);
                if (!s)
                        return -ENOMEM;
                *ret_s = s;
                *ret_rest = n;
                return 1;
        }
        if (programs_is_shell(name))
                at = programs_shell_c(w, n, 1);
        else if (streq(name, "sg")) { /* sg [-] GROUP [-c] CMD: CMD through sh -c, either form */
                size_t k = 1;
                char o[256];
                const char *a = k < n ? programs_plain(w[k], o, sizeof o) : NULL;
                k += a && streq(a, "-");
                a = k + 1 < n ? programs_plain(w[k + 1], o, sizeof o) : NULL;
                at = k + 1 + (a && streq(a, "-c"));
                if (at < n) {
                        char *s = programs_joined(w, n, at);
                        if (!s)
                                return -ENOMEM;
                        *ret_s = s;
                        *ret_rest = n;
                        return 1;
                }
        } else if (streq(name, "su") || streq(name, "script") || streq(name, "runuser")) {
                for (size_t k = 1; k < n && at == SIZE_MAX; k++) {
                        char o[256];
                        /* -c"git $x", --command="$C": the option by its literal bytes */
                        bool computed = !programs_plain(w[k], o, sizeof o);
                        const char *a = handed_literal_head(w[k], o, sizeof o);
                        const char *c = a[0] == '-' && a[1] != '-' ? strchr(a, 'c') : NULL;
                        const char *value = NULL;
                        bool command = programs_long_is(a, "command", &value) ||
                                       programs_long_is(a, "session-command", &value);
                        if (command && computed && !value)
                                continue; /* --comm$x: a name made when the line runs */
                        if (!computed && (streq(a, "-c") || (command && !value) || (c && !c[1])))
                                at = k + 1;                 /* script -qc S, su --comm S */
                        else if (c || (command && value)) { /* -cS, --command=S: the rest of the word */
                                _cleanup_free_ char *t = programs_word_text(w[k]);
                                if (!t)
                                        return -ENOMEM;
                                char *s = strdup(t + ((c ? c + 1 : value) - a));
                                if (!s)
                                        return -ENOMEM;
                                *ret_s = s;
                                *ret_rest = k + 1;
                                return 1;
                        }
                }
        }
        if (at == SIZE_MAX || at >= n)
                return 0;
        char *s = programs_word_text(w[at]);
        if (!s)
                return -ENOMEM;
        *ret_s = s;
        *ret_rest = at + 1;
        return 1;
}

/* The tokens of s's n bytes from its #! line's end (head bytes): where
 * the commands put before a string stand (none when they do not lex). */
static int context_tokens(const char *s, size_t head, size_t n, CommandContext *c) {
        _cleanup_(shell_lexed_done) ShellLexed h = {0}, all = {0};
        int r = shell_lex(s, head, &h);
        if (r == -ENOMEM)
                return r;
        if (r < 0 || (r = shell_lex(s, n, &all)) == -EINVAL)
                return 0;
        if (r < 0)
                return r;
        c->from = h.n;
        c->to = all.n;
        return 0;
}

size_t strings_shebang(const char *s, size_t n) {
        size_t head = n > 2 && s[0] == '#' && s[1] == '!' ? strcspn(s, "\n") : 0;
        return head + (head < n && s[head] == '\n');
}

int programs_reread(Judge *j, const char *what, const char *s, size_t n) {
        const char *const text = s;
        size_t text_n = n;
        int r;
        /* what the line set for git, the string's commands inherit
         * (HOME=x bash -c 'git log', GIT_NOGLOB_PATHSPECS=1 bash -c ...) */
        _cleanup_free_ char *inherited = NULL, *rebound = NULL; /* ... and the names it rebinds */
        bool moved = cwd_moved(j) || judge_line_may_move(j);    /* ... and where it may have gone */
        /* a file the string writes, which a program of the line may run
         * (bash -c 'echo S > F'; python3 F): as if a program that may
         * open any file ran in it */
        bool runs = j->written_run & (WRITTEN_PROGRAM | WRITTEN_SCRIPT);
        if (j->n_rebound > 0 && rebound_prefix(j, &rebound) < 0)
                return -ENOMEM;
        if (j->git_env || j->git_pathspec_env || moved || j->keyword || rebound || runs) {
                size_t head = strings_shebang(s, n); /* after a script's #! line */
                if (asprintf(&inherited, "%.*s%s%s%s%s%s%s%.*s", (int) head, s,
                             j->git_env ? "export HOME; " : "",
                             j->git_pathspec_env ? "export GIT_NOGLOB_PATHSPECS; " : "",
                             j->keyword ? "set -k; " : "", rebound ? rebound : "",
                             runs ? "python3 -c :; " : "", moved ? "cd \"$_\"; " : "", (int) (n - head),
                             s + head) < 0)
                        return -ENOMEM;
                s = inherited;
                n = strlen(inherited);
        }
        _cleanup_free_ char *made = NULL; /* MAKEFLAGS=V bash -c make: make's environment */
        int m = makeenv_inherited(j, s, n, &made);
        if (m < 0)
                return m;
        if (m > 0)
                s = made, n = strlen(made);
        CommandContext context = {0};
        char why[256] = "";
        if (s != text) { /* what the line did, put before the string: a refusal there says so */
                size_t head = strings_shebang(text, text_n);
                if ((r = context_tokens(s, head, n - (text_n - head), &context)) < 0)
                        return r;
                snprintf(why, sizeof why, "what the line does before it:%s%s%s%s%s%s",
                         runs ? " a file it writes, which a program of the line may run;" : "",
                         j->git_env || j->git_pathspec_env ? " git's environment, which it sets;" : "",
                         j->keyword ? " set -k;" : "", rebound ? " a name it rebinds;" : "",
                         moved ? " a directory it may have moved to;" : "",
                         m > 0 ? " make's environment, which it sets;" : "");
                why[strlen(why) - 1] = 0;
                context.why = why;
        }
        if (j->depth + 1 > REREAD_MAX) {
                judge_name_all(j);
                return judge_refuse(j, "%s: strings read again nested past %d", what, REREAD_MAX);
        }
        CommandVerdict v;
        r = command_judge(s, n, j->policy, j->depth + 1, j->lenient, &context, &v);
        if (r < 0)
                return r;
        if (v.refused) {
                for (size_t i = 0; i < v.n_paths; i++)
                        for (size_t k = 0; k < j->policy->n_secrets; k++)
                                if (j->policy->secrets[k] == v.paths[i])
                                        j->named[k] = true;
                judge_refuse(j, "%s: %s", what, v.reason);
        }
        command_verdict_done(&v);
        return v.refused ? 1 : 0;
}

int strings_brace_command(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, const Stage *st,
                          bool *ret_lists, bool *ret_braced) {
        return strings_brace_words(j, ln, w, n, 0, 1, st, ret_lists, ret_braced);
}

int strings_brace_words(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t from,
                        size_t to, const Stage *st, bool *ret_lists, bool *ret_braced) {
        ShellWord *made[64] = {NULL};
        size_t m[64] = {0}, total = n, made_n = 0, expanded = 0;
        bool did[64] = {false}; /* {,}: expanded to no word, made NULL */
        int r = 0;
        to = to < n ? to : n;
        to = to < from + ELEMENTSOF(made) ? to : from + ELEMENTSOF(made);
        for (size_t i = from; i < to && r >= 0; i++) {
                r = shell_word_braces(w[i], 64, &made[i - from], &m[i - from]);
                did[i - from] = r > 0;
                expanded += r > 0;
                made_n += r > 0 ? m[i - from] : 0;
                total += r > 0 ? m[i - from] - 1 : 0;
        }
        const ShellWord **v = NULL;
        if (r == -E2BIG || made_n > 64) {
                *ret_braced = true;
                r = judge_refuse(j,
                                 "a brace of a command's words makes more than 64 words or nests past 16");
        } else if (r >= 0 && expanded > 0) {
                *ret_braced = true;
                v = calloc(total, sizeof *v);
                size_t k = 0;
                for (size_t i = 0; v && i < n; i++)
                        if (i >= from && i < to && did[i - from])
                                for (size_t e = 0; e < m[i - from]; e++)
                                        v[k++] = &made[i - from][e];
                        else
                                v[k++] = w[i];
                r = !v               ? -ENOMEM
                    : k == 0         ? 0 /* {,}: no word, nothing runs (bash) */
                    : ++j->hops > 16 ? judge_refuse(j, "more than 16 commands found among a program's words")
                                     : programs_judge_words(j, ln, v, k, st, ret_lists);
        }
        free(v);
        for (size_t i = 0; i < ELEMENTSOF(made); i++) {
                for (size_t e = 0; made[i] && e < m[i]; e++)
                        shell_word_done(&made[i][e]);
                free(made[i]);
        }
        return r;
}

/* A C escape's byte (\t, \n, \v, \f, \r), or 0. */
static char env_control(char c) {
        return c == 't' ? '\t' : c == 'n' ? '\n' : c == 'v' ? '\v' : c == 'f' ? '\f' : c == 'r' ? '\r' : 0;
}

char *strings_env_split(const char *s) {
        size_t n = strlen(s);
        char *d = malloc(4 * n + 3), *p = d;
        char quote = 0; /* the quote env -S is in: ', " or none */
        if (!d)
                return NULL;
        for (size_t i = 0; i < n; i++) {
                char c = s[i], e = i + 1 < n ? s[i + 1] : 0;
                if (c == quote) {
                        quote = 0;
                        *p++ = c;
                } else if (!quote && (c == '\'' || c == '"')) {
                        quote = c;
                        *p++ = c;
                } else if (c != '\\' || !e)
                        *p++ = c;
                else if (quote == '\'') { /* only \\ and \' are escapes there */
                        if (e == '\'')
                                p = stpcpy(p, "'\\''");
                        else
                                *p++ = '\\';
                        i += e == '\'' || e == '\\';
                } else if (e == 'c') /* the rest of the string ignored */
                        break;
                else if (e == '_') { /* a separator outside quotes, a blank in them */
                        *p++ = ' ';
                        i++;
                } else if (env_control(e)) {
                        p = stpcpy(p, quote ? "" : "\"");
                        *p++ = env_control(e);
                        p = stpcpy(p, quote ? "" : "\"");
                        i++;
                } else if (quote && (e == '#' || e == '\'')) {
                        *p++ = e;
                        i++;
                } else {
                        *p++ = c;
                        *p++ = e;
                        i++;
                }
        }
        if (quote)
                *p++ = quote;
        *p = 0;
        return d;
}

int strings_xargs_file(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t inner,
                       const Stage *st, bool *ret_lists) {
        bool sub = false;
        for (size_t a = 0; st && a < st->n_redir; a++)
                sub = sub || streq(st->redir[a]->op, "<(");
        for (size_t a = 1; sub && a < inner && a + 1 < n; a++) {
                char buf[64];
                const char *o = programs_plain(w[a], buf, sizeof buf), *value = NULL;
                if (!o || o[0] != '-' || streq(o, "--"))
                        continue;
                size_t at = o[1] == '-' ? 0 : strcspn(o + 1, "aEdeIiLlnPs") + 1;
                if (!(programs_long_is(o, "arg-file", &value) && !value) &&
                    !(at && o[at] == 'a' && !o[at + 1]))
                        continue;
                /* xargs -a <(...) git log: the substitution is -a's file,
                 * not a word; the command starts after -a */
                const ShellWord **v = calloc(n - a, sizeof *v);
                if (!v)
                        return -ENOMEM;
                v[0] = w[0];
                for (size_t i = a + 1; i < n; i++)
                        v[i - a] = w[i];
                int r = ++j->hops > 16
                                ? judge_refuse(j, "more than 16 commands found among a program's words")
                                : programs_judge_words(j, ln, v, n - a, st, ret_lists);
                free(v);
                return r;
        }
        return 0;
}

int strings_env_option(Judge *j, const ShellWord *const *w, size_t n, size_t a) {
        char o[256];
        /* -S'S', -iS"S $x", --split=S: by the option's literal bytes, its
         * value glued, after = or the next word */
        bool computed = !programs_plain(w[a], o, sizeof o);
        const char *b = handed_literal_head(w[a], o, sizeof o);
        const char *S = b[0] == '-' && b[1] != '-' ? strchr(b, 'S') : NULL;
        const char *value = NULL;
        bool long_split = programs_long_is(b, "split-string", &value);
        _cleanup_free_ char *text = programs_word_text(w[a]);
        if (!text)
                return -ENOMEM;
        if (long_split && computed && !value)
                return 0; /* --spl$x: a name made when the line runs */
        const char *split = long_split && value       ? text + (value - b)
                            : S && (S[1] || computed) ? text + (S + 1 - b)
                                                      : NULL;
        _cleanup_free_ char *t = !split && ((S && !S[1]) || (long_split && !value)) && a + 1 < n
                                         ? programs_word_text(w[a + 1])
                                         : NULL;
        if (!split && !t)
                return 0;
        _cleanup_free_ char *s = strings_env_split(split ? split : t);
        if (!s)
                return -ENOMEM;
        int r = programs_reread(j, "env -S", s, strlen(s));
        /* env -S 'cat' F: the words after it are the command's too, as env
         * reads them (env -S 'A B' C is env A B C), judged again with them */
        size_t from = a + (split ? 1 : 2), m = 0;
        if (r != 0 || from >= n)
                return r;
        char **rest = calloc(n - from, sizeof *rest);
        for (size_t i = from; rest && i < n && (rest[m] = programs_word_text(w[i])); i++)
                m++;
        _cleanup_free_ char *words =
                rest && m == n - from ? git_shell_line("", (const char *const *) rest, m) : NULL;
        for (size_t i = 0; rest && i < m; i++)
                free(rest[i]);
        free(rest);
        _cleanup_free_ char *line = NULL;
        if (!words || asprintf(&line, "env %s %s", s, words) < 0)
                return -ENOMEM;
        return programs_reread(j, "env -S", line, strlen(line));
}

int strings_bash_func(Judge *j, const ShellWord *const *w, size_t n) {
        for (size_t a = 0; a < n; a++) {
                if (w[a]->n < 11 || w[a]->v[0].kind != SHELL_LIT || w[a]->v[0].c != 'B')
                        continue;
                _cleanup_free_ char *t = programs_word_text(w[a]), *line = NULL;
                if (!t)
                        return -ENOMEM;
                const char *eq = strchr(t, '=');
                if (strncmp(t, "BASH_FUNC_", 10) != 0 || !eq)
                        continue;
                /* bash imports it as the function f () VALUE */
                if (asprintf(&line, "f %s", eq + 1) < 0)
                        return -ENOMEM;
                int r = programs_reread(j, "a function a shell imports from the environment (BASH_FUNC_)",
                                        line, strlen(line));
                if (r != 0)
                        return r;
        }
        return 0;
}

int strings_keyword_words(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t k,
                          const Stage *st, bool *ret_lists, bool *ret_judged) {
        _cleanup_free_ const ShellWord **v = calloc(n, sizeof *v);
        size_t m = 0;
        int r;
        if (!v)
                return -ENOMEM;
        for (size_t a = 0; a < n; a++)
                if (a <= k || !programs_is_assignment(w[a]))
                        v[m++] = w[a];
                else if ((r = programs_judge_words(j, ln, w + a, 1, st, ret_lists)) != 0)
                        return r; /* judged as an assignment before no command */
        if (m == n)
                return 0;
        *ret_judged = true;
        return programs_judge_words(j, ln, v, m, st, ret_lists);
}

/* A word's text as a command line a program may run: an option's or a
 * variable's value (--to-command=S, LESSOPEN=S), past exec= and a pipe's
 * | or ! (--checkpoint-action=exec=S, strace -o '|S', -qqo'|S'); NULL
 * when it holds no blank nor separator (no command with operands). */
static const char *command_value(const char *t) {
        const char *v = t;
        const char *eq = strchr(t, '=');
        if (eq &&
            (t[0] == '-' || strspn(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
                                    (size_t) (eq - t)))
                v = eq + 1;
        if (strncmp(v, "exec=", 5) == 0)
                v += 5;
        const char *pipe = t[0] == '-' ? strchr(v, '|') : NULL;
        if (v[0] == '|' || v[0] == '!')
                v++;
        else if (pipe)
                v = pipe + 1;
        return strpbrk(v, " \t\n;&|") ? v : NULL;
}

void strings_each_command(const ShellWord *const *w, size_t n, size_t k, void (*f)(void *ctx, const char *s),
                          void *ctx) {
        _cleanup_free_ char *s = NULL;
        size_t rest;
        if (k < n && programs_reread_string(w + k, n - k, &s, &rest) > 0) /* eval S, script -qc S */
                f(ctx, s);
        for (size_t a = 0; a < n; a++) {
                _cleanup_free_ char *t = a != k ? programs_word_text(w[a]) : NULL;
                const char *v = t ? command_value(t) : NULL;
                if (v)
                        f(ctx, v);
        }
}
