/* SPDX-License-Identifier: MIT */
/*
 * Programs that build the command lines they run or the names they read
 * from their own words (command-internal.h): GNU parallel's ':::' and
 * replacement strings, fd's pattern and -x, bash's compgen.
 * It must not lex, nor say what a word names: command.c and match do.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

/* ---- GNU parallel: its command with each argument, or each argument ---- */

#define PARALLEL_LINES 256       /* the combinations judged; past them, refused */
#define PARALLEL_ROOM (1u << 20) /* the longest line built; past it, refused */

static bool parallel_separator(const ShellWord *w) {
        return programs_word_is(w, ":::") || programs_word_is(w, ":::+") || programs_word_is(w, "::::") ||
               programs_word_is(w, "::::+");
}

/* s, single-quoted, appended at *p (room made by the caller). */
static char *quote_into(char *p, const char *s) {
        *p++ = '\'';
        for (; *s; s++) {
                if (*s == '\'') {
                        memcpy(p, "'\\''", 4);
                        p += 4;
                } else
                        *p++ = *s;
        }
        *p++ = '\'';
        *p = 0;
        return p;
}

/* A replacement string at s ({}, {.}, {/}, {//}, {/.}, {#}, {%}, {2},
 * {2.}, ...): its length, the source it takes (0: all) in *ret_src, its
 * modifier in ret_mod; 0 when s holds none. */
static size_t parallel_replacement(const char *s, int *ret_src, char ret_mod[3]) {
        static const char *const mods[] = {"", ".", "/", "//", "/.", "#", "%", NULL};
        if (s[0] != '{')
                return 0;
        const char *p = s + 1;
        int src = 0;
        while (*p >= '0' && *p <= '9' && src < 1000)
                src = src * 10 + (*p++ - '0');
        const char *close = strchr(p, '}');
        if (!close || close - p > 2)
                return 0;
        char mod[3] = {0};
        memcpy(mod, p, (size_t) (close - p));
        if (!streq_any(mod, mods))
                return 0;
        *ret_src = src;
        memcpy(ret_mod, mod, 3);
        return (size_t) (close - s) + 1;
}

/* What a modifier leaves of an argument, in place: {.} drops the
 * extension, {/} the directory, {//} all but it. */
static void parallel_modify(char *a, const char *mod) {
        char *slash = strrchr(a, '/');
        if (strchr(mod, '/') && !streq(mod, "//") && slash)
                memmove(a, slash + 1, strlen(slash + 1) + 1);
        else if (streq(mod, "//"))
                slash ? (void) (*slash = 0) : (void) strcpy(a, ".");
        if (strchr(mod, '.')) {
                char *dot = strrchr(a, '.');
                if (dot && dot > a && dot[-1] != '/')
                        *dot = 0;
        }
        if (streq(mod, "#") || streq(mod, "%"))
                strcpy(a, "1");
}

/* The line parallel runs for one combination of arguments (args[s] from
 * source s), into a new string: the command with its replacement strings
 * filled in (each argument quoted, as parallel does), or with the
 * arguments after it; with no command, the arguments are the line. */
static char *parallel_line(const char *cmd, char *const *args, size_t n_src) {
        size_t all = 8, braces = 1; /* every argument quoted; each {...} may take all of them */
        for (size_t s = 0; s < n_src; s++)
                all += 4 * strlen(args[s]) + 4;
        for (const char *c = cmd; *c; c++)
                braces += *c == '{';
        size_t room = strlen(cmd) + braces * all;
        if (room > PARALLEL_ROOM) { /* past any line the rule judges: "" stands for it */
                errno = E2BIG;
                return NULL;
        }
        char *out = malloc(room), *p = out;
        if (!out)
                return NULL;
        *p = 0;
        if (!cmd[0]) {
                for (size_t s = 0; s < n_src; s++)
                        p += sprintf(p, "%s%s", s ? " " : "", args[s]);
                return out;
        }
        bool replaced = false;
        for (const char *c = cmd; *c;) {
                int src;
                char mod[3];
                size_t len = parallel_replacement(c, &src, mod);
                if (!len) {
                        *p++ = *c++;
                        continue;
                }
                replaced = true;
                for (size_t s = 0; s < n_src; s++) {
                        if (src && (size_t) src != s + 1)
                                continue;
                        char a[1024];
                        snprintf(a, sizeof a, "%s", args[s]);
                        parallel_modify(a, mod);
                        if (!src && s > 0)
                                *p++ = ' ';
                        p = quote_into(p, a);
                }
                c += len;
        }
        for (size_t s = 0; s < n_src && !replaced; s++) {
                *p++ = ' ';
                p = quote_into(p, args[s]);
        }
        *p = 0;
        return out;
}

/* parallel's options that change what it runs: its command as written
 * (-n0, --onall, --semaphore), names built by replacement strings the
 * rule does not fill (-I, --replace, --rpl, --header, --plus, --colsep),
 * arguments read from a file (-a, --arg-file; '::::' after the command). */
static void parallel_options(const ShellWord *const *w, size_t n, size_t first, bool *as_is, bool *unfilled,
                             bool *from_file) {
        static const char *const unfilled_opts[] = {"-I",     "--replace", "--rpl", "--header",
                                                    "--plus", "--colsep",  "-C",    NULL};
        char b[256];
        *as_is = *as_is || streq_ptr(programs_name(w[0], b, sizeof b), "sem"); /* parallel --semaphore */
        for (size_t k = 1; k < first && k < n; k++) {
                const char *a = programs_plain(w[k], b, sizeof b);
                if (!a)
                        continue;
                if (streq(a, "-n0") || streq(a, "--max-args=0") || streq(a, "--onall") ||
                    streq(a, "--semaphore") || streq(a, "--nonall") ||
                    ((streq(a, "-n") || streq(a, "--max-args")) && k + 1 < n &&
                     programs_word_is(w[k + 1], "0")))
                        *as_is = true;
                for (const char *const *u = unfilled_opts; *u; u++)
                        if (strncmp(a, *u, strlen(*u)) == 0)
                                *unfilled = true;
                if (strncmp(a, "-a", 2) == 0 || strncmp(a, "--arg-file", 10) == 0 ||
                    strncmp(a, "--argfile", 9) == 0)
                        *from_file = true;
        }
        for (size_t k = first; k < n; k++)
                if (programs_word_is(w[k], "::::") || programs_word_is(w[k], "::::+"))
                        *from_file = true;
}

/* Every line parallel runs, from its ':::' sources at sep (cmd: its
 * command as one line), one a line, into *ret (NULL when nothing runs);
 * -ERANGE: more than 16 sources, -EMLINK: more combinations than the rule
 * judges, -E2BIG: a line longer than it judges. */
static int parallel_all(const ShellWord *const *w, size_t n, size_t sep, const char *cmd, char **ret) {
        size_t start[16], end[16], n_src = 0;
        *ret = NULL;
        for (size_t k = sep; k < n;) {
                if (n_src == ELEMENTSOF(start))
                        return -ERANGE;
                bool file = programs_word_is(w[k], "::::") || programs_word_is(w[k], "::::+");
                size_t e = k + 1;
                while (e < n && !parallel_separator(w[e]))
                        e++;
                if (!file && e == k + 1) /* an empty source: nothing runs */
                        return 0;
                if (!file) /* read from a file: unseen, as xargs's */
                        start[n_src] = k + 1, end[n_src++] = e;
                k = e;
        }
        size_t lines = 1, at[16] = {0}, len = 0;
        for (size_t s = 0; s < n_src; s++)
                if ((lines *= end[s] - start[s]) > PARALLEL_LINES)
                        return -EMLINK;
        _cleanup_free_ char *out = NULL;
        for (size_t l = 0; n_src > 0 && l < lines; l++) {
                char *args[16] = {NULL};
                int r = 0;
                size_t rest = l;
                for (size_t s = n_src; s-- > 0;) { /* the last source turns fastest */
                        size_t m = end[s] - start[s];
                        at[s] = rest % m, rest /= m;
                }
                for (size_t s = 0; s < n_src && r == 0; s++)
                        if (!(args[s] = programs_word_text(w[start[s] + at[s]])))
                                r = -ENOMEM;
                errno = 0;
                _cleanup_free_ char *line = r == 0 ? parallel_line(cmd, args, n_src) : NULL;
                for (size_t s = 0; s < n_src; s++)
                        free(args[s]);
                if (!line)
                        return r < 0 ? r : errno == E2BIG ? -E2BIG : -ENOMEM;
                char *grown = realloc(out, len + strlen(line) + 2);
                if (!grown)
                        return -ENOMEM;
                out = grown;
                len += (size_t) sprintf(out + len, "%s\n", line);
        }
        *ret = TAKE_PTR(out);
        return 0;
}

/* parallel CMD ::: ARGS (no option changing what it runs): every line it
 * runs, one a line, as a command line the line hands on (the scripts
 * they run are the line's: parallel sh ::: X/s). */
int runners_parallel_string(const ShellWord *const *w, size_t n, char **ret_s) {
        bool as_is = false, unfilled = false, from_file = false, piped = false, semaphore = false;
        size_t first = 1, sep;
        int r = options_parallel(w, n, &first, &piped, &semaphore);
        if (r < 0)
                return r;
        parallel_options(w, n, first, &as_is, &unfilled, &from_file);
        for (sep = first; sep < n && !parallel_separator(w[sep]);)
                sep++;
        if (as_is || unfilled || piped || semaphore || sep == first || sep >= n)
                return 0;
        _cleanup_free_ char *cmd = programs_joined(w, sep, first);
        if (!cmd)
                return -ENOMEM;
        r = parallel_all(w, n, sep, cmd, ret_s);
        return r < 0 && r != -ENOMEM ? 0 : r < 0 ? r : *ret_s ? 1 : 0;
}

int runners_parallel(Judge *j, const ShellWord *const *w, size_t n, size_t first) {
        bool as_is = false, unfilled = false, from_file = false, piped = false, semaphore = false;
        /* its command word past every option taking a value (--id x, --st 5) */
        int r = options_parallel(w, n, &first, &piped, &semaphore);
        if (r < 0)
                return r;
        size_t sep = first;
        parallel_options(w, n, first, &as_is, &unfilled, &from_file);
        as_is = as_is || semaphore;
        while (sep < n && !parallel_separator(w[sep]))
                sep++;
        _cleanup_free_ char *cmd = programs_joined(w, sep, first);
        if (!cmd)
                return -ENOMEM;
        if (as_is && cmd[0]) /* -n0, --onall, --semaphore: the command as written */
                return programs_reread(j, "parallel's command, run as written", cmd, strlen(cmd));
        /* --pipe, --pipepart, --spreadstdin: blocks of its input fed to the
         * command, which $SHELL -c runs as written */
        if (piped && cmd[0] &&
            (r = programs_reread(j, "parallel's command, run as written", cmd, strlen(cmd))) != 0)
                return r;
        bool wait = false; /* parallel --semaphore --wait: waits, runs nothing */
        for (size_t k = 1; k < first && k < n; k++)
                wait = wait || programs_word_is(w[k], "--wait");
        if (!cmd[0] && !wait && (from_file || sep >= n))
                return judge_refuse(j,
                                    "parallel with no command runs each line of its input or of a file as a "
                                    "command line, which the rule cannot read");
        if (cmd[0] && unfilled)
                return judge_refuse(j,
                                    "parallel builds its command's words with replacement strings the rule "
                                    "does not fill (-I, --replace, --rpl, --header, --plus, --colsep)");
        if (sep >= n)
                return 0;      /* its arguments come from its input: the pipe's checks */
        if (strstr(cmd, "{=")) /* {= perl =}: an argument made by a program */
                return judge_refuse(j, "parallel computes its arguments with perl ({= ... =}): names made "
                                       "at run time");
        _cleanup_free_ char *all = NULL;
        r = parallel_all(w, n, sep, cmd, &all);
        if (r == -ERANGE)
                return judge_refuse(j, "parallel with more than 16 argument sources");
        if (r == -EMLINK)
                return judge_refuse(j, "parallel with more than %d combinations of arguments",
                                    PARALLEL_LINES);
        if (r == -E2BIG)
                return judge_refuse(j, "parallel's command with its arguments longer than this rule judges");
        if (r < 0)
                return r;
        if (all && (r = programs_reread(j,
                                        cmd[0] ? "parallel's command with its arguments"
                                               : "parallel's arguments, each a command line",
                                        all, strlen(all))) != 0)
                return r;
        return 0;
}

/* ---- fd, ag -G, ack -g: a regex searched for in a name ---- */

/* Rust's inline flags ((?i), (?-u), (?i:...)) in re, into out: dropped
 * (the match folds case anyway), and a flagged group's own parentheses
 * with them ((?i:^\.env$) is ^\.env$). false when out is too small or
 * the groups nest too deep. */
static bool drop_inline_flags(const char *re, char *out, size_t size) {
        bool dropped[64]; /* each open group: its ')' dropped too */
        size_t q = 0, depth = 0;
        for (const char *c = re; *c; c++) {
                if (q + 3 >= size)
                        return false;
                if (c[0] == '\\' && c[1]) {
                        out[q++] = *c++;
                        out[q++] = *c;
                        continue;
                }
                size_t f = c[0] == '(' && c[1] == '?' ? strspn(c + 2, "imsxuUR-") : 0;
                if (f > 0 && c[2 + f] == ')') {
                        c += 2 + f;
                        continue;
                }
                if (c[0] == '(') {
                        if (depth >= ELEMENTSOF(dropped))
                                return false;
                        dropped[depth++] = f > 0 && c[2 + f] == ':';
                        if (dropped[depth - 1]) {
                                c += 2 + f;
                                continue;
                        }
                } else if (c[0] == ')' && depth > 0 && dropped[--depth])
                        continue;
                out[q++] = *c;
        }
        out[q] = 0;
        return true;
}

bool runners_search_regex(const char *pattern, bool fixed, char *out, size_t size) {
        char re[1024];
        if (fixed)
                snprintf(re, sizeof re, "%s", pattern);
        else if (!drop_inline_flags(pattern, re, sizeof re))
                return false;
        size_t n = strlen(re), q = 0;
        bool start = !fixed && re[0] == '^';
        bool end = !fixed && n > 0 && re[n - 1] == '$' && (n < 2 || re[n - 2] != '\\');
        if (size < 8)
                return false;
        if (!start)
                q += (size_t) snprintf(out, size, ".*");
        for (size_t i = start; i < n - (end ? 1 : 0); i++) {
                if (q + 4 >= size)
                        return false;
                char c = re[i];
                if (fixed && strchr(".*[]^$\\+?", c))
                        out[q++] = '\\';
                else if (!fixed && strchr("(){}|", c)) /* ERE's group: emacs's \( */
                        out[q++] = '\\';
                else if (!fixed && c == '\\' && i + 1 < n && strchr("(){}|", re[i + 1]))
                        c = re[++i];
                else if (!fixed && c == '\\' && i + 1 < n) {
                        out[q++] = c;
                        c = re[++i];
                }
                out[q++] = c;
        }
        if (!end && q + 3 < size)
                q += (size_t) snprintf(out + q, size - q, ".*");
        out[q] = 0;
        return true;
}

/* Does a path of the entry hold a name that starts with a dot (which fd
 * leaves out unless -H)? */
static bool dotted(const char *e) {
        for (const char *c = e; *c; c++)
                if (*c == '.' && (c == e || c[-1] == '/'))
                        return true;
        return false;
}

/* fd's options taking a value (short letters, long names). */
static const char fd_short_arg[] = "dtEecjSo";
static const char *const fd_long_arg[] = {"max-depth",
                                          "min-depth",
                                          "exact-depth",
                                          "type",
                                          "extension",
                                          "exclude",
                                          "color",
                                          "threads",
                                          "size",
                                          "changed-within",
                                          "changed-before",
                                          "change-newer-than",
                                          "change-older-than",
                                          "owner",
                                          "base-directory",
                                          "search-path",
                                          "max-results",
                                          "ignore-file",
                                          "path-separator",
                                          "batch-size",
                                          "format",
                                          "and",
                                          NULL};

/* fd -e EXT (a word, or its text): one more extension, at most 8 (past
 * them: none kept, any name passes). */
static void fd_extension(char exts[][64], size_t *n, const ShellWord *w, const char *v) {
        char buf[64];
        if (!v && w)
                v = programs_plain(w, buf, sizeof buf);
        if (*n == SIZE_MAX)
                return;
        if (!v || *n == 8) {
                *n = SIZE_MAX;
                return;
        }
        snprintf(exts[(*n)++], 64, "%s", v[0] == '.' ? v + 1 : v);
}

/* Does a name (an entry: its last name) pass fd's -e filters? */
static bool fd_extended(char exts[][64], size_t n, const char *e) {
        if (n == 0 || n == SIZE_MAX)
                return true;
        size_t len = strlen(e);
        while (len > 0 && e[len - 1] == '/')
                len--;
        for (size_t i = 0; i < n; i++) {
                size_t x = strlen(exts[i]);
                if (len > x + 1 && e[len - x - 1] == '.' && strncasecmp(e + len - x, exts[i], x) == 0)
                        return true;
        }
        return false;
}

/* fd -x CMD: CMD with each path, at its {}, {.}, {/} or after it. */
static int fd_exec(Judge *j, const Line *ln, const ShellWord *const *w, size_t n) {
        bool placed = false, lists = false;
        for (size_t k = 0; k < n && !placed; k++)
                for (size_t i = 0; i < w[k]->n && !placed; i++)
                        placed = w[k]->v[i].c == '{';
        if (placed || n == 0)
                return programs_judge_words(j, ln, w, n, NULL, &lists);
        _cleanup_free_ const ShellWord **with = calloc(n + 1, sizeof *with);
        ShellWord path = {0}; /* the path fd adds: any name, as find's {} */
        if (!with || shell_word_put(&path, SHELL_LIT, '{') < 0 ||
            shell_word_put(&path, SHELL_LIT, '}') < 0) {
                shell_word_done(&path);
                return -ENOMEM;
        }
        memcpy(with, w, n * sizeof *with);
        with[n] = &path;
        int r = programs_judge_words(j, ln, with, n + 1, NULL, &lists);
        shell_word_done(&path);
        return r;
}

int runners_fd(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, bool *ret_lists) {
        bool hidden = false, glob = false, fixed = false, runs = false, builds = false, path = false;
        _cleanup_free_ char *pat = NULL;
        char exts[8][64]; /* -e EXT: only names ending in .EXT */
        size_t n_exts = 0;
        int r;
        for (size_t k = 1; k < n; k++) {
                char buf[512];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                bool exec = a && (streq(a, "-x") || streq(a, "-X") || programs_long_is(a, "exec", NULL) ||
                                  programs_long_is(a, "exec-batch", NULL));
                if (exec) { /* its command, to a ';' or the end */
                        size_t e = k + 1;
                        while (e < n && !programs_word_is(w[e], ";"))
                                e++;
                        runs = true;
                        builds = builds || namelists_fd_builds(w + k + 1, e - k - 1);
                        if ((r = fd_exec(j, ln, w + k + 1, e - k - 1)) != 0)
                                return r;
                        k = e;
                        continue;
                }
                if (a && a[0] == '-' && a[1] == '-' && a[2]) {
                        hidden = hidden || programs_long_is(a, "hidden", NULL) ||
                                 programs_long_is(a, "unrestricted", NULL);
                        glob = glob || programs_long_is(a, "glob", NULL);
                        fixed = fixed || programs_long_is(a, "fixed-strings", NULL);
                        path = path || programs_long_is(a, "full-path", NULL);
                        bool with = false;
                        const char *value = NULL;
                        for (const char *const *l = fd_long_arg; *l && !with; l++)
                                with = programs_long_is(a, *l, &value);
                        if (programs_long_is(a, "extension", &value))
                                fd_extension(exts, &n_exts, k + 1 < n ? w[k + 1] : NULL, value);
                        k += with && !value;
                        continue;
                }
                if (a && a[0] == '-' && a[1] && !streq(a, "--")) {
                        for (const char *q = a + 1; *q; q++) {
                                hidden = hidden || *q == 'H' || *q == 'u';
                                glob = glob || *q == 'g';
                                fixed = fixed || *q == 'F';
                                path = path || *q == 'p';
                                if (*q == 'e')
                                        fd_extension(exts, &n_exts, k + 1 < n ? w[k + 1] : NULL,
                                                     q[1] ? q + 1 : NULL);
                                if (strchr(fd_short_arg, *q)) {
                                        k += !q[1];
                                        break;
                                }
                        }
                        continue;
                }
                if (a && streq(a, "--"))
                        continue;
                if (!pat && !(pat = programs_word_text(w[k])))
                        return -ENOMEM;
        }
        char re[1024];
        /* with -H, .git and what it holds: a name of them that the pattern
         * matches, run on or listed, when the history holds a masked entry */
        static const char *const git_names[] = {".git", "objects",
                                                "ab",   "0123456789abcdef0123456789abcdef012345",
                                                "pack", "pack-0123456789abcdef0123456789abcdef01234567.pack",
                                                NULL};
        bool git = false;
        if (hidden && judge_held(j)) {
                if (pat && pat[0] && !glob && !runners_search_regex(pat, fixed, re, sizeof re))
                        git = true;
                for (const char *const *g = git_names; !git && *g; g++)
                        git = fd_extended(exts, n_exts, *g) &&
                              (!pat || !pat[0] ||
                               (glob ? match_glob(pat, *g, MATCH_FOLD) : match_regex(re, *g, true)));
                /* fd -HI 7ec78: an object's name of the pattern's hex digits */
                git = git || (fd_extended(exts, n_exts, "48") && pat && pat[0] &&
                              (glob ? namelists_may_match_object(pat, false, true, true)
                                    : namelists_regex_may_match_object(re, true, path)));
                /* fd -HI HEAD -x cat {//}/objects/...: any name inside .git */
                git = git || (builds && fd_extended(exts, n_exts, "HEAD") && pat && pat[0] &&
                              (glob ? namelists_may_match_git(pat, false, true, true)
                                    : namelists_regex_may_match_git(re, true)));
        }
        if (git && (runs || j->unseen_args)) {
                judge_mark_held(j);
                return judge_refuse(j, "fd runs a command on what it finds in git's directory, and the "
                                       "history holds a masked entry");
        }
        if (git) {
                judge_mark_held(j);
                *ret_lists = true;
        }
        if (!pat || !pat[0])
                return 0; /* every name: a tree read, as find's with no test */
        size_t n_secrets = j->policy->n_secrets;
        _cleanup_free_ bool *each = calloc(n_secrets + 1, sizeof *each),
                            *can = calloc(n_secrets + 1, sizeof *can);
        if (!each || !can)
                return -ENOMEM;
        if (glob) {
                for (size_t i = 0; i < n_secrets; i++) { /* the glob against the last name */
                        const char *e = j->policy->secrets[i];
                        char last[256];
                        snprintf(last, sizeof last, "%s", e);
                        size_t len = strlen(last);
                        while (len > 0 && last[len - 1] == '/')
                                last[--len] = 0;
                        const char *s = strrchr(last, '/') ? strrchr(last, '/') + 1 : last;
                        each[i] = e[0] && match_glob_braced(pat, s, MATCH_FOLD);
                }
        } else {
                if (!runners_search_regex(pat, fixed, re, sizeof re))
                        snprintf(re, sizeof re, ".*");
                (void) match_secret_each(j, re, true, false, each, can);
        }
        bool matched = false;
        for (size_t i = 0; i < n_secrets; i++)
                if (each[i] && (hidden || !dotted(j->policy->secrets[i])) &&
                    (fd_extended(exts, n_exts, j->policy->secrets[i]) ||
                     j->policy->secrets[i][strlen(j->policy->secrets[i]) - 1] == '/'))
                        matched = j->named[i] = true;
        if (matched && runs)
                return judge_refuse(j, "fd matches a masked name with a pattern and runs a command on "
                                       "what it matches");
        *ret_lists = *ret_lists || matched;
        return 0;
}

/* ---- a file a program's own language names ---- */

int runners_file(Judge *j, const char *what, const char *path) {
        _cleanup_free_ char *line = malloc(4 * strlen(path) + 16);
        if (!line)
                return -ENOMEM;
        char *q = line + sprintf(line, "cat -- ");
        q = quote_into(q, path);
        return programs_reread(j, what, line, (size_t) (q - line));
}

/* Ex's commands that read or write the file they name, by their shortest
 * abbreviation and full name. */
static const char *const ex_file_commands[][2] = {
        {"r", "read"},          {"e", "edit"},  {"sp", "split"},   {"vs", "vsplit"}, {"tabe", "tabedit"},
        {"tabnew", "tabnew"},   {"new", "new"}, {"vne", "vnew"},   {"vie", "view"},  {"sv", "sview"},
        {"so", "source"},       {"w", "write"}, {"sav", "saveas"}, {"bad", "badd"},  {"arga", "argadd"},
        {"n", "next"},          {"ar", "args"}, {"fin", "find"},   {"sf", "sfind"},  {"ped", "pedit"},
        {"diffs", "diffsplit"}, {"wq", "wq"},   {"x", "xit"},      {"up", "update"}, {"ene", "enew"},
};

int runners_ex(Judge *j, const char *name, const char *v) {
        char what[96];
        snprintf(what, sizeof what, "%.30s's Ex command names a file it reads or writes", name);
        for (const char *p = v; *p;) {
                size_t len = strcspn(p, "|\n");
                _cleanup_free_ char *c = strndup(p, len);
                if (!c)
                        return -ENOMEM;
                p += len + (p[len] != 0);
                char *q = c + strspn(c, " \t:"); /* a range: 1,$ % . 'a */
                while (*q && strchr("0123456789.$%,;+-' \t", *q))
                        q += *q == '\'' && q[1] ? 2 : 1;
                size_t letters = 0;
                while ((q[letters] >= 'a' && q[letters] <= 'z') || (q[letters] >= 'A' && q[letters] <= 'Z'))
                        letters++;
                bool file = false;
                for (size_t i = 0; i < ELEMENTSOF(ex_file_commands) && letters > 0 && !file; i++)
                        file = letters >= strlen(ex_file_commands[i][0]) &&
                               letters <= strlen(ex_file_commands[i][1]) &&
                               strncmp(q, ex_file_commands[i][1], letters) == 0;
                if (!file)
                        continue;
                char *arg = q + letters;
                arg += strspn(arg, "! \t");
                while (strncmp(arg, "++", 2) == 0) { /* ++enc=x, ++ff=unix */
                        arg += strcspn(arg, " \t");
                        arg += strspn(arg, " \t");
                }
                size_t end = strlen(arg);
                while (end > 0 && (arg[end - 1] == ' ' || arg[end - 1] == '\t'))
                        arg[--end] = 0;
                int r = arg[0] ? runners_file(j, what, arg) : 0;
                if (r != 0)
                        return r;
        }
        return 0;
}

/* ---- compgen: bash's own name matcher ---- */

/* A glob of compgen's against the secrets' names and .git (held). */
static bool compgen_matches(Judge *j, const char *pat) {
        bool m = match_secret_glob(j, pat, MATCH_FOLD, false) || match_secret_glob(j, pat, MATCH_FOLD, true);
        /* .git, .git/objects, or any name below it (31q: a glob four
         * levels of .* and * deep reaches an object's) */
        if (judge_held(j) &&
            (match_glob(pat, ".git", MATCH_FOLD) || match_glob(pat, ".git/objects", MATCH_FOLD) ||
             namelists_glob_may_match_git(pat))) {
                judge_mark_held(j);
                m = true;
                j->git_list_written = true; /* compgen -G G > l; xargs cat < l */
        }
        return m;
}

int runners_compgen(Judge *j, const ShellWord *const *w, size_t n, bool *ret_lists) {
        bool files = false, matched = false;
        size_t last = 0;
        for (size_t k = 1; k < n; k++) {
                char buf[512];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || a[0] != '-' || streq(a, "-")) {
                        last = k;
                        continue;
                }
                if (streq(a, "--")) {
                        last = k + 1 < n ? k + 1 : 0;
                        break;
                }
                bool with = false;
                for (const char *q = a + 1; *q && !with; q++) {
                        files = files || *q == 'f' || *q == 'd';
                        with = strchr("AGXoWFCPS", *q) != NULL;
                        if (!with || k + 1 >= n)
                                continue;
                        _cleanup_free_ char *v = q[1] ? strdup(q + 1) : programs_word_text(w[++k]);
                        if (!v)
                                return -ENOMEM;
                        if (*q == 'A' || *q == 'o') /* -A file, -A directory, -o default, -o dirnames */
                                files = files || streq(v, "file") || streq(v, "directory") ||
                                        streq(v, "default") || streq(v, "dirnames") ||
                                        streq(v, "filenames") || streq(v, "bashdefault");
                        else if (*q == 'G' || (*q == 'X' && v[0] == '!')) /* -G PAT; -X '!PAT' keeps PAT's */
                                matched = matched || compgen_matches(j, v + (*q == 'X'));
                        else if (*q == 'W' || *q == 'F' || *q == 'C') /* a word list, or a program's */
                                files = true;
                }
        }
        if (files) {
                _cleanup_free_ char *prefix = last ? programs_word_text(w[last]) : strdup("");
                if (!prefix)
                        return -ENOMEM;
                _cleanup_free_ char *pat = malloc(strlen(prefix) + 2);
                if (!pat)
                        return -ENOMEM;
                sprintf(pat, "%s*", prefix);
                /* compgen -f PREFIX: the names starting with it, dotfiles too
                 * when it starts with a dot */
                matched = matched || compgen_matches(j, pat);
        }
        *ret_lists = *ret_lists || matched;
        return 0;
}

/* ---- options whose value, or operands whose words, are a command line ---- */

typedef struct CommandOption {
        const char *program, *sub; /* git's subcommand, or NULL */
        const char *shorts;        /* its letters taking the command */
        const char *const longs[8];
} CommandOption;

static const CommandOption command_options[] = {
        {"rsync", NULL, "e", {"rsh", NULL}},
        {"npm", NULL, "c", {"call", NULL}}, /* npm exec/x --call S: a shell line */
        {"npx", NULL, "c", {"call", NULL}},
        {"git", "difftool", "x", {"extcmd", NULL}},
        {"git", "mergetool", "", {"tool-cmd", NULL}},
        {"git",
         "filter-branch",
         "",
         {"env-filter", "tree-filter", "index-filter", "parent-filter", "msg-filter", "commit-filter",
          "tag-name-filter", NULL}},
        {"git", "instaweb", "db", {"httpd", "browser", NULL}},
        {"git", "rebase", "x", {"exec", NULL}},
        {"git", "bisect", "", {NULL}},
};

/* git's subcommand: the first word after its global options (-C DIR, -c
 * K=V, --git-dir DIR, ...), its index in *ret_k. */
static const char *git_sub(const ShellWord *const *w, size_t n, char *buf, size_t size, size_t *ret_k) {
        static const char *const with_arg[] = {
                "-C",          "-c",           "--git-dir",      "--work-tree", "--namespace",
                "--exec-path", "--config-env", "--super-prefix", NULL};
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, size);
                if (!a)
                        return NULL;
                if (a[0] != '-') {
                        *ret_k = k;
                        return a;
                }
                k += streq_any(a, with_arg);
        }
        return NULL;
}

static int option_value(Judge *j, const char *what, const ShellWord *const *w, size_t n, size_t *k,
                        const char *attached) {
        _cleanup_free_ char *v = attached     ? strdup(attached)
                                 : *k + 1 < n ? programs_word_text(w[++*k])
                                              : NULL;
        if (!v)
                return attached || *k + 1 < n ? -ENOMEM : 0;
        return programs_reread(j, what, v, strlen(v));
}

int runners_command_options(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        char buf[256], what[96];
        size_t from = 1;
        const char *sub = streq(name, "git") ? git_sub(w, n, buf, sizeof buf, &from) : NULL;
        int r0 = streq(name, "make") || streq(name, "gmake") ? options_make(j, name, w, n) : 0;
        if (r0 != 0)
                return r0;
        for (size_t c = 0; c < ELEMENTSOF(command_options); c++) {
                const CommandOption *o = &command_options[c];
                if (!streq(name, o->program) || (o->sub && !(sub && streq(sub, o->sub))))
                        continue;
                snprintf(what, sizeof what, "%s%s%s's command line", name, o->sub ? " " : "",
                         o->sub ? o->sub : "");
                if (o->sub && streq(o->sub, "bisect")) { /* git bisect run CMD...: a command */
                        char b[64];
                        const char *a = from + 1 < n ? programs_plain(w[from + 1], b, sizeof b) : NULL;
                        if (a && streq(a, "run") && from + 2 < n) {
                                _cleanup_free_ char *s = programs_joined(w, n, from + 2);
                                if (!s)
                                        return -ENOMEM;
                                return programs_reread(j, what, s, strlen(s));
                        }
                        continue;
                }
                for (size_t k = from; k < n; k++) {
                        char ab[1024];
                        const char *a = programs_plain(w[k], ab, sizeof ab), *value = NULL;
                        int r = 0;
                        if (!a || a[0] != '-')
                                continue;
                        if (streq(a, "--"))
                                break;
                        bool is_long = false;
                        for (const char *const *l = o->longs; *l && !is_long; l++)
                                is_long = programs_long_is(a, *l, &value);
                        if (is_long)
                                r = option_value(j, what, w, n, &k, value);
                        else if (a[1] != '-')
                                for (const char *q = a + 1; *q; q++)
                                        if (strchr(o->shorts, *q)) {
                                                r = option_value(j, what, w, n, &k, q[1] ? q + 1 : NULL);
                                                break;
                                        }
                        if (r != 0)
                                return r;
                }
        }
        if (!streq(name, "ssh"))
                return 0;
        /* ssh [options] HOST CMD...: the remote shell runs CMD (this machine's,
         * for localhost), judged wherever it runs */
        size_t k = computed_ssh_command(w, n);
        if (k >= n)
                return 0;
        _cleanup_free_ char *s = programs_joined(w, n, k);
        if (!s)
                return -ENOMEM;
        return programs_reread(j, "ssh's command, which a shell runs", s, strlen(s));
}

/* ---- a file read by default under $HOME: curl -n, wget read ~/.netrc ---- */

/* Does the line set one of these variables (NAME=, export NAME=)? */
static bool line_sets(const Line *ln, const char *const *names) {
        for (const char *const *v = names; *v; v++)
                for (const char *p = ln->text; (p = strstr(p, *v)) && p < ln->text + ln->n; p++)
                        if (p == ln->text || strchr(" \t\n;&|({`", p[-1]))
                                return true;
        return false;
}

int runners_home(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const vars[] = {
                "HOME=", "NETRC=", "CURL_HOME=", "XDG_CONFIG_HOME=", "WGETRC=", NULL};
        bool netrc = streq(name, "wget") || streq(name, "ftp") || streq(name, "lftp");
        for (size_t k = 1; k < n && streq(name, "curl"); k++) {
                char buf[64];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                netrc = netrc || (a && ((a[0] == '-' && a[1] != '-' && strchr(a, 'n')) ||
                                        programs_long_is(a, "netrc", NULL) ||
                                        programs_long_is(a, "netrc-optional", NULL)));
        }
        if (netrc && line_sets(ln, vars))
                return judge_refuse(j,
                                    "%s reads ~/.netrc by default, and the line points HOME (or NETRC) "
                                    "elsewhere: a masked one may be there",
                                    name);
        return lesskey_judge(j, ln, name, w, n);
}

int runners_run_parts(Judge *j, const ShellWord *const *w, size_t n) {
        static const char *const writers[] = {">", "tee", "cp ", "mv ", "ln ", "install", "dd ", NULL};
        bool writes = false, lists = false;
        for (const char *const *s = writers; j->text && *s && !writes; s++)
                writes = memmem(j->text, j->text_n, *s, strlen(*s)) != NULL;
        for (size_t k = 1; k < n; k++)
                lists = lists || programs_word_is(w[k], "--test") || programs_word_is(w[k], "--list");
        if (writes && !lists)
                return judge_refuse(
                        j, "run-parts runs every script in its directory, and the line writes files "
                           "it may run");
        if (!judge_held(j) || lists)
                return 0;
        judge_mark_held(j);
        return judge_refuse(
                j, "run-parts runs the programs of a directory its words pick (--regex), known only "
                   "when it runs, and the history holds a masked entry");
}

int runners_roff_unsafe(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const roffs[] = {"groff", "troff", "nroff", "pic", "gpic",
                                            "eqn",   "tbl",   "grog",  NULL};
        char buf[64];
        if (!streq_any(name, roffs))
                return 0;
        for (size_t k = 1; k < n; k++) {
                const char *o = programs_plain(w[k], buf, sizeof buf);
                if (o && streq(o, "--"))
                        break;
                if (!o || (o[0] == '-' && o[1] != '-' && strchr(o + 1, 'U')))
                        return judge_refuse(j,
                                            "%s -U (unsafe) runs the shell commands its input holds (.sy, "
                                            "pic's sh), or an option known only when it runs may be it",
                                            name);
        }
        return 0;
}
