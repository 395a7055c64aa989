/* SPDX-License-Identifier: MIT */
/*
 * What a substitution's echo or printf prints, as the line uses it
 * (command-internal.h): read again by a shell that reads the line, and
 * standing in the words it is part of (cat $(printf %s .e nv) opens .env).
 * It must not judge a command of its own: programs_reread and the secret
 * matchers do, with the texts it makes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Append what one substitution prints (its last newlines gone) to *joined. */
static int printed_append(char **joined, size_t *joined_n, const char *t) {
        size_t k = strlen(t);
        while (k > 0 && t[k - 1] == '\n')
                k--;
        char *p = realloc(*joined, *joined_n + k + 1);
        if (!p)
                return -ENOMEM;
        memcpy(p + *joined_n, t, k);
        *joined_n += k;
        p[*joined_n] = 0;
        *joined = p;
        return 0;
}

/* What echo or printf in the text s prints, read again by a shell (with
 * reread); and appended to *joined (printf's format applied, echo's
 * escapes decoded). */
int printed_judge(Judge *j, const char *s, size_t n, bool reread, char **joined, size_t *joined_n) {
        ShellLexed l = {0};
        int r = shell_lex(s, n, &l);
        if (r == -EINVAL)
                return 0;
        if (r < 0)
                return r;
        const ShellWord *w[STAGE_WORDS_MAX];
        size_t m = 0;
        for (size_t i = 0; i < l.n && m < STAGE_WORDS_MAX; i++)
                if (l.v[i].kind == SHELL_TOKEN_WORD)
                        w[m++] = &l.v[i].w;
                else if (l.v[i].kind != SHELL_TOKEN_REDIR)
                        break;
        char buf[64];
        const char *name = m > 0 ? programs_name(w[0], buf, sizeof buf) : NULL;
        r = 0;
        /* git rev-parse --git-dir, --git-path X: git telling where its
         * directory is (.git, .git/X) */
        for (size_t k = 2; name && streq(name, "git") && k < m && r == 0; k++) {
                char a[256], b[256];
                const char *o = programs_plain(w[k], a, sizeof a);
                if (!o || !programs_word_is(w[1], "rev-parse"))
                        break;
                if (streq(o, "--git-dir") || streq(o, "--git-common-dir") || streq(o, "--absolute-git-dir"))
                        r = printed_append(joined, joined_n, ".git");
                else if (streq(o, "--git-path") && k + 1 < m) {
                        const char *x = programs_plain(w[++k], b, sizeof b);
                        char path[300];
                        snprintf(path, sizeof path, ".git/%s", x ? x : "");
                        r = printed_append(joined, joined_n, path);
                }
        }
        if (name && (streq(name, "echo") || streq(name, "printf"))) {
                size_t from = 1; /* echo's -e, -n, -E */
                while (streq(name, "echo") && from < m && w[from]->n >= 2 && w[from]->v[0].c == '-' &&
                       w[from]->v[1].c != '-')
                        from++;
                char *t = programs_joined(w, m, from);
                r = !t       ? -ENOMEM
                    : reread ? programs_reread(j, "what a shell reads from a substitution", t, strlen(t))
                             : 0;
                if (r == 0 && t && streq(name, "printf")) { /* its format applied */
                        char *f = reread_printf(w, m);
                        r = !f       ? -ENOMEM
                            : reread ? programs_reread(j, "what a shell reads from a substitution", f,
                                                       strlen(f))
                                     : 0;
                        if (r == 0)
                                r = printed_append(joined, joined_n, f);
                        free(f);
                }
                if (r == 0 && t) { /* and as printf and echo -e decode it */
                        reread_unescape(t);
                        r = reread ? programs_reread(j, "what a shell reads from a substitution", t,
                                                     strlen(t))
                                   : 0;
                        if (r == 0 && streq(name, "echo"))
                                r = printed_append(joined, joined_n, t);
                }
                free(t);
        }
        shell_lexed_done(&l);
        return r;
}

/* Does a word a substitution printed name a masked path? A glob only if it
 * holds a '*', '?' or '[' (bash's test), so .e\\nv is itself, not .env. */
static bool printed_names(Judge *j, const char *t) {
        char lit[1024];
        size_t k = 0;
        if (!strpbrk(t, "*?["))
                for (const char *c = t; *c && k + 2 < sizeof lit; c++) {
                        if (*c == '\\')
                                lit[k++] = '\\';
                        lit[k++] = *c;
                }
        lit[k] = 0;
        return match_secret_glob(j, k > 0 ? lit : t, MATCH_FOLD, !strchr(t, '/'));
}

/* The words of l that hold a command substitution, with what each prints
 * in its place (printed[from[k]..from[k + 1]) for nested text k; nothing
 * for one that prints what the line cannot know, the worst case): cat
 * $(printf %s .e nv) opens .env. A word naming a masked path that way is
 * refused, as one naming it in the line's own text is; with computed (a
 * shell reads what they print), each such word is read as a command line
 * too. 1 refused, 0 not, -ENOMEM. */
int printed_words(Judge *j, const ShellLexed *l, const char *printed, const size_t *from, bool computed) {
        for (size_t i = 0; i < l->n; i++) {
                const ShellWord *w = &l->v[i].w;
                if (l->v[i].kind != SHELL_TOKEN_WORD || !w->substitution)
                        continue;
                size_t len = 0;
                bool any = false;
                for (size_t k = 0; k < w->n; k++) {
                        size_t q = w->v[k].nested;
                        bool sub = w->v[k].kind == SHELL_EXPAND && q > 0 && q <= l->n_nested;
                        len += sub ? from[q] - from[q - 1] : 1;
                        any = any || (sub && from[q] > from[q - 1]);
                }
                if (!any)
                        continue;
                _cleanup_free_ char *t = malloc(len + 1);
                if (!t)
                        return -ENOMEM;
                size_t m = 0;
                for (size_t k = 0; k < w->n; k++) {
                        const ShellItem *it = &w->v[k];
                        size_t q = it->nested;
                        if (it->kind == SHELL_EXPAND && q > 0 && q <= l->n_nested) {
                                memcpy(t + m, printed + from[q - 1], from[q] - from[q - 1]);
                                m += from[q] - from[q - 1];
                        } else if (it->kind != SHELL_EXPAND)
                                t[m++] = it->kind == SHELL_CLASS ? '[' : it->c ? (char) it->c : '?';
                }
                t[m] = 0;
                /* eval "$(echo gi)t log -p", parallel ::: "$(echo git) log":
                 * a shell reads the word, what they print in it */
                int r = computed ? programs_reread(j,
                                                   "a word that what substitutions print makes, read by a "
                                                   "shell",
                                                   t, m)
                                 : 0;
                if (r != 0)
                        return r;
                /* git's directory or its objects, when the history holds a
                 * masked entry: cd "$(git rev-parse --git-dir)"/objects, cat
                 * $(echo .git/objects/..), cp -r "$(git rev-parse --git-dir)" x */
                for (const char *g = t; judge_held(j) && (g = strstr(g, ".git")); g++)
                        if ((g == t || g[-1] == '/') &&
                            (g[4] == 0 || streq(g + 4, "/") || strncmp(g + 4, "/objects", 8) == 0)) {
                                judge_mark_held(j);
                                return judge_refuse(j,
                                                    "a word that what a command substitution prints makes "
                                                    "names git's directory, and the history holds a "
                                                    "masked entry");
                        }
                /* split where bash may split it (an unquoted one), and whole */
                bool named = printed_names(j, t);
                for (char *save = NULL, *x = strtok_r(t, " \t\n", &save); x && !named;
                     x = strtok_r(NULL, " \t\n", &save))
                        named = printed_names(j, x);
                if (named)
                        return judge_refuse(j, "a word that what a command substitution prints makes names "
                                               "a masked path");
        }
        return 0;
}
