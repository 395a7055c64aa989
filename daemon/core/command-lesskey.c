/* SPDX-License-Identifier: MIT */
/*
 * less given a lesskey source by the line (LESSKEYIN=F, less -k F, a
 * ~/.lesskey it writes): the source's #env section sets LESSOPEN, a command
 * less runs, so one the line may write or compute is refused. It must not
 * lex, nor judge the command a value holds (command-setvars.c does).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

/* Does the text hold s, in any case? */
static bool holds_fold(const char *text, size_t n, const char *s) {
        size_t m = strlen(s);
        for (size_t i = 0; i + m <= n; i++)
                if (strncasecmp(text + i, s, m) == 0)
                        return true;
        return false;
}

/* Does a cluster of less's short options hold -k (a letter that takes a
 * value ends it: -pk is -p k)? */
static bool cluster_k(const char *a) {
        for (a++; *a && *a != ' ' && *a != '\'' && *a != '"'; a++) {
                if (*a == 'k')
                        return true;
                if (strchr("bhjoOpPtTxyzD#", *a))
                        return false;
        }
        return false;
}

/* Does the line set LESS= with -k among its options (LESS='-R -k F')? */
static bool less_var_k(const Line *ln) {
        for (const char *p = ln->text; (p = strstr(p, "LESS=")) && p < ln->text + ln->n; p++) {
                if (p > ln->text && !strchr(" \t\n;&|({`", p[-1]))
                        continue;
                for (const char *v = p + 5; *v && v < ln->text + ln->n && !strchr("\n;&|", *v); v++)
                        if (*v == '-' && (v == p + 5 || strchr(" '\"", v[-1])) && cluster_k(v))
                                return true;
        }
        return false;
}

static const char *const pagers[] = {"less", "pager", "sensible-pager", NULL};

/* Does the program run less, or a word of it name it as one it runs
 * (bash -c 'less F', xargs less, find -exec less)? */
static bool runs_less(const char *name, const ShellWord *const *w, size_t n) {
        if (streq_any(name, pagers))
                return true;
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return true;
                for (char *save = NULL, *c = strtok_r(t, " \t\n;&|()'\"`", &save); c;
                     c = strtok_r(NULL, " \t\n;&|()'\"`", &save)) {
                        const char *b = strrchr(c, '/');
                        if (streq_any(b ? b + 1 : c, pagers))
                                return true;
                }
        }
        return false;
}

int lesskey_judge(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n) {
        char buf[256];
        if (!ln->text || !runs_less(name, w, n))
                return 0;
        /* lesskey names each: LESSKEYIN=, LESSKEY_CONTENT=, --lesskey-file=,
         * ~/.lesskey, ~/.config/lesskey, /etc/syslesskey */
        bool given = holds_fold(ln->text, ln->n, "lesskey") || holds_fold(ln->text, ln->n, "sysless") ||
                     less_var_k(ln);
        for (size_t k = 1; k < n && !given && streq_any(name, pagers); k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && streq(a, "--"))
                        break;
                given = a && a[0] == '-' && a[1] != '-' && cluster_k(a);
        }
        for (const char *p = ln->text; !given && (p = strstr(p, ".less")) && p < ln->text + ln->n; p++)
                given = !p[5] || strchr(" \t\n;&|)'\"", p[5]); /* ~/.less, lesskey's output */
        if (!given)
                return 0;
        /* [LESSKEYIN=F] less -k F FILE alone, its words plain: a source the
         * line neither writes nor computes */
        size_t seen = strcspn(ln->text, ";&|\n<>$`(");
        if (seen >= ln->n)
                return 0;
        judge_name_all(j);
        return judge_refuse(j,
                            "%s reads a lesskey source the line may write (LESSKEYIN=, -k, ~/.lesskey): "
                            "its #env sets LESSOPEN, a command",
                            name);
}
