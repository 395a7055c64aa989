#!/usr/bin/env bash
# The poll backend (Darwin's, here on Linux) against real directories: no
# root needed, nothing is mounted. Usage: test-poll.sh PATHPOLICY NOTIFY_LISTEN
set -u
pp=$1 notify=$2
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; rm -rf "$work"; }
trap cleanup EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
wait_log() { for _ in $(seq $((${3:-10} * 20))); do grep -qF -- "$2" "$1" && return 0; sleep 0.05; done; return 1; }
now_ms() { local t=$EPOCHREALTIME; echo $(( ${t/./} / 1000 )); }
# passes FILE N: until N more complete passes (poll-pass records) than now:
# a condition to wait for, never a sleep that passes when no tick ran.
passes() {
  local want=$(( $(grep -cF '"event":"poll-pass"' "$1") + $2 )) i
  for i in $(seq 200); do [ "$(grep -cF '"event":"poll-pass"' "$1")" -ge "$want" ] && return 0; sleep 0.05; done
  echo "  (no $2 more poll-pass records in $1)"; return 1
}

# --- a checkout made while it runs: reported within about two intervals, once
root=$work/root; mkdir -p "$root/old/.git"
"$pp" watch "$root" --backend poll --interval 200 --log-format json --log-level debug 2>"$work/log" & pids+=($!)
check "ready" wait_log "$work/log" '"event":"watch-ready"'
check "warn-only, and says so" grep -qF 'the poll backend cannot bind' "$work/log"
mkdir -p "$root/sub/.git"; echo S >"$root/sub/.env"
t0=$(now_ms)
check "reported" wait_log "$work/log" 'cannot bind sub/.env in nested checkout sub on this platform (mask-file)' 5
t1=$(now_ms)
echo "  reported after $((t1 - t0)) ms (interval 200 ms)"
check "within about two intervals ($((t1 - t0)) ms)" [ $((t1 - t0)) -le 600 ]
check "five more passes" passes "$work/log" 5
n=$(grep -cF 'cannot bind sub/.env in nested checkout sub' "$work/log")
check "exactly once over five more passes (saw $n)" [ "$n" -eq 1 ]
rm "$root/sub/.env"
check "a pass sees it gone" passes "$work/log" 2
echo S >"$root/sub/.env"
check "again after it went and came back" bash -c "for _ in \$(seq 40); do [ \$(grep -cF 'cannot bind sub/.env in nested checkout sub' '$work/log') -eq 2 ] && exit 0; sleep 0.05; done; exit 1"
ln -s /etc "$root/sub/etc"
check "two passes over the symlink" passes "$work/log" 2
check "a symlink is never entered" bash -c "! grep -qF 'sub/etc/' '$work/log'"

# --- 100,000 entries with the default bounds: covered within a few ticks
big=$work/big; mkdir "$big"
( cd "$big" && seq 0 9999 | sed 's/^/d/' | xargs mkdir && for i in $(seq 0 8); do seq 0 9999 | sed "s|^\(.*\)$|d\1/f$i|" | xargs touch; done )
mkdir -p "$big/d9999/.git"; echo S >"$big/d9999/.env"
entries=$(find "$big" -mindepth 1 | wc -l)
"$pp" watch "$big" --backend poll --log-format json --log-level debug 2>"$work/big.log" & pids+=($!)
check "100k: a pass completes" wait_log "$work/big.log" '"event":"poll-pass"' 30
ticks=$(grep -F '"event":"poll-pass"' "$work/big.log" | head -1 | sed 's/.*"ticks":\([0-9]*\).*/\1/')
echo "  $entries entries walked in $ticks tick(s) of at most 50,000"
check "100k: covered in at most 3 ticks (took $ticks)" [ "$ticks" -le 3 ]
check "100k: the entry bound said, with where it stopped" grep -qF -- '--max-entries 50000 per tick reached: the walk stopped here' "$work/big.log"
check "100k: the checkout in it found" grep -qF 'cannot bind d9999/.env in nested checkout d9999' "$work/big.log"

# --- under systemd with WatchdogSec= (NOTIFY_SOCKET, WATCHDOG_USEC): READY=1,
# then WATCHDOG=1 again and again while the loop turns. (That a hung loop
# stops them is test-unit.sh's: systemd itself restarts the daemon.)
if "$pp" --version | grep -q "systemd: yes"; then
  "$notify" "$work/notify.sock" 10 4 >"$work/notify.out" & np=$!
  wait_log "$work/notify.out" listening
  mkdir -p "$work/root5/a/.git"
  NOTIFY_SOCKET=$work/notify.sock WATCHDOG_USEC=200000 "$pp" watch "$work/root5" --backend poll 2>/dev/null & pids+=($!)
  wait "$np"; rc=$?
  check "watchdog: four messages, none more than 10 s apart" [ "$rc" -eq 0 ]
  check "watchdog: READY=1" grep -qx 'READY=1' "$work/notify.out"
  check "watchdog: WATCHDOG=1 twice or more" [ "$(grep -cx 'WATCHDOG=1' "$work/notify.out")" -ge 2 ]
  # For another process (WATCHDOG_PID), it is not ours: READY=1, then not
  # a ping in a second (ours would come every millisecond).
  "$notify" "$work/notify2.sock" 1 2 >"$work/notify2.out" & np=$!
  wait_log "$work/notify2.out" listening
  NOTIFY_SOCKET=$work/notify2.sock WATCHDOG_USEC=2000 WATCHDOG_PID=1 "$pp" watch "$work/root5" --backend poll 2>/dev/null & pids+=($!)
  wait "$np"; rc=$?
  check "watchdog: not ours (WATCHDOG_PID): READY=1" grep -qx 'READY=1' "$work/notify2.out"
  check "watchdog: not ours (WATCHDOG_PID): no ping" [ "$rc" -eq 1 ]
fi

kill -TERM "${pids[0]}"; wait "${pids[0]}"; rc=$?
check "SIGTERM: exit 0" [ "$rc" -eq 0 ]
echo "poll: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
