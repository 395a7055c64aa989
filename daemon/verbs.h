/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The verbs of the pathpolicy binary. Each takes the arguments after the
 * verb name (argv[0] is the verb) and returns the process exit code:
 * EXIT_OK, EXIT_FAILURE (1) or EXIT_USAGE (2).
 */

#define EXIT_OK 0
#define EXIT_FAIL 1
#define EXIT_USAGE 2

int verb_validate(int argc, char **argv);
int verb_resolve(int argc, char **argv);
int verb_builtins(int argc, char **argv);
int verb_enforce(int argc, char **argv);
int verb_watch(int argc, char **argv);
int verb_prepare(int argc, char **argv);
int verb_release(int argc, char **argv);

/* Hand a logging option (LOG_OPTIONS) to lc. Returns 1 if c was one and
 * was taken, 0 if c is not a logging option, or EXIT_USAGE after saying
 * why on stderr. */
struct LogConfig;
int verb_log_option(const char *verb, struct LogConfig *lc, int c, const char *arg);
