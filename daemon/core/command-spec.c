/* SPDX-License-Identifier: MIT */
/*
 * The name-or-size language's words (command-internal.h): the commands,
 * git subcommands and pipe filters that only ask about a path's name or
 * size, each with the options it takes, and a command's options checked
 * against its Spec. It must not walk a line: command.c's recogniser does.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

typedef Recogniser P;

/* The commands that only ask about a path's name or size. */
static const Spec commands[] = {
        {.name = "ls", .any_option = true, .operands = true},
        {.name = "stat", .any_option = true, .operands = true},
        {.name = "wc", .flags = "c", .long_flags = (const char *const[]){"bytes", NULL}, .operands = true},
        {.name = "echo", .any_option = true, .operands = true},      /* prints, reads nothing */
        {.name = "printf", .operands = true, .options_first = true}, /* not -v: it sets a variable */
        /* sizes only: not --files0-from or -X, which read a file's bytes */
        {.name = "du",
         .flags = "ahsckmxLPbHlDS0",
         .with_arg = "dBt",
         .long_flags =
                 (const char *const[]){"all", "human-readable", "summarize", "total", "apparent-size",
                                       "bytes", "si", "one-file-system", "dereference", "no-dereference",
                                       "count-links", "separate-dirs", "null", "inodes", "time", NULL},
         .long_with_arg = (const char *const[]){"max-depth", "block-size", "threshold", "exclude", NULL},
         .operands = true},
        /* fd lists names (its pattern is matched against them): not -x,
         * -X, -l (they run a program), --ignore-file (it reads one) */
        {.name = "fd",
         .flags = "HIsiFgLapu1q",
         .with_arg = "etEdSj",
         .long_flags = (const char *const[]){"hidden", "no-ignore", "no-ignore-vcs", "case-sensitive",
                                             "ignore-case", "glob", "regex", "fixed-strings", "follow",
                                             "absolute-path", "full-path", "unrestricted", "quiet", NULL},
         .long_with_arg = (const char *const[]){"extension", "type", "exclude", "max-depth", "min-depth",
                                                "exact-depth", "size", "threads", NULL},
         .operands = true},
        {.name = "fdfind",
         .flags = "HIsiFgLapu1q",
         .with_arg = "etEdSj",
         .long_flags = (const char *const[]){"hidden", "no-ignore", "no-ignore-vcs", "case-sensitive",
                                             "ignore-case", "glob", "regex", "fixed-strings", "follow",
                                             "absolute-path", "full-path", "unrestricted", "quiet", NULL},
         .long_with_arg = (const char *const[]){"extension", "type", "exclude", "max-depth", "min-depth",
                                                "exact-depth", "size", "threads", NULL},
         .operands = true},
};

/* git status and git check-ignore: no global option before them. */
static const Spec git_commands[] = {
        {.name = "status",
         .flags = "sbz",
         .attached = "u", /* -u -v: -v is --verbose, the diff */
         .long_flags = (const char *const[]){"short", "branch", "long", "porcelain", "untracked-files",
                                             "ignored", "no-column", "ahead-behind", "no-ahead-behind",
                                             "renames", "no-renames", "find-renames", "show-stash",
                                             "ignore-submodules", "column", "null", NULL},
         .long_with_arg = (const char *const[]){NULL},
         .operands = true},
        /* a message is data; no pathspec (it would take the file into
         * history), no -F (it reads one), no -v (the diff) */
        {.name = "commit",
         .flags = "aqsn",
         .with_arg = "m",
         .long_flags = (const char *const[]){"all", "quiet", "signoff", "no-verify", "allow-empty",
                                             "allow-empty-message", "amend", "no-edit", NULL},
         .long_with_arg = (const char *const[]){"message", NULL}},
        {.name = "check-ignore",
         .flags = "qvn",
         .long_flags = (const char *const[]){"quiet", "verbose", "non-matching", "no-index", NULL},
         .operands = true},
        /* names and metadata only: the history's blobs are command-git.c's
         * to judge when the record holds one */
        {.name = "ls-files",
         .flags = "cdmoikstvz",
         .long_flags = (const char *const[]){"cached", "deleted", "modified", "others", "ignored", "stage",
                                             "killed", "full-name", "error-unmatch", "exclude-standard",
                                             "directory", "no-empty-directory", "debug", "eol", NULL},
         .operands = true},
        {.name = "check-attr",
         .flags = "a",
         .long_flags = (const char *const[]){"all", "cached", NULL},
         .operands = true},
        {.name = "log",
         .with_arg = "n",
         .long_flags = (const char *const[]){"oneline", "stat", "name-only", "name-status", "follow",
                                             "graph", "decorate", "all", "no-merges", "reverse", "shortstat",
                                             "numstat", "summary", "abbrev-commit", "no-decorate", NULL},
         .long_with_arg = (const char *const[]){"max-count", "since", "until", "author", NULL},
         .numbers = true,
         .operands = true},
        {.name = "diff", /* worktree against index: only with a summary */
         .long_flags = (const char *const[]){"stat", "name-only", "name-status", "numstat", "shortstat",
                                             "cached", "staged", "summary", NULL},
         .operands = true,
         .requires =
                 (const char *const[]){"stat", "name-only", "name-status", "numstat", "shortstat", NULL}},
        {.name = "rm", /* the index's entry, not the file */
         .flags = "rqf",
         .long_flags = (const char *const[]){"cached", "quiet", "force", "ignore-unmatch", NULL},
         .operands = true,
         .requires = (const char *const[]){"cached", NULL}},
        /* the agent's own work staged: no path naming a secret (git add
         * reads its bytes), no -p or -i (a diff) */
        {.name = "add",
         .flags = "AuvnfN",
         .long_flags = (const char *const[]){"all", "update", "verbose", "dry-run", "force", "intent-to-add",
                                             "no-all", "ignore-removal", NULL},
         .operands = true,
         .operands_clean = true},
        /* to a remote (a local path is a copy of the history, judged as
         * one): its name and refspecs, none naming a secret */
        {.name = "push",
         .flags = "uqvfn",
         .long_flags = (const char *const[]){"set-upstream", "quiet", "verbose", "force", "dry-run", "tags",
                                             "follow-tags", "no-verify", "force-with-lease", "atomic", NULL},
         .operands = true,
         .operands_clean = true},
        {.name = "update-index",
         .flags = "q",
         .long_flags = (const char *const[]){"assume-unchanged", "no-assume-unchanged", "skip-worktree",
                                             "no-skip-worktree", NULL},
         .operands = true,
         .requires = (const char *const[]){"assume-unchanged", "no-assume-unchanged", "skip-worktree",
                                           "no-skip-worktree", NULL}},
};

/* Is one of sp's required options among the words? */
bool spec_required(const Spec *sp, const ShellWord *const *words, size_t n) {
        char buf[256];
        for (size_t k = 0; sp->requires && k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                for (const char *const *r = sp->requires; a && a[0] == '-' && a[1] == '-' && *r; r++)
                        if (streq(a + 2, *r))
                                return true;
        }
        return !sp->requires;
}

#define HEAD_OR_TAIL(cmd)                                                                                   \
        {                                                                                                   \
                .name = (cmd), .flags = "qvz", .with_arg = "nc",                                            \
                .long_flags = (const char *const[]){"quiet", "silent", "verbose", "zero-terminated", NULL}, \
                .long_with_arg = (const char *const[]){"lines", "bytes", NULL}, .numbers = true             \
        }

/* What a pipe may feed: stdin only, nothing written. */
static const Spec filters[] = {
        HEAD_OR_TAIL("head"), /* tail: not -f, -F, -s, --follow, --pid, --retry */
        HEAD_OR_TAIL("tail"),
        {.name = "sort",
         .flags = "bdfghiMnrRsuVz",
         .with_arg = "kt",
         .long_flags =
                 (const char *const[]){"ignore-leading-blanks", "dictionary-order", "ignore-case",
                                       "general-numeric-sort", "human-numeric-sort", "ignore-nonprinting",
                                       "month-sort", "numeric-sort", "random-sort", "reverse", "stable",
                                       "unique", "version-sort", "zero-terminated", NULL},
         .long_with_arg = (const char *const[]){"key", "field-separator", NULL}},
        {.name = "uniq",
         .flags = "cdDiuz",
         .with_arg = "fsw",
         .long_flags = (const char *const[]){"count", "repeated", "ignore-case", "unique", "zero-terminated",
                                             NULL},
         .long_with_arg = (const char *const[]){"skip-fields", "skip-chars", "check-chars", NULL}},
        {.name = "tr", /* its operands are sets, never files */
         .flags = "cCdst",
         .operands = true,
         .long_flags =
                 (const char *const[]){"complement", "delete", "squeeze-repeats", "truncate-set1", NULL}},
        {.name = "wc",
         .flags = "clmwL",
         .long_flags = (const char *const[]){"bytes", "chars", "lines", "words", "max-line-length", NULL}},
};

static const Spec *spec_find(const Spec *v, size_t n, const char *name) {
        for (size_t i = 0; i < n; i++)
                if (streq(v[i].name, name))
                        return &v[i];
        return NULL;
}

const Spec *spec_command(const char *name) {
        return spec_find(commands, ELEMENTSOF(commands), name);
}

const Spec *spec_git(const char *name) {
        return spec_find(git_commands, ELEMENTSOF(git_commands), name);
}

const Spec *spec_filter(const char *name) {
        return spec_find(filters, ELEMENTSOF(filters), name);
}

static bool in_list(const char *const *l, const char *s, size_t len) {
        for (; l && *l; l++)
                if (strlen(*l) == len && strncmp(*l, s, len) == 0)
                        return true;
        return false;
}

/* An option's value in a word of its own: plain text of any length (a
 * commit message), one word. */
static bool plain_argument(const ShellWord *w) {
        for (size_t i = 0; i < w->n; i++)
                if (w->v[i].kind != SHELL_LIT || w->v[i].c == 0)
                        return false;
        return true;
}

/* Options and operands of words[first..n) as spec allows them. */
bool recog_check_options(P *p, const Spec *sp, const char *cmd, const ShellWord *const *words, size_t n,
                         size_t first) {
        bool options = true;
        for (size_t k = first; k < n; k++) {
                char buf[256];
                const char *a = recog_literal(words[k], buf);
                if (options && a && streq(a, "--")) {
                        options = false;
                        continue;
                }
                if (!sp->any_option && options && (!a || recog_has_brace(words[k])) &&
                    recog_may_be_option(words[k]))
                        /* wc .e* with a file --files0-from=.env here, wc
                         * {-c,--files0-from=.env}: an option that reads */
                        return recog_refuse(
                                p, "%s with a word that could expand to an option (put -- before it)", cmd);
                if (!options || !a || a[0] != '-' || a[1] == 0) {
                        if (!sp->operands)
                                return recog_refuse(p, "%s with a path of its own: it would read it", cmd);
                        if (sp->operands_clean && recog_word_names(p, words[k]) != 0)
                                return recog_refuse(
                                        p, "%s with a word that names a secret: it would read it", cmd);
                        options = options && !sp->options_first;
                        continue;
                }
                if (sp->any_option)
                        continue;
                if (recog_has_brace(words[k]))
                        return recog_refuse(p, "%s with a brace in an option", cmd);
                if (a[1] == '-') {
                        const char *name = a + 2, *eq = strchr(name, '=');
                        size_t len = eq ? (size_t) (eq - name) : strlen(name);
                        if (!eq && in_list(sp->long_flags, name, len))
                                continue;
                        if (in_list(sp->long_with_arg, name, len)) {
                                if (!eq && ++k >= n)
                                        return recog_refuse(p, "%s %s without its argument", cmd, a);
                                if (!eq && !plain_argument(words[k]))
                                        return recog_refuse(
                                                p, "%s %s with an argument that is not plain text", cmd, a);
                                continue;
                        }
                        /* porcelain=v2, untracked-files=all and the like */
                        if (eq && in_list(sp->long_flags, name, len))
                                continue;
                        return recog_refuse(p,
                                            "%s %.*s is not an option that only asks about a name or size",
                                            cmd, (int) (len + 2), a);
                }
                bool digits = sp->numbers;
                for (const char *q = a + 1; *q && digits; q++)
                        digits = *q >= '0' && *q <= '9';
                if (digits)
                        continue;
                for (const char *q = a + 1; *q; q++) {
                        if (sp->flags && strchr(sp->flags, *q))
                                continue;
                        if (sp->attached && strchr(sp->attached, *q))
                                break; /* the rest of the word is its value; the next word is not */
                        if (sp->with_arg && strchr(sp->with_arg, *q)) {
                                if (q[1] == 0 && ++k >= n)
                                        return recog_refuse(p, "%s -%c without its argument", cmd, *q);
                                if (q[1] == 0 && !plain_argument(words[k]))
                                        return recog_refuse(p,
                                                            "%s -%c with an argument that is not plain text",
                                                            cmd, *q);
                                break;
                        }
                        return recog_refuse(p, "%s -%c is not an option that only asks about a name or size",
                                            cmd, *q);
                }
        }
        return true;
}
