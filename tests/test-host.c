/* SPDX-License-Identifier: MIT */
/* The host side (daemon/engine/host.c, prepare.c, release.c): the gitignore
 * pattern of one path, and what prepare and release hand back (the walk and
 * release run on real repositories in test-host.sh). */
#include "tests.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "host.h"
#include "util.h"

static void test_gitignore_pattern(void **state) {
        (void) state;
        static const struct {
                const char *path, *pattern;
        } cases[] = {
                {".env", "/.env"},
                {"a/b/.env", "/a/b/.env"},
                {"keys/", "/keys/"},
                {"#hash", "/#hash"}, /* anchored: never a comment */
                {"!bang", "/!bang"}, /* anchored: never a negation */
                {"star*", "/star\\*"},
                {"q?", "/q\\?"},
                {"br[ack]", "/br\\[ack]"},
                {"back\\slash", "/back\\\\slash"},
                {"dir with space/x", "/dir with space/x"},
                {"trailing  ", "/trailing\\ \\ "}, /* git drops unescaped trailing spaces */
                {"mid space end ", "/mid space end\\ "},
                {"d /", "/d\\ /"},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *p = host_gitignore_pattern(cases[i].path);
                assert_string_equal(p, cases[i].pattern);
        }
}

/* A HostResult no call has written: every byte 0xa5. */
static void poison(HostResult *r) {
        memset(r, 0xa5, sizeof *r);
}

static bool poisoned(const HostResult *r) {
        for (size_t i = 0; i < sizeof *r; i++)
                if (((const unsigned char *) r)[i] != 0xa5)
                        return false;
        return true;
}

/* On failure *ret is left as it was and the reason is in the error; on
 * success the counts are there. */
static void test_result_untouched_on_failure(void **state) {
        (void) state;
        char dir[] = "/tmp/test-host.XXXXXX", wt[64], vm[64], inside[96];
        Resolved none = {0};
        HostResult hr;
        HostError err;

        assert_non_null(mkdtemp(dir));
        snprintf(wt, sizeof wt, "%s/wt", dir);
        snprintf(vm, sizeof vm, "%s/vm", dir);
        snprintf(inside, sizeof inside, "%s/vm", wt);

        /* No worktree. */
        poison(&hr);
        err.message[0] = 0;
        assert_int_equal(host_prepare(wt, vm, &none, NULL, &hr, &err), -ENOENT);
        assert_true(poisoned(&hr));
        assert_non_null(strstr(err.message, "cannot open the worktree"));
        poison(&hr);
        err.message[0] = 0;
        assert_int_equal(host_release(wt, vm, NULL, &hr, &err), -ENOENT);
        assert_true(poisoned(&hr));
        assert_non_null(strstr(err.message, "cannot open the worktree"));

        /* VMDIR inside the worktree. */
        assert_int_equal(mkdir(wt, 0755), 0);
        assert_int_equal(mkdir(inside, 0755), 0);
        poison(&hr);
        assert_int_equal(host_prepare(wt, inside, &none, NULL, &hr, &err), -EINVAL);
        assert_true(poisoned(&hr));
        assert_non_null(strstr(err.message, "is inside the worktree"));

        /* Both records lost: release refuses, and says so. */
        assert_int_equal(mkdir(vm, 0755), 0);
        poison(&hr);
        err.message[0] = 0;
        assert_true(host_release(wt, vm, NULL, &hr, &err) < 0);
        assert_true(poisoned(&hr));
        assert_non_null(strstr(err.message, "nothing to release"));

        /* Success: the counts, and an absent entry got its placeholder. */
        char *mask[] = {(char *) "a/.env"};
        Resolved one = {.mask = mask, .n_mask = 1};
        poison(&hr);
        assert_int_equal(host_prepare(wt, vm, &one, NULL, &hr, &err), 0);
        assert_false(poisoned(&hr));
        assert_int_equal(hr.masked, 1);
        assert_int_equal(hr.protected_, 0);
        assert_int_equal(hr.placeholders, 2); /* a/ and a/.env */
        assert_int_equal(hr.skipped, 0);

        /* Release needs git to know what HEAD tracks: without it, it
         * refuses, *ret untouched; with it, both placeholders go. */
        poison(&hr);
        int r = host_release(wt, vm, NULL, &hr, &err);
        if (r < 0) {
                assert_int_equal(r, -ENOENT);
                assert_true(poisoned(&hr));
        } else {
                assert_int_equal(hr.removed, 2);
                assert_int_equal(hr.kept, 0);
        }

        static const char *const files[] = {"path-policy",
                                            "path-policy.placeholders",
                                            "path-policy.exclude",
                                            "path-policy.masked-files",
                                            "path-policy.base",
                                            "path-policy.checkouts",
                                            "path-policy.placeholder-inodes",
                                            "path-policy.history"};
        for (size_t i = 0; i < ELEMENTSOF(files); i++) {
                char f[128];
                snprintf(f, sizeof f, "%s/%s", vm, files[i]);
                (void) unlink(f);
        }
        char a[128], env[128];
        snprintf(env, sizeof env, "%s/a/.env", wt);
        snprintf(a, sizeof a, "%s/a", wt);
        (void) unlink(env);
        (void) rmdir(a);
        assert_int_equal(rmdir(inside), 0);
        assert_int_equal(rmdir(vm), 0);
        assert_int_equal(rmdir(wt), 0);
        assert_int_equal(rmdir(dir), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_gitignore_pattern),
                cmocka_unit_test(test_result_untouched_on_failure),
        };
        return RUN(tests);
}
