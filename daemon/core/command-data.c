/* SPDX-License-Identifier: MIT */
/*
 * The name-or-size language's commands whose words are data (command.h):
 * find with the predicates that only test or print a name, grep of a
 * pattern, git reading history with a secret named only in an exclusion,
 * gh's title and body, sed's script that only edits. It must not judge what a word names: command.c's
 * recog_word_names() says.
 */
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "word-names.h"
#include "util.h"

/* find: the predicates that only test or print a name (not -exec, -ok,
 * -delete, -fprint*, -fls, -files0-from); those taking a word after. */
static const char *const find_tests[] = {
        "-name",      "-iname",  "-path",   "-ipath",  "-wholename", "-iwholename", "-regex",    "-iregex",
        "-regextype", "-lname",  "-ilname", "-type",   "-xtype",     "-maxdepth",   "-mindepth", "-size",
        "-newer",     "-anewer", "-cnewer", "-mtime",  "-mmin",      "-atime",      "-amin",     "-ctime",
        "-cmin",      "-perm",   "-user",   "-group",  "-uid",       "-gid",        "-links",    "-inum",
        "-samefile",  "-used",   "-fstype", "-printf", "-context",   NULL};
static const char *const find_flags[] = {"-print",
                                         "-print0",
                                         "-ls",
                                         "-prune",
                                         "-quit",
                                         "-empty",
                                         "-depth",
                                         "-mount",
                                         "-xdev",
                                         "-true",
                                         "-false",
                                         "-not",
                                         "-a",
                                         "-o",
                                         "-and",
                                         "-or",
                                         "!",
                                         "(",
                                         ")",
                                         ",",
                                         "-nouser",
                                         "-nogroup",
                                         "-readable",
                                         "-writable",
                                         "-executable",
                                         "-follow",
                                         "-noleaf",
                                         "-daystart",
                                         "-ignore_readdir_race",
                                         "-L",
                                         "-P",
                                         "-H",
                                         NULL};

/* grep's options that only shape what it prints of its input; and -r,
 * which reads the directories it is given (the working directory without
 * one, after a pipe too), as grep -rn dotenv . does: which files a search
 * reads does not depend on its pattern, and the pattern is data. Which
 * files it reads, --include, --exclude and --exclude-dir narrow: a glob
 * there that lets a masked name in is the patterns' rule
 * (command-patterns.c), judged whatever this one says. Not -f or
 * --exclude-from (files read). */
static const Spec grep_spec = {.name = "grep",
                               .flags = "ivcnwxEFGoqshHlLzbTrRIaPZU",
                               .with_arg = "eABCmd",
                               .long_flags = (const char *const[]){"ignore-case",
                                                                   "invert-match",
                                                                   "count",
                                                                   "line-number",
                                                                   "word-regexp",
                                                                   "line-regexp",
                                                                   "extended-regexp",
                                                                   "fixed-strings",
                                                                   "basic-regexp",
                                                                   "only-matching",
                                                                   "quiet",
                                                                   "silent",
                                                                   "no-messages",
                                                                   "no-filename",
                                                                   "with-filename",
                                                                   "files-with-matches",
                                                                   "files-without-match",
                                                                   "null",
                                                                   "color",
                                                                   "colour",
                                                                   "byte-offset",
                                                                   "initial-tab",
                                                                   "recursive",
                                                                   "dereference-recursive",
                                                                   "text",
                                                                   "perl-regexp",
                                                                   "null-data",
                                                                   "line-buffered",
                                                                   "no-ignore-case",
                                                                   NULL},
                               .long_with_arg =
                                       (const char *const[]){"regexp", "after-context", "before-context",
                                                             "context", "max-count", "include", "exclude",
                                                             "exclude-dir", "binary-files", "directories",
                                                             "devices", "label", "group-separator", NULL},
                               .operands = true};

/* ripgrep's options that only shape what it prints, and those that
 * narrow which files it reads: -g/--glob, --iglob, -t/-T (a glob that
 * lets a masked name in is the patterns' rule, command-patterns.c); not
 * --type-add (a type of one's own), -f and --ignore-file (files read),
 * --pre and -z (programs run). */
static const Spec rg_spec = {.name = "rg",
                             .flags = "ivcnwxFsSlHNoqUIaPp0bL",
                             .with_arg = "eABCmgtTjM",
                             .long_flags = (const char *const[]){"ignore-case",
                                                                 "invert-match",
                                                                 "count",
                                                                 "line-number",
                                                                 "no-line-number",
                                                                 "word-regexp",
                                                                 "line-regexp",
                                                                 "fixed-strings",
                                                                 "case-sensitive",
                                                                 "smart-case",
                                                                 "only-matching",
                                                                 "quiet",
                                                                 "files-with-matches",
                                                                 "files-without-match",
                                                                 "with-filename",
                                                                 "no-filename",
                                                                 "heading",
                                                                 "no-heading",
                                                                 "hidden",
                                                                 "multiline",
                                                                 "color",
                                                                 "colour",
                                                                 "column",
                                                                 "vimgrep",
                                                                 "text",
                                                                 "pcre2",
                                                                 "pretty",
                                                                 "null",
                                                                 "byte-offset",
                                                                 "follow",
                                                                 "trim",
                                                                 "stats",
                                                                 "count-matches",
                                                                 "json",
                                                                 "no-ignore",
                                                                 "no-ignore-vcs",
                                                                 "sort-files",
                                                                 NULL},
                             .long_with_arg =
                                     (const char *const[]){"regexp", "after-context", "before-context",
                                                           "context", "max-count", "glob", "iglob", "type",
                                                           "type-not", "max-depth", "max-filesize", "sort",
                                                           "sortr", "threads", "max-columns", NULL},
                             .operands = true};

/* git grep's options that only shape what it prints (not -O, which runs
 * a pager on the files, nor --textconv, which runs a filter; reading a
 * revision or the index is the history rule's, command-git.c). */
static const Spec git_grep_spec = {.name = "git grep",
                                   .flags = "ivcnwxEFGolLhHIqWp",
                                   .with_arg = "eABCm",
                                   .long_flags = (const char *const[]){"ignore-case",
                                                                       "invert-match",
                                                                       "count",
                                                                       "line-number",
                                                                       "word-regexp",
                                                                       "extended-regexp",
                                                                       "fixed-strings",
                                                                       "basic-regexp",
                                                                       "only-matching",
                                                                       "quiet",
                                                                       "files-with-matches",
                                                                       "files-without-match",
                                                                       "name-only",
                                                                       "heading",
                                                                       "break",
                                                                       "column",
                                                                       "full-name",
                                                                       "untracked",
                                                                       "color",
                                                                       NULL},
                                   .long_with_arg =
                                           (const char *const[]){"regexp", "after-context", "before-context",
                                                                 "context", "max-count", NULL},
                                   .operands = true};

/* grep PATTERN [FILE...], rg and git grep alike (words[first] on): the
 * pattern is data when it is one word of plain text (a glob or a brace
 * expands to more words, and the second would be a file read: grep -h
 * .e* x); a file it reads names no secret, and after a pipe it reads
 * none. */
static bool search(Recogniser *p, const Spec *sp, const ShellWord **words, size_t n, size_t first,
                   bool files) {
        const ShellWord *rest[64];
        size_t m = 0;
        bool pattern = false, options = true;
        char buf[256];
        for (size_t k = first; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (options && a && (streq(a, "-e") || streq(a, "--regexp")))
                        pattern = true;
                if (options && a && strncmp(a, "--regexp=", 9) == 0)
                        pattern = true;
                /* -eM, -ieM: the pattern attached to -e, after the letters
                 * before it that take no value; then no operand is it */
                for (const char *q = a && a[0] == '-' && a[1] != '-' ? a + 1 : ""; *q; q++)
                        if (sp->with_arg && strchr(sp->with_arg, *q)) {
                                pattern = pattern || *q == 'e';
                                break;
                        }
        }
        for (size_t k = 0; k < first; k++)
                rest[m++] = words[k];
        for (size_t k = first; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (options && a && streq(a, "--")) {
                        options = false;
                        rest[m++] = words[k];
                        continue;
                }
                bool option = options && a && a[0] == '-' && a[1];
                if (option && k + 1 < n &&
                    (streq(a, "-e") || streq(a, "-A") || streq(a, "-B") || streq(a, "-C") ||
                     streq(a, "-m") || streq(a, "--regexp") || streq(a, "--after-context") ||
                     streq(a, "--before-context") || streq(a, "--context") || streq(a, "--max-count"))) {
                        rest[m++] = words[k++]; /* its argument, data, checked as plain text */
                        rest[m++] = words[k];
                        continue;
                }
                if (!option && !pattern) {
                        if (!a || recog_has_brace(words[k]))
                                return recog_refuse(p,
                                                    "%s with a pattern that is not plain text (a glob or "
                                                    "brace expands to more words, files it would read)",
                                                    sp->name);
                        pattern = true; /* the pattern: data */
                        continue;
                }
                if (!option) {
                        int r = recog_word_names(p, words[k]);
                        if (!files || r != 0)
                                return recog_refuse(p, "%s with a file of its own%s", sp->name,
                                                    files ? " that names a secret: it would read it"
                                                          : " after a pipe");
                }
                rest[m++] = words[k];
        }
        return recog_check_options(p, sp, sp->name, rest, m, first);
}

bool recog_grep(Recogniser *p, const ShellWord **words, size_t n, bool files) {
        return search(p, &grep_spec, words, n, 1, files);
}

/* rg --files lists the names it would search, its words all paths and
 * filters: not --pre, --ignore-file, -f or --type-add. */
static const Spec rg_files_spec = {
        .name = "rg --files",
        .flags = "HiuL.",
        .with_arg = "tTgd",
        .long_flags = (const char *const[]){"files", "hidden", "no-ignore", "no-ignore-vcs", "follow",
                                            "sort-files", NULL},
        .long_with_arg = (const char *const[]){"type", "type-not", "glob", "iglob", "max-depth", "sort",
                                               "sortr", NULL},
        .operands = true};

bool recog_rg(Recogniser *p, const ShellWord **words, size_t n) {
        char buf[256];
        for (size_t k = 1; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (a && streq(a, "--"))
                        break;
                if (a && streq(a, "--files"))
                        return recog_check_options(p, &rg_files_spec, rg_files_spec.name, words, n, 1);
        }
        return search(p, &rg_spec, words, n, 1, true);
}

bool recog_git_grep(Recogniser *p, const ShellWord **words, size_t n) {
        return search(p, &git_grep_spec, words, n, 2, true);
}

/* git diff, log, show, ls-files or grep whose words name a secret only in
 * pathspecs that exclude it (-- . ':/!.env'): the name is data; what the
 * command prints otherwise is the program pass's (command-git.c). */
bool recog_excludes_only(Recogniser *p, const ShellWord **words, size_t n) {
        static const char *const subs[] = {"diff", "log", "show", "ls-files", "grep", "whatchanged", NULL};
        char buf[256], sub[256];
        const char *what = recog_literal(words[1], sub);
        bool known = false, dashdash = false;
        for (const char *const *l = subs; *l && !known; l++)
                known = streq(what, *l);
        if (!known || p->writes)
                return false;
        for (size_t k = 2; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (!a || recog_has_brace(words[k]))
                        return false;
                if (!dashdash && streq(a, "--")) {
                        dashdash = true;
                        continue;
                }
                if (recog_word_names(p, words[k]) == 0)
                        continue;
                const char *close = a[0] == ':' && a[1] == '(' ? strchr(a, ')') : NULL;
                bool exclude = a[0] == ':' && (a[1] == '!' || a[1] == '^' ||
                                               (a[1] == '/' && (a[2] == '!' || a[2] == '^')) ||
                                               (close && memmem(a, (size_t) (close - a), "exclude", 7)));
                if (!dashdash || !exclude)
                        return false;
        }
        return true;
}

/* Is word i surely read as an option of program: the first after it, or
 * after a word that takes no value (grep -e --exclude: a pattern)? */
static bool fresh_option(const char *program, const ShellWord **words, size_t i) {
        char buf[256];
        const char *before = i > 1 ? recog_literal(words[i - 1], buf) : NULL;
        return i <= 1 || (before && !word_option_takes_next(program, before));
}

/* Is word k an exclusion (a pattern a program leaves out), by the
 * program's rules? What it names is data: with every
 * exclusion left out the command is the same reader or lister, naming
 * less, and whatever it reads through a pattern of its own is the
 * program pass's to judge (command-programs.c). */
static bool exclusion_word(const char *name, const ShellWord **words, size_t n, size_t k, bool *in_list) {
        char buf[256], prev[256];
        const char *a = recog_literal(words[k], buf);
        const char *b = k > 1 ? recog_literal(words[k - 1], prev) : NULL;
        if (!a || recog_has_brace(words[k]))
                return false;
        if (streq(name, "rg") || streq(name, "ag") || streq(name, "ack")) {
                /* rg -g '!PAT', --glob='!PAT', --iglob: a glob rg leaves out */
                if ((strncmp(a, "--glob=!", 8) == 0 || strncmp(a, "--iglob=!", 9) == 0))
                        return fresh_option(name, words, k);
                if (b && (streq(b, "-g") || streq(b, "--glob") || streq(b, "--iglob")) && a[0] == '!')
                        return fresh_option(name, words, k - 1);
                return false;
        }
        if (streq(name, "grep") || streq(name, "tar") || streq(name, "rsync")) {
                /* --exclude=PAT, --exclude PAT (getopt_long takes the next word),
                 * grep's --exclude-dir */
                static const char *const options[] = {"--exclude", "--exclude-dir", NULL};
                for (const char *const *o = options; *o; o++) {
                        size_t len = strlen(*o);
                        if (strncmp(a, *o, len) == 0 && a[len] == '=')
                                return fresh_option(name, words, k);
                        if (b && streq(b, *o))
                                return fresh_option(name, words, k - 1);
                }
                return false;
        }
        if (streq(name, "zip")) {
                /* zip -x PAT...: every word after it to the next option */
                if (streq(a, "-x") || streq(a, "--exclude"))
                        *in_list = fresh_option(name, words, k);
                else if (a[0] == '-')
                        *in_list = false;
                return *in_list && a[0] != '-';
        }
        if (streq(name, "find") && b && k >= 2) {
                /* ! -name PAT, -not -path PAT: what it matches is left out */
                static const char *const tests[] = {"-name",  "-iname",     "-path",
                                                    "-ipath", "-wholename", "-iwholename",
                                                    "-regex", "-iregex",    NULL};
                bool test = false;
                for (const char *const *t = tests; *t && !test; t++)
                        test = streq(b, *t);
                size_t nots = 0;
                for (size_t i = k - 2; i >= 1 && i < n; i--) {
                        const char *c = recog_literal(words[i], prev);
                        if (!c || !(streq(c, "!") || streq(c, "-not")))
                                break;
                        nots++;
                }
                /* the first '!' is no operator when a predicate before it
                 * takes it for its value (-name ! -name .env) */
                size_t first = k - 1 - nots;
                const char *before = first >= 2 ? recog_literal(words[first - 1], prev) : NULL;
                for (const char *const *t = find_tests; before && *t && test; t++)
                        test = !streq(before, *t);
                if (before && strncmp(before, "-newer", 6) == 0)
                        test = false;
                /* ! -name .env -o -exec cat {} +: another branch reads it */
                for (size_t i = k + 1; i < n && test; i++) {
                        _cleanup_free_ char *t = programs_word_text(words[i]);
                        test = t && !streq(t, "-o") && !streq(t, "-or") && !streq(t, ",");
                }
                return test && nots % 2 == 1 && (first < 2 || before);
        }
        return false;
}

/* rg, ag, ack, grep, tar, rsync, zip or find whose words name a secret
 * only in what it excludes (rg -g '!.env', zip -x .env, find . -not -name
 * .env -exec wc -l {} +): the names are data. */
bool recog_exclusions_only(Recogniser *p, const char *name, const ShellWord **words, size_t n) {
        static const char *const programs[] = {"rg",    "ag",  "ack",  "grep", "tar",
                                               "rsync", "zip", "find", NULL};
        bool known = false, in_list = false, any = false, dashdash = false;
        for (const char *const *l = programs; *l && !known; l++)
                known = streq(name, *l);
        if (!known || p->writes)
                return false;
        for (size_t k = 1; k < n; k++) {
                char buf[256];
                /* after --, no word is an option or an option's value */
                bool excluded = !dashdash && exclusion_word(name, words, n, k, &in_list);
                const char *a = recog_literal(words[k], buf);
                dashdash = dashdash || (a && streq(a, "--") && !streq(name, "find"));
                int r = recog_word_names(p, words[k]);
                if (r < 0 || (r > 0 && !excluded))
                        return false;
                any = any || r > 0;
        }
        return any;
}

/* find: names only, by the predicates that only test or print them. */
bool recog_find(Recogniser *p, const ShellWord **words, size_t n) {
        char buf[256];
        bool predicates = false;
        for (size_t k = 1; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (!a || recog_has_brace(words[k])) {
                        if (predicates || recog_may_be_option(words[k]))
                                return recog_refuse(
                                        p, "find with a word the recogniser cannot read as a predicate");
                        continue; /* a starting point */
                }
                bool with_arg = false, flag = false;
                for (const char *const *l = find_tests; *l && !with_arg; l++)
                        with_arg = streq(a, *l) || (strncmp(a, "-newer", 6) == 0 && strlen(a) == 8);
                for (const char *const *l = find_flags; *l && !flag; l++)
                        flag = streq(a, *l);
                if (with_arg) {
                        if (++k >= n)
                                return recog_refuse(p, "find %s without its argument", a);
                        predicates = true;
                } else if (flag) {
                        predicates = true;
                } else if (a[0] == '-' || predicates) {
                        return recog_refuse(p, "find %s is not a predicate that only tests or prints a name",
                                            a);
                }
        }
        return true;
}

/* gh pr|issue create|edit|comment: a title or a body is data (Claude Code
 * writes the body by heredoc); not -F/--body-file, -T/--template or
 * --recover, which read a file, nor gh release, whose operands it uploads.
 * edit's and comment's operand names a pull request or an issue. */
static const Spec gh_spec = {
        .name = "gh",
        .flags = "dfw",
        .with_arg = "tbBHlarmpR",
        .long_flags = (const char *const[]){"draft", "fill", "fill-first", "fill-verbose", "web",
                                            "no-maintainer-edit", "dry-run", "edit-last", NULL},
        .long_with_arg =
                (const char *const[]){"title", "body", "base", "head", "label", "assignee", "reviewer",
                                      "milestone", "project", "repo", "add-label", "remove-label",
                                      "add-reviewer", "remove-reviewer", "add-assignee", "remove-assignee",
                                      "add-project", "remove-project", NULL},
        .operands = true};

/* gh pr|issue create|edit|comment, as gh_spec allows. */
bool recog_gh(Recogniser *p, const ShellWord **words, size_t n) {
        char obj[256], verb[256], cmd[64];
        const char *o = n > 2 ? recog_literal(words[1], obj) : NULL,
                   *v = o ? recog_literal(words[2], verb) : NULL;
        if (!v || !(streq(o, "pr") || streq(o, "issue")) ||
            !(streq(v, "create") || streq(v, "edit") || streq(v, "comment")))
                return recog_refuse(p, "gh other than gh pr|issue create|edit|comment");
        snprintf(cmd, sizeof cmd, "gh %s %s", o, v);
        Spec sp = gh_spec;
        sp.operands = !streq(v, "create");
        return recog_check_options(p, &sp, cmd, words, n, 3);
}

/* Is s (len bytes) one of l's names, whole? */
static bool long_is_one(const char *const *l, const char *s, size_t len) {
        for (; *l; l++)
                if (strlen(*l) == len && strncmp(*l, s, len) == 0)
                        return true;
        return false;
}

/* sed editing files named by no secret with a script that only edits
 * (sed -i '/^\.env$/d' .gitignore: its script's names are data): not -f
 * (it reads one), no e, r, R, w, W or s///e, s///w in the script. */
bool recog_sed(Recogniser *p, const ShellWord **words, size_t n) {
        static const char *const longs[] = {"in-place", "quiet",      "silent", "regexp-extended",
                                            "separate", "null-data",  "posix",  "debug",
                                            "sandbox",  "unbuffered", NULL};
        char buf[256];
        bool script_given = false, options = true;
        for (size_t k = 1; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (a && a[0] == '-' && a[1] != '-' && a[1 + strspn(a + 1, "nErsuz")] == 'e')
                        script_given = true; /* -e, -ne */
                if (a && strncmp(a, "--expression", 12) == 0)
                        script_given = true;
        }
        for (size_t k = 1; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (options && a && streq(a, "--")) {
                        options = false;
                        continue;
                }
                if (options && a && a[0] == '-' && a[1] == '-') {
                        const char *v = strchr(a, '=');
                        size_t len = v ? (size_t) (v - a - 2) : strlen(a + 2);
                        if (strncmp(a + 2, "expression", len) == 0 && len == 10) {
                                if (!v && ++k >= n)
                                        return recog_refuse(p, "sed --expression without its script");
                                _cleanup_free_ char *t = programs_word_text(words[k]);
                                if (!t || !reread_sed_edits_only(v ? v + 1 : t))
                                        return recog_refuse(
                                                p, "sed with a script that runs, reads or writes more "
                                                   "than its files (e, r, w)");
                                continue;
                        }
                        if (!long_is_one(longs, a + 2, len))
                                return recog_refuse(p, "sed %.*s is not an option that only edits",
                                                    (int) len + 2, a);
                        continue;
                }
                if (options && a && a[0] == '-' && a[1]) {
                        size_t flags = strspn(a + 1, "nErsuz");
                        if (streq(a, "-e") || (a[1 + flags] == 'e' && !a[2 + flags])) { /* -e, -ne */
                                if (++k >= n)
                                        return recog_refuse(p, "sed -e without its script");
                                _cleanup_free_ char *t = programs_word_text(words[k]);
                                if (!t || !reread_sed_edits_only(t))
                                        return recog_refuse(
                                                p, "sed with a script that runs, reads or writes more "
                                                   "than its files (e, r, w)");
                                continue;
                        }
                        if (a[1] == 'i') /* -i, -iSUFFIX */
                                continue;
                        if (flags != strlen(a + 1))
                                return recog_refuse(p, "sed %s is not an option that only edits", a);
                        continue;
                }
                if (!script_given) { /* the first operand: the script */
                        script_given = true;
                        _cleanup_free_ char *t = programs_word_text(words[k]);
                        if (!t || !reread_sed_edits_only(t))
                                return recog_refuse(p,
                                                    "sed with a script that runs, reads or writes more than "
                                                    "its files (e, r, w)");
                        continue;
                }
                if (recog_word_names(p, words[k]) != 0)
                        return recog_refuse(p, "sed with a file that names a secret: it would read it");
        }
        return true;
}

/* cp, mv and install SRC... DEST with DEST a masked name ([ -f .env ] ||
 * cp .env.example .env): DEST is only written, as touch's name, never
 * read. Not run in a masked directory (a source is in it), not a backup
 * (-b, --backup, -S, --suffix: the old bytes kept under
 * a name no mask covers), not install -C (it reads DEST to compare), not
 * -t (every operand a source); every source names no secret; DEST plain
 * text (a glob could make it a source). Options by name, no abbreviations. */
typedef struct CopySpec {
        const char *name, *flags, *with_arg;
        const char *const *longs; /* "name" a flag, "name=" with a value */
} CopySpec;

static const CopySpec copiers[] = {
        {"cp", "aRrdfHiLlnPpsTuvx", "",
         (const char *const[]){"archive",
                               "attributes-only",
                               "copy-contents",
                               "dereference",
                               "force",
                               "interactive",
                               "link",
                               "no-clobber",
                               "no-dereference",
                               "no-preserve=",
                               "no-target-directory",
                               "one-file-system",
                               "parents",
                               "preserve",
                               "preserve=",
                               "recursive",
                               "reflink",
                               "reflink=",
                               "remove-destination",
                               "sparse=",
                               "strip-trailing-slashes",
                               "symbolic-link",
                               "update",
                               "update=",
                               "verbose",
                               NULL}},
        {"mv", "finTuv", "",
         (const char *const[]){"force", "interactive", "no-clobber", "no-target-directory",
                               "strip-trailing-slashes", "update", "update=", "verbose", NULL}},
        {"install", "cdDpsTv", "gmo",
         (const char *const[]){"directory", "group=", "mode=", "owner=", "preserve-timestamps", "strip",
                               "no-target-directory", "verbose", NULL}},
};

static bool copy_long(const CopySpec *c, const char *a) {
        const char *eq = strchr(a, '=');
        size_t len = eq ? (size_t) (eq - a) + 1 : strlen(a);
        for (const char *const *l = c->longs; *l; l++)
                if (strlen(*l) == len && strncmp(*l, a, len) == 0)
                        return true;
        return false;
}

/* Whether name is one of the copiers: -1 no, else 1 allowed or 0 refused. */
int recog_copy_into(Recogniser *p, const char *name, const ShellWord **words, size_t n) {
        const CopySpec *c = NULL;
        for (size_t i = 0; i < ELEMENTSOF(copiers) && !c; i++)
                if (streq(copiers[i].name, name))
                        c = &copiers[i];
        if (!c)
                return -1;
        char buf[256];
        size_t operands = 0, last = 0;
        bool options = true;
        for (size_t k = 1; k < n; k++) {
                const char *a = recog_literal(words[k], buf);
                if (options && a && streq(a, "--")) {
                        options = false;
                        continue;
                }
                if (options && (!a || recog_has_brace(words[k])) && recog_may_be_option(words[k]))
                        return recog_refuse(
                                p, "%s with a word that could expand to an option (put -- before it)", name);
                if (options && a && a[0] == '-' && a[1] == '-') {
                        if (!copy_long(c, a + 2))
                                return recog_refuse(p, "%s %s is not an option that only copies to a name",
                                                    name, a);
                        continue;
                }
                if (options && a && a[0] == '-' && a[1]) {
                        for (const char *f = a + 1; *f; f++) {
                                if (strchr(c->with_arg, *f)) {
                                        if (!f[1] && ++k < n && recog_word_names(p, words[k]) != 0)
                                                return recog_refuse(p,
                                                                    "%s -%c with a word that names a secret",
                                                                    name, *f);
                                        break; /* the rest of the word is its value */
                                }
                                if (!strchr(c->flags, *f))
                                        return recog_refuse(
                                                p, "%s -%c is not an option that only copies to a name",
                                                name, *f);
                        }
                        continue;
                }
                if (operands++ > 0 && (recog_word_names(p, words[last]) != 0 || p->cwd_inside))
                        return recog_refuse(p, "%s with a source that names a secret: it would read it",
                                            name);
                last = k;
        }
        if (operands < 2)
                return recog_refuse(p, "%s with no source: its one operand would be read", name);
        if (!recog_literal(words[last], buf) || recog_has_brace(words[last]))
                return recog_refuse(p, "%s with a destination that is not plain text", name);
        return 1;
}
