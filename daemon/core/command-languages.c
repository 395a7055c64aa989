/* SPDX-License-Identifier: MIT */
/*
 * Programs with a command language of their own that can run a shell
 * (command-internal.h): vim's Ex (-c, --cmd, +CMD: !, :r !, system()),
 * gdb's commands (-ex: shell, !, pipe, python), tmux's shell commands
 * (new-window CMD, run-shell, send-keys), and make's or ssh's file read
 * from the line's own input (make -f -, ssh -F /dev/stdin). It must not
 * lex: a tmux command is handed to programs_reread, which judges it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

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

/* gdb's commands that run a shell or a script, by any prefix of two
 * letters or more (gdb takes she for shell, py for python), anywhere. */
static bool gdb_runs(const char *v) {
        static const char *const words[] = {"shell",  "pipe", "python", "guile",
                                            "source", "eval", "make",   NULL};
        if (strpbrk(v, "!|"))
                return true;
        for (const char *p = v; *p;) {
                while (*p && !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
                        p++;
                size_t len = 0;
                while ((p[len] >= 'a' && p[len] <= 'z') || (p[len] >= 'A' && p[len] <= 'Z') || p[len] == '-')
                        len++;
                for (const char *const *w = words; *w && len >= 2; w++)
                        if (len <= strlen(*w) && strncasecmp(p, *w, len) == 0)
                                return true;
                p += len;
        }
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
                const char *value = NULL;
                /* --eval-c=, and gdb's -eval-command: a long one by a
                 * prefix, with two dashes or one */
                char two[256];
                snprintf(two, sizeof two, "-%s", a);
                bool is_long = (*o)[1] == '-' && (programs_long_is(a, *o + 2, &value) ||
                                                  (a[0] == '-' && a[1] != '-' && strlen(a) > 3 &&
                                                   programs_long_is(two, *o + 2, &value)));
                if (is_long)
                        return value ? strdup(value) : *k + 1 < n ? programs_word_text(w[++*k]) : NULL;
                if (streq(a, *o) && *k + 1 < n)
                        return programs_word_text(w[++*k]);
                if ((*o)[1] != '-' && strncmp(a, *o, len) == 0 && a[len]) /* -exCMD */
                        return strdup(a + len);
        }
        return NULL;
}

/* The file a letter of a bundle takes (make -sf -, -f-, ssh -F/dev/stdin,
 * tmux -f -), attached or the next word, or a long --file=, when it is the
 * line's own input. */
static bool file_from_input(const ShellWord *const *w, size_t n, size_t k, const char *a, char letter,
                            bool make) {
        const char *at = a[0] == '-' && a[1] != '-' ? strchr(a + 1, letter) : NULL, *value = NULL;
        bool is_long =
                make && (programs_long_is(a, "file", &value) || programs_long_is(a, "makefile", &value));
        if (!at && !is_long)
                return false;
        const ShellWord *x = value || (at && at[1]) ? w[k] : k + 1 < n ? w[k + 1] : NULL;
        _cleanup_free_ char *f = value         ? strdup(value)
                                 : at && at[1] ? strdup(at + 1)
                                 : x           ? programs_word_text(x)
                                               : NULL;
        return f && x && from_input(x, f);
}

/* Does text hold git as a word (git log, ".git", git-upload-pack; not
 * github or .gitignore's stem)? */
static bool names_git(const char *text, size_t n) {
        for (const char *p = text; (p = memmem(p, (size_t) (text + n - p), "git", 3)); p += 3) {
                bool before = p == text || !(isalnum((unsigned char) p[-1]) || p[-1] == '_'),
                     after = p + 3 == text + n || !(isalnum((unsigned char) p[3]) || p[3] == '_');
                if (before && after)
                        return true;
        }
        return false;
}

int languages_interpreter_git(Judge *j, const Line *ln, const Stage *st, const char *name,
                              const ShellWord *const *w, size_t n) {
        static const char *const interpreters[] = {"awk",     "gawk", "mawk", "nawk",   "python",  "python2",
                                                   "python3", "perl", "node", "nodejs", "ruby",    "php",
                                                   "lua",     "deno", "bun",  "tclsh",  "Rscript", NULL};
        if (!name || !(streq_any(name, interpreters) || strncmp(name, "python3.", 8) == 0) || !judge_held(j))
                return 0;
        bool git = false;
        for (size_t k = 1; k < n && !git; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                git = names_git(t, strlen(t));
        }
        for (size_t i = 0; st && i < st->n_redir && !git; i++) {
                _cleanup_free_ char *t = NULL;
                int r = shells_fed_text(ln, st, i, &t);
                if (r < 0)
                        return r;
                git = r > 0 && names_git(t, strlen(t));
        }
        if (!git)
                return 0;
        judge_mark_held(j);
        return judge_refuse(j, "%s's program names git, and the history holds a masked entry", name);
}

int languages_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const vims[] = {"vim",  "vi",   "ex",    "view",  "vimdiff", "nvim",
                                           "gvim", "rvim", "rview", "gview", "evim",    NULL};
        static const char *const vim_opts[] = {"-c", "--cmd", NULL};
        static const char *const gdb_opts[] = {"-ex", "-iex", "--eval-command", "--init-eval-command",
                                               "-x",  "-ix",  "--command",      "--init-command",
                                               NULL};
        bool vim = streq_any(name, vims), gdb = streq(name, "gdb"), tmux = streq(name, "tmux"),
             make = streq(name, "make") || streq(name, "gmake"),
             ssh = streq(name, "ssh") || streq(name, "scp") || streq(name, "sftp");
        int r;
        if (!vim && !gdb && !tmux && !make && !ssh)
                return 0;
        if (ssh && (r = options_scp(j, name, w, n, NULL)) != 0) /* sftp -D'sh -c ...', scp -S./s */
                return r;
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
                        /* :e .e[n]v, :r .env: its names, as a line's */
                        if (v && (r = programs_reread(j, "vim's Ex command", v, strlen(v))) != 0)
                                return r;
                        /* :r.env, :1,$w .env, :so x: the file it names, glued or not */
                        if (v && (r = runners_ex(j, name, v)) != 0)
                                return r;
                }
                if (gdb) {
                        _cleanup_free_ char *v = value_of(w, n, &k, a, gdb_opts);
                        if (v && gdb_runs(v))
                                return judge_refuse(j, "gdb's command runs a shell or a script (%.40s)", v);
                }
                if ((make || ssh || tmux) && file_from_input(w, n, k, a, ssh ? 'F' : 'f', make))
                        return judge_refuse(
                                j, "%s reads its %s from the line's input: what runs is not in its words",
                                name, make ? "makefile" : "config");
                /* make -E TEXT, each of them, as --eval: a makefile's line */
                const char *e = make && a[0] == '-' && a[1] != '-' ? strchr(a + 1, 'E') : NULL;
                if (e) {
                        _cleanup_free_ char *v = e[1]        ? strdup(e + 1)
                                                 : k + 1 < n ? programs_word_text(w[k + 1])
                                                             : NULL;
                        if (v &&
                            (r = programs_reread(j, "make -E, a makefile line it runs", v, strlen(v))) != 0)
                                return r;
                }
                /* tmux: any word may be a shell command (new-s CMD, run-s CMD,
                 * set-hook, command-prompt -I), each judged as a line; a
                 * source of the line's input is refused */
                if (tmux && a[0] != '-') {
                        if (from_input(w[k], a))
                                return judge_refuse(j, "tmux reads commands from the line's input");
                        if ((r = programs_reread(j, "tmux's shell command", a, strlen(a))) != 0)
                                return r;
                        /* ... and as a tmux command: set-hook, if-shell, bind
                         * and run-shell take one that runs a shell command */
                        _cleanup_free_ char *c = NULL;
                        if (strchr(a, ' ') && asprintf(&c, "tmux %s", a) < 0)
                                return -ENOMEM;
                        if (c && (r = programs_reread(j, "tmux's command", c, strlen(c))) != 0)
                                return r;
                }
        }
        return 0;
}
