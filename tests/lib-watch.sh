# Sourced by the watcher's root tests (test-watch-root.sh, -blind-root.sh, -burst-root.sh, -fanotify-root.sh,
# -gitconfig-root.sh, -paths-root.sh, -fanotify-marks-root.sh): the pass/fail count, a git
# that reads only $base/gitconfig, and waits on a condition without a
# fixed sleep. Needs $base (a tmpfs of the test's own) set first.
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }

export GIT_CONFIG_GLOBAL=$base/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid
git config --global user.name test
git config --global init.defaultBranch main
git config --global protocol.file.allow always

# nap: 50 ms between two looks at a condition, without a process (a read
# that times out on a fifo nobody writes).
mkfifo "$base/nap"; exec {nap_fd}<>"$base/nap"
nap() { read -r -t 0.05 -u "$nap_fd" _; }
# wait_log FILE PATTERN [SECONDS]: until the log holds a fixed string.
wait_log() {
  local i
  for ((i = 0; i < ${3:-10} * 20; i++)); do grep -qF -- "$2" "$1" && return 0; nap; done
  echo "  (timed out waiting for '$2' in $1)"; return 1
}
# masked PATH: the daemon's mask (/dev/null) is on it; wait_masked PATH [SECONDS]: until it is (10 s).
masked() { [ "$(stat -c %F:%t:%T "$1" 2>/dev/null)" = "character special file:1:3" ]; }
wait_masked() { local i; for ((i = 0; i < ${2:-10} * 20; i++)); do masked "$1" && return 0; nap; done; return 1; }
