/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * What the words of a lexed shell line name, expanded as bash expands them:
 * braces first (bash's brace expansion knows no brackets), then each path
 * component a glob matched against the policy's names as bash's pathname
 * expansion matches (a leading dot only explicitly, unless the line may
 * turn dotglob on). It must not judge which programs may read what they
 * name: command.c's recogniser does.
 */

#include <stdbool.h>
#include <stddef.h>

#include "shell-lex.h"

/* Steps of judging one command line (an item of an alternative looked at,
 * a glob's backtrack, a brace's walk): past this, the judgement stops and
 * the command is refused. About 50 ms of work. */
#define WORD_NAMES_WORK_MAX (1u << 24)

typedef struct WordNames {
        const char *const *names; /* the secrets' last components ("" names nothing) */
        size_t n;
        const bool *fold;        /* [n]: a name written in another case opens names[i] (NULL: none) */
        bool *named;             /* out: a word names names[i] */
        bool *named_dot;         /* out: only if a '*', '?' or [...] may match a leading dot */
        bool dotglob;            /* out: the line may turn dotglob on (shopt, GLOBIGNORE, BASHOPTS) */
        size_t work;             /* out: steps taken */
        bool spent;              /* out: WORD_NAMES_WORK_MAX reached, the judgement unfinished */
        bool deep;               /* out: texts nested past the depth judged (${x:-${x:-...}}), unread */
        int sets;                /* how the text around a nested one sets variables (line_sets) */
        struct WordPat *scratch; /* a compiled glob's room, reused (word_names_done()) */
        size_t scratch_allocated;
} WordNames;

/* The names every word of l holds, and what its substitutions, ${...},
 * extglobs and comments hold, lexed again depth deep (past NESTING_MAX:
 * unread, and wn->deep set). 0, or -ENOMEM. */
int word_names_lexed(const ShellLexed *l, int depth, WordNames *wn);
/* case WORD in PATTERN) ...;; PATTERN|PATTERN) ...;; esac: which tokens
 * of l are a case's patterns (matched against WORD, never expanded to
 * file names, never run), into pattern[l->n]. Nested cases to a depth of
 * 16; past it, no more are marked. */
void word_case_patterns(const ShellLexed *l, bool *pattern);

/* Is the word at l->v[i] an argument of a command that only prints or
 * tests names (echo ${x:-2}, ls ${d}/x), echo's and printf's output going
 * nowhere a program may open it (word-printed.c)? */
bool word_names_only(const ShellLexed *l, size_t i);
/* What a text bash could not parse as the lexer reads it names: its bytes
 * with every quote and backslash gone, as one word whose '*', '?' and [...]
 * are globs, dotglob on. 0, or -ENOMEM. */
int word_names_raw(const char *s, size_t n, WordNames *wn);
/* named[i] for each name named, dotglob counted; the scratch freed. */
void word_names_done(WordNames *wn);

/* May option (a word starting with '-') of program take the next word as
 * its value? A short cluster by its last letter (-av: no; -e: yes), a long
 * option with '=' never, one without it unless it is a known flag. When
 * in doubt, yes: the caller then takes no later word for an option. */
bool word_option_takes_next(const char *program, const char *option);

/* Does the text name dotglob, GLOBIGNORE or BASHOPTS anywhere, its quotes
 * and backslashes dropped (: ${GLOBIGNORE:=q}, $((GLOBIGNORE=1)) set it in
 * an expansion; bash -O dotglob <<< S; 31aa)? Out of memory: yes. */
bool word_text_dotglob(const char *s, size_t n);
