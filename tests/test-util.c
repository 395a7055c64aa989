/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <fcntl.h>

#include "util.h"

static void test_utf8(void **state) {
        (void) state;
        assert_int_equal(utf8_length(""), 0);
        assert_int_equal(utf8_length("abc"), 3);
        assert_int_equal(utf8_length("é"), 1);
        assert_int_equal(utf8_length("日本"), 2);
        assert_int_equal(utf8_length("\xf0\x9f\x94\x91"), 1); /* a 4-byte emoji */
        /* Invalid bytes count one each. */
        assert_int_equal(utf8_length("\xff\xfe"), 2);
        assert_int_equal(utf8_length("\xc3"), 1);            /* cut short */
        assert_int_equal(utf8_length("\xc0\xaf"), 2);        /* overlong '/' */
        assert_int_equal(utf8_length("\xed\xa0\x80"), 3);    /* a surrogate */
        assert_int_equal(utf8_sequence_length("\xf4\x90\x80\x80"), 0); /* past U+10FFFF */
}

static void test_escape(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
        } cases[] = {
                {"plain/path", "plain/path"},
                {"a\nb", "a\\nb"},
                {"\t\r", "\\t\\r"},
                {"back\\slash", "back\\\\slash"},
                {"\x01\x7f", "\\x01\\x7f"},
                {"é ok", "é ok"},
                {"bad\xff", "bad\\xff"},
                {"'quote\"", "'quote\""},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *s = escape_for_display(cases[i].in);
                assert_string_equal(s, cases[i].out);
        }
}

static void test_read_full_file(void **state) {
        (void) state;
        char path[] = "/tmp/test-util-XXXXXX";
        char data[10000];
        _cleanup_free_ char *buf = NULL;
        size_t size;
        int fd = mkstemp(path);

        assert_true(fd >= 0);
        for (size_t i = 0; i < sizeof data; i++)
                data[i] = (char) ('a' + i % 26);
        data[17] = 0; /* NUL bytes are data too */
        assert_int_equal(write(fd, data, sizeof data), (ssize_t) sizeof data);
        close(fd);

        assert_int_equal(read_full_file(path, 1 << 20, &buf, &size), 0);
        assert_int_equal(size, sizeof data);
        assert_memory_equal(buf, data, sizeof data);
        assert_int_equal(buf[size], 0);

        /* Over the limit: refused, output untouched. */
        char *untouched = (char *) 0x1;
        assert_int_equal(read_full_file(path, 9999, &untouched, &size), -EFBIG);
        assert_ptr_equal(untouched, (char *) 0x1);

        unlink(path);
        assert_int_equal(read_full_file(path, 100, &untouched, &size), -ENOENT);
        assert_int_equal(read_full_file("/", 100, &untouched, &size), -EISDIR);
}

static void test_path_normalize(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
        } cases[] = {
                {"a/b/c", "a/b/c"},          {"a/./b", "a/b"},       {"a/../b", "b"},
                {"a/b/../../c", "c"},        {"a//b/", "a/b"},       {"sub/.git/../../.git/x", ".git/x"},
                {"..", NULL},                {"a/../..", NULL},      {"a/..", NULL},
                {"../x", NULL},              {".", NULL},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *r = path_normalize(cases[i].in);
                if (cases[i].out)
                        assert_string_equal(r, cases[i].out);
                else
                        assert_null(r);
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_utf8),
                cmocka_unit_test(test_escape),
                cmocka_unit_test(test_read_full_file),
                cmocka_unit_test(test_path_normalize),
        };
        return RUN(tests);
}
