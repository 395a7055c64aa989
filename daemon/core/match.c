/* SPDX-License-Identifier: MIT */
/*
 * The pattern matchers (match.h): fnmatch's, git's and ripgrep's globs,
 * find's emacs regex. Each runs as a set of states over the subject, so
 * its time is the pattern's length times the subject's: no backtracking.
 * It must not decide what is allowed, nor know the policy.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "util.h"

#define PATTERN_MAX 4096 /* a longer pattern matches, unjudged */

enum { G_LIT, G_ANY, G_CLASS, G_STAR, G_DSTAR, G_DIRS_ENTER, G_DIRS_LOOP };

typedef struct GlobItem {
        uint8_t kind, c;
        uint8_t set[32];
} GlobItem;

static uint8_t lower(uint8_t c) {
        return c >= 'A' && c <= 'Z' ? (uint8_t) (c + 32) : c;
}

static void set_add(uint8_t set[32], unsigned lo, unsigned hi) {
        for (unsigned c = lo; c <= hi && c < 256; c++)
                set[c / 8] |= (uint8_t) (1u << (c % 8));
}

static bool set_has(const uint8_t set[32], uint8_t c) {
        return (set[c / 8] >> (c % 8)) & 1;
}

/* One element of a bracket expression at p[*j], past it into *j: a byte
 * (after a backslash too), a collating symbol [.c.] or an equivalence
 * class [=c=] (the byte c: 1 and *c, 2 for [=c=]), a class [:name:] or a
 * symbol of more than one byte ([.hyphen.]): 3, any byte or (strict) none;
 * 0 for a [. [= [: that does not close (no bracket then). fnmatch's and
 * bash's reading, one for every bracket here: globs and regexes alike. */
static int bracket_elem(const char *p, size_t *j, uint8_t *c) {
        size_t k = *j;
        if (p[k] == '[' && (p[k + 1] == ':' || p[k + 1] == '=' || p[k + 1] == '.')) {
                char d = p[k + 1];
                const char *e = strstr(p + k + 2, (char[]){d, ']', 0});
                if (!e)
                        return 0;
                size_t len = (size_t) (e - p) - (k + 2);
                *j = (size_t) (e - p) + 2;
                if (d == ':' || len != 1)
                        return 3;
                *c = (uint8_t) p[k + 2];
                return d == '.' ? 1 : 2;
        }
        if (p[k] == '\\' && p[k + 1])
                k++;
        *c = (uint8_t) p[k];
        *j = k + 1;
        return 1;
}

/* A [...] from p[*i] (its '['): 1 with *it filled, 0 when it is none. A
 * range's ends are bytes or collating symbols ([a-[.z.]], [[.a.]-z]). */
static int glob_class(const char *p, size_t *i, int flags, GlobItem *it) {
        size_t j = *i + 1, first;
        bool negate = false;
        memset(it, 0, sizeof *it);
        it->kind = G_CLASS;
        if (p[j] == '!' || p[j] == '^') {
                negate = true;
                j++;
        }
        first = j;
        while (p[j] && (p[j] != ']' || j == first)) {
                uint8_t lo = 0, hi = 0;
                int e = bracket_elem(p, &j, &lo);
                if (e == 0)
                        return 0;
                if (e == 3) {
                        /* a class not known here: any byte, or (strict) none;
                         * in a negated bracket the other way, so that the
                         * bracket still matches any ([![:digit:]]) or none */
                        if (!(flags & MATCH_STRICT) != negate)
                                set_add(it->set, 0, 255);
                        continue;
                }
                hi = lo;
                if (e == 1 && p[j] == '-' && p[j + 1] && p[j + 1] != ']') {
                        size_t k = j + 1;
                        int e2 = bracket_elem(p, &k, &hi);
                        if (e2 == 0)
                                return 0;
                        if (e2 == 1) {
                                j = k;
                        } else {
                                /* [a-[=c=]], [a-[:x:]]: no range; a, '-' and
                                 * what follows, read next */
                                hi = lo;
                                set_add(it->set, '-', '-');
                        }
                }
                set_add(it->set, lo, hi);
        }
        if (!p[j])
                return 0;
        if (negate)
                for (size_t k = 0; k < 32; k++)
                        it->set[k] = (uint8_t) ~it->set[k];
        *i = j + 1;
        return 1;
}

/* The pattern as items; *ret_m of them. */
static GlobItem *glob_compile(const char *p, int flags, size_t *ret_m) {
        size_t n = strlen(p), m = 0;
        GlobItem *v = calloc(n + 2, sizeof *v);
        if (!v)
                return NULL;
        for (size_t i = 0; i < n;) {
                bool at_dir = i == 0 || p[i - 1] == '/';
                if (p[i] == '*') {
                        size_t k = i;
                        while (p[k] == '*')
                                k++;
                        bool dirs = (flags & MATCH_PATHNAME) && k - i >= 2 && at_dir;
                        if (dirs && p[k] == '/') { /* **: any directories, none included */
                                v[m++] = (GlobItem){.kind = G_DIRS_ENTER};
                                v[m++] = (GlobItem){.kind = G_DIRS_LOOP};
                                i = k + 1;
                        } else {
                                v[m++] = (GlobItem){.kind = dirs && !p[k] ? G_DSTAR : G_STAR};
                                i = k;
                        }
                } else if (p[i] == '?') {
                        v[m++] = (GlobItem){.kind = G_ANY};
                        i++;
                } else if (p[i] == '[' && glob_class(p, &i, flags, &v[m])) {
                        m++;
                } else {
                        if (p[i] == '\\' && p[i + 1])
                                i++;
                        v[m++] = (GlobItem){.kind = G_LIT, .c = (uint8_t) p[i++]};
                }
        }
        *ret_m = m;
        return v;
}

/* Follow the items that match nothing: a star, and ** / past none. */
static void glob_close(const GlobItem *v, size_t m, bool *st) {
        for (size_t i = 0; i < m; i++)
                if (st[i] && (v[i].kind == G_STAR || v[i].kind == G_DSTAR))
                        st[i + 1] = true;
                else if (st[i] && v[i].kind == G_DIRS_ENTER)
                        st[i + 2] = true;
}

static void glob_step(const GlobItem *v, size_t m, const bool *st, bool *next, uint8_t c, int flags) {
        bool slash_ok = !(flags & MATCH_PATHNAME) || c != '/';
        bool fold = flags & MATCH_FOLD;
        memset(next, 0, m + 1);
        for (size_t i = 0; i < m; i++) {
                if (!st[i])
                        continue;
                switch (v[i].kind) {
                case G_LIT:
                        if (v[i].c == c || (fold && lower(v[i].c) == lower(c)))
                                next[i + 1] = true;
                        break;
                case G_ANY:
                        next[i + 1] = next[i + 1] || slash_ok;
                        break;
                case G_CLASS:
                        if (slash_ok && (set_has(v[i].set, c) ||
                                         (fold && (set_has(v[i].set, lower(c)) ||
                                                   set_has(v[i].set, (uint8_t) (lower(c) - 32))))))
                                next[i + 1] = true;
                        break;
                case G_STAR:
                        next[i] = next[i] || slash_ok;
                        break;
                case G_DSTAR:
                        next[i] = true;
                        break;
                case G_DIRS_ENTER:
                case G_DIRS_LOOP:
                        next[i + (v[i].kind == G_DIRS_ENTER)] = true; /* the loop */
                        if (c == '/')
                                next[i + (v[i].kind == G_DIRS_ENTER ? 2 : 1)] = true;
                        break;
                }
        }
        glob_close(v, m, next);
}

/* Run the pattern over s: the states left, or NULL if out of memory. */
static bool *glob_run(const char *pat, const char *s, int flags, GlobItem **ret_v, size_t *ret_m) {
        size_t m;
        GlobItem *v = glob_compile(pat, flags, &m);
        bool *st = v ? calloc(m + 2, 1) : NULL, *next = v ? calloc(m + 2, 1) : NULL;
        if (!st || !next) {
                free(v);
                free(st);
                free(next);
                return NULL;
        }
        st[0] = true;
        glob_close(v, m, st);
        for (const char *q = s; *q; q++) {
                glob_step(v, m, st, next, (uint8_t) *q, flags);
                bool *t = st;
                st = next;
                next = t;
        }
        free(next);
        *ret_v = v;
        *ret_m = m;
        return st;
}

bool match_glob(const char *pat, const char *s, int flags) {
        GlobItem *v;
        size_t m;
        if (strlen(pat) > PATTERN_MAX)
                return !(flags & MATCH_STRICT);
        bool *st = glob_run(pat, s, flags, &v, &m);
        if (!st)
                return !(flags & MATCH_STRICT); /* out of memory: the safe side */
        bool r = st[m];
        free(st);
        free(v);
        return r;
}

static const char hexdigits[] = "0123456789abcdef"; /* git's object names */

/* Does pat hold a literal byte no string tmpl stands for holds (*.py for
 * a name of hex digits)? Then it matches none: the cheap answer first. */
static bool glob_literal_outside(const char *pat, const char *tmpl, int flags) {
        bool can[256] = {false};
        for (const char *q = tmpl; *q; q++) {
                if (*q == MATCH_ANY_TEXT)
                        return false;
                if (*q != MATCH_ANY_HEX)
                        can[(uint8_t) *q] = true;
                for (const char *h = hexdigits; *q == MATCH_ANY_HEX && *h; h++)
                        can[(uint8_t) *h] = true;
        }
        for (size_t i = 0; pat[i]; i++) {
                if (pat[i] == '*' || pat[i] == '?')
                        continue;
                if (pat[i] == '[') /* a class: skipped, as a class may hold anything */
                        return false;
                uint8_t c = (uint8_t) pat[i + (pat[i] == '\\' && pat[i + 1])];
                i += pat[i] == '\\' && pat[i + 1];
                if (!can[c] && !((flags & MATCH_FOLD) && (can[lower(c)] || can[(uint8_t) (lower(c) - 32)])))
                        return true;
        }
        return false;
}

bool match_glob_some(const char *pat, const char *tmpl, int flags) {
        size_t m;
        if (strlen(pat) > PATTERN_MAX)
                return !(flags & MATCH_STRICT);
        if (glob_literal_outside(pat, tmpl, flags))
                return false;
        _cleanup_free_ GlobItem *v = glob_compile(pat, flags, &m);
        _cleanup_free_ bool *st = v ? calloc(m + 2, 1) : NULL, *next = v ? calloc(m + 2, 1) : NULL,
                            *all = v ? calloc(m + 2, 1) : NULL;
        if (!st || !next || !all)
                return !(flags & MATCH_STRICT); /* out of memory: the safe side */
        st[0] = true;
        glob_close(v, m, st);
        for (const char *q = tmpl; *q; q++) {
                if (*q != MATCH_ANY_HEX && *q != MATCH_ANY_TEXT) {
                        glob_step(v, m, st, next, (uint8_t) *q, flags);
                        memcpy(st, next, m + 1);
                        continue;
                }
                /* the states some string it stands for leaves: the union
                 * over each byte, once (a hex digit) or to a fixpoint (any
                 * text, none included) */
                bool grew = true;
                memcpy(all, st, m + 1);
                while (grew) {
                        grew = false;
                        memset(st, 0, m + 1);
                        for (unsigned c = 1; c < 256; c++) {
                                if (*q == MATCH_ANY_HEX && !strchr(hexdigits, (int) c))
                                        continue;
                                glob_step(v, m, all, next, (uint8_t) c, flags);
                                for (size_t i = 0; i <= m; i++)
                                        st[i] = st[i] || next[i];
                        }
                        if (*q == MATCH_ANY_HEX)
                                break;
                        for (size_t i = 0; i <= m; i++)
                                if (st[i] && !all[i])
                                        all[i] = grew = true;
                        if (!grew)
                                memcpy(st, all, m + 1);
                }
        }
        return st[m];
}

int match_glob_prefix(const char *pat, const char *s, int flags) {
        GlobItem *v;
        size_t m;
        if (strlen(pat) > PATTERN_MAX)
                return flags & MATCH_STRICT ? 0 : 1;
        bool *st = glob_run(pat, s, flags, &v, &m);
        if (!st)
                return flags & MATCH_STRICT ? 0 : 1;
        int r = 0;
        for (size_t i = 0; i <= m; i++) {
                if (!st[i])
                        continue;
                r = r ? r : 1;
                bool all = true; /* what is left matches anything */
                for (size_t k = i; k < m && all; k++)
                        all = v[k].kind == G_DSTAR || (v[k].kind == G_STAR && !(flags & MATCH_PATHNAME));
                if (all && i < m)
                        r = 2;
        }
        free(st);
        free(v);
        return r;
}

/* ---- find's regex (emacs syntax): Thompson's construction ---- */

enum { R_CHAR, R_ANY, R_CLASS, R_SPLIT, R_EPS, R_MATCH };

typedef struct RNode {
        uint8_t kind, c;
        int out, out2;
        uint8_t set[32];
} RNode;

typedef struct RParse {
        const char *s;
        size_t i, n;
        RNode *v;
        size_t m, cap;
        bool unknown; /* a construct it does not know: matches */
        int depth;
} RParse;

typedef struct Frag {
        int start, end; /* end: an R_EPS whose out is patched */
} Frag;

static int rnode(RParse *r, uint8_t kind, int out, int out2) {
        if (r->m >= r->cap) {
                r->unknown = true;
                return 0;
        }
        r->v[r->m] = (RNode){.kind = kind, .out = out, .out2 = out2};
        return (int) r->m++;
}

static Frag frag_one(RParse *r, uint8_t kind, uint8_t c) {
        int e = rnode(r, R_EPS, -1, -1);
        int a = rnode(r, kind, e, -1);
        r->v[a].c = c;
        return (Frag){a, e};
}

static Frag parse_alt(RParse *r);

static Frag parse_atom(RParse *r) {
        char c = r->s[r->i++];
        if (c == '.')
                return frag_one(r, R_ANY, 0);
        if (c == '[') {
                GlobItem it;
                size_t i = r->i - 1;
                /* a bracket as fnmatch reads it, but a backslash is a byte */
                char *copy = strndup(r->s + i, r->n - i);
                if (!copy) {
                        r->unknown = true;
                        return frag_one(r, R_ANY, 0);
                }
                for (char *q = copy; *q; q++)
                        if (*q == '\\')
                                *q = '\x01'; /* not an escape in a regex bracket: kept as a byte below */
                size_t j = 0;
                int ok = glob_class(copy, &j, 0, &it);
                bool backslash = memchr(copy, '\x01', j) != NULL;
                free(copy);
                if (!ok) {
                        r->unknown = true;
                        return frag_one(r, R_ANY, 0);
                }
                if (backslash)
                        set_add(it.set, 0, 255); /* rare: taken as any byte */
                r->i = i + j;
                Frag f = frag_one(r, R_CLASS, 0);
                memcpy(r->v[f.start].set, it.set, 32);
                return f;
        }
        if (c == '\\' && r->i < r->n) {
                char e = r->s[r->i++];
                if (e == '(') {
                        if (++r->depth > 64) {
                                r->unknown = true;
                                return frag_one(r, R_ANY, 0);
                        }
                        Frag f = parse_alt(r);
                        r->depth--;
                        if (r->i + 1 < r->n + 1 && r->s[r->i] == '\\' && r->s[r->i + 1] == ')')
                                r->i += 2;
                        else
                                r->unknown = true;
                        return f;
                }
                if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9') || e == '<' ||
                    e == '>' || e == '`' || e == '\'' || e == '=' || e == '_')
                        r->unknown = true; /* \w, \b, \1 and the like */
                return frag_one(r, R_CHAR, (uint8_t) e);
        }
        return frag_one(r, R_CHAR, (uint8_t) c);
}

static bool at_alt_end(const RParse *r) {
        return r->i >= r->n ||
               (r->s[r->i] == '\\' && r->i + 1 < r->n && (r->s[r->i + 1] == '|' || r->s[r->i + 1] == ')'));
}

static Frag parse_branch(RParse *r) {
        int e = rnode(r, R_EPS, -1, -1);
        Frag f = {e, e};
        bool first = true;
        while (!at_alt_end(r) && !r->unknown) {
                char c = r->s[r->i];
                Frag a;
                if (first && c == '^') { /* an anchor: the whole path is matched anyway */
                        r->i++;
                        continue;
                }
                if (c == '$' && r->i + 1 == r->n) {
                        r->i++;
                        continue;
                }
                if (!first && (c == '*' || c == '+' || c == '?')) {
                        r->unknown = true; /* a repeat of a repeat: not judged */
                        break;
                }
                a = parse_atom(r);
                while (r->i < r->n && strchr("*+?", r->s[r->i]) && !r->unknown) {
                        char op = r->s[r->i++];
                        int e2 = rnode(r, R_EPS, -1, -1);
                        int s = rnode(r, R_SPLIT, a.start, e2);
                        r->v[a.end].out = op == '?' ? e2 : s;
                        a = (Frag){op == '+' ? a.start : s, e2};
                }
                r->v[f.end].out = a.start;
                f.end = a.end;
                first = false;
        }
        return f;
}

static Frag parse_alt(RParse *r) {
        Frag f = parse_branch(r);
        while (!r->unknown && r->i + 1 < r->n && r->s[r->i] == '\\' && r->s[r->i + 1] == '|') {
                r->i += 2;
                Frag g = parse_branch(r);
                int e = rnode(r, R_EPS, -1, -1);
                int s = rnode(r, R_SPLIT, f.start, g.start);
                r->v[f.end].out = e;
                r->v[g.end].out = e;
                f = (Frag){s, e};
        }
        return f;
}

static void radd(const RNode *v, bool *set, int k, int *stack, size_t cap) {
        size_t sp = 0;
        stack[sp++] = k;
        while (sp > 0) {
                int i = stack[--sp];
                if (i < 0 || set[i])
                        continue;
                set[i] = true;
                if ((v[i].kind == R_EPS || v[i].kind == R_SPLIT) && sp + 2 <= cap) {
                        stack[sp++] = v[i].out;
                        if (v[i].kind == R_SPLIT)
                                stack[sp++] = v[i].out2;
                }
        }
}

bool match_regex(const char *re, const char *s, bool fold) {
        size_t n = strlen(re);
        if (n > PATTERN_MAX)
                return true;
        RParse r = {.s = re, .n = n, .cap = 8 * n + 8};
        _cleanup_free_ RNode *v = r.v = calloc(r.cap, sizeof *r.v);
        _cleanup_free_ bool *st = calloc(r.cap, 1), *next = calloc(r.cap, 1);
        _cleanup_free_ int *stack = calloc(2 * r.cap + 2, sizeof *stack);
        if (!v || !st || !next || !stack)
                return true;
        Frag f = parse_alt(&r);
        if (r.unknown || r.i < r.n)
                return true;
        int match = rnode(&r, R_MATCH, -1, -1);
        if (r.unknown)
                return true;
        r.v[f.end].out = match;
        radd(v, st, f.start, stack, 2 * r.cap + 2);
        for (const char *q = s; *q; q++) {
                uint8_t c = (uint8_t) *q;
                memset(next, 0, r.cap);
                for (size_t i = 0; i < r.m; i++) {
                        if (!st[i])
                                continue;
                        bool ok = (v[i].kind == R_CHAR &&
                                   (v[i].c == c || (fold && lower(v[i].c) == lower(c)))) ||
                                  (v[i].kind == R_ANY && c != '\n') ||
                                  (v[i].kind == R_CLASS &&
                                   (set_has(v[i].set, c) ||
                                    (fold && (set_has(v[i].set, lower(c)) ||
                                              set_has(v[i].set, (uint8_t) (lower(c) - 32))))));
                        if (ok)
                                radd(v, next, v[i].out, stack, 2 * r.cap + 2);
                }
                bool *t = st;
                st = next;
                next = t;
        }
        return st[match];
}

/* A name the glob component c (its n bytes) matches, into out: '*' none,
 * '?' x, a class its first member; false when that is no match (a negated
 * class) or too long. */
bool match_glob_name(const char *c, size_t n, char out[static 256]) {
        char glob[256];
        size_t k = 0;
        if (n >= sizeof glob)
                return false;
        memcpy(glob, c, n);
        glob[n] = 0;
        for (size_t i = 0; i < n && k < 255; i++) {
                if (c[i] == '*')
                        continue;
                if (c[i] == '?')
                        out[k++] = 'x';
                else if (c[i] == '[') {
                        GlobItem it;
                        size_t j = i;
                        if (!glob_class(glob, &j, MATCH_STRICT, &it)) {
                                out[k++] = '[';
                                continue;
                        }
                        unsigned b = 1; /* its first member but NUL ('/' last) */
                        while (b < 256 && (!set_has(it.set, (uint8_t) b) || b == '/'))
                                b++;
                        out[k++] = b < 256 ? (char) b : '/';
                        i = j - 1;
                } else if (c[i] == '\\' && i + 1 < n)
                        out[k++] = c[++i];
                else
                        out[k++] = c[i];
        }
        out[k] = 0;
        return k < 255 && match_glob(glob, out, 0);
}

static bool alternatives(const char *pat, bool (*f)(void *ctx, const char *alt), void *ctx, int *budget) {
        if (--*budget < 0)
                return true;
        const char *open = NULL;
        int depth = 0;
        for (const char *c = pat; *c; c++) {
                if (*c == '\\' && c[1]) {
                        c++;
                        continue;
                }
                if (*c == '{' && depth++ == 0)
                        open = c;
                else if (*c == '}' && depth > 0 && --depth == 0) {
                        size_t head = (size_t) (open - pat), len = strlen(pat);
                        for (const char *a = open + 1;;) {
                                const char *e = a;
                                for (int d = 0; e < c && (d > 0 || *e != ','); e++)
                                        d += *e == '{' ? 1 : *e == '}' ? -1 : 0;
                                char *alt = malloc(len + 1);
                                if (!alt)
                                        return true;
                                sprintf(alt, "%.*s%.*s%s", (int) head, pat, (int) (e - a), a, c + 1);
                                bool m = alternatives(alt, f, ctx, budget);
                                free(alt);
                                if (m)
                                        return true;
                                if (e >= c)
                                        return false;
                                a = e + 1;
                        }
                }
        }
        return f(ctx, pat);
}

bool match_alternatives(const char *pat, bool (*f)(void *ctx, const char *alt), void *ctx) {
        int budget = 64;
        return alternatives(pat, f, ctx, &budget);
}

typedef struct Against {
        const char *s;
        int flags;
} Against;

static bool glob_against(void *ctx, const char *alt) {
        const Against *a = ctx;
        return match_glob(alt, a->s, a->flags);
}

bool match_glob_braced(const char *pat, const char *s, int flags) {
        return match_alternatives(pat, glob_against, &(Against){s, flags});
}
