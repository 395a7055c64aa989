/* SPDX-License-Identifier: MIT */
/*
 * Values a line stores where the rule keeps no variable's value
 * (command-internal.h): an array's elements, a for or select loop's
 * words, getopts' operand, printf -v's output, ${x:=V}'s V, and a plain
 * assignment's literal while the history holds an entry. A glob among them
 * is judged by the names it may match where a use expands it, anything
 * else as a scalar's value is, as a line. It must not lex a line again:
 * reread_line hands it the lexed one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

/* A value the line stores where the rule keeps no variable's value: an
 * array's element (a=(...), declare -a a=(...)), a for or select loop's
 * word, getopts' operand (OPTARG). Quoted, a glob or a $( in it is data
 * until an unquoted use globs or evaluates it (31q: an element four
 * levels of .* and * deep, then perl ... ${a[0]}, read git's objects):
 * judged as a scalar's value is, as a line. */
static bool stored_value_suspect(const ShellWord *w) {
        if (!w->quoted)
                return false;
        _cleanup_free_ char *t = programs_word_text(w);
        return !t || strpbrk(t, "*?[`$ \t");
}

/* A glob the line stores quoted, globbed where an unquoted use expands
 * it: a masked name it may match, or (while the history holds an entry)
 * a name inside .git, refuses ("*.py" is neither). */
static int stored_glob(Judge *j, const char *v) {
        if (match_secret_glob(j, v, MATCH_FOLD, !strchr(v, '/')))
                return judge_refuse(j, "a glob the line stores (an array's element, a loop's word, getopts' "
                                       "operand) matches a masked name where it is used");
        if (judge_held(j) && namelists_glob_may_match_git(v)) {
                judge_mark_held(j);
                return judge_refuse(j, "a glob the line stores may match a name inside .git where it is "
                                       "used, and the history holds a masked entry");
        }
        return 0;
}

/* An array's element as the names it makes: its text with each brace
 * expression a star, judged as a stored glob (a literal as a name). */
static int array_element_names(Judge *j, const ShellWord *w, size_t from) {
        _cleanup_free_ char *v = malloc(w->n + 1);
        size_t k = 0;
        int depth = 0;
        if (!v)
                return -ENOMEM;
        for (size_t m = from; m < w->n; m++) {
                const ShellItem *it = &w->v[m];
                if (it->kind == SHELL_BOPEN && depth++ == 0)
                        v[k++] = '*';
                else if (it->kind == SHELL_BCLOSE && depth > 0)
                        depth--;
                else if (depth == 0 && it->kind != SHELL_EXPAND)
                        v[k++] = it->kind == SHELL_STAR    ? '*'
                                 : it->kind == SHELL_QMARK ? '?'
                                 : it->kind == SHELL_CLASS ? '['
                                 : it->c                   ? (char) it->c
                                                           : '?';
                else if (depth == 0)
                        v[k++] = '*'; /* an expansion: any text */
        }
        v[k] = 0;
        return stored_glob(j, v);
}

/* One value the line stores: a glob by the names it may match, anything
 * else (a command a later $x runs, a[$(...)] for arithmetic) as a
 * scalar's value is, as a line. */
static int stored_value(Judge *j, const char *v) {
        static const char what[] =
                "a value the line stores (an array's element, a loop's word, getopts' operand, "
                "${x:=V}), which a program may run";
        bool glob = strpbrk(v, "*?[");
        if (glob) {
                int r = stored_glob(j, v);
                if (r != 0 || !strpbrk(v, "`$ \t"))
                        return r;
        }
        return programs_reread(j, what, v, strlen(v));
}

/* ${x:=V} and ${x=V} in text s: V, its words as the shell makes them,
 * joined by blanks, each judged as a stored value (31r: : ${x:='git log
 * -p'}; $x). */
static int default_assigned(Judge *j, const char *s, size_t n) {
        /* past each V once: a ${x:=V} inside V is V's, judged with it (linear) */
        for (const char *p = s; p < s + n && (p = memmem(p, (size_t) (s + n - p), "${", 2)); p += 2) {
                const char *q = p + 2;
                while (q < s + n && shell_is_ident(*q))
                        q++;
                if (q == p + 2 || q >= s + n)
                        continue;
                q += *q == ':';
                if (q >= s + n || *q != '=')
                        continue;
                const char *v = ++q;
                for (int depth = 1; q < s + n && depth > 0; q++)
                        depth += *q == '{' ? 1 : *q == '}' ? -1 : 0;
                if (q <= v)
                        continue;
                _cleanup_(shell_lexed_done) ShellLexed l = {0};
                if (shell_lex(v, (size_t) (q - v - 1), &l) < 0)
                        return judge_refuse(j, "${x:=V} with a V the rule does not read");
                _cleanup_free_ char *joined = NULL;
                for (size_t i = 0; i < l.n; i++) {
                        if (l.v[i].kind != SHELL_TOKEN_WORD)
                                continue;
                        _cleanup_free_ char *w = programs_word_text(&l.v[i].w);
                        char *was = joined;
                        if (!w || asprintf(&joined, "%s%s%s", was ? was : "", was ? " " : "", w) < 0) {
                                joined = was;
                                return -ENOMEM;
                        }
                        free(was);
                }
                int r = joined ? stored_value(j, joined) : 0;
                if (r != 0)
                        return r;
                p = q - 2;
        }
        return 0;
}

int stored_values(Judge *j, const ShellLexed *l, const char *s, size_t n) {
        int r = default_assigned(j, s, n);
        if (r != 0)
                return r;
        for (size_t i = 0; i < l->n; i++) {
                const ShellToken *t = &l->v[i];
                if (t->kind != SHELL_TOKEN_WORD)
                        continue;
                char buf[64];
                const char *p = t->w.quoted ? NULL : programs_plain(&t->w, buf, sizeof buf);
                size_t from = SIZE_MAX;
                bool array = p && strlen(p) > 1 && p[strlen(p) - 1] == '=' && i + 1 < l->n &&
                             l->v[i + 1].kind == SHELL_TOKEN_OP && streq(l->v[i + 1].op, "(");
                /* x=.git/objects/1c/82cb...: a name the value makes, used where
                 * the rule sees only $x */
                if (!array && programs_is_assignment(&t->w) && judge_held(j) && !t->w.expansion &&
                    !t->w.substitution) {
                        size_t eq = 0;
                        while (eq < t->w.n && !(t->w.v[eq].kind == SHELL_LIT && t->w.v[eq].c == '='))
                                eq++;
                        if (eq + 1 < t->w.n && (r = array_element_names(j, &t->w, eq + 1)) != 0)
                                return r;
                }
                if (array)
                        from = i + 2;
                else if (p && (streq(p, "for") || streq(p, "select")) && compound_command_start(l, i))
                        from = i + 3; /* for NAME in WORDS */
                else if (p && streq(p, "getopts") && compound_command_start(l, i))
                        from = i + 1;
                /* printf -v NAME FORMAT ARGS: what it prints is the value */
                if (p && streq(p, "printf") && compound_command_start(l, i) && i + 2 < l->n &&
                    l->v[i + 1].kind == SHELL_TOKEN_WORD && programs_word_is(&l->v[i + 1].w, "-v")) {
                        const ShellWord *pw[64] = {&t->w};
                        size_t pn = 1;
                        for (size_t k = i + 3; k < l->n && l->v[k].kind == SHELL_TOKEN_WORD && pn < 64; k++)
                                pw[pn++] = &l->v[k].w;
                        _cleanup_free_ char *out = reread_printf(pw, pn);
                        if (!out)
                                return -ENOMEM;
                        if ((r = stored_value(j, out)) != 0)
                                return r;
                        continue;
                }
                /* an array's elements joined too, as ${a[*]} makes them (a=(git log -p)) */
                _cleanup_free_ char *joined = NULL;
                bool any_glob = false;
                for (size_t k = from; k < l->n && l->v[k].kind == SHELL_TOKEN_WORD; k++) {
                        if (!array && programs_keyword(&l->v[k].w) && compound_word_is(&l->v[k].w, "do"))
                                break;
                        _cleanup_free_ char *v = programs_word_text(&l->v[k].w);
                        if (!v)
                                return -ENOMEM;
                        any_glob = any_glob || strpbrk(v, "*?[");
                        if (array) {
                                char *was = joined;
                                if (asprintf(&joined, "%s%s%s", was ? was : "", was ? " " : "", v) < 0) {
                                        joined = was;
                                        return -ENOMEM;
                                }
                                free(was);
                        }
                        /* a=(.git/objects/STAR/STAR): the names an element makes (a
                         * brace as a star), stored and used where the rule sees
                         * only ${a[0]} */
                        if (array && (r = array_element_names(j, &l->v[k].w, 0)) != 0)
                                return r;
                        if (!stored_value_suspect(&l->v[k].w) &&
                            !(array && t->w.quoted == false && l->v[k].w.quoted))
                                continue;
                        if ((r = stored_value(j, v)) != 0)
                                return r;
                }
                if (joined && !any_glob && (r = stored_value(j, joined)) != 0)
                        return r;
        }
        return 0;
}
