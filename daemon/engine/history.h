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
 * The record, version 2, one item a line, each ended by '\n':
 *   pathpolicy-history 2
 *   complete                  the history was read whole; then
 *   unreachable               optional: git holds a blob or tree that no
 *                             ref, reflog, pseudo-ref or the index reaches
 *                             (git add .env && git reset), which has no
 *                             name: any masked entry's bytes may be among
 *                             them, read by its id (git show ID); a record
 *                             without the line (an older pathpolicy's)
 *                             says none; then, for each masked entry it
 *                             holds:
 *   held ENTRY                the entry as the policy file spells it, held
 *                             by a commit reachable from a ref, a reflog, a
 *                             pseudo-ref (FETCH_HEAD, ORIG_HEAD, a rebase's
 *                             state, ...) or a dangling commit, or the
 *                             index, at any depth; then either
 *   at PATH                   one or more: where, as git names it, cut
 *                             after the entry's run ("a/.env"), with a '/'
 *                             when git's name goes on below it ("a/.env/")
 *   anywhere                  or this, alone: past the bound of places, or
 *                             a name the record cannot carry (a control
 *                             byte): the entry counts as held at any depth
 * or, in place of "complete" and the held lines,
 *   unknown REASON            not read (past the budget, git failed, a
 *                             repository prepare would not run git in): every
 *                             masked entry counts as held anywhere
 * The reader is strict: anything else (another version, a held entry the
 * entry rules refuse, one twice, a held entry with no place, a place that
 * does not end in its entry, a line cut short, a control byte) is an
 * error, never read as "nothing held".
 */
#include <stdbool.h>
#include <stddef.h>

#define HOST_HISTORY_FILE "path-policy.history"
#define HISTORY_RECORD_MAGIC "pathpolicy-history 2"
/* The bounds of places: past them an entry is held "anywhere". A place's
 * length stays under the pathspec judge's 1,024-byte buffers. */
#define HISTORY_AT_MAX 1024u       /* places an entry */
#define HISTORY_AT_TOTAL_MAX 4096u /* places a record */
#define HISTORY_AT_PATH_MAX 1000u  /* bytes a place */
/* A record's bound: the places, and a held line per masked entry. */
#define HISTORY_RECORD_MAX (16u * 1024 * 1024)

typedef struct HistoryHeld {
        char *entry; /* the masked entry, as the policy file spells it */
        char **at;   /* NULL-terminated places; NULL: anywhere */
        size_t n_at;
} HistoryHeld;

typedef struct HistoryRecord {
        bool known;       /* "complete": held says it all */
        bool unreachable; /* known, and git holds objects nothing reaches */
        char reason[160]; /* unknown: why */
        HistoryHeld *held;
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
 * under either spelling of a directory ("a" or "a/"). Where, in *ret_at
 * (malloc'd, n lists borrowed from r, which must outlive them): a held
 * entry's NULL-terminated places, or NULL for anywhere (and for every
 * entry of an unknown record). 0 or -ENOMEM, outputs untouched. */
int history_record_held(const HistoryRecord *r, const char *const *secrets, size_t n, bool **ret,
                        const char *const ***ret_at);

/* The record's name beside a policy file: its directory's
 * HOST_HISTORY_FILE (malloc'd, NULL on ENOMEM). */
char *history_record_beside(const char *policy_path);

/* Whether at is a place the record can carry for entry: a relative path
 * of whole components, none "." or "..", no control byte, at most
 * HISTORY_AT_PATH_MAX bytes, ending (but for one '/') in entry's run. */
bool history_at_ok(const char *entry, const char *at);
