/* SPDX-License-Identifier: MIT */
/*
 * Strings and words a shell reads again, as command-programs.c hands them
 * on (command-internal.h): a -c string's positional parameters, the glob
 * options its line turns on, subscripts and arithmetic bash evaluates. It
 * must not lex, nor decide: programs_reread judges what it builds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

static bool in(const char *s, const char *const *list) {
        for (; s && *list; list++)
                if (streq(s, *list))
                        return true;
        return false;
}

/* The string with $0..$9, ${0}..${9}, $@ and $* replaced by the words a
 * shell -c gets after it, as written (a name split across them is seen
 * whole); NULL when out of memory. */
char *reread_positional(const char *s, const ShellWord *const *args, size_t n_args) {
        size_t words = 1, marks = 0;
        for (size_t i = 0; i < n_args; i++)
                words += args[i]->n + 1;
        for (const char *p = strchr(s, '$'); p; p = strchr(p + 1, '$'))
                marks++;
        char *out = malloc(strlen(s) + 1 + marks * words), *o = out;
        if (!out)
                return NULL;
        for (const char *p = s; *p;) {
                bool brace = p[0] == '$' && p[1] == '{' && p[2] >= '0' && p[2] <= '9' && p[3] == '}';
                bool digit = p[0] == '$' && p[1] >= '0' && p[1] <= '9';
                bool all = p[0] == '$' && (p[1] == '@' || p[1] == '*');
                if (!brace && !digit && !all) {
                        *o++ = *p++;
                        continue;
                }
                size_t from = all ? 1 : (size_t) ((brace ? p[2] : p[1]) - '0'), to = all ? n_args : from + 1;
                for (size_t i = from; i < to && i < n_args; i++) {
                        _cleanup_free_ char *t = programs_word_text(args[i]);
                        if (!t) {
                                free(out);
                                return NULL;
                        }
                        o += sprintf(o, "%s%s", i > from ? " " : "", t);
                }
                p += brace ? 4 : 2;
        }
        *o = 0;
        return out;
}

/* A shell's string, read with the glob options its command line turns on
 * (bash -O dotglob -c S, env BASHOPTS=dotglob bash -c S): the word
 * "dotglob" before it says so to the reading of its names. */
int reread_with_options(Judge *j, const char *name, const char *s, const ShellWord *const *w, size_t n) {
        static const char *const keys[] = {"dotglob",    "BASHOPTS",  "GLOBIGNORE",
                                           "nocaseglob", "SHELLOPTS", NULL};
        bool on = false;
        for (size_t k = 0; k < n && !on; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                for (const char *const *key = keys; *key && !on; key++)
                        on = strstr(t, *key) != NULL && !streq(t, s);
        }
        if (!on)
                return programs_reread(j, name, s, strlen(s));
        _cleanup_free_ char *line = malloc(strlen(s) + 32);
        if (!line)
                return -ENOMEM;
        sprintf(line, ": dotglob nocaseglob; %s", s);
        return programs_reread(j, name, line, strlen(line));
}

/* Words bash evaluates as arithmetic or a subscript (let "a[$(cmd)]",
 * declare "a[$(cmd)]=1", test -v, printf -v, read, unset, set -- for a
 * later $(( $1 ))): a substitution in their text runs. Judged as a line. */
int reread_arithmetic(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const evaluators[] = {
                "let",    "declare", "typeset", "local",  "readonly", "export",    "unset",
                "test",   "[",       "[[",      "printf", "read",     "set",       "shift",
                "return", "exit",    "wait",    "ulimit", "mapfile",  "readarray", NULL};
        if (!in(name, evaluators))
                return 0;
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (!strstr(t, "$(") && !strchr(t, '`'))
                        continue;
                _cleanup_free_ char *line = malloc(strlen(t) + 8);
                if (!line)
                        return -ENOMEM;
                sprintf(line, "echo %s", t);
                int r = programs_reread(j, "a subscript or arithmetic bash evaluates", line, strlen(line));
                if (r != 0)
                        return r;
        }
        return 0;
}
