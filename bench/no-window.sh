#!/usr/bin/env bash
# What `watch --no-window` buys and costs (issue 36 point 3), side by side in one run:
# - the race: TRIALS new checkouts, each with a .env holding a marker, made while a reader
#   spins on open+read of it (tests/window-race.c, mode create), under the fanotify daemon
#   with and without the flag: reads of the marker, and trials where one got it;
# - the cost on ordinary opens: in a checkout of FILES files (100 a directory), `git status`
#   and a build-like read of every file (find | xargs cat), under the daemon with and without
#   the flag, ROUNDS rounds alternating; wall and CPU seconds of the work, the daemon's CPU,
#   and the flag's ratios.
# Root only; in a private mount and PID namespace, the root on a tmpfs of its own.
#   bench/no-window.sh [BUILD_DIR]   (TRIALS=10000 FILES=100000 ROUNDS=3 by default;
#                                     PARTS="race cost": either or both)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy race=$bd/tests/window-race
trials=${TRIALS:-10000} files=${FILES:-100000} rounds=${ROUNDS:-3}
[ "$(id -u)" -eq 0 ] || { echo "bench/no-window.sh: needs root (mounts, fanotify)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
work=$(mktemp -d /tmp/pathpolicy-bench-XXXXXX)
mount -t tmpfs -o size=2g tmpfs "$work"
root=$work/root
mkdir "$root" && mount -t tmpfs -o size=2g tmpfs "$root"
daemon=
# One lazy detach takes the whole tree (the race leaves 20,000 masks: umount -R, one umount2 a
# mount, used over 5 minutes of CPU on them and was not done)
cleanup() { [ -n "$daemon" ] && { kill "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null; }; umount -l "$work"; rmdir "$work"; }
trap cleanup EXIT
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email b@example.invalid; git config --global user.name bench
git config --global init.defaultBranch main
printf 'mask-file .env\nprotect .git/config\n' >"$work/policy"

start() { # start [--no-window]: the fanotify daemon on $root, until ready
  : >"$work/log"
  "$pp" watch "$root" --backend fanotify --policy "$work/policy" --log-format json "$@" 2>"$work/log" &
  daemon=$!
  until grep -qF '"event":"watch-ready"' "$work/log"; do
    kill -0 "$daemon" 2>/dev/null || { cat "$work/log"; exit 1; }
    read -r -t 0.05 <> <(:) || true
  done
}
stop() { kill "$daemon"; wait "$daemon" 2>/dev/null || true; daemon=; }
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; } # utime + stime, every thread, in ticks
hz=$(getconf CLK_TCK)

parts=${PARTS:-race cost}
if [[ " $parts " == *" race "* ]]; then
echo "== the race: $trials trials a side (a reader spinning on open+read of a new .env)"
for side in plain flag; do
  if [ $side = flag ]; then start --no-window; else start; fi
  mkdir "$root/race-$side"
  out=$("$race" "$root/race-$side" "$trials" create)
  echo "  $side: $out"
  stop
done
fi
[[ " $parts " == *" cost "* ]] || exit 0

echo "== the cost: a checkout of $files files, $rounds rounds a side, alternating"
big=$root/big
mkdir -p "$big"
for ((d = 0; d < files / 100; d++)); do
  mkdir "$big/d$d"
  for ((f = 0; f < 100; f++)); do echo "$d $f" >"$big/d$d/f$f"; done
done
echo S=1 >"$big/.env"
git -C "$big" init -q && git -C "$big" add -A && git -C "$big" commit -qm files
declare -A wall cpu_ daemon_cpu
for ((r = 0; r < rounds; r++)); do
  for side in plain flag; do
    if [ $side = flag ]; then start --no-window; else start; fi
    d0=$(cpu "$daemon")
    for work_ in status read; do
      t0=$(date +%s%N)
      if [ $work_ = status ]; then
        /usr/bin/time -f "%U %S" -o "$work/time" git -C "$big" status --porcelain >/dev/null
      else
        /usr/bin/time -f "%U %S" -o "$work/time" sh -c "find '$big' -path '*/.git' -prune -o -type f -print0 | xargs -0 cat >/dev/null"
      fi
      t1=$(date +%s%N)
      wall[$side.$work_]=$(( ${wall[$side.$work_]:-0} + (t1 - t0) / 1000 ))
      cpu_[$side.$work_]=$(awk -v a="${cpu_[$side.$work_]:-0}" '{print a + $1 + $2}' "$work/time")
    done
    daemon_cpu[$side]=$(( ${daemon_cpu[$side]:-0} + $(cpu "$daemon") - d0 ))
    stop
  done
done
for work_ in status read; do
  p=${wall[plain.$work_]} f=${wall[flag.$work_]}
  awk -v w="$work_" -v p="$p" -v f="$f" -v pc="${cpu_[plain.$work_]}" -v fc="${cpu_[flag.$work_]}" -v n="$rounds" \
    'BEGIN { printf "  %-6s without: %7.1f ms wall, %5.2f s CPU; with --no-window: %7.1f ms wall, %5.2f s CPU; ratio wall %.2fx, CPU %.2fx (mean of %d)\n",
             w, p / n / 1000, pc / n, f / n / 1000, fc / n, f / p, (pc > 0 ? fc / pc : 0), n }'
done
awk -v p="${daemon_cpu[plain]}" -v f="${daemon_cpu[flag]}" -v hz="$hz" -v n="$rounds" \
  'BEGIN { printf "  daemon CPU over the work: without %.2f s, with --no-window %.2f s (mean of %d)\n", p / hz / n, f / hz / n, n }'
