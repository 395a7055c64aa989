/* SPDX-License-Identifier: MIT */
/*
 * Commands that only print or test the names in their words (word-names.h):
 * echo, printf, ls, test, ... A name a word computes from the line's
 * values is data there, unless what they print goes on to a file or a
 * program that may open it: their own redirect or pipe, a printer's after
 * it (| tr -d ' ' | xargs cat), or a compound's around them ((echo $x) >
 * f). It reads the lexer's tokens; it does not judge a name.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "shell-lex.h"
#include "util.h"
#include "word-names.h"

/* As word-names.c's: a byte of a word (a brace's too), and a word that is s. */
static bool is_byte(const ShellItem *it) {
        return it->kind == SHELL_LIT || it->kind == SHELL_BOPEN || it->kind == SHELL_BCOMMA ||
               it->kind == SHELL_BCLOSE;
}

static bool starts(const ShellWord *w, const char *s, bool whole) {
        size_t len = strlen(s);
        if (w->n < len || (whole && w->n != len))
                return false;
        for (size_t k = 0; k < len; k++)
                if (!is_byte(&w->v[k]) || w->v[k].c != (uint8_t) s[k])
                        return false;
        return true;
}

static bool is_assignment_word(const ShellWord *w) {
        size_t k = 0;
        while (k < w->n && is_byte(&w->v[k]) && shell_is_ident((char) w->v[k].c))
                k++;
        return k > 0 && k < w->n && (w->v[k].c == '=' || w->v[k].c == '+' || w->v[k].c == '[');
}

/* Does the output of what stands before l->v[e] (a redirect's or pipe's
 * position) go on to a file or a pipe into a program that may open it
 * (| head and the like only print it)? */
static bool output_goes_on(const ShellLexed *l, size_t e) {
        static const char *const printers[] = {"head", "tail", "sort", "uniq", "wc",
                                               "tr",   "grep", "cut",  NULL};
        /* a printer's own output goes on too (| tr -d ' ' | xargs cat) */
        for (;;) {
                for (; e < l->n && l->v[e].kind != SHELL_TOKEN_OP && l->v[e].kind != SHELL_TOKEN_NEWLINE;
                     e++)
                        if (l->v[e].kind == SHELL_TOKEN_REDIR && strchr(l->v[e].op, '>') &&
                            l->v[e].fd != 2 && !(e + 1 < l->n && starts(&l->v[e + 1].w, "/dev/null", true)))
                                return true;
                bool pipe = e < l->n && l->v[e].kind == SHELL_TOKEN_OP &&
                            (streq(l->v[e].op, "|") || streq(l->v[e].op, "|&"));
                bool printer = false;
                for (const char *const *p = printers; pipe && e + 1 < l->n && *p && !printer; p++)
                        printer = l->v[e + 1].kind == SHELL_TOKEN_WORD && starts(&l->v[e + 1].w, *p, true);
                if (!pipe || !printer)
                        return pipe;
                e++;
        }
}

/* A reserved word at l->v[i], where a command starts (a word after an
 * operator, a line's end or another reserved word). */
static bool keyword_at(const ShellLexed *l, size_t i, const char *const *kws) {
        static const char *const before[] = {"do", "then",  "else",  "elif", "{", "!",
                                             "if", "while", "until", "time", NULL};
        const ShellToken *t = &l->v[i];
        if (t->kind != SHELL_TOKEN_WORD || t->w.quoted)
                return false;
        bool found = false;
        for (const char *const *k = kws; *k && !found; k++)
                found = starts(&t->w, *k, true);
        if (!found || i == 0)
                return found;
        const ShellToken *p = &l->v[i - 1];
        if (p->kind == SHELL_TOKEN_OP || p->kind == SHELL_TOKEN_NEWLINE)
                return true;
        for (const char *const *k = before; p->kind == SHELL_TOKEN_WORD && *k; k++)
                if (starts(&p->w, *k, true) && !p->w.quoted)
                        return true;
        return false;
}

#define COMPOUND_SCAN_MAX 4096

/* Does the output of a compound around l->v[i] go on ((echo $x) | xargs
 * cat, { printf %s $x; } > f)? Each closer past the ones opened after i
 * is one around it (a case pattern's ')' counts too: more are asked, never
 * fewer). */
static bool compound_output_goes_on(const ShellLexed *l, size_t i) {
        static const char *const openers[] = {"{", "do", "if", "case", NULL};
        static const char *const closers[] = {"}", "done", "fi", "esac", NULL};
        long depth = 0, low = 0;
        for (size_t e = i + 1; e < l->n; e++) {
                if (e - i > COMPOUND_SCAN_MAX)
                        return true; /* past what is read for each word: as if it did */
                const ShellToken *t = &l->v[e];
                bool open = (t->kind == SHELL_TOKEN_OP && streq(t->op, "(")) || keyword_at(l, e, openers);
                bool close = (t->kind == SHELL_TOKEN_OP && streq(t->op, ")")) || keyword_at(l, e, closers);
                depth += open ? 1 : close ? -1 : 0;
                if (close && depth < low) {
                        low = depth;
                        if (output_goes_on(l, e + 1))
                                return true;
                }
        }
        return false;
}

/* Is the word an argument of a command that only prints or tests names
 * (echo ${x:-2}, ls ${d}/x)? */
bool word_names_only(const ShellLexed *l, size_t i) {
        static const char *const names_only[] = {"echo", "printf", "ls", "test", "[", "[[",
                                                 ":",    "true",   "cd", "stat", NULL};
        size_t j = i;
        /* read's here-string (IFS=. read -r a b <<< "$v"): data into its
         * variables, judged where they are used */
        if (i > 0 && l->v[i - 1].kind == SHELL_TOKEN_REDIR && streq(l->v[i - 1].op, "<<<")) {
                size_t k = i - 1;
                while (k > 0 && (l->v[k - 1].kind == SHELL_TOKEN_WORD ||
                                 (k > 1 && l->v[k - 2].kind == SHELL_TOKEN_REDIR)))
                        k--;
                while (k < i - 1 && l->v[k].kind == SHELL_TOKEN_WORD && is_assignment_word(&l->v[k].w))
                        k++;
                return k < i - 1 && l->v[k].kind == SHELL_TOKEN_WORD &&
                       (starts(&l->v[k].w, "read", true) || starts(&l->v[k].w, "mapfile", true) ||
                        starts(&l->v[k].w, "readarray", true));
        }
        while (j > 0 && l->v[j - 1].kind == SHELL_TOKEN_WORD)
                j--;
        /* for ...; do echo "$i: ${a[$i]}"; done: the reserved words before it */
        static const char *const reserved[] = {"do", "then", "else",  "elif",  "{",
                                               "!",  "if",   "while", "until", NULL};
        static const char *const loops[] = {"for", "select", "while", "until", NULL};
        static const char *const reads[] = {"while", "until", NULL};
        while (j < i && keyword_at(l, j, reserved)) {
                /* a while loop's body: what it reads (read -u N of a descriptor
                 * the line did not open) is the recogniser's to judge */
                size_t k = j;
                while (starts(&l->v[j].w, "do", true) && k > 0 && !keyword_at(l, k - 1, loops))
                        k--;
                if (starts(&l->v[j].w, "do", true) && (k == 0 || keyword_at(l, k - 1, reads)))
                        return false;
                j++;
        }
        /* echo's words are its output: not data when that goes on to a
         * file or a pipe into a program that may open it (x=.e; y=nv;
         * echo "$x$y" | xargs cat), its own or a compound's around it */
        for (const char *const *p = names_only; j < i && *p; p++)
                if (starts(&l->v[j].w, *p, true))
                        return !((streq(*p, "echo") || streq(*p, "printf")) &&
                                 (output_goes_on(l, i + 1) || compound_output_goes_on(l, i)));
        return false;
}
