#!/usr/bin/env bash
# pathpolicy watch on the real kernel, with real git: root only, in a mount
# and PID namespace of its own (re-executed under unshare -m -p -f
# --mount-proc: no git of another test counts for the daemon), on a tmpfs.
# It changes no machine-wide setting: the inotify limits it needs lower are
# those of a user namespace of its own (see "a lowered watch limit").
# Usage: test-watch-root.sh PATHPOLICY CHURN RACER NOTIFY_LISTEN SWAPPER
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 churn=$2 racer=$3 notify=$4 swapper=$5
# The watch backend under test: tests/meson.build runs the root suite once
# per backend (PP_WATCH_BACKEND=inotify, suite root; =fanotify, root-fanotify).
bk=(--backend "${PP_WATCH_BACKEND:-inotify}")
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-watch-XXXXXX)
mount -t tmpfs -o size=512m tmpfs "$base"
root=$base/root outside=$base/outside
mkdir "$root" "$outside"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [ -n "${PP_KEEP_LOG:-}" ] && cp "$base/watch.log" "$PP_KEEP_LOG"; umount -l "$base"; rmdir "$base"
}
trap cleanup EXIT

. "$(dirname "$0")/lib-watch.sh"
git config --global advice.detachedHead false

masked() { [ "$(stat -c %F:%t:%T "$1" 2>/dev/null)" = "character special file:1:3" ]; }
mountpoint_() { mountpoint -q "$1"; }
# wait_mount PATH: until PATH is a mount point (a condition, bounded).
wait_mount() { local i; for ((i = 0; i < 200; i++)); do mountpoint -q "$1" && return 0; nap; done; return 1; }
# wait_count FILE PATTERN N: until the pattern stands on N lines.
wait_count() {
  local i
  for ((i = 0; i < 200; i++)); do [ "$(grep -cF -- "$2" "$1")" -ge "$3" ] && return 0; nap; done
  echo "  (timed out waiting for $3 x '$2' in $1)"; return 1
}
start_watch() { # start_watch ROOT LOG [ARGS...]
  local r=$1 log=$2; shift 2
  "$pp" watch "${bk[@]}" "$r" --log-format json --log-level debug "$@" 2>"$log" &
  pids+=($!)
  wait_log "$log" '"event":"watch-ready"' 30
}

# A source repository outside the root: a commit with a tracked .env.
src=$outside/src
git init -q "$src"
echo "SECRET=1" >"$src/.env"; echo code >"$src/main.c"; mkdir "$src/.claude"; echo '{}' >"$src/.claude/settings.json"
git -C "$src" add -A; git -C "$src" commit -qm init

# The root is itself a checkout (the worktree), with a submodule to init.
git -C "$root" init -q
git -C "$root" commit -q --allow-empty -m root
git -C "$root" -c protocol.file.allow=always submodule add -q "file://$src" lib >/dev/null 2>&1
git -C "$root" commit -qm "add lib"
git -C "$root" submodule deinit -q -f lib; rm -rf "$root/.git/modules/lib"
# A checkout left from before the daemon starts.
git init -q "$root/old"; echo S >"$root/old/.env"

log=$base/watch.log
start_watch "$root" "$log" --git-deadline 30 || { bad "watch did not get ready"; cat "$log"; exit 1; }
check "a checkout from before is covered" masked "$root/old/.env"

# --- git init
git init -q "$root/sub"; rc=$?
check "git init exits 0 under the daemon" [ "$rc" -eq 0 ]
git init -q "$outside/ref-init"
check "git init leaves the same repository" diff -q <(cd "$root/sub/.git" && find . | sort) <(cd "$outside/ref-init/.git" && find . | sort)
check "git init: protection applied and logged" wait_log "$log" 'protected the git metadata of nested checkout sub (git finished)'
cp "$root/sub/.git/config" "$base/config.before"
git -C "$root/sub" config a.b c 2>/dev/null; rc=$?
check "git config fails once protected" [ "$rc" -ne 0 ]
check "the config is unchanged" cmp -s "$root/sub/.git/config" "$base/config.before"
check "hooks are protected" bash -c "! touch '$root/sub/.git/hooks/pre-commit' 2>/dev/null"

# --- git clone of a local repository through file://
git clone -q "file://$src" "$root/cl"; rc=$?
check "git clone exits 0 under the daemon (with .claude/ checked out)" [ "$rc" -eq 0 ]
git clone -q "file://$src" "$outside/ref-clone"
for q in "rev-parse HEAD" "for-each-ref" "config --local --list"; do
  check "git clone: same '$q'" diff -q <(git -C "$root/cl" $q) <(git -C "$outside/ref-clone" $q)
done
check "git clone: fsck clean" git -C "$root/cl" fsck --no-progress
check "git clone: the tracked .claude/ was checked out" [ -f "$root/cl/.claude/settings.json" ]
check "git clone: the tracked .env is masked" masked "$root/cl/.env"
check "git clone: protection applied" wait_log "$log" 'protected the git metadata of nested checkout cl (git finished)'
check "git clone: .claude/ is protected" bash -c "! touch '$root/cl/.claude/x' 2>/dev/null"
git -C "$root/cl" config a.b c 2>/dev/null; rc=$?
check "git clone: later git config fails" [ "$rc" -ne 0 ]

# --- git worktree add (of the nested clone)
git -C "$root/cl" worktree add -q "$root/wt" 2>"$base/wt.err"; rc=$?
check "git worktree add exits 0 under the daemon ($(cat "$base/wt.err"))" [ "$rc" -eq 0 ]
check "worktree: a checkout" wait_log "$log" 'found nested checkout wt'
check "worktree: the worktree's .env is masked" masked "$root/wt/.env"
check "worktree: protection applied" wait_log "$log" 'protected the git metadata of nested checkout wt (git finished)'
check "worktree: nothing in its admin dir is bound" bash -c "! grep -qF ' $root/cl/.git/worktrees/' /proc/self/mountinfo"
check "worktree: its common dir's config is protected" mountpoint_ "$root/cl/.git/config"
check "worktree: git still works in it" git -C "$root/wt" status --porcelain

# --- git submodule update --init (at the root)
git -C "$root" submodule update -q --init 2>"$base/sm.err"; rc=$?
check "git submodule update --init exits 0 under the daemon ($(cat "$base/sm.err"))" [ "$rc" -eq 0 ]
check "submodule: a checkout" wait_log "$log" 'found nested checkout lib'
check "submodule: its .env is masked" masked "$root/lib/.env"
check "submodule: protection applied" wait_log "$log" 'protected the git metadata of nested checkout lib (git finished)'
check "submodule: its gitdir config is protected" mountpoint_ "$root/.git/modules/lib/config"
git -C "$root/lib" config a.b c 2>/dev/null; rc=$?
check "submodule: later git config fails" [ "$rc" -ne 0 ]
check "the root's own .git/config is not the watcher's" bash -c "! mountpoint -q '$root/.git/config'"

# --- a burst: 1,000 checkouts, each with a .env, as fast as the shell goes
# (the directories by one mkdir, in that order, then the files by the shell:
# a process each would be the test's slowest part)
for i in $(seq 1000); do printf '%s\0%s\0' "$root/x$i" "$root/x$i/.git"; done | xargs -0 mkdir
for i in $(seq 1000); do echo S >"$root/x$i/.env"; done
check "burst: all masked" wait_log "$log" 'masked x1000/.env' 20
# Every one said, not only the last: a record each, then the look at each.
check "burst: 1000 mask records" wait_count "$log" '/.env in nested checkout x' 1000
misses=$(stat -c %F:%t:%T "$root"/x{1..1000}/.env 2>&1 | grep -vcx 'character special file:1:3')
check "burst: 0 misses of 1000 (saw $misses)" [ "$misses" -eq 0 ]

# --- .git moved aside and made again: ends protected
git init -q "$root/mv"
wait_log "$log" 'protected the git metadata of nested checkout mv' >/dev/null
# The new config written whole and renamed in, as git writes one: a file
# written in place can be protected (copied, then bound) between its
# create and its write, and the write then lands in the old inode.
mv "$root/mv/.git" "$root/mv/.g" && mkdir "$root/mv/.git" && echo evil >"$root/mv/.git/config.new" &&
  mv "$root/mv/.git/config.new" "$root/mv/.git/config"
check "moved .git: protected again" wait_count "$log" 'protected the git metadata of nested checkout mv' 2
# (the record can come for the new .git before the config is renamed into
# it, which its own event then binds: the window any new file has)
check "moved .git: the new config bound" wait_mount "$root/mv/.git/config"
echo more >>"$root/mv/.git/config" 2>/dev/null
check "moved .git: the new config cannot be changed" [ "$(cat "$root/mv/.git/config")" = evil ]

# --- a .git file naming a gitdir outside the root; a symlink named .git
mkdir "$root/y"; echo "gitdir: $outside/src/.git" >"$root/y/.git"
check ".git file outside the root: refused with a warning" wait_log "$log" 'y/.git: it names a gitdir outside the root'
mkdir "$root/z"; ln -s "$outside/src/.git" "$root/z/.git"
echo SECRET >"$root/z/.env"
check "symlink .git: a warning" wait_log "$log" 'z/.git is a symlink named .git: git follows it'
check "symlink .git: its .env is masked all the same" wait_log "$log" 'masked z/.env in nested checkout z'

# --- symlink swaps racing the watcher: no mount ever outside the root
mkdir -p "$root/race/c/.git"; ln -s "$outside" "$root/race/evil"
before=$(grep -c " $outside" /proc/self/mountinfo)
"$racer" "$root/race/c" "$root/race/evil" 3 >"$base/swaps" &
rp=$!
for i in $(seq 300); do echo S >"$root/race/c/.env" 2>/dev/null; rm -f "$root/race/c/.env" 2>/dev/null; done
# The swaps race these 300 (3 s at most): done, the racer stops.
kill -TERM "$rp" 2>/dev/null; wait "$rp"
after=$(grep -c " $outside" /proc/self/mountinfo)
check "race: no mount outside the root after $(cat "$base/swaps") swaps" [ "$before" -eq "$after" ]

# === Issue: no way around a nested checkout's protection ===

# --- 1. nothing sticks: a symlink at a policy path, then a file renamed over it
git init -q "$root/st"
check "sticky: protected first" wait_log "$log" 'protected the git metadata of nested checkout st (git finished)'
ln -s nowhere "$root/st/.env"
check "sticky: the symlink is said" wait_log "$log" 'st/.env in nested checkout st is a symlink'
echo SECRET >"$base/st.env"; mv -T "$base/st.env" "$root/st/.env"
check "sticky: the file renamed over it is masked" wait_log "$log" 'masked st/.env in nested checkout st'
check "sticky: and reads empty" masked "$root/st/.env"
# .git/config a symlink when protection lands: git would follow it, the
# watcher never does; it is replaced by an empty config (red team F2), then
# bound. Made aside and moved in whole, so the symlink is there when it is
# found. (a repository: with a HEAD; one without is given back, see #11.2)
mkdir -p "$base/sc/.git/hooks"; ln -s nowhere "$base/sc/.git/config"; echo 'ref: refs/heads/main' >"$base/sc/.git/HEAD"
mv "$base/sc" "$root/sc"
check "sticky config: the symlink replaced, never followed" wait_log "$log" 'sc/.git/config was replaced by an empty config: it was a symlink'
check "sticky config: a regular file now" test -f "$root/sc/.git/config" -a ! -L "$root/sc/.git/config"
check "sticky config: protected once it is a file" wait_log "$log" 'protected the git metadata of nested checkout sc (git finished)'
check "sticky config: bound" mountpoint_ "$root/sc/.git/config"
check "sticky config: cannot be written" bash -c "! echo x >>'$root/sc/.git/config' 2>/dev/null"

# --- 2. a .git file as git reads it (git is the oracle)
nl=$'\n'
git init -q "$outside/gfsrc"
mkdir -p "$root/gf/decoy"; cp -a "$outside/gfsrc/.git" "$root/gf/decoy${nl}real"; cp -a "$outside/gfsrc/.git/config" "$root/gf/decoy/config"
# Written aside and moved in whole: bash writes line by line, and a watcher
# reading between the two writes would rightly follow "decoy" for a moment.
printf 'gitdir: decoy\nreal\n' >"$base/gf.git"; mv "$base/gf.git" "$root/gf/.git"
check "gitfile: git uses 'decoy<newline>real'" [ "$(git -C "$root/gf" rev-parse --git-dir)" = "$root/gf/decoy${nl}real" ]
check "gitfile: the watcher protects what git uses" wait_log "$log" 'protected the git metadata of nested checkout gf (git finished)'
check "gitfile: decoy<newline>real/config bound" mountpoint_ "$root/gf/decoy${nl}real/config"
check "gitfile: decoy/config left alone" bash -c "! mountpoint -q '$root/gf/decoy/config'"
git -C "$root/gf" config a.b c 2>/dev/null; rc=$?
check "gitfile: git config fails" [ "$rc" -ne 0 ]

# --- 2. an absolute commondir added after protection; a .git file rewritten in place
git init -q --bare "$root/common.git"
git init -q "$outside/acsrc"; cp -a "$outside/acsrc/.git" "$root/acg"; cp -a "$outside/acsrc/.git" "$root/acg2"
mkdir "$root/ac"; printf 'gitdir: ../acg\n' >"$root/ac/.git"
check "commondir: protected first" wait_log "$log" 'protected the git metadata of nested checkout ac (git finished)'
printf '%s\n' "$root/common.git" >"$root/acg/commondir"
check "commondir: git now uses it" [ "$(git -C "$root/ac" rev-parse --git-common-dir)" = "$root/common.git" ]
check "commondir: its config is protected" wait_log "$log" '"commondir":"common.git"'
check "commondir: common.git/config bound" mountpoint_ "$root/common.git/config"
printf 'gitdir: ../acg2\n' >"$root/ac/.git.new"; cat "$root/ac/.git.new" >"$root/ac/.git"; rm "$root/ac/.git.new"
check ".git rewritten in place: git uses acg2" [ "$(git -C "$root/ac" rev-parse --git-dir)" = "$root/acg2" ]
check ".git rewritten in place: followed" wait_log "$log" '"gitdir":"acg2"'
check ".git rewritten in place: acg2/config bound" mountpoint_ "$root/acg2/config"
mkdir "$root/ad"; printf 'gitdir: ../adg\n' >"$root/ad/.git"
check "missing gitdir: said" wait_log "$log" 'ad/.git: its gitdir does not exist (yet)'
git init -q "$outside/adsrc"; mv "$outside/adsrc/.git" "$root/adg.tmp"; mv "$root/adg.tmp" "$root/adg"
check "missing gitdir: followed when it appears" wait_log "$log" 'protected the git metadata of nested checkout ad (git finished)'
check "missing gitdir: adg/config bound" mountpoint_ "$root/adg/config"

# --- 2/3. .git made again by hand, hostile: protected and audited, names only
git init -q "$root/hx"
wait_log "$log" 'protected the git metadata of nested checkout hx' >/dev/null
mkdir -p "$base/hx.git/hooks"
printf '[core]\n\tfsmonitor = "cat .env; echo TOPSECRETVALUE"\n\thooksPath = /tmp/h\n[alias]\n\tx = !sh\n' >"$base/hx.git/config"
printf '#!/bin/sh\n' >"$base/hx.git/hooks/post-checkout"
# (a repository git would use: with a HEAD; one without is given back, #11.2)
echo 'ref: refs/heads/main' >"$base/hx.git/HEAD"
mv "$root/hx/.git" "$root/hx/.g"; mv "$base/hx.git" "$root/hx/.git"
check "audit: the keys are named" wait_log "$log" '"keys":"core.fsmonitor, core.hookspath, alias.x"'
check "audit: the hook is named" wait_log "$log" '"hooks":"post-checkout"'
check "audit: never a value" bash -c "! grep -q TOPSECRETVALUE '$log'"
check "audit: hx ends protected" mountpoint_ "$root/hx/.git/config"
for c in sub cl wt lib; do
  check "audit: nothing said of fresh checkout $c" bash -c "! grep '\"event\":\"git-audit\"' '$log' | grep -qF '\"checkout\":\"$c\"'"
done
# git-lfs's own hooks (its template, whole: git lfs install, a clone with
# git-lfs installed) are git's own; a hook beside them is named, alone.
if git lfs version >/dev/null 2>&1; then
  git init -q "$root/lf"
  wait_log "$log" 'protected the git metadata of nested checkout lf' >/dev/null
  git init -q "$base/lf.src" && git -C "$base/lf.src" lfs install --local >/dev/null
  cp -r "$base/lf.src/.git" "$base/lf.git" && printf '#!/bin/sh\n' >"$base/lf.git/hooks/pre-commit"
  mv "$root/lf/.git" "$root/lf/.g"; mv "$base/lf.git" "$root/lf/.git"
  check "audit: a hook beside git-lfs's named, alone" wait_log "$log" '"hooks":"pre-commit"'
  check "audit: git-lfs's hooks not named" bash -c "! grep '\"checkout\":\"lf\"' '$log' | grep -q 'post-checkout'"
elif [ -n "${CI:-}" ]; then
  check "CI has git-lfs (tools/bootstrap installs it)" false
fi

# --- 3. only the git that made a checkout holds protection off
# Unrelated gits, started just now: one outside the workspace, one inside
# it (in another checkout); and something touching the new gitdir. Neither
# works in, above or names the new checkout, so neither is its maker.
mkfifo "$base/fifo1" "$base/fifo2"
git -C "$outside/src" cat-file --batch <>"$base/fifo1" >/dev/null 2>&1 & pids+=($!); g1=$!
(cd "$root/cl" && exec git cat-file --batch <>"$base/fifo2" >/dev/null 2>&1) & pids+=($!); g2=$!
( while :; do touch "$root/quick/.git/toucher" 2>/dev/null; read -r -t 0.15 -u "$nap_fd" _; done ) >/dev/null 2>&1 & pids+=($!); toucher=$!
# (both exec'd into git: a subshell is still bash for a moment after it starts)
gits_run() { [ "$(ps -o comm= -p "$g1,$g2" | grep -c '^git')" -eq 2 ]; }
for ((k = 0; k < 200; k++)); do gits_run && break; nap; done
check "window: the unrelated gits still run" gits_run
git init -q "$root/quick"
check "window: protected when git init exits, not at the 30 s deadline" wait_log "$log" 'protected the git metadata of nested checkout quick (git finished)' 10
git clone -q "file://$src" "$root/quick2"; rc=$?
check "window: git clone exits 0" [ "$rc" -eq 0 ]
check "window: a clone too" wait_log "$log" 'protected the git metadata of nested checkout quick2 (git finished)' 10
# (the toucher's and the two gits' parts are done. The gits go too: the
# one in cl started seconds ago and works above whatever appears in cl, so
# for the next 2 s (git_recent_ms) the daemon's git rule rightly counts it
# as a maker there: the hidden-in-.git checkout below would wait for it.)
kill "$toucher" "$g1" "$g2"; wait "$toucher" "$g1" "$g2" 2>/dev/null

# --- 4. deeper than PATH_MAX: said, never silent
long=$(printf 'd%.0s' $(seq 200))
(cd "$root" && mkdir deep && cd deep && for i in $(seq 21); do mkdir "$long" && cd "$long" || exit 1; done; mkdir -p c/.git && echo S >c/.env)
check "PATH_MAX: a warning names it" wait_log "$log" 'longer than PATH_MAX'
check "PATH_MAX: with ENAMETOOLONG" wait_log "$log" '"errno":36'

# --- 4. a masked name that is a directory; a masked file with hard links
mkdir -p "$base/md/.git" "$base/md/.env"; echo SECRET >"$base/md/.env/key"; mv "$base/md" "$root/md"
check "mask dir: masked as a directory" wait_log "$log" 'masked md/.env in nested checkout md (mask-dir): a directory here, masked as one'
check "mask dir: empty" [ -z "$(ls -A "$root/md/.env")" ]
echo SECRET >"$root/hl.src"; mkdir -p "$root/hl/.git"; ln "$root/hl.src" "$root/hl/.env"
check "hardlink: said by watch too" wait_log "$log" 'masked hl/.env in nested checkout hl has 2 hard links'

# --- 1. race: the final component swapped between a symlink and a file
mkdir -p "$root"/rc{1..20}/.git
for i in $(seq 20); do wait_log "$log" "protected the git metadata of nested checkout rc$i " >/dev/null; done
# 100 rounds over the 20, each a symlink then a file renamed over .env (in
# one process: tests/swapper.c, as ln -sfn and mv -T would).
"$swapper" 100 "$root"/rc{1..20}
unbound=0
for i in $(seq 20); do
  for ((k = 0; k < 100; k++)); do masked "$root/rc$i/.env" && break; nap; done
  masked "$root/rc$i/.env" || unbound=$((unbound + 1))
done
check "race symlink<->file: 0 of 20 files left unbound (saw $unbound)" [ "$unbound" -eq 0 ]

# --- found in review: a hard link to the config made before protection
git init -q --bare "$base/prep.git"; git --git-dir="$base/prep.git" config core.bare false
mkdir "$root/stash" "$root/hk"; mv "$base/prep.git" "$root/hk/.git.tmp"
ln "$root/hk/.git.tmp/config" "$root/stash/cfg"; mv "$root/hk/.git.tmp" "$root/hk/.git"
check "hardlinked config: protected" wait_log "$log" 'protected the git metadata of nested checkout hk '
printf '[core]\n\tfsmonitor = "touch %s/PWNED; false"\n' "$root" >>"$root/stash/cfg"
check "hardlinked config: the other name no longer reaches it" bash -c "! grep -q fsmonitor '$root/hk/.git/config'"
check "hardlinked config: git config still fails" bash -c "! git -C '$root/hk' config x.y z 2>/dev/null"

# --- found in review: a .git file with a second name elsewhere
git init -q --bare "$root/good"; git init -q --bare "$root/evil"
mkdir "$base/gl"; printf 'gitdir: ../good\n' >"$base/gl/.git"; ln "$base/gl/.git" "$root/stash/gl"; mv "$base/gl" "$root/gl"
check "hardlinked .git: protected" wait_log "$log" 'protected the git metadata of nested checkout gl '
printf 'gitdir: ../evil\n' >"$root/stash/gl"
check "hardlinked .git: the other name no longer reaches it" [ "$(git -C "$root/gl" rev-parse --git-dir)" = "$root/good" ]

# --- found in review: a hook made after protection by a working directory from before
# The fifos opened read-write here: neither side blocks when the other is
# gone. The writer waits until the subshell is in hooks/ before the rename
# (else its cd races the mv, fails, and no one reads hookgo).
mkfifo "$base/hookgo" "$base/hookin"; exec {go_fd}<>"$base/hookgo" {in_fd}<>"$base/hookin"
git init -q --bare "$base/hw.git"; git --git-dir="$base/hw.git" config core.bare false
mkdir "$root/hw"; mv "$base/hw.git" "$root/hw/.git.tmp"
(cd "$root/hw/.git.tmp/hooks" && echo in >&"$in_fd" && read -r _ <&"$go_fd" && printf '#!/bin/sh\n' >post-checkout) & pids+=($!)
check "late hook: the writer is in hooks/" read -r -t 10 -u "$in_fd" _
mv "$root/hw/.git.tmp" "$root/hw/.git"
check "late hook: protected" wait_log "$log" 'protected the git metadata of nested checkout hw '
echo go >&"$go_fd"
# (hx's record names a post-checkout too: wait for hw's own)
hw_named() { grep '"hooks":"post-checkout"' "$log" | grep -qF '"checkout":"hw"'; }
for ((k = 0; k < 200; k++)); do hw_named && break; nap; done
check "late hook: named for hw, never silent" hw_named
# --- found in review: info/attributes made after protection
git init -q "$root/ia"
check "info/attributes: protected first" wait_log "$log" 'protected the git metadata of nested checkout ia '
echo '* filter=x' >"$root/ia/.git/info/attributes"
check "info/attributes: bound once made" wait_mount "$root/ia/.git/info/attributes"

# --- found in review: a checkout hidden below another's .git (git takes it as one)
mkdir -p "$root/cl/.git/x"; git init -q "$root/cl/.git/x/repo"; echo SECRET >"$root/cl/.git/x/repo/.env"
check "hidden in .git: git sees a repository" [ "$(git -C "$root/cl/.git/x/repo" rev-parse --absolute-git-dir)" = "$root/cl/.git/x/repo/.git" ]
check "hidden in .git: found" wait_log "$log" 'found nested checkout cl/.git/x/repo'
check "hidden in .git: its .env is masked" wait_log "$log" 'masked cl/.git/x/repo/.env'
check "hidden in .git: protected" wait_log "$log" 'protected the git metadata of nested checkout cl/.git/x/repo '

# --- issue 33.5: a checkout made in the object stores (git takes it as one)
git init -q "$root/cl/.git/objects/hid"; echo SECRET >"$root/cl/.git/objects/hid/.env"
mkdir -p "$root/cl/.git/lfs/objects"; git init -q "$root/cl/.git/lfs/objects/hid2"
echo SECRET >"$root/cl/.git/lfs/objects/hid2/.env"
check "in objects/: git sees a repository" [ "$(git -C "$root/cl/.git/objects/hid" rev-parse --absolute-git-dir)" = "$root/cl/.git/objects/hid/.git" ]
check "in objects/: its .env is masked" wait_log "$log" 'masked cl/.git/objects/hid/.env'
check "in lfs/objects/: its .env is masked" wait_log "$log" 'masked cl/.git/lfs/objects/hid2/.env'

# --- found in review: a submodule's gitdir renamed away and made again
git -C "$root/cl" -c protocol.file.allow=always submodule -q add "file://$src" sm 2>/dev/null
check "gitdir rebuilt: submodule protected" wait_log "$log" 'protected the git metadata of nested checkout cl/sm '
mv "$root/cl/.git/modules/sm" "$root/cl/.git/modules/sm.old"; mkdir "$root/cl/.git/modules/sm"
(cd "$root/cl/.git/modules/sm.old" && cp -a HEAD objects refs packed-refs ../sm/ 2>/dev/null; cp config ../sm/config.new && mv ../sm/config.new ../sm/config)
check "gitdir rebuilt: git uses the new one" [ "$(git -C "$root/cl/sm" rev-parse --git-dir)" = "$root/cl/.git/modules/sm" ]
check "gitdir rebuilt: its config is bound again" wait_mount "$root/cl/.git/modules/sm/config"
check "gitdir rebuilt: git config fails" bash -c "! git -C '$root/cl/sm' config x.y z 2>/dev/null"

# --- found in review: '..' after a symlink in a gitdir line (git resolves it physically)
mkdir -p "$root/dd" "$root/store/deep/dir"
git init -q --bare "$root/store/gd"; git init -q --bare "$root/store/deep/gd"; ln -s deep/dir "$root/store/link"
printf 'gitdir: ../store/link/../gd\n' >"$root/dd/.git"
check "dotdot: git uses store/deep/gd" [ "$(git -C "$root/dd" rev-parse --git-dir)" = "$root/store/deep/gd" ]
check "dotdot: refused, not the decoy protected" wait_log "$log" "dd/.git: it names a gitdir outside the root, or with '..' after a symlink"
check "dotdot: the decoy is not said protected" bash -c "! grep -qF 'protected the git metadata of nested checkout dd ' '$log'"

# --- #11.1 linked worktrees: git can delete what it made
git -C "$root/cl" worktree add -q "$root/wt3" 2>/dev/null
check "worktree prune: protected first" wait_log "$log" 'protected the git metadata of nested checkout wt3 (git finished)'
# A worktree with nothing bound in it (src tracks .env and .claude/: a repo without them).
git init -q "$outside/plain"; git -C "$outside/plain" commit -q --allow-empty -m x
git clone -q "file://$outside/plain" "$root/pl"
check "plain clone protected" wait_log "$log" 'protected the git metadata of nested checkout pl (git finished)'
git -C "$root/pl" worktree add -q "$root/plwt" 2>/dev/null
check "plain worktree protected" wait_log "$log" 'protected the git metadata of nested checkout plwt (git finished)'
git -C "$root/pl" worktree remove "$root/plwt" 2>"$base/wtr.err"; rc=$?
check "worktree remove exits 0 ($(cat "$base/wtr.err"))" [ "$rc" -eq 0 ]
check "worktree remove: admin dir gone" [ ! -e "$root/pl/.git/worktrees/plwt" ]
check "worktree remove: fsck clean" git -C "$root/pl" fsck --no-progress
git -C "$root/pl" worktree add -q "$root/plwt2" 2>/dev/null
check "plain worktree 2 protected" wait_log "$log" 'protected the git metadata of nested checkout plwt2 (git finished)'
rm -rf "$root/plwt2"; rc=$?
check "rm -rf of a worktree with nothing bound in it" [ "$rc" -eq 0 ]
git -C "$root/pl" worktree prune; rc=$?
check "worktree prune exits 0" [ "$rc" -eq 0 ]
check "worktree prune: admin dir gone" [ ! -e "$root/pl/.git/worktrees/plwt2" ]
check "worktree prune: fsck clean" git -C "$root/pl" fsck --no-progress
# A worktree holding bound paths (src tracks .env and .claude/): rm -rf
# stops at them, the watcher gives them back, a second rm -rf finishes.
rm -rf "$root/wt3" 2>/dev/null
check "worktree with mounts: given back once the rest is gone" wait_log "$log" '"event":"mounts-released","msg":"path policy: wt3 has nothing left'
rm -rf "$root/wt3"; rc=$?
check "worktree with mounts: the second rm -rf succeeds" [ "$rc" -eq 0 ]
git -C "$root/cl" worktree prune
check "worktree with mounts: prune, fsck clean" git -C "$root/cl" fsck --no-progress

# --- #11.2 a deleted checkout gives its mounts back; the secret never shows
git clone -q "file://$src" "$root/del"
check "del: protected" wait_log "$log" 'protected the git metadata of nested checkout del (git finished)'
echo "SECRET=untracked" >"$root/del/.netrc"
wait_mount "$root/del/.netrc"
# (bounded: a daemon that never gives the mounts back must fail, not hang)
( end=$((SECONDS + 30)); while [ -d "$root/del" ] && [ $SECONDS -lt $end ]; do
    cat "$root/del/.env" "$root/del/.netrc" 2>/dev/null; done ) >"$base/del.reads" & reader=$!
rm -rf "$root/del" 2>/dev/null; rc=$?
check "del: the first rm -rf fails on the mounts" [ "$rc" -ne 0 ]
check "del: given back" wait_log "$log" '"event":"mounts-released","msg":"path policy: del has nothing left'
rm -rf "$root/del"; rc=$?
check "del: the second rm -rf succeeds" [ "$rc" -eq 0 ]
wait "$reader"
check "del: no read ever saw a secret" bash -c "! grep -q SECRET '$base/del.reads'"
git clone -q "file://$src" "$root/del"; rc=$?
check "del: git clone at the same name works" [ "$rc" -eq 0 ]
check "del: and is protected again" wait_count "$log" 'protected the git metadata of nested checkout del (git finished)' 2
# Variant: emptied by hand but for HEAD: still a repository, nothing given back.
git clone -q "file://$src" "$root/keep"
check "keep: protected" wait_log "$log" 'protected the git metadata of nested checkout keep (git finished)'
find "$root/keep" -mindepth 1 -not -path "$root/keep/.git" -not -path "$root/keep/.git/HEAD" -delete 2>/dev/null
# Variant: emptied by hand entirely (the agent's way): given back, and the
# masked content is gone with the rest.
git clone -q "file://$src" "$root/emp"
check "emp: protected" wait_log "$log" 'protected the git metadata of nested checkout emp (git finished)'
find "$root/emp" -mindepth 1 -delete 2>/dev/null
check "emp: given back" wait_log "$log" '"event":"mounts-released","msg":"path policy: emp has nothing left'
check "keep: nothing given back while HEAD is left" bash -c "! grep -qF 'path policy: keep has nothing left' '$log'"
check "keep: still masked" masked "$root/keep/.env"
check "emp: the masked .env reads empty, not the secret" [ ! -s "$root/emp/.env" ]
check "emp: no mount left" bash -c "! grep -qF ' $root/emp/' /proc/self/mountinfo"

# Variant: given back, then made a repository again (a HEAD) after the
# agent wrote its config: protected again, and the config audited.
git clone -q "file://$src" "$root/rep"
check "rep: protected" wait_log "$log" 'protected the git metadata of nested checkout rep (git finished)'
rm -rf "$root/rep" 2>/dev/null
# (30 s: under ASan in CI, once, 10 s was not enough; the plain build's is ms)
check "rep: given back" wait_log "$log" '"event":"mounts-released","msg":"path policy: rep has nothing left' 30
# Renamed in whole (see "moved .git" above for why not written in place).
printf '[core]\n\tfsmonitor = cat .env\n' >"$root/rep/.git/config.new" && mv "$root/rep/.git/config.new" "$root/rep/.git/config"
echo 'ref: refs/heads/main' >"$root/rep/.git/HEAD"
check "rep: a repository again is protected again" wait_count "$log" 'protected the git metadata of nested checkout rep (git finished)' 2
check "rep: its config bound again" mountpoint_ "$root/rep/.git/config"
check "rep: and audited" wait_log "$log" 'rep/.git/config sets keys that make git run a program'

# Variant: only its .git deleted (rm -rf X/.git, as git's own tests' rm -fr
# .git && git init), the worktree kept: the gitdir is no repository, and
# once nothing is being deleted it is given back on its own; the masks of
# the worktree stay. Before, its hooks/ stayed bound for good: no second
# rm -rf ever deleted it (issue 37).
git clone -q "file://$src" "$root/rmg"
check "rmg: protected" wait_log "$log" 'protected the git metadata of nested checkout rmg (git finished)'
rm -rf "$root/rmg/.git" 2>/dev/null; rc=$?
check "rmg: the first rm -rf of .git fails on the mounts" [ "$rc" -ne 0 ]
check "rmg: its .git given back" wait_log "$log" '"event":"mounts-released","msg":"path policy: rmg/.git has nothing left'
rm -rf "$root/rmg/.git"; rc=$?
check "rmg: the second rm -rf of .git succeeds" [ "$rc" -eq 0 ]
check "rmg: the worktree's .env still masked" masked "$root/rmg/.env"
git init -q "$root/rmg"; rc=$?
check "rmg: git init there again works" [ "$rc" -eq 0 ]
check "rmg: and is protected again" wait_count "$log" 'protected the git metadata of nested checkout rmg (' 2
check "rmg: its config bound again" mountpoint_ "$root/rmg/.git/config"

# Variant: a tree made aside and moved in while the daemon lags (stopped
# here): the tree's own events are handled after the move, then the move's.
# The mounts made at the first are still in place at the second, so they
# stay the daemon's: rm -rf gets every one back. Before, found again, they
# were "already bound", not its own, and no rm -rf ever finished (CI,
# git-matrix env-reclone under ASan).
kill -STOP "${pids[0]}"
stopped() { ! grep -qv '^T' <(for t in /proc/"${pids[0]}"/task/*/stat; do awk '{print $3}' "$t"; done); }
for ((i = 0; i < 200; i++)); do stopped && break; nap; done
check "lag: the daemon stopped" stopped
mkdir "$outside/lag" && git clone -q "file://$src" "$outside/lag/r" && mv -T "$outside/lag" "$root/lag"
kill -CONT "${pids[0]}"
check "lag: protected" wait_log "$log" 'protected the git metadata of nested checkout lag/r ('
rm -rf "$root/lag" 2>/dev/null
check "lag: given back, all of it" wait_log "$log" '"event":"mounts-released","msg":"path policy: lag/r has nothing left but the daemon'"'"'s mounts: gave 4 back'
check "lag: nothing kept" bash -c "! grep -F '\"event\":\"mount-kept\"' '$log' | grep -qF lag/"
rm -rf "$root/lag"; rc=$?
check "lag: the second rm -rf succeeds" [ "$rc" -eq 0 ]

# --- #11.3 a tracked masked file: skip-worktree, and git works around it
check "cl: skip-worktree set on the tracked .env" wait_log "$log" '"event":"skip-worktree","msg":"path policy: nested checkout cl tracks masked .env'
# (cl holds other work of the rows above: .env is what must not show)
check "cl: git status does not show .env ($(git -C "$root/cl" status --porcelain | tr '\n' ' '))" \
  bash -c "! git -C '$root/cl' status --porcelain | grep -q env"
check "cl: ls-files -v says S" bash -c "git -C '$root/cl' ls-files -v .env | grep -q '^S '"
echo more >>"$root/cl/main.c"
git -C "$root/cl" commit -qam more; rc=$?
check "cl: commit -a works" [ "$rc" -eq 0 ]
check "cl: the commit keeps .env as it was" [ "$(git -C "$root/cl" show HEAD:.env)" = "SECRET=1" ]
check "cl: fsck clean after our index write" git -C "$root/cl" fsck --no-progress
# Variant: the agent clears the bit: it comes back.
git -C "$root/cl" update-index --no-skip-worktree .env
check "cl: a cleared bit is set again" wait_count "$log" '"event":"skip-worktree","msg":"path policy: nested checkout cl tracks' 2
check "cl: status does not show .env again" bash -c "! git -C '$root/cl' status --porcelain | grep -q env"

# --- #11.4 a tracked protected file git could not write is said
git -C "$src" checkout -q -b other
echo '{"x":1}' >"$src/.claude/settings.json"; git -C "$src" commit -qam other; git -C "$src" checkout -q main
git -C "$root/cl" fetch -q origin
git -C "$root/cl" checkout -q -b other origin/other 2>/dev/null
check "cl: protected-differs names the settings" wait_log "$log" '"event":"protected-differs","msg":"path policy: protected cl/.claude/settings.json'
check "cl: said once" [ "$(grep -cF '"event":"protected-differs"' "$log")" -eq 1 ]

# --- started from a working directory that is gone: it watches all the same
# (the slower /proc/self/fd path), and never chdirs into the tree for good
root6=$base/root6; mkdir -p "$root6" "$base/gone"
( cd "$base/gone" && rmdir "$base/gone" && exec "$pp" watch "${bk[@]}" "$root6" --log-format json 2>"$base/watch6.log" ) & pids+=($!)
check "cwd gone: ready" wait_log "$base/watch6.log" '"event":"watch-ready"'
git init -q "$root6/g"
check "cwd gone: a new checkout is found and protected" wait_log "$base/watch6.log" 'protected the git metadata of nested checkout g'
check "cwd gone: its cwd is not in the tree" bash -c "[ \"\$(readlink /proc/${pids[-1]}/cwd)\" != '$root6/g' ] && ! readlink /proc/${pids[-1]}/cwd | grep -qF '$root6'"

# --- 4. the mount budget
root5=$base/root5; mkdir "$root5"
start_watch "$root5" "$base/watch5.log" --mount-budget 5
for i in $(seq 8); do mkdir -p "$root5/b$i/.git"; echo S >"$root5/b$i/.env"; done
check "budget: one error record" wait_log "$base/watch5.log" '"event":"mount-budget"'
mkdir -p "$root5/later/.git"
check "budget: still watching" wait_log "$base/watch5.log" 'found nested checkout later'
check "budget: said once" [ "$(grep -c '"event":"mount-budget"' "$base/watch5.log")" -eq 1 ]
check "budget: no more than 5 mounts" [ "$(grep -c '"event":"watch-bind".*"already":false' "$base/watch5.log")" -le 5 ]
for i in 1 2 3; do git init -q "$root5/g$i"; done
check "budget: a checkout left unbound is git-unprotected" wait_log "$base/watch5.log" '"event":"git-unprotected"'
for i in 1 2 3; do
  mountpoint -q "$root5/g$i/.git/config" || check "budget: g$i is not said protected" bash -c "! grep -qF 'protected the git metadata of nested checkout g$i ' '$base/watch5.log'"
done

# --- memory stays flat under 30,000 create/delete cycles (after 10,000 to
# warm up): RSS here moves by 4 KiB at most, so 256 KiB is a leak of 9 bytes
# a cycle (each cycle is a directory made and removed: a watch, a node, a
# path); the ASan build's LeakSanitizer finds what is lost outright. On a
# loaded machine the daemon can fall behind the churn and its maps and
# queue reach a higher mark (448 KiB seen, and in CI +512 KiB then +1 MiB in
# two rounds as the backlog grew): a leak grows in every round of 30,000, a
# high-water mark stops, so up to four rounds are run while each grows, and
# the last one's growth is judged.
pid=${pids[0]}
"$churn" "$root" 10000
rss1=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
"$churn" "$root" 30000
rss2=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
for _ in 1 2 3; do
  [ $((rss2 - rss1)) -ge 256 ] || break
  "$churn" "$root" 30000
  rss3=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  echo "  rss grew by $((rss2 - rss1)) KiB in a round; the next round: ${rss2} -> ${rss3} KiB"
  rss1=$rss2 rss2=$rss3
done
echo "  rss over the last 30k cycles: ${rss1} -> ${rss2} KiB"
if ldd "$pp" | grep -q libasan; then
  # ASan keeps freed memory in quarantine: RSS says nothing here. The plain
  # builds check it; here LeakSanitizer does, at the SIGTERM below.
  echo "  churn: RSS not comparable under ASan; LeakSanitizer checks for leaks at exit"
else
  check "churn: memory flat (${rss1} -> ${rss2} KiB)" [ $((rss2 - rss1)) -lt 256 ]
fi

# --- a rename storm (issue 33): two directories with 1,000 below each,
# swapped as fast as the kernel goes. Each path is queued once, so
# checkouts made meanwhile are masked, and the daemon's memory stays small
# (before: 275 MiB at 2,000, 800 MiB at 6,000, and a new .env readable for
# 11 s; bench figures in bench/README.md).
mkdir -p "$root/storm/a" "$root/storm/b" && mkdir "$root"/storm/a/d{1..1000} "$root"/storm/b/e{1..1000}
"$racer" "$root/storm/a" "$root/storm/b" 10 >"$base/storm-swaps" &
sp=$!
for c in 1 2 3; do mkdir -p "$root/storm/c$c/.git" && echo S >"$root/storm/c$c/.env"; done
for c in 1 2 3; do check "rename storm: a checkout made during it is masked (c$c)" wait_mount "$root/storm/c$c/.env"; done
kill -TERM "$sp" 2>/dev/null; wait "$sp"
hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
echo "  rename storm: $(cat "$base/storm-swaps") swaps; the daemon's peak RSS ${hwm} KiB"
if ! ldd "$pp" | grep -q libasan; then
  check "rename storm: the daemon's peak RSS (${hwm} KiB) under 64 MiB" [ "$hwm" -lt 65536 ]
fi

# --- two watched trees swapped once (RENAME_EXCHANGE): the kernel says "moved from a, to b,
# from b, to a", the move to b before the move from it, so the directory now at b was once
# dropped with the name's move away and never watched again: a checkout made in it later went
# unseen (until an overflow's rescan). Each checkout below is known first (so its tree is watched).
mkdir -p "$root/xa/a/p1/.git" "$root/xa/b/p2/.git"
echo S >"$root/xa/a/p1/.env"; echo S >"$root/xa/b/p2/.env"
check "exchange: the trees are watched (a/p1)" wait_mount "$root/xa/a/p1/.env"
check "exchange: the trees are watched (b/p2)" wait_mount "$root/xa/b/p2/.env"
"$racer" "$root/xa/a" "$root/xa/b" 10 1 >"$base/xa-swaps"
check "exchange: one swap made" grep -qx 1 "$base/xa-swaps"
for d in a/p2 b/p1; do mkdir -p "$root/xa/$d/k/.git" && echo S >"$root/xa/$d/k/.env"; done
for d in a/p2 b/p1; do check "exchange: a checkout made after it in xa/$d is masked" wait_mount "$root/xa/$d/k/.env"; done

# --- a forced queue overflow still finds every checkout
# The daemon stopped (SIGSTOP) while more events than its queue holds
# (fs.inotify.max_queued_events, or fs.fanotify's, read, never changed) come in: the queue
# overflows for certain, and the checkouts made after that reach it by no
# event, only by the rescan.
# A checkout known before it is found again by the rescan, and said at debug only: the same
# checkout with the same mounts is not news at each overflow.
root2=$base/root2; mkdir "$root2"; git init -q "$root2/known"; touch "$root2/known/.env"
start_watch "$root2" "$base/watch2.log"
qmax=$(cat "/proc/sys/fs/${PP_WATCH_BACKEND:-inotify}/max_queued_events")
known_said() { grep -c '"level":"info",.*"checkout":"known"' "$base/watch2.log"; }
if [ "$qmax" -le 1000000 ]; then
  check "overflow: the checkout from before is masked and protected" \
    wait_log "$base/watch2.log" 'protected the git metadata of nested checkout known ('
  said_before=$(known_said)
  kill -STOP "${pids[-1]}"
  # A file each, in the watched root: an event each, one more than the queue holds.
  (cd "$root2" && seq -f 'f%.0f' 0 "$qmax" | xargs touch)
  mkdir "$root2"/o{1..200} "$root2"/o{1..200}/.git && touch "$root2"/o{1..200}/.env
  kill -CONT "${pids[-1]}"
  check "overflow: a rescan happened" wait_log "$base/watch2.log" '"event":"rescan"'
  # until every one is masked (bounded), then the count (a stat for all 200)
  misses() { stat -c %F:%t:%T "$root2"/o{1..200}/.env 2>&1 | grep -vcx 'character special file:1:3'; }
  for ((k = 0; k < 200; k++)); do [ "$(misses)" -eq 0 ] && break; nap; done
  misses=$(misses)
  check "overflow: 0 misses of 200 (saw $misses)" [ "$misses" -eq 0 ]
  check "overflow: the checkout from before found again" \
    wait_log "$base/watch2.log" '"level":"debug","event":"checkout","msg":"path policy: found nested checkout known"'
  said=$(known_said)
  check "overflow: what is the same in it is not said again ($said info records, $said_before before)" \
    [ "$said" -eq "$said_before" ]
  # Its mounts, still where they were made, stay the daemon's across the
  # rescan: rm -rf gets them back (before, "not a mount this daemon made").
  rm -rf "$root2/known" 2>/dev/null
  check "overflow: the checkout from before, deleted, gives its mounts back" \
    wait_log "$base/watch2.log" '"event":"mounts-released","msg":"path policy: known has nothing left but the daemon'"'"'s mounts: gave 3 back'
  rm -rf "$root2/known"; rc=$?
  check "overflow: and a second rm -rf of it succeeds" [ "$rc" -eq 0 ]
else
  echo "  SKIP overflow: fs.${PP_WATCH_BACKEND:-inotify}.max_queued_events is $qmax: too many files to overflow it"
fi

# --- a lowered watch limit still finds every checkout (by the timed scan)
# The limit is a user namespace's own (/proc/sys/user/max_inotify_watches,
# counted per user namespace since Linux 5.11), in one made for this daemon
# alone with root mapped to root: 3 watches, fewer than the tree's six
# directories. fs.inotify.max_user_watches, the machine's, is not touched.
root3=$base/root3; mkdir -p "$root3"/a/b/c/d/e
if [ "${PP_WATCH_BACKEND:-inotify}" != inotify ]; then
  echo "  SKIP watch limit: inotify's alone (the ${PP_WATCH_BACKEND} backend watches no directory)"
elif unshare -U --map-root-user sh -c 'echo 3 >/proc/sys/user/max_inotify_watches' 2>/dev/null; then
  unshare -U --map-root-user -m --propagation private sh -c 'echo 3 >/proc/sys/user/max_inotify_watches && exec "$@"' \
    sh "$pp" watch "${bk[@]}" "$root3" --log-format json --log-level debug 2>"$base/watch3.log" &
  pids+=($!)
  wait_log "$base/watch3.log" '"event":"watch-ready"' 30
  check "watch limit: a warning names it" wait_log "$base/watch3.log" 'inotify watch limit reached'
  mkdir -p "$root3/a/b/c/d/e/deep/.git"; echo S >"$root3/a/b/c/d/e/deep/.env"
  check "watch limit: the unwatched subtree is still covered" wait_log "$base/watch3.log" 'masked a/b/c/d/e/deep/.env' 10
else
  echo "  SKIP watch limit: no user namespace with inotify limits of its own here (Linux >= 5.11 has them);"
  echo "    lowering the machine's fs.inotify.max_user_watches is what this test must not do"
fi

# --- under systemd (NOTIFY_SOCKET): READY=1 once the first scan is done
if "$pp" --version | grep -q "systemd: yes"; then
  "$notify" "$base/notify.sock" 20 >"$base/notify.out" & np=$!
  wait_log "$base/notify.out" listening >/dev/null
  root4=$base/root4; mkdir -p "$root4/a/.git"
  NOTIFY_SOCKET=$base/notify.sock "$pp" watch "${bk[@]}" "$root4" 2>/dev/null & pids+=($!)
  wait "$np"
  check "sd_notify: READY=1 after the first scan" grep -q '^READY=1$' "$base/notify.out"
  check "sd_notify: status names the checkouts" grep -qF 'STATUS=watching: 1 nested checkout(s)' "$base/notify.out"
fi

# --- SIGTERM stops it cleanly; the binds stay
kill -TERM "${pids[0]}"; wait "${pids[0]}"; rc=$?
check "SIGTERM: exit 0" [ "$rc" -eq 0 ]
check "SIGTERM: logged" grep -qF 'stopped watching (SIGTERM); the binds stay' "$log"
check "SIGTERM: the binds stay" masked "$root/cl/.env"

if [ "$failed" -ne 0 ]; then echo "--- watch log (tail)"; tail -n 30 "$log"; fi
echo "watch-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
