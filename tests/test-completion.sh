#!/usr/bin/env bash
# The bash completion against the real binary: verbs, each verb's options,
# and directories or files where an option takes one.
# Usage: test-completion.sh PATHPOLICY COMPLETION_FILE
set -u
pp=$(realpath "$1") file=$2
bc=/usr/share/bash-completion/bash_completion
[ -r "$bc" ] || { echo "SKIP: no $bc (tools/bootstrap installs bash-completion)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/dd" && : >"$work/df"
ln -s "$pp" "$work/bin/pathpolicy"
export PATH=$work/bin:$PATH
# shellcheck disable=SC1090
source "$bc" && source "$file" || { echo "FAIL: cannot load $file"; exit 1; }
passed=0 failed=0

# complete WORDS...: the completions for the line, the last word the one
# being typed; one per line in $work/out.
complete_() {
  COMP_WORDS=("$@") COMP_CWORD=$(($# - 1))
  COMP_LINE="$*" COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _pathpolicy pathpolicy "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}" >"$work/out"
}
# The checks ask COMPREPLY itself, without a grep each (a process costs
# ~4 ms here); $work/out is what a failure shows.
offered() { local c; for c in "${COMPREPLY[@]}"; do [ "$c" = "$1" ] && return 0; done; return 1; }
has() { if offered "$1"; then passed=$((passed + 1)); else
  echo "FAIL: '$1' not offered for: $2"; sed 's/^/  offered: /' "$work/out" | head; failed=$((failed + 1)); fi; }
lacks() { if ! offered "$1"; then passed=$((passed + 1)); else
  echo "FAIL: '$1' offered for: $2"; failed=$((failed + 1)); fi; }
# Nothing, or only empty words.
blank() { local c; for c in "${COMPREPLY[@]}"; do [ -z "$c" ] || return 1; done; }
nothing() { if blank; then passed=$((passed + 1)); else
  echo "FAIL: something offered for: $1"; sed 's/^/  offered: /' "$work/out" | head; failed=$((failed + 1)); fi; }

# Every verb the binary lists, and only verbs.
complete_ pathpolicy ""
for v in $(pathpolicy --help | awk '/^Verbs:/ { f = 1; next } f && /^  [a-z]/ { print $1 }'); do has "$v" "pathpolicy <TAB>"; done
lacks "--help" "pathpolicy <TAB>"
complete_ pathpolicy ch && has check-command "pathpolicy ch<TAB>" && lacks stage "pathpolicy ch<TAB>"
complete_ pathpolicy --v && has --version "pathpolicy --v<TAB>"
# Each verb's options, from its --help.
complete_ pathpolicy watch --
for o in --worktree --policy --backend --git-deadline --git-config --log-socket --help; do has "$o" "pathpolicy watch --<TAB>"; done
lacks --root "pathpolicy watch --<TAB>"
complete_ pathpolicy stage --w && has --worktree "pathpolicy stage --w<TAB>"
complete_ pathpolicy check-command -- && has --help "pathpolicy check-command --<TAB>"
# An option's argument: DIR takes directories, FILE files, a value nothing.
complete_ pathpolicy stage --worktree "$work/d"
has "$work/dd" "--worktree DIR" && lacks "$work/df" "--worktree DIR"
complete_ pathpolicy enforce --policy "$work/d"
has "$work/dd" "--policy FILE" && has "$work/df" "--policy FILE"
complete_ pathpolicy watch --log-level "" && nothing "--log-level LEVEL"
complete_ pathpolicy watch --mount-budget "" && nothing "--mount-budget N"

# review17: <TAB> runs words[0], the command as typed, to read its --help.
# An operator (root, every capability) typing a path into the agent's
# worktree, "./pathpolicy st<TAB>" or "/workspace/tools/pathpolicy <TAB>",
# runs whatever the agent put there before deciding to run anything. The
# completion should read the help of the pathpolicy in PATH, never of a file
# named on the line.
mkdir "$work/agent"
printf '#!/bin/sh\ntouch "%s/ran"\necho "Verbs:"\necho "  pwned  x"\n' "$work" >"$work/agent/pathpolicy"
chmod +x "$work/agent/pathpolicy"
complete_ "$work/agent/pathpolicy" ""
if [ ! -e "$work/ran" ]; then passed=$((passed + 1)); else
  echo "FAIL: <TAB> after $work/agent/pathpolicy ran it"; failed=$((failed + 1)); fi
lacks pwned "$work/agent/pathpolicy <TAB>"
rm -f "$work/ran"
(cd "$work/agent" && complete_ ./pathpolicy watch --)
if [ ! -e "$work/ran" ]; then passed=$((passed + 1)); else
  echo "FAIL: <TAB> after ./pathpolicy watch -- ran ./pathpolicy"; failed=$((failed + 1)); fi

echo "completion: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
