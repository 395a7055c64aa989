/* SPDX-License-Identifier: MIT */
/*
 * A program's options read as getopt_long reads them (command-internal.h):
 * clusters (-Sx/bin/sh), glued values (-I./s), --long=V, --long V and a
 * prefix of a long name; and the runners read with them: start-stop-daemon's
 * program, parallel's command word and modes, make's command-line
 * variables that run a shell, npm exec --call. It must not lex a line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

/* Does word a (--NAME or --NAME=V) name the long option l: exactly, or by
 * a prefix of it (getopt_long's abbreviation)? An exact name among the
 * program's own wins over a prefix of a longer one (--pipe, --pipepart). */
static bool long_names(const char *a, const char *l, const OptionSpec *spec) {
        size_t len = strcspn(a + 2, "=");
        if (strlen(l) == len && strncmp(l, a + 2, len) == 0)
                return true;
        for (const char *const *o = spec->longs; o && *o; o++)
                if (strlen(*o) == len && strncmp(*o, a + 2, len) == 0)
                        return false; /* another option, exactly */
        for (const char *const *o = spec->flags; o && *o; o++)
                if (strlen(*o) == len && strncmp(*o, a + 2, len) == 0)
                        return false;
        return programs_long_is(a, l, NULL);
}

static bool long_takes(const char *a, const OptionSpec *spec) {
        for (const char *const *o = spec->longs; o && *o; o++)
                if (long_names(a, *o, spec))
                        return true;
        return false;
}

int options_read(const ShellWord *const *w, size_t n, const OptionSpec *spec, OptionSeen seen, void *ctx,
                 size_t *ret_end) {
        char buf[1024];
        size_t k = 1;
        for (; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (streq(t, "--")) {
                        k++;
                        break;
                }
                if (t[0] != '-' || !t[1]) {
                        if (spec->permute)
                                continue;
                        break;
                }
                int r = 0;
                if (t[1] == '-') {
                        const char *eq = strchr(t, '=');
                        bool takes = long_takes(t, spec);
                        _cleanup_free_ char *v = eq                   ? strdup(eq + 1)
                                                 : takes && k + 1 < n ? programs_word_text(w[k + 1])
                                                                      : NULL;
                        if ((eq || (takes && k + 1 < n)) && !v)
                                return -ENOMEM;
                        k += takes && !eq && k + 1 < n;
                        snprintf(buf, sizeof buf, "%.*s", (int) strcspn(t, "="), t);
                        r = seen(ctx, 0, buf, v);
                } else
                        for (const char *q = t + 1; *q && r == 0; q++) {
                                if (!strchr(spec->shorts, *q)) {
                                        r = seen(ctx, *q, NULL, NULL);
                                        continue;
                                }
                                _cleanup_free_ char *v = q[1]        ? strdup(q + 1)
                                                         : k + 1 < n ? programs_word_text(w[++k])
                                                                     : strdup("");
                                if (!v)
                                        return -ENOMEM;
                                r = seen(ctx, *q, NULL, v);
                                break;
                        }
                if (r != 0)
                        return r;
        }
        if (ret_end)
                *ret_end = k > n ? n : k;
        return 0;
}

/* ---- start-stop-daemon: -x/--exec PROG, -a/--startas PROG, -- ARGS ---- */

typedef struct Daemon {
        char *exec, *startas;
} Daemon;

static int daemon_seen(void *ctx, char letter, const char *name, const char *v) {
        static const OptionSpec none = {0};
        Daemon *d = ctx;
        char **to = letter == 'x' || (name && long_names(name, "exec", &none))      ? &d->exec
                    : letter == 'a' || (name && long_names(name, "startas", &none)) ? &d->startas
                                                                                    : NULL;
        if (!to || !v)
                return 0;
        free(*to);
        return (*to = strdup(v)) ? 0 : -ENOMEM;
}

int options_daemon_line(const ShellWord *const *w, size_t n, char **ret_line) {
        static const char *const daemon_longs[] = {
                "pid",    "pidfile", "exec",      "name",           "user",    "group", "signal",
                "retry",  "startas", "nicelevel", "procsched",      "iosched", "umask", "chuid",
                "chroot", "chdir",   "output",    "notify-timeout", NULL};
        static const char *const daemon_flags[] = {
                "start",      "stop",         "status",         "test",    "oknodo",   "quiet",
                "background", "make-pidfile", "remove-pidfile", "verbose", "no-close", "notify-await",
                NULL};
        static const OptionSpec spec = {
                .shorts = "pxnugsRaNPIkcrdOT",
                .longs = daemon_longs,
                .flags = daemon_flags,
                .permute = true,
        };
        Daemon d = {0};
        size_t end = n;
        int r = options_read(w, n, &spec, daemon_seen, &d, &end);
        const char *prog = d.startas ? d.startas : d.exec;
        size_t dd = n; /* the words after "--" are its arguments */
        for (size_t k = 1; r == 0 && k < n && dd == n; k++)
                if (programs_word_is(w[k], "--"))
                        dd = k;
        char **t = r == 0 && prog ? calloc(n + 1, sizeof *t) : NULL;
        size_t m = 0;
        bool ok = t && (t[m++] = strdup(prog)) != NULL;
        for (size_t k = dd + 1; ok && k < n; k++)
                ok = (t[m++] = programs_word_text(w[k])) != NULL;
        *ret_line = ok ? git_shell_line("", (const char *const *) t, m) : NULL;
        for (size_t k = 0; t && k < m; k++)
                free(t[k]);
        free(t);
        free(d.exec);
        free(d.startas);
        if (r != 0)
                return r;
        if (!prog)
                return 0;
        return *ret_line ? 1 : -ENOMEM;
}

/* ---- GNU parallel: the options that take a value, and its modes ---- */

typedef struct Parallel {
        bool piped, semaphore;
} Parallel;

static int parallel_seen(void *ctx, char letter, const char *name, const char *v) {
        static const char *const piped[] = {"pipe", "pipepart", "spreadstdin", NULL};
        static const char *const semaphore[] = {
                "semaphore", "semaphorename", "id", "semaphoretimeout", "st", "fg", "bg", NULL};
        static const OptionSpec none = {0};
        Parallel *p = ctx;
        (void) v;
        for (const char *const *o = piped; name && *o; o++)
                p->piped = p->piped || long_names(name, *o, &none);
        for (const char *const *o = semaphore; name && *o; o++)
                p->semaphore = p->semaphore || long_names(name, *o, &none);
        (void) letter;
        return 0;
}

int options_parallel(const ShellWord *const *w, size_t n, size_t *ret_first, bool *ret_piped,
                     bool *ret_semaphore) {
        static const char *const parallel_longs[] = {"jobs",
                                                     "sshlogin",
                                                     "arg-file",
                                                     "max-args",
                                                     "delimiter",
                                                     "joblog",
                                                     "semaphorename",
                                                     "id",
                                                     "semaphoretimeout",
                                                     "st",
                                                     "block",
                                                     "block-size",
                                                     "recstart",
                                                     "recend",
                                                     "colsep",
                                                     "basefile",
                                                     "bf",
                                                     "workdir",
                                                     "wd",
                                                     "tmpdir",
                                                     "tempdir",
                                                     "results",
                                                     "res",
                                                     "sshloginfile",
                                                     "slf",
                                                     "timeout",
                                                     "load",
                                                     "memfree",
                                                     "nice",
                                                     "retries",
                                                     "delay",
                                                     "env",
                                                     "termseq",
                                                     "tagstring",
                                                     "rpl",
                                                     "halt",
                                                     "limit",
                                                     "max-chars",
                                                     "max-replace-args",
                                                     "max-lines",
                                                     "arg-sep",
                                                     "arg-file-sep",
                                                     "profile",
                                                     "return",
                                                     "transferfile",
                                                     "tf",
                                                     "ssh",
                                                     "sqlmaster",
                                                     "sqlworker",
                                                     "sqlandworker",
                                                     "group-by",
                                                     "shard",
                                                     "bin",
                                                     "template",
                                                     "eof",
                                                     "replace",
                                                     "seqreplace",
                                                     "tmux-length",
                                                     "resume-failed-jobs",
                                                     "max-procs",
                                                     NULL};
        static const char *const parallel_flags[] = {"pipe", "pipepart", "semaphore", "fg", "bg", NULL};
        static const OptionSpec spec = {
                .shorts = "jSaPIdnNCELs",
                .longs = parallel_longs,
                .flags = parallel_flags,
        };
        Parallel p = {0};
        int r = options_read(w, n, &spec, parallel_seen, &p, ret_first);
        *ret_piped = p.piped;
        *ret_semaphore = p.semaphore || (n > 0 && programs_word_is(w[0], "sem"));
        return r;
}

/* ---- make NAME:=$(shell ...), NAME!=CMD on its command line ---- */

/* The text of each $(shell ...) or ${shell ...} in v, judged as a line
 * (their parentheses balanced; unbalanced: refused). */
static int make_shells(Judge *j, const char *name, const char *v) {
        for (const char *s = v; (s = strstr(s, "shell")) != NULL; s++) {
                if (s < v + 2 || s[-2] != '$' || (s[-1] != '(' && s[-1] != '{') ||
                    (s[5] != ' ' && s[5] != '\t'))
                        continue;
                char open = s[-1], close = open == '(' ? ')' : '}';
                int depth = 1;
                const char *e = s + 5;
                for (; *e && depth > 0; e++)
                        depth += *e == open ? 1 : *e == close ? -1 : 0;
                if (depth > 0)
                        return judge_refuse(j, "%s's $(shell ...) in a variable: a command line not read",
                                            name);
                int r = programs_reread(j, "make's $(shell ...), a command line it runs", s + 6,
                                        (size_t) (e - 1 - (s + 6)));
                if (r != 0)
                        return r;
        }
        return 0;
}

static char *short_value(const ShellWord *const *w, size_t n, size_t k, const char *letters);

/* Each line of a makefile text (a command-line variable, --eval's text):
 * NAME != CMD (blanks or none around the operator) runs CMD at once, and a
 * $(shell CMD) anywhere in it may. */
static int make_lines(Judge *j, const char *name, const char *text) {
        for (const char *l = text; *l;) {
                size_t len = strcspn(l, "\n");
                _cleanup_free_ char *line = strndup(l, len);
                if (!line)
                        return -ENOMEM;
                l += len + (l[len] == '\n');
                char *eq = strchr(line, '=');
                char *op = eq && eq > line && eq[-1] == '!' ? eq - 1 : NULL;
                size_t name_len = op ? (size_t) (op - line) : 0;
                while (name_len > 0 && (line[name_len - 1] == ' ' || line[name_len - 1] == '\t'))
                        name_len--;
                int r = 0;
                if (op && name_len > 0 && strcspn(line, " \t") >= name_len) /* NAME != CMD */
                        r = programs_reread(j, "make's NAME!=, a command line it runs", eq + 1,
                                            strlen(eq + 1));
                if (r == 0)
                        r = make_shells(j, name, line);
                if (r != 0)
                        return r;
        }
        return 0;
}

/* A makefile the line feeds make (echo 'all: ; @echo hi' | make -f -):
 * its lines as make's (NAME != CMD, $(shell CMD)), and its recipes as
 * command lines: a line after a tab, and what follows a rule's ';', with
 * make's prefixes @, - and + dropped. */
/* text with each of make's lines ending in a backslash joined to the next,
 * as make 4.3 joins them: a recipe's (after the recipe prefix, a tab or
 * .RECIPEPREFIX's, or a rule's ';') keeps backslash-newline for the shell,
 * which drops it (the next line's leading prefix make drops first);
 * another line's become one blank. */
static char *make_joined(const char *text, char prefix) {
        size_t n = strlen(text), m = 0;
        char *t = malloc(n + 1);
        if (!t)
                return NULL;
        bool recipe = false, start = true;
        for (size_t i = 0; i < n; i++) {
                if (start) {
                        size_t len = strcspn(text + i, "\n"), colon = strcspn(text + i, ":");
                        recipe = text[i] == prefix ||
                                 (colon < len && memchr(text + i + colon, ';', len - colon) != NULL);
                        start = false;
                }
                size_t odd = 0;
                while (i + odd < n && text[i + odd] == '\\')
                        odd++;
                if (odd % 2 == 1 && text[i + odd] == '\n') { /* a backslash-newline ends the line */
                        memcpy(t + m, text + i, odd - 1);
                        m += odd - 1;
                        i += odd + 1;
                        if (recipe)
                                i += i < n && text[i] == prefix;
                        else {
                                while (m > 0 && (t[m - 1] == ' ' || t[m - 1] == '\t'))
                                        m--;
                                i += strspn(text + i, " \t");
                                t[m++] = ' ';
                        }
                        i--;
                        continue;
                }
                if (odd > 0) {
                        memcpy(t + m, text + i, odd);
                        m += odd, i += odd - 1;
                        continue;
                }
                t[m++] = text[i];
                start = text[i] == '\n';
        }
        t[m] = 0;
        return t;
}

/* The recipe prefixes a makefile may use: a tab, and each byte a
 * .RECIPEPREFIX assignment in s sets (in the text, on make's command line
 * or in MAKEFLAGS: the line's text; a quote around it taken too). */
static size_t make_prefixes(const char *s, char *p, size_t size) {
        size_t m = 0;
        p[m++] = '\t';
        for (const char *q = s; s && (q = strstr(q, ".RECIPEPREFIX")) != NULL;) {
                q += strlen(".RECIPEPREFIX");
                q += strspn(q, " \t:+?!");
                if (*q != '=')
                        continue;
                q += 1 + strspn(q + 1, " \t");
                for (size_t k = 0; k < 3 && q[k] && !strchr("\n\\ \t", q[k]) && m < size; k++)
                        if (!memchr(p, q[k], m))
                                p[m++] = q[k];
        }
        return m;
}

/* The text's lines as make reads them with prefix its recipe prefix. */
static int make_text_prefixed(Judge *j, const char *name, const char *written, char prefix) {
        _cleanup_free_ char *text = make_joined(written, prefix);
        if (!text)
                return -ENOMEM;
        int r = make_lines(j, name, text);
        for (const char *l = text; r == 0 && *l;) {
                size_t len = strcspn(l, "\n");
                _cleanup_free_ char *line = strndup(l, len);
                if (!line)
                        return -ENOMEM;
                l += len + (l[len] == '\n');
                const char *c = line[0] == prefix ? line + 1 : NULL, *colon = strchr(line, ':');
                if (!c && colon && strchr(colon, ';'))
                        c = strchr(colon, ';') + 1;
                while (c && *c && strchr(" \t@-+", *c))
                        c++;
                if (c && *c)
                        r = programs_reread(j, "a recipe of a makefile the line gives make", c, strlen(c));
        }
        return r;
}

int options_make_text(Judge *j, const char *name, const char *written) {
        /* make reads CR LF as a newline (a backslash before it joins) */
        _cleanup_free_ char *t = strdup(written);
        if (!t)
                return -ENOMEM;
        size_t m = 0;
        for (size_t i = 0; t[i]; i++)
                if (!(t[i] == '\r' && t[i + 1] == '\n'))
                        t[m++] = t[i];
        t[m] = 0;
        char p[16];
        size_t n = make_prefixes(t, p, sizeof p);
        if (j->text) {
                _cleanup_free_ char *line = strndup(j->text, j->text_n);
                if (!line)
                        return -ENOMEM;
                char q[16];
                size_t k = make_prefixes(line, q, sizeof q);
                for (size_t a = 0; a < k && n < sizeof p; a++)
                        if (!memchr(p, q[a], n))
                                p[n++] = q[a];
        }
        int r = 0;
        for (size_t a = 0; a < n && r == 0; a++)
                r = make_text_prefixed(j, name, t, p[a]);
        return r;
}

/* A justfile just runs: a recipe line ending in a backslash joined to the
 * next, the backslash and the next line's indentation dropped (as just's
 * recipe evaluation joins them), judged as a shell's text. */
int options_just_text(Judge *j, const char *what, const char *text) {
        size_t n = strlen(text), m = 0;
        _cleanup_free_ char *t = malloc(n + 1);
        if (!t)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                size_t odd = strspn(text + i, "\\");
                if (odd % 2 == 1 && text[i + odd] == '\n') {
                        memcpy(t + m, text + i, odd - 1);
                        m += odd - 1;
                        i += odd + 1;
                        i += strspn(text + i, " \t") - 1;
                        continue;
                }
                odd = odd > 0 ? odd : 1;
                memcpy(t + m, text + i, odd);
                m += odd, i += odd - 1;
        }
        t[m] = 0;
        return streq(t, text) ? 0 : programs_reread(j, what, t, m);
}

int options_make(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char shorts[] = "CEfIjloWO"; /* its letters taking a value */
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (streq(t, "--"))
                        continue;
                int r = 0;
                if (t[0] ==
                    '-') { /* --eval TEXT, -E TEXT: a makefile's lines; another option's value is none */
                        const char *ev = NULL;
                        bool eval = programs_long_is(t, "eval", &ev) && strlen(t) > 3;
                        _cleanup_free_ char *e = eval ? (ev          ? strdup(ev)
                                                         : k + 1 < n ? programs_word_text(w[k + 1])
                                                                     : NULL)
                                                      : short_value(w, n, k, "E");
                        if (e) /* its rules' recipes too, past make's @, - and + */
                                r = options_make_text(j, name, e);
                        bool value = t[1] != '-' && t[1] && strchr(shorts, t[strlen(t) - 1]);
                        k += (value && strlen(t) == 2) || (eval && !ev);
                } else if (strchr(t, '='))
                        r = make_lines(j, name, t);
                if (r != 0)
                        return r;
        }
        return 0;
}

/* ---- scripts named by an option's value, glued or not ---- */

/* The value of w[k] (a short option cluster) for one of letters: the rest
 * of the word after the letter, or the next word; NULL none. */
static char *short_value(const ShellWord *const *w, size_t n, size_t k, const char *letters) {
        _cleanup_free_ char *t = programs_word_text(w[k]);
        if (!t || t[0] != '-' || t[1] == '-' || !t[1])
                return NULL;
        const char *q = strpbrk(t + 1, letters);
        if (!q)
                return NULL;
        return q[1] ? strdup(q + 1) : k + 1 < n ? programs_word_text(w[k + 1]) : NULL;
}

/* ssh's -o KEY VALUE (a blank, not '='): VALUE of a ...Command key. */
static const char *command_key(const char *v) {
        size_t key = strcspn(v, " \t=");
        if (key < 7 || strncasecmp(v + key - 7, "command", 7) != 0 || !v[key])
                return NULL;
        return v + key + 1 + strspn(v + key + 1, " \t=");
}

/* scp's and sftp's options as their getopt reads them: -S PROGRAM (ssh's
 * stand-in) and -D (scp's sftp server, sftp's server command line), glued
 * (-S./s), clustered (-rS./s, -qD./s) or the next word. */
static const OptionSpec scp_options = {.shorts = "cDFiJloPSX", .permute = true};
static const OptionSpec sftp_options = {.shorts = "BbcDFiJloPRSsX", .permute = true};

typedef struct ScpSeen {
        Judge *j;
        const char *name;
        OptionNote note; /* noting the program, or (NULL) judging it */
} ScpSeen;

static int scp_seen(void *ctx, char letter, const char *name, const char *v) {
        ScpSeen *c = ctx;
        char what[64];
        (void) name;
        if ((letter != 'S' && letter != 'D') || !v)
                return 0;
        if (c->note) {
                c->note(c->j, v);
                return 0;
        }
        snprintf(what, sizeof what, "%s -%c, a program it runs", c->name, letter);
        return programs_reread(c->j, what, v, strlen(v));
}

int options_scp(Judge *j, const char *name, const ShellWord *const *w, size_t n, OptionNote note) {
        bool scp = streq(name, "scp");
        if (!scp && !streq(name, "sftp"))
                return 0;
        ScpSeen c = {j, name, note};
        return options_read(w, n, scp ? &scp_options : &sftp_options, scp_seen, &c, NULL);
}

void options_note_scripts(Judge *j, const ShellWord *const *w, size_t n, OptionNote note) {
        static const char *const shells_[] = {"sh", "bash", "dash", "zsh", "ksh", "source", ".", NULL};
        char name[256];
        for (size_t i = 0; i < n; i++) { /* MAKEFILES=F (make, export): each F read as a makefile */
                _cleanup_free_ char *t = programs_word_text(w[i]);
                if (t && strncmp(t, "MAKEFILES=", 10) == 0) /* each F by its name, ./F when bare */
                        for (char *f = t + 10; *(f += strspn(f, " \t")); f += strcspn(f, " \t")) {
                                char dotted[512];
                                int len = (int) strcspn(f, " \t");
                                if (snprintf(dotted, sizeof dotted, "%s%.*s",
                                             memchr(f, '/', (size_t) len) ? "" : "./", len,
                                             f) < (int) sizeof dotted)
                                        note(j, dotted);
                        }
        }
        for (size_t i = 0; i < n; i++) {
                const char *p = programs_name(w[i], name, sizeof name);
                if (!p)
                        continue;
                bool tar = streq(p, "tar") || streq(p, "gtar") || streq(p, "bsdtar"),
                     ssh = streq(p, "ssh") || streq(p, "scp") || streq(p, "sftp"),
                     make = streq(p, "make") || streq(p, "gmake"), par = streq(p, "parallel"),
                     xargs = streq(p, "xargs");
                if (streq(p, "scp") || streq(p, "sftp")) /* scp -S./s, sftp -qD./s */
                        (void) options_scp(j, p, w + i, n - i, note);
                const char *letters = tar                 ? "IF"
                                      : streq(p, "rsync") ? "e"
                                      : ssh               ? "o"
                                      : streq(p, "env")   ? "S"
                                                          : NULL;
                for (size_t k = i + 1; k < n; k++) {
                        _cleanup_free_ char *v = letters ? short_value(w, n, k, letters) : NULL;
                        _cleanup_free_ char *t = programs_word_text(w[k]);
                        if (!t)
                                return;
                        const char *c = v && ssh ? command_key(v) : v;
                        if (c) /* tar -I./s, -cI./s, rsync -e./s, ssh -o 'ProxyCommand ./s', env -S ./s */
                                note(j, c);
                        const char *eq = make ? strchr(t, '=') : NULL;
                        /* make -f F (relative to -C DIR: F by its name alone) */
                        _cleanup_free_ char *f = make ? short_value(w, n, k, "f") : NULL;
                        const char *fv = NULL;
                        if (f || (make && (programs_long_is(t, "file", &fv) ||
                                           programs_long_is(t, "makefile", &fv))))
                                fv = f ? f : fv;
                        if (f || fv ||
                            (make && (streq(t, "--file") || streq(t, "--makefile")) && k + 1 < n)) {
                                _cleanup_free_ char *x = fv ? strdup(fv) : programs_word_text(w[k + 1]);
                                char dotted[512];
                                if (x && snprintf(dotted, sizeof dotted, "./%s", x) < (int) sizeof dotted)
                                        note(j, dotted);
                        }
                        /* make --eval='include F', -E 'include F': F a makefile */
                        _cleanup_free_ char *e = make ? short_value(w, n, k, "E") : NULL;
                        _cleanup_free_ char *e2 = make && streq(t, "--eval") && k + 1 < n
                                                          ? programs_word_text(w[k + 1])
                                                          : NULL;
                        const char *ev = e                                       ? e
                                         : e2                                    ? e2
                                         : make && strncmp(t, "--eval=", 7) == 0 ? t + 7
                                                                                 : NULL;
                        ev = ev ? ev + strspn(ev, " \t-s") : NULL;
                        if (ev && strncmp(ev, "include", 7) == 0 && (ev[7] == ' ' || ev[7] == '\t'))
                                for (char *g = (char *) ev + 7; *(g += strspn(g, " \t"));
                                     g += strcspn(g, " \t"))
                                        note(j, g);
                        if (eq && strncmp(t, "SHELL", 5) == 0 && strspn(t + 5, ":") == (size_t) (eq - t - 5))
                                note(j, eq + 1); /* make SHELL:=./s, SHELL::=./s */
                        /* parallel ::: ./s (no command: each argument one),
                         * xargs -a FILE sh: a script named by the input */
                        size_t cmd = n; /* parallel's first operand, past its options */
                        bool piped = false, sem = false;
                        if (par && streq(t, ":::") && options_parallel(w + i, n - i, &cmd, &piped, &sem) < 0)
                                return;
                        /* env --split-string=./s, --split-string ./s */
                        const char *split = NULL;
                        if (streq(p, "env") && programs_long_is(t, "split-string", &split)) {
                                _cleanup_free_ char *sv = split       ? strdup(split)
                                                          : k + 1 < n ? programs_word_text(w[k + 1])
                                                                      : NULL;
                                if (sv)
                                        note(j, sv);
                        }
                        if (par && i + cmd == k && streq(t, ":::"))
                                for (size_t a = k + 1; a < n && !programs_word_is(w[a], ":::"); a++) {
                                        _cleanup_free_ char *s = programs_word_text(w[a]);
                                        if (s)
                                                note(j, s);
                                }
                        if (xargs && t[0] != '-' && streq_any(t, shells_))
                                j->scripts_many = true;
                }
        }
}
