#!/usr/bin/env bash
# What the watcher keeps per watched directory, measured after its start-up crawl.
# Must not change a machine-wide setting (a private mount and PID namespace, a tmpfs).
# The daemon's RSS, CPU time and inotify watches after crawling DIRS directories (10,000 and
# 50,000 by default), and the kernel's slab for the watches.
#   bench/watch-memory.sh [BUILD_DIR]     (DIRS="0 10000 50000"; NAME_LEN: each name's length, 8;
#   BACKEND: inotify, the one that keeps something per directory; fanotify keeps a bounded cache)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
[ "$(id -u)" -eq 0 ] || { echo "bench/watch-memory.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
mkfifo "/tmp/wm-nap.$$"; exec {nap_fd}<>"/tmp/wm-nap.$$"; rm "/tmp/wm-nap.$$"
nap() { read -r -t 0.01 -u "$nap_fd" _ || true; }
len=${NAME_LEN:-8}
# The kernel's side: inotify's mark and fsnotify's connector (one an inode), machine-wide counts.
slab() {
  local s t=0 d=/sys/kernel/slab
  for s in inotify_inode_mark fsnotify_mark_connector; do
    [ -r "$d/$s/objects" ] && t=$((t + $(cut -d' ' -f1 "$d/$s/objects") * $(cat "$d/$s/object_size")))
  done
  echo "$t"
}
printf '%8s %10s %10s %9s %12s\n' dirs "RSS KiB" "CPU ms" watches "slab bytes"
for n in ${DIRS:-0 10000 50000}; do
  base=$(mktemp -d /tmp/pathpolicy-wm-XXXXXX); mount -t tmpfs -o size=1g tmpfs "$base"
  # 100 a directory, two levels: names of NAME_LEN characters.
  for ((i = 0; i < n; i += 100)); do
    p=$(printf "%0${len}d" "$i"); mkdir -p "$base/$p"
    (cd "$base/$p" && seq -f "%0${len}.0f" 1 99 | xargs mkdir)
  done
  s0=$(slab)
  "$bd/pathpolicy" watch --backend "${BACKEND:-inotify}" "$base" --log-level info 2>"$base.log" &
  dp=$!
  until grep -q 'nested checkout(s)' "$base.log" 2>/dev/null; do nap; done
  w=$(cat /proc/$dp/fdinfo/* 2>/dev/null | grep -c '^inotify wd:' || true)
  printf '%8d %10s %10s %9s %12s\n' "$n" "$(awk '/VmRSS/ {print $2}' /proc/$dp/status)" \
    "$(awk '{print ($14 + $15) * 1000 / '"$(getconf CLK_TCK)"'}' /proc/$dp/stat)" "$w" "$(( $(slab) - s0 ))"
  kill "$dp"; wait "$dp" 2>/dev/null || true
  rm -f "$base.log"; umount -l "$base"; rmdir "$base"
done
