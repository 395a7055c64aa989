/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "record.h"
#include "util.h"

/*
 * The log stream: every verb that acts reports through it, and nothing else.
 * A record (record.h) goes to the colony log over a Unix stream socket
 * (--log-socket), and to one local sink: journald when stderr is connected
 * to the journal, stderr otherwise. The socket sink never blocks the loop
 * and never grows past its bound; see log.c for how nothing is lost across
 * a reconnect.
 */

typedef enum LogFormat {
        LOG_FORMAT_TEXT, /* the msg line */
        LOG_FORMAT_JSON, /* the record */
        _LOG_FORMAT_MAX,
} LogFormat;

#define LOG_QUEUE_RECORDS_DEFAULT 4096
#define LOG_QUEUE_BYTES_DEFAULT (1024 * 1024)
#define LOG_BACKOFF_MIN_MS_DEFAULT 100
#define LOG_BACKOFF_MAX_MS_DEFAULT 5000
#define LOG_FLUSH_TIMEOUT_MS_DEFAULT 1000
/* How often written records are checked for having been read, while some
 * are not; no timer runs otherwise. */
#define LOG_CONFIRM_INTERVAL_MS 20

typedef struct LogConfig {
        LogLevel level;          /* records below it go to no sink */
        LogFormat format;        /* of the stderr sink */
        const char *socket_path; /* the colony log; NULL for none */
        size_t queue_records;    /* socket queue bound, records ... */
        size_t queue_bytes;      /* ... and bytes, whichever first */
        unsigned backoff_min_ms; /* reconnect backoff, doubling to max */
        unsigned backoff_max_ms;
        unsigned flush_timeout_ms; /* at shutdown, at most this long */
        int stderr_fd;             /* the stderr sink; -1 for none */
        bool journal;              /* journald instead of stderr */
} LogConfig;

/* Defaults; journal is set when stderr is the journal (JOURNAL_STREAM). */
void log_config_init(LogConfig *c);

/* ---- the stream ---- */

typedef struct LogStream LogStream;

typedef struct LogStats {
        size_t queued_records; /* pending + unconfirmed, within the bound */
        size_t queued_bytes;
        size_t unconfirmed_records; /* written, not yet known to be read */
        size_t libuv_write_queue;   /* bytes libuv holds: at most one record */
        uint64_t dropped;           /* pending records dropped, in all */
        uint64_t written;           /* records written to a socket, in all */
        uint64_t connects;
        bool connected;
} LogStats;

int log_stream_new(uv_loop_t *loop, const LogConfig *c, LogStream **ret);

/* Format, filter and send a record; takes ownership of r. The message is
 * the human line: it starts "path policy: " and names the path and the
 * reason; control characters in it are shown escaped. */
_printf_(3, 4) void log_submit(LogStream *s, LogRecord *r, const char *fmt, ...);

/* Stop: flush the socket queue for at most flush_timeout_ms, then close
 * every handle. done (may be NULL) runs once all is closed; the loop then
 * has nothing of the stream left and log_stream_free() may be called. */
void log_stream_shutdown(LogStream *s, void (*done)(void *userdata), void *userdata);
void log_stream_free(LogStream *s);

void log_stream_stats(const LogStream *s, LogStats *ret);

/* An event: its record from the fields and its message from the template
 * (log_message_expand(): "{key}" shows a field, the rest is printf), sent
 * as log_submit() does. */
_printf_(5, 6) void log_event(LogStream *s, LogLevel level, const char *event, const LogField *fields,
                              const char *tmpl, ...);
