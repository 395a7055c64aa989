/* SPDX-License-Identifier: MIT */
/*
 * The strings a line's programs read again as command lines
 * (command-internal.h): eval's, trap's, a shell's -c, su -c, compgen -C,
 * start-stop-daemon's program, ...; and their judging, with what the line
 * hands on to them (what it set for git, a cwd it may have moved). It must
 * not judge a string itself: command_judge does, a level deeper.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

int programs_reread_string(const ShellWord *const *w, size_t n, char **ret_s, size_t *ret_rest) {
        char buf[256];
        const char *name = n > 0 ? programs_name(w[0], buf, sizeof buf) : NULL;
        size_t at = SIZE_MAX;
        if (!name)
                return 0;
        int h = handed_string(w, n, ret_s, ret_rest); /* capsh -- ARGS, watch -x PROG ARGS */
        if (h != 0)
                return h;
        if (streq(name, "eval") || streq(name, "watch")) {
                size_t k = 1;
                while (streq(name, "watch") && k < n && w[k]->n > 0 && w[k]->v[0].c == '-') {
                        char o[256];
                        const char *a = programs_plain(w[k], o, sizeof o);
                        k += a && (streq(a, "-n") || streq(a, "-q") || streq(a, "--interval") ||
                                   streq(a, "--equexit"))
                                     ? 2
                                     : 1;
                }
                char *s = programs_joined(w, n, k > n ? n : k);
                if (!s)
                        return -ENOMEM;
                *ret_s = s;
                *ret_rest = n;
                return 1;
        }
        if (streq(name, "start-stop-daemon")) { /* -x/-a PROG ... -- ARGS: PROG ARGS runs */
                const char *prog = NULL;
                char o[256], p[1024];
                size_t dd = n;
                for (size_t k = 1; k < n; k++) {
                        const char *a = programs_plain(w[k], o, sizeof o);
                        if (a && streq(a, "--")) {
                                dd = k;
                                break;
                        }
                        const char *eq = a ? strchr(a, '=') : NULL;
                        if (a && eq &&
                            (strncmp(a, "--exec=", 7) == 0 || strncmp(a, "--startas=", 10) == 0)) {
                                snprintf(p, sizeof p, "%s", eq + 1);
                                prog = p;
                        } else if (a && k + 1 < n &&
                                   (streq(a, "-x") || streq(a, "-a") || streq(a, "--exec") ||
                                    streq(a, "--startas"))) {
                                _cleanup_free_ char *t = programs_word_text(w[k + 1]);
                                if (!t)
                                        return -ENOMEM;
                                snprintf(p, sizeof p, "%s", t);
                                prog = p;
                        }
                }
                if (!prog)
                        return 0;
                char **t = calloc(n + 1, sizeof *t);
                if (!t)
                        return -ENOMEM;
                size_t m = 0;
                bool ok = (t[m++] = strdup(prog)) != NULL;
                for (size_t k = dd + 1; ok && k < n; k++)
                        ok = (t[m++] = programs_word_text(w[k])) != NULL;
                char *line = ok ? git_shell_line("", (const char *const *) t, m) : NULL;
                for (size_t k = 0; k < m; k++)
                        free(t[k]);
                free(t);
                if (!line)
                        return -ENOMEM;
                *ret_s = line;
                *ret_rest = n;
                return 1;
        }
        if (streq(name, "compgen") || streq(name, "complete")) {
                /* -C S: S run as eval runs it; -W LIST: LIST expanded, its
                 * substitutions run (as echo's words) */
                for (size_t k = 1; k < n; k++) {
                        char o[256];
                        const char *a = programs_plain(w[k], o, sizeof o);
                        const char *c = a && a[0] == '-' && a[1] != '-' ? strpbrk(a + 1, "CW") : NULL;
                        if (!c)
                                continue;
                        /* the rest of the word after the letter, or the next word */
                        _cleanup_free_ char *v = c[1]        ? strdup(c + 1)
                                                 : k + 1 < n ? programs_word_text(w[k + 1])
                                                             : NULL;
                        if (!v && !c[1] && k + 1 >= n)
                                return 0;
                        char *s = NULL;
                        if (!v || asprintf(&s, "%s%s", *c == 'W' ? "echo " : "", v) < 0)
                                return -ENOMEM;
                        *ret_s = s;
                        *ret_rest = n;
                        return 1;
                }
                return 0;
        }
        if (streq(name, "trap")) { /* trap S SIGNAL...: S is read when the signal comes */
                size_t k = 1;
                char o[256];
                const char *a = k < n ? programs_plain(w[k], o, sizeof o) : NULL;
                if (a && streq(a, "--"))
                        a = ++k < n ? programs_plain(w[k], o, sizeof o) : NULL;
                if (k >= n || (a && (streq(a, "-") || streq(a, "-p") || streq(a, "-l") || streq(a, "-P"))))
                        return 0;
                char *s = programs_word_text(w[k]);
                if (!s)
                        return -ENOMEM;
                *ret_s = s;
                *ret_rest = n;
                return 1;
        }
        if (programs_is_shell(name))
                at = programs_shell_c(w, n, 1);
        else if (streq(name, "sg")) { /* sg [-] GROUP [-c] CMD: CMD through sh -c, either form */
                size_t k = 1;
                char o[256];
                const char *a = k < n ? programs_plain(w[k], o, sizeof o) : NULL;
                k += a && streq(a, "-");
                a = k + 1 < n ? programs_plain(w[k + 1], o, sizeof o) : NULL;
                at = k + 1 + (a && streq(a, "-c"));
                if (at < n) {
                        char *s = programs_joined(w, n, at);
                        if (!s)
                                return -ENOMEM;
                        *ret_s = s;
                        *ret_rest = n;
                        return 1;
                }
        } else if (streq(name, "su") || streq(name, "script") || streq(name, "runuser")) {
                for (size_t k = 1; k < n && at == SIZE_MAX; k++) {
                        char o[256];
                        const char *a = programs_plain(w[k], o, sizeof o);
                        const char *c = a && a[0] == '-' && a[1] != '-' ? strchr(a, 'c') : NULL;
                        const char *value = NULL;
                        bool command = programs_long_is(a, "command", &value) ||
                                       programs_long_is(a, "session-command", &value);
                        if (a && (streq(a, "-c") || (command && !value) || (c && !c[1])))
                                at = k + 1; /* script -qc S, su --comm S */
                        else if (c) {       /* -cS: the rest of the word */
                                char *s = strdup(c + 1);
                                if (!s)
                                        return -ENOMEM;
                                *ret_s = s;
                                *ret_rest = k + 1;
                                return 1;
                        } else if (command && value) {
                                char *s = strdup(value);
                                if (!s)
                                        return -ENOMEM;
                                *ret_s = s;
                                *ret_rest = k + 1;
                                return 1;
                        }
                }
        }
        if (at == SIZE_MAX || at >= n)
                return 0;
        char *s = programs_word_text(w[at]);
        if (!s)
                return -ENOMEM;
        *ret_s = s;
        *ret_rest = at + 1;
        return 1;
}

int programs_reread(Judge *j, const char *what, const char *s, size_t n) {
        /* what the line set for git, the string's commands inherit
         * (HOME=x bash -c 'git log', GIT_NOGLOB_PATHSPECS=1 bash -c ...) */
        _cleanup_free_ char *inherited = NULL;
        bool moved = cwd_moved(j) || judge_line_may_move(j); /* ... and where it may have gone */
        if (j->git_env || j->git_pathspec_env || moved) {
                /* after a script's #! line, which must stay first */
                size_t head = n > 2 && s[0] == '#' && s[1] == '!' ? strcspn(s, "\n") : 0;
                head += head < n && s[head] == '\n';
                if (asprintf(&inherited, "%.*s%s%s%s%.*s", (int) head, s, j->git_env ? "export HOME; " : "",
                             j->git_pathspec_env ? "export GIT_NOGLOB_PATHSPECS; " : "",
                             moved ? "cd \"$_\"; " : "", (int) (n - head), s + head) < 0)
                        return -ENOMEM;
                s = inherited;
                n = strlen(inherited);
        }
        if (j->depth + 1 > REREAD_MAX) {
                judge_name_all(j);
                return judge_refuse(j, "%s: strings read again nested past %d", what, REREAD_MAX);
        }
        CommandVerdict v;
        int r = command_judge(s, n, j->policy, j->depth + 1, j->lenient, &v);
        if (r < 0)
                return r;
        if (v.refused) {
                for (size_t i = 0; i < v.n_paths; i++)
                        for (size_t k = 0; k < j->policy->n_secrets; k++)
                                if (j->policy->secrets[k] == v.paths[i])
                                        j->named[k] = true;
                judge_refuse(j, "%s: %s", what, v.reason);
        }
        command_verdict_done(&v);
        return v.refused ? 1 : 0;
}
