/* SPDX-License-Identifier: MIT */
/*
 * Options whose value a program runs as a command line (su -c, make
 * --eval, tar's compressor and scripts, ssh's ProxyCommand), a database
 * client's shell escapes in the SQL it reads (its input, what echo pipes
 * into it), and a JSON text's strings: each value is handed to
 * programs_reread as a line (command-internal.h); jq's input is data. It
 * must not lex, nor decide.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

/* Options whose value a program runs as a command line: -c S of a program
 * the rule does not know (sg, flock, psql's is SQL: judged, names
 * nothing), su's --session-command, make's --eval, tar's compressor and
 * scripts, split's --filter, zip's -TT. */
static const char *const exec_options[] = {"-c",
                                           "--command",
                                           "--session-command",
                                           "--eval",
                                           "--filter",
                                           "--to-command",
                                           "--use-compress-program",
                                           "--info-script",
                                           "--new-volume-script",
                                           "--checkpoint-action",
                                           "-TT",
                                           "--unzip-command",
                                           "--pre-invoke",
                                           "--post-invoke",
                                           "--status-logger",
                                           "--pager",
                                           "-P",
                                           "--html",
                                           "-H",
                                           NULL};
/* Programs whose -c takes no command: names and counts, the rule's own;
 * compilers' (compile only), tar's (create), compressors' (to stdout),
 * sort's (check), uniq's (count), diff's (context), od's and tr's, jq's
 * (compact output: its filter is an operand, judged as jq's), the
 * checksums' (check), psql's (SQL: its shell escapes, reread_sql_client);
 * vim's when its words are plain Ex (command-languages.c judges them). */
static const char *const c_is_data[] = {
        "ls",     "stat",  "wc",      "echo",      "printf",    "du",        "test",      "[",    "grep",
        "egrep",  "fgrep", "rg",      "ag",        "ack",       "find",      "git",       "head", "tail",
        "cut",    "gcc",   "cc",      "clang",     "g++",       "c++",       "clang++",   "tar",  "gzip",
        "bzip2",  "xz",    "zstd",    "sort",      "uniq",      "diff",      "od",        "tr",   "jq",
        "md5sum", "b2sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "psql", NULL};

/* python3 -c CODE, node --eval CODE: the interpreter's code, judged by its
 * rules (argv_run, languages_interpreter_git), not as a shell line; code
 * made at run time ("$(cat f)", "$x") is still read as one. */
static bool code_as_written(const char *name, const char *o, const char *a, const ShellWord *const *w,
                            size_t n, size_t k) {
        static const char *const pythons[] = {"python", "python2", "python3", NULL};
        static const char *const nodes[] = {"node", "nodejs", "bun", NULL};
        bool python = streq_any(name, pythons) || strncmp(name, "python3.", 8) == 0;
        if (!(python && streq(o, "-c")) && !(streq_any(name, nodes) && streq(o, "--eval")))
                return false;
        /* -c CODE, --eval CODE, --eval=CODE, -cCODE */
        const ShellWord *v = streq(a, o) ? (k + 1 < n ? w[k + 1] : NULL) : w[k];
        return v && !v->expansion && !v->substitution;
}

/* Does the program take a prefix of the long option o as o: its own
 * (getopt_long's); a program the rule does not know, only o itself. */
static bool owns_option(const char *name, const char *o) {
        static const char *const owners[][2] = {
                {"--command", "su"},
                {"--command", "runuser"},
                {"--command", "flock"},
                {"--session-command", "su"},
                {"--session-command", "runuser"},
                {"--eval", "make"},
                {"--filter", "split"},
                {"--to-command", "tar"},
                {"--use-compress-program", "tar"},
                {"--info-script", "tar"},
                {"--new-volume-script", "tar"},
                {"--checkpoint-action", "tar"},
                {"--unzip-command", "zip"},
                {"--eval", "gmake"},
                {"--pre-invoke", "dpkg"},
                {"--post-invoke", "dpkg"},
                {"--status-logger", "dpkg"},
                {"--pager", "man"},
                {"--html", "man"},
        };
        if (strchr(name, ' ')) /* a program known only when it runs: any of them */
                return true;
        bool tar = streq(name, "gtar") || streq(name, "bsdtar"); /* tar's, by other names */
        for (size_t i = 0; i < ELEMENTSOF(owners); i++)
                if (streq(owners[i][0], o) &&
                    (streq(owners[i][1], name) || (tar && streq(owners[i][1], "tar"))))
                        return true;
        return false;
}

/* from: the word v comes from; one holding a substitution makes a line
 * computed (expect -c "spawn $(...)"): what it prints is read as one too */
static int judge_exec_value(Judge *j, const char *name, const char *opt, const char *v,
                            const ShellWord *from) {
        char what[128];
        j->computed = j->computed || from->substitution;
        snprintf(what, sizeof what, "%.40s %.40s, a command line it runs", name, opt);
        if (strncmp(v, "exec=", 5) == 0) /* --checkpoint-action=exec=CMD */
                v += 5;
        return programs_reread(j, what, v, strlen(v));
}

/* One command of a database client's, from c to the end of its line or
 * statement: mysql's and mariadb's `system CMD`, `\! CMD` and `pager
 * CMD` (`\P CMD`), psql's `\! CMD`, a `|CMD` after \o, \g, \w, a
 * backquote's `CMD` in a backslash command's argument, and COPY's or
 * \copy's PROGRAM 'CMD' run CMD by the shell; psql's \i and mysql's
 * source (\.) read a file of them, and a :NAME in a shell escape is a psql
 * variable: refused. */
static int sql_command(Judge *j, bool psql, const char *what, const char *c) {
        const char *run = NULL;
        if (strncmp(c, "\\!", 2) == 0)
                run = c + 2;
        else if (!psql && (strncmp(c, "\\P", 2) == 0 || strncmp(c, "\\.", 2) == 0))
                run = c[1] == 'P' ? c + 2 : NULL;
        else if (!psql && (strncasecmp(c, "system", 6) == 0 || strncasecmp(c, "pager", 5) == 0)) {
                size_t at = strncasecmp(c, "system", 6) == 0 ? 6 : 5;
                run = c[at] == ' ' || c[at] == '\t' ? c + at + 1 : NULL;
        }
        if ((!psql && (strncmp(c, "\\.", 2) == 0 ||
                       (strncasecmp(c, "source", 6) == 0 && (c[6] == ' ' || c[6] == '\t')))) ||
            (psql && c[0] == '\\' &&
             (strncmp(c + 1, "i", 1) == 0 &&
              (c[2] == ' ' || c[2] == 'r' || strncmp(c + 1, "include", 7) == 0))))
                return judge_refuse(j, "%s reads its commands from a file: not seen",
                                    psql ? "psql's \\i" : "source");
        const char *prog = strcasestr(c, "program");
        if (!run && psql && c[0] == '\\' && strchr(c, '|'))
                run = strchr(c, '|') + 1;
        else if (!run && prog && strchr(" \t'\"", prog[7]))
                run = prog + 7;
        if (run && psql && strchr(run, ':'))
                return judge_refuse(j, "psql's shell escape holds a :variable, known only when it runs");
        int r = 0;
        if (run) {
                while (*run == ' ' || *run == '\t' || *run == '\'' || *run == '"')
                        run++;
                r = programs_reread(j, what, run, strcspn(run, prog && run > prog ? "'\"" : ""));
        }
        /* \set x `CMD`, \echo `CMD`: psql runs a backquote's command */
        for (const char *b = psql && c[0] == '\\' ? strchr(c, '`') : NULL; b && r == 0;
             b = strchr(b + 1, '`')) {
                const char *e = strchr(b + 1, '`');
                r = programs_reread(j, what, b + 1, e ? (size_t) (e - b - 1) : strlen(b + 1));
                b = e;
                if (!b)
                        break;
        }
        return r;
}

/* Each statement or line of a client's text, and each backslash command
 * in it, wherever it starts (SELECT 1; \! CMD). */
int reread_sql_client(Judge *j, const char *name, const char *v) {
        bool psql = streq(name, "psql");
        char what[96];
        snprintf(what, sizeof what, "%s's shell escape, which a shell runs", name);
        for (const char *p = v; *p;) {
                while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ';')
                        p++;
                size_t end = strcspn(p, psql ? "\n" : ";\n");
                _cleanup_free_ char *c = strndup(p, end);
                if (!c)
                        return -ENOMEM;
                int r = sql_command(j, psql, what, c);
                if (r != 0)
                        return r;
                p += end;
        }
        for (const char *b = strchr(v, '\\'); b; b = strchr(b + 1, '\\')) {
                _cleanup_free_ char *c = strndup(b, strcspn(b, "\n"));
                if (!c)
                        return -ENOMEM;
                int r = sql_command(j, psql, what, c);
                if (r != 0)
                        return r;
        }
        return 0;
}

/* Is prev echo or printf, each of its words plain? */
static bool printed_known(const Stage *prev) {
        char buf[4096], pb[256];
        const char *p = prev->n > 0 && !prev->keyword_led && !prev->led /* { ...; } | psql */
                                ? programs_name(prev->w[0], pb, sizeof pb)
                                : NULL;
        if (!p || !(streq(p, "echo") || streq(p, "printf")))
                return false;
        for (size_t k = 1; k < prev->n; k++)
                if (!programs_plain(prev->w[k], buf, sizeof buf))
                        return false;
        return true;
}

bool reread_sql_printed(const Stage *st, const Stage *prev) {
        return reread_sql_reader(st) && printed_known(prev);
}

/* What echo or printf in prev prints, each of its words plain, judged as
 * the SQL client name reads it: 2 judged, 0 prev is no such stage, 1, -ENOMEM. */
static int sql_printed(Judge *j, const char *name, const Stage *prev) {
        char buf[4096], pb[256];
        const char *p = programs_name(prev->w[0], pb, sizeof pb);
        if (!printed_known(prev))
                return 0;
        size_t first = 1; /* echo's -e, -n, -E */
        while (streq(p, "echo") && first < prev->n &&
               programs_plain(prev->w[first], buf, sizeof buf)[0] == '-')
                first++;
        _cleanup_free_ char *s = streq(p, "printf") ? reread_printf(prev->w, prev->n)
                                                    : programs_joined(prev->w, prev->n, first);
        _cleanup_free_ char *u = s ? strdup(s) : NULL;
        if (!u)
                return -ENOMEM;
        reread_unescape(u); /* echo -e's, printf's %b */
        int r = reread_sql_client(j, name, s);
        return r != 0 ? r : (r = reread_sql_client(j, name, u)) != 0 ? r : 2;
}

bool reread_sql_reader(const Stage *st) {
        char name[256];
        return st->n > 0 && !st->keyword_led &&
               streq_any(programs_name(st->w[0], name, sizeof name),
                         (const char *const[]){"psql", "mysql", "mariadb", NULL});
}

bool reread_json_input(const Stage *st) {
        char name[256], buf[256];
        if (st->n == 0 || st->keyword_led || !streq_ptr(programs_name(st->w[0], name, sizeof name), "jq"))
                return false;
        for (size_t k = 1; k < st->n; k++) { /* -f F, --from-file: the filter from a file, its input's too */
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (!a || (a[0] == '-' && a[1] != '-' && strchr(a, 'f')) ||
                    programs_long_is(a, "from-file", NULL))
                        return false;
        }
        return true;
}

int reread_json_strings(Judge *j, const char *what, const char *s) {
        _cleanup_free_ char *t = malloc(strlen(s) + 1);
        if (!t)
                return -ENOMEM;
        for (const char *p = strchr(s, '"'); p; p = strchr(p, '"')) {
                size_t k = 0;
                for (p++; *p && *p != '"'; p++) {
                        if (*p != '\\' || !p[1]) {
                                t[k++] = *p;
                                continue;
                        }
                        p++;
                        unsigned u = 0;
                        if (*p == 'u' && sscanf(p + 1, "%4x", &u) == 1 &&
                            strspn(p + 1, "0123456789abcdefABCDEF") >= 4) {
                                t[k++] = u > 0 && u < 0x80 ? (char) u : '?';
                                p += 4;
                        } else
                                t[k++] = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
                }
                t[k] = 0;
                int r = programs_reread(j, what, t, k);
                if (r != 0)
                        return r;
                p += *p ? 1 : 0;
        }
        return 0;
}

int reread_sql_fed(Judge *j, const Line *ln, const Stage *st, const Stage *prev) {
        char name[256];
        const char *p = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], name, sizeof name) : NULL;
        if (!p || !streq_any(p, (const char *const[]){"psql", "mysql", "mariadb", NULL}))
                return 0;
        /* echo 'SELECT count(*) FROM t;' | psql: SQL too; another program's
         * output, as the texts it is fed */
        int r = prev ? sql_printed(j, p, prev) : 2;
        /* { echo '\! CMD'; echo 'SELECT 1;'; } | psql: a compound's output, its
         * lines not modelled (its last command alone is judged) */
        if (r == 0 && prev->led && memchr(ln->text, '\\', ln->n))
                return judge_refuse(j,
                                    "a compound command's output piped to %s, in a line holding a "
                                    "backslash: a shell escape, not modelled",
                                    p);
        if (r != 0 && r != 2)
                return r;
        bool other = r == 0;
        for (size_t i = 0; i < st->n_redir; i++) {
                _cleanup_free_ char *t = NULL;
                r = shells_fed_text(ln, st, i, &t);
                if (r > 0)
                        r = reread_sql_client(j, p, t);
                if (r != 0)
                        return r;
        }
        return other ? 3 : 2;
}

int reread_exec_options(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        char buf[1024];
        int r0 = configcmds_judge(j, name, w, n); /* apt -o K=CMD, cargo --config K=CMD */
        if (r0 != 0)
                return r0;
        bool tar = streq(name, "tar");
        const char *first = tar && n > 1 ? programs_plain(w[1], buf, sizeof buf) : NULL;
        if (first && first[0] != '-' &&
            strpbrk(first, "IF")) /* tar cIf CMD ARCHIVE: in the letters' order */
                for (size_t k = 2; k < n; k++) {
                        _cleanup_free_ char *t = programs_word_text(w[k]);
                        if (!t)
                                return -ENOMEM;
                        int r = judge_exec_value(j, name, "-I", t, w[k]);
                        if (r != 0)
                                return r;
                }
        bool mysql = streq(name, "mysql") || streq(name, "mariadb"), psql = streq(name, "psql");
        const char *so = psql ? "-c" : "-e", *lo = psql ? "--command" : "--execute";
        size_t lo_n = strlen(lo);
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || a[0] != '-')
                        continue;
                if (streq(a, "--"))
                        break;
                const char *sql = NULL;
                if ((mysql || psql) && (streq(a, so) || streq(a, lo)) && k + 1 < n)
                        sql = "";
                else if ((mysql || psql) && ((strncmp(a, lo, lo_n) == 0 && a[lo_n] == '=') ||
                                             (strncmp(a, so, 2) == 0 && a[2] && a[1] != '-')))
                        sql = a[1] == '-' ? a + lo_n + 1 : a + 2;
                if (sql) {
                        _cleanup_free_ char *t = sql[0] ? strdup(sql) : programs_word_text(w[k + 1]);
                        int r = t ? reread_sql_client(j, name, t) : -ENOMEM;
                        if (r != 0)
                                return r;
                }
                const char *eq = strchr(a, '=');
                for (const char *const *o = exec_options; *o; o++) {
                        size_t len = strlen(*o);
                        if (streq(*o, "-c") &&
                            (streq_any(name, c_is_data) || ex_words_plain(name, w, n, NULL)))
                                continue;
                        /* alias python3=bash: the name may be another program's (31v 2) */
                        if (code_as_written(name, *o, a, w, n, k) &&
                            !(j->text && memmem(j->text, j->text_n, "alias", 5)))
                                continue;
                        /* man's -P PAGER, -H BROWSER; no other's */
                        if ((streq(*o, "-P") || streq(*o, "-H")) && !streq(name, "man") &&
                            !strchr(name, ' '))
                                continue;
                        int r = 0;
                        const char *value = NULL;
                        /* --comm=, --to-co=, --checkpoint-act=: a prefix is the option,
                         * of its own program only (npx prettier --check is no tar's) */
                        bool prefix = (*o)[1] == '-' && owns_option(name, *o) &&
                                      programs_long_is(a, *o + 2, &value);
                        if (prefix && value)
                                r = judge_exec_value(j, name, *o, value, w[k]);
                        else if (strncmp(a, *o, len) == 0 && eq && (size_t) (eq - a) == len)
                                r = judge_exec_value(j, name, *o, eq + 1, w[k]);
                        else if ((streq(a, *o) || prefix) && k + 1 < n) {
                                _cleanup_free_ char *t = programs_word_text(w[k + 1]);
                                if (!t)
                                        return -ENOMEM;
                                r = judge_exec_value(j, name, *o, t, w[k + 1]);
                        } else if ((*o)[1] != '-' && strlen(*o) == 2 && strncmp(a, *o, 2) == 0 && a[2] &&
                                   a[2] != '=') /* getopt's glued -cCMD, -P'PAGER' */
                                r = judge_exec_value(j, name, *o, a + 2, w[k]);
                        if (r != 0)
                                return r;
                }
                /* tar -I CMD, -F SCRIPT: tar's own; bundled (-cI CMD) or
                 * attached (-I'CMD', -cI'CMD') */
                const char *letter = tar && a[1] != '-' ? strpbrk(a + 1, "IF") : NULL;
                if (letter) {
                        _cleanup_free_ char *t = letter[1]   ? strdup(letter + 1)
                                                 : k + 1 < n ? programs_word_text(w[k + 1])
                                                             : strdup("");
                        if (!t)
                                return -ENOMEM;
                        int r = judge_exec_value(j, name, "-I", t,
                                                 letter[1] || k + 1 >= n ? w[k] : w[k + 1]);
                        if (r != 0)
                                return r;
                }
        }
        /* make X='$$(git log -p)': a recipe that uses $(X) hands the shell $(...) */
        for (size_t k = 1; (streq(name, "make") || streq(name, "gmake")) && k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                const char *eq = t[0] != '-' ? strchr(t, '=') : NULL;
                if (!eq || (!strstr(eq, "$$(") && !strchr(eq, '`'))) /* -Wl,-rpath,$$ORIGIN: a word */
                        continue;
                char *v = strdup(eq + 1), *o = v;
                if (!v)
                        return -ENOMEM;
                for (const char *q = v; *q; q++) { /* $$ is make's $ */
                        if (q[0] == '$' && q[1] == '$')
                                q++;
                        *o++ = *q;
                }
                *o = 0;
                int r = programs_reread(j, "a make variable's value, which a recipe's shell may run", v,
                                        strlen(v));
                free(v);
                if (r != 0)
                        return r;
        }
        /* go test -exec CMD, go build -toolexec CMD, go vet -vettool=PROG: go runs
         * CMD with the binary (one dash or two, = or the next word) */
        for (size_t k = 1; streq(name, "go") && k < n; k++) {
                char o[64];
                const char *a = programs_plain(w[k], o, sizeof o);
                if (!a || a[0] != '-')
                        continue;
                const char *opt = a + (a[1] == '-' ? 2 : 1), *eq = strchr(opt, '=');
                size_t len = eq ? (size_t) (eq - opt) : strlen(opt);
                bool runs = (len == 4 && strncmp(opt, "exec", 4) == 0) ||
                            (len == 8 && strncmp(opt, "toolexec", 8) == 0) ||
                            (len == 7 && strncmp(opt, "vettool", 7) == 0);
                if (!runs || (!eq && k + 1 >= n))
                        continue;
                _cleanup_free_ char *t = eq ? programs_word_text(w[k]) : programs_word_text(w[k + 1]);
                if (!t)
                        return -ENOMEM;
                const char *v = eq ? strchr(t, '=') + 1 : t;
                int r = judge_exec_value(j, name, "-exec", v, eq ? w[k] : w[k + 1]);
                if (r != 0)
                        return r;
        }
        /* ssh -o ProxyCommand=CMD (or a space), LocalCommand, KnownHostsCommand */
        if (streq(name, "ssh") || streq(name, "scp") || streq(name, "sftp") || streq(name, "rsync"))
                for (size_t k = 1; k < n; k++) {
                        _cleanup_free_ char *t = programs_word_text(w[k]);
                        if (!t)
                                return -ENOMEM;
                        const char *c = strcasestr(t, "command");
                        if (c && (c[7] == '=' || c[7] == ' ' || c[7] == '\t')) {
                                int r = judge_exec_value(j, name, "-o ...Command", c + 8, w[k]);
                                if (r != 0)
                                        return r;
                        }
                }
        return 0;
}
