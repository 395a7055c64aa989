/* SPDX-License-Identifier: MIT */
/*
 * A word as bash makes it when it runs, read from the word as written
 * (shell-lex.h): its ${NAME:-TEXT} defaults taken and joined, its unquoted
 * $IFS split. It must not judge: the lexer nests what it makes, and the
 * secret-paths rule reads that as it reads any text of the line.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "shell-lex.h"
#include "util.h"

/* In ${NAME/PAT/REP} (also //, /#, /%), s[m] its first '/': where REP
 * starts, or end when it has none. PAT ends at the first unescaped '/'
 * outside quotes and brackets of its own. */
static size_t replacement(const char *s, size_t m, size_t end) {
        size_t i = m + 1;
        if (i < end && strchr("/#%", s[i]))
                i++;
        for (int depth = 0; i < end; i++) {
                char c = s[i];
                if (c == '\\')
                        i++;
                else if (c == '\'' || c == '"') {
                        const char *q = memchr(s + i + 1, c, end - i - 1);
                        i = q ? (size_t) (q - s) : end;
                } else if (c == '{' || c == '(')
                        depth++;
                else if ((c == '}' || c == ')') && depth > 0)
                        depth--;
                else if (c == '/' && depth == 0)
                        return i + 1;
        }
        return end;
}

/* The word s (n bytes, as written) with each ${NAME:-TEXT}, ${NAME-TEXT},
 * ${NAME:=TEXT}, ${NAME=TEXT}, ${NAME:+TEXT}, ${NAME+TEXT} and
 * ${NAME/PAT/REP} (//, /#, /%: REP is all of it when PAT matches the
 * whole value) replaced by its TEXT and every other expansion or substitution by nothing: what
 * bash makes of it when the defaults are taken, into *ret (malloc'd), or
 * NULL when the word is no more than one default (nested already). ${x:-.e}${y:-nv} is
 * .env, which no default holds alone. */
static int defaults_taken(const char *s, size_t n, char **ret, size_t *ret_defaults, size_t *ret_others) {
        _cleanup_free_ char *d = malloc(n + 1);
        size_t k = 0, defaults = 0, others = 0;
        if (!d)
                return -ENOMEM;
        for (size_t i = 0; i < n;) {
                char c = s[i];
                if (c == '\\' && i + 1 < n) {
                        d[k++] = s[i++];
                        d[k++] = s[i++];
                        others++;
                } else if (c == '\'') {
                        const char *q = memchr(s + i + 1, '\'', n - i - 1);
                        size_t e = q ? (size_t) (q - s) + 1 : n;
                        memcpy(d + k, s + i, e - i);
                        k += e - i;
                        i = e;
                        others++;
                } else if (c == '`' || (c == '$' && i + 1 < n && s[i + 1] == '(')) {
                        /* a substitution: its value is unknown (skipped whole) */
                        char open = c == '`' ? '`' : '(', close = c == '`' ? '`' : ')';
                        size_t depth = 0, j = c == '`' ? i + 1 : i + 2;
                        for (depth = 1; j < n && depth > 0; j++)
                                depth += open != close && s[j] == open ? 1 : s[j] == close ? -1 : 0;
                        i = j;
                        others++;
                } else if (c == '$' && i + 1 < n && s[i + 1] == '{') {
                        size_t j = i + 2, depth = 1, e;
                        for (e = j; e < n && depth > 0; e++)
                                depth += s[e] == '{' ? 1 : s[e] == '}' ? -1 : 0;
                        size_t end = depth == 0 ? e - 1 : n; /* the '}' */
                        size_t m =
                                j + (j < end && s[j] == '#' && j + 1 < end && s[j + 1] != '}'); /* ${#x} */
                        while (m < end && (shell_is_ident(s[m]) || (m == j && strchr("!@*?$-", s[m]))))
                                m++;
                        size_t op = m + (m < end && s[m] == ':');
                        size_t rep = m < end && s[m] == '/' ? replacement(s, m, end) : end;
                        if (op < end && strchr("-=+", s[op])) {
                                memcpy(d + k, s + op + 1, end - op - 1);
                                k += end - op - 1;
                                defaults++;
                        } else if (rep < end) { /* its REP, when PAT takes all the value */
                                memcpy(d + k, s + rep, end - rep);
                                k += end - rep;
                                defaults++;
                        } else
                                others++;
                        i = end < n ? end + 1 : n;
                } else if (c == '$' && i + 1 < n &&
                           (shell_is_ident_start(s[i + 1]) || strchr("0123456789@*#?$!-", s[i + 1]))) {
                        i++;
                        if (shell_is_ident_start(s[i]))
                                while (i < n && shell_is_ident(s[i]))
                                        i++;
                        else
                                i++;
                        others++;
                } else {
                        d[k++] = s[i++];
                        others += c != '"';
                }
        }
        d[k] = 0;
        *ret = TAKE_PTR(d);
        *ret_defaults = defaults;
        *ret_others = others;
        return 0;
}

/* The defaults' text into *ret when taken says so, else NULL. */
static int defaults_text(const char *s, size_t n, char **ret, bool alone) {
        _cleanup_free_ char *d = NULL;
        size_t defaults, others;
        int r = defaults_taken(s, n, &d, &defaults, &others);
        if (r < 0)
                return r;
        bool take = alone ? defaults == 1 && others == 0 : defaults > 0 && defaults + others > 1;
        *ret = take ? TAKE_PTR(d) : NULL;
        return 0;
}

int shell_defaults_joined(const char *s, size_t n, char **ret) {
        return defaults_text(s, n, ret, false);
}

int shell_default_alone(const char *s, size_t n, char **ret) {
        return defaults_text(s, n, ret, true);
}

/* The word s (n bytes, as written) with each unquoted $IFS or ${IFS...}
 * a space, into *ret (malloc'd), or NULL when it holds none: bash splits
 * the word there (IFS's default), so cat${IFS}.e?v is cat and .e?v. */
int shell_ifs_split(const char *s, size_t n, char **ret) {
        _cleanup_free_ char *d = malloc(n + 1);
        size_t k = 0;
        bool any = false, dq = false;
        if (!d)
                return -ENOMEM;
        for (size_t i = 0; i < n;) {
                if (s[i] == '\\' && i + 1 < n) {
                        d[k++] = s[i++];
                        d[k++] = s[i++];
                        continue;
                }
                if (s[i] == '\'' && !dq) {
                        const char *q = memchr(s + i + 1, '\'', n - i - 1);
                        size_t e = q ? (size_t) (q - s) + 1 : n;
                        memcpy(d + k, s + i, e - i);
                        k += e - i;
                        i = e;
                        continue;
                }
                dq = s[i] == '"' ? !dq : dq;
                size_t len = 0;
                if (!dq && n - i >= 4 && strncmp(s + i, "$IFS", 4) == 0 &&
                    (i + 4 == n || !shell_is_ident(s[i + 4])))
                        len = 4;
                else if (!dq && n - i >= 6 && strncmp(s + i, "${IFS", 5) == 0 && !shell_is_ident(s[i + 5])) {
                        const char *c = memchr(s + i, '}', n - i);
                        len = c ? (size_t) (c - s - i) + 1 : n - i;
                }
                if (len) {
                        d[k++] = ' ';
                        i += len;
                        any = true;
                } else
                        d[k++] = s[i++];
        }
        d[k] = 0;
        *ret = any ? TAKE_PTR(d) : NULL;
        return 0;
}

/* A sequence expression's text ({a..e}, {01..10..2}): its first and last
 * term and its step, or false (bash's rule: both integers or both single
 * letters, every byte unquoted; a step of 0 is 1, its sign ignored). */
typedef struct Sequence {
        intmax_t from, to, step;
        int width;   /* zero-padded to this width (%0*jd), or 0 */
        bool letter; /* terms are bytes, not numbers */
} Sequence;

static bool seq_number(const char *s, intmax_t *ret) {
        char *end = NULL;
        if (!*s || isspace((unsigned char) *s))
                return false;
        errno = 0;
        intmax_t v = strtoimax(s, &end, 10);
        if (errno != 0 || *end || v < -(INTMAX_C(1) << 40) || v > (INTMAX_C(1) << 40))
                return false;
        *ret = v;
        return true;
}

static bool seq_width(const char *s) {
        size_t len = strlen(s);
        return (len > 1 && s[0] == '0') || (len > 2 && s[0] == '-' && s[1] == '0');
}

static bool sequence_read(const ShellItem *v, size_t n, Sequence *ret) {
        char text[64], *parts[3] = {text, NULL, NULL};
        if (n >= sizeof text)
                return false;
        for (size_t i = 0; i < n; i++) {
                if (v[i].kind != SHELL_LIT || v[i].quoted || v[i].c == 0)
                        return false;
                text[i] = (char) v[i].c;
        }
        text[n] = 0;
        size_t k = 1;
        for (char *d = strstr(text, ".."); d && k < 3; d = strstr(d, "..")) {
                *d = 0;
                d += 2;
                parts[k++] = d;
        }
        if (!parts[1] || (k == 3 && strstr(parts[2], "..")))
                return false;
        Sequence q = {.step = 1};
        if (parts[2] && !seq_number(parts[2], &q.step))
                return false;
        q.step = q.step < 0 ? -q.step : q.step == 0 ? 1 : q.step;
        if (seq_number(parts[0], &q.from) && seq_number(parts[1], &q.to)) {
                if (seq_width(parts[0]) || seq_width(parts[1]))
                        q.width = (int) (strlen(parts[0]) > strlen(parts[1]) ? strlen(parts[0])
                                                                             : strlen(parts[1]));
        } else if (isalpha((unsigned char) parts[0][0]) && !parts[0][1] &&
                   isalpha((unsigned char) parts[1][0]) && !parts[1][1]) {
                q.letter = true;
                q.from = (unsigned char) parts[0][0];
                q.to = (unsigned char) parts[1][0];
        } else
                return false;
        *ret = q;
        return true;
}

/* The leftmost brace of v[0..n) that expands (a ',' at its own depth
 * before its '}', or a sequence expression): 1 with its '{' and its '}',
 * 0 when none does. One pass, the open braces on a stack (an unclosed one
 * is text, as in bash). */
static int brace_find(const ShellItem *v, size_t n, size_t *ret_open, size_t *ret_close) {
        _cleanup_free_ size_t *stack = NULL; /* an open brace's place, times 2, +1 once it holds a ',' */
        size_t depth = 0, allocated = 0, open = SIZE_MAX, close = 0;
        Sequence ignored;
        for (size_t i = 0; i < n; i++)
                if (v[i].kind == SHELL_BOPEN) {
                        if (ARRAY_GROW(stack, allocated, depth + 1) < 0)
                                return -ENOMEM;
                        stack[depth++] = 2 * i;
                } else if (v[i].kind == SHELL_BCOMMA && depth > 0)
                        stack[depth - 1] |= 1;
                else if (v[i].kind == SHELL_BCLOSE && depth > 0) {
                        size_t top = stack[--depth];
                        if (((top & 1) || sequence_read(v + top / 2 + 1, i - top / 2 - 1, &ignored)) &&
                            top / 2 < open) {
                                open = top / 2;
                                close = i;
                        }
                }
        if (open == SIZE_MAX)
                return 0;
        *ret_open = open;
        *ret_close = close;
        return 1;
}

typedef struct Braced {
        ShellWord *w;
        size_t n, allocated, max;
        size_t work; /* words walked, the empty ones bash drops among them */
        const ShellWord *model;
} Braced;

static int sequence_walk(Braced *b, const ShellItem *v, size_t n, size_t open, size_t close,
                         const Sequence *q, int depth);

static int brace_walk(Braced *b, const ShellItem *v, size_t n, int depth) {
        size_t open, close;
        if (depth > 16 || ++b->work > 64 * b->max)
                return -E2BIG;
        int found = brace_find(v, n, &open, &close);
        if (found < 0)
                return found;
        if (!found) {
                if (n == 0) /* an empty word bash drops: {,git} log is git log */
                        return 0;
                if (b->n == b->max)
                        return -E2BIG;
                if (ARRAY_GROW(b->w, b->allocated, b->n + 1) < 0)
                        return -ENOMEM;
                ShellWord *w = &b->w[b->n];
                *w = (ShellWord){.expansion = b->model->expansion,
                                 .substitution = b->model->substitution,
                                 .quoted = b->model->quoted,
                                 .assigns = b->model->assigns};
                b->n++;
                for (size_t i = 0; i < n; i++) {
                        ShellItem it = v[i];
                        if (it.kind == SHELL_BOPEN || it.kind == SHELL_BCOMMA || it.kind == SHELL_BCLOSE)
                                it = (ShellItem){.kind = SHELL_LIT,
                                                 .c = it.kind == SHELL_BOPEN    ? '{'
                                                      : it.kind == SHELL_BCLOSE ? '}'
                                                                                : ','};
                        if (shell_word_put(w, it.kind, it.c) < 0)
                                return -ENOMEM;
                        w->v[w->n - 1] = it;
                }
                return 0;
        }
        Sequence q;
        if (sequence_read(v + open + 1, close - open - 1, &q))
                return sequence_walk(b, v, n, open, close, &q, depth);
        _cleanup_free_ ShellItem *t = malloc((n + 1) * sizeof *t);
        if (!t)
                return -ENOMEM;
        memcpy(t, v, open * sizeof *t);
        int level = 0;
        for (size_t from = open + 1, k = open + 1; k <= close; k++) {
                if (v[k].kind == SHELL_BOPEN)
                        level++;
                else if (v[k].kind == SHELL_BCLOSE && k < close)
                        level--;
                if (k < close && (v[k].kind != SHELL_BCOMMA || level > 0))
                        continue;
                size_t m = open;
                memcpy(t + m, v + from, (k - from) * sizeof *t);
                m += k - from;
                memcpy(t + m, v + close + 1, (n - close - 1) * sizeof *t);
                m += n - close - 1;
                int r = brace_walk(b, t, m, depth + 1);
                if (r < 0)
                        return r;
                from = k + 1;
        }
        return 0;
}

/* Each term of the sequence v[open..close] in its place, walked again. */
static int sequence_walk(Braced *b, const ShellItem *v, size_t n, size_t open, size_t close,
                         const Sequence *q, int depth) {
        _cleanup_free_ ShellItem *t = malloc((n + 64) * sizeof *t);
        if (!t)
                return -ENOMEM;
        memcpy(t, v, open * sizeof *t);
        for (intmax_t x = q->from;; x += q->from <= q->to ? q->step : -q->step) {
                if (q->from <= q->to ? x > q->to : x < q->to)
                        break;
                char term[48];
                if (q->letter)
                        snprintf(term, sizeof term, "%c", (char) x);
                else
                        snprintf(term, sizeof term, "%0*jd", q->width, x);
                size_t m = open;
                for (const char *c = term; *c; c++)
                        t[m++] = (ShellItem){.kind = SHELL_LIT, .c = (uint8_t) *c};
                memcpy(t + m, v + close + 1, (n - close - 1) * sizeof *t);
                int r = brace_walk(b, t, m + n - close - 1, depth + 1);
                if (r < 0)
                        return r;
        }
        return 0;
}

int shell_word_braces(const ShellWord *w, size_t max, ShellWord **ret, size_t *ret_n) {
        size_t open, close;
        int r = brace_find(w->v, w->n, &open, &close);
        if (r <= 0)
                return r;
        Braced b = {.max = max, .model = w};
        r = brace_walk(&b, w->v, w->n, 0);
        if (r < 0) {
                for (size_t i = 0; i < b.n; i++)
                        shell_word_done(&b.w[i]);
                free(b.w);
                return r;
        }
        *ret = b.w;
        *ret_n = b.n;
        return 1;
}

/* The members of the bracket expression whose '[' is item i of w, into
 * set (256 flags): the index of its ']' item, or 0 when it is none this
 * reads (negated, a [:class:], not closed). */
static size_t class_members(const ShellWord *w, size_t i, bool set[static 256]) {
        memset(set, 0, 256);
        size_t k = i + 1;
        if (k < w->n && w->v[k].kind == SHELL_LIT && !w->v[k].quoted &&
            (w->v[k].c == '!' || w->v[k].c == '^'))
                return 0;
        for (bool first = true; k < w->n; k++, first = false) {
                const ShellItem *it = &w->v[k];
                if (it->kind != SHELL_LIT)
                        return 0;
                if (it->c == ']' && !it->quoted && !first)
                        return k;
                if (it->c == '[' && !it->quoted && k + 1 < w->n && w->v[k + 1].c == ':')
                        return 0;
                if (k + 2 < w->n && w->v[k + 1].kind == SHELL_LIT && w->v[k + 1].c == '-' &&
                    !w->v[k + 1].quoted && w->v[k + 2].kind == SHELL_LIT &&
                    !(w->v[k + 2].c == ']' && !w->v[k + 2].quoted)) {
                        for (unsigned c = it->c; c <= w->v[k + 2].c; c++)
                                set[c] = true;
                        k += 2;
                        continue;
                }
                set[it->c] = true;
        }
        return 0;
}

int shell_word_glob_names(const ShellWord *w, size_t max, char ***ret, size_t *ret_n) {
        char **v = calloc(max + 1, sizeof *v);
        size_t n = 1;
        if (!v || !(v[0] = calloc(w->n + 1, 1))) {
                free(v);
                return -ENOMEM;
        }
        bool glob = false;
        int r = 1;
        for (size_t i = 0; i < w->n && r > 0; i++) {
                const ShellItem *it = &w->v[i];
                if (it->kind == SHELL_LIT) {
                        for (size_t a = 0; a < n; a++)
                                v[a][strlen(v[a])] = (char) it->c;
                        continue;
                }
                bool set[256];
                size_t close = it->kind == SHELL_CLASS ? class_members(w, i, set) : 0;
                if (!close) {
                        r = 0; /* a *, ?, an extglob, an expansion, a class this does not read */
                        break;
                }
                glob = true;
                size_t m = 0;
                for (unsigned c = 1; c < 256; c++)
                        m += set[c];
                if (m == 0 || n * m > max) {
                        r = m == 0 ? 0 : -E2BIG;
                        break;
                }
                size_t was = n;
                for (unsigned c = 1, first = 1; c < 256 && r > 0; c++) {
                        if (!set[c])
                                continue;
                        for (size_t a = 0; a < was && r > 0; a++) {
                                size_t len = strlen(v[a]) - !first; /* before the class's byte */
                                char *s = first ? v[a] : calloc(w->n + 1, 1);
                                if (!s) {
                                        r = -ENOMEM;
                                        break;
                                }
                                if (!first) {
                                        memcpy(s, v[a], len);
                                        v[n++] = s;
                                }
                                s[len] = (char) c;
                        }
                        first = 0;
                }
                i = close;
        }
        if (r <= 0 || !glob) {
                for (size_t a = 0; a < n; a++)
                        free(v[a]);
                free(v);
                return r < 0 ? r : 0;
        }
        *ret = v;
        *ret_n = n;
        return 1;
}
