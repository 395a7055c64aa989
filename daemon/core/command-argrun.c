/* SPDX-License-Identifier: MIT */
/*
 * Programs that run a program an option of theirs names (command-internal.h):
 * a compiler driver's -wrapper PROG,ARGS (and the option files it reads from
 * the line's input: @FILE, -specs=, which may hold one), ripgrep's --pre
 * PROG over each file it searches and its --hostname-bin, sort's
 * --compress-program, make's NAME!=, .SHELLFLAGS= and SHELL=. It must not lex:
 * each command is handed to programs_reread, which judges it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Appends s to the line *t as one single-quoted word. */
static int quoted(char **t, const char *s, size_t len) {
        size_t m = *t ? strlen(*t) : 0;
        char *n = realloc(*t, m + 4 * len + 4);
        if (!n)
                return -ENOMEM;
        *t = n;
        n += m;
        if (m > 0)
                *n++ = ' ';
        *n++ = '\'';
        for (size_t i = 0; i < len; i++)
                if (s[i] == '\'')
                        n = stpcpy(n, "'\\''");
                else
                        *n++ = s[i];
        stpcpy(n, "'");
        return 0;
}

/* gcc, cc, c++, g++, clang, gcc-12, x86_64-linux-gnu-gcc: a compiler driver. */
bool argrun_is_compiler(const char *name) {
        static const char *const drivers[] = {"gcc", "cc", "c++", "g++", "clang", "clang++", NULL};
        size_t len = strlen(name);
        for (const char *const *d = drivers; *d; d++) {
                size_t l = strlen(*d);
                if (streq(name, *d) || (strncmp(name, *d, l) == 0 && name[l] == '-') ||
                    (len > l && streq(name + len - l, *d) && name[len - l - 1] == '-'))
                        return true;
        }
        return false;
}

/* A file of the line's input: -, /dev/stdin, /dev/fd/N, /proc/N/fd/N. */
static bool input_file(const ShellWord *w, const char *t) {
        return w->substitution || streq(t, "-") || strncmp(t, "/dev/", 5) == 0 ||
               (strncmp(t, "/proc/", 6) == 0 && strstr(t, "/fd/"));
}

static int compiler_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (streq(t, "-wrapper") && k + 1 < n) { /* -wrapper sh,-c,CMD: PROG ARGS... */
                        _cleanup_free_ char *v = programs_word_text(w[++k]), *line = NULL;
                        if (!v)
                                return -ENOMEM;
                        for (const char *p = v;; p += strcspn(p, ",") + 1) {
                                if (quoted(&line, p, strcspn(p, ",")) < 0)
                                        return -ENOMEM;
                                if (!p[strcspn(p, ",")])
                                        break;
                        }
                        if ((w[k]->expansion || w[k]->substitution) && judge_held(j)) { /* -wrapper "$W" */
                                judge_mark_held(j);
                                return judge_refuse(
                                        j,
                                        "%s -wrapper runs a program known only when it runs, and "
                                        "the history holds a masked entry",
                                        name);
                        }
                        char what[128];
                        snprintf(what, sizeof what, "%.40s -wrapper, a command it runs", name);
                        int r = programs_reread(j, what, line, strlen(line));
                        if (r != 0)
                                return r;
                        continue;
                }
                /* -fuse-ld=PATH, --ld-path=, -fplugin=, -fpass-plugin=: a program
                 * (or code) it runs, known only when it runs */
                static const char *const runs[] = {
                        "-fuse-ld=", "--ld-path=", "-fplugin=", "-fpass-plugin=", NULL};
                for (const char *const *o = runs; *o; o++)
                        if (strncmp(t, *o, strlen(*o)) == 0 && (w[k]->expansion || w[k]->substitution) &&
                            judge_held(j)) {
                                judge_mark_held(j);
                                return judge_refuse(j,
                                                    "%s %.20s names a program known only when it runs, and "
                                                    "the history holds a masked entry",
                                                    name, *o);
                        }
                /* @FILE, -specs=FILE, -specs FILE, -B DIR from the line's input:
                 * options (a -wrapper among them) or programs not in the words;
                 * @FILE, -specs=FILE of a file the line writes: made by the line */
                const char *f = t[0] == '@'                        ? t + 1
                                : strncmp(t, "-specs=", 7) == 0    ? t + 7
                                : strncmp(t, "--specs=", 8) == 0   ? t + 8
                                : strncmp(t, "-B", 2) == 0 && t[2] ? t + 2
                                                                   : NULL;
                _cleanup_free_ char *next = NULL;
                if (!f && (streq(t, "-specs") || streq(t, "-B")) && k + 1 < n) {
                        if (!(next = programs_word_text(w[++k])))
                                return -ENOMEM;
                        f = next;
                }
                /* gcc @F of a file the line writes: its options (a -wrapper
                 * among them) are made by the line, not in its words */
                bool written = (t[0] == '@' || strncmp(t, "-specs=", 7) == 0) && j->scripts_written;
                if (f && (written || input_file(w[k], f)) && judge_held(j)) {
                        judge_mark_held(j);
                        return judge_refuse(
                                j,
                                "%s reads options or programs from the line's input or a file it "
                                "writes (%.40s), and the history holds a masked entry",
                                name, t);
                }
        }
        return 0;
}

/* ripgrep's short options that take no value */
#define RG_FLAGS "abchilnopqsuvwxyzFHILNPSUV0.+"

/* Does ripgrep's option word t take the next word as its value? */
static bool rg_takes_value(const char *t) {
        static const char *const longs[] = {"--after-context",
                                            "--before-context",
                                            "--context",
                                            "--encoding",
                                            "--max-columns",
                                            "--type-not",
                                            "--max-depth",
                                            "--regexp",
                                            "--file",
                                            "--glob",
                                            "--iglob",
                                            "--threads",
                                            "--max-count",
                                            "--replace",
                                            "--type",
                                            "--pre",
                                            "--pre-glob",
                                            "--type-add",
                                            "--type-clear",
                                            "--colors",
                                            "--color",
                                            "--context-separator",
                                            "--field-context-separator",
                                            "--field-match-separator",
                                            "--path-separator",
                                            "--max-filesize",
                                            "--dfa-size-limit",
                                            "--regex-size-limit",
                                            "--engine",
                                            "--sort",
                                            "--sortr",
                                            "--ignore-file",
                                            "--hostname-bin",
                                            "--hyperlink-format",
                                            "--generate",
                                            "--maxdepth",
                                            "--iglob",
                                            NULL};
        if (t[1] == '-')
                return !strchr(t, '=') && streq_any(t, longs);
        size_t at = strspn(t + 1, RG_FLAGS); /* flags, then a letter with a value */
        return t[1 + at] && strchr("ABCEMTdefgjmrt", t[1 + at]) && !t[2 + at];
}

/* rg --pre PROG: PROG runs with each file searched as its argument (a
 * shell or an interpreter runs the file as its program); --hostname-bin
 * PROG runs too. */
static int rg_judge(Judge *j, const ShellWord *const *w, size_t n) {
        static const char *const interpreters[] = {"awk",  "gawk", "mawk", "perl", "python", "python3",
                                                   "ruby", "node", "php",  "lua",  "tclsh",  NULL};
        const ShellWord *pre = NULL;
        _cleanup_free_ char *prog = NULL;
        bool patterned = false, options = true;
        size_t paths[64], m = 0;
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (options && streq(t, "--")) {
                        options = false;
                        continue;
                }
                if (!options || t[0] != '-' || !t[1]) {
                        if (!patterned)
                                patterned = true; /* the pattern */
                        else if (m < ELEMENTSOF(paths))
                                paths[m++] = k;
                        continue;
                }
                const char *value = NULL;
                bool is_pre =
                        programs_long_is(t, "pre", &value) && strlen(t) >= 5 && strncmp(t, "--pre-", 6) != 0;
                bool host = programs_long_is(t, "hostname-bin", &value);
                char letter = t[1] != '-' ? t[1 + strspn(t + 1, RG_FLAGS)] : 0; /* -ie PAT, -fFILE */
                patterned = patterned || letter == 'e' || letter == 'f' ||
                            programs_long_is(t, "regexp", NULL) || programs_long_is(t, "file", NULL);
                if ((is_pre || host) && !value && k + 1 < n) {
                        free(t);
                        if (!(t = programs_word_text(w[++k])))
                                return -ENOMEM;
                        value = t;
                }
                if (host && value) {
                        int r = programs_reread(j, "rg --hostname-bin, a program it runs", value,
                                                strlen(value));
                        if (r != 0)
                                return r;
                } else if (is_pre && value) {
                        free(prog);
                        if (!(prog = strdup(value)))
                                return -ENOMEM;
                        pre = w[k];
                } else if (rg_takes_value(t))
                        k++;
        }
        /* RIPGREP_CONFIG_PATH=F: F's lines are options, a --pre among them */
        if (!pre && j->text && memmem(j->text, j->text_n, "RIPGREP_CONFIG_PATH", 19) && judge_held(j)) {
                judge_mark_held(j);
                return judge_refuse(j, "rg reads options from the file RIPGREP_CONFIG_PATH names (a --pre "
                                       "among them runs each file searched), and the history holds a masked "
                                       "entry");
        }
        if (!pre)
                return 0;
        const char *name = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;
        bool computed = pre->expansion || pre->substitution || !name[0];
        bool runs_files = computed || programs_is_shell(name) || streq_any(name, interpreters) ||
                          strncmp(name, "python3.", 8) == 0;
        if (runs_files && judge_held(j)) {
                judge_mark_held(j);
                return judge_refuse(
                        j,
                        "rg --pre %.40s runs each file it searches as a program, or is known only "
                        "when it runs, and the history holds a masked entry",
                        prog);
        }
        for (size_t i = 0; i <= m; i++) { /* PROG FILE, each file searched: judged as a line */
                _cleanup_free_ char *line = NULL, *p = i < m ? programs_word_text(w[paths[i]]) : NULL;
                if ((i < m && !p) || quoted(&line, prog, strlen(prog)) < 0 ||
                    (p && quoted(&line, p, strlen(p)) < 0))
                        return -ENOMEM;
                int r = programs_reread(j, "rg --pre, a program it runs on each file", line, strlen(line));
                if (r != 0)
                        return r;
        }
        return 0;
}

/* sort --compress-program=PROG: PROG runs over the text sorted (its
 * temporary files), so a shell or an interpreter runs that text as its
 * program: any PROG but a compressor, over data the line may not supply,
 * is refused while the history holds a masked entry; PROG itself is judged
 * as a command line. */
static int sort_judge(Judge *j, const ShellWord *const *w, size_t n) {
        static const char *const compressors[] = {"gzip", "pigz",  "zstd",   "pzstd",    "lz4",
                                                  "xz",   "pxz",   "bzip2",  "pbzip2",   "lzop",
                                                  "lzip", "plzip", "brotli", "compress", NULL};
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]), *next = NULL;
                if (!t)
                        return -ENOMEM;
                if (streq(t, "--"))
                        break;
                const char *value = NULL;
                if (strlen(t) < 4 || !programs_long_is(t, "compress-program", &value))
                        continue;
                if (!value && k + 1 < n) {
                        if (!(next = programs_word_text(w[++k])))
                                return -ENOMEM;
                        value = next;
                }
                if (!value)
                        continue;
                const char *base = strrchr(value, '/') ? strrchr(value, '/') + 1 : value;
                bool computed = w[k]->expansion || w[k]->substitution;
                /* a compressor by its bare name or a system path, not one
                 * the line links, copies or puts first in PATH */
                computed = computed || readers_redefined(j, base, value);
                if ((computed || !streq_any(base, compressors)) && judge_held(j)) {
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "sort --compress-program %.40s runs the text it sorts (or a "
                                            "program known only when it runs), and the history holds a "
                                            "masked entry",
                                            value);
                }
                int r = programs_reread(j, "sort --compress-program, a program it runs", value,
                                        strlen(value));
                if (r != 0)
                        return r;
        }
        return 0;
}

/* make NAME!=CMD runs CMD in the shell; .SHELLFLAGS=V and SHELL=V make the
 * recipes run as "SHELL V RECIPE": each judged as the command line the
 * shell runs (SHELL=/bin/bash alone stays a shell over the recipes). */
static int make_judge(Judge *j, const ShellWord *const *w, size_t n) {
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]), *line = NULL;
                if (!t)
                        return -ENOMEM;
                if (t[0] == '-')
                        continue;
                char *eq = strchr(t, '=');
                if (!eq || eq == t)
                        continue;
                size_t len = strcspn(t, ":+?!=");
                bool bang = eq[-1] == '!';
                const char *what = NULL;
                if (bang)
                        line = strdup(eq + 1), what = "make NAME!=, a command the shell runs";
                else if (len == 11 && strncmp(t, ".SHELLFLAGS", 11) == 0) {
                        if (asprintf(&line, "sh %s :", eq + 1) < 0)
                                line = NULL;
                        what = "make .SHELLFLAGS, the shell's words over each recipe";
                } else if (len == 5 && strncmp(t, "SHELL", 5) == 0) {
                        if (asprintf(&line, "%s -c :", eq + 1) < 0)
                                line = NULL;
                        what = "make SHELL, the program over each recipe";
                } else
                        continue;
                if (!line)
                        return -ENOMEM;
                int r = programs_reread(j, what, line, strlen(line));
                if (r != 0)
                        return r;
        }
        return 0;
}

int argrun_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        if (streq(name, "sort"))
                return sort_judge(j, w, n);
        if (streq(name, "make") || streq(name, "gmake")) {
                int r = make_judge(j, w, n);
                return r != 0 ? r : makeenv_judge(j);
        }
        if (argrun_is_compiler(name))
                return compiler_judge(j, name, w, n);
        if (streq(name, "rg") || streq(name, "ripgrep"))
                return rg_judge(j, w, n);
        return 0;
}
