/* SPDX-License-Identifier: MIT */
/* platform/linux/confine.c, confine-check.c and seccomp.c without root:
 * the filter loaded for real in a child (no_new_privs lets anyone load
 * one), the check run in that child and outside it, and the names. The
 * launcher's namespaces need root: tests/test-confine-root.sh. */
#include "tests.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "confine-run.h"
#include "confine.h"
#include "platform.h"
#include "util.h"

static void test_names(void **state) {
        (void) state;
        for (int k = 0; k < _PLATFORM_ROUTE_KIND_MAX; k++)
                assert_non_null(platform_route_kind_to_string((PlatformRouteKind) k));
        for (int s = 0; s < _PLATFORM_CONFINE_STEP_MAX; s++)
                assert_non_null(platform_confine_step_to_string((PlatformConfineStep) s));
        assert_null(platform_route_kind_to_string(_PLATFORM_ROUTE_KIND_MAX));
        assert_int_equal(confine_failure_code(-ENOENT, PLATFORM_CONFINE_EXEC), 127);
        assert_int_equal(confine_failure_code(-EACCES, PLATFORM_CONFINE_EXEC), 126);
        assert_int_equal(confine_failure_code(-EPERM, PLATFORM_CONFINE_CAPS), 125);
}

static const PlatformRoute *find(const PlatformRoute *v, size_t n, PlatformRouteKind kind,
                                 const char *name) {
        for (size_t i = 0; i < n; i++)
                if (v[i].kind == kind && streq(v[i].name, name))
                        return &v[i];
        return NULL;
}

/* Every capability of the list and every probed call is a route, with a
 * reason; each route is well formed. */
static void test_check_lists_everything(void **state) {
        (void) state;
        _cleanup_free_ PlatformRoute *v = NULL;
        size_t n = 0;

        assert_int_equal(platform_confine_check(0, ".", &v, &n), 0);
        for (size_t i = 0; i < confine_n_caps; i++)
                assert_non_null(find(v, n, PLATFORM_ROUTE_CAPABILITY, confine_caps[i].name));
        for (size_t i = 0; i < confine_n_calls; i++)
                if (confine_calls[i].probe)
                        assert_non_null(find(v, n, PLATFORM_ROUTE_SYSCALL,
                                             confine_calls[i].shown ? confine_calls[i].shown
                                                                    : confine_calls[i].name));
        assert_non_null(find(v, n, PLATFORM_ROUTE_NO_NEW_PRIVS, "no_new_privs"));
        assert_non_null(find(v, n, PLATFORM_ROUTE_SYSCTL, "/proc/sys"));
        for (size_t i = 0; i < n; i++) {
                assert_true(v[i].kind < _PLATFORM_ROUTE_KIND_MAX);
                assert_true(v[i].name[0] != 0);
                assert_non_null(v[i].why);
        }
        /* No filter here (the test runs unfiltered): the calls that check
         * their arguments before any capability reach the kernel. */
        const PlatformRoute *r = find(v, n, PLATFORM_ROUTE_SYSCALL, "umount2");
        assert_true(r && r->open);
        r = find(v, n, PLATFORM_ROUTE_SYSCALL, "open_tree");
        assert_true(r && r->open);
        r = find(v, n, PLATFORM_ROUTE_SYSCALL, "fanotify_init");
        assert_true(r && r->open);
}

/* In a child: no_new_privs, the filter, then the calls: refused. */
static int filtered_child(void) {
        struct sock_fprog prog;
        if (confine_filter_build(&prog) < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
            confine_filter_load(&prog) < 0)
                return 10;
        confine_filter_free(&prog);
        static const unsigned long none[6] = {0};
        /* Refused with EPERM, not the kernel's EFAULT/EINVAL. */
        if (confine_call_abi(NULL, "mount", none) != -EPERM)
                return 11;
        static const unsigned long umount_args[6] = {0, ~0UL};
        if (confine_call_abi(NULL, "umount2", umount_args) != -EPERM)
                return 12;
        static const unsigned long ns[6] = {CLONE_NEWUSER};
        if (confine_call_abi(NULL, "unshare", ns) != -EPERM)
                return 13;
        /* An unshare without a namespace flag is no namespace call. */
        static const unsigned long files[6] = {CLONE_FILES};
        if (confine_call_abi(NULL, "unshare", files) != 0)
                return 14;
        if (syscall(SYS_clone3, NULL, 0) != -1 || errno != ENOSYS)
                return 15;
        /* The kernel keyring: not namespaced, refused. */
        static const unsigned long keys[6] = {0 /* KEYCTL_GET_KEYRING_ID */,
                                              (unsigned long) -3 /* session */};
        if (confine_call_abi(NULL, "keyctl", keys) != -EPERM)
                return 20;
        /* A fanotify group of the agent's own (no CAP_SYS_ADMIN needed since
         * Linux 5.13), which would spend uid 0's marks: refused, as a mark. */
        static const unsigned long fan[6] = {0x200 /* FAN_REPORT_FID */, O_RDONLY};
        static const unsigned long fan_mark[6] = {(unsigned long) -1, 1 /* FAN_MARK_ADD */,
                                                  0x100 /* FAN_CREATE */, (unsigned long) AT_FDCWD, 0};
        if (confine_call_abi(NULL, "fanotify_init", fan) != -EPERM ||
            confine_call_abi(NULL, "fanotify_mark", fan_mark) != -EPERM)
                return 21;
        /* TIOCSTI refused; another ioctl reaches the kernel (EBADF). */
        static const unsigned long sti[6] = {(unsigned long) -1, 0x5412};
        static const unsigned long other[6] = {(unsigned long) -1, 0x5413 /* TIOCGWINSZ */};
        if (confine_call_abi(NULL, "ioctl", sti) != -EPERM ||
            confine_call_abi(NULL, "ioctl", other) != -EBADF)
                return 19;
        /* fork (clone without namespace flags) still works. */
        pid_t p = fork();
        if (p == 0)
                _exit(0);
        int st;
        if (p < 0 || waitpid(p, &st, 0) != p || !WIFEXITED(st))
                return 16;
        /* The check, run under the filter, finds every probed call refused. */
        PlatformRoute *v = NULL;
        size_t n = 0;
        if (platform_confine_check(0, ".", &v, &n) < 0)
                return 17;
        int bad = 0;
        for (size_t i = 0; i < n; i++)
                if ((v[i].kind == PLATFORM_ROUTE_SYSCALL && v[i].open) ||
                    (v[i].kind == PLATFORM_ROUTE_NO_NEW_PRIVS && v[i].open)) {
                        print_message("open under the filter: %s (%s)\n", v[i].name, v[i].detail);
                        bad = 18;
                }
        free(v);
        return bad;
}

static void test_filter_refuses(void **state) {
        (void) state;
        pid_t p = fork();
        assert_true(p >= 0);
        if (p == 0)
                _exit(filtered_child());
        int st;
        assert_int_equal(waitpid(p, &st, 0), p);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
}

/* --pid reads another process from /proc: its capabilities, no_new_privs
 * and whether a filter is there. */
static void test_check_pid(void **state) {
        (void) state;
        int hold[2], ready[2];
        char c = 0;
        assert_int_equal(pipe(hold), 0);
        assert_int_equal(pipe(ready), 0);
        pid_t p = fork();
        assert_true(p >= 0);
        if (p == 0) {
                close(hold[1]);
                close(ready[0]);
                (void) prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
                (void) !write(ready[1], "x", 1);
                (void) !read(hold[0], &c, 1);
                _exit(0);
        }
        close(hold[0]);
        close(ready[1]);
        /* Set before it says so. */
        assert_int_equal(read(ready[0], &c, 1), 1);
        _cleanup_free_ PlatformRoute *v = NULL;
        size_t n = 0;
        assert_int_equal(platform_confine_check(p, ".", &v, &n), 0);
        const PlatformRoute *r = find(v, n, PLATFORM_ROUTE_NO_NEW_PRIVS, "no_new_privs");
        assert_true(r && !r->open);
        r = find(v, n, PLATFORM_ROUTE_SYSCALL, "seccomp");
        assert_true(r && r->open); /* no filter in it */
        close(hold[1]);
        close(ready[0]);
        int st;
        assert_int_equal(waitpid(p, &st, 0), p);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_names),
                cmocka_unit_test(test_check_lists_everything),
                cmocka_unit_test(test_filter_refuses),
                cmocka_unit_test(test_check_pid),
        };
        return RUN(tests);
}
