/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * What the boot recorded of git's history (history-record.c), for the
 * exec policy's secret-paths rule: a mask hides a worktree file, not the
 * blobs in .git/objects, so a command that prints blobs (git log -p, git
 * show, git archive, ...) reads a masked path when the repository's
 * history holds one. prepare writes VMDIR/HOST_HISTORY_FILE (history.c);
 * check-command reads it beside the policy file.
 *
 * The record, version 1, one item a line, each ended by '\n':
 *   pathpolicy-history 1
 *   complete                  the history was read whole; then zero or more
 *   held ENTRY                a masked entry of the policy file (as it spells
 *                             it) that a commit reachable from a ref or a
 *                             reflog, or the index, holds at any depth
 * or, in place of "complete" and the held lines,
 *   unknown REASON            not read (past the budget, git failed, a
 *                             repository prepare would not run git in): every
 *                             masked entry counts as held
 * The reader is strict: anything else (another version, a held entry the
 * entry rules refuse, one twice, a line cut short, a control byte in a
 * reason) is an error, never read as "nothing held".
 */
#include <stdbool.h>
#include <stddef.h>

#define HOST_HISTORY_FILE "path-policy.history"
#define HISTORY_RECORD_MAGIC "pathpolicy-history 1"
/* A record's bound: a held line per masked entry, each under 4 KB. */
#define HISTORY_RECORD_MAX (16u * 1024 * 1024)

typedef struct HistoryRecord {
        bool known;       /* "complete": held says it all */
        char reason[160]; /* unknown: why */
        char **held;      /* NULL-terminated */
        size_t n_held;
} HistoryRecord;

void history_record_done(HistoryRecord *r);

/* The record's text (malloc'd, *ret_n bytes). 0, -ENOMEM, or -EINVAL for
 * a held entry the reader would refuse. */
int history_record_format(const HistoryRecord *r, char **ret, size_t *ret_n);

/* Strict: 0 with *ret filled, or -EINVAL with the line and why in err,
 * -ENOMEM. */
int history_record_parse(const char *buf, size_t n, HistoryRecord *ret, char *err, size_t err_n);

/* The file at path, a regular one (a fifo is not waited on), parsed: 0;
 * -ENOENT when there is none; -EINVAL (why in err), -errno. */
int history_record_load(const char *path, HistoryRecord *ret, char *err, size_t err_n);

/* Which of secrets (n, the policy's masked entries) the record holds, in
 * *ret (malloc'd, n flags): every one when it is unknown; an entry held
 * under either spelling of a directory ("a" or "a/"). 0 or -ENOMEM. */
int history_record_held(const HistoryRecord *r, const char *const *secrets, size_t n, bool **ret);

/* The record's name beside a policy file: its directory's
 * HOST_HISTORY_FILE (malloc'd, NULL on ENOMEM). */
char *history_record_beside(const char *policy_path);

/* Whether a path git names holds entry at any depth: entry's components as
 * a whole-component run anywhere in path, the path itself or anything
 * below it (a file entry too: a name that was a directory once), ASCII
 * letters of either case. More than the mask binds, never less. */
bool history_path_holds(const char *entry, const char *path);
