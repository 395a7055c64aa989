/* SPDX-License-Identifier: MIT */
/*
 * What a lexed line's words name (word-names.h): brace expansion, then
 * bash's globs against the policy's names. It must not decide whether a
 * command may run, nor read bash's syntax itself (shell-lex.c does).
 */
#include "word-names.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "case-fold.h"
#include "util.h"

#define NESTING_MAX 8       /* substitutions in substitutions, judged this deep */
#define BRACE_DEPTH_MAX 256 /* brace lists expanded one inside the next */
/* An item copied into an expansion: steps, so that the copies alive at
 * once (one an unfinished level) stay within a few megabytes. */
#define COPY_COST 4

/* One step of the judgement: false once they are all spent. */
static bool step(WordNames *wn, size_t k) {
        wn->work += k;
        if (wn->work >= WORD_NAMES_WORK_MAX)
                wn->spent = true;
        return !wn->spent;
}

/* A byte that can sit inside a name next to a secret's without ending it. */
static bool name_byte(uint8_t c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
               c == '_' || c == '-' || c >= 0x80;
}

/* ASCII letters of either case. A glob matches the names a directory
 * lists, as they are written there, whatever the filesystem folds; but
 * bash's nocaseglob (which a line may turn on in ways no reading follows:
 * BASHOPTS, a sourced file) and a program's own folding (find -iname,
 * rg --iglob) match either case, so a glob's letters always do: no more
 * than ASCII, what nocaseglob folds of the policy's (ASCII) names. */
static uint8_t other_case(uint8_t c) {
        return c >= 'a' && c <= 'z' ? (uint8_t) (c - 32) : c >= 'A' && c <= 'Z' ? (uint8_t) (c + 32) : c;
}

static bool same_byte(uint8_t a, uint8_t b) {
        return a == b || other_case(a) == b;
}

/* An item that is a byte once braces are expanded: a brace left over is
 * one. (So is a '[' no ']' closes, which only compile() finds: elsewhere
 * it stands between names, as '[' does.) */
static bool is_byte(const ShellItem *it) {
        return it->kind == SHELL_LIT || it->kind == SHELL_BOPEN || it->kind == SHELL_BCOMMA ||
               it->kind == SHELL_BCLOSE;
}

/* The unquoted byte c: special in a bracket expression. */
static bool unquoted(const ShellItem *it, uint8_t c) {
        return it->c == c && !it->quoted && it->kind != SHELL_EXPAND && it->kind != SHELL_EXTGLOB;
}

/* ---- globs, compiled from a path component's items ---- */

enum {
        P_BYTE, /* c, either case */
        P_ONE,  /* '?' */
        P_STAR, /* '*' */
        P_SET,  /* [...] */
        P_EXP,  /* an expansion: any text, a leading dot too */
        P_EXT,  /* an extglob: any text (a leading dot if dot); what it holds is judged as well */
};

typedef struct WordPat {
        uint8_t kind, c;
        bool dot;         /* P_EXT, P_EXP: it may match a leading dot */
        bool digits;      /* P_EXP of $((...)): only digits and '-' */
        uint8_t bits[32]; /* P_SET */
} Pat;

static void set_bit(uint8_t bits[32], unsigned c) {
        bits[c / 8] |= (uint8_t) (1u << (c % 8));
}

/* The bracket expression opened by the '[' at v[i], in v[..b): the index of
 * its ']', its bytes in bits; 0 when no ']' closes it (then '[' is a byte).
 * As bash's: a ']' first is a byte, '!' or '^' first negates, a quoted
 * byte is only a byte, [:class:] and an expansion inside match any byte. */
static size_t bracket(WordNames *wn, const ShellItem *v, size_t i, size_t b, uint8_t bits[32]) {
        size_t j = i + 1;
        bool negate = false, any = false;
        memset(bits, 0, 32);
        if (j < b && (unquoted(&v[j], '!') || unquoted(&v[j], '^'))) {
                negate = true;
                j++;
        }
        for (size_t first = j; j < b; j++) {
                if (!step(wn, 1))
                        return 0;
                const ShellItem *it = &v[j];
                if (unquoted(it, ']') && j != first)
                        break;
                if (it->kind == SHELL_EXPAND || it->kind == SHELL_EXTGLOB) {
                        any = true;
                        continue;
                }
                if (unquoted(it, '[') && j + 1 < b &&
                    (unquoted(&v[j + 1], ':') || unquoted(&v[j + 1], '=') || unquoted(&v[j + 1], '.'))) {
                        size_t k = j + 2;
                        while (k + 1 < b && !(v[k].c == v[j + 1].c && unquoted(&v[k + 1], ']')) &&
                               step(wn, 1))
                                k++;
                        if (k + 1 < b) { /* [:alpha:], [=a=], [.a.]: any byte, to be safe */
                                any = true;
                                j = k + 1;
                                continue;
                        }
                }
                unsigned lo = it->c, hi = lo;
                /* a range to a collating symbol, [a-[.z.]] (31j 12): any
                 * byte, to be safe, as [.a.] is */
                if (j + 4 < b && unquoted(&v[j + 1], '-') && unquoted(&v[j + 2], '[') &&
                    (unquoted(&v[j + 3], ':') || unquoted(&v[j + 3], '=') || unquoted(&v[j + 3], '.'))) {
                        size_t k = j + 4;
                        while (k + 1 < b && !(v[k].c == v[j + 3].c && unquoted(&v[k + 1], ']')) &&
                               step(wn, 1))
                                k++;
                        if (k + 1 < b) {
                                any = true;
                                j = k + 1;
                                continue;
                        }
                }
                if (j + 2 < b && unquoted(&v[j + 1], '-') && !unquoted(&v[j + 2], ']')) {
                        if (v[j + 2].kind == SHELL_EXPAND || v[j + 2].kind == SHELL_EXTGLOB)
                                any = true;
                        hi = v[j + 2].c;
                        j += 2;
                }
                for (unsigned c = lo; c <= hi; c++)
                        set_bit(bits, c);
        }
        if (j >= b)
                return 0;
        for (size_t k = 0; k < 32; k++)
                bits[k] = any ? 0xff : negate ? (uint8_t) ~bits[k] : bits[k];
        return j;
}

/* v[a..b), a path component, as a glob in wn's scratch: 0 with *ret_n
 * elements, -ENOMEM. */
static int compile(WordNames *wn, const ShellItem *v, size_t a, size_t b, size_t *ret_n) {
        size_t n = 0;
        for (size_t k = a; k < b && step(wn, 1); k++) {
                if (ARRAY_GROW(wn->scratch, wn->scratch_allocated, n + 1) < 0)
                        return -ENOMEM;
                Pat *p = wn->scratch + n++;
                p->c = v[k].c;
                switch (v[k].kind) {
                case SHELL_STAR:
                        p->kind = P_STAR;
                        break;
                case SHELL_QMARK:
                        p->kind = P_ONE;
                        break;
                case SHELL_EXPAND:
                        p->kind = P_EXP;
                        p->dot = !v[k].arith; /* $((...)): digits, never a leading dot */
                        p->digits = v[k].arith;
                        break;
                case SHELL_EXTGLOB:
                        p->kind = P_EXT;
                        p->dot = v[k].quoted;
                        break;
                case SHELL_CLASS: {
                        size_t e = bracket(wn, v, k, b, p->bits);
                        p->kind = e ? P_SET : P_BYTE;
                        k = e ? e : k;
                        break;
                }
                default:
                        p->kind = P_BYTE;
                }
        }
        *ret_n = n;
        return 0;
}

static bool is_star(const Pat *p) {
        return p->kind == P_STAR || p->kind == P_EXP || p->kind == P_EXT;
}

static bool one_matches(const Pat *p, uint8_t c) {
        return (p->kind == P_BYTE && same_byte(p->c, c)) || p->kind == P_ONE ||
               (p->kind == P_SET && (((p->bits[c / 8] >> (c % 8)) & 1) ||
                                     ((p->bits[other_case(c) / 8] >> (other_case(c) % 8)) & 1)));
}

/* Does the glob p[0..n) match the name s whole, as bash's pathname
 * expansion does: a leading dot only by a '.' (or an expansion, or an
 * extglob holding one), unless dotglob? */
static bool glob_match_fast(WordNames *wn, const Pat *p, size_t n, const char *s, bool dotglob);

/* glob_match again, a $((...))'s star taking digits and '-' alone (the
 * fast match takes it as any star's: more, never less): a table of which
 * pattern suffix matches which name suffix. */
static bool glob_match(WordNames *wn, const Pat *p, size_t n, const char *s, bool dotglob) {
        if (!glob_match_fast(wn, p, n, s, dotglob))
                return false;
        bool digits = false;
        for (size_t k = 0; k < n && !digits; k++)
                digits = p[k].kind == P_EXP && p[k].digits;
        size_t len = strlen(s);
        if (!digits || !step(wn, n * (len + 1)))
                return true;
        _cleanup_free_ bool *m = calloc((n + 1) * (len + 1), sizeof *m);
        if (!m)
                return true; /* unknown: matched, to be safe */
#define M(pi, si) m[(pi) * (len + 1) + (si)]
        M(n, len) = true;
        for (size_t pi = n; pi-- > 0;)
                for (size_t si = len + 1; si-- > 0;) {
                        const Pat *q = &p[pi];
                        if (is_star(q)) {
                                bool ok = q->kind != P_EXP || !q->digits ||
                                          (si < len && ((s[si] >= '0' && s[si] <= '9') || s[si] == '-'));
                                M(pi, si) = M(pi + 1, si) || (si < len && ok && M(pi, si + 1));
                        } else
                                M(pi, si) = si < len && one_matches(q, (uint8_t) s[si]) && M(pi + 1, si + 1);
                }
        bool r = M(0, 0);
#undef M
        return r;
}

static bool glob_match_fast(WordNames *wn, const Pat *p, size_t n, const char *s, bool dotglob) {
        size_t pi = 0, si = 0, star_p = SIZE_MAX, star_s = 0, len = strlen(s);
        if (!dotglob && len > 0 && s[0] == '.' && n > 0 &&
            (p[0].kind == P_STAR || p[0].kind == P_ONE || p[0].kind == P_SET ||
             ((p[0].kind == P_EXT || p[0].kind == P_EXP) && !p[0].dot)))
                return false;
        while (si < len && step(wn, 1)) {
                if (pi < n && is_star(&p[pi])) {
                        star_p = pi++;
                        star_s = si;
                        continue;
                }
                if (pi < n && one_matches(&p[pi], (uint8_t) s[si])) {
                        pi++;
                        si++;
                        continue;
                }
                if (star_p == SIZE_MAX)
                        return false;
                pi = star_p + 1;
                si = ++star_s;
        }
        while (pi < n && is_star(&p[pi]))
                pi++;
        return si == len && pi == n;
}

/* Is p[0..n) a glob: a wildcard, or an expansion beside a byte (.e$@nv,
 * ${x:-.e}nv: it may be empty, or anything); an expansion alone ($HOME)
 * names nothing by itself. */
static bool is_glob(const Pat *p, size_t n) {
        bool exp = false, byte = false;
        for (size_t k = 0; k < n; k++) {
                if (p[k].kind == P_ONE || p[k].kind == P_STAR || p[k].kind == P_SET || p[k].kind == P_EXT)
                        return true;
                exp = exp || p[k].kind == P_EXP;
                byte = byte || p[k].kind == P_BYTE;
        }
        return exp && byte;
}

/* ---- what one expansion of a word names ---- */

static bool alnum_byte(const ShellItem *it) {
        return is_byte(it) && ((it->c >= 'a' && it->c <= 'z') || (it->c >= 'A' && it->c <= 'Z') ||
                               (it->c >= '0' && it->c <= '9'));
}

/* v[..p) ends in a short option whose argument is attached: "-f" in
 * "-f.env", letters and digits after one '-' (xargs -0a.env), from the
 * word's start (raw: a text's words, from a blank or an operator's byte). */
static bool short_option_before(const ShellItem *v, size_t p, bool raw) {
        size_t k = p;
        while (k > 0 && alnum_byte(&v[k - 1]))
                k--;
        if (k == p || k == 0 || !is_byte(&v[k - 1]) || v[k - 1].c != '-')
                return false;
        return k == 1 || (raw && is_byte(&v[k - 2]) && strchr(" \t\n;&|()<>", v[k - 2].c) && v[k - 2].c);
}

/* Can it sit next to a secret's name without ending it: a name's byte, or
 * a wildcard (*.env is a glob, judged as one: it matches x.env, not .env). */
static bool item_name_byte(const ShellItem *it) {
        return (is_byte(it) && name_byte(it->c)) || it->kind == SHELL_STAR || it->kind == SHELL_QMARK ||
               it->kind == SHELL_EXTGLOB;
}

/* At v[q..n), a code point that folds to ASCII letters (case-fold.h)
 * whose letters start s[0..len) in either case: the items it takes in
 * *ret_used and the letters in *ret_got. Bytes from $'\u017f' or '\xc5'
 * escapes are such items too, which the line's own folding (command.c)
 * cannot see. */
static bool special_holds(const ShellItem *v, size_t q, size_t n, const char *s, size_t len,
                          size_t *ret_used, size_t *ret_got) {
        char buf[4];
        size_t m = 0;
        while (m < sizeof buf && q + m < n && is_byte(&v[q + m])) {
                buf[m] = (char) v[q + m].c;
                m++;
        }
        const char *ascii;
        size_t used = case_fold_special(buf, m, &ascii), got = used ? strlen(ascii) : 0;
        if (!used || got > len)
                return false;
        for (size_t i = 0; i < got; i++)
                if (!same_byte((uint8_t) ascii[i], (uint8_t) s[i]))
                        return false;
        *ret_used = used;
        *ret_got = got;
        return true;
}

/* Does v[0..n) hold s whole, between non-name bytes (an expansion is one:
 * it may be empty, or end in '/')? A name written as it is opens the file
 * of that name: in either case where the filesystem folds (fold,
 * case-fold.h: ASCII letters, and the code points that fold to them),
 * else only in its own. */
static bool holds(WordNames *wn, const ShellItem *v, size_t n, const char *s, size_t len, bool raw,
                  bool fold) {
        /* A code point's bytes are never fewer than its letters: the name
         * needs len items at least. */
        for (size_t p = 0; p + len <= n; p++) {
                size_t k = 0, q = p, used, got;
                while (k < len && q < n && is_byte(&v[q])) {
                        if (fold ? same_byte(v[q].c, (uint8_t) s[k]) : v[q].c == (uint8_t) s[k]) {
                                q++;
                                k++;
                        } else if (fold && v[q].c >= 0xc3 &&
                                   special_holds(v, q, n, s + k, len - k, &used, &got)) {
                                q += used;
                                k += got;
                        } else
                                break;
                }
                if (!step(wn, q - p + 1))
                        return false;
                if (k == len && (p == 0 || !item_name_byte(&v[p - 1]) || short_option_before(v, p, raw)) &&
                    (q == n || !item_name_byte(&v[q])))
                        return true;
        }
        return false;
}

/* Does the glob p[0..np), a path component, name s: match it whole, or
 * have a piece between bytes no name holds (--include=*nv, HEAD:.e*) that
 * a program matching it itself (fnmatch, git's pathspecs: a leading dot
 * like any byte) takes to name s? raw: the text is bash's to read, not the
 * lexer's: dotglob on. Sets named[i] or named_dot[i] (only with dotglob). */
static void glob_names(WordNames *wn, const Pat *p, size_t np, size_t i, bool raw) {
        const char *s = wn->names[i];
        if (is_glob(p, np)) {
                if (glob_match(wn, p, np, s, raw)) {
                        wn->named[i] = true;
                        return;
                }
                if (!raw && glob_match(wn, p, np, s, true))
                        wn->named_dot[i] = true;
        }
        for (size_t c = 0; c < np;) { /* its pieces, when it has more than one */
                size_t d = c;
                while (d < np && !(p[d].kind == P_BYTE && !name_byte(p[d].c)))
                        d++;
                if ((c > 0 || d < np) && d > c && is_glob(p + c, d - c) &&
                    glob_match(wn, p + c, d - c, s, true)) {
                        wn->named[i] = true;
                        return;
                }
                c = d + 1;
        }
}

/* One brace expansion of a word, v[0..n), judged against every name: does
 * it hold the name whole, or have a path component that is a glob naming
 * it? */
static int judge(WordNames *wn, const ShellItem *v, size_t n, bool raw) {
        for (size_t i = 0; i < wn->n && step(wn, 1); i++)
                if (!wn->named[i] && wn->names[i][0] &&
                    holds(wn, v, n, wn->names[i], strlen(wn->names[i]), raw, wn->fold && wn->fold[i]))
                        wn->named[i] = true;
        for (size_t a = 0; a < n && !wn->spent;) {
                size_t b = a, np = 0;
                bool special = false;
                for (; b < n && !(is_byte(&v[b]) && v[b].c == '/'); b++)
                        special = special || !is_byte(&v[b]);
                if (special) { /* only a glob or an expansion can name more */
                        int r = compile(wn, v, a, b, &np);
                        if (r < 0)
                                return r;
                        for (size_t i = 0; i < wn->n && np > 0 && !wn->spent; i++)
                                if (!wn->named[i] && wn->names[i][0])
                                        glob_names(wn, wn->scratch, np, i, raw);
                }
                a = b + 1;
        }
        return 0;
}

/* ---- brace expansion ---- */

/* The first brace expression of v[0..n): the leftmost '{' whose '}' (by
 * level) closes a list with a ',' at its level, or a sequence ({a..z}):
 * its '{' and '}' in *ret_a, *ret_b, and whether a sequence. One pass, a
 * stack of the '{'s open: a '{' no '}' closes costs no walk to the end.
 * 0 found, 1 none, -ENOMEM. */
static int first_braces(WordNames *wn, const ShellItem *v, size_t n, size_t *ret_a, size_t *ret_b,
                        bool *ret_seq) {
        typedef struct Open {
                size_t at, commas;
                bool dots;
        } Open;
        _cleanup_free_ Open *open = NULL;
        size_t n_open = 0, allocated = 0, best = SIZE_MAX;
        for (size_t k = 0; k < n && step(wn, 1); k++) {
                if (v[k].kind == SHELL_BOPEN) {
                        if (ARRAY_GROW(open, allocated, n_open + 1) < 0)
                                return -ENOMEM;
                        open[n_open++] = (Open){.at = k};
                } else if (v[k].kind == SHELL_BCOMMA && n_open > 0) {
                        open[n_open - 1].commas++;
                } else if (is_byte(&v[k]) && v[k].c == '.' && k > 0 && is_byte(&v[k - 1]) &&
                           v[k - 1].c == '.' && n_open > 0) {
                        open[n_open - 1].dots = true;
                } else if (v[k].kind == SHELL_BCLOSE && n_open > 0) {
                        Open o = open[--n_open];
                        if ((o.commas > 0 || o.dots) && o.at < best) {
                                best = o.at;
                                *ret_a = o.at;
                                *ret_b = k;
                                *ret_seq = o.commas == 0;
                        }
                }
        }
        return best == SIZE_MAX ? 1 : 0;
}

/* Each brace expansion of v[0..n) judged, as bash expands them: the first
 * brace expression's alternatives, each expanded again; a sequence any
 * text, to be safe ({+../} holds a '.'); braces no expression takes are
 * bytes. */
static int expand(WordNames *wn, const ShellItem *v, size_t n, bool raw, int depth) {
        size_t a = 0, b = 0;
        bool seq = false;
        if (depth > BRACE_DEPTH_MAX)
                wn->spent = true;
        if (wn->spent)
                return 0;
        int r = first_braces(wn, v, n, &a, &b, &seq);
        if (r < 0)
                return r;
        if (r == 0 && !wn->spent) {
                _cleanup_free_ ShellItem *alt = malloc((n + 1) * sizeof *alt);
                if (!alt)
                        return -ENOMEM;
                memcpy(alt, v, a * sizeof *v);
                if (seq) {
                        alt[a] = (ShellItem){.kind = SHELL_EXPAND};
                        memcpy(alt + a + 1, v + b + 1, (n - b - 1) * sizeof *v);
                        return step(wn, COPY_COST * n) ? expand(wn, alt, n - (b - a), raw, depth + 1) : 0;
                }
                for (size_t start = a + 1, k = a + 1, d = 0; k <= b && !wn->spent; k++) {
                        if (v[k].kind == SHELL_BOPEN)
                                d++;
                        else if (v[k].kind == SHELL_BCLOSE && d > 0 && k < b)
                                d--;
                        else if ((v[k].kind == SHELL_BCOMMA && d == 0) || k == b) {
                                size_t m = a + (k - start);
                                memcpy(alt + a, v + start, (k - start) * sizeof *v);
                                memcpy(alt + m, v + b + 1, (n - b - 1) * sizeof *v);
                                m += n - b - 1;
                                if ((r = step(wn, COPY_COST * m) ? expand(wn, alt, m, raw, depth + 1) : 0) <
                                    0)
                                        return r;
                                start = k + 1;
                        }
                }
                return 0;
        }
        return wn->spent ? 0 : judge(wn, v, n, raw);
}

/* ---- the line ---- */

/* Does the word hold a name that turns dotglob on (shopt -s dotglob,
 * GLOBIGNORE=..., BASHOPTS=... for a shell it starts)? Anywhere in the
 * line, before the glob or not: a little more than bash, never less. */
static bool turns_dotglob(const ShellWord *w) {
        static const char *const keys[] = {"dotglob", "GLOBIGNORE", "BASHOPTS"};
        for (size_t p = 0; p < w->n; p++)
                for (size_t i = 0; i < ELEMENTSOF(keys); i++) {
                        size_t k = 0, len = strlen(keys[i]);
                        while (k < len && p + k < w->n && is_byte(&w->v[p + k]) &&
                               w->v[p + k].c == keys[i][k])
                                k++;
                        if (k == len)
                                return true;
                }
        return false;
}

/* Does the word start with the plain, unquoted-or-not bytes s? */
static bool starts(const ShellWord *w, const char *s, bool whole) {
        size_t len = strlen(s);
        if (w->n < len || (whole && w->n != len))
                return false;
        for (size_t k = 0; k < len; k++)
                if (!is_byte(&w->v[k]) || w->v[k].c != (uint8_t) s[k])
                        return false;
        return true;
}

bool word_option_takes_next(const char *program, const char *option) {
        static const struct {
                const char *program, *letters;
        } shorts[] = {{"grep", "efABCmdD"},    {"egrep", "efABCmdD"},
                      {"fgrep", "efABCmdD"},   {"rg", "efgtTmABCEjMr"},
                      {"ag", "efgGABCm"},      {"ack", "fABCm"},
                      {"tar", "fCTXbgKNLVIH"}, {"bsdtar", "fCTXbgKNLVIH"},
                      {"rsync", "efBTM"},      {"zip", "bntP"},
                      {"du", "BdXt"},          {"diff", "CDFIUWxX"}};
        static const char *const long_flags[] = {"--hidden",
                                                 "--no-ignore",
                                                 "--recursive",
                                                 "--archive",
                                                 "--verbose",
                                                 "--line-number",
                                                 "--ignore-case",
                                                 "--files-with-matches",
                                                 "--count",
                                                 "--delete",
                                                 "--dry-run",
                                                 "--progress",
                                                 "--gzip",
                                                 "--create",
                                                 "--extract",
                                                 "--list",
                                                 "--null",
                                                 "--fixed-strings",
                                                 "--word-regexp",
                                                 "--invert-match",
                                                 "--with-filename",
                                                 "--no-filename",
                                                 "--quiet",
                                                 "--follow",
                                                 "--smart-case",
                                                 "--json",
                                                 "--vimgrep",
                                                 "--no-messages",
                                                 "--dereference",
                                                 "--summarize",
                                                 "--human-readable",
                                                 "--brief",
                                                 "--unified",
                                                 "--new-file",
                                                 NULL};
        if (option[0] != '-' || !option[1])
                return false;
        if (option[1] == '-') {
                if (strchr(option, '='))
                        return false;
                for (const char *const *f = long_flags; *f; f++)
                        if (strcmp(option, *f) == 0)
                                return false;
                return true;
        }
        for (size_t i = 0; i < sizeof shorts / sizeof *shorts; i++)
                if (strcmp(program, shorts[i].program) == 0)
                        return strchr(shorts[i].letters, option[strlen(option) - 1]) != NULL;
        return true;
}

/* The word's text when it is all plain bytes (buf, n bytes), else NULL. */
static const char *plain_text(const ShellWord *w, char *buf, size_t n) {
        if (w->n >= n)
                return NULL;
        for (size_t k = 0; k < w->n; k++) {
                if (!is_byte(&w->v[k]) || w->v[k].c == 0)
                        return NULL;
                buf[k] = (char) w->v[k].c;
        }
        buf[w->n] = 0;
        return buf;
}

/* --exclude=NAME, --exclude-dir NAME (grep, rg, tar, rsync, ...): a
 * pattern of names left out, never a file opened; its name is data. */
static bool exclusion(const ShellLexed *l, size_t i) {
        static const char *const programs[] = {"grep", "egrep",  "fgrep", "rg", "ag",   "ack",
                                               "tar",  "bsdtar", "rsync", "du", "diff", NULL};
        const ShellWord *w = &l->v[i].w;
        bool value =
                i > 0 && l->v[i - 1].kind == SHELL_TOKEN_WORD &&
                (starts(&l->v[i - 1].w, "--exclude", true) || starts(&l->v[i - 1].w, "--exclude-dir", true));
        if (!value && !starts(w, "--exclude=", false) && !starts(w, "--exclude-dir=", false))
                return false;
        /* --exclude in a word of its own is an option only when the word
         * before it takes no value (grep -e --exclude .env, tar --exclude
         * --exclude .env: the second is a file) */
        char before[256], prog[64];
        const char *b = value && i >= 2 && l->v[i - 2].kind == SHELL_TOKEN_WORD
                                ? plain_text(&l->v[i - 2].w, before, sizeof before)
                                : NULL;
        if (value && !b)
                return false;
        /* an option of such a program, the command's first word, not an
         * operand after its -- (cat -- --exclude .env) nor a script's
         * (python3 x.py grep --exclude .env) */
        size_t j = i;
        while (j > 0 && l->v[j - 1].kind == SHELL_TOKEN_WORD) {
                if (starts(&l->v[--j].w, "--", true))
                        return false;
        }
        for (const char *const *p = programs; j < i && *p; p++)
                if (starts(&l->v[j].w, *p, true)) {
                        snprintf(prog, sizeof prog, "%s", *p);
                        return !value || i - 2 == j || !word_option_takes_next(prog, b);
                }
        return false;
}

static bool programs_is_assignment_word(const ShellWord *w) {
        size_t k = 0;
        while (k < w->n && is_byte(&w->v[k]) && shell_is_ident((char) w->v[k].c))
                k++;
        return k > 0 && k < w->n && (w->v[k].c == '=' || w->v[k].c == '+' || w->v[k].c == '[');
}

/* Is the for or select at l->v[i] a loop over globs alone (for f in
 * src/STAR.c): its variable holds names that exist, and ${f%.c}.o is the
 * everyday way to name an output (1)? A literal word (.ex) it may make any
 * name of (31i 13): 0. Read unquoted, it splits a name into others: 2. */
static int loop_over_globs(const ShellLexed *l, size_t i) {
        size_t k = i + 2;
        if (k >= l->n || l->v[k].kind != SHELL_TOKEN_WORD || !starts(&l->v[k].w, "in", true))
                return false;
        bool any = false;
        for (k++; k < l->n && l->v[k].kind == SHELL_TOKEN_WORD; k++) {
                const ShellWord *w = &l->v[k].w;
                bool glob = false;
                for (size_t m = 0; m < w->n; m++) {
                        if (w->v[m].kind == SHELL_EXPAND || w->v[m].kind == SHELL_BOPEN)
                                return false;
                        glob = glob || w->v[m].kind == SHELL_STAR || w->v[m].kind == SHELL_QMARK ||
                               w->v[m].kind == SHELL_CLASS;
                }
                if (!glob)
                        return 0;
                any = true;
        }
        if (!any)
                return 0;
        /* $f unquoted splits a name it holds and globs the pieces (a file
         * 'x .env .c' of src's *.c is x, .env, .c): names made when it runs */
        char var[64];
        const ShellWord *v = &l->v[i + 1].w;
        if (v->n == 0 || v->n >= sizeof var)
                return 2;
        for (size_t m = 0; m < v->n; m++)
                var[m] = (char) v->v[m].c;
        var[v->n] = 0;
        for (; k < l->n; k++) {
                const ShellWord *w = &l->v[k].w;
                if (l->v[k].kind != SHELL_TOKEN_WORD)
                        continue;
                for (size_t m = 0; m < w->n; m++)
                        if (w->v[m].kind == SHELL_EXPAND && !w->v[m].quoted && !w->v[m].nested &&
                            (!w->param[0] || streq(w->param, var)))
                                return 2;
        }
        return 1;
}

/* NAME=(WORD...) from l->v[i], its words with no expansion and none an
 * index ([1]=x): its elements are those words, each judged where it
 * stands, as a plain assignment's value is. */
static bool array_as_written(const ShellLexed *l, size_t i) {
        for (; i < l->n && l->v[i].kind == SHELL_TOKEN_WORD; i++) {
                const ShellWord *w = &l->v[i].w;
                if (w->expansion || w->substitution || w->n == 0 ||
                    (w->v[0].kind == SHELL_LIT && w->v[0].c == '[') || w->v[0].kind == SHELL_CLASS)
                        return false;
        }
        return i < l->n && l->v[i].kind == SHELL_TOKEN_OP && streq(l->v[i].op, ")");
}

/* How the line sets variables a later word expands: 1 a plain NAME=
 * assignment (for's, select's, ${NAME:=...}'s), 2 one that builds a value
 * in pieces or changes it as it is set (NAME+=, NAME=(...), printf -v,
 * read, IFS=, mapfile, getopts, declare -l/-u/-c/-n). */
static int line_sets(const ShellLexed *l) {
        static const char *const setters[] = {"printf", "read", "mapfile", "readarray", "getopts", NULL};
        static const char *const declarers[] = {"declare", "typeset", "local", "export", "readonly", NULL};
        int sets = 0;
        for (size_t i = 0; i < l->n; i++) {
                const ShellWord *w = &l->v[i].w;
                if (l->v[i].kind == SHELL_TOKEN_WORD && w->assigns && sets < 1)
                        sets = 1;
                int globs = l->v[i].kind == SHELL_TOKEN_WORD &&
                                            (starts(w, "for", true) || starts(w, "select", true))
                                    ? loop_over_globs(l, i)
                                    : -1;
                if (globs == 0 && sets < 1)
                        sets = 1; /* for x in .ex; do cat ${x/x/nv} */
                if (globs == 2)
                        sets = 2; /* for f in src/STAR.c; do cat $f */
                for (const char *const *p = declarers; l->v[i].kind == SHELL_TOKEN_WORD && *p; p++)
                        if (starts(w, *p, true) && i + 1 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD &&
                            l->v[i + 1].w.n >= 2 && l->v[i + 1].w.v[0].c == '-')
                                for (size_t k = 1; k < l->v[i + 1].w.n; k++)
                                        if (strchr("lucn", l->v[i + 1].w.v[k].c))
                                                sets = 2; /* declare -l x=.ENV: lower case when set */
                if (l->v[i].kind != SHELL_TOKEN_WORD || w->n == 0 || !is_byte(&w->v[0]) ||
                    !shell_is_ident_start((char) w->v[0].c))
                        continue;
                size_t k = 0;
                while (k < w->n && is_byte(&w->v[k]) && shell_is_ident((char) w->v[k].c))
                        k++;
                for (const char *const *p = setters; *p; p++)
                        if (starts(w, *p, true))
                                sets = 2;
                bool plus = k < w->n && w->v[k].c == '+', array = k < w->n && w->v[k].c == '[';
                size_t eq = k + plus;
                if (eq < w->n && w->v[eq].c == '=' && !w->v[eq].quoted) {
                        bool pieces =
                                plus || starts(w, "IFS=", false) ||
                                (i + 1 < l->n && eq + 1 == w->n && l->v[i + 1].kind == SHELL_TOKEN_OP &&
                                 streq(l->v[i + 1].op, "(") && !array_as_written(l, i + 2));
                        sets = pieces ? 2 : sets > 1 ? sets : 1;
                } else if (array) {
                        sets = 2; /* a[0]=x */
                }
        }
        return sets;
}

/* A word computed from the line's own variables: any expansion in it
 * (pieces), or (a plain assignment) two or one with an operator
 * (${a[0]}${a[1]}, ${x/x/e}, ${x:3}), or a value bash makes from the line
 * (${_,,}, $BASH_REMATCH: the lexer's c 2). Its name is unknown: any. An
 * arithmetic expansion is none: its value is digits, whatever the
 * variables hold (what evaluating them runs is command-reread.c's). */
static bool computed(const ShellWord *w, int sets) {
        size_t n_exp = 0;
        bool op = false;
        for (size_t k = 0; k < w->n; k++)
                if (w->v[k].kind == SHELL_EXPAND && !w->v[k].arith) {
                        if (w->v[k].c == 2)
                                return true; /* ${_,,}, $BASH_REMATCH: set by the line as it runs */
                        n_exp++;
                        op = op || w->v[k].c == 0;
                }
        if (w->substitution || n_exp == 0 || sets == 0)
                return false;
        return sets > 1 || n_exp > 1 || op;
}

static int text_names(const char *s, size_t n, int depth, WordNames *wn);

void word_case_patterns(const ShellLexed *l, bool *pattern) {
        enum { SUBJECT, IN, PATTERN, BODY };
        int stack[16], top = -1;
        for (size_t i = 0; i < l->n; i++) {
                const ShellToken *t = &l->v[i];
                bool word = t->kind == SHELL_TOKEN_WORD && !t->w.quoted, op = t->kind == SHELL_TOKEN_OP;
                int *st = top >= 0 ? &stack[top] : NULL;
                if (word && starts(&t->w, "case", true) && (!st || *st == BODY) && top + 1 < 16) {
                        stack[++top] = SUBJECT;
                        continue;
                }
                if (!st)
                        continue;
                if (*st == SUBJECT && t->kind == SHELL_TOKEN_WORD)
                        *st = IN;
                else if (*st == IN && word && starts(&t->w, "in", true))
                        *st = PATTERN;
                else if (*st == PATTERN && t->kind == SHELL_TOKEN_WORD && starts(&t->w, "esac", true) &&
                         !t->w.quoted)
                        top--;
                else if (*st == PATTERN && t->kind == SHELL_TOKEN_WORD)
                        pattern[i] = true;
                else if (*st == PATTERN && op && streq(t->op, ")"))
                        *st = BODY;
                else if (*st == BODY && op &&
                         (streq(t->op, ";;") || streq(t->op, ";&") || streq(t->op, ";;&")))
                        *st = PATTERN;
                else if (*st == BODY && word && starts(&t->w, "esac", true))
                        top--;
        }
}

int word_names_lexed(const ShellLexed *l, int depth, WordNames *wn) {
        _cleanup_free_ bool *pattern = calloc(l->n + 1, sizeof *pattern);
        if (!pattern)
                return -ENOMEM;
        word_case_patterns(l, pattern);
        /* a nested text sees the variables the text around it sets, and
         * what echo prints there is a word of that text (x=.e; y=nv; cat
         * "$(echo "$x$y")") */
        int sets = line_sets(l), around = wn->sets;
        sets = sets > around ? sets : around;
        for (size_t i = 0; i < l->n && !wn->spent; i++) {
                const ShellWord *w = &l->v[i].w;
                if (l->v[i].kind != SHELL_TOKEN_WORD || exclusion(l, i) || pattern[i])
                        continue;
                /* for i in "${!a[@]}": an array's keys, digits or the words the
                 * line gave them (judged where they stand), no name made */
                bool for_word = false;
                for (size_t k = i; k >= 3 && !for_word && l->v[k - 1].kind == SHELL_TOKEN_WORD; k--)
                        for_word = starts(&l->v[k - 1].w, "in", true) && !l->v[k - 1].w.quoted &&
                                   l->v[k - 3].kind == SHELL_TOKEN_WORD && !l->v[k - 3].w.quoted &&
                                   (starts(&l->v[k - 3].w, "for", true) ||
                                    starts(&l->v[k - 3].w, "select", true));
                for_word = for_word && w->n == 1 && w->v[0].kind == SHELL_EXPAND && w->v[0].keys;
                /* case WORD in: compared with patterns, never opened */
                bool subject = i > 0 && l->v[i - 1].kind == SHELL_TOKEN_WORD && !l->v[i - 1].w.quoted &&
                               starts(&l->v[i - 1].w, "case", true) && i + 1 < l->n &&
                               l->v[i + 1].kind == SHELL_TOKEN_WORD && starts(&l->v[i + 1].w, "in", true);
                /* : prints nothing and opens nothing, in a substitution too (a
                 * $((...))'s expansions are nested as its words) */
                size_t c = i;
                while (c > 0 && l->v[c - 1].kind == SHELL_TOKEN_WORD)
                        c--;
                bool colon = c < i && starts(&l->v[c].w, ":", true) && !l->v[c].w.quoted;
                if (computed(w, sets) && !programs_is_assignment_word(w) && !subject && !for_word &&
                    !colon && (depth > 0 || !word_names_only(l, i)))
                        for (size_t k = 0; k < wn->n; k++)
                                wn->named[k] = wn->named[k] || wn->names[k][0];
                wn->dotglob = wn->dotglob || turns_dotglob(w);
                int r = expand(wn, w->v, w->n, false, 0);
                if (r < 0)
                        return r;
        }
        wn->sets = sets;
        for (size_t i = 0; i < l->n_nested && !wn->spent; i++) {
                int r = text_names(l->nested[i], strlen(l->nested[i]), depth + 1, wn);
                if (r < 0) {
                        wn->sets = around;
                        return r;
                }
        }
        wn->sets = around;
        return 0;
}

int word_names_raw(const char *s, size_t n, WordNames *wn) {
        ShellWord w = {0};
        int r = 0;
        for (size_t i = 0; i < n && r >= 0; i++)
                if (s[i] != '\'' && s[i] != '"' && s[i] != '\\')
                        r = shell_word_put(&w,
                                           s[i] == '*'   ? SHELL_STAR
                                           : s[i] == '?' ? SHELL_QMARK
                                                         : SHELL_LIT,
                                           (uint8_t) s[i]);
        bool close = false; /* a '[' before a ']': maybe a bracket */
        for (size_t k = w.n; r >= 0 && k-- > 0;) {
                close = close || w.v[k].c == ']';
                if (w.v[k].c == '[' && close)
                        w.v[k].kind = SHELL_CLASS;
        }
        if (r >= 0) {
                wn->dotglob = wn->dotglob || turns_dotglob(&w);
                r = judge(wn, w.v, w.n, true);
        }
        shell_word_done(&w);
        return r;
}

/* A nested text (a substitution's, mostly): what its heredocs' bodies
 * hold may be printed, and so become words of the line around it
 * (x=$(cat <<'E' ... E); cat "$x"): their names count as written. */
static int body_names(const char *s, size_t n, WordNames *wn) {
        _cleanup_free_ ShellHeredoc *h = NULL;
        size_t jn, n_h = 0;
        _cleanup_free_ char *j = shell_join_heredocs(s, n, &jn, &h, &n_h);
        int r = j ? 0 : -ENOMEM;
        for (size_t i = 0; r >= 0 && i < n_h; i++)
                r = word_names_raw(j + h[i].body, h[i].end - h[i].body, wn);
        return r;
}

bool word_text_dotglob(const char *s, size_t n) {
        static const char *const keys[] = {"dotglob", "GLOBIGNORE", "BASHOPTS", NULL};
        _cleanup_free_ char *d = malloc(n + 1);
        size_t m = 0;
        if (!d)
                return true;
        for (size_t i = 0; i < n; i++)
                if (!strchr("'\"\\", s[i]))
                        d[m++] = s[i];
        for (const char *const *k = keys; *k; k++)
                if (memmem(d, m, *k, strlen(*k)))
                        return true;
        return false;
}

static int text_names(const char *s, size_t n, int depth, WordNames *wn) {
        ShellLexed l = {0};
        /* past the bound: unread, so every secret counts (31j 22: read as
         * raw text, ${x:-.env} hid its .env behind the '-') */
        if (depth > NESTING_MAX) {
                wn->deep = true;
                return 0;
        }
        int r = shell_lex(s, n, &l);
        if (r == -EINVAL)
                r = word_names_raw(s, n, wn);
        else if (r >= 0 && (r = word_names_lexed(&l, depth, wn)) >= 0)
                r = body_names(s, n, wn);
        shell_lexed_done(&l);
        return r;
}

void word_names_done(WordNames *wn) {
        for (size_t i = 0; i < wn->n; i++)
                wn->named[i] = wn->named[i] || (wn->dotglob && wn->named_dot[i]);
        free(wn->scratch);
        wn->scratch = NULL;
        wn->scratch_allocated = 0;
}
