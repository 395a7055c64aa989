/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>

/*
 * The pattern matchers the policy's judges share (match.c): check-command's
 * rule for a program's patterns, judge for a search's globs. Pure: strings
 * in, a match out; each bounded, no backtracking. It must not know the
 * policy.
 */

/* A glob (fnmatch's syntax: * ? [...] and backslash) against s whole.
 * MATCH_PATHNAME: '*', '?' and a class never match '/', and '**' between
 * slashes matches any directories (git's :(glob), ripgrep's globs).
 * MATCH_FOLD: ASCII letters of either case. MATCH_STRICT: a class the
 * matcher does not know ([:alpha:]) matches nothing; else everything. */
enum { MATCH_FOLD = 1, MATCH_PATHNAME = 2, MATCH_STRICT = 4 };
bool match_glob(const char *pat, const char *s, int flags);
/* match_glob with {a,b} alternation (nested too; fd's and ripgrep's
 * globs): any alternative that matches, at most 64 tried; past them, or
 * out of memory, a match. */
bool match_glob_braced(const char *pat, const char *s, int flags);
/* Each {a,b} alternative of pat (nested too) to f, until one says true:
 * whether one did; past 64 alternatives, or out of memory, true. */
bool match_alternatives(const char *pat, bool (*f)(void *ctx, const char *alt), void *ctx);
/* Does the glob match some string tmpl stands for, each MATCH_ANY_HEX in
 * it a hex digit (0-9a-f: git's object names) and each MATCH_ANY_TEXT
 * any bytes, none too? */
#define MATCH_ANY_HEX '\1'
#define MATCH_ANY_TEXT '\2'
bool match_glob_some(const char *pat, const char *tmpl, int flags);
/* After s as a prefix: 0 no string with that prefix matches, 1 some do,
 * 2 every one does. */
int match_glob_prefix(const char *pat, const char *s, int flags);
/* A name the glob c (n bytes, one component) matches, into out: '*' none,
 * '?' x, a class its first member; false when that is no match (a negated
 * class) or too long. */
bool match_glob_name(const char *c, size_t n, char out[static 256]);
/* find's -regex (emacs syntax, the whole path): a bounded matcher, no
 * backtracking. What it does not know matches. */
bool match_regex(const char *re, const char *s, bool fold);
