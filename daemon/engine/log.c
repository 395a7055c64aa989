/* SPDX-License-Identifier: MIT */
#include "log.h"

#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>

#include "journal.h"
#include "log-repeat.h"
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
        size_t offset;         /* bytes of *pending already written */
        uint64_t conn_written; /* bytes written on this connection */
        size_t n_records, n_bytes, n_unconfirmed;
        uint64_t dropped_unreported, dropped_total, written, connects;

        uv_pipe_t *pipe; /* the connection, or NULL */
        bool connected, connecting, writing;
        uv_connect_t connect_req;
        uv_write_t write_req;
        unsigned backoff_ms;

        uv_timer_t reconnect_timer, confirm_timer, shutdown_timer, repeat_timer;
        LogRepeat *repeat; /* records said again within a window: counted (log-repeat.h) */
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
        if (asprintf(&msg,
                     "path policy: the colony log was unreachable and its queue full: %" PRIu64
                     " record(s) dropped",
                     n) < 0)
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
        if (log_repeat_new(&s->repeat) < 0) {
                free(s->socket_path);
                free(s);
                return -ENOMEM;
        }

        uv_timer_t *timers[] = {&s->reconnect_timer, &s->confirm_timer, &s->shutdown_timer,
                                &s->repeat_timer};
        for (size_t i = 0; i < ELEMENTSOF(timers); i++) {
                uv_timer_init(loop, timers[i]);
                timers[i]->data = s;
                s->open_handles++;
        }
        /* Counting repeats is no reason for the loop to go on. */
        uv_unref((uv_handle_t *) &s->repeat_timer);
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
        if (!s || log_record_level(r) < s->config.level) {
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
                        snprintf(
                                msg, sizeof msg,
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
                uv_timer_t *timers[] = {&s->reconnect_timer, &s->confirm_timer, &s->shutdown_timer,
                                        &s->repeat_timer};
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

/* The clock of the repeats' windows: read now, not the loop's cached time
 * (a verb that logs without running its loop still sees time pass). */
static uint64_t now_ms(void) {
        return uv_hrtime() / 1000000;
}

/* A record said count more times within its window: one record. */
static void say_repeated(void *ctx, LogLevel level, const char *event, const char *msg, uint64_t count) {
        LogStream *s = ctx;
        LogRecord *r = log_record_new_fields(level, "repeated",
                                             LOG_FIELDS(LOG_STR("repeated", event), LOG_INT("count", count),
                                                        LOG_INT("window_ms", LOG_REPEAT_MS)));
        log_submit(s, r, "path policy: said %" PRIu64 " more time(s) within %d s: %s", count,
                   LOG_REPEAT_MS / 1000, msg);
}

static void repeat_timer_cb(uv_timer_t *t) {
        LogStream *s = t->data;
        if (log_repeat_flush(s->repeat, now_ms(), false, say_repeated, s) == 0)
                uv_timer_stop(t);
}

/* What makes a record this record: its level, event, message and fields. */
static char *repeat_key(LogLevel level, const char *event, const LogField *fields, const char *msg) {
        char *key = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&key, &n);
        if (!f)
                return NULL;
        fprintf(f, "%d\x1f%s\x1f%s", (int) level, event, msg);
        for (const LogField *x = fields; x && x->type != LOG_FIELD_END; x++)
                fprintf(f, "\x1f%s=%d:%s:%" PRId64, x->key, (int) x->type, x->s ? x->s : "", x->i);
        if (fclose(f) != 0) {
                free(key);
                return NULL;
        }
        return key;
}

void log_stream_shutdown(LogStream *s, void (*done)(void *userdata), void *userdata) {
        if (s->shutting_down)
                return;
        /* The counts still running are said before anything closes. */
        (void) log_repeat_flush(s->repeat, now_ms(), true, say_repeated, s);
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
        /* A stream let go of without a shutdown: its counts still said,
         * to the local sink alone (no socket write from here). */
        s->finished = true;
        (void) log_repeat_flush(s->repeat, now_ms(), true, say_repeated, s);
        while (s->head)
                entry_unlink_head(s);
        log_repeat_free(s->repeat);
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

void log_event(LogStream *s, LogLevel level, const char *event, const LogField *fields, const char *tmpl,
               ...) {
        _cleanup_free_ char *format = NULL, *msg = NULL;
        va_list ap;

        if (!s || level < s->config.level)
                return;
        LogRecord *r = log_record_new_fields(level, event, fields);
        format = log_message_expand(tmpl, fields);
        /* The format is the caller's template, checked against its
         * arguments by _printf_; expanding it added only text with each '%'
         * doubled, so it takes exactly those arguments. */
        if (format) {
                va_start(ap, tmpl);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
                if (vasprintf(&msg, format, ap) < 0)
                        msg = NULL;
#pragma GCC diagnostic pop
                va_end(ap);
        }
        if (!msg) {
                /* Out of memory: counted, as log_submit() counts a record
                 * it cannot format. */
                log_record_free(r);
                s->dropped_total++;
                return;
        }
        /* The same record again within its window: counted, said once
         * with its count when the window ends (log-repeat.h). Debug records
         * are left alone: asked for to see every step (a poll pass each),
         * their repeats are the point. */
        _cleanup_free_ char *key =
                s->shutting_down || level == LOG_DEBUG ? NULL : repeat_key(level, event, fields, msg);
        if (key && log_repeat_seen(s->repeat, now_ms(), level, event, key, msg, say_repeated, s)) {
                log_record_free(r);
                if (!uv_is_active((uv_handle_t *) &s->repeat_timer))
                        uv_timer_start(&s->repeat_timer, repeat_timer_cb, 1000, 1000);
                return;
        }
        log_submit(s, r, "%s", msg);
}
