#!/usr/bin/env bash
# judge --hook claude-code end to end on the client's resolution of a path
# (daemon/core/judge-client.c): each input as Claude Code's hook gives it,
# and the History entry it must leave. It must not need root, nor touch
# anything outside its scratch directory.
# Usage: test-judge-client.sh PATHPOLICY
set -u
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

wt=$work/ws
mkdir -p "$wt/.git" "$wt/sub/deep" "$wt/.claude" "$work/elsewhere/dir" "$work/home"
echo TOKEN >"$wt/.env"
ln -s "$work/elsewhere/dir" "$wt/l" # leads out of the root
ln -s sub/deep "$wt/in"             # a directory inside it
policy=$work/path-policy
printf 'mask-file .env\nprotect .git/config\nprotect .claude/\n' >"$policy"

# hook TOOL MEMBER PATH: one hook input, its History in $work/h. PATH is
# JSON string's text ("\u3000" is U+3000), without its quotes.
n=0
hook() {
  n=$((n + 1))
  printf '{"session_id":"s","cwd":"%s/sub","hook_event_name":"PreToolUse","tool_name":"%s","tool_input":{"%s":"%s"}}' \
    "$wt" "$1" "$2" "$3" |
    HOME=$work/home "$pp" judge --hook claude-code --root "$wt" --policy "$policy" --state "$work/state$n" \
      --history "$work/h" --log-format json 2>/dev/null
}
# attempt WHAT TOOL MEMBER PATH LANDED: one History entry, naming LANDED.
attempt() {
  local what=$1 landed=$5
  rm -f "$work/h"
  hook "$2" "$3" "$4"
  if [ -s "$work/h" ] && [ "$(wc -l <"$work/h")" -eq 1 ] && grep -qF "\"path\":\"$landed\"" "$work/h"; then
    passed=$((passed + 1))
  else
    echo "FAIL: $what: $(cat "$work/h" 2>/dev/null)"
    failed=$((failed + 1))
  fi
}
# none WHAT TOOL MEMBER PATH: no History entry.
none() {
  rm -f "$work/h"
  hook "$2" "$3" "$4"
  if [ ! -s "$work/h" ]; then passed=$((passed + 1)); else echo "FAIL: $1: $(cat "$work/h")"; failed=$((failed + 1)); fi
}

# Each of String.prototype.trim's characters, at each end.
for c in 0009 000a 000b 000c 000d 0020 00a0 1680 2000 2001 2002 2003 2004 2005 2006 2007 2008 2009 200a \
  2028 2029 202f 205f 3000 feff; do
  attempt "U+$c after" Read file_path "$wt/.env\\u$c" .env
  attempt "U+$c before" Read file_path "\\u$c$wt/.env" .env
done
none "a zero-width space is a name's" Read file_path "$wt/.env\\u200b"
attempt "~/ from HOME" Read file_path "~/../ws/.env" .env
attempt "~/ trimmed, then .. by name" Read file_path " ~/../ws/sub/../.env " .env
none "~user is a name" Read file_path "~root/.env"
attempt "~user is a name, .. by name" Read file_path "~root/../../.env" .env
attempt "l/.. by name, l leading out" Read file_path "$wt/l/../.env" .env
attempt "in/.. by name, in inside" Read file_path "$wt/in/../.env" .env
attempt "relative, from cwd" Read file_path "../in/../.env" .env
attempt "a write to a protected file, trailing space" Write file_path "$wt/.git/config " .git/config
attempt "Edit through l/.." Edit file_path "$wt/l/../.claude/settings.json" .claude/settings.json
attempt "Grep's path" Grep path "\\t$wt/.env" .env
attempt "NotebookEdit" NotebookEdit notebook_path "$wt/l/../.claude/n.ipynb" .claude/n.ipynb

echo "test-judge-client.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
