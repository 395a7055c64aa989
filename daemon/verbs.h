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
