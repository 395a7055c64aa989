/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "command-rows.h"
#include "command.h"
#include "tests.h"
#include "util.h"

/*
 * Directories a line opens or enters while the history holds a masked
 * entry (daemon/core/command-chdir.c, command-cwd.c, the wrappers'
 * directory options in command-wrappers.c): a redirect that opens .git or
 * a path in it, on any command (31x 1: exec 3<.git; cd /dev/fd/3/objects);
 * a cd into a path in .git or to a descriptor's directory; a wrapper's
 * directory option as a cd for what it runs (31x 2: env -C .git/objects).
 * Each row a command line, whether the history holds every entry, and the
 * verdict; the line starts in /ws/repo.
 */

static const bool folds[64] = {[0 ... 63] = true};
static const char *const secrets[] = {".env", ".envrc", ".git-credentials", ".netrc"};
static const bool all_held[] = {true, true, true, true};
static const char *const *const root_at[] = {
        (const char *const[]){".env", NULL}, (const char *const[]){".envrc", NULL},
        (const char *const[]){".git-credentials", NULL}, (const char *const[]){".netrc", NULL}};

#define OBJ "68/8daa713492aa8d7792d4e82c40ae7020a0387b"

static const CommandRow rows[] = {
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
        /* a name below a descriptor's directory, opened on a place made at run time */
        {"exec 3<$(git rev-parse --git-path refs); cat /dev/fd/3/../objects/" OBJ, true, true},
        {"exec 3<\"$GIT_DIR\"; cat /dev/fd/3/objects/" OBJ, true, true},
        {"cat /proc/self/fd/3/68/* 3<\"$x\"", true, true},
        {"cat /dev/stdin/objects/" OBJ " < \"$x\"", true, true},
        {"cat /proc/self/task/1/cwd/../objects/" OBJ, true, true},
        {"cat /dev/fd/$n/../objects/" OBJ, true, true},
        {"exec 3<\"$d\"; git diff --no-index /dev/null /dev/fd/3/objects/" OBJ, true, true},
        {"diff <(sort a) /dev/fd/3 3< b", true, false},
        {"ls -la /proc/self/fd/", true, false},
        {"ls /proc/*/cwd", true, false},
        {"cat /proc/1/root/etc/os-release", true, false},
        {"python3 x.py /dev/fd/3 3<data.csv", true, false},
        /* a cd into a path in .git, or to a descriptor's directory */
        {"cd .git/refs && cat ../objects/" OBJ, true, true},
        {"pushd .gi?/hooks; cat ../objects/68/*", true, true},
        {"cd src/../.git/refs", true, true},
        {"cd /proc/self/cwd && cd .git", true, true},
        {"exec 3<.; cd /dev/fd/3; cd .git/refs", true, true},
        {"cd /dev/fd/3/objects; cat */*", true, true},
        {"cd \"$(git rev-parse --git-dir)/refs\" && cat ../objects/68/*", true, true},
        /* a link to a directory in .git: a name that reaches the objects */
        {"ln -s .git/refs r; cat r/../objects/" OBJ, true, true},
        {"ln -s .git/refs", true, true},
        {"ln -st /tmp .git/info", true, true},
        {"ln --symbolic .gi?/refs r", true, true},
        {"ln -s -- .git/refs r", true, true},
        {"ln -s \"$PWD/.git/refs\" /tmp/r", true, true},
        {"sudo ln -s .git/refs r", true, true},
        {"sh -c 'ln -s .git/refs r'", true, true},
        {"ln -s ../../scripts/pre-commit .git/hooks/pre-commit", true, false},
        {"ln -sf ../.env.example docs/env.example", true, false},
        {"ln -s ../shared src/shared", true, false},
        {"ln -s .git/HEAD h", true, false},
        /* 31x 2: a wrapper's directory option, a cd for what it runs */
        {"env -C .git/objects sh -c 'cat */*'", true, true},
        {"timeout 5 env -C .git/objects sh -c 'cat */*'", true, true},
        {"cmake -E chdir .git/objects sh -c 'cat */*'", true, true},
        {"cmake -E chdir .git/objects cat " OBJ, true, true},
        {"env -C .git tar -cf - objects | tar -xOf -", true, true},
        {"unshare --wd=.git/objects cat " OBJ, true, true},
        {"nsenter --wd=.git/objects cat " OBJ, true, true},
        {"env --chdir=.git/objects cat " OBJ, true, true},
        {"env -C.git/objects git diff --no-index -a /dev/null " OBJ, true, true},
        {"env -C ./.git/objects/ cat " OBJ, true, true},
        {"nice env -C .git/objects cat " OBJ, true, true},
        /* ... spelled otherwise, or by another wrapper */
        {"env -iC.git cat objects/" OBJ, true, true},
        {"env -i -C .git/refs cat ../objects/" OBJ, true, true},
        {"env --ch=.git cat objects/" OBJ, true, true},
        {"env -C .gi? cat objects/" OBJ, true, true},
        {"env -C \"$d\" cat " OBJ, true, true},
        {"env -C \"$(echo .git)\" cat objects/" OBJ, true, true},
        {"env -C /dev/fd/3 cat objects/" OBJ, true, true},
        {"cmake -E chdir .gi{t,} cat objects/" OBJ, true, true},
        {"cmake -E chdir src/../.git cat objects/" OBJ, true, true},
        {"sudo --chdir .git cat objects/" OBJ, true, true},
        {"sudo -D.git cat objects/" OBJ, true, true},
        {"unshare -w .git cat objects/" OBJ, true, true},
        {"unshare -R .git /cat", true, true},
        {"nsenter -w.git cat objects/" OBJ, true, true},
        {"nsenter -w cat " OBJ, true, true},
        {"nsenter -W .git cat objects/" OBJ, true, true},
        {"systemd-run --working-directory=.git cat objects/" OBJ, true, true},
        {"systemd-run -p WorkingDirectory=/ws/repo/.git cat objects/" OBJ, true, true},
        {"systemd-run -p WorkingDirectory=-.git/objects cat " OBJ, true, true},
        {"systemd-run -p \"WorkingDirectory=$d\" cat " OBJ, true, true},
        {"systemd-run -p \"$p\" cat " OBJ, true, true},
        {"env -u X -C .git cat objects/" OBJ, true, true},
        {"sudo -u root -D .git cat objects/" OBJ, true, true},
        {"sudo --chroot=.git ls", true, true},
        {"busybox env -C .git/objects cat " OBJ, true, true},
        {"exec env -C .git/objects cat " OBJ, true, true},
        {"env -C $'.\\x67it' cat objects/" OBJ, true, true},
        {"env -C ~+/.git cat objects/" OBJ, true, true},
        {"env -C ~+/.git/refs cat ../objects/" OBJ, true, true},
        {"cd /dev && env -C fd/3 cat objects/" OBJ, true, true},
        {"env -C /proc/self/cwd sh -c 'cat */*'", true, true},
        {"unshare -R / -w /ws/repo/.git cat objects/" OBJ, true, true},
        {"env -C .. tar c repo", true, true},
        {"env -C src -S 'tar c ..'", true, true},
        {"parallel --wd .git cat ::: objects/" OBJ, true, true},
        {"firejail --private-cwd=.git cat objects/" OBJ, true, true},
        {"chroot .git /x", true, true},
        {"xargs env -C .git cat <<< objects/" OBJ, true, true},
        {"timeout 5 nice env -C .git sh -c 'cat objects/*/*'", true, true},
        {"env -C src cat ../.git/objects/" OBJ, true, true},
        /* ordinary lines */
        {"exec 3< input.txt", true, false},
        {"exec > build.log 2>&1", true, false},
        {"exec 3<&0", true, false},
        {"cd /proc/self && ls", true, false},
        {"read ref < .git/HEAD", true, false},
        {"cat .git/HEAD", true, false},
        /* a text this shell runs (eval, source, .) may move it: the
         * checkout by its name then a tree (31x B18's note) */
        {"eval 'cd ..'; tar c repo | tar -xO", true, true},
        {"eval cd ..; tar c repo", true, true},
        {"eval \"$x\"; tar c repo", true, true},
        {"builtin eval 'cd ..'; tar c repo", true, true},
        {"source <(echo cd ..); tar c repo", true, true},
        {". <(echo cd ..); tar c repo", true, true},
        {"echo 'cd ..' > s.sh; . ./s.sh; tar c repo", true, true},
        {"eval 'echo hi'; tar czf x.tgz src", true, false},
        {"source .venv/bin/activate && pytest -q", true, false},
        {"env -C build make", true, false},
        {"env --chdir=src make", true, false},
        {"cmake -E chdir build ctest", true, false},
        {"sudo -D /srv/app ls", true, false},
        {"env -C build make && git log --oneline", true, false},
        {"parallel --wd build make ::: a b", true, false},
        {"systemd-run -p WorkingDirectory=build make", true, false},
        {"systemd-run -p Nice=5 make", true, false},
        {"env -u X -C build make", true, false},
        {"cd build && make && cd .. && env -C docs make", true, false},
        {"env -C /proc/self ls", true, false},
        {"unshare -r ls", true, false},
        {"sudo -u postgres pg_ctl status -D /var/lib/postgresql/data", true, false},
        {"cd \"$d\" && cat ../README.md", true, false},
        /* no masked entry in the history */
        {"exec 3<.git", false, false},
        {"env -C .git/objects ls", false, false},
        {"cd .git/refs && ls", false, false},
};

static void test_table(void **state) {
        (void) state;
        const CommandPolicy base = {.secrets = secrets,
                                    .n_secrets = ELEMENTSOF(secrets),
                                    .held_at = root_at,
                                    .fold = folds,
                                    .cwd = "/ws/repo",
                                    .home = "/home/u"};
        assert_int_equal(command_rows_failed(rows, ELEMENTSOF(rows), &base, all_held), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_table),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
