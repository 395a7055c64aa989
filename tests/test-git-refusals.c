/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git-refusals.h"
#include "util.h"

/* The paths of text, joined by '|' ("" for none). */
static char *paths_of(const char *text) {
        char *all = NULL;
        size_t n = 0;
        assert_int_equal(git_refused_paths(text, strlen(text), &all, &n), 0);
        char *out = calloc(1, 4096);
        assert_non_null(out);
        size_t at = 0;
        for (size_t i = 0; i < n; i++) {
                snprintf(out + strlen(out), 4096 - strlen(out), "%s%s", i ? "|" : "", all + at);
                at += strlen(all + at) + 1;
        }
        free(all);
        return out;
}

static void expect(const char *text, const char *want) {
        _cleanup_free_ char *got = paths_of(text);
        if (!streq(got, want))
                fail_msg("%s: got '%s', want '%s'", text, got, want);
}

/* git 2.39's wording (unpack-trees.c, entry.c), and what is none of it. */
static void test_messages(void **state) {
        (void) state;
        expect("error: Your local changes to the following files would be overwritten by merge:\n"
               "\t.env\n\tsrc/a b.c\nPlease commit your changes or stash them before you merge.\nAborting\n",
               ".env|src/a b.c");
        expect("error: The following untracked working tree files would be overwritten by checkout:\n"
               "\t.env\nPlease move or remove them before you switch branches.\n",
               ".env");
        expect("error: The following untracked working tree files would be removed by merge:\n\tx/.netrc\n",
               "x/.netrc");
        expect("error: Updating the following directories would lose untracked files in them:\n\tconf\n\n",
               "conf");
        expect("error: Entry '.env' not uptodate. Cannot merge.\n", ".env");
        expect("error: Entry 'it's' would be overwritten by merge. Cannot merge.\n", "it's");
        expect("error: Untracked working tree file '.envrc' would be removed by merge.\n", ".envrc");
        expect("error: unable to unlink old '.env': Device or resource busy\n", ".env");
        expect("fatal: cannot create directory at '.env': Not a directory\n", ".env");
        expect("error: unable to create file .env: Read-only file system\n", ".env");
        /* none: a tab-indented line with no header above it, a header with
         * no list, anything else that mentions a path */
        expect("\t.env\n", "");
        expect("modified:   .env\n\t.env\n", "");
        expect("error: Your local changes to the following files would be overwritten by merge:\nAborting\n",
               "");
        expect("cat: .env: No such file or directory\n", "");
        expect("", "");
}

/* At most GIT_REFUSALS_MAX paths from one text. */
static void test_bound(void **state) {
        (void) state;
        size_t n = 0;
        char *text = malloc(64 * 1024), *all = NULL;
        assert_non_null(text);
        strcpy(text, "error: The following untracked working tree files would be removed by checkout:\n");
        for (int i = 0; i < 500; i++)
                snprintf(text + strlen(text), 64 * 1024 - strlen(text), "\tf%d\n", i);
        assert_int_equal(git_refused_paths(text, strlen(text), &all, &n), 0);
        assert_int_equal(n, GIT_REFUSALS_MAX);
        free(all);
        free(text);
}

/* git itself as the oracle: the merge and checkout a tracked file changed
 * upstream and locally stops, in a scratch repository. */
static void test_real_git(void **state) {
        (void) state;
        char dir[] = "/tmp/pp-git-refusals-XXXXXX";
        if (system("git --version >/dev/null 2>&1") != 0)
                SKIP_UNLESS_CI("no git here\n");
        assert_non_null(mkdtemp(dir));
        char cmd[4096];
        snprintf(cmd, sizeof cmd,
                 "cd %s && export GIT_CONFIG_NOSYSTEM=1 HOME=%s LC_ALL=C && git init -q -b main up && cd up "
                 "&& echo 1 > .env && echo x > f && git add -A && git -c user.email=a@b -c user.name=a "
                 "commit "
                 "-qm 1 && cd .. && git clone -q up down && cd up && echo 2 > .env && git -c user.email=a@b "
                 "-c "
                 "user.name=a commit -qam 2 && git checkout -qb other && git rm -q f && mkdir f && echo y > "
                 "f/g && git add -A && git -c user.email=a@b -c user.name=a commit -qm 3 && cd ../down && "
                 "git fetch -q && echo local > .env && (git merge origin/main; git checkout origin/main; "
                 "git checkout -q . && echo untracked > f2 && git rm -q --cached f >/dev/null && git "
                 "checkout "
                 "origin/other; true) > ../out 2>&1",
                 dir, dir);
        int r = system(cmd);
        snprintf(cmd, sizeof cmd, "%s/out", dir);
        _cleanup_free_ char *text = NULL;
        FILE *f = fopen(cmd, "re");
        assert_non_null(f);
        text = calloc(1, 65536);
        assert_non_null(text);
        size_t n = fread(text, 1, 65535, f);
        fclose(f);
        text[n] = 0;
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        assert_int_equal(system(cmd), 0);
        if (r != 0)
                fail_msg("the scratch repository: %s", text);
        /* the merge's and the first checkout's local change; the untracked f
         * the other branch's directory would overwrite */
        expect(text, ".env|.env|f");
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_messages),
                cmocka_unit_test(test_bound),
                cmocka_unit_test(test_real_git),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
