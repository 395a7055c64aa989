/* SPDX-License-Identifier: MIT */
/*
 * The variables a line may set by a name the rule does not read as an
 * assignment (command-internal.h): for NAME, read NA''ME, printf -v, a
 * nameref's target, export PA{TH=x,}, any NAME=V word after set -k, a
 * name computed at run time. The
 * name after quote removal and brace expansion is what counts. It must
 * not lex, nor judge a command: programs_check calls it on a lexed line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

/* A program PATH finds, or one a variable names that git or a shell runs
 * (GIT_PROXY_COMMAND for git://): any file the line writes may be it. */
static const char *const runs[] = {"PATH",
                                   "GIT_SSH",
                                   "GIT_SSH_COMMAND",
                                   "GIT_PROXY_COMMAND",
                                   "GIT_EDITOR",
                                   "GIT_PAGER",
                                   "GIT_SEQUENCE_EDITOR",
                                   "GIT_EXTERNAL_DIFF",
                                   "GIT_ASKPASS",
                                   "SSH_ASKPASS",
                                   "EDITOR",
                                   "VISUAL",
                                   "PAGER",
                                   "MANPAGER",
                                   "LESSOPEN",
                                   "LESSCLOSE",
                                   "BROWSER",
                                   "SHELL",
                                   NULL};
/* A file a shell reads first, before any command the rule sees. */
static const char *const startup[] = {"BASH_ENV", "ENV", "PROMPT_COMMAND", "PS0", "PS4", NULL};

typedef struct SetVars {
        Judge *j;
        const char *const *config;   /* names that point git at another config */
        const char *const *pathspec; /* names that change how git reads a pathspec */
        const char *odd;             /* a startup name set by a form not followed */
} SetVars;

/* name a subsequence of s (a brace's pieces put together: {PA,x}TH holds PATH) */
static bool subsequence(const char *name, const char *s) {
        for (; *s && *name; s++)
                if (*s == *name)
                        name++;
        return !*name;
}

static bool matches(const char *const *names, const char *s, bool braced, const char **ret) {
        for (const char *const *p = names; *p; p++)
                if (braced ? subsequence(*p, s) : streq(*p, s)) {
                        *ret = *p;
                        return true;
                }
        return false;
}

/* One name the line may set, s (braced: its pieces), set oddly or not;
 * split: by a form the rule does not read (export "BASH_ENV=F" it reads) */
static void note(SetVars *sv, const char *s, bool braced, bool odd, bool split) {
        const char *hit;
        if (matches(sv->pathspec, s, braced, &hit))
                sv->j->git_pathspec_env = true;
        if (odd && matches(sv->config, s, braced, &hit))
                sv->j->git_env = true;
        if ((odd || streq(s, "GIT_PROXY_COMMAND")) && matches(runs, s, braced, &hit))
                sv->j->scripts_many = true;
        if (matches(startup, s, braced, &hit)) /* BASH_ENV=<(printf ...): it may set any */
                sv->j->git_pathspec_env = true;
        /* read BASH_ENV, export ENV=F: a text a shell reads first, which the
         * rule does not, may hold set -k */
        if (matches((const char *const[]){"BASH_ENV", "ENV", NULL}, s, braced, &hit))
                sv->j->keyword = true;
        if (split && !sv->odd && matches(startup, s, braced, &hit))
                sv->odd = hit;
        /* read MAKEFLAGS, printf -v GNUMAKEFLAGS: make's words, not read */
        static const char *const make_flags[] = {"MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS", NULL};
        if (split && !sv->odd && sv->j->text && memmem(sv->j->text, sv->j->text_n, "make", 4) &&
            matches(make_flags, s, braced, &hit))
                sv->odd = hit;
}

/* A word that may name a variable; from: its text after the first
 * unquoted '=' at brace depth 0 (a nameref's target) instead. */
static void name_word(SetVars *sv, const ShellWord *w, bool odd, bool from) {
        char s[256];
        size_t m = 0, k = 0;
        int depth = 0;
        bool braced = false, computed = false, quoted = false, unquoted = false;
        if (from) {
                while (k < w->n && !(w->v[k].kind == SHELL_LIT && w->v[k].c == '=' && depth == 0)) {
                        depth += w->v[k].kind == SHELL_BOPEN ? 1 : w->v[k].kind == SHELL_BCLOSE ? -1 : 0;
                        k++;
                }
                if (k++ >= w->n)
                        return;
                depth = 0;
        }
        for (; k < w->n && m + 1 < sizeof s; k++) {
                const ShellItem *it = &w->v[k];
                if (it->kind == SHELL_LIT && depth == 0 && !from && /* export "PATH=$x": at its '=' */
                    (it->c == '=' || it->c == '[' || (it->c == '+' && k + 1 < w->n && w->v[k + 1].c == '=')))
                        break;
                if (it->kind == SHELL_EXPAND)
                        computed = true;
                else if (it->kind == SHELL_BOPEN || it->kind == SHELL_BCLOSE || it->kind == SHELL_BCOMMA) {
                        braced = true;
                        depth += it->kind == SHELL_BOPEN ? 1 : it->kind == SHELL_BCLOSE ? -1 : 0;
                } else if (it->kind == SHELL_LIT) {
                        quoted = quoted || it->quoted;
                        unquoted = unquoted || !it->quoted;
                        s[m++] = (char) it->c;
                } else
                        computed = true; /* a glob: no name bash sets */
        }
        s[m] = 0;
        if (computed) { /* read "$n", export ${x^^}, declare -n r=$(printf ...): any name */
                sv->j->git_pathspec_env = sv->j->git_env = sv->j->scripts_many = true;
                return;
        }
        note(sv, s, braced, odd || braced || quoted, odd || braced || (quoted && unquoted));
}

static bool word_has_eq(const ShellWord *w) {
        for (size_t k = 0; k < w->n; k++)
                if (w->v[k].kind == SHELL_LIT && w->v[k].c == '=')
                        return true;
        return false;
}

static bool plain_is(const ShellWord *w, const char *s) {
        char buf[32];
        const char *p = programs_plain(w, buf, sizeof buf);
        return p && !w->quoted && streq(p, s);
}

/* set -k, set -o keyword, bash -k, SHELLOPTS=keyword: from then on every
 * NAME=V word of a simple command is an assignment (set -k; git status
 * GIT_CONFIG_PARAMETERS=...). Any such word of the line turns it on for
 * all of it (a little more than bash, never less); the program is w[k]. */
static void keyword_names(SetVars *sv, const ShellWord *const *w, size_t n, size_t k) {
        char b[64];
        const char *p = k < n ? programs_plain(w[k], b, sizeof b) : NULL;
        bool sets = p && (streq(p, "set") || streq(p, "shopt") || programs_is_shell(p));
        /* . X/k, source <(echo set -k): a sourced text may hold one */
        sv->j->keyword = sv->j->keyword || (p && (streq(p, ".") || streq(p, "source")));
        for (size_t a = k + 1; p && (streq(p, "set") || streq(p, "shopt")) && a < n && !sv->j->keyword;
             a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (t && streq(t, "--")) /* set -$o, set -o $(echo keyword): unread options */
                        break;
                char o[64];
                sv->j->keyword =
                        !t || !programs_plain(w[a], o, sizeof o) || w[a]->expansion || w[a]->substitution;
        }
        for (size_t a = 0; a < n && !sv->j->keyword; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                /* BASH_ENV=<(echo set -k) bash -c S, export ENV=F: a text the
                 * shell reads first, which the rule does not, may turn it on */
                if (t && (strncmp(t, "BASH_ENV=", 9) == 0 || strncmp(t, "ENV=", 4) == 0)) {
                        sv->j->keyword = true;
                        break;
                }
                bool option = a > k && sets && t && (t[0] == '-' || t[0] == '+') && t[1] != '-';
                sv->j->keyword = !t || (option && strchr(t, 'k')) ||
                                 (strstr(t, "keyword") && (sets || strstr(t, "SHELLOPTS")));
        }
        for (size_t a = k + 1; a < n && sv->j->keyword; a++)
                if (programs_is_assignment(w[a]))
                        name_word(sv, w[a], false, false);
}

/* The command w[0..n): the names its builtin sets. */
static void command_names(SetVars *sv, const ShellWord *const *w, size_t n) {
        static const char *const declarers[] = {"declare", "typeset", "local", "export", "readonly", NULL};
        static const char *const readers[] = {"read", "mapfile", "readarray", "getopts", NULL};
        size_t k = 0;
        for (; k < n && programs_is_assignment(w[k]); k++)
                name_word(sv, w[k], false, false); /* GIT_PROXY_COMMAND=S git ls-remote */
        static const char *const wrappers[] = {"builtin", "command", "exec",   "nohup", "time",
                                               "setsid",  "nice",    "stdbuf", NULL};
        for (char b[32]; k < n; k++) { /* nice -n 5 env PA{TH=X,TH=X} ls */
                const char *p = programs_plain(w[k], b, sizeof b);
                if (!p || w[k]->quoted ||
                    !(streq_any(p, wrappers) || p[0] == '-' || strspn(p, "0123456789") == strlen(p)))
                        break;
        }
        keyword_names(sv, w, n, k);
        if (k >= n)
                return;
        if (plain_is(w[k], "for") || plain_is(w[k], "select")) {
                if (k + 1 < n)
                        name_word(sv, w[k + 1], true, false);
                return;
        }
        char buf[32];
        const char *p = programs_plain(w[k], buf, sizeof buf);
        if (!p)
                return;
        /* git -c core.gitProxy=X/s, git config core.sshCommand X/s: a file
         * the line writes may be what git runs */
        for (size_t a = k + 1; a < n && streq(p, "git") && !sv->j->scripts_many; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (t)
                        t[strcspn(t, "=")] = 0;
                sv->j->scripts_many = !t || (strchr(t, '.') && git_key_runs(t));
        }
        if (streq(p, "let")) /* let "$n=1": arithmetic, as (( )) */
                sv->j->git_pathspec_env = sv->j->scripts_many = true;
        bool declare = streq_any(p, declarers), reader = streq_any(p, readers), env = streq(p, "env"),
             printf_v = false, nameref = false;
        for (size_t a = k + 1; a < n; a++) {
                char o[64];
                const char *b = programs_plain(w[a], o, sizeof o);
                bool option = b && (b[0] == '-' || (declare && b[0] == '+'));
                if (option && streq(p, "printf") && strncmp(b, "-v", 2) == 0) {
                        if (b[2]) {
                                ShellWord rest = *w[a];
                                rest.v += 2, rest.n -= 2;
                                name_word(sv, &rest, true, false);
                        } else if (a + 1 < n)
                                name_word(sv, w[a + 1], true, false);
                        printf_v = true;
                }
                if (option && declare && b[0] == '-' && strchr(b, 'n'))
                        nameref = true;
                if (option && declare && strchr(b, 'i')) /* declare -i x=n: n evaluated */
                        sv->j->git_pathspec_env = sv->j->scripts_many = true;
                if (option || printf_v || !(declare || reader || env))
                        continue;
                if (env && !programs_is_assignment(w[a]) && !word_has_eq(w[a]))
                        break; /* the program env runs */
                name_word(sv, w[a], reader, false);
                if (nameref)
                        name_word(sv, w[a], true, true);
        }
}

/* The strings the line's shells and evals read (bash -c 'read -r PA""TH; ls'):
 * what they set is set for what they run. */
static int scan_lexed(SetVars *sv, const ShellLexed *l, int depth);

static int scan_strings(SetVars *sv, const ShellWord *const *w, size_t n, int depth) {
        char buf[32];
        size_t k = 0;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        const char *p = k < n ? programs_plain(w[k], buf, sizeof buf) : NULL;
        if (!p || depth >= 4)
                return 0;
        size_t c = programs_is_shell(p) ? programs_shell_c(w + k, n - k, 1) : SIZE_MAX;
        size_t from = streq(p, "eval") ? k + 1
                      : c != SIZE_MAX  ? k + c
                                       : n,
               to = streq(p, "eval") ? n : from + 1;
        for (size_t a = from; a < to && a < n; a++) {
                /* eval set -k: eval's words joined by blanks, one text */
                _cleanup_free_ char *t =
                        streq(p, "eval") ? programs_joined(w, n, a) : programs_word_text(w[a]);
                a = streq(p, "eval") ? n : a;
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (!t)
                        return -ENOMEM;
                if (shell_lex(t, strlen(t), &inner) < 0)
                        continue; /* unread: judged as a string elsewhere */
                int r = scan_lexed(sv, &inner, depth + 1);
                if (r < 0)
                        return r;
        }
        return 0;
}

static int scan_lexed(SetVars *sv, const ShellLexed *l, int depth) {
        int r;
        _cleanup_free_ const ShellWord **w = calloc(l->n + 1, sizeof *w);
        if (!w)
                return -ENOMEM;
        size_t m = 0;
        for (size_t i = 0; i <= l->n; i++) {
                const ShellToken *t = i < l->n ? &l->v[i] : NULL;
                if (t && t->kind == SHELL_TOKEN_WORD) {
                        static const char *const keywords[] = {"do", "then",  "else",  "elif",
                                                               "if", "while", "until", "!",
                                                               "{",  "time",  NULL};
                        char buf[16];
                        const char *p = programs_plain(&t->w, buf, sizeof buf);
                        bool brace = t->w.n == 1 &&
                                     (t->w.v[0].kind == SHELL_BOPEN || t->w.v[0].kind == SHELL_BCLOSE);
                        if (brace || (p && !t->w.quoted && streq_any(p, keywords))) {
                                command_names(sv, w, m); /* f() { read -r PA''TH; } */
                                m = 0;
                                continue;
                        }
                        /* bash --rcfile <(printf ...): a file a shell reads first may set any */
                        if (p && (streq(p, "--rcfile") || streq(p, "--init-file")))
                                sv->j->git_pathspec_env = true;
                        w[m++] = &t->w;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR) {
                        i++; /* its target */
                        continue;
                }
                command_names(sv, w, m);
                if ((r = scan_strings(sv, w, m, depth)) < 0)
                        return r;
                m = 0;
        }
        /* { read -r PA''TH; ls; }, ( ... ), $( ... ): the texts it nests */
        for (size_t i = 0; i < l->n_nested && depth < 4; i++) {
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (shell_lex(l->nested[i], strlen(l->nested[i]), &inner) >= 0 &&
                    (r = scan_lexed(sv, &inner, depth + 1)) < 0)
                        return r;
        }
        return 0;
}

/* The raw marks of text (n bytes): the nine letters of PATHSPECS in one
 * blank-free run (git's pathspec variables), and an arithmetic that may
 * assign to a name a value holds. */
static void raw_marks(const char *text, size_t n, bool *ret_pathspec, bool *ret_assigns) {
        /* the nine letters in one blank-free run, as pieces of it (PATH''SPECS,
         * {GIT_NOGLOB_PATH,x}SPECS, x=git_noglob_pathspecs; ${x^^}) */
        for (size_t i = 0, got = 0; i < n && !*ret_pathspec; i++) {
                static const char want[] = "pathspecs";
                if (strchr(" \t\n;|&<>()", text[i]))
                        got = 0;
                else if ((text[i] | 0x20) == want[got] && ++got == sizeof want - 1)
                        *ret_pathspec = true;
        }
        /* arithmetic assigns to the name a value holds ((( $n = 1 )), (( x ))
         * with x='NAME=1', a[$n=1]=0, [[ -v a[$n=1] ]], $[ ]), ${!n:=1} to the
         * one n holds: any name, a number its value */
        bool subscript = false;
        for (size_t i = 1; i < n && !subscript; i++)
                subscript = text[i] == '[' && (shell_is_ident(text[i - 1]) || text[i - 1] == ']');
        *ret_assigns = *ret_assigns || subscript || memmem(text, n, "((", 2) || memmem(text, n, "$[", 2) ||
                       memmem(text, n, "[[", 2) || memmem(text, n, "${!", 3);
}

/* text with the bodies of its quoted heredocs blanked (no expansion in
 * them: data, unless a shell reads them), malloc'd; NULL when out of
 * memory or the text does not join as it is. */
static char *data_blanked(const char *text, size_t n) {
        _cleanup_free_ ShellHeredoc *h = NULL;
        size_t jn, n_h = 0;
        _cleanup_free_ char *joined = shell_join_heredocs(text, n, &jn, &h, &n_h);
        if (!joined || jn != n || memcmp(joined, text, n) != 0)
                return NULL;
        for (size_t i = 0; i < n_h; i++)
                if (h[i].quoted && !h[i].substituted && h[i].body <= h[i].end && h[i].end <= n)
                        memset(joined + h[i].body, ' ', h[i].end - h[i].body);
        return TAKE_PTR(joined);
}

int setvars_check(Judge *j, const ShellLexed *l, const char *text, size_t n, const char *const *config,
                  const char *const *pathspec) {
        SetVars sv = {j, config, pathspec, NULL};
        /* what a quoted heredoc's body holds counts only when a shell of the
         * line may run it in this one (. /dev/stdin, eval, a file it writes
         * and sources): shells_line_scripts decides (j->data_assigns) */
        _cleanup_free_ char *bare = data_blanked(text, n);
        bool pathspec_env = false, assigns = false, data_pathspec = false, data_assigns = false;
        raw_marks(bare ? bare : text, n, &pathspec_env, &assigns);
        if (bare)
                raw_marks(text, n, &data_pathspec, &data_assigns);
        j->git_pathspec_env = j->git_pathspec_env || pathspec_env || assigns;
        j->scripts_many = j->scripts_many || assigns;
        j->data_pathspec = j->data_pathspec || data_pathspec;
        j->data_assigns = j->data_assigns || data_assigns;
        int r = scan_lexed(&sv, l, 0);
        if (r < 0)
                return r;
        if (sv.odd)
                return judge_refuse(j,
                                    "the line sets %s by a form the rule does not follow (for, read, "
                                    "printf -v, a nameref, a quoted or braced name): what a shell reads "
                                    "first is not known",
                                    sv.odd);
        return 0;
}
