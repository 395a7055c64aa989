/* SPDX-License-Identifier: MIT */
/*
 * Programs that hand their words or their input to a shell or to a
 * command language (command-internal.h): capsh's words after --, watch's
 * -x/--exec words, the scripts npm pkg set stores (scripts.X=, scripts[X]=, --json), su/runuser USER
 * ARGS (a shell given ARGS), runuser -u USER PROG ARGS, GNU parallel CMD ::: ARGS, newgrp's, sg's and
 * su's shell reading a process substitution or a pipe, a command option's value made when the line
 * runs (su -c"$(cat F)", flock --command="$C"), the names of a process's own output a copy hands a
 * file back to (cp F /dev/stdout), and a file of commands read from a process
 * substitution (tmux -f <(...), ssh -F, ninja -f, mim -f, make -f). It
 * must not judge what it hands on: command_judge does, a level deeper.
 */
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* PROG and the words w[from..n) as one command line, each word quoted. */
static int line_of(const char *prog, const ShellWord *const *w, size_t n, size_t from, char **ret_s) {
        char **t = calloc(n + 2, sizeof *t);
        if (!t)
                return -ENOMEM;
        size_t m = 0;
        bool ok = !prog || (t[m++] = strdup(prog)) != NULL;
        for (size_t k = from; ok && k < n; k++)
                ok = (t[m++] = programs_word_text(w[k])) != NULL;
        char *line = ok ? git_shell_line("", (const char *const *) t, m) : NULL;
        for (size_t k = 0; k < m; k++)
                free(t[k]);
        free(t);
        if (!line)
                return -ENOMEM;
        *ret_s = line;
        return 1;
}

/* capsh [OPTS] -- ARGS runs /bin/bash ARGS (--shell=PROG: PROG ARGS). */
static int capsh_line(const ShellWord *const *w, size_t n, char **ret_s) {
        char o[256], shell[256] = "/bin/bash";
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], o, sizeof o);
                if (!a) {
                        _cleanup_free_ char *t = programs_word_text(w[k]);
                        if (!t)
                                return -ENOMEM;
                        if (strncmp(t, "--shell=", 8) == 0) /* a computed shell: a program unseen */
                                snprintf(shell, sizeof shell, "%s", "\"$x\"");
                        continue;
                }
                if (strncmp(a, "--shell=", 8) == 0)
                        snprintf(shell, sizeof shell, "%s", a + 8);
                else if (streq(a, "--"))
                        return line_of(shell, w, n, k + 1, ret_s);
        }
        return 0;
}

/* watch -x PROG ARGS (-x in a bundle, --exec): PROG ARGS, as exec runs
 * them; without it watch joins its words for sh -c (command-strings.c). */
static int watch_line(const ShellWord *const *w, size_t n, char **ret_s) {
        static const char *const valued[] = {"--interval", "--differences", "--equexit", NULL};
        char o[256];
        bool exec = false;
        size_t k = 1;
        for (; k < n; k++) {
                const char *a = programs_plain(w[k], o, sizeof o);
                if (!a || a[0] != '-' || streq(a, "-"))
                        break;
                if (streq(a, "--")) {
                        k++;
                        break;
                }
                if (a[1] == '-') {
                        exec = exec || programs_long_is(a, "exec", NULL);
                        k += streq_any(a, valued) && !strchr(a, '=');
                        continue;
                }
                /* -n SECS, -q CYCLES take a value: the rest of the bundle or the next word */
                for (const char *c = a + 1; *c; c++) {
                        exec = exec || *c == 'x';
                        if (*c == 'n' || *c == 'q') {
                                k += !c[1];
                                break;
                        }
                }
        }
        return exec && k < n ? line_of(NULL, w, n, k, ret_s) : 0;
}

/* Each string of a JSON value (an object's, an array's, nested), one a
 * line, appended to *out. */
static int json_lines(const json_t *v, char **out) {
        if (json_is_string(v)) {
                char *t = NULL;
                if (asprintf(&t, "%s%s\n", *out ? *out : "", json_string_value(v)) < 0)
                        return -ENOMEM;
                free(*out);
                *out = t;
                return 0;
        }
        const char *key;
        json_t *e;
        size_t i;
        int r = 0;
        json_object_foreach((json_t *) v, key, e) {
                if (r == 0)
                        r = json_lines(e, out);
        }
        json_array_foreach(v, i, e) {
                if (r == 0)
                        r = json_lines(e, out);
        }
        return r;
}

/* npm pkg set scripts.X=CMD (scripts[X]=, scripts["X"]=; --json
 * scripts={"X":"CMD"}, scripts.X="CMD"), npm set-script X CMD: every
 * command npm would store among its scripts, one a line: what npm run X
 * hands sh -c. */
static int npm_script(const ShellWord *const *w, size_t n, char **ret_s) {
        char o[256], p[256];
        const char *a = n > 1 ? programs_plain(w[1], o, sizeof o) : NULL;
        const char *b = n > 2 ? programs_plain(w[2], p, sizeof p) : NULL;
        if (streq_ptr(a, "set-script") && n > 3) {
                *ret_s = programs_word_text(w[3]);
                return *ret_s ? 1 : -ENOMEM;
        }
        if (!streq_ptr(a, "pkg") || !streq_ptr(b, "set"))
                return 0;
        bool json = false;
        for (size_t k = 3; k < n; k++)
                json = json || programs_word_is(w[k], "--json");
        _cleanup_free_ char *out = NULL;
        for (size_t k = 3; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                char *eq = strchr(t, '=');
                if (strncmp(t, "scripts", 7) != 0 || !eq) /* scripts=, scripts.X=, scripts[X]= */
                        continue;
                json_t *v = json ? json_loads(eq + 1, JSON_DECODE_ANY, NULL) : NULL;
                int r = v ? json_lines(v, &out) : 0;
                json_decref(v);
                char *line = NULL;
                if (r == 0 && !v && asprintf(&line, "%s%s\n", out ? out : "", eq + 1) >= 0) {
                        free(out);
                        out = line;
                }
                if (r < 0 || (!v && !line))
                        return -ENOMEM;
        }
        *ret_s = TAKE_PTR(out);
        return *ret_s ? 1 : 0;
}

static bool runner_reads_input(const char *name, const ShellWord *const *w, size_t n);

/* su/runuser [OPTS] [-] USER ARGS (no -c): the user's shell given ARGS
 * (-s SHELL: that one), as bash reads a script and its arguments;
 * runuser -u USER [--] PROG ARGS: PROG ARGS, run as exec runs them. */
static int su_line(const ShellWord *const *w, size_t n, bool runuser, char **ret_s) {
        static const char *const valued[] = {"-s",      "-g",      "-G",           "-w",
                                             "--shell", "--group", "--supp-group", "--whitelist-environment",
                                             NULL};
        char o[256], path[256] = "sh";
        const char *shell = path; /* by its name: a path is a script's (script_file) */
        size_t user = 0;
        bool u = false; /* runuser -u USER: the operands are the command */
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], o, sizeof o);
                if (u && (!a || a[0] != '-' || streq(a, "-") || streq(a, "--")))
                        return line_of(NULL, w, n, k + (a && streq(a, "--")), ret_s);
                bool bundle = a && a[0] == '-' && a[1] != '-' && a[strspn(a + 1, "flmpP") + 1] == 'u';
                if (runuser && a && (programs_long_is(a, "user", NULL) || bundle)) {
                        const char *v = bundle ? a + strspn(a + 1, "flmpP") + 2 : strchr(a, '=');
                        u = true;
                        k += !(v && *v); /* -u USER, --user USER: the next word */
                        continue;
                }
                if (!a) { /* a computed word: the user, or what the shell reads */
                        if (user)
                                return line_of(shell, w, n, k, ret_s);
                        user = k;
                        continue;
                }
                if (a[0] != '-' || streq(a, "-") || streq(a, "--")) {
                        if (user && !streq(a, "-"))
                                return line_of(shell, w, n, k + streq(a, "--"), ret_s);
                        user = streq(a, "-") || streq(a, "--") ? 0 : k;
                        continue;
                }
                const char *value = NULL;
                if (programs_long_is(a, "shell", &value) && value)
                        snprintf(path, sizeof path, "%s", value);
                else if (streq_any(a, valued) && k + 1 < n) {
                        if ((streq(a, "-s") || streq(a, "--shell")) &&
                            !programs_plain(w[k + 1], path, sizeof path))
                                snprintf(path, sizeof path, "%s", "\"$x\""); /* a computed shell */
                        k++;
                } else if (a[1] != '-' && strchr(a, 's') && a[strspn(a + 1, "lmpfP") + 1] == 's')
                        snprintf(path, sizeof path, "%s", a + strspn(a + 1, "lmpfP") + 2);
                shell = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        }
        return 0;
}

int handed_string(const ShellWord *const *w, size_t n, char **ret_s, size_t *ret_rest) {
        char buf[256];
        const char *name = n > 0 ? programs_name(w[0], buf, sizeof buf) : NULL;
        int r = streq_ptr(name, "capsh")   ? capsh_line(w, n, ret_s)
                : streq_ptr(name, "watch") ? watch_line(w, n, ret_s)
                : streq_ptr(name, "npm")   ? npm_script(w, n, ret_s)
                : streq_any(name, (const char *const[]){"su", "runuser", NULL}) &&
                                runner_reads_input(name, w, n)
                        ? su_line(w, n, streq(name, "runuser"), ret_s)
                : streq_any(name, (const char *const[]){"parallel", NULL})
                        ? runners_parallel_string(w, n, ret_s)
                        : 0;
        if (r > 0)
                *ret_rest = n;
        return r;
}

/* Does a stdin runner (newgrp, sg GROUP, su/runuser with no -c) run a
 * shell that reads its input? */
static bool runner_reads_input(const char *name, const ShellWord *const *w, size_t n) {
        char o[256];
        if (streq(name, "newgrp"))
                return true;
        if (streq(name, "sg")) { /* sg [-] GROUP [[-c] CMD] */
                const char *a = n > 1 ? programs_plain(w[1], o, sizeof o) : NULL;
                return n <= (a && streq(a, "-") ? 3u : 2u);
        }
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], o, sizeof o);
                if (!a || (a[0] == '-' && a[1] != '-' && strchr(a, 'c')) ||
                    programs_long_is(a, "command", NULL) || programs_long_is(a, "session-command", NULL))
                        return false;
        }
        return true;
}

/* sudo -s, sudo -i, doas -s with no command: the user's shell, reading
 * its input. */
static bool sudo_shell(const ShellWord *const *w, size_t n) {
        char o[256];
        bool shell = false;
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], o, sizeof o);
                if (!a || a[0] != '-' || streq(a, "--"))
                        return false; /* a command (or one known when it runs) */
                if (a[1] == '-') {
                        shell = shell || programs_long_is(a, "shell", NULL) ||
                                programs_long_is(a, "login", NULL);
                        continue;
                }
                shell = shell || strpbrk(a + 1, "si");
                k += strchr("CDghpRrTUuC", a[strlen(a) - 1]) != NULL; /* -u USER: its value */
        }
        return shell;
}

const char *handed_literal_head(const ShellWord *w, char *buf, size_t size) {
        size_t i = 0;
        for (; i < w->n && i + 1 < size && w->v[i].kind == SHELL_LIT && w->v[i].c; i++)
                buf[i] = (char) w->v[i].c;
        buf[i] = 0;
        return buf;
}

/* The path a word hands a program: the word, dd's of=, a value glued to
 * an option (-o/dev/stdout, -xo../x, --output=F); NULL for none. */
static const char *handed_value(const char *word) {
        if (strncmp(word, "of=", 3) == 0)
                return word + 3;
        if (word[0] != '-')
                return word;
        if (word[1] == '-') {
                const char *eq = strchr(word, '=');
                return eq ? eq + 1 : NULL;
        }
        return strpbrk(word + 1, "/.");
}

/* v as the kernel resolves it, lexically, into clean: '//', '.' and '..'
 * gone ('..' of the root is the root; a relative path that climbs past
 * its start may reach the root, which it is taken as): true when clean is
 * an absolute path, false for one relative to where the line runs. */
static bool resolved(const char *v, char *clean, size_t size) {
        size_t k = 0;
        bool root = v[0] == '/';
        clean[0] = 0;
        for (const char *p = v; *p;) {
                while (*p == '/')
                        p++;
                size_t len = strcspn(p, "/");
                if (len == 2 && p[0] == '.' && p[1] == '.') {
                        root = root || k == 0;
                        while (k > 0 && clean[--k] != '/')
                                ;
                        clean[k] = 0;
                } else if (len > 0 && !(len == 1 && p[0] == '.')) {
                        if (k + len + 2 > size)
                                return false;
                        clean[k++] = '/';
                        memcpy(clean + k, p, len);
                        clean[k += len] = 0;
                }
                p += len;
        }
        return root;
}

bool handed_to_output(const char *path) {
        const char *v = handed_value(path);
        char clean[256];
        if (!v || !resolved(v, clean, sizeof clean))
                return false;
        /* any descriptor: 3>&1 may make it the output; /proc/self/task/T/fd/1 */
        return strncmp(clean, "/dev/std", 8) == 0 || strncmp(clean, "/dev/fd/", 8) == 0 ||
               (strncmp(clean, "/proc/", 6) == 0 && strstr(clean, "/fd/"));
}

/* Programs that take a command line from an option: its short letters,
 * its long names (getopt_long's: any prefix of one). */
static const struct {
        const char *name, *letters;
        const char *const longs[6];
} command_options[] = {
        {"su", "c", {"command", "session-command"}},
        {"runuser", "c", {"command", "session-command"}},
        {"script", "c", {"command"}},
        {"flock", "c", {"command"}},
        {"sg", "c", {NULL}},
        {"env", "S", {"split-string"}},
        {"tar",
         "IF",
         {"to-command", "use-compress-program", "info-script", "new-volume-script", "checkpoint-action"}},
        {"split", "", {"filter"}},
        {"make", "", {"eval"}},
        {"gmake", "", {"eval"}},
        {"zip", "", {"unzip-command"}},
};

/* Is the option word w[a] of this program a command option whose value
 * is made when the line runs: glued to a bundle (-c"$C", -qc"$(cat F)"),
 * after = (--command="$C", --comm="$C"), or the next word (-c "$C")? */
static bool computed_value(size_t i, const ShellWord *const *w, size_t n, size_t a) {
        char o[256];
        const char *h = handed_literal_head(w[a], o, sizeof o);
        bool more = strlen(h) < w[a]->n; /* an expansion (or a glob) after the option's bytes */
        bool next = a + 1 < n && (w[a + 1]->expansion || w[a + 1]->substitution);
        if (!h[0] && more && command_options[i].letters[0] == 'c')
                return true; /* su $O"$C", flock $OPTS F: an option made when the line runs */
        if (h[0] != '-' || !h[1] || streq(h, "--"))
                return false;
        if (h[1] == '-') {
                bool eq = strchr(h, '=') != NULL;
                for (size_t l = 0; l < ELEMENTSOF(command_options[i].longs) && command_options[i].longs[l];
                     l++)
                        if (programs_long_is(h, command_options[i].longs[l], NULL) &&
                            (eq ? more : !more && next))
                                return true;
                return false;
        }
        const char *c = command_options[i].letters[0] ? strpbrk(h + 1, command_options[i].letters) : NULL;
        return c && (more || (!c[1] && next));
}

/* Does a program among the words take a command line from an option
 * whose value is made when the line runs, in any getopt spelling (su
 * -c"$(cat F)", su --session-command="$C", script -qc"$C", flock -c "$C"
 * F, env -S"$C", tar --to-command="$C")? What it runs is not in the words:
 * a text the line feeds or writes may be it. */
static bool computed_option(const ShellWord *const *w, size_t n) {
        char buf[256];
        for (size_t k = 0; k < n; k++) {
                const char *name = programs_name(w[k], buf, sizeof buf);
                for (size_t i = 0; name && i < ELEMENTSOF(command_options); i++) {
                        if (!streq(command_options[i].name, name))
                                continue;
                        for (size_t a = k + 1; a < n; a++)
                                if (computed_value(i, w, n, a))
                                        return true;
                        return false;
                }
        }
        return false;
}

/* Does a stdin runner (su, runuser, sg, newgrp, script, sudo -s, capsh
 * --: behind env, nice, setsid, chroot, ...) run a shell that reads its
 * input: the user's shell (no -c), or a shell its command runs (runuser
 * -u U sh, su U -c sh, su U -c 'sh -s')? A command string that does not
 * lex, or is computed, may be one. */
bool handed_reads_input(const ShellWord *const *w, size_t n, int depth) {
        static const char *const runners[] = {"newgrp", "sg", "su", "runuser", "script", "capsh", NULL};
        char buf[256];
        size_t k = 0;
        const char *name = NULL;
        for (; k < n && !name; k++) { /* env su U, chroot / su U, sudo -s: a runner among the words */
                name = programs_name(w[k], buf, sizeof buf);
                name = streq_any(name, runners) ||
                                       streq_any(name, (const char *const[]){"sudo", "doas", NULL})
                               ? name
                               : NULL;
        }
        if (computed_option(w, n))
                return true;
        if (!name)
                return false;
        k--;
        if (streq(name, "sudo") || streq(name, "doas"))
                return sudo_shell(w + k, n - k);
        if (!streq(name, "capsh") && runner_reads_input(name, w + k, n - k))
                return true;
        _cleanup_free_ char *s = NULL;
        size_t rest;
        int r = programs_reread_string(w + k, n - k, &s, &rest);
        if (r <= 0)
                return r < 0;
        if (k + rest - 1 < n && !programs_plain(w[k + rest - 1], buf, sizeof buf))
                return true; /* su U -c "$C": a command known when it runs */
        _cleanup_(shell_lexed_done) ShellLexed inner = {0};
        return depth >= 4 || shell_lex(s, strlen(s), &inner) < 0 || shells_line_untied(&inner, depth + 1);
}

/* The option that names a file of commands for this program. */
static bool config_option(const char *name, const char *a) {
        bool ssh = streq_any(name, (const char *const[]){"ssh", "scp", "sftp", NULL});
        char letter = ssh ? 'F' : 'f';
        if (streq(name, "tmux") && (streq(a, "source-file") || streq(a, "source")))
                return true;
        if (streq_any(name, (const char *const[]){"make", "gmake", NULL}) &&
            (programs_long_is(a, "file", NULL) || programs_long_is(a, "makefile", NULL)))
                return true;
        size_t len = strlen(a);
        return a[0] == '-' && a[1] != '-' && len >= 2 && a[len - 1] == letter;
}

int handed_judge_input(Judge *j, const Stage *st, const Stage *prev) {
        static const char *const runners[] = {"newgrp", "sg", "su", "runuser", NULL};
        static const char *const readers[] = {"tmux", "ssh",  "scp",   "sftp", "ninja",
                                              "mim",  "make", "gmake", NULL};
        char buf[256], o[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *name = k < st->n ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        bool sub = false;
        for (size_t i = 0; i < st->n_redir; i++)
                sub = sub || streq(st->redir[i]->op, "<(");
        if (streq_any(name, runners) && (sub || prev) && runner_reads_input(name, st->w + k, st->n - k))
                return judge_refuse(j,
                                    "%s runs a shell that reads a process substitution or a pipe: its "
                                    "program is not seen",
                                    name);
        for (size_t a = k + 1; sub && streq_any(name, readers) && a < st->n; a++) {
                const char *t = programs_plain(st->w[a], o, sizeof o);
                if (t && config_option(name, t))
                        return judge_refuse(j,
                                            "%s reads a file of commands a process substitution gives: "
                                            "what runs is not in its words",
                                            name);
        }
        return 0;
}

/* Is the bare word at p (in text) set by the word before it, past its
 * options: for, select, read, printf -v, declare, typeset, local,
 * readonly, mapfile, readarray? (grep -n SHELL Makefile: no) */
static bool set_by_word(const char *text, const char *p) {
        static const char *const setters[] = {"for",     "select",    "read",    "printf",
                                              "declare", "typeset",   "local",   "readonly",
                                              "mapfile", "readarray", "getopts", NULL};
        const char *q = p;
        for (int words = 0; words < 4; words++) {
                while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
                        q--;
                const char *e = q;
                while (q > text && !strchr(" \t\n;&|(", q[-1]))
                        q--;
                if (e == q)
                        return false;
                char w[16];
                snprintf(w, sizeof w, "%.*s", (int) (e - q), q);
                if (w[0] == '-')
                        continue; /* read -r SHELL, printf -v SHELL: past the options */
                return streq_any(w, setters);
        }
        return false;
}

/* Does the text (lower-case) set npm's script-shell: --script-shell, a
 * script-shell= or script_shell= (npm_config_script_shell=, a line of a
 * .npmrc), or the name where the text says set anywhere (npm config set
 * -g script-shell X, npm set)? */
static bool npm_shell_set(const char *t) {
        static const char *const names[] = {"script-shell", "script_shell", NULL};
        if (strstr(t, "--script-shell"))
                return true;
        for (const char *const *n = names; *n; n++)
                for (const char *p = strstr(t, *n); p; p = strstr(p + 1, *n)) {
                        const char *a = p + strlen(*n);
                        a += strspn(a, " \t'\"");
                        if (*a == '=' || strstr(t, "set"))
                                return true;
                }
        return false;
}

/* Does the text (lower-case) write a .npmrc: one a redirect opens (> F,
 * >> F), or an operand of any command but those known to only read it
 * (cat .npmrc, grep registry .npmrc, [ -f .npmrc ])? */
static bool npmrc_written(const char *t) {
        static const char *const readers[] = {"cat",  "grep", "egrep", "fgrep", "rg",   "wc",  "head",
                                              "tail", "less", "more",  "ls",    "test", "[",   "[[",
                                              "diff", "stat", "file",  "jq",    "npm",  "npx", NULL};
        for (const char *p = strstr(t, ".npmrc"); p; p = strstr(p + 1, ".npmrc")) {
                const char *b = p;
                while (b > t && !strchr(" \t\n'\"<>;&|()", b[-1]))
                        b--; /* the path before it: ~/, ./ */
                while (b > t && strchr(" \t'\"", b[-1]))
                        b--;
                if (b > t && b[-1] == '>')
                        return true;
                const char *seg = b; /* the command it is an operand of */
                while (seg > t && !strchr(";&|\n(", seg[-1]))
                        seg--;
                seg += strspn(seg, " \t");
                char word[16];
                size_t n = strcspn(seg, " \t\n;&|()");
                if (n == 0 || n >= sizeof word)
                        return true;
                memcpy(word, seg, n);
                word[n] = 0;
                if (!streq_any(word, readers))
                        return true;
        }
        return false;
}

/* Is the text at v "$(which NAME)", "$(command -v NAME)" or its backquoted
 * form, NAME a shell's? */
static bool which_shell(const char *v, const char *end) {
        static const char *const forms[] = {"$(which ", "$(command -v ", "`which ", "`command -v ", NULL};
        for (const char *const *f = forms; *f; f++) {
                size_t len = strlen(*f);
                if ((size_t) (end - v) <= len || strncmp(v, *f, len) != 0)
                        continue;
                const char *n = v + len;
                size_t k = 0;
                char name[64];
                while (n + k < end && k + 1 < sizeof name &&
                       (isalnum((unsigned char) n[k]) || strchr("._-", n[k])))
                        k++;
                if (k == 0 || n + k >= end || n[k] != ((*f)[0] == '$' ? ')' : '`') ||
                    (n + k + 1 < end && !strchr(" \t\n\";&|", n[k + 1])))
                        return false; /* $(which bash)x: another program */
                memcpy(name, n, k);
                name[k] = 0;
                return programs_is_shell(name);
        }
        return false;
}

int handed_other_shell(Judge *j, const ShellLexed *l) {
        char buf[256];
        if (!judge_held(j) || !j->text)
                return 0;
        /* SHELL=python3 su -m -c S, export SHELL=...; script -c S, make SHELL=...,
         * ssh's ProxyCommand, flock -c; tmux's default-shell */
        bool sets = false;
        const char *end = j->text + j->text_n;
        for (const char *p = j->text; !sets && (p = memmem(p, (size_t) (end - p), "SHELL", 5)); p += 5) {
                char before = p > j->text ? p[-1] : ' ', after = p + 5 < end ? p[5] : ' ';
                if (isalnum((unsigned char) before) || before == '_' || before == '$' ||
                    isalnum((unsigned char) after) || after == '_')
                        continue; /* $SHELL, SHELLFLAGS: no SHELL set */
                /* ${SHELL=x}, ${SHELL:=x}: set; ${SHELL:-x}, ${SHELL}: read */
                if (before == '{') {
                        sets = after == '=' || (after == ':' && p + 6 < end && p[6] == '=');
                        continue;
                }
                /* for SHELL in, select SHELL, read SHELL, printf -v SHELL: set by a
                 * word the rule does not follow (31v 5) */
                const char *v = after == '=' ? p + 6 : (after == '+' || after == ':') ? p + 7 : NULL;
                if (!v || v > end || (after != '=' && v[-1] != '=')) {
                        sets = set_by_word(j->text, p);
                        continue;
                }
                /* make SHELL=/bin/bash: a shell; SHELL=/usr/bin/python3, SHELL="$X": not known;
                 * SHELL=$(which bash): bash, as SHELL=bash (PATH's either way) */
                if (which_shell(v + (v < end && *v == '"'), end))
                        continue;
                char value[256];
                size_t m = 0;
                for (; v < end && !strchr(" \t\n;&|)", *v) && m + 1 < sizeof value; v++)
                        if (*v != '"' && *v != '\'')
                                value[m++] = *v;
                value[m] = 0;
                const char *base = strrchr(value, '/') ? strrchr(value, '/') + 1 : value;
                sets = !base[0] || strpbrk(value, "$`") || !programs_is_shell(base);
        }
        /* npm's script-shell (--script-shell, npm_config_script_shell=, npm config
         * set, a .npmrc the line writes) runs npm -c's and npm run's strings (31w
         * 3); npm config get script-shell, cat .npmrc only read them (F31x R2) */
        /* lower-case, its quotes and backslashes gone (script-s"hell", 31y 6) */
        _cleanup_free_ char *lower = strndup(j->text, j->text_n);
        if (!lower)
                return -ENOMEM;
        char *plain = lower;
        for (const char *q = lower; *q; q++)
                if (!strchr("'\"\\", *q))
                        *plain++ = (char) tolower((unsigned char) *q);
        *plain = 0;
        /* npm config set or tmux set with a word made at run time ($'..', $k): any key */
        bool made = memchr(j->text, '$', j->text_n) || memchr(j->text, '`', j->text_n);
        sets = sets ||
               (made &&
                (strstr(lower, "config set") || strstr(lower, "npm set") ||
                 (strstr(lower, "tmux") && (strstr(lower, " set ") || strstr(lower, "set-option")))));
        /* tmux's default-shell, set (tmux show -g default-shell only reads it) */
        sets = sets || (strstr(lower, "default-shell") && strstr(lower, "set"));
        sets = sets || npm_shell_set(lower) ||
               (npmrc_written(lower) && (strstr(lower, "npm") || strstr(lower, "npx")));
        /* su USER -c S runs USER's login shell, which an earlier command may
         * have made python3 (chsh, usermod, /etc/passwd: 31v 6): S is also
         * read as an interpreter's code (git named, the lines its literals
         * hold), unless -s names a shell */
        for (size_t i = 0; !sets && i < l->n; i++) {
                const char *name =
                        l->v[i].kind == SHELL_TOKEN_WORD ? programs_name(&l->v[i].w, buf, sizeof buf) : NULL;
                if (!streq_ptr(name, "su") && !streq_ptr(name, "runuser"))
                        continue;
                const ShellWord *command = NULL;
                bool shell = false, glued = false;
                for (size_t k = i + 1; k < l->n && l->v[k].kind == SHELL_TOKEN_WORD; k++) {
                        /* the word's whole text: a glued -c'...' of any length */
                        _cleanup_free_ char *a = programs_word_text(&l->v[k].w);
                        if (!a)
                                return -ENOMEM;
                        if (streq(a, "--"))
                                break; /* runuser -u U -- psql -c ...: psql's */
                        if (a[0] != '-')
                                continue;
                        /* a bundle's letters up to -c's: its value after */
                        const char *c = NULL;
                        for (const char *q = a + 1; a[1] != '-' && *q && !c; q++) {
                                shell = shell || *q == 's';
                                c = *q == 'c' ? q : NULL;
                        }
                        shell = shell || strncmp(a, "--shell", 7) == 0;
                        bool lc =
                                strncmp(a, "--command", 9) == 0 || strncmp(a, "--session-command", 17) == 0;
                        if ((c || lc) && !command) {
                                glued = (c && c[1]) || (lc && strchr(a, '='));
                                command = glued ? &l->v[k].w : k + 1 < l->n ? &l->v[k + 1].w : NULL;
                        }
                }
                if (!command || shell)
                        continue;
                _cleanup_free_ char *t = programs_word_text(command);
                if (!t)
                        return -ENOMEM;
                const char *code = !glued ? t : strchr(t, '=') ? strchr(t, '=') + 1 : strchr(t, 'c') + 1;
                int r = argv_as_code(j, name, code);
                if (r != 0)
                        return r;
        }
        /* su -s /usr/bin/python3 -c S, runuser --shell=...: the string is no shell's */
        for (size_t i = 0; !sets && i < l->n; i++) {
                const ShellToken *t = &l->v[i];
                if (t->kind != SHELL_TOKEN_WORD)
                        continue;
                const char *name = programs_name(&t->w, buf, sizeof buf);
                if (!streq_ptr(name, "su") && !streq_ptr(name, "runuser"))
                        continue;
                for (size_t k = i + 1; k < l->n && l->v[k].kind == SHELL_TOKEN_WORD && !sets; k++) {
                        char o[256], v[256];
                        const char *a = programs_plain(&l->v[k].w, o, sizeof o), *value = NULL;
                        if (!a)
                                continue;
                        if (streq(a, "-s") && k + 1 < l->n && l->v[k + 1].kind == SHELL_TOKEN_WORD)
                                value = programs_plain(&l->v[k + 1].w, v, sizeof v);
                        else if (strncmp(a, "-s", 2) == 0 && a[1] && a[2] && a[1] != '-')
                                value = a + 2;
                        else if (a[0] == '-' && a[1] == '-' && programs_long_is(a, "shell", &value) &&
                                 !value && k + 1 < l->n && l->v[k + 1].kind == SHELL_TOKEN_WORD)
                                value = programs_plain(&l->v[k + 1].w, v, sizeof v);
                        else if (a[0] == '-' && a[1] != '-' && strchr(a + 1, 's') && !strchr(a + 1, 'c'))
                                sets = true; /* -ms VALUE bundled: not read apart */
                        if (value) {
                                const char *base = strrchr(value, '/') ? strrchr(value, '/') + 1 : value;
                                sets = !programs_is_shell(base);
                        }
                }
        }
        if (!sets)
                return 0;
        judge_mark_held(j);
        return judge_refuse(
                j, "the line chooses the program a command string runs in (SHELL, su -s, su -c's login "
                   "shell, tmux's default-shell, npm's script-shell), which may be no shell, and the "
                   "history holds a "
                   "masked entry");
}
