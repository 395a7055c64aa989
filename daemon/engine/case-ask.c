/* SPDX-License-Identifier: MIT */
/*
 * Whether a policy entry's names fold, asked of the directories it is
 * looked up through (case-ask.h). It must not fold a name itself: that is
 * case-fold.c's.
 */
#include "case-ask.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "util.h"

void case_memo_done(CaseMemo *m) {
        for (size_t i = 0; m && i < m->n; i++)
                free(m->dir[i]);
        if (m)
                m->n = 0;
}

/* The platform's answer for dir, kept in memo while it has room. */
static int ask(const char *dir, CaseMemo *memo) {
        for (size_t i = 0; memo && i < memo->n; i++)
                if (streq(memo->dir[i], dir))
                        return memo->answer[i];
        int r = platform_case_insensitive(dir);
        if (memo && memo->n < CASE_MEMO_MAX && (memo->dir[memo->n] = strdup(dir)))
                memo->answer[memo->n++] = r;
        return r;
}

bool case_ask_entry(const char *base, const char *entry, CaseMemo *memo) {
        _cleanup_free_ char *dir = NULL;
        if (asprintf(&dir, "%s/%s", base, entry) < 0)
                return true; /* cannot tell: it may fold */
        size_t b = strlen(base);
        /* From the entry's own directory up to base (the last one asked:
         * its '/' is the first after it), each that exists. */
        for (;;) {
                size_t n = strlen(dir);
                while (n > b && dir[n - 1] == '/')
                        dir[--n] = 0;
                char *slash = strrchr(dir + b, '/');
                if (!slash)
                        break;
                *slash = 0;
                int r = ask(dir[0] ? dir : "/", memo);
                if (r > 0 || (r < 0 && r != -ENOENT && r != -ENOTDIR))
                        return true;
        }
        return false;
}

/* Each entry's flag under base, and .git's: NULL on -ENOMEM. */
static bool *ask_all(const Policy *p, const char *base, bool *ret_git) {
        bool *f = calloc(p->n + 1, sizeof *f);
        CaseMemo memo = {0};
        if (!f)
                return NULL;
        for (size_t i = 0; i < p->n; i++)
                f[i] = case_ask_entry(base, p->actions[i].path, &memo);
        *ret_git = case_ask_entry(base, ".git/x", &memo);
        case_memo_done(&memo);
        return f;
}

const bool *case_asked_entries(CaseAsked *a, const Policy *p, const char *root) {
        if (!a->entry && p && a->forced) {
                a->git = true;
                if ((a->entry = calloc(p->n + 1, sizeof *a->entry)))
                        for (size_t i = 0; i < p->n; i++)
                                a->entry[i] = true;
        } else if (!a->entry && p)
                a->entry = ask_all(p, root[0] ? root : "/", &a->git);
        return a->entry;
}

bool case_may_match(CaseAsked *a, const Policy *p, const char *path, bool nested) {
        if (!p)
                return false;
        if (!a->all) {
                a->all = calloc(p->n + 1, sizeof *a->all);
                if (!a->all)
                        return true; /* cannot tell: ask */
                for (size_t i = 0; i < p->n; i++)
                        a->all[i] = true;
        }
        return judge_classify(p, &(JudgeFold){a->all, true}, path, nested) != JUDGE_NONE;
}

JudgeCategory case_classify(CaseAsked *a, const Policy *p, const char *root, const char *checkout,
                            const char *path, bool nested) {
        JudgeCategory c = judge_classify(p, NULL, path, nested);
        /* As written first: only a name that folds onto an entry asks the
         * filesystem whether it does. */
        if (c != JUDGE_NONE || !case_may_match(a, p, path, nested))
                return c;
        if (!checkout) {
                const bool *f = case_asked_entries(a, p, root);
                return f ? judge_classify(p, &(JudgeFold){f, a->git}, path, nested) : c;
        }
        /* A nested checkout's own directories: asked each time (a rare
         * path: a name in another case that only folds onto an entry). */
        _cleanup_free_ char *base = NULL;
        bool git = false;
        if (asprintf(&base, "%s/%s", root, checkout) < 0)
                return c;
        _cleanup_free_ bool *f = NULL;
        if (a->forced) /* as the root's: every one folds */
                return judge_classify(p, &(JudgeFold){case_asked_entries(a, p, root), true}, path, nested);
        f = ask_all(p, base, &git);
        return f ? judge_classify(p, &(JudgeFold){f, git}, path, nested) : c;
}

void case_asked_reset(CaseAsked *a) {
        free(a->entry);
        a->entry = NULL;
}

void case_asked_done(CaseAsked *a) {
        case_asked_reset(a);
        free(a->all);
        a->all = NULL;
}
