#!/usr/bin/env bash
# pathpolicy watch under a burst that overflows the inotify queue (issue 33 storm c), shortened.
# Must not change a machine-wide setting, sleep a fixed time, or leave a process or mount behind.
# Root only, in a mount and PID namespace of its own, on a tmpfs. Eight processes make 40,000
# directories at once (each a visit for the daemon, slower than a mkdir: the queue overflows)
# while checkouts are made; every .env must end masked, and the daemon's peak RSS stay under
# 64 MiB. The timing goals are bench/storm-queue.sh's (STORM=c). Usage: test-watch-burst-root.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1
# The watch backend under test: tests/meson.build runs the root suite once
# per backend (PP_WATCH_BACKEND=inotify, suite root; =fanotify, root-fanotify).
bk=(--backend "${PP_WATCH_BACKEND:-inotify}")
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-burst-XXXXXX)
mount -t tmpfs -o size=256m tmpfs "$base"
root=$base/root
mkdir -p "$root/burst" "$root/new"
dp= bp=
cleanup() {
  [ -n "$bp" ] && { kill "$bp" 2>/dev/null; wait "$bp" 2>/dev/null; }
  [ -n "$dp" ] && { kill "$dp" 2>/dev/null; wait "$dp" 2>/dev/null; }
  umount -l "$base"; rmdir "$base"
}
trap cleanup EXIT
. "$(dirname "$0")/lib-watch.sh" # check, nap, masked (and a git of its own, unused here)

log=$base/watch.log
"$pp" watch "${bk[@]}" "$root" --log-format json --log-level info 2>"$log" &
dp=$!
for ((i = 0; i < 600; i++)); do grep -qF '"event":"watch-ready"' "$log" && break; nap; done
check "ready" grep -qF '"event":"watch-ready"' "$log"

# The burst, in the background; checkouts made while it runs, until it is done.
(cd "$root/burst" && seq -f 'd%.0f' 1 40000 | xargs -P 8 -n 2000 mkdir) &
bp=$!
n=0
while kill -0 "$bp" 2>/dev/null || [ "$n" -lt 5 ]; do
  n=$((n + 1)); mkdir -p "$root/new/c$n/.git"; echo S >"$root/new/c$n/.env"; nap
done
wait "$bp"; bp=
# Until every one is masked (bounded), then the count.
misses() { stat -c %F:%t:%T "$root"/new/c*/.env 2>&1 | grep -vcx 'character special file:1:3'; }
for ((k = 0; k < 200; k++)); do [ "$(misses)" -eq 0 ] && break; nap; done
m=$(misses)
check "burst: 0 of $n checkouts' .env left unmasked (saw $m)" [ "$m" -eq 0 ]
echo "  burst: $(grep -c '"event":"rescan"' "$log") rescan(s); $n checkouts made during it"
hwm=$(awk '/VmHWM/ {print $2}' "/proc/$dp/status")
if ldd "$pp" | grep -q libasan; then
  echo "  burst: RSS not comparable under ASan"
else
  check "burst: the daemon's peak RSS (${hwm} KiB) under 64 MiB" [ "$hwm" -lt 65536 ]
fi
kill "$dp"; wait "$dp"; dp=
echo "watch-burst-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
