/* SPDX-License-Identifier: MIT */
/*
 * platform_changes_* (platform/linux/changes.c: inotify and the mount
 * table) on a real temporary tree: which changes are seen, that each is
 * seen once and drops every watch, and that a file's contents are none.
 * In a -Dwatcher=poll build the contract says -ENOSYS, and that is what is
 * checked there.
 */
#include "tests.h"

#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "platform.h"
#include "util.h"

static char dir[] = "/tmp/test-changes-XXXXXX";
static int dfd = -EBADF;

static int setup(void **state) {
        (void) state;
        assert_non_null(mkdtemp(dir));
        dfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
        assert_true(dfd >= 0);
        return 0;
}

static int teardown(void **state) {
        (void) state;
        char cmd[PATH_MAX + 16];
        close(dfd);
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        return system(cmd) == 0 ? 0 : -1;
}

static void sh(const char *what) {
        char cmd[PATH_MAX + 256];
        snprintf(cmd, sizeof cmd, "cd '%s' && %s", dir, what);
        assert_int_equal(system(cmd), 0);
}

static bool supported(void) {
        PlatformChanges *c = NULL;
        int r = platform_changes_new(&c);
        platform_changes_free(c);
        if (r == -ENOSYS)
                return false;
        assert_int_equal(r, 0);
        return true;
}

/* The inotify backend tells changes; the poll backend says it cannot. */
static void test_new(void **state) {
        (void) state;
        PlatformChanges *c = NULL;
        int r = platform_changes_new(&c);
        if (streq(platform_backend_name(), "poll")) {
                assert_int_equal(r, -ENOSYS);
                assert_null(c);
                return;
        }
        assert_int_equal(r, 0);
        assert_non_null(c);
        assert_int_equal(platform_changes_check(c), 0);
        platform_changes_free(c);
}

static PlatformChanges *new_changes(void) {
        PlatformChanges *c = NULL;
        if (!supported()) {
                print_message("skipped: the %s backend cannot tell changes\n", platform_backend_name());
                skip();
        }
        assert_int_equal(platform_changes_new(&c), 0);
        return c;
}

/* Each change (after watching what it says) is seen once. */
static void test_seen(void **state) {
        (void) state;
        static const struct {
                const char *watch, *change;
        } cases[] = {
                {"", "touch made"},       {"", "rm made"},     {"", "mkdir d && touch d/f"},
                {"", "mv made2 made3"},   {"", "ln -s d l"},   {"", "chmod 700 d"},
                {"d", "touch d/g"},       {"d", "mv d/g d/h"}, {"d", "mv d/h ."}, /* moved out */
                {"d", "mv h d/"},                                                 /* moved in */
                {"d", "mv d d.old"},      /* the watched directory itself moved */
                {"d.old", "rm -r d.old"}, /* and removed */
        };
        PlatformChanges *c = new_changes();
        sh("touch made2");
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                print_message("watch '%s', then: %s\n", cases[i].watch, cases[i].change);
                assert_int_equal(platform_changes_watch(c, dfd, cases[i].watch), 0);
                assert_int_equal(platform_changes_check(c), 0);
                sh(cases[i].change);
                assert_int_equal(platform_changes_check(c), 1);
                assert_int_equal(platform_changes_check(c), 0);
        }
        platform_changes_free(c);
}

/* What changes no lookup is no change; after one, nothing is watched. */
static void test_not_seen(void **state) {
        (void) state;
        PlatformChanges *c = new_changes();
        sh("mkdir -p e && echo a >e/f && touch e/g");
        assert_int_equal(platform_changes_watch(c, dfd, ""), 0);
        assert_int_equal(platform_changes_watch(c, dfd, "e"), 0);
        sh("echo more >>e/f && cat e/f >/dev/null");
        assert_int_equal(platform_changes_check(c), 0);
        sh("touch e/g2");
        assert_int_equal(platform_changes_check(c), 1);
        /* Every watch was dropped with that change. */
        sh("touch e/g3 && touch x");
        assert_int_equal(platform_changes_check(c), 0);
        platform_changes_free(c);
}

/* Only a directory is watched, by the name given, never followed. */
static void test_refused(void **state) {
        (void) state;
        PlatformChanges *c = new_changes();
        sh("mkdir -p r/d && touch r/f && ln -s d r/l");
        assert_int_equal(platform_changes_watch(c, dfd, "r/l"), -ENOTDIR);
        assert_int_equal(platform_changes_watch(c, dfd, "r/f"), -ENOTDIR);
        assert_int_equal(platform_changes_watch(c, dfd, "r/nope"), -ENOENT);
        assert_int_equal(platform_changes_watch(c, dfd, "r/d"), 0);
        platform_changes_free(c);
}

/* A mount is a change, though no directory sees an event. Root only, in a
 * mount namespace of its own (a child). */
static void test_mount(void **state) {
        (void) state;
        PlatformChanges *c = NULL;
        if (geteuid() != 0)
                SKIP_UNLESS_CI("mounting needs root (CAP_SYS_ADMIN)\n");
        if (!supported()) {
                print_message("skipped: the %s backend cannot tell changes\n", platform_backend_name());
                skip();
        }
        sh("mkdir -p mnt");
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                char m[PATH_MAX + 8];
                snprintf(m, sizeof m, "%s/mnt", dir);
                if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
                        _exit(3);
                if (platform_changes_new(&c) < 0 || platform_changes_check(c) != 0)
                        _exit(4);
                if (mount("none", m, "tmpfs", 0, NULL) < 0)
                        _exit(5);
                if (platform_changes_check(c) != 1 || platform_changes_check(c) != 0)
                        _exit(6);
                if (umount(m) < 0 || platform_changes_check(c) != 1)
                        _exit(7);
                _exit(0);
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_new),      cmocka_unit_test(test_seen),
                cmocka_unit_test(test_not_seen), cmocka_unit_test(test_refused),
                cmocka_unit_test(test_mount),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
