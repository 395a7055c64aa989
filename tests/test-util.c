/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>

#include "array.h"
#include "util.h"

/* daemon/basic/array.c: room doubles from 16, holds what was there, and a
 * request that cannot be met leaves the array as it was. */
static void test_array_grow(void **state) {
        (void) state;
        int *v = NULL;
        size_t n_allocated = 0;
        assert_int_equal(ARRAY_GROW(v, n_allocated, 0), 0);
        assert_null(v);
        assert_int_equal(ARRAY_GROW(v, n_allocated, 1), 0);
        assert_int_equal(n_allocated, 16);
        for (int i = 0; i < 16; i++)
                v[i] = i;
        assert_int_equal(ARRAY_GROW(v, n_allocated, 16), 0);
        assert_int_equal(n_allocated, 16);
        assert_int_equal(ARRAY_GROW(v, n_allocated, 17), 0);
        assert_int_equal(n_allocated, 32);
        assert_int_equal(ARRAY_GROW(v, n_allocated, 100), 0);
        assert_int_equal(n_allocated, 128);
        for (int i = 0; i < 16; i++)
                assert_int_equal(v[i], i);
        int *before = v;
        assert_int_equal(ARRAY_GROW(v, n_allocated, SIZE_MAX / 2), -ENOMEM);
        assert_int_equal(ARRAY_GROW(v, n_allocated, SIZE_MAX), -ENOMEM);
        assert_ptr_equal(v, before);
        assert_int_equal(n_allocated, 128);
        free(v);
}

static void test_utf8(void **state) {
        (void) state;
        assert_int_equal(utf8_length(""), 0);
        assert_int_equal(utf8_length("abc"), 3);
        assert_int_equal(utf8_length("é"), 1);
        assert_int_equal(utf8_length("日本"), 2);
        assert_int_equal(utf8_length("\xf0\x9f\x94\x91"), 1); /* a 4-byte emoji */
        /* Invalid bytes count one each. */
        assert_int_equal(utf8_length("\xff\xfe"), 2);
        assert_int_equal(utf8_length("\xc3"), 1);                      /* cut short */
        assert_int_equal(utf8_length("\xc0\xaf"), 2);                  /* overlong '/' */
        assert_int_equal(utf8_length("\xed\xa0\x80"), 3);              /* a surrogate */
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
                /* review17: C1 controls (U+0080-U+009F) are valid UTF-8 but
                 * controls all the same: U+009B is CSI to the Linux console
                 * in UTF-8 mode (vt.c) and to any 8-bit terminal, so a path
                 * could clear the screen or move the cursor over status's
                 * lines. Escaped byte by byte; U+00A0 on is text. */
                {"a\xc2\x9b"
                 "2Jb",
                 "a\\xc2\\x9b2Jb"},
                {"\xc2\x80\xc2\x9f", "\\xc2\\x80\\xc2\\x9f"},
                {"\xc2\xa0", "\xc2\xa0"},
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

        /* Exactly at the limit, and a limit below the first buffer's size. */
        free(TAKE_PTR(buf));
        assert_int_equal(read_full_file(path, sizeof data, &buf, &size), 0);
        assert_int_equal(size, sizeof data);
        free(TAKE_PTR(buf));
        char small[] = "/tmp/test-util-XXXXXX";
        int sfd = mkstemp(small);
        assert_true(sfd >= 0);
        assert_int_equal(write(sfd, "hello\n", 6), 6);
        close(sfd);
        assert_int_equal(read_full_file(small, 64, &buf, &size), 0);
        assert_string_equal(buf, "hello\n");
        unlink(small);

        /* Over the limit: refused, output untouched. */
        char *untouched = (char *) 0x1;
        assert_int_equal(read_full_file(path, 9999, &untouched, &size), -EFBIG);
        assert_ptr_equal(untouched, (char *) 0x1);

        unlink(path);
        assert_int_equal(read_full_file(path, 100, &untouched, &size), -ENOENT);
        assert_int_equal(read_full_file("/", 100, &untouched, &size), -EISDIR);
}

static double now_s(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double) t.tv_sec + (double) t.tv_nsec / 1e9;
}

/* A fifo that nobody writes would block a reader forever; a device never
 * ends. Each is refused at once, without reading, outputs untouched. */
static void test_read_full_file_not_regular(void **state) {
        (void) state;
        char dir[] = "/tmp/test-util-XXXXXX", fifo[64], sock[64];
        struct sockaddr_un sa = {.sun_family = AF_UNIX};
        char *untouched = (char *) 0x1;
        size_t size = 42;

        assert_non_null(mkdtemp(dir));
        snprintf(fifo, sizeof fifo, "%s/fifo", dir);
        snprintf(sock, sizeof sock, "%s/sock", dir);
        assert_int_equal(mkfifo(fifo, 0600), 0);
        int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        assert_true(s >= 0);
        snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
        assert_int_equal(bind(s, (struct sockaddr *) &sa, sizeof sa), 0);

        double t0 = now_s();
        assert_int_equal(read_full_file(fifo, 100, &untouched, &size), -ENXIO);
        /* "At once": far below any timeout, however slow the machine. */
        assert_true(now_s() - t0 < 1.0);
        assert_int_equal(read_full_file(sock, 100, &untouched, &size), -ENXIO);
        assert_int_equal(read_full_file("/dev/null", 100, &untouched, &size), -ENXIO);
        assert_int_equal(read_full_file("/dev/zero", 100, &untouched, &size), -ENXIO);
        assert_int_equal(read_full_file(dir, 100, &untouched, &size), -EISDIR);
        assert_ptr_equal(untouched, (char *) 0x1);
        assert_int_equal(size, 42);

        assert_string_equal(read_full_file_strerror(-ENXIO),
                            "not a regular file (a fifo, a socket or a device)");
        assert_string_equal(read_full_file_strerror(-EISDIR), "a directory, not a regular file");
        assert_string_equal(read_full_file_strerror(-ENOENT), strerror(ENOENT));

        close(s);
        unlink(sock);
        unlink(fifo);
        rmdir(dir);
}

/* A sysctl says it is empty (st_size 0) and ends at the first read's end:
 * read whole all the same, as a 4 KiB read() reads it. */
static void test_read_full_file_proc(void **state) {
        (void) state;
        static const char sysctl[] = "/proc/sys/kernel/pid_max";
        char want[64];
        int fd = open(sysctl, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                SKIP_UNLESS_CI("no %s\n", sysctl);
        ssize_t k = read(fd, want, sizeof want - 1);
        close(fd);
        assert_true(k > 1);
        want[k] = 0;
        _cleanup_free_ char *buf = NULL;
        size_t size = 0;
        assert_int_equal(read_full_file(sysctl, 64, &buf, &size), 0);
        assert_string_equal(buf, want);
        assert_int_equal(size, (size_t) k);
}

static void test_path_normalize(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
        } cases[] = {
                {"a/b/c", "a/b/c"},   {"a/./b", "a/b"},  {"a/../b", "b"},
                {"a/b/../../c", "c"}, {"a//b/", "a/b"},  {"sub/.git/../../.git/x", ".git/x"},
                {"..", NULL},         {"a/../..", NULL}, {"a/..", NULL},
                {"../x", NULL},       {".", NULL},
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
                cmocka_unit_test(test_read_full_file_not_regular),
                cmocka_unit_test(test_path_normalize),
                cmocka_unit_test(test_array_grow),
                cmocka_unit_test(test_read_full_file_proc),
        };
        return RUN(tests);
}
