#!/usr/bin/env bash
# pathpolicy watch, both Linux backends (inotify, fanotify), measured against
# their floor and their peers, in one run, with fanotify's figures as ratios
# of inotify's:
#   1. exposure window: writer's close of a new .env in an existing nested
#      checkout -> a reader sees it masked; pathpolicy vs a minimal
#      inotify+mount program (the floor); p50/p99/max over N trials, misses;
#   2. start-up crawl of node_modules-like trees of 10,000 and 100,000
#      directories (DIRS="10000 100000 1000000" for more): time to ready,
#      peak RSS and the kernel's unreclaimable slab grown meanwhile
#      (/proc/meminfo SUnreclaim, the machine's: other work shows in it),
#      against a bare walk of the same tree (find -type d: open, getdents,
#      close, no watch; the floor), inotifywait -r -m and watchman 4.9
#      (Debian; left out where it is not installed);
#   3. idle: wakeups over 10 s with nothing happening;
#   4. storm: 20 parallel clones of a 2,000-file repository with .env files.
# Root only; each part in a private mount namespace on a tmpfs.
#   bench/watch.sh [BUILD_DIR]      (default build; tools/bootstrap --bench)
# TRIALS=N (10000), DIRS="N ..." (10000 100000), ONLY_EXPOSURE=1 or ONLY_CRAWL=1.
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy exposure=$bd/bench/exposure
for tool in inotifywait git; do
  command -v "$tool" >/dev/null || { echo "bench/watch.sh: needs $tool (tools/bootstrap --bench)" >&2; exit 1; }
done
trials=${TRIALS:-10000}
[ "$(id -u)" -eq 0 ] || { echo "bench/watch.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
work=$(mktemp -d /tmp/pathpolicy-bench-XXXXXX)
mount -t tmpfs -o size=2g tmpfs "$work"
pids=()
p= # the watcher being measured, if any: killed on the way out too
cleanup() { for q in "${pids[@]}" $p; do kill "$q" 2>/dev/null || true; wait "$q" 2>/dev/null || true; done; umount -l "$work"; rmdir "$work"; }
trap cleanup EXIT
wait_log() { for _ in $(seq 1200); do grep -qF -- "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done; return 1; }
now_ms() { local t=$EPOCHREALTIME; echo $(( ${t/./} / 1000 )); }
hwm() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
slab() { awk '/SUnreclaim/ {print $2}' /proc/meminfo; }
# the CPU a process has used (user + system), in ms
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{ print int(($14 + $15) * 1000 / hz) }' "/proc/$1/stat"; }
# ratio A B: A / B to two places
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else printf "-" }'; }
backends=(inotify fanotify)

if [ -z "${ONLY_CRAWL:-}" ]; then
echo "== 1. exposure window ($trials trials; microseconds from the writer's close)"
declare -A p50 p99
for who in "${backends[@]}" floor; do
  r=$work/exp-$who; mkdir "$r"
  "$exposure" prepare "$r" "$trials"
  if [ "$who" != floor ]; then
    : >"$work/exp.log"
    "$pp" watch --backend "$who" "$r" --log-format json 2>"$work/exp.log" & pids+=($!)
    # Every checkout found (the scan), and the git rule run for each.
    wait_log "$work/exp.log" '"event":"watch-ready"'
    for _ in $(seq 1200); do [ "$(grep -c '"event":"git-protected"' "$work/exp.log")" -ge "$trials" ] && break; sleep 0.05; done
  else
    "$exposure" floor "$r" "$trials" >"$work/floor.out" & pids+=($!)
    wait_log "$work/floor.out" ready
  fi
  out=$("$exposure" measure "$r" "$trials")
  printf '%-11s %s\n' "$who" "$out"
  read -r _ p50["$who"] _ p99["$who"] _ <<<"$out"
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true; unset 'pids[-1]'
done
echo "fanotify/inotify: p50 $(ratio "${p50[fanotify]}" "${p50[inotify]}"), p99 $(ratio "${p99[fanotify]}" "${p99[inotify]}");" \
  "against the floor: inotify p99 $(ratio "${p99[inotify]}" "${p99[floor]}"), fanotify p99 $(ratio "${p99[fanotify]}" "${p99[floor]}")"

[ -n "${ONLY_EXPOSURE:-}" ] && exit 0
fi
echo "== 2. start-up crawl (node_modules-like: 100 packages deep in 10 levels)"
make_tree() { # make_tree DIR NDIRS
  local d=$1 n=$2 i
  mkdir -p "$d"
  ( cd "$d"; for i in $(seq 0 $((n / 10 - 1))); do echo "p$i/node_modules/a/b/c/d/e/f/g/h"; done | xargs mkdir -p )
}
printf '%-8s %-12s %10s %11s %12s\n' dirs watcher "ready" "peak RSS" "slab grown"
declare -A ready rss kmem
for n in ${DIRS:-10000 100000}; do
  t=$work/tree-$n; make_tree "$t" "$n"
  ndirs=$(find "$t" -type d | wc -l)
  sync; echo 3 >/proc/sys/vm/drop_caches 2>/dev/null || true
  find "$t" >/dev/null  # warm, for everyone alike
  # the floor: a bare walk (find reads d_type, stats nothing)
  s=$(now_ms); find "$t" -type d >/dev/null; e=$(now_ms); ready[walk]=$((e - s))
  printf '%-8s %-12s %8d ms\n' "$ndirs" "walk" "${ready[walk]}"
  for b in "${backends[@]}"; do
    k0=$(slab); : >"$work/crawl.log"
    s=$(now_ms); "$pp" watch --backend "$b" "$t" --log-format json 2>"$work/crawl.log" & p=$!
    # Past inotify's watch limit, the directories it cannot watch are
    # scanned every second: it may never be ready (60 s, then said so).
    wait_log "$work/crawl.log" '"event":"watch-ready"' && e=$(now_ms) || e=0
    ready[$b]=$((e > 0 ? e - s : 0)) rss[$b]=$(hwm $p) kmem[$b]=$(($(slab) - k0))
    printf '%-8s %-12s %8s ms %7d KiB %8d KiB%s%s\n' "$ndirs" "$b" "$([ "$e" -gt 0 ] && echo "${ready[$b]}" || echo '> 60000')" \
      "${rss[$b]}" "${kmem[$b]}" \
      "$(grep -qF 'watch limit reached' "$work/crawl.log" && echo ' (past the watch limit: the rest scanned every second)')" \
      "$(grep -qF '"event":"rescan"' "$work/crawl.log" && echo " ($(grep -cF '"event":"rescan"' "$work/crawl.log") rescans)")"
    kill $p; wait $p 2>/dev/null || true; p=
  done
  # inotifywait -r -m, where the tree fits under the watch limit (past it, it gives up)
  ready[iw]=0
  if [ "$ndirs" -lt "$(cat /proc/sys/fs/inotify/max_user_watches)" ]; then
    k0=$(slab)
    s=$(now_ms); inotifywait -r -m "$t" 2>"$work/iw.err" >/dev/null & p=$!
    wait_log "$work/iw.err" 'Watches established'; e=$(now_ms); ready[iw]=$((e - s))
    printf '%-8s %-12s %8d ms %7d KiB %8d KiB\n' "$ndirs" inotifywait "${ready[iw]}" "$(hwm $p)" $(($(slab) - k0)); kill $p; wait $p 2>/dev/null || true; p=
  else
    printf '%-8s %-12s past fs.inotify.max_user_watches (%d): not run\n' "$ndirs" inotifywait "$(cat /proc/sys/fs/inotify/max_user_watches)"
  fi
  echo "$ndirs: fanotify/inotify ready $(ratio "${ready[fanotify]}" "${ready[inotify]}"), RSS $(ratio "${rss[fanotify]}" "${rss[inotify]}");" \
    "ready against the walk: inotify $(ratio "${ready[inotify]}" "${ready[walk]}"), fanotify $(ratio "${ready[fanotify]}" "${ready[walk]}");" \
    "against inotifywait: inotify $(ratio "${ready[inotify]}" "${ready[iw]}"), fanotify $(ratio "${ready[fanotify]}" "${ready[iw]}");" \
    "daemon bytes/dir: inotify $((rss[inotify] * 1024 / ndirs)), fanotify $((rss[fanotify] * 1024 / ndirs));" \
    "slab bytes/dir: inotify $((kmem[inotify] * 1024 / ndirs)), fanotify $((kmem[fanotify] * 1024 / ndirs))"
  # watchman 4.9: a fresh server; 'watch' then a query, which waits for the crawl
  if command -v watchman >/dev/null; then
    wd=$work/wm-$n; mkdir -p "$wd"
    export WATCHMAN_SOCK=$wd/sock
    watchman --foreground --sockname="$wd/sock" --statefile="$wd/state" --logfile="$wd/log" --pidfile="$wd/pid" \
      --no-save-state >/dev/null 2>&1 & wp=$!
    for _ in $(seq 100); do [ -S "$wd/sock" ] && break; sleep 0.05; done
    s=$(now_ms)
    watchman --sockname="$wd/sock" watch "$t" >/dev/null 2>&1
    watchman --sockname="$wd/sock" find "$t" 'no-such-file' >/dev/null 2>&1
    e=$(now_ms)
    printf '%-8s %-12s %8d ms %7d KiB\n' "$ndirs" watchman $((e - s)) "$(hwm $wp)"
    kill $wp; wait $wp 2>/dev/null || true
  fi
  [ "$n" = 10000 ] || rm -rf "$t"
done

[ -n "${ONLY_CRAWL:-}" ] && exit 0
echo "== 3. idle: wakeups in 10 s with nothing happening (10,000-directory tree)"
for b in "${backends[@]}"; do
  : >"$work/idle.log"
  "$pp" watch --backend "$b" "$work/tree-10000" --log-format json 2>"$work/idle.log" & p=$!
  wait_log "$work/idle.log" '"event":"watch-ready"'; sleep 1
  c1=$(awk '/ctxt_switches/ {s += $2} END {print s}' "/proc/$p/status")
  sleep 10
  c2=$(awk '/ctxt_switches/ {s += $2} END {print s}' "/proc/$p/status")
  echo "pathpolicy ($b): $((c2 - c1)) wakeups in 10 s"
  kill $p; wait $p 2>/dev/null || true; p=
done

echo "== 4. storm: 20 parallel clones of a 2,000-file repository with .env files"
src=$work/storm-src; git init -q "$src"
( cd "$src"; for i in $(seq 0 99); do mkdir -p "m$i"; for j in $(seq 0 19); do echo "$i $j" >"m$i/f$j"; done; echo "S=$i" >"m$i/.env"; done; echo S >.env )
git -C "$src" add -A; git -C "$src" -c user.email=b@e -c user.name=b commit -qm storm
# A regular file: pathpolicy refuses a fifo (a process substitution) as a policy.
printf 'mask-file .env\nprotect .git/config\nprotect .git/hooks/\n' >"$work/storm.policy"
for b in "${backends[@]}"; do
  sr=$work/storm-$b; mkdir "$sr"; : >"$work/storm.log"
  "$pp" watch --backend "$b" "$sr" --log-format json --policy "$work/storm.policy" 2>"$work/storm.log" & p=$!
  wait_log "$work/storm.log" '"event":"watch-ready"'
  s=$(now_ms)
  cl=(); for i in $(seq 20); do git clone -q "file://$src" "$sr/c$i" & cl+=($!); done; wait "${cl[@]}" 2>/dev/null || true
  for _ in $(seq 600); do [ "$(grep -c '"event":"git-protected"' "$work/storm.log")" -ge 20 ] && break; sleep 0.05; done
  e=$(now_ms)
  prot=$(grep -c '"event":"git-protected"' "$work/storm.log")
  miss=0; for i in $(seq 20); do mountpoint -q "$sr/c$i/.env" || miss=$((miss + 1)); mountpoint -q "$sr/c$i/.git/config" || miss=$((miss + 1)); done
  echo "$b: 20 clones: $prot of 20 checkouts protected, $miss of 40 top-level binds missing, quiet after $((e - s)) ms;" \
    "the daemon's CPU $(cpu_ms $p) ms"
  kill $p; wait $p 2>/dev/null || true; p=
done
