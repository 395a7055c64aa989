#!/usr/bin/env bash
# pathpolicy watch under a rename storm (issue 33, storm a): one process
# swaps two directories holding SUBDIRS directories each (renameat2
# RENAME_EXCHANGE, tests/racer.c) as fast as the kernel goes, for SECONDS;
# meanwhile a new checkout a second gets a .env. For each: the time from
# the write's close to masked (a char device 1:3, looked at every 10 ms,
# so 10 ms is this method's floor), and the daemon's peak RSS. With a
# second build (--vs OTHER_BUILD_DIR), the same storm against it, in the
# same run. Root only; a private mount and PID namespace on a tmpfs.
#   bench/storm.sh [BUILD_DIR] [--vs OTHER_BUILD_DIR]    (SUBDIRS=2000 SECONDS=12)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}") other=
[ "${2:-}" = --vs ] && other=$(realpath "$3")
[ "$(id -u)" -eq 0 ] || { echo "bench/storm.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
nsub=${SUBDIRS:-2000} secs=${SECONDS_:-12} racer=$bd/tests/racer
[ -x "$racer" ] || { echo "bench/storm.sh: no $racer (a build with the tests)" >&2; exit 1; }

storm() { # PATHPOLICY LABEL
  local pp=$1 base root dp rp c t0 i lat=() worst=0
  base=$(mktemp -d /tmp/pathpolicy-storm-XXXXXX); mount -t tmpfs tmpfs "$base"
  root=$base/root; mkdir -p "$root/s/A" "$root/s/B"
  for ((i = 1; i <= (nsub + 999) / 1000; i++)); do
    eval "mkdir -p \"$root\"/s/A/d$i-{1..1000} \"$root\"/s/B/e$i-{1..1000}"
  done
  "$pp" watch "$root" --log-level error 2>"$base/log" &
  dp=$!
  for ((i = 0; i < 1200; i++)); do [ -d /proc/$dp ] && grep -q . "$base/log" 2>/dev/null && break; sleep 0.01; done
  sleep 1 # the start-up crawl (no ready record at this level): the bench is about the storm
  "$racer" "$root/s/A" "$root/s/B" "$secs" >"$base/swaps" &
  rp=$!
  for ((c = 1; c < secs; c++)); do
    mkdir -p "$root/c$c/.git"; echo S >"$root/c$c/.env"; t0=${EPOCHREALTIME/./}
    for ((i = 0; i < 2000; i++)); do [ "$(stat -c %t:%T "$root/c$c/.env")" = 1:3 ] && break; sleep 0.01; done
    local ms=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
    [ "$i" -lt 2000 ] || ms="unmasked"
    lat+=("$ms")
    sleep 0.5
  done
  wait "$rp"
  printf '%-10s swaps %8s  peak RSS %7s KiB  masked after (ms): %s\n' "$2" "$(cat "$base/swaps")" \
    "$(awk '/VmHWM/ {print $2}' /proc/$dp/status)" "${lat[*]}"
  kill "$dp"; wait "$dp" 2>/dev/null || true
  umount -l "$base"; rmdir "$base"
}
echo "rename storm: 2 x $nsub directories swapped for $secs s; a new checkout's .env each second"
storm "$bd/pathpolicy" this
[ -z "$other" ] || storm "$other/pathpolicy" other
