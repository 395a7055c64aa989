/* SPDX-License-Identifier: MIT */
/*
 * Programs with a command language of their own that can run a shell
 * (command-internal.h): vim's Ex (-c, --cmd, +CMD: !, :r !, system()),
 * gdb's commands (-ex: shell, !, pipe, python), tmux's shell commands
 * (new-window CMD, run-shell, send-keys), make's or ssh's file read from
 * the line's own input (make -f -, ssh -F /dev/stdin), and the commands a
 * program reads on its input or in its words that run a shell command
 * (ed's and Ex's !CMD, sqlite3's .shell, m4's syscmd, strace -o '|CMD',
 * what xargs hands sh -c). It must not lex: a command is handed to
 * programs_reread, which judges it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

/* Ex commands a ! after the name forces, and runs nothing (:wq!, :q!,
 * :e!, :sil! CMD): any other name a ! follows, :r!CMD (:read !CMD) among
 * them, is taken for a shell command (31z: vim -Es +'r!git log -p'). */
static const char *const ex_forced[] = {
        "q",         "qa",    "qal",         "qall",  "quit",      "quita",     "quitall",    "wq",
        "wqa",       "wqall", "x",           "xa",    "xal",       "xall",      "xi",         "xit",
        "exi",       "exit",  "w",           "wr",    "wri",       "writ",      "write",      "wa",
        "wal",       "wall",  "up",          "upd",   "upda",      "updat",     "update",     "sav",
        "save",      "savea", "saveas",      "e",     "ed",        "edi",       "edit",       "ene",
        "enew",      "bd",    "bdelete",     "bw",    "bwipeout",  "b",         "buffer",     "n",
        "next",      "N",     "Next",        "prev",  "previous",  "rew",       "rewind",     "fir",
        "first",     "la",    "last",        "sil",   "silent",    "unsil",     "unsilent",   "cq",
        "cquit",     "bun",   "bunload",     "sort",  "sor",       "g",         "global",     "v",
        "vglobal",   "filt",  "filter",      "keepj", "keepjumps", "redi",      "redir",      "mks",
        "mksession", "mkv",   "mkvimrc",     "wv",    "wviminfo",  "rv",        "rviminfo",   "hi",
        "highlight", "au",    "autocmd",     "com",   "command",   "delc",      "delcommand", "fu",
        "function",  "delf",  "delfunction", "marks", "delm",      "delmarks",  "ls",         "buffers",
        "files",     "h",     "help",        "lc",    "lcd",       "cd",        "chd",        "chdir",
        "wn",        "wnext", "wN",          "wNext", "wp",        "wprevious", "windo",      "bufdo",
        "argdo",     "tabdo", NULL};

/* Does an Ex command line run a shell or a script? A ! that starts a
 * command (after a range) or follows a space (:r !cmd, :w !cmd), or
 * follows a name not in ex_forced (:r!cmd; not :wq!, a force); or a word
 * that calls out (system(), :terminal, :execute, the script interfaces,
 * :source, :normal, which can type any of them, :make and :grep, which
 * run 'makeprg' and 'grepprg', an option naming a program or a shell, a
 * job, :diffpatch, :hardcopy; expand() and glob() of a `cmd`, feedkeys(),
 * a timer; a backquote), or a string escape that may hide any of them. */
static bool ex_runs(const char *v) {
        static const char *const words[] = {
                "system", "term", "exe",     "py",     "lua",  "perl",     "ruby",  "mz",    "tcl", "sour",
                "so ",    "so\t", "norm",    "call",   "mak",  "grep",     "prg",   "shell", "job", "diffpa",
                "hardc",  "expr", "libcall", "expand", "glob", "feedkeys", "timer", "`",     "!",   NULL};
        /* vim's own escapes in a string ("\x74", "\164", "\u0074"): any
         * name may stand behind them (31q: expand("`gi\x74 log -p`")) */
        for (const char *p = strchr(v, '\\'); p; p = strchr(p + 1, '\\'))
                if (strchr("xXuU", p[1]) || (p[1] >= '0' && p[1] <= '7' && p[2] >= '0' && p[2] <= '7'))
                        return true;
        for (const char *const *w = words; *w; w++) {
                const char *p = strcasestr(v, *w);
                if (!p)
                        continue;
                if (!streq(*w, "!"))
                        return true;
                for (; p; p = strchr(p + 1, '!')) {
                        const char *b = p;
                        while (b > v && ((b[-1] >= 'a' && b[-1] <= 'z') || (b[-1] >= 'A' && b[-1] <= 'Z')))
                                b--;
                        if (b == p) /* after a range, a blank, a bar or nothing */
                                return true;
                        char name[16];
                        size_t len = (size_t) (p - b);
                        if (len >= sizeof name)
                                return true;
                        memcpy(name, b, len);
                        name[len] = 0;
                        bool forced = false;
                        for (const char *const *f = ex_forced; *f && !forced; f++)
                                forced = streq(name, *f);
                        if (!forced)
                                return true;
                }
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

/* git under another case that runs it on any filesystem: perl's Git.pm,
 * cmake's FindGit and the variables it sets or a fetch takes */
static const char *const git_spelt[] = {
        "-MGit",   "use Git",        "require Git",    "Git::", "Git->", "find_package(Git",
        "FindGit", "GIT_EXECUTABLE", "GIT_REPOSITORY", NULL};

bool languages_git_word(const Judge *j, const char *text, size_t n, const char *p) {
        if (p + 3 > text + n || strncasecmp(p, "git", 3) != 0)
                return false;
        bool escape = p - text >= 2 && p[-2] == '\\' && strchr("nt", p[-1]); /* printf 'x\ngit' */
        bool before = p == text || escape || !(isalnum((unsigned char) p[-1]) || p[-1] == '_'),
             after = p + 3 == text + n || !(isalnum((unsigned char) p[3]) || p[3] == '_');
        if (strncmp(p, "git", 3) == 0)
                return before && after;
        /* Git, GIT: git's program where names fold (APFS), else only as git_spelt */
        bool folds = false;
        for (size_t i = 0; j && j->policy->fold && i < j->policy->n_secrets && !folds; i++)
                folds = j->policy->fold[i];
        if (folds && before && after)
                return true;
        for (const char *const *s = git_spelt; *s; s++) {
                const char *g = strcasestr(*s, "git");
                size_t lead = (size_t) (g - *s), len = strlen(*s);
                if ((size_t) (p - text) >= lead && (size_t) (text + n - (p - lead)) >= len &&
                    strncmp(p - lead, *s, len) == 0)
                        return true;
        }
        return false;
}

/* Does text hold git as a word (git log, ".git", git-upload-pack; not
 * github or .gitignore's stem), or git's program in another case
 * (languages_git_word)? */
static bool names_git(const Judge *j, const char *text, size_t n) {
        for (const char *p = text; p + 3 <= text + n; p++)
                if ((*p | 0x20) == 'g' && languages_git_word(j, text, n, p))
                        return true;
        return false;
}

int languages_interpreter_git(Judge *j, const Line *ln, const Stage *st, const char *name,
                              const ShellWord *const *w, size_t n) {
        static const char *const interpreters[] = {"awk",     "gawk", "mawk", "nawk",   "python",  "python2",
                                                   "python3", "perl", "node", "nodejs", "ruby",    "php",
                                                   "lua",     "deno", "bun",  "tclsh",  "Rscript", NULL};
        if (!name || !(streq_any(name, interpreters) || strncmp(name, "python3.", 8) == 0))
                return 0;
        int ran = argv_run(j, name, w, n);
        if (ran != 0 || !judge_held(j))
                return ran;
        bool git = false;
        for (size_t k = 1; k < n && !git; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                git = names_git(j, t, strlen(t));
        }
        for (size_t i = 0; st && i < st->n_redir && !git; i++) {
                _cleanup_free_ char *t = NULL;
                int r = shells_fed_text(ln, st, i, &t);
                if (r < 0)
                        return r;
                git = r > 0 && names_git(j, t, strlen(t));
        }
        if (!git)
                return 0;
        judge_mark_held(j);
        return judge_refuse(j, "%s's program names git, and the history holds a masked entry", name);
}

/* Does the stage read its input as a shell does (bash, sh -s, source)? */
static bool stage_shell(const Stage *st) {
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = k < st->n && !st->keyword_led ? programs_name(st->w[k], name, sizeof name) : NULL;
        return p && (programs_is_shell(p) || streq(p, "source") || streq(p, "."));
}

/* Does text hold git as a command with words after it (s/^/git /,
 * s/x/git log -p/; not git@host: nor .git)? */
static bool git_command(const char *t) {
        for (const char *p = strstr(t, "git"); p; p = strstr(p + 3, "git"))
                if ((p == t || !(isalnum((unsigned char) p[-1]) || strchr("_.-", p[-1]))) &&
                    (p[3] == ' ' || p[3] == '\t'))
                        return true;
        return false;
}

/* Does the stage read code on its input (python3, perl -e S reading
 * stdin: os.system(sys.stdin.read()))? */
static bool stage_interpreter(const Stage *st) {
        static const char *const interpreters[] = {"python", "python3", "perl", "ruby", "node", "php", NULL};
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = k < st->n && !st->keyword_led ? programs_name(st->w[k], name, sizeof name) : NULL;
        return p && streq_any(p, interpreters);
}

/* Any other program a text naming git (every separator a blank) is fed
 * to, its output a shell's input: what it does with the text is not
 * modelled (perl -pe 's/_/ /g', { tr _ ' '; }), so the text is judged as
 * the words it may become. */
static int filtered_into_shell(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at) {
        bool shell = false;
        for (size_t i = at + 1; i < n; i++)
                shell = shell || stage_shell(&v[i]);
        if (!shell || stage_shell(&v[at]) || !judge_held(j))
                return 0;
        int r = rearranged_fed_git(ln, v, at);
        if (r <= 0)
                return r;
        judge_mark_held(j);
        return judge_refuse(j,
                            "a text naming git (its separators read as blanks) goes through a program that "
                            "may rearrange it into a shell's input, while the history holds a masked entry");
}

/* t with GNU sed's escapes decoded, in place. */
static void sed_unescaped(char *t) {
        char *o = t;
        for (const char *p = t; *p;) {
                char c = *p++;
                if (c == '\\' && *p)
                        p += sed_escape(p, &c);
                if (c) /* a NUL (\x00): dropped, as a shell reading it does */
                        *o++ = c;
        }
        *o = 0;
}

int languages_sed_output(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at) {
        char name[256], buf[256];
        int piped = pipeline_into_shell(j, ln, v, n, at);
        if (piped != 0) /* 2: the text it makes judged exactly, and allowed */
                return piped == 2 ? 0 : piped;
        const Stage *st = &v[at];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = k < st->n && !st->keyword_led ? programs_name(st->w[k], name, sizeof name) : NULL;
        /* programs that join, cut or reorder the words of their input or
         * files: what they print is the line's literal texts, rearranged
         * (echo git > a; echo 'log -p' > b; paste -d' ' a b | sh) */
        static const char *const joiners[] = {
                "paste", "sort", "join", "cut",   "tac", "uniq", "column", "fmt",      "fold", "pr",
                "shuf",  "comm", "rev",  "xargs", "tr",  "nl",   "expand", "unexpand", NULL};
        /* programs that print fields or values of their input or files
         * (awk '{print $3,$1,$2}', jq -r .c) */
        static const char *const rearrangers[] = {"awk", "gawk", "mawk", "nawk", "jq", "gojq", "yq", NULL};
        /* xargs with no command (echo's), and jq's output: the texts too */
        char first[256];
        const char *f0 = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], first, sizeof first) : NULL;
        if (f0 && (streq(f0, "xargs") || streq_any(f0, rearrangers)))
                p = f0;
        bool joiner = streq_any(p, joiners) || streq_any(p, rearrangers);
        if (!(p && (streq(p, "sed") || streq(p, "gsed") || joiner)))
                return filtered_into_shell(j, ln, v, n, at);
        if (!judge_held(j))
                return 0;
        /* git_log_-p, tr _ ' ': its words a separator hides, or tr's and
         * sed's literal sets make (31p) */
        int g = rearranged_names_git(ln, st, p, false);
        if (g < 0)
                return g;
        bool git = (joiner && names_git(j, ln->text, ln->n)) || g > 0, command = false;
        /* $(echo git_log_-p | tr _ ' '): in a substitution, a git command
         * the texts make, git run by none of its stages */
        bool runs_git = false;
        for (size_t i = 0; i < n && ln->substitution; i++) {
                size_t q = scripts_program_at(v[i].w, v[i].n);
                runs_git = runs_git ||
                           (q < v[i].n && streq_ptr(programs_name(v[i].w[q], buf, sizeof buf), "git"));
        }
        if (ln->substitution && !runs_git && (g = rearranged_names_git(ln, st, p, true)) != 0) {
                if (g < 0)
                        return g;
                command = true;
        }
        /* eval "$(nl x/a)", echo 'git log -p' > x/a written before */
        if (ln->substitution && !command && joiner && (g = rearranged_file_git(j, st)) != 0) {
                if (g < 0)
                        return g;
                git = command = true;
        }
        for (size_t a = k + 1; a < st->n && !joiner; a++) {
                const char *o = programs_plain(st->w[a], buf, sizeof buf);
                if (o && (streq(o, "-i") || programs_long_is(o, "in-place", NULL) ||
                          (o[0] == '-' && o[1] != '-' && o[1] == 'i')))
                        return 0; /* sed -i: its output is the file it edits */
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                if (!t)
                        return -ENOMEM;
                sed_unescaped(t); /* s/true/gi\x74 log/: GNU sed's escapes */
                git = git || names_git(j, t, strlen(t));
                command = command || git_command(t);
        }
        /* s/x/GIT_log/;s/_/ /;s/GIT/\L&/: what its program puts in, as sed
         * leaves it */
        _cleanup_free_ char *put = NULL;
        int e = joiner ? 0 : edited_texts(st, false, &put);
        if (e < 0)
                return e;
        git = git || (put && names_git(j, put, strlen(put)));
        command = command || (put && git_command(put));
        /* its output a shell's input (sed S | bash), or a file the line
         * may run (sed S > F; bash F; . F; python3 -c 'exec(open(F)...)') */
        bool shell = false;
        for (size_t i = at + 1; i < n; i++)
                shell = shell || stage_shell(&v[i]) || (command && stage_interpreter(&v[i]));
        /* $(sed ...), <(sed ...), eval "$(sed ...)": words of a command,
         * a script's text, when they make one (git log -p) */
        shell = shell || (command && ln->substitution);
        if (!git || !(shell || pipeline_writes_run(j, st)))
                return 0;
        judge_mark_held(j);
        if (joiner)
                return judge_refuse(
                        j,
                        "%s rearranges the line's texts, which name git, into a shell's input or "
                        "a file the line may run, while the history holds a masked entry",
                        p);
        return judge_refuse(j, "sed's program, or the texts it rearranges, name git, and its output is a "
                               "shell's input, a command's words "
                               "or a file the line may run, while the history holds a masked entry");
}

/* dc -e S, --expression=S: each '!' of S not a comparison (!<r, !>r, !=r)
 * runs the rest of its line as a shell command line (GNU dc). */
static int dc_judge(Judge *j, const ShellWord *const *w, size_t n) {
        static const char *const opts[] = {"-e", "--expression", NULL};
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                _cleanup_free_ char *v = t[0] == '-' ? value_of(w, n, &k, t, opts) : NULL;
                for (const char *c = v ? strchr(v, '!') : NULL; c; c = strchr(c + 1, '!')) {
                        if (c[1] == '<' || c[1] == '>' || c[1] == '=')
                                continue;
                        _cleanup_free_ char *line = strndup(c + 1, strcspn(c + 1, "\n"));
                        int r = line ? programs_reread(j, "dc's ! command, a shell's", line, strlen(line))
                                     : -ENOMEM;
                        if (r != 0)
                                return r;
                }
        }
        return 0;
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
        int r = argrun_judge(j, name, w, n); /* gcc -wrapper, rg --pre */
        if (r != 0)
                return r;
        if (streq(name, "dc"))
                return dc_judge(j, w, n);
        if (!vim && !gdb && !tmux && !make && !ssh)
                return 0;
        if (ssh && (r = options_scp(j, name, w, n, NULL)) != 0) /* sftp -D'sh -c ...', scp -S./s */
                return r;
        /* g/^#/d, 1,$s/a/b/, normal Gdd: Ex's own edits, judged by its grammar */
        vim = vim && !ex_words_plain(name, w, n, NULL);
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                const char *a = t;
                if (vim) {
                        _cleanup_free_ char *v =
                                a[0] == '+' && a[1] ? strdup(a + 1) : value_of(w, n, &k, a, vim_opts);
                        /* -sc CMD, -esc CMD, -Nesc'CMD': c ends a cluster of
                         * flags, its value glued or the next word */
                        const char *c = !v && a[0] == '-' && a[1] && a[1] != '-' ? strchr(a + 1, 'c') : NULL;
                        if (c)
                                v = c[1] ? strdup(c + 1) : k + 1 < n ? programs_word_text(w[++k]) : NULL;
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
                /* make -f -: judged as a makefile the line feeds it (languages_judge_fed) */
                if ((ssh || tmux) && file_from_input(w, n, k, a, ssh ? 'F' : 'f', false))
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

/* ---- a shell command in a text the program reads as its commands ---- */

/* The text after a '|' or '!' that starts v (a quote before it, and the
 * same quote ending it, dropped), judged as a line: strace -o '|CMD',
 * sqlite3's .once '|CMD', ed's !CMD. */
static int piped(Judge *j, const char *what, const char *v, size_t len) {
        char quote = len > 0 && (v[0] == '\'' || v[0] == '"') ? v[0] : 0;
        v += quote != 0;
        len -= quote != 0;
        if (len == 0 || (v[0] != '|' && v[0] != '!'))
                return 0;
        v++;
        len--;
        if (quote && len > 0 && v[len - 1] == quote)
                len--;
        return programs_reread(j, what, v, len);
}

/* Does the line write the file a piped command runs by its path (printf
 * ... > x/s; strace -o '|x/s'): a redirect to a name ending in its last
 * name? v is the option's value, '|' or '!' first, quoted or not. */
static bool runs_written(const Judge *j, const char *v) {
        v += strspn(v, "'\"|! \t");
        _cleanup_free_ char *path = strndup(v, strcspn(v, " \t'\""));
        return path && strrchr(path, '/') && strrchr(path, '/')[1] && rearranged_line_writes(j, path);
}

/* strace -o '|CMD', -qo'!CMD', --output='|CMD': strace runs CMD with sh -c
 * and pipes its trace to it. w[0] is strace; only its own options, before
 * the command it traces (w[inner]), are read. */
static int strace_output(Judge *j, const ShellWord *const *w, size_t n, size_t inner) {
        static const char what[] = "strace's output, a command a shell runs";
        for (size_t k = 1; k < n && k < inner; k++) {
                _cleanup_free_ char *a = programs_word_text(w[k]);
                if (!a)
                        return -ENOMEM;
                const char *value = NULL;
                if (streq(a, "--"))
                        return 0;
                if (programs_long_is(a, "output", &value) && !value && k + 1 < n)
                        value = "";
                else if (a[0] == '-' && a[1] && a[1] != '-')
                        for (const char *q = a + 1; *q; q++) {
                                if (!strchr("abeEIoOpPsSuUX", *q))
                                        continue;
                                if (*q == 'o')
                                        value = q[1] ? q + 1 : k + 1 < n ? "" : NULL;
                                else
                                        k += !q[1]; /* its value, the next word */
                                break;
                        }
                if (!value)
                        continue;
                _cleanup_free_ char *next = value[0] ? NULL : programs_word_text(w[++k]);
                if (!value[0] && !next)
                        return -ENOMEM;
                const char *v = next ? next : value;
                if (strpbrk(v, "|!") && strpbrk(v, "|!") - v <= 1 && runs_written(j, v))
                        return judge_refuse(j, "strace's output command runs a script the line writes");
                int r = piped(j, what, v, strlen(v));
                if (r != 0)
                        return r;
        }
        return 0;
}

/* One sqlite3 command (an operand, -cmd's value, a line of its input): a
 * dot command by any prefix of two letters or more of .shell or .system
 * runs its arguments as a line; any dot command's argument that starts
 * with '|' (.once, .output, .read, .import) runs the rest of the line. */
static int sqlite_command(Judge *j, const char *c, size_t len) {
        static const char what[] = "sqlite3's dot command runs a shell command";
        while (len > 0 && (*c == ' ' || *c == '\t')) {
                c++;
                len--;
        }
        /* SQL's edit(TEXT, EDITOR) runs EDITOR by the shell; load_extension()
         * and .load run a library's code (31z: select edit('', 'git log -p >&2 #')) */
        _cleanup_free_ char *sql = strndup(c, len);
        if (!sql)
                return -ENOMEM;
        for (char *p = sql; *p; p++)
                *p = (char) tolower((unsigned char) *p);
        for (const char *p = strstr(sql, "edit"); p; p = strstr(p + 4, "edit")) {
                const char *q = p + 4;
                while (*q == ' ' || *q == '\t' || *q == '\n')
                        q++;
                if (*q == '(' && (p == sql || !(isalnum((unsigned char) p[-1]) || p[-1] == '_')))
                        return judge_refuse(j, "sqlite3's edit() runs an editor command by the shell");
        }
        if (strstr(sql, "load_extension") || strncmp(sql, ".load", 5) == 0)
                return judge_refuse(j, "sqlite3 loads an extension: a library's code, run");
        /* fsdir() walks a tree and returns its files' bytes, readfile() one,
         * sqlar_uncompress() inflates zlib (git's loose objects'), .archive
         * and .ar pack a tree (31r) */
        if (strstr(sql, "fsdir") || strstr(sql, "readfile") || strstr(sql, "sqlar") ||
            strncmp(sql, ".ar", 3) == 0)
                return judge_refuse(j,
                                    "sqlite3 reads files by a path its SQL makes (fsdir, readfile, sqlar, "
                                    ".archive): a tree's bytes, git's objects among them");
        if (len < 3 || c[0] != '.')
                return 0;
        size_t letters = 1;
        while (letters < len && isalpha((unsigned char) c[letters]))
                letters++;
        if (letters >= 3 &&
            (strncmp(c + 1, "shell", letters - 1) == 0 || strncmp(c + 1, "system", letters - 1) == 0))
                return programs_reread(j, what, c + letters, len - letters);
        for (size_t i = letters; i < len; i++) { /* an argument that starts with '|', quoted or not */
                if (c[i] != ' ' && c[i] != '\t')
                        continue;
                size_t a = i + 1 + (i + 1 < len && (c[i + 1] == '\'' || c[i + 1] == '"'));
                if (a < len && c[a] == '|')
                        return piped(j, what, c + i + 1, len - i - 1);
        }
        return 0;
}

/* An ed command line: a '!' anywhere runs the rest of the line (!CMD, w
 * !CMD, r !CMD, e !CMD; a regex's ! is judged too, and proves harmless). */
static int ed_command(Judge *j, const char *c, size_t len) {
        int r = 0;
        for (size_t i = 0; i < len && r == 0; i++)
                if (c[i] == '!')
                        r = programs_reread(j, "ed's ! runs a shell command", c + i + 1, len - i - 1);
        return r;
}

typedef enum {
        LANG_NONE,
        LANG_ED,
        LANG_EX,
        LANG_SQLITE,
        LANG_M4,
        LANG_XARGS_SHELL,
        LANG_XARGS_CODE, /* xargs python3 -c, perl -e: an interpreter's code */
        LANG_MAKE,       /* make -f -: a makefile */
        LANG_AWK,        /* awk -f -: awk's program */
} Language;

/* xargs's words from its input: blanks and newlines split them, '...'
 * and "..." quote (no newline within), a backslash escapes; each is a
 * string `xargs sh -c` hands the shell as its program. */
static int xargs_items(Judge *j, const char *s, size_t len) {
        _cleanup_free_ char *word = malloc(len + 1);
        if (!word)
                return -ENOMEM;
        size_t m = 0;
        bool in = false;
        for (size_t i = 0; i <= len; i++) {
                char c = i < len ? s[i] : '\n';
                if (c == '\'' || c == '"') {
                        const char *e = memchr(s + i + 1, c, len - i - 1);
                        size_t q = e ? (size_t) (e - s - i - 1) : len - i - 1;
                        memcpy(word + m, s + i + 1, q);
                        m += q;
                        i += q + 1;
                        in = true;
                        continue;
                }
                if (c == '\\' && i + 1 < len) {
                        word[m++] = s[++i];
                        in = true;
                        continue;
                }
                if (c != ' ' && c != '\t' && c != '\n') {
                        word[m++] = c;
                        in = true;
                        continue;
                }
                int r = in ? programs_reread(j, "a string xargs hands sh -c from its input", word, m) : 0;
                if (r != 0)
                        return r;
                m = 0;
                in = false;
        }
        return 0;
}

/* Does text hold the letters g, i and t, in any case and order? */
static bool git_letters(const char *text, size_t n) {
        bool g = false, i = false, t = false;
        for (size_t k = 0; k < n; k++) {
                int c = tolower((unsigned char) text[k]);
                g = g || c == 'g';
                i = i || c == 'i';
                t = t || c == 't';
        }
        return g && i && t;
}

/* awk's program the line feeds it (awk -f -): as awk's program in its
 * words, refused when it names git while the history holds a masked
 * entry; one that runs a command it computes (system("gi" "t")), by the
 * letters g, i and t. */
static int awk_text(Judge *j, const char *name, const char *text) {
        bool runs = strstr(text, "system") || strchr(text, '|');
        if (!judge_held(j) ||
            !(names_git(j, text, strlen(text)) || (runs && git_letters(text, strlen(text)))))
                return 0;
        judge_mark_held(j);
        return judge_refuse(j,
                            "%s's program, read from the line's input, names git or runs a command "
                            "that may be it, and the history holds a masked entry",
                            name);
}

/* Each line of text (and for Ex, each | command), in the program's own
 * language. */
static int language_text(Judge *j, Language lang, const char *name, const char *text) {
        if (lang == LANG_MAKE)
                return options_make_text(j, name, text);
        if (lang == LANG_AWK)
                return awk_text(j, name, text);
        if (lang == LANG_XARGS_SHELL)
                return xargs_items(j, text, strlen(text));
        if (lang == LANG_XARGS_CODE) {
                if (judge_held(j) && names_git(j, text, strlen(text))) {
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "a text xargs hands an interpreter as its code names git, and "
                                            "the history holds a masked entry");
                }
                return xargs_items(j, text, strlen(text));
        }
        if (lang == LANG_M4)
                return judge_held(j) && names_git(j, text, strlen(text))
                               ? (judge_mark_held(j),
                                  judge_refuse(j, "m4's input names git (syscmd runs it), and the history "
                                                  "holds a masked entry"))
                               : 0;
        for (const char *p = text; *p;) {
                size_t len = strcspn(p, "\n");
                int r = 0;
                if (lang == LANG_ED)
                        r = ed_command(j, p, len);
                else if (lang == LANG_SQLITE)
                        r = sqlite_command(j, p, len);
                else {
                        _cleanup_free_ char *c = strndup(p, len);
                        if (!c)
                                return -ENOMEM;
                        if (ex_runs(c))
                                return judge_refuse(
                                        j, "%s's Ex command on its input runs a shell or a script (%.40s)",
                                        name, c);
                }
                if (r != 0)
                        return r;
                p += len + (p[len] != 0);
        }
        return 0;
}

/* The language a stage's program reads its input (and its operands) in,
 * with strace's output command judged on the way: ed, vim/ex (Ex
 * commands, or keys typed, unless - reads the input as text), sqlite3,
 * m4, a shell xargs hands its input's words as its -c string (xargs sh
 * -c). */
static int stage_language(Judge *j, const Stage *st, Language *ret, char name[static 256]) {
        static const char *const vims[] = {"vim", "vi", "ex", "view", "nvim", "gvim", "rvim", "rview", NULL};
        const ShellWord *const *w = st->w;
        size_t n = st->n, k = 0, inner, xargs = SIZE_MAX;
        int r;
        *ret = LANG_NONE;
        if (n == 0)
                return 0;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        for (int hops = 0; k < n && hops < 16; hops++, k += inner) {
                const char *a = programs_name(w[k], name, 256);
                inner = programs_wrapped(w + k, n - k);
                if (a && streq(a, "strace") && (r = strace_output(j, w + k, n - k, inner)) != 0)
                        return r;
                xargs = xargs == SIZE_MAX && a && streq(a, "xargs") ? k : xargs;
                if (inner == SIZE_MAX)
                        break;
        }
        char last[64];
        const char *l = programs_plain(w[n - 1], last, sizeof last);
        bool shell = false; /* xargs -a <(...) sh -c: -a took sh for its file */
        for (size_t i = xargs + 1; xargs < n && i + 1 < n && !shell; i++)
                shell = programs_is_shell(programs_name(w[i], name, 256));
        if (shell && l && l[0] == '-' && l[1] != '-' && strchr(l, 'c')) {
                *ret = LANG_XARGS_SHELL;
                return 0;
        }
        /* xargs -0 python3 -c, xargs perl -e: the items are its code */
        bool code = false;
        for (size_t i = xargs + 1; xargs < n && i + 1 < n && !code; i++) {
                const char *p = programs_name(w[i], name, 256);
                code = p && (readers_interpreter(p) || strncmp(p, "python", 6) == 0);
        }
        if (code && l && l[0] == '-' && l[1] != '-' && strpbrk(l, "ceE")) {
                *ret = LANG_XARGS_CODE;
                return 0;
        }
        const char *a = k < n ? programs_name(w[k], name, 256) : NULL;
        if (!a)
                return 0;
        if (streq(a, "ed"))
                *ret = LANG_ED;
        else if (streq(a, "sqlite3") || streq(a, "sqlite"))
                *ret = LANG_SQLITE;
        else if (streq(a, "m4") || streq(a, "gm4"))
                *ret = LANG_M4;
        /* vim reads its input as Ex commands (-e, -E, ex) or as keys typed
         * (:!CMD), unless - makes it the text to edit */
        bool text = false;
        for (size_t i = k + 1; i < n && streq_any(a, vims); i++)
                text = text || streq_ptr(programs_plain(w[i], last, sizeof last), "-");
        if (streq_any(a, vims) && !text)
                *ret = LANG_EX;
        /* make -f -, awk -f /dev/stdin, --file=-: a makefile, awk's program */
        bool make = streq(a, "make") || streq(a, "gmake"),
             awk = streq_any(a, (const char *const[]){"awk", "gawk", "mawk", "nawk", "busybox", NULL});
        for (size_t i = k + 1; i < n && (make || awk) && *ret == LANG_NONE; i++) {
                _cleanup_free_ char *t = programs_word_text(w[i]);
                if (!t)
                        return -ENOMEM;
                if (file_from_input(w, n, i, t, 'f', true))
                        *ret = make ? LANG_MAKE : LANG_AWK;
                /* awk -f <(...): the substitution is a redirect of the stage */
                for (size_t x = 0; awk && x < st->n_redir && (streq(t, "-f") || streq(t, "--file")); x++)
                        *ret = streq(st->redir[x]->op, "<(") ? LANG_AWK : *ret;
        }
        /* sqlite3 reading SQL the line wrote (< q.sql, .read q.sql): its
         * file readers anywhere in the line refuse */
        if (*ret == LANG_SQLITE && j->text) {
                _cleanup_free_ char *low = strndup(j->text, j->text_n);
                if (!low)
                        return -ENOMEM;
                for (char *p = low; *p; p++)
                        *p = (char) tolower((unsigned char) *p);
                if (strstr(low, "fsdir") || strstr(low, "readfile") || strstr(low, "sqlar"))
                        return judge_refuse(j, "sqlite3 in a line naming its file readers (fsdir, readfile, "
                                               "sqlar): a tree's bytes, git's objects among them");
        }
        /* its operands: sqlite3's commands (and -cmd's), m4's -D values */
        for (size_t i = k + 1; i < n && (*ret == LANG_SQLITE || *ret == LANG_M4); i++) {
                _cleanup_free_ char *t = programs_word_text(w[i]);
                if (!t)
                        return -ENOMEM;
                /* sqlite3 -A, --archive: a tree packed, .git with it */
                if (*ret == LANG_SQLITE &&
                    (streq(t, "--archive") || (t[0] == '-' && t[1] != '-' && strchr(t, 'A'))))
                        return judge_refuse(j, "sqlite3's archive mode packs a tree's files, git's objects "
                                               "among them");
                if ((r = language_text(j, *ret, a, t)) != 0)
                        return r;
        }
        return 0;
}

/* make's makefile or awk's program from the line's input, where no text
 * of the line is that input (curl ... | make -f -): make's is refused;
 * awk's, by the letters g, i and t of the line while the history holds a
 * masked entry. */
static int fed_unseen(Judge *j, const Line *ln, Language lang, const char *name, bool fed) {
        if (fed)
                return 0;
        if (lang == LANG_MAKE)
                return judge_refuse(
                        j, "%s reads its makefile from the line's input: what runs is not in its words",
                        name);
        if (!judge_held(j) || !git_letters(ln->text, ln->n))
                return 0;
        judge_mark_held(j);
        return judge_refuse(j,
                            "%s reads its program from the line's input, made by a program not modelled, "
                            "the line holds the letters of git, and the history holds a masked entry",
                            name);
}

/* The texts a program in st reads as its commands (its here-strings and
 * heredocs, those of the stage before it in the pipe, what its echo or
 * printf prints), judged in that program's language. */
int languages_judge_fed(Judge *j, const Line *ln, const Stage *st, const Stage *prev) {
        char name[256];
        Language lang;
        bool fed = false; /* a text of the line's words is the input */
        int r = stage_language(j, st, &lang, name);
        if (r != 0 || lang == LANG_NONE)
                return r;
        _cleanup_free_ char *ex = NULL; /* ex -s F <<< '%s/a/b/g' */
        if (lang == LANG_EX && (r = ex_fed_program(ln, st, prev, &ex)) != 0)
                return r < 0 ? r : 0;
        for (int s = 0; s < 2; s++) {
                const Stage *from = s == 0 ? st : prev;
                for (size_t i = 0; from && i < from->n_redir; i++) {
                        _cleanup_free_ char *t = NULL;
                        if (streq(from->redir[i]->op, "<(") && judge_held(j) &&
                            names_git(j, ln->text, ln->n)) {
                                judge_mark_held(j);
                                return judge_refuse(
                                        j,
                                        "%s reads its commands from a process substitution in a "
                                        "line that names git, and the history holds a masked entry",
                                        name);
                        }
                        /* awk -f <(echo 'BEGIN{system("gi" "t")}'): the line as its program */
                        if (s == 0 && lang == LANG_AWK && streq(from->redir[i]->op, "<(")) {
                                _cleanup_free_ char *l = strndup(ln->text, ln->n);
                                if (!l)
                                        return -ENOMEM;
                                if ((r = awk_text(j, name, l)) != 0)
                                        return r;
                                fed = true;
                        }
                        if ((r = shells_fed_text(ln, from, i, &t)) < 0)
                                return r;
                        fed = fed || r > 0;
                        if (r > 0 && (r = language_text(j, lang, name, t)) != 0)
                                return r;
                }
        }
        char pb[256];
        const char *p = prev && prev->n > 0 ? programs_name(prev->w[0], pb, sizeof pb) : NULL;
        if ((!p || !(streq(p, "echo") || streq(p, "printf"))) && (lang == LANG_MAKE || lang == LANG_AWK))
                return fed_unseen(j, ln, lang, name, fed);
        if (!p || !(streq(p, "echo") || streq(p, "printf")))
                return 0;
        size_t first = 1; /* echo's -e, -n, -E */
        while (streq(p, "echo") && first < prev->n && prev->w[first]->n >= 2 &&
               prev->w[first]->v[0].c == '-')
                first++;
        _cleanup_free_ char *s = programs_joined(prev->w, prev->n, first);
        _cleanup_free_ char *f = streq(p, "printf") ? reread_printf(prev->w, prev->n) : NULL;
        if (!s || (streq(p, "printf") && !f))
                return -ENOMEM;
        if ((r = language_text(j, lang, name, f ? f : s)) != 0)
                return r;
        reread_unescape(s);
        return language_text(j, lang, name, s);
}
