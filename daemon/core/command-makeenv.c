/* SPDX-License-Identifier: MIT */
/*
 * make's variables from its environment (command-internal.h): each NAME=V
 * the line assigns (before a command, env's, export's) and MAKEFLAGS,
 * GNUMAKEFLAGS and MFLAGS split into words as make splits them, judged as
 * make's own arguments. It must not judge a command itself: the words are
 * handed to programs_reread as one make line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* judging make's environment as its arguments: not inherited again */
static _Thread_local bool judging;

typedef struct MakeEnv {
        char *line; /* "make 'W' 'W' ...": what make reads from its environment */
        size_t n, size;
        size_t words;
        bool raw; /* the assignments as written, those make may run a line by */
} MakeEnv;

static int put(MakeEnv *e, const char *s, size_t len) {
        if (e->n + 4 * len + 4 > e->size) {
                size_t size = (e->n + 4 * len + 4) * 2;
                char *p = realloc(e->line, size);
                if (!p)
                        return -ENOMEM;
                e->line = p, e->size = size;
        }
        e->line[e->n++] = ' ';
        e->line[e->n++] = '\'';
        for (size_t i = 0; i < len; i++)
                if (s[i] == '\'') {
                        memcpy(e->line + e->n, "'\\''", 4);
                        e->n += 4;
                } else
                        e->line[e->n++] = s[i];
        e->line[e->n++] = '\'';
        e->line[e->n] = 0;
        e->words++;
        return 0;
}

/* MAKEFLAGS's value as make 4.3 reads it: words split at blanks a
 * backslash does not escape (the backslash dropped); a first word with
 * neither a dash nor an '=' is single-letter flags. */
static int flags_words(MakeEnv *e, const char *v) {
        _cleanup_free_ char *word = malloc(strlen(v) + 2);
        if (!word)
                return -ENOMEM;
        bool first = true;
        for (const char *p = v;;) {
                p += strspn(p, " \t\n");
                if (!*p)
                        return 0;
                size_t m = 0;
                for (; *p && !strchr(" \t\n", *p); p++) {
                        if (*p == '\\' && p[1])
                                p++;
                        word[m++] = *p;
                }
                word[m] = 0;
                if (first && word[0] != '-' && !strchr(word, '=')) {
                        memmove(word + 1, word, m + 1);
                        word[0] = '-', m++;
                }
                first = false;
                int r = put(e, word, m);
                if (r < 0)
                        return r;
        }
}

/* One NAME=V word: MAKEFLAGS's words, or the assignment itself. */
static int assignment(MakeEnv *e, const ShellWord *w) {
        _cleanup_free_ char *t = programs_word_text(w);
        if (!t)
                return -ENOMEM;
        const char *eq = strchr(t, '=');
        if (!eq || eq == t || t[0] == '-')
                return 0;
        size_t len = (size_t) (eq - t) - (eq[-1] == '+'); /* MAKEFLAGS+=V: appended */
        static const char *const flags[] = {"MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS", NULL};
        if (e->raw) { /* MAKEFLAGS=, .SHELLFLAGS=, SHELL=, X!=, $(shell ...) */
                bool runs = strstr(t, "FLAGS") || strstr(t, "SHELL") || strstr(t, "shell") ||
                            strstr(t, "MAKEFILES") || eq[-1] == '!';
                return runs ? put(e, t, strlen(t)) : 0;
        }
        for (const char *const *f = flags; *f; f++)
                if (len == strlen(*f) && strncmp(t, *f, len) == 0)
                        return flags_words(e, eq + 1);
        return put(e, t, strlen(t));
}

/* The command w[0..n): its leading assignments, env's and a declarer's. */
static int command_env(MakeEnv *e, const ShellWord *const *w, size_t n) {
        static const char *const declarers[] = {"export", "declare", "typeset", "local", "readonly", NULL};
        size_t k = 0;
        int r;
        for (; k < n && programs_is_assignment(w[k]); k++)
                if ((r = assignment(e, w[k])) < 0)
                        return r;
        char buf[32];
        const char *p = k < n ? programs_plain(w[k], buf, sizeof buf) : NULL;
        bool env = p && streq(p, "env"), declare = p && streq_any(p, declarers);
        /* make MAKEFLAGS=V: make splits it as it splits its environment's */
        bool make = p && (streq(p, "make") || streq(p, "gmake"));
        for (size_t a = k + 1; a < n && (env || declare || make); a++) {
                char o[8];
                const char *b = programs_plain(w[a], o, sizeof o);
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (!t)
                        return -ENOMEM;
                if (make && e->raw)
                        continue;
                if (make) {
                        if (strncmp(t, "MAKEFLAGS=", 10) == 0 || strncmp(t, "GNUMAKEFLAGS=", 13) == 0)
                                r = flags_words(e, strchr(t, '=') + 1);
                        else
                                continue;
                } else if (b && b[0] == '-')
                        continue;
                else if (!strchr(t, '=')) {
                        if (env) /* the program env runs: its words are its own */
                                break;
                        continue;
                } else
                        r = assignment(e, w[a]);
                if (r < 0)
                        return r;
        }
        return 0;
}

static int lexed_env(MakeEnv *e, const ShellLexed *l, int depth) {
        _cleanup_free_ const ShellWord **w = calloc(l->n + 1, sizeof *w);
        if (!w)
                return -ENOMEM;
        size_t m = 0;
        int r;
        for (size_t i = 0; i <= l->n; i++) {
                const ShellToken *t = i < l->n ? &l->v[i] : NULL;
                if (t && t->kind == SHELL_TOKEN_WORD) {
                        if (m == 0 && programs_keyword(&t->w))
                                continue;
                        w[m++] = &t->w;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR) {
                        i += i + 1 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD;
                        continue;
                }
                if ((r = command_env(e, w, m)) < 0)
                        return r;
                m = 0;
        }
        for (size_t i = 0; i < l->n_nested && depth < 4; i++) { /* ( export X=V; make ) */
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (shell_lex(l->nested[i], strlen(l->nested[i]), &inner) >= 0 &&
                    (r = lexed_env(e, &inner, depth + 1)) < 0)
                        return r;
        }
        return 0;
}

int makeenv_judge(Judge *j) {
        if (!j->text)
                return 0;
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        if (shell_lex(j->text, j->text_n, &l) < 0)
                return 0; /* not lexed: the line is judged as text elsewhere */
        MakeEnv e = {0};
        int r = lexed_env(&e, &l, 0);
        if (r == 0 && e.words > 0) {
                size_t len = strlen("make") + e.n;
                char *line = malloc(len + 1);
                if (!line)
                        r = -ENOMEM;
                else {
                        memcpy(line, "make", 4);
                        memcpy(line + 4, e.line, e.n + 1);
                        judging = true;
                        r = programs_reread(j, "make's environment, read as its arguments", line, len);
                        judging = false;
                        free(line);
                }
        }
        free(e.line);
        return r;
}

int makeenv_inherited(const Judge *j, const char *s, size_t n, char **ret) {
        *ret = NULL;
        if (judging || !j->text || !memmem(s, n, "make", 4))
                return 0;
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        if (shell_lex(j->text, j->text_n, &l) < 0)
                return 0;
        MakeEnv e = {.raw = true};
        int r = lexed_env(&e, &l, 0);
        if (r < 0 || e.words == 0) {
                free(e.line);
                return r;
        }
        size_t head = strings_shebang(s, n); /* after a script's #! line */
        char *t = malloc(head + strlen("export") + e.n + 3 + (n - head) + 1);
        if (!t) {
                free(e.line);
                return -ENOMEM;
        }
        memcpy(t, s, head);
        char *p = stpcpy(stpcpy(stpcpy(t + head, "export"), e.line), "; ");
        memcpy(p, s + head, n - head);
        p[n - head] = 0;
        free(e.line);
        *ret = t;
        return 1;
}

int makeenv_substituted(Judge *j, const Line *ln, const Stage *v, size_t n) {
        if (!ln->substitution || n == 0 || !j->text || !memmem(j->text, j->text_n, "make", 4) ||
            !judge_held(j))
                return 0;
        _cleanup_free_ char *t = NULL;
        int r = pipeline_names(j, ln, v, n - 1, &t);
        if (r == 1) {
                judge_mark_held(j);
                return judge_refuse(j, "a substitution's text, made from the line's texts in a way not "
                                       "modelled, which hold the letters of git, on a line that runs make "
                                       "(its arguments or environment), while the history holds a masked "
                                       "entry");
        }
        if (r != 2)
                return r;
        /* make "$(...)", --eval="$(...)", -E "$(...)": a whole word make
         * reads as an assignment (X!=CMD, SHELL!=CMD) or as a makefile's
         * text (all:;@CMD): the text as makefile lines */
        judging = true;
        r = options_make_text(j, "make", t);
        judging = false;
        if (r != 0)
                return r;
        /* MAKEFLAGS="$(...)", make "$(...)": its words as make reads them */
        MakeEnv e = {0};
        r = flags_words(&e, t);
        _cleanup_free_ char *line = NULL;
        if (r == 0 && e.words > 0 && asprintf(&line, "make%s", e.line) < 0)
                r = -ENOMEM;
        free(e.line);
        if (r == 0 && line) {
                judging = true;
                r = programs_reread(j, "make's words from a substitution", line, strlen(line));
                judging = false;
        }
        return r;
}
