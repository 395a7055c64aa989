/* SPDX-License-Identifier: MIT */
/*
 * sed's programs (command-internal.h), and awk's sub() and perl's s///
 * read as sed's: a script parsed as GNU sed reads it (addresses, s, y, a,
 * i, c; each regex a fixed run of characters: literals, '.', brackets,
 * anchors), its replacements decoded as GNU sed decodes them (escapes,
 * '&', case changes), applied to a text. One model for both of the rule's
 * questions: what an edit puts in a file (command-edited.c) and what a
 * pipeline's sed makes of a text (command-rearranged.c). It must not
 * decide what runs the result: they do.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* The digits of a number escape at p in base b, at most max: its value
 * in *v, the count. */
static size_t digits(const char *p, int b, size_t max, unsigned *v) {
        size_t i = 0;
        for (*v = 0; i < max && p[i]; i++) {
                int d = isdigit((unsigned char) p[i]) ? p[i] - '0'
                        : b == 16 && isxdigit((unsigned char) p[i])
                                ? tolower((unsigned char) p[i]) - 'a' + 10
                                : 99;
                if (d >= b)
                        break;
                *v = *v * (unsigned) b + (unsigned) d;
        }
        return i;
}

size_t sed_escape(const char *p, char *ret) {
        static const char names[] = "afnrtv", values[] = "\a\f\n\r\t\v";
        unsigned v = 0;
        size_t len = 0;
        if (*p == 'x' || *p == 'o' || *p == 'd') { /* \xHH, \oNNN, \dNNN */
                len = digits(p + 1, *p == 'x' ? 16 : *p == 'o' ? 8 : 10, *p == 'x' ? 2 : 3, &v);
                if (len > 0) {
                        *ret = (char) v;
                        return len + 1;
                }
        }
        if (*p == 'c' && p[1]) { /* \cX: control-X */
                *ret = (char) (toupper((unsigned char) p[1]) ^ 0x40);
                return 2;
        }
        const char *at = *p ? strchr(names, *p) : NULL;
        *ret = at ? values[at - names] : *p;
        return *p ? 1 : 0;
}

/* perl's escape after a backslash at p in a replacement (\xHH, \x{H..},
 * \NNN, \o{N..}, \e, \n, \t, ...) into *ret: the characters it takes. */
static size_t perl_escape(const char *p, char *ret) {
        unsigned v = 0;
        size_t len;
        if ((*p == 'x' || *p == 'o') && p[1] == '{') {
                len = digits(p + 2, *p == 'x' ? 16 : 8, 8, &v);
                *ret = (char) v;
                return 2 + len + (p[2 + len] == '}');
        }
        if (*p == 'x') {
                len = digits(p + 1, 16, 2, &v);
                *ret = (char) v;
                return 1 + len;
        }
        if (*p >= '0' && *p <= '7' && (len = digits(p, 8, 3, &v)) > 1) {
                *ret = (char) v;
                return len;
        }
        if (*p == 'e') {
                *ret = '\033';
                return 1;
        }
        return *p == 'd' || *p == 'o' ? (*ret = *p, 1) : sed_escape(p, ret);
}

/* The bytes a character class names ([:digit:] as "digit"), into in[]. */
static bool class_set(const char *name, size_t len, bool in[256]) {
        static const struct {
                const char *name;
                int (*is)(int);
        } classes[] = {{"alnum", isalnum}, {"alpha", isalpha}, {"blank", isblank}, {"cntrl", iscntrl},
                       {"digit", isdigit}, {"graph", isgraph}, {"lower", islower}, {"print", isprint},
                       {"punct", ispunct}, {"space", isspace}, {"upper", isupper}, {"xdigit", isxdigit}};
        for (size_t i = 0; i < ELEMENTSOF(classes); i++)
                if (strlen(classes[i].name) == len && strncmp(classes[i].name, name, len) == 0) {
                        for (int c = 0; c < 256; c++)
                                in[c] = in[c] || classes[i].is(c);
                        return true;
                }
        return false;
}

/* One character of a set at *i (tr's escapes: \n, \t, \NNN, \\), *i past it. */
static unsigned char set_char(const char *a, size_t len, size_t *i) {
        unsigned char c = (unsigned char) a[(*i)++];
        if (c != '\\' || *i >= len)
                return c;
        c = (unsigned char) a[(*i)++];
        if (c >= '0' && c <= '7') {
                unsigned v = c - '0';
                for (int k = 0; k < 2 && *i < len && a[*i] >= '0' && a[*i] <= '7'; k++)
                        v = v * 8 + (unsigned) (a[(*i)++] - '0');
                return (unsigned char) v;
        }
        const char *from = "nrtabfv", *to = "\n\r\t\a\b\f\v";
        const char *at = strchr(from, c);
        return at && c ? (unsigned char) to[at - from] : c;
}

bool sed_set(const char *a, size_t len, bool in[256]) {
        memset(in, 0, 256 * sizeof in[0]);
        for (size_t i = 0; i < len;) {
                if (a[i] == '[' && i + 1 < len && (a[i + 1] == ':' || a[i + 1] == '=')) {
                        char kind = a[i + 1];
                        const char *end = memmem(a + i + 2, len - i - 2, kind == ':' ? ":]" : "=]", 2);
                        if (!end)
                                return false;
                        size_t nl = (size_t) (end - a - i - 2);
                        if (kind == ':' ? !class_set(a + i + 2, nl, in) : nl != 1)
                                return false;
                        if (kind == '=')
                                in[(unsigned char) a[i + 2]] = true;
                        i = (size_t) (end - a) + 2;
                        continue;
                }
                if (a[i] == '[' && i + 2 < len && a[i + 2] == '*' && memchr(a + i, ']', len - i)) {
                        in[(unsigned char) a[i + 1]] = true; /* [c*n]: c repeated */
                        i = (size_t) ((const char *) memchr(a + i, ']', len - i) - a) + 1;
                        continue;
                }
                unsigned char lo = set_char(a, len, &i), hi = lo;
                if (i + 1 < len && a[i] == '-') {
                        i++;
                        hi = set_char(a, len, &i);
                }
                for (unsigned c = lo; c <= hi; c++)
                        in[c] = true;
        }
        return true;
}

/* A regex that matches a fixed run of characters: literal ones, '.',
 * bracket expressions ([x], [^0-9], [[:digit:]]), with '^' and '$'
 * anchors; repeats, groups and back references are not modelled. */
#define SED_ATOMS 64
typedef struct SedRegex {
        bool in[SED_ATOMS][256];
        size_t n;
        bool start, end;
} SedRegex;

/* The index of the ']' closing the bracket expression whose body starts at
 * a[i] (after '[' and '^'), or len. */
static size_t bracket_end(const char *a, size_t len, size_t i) {
        for (size_t j = i + (i < len && a[i] == ']'); j < len; j++) {
                if (a[j] == ']')
                        return j;
                if (a[j] == '[' && j + 1 < len && strchr(":=.", a[j + 1])) {
                        const char *e = memmem(a + j + 2, len - j - 2, (const char[]){a[j + 1], ']'}, 2);
                        if (!e)
                                return len;
                        j = (size_t) (e - a) + 1;
                }
        }
        return len;
}

/* a[0..len) as dialect reads a regex, into *re: false when not modelled. */
static bool regex_read(const char *a, size_t len, bool fold, SedDialect dialect, SedRegex *re) {
        re->n = 0;
        re->start = len > 0 && a[0] == '^';
        re->end = false;
        for (size_t i = re->start; i < len; re->n++) {
                if (a[i] == '$' && i + 1 == len) {
                        re->end = true;
                        break;
                }
                if (re->n >= SED_ATOMS || a[i] == '*' || (dialect != SED_BASIC && strchr("+?{}()|", a[i])))
                        return false; /* a repeat or group (ERE's, perl's) */
                bool *in = re->in[re->n];
                memset(in, 0, 256 * sizeof in[0]);
                if (a[i] == '[') {
                        bool negate = i + 1 < len && a[i + 1] == '^';
                        size_t body = i + 1 + negate, end = bracket_end(a, len, body);
                        if (end >= len || !sed_set(a + body, end - body, in))
                                return false;
                        for (int c = 0; c < 256 && negate; c++)
                                in[c] = !in[c];
                        i = end + 1;
                } else if (a[i] == '.') {
                        memset(in, 1, 256 * sizeof in[0]);
                        i++;
                } else if (a[i] == '\\' && i + 1 < len) {
                        if (strchr("+?{}()|123456789<>bBwWsS`'", a[i + 1]) ||
                            (dialect != SED_BASIC && isalnum((unsigned char) a[i + 1]) &&
                             !strchr("nt", a[i + 1])))
                                return false; /* a repeat, group, back reference, perl's \d */
                        char c;
                        i += 1 + (dialect == SED_BASIC ? sed_escape(a + i + 1, &c)
                                                       : (c = a[i + 1] == 'n'   ? '\n'
                                                              : a[i + 1] == 't' ? '\t'
                                                                                : a[i + 1],
                                                          1));
                        in[(unsigned char) c] = true;
                } else
                        in[(unsigned char) a[i++]] = true;
                if (i < len && (a[i] == '*' || (dialect != SED_BASIC && strchr("+?{", a[i])) ||
                                (a[i] == '\\' && i + 1 < len && strchr("+?{", a[i + 1]))))
                        return false;
                for (int c = 0; c < 256 && fold; c++)
                        in[c] = in[c] || in[tolower(c)] || in[toupper(c)];
        }
        return re->n > 0 || re->start || re->end;
}

/* Where a line may start or end in a text: the text's ends, a newline, a
 * quote, a blank, printf's \n (the text may be a format, a line's words). */
static bool text_edge(const char *t, size_t i, bool start) {
        if (start)
                return i == 0 || strchr("\n'\" \t", t[i - 1]) ||
                       (i >= 2 && t[i - 2] == '\\' && t[i - 1] == 'n');
        return !t[i] || strchr("\n'\" \t", t[i]) || (t[i] == '\\' && t[i + 1] == 'n');
}

static bool regex_matches(const SedRegex *re, const char *t, size_t i) {
        if ((re->start && !text_edge(t, i, true)) || strnlen(t + i, re->n) < re->n)
                return false;
        for (size_t k = 0; k < re->n; k++)
                if (!re->in[k][(unsigned char) t[i + k]])
                        return false;
        return !re->end || text_edge(t, i + re->n, false);
}

/* A command of a script: s, y, or 'a' for a, i and c's texts. s's regex
 * (NULL when not modelled), its text when a literal one (for '&'), its
 * replacement as written; y's sets, a's text decoded. */
typedef struct SedCommand {
        char kind;
        SedRegex *re;
        char *literal, *to, *from;
        size_t nth;
        bool global, fold;
} SedCommand;

struct SedScript {
        SedDialect dialect;
        size_t n;
        SedCommand v[32];
};

void sed_free(SedScript *s) {
        for (size_t i = 0; s && i < s->n; i++) {
                free(s->v[i].re);
                free(s->v[i].literal);
                free(s->v[i].to);
                free(s->v[i].from);
        }
        free(s);
}

/* The delimiter closing one that opens at d: perl's brackets pair. */
static char closing(char d, SedDialect dialect) {
        const char *at = dialect == SED_PERL && d ? strchr("{([<", d) : NULL;
        return at ? "})]>"[at - "{([<"] : d;
}

/* Past a part ending in d (a regex, a replacement: an escaped d is d's). */
static const char *part_end(const char *p, char d) {
        while (*p && *p != d)
                p += *p == '\\' && p[1] ? 2 : 1;
        return p;
}

/* The part [p, end) with escapes decoded (and an escaped delimiter d),
 * malloc'd. */
static char *decoded(const char *p, const char *end, char d) {
        char *out = malloc((size_t) (end - p) + 1), *o = out;
        while (out && p < end) {
                char c = *p++;
                if (c == '\\' && p < end)
                        p += *p == d ? (c = d, 1) : sed_escape(p, &c);
                *o++ = c;
        }
        if (out)
                *o = 0;
        return out;
}

/* Is a regex (as written) a literal text: no special, each escape a
 * character's (\x5f, \/)? */
static bool literal_regex(const char *p, const char *end) {
        for (; p < end; p++)
                if (strchr(".[]*^$+?(){}|", *p) ||
                    (*p == '\\' && ++p < end && strchr("wWsSbB<>`'1234567890{}()+?|", *p)))
                        return false;
        return true;
}

/* s or y at p (past the command's letter) into *e: past it, or NULL
 * (with *oom when out of memory, else a command sed would not run). */
static const char *substitution(const char *p, char kind, SedDialect dialect, SedCommand *e, bool *oom) {
        char d = *p, close = closing(d, dialect);
        const char *re = p + 1, *re_end = part_end(re, close), *to;
        if (!*re_end)
                return NULL;
        p = re_end + 1;
        if (close != d) { /* perl's s{A}{B}: blanks, then B's own bracket */
                p += strspn(p, " \t\n");
                if (!*p)
                        return NULL;
                d = *p++;
                close = closing(d, dialect);
        }
        to = p;
        p = part_end(to, close);
        if (!*p)
                return NULL;
        e->kind = kind;
        if (kind == 'y') {
                e->from = decoded(re, re_end, d);
                e->to = decoded(to, p, d);
                *oom = !e->from || !e->to;
                return *oom ? NULL : p + 1;
        }
        if (!(e->to = strndup(to, (size_t) (p - to)))) {
                *oom = true;
                return NULL;
        }
        p++;
        for (; *p && !strchr("; \t\n}", *p); p++) {
                e->global = e->global || *p == 'g';
                e->fold = e->fold || *p == 'i' || *p == 'I';
                if (*p == 'e' && dialect == SED_PERL)
                        return NULL; /* s///e: perl code computes it */
                if (isdigit((unsigned char) *p))
                        e->nth = e->nth * 10 + (size_t) (*p - '0');
                if (*p == 'w') /* w FILE: to the line's end */
                        p += strcspn(p, "\n") - 1;
        }
        if ((literal_regex(re, re_end) && !(e->literal = decoded(re, re_end, d))) ||
            !(e->re = malloc(sizeof *e->re))) {
                *oom = true;
                return NULL;
        }
        if (!regex_read(re, (size_t) (re_end - re), e->fold, dialect, e->re)) {
                free(e->re);
                e->re = NULL;
        }
        return p;
}

/* The text of a, i or c whose letter *p is past, as GNU sed reads it:
 * blanks skipped; a\ and a newline, or a one-liner (a TEXT; a\X: X
 * taken as it is, a backslash one that starts an escape); to the first
 * newline no backslash escapes, its escapes decoded. Malloc'd, *p past it. */
static char *text_of(const char **p) {
        const char *t = *p + strspn(*p, " \t");
        char lead = 0;
        if (*t == '\\') { /* a\\tX: the second backslash starts \t */
                t++;
                if (*t == '\n')
                        t++;
                else if (*t && *t != '\\')
                        lead = *t++;
        }
        const char *end = part_end(t, '\n');
        _cleanup_free_ char *rest = decoded(t, end, '\n');
        char *out = NULL;
        *p = end;
        if (!rest || asprintf(&out, "%.*s%s", lead != 0, &lead, rest) < 0)
                return NULL;
        return out;
}

int sed_parse(const char *p, SedDialect dialect, SedScript **ret) {
        SedScript *s = calloc(1, sizeof *s);
        bool oom = false;
        if (!s)
                return -ENOMEM;
        s->dialect = dialect;
        while (*p && s->n < ELEMENTSOF(s->v)) {
                p += strspn(p, " \t\n;{}!0123456789$,~+%:|");
                if (dialect == SED_BASIC && (*p == '/' || (*p == '\\' && p[1]))) {
                        char d = *p == '/' ? '/' : p[1]; /* an address: /re/, \cREc */
                        p = part_end(p + (*p == '/' ? 1 : 2), d);
                        p += *p != 0;
                        continue;
                }
                if (!*p)
                        break;
                char c = *p++;
                SedCommand *e = &s->v[s->n];
                if ((c == 's' || c == 'y') && *p && *p != '\n' && *p != '\\' && *p != ' ' &&
                    (dialect == SED_BASIC || !isalnum((unsigned char) *p))) {
                        const char *next = substitution(p, c, dialect, e, &oom);
                        s->n++;      /* freed with the script, whole or not */
                        if (!next) { /* sed would refuse the program: what came before */
                                s->n -= !oom;
                                if (!oom) {
                                        free(e->re);
                                        free(e->literal);
                                        free(e->to);
                                        free(e->from);
                                        *e = (SedCommand){0};
                                }
                                break;
                        }
                        p = next;
                        continue;
                }
                if (dialect == SED_BASIC && strchr("aic", c)) {
                        e->kind = 'a';
                        s->n++;
                        if (!(e->to = text_of(&p))) {
                                oom = true;
                                break;
                        }
                        continue;
                }
                /* perl: a word (print, tr, $x); sed: another command to the next ';' */
                p += dialect == SED_BASIC ? strcspn(p, ";\n")
                                          : strcspn(p, ";\n") * !isalnum((unsigned char) c);
                if (dialect != SED_BASIC && isalnum((unsigned char) c))
                        p += strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        }
        if (oom) {
                sed_free(s);
                return -ENOMEM;
        }
        *ret = s;
        return 0;
}

/* A growing text. */
typedef struct Text {
        char *t;
        size_t n, cap;
} Text;

static bool text_put(Text *o, const char *p, size_t n) {
        if (o->n + n + 1 > o->cap) {
                size_t cap = 2 * o->cap + n + 16;
                char *t = realloc(o->t, cap);
                if (!t)
                        return false;
                o->t = t;
                o->cap = cap;
        }
        memcpy(o->t + o->n, p, n);
        o->n += n;
        o->t[o->n] = 0;
        return true;
}

/* Replacement r of dialect into o: escapes decoded, '&' (perl's $&) the
 * match m (when known: else a plain '&'), \L \U \E \l \u its case changes. */
static bool replace(Text *o, const char *r, SedDialect dialect, const char *m, size_t nm) {
        char mode = 0, once = 0;
        for (const char *p = r; *p; p++) {
                char c = *p;
                if (c == '\\' && p[1] && strchr("LUElu", p[1])) {
                        p++;
                        *(*p == 'l' || *p == 'u' ? &once : &mode) = *p == 'E' ? 0 : *p;
                        continue;
                }
                bool whole = m && (dialect == SED_PERL ? c == '$' && p[1] == '&' : c == '&');
                if (whole && dialect == SED_PERL)
                        p++;
                else if (c == '\\' && p[1])
                        p += dialect == SED_PERL ? perl_escape(p + 1, &c) : sed_escape(p + 1, &c);
                for (size_t i = 0; i < (whole ? nm : 1); i++) {
                        char x = whole ? m[i] : c, k = once ? once : mode;
                        x = (char) (k == 'L' || k == 'l'   ? tolower((unsigned char) x)
                                    : k == 'U' || k == 'u' ? toupper((unsigned char) x)
                                                           : x);
                        once = 0;
                        if (!text_put(o, &x, 1))
                                return false;
                }
        }
        return true;
}

/* s/// of e applied to t (each line's first match; with every, g or
 * a count past 1, each), into *ret: 0, -ENOMEM. */
static int substitute(const char *t, const SedCommand *e, SedDialect dialect, bool every, char **ret) {
        const SedRegex *re = e->re;
        Text o = {0};
        size_t len = strlen(t), seen = 0, nth = e->nth;
        bool ok = text_put(&o, "", 0);
        for (size_t i = 0; ok && i <= len;) {
                seen = text_edge(t, i, true) ? 0 : seen;
                /* where a line starts is a guess: a match past the first is each one */
                if (regex_matches(re, t, i) && (every || e->global || nth > 1 || ++seen == 1)) {
                        ok = replace(&o, e->to, dialect, t + i, re->n);
                        if (re->n > 0) {
                                i += re->n;
                                continue;
                        }
                }
                ok = ok && (i == len || text_put(&o, t + i, 1));
                i++;
        }
        if (!ok) {
                free(o.t);
                return -ENOMEM;
        }
        *ret = o.t;
        return 0;
}

/* Command e applied to *t: s/// as substitute does, y/// each character,
 * a, i, c's text on a line of its own. 0, -ENOMEM. */
static int apply(const SedScript *s, const SedCommand *e, bool every, char **t) {
        char *next = NULL;
        if (e->kind == 's' && e->re) {
                int r = substitute(*t, e, s->dialect, every, &next);
                if (r < 0)
                        return r;
        } else if (e->kind == 'y') {
                size_t nt = strlen(e->to);
                for (char *p = *t; *p; p++) {
                        const char *at = strchr(e->from, *p);
                        if (at && (size_t) (at - e->from) < nt)
                                *p = e->to[at - e->from];
                }
                return 0;
        } else if (e->kind == 'a' && !every) {
                if (asprintf(&next, "%s\n%s", *t, e->to) < 0)
                        return -ENOMEM;
        } else
                return 0;
        free(*t);
        *t = next;
        return 0;
}

int sed_run(const SedScript *s, char **t) {
        for (size_t i = 0; i < s->n; i++) {
                int r = apply(s, &s->v[i], false, t);
                if (r < 0)
                        return r;
        }
        return 0;
}

int sed_put_in(const SedScript *s, char **ret) {
        Text o = {0};
        bool ok = text_put(&o, "", 0);
        for (size_t i = 0; ok && i < s->n; i++) {
                const SedCommand *e = &s->v[i];
                if (e->kind == 'y')
                        continue;
                Text put = {0};
                /* the text it puts in: '&' the match when the regex is a literal one */
                if (e->kind == 'a'
                            ? !text_put(&put, e->to, strlen(e->to))
                            : !text_put(&put, "", 0) || !replace(&put, e->to, s->dialect, e->literal,
                                                                 e->literal ? strlen(e->literal) : 0)) {
                        free(put.t);
                        ok = false;
                        break;
                }
                ok = text_put(&o, put.t, put.n) && text_put(&o, "\n", 1);
                /* as the later commands leave it, each match (sed's first
                 * may be in the file's text); a regex not modelled: its
                 * separators read as blanks */
                bool blind = false;
                for (size_t a = i + 1; ok && a < s->n; a++) {
                        blind = blind || (s->v[a].kind == 's' && !s->v[a].re);
                        ok = apply(s, &s->v[a], true, &put.t) == 0;
                }
                ok = ok && text_put(&o, put.t, strlen(put.t)) && text_put(&o, "\n", 1);
                for (char *c = put.t; ok && blind && *c; c++)
                        *c = strchr("_.,:-+=~%@^/", *c) ? ' ' : *c;
                ok = ok && (!blind || (text_put(&o, put.t, strlen(put.t)) && text_put(&o, "\n", 1)));
                free(put.t);
        }
        if (!ok) {
                free(o.t);
                return -ENOMEM;
        }
        *ret = o.t;
        return 0;
}

int sed_edit(const SedScript *s, bool put, char **t) {
        for (size_t i = 0; i < s->n; i++) {
                int r = apply(s, &s->v[i], s->v[i].kind != 'a', t);
                if (r < 0)
                        return r;
        }
        if (!put)
                return 0;
        /* then what it puts in, with nothing between (the pieces may meet) */
        Text o = {0};
        bool ok = text_put(&o, *t, strlen(*t));
        for (size_t i = 0; ok && i < s->n; i++) {
                const SedCommand *e = &s->v[i];
                if (e->kind == 'a')
                        ok = text_put(&o, e->to, strlen(e->to));
                else if (e->kind == 's')
                        ok = replace(&o, e->to, s->dialect, e->literal, e->literal ? strlen(e->literal) : 0);
        }
        if (!ok) {
                free(o.t);
                return -ENOMEM;
        }
        free(*t);
        *t = o.t;
        return 0;
}
