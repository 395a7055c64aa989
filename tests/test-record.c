/* SPDX-License-Identifier: MIT */
/* daemon/core/record.c: a record's JSON line, its journald fields, and an
 * event's record and message from one description. */
#include "tests.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>

#include "json-fields.h"
#include "record.h"
#include "util.h"

static void test_record_format(void **state) {
        (void) state;
        LogRecord *r = log_record_new(LOG_WARN, "bind-failed");
        json_error_t e;

        log_record_str(r, "checkout", "vendor/lib");
        log_record_path(r, "path", "vendor/lib/.env");
        log_record_str(r, "kind", "mask-file");
        log_record_int(r, "errno", 13);
        _cleanup_free_ char *line = log_record_format(
                r, "path policy: could not bind vendor/lib/.env (mask-file): Permission denied", 7);
        log_record_free(r);

        assert_non_null(line);
        size_t len = strlen(line);
        assert_true(len > 0 && line[len - 1] == '\n');
        assert_null(memchr(line, '\n', len - 1));
        /* The documented order: ts, level, event, msg, the event's fields, seq, pid. */
        assert_true(strncmp(line, "{\"ts\":\"", 7) == 0);
        const char *order[] = {"\"ts\"",   "\"level\"", "\"event\"", "\"msg\"", "\"checkout\"",
                               "\"path\"", "\"kind\"",  "\"errno\"", "\"seq\"", "\"pid\""};
        const char *at = line;
        for (size_t i = 0; i < ELEMENTSOF(order); i++) {
                const char *p = strstr(at, order[i]);
                if (!p)
                        fail_msg("%s missing or out of order in %s", order[i], line);
                at = p;
        }

        json_t *o = json_loads(line, 0, &e);
        assert_non_null(o);
        const char *ts = str_of(o, "ts");
        /* RFC 3339, UTC, microseconds: 2026-12-02T10:49:14.123456Z */
        assert_int_equal(strlen(ts), 27);
        assert_true(ts[4] == '-' && ts[10] == 'T' && ts[19] == '.' && ts[26] == 'Z');
        assert_string_equal(str_of(o, "level"), "warn");
        assert_string_equal(str_of(o, "event"), "bind-failed");
        assert_string_equal(str_of(o, "msg"),
                            "path policy: could not bind vendor/lib/.env (mask-file): Permission denied");
        assert_string_equal(str_of(o, "path"), "vendor/lib/.env");
        assert_null(json_object_get(o, "path_escaped"));
        assert_int_equal(int_of(o, "errno"), 13);
        assert_int_equal(int_of(o, "seq"), 7);
        assert_int_equal(int_of(o, "pid"), getpid());
        json_decref(o);
}

static void test_record_hostile_paths(void **state) {
        (void) state;
        static const struct {
                const char *path;
                const char *json_value; /* what "path" decodes to */
                bool escaped;
        } cases[] = {
                {"a\nb", "a\nb", false},
                {"q\"uo'te", "q\"uo'te", false},
                {"\x01\x1f\x7f", "\x01\x1f\x7f", false},
                {"tab\there\r", "tab\there\r", false},
                {"é/ok", "é/ok", false},
                {"bad\xff\xfe/x", "bad\\xff\\xfe/x", true},
                {"back\\slash\xc3", "back\\\\slash\\xc3", true},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                LogRecord *r = log_record_new(LOG_INFO, "bind");
                json_error_t e;
                log_record_path(r, "path", cases[i].path);
                _cleanup_free_ char *msg = NULL;
                assert_true(asprintf(&msg, "path policy: bound %s", cases[i].path) > 0);
                _cleanup_free_ char *line = log_record_format(r, msg, 1);
                log_record_free(r);

                assert_non_null(line);
                size_t len = strlen(line);
                /* One line, and valid JSON. */
                assert_null(memchr(line, '\n', len - 1));
                json_t *o = json_loads(line, 0, &e);
                if (!o)
                        fail_msg("case %zu: not JSON: %s", i, e.text);
                assert_string_equal(str_of(o, "path"), cases[i].json_value);
                assert_int_equal(json_is_true(json_object_get(o, "path_escaped")), cases[i].escaped);
                /* The message shows control characters escaped. */
                assert_null(strpbrk(str_of(o, "msg"), "\n\r\t\x01\x7f"));
                json_decref(o);
        }
}

/* The line is byte for byte what jansson writes of it: read back and dumped
 * again, compact, it is the same (key order kept), for hostile messages and
 * fields, and for fields that take the place of the record's own keys. */
static void test_record_as_jansson_writes(void **state) {
        (void) state;
        static const struct {
                const char *msg, *value;
        } cases[] = {
                {"plain", "a/b"},
                {"q\"uote and back\\slash", "x\"y\\z"},
                {"ctl \x01\x02\x1f\x7f \b\f\n\r\t", "\x01\t\n"},
                {"é ü 中 😀", "é😀"},
                {"bad \xff\xfe", ""},
                {"", "/slash/"},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++)
                for (size_t own = 0; own < 3; own++) {
                        LogRecord *r =
                                log_record_new(LOG_DEBUG + (int) (i % 4), i % 2 ? "bind" : "git-protected");
                        json_error_t e;
                        log_record_str(r, "checkout", cases[i].value);
                        log_record_path(r, "path", cases[(i + 1) % ELEMENTSOF(cases)].value);
                        log_record_int(r, "errno", -(int64_t) i * 1000000007);
                        log_record_bool(r, "ok", i % 2);
                        if (own == 1)
                                log_record_int(r, "seq", 99); /* set again after the fields: seq wins */
                        if (own == 2)
                                log_record_str(r, "msg", "the field's");
                        _cleanup_free_ char *line = log_record_format(r, cases[i].msg, 1000 + i);
                        log_record_free(r);
                        assert_non_null(line);
                        json_t *o = json_loads(line, 0, &e);
                        if (!o)
                                fail_msg("case %zu/%zu: not JSON: %s: %s", i, own, e.text, line);
                        _cleanup_free_ char *again = json_dumps(o, JSON_COMPACT);
                        assert_int_equal(int_of(o, "seq"), 1000 + (int) i);
                        json_decref(o);
                        assert_non_null(again);
                        size_t n = strlen(line);
                        assert_true(n > 0 && line[n - 1] == '\n');
                        if (strlen(again) != n - 1 || strncmp(again, line, n - 1) != 0)
                                fail_msg("case %zu/%zu:\n  line:    %s  jansson: %s", i, own, line, again);
                }
}

static void test_journal_fields(void **state) {
        (void) state;
        LogRecord *r = log_record_new(LOG_WARN, "bind-failed");
        char **f = NULL;

        log_record_path(r, "path", "sub/.env");
        log_record_int(r, "errno", 13);
        _cleanup_free_ char *line = log_record_format(r, "path policy: could not bind sub/.env", 3);
        log_record_free(r);
        assert_int_equal(log_record_journal_fields(line, &f), 0);

        const char *want[] = {"SYSLOG_IDENTIFIER=pathpolicy",
                              "PRIORITY=4",
                              "PATHPOLICY_EVENT=bind-failed",
                              "MESSAGE=path policy: could not bind sub/.env",
                              "PATHPOLICY_PATH=sub/.env",
                              "PATHPOLICY_ERRNO=13",
                              "PATHPOLICY_SEQ=3"};
        for (size_t i = 0; i < ELEMENTSOF(want); i++) {
                bool found = false;
                for (char **p = f; *p; p++)
                        found = found || streq(*p, want[i]);
                if (!found)
                        fail_msg("journal field %s missing", want[i]);
        }
        for (char **p = f; *p; p++) {
                assert_true(strncmp(*p, "TS=", 3) != 0 && strncmp(*p, "PATHPOLICY_TS=", 14) != 0);
                free(*p);
        }
        free(f);
        assert_int_equal(log_record_journal_fields("not json", &f), -EINVAL);
}

/* What log_event() does with the expanded template. */
static char *format_with(const char *format, ...) {
        va_list ap;
        char *s = NULL;
        va_start(ap, format);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        assert_true(vasprintf(&s, format, ap) > 0);
#pragma GCC diagnostic pop
        va_end(ap);
        return s;
}

/* Fields go into the record in order, NULL ones left out; the template
 * shows them by name, a path escaped, a '%' in a value kept as it is, and
 * printf still formats the rest. */
static void test_event(void **state) {
        (void) state;
        const LogField *f = LOG_FIELDS(LOG_PATH("checkout", "vendor/a\nb%s"), LOG_PATH("path", "x/.env\n"),
                                       LOG_STR("kind", NULL), LOG_INT("nlink", 3), LOG_BOOL("tracked", 7),
                                       LOG_SHOW("as", "X/.ENV"), LOG_ERRNO(-ENOENT), LOG_ERRNO(0));
        _cleanup_free_ char *format = log_message_expand("path policy: {path} ({as}) in {checkout} has "
                                                         "{nlink} links ({tracked}) {{kind} %d%% {errno}",
                                                         f);
        assert_non_null(format);
        _cleanup_free_ char *msg = format_with(format, 42);
        assert_string_equal(msg, "path policy: x/.env\\n (X/.ENV) in vendor/a\\nb%s has 3 links (true) "
                                 "{kind} 42% No such file or directory");

        LogRecord *r = log_record_new_fields(LOG_WARN, "hardlink", f);
        assert_non_null(r);
        assert_int_equal(log_record_level(r), LOG_WARN);
        _cleanup_free_ char *line = log_record_format(r, msg, 9);
        log_record_free(r);
        json_error_t e;
        json_t *o = json_loads(line, 0, &e);
        assert_non_null(o);
        assert_string_equal(str_of(o, "event"), "hardlink");
        assert_string_equal(str_of(o, "checkout"), "vendor/a\nb%s");
        assert_string_equal(str_of(o, "path"), "x/.env\n");
        assert_null(json_object_get(o, "kind"));
        assert_null(json_object_get(o, "as")); /* shown, not recorded */
        assert_int_equal(int_of(o, "nlink"), 3);
        assert_true(json_is_true(json_object_get(o, "tracked")));
        assert_int_equal(int_of(o, "errno"), ENOENT); /* once: a 0 is left out */
        /* In the order given, after the record's own fields. */
        const char *keys[8];
        size_t n = 0;
        const char *key;
        json_t *v;
        json_object_foreach(o, key, v) if (n < 8) keys[n++] = key;
        assert_true(n >= 7);
        assert_string_equal(keys[4], "checkout");
        assert_string_equal(keys[5], "path");
        assert_string_equal(keys[6], "nlink");
        json_decref(o);

        /* A name with a newline and a byte that is not UTF-8 stays one line. */
        _cleanup_free_ char *hostile =
                log_message_expand("{path}", LOG_FIELDS(LOG_PATH("path", "a\nb\xff")));
        assert_string_equal(hostile, "a\\nb\\xff");
        /* A template naming no such field shows it as it is. */
        _cleanup_free_ char *slip = log_message_expand("{nope} {path", f);
        assert_string_equal(slip, "{nope} {path");
        /* No fields at all. */
        _cleanup_free_ char *plain = log_message_expand("100%%", NULL);
        assert_string_equal(plain, "100%%");
        LogRecord *bare = log_record_new_fields(LOG_INFO, "ready", NULL);
        assert_non_null(bare);
        log_record_free(bare);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_record_format),
                cmocka_unit_test(test_record_hostile_paths),
                cmocka_unit_test(test_record_as_jansson_writes),
                cmocka_unit_test(test_journal_fields),
                cmocka_unit_test(test_event),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
