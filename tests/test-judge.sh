#!/usr/bin/env bash
# judge on real temporary git worktrees: every tool of the Claude Code hook
# schema, both ACP methods, each category, symlinks, nested checkouts, dedup,
# the cap and concurrent hook processes. No root needed.
# Usage: test-judge.sh PATHPOLICY SOURCE_ROOT [PATHPOLICY_HOOKS]
#   PATHPOLICY_HOOKS, the test build (tests/hooks.c), waits out a held state
#   lock in PATHPOLICY_TEST_LOCK_MS, not the program's 10 s (test-judge-run
#   checks that constant); without it the held lock is waited out in full.
set -u
pp=$1
src=${2:-}
pp_hooks=${3:-$1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
command -v jq >/dev/null || { echo "test-judge.sh: needs jq, a test dependency (tools/bootstrap)"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
unset CLAUDE_PROJECT_DIR
git config --global user.email t@example.invalid; git config --global user.name test

# --- the worktree: a policy's every kind of entry, symlinks, nested checkouts
wt=$work/wt
git init -q "$wt"
(
  cd "$wt" || exit 1
  echo code >main.c && echo TOKEN >.env && mkdir -p secrets sub nested/dir a .claude vendor/lib vendor/mod
  echo k >secrets/k && echo "{}" >.claude/settings.json
  git add main.c && git commit -qm init && echo hook >.git/hooks/pre-commit
  ln -s b a1 && ln -s .env b                    # a -> b -> .env
  ln -s secrets sl && ln -s sl/k hop             # a file link through a dir link
  ln -s nested/dir x                             # x/../.env: nested/.env, not .env
  ln -s ../sub a/y                               # a/y/../.env: .env, not a/.env
  ln -s /etc/passwd out                          # leads out of the root
  ln -s o2 o1 && ln -s "$work/outside/.env" o2   # a chain that leads out
  ln -s l2 l1 && ln -s l1 l2                     # a loop
  printf x >$'secrets/\xff' && ln -s $'secrets/\xff' bad # a non-UTF-8 name
  git init -q vendor/lib && echo E >vendor/lib/.env && mkdir vendor/lib/secrets
  printf 'gitdir: ../../.git/modules/mod\n' >vendor/mod/.git && echo E >vendor/mod/.env
) || { echo "cannot make the worktree"; exit 1; }
mkdir "$work/outside" && echo OUT >"$work/outside/.env"
policy=$work/path-policy
cat >"$policy" <<'EOF'
mask-file .env
mask-dir secrets/
protect .git/config
protect .git/hooks/
protect .claude/
EOF
has() { grep -qF -- "$2" "$1"; }
count() { grep -cF -- "$2" "$1"; } # count FILE STRING: lines with STRING
lines() { wc -l <"$1" | tr -d ' '; }

# --- --stream: one verdict line per input line
# verdict JSONLINE: judge one line alone; its verdict in $work/v, records in $work/ve.
verdict() { printf '%s\n' "$1" | "$pp" judge --stream --root "$wt" --policy "$policy" --log-format json >"$work/v" 2>"$work/ve"; }
# judged JSONLINE FIELDS: the verdict has FIELDS (a run of "k":v, in the record's order).
judged() { verdict "$1" && has "$work/v" "$2"; }
c() { printf '{"tool":"%s","access":"%s","path":"%s"%s}' "$1" "$2" "$3" "${4:+,\"cwd\":\"$4\"}"; }

check "masked file" judged "$(c Read read .env)" '"attempt":true,"access":"read","category":"masked","path":".env"'
check "inside a masked directory" judged "$(c Read read secrets/k)" '"category":"masked-dir","path":"secrets/k"'
check "protected file, written" judged "$(c Edit write .git/config)" '"attempt":true,"access":"write","category":"protected","path":".git/config"'
check "inside a protected directory, written" judged "$(c Write write .claude/settings.json)" '"attempt":true,"access":"write","category":"protected-dir"'
check "inside a protected directory (.git/hooks/)" judged "$(c Edit write .git/hooks/pre-commit)" '"category":"protected-dir","path":".git/hooks/pre-commit"'
check "read of a protected file: not an attempt" judged "$(c Read read .git/config)" '"judged":true,"attempt":false,"access":"read","category":"protected"'
check "read inside a protected directory: not an attempt" judged "$(c Read read .claude/settings.json)" '"judged":true,"attempt":false'
check "not in the policy" judged "$(c Read read main.c)" '"judged":true,"attempt":false,"access":"read","category":"none","path":"main.c"'
check "a file not there yet (a Write), by its parent" judged "$(c Write write secrets/new/file.txt)" '"attempt":true,"access":"write","category":"masked-dir","path":"secrets/new/file.txt"'
check "an absolute path inside the root" judged "$(c Read read "$wt/.env")" '"category":"masked","path":".env"'
check "ACP fs/read_text_file" judged "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"fs/read_text_file\",\"params\":{\"sessionId\":\"x\",\"path\":\"$wt/.env\"}}" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"fs/read_text_file"'
check "ACP fs/write_text_file" judged "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"fs/write_text_file\",\"params\":{\"sessionId\":\"x\",\"path\":\"$wt/.git/config\",\"content\":\"x\"}}" '"attempt":true,"access":"write","category":"protected","path":".git/config","tool":"fs/write_text_file"'
check "ACP fs/read_text_file of a protected file: not an attempt" judged "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"fs/read_text_file\",\"params\":{\"sessionId\":\"x\",\"path\":\"$wt/.git/config\",\"line\":1,\"limit\":5}}" '"attempt":false'
check "ACP: another method is not judged" judged '{"jsonrpc":"2.0","id":4,"method":"session/prompt","params":{"sessionId":"x","prompt":[]}}' '"judged":false'
check "ACP: a response is not judged" judged '{"jsonrpc":"2.0","id":4,"result":{"content":"x"}}' '"judged":false'

# Symlinks: the kernel's answer, each hop inside the root.
check "chain a -> b -> .env" judged "$(c Read read a1)" '"category":"masked","path":".env"'
check "a file link through a directory link" judged "$(c Read read hop)" '"category":"masked-dir","path":"secrets/k"'
check "through a directory link" judged "$(c Read read sl/k)" '"category":"masked-dir","path":"secrets/k"'
check "x/../.env, x a link: where the kernel goes (nested/.env)" judged "$(c Read read x/../.env)" '"attempt":false,"access":"read","category":"none","path":"nested/.env"'
check "a/y/../.env, a/y a link: where the kernel goes (.env)" judged "$(c Read read a/y/../.env)" '"attempt":true,"access":"read","category":"masked","path":".env"'
check "a link out of the root: not judged" judged "$(c Read read out)" '"judged":false'
check "a chain out of the root (to a .env): not judged" judged "$(c Read read o1)" '"judged":false'
check "a loop: not judged" judged "$(c Read read l1)" '"judged":false'

# Nested checkouts: the policy anchored at each one.
check "nested (.git dir): vendor/lib/.env, checkout named" judged "$(c Read read vendor/lib/.env)" '"category":"masked","path":"vendor/lib/.env","tool":"Read","checkout":"vendor/lib"'
check "nested (.git dir): its .git/config protected" judged "$(c Edit write vendor/lib/.git/config)" '"category":"protected","path":"vendor/lib/.git/config","tool":"Edit","checkout":"vendor/lib"'
check "nested (.git dir): its masked directory" judged "$(c Read read vendor/lib/secrets/x)" '"category":"masked-dir","path":"vendor/lib/secrets/x","tool":"Read","checkout":"vendor/lib"'
check "nested (.git file): vendor/mod/.env, checkout named" judged "$(c Read read vendor/mod/.env)" '"category":"masked","path":"vendor/mod/.env","tool":"Read","checkout":"vendor/mod"'
check "not nested: vendor/.env is nothing" judged "$(c Read read vendor/.env)" '"category":"none","path":"vendor/.env","tool":"Read"}'
verdict "$(c Read read .env)"
check "the root's own: no checkout field" bash -c "has() { :; }; grep -qF '\"path\":\".env\"' '$work/v' && ! grep -qF checkout '$work/v'"

# Outside the root; relative paths against cwd.
check "an absolute path outside: not judged" judged "$(c Read read /etc/passwd)" '"judged":false'
check "an absolute .env outside: not judged" judged "$(c Read read "$work/outside/.env")" '"judged":false'
check "relative with .. against cwd" judged "$(c Read read ../.env "$wt/sub")" '"category":"masked","path":".env"'
check "relative with .. into a masked dir" judged "$(c Read read ../../secrets/k "$wt/nested/dir")" '"category":"masked-dir","path":"secrets/k"'
check "relative with .. out of the root: not judged" judged "$(c Read read ../../outside/.env "$wt/sub")" '"judged":false'
check "relative without cwd: against the root" judged "$(c Read read sub/../.env)" '"category":"masked","path":".env"'

# Names no line can hold as they are.
check "non-UTF-8 name (through a link): escaped, said" judged "$(c Read read bad)" '"category":"masked-dir","path":"secrets/\\xff","path_escaped":true'
check "non-UTF-8 name: the record too" has "$work/ve" '"path":"secrets/\\xff","path_escaped":true,"category":"masked-dir"'
check "non-UTF-8 name: the record is one line" [ "$(lines "$work/ve")" = 1 ]
check "newline in a name: one verdict line" bash -c "printf '%s\n' '$(c Read read 'secrets/a\nb')' | '$pp' judge --stream --root '$wt' --policy '$policy' --log-format json >'$work/nl' 2>'$work/nle'; [ \$(wc -l <'$work/nl') -eq 1 ] && [ \$(wc -l <'$work/nle') -eq 1 ]"
check "newline in a name: the path reads back" bash -c "jq -e '.path == \"secrets/a\\nb\"' '$work/nl' >/dev/null 2>&1 || grep -qF '\"path\":\"secrets/a\\nb\"' '$work/nl'"
check "newline in a name: the text message is one line, escaped" bash -c "printf '%s\n' '$(c Read read 'secrets/a\nb')' | '$pp' judge --stream --root '$wt' --policy '$policy' 2>&1 >/dev/null | grep -qxF 'path policy: agent tried to read masked secrets/a\\nb (Read)'"
printf '{"tool":"Read","access":"read","path":"secrets/\xfe"}\n' >"$work/raw"
"$pp" judge --stream --root "$wt" --policy "$policy" <"$work/raw" >"$work/v" 2>/dev/null
check "raw non-UTF-8 bytes in the JSON: refused, one verdict" grep -qxF '{"judged":false,"error":"not JSON"}' "$work/v"

# Malformed lines: a verdict each, and the stream goes on.
printf '%s\n' 'not json' '[1,2]' '{"tool":"Read","access":"peek","path":".env"}' '{"tool":"Read","access":"read"}' "$(c Read read .env)" |
  "$pp" judge --stream --root "$wt" --policy "$policy" >"$work/v" 2>/dev/null; rc=$?
check "malformed lines: exit 0" [ "$rc" -eq 0 ]
check "malformed lines: one verdict per line" [ "$(lines "$work/v")" = 5 ]
check "malformed JSON: judged:false" bash -c "sed -n 1p '$work/v' | grep -qF '\"judged\":false'"
check "not an object: judged:false" bash -c "sed -n 2p '$work/v' | grep -qF '\"judged\":false'"
check "bad access: judged:false" bash -c "sed -n 3p '$work/v' | grep -qF '\"judged\":false'"
check "no path: judged:false" bash -c "sed -n 4p '$work/v' | grep -qF '\"judged\":false'"
check "after them, the stream still judges" bash -c "sed -n 5p '$work/v' | grep -qF '\"attempt\":true'"

# Dedup within a stream run: one record per (access, path).
printf '%s\n' "$(c Read read .env)" "$(c Read read .env)" "$(c Read read a1)" "$(c Write write .env)" "$(c Read read .git/config)" |
  "$pp" judge --stream --root "$wt" --policy "$policy" --log-format json --history "$work/sh.jsonl" >"$work/v" 2>"$work/ve"
check "stream dedup: a verdict for every line" [ "$(lines "$work/v")" = 5 ]
check "stream dedup: (read, .env) once, even by another name" [ "$(count "$work/ve" '"access":"read","path":".env"')" = 1 ]
check "stream dedup: (write, .env) is another attempt" [ "$(count "$work/ve" '"access":"write","path":".env"')" = 1 ]
check "stream dedup: 2 attempt records" [ "$(count "$work/ve" '"event":"attempt"')" = 2 ]
check "History: one line per attempt" [ "$(lines "$work/sh.jsonl")" = 2 ]
check "History: every line a path_policy entry" [ "$(count "$work/sh.jsonl" '{"type":"path_policy",')" = 2 ]
check "History: the fields" has "$work/sh.jsonl" '"access":"read","path":".env","category":"masked","tool":"Read"'
check "History: JSON Lines (each line parses)" bash -c "jq -e -s 'length == 2 and all(.[]; .type == \"path_policy\" and (.ts | type) == \"string\")' '$work/sh.jsonl' >/dev/null"

# One stream process for a run: a verdict follows the disk as it is when its
# call is read, whatever an earlier call of the same path found (the judge
# keeps lookups until a change). The agent swaps a directory for a symlink
# into the policy between two calls of the same path; a component that was
# missing is made a symlink; a nested checkout appears around a path.
mkdir -p "$wt/swap/d" "$wt/swapn"
coproc JS { "$pp" judge --stream --root "$wt" --policy "$policy" 2>/dev/null; }
# Kept now: bash unsets them when the process ends.
js_in=${JS[1]} js_out=${JS[0]} js_pid=$JS_PID
ask() { answer=; printf '%s\n' "$1" >&"$js_in" && IFS= read -r -t 10 answer <&"$js_out"; }
ask "$(c Read read swap/d/k)" && first=$answer
mv "$wt/swap/d" "$wt/swap/d.old" && ln -s ../secrets "$wt/swap/d"
ask "$(c Read read swap/d/k)" && second=$answer
ask "$(c Read read swapn/new/k)" && third=$answer
ln -s ../secrets "$wt/swapn/new"
ask "$(c Read read swapn/new/k)" && fourth=$answer
mkdir -p "$wt/swapv/lib" && echo E >"$wt/swapv/lib/.env"
ask "$(c Read read swapv/lib/.env)" && fifth=$answer
git init -q "$wt/swapv/lib"
ask "$(c Read read swapv/lib/.env)" && sixth=$answer
exec {js_in}>&-
wait "$js_pid" 2>/dev/null
check "one stream: before the swap, no attempt" jq -e '.attempt == false and .path == "swap/d/k"' <<<"$first"
check "one stream: after it, the same path is an attempt on secrets/k" jq -e '.attempt == true and .category == "masked-dir" and .path == "secrets/k"' <<<"$second"
check "one stream: a missing component, then made a symlink" jq -e '.attempt == true and .path == "secrets/k"' <<<"$fourth"
check "one stream: ... it was none before" jq -e '.attempt == false and .path == "swapn/new/k"' <<<"$third"
check "one stream: a nested checkout appears around a path" jq -e '.attempt == true and .checkout == "swapv/lib"' <<<"$sixth"
check "one stream: ... none before it" jq -e '.attempt == false' <<<"$fifth"
rm -rf "$wt/swap" "$wt/swapn" "$wt/swapv"

# The cap in a stream: 101 distinct paths, then more.
for i in $(seq 1 103); do c Read read "secrets/f$i"; echo; done >"$work/cap.in"
c Read read secrets/f1 >>"$work/cap.in"; echo >>"$work/cap.in"
"$pp" judge --stream --root "$wt" --policy "$policy" --log-format json --history "$work/caph.jsonl" <"$work/cap.in" >"$work/v" 2>"$work/ve"
check "stream cap: 100 attempt records" [ "$(count "$work/ve" '"event":"attempt"')" = 100 ]
check "stream cap: exactly one attempts-capped" [ "$(count "$work/ve" '"event":"attempts-capped"')" = 1 ]
check "stream cap: nothing after it" bash -c "tail -n1 '$work/ve' | grep -qF '\"event\":\"attempts-capped\"'"
check "stream cap: 100 History lines" [ "$(lines "$work/caph.jsonl")" = 100 ]
check "stream cap: still one verdict per line" [ "$(lines "$work/v")" = 104 ]

# --- --hook claude-code: nothing on stdout, exit 0, a record per attempt
state=$work/state

# hk TOOL TOOL_INPUT [SESSION [CWD [EVENT]]]: a hook input as Claude Code sends it.
hk() {
  printf '{"session_id":"%s","transcript_path":"%s/t.jsonl","cwd":"%s","permission_mode":"default","hook_event_name":"%s","tool_name":"%s","tool_input":%s}' \
    "${3:-s$BASHPID.$RANDOM}" "$work" "${4:-$wt}" "${5:-PreToolUse}" "$1" "$2"
}
# hook INPUT [ARGS...]: one hook process; stdout in $work/ho, stderr in $work/he, exit in $hrc.
hook() {
  local in=$1; shift
  printf '%s' "$in" | "$pp" judge --hook claude-code --root "$wt" --policy "$policy" --state "$state" --log-format "${fmt:-json}" "$@" >"$work/ho" 2>"$work/he"
  hrc=$?
}
quiet() { [ "$hrc" -eq 0 ] && [ ! -s "$work/ho" ]; }
# reports INPUT FIELDS: exit 0, stdout empty, one attempt record with FIELDS.
reports() { hook "$1" && quiet && [ "$(count "$work/he" '"event":"attempt"')" = 1 ] && has "$work/he" "$2"; }
# silent INPUT: exit 0, stdout empty, stderr empty.
silent() { hook "$1" && quiet && [ ! -s "$work/he" ]; }

check "hook Read file_path" reports "$(hk Read "{\"file_path\":\"$wt/.env\"}")" '"msg":"path policy: agent tried to read masked .env (Read)","access":"read","path":".env","category":"masked","tool":"Read"'
check "hook Read with offset and limit" reports "$(hk Read "{\"file_path\":\"$wt/secrets/k\",\"offset\":1,\"limit\":10}")" '"category":"masked-dir","tool":"Read"'
content=$(head -c 3000 /dev/zero | tr '\0' 'x')
check "hook Write file_path + content" reports "$(hk Write "{\"file_path\":\"$wt/.claude/settings.json\",\"content\":\"$content\"}")" '"access":"write","path":".claude/settings.json","category":"protected-dir","tool":"Write"'
check "hook Edit" reports "$(hk Edit "{\"file_path\":\"$wt/.git/config\",\"old_string\":\"a\",\"new_string\":\"b\",\"replace_all\":false}")" '"msg":"path policy: agent tried to write protected .git/config (Edit)","access":"write","path":".git/config","category":"protected","tool":"Edit"'
check "hook MultiEdit" reports "$(hk MultiEdit "{\"file_path\":\"$wt/.git/hooks/pre-commit\",\"edits\":[{\"old_string\":\"a\",\"new_string\":\"b\"}]}")" '"access":"write","path":".git/hooks/pre-commit","category":"protected-dir","tool":"MultiEdit"'
check "hook NotebookEdit notebook_path" reports "$(hk NotebookEdit "{\"notebook_path\":\"$wt/secrets/n.ipynb\",\"new_source\":\"x\",\"cell_id\":\"c1\",\"edit_mode\":\"replace\"}")" '"access":"write","path":"secrets/n.ipynb","category":"masked-dir","tool":"NotebookEdit"'
check "hook Grep a masked file" reports "$(hk Grep "{\"pattern\":\"TOKEN\",\"path\":\"$wt/.env\"}")" '"access":"read","path":".env","category":"masked","tool":"Grep"'
check "hook Grep a masked directory" reports "$(hk Grep "{\"pattern\":\"k\",\"path\":\"$wt/secrets\",\"output_mode\":\"content\"}")" '"access":"read","path":"secrets","category":"masked","tool":"Grep"'
check "hook Grep a plain directory: not judged" silent "$(hk Grep "{\"pattern\":\"TOKEN\",\"path\":\"$wt\"}")"
check "hook Grep a plain file: nothing" silent "$(hk Grep "{\"pattern\":\"x\",\"path\":\"$wt/main.c\"}")"
check "hook Grep without path: not judged" silent "$(hk Grep '{"pattern":"TOKEN","glob":"*.env"}')"
check "hook Glob: not judged" silent "$(hk Glob "{\"pattern\":\"**/.env\",\"path\":\"$wt\"}")"
check "hook Bash: not judged" silent "$(hk Bash '{"command":"cat .env","description":"show"}')"
check "hook Read of a protected file: nothing" silent "$(hk Read "{\"file_path\":\"$wt/.git/config\"}")"
check "hook Read not in the policy: nothing" silent "$(hk Read "{\"file_path\":\"$wt/main.c\"}")"
check "hook PostToolUse is judged too" reports "$(hk Read "{\"file_path\":\"$wt/.env\"}" "" "" PostToolUse)" '"path":".env"'
check "hook relative path with .. against cwd" reports "$(hk Read '{"file_path":"../secrets/k"}' "" "$wt/sub")" '"path":"secrets/k","category":"masked-dir"'
check "hook nested checkout named" reports "$(hk Read "{\"file_path\":\"$wt/vendor/lib/.env\"}")" '"path":"vendor/lib/.env","category":"masked","tool":"Read","checkout":"vendor/lib"'
check "hook nested .git/config protected" reports "$(hk Edit "{\"file_path\":\"$wt/vendor/lib/.git/config\",\"old_string\":\"a\",\"new_string\":\"b\"}")" '"path":"vendor/lib/.git/config","category":"protected","tool":"Edit","checkout":"vendor/lib"'
check "hook outside the root: nothing" silent "$(hk Read "{\"file_path\":\"$work/outside/.env\"}")"
check "hook a link out of the root: nothing" silent "$(hk Read "{\"file_path\":\"$wt/o1\"}")"
check "hook non-UTF-8 name: path_escaped" reports "$(hk Read "{\"file_path\":\"$wt/bad\"}")" '"path":"secrets/\\xff","path_escaped":true'
check "hook newline in a name" reports "$(hk Read '{"file_path":"secrets/a\nb"}')" '"path":"secrets/a\nb"'
check "hook newline in a name: one record line" [ "$(lines "$work/he")" = 1 ]
fmt=text hook "$(hk Read "{\"file_path\":\"$wt/.env\"}")"
check "hook text format: the exact message" grep -qxF 'path policy: agent tried to read masked .env (Read)' "$work/he"
fmt=text hook "$(hk Edit "{\"file_path\":\"$wt/.git/config\",\"old_string\":\"a\",\"new_string\":\"b\"}")"
check "hook text format: the exact message (Edit)" grep -qxF 'path policy: agent tried to write protected .git/config (Edit)' "$work/he"

# Malformed input: exit 0, one warn record, nothing on stdout.
for bad in '{"session_id":"s", "tool_name":' '' 'null' '[1]' '{"session_id":"s","tool_name":"Read"}' \
  '{"session_id":"s","tool_name":"Read","tool_input":{"file_path":7}}' $'{"tool_name":"Read","tool_input":{"file_path":"\xff"}}'; do
  hook "$bad"
  check "malformed hook input '$bad': exit 0, stdout empty" quiet
  check "malformed hook input '$bad': a warn record" bash -c "[ \$(wc -l <'$work/he') -eq 1 ] && grep -qF '\"level\":\"warn\",\"event\":\"judge-failed\"' '$work/he'"
done

# Usage errors and a missing policy: a hook still exits 0 and prints nothing.
hookargs() { "$pp" judge "$@" </dev/null >"$work/ho" 2>"$work/he"; hrc=$?; }
hookargs --hook claude-code --root "$wt" --policy "$policy" --bogus
check "hook usage error (unknown option after --hook): exit 0, stdout empty" quiet
hookargs --hook claude-code --policy "$policy"
check "hook without --root nor CLAUDE_PROJECT_DIR: exit 0, stdout empty" quiet
hookargs --hook claude-codex --root "$wt" --policy "$policy"
check "hook of an unknown runner: exit 0" quiet
hookargs --hook claude-code --root "$wt" --policy "$work/no-such-policy"
check "hook with a missing policy: exit 0, stdout empty" quiet
check "hook with a missing policy: said" test -s "$work/he"
hookargs --bogus --hook claude-code --root "$wt" --policy "$policy"
check "hook usage error (unknown option before --hook): exit 0 (2 would block the call)" quiet
hookargs --root "$wt" --hook
check "hook usage error (--hook without its argument): exit 0" quiet
# A state that cannot be kept: the attempt is reported all the same.
printf '%s' "$(hk Read '{"file_path":".env"}')" | "$pp" judge --hook claude-code --root "$wt" --policy "$policy" \
  --state /proc/no-such-state --history "$work/nostate-h" >"$work/ho" 2>"$work/he"; hrc=$?
check "hook without its state: exit 0, stdout empty" quiet
check "hook without its state: said" grep -qF "cannot keep the run's state in /proc/no-such-state" "$work/he"
check "hook without its state: the attempt reported" grep -qxF 'path policy: agent tried to read masked .env (Read)' "$work/he"
check "hook without its state: the History entry written" grep -qF '"path":".env"' "$work/nostate-h"
printf '%s' "$(hk Read '{"file_path":".env"}')" | CLAUDE_PROJECT_DIR=$wt "$pp" judge --hook claude-code --policy "$policy" --state "$state" >"$work/ho" 2>"$work/he"
check "hook: --root defaults to CLAUDE_PROJECT_DIR" grep -qxF 'path policy: agent tried to read masked .env (Read)' "$work/he"
hookargs --stream --root "$wt" --policy "$work/no-such-policy"
check "stream with a missing policy: exit 1" [ "$hrc" -eq 1 ]
hookargs --stream
check "stream usage error: exit 2" [ "$hrc" -eq 2 ]

# Dedup across hook processes: a run is a session_id.
hist=$work/hook-history.jsonl
for s in A A B; do hook "$(hk Read "{\"file_path\":\"$wt/.env\"}" "dedup-$s")" --history "$hist"; cat "$work/he"; done >"$work/dd"
check "hook dedup: one record per session (2 for A, A, B)" [ "$(count "$work/dd" '"event":"attempt"')" = 2 ]
check "hook dedup: History lines match" [ "$(lines "$hist")" = 2 ]
check "hook History: path_policy entries, with the session" [ "$(count "$hist" '"type":"path_policy"')" = 2 ] 
check "hook History: session named" has "$hist" '"session":"dedup-B"'
hook "$(hk Edit "{\"file_path\":\"$wt/.env\",\"old_string\":\"a\",\"new_string\":\"b\"}" dedup-A)"
check "hook dedup: another access to the same path is reported" [ "$(count "$work/he" '"event":"attempt"')" = 1 ]

# The cap across hook processes: 101 distinct paths, then more.
: >"$work/hc"
for i in $(seq 1 103) 1; do hook "$(hk Read "{\"file_path\":\"$wt/secrets/h$i\"}" hook-cap)" --history "$work/hch.jsonl"; cat "$work/he" >>"$work/hc"; done
check "hook cap: 100 attempt records" [ "$(count "$work/hc" '"event":"attempt"')" = 100 ]
check "hook cap: exactly one attempts-capped" [ "$(count "$work/hc" '"event":"attempts-capped"')" = 1 ]
check "hook cap: nothing after it" bash -c "tail -n1 '$work/hc' | grep -qF '\"event\":\"attempts-capped\"'"
check "hook cap: 100 History lines" [ "$(lines "$work/hch.jsonl")" = 100 ]

# Concurrency: 20 hook processes of one session at once. Five rounds, each
# its own session, to give a race more chances.
conc() { # conc SESSION PATH_OF_I N: N processes at once; records in $work/cc, History in $work/cch
  local s=$1 fmt=$2 n=$3 i
  rm -f "$work"/cc.* "$work/cch"
  for i in $(seq 1 "$n"); do
    # shellcheck disable=SC2059
    printf '%s' "$(hk Read "{\"file_path\":\"$wt/$(printf "$fmt" "$i")\"}" "$s")" |
      "$pp" judge --hook claude-code --root "$wt" --policy "$policy" --state "$state" --log-format json --history "$work/cch" \
        >"$work/cc.out.$i" 2>"$work/cc.$i" &
  done
  wait
  cat "$work"/cc.[0-9]* >"$work/cc"
}
for r in 1 2 3 4 5; do
  conc "conc-distinct-$r" 'secrets/c%d' 20
  check "20 at once, distinct paths (round $r): 20 records" [ "$(count "$work/cc" '"event":"attempt"')" = 20 ]
  check "20 at once, distinct paths (round $r): none twice" [ -z "$(grep -o '"path":"[^"]*"' "$work/cc" | sort | uniq -d)" ]
  check "20 at once, distinct paths (round $r): 20 History lines, 20 paths" bash -c "[ \$(wc -l <'$work/cch') -eq 20 ] && [ \$(grep -o '\"path\":\"[^\"]*\"' '$work/cch' | sort -u | wc -l) -eq 20 ]"
  check "20 at once (round $r): nothing on stdout" bash -c "[ -z \"\$(cat '$work'/cc.out.*)\" ]"
  conc "conc-same-$r" 'secrets/same' 20
  check "20 at once, the same path (round $r): one record" [ "$(count "$work/cc" '"event":"attempt"')" = 1 ]
  check "20 at once, the same path (round $r): one History line" [ "$(lines "$work/cch")" = 1 ]
done
conc conc-cap 'secrets/cap%d' 110
check "110 at once, distinct: 100 records" [ "$(count "$work/cc" '"event":"attempt"')" = 100 ]
check "110 at once, distinct: one attempts-capped" [ "$(count "$work/cc" '"event":"attempts-capped"')" = 1 ]
check "110 at once, distinct: 100 History lines" [ "$(lines "$work/cch")" = 100 ]

# The state file stays bounded. A line is "ACCESS PATH\n", one per distinct
# (access, path) under the cap, at most two per path (read and write), so
# with the cap at 100 and paths secrets/bound-NNN (18 bytes) it holds at
# most 200 * (len("write ") + 18 + 1) + len("capped\n") = 5007 bytes, and
# past the cap it does not grow.
bstate=$work/bound-state
for i in $(seq 1 300); do
  [ "$i" -eq 150 ] && size150=$(cat "$bstate"/* | wc -c)
  printf '%s' "$(hk Read "{\"file_path\":\"$wt/secrets/bound-$(printf %03d "$i")\"}" bound)" |
    "$pp" judge --hook claude-code --root "$wt" --policy "$policy" --state "$bstate" 2>/dev/null
done
size300=$(cat "$bstate"/* | wc -c)
check "state: one file for the session" [ "$(ls "$bstate" | wc -l)" = 1 ]
within() { [ "$1" -gt 0 ] && [ "$1" -le "$2" ]; }
check "state: 300 distinct paths, $size300 bytes, kept and <= 5007" within "$size300" 5007
check "state: no growth past the cap ($size150 then $size300)" [ "${size150:-0}" = "$size300" ]
check "state: not readable by others" bash -c "[ \$(stat -c %a '$bstate'/*) = 600 ]"

# A path the kernel reaches through links though it is longer than one
# call takes (PATH_MAX): judged where it lands, not as written. S -> 18
# levels of 200-byte names, T -> 3 more, L -> back up to .env; "S/T/L" is
# 7 bytes.
long=$(printf 'd%.0s' $(seq 200))
deep=$long; for _ in $(seq 17); do deep=$deep/$long; done
more=$long/$long/$long
(cd "$wt" && mkdir -p "$deep" && ln -s "$deep" S && cd "$deep" && mkdir -p "$more" && ln -s "$more" T &&
  cd "$more" && ln -s "$(printf '../%.0s' $(seq 21)).env" L && mkdir -p nest/.git) || echo "cannot make the long path"
check "a link landing past PATH_MAX, to .env: the kernel's .env" judged "$(c Read read S/T/L)" '"attempt":true,"access":"read","category":"masked","path":".env"'
check "past PATH_MAX: a nested checkout's .git/config" judged "$(c Edit write S/T/nest/.git/config)" '"attempt":true,"access":"write","category":"protected"'
check "past PATH_MAX: a plain file there, named in full" bash -c "printf '%s\n' '$(c Read read S/T/L2)' | '$pp' judge --stream --root '$wt' --policy '$policy' 2>/dev/null | jq -e '.category == \"none\" and (.path | endswith(\"$long/L2\")) and (.path | length) > 4096' >/dev/null"
(cd "$wt" && rm S && cd "$deep" && rm -rf T "$long") # a deep tree slows no other check

# The state file's lock is the agent's user's too: a holder makes the
# hook wait a while, never for ever, then report without the state.
hook "$(hk Read "{\"file_path\":\"$wt/.env\"}" lock-held)"
lockf=$(printf '%s' lock-held | sha256sum | cut -d' ' -f1); lockf=$state/$lockf.run
(flock -x 9 && sleep 30) 9<"$lockf" & holder=$!
# Until the holder has it: a lock taken is the condition, not a time.
while flock -n -x "$lockf" true; do :; done
start=$SECONDS
pp=$pp_hooks PATHPOLICY_TEST_LOCK_MS=300 fmt=text hook "$(hk Read "{\"file_path\":\"$wt/secrets/k\"}" lock-held)"
check "a held state lock: the hook returns (within 20 s)" [ $((SECONDS - start)) -lt 20 ]
check "a held state lock: exit 0, stdout empty" quiet
check "a held state lock: said" grep -qF "cannot keep the run's state in" "$work/he"
check "a held state lock: the attempt reported all the same" grep -qxF 'path policy: agent tried to read masked secrets/k (Read)' "$work/he"
kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null

# The example settings: JSON, a matcher naming exactly the tools judge
# judges, and a command that, run as Claude Code runs it (sh -c, with
# CLAUDE_PROJECT_DIR), reports an attempt and prints nothing.
ex=${src:+$src/examples/claude-code-settings.json}
if [ -n "$ex" ]; then
  check "example: JSON" jq -e . "$ex" >/dev/null
  matcher=$(jq -r '.hooks.PreToolUse[0].matcher' "$ex")
  check "example: the matcher names the judged tools ($matcher)" [ "$(tr '|' '\n' <<<"$matcher" | sort | tr '\n' ' ')" = "Edit Grep MultiEdit NotebookEdit Read Write " ]
  check "example: a short timeout" jq -e '.hooks.PreToolUse[0].hooks[0] | .type == "command" and .timeout <= 10' "$ex" >/dev/null
  cmd=$(jq -r '.hooks.PreToolUse[0].hooks[0].command' "$ex")
  cmd=${cmd//\/colonizer\/path-policy/$policy}
  cmd=${cmd//\/run\/colony.sock/$work/colony.sock}
  cmd=${cmd//--history /--state $work/ex-state --history }
  mkdir -p "$work/bin" && ln -sf "$(realpath "$pp")" "$work/bin/pathpolicy"
  hk Read '{"file_path":".env"}' example >"$work/ex.in"
  mkdir -p "$work/colonizer/history"
  cmd=${cmd//\/colonizer\/history/$work/colonizer/history}
  (cd "$work" && PATH=$work/bin:$PATH CLAUDE_PROJECT_DIR=$wt sh -c "$cmd" <"$work/ex.in" >"$work/ho" 2>"$work/he"); hrc=$?
  check "example: the command exits 0 and prints nothing" quiet
  check "example: the command reports the attempt" grep -qxF 'path policy: agent tried to read masked .env (Read)' "$work/he"
  check "example: the History entry" grep -qF '"type":"path_policy"' "$work/colonizer/history/path_policy.jsonl"
else
  echo "FAIL: the example's checks need the source root (test-judge.sh PATHPOLICY SOURCE_ROOT)"
  failed=$((failed + 1))
fi

echo "judge: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
