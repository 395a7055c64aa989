/* SPDX-License-Identifier: MIT */
/*
 * What git opens as plain files (command-internal.h), judged by
 * command-objects.c's rule when the history holds a masked entry: a
 * redirect's target, and the words of the subcommands that read the files
 * they name (diff --no-index, which recurses into directories, stripspace,
 * interpret-trailers, blame --contents, apply, am, commit -F, config -f,
 * ...), under git -C's directory. What git prints of the history is
 * command-git.c's. It must not lex.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Subcommands that open every file their words name (an option's value
 * among them): blame's --contents and -S, interpret-trailers' input, a
 * patch or a mailbox, a file hashed, a pack verified. Those reading stdin
 * only (stripspace, column, mailinfo, check-ignore --stdin) are judged by
 * their redirects. */
static const char *const reads_all[] = {"interpret-trailers",
                                        "blame",
                                        "annotate",
                                        "mailsplit",
                                        "mailinfo",
                                        "am",
                                        "apply",
                                        "hash-object",
                                        "stripspace",
                                        "column",
                                        "merge-file",
                                        "verify-pack",
                                        "index-pack",
                                        "show-index",
                                        "unpack-objects",
                                        "bisect",
                                        "credential-store",
                                        "quiltimport",
                                        "fmt-merge-msg",
                                        "patch-id",
                                        NULL};

/* Subcommands whose options name a file they read: the message of commit
 * -F (printed back by git log), a template, a list of pathspecs (printed
 * back in an error), a file of config (its values printed), grep's
 * patterns, a template directory. Short letters, then long names. */
static const struct {
        const char *sub, *shorts, *longs[4];
        bool tree; /* a directory copied whole: one holding .git counts */
} reads_values[] = {
        {"commit", "Ft", {"file", "template", "pathspec-from-file", NULL}, false},
        {"tag", "F", {"file", NULL}, false},
        {"merge", "F", {"file", NULL}, false},
        {"notes", "F", {"file", NULL}, false},
        {"config", "f", {"file", NULL}, false},
        {"grep", "f", {NULL}, false},
        {"commit-tree", "F", {"file", NULL}, false},
        {"add", "", {"pathspec-from-file", NULL}, false},
        {"reset", "", {"pathspec-from-file", NULL}, false},
        {"checkout", "", {"pathspec-from-file", NULL}, false},
        {"restore", "", {"pathspec-from-file", NULL}, false},
        {"rm", "", {"pathspec-from-file", NULL}, false},
        {"stash", "", {"pathspec-from-file", NULL}, false},
        /* the template directory, copied into the new .git: --template=.git
         * copies git's objects where no rule sees them */
        {"init", "", {"template", NULL}, true},
        {"clone", "", {"template", NULL}, true},
};

/* The letters of a bundle that take the rest, or the next word, as a
 * value: past one of them no letter is an option. */
static const char value_letters[] = "mCcSuFtfeABOL";

typedef struct GitFiles {
        char dir[1024]; /* git -C's directory, "" for none; each -C under the one before */
        bool dir_given;
        bool dir_unknown; /* a -C made when the line runs (git -C "$d"): anywhere, .git too */
} GitFiles;

/* git -C D: D under the directory so far (an absolute one replaces it; an
 * empty one changes nothing). */
static void files_enter(GitFiles *f, const char *d) {
        if (!d[0])
                return;
        char next[sizeof f->dir];
        int r = d[0] == '/' || d[0] == '~' || !f->dir[0] ? snprintf(next, sizeof next, "%s", d)
                                                         : snprintf(next, sizeof next, "%s/%s", f->dir, d);
        /* too long to hold: a directory anywhere, .git among them */
        snprintf(f->dir, sizeof f->dir, "%s", r < 0 || (size_t) r >= sizeof next ? ".git" : next);
        f->dir_given = true;
}

/* Does the relative path, under git -C's directory, reach the directory the
 * line runs in or one above it (src/.., .): the tree that holds .git? */
static bool joined_holds_git(const Judge *j, const char *joined) {
        _cleanup_free_ char *norm = path_normalize(joined);
        return !norm || objects_path_holds_git(j, norm); /* "" or above the start: . or a parent */
}

/* Does a file git opens, the word x (its text t; NULL for a value cut
 * from a word), name git's objects, or, with tree (a reader that recurses,
 * diff --no-index), a directory holding .git? Judged as written and, when
 * relative, under git -C's directory. */
static bool reads_objects(const Judge *j, const GitFiles *f, const ShellWord *x, const char *t, bool tree) {
        if (x ? objects_word_names(j, x, t) : objects_names(t))
                return true;
        bool relative = t[0] != '/' && t[0] != '~';
        if (f->dir_unknown && relative && t[0] != '-')
                return true;
        if (!f->dir_given || !relative) {
                if (!tree)
                        return false;
                return x ? objects_holds_git(j, x) : objects_path_holds_git(j, t);
        }
        char joined[2048];
        snprintf(joined, sizeof joined, "%s/%s", f->dir, t);
        if (objects_names(joined))
                return true;
        if (!tree)
                return false;
        char buf[1024];
        if (x && !programs_plain(x, buf, sizeof buf)) /* a glob: any directory it may match */
                return objects_holds_git(j, x) || strstr(joined, "..") || joined[0] == '/' ||
                       joined[0] == '~';
        return f->dir[0] == '/' || f->dir[0] == '~' ? objects_path_holds_git(j, joined)
                                                    : joined_holds_git(j, joined);
}

static int refuse(Judge *j, const char *sub, const char *how) {
        judge_mark_held(j);
        return judge_refuse(j, "git%s%s reads git's objects (%s), and the history holds a masked entry",
                            sub[0] ? " " : "", sub, how);
}

/* --no-index, or a prefix of it parse-options takes (--no-ind). */
static bool no_index(const char *a) {
        return a && strncmp(a, "--no-i", 6) == 0 && strncmp("--no-index", a, strlen(a)) == 0;
}

/* Is every directory the line may run in the one the caller gave or one
 * below it (cd src; not cd .., nor a place known only when it runs), and
 * no text of the line that may move it unseen (eval, source, a function)? */
static bool cwd_inside(const Judge *j) {
        static const char *const movers[] = {"eval", "source", "()", "trap", "alias", "pushd", "popd", NULL};
        const char *root = j->policy->cwd;
        if (!root || j->cwd_unknown || !j->text)
                return false;
        for (const char *const *m = movers; *m; m++)
                if (memmem(j->text, j->text_n, *m, strlen(*m)))
                        return false;
        size_t len = strlen(root);
        for (size_t i = 0; i < j->n_cwds; i++)
                if (strncmp(j->cwds[i], root, len) != 0 || (j->cwds[i][len] != 0 && j->cwds[i][len] != '/'))
                        return false;
        return true;
}

/* The words of diff that are paths to compare when it runs without the
 * index: with --no-index every word; without, two operands past the
 * options when either may be outside the work tree (/dev/null, ../x, an
 * absolute path, a directory -C or a cd chose), where git compares them as
 * files (git diff -a /tmp/e .git/objects). */
static bool diff_no_index(const Judge *j, const GitFiles *f, const ShellWord *const *w, size_t n,
                          bool *ret_all) {
        char buf[1024];
        size_t first = n, paths = 0;
        bool outside = f->dir_unknown || !cwd_inside(j) || f->dir[0] == '/' || f->dir[0] == '~' ||
                       strstr(f->dir, "..");
        *ret_all = false;
        for (size_t k = 0; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && streq(a, "--") && first == n) {
                        first = k + 1;
                        break;
                }
                if (no_index(a)) {
                        *ret_all = true;
                        return true;
                }
                if (first == n && !(a && a[0] == '-'))
                        first = k;
        }
        for (size_t k = first; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return true;
                paths++;
                outside = outside || t[0] == '/' || t[0] == '~' || strstr(t, "..");
        }
        return paths == 2 && outside;
}

/* The value of an option of reads_values[i] that names a file, in word k
 * (a, its text) or the next: *ret_next when it is the next word's, else
 * the value cut from a (NULL: none). */
static const char *option_value(size_t i, const char *a, bool *ret_next) {
        *ret_next = false;
        if (a[0] != '-' || !a[1])
                return NULL;
        if (a[1] == '-') {
                for (const char *const *l = reads_values[i].longs; *l; l++) {
                        const char *v = NULL;
                        if (programs_long_is(a, *l, &v)) {
                                *ret_next = !v;
                                return v;
                        }
                }
                return NULL;
        }
        for (const char *q = a + 1; *q; q++) {
                if (strchr(reads_values[i].shorts, *q)) {
                        *ret_next = !q[1];
                        return q[1] ? q + 1 : NULL;
                }
                if (strchr(value_letters, *q))
                        return NULL;
        }
        return NULL;
}

/* The words of git grep (at w[0]) that are patterns, not files, read as
 * grep's (operands_not_read()) with --no-index, which grep has not, left
 * out: data malloc'd (n + 1), NULL when out of memory. */
static bool *grep_patterns(const Judge *j, const ShellWord *const *w, size_t n) {
        char buf[1024];
        _cleanup_free_ const ShellWord **v = calloc(n + 1, sizeof *v);
        _cleanup_free_ size_t *at = calloc(n + 1, sizeof *at);
        bool *data = calloc(n + 1, sizeof *data);
        if (!v || !at || !data) {
                free(data);
                return NULL;
        }
        size_t m = 0;
        for (size_t k = 0; k < n; k++)
                if (k == 0 || !no_index(programs_plain(w[k], buf, sizeof buf))) {
                        at[m] = k;
                        v[m++] = w[k];
                }
        _cleanup_free_ bool *kept = operands_not_read(j, "grep", v, m);
        if (!kept) {
                free(data);
                return NULL;
        }
        for (size_t i = 0; i < m; i++)
                data[at[i]] = kept[i];
        return data;
}

/* Words of the subcommand at w[0] that git opens as files. */
static int files_words(Judge *j, const GitFiles *f, const char *sub, const ShellWord *const *w, size_t n) {
        char buf[1024];
        bool all = streq_any(sub, reads_all), tree = false;
        if (streq(sub, "diff") && diff_no_index(j, f, w + 1, n - 1, &all))
                tree = all = true;
        /* grep --no-index: its operands past the pattern (it leaves .git out
         * of a tree it searches, not .git named) */
        bool grep_files = false;
        for (size_t k = 1; k < n && streq(sub, "grep"); k++)
                grep_files = grep_files || no_index(programs_plain(w[k], buf, sizeof buf));
        _cleanup_free_ bool *data = grep_files ? grep_patterns(j, w, n) : NULL;
        if (grep_files && !data)
                return -ENOMEM;
        size_t vi = SIZE_MAX;
        for (size_t i = 0; i < ELEMENTSOF(reads_values); i++)
                if (streq(sub, reads_values[i].sub))
                        vi = i;
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (all || (grep_files && !data[k])) {
                        if (reads_objects(j, f, w[k], t, tree && t[0] != '-') ||
                            (t[0] == '-' && t[1] && t[1] != '-' && reads_objects(j, f, NULL, t + 2, false)))
                                return refuse(j, sub, tree ? "a tree it compares" : "a file it opens");
                        continue;
                }
                if (vi == SIZE_MAX || streq(t, "--"))
                        continue;
                bool next = false;
                const char *v = option_value(vi, t, &next);
                if (next && k + 1 < n) {
                        _cleanup_free_ char *nt = programs_word_text(w[++k]);
                        if (!nt)
                                return -ENOMEM;
                        if (reads_objects(j, f, w[k], nt, reads_values[vi].tree))
                                return refuse(j, sub, "a file an option names");
                } else if (v && reads_objects(j, f, NULL, v, reads_values[vi].tree))
                        return refuse(j, sub, "a file an option names");
        }
        return 0;
}

int git_files_judge(Judge *j, const ShellWord *const *w, size_t n, const ShellWord *const *targets,
                    size_t n_targets) {
        char buf[1024];
        GitFiles f = {.dir_given = false};
        if (!judge_held(j))
                return 0;
        /* a < into git is a read of its target, whatever the subcommand
         * (stripspace, column, check-ignore --stdin -v -n print it back) */
        for (size_t i = 0; i < n_targets; i++) {
                _cleanup_free_ char *t = targets[i] ? programs_word_text(targets[i]) : NULL;
                if (targets[i] && !t)
                        return -ENOMEM;
                if (t && objects_word_names(j, targets[i], t))
                        return refuse(j, "", "a redirect's file");
        }
        /* git's own options: -C moves where the words are, --work-tree is
         * the tree git reads as files */
        size_t k = 1;
        for (; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || a[0] != '-')
                        break;
                const char *tree = strncmp(a, "--work-tree=", 12) == 0 ? a + 12 : NULL;
                _cleanup_free_ char *next = NULL;
                if (k + 1 < n &&
                    (streq(a, "-C") || streq(a, "-c") || streq(a, "--work-tree") || streq(a, "--git-dir") ||
                     streq(a, "--namespace") || streq(a, "--config-env") || streq(a, "--super-prefix"))) {
                        if (!(next = programs_word_text(w[++k])))
                                return -ENOMEM;
                        char pb[1024];
                        if (streq(a, "-C"))
                                files_enter(&f, next);
                        if (streq(a, "-C") && !programs_plain(w[k], pb, sizeof pb))
                                f.dir_unknown = true; /* "$d", .g?t: any directory it may be */
                        if (streq(a, "--work-tree"))
                                tree = next;
                }
                if (tree && reads_objects(j, &f, NULL, tree, false))
                        return refuse(j, "", "a work tree inside them");
        }
        if (k >= n)
                return 0;
        const char *sub = programs_plain(w[k], buf, sizeof buf);
        if (!sub)
                return 0; /* refused by git_check() while the history holds a masked entry */
        char subname[64];
        snprintf(subname, sizeof subname, "%.63s", sub);
        /* grep searches git -C's directory: .git's own files when it is .git */
        if (streq(subname, "grep") && f.dir_given && objects_names(f.dir))
                return refuse(j, subname, "the directory it searches");
        return files_words(j, &f, subname, w + k, n - k);
}
