/* SPDX-License-Identifier: MIT */
/*
 * A for loop over plain words, written out (command-internal.h): for f in
 * src tests; do ls "$f" | wc -l; done is { ls src | wc -l; ls tests | wc -l; },
 * each word judged as written where the loop's variable stood. Only where
 * that is what bash runs: each word plain text of bytes no quoting, word
 * splitting or globbing changes, or a glob of * and ? whose variable is
 * read only in double quotes ("$f" for the glob *.c is ""*.c"", out of
 * them); the variable read only as $f or ${f} (never in single quotes,
 * an operator's ${f%x}, an assignment, read, eval, IFS, an indirection;
 * no case, whose pattern may be a done), and not named outside its loop.
 * Anything else is left as written, for the rule to judge as it did. It
 * must not judge: command.c runs the rule on what it writes.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "shell-lex.h"
#include "util.h"

#define FORWORDS_WORDS 16          /* words of one loop written out */
#define FORWORDS_LOOPS 16          /* loops written out in one line */
#define FORWORDS_TEXT (32u * 1024) /* the longest line written out */

/* A word whose bytes are the same in any place of a line: no quote,
 * blank, glob, expansion, brace, '~', '=' or reserved word. */
static bool plain_value(const char *s) {
        static const char *const reserved[] = {"if",   "then", "else",   "elif",   "fi",       "case",
                                               "esac", "for",  "while",  "until",  "do",       "done",
                                               "in",   "time", "coproc", "select", "function", NULL};
        if (!s[0] || streq_any(s, reserved))
                return false;
        for (const char *q = s; *q; q++)
                if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') ||
                      strchr("._/:@%,+-", *q)))
                        return false;
        return true;
}

/* A glob word of a name's bytes and * or ? (*.py, app/x?.py), its text into
 * buf: 1; 0 when it holds no glob; -1 when it holds another (a class, an
 * extglob) or a quoted byte. */
static int glob_value(const ShellWord *w, char buf[256]) {
        bool glob = false;
        if (w->n >= 256 || w->quoted)
                return w->n >= 256 ? -1 : 0;
        for (size_t i = 0; i < w->n; i++) {
                const ShellItem *it = &w->v[i];
                if (it->kind == SHELL_STAR || it->kind == SHELL_QMARK) {
                        glob = true;
                        buf[i] = it->kind == SHELL_STAR ? '*' : '?';
                } else if (it->kind == SHELL_LIT &&
                           ((it->c >= 'a' && it->c <= 'z') || (it->c >= 'A' && it->c <= 'Z') ||
                            (it->c >= '0' && it->c <= '9') || strchr("._/-", it->c)) &&
                           it->c)
                        buf[i] = (char) it->c;
                else
                        return it->kind == SHELL_LIT ? (glob ? -1 : 0) : -1;
        }
        buf[w->n] = 0;
        return glob ? 1 : 0;
}

static bool is_ident(char c) {
        return shell_is_ident(c);
}

/* Is s[at] the start of the word w standing alone (its neighbours none of
 * a name's or a path's bytes)? */
static bool word_at(const char *s, size_t n, size_t at, const char *w) {
        size_t len = strlen(w);
        if (at + len > n || memcmp(s + at, w, len) != 0)
                return false;
        bool before = at == 0 || !(is_ident(s[at - 1]) || strchr("./-", s[at - 1]));
        bool after = at + len == n || !(is_ident(s[at + len]) || strchr("./-", s[at + len]));
        return before && after;
}

static bool has_word(const char *s, size_t n, const char *w) {
        for (size_t i = 0; i < n; i++)
                if (word_at(s, n, i, w))
                        return true;
        return false;
}

/* Does s[0..n) hold var as a name of its own (not part of a longer one)? */
static bool names_var(const char *s, size_t n, const char *var) {
        size_t len = strlen(var);
        for (size_t i = 0; i + len <= n; i++)
                if (memcmp(s + i, var, len) == 0 && (i == 0 || !is_ident(s[i - 1])) &&
                    (i + len == n || !is_ident(s[i + len])))
                        return true;
        return false;
}

/* Where the body reads the variable: [from, to) of $var or ${var}. */
typedef struct Use {
        size_t from, to;
        bool quoted; /* in double quotes: "$f", "$(ls "$f")" */
} Use;

/* The body's $var and ${var} into uses (at most max): their number, or -1
 * when one is in single quotes, in another's ${...}, or where this scan
 * cannot follow bash's quoting (a backquote, $'...', an unclosed quote). */
static int body_uses(const char *s, size_t n, const char *var, Use *uses, size_t max) {
        enum { TOP, DQ };
        int mode[32], paren[32];
        size_t depth = 0, k = 0, len = strlen(var);
        mode[0] = TOP, paren[0] = 0;
        for (size_t i = 0; i < n; i++) {
                char c = s[i];
                if (c == '`')
                        return -1;
                if (c == '\\') {
                        i++;
                        continue;
                }
                if (mode[depth] == TOP && c == '\'') {
                        const char *e = memchr(s + i + 1, '\'', n - i - 1);
                        if (!e)
                                return -1;
                        for (const char *q = s + i + 1; q < e; q++)
                                if (*q == '$' && names_var(q + 1, (size_t) (e - q - 1), var))
                                        return -1; /* '$f' */
                        i = (size_t) (e - s);
                        continue;
                }
                if (c == '"') {
                        if (mode[depth] == DQ) {
                                depth--;
                                continue;
                        }
                        if (depth + 1 >= ELEMENTSOF(mode))
                                return -1;
                        mode[++depth] = DQ, paren[depth] = 0;
                        continue;
                }
                if (mode[depth] == TOP && c == '(') {
                        paren[depth]++;
                        continue;
                }
                if (mode[depth] == TOP && c == ')') {
                        if (paren[depth] > 0) {
                                paren[depth]--;
                                continue;
                        }
                        if (depth == 0)
                                return -1;
                        depth--; /* the end of a $( */
                        continue;
                }
                if (c != '$' || i + 1 >= n)
                        continue;
                if (i > 0 && s[i - 1] == '~')
                        return -1; /* ~$f: bash's tilde is not the word's */
                char d = s[i + 1];
                if (d == '\'')
                        return -1;
                if (d == '(') {
                        if (depth + 1 >= ELEMENTSOF(mode))
                                return -1;
                        mode[++depth] = TOP, paren[depth] = 0;
                        i++;
                        continue;
                }
                if (d == '{') {
                        const char *e = memchr(s + i + 2, '}', n - i - 2);
                        if (!e)
                                return -1;
                        size_t in = (size_t) (e - s) - (i + 2);
                        if (in == len && memcmp(s + i + 2, var, len) == 0) {
                                if (k == max)
                                        return -1;
                                uses[k++] = (Use){i, (size_t) (e - s) + 1, mode[depth] == DQ};
                        } else if (memchr(s + i + 2, '\'', in) || memchr(s + i + 2, '"', in) ||
                                   memchr(s + i + 2, '\\', in) || memchr(s + i + 2, '`', in) ||
                                   memchr(s + i + 2, '{', in) || memmem(s + i + 2, in, "$(", 2) ||
                                   names_var(s + i + 2, in, var))
                                return -1; /* ${f%.c}, ${#f}, ${x:-$f}, or a ${ this scan cannot read */
                        i = (size_t) (e - s);
                        continue;
                }
                if (d == '$') {
                        i++;
                        continue;
                }
                if (!shell_is_ident_start(d))
                        continue;
                size_t e = i + 1;
                while (e < n && is_ident(s[e]))
                        e++;
                if (e - i - 1 == len && memcmp(s + i + 1, var, len) == 0) {
                        if (k == max)
                                return -1;
                        uses[k++] = (Use){i, e, mode[depth] == DQ};
                }
                i = e - 1;
        }
        return depth == 0 && paren[0] == 0 ? (int) k : -1;
}

/* Is every other place the body names var one that neither sets nor
 * reads it (a printf's %d, an escape's \n, an option's -f), or reads it
 * as a number ($((t * 2)), *ret_arith)? */
static bool only_used(const char *s, size_t n, const char *var, const Use *uses, size_t k, bool *ret_arith) {
        size_t len = strlen(var);
        for (size_t i = 0; i + len <= n; i++) {
                if (memcmp(s + i, var, len) != 0 || (i > 0 && is_ident(s[i - 1])) ||
                    (i + len < n && is_ident(s[i + len])))
                        continue;
                bool used = false;
                for (size_t u = 0; u < k && !used; u++)
                        used = i >= uses[u].from && i < uses[u].to;
                if (used)
                        continue;
                char before = i > 0 ? s[i - 1] : ' ', after = i + len < n ? s[i + len] : ' ';
                bool twice = i > 1 && s[i - 2] == before && strchr("+-", before); /* --f, ++f */
                bool arith = i >= 3 && memcmp(s + i - 3, "$((", 3) == 0;          /* $((t * 2)): read */
                if ((!strchr("%\\-", before) && !arith) || twice || strchr("=+-[", after))
                        return false; /* f=x, read f, (( f++ )), {f}>x */
                *ret_arith = *ret_arith || arith;
        }
        return true;
}

/* The loop at token f of l (in text s, n bytes) written out into *ret
 * (malloc'd): 1, 0 when it is not one to write out, -ENOMEM. */
static int write_out(const char *s, size_t n, const ShellLexed *l, size_t f, char **ret) {
        static const char *const sets[] = {"IFS",       "eval",     "declare", "typeset", "local",
                                           "export",    "readonly", "unset",   "read",    "mapfile",
                                           "readarray", "getopts",  "let",     "wait",    "source",
                                           "shopt",     "set",      "trap",    "enable",  "alias",
                                           "select",    "coproc",   "compgen", "case",    NULL};
        char buf[256], var[64];
        const char *values[FORWORDS_WORDS];
        bool glob[FORWORDS_WORDS];
        char value_buf[FORWORDS_WORDS][256];
        size_t nv = 0, i = f + 1;
        bool globs = false;
        const ShellToken *t = i < l->n ? &l->v[i] : NULL;
        if (t && t->kind == SHELL_TOKEN_OP && streq(t->op, "((")) {
                /* for ((i=A; i<=B; i++)): the numbers A to B */
                long a, b;
                int at = 0;
                char cmp[3] = "", again[64], again2[64];
                const char *h = s + t->from;
                if (sscanf(h, "(( %63[a-z_0-9] = %ld ; %63[a-z_0-9] %2[<=] %ld ; %63[a-z_0-9] ++ )) %n", var,
                           &a, again, cmp, &b, again2, &at) != 6 ||
                    at == 0 || !streq(var, again) || !streq(var, again2) || !shell_is_ident_start(var[0]) ||
                    !(streq(cmp, "<") || streq(cmp, "<=")))
                        return 0;
                b -= streq(cmp, "<");
                if (a < 0 || b > 99999 || b - a + 1 > FORWORDS_WORDS || b < a)
                        return 0;
                for (long x = a; x <= b; x++, nv++) {
                        snprintf(value_buf[nv], sizeof value_buf[nv], "%ld", x);
                        values[nv] = value_buf[nv];
                        glob[nv] = false;
                }
                size_t past = t->from + (size_t) at; /* the text after ))'s blanks */
                for (i = f + 2; i < l->n && l->v[i].from < past; i++)
                        ;
                if (i < l->n && l->v[i].kind == SHELL_TOKEN_OP && streq(l->v[i].op, ";"))
                        i++;
                while (i < l->n && l->v[i].kind == SHELL_TOKEN_NEWLINE)
                        i++;
                if (i >= l->n || !recog_keyword(&l->v[i], "do") || l->v[i].from < past)
                        return 0;
                goto body;
        }
        const char *name =
                t && t->kind == SHELL_TOKEN_WORD && !t->w.quoted ? recog_literal(&t->w, buf) : NULL;
        if (!name || strlen(name) >= sizeof var || !shell_is_ident_start(name[0]) || streq(name, "_"))
                return 0;
        for (const char *q = name; *q; q++)
                if (!is_ident(*q) || (*q >= 'A' && *q <= 'Z'))
                        return 0; /* PATH, IFS, BASH_ENV: what runs changes */
        snprintf(var, sizeof var, "%s", name);
        if (++i >= l->n || !recog_keyword(&l->v[i], "in"))
                return 0;
        for (i++; i < l->n && l->v[i].kind == SHELL_TOKEN_WORD; i++) {
                const ShellWord *w = &l->v[i].w;
                if (w->n == 1 && w->v[0].kind == SHELL_EXPAND && w->v[0].nested && !w->v[0].quoted &&
                    w->v[0].nested <= l->n_nested) {
                        /* $(seq 1 5): the numbers it prints */
                        long a = 1, b = 0;
                        char tail = 0;
                        const char *txt = l->nested[w->v[0].nested - 1];
                        if (!(sscanf(txt, "seq %ld %ld%c", &a, &b, &tail) == 2 ||
                              (a = 1, sscanf(txt, "seq %ld%c", &b, &tail) == 1)) ||
                            strspn(txt, "seq 0123456789") != strlen(txt) || a < 0 || b > 99999 ||
                            b - a + 1 > (long) (FORWORDS_WORDS - nv))
                                return 0;
                        for (long x = a; x <= b; x++, nv++) {
                                snprintf(value_buf[nv], sizeof value_buf[nv], "%ld", x);
                                values[nv] = value_buf[nv];
                                glob[nv] = false;
                        }
                        continue;
                }
                if (nv == FORWORDS_WORDS || w->expansion || w->substitution || recog_has_brace(w))
                        return 0;
                int g = glob_value(w, value_buf[nv]);
                if (g < 0 || (g == 0 && !(recog_literal(w, value_buf[nv]) && plain_value(value_buf[nv]))))
                        return 0;
                globs = globs || g > 0;
                glob[nv] = g > 0;
                values[nv] = value_buf[nv];
                nv++;
        }
        if (nv == 0 || i >= l->n ||
            !(l->v[i].kind == SHELL_TOKEN_NEWLINE ||
              (l->v[i].kind == SHELL_TOKEN_OP && streq(l->v[i].op, ";"))))
                return 0;
        while (++i < l->n && l->v[i].kind == SHELL_TOKEN_NEWLINE)
                ;
        if (i >= l->n || !recog_keyword(&l->v[i], "do"))
                return 0;
body:;
        size_t first = i + 1, d = SIZE_MAX;
        for (size_t k = first, nest = 1; k < l->n && d == SIZE_MAX; k++) {
                if (!compound_simple_start(l, k))
                        continue;
                if (recog_keyword(&l->v[k], "do"))
                        nest++;
                else if (recog_keyword(&l->v[k], "done") && --nest == 0)
                        d = k;
        }
        if (d == SIZE_MAX)
                return 0;
        size_t last = d;
        while (last > first && (l->v[last - 1].kind == SHELL_TOKEN_NEWLINE ||
                                (l->v[last - 1].kind == SHELL_TOKEN_OP && streq(l->v[last - 1].op, ";"))))
                last--;
        if (last <= first || l->v[last - 1].kind != SHELL_TOKEN_WORD)
                return 0; /* empty, or ending in & or a redirect */
        const char *body = s + l->v[first].from;
        size_t bn = l->v[last - 1].to - l->v[first].from;
        /* the variable named nowhere but in the loop's body: not set or
         * read before it, nor read after it (its last word) */
        size_t from = l->v[f].from, to = l->v[d].to;
        if (names_var(s, from, var) || names_var(s + to, n - to, var))
                return 0;
        if (memmem(body, bn, "<<", 2) || memmem(body, bn, "${!", 3) || memmem(body, bn, "$'", 2))
                return 0;
        /* anywhere in the line: IFS=a splits a.env into .env where $f stood;
         * an alias expands a word written out but not one expanded; shopt
         * changes what a glob makes */
        /* each as written and with the quotes and backslashes bash removes
         * (pr""intf -vf, s\et, "ev"al: 31u 4) */
        _cleanup_free_ char *plain = malloc(n + 1);
        if (!plain)
                return -ENOMEM;
        size_t pn = 0;
        for (size_t b = 0; b < n; b++)
                if (!strchr("\"'\\", s[b]))
                        plain[pn++] = s[b];
        for (int pass = 0; pass < 2; pass++) {
                const char *tx = pass ? plain : s;
                size_t tn = pass ? pn : n;
                if (memmem(tx, tn, "IFS", 3) || has_word(tx, tn, "alias") || has_word(tx, tn, "shopt") ||
                    has_word(tx, tn, "eval") || has_word(tx, tn, "set") || memmem(tx, tn, "BASH_", 5))
                        return 0;
                /* in the whole line: a variable set by a name it computes (declare
                 * "$(printf '\\x49FS')=a") may be IFS or the loop's */
                for (size_t k = 0; sets[k]; k++)
                        if (has_word(tx, tn, sets[k]))
                                return 0;
                if (has_word(tx, tn, "printf") && memmem(tx, tn, "-v", 2))
                        return 0;
        }
        if (word_at(body, bn, 0, "."))
                return 0;
        for (size_t k = 0; k + 2 < bn; k++)
                if (strchr(";&|({\n", body[k]) && body[k + 1] == ' ' && body[k + 2] == '.' &&
                    (k + 3 == bn || body[k + 3] == ' '))
                        return 0; /* . FILE */
        Use uses[64];
        int k = body_uses(body, bn, var, uses, ELEMENTSOF(uses));
        bool arith = false;
        if (k < 0 || !only_used(body, bn, var, uses, (size_t) k, &arith))
                return 0;
        /* $((t * 2)) reads t's value as arithmetic, a name there read in turn
         * (x='a[$(cat .env)]'; t=x): numbers only */
        for (size_t v = 0; arith && v < nv; v++)
                if (strspn(values[v], "0123456789") != strlen(values[v]))
                        return 0;
        /* a name a glob made, unquoted, is split and globbed again (a file
         * 'x .env .c' of *.c); a cd moves where the glob looks */
        for (int u = 0; globs && u < k; u++)
                if (!uses[u].quoted)
                        return 0;
        if (globs && (has_word(body, bn, "cd") || has_word(body, bn, "pushd") || has_word(body, bn, "popd")))
                return 0;
        /* { BODY(w1); BODY(w2); ... } in the loop's place */
        size_t bodies = 0;
        for (size_t v = 0; v < nv; v++)
                bodies += bn + 3 + (size_t) k * (strlen(values[v]) + 2);
        size_t total = from + 4 + bodies + (n - to);
        if (total > FORWORDS_TEXT)
                return 0;
        _cleanup_free_ char *out = malloc(total + 1);
        if (!out)
                return -ENOMEM;
        size_t at = 0;
        memcpy(out, s, from);
        at = from;
        memcpy(out + at, "{ ", 2);
        at += 2;
        for (size_t v = 0; v < nv; v++) {
                size_t p = 0, vl = strlen(values[v]);
                for (int u = 0; u < k; u++) {
                        memcpy(out + at, body + p, uses[u].from - p);
                        at += uses[u].from - p;
                        if (glob[v]) /* "x$f" is "x"*.c"": the glob out of the quotes */
                                out[at++] = '"';
                        memcpy(out + at, values[v], vl);
                        at += vl;
                        if (glob[v])
                                out[at++] = '"';
                        p = uses[u].to;
                }
                memcpy(out + at, body + p, bn - p);
                at += bn - p;
                memcpy(out + at, "; ", 2);
                at += 2;
        }
        out[at++] = '}';
        memcpy(out + at, s + to, n - to);
        at += n - to;
        out[at] = 0;
        *ret = TAKE_PTR(out);
        return 1;
}

int forwords_write_out(const char *cmd, size_t n, char **ret) {
        _cleanup_free_ char *text = shell_join_lines(cmd, n, &n);
        int done = 0;
        if (!text)
                return -ENOMEM;
        while (done < FORWORDS_LOOPS) {
                _cleanup_(shell_lexed_done) ShellLexed l = {0};
                int r = shell_lex(text, n, &l);
                if (r == -EINVAL)
                        break;
                if (r < 0)
                        return r;
                char *out = NULL; /* the first loop that can be, each pass */
                for (size_t i = 0; i < l.n && !out; i++) {
                        if (!recog_keyword(&l.v[i], "for") || !compound_simple_start(&l, i))
                                continue;
                        r = write_out(text, n, &l, i, &out);
                        if (r < 0)
                                return r;
                }
                if (!out)
                        break;
                free(text);
                text = out;
                n = strlen(text);
                done++;
        }
        if (done == 0)
                return 0;
        *ret = TAKE_PTR(text);
        return 1;
}
