/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "command-rows.h"
#include "command.h"
#include "tests.h"
#include "util.h"

/*
 * Files the line writes (daemon/core/command-written.c, command-shells.c,
 * the marks command-setvars.c finds in a text): a quoted heredoc's body
 * written to a file the line never runs is data, what it holds no command
 * and no arithmetic of the shell's; written and run, sourced, read by eval
 * or as a variable's name, it is judged as before. Each row a command
 * line, whether the history holds every entry, and the verdict.
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

/* A file of the line the PATH below finds as ls: run only if a[$n=1]
 * assigns PATH (n=PATH). */
#define PATH_LS "printf 'git log -p\\n' > 1/ls; chmod +x 1/ls; n=PATH; "

static const CommandRow rows[] = {
        /* 31z 5: source files written by a quoted heredoc, run by nothing */
        {"cat > src/a.py <<'EOF'\nx = \".env\"\nout[k] = 1\nEOF", false, false},
        {"cat > src/a.py <<'EOF'\nx = \".env\"\nout[k] = 1\nEOF", true, false},
        {"cat > web/src/list.ts <<'EOF'\nexport function first<T>(items: T[]): T | undefined {\n"
         "  return items[0];\n}\nEOF",
         true, false},
        {"cat > src/app/cache.py <<'EOF'\n_cache: dict[str, int] = {}\n\ndef get(key: str) -> int | None:\n"
         "    return _cache.get(key)\nEOF",
         true, false},
        {"cat > src/app/settings.py <<'EOF'\nimport os\nsettings[\"LOG_LEVEL\"] = "
         "os.environ.get(\"X\")\nEOF",
         true, false},
        {"cat > web/src/api.ts <<'EOF'\nexport async function getItems(): Promise<string[]> {\n"
         "  return (await fetch(\"/api\")).json();\n}\nEOF",
         true, false},
        {"cat > a.py <<'EOF'\nprint((1 + 2))\nEOF\ngit add a.py && git commit -m 'add a'", true, false},
        {"cat > a.py <<'EOF'\nx = y[[0]]\nEOF\nprintf 'done\\n'", true, false},
        {"cat >> notes.md <<'EOF'\nGIT_LITERAL_PATHSPECS in ${!x} and $[1]\nEOF", true, false},
        {"tee src/a.py > /dev/null <<'EOF'\nout[k] = 1\nEOF", true, false},
        /* ... written and run, sourced, fed to a shell: judged as before */
        {"cat > x.sh <<'EOF'\ncat .env\nEOF\nbash x.sh", false, true},
        {"cat > x.sh <<'EOF'\ncat .env\nEOF\n. ./x.sh", false, true},
        {"cat > x <<'EOF'\ncat .env\nEOF\nchmod +x x; ./x", false, true},
        {"cat > x <<'EOF'\nall:\n\tcat .env\nEOF\nmake -f x", false, true},
        {"cat > Makefile <<'EOF'\nall:\n\tcat .env\nEOF\nmake", false, true},
        {"cat > x.sh <<'EOF'\nout[k]=1\ngit log -p\nEOF\nbash x.sh", true, true},
        {"cat > x.sh <<'EOF'\nout[k]=1\ngit log -p\nEOF\nsource x.sh", true, true},
        {"cat > src/a.py <<'EOF'\nx = \".env\"\nout[k] = 1\nEOF\nbash src/a.py", false, true},
        {"cat > src/a.py <<'EOF'\nx = \".env\"\nout[k] = 1\nEOF\nsh < src/a.py", false, true},
        {"cat > a.py <<'EOF'\nout[k] = 1\nimport os\nos.system(\"cat .env\")\nEOF\npython3 a.py", false,
         true},
        {"cat > a.py <<'EOF'\nout[k] = 1\nimport subprocess\nsubprocess.run([\"git\", \"log\", \"-p\"])\n"
         "EOF\npython3 a.py",
         true, true},
        {"cat > web/l.ts <<'EOF'\nexport function f<T>(i: T[]) {}\ncat .env\nEOF\ncat web/l.ts | bash",
         false, true},
        {"cat > \"x.sh\" <<'EOF'\nout[k]=1\ncat .e''nv\nEOF\nbash x.sh", false, true},
        {"cat > $'x.sh' <<'E'\"OF\"\nout[k]=1\ncat sub/.env\nEOF\nbash x.sh", false, true},
        {"cat > x.s{h,} <<'EOF'\nout[k]=1\ncat .env\nEOF\nbash x.s", false, true},
        /* an arithmetic in a quoted body that the shell of the line runs
         * (eval, ., source, a file sourced, a trap, an alias) or takes a
         * name from (declare, printf -v, [ -v, unset, let): any name it
         * may assign (PATH here), any file written a program it may run */
        {PATH_LS "ls", true, false},
        {PATH_LS "eval \"$(cat <<'EOF'\na[$n=1]=0\nEOF\n)\"; ls", true, true},
        {PATH_LS ". /dev/stdin <<'EOF'\na[$n=1]=0\nEOF\nls", true, true},
        {PATH_LS "source <(cat <<'EOF'\na[$n=1]=0\nEOF\n); ls", true, true},
        {PATH_LS "declare \"$(cat <<'EOF'\na[$n=1]=0\nEOF\n)\"; ls", true, true},
        {PATH_LS "read -r s <<'EOF'\na[$n=1]=0\nEOF\neval \"$s\"; ls", true, true},
        {PATH_LS "read -r s <<'EOF'\na[$n=1]\nEOF\nprintf -v \"$s\" 0; ls", true, true},
        {PATH_LS "read -r s <<'EOF'\na[$n=1]\nEOF\n[ -v \"$s\" ]; ls", true, true},
        {PATH_LS "read -r s <<'EOF'\na[$n=1]\nEOF\nunset \"$s\"; ls", true, true},
        {PATH_LS "read -r s <<'EOF'\na[$n=1]\nEOF\ntest -v \"$s\"; ls", true, true},
        {PATH_LS "cat > p.sh <<'EOF'\na[$n=1]=0\nEOF\n. ./p.sh; ls", true, true},
        {PATH_LS "x=$(cat <<'EOF'\nlet\nEOF\n); $x 'a[$n=1]'; ls", true, true},
        {PATH_LS "x=$(cat <<'EOF'\na[$n=1]=0\nEOF\n); let \"$x\"; ls", true, true},
        {PATH_LS "trap \"$(cat <<'EOF'\na[$n=1]=0; ls\nEOF\n)\" EXIT", true, true},
        {PATH_LS "alias q=\"$(cat <<'EOF'\na[$n=1]=0\nEOF\n)\"\nq; ls", true, true},
        {PATH_LS "mapfile -t s <<'EOF'\na[$n=1]\nEOF\ndeclare \"${s[0]}=0\"; ls", true, true},
        {PATH_LS "for v in $(cat <<'EOF'\na[$n=1]\nEOF\n); do printf -v \"$v\" 0; done; ls", true, true},
        {PATH_LS "while read -r v; do declare \"$v=0\"; done <<'EOF'\na[$n=1]\nEOF\nls", true, true},
        {PATH_LS "f() { . /dev/stdin; }; f <<'EOF'\na[$n=1]=0\nEOF\nls", true, true},
        {PATH_LS "builtin eval \"$(cat <<'EOF'\na[$n=1]=0\nEOF\n)\"; ls", true, true},
        {PATH_LS "cat <<'EOF' > p.sh\n(( $n = 1 ))\nEOF\nsource p.sh; ls", true, true},
        {PATH_LS "cat <<'EOF' | bash\na[$n=1]=0; ls\nEOF", true, true},
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
