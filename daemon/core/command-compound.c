/* SPDX-License-Identifier: MIT */
/*
 * The commands a compound stage runs (command-internal.h): a group's,
 * a subshell's, an if, while, for or case's body, or the body of a
 * function the line defines, as tokens of the line. It must not judge
 * what they print: command-pipeline.c does.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

bool compound_word_is(const ShellWord *w, const char *s) {
        size_t n = strlen(s);
        if (w->quoted || w->n != n)
                return false;
        for (size_t i = 0; i < n; i++)
                if ((w->v[i].kind != SHELL_LIT && w->v[i].kind != SHELL_BOPEN &&
                     w->v[i].kind != SHELL_BCLOSE) ||
                    w->v[i].c != (unsigned char) s[i])
                        return false;
        return true;
}

bool compound_command_start(const ShellLexed *l, size_t i) {
        /* back over the reserved words before it, at most KEYWORDS_MAX
         * (programs_lexed refuses a line with more in a row) */
        for (size_t k = 0; i > 0 && k <= KEYWORDS_MAX; i--, k++) {
                const ShellToken *p = &l->v[i - 1];
                if (p->kind == SHELL_TOKEN_OP || p->kind == SHELL_TOKEN_NEWLINE)
                        return true;
                if (p->kind != SHELL_TOKEN_WORD || !programs_keyword(&p->w))
                        return false;
        }
        return true;
}

bool compound_simple_start(const ShellLexed *l, size_t i) {
        static const char *const lead[] = {"do", "then", "else", "{", "!", NULL};
        for (; i > 0; i--) {
                const ShellToken *t = &l->v[i - 1];
                if (t->kind == SHELL_TOKEN_NEWLINE || t->kind == SHELL_TOKEN_OP)
                        return true;
                bool led = false;
                for (size_t k = 0; lead[k] && !led; k++)
                        led = recog_keyword(t, lead[k]);
                if (!led)
                        return false;
        }
        return true;
}

bool compound_keywords_bounded(const ShellLexed *l) {
        size_t run = 0;
        for (size_t i = 0; i < l->n && run <= KEYWORDS_MAX; i++)
                run = l->v[i].kind == SHELL_TOKEN_WORD && programs_keyword(&l->v[i].w) ? run + 1 : 0;
        return run <= KEYWORDS_MAX;
}

/* Is token i the word s, or the operator s when op? */
static bool token_is(const ShellLexed *l, size_t i, const char *s, bool op) {
        const ShellToken *t = &l->v[i];
        if (op)
                return t->kind == SHELL_TOKEN_OP && streq(t->op, s);
        return t->kind == SHELL_TOKEN_WORD && compound_word_is(&t->w, s) && compound_command_start(l, i);
}

/* The openers a closer at token i pairs with: 1 with *open, *op set. */
static bool closer_kind(const ShellLexed *l, size_t i, const char *const **open, const char **close,
                        bool *op) {
        static const char *const brace[] = {"{", NULL}, *const paren[] = {"(", NULL},
                                 *const fi[] = {"if", NULL},
                                 *const loop[] = {"while", "until", "for", "select", NULL},
                                 *const esac[] = {"case", NULL};
        static const struct {
                const char *close;
                const char *const *open;
                bool op;
        } kinds[] = {{"}", brace, false},
                     {")", paren, true},
                     {"fi", fi, false},
                     {"done", loop, false},
                     {"esac", esac, false}};
        for (size_t k = 0; k < ELEMENTSOF(kinds); k++)
                if (kinds[k].op ? token_is(l, i, kinds[k].close, true)
                                : l->v[i].kind == SHELL_TOKEN_WORD &&
                                          compound_word_is(&l->v[i].w, kinds[k].close)) {
                        *open = kinds[k].open, *close = kinds[k].close, *op = kinds[k].op;
                        return true;
                }
        return false;
}

/* The body [*from, *to) the closer at token c closes: the tokens after
 * its opener, or every token before it when none pairs (a case's pattern
 * a ')': more, never fewer). */
static void closed_body(const ShellLexed *l, size_t c, size_t *from, size_t *to) {
        const char *const *open, *close;
        bool op;
        *from = 0, *to = c;
        if (!closer_kind(l, c, &open, &close, &op))
                return;
        for (size_t i = c, depth = 1; i-- > 0;) {
                bool opens = false;
                for (size_t k = 0; open[k] && !opens; k++)
                        opens = token_is(l, i, open[k], op);
                depth += token_is(l, i, close, op) && (op || compound_command_start(l, i));
                depth -= opens;
                if (depth == 0) {
                        *from = i + 1;
                        return;
                }
        }
}

/* The body of the function name defined anywhere in the line (name ()
 * BODY, function name [()] BODY; a loop runs a call before the definition
 * again), the last one, not the call at token at: true with [*from, *to). */
static bool function_body(const ShellLexed *l, const char *name, size_t at, size_t *from, size_t *to) {
        bool found = false;
        for (size_t i = 0; i + 1 < l->n; i++) {
                if (i == at || l->v[i].kind != SHELL_TOKEN_WORD || !programs_word_is(&l->v[i].w, name))
                        continue;
                bool keyword = i > 0 && token_is(l, i - 1, "function", false);
                size_t b = i + 1;
                if (b + 1 < l->n && token_is(l, b, "(", true) && token_is(l, b + 1, ")", true))
                        b += 2;
                else if (!keyword)
                        continue;
                while (b < l->n && l->v[b].kind == SHELL_TOKEN_NEWLINE)
                        b++;
                if (b >= l->n)
                        continue;
                /* the compound that is its body: to its closer (the first at depth 0) */
                bool paren = token_is(l, b, "(", true), brace = token_is(l, b, "{", false);
                size_t e = l->n;
                for (size_t k = b + 1, depth = 1; k < l->n && (paren || brace); k++) {
                        depth += paren ? token_is(l, k, "(", true) : token_is(l, k, "{", false);
                        depth -= paren ? token_is(l, k, ")", true)
                                       : l->v[k].kind == SHELL_TOKEN_WORD &&
                                                 compound_word_is(&l->v[k].w, "}") &&
                                                 compound_command_start(l, k);
                        if (depth == 0) {
                                e = k;
                                break;
                        }
                }
                *from = paren || brace ? b + 1 : b, *to = e;
                found = true;
        }
        return found;
}

bool compound_defines(const ShellLexed *l, const char *name) {
        size_t from, to;
        return function_body(l, name, SIZE_MAX, &from, &to);
}

/* The function the command line s (eval's words joined, a shell's -c
 * string) calls, malloc'd into *ret: its first word when s is one simple
 * command (*whole set), or a function the line defines among its words
 * when s is more (f | tr Q i: its output not the body's alone). 1, 0 for
 * none, -ENOMEM. */
static int called(const ShellLexed *l, const char *s, char **ret, bool *whole) {
        _cleanup_(shell_lexed_done) ShellLexed c = {0};
        int r = shell_lex(s, strlen(s), &c);
        if (r < 0)
                return r == -ENOMEM ? r : 0;
        size_t words = 0, first = SIZE_MAX;
        for (size_t i = 0; i < c.n; i++)
                if (c.v[i].kind == SHELL_TOKEN_WORD) {
                        first = first == SIZE_MAX ? i : first;
                        words++;
                }
        *whole = words > 0 && c.n_nested == 0;
        for (size_t i = 0; i < c.n && *whole; i++)
                *whole = c.v[i].kind == SHELL_TOKEN_WORD || c.v[i].kind == SHELL_TOKEN_NEWLINE;
        char buf[256];
        for (size_t i = *whole ? first : 0; i < c.n; i++) {
                const char *p =
                        c.v[i].kind == SHELL_TOKEN_WORD ? programs_plain(&c.v[i].w, buf, sizeof buf) : NULL;
                if (p && (*whole || compound_defines(l, p))) {
                        *ret = strdup(p);
                        return *ret ? 1 : -ENOMEM;
                }
                if (*whole)
                        break;
        }
        return 0;
}

bool compound_body(const Line *ln, const Stage *st, const char *name, size_t *from, size_t *to,
                   bool *whole) {
        const ShellLexed *l = ln->lexed;
        *whole = true;
        if (!l || l->n == 0)
                return false;
        if (st->led && st->n == 0) {
                closed_body(l, (size_t) (st->led - l->v), from, to);
                return true;
        }
        size_t k = scripts_program_at(st->w, st->n);
        if (!name || k >= st->n)
                return false;
        /* eval A B... (its words joined, past a --), bash [options] -c S
         * (export -f NAME): a command line the stage runs, the function
         * it calls */
        size_t s = SIZE_MAX;
        if (streq(name, "eval"))
                s = k + 1 + (k + 2 < st->n && programs_word_is(st->w[k + 1], "--"));
        else if (programs_is_shell(name))
                s = programs_shell_c(st->w, st->n, k + 1);
        _cleanup_free_ char *text = NULL, *called_name = NULL;
        if (s < st->n) {
                char buf[256];
                for (size_t a = s; a < (streq(name, "eval") ? st->n : s + 1); a++)
                        if (!programs_plain(st->w[a], buf, sizeof buf))
                                return false;
                text = streq(name, "eval") ? programs_joined(st->w, st->n, s) : programs_word_text(st->w[s]);
                if (!text || called(l, text, &called_name, whole) <= 0)
                        return false;
                name = called_name;
        }
        const ShellToken *t =
                (const ShellToken *) (const void *) ((const char *) st->w[k] - offsetof(ShellToken, w));
        /* a call from a text the line nests (sh <(f)), or from a string: no token of the line */
        bool inside = !text && t >= l->v && t < l->v + l->n;
        return function_body(l, name, inside ? (size_t) (t - l->v) : SIZE_MAX, from, to);
}

const ShellToken *compound_paren(const ShellToken *t) {
        return t && t->kind == SHELL_TOKEN_OP && streq(t->op, ")") ? t : NULL;
}

int compound_array(const ShellLexed *l, size_t *i, Stage *st, size_t max, size_t *used) {
        static ShellItem colon_item = {.kind = SHELL_LIT, .c = ':'};
        static const ShellWord colon = {.v = &colon_item, .n = 1};
        size_t k = *i;
        const ShellWord *w = &l->v[k].w;
        bool array = programs_is_assignment(w) && w->v[w->n - 1].kind == SHELL_LIT &&
                     w->v[w->n - 1].c == '=' && k + 1 < l->n && l->v[k + 1].kind == SHELL_TOKEN_OP &&
                     streq(l->v[k + 1].op, "(");
        if (st->n == max)
                return -E2BIG;
        /* NAME= leading: a command that runs none (declare -a NAME=(...) keeps it) */
        st->w[st->n] = array && st->n == 0 ? &colon : w;
        st->n++;
        (*used)++;
        for (k += 2; array && k < l->n; k++) {
                const ShellToken *e = &l->v[k];
                if (e->kind == SHELL_TOKEN_OP && streq(e->op, ")")) {
                        *i = k;
                        return 0;
                }
                if (e->kind == SHELL_TOKEN_NEWLINE)
                        continue;
                if (e->kind != SHELL_TOKEN_WORD || st->n == max)
                        return -E2BIG;
                st->w[st->n++] = &e->w;
                (*used)++;
        }
        return array ? -E2BIG : 0; /* no ')': not read */
}
