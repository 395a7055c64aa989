/* SPDX-License-Identifier: MIT */
/* The decision logic of daemon/engine/enforce.c, through a fake mount engine: no
 * root, no kernel. The real engine is tested in test-enforce-root.c. */
#include "tests.h"

#include <fcntl.h>
#include <jansson.h>

#include "enforce.h"
#include "fake-binder.h"
#include "util.h"

typedef struct Run {
        int r;
        EnforceResult res;
        json_t *records[64];
        size_t n;
} Run;

static Policy *policy(const char *text) {
        Policy *p = NULL;
        PolicyError err;
        assert_int_equal(policy_parse(text, strlen(text), &p, &err), 0);
        return p;
}

/* Enforce with records captured as JSON lines from a pipe. */
static void run(const char *text, const char *root, Run *out) {
        _cleanup_policy_ Policy *p = policy(text);
        static char buf[1 << 16];
        uv_loop_t loop;
        LogStream *log;
        LogConfig c;
        int fds[2];

        memset(out, 0, sizeof *out);
        assert_int_equal(pipe2(fds, O_NONBLOCK), 0);
        uv_loop_init(&loop);
        log_config_init(&c);
        c.journal = false;
        c.stderr_fd = fds[1];
        c.format = LOG_FORMAT_JSON;
        assert_int_equal(log_stream_new(&loop, &c, &log), 0);

        out->r =
                enforce_policy(&fake_binder, &fake_files, root, "/colonizer/path-policy", p, log, &out->res);

        log_stream_shutdown(log, NULL, NULL);
        uv_run(&loop, UV_RUN_DEFAULT);
        log_stream_free(log);
        assert_int_equal(uv_loop_close(&loop), 0);
        close(fds[1]);
        ssize_t n = read(fds[0], buf, sizeof buf - 1);
        close(fds[0]);
        buf[n > 0 ? n : 0] = 0;
        for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
                json_error_t e;
                out->records[out->n] = json_loads(line, 0, &e);
                assert_non_null(out->records[out->n]);
                out->n++;
        }
}

static void run_done(Run *r) {
        for (size_t i = 0; i < r->n; i++)
                json_decref(r->records[i]);
}

static const char *event(const Run *r, size_t i) {
        return json_string_value(json_object_get(r->records[i], "event"));
}

static size_t count_event(const Run *r, const char *ev) {
        size_t n = 0;
        for (size_t i = 0; i < r->n; i++)
                n += streq(event(r, i), ev);
        return n;
}

static void tree(void) {
        fake_reset();
        fake_add("", 'd');
        fake_add(".env", 'f');
        fake_add("secrets", 'd');
        fake_add(".git", 'd');
        fake_add(".git/hooks", 'd');
        fake_add("Makefile", 'f');
        fake_add("link", 'l');
        fake_add("dir", 'd');
        fake_add("dir/file", 'f');
}

static const char good[] = "mask-file .env\nmask-dir secrets/\nprotect .git/hooks/\nprotect Makefile\n";

static void test_success(void **state) {
        (void) state;
        Run r;
        tree();
        run(good, "/w", &r);
        assert_int_equal(r.r, 0);
        assert_int_equal(r.res.masked, 2);
        assert_int_equal(r.res.protected_, 2);
        assert_int_equal(r.res.already, 0);
        assert_int_equal(fake_bound_count(), 4);
        /* One bind record per action, then the summary. */
        assert_int_equal(r.n, 5);
        for (size_t i = 0; i < 4; i++)
                assert_string_equal(event(&r, i), "bind");
        assert_string_equal(json_string_value(json_object_get(r.records[0], "path")), ".env");
        assert_true(json_is_false(json_object_get(r.records[0], "already")));
        assert_string_equal(json_string_value(json_object_get(r.records[1], "kind")), "mask-dir");
        assert_string_equal(event(&r, 4), "enforce-done");
        assert_string_equal(json_string_value(json_object_get(r.records[4], "msg")),
                            "path policy: masking 2 path(s), protecting 2");
        run_done(&r);
}

static void test_twice_stacks_nothing(void **state) {
        (void) state;
        Run r;
        tree();
        run(good, "/w", &r);
        run_done(&r);
        run(good, "/w", &r);
        assert_int_equal(r.r, 0);
        assert_int_equal(r.res.already, 4);
        assert_int_equal(fake_bound_count(), 4);
        assert_true(json_is_true(json_object_get(r.records[0], "already")));
        assert_string_equal(json_string_value(json_object_get(r.records[4], "msg")),
                            "path policy: masking 2 path(s), protecting 2 (4 already bound)");
        assert_int_equal(json_integer_value(json_object_get(r.records[4], "already")), 4);
        run_done(&r);
}

/* Each of these fails closed before any mount: nothing bound at all. */
static void test_fail_closed_before_mounting(void **state) {
        (void) state;
        static const struct {
                const char *policy;
                size_t line;
                const char *needle;
        } cases[] = {
                {"mask-file .env\nmask-file missing\n", 2, "cannot mask missing (mask-file): missing path"},
                {"mask-file .env\nprotect link\n", 2,
                 "cannot protect link (protect): a symlink where the host wrote a real path"},
                {"mask-file .env\nmask-file link/x\n", 2, "a symlink where the host wrote a real path"},
                {"protect Makefile\nmask-file secrets\n", 2,
                 "a directory, but the policy masks a file there (mask-file)"},
                {"mask-dir Makefile/\n", 1,
                 "not a directory, but the policy masks a directory there (mask-dir)"},
                {"mask-file .env\nprotect dir/file/x\n", 2, "a component of the path is not a directory"},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                Run r;
                tree();
                run(cases[i].policy, "/w", &r);
                print_message("%s\n", r.res.message);
                assert_true(r.r < 0);
                assert_int_equal(fake.bind_calls, 0);
                assert_int_equal(fake_bound_count(), 0);
                char where[64];
                snprintf(where, sizeof where, "/colonizer/path-policy:%zu: ", cases[i].line);
                assert_non_null(strstr(r.res.message, where));
                assert_non_null(strstr(r.res.message, cases[i].needle));
                /* One error record, naming line, path and step. */
                assert_int_equal(r.n, 1);
                assert_string_equal(event(&r, 0), "enforce-failed");
                assert_string_equal(json_string_value(json_object_get(r.records[0], "level")), "error");
                assert_int_equal(json_integer_value(json_object_get(r.records[0], "line")),
                                 (json_int_t) cases[i].line);
                run_done(&r);
        }
}

static void test_mount_failure_undoes_this_run(void **state) {
        (void) state;
        Run r;
        tree();
        fake.nodes[1].bound = true; /* .env: bound by an earlier run */
        fake.fail_bind_call = 4;    /* protect Makefile */
        fake.fail_errno = EPERM;
        fake.fail_step = PLATFORM_STEP_MOUNT;
        run(good, "/w", &r);

        assert_true(r.r == -EPERM);
        assert_non_null(strstr(r.res.message, "/colonizer/path-policy:4: cannot protect Makefile (protect): "
                                              "Operation not permitted at mount"));
        /* This run's binds undone, newest first; the earlier one stays. */
        assert_int_equal(fake.unbind_calls, 2);
        assert_string_equal(fake.unbound[0], ".git/hooks");
        assert_string_equal(fake.unbound[1], "secrets");
        assert_int_equal(fake_bound_count(), 1);
        assert_true(fake.nodes[1].bound);
        assert_int_equal(count_event(&r, "unbind"), 2);
        assert_int_equal(count_event(&r, "enforce-failed"), 1);
        assert_int_equal(count_event(&r, "enforce-done"), 0);
        run_done(&r);
}

static void test_verify_and_devnull_failures(void **state) {
        (void) state;
        Run r;
        tree();
        fake.fail_bind_call = 1;
        fake.fail_errno = EBADE;
        fake.fail_step = PLATFORM_STEP_VERIFY;
        run(good, "/w", &r);
        assert_non_null(strstr(r.res.message, "after the mount the path is not our mount"));
        run_done(&r);

        tree();
        fake.fail_bind_call = 1;
        fake.fail_errno = ENODEV;
        fake.fail_step = PLATFORM_STEP_DEVNULL;
        run(good, "/w", &r);
        assert_non_null(strstr(r.res.message, "/dev/null is not the 1:3 character device"));
        assert_int_equal(fake_bound_count(), 0);
        run_done(&r);
}

static void test_kernel_and_root(void **state) {
        (void) state;
        Run r;
        tree();
        fake.kernel_missing = "open_tree";
        run(good, "/w", &r);
        assert_int_equal(r.r, -ENOSYS);
        assert_string_equal(r.res.message, "path policy: cannot enforce: kernel 4.19 has no open_tree(2)");
        assert_int_equal(fake.check_calls, 0);
        run_done(&r);

        tree();
        run(good, "/nonexistent", &r);
        assert_int_equal(r.r, -ENOENT);
        assert_non_null(
                strstr(r.res.message, "cannot open the root /nonexistent: No such file or directory"));
        run_done(&r);
}

static void test_hardlink_warning(void **state) {
        (void) state;
        Run r;
        tree();
        fake.nodes[1].nlink = 3;
        run("mask-file .env\nprotect Makefile\n", "/w", &r);
        assert_int_equal(r.r, 0);
        assert_int_equal(count_event(&r, "hardlink"), 1);
        for (size_t i = 0; i < r.n; i++)
                if (streq(event(&r, i), "hardlink")) {
                        assert_int_equal(json_integer_value(json_object_get(r.records[i], "nlink")), 3);
                        assert_non_null(strstr(json_string_value(json_object_get(r.records[i], "msg")),
                                               "reachable by another name"));
                }
        run_done(&r);
}

/* Git's plain text in the root's .git and the git directories below it
 * (a linked worktree's, a submodule's with a slash in its name) is masked
 * after the policy; a rebase's state files stay readable; a symlink
 * there is a warning and left; a failure there fails closed like any
 * other, undoing the policy's binds too. */
static void git_text_tree(void) {
        tree();
        fake_add(".git/HEAD", 'f');
        fake_add(".git/COMMIT_EDITMSG", 'f');
        fake_add(".git/.COMMIT_EDITMSG.swp", 'f');
        fake_add(".git/SQUASH_MSG", 'l');
        fake_add(".git/ORIG_HEAD", 'f');
        fake_add(".git/rr-cache", 'd');
        fake_add(".git/rebase-merge", 'd');
        fake_add(".git/rebase-merge/patch", 'f');
        fake_add(".git/rebase-merge/head-name", 'f');
        fake_add(".git/rebase-apply", 'd');
        fake_add(".git/rebase-apply/0001", 'f');
        fake_add(".git/rebase-apply/next", 'f');
        fake_add(".git/worktrees", 'd');
        fake_add(".git/worktrees/wt", 'd');
        fake_add(".git/worktrees/wt/HEAD", 'f');
        fake_add(".git/worktrees/wt/MERGE_MSG", 'f');
        fake_add(".git/modules", 'd');
        fake_add(".git/modules/a", 'd');
        fake_add(".git/modules/a/b", 'd');
        fake_add(".git/modules/a/b/HEAD", 'f');
        fake_add(".git/modules/a/b/lost-found", 'd');
        fake_add(".git/lfs", 'd');
        fake_add(".git/lfs/objects", 'd');
        fake_add(".git/lfs/tmp", 'd');
        fake_add("COMMIT_EDITMSG", 'f'); /* not in a git directory */
}

static bool bound(const char *path) {
        for (size_t i = 0; i < fake.n; i++)
                if (streq(fake.nodes[i].path, path))
                        return fake.nodes[i].bound;
        fail_msg("no node %s", path);
        return false;
}

static void test_git_text(void **state) {
        (void) state;
        Run r;
        git_text_tree();
        run(good, "/w", &r);
        assert_int_equal(r.r, 0);
        assert_int_equal(r.res.masked, 2);
        assert_int_equal(r.res.git_text, 8);
        const char *masked[] = {
                ".git/COMMIT_EDITMSG",         ".git/.COMMIT_EDITMSG.swp", ".git/rr-cache",
                ".git/rebase-merge/patch",     ".git/rebase-apply/0001",   ".git/worktrees/wt/MERGE_MSG",
                ".git/modules/a/b/lost-found", ".git/lfs/objects"};
        for (size_t i = 0; i < ELEMENTSOF(masked); i++)
                assert_true(bound(masked[i]));
        const char *left[] = {".git/SQUASH_MSG",        ".git/ORIG_HEAD", ".git/rebase-merge/head-name",
                              ".git/rebase-apply/next", "COMMIT_EDITMSG", ".git/HEAD"};
        for (size_t i = 0; i < ELEMENTSOF(left); i++)
                assert_false(bound(left[i]));
        assert_int_equal(fake_bound_count(), 4 + 8);
        assert_int_equal(count_event(&r, "git-text-left"), 1);
        for (size_t i = 0; i < r.n; i++)
                if (streq(event(&r, i), "git-text-left"))
                        assert_string_equal(json_string_value(json_object_get(r.records[i], "path")),
                                            ".git/SQUASH_MSG");
        assert_string_equal(json_string_value(json_object_get(r.records[r.n - 1], "msg")),
                            "path policy: masking 2 path(s), protecting 2; 8 of git's plain text");
        run_done(&r);

        /* The third of git's plain text fails to mount: everything undone. */
        git_text_tree();
        fake.fail_bind_call = 4 + 3;
        fake.fail_errno = EPERM;
        fake.fail_step = PLATFORM_STEP_MOUNT;
        run(good, "/w", &r);
        assert_true(r.r == -EPERM);
        assert_non_null(strstr(r.res.message, "path policy: cannot mask git's plain text .git/"));
        assert_int_equal(fake_bound_count(), 0);
        assert_int_equal(fake.unbind_calls, 4 + 2);
        assert_int_equal(count_event(&r, "enforce-failed"), 1);
        run_done(&r);

        /* A directory that cannot be listed: the rest masked, and a record
         * says so (never silence). */
        git_text_tree();
        fake.fail_list = ".git/worktrees/wt";
        run(good, "/w", &r);
        assert_int_equal(r.r, 0);
        assert_int_equal(r.res.git_text, 7);
        assert_false(bound(".git/worktrees/wt/MERGE_MSG"));
        assert_true(bound(".git/COMMIT_EDITMSG"));
        assert_int_equal(count_event(&r, "git-text-left"), 2);
        run_done(&r);

        /* No .git directory: nothing looked for. */
        tree();
        assert_int_equal(fake_remove(".git/hooks"), 0);
        assert_int_equal(fake_remove(".git"), 0);
        fake_add(".git", 'f');
        run("mask-file .env\n", "/w", &r);
        assert_int_equal(r.r, 0);
        assert_int_equal(r.res.git_text, 0);
        run_done(&r);
}

static void test_empty_policy(void **state) {
        (void) state;
        Run r;
        tree();
        run("", "/w", &r);
        assert_int_equal(r.r, 0);
        assert_int_equal(r.n, 1);
        assert_string_equal(event(&r, 0), "enforce-done");
        run_done(&r);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_success),
                cmocka_unit_test(test_twice_stacks_nothing),
                cmocka_unit_test(test_fail_closed_before_mounting),
                cmocka_unit_test(test_mount_failure_undoes_this_run),
                cmocka_unit_test(test_verify_and_devnull_failures),
                cmocka_unit_test(test_kernel_and_root),
                cmocka_unit_test(test_hardlink_warning),
                cmocka_unit_test(test_empty_policy),
                cmocka_unit_test(test_git_text),
        };
        return RUN(tests);
}
