/* SPDX-License-Identifier: MIT */
/*
 * Programs with a command language of their own that can run a shell
 * (command-internal.h): vim's Ex (-c, --cmd, +CMD: !, :r !, system()),
 * gdb's commands (-ex: shell, !, pipe, python), tmux's shell commands
 * (new-window CMD, run-shell, send-keys), and make's or ssh's file read
 * from the line's own input (make -f -, ssh -F /dev/stdin). It must not
 * lex: a tmux command is handed to programs_reread, which judges it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

static bool in(const char *s, const char *const *list) {
        for (; s && *list; list++)
                if (streq(s, *list))
                        return true;
        return false;
}

/* Does an Ex command line run a shell or a script? A ! that starts a
 * command (after a range) or follows a space (:r !cmd, :w !cmd; not :wq!,
 * a force), or a word that calls out (system(), :terminal, :execute, the
 * script interfaces, :source, :normal, which can type any of them). */
static bool ex_runs(const char *v) {
        static const char *const words[] = {"system", "term", "exe", "py",   "lua",  "perl", "ruby", "mz",
                                            "tcl",    "sour", "so ", "norm", "call", "!",    NULL};
        for (const char *const *w = words; *w; w++) {
                const char *p = strcasestr(v, *w);
                if (!p)
                        continue;
                if (!streq(*w, "!"))
                        return true;
                for (; p; p = strchr(p + 1, '!')) /* a bang after a letter is a force */
                        if (p == v || !((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z')))
                                return true;
        }
        return false;
}

/* gdb's commands that run a shell or a script. */
static bool gdb_runs(const char *v) {
        static const char *const words[] = {"shell", "!",  "pipe",   "|",    "python", "pi",
                                            "guile", "gu", "source", "eval", "make",   NULL};
        for (const char *const *w = words; *w; w++)
                if (strcasestr(v, *w))
                        return true;
        return false;
}

/* A file read from the line's own input or a substitution: what it holds
 * is not in the words (make -f -, ssh -F /dev/stdin, -f <(...)). */
static bool from_input(const ShellWord *x, const char *t) {
        return x->substitution || streq(t, "-") || streq(t, "/dev/stdin") ||
               strncmp(t, "/dev/fd/", 8) == 0 || (strncmp(t, "/proc/", 6) == 0 && strstr(t, "/fd/"));
}

/* The value of option k (-X VALUE, --long=VALUE, --long VALUE), or NULL. */
static char *value_of(const ShellWord *const *w, size_t n, size_t *k, const char *a,
                      const char *const *opts) {
        for (const char *const *o = opts; *o; o++) {
                size_t len = strlen(*o);
                if (streq(a, *o) && *k + 1 < n)
                        return programs_word_text(w[++*k]);
                if ((*o)[1] == '-' && strncmp(a, *o, len) == 0 && a[len] == '=')
                        return strdup(a + len + 1);
                if ((*o)[1] != '-' && strncmp(a, *o, len) == 0 && a[len]) /* -exCMD */
                        return strdup(a + len);
        }
        return NULL;
}

int languages_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const vims[] = {"vim",  "vi",   "ex",    "view",  "vimdiff", "nvim",
                                           "gvim", "rvim", "rview", "gview", "evim",    NULL};
        static const char *const vim_opts[] = {"-c", "--cmd", NULL};
        static const char *const gdb_opts[] = {"-ex", "-iex", "--eval-command", "--init-eval-command",
                                               "-x",  "-ix",  "--command",      "--init-command",
                                               NULL};
        static const char *const tmux_runs[] = {"new-session",
                                                "new",
                                                "new-window",
                                                "neww",
                                                "split-window",
                                                "splitw",
                                                "run-shell",
                                                "run",
                                                "respawn-pane",
                                                "respawnp",
                                                "respawn-window",
                                                "respawnw",
                                                "display-popup",
                                                "popup",
                                                "send-keys",
                                                "send",
                                                "if-shell",
                                                "if",
                                                "pipe-pane",
                                                "pipep",
                                                NULL};
        bool vim = in(name, vims), gdb = streq(name, "gdb"), tmux = streq(name, "tmux"),
             make = streq(name, "make") || streq(name, "gmake"),
             ssh = streq(name, "ssh") || streq(name, "scp") || streq(name, "sftp");
        char buf[1024];
        if (!vim && !gdb && !tmux && !make && !ssh)
                return 0;
        bool commands = false; /* tmux: past a subcommand that runs its words */
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                const char *a = t;
                if (vim) {
                        _cleanup_free_ char *v =
                                a[0] == '+' && a[1] ? strdup(a + 1) : value_of(w, n, &k, a, vim_opts);
                        if (v && ex_runs(v))
                                return judge_refuse(j, "%s's Ex command runs a shell or a script (%.40s)",
                                                    name, v);
                }
                if (gdb) {
                        _cleanup_free_ char *v = value_of(w, n, &k, a, gdb_opts);
                        if (v && gdb_runs(v))
                                return judge_refuse(j, "gdb's command runs a shell or a script (%.40s)", v);
                }
                if ((make && (streq(a, "-f") || programs_long_is(a, "file", NULL) ||
                              programs_long_is(a, "makefile", NULL))) ||
                    (ssh && streq(a, "-F"))) {
                        const char *value = strchr(a, '=');
                        const ShellWord *x = value ? w[k] : k + 1 < n ? w[k + 1] : NULL;
                        _cleanup_free_ char *f = value ? strdup(value + 1)
                                                 : x   ? programs_word_text(x)
                                                       : NULL;
                        if (f && from_input(x, f))
                                return judge_refuse(j,
                                                    "%s reads its %s from the line's input: what runs is "
                                                    "not in its words",
                                                    name, make ? "makefile" : "config");
                }
                if (tmux && !commands && a[0] != '-')
                        commands = in(programs_plain(w[k], buf, sizeof buf), tmux_runs);
                else if (tmux && commands && a[0] != '-') {
                        int r = programs_reread(j, "tmux's shell command", a, strlen(a));
                        if (r != 0)
                                return r;
                }
        }
        return 0;
}
