/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "command.h"
#include "tests.h"
#include "util.h"

/*
 * Directories a line opens or enters while the history holds a masked
 * entry (daemon/core/command-chdir.c, command-cwd.c): a redirect that opens .git or
 * a path in it, on any command (31x 1: exec 3<.git; cd /dev/fd/3/objects);
 * a cd into a path in .git or to a descriptor's directory.
 * Each row a command line, whether the history holds every entry, and the
 * verdict; the line starts in /ws/repo.
 */

static const bool folds[64] = {[0 ... 63] = true};
static const char *const secrets[] = {".env", ".envrc", ".git-credentials", ".netrc"};
static const bool all_held[] = {true, true, true, true};
static const char *const *const root_at[] = {
        (const char *const[]){".env", NULL}, (const char *const[]){".envrc", NULL},
        (const char *const[]){".git-credentials", NULL}, (const char *const[]){".netrc", NULL}};

typedef struct Row {
        const char *cmd;
        bool held; /* the history holds every entry */
        bool refused;
} Row;

#define OBJ "68/8daa713492aa8d7792d4e82c40ae7020a0387b"

static const Row rows[] = {
        /* 31x 1: a descriptor opened on .git, whatever the command */
        {"exec 3<.git; cd /dev/fd/3/objects && cat */* | perl -ne 1", true, true},
        {"cd /dev/fd/3/objects 3<.git; cat */*", true, true},
        {"cd /dev/stdin/objects <.git; cat */*", true, true},
        {"exec <.git; cd /dev/stdin/objects; cat */*", true, true},
        {"exec 3<.git; head -c 99999 /dev/fd/3/objects/*/*", true, true},
        {"exec 3< .git/objects/" OBJ "; cat <&3", true, true},
        {"exec 3<> .git/objects/" OBJ "; cat <&3", true, true},
        {"command exec 3<.git; cd /dev/fd/3/objects && cat */*", true, true},
        {"exec 3<src/../.git; cd /dev/fd/3/objects && cat */*", true, true},
        {"exec 3<.git/./objects; cd /dev/fd/3 && cat */*", true, true},
        {"exec 3< /proc/self/cwd/.git; cd /dev/fd/3/objects; cat ?\?/*", true, true},
        {"exec 3<.git/objects/68/*; cat <&3", true, true},
        {"exec 7<.git; cd /dev/fd/7/objects; for f in */*; do cat \"$f\"; done", true, true},
        {"cd /dev/fd/9 9<.git; cat objects/*/*", true, true},
        {"exec 3<.git; cd /proc/self/fd/3/objects && cat */*", true, true},
        /* ... spelled otherwise, at another depth, by another command */
        {"exec 3<\".git\"", true, true},
        {"exec 3<'.g'it", true, true},
        {"exec 3<\\.git", true, true},
        {"exec 3<$'.\\x67it'", true, true},
        {"exec 3<.gi?", true, true},
        {"exec 3<.g[i]t", true, true},
        {"exec 3<.gi{t,x}", true, true},
        {"exec 3<.GIT", true, true},
        {"exec 3<~+/.git/refs", true, true},
        {"exec 3<\"$PWD/.git/refs\"", true, true},
        {"exec 3<.git/refs; cat /dev/fd/3/../objects/" OBJ, true, true},
        {"cat /dev/fd/3/../objects/" OBJ " 3<.git/refs", true, true},
        {"true 3<.git/modules", true, true},
        {"f() { exec 3<.git; }; f; cat /dev/fd/3/objects/68/*", true, true},
        {"sh -c 'exec 3<.git; cat /dev/fd/3/objects/*/*'", true, true},
        {"exec 3<.git/HEAD/..", true, true},
        /* a cd into a path in .git, or to a descriptor's directory */
        {"cd .git/refs && cat ../objects/" OBJ, true, true},
        {"pushd .gi?/hooks; cat ../objects/68/*", true, true},
        {"cd src/../.git/refs", true, true},
        {"cd /proc/self/cwd && cd .git", true, true},
        {"exec 3<.; cd /dev/fd/3; cd .git/refs", true, true},
        {"cd /dev/fd/3/objects; cat */*", true, true},
        {"cd \"$(git rev-parse --git-dir)/refs\" && cat ../objects/68/*", true, true},
        /* ordinary lines */
        {"exec 3< input.txt", true, false},
        {"exec > build.log 2>&1", true, false},
        {"exec 3<&0", true, false},
        {"cd /proc/self && ls", true, false},
        {"read ref < .git/HEAD", true, false},
        {"cat .git/HEAD", true, false},
        {"sudo -u postgres pg_ctl status -D /var/lib/postgresql/data", true, false},
        {"cd \"$d\" && cat ../README.md", true, false},
        /* no masked entry in the history */
        {"exec 3<.git", false, false},
        {"cd .git/refs && ls", false, false},
};

static void test_table(void **state) {
        (void) state;
        size_t failed = 0;
        for (size_t i = 0; i < ELEMENTSOF(rows); i++) {
                const Row *row = &rows[i];
                CommandVerdict v;
                CommandPolicy policy = {.secrets = secrets,
                                        .n_secrets = ELEMENTSOF(secrets),
                                        .held = row->held ? all_held : NULL,
                                        .held_at = root_at,
                                        .fold = folds,
                                        .cwd = "/ws/repo",
                                        .home = "/home/u"};
                assert_int_equal(command_check(row->cmd, strlen(row->cmd), &policy, &v), 0);
                if (v.refused != row->refused) {
                        print_message("%-60s %s (%s)\n", row->cmd, v.refused ? "refused" : "allowed",
                                      v.reason);
                        failed++;
                }
                command_verdict_done(&v);
        }
        assert_int_equal(failed, 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_table),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
