/* SPDX-License-Identifier: MIT */
/*
 * The shell lexer (shell-lex.h): bash's word syntax, as much of it as it
 * takes to know what a command names. It must not judge anything: what a
 * word names and which commands are allowed are the recogniser's
 * (command.c).
 */
#include "shell-lex.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "shell-lex-internal.h"
#include "util.h"

void shell_word_done(ShellWord *w) {
        free(w->v);
        free(w->joined);
}

void shell_lexed_done(ShellLexed *l) {
        for (size_t i = 0; i < l->n; i++)
                shell_word_done(&l->v[i].w);
        free(l->v);
        for (size_t i = 0; i < l->n_nested; i++)
                free(l->nested[i]);
        free(l->nested);
        free(l->literals);
        *l = (ShellLexed){0};
}

int shell_word_put(ShellWord *w, uint8_t kind, uint8_t c) {
        if (ARRAY_GROW(w->v, w->allocated, w->n + 1) < 0)
                return -ENOMEM;
        w->v[w->n++] = (ShellItem){.kind = kind, .c = c};
        return 0;
}

static int put_nested(ShellLexed *l, const char *s, size_t n) {
        char *d = strndup(s, n);
        if (!d || ARRAY_GROW(l->nested, l->nested_allocated, l->n_nested + 1) < 0) {
                free(d);
                return -ENOMEM;
        }
        l->nested[l->n_nested++] = d;
        return 0;
}

/* The item of a command substitution whose text was nested last: what it
 * prints stands there when the line runs (cat $(printf %s .e nv)). */
static int put_substitution(ShellLexed *l, ShellWord *w, bool in_dquote) {
        int r = shell_word_put(w, SHELL_EXPAND, 0);
        if (r < 0)
                return r;
        w->v[w->n - 1].quoted = in_dquote;
        w->v[w->n - 1].nested = l->n_nested <= UINT16_MAX ? (uint16_t) l->n_nested : 0;
        w->substitution = true;
        return 0;
}

/* A backquoted body as bash reads it again: a backslash before '$', '`'
 * or '\\' (and '"', in double quotes) is gone, any other kept
 * (`cat .e\\\\nv` runs cat .e\\nv, which reads .env). */
static int put_backquoted(ShellLexed *l, const char *s, size_t n, bool in_dquote) {
        _cleanup_free_ char *d = malloc(n + 1);
        size_t k = 0;
        if (!d)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                if (s[i] == '\\' && i + 1 < n &&
                    (s[i + 1] == '$' || s[i + 1] == '`' || s[i + 1] == '\\' ||
                     (in_dquote && s[i + 1] == '"')))
                        i++;
                d[k++] = s[i];
        }
        return put_nested(l, d, k);
}

bool shell_is_ident_start(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool shell_is_ident(char c) {
        return shell_is_ident_start(c) || (c >= '0' && c <= '9');
}

/* Bytes that end an unquoted word. */
bool shell_is_meta(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '|' || c == '&' || c == ';' || c == '(' ||
               c == ')' || c == '<' || c == '>';
}

/* The index of the quote closing the one at s[i] ('"' or '`': backslashes
 * escape), or -1. */
static ssize_t close_quote(const char *s, size_t n, size_t i) {
        char q = s[i];
        for (size_t j = i + 1; j < n; j++) {
                if (s[j] == '\\' && q != '\'') {
                        j++;
                        continue;
                }
                if (s[j] == q)
                        return (ssize_t) j;
        }
        return -1;
}

/* The first heredoc whose body starts at s[i] or after (they are sorted
 * by body: read in order). */
static size_t first_body(const ShellLexed *l, size_t i) {
        size_t lo = 0, hi = l->n_heredocs;
        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (l->heredocs[mid].body < i)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        return lo;
}

/* The index past the heredoc bodies (and their delimiters' lines) that
 * start at s[i], one after another, or i: none does. */
static size_t past_bodies(const ShellLexed *l, size_t i) {
        for (size_t k = first_body(l, i);
             k < l->n_heredocs && l->heredocs[k].body == i && l->heredocs[k].next > i; k++)
                i = l->heredocs[k].next;
        return i;
}

/* The index of the bracket closing one opened just before s[i] (open and
 * close: '(' ')' or '{' '}'), quotes, escapes and heredoc bodies skipped;
 * -1 if none. */
static ssize_t close_bracket(const ShellLexed *l, const char *s, size_t n, size_t i, char open, char close) {
        int depth = 1;
        for (size_t j = i; j < n; j++) {
                char c = s[j];
                if (c == '\n') {
                        size_t past = past_bodies(l, j + 1);
                        j = past - 1;
                } else if (c == '\\') {
                        j++;
                } else if (c == '\'' || c == '"' || c == '`') {
                        ssize_t e = close_quote(s, n, j);
                        if (e < 0)
                                return -1;
                        j = (size_t) e;
                } else if (c == open) {
                        depth++;
                } else if (c == close && --depth == 0) {
                        return (ssize_t) j;
                }
        }
        return -1;
}

/* The SHELL_EXPAND item's c for a variable s[0..len) (its name, then what
 * follows it in ${...}): 2 for a value bash itself makes from the line as
 * it runs, BASH_REMATCH ([[ =~ ]]'s match) however expanded, and $_ (the
 * last command's last word) changed by an operator (${_,,}, ${_#x});
 * else 1 for a plain one or an array's elements as they are (${a[@]},
 * ${a[*]}, ${a[0]}), 0 for one with an operator (31j 4, 5). */
static uint8_t expand_kind(const char *s, size_t len, bool simple) {
        size_t k = 0;
        while (k < len && shell_is_ident(s[k]))
                k++;
        if ((k == 12 && strncmp(s, "BASH_REMATCH", 12) == 0) || (!simple && k == 1 && s[0] == '_'))
                return 2;
        if (simple)
                return 1;
        if (k == 0 || !shell_is_ident_start(s[0]) || k + 3 > len || s[k] != '[' || s[len - 1] != ']')
                return 0;
        size_t digits = strspn(s + k + 1, "0123456789");
        bool all = len == k + 3 && (s[k + 1] == '@' || s[k + 1] == '*');
        return all || (digits > 0 && digits < 10 && len == k + 2 + digits) ? 1 : 0;
}

/* A $ at s[*i]: an expansion, a substitution, a quoted string, or a '$'. */
/* "$(cat <<'EOF' ... EOF)" (t, m bytes: what the parentheses hold): what
 * it prints is the quoted heredoc's body as written (<<-: lines' tabs
 * gone), its trailing newlines gone, as bash's substitution: put on w as
 * literal bytes, 1. 0 when t is anything else; -ENOMEM. */
static int cat_heredoc(const char *t, size_t m, ShellWord *w) {
        _cleanup_free_ ShellHeredoc *h = NULL;
        size_t jn, n_h = 0;
        _cleanup_free_ char *j = shell_join_heredocs(t, m, &jn, &h, &n_h);
        if (!j)
                return -ENOMEM;
        if (n_h != 1 || !h[0].quoted || h[0].body >= jn)
                return 0;
        size_t k = strspn(j, " \t\n");
        if (strncmp(j + k, "cat", 3) != 0)
                return 0;
        k += 3 + strspn(j + k + 3, " \t");
        if (k + 2 != h[0].delim || strncmp(j + k, "<<", 2) != 0)
                return 0; /* cat <<: nothing between them */
        _cleanup_free_ char *d = NULL;
        bool quoted, dash;
        if (shell_heredoc_delim(j, jn, &h[0], &d, &quoted, &dash) < 0)
                return -ENOMEM;
        /* the delimiter word, then only blanks to the line's end (no
         * operand, redirect or pipe); nothing after the body */
        size_t q = h[0].delim + dash;
        q += strspn(j + q, " \t");
        while (q < jn && !shell_is_meta(j[q])) {
                const char *close = j[q] == '\'' || j[q] == '"' ? memchr(j + q + 1, j[q], jn - q - 1) : NULL;
                q = close ? (size_t) (close - j) + 1 : q + 1 + (j[q] == '\\');
        }
        q += strspn(j + q, " \t");
        if (q >= jn || j[q] != '\n' || j[h[0].next + strspn(j + h[0].next, " \t\n")] != 0)
                return 0;
        size_t end = h[0].end;
        while (end > h[0].body && j[end - 1] == '\n')
                end--;
        bool bol = true;
        for (q = h[0].body; q < end; q++) {
                if (dash && bol && j[q] == '\t')
                        continue;
                bol = j[q] == '\n';
                int r = shell_word_put(w, SHELL_LIT, (uint8_t) j[q]);
                if (r < 0)
                        return r;
        }
        return 1;
}

/* $((EXPR)) (e, m bytes: EXPR): bash expands EXPR as a double-quoted
 * string, then evaluates it as arithmetic, no command line. What runs is
 * the expansions and substitutions in it, quotes no boundary ($(( '$(cmd)'
 * )) runs cmd): those are nested as one text, ": "X1" "X2" ...", the
 * arithmetic's operators left out (x*y is no glob, (n + 1) no subshell).
 * None: nothing nested. 0 or -ENOMEM. */
static int put_arithmetic(ShellLexed *out, const char *e, size_t m) {
        _cleanup_free_ char *t = malloc(4 * m + 2);
        size_t k = 0;
        if (!t)
                return -ENOMEM;
        for (size_t i = 0; i < m; i++) {
                size_t end = i;
                if (e[i] == '`') {
                        ssize_t q = close_quote(e, m, i);
                        end = q < 0 ? m - 1 : (size_t) q;
                } else if (e[i] == '$' && i + 1 < m &&
                           (e[i + 1] == '(' || e[i + 1] == '{' || e[i + 1] == '[')) {
                        char open = e[i + 1], close = open == '(' ? ')' : open == '{' ? '}' : ']';
                        ssize_t q = close_bracket(out, e, m, i + 2, open, close);
                        end = q < 0 ? m - 1 : (size_t) q;
                } else if (e[i] == '$' && i + 1 < m &&
                           (shell_is_ident(e[i + 1]) || strchr("@*#?$!-", e[i + 1]))) {
                        end = i + 1;
                        while (shell_is_ident_start(e[i + 1]) && end + 1 < m && shell_is_ident(e[end + 1]))
                                end++;
                } else
                        continue;
                /* an unclosed one taken to EXPR's end: the line around it will
                 * not lex as written, and this text is what bash may run */
                k += (size_t) sprintf(t + k, "%s\"%.*s\"", k ? " " : ": ", (int) (end - i + 1), e + i);
                i = end;
        }
        return k ? put_nested(out, t, k) : 0;
}

static int lex_dollar_items(const char *s, size_t n, size_t *i, ShellWord *w, bool in_dquote,
                            ShellLexed *out) {
        size_t j = *i + 1;
        int r;
        if (j < n && s[j] == '\'' && !in_dquote) {
                *i = j;
                return shell_lex_ansi_c(s, n, i, w);
        }
        if (j < n && s[j] == '"' && !in_dquote) { /* $"...": as "..." */
                *i = j;
                return 0;
        }
        if (j < n && s[j] == '(') {
                bool arith = j + 1 < n && s[j + 1] == '(';
                ssize_t e = close_bracket(out, s, n, j + 1, '(', ')');
                if (e < 0)
                        return -EINVAL;
                /* "$(cat <<'EOF' ...)": a quoted word as its body is
                 * (unquoted, it is split and globbed: a substitution) */
                if (in_dquote && !arith && (r = cat_heredoc(s + j + 1, (size_t) e - j - 1, w)) != 0) {
                        if (r < 0 ||
                            ARRAY_GROW(out->literals, out->literals_allocated, out->n_literals + 1) < 0)
                                return -ENOMEM;
                        out->literals[out->n_literals++] = (struct ShellRange){*i, (size_t) e + 1};
                        *i = (size_t) e + 1;
                        return 0;
                }
                if ((r = arith ? put_arithmetic(out, s + j + 2, (size_t) e - j - 2)
                               : put_nested(out, s + j + 1, (size_t) e - j - 1)) < 0)
                        return r;
                *i = (size_t) e + 1;
                if (!arith)
                        return put_substitution(out, w, in_dquote);
                w->expansion = true;
                if ((r = shell_word_put(w, SHELL_EXPAND, 0)) < 0)
                        return r;
                w->v[w->n - 1].arith = true;
                return 0;
        }
        if (j < n && s[j] == '{') {
                ssize_t e = close_bracket(out, s, n, j + 1, '{', '}');
                if (e < 0)
                        return -EINVAL;
                size_t len = (size_t) e - j - 1;
                bool simple = len > 0 && len < sizeof w->param && shell_is_ident_start(s[j + 1]);
                for (size_t k = j + 1; simple && k < (size_t) e; k++)
                        simple = shell_is_ident(s[k]);
                if (simple && w->n == 0)
                        snprintf(w->param, sizeof w->param, "%.*s", (int) len, s + j + 1);
                else
                        w->param[0] = 0;
                /* what follows the name and its operator (${X:-.env}); an
                 * array's elements as written (${a[@]}, ${a[0]}) hold none */
                if (!simple && expand_kind(s + j + 1, len, simple) != 1) {
                        size_t k = j + 1;
                        while (k < (size_t) e && (shell_is_ident(s[k]) || strchr("!#@*?$-", s[k])))
                                k++;
                        /* ${a[SUBSCRIPT]...}: arithmetic (an associative array's,
                         * a string), no command line: its expansions nested */
                        ssize_t q = k > j + 1 && k < (size_t) e && s[k] == '['
                                            ? close_bracket(out, s, (size_t) e, k + 1, '[', ']')
                                            : -1;
                        if (q >= 0) {
                                if ((r = put_arithmetic(out, s + k + 1, (size_t) q - k - 1)) < 0)
                                        return r;
                                k = (size_t) q + 1;
                        }
                        w->assigns =
                                w->assigns ||
                                (k < (size_t) e &&
                                 (s[k] == '=' || (s[k] == ':' && k + 1 < (size_t) e && s[k + 1] == '=')));
                        while (k < (size_t) e && strchr(":-=+?#%/^,@", s[k]))
                                k++;
                        if ((q < 0 || k < (size_t) e) && (r = put_nested(out, s + k, (size_t) e - k)) < 0)
                                return r;
                }
                w->expansion = true;
                *i = (size_t) e + 1;
                if ((r = shell_word_put(w, SHELL_EXPAND, expand_kind(s + j + 1, len, simple))) < 0)
                        return r;
                /* ${#x}, ${#a[@]}, ${#}: a length, digits; ${!a[@]}: an array's keys */
                size_t id = len > 1 ? 1 : 0; /* past the # or !, to the name's end */
                while (id && id < len && shell_is_ident(s[j + 1 + id]))
                        id++;
                w->v[w->n - 1].arith =
                        len >= 1 && s[j + 1] == '#' &&
                        (len == 1 ||
                         (id > 1 && (id == len || (id + 3 == len && s[j + 1 + id] == '[' &&
                                                   strchr("@*", s[j + 2 + id]) && s[j + 3 + id] == ']'))));
                w->v[w->n - 1].keys = len > 1 && s[j + 1] == '!' && id > 1 && id + 3 == len &&
                                      s[j + 1 + id] == '[' && strchr("@*", s[j + 2 + id]) &&
                                      s[j + 3 + id] == ']';
                return 0;
        }
        if (j < n && shell_is_ident_start(s[j])) {
                size_t k = j;
                while (k < n && shell_is_ident(s[k]))
                        k++;
                if (w->n == 0 && k - j < sizeof w->param)
                        snprintf(w->param, sizeof w->param, "%.*s", (int) (k - j), s + j);
                else
                        w->param[0] = 0;
                w->expansion = true;
                *i = k;
                return shell_word_put(w, SHELL_EXPAND, expand_kind(s + j, k - j, true));
        }
        if (j < n && strchr("0123456789@*#?$!-", s[j]) && s[j]) {
                w->expansion = true;
                w->param[0] = 0;
                *i = j + 1;
                return shell_word_put(w, SHELL_EXPAND, 0);
        }
        *i = j;
        return shell_word_put(w, SHELL_LIT, '$');
}

/* A '$' at s[*i]: its items into w; an expansion in double quotes marked
 * so (it does not split). */
static int lex_dollar(const char *s, size_t n, size_t *i, ShellWord *w, bool in_dquote, ShellLexed *out) {
        size_t before = w->n;
        int r = lex_dollar_items(s, n, i, w, in_dquote, out);
        for (size_t k = before; r >= 0 && in_dquote && k < w->n; k++)
                if (w->v[k].kind == SHELL_EXPAND)
                        w->v[k].quoted = true;
        return r;
}

/* Mark the items a quote or escape made, from k on. */
static void mark_quoted(ShellWord *w, size_t k) {
        for (; k < w->n; k++)
                if (w->v[k].kind == SHELL_LIT)
                        w->v[k].quoted = true;
}

/* An unquoted '[' with an unquoted ']' after it may open a bracket
 * expression: which one does is the glob's to say, after brace expansion
 * (bash does not know brackets when it expands braces). */
static void mark_brackets(ShellWord *w) {
        bool close = false;
        for (size_t k = w->n; k-- > 0;) {
                ShellItem *it = &w->v[k];
                if (it->kind == SHELL_LIT && !it->quoted && it->c == ']')
                        close = true;
                else if (it->kind == SHELL_LIT && !it->quoted && it->c == '[' && close)
                        it->kind = SHELL_CLASS;
        }
}

/* One word from s[*i], to an unquoted blank or operator. */
static int lex_word(const char *s, size_t n, size_t *i, ShellWord *w, ShellLexed *out) {
        int r;
        size_t start = *i;
        bool ext = false; /* the last byte an unquoted @ ! + * or ?: a '(' makes an extglob */
        while (*i < n && (!shell_is_meta(s[*i]) || (ext && s[*i] == '('))) {
                char c = s[*i];
                if (ext && c == '(') {
                        /* @(env), +(.): a pattern (shopt -s extglob; bash
                         * without it finds a syntax error) matching anything,
                         * to be safe; what it holds is judged too. A leading
                         * dot only if it holds a '.' (or a quote, escape or
                         * expansion that may make one), and never !(...), as
                         * bash's. */
                        ssize_t e = close_bracket(out, s, n, *i + 1, '(', ')');
                        if (e < 0)
                                return -EINVAL;
                        if ((r = put_nested(out, s + *i + 1, (size_t) e - *i - 1)) < 0)
                                return r;
                        bool dot = false;
                        for (size_t k = *i + 1; k < (size_t) e && s[*i - 1] != '!'; k++)
                                dot = dot || (s[k] && strchr(".$`\\'\"", s[k]));
                        w->v[w->n - 1] = (ShellItem){.kind = SHELL_EXTGLOB, .c = s[*i - 1], .quoted = dot};
                        *i = (size_t) e + 1;
                        ext = false;
                        continue;
                }
                ext = (c == '@' || c == '!' || c == '+' || c == '*' || c == '?');
                size_t k0 = w->n;
                switch (c) {
                case '\\':
                        if (*i + 1 < n && s[*i + 1] == '\n') {
                                *i += 2; /* a line continued */
                                continue;
                        }
                        r = shell_word_put(w, SHELL_LIT, (uint8_t) (*i + 1 < n ? s[*i + 1] : '\\'));
                        *i += 2;
                        w->quoted = true;
                        mark_quoted(w, k0);
                        break;
                case '\'': {
                        const char *e = memchr(s + *i + 1, '\'', n - *i - 1);
                        if (!e)
                                return -EINVAL;
                        r = 0;
                        for (const char *p = s + *i + 1; r >= 0 && p < e; p++)
                                r = shell_word_put(w, SHELL_LIT, (uint8_t) *p);
                        *i = (size_t) (e - s) + 1;
                        w->quoted = true;
                        mark_quoted(w, k0);
                        break;
                }
                case '"': {
                        size_t j = *i + 1;
                        r = 0;
                        while (r >= 0 && j < n && s[j] != '"') {
                                if (s[j] == '\\' && j + 1 < n && strchr("$`\"\\\n", s[j + 1])) {
                                        if (s[j + 1] != '\n')
                                                r = shell_word_put(w, SHELL_LIT, (uint8_t) s[j + 1]);
                                        j += 2;
                                } else if (s[j] == '$') {
                                        r = lex_dollar(s, n, &j, w, true, out);
                                } else if (s[j] == '`') {
                                        ssize_t e = close_quote(s, n, j);
                                        if (e < 0)
                                                return -EINVAL;
                                        r = put_backquoted(out, s + j + 1, (size_t) e - j - 1, true);
                                        if (r >= 0)
                                                r = put_substitution(out, w, true);
                                        j = (size_t) e + 1;
                                } else {
                                        r = shell_word_put(w, SHELL_LIT, (uint8_t) s[j++]);
                                }
                        }
                        if (r >= 0 && j >= n)
                                return -EINVAL;
                        *i = j + 1;
                        w->quoted = true;
                        mark_quoted(w, k0);
                        break;
                }
                case '$':
                        r = lex_dollar(s, n, i, w, false, out);
                        mark_quoted(w, k0); /* $'...': its bytes are quoted */
                        break;
                case '`': {
                        ssize_t e = close_quote(s, n, *i);
                        if (e < 0)
                                return -EINVAL;
                        r = put_backquoted(out, s + *i + 1, (size_t) e - *i - 1, false);
                        if (r >= 0)
                                r = put_substitution(out, w, false);
                        *i = (size_t) e + 1;
                        break;
                }
                case '*':
                case '?':
                        r = shell_word_put(w, c == '*' ? SHELL_STAR : SHELL_QMARK, (uint8_t) c);
                        (*i)++;
                        break;
                case '{':
                case ',':
                case '}':
                        r = shell_word_put(w,
                                           c == '{'   ? SHELL_BOPEN
                                           : c == ',' ? SHELL_BCOMMA
                                                      : SHELL_BCLOSE,
                                           (uint8_t) c);
                        (*i)++;
                        break;
                default:
                        r = shell_word_put(w, SHELL_LIT, (uint8_t) c);
                        (*i)++;
                }
                if (r < 0)
                        return r;
        }
        /* ${x:-.e}${y:-nv}: the defaults together, a text of the line */
        if (memmem(s + start, *i - start, "${", 2)) {
                _cleanup_free_ char *alt = NULL;
                if ((r = shell_defaults_joined(s + start, *i - start, &alt)) < 0)
                        return r;
                if (alt && (r = put_nested(out, alt, strlen(alt))) < 0)
                        return r;
                /* one default alone: nested already, but a program it may name ({x:-eval} 'S') */
                if (!alt && (r = shell_default_alone(s + start, *i - start, &alt)) < 0)
                        return r;
                free(w->joined);
                w->joined = TAKE_PTR(alt);
        }
        /* cat${IFS}.e?v: the words bash splits it into, a text of the line */
        if (memmem(s + start, *i - start, "IFS", 3)) {
                _cleanup_free_ char *split = NULL;
                if ((r = shell_ifs_split(s + start, *i - start, &split)) < 0)
                        return r;
                if (split && (r = put_nested(out, split, strlen(split))) < 0)
                        return r;
        }
        mark_brackets(w);
        /* param names the word only when it is that one expansion */
        if (!(w->n == 1 && w->v[0].kind == SHELL_EXPAND && w->v[0].c == 1))
                w->param[0] = 0;
        return 0;
}

static int put_token(ShellLexed *out, ShellToken t) {
        if (ARRAY_GROW(out->v, out->allocated, out->n + 1) < 0) {
                shell_word_done(&t.w);
                return -ENOMEM;
        }
        out->v[out->n++] = t;
        return 0;
}

/* Operators, longest first. */
static const char *const operators[] = {
        "<<<", "<<-", "&>>", ";;&", "||", "|&", "&&", "&>", ";;", ";&", "<<", "<>", "<&",
        "<(",  ">>",  ">&",  ">|",  ">(", "((", "|",  "&",  ";",  "(",  ")",  "<",  ">",
};

static bool is_redirect(const char *op) {
        return op[0] == '<' || op[0] == '>' || (op[0] == '&' && op[1] == '>');
}

/* The heredoc bodies that start at s[i]: none is a command line. A
 * quoted delimiter's is data; an unquoted one's is expanded as "..." is
 * (its substitutions are nested texts of the line). The index past them,
 * or -errno. */
static ssize_t lex_bodies(const char *s, size_t i, ShellLexed *out) {
        size_t past = past_bodies(out, i);
        for (size_t k = first_body(out, i); k < out->n_heredocs && out->heredocs[k].body == i && i < past;
             k++) {
                const ShellHeredoc *h = &out->heredocs[k];
                ShellWord w = {0}; /* what expands, thrown away: only the nested texts count */
                int r = 0;
                for (size_t j = h->body; r >= 0 && !h->quoted && j < h->end;) {
                        if (s[j] == '\\') {
                                j += 2;
                        } else if (s[j] == '$') {
                                r = lex_dollar(s, h->end, &j, &w, true, out);
                        } else if (s[j] == '`') {
                                ssize_t e = close_quote(s, h->end, j);
                                r = e < 0 ? -EINVAL
                                          : put_backquoted(out, s + j + 1, (size_t) e - j - 1, true);
                                j = e < 0 ? j : (size_t) e + 1;
                        } else {
                                j++;
                        }
                }
                shell_word_done(&w);
                if (r < 0)
                        return r;
                i = h->next;
        }
        return (ssize_t) past;
}

static int lex_text(const char *s, size_t n, ShellLexed *out) {
        size_t i = 0;
        int r;
        while (i < n) {
                char c = s[i];
                if (c == ' ' || c == '\t') {
                        i++;
                        continue;
                }
                if (c == '\n') {
                        if ((r = put_token(out, (ShellToken){.kind = SHELL_TOKEN_NEWLINE,
                                                             .fd = -1,
                                                             .from = i,
                                                             .to = i + 1})) < 0)
                                return r;
                        ssize_t past = lex_bodies(s, i + 1, out);
                        if (past < 0)
                                return (int) past;
                        i = (size_t) past;
                        continue;
                }
                if (c == '#') {
                        /* a comment, to the line's end: no quote in it is
                         * one; what it holds is judged still (a shell
                         * without interactive_comments runs it) */
                        const char *e = memchr(s + i, '\n', n - i);
                        size_t end = e ? (size_t) (e - s) : n;
                        if ((r = put_nested(out, s + i + 1, end - i - 1)) < 0)
                                return r;
                        i = end;
                        continue;
                }
                /* N>, N< : a redirect of fd N */
                int fd = -1;
                size_t d = i, from = i;
                while (d < n && d - i < 4 && s[d] >= '0' && s[d] <= '9')
                        d++;
                if (d > i && d < n && (s[d] == '<' || s[d] == '>')) {
                        fd = atoi(s + i);
                        i = d;
                        c = s[i];
                }
                if (shell_is_meta(c)) {
                        const char *op = NULL;
                        for (size_t k = 0; k < ELEMENTSOF(operators) && !op; k++)
                                if (n - i >= strlen(operators[k]) &&
                                    memcmp(s + i, operators[k], strlen(operators[k])) == 0)
                                        op = operators[k];
                        if (!op)
                                return -EINVAL;
                        ShellToken t = {.kind = is_redirect(op) ? SHELL_TOKEN_REDIR : SHELL_TOKEN_OP,
                                        .fd = fd,
                                        .from = from};
                        snprintf(t.op, sizeof t.op, "%s", op);
                        i += strlen(op);
                        if (streq(op, "<(") || streq(op, ">(")) { /* a process substitution */
                                ssize_t e = close_bracket(out, s, n, i, '(', ')');
                                if (e < 0)
                                        return -EINVAL;
                                if ((r = put_nested(out, s + i, (size_t) e - i)) < 0)
                                        return r;
                                t.nested = out->n_nested;
                                i = (size_t) e + 1;
                        }
                        t.to = i;
                        if ((r = put_token(out, t)) < 0)
                                return r;
                        continue;
                }
                ShellToken t = {.kind = SHELL_TOKEN_WORD, .fd = -1, .from = i};
                r = lex_word(s, n, &i, &t.w, out);
                if (r < 0) {
                        shell_word_done(&t.w);
                        return r;
                }
                t.to = i;
                if ((r = put_token(out, t)) < 0)
                        return r;
        }
        return 0;
}

int shell_lex(const char *s, size_t n, ShellLexed *ret) {
        ShellLexed l = {0};
        _cleanup_free_ ShellHeredoc *h = NULL;
        size_t jn, n_h = 0;
        /* the heredocs, where the text is as shell_join_lines leaves it
         * (it is, joined once: then its places are this text's) */
        _cleanup_free_ char *joined = shell_join_heredocs(s, n, &jn, &h, &n_h);
        if (!joined)
                return -ENOMEM;
        /* a delimiter holding a substitution: bash takes it as written,
         * where any misreading would make the rest of the line data;
         * not read (31j 23) */
        for (size_t i = 0; i < n_h; i++)
                if (h[i].substituted)
                        return -EINVAL;
        if (jn == n && memcmp(joined, s, n) == 0) {
                l.heredocs = h;
                l.n_heredocs = n_h;
        }
        int r = lex_text(s, n, &l);
        l.heredocs = NULL;
        l.n_heredocs = 0;
        if (r < 0) {
                shell_lexed_done(&l);
                return r;
        }
        *ret = l;
        return 0;
}

/* Where the heredoc delimiter word from d[at] ends, as bash's parser
 * reads a word: a $(...), $((...)), ${...}, $[...] or `...` in it is
 * whole, its blanks and metas included (<<$(a b) is one word). Whether it
 * holds one of those, and whether a quote or escape is in it outside
 * them (bash then removes quotes from all of it; else it is taken
 * verbatim). */
static size_t delim_end(const char *d, size_t n, size_t at, bool *ret_subst, bool *ret_quoted) {
        bool subst = false, quoted = false;
        /* <(E) and >(E) are a word's too (<< <(E) ends at a line <(E)) */
        while (at < n && (!shell_is_meta(d[at]) ||
                          ((d[at] == '<' || d[at] == '>') && at + 1 < n && d[at + 1] == '('))) {
                char c = d[at];
                ssize_t e = -1;
                bool opens = true;
                if (c == '\\') {
                        quoted = true;
                        at = at + 2 < n ? at + 2 : n;
                        continue;
                }
                if ((c == '<' || c == '>') && at + 1 < n && d[at + 1] == '(') {
                        subst = true;
                        e = close_bracket(&(ShellLexed){0}, d, n, at + 2, '(', ')');
                } else if (c == '$' && at + 1 < n && strchr("({[", d[at + 1])) {
                        char open = d[at + 1], close = open == '(' ? ')' : open == '{' ? '}' : ']';
                        subst = true;
                        e = close_bracket(&(ShellLexed){0}, d, n, at + 2, open, close);
                } else if (c == '\'' || c == '"' || c == '`') {
                        quoted = quoted || c != '`';
                        subst = subst || c == '`';
                        e = close_quote(d, n, at);
                        /* "...$(...)...": a substitution in double quotes */
                        for (ssize_t j = (ssize_t) at; c == '"' && e >= 0 && j < e; j++)
                                subst = subst || (d[j] == '$' && strchr("({[", d[j + 1])) || d[j] == '`';
                } else
                        opens = false;
                if (opens && e < 0) {
                        at = n; /* unclosed: the rest */
                        break;
                }
                at = e >= 0 ? (size_t) e + 1 : at + 1;
        }
        *ret_subst = subst;
        *ret_quoted = quoted;
        return at;
}

int shell_heredoc_delim(const char *d, size_t n, const ShellHeredoc *h, char **ret, bool *ret_quoted,
                        bool *ret_dash) {
        size_t m = 0, at = h->delim;
        bool quoted = false, dash = at < n && d[at] == '-', subst, top_quoted;
        char *buf = malloc(n - (at < n ? at : n) + 1);
        if (!buf)
                return -ENOMEM;
        at += dash;
        while (at < n && (d[at] == ' ' || d[at] == '\t'))
                at++;
        size_t end = delim_end(d, n, at, &subst, &top_quoted);
        if (subst && !top_quoted) { /* no quote outside them: as written */
                memcpy(buf, d + at, end - at);
                m = end - at;
                at = n;
        }
        /* after quote removal, as bash takes it: $'...' decoded, $"..." as
         * "...", a backslash in "..." gone only before $ ` " \ (no
         * expansion: E$x is E$x) */
        for (char q = 0; at < n && (q || !shell_is_meta(d[at]) || (subst && at < end)); at++) {
                char c = d[at];
                if (!q && c == '$' && at + 1 < n && d[at + 1] == '\'') {
                        _cleanup_(shell_word_done) ShellWord w = {0};
                        size_t j = at + 1;
                        quoted = true;
                        if (shell_lex_ansi_c(d, n, &j, &w) < 0) { /* unterminated: the rest */
                                at = n;
                                break;
                        }
                        for (size_t x = 0; x < w.n; x++)
                                buf[m++] = (char) w.v[x].c;
                        at = j - 1;
                        continue;
                }
                if (!q && c == '$' && at + 1 < n && d[at + 1] == '"')
                        continue; /* the '"' next opens it */
                if (!q && (c == '\'' || c == '"')) {
                        q = c;
                        quoted = true;
                        continue;
                }
                if (q && c == q) {
                        q = 0;
                        continue;
                }
                if (c == '\\' && at + 1 < n && (!q || (q == '"' && strchr("$`\"\\", d[at + 1])))) {
                        c = d[++at];
                        quoted = true;
                } else if (c == '\\' && q == '"') {
                        quoted = true;
                }
                buf[m++] = c;
        }
        buf[m] = 0;
        *ret = buf;
        *ret_quoted = quoted;
        *ret_dash = dash;
        return subst;
}

/* A heredoc's body from s[i] to its delimiter's line (or the end), into
 * d at *k as bash reads it: a quoted delimiter's lines as written; an
 * unquoted one's continuations joined first (an odd run of backslashes
 * ends the line), then, with <<-, leading tabs skipped to find the
 * delimiter. Its body's place in d into h; the index past it in s, or
 * -ENOMEM. */
static ssize_t heredoc_body(const char *s, size_t n, size_t i, ShellHeredoc *h, char *d, size_t *k) {
        _cleanup_free_ char *delim = NULL;
        bool quoted, dash;
        int r = shell_heredoc_delim(d, *k, h, &delim, &quoted, &dash);
        if (r < 0)
                return -ENOMEM;
        size_t dl = strlen(delim);
        h->quoted = quoted;
        h->substituted = r > 0;
        h->body = h->end = *k;
        while (i < n) {
                size_t start = *k;
                bool continued;
                do {
                        const char *e = memchr(s + i, '\n', n - i);
                        size_t len = e ? (size_t) (e - s - i) : n - i, slashes = 0;
                        while (slashes < len && s[i + len - 1 - slashes] == '\\')
                                slashes++;
                        continued = !quoted && e && slashes % 2 == 1;
                        memcpy(d + *k, s + i, continued ? len - 1 : len);
                        *k += continued ? len - 1 : len;
                        i += len + (e ? 1 : 0);
                        if (e && !continued)
                                d[(*k)++] = '\n';
                } while (continued && i < n);
                /* the line as written, then (<<-) with its tabs gone, as bash
                 * 5.2 compares: <<-$'\tE' ends at a line TAB E */
                const char *t = d + start, *end = d + *k - (*k > start && d[*k - 1] == '\n');
                if ((size_t) (end - t) == dl && memcmp(t, delim, dl) == 0)
                        break;
                while (dash && t < end && *t == '\t')
                        t++;
                if ((size_t) (end - t) == dl && memcmp(t, delim, dl) == 0)
                        break;
                h->end = *k;
        }
        h->next = *k;
        return (ssize_t) i;
}

/* Does the text from s[i] start with a third '<' (<<<, a here-string),
 * continuations skipped? */
static bool here_string(const char *s, size_t n, size_t i) {
        while (i + 1 < n && s[i] == '\\' && s[i + 1] == '\n')
                i += 2;
        return i < n && s[i] == '<';
}

/* A $( or ${ the joiner is inside: the state to go back to at its ')' or
 * '}', the brackets open in it, and whether << in it is no heredoc ($((,
 * where it is a shift; ${x:-<<E}, a word). */
typedef struct JoinFrame {
        int back;
        size_t depth;
        char open, close;
        bool no_heredoc;
} JoinFrame;

char *shell_join_heredocs(const char *s, size_t n, size_t *ret_n, ShellHeredoc **ret_h, size_t *ret_n_h) {
        _cleanup_free_ char *d = malloc(n + 1);
        _cleanup_free_ ShellHeredoc *h = NULL;
        size_t k = 0, n_h = 0, read = 0; /* h[read..n_h): the line's, bodies not read yet */
        enum { PLAIN, SQ, ANSI, DQ, COMMENT } st = PLAIN;
        JoinFrame stack[32];
        size_t sp = 0;
        bool lost = false;         /* nested deeper than the stack: no heredoc is told apart */
        size_t escaped = SIZE_MAX; /* where in d the last escaped byte is */
        if (!d)
                return NULL;
        for (size_t i = 0; i < n; i++) {
                char c = s[i];
                if ((st == PLAIN || st == DQ) && c == '\\' && i + 1 < n && s[i + 1] == '\n') {
                        i++;
                        continue;
                }
                d[k++] = c;
                if ((st == PLAIN || st == DQ) && c == '$' && i + 1 < n &&
                    (s[i + 1] == '(' || s[i + 1] == '{')) {
                        /* $( ... ): a command line of its own, in "..." too; ${ ... } */
                        bool paren = s[i + 1] == '(';
                        if (sp == ELEMENTSOF(stack))
                                lost = true;
                        else
                                stack[sp++] =
                                        (JoinFrame){.back = st,
                                                    .depth = 1,
                                                    .open = paren ? '(' : '{',
                                                    .close = paren ? ')' : '}',
                                                    .no_heredoc = !paren || (i + 2 < n && s[i + 2] == '(')};
                        d[k++] = s[++i];
                        st = PLAIN;
                        continue;
                }
                switch (st) {
                case PLAIN:
                        if (c == '\\' && i + 1 < n) {
                                d[k++] = s[++i];
                                escaped = k - 1; /* \<< is no heredoc: a '<', then <FILE */
                        } else if (c == '\'')
                                st = k >= 2 && d[k - 2] == '$' ? ANSI : SQ;
                        else if (c == '"')
                                st = DQ;
                        else if (c == '#' && (k == 1 || shell_is_meta(d[k - 2])))
                                st = COMMENT;
                        else if (sp > 0 && c == stack[sp - 1].open)
                                stack[sp - 1].depth++;
                        else if (sp > 0 && c == stack[sp - 1].close && --stack[sp - 1].depth == 0)
                                st = stack[--sp].back;
                        else if (c == '<' && k >= 2 && d[k - 2] == '<' && k - 2 != escaped &&
                                 (k < 3 || d[k - 3] != '<') && !here_string(s, n, i + 1) && !lost &&
                                 !(sp > 0 && stack[sp - 1].no_heredoc)) {
                                ShellHeredoc *m =
                                        realloc(h, (n_h + 1) * sizeof *h); /* at most one per 2 bytes */
                                if (!m)
                                        return NULL;
                                h = m;
                                h[n_h++] = (ShellHeredoc){.delim = k};
                        }
                        break;
                case SQ:
                        st = c == '\'' ? PLAIN : SQ;
                        break;
                case ANSI: /* both end at their quote; a backslash escapes in both */
                case DQ:
                        if (c == '\\' && i + 1 < n)
                                d[k++] = s[++i];
                        else if (c == (st == ANSI ? '\'' : '"'))
                                st = PLAIN;
                        break;
                case COMMENT:
                        st = c == '\n' ? PLAIN : COMMENT;
                        break;
                }
                if (c == '\n' && st == PLAIN && read < n_h) { /* the line's heredocs, in order */
                        ssize_t next = (ssize_t) i + 1;
                        for (; read < n_h && next >= 0; read++)
                                next = heredoc_body(s, n, (size_t) next, &h[read], d, &k);
                        if (next < 0)
                                return NULL;
                        i = (size_t) next - 1;
                }
        }
        for (; read < n_h; read++) /* no line after it: no body */
                h[read].body = h[read].end = h[read].next = k;
        d[k] = 0;
        *ret_n = k;
        if (ret_h) {
                *ret_h = TAKE_PTR(h);
                *ret_n_h = n_h;
        }
        return TAKE_PTR(d);
}

char *shell_join_lines(const char *s, size_t n, size_t *ret_n) {
        return shell_join_heredocs(s, n, ret_n, NULL, NULL);
}
