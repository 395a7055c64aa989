#!/usr/bin/env bash
# pathpolicy watch under issue 33's queue and hash storms (a, b, c; bench/storm.sh has d, e, f and the
# watchdog), each against a new checkout's .env made during it.
# Must not change a machine-wide setting or outlive its namespace (its processes die with it).
# For each .env, the time
# from the writer's close to masked (p50, p99, max, any left unmasked), the daemon's peak RSS and CPU
# time; beside it the same with no storm (STORM=none). Root only; a private mount and PID namespace
# on a tmpfs. Each of BACKENDS (default "inotify fanotify") in turn, and with a second build
# (--vs OTHER_BUILD_DIR) the same storm against it too, in the same run.
#   bench/storm-queue.sh [BUILD_DIR] [--vs OTHER_BUILD_DIR]
#   STORM=a   one process swaps two directories of SUBDIRS (2000) directories each (tests/racer.c)
#   STORM=b   32,768 directories whose keys share one slot of the old unkeyed map (FNV-1a), made
#             before start-up (bench/collide.c), and 32,768 more made during the run
#   STORM=c   bursts of 40,000 directories made (then removed) by 8 processes at once, in a tree
#             of SUBDIRS directories: each burst overflows the inotify queue (each new directory is
#             a visit, slower than a mkdir)
#   STORM=cf  the same with 40,000 files touched (then removed): the daemon keeps up, no overflow
#   STORM=none  the same checkouts, no storm
# CHECKOUTS (100) new checkouts, one every 0.1 s; a .env not masked within CAP (20) s is unmasked;
# against the other build, VS_CHECKOUTS (20) of them. Masked is looked at every 1 ms (the method's
# floor), by a test in the shell, no process per look.
set -euo pipefail; [ -z "${STORM_TRACE:-}" ] || set -x
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}") other=
[ "${2:-}" = --vs ] && other=$(realpath "$3")
[ "$(id -u)" -eq 0 ] || { echo "bench/storm.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
kind=${STORM:-a} nsub=${SUBDIRS:-2000} cap=${CAP:-20}
racer=$bd/tests/racer collide=$bd/bench/collide
[ -x "$racer" ] && [ -x "$collide" ] || { echo "bench/storm.sh: no $racer or $collide (a build with the tests)" >&2; exit 1; }
mkfifo "/tmp/storm-nap.$$"; exec {nap_fd}<>"/tmp/storm-nap.$$"; rm "/tmp/storm-nap.$$"
nap() { read -r -t "$1" -u "$nap_fd" _ || true; }
cpu_ms() { awk '{print ($14 + $15) * 1000 / '"$(getconf CLK_TCK)"'}' "/proc/$1/stat"; }

# Bursts of 40,000 names made then removed by 8 processes at once, in BURST_DIR, until killed.
burst() { # BURST_DIR MAKE REMOVE
  cd "$1"; while :; do seq -f 'f%.0f' 1 40000 | xargs -P 8 -n 2000 $2; seq -f 'f%.0f' 1 40000 | xargs -P 8 -n 2000 $3; done
}
# The attacker, until killed: the storm's running part.
attack() { # ROOT
  case $kind in
    a) exec "$racer" "$1/s/A" "$1/s/B" 100000 ;;
    b) exec "$collide" "$1/g" g/ 32768 16 ;;
    c) burst "$1/burst" mkdir rmdir ;;
    cf) burst "$1/burst" touch "rm -f" ;;
    none) exec sleep 100000 ;;
  esac
}

storm() { # PATHPOLICY LABEL CHECKOUTS
  local pp=$1 n=$3 base root dp ap c t0 t i lat=() left=0 ready0 ready_cpu
  base=$(mktemp -d /tmp/pathpolicy-storm-XXXXXX); mount -t tmpfs -o size=1g tmpfs "$base"
  root=$base/root; mkdir -p "$root/s/A" "$root/s/B" "$root/f" "$root/g" "$root/burst" "$root/new"
  if [ "$kind" = a ] || [ "$kind" = c ]; then
    for ((i = 1; i <= (nsub + 999) / 1000; i++)); do
      eval "mkdir -p \"$root\"/s/A/d$i-{1..1000} \"$root\"/s/B/e$i-{1..1000}"
    done
  fi
  [ "$kind" != b ] || "$collide" "$root/f" f/ 32768 16
  ready0=${EPOCHREALTIME/./}
  "$pp" watch --backend "$backend" "$root" --log-level info 2>"$base/log" &
  dp=$!
  until grep -q 'nested checkout(s)' "$base/log" 2>/dev/null; do nap 0.01; done
  ready_cpu=$(cpu_ms "$dp")
  printf '%-6s ready after %6d ms wall, %6s ms CPU; ' "$2" $(( (${EPOCHREALTIME/./} - ready0) / 1000 )) "$ready_cpu"
  attack "$root" >"$base/attack" 2>&1 &
  ap=$!
  nap 0.5 # the storm under way
  for ((c = 1; c <= n; c++)); do
    mkdir -p "$root/new/c$c/.git"; echo S >"$root/new/c$c/.env"; t0=${EPOCHREALTIME/./}
    until [ -c "$root/new/c$c/.env" ]; do
      t=$(( ${EPOCHREALTIME/./} - t0 ))
      [ "$t" -lt $((cap * 1000000)) ] || break
      nap 0.001
    done
    if [ -c "$root/new/c$c/.env" ]; then lat+=($(( (${EPOCHREALTIME/./} - t0) / 1000 ))); else left=$((left + 1)); fi
    nap 0.1
  done
  kill -TERM "$ap" 2>/dev/null || true; wait "$ap" 2>/dev/null || true
  # The attacker's children (xargs, a storm's loop) go with the namespace's
  # processes below: only ours are here.
  local sorted; sorted=$(printf '%s\n' "${lat[@]:-}" | sort -n)
  local m=${#lat[@]} p50=- p99=- max=-
  if [ "$m" -gt 0 ]; then
    p50=$(sed -n "$(( (m + 1) / 2 ))p" <<<"$sorted"); p99=$(sed -n "$(( (m * 99 + 99) / 100 ))p" <<<"$sorted")
    max=$(tail -n1 <<<"$sorted")
  fi
  # The daemon's figures, then it is stopped: the repeats it still held ("said N more time(s)")
  # are written at its stop, and counted below (read before, most of the rescans were missed).
  local hwm cpu; hwm=$(awk '/VmHWM/ {print $2}' "/proc/$dp/status"); cpu=$(cpu_ms "$dp")
  kill "$dp"; wait "$dp" 2>/dev/null || true
  # rescans: each record, and the count a "said N more time(s)" record stands for; records: the
  # lines the log got (info and up); swaps: storm a's racer's (the daemon's reading slows it)
  printf 'masked p50 %s ms, p99 %s ms, max %s ms, %d of %d unmasked; peak RSS %s KiB; CPU %s ms; rescans %s; records %s%s\n' \
    "$p50" "$p99" "$max" "$left" "$n" "$hwm" "$cpu" \
    "$(awk '/lost events/ { if (match($0, /said [0-9]+ more/)) n += substr($0, RSTART + 5, RLENGTH - 10); else n++ } END { print n + 0 }' "$base/log")" \
    "$(wc -l <"$base/log")" "$([ "$kind" != a ] || echo "; swaps $(tail -n1 "$base/attack")")"
  umount -l "$base"; rmdir "$base"
}
echo "storm $kind (SUBDIRS=$nsub): a new checkout's .env every 0.1 s, time from its close to masked"
# Each of BACKENDS (default "inotify fanotify") in turn, in the same run.
for backend in ${BACKENDS:-inotify fanotify}; do
  storm "$bd/pathpolicy" "$backend" "${CHECKOUTS:-100}"
  [ -z "$other" ] || storm "$other/pathpolicy" "other-$backend" "${VS_CHECKOUTS:-20}"
done
