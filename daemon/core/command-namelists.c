/* SPDX-License-Identifier: MIT */
/*
 * Lists of names (command-internal.h): the programs that open the names
 * in a list they read, on their input or in a file an option names
 * (xargs, tar -T, sort --files0-from, xz --files, zstd --filelist), a
 * compound stage that runs one; the lists find writes, the patterns of its
 * that may match git's objects, a list a pipeline writes from the line's
 * texts. It must not refuse: command-objects.c and command-programs.c do.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "word-names.h"
#include "util.h"

/* Does the simple command w[0..n) open each name of a list: on its input
 * or in a file? wc and du --files0-from only count and stat, gzip takes
 * no list: none of them. subst: a command substitution in a word may read
 * the input too (cat $(cat)). */
static bool opens_list(const ShellWord *const *w, size_t n, bool subst) {
        static const char *const xzs[] = {"xz", "lzma", "unxz", "unlzma", "xzcat", "lzcat", NULL};
        static const char *const zstds[] = {"zstd", "unzstd", "zstdcat", "zstdmt", NULL};
        static const char *const readers[] = {"xargs", "parallel", "cpio", NULL};
        char nb[256], ab[256];
        for (size_t a = 0; subst && a < n; a++)
                if (w[a]->substitution)
                        return true;
        /* xargs first (a wrapper: scripts_program_at passes it), then
         * after env, nice, sudo */
        size_t k = scripts_program_at(w, n);
        for (size_t a = 0; a < k && a < n; a++)
                if (streq_ptr(programs_name(w[a], nb, sizeof nb), "xargs"))
                        return true;
        const char *name = k < n ? programs_name(w[k], nb, sizeof nb) : NULL;
        if (!name)
                return false;
        if (streq_any(name, readers))
                return true;
        bool tar = streq(name, "tar") || streq(name, "bsdtar");
        for (size_t a = k + 1; a < n; a++) {
                const char *o = programs_plain(w[a], ab, sizeof ab);
                bool cluster = o && o[0] == '-' && o[1] != '-';
                if (!o)
                        continue;
                if ((tar && (programs_long_is(o, "files-from", NULL) || (cluster && strchr(o, 'T')) ||
                             (a == k + 1 && o[0] != '-' && strchr(o, 'T')))) || /* tar cfT - l */
                    (streq(name, "zip") && cluster && strchr(o, '@')) ||
                    (streq(name, "rsync") && (programs_long_is(o, "files-from", NULL) ||
                                              programs_long_is(o, "include-from", NULL))) ||
                    (streq(name, "git") && streq(o, "--stdin-paths")) ||
                    (streq(name, "sort") && programs_long_is(o, "files0-from", NULL)) ||
                    (streq_any(name, xzs) &&
                     (programs_long_is(o, "files", NULL) || programs_long_is(o, "files0", NULL))) ||
                    (streq_any(name, zstds) && programs_long_is(o, "filelist", NULL)))
                        return true;
        }
        return false;
}

/* Does a command of the tokens [from, to) open a list: { xargs cat; },
 * (xargs cat), if :; then xargs cat; fi, any of which may read the pipe? */
static bool body_opens(const ShellLexed *l, size_t from, size_t to, bool subst) {
        const ShellWord *w[64];
        size_t m = 0;
        for (size_t i = from; i <= to; i++) {
                const ShellToken *t = i < to ? &l->v[i] : NULL;
                if (t && t->kind == SHELL_TOKEN_WORD && !(m == 0 && programs_keyword(&t->w))) {
                        if (m < ELEMENTSOF(w))
                                w[m++] = &t->w;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR) {
                        i += i + 1 < to && l->v[i + 1].kind == SHELL_TOKEN_WORD;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_WORD)
                        continue; /* then, do, {: the command after it */
                if (m > 0 && opens_list(w, m, subst))
                        return true;
                m = 0;
        }
        return false;
}

/* Is token i an opener (1: '(', if, while, until, '{' at a command's
 * start), a closer (-1: ')', fi, done, '}') or neither (0)? */
static int nesting(const ShellLexed *l, size_t i) {
        const ShellToken *t = &l->v[i];
        if (t->kind == SHELL_TOKEN_OP)
                return streq(t->op, "(") ? 1 : streq(t->op, ")") ? -1 : 0;
        if (t->kind != SHELL_TOKEN_WORD || !programs_keyword(&t->w))
                return 0;
        static const char *const opens[] = {"if", "while", "until", "{", NULL};
        static const char *const closes[] = {"fi", "done", "}", NULL};
        for (size_t k = 0; opens[k]; k++)
                if (compound_word_is(&t->w, opens[k]))
                        return 1;
        for (size_t k = 0; closes[k]; k++)
                if (compound_word_is(&t->w, closes[k]))
                        return -1;
        return 0;
}

/* The compound v[at] opens, a pipe feeding it (T | if :; then xargs
 * cat; fi; T | (xargs cat): the line's pipeline ends inside it): does its
 * body open a list? */
static bool fed_compound_opens(const Line *ln, const Stage *v, size_t at, bool subst) {
        const ShellLexed *l = ln->lexed;
        size_t o = SIZE_MAX;
        if (v[at].keyword_led && v[at].led)
                o = (size_t) (v[at].led - l->v);
        else if (v[at].n == 0 && !v[at].led && v[at].n_redir == 0 && at > 0 && v[at - 1].n > 0) {
                const ShellWord *w = v[at - 1].w[v[at - 1].n - 1]; /* a stage's words are its tokens' */
                const ShellToken *t =
                        (const ShellToken *) (const void *) ((const char *) w - offsetof(ShellToken, w));
                for (size_t i = (size_t) (t - l->v); i < l->n && o == SIZE_MAX; i++)
                        if (l->v[i].kind == SHELL_TOKEN_OP && streq(l->v[i].op, "("))
                                o = i;
        }
        if (o >= l->n || nesting(l, o) != 1)
                return false;
        int depth = 0;
        for (size_t i = o; i < l->n; i++) {
                depth += nesting(l, i);
                if (depth == 0)
                        return body_opens(l, o + 1, i, subst);
        }
        return body_opens(l, o + 1, l->n, subst); /* unclosed: what follows */
}

bool namelists_opens(const Line *ln, const Stage *v, size_t at, bool subst) {
        const Stage *st = &v[at];
        if (opens_list(st->w, st->n, subst))
                return true;
        char name[256];
        size_t from, to;
        bool whole;
        if (!ln || !ln->lexed)
                return false;
        if (fed_compound_opens(ln, v, at, subst))
                return true;
        return compound_body(ln, st, pipeline_stage_name(st, name, sizeof name), &from, &to, &whole) &&
               body_opens(ln->lexed, from, to, subst);
}

bool namelists_find_writes(const Stage *st) {
        static const char *const prints[] = {"-fprint", "-fprint0", "-fprintf", "-fls", NULL};
        char buf[256];
        size_t k = scripts_program_at(st->w, st->n);
        if (k >= st->n || !streq_ptr(programs_name(st->w[k], buf, sizeof buf), "find"))
                return false;
        for (size_t a = k + 1; a + 1 < st->n; a++) {
                const char *o = programs_plain(st->w[a], buf, sizeof buf);
                if (!o || streq_any(o, prints))
                        return true;
        }
        return false;
}

/* The paths of git's objects below .git, \1 a hex digit (match.h's
 * MATCH_ANY_HEX): a loose object, its fan-out directory, a pack and its
 * index. */
#define H4 "\1\1\1\1"
#define H38 H4 H4 H4 H4 H4 H4 H4 H4 H4 "\1\1"
#define H40 H38 "\1\1"
static const char *const objects_named[] = {"objects/\1\1/" H38, "objects/\1\1",
                                            "objects/pack/pack-" H40 ".pack",
                                            "objects/pack/pack-" H40 ".idx"};

bool namelists_may_match_object(const char *pat, bool path, bool dot, bool fold) {
        for (size_t t = 0; t < ELEMENTSOF(objects_named); t++) {
                char tmpl[128];
                snprintf(tmpl, sizeof tmpl, "%s%s", !path ? "" : dot ? "./.git/" : "\2", objects_named[t]);
                if (match_glob_some(pat, path ? tmpl : strrchr(tmpl, '/') + 1, fold ? MATCH_FOLD : 0))
                        return true;
        }
        return false;
}

int namelists_written(Judge *j, const Line *ln, const Stage *v, size_t at) {
        char buf[256];
        const Stage *st = &v[at];
        bool writes = false; /* > l, >> l, >| l, &> l; tee l */
        for (size_t i = 0; i < st->n_redir && !writes; i++)
                writes = st->target[i] && strchr(st->redir[i]->op, '>') && !strchr(st->redir[i]->op, '<') &&
                         !strchr(st->redir[i]->op, '(') && !streq(st->redir[i]->op, ">&");
        const char *p = pipeline_stage_name(st, buf, sizeof buf);
        writes = writes || (p && streq(p, "tee") && st->n > 1);
        if (!writes || at == 0 || !judge_held(j) || j->git_list_written)
                return 0;
        _cleanup_free_ char *t = NULL;
        int r = pipeline_names(j, ln, v, at, &t);
        if (r < 0)
                return r;
        j->git_list_written = r == 1 || (r == 2 && objects_text_names(t));
        return 0;
}

/* Names inside .git other than the objects' (a hook, a ref, a log): from
 * one of them a path reaches the objects ({}/../objects/ab/cd). */
static const char *const git_named[] = {".git",
                                        ".git/HEAD",
                                        ".git/config",
                                        ".git/description",
                                        ".git/index",
                                        ".git/packed-refs",
                                        ".git/FETCH_HEAD",
                                        ".git/ORIG_HEAD",
                                        ".git/MERGE_HEAD",
                                        ".git/COMMIT_EDITMSG",
                                        ".git/shallow",
                                        ".git/objects",
                                        ".git/objects/info",
                                        ".git/objects/info/packs",
                                        ".git/objects/info/alternates",
                                        ".git/objects/info/commit-graph",
                                        ".git/objects/pack",
                                        ".git/refs",
                                        ".git/refs/heads",
                                        ".git/refs/heads/main",
                                        ".git/refs/heads/master",
                                        ".git/refs/tags",
                                        ".git/refs/remotes",
                                        ".git/refs/remotes/origin",
                                        ".git/refs/remotes/origin/HEAD",
                                        ".git/hooks",
                                        ".git/hooks/pre-commit.sample",
                                        ".git/hooks/commit-msg.sample",
                                        ".git/hooks/update.sample",
                                        ".git/info",
                                        ".git/info/exclude",
                                        ".git/info/attributes",
                                        ".git/logs",
                                        ".git/logs/HEAD",
                                        ".git/logs/refs",
                                        ".git/logs/refs/heads",
                                        ".git/logs/refs/heads/main",
                                        ".git/branches",
                                        ".git/modules",
                                        ".git/worktrees",
                                        ".git/lfs",
                                        ".git/rr-cache"};

bool namelists_may_match_git(const char *pat, bool path, bool dot, bool fold) {
        if (namelists_may_match_object(pat, path, dot, fold))
                return true;
        for (size_t t = 0; t < ELEMENTSOF(git_named); t++) {
                char tmpl[128];
                snprintf(tmpl, sizeof tmpl, "%s%s", dot ? "./" : "\2", git_named[t]);
                const char *base =
                        strrchr(git_named[t], '/') ? strrchr(git_named[t], '/') + 1 : git_named[t];
                if (match_glob_some(pat, path ? tmpl : base, fold ? MATCH_FOLD : 0))
                        return true;
        }
        return false;
}

bool namelists_glob_may_match_git(const char *glob) {
        char dotted[1024];
        int m = snprintf(dotted, sizeof dotted, "%s%s",
                         glob[0] == '/' || strncmp(glob, "./", 2) == 0 ? "" : "./", glob);
        if (m < 0 || (size_t) m >= sizeof dotted)
                return true; /* past what it reads: the safe side */
        return namelists_may_match_git(dotted, true, true, true);
}

bool namelists_exec_builds(const char *action, const ShellWord *const *w, size_t n) {
        char buf[256];
        if (streq(action, "-execdir") || streq(action, "-okdir"))
                return true; /* it runs inside .git's directories: any relative path */
        const char *p = n > 0 ? programs_name(w[0], buf, sizeof buf) : NULL;
        if (!p || programs_is_shell(p) || readers_interpreter(p) || streq(p, "env") || streq(p, "xargs"))
                return true; /* a program that may join its own paths to {} */
        for (size_t k = 0; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t || (strstr(t, "{}") && !streq(t, "{}")))
                        return true; /* {}/48/7ec78..., {}x */
        }
        return false;
}

bool namelists_printf_builds(const char *fmt) {
        for (const char *q = fmt; q && (q = strchr(q, '%')); q++) {
                if (q[1] == '%') {
                        q++;
                        continue;
                }
                const char *d = q + 1 + strspn(q + 1, "-+ #0123456789.");
                if (*d == 'h' || *d == 'p' || *d == 'P' || *d == 'H')
                        if (d[1] && !strchr(" \t\\%", d[1]))
                                return true; /* %h/objects/48/..., %px */
        }
        return false;
}

/* A regex (runners_search_regex's, emacs syntax) that may match one of
 * git's objects' names or paths: any, unless a byte it requires (outside a
 * class, not made optional by '*' or '?', with no \| or \{ in the regex)
 * is one no object's name (path, when path) holds (fd -HI src, '_test'). The pattern's own hex digits
 * as a witness missed fd -HI '7.c78'. */
bool namelists_regex_may_match_object(const char *re, bool fold, bool path) {
        /* an object's name (hex digits, pack-HEX.pack, .idx); its path's */
        const char *object_bytes = path ? "0123456789abcdef.-pkix/gtojs" : "0123456789abcdef.-pkix";
        /* alternatives, a count, an optional group: any */
        if (strstr(re, "\\|") || strstr(re, "\\{") || strstr(re, "\\)*") || strstr(re, "\\)?"))
                return true;
        for (const char *q = re; *q; q++) {
                if (*q == '\\' && !q[1])
                        return true;
                if (*q == '[') { /* a class: any of its members */
                        q = strchr(q + 1 + (q[1] == ']'), ']');
                        if (!q)
                                return true;
                        continue;
                }
                if (strchr(".+^$*?", *q) || (*q == '\\' && strchr("()", q[1]))) {
                        q += *q == '\\';
                        continue;
                }
                q += *q == '\\'; /* \. a '.' */
                char c = (char) (fold && *q >= 'A' && *q <= 'Z' ? *q - 'A' + 'a' : *q);
                bool optional = q[1] && (strchr("*?", q[1]) || (q[1] == '\\' && q[2] == '{'));
                if (!optional && !strchr(object_bytes, c))
                        return false;
        }
        return true;
}

/* Is option a a short cluster holding letter c, or the long name l? */
static bool option_has(const char *a, char c, const char *l) {
        if (!a || a[0] != '-')
                return false;
        if (a[1] == '-')
                return l && programs_long_is(a, l, NULL);
        return c && strchr(a + 1, c);
}

bool namelists_lists_tree(const Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const modes[] = {"chmod", "chown", "chgrp", NULL};
        char buf[256];
        bool du = streq(name, "du"), mode = streq_any(name, modes), rg = streq(name, "rg");
        bool all = false, recursive = false, verbose = false, files = false, hidden = false, out = false,
             dashdash = false, root = false, globbed = false, glob_git = false;
        size_t first = mode ? 1 : 0, seen = 0; /* chmod's mode, chown's owner: no root */
        if (!du && !mode && !rg)
                return false;
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!dashdash && a && streq(a, "--")) {
                        dashdash = true;
                        continue;
                }
                if (!dashdash && a && a[0] == '-' && a[1]) {
                        size_t us = a[1] != '-' ? strspn(a + 1, "u") : 0;
                        all = all || option_has(a, 'a', "all");
                        recursive = recursive || option_has(a, 'R', "recursive");
                        verbose = verbose || option_has(a, 'v', "verbose") || option_has(a, 'c', "changes");
                        files = files || streq(a, "--files");
                        hidden = hidden || us >= 2 || option_has(a, '.', "hidden");
                        first = mode && programs_long_is(a, "reference", NULL) ? 0 : first;
                        bool g = rg && (streq(a, "-g") || streq(a, "--glob") || streq(a, "--iglob"));
                        static const char *const du_valued[] = {
                                "--max-depth",  "--exclude",    "--exclude-from", "--threshold",
                                "--block-size", "--time-style", "--files0-from",  NULL};
                        bool valued =
                                a[1] != '-' ? word_option_takes_next(name, a) : streq_any(a, du_valued);
                        if ((g || ((rg || du) && valued)) && k + 1 < n) {
                                _cleanup_free_ char *t = programs_word_text(w[++k]);
                                bool neg = t && t[0] == '!';
                                /* -g '!.git', '!.git/': .git left out */
                                out = out ||
                                      (g && neg &&
                                       (match_glob(t + 1, ".git", 0) || match_glob(t + 1, ".git/", 0)));
                                globbed = globbed || (g && !neg);
                                glob_git = glob_git || !t ||
                                           (g && !neg &&
                                            namelists_may_match_git(t, strchr(t, '/') != NULL, false, true));
                        }
                        continue;
                }
                if (seen++ < first)
                        continue;
                root = root || objects_holds_git(j, w[k]);
        }
        if (seen <= first)
                root = true; /* none named: the working directory */
        if (du)
                return all && root;
        if (mode)
                return recursive && verbose && root;
        return files && hidden && !out && root && (!globbed || glob_git);
}

bool namelists_regex_may_match_git(const char *re, bool fold) {
        if (namelists_regex_may_match_object(re, fold, true))
                return true;
        for (size_t t = 0; t < ELEMENTSOF(git_named); t++) {
                const char *base =
                        strrchr(git_named[t], '/') ? strrchr(git_named[t], '/') + 1 : git_named[t];
                if (match_regex(re, base, fold))
                        return true;
        }
        return false;
}

bool namelists_fd_builds(const ShellWord *const *w, size_t n) {
        if (namelists_exec_builds("-exec", w, n))
                return true;
        for (size_t k = 0; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t || (strchr(t, '{') && !streq(t, "{}")))
                        return true; /* {//}: the parent directory, {.}x */
        }
        return false;
}

bool namelists_find_joins(const Stage *st) {
        char buf[64];
        for (size_t k = 1; k + 1 < st->n; k++) {
                const char *a = programs_plain(st->w[k], buf, sizeof buf);
                size_t f = streq_ptr(a, "-printf") ? k + 1 : streq_ptr(a, "-fprintf") ? k + 2 : st->n;
                _cleanup_free_ char *t = f < st->n ? programs_word_text(st->w[f]) : NULL;
                if (f < st->n && (!t || namelists_printf_builds(t)))
                        return true;
        }
        return false;
}
