#!/usr/bin/env bash
# The poll backend (Darwin's, here on Linux) against real directories: no
# root needed, nothing is mounted. Usage: test-poll.sh PATHPOLICY NOTIFY_LISTEN
# The waits and counts are bash builtins (a process costs ~4 ms here), and
# each watcher is stopped once its checks are done: a poller left running
# walks its tree, or pings, until the end of the test.
set -u
pp=$1 notify=$2
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; rm -rf "$work" "${big:-}"; }
trap cleanup EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
# nap SECONDS: the pause between two looks at a condition, without a process
# (a read that times out on a fifo nobody writes).
mkfifo "$work/never" && exec {never}<>"$work/never"
nap() { read -r -t "$1" -u "$never" _; :; }
# count FILE STRING: the lines of FILE with STRING in $n (grep -cF).
count() {
  local l
  n=0
  [ -e "$1" ] || return 0 # (a watcher's log is made as it starts)
  while IFS= read -r l || [ -n "$l" ]; do [[ $l == *"$2"* ]] && n=$((n + 1)); done <"$1"
}
has() { count "$1" "$2"; [ "$n" -gt 0 ]; }
lacks() { ! has "$@"; }
# wait_log FILE STRING [SECONDS]: until FILE has STRING (default 10 s).
wait_log() {
  local i
  for ((i = 0; i < ${3:-10} * 20; i++)); do has "$1" "$2" && return 0; nap 0.05; done
  return 1
}
# passes FILE N: until N more complete passes (poll-pass records) than now:
# a condition to wait for, never a sleep that passes when no tick ran.
passes() {
  local want i
  count "$1" '"event":"poll-pass"'; want=$((n + $2))
  for ((i = 0; i < 200; i++)); do count "$1" '"event":"poll-pass"'; [ "$n" -ge "$want" ] && return 0; nap 0.05; done
  echo "  (no $2 more poll-pass records in $1)"; return 1
}
# stop PID: SIGTERM, and its exit status in $rc.
stop() { kill -TERM "$1"; wait "$1"; rc=$?; }

# --- a checkout made while it runs: reported within two passes, once
root=$work/root; mkdir -p "$root/old/.git"
"$pp" watch "$root" --backend poll --interval 200 --log-format json --log-level debug 2>"$work/log" & watcher=$!
pids+=("$watcher")
check "ready" wait_log "$work/log" '"event":"watch-ready"'
check "warn-only, and says so" has "$work/log" 'the poll backend cannot bind'
mkdir -p "$root/sub/.git"; echo S >"$root/sub/.env"
count "$work/log" '"event":"poll-pass"'; n0=$n
check "reported" wait_log "$work/log" 'cannot bind sub/.env in nested checkout sub on this platform (mask-file)' 5
# Within two passes, a condition on the log's order rather than a time: the
# pass running when the checkout was made may have walked past it, the one
# after it cannot; a report comes before its pass's poll-pass record, so at
# most one more of those precedes it.
before=0
while IFS= read -r l; do
  [[ $l == *'cannot bind sub/.env in nested checkout sub'* ]] && break
  [[ $l == *'"event":"poll-pass"'* ]] && before=$((before + 1))
done <"$work/log"
check "within two passes ($((before - n0)) pass(es) ended between the checkout and the report)" [ "$before" -le $((n0 + 1)) ]
check "five more passes" passes "$work/log" 5
count "$work/log" 'cannot bind sub/.env in nested checkout sub'
check "exactly once over five more passes (saw $n)" [ "$n" -eq 1 ]
rm "$root/sub/.env"
check "a pass sees it gone" passes "$work/log" 2
echo S >"$root/sub/.env"
again() {
  local i
  for ((i = 0; i < 40; i++)); do count "$work/log" 'cannot bind sub/.env in nested checkout sub'; [ "$n" -eq 2 ] && return 0; nap 0.05; done
  return 1
}
check "again after it went and came back" again
ln -s /etc "$root/sub/etc"
check "two passes over the symlink" passes "$work/log" 2
check "a symlink is never entered" lacks "$work/log" 'sub/etc/'
stop "$watcher"
check "SIGTERM: exit 0" [ "$rc" -eq 0 ]

# --- 100,000 entries with the default bounds: covered within a few ticks.
# On a tmpfs where there is one (/dev/shm): the tree is made and removed in
# a second there, against several on a journaled disk.
shm=
[ -d /dev/shm ] && [ -w /dev/shm ] && shm=/dev/shm
big=$(mktemp -d ${shm:+-p "$shm"})
( cd "$big" && seq 0 9999 | sed 's/^/d/' | xargs mkdir && for i in $(seq 0 8); do seq 0 9999 | sed "s|^\(.*\)$|d\1/f$i|" | xargs touch; done )
mkdir -p "$big/d9999/.git"; echo S >"$big/d9999/.env"
entries=$((10000 * 10 + 2)) # each d N with 9 files, the .git and the .env
"$pp" watch "$big" --backend poll --log-format json --log-level debug 2>"$work/big.log" & bigw=$!
pids+=("$bigw")
check "100k: a pass completes" wait_log "$work/big.log" '"event":"poll-pass"' 30
while IFS= read -r l; do [[ $l == *'"event":"poll-pass"'* ]] && break; done <"$work/big.log"
ticks=
[[ $l =~ \"ticks\":([0-9]*) ]] && ticks=${BASH_REMATCH[1]}
echo "  $entries entries walked in $ticks tick(s) of at most 50,000"
check "100k: covered in at most 3 ticks (took $ticks)" [ "${ticks:-99}" -le 3 ]
check "100k: the entry bound said, with where it stopped" has "$work/big.log" '--max-entries 50000 per tick reached: the walk stopped here'
check "100k: the checkout in it found" has "$work/big.log" 'cannot bind d9999/.env in nested checkout d9999'
stop "$bigw"
rm -rf "$big"

# --- under systemd with WatchdogSec= (NOTIFY_SOCKET, WATCHDOG_USEC): READY=1,
# then WATCHDOG=1 again and again while the loop turns. (That a hung loop
# stops them is test-unit.sh's: systemd itself restarts the daemon.)
if [[ $("$pp" --version) == *"systemd: yes"* ]]; then
  "$notify" "$work/notify.sock" 10 4 >"$work/notify.out" & np=$!
  wait_log "$work/notify.out" listening
  mkdir -p "$work/root5/a/.git"
  NOTIFY_SOCKET=$work/notify.sock WATCHDOG_USEC=200000 "$pp" watch "$work/root5" --backend poll 2>/dev/null & w=$!
  pids+=("$w")
  wait "$np"; rc=$?
  check "watchdog: four messages, none more than 10 s apart" [ "$rc" -eq 0 ]
  mapfile -t msgs <"$work/notify.out"
  nready=0 nping=0
  for l in "${msgs[@]}"; do [ "$l" = READY=1 ] && nready=$((nready + 1)); [ "$l" = WATCHDOG=1 ] && nping=$((nping + 1)); done
  check "watchdog: READY=1" [ "$nready" -ge 1 ]
  check "watchdog: WATCHDOG=1 twice or more" [ "$nping" -ge 2 ]
  kill "$w"; wait "$w" 2>/dev/null
  # For another process (WATCHDOG_PID), it is not ours: READY=1, then not
  # a ping in a second (ours would come every millisecond).
  "$notify" "$work/notify2.sock" 1 2 >"$work/notify2.out" & np=$!
  wait_log "$work/notify2.out" listening
  NOTIFY_SOCKET=$work/notify2.sock WATCHDOG_USEC=2000 WATCHDOG_PID=1 "$pp" watch "$work/root5" --backend poll 2>/dev/null & w=$!
  pids+=("$w")
  wait "$np"; rc=$?
  mapfile -t msgs <"$work/notify2.out"
  nready=0
  for l in "${msgs[@]}"; do [ "$l" = READY=1 ] && nready=$((nready + 1)); done
  check "watchdog: not ours (WATCHDOG_PID): READY=1" [ "$nready" -ge 1 ]
  check "watchdog: not ours (WATCHDOG_PID): no ping" [ "$rc" -eq 1 ]
  kill "$w"; wait "$w" 2>/dev/null
fi

echo "poll: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
