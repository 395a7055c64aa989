/* SPDX-License-Identifier: MIT */
/*
 * Patterns handed to programs that read what they match (command-internal.h):
 * grep's --include, rg's and ag's globs and regexes, tar's --wildcards,
 * rsync's and zip's includes and filters, find's tests before a reader,
 * judged against the policy's names.
 * It must not lex, nor judge what a program runs: command-programs.c does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

static bool secret_glob(void *ctx, const char *alt) {
        Judge *j = ctx;
        return match_secret_glob(j, alt, MATCH_FOLD, true) || match_secret_glob(j, alt, MATCH_FOLD, false);
}

/* A glob of rg's (gitignore's, with {a,b} alternation) against the
 * secrets' names and paths, either case: each alternative, at most 64
 * (past them: taken to match). */
static bool rg_glob_matches(Judge *j, const char *pat) {
        return match_alternatives(pat, secret_glob, j);
}

/* grep -r --include=GLOB, rg -g GLOB: the files it searches, by name. */
int patterns_grep(Judge *j, const ShellWord *const *w, size_t n) {
        char nb[256];
        const char *prog = programs_name(w[0], nb, sizeof nb);
        bool ack = prog && streq(prog, "ack");
        for (size_t k = 1; k < n; k++) {
                char buf[512];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a)
                        continue;
                const char *pat = NULL, *value = NULL;
                /* ag -G, ack -g: a regex searched for in the path (known
                 * before buf holds the pattern) */
                bool search = streq(a, "-G") || (ack && streq(a, "-g"));
                /* by a prefix too: grep -r --incl='*nv' */
                bool include = programs_long_is(a, "include", &value) ||
                               programs_long_is(a, "glob", &value) || programs_long_is(a, "iglob", &value);
                bool regex = programs_long_is(a, "file-search-regex", &value);
                if ((include || regex) && value)
                        pat = value;
                else if (ack && (programs_long_is(a, "type-set", &value) ||
                                 programs_long_is(a, "type-add", &value))) {
                        /* ack's X:match:/RE/, X:is:NAME, X:ext:A,B: the files it searches */
                        const char *v = value       ? value
                                        : k + 1 < n ? programs_plain(w[++k], buf, sizeof buf)
                                                    : NULL;
                        const char *f = v ? strchr(v, ':') : NULL;
                        if (f && strncmp(f, ":match:", 7) == 0 && f[7]) {
                                char re[1024];
                                snprintf(re, sizeof re, "%s", f + 8);
                                char *close = strrchr(re, f[7]);
                                if (close)
                                        *close = 0;
                                char whole[1100];
                                if (!runners_search_regex(re, false, whole, sizeof whole) ||
                                    match_secret_regex(j, whole, true))
                                        return judge_refuse(j,
                                                            "ack searches the files a regex of it matches, "
                                                            "a masked name among them");
                        } else if (f && strncmp(f, ":is:", 4) == 0 &&
                                   (match_secret_glob(j, f + 4, MATCH_FOLD, true)))
                                return judge_refuse(j, "ack searches a file it names, a masked one");
                        else if (f && strncmp(f, ":ext:", 5) == 0)
                                for (const char *e = f + 5;
                                     *e;) { /* .env is env's? no: its extension is none */
                                        char g[260];
                                        size_t len = strcspn(e, ",");
                                        snprintf(g, sizeof g, "*.%.*s", (int) len, e);
                                        if (match_secret_glob(j, g, MATCH_FOLD, true))
                                                return judge_refuse(j,
                                                                    "ack searches the files an extension "
                                                                    "of it names, a masked one among them");
                                        e += len + (e[len] == ',');
                                }
                        continue;
                } else if (programs_long_is(a, "type-add", &value) &&
                           value) /* NAME:GLOB, NAME:include:... */
                        pat = strchr(value, ':') ? strrchr(value, ':') + 1 : NULL;
                else if (programs_long_is(a, "type-add", NULL) && k + 1 < n &&
                         programs_plain(w[k + 1], buf, sizeof buf))
                        k++, pat = strrchr(buf, ':') ? strrchr(buf, ':') + 1 : NULL;
                else if ((include || regex || streq(a, "-g") || streq(a, "-G")) && k + 1 < n)
                        pat = programs_plain(w[++k], buf, sizeof buf);
                if (!pat)
                        continue;
                /* rg's globs are gitignore's, ag's -G a regex: a glob
                 * judged against names and paths, either case */
                char whole[1100];
                search = search || regex;
                if (search && !runners_search_regex(pat, false, whole, sizeof whole))
                        snprintf(whole, sizeof whole, ".*");
                bool m = search ? match_secret_regex(j, whole, true) : rg_glob_matches(j, pat);
                if (m)
                        return judge_refuse(j,
                                            "grep searches the files a pattern of it matches, a masked name "
                                            "among them");
        }
        return 0;
}

/* tar --wildcards PATTERN, rsync --include=PAT, zip -i PAT: what it reads. */
int patterns_program(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        bool tar = streq(name, "tar"), wildcards = false, zip_r = false;
        for (size_t k = 1; k < n && tar; k++)
                wildcards = wildcards || programs_word_is(w[k], "--wildcards");
        /* zip -R (--recurse-patterns): it walks . and each operand after the
         * archive is a pattern any path there is matched against */
        size_t operands = 0;
        for (size_t k = 1; k < n && streq(name, "zip"); k++) {
                char buf[512];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && a[0] == '-' && a[1] != '-' && strchr(a + 1, 'R') && !strchr("bnitxOPU", a[1]))
                        zip_r = true;
                else if (a && programs_long_is(a, "recurse-patterns", NULL))
                        zip_r = true;
                else if (a && streq(a, "--"))
                        break;
        }
        for (size_t k = 1; k < n; k++) {
                char buf[512];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                _cleanup_free_ char *text = NULL;
                const char *pat = NULL, *value = NULL;
                if (tar && wildcards && !(a && a[0] == '-')) {
                        text = programs_word_text(w[k]);
                        if (!text)
                                return -ENOMEM;
                        pat = text;
                } else if (!tar && a &&
                           (programs_long_is(a, "include", &value) ||
                            programs_long_is(a, "filter", &value))) {
                        pat = value ? value : k + 1 < n ? programs_plain(w[++k], buf, sizeof buf) : NULL;
                } else if (!tar && a && strncmp(a, "-i", 2) == 0 && a[2]) { /* zip -i*nv */
                        pat = a + 2;
                } else if (!tar && a && (streq(a, "-i") || streq(a, "-f")) && k + 1 < n) {
                        pat = programs_plain(w[++k], buf, sizeof buf);
                } else if (zip_r && !(a && a[0] == '-' && a[1]) && operands++ > 0) {
                        text = programs_word_text(w[k]); /* zip -R - '*nv' */
                        if (!text)
                                return -ENOMEM;
                        pat = text;
                }
                if (!pat)
                        continue;
                if ((pat[0] == '+' || pat[0] == '-') && pat[1] == ' ') /* a filter rule: "+ PAT" */
                        pat += 2;
                if (match_secret_glob(j, pat, MATCH_FOLD, false) ||
                    match_secret_glob(j, pat, MATCH_FOLD, true))
                        return judge_refuse(
                                j, "%s reads the files a pattern of it matches, a masked name among them",
                                name);
        }
        return 0;
}

/* find: its patterns, and whether it reads what they match. */
int patterns_find(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, bool *ret_lists) {
        static const char *const readers[] = {"-exec",   "-execdir", "-ok",      "-okdir", "-delete",
                                              "-fprint", "-fprint0", "-fprintf", "-fls",   NULL};
        bool reads = false, matched = false, other_regex = false, either = false, tested = false;
        size_t n_secrets = j->policy->n_secrets;
        /* with no -o, ',' or group, and no test after an action, every test
         * must match one path: a file secret is read only when each test can
         * match it and one selects it (-path ./src/'*' -name '*.c' reads no
         * .env; -path ./h'*'/'*' -name id_r?a reads h/id_rsa); a
         * directory's files when one test selects it */
        _cleanup_free_ bool *all = calloc(n_secrets + 1, sizeof *all),
                            *some = calloc(n_secrets + 1, sizeof *some);
        int r;
        if (!all || !some)
                return -ENOMEM;
        static const char *const actions[] = {"-print", "-print0", "-printf", "-ls", "-quit", NULL};
        static const char *const tests[] = {"-name",      "-iname",      "-path",  "-ipath",
                                            "-wholename", "-iwholename", "-regex", "-iregex",
                                            "-lname",     "-ilname",     NULL};
        for (size_t k = 1, acted = 0; k < n; k++) {
                _cleanup_free_ char *a = programs_word_text(w[k]); /* a bare ',' too (a brace item) */
                if (!a)
                        return -ENOMEM;
                either = either || streq(a, "-o") || streq(a, "-or") || streq(a, ",") || streq(a, "(") ||
                         streq(a, ")") || (acted && streq_any(a, tests));
                acted = acted || streq_any(a, readers) || streq_any(a, actions);
                if (strncmp(a, "-exec", 5) == 0 ||
                    strncmp(a, "-ok", 3) == 0) /* its command's words are no tests */
                        while (k + 1 < n && !programs_word_is(w[k + 1], ";") &&
                               !programs_word_is(w[k + 1], "+"))
                                k++;
        }
        for (size_t i = 0; i < n_secrets; i++)
                all[i] = true;
        for (size_t k = 1; k < n; k++) {
                char buf[256];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a)
                        continue;
                if (streq(a, "-E") ||
                    (streq(a, "-regextype") && k + 1 < n && !programs_word_is(w[k + 1], "emacs")))
                        other_regex = true; /* BSD's -E, posix-extended: read as matching anything */
                if (streq_any(a, readers)) {
                        reads = true;
                        if (strncmp(a, "-exec", 5) == 0 || strncmp(a, "-ok", 3) == 0) {
                                size_t e = k + 1;
                                while (e < n && !programs_word_is(w[e], ";") && !programs_word_is(w[e], "+"))
                                        e++;
                                bool lists = false;
                                if ((r = programs_judge_words(j, ln, w + k + 1, e - k - 1, NULL, &lists)) !=
                                    0)
                                        return r;
                                k = e;
                        }
                        continue;
                }
                bool name = streq(a, "-name") || streq(a, "-iname");
                bool path = streq(a, "-path") || streq(a, "-ipath") || streq(a, "-wholename") ||
                            streq(a, "-iwholename") || streq(a, "-lname") || streq(a, "-ilname");
                bool regex = streq(a, "-regex") || streq(a, "-iregex");
                size_t nots = 0; /* ! -path X, -not -name X: what it matches is left out; */
                while (nots < k - 1 &&
                       (programs_word_is(w[k - 1 - nots], "!") || programs_word_is(w[k - 1 - nots], "-not")))
                        nots++;
                /* not with -o, ',' or a group: ! -name '.e*' -o -exec cat {} + reads
                 * what it matches, and so does ! \( ! -name '.e*' \) (31i 4) */
                if ((name || path || regex) && k + 1 < n && nots % 2 == 1 && !either) {
                        k++;
                        continue;
                }
                if ((name || path || regex) && k + 1 < n) {
                        _cleanup_free_ char *pat = programs_word_text(w[++k]);
                        if (!pat)
                                return -ENOMEM;
                        /* either case, always: a case-insensitive volume */
                        _cleanup_free_ bool *each = calloc(n_secrets + 1, sizeof *each),
                                            *can = calloc(n_secrets + 1, sizeof *can);
                        if (!each || !can)
                                return -ENOMEM;
                        (void) match_secret_each(j, regex && other_regex ? "\\w" : pat, regex, name, each,
                                                 can);
                        for (size_t i = 0; i < n_secrets; i++)
                                all[i] = all[i] && can[i], some[i] = some[i] || each[i];
                        tested = true;
                }
        }
        for (size_t i = 0; i < n_secrets && tested; i++) {
                const char *e = j->policy->secrets[i];
                bool dir = e[0] && e[strlen(e) - 1] == '/';
                if (either || dir ? some[i] : all[i] && some[i])
                        matched = j->named[i] = true;
        }
        if (matched && reads)
                return judge_refuse(j,
                                    "find matches a masked name with a pattern and reads what it matches");
        *ret_lists = *ret_lists || matched;
        return 0;
}
