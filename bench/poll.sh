#!/usr/bin/env bash
# The poll backend's cost: CPU time per tick with the default bounds
# (1 s, depth 16, 50,000 entries a tick) on trees of 10,000 and 100,000
# entries, against fswatch's poll monitor (Debian fswatch 1.17,
# `fswatch -m poll_monitor -r`, its default 1 s latency) on the same tree
# over the same minute, both running side by side. No root needed.
#   bench/poll.sh [BUILD_DIR]     (default build; tools/bootstrap --bench)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy
secs=${SECONDS_PER_TREE:-60}
command -v fswatch >/dev/null || { echo "bench/poll.sh: needs fswatch (tools/bootstrap --bench)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
hz=$(getconf CLK_TCK)
cpu_ms() { awk -v hz="$hz" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$1/stat"; }

printf '%-8s %-12s %12s %14s\n' entries watcher "CPU in ${secs}s" "CPU per tick"
for n in 10000 100000; do
  t=$work/tree-$n; mkdir "$t"
  dirs=$((n / 10))
  ( cd "$t" && seq 0 $((dirs - 1)) | sed 's/^/d/' | xargs mkdir && for i in $(seq 0 8); do seq 0 $((dirs - 1)) | sed "s|^\(.*\)$|d\1/f$i|" | xargs touch; done )
  "$pp" watch "$t" --backend poll --log-level error 2>/dev/null & a=$!
  fswatch -m poll_monitor -r "$t" >/dev/null 2>&1 & b=$!
  pids+=("$a" "$b")
  sleep 3  # both past their first full walk
  a0=$(cpu_ms $a) b0=$(cpu_ms $b)
  sleep "$secs"
  a1=$(cpu_ms $a) b1=$(cpu_ms $b)
  awk -v n="$n" -v c=$((a1 - a0)) -v s="$secs" 'BEGIN { printf "%-8d %-12s %9d ms %11.1f ms\n", n, "pathpolicy", c, c / s }'
  awk -v n="$n" -v c=$((b1 - b0)) -v s="$secs" 'BEGIN { printf "%-8d %-12s %9d ms %11.1f ms\n", n, "fswatch", c, c / s }'
  awk -v a=$((a1 - a0)) -v b=$((b1 - b0)) 'BEGIN { if (a > 0) printf "         ratio: fswatch uses %.2fx the CPU of pathpolicy\n", b / a }'
  kill "$a" "$b"; wait "$a" "$b" 2>/dev/null || true
  pids=()
done
