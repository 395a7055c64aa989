#!/usr/bin/env bash
# pathpolicy watch --backend fanotify where only fanotify can go wrong (issue 36): the backend
# auto picks and why; a directory handle that no longer resolves; a second filesystem below the
# root (its own mark, no mark for the daemon's own mounts, and never held mounted); a subtree
# moved in; names looked up again after a directory is renamed; events outside the root dropped.
# (The root suite, run again with PP_WATCH_BACKEND=fanotify, covers every case inotify has.)
# Root only, in a mount and PID namespace of its own, on tmpfs. Must not change a machine-wide
# setting, sleep a fixed time, or leave a process or mount behind.
# Usage: test-watch-fanotify-root.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1
base=$(mktemp -d /tmp/pathpolicy-fan-XXXXXX)
mount -t tmpfs -o size=256m tmpfs "$base"
root=$base/root outside=$base/outside
mkdir -p "$root" "$outside"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  umount -R -l "$base"; rmdir "$base"
}
trap cleanup EXIT
. "$(dirname "$0")/lib-watch.sh" # check, nap, wait_log, masked, wait_masked
start_watch() { # start_watch ROOT LOG [ARGS...]
  local r=$1 log=$2; shift 2; : >"$log"
  "$pp" watch "$r" --log-format json --log-level debug "$@" 2>"$log" &
  pids+=($!)
  wait_log "$log" '"event":"watch-ready"' 30
}
# The filesystem marks the daemon's fanotify group holds (fdinfo: one "sdev:" line each,
# no "ino:"), and its inode marks.
fan_fdinfo() { local fd; for fd in /proc/"$1"/fd/*; do [ "$(readlink "$fd")" = "anon_inode:[fanotify]" ] && cat "/proc/$1/fdinfo/${fd##*/}"; done; }
sb_marks() { fan_fdinfo "$1" | grep '^fanotify sdev:' | grep -vc ' ino:'; }

# --- the disk below the root, mounted before the daemon starts, with a checkout in it
disk=$root/disk
mkdir -p "$disk"
mount -t tmpfs -o size=16m tmpfs "$disk"
mkdir -p "$disk/pre/.git"; echo S >"$disk/pre/.env"
# a checkout that exists before, to move around later
mkdir -p "$root/x/c/.git"

# --- auto: fanotify on tmpfs, and says why
printf 'mask-file .env\nmask-dir keys/\nprotect .git/hooks/\nprotect .git/config\n' >"$base/policy"
log=$base/watch.log
start_watch "$root" "$log" --policy "$base/policy" || { bad "watch did not get ready"; cat "$log"; exit 1; }
dp=${pids[-1]}
# Where the kernel cannot (no CAP_SYS_ADMIN in the first user namespace, a kernel before 5.9),
# auto says why, and nothing here applies.
if grep -qF '"backend_why":"auto: fanotify cannot serve here' "$log"; then
  echo "SKIP: $(grep -o '"backend_why":"[^"]*"' "$log")"; exit 77
fi
check "auto: watch-ready names fanotify" grep -qF '"backend":"fanotify","backend_why":"auto: one filesystem mark' "$log"

# --- a second filesystem below the root: its own mark, its checkouts bound
check "disk: the checkout there before is masked" wait_masked "$disk/pre/.env"
mkdir -p "$disk/new/.git"; echo S >"$disk/new/.env"
check "disk: a checkout made there after is masked" wait_masked "$disk/new/.env"
# The root's tmpfs and the disk: two filesystem marks, whatever the daemon has mounted since
# (its protects are binds on those two; its masks of directories, tmpfs of its own, are not marked).
mkdir -p "$root/m/keys"; echo k >"$root/m/keys/id"; mkdir "$root/m/.git"
check "mask-dir: bound" wait_log "$log" 'masked m/keys/ in nested checkout m'
# moved: a scan of m2 meets the mask's tmpfs at m2/keys, and must not mark it
mv "$root/m" "$root/m2"
check "mask-dir: the moved checkout is scanned" wait_log "$log" 'masked m2/keys/ in nested checkout m2'
check "marks: two filesystems, not one more for any mount of the daemon's (saw $(sb_marks "$dp"))" [ "$(sb_marks "$dp")" -eq 2 ]
# The daemon holds no descriptor on the disk: it unmounts (its own binds first).
umount -R "$disk" 2>"$base/umount.err"; rc=$?
check "disk: the daemon does not hold it mounted ($(cat "$base/umount.err"))" [ "$rc" -eq 0 ]
mkdir -p "$root/after-umount/.git"; echo S >"$root/after-umount/.env"
check "disk: watching goes on after its unmount" wait_masked "$root/after-umount/.env"

# --- a subtree moved in: one event, then a scan of what it holds
mkdir -p "$outside/tree/a/b/c/.git"; echo S >"$outside/tree/a/b/c/.env"
mv "$outside/tree" "$root/tree"
check "moved in: a checkout deep in it is masked" wait_masked "$root/tree/a/b/c/.env"

# --- names looked up again after a rename: a directory whose handle is cached under its old
# name, renamed back and forth, then a checkout made in it: bound at its new name
# a checkout made in d: the event that names it is d's, so d's handle is cached as r1/d
mkdir -p "$root/r1/d/w/.git"; echo S >"$root/r1/d/w/.env"
check "rename: warmed" wait_masked "$root/r1/d/w/.env"
for i in 1 2 3; do mv "$root/r1" "$root/r2"; mv "$root/r2" "$root/r1"; done
mv "$root/r1" "$root/r3"
# the moved tree's scan done (it finds w again), so what follows is found by its events alone
check "rename: the moved tree is scanned" wait_log "$log" 'found nested checkout r3/d/w"'
# a checkout moved into d: the one event that says so names d's handle
mkdir -p "$outside/new/.git"; echo S >"$outside/new/.env"; mv "$outside/new" "$root/r3/d/new"
check "rename: a checkout moved into the renamed directory is masked at its new name" wait_masked "$root/r3/d/new/.env"
check "rename: said at its new name" wait_log "$log" 'found nested checkout r3/d/new"'
# a checkout itself moved within the root
mv "$root/x" "$root/y"
check "rename: the moved checkout is scanned" wait_log "$log" 'found nested checkout y/c"'
echo S >"$root/y/c/.env"
check "rename: a moved checkout is found at its new name" wait_masked "$root/y/c/.env"

# --- a handle that no longer resolves: the daemon stopped while a directory gets events and
# is deleted; on waking, its events name a handle that is gone (ESTALE): dropped, nothing said,
# and everything after is seen
kill -STOP "$dp"
mkdir -p "$root/dead/.git"; echo S >"$root/dead/.env"; for i in $(seq 50); do touch "$root/dead/f$i"; done
rm -rf "$root/dead"
mkdir -p "$root/alive/.git"; echo S >"$root/alive/.env"
kill -CONT "$dp"
check "stale handle: a checkout made after is masked" wait_masked "$root/alive/.env"
check "stale handle: nothing is said of the dead directory" bash -c "! grep -qE 'checkout dead|dead/' '$log'"
check "stale handle: no warning" bash -c "! grep -qF '\"event\":\"watch-warning\"' '$log'"
check "stale handle: the daemon runs" kill -0 "$dp"

# --- events outside the root are dropped: a checkout made there is left alone
mkdir -p "$outside/o/.git"; echo S >"$outside/o/.env"
mkdir -p "$root/last/.git"; echo S >"$root/last/.env"
wait_masked "$root/last/.env"
check "outside: nothing bound there" bash -c "! mountpoint -q '$outside/o/.env'"
check "outside: nothing said of it" bash -c "! grep -qF 'nested checkout o\"' '$log'"

# --- auto where fanotify cannot serve: in a user namespace of its own (a filesystem mark needs
# CAP_SYS_ADMIN in the first one), auto picks inotify and says why; --backend fanotify fails
root2=$base/root2; mkdir -p "$root2/u/.git"
if unshare -U --map-root-user true 2>/dev/null; then
  unshare -U --map-root-user -m --propagation private "$pp" watch "$root2" --log-format json \
    2>"$base/watch2.log" & pids+=($!)
  check "auto in a user namespace: ready" wait_log "$base/watch2.log" '"event":"watch-ready"' 30
  check "auto in a user namespace: inotify, and why" grep -qF '"backend":"inotify","backend_why":"auto: fanotify cannot serve here: ' "$base/watch2.log"
  unshare -U --map-root-user -m --propagation private "$pp" watch --backend fanotify "$root2" --log-format json \
    2>"$base/watch3.log"; rc=$?
  check "--backend fanotify in a user namespace: exit 1 (saw $rc)" [ "$rc" -eq 1 ]
  check "--backend fanotify in a user namespace: watch-failed" grep -qF '"event":"watch-failed"' "$base/watch3.log"
else
  echo "  SKIP auto in a user namespace: no user namespaces here"
fi

if [ "$failed" -ne 0 ]; then echo "--- watch log (tail)"; tail -n 30 "$log"; fi
echo "watch-fanotify-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
