#!/usr/bin/env bash
# check-command as a verb and as Claude Code's Bash hook: exit codes, the
# messages, --json, stdin, the policy sources, the record. The rule itself is
# tests/test-command.c's table. No root needed.
# Usage: test-check-command.sh PATHPOLICY SOURCE_ROOT
set -u
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
command -v jq >/dev/null || { echo "test-check-command.sh: needs jq, a test dependency (tools/bootstrap)"; exit 1; }
has() { grep -qF -- "$2" "$1"; }
jqq() { jq -e "$@" >/dev/null; }
run() { "$pp" check-command "$@" >"$work/out" 2>"$work/err"; rc=$?; }
hook() { printf '%s' "$1" | "$pp" check-command --hook claude-code "${@:2}" >"$work/out" 2>"$work/err"; rc=$?; }

# --- the verb, on the built-ins
run -- 'cat .env'
check "cat .env: exit 3" [ "$rc" -eq 3 ]
check "cat .env: the reason and the path" has "$work/err" 'pathpolicy: refused: cat is not a command that only asks about a name or size (.env)'
check "cat .env: a record" has "$work/err" 'path policy: refused a command that names .env'
run -- 'ls -la .env'
check "ls -la .env: exit 0" [ "$rc" -eq 0 ]
check "ls -la .env: silent" [ ! -s "$work/err" ] && [ ! -s "$work/out" ]
run -- 'grep -r KEY .'
check "no secret named: exit 0" [ "$rc" -eq 0 ]
run --json -- 'ls .env | tee out'
check "--json: exit 3" [ "$rc" -eq 3 ]
check "--json: the object" jqq '.decision == "refuse" and (.reason | test("tee")) and .paths == [".env"]' "$work/out"
run --json -- 'stat .env'
check "--json allowed" jqq '.decision == "allow" and .paths == [".env"]' "$work/out"
printf 'cat .netrc\n' | "$pp" check-command >"$work/out" 2>"$work/err"; rc=$?
check "stdin: its line end is not a second line; refused" [ "$rc" -eq 3 ] && has "$work/err" '(.netrc)'
printf 'ls .netrc\n' | "$pp" check-command >"$work/out" 2>"$work/err"; rc=$?
check "stdin: allowed" [ "$rc" -eq 0 ]
printf 'ls .netrc\ncat .netrc\n' | "$pp" check-command >"$work/out" 2>"$work/err"; rc=$?
check "stdin: a second line refused" [ "$rc" -eq 3 ] && has "$work/err" 'a second line'

# --- the policy: a bind list, or settings
printf 'mask-dir secrets/\nmask-file config/master.key\nprotect .claude/\n' >"$work/policy"
run --policy "$work/policy" -- 'cat secrets/k'
check "--policy: a masked directory's file" [ "$rc" -eq 3 ] && has "$work/err" '(secrets/)'
run --policy "$work/policy" -- 'cat .env'
check "--policy: only its entries" [ "$rc" -eq 0 ]
run --policy "$work/policy" -- 'cat .claude/settings.json'
check "--policy: a protected path is not secret" [ "$rc" -eq 0 ]
echo '{"sandbox": {"mask_paths": ["creds.json"]}}' >"$work/modules.json"
run --modules "$work/modules.json" -- 'cat creds.json'
check "--modules: a settings entry" [ "$rc" -eq 3 ] && has "$work/err" '(creds.json)'
run --modules "$work/modules.json" -- 'cat .env'
check "--modules: and the built-ins" [ "$rc" -eq 3 ]
run --policy "$work/nope" -- 'ls'
check "an unreadable policy: exit 1, named" [ "$rc" -eq 1 ] && has "$work/err" "$work/nope"

# --- the record
"$pp" check-command --log-format json -- "cat .env $(printf 'x%.0s' $(seq 300))" >"$work/out" 2>"$work/err"
grep '^{' "$work/err" >"$work/records"
check "record: command-refused, warn" jqq 'select(.event == "command-refused") | .level == "warn" and .path == ".env" and .paths == ".env"' "$work/records"
check "record: the command cut at 200 bytes" jqq 'select(.event == "command-refused") | (.command | length) == 200' "$work/records"

# --- the hook
hook '{"tool_name":"Bash","tool_input":{"command":"cat .env"}}'
check "hook: refused, exit 2" [ "$rc" -eq 2 ]
check "hook: the reason on stderr" has "$work/err" 'pathpolicy: refused: cat is not a command'
check "hook: nothing on stdout" [ ! -s "$work/out" ]
hook '{"tool_name":"Bash","tool_input":{"command":"test -f .env && echo y"}}'
check "hook: allowed, exit 0, silent" [ "$rc" -eq 0 ] && [ ! -s "$work/err" ] && [ ! -s "$work/out" ]
hook '{"tool_name":"Read","tool_input":{"file_path":".env"}}'
check "hook: not a Bash call, exit 0" [ "$rc" -eq 0 ] && [ ! -s "$work/err" ]
hook 'not json'
check "hook: an input it cannot read fails closed" [ "$rc" -eq 2 ] && has "$work/err" 'not JSON'
hook '{"tool_name":"Bash","tool_input":{}}'
check "hook: a Bash call without a command fails closed" [ "$rc" -eq 2 ]
hook '{"tool_name":"Bash","tool_input":{"command":"cat .e\u0000nv"}}'
check "hook: a NUL in the command" [ "$rc" -eq 2 ]
hook '{"tool_name":"Bash","tool_input":{"command":"cat secrets/k"}}' --policy "$work/policy"
check "hook: with --policy" [ "$rc" -eq 2 ] && has "$work/err" '(secrets/)'

# --- the history record: beside --policy, or --history-record
printf 'pathpolicy-history 2\ncomplete\nheld secrets/\nat secrets/\n' >"$work/path-policy.history"
run --policy "$work/policy" -- 'ls'
check "record beside the policy: read, exit 0" [ "$rc" -eq 0 ] && [ ! -s "$work/err" ]
printf 'pathpolicy-history 1\ncomplete\n' >"$work/path-policy.history"
run --policy "$work/policy" -- 'ls'
check "record beside, another version: exit 1, named" [ "$rc" -eq 1 ] && has "$work/err" "cannot read the history record $work/path-policy.history: line 1"
hook '{"tool_name":"Bash","tool_input":{"command":"ls"}}' --policy "$work/policy"
check "record beside, not a record: the hook fails closed" [ "$rc" -eq 2 ]
printf 'pathpolicy-history 2\ncomplete\nheld secrets/\nat secrets/' >"$work/path-policy.history"
run --policy "$work/policy" -- 'ls'
check "record beside, cut short: exit 1" [ "$rc" -eq 1 ] && has "$work/err" 'cut short'
rm -f "$work/path-policy.history"
run --policy "$work/policy" -- 'ls'
check "no record beside: unknown, not an error" [ "$rc" -eq 0 ]
printf 'pathpolicy-history 2\nunknown past the budget of 2 commits\n' >"$work/rec"
run --modules "$work/modules.json" --history-record "$work/rec" -- 'ls'
check "--history-record with --modules: read" [ "$rc" -eq 0 ]
run --policy "$work/policy" --history-record "$work/none" -- 'ls'
check "--history-record given and missing: exit 1, named" [ "$rc" -eq 1 ] && has "$work/err" "$work/none"
mkfifo "$work/fifo"
run --policy "$work/policy" --history-record "$work/fifo" -- 'ls'
check "--history-record a fifo: not waited on, exit 1" [ "$rc" -eq 1 ] && has "$work/err" 'not a regular file'
printf 'pathpolicy-history 2\ncomplete\nheld .env\nanywhere\n' >"$work/rec2"
run --history-record "$work/rec2" --history-record "$work/rec2" -- ls
check "--history-record twice: usage" [ "$rc" -eq 2 ]
# objects nothing reaches (unreachable): a git command that names one by
# its id, or takes ids from its input, reads any masked entry; one that
# names none, or prints names and messages only, is allowed; a record with
# no unreachable line (an older pathpolicy's) keeps its meaning
printf 'pathpolicy-history 2\ncomplete\nunreachable\n' >"$work/rec-lost"
printf 'pathpolicy-history 2\ncomplete\n' >"$work/rec-none"
id=487ec7864fb21e1250757081e2d3f1c978a7deb1
while IFS='|' read -r lost none cmd; do
  run --policy "$work/policy" --history-record "$work/rec-lost" -- "$cmd"
  check "unreachable record: $lost: $cmd" [ "$rc" -eq "$lost" ]
  [ "$lost" -eq 3 ] && check "unreachable record: every masked entry named: $cmd" has "$work/err" 'secrets/, config/master.key'
  run --policy "$work/policy" --history-record "$work/rec-none" -- "$cmd"
  check "no unreachable line: $none: $cmd" [ "$rc" -eq "$none" ]
done <<ROWS
3|0|git show $id
3|0|git show -s ${id:0:7}^{}
3|0|git cat-file -p ${id:0:4}
3|0|git cat-file blob $id
3|0|git diff ${id:0:7} HEAD
3|0|git log -p HEAD..${id:0:8}
3|0|git grep KEY $id
3|0|git archive $id
3|0|git restore --source=$id -- src
3|0|git restore -s $id -- src
3|0|git restore -s${id:0:7} -- src
0|0|git diff -U10000 HEAD~1 -- src/
3|0|echo $id | git cat-file --batch
3|0|git fsck --dangling | awk '{print \$3}' | git cat-file --batch
3|0|git fsck --unreachable | awk '{print \$3}' | xargs -n1 git cat-file -p
3|0|git show \$(git fsck --dangling | cut -d' ' -f3)
3|0|git fsck --lost-found
3|0|git unpack-file $id
3|0|cat .git/objects/${id:0:2}/${id:2}
0|0|git show HEAD
0|0|git show HEAD~2:src/main.c
0|0|git log -p
0|0|git log --oneline ${id:0:7}..HEAD
0|0|git cat-file -t $id
0|0|git cherry-pick ${id:0:7}
0|0|git fsck --unreachable
0|0|git diff HEAD~1 -- src/
0|0|git status
ROWS
hook "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git show $id\"}}" --policy "$work/policy" --history-record "$work/rec-lost"
check "unreachable record: the hook refuses git show ID" [ "$rc" -eq 2 ]
hook '{"tool_name":"Bash","tool_input":{"command":"git show HEAD"}}' --policy "$work/policy" --history-record "$work/rec-lost"
check "unreachable record: the hook allows git show HEAD" [ "$rc" -eq 0 ]

# --- a copy of where the command runs, by any path (the history unknown:
# held), copies its .git; below it, or with --root elsewhere, it does not
mkdir -p "$work/ws/repo/src" "$work/home"
in_dir() { pushd "$1" >/dev/null || exit 1; run "${@:2}"; popd >/dev/null || exit 1; }
in_dir "$work/ws/repo" -- "cp -r $work/ws/repo /tmp/x"
check "copy of the cwd by its absolute path: refused" [ "$rc" -eq 3 ] && has "$work/err" 'copies a tree holding'
in_dir "$work/ws/repo" -- "tar cf /tmp/x.tar $work//ws/./repo/../"
check "copy of a directory above the cwd: refused" [ "$rc" -eq 3 ]
in_dir "$work/ws/repo/src" -- "cp -r ../../repo /tmp/x"
check "copy of the checkout by ../../repo from src: refused" [ "$rc" -eq 3 ]
HOME=$work/ws in_dir "$work/ws/repo" -- "cp -r ~/repo /tmp/x"
check "copy of ~/repo, the cwd: refused" [ "$rc" -eq 3 ]
in_dir "$work/ws/repo/src" -- "cd .. && cd .. && cp -r repo /tmp/x"
check "copy of the checkout after two cd ..: refused" [ "$rc" -eq 3 ]
in_dir "$work/ws/repo" -- "cp -r $work/ws/rep? /tmp/x"
check "copy of the cwd by an absolute glob: refused" [ "$rc" -eq 3 ]
in_dir "$work/ws/repo" -- "cd $work/ws && cp -r repo/src /tmp/x"
check "a cd, then a copy below the checkout: allowed" [ "$rc" -eq 0 ]
in_dir "$work/ws/repo" -- "cd src && cp -r lib /tmp/x"
check "cd src, then a copy of what is below it: allowed" [ "$rc" -eq 0 ]
in_dir "$work/ws/repo" -- "cd \"\$X\" && cp -r r /tmp/x"
check "a cd to a place made at run time, then a copy: refused" [ "$rc" -eq 3 ]
in_dir "$work/ws/repo" -- "cp -r $work/ws/repo/src /tmp/x"
check "copy of a directory below the cwd: allowed" [ "$rc" -eq 0 ]
in_dir "$work/ws/repo" --root "$work/home" -- "cp -r $work/ws/repo /tmp/x"
check "--root elsewhere: the copy is of another directory, allowed" [ "$rc" -eq 0 ]
# the hook: where the session's shell is (its input's cwd), not the hook's own
hook "{\"tool_name\":\"Bash\",\"cwd\":\"$work/ws/repo\",\"tool_input\":{\"command\":\"cp -r $work/ws/repo /tmp/x\"}}"
check "hook: a copy of the session's cwd, refused" [ "$rc" -eq 2 ]
hook "{\"tool_name\":\"Bash\",\"cwd\":\"$work/home\",\"tool_input\":{\"command\":\"cp -r $work/ws/repo /tmp/x\"}}"
check "hook: the session elsewhere, allowed" [ "$rc" -eq 0 ]

# --- --stream: one JSON command a line in, one verdict a line out
# The verdict of each line is --json's for the same command (the oracle).
corpus=('cat .env' 'ls -la .env' 'grep -r KEY .' 'ls .env | tee out' 'stat .env' 'cat secrets/k'
        'git log -p' 'echo "$(cat .netrc)"' 'make -j4' 'test -f .env && echo y' 'cat .e\nv')
: >"$work/in"; : >"$work/want"
for c in "${corpus[@]}"; do
  jq -cn --arg c "$c" '{command: $c}' >>"$work/in"
  "$pp" check-command --policy "$work/policy" --json -- "$c" >>"$work/want" 2>/dev/null
  "$pp" check-command --json -- "$c" >>"$work/want-builtins" 2>/dev/null
done
"$pp" check-command --policy "$work/policy" --stream <"$work/in" >"$work/out" 2>"$work/err"; rc=$?
check "stream: exit 0 at the end" [ "$rc" -eq 0 ]
check "stream: one verdict a line, each --json's" cmp -s "$work/want" "$work/out"
"$pp" check-command --stream <"$work/in" >"$work/out" 2>/dev/null
check "stream: the built-ins, each --json's" cmp -s "$work/want-builtins" "$work/out"
"$pp" check-command --stream --log-format json <"$work/in" >/dev/null 2>"$work/err"
check "stream: each refusal a record" [ "$(grep -c '"event":"command-refused"' "$work/err")" -eq "$(grep -c '"refuse"' "$work/want-builtins")" ]
# bad lines: each a refusal that says why, and the stream goes on
printf '%s\n' 'not json' '' '[]' '"cat .env"' '{"cmd":"ls"}' '{"command":7}' '{"command":null}' \
  '{"command":"ls","command":"cat .env"}' '{"command":"ls"} {"command":"cat .env"}' '{"command":"ls"}' >"$work/bad"
"$pp" check-command --stream <"$work/bad" >"$work/out" 2>/dev/null; rc=$?
check "stream, bad lines: exit 0" [ "$rc" -eq 0 ]
check "stream, bad lines: a verdict each" [ "$(wc -l <"$work/out")" -eq 10 ]
check "stream, bad lines: each refused, an error, no path" [ "$(head -9 "$work/out" | jq -c 'select(.decision == "refuse" and .error == true and .paths == [])' | wc -l)" -eq 9 ]
check "stream, bad lines: then judged again" jqq -s '.[9] == {"decision":"allow","reason":"names no secret path","paths":[]}' "$work/out"
check "stream: a duplicate key is named" jqq -s '.[7].reason | test("duplicate")' "$work/out"
# an id, echoed; a NUL in the command; the last line without its newline
printf '%s\n%s\n%s' '{"id":"a1","command":"cat .env"}' '{"command":"ls","id":{"n":2}}' '{"command":"cat .e\u0000nv"}' |
  "$pp" check-command --stream >"$work/out" 2>/dev/null
check "stream: a string id echoed" jqq -s '.[0].id == "a1" and .[0].decision == "refuse"' "$work/out"
check "stream: any id echoed" jqq -s '.[1].id == {"n":2} and .[1].decision == "allow"' "$work/out"
check "stream: a NUL in the command, refused; the last line judged" jqq -s 'length == 3 and .[2].decision == "refuse"' "$work/out"
# the bound: a line past 1 MiB is one refusal, then the next is judged
{ printf '{"command":"ls %s"}\n' "$(head -c 1048600 /dev/zero | tr '\0' a)"; printf '{"command":"ls"}\n'; } |
  "$pp" check-command --stream >"$work/out" 2>/dev/null
check "stream: a line past the bound, refused, said" jqq -s '.[0].decision == "refuse" and .[0].error and (.[0].reason | test("longer than"))' "$work/out"
check "stream: the line after it, judged" jqq -s 'length == 2 and .[1].decision == "allow"' "$work/out"
{ printf '{"command":"ls %s"}\n' "$(head -c 1048000 /dev/zero | tr '\0' a)"; } |
  "$pp" check-command --stream >"$work/out" 2>/dev/null
check "stream: a line within the bound, judged" jqq -s 'length == 1 and (.[0].error | not)' "$work/out"
# one process, answering each line before the next is written
coproc CC { "$pp" check-command --stream 2>/dev/null; }
cc_pid=$CC_PID answers=0
for c in 'cat .env' 'ls' 'stat .netrc'; do
  jq -cn --arg c "$c" '{command: $c}' >&"${CC[1]}"
  IFS= read -r -t 10 line <&"${CC[0]}" && [ -n "$line" ] && answers=$((answers + 1))
done
exec {CC[1]}>&-
wait "$cc_pid" 2>/dev/null
check "stream: each answer before the next line" [ "$answers" -eq 3 ]
run --stream --json
check "--stream --json: usage" [ "$rc" -eq 2 ]
run --stream -- ls
check "--stream with a command: usage" [ "$rc" -eq 2 ]
run --stream --hook claude-code
check "--stream --hook: usage" [ "$rc" -eq 2 ]

# --- usage
"$pp" check-command --help >"$work/out" 2>&1; check "--help: exit 0" [ $? -eq 0 ]
check "--help: names the verb" has "$work/out" "pathpolicy check-command"
run -- a b
check "two operands: exit 2" [ "$rc" -eq 2 ]
run --hook other
check "--hook other: exit 2" [ "$rc" -eq 2 ]
run --policy "$work/policy" --modules "$work/modules.json" -- ls
check "--policy and --modules: exit 2" [ "$rc" -eq 2 ]
run --orgs "$work/modules.json" -- ls
check "--orgs without --org: exit 2" [ "$rc" -eq 2 ]

echo "check-command: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
