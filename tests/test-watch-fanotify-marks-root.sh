#!/usr/bin/env bash
# pathpolicy watch --backend fanotify when its uid's fanotify marks are spent (red team F14):
# an agent of the same uid, without CAP_SYS_ADMIN, holds every mark with groups of its own
# (tests/fan-hog.c); then a checkout's write mark fails, and that is an error record
# (watch-blind) saying what goes unseen, not a warning; a new .env is still masked.
# The daemon and the hog run as a uid of their own (the daemon with every capability, as root
# has), so that no other process's marks are spent: fanotify's limits are per uid, machine-wide.
# Root only, in a mount and PID namespace of its own, on tmpfs. Must not change a machine-wide
# setting, sleep a fixed time, or leave a process or mount behind.
# Usage: test-watch-fanotify-marks-root.sh PATHPOLICY FAN_HOG
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
[ -r /proc/sys/fs/fanotify/max_user_marks ] || { echo "SKIP: no fs.fanotify.max_user_marks (Linux < 5.13)"; exit 77; }
for t in setpriv capsh; do
  command -v "$t" >/dev/null || { echo "SKIP: needs $t, to run the daemon under a uid of its own"; exit 77; }
done
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 hog=$2
export PP_WATCH_BACKEND=fanotify
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-marks-XXXXXX)
mount -t tmpfs -o size=64m,mode=0755 tmpfs "$base"
dp= hp=
cleanup() {
  [ -n "$hp" ] && { kill "$hp" 2>/dev/null; wait "$hp" 2>/dev/null; }
  [ -n "$dp" ] && { kill "$dp" 2>/dev/null; wait "$dp" 2>/dev/null; }
  umount -R -l "$base"; rmdir "$base"
}
trap cleanup EXIT
. "$(dirname "$0")/lib-watch.sh"

# A uid no one else runs as, and every capability this shell has, kept across the change.
uid=$((3000000 + RANDOM))
caps=$(capsh --print | sed -n 's/^Bounding set =//p' | tr ',' '\n' | sed 's/^cap_/+/' | paste -sd,)
as_uid() { setpriv --reuid "$uid" --regid "$uid" --clear-groups "$@"; }
root=$base/root
mkdir -p "$root/pre/.git" "$base/hog"
chown "$uid" "$base/hog"
log=$base/watch.log
as_uid --inh-caps "$caps" --ambient-caps "$caps" "$pp" watch --backend fanotify "$root" --log-format json \
  --log-level debug 2>"$log" &
dp=$!
wait_log "$log" '"event":"watch-ready"' 30 || { bad "watch did not get ready"; cat "$log"; exit 1; }

# The agent: no capability, the daemon's uid, every mark taken.
# (fan-hog makes up to 100 groups: files enough for the limit, whatever this machine's is)
files=$(($(cat /proc/sys/fs/fanotify/max_user_marks) / 100 + 64))
as_uid --inh-caps=-all --bounding-set=-all "$hog" "$base/hog" "$files" >"$base/hog.out" 2>"$base/hog.err" &
hp=$!
wait_log "$base/hog.out" held 60 || { bad "the hog did not spend the marks: $(cat "$base/hog.err")"; exit 1; }

git init -q "$root/co"
# one record line with the event and the path
blind() { grep -F '"event":"watch-blind"' "$log" | grep -F '"path":"co/.git"' | grep -qF '"level":"error"'; }
wait_blind() { local i; for ((i = 0; i < 200; i++)); do blind && return 0; nap; done; return 1; }
check "marks spent: the failed write mark on co/.git is an error record (watch-blind)" wait_blind
check "marks spent: it says what goes unseen, and why" \
  bash -c "grep -F '\"event\":\"watch-blind\"' '$log' | grep -F 'written in place are not seen' | grep -qF 'max_user_marks'"
check "marks spent: not a plain warning" bash -c "! grep -F '\"event\":\"watch-warning\"' '$log' | grep -qF 'co/.git'"
echo S >"$root/co/.env"
check "marks spent: a new .env is still masked (the filesystem mark was made first)" wait_masked "$root/co/.env"
check "the daemon runs" kill -0 "$dp"

if [ "$failed" -ne 0 ]; then echo "--- watch log (tail)"; tail -n 20 "$log" | cut -c1-400; fi
echo "watch-fanotify-marks-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
