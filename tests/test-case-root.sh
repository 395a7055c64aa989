#!/usr/bin/env bash
# Case as the filesystem has it (issue 32, point 4): judge and check-command
# on a name in another case (.ENV for .env, SECRETS/ for secrets/, U+017F
# LONG S for 's'), on a case-sensitive tmpfs (another file: not reported,
# not refused; --case-insensitive says otherwise) and on a case-insensitive
# one (tmpfs -o casefold, Linux 6.13 and later, or chattr +F on an empty
# directory: the same file, reported and refused). Root, in a mount
# namespace of its own (re-executed under unshare -m). Skips with 77 and the
# reason when the kernel offers no casefold (a kernel without CONFIG_UNICODE
# refuses -o casefold), after the case-sensitive half has passed. Two
# processes a half: judge --stream and check-command --stream.
# Usage: test-case-root.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: it mounts tmpfs, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$(realpath "$1")
base=$(mktemp -d /tmp/pathpolicy-case-XXXXXX)
passed=0 failed=0
cleanup() {
  umount -l "$base/cs" 2>/dev/null
  umount -l "$base/ci" 2>/dev/null
  rm -rf "$base"
}
trap cleanup EXIT
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

printf 'mask-file .env\nmask-dir secrets/\nprotect .claude/\n' >"$base/policy"
# A checkout's files, in DIR.
populate() {
  mkdir -p "$1/secrets" "$1/.claude"
  echo TOKEN >"$1/.env" && echo k >"$1/secrets/k" && echo '{}' >"$1/.claude/settings.json"
}
long_s=$(printf '\xc5\xbf') # U+017F LATIN SMALL LETTER LONG S: casefold makes it 's'
paths=(.ENV .env SECRETS/k "${long_s}ecrets/k" .CLAUDE/settings.json README)
# judge_all ROOT [OPTION]: judge --stream on each of paths (a Read, and a
# Write for the protected one), "attempt" or "-" a line, in $got.
judge_all() {
  local root=$1 p
  shift
  got=$(for p in "${paths[@]}"; do
    case $p in .CLAUDE/*) printf '{"tool":"Write","access":"write","path":"%s"}\n' "$p" ;;
      *) printf '{"tool":"Read","access":"read","path":"%s"}\n' "$p" ;; esac
  done | "$pp" judge --stream --root "$root" --policy "$base/policy" "$@" 2>/dev/null |
    sed -e 's/.*"attempt":true.*/attempt/' -e 's/.*"attempt":false.*/-/' | tr '\n' ' ')
}
# check_all ROOT [OPTION]: check-command --stream on "cat P" for each, run
# in ROOT (the hook's way: the agent's directory), "refuse" or "allow" a line.
check_all() {
  local root=$1 p
  shift
  got=$(for p in "${paths[@]}"; do printf '{"command":"cat %s"}\n' "$p"; done |
    (cd "$root" && "$pp" check-command --policy "$base/policy" --stream "$@" 2>/dev/null) |
    sed -e 's/.*"decision":"refuse".*/refuse/' -e 's/.*"decision":"allow".*/allow/' | tr '\n' ' ')
}
expect() { # expect WHAT WANT: $got against WANT
  if [ "$got" = "$2 " ]; then ok; else bad "$1: got '$got', wanted '$2'"; fi
}

# --- case-sensitive: .ENV is another name
mkdir "$base/cs"
mount -t tmpfs -o size=4m tmpfs "$base/cs"
populate "$base/cs"
judge_all "$base/cs"
expect "judge, case-sensitive" "- attempt - - - -"
check_all "$base/cs"
expect "check-command, case-sensitive" "allow refuse allow allow allow allow"
# ... unless told otherwise
judge_all "$base/cs" --case-insensitive
expect "judge --case-insensitive" "attempt attempt attempt attempt attempt -"
check_all "$base/cs" --case-insensitive
expect "check-command --case-insensitive" "refuse refuse refuse refuse allow allow"
# ... in a nested checkout (its own directories asked), and in an ACP
# terminal's command line (check-command's rule, judge's answer)
mkdir -p "$base/cs/sub/.git" && echo T >"$base/cs/sub/.env"
got=$(printf '%s\n' '{"tool":"Read","access":"read","path":"sub/.ENV"}' \
  '{"jsonrpc":"2.0","id":1,"method":"terminal/create","params":{"sessionId":"s","command":"cat","args":[".ENV"]}}' |
  "$pp" judge --stream --root "$base/cs" --policy "$base/policy" 2>/dev/null | grep -c '"attempt":true')
[ "$got" = 0 ] && ok || bad "judge, case-sensitive: sub/.ENV or a terminal's .ENV reported"
got=$(printf '%s\n' '{"tool":"Read","access":"read","path":"sub/.ENV"}' \
  '{"jsonrpc":"2.0","id":1,"method":"terminal/create","params":{"sessionId":"s","command":"cat","args":[".ENV"]}}' |
  "$pp" judge --stream --root "$base/cs" --policy "$base/policy" --case-insensitive 2>/dev/null |
  grep -c '"attempt":true')
[ "$got" = 2 ] && ok || bad "judge --case-insensitive: sub/.ENV and a terminal's .ENV: $got reported of 2"
# check-command --root: asked there, not in its own directory
got=$(printf '{"command":"cat .ENV"}\n' | (cd / && "$pp" check-command --policy "$base/policy" --root "$base/cs" \
  --stream 2>/dev/null) | grep -c '"allow"')
[ "$got" = 1 ] && ok || bad "check-command --root on a case-sensitive tmpfs: .ENV refused"

# --- case-insensitive: the whole tmpfs (-o casefold), else an empty
# directory made so (chattr +F) on a filesystem that can
mkdir "$base/ci"
why=
if ! mount -t tmpfs -o size=4m,casefold tmpfs "$base/ci" 2>/dev/null; then
  why="the kernel refuses tmpfs -o casefold"
  if command -v dmesg >/dev/null; then
    k=$(dmesg 2>/dev/null | grep -i 'tmpfs.*\(unicode\|casefold\)' | tail -1)
    [ -n "$k" ] && why="$why (kernel: ${k#*] })"
  fi
fi
if [ -n "$why" ]; then
  echo "case-sensitive half: $passed passed, $failed failed"
  [ "$failed" -eq 0 ] || exit 1
  echo "SKIP: this kernel offers no casefold directory: $why"
  exit 77
fi
populate "$base/ci"
judge_all "$base/ci"
expect "judge, casefold" "attempt attempt attempt attempt attempt -"
check_all "$base/ci"
expect "check-command, casefold" "refuse refuse refuse refuse allow allow"
# The judge reports the name as the call wrote it, in the History's words.
got=$(printf '{"tool":"Read","access":"read","path":".ENV"}\n' |
  "$pp" judge --stream --root "$base/ci" --policy "$base/policy" 2>/dev/null)
case $got in *'"category":"masked"'*'"path":".ENV"'*) ok ;; *) bad "judge on .ENV, casefold: $got" ;; esac
# A case-sensitive directory inside (chattr -F on an empty one, where the
# kernel lets it), as the worktree: its names are as written again.
mkdir "$base/ci/cs"
if chattr -F "$base/ci/cs" 2>/dev/null; then
  populate "$base/ci/cs"
  judge_all "$base/ci/cs"
  expect "judge, a case-sensitive directory in a casefold tmpfs" "- attempt - - - -"
fi

echo "case: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
