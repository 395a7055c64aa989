/* SPDX-License-Identifier: MIT */
#pragma once

#include "platform.h"
#include "policy-file.h"

/*
 * Git's plain text: what git copies into a git directory for a person to
 * read, edit or resume from. A commit message with `git commit -v`'s diff
 * below the scissors (COMMIT_EDITMSG), MERGE_MSG and its kin, what `git
 * add -e`/`-p` edits, a rebase's or am's patch and mails, rerere's images
 * of a conflict (rr-cache/), what `git fsck --lost-found` wrote out
 * (lost-found/), an editor's swap or backup of any of these, and Git LFS's
 * store (lfs/objects/: every tracked file's bytes, uncompressed). Made on
 * the host before the boot, they hold a masked file's bytes when one was
 * staged, and `grep -r` reads them; a read-only git directory needs none
 * of them. The boot masks each.
 */

/* How many directories below a git directory one search looks at
 * (worktrees/NAME, modules/NAME with its slashes, nested): past it the
 * search stops and says so. */
#define GIT_TEXT_DIRS_MAX 4096
#define GIT_TEXT_DEPTH 8

/* Append to *ret a mask action (mask-file, or mask-dir for a directory)
 * for each piece of plain text in the git directory gitdir (a path
 * beneath the root b and f pin) and in every git directory below it.
 * Nothing is followed through a symlink. 0; -E2BIG past the bound, or
 * the -errno of the first directory that could not be listed (what was
 * found is in *ret, the rest looked at); -ENOMEM. */
int git_text_find(const BinderOps *ops, void *b, const FileOps *files, void *f, const char *gitdir,
                  Policy *ret);

/* The kind a mount at path (relative to the root) has when it is one of
 * git_text_find's (kinds: bit 1 << kind, as teardown sees them), or -1. */
int git_text_kind(const char *path, unsigned kinds);
