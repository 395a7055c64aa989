/* SPDX-License-Identifier: MIT */
#include "log.h"

#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <time.h>

#include "journal.h"
#include "platform.h"

/*
 * Delivery to the colony log, and why nothing is lost.
 *
 * A write() to a Unix socket succeeds once the bytes are in the kernel; if
 * the reader then dies, what it had not read dies with it. So a written
 * record stays in the queue, "unconfirmed", until platform_socket_unread()
 * says the reader has consumed everything (checked after writes, and every
 * LOG_CONFIRM_INTERVAL_MS while anything is unconfirmed; never when idle).
 * When the connection breaks, the unconfirmed records are sent again on the
 * next one. A record can therefore arrive twice; "pid" and "seq" name it, so
 * a reader keeps the first. A record cut by the break is sent whole again,
 * and the cut line on the old connection has no "\n": readers drop it.
 *
 * The queue is [unconfirmed ...][pending ...], bounded in records and bytes.
 * Past the bound the oldest goes; a pending one dropped is counted, and the
 * count is sent as one log-dropped record before the next pending record.
 * libuv never holds more than the rest of one record (uv_try_write first,
 * then a single uv_write), so a reader that stops reading grows nothing but
 * the bounded queue, and the loop never waits on it.
 */

static const char *const level_table[_LOG_LEVEL_MAX] = {
        [LOG_DEBUG] = "debug",
        [LOG_INFO] = "info",
        [LOG_WARN] = "warn",
        [LOG_ERROR] = "error",
};

const char *log_level_to_string(LogLevel l) {
        return l >= 0 && l < _LOG_LEVEL_MAX ? level_table[l] : NULL;
}

int log_level_from_string(const char *s) {
        for (LogLevel l = 0; l < _LOG_LEVEL_MAX; l++)
                if (streq(level_table[l], s))
                        return (int) l;
        return -EINVAL;
}

void log_config_init(LogConfig *c) {
        *c = (LogConfig){
                .level = LOG_INFO,
                .format = LOG_FORMAT_TEXT,
                .queue_records = LOG_QUEUE_RECORDS_DEFAULT,
                .queue_bytes = LOG_QUEUE_BYTES_DEFAULT,
                .backoff_min_ms = LOG_BACKOFF_MIN_MS_DEFAULT,
                .backoff_max_ms = LOG_BACKOFF_MAX_MS_DEFAULT,
                .flush_timeout_ms = LOG_FLUSH_TIMEOUT_MS_DEFAULT,
                .stderr_fd = STDERR_FILENO,
                .journal = journal_is_stderr(),
        };
}

bool log_config_is_option(int option) {
        return option >= LOG_OPT_SOCKET && option <= LOG_OPT_QUEUE_BYTES;
}

static int parse_size(const char *arg, size_t *ret) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(arg, &end, 10);
        if (errno != 0 || end == arg || *end || arg[0] == '-' || v == 0 || v > SIZE_MAX)
                return -EINVAL;
        *ret = (size_t) v;
        return 0;
}

int log_config_parse_option(LogConfig *c, int option, const char *arg, const char **ret_error) {
        int r;

        switch (option) {
        case LOG_OPT_SOCKET:
                if (!arg[0]) {
                        *ret_error = "--log-socket needs a path";
                        return -EINVAL;
                }
                c->socket_path = arg;
                return 0;
        case LOG_OPT_LEVEL:
                r = log_level_from_string(arg);
                if (r < 0) {
                        *ret_error = "--log-level is one of debug, info, warn, error";
                        return r;
                }
                c->level = (LogLevel) r;
                return 0;
        case LOG_OPT_FORMAT:
                if (streq(arg, "text"))
                        c->format = LOG_FORMAT_TEXT;
                else if (streq(arg, "json"))
                        c->format = LOG_FORMAT_JSON;
                else {
                        *ret_error = "--log-format is text or json";
                        return -EINVAL;
                }
                return 0;
        case LOG_OPT_QUEUE_RECORDS:
        case LOG_OPT_QUEUE_BYTES:
                r = parse_size(arg, option == LOG_OPT_QUEUE_RECORDS ? &c->queue_records : &c->queue_bytes);
                if (r < 0)
                        *ret_error = "--log-queue-records and --log-queue-bytes take a positive whole number";
                return r;
        }
        *ret_error = "not a logging option";
        return -EINVAL;
}

/* ---- records ---- */

struct LogRecord {
        LogLevel level;
        json_t *fields; /* the event's own fields, in order */
        char *event;
        bool broken;    /* out of memory while building: dropped at submit */
};

LogRecord *log_record_new(LogLevel level, const char *event) {
        LogRecord *r = calloc(1, sizeof *r);
        if (!r)
                return NULL;
        r->level = level;
        r->event = strdup(event);
        r->fields = json_object();
        if (!r->event || !r->fields) {
                log_record_free(r);
                return NULL;
        }
        return r;
}

void log_record_free(LogRecord *r) {
        if (!r)
                return;
        json_decref(r->fields);
        free(r->event);
        free(r);
}

static void record_set(LogRecord *r, const char *key, json_t *v) {
        if (!v || json_object_set_new(r->fields, key, v) < 0)
                r->broken = true;
}

void log_record_str(LogRecord *r, const char *key, const char *value) {
        if (r)
                record_set(r, key, json_string(value));
}

void log_record_int(LogRecord *r, const char *key, int64_t value) {
        if (r)
                record_set(r, key, json_integer((json_int_t) value));
}

void log_record_bool(LogRecord *r, const char *key, bool value) {
        if (r)
                record_set(r, key, json_boolean(value));
}

static bool utf8_valid(const char *s) {
        while (*s) {
                size_t n = utf8_sequence_length(s);
                if (n == 0)
                        return false;
                s += n;
        }
        return true;
}

void log_record_path(LogRecord *r, const char *key, const char *path) {
        if (!r)
                return;
        if (utf8_valid(path)) {
                record_set(r, key, json_string(path));
                return;
        }

        /* Not UTF-8, so not a JSON string as it is: escape every byte that is
         * not part of valid UTF-8 as \xNN, and the backslash as \\, so the
         * reader can undo it; KEY_escaped says it must. */
        _cleanup_free_ char *buf = malloc(strlen(path) * 4 + 1);
        char flag[128];
        char *o = buf;

        if (!buf) {
                r->broken = true;
                return;
        }
        for (const char *p = path; *p;) {
                size_t n = utf8_sequence_length(p);
                if (*p == '\\')
                        *o++ = '\\', *o++ = '\\', p++;
                else if (n == 0)
                        o += sprintf(o, "\\x%02x", (unsigned char) *p++);
                else {
                        memcpy(o, p, n);
                        o += n, p += n;
                }
        }
        *o = 0;
        record_set(r, key, json_string(buf));
        snprintf(flag, sizeof flag, "%s_escaped", key);
        record_set(r, flag, json_true());
}

static void format_ts(char buf[static 32]) {
        struct timespec ts;
        struct tm tm;

        clock_gettime(CLOCK_REALTIME, &ts);
        gmtime_r(&ts.tv_sec, &tm);
        size_t n = strftime(buf, 32, "%Y-%m-%dT%H:%M:%S", &tm);
        snprintf(buf + n, 32 - n, ".%06ldZ", ts.tv_nsec / 1000);
}

char *log_record_format(LogRecord *r, const char *msg, uint64_t seq) {
        _cleanup_free_ char *shown = NULL;
        char ts[32];
        json_t *o;
        char *line = NULL, *json;

        if (!r || r->broken)
                return NULL;
        /* The message is a human line: show control characters and bytes that
         * are not UTF-8 escaped, so it is one valid JSON string. */
        shown = escape_line(msg);
        if (!shown)
                return NULL;
        format_ts(ts);

        o = json_pack("{s:s, s:s, s:s, s:s}", "ts", ts, "level", log_level_to_string(r->level), "event", r->event,
                      "msg", shown);
        if (!o)
                return NULL;
        if (json_object_update(o, r->fields) < 0 ||
            json_object_set_new(o, "seq", json_integer((json_int_t) seq)) < 0 ||
            json_object_set_new(o, "pid", json_integer((json_int_t) getpid())) < 0) {
                json_decref(o);
                return NULL;
        }
        /* Compact, so a record is exactly one line: jansson escapes every
         * control character in strings. */
        json = json_dumps(o, JSON_COMPACT);
        json_decref(o);
        if (json && asprintf(&line, "%s\n", json) < 0)
                line = NULL;
        free(json);
        return line;
}

static const int journal_priority[_LOG_LEVEL_MAX] = {
        [LOG_DEBUG] = 7, /* LOG_DEBUG in syslog.h */
        [LOG_INFO] = 6,
        [LOG_WARN] = 4,
        [LOG_ERROR] = 3,
};

int log_record_journal_fields(const char *json_line, char ***ret) {
        json_error_t e;
        json_t *o = json_loads(json_line, 0, &e), *v;
        const char *key;
        char **fields = NULL;
        size_t n = 0;
        int r = -ENOMEM;

        if (!json_is_object(o)) {
                json_decref(o);
                return -EINVAL;
        }
        fields = calloc(json_object_size(o) + 2, sizeof *fields);
        if (!fields)
                goto out;
        if (asprintf(&fields[n++], "SYSLOG_IDENTIFIER=pathpolicy") < 0)
                goto fail;
        json_object_foreach(o, key, v) {
                char *f = NULL;
                int k = -1;

                if (streq(key, "ts"))
                        continue; /* the journal stamps its own */
                if (streq(key, "msg"))
                        k = asprintf(&f, "MESSAGE=%s", json_string_value(v));
                else if (streq(key, "level")) {
                        int l = log_level_from_string(json_string_value(v));
                        k = asprintf(&f, "PRIORITY=%d", l >= 0 ? journal_priority[l] : 6);
                } else {
                        _cleanup_free_ char *upper = strdup(key), *text = NULL;
                        if (!upper)
                                goto fail;
                        for (char *c = upper; *c; c++)
                                *c = *c == '-' ? '_' : (char) (*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
                        if (json_is_string(v))
                                text = strdup(json_string_value(v));
                        else
                                text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
                        if (!text)
                                goto fail;
                        k = asprintf(&f, "PATHPOLICY_%s=%s", upper, text);
                }
                if (k < 0)
                        goto fail;
                fields[n++] = f;
        }
        *ret = TAKE_PTR(fields);
        r = 0;
        goto out;
fail:
        for (size_t i = 0; i < n; i++)
                free(fields[i]);
        free(fields);
out:
        json_decref(o);
        return r;
}

/* ---- the stream ---- */

typedef struct Entry {
        struct Entry *next;
        uint64_t end; /* once written: the connection's byte count at its end */
        size_t len;
        char line[]; /* the JSON line, "\n" included */
} Entry;

struct LogStream {
        uv_loop_t *loop;
        LogConfig config;
        char *socket_path;
        uint64_t seq;

        /* The queue: head .. (before pending) are unconfirmed; pending and
         * after are not written yet on this connection. */
        Entry *head, *tail, *pending;
        size_t offset; /* bytes of *pending already written */
        uint64_t conn_written; /* bytes written on this connection */
        size_t n_records, n_bytes, n_unconfirmed;
        uint64_t dropped_unreported, dropped_total, written, connects;

        uv_pipe_t *pipe; /* the connection, or NULL */
        bool connected, connecting, writing;
        uv_connect_t connect_req;
        uv_write_t write_req;
        unsigned backoff_ms;

        uv_timer_t reconnect_timer, confirm_timer, shutdown_timer;
        bool shutting_down, finished;
        int open_handles;
        void (*done)(void *);
        void *done_userdata;
};

static void local_sink(LogStream *s, const char *line, const char *msg) {
        if (s->config.journal) {
                char **fields = NULL;
                if (log_record_journal_fields(line, &fields) >= 0) {
                        (void) journal_send(fields);
                        for (char **f = fields; *f; f++)
                                free(*f);
                        free(fields);
                        return;
                }
                /* Could not map it: fall through to stderr rather than lose it. */
        }
        if (s->config.stderr_fd < 0)
                return;
        _cleanup_free_ char *shown = NULL, *text = NULL;
        const char *out = line;
        if (s->config.format == LOG_FORMAT_TEXT) {
                shown = escape_line(msg);
                if (!shown || asprintf(&text, "%s\n", shown) < 0)
                        return;
                out = text;
        }
        /* The local sink is written as it comes: stderr is ours, not the
         * agent's, and a record that cannot be written there has nowhere else
         * to go. */
        size_t len = strlen(out);
        while (len > 0) {
                ssize_t k = write(s->config.stderr_fd, out, len);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k <= 0)
                        return;
                out += k, len -= (size_t) k;
        }
}

static void kick(LogStream *s);
static void schedule_reconnect(LogStream *s);
static void maybe_finish(LogStream *s);

static void entry_unlink_head(LogStream *s) {
        Entry *e = s->head;
        s->head = e->next;
        if (!s->head)
                s->tail = NULL;
        s->n_records--;
        s->n_bytes -= e->len;
        free(e);
}

/* Drop the oldest records until the queue is within its bound. The record
 * libuv is writing stays (it is as good as sent); the one after it goes. */
static void enforce_bound(LogStream *s) {
        while (s->head && (s->n_records > s->config.queue_records || s->n_bytes > s->config.queue_bytes)) {
                if (s->head != s->pending) {
                        /* Unconfirmed: written already, so not counted as dropped. */
                        entry_unlink_head(s);
                        s->n_unconfirmed--;
                        continue;
                }
                Entry *victim = s->head, *prev = NULL;
                if (s->writing || s->offset > 0) {
                        prev = s->head;
                        victim = s->head->next;
                        if (!victim)
                                return; /* only the record in flight is left */
                }
                if (prev) {
                        prev->next = victim->next;
                        if (s->tail == victim)
                                s->tail = prev;
                        s->n_records--;
                        s->n_bytes -= victim->len;
                        free(victim);
                } else {
                        s->pending = victim->next;
                        entry_unlink_head(s);
                }
                s->dropped_unreported++;
                s->dropped_total++;
        }
}

static Entry *entry_new(const char *line) {
        size_t len = strlen(line);
        Entry *e = malloc(sizeof *e + len);
        if (!e)
                return NULL;
        e->next = NULL;
        e->len = len;
        memcpy(e->line, line, len);
        return e;
}

static void enqueue(LogStream *s, Entry *e) {
        if (s->tail)
                s->tail->next = e;
        else
                s->head = e;
        s->tail = e;
        if (!s->pending)
                s->pending = e;
        s->n_records++;
        s->n_bytes += e->len;
        enforce_bound(s);
}

/* Put a log-dropped record in front of the next pending one. */
static void report_dropped(LogStream *s) {
        LogRecord *r = log_record_new(LOG_WARN, "log-dropped");
        _cleanup_free_ char *msg = NULL, *line = NULL;
        uint64_t n = s->dropped_unreported;
        Entry *e;

        log_record_int(r, "count", (int64_t) n);
        if (asprintf(&msg, "path policy: the colony log was unreachable and its queue full: %" PRIu64
                           " record(s) dropped", n) < 0)
                msg = NULL;
        line = msg ? log_record_format(r, msg, ++s->seq) : NULL;
        log_record_free(r);
        if (!line || !(e = entry_new(line)))
                return; /* try again before the next record */

        /* Link e in just before pending. */
        if (s->pending == s->head) {
                e->next = s->head;
                s->head = e;
        } else {
                Entry *p = s->head;
                while (p->next != s->pending)
                        p = p->next;
                e->next = p->next;
                p->next = e;
        }
        if (!s->tail)
                s->tail = e;
        s->pending = e;
        s->n_records++;
        s->n_bytes += e->len;
        s->dropped_unreported = 0;
}

static void confirm_timer_cb(uv_timer_t *t);
static void disconnect(LogStream *s);

static void confirm(LogStream *s) {
        uv_os_fd_t fd;
        size_t unread;

        if (s->n_unconfirmed == 0 || !s->connected || uv_fileno((uv_handle_t *) s->pipe, &fd) < 0)
                return;
        int r = platform_socket_unread(fd, &unread);
        if (r == -ECONNRESET) {
                /* Gone before reading it all: send again what it may not have. */
                disconnect(s);
                return;
        }
        /* unread bounds the bytes not yet read from above, so every record
         * ending before conn_written - unread has been read. */
        if (r == 0) {
                uint64_t read_at_least = unread < s->conn_written ? s->conn_written - unread : 0;
                while (s->head != s->pending && s->head->end <= read_at_least) {
                        entry_unlink_head(s);
                        s->n_unconfirmed--;
                }
        }
        if (s->n_unconfirmed > 0 && !uv_is_active((uv_handle_t *) &s->confirm_timer))
                uv_timer_start(&s->confirm_timer, confirm_timer_cb, LOG_CONFIRM_INTERVAL_MS, 0);
}

static void confirm_timer_cb(uv_timer_t *t) {
        confirm(t->data);
}

static void close_pipe_cb(uv_handle_t *h) {
        LogStream *s = h->data;
        free(h);
        s->open_handles--;
        maybe_finish(s);
}

static void disconnect(LogStream *s) {
        if (!s->pipe)
                return;
        uv_close((uv_handle_t *) s->pipe, close_pipe_cb);
        s->pipe = NULL;
        s->connected = false;
        /* Everything not known to be read goes again, whole. */
        s->pending = s->head;
        s->offset = 0;
        s->conn_written = 0;
        s->n_unconfirmed = 0;
        uv_timer_stop(&s->confirm_timer);
        schedule_reconnect(s);
}

/* The rest of the pending record has been written. */
static void written_one(LogStream *s) {
        s->conn_written += s->pending->len - s->offset;
        s->pending->end = s->conn_written;
        s->pending = s->pending->next;
        s->offset = 0;
        s->n_unconfirmed++;
        s->written++;
}

static void write_cb(uv_write_t *req, int status) {
        LogStream *s = req->data;

        s->writing = false;
        if (status < 0) {
                /* A cancelled write belongs to a connection already closed. */
                if (status != UV_ECANCELED && (uv_stream_t *) s->pipe == req->handle)
                        disconnect(s);
                maybe_finish(s);
                return;
        }
        written_one(s);
        kick(s);
}

/* Write pending records until the socket would block. */
static void kick(LogStream *s) {
        while (s->connected && !s->writing) {
                if (s->dropped_unreported > 0 && s->offset == 0)
                        report_dropped(s);
                if (!s->pending)
                        break;

                Entry *e = s->pending;
                uv_buf_t buf = uv_buf_init(e->line + s->offset, (unsigned) (e->len - s->offset));
                int k = uv_try_write((uv_stream_t *) s->pipe, &buf, 1);
                if (k == (int) buf.len) {
                        written_one(s);
                        continue;
                }
                if (k < 0 && k != UV_EAGAIN) {
                        disconnect(s);
                        break;
                }
                if (k > 0) {
                        s->offset += (size_t) k;
                        s->conn_written += (uint64_t) k;
                }
                /* The rest of this one record goes through libuv, which tells
                 * us when the socket took it. */
                buf = uv_buf_init(e->line + s->offset, (unsigned) (e->len - s->offset));
                s->write_req.data = s;
                if (uv_write(&s->write_req, (uv_stream_t *) s->pipe, &buf, 1, write_cb) < 0) {
                        disconnect(s);
                        break;
                }
                s->writing = true;
        }
        confirm(s);
        maybe_finish(s);
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
        static char sink[4096];
        (void) h;
        (void) suggested;
        *buf = uv_buf_init(sink, sizeof sink);
}

/* The colony log does not talk back; reading only tells us it went away. */
static void read_cb(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf) {
        LogStream *s = stream->data;
        (void) buf;
        if (nread < 0 && (uv_stream_t *) s->pipe == stream) {
                disconnect(s);
                maybe_finish(s);
        }
}

static void connect_cb(uv_connect_t *req, int status) {
        LogStream *s = req->data;

        s->connecting = false;
        if (status < 0 || !s->pipe) {
                if (s->pipe) {
                        uv_close((uv_handle_t *) s->pipe, close_pipe_cb);
                        s->pipe = NULL;
                }
                s->backoff_ms = s->backoff_ms ? s->backoff_ms * 2 : s->config.backoff_min_ms;
                if (s->backoff_ms > s->config.backoff_max_ms)
                        s->backoff_ms = s->config.backoff_max_ms;
                schedule_reconnect(s);
                maybe_finish(s);
                return;
        }
        s->connected = true;
        s->connects++;
        s->backoff_ms = 0;
        (void) uv_read_start((uv_stream_t *) s->pipe, alloc_cb, read_cb);
        kick(s);
}

static void reconnect_cb(uv_timer_t *t) {
        LogStream *s = t->data;

        if (s->pipe || s->connecting || s->finished)
                return;
        s->pipe = malloc(sizeof *s->pipe);
        if (!s->pipe || uv_pipe_init(s->loop, s->pipe, 0) < 0) {
                free(s->pipe);
                s->pipe = NULL;
                schedule_reconnect(s);
                return;
        }
        s->pipe->data = s;
        s->open_handles++;
        s->connecting = true;
        s->connect_req.data = s;
        uv_pipe_connect(&s->connect_req, s->pipe, s->socket_path, connect_cb);
}

static void schedule_reconnect(LogStream *s) {
        if (s->finished || s->connecting || s->pipe)
                return;
        uv_timer_start(&s->reconnect_timer, reconnect_cb, s->backoff_ms, 0);
}

int log_stream_new(uv_loop_t *loop, const LogConfig *c, LogStream **ret) {
        LogStream *s = calloc(1, sizeof *s);

        if (!s)
                return -ENOMEM;
        s->loop = loop;
        s->config = *c;
        if (c->socket_path) {
                s->socket_path = strdup(c->socket_path);
                if (!s->socket_path) {
                        free(s);
                        return -ENOMEM;
                }
        }
        s->config.socket_path = s->socket_path;

        uv_timer_t *timers[] = {&s->reconnect_timer, &s->confirm_timer, &s->shutdown_timer};
        for (size_t i = 0; i < ELEMENTSOF(timers); i++) {
                uv_timer_init(loop, timers[i]);
                timers[i]->data = s;
                s->open_handles++;
        }
        if (s->socket_path)
                schedule_reconnect(s);
        *ret = s;
        return 0;
}

void log_submit(LogStream *s, LogRecord *r, const char *fmt, ...) {
        _cleanup_free_ char *msg = NULL, *line = NULL;
        va_list ap;

        if (!r)
                return;
        if (!s || r->level < s->config.level) {
                log_record_free(r);
                return;
        }
        va_start(ap, fmt);
        if (vasprintf(&msg, fmt, ap) < 0)
                msg = NULL;
        va_end(ap);
        line = msg ? log_record_format(r, msg, ++s->seq) : NULL;
        log_record_free(r);
        if (!line) {
                s->dropped_total++;
                return;
        }

        local_sink(s, line, msg);
        if (!s->socket_path || s->finished)
                return;
        Entry *e = entry_new(line);
        if (!e) {
                s->dropped_total++;
                s->dropped_unreported++;
                return;
        }
        enqueue(s, e);
        kick(s);
}

static void close_timer_cb(uv_handle_t *h) {
        LogStream *s = h->data;
        s->open_handles--;
        maybe_finish(s);
}

/* At shutdown: close everything once the queue is written or time is up. */
static void maybe_finish(LogStream *s) {
        if (!s->shutting_down)
                return;
        if (!s->finished) {
                bool flushed = !s->pending && !s->writing && s->dropped_unreported == 0;
                if (!flushed && uv_is_active((uv_handle_t *) &s->shutdown_timer))
                        return;
                s->finished = true;

                size_t undelivered = 0;
                for (Entry *e = s->pending; e; e = e->next)
                        undelivered++;
                if (undelivered > 0) {
                        char msg[160];
                        snprintf(msg, sizeof msg,
                                 "path policy: %zu log record(s) not delivered to the colony log at shutdown",
                                 undelivered);
                        LogRecord *r = log_record_new(LOG_WARN, "log-undelivered");
                        log_record_int(r, "count", (int64_t) undelivered);
                        _cleanup_free_ char *line = log_record_format(r, msg, ++s->seq);
                        log_record_free(r);
                        if (line)
                                local_sink(s, line, msg);
                }
                if (s->pipe) {
                        uv_close((uv_handle_t *) s->pipe, close_pipe_cb);
                        s->pipe = NULL;
                        s->connected = false;
                }
                uv_timer_t *timers[] = {&s->reconnect_timer, &s->confirm_timer, &s->shutdown_timer};
                for (size_t i = 0; i < ELEMENTSOF(timers); i++)
                        uv_close((uv_handle_t *) timers[i], close_timer_cb);
                return;
        }
        if (s->open_handles == 0 && s->done) {
                void (*done)(void *) = s->done;
                s->done = NULL;
                done(s->done_userdata);
        }
}

static void shutdown_timeout_cb(uv_timer_t *t) {
        maybe_finish(t->data);
}

void log_stream_shutdown(LogStream *s, void (*done)(void *userdata), void *userdata) {
        if (s->shutting_down)
                return;
        s->shutting_down = true;
        s->done = done;
        s->done_userdata = userdata;
        if (s->socket_path && s->pending)
                uv_timer_start(&s->shutdown_timer, shutdown_timeout_cb, s->config.flush_timeout_ms, 0);
        maybe_finish(s);
}

void log_stream_free(LogStream *s) {
        if (!s)
                return;
        while (s->head)
                entry_unlink_head(s);
        free(s->socket_path);
        free(s);
}

void log_stream_stats(const LogStream *s, LogStats *ret) {
        *ret = (LogStats){
                .queued_records = s->n_records,
                .queued_bytes = s->n_bytes,
                .unconfirmed_records = s->n_unconfirmed,
                .libuv_write_queue = s->pipe ? uv_stream_get_write_queue_size((uv_stream_t *) s->pipe) : 0,
                .dropped = s->dropped_total,
                .written = s->written,
                .connects = s->connects,
                .connected = s->connected,
        };
}
