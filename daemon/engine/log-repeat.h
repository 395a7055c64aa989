/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "util.h"

/*
 * Repeats of a record: a record the same as one said less than
 * LOG_REPEAT_MS before (its event, level, message and every field) is said
 * up to LOG_REPEAT_SAID times (the watcher says a failure again, at once,
 * when it comes back after a change), then counted, not said; the count is
 * said once, when the window ends or its slot is wanted for another record
 * (5,000 checkouts made and emptied again and again made 133,000 records of
 * a few kinds). The table is bounded; the clock is the caller's. log_event
 * asks it for every record but debug ones.
 */
#define LOG_REPEAT_MS 10000
#define LOG_REPEAT_SAID 3

typedef struct LogRepeat LogRepeat;
typedef void (*LogRepeatEmit)(void *ctx, LogLevel level, const char *event, const char *msg, uint64_t count);

int log_repeat_new(LogRepeat **ret);
void log_repeat_free(LogRepeat *r);
/* Whether the record (key: all that makes it this record) is a repeat:
 * then it is counted and must not be said. Otherwise it is remembered, and
 * a count it pushes out is handed to emit first. */
bool log_repeat_seen(LogRepeat *r, uint64_t now_ms, LogLevel level, const char *event, const char *key,
                     const char *msg, LogRepeatEmit emit, void *ctx);
/* The counts whose window ended (all: every count) handed to emit; how
 * many are still counting. */
size_t log_repeat_flush(LogRepeat *r, uint64_t now_ms, bool all, LogRepeatEmit emit, void *ctx);
