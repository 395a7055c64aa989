/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "command-rows.h"
#include "command.h"
#include "tests.h"
#include "util.h"

/*
 * What git opens as plain files while the history holds a masked entry
 * (daemon/core/command-git-files.c): a redirect into git, diff
 * --no-index's trees, the files of stripspace, interpret-trailers, blame
 * --contents, apply, am, commit -F, config -f, under git -C's directory.
 * Each row a command line, whether the history holds every entry, and the
 * verdict. The line runs in /ws/repo.
 */

static const bool folds[64] = {[0 ... 63] = true};
static const char *const secrets[] = {".env", ".netrc", "secrets/"};
static const bool all_held[] = {true, true, true};
static const char *const *const root_at[] = {(const char *const[]){".env", NULL},
                                             (const char *const[]){".netrc", NULL},
                                             (const char *const[]){"secrets/", NULL}};

static const CommandRow rows[] = {
        /* ordinary lines: files and trees of the work tree */
        {"git diff --no-index a.txt b.txt", true, false},
        {"git diff --no-index old/ new/", true, false},
        {"git -C src diff --no-index a.c b.c", true, false},
        {"git apply --check fix.patch", true, false},
        {"git am < 0001-x.patch", true, false},
        {"git commit -F msg.txt", true, false},
        {"git commit -am 'drop .git/objects from the docs'", true, false},
        {"git config -f .gitmodules --get-regexp path", true, false},
        {"git hash-object README.md", true, false},
        {"git stripspace < msg.txt", true, false},
        {"git blame --contents src/a.c src/a.c", true, false},
        {"git grep --no-index TODO src", true, false},
        {"git diff HEAD~1 src/", true, false},
        {"git status --short", true, false},
        /* what git opens naming its objects (31x 3) */
        {"git diff --no-index -a src .git/objects | sed -n 's/^+//p'", true, true},
        {"git diff --no-index --text src .git/./objects/", true, true},
        {"git diff --no-index -a -- src .git/objects", true, true},
        {"git diff --no-index --output=/tmp/d.txt -a src .git/objects", true, true},
        {"git diff --no-index -a /dev/null .git/objects/68/8daa", true, true},
        {"git diff --no-ind -a src .git/objects", true, true},
        {"git diff --no-index -a src /proc/self/cwd/.git/objects", true, true},
        {"git diff --no-index -a src \"$(echo .git)\"", true, true},
        {"git diff --no-index -a src {.git,x}/objects", true, true},
        {"git diff --no-index -a src .g?t", true, true},
        {"git stripspace < .git/objects/68/8daa", true, true},
        {"git stripspace < '.g'it/objects/68/8daa", true, true},
        {"git stripspace < $'.git/objects/68/8daa'", true, true},
        {"git stripspace < .gi[t]/objects/68/*", true, true},
        {"git stripspace < src/../.git/objects/68/8daa", true, true},
        {"git column --mode=plain < .git/objects/68/8daa", true, true},
        {"git check-ignore --stdin -v -n < .git/objects/68/8daa", true, true},
        {"git mailinfo m p < .git/objects/68/8daa", true, true},
        {"git interpret-trailers .git/objects/68/8daa .git/objects/54/c9ad", true, true},
        {"git blame -p --contents .git/objects/68/8daa README.md", true, true},
        {"git blame --contents=.git/objects/68/8daa README.md", true, true},
        {"git apply --stat .git/objects/68/8daa", true, true},
        {"git am .git/objects/68/8daa", true, true},
        {"git hash-object -w .git/objects/68/8daa", true, true},
        {"git mailsplit -o/tmp/x .git/objects/68/8daa", true, true},
        {"git commit -F .git/objects/68/8daa", true, true},
        {"git commit -aF .git/objects/68/8daa", true, true},
        {"git commit -F.git/objects/68/8daa", true, true},
        {"git commit --fi .git/objects/68/8daa", true, true},
        {"git tag -a v1 -F \".git/objects/68/8daa\"", true, true},
        {"git commit-tree -F .git/objects/68/8daa HEAD^{tree}", true, true},
        {"git notes add -F .git/objects/68/8daa HEAD", true, true},
        {"git merge -F .git/objects/68/8daa x", true, true},
        {"git fmt-merge-msg -F .git/objects/68/8daa", true, true},
        {"git credential-store --file=.git/objects/68/8daa get", true, true},
        {"git stripspace 0<>.git/objects/68/8daa", true, true},
        {"git stripspace < .git/objects/pack/pack-1.pack", true, true},
        {"git stripspace < .git/modules/x/objects/68/8daa", true, true},
        {"if true; then git stripspace < .git/objects/68/8daa; fi", true, true},
        {"command git stripspace < .git/objects/68/8daa", true, true},
        {"find .git/objects -type f | xargs git interpret-trailers", true, true},
        {"git -c alias.d='diff --no-index' d -a src .git/objects", true, true},
        {"git -C .git stripspace < objects/68/8daa", true, false},
        {"git config --file=.git/objects/68/8daa --list", true, true},
        {"git add --pathspec-from-file=.git/objects/68/8daa", true, true},
        {"git grep -f .git/objects/68/8daa src", true, true},
        {"git grep --no-index -a x .git/objects", true, true},
        {"git grep --no-i -a x .git/objects", true, true},
        {"git grep --no-index -e x -- .git/objects", true, true},
        {"git grep --no-index -e x -e .git .git/objects", true, true},
        {"git grep --no-index x .g?t", true, true},
        {"git grep --no-index --max-depth 3 x .git/objects", true, true},
        {"git grep --no-index -e .git/objects src", true, false},
        {"git grep --no-index .git/objects src", true, false},
        {"git --work-tree=.git/objects grep --untracked -a x", true, true},
        {"git diff --no-index a b; cat .git/objects/68/8daa", true, true},
        {"git log -p", true, true},
        /* a tree holding .git: diff --no-index recurses into it */
        {"git diff --no-index -a /tmp/e .", true, true},
        {"git diff --no-index -a src src/..", true, true},
        {"git diff --no-index -a src ../repo", true, true},
        {"git diff --no-index -a src /ws/repo", true, true},
        {"cd src; git diff --no-index -a . ..", true, true},
        /* ... without --no-index, a path outside the work tree makes it one */
        {"git diff -a /tmp/e .git/objects", true, true},
        {"git diff --stat /tmp/e .", true, true},
        {"git -C /tmp diff -a e ws/repo", true, true},
        /* ... and with /dev/null for one of the last two words it reads no history */
        {"git diff /dev/null src/new.c", true, false},
        {"git diff --no-color src/new.c /dev/null", true, false},
        {"git diff /dev/null .env", true, true},
        {"git diff /dev/null secrets/", true, true},
        {"git diff /dev/null secrets/../.git", true, true},
        {"git diff /dev/null .", true, true},
        {"git diff /dev/null HEAD:.env", true, true},
        {"git diff /dev/null src/new.c -p", true, true},
        {"git diff HEAD /dev/null src/new.c", true, true},
        {"git diff /dev/null *.c", true, true},
        /* ... not two paths inside it, from a directory below the root */
        {"git diff --stat HEAD .", true, false},
        {"cd src && git diff --stat HEAD .", true, false},
        {"git -C src diff --name-only HEAD~1 .", true, false},
        {"cd ..; git diff --stat e repo", true, true},
        {"cd \"$d\"; git diff --stat e .", true, true},
        {"git -C .. diff --stat e repo", true, true},
        /* git -C moves where the words are */
        {"git -C .git diff --no-index -a ../src objects", true, true},
        {"git -C .git/objects diff --no-index -a /dev/null 68/8daa", true, true},
        {"git -C .git -C objects interpret-trailers 68/8daa", true, true},
        {"git -C src diff --no-index -a . ..", true, true},
        {"git -C .git grep --no-index -a x", true, true},
        /* a template directory copied into a new repository's .git */
        {"git init --template=.git /tmp/x", true, true},
        {"git init --template .git/ /tmp/x", true, true},
        {"git init --template=. /tmp/x", true, true},
        {"git clone --template=.git https://example.com/r /tmp/x", true, true},
        {"git init --template=/usr/share/git-core/templates /tmp/x", true, false},
        {"git init -q /tmp/x", true, false},
        {"git -c init.templateDir=.git init /tmp/x", true, true},
        {"git -c init.templatedir=. init /tmp/x", true, true},
        {"git config --global init.templateDir .git", true, true},
        {"git -c init.templateDir=/usr/share/git-core/templates init /tmp/x", true, false},
        /* ... or to a directory known only when it runs */
        {"git -C \"$d\" interpret-trailers objects/68/8daa", true, true},
        {"git -C \"$d\" diff --no-index a b", true, true},
        {"git -C \"$d\" status", true, false},
        /* config --blob: a blob of the history read as config, as git show's */
        {"git config --blob HEAD:.gitmodules --list", true, false},
        {"git config --blob 54c9ad3e95aaa3611b4a7242aaef844f0ac1d654 --list", true, true},
        {"git config --bl HEAD:.env --list", true, true},
        {"git config --blob=HEAD:.e?v --list", true, true},
        {"git config --blob HEAD:secrets/db.ini --list", true, true},
        /* nothing held: no objects to read */
        {"git diff --no-index -a src .git/objects", false, false},
        {"git stripspace < .git/objects/68/8daa", false, false},
};

static void test_table(void **state) {
        (void) state;
        const CommandPolicy base = {.secrets = secrets,
                                    .n_secrets = ELEMENTSOF(secrets),
                                    .held_at = root_at,
                                    .fold = folds,
                                    .cwd = "/ws/repo",
                                    .home = "/home/a"};
        assert_int_equal(command_rows_failed(rows, ELEMENTSOF(rows), &base, all_held), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_table),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
