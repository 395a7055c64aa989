#!/usr/bin/env bash
# pathpolicy watch under the agent's load, shortened (issue 33 point 4;
# bench/storm.sh has the full storms and their figures): (d) idle git-x
# processes holding 20,000 files each, (e) a flood of names in a bound
# hooks/ from a working directory held there from before the bind, (f) an
# index renamed over and over. Under each, every new checkout's .env ends
# masked and the daemon's peak RSS stays below 64 MiB; the makers walk's cut
# is said, its repeats counted in one repeated record; the flood is a record
# a second with a count; SIGTERM under the index storm is answered. Root
# only; a private mount and PID namespace on a tmpfs.
# Usage: test-watch-load-root.sh PATHPOLICY FD_HOLDER RACER
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 holder=$2 racer=$3
# The watch backend under test: tests/meson.build runs the root suite once
# per backend (PP_WATCH_BACKEND=inotify, suite root; =fanotify, root-fanotify).
bk=(--backend "${PP_WATCH_BACKEND:-inotify}")
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-load-XXXXXX)
mount -t tmpfs -o size=256m tmpfs "$base"
root=$base/root log=$base/watch.log
mkdir "$root"
passed=0 failed=0 pids=()
# Every process started here is reaped (the holders see their stdin close
# first), and the tmpfs goes.
reap() {
  [ -n "${hold_fd:-}" ] && exec {hold_fd}>&-
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [ -z "${PP_KEEP_LOG:-}" ] || cp "$log" "$PP_KEEP_LOG"
  umount -l "$base" && rmdir "$base"
}
trap reap EXIT
check() { # check WHAT CMD...: counted, and said when it fails
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi
}
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

# No one's git config: a name for the one commit, and nothing else.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=test GIT_COMMITTER_NAME=test \
  GIT_AUTHOR_EMAIL=t@example.invalid GIT_COMMITTER_EMAIL=t@example.invalid

masked() { [ "$(stat -c %F:%t:%T "$1" 2>/dev/null)" = "character special file:1:3" ]; }
mkfifo "$base/nap"; exec {nap_fd}<>"$base/nap"
nap() { read -r -t 0.05 -u "$nap_fd" _; }
# until: a condition, looked at every 50 ms, for at most SECONDS.
until_() { local s=$1 i; shift; for ((i = 0; i < s * 20; i++)); do "$@" && return 0; nap; done; return 1; }
logged() { grep -qF -- "$1" "$log"; }
rss_kib() { awk '/VmHWM/ {print $2}' "/proc/$dp/status"; }
# Under ASan (its shadow memory and quarantine) RSS says nothing of the
# daemon's own: the plain builds check the bound, LeakSanitizer the leaks.
asan=0; ldd "$pp" | grep -q libasan && asan=1
rss_ok() {
  local r; r=$(rss_kib)
  [ "$asan" = 1 ] && { echo "  (peak RSS $r KiB under ASan: not the bound's)"; return 0; }
  [ -n "$r" ] && [ "$r" -lt 65536 ] || { echo "  (peak RSS $r KiB)"; return 1; }
}
# new_checkouts PREFIX N: N checkouts made one after another, each with a
# .env, the next once the last is masked (each its own makers walk).
new_checkouts() {
  local i left=()
  for ((i = 1; i <= $2; i++)); do
    mkdir -p "$root/$1$i/.git"; echo S >"$root/$1$i/.env"
    until_ 20 masked "$root/$1$i/.env" || left+=("$1$i")
  done
  [ ${#left[@]} -eq 0 ] || { echo "  (unmasked: ${left[*]})"; return 1; }
}

# Before the daemon: (e)'s repository and a shell whose working directory
# is its hooks/ (held from before the bind), waiting for the word to
# flood; (f)'s repository, an index tracking a protected file, and a copy
# of the index to swap with it.
git init -q "$root/h"
mkfifo "$base/go"
(cd "$root/h/.git/hooks" && read -r _ <"$base/go" && eval 'touch f{1..3000}') &
pids+=($!)
git init -q "$root/f"
mkdir "$root/f/.claude"; head -c 1048576 /dev/zero >"$root/f/.claude/settings.json"
git -C "$root/f" add -A; git -C "$root/f" commit -qm f
cp "$root/f/.git/index" "$root/f/.git/index.b"

"$pp" watch "${bk[@]}" "$root" --log-format json --log-level info 2>"$log" &
dp=$!
pids+=($dp)
until_ 30 logged '"event":"watch-ready"' || { bad "watch did not get ready"; cat "$log"; exit 1; }
check "the repositories from before are protected" until_ 20 logged '"event":"git-protected"'

# (d) Four idle processes named git-x, 19,000 files open each (20,000 is
# past the hard limit of some machines, this one among them).
ln -s "$holder" "$base/git-x"
mkfifo "$base/hold"; exec {hold_fd}<>"$base/hold"
for i in 1 2 3 4; do "$base/git-x" 19000 <"$base/hold" >"$base/ready$i" & pids+=($!); done
for i in 1 2 3 4; do until_ 20 grep -q ready "$base/ready$i" || bad "holder $i not ready"; done
check "idle git-x: every new .env masked" new_checkouts d 20
check "idle git-x: the walk's cut is said" until_ 10 logged '"event":"makers-cut"'
check "idle git-x: peak RSS below 64 MiB" rss_ok
exec {hold_fd}>&-
hold_fd=

# (e) The flood: 3,000 names in the bound hooks/.
check "hooks/ is bound" mountpoint -q "$root/h/.git/hooks"
echo go >"$base/go"
hooks_counted() {
  [ "$(jq -r 'select(.event == "git-audit" and .path == "h/.git/hooks") | .count' "$log" |
    awk '{ s += $1 } END { print s + 0 }')" -eq 3000 ]
}
check "hooks flood: every name counted" until_ 20 hooks_counted
n=$(jq -r 'select(.event == "git-audit" and .path == "h/.git/hooks") | .count' "$log" | wc -l)
check "hooks flood: a record a second, not one a name ($n)" test "$n" -le 4
check "hooks flood: every new .env masked" new_checkouts e 10
check "hooks flood: peak RSS below 64 MiB" rss_ok

# (f) The index renamed over and over (RENAME_EXCHANGE with its copy)
# for up to 1 s; SIGTERM while it runs.
"$racer" "$root/f/.git/index" "$root/f/.git/index.b" 1 >/dev/null &
rp=$!
pids+=($rp)
check "index loop: every new .env masked" new_checkouts i 10
check "index loop: peak RSS below 64 MiB" rss_ok
t0=${EPOCHREALTIME/./}
kill -TERM "$dp"
wait "$dp"
ms=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
echo "  SIGTERM answered in $ms ms under the index loop"
check "index loop: SIGTERM answered within 5 s ($ms ms)" test "$ms" -lt 5000
kill "$rp" 2>/dev/null; wait "$rp" 2>/dev/null

# The walk's cut said a few times, its repeats counted in a repeated record.
said=$(jq -r 'select(.event == "makers-cut") | .event' "$log" | wc -l)
rep=$(jq -r 'select(.event == "repeated" and .repeated == "makers-cut") | .count' "$log")
check "makers-cut said at most 3 times a window ($said)" test "$said" -ge 1 -a "$said" -le 6
check "makers-cut's repeats: one repeated record with its count ($rep)" test -n "$rep" -a "$(echo "$rep" | wc -l)" -le 2

echo "passed $passed, failed $failed"
[ "$failed" -eq 0 ]
