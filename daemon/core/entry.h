/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/*
 * A policy entry: a worktree-relative path, spelled the way the settings
 * spell it. A trailing '/' makes it a directory entry (the whole directory);
 * anything else names one file.
 */

#define ENTRY_MAX_CHARS 500

/* Which list an entry is for: the rules differ for masks (see .git). */
typedef enum EntryList {
        ENTRY_MASK,
        ENTRY_PROTECT,
        ENTRY_UNMASK,
        _ENTRY_LIST_MAX,
} EntryList;

/* Why an entry is refused. The strings are stable: users and tests read them. */
typedef enum EntryError {
        ENTRY_OK = 0,
        ENTRY_EMPTY,
        ENTRY_ROOT,
        ENTRY_ABSOLUTE,
        ENTRY_WHITESPACE,
        ENTRY_CONTROL,
        ENTRY_BIDI,
        ENTRY_DOT_COMPONENT,
        ENTRY_EMPTY_COMPONENT,
        ENTRY_SEPARATOR,
        ENTRY_TOO_LONG,
        ENTRY_COMPONENT_TOO_LONG,
        ENTRY_MASK_UNDER_GIT,
        _ENTRY_ERROR_MAX,
} EntryError;

const char *entry_list_to_string(EntryList l);
const char *entry_error_to_string(EntryError e);

/* Check an entry against every rule of the spec's "Validation" section.
 * Returns the first rule it breaks, or ENTRY_OK. */
EntryError entry_validate(const char *entry, EntryList list);

/* A directory entry ends in '/'. */
bool entry_is_dir(const char *entry);

/* Whether two entries name the same path, a trailing '/' aside; with
 * fold, ASCII letters match either case (a case-insensitive volume). */
bool entry_same_path(const char *a, const char *b);
bool entry_same_path_fold(const char *a, const char *b, bool fold);

/* Whether n bytes of a and b are equal, ASCII letters of either case. */
bool entry_run_eq(const char *a, const char *b, size_t n);

/* Whether a path git names holds entry at any depth: entry's components as
 * a whole-component run anywhere in path, the path itself or anything
 * below it (a file entry too: a name that was a directory once), ASCII
 * letters of either case. More than a mask binds, never less. */
bool entry_path_holds(const char *entry, const char *path);

/* Where the first such run ends in path (path[k] is '\0' or '/'), or 0
 * when path does not hold entry. */
size_t entry_path_run(const char *entry, const char *path);

/*
 * Anchored: the entry names this path relative to the root. A file entry
 * matches exactly that path; a directory entry matches the directory and
 * everything below it. path is relative, components joined by single '/';
 * a trailing '/' on it is ignored.
 */
bool entry_match_anchored(const char *entry, const char *path);
/* The same, with fold ASCII letters of either case (a case-insensitive
 * directory: case-fold.h folds the rest first). */
bool entry_match_anchored_fold(const char *entry, const char *path, bool fold);

/*
 * Any depth: the entry's components stand as a whole-component run anywhere
 * in path. A file entry's run must end the path (".env" covers
 * "vendor/lib/.env", not "x.env", ".env.local" or ".env/x"); a directory
 * entry's run may be followed by anything ("a/b/" covers "x/a/b/c").
 */
bool entry_match_any_depth(const char *entry, const char *path);
