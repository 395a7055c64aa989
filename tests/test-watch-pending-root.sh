#!/usr/bin/env bash
# A checkout pending under pathpolicy watch (daemon/engine/watch/moved.c, makers.c, gitconfig.c), on the real
# kernel with real git: root only, in a mount and PID namespace of its own, on a tmpfs.
#  - audit mode: a protected checkout renamed while an idle git sits in it keeps its protection, and a key
#    written there is taken out at once, rename after rename (red team F13); a checkout moved in with an
#    idle git (pending until the deadline) has a key taken out at once all the same;
#  - both modes: a repository moved in with a stale index.lock or config.lock (no process holds it) is
#    protected without waiting for the git deadline, and the stale lock said;
#  - bind mode: a key in a pending checkout's config is taken out when the daemon stops (SIGTERM);
#  - both modes: core.worktree that leaves the checkout's own tree is on the audit list, git's own
#    (a submodule's) is not (red team N4).
# Usage: test-watch-pending-root.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-pending-XXXXXX)
mount -t tmpfs -o size=256m tmpfs "$base"
pids=() idle_fds=()
# At exit: the idle gits' fifos closed, every process of ours gone, the tmpfs with them.
trap 'idle_end; for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [ -z "${PP_KEEP_LOG:-}" ] || cp "$base"/*.log "$PP_KEEP_LOG"/; umount -R -l "$base"; rmdir "$base"' EXIT

. "$(dirname "$0")/lib-watch.sh"

start_watch() { # start_watch ROOT LOG [ARGS...]: the daemon's pid in $daemon
  local r=$1 log=$2; shift 2
  : >"$log"
  "$pp" watch --backend "${PP_WATCH_BACKEND:-inotify}" "$r" --log-format json --log-level debug "$@" 2>"$log" &
  daemon=$!
  pids+=("$daemon")
  wait_log "$log" '"event":"watch-ready"' 30
}
# hold SECONDS CMD...: until CMD succeeds, polled (the window is milliseconds; the git deadline 60 s).
hold() { local s=$1 i; shift; for ((i = 0; i < s * 20; i++)); do "$@" && return 0; nap; done; return 1; }
nokey() { ! grep -qi "${2:-fsmonitor}" "$1/.git/config"; } # nokey CHECKOUT [KEY]
removed() { grep -F '"event":"git-audit"' "$1" | grep -F "\"path\":\"$2\"" | grep -F '"action":"removed"' | grep -qF "\"keys\":\"$3\""; }
protected() { grep -qF "protected the git metadata of nested checkout $2 (" "$1"; }
key() { keyf "$1/.git/config"; }
keyf() { printf '[core]\n\tfsmonitor = /bin/true\n' >>"$1"; } # keyf CONFIG
nokeyf() { ! grep -qi fsmonitor "$1"; }
export -f nokey nokeyf
# idle DIR: a git that sits in DIR doing nothing (an editor's cat-file --batch) until its fifo closes.
idle() {
  local f=$base/ff.$RANDOM
  mkfifo "$f"
  (cd "$1" && exec git cat-file --batch <"$f" >/dev/null) &
  local p=$!
  pids+=("$p")
  exec {idle_fd}>"$f"
  idle_fds+=("$idle_fd")
  # until the subshell is git (a maker): its shell, before the exec, is none
  hold 5 bash -c "[ \"\$(cat /proc/$p/comm 2>/dev/null)\" = git ]" || bad "the idle git never started"
}
idle_end() { for f in "${idle_fds[@]}"; do exec {f}>&-; done; idle_fds=(); }
outside() { # outside NAME: a repository made outside the root, one commit
  mkdir -p "$base/out"; git init -q "$base/out/$1"; git -C "$base/out/$1" commit -q --allow-empty -m x
}

# --- audit mode: F13, a protected checkout renamed under an idle git
root=$base/audit log=$base/audit.log
mkdir "$root"
start_watch "$root" "$log" --git-config audit || { bad "audit: watch did not get ready"; cat "$log"; exit 1; }
git init -q "$root/co"; git -C "$root/co" commit -q --allow-empty -m x
check "audit: co protected" wait_log "$log" 'protected the git metadata of nested checkout co (' >/dev/null
idle "$root/co"
prev=co
for n in co1 co2 co3; do
  mv "$root/$prev" "$root/$n"
  check "audit: $prev renamed to $n: said, with its state" \
    wait_log "$log" "nested checkout $prev moved to $n (the same gitdir): it keeps its state (protected)"
  check "audit: $n protected at once, not pending" \
    wait_log "$log" "protected the git metadata of nested checkout $n (moved, protected before)"
  key "$root/$n"
  check "audit: $n: a key written after the rename gone (an idle git in it, the deadline 60 s)" hold 5 nokey "$root/$n"
  check "audit: $n: said" removed "$log" "$n/.git/config" core.fsmonitor
  # audit mode binds no hooks/ (issue 37): a hook written after the rename is taken out
  printf '#!/bin/sh\n' >"$root/$n/.git/hooks/post-checkout"
  check "audit: $n: a hook written after the rename taken out" hold 5 test ! -e "$root/$n/.git/hooks/post-checkout"
  prev=$n
done
check "audit: git works in the renamed checkout" git -C "$root/co3" status --porcelain
# Out of the workspace and back (the binds go with the directory): the same.
mkdir -p "$base/out"; mv "$root/co3" "$base/out/away"
mv "$base/out/away" "$root/co4"
check "audit: moved out and back in: it keeps its state" \
  wait_log "$log" "nested checkout co3 moved to co4 (the same gitdir): it keeps its state (protected)"
key "$root/co4"
check "audit: co4: a key written there gone" hold 5 nokey "$root/co4"

# A repository moved in with an idle git in it: pending (its maker runs), and a key is taken out all
# the same, the one it came with and one written later.
outside new; key "$base/out/new"; idle "$base/out/new"
mv "$base/out/new" "$root/new"
check "audit: moved in with a key and an idle git: the key gone" hold 5 nokey "$root/new"
check "audit: ... while it is pending (its git still runs)" bash -c "! grep -qF 'protected the git metadata of nested checkout new (' '$log'"
key "$root/new"
check "audit: a key written while it is pending: gone" hold 5 nokey "$root/new"
check "audit: ... said" removed "$log" new/.git/config core.fsmonitor
git -C "$root/new" config user.name someone
check "audit: git's own config write there kept" [ "$(git -C "$root/new" config user.name)" = someone ]
idle_end
check "audit: protected once its git exits" wait_log "$log" 'protected the git metadata of nested checkout new (git finished)'

# --- audit mode: core.worktree out of the checkout's tree (red team N4): git add -A would stage
# what is there (on the host: a person's files). git's own (a submodule's) stays.
mkdir -p "$base/host/.ssh"; echo secret >"$base/host/.ssh/id_rsa"
git init -q "$root/wt"; git -C "$root/wt" commit -q --allow-empty -m x
wait_log "$log" 'protected the git metadata of nested checkout wt (' >/dev/null
git -C "$root/wt" config core.worktree "$base/host"
check "audit: core.worktree to a directory out of the workspace: gone" hold 5 nokey "$root/wt" worktree
check "audit: ... said" removed "$log" wt/.git/config core.worktree
check "audit: ... git add -A stages nothing of it" bash -c "git -C '$root/wt' add -A && ! git -C '$root/wt' ls-files | grep -q id_rsa"
mkdir "$root/other"
git -C "$root/wt" config core.worktree ../../other
check "audit: core.worktree to another directory of the workspace: gone" hold 5 nokey "$root/wt" worktree
ln -s "$base/host" "$root/wt/lnk"
git -C "$root/wt" config core.worktree ../lnk
check "audit: core.worktree through a symlink in the checkout: gone" hold 5 nokey "$root/wt" worktree
# Elsewhere in the workspace and absent (git cannot work there; git's own tests leave one so): let be,
# and taken out once it appears.
git -C "$root/wt" config core.worktree ../../later
key "$root/wt"
check "audit: core.worktree to an absent directory of the workspace (after it, a key that is taken out)" hold 5 nokey "$root/wt"
check "audit: ... kept" [ "$(git config -f "$root/wt/.git/config" core.worktree)" = ../../later ]
mkdir "$root/later"
check "audit: ... taken out once it appears" hold 5 nokey "$root/wt" worktree
git -C "$root/wt" config core.worktree ..
key "$root/wt"
check "audit: core.worktree naming the checkout itself (after it, a key that is taken out)" hold 5 nokey "$root/wt"
check "audit: ... kept" [ "$(git -C "$root/wt" config core.worktree)" = .. ]
outside subsrc; git init -q "$root/sup"; git -C "$root/sup" submodule add -q "file://$base/out/subsrc" lib >/dev/null 2>&1
git -C "$root/sup" commit -qm sub
wait_log "$log" 'protected the git metadata of nested checkout sup/lib (' >/dev/null
check "audit: a submodule's core.worktree (git's own) kept" \
  [ "$(git config -f "$root/sup/.git/modules/lib/config" core.worktree)" = ../../../lib ]
check "audit: git submodule update works" git -C "$root/sup" submodule update
check "audit: git submodule absorbgitdirs works" git -C "$root/sup" submodule absorbgitdirs
check "audit: git mv of a submodule works" git -C "$root/sup" mv lib lib2
check "audit: ... git submodule status after it" bash -c "git -C '$root/sup' submodule status >/dev/null"
check "audit: ... its core.worktree as git wrote it" \
  [ "$(git config -f "$root/sup/.git/modules/lib/config" core.worktree)" = ../../../lib2 ]
check "audit: no core.worktree record for git's own" \
  bash -c "! grep -F '\"event\":\"git-audit\"' '$log' | grep -F core.worktree | grep -qF sup/"

# --- both modes: a stale lock holds nothing back; SIGTERM audits once more (bind mode)
for mode in audit bind; do
  root=$base/$mode log=$base/$mode.log
  if [ "$mode" = bind ]; then
    mkdir "$root"
    start_watch "$root" "$log" || { bad "bind: watch did not get ready"; cat "$log"; exit 1; }
  fi
  for lock in index.lock config.lock; do
    outside "st-$lock"; : >"$base/out/st-$lock/.git/$lock"
    mv "$base/out/st-$lock" "$root/st-$lock"
    # (the deadline is 60 s: 5 s is the lock not waited for)
    check "$mode: moved in with a stale $lock: protected without waiting" \
      hold 5 protected "$log" "st-$lock"
    check "$mode: ... the stale $lock said" \
      bash -c "grep -F '\"event\":\"git-lock-stale\"' '$log' | grep -qF '\"path\":\"st-$lock/.git/$lock\"'"
  done
done

# bind mode: core.worktree out of the tree, moved in with it, taken out before the bind.
root=$base/bind log=$base/bind.log
outside cw; git -C "$base/out/cw" config core.worktree "$base/host"; mv "$base/out/cw" "$root/cw"
wait_log "$log" 'protected the git metadata of nested checkout cw (' >/dev/null
check "bind: moved in with core.worktree out of the workspace: taken out" nokey "$root/cw" worktree
check "bind: ... and bound" mountpoint -q "$root/cw/.git/config"
outside cw2; git -C "$base/out/cw2" config core.worktree ../../later2; mv "$base/out/cw2" "$root/cw2"
wait_log "$log" 'protected the git metadata of nested checkout cw2 (' >/dev/null
check "bind: moved in with core.worktree to an absent directory of the workspace: kept" \
  [ "$(git config -f "$root/cw2/.git/config" core.worktree)" = ../../later2 ]
mkdir "$root/later2"
check "bind: ... taken out once it appears" hold 5 nokey "$root/cw2" worktree
check "bind: ... bound again" mountpoint -q "$root/cw2/.git/config"

# bind mode: a pending checkout's config is not bound yet, nor audited (a git may be writing it); the
# session may end there. The daemon's stop takes the key out.
root=$base/bind log=$base/bind.log
# (and a submodule's gitdir there that no worktree names: .git/modules/z)
outside last; idle "$base/out/last"; mkdir "$base/out/last/.git/modules"
git -C "$base/out/last" clone -q --no-checkout --separate-git-dir="$base/out/last/.git/modules/z" \
  "file://$base/out/subsrc" "$base/out/zwt"
rm -rf "$base/out/zwt"
mv "$base/out/last" "$root/last"
wait_log "$log" '"checkout":"last"' >/dev/null
key "$root/last"; keyf "$root/last/.git/modules/z/config"
check "bind: the keys in a pending checkout (the test's premise)" bash -c "! nokey '$root/last' && ! nokeyf '$root/last/.git/modules/z/config'"
kill -TERM "$daemon"; wait "$daemon"
check "bind: the daemon stopped: the key taken out" nokey "$root/last"
check "bind: ... said" removed "$log" last/.git/config core.fsmonitor
check "bind: ... and from a submodule's gitdir no worktree names" nokeyf "$root/last/.git/modules/z/config"
idle_end

# audit mode: a key in a submodule's gitdir that no worktree names (.git/modules/z), while a git sits
# in the superproject (the rule for it pending until the deadline): taken out at once.
root=$base/audit log=$base/audit.log
outside msup; idle "$base/out/msup"
mv "$base/out/msup" "$root/msup"; mkdir "$root/msup/.git/modules"
git -C "$root/msup" clone -q --no-checkout --separate-git-dir="$root/msup/.git/modules/z" \
  "file://$base/out/subsrc" "$base/out/zwt2"
rm -rf "$base/out/zwt2"
keyf "$root/msup/.git/modules/z/config"
check "audit: a key in .git/modules/z, the superproject's git still at work: gone" hold 5 nokeyf "$root/msup/.git/modules/z/config"
check "audit: ... said" removed "$log" msup/.git/modules/z/config core.fsmonitor
idle_end

echo "passed $passed, failed $failed"
[ "$failed" -eq 0 ]
