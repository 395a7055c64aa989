/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/*
 * A log record: one event, as one JSON object on one line, made by jansson:
 *   {"ts":"2026-12-02T10:49:14.123456Z","level":"warn","event":"bind-failed",
 *    "msg":"path policy: could not bind ...","path":"...","seq":7,"pid":42}
 *
 * This is the record alone, pure and testable; the stream that carries it
 * to the colony log and journald is the engines' (log.h).
 */

typedef enum LogLevel {
        LOG_DEBUG,
        LOG_INFO,
        LOG_WARN,
        LOG_ERROR,
        _LOG_LEVEL_MAX,
} LogLevel;

const char *log_level_to_string(LogLevel l);
int log_level_from_string(const char *s); /* -EINVAL when unknown */

typedef struct LogRecord LogRecord;

/* A record of this level and event (a name from doc/log.md's list).
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

/* A path as log_record_path() puts it in a JSON string: 0 when it is UTF-8
 * (it goes as it is), 1 with *ret its escaped form (free it), -ENOMEM. For
 * a writer that prints a record's line without building the record. */
int log_path_escape(const char *path, char **ret);

/* The record as its JSON line ("\n"-terminated), for tests and sinks;
 * msg is set by the caller here. Returns NULL when out of memory. */
char *log_record_format(LogRecord *r, const char *msg, uint64_t seq);

/* The journald fields for a formatted record: MESSAGE, PRIORITY,
 * SYSLOG_IDENTIFIER, PATHPOLICY_EVENT and PATHPOLICY_<FIELD> for each
 * field, NULL-terminated, each "NAME=value". */
int log_record_journal_fields(const char *json_line, char ***ret);
LogLevel log_record_level(const LogRecord *r);
/* The record's own fields alone, as one compact JSON line ("\n"-ended), in
 * the order set: for a log of another shape (the judge's History entries).
 * NULL when out of memory. */
char *log_record_fields_line(LogRecord *r);
/* Now, as a record's "ts": RFC 3339, UTC, microseconds. */
void log_timestamp(char buf[static 32]);

/* ---- events: the record and its message from one description ---- */

/*
 * An event's fields, in order, as a LOG_FIELDS() list:
 *   LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", p), LOG_INT("nlink", n))
 * A string or path field whose value is NULL is left out.
 */
typedef enum LogFieldType {
        LOG_FIELD_END,
        LOG_FIELD_STR,
        LOG_FIELD_PATH,
        LOG_FIELD_INT,
        LOG_FIELD_BOOL,
        LOG_FIELD_ERRNO, /* left out when 0; its strerror() in the message */
        LOG_FIELD_SHOW,  /* a path for the message only, not in the record */
} LogFieldType;

typedef struct LogField {
        LogFieldType type;
        const char *key;
        const char *s; /* STR, PATH */
        int64_t i;     /* INT, BOOL */
} LogField;

#define LOG_STR(k, v) ((LogField){LOG_FIELD_STR, (k), (v), 0})
#define LOG_PATH(k, v) ((LogField){LOG_FIELD_PATH, (k), (v), 0})
#define LOG_INT(k, v) ((LogField){LOG_FIELD_INT, (k), NULL, (int64_t) (v)})
#define LOG_BOOL(k, v) ((LogField){LOG_FIELD_BOOL, (k), NULL, !!(v)})
#define LOG_ERRNO(e) ((LogField){LOG_FIELD_ERRNO, "errno", NULL, (e) < 0 ? -(int64_t) (e) : (int64_t) (e)})
#define LOG_SHOW(k, v) ((LogField){LOG_FIELD_SHOW, (k), (v), 0})
#define LOG_FIELDS(...) ((const LogField[]){__VA_ARGS__, {LOG_FIELD_END, NULL, NULL, 0}})

/* The record of an event: its level, its name and its fields (NULL for
 * none). NULL when out of memory. */
LogRecord *log_record_new_fields(LogLevel level, const char *event, const LogField *fields);

/*
 * An event's message template made a printf format: each "{key}" becomes
 * that field's value (a path escape_for_display()ed, a string as it is,
 * an integer in decimal, a bool as true or false, an errno as strerror(),
 * a field left out as nothing), with any '%' in it doubled; "{{" is a '{'. The rest of the
 * template is left as it is, for printf. A "{" that names no field
 * stays as it is (a slip in the template shows, and the event is not
 * lost). Returns malloc'd text, NULL when out of memory.
 */
char *log_message_expand(const char *tmpl, const LogField *fields);
