/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

/*
 * Lines read as they come, for the verbs' --stream modes (judge,
 * check-command): each whole line, its '\n' included (the last one may
 * have none), is handed to line(); one longer than max (its '\n' aside) to
 * too_long(), once, and skipped to its end, whether one read brought it
 * whole or not. read_done() (or NULL) runs after each read, before its
 * lines; batch_done() (or NULL) after them, so a reply can be flushed once
 * a read. A negative return of a callback ends the stream with it. 0 at
 * the end of the input, or -errno.
 */
typedef struct LineStream {
        size_t max;
        int (*line)(void *ctx, const char *s, size_t n);
        int (*too_long)(void *ctx);
        void (*read_done)(void *ctx);
        int (*batch_done)(void *ctx);
} LineStream;

int line_stream(int fd, const LineStream *ls, void *ctx);
