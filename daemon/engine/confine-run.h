/* SPDX-License-Identifier: MIT */
#pragma once

#include "platform.h"

/*
 * Run argv confined (platform_confine_spawn) and wait for it, passing on
 * SIGTERM, SIGINT and SIGHUP that a process sends this one (the
 * terminal's own reach the command by its process group). Returns the
 * command's status as a shell reports it (128 + N for signal N) in
 * *ret_status, or -errno with *ret_step when it could not start.
 */
int confine_run(const char *root, char *const *argv, int *ret_status, PlatformConfineStep *ret_step);

/* The exit code for a failure to start (env(1)'s and timeout(1)'s): 127
 * the command was not found, 126 it could not be run, 125 a step of the
 * confinement failed. */
int confine_failure_code(int err, PlatformConfineStep step);

/* Why it could not start, for a message: strerror's words, but for the one
 * failure that needs more (a worktree whose mount is not shared). */
const char *confine_failure_reason(int err, PlatformConfineStep step);
