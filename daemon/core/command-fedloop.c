/* SPDX-License-Identifier: MIT */
/*
 * A while [IFS=] read -r loop's variable fed by a list (command.c's
 * recogniser): a command of the loop's body that the name-or-size language
 * refuses, with "$var" as its last word, is judged as the same list handed
 * to xargs (LIST | xargs -d '\n' WORDS), which the rest of the rule proves
 * or refuses (a lister whose pattern no masked name matches). It must not
 * prove a list itself: the rule judging that line does.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "shell-lex.h"
#include "util.h"

typedef Recogniser P;

/* Append s single-quoted (' as '\'') and a blank to *buf (size *len, at
 * *at): 0, -ENOMEM. */
static int put_quoted(char **buf, size_t *len, size_t *at, const char *s) {
        size_t need = *at + 4 * strlen(s) + 4;
        if (need > *len) {
                char *b = realloc(*buf, need * 2);
                if (!b)
                        return -ENOMEM;
                *buf = b, *len = need * 2;
        }
        (*buf)[(*at)++] = '\'';
        for (; *s; s++)
                if (*s == '\'') {
                        memcpy(*buf + *at, "'\\''", 4);
                        *at += 4;
                } else
                        (*buf)[(*at)++] = *s;
        (*buf)[(*at)++] = '\'';
        (*buf)[(*at)++] = ' ';
        (*buf)[*at] = 0;
        return 0;
}

static int put_text(char **buf, size_t *len, size_t *at, const char *s) {
        size_t need = *at + strlen(s) + 1;
        if (need > *len) {
                char *b = realloc(*buf, need * 2);
                if (!b)
                        return -ENOMEM;
                *buf = b, *len = need * 2;
        }
        strcpy(*buf + *at, s);
        *at += strlen(s);
        return 0;
}

/* A word that means the same quoted: plain text, no brace, no reserved
 * word, no assignment, no unquoted '~'. */
static const char *same_quoted(const ShellWord *w, char buf[256]) {
        const char *s = recog_literal(w, buf);
        if (!s || recog_has_brace(w) || programs_keyword(w) || programs_is_assignment(w))
                return NULL;
        for (size_t i = 0; i < w->n; i++)
                if (w->v[i].kind == SHELL_LIT && w->v[i].c == '~' && !w->v[i].quoted)
                        return NULL;
        return s;
}

/* bash's builtins: the loop runs one in its own shell (eval "$f", cd
 * "$f", . "$f"), where xargs, which runs programs, could not. */
static const char *const builtins[] = {
        ".",      ":",       "[",         "alias",    "bg",       "bind",    "break",    "builtin",
        "caller", "cd",      "command",   "compgen",  "complete", "compopt", "continue", "declare",
        "dirs",   "disown",  "echo",      "enable",   "eval",     "exec",    "exit",     "export",
        "false",  "fc",      "fg",        "getopts",  "hash",     "help",    "history",  "jobs",
        "kill",   "let",     "local",     "logout",   "mapfile",  "popd",    "printf",   "pushd",
        "pwd",    "read",    "readarray", "readonly", "return",   "set",     "shift",    "shopt",
        "source", "suspend", "test",      "times",    "trap",     "true",    "type",     "typeset",
        "ulimit", "umask",   "unalias",   "unset",    "wait",     "coproc",  "function", "time",
        "select", "[[",      NULL};

static const char *const runners[] = {"eval",    "source",   ".",      "exec",    "command", "builtin",
                                      "trap",    "alias",    "xargs",  "sudo",    "doas",    "su",
                                      "watch",   "parallel", "flock",  "strace",  "ltrace",  "script",
                                      "busybox", "setpriv",  "chroot", "unshare", "nsenter", NULL};

/* Does the program name run what its words name (a shell, a wrapper, an
 * interpreter, eval)? */
static bool runs_words(const char *name) {
        return streq_any(name, runners) || programs_is_shell(name) || programs_is_wrapper(name) ||
               readers_interpreter(name);
}

bool recog_loop_runs(const P *p, const ShellWord *const *words, size_t n) {
        char buf[256];
        const char *name = n > 0 ? recog_literal(words[0], buf) : NULL;
        Judge j = {.policy = p->policy};
        if (!p->loop || !name || !judge_held(&j))
                return false; /* a program known only when it runs: the history's rule */
        if (!runs_words(name))
                return false;
        for (size_t k = 1; k < n; k++)
                if (words[k]->expansion || words[k]->substitution)
                        return true;
        return false;
}

bool recog_fed_defer(P *p, size_t from, size_t to, const ShellWord *const *words, size_t n) {
        char buf[256];
        if (!p->loop || !p->exact || p->writes || p->printed || n < 2 ||
            p->n_deferred >= ELEMENTSOF(p->deferred))
                return false;
        const char *name = recog_literal(words[0], buf);
        if (!name || streq_any(name, builtins) || strchr(name, '/'))
                return false; /* a builtin, or ./x.sh (a file the line may have written) */
        const ShellWord *last = words[n - 1];
        if (last->n != 1 || last->v[0].kind != SHELL_EXPAND || !last->quoted || last->substitution ||
            !streq(last->param, p->loop))
                return false; /* "$f": the line as read; $f would be split */
        for (size_t k = 0; k + 1 < n; k++)
                if (!same_quoted(words[k], buf))
                        return false;
        p->deferred[p->n_deferred][0] = from;
        p->deferred[p->n_deferred][1] = to;
        p->n_deferred++;
        return true;
}

/* Is w "$var", whole and quoted (var NULL: any one name, the loop's as
 * found when it was deferred)? */
static bool loop_word(const char *var, const ShellWord *w) {
        return w->n == 1 && w->v[0].kind == SHELL_EXPAND && w->quoted && !w->substitution &&
               (!var || streq(w->param, var));
}

/* Is a substitution's text CMD "$var", CMD < "$var" (2>/dev/null too), then
 * filters that only cut what it prints (| cut -c1-8, | head -1)? CMD of
 * plain words, a program no builtin and none that runs its words; the
 * loop's variable (var) once. With buf, CMD's words but "$var" into *buf (as
 * recog_fed_judge puts a deferred command's). 1, 0, -ENOMEM. */
static int substituted_reader(const char *var, const char *text, char **buf, size_t *len, size_t *at) {
        static const char *const filters[] = {"cut", "head", "tail", "tr", "wc", "sort", "uniq", NULL};
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        char b[256], tb[256];
        size_t stage = 0, words = 0, uses = 0;
        bool tr = false;
        if (shell_lex(text, strlen(text), &l) < 0 || l.n_nested > 0)
                return 0;
        for (size_t i = 0; i < l.n; i++) {
                const ShellToken *t = &l.v[i], *target = i + 1 < l.n ? t + 1 : NULL;
                if (t->kind == SHELL_TOKEN_OP) {
                        if (!streq(t->op, "|") || words == 0)
                                return 0;
                        stage++, words = 0;
                        continue;
                }
                if (t->kind == SHELL_TOKEN_REDIR) {
                        const char *tg = target && target->kind == SHELL_TOKEN_WORD
                                                 ? recog_literal(&target->w, tb)
                                                 : NULL;
                        bool input = stage == 0 && streq(t->op, "<") && t->fd <= 0 && target &&
                                     target->kind == SHELL_TOKEN_WORD && loop_word(var, &target->w);
                        if (!input && !(t->fd == 2 && streq(t->op, ">") && streq_ptr(tg, "/dev/null")))
                                return 0;
                        uses += input;
                        i++;
                        continue;
                }
                if (t->kind != SHELL_TOKEN_WORD)
                        return 0;
                if (stage == 0 && loop_word(var, &t->w)) {
                        uses++;
                        words++;
                        continue;
                }
                const char *w = same_quoted(&t->w, b);
                if (!w || (words == 0 && (streq_any(w, builtins) || strchr(w, '/') || runs_words(w) ||
                                          (stage > 0 && !streq_any(w, filters)))))
                        return 0;
                /* a filter's operand is a file it reads (tail -c +1 .env, 31y 8): only
                 * options and numbers, but tr's sets */
                if (stage > 0 && words == 0)
                        tr = streq(w, "tr");
                else if (stage > 0 && !tr && w[0] != '-' && strspn(w, "0123456789+,-") != strlen(w))
                        return 0;
                words++;
                if (stage == 0 && buf) {
                        int r = put_quoted(buf, len, at, w);
                        if (r < 0)
                                return r;
                }
        }
        return uses == 1 && words > 0;
}

bool recog_fed_substituted(P *p, const ShellWord *w) {
        bool any = false;
        if (!p->loop || !p->exact || p->writes)
                return false;
        for (size_t k = 0; k < w->n; k++) {
                const ShellItem *it = &w->v[k];
                if (it->kind != SHELL_EXPAND || it->nested == 0)
                        continue;
                if (it->nested > p->l->n_nested || p->n_deferred >= ELEMENTSOF(p->deferred) ||
                    substituted_reader(p->loop, p->l->nested[it->nested - 1], NULL, NULL, NULL) <= 0)
                        return false;
                p->deferred[p->n_deferred][0] = it->nested - 1;
                p->deferred[p->n_deferred][1] = SIZE_MAX; /* a substitution's text */
                p->n_deferred++;
                any = true;
        }
        return any;
}

/* A word of a list's stage that may make it print a NUL, which read drops
 * (a.py NUL b.py read as one name) and xargs -d '\n' does not: -z, -0,
 * -Z, --null, -print0, -printf, an escape or a format. */
static bool may_print_nul(const char *s) {
        if (s[0] == '-' && s[1] > '0' && s[1] <= '9' && strspn(s + 1, "0123456789") == strlen(s + 1))
                return false; /* head -20 */
        return strchr(s, '\\') || strchr(s, '%') ||
               (s[0] == '-' &&
                (strpbrk(s, "zZ0") || strstr(s, "null") || (strstr(s, "print") && !streq(s, "-print"))));
}

/* An option that prints part of a line, not the name whole: head -c, tail
 * --bytes, grep -o, rg -r (.envx/y.py cut to .env). */
static bool cuts(const char *stage, const char *s) {
        bool cluster = s[0] == '-' && s[1] != '-';
        if (streq(stage, "head") || streq(stage, "tail"))
                return (cluster && strchr(s, 'c')) || strncmp(s, "--b", 3) == 0;
        if (streq(stage, "grep") || streq(stage, "rg"))
                return (cluster && (strchr(s, 'o') || strchr(s, 'r'))) || strncmp(s, "--o", 3) == 0 ||
                       strncmp(s, "--r", 3) == 0;
        return false;
}

/* Does a pattern keep a name's last byte a non-blank (*.py, not *, x?,
 * x[ ])? */
static bool ends_named(const char *pat) {
        size_t len = strlen(pat);
        return len > 0 && !strchr(" \t*?]\\", pat[len - 1]);
}

/* Does the path a lister prints start where a blank cannot (src/..., ./...)?
 * A pathspec's * matches a blank, but the name trimmed still matches it. */
static bool starts_named(const char *s) {
        return s[0] && !strchr(" \t?[:\\-", s[0]);
}

/* rg's types whose every glob ends in a name's byte (not license's
 * COPYING*). */
static bool rg_type_named(const char *t) {
        static const char *const types[] = {"py",    "js",   "ts",   "rust", "go", "c",    "cpp",
                                            "h",     "java", "ruby", "sh",   "md", "json", "yaml",
                                            "toml",  "html", "css",  "php",  "cs", "sql",  "kotlin",
                                            "swift", "lua",  "txt",  NULL};
        return streq_any(t, types);
}

/* A read without IFS= takes a line with its leading and trailing blanks
 * gone: a list whose line ' .env' (a file the agent made) is read as .env.
 * Can no line of the lister w[0..n) start or end with a blank: git
 * ls-files (or git ... -- ) with pathspecs that end in a name's byte and
 * start with one or '*'; find from named directories with a -name or
 * -iname that ends so (no -o, !, -not or parentheses); rg --files or fd
 * below a named directory with a type, a glob or an extension that ends
 * so? Not ls (any name). */
static bool trims_nothing(char w[][256], size_t n) {
        if (n == 0)
                return false;
        if (streq(w[0], "git")) {
                bool files = n > 1 && streq(w[1], "ls-files"), dashdash = false;
                size_t specs = 0;
                for (size_t k = 2; k < n; k++) {
                        if (!dashdash && streq(w[k], "--")) {
                                dashdash = true;
                                continue;
                        }
                        if (!dashdash && (w[k][0] == '-' || !files))
                                continue; /* an option, or git diff's revision */
                        if (!(starts_named(w[k]) || w[k][0] == '*') || !ends_named(w[k]))
                                return false;
                        specs++;
                }
                return specs > 0;
        }
        if (streq(w[0], "find")) {
                bool named = false;
                size_t k = 1;
                for (; k < n && w[k][0] != '-' && !streq(w[k], "(") && !streq(w[k], "!"); k++)
                        if (!starts_named(w[k]) && w[k][0] != '.')
                                return false;
                static const char *const tests[] = {"-name",  "-iname",  "-path", "-ipath", "-wholename",
                                                    "-regex", "-iregex", "-type", NULL};
                for (; k < n; k++) {
                        /* -not -path P (./.venv/...): one more left out, P no name's end */
                        if ((streq(w[k], "!") || streq(w[k], "-not")) && k + 2 < n &&
                            streq_any(w[k + 1], tests)) {
                                k += 2;
                                continue;
                        }
                        if (streq(w[k], "-o") || streq(w[k], "-or") || streq(w[k], "!") ||
                            streq(w[k], "-not") || streq(w[k], "(") || streq(w[k], ","))
                                return false;
                        if ((streq(w[k], "-name") || streq(w[k], "-iname")) && k + 1 < n)
                                named = named || ends_named(w[++k]);
                }
                return named;
        }
        bool rg = streq(w[0], "rg"), fd = streq(w[0], "fd") || streq(w[0], "fdfind");
        if (!rg && !fd)
                return false;
        /* each filter a union's part (rg's -g overrides its -t): all named */
        bool named = false, unnamed = false;
        size_t operands = 0, dirs = 0;
        for (size_t k = 1; k < n; k++) {
                const char *v = k + 1 < n ? w[k + 1] : NULL;
                bool ok;
                if (rg && v && (streq(w[k], "-t") || streq(w[k], "--type"))) {
                        ok = rg_type_named(v);
                        k++;
                } else if (rg && v &&
                           (streq(w[k], "-g") || streq(w[k], "--glob") || streq(w[k], "--iglob"))) {
                        ok = v[0] != '!' && ends_named(v);
                        k++;
                        if (v[0] == '!')
                                continue; /* -g '!x': one more left out */
                } else if (fd && v && (streq(w[k], "-e") || streq(w[k], "--extension"))) {
                        ok = v[0] && strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789") == strlen(v);
                        k++;
                } else if ((rg && (strncmp(w[k], "-t", 2) == 0 || strncmp(w[k], "-g", 2) == 0 ||
                                   strncmp(w[k], "--type", 6) == 0 || strncmp(w[k], "--glob", 6) == 0 ||
                                   strncmp(w[k], "--iglob", 7) == 0)) ||
                           (fd && (strncmp(w[k], "-e", 2) == 0 || strncmp(w[k], "--extension", 11) == 0)))
                        return false; /* -g*, -tpy, --glob=x: a value not read here */
                else if (w[k][0] == '-')
                        continue;
                else {
                        if (rg || operands++ > 0)                            /* fd PATTERN DIR... */
                                dirs += starts_named(w[k]) ? 1 : (size_t) n; /* one not named: none */
                        continue;
                }
                named = named || ok;
                unnamed = unnamed || !ok;
        }
        return named && !unnamed && dirs > 0 && dirs < n;
}

/* Does the first stage w[0..n) print names, not a file's lines (git
 * show, git grep without -l, grep -h, rg without --files, find -exec
 * cat, fd -x cat), which a reader would take for names? */
static bool lists_names(char w[][256], size_t n) {
        static const char *const gits[] = {"diff", "diff-tree", "diff-index", "diff-files", "ls-tree", NULL};
        bool lists = false, runs = false;
        if (n == 0)
                return false;
        for (size_t k = 1; k < n; k++) {
                const char *a = w[k];
                bool cluster = a[0] == '-' && a[1] && a[1] != '-';
                if (streq(w[0], "git") && k == 1)
                        lists = streq(a, "ls-files");
                else if (streq(w[0], "git") && streq_any(w[1], gits))
                        lists = lists || streq(a, "--name-only") || streq(a, "--name-status");
                else if (streq(w[0], "grep") || (streq(w[0], "git") && streq(w[1], "grep")) ||
                         streq(w[0], "rg"))
                        lists = lists || (cluster && strpbrk(a + 1, "lL")) || streq(a, "--files") ||
                                streq(a, "--files-with-matches") || streq(a, "--files-without-match") ||
                                streq(a, "--name-only");
                runs = runs || strncmp(a, "-exec", 5) == 0 || strncmp(a, "-ok", 3) == 0 ||
                       strncmp(a, "--exec", 6) == 0 ||
                       ((streq(w[0], "fd") || streq(w[0], "fdfind")) && cluster && strpbrk(a + 1, "xXl"));
        }
        if (streq(w[0], "find") || streq(w[0], "fd") || streq(w[0], "fdfind") || streq(w[0], "ls"))
                lists = true;
        return lists && !runs;
}

char *recog_fed_text(const ShellLexed *l, size_t from, size_t to, bool trimmed) {
        /* listers and the filters after them, none printing a NUL unasked */
        static const char *const stages[] = {"git",  "find", "fd",   "fdfind", "ls",   "rg",
                                             "grep", "sort", "uniq", "head",   "tail", NULL};
        char buf[256], tbuf[256], stage[256] = "", first[32][256];
        _cleanup_free_ char *text = NULL;
        size_t len = 0, at = 0, n_first = 0, n_stage = 0;
        bool start = true;
        if (from >= to)
                return NULL;
        for (size_t i = from; i < to; i++) {
                const ShellToken *t = &l->v[i], *target = i + 1 < to ? t + 1 : NULL;
                const char *s, *tg = target && target->kind == SHELL_TOKEN_WORD
                                             ? recog_literal(&target->w, tbuf)
                                             : NULL;
                int r;
                if (t->kind == SHELL_TOKEN_WORD && (s = same_quoted(&t->w, buf)) && !may_print_nul(s) &&
                    (start ? streq_any(s, stages) : !cuts(stage, s))) {
                        if (start)
                                snprintf(stage, sizeof stage, "%s", s);
                        if (start)
                                n_stage++;
                        if (n_stage == 1 && n_first < ELEMENTSOF(first))
                                snprintf(first[n_first++], sizeof first[0], "%s", s);
                        else if (n_stage == 1)
                                return NULL;
                        r = put_quoted(&text, &len, &at, s);
                } else if (t->kind == SHELL_TOKEN_OP && streq(t->op, "|") && !start)
                        r = put_text(&text, &len, &at, "| ");
                else if (t->kind == SHELL_TOKEN_REDIR && t->fd == 2 && tg &&
                         ((streq(t->op, ">") && streq(tg, "/dev/null")) ||
                          (streq(t->op, ">&") && streq(tg, "1")))) {
                        r = put_text(&text, &len, &at, streq(tg, "1") ? "2>&1 " : "2>/dev/null ");
                        i++;
                } else
                        return NULL;
                if (r < 0)
                        return NULL;
                start = t->kind == SHELL_TOKEN_OP || (start && t->kind == SHELL_TOKEN_REDIR);
        }
        if (!lists_names(first, n_first) || (trimmed && !trims_nothing(first, n_first)))
                return NULL;
        return TAKE_PTR(text);
}

char *recog_fed_nested(const char *cmd, bool trimmed) {
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        if (shell_lex(cmd, strlen(cmd), &l) < 0 || l.n_nested > 0)
                return NULL;
        return recog_fed_text(&l, 0, l.n, trimmed);
}

bool recog_fed_judge(P *p, const char *feed) {
        size_t n = p->n_deferred;
        p->n_deferred = 0;
        if (n == 0)
                return true;
        if (!feed)
                return recog_refuse(p, "a while read loop's variable handed to a command the language "
                                       "refuses, fed by other than a plain list (without IFS=, one "
                                       "whose names cannot start or end with a blank read trims)");
        if (p->depth + 1 > REREAD_MAX)
                return recog_refuse(p, "a while read loop's list judged nested past %d", REREAD_MAX);
        /* as if git's history held every entry anywhere: the rule then
         * proves what a list holds (find . | xargs cat names none, but
         * lists .env), not only what the line names */
        _cleanup_free_ bool *held = calloc(p->policy->n_secrets + 1, sizeof *held);
        if (!held)
                return recog_refuse(p, "out of memory");
        for (size_t i = 0; i < p->policy->n_secrets; i++)
                held[i] = true;
        CommandPolicy all = *p->policy;
        all.held = held;
        all.held_at = NULL;
        for (size_t d = 0; d < n; d++) {
                _cleanup_free_ char *line = NULL;
                size_t len = 0, at = 0;
                char buf[256];
                int r = put_text(&line, &len, &at, feed);
                if (r >= 0)
                        r = put_text(&line, &len, &at, " | xargs -d '\\n' ");
                /* "$(wc -l < "$var")": its command's words but "$var" */
                if (r >= 0 && p->deferred[d][1] == SIZE_MAX)
                        r = substituted_reader(NULL, p->l->nested[p->deferred[d][0]], &line, &len, &at) > 0
                                    ? 0
                                    : -EINVAL;
                /* the command's words but its last ("$var"), past its redirects */
                for (size_t i = p->deferred[d][0];
                     r >= 0 && p->deferred[d][1] != SIZE_MAX && i < p->deferred[d][1]; i++) {
                        const ShellToken *t = &p->l->v[i];
                        if (t->kind == SHELL_TOKEN_REDIR) {
                                i++;
                                continue;
                        }
                        if (t->kind == SHELL_TOKEN_WORD && t->w.n == 1 && t->w.v[0].kind == SHELL_EXPAND)
                                continue; /* the "$var" */
                        const char *s = same_quoted(&t->w, buf);
                        r = s ? put_quoted(&line, &len, &at, s) : -EINVAL;
                }
                if (r < 0)
                        return recog_refuse(p, "%s",
                                            r == -ENOMEM ? "out of memory"
                                                         : "a while read loop the recogniser "
                                                           "does not understand");
                CommandVerdict v;
                if (command_judge(line, strlen(line), &all, p->depth + 1, false, NULL, &v) < 0)
                        return recog_refuse(p, "out of memory");
                bool refused = v.refused;
                if (refused)
                        recog_refuse(p, "a while read loop's lines handed to a command, as %s: %s", line,
                                     v.reason);
                command_verdict_done(&v);
                if (refused)
                        return false;
        }
        return true;
}

int fedloop_split(const char *cmd, size_t n, char **ret_feed, char **ret_loop) {
        static const char *const compound[] = {"while", "until",  "for",      "if",     "case", "{", "}",
                                               "!",     "select", "function", "coproc", "[[",   NULL};
        _cleanup_free_ char *text = shell_join_lines(cmd, n, &n);
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        char buf[256];
        if (!text)
                return -ENOMEM;
        if (memmem(text, n, "<<", 2))
                return 0; /* a heredoc's body follows the line, not its command */
        int r = shell_lex(text, n, &l);
        if (r < 0)
                return r == -EINVAL ? 0 : r;
        /* FEED: plain commands joined by | (no compound, no list), then | while */
        size_t w = 0;
        for (; w < l.n; w++) {
                const ShellToken *t = &l.v[w];
                if (t->kind == SHELL_TOKEN_WORD && compound_simple_start(&l, w) &&
                    recog_literal(&t->w, buf) && !t->w.quoted && streq_any(buf, compound))
                        break;
                if (t->kind == SHELL_TOKEN_NEWLINE || (t->kind == SHELL_TOKEN_OP && !streq(t->op, "|")) ||
                    (t->kind == SHELL_TOKEN_REDIR && t->nested))
                        return 0;
        }
        if (w < 2 || w >= l.n || !recog_keyword(&l.v[w], "while") || l.v[w - 1].kind != SHELL_TOKEN_OP ||
            !streq(l.v[w - 1].op, "|"))
                return 0;
        /* while [IFS=...] read ...; do ... done, its end found by do and done */
        bool reads = false;
        for (size_t k = w + 1; k < l.n && k <= w + 2 && !reads; k++)
                reads = recog_keyword(&l.v[k], "read");
        size_t d = SIZE_MAX;
        for (size_t k = w + 1, nest = 0; reads && k < l.n && d == SIZE_MAX; k++) {
                if (!compound_simple_start(&l, k))
                        continue;
                if (recog_keyword(&l.v[k], "do"))
                        nest++;
                else if (recog_keyword(&l.v[k], "done") && nest > 0 && --nest == 0)
                        d = k;
        }
        /* after done: the end, or a pipe on (not a redirect of its input) */
        if (d == SIZE_MAX ||
            (d + 1 < l.n && !(l.v[d + 1].kind == SHELL_TOKEN_OP && streq(l.v[d + 1].op, "|"))))
                return 0;
        for (size_t k = d + 1; k < l.n; k++)
                if (l.v[k].kind == SHELL_TOKEN_NEWLINE ||
                    (l.v[k].kind == SHELL_TOKEN_OP && !streq(l.v[k].op, "|")))
                        return 0;
        size_t cut = l.v[d].to;
        _cleanup_free_ char *feed = strndup(text, l.v[w - 1].from);
        _cleanup_free_ char *loop = NULL;
        if (!feed || asprintf(&loop, "%.*s < /dev/null%s", (int) (cut - l.v[w].from), text + l.v[w].from,
                              text + cut) < 0)
                return -ENOMEM;
        *ret_feed = TAKE_PTR(feed);
        *ret_loop = TAKE_PTR(loop);
        return 1;
}

int fedloop_mapfile(const char *cmd, size_t n, char **ret) {
        _cleanup_free_ char *text = shell_join_lines(cmd, n, &n);
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        char buf[256], name[64], want[80];
        if (!text)
                return -ENOMEM;
        int r = shell_lex(text, n, &l);
        if (r < 0)
                return r == -EINVAL ? 0 : r;
        /* mapfile -t NAME < <(CMD) ; */
        const char *a = l.n > 6 && l.v[0].kind == SHELL_TOKEN_WORD ? recog_literal(&l.v[0].w, buf) : NULL;
        if (!a || !(streq(a, "mapfile") || streq(a, "readarray")) || l.v[1].kind != SHELL_TOKEN_WORD ||
            !recog_literal(&l.v[1].w, buf) || !streq(buf, "-t") || l.v[2].kind != SHELL_TOKEN_WORD ||
            !recog_literal(&l.v[2].w, buf) || strlen(buf) >= sizeof name)
                return 0;
        snprintf(name, sizeof name, "%s", buf);
        for (const char *q = name; *q; q++)
                if (!shell_is_ident(*q) || !shell_is_ident_start(name[0]))
                        return 0;
        const ShellToken *in = &l.v[3], *sub = &l.v[4];
        if (in->kind != SHELL_TOKEN_REDIR || !streq(in->op, "<") || in->fd != -1 ||
            sub->kind != SHELL_TOKEN_REDIR || !streq(sub->op, "<(") || !sub->nested ||
            sub->nested > l.n_nested || l.v[5].kind != SHELL_TOKEN_OP || !streq(l.v[5].op, ";"))
                return 0;
        size_t k = 6;
        while (k < l.n && l.v[k].kind == SHELL_TOKEN_NEWLINE)
                k++;
        /* PROG WORDS "${NAME[@]}", the end of the line */
        snprintf(want, sizeof want, "\"${%s[@]}\"", name);
        const ShellToken *last = &l.v[l.n - 1];
        if (k + 1 >= l.n || last->kind != SHELL_TOKEN_WORD || last->to - last->from != strlen(want) ||
            memcmp(text + last->from, want, strlen(want)) != 0)
                return 0;
        _cleanup_free_ char *list = recog_fed_nested(l.nested[sub->nested - 1], false);
        _cleanup_free_ char *line = NULL;
        size_t len = 0, at = 0;
        if (!list)
                return 0;
        r = put_text(&line, &len, &at, list);
        if (r >= 0)
                r = put_text(&line, &len, &at, "| xargs -d '\\n' ");
        for (size_t i = k; r >= 0 && i + 1 < l.n; i++) {
                const char *s = l.v[i].kind == SHELL_TOKEN_WORD ? same_quoted(&l.v[i].w, buf) : NULL;
                if (!s || (i == k && (streq_any(s, builtins) || strchr(s, '/') || runs_words(s))))
                        return 0; /* sh "${a[@]}" runs the first name */
                r = put_quoted(&line, &len, &at, s);
        }
        if (r < 0)
                return r;
        *ret = TAKE_PTR(line);
        return 1;
}
