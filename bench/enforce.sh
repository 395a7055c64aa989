#!/usr/bin/env bash
# pathpolicy enforce against bubblewrap, setting up the same binds: N files
# masked with /dev/null (N = 10, 100, 1000), each run in a fresh mount
# namespace (unshare -m for pathpolicy; bwrap makes its own). Medians of
# RUNS runs, interleaved so both see the same machine. Root only.
#
#   bench/enforce.sh [PATHPOLICY]     (default build/pathpolicy)
set -euo pipefail
cd "$(dirname "$0")/.."
pp=$(realpath "${1:-build/pathpolicy}")
runs=${RUNS:-21}
[ "$(id -u)" -eq 0 ] || { echo "bench/enforce.sh: needs root (mounts)" >&2; exit 1; }
command -v bwrap >/dev/null || { echo "bench/enforce.sh: needs bwrap (tools/bootstrap --bench)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# now_ns: a monotonic clock in ns, from bash itself (no fork).
now_ns() { local t=$EPOCHREALTIME; echo "${t/./}000"; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

printf '%-6s %14s %14s %14s %16s\n' binds "pathpolicy" "bwrap" "ratio" "per bind (pp)"
for n in 10 100 1000; do
  root="$work/root-$n"
  mkdir -p "$root"
  : >"$work/policy-$n"
  args=()
  for i in $(seq "$n"); do
    echo "s$i" >"$root/secret-$i.env"
    echo "mask-file secret-$i.env" >>"$work/policy-$n"
    args+=(--ro-bind /dev/null "$root/secret-$i.env")
  done
  pp_t=() bw_t=()
  for r in $(seq "$runs"); do
    t0=$(now_ns)
    unshare -m "$pp" enforce --worktree "$root" --policy "$work/policy-$n" --log-level error
    t1=$(now_ns)
    bwrap --bind / / "${args[@]}" -- true
    t2=$(now_ns)
    pp_t+=($(( (t1 - t0) / 1000 ))) bw_t+=($(( (t2 - t1) / 1000 )))
  done
  pm=$(printf '%s\n' "${pp_t[@]}" | median)
  bm=$(printf '%s\n' "${bw_t[@]}" | median)
  awk -v n="$n" -v p="$pm" -v b="$bm" 'BEGIN {
    printf "%-6d %11.1f ms %11.1f ms %11.2fx %13.1f us\n", n, p / 1000, b / 1000, b / p, p / n }'
done
echo "(medians of $runs runs; ratio = bwrap / pathpolicy, above 1 means pathpolicy is faster)"
