/* SPDX-License-Identifier: MIT */
/*
 * Every path a call reaches, judged (judge-run.h, judge_call_each): the
 * paths it names, the masked ones its glob lets a search read, the ones
 * its command names. It decides nothing of its own: the walk is
 * judge_call()'s, the glob's reading judge-glob.c's, the command's
 * check-command's rule. It must not report.
 */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "command.h"
#include "judge-run.h"
#include "util.h"

typedef struct Each {
        JudgeVerdict *v;
        size_t n, allocated;
} Each;

void judge_verdicts_free(JudgeVerdict *v, size_t n) {
        for (size_t i = 0; v && i < n; i++)
                judge_verdict_done(&v[i]);
        free(v);
}

static int each_put(Each *e, JudgeVerdict *v) {
        if (ARRAY_GROW(e->v, e->allocated, e->n + 1) < 0) {
                judge_verdict_done(v);
                return -ENOMEM;
        }
        e->v[e->n++] = *v;
        *v = (JudgeVerdict){0};
        return 0;
}

/* An entry of the policy (a policy path, "secrets/" a directory) as an
 * attempt to read it (a masked one) or write it. */
static int each_put_entry(Each *e, const Policy *p, const char *entry, JudgeAccess access) {
        size_t n = strlen(entry);
        while (n > 1 && entry[n - 1] == '/')
                n--;
        JudgeVerdict v = {.judged = true, .attempt = true, .access = access};
        if (!(v.path = strndup(entry, n)))
                return -ENOMEM;
        v.category = judge_classify(p, NULL, v.path, false);
        if (access == JUDGE_READ && !judge_is_masked(v.category))
                v.category = JUDGE_MASKED;
        return each_put(e, &v);
}

static int each_put_masked(Each *e, const Policy *p, const char *entry) {
        return each_put_entry(e, p, entry, JUDGE_READ);
}

/* A write to a directory (moved, replaced, removed: move_file's source or
 * destination) is a write to every entry of the policy below it: moving
 * .git away takes .git/config with it. Each such entry, as an attempt to
 * write it. dir is relative to the root ("" the root itself). */
static int write_below(Each *e, const Policy *p, const char *dir) {
        size_t k = strlen(dir);
        int r = 0;
        for (size_t i = 0; r >= 0 && p && i < p->n; i++) {
                const char *entry = p->actions[i].path;
                if (k > 0 && (strncmp(entry, dir, k) != 0 || entry[k] != '/' || !entry[k + 1]))
                        continue;
                r = each_put_entry(e, p, entry, JUDGE_WRITE);
        }
        return r;
}

/* The masked entries below the directory searched (dir, relative to the
 * root) that the call's glob lets ripgrep read. */
static int glob_reach(Each *e, const Policy *p, const char *glob, const char *dir) {
        JudgeGlobs *g = NULL;
        size_t k = strlen(dir);
        int r = judge_globs_new(glob, &g);
        for (size_t i = 0; r >= 0 && p && i < p->n; i++) {
                const char *entry = p->actions[i].path;
                if (p->actions[i].kind == PLATFORM_PROTECT)
                        continue;
                if (k > 0 && (strncmp(entry, dir, k) != 0 || entry[k] != '/'))
                        continue;
                _cleanup_free_ char *rel = strdup(entry + (k > 0 ? k + 1 : 0));
                if (!rel) {
                        r = -ENOMEM;
                        break;
                }
                size_t n = strlen(rel);
                bool is_dir = n > 0 && rel[n - 1] == '/';
                while (n > 0 && rel[n - 1] == '/')
                        rel[--n] = 0;
                if (n > 0 && judge_globs_reach(g, rel, is_dir))
                        r = each_put_masked(e, p, entry);
        }
        judge_globs_free(g);
        return r;
}

/* The masked entries the command line names, by check-command's rule,
 * as check-command decides with no history record: every masked entry
 * counts as held, so a command that prints git's blobs reads them. */
static int command_reach(Each *e, Judge *j, const char *line) {
        const Policy *p = judge_policy(j);
        _cleanup_free_ const char **secrets = calloc(p ? p->n + 1 : 1, sizeof *secrets);
        _cleanup_free_ bool *held = calloc(p ? p->n + 1 : 1, sizeof *held);
        _cleanup_free_ bool *fold = calloc(p ? p->n + 1 : 1, sizeof *fold);
        CommandVerdict cv = {0};
        size_t n = 0;
        int r;

        if (!secrets || !held || !fold)
                return -ENOMEM;
        /* Case as judge's own: the filesystem's answer at the root. */
        const bool *folds = p ? judge_entry_folds(j) : NULL;
        if (p && !folds)
                return -ENOMEM;
        for (size_t i = 0; p && i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT) {
                        held[n] = true;
                        fold[n] = folds[i];
                        secrets[n++] = p->actions[i].path;
                }
        CommandPolicy cp = {.secrets = secrets, .n_secrets = n, .held = held, .fold = fold};
        if ((r = command_check(line, strlen(line), &cp, &cv)) < 0)
                return r;
        for (size_t i = 0; r >= 0 && cv.refused && i < cv.n_paths; i++)
                r = each_put_masked(e, p, cv.paths[i]);
        command_verdict_done(&cv);
        return r;
}

int judge_call_each(Judge *j, const JudgeCall *call, JudgeVerdict **ret, size_t *ret_n) {
        Each e = {0};
        JudgeVerdict v = {0};
        int r = 0;

        if (call->command)
                r = command_reach(&e, j, call->command);
        else {
                for (size_t i = 0; r >= 0 && i <= call->n_more; i++) {
                        JudgeCall one = *call;
                        if (i > 0) {
                                one.path = call->more[i - 1].path;
                                one.access = call->more[i - 1].access;
                        }
                        if ((r = judge_call(j, &one, &v)) < 0)
                                break;
                        bool below =
                                one.access == JUDGE_WRITE && v.judged && !v.attempt && v.path && !call->grep;
                        _cleanup_free_ char *dir = below ? strdup(v.path) : NULL;
                        if ((r = each_put(&e, &v)) >= 0 && below)
                                r = dir ? write_below(&e, judge_policy(j), dir) : -ENOMEM;
                }
                /* A glob picks files in a directory searched; a file
                 * named is searched as named (the client matches the glob
                 * to it itself). */
                if (r >= 0 && call->glob && e.v[0].searched_dir && e.v[0].path)
                        r = glob_reach(&e, judge_policy(j), call->glob, e.v[0].path);
        }
        if (r < 0) {
                judge_verdicts_free(e.v, e.n);
                return r;
        }
        *ret = e.v;
        *ret_n = e.n;
        return 0;
}
