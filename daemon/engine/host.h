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
 *
 * release removes the placeholders that are still empty: the recorded
 * ones, or, when that list was lost, an empty path at a policy entry.
 * Never a path HEAD tracks, never through a symlink, never anything with
 * content. Safe to run twice. A placeholder that should go and cannot
 * makes it fail (-EIO, the first one in message) after the rest is done.
 */

#define HOST_POLICY_FILE "path-policy"
#define HOST_PLACEHOLDERS_FILE "path-policy.placeholders"
#define HOST_EXCLUDE_FILE "path-policy.exclude"

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

/* One gitignore pattern that matches exactly path (relative, a '/' at the
 * end for a directory), anchored at the root: '#', '!', '*', '?', '[',
 * '\' and trailing spaces escaped. Returns malloc'd text, NULL on ENOMEM. */
char *host_gitignore_pattern(const char *path);
