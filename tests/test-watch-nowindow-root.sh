#!/usr/bin/env bash
# pathpolicy watch --no-window (issue 36 point 3): a reader spinning on a new .env gets none of its
# bytes (a plain creation, and git clone), where without the flag it can; git clone and checkout
# of a repository that tracks .env still work; the open-denied record; what a mapping of a file
# opened empty shows (said, not asserted: the kernel decides); the daemon stopped holds opens on
# the root's mount, and killed lets a pending open through. The refusal on inotify and poll.
# Root only, in a mount and PID namespace of its own, on tmpfs. Must not change a machine-wide
# setting, sleep a fixed time, or leave a process or mount behind.
# Usage: test-watch-nowindow-root.sh PATHPOLICY WINDOW_RACE   (PP_WINDOW_TRIALS: trials a race)
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts and fanotify, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 race=$2 trials=${PP_WINDOW_TRIALS:-200}
base=$(mktemp -d /tmp/pathpolicy-nowin-XXXXXX)
mount -t tmpfs -o size=256m tmpfs "$base"
# The root on a mount of its own: the daemon's open mark is on the root's mount, and this
# script's logs and fifo stay off it (they are read while the daemon is stopped).
root=$base/root
mkdir -p "$root" "$base/src"
mount -t tmpfs -o size=128m tmpfs "$root"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  umount -R -l "$base"; rmdir "$base"
}
trap cleanup EXIT
. "$(dirname "$0")/lib-watch.sh"
masked() { [ "$(stat -c %F:%t:%T "$1" 2>/dev/null)" = "character special file:1:3" ]; }
wait_masked() { local i; for ((i = 0; i < 200; i++)); do masked "$1" && return 0; nap; done; return 1; }
start_watch() { # start_watch LOG [ARGS...]: the daemon on $root, until ready or failed
  local log=$1 i; shift; : >"$log"
  "$pp" watch "$root" --backend fanotify --log-format json --policy "$base/policy" "$@" 2>"$log" &
  pids+=($!)
  for ((i = 0; i < 600; i++)); do
    grep -qE '"event":"(watch-ready|watch-failed)"' "$log" && break
    kill -0 "${pids[-1]}" 2>/dev/null || break
    nap
  done
  grep -qF '"event":"watch-ready"' "$log"
}
stop_watch() { kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null; unset 'pids[-1]'; }
field() { sed -n "s/.* $1 \([0-9]*\).*/\1/p" <<<"$2"; }
printf 'mask-file .env\nmask-file config/secret.yml\nprotect .git/config\n' >"$base/policy"

# --- refused where there are no permission events
"$pp" watch "$root" --no-window --backend inotify 2>"$base/usage.err"; rc=$?
check "inotify: usage error (saw $rc)" [ "$rc" -eq 2 ]
check "inotify: says why" grep -qF -- '--no-window needs the fanotify backend' "$base/usage.err"
"$pp" watch "$root" --no-window --backend poll 2>"$base/usage.err"; rc=$?
check "poll: usage error (saw $rc)" [ "$rc" -eq 2 ]

# auto where fanotify cannot serve (a user namespace of its own: no CAP_SYS_ADMIN in the first one)
# picks inotify, and --no-window then fails at the start, saying why
if unshare -U --map-root-user true 2>/dev/null; then
  unshare -U --map-root-user -m --propagation private "$pp" watch "$root" --no-window --log-format json \
    2>"$base/auto.log"; rc=$?
  check "auto falling back to inotify: exit 1 (saw $rc)" [ "$rc" -eq 1 ]
  check "auto falling back to inotify: watch-failed says why" \
    grep -qF 'needs the fanotify backend, and inotify (auto: fanotify cannot serve here' "$base/auto.log"
else
  echo "  SKIP auto in a user namespace: no user namespaces here"
fi

log=$base/nowin.log
if ! start_watch "$log" --no-window; then
  echo "SKIP: no fanotify permission events here: $(grep -o '"msg":"[^"]*"' "$log" | head -1)"; exit 77
fi
dp=${pids[-1]}

# --- the race, a plain creation: mkdir .git, then .env made and written at once
mkdir "$root/plain"
out=$("$race" "$root/plain" "$trials" create); rc=$?
echo "  --no-window, plain creation: $out"
plain_out=$out
check "plain: every trial made ($out)" [ "$rc" -eq 0 ]
check "plain: no read of the marker ($out)" [ "$(field leaks "$out")" = 0 ]
check "plain: every trial masked ($out)" [ "$(field unmasked "$out")" = 0 ]
check "plain: no read of it empty either: a reader's open is refused ($out)" [ "$(field empty "$out")" = 0 ]
check "plain: open-denied said, with a count" wait_log "$log" '"event":"open-denied"'
# openat2: its flags are not in /proc/TID/syscall, so the daemon cannot tell a reader from a
# writer: an empty file opens (in a guarded directory), and its reads are refused
mkdir "$root/plain2"
out=$(WINDOW_RACE_OPENAT2=1 "$race" "$root/plain2" "$trials" create); rc=$?
echo "  --no-window, plain creation, reader on openat2: $out"
check "openat2: every trial made ($out)" [ "$rc" -eq 0 ]
check "openat2: no read of the marker ($out)" [ "$(field leaks "$out")" = 0 ]
check "plain: open-denied names the path" grep -qE '"event":"open-denied".*"path":"plain/t[0-9]+/.env","count":[1-9]' "$log"
# one record a path an interval, with a count: every refusal the reader met is counted (the rest
# of an interval's come with the next second's flush), in no more records than refusals
said() { grep -o '"event":"open-denied".*"path":"plain/[^"]*","count":[0-9]*' "$log" | sed 's/.*"count"://' | paste -sd+ | bc; }
met=$(field denied "$plain_out")
for ((i = 0; i < 100; i++)); do [ "$(said)" = "$met" ] && break; nap; done
records=$(grep -c '"event":"open-denied".*"path":"plain/' "$log")
check "plain: each refusal counted ($(said) said, $met met)" [ "$(said)" = "$met" ]
check "plain: in no more records than refusals ($records)" [ "$records" -le "$met" ]

# --- the race, git clone of a repository that tracks .env (holding the marker)
git init -q -b main "$base/src/repo"
printf 'PP-SECRET-MARKER-4c1f\n' >"$base/src/repo/.env"; echo readme >"$base/src/repo/README"
mkdir -p "$base/src/repo/lib" "$base/src/repo/config"; for i in $(seq 20); do echo "$i" >"$base/src/repo/lib/f$i"; done
printf 'PP-SECRET-MARKER-4c1f deeper\n' >"$base/src/repo/config/secret.yml"; echo x >"$base/src/repo/config/app.yml"
git -C "$base/src/repo" add -A && git -C "$base/src/repo" -c user.name=t -c user.email=t@t commit -qm one
# a branch with no .env and no config/: a checkout of main from it makes them (git writes each, an
# open of a new file, config/secret.yml in a directory new to the daemon)
git -C "$base/src/repo" checkout -qb noenv
git -C "$base/src/repo" rm -rq .env config && echo changed >"$base/src/repo/README"
git -C "$base/src/repo" -c user.name=t -c user.email=t@t commit -qam two && git -C "$base/src/repo" checkout -q main
mkdir "$root/clones"
ctrials=$((trials / 4 > 10 ? trials / 4 : 10))
out=$("$race" "$root/clones" "$ctrials" clone "$base/src/repo"); rc=$?
echo "  --no-window, git clone: $out"
check "clone: every clone succeeded ($out)" [ "$rc" -eq 0 ]
check "clone: no read of the marker ($out)" [ "$(field leaks "$out")" = 0 ]
check "clone: every trial masked ($out)" [ "$(field unmasked "$out")" = 0 ]

# --- git clone and checkout, compared with a plain directory off the root
for d in "$root/work" "$base/plain-work"; do
  git clone -q "$base/src/repo" "$d-main" 2>"$base/clone.err"; rc=$?
  check "git clone in $d-main: exit 0 (saw $rc: $(cat "$base/clone.err"))" [ "$rc" -eq 0 ]
  git clone -q -b noenv "$base/src/repo" "$d" 2>"$base/clone.err"; rc=$?
  check "git clone -b noenv in $d: exit 0 (saw $rc: $(cat "$base/clone.err"))" [ "$rc" -eq 0 ]
  git -C "$d" checkout -q main 2>"$base/co.err"; rc=$?
  check "git checkout making .env in $d: exit 0 (saw $rc: $(cat "$base/co.err"))" [ "$rc" -eq 0 ]
done
check "git clone: .env masked" wait_masked "$root/work-main/.env"
check "git checkout: the .env git made is masked" wait_masked "$root/work/.env"
check "git checkout: the config/secret.yml git made is masked" wait_masked "$root/work/config/secret.yml"
check "git clone: the files but the masked ones as in a plain directory" diff -r -x .git -x .env -x secret.yml "$base/plain-work-main" "$root/work-main"
check "git checkout: the files but the masked ones as in a plain directory" diff -r -x .git -x .env -x secret.yml "$base/plain-work" "$root/work"
git -C "$root/work" status --porcelain >"$base/status" 2>"$base/status.err"; rc=$?
check "git status under --no-window: exit 0 (saw $rc: $(cat "$base/status.err"))" [ "$rc" -eq 0 ]

# --- a file opened empty, mapped, then written: with openat the open is refused (a reader); with
# openat2 (flags not told) it opens, read(2) is refused, and a mapping shows what was written
# (no read for FAN_ACCESS_PERM): said, not asserted, for doc/
mkdir "$root/mapped" "$root/mapped2"
out=$("$race" "$root/mapped" 20 mmap); rc=$?
echo "  --no-window, opened empty (openat), mapped, then written: $out"
check "mmap, openat: every open refused, nothing mapped ($out)" [ "$rc" -eq 0 -a "$(field mapped "$out")" = 0 -a "$(field denied "$out")" = 20 ]
out=$(WINDOW_RACE_OPENAT2=1 "$race" "$root/mapped2" 20 mmap); rc=$?
echo "  --no-window, opened empty (openat2), mapped, then written: $out (map-leaks: mappings that showed it)"
check "mmap, openat2: each opened and mapped, read(2) refused ($out)" \
  [ "$rc" -eq 0 -a "$(field mapped "$out")" = 20 -a "$(field leaks "$out")" = 0 ]

# --- a stopped daemon holds every open on the root's mount; killed, the open goes through
echo ordinary >"$root/work/plainfile"
kill -STOP "$dp"
# SIGSTOP lands asynchronously: until every thread of the daemon is stopped (state T)
stopped() { ! grep -qv '^T' <(for t in /proc/"$dp"/task/*/stat; do awk '{print $3}' "$t"; done); }
for ((i = 0; i < 200; i++)); do stopped && break; nap; done
check "stopped daemon: every thread stopped" stopped
cat "$root/work/plainfile" >"$base/pending.out" 2>&1 &
reader=$!
pids+=("$reader")
# until the reader waits in the kernel for the answer (wchan names fanotify), or a deadline
waiting=no
for ((i = 0; i < 200; i++)); do
  grep -q fanotify "/proc/$reader/wchan" 2>/dev/null && { waiting=yes; break; }
  kill -0 "$reader" 2>/dev/null || break
  nap
done
check "stopped daemon: the open waits for its answer ($(cat "/proc/$reader/wchan" 2>/dev/null))" [ "$waiting" = yes ]
kill -KILL "$dp"
wait "$dp" 2>/dev/null
done_=no
for ((i = 0; i < 200; i++)); do kill -0 "$reader" 2>/dev/null || { done_=yes; break; }; nap; done
wait "$reader"; rc=$?
check "killed daemon: the pending open completes" [ "$done_" = yes ]
check "killed daemon: and was let through (exit $rc, read '$(cat "$base/pending.out")')" \
  [ "$rc" -eq 0 -a "$(cat "$base/pending.out")" = ordinary ]
check "killed daemon: opens go on" grep -qF ordinary "$root/work/plainfile"

# --- without the flag, for the record (not asserted: the race is the agent's to win)
stop_plain=0
if start_watch "$base/plain.log"; then
  mkdir "$root/plain-noflag"
  out=$("$race" "$root/plain-noflag" "$trials" create)
  echo "  without --no-window, plain creation: $out"
  mkdir "$root/clones-noflag"
  out=$("$race" "$root/clones-noflag" "$ctrials" clone "$base/src/repo")
  echo "  without --no-window, git clone: $out"
  stop_watch
else
  stop_plain=1
fi
check "the daemon without the flag started" [ "$stop_plain" -eq 0 ]

if [ "$failed" -ne 0 ]; then echo "--- watch log (tail)"; tail -n 30 "$log"; fi
echo "watch-nowindow-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
