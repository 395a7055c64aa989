/* SPDX-License-Identifier: MIT */
/*
 * An interpreter's inline code that runs a program (command-internal.h):
 * the command lines it may run judged as lines: its string literals
 * (system "tar c ."), its arguments when it reads them (perl -e 'exec
 * @ARGV' tar c ., node -e '...spawnSync(process.argv[1], ...)'), awk's -v
 * values and perl -s's switches. Code that runs nothing leaves them data
 * (python3 -c 'print(sys.argv[1])' "$f"). It must not lex:
 * programs_reread judges what it joins.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

typedef struct Inline {
        const char *name;
        const char *const *code; /* the options whose value is the code */
        bool bundles;            /* perl's -le CODE, -ne CODE: the last letter takes it */
        bool operand;            /* awk's: the first operand is the code */
} Inline;

static const Inline inlines[] = {
        {"perl", (const char *const[]){"-e", "-E", NULL}, true, false},
        {"python", (const char *const[]){"-c", NULL}, false, false},
        {"python2", (const char *const[]){"-c", NULL}, false, false},
        {"python3", (const char *const[]){"-c", NULL}, false, false},
        {"node", (const char *const[]){"-e", "--eval", "-p", "--print", NULL}, false, false},
        {"nodejs", (const char *const[]){"-e", "--eval", "-p", "--print", NULL}, false, false},
        {"bun", (const char *const[]){"-e", "--eval", "-p", "--print", NULL}, false, false},
        {"ruby", (const char *const[]){"-e", NULL}, true, false},
        {"php", (const char *const[]){"-r", NULL}, false, false},
        {"lua", (const char *const[]){"-e", NULL}, false, false},
        {"Rscript", (const char *const[]){"-e", NULL}, false, false},
        {"awk", NULL, false, true},
        {"gawk", NULL, false, true},
        {"mawk", NULL, false, true},
        {"nawk", NULL, false, true},
};

/* Does the code, in any case, run a program (exec, system, spawn,
 * popen, backquotes, qx, readpipe, child_process, subprocess, a pipe)? */
static bool runs_programs(const char *code) {
        static const char *const runs[] = {"exec", "system",   "spawn",      "popen",         "`",   "qx",
                                           "%x",   "passthru", "subprocess", "child_process", "pty", "open3",
                                           "run(", "call(",    "command(",   "readpipe",      "|",   NULL};
        for (const char *const *s = runs; *s; s++)
                if (strcasestr(code, *s))
                        return true;
        return false;
}

/* ... and read its arguments (argv, ARGV, process.argv, $argv, args,
 * shift, pop, $*, lua's arg)? */
static bool reads_arguments(const char *code) {
        static const char *const reads[] = {"argv", "args", "shift", "pop", "$*",
                                            "arg[", "arg)", "...",   NULL};
        for (const char *const *s = reads; *s; s++)
                if (strcasestr(code, *s))
                        return true;
        return false;
}

/* The string literals of code that runs a program, each a command line it
 * may run: one with a blank whole (system "tar c ."), and a list's items
 * joined ("tar", "c", "." in a run of literals between commas). Literals
 * with only blanks or a + between are one string ("cat ~/.ne" "trc",
 * "cat .e" + "nv"), as python and node make them. */
static int code_strings(Judge *j, const char *name, const char *code) {
        char what[96];
        snprintf(what, sizeof what, "%s's code runs a command line it holds", name);
        _cleanup_free_ char *run = malloc(strlen(code) + 1);
        if (!run)
                return -ENOMEM;
        size_t m = 0;
        bool comma = false; /* a comma since the last literal: the next is a list's item */
        for (const char *p = code; *p;) {
                if (*p != '"' && *p != '\'') {
                        /* a run of literals goes on over blanks, commas and + only */
                        if (!strchr(" \t\n,+", *p) && m > 0) {
                                int r = programs_reread(j, what, run, m);
                                if (r != 0)
                                        return r;
                                m = 0;
                        }
                        comma = comma || *p == ',';
                        p++;
                        continue;
                }
                const char *e = strchr(p + 1, *p);
                if (!e)
                        break;
                if (m > 0 && comma)
                        run[m++] = ' ';
                comma = false;
                memcpy(run + m, p + 1, (size_t) (e - p - 1));
                m += (size_t) (e - p - 1);
                p = e + 1;
        }
        return m > 0 ? programs_reread(j, what, run, m) : 0;
}

static int hexval(char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
}

/* code with the escapes of python's, node's, perl's and awk's string
 * literals decoded (\x74, \x{74}, \u0074, \u{74}, \U00000074, \N{U+74},
 * \o{164}, \164: 31w 4), malloc'd; *ret_named when a \N{NAME} is there,
 * which only the interpreter can read. NULL when out of memory. */
static char *decoded(const char *code, bool *ret_named) {
        char *out = malloc(strlen(code) + 1), *o = out;
        *ret_named = false;
        for (const char *p = code; out && *p;) {
                if (*p != '\\' || !p[1]) {
                        *o++ = *p++;
                        continue;
                }
                char e = p[1];
                unsigned long v = 0;
                size_t digits = 0, max = 0;
                int base = 16;
                const char *q = p + 2;
                bool braced = *q == '{';
                if (e == 'N' && braced) {
                        if (q[1] == 'U' && q[2] == '+')
                                q += 2;
                        else
                                *ret_named = true;
                }
                if (e == 'x' || e == 'u' || e == 'U' || e == 'N')
                        max = braced ? 8 : e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
                else if (e == 'o' && braced)
                        max = 11, base = 8;
                else if (e >= '0' && e <= '7')
                        max = 3, base = 8, q = p + 1;
                if (braced)
                        q++;
                for (; max && digits < max && hexval(*q) >= 0 && hexval(*q) < base; q++, digits++)
                        v = v * (unsigned long) base + (unsigned long) hexval(*q);
                if (digits == 0) { /* \n, \\, \': the byte after it */
                        *o++ = e;
                        p += 2;
                        continue;
                }
                if (braced && *q == '}')
                        q++;
                *o++ = v > 0 && v < 0x80 ? (char) v : '?';
                p = q;
        }
        if (out)
                *o = 0;
        return out;
}

int argv_run(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        const Inline *in = NULL;
        for (size_t i = 0; i < ELEMENTSOF(inlines) && !in; i++)
                if (streq(inlines[i].name, name) ||
                    (streq(inlines[i].name, "python3") && strncmp(name, "python3.", 8) == 0))
                        in = &inlines[i];
        if (!in)
                return 0;
        char buf[256];
        size_t k = 1, code = 0, values[16], n_values = 0;
        bool switches = false; /* perl -s: -x=VALUE after the code sets $x */
        for (; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a) /* a glob or expansion: the code (awk), or an operand */
                        break;
                if (streq(a, "--")) {
                        k++;
                        break;
                }
                bool takes = in->code && streq_any(a, in->code);
                if (!takes && in->bundles && a[0] == '-' && a[1] != '-' && a[1])
                        takes = strchr("eE", a[strlen(a) - 1]) != NULL;
                switches = switches || (in->bundles && a[0] == '-' && a[1] != '-' && strchr(a, 's'));
                if (takes && k + 1 < n) {
                        code = ++k;
                        if (in->bundles) /* perl -e A -e B -w ARGS: more options */
                                continue;
                        k++; /* python3 -c CODE ARGS: the rest are its arguments */
                        break;
                }
                if (a[0] != '-' || !a[1])
                        break;
                /* awk -f FILE: no inline code; -F S, -v V take the next word */
                if (in->operand && (streq(a, "-f") || strncmp(a, "--file", 6) == 0))
                        return 0;
                if (in->operand && streq(a, "-v") && k + 1 < n && n_values < ELEMENTSOF(values))
                        values[n_values++] = k + 1; /* awk -v c='CMD' 'BEGIN{system(c)}' */
                if (in->operand && (streq(a, "-F") || streq(a, "-v")))
                        k++;
        }
        if (in->operand && !code && k < n)
                code = k++;
        if (!code)
                return 0;
        _cleanup_free_ char *text = programs_word_text(w[code]);
        bool named = false;
        _cleanup_free_ char *plain = text ? decoded(text, &named) : NULL;
        if (!text || !plain)
                return -ENOMEM;
        /* "gi\x74 log -p": git in the decoded text, or a name only python reads */
        size_t pn = strlen(plain);
        for (const char *p = plain; judge_held(j) && p + 3 <= plain + pn; p++)
                if (named || ((*p | 0x20) == 'g' && languages_git_word(j, plain, pn, p))) {
                        judge_mark_held(j);
                        return judge_refuse(
                                j,
                                "%s's code names git in an escape of its strings, and the history "
                                "holds a masked entry",
                                name);
                }
        if (!runs_programs(text) && !runs_programs(plain))
                return 0;
        int r = code_strings(j, name, text);
        if (r == 0 && strcmp(plain, text) != 0)
                r = code_strings(j, name, plain);
        if (r != 0)
                return r;
        char what[96];
        /* awk's -v values and perl -s's switches are variables the code may run */
        for (size_t i = 0; i < n_values; i++) {
                _cleanup_free_ char *v = programs_word_text(w[values[i]]);
                const char *eq = v ? strchr(v, '=') : NULL;
                snprintf(what, sizeof what, "%s's variable, which its code may run", name);
                if (!v)
                        return -ENOMEM;
                if (eq && (r = programs_reread(j, what, eq + 1, strlen(eq + 1))) != 0)
                        return r;
        }
        if (k >= n || !(reads_arguments(text) || switches))
                return 0;
        for (size_t i = k; switches && i < n; i++) {
                _cleanup_free_ char *v = programs_word_text(w[i]);
                const char *eq = v && v[0] == '-' ? strchr(v, '=') : NULL;
                snprintf(what, sizeof what, "%s's switch, which its code may run", name);
                if (!v)
                        return -ENOMEM;
                if (eq && (r = programs_reread(j, what, eq + 1, strlen(eq + 1))) != 0)
                        return r;
        }
        _cleanup_free_ char *line = programs_joined(w, n, k);
        if (!line)
                return -ENOMEM;
        snprintf(what, sizeof what, "%s's code runs its arguments, a command line", name);
        return programs_reread(j, what, line, strlen(line));
}

int argv_as_code(Judge *j, const char *name, const char *code) {
        size_t n = strlen(code);
        for (const char *p = code; judge_held(j) && p + 3 <= code + n; p++)
                if ((*p | 0x20) == 'g' && languages_git_word(j, code, n, p)) {
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "%s's command string, which the user's login shell runs (any "
                                            "program), names git, and the history holds a masked entry",
                                            name);
                }
        return runs_programs(code) ? code_strings(j, name, code) : 0;
}
