/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "util.h"

/*
 * The log stream: every verb that acts reports through it, and nothing else.
 *
 * A record is one JSON object on one line, made by jansson:
 *   {"ts":"2026-12-02T10:49:14.123456Z","level":"warn","event":"bind-failed",
 *    "msg":"path policy: could not bind ...","path":"...","seq":7,"pid":42}
 *
 * Sinks: the colony log over a Unix stream socket (--log-socket), and one
 * local sink: journald when stderr is connected to the journal, stderr
 * otherwise. The socket sink never blocks the loop and never grows past its
 * bound; see log.c for how nothing is lost across a reconnect.
 */

typedef enum LogLevel {
        LOG_DEBUG,
        LOG_INFO,
        LOG_WARN,
        LOG_ERROR,
        _LOG_LEVEL_MAX,
} LogLevel;

typedef enum LogFormat {
        LOG_FORMAT_TEXT, /* the msg line */
        LOG_FORMAT_JSON, /* the record */
        _LOG_FORMAT_MAX,
} LogFormat;

const char *log_level_to_string(LogLevel l);
int log_level_from_string(const char *s); /* -EINVAL when unknown */

#define LOG_QUEUE_RECORDS_DEFAULT 4096
#define LOG_QUEUE_BYTES_DEFAULT (1024 * 1024)
#define LOG_BACKOFF_MIN_MS_DEFAULT 100
#define LOG_BACKOFF_MAX_MS_DEFAULT 5000
#define LOG_FLUSH_TIMEOUT_MS_DEFAULT 1000
/* How often written records are checked for having been read, while some
 * are not; no timer runs otherwise. */
#define LOG_CONFIRM_INTERVAL_MS 20

typedef struct LogConfig {
        LogLevel level;            /* records below it go to no sink */
        LogFormat format;          /* of the stderr sink */
        const char *socket_path;   /* the colony log; NULL for none */
        size_t queue_records;      /* socket queue bound, records ... */
        size_t queue_bytes;        /* ... and bytes, whichever first */
        unsigned backoff_min_ms;   /* reconnect backoff, doubling to max */
        unsigned backoff_max_ms;
        unsigned flush_timeout_ms; /* at shutdown, at most this long */
        int stderr_fd;             /* the stderr sink; -1 for none */
        bool journal;              /* journald instead of stderr */
} LogConfig;

/* Defaults; journal is set when stderr is the journal (JOURNAL_STREAM). */
void log_config_init(LogConfig *c);

/*
 * The logging options every acting verb takes, for getopt_long. A verb puts
 * LOG_OPTIONS in its option table and hands each of these option values to
 * log_config_parse_option(), which returns 0, or -EINVAL with a message in
 * *ret_error (static text).
 */
enum {
        LOG_OPT_SOCKET = 0x1000,
        LOG_OPT_LEVEL,
        LOG_OPT_FORMAT,
        LOG_OPT_QUEUE_RECORDS,
        LOG_OPT_QUEUE_BYTES,
};
#define LOG_OPTIONS                                                                                       \
        {"log-socket", required_argument, NULL, LOG_OPT_SOCKET},                                           \
                {"log-level", required_argument, NULL, LOG_OPT_LEVEL},                                     \
                {"log-format", required_argument, NULL, LOG_OPT_FORMAT},                                   \
                {"log-queue-records", required_argument, NULL, LOG_OPT_QUEUE_RECORDS},                     \
                {"log-queue-bytes", required_argument, NULL, LOG_OPT_QUEUE_BYTES}
#define LOG_OPTIONS_HELP                                                                                  \
        "  --log-socket PATH        stream records to the colony log (a Unix socket)\n"                   \
        "  --log-level LEVEL        debug, info, warn or error (default info)\n"                          \
        "  --log-format FORMAT      stderr as text (the message) or json (the record)\n"                  \
        "  --log-queue-records N    socket queue bound in records (default 4096)\n"                       \
        "  --log-queue-bytes N      socket queue bound in bytes (default 1048576)\n"
bool log_config_is_option(int option);
int log_config_parse_option(LogConfig *c, int option, const char *arg, const char **ret_error);

/* ---- records ---- */

typedef struct LogRecord LogRecord;

/* A record of this level and event (a name from the README's list).
 * NULL when out of memory; the field setters and log_submit() take NULL. */
LogRecord *log_record_new(LogLevel level, const char *event);
void log_record_free(LogRecord *r);

/* Fields, in the order set. A string must be valid UTF-8. A path may be any
 * bytes: valid UTF-8 goes as it is (JSON escapes control characters); other
 * bytes go as \xNN and a backslash as \\, with KEY_escaped set to true. */
void log_record_str(LogRecord *r, const char *key, const char *value);
void log_record_path(LogRecord *r, const char *key, const char *path);
void log_record_int(LogRecord *r, const char *key, int64_t value);
void log_record_bool(LogRecord *r, const char *key, bool value);

/* The record as its JSON line ("\n"-terminated), for tests and sinks;
 * msg is set by the caller here. Returns NULL when out of memory. */
char *log_record_format(LogRecord *r, const char *msg, uint64_t seq);

/* The journald fields for a formatted record: MESSAGE, PRIORITY,
 * SYSLOG_IDENTIFIER, PATHPOLICY_EVENT and PATHPOLICY_<FIELD> for each
 * field, NULL-terminated, each "NAME=value". */
int log_record_journal_fields(const char *json_line, char ***ret);

/* ---- the stream ---- */

typedef struct LogStream LogStream;

typedef struct LogStats {
        size_t queued_records;      /* pending + unconfirmed, within the bound */
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
