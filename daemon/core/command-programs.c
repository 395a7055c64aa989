/* SPDX-License-Identifier: MIT */
/*
 * What programs do with the words they get (command-internal.h): the
 * command a wrapper runs, the string a shell reads again, the patterns
 * find, grep, tar and rsync match and then read, and names handed down a
 * pipe to a reader. It must not lex, nor say what a word names: shell-lex
 * and command.c do.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"
#include "word-names.h"

char *programs_word_text(const ShellWord *w) {
        char *s = malloc(w->n + 1);
        size_t k = 0;
        if (!s)
                return NULL;
        for (size_t i = 0; i < w->n; i++)
                switch (w->v[i].kind) {
                case SHELL_EXPAND: /* a name computed at run time: unseen, and empty is the worst case */
                        break;
                case SHELL_CLASS: /* its '[': the class's bytes and ']' follow as written */
                        s[k++] = '[';
                        break;
                default:
                        s[k++] = w->v[i].c ? (char) w->v[i].c : '?';
                }
        s[k] = 0;
        return s;
}

bool programs_word_is(const ShellWord *w, const char *s) {
        size_t n = strlen(s);
        if (w->n != n)
                return false;
        for (size_t i = 0; i < n; i++)
                if (w->v[i].kind != SHELL_LIT || w->v[i].c != (uint8_t) s[i])
                        return false;
        return true;
}

const char *programs_plain(const ShellWord *w, char *buf, size_t size) {
        if (w->n >= size)
                return NULL;
        for (size_t i = 0; i < w->n; i++) {
                if (w->v[i].kind != SHELL_LIT || w->v[i].c == 0)
                        return NULL;
                buf[i] = (char) w->v[i].c;
        }
        buf[w->n] = 0;
        return buf;
}

/* A program's name, its directory gone: /usr/bin/git is git; a brace's
 * first alternative ({git,} runs git). */
const char *programs_name(const ShellWord *w, char *buf, size_t size) {
        const char *s = programs_plain(w, buf, size);
        if (!s && w->n < size) {
                size_t k = 0;
                int depth = 0, skip = 0; /* skip: inside an alternative past the first, at this depth */
                for (size_t i = 0; i < w->n; i++) {
                        uint8_t kind = w->v[i].kind;
                        if (kind == SHELL_BOPEN)
                                depth++;
                        else if (kind == SHELL_BCLOSE && depth > 0) {
                                if (skip == depth)
                                        skip = 0;
                                depth--;
                        } else if (kind == SHELL_BCOMMA && depth > 0) {
                                if (!skip)
                                        skip = depth;
                        } else if ((kind == SHELL_BCOMMA || kind == SHELL_BCLOSE) && depth == 0) {
                                if (!skip) /* a ',' or '}' no brace holds: a byte ('p','rb') */
                                        buf[k++] = (char) w->v[i].c;
                        } else if (kind != SHELL_LIT || w->v[i].c == 0)
                                return NULL;
                        else if (!skip)
                                buf[k++] = (char) w->v[i].c;
                }
                buf[k] = 0;
                s = k > 0 ? buf : NULL;
        }
        const char *slash = s ? strrchr(s, '/') : NULL;
        return programs_canonical(slash ? slash + 1 : s);
}

bool programs_is_assignment(const ShellWord *w) {
        size_t k = 0;
        if (w->n == 0 || w->v[0].kind != SHELL_LIT || !shell_is_ident_start((char) w->v[0].c))
                return false;
        while (k < w->n && w->v[k].kind == SHELL_LIT && shell_is_ident((char) w->v[k].c))
                k++;
        if (k < w->n && w->v[k].kind == SHELL_LIT && w->v[k].c == '+')
                k++;
        return k < w->n && w->v[k].kind == SHELL_LIT && w->v[k].c == '=';
}

bool programs_long_is(const char *a, const char *name, const char **ret_value) {
        if (!a || a[0] != '-' || a[1] != '-' || !a[2])
                return false;
        const char *eq = strchr(a, '=');
        size_t len = eq ? (size_t) (eq - a - 2) : strlen(a + 2);
        if (len == 0 || len > strlen(name) || strncmp(name, a + 2, len) != 0)
                return false;
        if (ret_value)
                *ret_value = eq ? eq + 1 : NULL;
        return true;
}

/* ---- strings a shell reads again ---- */

static const char *const shells[] = {"sh",  "bash", "dash", "zsh",  "ksh",   "mksh",
                                     "ash", "yash", "posh", "fish", "rbash", NULL};

bool programs_is_shell(const char *name) {
        return streq_any(name, shells);
}

size_t programs_shell_values(const char *a) {
        size_t v = 0;
        if ((a[0] == '-' || a[0] == '+') && a[1] != '-')
                for (const char *q = a + 1; *q; q++)
                        v += *q == 'o' || *q == 'O';
        return v;
}

/* sh -c S, bash -lc S, bash -o x -c S: the index of S, or SIZE_MAX. */
size_t programs_shell_c(const ShellWord *const *w, size_t n, size_t first) {
        char buf[256];
        bool c = false;
        for (size_t k = first; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || (a[0] != '-' && a[0] != '+') || streq(a, "-") || streq(a, "--"))
                        return c ? (a && (streq(a, "--") || streq(a, "-")) ? k + 1 : k) : SIZE_MAX;
                if (a[1] == '-') {
                        /* bash --rcfile <(...) -c S: the substitution is no word */
                        if ((streq(a, "--rcfile") || streq(a, "--init-file")) && k + 1 < n &&
                            !(programs_plain(w[k + 1], buf, sizeof buf) && buf[0] == '-'))
                                k++;
                        continue;
                }
                /* bash -Oc NAME S, -oOc X Y S: each o/O of a cluster takes
                 * the next word, in order; c is a flag anywhere in it */
                c = c || strchr(a + 1, 'c');
                k += programs_shell_values(a);
        }
        return SIZE_MAX;
}

char *programs_joined(const ShellWord *const *w, size_t n, size_t k) {
        size_t total = 1;
        for (size_t i = k; i < n; i++)
                total += w[i]->n + 1;
        char *s = malloc(total), *p = s;
        if (!s)
                return NULL;
        *p = 0;
        for (size_t i = k; i < n; i++) {
                _cleanup_free_ char *t = programs_word_text(w[i]);
                if (!t) {
                        free(s);
                        return NULL;
                }
                p += sprintf(p, "%s%s", i > k ? " " : "", t);
        }
        return s;
}

/* ---- one simple command ---- */

/* Variables that point git at config of another file: an alias, a pager,
 * an include there turns git status into a reader. */
static const char *const git_config_env[] = {"HOME",
                                             "XDG_CONFIG_HOME",
                                             "GIT_CONFIG_GLOBAL",
                                             "GIT_CONFIG_SYSTEM",
                                             "GIT_CONFIG",
                                             "GIT_DIR",
                                             "GIT_WORK_TREE",
                                             "GIT_INDEX_FILE",
                                             "GIT_EXEC_PATH",
                                             "GIT_OBJECT_DIRECTORY",
                                             "GIT_ALTERNATE_OBJECT_DIRECTORIES",
                                             "GIT_CONFIG_COUNT",
                                             "GIT_CONFIG_PARAMETERS",
                                             "GIT_ALLOW_PROTOCOL",
                                             "GIT_PROTOCOL_FROM_USER",
                                             NULL};

/* Variables that change how git reads a pathspec (any value: git's own
 * reading of it is not the rule's): an exclusion then proves nothing. */
static const char *const git_pathspec_env[] = {"GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS",
                                               "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS", NULL};

static int judge_assignments(Judge *j, const ShellWord *const *w, size_t n, size_t *ret_k) {
        size_t k = 0;
        for (; k < n && programs_is_assignment(w[k]); k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                char *eq = strchr(t, '=');
                *eq = 0;
                if (eq > t && eq[-1] == '+')
                        eq[-1] = 0;
                j->git_env = j->git_env || streq_any(t, git_config_env);
                j->git_pathspec_env = j->git_pathspec_env || streq_any(t, git_pathspec_env);
                int r = programs_reread(j, "a variable's value, which a program may run", eq + 1,
                                        strlen(eq + 1));
                if (r != 0)
                        return r;
                if (strncmp(t, "GIT_CONFIG", 10) == 0) { /* an alias: a git command line */
                        _cleanup_free_ char *g = malloc(strlen(eq + 1) + 5);
                        if (!g)
                                return -ENOMEM;
                        sprintf(g, "git %s", eq[1] == '!' ? eq + 2 : eq + 1);
                        if ((r = programs_reread(j, "git's config from the environment", g, strlen(g))) != 0)
                                return r;
                }
        }
        *ret_k = k;
        return 0;
}

/* A program the rule does not know: a word among the command's that is
 * git, a shell or a wrapper may start what it runs (chrt -o 0 git log,
 * setarch x86_64 sh -c S, ionice -t git log): judged from there; and its
 * options that run a line. w[self] is the program. */
static int judge_unknown(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t self,
                         const char *name) {
        static const char *const inert[] = {"echo", "printf", "man",    "which",
                                            "type", "help",   "whatis", NULL};
        char buf[256];
        int r;
        if ((r = reread_exec_options(j, name ? name : "a program known only when it runs", w, n)) != 0 ||
            (name && (r = languages_judge(j, name, w + self, n - self)) != 0) ||
            (name && (r = git_words_scalar(j, name, w + self, n - self)) != 0))
                return r;
        if (name && streq_any(name, inert))
                return 0;
        if (name && (streq(name, "sed") || streq(name, "gsed")) &&
            (r = reread_sed(j, w + self, n - self)) != 0)
                return r;
        for (size_t i = 1; i < n; i++) {
                const char *p = i == self ? NULL : programs_name(w[i], buf, sizeof buf);
                if (!p ||
                    !(streq_any(p, shells) || streq(p, "git") || streq(p, "eval") || programs_is_wrapper(p)))
                        continue;
                if (++j->hops > 16)
                        return judge_refuse(j, "more than 16 commands found among a program's words");
                bool lists = false;
                return programs_judge_words(j, ln, w + i, n - i, NULL, &lists);
        }
        return 0;
}

/* The command w[0..n) (assignments first, wrappers, then the program). */
int programs_judge_as(Judge *j, const Line *ln, const char *program, const ShellWord *const *w, size_t n,
                      const Stage *st, bool *ret_lists) {
        ShellWord made = {0};
        int r = 0;
        for (const char *c = program; *c && r >= 0; c++)
                r = shell_word_put(&made, SHELL_LIT, (uint8_t) *c);
        const ShellWord **v = r >= 0 ? calloc(n, sizeof *v) : NULL;
        if (v) {
                v[0] = &made;
                memcpy(v + 1, w + 1, (n - 1) * sizeof *v);
                r = programs_judge_words(j, ln, v, n, st, ret_lists);
        } else
                r = -ENOMEM;
        free(v);
        shell_word_done(&made);
        return r;
}

int programs_judge_words(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, const Stage *st,
                         bool *ret_lists) {
        char buf[256];
        size_t k;
        int r;
        *ret_lists = false;
        j->unseen_args = false;
        if ((r = strings_bash_func(j, w, n)) != 0 || (r = judge_assignments(j, w, n, &k)) != 0)
                return r;
        bool braced = false; /* {env,git,log,-p}, env {git,log}: the words its brace makes */
        for (int hops = 0; k < n && hops < 16; hops++) {
                if ((r = strings_brace_command(j, ln, w + k, n - k, st, ret_lists, &braced)) != 0 || braced)
                        return r;
                const char *name = programs_name(w[k], buf, sizeof buf);
                size_t inner = programs_wrapped(w + k, n - k);
                if ((r = rebound_argv0(j, ln, w + k, n - k, inner, st, ret_lists, &braced)) != 0 || braced)
                        return r;               /* exec -a git-log git -p */
                if (name && streq(name, "env")) /* env -S 'cat .env', env NAME=VALUE */
                        for (size_t a = k + 1; a < k + inner && a < n; a++) {
                                size_t ignored;
                                if (programs_is_assignment(w[a]) &&
                                    (r = judge_assignments(j, w + a, 1, &ignored)) != 0)
                                        return r;
                                if ((r = strings_env_option(j, w, n, a)) != 0)
                                        return r;
                        }
                if (inner == SIZE_MAX)
                        break;
                if ((r = chdir_wrapper(j, w + k, n - k, inner)) != 0) /* env -C D: a cd for its command */
                        return r;
                if (name && streq(name, "xargs") &&
                    ((r = positional_xargs_replace(j, w + k, n - k, inner)) != 0 ||
                     (r = strings_xargs_file(j, ln, w + k, n - k, inner, st, ret_lists)) != 0))
                        return r;
                if (name && (streq(name, "parallel") || streq(name, "sem")) &&
                    (r = runners_parallel(j, w + k, n - k, inner)) != 0)
                        return r;
                j->unseen_args =
                        j->unseen_args || (name && (streq(name, "xargs") || streq(name, "parallel")));
                k += inner;
        }
        if (k >= n)
                return 0;
        if (j->keyword &&
            ((r = strings_keyword_words(j, ln, w, n, k, st, ret_lists, &braced)) != 0 || braced))
                return r;
        w += k;
        n -= k;
        if ((r = strings_brace_command(j, ln, w, n, st, ret_lists, &braced)) != 0 || braced ||
            (r = rebound_judge(j, ln, w, n, st, ret_lists, &braced)) != 0 || braced)
                return r;
        const char *name = programs_name(w[0], buf, sizeof buf);
        /* x=eval; $x g\\it log -p: the words of a program known only when it
         * runs, read again as eval would */
        if (!name && (r = reread_unknown_words(j, w, n)) != 0)
                return r;
        /* export $v=1, declare -x "GIT_$x"=1: a name known only when it
         * runs may be one that points git elsewhere */
        if (name && streq_any(name, (const char *const[]){"export", "declare", "typeset", "readonly",
                                                          "local", NULL}))
                for (size_t a = 1; a < n; a++) {
                        char v[128];
                        const char *plain = programs_plain(w[a], v, sizeof v);
                        if ((w[a]->expansion || w[a]->substitution) && !programs_is_assignment(w[a]))
                                j->git_env = j->git_pathspec_env = true;
                        else if (plain && streq_any(plain, git_config_env)) /* export HOME */
                                j->git_env = true;
                        else if (plain && streq_any(plain, git_pathspec_env))
                                j->git_pathspec_env = true;
                }
        /* ${x:-eval} 'S', ${x:-env} -S 'S': the default may be the program
         * (as its text, the words after it as written) */
        if (!name && w[0]->joined && j->depth < REREAD_MAX) {
                _cleanup_free_ char *rest = NULL, *line = NULL;
                char **t = calloc(n, sizeof *t);
                size_t m = 0;
                for (size_t a = 1; t && a < n && (t[m] = programs_word_text(w[a])); a++)
                        m++;
                if (t && m == n - 1)
                        rest = git_shell_line("", (const char *const *) t, m);
                for (size_t a = 0; t && a < m; a++)
                        free(t[a]);
                free(t);
                if (!rest || asprintf(&line, "%s %s", w[0]->joined, rest) < 0)
                        return -ENOMEM;
                if ((r = programs_reread(j, "a program a default names", line, strlen(line))) != 0)
                        return r;
        }
        if (!name && judge_held(j)) {
                /* computed at run time ($g log -p, g?t show): it may be git;
                 * $@ or ${x:-git} hands it words from elsewhere; it may open
                 * what they name (g=cat; $g .git/objects/ab/cd) */
                if ((r = git_check(j, w, n, ret_lists)) != 0 ||
                    (r = objects_judge(j, "a program known only when it runs", w, n, st ? st->target : NULL,
                                       st ? st->n_redir : 0)) != 0)
                        return r;
                bool glob = false; /* /usr/lib/git-core/[g]it-log: any program, git's among them */
                for (size_t i = 0; i < w[0]->n; i++)
                        glob = glob || w[0]->v[i].kind == SHELL_STAR || w[0]->v[i].kind == SHELL_QMARK ||
                               w[0]->v[i].kind == SHELL_CLASS || w[0]->v[i].kind == SHELL_EXTGLOB;
                /* g[i]t log -p, x[0]: a glob of bracket expressions alone names
                 * the programs it may match, each judged (python's x[0] read
                 * as a line is no program known only when it runs) */
                char **names = NULL;
                size_t m = 0;
                int g = glob && !w[0]->expansion ? shell_word_glob_names(w[0], 128, &names, &m) : 0;
                if (g == -ENOMEM)
                        return g;
                if (g > 0) {
                        r = 0;
                        for (size_t a = 0; a < m && r == 0; a++)
                                r = programs_judge_as(j, ln, names[a], w, n, st, ret_lists);
                        for (size_t a = 0; a < m; a++)
                                free(names[a]);
                        free(names);
                        return r;
                }
                if (!w[0]->param[0] && !w[0]->substitution && (w[0]->expansion || n == 1 || glob)) {
                        judge_mark_held(j);
                        return judge_refuse(j, "a program known only when it runs, and the history holds "
                                               "a masked entry");
                }
                return judge_unknown(j, ln, w - k, n + k, k, NULL);
        }
        if (!name) /* computed at run time: its words may still run a line ($SHELL -c S) */
                return judge_unknown(j, ln, w - k, n + k, k, NULL);
        _cleanup_free_ char *s = NULL;
        size_t rest;
        if ((r = programs_reread_string(w, n, &s, &rest)) < 0)
                return r;
        if (r == 0 && !streq(name, "git") && !streq(name, "find") && !streq_any(name, shells)) {
                int u = languages_interpreter_git(j, ln, st, name, w, n);
                if (u == 0 && (u = computed_interpreter(j, ln, name, w, n)) == 0)
                        u = judge_unknown(j, ln, w - k, n + k, k, name);
                if (u != 0)
                        return u;
        }
        /* sed -f <(echo r.env), vim -S <(...), sed -f - <<< r.env: a script
         * from a process substitution or stdin, its file commands unseen */
        bool from_sub = false;
        for (size_t a = 0; st && a < st->n_redir; a++)
                from_sub = from_sub || streq(st->redir[a]->op, "<(");
        for (size_t a = 1; a + 1 < n && (streq(name, "sed") || streq(name, "gsed")); a++) {
                char o[64], v[64];
                const char *b = programs_plain(w[a], o, sizeof o),
                           *f = programs_plain(w[a + 1], v, sizeof v);
                if (b && f && (streq(b, "-f") || programs_long_is(b, "file", NULL)) &&
                    (streq(f, "-") || strncmp(f, "/dev/", 5) == 0 || strncmp(f, "/proc/", 6) == 0))
                        return judge_refuse(j,
                                            "sed reads its script from stdin: what it reads or runs there "
                                            "is not seen");
        }
        for (size_t a = 1; a < n && from_sub; a++) {
                char o[64];
                const char *b = programs_plain(w[a], o, sizeof o);
                bool sed = streq(name, "sed") || streq(name, "gsed"),
                     vim = streq(name, "vim") || streq(name, "vi") || streq(name, "nvim") ||
                           streq(name, "ex") || streq(name, "view");
                if (b && ((sed && (streq(b, "-f") || programs_long_is(b, "file", NULL) ||
                                   (b[0] == '-' && b[1] != '-' && b[strlen(b) - 1] == 'f'))) ||
                          (vim && (streq(b, "-S") || streq(b, "-u") || streq(b, "-s") || streq(b, "-U")))))
                        return judge_refuse(j,
                                            "%s reads a script from a process substitution: what it reads "
                                            "or runs there is not seen",
                                            name);
        }
        /* eval "$(echo ...)", bash -c "$(printf ...)", source <(echo ...) */
        bool shell = r > 0 || streq_any(name, shells) || streq(name, "source") || streq(name, ".");
        for (size_t a = 1; a < n && shell; a++)
                j->computed = j->computed || w[a]->substitution;
        for (size_t a = 0; st && a < st->n_redir && shell; a++) {
                bool script = streq(st->redir[a]->op, "<(");
                j->computed = j->computed || script;
                /* bash <(echo 'cat $1$2') .e nv: the script's $1 and $2 are
                 * the words after it, not known as the script's words */
                if (script && r == 0 && n > 1 && reread_uses_positional(ln->text))
                        return judge_refuse(j,
                                            "%s reads a script from a process substitution and hands it "
                                            "words it uses as $1, $2, ...: names made at run time",
                                            name);
        }
        bool interpreted = !shell && readers_interpreter(name);
        int u = shell || interpreted ? shells_substituted_run(j, ln, st, name, w, n, interpreted) : 0;
        if (u != 0)
                return u;
        if (r > 0 && streq_any(name, shells) && j->unseen_args && positional_joined(s))
                return judge_refuse(j,
                                    "%s -c joins positional parameters that xargs adds when it runs: "
                                    "names made at run time",
                                    name);
        if (r > 0 && streq_any(name, shells) && reread_positional_built(s))
                return judge_refuse(j,
                                    "%s -c builds its own positional parameters (set --, a function) and "
                                    "uses them: names made at run time",
                                    name);
        if (r > 0 && streq_any(name, shells) && rest < n && positional_unsafe(s, w + rest, n - rest, 0))
                return judge_refuse(
                        j,
                        "%s -c changes its positional parameters when it runs (${1,,}, ${@:1:1}, "
                        "a brace among them, a word with a quote or an operator): names made at run time",
                        name);
        if (r > 0 && streq_any(name, shells) && rest < n) { /* sh -c 'cat $1$2' _ .e nv: its $0, $1, ... */
                char *p = reread_positional(s, w + rest, n - rest);
                if (!p)
                        return -ENOMEM;
                free(s);
                s = p;
        }
        if (r > 0 && (r = reread_with_options(j, name, s, w - k, n + k)) != 0)
                return r;
        if ((r = runners_urls(j, ln, name, w, n)) != 0 ||
            (r = runners_command_options(j, name, w, n)) != 0 ||
            (r = runners_home(j, ln, name, w, n)) != 0 || (r = reread_arithmetic(j, name, w, n)) != 0 ||
            (r = reread_builtin(j, name, w, n, ln->text, ln->n)) != 0)
                return r;
        if (streq(name, "export") || streq(name, "declare") || streq(name, "typeset") ||
            streq(name, "local") || streq(name, "readonly"))
                for (size_t a = 1; a < n; a++) {
                        size_t ignored;
                        if (programs_is_assignment(w[a]) &&
                            (r = judge_assignments(j, w + a, 1, &ignored)) != 0)
                                return r;
                }
        if ((r = objects_judge(j, name, w, n, st ? st->target : NULL, st ? st->n_redir : 0)) != 0 ||
            (r = objects_tree_copy(j, name, w, n, ret_lists)) != 0 ||
            (r = objects_server(j, name, w, n)) != 0)
                return r;
        if (streq(name, "find"))
                return patterns_find(j, ln, w, n, ret_lists);
        if (streq(name, "compgen"))
                return runners_compgen(j, w, n, ret_lists);
        if ((streq(name, "run-parts") && (r = runners_run_parts(j, w, n)) != 0) ||
            (r = runners_roff_unsafe(j, name, w, n)) != 0)
                return r;
        if (streq(name, "fd") || streq(name, "fdfind"))
                return runners_fd(j, ln, w, n, ret_lists);
        if (streq(name, "git"))
                return git_check(j, w, n, ret_lists);
        if (streq(name, "grep") || streq(name, "egrep") || streq(name, "fgrep") || streq(name, "rg") ||
            streq(name, "ag") || streq(name, "ack"))
                return patterns_grep(j, w, n);
        if (streq(name, "tar") || streq(name, "rsync") || streq(name, "zip"))
                return patterns_program(j, name, w, n);
        return 0;
}

/* A reserved word leading a command (if, do, {, !): the command follows. */
bool programs_keyword(const ShellWord *w) {
        static const char *const kw[] = {"if", "then", "else", "elif", "do",   "while", "until", "!",
                                         "{",  "}",    "done", "fi",   "esac", "time",  NULL};
        if (w->quoted || w->n == 0 || w->n > 5)
                return false;
        char buf[8];
        for (size_t i = 0; i < w->n; i++) { /* '{' and '}' come as brace items */
                if (w->v[i].kind != SHELL_LIT && w->v[i].kind != SHELL_BOPEN && w->v[i].kind != SHELL_BCLOSE)
                        return false;
                buf[i] = (char) w->v[i].c;
        }
        buf[w->n] = 0;
        return streq_any(buf, kw);
}

/* The programs that, fed names on their input, only print or count them. */
static bool stdin_filter(const Stage *st) {
        static const char *const filters[] = {"head", "tail",   "sort", "uniq", "wc",  "grep", "cut", "tr",
                                              "nl",   "column", "less", "more", "cat", "tee",  "fzf", NULL};
        char buf[256];
        return !st->keyword_led && st->n > 0 &&
               (streq_any(programs_name(st->w[0], buf, sizeof buf), filters) || reread_json_input(st));
}

/* A filter that hands its input on as lines, unchanged but for order or
 * count (no file of its own, no option that rewrites a line). */
static bool passes_on(const Stage *st) {
        static const char *const pass[] = {"cat", "tee", "head", "tail", "sort", "uniq", "stdbuf", NULL};
        char buf[256];
        if (st->keyword_led || st->n == 0 || !streq_any(programs_name(st->w[0], buf, sizeof buf), pass))
                return false;
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (!a || a[0] != '-')
                        return streq(programs_name(st->w[0], buf, sizeof buf), "tee"); /* tee FILE: a copy */
        }
        return true;
}

/* Does what echo or printf prints (its words, printf's format applied,
 * escapes decoded) name a masked path, a word of it? printf '.e%sv' n |
 * xargs cat opens .env; sql: psql globs none (SELECT * FROM t). 1, 0, -ENOMEM. */
static int prints_a_name(Judge *j, const Stage *st, bool sql) {
        char buf[256];
        const char *name = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], buf, sizeof buf) : NULL;
        if (!name || !(streq(name, "echo") || streq(name, "printf")))
                return 0;
        bool printf_ = streq(name, "printf");
        _cleanup_free_ char *text = printf_ ? reread_printf(st->w, st->n) : programs_joined(st->w, st->n, 1);
        if (!text)
                return -ENOMEM;
        if (!printf_) /* echo -e's escapes; printf's format has had its own */
                reread_unescape(text);
        for (char *save = NULL, *t = strtok_r(text, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
                if (!(sql && strchr("*?[", t[0])) && match_secret_glob(j, t, MATCH_FOLD, !strchr(t, '/')))
                        return 1;
        return 0;
}

/* Does a here-string or heredoc of st give a masked path's name, a word
 * of it (a glob matching one counts: what reads it may be a shell)? $x <<<
 * 'cat .e*' runs a shell the line cannot name. 1 yes, 0 no, -ENOMEM. */
static int feeds_a_name(Judge *j, const Line *ln, const Stage *st) {
        for (size_t i = 0; i < st->n_redir; i++) {
                _cleanup_free_ char *text = NULL;
                int r = shells_fed_text(ln, st, i, &text);
                if (r <= 0) {
                        if (r < 0)
                                return r;
                        continue;
                }
                /* a word that starts with a glob matches no dotfile, as
                 * bash's (the shell's reading of the text, apart, knows
                 * dotglob): SELECT * FROM t names nothing */
                for (char *save = NULL, *t = strtok_r(text, " \t\n;|&()<>'\"", &save); t;
                     t = strtok_r(NULL, " \t\n;|&()<>'\"", &save)) {
                        if (!strchr("*?[", t[0]) && match_secret_glob(j, t, MATCH_FOLD, !strchr(t, '/')))
                                return 1;
                        /* and as tar -T unquotes it (.e\156v) */
                        _cleanup_free_ char *u = strchr(t, '\\') ? strdup(t) : NULL;
                        if (u)
                                reread_unescape(u);
                        if (u && !strchr("*?[", u[0]) &&
                            match_secret_glob(j, u, MATCH_FOLD, !strchr(u, '/')))
                                return 1;
                }
        }
        return 0;
}

/* The programs that read the names they are given on their input:
 * xargs, parallel, tar -T -, zip -@, cpio -o, rsync --files-from=-, git
 * hash-object --stdin-paths. */
static bool reads_names(const Stage *st) {
        char nb[256], ab[256];
        const char *name = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], nb, sizeof nb) : NULL;
        if (!name)
                return false;
        if (streq(name, "xargs") || streq(name, "parallel") || streq(name, "cpio"))
                return true;
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], ab, sizeof ab);
                if (!a)
                        continue;
                if ((streq(name, "tar") || streq(name, "bsdtar")) &&
                    (streq(a, "-T") || programs_long_is(a, "files-from", NULL) ||
                     (a[0] == '-' && a[1] != '-' && strchr(a, 'T'))))
                        return true;
                if (streq(name, "zip") && a[0] == '-' && a[1] != '-' && strchr(a, '@'))
                        return true;
                if (streq(name, "rsync") &&
                    (programs_long_is(a, "files-from", NULL) || programs_long_is(a, "include-from", NULL)))
                        return true;
                if (streq(name, "git") && streq(a, "--stdin-paths"))
                        return true;
        }
        return false;
}

/* git rev-parse --git-dir (--git-path X, --git-common-dir,
 * --absolute-git-dir): git's own directory, printed. */
static bool prints_git_dir(const Stage *st) {
        char b[256];
        bool git = st->n > 1 && !st->keyword_led && streq_ptr(programs_name(st->w[0], b, sizeof b), "git"),
             rev = false, dir = false;
        for (size_t k = 1; git && k < st->n; k++) {
                const char *a = programs_plain(st->w[k], b, sizeof b);
                rev = rev || streq_ptr(a, "rev-parse");
                dir = dir ||
                      (a && streq_any(a, (const char *const[]){"--git-dir", "--git-path", "--git-common-dir",
                                                               "--absolute-git-dir", NULL}));
        }
        return rev && dir;
}

/* wc with no file of its own: its output is counts, no name of its
 * input ($(find "$d" -type f | wc -l)). */
static bool counts(const Stage *st) {
        char b[256];
        if (st->keyword_led || st->n == 0 || !streq_ptr(programs_name(st->w[0], b, sizeof b), "wc"))
                return false;
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], b, sizeof b);
                if (!a || a[0] != '-' || streq(a, "-") || programs_long_is(a, "files0-from", NULL))
                        return false;
        }
        return true;
}

static int judge_pipeline(Judge *j, const Line *ln, Stage *v, size_t n) {
        bool listed = false;
        int r;
        for (size_t i = 0; i < n; i++) {
                bool lists = false;
                if (i > 0 && listed && !stdin_filter(&v[i]))
                        return judge_refuse(
                                j, "names a pattern matches, a masked one among them, piped to a program "
                                   "that can read them");
                j->names_read = j->names_read || reads_names(&v[i]);
                /* { find .; } | xargs cat: the compound's commands, each into the rest */
                bool names_after = false;
                for (size_t k = i + 1; k < n && !names_after; k++)
                        names_after = reads_names(&v[k]) || namelists_opens(ln, v, k, false);
                if (names_after && (r = pipeline_compound_listed(j, ln, v, n, i)) != 0)
                        return r;
                /* ls -A | grep -x '.e.v' | xargs cat: a filter's pattern picks names */
                for (size_t k = 0; k < i && reads_names(&v[i]); k++) {
                        char re[1024];
                        if ((r = match_filter_regex(&v[k], re, sizeof re)) < 0)
                                return r;
                        if (r > 0 && match_secret_regex(j, re, true))
                                return judge_refuse(
                                        j, "a filter's pattern matches a masked name, and a program "
                                           "after it reads the names it passes");
                }
                size_t origin = i;
                while (origin > 1 && passes_on(&v[origin - 1]))
                        origin--;
                if (i > 0 && !stdin_filter(&v[i]) && judge_held(j) && prints_git_dir(&v[origin - 1])) {
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "git's directory, as git rev-parse names it, piped to a program "
                                            "that can read it, and the history holds a masked entry");
                }
                bool opens = reads_names(&v[i]) || namelists_opens(ln, v, i, false); /* sort --files0-from */
                if ((r = objects_listed(j, ln, &v[i], i > 0 ? &v[origin - 1] : NULL, !stdin_filter(&v[i]),
                                        opens)) != 0)
                        return r;
                if ((r = namelists_written(j, ln, v, i)) != 0) /* echo .gQt/o/ab | tr Q i > l */
                        return r;
                /* echo .gQt/objects/ab/cd | tr Q i | xargs cat: the names made */
                if (i > 0 && (opens || namelists_opens(ln, v, i, true)) &&
                    (r = objects_flowed(j, ln, v, i - 1, &v[i])) != 0)
                        return r;
                if (i > 0 && !stdin_filter(&v[i]) &&
                    (r = prints_a_name(j, &v[origin - 1], reread_sql_reader(&v[i]))) != 0)
                        return r < 0 ? r
                                     : judge_refuse(j,
                                                    "a name echo or printf prints, a masked one, piped to a "
                                                    "program that can read it");
                /* a program that may read what a here-string or heredoc
                 * gives it, as a program too (a shell known only when the
                 * line runs, perl, awk's system()); a loop's is judged by
                 * the shells in its body, a shell's as its program */
                char nb[256]; /* a shell it names reads it as shells_judge_input says */
                bool reads = !stdin_filter(&v[i]) && !v[i].keyword_led && v[i].n > 0 &&
                             !streq_any(programs_name(v[i].w[0], nb, sizeof nb), shells);
                if (reads && ((r = feeds_a_name(j, ln, &v[i])) != 0 ||
                              (i > 0 && (r = feeds_a_name(j, ln, &v[origin - 1])) != 0)))
                        return r < 0 ? r
                                     : judge_refuse(
                                               j, "a name a here-string or heredoc gives, a masked one, fed "
                                                  "to a program that can read it");
                /* ... and read as a program, as a shell reads it (quotes,
                 * braces, continuations): $SHELL <<< "cat .e''nv"; a text
                 * that is no shell's (python, SQL) by its names */
                if (reads) {
                        bool was = j->lenient;
                        j->lenient = true;
                        r = shells_judge_redirects(j, ln, &v[i], i > 0 ? &v[origin - 1] : NULL);
                        if (r == 0) /* echo S | python3, ed <<< S: S its program */
                                r = written_piped(j, ln, &v[i], i > 0 ? &v[origin - 1] : NULL);
                        j->lenient = was;
                        if (r != 0)
                                return r;
                }
                /* echo S | cat | sh: what cat, sort, head, tee pass on is
                 * the text before them */
                size_t from = i;
                while (from > 1 && passes_on(&v[from - 1]))
                        from--;
                if ((r = shells_judge_input(j, ln, &v[i], i > 0 ? &v[from - 1] : NULL)) != 0 ||
                    (r = languages_judge_fed(j, ln, &v[i], i > 0 ? &v[from - 1] : NULL)) != 0 ||
                    (r = languages_sed_output(j, ln, v, n, i)) != 0 ||
                    (r = objects_compound(j, ln, &v[i])) != 0 || (r = chdir_stage(j, &v[i])) != 0 ||
                    (j->untied && (r = shells_judge_fed(j, ln, &v[i], i + 1 < n ? &v[i + 1] : NULL)) != 0) ||
                    (j->scripts_written && (r = shells_judge_written(j, ln, v, n, i)) != 0) ||
                    (j->written_run && (r = written_judge(j, ln, v, n, i)) != 0))
                        return r;
                /* printf '.e\156v' > l; xargs -a l cat: a name list written, then read */
                if (j->scripts_written && j->names_read && (r = prints_a_name(j, &v[i], false)) != 0)
                        return r < 0 ? r
                                     : judge_refuse(j, "a name echo or printf writes, a masked one, to a "
                                                       "list of names the line reads");
                /* git ls-files -z | xargs -0 tar c: the names a proven lister's */
                j->args_listed = i > 0 && objects_names_listed(j, v, i - 1, &v[i]);
                r = programs_judge_words(j, ln, v[i].w, v[i].n, &v[i], &lists);
                j->args_listed = false;
                if (r != 0)
                        return r;
                listed = (listed && !counts(&v[i])) || lists;
        }
        /* MAKEFLAGS="$(echo 'X!=gxt log' | tr x i)" make: make's words */
        if ((r = makeenv_substituted(j, ln, v, n)) != 0)
                return r;
        /* cat $(echo .gQt/objects/ab/cd | tr Q i): names made, a command's words */
        if (ln->substitution && n > 0 && (r = objects_flowed(j, ln, v, n - 1, NULL)) != 0)
                return r;
        if (listed && ln->substitution)
                return judge_refuse(j,
                                    "names a pattern matches, a masked one among them, handed to a command "
                                    "as words");
        /* $(ls -A | grep -x '.e.v'): a filter's names, piped in, handed to a
         * command as words (the last stages but what passes them on) */
        size_t last = n;
        while (ln->substitution && last > 2 && passes_on(&v[last - 1]))
                last--;
        if (ln->substitution && last >= 2) {
                char re[1024];
                if ((r = match_filter_regex(&v[last - 1], re, sizeof re)) < 0)
                        return r;
                if (r > 0 && match_secret_regex(j, re, true))
                        return judge_refuse(j, "a filter's pattern matches a masked name, and the names it "
                                               "passes are handed to a command as words");
        }
        return 0;
}

static int programs_text(Judge *j, const char *s, size_t n);

static int printed_names(Judge *j, const char *joined, size_t n) {
        _cleanup_free_ char *t = malloc(n + 1);
        if (!t)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++)
                t[i] = joined[i] ? joined[i] : '\n';
        t[n] = 0;
        reread_unescape(t); /* tar -T unquotes C escapes */
        for (char *save = NULL, *w = strtok_r(t, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
                if (match_secret_glob(j, w, MATCH_FOLD, !strchr(w, '/')))
                        return judge_refuse(j, "a name a substitution prints, a masked one, read as a name "
                                               "by a program of the line");
        return 0;
}

static int programs_lexed(Judge *j, const ShellLexed *l, const char *text, size_t n, bool substitution);

int programs_check(Judge *j, const ShellLexed *l, const char *text, size_t n) {
        j->text = text;
        j->text_n = n;
        j->text_moves = judge_text_may_move(text, n);
        /* set however bash sets it (printf -v, read, a nameref): named in the line */
        int r = setvars_check(j, l, text, n, git_config_env, git_pathspec_env);
        if (r != 0 || (r = handed_other_shell(j, l)) != 0)
                return r;
        WrittenTexts written = {0};
        j->written = &written;
        r = programs_lexed(j, l, text, n, false);
        /* the texts written to the scripts it runs, together, in the line's order */
        if (r == 0 && written.pieces > 1) {
                bool was = j->lenient;
                j->lenient = true;
                r = programs_reread(j, "the texts the line writes to a script it runs, together",
                                    written.buf, written.n);
                j->lenient = was;
        }
        free(written.buf);
        j->written = NULL;
        return r;
}

static int programs_lexed(Judge *j, const ShellLexed *l, const char *text, size_t n, bool substitution) {
        Line ln = {text, n, substitution, l};
        _cleanup_free_ Stage *v = calloc(16, sizeof *v);
        _cleanup_free_ const ShellWord **words = calloc(l->n + 1, sizeof *words);
        _cleanup_free_ bool *filed = calloc(l->n + 1, sizeof *filed),
                            *pattern = calloc(l->n + 1, sizeof *pattern);
        size_t m = 0, used = 0;
        int r;
        if (!v || !words || !filed || !pattern)
                return -ENOMEM;
        word_case_patterns(l, pattern); /* case x in *): no command, no file name */
        if (!compound_keywords_bounded(l)) {
                judge_name_all(j);
                return judge_refuse(j,
                                    "more than %d reserved words in a row ({ { { ...), past what this "
                                    "rule judges",
                                    KEYWORDS_MAX);
        }
        size_t exec_from;
        if ((r = readers_groups_filed(l, filed, &exec_from)) < 0)
                return r;
        bool inlined;
        if ((r = reread_line(j, l, text, n, &inlined)) != 0 || inlined) {
                j->inlined = inlined && !substitution;
                return r; /* functions' calls inlined: that line judged, in place of this one */
        }
        /* a substitution's text: its line's look (which went into the texts
         * it nests) came with the Judge, not looked for again */
        if (!substitution) {
                j->untied = j->untied || shells_line_untied(l, 0);
                j->scripts_written = j->scripts_written || shells_line_scripts(l, j);
                rebound_line(j, l, text, n);
                int runs = written_line_runs(l, j);
                j->written_run |= runs & ~WRITTEN_FED;
                j->scripts_written = j->scripts_written || (runs & (WRITTEN_SCRIPT | WRITTEN_FED));
        }
        v[0].w = words;
        for (size_t i = 0; i <= l->n; i++) {
                const ShellToken *t = i < l->n ? &l->v[i] : NULL;
                if (t && pattern[i])
                        continue;
                if (command_past_deadline(j->policy)) {
                        judge_name_all(j);
                        return judge_refuse(j, "more time judging than the rule's bound allows (%llu ms)",
                                            (unsigned long long) (j->policy->time_max / 1000));
                }
                Stage *st = &v[m];
                if (t && t->kind == SHELL_TOKEN_WORD) {
                        if (st->n == 0 && programs_keyword(&t->w)) {
                                st->keyword_led = true, st->led = t;
                                continue;
                        }
                        /* function NAME { ...; }, coproc [NAME] { ...; }: the body is
                         * what runs (the name, before a '{' or '(', is none) */
                        if (st->n == 0 &&
                            (programs_word_is(&t->w, "function") || programs_word_is(&t->w, "coproc"))) {
                                st->keyword_led = true;
                                bool named = i + 2 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD &&
                                             ((l->v[i + 2].w.n == 1 && l->v[i + 2].w.v[0].c == '{') ||
                                              l->v[i + 2].kind == SHELL_TOKEN_OP);
                                i += programs_word_is(&t->w, "function") || named;
                                continue;
                        }
                        if (compound_array(l, &i, st, STAGE_WORDS_MAX, &used) < 0) /* NAME=(...) too */
                                return judge_refuse(j, "a command of more than %d words", STAGE_WORDS_MAX);
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR) {
                        if (st->n_redir == ELEMENTSOF(st->redir))
                                return judge_refuse(j, "a command of more than 32 redirects");
                        st->redir[st->n_redir] = t;
                        bool word = i + 1 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD &&
                                    !streq(t->op, "<(") && !streq(t->op, ">(");
                        st->target[st->n_redir++] = word ? &l->v[i + 1].w : NULL;
                        i += word;
                        continue;
                }
                bool pipe = t && t->kind == SHELL_TOKEN_OP && (streq(t->op, "|") || streq(t->op, "|&"));
                if (pipe && m + 1 == 16)
                        return judge_refuse(j, "a pipeline of more than 16 commands");
                if (pipe) {
                        st->stderr_piped = streq(t->op, "|&");
                        v[++m].w = words + used;
                        continue;
                }
                /* { T; } > F; exec > F before it, asked only when the line
                 * runs a file it may write */
                j->group_filed = filed[i] || (written_may_run(j) && i >= exec_from);
                if ((r = judge_pipeline(j, &ln, v, m + 1)) != 0)
                        return r;
                for (size_t k = 0; k <= m; k++) /* the counts: the arrays are rewritten before read */
                        v[k] = (Stage){0};
                m = 0;
                v[0].w = words + used, v[0].led = compound_paren(t);
        }
        /* what substitutions and defaults run is judged the same way; and
         * what one prints, when a shell reads it */
        bool computed = j->computed || j->untied;
        j->computed = false, j->shell_output = computed; /* its substitutions' Judges copy it */
        _cleanup_free_ char *joined = NULL; /* $(echo cat .e)$(echo nv): what they print, together */
        size_t joined_n = 0, at[4] = {0};   /* where the last substitutions' texts start in it */
        _cleanup_free_ size_t *from = calloc(l->n_nested + 1, sizeof *from); /* nested i's in joined */
        if (!from)
                return -ENOMEM;
        for (size_t i = 0; i < l->n_nested; i++) {
                if ((r = programs_text(j, l->nested[i], strlen(l->nested[i]))) != 0)
                        return r;
                memmove(at, at + 1, sizeof at - sizeof at[0]);
                at[3] = from[i] = joined_n;
                if ((r = printed_judge(j, l->nested[i], strlen(l->nested[i]), computed, &joined,
                                       &joined_n)) != 0)
                        return r;
                /* a word two to four of them make (cat $(echo .e)$(echo nv)) */
                for (size_t k = 0; k < 3 && joined_n > at[3]; k++)
                        if (i >= 3 - k && at[k] < at[3] &&
                            (r = programs_reread(j, "what substitutions print, together", joined + at[k],
                                                 joined_n - at[k])) != 0)
                                return r;
        }
        from[l->n_nested] = joined_n;
        /* xargs -0 cat < <(printf '.e\156v'), tar -T <(...): a name a
         * substitution prints (tar's -T list unquoted too), read as a name */
        for (size_t i = 0; joined_n > 0 && j->names_read && i < l->n_nested; i++)
                if (from[i + 1] > from[i] &&
                    (r = printed_names(j, joined + from[i], from[i + 1] - from[i])) != 0)
                        return r;
        if (joined_n > 0 && (r = printed_words(j, l, joined, from, computed)) != 0)
                return r;
        /* a shell reading the line: all of it, together */
        return joined_n > 0 && computed
                       ? programs_reread(j, "what substitutions print, together", joined, joined_n)
                       : 0;
}

static int programs_text(Judge *j, const char *s, size_t n) {
        ShellLexed l = {0};
        if (j->depth + 1 > REREAD_MAX + 8)
                return 0; /* command.c's names judge it past its own bound */
        int r = shell_lex(s, n, &l);
        if (r == -EINVAL)
                return 0;
        if (r < 0)
                return r;
        Judge inner = *j;
        inner.depth = j->depth + 1;
        r = programs_lexed(&inner, &l, s, n, true);
        shell_lexed_done(&l);
        return r;
}
