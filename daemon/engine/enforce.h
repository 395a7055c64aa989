/* SPDX-License-Identifier: MIT */
#pragma once

#include "log.h"
#include "platform.h"
#include "policy-file.h"

/*
 * The guest's boot: apply every action of a policy under root, or none.
 * It checks the kernel, pins the root, resolves and type-checks every
 * action before it mounts anything, then binds in order. Any failure undoes
 * the binds this run applied (in reverse) and fails closed. Every bind, and
 * the failure, is a record on log.
 */

typedef struct EnforceResult {
        size_t masked, protected_, already; /* actions bound (already counts those left alone) */
        size_t git_text;                    /* pieces of git's plain text masked (git-text.h) */
        char message[768];                  /* the failure, for stderr and tests */
} EnforceResult;

/* Returns 0, or a negative errno with result->message set. policy_path
 * names the policy file in messages (with the action's line). files
 * (the binder's, platform_files_for) lists the root's .git: git's plain
 * text there (git-text.h) is masked after the policy's actions, as if
 * it were more of them; one that cannot be (a symlink there) is a
 * warning, and left. NULL files: none is looked for. */
int enforce_policy(const BinderOps *ops, const FileOps *files, const char *root, const char *policy_path,
                   const Policy *p, LogStream *log, EnforceResult *result);

/*
 * Teardown: detach the mounts this program made beneath root, wherever a
 * run of enforce or watch made them (a nested checkout included), the
 * deepest first, each proven through its fd to have the shape of ours
 * before it goes. Only at a path the policy names (matched at any depth by
 * whole components), at git metadata the watcher protects (config,
 * hooks/, config.worktree, info/attributes below a .git) or at git's plain
 * text the boot masks (git-text.h); a mount of our
 * shape anywhere else is left and counted. Each is a record.
 */
typedef struct TeardownResult {
        size_t unbound, left, failed;
        char message[768];
} TeardownResult;

int enforce_teardown(const BinderOps *ops, const char *root, const Policy *p, LogStream *log,
                     TeardownResult *result);
