#!/usr/bin/env bash
# judge on real temporary git worktrees: every tool of the Claude Code hook
# schema, both ACP methods, each category, symlinks, nested checkouts, dedup,
# the cap and concurrent hook processes. No root needed.
# Usage: test-judge.sh PATHPOLICY SOURCE_ROOT [PATHPOLICY_HOOKS [SPAWN]]
#   PATHPOLICY_HOOKS, the test build (tests/hooks.c), waits out a held state
#   lock in PATHPOLICY_TEST_LOCK_MS, not the program's 10 s (test-judge-run
#   checks that constant); without it the held lock is waited out in full.
#   SPAWN (tests/spawn.c) starts the many hook processes of the cap and the
#   concurrency checks; without it bash does, a fork of the shell each.
# A process costs ~4 ms on the machines this runs on, and a hook call is a
# process of its own: the rest is bash builtins (inputs made with printf -v
# and written to a file, files read with read and mapfile), the --stream
# cases of one worktree judged by one process.
set -u
pp=$1
src=${2:-}
pp_hooks=${3:-$1}
spawner=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
command -v jq >/dev/null || { echo "test-judge.sh: needs jq, a test dependency (tools/bootstrap)"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
unset CLAUDE_PROJECT_DIR
printf '[user]\n\temail = t@example.invalid\n\tname = test\n' >"$GIT_CONFIG_GLOBAL"

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
cat >"$policy" <<'EOP'
mask-file .env
mask-dir secrets/
protect .git/config
protect .git/hooks/
protect .claude/
EOP

# The checks on files, as grep and wc would answer them, without a process.
# slurp FILE...: the files' bytes, one after the other, in $body.
slurp() {
  local f part
  body=
  for f; do part=; [ -e "$f" ] && IFS= read -r -d '' part <"$f"; body+=$part; done
}
# has FILE STRING: a line of FILE has STRING (grep -qF; no STRING here has a newline).
has() { slurp "$1"; [[ $body == *"$2"* ]]; }
# hasline FILE LINE: a line of FILE is LINE (grep -qxF).
hasline() { slurp "$1"; [[ $'\n'$body$'\n' == *$'\n'"$2"$'\n'* ]]; }
# (A missing FILE fails count, lines and lastline, as it failed grep and wc.)
# count FILE STRING N: N lines of FILE have STRING (grep -cF).
count() {
  local l n=0
  [ -e "$1" ] || return 1
  mapfile -t L <"$1"
  for l in "${L[@]}"; do [[ $l == *"$2"* ]] && n=$((n + 1)); done
  [ "$n" = "$3" ]
}
# lines FILE N: FILE has N newlines (wc -l).
lines() { local nl LC_ALL=C; [ -e "$1" ] || return 1; slurp "$1"; nl=${body//[!$'\n']/}; [ "${#nl}" = "$2" ]; }
# lastline FILE STRING: FILE's last line has STRING (tail -n1 | grep -qF).
lastline() { [ -e "$1" ] || return 1; mapfile -t L <"$1"; [ "${#L[@]}" -gt 0 ] && [[ ${L[-1]} == *"$2"* ]]; }

# --- --stream: one verdict line per input line
# c TOOL ACCESS PATH [CWD]: a --stream call, in $C.
c() { printf -v C '{"tool":"%s","access":"%s","path":"%s"%s}' "$1" "$2" "$3" "${4:+,\"cwd\":\"$4\"}"; }
# The cases below are judged by one process, on a worktree none of them
# changes: a verdict is the line's alone (dedup and the cap bound the records,
# which these cases do not look at, never the verdicts; the stream dedup and
# cap below check that on runs of their own), so each is what the line gets
# alone. judged NAME JSONLINE FIELDS: a case whose verdict has FIELDS (a run
# of "k":v, in the record's order); checked once the batch has run.
names=() inputs=() fields=()
judged() { names+=("$1"); inputs+=("$2"); fields+=("$3"); }

c Read read .env; judged "masked file" "$C" '"attempt":true,"access":"read","category":"masked","path":".env"'
env_case=$((${#inputs[@]} - 1)) # (the root's own: no checkout field, below)
c Read read secrets/k; judged "inside a masked directory" "$C" '"category":"masked-dir","path":"secrets/k"'
c Edit write .git/config; judged "protected file, written" "$C" '"attempt":true,"access":"write","category":"protected","path":".git/config"'
c Write write .claude/settings.json; judged "inside a protected directory, written" "$C" '"attempt":true,"access":"write","category":"protected-dir"'
c Edit write .git/hooks/pre-commit; judged "inside a protected directory (.git/hooks/)" "$C" '"category":"protected-dir","path":".git/hooks/pre-commit"'
c Read read .git/config; judged "read of a protected file: not an attempt" "$C" '"judged":true,"attempt":false,"access":"read","category":"protected"'
c Read read .claude/settings.json; judged "read inside a protected directory: not an attempt" "$C" '"judged":true,"attempt":false'
c Read read main.c; judged "not in the policy" "$C" '"judged":true,"attempt":false,"access":"read","category":"none","path":"main.c"'
c Write write secrets/new/file.txt; judged "a file not there yet (a Write), by its parent" "$C" '"attempt":true,"access":"write","category":"masked-dir","path":"secrets/new/file.txt"'
c Read read "$wt/.env"; judged "an absolute path inside the root" "$C" '"category":"masked","path":".env"'
judged "ACP fs/read_text_file" "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"fs/read_text_file\",\"params\":{\"sessionId\":\"x\",\"path\":\"$wt/.env\"}}" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"fs/read_text_file"'
judged "ACP fs/write_text_file" "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"fs/write_text_file\",\"params\":{\"sessionId\":\"x\",\"path\":\"$wt/.git/config\",\"content\":\"x\"}}" '"attempt":true,"access":"write","category":"protected","path":".git/config","tool":"fs/write_text_file"'
judged "ACP fs/read_text_file of a protected file: not an attempt" "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"fs/read_text_file\",\"params\":{\"sessionId\":\"x\",\"path\":\"$wt/.git/config\",\"line\":1,\"limit\":5}}" '"attempt":false'
judged "ACP: another method is not judged" '{"jsonrpc":"2.0","id":4,"method":"session/prompt","params":{"sessionId":"x","prompt":[]}}' '"judged":false'
judged "ACP: a response is not judged" '{"jsonrpc":"2.0","id":4,"result":{"content":"x"}}' '"judged":false'

# Symlinks: the kernel's answer, each hop inside the root.
c Read read a1; judged "chain a -> b -> .env" "$C" '"category":"masked","path":".env"'
c Read read hop; judged "a file link through a directory link" "$C" '"category":"masked-dir","path":"secrets/k"'
c Read read sl/k; judged "through a directory link" "$C" '"category":"masked-dir","path":"secrets/k"'
c Read read x/../.env; judged "x/../.env, x a link: where the kernel goes (nested/.env)" "$C" '"attempt":false,"access":"read","category":"none","path":"nested/.env"'
c Read read a/y/../.env; judged "a/y/../.env, a/y a link: where the kernel goes (.env)" "$C" '"attempt":true,"access":"read","category":"masked","path":".env"'
c Read read out; judged "a link out of the root: not judged" "$C" '"judged":false'
c Read read o1; judged "a chain out of the root (to a .env): not judged" "$C" '"judged":false'
c Read read l1; judged "a loop: not judged" "$C" '"judged":false'

# Nested checkouts: the policy anchored at each one.
c Read read vendor/lib/.env; judged "nested (.git dir): vendor/lib/.env, checkout named" "$C" '"category":"masked","path":"vendor/lib/.env","tool":"Read","checkout":"vendor/lib"'
c Edit write vendor/lib/.git/config; judged "nested (.git dir): its .git/config protected" "$C" '"category":"protected","path":"vendor/lib/.git/config","tool":"Edit","checkout":"vendor/lib"'
c Read read vendor/lib/secrets/x; judged "nested (.git dir): its masked directory" "$C" '"category":"masked-dir","path":"vendor/lib/secrets/x","tool":"Read","checkout":"vendor/lib"'
c Read read vendor/mod/.env; judged "nested (.git file): vendor/mod/.env, checkout named" "$C" '"category":"masked","path":"vendor/mod/.env","tool":"Read","checkout":"vendor/mod"'
c Read read vendor/.env; judged "not nested: vendor/.env is nothing" "$C" '"category":"none","path":"vendor/.env","tool":"Read"}'

# Outside the root; relative paths against cwd.
c Read read /etc/passwd; judged "an absolute path outside: not judged" "$C" '"judged":false'
c Read read "$work/outside/.env"; judged "an absolute .env outside: not judged" "$C" '"judged":false'
c Read read ../.env "$wt/sub"; judged "relative with .. against cwd" "$C" '"category":"masked","path":".env"'
c Read read ../../secrets/k "$wt/nested/dir"; judged "relative with .. into a masked dir" "$C" '"category":"masked-dir","path":"secrets/k"'
c Read read ../../outside/.env "$wt/sub"; judged "relative with .. out of the root: not judged" "$C" '"judged":false'
c Read read sub/../.env; judged "relative without cwd: against the root" "$C" '"category":"masked","path":".env"'

# The other path-taking tools, as Claude Code's hook inputs on the stream
# (issue 32): Grep's glob, ReadMcpResource's file: URI, the MCP file tools
# (one added with --mcp-tool), and ACP's terminal/create.
h() { printf -v C '{"session_id":"b","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"%s","tool_input":%s}' "$wt" "$1" "$2"; }
h Grep '{"pattern":"T","glob":".env"}'; judged "Grep glob .env, no path: a read of .env" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"Grep"'
h Grep '{"pattern":"T","glob":"**/.env"}'; judged "Grep glob **/.env" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"Grep"'
h Grep '{"pattern":"T","glob":".e*"}'; judged "Grep glob .e*" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"Grep"'
h Grep '{"pattern":"T","glob":"{.env,x}"}'; judged "Grep glob {.env,x}" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"Grep"'
h Grep '{"pattern":"T","glob":".e* !.env"}'; judged "Grep glob .e* !.env: not a read" "$C" '"judged":false,"attempt":false'
h Grep "{\"pattern\":\"T\",\"glob\":\".env\",\"path\":\"$wt/sub\"}"; judged "Grep glob .env under sub: not a read" "$C" '"judged":false,"attempt":false'
h Grep '{"pattern":"T","glob":"secrets/*"}'; judged "Grep glob secrets/*: the masked directory" "$C" '"attempt":true,"access":"read","category":"masked","path":"secrets","tool":"Grep"'
h ReadMcpResource "{\"server\":\"fs\",\"uri\":\"file://$wt/%2Eenv\"}"; judged "ReadMcpResource file: URI, percent-encoded" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"ReadMcpResource"'
h ReadMcpResource '{"server":"db","uri":"postgres://h/t"}'; judged "ReadMcpResource of another scheme: not judged" "$C" '"judged":false,"error":"not a call that names a path"'
h mcp__fs__read_text_file '{"path":".env"}'; judged "MCP read_text_file path" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"mcp__fs__read_text_file"'
h mcp__fs__read_multiple_files '{"paths":["main.c","secrets/k"]}'; judged "MCP read_multiple_files paths: the attempt named" "$C" '"attempt":true,"access":"read","category":"masked-dir","path":"secrets/k"'
h mcp__fs__move_file '{"source":"main.c","destination":".git/config"}'; judged "MCP move_file destination" "$C" '"attempt":true,"access":"write","category":"protected","path":".git/config"'
h mcp__fs__search_files '{"path":".","pattern":".env"}'; judged "MCP search_files (names only): not judged" "$C" '"judged":false'
h mcp__notes__fetch_note '{"note":".env"}'; judged "MCP tool added by --mcp-tool" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"mcp__notes__fetch_note"'
# What ripgrep and the reference MCP server reach past the path named
# (issue 32, the red team's residue): a search above the root goes down into
# it; a glob reaches a nested checkout's masked entries; a directory moved
# takes a nested checkout's entries along; a relative MCP path is the
# server's, against the root.
h Grep '{"pattern":"T","glob":".env","path":".."}'; judged "Grep .. with glob .env: down into the root" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"Grep"'
h Grep "{\"pattern\":\"T\",\"glob\":\"wt/.e*\",\"path\":\"$work\"}"; judged "Grep above the root, glob through the root's name" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"Grep"'
h Grep '{"pattern":"T","glob":"other/.env","path":".."}'; judged "Grep .., a glob of another directory: not a read" "$C" '"judged":false,"attempt":false'
h Grep '{"pattern":"T","glob":".env","path":"vendor"}'; judged "Grep glob .env under vendor: the nested checkout's" "$C" '"attempt":true,"access":"read","category":"masked","path":"vendor/lib/.env","tool":"Grep","checkout":"vendor/lib"'
h Grep '{"pattern":"T","glob":"vendor/mod/.env"}'; judged "Grep glob naming a nested checkout's .env (.git file)" "$C" '"attempt":true,"access":"read","category":"masked","path":"vendor/mod/.env","tool":"Grep","checkout":"vendor/mod"'
h mcp__fs__move_file '{"source":"vendor","destination":"v2"}'; judged "MCP move_file of a directory holding a nested checkout" "$C" '"attempt":true,"access":"write","category":"masked","path":"vendor/lib/.env","tool":"mcp__fs__move_file","checkout":"vendor/lib"'
printf -v C '{"session_id":"b","cwd":"%s/sub","hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_text_file","tool_input":{"path":".env"}}' "$wt"
judged "MCP relative path: the server's, against the root" "$C" '"attempt":true,"access":"read","category":"masked","path":".env","tool":"mcp__fs__read_text_file"'
printf -v C '{"session_id":"b","cwd":"%s/sub","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":".env"}}' "$wt"
judged "Read's relative path: the client's cwd alone" "$C" '"judged":true,"attempt":false,"access":"read","category":"none","path":"sub/.env"'
judged "ACP terminal/create cat .env" '{"jsonrpc":"2.0","id":9,"method":"terminal/create","params":{"sessionId":"x","command":"cat","args":[".env"]}}' '"attempt":true,"access":"read","category":"masked","path":".env","tool":"terminal/create"'
judged "ACP terminal/create ls: not an attempt" '{"jsonrpc":"2.0","id":10,"method":"terminal/create","params":{"sessionId":"x","command":"ls","args":["-la"]}}' '"judged":false,"attempt":false,"access":"read","tool":"terminal/create"'

# The batch: exit 0 and one verdict a line, or every case fails.
printf '%s\n' "${inputs[@]}" >"$work/batch.in"
"$pp" judge --stream --root "$wt" --policy "$policy" --log-format json --mcp-tool fetch_note=read:note \
  --history "$work/bh.jsonl" --state "$work/batch-state" <"$work/batch.in" >"$work/v" 2>"$work/ve"; brc=$?
mapfile -t V <"$work/v"
[ "$brc" -eq 0 ] && [ "${#V[@]}" -eq "${#inputs[@]}" ] || echo "  (the batch: exit $brc, ${#V[@]} verdicts for ${#inputs[@]} lines)"
verdict_has() { [ "$brc" -eq 0 ] && [ "${#V[@]}" -eq "${#inputs[@]}" ] && [[ ${V[$1]} == *"$2"* ]]; }
for i in "${!inputs[@]}"; do check "${names[i]}" verdict_has "$i" "${fields[i]}"; done
no_checkout() { verdict_has "$env_case" '"path":".env"' && [[ ${V[env_case]} != *checkout* ]]; }
check "the root's own: no checkout field" no_checkout
# The batch's History: a call of several paths reports each; a glob's masked
# directory is named.
check "batch History: Grep's glob names the masked directory" has "$work/bh.jsonl" '"access":"read","path":"secrets","category":"masked","tool":"Grep"'
check "batch History: Grep's glob reads the nested checkouts' .env too" has "$work/bh.jsonl" '"access":"read","path":"vendor/mod/.env","category":"masked","tool":"Grep","checkout":"vendor/mod"'
check "batch History: move_file of vendor writes vendor/lib/.git/config" has "$work/bh.jsonl" '"access":"write","path":"vendor/lib/.git/config","category":"protected","tool":"mcp__fs__move_file","checkout":"vendor/lib"'
check "batch History: read_multiple_files' masked path" has "$work/bh.jsonl" '"access":"read","path":"secrets/k","category":"masked-dir","tool":"mcp__fs__read_multiple_files"'

# stream1 JSONLINE [ARGS...]: judge one line alone; its verdict in $work/v,
# records in $work/ve, exit in $s_rc.
stream1() {
  local in=$1; shift
  printf '%s\n' "$in" >"$work/s.in"
  "$pp" judge --stream --root "$wt" --policy "$policy" "$@" <"$work/s.in" >"$work/v" 2>"$work/ve"; s_rc=$?
}
# judged1 FIELDS: that run exited 0 and its verdict has FIELDS.
judged1() { [ "$s_rc" -eq 0 ] && has "$work/v" "$1"; }
# vline N STRING: verdict N (from 0) of the last run read into V has STRING.
vline() { [[ ${V[$1]-} == *"$2"* ]]; }

# Names no line can hold as they are.
c Read read bad; stream1 "$C" --log-format json
check "non-UTF-8 name (through a link): escaped, said" judged1 '"category":"masked-dir","path":"secrets/\\xff","path_escaped":true'
check "non-UTF-8 name: the record too" has "$work/ve" '"path":"secrets/\\xff","path_escaped":true,"category":"masked-dir"'
check "non-UTF-8 name: the record is one line" lines "$work/ve" 1
c Read read 'secrets/a\nb'; stream1 "$C" --log-format json
one_each() { lines "$work/v" 1 && lines "$work/ve" 1; }
check "newline in a name: one verdict line" one_each
# (as escaped here, else any other JSON spelling of it)
nl_back() { has "$work/v" '"path":"secrets/a\nb"' || jq -e '.path == "secrets/a\nb"' "$work/v" >/dev/null 2>&1; }
check "newline in a name: the path reads back" nl_back
stream1 "$C"
check "newline in a name: the text message is one line, escaped" hasline "$work/ve" 'path policy: agent tried to read masked secrets/a\nb (Read)'
printf '{"tool":"Read","access":"read","path":"secrets/\xfe"}\n' >"$work/raw"
"$pp" judge --stream --root "$wt" --policy "$policy" <"$work/raw" >"$work/v" 2>/dev/null
check "raw non-UTF-8 bytes in the JSON: refused, one verdict" hasline "$work/v" '{"judged":false,"error":"not JSON"}'

# Malformed lines: a verdict each, and the stream goes on.
c Read read .env
printf '%s\n' 'not json' '[1,2]' '{"tool":"Read","access":"peek","path":".env"}' '{"tool":"Read","access":"read"}' "$C" >"$work/s.in"
"$pp" judge --stream --root "$wt" --policy "$policy" <"$work/s.in" >"$work/v" 2>/dev/null; rc=$?
mapfile -t V <"$work/v"
check "malformed lines: exit 0" [ "$rc" -eq 0 ]
check "malformed lines: one verdict per line" lines "$work/v" 5
check "malformed JSON: judged:false" vline 0 '"judged":false'
check "not an object: judged:false" vline 1 '"judged":false'
check "bad access: judged:false" vline 2 '"judged":false'
check "no path: judged:false" vline 3 '"judged":false'
check "after them, the stream still judges" vline 4 '"attempt":true'

# Dedup within a stream run: one record per (access, path).
c Read read .env; a=$C; c Read read a1; b=$C; c Write write .env; w=$C; c Read read .git/config
printf '%s\n' "$a" "$a" "$b" "$w" "$C" >"$work/s.in"
"$pp" judge --stream --root "$wt" --policy "$policy" --log-format json --history "$work/sh.jsonl" <"$work/s.in" >"$work/v" 2>"$work/ve"
check "stream dedup: a verdict for every line" lines "$work/v" 5
check "stream dedup: (read, .env) once, even by another name" count "$work/ve" '"access":"read","path":".env"' 1
check "stream dedup: (write, .env) is another attempt" count "$work/ve" '"access":"write","path":".env"' 1
check "stream dedup: 2 attempt records" count "$work/ve" '"event":"attempt"' 2
check "History: one line per attempt" lines "$work/sh.jsonl" 2
check "History: every line a path_policy entry" count "$work/sh.jsonl" '{"type":"path_policy",' 2
check "History: the fields" has "$work/sh.jsonl" '"access":"read","path":".env","category":"masked","tool":"Read"'
jsonl() { jq -e -s 'length == 2 and all(.[]; .type == "path_policy" and (.ts | type) == "string")' "$work/sh.jsonl" >/dev/null; }
check "History: JSON Lines (each line parses)" jsonl

# One stream process for a run: a verdict follows the disk as it is when its
# call is read, whatever an earlier call of the same path found (the judge
# keeps lookups until a change). The agent swaps a directory for a symlink
# into the policy between two calls of the same path; a component that was
# missing is made a symlink; a nested checkout appears around a path.
mkdir -p "$wt/swap/d" "$wt/swapn"
coproc JS { "$pp" judge --stream --root "$wt" --policy "$policy" 2>/dev/null; }
# Kept now: bash unsets them when the process ends.
js_in=${JS[1]} js_out=${JS[0]} js_pid=$JS_PID
ask() { c "$@"; answer=; printf '%s\n' "$C" >&"$js_in" && IFS= read -r -t 10 answer <&"$js_out"; }
ask Read read swap/d/k && first=$answer
mv "$wt/swap/d" "$wt/swap/d.old" && ln -s ../secrets "$wt/swap/d"
ask Read read swap/d/k && second=$answer
ask Read read swapn/new/k && third=$answer
ln -s ../secrets "$wt/swapn/new"
ask Read read swapn/new/k && fourth=$answer
mkdir -p "$wt/swapv/lib" && echo E >"$wt/swapv/lib/.env"
ask Read read swapv/lib/.env && fifth=$answer
git init -q "$wt/swapv/lib"
ask Read read swapv/lib/.env && sixth=$answer
exec {js_in}>&-
wait "$js_pid" 2>/dev/null
# One jq for the six answers, a line each (one not JSON is null: false).
printf '%s\n' "${first-}" "${second-}" "${third-}" "${fourth-}" "${fifth-}" "${sixth-}" >"$work/answers"
mapfile -t R < <(jq -n -R -r '[inputs | (try fromjson catch null)] as $a
  | ($a[0] | .attempt == false and .path == "swap/d/k"),
    ($a[1] | .attempt == true and .category == "masked-dir" and .path == "secrets/k"),
    ($a[3] | .attempt == true and .path == "secrets/k"),
    ($a[2] | .attempt == false and .path == "swapn/new/k"),
    ($a[5] | .attempt == true and .checkout == "swapv/lib"),
    ($a[4] | .attempt == false)' "$work/answers" 2>/dev/null)
check "one stream: before the swap, no attempt" [ "${R[0]-}" = true ]
check "one stream: after it, the same path is an attempt on secrets/k" [ "${R[1]-}" = true ]
check "one stream: a missing component, then made a symlink" [ "${R[2]-}" = true ]
check "one stream: ... it was none before" [ "${R[3]-}" = true ]
check "one stream: a nested checkout appears around a path" [ "${R[4]-}" = true ]
check "one stream: ... none before it" [ "${R[5]-}" = true ]
rm -rf "$wt/swap" "$wt/swapn" "$wt/swapv"

# The cap in a stream: 101 distinct paths, then more.
: >"$work/cap.in"
for ((i = 1; i <= 103; i++)); do c Read read "secrets/f$i"; printf '%s\n' "$C" >>"$work/cap.in"; done
c Read read secrets/f1; printf '%s\n' "$C" >>"$work/cap.in"
"$pp" judge --stream --root "$wt" --policy "$policy" --log-format json --history "$work/caph.jsonl" <"$work/cap.in" >"$work/v" 2>"$work/ve"
check "stream cap: 100 attempt records" count "$work/ve" '"event":"attempt"' 100
check "stream cap: exactly one attempts-capped" count "$work/ve" '"event":"attempts-capped"' 1
check "stream cap: nothing after it" lastline "$work/ve" '"event":"attempts-capped"'
check "stream cap: 100 History lines" lines "$work/caph.jsonl" 100
check "stream cap: still one verdict per line" lines "$work/v" 104

# spawn seq|all DIR FIRST LAST CMD...: CMD once for each I from FIRST to
# LAST, stdin DIR/in.I, stdout DIR/out.I, stderr DIR/err.I; one after the
# other (seq) or all at once, then waited for (all).
spawn() {
  if [ -n "$spawner" ]; then "$spawner" "$@"; return; fi
  local mode=$1 dir=$2 first=$3 last=$4 i
  shift 4
  for ((i = first; i <= last; i++)); do
    "$@" <"$dir/in.$i" >"$dir/out.$i" 2>"$dir/err.$i" &
    [ "$mode" = all ] || wait $!
  done
  wait
}

# --- --hook claude-code: nothing on stdout, exit 0, a record per attempt
state=$work/state

# hk TOOL TOOL_INPUT [SESSION [CWD [EVENT]]]: a hook input as Claude Code
# sends it, in $HK; a session of its own unless named.
hkn=0
hk() {
  hkn=$((hkn + 1))
  printf -v HK '{"session_id":"%s","transcript_path":"%s/t.jsonl","cwd":"%s","permission_mode":"default","hook_event_name":"%s","tool_name":"%s","tool_input":%s}' \
    "${3:-s$$.$hkn}" "$work" "${4:-$wt}" "${5:-PreToolUse}" "$1" "$2"
}
# hook INPUT [ARGS...]: one hook process; stdout in $work/ho, stderr in $work/he, exit in $hrc.
hook() {
  local in=$1; shift
  printf '%s' "$in" >"$work/hin"
  "$pp" judge --hook claude-code --root "$wt" --policy "$policy" --state "$state" --log-format "${fmt:-json}" "$@" <"$work/hin" >"$work/ho" 2>"$work/he"
  hrc=$?
}
quiet() { [ "$hrc" -eq 0 ] && [ ! -s "$work/ho" ]; }
# reports INPUT FIELDS: exit 0, stdout empty, one attempt record with FIELDS.
reports() { hook "$1" && quiet && count "$work/he" '"event":"attempt"' 1 && has "$work/he" "$2"; }
# silent INPUT: exit 0, stdout empty, stderr empty.
silent() { hook "$1" && quiet && [ ! -s "$work/he" ]; }

hk Read "{\"file_path\":\"$wt/.env\"}"; check "hook Read file_path" reports "$HK" '"msg":"path policy: agent tried to read masked .env (Read)","access":"read","path":".env","category":"masked","tool":"Read"'
hk Read "{\"file_path\":\"$wt/secrets/k\",\"offset\":1,\"limit\":10}"; check "hook Read with offset and limit" reports "$HK" '"category":"masked-dir","tool":"Read"'
printf -v content '%3000s' ''; content=${content// /x}
hk Write "{\"file_path\":\"$wt/.claude/settings.json\",\"content\":\"$content\"}"; check "hook Write file_path + content" reports "$HK" '"access":"write","path":".claude/settings.json","category":"protected-dir","tool":"Write"'
hk Edit "{\"file_path\":\"$wt/.git/config\",\"old_string\":\"a\",\"new_string\":\"b\",\"replace_all\":false}"; check "hook Edit" reports "$HK" '"msg":"path policy: agent tried to write protected .git/config (Edit)","access":"write","path":".git/config","category":"protected","tool":"Edit"'
hk MultiEdit "{\"file_path\":\"$wt/.git/hooks/pre-commit\",\"edits\":[{\"old_string\":\"a\",\"new_string\":\"b\"}]}"; check "hook MultiEdit" reports "$HK" '"access":"write","path":".git/hooks/pre-commit","category":"protected-dir","tool":"MultiEdit"'
hk NotebookEdit "{\"notebook_path\":\"$wt/secrets/n.ipynb\",\"new_source\":\"x\",\"cell_id\":\"c1\",\"edit_mode\":\"replace\"}"; check "hook NotebookEdit notebook_path" reports "$HK" '"access":"write","path":"secrets/n.ipynb","category":"masked-dir","tool":"NotebookEdit"'
hk Grep "{\"pattern\":\"TOKEN\",\"path\":\"$wt/.env\"}"; check "hook Grep a masked file" reports "$HK" '"access":"read","path":".env","category":"masked","tool":"Grep"'
hk Grep "{\"pattern\":\"k\",\"path\":\"$wt/secrets\",\"output_mode\":\"content\"}"; check "hook Grep a masked directory" reports "$HK" '"access":"read","path":"secrets","category":"masked","tool":"Grep"'
hk Grep "{\"pattern\":\"TOKEN\",\"path\":\"$wt\"}"; check "hook Grep a plain directory: not judged" silent "$HK"
hk Grep "{\"pattern\":\"x\",\"path\":\"$wt/main.c\"}"; check "hook Grep a plain file: nothing" silent "$HK"
# (a read of the nested checkouts' .env too: three attempts)
hk Grep '{"pattern":"TOKEN","glob":"*.env"}'; hook "$HK"; check "hook Grep without path, glob *.env: a read of .env by name" has "$work/he" '"access":"read","path":".env","category":"masked","tool":"Grep"'
check "hook Grep without path, glob *.env: and of the nested checkouts' .env" count "$work/he" '"event":"attempt"' 3
hk Grep '{"pattern":"TOKEN","glob":"wt/.env","path":".."}'; check "hook Grep .. with glob wt/.env: a read of .env" reports "$HK" '"access":"read","path":".env","category":"masked","tool":"Grep"'

hk Grep '{"pattern":"TOKEN","glob":"*.c"}'; check "hook Grep without path, glob *.c: not judged" silent "$HK"
hk mcp__notes__fetch_note '{"note":".env"}'; hook "$HK" --mcp-tool x=write:y --mcp-tool fetch_note=read:note
check "hook MCP tool added by --mcp-tool (given twice)" has "$work/he" '"access":"read","path":".env","category":"masked","tool":"mcp__notes__fetch_note"'
"$pp" judge --stream --root "$wt" --policy "$policy" --mcp-tool fetch_note=peek:note </dev/null >/dev/null 2>"$work/he"; rc=$?
check "--mcp-tool with an access that is none: usage error (2)" [ "$rc" -eq 2 ]
check "--mcp-tool: the error says why" has "$work/he" 'the access is read or write'
hk Glob "{\"pattern\":\"**/.env\",\"path\":\"$wt\"}"; check "hook Glob: not judged" silent "$HK"
hk Bash '{"command":"cat .env","description":"show"}'; check "hook Bash: not judged" silent "$HK"
hk Read "{\"file_path\":\"$wt/.git/config\"}"; check "hook Read of a protected file: nothing" silent "$HK"
hk Read "{\"file_path\":\"$wt/main.c\"}"; check "hook Read not in the policy: nothing" silent "$HK"
hk Read "{\"file_path\":\"$wt/.env\"}" "" "" PostToolUse; check "hook PostToolUse is judged too" reports "$HK" '"path":".env"'
# A Bash call's output (PostToolUse): the paths git says it could not update
# (issue 34: a masked file changed upstream stops a merge), named from the
# checkout's top whatever the cwd; an output that names none is nothing.
gitsays='error: Your local changes to the following files would be overwritten by merge:\n\t.env\n\tmain.c\nPlease commit your changes or stash them before you merge.\nAborting\n'
bash_post() { printf -v HK '{"session_id":"g%s","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"git pull"},"tool_response":{"stdout":"Updating 1..2\\n","stderr":"%s","interrupted":false}}' "$RANDOM${3:-}" "$1" "$2"; }
bash_post "$wt" "$gitsays"; check "hook Bash output: git's refusal of a masked path" reports "$HK" '"msg":"path policy: git cannot update .env: it is masked (Bash)","access":"write","path":".env","category":"masked","tool":"Bash"'
bash_post "$wt/sub" "$gitsays" 2; check "hook Bash output from a subdirectory: named from the top" reports "$HK" '"path":".env","category":"masked"'
bash_post "$wt/vendor/lib/secrets" "$gitsays" 3; check "hook Bash output in a nested checkout" reports "$HK" '"path":"vendor/lib/.env","category":"masked","tool":"Bash","checkout":"vendor/lib"'
bash_post "$wt" 'error: unable to unlink old '"'"'.git/config'"'"': Read-only file system\n' 4; check "hook Bash output: a protected path" reports "$HK" '"path":".git/config","category":"protected"'
bash_post "$wt" 'modified: .env\n\t.env\ncat: .env: Permission denied\n' 5; check "hook Bash output that is no git refusal: nothing" silent "$HK"
hk Read '{"file_path":"../secrets/k"}' "" "$wt/sub"; check "hook relative path with .. against cwd" reports "$HK" '"path":"secrets/k","category":"masked-dir"'
hk Read "{\"file_path\":\"$wt/vendor/lib/.env\"}"; check "hook nested checkout named" reports "$HK" '"path":"vendor/lib/.env","category":"masked","tool":"Read","checkout":"vendor/lib"'
hk Edit "{\"file_path\":\"$wt/vendor/lib/.git/config\",\"old_string\":\"a\",\"new_string\":\"b\"}"; check "hook nested .git/config protected" reports "$HK" '"path":"vendor/lib/.git/config","category":"protected","tool":"Edit","checkout":"vendor/lib"'
hk Read "{\"file_path\":\"$work/outside/.env\"}"; check "hook outside the root: nothing" silent "$HK"
hk Read "{\"file_path\":\"$wt/o1\"}"; check "hook a link out of the root: nothing" silent "$HK"
hk Read "{\"file_path\":\"$wt/bad\"}"; check "hook non-UTF-8 name: path_escaped" reports "$HK" '"path":"secrets/\\xff","path_escaped":true'
hk Read '{"file_path":"secrets/a\nb"}'; check "hook newline in a name" reports "$HK" '"path":"secrets/a\nb"'
check "hook newline in a name: one record line" lines "$work/he" 1
hk Read "{\"file_path\":\"$wt/.env\"}"; fmt=text hook "$HK"
check "hook text format: the exact message" hasline "$work/he" 'path policy: agent tried to read masked .env (Read)'
hk Edit "{\"file_path\":\"$wt/.git/config\",\"old_string\":\"a\",\"new_string\":\"b\"}"; fmt=text hook "$HK"
check "hook text format: the exact message (Edit)" hasline "$work/he" 'path policy: agent tried to write protected .git/config (Edit)'

# Malformed input: exit 0, one warn record, nothing on stdout.
warned() { lines "$work/he" 1 && has "$work/he" '"level":"warn","event":"judge-failed"'; }
for bad in '{"session_id":"s", "tool_name":' '' 'null' '[1]' '{"session_id":"s","tool_name":"Read"}' \
  '{"session_id":"s","tool_name":"Read","tool_input":{"file_path":7}}' $'{"tool_name":"Read","tool_input":{"file_path":"\xff"}}'; do
  hook "$bad"
  check "malformed hook input '$bad': exit 0, stdout empty" quiet
  check "malformed hook input '$bad': a warn record" warned
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
hk Read '{"file_path":".env"}'; printf '%s' "$HK" >"$work/hin"
"$pp" judge --hook claude-code --root "$wt" --policy "$policy" \
  --state /proc/no-such-state --history "$work/nostate-h" <"$work/hin" >"$work/ho" 2>"$work/he"; hrc=$?
check "hook without its state: exit 0, stdout empty" quiet
check "hook without its state: said" has "$work/he" "cannot keep the run's state in /proc/no-such-state"
check "hook without its state: the attempt reported" hasline "$work/he" 'path policy: agent tried to read masked .env (Read)'
check "hook without its state: the History entry written" has "$work/nostate-h" '"path":".env"'
hk Read '{"file_path":".env"}'; printf '%s' "$HK" >"$work/hin"
CLAUDE_PROJECT_DIR=$wt "$pp" judge --hook claude-code --policy "$policy" --state "$state" <"$work/hin" >"$work/ho" 2>"$work/he"
check "hook: --root defaults to CLAUDE_PROJECT_DIR" hasline "$work/he" 'path policy: agent tried to read masked .env (Read)'
hookargs --stream --root "$wt" --policy "$work/no-such-policy"
check "stream with a missing policy: exit 1" [ "$hrc" -eq 1 ]
hookargs --stream
check "stream usage error: exit 2" [ "$hrc" -eq 2 ]

# Dedup across hook processes: a run is a session_id.
hist=$work/hook-history.jsonl
dd=
for s in A A B; do hk Read "{\"file_path\":\"$wt/.env\"}" "dedup-$s"; hook "$HK" --history "$hist"; slurp "$work/he"; dd+=$body; done
printf '%s' "$dd" >"$work/dd"
check "hook dedup: one record per session (2 for A, A, B)" count "$work/dd" '"event":"attempt"' 2
check "hook dedup: History lines match" lines "$hist" 2
check "hook History: path_policy entries, with the session" count "$hist" '"type":"path_policy"' 2
check "hook History: session named" has "$hist" '"session":"dedup-B"'
hk Edit "{\"file_path\":\"$wt/.env\",\"old_string\":\"a\",\"new_string\":\"b\"}" dedup-A; hook "$HK"
check "hook dedup: another access to the same path is reported" count "$work/he" '"event":"attempt"' 1

# The cap across hook processes, and the state file that stays bounded: one
# session of 300 distinct paths, then the first again. (These were two runs,
# 103 paths then the first for the cap, 300 for the state: the cap is a count
# of distinct paths in a session, so the first 103 calls here are that run,
# and the 197 after it only go on past the cap; one run of 301 checks both.)
# A state line is "ACCESS PATH\n", one per distinct (access, path) under the
# cap, at most two per path (read and write), so with the cap at 100 and
# paths secrets/bound-NNN (18 bytes) it holds at most
# 200 * (len("write ") + 18 + 1) + len("capped\n") = 5007 bytes, and past
# the cap it does not grow.
bstate=$work/bound-state
# state_size: the bytes of every file in $bstate, in $size.
state_size() { local LC_ALL=C; slurp "$bstate"/*; size=${#body}; }
mkdir "$work/b"
for ((i = 1; i <= 301; i++)); do
  printf -v p 'secrets/bound-%03d' $((i == 301 ? 1 : i))
  hk Read "{\"file_path\":\"$wt/$p\"}" bound; printf '%s' "$HK" >"$work/b/in.$i"
done
bound=("$pp" judge --hook claude-code --root "$wt" --policy "$policy" --state "$bstate" --log-format json
  --history "$work/hch.jsonl")
spawn seq "$work/b" 1 149 "${bound[@]}"
state_size; size150=$size
spawn seq "$work/b" 150 301 "${bound[@]}"
state_size; size301=$size
# The records of the 301 runs, in order.
hc=
for ((i = 1; i <= 301; i++)); do slurp "$work/b/err.$i"; hc+=$body; done
printf '%s' "$hc" >"$work/hc"
check "hook cap: 100 attempt records" count "$work/hc" '"event":"attempt"' 100
check "hook cap: exactly one attempts-capped" count "$work/hc" '"event":"attempts-capped"' 1
check "hook cap: nothing after it" lastline "$work/hc" '"event":"attempts-capped"'
check "hook cap: 100 History lines" lines "$work/hch.jsonl" 100
sfiles=("$bstate"/*)
check "state: one file for the session" [ "${#sfiles[@]}" = 1 ]
within() { [ "$1" -gt 0 ] && [ "$1" -le "$2" ]; }
check "state: 300 distinct paths, $size301 bytes, kept and <= 5007" within "$size301" 5007
check "state: no growth past the cap ($size150 then $size301)" [ "${size150:-0}" = "$size301" ]
check "state: not readable by others" [ "$(stat -c %a "${sfiles[0]}")" = 600 ]

# Concurrency: 20 hook processes of one session at once. Five rounds, each
# its own session, to give a race more chances.
conc() { # conc SESSION PATH_OF_I N: N processes at once; records in $work/cc, History in $work/cch
  local s=$1 fmt=$2 n=$3 i p
  cdir=$work/$s
  mkdir "$cdir"
  for ((i = 1; i <= n; i++)); do
    # shellcheck disable=SC2059
    printf -v p "$fmt" "$i"
    hk Read "{\"file_path\":\"$wt/$p\"}" "$s"; printf '%s' "$HK" >"$cdir/in.$i"
  done
  spawn all "$cdir" 1 "$n" "$pp" judge --hook claude-code --root "$wt" --policy "$policy" --state "$state" \
    --log-format json --history "$cdir/history"
  slurp "$cdir"/err.*; printf '%s' "$body" >"$work/cc"
  slurp "$cdir/history"; printf '%s' "$body" >"$work/cch"
}
# paths FILE: the '"path":"..."' in FILE (grep -o), in $npaths, how many
# distinct in $ndistinct, how many of them more than once in $ntwice.
paths() {
  local l m
  local -A seen=()
  npaths=0 ndistinct=0 ntwice=0
  mapfile -t L <"$1"
  for l in "${L[@]}"; do
    while [[ $l =~ \"path\":\"[^\"]*\" ]]; do
      m=${BASH_REMATCH[0]}; l=${l#*"$m"}; npaths=$((npaths + 1))
      case ${seen[$m]-} in
        '') seen[$m]=1; ndistinct=$((ndistinct + 1)) ;;
        1) seen[$m]=2; ntwice=$((ntwice + 1)) ;;
      esac
    done
  done
}
none_twice() { paths "$work/cc"; [ "$ntwice" = 0 ]; }
hist20() { lines "$work/cch" 20 && paths "$work/cch" && [ "$ndistinct" = 20 ]; }
no_stdout() { local f; for f in "$cdir"/out.*; do [ ! -s "$f" ] || return 1; done; }
for r in 1 2 3 4 5; do
  conc "conc-distinct-$r" 'secrets/c%d' 20
  check "20 at once, distinct paths (round $r): 20 records" count "$work/cc" '"event":"attempt"' 20
  check "20 at once, distinct paths (round $r): none twice" none_twice
  check "20 at once, distinct paths (round $r): 20 History lines, 20 paths" hist20
  check "20 at once (round $r): nothing on stdout" no_stdout
  conc "conc-same-$r" 'secrets/same' 20
  check "20 at once, the same path (round $r): one record" count "$work/cc" '"event":"attempt"' 1
  check "20 at once, the same path (round $r): one History line" lines "$work/cch" 1
done
conc conc-cap 'secrets/cap%d' 110
check "110 at once, distinct: 100 records" count "$work/cc" '"event":"attempt"' 100
check "110 at once, distinct: one attempts-capped" count "$work/cc" '"event":"attempts-capped"' 1
check "110 at once, distinct: 100 History lines" lines "$work/cch" 100

# A path the kernel reaches through links though it is longer than one
# call takes (PATH_MAX): judged where it lands, not as written. S -> 18
# levels of 200-byte names, T -> 3 more, L -> back up to .env; "S/T/L" is
# 7 bytes. One --stream process for the three (the tree is not changed
# between them).
printf -v long '%200s' ''; long=${long// /d}
deep=$long; for ((i = 0; i < 17; i++)); do deep=$deep/$long; done
more=$long/$long/$long
printf -v up '%63s' ''; up=${up// /../}; up=${up:0:63} # 21 times ../
(cd "$wt" && mkdir -p "$deep" && ln -s "$deep" S && cd "$deep" && mkdir -p "$more" && ln -s "$more" T &&
  cd "$more" && ln -s "$up.env" L && mkdir -p nest/.git) || echo "cannot make the long path"
c Read read S/T/L; a=$C; c Edit write S/T/nest/.git/config; b=$C; c Read read S/T/L2
printf '%s\n' "$a" "$b" "$C" >"$work/s.in"
"$pp" judge --stream --root "$wt" --policy "$policy" <"$work/s.in" >"$work/v" 2>/dev/null; s_rc=$?
mapfile -t V <"$work/v"
s_vline() { [ "$s_rc" -eq 0 ] && vline "$@"; }
check "a link landing past PATH_MAX, to .env: the kernel's .env" s_vline 0 '"attempt":true,"access":"read","category":"masked","path":".env"'
check "past PATH_MAX: a nested checkout's .git/config" s_vline 1 '"attempt":true,"access":"write","category":"protected"'
long_l2() { jq -e --arg tail "$long/L2" '.category == "none" and (.path | endswith($tail)) and (.path | length) > 4096' <<<"${V[2]-}" >/dev/null; }
check "past PATH_MAX: a plain file there, named in full" long_l2
(cd "$wt" && rm S && cd "$deep" && rm -rf T "$long") # a deep tree slows no other check

# The state file's lock is the agent's user's too: a holder makes the
# hook wait a while, never for ever, then report without the state.
hk Read "{\"file_path\":\"$wt/.env\"}" lock-held; hook "$HK"
printf '%s' lock-held >"$work/sid"; lockf=$(sha256sum <"$work/sid"); lockf=$state/${lockf%% *}.run
# The holder keeps the lock until the test closes its fifo: the hook must
# return while it still holds it (a condition, not a time; the test's
# timeout is the bound on "never for ever").
mkfifo "$work/hold"
{ flock -x 9 && read -r _ <"$work/hold"; } 9<"$lockf" & holder=$!
exec {hold}>"$work/hold"
# Until the holder has it: a lock taken is the condition, not a time.
while flock -n -x "$lockf" true; do :; done
hk Read "{\"file_path\":\"$wt/secrets/k\"}" lock-held; pp=$pp_hooks PATHPOLICY_TEST_LOCK_MS=300 fmt=text hook "$HK"
held() { kill -0 "$holder" 2>/dev/null && ! flock -n -x "$lockf" true; }
check "a held state lock: the hook returns while it is held" held
check "a held state lock: exit 0, stdout empty" quiet
check "a held state lock: said" has "$work/he" "cannot keep the run's state in"
check "a held state lock: the attempt reported all the same" hasline "$work/he" 'path policy: agent tried to read masked secrets/k (Read)'
exec {hold}>&-
wait "$holder" 2>/dev/null

# The example settings: JSON, a matcher naming exactly the tools judge
# judges, and a command that, run as Claude Code runs it (sh -c, with
# CLAUDE_PROJECT_DIR), reports an attempt and prints nothing.
ex=${src:+$src/examples/claude-code-settings.json}
if [ -n "$ex" ]; then
  # One jq: whether it parses, then the matcher, the timeout's check and the
  # command (the last, whole, whatever lines it has).
  mapfile -t X < <(jq -r '"json", .hooks.PreToolUse[0].matcher,
    (.hooks.PreToolUse[0].hooks[0] | .type == "command" and .timeout <= 10),
    .hooks.PreToolUse[0].hooks[0].command' "$ex" 2>/dev/null)
  check "example: JSON" [ "${X[0]-}" = json ]
  matcher=${X[1]-}
  # The matcher's tools, as a set: each judged tool once, nothing else (a
  # regex: every MCP tool, of which judge takes the file tools).
  same_tools() {
    local t n=0
    local -A want=([Edit]=1 [Grep]=1 [MultiEdit]=1 [NotebookEdit]=1 [Read]=1 [Write]=1 [ReadMcpResource]=1 ['mcp__.*']=1)
    IFS='|' read -r -a T <<<"$matcher"
    for t in "${T[@]}"; do [ "${want[$t]-}" = 1 ] || return 1; want[$t]=2; n=$((n + 1)); done
    [ "$n" = 8 ] && [[ $matcher != *$'\n'* ]]
  }
  check "example: the matcher names the judged tools ($matcher)" same_tools
  check "example: a short timeout" [ "${X[2]-}" = true ]
  cmd=$(printf '%s\n' "${X[@]:3}")
  cmd=${cmd//\/colonizer\/path-policy/$policy}
  cmd=${cmd//\/run\/colony.sock/$work/colony.sock}
  cmd=${cmd//--history /--state $work/ex-state --history }
  mkdir -p "$work/bin" && ln -sf "$(realpath "$pp")" "$work/bin/pathpolicy"
  hk Read '{"file_path":".env"}' example; printf '%s' "$HK" >"$work/ex.in"
  mkdir -p "$work/colonizer/history"
  cmd=${cmd//\/colonizer\/history/$work/colonizer/history}
  (cd "$work" && PATH=$work/bin:$PATH CLAUDE_PROJECT_DIR=$wt sh -c "$cmd" <"$work/ex.in" >"$work/ho" 2>"$work/he"); hrc=$?
  check "example: the command exits 0 and prints nothing" quiet
  check "example: the command reports the attempt" hasline "$work/he" 'path policy: agent tried to read masked .env (Read)'
  check "example: the History entry" has "$work/colonizer/history/path_policy.jsonl" '"type":"path_policy"'
  # Bash's output too (git's refusals), by the same command
  check "example: a PostToolUse hook on Bash runs the same judge command" \
    [ "$(jq -r '.hooks.PostToolUse[0].matcher == "Bash" and .hooks.PostToolUse[0].hooks[0].command == .hooks.PreToolUse[0].hooks[0].command' "$ex")" = true ]
else
  echo "FAIL: the example's checks need the source root (test-judge.sh PATHPOLICY SOURCE_ROOT)"
  failed=$((failed + 1))
fi

echo "judge: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
