/* SPDX-License-Identifier: MIT */
/*
 * git's words as git itself reads them, before command-git.c judges them
 * (command-internal.h): which subcommands are git's own (any other is an
 * alias, or a typo git may correct), a long option by a unique prefix (as
 * parse-options takes it), the ext:: transport and the config that lets
 * it run, and submodule foreach's string. It must not lex, nor read the
 * history: judge_held says whether the record holds a masked entry.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

/* git's own subcommands (git help -a, 2.39), and git-lfs. */
static const char *const git_own[] = {"add",
                                      "am",
                                      "annotate",
                                      "apply",
                                      "archimport",
                                      "archive",
                                      "bisect",
                                      "blame",
                                      "branch",
                                      "bugreport",
                                      "bundle",
                                      "cat-file",
                                      "check-attr",
                                      "check-ignore",
                                      "check-mailmap",
                                      "check-ref-format",
                                      "checkout",
                                      "checkout-index",
                                      "cherry",
                                      "cherry-pick",
                                      "citool",
                                      "clean",
                                      "clone",
                                      "column",
                                      "commit",
                                      "commit-graph",
                                      "commit-tree",
                                      "config",
                                      "count-objects",
                                      "credential",
                                      "credential-cache",
                                      "credential-store",
                                      "cvsexportcommit",
                                      "cvsimport",
                                      "cvsserver",
                                      "daemon",
                                      "describe",
                                      "diagnose",
                                      "diff",
                                      "diff-files",
                                      "diff-index",
                                      "diff-tree",
                                      "difftool",
                                      "fast-export",
                                      "fast-import",
                                      "fetch",
                                      "fetch-pack",
                                      "filter-branch",
                                      "fmt-merge-msg",
                                      "for-each-ref",
                                      "for-each-repo",
                                      "format-patch",
                                      "fsck",
                                      "gc",
                                      "get-tar-commit-id",
                                      "gitk",
                                      "gitweb",
                                      "grep",
                                      "gui",
                                      "hash-object",
                                      "help",
                                      "hook",
                                      "http-backend",
                                      "imap-send",
                                      "index-pack",
                                      "init",
                                      "instaweb",
                                      "interpret-trailers",
                                      "lfs",
                                      "log",
                                      "ls-files",
                                      "ls-remote",
                                      "ls-tree",
                                      "mailinfo",
                                      "mailsplit",
                                      "maintenance",
                                      "merge",
                                      "merge-base",
                                      "merge-file",
                                      "merge-index",
                                      "merge-one-file",
                                      "merge-tree",
                                      "mergetool",
                                      "mktag",
                                      "mktree",
                                      "multi-pack-index",
                                      "mv",
                                      "name-rev",
                                      "notes",
                                      "p4",
                                      "pack-objects",
                                      "pack-redundant",
                                      "pack-refs",
                                      "patch-id",
                                      "prune",
                                      "prune-packed",
                                      "pull",
                                      "push",
                                      "quiltimport",
                                      "range-diff",
                                      "read-tree",
                                      "rebase",
                                      "reflog",
                                      "remote",
                                      "repack",
                                      "replace",
                                      "request-pull",
                                      "rerere",
                                      "reset",
                                      "restore",
                                      "rev-list",
                                      "rev-parse",
                                      "revert",
                                      "rm",
                                      "scalar",
                                      "send-email",
                                      "send-pack",
                                      "shortlog",
                                      "show",
                                      "show-branch",
                                      "show-index",
                                      "show-ref",
                                      "sparse-checkout",
                                      "stash",
                                      "status",
                                      "stripspace",
                                      "submodule",
                                      "svn",
                                      "switch",
                                      "symbolic-ref",
                                      "tag",
                                      "unpack-file",
                                      "unpack-objects",
                                      "update-index",
                                      "update-ref",
                                      "update-server-info",
                                      "upload-archive",
                                      "upload-pack",
                                      "var",
                                      "verify-commit",
                                      "verify-pack",
                                      "verify-tag",
                                      "version",
                                      "whatchanged",
                                      "worktree",
                                      "write-tree",
                                      "init-db",
                                      "receive-pack",
                                      "subtree",
                                      "sh-i18n",
                                      "sh-setup",
                                      NULL};

static bool listed(const char *s, const char *const *l) {
        for (; *l; l++)
                if (streq(s, *l))
                        return true;
        return false;
}

/* The long options the rule looks for (command-git.c's tables), whole;
 * an abbreviation of one is that one. */
static const char *const known_long[] = {"patch",
                                         "cc",
                                         "dd",
                                         "ext-diff",
                                         "textconv",
                                         "pickaxe-all",
                                         "pickaxe-regex",
                                         "find-object",
                                         "word-diff",
                                         "word-diff-regex",
                                         "color-words",
                                         "patch-with-raw",
                                         "patch-with-stat",
                                         "binary",
                                         "function-context",
                                         "remerge-diff",
                                         "unified",
                                         "full-index",
                                         "diff-merges",
                                         "check",
                                         "no-quiet",
                                         "no-stat",
                                         "no-name-only",
                                         "no-name-status",
                                         "no-raw",
                                         "no-summary",
                                         "no-numstat",
                                         "no-shortstat",
                                         "no-dirstat",
                                         "exit-code",
                                         "all",
                                         "branches",
                                         "tags",
                                         "remotes",
                                         "glob",
                                         "reflog",
                                         "stdin",
                                         "indexed-objects",
                                         "alternate-refs",
                                         "bisect",
                                         "walk-reflogs",
                                         "interactive",
                                         "verbose",
                                         "format",
                                         "prefix",
                                         "output",
                                         "remote",
                                         "exec",
                                         "add-file",
                                         "add-virtual-file",
                                         "mtime",
                                         "open-files-in-pager",
                                         "upload-pack",
                                         "receive-pack",
                                         "batch",
                                         "batch-check",
                                         "batch-command",
                                         "batch-all-objects",
                                         "filters",
                                         "follow",
                                         "full-diff",
                                         "cached",
                                         "lost-found",
                                         "source",
                                         "worktree",
                                         "staged",
                                         "pathspec-from-file",
                                         "work-tree",
                                         "recurse-submodules",
                                         "template",
                                         "separate-git-dir",
                                         "reference",
                                         "config",
                                         "file",
                                         "global",
                                         "system",
                                         "add",
                                         "replace-all",
                                         "blob",
                                         NULL};

char *git_shell_line(const char *prefix, const char *const *texts, size_t n) {
        size_t size = strlen(prefix) + 1;
        for (size_t k = 0; k < n; k++) {
                size += 3;
                for (const char *c = texts[k]; *c; c++)
                        size += *c == '\'' ? 4 : 1;
        }
        char *s = malloc(size), *q = s;
        if (!s)
                return NULL;
        q = stpcpy(q, prefix);
        for (size_t k = 0; k < n; k++) {
                q = stpcpy(q, k || *prefix ? " '" : "'");
                for (const char *c = texts[k]; *c; c++)
                        q = *c == '\'' ? stpcpy(q, "'\\''") : (*q = *c, q + 1);
                *q++ = '\'';
        }
        *q = 0;
        return s;
}

/* The words' texts as git_shell_line() quotes them. */
static char *words_quoted(const ShellWord *const *w, size_t n) {
        char **t = calloc(n + 1, sizeof *t), *s = NULL;
        size_t k = 0;
        while (t && k < n && (t[k] = programs_word_text(w[k])))
                k++;
        if (t && k == n)
                s = git_shell_line("", (const char *const *) t, n);
        for (size_t i = 0; t && i < k; i++)
                free(t[i]);
        free(t);
        return s;
}

/* scalar clone ARGS, git lfs clone ARGS: git clone with config of their
 * own (a checkout of the history, held or not), judged as git clone ARGS. */
static int as_git_clone(Judge *j, const char *who, const ShellWord *const *w, size_t n) {
        _cleanup_free_ char *s = words_quoted(w, n), *line = NULL;
        if (!s || asprintf(&line, "git clone %s", s) < 0)
                return -ENOMEM;
        char what[64];
        snprintf(what, sizeof what, "%s, which runs git clone", who);
        return programs_reread(j, what, line, strlen(line));
}

int git_words_scalar(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        char buf[256];
        for (size_t k = 1; k < n && streq(name, "scalar"); k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a)
                        return 0;
                if (streq(a, "-C") || streq(a, "-c")) {
                        k++;
                        continue;
                }
                if (a[0] == '-')
                        continue;
                return streq(a, "clone") ? as_git_clone(j, "scalar clone", w + k + 1, n - k - 1) : 0;
        }
        return 0;
}

/* Whole options of git's that are a prefix of one above: never abbreviations. */
static const char *const whole[] = {"color",     "text",     "branch", "tag", "stat",
                                    "name-only", "no-patch", "pretty", "rem", NULL};

size_t git_long_expand(const char *opt, const char **ret, size_t max) {
        if (strncmp(opt, "--", 2) != 0 || !opt[2])
                return 0;
        const char *name = opt + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t) (eq - name) : strlen(name), m = 0;
        char head[128];
        snprintf(head, sizeof head, "%.*s", (int) (len < sizeof head ? len : sizeof head - 1), name);
        if (listed(head, known_long) || listed(head, whole))
                return 0;
        for (const char *const *l = known_long; *l && m < max; l++)
                if (strlen(*l) > len && strncmp(*l, name, len) == 0)
                        ret[m++] = *l;
        return m;
}

bool git_own_subcommand(const char *sub) {
        return listed(sub, git_own);
}

int git_words_check(Judge *j, const ShellWord *const *w, size_t n, size_t sub) {
        char buf[256], prog[256];
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                /* ext::CMD: git runs CMD, '%' escapes and all */
                if (strcasestr(t, "ext::"))
                        return judge_refuse(j, "git with an ext:: transport: a command line git runs");
        }
        const char *name = sub < n ? programs_plain(w[sub], buf, sizeof buf) : NULL;
        if (!name)
                return 0;
        if (streq(name, "remote-ext") || streq(name, "remote-fd"))
                return judge_refuse(j, "git %s runs a command line, or talks to a descriptor", name);
        /* w[0] computed at run time ($CC -o x) may be git or not: its words
         * are judged as git's where that refuses more, not here */
        if (!git_own_subcommand(name) && judge_held(j) && programs_plain(w[0], prog, sizeof prog)) {
                judge_mark_held(j);
                return judge_refuse(
                        j,
                        "git %.64s is not one of git's own subcommands (an alias, or a typo git may "
                        "correct), and the history holds a masked entry",
                        name);
        }
        for (size_t k = sub + 1; k < n && streq(name, "lfs"); k++) { /* git lfs clone: git clone */
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && a[0] == '-')
                        continue;
                return a && streq(a, "clone") ? as_git_clone(j, "git lfs clone", w + k + 1, n - k - 1) : 0;
        }
        if (streq(name, "bisect")) /* git bisect run CMD ARGS: a command git runs, judged as one */
                for (size_t k = sub + 1; k < n; k++) {
                        const char *a = programs_plain(w[k], buf, sizeof buf);
                        if (!a || !streq(a, "run"))
                                continue;
                        _cleanup_free_ char *s = words_quoted(w + k + 1, n - k - 1);
                        if (!s)
                                return -ENOMEM;
                        return programs_reread(j, "git bisect run", s, strlen(s));
                }
        if (!streq(name, "submodule"))
                return 0;
        for (size_t k = sub + 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || !streq(a, "foreach"))
                        continue;
                /* its string judged as a line, the record's held entries with it:
                 * git log -p there is refused as here ($toplevel is any path) */
                size_t from = k + 1;
                while (from < n && (a = programs_plain(w[from], buf, sizeof buf)) && a[0] == '-')
                        from++;
                _cleanup_free_ char *s = programs_joined(w, n, from);
                if (!s)
                        return -ENOMEM;
                return programs_reread(j, "git submodule foreach", s, strlen(s));
        }
        return 0;
}

/* Is s all of, or the start of, one of list's long options (dashes
 * included)? */
static bool prefix_of(const char *s, const char *const *list) {
        for (const char *const *l = list; *l; l++)
                if (strncmp(*l + 2, s, strlen(s)) == 0)
                        return true;
        return false;
}

bool git_clone_borrows(const char *const *opts, size_t n) {
        static const char *const borrow[] = {
                "--config",      "--template",   "--reference", "--reference-if-able",
                "--upload-pack", "--bundle-uri", NULL};
        for (size_t i = 0; i < n; i++) {
                const char *o = opts[i];
                if (o[0] != '-' || !o[1])
                        continue;
                if (o[1] != '-' && strpbrk(o + 1, "cu"))
                        return true;
                if (o[1] == '-' && o[2]) {
                        char name[128];
                        snprintf(name, sizeof name, "%.*s", (int) strcspn(o + 2, "="), o + 2);
                        if (prefix_of(name, borrow))
                                return true;
                }
        }
        return false;
}

bool git_submodule_add_plain(const char *const *opts, size_t n_opts, const char *const *ops, size_t n_ops) {
        /* add's options that take the next word, and --reference (objects borrowed from a repository) */
        static const char *const values[] = {"--branch", "--name", "--depth", "--reference", NULL};
        if (n_ops < 2 || n_ops > 3 || !streq(ops[0], "add"))
                return false;
        for (size_t i = 0; i < n_opts; i++) {
                const char *o = opts[i];
                if (o[0] == '-' && o[1] != '-' && strchr(o + 1, 'b'))
                        return false;
                if (o[0] == '-' && o[1] == '-' && o[2]) {
                        char name[128];
                        snprintf(name, sizeof name, "%.*s", (int) strcspn(o + 2, "="), o + 2);
                        if (prefix_of(name, values) && (!strchr(o, '=') || streq(name, "reference") ||
                                                        strncmp("reference", name, strlen(name)) == 0))
                                return false;
                }
        }
        return true;
}

bool git_value_next(const char *subname, const char *opt) {
        static const char *const grep_values[] = {"-e",
                                                  "--regexp",
                                                  "-A",
                                                  "-B",
                                                  "-C",
                                                  "-m",
                                                  "--max-count",
                                                  "--context",
                                                  "--after-context",
                                                  "--before-context",
                                                  "--max-depth",
                                                  "--threads",
                                                  NULL};
        /* git clone -h (2.39, and --bundle-uri, --ref-format, --revision of later ones) */
        static const char *const clone_values[] = {"--branch",
                                                   "--origin",
                                                   "--config",
                                                   "--upload-pack",
                                                   "--jobs",
                                                   "--depth",
                                                   "--reference",
                                                   "--reference-if-able",
                                                   "--separate-git-dir",
                                                   "--template",
                                                   "--filter",
                                                   "--shallow-since",
                                                   "--shallow-exclude",
                                                   "--server-option",
                                                   "--bundle-uri",
                                                   "--ref-format",
                                                   "--revision",
                                                   NULL};
        if (streq(subname, "grep"))
                return streq_any(opt, grep_values);
        if (!streq(subname, "clone") || opt[0] != '-')
                return false;
        if (opt[1] == '-') /* --dep 1: an abbreviation (git refuses it when ambiguous) */
                return !strchr(opt, '=') && opt[2] && prefix_of(opt + 2, clone_values);
        /* -qb main: its flags, then a letter taking the next word */
        size_t flags = strspn(opt + 1, "qvnls46");
        return opt[1 + flags] && strchr("bocuj", opt[1 + flags]) && !opt[2 + flags];
}

void git_literal_done(GitLiteral *l) {
        for (size_t i = 0; l->made && i < l->n; i++)
                shell_word_done(&l->made[i]);
        free(l->made);
        free(l->w);
}

int git_words_literal(const ShellWord *const *w, size_t n, GitLiteral *ret) {
        GitLiteral l = {.n = n};
        bool any = false;
        if (!(l.w = calloc(n + 1, sizeof *l.w)) || !(l.made = calloc(n + 1, sizeof *l.made))) {
                git_literal_done(&l);
                return -ENOMEM;
        }
        for (size_t k = 0; k < n; k++) {
                bool brace = false;
                l.w[k] = w[k];
                for (size_t i = 0; i < w[k]->n && k > 0; i++)
                        brace = brace || w[k]->v[i].kind == SHELL_BOPEN || w[k]->v[i].kind == SHELL_BCLOSE ||
                                w[k]->v[i].kind == SHELL_BCOMMA;
                ShellWord *made = NULL;
                size_t m = 0;
                int r = brace ? shell_word_braces(w[k], 1, &made, &m) : 1;
                if (r == 0) { /* no brace of it expands: its bytes, as bash hands them on */
                        ShellWord *c = &l.made[k];
                        *c = *w[k];
                        c->joined = NULL;
                        c->v = malloc((w[k]->n + 1) * sizeof *c->v);
                        c->allocated = c->v ? w[k]->n + 1 : 0;
                        if (!c->v || (w[k]->joined && !(c->joined = strdup(w[k]->joined)))) {
                                git_literal_done(&l);
                                return -ENOMEM;
                        }
                        memcpy(c->v, w[k]->v, w[k]->n * sizeof *c->v);
                        for (size_t i = 0; i < c->n; i++)
                                if (c->v[i].kind == SHELL_BOPEN || c->v[i].kind == SHELL_BCLOSE ||
                                    c->v[i].kind == SHELL_BCOMMA)
                                        c->v[i] = (ShellItem){.kind = SHELL_LIT, .c = c->v[i].c};
                        l.w[k] = c;
                        any = true;
                }
                for (size_t i = 0; made && i < m; i++)
                        shell_word_done(&made[i]);
                free(made);
                if (r == -ENOMEM) {
                        git_literal_done(&l);
                        return r;
                }
        }
        *ret = l;
        return any;
}

bool git_key_reaches(const char *key) {
        static const char *const prefixes[] = {"alias.", "protocol.", "url.", NULL};
        for (const char *const *p = prefixes; *p; p++)
                if (strncasecmp(key, *p, strlen(*p)) == 0)
                        return true;
        return strncasecmp(key, "remote.", 7) == 0 &&
               (strcasestr(key, ".url") || strcasestr(key, ".pushurl") || strcasestr(key, ".vcs"));
}

bool git_never_revision(const char *s) {
        if (!s[0] || s[0] == '-' || strstr(s, ".."))
                return false;
        for (const char *c = s; *c; c++)
                if ((unsigned char) *c <= ' ' || *c == 0x7f || strchr(":^~@{}\\*?[", *c))
                        return false;
        /* NAME-gHEX: git describe's output, the id after -g */
        for (const char *g = strstr(s, "-g"); g; g = strstr(g + 1, "-g"))
                if (g[2] && strspn(g + 2, "0123456789abcdefABCDEF") == strlen(g + 2))
                        return false;
        size_t n = strlen(s);
        if (s[n - 1] == '.' || strstr(s, "//"))
                return true;
        for (const char *c = s; c; c = strchr(c, '/') ? strchr(c, '/') + 1 : NULL) {
                size_t len = strcspn(c, "/");
                if (c[0] == '.' || (len >= 5 && strncmp(c + len - 5, ".lock", 5) == 0))
                        return true;
        }
        return false;
}

/* A revision that names an object by its id: an abbreviated or full id
 * (four hex digits or more) starting the revision or a side of a range,
 * with what may follow one (ID^{}, ID~2, ID:path, ^ID, A..ID). */
static bool rev_names_id(const char *w) {
        for (const char *p = w; p;) {
                while (*p == '^')
                        p++;
                size_t k = strspn(p, "0123456789abcdefABCDEF");
                if (k >= 4 && (!p[k] || strchr("^~:@!.", p[k])))
                        return true;
                p = strstr(p, "..");
                if (p)
                        p += p[2] == '.' ? 3 : 2;
        }
        return false;
}

bool git_names_object(const char *subname, const char *const *opts, size_t n_opts, const char *const *ops,
                      size_t n_ops) {
        /* ids on its input: revisions, objects to print, a lost-found */
        static const char *const from_input[] = {
                "--stdin",          "--batch",      "--batch=", "--batch-command",
                "--batch-command=", "--lost-found", NULL};
        for (size_t i = 0; i < n_opts; i++) {
                const char *o = opts[i], *eq = strchr(o, '=');
                for (const char *const *l = from_input; *l; l++)
                        if (streq(o, *l) || (strchr(*l, '=') && strncmp(o, *l, strlen(*l)) == 0))
                                return true;
                /* --source=ID, -sID (restore's): a value that is an id */
                if ((eq && rev_names_id(eq + 1)) || (o[1] == 's' && rev_names_id(o + 2)))
                        return true;
        }
        for (size_t i = 0; i < n_ops; i++)
                if (rev_names_id(ops[i]))
                        return true;
        return streq(subname, "pack-objects");
}
