/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "judge.h"
#include "log.h"
#include "policy-file.h"

/*
 * The judge on the disk: where a call's path really is (through symlinks,
 * as the kernel would go), which checkout it is in, and the report of an
 * attempt, once per run. Reporting only: nothing here decides or blocks
 * the call.
 *
 * Resolution: first what the client does to the string before it opens
 * it (JudgeCall.client, judge-client.h: Claude Code's trim, "~" and
 * lexical "..", from the HOME this process sees, the client's own since a
 * hook runs in its environment). That path and the path as written are
 * both judged: the client's is named, the written one when it alone is an
 * attempt. A relative path is taken against the call's working
 * directory (the root when it names none), then walked one component at a
 * time from "/", each component looked at without following: a symlink is
 * read and its target walked in its place (up to 40 hops, the kernel's
 * own bound), ".." leaves the directory reached so far, as the kernel does
 * after a symlink. From the first component that does not exist (a Write
 * making a file) the rest is taken as written. A path that lands outside
 * the root is not judged. Nested checkouts are directories with a .git
 * (as watch finds them): the policy applies inside each one too, anchored
 * at it, with git's metadata in its .git directory protected.
 */

#define JUDGE_CAP_DEFAULT 100
#define JUDGE_SYMLINK_HOPS 40
/* How long a hook waits for its session's state file lock, in ms. */
#define JUDGE_STATE_LOCK_MS 10000
/* For the tests only: a test program that defines this (tests/hooks.c)
 * waits that many ms instead, so a test of the wait does not sit through
 * it. Weak and hidden, as host_test_crash_after (host-internal.h): the
 * installed program defines none, and no library can supply it. */
extern unsigned judge_test_lock_ms(void) __attribute__((weak, visibility("hidden")));
/* The paths whose lookups a judge keeps (JudgeConfig.cache). */
#define JUDGE_CACHE_MAX 65536
/* ... and the bytes they hold at most: a call's path can be 64 MiB long
 * (HOOK_INPUT_MAX), so a bound on their number alone bounds no memory. */
#define JUDGE_CACHE_BYTES (64u * 1024 * 1024)
/* The directories a walk for nested checkouts below a directory looks in
 * at most (judge-checkouts.c), for a hook a few milliseconds: past it the
 * first directory not looked in is reported (JUDGE_UNWALKED). */
#define JUDGE_WALK_MAX 10000u

typedef struct JudgeConfig {
        const char *root;         /* the worktree */
        const Policy *policy;     /* the bind list the guest booted with */
        LogStream *log;           /* the attempt records */
        const char *history_path; /* JSON Lines, appended; NULL: none */
        const char *state_dir;    /* the runs' state files (a hook's session); NULL: none */
        size_t cap;               /* distinct paths reported per run */
        bool cache;               /* keep lookups between judge_sync() calls */
        const char *home;         /* "~" for a Claude Code call (NULL: $HOME, else the passwd entry) */
        bool fold_case;           /* every entry's names fold, whatever the filesystem says */
        size_t walk_max;          /* directories a walk for nested checkouts looks in (0: JUDGE_WALK_MAX) */
} JudgeConfig;

typedef struct JudgeVerdict {
        bool judged;  /* false: outside the root, or a search of a directory */
        bool attempt; /* judged, and a read of a masked path or a write to a listed one */
        JudgeCategory category;
        char *path;         /* where the call lands, relative to the root */
        char *checkout;     /* the nested checkout the category comes from; NULL: the root */
        JudgeAccess access; /* the call's, for this path */
        bool searched_dir;  /* a search of a directory (path is that directory) */
        char *above;        /* a search of a directory above the root: the root's
                             * path relative to it (not judged, path NULL) */
} JudgeVerdict;

typedef struct Judge Judge;

int judge_new(const JudgeConfig *c, Judge **ret);
void judge_free(Judge *j);

/* The verdict on one call: 0 with *ret filled (free with
 * judge_verdict_done), or -errno (-ENOMEM). */
int judge_call(Judge *j, const JudgeCall *call, JudgeVerdict *ret);

/*
 * The verdicts on every path a call reaches (judge-each.c): the path it
 * names and its other ones (JudgeCall.more; an MCP server's as it
 * resolves them, JudgeCall.server), the policy's entries below a
 * directory written, the masked paths its glob lets a search read
 * (JudgeCall.glob, judge_globs_reach(), below the directory searched, or
 * in the root below one above it: the root's entries and every nested
 * checkout's there, judge_checkouts_find()), or
 * the masked entries its command names by check-command's secret-paths
 * rule (JudgeCall.command, command_check(), no history record: the
 * history is not judged). 0 with *ret (*ret_n of them, at least one for a
 * call of a path; free with judge_verdicts_free), or -errno.
 */
int judge_call_each(Judge *j, const JudgeCall *call, JudgeVerdict **ret, size_t *ret_n);
void judge_verdicts_free(JudgeVerdict *v, size_t n);
/* The policy the judge was made with. */
const Policy *judge_policy(const Judge *j);
/* The root, held open (O_PATH), and the walk's bound. */
int judge_root_fd(const Judge *j);
size_t judge_walk_max(const Judge *j);

/*
 * The checkouts whose policy can name a path below dir (relative to the
 * root, "" the root; judge-checkouts.c): the root, each directory above
 * dir with a .git, dir itself and each directory below it with one (a
 * walk that follows no symlink and does not enter .git), in that order.
 * The walk (below: none without) looks in max directories at most, 64
 * deep: past that, unwalked names the first directory it did not look in. 0, or -ENOMEM; a
 * directory that cannot be opened is not walked (a file, gone).
 */
typedef struct JudgeCheckout {
        char *path;  /* relative to the root; "" the root */
        bool nested; /* its .git is a directory: git's metadata is protected there */
} JudgeCheckout;
typedef struct JudgeCheckouts {
        JudgeCheckout *v;
        size_t n, allocated;
        char *unwalked;
} JudgeCheckouts;
int judge_checkouts_find(int root_fd, const char *dir, size_t max, bool below, JudgeCheckouts *ret);
void judge_checkouts_done(JudgeCheckouts *c);
/* Which of its entries' names fold at the root, as the filesystem says
 * (case-ask.h): policy->n flags, asked the first time; NULL on -ENOMEM. */
const bool *judge_entry_folds(Judge *j);

/*
 * With JudgeConfig.cache, a path's lookup (one that met no symlink and no
 * "..") is kept, and the directories it went through are watched
 * (platform_changes_*), until anything that can change a lookup there
 * happens. judge_sync() asks whether it did, dropping every lookup kept
 * when so: a stream calls it after each read of its input, before judging
 * the calls read, so a verdict is true to the disk as it was when its
 * call was read, at the latest (a call is reported after it was made).
 * 0, or -errno when changes can no longer be told (nothing is kept from
 * then on; the verdicts stay true). Where the OS cannot tell a change,
 * nothing is ever kept.
 */
int judge_sync(Judge *j);
void judge_verdict_done(JudgeVerdict *v);

/*
 * Report an attempt once per run: an "attempt" record and a History
 * entry for each distinct (access, path), and past the cap of distinct
 * paths one "attempts-capped" record, then nothing. A call with a session
 * shares its run with every other process of that session through a state
 * file in state_dir (locked while deciding and writing, so concurrent hook
 * processes neither repeat nor lose one); without, the run is this
 * process. 1 reported, 0 said already (or capped), -errno when the state
 * cannot be kept (also a record).
 */
int judge_report(Judge *j, const JudgeCall *call, const JudgeVerdict *v);
