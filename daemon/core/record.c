/* SPDX-License-Identifier: MIT */
#include "record.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <time.h>

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

struct LogRecord {
        LogLevel level;
        json_t *fields; /* the event's own fields, in order */
        char *event;
        bool broken; /* out of memory while building: dropped at submit */
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

int log_path_escape(const char *path, char **ret) {
        if (utf8_valid(path))
                return 0;
        /* Not UTF-8, so not a JSON string as it is: escape every byte that is
         * not part of valid UTF-8 as \xNN, and the backslash as \\, so the
         * reader can undo it. */
        char *buf = malloc(strlen(path) * 4 + 1), *o = buf;
        if (!buf)
                return -ENOMEM;
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
        *ret = buf;
        return 1;
}

void log_record_path(LogRecord *r, const char *key, const char *path) {
        _cleanup_free_ char *escaped = NULL;
        char flag[128];

        if (!r)
                return;
        int k = log_path_escape(path, &escaped);
        if (k < 0) {
                r->broken = true;
                return;
        }
        record_set(r, key, json_string(k ? escaped : path));
        if (k) { /* KEY_escaped says the reader must undo it */
                snprintf(flag, sizeof flag, "%s_escaped", key);
                record_set(r, flag, json_true());
        }
}

void log_timestamp(char buf[static 32]) {
        struct timespec ts;
        struct tm tm;

        clock_gettime(CLOCK_REALTIME, &ts);
        gmtime_r(&ts.tv_sec, &tm);
        size_t n = strftime(buf, 32, "%Y-%m-%dT%H:%M:%S", &tm);
        snprintf(buf + n, 32 - n, ".%06ldZ", ts.tv_nsec / 1000);
}

/* The record as one object, jansson's way: for fields that would take the
 * place of ts, level, event, msg, seq or pid (the last one set wins). */
static char *format_merged(LogRecord *r, const char *ts, const char *shown, uint64_t seq) {
        char *line = NULL, *json;
        json_t *o = json_pack("{s:s, s:s, s:s, s:s}", "ts", ts, "level", log_level_to_string(r->level),
                              "event", r->event, "msg", shown);
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

/* s as a JSON string, byte for byte as jansson's json_dumps writes it: '"',
 * '\\' and control characters escaped (\b \f \n \r \t by name, the rest
 * \u00XX), everything else as it is. o has room for 6 bytes a byte and 2
 * more; returns the end. */
static char *put_string(char *o, const char *s) {
        static const char hex[] = "0123456789ABCDEF";
        *o++ = '"';
        for (const unsigned char *p = (const unsigned char *) s; *p; p++) {
                const char *named = *p == '"'    ? "\\\""
                                    : *p == '\\' ? "\\\\"
                                    : *p == '\b' ? "\\b"
                                    : *p == '\f' ? "\\f"
                                    : *p == '\n' ? "\\n"
                                    : *p == '\r' ? "\\r"
                                    : *p == '\t' ? "\\t"
                                                 : NULL;
                if (named) {
                        *o++ = named[0];
                        *o++ = named[1];
                } else if (*p < 0x20) {
                        memcpy(o, "\\u00", 4);
                        o[4] = hex[*p >> 4];
                        o[5] = hex[*p & 15];
                        o += 6;
                } else
                        *o++ = (char) *p;
        }
        *o++ = '"';
        return o;
}

/* Whether s is valid UTF-8 all through: jansson's json_pack refuses it otherwise. */
static bool utf8_ok(const char *s) {
        for (size_t k; *s; s += k)
                if (!(k = utf8_sequence_length(s)))
                        return false;
        return true;
}

char *log_record_format(LogRecord *r, const char *msg, uint64_t seq) {
        static const char *const own[] = {"ts", "level", "event", "msg", "seq", "pid"};
        _cleanup_free_ char *shown = NULL, *fields = NULL;
        const char *level;
        char ts[32];

        if (!r || r->broken)
                return NULL;
        /* The message is a human line: show control characters and bytes that
         * are not UTF-8 escaped, so it is one valid JSON string. */
        shown = escape_line(msg);
        if (!shown)
                return NULL;
        log_timestamp(ts);
        level = log_level_to_string(r->level);
        for (size_t i = 0; i < ELEMENTSOF(own); i++)
                if (json_object_get(r->fields, own[i]))
                        return format_merged(r, ts, shown, seq);
        if (!level || !r->event || !utf8_ok(r->event) || !utf8_ok(shown))
                return format_merged(r, ts, shown, seq); /* jansson refuses it, as before */

        /* The same bytes as format_merged, built straight: the head written
         * here and the fields dumped alone, not copied into one object first
         * (the copy, the object and the dump of it were a fifth of the
         * daemon's CPU for each file masked). */
        fields = json_dumps(r->fields, JSON_COMPACT);
        if (!fields)
                return NULL;
        size_t nf = strlen(fields);
        size_t n = 6 * (strlen(ts) + strlen(level) + strlen(r->event) + strlen(shown)) + nf + 128;
        char *line = malloc(n), *o = line;
        if (!line)
                return NULL;
        o = put_string(stpcpy(o, "{\"ts\":"), ts);
        o = put_string(stpcpy(o, ",\"level\":"), level);
        o = put_string(stpcpy(o, ",\"event\":"), r->event);
        o = put_string(stpcpy(o, ",\"msg\":"), shown);
        if (nf > 2) { /* "{...}": its inside, after a comma */
                *o++ = ',';
                memcpy(o, fields + 1, nf - 2);
                o += nf - 2;
        }
        snprintf(o, n - (size_t) (o - line), ",\"seq\":%lld,\"pid\":%lld}\n", (long long) (json_int_t) seq,
                 (long long) getpid());
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

char *log_record_fields_line(LogRecord *r) {
        char *line = NULL, *json;
        if (!r || r->broken)
                return NULL;
        json = json_dumps(r->fields, JSON_COMPACT | JSON_PRESERVE_ORDER);
        if (json && asprintf(&line, "%s\n", json) < 0)
                line = NULL;
        free(json);
        return line;
}

LogLevel log_record_level(const LogRecord *r) {
        return r->level;
}

/* ---- events ---- */

static const LogField *field_find(const LogField *fields, const char *key, size_t n) {
        for (const LogField *f = fields; f && f->type != LOG_FIELD_END; f++)
                if (strlen(f->key) == n && memcmp(f->key, key, n) == 0)
                        return f;
        return NULL;
}

LogRecord *log_record_new_fields(LogLevel level, const char *event, const LogField *fields) {
        LogRecord *r = log_record_new(level, event);
        for (const LogField *f = fields; r && f && f->type != LOG_FIELD_END; f++)
                switch (f->type) {
                case LOG_FIELD_STR:
                        if (f->s)
                                log_record_str(r, f->key, f->s);
                        break;
                case LOG_FIELD_PATH:
                        if (f->s)
                                log_record_path(r, f->key, f->s);
                        break;
                case LOG_FIELD_INT:
                        log_record_int(r, f->key, f->i);
                        break;
                case LOG_FIELD_BOOL:
                        log_record_bool(r, f->key, f->i != 0);
                        break;
                case LOG_FIELD_ERRNO:
                        if (f->i != 0)
                                log_record_int(r, f->key, f->i);
                        break;
                case LOG_FIELD_SHOW:
                case LOG_FIELD_END:
                        break;
                }
        return r;
}

/* Append s to the format being built, '%' doubled. */
static bool put_escaped(FILE *out, const char *s) {
        for (; *s; s++)
                if ((*s == '%' && fputc('%', out) == EOF) || fputc(*s, out) == EOF)
                        return false;
        return true;
}

static bool put_field(FILE *out, const LogField *f) {
        char num[32];
        switch (f->type) {
        case LOG_FIELD_STR:
                return put_escaped(out, f->s ? f->s : "");
        case LOG_FIELD_PATH:
        case LOG_FIELD_SHOW: {
                _cleanup_free_ char *shown = f->s ? escape_for_display(f->s) : strdup("");
                return shown && put_escaped(out, shown);
        }
        case LOG_FIELD_INT:
                snprintf(num, sizeof num, "%" PRId64, f->i);
                return put_escaped(out, num);
        case LOG_FIELD_BOOL:
                return put_escaped(out, f->i ? "true" : "false");
        case LOG_FIELD_ERRNO:
                return put_escaped(out, f->i != 0 ? strerror((int) f->i) : "");
        case LOG_FIELD_END:
                break;
        }
        return false;
}

char *log_message_expand(const char *tmpl, const LogField *fields) {
        _cleanup_free_ char *buf = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&buf, &size);
        bool ok = out != NULL;

        for (const char *p = tmpl; ok && *p; p++) {
                if (*p != '{') {
                        ok = fputc(*p, out) != EOF;
                        continue;
                }
                if (p[1] == '{') {
                        ok = fputc('{', out) != EOF;
                        p++;
                        continue;
                }
                const char *end = strchr(p, '}');
                const LogField *f = end ? field_find(fields, p + 1, (size_t) (end - p - 1)) : NULL;
                if (!f) {
                        /* Naming no field: a slip in the template, shown as
                         * it is rather than losing the event. */
                        ok = fputc('{', out) != EOF;
                        continue;
                }
                ok = put_field(out, f);
                p = end;
        }
        if (out && fclose(out) != 0)
                ok = false;
        return ok ? TAKE_PTR(buf) : NULL;
}
