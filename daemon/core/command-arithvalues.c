/* SPDX-License-Identifier: MIT */
/*
 * Values bash evaluates as arithmetic (command-internal.h): a variable's
 * value in $((x)), ((x)), let, a subscript, [[ x -eq 0 ]] is itself an
 * expression, and a[$(cmd)] in it runs cmd. A value the line takes from
 * text it does not show (read, mapfile, a substitution, getopts, a glob's
 * names) may hold one, so a line that evaluates such a name is refused;
 * one set from literals, from digits (wc -l, seq, ${#x}, $((...))), or
 * read from a here-string the line shows, is not. It must not lex again
 * what the lexer read: it reads the line's tokens and their texts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

#define UNKNOWN_MAX 64
/* The most regions (an arithmetic, a subscript) and while-read loops read
 * in a line; past, every name counts as unknown and evaluated. */
#define REGIONS_MAX 256
#define LOOPS_MAX 64

typedef struct Unknown {
        char names[UNKNOWN_MAX][64];
        size_t n;
        bool positional; /* set -- with words the line does not show */
        bool overflow;   /* more names than kept: every name counts */
        size_t loops;    /* while read loops whose done was looked for */
} Unknown;

static bool unknown_has(const Unknown *u, const char *s, size_t len) {
        for (size_t i = 0; i < u->n; i++)
                if (strlen(u->names[i]) == len && memcmp(u->names[i], s, len) == 0)
                        return true;
        return false;
}

/* Add a name; whether it was new. */
static bool unknown_add(Unknown *u, const char *s, size_t len) {
        if (len == 0 || unknown_has(u, s, len))
                return false;
        if (u->n == UNKNOWN_MAX || len >= sizeof u->names[0]) {
                u->overflow = true;
                return false;
        }
        memcpy(u->names[u->n], s, len);
        u->names[u->n++][len] = 0;
        return true;
}

static size_t ident_len(const char *s, size_t n) {
        size_t k = 0;
        if (n == 0 || !shell_is_ident_start(s[0]))
                return 0;
        while (k < n && shell_is_ident(s[k]))
                k++;
        return k;
}

/* Does raw text s expand a name of u ($x, ${x...}, or a positional
 * parameter when those are unknown)? */
static bool expands_unknown(const Unknown *u, const char *s, size_t n) {
        for (size_t i = 0; i + 1 < n; i++) {
                if (s[i] != '$')
                        continue;
                size_t k = i + 1 + (s[i + 1] == '{');
                k += k < n && (s[k] == '!' || s[k] == '#') && s[i + 1] == '{';
                if (k < n && u->positional && ((s[k] >= '0' && s[k] <= '9') || s[k] == '@' || s[k] == '*'))
                        return true;
                size_t len = ident_len(s + k, n - k);
                if (len && (u->overflow || unknown_has(u, s + k, len)))
                        return true;
        }
        return false;
}

static bool word_is(const ShellToken *t, const char *w) {
        return t->kind == SHELL_TOKEN_WORD && programs_word_is(&t->w, w);
}

/* A substitution's text that prints only digits and blanks: a pipeline
 * ending in wc with counting options and no operand (wc -l, wc -c <
 * FILE), or seq of numbers alone. */
static bool prints_digits(const char *s, size_t n) {
        const char *bar = NULL;
        for (size_t i = 0; i < n; i++)
                if (s[i] == '|')
                        bar = s + i;
        const char *p = bar ? bar + 1 : s, *e = s + n;
        _cleanup_free_ char *last = strndup(p, (size_t) (e - p));
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        if (!last || shell_lex(last, strlen(last), &l) < 0 || l.n == 0 || l.n_nested > 0)
                return false;
        char buf[64], first[16];
        const char *prog =
                l.v[0].kind == SHELL_TOKEN_WORD ? programs_plain(&l.v[0].w, first, sizeof first) : NULL;
        /* git rev-list --count: a number, whatever else it is given */
        bool count = prog && streq(prog, "git") && l.n > 1 && word_is(&l.v[1], "rev-list");
        for (size_t i = 2; count && i < l.n; i++)
                if (word_is(&l.v[i], "--count"))
                        return true;
        if (prog && streq(prog, "date") && l.n == 2 && word_is(&l.v[1], "+%s"))
                return true; /* the seconds since 1970 */
        if (!prog || (!streq(prog, "wc") && !streq(prog, "seq")))
                return false;
        for (size_t i = 1; i < l.n; i++) {
                const ShellToken *t = &l.v[i];
                if (t->kind == SHELL_TOKEN_REDIR && streq(prog, "wc") && streq(t->op, "<") && i + 1 < l.n) {
                        i++; /* < FILE: what wc counts */
                        continue;
                }
                const char *a = t->kind == SHELL_TOKEN_WORD ? programs_plain(&t->w, buf, sizeof buf) : NULL;
                if (!a || !a[0])
                        return false;
                if (streq(prog, "wc") && !(a[0] == '-' && a[1] && strspn(a + 1, "lcwmL") == strlen(a + 1)))
                        return false;
                if (streq(prog, "seq") &&
                    strspn(a + (a[0] == '-'), "0123456789.") != strlen(a + (a[0] == '-')))
                        return false;
        }
        return true;
}

/* Is raw text s (a value, a loop's word) one the rule knows holds no $(
 * or backquote once expanded: no substitution but ones printing digits,
 * no glob, and no expansion of an unknown name? */
static bool value_known(const Unknown *u, const char *s, size_t n) {
        _cleanup_free_ char *b = strndup(s, n); /* the digits' substitutions blanked */
        if (!b)
                return false;
        for (size_t i = 0; i < n; i++) {
                if (s[i] == '`' || (s[i] == '<' && i + 1 < n && s[i + 1] == '('))
                        return false;
                if ((s[i] == '*' || s[i] == '?' || s[i] == '[') && !(i > 0 && s[i - 1] == '$'))
                        return false; /* a glob: names the agent may have made */
                if (s[i] == '$' && i + 1 < n && s[i + 1] == '(' && !(i + 2 < n && s[i + 2] == '(')) {
                        size_t depth = 1, k = i + 2;
                        for (; k < n && depth > 0; k++)
                                depth += s[k] == '(' ? 1 : s[k] == ')' ? -1 : 0;
                        if (depth > 0 || !prints_digits(s + i + 2, k - i - 3))
                                return false;
                        memset(b + i, ' ', k - i);
                        i = k - 1;
                }
        }
        return !expands_unknown(u, b, n);
}

/* A subscript in a glob's place ("${a[1]}"): not a glob. Only the raw
 * text's globs outside ${...} and $((...)) count in value_known; this
 * blanks what those hold. */
static char *blank_expansions(const char *s, size_t n) {
        char *t = strndup(s, n);
        if (!t)
                return NULL;
        for (size_t i = 0; i + 1 < n; i++) {
                if (t[i] != '$' || (t[i + 1] != '{' && t[i + 1] != '[' &&
                                    !(t[i + 1] == '(' && i + 2 < n && t[i + 2] == '(')))
                        continue;
                char open = t[i + 1], close = open == '{' ? '}' : open == '[' ? ']' : ')';
                size_t depth = 1, k = i + 2;
                for (; k < n && depth > 0; k++)
                        depth += s[k] == open ? 1 : s[k] == close ? -1 : 0;
                /* the names stay: what they expand is asked of them */
                for (size_t m = i + 2 + (open == '('); m + 1 < k; m++)
                        if (!shell_is_ident(t[m]) && t[m] != '$' && t[m] != '#' && t[m] != '!')
                                t[m] = ' ';
                i = k - 1;
        }
        return t;
}

static bool text_known(const Unknown *u, const char *s, size_t n) {
        _cleanup_free_ char *b = blank_expansions(s, n);
        return b && value_known(u, b, n);
}

static const char *tok_text(const char *s, const ShellToken *t, size_t *ret_n) {
        *ret_n = t->to > t->from ? t->to - t->from : 0;
        return s + t->from;
}

/* The token past the done closing the loop whose do is at or after i, or
 * SIZE_MAX. */
static size_t past_done(const ShellLexed *l, size_t i) {
        int depth = 0;
        for (; i < l->n; i++) {
                if (l->v[i].kind != SHELL_TOKEN_WORD || !compound_command_start(l, i))
                        continue;
                if (word_is(&l->v[i], "do"))
                        depth++;
                else if (word_is(&l->v[i], "done") && --depth == 0)
                        return i + 1;
        }
        return SIZE_MAX;
}

/* Does the read at token i take its input from a here-string the rule
 * knows (its own, or its while loop's after done)? */
static bool read_input_known(Unknown *u, const ShellLexed *l, const char *s, size_t i, size_t end) {
        size_t at = SIZE_MAX;
        for (size_t k = i; k < end; k++)
                if (l->v[k].kind == SHELL_TOKEN_REDIR && (l->v[k].fd == -1 || l->v[k].fd == 0))
                        at = k;
        bool looped = i > 0 && l->v[i - 1].kind == SHELL_TOKEN_WORD &&
                      (word_is(&l->v[i - 1], "while") || word_is(&l->v[i - 1], "until") ||
                       (i > 1 && programs_is_assignment(&l->v[i - 1].w) &&
                        (word_is(&l->v[i - 2], "while") || word_is(&l->v[i - 2], "until"))));
        if (at == SIZE_MAX && looped && ++u->loops <= LOOPS_MAX) {
                size_t d = past_done(l, i);
                if (d < l->n && l->v[d].kind == SHELL_TOKEN_REDIR)
                        at = d;
        }
        /* no input redirect: the line's own input, or a pipe's */
        if (at == SIZE_MAX || !streq(l->v[at].op, "<<<") || at + 1 >= l->n ||
            l->v[at + 1].kind != SHELL_TOKEN_WORD)
                return false;
        size_t tn;
        const char *tt = tok_text(s, &l->v[at + 1], &tn);
        return text_known(u, tt, tn);
}

/* One pass over the line's commands: the names they set from text the
 * rule does not know, added to u. Whether any was new. */
static bool unknown_pass(Unknown *u, const ShellLexed *l, const char *s, bool *ret_typed) {
        bool grew = false, functions = false;
        for (size_t i = 0; i + 2 < l->n && !functions; i++) /* NAME ( ), function NAME */
                functions = (l->v[i].kind == SHELL_TOKEN_WORD && l->v[i + 1].kind == SHELL_TOKEN_OP &&
                             streq(l->v[i + 1].op, "(") && l->v[i + 2].kind == SHELL_TOKEN_OP &&
                             streq(l->v[i + 2].op, ")")) ||
                            word_is(&l->v[i], "function");
        for (size_t i = 0; i < l->n; i++) {
                const ShellToken *t = &l->v[i];
                if (t->kind != SHELL_TOKEN_WORD || !compound_command_start(l, i) || programs_keyword(&t->w))
                        continue;
                size_t end = i;
                while (end < l->n &&
                       (l->v[end].kind == SHELL_TOKEN_WORD || l->v[end].kind == SHELL_TOKEN_REDIR))
                        end += l->v[end].kind == SHELL_TOKEN_REDIR && end + 1 < l->n ? 2 : 1;
                end = end > l->n ? l->n : end;
                size_t k = i;
                char buf[32];
                /* NAME=VALUE, before a command or as declare's word; NAME=( ... ) */
                for (; k < end && l->v[k].kind == SHELL_TOKEN_WORD && programs_is_assignment(&l->v[k].w);
                     k++) {
                        size_t tn;
                        const char *tt = tok_text(s, &l->v[k], &tn);
                        size_t len = ident_len(tt, tn), eq = len + (len < tn && tt[len] == '+');
                        bool array = eq + 1 == tn && k + 1 < l->n && l->v[k + 1].kind == SHELL_TOKEN_OP &&
                                     streq(l->v[k + 1].op, "(");
                        bool known = text_known(u, tt + eq + 1, tn - eq - 1);
                        for (size_t a = k + 2; array && a < l->n && l->v[a].kind == SHELL_TOKEN_WORD; a++) {
                                size_t an;
                                const char *at = tok_text(s, &l->v[a], &an);
                                known = known && text_known(u, at, an);
                        }
                        if (!known)
                                grew = unknown_add(u, tt, len) || grew;
                }
                /* f "$(cat f)" with f() { echo $(( $1 )); }: a call's words are
                 * its body's positional parameters */
                for (size_t a = k + 1; functions && a < end && !u->positional; a++) {
                        size_t an;
                        const char *at = tok_text(s, &l->v[a], &an);
                        if (l->v[a].kind == SHELL_TOKEN_WORD && !text_known(u, at, an))
                                u->positional = grew = true;
                }
                const char *p = k < end && l->v[k].kind == SHELL_TOKEN_WORD
                                        ? programs_plain(&l->v[k].w, buf, sizeof buf)
                                        : NULL;
                if (!p)
                        continue;
                bool declare = streq(p, "declare") || streq(p, "typeset") || streq(p, "local") ||
                               streq(p, "export") || streq(p, "readonly");
                bool read = streq(p, "read"), map = streq(p, "mapfile") || streq(p, "readarray");
                if (streq(p, "getopts"))
                        grew = unknown_add(u, "OPTARG", 6) || grew;
                /* printf -v NAME FORMAT ARGS: what it prints, known when they are
                 * (an escape that makes a $ is data_dollar's) */
                if (streq(p, "printf") && k + 2 < end && word_is(&l->v[k + 1], "-v")) {
                        bool known = true;
                        for (size_t a = k + 3; a < end && l->v[a].kind == SHELL_TOKEN_WORD; a++) {
                                size_t an;
                                const char *at = tok_text(s, &l->v[a], &an);
                                known = known && text_known(u, at, an);
                        }
                        size_t vn;
                        const char *vt = tok_text(s, &l->v[k + 2], &vn);
                        if (!known)
                                grew = unknown_add(u, vt, ident_len(vt, vn)) || grew;
                }
                if (streq(p, "set") && k + 1 < end && word_is(&l->v[k + 1], "--"))
                        for (size_t a = k + 2; a < end && l->v[a].kind == SHELL_TOKEN_WORD; a++) {
                                size_t an;
                                const char *at = tok_text(s, &l->v[a], &an);
                                if (!text_known(u, at, an) && !u->positional)
                                        u->positional = grew = true;
                        }
                if ((streq(p, "for") || streq(p, "select")) && k + 2 < end && word_is(&l->v[k + 2], "in")) {
                        size_t vn;
                        const char *vt = tok_text(s, &l->v[k + 1], &vn);
                        bool known = !streq(p, "select");
                        for (size_t a = k + 3; a < end && l->v[a].kind == SHELL_TOKEN_WORD; a++) {
                                size_t an;
                                const char *at = tok_text(s, &l->v[a], &an);
                                known = known && text_known(u, at, an);
                        }
                        if (streq(p, "select"))
                                grew = unknown_add(u, "REPLY", 5) || grew;
                        if (!known)
                                grew = unknown_add(u, vt, ident_len(vt, vn)) || grew;
                        continue;
                }
                if (!declare && !read && !map)
                        continue;
                bool known_input = (read || map) && read_input_known(u, l, s, k, end);
                size_t names = 0;
                for (size_t a = k + 1; a < end; a++) {
                        if (l->v[a].kind == SHELL_TOKEN_REDIR) {
                                a++;
                                continue;
                        }
                        size_t an;
                        const char *at = tok_text(s, &l->v[a], &an);
                        if (an > 0 && (at[0] == '-' || at[0] == '+')) {
                                if (declare && memchr(at, 'i', an))
                                        *ret_typed = true; /* declare -i x=V: V evaluated */
                                if (declare && memchr(at, 'n', an))
                                        *ret_typed = true; /* a nameref: its target evaluated */
                                /* read -d D, -n N, -p P, -t T, -u FD; mapfile -d, -n, -O, -s, -u, -C, -c */
                                bool takes = false;
                                for (size_t m = 1; m < an; m++)
                                        takes = takes || strchr(read ? "dnNptu" : "dnOsuCc", at[m]);
                                if ((read || map) && takes && !memchr(at, 'a', an))
                                        a++;
                                continue;
                        }
                        if (declare) {
                                size_t len = ident_len(at, an);
                                if (len < an && (at[len] == '=' || at[len] == '+') &&
                                    !text_known(u, at + len + 1 + (at[len] == '+'),
                                                an - len - 1 - (at[len] == '+')))
                                        grew = unknown_add(u, at, len) || grew;
                                continue;
                        }
                        names++;
                        if (!known_input)
                                grew = unknown_add(u, at, ident_len(at, an)) || grew;
                }
                if ((read || map) && names == 0 && !known_input)
                        grew = unknown_add(u, read ? "REPLY" : "MAPFILE", read ? 5 : 7) || grew;
        }
        return grew;
}

static size_t close_at(const char *s, size_t n, size_t from, char open, char close, int depth) {
        size_t k = from;
        for (; k < n && depth > 0; k++)
                depth += s[k] == open ? 1 : s[k] == close ? -1 : 0;
        return k;
}

/* Does the region s[0..n) (an arithmetic's text, a subscript) name a name
 * of u, or a positional parameter when those are unknown? */
static bool region_names(const Unknown *u, const char *s, size_t n) {
        for (size_t i = 0; i < n; i++) {
                /* $(( $(cat f) )): what it prints is evaluated too */
                if (s[i] == '`')
                        return true;
                if (s[i] == '$' && i + 1 < n && s[i + 1] == '(' && !(i + 2 < n && s[i + 2] == '(')) {
                        size_t e = close_at(s, n, i + 2, '(', ')', 1);
                        if (e > n || e < i + 3 || !prints_digits(s + i + 2, e - i - 3))
                                return true;
                        i = e - 1;
                        continue;
                }
                if (u->positional && s[i] == '$' && i + 1 < n &&
                    ((s[i + 1] >= '0' && s[i + 1] <= '9') || s[i + 1] == '@' || s[i + 1] == '*' ||
                     s[i + 1] == '{'))
                        return true;
                if (!shell_is_ident_start(s[i]) || (i > 0 && shell_is_ident(s[i - 1])))
                        continue;
                size_t len = ident_len(s + i, n - i);
                if (u->overflow || unknown_has(u, s + i, len))
                        return true;
                i += len - 1;
        }
        return false;
}

/* Does s evaluate a name of u: in ((...)), $((...)), $[...], a
 * subscript, [[ ... ]], let's words, ${!x}, ${x:offset}? */
static bool evaluates_unknown(const Unknown *u, const char *s, size_t n) {
        size_t seen = 0;
        for (size_t i = 0; i + 1 < n; i++) {
                size_t from = SIZE_MAX, to = 0;
                if (s[i] == '(' && s[i + 1] == '(') {
                        from = i + 2;
                        to = close_at(s, n, from, '(', ')', 2);
                } else if ((s[i] == '$' && s[i + 1] == '[') ||
                           (i > 0 && s[i] == '[' && shell_is_ident(s[i - 1]))) {
                        from = i + 1 + (s[i] == '$');
                        to = close_at(s, n, from, '[', ']', 1);
                } else if (s[i] == '[' && s[i + 1] == '[' && (i == 0 || !shell_is_ident(s[i - 1]))) {
                        /* [[ x -eq y ]], [[ -v x ]]: evaluated; [[ x == y ]]: strings */
                        const char *e = memmem(s + i + 2, n - i - 2, "]]", 2);
                        size_t end = e ? (size_t) (e - s) : n;
                        static const char *const ops[] = {"-eq", "-ne", "-lt", "-le",
                                                          "-gt", "-ge", "-v",  NULL};
                        bool arith = false;
                        for (const char *const *o = ops; *o && !arith; o++)
                                arith = memmem(s + i + 2, end - i - 2, *o, strlen(*o)) != NULL;
                        if (!arith)
                                continue;
                        from = i + 2;
                        to = end;
                } else if (s[i] == '$' && s[i + 1] == '{' && i + 2 < n && s[i + 2] == '!') {
                        /* ${!x}: the name x holds, evaluated; ${!a[@]}, ${!p*}: keys, names */
                        size_t len = ident_len(s + i + 3, n - i - 3), e = i + 3 + len;
                        bool keys = e < n && (s[e] == '[' || s[e] == '*' || s[e] == '@');
                        if (!keys && len && (u->overflow || unknown_has(u, s + i + 3, len)))
                                return true;
                } else if (s[i] == '$' && s[i + 1] == '{') {
                        size_t len = ident_len(s + i + 2, n - i - 2), e = i + 2 + len;
                        if (len && e + 1 < n && s[e] == ':' && !strchr("-=+?", s[e + 1])) {
                                from = e + 1; /* ${x:off:len}: both evaluated */
                                to = close_at(s, n, from, '{', '}', 1);
                        }
                } else if ((i == 0 || strchr(" \t\n;&|({", s[i - 1])) && n - i > 4 &&
                           memcmp(s + i, "let", 3) == 0 && (s[i + 3] == ' ' || s[i + 3] == '\t')) {
                        from = i + 3;
                        to = from;
                        while (to < n && !strchr(";&|\n", s[to]))
                                to++;
                }
                if (from == SIZE_MAX)
                        continue;
                if (++seen > REGIONS_MAX) /* each is read whole: nested ones many times */
                        return true;
                if (from <= to && to <= n && region_names(u, s + from, to - from))
                        return true;
        }
        return false;
}

int arith_unknown_values(Judge *j, const ShellLexed *l, const char *s, size_t n) {
        Unknown u = {0};
        bool typed = false;
        for (int pass = 0; pass < 8 && unknown_pass(&u, l, s, &typed); pass++)
                ;
        if ((typed && (u.n > 0 || u.positional || u.overflow)) || evaluates_unknown(&u, s, n))
                return judge_refuse(j,
                                    "a value the line takes from text it does not show (read, mapfile, a "
                                    "substitution, getopts, a glob's names) reaches bash's arithmetic or a "
                                    "subscript, which runs a $( it holds");
        return 0;
}
