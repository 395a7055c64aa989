/* SPDX-License-Identifier: MIT */
/*
 * The secret-paths rule for shell commands (command.h): a lexer for as
 * much of bash's word syntax as it takes to know what a command names
 * (quotes, escapes, $'...', expansions, substitutions, globs, braces), and
 * a recogniser for the name-or-size language, table-driven, that refuses
 * whatever it does not fully understand.
 */
#include "command.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "util.h"

#define NESTING_MAX 8          /* substitutions in substitutions, judged this deep */
#define ALTERNATIVES_MAX 1024u /* a word's brace expansions, judged one by one */
#define BRACES_MAX 64u         /* a word's '{'s, expanded */
#define BRACED_WORD_MAX 1024u  /* the longest word with a '{', expanded */

/* ---- words ---- */

enum {
        K_LIT,    /* a byte, c */
        K_STAR,   /* an unquoted '*' */
        K_QMARK,  /* an unquoted '?' */
        K_CLASS,  /* an unquoted [...]: set */
        K_EXPAND, /* $name, ${...}, $(...), `...`, $((...)) */
        K_BOPEN,  /* unquoted '{', ',' and '}': brace expansion, if they make one */
        K_BCOMMA,
        K_BCLOSE,
};

typedef struct Item {
        uint8_t kind, c;
        uint16_t set; /* K_CLASS: its index in the word's sets */
} Item;

typedef struct Set {
        uint8_t bits[32];
} Set;

typedef struct Word {
        Item *v;
        size_t n, allocated;
        Set *sets;
        size_t n_sets, sets_allocated;
        bool expansion;    /* a parameter or arithmetic expansion */
        bool substitution; /* a command or process substitution */
        bool quoted;       /* some of it quoted or escaped */
        char param[64];    /* the whole word is one $NAME or ${NAME} ("" else) */
} Word;

enum { T_WORD, T_OP, T_REDIR, T_NEWLINE };

typedef struct Token {
        int kind;
        char op[4]; /* T_OP, T_REDIR */
        int fd;     /* T_REDIR: the number before it, or -1 */
        Word w;
} Token;

typedef struct Lexed {
        Token *v;
        size_t n, allocated;
        char **nested; /* what substitutions and ${...} hold: judged for names too */
        size_t n_nested, nested_allocated;
} Lexed;

static void word_done(Word *w) {
        free(w->v);
        free(w->sets);
}

static void lexed_done(Lexed *l) {
        for (size_t i = 0; i < l->n; i++)
                word_done(&l->v[i].w);
        free(l->v);
        for (size_t i = 0; i < l->n_nested; i++)
                free(l->nested[i]);
        free(l->nested);
        *l = (Lexed){0};
}

static int put_item(Word *w, uint8_t kind, uint8_t c) {
        if (ARRAY_GROW(w->v, w->allocated, w->n + 1) < 0)
                return -ENOMEM;
        w->v[w->n++] = (Item){.kind = kind, .c = c};
        return 0;
}

static int put_nested(Lexed *l, const char *s, size_t n) {
        char *d = strndup(s, n);
        if (!d || ARRAY_GROW(l->nested, l->nested_allocated, l->n_nested + 1) < 0) {
                free(d);
                return -ENOMEM;
        }
        l->nested[l->n_nested++] = d;
        return 0;
}

static bool is_ident_start(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident(char c) {
        return is_ident_start(c) || (c >= '0' && c <= '9');
}

/* Bytes that end an unquoted word. */
static bool is_meta(char c) {
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

/* The index of the bracket closing one opened just before s[i] (open and
 * close: '(' ')' or '{' '}'), quotes and escapes skipped; -1 if none. */
static ssize_t close_bracket(const char *s, size_t n, size_t i, char open, char close) {
        int depth = 1;
        for (size_t j = i; j < n; j++) {
                char c = s[j];
                if (c == '\\') {
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

static int hexval(char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
}

static int put_utf8(Word *w, uint32_t cp) {
        uint8_t b[4];
        size_t k;
        if (cp < 0x80) {
                b[0] = (uint8_t) cp;
                k = 1;
        } else if (cp < 0x800) {
                b[0] = (uint8_t) (0xc0 | cp >> 6);
                b[1] = (uint8_t) (0x80 | (cp & 0x3f));
                k = 2;
        } else if (cp < 0x10000) {
                b[0] = (uint8_t) (0xe0 | cp >> 12);
                b[1] = (uint8_t) (0x80 | ((cp >> 6) & 0x3f));
                b[2] = (uint8_t) (0x80 | (cp & 0x3f));
                k = 3;
        } else {
                b[0] = (uint8_t) (0xf0 | (cp >> 18 & 0x07));
                b[1] = (uint8_t) (0x80 | ((cp >> 12) & 0x3f));
                b[2] = (uint8_t) (0x80 | ((cp >> 6) & 0x3f));
                b[3] = (uint8_t) (0x80 | (cp & 0x3f));
                k = 4;
        }
        for (size_t i = 0; i < k; i++)
                if (put_item(w, K_LIT, b[i]) < 0)
                        return -ENOMEM;
        return 0;
}

/* $'...' from s[*i] (its quote): bash's ANSI-C escapes, decoded. */
static int lex_ansi_c(const char *s, size_t n, size_t *i, Word *w) {
        size_t j = *i + 1;
        int r;
        while (j < n && s[j] != '\'') {
                uint32_t v = (uint8_t) s[j];
                if (s[j] != '\\' || j + 1 >= n) {
                        j++;
                } else {
                        char e = s[j + 1];
                        j += 2;
                        static const char from[] = "abefnrtv\\'\"?E", to[] = "\a\b\x1b\f\n\r\t\v\\'\"?\x1b";
                        const char *k = strchr(from, e);
                        if (e == 'x' && j < n && s[j] == '{') { /* bash 5.2: \x{HH...}, the low byte */
                                size_t q = j + 1;
                                v = 0;
                                while (q < n && hexval(s[q]) >= 0)
                                        v = (v * 16 + (uint32_t) hexval(s[q++])) & 0xff;
                                if (q < n && s[q] == '}') {
                                        j = q + 1;
                                        if (v == 0)
                                                break;
                                        if ((r = put_item(w, K_LIT, (uint8_t) v)) < 0)
                                                return r;
                                        continue;
                                }
                                v = 0; /* no '}': as bash, \x with no digit */
                        }
                        if (e == 'x' || e == 'u' || e == 'U') {
                                size_t max = e == 'x' ? 2 : e == 'u' ? 4 : 8, d = 0;
                                v = 0;
                                for (; d < max && j < n && hexval(s[j]) >= 0; d++, j++)
                                        v = v * 16 + (uint32_t) hexval(s[j]);
                                if (d == 0) { /* not an escape: the backslash and the letter */
                                        if ((r = put_item(w, K_LIT, '\\')) < 0)
                                                return r;
                                        v = (uint8_t) e;
                                } else if (e != 'x') {
                                        if ((r = put_utf8(w, v > 0x10ffff ? 0xfffd : v)) < 0)
                                                return r;
                                        continue;
                                }
                        } else if (e >= '0' && e <= '7') {
                                v = (uint32_t) (e - '0');
                                for (size_t d = 1; d < 3 && j < n && s[j] >= '0' && s[j] <= '7'; d++, j++)
                                        v = v * 8 + (uint32_t) (s[j] - '0');
                        } else if (e == 'c' && j < n) {
                                v = (uint8_t) s[j++] & 0x1f;
                        } else if (k && e) {
                                v = (uint8_t) to[k - from];
                        } else { /* unknown: kept as written */
                                if ((r = put_item(w, K_LIT, '\\')) < 0)
                                        return r;
                                v = (uint8_t) e;
                        }
                        if (v == 0)
                                break; /* bash ends the string at a NUL */
                }
                if ((r = put_item(w, K_LIT, (uint8_t) v)) < 0)
                        return r;
        }
        while (j < n && s[j] != '\'') /* after an escaped NUL: dropped */
                j += s[j] == '\\' ? 2 : 1;
        if (j >= n)
                return -EINVAL;
        *i = j + 1;
        w->quoted = true;
        return 0;
}

static int lex_text(const char *s, size_t n, int depth, Lexed *out);

/* A substitution's or ${...}'s text, judged for what it names. */
static int nested(Lexed *out, const char *s, size_t n) {
        return put_nested(out, s, n);
}

/* A $ at s[*i]: an expansion, a substitution, a quoted string, or a '$'. */
static int lex_dollar(const char *s, size_t n, size_t *i, Word *w, bool in_dquote, Lexed *out) {
        size_t j = *i + 1;
        int r;
        if (j < n && s[j] == '\'' && !in_dquote) {
                *i = j;
                return lex_ansi_c(s, n, i, w);
        }
        if (j < n && s[j] == '"' && !in_dquote) { /* $"...": as "..." */
                *i = j;
                return 0;
        }
        if (j < n && s[j] == '(') {
                bool arith = j + 1 < n && s[j + 1] == '(';
                ssize_t e = close_bracket(s, n, j + 1, '(', ')');
                if (e < 0)
                        return -EINVAL;
                if ((r = nested(out, s + j + 1, (size_t) e - j - 1)) < 0)
                        return r;
                if (arith)
                        w->expansion = true;
                else
                        w->substitution = true;
                *i = (size_t) e + 1;
                return put_item(w, K_EXPAND, 0);
        }
        if (j < n && s[j] == '{') {
                ssize_t e = close_bracket(s, n, j + 1, '{', '}');
                if (e < 0)
                        return -EINVAL;
                size_t len = (size_t) e - j - 1;
                bool simple = len > 0 && len < sizeof w->param && is_ident_start(s[j + 1]);
                for (size_t k = j + 1; simple && k < (size_t) e; k++)
                        simple = is_ident(s[k]);
                if (simple && w->n == 0)
                        snprintf(w->param, sizeof w->param, "%.*s", (int) len, s + j + 1);
                else
                        w->param[0] = 0;
                if (!simple) { /* what follows the name and its operator (${X:-.env}) */
                        size_t k = j + 1;
                        while (k < (size_t) e && (is_ident(s[k]) || strchr("!#@*?$-", s[k])))
                                k++;
                        while (k < (size_t) e && strchr(":-=+?#%/^,@", s[k]))
                                k++;
                        if ((r = nested(out, s + k, (size_t) e - k)) < 0)
                                return r;
                }
                w->expansion = true;
                *i = (size_t) e + 1;
                return put_item(w, K_EXPAND, simple ? 1 : 0);
        }
        if (j < n && is_ident_start(s[j])) {
                size_t k = j;
                while (k < n && is_ident(s[k]))
                        k++;
                if (w->n == 0 && k - j < sizeof w->param)
                        snprintf(w->param, sizeof w->param, "%.*s", (int) (k - j), s + j);
                else
                        w->param[0] = 0;
                w->expansion = true;
                *i = k;
                return put_item(w, K_EXPAND, 1);
        }
        if (j < n && strchr("0123456789@*#?$!-", s[j]) && s[j]) {
                w->expansion = true;
                w->param[0] = 0;
                *i = j + 1;
                return put_item(w, K_EXPAND, 0);
        }
        *i = j;
        return put_item(w, K_LIT, '$');
}

/* A [...] class from s[*i] (its '['), or 0 when it is none (a '['). A
 * quote, escape or expansion inside it is still a class to bash (.[\e]nv
 * opens .env): such a class matches every byte, to be safe. */
static int lex_class(const char *s, size_t n, size_t *i, Word *w) {
        size_t j = *i + 1;
        Set set = {{0}};
        bool negate = false, any = false;
        if (j < n && (s[j] == '!' || s[j] == '^')) {
                negate = true;
                j++;
        }
        size_t first = j;
        for (; j < n && (s[j] != ']' || j == first); j++) {
                if (is_meta(s[j]) || s[j] == '{' || s[j] == ',' || s[j] == '}')
                        return 0; /* not a class: bash takes the '[' as a byte (and
                                   * expands braces before it globs) */
                if (s[j] == '\\' || s[j] == '$') {
                        any = true;
                        j += s[j] == '\\';
                        continue;
                }
                if (s[j] == '\'' || s[j] == '"' || s[j] == '`') {
                        const char *e = s[j] == '\'' ? memchr(s + j + 1, '\'', n - j - 1) : NULL;
                        ssize_t k = s[j] == '\'' ? (e ? e - s : -1) : close_quote(s, n, j);
                        if (k < 0)
                                return 0;
                        any = true;
                        j = (size_t) k;
                        continue;
                }
                uint8_t lo = (uint8_t) s[j], hi = lo;
                if (s[j] == '[' && j + 1 < n && (s[j + 1] == ':' || s[j + 1] == '=' || s[j + 1] == '.')) {
                        /* [:alpha:] and the like: every byte, to be safe */
                        const char *e = memchr(s + j + 2, ']', n - j - 2);
                        if (!e)
                                return 0;
                        j = (size_t) (e - s);
                        lo = 0;
                        hi = 255;
                } else if (j + 2 < n && s[j + 1] == '-' && s[j + 2] != ']') {
                        hi = (uint8_t) s[j + 2];
                        j += 2;
                }
                for (unsigned c = lo; c <= hi; c++)
                        set.bits[c / 8] |= (uint8_t) (1u << (c % 8));
        }
        if (j >= n)
                return 0;
        if (negate || any)
                for (size_t k = 0; k < sizeof set.bits; k++)
                        set.bits[k] = any ? 0xff : (uint8_t) ~set.bits[k];
        if (w->n_sets >= UINT16_MAX || ARRAY_GROW(w->sets, w->sets_allocated, w->n_sets + 1) < 0)
                return -ENOMEM;
        w->sets[w->n_sets] = set;
        if (ARRAY_GROW(w->v, w->allocated, w->n + 1) < 0)
                return -ENOMEM;
        w->v[w->n++] = (Item){.kind = K_CLASS, .set = (uint16_t) w->n_sets++};
        if (any)
                w->quoted = true;
        *i = j + 1;
        return 1;
}

/* One word from s[*i], to an unquoted blank or operator. */
static int lex_word(const char *s, size_t n, size_t *i, Word *w, Lexed *out) {
        int r;
        bool ext = false; /* the last byte an unquoted @ ! + * or ?: a '(' makes an extglob */
        while (*i < n && (!is_meta(s[*i]) || (ext && s[*i] == '('))) {
                char c = s[*i];
                if (ext && c == '(') {
                        /* @(env), +(.): a pattern (shopt -s extglob) matching
                         * anything, to be safe; what it holds is judged too */
                        ssize_t e = close_bracket(s, n, *i + 1, '(', ')');
                        if (e < 0)
                                return -EINVAL;
                        if ((r = nested(out, s + *i + 1, (size_t) e - *i - 1)) < 0)
                                return r;
                        w->v[w->n - 1] = (Item){.kind = K_STAR, .c = '*'};
                        *i = (size_t) e + 1;
                        ext = false;
                        continue;
                }
                ext = (c == '@' || c == '!' || c == '+' || c == '*' || c == '?');
                switch (c) {
                case '\\':
                        if (*i + 1 < n && s[*i + 1] == '\n') {
                                *i += 2; /* a line continued */
                                continue;
                        }
                        r = put_item(w, K_LIT, (uint8_t) (*i + 1 < n ? s[*i + 1] : '\\'));
                        *i += 2;
                        w->quoted = true;
                        break;
                case '\'': {
                        const char *e = memchr(s + *i + 1, '\'', n - *i - 1);
                        if (!e)
                                return -EINVAL;
                        r = 0;
                        for (const char *p = s + *i + 1; r >= 0 && p < e; p++)
                                r = put_item(w, K_LIT, (uint8_t) *p);
                        *i = (size_t) (e - s) + 1;
                        w->quoted = true;
                        break;
                }
                case '"': {
                        size_t j = *i + 1;
                        r = 0;
                        while (r >= 0 && j < n && s[j] != '"') {
                                if (s[j] == '\\' && j + 1 < n && strchr("$`\"\\\n", s[j + 1])) {
                                        if (s[j + 1] != '\n')
                                                r = put_item(w, K_LIT, (uint8_t) s[j + 1]);
                                        j += 2;
                                } else if (s[j] == '$') {
                                        r = lex_dollar(s, n, &j, w, true, out);
                                } else if (s[j] == '`') {
                                        ssize_t e = close_quote(s, n, j);
                                        if (e < 0)
                                                return -EINVAL;
                                        r = nested(out, s + j + 1, (size_t) e - j - 1);
                                        if (r >= 0)
                                                r = put_item(w, K_EXPAND, 0);
                                        w->substitution = true;
                                        j = (size_t) e + 1;
                                } else {
                                        r = put_item(w, K_LIT, (uint8_t) s[j++]);
                                }
                        }
                        if (r >= 0 && j >= n)
                                return -EINVAL;
                        *i = j + 1;
                        w->quoted = true;
                        break;
                }
                case '$':
                        r = lex_dollar(s, n, i, w, false, out);
                        break;
                case '`': {
                        ssize_t e = close_quote(s, n, *i);
                        if (e < 0)
                                return -EINVAL;
                        r = nested(out, s + *i + 1, (size_t) e - *i - 1);
                        if (r >= 0)
                                r = put_item(w, K_EXPAND, 0);
                        w->substitution = true;
                        *i = (size_t) e + 1;
                        break;
                }
                case '*':
                case '?':
                        r = put_item(w, c == '*' ? K_STAR : K_QMARK, (uint8_t) c);
                        (*i)++;
                        break;
                case '[':
                        r = lex_class(s, n, i, w);
                        if (r == 0) {
                                r = put_item(w, K_LIT, '[');
                                (*i)++;
                        }
                        break;
                case '{':
                case ',':
                case '}':
                        r = put_item(w, c == '{' ? K_BOPEN : c == ',' ? K_BCOMMA : K_BCLOSE, (uint8_t) c);
                        (*i)++;
                        break;
                default:
                        r = put_item(w, K_LIT, (uint8_t) c);
                        (*i)++;
                }
                if (r < 0)
                        return r;
        }
        /* param names the word only when it is that one expansion */
        if (!(w->n == 1 && w->v[0].kind == K_EXPAND && w->v[0].c == 1))
                w->param[0] = 0;
        return 0;
}

static int put_token(Lexed *out, Token t) {
        if (ARRAY_GROW(out->v, out->allocated, out->n + 1) < 0) {
                word_done(&t.w);
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

static int lex_text(const char *s, size_t n, int depth, Lexed *out) {
        size_t i = 0;
        int r;
        (void) depth;
        while (i < n) {
                char c = s[i];
                if (c == ' ' || c == '\t') {
                        i++;
                        continue;
                }
                if (c == '\n') {
                        if ((r = put_token(out, (Token){.kind = T_NEWLINE, .fd = -1})) < 0)
                                return r;
                        i++;
                        continue;
                }
                if (c == '#') {
                        /* a comment, to the line's end: no quote in it is
                         * one; what it holds is judged still (a shell
                         * without interactive_comments runs it) */
                        const char *e = memchr(s + i, '\n', n - i);
                        size_t end = e ? (size_t) (e - s) : n;
                        if ((r = nested(out, s + i + 1, end - i - 1)) < 0)
                                return r;
                        i = end;
                        continue;
                }
                /* N>, N< : a redirect of fd N */
                int fd = -1;
                size_t d = i;
                while (d < n && d - i < 4 && s[d] >= '0' && s[d] <= '9')
                        d++;
                if (d > i && d < n && (s[d] == '<' || s[d] == '>')) {
                        fd = atoi(s + i);
                        i = d;
                        c = s[i];
                }
                if (is_meta(c)) {
                        const char *op = NULL;
                        for (size_t k = 0; k < ELEMENTSOF(operators) && !op; k++)
                                if (n - i >= strlen(operators[k]) &&
                                    memcmp(s + i, operators[k], strlen(operators[k])) == 0)
                                        op = operators[k];
                        if (!op)
                                return -EINVAL;
                        Token t = {.kind = is_redirect(op) ? T_REDIR : T_OP, .fd = fd};
                        snprintf(t.op, sizeof t.op, "%s", op);
                        i += strlen(op);
                        if (streq(op, "<(") || streq(op, ">(")) { /* a process substitution */
                                ssize_t e = close_bracket(s, n, i, '(', ')');
                                if (e < 0)
                                        return -EINVAL;
                                if ((r = nested(out, s + i, (size_t) e - i)) < 0)
                                        return r;
                                i = (size_t) e + 1;
                        }
                        if ((r = put_token(out, t)) < 0)
                                return r;
                        continue;
                }
                Token t = {.kind = T_WORD, .fd = -1};
                r = lex_word(s, n, &i, &t.w, out);
                if (r < 0) {
                        word_done(&t.w);
                        return r;
                }
                if ((r = put_token(out, t)) < 0)
                        return r;
        }
        return 0;
}

/* ---- what a word names ---- */

/* A byte that can sit inside a name next to a secret's without ending it. */
static bool name_byte(uint8_t c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
               c == '_' || c == '-' || c >= 0x80;
}

static bool item_name_byte(const Item *it) {
        return it->kind == K_LIT && name_byte(it->c);
}

/* ASCII letters of either case: a case-insensitive volume (macOS's, where
 * this rule is all there is) opens .ENV for .env. */
static uint8_t other_case(uint8_t c) {
        return c >= 'a' && c <= 'z' ? (uint8_t) (c - 32) : c >= 'A' && c <= 'Z' ? (uint8_t) (c + 32) : c;
}

static bool same_byte(uint8_t a, uint8_t b) {
        return a == b || other_case(a) == b;
}

static bool in_set(const Word *w, const Item *it, uint8_t c) {
        return (w->sets[it->set].bits[c / 8] >> (c % 8)) & 1;
}

/* Does the glob v[0..n) (no '/') match s whole? A '*' or '?' matches a
 * leading dot too (dotglob may be on); an expansion matches anything. */
static bool glob_match(const Word *w, const Item *v, size_t n, const char *s) {
        size_t pi = 0, si = 0, star_p = SIZE_MAX, star_s = 0, len = strlen(s);
        while (si < len) {
                if (pi < n && (v[pi].kind == K_STAR || v[pi].kind == K_EXPAND)) {
                        star_p = pi++;
                        star_s = si;
                        continue;
                }
                if (pi < n &&
                    ((v[pi].kind == K_LIT && same_byte(v[pi].c, (uint8_t) s[si])) || v[pi].kind == K_QMARK ||
                     (v[pi].kind == K_CLASS && (in_set(w, &v[pi], (uint8_t) s[si]) ||
                                                in_set(w, &v[pi], other_case((uint8_t) s[si])))))) {
                        pi++;
                        si++;
                        continue;
                }
                if (star_p == SIZE_MAX)
                        return false;
                pi = star_p + 1;
                si = ++star_s;
        }
        while (pi < n && (v[pi].kind == K_STAR || v[pi].kind == K_EXPAND))
                pi++;
        return pi == n;
}

/* v[0..p) is a short option whose argument is attached: "-f" in "-f.env". */
static bool short_option_before(const Item *v, size_t p) {
        if (p < 2 || v[0].kind != K_LIT || v[0].c != '-')
                return false;
        for (size_t k = 1; k < p; k++)
                if (v[k].kind != K_LIT ||
                    !((v[k].c >= 'a' && v[k].c <= 'z') || (v[k].c >= 'A' && v[k].c <= 'Z') ||
                      (v[k].c >= '0' && v[k].c <= '9')))
                        return false; /* letters and digits: xargs -0a.env */
        return true;
}

/* Does the word (one brace expansion of it, v[0..n)) name the secret
 * component s? */
static bool names(const Word *w, const Item *v, size_t n, const char *s) {
        size_t len = strlen(s);
        /* s whole inside it, between non-name bytes (anything but a plain
         * byte is one) */
        for (size_t p = 0; p + len <= n; p++) {
                size_t k = 0;
                while (k < len && v[p + k].kind == K_LIT && same_byte(v[p + k].c, (uint8_t) s[k]))
                        k++;
                if (k == len && (p == 0 || !item_name_byte(&v[p - 1]) || short_option_before(v, p)) &&
                    (p + len == n || !item_name_byte(&v[p + len])))
                        return true;
        }
        /* a glob matching s: a path component, or a piece of one between
         * bytes no name holds (--file=.e*, HEAD:.e*), as above */
        for (int pieces = 0; pieces < 2; pieces++)
                for (size_t a = 0; a < n;) {
                        size_t b = a;
                        bool glob = false, expansion = false, lit = false;
                        while (b < n &&
                               !(v[b].kind == K_LIT && (v[b].c == '/' || (pieces && !name_byte(v[b].c))))) {
                                glob = glob || v[b].kind == K_STAR || v[b].kind == K_QMARK ||
                                       v[b].kind == K_CLASS;
                                expansion = expansion || v[b].kind == K_EXPAND;
                                lit = lit || v[b].kind == K_LIT;
                                b++;
                        }
                        /* an expansion may be empty, or anything: with a
                         * byte beside it (.e$@nv, ${x:-.e}nv), a glob; alone
                         * ($HOME) it names nothing by itself */
                        if ((glob || (expansion && lit)) && glob_match(w, v + a, b - a, s))
                                return true;
                        a = b + 1;
                }
        return false;
}

typedef struct Secrets {
        const char *const *entries; /* as given */
        size_t n;
        char **last; /* each one's last component */
        bool *named; /* which entries a word named */
} Secrets;

/* Brace expansion: each alternative of v[0..n) judged; *budget counts them
 * down, and a word with more than it allows names every secret. */
static int expand(const Word *w, const Item *v, size_t n, Secrets *sec, size_t *budget) {
        if (*budget == 0) { /* spent: every secret named, and no more expanding */
                for (size_t i = 0; i < sec->n; i++)
                        sec->named[i] = true;
                return 0;
        }
        /* the first '{' whose '}' closes a list with a ',' at its level */
        for (size_t a = 0; a < n; a++) {
                if (v[a].kind != K_BOPEN)
                        continue;
                int depth = 0;
                size_t commas = 0, b = a;
                for (; b < n; b++) {
                        if (v[b].kind == K_BOPEN)
                                depth++;
                        else if (v[b].kind == K_BCLOSE && --depth == 0)
                                break;
                        else if (v[b].kind == K_BCOMMA && depth == 1)
                                commas++;
                }
                bool seq = false;
                for (size_t k = a + 1; k + 1 < b && b < n && commas == 0; k++)
                        seq = seq || (v[k].kind == K_LIT && v[k].c == '.' && v[k + 1].kind == K_LIT &&
                                      v[k + 1].c == '.');
                if (b >= n || (commas == 0 && !seq))
                        continue;
                _cleanup_free_ Item *alt = malloc((n + 1) * sizeof *alt);
                if (!alt)
                        return -ENOMEM;
                if (seq) { /* {a..z}, {1..9}: anything, to be safe */
                        memcpy(alt, v, a * sizeof *v);
                        alt[a] = (Item){.kind = K_STAR};
                        memcpy(alt + a + 1, v + b + 1, (n - b - 1) * sizeof *v);
                        return expand(w, alt, n - (b - a), sec, budget);
                }
                for (size_t start = a + 1, k = a + 1, d = 0; k <= b; k++) {
                        if (v[k].kind == K_BOPEN)
                                d++;
                        else if (v[k].kind == K_BCLOSE && d > 0 && k < b)
                                d--;
                        else if ((v[k].kind == K_BCOMMA && d == 0) || k == b) {
                                size_t m = 0;
                                memcpy(alt, v, a * sizeof *v);
                                m = a;
                                memcpy(alt + m, v + start, (k - start) * sizeof *v);
                                m += k - start;
                                memcpy(alt + m, v + b + 1, (n - b - 1) * sizeof *v);
                                m += n - b - 1;
                                int r = expand(w, alt, m, sec, budget);
                                if (r < 0)
                                        return r;
                                start = k + 1;
                        }
                }
                return 0;
        }
        (*budget)--;
        for (size_t i = 0; i < sec->n; i++)
                if (!sec->named[i] && names(w, v, n, sec->last[i]))
                        sec->named[i] = true;
        return 0;
}

static int text_names(const char *s, size_t n, int depth, Secrets *sec);

/* The secrets every word of l names, and its substitutions' texts. */
static int lexed_names(const Lexed *l, int depth, Secrets *sec) {
        for (size_t i = 0; i < l->n; i++) {
                if (l->v[i].kind != T_WORD)
                        continue;
                /* each '{' is matched by a walk to its '}': past BRACES_MAX
                 * of them, or in a word longer than BRACED_WORD_MAX, the
                 * word names every secret instead */
                size_t opens = 0, budget = ALTERNATIVES_MAX;
                for (size_t k = 0; k < l->v[i].w.n; k++)
                        opens += l->v[i].w.v[k].kind == K_BOPEN;
                if (opens > BRACES_MAX || (opens > 0 && l->v[i].w.n > BRACED_WORD_MAX))
                        budget = 0;
                int r = expand(&l->v[i].w, l->v[i].w.v, l->v[i].w.n, sec, &budget);
                if (r < 0)
                        return r;
        }
        for (size_t i = 0; i < l->n_nested; i++) {
                int r = text_names(l->nested[i], strlen(l->nested[i]), depth + 1, sec);
                if (r < 0)
                        return r;
        }
        return 0;
}

/* What a text bash could not parse as this lexer reads it names: its bytes
 * with every quote and backslash gone, as one word. */
static int raw_names(const char *s, size_t n, Secrets *sec) {
        Word w = {0};
        int r = 0;
        for (size_t i = 0; i < n && r >= 0; i++)
                if (s[i] != '\'' && s[i] != '"' && s[i] != '\\')
                        r = put_item(&w, K_LIT, (uint8_t) s[i]);
        size_t budget = 1;
        if (r >= 0)
                r = expand(&w, w.v, w.n, sec, &budget);
        word_done(&w);
        return r;
}

static int text_names(const char *s, size_t n, int depth, Secrets *sec) {
        Lexed l = {0};
        int r = depth > NESTING_MAX ? -EINVAL : lex_text(s, n, depth, &l);
        if (r == -EINVAL)
                r = raw_names(s, n, sec);
        else if (r >= 0)
                r = lexed_names(&l, depth, sec);
        lexed_done(&l);
        return r;
}

/* ---- the name-or-size language ---- */

/* Options a command takes: short letters alone or with an argument, long
 * names alone or with one (exactly: no abbreviation). */
typedef struct Spec {
        const char *name;
        const char *flags, *with_arg;
        const char *attached; /* short letters whose value is only ever attached (git's -uall) */
        const char *const *long_flags, *const *long_with_arg;
        bool any_option; /* ls, stat: no option reads a file's bytes */
        bool numbers;    /* -N (head, tail) */
        bool operands;   /* paths of its own */
} Spec;

/* The commands that only ask about a path's name or size. */
static const Spec commands[] = {
        {.name = "ls", .any_option = true, .operands = true},
        {.name = "stat", .any_option = true, .operands = true},
        {.name = "wc", .flags = "c", .long_flags = (const char *const[]){"bytes", NULL}, .operands = true},
        {.name = "echo", .any_option = true, .operands = true}, /* prints, reads nothing */
};

/* git status and git check-ignore: no global option before them. */
static const Spec git_commands[] = {
        {.name = "status",
         .flags = "sbz",
         .attached = "u", /* -u -v: -v is --verbose, the diff */
         .long_flags = (const char *const[]){"short", "branch", "long", "porcelain", "untracked-files",
                                             "ignored", "no-column", "ahead-behind", "no-ahead-behind",
                                             "renames", "no-renames", "find-renames", "show-stash",
                                             "ignore-submodules", "column", "null", NULL},
         .long_with_arg = (const char *const[]){NULL},
         .operands = true},
        {.name = "check-ignore",
         .flags = "qvn",
         .long_flags = (const char *const[]){"quiet", "verbose", "non-matching", "no-index", NULL},
         .operands = true},
};

#define HEAD_OR_TAIL(cmd)                                                                                   \
        {                                                                                                   \
                .name = (cmd), .flags = "qvz", .with_arg = "nc",                                            \
                .long_flags = (const char *const[]){"quiet", "silent", "verbose", "zero-terminated", NULL}, \
                .long_with_arg = (const char *const[]){"lines", "bytes", NULL}, .numbers = true             \
        }

/* What a pipe may feed: stdin only, nothing written. */
static const Spec filters[] = {
        HEAD_OR_TAIL("head"), /* tail: not -f, -F, -s, --follow, --pid, --retry */
        HEAD_OR_TAIL("tail"),
        {.name = "sort",
         .flags = "bdfghiMnrRsuVz",
         .with_arg = "kt",
         .long_flags =
                 (const char *const[]){"ignore-leading-blanks", "dictionary-order", "ignore-case",
                                       "general-numeric-sort", "human-numeric-sort", "ignore-nonprinting",
                                       "month-sort", "numeric-sort", "random-sort", "reverse", "stable",
                                       "unique", "version-sort", "zero-terminated", NULL},
         .long_with_arg = (const char *const[]){"key", "field-separator", NULL}},
        {.name = "uniq",
         .flags = "cdDiuz",
         .with_arg = "fsw",
         .long_flags = (const char *const[]){"count", "repeated", "ignore-case", "unique", "zero-terminated",
                                             NULL},
         .long_with_arg = (const char *const[]){"skip-fields", "skip-chars", "check-chars", NULL}},
        {.name = "wc",
         .flags = "clmwL",
         .long_flags = (const char *const[]){"bytes", "chars", "lines", "words", "max-line-length", NULL}},
};

static const Spec *spec_find(const Spec *v, size_t n, const char *name) {
        for (size_t i = 0; i < n; i++)
                if (streq(v[i].name, name))
                        return &v[i];
        return NULL;
}

static bool in_list(const char *const *l, const char *s, size_t len) {
        for (; l && *l; l++)
                if (strlen(*l) == len && strncmp(*l, s, len) == 0)
                        return true;
        return false;
}

typedef struct P {
        const Lexed *l;
        size_t i;
        const char *loop; /* the for loop's variable, inside its body */
        char *reason;
        size_t reason_n;
} P;

static bool refuse(P *p, const char *fmt, ...) _printf_(2, 3);
static bool refuse(P *p, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->reason, p->reason_n, fmt, ap);
        va_end(ap);
        return false;
}

static const Token *cur(const P *p) {
        return p->i < p->l->n ? &p->l->v[p->i] : NULL;
}

static bool is_op(const Token *t, const char *op) {
        return t && t->kind == T_OP && streq(t->op, op);
}

/* A word's bytes when it is plain text (no glob, expansion or brace; at
 * most 255 bytes); NULL else. */
static const char *literal(const Word *w, char buf[256]) {
        if (w->n >= 256)
                return NULL;
        for (size_t i = 0; i < w->n; i++) {
                if (w->v[i].kind != K_LIT && w->v[i].kind != K_BOPEN && w->v[i].kind != K_BCOMMA &&
                    w->v[i].kind != K_BCLOSE)
                        return NULL;
                buf[i] = (char) w->v[i].c;
        }
        buf[w->n] = 0;
        return memchr(buf, 0, w->n) ? NULL : buf;
}

/* A reserved word: unquoted, plain, this text. */
static bool is_keyword(const Token *t, const char *kw) {
        char buf[256];
        const char *s;
        return t && t->kind == T_WORD && !t->w.quoted && (s = literal(&t->w, buf)) && streq(s, kw);
}

static bool has_brace(const Word *w) {
        for (size_t i = 0; i < w->n; i++)
                if (w->v[i].kind == K_BOPEN || w->v[i].kind == K_BCOMMA || w->v[i].kind == K_BCLOSE)
                        return true;
        return false;
}

/* Could the word, expanded, start with a '-'? A glob or an expansion
 * first; with a brace list, a '-', glob or expansion anywhere ({,x}-c is
 * -c and x-c). */
static bool may_be_option(const Word *w) {
        if (w->n == 0)
                return false;
        if (w->v[0].kind != K_LIT && w->v[0].kind != K_BOPEN)
                return true;
        if (w->v[0].kind == K_LIT && w->v[0].c == '-')
                return true;
        if (!has_brace(w))
                return false;
        for (size_t i = 0; i < w->n; i++)
                if ((w->v[i].kind == K_LIT && w->v[i].c == '-') ||
                    !(w->v[i].kind == K_LIT || w->v[i].kind == K_BOPEN || w->v[i].kind == K_BCOMMA ||
                      w->v[i].kind == K_BCLOSE))
                        return true;
        return false;
}

/* An option's argument in a word of its own: plain text, one word. */
static bool plain_argument(const Word *w) {
        char buf[256];
        return literal(w, buf) && !has_brace(w);
}

/* Options and operands of words[first..n) as spec allows them. */
static bool check_options(P *p, const Spec *sp, const char *cmd, const Word *const *words, size_t n,
                          size_t first) {
        bool options = true;
        for (size_t k = first; k < n; k++) {
                char buf[256];
                const char *a = literal(words[k], buf);
                if (options && a && streq(a, "--")) {
                        options = false;
                        continue;
                }
                if (!sp->any_option && options && (!a || has_brace(words[k])) && may_be_option(words[k]))
                        /* wc .e* with a file --files0-from=.env here, wc
                         * {-c,--files0-from=.env}: an option that reads */
                        return refuse(p, "%s with a word that could expand to an option (put -- before it)",
                                      cmd);
                if (!options || !a || a[0] != '-' || a[1] == 0) {
                        if (!sp->operands)
                                return refuse(p, "%s with a path of its own: it would read it", cmd);
                        continue;
                }
                if (sp->any_option)
                        continue;
                if (has_brace(words[k]))
                        return refuse(p, "%s with a brace in an option", cmd);
                if (a[1] == '-') {
                        const char *name = a + 2, *eq = strchr(name, '=');
                        size_t len = eq ? (size_t) (eq - name) : strlen(name);
                        if (!eq && in_list(sp->long_flags, name, len))
                                continue;
                        if (in_list(sp->long_with_arg, name, len)) {
                                if (!eq && ++k >= n)
                                        return refuse(p, "%s %s without its argument", cmd, a);
                                if (!eq && !plain_argument(words[k]))
                                        return refuse(p, "%s %s with an argument that is not plain text",
                                                      cmd, a);
                                continue;
                        }
                        /* porcelain=v2, untracked-files=all and the like */
                        if (eq && in_list(sp->long_flags, name, len))
                                continue;
                        return refuse(p, "%s %.*s is not an option that only asks about a name or size", cmd,
                                      (int) (len + 2), a);
                }
                bool digits = sp->numbers;
                for (const char *q = a + 1; *q && digits; q++)
                        digits = *q >= '0' && *q <= '9';
                if (digits)
                        continue;
                for (const char *q = a + 1; *q; q++) {
                        if (sp->flags && strchr(sp->flags, *q))
                                continue;
                        if (sp->attached && strchr(sp->attached, *q))
                                break; /* the rest of the word is its value; the next word is not */
                        if (sp->with_arg && strchr(sp->with_arg, *q)) {
                                if (q[1] == 0 && ++k >= n)
                                        return refuse(p, "%s -%c without its argument", cmd, *q);
                                if (q[1] == 0 && !plain_argument(words[k]))
                                        return refuse(p, "%s -%c with an argument that is not plain text",
                                                      cmd, *q);
                                break;
                        }
                        return refuse(p, "%s -%c is not an option that only asks about a name or size", cmd,
                                      *q);
                }
        }
        return true;
}

/* A redirect the language allows: 2>&1, or >/dev/null from fd 1 or 2. */
static bool check_redirect(P *p, const Token *t, const Token *target) {
        char buf[256];
        const char *to = target && target->kind == T_WORD ? literal(&target->w, buf) : NULL;
        if (streq(t->op, "<(") || streq(t->op, ">("))
                return refuse(p, "a process substitution");
        if (streq(t->op, ">&") && t->fd == 2 && to && streq(to, "1"))
                return true;
        if (streq(t->op, ">") && (t->fd == -1 || t->fd == 1 || t->fd == 2) && to && streq(to, "/dev/null"))
                return true;
        return refuse(p, "a redirect other than 2>&1 or >/dev/null (%s)", t->op);
}

/* One simple command's words, its redirects checked; at most 64 words. */
static bool collect(P *p, const Word **words, size_t *ret_n) {
        size_t n = 0;
        for (const Token *t; (t = cur(p)) && (t->kind == T_WORD || t->kind == T_REDIR);) {
                if (t->kind == T_REDIR) {
                        const Token *target = p->i + 1 < p->l->n ? &p->l->v[p->i + 1] : NULL;
                        if (!check_redirect(p, t, target))
                                return false;
                        p->i += 2;
                        continue;
                }
                const Word *w = &t->w;
                if (w->substitution)
                        return refuse(p, "a command substitution");
                if (w->expansion && !(p->loop && streq(w->param, p->loop)))
                        return refuse(p, "a variable or arithmetic expansion");
                if (n == 64)
                        return refuse(p, "a command of more than 64 words");
                words[n++] = w;
                p->i++;
        }
        *ret_n = n;
        return true;
}

static bool command(P *p);

/* NAME=... or NAME+=...: the shell sets NAME (PATH, GIT_CONFIG_*) for
 * what follows. */
static bool is_assignment(const Word *w) {
        size_t k = 0;
        if (w->n == 0 || w->v[0].kind != K_LIT || !is_ident_start((char) w->v[0].c))
                return false;
        while (k < w->n && w->v[k].kind == K_LIT && is_ident((char) w->v[k].c))
                k++;
        if (k < w->n && w->v[k].kind == K_LIT && w->v[k].c == '+')
                k++;
        return k < w->n && w->v[k].kind == K_LIT && w->v[k].c == '=';
}

/* head, tail, sort, uniq or wc, reading the pipe. */
static bool filter(P *p) {
        const Word *words[64];
        size_t n;
        char buf[256];
        if (!collect(p, words, &n))
                return false;
        const char *name = n > 0 ? literal(words[0], buf) : NULL;
        const Spec *sp = name ? spec_find(filters, ELEMENTSOF(filters), name) : NULL;
        if (!sp)
                return refuse(p, "a pipe into %s, not head, tail, sort, uniq or wc",
                              name ? name : "a command");
        return check_options(p, sp, sp->name, words, n, 1);
}

/* for NAME in WORDS; do LIST; done */
static bool for_loop(P *p) {
        char buf[256];
        const Token *t;
        if (p->loop)
                return refuse(p, "a loop in a loop");
        p->i++;
        t = cur(p);
        const char *name = t && t->kind == T_WORD && !t->w.quoted ? literal(&t->w, buf) : NULL;
        if (!name || !is_ident_start(name[0]))
                return refuse(p, "a for loop the recogniser does not understand");
        for (const char *q = name; *q; q++)
                if (!is_ident(*q))
                        return refuse(p, "a for loop the recogniser does not understand");
                else if (*q >= 'A' && *q <= 'Z') /* PATH, IFS, BASH_ENV, GIT_*: what runs changes */
                        return refuse(p, "a for loop whose variable is not lower case (%s)", name);
        char var[256];
        snprintf(var, sizeof var, "%s", name);
        p->i++;
        if (!is_keyword(cur(p), "in"))
                return refuse(p, "a for loop without 'in WORDS'");
        for (p->i++; (t = cur(p)) && t->kind == T_WORD; p->i++)
                if (t->w.substitution || t->w.expansion)
                        return refuse(p, "a for loop over an expansion");
        if (!is_op(cur(p), ";"))
                return refuse(p, "a for loop the recogniser does not understand");
        p->i++;
        if (!is_keyword(cur(p), "do"))
                return refuse(p, "a for loop the recogniser does not understand");
        p->i++;
        p->loop = var;
        for (;;) {
                if (!command(p))
                        return false;
                while (is_op(cur(p), "|")) {
                        p->i++;
                        if (!filter(p))
                                return false;
                }
                t = cur(p);
                if (is_op(t, ";") && is_keyword(p->i + 1 < p->l->n ? &p->l->v[p->i + 1] : NULL, "done")) {
                        p->i += 2;
                        break;
                }
                if (!is_op(t, "&&") && !is_op(t, "||") && !is_op(t, ";"))
                        return refuse(p, "a for loop the recogniser does not understand");
                p->i++;
        }
        p->loop = NULL;
        return true;
}

/* One command that only asks about a name or a size. */
static bool command(P *p) {
        const Token *t = cur(p);
        char buf[256], sub[256];
        if (!t)
                return refuse(p, "an empty command");
        if (is_op(t, "(") || is_op(t, "((") || is_keyword(t, "{"))
                return refuse(p, "a subshell or group");
        if (is_keyword(t, "for"))
                return for_loop(p);
        if (t->kind == T_WORD && is_assignment(&t->w))
                return refuse(p, "an assignment before the command");
        const Word *words[64];
        size_t n;
        if (!collect(p, words, &n))
                return false;
        const char *name = n > 0 ? literal(words[0], buf) : NULL;
        if (!name)
                return refuse(p, n > 0 ? "a command whose name is not plain text"
                                       : "a redirect with no command");
        if (streq(name, "test") || streq(name, "[")) {
                bool bracket = streq(name, "[");
                const char *op = n > 1 ? literal(words[1], sub) : NULL;
                if (n != (bracket ? 4u : 3u) || !op ||
                    !(streq(op, "-e") || streq(op, "-f") || streq(op, "-d") || streq(op, "-s")))
                        return refuse(p, "%s other than %s -e/-f/-d/-s PATH%s", name, name,
                                      bracket ? " ]" : "");
                if (bracket && !(literal(words[3], sub) && streq(sub, "]")))
                        return refuse(p, "[ without its ]");
                return true;
        }
        if (streq(name, "git")) {
                const char *what = n > 1 ? literal(words[1], sub) : NULL;
                const Spec *sp = what ? spec_find(git_commands, ELEMENTSOF(git_commands), what) : NULL;
                if (!sp)
                        return refuse(p, "git other than git status or git check-ignore (with no option "
                                         "before them)");
                return check_options(p, sp, streq(what, "status") ? "git status" : "git check-ignore", words,
                                     n, 2);
        }
        const Spec *sp = spec_find(commands, ELEMENTSOF(commands), name);
        if (!sp)
                return refuse(p, "%s is not a command that only asks about a name or size", name);
        return check_options(p, sp, name, words, n, 1);
}

/* The whole line: pipelines joined by &&, || and ;. */
static bool line(P *p) {
        for (;;) {
                if (!command(p))
                        return false;
                while (is_op(cur(p), "|")) {
                        p->i++;
                        if (!filter(p))
                                return false;
                }
                const Token *t = cur(p);
                if (!t)
                        return true;
                if (t->kind == T_NEWLINE)
                        return refuse(p, "a second line");
                if (is_op(t, "&"))
                        return refuse(p, "a background &");
                if (!is_op(t, "&&") && !is_op(t, "||") && !is_op(t, ";"))
                        return refuse(p, "%s, which the recogniser does not allow", t->op);
                p->i++;
                if (is_op(t, ";") && !cur(p))
                        return true;
        }
}

/* ---- the rule ---- */

/* The text with bash's line continuations gone (a backslash-newline,
 * unquoted or in double quotes), as bash removes them before it reads a
 * token: $\<nl>'..' is $'..', \<nl># starts a comment. Not in single
 * quotes, $'..' or a comment, where they stay. */
static char *join_lines(const char *s, size_t n, size_t *ret_n) {
        char *d = malloc(n + 1);
        size_t k = 0;
        enum { PLAIN, SQ, ANSI, DQ, COMMENT } st = PLAIN;
        if (!d)
                return NULL;
        for (size_t i = 0; i < n; i++) {
                char c = s[i];
                if ((st == PLAIN || st == DQ) && c == '\\' && i + 1 < n && s[i + 1] == '\n') {
                        i++;
                        continue;
                }
                d[k++] = c;
                switch (st) {
                case PLAIN:
                        if (c == '\\' && i + 1 < n)
                                d[k++] = s[++i];
                        else if (c == '\'')
                                st = k >= 2 && d[k - 2] == '$' ? ANSI : SQ;
                        else if (c == '"')
                                st = DQ;
                        else if (c == '#' && (k == 1 || is_meta(d[k - 2])))
                                st = COMMENT;
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
        }
        d[k] = 0;
        *ret_n = k;
        return d;
}

/* The bytes themselves, whatever quoting does to them: no "$(", '`' or
 * '<' at all, and a '>' only in 2>&1 or [12]>/dev/null. What the language
 * allows holds none other; a quoted one refused too costs nothing. */
static bool bytes_allowed(const char *s, size_t n, char *reason, size_t reason_n) {
        for (size_t i = 0; i < n; i++) {
                if (s[i] == '`' || s[i] == '<' || (s[i] == '$' && i + 1 < n && s[i + 1] == '(')) {
                        snprintf(reason, reason_n, "a substitution or an input redirect");
                        return false;
                }
                if (s[i] != '>')
                        continue;
                static const char devnull[] = ">/dev/null";
                bool dup = i > 0 && s[i - 1] == '2' && i + 2 < n && s[i + 1] == '&' && s[i + 2] == '1' &&
                           (i + 3 == n || !name_byte((uint8_t) s[i + 3]));
                bool null =
                        n - i >= sizeof devnull - 1 && memcmp(s + i, devnull, sizeof devnull - 1) == 0 &&
                        (i + sizeof devnull - 1 == n || !name_byte((uint8_t) s[i + sizeof devnull - 1])) &&
                        s[i + sizeof devnull - 1 < n ? i + sizeof devnull - 1 : i] != '/';
                if (!dup && !null) {
                        snprintf(reason, reason_n, "a redirect other than 2>&1 or >/dev/null");
                        return false;
                }
        }
        return true;
}

void command_verdict_done(CommandVerdict *v) {
        free(v->paths);
        v->paths = NULL;
        v->n_paths = 0;
}

int command_check(const char *cmd, size_t n, const char *const *secrets, size_t n_secrets,
                  CommandVerdict *ret) {
        _cleanup_free_ char **last = calloc(n_secrets + 1, sizeof *last);
        _cleanup_free_ bool *named = calloc(n_secrets + 1, sizeof *named);
        _cleanup_free_ char *copies = NULL;
        CommandVerdict v = {0};
        Lexed l = {0};
        int r;

        if (!last || !named)
                return -ENOMEM;
        /* each entry's last component: "secrets/" is "secrets" */
        size_t total = 0;
        for (size_t i = 0; i < n_secrets; i++)
                total += strlen(secrets[i]) + 1;
        if (!(copies = malloc(total + 1)))
                return -ENOMEM;
        for (size_t i = 0, off = 0; i < n_secrets; i++) {
                char *c = copies + off;
                strcpy(c, secrets[i]);
                off += strlen(c) + 1;
                size_t len = strlen(c);
                while (len > 0 && c[len - 1] == '/')
                        c[--len] = 0;
                char *slash = strrchr(c, '/');
                last[i] = slash ? slash + 1 : c;
        }
        Secrets sec = {.entries = secrets, .n = n_secrets, .last = last, .named = named};
        for (size_t i = 0; i < n_secrets; i++)
                if (!last[i][0])
                        named[i] = false; /* an empty entry names nothing */

        size_t jn = 0;
        _cleanup_free_ char *joined = join_lines(cmd, n, &jn);
        if (!joined)
                return -ENOMEM;
        bool lexed = !memchr(cmd, 0, n) && (r = lex_text(joined, jn, 0, &l)) != -EINVAL;
        if (lexed && r < 0) {
                lexed_done(&l);
                return r;
        }
        r = lexed ? lexed_names(&l, 0, &sec) : raw_names(cmd, n, &sec);
        if (r < 0) {
                lexed_done(&l);
                return r;
        }
        for (size_t i = 0; i < n_secrets; i++)
                if (named[i] && last[i][0])
                        v.n_paths++;
        if (v.n_paths == 0) {
                snprintf(v.reason, sizeof v.reason, "names no secret path");
                lexed_done(&l);
                *ret = v;
                return 0;
        }
        if (!(v.paths = calloc(v.n_paths, sizeof *v.paths))) {
                lexed_done(&l);
                return -ENOMEM;
        }
        for (size_t i = 0, k = 0; i < n_secrets; i++)
                if (named[i] && last[i][0])
                        v.paths[k++] = secrets[i];

        v.refused = true;
        bool control = false;
        for (size_t i = 0; i < n; i++)
                control = control || ((uint8_t) cmd[i] < 0x20 && cmd[i] != '\t' && cmd[i] != '\n') ||
                          cmd[i] == 0x7f;
        if (!lexed)
                snprintf(v.reason, sizeof v.reason, "a command line the recogniser does not understand");
        else if (control)
                snprintf(v.reason, sizeof v.reason, "a control character");
        else {
                P p = {.l = &l, .reason = v.reason, .reason_n = sizeof v.reason};
                if (line(&p) && bytes_allowed(cmd, n, v.reason, sizeof v.reason)) {
                        v.refused = false;
                        snprintf(v.reason, sizeof v.reason, "only asks about the name or size");
                }
        }
        lexed_done(&l);
        *ret = v;
        return 0;
}
