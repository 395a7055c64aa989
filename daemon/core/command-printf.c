/* SPDX-License-Identifier: MIT */
/*
 * What printf prints, as bash's builtin formats it (command-internal.h):
 * the format applied to its operands, again while operands are left, so
 * that printf 'cat .e%sv' n | sh is judged as the cat .env it pipes. It
 * must not judge: programs_reread does, with this text and the words.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* The most printf's text judged holds: a command line's (command.c). */
#define PRINTF_MAX (128u * 1024)
/* Widths and precisions past this only pad with more of the same. */
#define PRINTF_WIDTH_MAX 256

typedef struct Out {
        char *s;
        size_t n, cap;
} Out;

static int put(Out *o, const char *s, size_t n) {
        if (o->n + n + 1 > PRINTF_MAX)
                n = PRINTF_MAX - 1 - o->n;
        if (o->n + n + 1 > o->cap) {
                size_t cap = o->cap * 2 > o->n + n + 1 ? o->cap * 2 : o->n + n + 1;
                char *t = realloc(o->s, cap);
                if (!t)
                        return -ENOMEM;
                o->s = t, o->cap = cap;
        }
        memcpy(o->s + o->n, s, n);
        o->n += n;
        o->s[o->n] = 0;
        return 0;
}

/* An operand as a number, as printf reads one: 'c or "c is the
 * character's code; else strtoll's (0x, 0 octal), 0 when it is none. */
static long long number(const char *a) {
        if (a[0] == '\'' || a[0] == '"')
                return (unsigned char) a[1];
        return strtoll(a, NULL, 0);
}

/* A conversion's flags, width and precision (-1: none). */
typedef struct Conv {
        bool minus, zero;
        int width, precision;
} Conv;

/* text (n bytes) padded to the conversion's width. */
static int padded(Out *o, const Conv *c, const char *text, size_t n, bool zeros) {
        size_t w = c->width > 0 ? (size_t) c->width : 0;
        int r = 0;
        for (size_t i = n; !c->minus && i < w && r == 0; i++)
                r = put(o, zeros && c->zero ? "0" : " ", 1);
        if (r == 0)
                r = put(o, text, n);
        for (size_t i = n; c->minus && i < w && r == 0; i++)
                r = put(o, " ", 1);
        return r;
}

/* A %(fmt)T's fmt (n bytes) as strftime prints it: its text as written,
 * %n and %t as a newline and a tab, %% as %, any other conversion as a
 * digit (a date's, which spells no name; a day's name would, and is a 0
 * here: the text around it is what could). */
static int time_text(Out *o, const char *fmt, size_t n) {
        int r = 0;
        for (size_t i = 0; i < n && r == 0; i++) {
                if (fmt[i] != '%' || i + 1 >= n) {
                        r = put(o, fmt + i, 1);
                        continue;
                }
                char c = fmt[++i];
                r = put(o, c == 'n' ? "\n" : c == 't' ? "\t" : c == '%' ? "%" : "0", 1);
        }
        return r;
}

/* One conversion, letter, of the operand a (NULL: none left, "" or 0). */
static int convert(Out *o, const Conv *c, char letter, const char *a) {
        char buf[PRINTF_WIDTH_MAX + 64];
        _cleanup_free_ char *b = NULL;
        long long v = a ? number(a) : 0;
        double d = a ? strtod(a, NULL) : 0.0;
        int p = c->precision < 0 ? 6 : c->precision, k;
        switch (letter) {
        case 'b':
                if (!(b = strdup(a ? a : "")))
                        return -ENOMEM;
                reread_unescape(b);
                a = b;
                _fallthrough_;
        case 's':
        case 'q':
        case 'Q': { /* q and Q quote for the shell: a name in it reads as itself */
                size_t n = strlen(a ? a : "");
                if (c->precision >= 0 && (size_t) c->precision < n)
                        n = (size_t) c->precision;
                return padded(o, c, a ? a : "", n, false);
        }
        case 'c':
                return padded(o, c, a ? a : "", a && a[0] ? 1 : 0, false);
        case 'd':
        case 'i':
                k = snprintf(buf, sizeof buf, "%lld", v);
                break;
        case 'u':
                k = snprintf(buf, sizeof buf, "%llu", (unsigned long long) v);
                break;
        case 'o':
                k = snprintf(buf, sizeof buf, "%llo", (unsigned long long) v);
                break;
        case 'x':
                k = snprintf(buf, sizeof buf, "%llx", (unsigned long long) v);
                break;
        case 'X':
                k = snprintf(buf, sizeof buf, "%llX", (unsigned long long) v);
                break;
        case 'e':
                k = snprintf(buf, sizeof buf, "%.*e", p, d);
                break;
        case 'E':
                k = snprintf(buf, sizeof buf, "%.*E", p, d);
                break;
        case 'f':
                k = snprintf(buf, sizeof buf, "%.*f", p, d);
                break;
        case 'F':
                k = snprintf(buf, sizeof buf, "%.*F", p, d);
                break;
        case 'g':
                k = snprintf(buf, sizeof buf, "%.*g", p, d);
                break;
        case 'G':
                k = snprintf(buf, sizeof buf, "%.*G", p, d);
                break;
        case 'a':
                k = snprintf(buf, sizeof buf, "%a", d);
                break;
        default:
                k = snprintf(buf, sizeof buf, "%A", d);
                break;
        }
        if (k < 0)
                return 0;
        return padded(o, c, buf, (size_t) k < sizeof buf ? (size_t) k : sizeof buf - 1, true);
}

static void texts_free(char **v) {
        for (char **t = v; t && *t; t++)
                free(*t);
        free(v);
}

static void texts_freep(char ***v) {
        texts_free(*v);
}

/* The words' texts, from w[first] on: NULL-ended, each and the array
 * the caller's to free (texts_free); NULL when out of memory. */
static char **texts(const ShellWord *const *w, size_t n, size_t first) {
        char **v = calloc(n + 1, sizeof *v);
        for (size_t i = first, m = 0; v && i < n; i++)
                if (!(v[m++] = programs_word_text(w[i]))) {
                        texts_free(v);
                        return NULL;
                }
        return v;
}

char *reread_printf(const ShellWord *const *w, size_t n) {
        size_t first = 1;
        if (first < n && w[first]->n == 2 && w[first]->v[0].c == '-' && w[first]->v[1].c == '-')
                first++;
        __attribute__((cleanup(texts_freep))) char **args = texts(w, n, first);
        Out o = {0};
        size_t m = 0, used = 0;
        int r = put(&o, "", 0);
        if (!args || r < 0) {
                free(o.s);
                return NULL;
        }
        while (args[m])
                m++;
        _cleanup_free_ char *format = strdup(m > 0 ? args[0] : "");
        if (!format) {
                free(o.s);
                return NULL;
        }
        reread_unescape(format);
        /* the format again while operands are left (and once at least) */
        for (size_t pass = 0; r == 0 && (pass == 0 || (used < m - 1 && pass < 1024)); pass++) {
                size_t before = used;
                for (const char *p = format; *p && r == 0;) {
                        if (*p != '%') {
                                const char *e = strchrnul(p, '%');
                                r = put(&o, p, (size_t) (e - p));
                                p = e;
                                continue;
                        }
                        if (p[1] == '%') {
                                r = put(&o, "%", 1);
                                p += 2;
                                continue;
                        }
                        /* %[flags][width][.precision][length]letter; * takes an operand */
                        Conv c = {.precision = -1};
                        for (p++; *p && strchr("-+ #0", *p); p++) {
                                c.minus = c.minus || *p == '-';
                                c.zero = c.zero || *p == '0';
                        }
                        for (int part = 0; part < 2; part++) {
                                if (part == 1 && *p != '.')
                                        break;
                                if (part == 1)
                                        p++;
                                long v = 0;
                                if (*p == '*') {
                                        p++;
                                        v = used + 1 < m ? (long) number(args[++used]) : 0;
                                } else
                                        for (; *p >= '0' && *p <= '9'; p++)
                                                if ((v = v * 10 + (*p - '0')) > PRINTF_WIDTH_MAX)
                                                        v = PRINTF_WIDTH_MAX;
                                if (v < -PRINTF_WIDTH_MAX) /* -LONG_MIN is no long */
                                        v = -PRINTF_WIDTH_MAX;
                                if (v > PRINTF_WIDTH_MAX)
                                        v = PRINTF_WIDTH_MAX;
                                if (part == 0 && v < 0)
                                        c.minus = true, v = -v;
                                if (part == 0)
                                        c.width = (int) v;
                                else
                                        c.precision = v < 0 ? -1 : (int) v;
                        }
                        while (*p && strchr("hlLjzt", *p))
                                p++;
                        char letter = *p ? *p++ : 's';
                        if (letter == '(') { /* %(fmt)T: a time as strftime spells it */
                                const char *e = strchr(p, ')');
                                r = time_text(&o, p, e ? (size_t) (e - p) : strlen(p));
                                p = e ? e + 1 : p + strlen(p);
                                if (*p)
                                        p++;
                                used += used + 1 < m;
                                continue;
                        }
                        if (!strchr("sbqQcdiouxXeEfFgGaA", letter)) { /* bash stops there */
                                r = put(&o, p - 1, strlen(p - 1));
                                break;
                        }
                        r = convert(&o, &c, letter, used + 1 < m ? args[++used] : NULL);
                }
                if (used == before)
                        break; /* a format with no conversion prints once */
        }
        if (r < 0) {
                free(o.s);
                return NULL;
        }
        return o.s;
}
