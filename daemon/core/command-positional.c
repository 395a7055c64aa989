/* SPDX-License-Identifier: MIT */
/*
 * Where a shell or xargs makes a name when it runs (command-internal.h):
 * positional parameters joined ($1$2) or changed (${1,,}, ${@:1:1}, a
 * brace among the operands), and xargs -I's input put inside a word. It
 * must not lex, nor run the rule: its callers in command-programs.c do.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

static bool name_char(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
               c == '_' || c == '-' || c == '/' || (unsigned char) c >= 0x80;
}

/* Does s join a positional parameter to another or to a name's letters
 * ($1$2, .e$1, ${1}nv)? A name is then made when it runs; "$@" and "$1"
 * alone hand on names as given. */
bool positional_joined(const char *s) {
        const char *prev_end = NULL;
        for (const char *p = s; (p = strchr(p, '$'));) {
                const char *e = NULL;
                if (p[1] >= '0' && p[1] <= '9')
                        e = p + 2;
                else if (p[1] == '@' || p[1] == '*')
                        e = p + 2;
                else if (p[1] == '{' && ((p[2] >= '0' && p[2] <= '9') || p[2] == '@' || p[2] == '*'))
                        e = strchr(p, '}') ? strchr(p, '}') + 1 : NULL;
                if (!e) {
                        p++;
                        continue;
                }
                bool before = p > s && (name_char(p[-1]) || p == prev_end);
                if (before || name_char(*e) || *e == '$')
                        return true;
                prev_end = e;
                p = e;
        }
        return false;
}

/* Would the word's text, put in a string where $1 stands, be read there
 * as more than data? A quote or an escape ends the string's own quotes
 * (sh -c 'echo "$1"; git log -p; echo "$2"' _ 'a"' 'b"' hid git log -p in
 * one of echo's words), an operator or a # starts a command or a comment,
 * a $ or a backquote expands, and a brace with , or .. makes more words:
 * bash reads none of them in a parameter's value. */
static bool word_unsafe(const ShellWord *w) {
        bool brace = false, list = false;
        for (size_t k = 0; k < w->n; k++) {
                const ShellItem *it = &w->v[k];
                uint8_t c = it->c;
                if (it->kind != SHELL_LIT && it->kind != SHELL_BOPEN && it->kind != SHELL_BCLOSE &&
                    it->kind != SHELL_BCOMMA)
                        continue;
                if (c < 0x20 || c == 0x7f || strchr("'\"\\`$;&|<>()#!", c))
                        return true;
                brace = brace || c == '{' || c == '}';
                list = list || c == ',' || (c == '.' && k + 1 < w->n && w->v[k + 1].c == '.');
        }
        return brace && list;
}

/* Does s use positional parameter k: $k (one digit), ${k}, or all of
 * them ($@, $*, ${@...}, ${*...}, and ${#...} or ${!...}, read as all)? */
static bool uses_number(const char *s, size_t k) {
        for (const char *p = strchr(s, '$'); p; p = strchr(p + 1, '$')) {
                const char *q = p + 1 + (p[1] == '{');
                if ((k > 0 && (*q == '@' || *q == '*')) || (p[1] == '{' && (*q == '#' || *q == '!')))
                        return true;
                if (*q < '0' || *q > '9')
                        continue;
                size_t v = (size_t) (*q - '0');
                while (p[1] == '{' && q[1] >= '0' && q[1] <= '9' && v < 100000)
                        v = v * 10 + (size_t) (*++q - '0');
                if (v == k)
                        return true;
        }
        return false;
}

/* Does s, its quotes and escapes gone, name IFS? Then an unquoted $1 is
 * split where bash splits it, not where the word's text is: IFS=x; cat $1
 * for .envx is cat .env. */
static bool names_ifs(const char *s) {
        _cleanup_free_ char *t = strdup(s);
        if (!t)
                return true;
        size_t m = 0;
        for (const char *p = s; *p; p++)
                if (*p != '\'' && *p != '"' && *p != '\\')
                        t[m++] = *p;
        t[m] = 0;
        return strstr(t, "IFS") != NULL;
}

bool positional_unsafe(const char *s, const ShellWord *const *args, size_t n_args, size_t first) {
        if (positional_transformed(s, args, n_args))
                return true;
        for (size_t i = 0; i < n_args; i++)
                if ((word_unsafe(args[i]) || names_ifs(s)) && uses_number(s, first + i))
                        return true;
        return false;
}

/* Does s change the positional parameters as it expands them (an operator
 * in ${1...}, ${@:...}, BASH_ARGV), or does a brace among the operands
 * (.e{,} nv) move their numbers? Then what $1$2 name is not the words'. */
bool positional_transformed(const char *s, const ShellWord *const *args, size_t n_args) {
        for (size_t i = 0; i < n_args; i++) { /* {a,b} or {1..3}: more words; {} is one */
                bool open = false, dots = false;
                for (size_t k = 0; k < args[i]->n; k++) {
                        const ShellItem *it = &args[i]->v[k];
                        if (it->kind == SHELL_BCOMMA)
                                return true;
                        open = open || it->kind == SHELL_BOPEN;
                        dots = dots ||
                               (open && it->kind == SHELL_LIT && it->c == '.' && k + 1 < args[i]->n &&
                                args[i]->v[k + 1].kind == SHELL_LIT && args[i]->v[k + 1].c == '.');
                        if (it->kind == SHELL_BCLOSE && dots)
                                return true;
                }
        }
        if (strstr(s, "BASH_ARGV"))
                return true;
        for (const char *p = strstr(s, "${"); p; p = strstr(p + 2, "${")) {
                const char *q = p + 2;
                if (!((*q >= '0' && *q <= '9') || *q == '@' || *q == '*' || *q == '#' || *q == '!'))
                        continue;
                if (*q == '!')
                        return true; /* ${!1}: indirection */
                if (*q == '@' || *q == '*' || *q == '#')
                        q++;
                else
                        while (*q >= '0' && *q <= '9')
                                q++;
                if (*q != '}')
                        return true;
        }
        return false;
}

/* xargs -I R (-iR, --replace[=R]: R is {} by default): each input line put
 * where R stands; inside a word with more (cat .e{}), a name is made when
 * it runs. w[0] is xargs, its command from w[inner]. */
int positional_xargs_replace(Judge *j, const ShellWord *const *w, size_t n, size_t inner) {
        _cleanup_free_ char *rep = NULL;
        for (size_t k = 1; k < inner && k < n && !rep; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                const char *value = NULL;
                if (streq(t, "-I") && k + 1 < n)
                        rep = programs_word_text(w[k + 1]);
                else if (strncmp(t, "-I", 2) == 0)
                        rep = strdup(t + 2);
                else if (strncmp(t, "-i", 2) == 0)
                        rep = strdup(t[2] ? t + 2 : "{}");
                else if (programs_long_is(t, "replace", &value))
                        rep = strdup(value ? value : "{}");
                else
                        continue;
                if (!rep)
                        return -ENOMEM;
        }
        for (size_t k = inner; rep && rep[0] && k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                const char *at = strstr(t, rep);
                if (!at || streq(t, rep))
                        continue;
                /* .e{} can be .env, {}.bak no secret's name: the input as * */
                _cleanup_free_ char *glob = NULL;
                if (asprintf(&glob, "%.*s*%s", (int) (at - t), t, at + strlen(rep)) < 0)
                        return -ENOMEM;
                if (match_secret_glob(j, glob, MATCH_FOLD, !strchr(glob, '/')))
                        return judge_refuse(
                                j, "xargs puts its input inside a word (%.40s): a name made when it runs",
                                t);
        }
        return 0;
}
