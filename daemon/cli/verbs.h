/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The verbs of the pathpolicy binary. Each takes the arguments after the
 * verb name (argv[0] is the verb) and returns the process exit code:
 * EXIT_OK, EXIT_FAILURE (1) or EXIT_USAGE (2).
 */

#include <stdint.h>

#define EXIT_OK 0
#define EXIT_FAIL 1
#define EXIT_USAGE 2

struct LogConfig;

int verb_validate(int argc, char **argv);
int verb_resolve(int argc, char **argv);
int verb_builtins(int argc, char **argv);
int verb_enforce(int argc, char **argv);
int verb_watch(int argc, char **argv);
int verb_prepare(int argc, char **argv);
int verb_release(int argc, char **argv);
int verb_unbind(int argc, char **argv);

/* Say a usage error ("pathpolicy VERB: ...", then the --help hint) on
 * stderr. EXIT_USAGE. */
int verb_usage(const char *verb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* An option given twice is a usage error: which one was meant is not ours
 * to guess. Marks c's option in *seen; EXIT_USAGE (said) when it was
 * there already, else 0. */
struct option;
int verb_once(const char *verb, const struct option *options, int c, uint64_t *seen);

/* A loop and a log stream for an acting verb; says why on stderr when it
 * cannot. 0 or -1. */
struct uv_loop_s;
struct LogStream;
int verb_log_start(const char *verb, struct uv_loop_s *loop, const struct LogConfig *lc, struct LogStream **ret);
/* The records go out (for at most the flush timeout), then both go. */
void verb_log_finish(struct uv_loop_s *loop, struct LogStream *log);

/* Hand a logging option (LOG_OPTIONS) to lc. Returns 1 if c was one and
 * was taken, 0 if c is not a logging option, or EXIT_USAGE after saying
 * why on stderr. */
int verb_log_option(const char *verb, struct LogConfig *lc, int c, const char *arg);
