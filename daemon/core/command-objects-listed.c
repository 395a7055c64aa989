/* SPDX-License-Identifier: MIT */
/*
 * Names of git's objects handed to a program that opens them, when the
 * boot's record says the history holds a masked entry (command-internal.h):
 * ls -a or find over a tree holding .git piped to a reader, a list of them
 * written to a file and read back, echo .git | tar -T -. It must not lex;
 * what names the objects is command-objects.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

/* Does ls list .git or its objects: -a or -A over a tree holding .git
 * (none named: the working directory), or an operand naming them? */
static bool ls_lists_git(const Judge *j, const Stage *st) {
        char buf[256];
        bool all = false, operands = false, named = false;
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (a && a[0] == '-' && a[1] != '-') {
                        all = all || strpbrk(a, "aA");
                        continue;
                }
                if (a && (streq(a, "--all") || streq(a, "--almost-all"))) {
                        all = true;
                        continue;
                }
                operands = true;
                named = named || (all && objects_holds_git(j, st->w[k]));
                _cleanup_free_ char *t = programs_word_text(st->w[k]);
                named = named || !t || objects_word_names(j, st->w[k], t);
        }
        return named || (all && !operands);
}

/* Does find list .git or its objects: a start point holding it, no
 * exclusion of it, no test of the name that only other names pass (find
 * . -name '*.py'; with no -o)? */
static bool find_lists_git(const Judge *j, const Stage *st) {
        static const char *const names[] = {
                ".git", "objects", "48", "7ec7864fb21e1250757081e2d3f1c978a7deb1", "pack-a.pack", NULL};
        static const char *const paths[] = {"./.git", "./.git/objects",
                                            "./.git/objects/48/7ec7864fb21e1250757081e2d3f1c978a7deb1",
                                            NULL};
        char buf[256];
        size_t k = 1;
        bool holds = true; /* none named: the working directory */
        for (; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (a && (a[0] == '-' || streq(a, "!") || streq(a, "(")))
                        break;
                holds = (k == 1 ? false : holds) || objects_holds_git(j, st->w[k]);
        }
        if (!holds || objects_leave_git_out(st->w, st->n))
                return false;
        bool only_others = false, joins = namelists_find_joins(st); /* -printf '%h/objects/...' */
        for (; k + 1 < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (!a)
                        continue;
                if (streq(a, "-o") || streq(a, "-or"))
                        return true;
                bool name = streq(a, "-name") || streq(a, "-iname"),
                     path = streq(a, "-path") || streq(a, "-ipath") || streq(a, "-wholename");
                _cleanup_free_ char *p = (name || path) ? programs_word_text(st->w[k + 1]) : NULL;
                _cleanup_free_ char *q = k >= 2 ? programs_word_text(st->w[k - 1]) : NULL;
                if (!p || (q && (streq(q, "!") || streq(q, "-not"))))
                        continue;
                bool passes = namelists_may_match_object(p, path, true, true) || /* a*: objects */
                              (joins && namelists_may_match_git(p, path, true, true));
                for (const char *const *c = name ? names : paths; *c; c++)
                        passes = passes || match_glob(p, *c, MATCH_FOLD);
                only_others = only_others || !passes;
        }
        return !only_others;
}

static int find_lists_objects(const Judge *j, const Stage *st);

bool objects_text_names(char *text) {
        for (char *save = NULL, *t = strtok_r(text, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
                if (objects_names(t))
                        return true;
        return false;
}

/* ... or a tree holding .git (., ./, src/.., the checkout by name: tar
 * -T and zip -r -@ take the tree under it, 31s 3), a word of it (its
 * blanks cut, in place)? */
static bool text_names_tree(const Judge *j, char *text) {
        for (char *save = NULL, *t = strtok_r(text, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
                if (objects_names(t) || objects_path_holds_git(j, t))
                        return true;
        return false;
}

/* Does the process substitution's text (tar c -T <(...)) print a tree
 * holding .git, by its words: pwd, ls -a or -A, find from . or one (it
 * prints its start first), or a word naming one (echo ., printf '%s\n'
 * src/..)? git ls-files tests, find web/src -name '*.ts' print none. Not
 * known (no text): it may. */
static bool substitution_names_tree(const Judge *j, const Line *ln, const ShellToken *t) {
        const ShellLexed *l = ln->lexed;
        if (!l || t->nested == 0 || t->nested > l->n_nested)
                return true;
        _cleanup_free_ char *c = strdup(l->nested[t->nested - 1]);
        if (!c)
                return true;
        /* ls: in ls's words (its -a, -A); find: 1 before its first
         * starting point, 2 among them */
        bool ls = false;
        int find = 0;
        for (char *save = NULL, *w = strtok_r(c, " \t\n;|&()'\"", &save); w;
             w = strtok_r(NULL, " \t\n;|&()'\"", &save)) {
                if (find > 0 && strchr("-!", w[0])) { /* find's expression: no more starting points */
                        if (find == 1)
                                return true; /* find -name x: from . */
                        find = 0;
                }
                if (streq(w, "find") || streq(w, "ls")) {
                        ls = streq(w, "ls");
                        find = ls ? 0 : 1;
                        continue;
                }
                if (find == 1)
                        find = 2;
                if (streq(w, "pwd") || (ls && w[0] == '-' && w[1] != '-' && strpbrk(w, "aA")) ||
                    objects_names(w) || objects_path_holds_git(j, w))
                        return true;
        }
        return find == 1;
}

/* Does st copy the trees under the names it reads from a list: tar -T
 * (--files-from, tar cfT), zip -r -@, rsync -r --files-from? */
static bool reads_tree_list(const Stage *st) {
        char buf[256], nb[64];
        const char *p = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], nb, sizeof nb) : NULL;
        bool tar = streq_ptr(p, "tar") || streq_ptr(p, "bsdtar"), zip = streq_ptr(p, "zip"),
             rsync = streq_ptr(p, "rsync"), list = false, recursive = tar;
        if (!tar && !zip && !rsync)
                return false;
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (!a)
                        continue;
                bool shorts = a[0] == '-' && a[1] != '-';
                bool from = a[0] == '-' && a[1] == '-' &&
                            programs_long_is(a, "files-from", NULL); /* --files-fr */
                list = list ||
                       (tar &&
                        (from || (shorts && strchr(a, 'T')) || (k == 1 && a[0] != '-' && strchr(a, 'T')))) ||
                       (zip && shorts && strchr(a, '@')) || (rsync && from);
                recursive = recursive || (shorts && strpbrk(a, zip ? "rR" : "ra")) ||
                            strncmp(a, "--recurs", 8) == 0 || strncmp(a, "--archive", 9) == 0;
        }
        return list && recursive;
}

/* Does what st prints name .git or its objects: echo or printf's words,
 * a heredoc's or here-string's text (cat > l <<E), ls -A, find .? 1, 0,
 * -ENOMEM. */
static int prints_git(const Judge *j, const Line *ln, const Stage *st, bool trees) {
        char buf[256];
        /* a keyword before it ({ echo .git; } > l): still what it prints */
        const char *p = st->n > 0 ? programs_name(st->w[0], buf, sizeof buf) : NULL;
        if (!p)
                return 0;
        if (streq(p, "ls") || streq(p, "find")) /* find .git/objects -name '7*' > l: objects */
                return streq(p, "ls") ? ls_lists_git(j, st)
                                      : find_lists_git(j, st) || find_lists_objects(j, st);
        if (streq(p, "fd") || streq(p, "fdfind")) /* fd -H -t f 7 > l */
                return operands_fd_lists_git(j, st);
        if (streq(p, "pwd")) /* the working directory, a tree holding .git */
                return trees;
        for (size_t i = 0; i < st->n_redir; i++) {
                _cleanup_free_ char *t = NULL;
                int r = shells_fed_text(ln, st, i, &t);
                if (r < 0)
                        return r;
                if (r > 0 && (trees ? text_names_tree(j, t) : objects_text_names(t)))
                        return 1;
        }
        if (!streq(p, "echo") && !streq(p, "printf"))
                return 0;
        _cleanup_free_ char *t =
                streq(p, "printf") ? reread_printf(st->w, st->n) : programs_joined(st->w, st->n, 1);
        if (!t)
                return -ENOMEM;
        if (streq(p, "echo"))
                reread_unescape(t);
        return trees ? text_names_tree(j, t) : objects_text_names(t);
}

/* Does st write a file: a redirect (> l, >> l), tee l, find -fprint l? */
static bool writes_file(const Stage *st) {
        static const char *const ops[] = {">", ">>", ">|", "&>", "&>>", NULL};
        char buf[256];
        if (namelists_find_writes(st))
                return true;
        for (size_t i = 0; i < st->n_redir; i++)
                if (streq_any(st->redir[i]->op, ops) && st->target[i])
                        return true;
        bool tee =
                st->n > 1 && !st->keyword_led && streq_ptr(programs_name(st->w[0], buf, sizeof buf), "tee");
        for (size_t k = 1; tee && k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (!a || a[0] != '-')
                        return true;
        }
        return false;
}

/* A file of names the line writes with .git among them (ls -A > l, echo
 * .git >> l, find . > l), then read by a program that opens each name
 * (tar -T l, tar cfT - l, zip -@ < l, xargs -a l cp -t d): judged as
 * those names piped in. 1 refused, 0, -ENOMEM. */
/* Does a shell's string write a list naming .git (bash -c 'ls -A > l')?
 * Its own judge keeps no mark for the line: the text, by its words. */
static bool string_writes_git(char *s) {
        if (!strchr(s, '>') && !strstr(s, "tee "))
                return false;
        bool all = strstr(s, "find") != NULL;
        for (const char *q = s; !all && (q = strstr(q, "ls -")); q += 4)
                all = strcspn(q + 4, "aA") < strcspn(q + 4, " \t\n;&|)'\"");
        return all || objects_text_names(s);
}

static int listed_in_file(Judge *j, const Line *ln, const Stage *st, const Stage *prev, bool lists) {
        char buf[256], nb[256];
        const char *p = st->n > 1 && !st->keyword_led ? programs_name(st->w[0], nb, sizeof nb) : NULL;
        if (p && (streq(p, "tar") || streq(p, "bsdtar"))) { /* tar cfT - l: the old options, no '-' */
                const char *a = programs_plain(st->w[1], buf, sizeof buf);
                lists = lists || (a && a[0] != '-' && strchr(a, 'T'));
        }
        /* bash -c 'tar -T l': a string a shell of it reads, naming a list */
        _cleanup_free_ char *words =
                p && (programs_is_shell(p) || streq(p, "eval")) ? programs_joined(st->w, st->n, 1) : NULL;
        lists = lists ||
                (words && (strstr(words, "-T") || strstr(words, "files-from") || strstr(words, "-@") ||
                           strstr(words, "xargs") || strstr(words, "cpio") || strstr(words, "tar ")));
        /* cat $(cat l), cat $(< l): the names read back as its words */
        for (size_t k = 1; p && !streq_any(p, objects_names_only) && k < st->n && !lists; k++)
                lists = st->w[k]->substitution;
        /* echo . > l; tar c -T l: a tree holding .git, copied whole */
        if ((lists && j->git_list_written) || (j->tree_list_written && reads_tree_list(st))) {
                judge_mark_held(j);
                return judge_refuse(j, "a file of names the line writes, .git among them, read by a program "
                                       "that opens them, and the history holds a masked entry");
        }
        int r = prints_git(j, ln, st, false);
        if (r == 0 && prev)
                r = prints_git(j, ln, prev, false);
        int t = prints_git(j, ln, st, true);
        if (r < 0 || t < 0)
                return r < 0 ? r : t;
        j->tree_list_written = j->tree_list_written || (t > 0 && (j->output_filed || writes_file(st)));
        j->git_printed = j->git_printed || r > 0;
        /* exec > l; ls -A: what follows goes to the file */
        bool exec = st->n == 1 && !st->keyword_led &&
                    streq_ptr(programs_name(st->w[0], buf, sizeof buf), "exec");
        j->output_filed = j->output_filed || (exec && writes_file(st));
        /* { echo .git; } > l, (ls -A) > l: a compound's redirect, after what it ran */
        bool compound = st->n == 0 && j->git_printed && writes_file(st);
        j->git_list_written = j->git_list_written || compound ||
                              (r > 0 && (j->output_filed || writes_file(st))) ||
                              (words && string_writes_git(words));
        return 0;
}

/* Is st a find whose starting points are git's objects or .git (find
 * .git/objects -name '7*': the names of objects, whatever it matches)? */
static int find_lists_objects(const Judge *j, const Stage *st) {
        char buf[64];
        size_t k = scripts_program_at(st->w, st->n);
        if (k >= st->n || st->keyword_led || !streq_ptr(programs_name(st->w[k], buf, sizeof buf), "find"))
                return 0;
        for (k++; k < st->n; k++) {
                _cleanup_free_ char *t = programs_word_text(st->w[k]);
                if (!t)
                        return -ENOMEM;
                if (streq_any(t, (const char *const[]){"-H", "-L", "-P", NULL}) || strncmp(t, "-O", 2) == 0)
                        continue; /* find's options come before its starting points */
                if (streq(t, "-D")) {
                        k++;
                        continue;
                }
                if (strchr("-(!),", t[0]) && t[0])
                        return 0; /* the expression: no more starting points */
                if (objects_word_names(j, st->w[k], t))
                        return 1;
        }
        return 0;
}

int objects_listed(Judge *j, const Line *ln, const Stage *st, const Stage *prev, bool opens, bool lists) {
        char buf[256];
        if (!judge_held(j))
                return 0;
        int r0 = listed_in_file(j, ln, st, prev, lists);
        if (r0 != 0)
                return r0;
        const char *what = NULL;
        /* tar c -T - <<< ., tar c -T <(echo .): a tree holding .git, copied whole */
        bool trees = reads_tree_list(st);
        for (size_t i = 0; i < st->n_redir && opens && !what; i++) { /* xargs cat <<EOF, its body */
                _cleanup_free_ char *t = NULL;
                if (trees && streq(st->redir[i]->op, "<(") && substitution_names_tree(j, ln, st->redir[i])) {
                        what = "names a process substitution prints";
                        break;
                }
                int r = shells_fed_text(ln, st, i, &t);
                if (r < 0)
                        return r;
                /* <<<"$PWD", <<<"$(pwd)", <<<$d: a name made when it runs may be the tree */
                bool fed = strncmp(st->redir[i]->op, "<<", 2) == 0,
                     made = fed && st->target[i] &&
                            (st->target[i]->expansion || st->target[i]->substitution);
                what = (r > 0 && (trees ? strpbrk(t, "$`") || text_names_tree(j, t) : objects_names(t))) ||
                                       (trees && fed && (r == 0 || made))
                               ? "a heredoc's or here-string's name"
                               : NULL;
        }
        const char *p = prev && prev->n > 0 && !prev->keyword_led
                                ? programs_name(prev->w[0], buf, sizeof buf)
                                : NULL;
        /* echo .git | tar cf - -T -, printf '%s\n' .git/objects/ab/cd | xargs cat */
        bool prints = p && (streq(p, "echo") || streq(p, "printf"));
        for (size_t k = 1; prints && opens && k < prev->n && !what; k++) {
                _cleanup_free_ char *t = programs_word_text(prev->w[k]);
                if (!t)
                        return -ENOMEM;
                what = objects_word_names(j, prev->w[k], t) || (trees && objects_holds_git(j, prev->w[k]))
                               ? "a name echo or printf prints"
                               : NULL;
        }
        /* printf '.\n' | tar c -T -: what printf makes of its format */
        _cleanup_free_ char *made =
                prints && trees && !what && streq(p, "printf") ? reread_printf(prev->w, prev->n) : NULL;
        if (made && text_names_tree(j, made))
                what = "a name echo or printf prints";
        if (!what && trees && p && streq(p, "pwd"))
                what = "the working directory pwd prints";
        /* ls -A | tar cf - -T -: .git among the names */
        if (!what && p && streq(p, "ls") && lists && ls_lists_git(j, prev))
                what = "the names ls lists";
        /* find . -name '7ec78*' | xargs cat: .git's names among them */
        if (!what && p && streq(p, "find") && (opens || lists) && find_lists_git(j, prev))
                what = "the names find lists under .git";
        /* find .git/objects -name '7*' | xargs cat: objects, whatever it matches */
        int f = !what && prev && (opens || lists) ? find_lists_objects(j, prev) : 0;
        if (f < 0)
                return f;
        if (f > 0)
                what = "the names find lists under .git";
        if (!what)
                return 0;
        judge_mark_held(j);
        return judge_refuse(j,
                            "%s, git's objects or .git among them, handed to a program that opens them, and "
                            "the history holds a masked entry",
                            what);
}

/* Does a word of the text (a copy's, cut at blanks) name a masked entry? */
static int text_names_secret(Judge *j, const char *text) {
        _cleanup_free_ char *c = strdup(text);
        if (!c)
                return -ENOMEM;
        for (char *save = NULL, *t = strtok_r(c, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
                if (match_secret_glob(j, t, MATCH_FOLD, !strchr(t, '/')))
                        return 1;
        return 0;
}

int objects_flowed(Judge *j, const Line *ln, const Stage *v, size_t at, const Stage *consumer) {
        bool held = judge_held(j);
        _cleanup_free_ char *t = NULL;
        int r = held || consumer ? pipeline_names(j, ln, v, at, &t) : 0;
        if (r < 0)
                return r;
        /* echo .e nv | tr -d ' ' | xargs cat: a masked name the pipe makes */
        int named = r == 2 && consumer ? text_names_secret(j, t) : 0;
        if (named != 0)
                return named < 0 ? named
                                 : judge_refuse(j, "names a pipeline makes from the line's texts, a masked "
                                                   "one among them, handed to a program that opens them");
        if (!held)
                return 0;
        for (size_t i = 0; i <= at; i++) { /* cat $(find .git/objects -name '7*') */
                int f = find_lists_objects(j, &v[i]);
                if (f < 0)
                        return f;
                if (f > 0) {
                        judge_mark_held(j);
                        return judge_refuse(j, "the names find lists under .git, handed to a program "
                                               "that opens them, and the history holds a masked entry");
                }
        }
        bool trees = consumer && reads_tree_list(consumer);
        if (r < 0 || r == 0 || (r == 2 && !(trees ? text_names_tree(j, t) : objects_text_names(t))))
                return r < 0 ? r : 0;
        judge_mark_held(j);
        return judge_refuse(
                j, r == 2 ? "names a pipeline makes from the line's texts, git's objects or .git among "
                            "them, handed to a program that opens them, and the history holds a "
                            "masked entry"
                          : "names a pipeline makes from the line's texts in a way not modelled, "
                            "which hold the letters of git, handed to a program that opens them, "
                            "while the history holds a masked entry");
}
