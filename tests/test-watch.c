/* SPDX-License-Identifier: MIT */
/*
 * The watcher's decisions (daemon/watch.c) on a fake filesystem: scripted
 * events in, a fake mount engine and fake git processes under it. No root,
 * no kernel, no timing beyond the loop's own timers.
 */
#include "tests.h"

#include <fcntl.h>
#include <jansson.h>

#include "fake-binder.h"
#include "util.h"
#include "watch.h"

/* Fake git processes: each call hands out one real fd per running git
 * (the core closes them); they all exit when git_running goes false. */
static int git_running;
static int fake_git_processes(int **ret, size_t *ret_n) {
        int *v = calloc((size_t) git_running + 1, sizeof *v);
        for (int i = 0; i < git_running; i++)
                v[i] = open("/dev/null", O_RDONLY | O_CLOEXEC);
        *ret = v;
        *ret_n = (size_t) git_running;
        return 0;
}
static int fake_exited(int pidfd) {
        (void) pidfd;
        return git_running == 0;
}

typedef struct T {
        uv_loop_t loop;
        LogStream *log;
        Watch *w;
        Policy *policy;
        int fds[2];
        char out[1 << 16];
        size_t out_len;
} T;

static const char policy_text[] = "mask-file .env\n"
                                   "mask-dir secrets/\n"
                                   "protect .claude/\n"
                                   "protect .git/config\n"
                                   "protect .git/hooks/\n";

static const BinderOps *binder_for_test = &fake_binder;
static bool fold_for_test;

static T *t_new(void) {
        T *t = calloc(1, sizeof *t);
        PolicyError perr;
        LogConfig lc;
        WatchConfig wc;

        assert_int_equal(policy_parse(policy_text, strlen(policy_text), &t->policy, &perr), 0);
        assert_int_equal(pipe2(t->fds, O_NONBLOCK), 0);
        uv_loop_init(&t->loop);
        log_config_init(&lc);
        lc.journal = false;
        lc.stderr_fd = t->fds[1];
        lc.format = LOG_FORMAT_JSON;
        lc.level = LOG_DEBUG;
        assert_int_equal(log_stream_new(&t->loop, &lc, &t->log), 0);

        watch_config_init(&wc);
        wc.loop = &t->loop;
        wc.root = "/tmp";
        wc.policy = t->policy;
        wc.binder = binder_for_test;
        wc.fold_case = fold_for_test;
        wc.log = t->log;
        wc.git_quiet_ms = 20;
        wc.git_check_ms = 5;
        wc.git_deadline_ms = 300;
        wc.git_processes = fake_git_processes;
        wc.process_exited = fake_exited;
        assert_int_equal(watch_new(&wc, &t->w), 0);
        return t;
}

/* Records so far, as text (one JSON object a line). */
static const char *records(T *t) {
        ssize_t n;
        while ((n = read(t->fds[0], t->out + t->out_len, sizeof t->out - 1 - t->out_len)) > 0)
                t->out_len += (size_t) n;
        t->out[t->out_len] = 0;
        return t->out;
}

static size_t count(T *t, const char *needle) {
        size_t n = 0;
        for (const char *p = records(t); (p = strstr(p, needle)); p++)
                n++;
        return n;
}

static void t_free(T *t) {
        watch_stop(t->w);
        log_stream_shutdown(t->log, NULL, NULL);
        uv_run(&t->loop, UV_RUN_DEFAULT);
        watch_free(t->w);
        log_stream_free(t->log);
        assert_int_equal(uv_loop_close(&t->loop), 0);
        policy_free(t->policy);
        close(t->fds[0]);
        close(t->fds[1]);
        free(t);
}

static void tick(uv_timer_t *h) {
        (void) h;
}

/* Let the loop run for ms (the git rule's timer). */
static void run_for(T *t, unsigned ms) {
        uv_timer_t tm;
        uv_timer_init(&t->loop, &tm);
        uv_timer_start(&tm, tick, ms, 0);
        while (uv_is_active((uv_handle_t *) &tm))
                uv_run(&t->loop, UV_RUN_ONCE);
        uv_close((uv_handle_t *) &tm, NULL);
        uv_run(&t->loop, UV_RUN_NOWAIT);
}

#define FOUND(t, rel, type) watch_callbacks.found((t)->w, rel, type)
#define GONE(t, rel) watch_callbacks.gone((t)->w, rel)

static bool bound(const char *path) {
        for (size_t i = 0; i < fake.n; i++)
                if (streq(fake.nodes[i].path, path))
                        return fake.nodes[i].bound;
        fail_msg("no node %s", path);
        return false;
}

static void base_tree(void) {
        fake_reset();
        git_running = 0;
        fake_add("", 'd');
        fake_add(".git", 'd');
        fake_add(".env", 'f');
        fake_add("a", 'd');
        fake_add("a/.git", 'd');
        fake_add("a/.git/config", 'f');
        fake_add("a/.git/hooks", 'd');
        fake_add("a/.env", 'f');
        fake_add("a/.claude", 'd');
}

static void test_discovery(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();

        FOUND(t, "a", WATCH_DIR);
        assert_false(watch_is_checkout(t->w, "a"));
        FOUND(t, "a/.git", WATCH_DIR);
        assert_true(watch_is_checkout(t->w, "a"));
        /* At discovery, the masks of what exists go on at once; protects
         * (.claude/) wait for git to be done, like the git metadata. */
        assert_true(bound("a/.env"));
        assert_false(bound("a/.claude"));
        assert_int_equal(count(t, "\"event\":\"checkout\""), 1);
        /* Found again (a scan, an event): bound once. */
        int calls = fake.bind_calls;
        FOUND(t, "a/.env", WATCH_FILE);
        FOUND(t, "a/.git", WATCH_DIR);
        assert_int_equal(fake.bind_calls, calls);
        run_for(t, 60);
        assert_true(bound("a/.claude"));
        /* Once protected, a protect path made later goes on at its event. */
        t_free(t);
}

static void test_root_is_not_a_checkout(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, ".git", WATCH_DIR);
        FOUND(t, ".env", WATCH_FILE);
        assert_false(watch_is_checkout(t->w, ""));
        assert_false(bound(".env"));
        assert_false(bound(".git"));
        t_free(t);
}

static void test_gitfile_and_symlink_git(void **state) {
        (void) state;
        base_tree();
        fake_add("b", 'd');
        fake_add("b/.git", 'f');
        fake_add("c", 'd');
        fake_add("c/.git", 'l');
        fake_add("c/.env", 'f');
        T *t = t_new();

        FOUND(t, "b/.git", WATCH_FILE);
        assert_true(watch_is_checkout(t->w, "b"));
        /* A symlink named .git is not a checkout: one warning, ever. */
        FOUND(t, "c/.git", WATCH_SYMLINK);
        FOUND(t, "c/.git", WATCH_SYMLINK);
        assert_false(watch_is_checkout(t->w, "c"));
        FOUND(t, "c/.env", WATCH_FILE);
        assert_false(bound("c/.env"));
        assert_int_equal(count(t, "\"event\":\"symlink-git\""), 1);
        assert_int_equal(count(t, "c/.git is a symlink named .git: not a checkout"), 1);
        t_free(t);
}

static void test_nested_and_anchored(void **state) {
        (void) state;
        base_tree();
        fake_add("a/vendor", 'd');
        fake_add("a/vendor/.env", 'f');
        fake_add("a/vendor/lib", 'd');
        fake_add("a/vendor/lib/.git", 'd');
        fake_add("a/vendor/lib/.env", 'f');
        fake_add("a/vendor/lib/secrets", 'd');
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/vendor/lib/.git", WATCH_DIR);
        assert_true(watch_is_checkout(t->w, "a/vendor/lib"));
        FOUND(t, "a/vendor/.env", WATCH_FILE);
        FOUND(t, "a/vendor/lib/.env", WATCH_FILE);
        FOUND(t, "a/vendor/lib/secrets", WATCH_DIR);
        /* Each checkout is its own root: anchored there, nowhere else. */
        assert_false(bound("a/vendor/.env"));
        assert_true(bound("a/vendor/lib/.env"));
        assert_true(bound("a/vendor/lib/secrets"));
        t_free(t);
}

static void test_appears_later_and_again(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        /* Made after discovery: bound at its event. */
        fake_add("a/secrets", 'd');
        FOUND(t, "a/secrets", WATCH_DIR);
        assert_true(bound("a/secrets"));
        /* Its parent moved away, the path made again: bound again. */
        GONE(t, "a/secrets");
        fake.nodes[fake.n - 1].bound = false;
        int calls = fake.bind_calls;
        FOUND(t, "a/secrets", WATCH_DIR);
        assert_int_equal(fake.bind_calls, calls + 1);
        assert_true(bound("a/secrets"));
        t_free(t);
}

static void test_policy_symlink_not_bound(void **state) {
        (void) state;
        base_tree();
        fake.nodes[7].type = 'l'; /* a/.env is a symlink */
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/.env", WATCH_SYMLINK);
        assert_false(bound("a/.env"));
        assert_int_equal(count(t, "\"event\":\"symlink-not-bound\""), 1);
        assert_int_equal(count(t, "a/.env in nested checkout a is a symlink (or under one): not bound"), 1);
        t_free(t);
}

static void test_git_metadata_waits_for_git(void **state) {
        (void) state;
        base_tree();
        git_running = 1; /* the git that makes the checkout */
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        /* Masks are never delayed. */
        assert_true(bound("a/.env"));
        run_for(t, 80);
        assert_false(bound("a/.git/config"));
        assert_false(bound("a/.git/hooks"));
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.pending, 1);

        /* A protect made while git runs (a clone checking out .claude/)
         * waits too: a read-only bind now would fail git. */
        FOUND(t, "a/.claude", WATCH_DIR);
        assert_false(bound("a/.claude"));

        git_running = 0;
        run_for(t, 80);
        assert_true(bound("a/.git/config"));
        assert_true(bound("a/.git/hooks"));
        assert_true(bound("a/.claude"));
        assert_int_equal(count(t, "protected the git metadata of nested checkout a (git finished)"), 1);
        watch_stats(t->w, &st);
        assert_int_equal(st.pending, 0);
        t_free(t);
}

static void test_git_lock_and_quiet(void **state) {
        (void) state;
        base_tree();
        fake_add("a/.git/index.lock", 'f');
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        run_for(t, 60);
        assert_false(bound("a/.git/config")); /* a lock: git is not done */

        /* Lock gone; but git keeps writing: each event restarts the quiet. */
        fake.nodes[fake.n - 1].path = "a/.git/gone";
        for (int i = 0; i < 6; i++) {
                FOUND(t, "a/.git/objects", WATCH_DIR);
                run_for(t, 10);
        }
        assert_false(bound("a/.git/config"));
        run_for(t, 60);
        assert_true(bound("a/.git/config"));
        t_free(t);
}

static void test_git_deadline(void **state) {
        (void) state;
        base_tree();
        git_running = 1; /* and it never ends */
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        run_for(t, 150);
        assert_false(bound("a/.git/config"));
        run_for(t, 250);
        assert_true(bound("a/.git/config"));
        assert_int_equal(count(t, "(deadline reached while git still ran)"), 1);
        git_running = 0;
        t_free(t);
}

static void test_metadata_after_protection(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        run_for(t, 60);
        assert_true(bound("a/.git/config"));
        /* A metadata path made later: the rule runs again for it. */
        fake_add("a/.git/info", 'd');
        fake_add("a/.git/info/attributes", 'f');
        FOUND(t, "a/.git/info/attributes", WATCH_FILE);
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.pending, 1);
        run_for(t, 60);
        assert_true(bound("a/.git/info/attributes"));
        t_free(t);
}

static void test_gitfile_gitdir(void **state) {
        (void) state;
        base_tree();
        /* A linked worktree of the nested checkout a: its gitdir in
         * a/.git/worktrees/wt, its common dir a/.git. */
        fake_add("wt", 'd');
        fake_add("wt/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: ../a/.git/worktrees/wt\r\n";
        fake_add("a/.git/worktrees", 'd');
        fake_add("a/.git/worktrees/wt", 'd');
        fake_add("a/.git/worktrees/wt/commondir", 'f');
        fake.nodes[fake.n - 1].content = "../..\n";
        fake_add("a/.git/worktrees/wt/config.worktree", 'f');
        /* A submodule with an absolute gitdir beneath the root. */
        fake_add("sub", 'd');
        fake_add("sub/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: /tmp/a/.git/modules/sub\n";
        fake_add("a/.git/modules", 'd');
        fake_add("a/.git/modules/sub", 'd');
        fake_add("a/.git/modules/sub/config", 'f');
        /* One pointing out of the root; one out by "..". */
        fake_add("out", 'd');
        fake_add("out/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: /elsewhere/.git";
        fake_add("up", 'd');
        fake_add("up/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: ../../x/.git";
        /* A worktree of the root itself: its common dir is the root's. */
        fake_add(".git/worktrees", 'd');
        fake_add(".git/worktrees/rw", 'd');
        fake_add(".git/worktrees/rw/commondir", 'f');
        fake.nodes[fake.n - 1].content = "../..";
        fake_add(".git/config", 'f');
        fake_add("rw", 'd');
        fake_add("rw/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: .git/../../.git/worktrees/rw";
        T *t = t_new();

        FOUND(t, "wt/.git", WATCH_FILE);
        FOUND(t, "sub/.git", WATCH_FILE);
        FOUND(t, "out/.git", WATCH_FILE);
        FOUND(t, "up/.git", WATCH_FILE);
        FOUND(t, "rw/.git", WATCH_FILE);
        run_for(t, 60);

        assert_true(bound("a/.git/worktrees/wt/config.worktree"));
        assert_true(bound("a/.git/worktrees/wt/commondir"));
        assert_true(bound("a/.git/config")); /* the common dir's */
        assert_true(bound("a/.git/hooks"));
        assert_true(bound("a/.git/modules/sub/config"));
        assert_true(bound(".git/worktrees/rw/commondir"));
        assert_false(bound(".git/config")); /* the root's own: enforce's */
        assert_int_equal(count(t, "out/.git: it names a gitdir outside the root"), 1);
        assert_int_equal(count(t, "up/.git: it names a gitdir outside the root"), 1);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 2);
        t_free(t);
}

static void test_gone_and_rescan(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        run_for(t, 60);
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.checkouts, 1);
        assert_true(st.bound >= 4);

        /* Lost events: everything forgotten, then found again; what is
         * bound already stays so (the engine says "already"). */
        watch_callbacks.rescan(t->w);
        watch_stats(t->w, &st);
        assert_int_equal(st.checkouts, 0);
        assert_int_equal(st.bound, 0);
        FOUND(t, "a/.git", WATCH_DIR);
        assert_true(watch_is_checkout(t->w, "a"));
        assert_true(count(t, "already bound") >= 1);

        /* The checkout moved out of the tree: forgotten, memory and all. */
        GONE(t, "a");
        watch_stats(t->w, &st);
        assert_int_equal(st.checkouts, 0);
        assert_int_equal(st.bound, 0);
        assert_int_equal(st.pending, 0);
        t_free(t);
}

/* The poll backend's binder mounts nothing: one warning per path that
 * exists, again if it goes and comes back. */
static void test_warn_only(void **state) {
        (void) state;
        base_tree();
        binder_for_test = &fake_warn_binder;
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/.env", WATCH_FILE);
        FOUND(t, "a/.env", WATCH_FILE);
        assert_int_equal(count(t, "cannot bind a/.env in nested checkout a on this platform (mask-file)"), 1);
        assert_int_equal(count(t, "\"event\":\"bind-unsupported\""), 1);
        GONE(t, "a/.env");
        FOUND(t, "a/.env", WATCH_FILE);
        assert_int_equal(count(t, "cannot bind a/.env in nested checkout a on this platform (mask-file)"), 2);
        run_for(t, 60);
        /* The git metadata too, once git is done; nothing said of protection. */
        assert_int_equal(count(t, "cannot bind a/.git/config in nested checkout a on this platform (protect)"), 1);
        assert_int_equal(count(t, "nothing can be protected on this platform"), 1);
        assert_int_equal(count(t, "protected the git metadata"), 0);
        binder_for_test = &fake_binder;
        t_free(t);
}

/* On a case-insensitive volume .ENV is .env, and is named so. */
static void test_case_folding(void **state) {
        (void) state;
        base_tree();
        fake_add("a/.ENV", 'f');
        fake_add("c", 'd');
        fake_add("c/.GIT", 'd');
        binder_for_test = &fake_warn_binder;
        fold_for_test = true;
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/.ENV", WATCH_FILE);
        assert_int_equal(count(t, "cannot bind a/.env in nested checkout a on this platform (mask-file)"), 2);
        assert_int_equal(count(t, "\"found\":\"a/.ENV\""), 1);
        FOUND(t, "c/.GIT", WATCH_DIR);
        assert_true(watch_is_checkout(t->w, "c"));
        fold_for_test = false;
        binder_for_test = &fake_binder;
        t_free(t);

        /* Without folding, .ENV is another name. */
        T *t2 = t_new();
        FOUND(t2, "a/.git", WATCH_DIR);
        int calls = fake.bind_calls;
        FOUND(t2, "a/.ENV", WATCH_FILE);
        assert_int_equal(fake.bind_calls, calls);
        t_free(t2);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_discovery),
                cmocka_unit_test(test_root_is_not_a_checkout),
                cmocka_unit_test(test_gitfile_and_symlink_git),
                cmocka_unit_test(test_nested_and_anchored),
                cmocka_unit_test(test_appears_later_and_again),
                cmocka_unit_test(test_policy_symlink_not_bound),
                cmocka_unit_test(test_git_metadata_waits_for_git),
                cmocka_unit_test(test_git_lock_and_quiet),
                cmocka_unit_test(test_git_deadline),
                cmocka_unit_test(test_metadata_after_protection),
                cmocka_unit_test(test_gitfile_gitdir),
                cmocka_unit_test(test_gone_and_rescan),
                cmocka_unit_test(test_warn_only),
                cmocka_unit_test(test_case_folding),
        };
        return RUN(tests);
}
