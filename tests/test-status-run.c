/* SPDX-License-Identifier: MIT */
/* daemon/engine/status-run.c: what the disk says of .git directories,
 * .git files and commondirs, beneath the root, no symlink followed; and a
 * status read on a system where nothing of ours is mounted below a fresh
 * directory (no root needed). */
#include "tests.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>

#include "status-run.h"
#include "util.h"

static char dir[] = "/tmp/test-status-run-XXXXXX";
static int dfd = -EBADF;

static int setup(void **state) {
        (void) state;
        assert_non_null(mkdtemp(dir));
        dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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
        char cmd[4096];
        snprintf(cmd, sizeof cmd, "cd '%s' && %s", dir, what);
        assert_int_equal(system(cmd), 0);
}

static const StatusCheckout *find(const Status *s, const char *path) {
        for (size_t i = 0; i < s->n_checkouts; i++)
                if (streq(s->checkouts[i].path, path))
                        return &s->checkouts[i];
        fail_msg("no checkout '%s'", path);
        return NULL;
}

static void test_disk(void **state) {
        (void) state;
        sh("mkdir -p .git/modules/lib/hooks cl/.git/worktrees/wt cl/.claude wt lib sym odd far plain/sub && "
           "printf 'gitdir: ../.git/modules/lib\\n' >lib/.git && "
           /* absolute, as git worktree add writes it */
           "printf 'gitdir: %s/cl/.git/worktrees/wt\\n' \"$(pwd -P)\" >wt/.git && "
           "printf '../..\\n' >cl/.git/worktrees/wt/commondir && "
           "ln -s cl/.git sym/.git && mkfifo odd/.git && printf 'gitdir: /elsewhere/.git\\n' >far/.git && "
           "ln -s cl link");
        static const StatusMount m[] = {
                {".env", PLATFORM_MASK_FILE},         {"cl/.env", PLATFORM_MASK_FILE},
                {"cl/.git/config", PLATFORM_PROTECT}, {"cl/.claude", PLATFORM_PROTECT},
                {"wt/.env", PLATFORM_MASK_FILE},      {".git/modules/lib/config", PLATFORM_PROTECT},
                {"lib/.env", PLATFORM_MASK_FILE},     {".git/modules/lib/hooks", PLATFORM_PROTECT},
                {"sym/.env", PLATFORM_MASK_FILE},     {"odd/.env", PLATFORM_MASK_FILE},
                {"far/.env", PLATFORM_MASK_FILE},     {"plain/sub/.env", PLATFORM_MASK_FILE},
                {"link/.env", PLATFORM_MASK_FILE}, /* through a symlink: not cl's */
        };
        _cleanup_status_ Status *s = NULL;
        const StatusCheckout *c;

        assert_int_equal(status_group_beneath(dfd, m, ELEMENTSOF(m), &s), 0);
        assert_int_equal(s->n_checkouts, 7);
        assert_int_equal(s->n_binds, ELEMENTSOF(m));

        c = find(s, "");
        assert_int_equal(c->dotgit.git, STATUS_GIT_DIR);
        assert_string_equal(c->dotgit.gitdir, ".git");
        assert_int_equal(c->n_binds, 3);
        assert_string_equal(c->binds[0].path, ".env");
        assert_string_equal(c->binds[1].path, "link/.env");
        assert_string_equal(c->binds[2].path, "plain/sub/.env");

        c = find(s, "cl");
        assert_int_equal(c->n_binds, 3);
        assert_string_equal(c->binds[0].path, "cl/.claude/"); /* a directory */
        assert_false(c->binds[0].git_metadata);
        assert_string_equal(c->binds[2].path, "cl/.git/config");
        assert_true(c->binds[2].git_metadata);

        c = find(s, "lib");
        assert_int_equal(c->dotgit.git, STATUS_GIT_FILE);
        assert_string_equal(c->dotgit.gitdir, ".git/modules/lib");
        assert_int_equal(c->n_binds, 3);
        assert_string_equal(c->binds[0].path, ".git/modules/lib/config");
        assert_true(c->binds[0].git_metadata);
        assert_string_equal(c->binds[1].path, ".git/modules/lib/hooks/");

        c = find(s, "wt");
        assert_string_equal(c->dotgit.gitdir, "cl/.git/worktrees/wt");
        assert_string_equal(c->dotgit.commondir, "cl/.git");

        /* A .git that is a symlink or a fifo: a checkout, its gitdir
         * untold (and the fifo never read: this test would hang). */
        c = find(s, "sym");
        assert_int_equal(c->dotgit.git, STATUS_GIT_OTHER);
        assert_null(c->dotgit.gitdir);
        assert_int_equal(find(s, "odd")->dotgit.git, STATUS_GIT_OTHER);
        c = find(s, "far");
        assert_int_equal(c->dotgit.git, STATUS_GIT_FILE);
        assert_null(c->dotgit.gitdir);
}

static void test_read(void **state) {
        (void) state;
        _cleanup_status_ Status *s = NULL;
        _cleanup_free_ char *root = NULL;
        char message[256] = "";

        /* A fresh directory: nothing of ours below it (or no mounts at all,
         * on the poll backend). */
        assert_int_equal(status_read(dir, &s, &root, message, sizeof message), 0);
        assert_int_equal(s->n_binds, 0);
        assert_int_equal(s->n_checkouts, 0);
        assert_non_null(strstr(root, "test-status-run-"));

        /* A root that is not there: said, naming it; outputs untouched. */
        Status *none = (Status *) 0x1;
        char *name = (char *) 0x1;
        char missing[PATH_MAX];
        snprintf(missing, sizeof missing, "%s/no\nsuch", dir);
        assert_int_equal(status_read(missing, &none, &name, message, sizeof message), -ENOENT);
        assert_ptr_equal(none, (Status *) 0x1);
        assert_ptr_equal(name, (char *) 0x1);
        assert_non_null(strstr(message, "cannot open "));
        assert_non_null(strstr(message, "/no\\nsuch: No such file or directory"));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_disk),
                cmocka_unit_test(test_read),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
