#!/usr/bin/env bash
# pathpolicy watch where it could miss a checkout (issue 33 point 5), on the real kernel with real git.
# Must not change a machine-wide setting, sleep a fixed time, or leave a process or mount behind.
# Root only, in a mount and PID namespace of its own, on a tmpfs. git is the oracle: each hidden
# place is first shown to be a working checkout to git, then its .env must end masked (or the
# place said). Usage: test-watch-blind-root.sh PATHPOLICY MMAP_WRITE
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 mmapw=$2
# The watch backend under test: tests/meson.build runs the root suite once
# per backend (PP_WATCH_BACKEND=inotify, suite root; =fanotify, root-fanotify).
bk=(--backend "${PP_WATCH_BACKEND:-inotify}")
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-blind-XXXXXX)
mount -t tmpfs -o size=512m tmpfs "$base"
root=$base/root outside=$base/outside
mkdir "$root" "$outside"
dp= dp2=
cleanup() {
  [ -n "$dp" ] && { kill "$dp" 2>/dev/null; wait "$dp" 2>/dev/null; }
  [ -n "$dp2" ] && { kill "$dp2" 2>/dev/null; wait "$dp2" 2>/dev/null; }
  [ -n "${PP_KEEP_LOG:-}" ] && cp "$base/watch.log" "$PP_KEEP_LOG"; umount -l "$base"; rmdir "$base"
}
trap cleanup EXIT
. "$(dirname "$0")/lib-watch.sh"

masked() { [ "$(stat -c %F:%t:%T "$1" 2>/dev/null)" = "character special file:1:3" ]; }
wait_masked() { local i; for ((i = 0; i < 200; i++)); do masked "$1" && return 0; nap; done; return 1; }
wait_mount() { local i; for ((i = 0; i < 200; i++)); do mountpoint -q "$1" && return 0; nap; done; return 1; }
# git's answer: DIR is the top of a working checkout.
is_checkout() { [ "$(git -C "$1" rev-parse --show-toplevel 2>/dev/null)" = "$1" ]; }

# A repository with objects in its fan-out, and one checkout hidden in it
# from before the daemon starts (found by the first scan).
cl=$root/cl
git init -q "$cl"; echo code >"$cl/main.c"; git -C "$cl" add -A; git -C "$cl" commit -qm init
mkdir -p "$cl/.git/objects/cd"; git init -q "$cl/.git/objects/cd/pre"; echo S >"$cl/.git/objects/cd/pre/.env"

log=$base/watch.log
"$pp" watch "${bk[@]}" "$root" --log-format json --log-level debug 2>"$log" &
dp=$!
wait_log "$log" '"event":"watch-ready"' 30 || { bad "watch did not get ready"; cat "$log"; exit 1; }

# --- 1. checkouts in an object store's fan-out (git makes no directory there)
check "fan-out, before start: git sees a checkout" is_checkout "$cl/.git/objects/cd/pre"
check "fan-out, before start: its .env is masked" wait_masked "$cl/.git/objects/cd/pre/.env"
mkdir -p "$outside/moved"; git init -q "$outside/moved/hid"
# LABEL | the checkout | how it is made
while IFS='|' read -r label dir how; do
  d=$cl/.git/$dir
  case $how in
    init) mkdir -p "$(dirname "$d")"; git init -q "$d" ;;
    # a .git file in the fan-out directory itself, the gitdir elsewhere
    separate) mkdir -p "$d"; git init -q --separate-git-dir "$root/sep-${dir//\//-}" "$d" ;;
    # made outside, moved in whole: one event, a directory
    moved) mkdir -p "$(dirname "$d")"; mv "$outside/moved/hid" "$d" ;;
  esac
  echo SECRET >"$d/.env"
  check "fan-out, $label: git sees a checkout" is_checkout "$d"
  check "fan-out, $label: its .env is masked" wait_masked "$d/.env"
done <<'EOF'
objects/ab/hid|objects/ab/hid|init
lfs/objects/ab/cd/hid|lfs/objects/ab/cd/hid|init
objects/ef itself, a .git file|objects/ef|separate
lfs/objects/12/34 itself, a .git dir|lfs/objects/12/34|init
objects/pack/hid|objects/pack/hid|init
objects/98/hid, moved in|objects/98/hid|moved
objects/ab/cd/ef/hid, fan-out below fan-out|objects/ab/cd/ef/hid|init
EOF
# The fan-out's objects themselves are not reported: a commit's objects make
# no record naming them (a debug record per found entry would).
echo more >"$cl/more.c"; git -C "$cl" add -A; git -C "$cl" commit -qm more
obj=$(git -C "$cl" rev-parse HEAD); obj=objects/${obj:0:2}/${obj:2}
check "fan-out: git's objects are not reported" bash -c "! grep -qF '$obj' '$log'"

# --- 2. a .git file or commondir rewritten through a shared mapping: no event
# Linked worktrees of a repository m: each protected first, then rewritten
# in place by mmap-write (the same length: a truncate would be an event),
# then a git run there writes something, after which the rewrite must be
# followed (protected) or said (gitdir-refused).
m=$root/m
git init -q "$m"; echo code >"$m/main.c"; git -C "$m" add -A; git -C "$m" commit -qm init
for i in 1 2 3 4 5 6; do
  git -C "$m" worktree add -q "$root/w$i"
  check "w$i: protected first" wait_log "$log" "protected the git metadata of nested checkout w$i "
done
# pad NAME LEN: NAME followed by x to LEN bytes.
pad() { local s=$1; while [ "${#s}" -lt "$2" ]; do s+=x; done; printf '%s' "$s"; }
# named W PREFIX: the gitdir PREFIX padded to fit in W's .git file.
named() { local old; old=$(cat "$root/$1/.git"); pad "gitdir: $2" "${#old}" | cut -c9-; }
# regitdir W GITDIR: W's .git rewritten in place to name GITDIR.
regitdir() { "$mmapw" "$root/$1/.git" "gitdir: $2"$'\n'; }
# A hostile gitdir: a copy of m's with a core.fsmonitor of the agent's,
# made aside and moved in whole (as an agent would, to be quick).
evil() {
  rm -rf "$base/evil"; cp -a "$m/.git" "$base/evil"; rm -rf "$base/evil/worktrees"
  git --git-dir="$base/evil" config core.fsmonitor 'cat .env'; mv "$base/evil" "$1"
}
common_dir() { (cd "$(git -C "$1" rev-parse --git-common-dir)" && pwd -P); }

# 2a. the .git file to a gitdir outside the checkout: only the index says it.
g=$(named w1 "$root/evil1-"); evil "$g"; regitdir w1 "$g"
check "mmap .git (gitdir elsewhere): git uses it" [ "$(git -C "$root/w1" rev-parse --absolute-git-dir)" = "$g" ]
git -C "$root/w1" -c core.fsmonitor= add -A
check "mmap .git (gitdir elsewhere): followed after git add" wait_log "$log" "\"gitdir\":\"${g#$root/}\""
check "mmap .git (gitdir elsewhere): its config bound" wait_mount "$g/config"
check "mmap .git (gitdir elsewhere): its fsmonitor audited" wait_log "$log" '"keys":"core.fsmonitor"'
# 2b. the .git file to a gitdir inside the checkout, git status.
g=$(named w2 "$root/w2/.g"); evil "$g"; regitdir w2 "$g"
check "mmap .git (gitdir inside): git uses it" [ "$(git -C "$root/w2" rev-parse --absolute-git-dir)" = "$g" ]
git -C "$root/w2" -c core.fsmonitor= status -s >/dev/null
check "mmap .git (gitdir inside): followed after git status" wait_log "$log" "\"gitdir\":\"${g#$root/}\""
check "mmap .git (gitdir inside): its config bound" wait_mount "$g/config"
# 2c. the commondir (../.. in m/.git/worktrees/w3) to ../cc: another repository.
evil "$m/.git/worktrees/cc"
"$mmapw" "$m/.git/worktrees/w3/commondir" $'../cc\n'
check "mmap commondir: git uses it" [ "$(common_dir "$root/w3")" = "$m/.git/worktrees/cc" ]
git -C "$root/w3" -c core.fsmonitor= status -s >/dev/null
check "mmap commondir: followed after git status" wait_log "$log" '"commondir":"m/.git/worktrees/cc"'
check "mmap commondir: its config bound" wait_mount "$m/.git/worktrees/cc/config"
# 2d. (not in the issue) the gitdir's back-pointer (worktrees/w4/gitdir),
# which git reads only to prune: rewritten, the protection stands.
old=$(cat "$m/.git/worktrees/w4/gitdir")
"$mmapw" "$m/.git/worktrees/w4/gitdir" "$(pad "$root/ww" "${#old}")"$'\n'
git -C "$root/w4" status -s >/dev/null
check "mmap back-pointer: w4 still a checkout to git" is_checkout "$root/w4"
check "mmap back-pointer: nothing refused" bash -c "! grep '\"event\":\"gitdir-refused\"' '$log' | grep -qF '\"checkout\":\"w4\"'"
check "mmap back-pointer: the common config still bound" mountpoint -q "$m/.git/config"
# 2e. (not in the issue) the commondir to a directory made after the rewrite:
# git fails there until it exists; the first git that works writes the index.
"$mmapw" "$m/.git/worktrees/w5/commondir" $'../dd\n'
git -C "$root/w5" status -s >/dev/null 2>&1
evil "$m/.git/worktrees/dd"
git -C "$root/w5" -c core.fsmonitor= status -s >/dev/null
check "mmap commondir, made after: git uses it" [ "$(common_dir "$root/w5")" = "$m/.git/worktrees/dd" ]
check "mmap commondir, made after: followed" wait_log "$log" '"commondir":"m/.git/worktrees/dd"'
check "mmap commondir, made after: its config bound" wait_mount "$m/.git/worktrees/dd/config"
# 2f. the .git file to a gitdir outside the root: git's index goes there, so
# the first write git makes in the checkout (a file restored) says it.
g=$(named w6 "$outside/far"); evil "$g"; regitdir w6 "$g"
echo changed >"$root/w6/main.c"
git -C "$root/w6" add main.c; git -C "$root/w6" commit -qm x; git -C "$root/w6" rm -q main.c
check "mmap .git (outside the root): said" wait_log "$log" 'w6/.git: it names a gitdir outside the root'

kill "$dp"; wait "$dp"; dp=

# --- 3. another device number, no mount: a btrfs subvolume, which any user
# can make on btrfs (a loop-mounted image here, where the tools are).
# (Not in CI: a subvolume made while the daemon runs went unseen in 1 run
# of 5 here, no event logged at all; left open, said in issue 33's note.)
if command -v mkfs.btrfs >/dev/null && command -v btrfs >/dev/null && losetup -f >/dev/null 2>&1; then
  truncate -s 256M "$base/bt.img" && mkfs.btrfs -q -f "$base/bt.img" >/dev/null && mkdir "$base/bt" &&
    mount -o loop "$base/bt.img" "$base/bt"
  bt=$base/bt/root; mkdir "$bt"
  btrfs -q subvolume create "$bt/pre" >/dev/null; git init -q "$bt/pre/repo"; echo S >"$bt/pre/repo/.env"
  "$pp" watch "${bk[@]}" "$bt" --log-format json --log-level info 2>"$base/bt.log" &
  dp2=$!
  wait_log "$base/bt.log" '"event":"watch-ready"' 30
  btrfs -q subvolume create "$bt/sv" >/dev/null; git init -q "$bt/sv/repo"; echo S >"$bt/sv/repo/.env"
  check "subvolume: its own device number" [ "$(stat -c %d "$bt/sv")" != "$(stat -c %d "$bt")" ]
  check "subvolume: git sees a checkout" is_checkout "$bt/sv/repo"
  check "subvolume, from before start: its .env is masked" wait_masked "$bt/pre/repo/.env"
  check "subvolume, made live: its .env is masked" wait_masked "$bt/sv/repo/.env"
  check "subvolume: its git metadata protected" wait_log "$base/bt.log" 'protected the git metadata of nested checkout sv/repo'
  kill "$dp2"; wait "$dp2"; dp2=
else
  echo "  SKIP subvolume: no mkfs.btrfs, btrfs or free loop device here"
fi

if [ "$failed" -ne 0 ]; then echo "--- watch log (tail)"; tail -n 20 "$log"; fi
echo "watch-blind-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
