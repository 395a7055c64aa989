#!/usr/bin/env bash
# How `pathpolicy enforce` scales with the size of the policy:
#   - a policy of N lines whose last line is bad (N = 10k, 100k, 1M): refused
#     by the reader, or naming a missing path after N - 1 that exist (every
#     path is checked before anything is mounted);
#   - 100,000 mask-file paths bound, then the same policy again, where every
#     path is already bound (one mountinfo parse for all of them), and a
#     policy where every other path is already bound;
#   - 5,000 mask-file paths under `ulimit -n 1024`.
# Medians of RUNS runs (default 3). Root only: it runs in a mount namespace
# of its own on a tmpfs, and raises fs.mount-max for the 100,000 binds if it
# must (put back on exit).
#
#   bench/enforce-scale.sh [PATHPOLICY]     (default build/pathpolicy)
set -euo pipefail
cd "$(dirname "$0")/.."
pp=$(realpath "${1:-build/pathpolicy}")
runs=${RUNS:-3}
[ "$(id -u)" -eq 0 ] || { echo "bench/enforce-scale.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${ENFORCE_SCALE_NS:-}" ]; then
  ENFORCE_SCALE_NS=1 exec unshare -m --propagation private "$0" "$pp"
fi

work=$(mktemp -d /tmp/pathpolicy-scale-XXXXXX)
max_saved=
cleanup() {
  umount -l "$work" 2>/dev/null || true
  rmdir "$work"
  [ -z "$max_saved" ] || echo "$max_saved" >/proc/sys/fs/mount-max
}
trap cleanup EXIT
# A million empty files are inodes, not blocks: the default nr_inodes
# (half the RAM's pages) is plenty.
mount -t tmpfs -o size=1g tmpfs "$work"

now_ns() { local t=$EPOCHREALTIME; echo "${t/./}000"; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# tree DIR N: N - 1 empty files DIR/dK/fI (I = 1 .. N - 1, K = I % 1000)
# and policies DIR.missing (their N - 1 lines, then a missing path) and
# DIR.bad (the same, then a line the reader refuses).
tree() {
  local dir=$1 n=$2
  mkdir "$dir"
  (cd "$dir" && seq 0 999 | sed 's/^/d/' | xargs mkdir &&
    awk -v n="$n" 'BEGIN { for (i = 1; i < n; i++) printf "d%d/f%d\n", i % 1000, i }' | xargs touch)
  awk -v n="$n" 'BEGIN { for (i = 1; i < n; i++) printf "mask-file d%d/f%d\n", i % 1000, i }' >"$dir.lines"
  { cat "$dir.lines"; echo "mask-file missing"; } >"$dir.missing"
  { cat "$dir.lines"; echo "mask-file a//b"; } >"$dir.bad"
  rm "$dir.lines"
}

# ms WANT_RC ARGS...: run enforce with ARGS RUNS times; print the median in
# ms, and fail if an exit status is not WANT_RC.
ms() {
  local want=$1 t=() rc; shift
  for _ in $(seq "$runs"); do
    local t0; t0=$(now_ns)
    rc=0; "$@" 2>"$work/err" || rc=$?
    t+=($(( ($(now_ns) - t0) / 1000 )))
    [ "$rc" -eq "$want" ] || { echo "exit $rc, wanted $want: $*" >&2; tail -3 "$work/err" >&2; exit 1; }
  done
  printf '%s\n' "${t[@]}" | median | awk '{ printf "%.0f", $1 / 1000 }'
}

echo "A policy whose last line is bad: nothing is mounted (exit 1)"
printf '%-10s %26s %26s\n' lines "last line refused (reader)" "last path missing (check)"
for n in 10000 100000 1000000; do
  tree "$work/t$n" "$n"
  a=$(ms 1 "$pp" enforce --worktree "$work/t$n" --policy "$work/t$n.bad")
  b=$(ms 1 "$pp" enforce --worktree "$work/t$n" --policy "$work/t$n.missing")
  printf '%-10d %23s ms %23s ms\n' "$n" "$a" "$b"
  rm -rf "$work/t$n" "$work/t$n".*
done

echo
n=100000
max=$(cat /proc/sys/fs/mount-max)
have=$(wc -l </proc/self/mountinfo)
if [ "$max" -lt $((have + n + 100)) ]; then
  max_saved=$max
  echo $((have + n + 100)) >/proc/sys/fs/mount-max
fi
tree "$work/a" $((n + 1))
head -n "$n" "$work/a.missing" >"$work/a.policy"
runs_saved=$runs runs=1
first=$(ms 0 "$pp" enforce --worktree "$work/a" --policy "$work/a.policy")
runs=$runs_saved
# Every run after the first finds all of them bound.
again=$(ms 0 "$pp" enforce --worktree "$work/a" --policy "$work/a.policy")
grep -qF "(100000 already bound)" "$work/err" || { echo "not all already bound" >&2; exit 1; }
echo "100,000 mask-file paths: first run (binds them all) $first ms; again (all already bound) $again ms"
umount -l "$work"
mount -t tmpfs -o size=1g tmpfs "$work"

# Every other path bound first; then all of them, already bound and new in
# turn: the engine notes its own mounts rather than parse mountinfo again.
tree "$work/m" $((n + 1))
head -n "$n" "$work/m.missing" >"$work/m.policy"
awk 'NR % 2' "$work/m.policy" >"$work/m.half"
runs=1
ms 0 "$pp" enforce --worktree "$work/m" --policy "$work/m.half" >/dev/null
mixed=$(ms 0 "$pp" enforce --worktree "$work/m" --policy "$work/m.policy")
runs=$runs_saved
grep -qF "(50000 already bound)" "$work/err" || { echo "not half already bound" >&2; exit 1; }
echo "100,000 mask-file paths, every other one already bound: $mixed ms"
umount -l "$work"
mount -t tmpfs -o size=1g tmpfs "$work"

n=5000
mkdir "$work/f"
(cd "$work/f" && seq -f 'f%g' "$n" | xargs touch)
seq -f 'mask-file f%g' "$n" >"$work/f.policy"
# Each run binds them all afresh: one namespace each, as at boot.
lim=$(ms 0 bash -c 'ulimit -n 1024 && exec unshare -m "$0" enforce --worktree "$1" --policy "$2"' \
  "$pp" "$work/f" "$work/f.policy")
echo "5,000 mask-file paths under ulimit -n 1024: $lim ms (each run in a fresh mount namespace)"
echo "(medians of $runs runs)"
