/* SPDX-License-Identifier: MIT */
/* platform_processes (platform/linux/process.c) against real processes named git-x holding many files.
 * Must not assume it sees only its own: other gits on the machine are in the walk too. */
#include "tests.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "platform.h"
#include "util.h"

typedef struct Child {
        pid_t pid;
        int hold; /* its end closes when the test lets it go */
} Child;

/* A process named git-x (what an agent names an idle process to look like
 * git) holding n descriptors of /dev/null, back once all are open. */
static Child child_start(int n) {
        int ready[2], hold[2];
        assert_int_equal(pipe2(ready, O_CLOEXEC), 0);
        assert_int_equal(pipe2(hold, O_CLOEXEC), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                char c;
                close(ready[0]);
                close(hold[1]);
                (void) prctl(PR_SET_NAME, "git-x");
                for (int i = 0; i < n; i++)
                        if (open("/dev/null", O_RDONLY) < 0)
                                _exit(1);
                if (write(ready[1], "r", 1) != 1)
                        _exit(1);
                if (read(hold[0], &c, 1) < 0) /* until the test closes its end */
                        _exit(1);
                _exit(0);
        }
        char c;
        close(ready[1]);
        close(hold[0]);
        assert_int_equal(read(ready[0], &c, 1), 1);
        close(ready[0]);
        return (Child){.pid = pid, .hold = hold[1]};
}

/* Every child let go before any is waited for: a later child inherited
 * the earlier ones' ends of their pipes (fork, no exec). */
static void children_stop(Child *c, size_t n) {
        int status;
        for (size_t i = 0; i < n; i++)
                if (c[i].pid > 0)
                        close(c[i].hold);
        for (size_t i = 0; i < n; i++)
                if (c[i].pid > 0)
                        assert_int_equal(waitpid(c[i].pid, &status, 0), c[i].pid);
}

static size_t count(char **v) {
        size_t n = 0;
        for (; v && v[n]; n++)
                ;
        return n;
}

static const PlatformProcess *find(const PlatformProcess *v, size_t n, pid_t pid) {
        for (size_t i = 0; i < n; i++)
                if (v[i].pid == pid)
                        return &v[i];
        return NULL;
}

static const struct {
        const char *name;
        int fds[2];       /* descriptors each child holds (0: no second child) */
        size_t max_files; /* the bound (0: none) */
        bool cut;         /* the walk says the bound cut it */
} cases[] = {
        {"no bound reads every file", {300, 0}, 0, false},
        {"a bound above all files", {300, 0}, 100000, false},
        {"one process past the bound", {300, 0}, 100, true},
        {"two processes sharing the bound", {200, 200}, 300, true},
        {"a bound of one link", {50, 50}, 1, true},
};

static void test_bound(void **state) {
        (void) state;
        for (size_t t = 0; t < ELEMENTSOF(cases); t++) {
                print_message("case: %s\n", cases[t].name);
                Child ch[2] = {child_start(cases[t].fds[0]), {.pid = -1}};
                if (cases[t].fds[1])
                        ch[1] = child_start(cases[t].fds[1]);
                PlatformProcessBound b = {.max_files = cases[t].max_files};
                PlatformProcess *v = NULL;
                size_t n = 0, total = 0;
                int r = platform_processes(&b, &v, &n);
                assert_int_equal(r, cases[t].cut ? 1 : 0);
                for (size_t i = 0; i < n; i++)
                        total += count(v[i].files);
                /* Every git's files together, whoever else runs one. */
                if (cases[t].max_files)
                        assert_true(total <= cases[t].max_files);
                for (size_t k = 0; k < 2 && ch[k].pid > 0; k++) {
                        const PlatformProcess *p = find(v, n, ch[k].pid);
                        assert_true(p && p->git); /* in the walk, as a git */
                        if (!p)
                                continue;
                        size_t want = (size_t) cases[t].fds[k] + 3; /* and stdin, stdout, stderr */
                        if (!cases[t].cut) {
                                assert_false(p->files_cut);
                                assert_true(count(p->files) >= want - 3);
                        } else if (p->files_cut)
                                assert_true(count(p->files) < want);
                }
                /* Cut, the bound fell on one of the children at least
                 * (they hold more than it). */
                if (cases[t].cut) {
                        const PlatformProcess *a = find(v, n, ch[0].pid),
                                              *c = ch[1].pid > 0 ? find(v, n, ch[1].pid) : NULL;
                        assert_true((a && a->files_cut) || (c && c->files_cut));
                }
                platform_processes_free(v, n);
                children_stop(ch, 2);
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_bound),
        };
        return RUN(tests);
}
