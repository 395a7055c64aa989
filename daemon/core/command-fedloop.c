/* SPDX-License-Identifier: MIT */
/*
 * A while IFS= read -r loop's variable fed by a list (command.c's
 * recogniser): a command of the loop's body that the name-or-size language
 * refuses, with "$var" as its last word, is judged as the same list handed
 * to xargs (LIST | xargs -d '\n' WORDS), which the rest of the rule proves
 * or refuses (a lister whose pattern no masked name matches). It must not
 * prove a list itself: the rule judging that line does.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "shell-lex.h"
#include "util.h"

typedef Recogniser P;

/* Append s single-quoted (' as '\'') and a blank to *buf (size *len, at
 * *at): 0, -ENOMEM. */
static int put_quoted(char **buf, size_t *len, size_t *at, const char *s) {
        size_t need = *at + 4 * strlen(s) + 4;
        if (need > *len) {
                char *b = realloc(*buf, need * 2);
                if (!b)
                        return -ENOMEM;
                *buf = b, *len = need * 2;
        }
        (*buf)[(*at)++] = '\'';
        for (; *s; s++)
                if (*s == '\'') {
                        memcpy(*buf + *at, "'\\''", 4);
                        *at += 4;
                } else
                        (*buf)[(*at)++] = *s;
        (*buf)[(*at)++] = '\'';
        (*buf)[(*at)++] = ' ';
        (*buf)[*at] = 0;
        return 0;
}

static int put_text(char **buf, size_t *len, size_t *at, const char *s) {
        size_t need = *at + strlen(s) + 1;
        if (need > *len) {
                char *b = realloc(*buf, need * 2);
                if (!b)
                        return -ENOMEM;
                *buf = b, *len = need * 2;
        }
        strcpy(*buf + *at, s);
        *at += strlen(s);
        return 0;
}

/* A word that means the same quoted: plain text, no brace, no reserved
 * word, no assignment, no unquoted '~'. */
static const char *same_quoted(const ShellWord *w, char buf[256]) {
        const char *s = recog_literal(w, buf);
        if (!s || recog_has_brace(w) || programs_keyword(w) || programs_is_assignment(w))
                return NULL;
        for (size_t i = 0; i < w->n; i++)
                if (w->v[i].kind == SHELL_LIT && w->v[i].c == '~' && !w->v[i].quoted)
                        return NULL;
        return s;
}

/* bash's builtins: the loop runs one in its own shell (eval "$f", cd
 * "$f", . "$f"), where xargs, which runs programs, could not. */
static const char *const builtins[] = {
        ".",      ":",       "[",         "alias",    "bg",       "bind",    "break",    "builtin",
        "caller", "cd",      "command",   "compgen",  "complete", "compopt", "continue", "declare",
        "dirs",   "disown",  "echo",      "enable",   "eval",     "exec",    "exit",     "export",
        "false",  "fc",      "fg",        "getopts",  "hash",     "help",    "history",  "jobs",
        "kill",   "let",     "local",     "logout",   "mapfile",  "popd",    "printf",   "pushd",
        "pwd",    "read",    "readarray", "readonly", "return",   "set",     "shift",    "shopt",
        "source", "suspend", "test",      "times",    "trap",     "true",    "type",     "typeset",
        "ulimit", "umask",   "unalias",   "unset",    "wait",     "coproc",  "function", "time",
        "select", "[[",      NULL};

bool recog_fed_defer(P *p, size_t from, size_t to, const ShellWord *const *words, size_t n) {
        char buf[256];
        if (!p->loop || !p->exact || p->writes || p->printed || n < 2 ||
            p->n_deferred >= ELEMENTSOF(p->deferred))
                return false;
        const char *name = recog_literal(words[0], buf);
        if (!name || streq_any(name, builtins) || strchr(name, '/'))
                return false; /* a builtin, or ./x.sh (a file the line may have written) */
        const ShellWord *last = words[n - 1];
        if (last->n != 1 || last->v[0].kind != SHELL_EXPAND || !last->quoted || last->substitution ||
            !streq(last->param, p->loop))
                return false; /* "$f": the line as read; $f would be split */
        for (size_t k = 0; k + 1 < n; k++)
                if (!same_quoted(words[k], buf))
                        return false;
        p->deferred[p->n_deferred][0] = from;
        p->deferred[p->n_deferred][1] = to;
        p->n_deferred++;
        return true;
}

/* A word of a list's stage that may make it print a NUL, which read drops
 * (a.py NUL b.py read as one name) and xargs -d '\n' does not: -z, -0,
 * -Z, --null, -print0, -printf, an escape or a format. */
static bool may_print_nul(const char *s) {
        if (s[0] == '-' && s[1] > '0' && s[1] <= '9' && strspn(s + 1, "0123456789") == strlen(s + 1))
                return false; /* head -20 */
        return strchr(s, '\\') || strchr(s, '%') ||
               (s[0] == '-' &&
                (strpbrk(s, "zZ0") || strstr(s, "null") || (strstr(s, "print") && !streq(s, "-print"))));
}

/* An option that prints part of a line, not the name whole: head -c, tail
 * --bytes, grep -o, rg -r (.envx/y.py cut to .env). */
static bool cuts(const char *stage, const char *s) {
        bool cluster = s[0] == '-' && s[1] != '-';
        if (streq(stage, "head") || streq(stage, "tail"))
                return (cluster && strchr(s, 'c')) || strncmp(s, "--b", 3) == 0;
        if (streq(stage, "grep") || streq(stage, "rg"))
                return (cluster && (strchr(s, 'o') || strchr(s, 'r'))) || strncmp(s, "--o", 3) == 0 ||
                       strncmp(s, "--r", 3) == 0;
        return false;
}

char *recog_fed_text(const ShellLexed *l, size_t from, size_t to) {
        /* listers and the filters after them, none printing a NUL unasked */
        static const char *const stages[] = {"git",  "find", "fd",   "fdfind", "ls",   "rg",
                                             "grep", "sort", "uniq", "head",   "tail", NULL};
        char buf[256], tbuf[256], stage[256] = "";
        _cleanup_free_ char *text = NULL;
        size_t len = 0, at = 0;
        bool start = true;
        if (from >= to)
                return NULL;
        for (size_t i = from; i < to; i++) {
                const ShellToken *t = &l->v[i], *target = i + 1 < to ? t + 1 : NULL;
                const char *s, *tg = target && target->kind == SHELL_TOKEN_WORD
                                             ? recog_literal(&target->w, tbuf)
                                             : NULL;
                int r;
                if (t->kind == SHELL_TOKEN_WORD && (s = same_quoted(&t->w, buf)) && !may_print_nul(s) &&
                    (start ? streq_any(s, stages) : !cuts(stage, s))) {
                        if (start)
                                snprintf(stage, sizeof stage, "%s", s);
                        r = put_quoted(&text, &len, &at, s);
                } else if (t->kind == SHELL_TOKEN_OP && streq(t->op, "|") && !start)
                        r = put_text(&text, &len, &at, "| ");
                else if (t->kind == SHELL_TOKEN_REDIR && t->fd == 2 && tg &&
                         ((streq(t->op, ">") && streq(tg, "/dev/null")) ||
                          (streq(t->op, ">&") && streq(tg, "1")))) {
                        r = put_text(&text, &len, &at, streq(tg, "1") ? "2>&1 " : "2>/dev/null ");
                        i++;
                } else
                        return NULL;
                if (r < 0)
                        return NULL;
                start = t->kind == SHELL_TOKEN_OP || (start && t->kind == SHELL_TOKEN_REDIR);
        }
        return TAKE_PTR(text);
}

char *recog_fed_nested(const char *cmd) {
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        if (shell_lex(cmd, strlen(cmd), &l) < 0 || l.n_nested > 0)
                return NULL;
        return recog_fed_text(&l, 0, l.n);
}

bool recog_fed_judge(P *p, const char *feed) {
        size_t n = p->n_deferred;
        p->n_deferred = 0;
        if (n == 0)
                return true;
        if (!feed)
                return recog_refuse(p, "a while read loop's variable handed to a command the language "
                                       "refuses, fed by other than a plain list");
        if (p->depth + 1 > REREAD_MAX)
                return recog_refuse(p, "a while read loop's list judged nested past %d", REREAD_MAX);
        /* as if git's history held every entry anywhere: the rule then
         * proves what a list holds (find . | xargs cat names none, but
         * lists .env), not only what the line names */
        _cleanup_free_ bool *held = calloc(p->policy->n_secrets + 1, sizeof *held);
        if (!held)
                return recog_refuse(p, "out of memory");
        for (size_t i = 0; i < p->policy->n_secrets; i++)
                held[i] = true;
        CommandPolicy all = *p->policy;
        all.held = held;
        all.held_at = NULL;
        for (size_t d = 0; d < n; d++) {
                _cleanup_free_ char *line = NULL;
                size_t len = 0, at = 0;
                char buf[256];
                int r = put_text(&line, &len, &at, feed);
                if (r >= 0)
                        r = put_text(&line, &len, &at, " | xargs -d '\\n' ");
                /* the command's words but its last ("$var"), past its redirects */
                for (size_t i = p->deferred[d][0]; r >= 0 && i < p->deferred[d][1]; i++) {
                        const ShellToken *t = &p->l->v[i];
                        if (t->kind == SHELL_TOKEN_REDIR) {
                                i++;
                                continue;
                        }
                        if (t->kind == SHELL_TOKEN_WORD && t->w.n == 1 && t->w.v[0].kind == SHELL_EXPAND)
                                continue; /* the "$var" */
                        const char *s = same_quoted(&t->w, buf);
                        r = s ? put_quoted(&line, &len, &at, s) : -EINVAL;
                }
                if (r < 0)
                        return recog_refuse(p, "%s",
                                            r == -ENOMEM ? "out of memory"
                                                         : "a while read loop the recogniser "
                                                           "does not understand");
                CommandVerdict v;
                if (command_judge(line, strlen(line), &all, p->depth + 1, false, NULL, &v) < 0)
                        return recog_refuse(p, "out of memory");
                bool refused = v.refused;
                if (refused)
                        recog_refuse(p, "a while read loop's lines handed to a command, as %s: %s", line,
                                     v.reason);
                command_verdict_done(&v);
                if (refused)
                        return false;
        }
        return true;
}
