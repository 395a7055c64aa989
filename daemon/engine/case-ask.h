/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>

#include "judge.h"

/*
 * Which policy entries' names fold, asked of the filesystem: the one answer
 * judge and check-command both take (case-fold.h folds the names; the
 * platform says which directories fold). Asking only; it must not decide
 * what a name is, nor log.
 */

/* The directories asked, and their answers: most entries share one (the
 * root), which is asked once. */
#define CASE_MEMO_MAX 32
typedef struct CaseMemo {
        char *dir[CASE_MEMO_MAX];
        int answer[CASE_MEMO_MAX];
        size_t n;
} CaseMemo;
void case_memo_done(CaseMemo *m);

/* Does entry (a policy path, "secrets/" a directory) fold under base (an
 * absolute directory)? Yes when a directory it is looked up through (base,
 * then each of its directories down to the last component's, those that
 * exist: one that does not yet takes its parent's flag when made) is
 * case-insensitive (platform_case_insensitive()), or when one cannot be
 * asked for a reason but its absence: then it may fold, and a name in
 * either case is taken to be the entry's (reported, refused). memo: the
 * answers kept between calls (NULL: none). */
bool case_ask_entry(const char *base, const char *entry, CaseMemo *memo);

/*
 * A judge's answers, asked once and kept until case_asked_reset() (a change
 * on the disk, judge-run.c's cache dropped): the root's entries' flags.
 * Asked only for a path that, folded, lands on an entry, so that a call
 * that names no policy path in any case costs no question.
 */
typedef struct CaseAsked {
        bool *entry; /* [p->n]: entry i folds under the root; NULL: not asked yet */
        bool git;    /* .git's names fold at the root */
        bool *all;   /* [p->n], every one true: what a name may fold onto */
        bool forced; /* every entry folds, whatever the filesystem says (--case-insensitive) */
} CaseAsked;

/* The root's flags (a->entry), asked the first time: NULL on -ENOMEM. */
const bool *case_asked_entries(CaseAsked *a, const Policy *p, const char *root);
/* The category of path (relative to the root, or, checkout not NULL, to
 * that nested checkout's root, relative to the root; nested as
 * judge_classify()'s), its names folded where the filesystem folds them. */
JudgeCategory case_classify(CaseAsked *a, const Policy *p, const char *root, const char *checkout,
                            const char *path, bool nested);
/* Could path, folded, be under the policy at all (no question asked)? */
bool case_may_match(CaseAsked *a, const Policy *p, const char *path, bool nested);
void case_asked_reset(CaseAsked *a);
void case_asked_done(CaseAsked *a);
