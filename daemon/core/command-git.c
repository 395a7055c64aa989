/* SPDX-License-Identifier: MIT */
/*
 * What a git command does with the repository's history and its config
 * (command-internal.h): the subcommands that print blobs, narrowed or not
 * by a pathspec (command-pathspec.c reads them as git does); what git
 * runs is command-git-config.c's. It must not lex, nor read the history:
 * the boot's record says what it holds (CommandPolicy.held).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "entry.h"
#include "util.h"

#define GIT_WORDS_MAX 256

typedef struct Git {
        PathspecMode mode; /* --literal-pathspecs and the like */
        bool work_tree;    /* --work-tree: the history checked out elsewhere */
        char dir[256];     /* -C DIR, relative and below: pathspecs are under it */
        bool dir_unknown;
        char alias[64];  /* -c alias.NAME=!COMMAND: NAME, and COMMAND (sh -c runs it with */
        char *alias_run; /* the words after NAME as $1, $2, ...) */
} Git;

static void git_done(Git *g) {
        free(g->alias_run);
}

/* May git's working directory be inside a held directory entry (its
 * relative pathspecs then name what is below it: git log -p -- k from
 * secrets/)? Not when the line runs where the caller says, unmoved (no cd,
 * no -C), and no component of that directory is the entry's name: a place
 * that ends in secrets/ has it. */
/* Does the line hold a word that may move the shell it runs in (cd, or a
 * text run in that shell, which its own judge reads: eval 'cd "$OLDPWD"',
 * . <(echo cd -), a function, a trap)? By the text: any such word. */
bool judge_text_may_move(const char *s, size_t n) {
        static const char *const movers[] = {"cd",      "pushd",    "popd",      "eval",   "source",
                                             ".",       "trap",     "alias",     "exec",   "builtin",
                                             "command", "function", "()",        "CDPATH", "-execdir",
                                             "-okdir",  "--wd",     "--workdir", NULL};
        for (const char *const *m = movers; *m; m++)
                for (const char *p = s; (p = memmem(p, (size_t) (s + n - p), *m, strlen(*m))); p++) {
                        const char *e = p + strlen(*m);
                        if (streq(*m, "()")) { /* f() { ...; }: a function, not a call's print() */
                                while (e < s + n && (*e == ' ' || *e == '\t' || *e == '\n'))
                                        e++;
                                if (e < s + n && (*e == '{' || *e == '('))
                                        return true;
                                continue;
                        }
                        bool start = p == s || strchr(" \t\n;&|({'\"\\`$", p[-1]);
                        if (start && (e == s + n || strchr(" \t\n;&|)}'\"=", *e)))
                                return true;
                }
        return false;
}

bool judge_line_may_move(const Judge *j) {
        return !j->text || j->text_moves; /* looked for once, as programs_check began */
}

static bool may_run_inside(const Judge *j, const Git *g, size_t i) {
        const char *e = j->policy->secrets[i], *cwd = j->policy->cwd;
        size_t len = strlen(e);
        if (len == 0 || e[len - 1] != '/')
                return false; /* a file: no directory to be in */
        if (!cwd || cwd_moved(j) || judge_line_may_move(j) || g->dir[0] || g->dir_unknown || g->work_tree ||
            j->git_env)
                return true;
        const char *name = e + len - 1;
        while (name > e && name[-1] != '/')
                name--;
        size_t nl = (size_t) (e + len - 1 - name);
        bool fold = j->policy->fold && j->policy->fold[i];
        for (const char *c = cwd; *c;) {
                c += strspn(c, "/");
                size_t cl = strcspn(c, "/");
                if (cl == nl && (fold ? strncasecmp(c, name, nl) : strncmp(c, name, nl)) == 0)
                        return true;
                c += cl;
        }
        return false;
}

/* Can the pathspecs match a place in git's history of held secret i?
 * Held anywhere: any pathspec can. */
static bool pathspecs_may_read_held(const Judge *j, const Git *g, const char *const *specs, size_t n,
                                    size_t i, bool subtree) {
        const char *const *at = j->policy->held_at ? j->policy->held_at[i] : NULL;
        if (n == 0 || !at)
                return true;
        PathspecFrom from =
                (may_run_inside(j, g, i) ? PATHSPEC_FROM_INSIDE : 0) | (subtree ? PATHSPEC_FROM_SUBTREE : 0);
        for (; *at; at++)
                if (pathspecs_may_match(&g->mode, specs, n, *at, from))
                        return true;
        return false;
}

/* ---- what prints blobs ---- */

static bool has(const char *const *opts, size_t n, const char *const *list) {
        for (size_t i = 0; i < n; i++)
                for (const char *const *l = list; *l; l++) {
                        size_t len = strlen(*l);
                        bool prefix = (*l)[len - 1] == '*';
                        if (prefix ? strncmp(opts[i], *l, len - 1) == 0 : streq(opts[i], *l))
                                return true;
                }
        return false;
}

static const char *const patch_options[] = {"-p",
                                            "-u",
                                            "--patch",
                                            "-c",
                                            "--cc",
                                            "--dd",
                                            "-m",
                                            "--ext-diff",
                                            "--textconv",
                                            "-L*",
                                            "-S*",
                                            "-G*",
                                            "--pickaxe-*",
                                            "--find-object*",
                                            "--word-diff*",
                                            "--color-words*",
                                            "--patch-with-*",
                                            "--binary",
                                            "-W",
                                            "--function-context",
                                            "--remerge-diff",
                                            "-U*",
                                            "--unified*",
                                            "--full-index",
                                            "-P",
                                            "--diff-merges*",
                                            "--check",
                                            NULL};
static const char *const summary_options[] = {"-s",          "--no-patch",  "--stat*",       "--numstat",
                                              "--shortstat", "--name-only", "--name-status", "--raw",
                                              "--summary",   "--dirstat*",  "--quiet",       NULL};
/* Options that undo a summary (--quiet --no-quiet): with one, the patch may
 * be back. --exit-code is no summary at all. */
static const char *const unsummary_options[] = {
        "--no-quiet",   "--no-stat",      "--no-name-only", "--no-name-status", "--no-raw", "--no-summary",
        "--no-numstat", "--no-shortstat", "--no-dirstat",   "--exit-code",      NULL};

/* Options that add revisions (any object: a blob, a tree) to the ones named. */
static const char *const rev_adding_options[] = {
        "--all",   "--branches*",       "--tags*",          "--remotes*", "--glob*", "--reflog",
        "--stdin", "--indexed-objects", "--alternate-refs", "--bisect",   "-g",      "--walk-reflogs",
        NULL};

static bool ends_with(const char *s, const char *tail) {
        size_t n = strlen(s), t = strlen(tail);
        return n > t && streq(s + n - t, tail);
}

/* Does sub (with its options and operands) print the contents of blobs? */
static bool prints_blobs(const char *sub, const char *const *opts, size_t n_opts, const char *const *ops,
                         size_t n_ops) {
        static const char *const always[] = {"format-patch", "archive",     "fast-export",
                                             "bundle",       "clone",       "checkout-index",
                                             "pack-objects", "upload-pack", "upload-archive",
                                             "http-backend", "range-diff",  "blame",
                                             "annotate",     "unpack-file", "send-email",
                                             "instaweb",     "daemon",      "difftool",
                                             "merge-file",   "cat-file",    "show",
                                             "diff",         "grep",        "request-pull",
                                             "merge-tree",   NULL};
        static const char *const patch[] = {"log",        "whatchanged", "reflog", "diff-tree",
                                            "diff-index", "diff-files",  NULL};
        static const char *const interactive[] = {"-p", "--patch",   "-i", "--interactive",
                                                  "-v", "--verbose", NULL};
        bool on = false;
        for (const char *const *l = always; *l && !on; l++)
                on = streq(sub, *l);
        if (streq(sub, "show") || streq(sub, "diff"))
                on = has(opts, n_opts, patch_options) || !has(opts, n_opts, summary_options) ||
                     has(opts, n_opts, unsummary_options);
        /* a blob is shown whatever -s says: an object's id (with any
         * suffix: ID^{}), REV:PATH, or revisions from elsewhere */
        for (size_t i = 0; i < n_ops && streq(sub, "show"); i++)
                on = on || strchr(ops[i], ':') || strspn(ops[i], "0123456789abcdefABCDEF") >= 4 ||
                     !ops[i][0];
        if (streq(sub, "show") && has(opts, n_opts, rev_adding_options))
                on = true;
        if (streq(sub, "diff") && has(opts, n_opts, (const char *const[]){"--no-index", NULL}))
                on = false;
        if (streq(sub, "cat-file"))
                on = !has(opts, n_opts, (const char *const[]){"-t", "-s", "-e", NULL}) ||
                     has(opts, n_opts,
                         (const char *const[]){"-p", "--batch*", "--textconv", "--filters", NULL});
        /* -p REV^{tree}, REV^{commit}: peeled to a tree (names and ids) or
         * a commit, never a blob */
        bool peeled = streq(sub, "cat-file") && n_ops == 1 && !strchr(ops[0], ':') &&
                      (ends_with(ops[0], "^{tree}") || ends_with(ops[0], "^{commit}"));
        for (size_t i = 0; i < n_opts && peeled; i++)
                peeled = streq_any(opts[i], (const char *const[]){"-p", "-t", "-s", "-e", NULL});
        if (peeled)
                on = false;
        if (streq(sub, "grep")) /* over revisions, or the index: a worktree search is a file read */
                on = n_ops > (has(opts, n_opts, (const char *const[]){"-e", "-f", NULL}) ? 0u : 1u) ||
                     has(opts, n_opts, (const char *const[]){"--cached", NULL});
        /* grep --no-index takes no revision nor --cached (git dies): its
         * operands are files, command-git-files.c's */
        if (streq(sub, "grep") && has(opts, n_opts, (const char *const[]){"--no-index", NULL}))
                on = false;
        for (const char *const *l = patch; *l && !on; l++)
                on = streq(sub, *l) && has(opts, n_opts, patch_options);
        /* stash show: a patch by stash.showPatch (config the agent can
         * write) whatever its options; stash list takes log's */
        if (streq(sub, "stash"))
                on = (n_ops > 0 && streq(ops[0], "show")) ||
                     (n_ops > 0 && streq(ops[0], "list") && has(opts, n_opts, patch_options)) ||
                     has(opts, n_opts, interactive);
        if (streq(sub, "worktree"))
                on = n_ops > 0 && streq(ops[0], "add");
        if (streq(sub, "fsck"))
                on = has(opts, n_opts, (const char *const[]){"--lost-found", NULL});
        if (streq(sub, "add") || streq(sub, "checkout") || streq(sub, "reset") || streq(sub, "restore") ||
            streq(sub, "switch"))
                on = has(opts, n_opts, (const char *const[]){"-p", "--patch", "-i", "--interactive", NULL});
        if (streq(sub, "commit")) /* -v: the diff in the message's template */
                on = has(opts, n_opts, interactive);
        if (streq(sub, "status")) /* -v: the staged diff, -vv the unstaged too */
                on = has(opts, n_opts, (const char *const[]){"-v", "--verbose", NULL});
        if (streq(sub, "merge-tree")) /* --write-tree prints a tree's id and conflicts' names */
                on = !has(opts, n_opts, (const char *const[]){"--write-tree", NULL});
        return on;
}

/* git -C DIR: relative pathspecs are DIR's (magic ones, top or not, are
 * left as written: wider, or an exclusion that covers less). The new
 * texts, which specs[] then points into; NULL when out of memory. */
static char *specs_under(const char *dir, const char **specs, size_t n) {
        size_t total = 1;
        for (size_t i = 0; i < n; i++)
                total += strlen(dir) + strlen(specs[i]) + 2;
        char *under = malloc(total);
        for (size_t i = 0, at = 0; under && i < n; i++) {
                const char *sp = specs[i];
                if (sp[0] == ':' || sp[0] == '/' || strstr(sp, ".."))
                        continue;
                while (sp[0] == '.' && sp[1] == '/')
                        sp += 2;
                char *u = under + at;
                at += (size_t) sprintf(u, "%s/%s", dir, streq(sp, ".") ? "" : sp) + 1;
                specs[i] = u;
        }
        return under;
}

/* Subcommands whose operands after the revisions are pathspecs. */
static const char *const operand_paths[] = {"log",        "whatchanged", "diff", "add",
                                            "diff-index", "diff-files",  NULL};

/* What words added at run time could be: any option that prints. */
static const char *const maybe_opts[] = {"-p", "-v", "--batch", "--lost-found", "--patch"};
static const char *const maybe_ops[] = {"show", "add", "HEAD:"};

/* A REV:PATH operand (git show HEAD:src/x.c): the blob is PATH's alone,
 * root-relative ("./x" and "../x" from the working directory, which is not
 * known: taken from any directory of a place). It excludes a held entry
 * when it names none of its places nor a path below one, and is no
 * wildcard (a directory above a place is a listing of names); an entry
 * held anywhere, only a path that cannot hold it. */
static bool rev_path_excludes_at(const Judge *j, const char *path, bool subtree) {
        bool relative = strncmp(path, "./", 2) == 0 || streq(path, ".") || strstr(path, ".."),
             anywhere_below = relative || subtree; /* PATH from an unknown directory */
        if (pathspec_wildcard(path))
                return false;
        for (size_t i = 0; i < j->policy->n_secrets; i++) {
                if (!j->policy->held[i])
                        continue;
                const char *const *at = j->policy->held_at ? j->policy->held_at[i] : NULL;
                if (!at && (anywhere_below || entry_path_holds(j->policy->secrets[i], path)))
                        return false;
                for (; at && *at; at++) {
                        size_t len = strlen(*at);
                        bool dir = (*at)[len - 1] == '/';
                        if (dir && anywhere_below)
                                return false; /* that directory may be inside the place */
                        char place[1024];
                        snprintf(place, sizeof place, "%.*s", (int) (dir ? len - 1 : len), *at);
                        const char *rel = path;
                        while (relative && strncmp(rel, "./", 2) == 0)
                                rel += 2;
                        if (relative && strstr(rel, ".."))
                                return false;
                        /* root-relative: the place itself; else any tail of it */
                        for (const char *p = place; p;
                             p = anywhere_below && strchr(p, '/') ? strchr(p, '/') + 1 : NULL) {
                                size_t pn = strlen(p), rn = strlen(rel);
                                while (rn > 0 && rel[rn - 1] == '/')
                                        rn--;
                                if (rn >= pn && strncasecmp(rel, p, pn) == 0 && (rn == pn || rel[pn] == '/'))
                                        return false;
                        }
                }
        }
        return true;
}

/* Where REV:PATH's path starts: after the first ':' outside {...}
 * (HEAD@{1}:x, HEAD^{/a:b}:x), past :N: (the index's stage N); NULL for
 * none, a :/message search, or a brace left open. */
static const char *rev_path(const char *op) {
        if (op[0] == ':' && op[1] == '/')
                return NULL;
        int depth = 0;
        for (const char *c = op; *c; c++)
                if (*c == '{')
                        depth++;
                else if (*c == '}' && depth > 0)
                        depth--;
                else if (*c == ':' && depth == 0)
                        return c[1] >= '0' && c[1] <= '3' && c[2] == ':' && c == op ? c + 3 : c + 1;
        return NULL;
}

/* Can the revision name a tree other than the repository's root: an
 * object's id (4 or more hex digits, a tree's as well as a commit's), or
 * REV:DIR, either end of a range (E..T) included? A branch or a tag is
 * taken for a commit or a root tree: the guest's .git is read-only, so the
 * agent makes no ref (a second repository borrowing these objects is one
 * made with a computed path: README, what the rule cannot see). */
static bool rev_subtree(const char *op) {
        for (const char *part = op; part;) {
                const char *dots = strstr(part, "..");
                _cleanup_free_ char *one = strndup(part, dots ? (size_t) (dots - part) : strlen(part));
                if (!one)
                        return true;
                const char *r = one + (one[0] == '^'), *path = rev_path(r);
                size_t hex = strspn(r, "0123456789abcdefABCDEF");
                if ((path && path[0]) || (hex >= 4 && strchr("~^@:{", r[hex])))
                        return true;
                part = dots ? dots + 2 + (dots[2] == '.') : NULL;
        }
        return false;
}

static bool rev_path_excludes(const Judge *j, const char *op) {
        const char *path = rev_path(op);
        if (!path)
                return false;
        _cleanup_free_ char *rev = strndup(op, (size_t) (path - op));
        return rev && rev_path_excludes_at(j, path, rev_subtree(rev));
}

/* One word whose every expansion is in double quotes ("$msg", "fix:
 * $(date)"): it cannot split, and after an option taking a value it is
 * that value. */
static bool one_quoted_value(const ShellWord *w) {
        for (size_t i = 0; i < w->n; i++)
                if (!(w->v[i].kind == SHELL_LIT || (w->v[i].kind == SHELL_EXPAND && w->v[i].quoted)))
                        return false;
        return w->n > 0;
}

/* --author="$(git config user.name)": an option taking a value, as
 * written, its '=', then bytes and quoted expansions only: one word that
 * stays that option's value (an unquoted one may split into options). */
static bool attached_value(const ShellWord *w) {
        static const char *const names[] = {
                "--message=", "--author=", "--committer=", "--date=",   "--branch=", "--grep=",
                "--since=",   "--until=",  "--after=",     "--before=", NULL};
        for (const char *const *p = names; *p; p++) {
                size_t len = strlen(*p), i = 0;
                while (i < len && i < w->n && w->v[i].kind == SHELL_LIT && w->v[i].c == (uint8_t) (*p)[i])
                        i++;
                if (i < len)
                        continue;
                for (; i < w->n; i++)
                        if (!(w->v[i].kind == SHELL_LIT || (w->v[i].kind == SHELL_EXPAND && w->v[i].quoted)))
                                return false;
                return true;
        }
        return false;
}

/* When the history holds a masked entry, git's words must be known before
 * it runs: a brace anywhere, an expansion (it may split, start with '-',
 * or reach a secret through ..), a glob that may start with '-'. The
 * index of the first such word, or 0. */
static size_t unseen_word(const ShellWord *const *w, size_t n) {
        static const char *const value_options[] = {
                "-m",        "--message", "-b",     "-B",      "--author", "--date", "-C",
                "--git-dir", "--branch",  "--grep", "--since", "--until",  NULL};
        char buf[256];
        bool dashdash = false;
        for (size_t k = 0; k < n; k++) {
                const ShellWord *x = w[k];
                for (size_t i = 0; i < x->n; i++)
                        if (x->v[i].kind == SHELL_BOPEN)
                                return k ? k : SIZE_MAX;
                if (k == 0)
                        continue;
                const char *a = programs_plain(x, buf, sizeof buf);
                if (a) {
                        dashdash = dashdash || streq(a, "--");
                        continue;
                }
                bool text = true; /* --format=%h,%s: a ',' or '}' outside a brace is a byte */
                for (size_t i = 0; i < x->n && text; i++)
                        text = x->v[i].kind == SHELL_LIT || x->v[i].kind == SHELL_BCOMMA ||
                               x->v[i].kind == SHELL_BCLOSE;
                if (text)
                        continue;
                if (dashdash && !x->expansion && !x->substitution)
                        continue; /* a glob, a pathspec: judged as one */
                if (!x->expansion && !x->substitution && !recog_may_be_option(x))
                        continue; /* src/x*.c: names that start as written */
                const char *prev = programs_plain(w[k - 1], buf, sizeof buf);
                bool value = false;
                for (const char *const *l = value_options; prev && *l && !value; l++)
                        value = streq(prev, *l);
                if (!dashdash && ((value && one_quoted_value(x)) || attached_value(x)))
                        continue;
                return k;
        }
        return 0;
}

/* The letters whose option takes the rest of a bundle as its value: log's
 * and diff's (-n5, -L1,2:f, -U3; not -b, a flag there), else every one
 * some subcommand has. */
static const char *value_letters(const char *subname) {
        static const char *const log_family[] = {"log",       "show",         "diff",       "whatchanged",
                                                 "diff-tree", "diff-index",   "diff-files", "reflog",
                                                 "stash",     "format-patch", NULL};
        return streq_any(subname, log_family) ? "nLSGOUlMCB" : "nLSGOUlmFbBCMcetX";
}

/* git grep -O runs a command line on what it finds, which the rule does
 * not read; for-each-repo runs a git subcommand unseen. */
static int runs_unseen(Judge *j, const char *subname, const char *const *opts, size_t n_opts) {
        if (streq(subname, "grep") &&
            has(opts, n_opts, (const char *const[]){"-O*", "--open-files-in-pager*", NULL}) &&
            j->policy->n_secrets > 0) {
                judge_name_all(j);
                return judge_refuse(j, "git grep -O runs a program the rule does not read");
        }
        if (streq(subname, "for-each-repo") && judge_held(j)) {
                judge_mark_held(j);
                return judge_refuse(j, "git for-each-repo runs a git subcommand, and the history holds a "
                                       "masked entry");
        }
        return 0;
}

/* A git that prints blobs, with its pathspecs: refused when a revision or
 * a pathspec can reach a place of a held entry. */
static int history_printed(Judge *j, const Git *g, const char *subname, const char *const *opts,
                           size_t n_opts, const char *const *ops, size_t n_ops, const char *const *specs,
                           size_t n_specs) {
        /* show and cat-file with REV:PATH operands alone print those blobs:
         * only with options that add no revision (not --all, --stdin, ...) */
        static const char *const rev_path_options[] = {
                "-s",          "--no-patch", "--oneline",     "--format=*", "--pretty*", "--abbrev*",
                "--no-abbrev", "--color*",   "--no-color",    "-p",         "--patch",   "-u",
                "-t",          "-e",         "--no-textconv", "-q",         "--quiet",   NULL};
        bool revs_excluded = (streq(subname, "show") || streq(subname, "cat-file")) && n_ops > 0;
        for (size_t i = 0; i < n_opts && revs_excluded; i++)
                revs_excluded = has(opts + i, 1, rev_path_options);
        for (size_t i = 0; i < n_ops && revs_excluded; i++)
                revs_excluded =
                        rev_path_excludes(j, ops[i]) ||
                        (streq(subname, "cat-file") && i == 0 &&
                         (streq(ops[i], "blob") || streq(ops[i], "tree") || streq(ops[i], "commit")) &&
                         n_ops > 1);
        if (streq(subname, "cat-file") &&
            (has(opts, n_opts, (const char *const[]){"--batch*", NULL}) || n_ops == 0))
                revs_excluded = false;
        /* pathspecs then match from a tree's root that is not the repository's */
        bool subtree = has(opts, n_opts, (const char *const[]){"--stdin", NULL});
        for (size_t i = 0; i < n_ops && !subtree; i++)
                subtree = rev_subtree(ops[i]);
        bool held = false;
        for (size_t i = 0; i < j->policy->n_secrets; i++)
                if (j->policy->held[i] && !revs_excluded &&
                    pathspecs_may_read_held(j, g, specs, n_specs, i, subtree)) {
                        j->named[i] = true;
                        held = true;
                }
        if (held)
                return judge_refuse(j, "git %s prints what git's history holds, a masked entry among it",
                                    subname);
        return 0;
}

/* Before the subcommand: what the history holding a masked entry makes a
 * reader (words unknown until git runs, config from elsewhere), git's own
 * options into *g, and the subcommand's index in *ret_k (n: none). 1
 * refused, 0, -ENOMEM. */
static int git_global(Judge *j, Git *g, const ShellWord *const *w, size_t n, size_t *ret_k) {
        char buf[1024];
        size_t k = 1;
        int r;
        if (j->git_env) { /* config the rule cannot read: an alias, an attributes file */
                judge_name_all(j);
                return judge_refuse(j, "the line points git at other config (HOME, XDG_CONFIG_HOME, "
                                       "GIT_CONFIG_*), which the rule cannot read");
        }
        if (judge_held(j) && unseen_word(w, n)) {
                judge_mark_held(j);
                return judge_refuse(j,
                                    "a word of git's is known only when it runs (an expansion, a brace, a "
                                    "glob that may be an option), and the history holds a masked entry");
        }
        /* git's own options, before the subcommand */
        for (; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || a[0] != '-')
                        break;
                if (streq(a, "-c") && k + 1 < n) {
                        _cleanup_free_ char *kv = programs_word_text(w[++k]);
                        if (!kv)
                                return -ENOMEM;
                        char *eq = strchr(kv, '=');
                        if (eq)
                                *eq = 0;
                        if ((r = git_config_judge(j, kv, eq ? eq + 1 : "")) != 0)
                                return r;
                        if (eq && eq[1] == '!' && strncasecmp(kv, "alias.", 6) == 0 && strlen(kv + 6) < 64) {
                                free(g->alias_run);
                                if (!(g->alias_run = strdup(eq + 2)))
                                        return -ENOMEM;
                                strcpy(g->alias, kv + 6);
                        }
                } else if (streq(a, "--work-tree") || strncmp(a, "--work-tree=", 12) == 0) {
                        g->work_tree = true;
                        k += !a[11];
                } else if (streq(a, "-C") && k + 1 < n) {
                        /* a relative directory below: its pathspecs are under it */
                        const char *d = programs_plain(w[++k], g->dir, sizeof g->dir);
                        if (!d || d[0] == '/' || d[0] == '~' || strstr(d, "..") || pathspec_wildcard(d) ||
                            strchr(d, ':'))
                                g->dir[0] = 0, g->dir_unknown = true;
                } else if ((strncmp(a, "--config-env", 12) == 0 || strncmp(a, "--exec-path", 11) == 0) &&
                           judge_held(j)) {
                        /* a key's value from the environment, programs from another
                         * directory: neither is seen */
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "git %s takes what it runs from elsewhere, and the history "
                                            "holds a masked entry",
                                            a);
                } else if (streq(a, "--git-dir") || streq(a, "--namespace") || streq(a, "--config-env") ||
                           streq(a, "--exec-path")) {
                        k++;
                } else if (streq(a, "--literal-pathspecs")) {
                        g->mode.literal = true;
                } else if (streq(a, "--glob-pathspecs")) {
                        g->mode.glob = true;
                } else if (streq(a, "--noglob-pathspecs")) {
                        g->mode.noglob = true;
                } else if (streq(a, "--icase-pathspecs")) {
                        g->mode.icase = true;
                }
        }
        g->mode.unknown = j->git_pathspec_env;
        if (k >= n && j->unseen_args && judge_held(j)) { /* echo log -p | xargs git */
                judge_mark_held(j);
                return judge_refuse(j, "git's subcommand comes when it runs (xargs), and the history holds "
                                       "a masked entry");
        }
        *ret_k = k;
        return 0;
}

/* git's words after its subcommand: the options (a long one given by a
 * prefix also as each it may stand for; bundled short ones letter by
 * letter), the operands, and the pathspecs after "--". Their text in
 * ret->store, the caller's to free. */
typedef struct GitWords {
        char *store;
        const char *opts[GIT_WORDS_MAX], *ops[GIT_WORDS_MAX], *specs[GIT_WORDS_MAX];
        size_t n_opts, n_ops, n_specs;
} GitWords;

static void git_words_done(GitWords *w) {
        free(w->store);
}

static int git_words_split(const char *subname, const ShellWord *const *w, size_t n, GitWords *ret) {
        size_t total = 0, off = 0;
        for (size_t i = 0; i < n; i++)
                total += w[i]->n + 1;
        _cleanup_free_ char *store = malloc(4 * total + 256 * (n + 1) + 1);
        if (!store)
                return -ENOMEM;
        const char *letters = value_letters(subname);
        GitWords v = {0};
        const char **opts = v.opts, **ops = v.ops, **specs = v.specs;
        size_t n_opts = 0, n_ops = 0, n_specs = 0;
        bool dashdash = false;
        for (size_t i = 0; i < n && n_opts + n_ops + n_specs < GIT_WORDS_MAX; i++) {
                _cleanup_free_ char *t = programs_word_text(w[i]);
                if (!t)
                        return -ENOMEM;
                char *s = strcpy(store + off, t);
                off += strlen(t) + 1;
                /* submodule add -- REPO PATH, subtree pull -- REPO REF: operands still */
                if (!dashdash && streq(s, "--") &&
                    !(n_ops == 1 && (streq(subname, "submodule") || streq(subname, "subtree")) &&
                      streq_any(ops[0], (const char *const[]){"add", "pull", "push", NULL})))
                        dashdash = true;
                else if (!dashdash && streq(s, "--"))
                        continue;
                else if (dashdash)
                        specs[n_specs++] = s;
                else if (s[0] == '-' && s[1]) {
                        opts[n_opts++] = s;
                        /* git grep -e PATTERN, git clone --depth N: the
                         * next word is the value, neither a revision nor a
                         * pathspec */
                        bool value = git_value_next(subname, s);
                        if (value && streq(subname, "grep")) {
                                i++;
                                continue;
                        }
                        /* --patc is --patch, as parse-options takes it */
                        const char *full[8];
                        for (size_t e = 0, m = git_long_expand(s, full, 8);
                             e < m && n_opts + n_ops + n_specs < GIT_WORDS_MAX - 1; e++) {
                                char *x = store + off;
                                off += (size_t) sprintf(x, "--%s", full[e]) + 1;
                                opts[n_opts++] = x;
                        }
                        /* -up, -av: each letter an option of its own, to
                         * the first that takes a value (-mfix, -n5) */
                        for (const char *q = s + 1; s[1] != '-' && s[2] && *q; q++) {
                                if (n_opts + n_ops + n_specs >= GIT_WORDS_MAX - 1)
                                        break;
                                char *one = store + off;
                                one[0] = '-', one[1] = *q, one[2] = 0;
                                off += 3;
                                opts[n_opts++] = one;
                                if (strchr(letters, *q))
                                        break;
                        }
                        i += value;
                } else
                        ops[n_ops++] = s;
        }
        v.store = TAKE_PTR(store);
        v.n_opts = n_opts;
        v.n_ops = n_ops;
        v.n_specs = n_specs;
        *ret = v;
        return 0;
}

/* git ls-files -i (--ignored): the files its exclude patterns match are
 * what it lists, -x PAT, --exclude[=]PAT (gitignore's patterns), and
 * .gitignore's with --exclude-standard, -X FILE, --exclude-from,
 * --exclude-per-directory (.env is often one). Does it list a masked name? */
static bool ls_ignored_lists(Judge *j, const ShellWord *const *w, size_t n) {
        char buf[1024];
        bool ignored = false, lists = false;
        for (size_t i = 0; i < n; i++) {
                const char *a = programs_plain(w[i], buf, sizeof buf);
                if (!a || a[0] != '-')
                        continue;
                ignored = ignored || streq(a, "--ignored") ||
                          (a[1] != '-' && a[1] != 'x' && a[1] != 'X' && strchr(a + 1, 'i'));
        }
        for (size_t i = 0; i < n && ignored; i++) {
                _cleanup_free_ char *t = programs_word_text(w[i]), *next = NULL;
                if (!t)
                        return true;
                const char *pat = NULL;
                if (streq(t, "-x") || streq(t, "--exclude")) {
                        if (i + 1 < n && !(next = programs_word_text(w[++i])))
                                return true;
                        pat = next;
                } else if (strncmp(t, "-x", 2) == 0 && t[2])
                        pat = t + 2;
                else if (strncmp(t, "--exclude=", 10) == 0)
                        pat = t + 10;
                else if (streq(t, "--exclude-standard") || strncmp(t, "-X", 2) == 0 ||
                         strncmp(t, "--exclude-from", 14) == 0 ||
                         strncmp(t, "--exclude-per-directory", 23) == 0) {
                        judge_name_all(j);
                        lists = true;
                }
                if (pat && (match_secret_glob(j, pat, MATCH_FOLD, true) ||
                            match_secret_glob(j, pat, MATCH_FOLD, false)))
                        lists = true;
        }
        return lists;
}

/* May git SUB add a masked path to the index? git add -f (ignored files
 * too) or update-index --add, by a pathspec or path that may match one (by
 * git's rules: magic, globs, escapes), from a file or stdin (not read
 * here), or with none (-A: all). */
static bool adds_masked(Judge *j, const Git *g, const char *sub, const char *const *opts, size_t n_opts,
                        const char *const *ops, size_t n_ops, const char *const *specs, size_t n_specs) {
        bool add = streq(sub, "add") && has(opts, n_opts, (const char *const[]){"-f", "--force", NULL});
        bool index = streq(sub, "update-index") && has(opts, n_opts, (const char *const[]){"--add", NULL});
        if (!add && !index)
                return false;
        const char *all[GIT_WORDS_MAX];
        size_t n = 0;
        for (size_t i = 0; i < n_ops && n < GIT_WORDS_MAX; i++)
                all[n++] = ops[i];
        for (size_t i = 0; i < n_specs && n < GIT_WORDS_MAX; i++)
                all[n++] = specs[i];
        /* names it cannot see: from a file, from stdin; or none: git add -f -A */
        bool unseen = has(opts, n_opts,
                          (const char *const[]){"--pathspec-from-file*", "--stdin", "--index-info", NULL}) ||
                      (add && n == 0);
        bool any = false;
        for (size_t i = 0; i < j->policy->n_secrets; i++)
                if (j->policy->secrets[i][0] &&
                    (unseen ||
                     pathspecs_may_match(&g->mode, all, n, j->policy->secrets[i], PATHSPEC_FROM_ABOVE)))
                        any = j->named[i] = true;
        return any;
}

/* A '!' alias run with words: as git runs it, sh -c 'COMMAND "$@"'
 * COMMAND WORDS... (git -c alias.x='!cat "$1$2"' x .e nv opens .env). */
static int judge_alias_run(Judge *j, const Git *g, const ShellWord *const *w, size_t n) {
        _cleanup_free_ char *body = NULL;
        _cleanup_free_ const char **t = calloc(n + 2, sizeof *t);
        if (!t || asprintf(&body, "%s \"$@\"", g->alias_run) < 0)
                return -ENOMEM;
        t[0] = body;
        t[1] = g->alias_run;
        size_t m = 2;
        int r = 0;
        for (size_t i = 0; i < n && r == 0; i++)
                if (!(t[m++] = programs_word_text(w[i])))
                        r = -ENOMEM;
        _cleanup_free_ char *line = r == 0 ? git_shell_line("sh -c", t, m) : NULL;
        for (size_t i = 2; i < m; i++)
                free((char *) t[i]);
        if (r < 0 || !line)
                return -ENOMEM;
        return programs_reread(j, "a git alias's command, with the words after it", line, strlen(line));
}

/* git diff A B with /dev/null for one: git compares the two as files,
 * whatever the options, when they are the last two words and the first
 * word that does not start with '-' (builtin/diff.c: /dev/null is outside
 * any work tree); the files are command-git-files.c's. */
static bool diff_dev_null(const ShellWord *const *w, size_t n) {
        char a[1024], b[1024];
        size_t i = 0;
        for (; i < n; i++) {
                const char *x = programs_plain(w[i], a, sizeof a);
                if (!x || streq(x, "--") || x[0] != '-')
                        break;
        }
        if (i + 2 != n)
                return false;
        const char *x = programs_plain(w[i], a, sizeof a), *y = programs_plain(w[i + 1], b, sizeof b);
        return x && y && !streq(x, "--") && (streq(x, "/dev/null") || streq(y, "/dev/null"));
}

/* git config --blob REV:PATH (or an object's id) prints the values of a
 * blob of the history read as config (a masked secrets/db.ini): judged as
 * git show of it. */
static int config_blob(Judge *j, const Git *g, const ShellWord *const *w, size_t n) {
        char buf[1024];
        if (!judge_held(j))
                return 0;
        for (size_t k = 0; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf), *v = NULL;
                if (!a || !(strncmp(a, "--bl", 4) == 0 && programs_long_is(a, "blob", &v)))
                        continue;
                _cleanup_free_ char *next = !v && k + 1 < n ? programs_word_text(w[k + 1]) : NULL;
                if (!v && k + 1 < n && !next)
                        return -ENOMEM;
                _cleanup_free_ char *blob = strdup(v ? v : next ? next : "");
                if (!blob)
                        return -ENOMEM;
                if (!j->policy->held || (j->policy->unreachable && !rev_path(blob))) {
                        judge_mark_held(j);
                        return judge_refuse(j, "git config --blob reads a blob of the history, and the "
                                               "history holds a masked entry");
                }
                const char *ops[] = {blob};
                int r = history_printed(j, g, "show", NULL, 0, ops, 1, NULL, 0);
                if (r != 0)
                        return r;
        }
        return 0;
}

int git_check(Judge *j, const ShellWord *const *written, size_t n, bool *ret_lists) {
        _cleanup_(git_done) Git g = {0};
        _cleanup_(git_literal_done) GitLiteral lit = {0};
        char buf[1024];
        size_t k = n;
        int r;
        *ret_lists = false;
        /* stash@{1}, @{u}..HEAD, HEAD^{tree}: one word each, judged as written */
        if ((r = git_words_literal(written, n, &lit)) < 0)
                return r;
        const ShellWord *const *w = lit.w;
        if ((r = git_global(j, &g, w, n, &k)) != 0 || (r = git_words_check(j, w, n, k)) != 0 || k >= n)
                return r;
        const char *sub = programs_plain(w[k], buf, sizeof buf);
        if (!sub && judge_held(j)) {
                judge_mark_held(j);
                return judge_refuse(j, "git's subcommand is known only when it runs, and the history "
                                       "holds a masked entry");
        }
        if (!sub)
                return 0;
        char subname[64];
        snprintf(subname, sizeof subname, "%.63s", sub);
        if (g.alias_run && strcasecmp(subname, g.alias) == 0 &&
            (r = judge_alias_run(j, &g, w + k + 1, n - k - 1)) != 0)
                return r;
        if (streq(subname, "config") && (r = config_blob(j, &g, w + k + 1, n - k - 1)) != 0)
                return r;
        if (streq(subname, "config"))
                return git_config_command(j, w + k + 1, n - k - 1);
        /* its options, operands and pathspecs (after --) */
        _cleanup_(git_words_done) GitWords gw = {0};
        if ((r = git_words_split(subname, w + k + 1, n - k - 1, &gw)) < 0)
                return r;
        const char **opts = gw.opts, **ops = gw.ops, **specs = gw.specs;
        size_t n_opts = gw.n_opts, n_ops = gw.n_ops, n_specs = gw.n_specs;
        if ((r = runs_unseen(j, subname, opts, n_opts)) != 0)
                return r;
        /* git grep and git ls-files over pathspecs that can match a
         * secret: a search of it, names to hand on */
        /* without --, git takes an operand that is no revision for a
         * pathspec (one with a wildcard, whether or not a file has its
         * name): git grep's after its pattern, all of ls-files' */
        const char *searched[GIT_WORDS_MAX];
        size_t n_searched = 0;
        bool pattern_given = has(opts, n_opts, (const char *const[]){"-e", "-f", NULL});
        for (size_t i = 0; i < n_specs; i++)
                searched[n_searched++] = specs[i];
        for (size_t i = streq(subname, "grep") && !pattern_given ? 1 : 0; i < n_ops; i++)
                if (streq(subname, "grep") || streq(subname, "ls-files"))
                        searched[n_searched++] = ops[i];
        /* only exclusions (-- ':!*.md'): everything else, as with none */
        bool only_exclusions = n_searched > 0;
        for (size_t i = 0; i < n_searched && only_exclusions; i++)
                only_exclusions =
                        searched[i][0] == ':' &&
                        (searched[i][1] == '!' || searched[i][1] == '^' ||
                         strncmp(searched[i], ":(exclude)", 10) == 0 ||
                         (searched[i][1] == '/' && (searched[i][2] == '!' || searched[i][2] == '^')));
        if (only_exclusions)
                n_searched = 0;
        bool any = false;
        for (size_t i = 0; i < j->policy->n_secrets; i++)
                if (j->policy->secrets[i][0] && n_searched > 0 &&
                    pathspecs_may_match(&g.mode, searched, n_searched, j->policy->secrets[i],
                                        PATHSPEC_SELECTS)) {
                        j->named[i] = true;
                        any = true;
                }
        if (any && streq(subname, "grep"))
                return judge_refuse(
                        j, "git grep searches the files a pathspec matches, a masked name among them");
        if (any && (streq(subname, "ls-files") || streq(subname, "ls-tree") || streq(subname, "diff") ||
                    streq(subname, "log")))
                *ret_lists = true;
        if (streq(subname, "ls-files") && ls_ignored_lists(j, w + k + 1, n - k - 1))
                *ret_lists = true;
        if (judge_held(j) && (r = git_elsewhere(j, g.work_tree, subname, opts, n_opts, ops, n_ops)) != 0)
                return r;
        if ((r = git_runs_program(j, subname, w + k + 1, n - k - 1)) != 0)
                return r;
        if (j->unseen_args && judge_held(j) &&
            prints_blobs(subname, maybe_opts, ELEMENTSOF(maybe_opts), maybe_ops, ELEMENTSOF(maybe_ops))) {
                judge_mark_held(j);
                return judge_refuse(j,
                                    "git %s gets words when it runs (xargs), and the history holds a "
                                    "masked entry",
                                    subname);
        }
        /* every object, unreachable ones too (a dropped stash, a dropped
         * git add), which the record does not read: whatever it holds */
        if (streq(subname, "cat-file") &&
            has(opts, n_opts, (const char *const[]){"--batch-all-objects", NULL}) &&
            j->policy->n_secrets > 0) {
                judge_name_all(j);
                return judge_refuse(j, "git cat-file --batch-all-objects prints unreachable objects too, "
                                       "which the history record does not read");
        }
        /* blobs and trees nothing reaches (the record's unreachable), which
         * have no name for a pathspec to exclude: a command that names one
         * by its id or takes ids from its input reads them, unless it
         * prints names and messages only, or takes a commit alone (a
         * dangling commit's names are in the record) */
        static const char *const names_only[] = {
                "log",      "whatchanged", "reflog",     "rev-list",   "rev-parse",   "shortlog",
                "describe", "name-rev",    "merge-base", "ls-tree",    "show-branch", "cherry",
                "branch",   "tag",         "diff-tree",  "diff-index", "cat-file",    "cherry-pick",
                "revert",   "merge",       "rebase",     "commit",     "switch",      NULL};
        if (j->policy->unreachable && git_names_object(subname, opts, n_opts, ops, n_ops) &&
            (prints_blobs(subname, opts, n_opts, ops, n_ops) || !streq_any(subname, names_only))) {
                judge_name_all(j);
                return judge_refuse(j,
                                    "git %s names an object by its id (or takes ids from its input), and "
                                    "git holds objects nothing reaches, which the history record cannot "
                                    "name",
                                    subname);
        }
        /* a masked file's bytes into the index, for a reader after it to
         * print (git add -f ':(icase).ENV' && git diff --cached), or a
         * commit to take away */
        if (adds_masked(j, &g, subname, opts, n_opts, ops, n_ops, specs, n_specs))
                return judge_refuse(j,
                                    "git %s reads into the index the files its paths match, a masked one "
                                    "among them (or names it cannot see)",
                                    subname);
        if (!j->policy->held || !prints_blobs(subname, opts, n_opts, ops, n_ops) ||
            (streq(subname, "diff") && diff_dev_null(w + k + 1, n - k - 1)))
                return 0;
        /* a clone of a remote repository reads none of this one's history
         * (its operands past the options' values: the repository, a
         * directory); not with config, hooks or objects from elsewhere */
        if (streq(subname, "clone") && n_ops > 0 && n_ops <= 2 && !git_clone_borrows(opts, n_opts) &&
            git_remote_url(ops[0]))
                return 0;
        /* blame [REV] FILE: its operands name the one file (a revision
         * matches none); archive TREE PATH...; checkout-index PATH... */
        if ((streq(subname, "blame") || streq(subname, "annotate")) && n_specs == 0)
                for (size_t i = 0; i < n_ops; i++)
                        specs[n_specs++] = ops[i];
        /* without --: an operand no revision can be (., src/, ./x,
         * .env.example) is a pathspec, and so is every one after it (git's
         * verify_filename) */
        bool paths = false, after_dashdash = n_specs > 0;
        for (size_t i = 0; i < n_ops && !after_dashdash && streq_any(subname, operand_paths); i++) {
                const char *o = ops[i];
                paths = paths || git_never_revision(o) ||
                        ((streq(o, ".") || (o[0] && o[strlen(o) - 1] == '/') || strncmp(o, "./", 2) == 0) &&
                         !strpbrk(o, ":~^@") && !strstr(o, ".."));
                if (paths)
                        specs[n_specs++] = o;
        }
        if (streq(subname, "archive") && n_ops > 1 && n_specs == 0)
                for (size_t i = 1; i < n_ops; i++)
                        specs[n_specs++] = ops[i];
        if (streq(subname, "checkout-index") &&
            !has(opts, n_opts, (const char *const[]){"-a", "--all", NULL}))
                for (size_t i = 0; i < n_ops; i++)
                        specs[n_specs++] = ops[i];
        if (has(opts, n_opts, (const char *const[]){"--full-diff", NULL}))
                n_specs = 0; /* the pathspec picks commits; each is shown whole */
        /* a pathspec that does not bound what is printed: followed back
         * through renames (--follow), a bundle's whole trees, and archive's
         * operands shifted by an option's value in a word of its own
         * (--format tar :/msg: the tree-ish read as a pathspec) */
        if (has(opts, n_opts, (const char *const[]){"--follow", NULL}) || streq(subname, "bundle") ||
            (streq(subname, "archive") &&
             has(opts, n_opts,
                 (const char *const[]){"--format", "--prefix", "-o", "--output", "--remote", "--exec",
                                       "--add-file", "--add-virtual-file", "--mtime", NULL})))
                n_specs = 0;
        _cleanup_free_ char *under = NULL;
        if (g.dir[0] && !(under = specs_under(g.dir, specs, n_specs)))
                return -ENOMEM;
        return history_printed(j, &g, subname, opts, n_opts, ops, n_ops, specs, n_specs);
}
