/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "command-rows.h"
#include "command.h"
#include "tests.h"
#include "util.h"

/*
 * Reads of git's objects while the history holds a masked entry
 * (daemon/core/command-objects.c, command-operands.c): a word that is a
 * pattern or an exclusion (grep PATTERN, grep -e P, fd -E X, go test -run
 * RE) or a copy's destination (mv F /tmp/ with the repository under /tmp)
 * is no source; the same word as a path, a brace bash expands into .git,
 * a list fd writes of .git's files, still are. Each row a command line,
 * whether the history holds every entry, and the verdict.
 */

static const bool folds[64] = {[0 ... 63] = true};
static const char *const secrets[] = {".env",   ".envrc",   ".git-credentials",
                                      ".netrc", "secrets/", "config/master.key"};
static const bool all_held[] = {true, true, true, true, true, true};
static const char *const *const root_at[] = {(const char *const[]){".env", NULL},
                                             (const char *const[]){".envrc", NULL},
                                             (const char *const[]){".git-credentials", NULL},
                                             (const char *const[]){".netrc", NULL},
                                             (const char *const[]){"secrets/", NULL},
                                             (const char *const[]){"config/master.key", NULL}};

static const CommandRow rows[] = {
        /* 31z 7: patterns, exclusions and a destination */
        {"grep -o 'https\\?://[^\"]*' README.md | sort -u", true, false},
        {"go test -race -run 'TestAPI/.*' ./...", true, false},
        {"go test -run=.git/objects/ab/cd ./...", true, false},
        {"fd -H -E .git -e yml", true, false},
        {"fd -H --exclude .git --type f", true, false},
        {"grep -n 'x/.*' f", true, false},
        {"sudo grep -o 'x/.*' f", true, false},
        {"grep --include '*.git' -r x src", true, false},
        {"ls -a | grep -v .git", true, false},
        {"grep -e x -e '.git/.*' README.md", true, false},
        {"fgrep .git README.md", true, false},
        {"grep --exclude-dir=.git -rn KEY .", true, false},
        {"rg -g '!.git' -n KEY src", true, false},
        {"mv .env.example.bak ..", true, false},
        {"mv src ~/", true, false},
        {"cp -r src ..", true, false},
        {"cp -r -- src ..", true, false},
        /* ... the same words as paths, or read another way */
        {"grep -r KEY .git", true, true},
        {"grep -ra KEY .", true, true},
        {"cp -r . ../x", true, true},
        {"cp -r .. ../x/", true, true},
        {"mv .git ../x", true, true},
        {"mv -- .git ../x", true, true},
        {"mv -t .. .git", true, true},
        {"cp -rt ../x .", true, true},
        {"cp -rT . ../x", true, true},
        {"mv x ../*", true, true},
        {"mv x {..,y}", true, true},
        {"ln -s ..", true, true},
        {"mv x \"$d\"", true, true},
        {"tar c .", true, true},
        {"fd -HI . -x cat", true, true},
        {"grep .git .git", true, true},
        {"grep x .git/objects/ab/cd", true, true},
        {"grep -e x .git/objects/ab/cd", true, true},
        {"grep -ex .git/objects/ab/cd", true, true},
        {"grep -ie x .git/objects/ab/cd", true, true},
        {"grep --regexp=x .git/objects/ab/cd", true, true},
        {"grep --reg x .git/objects/ab/cd", true, true},
        {"grep -f .git/objects/ab/cd x", true, true},
        {"grep --file=.git/objects/ab/cd x", true, true},
        {"grep -A .git/objects/ab/cd x y", true, true},
        {"grep -- x .git/objects/ab/cd", true, true},
        {"grep .git/objects/ab/cd \"$x\" KEY", true, true},
        {"grep .git/objects/ab/cd $x", true, true},
        {"grep .git/objects/ab/cd *", true, true},
        {"GREP_OPTIONS='-e x' grep .git/objects/ab/cd", true, true},
        {"env GREP_OPTIONS=-ex grep .git/objects/ab/cd", true, true},
        {"printf -- '-e\\nx\\n' | xargs grep .git/objects/ab/cd", true, true},
        {"xargs grep .git/objects/ab/cd < l", true, true},
        {"grep $'-e' x .git/objects/ab/cd", true, true},
        {"grep -\\e x .git/objects/ab/cd", true, true},
        {"export GREP_OPTIONS='-e x'; grep .git/objects/ab/cd", true, true},
        {"rg .git/objects/ab/cd", true, true},
        {"rg --ignore-file .git/objects/ab/cd KEY", true, true},
        {"rg -e KEY .git", true, true},
        {"fd . .git -x cat", true, true},
        {"fd -HI .git | xargs cat", true, true},
        {"fd -u -p -g '**/.git/objects/**' | xargs cat", true, true},
        {"fd -HI -p .git/objects -x cat", true, true},
        {"fd -H . -X cat .git/objects/ab/cd", true, true},
        {"go test -run X .git/objects/ab/cd", true, true},
        {"go test -exec 'cat .git/objects/ab/cd' -run X ./...", true, true},
        {"go test -race -run 'TestAPI/.*' ./... && cat .git/objects/ab/cd", true, true},
        /* a brace bash expands into .git/objects */
        {"cat .gi{t,}/objects/ab/cd", true, true},
        {"cat {.git,x}/objects/ab/cd", true, true},
        {"cat .{git,x}/objects/ab/cd", true, true},
        {"cat .g{i,x}t/obj{ects,x}/ab/cd", true, true},
        {"grep x .gi{t,}/objects/ab/cd", true, true},
        {"cat .gi{t,}/objects/ab/cd", false, false},
        /* a program known only when it runs, given git's objects */
        {"g=cat; $g .git/objects/ab/cd", true, true},
        {"$g .gi{t,}/objects/ab/cd", true, true},
        {"g=cat; $g src/a.py", true, false},
        /* env -S S WORDS: S's command with the words after it */
        {"env -S cat .git/objects/ab/cd", true, true},
        {"env -S 'grep -e x' .git/objects/ab/cd", true, true},
        {"env --split-string=cat .git/objects/ab/cd", true, true},
        {"env -S 'python3 -m pytest' -q tests", true, false},
        /* a list fd writes of .git's files, read back by a program that opens them */
        {"fd -HI -t f 7 > l; xargs -a l cat", true, true},
        {"fd -u 7 > l; tar -T l -cf - | tar -xO", true, true},
        {"fd -tf -H x > l; xargs -a l cat", true, true},
        {"fd -H -E .git 7 > l; xargs -a l cat", true, false},
        /* ... or read back as a command's words */
        {"find . -type f > l; cat $(cat l)", true, true},
        {"find . -type f > l; cat $(< l)", true, true},
        {"fd -HI 7 > l; cat $(cat l)", true, true},
        {"find src -type f > l; cat $(cat l)", true, false},
        {"find . -type f > l; echo $(cat l)", true, false},
        {"fd -t f 7 > l; xargs -a l cat", true, false},
};

static void test_table(void **state) {
        (void) state;
        const CommandPolicy base = {
                .secrets = secrets, .n_secrets = ELEMENTSOF(secrets), .held_at = root_at, .fold = folds};
        assert_int_equal(command_rows_failed(rows, ELEMENTSOF(rows), &base, all_held), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_table),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
