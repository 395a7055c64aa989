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
