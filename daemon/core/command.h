/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The exec policy's secret-paths rule, for one shell command line (the
 * spec: "The exec policy's secret-paths rule does not count a command
 * that..."). A command that names a secret path is refused unless it is
 * made entirely of the forms that only ask about a path's name or size;
 * one that names none is allowed, unless what its programs do with their
 * words reads one (below).
 *
 * A word names a secret when, after quote removal and escapes ($'...',
 * backslashes, and a backquoted body's own level of them), any of its brace
 * expansions holds the secret's last component whole (between the word's
 * ends, slashes, or any byte that is not a letter, digit, '.', '_', '-' or
 * above 0x7f), or one of its path components is a glob that matches it as
 * bash's pathname expansion does (brackets read after braces; a leading dot
 * matched only by a '.', unless the line may turn dotglob on or set
 * GLOBIGNORE), or a piece of a component is a glob a program could match it
 * with (--include=*nv); ASCII letters of either case (a case-insensitive
 * volume opens .ENV for .env). What a command substitution or a variable's
 * default runs or says is judged the same way. A line longer than 128 KiB,
 * or one whose braces and globs take more work than word-names.h bounds, is
 * refused, every secret named.
 *
 * What the programs of a line do with their words is judged too, whether
 * or not a word names a secret (command-programs.c, command-git.c,
 * command-match.c): when held says the history holds a masked entry, a
 * git command that can print blobs (log -p, show, diff, archive, cat-file,
 * grep over revisions, clone, ...) unless a pathspec, read by git's rules,
 * provably excludes every held entry, and a word naming .git's objects or
 * packs; a pattern that find, grep --include, git grep, tar --wildcards or
 * rsync --include match and then read (-exec, ...), or whose names are
 * piped to a reader; a string a shell reads again (eval, sh -c, su -c, a
 * heredoc or here-string fed to a shell, a variable's value, a git config
 * value git runs), judged as a command line of its own, REREAD_MAX deep.
 *
 * The name-or-size language (command-spec.c's tables, and doc/runner.md): ls,
 * stat, wc -c, echo, printf, test and [ with -e/-f/-d/-s, git status, git
 * check-ignore and git commit -m with the options that cannot read a
 * file's bytes, find with the predicates that only test or print a name,
 * grep of a pattern in files that name no secret, and a plain for loop
 * over them; behind env, nice, timeout and the like, or in a string a
 * shell reads again that is itself allowed; joined by |, &&, || and ;,
 * piped only into head, tail, sort, uniq, tr, wc or grep without a path
 * or an option that names a file; no redirect but 2>&1, >/dev/null (fd 1
 * or 2) and echo's or printf's > or >> to a path that names no secret; no
 * substitution, expansion (but the loop's variable, and a $NAME echo or
 * printf prints), assignment,
 * subshell, group, background job, control character or second line.
 * Anything the recogniser does not fully understand is refused.
 *
 * It judges what a command names and what the programs it knows do with
 * their words, not what a program may compute (grep -r KEY . names no
 * secret, nor does python3 dump.py): the mount is the enforcement.
 */

typedef struct CommandVerdict {
        bool refused;
        char reason[160];   /* why refused, or why allowed */
        const char **paths; /* the secret entries named, as given (borrowed) */
        size_t n_paths;
} CommandVerdict;

/* What a command is judged against. */
typedef struct CommandPolicy {
        const char *const *secrets; /* the masked entries (policy paths: "secrets/" a directory) */
        size_t n_secrets;
        /* What the boot recorded of the repository's history (prepare's
         * record): held[i] when a commit reachable from a ref, or the
         * index, holds secrets[i]. NULL: none is held. */
        const bool *held;
        /* Where, as git names it: held_at[i] the NULL-terminated places of
         * held secrets[i] ("a/.env"; "a/.env/" for names below it, as the
         * record says them), or NULL (held_at NULL too): anywhere, at any
         * depth. A pathspec or REV:PATH proves a command reads no held
         * entry only against these places. */
        const char *const *const *held_at;
        /* Case as the filesystem has it: fold[i] when secrets[i]'s
         * directories are case-insensitive (asked by the caller,
         * platform_case_insensitive()), so that a name written in another
         * case (case-fold.h: ASCII letters, and the code points that fold
         * to ASCII) names it. NULL: none folds. A glob folds either way
         * (word-names.c). */
        const bool *fold;
        /* Where the command runs, absolute and resolved by the caller
         * (realpath), and the agent's home (what ~ is): a copy of the
         * directory it runs in or one above it, however it is spelled
         * (/ws/repo, ../repo, ~/repo), copies the checkout's .git. NULL:
         * unknown, only ., .. and the like are seen. Compared by name: a
         * symlink to it is not seen. */
        const char *cwd;
        const char *home;
        /* A bound on the time judging one command takes, in µs (0: none):
         * past it the command is refused, and says so, every masked entry
         * named (a hook's caller may let a command through when the hook
         * times out). now: the clock, in µs (NULL: CLOCK_MONOTONIC's); a
         * test gives its own. deadline: command_check's own; leave it 0. */
        uint64_t time_max;
        uint64_t (*now)(void);
        uint64_t deadline;
        /* git holds a blob or tree no ref, reflog or the index reaches
         * (the record's "unreachable": git add .env && git reset), which
         * has no name: any masked entry's bytes may be among them. Then
         * git's objects count as holding a masked entry (every rule that
         * asks, command-objects.c's judge_held()), and a git command that
         * names an object by its id, or takes ids from its input, reads
         * one (git show ID, git cat-file --batch), every entry named. */
        bool unreachable;
        /* command_check's own (leave it false): the line names dotglob,
         * GLOBIGNORE or BASHOPTS anywhere, quotes dropped (: ${GLOBIGNORE:=q},
         * bash -O dotglob <<< S): a '*' may match a dot name in every text
         * the line hands a shell too. */
        bool dotglob;
} CommandPolicy;

/* Judge cmd (n bytes; NUL bytes refuse) against the policy. 0 with *ret
 * filled (paths malloc'd: command_verdict_done()), or -ENOMEM. */
int command_check(const char *cmd, size_t n, const CommandPolicy *policy, CommandVerdict *ret);
void command_verdict_done(CommandVerdict *v);
