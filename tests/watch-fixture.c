/* SPDX-License-Identifier: MIT */
/* The watcher's test fixture: a fake tree, fake git processes, a fake clock, and the records said.
 * Must not decide anything a test asserts: each test-watch*.c says what it expects. */
#include "watch-fixture.h"

#include <fcntl.h>

/* Fake processes: a table the test fills. A process's pidfd is the read
 * end of a pipe; it exits when the test closes the write end, which polls
 * readable (hung up) just as a pidfd does. The clock is the test's: the
 * watcher's loop clock and boot clock both, moved only by advance(). */
FakeProc procs[MAX_PROCS];
size_t n_procs;
bool procs_cut;
FakeClock test_clock = {.now_ms = 100000};

static int fake_processes(const PlatformProcessBound *bound, PlatformProcess **ret, size_t *ret_n) {
        (void) bound;
        PlatformProcess *v = calloc(n_procs + 1, sizeof *v);
        size_t n = 0;
        for (size_t j = 0; j < n_procs; j++) {
                if (procs[j].pipe[1] < 0)
                        continue; /* exited: no longer in /proc */
                size_t i = n++;
                v[i] = procs[j].p;
                v[i].cwd = procs[j].cwd ? strdup(procs[j].cwd) : NULL;
                if (procs[j].file) {
                        v[i].files = calloc(2, sizeof *v[i].files);
                        v[i].files[0] = strdup(procs[j].file);
                }
                v[i].args = calloc(3, sizeof *v[i].args);
                v[i].args[0] = strdup("git");
                if (procs[j].arg)
                        v[i].args[1] = strdup(procs[j].arg);
        }
        *ret = v;
        *ret_n = n;
        return procs_cut ? 1 : 0;
}
static void fake_processes_free(PlatformProcess *v, size_t n) {
        for (size_t i = 0; i < n; i++) {
                free(v[i].cwd);
                for (char **f = v[i].files; f && *f; f++)
                        free(*f);
                free(v[i].files);
                for (char **a = v[i].args; a && *a; a++)
                        free(*a);
                free(v[i].args);
        }
        free(v);
}
static int fake_pidfd(int pid, uint64_t start) {
        for (size_t i = 0; i < n_procs; i++)
                if (procs[i].p.pid == pid && procs[i].p.start_ms == start)
                        return fcntl(procs[i].pipe[0], F_DUPFD_CLOEXEC, 3);
        return -ESRCH;
}
/* A process: git or not, its parent, how long ago it started, its cwd. */
int proc_add(bool git, int ppid, uint64_t age_ms, const char *cwd) {
        size_t i = n_procs++;
        procs[i].p = (PlatformProcess){
                .pid = 1000 + (int) i, .ppid = ppid, .start_ms = test_clock.now_ms - age_ms, .git = git};
        procs[i].cwd = cwd;
        procs[i].file = NULL;
        procs[i].arg = NULL;
        assert_int_equal(pipe2(procs[i].pipe, O_CLOEXEC), 0);
        return procs[i].p.pid;
}
void proc_exit(int pid) {
        size_t i = (size_t) (pid - 1000);
        if (procs[i].pipe[1] >= 0)
                close(procs[i].pipe[1]);
        procs[i].pipe[1] = -1;
}
void procs_reset(void) {
        procs_cut = false;
        for (size_t i = 0; i < n_procs; i++) {
                proc_exit(procs[i].p.pid);
                close(procs[i].pipe[0]);
        }
        n_procs = 0;
}

static const char policy_text[] = "mask-file .env\n"
                                  "mask-dir secrets/\n"
                                  "protect .claude/\n"
                                  "protect .git/config\n"
                                  "protect .git/hooks/\n";

const BinderOps *binder_for_test = &fake_binder;
bool fold_for_test;
bool config_audit_for_test;
size_t budget_for_test;

T *t_new(void) {
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

        fake_clock_reset(&test_clock);
        watch_config_init(&wc);
        wc.loop = &t->loop;
        wc.root = "/tmp";
        wc.policy = t->policy;
        wc.binder = binder_for_test;
        wc.files = binder_for_test->warn_only ? &fake_warn_files : &fake_files;
        wc.fold_case = fold_for_test;
        wc.git_config_audit = config_audit_for_test;
        wc.log = t->log;
        wc.git_check_ms = 5;
        wc.git_deadline_ms = 300;
        wc.mount_budget = budget_for_test;
        wc.processes = fake_processes;
        wc.processes_free = fake_processes_free;
        wc.pidfd = fake_pidfd;
        wc.clock = &fake_clock;
        wc.clock_data = &test_clock;
        assert_int_equal(watch_new(&wc, &t->w), 0);
        return t;
}

/* Records so far, as text (one JSON object a line). */
const char *records(T *t) {
        ssize_t n;
        while ((n = read(t->fds[0], t->out + t->out_len, sizeof t->out - 1 - t->out_len)) > 0)
                t->out_len += (size_t) n;
        t->out[t->out_len] = 0;
        return t->out;
}

size_t find_node(const char *path) {
        for (size_t i = 0; i < fake.n; i++)
                if (strcmp(fake.nodes[i].path, path) == 0)
                        return i;
        fail_msg("no node %s", path);
        return 0;
}

size_t count(T *t, const char *needle) {
        size_t n = 0;
        for (const char *p = records(t); (p = strstr(p, needle)); p++)
                n++;
        return n;
}

void t_free(T *t) {
        watch_stop(t->w);
        assert_int_equal(fake_clock_timers(&test_clock), 0);
        log_stream_shutdown(t->log, NULL, NULL);
        uv_run(&t->loop, UV_RUN_DEFAULT);
        watch_free(t->w);
        log_stream_free(t->log);
        assert_int_equal(uv_loop_close(&t->loop), 0);
        policy_free(t->policy);
        procs_reset();
        close(t->fds[0]);
        close(t->fds[1]);
        free(t);
}

/* Let ms pass on the test's clock: each of the watcher's timers due
 * meanwhile fires, in order; before each, and after the last, the loop
 * handles what is in hand (a maker's exit) without waiting for more. */
void advance(T *t, unsigned ms) {
        uint64_t until = test_clock.now_ms + ms;
        do
                uv_run(&t->loop, UV_RUN_NOWAIT);
        while (fake_clock_step(&test_clock, until));
}

/* What the inotify backend says for a name moved over. */

bool bound(const char *path) {
        for (size_t i = 0; i < fake.n; i++)
                if (streq(fake.nodes[i].path, path))
                        return fake.nodes[i].bound;
        fail_msg("no node %s", path);
        return false;
}

void base_tree(void) {
        fake_reset();
        config_audit_for_test = false; /* a test that failed half way leaves no mode behind */
        fake_add("", 'd');
        fake_add(".git", 'd');
        fake_add(".env", 'f');
        fake_add("a", 'd');
        fake_add("a/.git", 'd');
        fake_add("a/.git/config", 'f');
        fake_add("a/.git/hooks", 'd');
        fake_add("a/.env", 'f');
        fake_add("a/.claude", 'd');
        /* A repository: a .git with no HEAD left is given back (released) */
        fake_add("a/.git/HEAD", 'f');
}
