/* SPDX-License-Identifier: MIT */
/*
 * Programs that build the command lines they run or the names they read
 * from their own words (command-internal.h): GNU parallel's ':::' and
 * replacement strings, fd's pattern and -x, bash's compgen.
 * It must not lex, nor say what a word names: command.c and match do.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* ---- GNU parallel: its command with each argument, or each argument ---- */

#define PARALLEL_LINES 256 /* the combinations judged; past them, refused */

static bool parallel_separator(const ShellWord *w) {
        return programs_word_is(w, ":::") || programs_word_is(w, ":::+") || programs_word_is(w, "::::") ||
               programs_word_is(w, "::::+");
}

/* s, single-quoted, appended at *p (room made by the caller). */
static char *quote_into(char *p, const char *s) {
        *p++ = '\'';
        for (; *s; s++) {
                if (*s == '\'') {
                        memcpy(p, "'\\''", 4);
                        p += 4;
                } else
                        *p++ = *s;
        }
        *p++ = '\'';
        *p = 0;
        return p;
}

/* A replacement string at s ({}, {.}, {/}, {//}, {/.}, {#}, {%}, {2},
 * {2.}, ...): its length, the source it takes (0: all) in *ret_src, its
 * modifier in ret_mod; 0 when s holds none. */
static size_t parallel_replacement(const char *s, int *ret_src, char ret_mod[3]) {
        static const char *const mods[] = {"", ".", "/", "//", "/.", "#", "%", NULL};
        if (s[0] != '{')
                return 0;
        const char *p = s + 1;
        int src = 0;
        while (*p >= '0' && *p <= '9' && src < 1000)
                src = src * 10 + (*p++ - '0');
        const char *close = strchr(p, '}');
        if (!close || close - p > 2)
                return 0;
        char mod[3] = {0};
        memcpy(mod, p, (size_t) (close - p));
        if (!streq_any(mod, mods))
                return 0;
        *ret_src = src;
        memcpy(ret_mod, mod, 3);
        return (size_t) (close - s) + 1;
}

/* What a modifier leaves of an argument, in place: {.} drops the
 * extension, {/} the directory, {//} all but it. */
static void parallel_modify(char *a, const char *mod) {
        char *slash = strrchr(a, '/');
        if (strchr(mod, '/') && !streq(mod, "//") && slash)
                memmove(a, slash + 1, strlen(slash + 1) + 1);
        else if (streq(mod, "//"))
                slash ? (void) (*slash = 0) : (void) strcpy(a, ".");
        if (strchr(mod, '.')) {
                char *dot = strrchr(a, '.');
                if (dot && dot > a && dot[-1] != '/')
                        *dot = 0;
        }
        if (streq(mod, "#") || streq(mod, "%"))
                strcpy(a, "1");
}

/* The line parallel runs for one combination of arguments (args[s] from
 * source s), into a new string: the command with its replacement strings
 * filled in (each argument quoted, as parallel does), or with the
 * arguments after it; with no command, the arguments are the line. */
static char *parallel_line(const char *cmd, char *const *args, size_t n_src) {
        size_t total = strlen(cmd) + 8;
        for (size_t s = 0; s < n_src; s++)
                total += 4 * strlen(args[s]) + 4;
        size_t room = total * (strlen(cmd) / 2 + 2); /* each {} may take every argument */
        char *out = malloc(room), *p = out;
        if (!out)
                return NULL;
        *p = 0;
        if (!cmd[0]) {
                for (size_t s = 0; s < n_src; s++)
                        p += sprintf(p, "%s%s", s ? " " : "", args[s]);
                return out;
        }
        bool replaced = false;
        for (const char *c = cmd; *c;) {
                int src;
                char mod[3];
                size_t len = parallel_replacement(c, &src, mod);
                if (!len) {
                        *p++ = *c++;
                        continue;
                }
                replaced = true;
                for (size_t s = 0; s < n_src; s++) {
                        if (src && (size_t) src != s + 1)
                                continue;
                        char a[1024];
                        snprintf(a, sizeof a, "%s", args[s]);
                        parallel_modify(a, mod);
                        if (!src && s > 0)
                                *p++ = ' ';
                        p = quote_into(p, a);
                }
                c += len;
        }
        for (size_t s = 0; s < n_src && !replaced; s++) {
                *p++ = ' ';
                p = quote_into(p, args[s]);
        }
        *p = 0;
        return out;
}

int runners_parallel(Judge *j, const ShellWord *const *w, size_t n, size_t first) {
        size_t sep = first;
        while (sep < n && !parallel_separator(w[sep]))
                sep++;
        if (sep >= n)
                return 0; /* its arguments come from its input: the pipe's checks */
        _cleanup_free_ char *cmd = programs_joined(w, sep, first);
        if (!cmd)
                return -ENOMEM;
        if (strstr(cmd, "{=")) /* {= perl =}: an argument made by a program */
                return judge_refuse(j, "parallel computes its arguments with perl ({= ... =}): names made "
                                       "at run time");
        /* the sources: [start, end) of each ':::' list */
        size_t start[16], end[16], n_src = 0;
        for (size_t k = sep; k < n;) {
                if (n_src == ELEMENTSOF(start))
                        return judge_refuse(j, "parallel with more than 16 argument sources");
                bool file = programs_word_is(w[k], "::::") || programs_word_is(w[k], "::::+");
                size_t e = k + 1;
                while (e < n && !parallel_separator(w[e]))
                        e++;
                if (file) {
                        k = e; /* read from a file: unseen, as xargs's */
                        continue;
                }
                start[n_src] = k + 1, end[n_src] = e;
                if (e == k + 1) /* an empty source: nothing runs */
                        return 0;
                n_src++;
                k = e;
        }
        size_t lines = 1;
        for (size_t s = 0; s < n_src; s++)
                if ((lines *= end[s] - start[s]) > PARALLEL_LINES)
                        return judge_refuse(j, "parallel with more than %d combinations of arguments",
                                            PARALLEL_LINES);
        if (n_src == 0)
                return 0;
        size_t at[16] = {0};
        for (size_t l = 0; l < lines; l++) {
                char *args[16] = {NULL};
                int r = 0;
                size_t rest = l;
                for (size_t s = n_src; s-- > 0;) { /* the last source turns fastest */
                        size_t m = end[s] - start[s];
                        at[s] = rest % m, rest /= m;
                }
                for (size_t s = 0; s < n_src && r == 0; s++)
                        if (!(args[s] = programs_word_text(w[start[s] + at[s]])))
                                r = -ENOMEM;
                char *line = r == 0 ? parallel_line(cmd, args, n_src) : NULL;
                if (r == 0 && !line)
                        r = -ENOMEM;
                if (r == 0)
                        r = programs_reread(j,
                                            cmd[0] ? "parallel's command with its arguments"
                                                   : "parallel's arguments, each a command line",
                                            line, strlen(line));
                free(line);
                for (size_t s = 0; s < n_src; s++)
                        free(args[s]);
                if (r != 0)
                        return r;
        }
        return 0;
}
