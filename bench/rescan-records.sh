#!/usr/bin/env bash
# What one queue overflow makes the watcher say: KNOWN checkouts bound before it, then one
# overflow for certain (the daemon stopped while more events than the queue holds come in).
# Must not change a machine-wide setting (a private mount and PID namespace, a tmpfs; the queue's
# length is read, never set). For each build, the log's lines (info and up) before the overflow
# and from it on, the rescans said, the daemon's CPU time for the rescan; with --vs, the other
# build the same way in the same run.
#   bench/rescan-records.sh [BUILD_DIR] [--vs OTHER_BUILD_DIR]   (KNOWN=1000; BACKEND=inotify)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}") other=
[ "${2:-}" = --vs ] && other=$(realpath "$3")
[ "$(id -u)" -eq 0 ] || { echo "bench/rescan-records.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
mkfifo "/tmp/rr-nap.$$"; exec {nap_fd}<>"/tmp/rr-nap.$$"; rm "/tmp/rr-nap.$$"
nap() { read -r -t "${1:-0.01}" -u "$nap_fd" _ || true; }
known=${KNOWN:-1000} backend=${BACKEND:-inotify}
cpu_ms() { awk '{print ($14 + $15) * 10}' "/proc/$1/stat"; }
lines() { wc -l <"$1"; }
# until the log has not grown for a second: the rescan's records are all out
settle() { local n=-1; while [ "$n" != "$(lines "$1")" ]; do n=$(lines "$1"); nap 1; done; }

run() { # run PATHPOLICY NAME
  local pp=$1 base r dp before cpu0
  base=$(mktemp -d /tmp/pathpolicy-rr-XXXXXX); mount -t tmpfs -o size=512m tmpfs "$base"
  r=$base/root; mkdir "$r"
  # A checkout each: a .git with HEAD, config and hooks/ (what git init makes that the policy
  # names), and a .env.
  for ((i = 0; i < known; i++)); do
    mkdir -p "$r/c$i/.git/hooks"; echo 'ref: refs/heads/main' >"$r/c$i/.git/HEAD"
    : >"$r/c$i/.git/config"; echo S >"$r/c$i/.env"
  done
  "$pp" watch --backend "$backend" "$r" --log-level info 2>"$base/log" &
  dp=$!
  until grep -q 'nested checkout(s)' "$base/log" 2>/dev/null; do nap; done
  settle "$base/log"
  before=$(lines "$base/log") cpu0=$(cpu_ms "$dp")
  kill -STOP "$dp"
  (cd "$r" && seq -f 'f%.0f' 0 "$(cat "/proc/sys/fs/$backend/max_queued_events")" | xargs touch)
  kill -CONT "$dp"
  until grep -q 'lost events' "$base/log"; do nap; done
  settle "$base/log"
  printf '%-8s %d checkouts: %6d lines before the overflow, %6d from it on; rescans %d; CPU %d ms\n' \
    "$2" "$known" "$before" "$(($(lines "$base/log") - before))" "$(grep -c 'lost events' "$base/log")" \
    "$(($(cpu_ms "$dp") - cpu0))"
  kill "$dp"; wait "$dp" 2>/dev/null || true
  umount -l "$base"; rmdir "$base"
}
echo "one overflow of the $backend queue with $known checkouts known: what the log got"
run "$bd/pathpolicy" this
[ -z "$other" ] || run "$other/pathpolicy" other
