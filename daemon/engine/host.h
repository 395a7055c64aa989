/* SPDX-License-Identifier: MIT */
#pragma once

#include "log.h"
#include "resolve.h"

/*
 * The host side: before the microVM boots (prepare) and after it ends
 * (release). As the user who owns the checkout, with no privileges and no
 * mounts. Portable POSIX; nothing here follows a symlink.
 *
 * prepare walks every policy path in the worktree: an absent one gets an
 * empty placeholder (a file, or a directory for a '/' entry, with missing
 * parents made), a present one is left alone, a symlink (or a chain of
 * them) that stays inside the checkout is bound at its final target, and
 * one that leaves it, loops, dangles, sits under a symlink or a plain file,
 * or ends at a target the entry rules refuse is skipped and named. VMDIR
 * inside the worktree is refused. It writes, in VMDIR, each file
 * atomically:
 *   path-policy               the policy file the guest enforces
 *   path-policy.placeholders  every placeholder made (parents too), one a
 *                             line, parents first; written and synced
 *                             before the first placeholder is made; a
 *                             second prepare adds to it, never drops
 *   path-policy.exclude       the file placeholders, anchored, in gitignore
 *                             syntax, for the guest's core.excludesFile (git
 *                             shows no empty directory, and a directory
 *                             pattern would hide what is put in it later)
 *   path-policy.checkouts     the nested checkouts the boot found (the guest's
 *                             watcher binds the policy at each one's root),
 *                             for stage (host-internal.h)
 *   path-policy.history       which masked entries git's history holds
 *                             (history.h), for check-command
 *   path-policy.base          the boot's base: the worktree's HEAD commit,
 *                             its id and a newline, or nothing when it has
 *                             none (no commit, no repository); a second
 *                             prepare keeps it (a resume: the colony's
 *                             commits so far stay judged against it)
 *
 * release removes the placeholders that are still empty: the recorded
 * ones, or, when that list was lost, an empty path at a policy entry.
 * Never a path the base tracks (HEAD, the base record lost: said), never
 * through a symlink, never anything with
 *   path-policy.placeholder-inodes
 *                             each placeholder by its identity, written once
 *                             they are made: "dev ino mtime\tpath" for a file,
 *                             "dev ino\tpath" for a directory (whose mtime its
 *                             entries change), so one the guest moved (it
 *                             renamed a parent) is known where it is now
 *   path-policy.masked-files  the masked files by inode (host-internal.h),
 *                             made even when there is none: its absence is
 *                             a lost record
 *
 * release removes the placeholders that are still empty: the recorded
 * ones, or, when that list was lost, an empty path at a policy entry; and
 * a recorded one the guest moved (its inode at another path of the same
 * name: a parent renamed), where it is now.
 * Never a path HEAD tracks, never through a symlink, never anything with
 * content. Safe to run twice. A placeholder that should go and cannot
 * makes it fail (-EIO, the first one in message) after the rest is done.
 */

#define HOST_POLICY_FILE "path-policy"
#define HOST_PLACEHOLDERS_FILE "path-policy.placeholders"
#define HOST_EXCLUDE_FILE "path-policy.exclude"
#define HOST_CHECKOUTS_FILE "path-policy.checkouts"
#define HOST_BASE_FILE "path-policy.base"
#define HOST_PLACEHOLDER_INODES_FILE "path-policy.placeholder-inodes"

typedef struct HostResult {
        size_t masked, protected_, placeholders, skipped;
        size_t removed, kept;
} HostResult;

/* Why a call failed, for the one message the caller logs. */
typedef struct HostError {
        char message[768];
} HostError;

/* 0 with the counts in *ret; or -errno with *ret untouched and the reason
 * in *ret_error (the records said along the way stay said). */
int host_prepare(const char *worktree, const char *out_dir, const Resolved *res, LogStream *log,
                 HostResult *ret, HostError *ret_error);
int host_release(const char *worktree, const char *out_dir, LogStream *log, HostResult *ret,
                 HostError *ret_error);

/*
 * stage stages the worktree (git add -A) and takes the policy's files back
 * out of the index, from the boot's records in out_dir: a path under a
 * bound masked entry goes back to HEAD's mode and blob (out of the index
 * when HEAD lacks it: a "held-back" record each); a recorded placeholder
 * (or, the list lost, a policy path) that HEAD lacks and that is empty
 * leaves it; a staged path masked or protected at any depth is a
 * "policy-path-changed" record, once a colony (out_dir's
 * path-policy.reported); a credential file new to the repository that the
 * policy does not name is unstaged and named in *ret (-EPERM). git runs
 * with nothing the agent wrote able to execute (stage.c). With index (or
 * snapshot: a private copy of the real index), everything happens in that
 * index, and *ret has its tree and the paths changed against HEAD.
 *
 * HEAD above is the boot's base (out_dir's path-policy.base) when HEAD has
 * moved past it: what publish carries is the colony's commits and the
 * index, so each rule applies to the difference between the base and the
 * index, and a commit in base..HEAD that brings a credential file, a
 * placeholder or a masked path's bytes (which stage cannot take out of a
 * commit) is named in *ret's refused_commits (-EPERM). The record lost,
 * HEAD, said in a "base-lost" record.
 */
typedef struct StageConfig {
        const char *worktree, *out_dir;
        const char *index; /* stage into this index file (GIT_INDEX_FILE); NULL: the real one */
        bool snapshot;     /* a private temporary index, made from the real one, then removed */
        /* The operator's exceptions (stage --allow): a credential file at a
         * path one of these names (the path, a directory above it, or a glob
         * over it, '*' within a component) is let through, and said. Given
         * by the host, never read from the worktree. */
        const char *const *allow;
        size_t n_allow;
        LogStream *log;
} StageConfig;

/* A commit of the colony's that carries what stage would have refused or
 * taken out: reason is "credential", "placeholder" or "masked"; or one
 * the repository's shallow file names, which hides the commits below it
 * (reason "shallow", path "shallow"). */
typedef struct StageRefusedCommit {
        char *commit, *path;
        const char *reason;
} StageRefusedCommit;

typedef struct StageResult {
        size_t held, dropped, reported;
        char **refused; /* the credential files unstaged */
        size_t n_refused, n_refused_allocated;
        StageRefusedCommit *refused_commits; /* in the order committed */
        size_t n_refused_commits, n_refused_commits_allocated;
        char *tree;     /* with index or snapshot: the tree written */
        char **changed; /* ... and the paths it changes against HEAD */
        size_t n_changed, n_changed_allocated;
        char **allowed; /* credential files let through by --allow, each once */
        size_t n_allowed, n_allowed_allocated;
        struct Hashmap *allowed_set; /* the same paths: each once, however many the agent makes */
} StageResult;

/* 0, or -EPERM with *ret filled when credential files or commits were
 * refused, or
 * -errno with *ret untouched and the reason in *ret_error. */
int host_stage(const StageConfig *c, StageResult *ret, HostError *ret_error);
void stage_result_done(StageResult *r);

/* The time limit of every git the host side runs (stage, release), in
 * seconds; past it git is killed and the call fails, naming the git and
 * the limit. 0: the default. */
#define HOST_GIT_TIME_LIMIT_DEFAULT 600u
void host_set_git_time_limit(unsigned seconds);
unsigned host_git_time_limit(void);

/* prepare's budget for reading git's history (history.c): seconds of git
 * time and commits walked; past either, the record says the history is
 * unknown, and every masked entry counts as held. 0: the default. */
#define HOST_HISTORY_SECONDS_DEFAULT 120u
#define HOST_HISTORY_COMMITS_DEFAULT 2000000u
void host_set_history_budget(unsigned seconds, unsigned long commits);

/* One gitignore pattern that matches exactly path (relative, a '/' at the
 * end for a directory), anchored at the root: '#', '!', '*', '?', '[',
 * '\' and trailing spaces escaped. Returns malloc'd text, NULL on ENOMEM. */
char *host_gitignore_pattern(const char *path);
