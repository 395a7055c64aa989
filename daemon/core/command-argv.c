/* SPDX-License-Identifier: MIT */
/*
 * An interpreter's inline code that runs its own arguments (perl -e 'exec
 * @ARGV' tar c ., node -e '...spawnSync(process.argv[1], ...)' ...): the
 * words after the code are a command line it may run, judged as one
 * (command-internal.h). Code that neither reads its arguments nor runs a
 * program leaves them as data (python3 -c 'print(sys.argv[1])' "$f"). It
 * must not lex: programs_reread judges what it joins.
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

/* Does the code, in any case, read its arguments (argv, ARGV, process.argv,
 * $argv, args, shift, $*, lua's arg) and run a program (exec, system,
 * spawn, popen, backquotes, qx, child_process, subprocess, a pipe open)? */
static bool runs_arguments(const char *code) {
        static const char *const reads[] = {"argv", "args", "shift", "$*", "arg[", "arg)", "...", NULL};
        static const char *const runs[] = {"exec", "system", "spawn",    "popen",      "`",
                                           "qx",   "%x",     "passthru", "subprocess", "child_process",
                                           "pty",  "open3",  "run(",     "call(",      "command(",
                                           "|",    NULL};
        bool r = false, x = false;
        for (const char *const *s = reads; *s && !r; s++)
                r = strcasestr(code, *s) != NULL;
        for (const char *const *s = runs; *s && !x; s++)
                x = strcasestr(code, *s) != NULL;
        return r && x;
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
        size_t k = 1, code = 0;
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
                if (in->operand && (streq(a, "-F") || streq(a, "-v")))
                        k++;
        }
        if (in->operand && !code && k < n)
                code = k++;
        if (!code || k >= n)
                return 0;
        _cleanup_free_ char *text = programs_word_text(w[code]);
        if (!text)
                return -ENOMEM;
        if (!runs_arguments(text))
                return 0;
        _cleanup_free_ char *line = programs_joined(w, n, k);
        if (!line)
                return -ENOMEM;
        char what[96];
        snprintf(what, sizeof what, "%s's code runs its arguments, a command line", name);
        return programs_reread(j, what, line, strlen(line));
}
