#!/usr/bin/env bash
# pathpolicy confine on the real kernel (issue 29): root only, in a mount
# namespace of its own made *shared* (the launcher refuses a private one),
# with a worktree on ext4 over a loop device and one on a tmpfs.
#
# Each route around the binds is taken for real by tests/attacker.c, the
# hostile agent: the handle read of a mask through another mount's directory
# handle, the handle write of a protect through the worktree's mount, the
# raw block device, a signal and a ptrace attach to a running watch; and
# the plain ways (umount, mount, a user namespace), TIOCSTI, a control
# group, the service manager's socket. Each must work without confine (so
# this test can fail) and be refused inside it, and under watch -- CMD.
# confine --check finds them outside and nothing inside; a checkout cloned
# inside the confined agent after it started ends bound there; the
# launcher's and watch -- CMD's contract (exit codes, signals, stdio, the
# environment); ordinary work inside (git, cc, make, ps, top, python3).
# Usage: test-confine-root.sh PATHPOLICY ATTACKER
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, a loop device and ptrace, in a mount namespace of its own"; exit 77; fi
# Private first (unshare's default), then shared: made shared at once, the
# copies would stay peers of the machine's shared mounts (systemd makes /
# shared), and the tmpfs mounts below, /run's among them, would propagate out.
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m --propagation private env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rshared /

pp=$(realpath "$1") attacker=$(realpath "$2")
base=$(mktemp -d /tmp/pathpolicy-confine-XXXXXX)
mount -t tmpfs -o size=256m tmpfs "$base"
passed=0 failed=0 loop="" pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [ -n "${PP_KEEP_LOG:-}" ] && cp "$base/watch.log" "$PP_KEEP_LOG"
  umount -R "$base/w" 2>/dev/null || umount -R -l "$base/w" 2>/dev/null
  # A device still open (a mount in a namespace not yet gone) is detached
  # when it is last closed.
  [ -n "$loop" ] && losetup -d "$loop"
  umount -R -l "$base"; rmdir "$base"
}
trap cleanup EXIT

for tool in losetup mkfs.ext4 jq git cc make ps top python3; do
  command -v "$tool" >/dev/null || { echo "SKIP: no $tool"; exit 77; }
done
# The worktree for the block-device route: ext4 over a loop device.
truncate -s 64M "$base/ext4.img"
if ! loop=$(losetup -f --show "$base/ext4.img" 2>"$base/losetup.err"); then
  loop=
  echo "SKIP: no loop device can be made for the ext4 worktree: $(cat "$base/losetup.err")"; exit 77
fi
mkfs.ext4 -q "$loop" || { echo "SKIP: mkfs.ext4 $loop failed"; exit 77; }
W=$base/w T=$base/t
mkdir "$W" "$T"
mount -t ext4 "$loop" "$W" || { echo "SKIP: cannot mount ext4 from $loop"; exit 77; }
rmdir "$W/lost+found"
# The tmpfs worktree: a mount of its own, as W is.
mount -t tmpfs -o size=64m tmpfs "$T"

ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
show() { sed 's/^/  | /' "$@"; }

# wait_log FILE PATTERN [SECONDS]: until the log holds a fixed string.
wait_log() {
  for _ in $(seq $((${3:-10} * 20))); do grep -qF -- "$2" "$1" && return 0; sleep 0.05; done
  echo "  (timed out waiting for '$2' in $1)"; return 1
}
# wait_mount PATH: until PATH is a mount point.
wait_mount() {
  for _ in $(seq 200); do mountpoint -q "$1" && return 0; sleep 0.05; done
  echo "  (timed out waiting for a mount at $1)"; return 1
}
# wait_file PATH PID: until PATH exists, while PID runs.
wait_file() {
  for _ in $(seq 200); do [ -e "$1" ] && return 0; kill -0 "$2" 2>/dev/null || break; sleep 0.05; done
  [ -e "$1" ] && return 0
  echo "  (no $1: gave up waiting)"; return 1
}
# dead PID: the process is gone or a zombie (killed, not yet reaped by
# whoever inherited it).
dead() { [ ! -e "/proc/$1" ] || grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
# wait_dead PID: until the process is dead.
wait_dead() {
  for _ in $(seq 200); do dead "$1" && return 0; sleep 0.05; done
  echo "  (timed out waiting for $1 to die)"; return 1
}
masked() { [ "$(stat -c %F:%t:%T "$1" 2>/dev/null)" = "character special file:1:3" ]; }
# jtrue FILE JQ-ARGS...: the filter's one result on FILE is true (jq -e
# alone says yes to an empty file).
jtrue() { local f=$1; shift; [ "$(jq "$@" "$f" 2>/dev/null)" = true ]; }

# Inside, ptrace is refused, and LeakSanitizer stops the world with ptrace
# at exit ("LeakSanitizer has encountered a fatal error"): in a sanitizer
# build the project's own programs run inside (pathpolicy confine --check,
# the attacker) go without it. Nothing else changes.
inside=(env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")
# in_confine ROOT CMD...: CMD as the confined agent of the worktree ROOT.
in_confine() { local r=$1; shift; "$pp" confine --root "$r" -- "${inside[@]}" "$@"; }

# open_route WHAT WANT CMD...: the route works: CMD exits 0 and its stdout
# holds WANT.
open_route() {
  local what=$1 want=$2; shift 2
  "$@" >"$base/a.out" 2>"$base/a.err"; local rc=$?
  if [ "$rc" -eq 0 ] && grep -qF -- "$want" "$base/a.out"; then ok; else
    bad "$what (open without confine): exit $rc, wanted 0 and '$want' on stdout"; show "$base/a.out" "$base/a.err"; fi
}
# closed_route WHAT ERRNO LEAK CMD...: the route is refused: CMD exits
# non-zero, the attacker names ERRNO (so it ran, and failed where it
# should), and LEAK is not on its stdout.
closed_route() {
  local what=$1 errno=$2 leak=$3; shift 3
  "$@" >"$base/a.out" 2>"$base/a.err"; local rc=$?
  if [ "$rc" -ne 0 ] && grep -q "^attacker: .*: $errno " "$base/a.err" &&
    { [ -z "$leak" ] || ! grep -qF -- "$leak" "$base/a.out"; }; then ok; else
    bad "$what (closed inside confine): exit $rc, wanted non-zero and $errno named"; show "$base/a.out" "$base/a.err"; fi
}

export GIT_CONFIG_GLOBAL=$base/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid
git config --global user.name test
git config --global init.defaultBranch main
git config --global protocol.file.allow always
git config --global advice.detachedHead false

# --- the two worktrees, enforced: .env masked, .claude/ and .git/config protected
printf 'mask-file .env\nprotect .claude/\nprotect .git/config\nprotect .git/hooks/\n' >"$base/policy"
for r in "$W" "$T"; do
  git init -q "$r"
  echo "SECRET-$(basename "$r")-$$-root" >"$r/.env"
  mkdir "$r/.claude"; echo '{"permissions":{}}' >"$r/.claude/settings.json"
done
# The masked bytes on the device itself, not only in the page cache.
sync -f "$W/.env"
for r in "$W" "$T"; do
  "$pp" enforce --root "$r" --policy "$base/policy" 2>"$base/enforce.log"
  rc=$?; check "enforce $r exits 0 ($(cat "$base/enforce.log"))" [ "$rc" -eq 0 ]
  check "enforce: $r/.env masked" masked "$r/.env"
  check "enforce: $r/.claude/ protected" bash -c "! touch '$r/.claude/x' 2>/dev/null"
  check "enforce: $r/.git/config protected" bash -c "! { echo '# x' >>'$r/.git/config'; } 2>/dev/null"
done
check "the test's mount namespace is shared (where the launcher needs it)" \
  grep -qE "^[0-9]+ [0-9]+ [0-9:]+ / $W [^-]* shared:" /proc/self/mountinfo

# The watcher of W: the daemon the agent must not reach, and the one that
# binds the checkouts made later.
log=$base/watch.log
"$pp" watch "$W" --policy "$base/policy" --log-format json --log-level debug 2>"$log" &
wpid=$!
pids+=("$wpid")
wait_log "$log" '"event":"watch-ready"' 30 || { bad "watch $W did not get ready"; show "$log"; exit 1; }

# === confine --check outside: every route open ===
before=$failed
"$pp" confine --check --root "$W" --json >"$base/check.json" 2>"$base/check.err"; rc=$?
check "confine --check outside exits 3 (a route is open; got $rc)" [ "$rc" -eq 3 ]
# is_open KIND NAME: --check listed that route, open.
is_open() {
  jtrue "$base/check.json" --arg k "$1" --arg n "$2" 'any(.routes[]; .kind == $k and .name == $n and .open == true)'
}
for route in "capability CAP_DAC_READ_SEARCH" "capability CAP_SYS_ADMIN" "capability CAP_SYS_PTRACE" \
  "capability CAP_MKNOD" "no_new_privs no_new_privs" "syscall open_by_handle_at" \
  "syscall name_to_handle_at" "syscall ptrace" "syscall fanotify_init" "block-device $loop" "daemon pid $wpid"; do
  check "--check outside: $route open" is_open ${route%% *} "${route#* }"
done
check "--check outside: the open count is the open routes'" \
  jtrue "$base/check.json" '.open == ([.routes[] | select(.open)] | length) and .open > 0 and .pid > 0 and .uid == 0'
check "--check outside: the worktree's own device is said to be under it" \
  jtrue "$base/check.json" --arg n "$loop" 'any(.routes[]; .kind == "block-device" and .name == $n and (.detail | test("worktree"; "i")))'
check "--check outside: each open route has its fix" \
  jtrue "$base/check.json" '[.routes[] | select(.open) | (.fix | type == "string" and length > 0)] | all'
if [ "$failed" -ne "$before" ]; then show "$base/check.json" "$base/check.err"; fi
"$pp" confine --check --root "$W" >"$base/check.txt" 2>&1; rc=$?
check "--check outside (human): exit 3, ends 'N ... routes ... open' ($(tail -n 1 "$base/check.txt"))" \
  bash -c "[ $rc -eq 3 ] && tail -n 1 '$base/check.txt' | grep -qE '^[1-9][0-9]* .*routes? .*open'"
check "--check outside (human): names the loop device and the watcher" \
  bash -c "grep -qF '$loop' '$base/check.txt' && grep -qF 'pid $wpid' '$base/check.txt'"

# === the plain ways: unmount the mask, or a user namespace to mount in ===
unshare -m --propagation private bash -c "umount '$W/.env' && cat '$W/.env'" >"$base/out" 2>&1
check "umount: the mask comes off without confine ($(head -c 80 "$base/out"))" grep -qF "SECRET-w-$$-root" "$base/out"
in_confine "$W" bash -c "umount '$W/.env' 2>/dev/null && echo unmounted || echo refused; cat '$W/.env'" >"$base/out" 2>&1
check "umount: refused inside ($(head -c 80 "$base/out"))" [ "$(cat "$base/out")" = refused ]
in_confine "$W" bash -c "unshare -Urm true 2>/dev/null && echo made || echo refused" >"$base/out" 2>&1
check "unshare -Urm: no user namespace inside ($(cat "$base/out"))" [ "$(cat "$base/out")" = refused ]
in_confine "$W" bash -c "mount -t tmpfs none '$W/.claude' 2>/dev/null && echo mounted || echo refused" >"$base/out" 2>&1
check "mount: refused inside ($(cat "$base/out"))" [ "$(cat "$base/out")" = refused ]

# === the terminal, the control groups, the service manager ===
open_route "tiocsti: text typed into a terminal" "read back: pp-typed-$$" "$attacker" tiocsti "pp-typed-$$"
closed_route "tiocsti: text typed into a terminal" EPERM "read back" in_confine "$W" "$attacker" tiocsti "pp-typed-$$"
# A control group the daemon's could be frozen or killed through: the
# first hierarchy this test may make a group in.
cg=""
for d in /sys/fs/cgroup /sys/fs/cgroup/unified /sys/fs/cgroup/freezer /sys/fs/cgroup/pids; do
  if mkdir "$d/pp-confine-$$" 2>/dev/null; then rmdir "$d/pp-confine-$$"; cg=$d; break; fi
done
if [ -n "$cg" ]; then
  check "cgroup: --check outside lists a writable control group filesystem" \
    jtrue "$base/check.json" 'any(.routes[]; .kind == "cgroup" and .open == true)'
  in_confine "$W" bash -c "mkdir '$cg/pp-confine-$$' 2>/dev/null && { rmdir '$cg/pp-confine-$$'; echo made; } || echo refused" \
    >"$base/out" 2>&1
  check "cgroup: no group made in $cg inside ($(cat "$base/out"))" [ "$(cat "$base/out")" = refused ]
else
  echo "  (no control group can be made here: the cgroup route not tried)"
fi
# The service manager's socket (systemd-run would start a process outside
# the confinement): a listener of this test's own at its path, in a /run
# of this namespace's own.
mount -t tmpfs -o size=1m tmpfs /run
mkdir -p /run/systemd
python3 -c 'import signal, socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1]); s.listen(8); open(sys.argv[2], "w").close(); signal.pause()' /run/systemd/private "$base/listening" &
lsn=$!; pids+=("$lsn")
connect='import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); print("connected")'
if wait_file "$base/listening" "$lsn"; then
  open_route "service: connect to /run/systemd/private" connected python3 -c "$connect" /run/systemd/private
  "$pp" confine --check --root "$W" --json >"$base/svc.json" 2>/dev/null
  check "service: --check outside lists /run/systemd/private open" \
    jtrue "$base/svc.json" 'any(.routes[]; .kind == "service" and .name == "/run/systemd/private" and .open == true)'
  in_confine "$W" python3 -c "$connect" /run/systemd/private >"$base/out" 2>&1; rc=$?
  check "service: /run/systemd/private does not connect inside (exit $rc: $(tail -n 1 "$base/out"))" \
    bash -c "[ $rc -ne 0 ] && ! grep -q connected '$base/out'"
  in_confine "$W" "$pp" confine --check --root "$W" --json >"$base/svc.json" 2>/dev/null
  check "service: --check inside lists /run/systemd/private closed" \
    jtrue "$base/svc.json" 'any(.routes[]; .kind == "service" and .name == "/run/systemd/private" and .open == false)'
else
  bad "service: the listener did not start"
fi
kill "$lsn"; wait "$lsn" 2>/dev/null
umount /run

# === open_by_handle_at: a mask read through another mount of the same fs ===
for r in "$W" "$T"; do
  fs=tmpfs; [ "$r" = "$W" ] && fs=ext4
  secret="SECRET-$(basename "$r")-$$-root"
  open_route "$fs: handle read of the masked .env through .claude/'s mount" "$secret" \
    "$attacker" handle-read "$r/.claude" "$r" .env
  # The handles, taken now: a handle outlives its process, so the agent may
  # bring one in (or forge it: ext4's is an inode and a generation).
  hdir=$("$attacker" handle "$r") hset=$("$attacker" handle "$r/.claude/settings.json") \
    hcfg=$("$attacker" handle "$r/.git/config")
  closed_route "$fs: handle read of .env" EPERM "$secret" \
    in_confine "$r" "$attacker" handle-read "$r/.claude" "$r" .env
  closed_route "$fs: handle read of .env, the handle taken outside" EPERM "$secret" \
    in_confine "$r" "$attacker" handle-read "$r/.claude" "$hdir" .env
  # (T has no watcher yet: one watcher a worktree.)
  [ "$r" = "$T" ] && closed_route "$fs: handle read of .env (under watch -- CMD)" EPERM "$secret" \
    "$pp" watch "$r" --policy "$base/policy" --log-level error -- "${inside[@]}" "$attacker" handle-read "$r/.claude" "$hdir" .env

  # === open_by_handle_at: a protect written through the worktree's mount ===
  for f in .claude/settings.json .git/config; do
    open_route "$fs: handle write of the protected $f through the worktree's mount" "appended" \
      "$attacker" handle-write "$r" "$r/$f" "# written-outside-$$"
    check "$fs: the handle write landed in $f" grep -qF "# written-outside-$$" "$r/$f"
    h=$hset; [ "$f" = .git/config ] && h=$hcfg
    closed_route "$fs: handle write of $f" EPERM "" \
      in_confine "$r" "$attacker" handle-write "$r" "$r/$f" "# written-inside-$$"
    closed_route "$fs: handle write of $f, the handle taken outside" EPERM "" \
      in_confine "$r" "$attacker" handle-write "$r" "$h" "# written-inside-$$"
    check "$fs: $f holds nothing written inside" bash -c "! grep -qF '# written-inside-$$' '$r/$f'"
  done
done

# === the raw block device under the worktree ===
secret="SECRET-w-$$-root"
open_route "block: the masked bytes read from $loop" "$secret" "$attacker" block "$loop" "$secret"
check "block: grep -a finds them too" grep -qaF "$secret" "$loop"
closed_route "block: $loop" ENOENT "$secret" in_confine "$W" "$attacker" block "$loop" "$secret"
in_confine "$W" find /dev -type b >"$base/blk" 2>&1
check "block: no block device node in the agent's /dev ($(tr '\n' ' ' <"$base/blk"))" [ ! -s "$base/blk" ]
majmin="$((16#$(stat -c %t "$loop"))) $((16#$(stat -c %T "$loop")))"
in_confine "$W" bash -c "mknod '$W/blk' b $majmin 2>/dev/null && echo made || echo refused" >"$base/out" 2>&1
check "block: mknod of $loop's numbers refused inside ($(cat "$base/out"))" [ "$(cat "$base/out")" = refused ]
rm -f "$W/blk"
check "block: the agent's /dev/null is the real one" in_confine "$W" bash -c 'masked() { [ "$(stat -c %F:%t:%T "$1")" = "character special file:1:3" ]; }; masked /dev/null'
# The same bytes by two other ways, beyond the issue's list. Each must be
# closed inside, or named by --check run there (so whoever runs the agent
# is told). A node of the device made outside /dev before the agent
# started (the agent cannot make one; the guest's setup could leave one):
mknod "$base/blknode" b $majmin
open_route "block: the masked bytes through a node outside /dev" "$secret" "$attacker" block "$base/blknode" "$secret"
in_confine "$W" "$attacker" block "$base/blknode" "$secret" >"$base/out" 2>&1; rc=$?
in_confine "$W" "$pp" confine --check --root "$W" --json >"$base/blk.json" 2>/dev/null
check "block: a node outside /dev: refused inside, or named by --check there (exit $rc: $(head -n 1 "$base/out"))" \
  bash -c "[ $rc -ne 0 ] || grep -qF '\"$base/blknode\"' '$base/blk.json'"
rm -f "$base/blknode"
# The loop device's backing file (/sys/block/loopN/loop/backing_file names
# it): the filesystem's bytes, as a plain file.
backing=$(cat "/sys/block/${loop#/dev/}/loop/backing_file")
check "block: the backing file holds the masked bytes" grep -qaF "$secret" "$backing"
in_confine "$W" grep -caF "$secret" "$backing" >"$base/out" 2>&1; rc=$?
check "block: the backing file $backing: unreadable inside, or named by --check there (grep: $(head -n 1 "$base/out"))" \
  bash -c "[ $rc -ne 0 ] || grep -qF '\"$backing\"' '$base/blk.json'"

# The masks read empty inside and take writes (to nowhere), as outside:
# /dev/null opens on the agent's mounts.
for r in "$W" "$T"; do
  in_confine "$r" bash -c "got=\$(cat '$r/.env' 2>&1) && echo \"read:\$got\" && echo x >'$r/.env' && echo wrote" >"$base/out" 2>&1
  check "inside: $r/.env reads empty and takes a write ($(tr '\n' ' ' <"$base/out"))" \
    [ "$(cat "$base/out")" = "$(printf 'read:\nwrote')" ]
done

# === the daemon: signal and ptrace ===
open_route "signal: kill(watch, 0)" "may signal" "$attacker" signal "$wpid"
check "signal: kill -0 of the watcher from bash" kill -0 "$wpid"
open_route "ptrace: attach to the watcher" "attached" "$attacker" ptrace "$wpid"
state=$(awk '/^State:/ { print $2 }' "/proc/$wpid/status")
check "ptrace: the watcher runs on after the attach (state $state)" bash -c "[ '$state' != t ] && [ '$state' != T ]"
closed_route "signal: kill(watch, 0)" ESRCH "" in_confine "$W" "$attacker" signal "$wpid"
in_confine "$W" bash -c "kill -0 $wpid 2>/dev/null && echo reached || echo refused" >"$base/out" 2>&1
check "signal: kill -0 of the watcher from bash inside ($(cat "$base/out"))" [ "$(cat "$base/out")" = refused ]
closed_route "ptrace: attach to the watcher" EPERM "" in_confine "$W" "$attacker" ptrace "$wpid"
# The same under watch -- CMD (a watcher of T: the agent's own supervisor).
closed_route "signal: kill(watch of W, 0) under watch -- CMD" ESRCH "" \
  "$pp" watch "$T" --policy "$base/policy" --log-level error -- "${inside[@]}" "$attacker" signal "$wpid"
closed_route "ptrace: attach to the watcher of W under watch -- CMD" EPERM "" \
  "$pp" watch "$T" --policy "$base/policy" --log-level error -- "${inside[@]}" "$attacker" ptrace "$wpid"
closed_route "block: $loop under watch -- CMD" ENOENT "$secret" \
  "$pp" watch "$T" --policy "$base/policy" --log-level error -- "${inside[@]}" "$attacker" block "$loop" "$secret"
# Not even its own children: ptrace is refused, not only out of sight.
closed_route "ptrace: attach to the agent's own child" EPERM "" \
  in_confine "$W" bash -c "sleep 30 & p=\$!; '$attacker' ptrace \$p; rc=\$?; kill \$p; exit \$rc"
# kill -KILL -1 (every process this one may signal) reaches the agent's
# own processes only: the watcher lives on. Only where the agent's PID
# namespace is not this test's own (never on the machine's processes).
outer=$(readlink /proc/self/ns/pid)
in_confine "$W" bash -c "[ \"\$(readlink /proc/self/ns/pid)\" != '$outer' ] || { echo 'the PID namespace is the test'\''s'; exit 1; }
  sleep 30 & kill -KILL -1; echo survived" >"$base/out" 2>&1
check "kill -KILL -1 inside: only the agent's own ($(cat "$base/out"))" [ "$(cat "$base/out")" = survived ]
check "kill -KILL -1 inside: the watcher lives on" kill -0 "$wpid"
ps -e -o pid= | tr -d ' ' >"$base/ps.out"
check "ps -e outside lists the watcher" grep -qx "$wpid" "$base/ps.out"

# === a nested checkout the watcher binds: the same routes ===
git init -q "$W/n"; echo "SECRET-nested-$$" >"$W/n/.env"
check "nested: .env masked by the watcher" wait_mount "$W/n/.env"
check "nested: .git/config protected by the watcher" wait_mount "$W/n/.git/config"
open_route "nested: handle read of n/.env through .claude/'s mount" "SECRET-nested-$$" \
  "$attacker" handle-read "$W/.claude" "$W/n" .env
open_route "nested: handle write of n/.git/config" "appended" \
  "$attacker" handle-write "$W" "$W/n/.git/config" "# written-outside-$$"
closed_route "nested: handle read of n/.env" EPERM "SECRET-nested-$$" \
  in_confine "$W" "$attacker" handle-read "$W/.claude" "$W/n" .env
closed_route "nested: handle write of n/.git/config" EPERM "" \
  in_confine "$W" "$attacker" handle-write "$W" "$W/n/.git/config" "# written-inside-$$"

# === a checkout cloned inside the confined agent ends bound there ===
src=$base/src
git init -q "$src"
echo "SECRET-clone-$$" >"$src/.env"; mkdir "$src/.claude"; echo '{}' >"$src/.claude/settings.json"
git -C "$src" add -A; git -C "$src" commit -qm init
# The control: in a private mount namespace the watcher's bind never
# arrives (the log says it was made; mountinfo there does not have it).
unshare -m --propagation private bash -c '
  W=$1 src=$2 log=$3
  git clone -q "file://$src" "$W/sub0" || exit 10
  for _ in $(seq 200); do grep -qF "masked sub0/.env" "$log" && break; sleep 0.05; done
  grep -qF "masked sub0/.env" "$log" || { echo "the watcher did not mask sub0/.env"; exit 11; }
  grep -qF " $W/sub0/.env " /proc/self/mountinfo && echo bound || echo unbound' _ "$W" "$src" "$log" >"$base/out" 2>&1
check "clone (control): a private namespace misses the watcher's bind ($(cat "$base/out"))" [ "$(cat "$base/out")" = unbound ]
in_confine "$W" bash -c '
  W=$1 src=$2
  git clone -q "file://$src" "$W/sub" || exit 10
  # wait_in MOUNT: until the watcher'\''s bind at MOUNT is in this namespace.
  wait_in() {
    local i
    for i in $(seq 200); do grep -qF " $1 " /proc/self/mountinfo && return 0; sleep 0.05; done
    echo "no mount at $1 in the agent'\''s mountinfo"; return 1
  }
  wait_in "$W/sub/.env" || exit 11
  [ "$(stat -c %F:%t:%T "$W/sub/.env")" = "character special file:1:3" ] || { echo "sub/.env is not /dev/null"; exit 12; }
  got=$(cat "$W/sub/.env" 2>&1) && [ -z "$got" ] || { echo "sub/.env reads: $got"; exit 13; }
  wait_in "$W/sub/.git/config" || exit 14
  git -C "$W/sub" config a.b c 2>/dev/null && { echo "sub/.git/config written"; exit 15; }
  wait_in "$W/sub/.claude" || exit 16
  touch "$W/sub/.claude/x" 2>/dev/null && { echo "sub/.claude/ written"; exit 17; }
  echo bound' _ "$W" "$src" >"$base/out" 2>&1; rc=$?
check "clone inside confine: sub/.env masked and read empty, .git/config and .claude/ protected (exit $rc: $(tr '\n' ' ' <"$base/out"))" \
  bash -c "[ $rc -eq 0 ] && [ \"\$(cat '$base/out')\" = bound ]"
check "clone inside confine: bound in the daemon's namespace too" masked "$W/sub/.env"

# === confine --check inside: nothing open ===
in_confine "$W" "$pp" confine --check --root "$W" --json >"$base/in.json" 2>"$base/in.err"; rc=$?
check "--check inside confine exits 0 (got $rc)" [ "$rc" -eq 0 ]
check "--check inside confine: no route open" jtrue "$base/in.json" '.open == 0 and all(.routes[]; .open == false) and (.routes | length) > 0'
for route in "capability CAP_DAC_READ_SEARCH" "capability CAP_SYS_ADMIN" "no_new_privs no_new_privs" \
  "syscall open_by_handle_at" "syscall name_to_handle_at" "syscall ptrace" "syscall mount" \
  "syscall fanotify_init"; do
  check "--check inside confine: $route checked, closed" jtrue "$base/in.json" --arg k "${route%% *}" --arg n "${route#* }" \
    'any(.routes[]; .kind == $k and .name == $n and .open == false)'
done
if [ "$rc" -ne 0 ]; then show "$base/in.json" "$base/in.err"; fi
# (stdout: in a sanitizer build, a probe child killed by the kernel says so on stderr.)
in_confine "$W" "$pp" confine --check --root "$W" >"$base/in.txt" 2>"$base/in.err"; rc=$?
check "--check inside confine (human): exit 0, one line 'no route ... open' ($(cat "$base/in.txt"))" \
  bash -c "[ $rc -eq 0 ] && [ \$(wc -l <'$base/in.txt') -eq 1 ] && grep -qE '^no route .*open' '$base/in.txt'"
"$pp" watch "$T" --policy "$base/policy" --log-level error -- "${inside[@]}" "$pp" confine --check --root "$T" >"$base/in.txt" 2>&1; rc=$?
check "--check under watch -- CMD: exit 0 ($(tail -n 3 "$base/in.txt" | tr '\n' ' '))" [ "$rc" -eq 0 ]
# --check --pid: a running agent seen from outside (by /proc; its system
# calls are not probed): the confined one has nothing open, a process of
# this test's own has its capabilities and no no_new_privs.
marker=pp-agent-$$
"$pp" confine --root "$W" -- bash -c "exec -a $marker sleep 30" 2>"$base/agent.err" &
lp=$!; pids+=("$lp")
apid=
for _ in $(seq 200); do apid=$(pgrep -f "^$marker( |\$)") && break; kill -0 "$lp" 2>/dev/null || break; sleep 0.05; done
if [ -n "$apid" ]; then
  pids+=("$apid")
  "$pp" confine --check --pid "$apid" --root "$W" --json >"$base/pid.json" 2>"$base/pid.err"; rc=$?
  check "--check --pid of the confined agent exits 0 (got $rc)" [ "$rc" -eq 0 ]
  check "--check --pid of the confined agent: no route open" \
    jtrue "$base/pid.json" --argjson p "$apid" '.pid == $p and .open == 0 and (.routes | length) > 0'
  if [ "$rc" -ne 0 ]; then show "$base/pid.json" "$base/pid.err"; fi
else
  bad "the confined agent for --check --pid never started ($(cat "$base/agent.err"))"
fi
kill -KILL "$lp"; wait "$lp" 2>/dev/null
sleep 30 &
spid=$!; pids+=("$spid")
"$pp" confine --check --pid "$spid" --root "$W" --json >"$base/pid.json" 2>"$base/pid.err"; rc=$?
check "--check --pid of an unconfined process exits 3 (got $rc)" [ "$rc" -eq 3 ]
for route in "capability CAP_DAC_READ_SEARCH" "capability CAP_SYS_PTRACE" "no_new_privs no_new_privs"; do
  check "--check --pid of an unconfined process: $route open" jtrue "$base/pid.json" \
    --arg k "${route%% *}" --arg n "${route#* }" 'any(.routes[]; .kind == $k and .name == $n and .open == true)'
done
kill "$spid"; wait "$spid" 2>/dev/null
in_confine "$W" "$pp" confine --root "$W" -- true >"$base/out" 2>&1; rc=$?
check "confine inside confine fails a step, 125 ($rc: $(head -n 1 "$base/out"))" [ "$rc" -eq 125 ]
in_confine "$W" bash -c 'grep -q "^NoNewPrivs:[[:space:]]*1" /proc/self/status && echo set || echo unset' >"$base/out" 2>&1
check "no_new_privs set inside ($(cat "$base/out"))" [ "$(cat "$base/out")" = set ]
in_confine "$W" bash -c '{ cat /proc/sys/fs/mount-max >/proc/sys/fs/mount-max; } 2>/dev/null && echo written || echo refused' >"$base/out" 2>&1
check "/proc/sys read-only inside ($(cat "$base/out"))" [ "$(cat "$base/out")" = refused ]

# === the launcher's contract ===
# run_rc WANT WHAT CMD...: CMD exits WANT (its stderr shown when not).
run_rc() {
  local want=$1 what=$2; shift 2
  "$@" >"$base/r.out" 2>"$base/r.err"; local rc=$?
  if [ "$rc" -eq "$want" ]; then ok; else bad "$what: exit $rc, wanted $want"; show "$base/r.out" "$base/r.err"; fi
}
printf 'not a program\n' >"$base/noexec"; chmod 644 "$base/noexec"
priv=$base/priv
mkdir "$priv"; mount -t tmpfs -o size=1m tmpfs "$priv"; mount --make-private "$priv"
for form in confine watch; do
  # launcher ROOT: L is the command line that runs a CMD after it (for
  # watch, its log on stderr kept to errors). Run as "${L[@]}" CMD..., not
  # through a function, so that $! of "${L[@]}" ... & is the launcher's.
  launcher() {
    if [ "$form" = confine ]; then L=("$pp" confine --root "$1" --); else
      L=("$pp" watch "$1" --policy "$base/policy" --log-level error --); fi
  }
  run_() { launcher "$1"; shift; "${L[@]}" "$@"; }
  rt=$T
  run_rc 7 "$form: CMD's status is the launcher's" run_ "$rt" bash -c 'exit 7'
  run_rc 0 "$form: true" run_ "$rt" true
  run_rc 143 "$form: CMD killed by SIGTERM is 128+15" run_ "$rt" bash -c 'kill -TERM $$'
  run_rc 137 "$form: CMD killed by SIGKILL is 128+9" run_ "$rt" bash -c 'kill -KILL $$'
  run_rc 139 "$form: CMD killed by SIGSEGV is 128+11" run_ "$rt" bash -c 'ulimit -c 0; kill -SEGV $$'
  run_rc 200 "$form: CMD's exit 200 is the launcher's" run_ "$rt" bash -c 'exit 200'
  run_rc 127 "$form: CMD not found" run_ "$rt" "no-such-command-$$"
  run_rc 126 "$form: CMD not executable" run_ "$rt" "$base/noexec"
  rm -f "$base/ran"
  run_rc 125 "$form: --root on a private mount fails a step" run_ "$priv" touch "$base/ran"
  check "$form: on a private mount CMD is not run" [ ! -e "$base/ran" ]
  # confine says "pathpolicy confine: cannot STEP: REASON"; watch logs it.
  check "$form: the failed step is named ($(head -n 2 "$base/r.err" | tr '\n' ' '))" \
    grep -qE '^(pathpolicy confine|path policy): cannot [^:]+: ' "$base/r.err"
  check "$form: the step is the propagation's" grep -qiE 'propagation|shared|later binds' "$base/r.err"

  # stdin, stdout, stderr and the environment pass through.
  echo "hello-stdin-$$" | PP_PROBE='a b=c' run_ "$rt" bash -c 'read -r l; echo "out:$l:$PP_PROBE"; echo err-line >&2' \
    >"$base/out" 2>"$base/err"; rc=$?
  check "$form: stdin in, stdout out, the environment ($(cat "$base/out"))" \
    bash -c "[ $rc -eq 0 ] && [ \"\$(cat '$base/out')\" = 'out:hello-stdin-$$:a b=c' ]"
  check "$form: stderr out" grep -qx err-line "$base/err"
  env | grep -v '^_=' | sort >"$base/env.out"
  run_ "$rt" env 2>/dev/null | grep -v '^_=' | sort >"$base/env.in"
  check "$form: the environment passes through unchanged ($(diff "$base/env.out" "$base/env.in" | grep -c '^[<>]') lines differ)" \
    cmp -s "$base/env.out" "$base/env.in"

  # A signal to the launcher reaches CMD (and CMD's status is the launcher's).
  # (Job control on while it starts: otherwise bash starts a background
  # command with SIGINT ignored, and CMD could not trap it.)
  for sig in TERM HUP INT; do
    rm -f "$base/up" "$base/got"
    launcher "$rt"
    set -m
    "${L[@]}" bash -c "trap 'kill \$p; echo $sig >$base/got; exit 5' $sig; sleep 30 & p=\$!; echo up >$base/up; wait \$p" \
      2>"$base/sig.err" &
    lp=$!; pids+=("$lp")
    set +m
    if wait_file "$base/up" "$lp"; then
      kill -"$sig" "$lp"; wait "$lp"; rc=$?
      check "$form: SIG$sig to the launcher reaches CMD (exit $rc, CMD got: $(cat "$base/got" 2>/dev/null))" \
        bash -c "[ $rc -eq 5 ] && [ \"\$(cat '$base/got' 2>/dev/null)\" = $sig ]"
    else
      bad "$form: CMD never started ($(cat "$base/sig.err"))"; kill -KILL "$lp"; wait "$lp"
    fi
  done

  # SIGKILL of the launcher kills CMD: no agent runs unwatched.
  marker=pp-victim-$form-$$
  launcher "$rt"
  "${L[@]}" bash -c "exec -a $marker sleep 30" 2>"$base/kill.err" &
  lp=$!; pids+=("$lp")
  vpid=
  for _ in $(seq 200); do vpid=$(pgrep -f "^$marker( |\$)") && break; kill -0 "$lp" 2>/dev/null || break; sleep 0.05; done
  if [ -n "$vpid" ]; then
    pids+=("$vpid")
    kill -KILL "$lp"; wait "$lp" 2>/dev/null
    check "$form: SIGKILL of the launcher kills CMD" wait_dead "$vpid"
  else
    bad "$form: CMD never started ($(cat "$base/kill.err"))"; kill -KILL "$lp"; wait "$lp"
  fi
done
run_rc 2 "confine with no CMD is a usage error" "$pp" confine --root "$T"
run_rc 2 "confine --check with an unknown option is a usage error" "$pp" confine --check --no-such-option

# watch -- CMD: CMD starts once the watcher is ready (every existing
# checkout bound).
W2=$base/w2
mkdir "$W2"; git init -q "$W2/old"; echo "SECRET-old-$$" >"$W2/old/.env"
"$pp" watch "$W2" --policy "$base/policy" --log-format json 2>"$base/w2.log" -- bash -c "
  grep -qF '\"event\":\"watch-ready\"' '$base/w2.log' || exit 3
  [ \"\$(stat -c %F:%t:%T '$W2/old/.env')\" = 'character special file:1:3' ] || exit 4
  exit 7"
rc=$?
check "watch -- CMD: CMD ran after watch-ready, old/.env already masked; its 7 is the watcher's (exit $rc)" [ "$rc" -eq 7 ]
check "watch -- CMD: the binds stay after CMD's exit" masked "$W2/old/.env"

# === ordinary work inside confine ===
mkdir "$W/work"
cd "$W/work" || exit 1
# run_in WHAT WANT CMD...: CMD inside confine exits 0 and prints WANT (a
# line, exactly).
run_in() {
  local what=$1 want=$2; shift 2
  in_confine "$W" "$@" >"$base/w.out" 2>"$base/w.err"; local rc=$?
  if [ "$rc" -eq 0 ] && grep -qxF -- "$want" "$base/w.out"; then ok; else
    bad "inside confine: $what: exit $rc, wanted 0 and the line '$want'"; show "$base/w.out" "$base/w.err"; fi
}
run_in "git init, add, commit, log" "first" bash -c \
  'git init -q repo && cd repo && echo hi >f && git add f && git commit -qm first && git log --format=%s'
printf '#include <stdio.h>\nint main(void) { puts("hello from cc"); return 0; }\n' >hello.c
run_in "cc compiles and runs a program" "hello from cc" bash -c 'cc -o hello hello.c && ./hello'
printf 'all: hello2\n\t./hello2\nhello2: hello.c\n\t$(CC) -o $@ $<\n' >Makefile
run_in "make" "hello from cc" make -s
run_in "python3 -c" "42" python3 -c 'print(6 * 7)'
run_in "a shell pipeline" "1000 999 998" bash -c 'seq 1000 | sort -rn | head -n 3 | paste -sd " "'
run_in "top -bn1" "top ok" bash -c 'top -bn1 | grep -q "^Tasks:" && echo "top ok"'
run_in "ps -e: pid 1 is the namespace's init" "1" bash -c 'ps -e -o pid= | tr -d " " | head -n 1'
before=$failed
in_confine "$W" ps -e -o pid=,args= >"$base/ps.in" 2>&1; rc=$?
check "inside confine: ps -e exits 0" [ "$rc" -eq 0 ]
check "inside confine: ps -e lists only the agent's processes ($(wc -l <"$base/ps.in") lines)" [ "$(wc -l <"$base/ps.in")" -le 3 ]
check "inside confine: ps -e does not list the watcher" bash -c "! grep -q 'pathpolicy watch' '$base/ps.in'"
if [ "$failed" -ne "$before" ]; then show "$base/ps.in"; fi
cd / || exit 1

# --- the hostile review's routes (beyond the issue's list)
# A boot script that starts the watcher and the agent side by side puts
# both in its process group: kill(0, sig) from the agent reached the
# watcher. Inside, the agent has a session of its own.
P=$base/pg
mkdir "$P"
mount -t tmpfs tmpfs "$P"
# pg_kill N WRAP...: a watcher on P/N and, beside it in one process group,
# WRAP bash -c 'kill -TERM 0'. Then a checkout is made: "bound" when the
# watcher binds it and never stopped, "stopped" when it stopped.
pg_kill() {
  local n=$1; shift
  mkdir "$P/$n"
  # A session of its own, so that the group is the watcher's and the
  # agent's only, not this script's.
  setsid -w bash -c '
    trap : TERM # this shell is in the group too: a handler, so its children get the default
    pp=$1 dir=$2 log=$3; shift 3
    "$pp" watch "$dir" --log-format json 2>"$log" & w=$!
    for _ in $(seq 200); do grep -qF "\"event\":\"watch-ready\"" "$log" && break; sleep 0.05; done
    "$@" bash -c "trap \"\" TERM; kill -TERM 0" 2>/dev/null
    git init -q "$dir/c"; echo S >"$dir/c/.env"
    for _ in $(seq 200); do
      grep -qF "\"event\":\"watch-stopped\"" "$log" && { wait "$w"; echo stopped; exit; }
      grep -qF "\"event\":\"watch-bind\"" "$log" && break
      sleep 0.05
    done
    kill -0 "$w" 2>/dev/null && ! grep -qF "\"event\":\"watch-stopped\"" "$log" && echo bound
    kill "$w"; wait "$w"' pg "$pp" "$P/$n" "$P/$n.log" "$@"
}
check "process group: kill -TERM 0 beside it stops the watcher without confine" [ "$(pg_kill open env)" = stopped ]
check "process group: kill -TERM 0 inside confine leaves the watcher up" \
  [ "$(pg_kill closed "$pp" confine --root "$P" --)" = bound ]
# The session: the init's, without a controlling terminal (TIOCSTI and
# vhangup have none to act on); the kernel keyring refused.
run_in "CMD's session is the init's" "1" bash -c "awk '{ print \$6 }' /proc/self/stat"
run_in "no controlling terminal inside" "no tty" bash -c ': </dev/tty 2>/dev/null && echo tty || echo "no tty"'
run_in "ps shows the init by its name" "pathpolicy-init" bash -c 'ps -p 1 -o comm='

check "the watcher is still up after it all" kill -0 "$wpid"
if [ "$failed" -ne 0 ]; then echo "--- watch log (tail)"; tail -n 20 "$log"; fi
echo "confine-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
