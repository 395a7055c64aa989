#!/usr/bin/env bash
# The installed program checks for the test hooks but has none, and takes
# none from a library: the dynamic linker binds no hook of a preloaded one
# (tests/preload-hooks.c, which would kill prepare at once). No root needed.
# Usage: test-no-hooks.sh PATHPOLICY PRELOAD_HOOKS_SO
set -u
pp=$1 so=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
absent() { ! grep -qE "$1" "$2"; }
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

git init -q "$work/wt"; mkdir "$work/vm"
echo '{"sandbox": {"mask_paths": ["secret.key"]}}' >"$work/modules.json"
# ASan wants its runtime first; the preloaded library comes before it.
LD_PRELOAD=$so ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
  "$pp" prepare --worktree "$work/wt" --out "$work/vm" --modules "$work/modules.json" 2>"$work/err"
rc=$?
check "the library was preloaded" absent 'cannot be preloaded' "$work/err"
check "prepare with the hooks preloaded: not killed" [ "$rc" -eq 0 ]
check "prepare with the hooks preloaded: the placeholder made" [ -f "$work/wt/secret.key" ]
if command -v nm >/dev/null; then
  nm -D "$pp" >"$work/dynsym"
  check "no hook in the dynamic symbol table" absent ' (host_test_crash_after|judge_test_lock_ms|mount_engine_race_hook)$' "$work/dynsym"
fi

echo "no-hooks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
