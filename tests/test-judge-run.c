/* SPDX-License-Identifier: MIT */
/*
 * daemon/engine/judge-run.c on a real temporary tree (no root): where a
 * call's path lands through symlinks, the nested checkout it is in, and
 * each attempt reported once per run, across processes through the
 * session's state file.
 */
#include "tests.h"

#include <fcntl.h>
#include <malloc.h>
#include <sched.h>
#include <stdarg.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <jansson.h>

#include "judge-run.h"
#include "platform.h"
#include "util.h"

/* test-judge.sh waits out a held state lock in the test build's short time
 * (tests/hooks.c) and asserts the hook returns within 20 s: the program's
 * own wait must keep to that too. */
_Static_assert(JUDGE_STATE_LOCK_MS > 0 && JUDGE_STATE_LOCK_MS < 20000,
               "a held state lock is waited out within 20 s");

static char dir[] = "/tmp/test-judge-run-XXXXXX";
static char root[PATH_MAX], state[PATH_MAX], home[PATH_MAX];
/* The walk's bound the next judge is made with (0: the default). */
static size_t walk_max;

static void mk(const char *rel, char type, const char *target) {
        char p[PATH_MAX * 2];
        snprintf(p, sizeof p, "%s/%s", root, rel);
        if (type == 'd')
                assert_int_equal(mkdir(p, 0755), 0);
        else if (type == 'l')
                assert_int_equal(symlink(target, p), 0);
        else {
                int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
                assert_true(fd >= 0);
                close(fd);
        }
}

static int setup(void **state_) {
        (void) state_;
        assert_non_null(mkdtemp(dir));
        snprintf(root, sizeof root, "%s/wt", dir);
        snprintf(state, sizeof state, "%s/state", dir);
        snprintf(home, sizeof home, "%s/home", dir);
        assert_int_equal(mkdir(root, 0755), 0);
        mk(".git", 'd', NULL);
        mk(".env", 'f', NULL);
        mk("sub", 'd', NULL);
        mk("sub/deep", 'd', NULL);
        mk("sub/here", 'l', ".");     /* sub/here is sub */
        mk("sub/up", 'l', "deep/.."); /* sub/up is sub, again */
        mk("a", 'l', "b");            /* a chain: a -> b -> .env */
        mk("b", 'l', ".env");
        mk("out", 'l', "/etc/passwd"); /* leads out */
        mk("back", 'l', "/");          /* out, then back in by name */
        mk("loop", 'l', "loop");
        mk("vendor", 'd', NULL);
        mk("vendor/lib", 'd', NULL);
        mk("vendor/lib/.git", 'd', NULL);
        mk("vendor/lib/.env", 'f', NULL);
        mk("vendor/wt", 'd', NULL);
        mk("vendor/wt/.git", 'f', NULL); /* a linked worktree or submodule */
        mk("secrets", 'd', NULL);
        mk("plain", 'd', NULL);
        return 0;
}

static int teardown(void **state_) {
        (void) state_;
        char cmd[PATH_MAX + 16];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        return system(cmd) == 0 ? 0 : -1;
}

static const char policy_text[] = "mask-file .env\n"
                                  "mask-dir secrets/\n"
                                  "mask-file KEY\n"
                                  "protect .git/config\n"
                                  "protect .git/hooks/\n";

typedef struct T {
        Policy *policy;
        uv_loop_t loop;
        LogStream *log;
        Judge *j;
        int fds[2];
        char history[PATH_MAX];
} T;

static T *t_new_cached(size_t cap, bool cache) {
        T *t = calloc(1, sizeof *t);
        PolicyError perr;
        LogConfig lc;

        assert_int_equal(policy_parse(policy_text, strlen(policy_text), &t->policy, &perr), 0);
        assert_int_equal(pipe2(t->fds, O_NONBLOCK | O_CLOEXEC), 0);
        assert_int_equal(fcntl(t->fds[0], F_SETPIPE_SZ, 1 << 20) > 0, true);
        uv_loop_init(&t->loop);
        log_config_init(&lc);
        lc.journal = false;
        lc.stderr_fd = t->fds[1];
        lc.format = LOG_FORMAT_JSON;
        assert_int_equal(log_stream_new(&t->loop, &lc, &t->log), 0);
        snprintf(t->history, sizeof t->history, "%s/history.jsonl", dir);
        unlink(t->history);
        JudgeConfig jc = {
                .root = root,
                .policy = t->policy,
                .log = t->log,
                .history_path = t->history,
                .state_dir = state,
                .cap = cap,
                .cache = cache,
                .home = home,
                .walk_max = walk_max,
        };
        assert_int_equal(judge_new(&jc, &t->j), 0);
        return t;
}

static T *t_new(size_t cap) {
        return t_new_cached(cap, false);
}

/* The records written so far. */
static char *records(T *t) {
        static char buf[1 << 20];
        ssize_t n = read(t->fds[0], buf, sizeof buf - 1);
        buf[n > 0 ? n : 0] = 0;
        return buf;
}

static size_t count(const char *s, const char *needle) {
        size_t n = 0;
        for (const char *p = s; (p = strstr(p, needle)); p++)
                n++;
        return n;
}

static void t_free(T *t) {
        judge_free(t->j);
        log_stream_shutdown(t->log, NULL, NULL);
        uv_run(&t->loop, UV_RUN_DEFAULT);
        log_stream_free(t->log);
        assert_int_equal(uv_loop_close(&t->loop), 0);
        policy_free(t->policy);
        close(t->fds[0]);
        close(t->fds[1]);
        free(t);
}

static JudgeVerdict verdict(T *t, JudgeAccess access, const char *path, const char *cwd, bool grep) {
        JudgeCall c = {.tool = (char *) "Read",
                       .path = (char *) path,
                       .cwd = (char *) cwd,
                       .access = access,
                       .grep = grep};
        JudgeVerdict v;
        assert_int_equal(judge_call(t->j, &c, &v), 0);
        return v;
}

static void resolve(T *t) {
        char sub[PATH_MAX + 8], abs_env[PATH_MAX + 8], back[PATH_MAX + 16];
        snprintf(sub, sizeof sub, "%s/sub", root);
        snprintf(abs_env, sizeof abs_env, "%s/.env", root);
        snprintf(back, sizeof back, "back%s/.env", root);
        static const struct {
                const char *path;
                int cwd; /* 0 none (the root), 1 sub, 2 a relative one */
                bool judged;
                const char *landed;
                JudgeCategory category;
                const char *checkout;
        } cases[] = {
                {".env", 0, true, ".env", JUDGE_MASKED, NULL},
                {"../.env", 1, true, ".env", JUDGE_MASKED, NULL},
                {"./deep/../../.env", 1, true, ".env", JUDGE_MASKED, NULL},
                {"../.env", 2, true, ".env", JUDGE_MASKED, NULL},
                /* '..' after a symlink goes where the kernel goes: sub/here
                 * is sub, so sub/here/.. is the root, not sub. */
                {"sub/here/../.env", 0, true, ".env", JUDGE_MASKED, NULL},
                {"sub/up/../.env", 0, true, ".env", JUDGE_MASKED, NULL},
                {"a", 0, true, ".env", JUDGE_MASKED, NULL},
                {"sub/../a", 0, true, ".env", JUDGE_MASKED, NULL},
                {"out", 0, false, NULL, JUDGE_NONE, NULL},
                {"loop", 0, false, NULL, JUDGE_NONE, NULL},
                {"../wt/.env", 0, true, ".env", JUDGE_MASKED, NULL},
                {"../../../../../../.env", 0, false, NULL, JUDGE_NONE, NULL},
                {"secrets/new/file", 0, true, "secrets/new/file", JUDGE_MASKED_DIR, NULL},
                {".env/x", 0, true, ".env/x", JUDGE_NONE, NULL}, /* a file with more after it */
                {"vendor/lib/.env", 0, true, "vendor/lib/.env", JUDGE_MASKED, "vendor/lib"},
                {"vendor/lib/.git/config", 0, true, "vendor/lib/.git/config", JUDGE_PROTECTED, "vendor/lib"},
                {"vendor/lib/.git/info/attributes", 0, true, "vendor/lib/.git/info/attributes",
                 JUDGE_PROTECTED, "vendor/lib"},
                /* A .git file: the policy applies, git's own files are
                 * elsewhere. */
                {"vendor/wt/.env", 0, true, "vendor/wt/.env", JUDGE_MASKED, "vendor/wt"},
                {"vendor/wt/.git/info/attributes", 0, true, "vendor/wt/.git/info/attributes", JUDGE_NONE,
                 NULL},
                {"plain/.env", 0, true, "plain/.env", JUDGE_NONE, NULL},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                JudgeVerdict v = verdict(t, JUDGE_READ, cases[i].path,
                                         cases[i].cwd == 1   ? sub
                                         : cases[i].cwd == 2 ? "sub"
                                                             : NULL,
                                         false);
                print_message("%s\n", cases[i].path);
                assert_int_equal(v.judged, cases[i].judged);
                if (cases[i].judged) {
                        assert_string_equal(v.path, cases[i].landed);
                        assert_int_equal(v.category, cases[i].category);
                        if (cases[i].checkout)
                                assert_string_equal(v.checkout, cases[i].checkout);
                        else
                                assert_null(v.checkout);
                        assert_int_equal(v.attempt, judge_is_masked(cases[i].category));
                }
                judge_verdict_done(&v);
        }
        /* Absolute, and out of the tree and back in by name. */
        JudgeVerdict v = verdict(t, JUDGE_READ, abs_env, NULL, false);
        assert_true(v.attempt);
        judge_verdict_done(&v);
        v = verdict(t, JUDGE_READ, back, NULL, false);
        assert_true(v.attempt);
        assert_string_equal(v.path, ".env");
        judge_verdict_done(&v);
        /* A read of a protected path is no attempt; a write is. */
        v = verdict(t, JUDGE_READ, ".git/config", NULL, false);
        assert_true(v.judged && !v.attempt && v.category == JUDGE_PROTECTED);
        judge_verdict_done(&v);
        v = verdict(t, JUDGE_WRITE, ".git/hooks/pre-commit", NULL, false);
        assert_true(v.attempt && v.category == JUDGE_PROTECTED_DIR);
        judge_verdict_done(&v);
        /* A search: a masked directory, or a file; not a plain directory. */
        v = verdict(t, JUDGE_READ, "secrets", NULL, true);
        assert_true(v.attempt);
        judge_verdict_done(&v);
        v = verdict(t, JUDGE_READ, "plain", NULL, true);
        assert_false(v.judged);
        judge_verdict_done(&v);
        v = verdict(t, JUDGE_READ, ".env", NULL, true);
        assert_true(v.attempt);
        judge_verdict_done(&v);
}

static void test_resolve(void **state_) {
        (void) state_;
        T *t = t_new(0);
        resolve(t);
        t_free(t);
}

/* The same verdicts with lookups kept: the first time from the disk, the
 * second (nothing changed) from what was kept. */
static void test_resolve_cached(void **state_) {
        (void) state_;
        T *t = t_new_cached(0, true);
        assert_int_equal(judge_sync(t->j), 0);
        resolve(t);
        assert_int_equal(judge_sync(t->j), 0);
        resolve(t);
        t_free(t);
}

/* Whether this build can keep lookups (the inotify backend), so a test can
 * tell a verdict kept from one asked anew. */
static bool caches(void) {
        PlatformChanges *c = NULL;
        int r = platform_changes_new(&c);
        platform_changes_free(c);
        return r >= 0;
}

static void sh(const char *fmt, ...) _printf_(1, 2);
static void sh(const char *fmt, ...) {
        char cmd[PATH_MAX * 4];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(cmd, sizeof cmd, fmt, ap);
        va_end(ap);
        assert_int_equal(system(cmd), 0);
}

static void expect_verdict(T *t, const char *path, JudgeCategory category, const char *landed,
                           const char *checkout) {
        JudgeVerdict v = verdict(t, JUDGE_READ, path, NULL, false);
        print_message("  %s: %s at %s\n", path, judge_category_to_string(v.category), v.path);
        assert_true(v.judged);
        assert_int_equal(v.category, category);
        assert_string_equal(v.path, landed);
        if (checkout)
                assert_string_equal(v.checkout, checkout);
        else
                assert_null(v.checkout);
        judge_verdict_done(&v);
}

/*
 * A kept lookup never outlives a change that alters it: each case judges
 * a path (kept), changes the tree the way an agent would to steer the
 * path into the policy, and after judge_sync() the verdict follows the
 * disk. Before it, the verdict is the kept one: the proof that something
 * was kept, so that what follows tests the change and not the disk.
 */
static void test_cache_changes(void **state_) {
        (void) state_;
        static const struct {
                const char *setup, *path, *change;
                JudgeCategory category;
                const char *landed, *checkout;
        } cases[] = {
                /* A directory at the root swapped for a symlink. */
                {"mkdir c1 && touch c1/f", "c1/f", "mv c1 c1.old && ln -s secrets c1", JUDGE_MASKED_DIR,
                 "secrets/f", NULL},
                /* One deeper. */
                {"mkdir -p c2/a", "c2/a/f", "mv c2/a c2/a.old && ln -s ../secrets c2/a", JUDGE_MASKED_DIR,
                 "secrets/f", NULL},
                /* A component that was missing made, as a symlink. */
                {"mkdir c3", "c3/new/f", "ln -s ../secrets c3/new", JUDGE_MASKED_DIR, "secrets/f", NULL},
                /* The parent renamed away and replaced. */
                {"mkdir -p c4/a", "c4/a/f", "mv c4 c4.old && mkdir c4 && ln -s ../secrets c4/a",
                 JUDGE_MASKED_DIR, "secrets/f", NULL},
                /* The last component itself, a file, swapped. */
                {"touch c5", "c5", "rm c5 && ln -s .env c5", JUDGE_MASKED, ".env", NULL},
                /* A nested checkout made around the path. */
                {"mkdir -p c6/lib && touch c6/lib/.env", "c6/lib/.env", "mkdir c6/lib/.git", JUDGE_MASKED,
                 "c6/lib/.env", "c6/lib"},
                /* A file where a directory was: the rest as written then. */
                {"mkdir -p c7/d", "c7/d/.env", "rm -r c7/d && touch c7/d", JUDGE_NONE, "c7/d/.env", NULL},
                /* Walked paths are kept too. A chain, its middle link retargeted. */
                {"touch c8f && ln -s c8f c8b && ln -s c8b c8a", "c8a", "rm c8b && ln -s .env c8b",
                 JUDGE_MASKED, ".env", NULL},
                /* A ".." after a directory that becomes a symlink. */
                {"mkdir -p c9/x secrets/sub && touch c9/f", "c9/x/../f",
                 "mv c9/x c9/x.old && ln -s ../secrets/sub c9/x", JUDGE_MASKED_DIR, "secrets/f", NULL},
                /* A change in a directory reached only through a symlink. */
                {"mkdir c10d && ln -s c10d c10l", "c10l/k", "ln -s ../secrets c10d/k", JUDGE_MASKED,
                 "secrets", NULL},
                /* A symlink's target made, as a symlink itself. */
                {"ln -s c11t c11", "c11/k", "ln -s secrets c11t", JUDGE_MASKED_DIR, "secrets/k", NULL},
        };
        bool kept = caches();
        T *t = t_new_cached(0, true);
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                print_message("%s; %s\n", cases[i].setup, cases[i].change);
                sh("cd '%s' && %s", root, cases[i].setup);
                assert_int_equal(judge_sync(t->j), 0);
                JudgeVerdict before = verdict(t, JUDGE_READ, cases[i].path, NULL, false);
                sh("cd '%s' && %s", root, cases[i].change);
                if (kept) {
                        JudgeVerdict v = verdict(t, JUDGE_READ, cases[i].path, NULL, false);
                        assert_int_equal(v.category, before.category);
                        assert_string_equal(v.path, before.path);
                        judge_verdict_done(&v);
                }
                assert_int_equal(judge_sync(t->j), 0);
                expect_verdict(t, cases[i].path, cases[i].category, cases[i].landed, cases[i].checkout);
                judge_verdict_done(&before);
        }
        /* A path through a symlink outside the root, into it: no watch
         * there, so never kept; retargeted, it is followed at once. */
        char ext[PATH_MAX + 16];
        snprintf(ext, sizeof ext, "%s/ext/k", dir);
        sh("cd '%s' && mkdir -p c15 && ln -s wt/c15 ../ext", root);
        assert_int_equal(judge_sync(t->j), 0);
        expect_verdict(t, ext, JUDGE_NONE, "c15/k", NULL);
        sh("cd '%s' && ln -sfn wt/secrets ../ext", root);
        expect_verdict(t, ext, JUDGE_MASKED_DIR, "secrets/k", NULL);
        t_free(t);
}

/* Past the bound of lookups kept, all are dropped, and the verdicts stay
 * true. */
static void test_cache_bound(void **state_) {
        (void) state_;
        T *t = t_new_cached(0, true);
        char p[64];
        assert_int_equal(judge_sync(t->j), 0);
        expect_verdict(t, "nx/0", JUDGE_NONE, "nx/0", NULL);
        for (int i = 1; i <= JUDGE_CACHE_MAX + 1; i++) {
                snprintf(p, sizeof p, "nx/%d", i);
                JudgeVerdict v = verdict(t, JUDGE_READ, p, NULL, false);
                assert_true(v.judged && v.category == JUDGE_NONE);
                judge_verdict_done(&v);
        }
        sh("cd '%s' && ln -s secrets nx", root);
        assert_int_equal(judge_sync(t->j), 0);
        expect_verdict(t, "nx/0", JUDGE_MASKED_DIR, "secrets/0", NULL);
        expect_verdict(t, "nx/7", JUDGE_MASKED_DIR, "secrets/7", NULL);
        t_free(t);
}

/*
 * After a component that is missing, or a file with more after it, the rest
 * of a path is taken as written, so a ".." there leads back into
 * directories the walk never looked in, and never watched; the verdict
 * still looks in them for a .git. Such a lookup is never kept: a checkout
 * made there later is seen after the next judge_sync() (it was kept, and
 * missed, before).
 */
static void test_cache_gone_dotdot(void **state_) {
        (void) state_;
        static const struct {
                const char *setup, *path, *change, *landed, *checkout;
        } cases[] = {
                {"mkdir -p g1/lib && touch g1/lib/.env", "g1/missing/../lib/.env", "mkdir g1/lib/.git",
                 "g1/lib/.env", "g1/lib"},
                {"mkdir -p g2/lib && touch g2/f g2/lib/.env", "g2/f/../lib/.env", "mkdir g2/lib/.git",
                 "g2/lib/.env", "g2/lib"},
                {"mkdir -p g3/sub", "g3/missing/../sub/.git/config", "git init -q g3/sub",
                 "g3/sub/.git/config", "g3/sub"},
        };
        T *t = t_new_cached(0, true);
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                print_message("%s; %s; %s\n", cases[i].setup, cases[i].path, cases[i].change);
                sh("cd '%s' && %s", root, cases[i].setup);
                assert_int_equal(judge_sync(t->j), 0);
                expect_verdict(t, cases[i].path, JUDGE_NONE, cases[i].landed, NULL);
                sh("cd '%s' && %s", root, cases[i].change);
                assert_int_equal(judge_sync(t->j), 0);
                JudgeVerdict v = verdict(t, JUDGE_WRITE, cases[i].path, NULL, false);
                assert_true(v.attempt);
                assert_string_equal(v.path, cases[i].landed);
                assert_string_equal(v.checkout, cases[i].checkout);
                judge_verdict_done(&v);
        }
        t_free(t);
}

/* The bytes in use by malloc, mapped chunks included. */
static size_t heap_in_use(void) {
        struct mallinfo2 m = mallinfo2();
        return m.uordblks + m.hblkhd;
}

/* What the kept lookups hold is bounded in bytes too, not only in number:
 * 65,536 paths of 4 KiB would be 256 MiB. A path of PATH_MAX or more is
 * not walked at all (the kernel opens nothing by it: ENAMETOOLONG). */
static void test_cache_bytes(void **state_) {
        (void) state_;
        const size_t n = PATH_MAX - 64;
        char *p = malloc(4 * PATH_MAX);
        assert_non_null(p);
        T *t = t_new_cached(0, true);
        assert_int_equal(judge_sync(t->j), 0);
        size_t before = heap_in_use();
        /* 2.5 times the bound's worth of distinct paths, each
         * "././.../bf/<i>": kept, they would hold 160 MiB. Where nothing
         * is kept (the poll build: no change watcher) there is no bound
         * to check, and the 40,000 walks would cost minutes. */
        for (size_t k = 0; k < n; k += 2)
                memcpy(p + k, "./", 2);
        bool keeps = caches();
        for (size_t i = 0; keeps && i < 5 * JUDGE_CACHE_BYTES / n / 2; i++) {
                snprintf(p + n, 64, "bf/%zu", i);
                JudgeVerdict v = verdict(t, JUDGE_READ, p, NULL, false);
                assert_true(v.judged && v.category == JUDGE_NONE);
                judge_verdict_done(&v);
        }
        size_t after = heap_in_use();
        print_message("  kept: %zu bytes more\n", after > before ? after - before : 0);
        assert_true(after < before + JUDGE_CACHE_BYTES + JUDGE_CACHE_BYTES / 4);
        /* PATH_MAX and past it: nothing, as the kernel opens nothing;
         * under it, the same name is masked. */
        sh("cd '%s' && ln -s secrets bk", root);
        for (size_t k = 0; k < 3 * PATH_MAX; k += 2)
                memcpy(p + k, "./", 2);
        strcpy(p + 3 * PATH_MAX, "bk/f");
        JudgeVerdict v = verdict(t, JUDGE_READ, p, NULL, false);
        assert_false(v.judged);
        judge_verdict_done(&v);
        v = verdict(t, JUDGE_READ, p + 3 * PATH_MAX - 64, NULL, false);
        assert_int_equal(v.category, JUDGE_MASKED_DIR);
        assert_string_equal(v.path, "secrets/f");
        judge_verdict_done(&v);
        free(p);
        t_free(t);
}

/* A mount changes lookups without an event on any directory: the mount
 * table is watched too. Root only, in a mount namespace of its own (a
 * child), so the host's table is left as it was. */
static void test_cache_mount(void **state_) {
        (void) state_;
        if (geteuid() != 0)
                SKIP_UNLESS_CI("mounting needs root (CAP_SYS_ADMIN)\n");
        sh("cd '%s' && mkdir -p m1/a m1.over && ln -s ../secrets m1.over/a", root);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                char m1[PATH_MAX + 8], over[PATH_MAX + 16];
                snprintf(m1, sizeof m1, "%s/m1", root);
                snprintf(over, sizeof over, "%s/m1.over", root);
                if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
                        _exit(3);
                T *t = t_new_cached(0, true);
                JudgeCall c = {.tool = "Read", .path = "m1/a/f", .access = JUDGE_READ};
                JudgeVerdict v;
                if (judge_sync(t->j) < 0 || judge_call(t->j, &c, &v) < 0 || v.category != JUDGE_NONE)
                        _exit(4);
                judge_verdict_done(&v);
                if (mount(over, m1, NULL, MS_BIND, NULL) < 0)
                        _exit(5);
                if (judge_sync(t->j) < 0 || judge_call(t->j, &c, &v) < 0)
                        _exit(6);
                _exit(v.category == JUDGE_MASKED_DIR && streq(v.path, "secrets/f") ? 0 : 7);
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
}

static int report(T *t, JudgeAccess access, const char *path, const char *session) {
        JudgeCall c = {.tool = (char *) (access == JUDGE_READ ? "Read" : "Edit"),
                       .path = (char *) path,
                       .access = access,
                       .session = (char *) session};
        JudgeVerdict v;
        assert_int_equal(judge_call(t->j, &c, &v), 0);
        int r = judge_report(t->j, &c, &v);
        judge_verdict_done(&v);
        return r;
}

static void test_once_per_run(void **state_) {
        (void) state_;
        T *t = t_new(0);
        assert_int_equal(report(t, JUDGE_READ, ".env", NULL), 1);
        assert_int_equal(report(t, JUDGE_READ, "a", NULL), 0); /* the same path, by a chain */
        assert_int_equal(report(t, JUDGE_WRITE, ".env", NULL), 1);
        assert_int_equal(report(t, JUDGE_READ, ".git/config", NULL), 0); /* no attempt */
        assert_int_equal(report(t, JUDGE_WRITE, ".git/config", NULL), 1);
        const char *s = records(t);
        assert_int_equal(count(s, "\"event\":\"attempt\""), 3);
        assert_non_null(strstr(s, "\"msg\":\"path policy: agent tried to read masked .env (Read)\""));
        assert_non_null(
                strstr(s, "\"msg\":\"path policy: agent tried to write protected .git/config (Edit)\""));
        _cleanup_free_ char *h = NULL;
        size_t n;
        assert_int_equal(read_full_file(t->history, 1 << 20, &h, &n), 0);
        assert_int_equal(count(h, "{\"type\":\"path_policy\""), 3);
        assert_int_equal(count(h, "\n"), 3);
        t_free(t);
}

static void test_cap(void **state_) {
        (void) state_;
        T *t = t_new(3);
        char p[64];
        for (int i = 0; i < 6; i++) {
                snprintf(p, sizeof p, "secrets/f%d", i);
                assert_int_equal(report(t, JUDGE_READ, p, NULL), i < 3 ? 1 : 0);
        }
        /* Another access to a path already counted is no new path. */
        const char *s = records(t);
        assert_int_equal(count(s, "\"event\":\"attempt\""), 3);
        assert_int_equal(count(s, "\"event\":\"attempts-capped\""), 1);
        t_free(t);
}

/* A session's run, across processes: each a fork with a judge of its own,
 * all at once; the state file makes them one run. */
static void test_session_across_processes(void **state_) {
        (void) state_;
        T *t = t_new(5);
        pid_t pids[12];
        for (int i = 0; i < 12; i++) {
                pids[i] = fork();
                assert_true(pids[i] >= 0);
                if (pids[i] == 0) {
                        char p[64];
                        /* 0..5: the same path; 6..11: six distinct ones, one past the cap. */
                        snprintf(p, sizeof p, "secrets/x%d", i < 6 ? 0 : i - 5);
                        _exit(report(t, JUDGE_READ, p, "session-1") < 0 ? 1 : 0);
                }
        }
        for (int i = 0; i < 12; i++) {
                int status;
                assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
                assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }
        /* x0..x6 is seven distinct paths against a cap of five. The
         * children's records went into the pipe each child had. */
        const char *s = records(t);
        assert_int_equal(count(s, "\"event\":\"attempt\""), 5);
        assert_int_equal(count(s, "\"event\":\"attempts-capped\""), 1);
        /* Once capped, the run says nothing more, in this process too;
         * another session is another run. */
        assert_int_equal(report(t, JUDGE_READ, ".env", "session-1"), 0);
        assert_int_equal(report(t, JUDGE_READ, ".env", "session-2"), 1);
        t_free(t);
}

/* A writer killed mid-line leaves a line without its '\n': no line. */
static void test_torn_state(void **state_) {
        (void) state_;
        T *t = t_new(0);
        assert_int_equal(report(t, JUDGE_READ, ".env", "torn"), 1);
        /* The state file of session "torn" (its SHA-256), given half a line. */
        char cmd[PATH_MAX * 2];
        snprintf(cmd, sizeof cmd,
                 "printf 'read secrets/half' >>'%s'/$(printf torn | sha256sum | cut -c1-64).run", state);
        assert_int_equal(system(cmd), 0);
        assert_int_equal(report(t, JUDGE_READ, ".env", "torn"), 0);
        /* The half line was cut off, not taken for "secrets/half" said. */
        assert_int_equal(report(t, JUDGE_READ, "secrets/half", "torn"), 1);
        assert_int_equal(report(t, JUDGE_READ, "secrets/half", "torn"), 0);
        t_free(t);
}

/* s with its "%s", if any, replaced by with: a new string. */
static char *subst(const char *s, const char *with) {
        const char *at = strstr(s, "%s");
        char *o = NULL;
        if (!at)
                assert_non_null(o = strdup(s));
        else
                assert_true(asprintf(&o, "%.*s%s%s", (int) (at - s), s, with, at + 2) > 0);
        return o;
}

/* A Claude Code hook's call: the path the client opens (trimmed, "~"
 * from the home directory, ".." removed by name) is judged, and the path
 * as written too. Turn the client's resolution off and these fail. */
static JudgeVerdict hook_verdict(T *t, const char *tool, const char *input_fmt, const char *path) {
        _cleanup_free_ char *input = NULL, *json = NULL, *quoted = NULL;
        JudgeCall c;
        const char *why = NULL;
        JudgeVerdict v;

        json_t *js = json_string(path);
        assert_non_null(quoted = json_dumps(js, JSON_ENCODE_ANY));
        json_decref(js);
        input = subst(input_fmt, quoted);
        assert_true(asprintf(&json,
                             "{\"session_id\":\"s\",\"cwd\":\"%s/sub\",\"hook_event_name\":\"PreToolUse\","
                             "\"tool_name\":\"%s\",\"tool_input\":%s}",
                             root, tool, input) > 0);
        assert_int_equal(judge_parse_hook(json, strlen(json), NULL, &c, &why), 1);
        assert_int_equal(c.client, JUDGE_CLIENT_CLAUDE_CODE);
        assert_int_equal(judge_call(t->j, &c, &v), 0);
        judge_call_done(&c);
        return v;
}

static void test_client(void **state_) {
        (void) state_;
        T *t = t_new(0);
        char elsewhere[PATH_MAX + 16], p[PATH_MAX * 2];
        snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere", dir);
        assert_int_equal(mkdir(elsewhere, 0755), 0);
        assert_int_equal(mkdir(home, 0755), 0);
        mk("l", 'l', elsewhere);   /* leads out of the root */
        mk("in", 'l', "sub/deep"); /* a directory in it */
        static const struct {
                const char *tool, *input, *path; /* path: %s is the root */
                const char *landed;
                JudgeCategory category;
        } cases[] = {
                {"Read", "{\"file_path\":%s}", "%s/.env ", ".env", JUDGE_MASKED},
                {"Read", "{\"file_path\":%s}", " %s/.env", ".env", JUDGE_MASKED},
                {"Read", "{\"file_path\":%s}", "%s/.env\n", ".env", JUDGE_MASKED},
                {"Read", "{\"file_path\":%s}", "\u3000%s/.env\ufeff", ".env", JUDGE_MASKED},
                {"Read", "{\"file_path\":%s}", "%s/.env\u2028", ".env", JUDGE_MASKED},
                /* The kernel would leave the root (l) or land in sub (in):
                 * the client opens the root's .env. */
                {"Read", "{\"file_path\":%s}", "%s/l/../.env", ".env", JUDGE_MASKED},
                {"Read", "{\"file_path\":%s}", "%s/in/../.env", ".env", JUDGE_MASKED},
                {"Read", "{\"file_path\":%s}", "in/../../.env", ".env", JUDGE_MASKED},
                {"Read", "{\"file_path\":%s}", "~/../wt/.env", ".env", JUDGE_MASKED},
                {"Grep", "{\"pattern\":\"x\",\"path\":%s}", "%s/.env\t", ".env", JUDGE_MASKED},
                {"Write", "{\"file_path\":%s,\"content\":\"\"}", "%s/.git/config ", ".git/config",
                 JUDGE_PROTECTED},
                {"Edit", "{\"file_path\":%s}", "%s/l/../.git/hooks/x", ".git/hooks/x", JUDGE_PROTECTED_DIR},
                {"NotebookEdit", "{\"notebook_path\":%s}", "\u00a0%s/secrets/n.ipynb", "secrets/n.ipynb",
                 JUDGE_MASKED_DIR},
                /* The path as written is an attempt where the client's is
                 * not (sub/here is sub: the kernel's sub/here/.. is the
                 * root, the client's sub): named as written. */
                {"Read", "{\"file_path\":%s}", "%s/sub/here/../.env", ".env", JUDGE_MASKED},
                /* Neither. */
                {"Read", "{\"file_path\":%s}", "%s/.env\u200b", ".env\u200b", JUDGE_NONE},
                {"Read", "{\"file_path\":%s}", "~root/.env", "sub/~root/.env", JUDGE_NONE},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *path = subst(cases[i].path, root);
                print_message("%s %s\n", cases[i].tool, path);
                JudgeVerdict v = hook_verdict(t, cases[i].tool, cases[i].input, path);
                assert_true(v.judged);
                assert_string_equal(v.path, cases[i].landed);
                assert_int_equal(v.category, cases[i].category);
                assert_int_equal(v.attempt, cases[i].category != JUDGE_NONE);
                judge_verdict_done(&v);
        }
        /* Longer than PATH_MAX and full of "..": the kernel opens nothing
         * as written (not walked: 16,000 of them took seconds); the
         * client's, ".." removed by name, is the root's .env. */
        size_t k = 0, reps = PATH_MAX / 7 + 1;
        _cleanup_free_ char *longp = malloc(strlen(root) + reps * 7 + 8); /* "/sub/.." a rep */
        assert_non_null(longp);
        k += (size_t) sprintf(longp, "%s", root);
        for (size_t i = 0; i < reps; i++)
                k += (size_t) sprintf(longp + k, "/sub/..");
        strcpy(longp + k, "/.env");
        JudgeVerdict v = hook_verdict(t, "Read", "{\"file_path\":%s}", longp);
        assert_true(v.judged && v.attempt);
        assert_string_equal(v.path, ".env");
        judge_verdict_done(&v);
        v = verdict(t, JUDGE_READ, longp, NULL, false);
        assert_false(v.judged);
        judge_verdict_done(&v);
        unlink(strcat(strcpy(p, root), "/l"));
        unlink(strcat(strcpy(p, root), "/in"));
        rmdir(elsewhere);
        rmdir(home);
        t_free(t);
}

/* One call, as a hook input (stream false) or a stream line, in a session
 * of its own: the History it leaves, one line per entry. */
static char *each_history(T *t, const char *json, bool stream, const JudgeTools *tools) {
        static char buf[8192];
        JudgeCall c = {0};
        JudgeVerdict *v = NULL;
        size_t n = 0;
        const char *why = NULL;

        unlink(t->history);
        int r = stream ? judge_parse_stream(json, strlen(json), tools, &c, &why)
                       : judge_parse_hook(json, strlen(json), tools, &c, &why);
        if (r < 0)
                fail_msg("%s: %s", json, why);
        if (r > 0) {
                assert_int_equal(judge_call_each(t->j, &c, &v, &n), 0);
                for (size_t i = 0; i < n; i++) {
                        JudgeCall one = c;
                        one.path = v[i].path;
                        one.access = v[i].access;
                        assert_true(judge_report(t->j, &one, &v[i]) >= 0);
                }
        }
        judge_verdicts_free(v, n);
        judge_call_done(&c);
        int fd = open(t->history, O_RDONLY | O_CLOEXEC);
        ssize_t k = fd >= 0 ? read(fd, buf, sizeof buf - 1) : 0;
        buf[k > 0 ? k : 0] = 0;
        if (fd >= 0)
                close(fd);
        return buf;
}

/*
 * Every other path-taking input, as a hook input and as a stream line,
 * with the History entries it leaves (access path category tool, one per
 * entry, in order; "" none): Grep's globs, ReadMcpResource's file: URIs,
 * the MCP file tools (an unknown one not judged, one added as --mcp-tool
 * adds it), ACP's terminal/create by check-command's rule.
 */
#define NESTED "read vendor/lib/.env masked Grep"
typedef struct Each {
        const char *tool, *input; /* %s: the root */
        const char *history;
        const char *cwd; /* the hook's, below the root; NULL: the root */
        size_t walk_max; /* the walk's bound; 0: the default */
} Each;
static void test_each(void **state_) {
        (void) state_;
        /* A tree of its own (the other tests leave checkouts in theirs),
         * with a nested checkout (vendor/lib: its .env, its .git/config),
         * one by a .git file holding nothing of the policy's (vendor/wt),
         * and a chain of directories for the walk's bound (deep/a/b). */
        char saved[PATH_MAX];
        memcpy(saved, root, sizeof saved);
        snprintf(root, sizeof root, "%s/each", dir);
        assert_int_equal(mkdir(root, 0755), 0);
        static const char *const tree[] = {".git/",
                                           ".git/hooks/",
                                           ".env",
                                           "sub/",
                                           "secrets/",
                                           "vendor/",
                                           "vendor/lib/",
                                           "vendor/lib/.git/",
                                           "vendor/lib/.git/config",
                                           "vendor/lib/.env",
                                           "vendor/wt/",
                                           "vendor/wt/.git",
                                           "deep/",
                                           "deep/a/",
                                           "deep/a/b/"};
        for (size_t i = 0; i < ELEMENTSOF(tree); i++) {
                char name[PATH_MAX];
                size_t n = strlen(tree[i]);
                snprintf(name, sizeof name, "%.*s", (int) (tree[i][n - 1] == '/' ? n - 1 : n), tree[i]);
                mk(name, tree[i][n - 1] == '/' ? 'd' : 'f', NULL);
        }
        T *t = t_new(0);
        JudgeMcpTool added;
        const char *why = NULL;
        assert_int_equal(judge_mcp_tool_parse("fetch_note=read:note", &added, &why), 0);
        JudgeTools tools = {.mcp = &added, .n_mcp = 1};
        static const struct {
                const char *tool, *input; /* %s: the root */
                const char *history;
        } plain[] = {
                /* A glob reaches the nested checkout's masked entries too. */
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\"}", "read .env masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"**/.env\"}", "read .env masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".e*\"}", "read .env masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"{.env,x}\"}", "read .env masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"*.c,.env\",\"path\":\"%s\"}",
                 "read .env masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"vendor\"}", NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"%s/vendor/lib\"}", NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"vendor/lib/.env\"}", NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"vendor/*/.e?v\"}", NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"lib/.env\"}", ""},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env !vendor/lib\"}", "read .env masked Grep"},
                /* A search above the root goes down into it. */
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"..\"}",
                 "read .env masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"**/each/.env\",\"path\":\"/\"}",
                 "read .env masked Grep"},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"each/.e*\",\"path\":\"%s/..\"}",
                 "read .env masked Grep"},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env !each/.env\",\"path\":\"..\"}", NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"other/.env\",\"path\":\"..\"}", ""},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"deep\"}", ""},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".e* !.env\"}", ""},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"!.env\"}", ""},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"%s/sub\"}", ""},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"*.c\"}", ""},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"\"}",
                 "read .env masked Grep\n" NESTED},
                /* "*" lets secrets/ in (over the ignore files), then its files */
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"*\"}",
                 "read .env masked Grep\nread secrets masked Grep\nread KEY masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"secrets/*.key .env\"}",
                 "read .env masked Grep\nread secrets masked Grep\n" NESTED},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"!.env\",\"path\":\"%s/.env\"}",
                 "read .env masked Grep"}, /* a file named: searched as named */
                {"Glob", "{\"pattern\":\"**/.env\"}", ""},
                {"ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file://%s/%2Eenv\"}",
                 "read .env masked ReadMcpResource"},
                {"ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file://localhost%s/secrets/k\"}",
                 "read secrets/k masked-dir ReadMcpResource"},
                {"ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file://%s/main.c\"}", ""},
                {"mcp__fs__read_file", "{\"path\":\"%s/.env\"}", "read .env masked mcp__fs__read_file"},
                {"mcp__fs__read_text_file", "{\"path\":\".env\"}",
                 "read .env masked mcp__fs__read_text_file"},
                {"mcp__fs__read_multiple_files", "{\"paths\":[\"main.c\",\".env\",\"secrets/k\"]}",
                 "read .env masked mcp__fs__read_multiple_files\n"
                 "read secrets/k masked-dir mcp__fs__read_multiple_files"},
                {"mcp__fs__write_file", "{\"path\":\".git/config\",\"content\":\"\"}",
                 "write .git/config protected mcp__fs__write_file"},
                {"mcp__fs__read_text_file", "{\"path\":\"\\u212AEY\"}",
                 "read KEY masked mcp__fs__read_text_file"},
                {"mcp__fs__write_file", "{\"path\":\"sub/../\\u212AEY\",\"content\":\"\"}",
                 "write KEY masked mcp__fs__write_file"},
                {"Read", "{\"file_path\":\"\\u212AEY\"}", ""}, /* Claude Code's own: not */
                {"mcp__fs__unknown_tool", "{\"path\":\".env\"}", ""},
                {"mcp__notes__fetch_note", "{\"note\":\".env\"}", "read .env masked mcp__notes__fetch_note"},
        };
        /* ... with a cwd below the root, or a walk's bound of 1 directory */
        static const Each at[] = {
                /* Past the walk's bound: the first directory not looked in. */
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"deep\"}",
                 "read deep/a/b unwalked Grep", NULL, 1},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env !a\",\"path\":\"deep\"}", "", NULL, 1},
                /* a glob that reads no masked name walks nothing */
                {"Grep", "{\"pattern\":\"T\",\"glob\":\"*.c\",\"path\":\"deep\"}", "", NULL, 1},
                {"mcp__fs__move_file", "{\"source\":\"deep\",\"destination\":\"d2\"}",
                 "write deep/a/b unwalked mcp__fs__move_file", NULL, 1},
                {"Grep", "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"../../..\"}",
                 "read .env masked Grep\n" NESTED, "sub", 0},
                /* The reference server resolves a relative path against its
                 * allowed directory (the root), not the hook's cwd. */
                {"mcp__fs__read_text_file", "{\"path\":\".env\"}",
                 "read .env masked mcp__fs__read_text_file", "sub", 0},
                {"mcp__fs__read_file", "{\"path\":\"secrets/k\"}",
                 "read secrets/k masked-dir mcp__fs__read_file", "sub", 0},
                {"mcp__fs__write_file", "{\"path\":\".git/config\",\"content\":\"\"}",
                 "write .git/config protected mcp__fs__write_file", "sub", 0},
                {"Read", "{\"file_path\":\".env\"}", "", "sub", 0}, /* the client's own: its cwd */
                {"mcp__fs__read_text_file", "{\"path\":\"~nobody/../.env\"}",
                 "read .env masked mcp__fs__read_text_file", "sub", 0}, /* "~user" is a name */
        };
        static const struct {
                const char *params, *history;
        } acp[] = {
                {"\"command\":\"cat\",\"args\":[\".env\"]", "read .env masked terminal/create"},
                {"\"command\":\"cat .env\"", "read .env masked terminal/create"},
                {"\"command\":\"sh\",\"args\":[\"-c\",\"head secrets/k\"]",
                 "read secrets masked terminal/create"},
                {"\"command\":\"ls\",\"args\":[\"-la\"],\"cwd\":\"/w\"", ""},
                {"\"command\":\"wc\",\"args\":[\"-c\",\".env\"]", ""}, /* a size: allowed */
                /* its cwd and env are the line's */
                {"\"command\":\"cat\",\"args\":[\"k\"],\"cwd\":\"/w/secrets\"",
                 "read secrets masked terminal/create"},
                {"\"command\":\"bash\",\"args\":[\"-c\",\"echo $K\"],\"env\":[{\"name\":\"BASH_ENV\","
                 "\"value\":\".env\"}]",
                 "read .env masked terminal/create"},
                /* as check-command decides with no history record: git's blobs are read */
                {"\"command\":\"git\",\"args\":[\"log\",\"-p\"]",
                 "read .env masked terminal/create\nread secrets masked terminal/create\n"
                 "read KEY masked terminal/create"},
        };
        char line[256];
        const size_t n_cases = ELEMENTSOF(plain) + ELEMENTSOF(at);
        for (size_t i = 0; i < n_cases + ELEMENTSOF(acp); i++) {
                _cleanup_free_ char *input = NULL, *json = NULL;
                bool is_acp = i >= n_cases;
                Each one = {0};
                if (i < ELEMENTSOF(plain))
                        one = (Each){plain[i].tool, plain[i].input, plain[i].history, NULL, 0};
                else if (!is_acp)
                        one = at[i - ELEMENTSOF(plain)];
                const Each *c = &one;
                const char *expected = is_acp ? acp[i - n_cases].history : c->history;
                if (is_acp || c->walk_max != walk_max) { /* ACP's: no session, a run is the judge's */
                        t_free(t);
                        walk_max = c->walk_max;
                        t = t_new(0);
                }
                for (int stream = is_acp; stream < 2; stream++) {
                        free(json);
                        if (is_acp)
                                assert_true(asprintf(&json,
                                                     "{\"jsonrpc\":\"2.0\",\"id\":%zu,\"method\":\"terminal/"
                                                     "create\",\"params\":{\"sessionId\":\"s\",%s}}",
                                                     i, acp[i - n_cases].params) > 0);
                        else {
                                free(input);
                                input = subst(c->input, root);
                                assert_true(
                                        asprintf(&json,
                                                 "{\"session_id\":\"each-%zu-%d\",\"cwd\":\"%s%s%s\","
                                                 "\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"%s\","
                                                 "\"tool_input\":%s}",
                                                 i, stream, root, c->cwd ? "/" : "", c->cwd ? c->cwd : "",
                                                 c->tool, input) > 0);
                        }
                        print_message("%s\n", json);
                        const char *h = each_history(t, json, stream, &tools);
                        /* The History as "access path category tool" lines. */
                        size_t k = 0;
                        char got[2048] = "";
                        for (const char *p = h; (p = strstr(p, "\"access\":\"")); p++) {
                                char a[8], path[64], cat[16], tool[64];
                                if (sscanf(p,
                                           "\"access\":\"%7[^\"]\",\"path\":\"%63[^\"]\",\"category\":\"%15["
                                           "^\"]\","
                                           "\"tool\":\"%63[^\"]\"",
                                           a, path, cat, tool) != 4)
                                        fail_msg("a History line: %s", p);
                                snprintf(line, sizeof line, "%s%s %s %s %s", k ? "\n" : "", a, path, cat,
                                         tool);
                                k += strlen(line);
                                strcat(got, line);
                        }
                        if (!streq(got, expected))
                                fail_msg("%s\nHistory:\n%s\nwanted:\n%s", json, got, expected);
                }
        }
        judge_mcp_tool_done(&added);
        t_free(t);
        walk_max = 0;
        memcpy(root, saved, sizeof saved);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_resolve),       cmocka_unit_test(test_once_per_run),
                cmocka_unit_test(test_cap),           cmocka_unit_test(test_session_across_processes),
                cmocka_unit_test(test_torn_state),    cmocka_unit_test(test_resolve_cached),
                cmocka_unit_test(test_cache_changes), cmocka_unit_test(test_cache_bound),
                cmocka_unit_test(test_cache_mount),   cmocka_unit_test(test_cache_gone_dotdot),
                cmocka_unit_test(test_cache_bytes),   cmocka_unit_test(test_client),
                cmocka_unit_test(test_each),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
