/* SPDX-License-Identifier: MIT */
/*
 * sed's programs (command-internal.h), and awk's sub() and perl's s///
 * read as sed's: a script parsed as GNU sed reads it (addresses, s, y, a,
 * i, c; each regex a fixed run of characters: literals, '.', brackets,
 * anchors; a multibyte character as the C locale and a UTF-8 one read
 * it), its replacements decoded as GNU sed decodes them (escapes, '&' and
 * \0, case changes), applied to a text. One model for both of the rule's
 * questions: what an edit puts in a file (command-edited.c) and what a
 * pipeline's sed makes of a text (command-rearranged.c). It must not
 * decide what runs the result: they do.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "array.h"
#include "command-internal.h"
#include "util.h"

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

/* [:NAME:]'s bytes in order, ASCII only (as tr reads them in the C and a
 * UTF-8 locale), into out at *m; false for a name not known. */
static bool class_bytes(const char *name, size_t len, char *out, size_t size, size_t *m) {
        bool in[256] = {false};
        if (!class_set(name, len, in))
                return false;
        for (int c = 1; c < 128; c++)
                if (in[c] && *m < size)
                        out[(*m)++] = (char) c;
        return *m < size;
}

/* One character of a set at *i (perl's escapes, or tr's), *i past it. */
static unsigned char tr_char(const char *a, size_t len, SedDialect dialect, size_t *i) {
        char e;
        if (dialect != SED_PERL || a[*i] != '\\' || *i + 1 >= len)
                return set_char(a, len, i);
        *i += 1 + sed_perl_escape(a + *i + 1, &e);
        return (unsigned char) e;
}

size_t sed_tr_expand(const char *a, size_t len, SedDialect dialect, size_t fill, char *out, size_t size) {
        size_t m = 0, star = SIZE_MAX;
        bool tr = dialect != SED_PERL;
        char starred = 0;
        for (size_t i = 0; i < len && m < size;) {
                const char *shut =
                        tr && a[i] == '[' && i + 1 < len ? memchr(a + i + 1, ']', len - i - 1) : NULL;
                size_t body = shut ? (size_t) (shut - a) - i - 1 : 0; /* between [ and ] */
                if (shut && body >= 3 && (a[i + 1] == ':' || a[i + 1] == '=') && shut[-1] == a[i + 1]) {
                        const char *name = a + i + 2;
                        size_t nl = body - 2;
                        /* tr's set 2 takes upper and lower only (a case conversion) */
                        bool cased = nl == 5 &&
                                     (strncmp(name, "upper", 5) == 0 || strncmp(name, "lower", 5) == 0);
                        if (a[i + 1] == '=' ? nl != 1
                                            : (fill > 0 && !cased) || !class_bytes(name, nl, out, size, &m))
                                return SIZE_MAX;
                        if (a[i + 1] == '=')
                                out[m++] = name[0];
                        i = (size_t) (shut - a) + 1;
                        continue;
                }
                if (shut && body >= 2 && a[i + 2] == '*' && a[i + 1] != '\\' &&
                    strspn(a + i + 3, "0123456789") >= body - 2) { /* [c*n], [c*]: set 2's fill */
                        unsigned long n = body > 2 ? strtoul(a + i + 3, NULL, a[i + 3] == '0' ? 8 : 10) : 0;
                        if (n == 0 && (fill == 0 || star != SIZE_MAX))
                                return SIZE_MAX;
                        if (n == 0)
                                star = m, starred = a[i + 1];
                        for (; n > 0 && m < size; n--)
                                out[m++] = a[i + 1];
                        i = (size_t) (shut - a) + 1;
                        continue;
                }
                unsigned lo = tr_char(a, len, dialect, &i), hi = lo;
                if (i + 1 < len && a[i] == '-') { /* a range: tr and perl refuse one backwards */
                        i++;
                        if ((hi = tr_char(a, len, dialect, &i)) < lo)
                                return SIZE_MAX;
                }
                for (unsigned x = lo; x <= hi && m < size; x++)
                        out[m++] = (char) x;
        }
        if (m >= size)
                return SIZE_MAX;
        if (star != SIZE_MAX && fill > m) { /* [c*]: as many c as set 1 has more */
                size_t more = fill - m;
                if (more >= size - m)
                        return SIZE_MAX;
                memmove(out + star + more, out + star, m - star);
                memset(out + star, starred, more);
                m += more;
        }
        return m;
}

/* A regex that matches a fixed run of characters: literal ones, '.',
 * bracket expressions ([x], [^0-9], [[:digit:]]), with '^' and '$'
 * anchors, and groups of them (\(t\), ERE's (t)), group k the atoms
 * [group[k][0], group[k][1]); repeats, alternatives and back references
 * in the regex are not modelled. */
#define SED_ATOMS 64
typedef struct SedRegex {
        bool in[SED_ATOMS][256];
        size_t n, groups, group[10][2];
        bool start, end, classes; /* classes: [:alpha:], [=e=]: a UTF-8 locale's hold more */
} SedRegex;

/* sed's dialects (its programs: addresses, a, i, c) and the extended
 * regexes (sed -E's, awk's, perl's: groups unescaped). */
static bool is_sed(SedDialect d) {
        return d == SED_BASIC || d == SED_EXTENDED;
}

static bool is_ere(SedDialect d) {
        return d != SED_BASIC;
}

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

/* A group's opening or closing at a[i] in dialect: its length, or 0. */
static size_t group_mark(const char *a, size_t len, size_t i, SedDialect dialect, char which) {
        if (is_ere(dialect))
                return a[i] == which && !(which == '(' && i + 1 < len && a[i + 1] == '?');
        return a[i] == '\\' && i + 1 < len && a[i + 1] == which ? 2 : 0;
}

/* a[0..len) as dialect reads a regex, into *re: false when not modelled. */
static bool regex_read(const char *a, size_t len, bool fold, SedDialect dialect, SedRegex *re) {
        size_t open[10], depth = 0, g;
        re->n = re->groups = 0;
        re->classes = false;
        re->start = len > 0 && a[0] == '^';
        re->end = false;
        for (size_t i = re->start; i < len; re->n++) {
                if (a[i] == '$' && i + 1 == len) {
                        re->end = true;
                        break;
                }
                while ((g = group_mark(a, len, i, dialect, '(')) > 0 ||
                       (g = group_mark(a, len, i, dialect, ')')) > 0) {
                        bool opens = a[i + g - 1] == '(';
                        if (opens ? re->groups >= 9 : depth == 0)
                                return false;
                        if (opens) {
                                open[depth++] = ++re->groups;
                                re->group[re->groups][0] = re->n;
                        } else
                                re->group[open[--depth]][1] = re->n;
                        i += g;
                        /* a group repeated: not a fixed run */
                        if (!opens && i < len &&
                            (a[i] == '*' || (is_ere(dialect) && strchr("+?{", a[i])) ||
                             (a[i] == '\\' && i + 1 < len && strchr("+?{", a[i + 1]))))
                                return false;
                }
                if (i >= len || (a[i] == '$' && i + 1 == len)) {
                        re->end = i < len;
                        break;
                }
                if (re->n >= SED_ATOMS || a[i] == '*' || (is_ere(dialect) && strchr("+?{}()|", a[i])))
                        return false; /* a repeat or alternative (ERE's, perl's) */
                bool *in = re->in[re->n];
                memset(in, 0, 256 * sizeof in[0]);
                if (a[i] == '[') {
                        bool negate = i + 1 < len && a[i + 1] == '^';
                        size_t body = i + 1 + negate, end = bracket_end(a, len, body);
                        if (end >= len || !sed_set(a + body, end - body, in))
                                return false;
                        for (size_t b = body; b < end; b++)
                                if ((unsigned char) a[b] >= 0x80)
                                        return false; /* a multibyte character's, by locale */
                        re->classes = re->classes || memmem(a + body, end - body, "[:", 2) ||
                                      memmem(a + body, end - body, "[=", 2) ||
                                      memmem(a + body, end - body, "[.", 2);
                        for (int c = 0; c < 256 && negate; c++)
                                in[c] = !in[c];
                        i = end + 1;
                } else if (a[i] == '.') {
                        memset(in, 1, 256 * sizeof in[0]);
                        in['\n'] = dialect != SED_PERL;
                        i++;
                } else if (a[i] == '\\' && i + 1 < len) {
                        if (strchr("+?{}()|123456789<>bBwWsS`'", a[i + 1]) ||
                            (dialect == SED_PERL && isalnum((unsigned char) a[i + 1]) &&
                             !strchr("nt", a[i + 1])))
                                return false; /* a repeat, group, back reference, perl's \d */
                        char c;
                        i += 1 + (is_sed(dialect) ? sed_escape(a + i + 1, &c)
                                                  : (c = a[i + 1] == 'n'   ? '\n'
                                                         : a[i + 1] == 't' ? '\t'
                                                                           : a[i + 1],
                                                     1));
                        in[(unsigned char) c] = true;
                } else
                        in[(unsigned char) a[i++]] = true;
                if (i < len && (a[i] == '*' || (is_ere(dialect) && strchr("+?{", a[i])) ||
                                (a[i] == '\\' && i + 1 < len && strchr("+?{", a[i + 1]))))
                        return false;
                for (int c = 0; c < 256 && fold; c++)
                        in[c] = in[c] || in[tolower(c)] || in[toupper(c)];
        }
        return depth == 0 && (re->n > 0 || re->start || re->end);
}

/* How a text is read: one line, sed's pattern space (SED_LINES; perl's
 * with its newline, SED_PLINES: '$' before it too), or where a line may
 * start or end in a line's words (a quote, a blank, printf's \n too),
 * each line's first match (SED_GUESS) or each match (SED_EVERY: sed's
 * first may be elsewhere). */
typedef enum SedMode { SED_LINES, SED_PLINES, SED_GUESS, SED_EVERY } SedMode;

static bool text_edge(const char *t, size_t i, bool start, SedMode mode) {
        if (mode == SED_LINES || mode == SED_PLINES)
                return start ? i == 0 : !t[i] || (mode == SED_PLINES && t[i] == '\n' && !t[i + 1]);
        if (start)
                return i == 0 || strchr("\n'\" \t", t[i - 1]) ||
                       (i >= 2 && t[i - 2] == '\\' && t[i - 1] == 'n');
        return !t[i] || strchr("\n'\" \t", t[i]) || (t[i] == '\\' && t[i + 1] == 'n');
}

/* The length of the UTF-8 character of more than a byte at t, or 0 (a
 * byte, a sequence not valid). */
static size_t utf8_width(const char *t) {
        unsigned char c = (unsigned char) t[0];
        size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        for (size_t k = 1; k < n; k++)
                if (((unsigned char) t[k] & 0xc0) != 0x80)
                        return 0;
        return n;
}

/* Does re match t at i, with chars as a UTF-8 locale reads it ('.' and
 * a negated bracket take a character, not an invalid byte; a literal
 * byte is a byte)? at[k]: where atom k starts, at[re->n] its length. */
static bool regex_matches(const SedRegex *re, const char *t, size_t i, SedMode mode, bool chars,
                          size_t at[SED_ATOMS + 1]) {
        size_t p = i;
        if (re->start && !text_edge(t, i, true, mode))
                return false;
        for (size_t k = 0; k < re->n; k++) {
                unsigned char c = (unsigned char) t[p];
                bool wide = chars && c >= 0x80 && re->in[k][0x80] && re->in[k][0xff];
                size_t w = wide ? utf8_width(t + p) : 1;
                at[k] = p - i;
                if (!c || w == 0 || !re->in[k][c])
                        return false;
                p += w;
        }
        at[re->n] = p - i;
        return !re->end || text_edge(t, p, false, mode);
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

/* exact: every command one sed_lines() applies as the program does (s
 * and y with no address, no flag but g, I or a count). */
struct SedScript {
        SedDialect dialect;
        size_t n;
        bool exact, locale; /* a part the locale decides past ASCII (a case change, I, a class) */
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

bool sed_option_extended(const char *o) {
        if (o[0] != '-' || !o[1])
                return false;
        if (o[1] == '-')
                return programs_long_is(o, "regexp-extended", NULL);
        for (const char *c = o + 1; *c; c++) {
                if (*c == 'E' || *c == 'r')
                        return true;
                if (strchr("iefl", *c))
                        return false; /* the rest is that option's value */
        }
        return false;
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

/* perl's y/FROM/TO/ (and tr///): ranges and escapes expanded, TO padded
 * with its last character, into e; its flags not modelled. */
static const char *perl_y(const char *re, const char *re_end, const char *to, const char *p, char d,
                          SedCommand *e, bool *oom, bool *exact) {
        char f[256], t[256];
        size_t nf = sed_tr_expand(re, (size_t) (re_end - re), SED_PERL, 0, f, sizeof f), nt = 0;
        if (nf != SIZE_MAX && to < p)
                nt = sed_tr_expand(to, (size_t) (p - to), SED_PERL, nf, t, sizeof t);
        else if (nf != SIZE_MAX) /* y/A-Z//: FROM itself */
                memcpy(t, f, nt = nf);
        bool ok = nf != SIZE_MAX && nt != SIZE_MAX && nt > 0 && !memchr(f, 0, nf) && !memchr(t, 0, nt);
        for (; ok && nt < nf; nt++)
                t[nt] = t[nt - 1];
        e->from = ok ? strndup(f, nf) : decoded(re, re_end, d);
        e->to = ok ? strndup(t, nf) : decoded(to, p, d);
        *oom = !e->from || !e->to;
        /* its flags (c, d, s, r) not modelled */
        *exact = *exact && ok && !isalpha((unsigned char) p[1]);
        return *oom ? NULL : p + 1;
}

/* s or y at p (past the command's letter) into *e: past it, or NULL
 * (with *oom when out of memory, else a command sed would not run). */
static const char *substitution(const char *p, char kind, SedDialect dialect, SedCommand *e, bool *oom,
                                bool *exact) {
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
        if (kind == 'y' && dialect == SED_PERL) /* perl's ranges; TO shorter: its last repeated */
                return perl_y(re, re_end, to, p, d, e, oom, exact);
        if (kind == 'y') {
                e->from = decoded(re, re_end, d);
                e->to = decoded(to, p, d);
                *oom = !e->from || !e->to;
                for (const char *c = re; c < p; c++) /* a multibyte character's bytes: by locale */
                        *exact = *exact && (unsigned char) *c < 0x80;
                return *oom ? NULL : p + 1;
        }
        if (!(e->to = strndup(to, (size_t) (p - to)))) {
                *oom = true;
                return NULL;
        }
        for (const char *c = e->to; dialect == SED_PERL && *c; c += *c == '\\' && c[1] ? 2 : 1) {
                const char *shut = c[0] == '\\' && c[1] == 'N' && c[2] == '{' ? strchr(c + 3, '}') : NULL;
                char x;
                /* \N{NAME}: a name charnames knows, the model not; \Q quotes */
                if ((shut && !sed_perl_named(c + 3, (size_t) (shut - c - 3), &x)) ||
                    (c[0] == '\\' && c[1] == 'Q'))
                        *exact = false;
        }
        p++;
        for (; *p && !strchr("; \t\n}", *p); p++) {
                e->global = e->global || *p == 'g';
                e->fold = e->fold || *p == 'i' || *p == 'I';
                *exact = *exact && strchr("giI0123456789", *p); /* p, w, e, m, M: more than a text */
                if (*p == 'e' && dialect == SED_PERL)
                        return NULL; /* s///e: perl code computes it */
                if (isdigit((unsigned char) *p))
                        e->nth = e->nth * 10 + (size_t) (*p - '0');
                if (*p == 'w') /* w FILE: to the line's end */
                        p += strcspn(p, "\n") - 1;
        }
        if (!(e->re = malloc(sizeof *e->re))) {
                *oom = true;
                return NULL;
        }
        if (!regex_read(re, (size_t) (re_end - re), e->fold, dialect, e->re)) {
                free(e->re);
                e->re = NULL;
                *exact = false;
        }
        /* the text it matches, when that is one: each atom one character */
        bool fixed = e->re != NULL;
        for (size_t k = 0; fixed && k < e->re->n; k++) {
                size_t m = 0;
                for (int c = 0; c < 256; c++)
                        m += e->re->in[k][c];
                fixed = m == 1;
        }
        if (fixed && (e->literal = malloc(e->re->n + 1))) {
                for (size_t k = 0; k < e->re->n; k++)
                        for (int c = 0; c < 256; c++)
                                if (e->re->in[k][c])
                                        e->literal[k] = (char) c;
                e->literal[e->re->n] = 0;
        } else if (!fixed && literal_regex(re, re_end))
                e->literal = decoded(re, re_end, d);
        else if (fixed) {
                *oom = true;
                return NULL;
        }
        /* perl interpolates a variable, $x, @x, ${x} (none: empty): only
         * $& and a group's $N are modelled */
        for (const char *c = e->to; dialect == SED_PERL && *c; c += *c == '\\' && c[1] ? 2 : 1)
                if ((*c == '$' || *c == '@') && c[1] && !(*c == '$' && c[1] == '&') &&
                    !(*c == '$' && e->re && c[1] >= '1' && c[1] <= '9' && !isdigit((unsigned char) c[2]) &&
                      (size_t) (c[1] - '0') <= e->re->groups))
                        *exact = false;
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
        s->exact = true;
        while (*p && s->n < ELEMENTSOF(s->v)) {
                size_t skip = strspn(p, " \t\n;{}!0123456789$,~+%:|");
                /* an address, a block, a label: more than a text (perl's '}' ends a block) */
                s->exact = s->exact && strspn(p, dialect == SED_PERL ? " \t\n;{}" : " \t\n;") == skip;
                p += skip;
                if (is_sed(dialect) && (*p == '/' || (*p == '\\' && p[1]))) {
                        s->exact = false;
                        char d = *p == '/' ? '/' : p[1]; /* an address: /re/, \cREc */
                        p = part_end(p + (*p == '/' ? 1 : 2), d);
                        p += *p != 0;
                        continue;
                }
                if (!*p)
                        break;
                char c = *p++;
                SedCommand *e = &s->v[s->n];
                if (dialect == SED_PERL && c == 't' && *p == 'r' && p[1] && !isalnum((unsigned char) p[1]) &&
                    !strchr(" \t\n;", p[1]))
                        c = 'y', p++; /* perl's tr/// is its y/// */
                if ((c == 's' || c == 'y') && *p && *p != '\n' && *p != '\\' && *p != ' ' &&
                    (is_sed(dialect) || !isalnum((unsigned char) *p))) {
                        const char *next = substitution(p, c, dialect, e, &oom, &s->exact);
                        s->n++;      /* freed with the script, whole or not */
                        if (!next) { /* sed would refuse the program: what came before */
                                s->n -= !oom;
                                s->exact = false;
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
                        /* a case change or I: a UTF-8 locale's may differ */
                        s->locale = s->locale || e->fold || (e->re && e->re->classes) ||
                                    (e->to &&
                                     (strstr(e->to, "\\L") || strstr(e->to, "\\U") || strstr(e->to, "\\l") ||
                                      strstr(e->to, "\\u") || strstr(e->to, "\\F")));
                        continue;
                }
                s->exact = false; /* a, i, c: a line of its own; any other command */
                if (is_sed(dialect) && strchr("aic", c)) {
                        e->kind = 'a';
                        s->n++;
                        if (!(e->to = text_of(&p))) {
                                oom = true;
                                break;
                        }
                        continue;
                }
                /* perl: a word (print, tr, $x); sed: another command to the next ';' */
                p += is_sed(dialect) ? strcspn(p, ";\n") : strcspn(p, ";\n") * !isalnum((unsigned char) c);
                if (!is_sed(dialect) && isalnum((unsigned char) c))
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
        if (ARRAY_GROW(o->t, o->cap, o->n + n + 1) < 0)
                return false;
        memcpy(o->t + o->n, p, n);
        o->n += n;
        o->t[o->n] = 0;
        return true;
}

/* The ASCII letter a UTF-8 locale's case change k (L, l: to lower; U,
 * u: to upper) makes of the character at p (n bytes left): U+0130 and
 * U+212A lower to i and k, U+0131 and U+017F upper to I and S; else 0.
 * *w its length (1 for 0). */
static char ascii_case(const char *p, size_t n, char k, size_t *w) {
        static const struct {
                const char *c;
                char lower, upper;
        } v[] = {{"\xc4\xb0", 'i', 0}, {"\xe2\x84\xaa", 'k', 0}, {"\xc4\xb1", 0, 'I'}, {"\xc5\xbf", 0, 'S'}};
        bool lower = k == 'L' || k == 'l';
        *w = 1;
        for (size_t i = 0; i < ELEMENTSOF(v); i++) {
                size_t len = strlen(v[i].c);
                char a = lower ? v[i].lower : v[i].upper;
                if (a && n >= len && memcmp(p, v[i].c, len) == 0) {
                        *w = len;
                        return a;
                }
        }
        return 0;
}

/* Replacement r of dialect into o: escapes decoded, '&' (sed's \0 too,
 * perl's $&) the match m (when known: else a plain '&'), \1..\9 (perl's
 * $1..$9) its groups in re (atom k at m + at[k]; no at: each atom a
 * byte), \L \U \E \l \u its case changes (chars: a UTF-8 locale's, the
 * characters ascii_case knows). */
static bool replace(Text *o, const char *r, SedDialect dialect, const char *m, size_t nm, const SedRegex *re,
                    const size_t *at, bool chars) {
        char mode = 0, once = 0;
        for (const char *p = r; *p; p++) {
                char c = *p;
                if (c == '\\' && p[1] && strchr(dialect == SED_PERL ? "LUEluFQ" : "LUElu", p[1])) {
                        p++; /* perl's \F folds as \L; its \Q (quotemeta) makes s/// not exact */
                        if (*p != 'Q')
                                *(*p == 'l' || *p == 'u' ? &once : &mode) = *p == 'E'   ? 0
                                                                            : *p == 'F' ? 'L'
                                                                                        : *p;
                        continue;
                }
                if (is_sed(dialect) && c == '\\' && p[1] == '0') {
                        c = '&'; /* GNU sed's \0 is the whole match */
                        p++;
                }
                bool whole = m && (dialect == SED_PERL ? c == '$' && p[1] == '&' : c == '&');
                /* perl's \1 followed by a digit is octal (\147) */
                size_t g =
                        m && re && (c == '\\' || (c == '$' && dialect == SED_PERL)) && p[1] >= '1' &&
                                        p[1] <= '9' && (size_t) (p[1] - '0') <= re->groups &&
                                        !(dialect == SED_PERL && c == '\\' && isdigit((unsigned char) p[2]))
                                ? (size_t) (p[1] - '0')
                                : 0;
                size_t g0 = g ? (at ? at[re->group[g][0]] : re->group[g][0]) : 0,
                       g1 = g ? (at ? at[re->group[g][1]] : re->group[g][1]) : 0;
                const char *from = whole ? m : g ? m + g0 : &c;
                size_t n = whole ? nm : g ? g1 - g0 : 1;
                if ((whole && dialect == SED_PERL) || g)
                        p++;
                else if (c == '\\' && p[1])
                        p += dialect == SED_PERL ? sed_perl_escape(p + 1, &c) : sed_escape(p + 1, &c);
                else if (!whole && (unsigned char) c >= 0x80 && utf8_width(p)) {
                        from = p; /* a multibyte character, whole */
                        n = utf8_width(p);
                        p += n - 1;
                }
                if (!whole && !g && c == 0)
                        continue; /* \x00, \o000: a NUL, which a shell reading the text drops */
                for (size_t i = 0, w = 1; i < n; i += w) {
                        char x = from[i], k = once ? once : mode;
                        char a = chars && k ? ascii_case(from + i, n - i, k, &w) : (w = 1, 0);
                        x = (char) (a                      ? a
                                    : k == 'L' || k == 'l' ? tolower((unsigned char) x)
                                    : k == 'U' || k == 'u' ? toupper((unsigned char) x)
                                                           : x);
                        once = 0;
                        if (!text_put(o, &x, 1))
                                return false;
                }
        }
        return true;
}

/* s/// of e applied to t as mode reads it (SED_LINES: each line's first
 * match, its count's, or with g each from there; SED_GUESS: each line's
 * first, or each with g or a count past 1; SED_EVERY: each), into *ret:
 * 0, -ENOMEM. */
static int substitute(const char *t, const SedCommand *e, SedDialect dialect, SedMode mode, bool chars,
                      char **ret) {
        const SedRegex *re = e->re;
        Text o = {0};
        size_t len = strlen(t), seen = 0, nth = e->nth ? e->nth : 1, at[SED_ATOMS + 1];
        bool ok = text_put(&o, "", 0);
        for (size_t i = 0; ok && i <= len;) {
                seen = text_edge(t, i, true, mode) ? 0 : seen;
                /* where a line starts is a guess: a match past the first is each one */
                bool take = mode == SED_EVERY || (mode == SED_GUESS && (e->global || nth > 1));
                if (regex_matches(re, t, i, mode, chars, at) &&
                    (take || (e->global ? ++seen >= nth : ++seen == nth))) {
                        ok = replace(&o, e->to, dialect, t + i, at[re->n], re, at, chars);
                        if (at[re->n] > 0) {
                                i += at[re->n];
                                continue;
                        }
                }
                size_t w = chars && i < len && utf8_width(t + i) ? utf8_width(t + i) : 1;
                ok = ok && (i == len || text_put(&o, t + i, w));
                i += w;
        }
        if (!ok) {
                free(o.t);
                return -ENOMEM;
        }
        *ret = o.t;
        return 0;
}

/* The characters of s as a UTF-8 locale reads them (C: its bytes). */
static size_t char_count(const char *s, bool chars) {
        size_t n = 0;
        for (; *s; n++)
                s += chars && utf8_width(s) ? utf8_width(s) : 1;
        return n;
}

/* y/FROM/TO/ on *t as GNU sed runs it: byte for byte in the C locale,
 * character for character in a UTF-8 one (y/é/g/); strings of unequal
 * length, which sed refuses: *t as it is. 0, -ENOMEM. */
static int transliterate(const SedCommand *e, bool chars, char **t) {
        if (char_count(e->from, chars) != char_count(e->to, chars))
                return 0;
        Text o = {0};
        bool ok = text_put(&o, "", 0);
        for (const char *p = *t; ok && *p;) {
                size_t w = chars && utf8_width(p) ? utf8_width(p) : 1, pw = w;
                const char *put = p;
                for (const char *f = e->from, *to = e->to; *f && *to;) {
                        size_t fw = chars && utf8_width(f) ? utf8_width(f) : 1;
                        size_t tw = chars && utf8_width(to) ? utf8_width(to) : 1;
                        if (fw == w && memcmp(f, p, w) == 0) {
                                put = to;
                                pw = tw;
                                break;
                        }
                        f += fw;
                        to += tw;
                }
                ok = text_put(&o, put, pw);
                p += w;
        }
        if (!ok) {
                free(o.t);
                return -ENOMEM;
        }
        free(*t);
        *t = o.t;
        return 0;
}

/* Command e applied to *t: s/// as substitute does, y/// each character,
 * a, i, c's text on a line of its own. 0, -ENOMEM. */
static int apply(const SedScript *s, const SedCommand *e, SedMode mode, bool chars, char **t) {
        char *next = NULL;
        if (e->kind == 's' && e->re) {
                int r = substitute(*t, e, s->dialect, mode, chars, &next);
                if (r < 0)
                        return r;
        } else if (e->kind == 'y')
                return transliterate(e, chars, t);
        else if (e->kind == 'a' && mode != SED_EVERY) {
                if (asprintf(&next, "%s\n%s", *t, e->to) < 0)
                        return -ENOMEM;
        } else
                return 0;
        free(*t);
        *t = next;
        return 0;
}

/* The script's commands applied in turn to *t in mode (SED_EVERY: a,
 * i, c's as SED_GUESS), chars as a UTF-8 locale reads it: 0, -ENOMEM. */
static int script_on(const SedScript *s, SedMode mode, bool chars, char **t) {
        for (size_t i = 0; i < s->n; i++) {
                int r = apply(s, &s->v[i], mode == SED_EVERY && s->v[i].kind == 'a' ? SED_GUESS : mode,
                              chars, t);
                if (r < 0)
                        return r;
        }
        return 0;
}

/* The script applied to t in mode, into *ret (SED_LINES: each line its
 * own pattern space, as sed reads it; perl -p's with its newline): 0,
 * -ENOMEM. */
static int run_as(const SedScript *s, const char *t, SedMode mode, bool chars, char **ret) {
        bool perl = s->dialect == SED_PERL, ok = true;
        Text o = {0};
        if (mode != SED_LINES) {
                char *copy = strdup(t);
                if (!copy || script_on(s, mode, chars, &copy) < 0) {
                        free(copy);
                        return -ENOMEM;
                }
                *ret = copy;
                return 0;
        }
        ok = text_put(&o, "", 0);
        for (const char *p = t; ok && *p;) {
                size_t n = strcspn(p, "\n"), nl = p[n] == '\n';
                _cleanup_free_ char *space = strndup(p, n + (perl && nl));
                ok = space && script_on(s, perl ? SED_PLINES : SED_LINES, chars, &space) == 0 &&
                     text_put(&o, space, strlen(space)) && (perl || !nl || text_put(&o, "\n", 1));
                p += n + nl;
        }
        if (!ok) {
                free(o.t);
                return -ENOMEM;
        }
        *ret = o.t;
        return 0;
}

static bool multibyte(const char *t) {
        while (*t && (unsigned char) *t < 0x80)
                t++;
        return *t != 0;
}

/* The script applied to *t in mode as the C locale reads it (a byte a
 * character) and as a UTF-8 one does: *t the text, or (differ) both on
 * lines of their own; 1 when they differ, or may (a case change or I
 * where a byte past ASCII is: not every character's is modelled). 0,
 * -ENOMEM. */
static int run_both(const SedScript *s, SedMode mode, char **t) {
        _cleanup_free_ char *bytes = NULL, *chars = NULL;
        if (run_as(s, *t, mode, false, &bytes) < 0 || run_as(s, *t, mode, true, &chars) < 0)
                return -ENOMEM;
        bool differ = !streq(bytes, chars);
        bool unsure = s->locale && (multibyte(*t) || multibyte(bytes) || multibyte(chars));
        char *both = NULL;
        if (differ && asprintf(&both, "%s\n%s", bytes, chars) < 0)
                return -ENOMEM;
        free(*t);
        *t = differ ? both : TAKE_PTR(bytes);
        return differ || unsure;
}

int sed_run(const SedScript *s, char **t) {
        int r = run_both(s, SED_GUESS, t);
        return r < 0 ? r : 0;
}

int sed_lines(const SedScript *s, char **t) {
        _cleanup_free_ char *copy = s->exact ? strdup(*t) : NULL;
        if (!s->exact)
                return 0;
        int r = copy ? run_both(s, SED_LINES, &copy) : -ENOMEM;
        if (r != 0) /* the locale decides: not one text */
                return r < 0 ? r : 0;
        free(*t);
        *t = TAKE_PTR(copy);
        return 1;
}

/* The text s///'s e puts in, into put: '&' the match when the regex is
 * a literal one; a case change's as a UTF-8 locale's too, where it
 * differs, on a line of its own. */
static bool put_of(const SedScript *s, const SedCommand *e, Text *put) {
        size_t nl = e->literal ? strlen(e->literal) : 0;
        Text chars = {0};
        bool ok = text_put(put, "", 0) &&
                  replace(put, e->to, s->dialect, e->literal, nl, e->re, NULL, false) &&
                  (!s->locale || (text_put(&chars, "", 0) &&
                                  replace(&chars, e->to, s->dialect, e->literal, nl, e->re, NULL, true)));
        ok = ok && (!chars.t || streq(chars.t, put->t) ||
                    (text_put(put, "\n", 1) && text_put(put, chars.t, chars.n)));
        free(chars.t);
        return ok;
}

bool sed_blind(const SedScript *s) {
        for (size_t i = 0; i < s->n; i++)
                if (s->v[i].kind == 's' && !s->v[i].re)
                        return true;
        return false;
}

int sed_put_in(const SedScript *s, char **ret) {
        Text o = {0};
        bool ok = text_put(&o, "", 0);
        for (size_t i = 0; ok && i < s->n; i++) {
                const SedCommand *e = &s->v[i];
                if (e->kind == 'y')
                        continue;
                Text put = {0};
                if (e->kind == 'a' ? !text_put(&put, e->to, strlen(e->to)) : !put_of(s, e, &put)) {
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
                        ok = apply(s, &s->v[a], SED_EVERY, false, &put.t) == 0;
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
        int r = run_both(s, SED_EVERY, t);
        if (r < 0)
                return r;
        if (!put)
                return 0;
        /* then what it puts in, with nothing between (the pieces may meet) */
        Text o = {0};
        bool ok = text_put(&o, *t, strlen(*t));
        for (size_t i = 0; ok && i < s->n; i++) {
                const SedCommand *e = &s->v[i];
                Text in = {0};
                if (e->kind == 'a')
                        ok = text_put(&o, e->to, strlen(e->to));
                else if (e->kind == 's')
                        ok = put_of(s, e, &in) && text_put(&o, in.t, in.n);
                free(in.t);
        }
        if (!ok) {
                free(o.t);
                return -ENOMEM;
        }
        free(*t);
        *t = o.t;
        return 0;
}
