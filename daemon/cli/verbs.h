/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The verbs of the pathpolicy binary. Each takes the arguments after the
 * verb name (argv[0] is the verb) and returns the process exit code, one
 * table for the whole program (the man page's EXIT STATUS):
 *
 *   EXIT_OK       0  done; the verdict is "allowed"
 *   EXIT_FAIL     1  a failure: the job could not be done (an error)
 *   EXIT_USAGE    2  a usage error
 *   EXIT_REFUSED  3  a verdict the caller acts on: validate refused an
 *                    entry, check-command a command, stage a file or a
 *                    commit, confine --check found a route open
 *
 * A failure outranks a refusal: a verdict reached on part of the input is
 * not the whole verdict. The Claude Code hooks keep their protocol's codes
 * (EXIT_HOOK_BLOCK), and confine's CMD its own status.
 */

#include <stdbool.h>
#include <stdint.h>

#define EXIT_OK 0
#define EXIT_FAIL 1
#define EXIT_USAGE 2
#define EXIT_REFUSED 3
/* A Claude Code hook's "blocking error": the call is refused and stderr
 * goes to the model. */
#define EXIT_HOOK_BLOCK 2

/* Where the guest finds the policy its boot enforced. */
#define DEFAULT_POLICY "/colonizer/path-policy"

struct LogConfig;

int verb_validate(int argc, char **argv);
int verb_resolve(int argc, char **argv);
int verb_builtins(int argc, char **argv);
int verb_enforce(int argc, char **argv);
int verb_watch(int argc, char **argv);
int verb_prepare(int argc, char **argv);
int verb_release(int argc, char **argv);
int verb_unbind(int argc, char **argv);
int verb_judge(int argc, char **argv);
int verb_check_command(int argc, char **argv);
int verb_stage(int argc, char **argv);
int verb_status(int argc, char **argv);
int verb_confine(int argc, char **argv);

/* --git-timeout's value (1 to 86400 seconds) set as the host side's git
 * time limit: 0, or -1 with the usage error said. */
int verb_git_timeout(const char *verb, const char *arg);
#define VERB_GIT_TIMEOUT_HELP                                                                               \
        "  --git-timeout SECONDS    kill a git that runs longer and fail (default 600)\n"

/* Say a usage error ("pathpolicy VERB: ...", then the --help hint) on
 * stderr. EXIT_USAGE. */
int verb_usage(const char *verb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * A verb's option loop, with what every verb does done in one place:
 *
 *   VerbArgs va = {.verb = "enforce", .help = enforce_help, .options = options, .lc = &lc};
 *   while ((c = verb_next(&va, argc, argv)) >= 0)
 *           switch (c) { case ARG_ROOT: root = optarg; break; ... }
 *   if (c == VERB_EXIT)
 *           return va.exit;
 *
 * verb_next() returns the verb's next own option (getopt_long, optarg
 * set), -1 at the end (optind at the first operand), or VERB_EXIT with
 * va.exit set: EXIT_OK once --help is printed, EXIT_USAGE once a usage
 * error is said (an unknown option, a logging option's bad value, an
 * option given twice: which one was meant is not ours to guess). Logging
 * options go into lc (LOG_OPTIONS in the table), unless lc is NULL.
 */
struct option;
typedef struct VerbArgs {
        const char *verb;
        const char *help;
        const struct option *options;
        const char *optstring; /* NULL: "h" */
        const char *repeat;    /* the option values that may be given again */
        struct LogConfig *lc;
        uint64_t seen;
        bool started;
        int exit;
} VerbArgs;
#define VERB_EXIT (-2)
int verb_next(VerbArgs *va, int argc, char **argv);

/* A loop and a log stream for an acting verb; says why on stderr when it
 * cannot. 0 or -1. */
struct uv_loop_s;
struct LogStream;
int verb_log_start(const char *verb, struct uv_loop_s *loop, const struct LogConfig *lc,
                   struct LogStream **ret);
/* The records go out (for at most the flush timeout), then both go. */
void verb_log_finish(struct uv_loop_s *loop, struct LogStream *log);

/* Say that the policy file at path could not be loaded (an error record
 * of this event, with the file and the line). */
struct PolicyError;
void verb_policy_failed(struct LogStream *log, const char *event, const char *path,
                        const struct PolicyError *perr);
