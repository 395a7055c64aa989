/* SPDX-License-Identifier: MIT */
/* daemon/engine/status.c: which checkout each bind belongs to, its kind,
 * the order, and the failures, over a mount table a test binder hands it
 * and a real directory tree (no root, no mounts). */
#include "tests.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "status.h"
#include "util.h"

/* The table the test binder's mounts() reports: path, kinds. */
static struct {
        const char *path;
        unsigned kinds;
} table[16];
static size_t table_n;
static int mounts_errno, open_calls, close_calls;

static int t_open(const char *root, void **ret) {
        (void) root;
        open_calls++;
        *ret = &table;
        return 0;
}

static int t_mounts(void *b, void (*emit)(void *ctx, const char *path, unsigned kinds), void *ctx) {
        (void) b;
        for (size_t i = 0; i < table_n; i++)
                emit(ctx, table[i].path, table[i].kinds);
        return mounts_errno ? -mounts_errno : 0;
}

static void t_close(void *b) {
        (void) b;
        close_calls++;
}

static const BinderOps test_ops = {.open = t_open, .mounts = t_mounts, .close = t_close};
static const BinderOps test_warn_ops = {.warn_only = true};

#define F(k) (1u << PLATFORM_##k)

static char root[64];

static void mk(const char *rel, char type) {
        char p[256];
        snprintf(p, sizeof p, "%s/%s", root, rel);
        if (type == 'd')
                assert_int_equal(mkdir(p, 0755), 0);
        else if (type == 'f') {
                int fd = open(p, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
                assert_true(fd >= 0);
                close(fd);
        } else
                assert_int_equal(symlink("elsewhere", p), 0);
}

static int setup(void **state) {
        (void) state;
        snprintf(root, sizeof root, "%s/pp-status-XXXXXX", getenv("TMPDIR") ?: "/tmp");
        assert_non_null(mkdtemp(root));
        table_n = 0;
        mounts_errno = open_calls = close_calls = 0;
        return 0;
}

static int teardown(void **state) {
        (void) state;
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
        assert_int_equal(system(cmd), 0);
        return 0;
}

static void add(const char *path, unsigned kinds) {
        table[table_n].path = path;
        table[table_n++].kinds = kinds;
}

static void test_checkouts_kinds_order(void **state) {
        (void) state;
        StatusBind *v = NULL;
        size_t n = 0;
        /* The root a checkout; vendor/lib one (a .git directory); wt one by
         * a gitfile; fake's .git a symlink, which is none; deep/er none of
         * its own, so the root's. */
        mk(".git", 'd');
        mk("vendor", 'd'), mk("vendor/lib", 'd'), mk("vendor/lib/.git", 'd');
        mk("wt", 'd'), mk("wt/.git", 'f');
        mk("fake", 'd'), mk("fake/.git", 'l');
        mk("deep", 'd'), mk("deep/er", 'd');
        add("vendor/lib/.git/config", F(PROTECT));
        add(".env", F(MASK_FILE) | F(PROTECT));
        add("vendor/lib/.env", F(MASK_FILE) | F(PROTECT));
        add("secrets", F(MASK_DIR) | F(PROTECT));
        add("wt/.env", F(MASK_FILE) | F(PROTECT));
        add("fake/.env", F(MASK_FILE) | F(PROTECT));
        add("deep/er/.env", F(MASK_FILE) | F(PROTECT));
        add("nothing-of-ours", 0);

        assert_int_equal(status_list(&test_ops, root, &v, &n), 0);
        assert_int_equal(n, 7);
        static const struct {
                const char *checkout, *path;
                PlatformBindKind kind;
        } want[] = {
                {".", ".env", PLATFORM_MASK_FILE},
                {".", "deep/er/.env", PLATFORM_MASK_FILE},
                {".", "fake/.env", PLATFORM_MASK_FILE},
                {".", "secrets", PLATFORM_MASK_DIR},
                {"vendor/lib", "vendor/lib/.env", PLATFORM_MASK_FILE},
                {"vendor/lib", "vendor/lib/.git/config", PLATFORM_PROTECT},
                {"wt", "wt/.env", PLATFORM_MASK_FILE},
        };
        for (size_t i = 0; i < n; i++) {
                assert_string_equal(v[i].checkout, want[i].checkout);
                assert_string_equal(v[i].path, want[i].path);
                assert_int_equal(v[i].kind, want[i].kind);
        }
        assert_int_equal(open_calls, 1);
        assert_int_equal(close_calls, 1);
        status_free(v, n);
}

static void test_no_git_anywhere(void **state) {
        (void) state;
        StatusBind *v = NULL;
        size_t n = 0;
        mk("a", 'd');
        add("a/.env", F(MASK_FILE));
        assert_int_equal(status_list(&test_ops, root, &v, &n), 0);
        assert_int_equal(n, 1);
        assert_string_equal(v[0].checkout, ".");
        status_free(v, n);
        /* Nothing of ours: an empty list, no failure. */
        table_n = 0;
        v = NULL;
        assert_int_equal(status_list(&test_ops, root, &v, &n), 0);
        assert_int_equal(n, 0);
        status_free(v, n);
}

static void test_failures_leave_outputs(void **state) {
        (void) state;
        StatusBind *v = (StatusBind *) 0x1;
        size_t n = 42;
        char missing[128];
        add(".env", F(MASK_FILE));
        /* mountinfo unreadable: the error, what was collected freed */
        mounts_errno = EIO;
        assert_int_equal(status_list(&test_ops, root, &v, &n), -EIO);
        assert_int_equal(close_calls, 1);
        /* no such root */
        snprintf(missing, sizeof missing, "%s/nope", root);
        assert_int_equal(status_list(&test_ops, missing, &v, &n), -ENOENT);
        /* a backend that cannot bind */
        assert_int_equal(status_list(&test_warn_ops, root, &v, &n), -ENOSYS);
        assert_ptr_equal(v, (StatusBind *) 0x1);
        assert_int_equal(n, 42);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_checkouts_kinds_order, setup, teardown),
                cmocka_unit_test_setup_teardown(test_no_git_anywhere, setup, teardown),
                cmocka_unit_test_setup_teardown(test_failures_leave_outputs, setup, teardown),
        };
        return RUN(tests);
}
