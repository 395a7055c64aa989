/* SPDX-License-Identifier: MIT */
/*
 * Names of git's objects handed to a program that opens them, when the
 * boot's record says the history holds a masked entry (command-internal.h):
 * ls -a or find over a tree holding .git piped to a reader, a list of them
 * written to a file and read back, echo .git | tar -T -. It must not lex;
 * what names the objects is command-objects.c's.
 */
#include <ctype.h>
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
        /* -...: an option to tar -T (--add-file=., -C ..), whatever it names */
        for (char *save = NULL, *t = strtok_r(text, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
                if (t[0] == '-' || objects_names(t) || objects_path_holds_git(j, t))
                        return true;
        return false;
}

/* How a reader of names splits its input: at newlines (tar -T, zip -@,
 * rsync --files-from, xargs -d '\n') or at NULs (tar --null, rsync -0,
 * xargs -0). A name with a newline in it (src/x<LF>.) is two lines, the
 * second the tree: only a lister that never prints one raw counts in
 * LINES; in NULS, only one that ends each name with a NUL. */
typedef enum Split { SPLIT_LINES, SPLIT_NULS, SPLIT_BLANKS } Split; /* BLANKS: xargs's own, never whole */

static bool has_short(const char *a, char c) {
        return a[0] == '-' && a[1] != '-' && strchr(a + 1, c);
}

/* Is a git pathspec that keeps every name under a directory named in
 * plain letters (src, web/src): none starts with '-' (a tracked
 * --add-file=.git is an option to tar -T, 34x)? */
static bool anchors(const char *a) {
        if (!(isalnum((unsigned char) a[0]) || a[0] == '_') || strpbrk(a, "*?[\\:") || strstr(a, "/."))
                return false;
        return true;
}

/* Do these words (a command's, plain text) print only names below the
 * tree, never the tree itself (., the checkout by name), each whole as
 * split reads it: git ls-files, diff, ls-tree, grep (no --format, no
 * option before the subcommand; lines quote a newline, -z for NULS),
 * find from starting points that hold no .git with -print0 (NULS only:
 * it prints a name raw), ls -b or -q (LINES: a newline escaped) without
 * -a, -A or -d of no tree, echo and printf when printers (their words
 * judged apart)? Anything else may print it (realpath ., date +., env
 * pwd, git rev-parse --show-toplevel: 31u 1). */
static bool words_list_no_tree(const Judge *j, char *const *v, size_t n, bool printers, Split split,
                               bool dashes) {
        static const char *const git_listers[] = {"ls-files", "diff", "ls-tree", "grep", NULL};
        if (n == 0)
                return false;
        const char *p = strrchr(v[0], '/') ? strrchr(v[0], '/') + 1 : v[0];
        if (streq(p, "echo") || streq(p, "printf"))
                return printers;
        bool git = streq(p, "git"), find = streq(p, "find"), ls = streq(p, "ls"), names = false;
        size_t starts = 0;
        bool expression = false, dot = false, root = false, excluded = false, nuls = false, escaped = false;
        /* git: the pathspecs (ls-files' operands, or what follows --), each anchored */
        bool ls_files = git && n > 1 && streq(v[1], "ls-files"), after = false, anchored = false,
             loose = false;
        /* alias ls='ls -a': a lister's options the line may change (31v 3) */
        if ((git && (n < 2 || !streq_any(v[1], git_listers))) ||
            (j->text && memmem(j->text, j->text_n, "alias", 5)))
                return false;
        for (size_t k = 1; k < n; k++) {
                const char *a = v[k];
                if (git && (strncmp(a, "--format", 8) == 0 || strncmp(a, "--pretty", 8) == 0))
                        return false;
                /* git grep and diff print lines unless asked for names (grep -hoF . prints .) */
                names = names || streq(a, "-l") || streq(a, "-L") || streq(a, "--name-only") ||
                        streq(a, "--name-status") || strncmp(a, "--files-with", 12) == 0;
                if (git && k >= 2 && streq(a, "--") && !after) {
                        after = true;
                        anchored = loose = false; /* what came before: revisions */
                        continue;
                }
                if (git && k >= 2 && (after || (ls_files && a[0] != '-'))) {
                        anchored = true;
                        loose = loose || !anchors(a);
                }
                nuls = nuls || (git && (has_short(a, 'z') || streq(a, "--null"))) ||
                       (find && streq(a, "-print0"));
                escaped = escaped || (ls && (has_short(a, 'b') || has_short(a, 'q') ||
                                             streq(a, "--escape") || streq(a, "--hide-control-chars")));
                /* find's actions print what they run (-execdir pwd) */
                if (find && (strncmp(a, "-exec", 5) == 0 || strncmp(a, "-ok", 3) == 0))
                        return false;
                if (find) {
                        expression = expression || strchr("-!(,", a[0]);
                        if (!expression) {
                                starts++;
                                dot = dot || streq(a, ".") || streq(a, "./");
                                root = root ||
                                       (objects_path_holds_git(j, a) && !streq(a, ".") && !streq(a, "./"));
                        }
                        /* -print beside -print0: a name raw */
                        if (expression &&
                            (strstr(a, "printf") || strstr(a, "-ls") || strstr(a, "-fls") ||
                             streq(a, "-print") || streq(a, "-o") || streq(a, "-or") || streq(a, ",")))
                                return false;
                        /* find . prints . unless a test leaves it out: -type f, -name '*.o' */
                        excluded = excluded || (streq(a, "-type") && k + 1 < n && streq(v[k + 1], "f")) ||
                                   ((streq(a, "-name") || streq(a, "-iname")) && k + 1 < n &&
                                    !match_glob(v[k + 1], ".", 0));
                }
                if (ls && a[0] == '-' &&
                    ((a[1] != '-' && strpbrk(a + 1, "aAdf")) || strncmp(a, "--all", 5) == 0 ||
                     strncmp(a, "--almost", 8) == 0 || strncmp(a, "--dir", 5) == 0))
                        return false; /* ls -f turns -a on */
                if (ls && a[0] != '-' && objects_path_holds_git(j, a))
                        return false;
        }
        if (git && (streq(v[1], "grep") || streq(v[1], "diff")) && !names)
                return false;
        if (split == SPLIT_BLANKS || nuls != (split == SPLIT_NULS) || (ls && !escaped) || (find && !nuls))
                return false;
        /* a reader that takes a name starting with '-' as an option: only
         * find's (each starts with its starting point) or git's anchored */
        if (dashes && (ls || (git && (!anchored || loose))))
                return false;
        return git || ls || (find && starts > 0 && !root && (!dot || excluded));
}

/* Does this filter pass names on whole, as split cuts them: grep (not
 * -o), head and tail by lines (not -c: head -c 1 cuts a name to .),
 * sort, uniq; with -z for NULS (sort without it reorders the lines of a
 * name), without it for LINES? */
static bool passes_names(char *const *v, size_t n, Split split) {
        static const char *const filters[] = {"grep", "head", "tail", "sort", "uniq", NULL};
        /* the options that take a value as the next word */
        static const char *const valued[] = {"-n", "-k", "-t", "-S", "-f", "-s",
                                             "-w", "-m", "-A", "-B", "-C", NULL};
        bool z = false, grep = n > 0 && streq(v[0], "grep"), pattern = !grep;
        if (n == 0 || !streq_any(v[0], filters) || split == SPLIT_BLANKS)
                return false;
        for (size_t k = 1; k < n; k++) {
                /* an operand is a file it reads, not the pipe's names (sort F:
                 * F's lines, '.' among them; 31y 4), but grep's pattern */
                if (v[k][0] != '-' || streq(v[k], "-")) {
                        if (pattern || streq(v[k], "-"))
                                return false;
                        pattern = true;
                        continue;
                }
                if (grep && (streq(v[k], "-e") || streq(v[k], "-f") || strncmp(v[k], "--file", 6) == 0 ||
                             strncmp(v[k], "--regexp", 8) == 0))
                        return false; /* the pattern an option's: any operand a file */
                if (streq_any(v[k], valued) && !(streq(v[0], "grep") && streq(v[k], "-f"))) {
                        k++;
                        continue;
                }
                if ((v[k][0] == '-' && v[k][1] != '-' &&
                     strpbrk(v[k] + 1, streq(v[0], "grep") ? "o" : "c")) ||
                    strncmp(v[k], "--only", 6) == 0 || strncmp(v[k], "--bytes", 7) == 0)
                        return false;
                /* -z alone: grep -ez is -e z */
                z = z || streq(v[k], "-z") || streq(v[k], "--null-data") || streq(v[k], "--zero-terminated");
        }
        return z == (split == SPLIT_NULS);
}

/* The stage's words as plain text into bufs and v (at most 16, past its
 * reserved words): the count, or 0 when one is made at run time. */
static size_t stage_words(const Stage *st, char bufs[16][256], char *v[16]) {
        size_t at = scripts_program_at(st->w, st->n); /* { echo src; }: past the reserved word */
        if (st->keyword_led || at >= st->n || st->n - at > 16)
                return 0;
        for (size_t k = at; k < st->n; k++) {
                if (!programs_plain(st->w[k], bufs[k - at], sizeof bufs[k - at]))
                        return 0;
                v[k - at] = bufs[k - at];
        }
        return st->n - at;
}

/* ... the stage's: a word made at run time may be anything */
static bool lists_no_tree(const Judge *j, const Stage *st, Split split, bool dashes, bool printers) {
        char bufs[16][256], *v[16];
        size_t n = stage_words(st, bufs, v);
        return n > 0 && words_list_no_tree(j, v, n, printers, split, dashes);
}

/* How st, a reader of names, takes them: split at NULs for tar --null,
 * rsync --from0 or -0, xargs -0 or --null, at newlines for xargs -d
 * '\n' and the others, at blanks and quotes for xargs else (its -I and
 * -L too: blanks cut or trimmed); a name starting with '-' an option to
 * tar (but --verbatim-files-from) and to xargs's command. */
typedef struct Reader {
        Split split;
        bool dashes;
} Reader;

static Reader reader_of(const Stage *st) {
        char buf[256], nb[64];
        /* a group's first command's too ({ tar c -T -; }: its '{' gone) */
        const char *p = st->n > 0 ? programs_name(st->w[0], nb, sizeof nb) : NULL;
        bool zero = streq_ptr(p, "rsync") || streq_ptr(p, "xargs");
        bool xargs = streq_ptr(p, "xargs"), nuls = false, unnull = false;
        Reader r = {xargs ? SPLIT_BLANKS : SPLIT_LINES,
                    streq_ptr(p, "tar") || streq_ptr(p, "bsdtar") || xargs};
        bool delimited = false; /* xargs -d '\n', alone */
        for (size_t k = 1; p && k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (xargs && !a)
                        return (Reader){SPLIT_BLANKS, true}; /* xargs "$opt": any option */
                if (xargs && a[0] != '-')
                        break; /* its command: what follows is that command's */
                if (!a)
                        continue;
                if (xargs && (streq(a, "-n") || streq(a, "-P") || streq(a, "-s") || streq(a, "-E"))) {
                        k++; /* an option's value */
                        continue;
                }
                /* -d' ', -0d' ', --delimiter=' ', --delim: only -d '\n' (a word of
                 * its own) cuts lines whole; GNU xargs takes the last */
                if (xargs && streq(a, "-d") && k + 1 < st->n) {
                        _cleanup_free_ char *d = programs_word_text(st->w[++k]);
                        delimited = d && (streq(d, "\\n") || streq(d, "\n"));
                        if (!delimited)
                                return (Reader){SPLIT_BLANKS, true};
                        continue;
                }
                if (xargs && ((a[1] != '-' && strchr(a + 1, 'd')) || strncmp(a, "--d", 3) == 0))
                        return (Reader){SPLIT_BLANKS, true};
                if (xargs && (has_short(a, 'I') || has_short(a, 'i') || has_short(a, 'L') ||
                              has_short(a, 'a') || strncmp(a, "--replace", 9) == 0 ||
                              strncmp(a, "--arg-file", 10) == 0 || strncmp(a, "--max-lines", 11) == 0))
                        return (Reader){SPLIT_BLANKS, true}; /* -a: another file's names */
                /* tar --no-null, rsync --no-from0, --no-0: back to lines */
                unnull = unnull || strncmp(a, "--no-", 5) == 0;
                nuls = nuls || streq(a, "--null") || streq(a, "--from0") || (zero && has_short(a, '0'));
                if (streq(a, "--verbatim-files-from") && !xargs)
                        r.dashes = false;
        }
        if (nuls && delimited)
                return (Reader){SPLIT_BLANKS, true}; /* -0 -d '\n': which one wins */
        r.split = nuls && !unnull ? SPLIT_NULS : delimited ? SPLIT_LINES : r.split;
        return r;
}

/* Does the process substitution's text (tar c -T <(...)) print a tree
 * holding .git? No, only when it is such a lister (words_list_no_tree),
 * piped through filters that pass names on (grep, head, tail, sort,
 * uniq), of plain words (quotes dropped): <(git ls-files tests), <(find
 * web/src -name '*.ts'). Anything else may: <(date +.), <(pwd). */
static bool substitution_names_tree(const Judge *j, const Line *ln, const ShellToken *t, Reader rd) {
        const ShellLexed *l = ln->lexed;
        if (!l || t->nested == 0 || t->nested > l->n_nested)
                return true;
        const char *text = l->nested[t->nested - 1];
        if (strpbrk(text, ";&$`<>\\\n(){}"))
                return true;
        _cleanup_free_ char *c = strdup(text);
        if (!c)
                return true;
        size_t segment = 0;
        for (char *save = NULL, *seg = strtok_r(c, "|", &save); seg;
             seg = strtok_r(NULL, "|", &save), segment++) {
                char *v[16], *ws = NULL;
                size_t n = 0;
                for (char *q = seg; *q; q++) /* quotes dropped: '*.ts' is *.ts to the lister */
                        if (*q == '\'' || *q == '"')
                                *q = ' ';
                for (char *w = strtok_r(seg, " \t", &ws); w && n < ELEMENTSOF(v);
                     w = strtok_r(NULL, " \t", &ws))
                        v[n++] = w;
                if (n == 0 || (segment == 0 ? !words_list_no_tree(j, v, n, false, rd.split, rd.dashes)
                                            : !passes_names(v, n, rd.split)))
                        return true;
        }
        return false;
}

/* Does st copy the trees under the names it reads from a list: tar -T
 * (--files-from, tar cfT), zip -r -@, rsync -r --files-from? */
static bool reads_tree_list(const Stage *st) {
        char buf[256], nb[64];
        /* a group's first command's too ({ tar c -T -; }: its '{' gone) */
        const char *p = st->n > 0 ? programs_name(st->w[0], nb, sizeof nb) : NULL;
        bool tar = streq_ptr(p, "tar") || streq_ptr(p, "bsdtar"), zip = streq_ptr(p, "zip"),
             rsync = streq_ptr(p, "rsync"), list = false, recursive = tar;
        if (!tar && !zip && !rsync)
                return false;
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (!a)
                        continue;
                bool shorts = a[0] == '-' && a[1] != '-';
                bool from = strncmp(a, "--files", 7) == 0 &&
                            programs_long_is(a, "files-from", NULL); /* --files-fr, not tar's --file */
                list = list ||
                       (tar &&
                        (from || (shorts && strchr(a, 'T')) || (k == 1 && a[0] != '-' && strchr(a, 'T')))) ||
                       (zip && shorts && strchr(a, '@')) || (rsync && from);
                /* rsync --files-from: --dirs implied, . and dir/ copied whole a level */
                recursive = recursive || rsync || (shorts && strpbrk(a, zip ? "rR" : "ra")) ||
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

/* Does the line's text write name by a redirect (> l, >> l)? */
static bool text_writes(const Judge *j, const char *name) {
        size_t len = strlen(name);
        for (const char *p = j->text; p && (p = memchr(p, '>', (size_t) (j->text + j->text_n - p))); p++) {
                const char *q = p + 1 + (p[1] == '>' || p[1] == '|');
                q += strspn(q, " \t");
                if ((size_t) (j->text + j->text_n - q) >= len && strncmp(q, name, len) == 0 &&
                    (q + len == j->text + j->text_n || strchr(" \t\n;&|)'\"", q[len])))
                        return true;
        }
        return false;
}

/* The file a tree-list reader takes its names from, when it is a file
 * (tar -T F, --files-from=F, rsync --files-from F, tar -T - < F, zip -@ <
 * F) into buf; NULL for its input or a process substitution (judged as
 * such), or none. */
static const char *list_file(const Stage *st, char buf[256]) {
        char nb[64], ab[256];
        /* a group's first command's too ({ tar c -T -; }: its '{' gone) */
        const char *p = st->n > 0 ? programs_name(st->w[0], nb, sizeof nb) : NULL;
        bool tar = streq_ptr(p, "tar") || streq_ptr(p, "bsdtar"), substituted = false, stdin_list = false;
        for (size_t i = 0; i < st->n_redir; i++)
                substituted = substituted || streq(st->redir[i]->op, "<(");
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], ab, sizeof ab), *value = NULL;
                if (!a)
                        continue;
                if (tar && strncmp(a, "-T", 2) == 0)
                        value = a[2] ? a + 2 : NULL;
                else if (strncmp(a, "--files", 7) == 0 && programs_long_is(a, "files-from", &value)) {
                } else
                        continue;
                if ((!value && (substituted || k + 1 >= st->n)) || (value && !value[0]) ||
                    st->w[k]->substitution || st->w[k]->expansion)
                        continue; /* -T <(git ls-files src), --files-from=<(...): judged as such */
                if (!value)
                        value = programs_plain(st->w[++k], buf, 256);
                if (value && streq(value, "/dev/null"))
                        continue;
                if (!value || streq(value, "-") || streq(value, "/dev/stdin")) {
                        stdin_list = true;
                        continue;
                }
                if (value != buf)
                        snprintf(buf, 256, "%s", value);
                return buf;
        }
        /* zip -@ or a list on stdin, from < F */
        for (size_t i = 0; (stdin_list || streq_ptr(p, "zip")) && i < st->n_redir; i++) {
                const ShellToken *t = st->redir[i];
                const char *f = st->target[i] ? programs_plain(st->target[i], buf, 256) : NULL;
                if (streq(t->op, "<") && (t->fd == -1 || t->fd == 0))
                        return f ? f : "?";
        }
        return NULL;
}

/* Is this rsync's list of names its input (--files-from=-, --files-from
 * -, /dev/stdin)? */
bool objects_rsync_stdin_list(const ShellWord *const *w, size_t n) {
        char buf[256], v[256];
        if (!streq_ptr(programs_name(w[0], buf, sizeof buf), "rsync"))
                return false;
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf), *value = NULL;
                if (!a || !programs_long_is(a, "files-from", &value))
                        continue;
                if (!value && k + 1 < n)
                        value = programs_plain(w[k + 1], v, sizeof v);
                return value && (streq(value, "-") || streq(value, "/dev/stdin"));
        }
        return false;
}

bool objects_unwritten_list(const Judge *j, const ShellWord *const *w, size_t n) {
        Stage st = {.w = (const ShellWord **) w, .n = n};
        char lb[256];
        const char *lf = judge_held(j) && reads_tree_list(&st) ? list_file(&st, lb) : NULL;
        return lf && (!j->text || !text_writes(j, lf));
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
        /* tar c -T /etc/groff/man.local: a file the line did not write, any names ('.', 31y 5) */
        char lb[256];
        const char *lf = p && judge_held(j) && reads_tree_list(st) ? list_file(st, lb) : NULL;
        if (lf && (!j->text || !text_writes(j, lf))) {
                judge_mark_held(j);
                return judge_refuse(j, "a file of names the line does not write, which may name the tree "
                                       "holding .git, read by a program that copies the trees it names, and "
                                       "the history holds a masked entry");
        }
        /* echo . > l; tar c -T l: a tree holding .git, copied whole */
        if ((lists && j->git_list_written) || (j->tree_list_written && reads_tree_list(st) && !prev)) {
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
        /* realpath . > l: any list but a proven lister's may hold the tree; { ...; } > l:
         * a compound's, any */
        bool unproven =
                st->n == 0 || t > 0 || !lists_no_tree(j, st, SPLIT_LINES, true, true); /* read by any */
        j->tree_list_written = j->tree_list_written || (unproven && (j->output_filed || writes_file(st)));
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

/* Does the line give xz or zip a list of names through its options from
 * the environment: XZ_OPT or XZ_DEFAULTS holding --files or --files0
 * (--fi: getopt's prefix), ZIPOPT holding -@ (--names-stdin), a value
 * made at run time or escaped, or the variable set some other way (read,
 * export, printf -v)? Quotes inside the value are dropped. */
static bool env_lists(const char *text, size_t n, bool bare) {
        static const struct {
                const char *name, *lists[3];
        } vars[] = {
                {"XZ_OPT", {"--fi", NULL}}, {"XZ_DEFAULTS", {"--fi", NULL}}, {"ZIPOPT", {"@", "--n", NULL}}};
        if (!text)
                return false;
        for (size_t i = 0; i < ELEMENTSOF(vars); i++) {
                size_t len = strlen(vars[i].name);
                for (const char *p = text; (p = memmem(p, n - (size_t) (p - text), vars[i].name, len));
                     p += len) {
                        const char *v = p + len, *end = text + n;
                        bool set = v < end && *v == '=';
                        if ((p > text && (isalnum((unsigned char) p[-1]) || p[-1] == '_' ||
                                          (!set && (p[-1] == '$' || p[-1] == '{')))) ||
                            (v < end && (isalnum((unsigned char) *v) || *v == '_')))
                                continue; /* another name, or a read of this one ($XZ_OPT) */
                        if (!set)
                                return true; /* read XZ_OPT, export ZIPOPT: set some other way */
                        char value[256];
                        size_t k = 0;
                        char quote = 0;
                        for (v++; v < end && k + 1 < sizeof value; v++) {
                                if (quote ? *v == quote : (*v == '\'' || *v == '"')) {
                                        quote = quote ? 0 : *v;
                                        continue;
                                }
                                /* quotes dropped (export XZ_O''PT="-q ..."): to the command's end */
                                if (!quote && strchr(bare ? "\n;&|" : " \t\n;&|<>()", *v))
                                        break;
                                value[k++] = *v;
                        }
                        value[k] = 0;
                        if (strpbrk(value, "$`\\"))
                                return true;
                        for (size_t m = 0; vars[i].lists[m]; m++)
                                if (strstr(value, vars[i].lists[m]))
                                        return true;
                }
        }
        return false;
}

/* ... in the line's text, and in it with its quotes and backslashes dropped. */
static int env_lists_text(const char *text, size_t n) {
        if (!text)
                return 0;
        if (env_lists(text, n, false))
                return 1;
        _cleanup_free_ char *bare = malloc(n + 1);
        if (!bare)
                return -ENOMEM;
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
                unsigned c = 0;
                /* $'\x58Z_OPT=...', $'\130Z_OPT=...': the byte an escape makes */
                if (text[i] == '\\' && i + 3 < n && text[i + 1] == 'x' &&
                    isxdigit((unsigned char) text[i + 2]) && isxdigit((unsigned char) text[i + 3])) {
                        char h[3] = {text[i + 2], text[i + 3], 0};
                        bare[k++] = (char) strtoul(h, NULL, 16);
                        i += 3;
                } else if (text[i] == '\\' && i + 3 < n && text[i + 1] >= '0' && text[i + 1] <= '3' &&
                           text[i + 2] >= '0' && text[i + 2] <= '7' && text[i + 3] >= '0' &&
                           text[i + 3] <= '7' &&
                           (c = (unsigned) ((text[i + 1] - '0') * 64 + (text[i + 2] - '0') * 8 +
                                            text[i + 3] - '0')) > 0) {
                        bare[k++] = (char) c;
                        i += 3;
                } else if (text[i] != '\'' && text[i] != '"' && text[i] != '\\')
                        bare[k++] = text[i];
        }
        return env_lists(bare, k, true);
}

/* Does the text hold a tree-list reader's list from its input (tar -T -,
 * --files-from=-, zip -r@), by its bytes: one a group's body runs, judged
 * apart from the pipe or redirect that feeds the group? */
static bool text_stdin_list(const char *t, size_t n) {
        static const char *const forms[] = {"-T -",
                                            "-T-",
                                            "-T /dev/stdin",
                                            "files-from=-",
                                            "files-from -",
                                            "files-from=/dev/stdin",
                                            "files-from /dev/stdin",
                                            NULL};
        for (const char *const *f = forms; *f; f++)
                if (memmem(t, n, *f, strlen(*f)))
                        return true;
        for (const char *p = t; (p = memchr(p, '@', (size_t) (t + n - p))); p++) { /* zip -@, -r@ */
                const char *b = p;
                while (b > t && isalpha((unsigned char) b[-1]))
                        b--;
                if (b > t && b[-1] == '-')
                        return true;
        }
        return false;
}

/* Does a compound of the line read its input from a redirect ({ tar c -T
 * -; } <<< ., done < F) or a pipe (echo . | { tar c -T -; }): a tree-list
 * reader in it reads that, which the rule does not tie to it? */
static bool group_input(const Line *ln) {
        const ShellLexed *l = ln->lexed;
        char buf[8];
        for (size_t i = 1; l && i < l->n; i++) {
                const ShellToken *t = &l->v[i], *b = &l->v[i - 1];
                if (b->kind == SHELL_TOKEN_OP && (streq(b->op, "|") || streq(b->op, "|&")) &&
                    ((t->kind == SHELL_TOKEN_OP && streq(t->op, "(")) ||
                     (t->kind == SHELL_TOKEN_WORD && !t->w.quoted &&
                      ((t->w.n == 1 && t->w.v[0].c == '{') ||
                       streq_any(programs_plain(&t->w, buf, sizeof buf),
                                 (const char *const[]){"while", "until", "for", "if", "case", NULL})))))
                        return true;
                if (t->kind != SHELL_TOKEN_REDIR || t->op[0] != '<' || streq(t->op, "<(") || t->fd > 0)
                        continue;
                if ((b->kind == SHELL_TOKEN_OP && streq(b->op, ")")) ||
                    (b->kind == SHELL_TOKEN_WORD && !b->w.quoted &&
                     ((b->w.n == 1 && b->w.v[0].c == '}') ||
                      streq_any(programs_plain(&b->w, buf, sizeof buf),
                                (const char *const[]){"done", "fi", "esac", NULL}))))
                        return true;
        }
        return false;
}

int objects_listed(Judge *j, const Line *ln, const Stage *st, const Stage *prev, bool opens, bool lists) {
        char buf[256];
        /* XZ_OPT=--files=l xz -c, ZIPOPT=-@ zip - < l: options from the
         * environment, not among the program's words (31x 5): the names in
         * the list are not judged (printf '.e\x6ev' > l), nor, while held,
         * .git's among them */
        int e = env_lists_text(j->text, j->text_n);
        if (e < 0)
                return e;
        if (e > 0) {
                if (judge_held(j))
                        judge_mark_held(j);
                else
                        judge_name_all(j);
                return judge_refuse(j, "the line gives xz or zip a list of names through the environment "
                                       "(XZ_OPT, XZ_DEFAULTS, ZIPOPT): the names are not judged");
        }
        if (!judge_held(j))
                return 0;
        e = configcmds_line(j); /* APT_CONFIG=F bash -c 'apt-get update' */
        if (e != 0)
                return e;
        int r0 = listed_in_file(j, ln, st, prev, lists);
        if (r0 != 0)
                return r0;
        const char *what = NULL;
        /* tar c -T - <<< ., tar c -T <(echo .): a tree holding .git, copied whole */
        bool trees = reads_tree_list(st);
        if ((trees || (j->text && text_stdin_list(j->text, j->text_n))) && group_input(ln)) {
                judge_mark_held(j);
                return judge_refuse(j,
                                    "a compound's input redirect read by a program that copies the trees "
                                    "it names, which may name the tree holding .git, and the history holds "
                                    "a masked entry");
        }
        for (size_t i = 0; i < st->n_redir && opens && !what; i++) { /* xargs cat <<EOF, its body */
                _cleanup_free_ char *t = NULL;
                if (trees && streq(st->redir[i]->op, "<(") &&
                    substitution_names_tree(j, ln, st->redir[i], reader_of(st))) {
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
        /* printf '.\n' | tar c -T -, echo -e '\x2e': what they make of their words */
        _cleanup_free_ char *made = !(prints && trees && !what) ? NULL
                                    : streq(p, "printf")        ? reread_printf(prev->w, prev->n)
                                                                : programs_joined(prev->w, prev->n, 1);
        if (made && streq(p, "echo"))
                reread_unescape(made);
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

/* Does st read its input from other than the pipe: < F, <<< T, <<, <&N
 * (xargs tar c <<< .: the here-string's names, not the lister's; 31y 3)? */
static bool input_redirected(const Stage *st) {
        for (size_t i = 0; i < st->n_redir; i++) {
                const ShellToken *t = st->redir[i];
                if (t->op[0] == '<' && !streq(t->op, "<(") && (t->fd == -1 || t->fd == 0))
                        return true;
        }
        return false;
}

bool objects_names_listed(const Judge *j, const Stage *v, size_t at, const Stage *reader) {
        if (input_redirected(reader) || reader->keyword_led)
                return false;
        Reader rd = reader_of(reader);
        /* echo's and printf's words: judged apart for a tree-list reader
         * (objects_listed), not for xargs's command */
        bool proven = at < SIZE_MAX && lists_no_tree(j, &v[0], rd.split, rd.dashes, reads_tree_list(reader));
        for (size_t i = 1; i <= at && proven; i++) {
                char bufs[16][256], *words[16];
                size_t nw = stage_words(&v[i], bufs, words);
                proven = nw > 0 && passes_names(words, nw, rd.split);
        }
        return proven;
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
        /* realpath . | tar -T -, date +. | zip -r -@ (31u 1): a pipe not modelled
         * into a tree-list reader, from other than a lister through filters */
        bool proven = r == 2 || (trees && objects_names_listed(j, v, at, consumer));
        if (trees && !proven) {
                judge_mark_held(j);
                return judge_refuse(j, "names a program prints, which may be the tree holding .git itself "
                                       "(a name with a newline makes a line '.', one starting with '-' an "
                                       "option: find -print0 | tar --null -T -, git ls-files -- DIR, or tar "
                                       "--verbatim-files-from read each whole), handed to a program that "
                                       "copies the trees it names, and the history holds a masked entry");
        }
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
