/* SPDX-License-Identifier: MIT */
/*
 * Which words of a command name no file it reads (command-internal.h):
 * the pattern grep takes as its first operand (grep PATTERN FILE), the
 * values of options that are patterns or exclusions (grep -e,
 * --exclude-dir; rg -g, -t; fd -E, -e; go test -run), and the destination
 * of a copy (cp A B, mv A B: B); the words a brace of an operand makes,
 * and whether fd lists .git's files. What a word names is
 * command-objects.c's to judge: this only says which words are no source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* A search's options as its parser reads them: the short ones that take
 * a value (glued, or the next word), those of them whose value is a
 * pattern, a glob, a type or an exclusion (no file it reads), those that
 * give the pattern (then no operand is one), those that run the words
 * after them (fd -x: the rest is a command); the long ones likewise, and
 * those that take none. A long option not listed ends the reading: its
 * value may be a file the program reads (rg --ignore-file F). */
typedef struct Search {
        const char *const names[3];
        const char *values, *patterns, *given, *runs;
        const char *const *long_values, *const *long_patterns, *const *long_given, *const *long_flags;
        bool operand; /* its first operand is the pattern, unless given */
} Search;

static const char *const grep_values[] = {
        "regexp",        "file",           "include",         "exclude",   "exclude-dir", "exclude-from",
        "after-context", "before-context", "context",         "max-count", "devices",     "directories",
        "binary-files",  "label",          "group-separator", NULL};
static const char *const grep_patterns[] = {"regexp", "include", "exclude", "exclude-dir", NULL};
static const char *const grep_given[] = {"regexp", "file", NULL};
static const char *const grep_flags[] = {"recursive",
                                         "dereference-recursive",
                                         "ignore-case",
                                         "no-ignore-case",
                                         "line-number",
                                         "count",
                                         "files-with-matches",
                                         "files-without-match",
                                         "only-matching",
                                         "invert-match",
                                         "word-regexp",
                                         "line-regexp",
                                         "fixed-strings",
                                         "extended-regexp",
                                         "perl-regexp",
                                         "basic-regexp",
                                         "no-filename",
                                         "with-filename",
                                         "quiet",
                                         "silent",
                                         "text",
                                         "null",
                                         "null-data",
                                         "no-messages",
                                         "byte-offset",
                                         "initial-tab",
                                         "line-buffered",
                                         "color",
                                         "colour",
                                         "help",
                                         "version",
                                         NULL};

static const char *const rg_values[] = {"regexp",
                                        "file",
                                        "glob",
                                        "iglob",
                                        "type",
                                        "type-not",
                                        "replace",
                                        "pre-glob",
                                        "ignore-file",
                                        "pre",
                                        "type-add",
                                        "type-clear",
                                        "max-filesize",
                                        "path-separator",
                                        "sort",
                                        "sortr",
                                        "colors",
                                        "context-separator",
                                        "encoding",
                                        "engine",
                                        "max-columns",
                                        "max-count",
                                        "max-depth",
                                        "threads",
                                        "after-context",
                                        "before-context",
                                        "context",
                                        "dfa-size-limit",
                                        "regex-size-limit",
                                        "field-context-separator",
                                        "field-match-separator",
                                        "hostname-bin",
                                        "hyperlink-format",
                                        "generate",
                                        "color",
                                        NULL};
static const char *const rg_patterns[] = {"regexp",   "glob",    "iglob",    "type",
                                          "type-not", "replace", "pre-glob", NULL};
static const char *const rg_given[] = {"regexp", "file", NULL};
static const char *const rg_flags[] = {"hidden",
                                       "no-ignore",
                                       "no-ignore-vcs",
                                       "no-ignore-dot",
                                       "no-ignore-parent",
                                       "no-ignore-global",
                                       "no-ignore-exclude",
                                       "no-ignore-files",
                                       "follow",
                                       "files-with-matches",
                                       "files-without-match",
                                       "count",
                                       "count-matches",
                                       "line-number",
                                       "no-line-number",
                                       "no-heading",
                                       "heading",
                                       "ignore-case",
                                       "smart-case",
                                       "case-sensitive",
                                       "fixed-strings",
                                       "word-regexp",
                                       "line-regexp",
                                       "invert-match",
                                       "json",
                                       "vimgrep",
                                       "only-matching",
                                       "multiline",
                                       "multiline-dotall",
                                       "pcre2",
                                       "no-filename",
                                       "with-filename",
                                       "stats",
                                       "trim",
                                       "column",
                                       "no-column",
                                       "no-messages",
                                       "quiet",
                                       "null",
                                       "null-data",
                                       "one-file-system",
                                       "passthru",
                                       "sort-files",
                                       "no-config",
                                       "crlf",
                                       "pretty",
                                       "byte-offset",
                                       "no-require-git",
                                       "no-unicode",
                                       "include-zero",
                                       "max-columns-preview",
                                       "auto-hybrid-regex",
                                       "unrestricted",
                                       "help",
                                       "version",
                                       NULL};

static const char *const fd_values[] = {"type",
                                        "extension",
                                        "exclude",
                                        "and",
                                        "max-depth",
                                        "min-depth",
                                        "exact-depth",
                                        "size",
                                        "owner",
                                        "threads",
                                        "color",
                                        "changed-within",
                                        "changed-before",
                                        "change-newer-than",
                                        "change-older-than",
                                        "newer",
                                        "older",
                                        "max-results",
                                        "base-directory",
                                        "search-path",
                                        "path-separator",
                                        "ignore-file",
                                        "batch-size",
                                        "format",
                                        NULL};
static const char *const fd_patterns[] = {"type", "extension", "exclude", NULL};
static const char *const fd_flags[] = {"hidden",
                                       "no-ignore",
                                       "no-ignore-vcs",
                                       "no-ignore-parent",
                                       "unrestricted",
                                       "case-sensitive",
                                       "ignore-case",
                                       "glob",
                                       "regex",
                                       "fixed-strings",
                                       "absolute-path",
                                       "list-details",
                                       "follow",
                                       "full-path",
                                       "print0",
                                       "one-file-system",
                                       "show-errors",
                                       "quiet",
                                       "prune",
                                       "no-require-git",
                                       "help",
                                       "version",
                                       NULL};
static const char *const none[] = {NULL};

static const Search searches[] = {
        {{"grep", "egrep", "fgrep"},
         "ABCDdefm",
         "e",
         "ef",
         "",
         grep_values,
         grep_patterns,
         grep_given,
         grep_flags,
         true},
        /* rg's first operand is not taken for its pattern: RIPGREP_CONFIG_PATH may
         * give one by -e, its words a file */
        {{"rg", NULL, NULL},
         "ABCEMTdefgjmrt",
         "egrtT",
         "ef",
         "",
         rg_values,
         rg_patterns,
         rg_given,
         rg_flags,
         false},
        /* fd's first operand is not taken for a pattern either: the names it
         * matches (-u -p '.git/objects') may be handed to a program that opens
         * them (| xargs cat), as its word says */
        {{"fd", "fdfind", NULL},
         "EScdejotxX",
         "Eet",
         "",
         "xX",
         fd_values,
         fd_patterns,
         none,
         fd_flags,
         false},
};

/* Can the word become an option, or more than one word, when bash
 * expands it ("$x" as -e, $x as -e KEY, * as a file named -e, {-e,K})?
 * Not when plain, nor when it starts with a literal other than '-' and
 * holds no unquoted expansion (src/x*.py). */
static bool may_be_option(const ShellWord *x) {
        char buf[256];
        if (programs_plain(x, buf, sizeof buf))
                return false;
        if (x->n == 0 || x->v[0].kind != SHELL_LIT || x->v[0].c == '-')
                return true;
        for (size_t i = 0; i < x->n; i++)
                if (x->v[i].kind == SHELL_EXPAND && !x->v[i].quoted)
                        return true;
        return false;
}

/* search's words w[1..n): the patterns marked in data; false when a word
 * is not read as the table knows, or may become an option when it runs
 * (nothing marked then). */
static bool search_words(const Search *s, const ShellWord *const *w, size_t n, bool operand, bool *data) {
        char buf[256];
        bool given = false, dashdash = false, files = false;
        size_t first = 0; /* the first operand's index */
        for (size_t k = 1; k < n; k++)
                if (may_be_option(w[k]))
                        return false;
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || dashdash || a[0] != '-' || streq(a, "-")) {
                        first = first ? first : k;
                        continue;
                }
                if (streq(a, "--")) {
                        dashdash = true;
                        continue;
                }
                if (a[1] == '-') { /* --name, --name=value */
                        char name[64];
                        size_t len = strcspn(a + 2, "=");
                        if (len >= sizeof name)
                                return false;
                        memcpy(name, a + 2, len);
                        name[len] = 0;
                        bool value = streq_any(name, s->long_values),
                             pattern = streq_any(name, s->long_patterns);
                        given = given || streq_any(name, s->long_given);
                        files = files || streq(name, "files") || streq(name, "type-list");
                        if (streq(name, "exec") || streq(name, "exec-batch"))
                                break; /* fd --exec CMD: the rest is a command */
                        if (a[2 + len] == '=') {
                                data[k] = pattern;
                                continue;
                        }
                        if (value) {
                                if (k + 1 < n)
                                        data[++k] = pattern;
                                continue;
                        }
                        if (!streq_any(name, s->long_flags) && !streq(name, "files") &&
                            !streq(name, "type-list"))
                                return false;
                        continue;
                }
                bool stop = false;
                for (const char *c = a + 1; *c; c++) { /* a bundle: -inE, -e PAT, -ePAT */
                        if (strchr(s->runs, *c)) {
                                stop = true;
                                break;
                        }
                        given = given || strchr(s->given, *c);
                        if (!strchr(s->values, *c))
                                continue;
                        bool pattern = strchr(s->patterns, *c) != NULL;
                        if (c[1])
                                data[k] = pattern; /* the rest of the word is the value */
                        else if (k + 1 < n)
                                data[++k] = pattern;
                        break;
                }
                if (stop)
                        break;
        }
        if (operand && s->operand && !given && !files && first > 0)
                data[first] = true;
        return true;
}

/* go test's -run, -bench, -skip, -list, -fuzz: a regex. */
static void go_words(const ShellWord *const *w, size_t n, bool *data) {
        static const char *const regexes[] = {"run", "bench", "skip", "list", "fuzz", NULL};
        char buf[256], sub[32];
        if (n < 2 || !streq_ptr(programs_plain(w[1], sub, sizeof sub), "test"))
                return;
        for (size_t k = 2; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || a[0] != '-' || streq(a, "--"))
                        continue;
                const char *o = a + 1 + (a[1] == '-');
                char name[16];
                size_t len = strcspn(o, "=");
                if (len >= sizeof name)
                        continue;
                memcpy(name, o, len);
                name[len] = 0;
                if (!streq_any(name, regexes))
                        continue;
                if (o[len] == '=')
                        data[k] = true;
                else if (k + 1 < n)
                        data[++k] = true;
        }
}

void operands_patterns(const char *name, const ShellWord *const *w, size_t n, bool operand, bool *data) {
        memset(data, 0, n * sizeof *data);
        if (streq(name, "go")) {
                go_words(w, n, data);
                return;
        }
        for (size_t i = 0; i < ELEMENTSOF(searches); i++) {
                bool named = false;
                for (size_t k = 0; k < ELEMENTSOF(searches[i].names) && searches[i].names[k]; k++)
                        named = named || streq(name, searches[i].names[k]);
                if (!named)
                        continue;
                if (!search_words(&searches[i], w, n, operand, data))
                        memset(data, 0, n * sizeof *data);
                return;
        }
}

size_t operands_destination(const char *name, const ShellWord *const *w, size_t n) {
        /* (rsync's and scp's options take values too many to tell an
         * operand from one: not modelled) */
        static const char *const copiers[] = {"cp", "mv", "ln", "install", NULL};
        char buf[256], prev[256];
        if (!streq_any(name, copiers) || n < 3)
                return SIZE_MAX;
        /* -t DIR, --target-directory: every operand a source (not modelled) */
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || streq(a, "--"))
                        break;
                if (strncmp(a, "--t", 3) == 0 || (a[0] == '-' && a[1] != '-' && strchr(a + 1, 't')))
                        return SIZE_MAX;
        }
        /* the last word, one word as written (no glob, brace or expansion:
         * x /tmp/a* makes sources of all but the last), after an operand */
        const char *last = programs_plain(w[n - 1], buf, sizeof buf),
                   *before = programs_plain(w[n - 2], prev, sizeof prev);
        if (!last || !before || last[0] == '-' || before[0] == '-')
                return SIZE_MAX;
        return n - 1;
}

bool operands_fd_lists_git(const Judge *j, const Stage *st) {
        char buf[256];
        bool hidden = false, excluded = false, operand = false;
        for (size_t k = 1; k < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                if (!a || a[0] != '-') {
                        hidden = hidden || (operand && objects_holds_git(j, st->w[k]));
                        operand = true;
                        continue;
                }
                hidden = hidden || streq(a, "--hidden") || streq(a, "--unrestricted") ||
                         (a[1] != '-' && strpbrk(a + 1, "Hu") && a[1] != 'E');
                const char *x = strncmp(a, "--exclude=", 10) == 0 ? a + 10 : NULL;
                if (!x && (streq(a, "-E") || streq(a, "--exclude")) && k + 1 < st->n) {
                        _cleanup_free_ char *t = programs_word_text(st->w[++k]);
                        excluded = excluded || (t && match_glob(t, ".git", 0));
                        continue;
                }
                excluded = excluded || (x && match_glob(x, ".git", 0));
        }
        return hidden && !excluded;
}

bool *operands_not_read(const Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        bool *data = calloc(n + 1, sizeof *data);
        if (!data)
                return NULL;
        /* BSD grep's GREP_OPTIONS, a name set at run time, words xargs adds
         * (printf -- '-e\nx' | xargs grep F): options the words do not show
         * may give the pattern (-e), the first operand a file */
        bool env = j->git_pathspec_env || j->unseen_args ||
                   (j->text &&
                    (memmem(j->text, j->text_n, "GREP_", 5) || memmem(j->text, j->text_n, "_OPTIONS", 8)));
        operands_patterns(name, w, n, !env, data);
        return data;
}

bool operands_braces_any(const ShellWord *x,
                         bool (*pred)(const void *ctx, const ShellWord *w, const char *t), const void *ctx) {
        ShellWord *v = NULL;
        size_t nv = 0;
        int r = shell_word_braces(x, 64, &v, &nv);
        if (r <= 0)
                return r < 0; /* past what the expansion reads, out of memory: yes */
        bool hit = false;
        for (size_t i = 0; i < nv; i++) {
                _cleanup_free_ char *t = programs_word_text(&v[i]);
                hit = hit || !t || pred(ctx, &v[i], t);
                shell_word_done(&v[i]);
        }
        free(v);
        return hit;
}
