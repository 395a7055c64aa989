/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "policy-file.h"
#include "util.h"

static Policy *parse_ok(const char *text) {
        Policy *p = NULL;
        PolicyError err;
        int r = policy_parse(text, strlen(text), &p, &err);
        if (r < 0)
                print_error("line %zu: %s\n", err.line, err.message);
        assert_int_equal(r, 0);
        return p;
}

static PolicyError parse_fail_n(const char *text, size_t len) {
        Policy *p = NULL;
        PolicyError err = {0};
        assert_int_equal(policy_parse(text, len, &p, &err), -EINVAL);
        assert_null(p);
        return err;
}
#define parse_fail(text) parse_fail_n(text, strlen(text))

static char *write_to_string(const Policy *p, int *ret) {
        char *buf = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&buf, &size);
        assert_non_null(f);
        *ret = policy_write(p, f);
        fclose(f);
        return buf;
}

static void test_parse(void **state) {
        (void) state;
        _cleanup_policy_ Policy *p = parse_ok("mask-file .env\n"
                                              "mask-dir secrets/\n"
                                              "protect .git/hooks/\n"
                                              "protect dir with spaces/my file\n"
                                              "mask-file a b  c\n");
        assert_int_equal(p->n, 5);
        assert_int_equal(p->actions[0].kind, PLATFORM_MASK_FILE);
        assert_string_equal(p->actions[0].path, ".env");
        assert_int_equal(p->actions[1].kind, PLATFORM_MASK_DIR);
        assert_string_equal(p->actions[1].path, "secrets/");
        assert_int_equal(p->actions[2].kind, PLATFORM_PROTECT);
        assert_string_equal(p->actions[2].path, ".git/hooks/");
        assert_string_equal(p->actions[4].path, "a b  c");
}

static void test_parse_empty_file(void **state) {
        (void) state;
        _cleanup_policy_ Policy *p = parse_ok("");
        assert_int_equal(p->n, 0);
}

static void test_parse_trailing_space_path_refused(void **state) {
        (void) state;
        /* The path is everything after the first space, so a trailing space
         * is part of it, and the entry rules refuse it. */
        PolicyError e = parse_fail("mask-file .env\nprotect a/file \n");
        assert_int_equal(e.line, 2);
        assert_non_null(strstr(e.message, "whitespace"));
}

static void test_reader_errors(void **state) {
        (void) state;
        static const struct {
                const char *text;
                size_t line;
                const char *needle;
        } cases[] = {
                {"mask-file .env", 1, "no newline"},
                {"mask-file .env\nprotect x", 2, "no newline"},
                {"\n", 1, "empty line"},
                {"mask-file a\n\nprotect b\n", 2, "empty line"},
                {"mask-file\n", 1, "empty path"},
                {"mask-file \n", 1, "empty path"},
                {"protect .env\nmask .env\n", 2, "unknown kind 'mask'"},
                {"Mask-file .env\n", 1, "unknown kind"},
                {"mask-file\t.env\n", 1, "unknown kind 'mask-file\\t.env'"},
                {"mask-file /etc/passwd\n", 1, "absolute path"},
                {"mask-file ../x\n", 1, "'.' or '..' component"},
                {"protect a//b\n", 1, "empty component"},
                {"mask-file .git/config\n", 1, "under .git"},
                {"mask-dir .git/hooks/\n", 1, "under .git"},
                {"mask-file a:b\n", 1, "':' or ','"},
                {"mask-file .env\r\n", 1, "whitespace"},
                {"mask-file a\x01"
                 "b\n",
                 1, "control character"},
                {"mask-dir secrets\n", 1, "does not end in '/'"},
                {"mask-file secrets/\n", 1, "ends in '/'"},
                {"protect .\n", 1, "root"},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                print_message("case %zu\n", i);
                PolicyError e = parse_fail(cases[i].text);
                assert_int_equal(e.line, cases[i].line);
                if (!strstr(e.message, cases[i].needle))
                        fail_msg("'%s' not in '%s'", cases[i].needle, e.message);
        }
        /* A NUL byte inside a line. */
        PolicyError e = parse_fail_n("protect a\0b\n", 12);
        assert_int_equal(e.line, 1);
        assert_non_null(strstr(e.message, "NUL"));

        /* Protecting .git paths is fine. */
        _cleanup_policy_ Policy *p = parse_ok("protect .git/config\nprotect .git/hooks/\n");
        assert_int_equal(p->n, 2);
}

static void test_round_trip(void **state) {
        (void) state;
        static const char text[] = "mask-file .env\n"
                                   "mask-file vendor/lib/.env\n"
                                   "mask-dir deploy/keys/\n"
                                   "mask-file name with spaces\n"
                                   "mask-file é#!*?[x]\n"
                                   "protect .git/config\n"
                                   "protect .git/hooks/\n"
                                   "protect Makefile\n";
        _cleanup_policy_ Policy *p = parse_ok(text), *q = NULL;
        _cleanup_free_ char *out = NULL, *out2 = NULL;
        int r;

        out = write_to_string(p, &r);
        assert_int_equal(r, 0);
        assert_string_equal(out, text);

        /* And back: the same actions. */
        q = parse_ok(out);
        assert_int_equal(q->n, p->n);
        for (size_t i = 0; i < p->n; i++) {
                assert_int_equal(q->actions[i].kind, p->actions[i].kind);
                assert_string_equal(q->actions[i].path, p->actions[i].path);
        }
        out2 = write_to_string(q, &r);
        assert_string_equal(out2, out);
}

static void test_writer_refuses_unreadable(void **state) {
        (void) state;
        static const struct {
                PlatformBindKind kind;
                const char *path;
        } bad[] = {
                {PLATFORM_MASK_FILE, "a\nmask-file b"}, {PLATFORM_MASK_FILE, "/abs"},
                {PLATFORM_MASK_DIR, "nodir"},           {PLATFORM_MASK_FILE, "dir/"},
                {PLATFORM_MASK_FILE, ".git/x"},         {PLATFORM_PROTECT, ""},
                {_PLATFORM_BIND_KIND_MAX, "x"},
        };
        for (size_t i = 0; i < ELEMENTSOF(bad); i++) {
                PolicyAction a = {bad[i].kind, (char *) bad[i].path};
                Policy p = {.actions = &a, .n = 1};
                int r;
                _cleanup_free_ char *out = write_to_string(&p, &r);
                assert_int_equal(r, -EINVAL);
                assert_string_equal(out, "");
        }
}

static void test_from_resolved(void **state) {
        (void) state;
        char mask0[] = ".env", mask1[] = "keys/", prot0[] = ".git/hooks/", prot1[] = "Makefile";
        char *mask[] = {mask0, mask1}, *protect[] = {prot0, prot1};
        Resolved res = {.mask = mask, .n_mask = 2, .protect = protect, .n_protect = 2};
        _cleanup_policy_ Policy *p = NULL;
        _cleanup_free_ char *out = NULL;
        int r;

        assert_int_equal(policy_from_resolved(&res, &p), 0);
        out = write_to_string(p, &r);
        assert_int_equal(r, 0);
        assert_string_equal(out, "mask-file .env\nmask-dir keys/\nprotect .git/hooks/\nprotect Makefile\n");
}

static void test_load(void **state) {
        (void) state;
        char path[] = "/tmp/test-policy-file-XXXXXX";
        _cleanup_policy_ Policy *p = NULL;
        PolicyError err;
        int fd = mkstemp(path);

        assert_true(fd >= 0);
        assert_int_equal(write(fd, "protect x\n", 10), 10);
        close(fd);
        assert_int_equal(policy_load(path, &p, &err), 0);
        assert_int_equal(p->n, 1);
        unlink(path);

        policy_free(TAKE_PTR(p));
        assert_int_equal(policy_load(path, &p, &err), -ENOENT);
        assert_int_equal(err.line, 0);
        assert_non_null(strstr(err.message, "No such file"));
}

/* Anything but a regular file is refused at once, naming the reason. */
static void test_load_not_regular(void **state) {
        (void) state;
        char dir[] = "/tmp/test-policy-file-XXXXXX", fifo[64];
        Policy *p = NULL;
        PolicyError err;

        assert_non_null(mkdtemp(dir));
        snprintf(fifo, sizeof fifo, "%s/policy", dir);
        assert_int_equal(mkfifo(fifo, 0600), 0);
        assert_int_equal(policy_load(fifo, &p, &err), -ENXIO);
        assert_null(p);
        assert_int_equal(err.line, 0);
        assert_string_equal(err.message, "cannot read: not a regular file (a fifo, a socket or a device)");
        assert_int_equal(policy_load("/dev/null", &p, &err), -ENXIO);
        assert_int_equal(policy_load(dir, &p, &err), -EISDIR);
        assert_string_equal(err.message, "cannot read: a directory, not a regular file");
        assert_null(p);
        unlink(fifo);
        rmdir(dir);
}

/* Many lines: every action kept, in order; a bad last line is still found
 * with its number. (How long it takes is bench/enforce-scale.sh's part.) */
static void test_parse_many_lines(void **state) {
        (void) state;
        enum { N = 100000 };
        char *text = malloc((size_t) N * 32), *o = text;
        Policy *p = NULL;
        PolicyError err;

        assert_non_null(text);
        for (int i = 0; i < N; i++)
                o += sprintf(o, "mask-file d%d/f%d\n", i % 100, i);
        assert_int_equal(policy_parse(text, (size_t) (o - text), &p, &err), 0);
        assert_int_equal(p->n, N);
        assert_string_equal(p->actions[0].path, "d0/f0");
        assert_string_equal(p->actions[N - 1].path, "d99/f99999");
        policy_free(p);
        p = NULL;

        o += sprintf(o, "mask-file a//b\n");
        assert_int_equal(policy_parse(text, (size_t) (o - text), &p, &err), -EINVAL);
        assert_null(p);
        assert_int_equal(err.line, N + 1);
        assert_non_null(strstr(err.message, "empty component"));
        free(text);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_parse),
                cmocka_unit_test(test_parse_empty_file),
                cmocka_unit_test(test_parse_trailing_space_path_refused),
                cmocka_unit_test(test_reader_errors),
                cmocka_unit_test(test_round_trip),
                cmocka_unit_test(test_writer_refuses_unreadable),
                cmocka_unit_test(test_from_resolved),
                cmocka_unit_test(test_load),
                cmocka_unit_test(test_load_not_regular),
                cmocka_unit_test(test_parse_many_lines),
        };
        return RUN(tests);
}
