/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

/*
 * The paths git names when it refuses to update a working tree: a checkout,
 * merge or pull stopped by a file it would overwrite or remove, as git 2.39
 * words it (unpack-trees.c: "Your local changes to the following files would
 * be overwritten by merge:" and the tab-indented paths after it, "Entry '%s'
 * not uptodate. Cannot merge.", ...; entry.c: "unable to unlink old '%s'",
 * "cannot create directory at '%s'", "unable to create file %s"). A masked
 * file changed upstream is one (its mount reads as a local change), and the
 * agent cannot do anything about it: the judge names it in a record. It
 * must not judge: the paths are as git printed them, relative to the
 * checkout's top.
 */

/* At most this many paths are taken from one text. */
#define GIT_REFUSALS_MAX 100

/* The paths in text (n bytes: a command's output), each NUL-terminated, one
 * after another, into *ret (malloc'd) and their count into *ret_n; 0 with
 * *ret NULL when there are none. -ENOMEM. */
int git_refused_paths(const char *text, size_t n, char **ret, size_t *ret_n);
