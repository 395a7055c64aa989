#!/usr/bin/env bash
# The nested checkouts' config files under pathpolicy watch (daemon/engine/watch/gitconfig.c), on the real
# kernel with real git: root only, in a mount and PID namespace of its own, on a tmpfs.
#  - both modes: a key from the audit list written in the window after git init is taken out at
#    protection, then the file bound (bind) or left writable (audit), with a record (issue 37 point 5);
#  - audit mode (--git-config audit): config stays writable, git's own config writes work, and a key
#    written by git config, by a plain write, through a shared mapping and through a hard link (in
#    the workspace, or outside it with no event after: the idle sweep) is gone
#    within the stated window (doc/git.md) and named in a record, never its value (issue 34 point 1);
#  - bind mode: a git config write refused by the bound file is said once, with the file (point 2);
#  - both modes: a config the strip cannot do (larger than 256 KiB, a symlink, a fifo, the locks made
#    first, a gitdir of mode 0555 under the unit's capabilities) fails closed: never bound with the
#    key, nor left for git to read it (red team F1, F2, F8, F11, F15); a submodule gitdir no worktree
#    names (.git/modules/z) is protected with its superproject (F12); url.<local path>.insteadOf is
#    on the audit list (F5).
# Usage: test-watch-gitconfig-root.sh PATHPOLICY MMAP_WRITE
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 mmapw=$2
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-gitconfig-XXXXXX)
mount -t tmpfs -o size=256m tmpfs "$base"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [ -n "${PP_KEEP_LOG:-}" ] && cp "$base"/*.log "$PP_KEEP_LOG"/ 2>/dev/null
  umount -R -l "$base"; rmdir "$base"
}
trap cleanup EXIT

. "$(dirname "$0")/lib-watch.sh"

not() { ! "$@"; }
# gone FILE [KEY]: until FILE holds no KEY (fsmonitor) line (bounded: the window is milliseconds).
gone() { local i; for ((i = 0; i < 100; i++)); do grep -qi "${2:-fsmonitor}" "$1" || return 0; nap; done; return 1; }
wrap= # a command the daemon runs under (setpriv)
start_watch() { # start_watch ROOT LOG [ARGS...]
  local r=$1 log=$2; shift 2
  $wrap "$pp" watch --backend "${PP_WATCH_BACKEND:-inotify}" "$r" --log-format json --log-level debug "$@" 2>"$log" &
  pids+=($!)
  wait_log "$log" '"event":"watch-ready"' 30
}
removed() { grep -F '"event":"git-audit"' "$1" | grep -F "\"path\":\"$2\"" | grep -F '"action":"removed"' | grep -qF "\"keys\":\"$3\""; }
wait_removed() { local i; for ((i = 0; i < 200; i++)); do removed "$@" && return 0; nap; done; echo "  (no removal of $3 from $2 in $1)"; return 1; }

src=$base/src
git init -q "$src"; echo code >"$src/main.c"; git -C "$src" add -A; git -C "$src" commit -qm init

# --- both modes: what lands in the window after git init is taken out (issue 37 point 5)
for mode in bind audit; do
  root=$base/$mode log=$base/$mode.log
  mkdir "$root"
  start_watch "$root" "$log" --git-config "$mode" || { bad "$mode: watch did not get ready"; cat "$log"; exit 1; }
  landed=()
  for i in $(seq 30); do
    git init -q "$root/w$i" && printf '[core]\n\tfsmonitor = /bin/true\n' 2>/dev/null >>"$root/w$i/.git/config" && landed+=("$i")
  done
  for i in $(seq 30); do
    wait_log "$log" "protected the git metadata of nested checkout w$i (" >/dev/null || bad "$mode: w$i never protected"
  done
  # Audit mode: a key written after protection goes in the sweep, once
  # the workspace is quiet (gitconfig.c): its record is waited for.
  reached=()
  for i in "${landed[@]}"; do
    if [ "$mode" = audit ]; then wait_removed "$log" "w$i/.git/config" core.fsmonitor >/dev/null; fi
    removed "$log" "w$i/.git/config" core.fsmonitor && reached+=("$i")
  done
  left=0 said=0
  for i in $(seq 30); do grep -qi fsmonitor "$root/w$i/.git/config" && left=$((left + 1)); done
  said=${#reached[@]}
  check "$mode: the key is gone from all 30 configs ($left left)" [ "$left" -eq 0 ]
  records=$(grep -F '"action":"removed"' "$log" | grep -cF '"keys":"core.fsmonitor"')
  check "$mode: no record without a write that landed ($records records)" [ "$records" -eq "$said" ]
  if [ "$mode" = audit ]; then
    # Nothing is bound: every write lands in the file git reads.
    check "audit: every write landed (${#landed[@]})" [ "${#landed[@]}" -eq 30 ]
    check "audit: a record for each ($said)" [ "$said" -eq 30 ]
  fi
  # bind: a write whose descriptor was opened before protection renewed the
  # file (a copy renamed over it, so that no old descriptor reaches what is
  # bound) lands in the old copy, which nothing reads: no key, no record.
  echo "  $mode: ${#landed[@]} of 30 writes right after git init landed; $said reached the file and were taken out"
  git init -q "$base/ref-$mode"
  w=${reached[0]:-1}
  check "$mode: the rest of the config as git wrote it (the agent's [core] line kept)" \
    cmp -s "$root/w$w/.git/config" <(cat "$base/ref-$mode/.git/config"; [ -n "${reached[0]:-}" ] && printf '[core]\n')
  check "$mode: git works there" git -C "$root/w1" status --porcelain
  check "$mode: never the value" bash -c "! grep -q /bin/true '$log'"
done
check "bind: the config bound after" mountpoint -q "$base/bind/w1/.git/config"
check "audit: the config not bound" bash -c "! mountpoint -q '$base/audit/w1/.git/config'"
check "audit: hooks/ not bound either (test-watch-hooks-root.sh)" not mountpoint -q "$base/audit/w1/.git/hooks"

# --- audit mode: git's own config writes work; a dangerous key is gone within the window
root=$base/audit log=$base/audit.log
check "audit: git config writes" git -C "$root/w2" config branch.main.description hello
check "audit: the value is there" [ "$(git -C "$root/w2" config branch.main.description)" = hello ]
check "audit: sparse-checkout set works" git -C "$root/w2" sparse-checkout set --no-cone '/*'
git -C "$root/w2" config core.fsmonitor /bin/true
check "audit: git config core.fsmonitor: gone" gone "$root/w2/.git/config"
check "audit: git config core.fsmonitor: said" wait_removed "$log" w2/.git/config core.fsmonitor
check "audit: the other keys stay" [ "$(git -C "$root/w2" config branch.main.description)" = hello ]
check "audit: extensions.worktreeConfig (sparse-checkout's) kept: config.worktree is audited itself" \
  [ "$(git -C "$root/w2" config extensions.worktreeConfig)" = true ]
git -C "$root/w2" config --worktree core.hooksPath /tmp/h
check "audit: config.worktree: a key there taken out" wait_removed "$log" w2/.git/config.worktree core.hookspath
check "audit: config.worktree: the sparse checkout holds" [ "$(git -C "$root/w2" config core.sparseCheckout)" = true ]
check "audit: sparse-checkout disable works" git -C "$root/w2" sparse-checkout disable

printf '[core]\n\thooksPath = /tmp/h\n' >>"$root/w3/.git/config"
check "audit: a plain write (>>): said" wait_removed "$log" w3/.git/config core.hookspath
check "audit: a plain write (>>): gone" bash -c "! grep -qi hookspath '$root/w3/.git/config'"

# Through a shared mapping: no event at all; found when the index is next written.
cfg=$root/w4/.git/config
len=$(stat -c %s "$cfg")
new="[core]"$'\n\t'"fsmonitor = /bin/true"$'\n'"#$(head -c "$((len - 32))" /dev/zero | tr '\0' x)"
# (Any event in the workspace may find it first: the sweep compares the
# file's identity, and the mapping's write moved its mtime.)
check "audit: mmap-write wrote it" "$mmapw" "$cfg" "$new"$'\n'
echo x >"$root/w4/f"; git -C "$root/w4" add f
check "audit: mmap: gone after the index write" gone "$cfg"
check "audit: mmap: said" wait_removed "$log" w4/.git/config core.fsmonitor
check "audit: mmap: the file still reads as git config" git -C "$root/w4" config --list >/dev/null

# Through a hard link made after protection, in the workspace.
mkdir "$root/stash"
ln "$root/w5/.git/config" "$root/stash/cfg"
printf '[core]\n\tpager = less\n' >>"$root/stash/cfg"
check "audit: hard link: gone from the config" gone "$root/w5/.git/config" pager
check "audit: hard link: the link broken" wait_log "$log" 'w5/.git/config in nested checkout w5 had 2 hard links'
# Said, unless the link was broken before the write landed (a sweep that an
# earlier event started, between the ln and the write): then it never was.
check "audit: hard link: said, or never live" bash -c "grep -F '\"action\":\"removed\"' '$log' | grep -qF '\"keys\":\"core.pager\"' ||
  [ \"\$(stat -c %i '$root/w5/.git/config')\" != \"\$(stat -c %i '$root/stash/cfg')\" ]"
printf '[core]\n\tpager = less\n' >>"$root/stash/cfg"
check "audit: hard link: the other name no longer reaches it" bash -c "! grep -qi pager '$root/w5/.git/config'"

# Through a hard link outside the workspace, the last thing the agent does:
# no event in the workspace at all; the idle sweep finds it (red team F6).
ln "$root/w20/.git/config" "$base/w20-config"
printf '[core]\n\teditor = /bin/true\n' >>"$base/w20-config"
check "audit: hard link outside, no event after: gone" gone "$root/w20/.git/config" editor
# Said, unless the link was broken before the write landed (fanotify may
# see the link's attribute change on the config and renew it): never live.
check "audit: hard link outside, no event after: said, or never live" bash -c "grep -F '\"action\":\"removed\"' '$log' | grep -F 'w20/.git/config' | grep -qF '\"keys\":\"core.editor\"' ||
  [ \"\$(stat -c %i '$root/w20/.git/config')\" != \"\$(stat -c %i '$base/w20-config')\" ]"

# A submodule's config (.git/modules/X/config): git submodule update and sync work.
git init -q "$root/sup"; git -C "$root/sup" submodule add -q "file://$src" lib >/dev/null 2>&1
git -C "$root/sup" commit -qm sub
wait_log "$log" 'protected the git metadata of nested checkout sup/lib (' >/dev/null
check "audit: submodule update works" git -C "$root/sup" submodule update
check "audit: submodule sync works" git -C "$root/sup" submodule sync -q
git -C "$root/sup/lib" config core.sshCommand 'ssh -i x'
check "audit: a submodule's config: said" wait_removed "$log" sup/.git/modules/lib/config core.sshcommand
check "audit: a submodule's config: gone" bash -c "! git -C '$root/sup/lib' config core.sshCommand"

# --- bind mode: a refused write is said, once a burst, with the file
root=$base/bind log=$base/bind.log
git -C "$root/w2" config a.b c 2>/dev/null; rc=$?
check "bind: git config fails" [ "$rc" -ne 0 ]
refusals() { grep -F '"event":"git-config-refused"' "$1" | grep -cF "\"path\":\"$2\""; }
wait_refused() { local i; for ((i = 0; i < 200; i++)); do [ "$(refusals "$1" "$2")" -ge 1 ] && return 0; nap; done; return 1; }
check "bind: the refusal said, with the file" wait_refused "$log" w2/.git/config
check "bind: ... and its checkout" bash -c "grep -F '\"event\":\"git-config-refused\"' '$log' | grep -qF '\"checkout\":\"w2\"'"
for k in 1 2 3; do git -C "$root/w3" config a.b$k c 2>/dev/null; done
git -C "$root/w4" config a.b c 2>/dev/null # after those: its record says they were all handled
wait_refused "$log" w4/.git/config
n=$(refusals "$log" w3/.git/config)
check "bind: three attempts in a burst: one record ($n)" [ "$n" -eq 1 ]
check "bind: no refusal said for our own rewrites" bash -c "! grep -F '\"event\":\"git-config-refused\"' '$log' | grep -qvF -e '\"w2/.git/config\"' -e '\"w3/.git/config\"' -e '\"w4/.git/config\"'"

# --- both modes: a config the strip cannot do fails closed, never bound or left with the key
# (red team F1, F2, F8, F11, F15): too large, a symlink, a fifo, the locks taken first, a gitdir
# the daemon cannot write (mode 0555, the unit's capabilities: no CAP_DAC_OVERRIDE).
live() { ! git -C "$1" config core.fsmonitor >/dev/null 2>&1; } # the key is not what git reads
export -f live
unaudited() { grep -F '"event":"git-config-unaudited"' "$1" | grep -qF "\"path\":\"$2\""; }
# outside NAME: a repository made outside the root, with the key in its config.
outside() {
  rm -rf "$base/out/$1"; mkdir -p "$base/out"; git init -q "$base/out/$1"
  printf '[core]\n\tfsmonitor = /bin/true\n' >>"$base/out/$1/.git/config"
}
hold() { local i; for ((i = 0; i < 100; i++)); do "$@" && return 0; nap; done; return 1; }
for mode in bind audit; do
  root=$base/$mode log=$base/$mode.log
  # F1: past 256 KiB (a comment), moved in; in audit mode also written in place.
  outside big; cfg=$base/out/big/.git/config
  { head -c 270000 /dev/zero | tr '\0' '#'; echo; cat "$cfg"; } >"$base/out/cfg" && cat "$base/out/cfg" >"$cfg"
  mv "$base/out/big" "$root/big"
  wait_log "$log" 'protected the git metadata of nested checkout big (' >/dev/null
  check "$mode: a config of 270 KB: the key taken out" hold live "$root/big"
  check "$mode: a config of 270 KB: said" wait_removed "$log" big/.git/config core.fsmonitor
  # F11: the daemon's former lock name made first (git's config.lock too is
  # in the live case below: moved in with it, the checkout waits for the git
  # deadline, as for any git lock).
  outside locks; touch "$base/out/locks/.git/.pathpolicy-renew-config.lock"
  mv "$base/out/locks" "$root/locks"
  wait_log "$log" 'protected the git metadata of nested checkout locks (' >/dev/null
  check "$mode: the former lock name taken first: the key taken out" hold live "$root/locks"
  # F2, F8: a symlink out of the checkout, a fifo: replaced by an empty config.
  outside sym; cp "$base/out/sym/.git/config" "$base/out/sym.cfg"; rm "$base/out/sym/.git/config"
  ln -s ../../sym.cfg "$base/out/sym/.git/config"; cp "$base/out/sym.cfg" "$root/sym.cfg"
  mv "$base/out/sym" "$root/sym"
  outside fifo; rm "$base/out/fifo/.git/config"; mkfifo "$base/out/fifo/.git/config"; mv "$base/out/fifo" "$root/fifo"
  for k in sym fifo; do
    wait_log "$log" "protected the git metadata of nested checkout $k (" >/dev/null
    check "$mode: a $k config: a regular file now" hold test -f "$root/$k/.git/config" -a ! -L "$root/$k/.git/config"
    check "$mode: a $k config: git works, without the key" timeout 10 bash -c "live '$root/$k' && git -C '$root/$k' status -s"
  done
  check "$mode: a symlink config: never followed" grep -q fsmonitor "$root/sym.cfg"
  if [ "$mode" = audit ]; then
    { head -c 270000 /dev/zero | tr '\0' '#'; printf '\n[core]\n\tfsmonitor = /bin/true\n'; } >>"$root/w6/.git/config"
    check "audit: 270 KB written in place: the key taken out" hold live "$root/w6"
    touch "$root/w7/.git/config.lock" "$root/w7/.git/.pathpolicy-renew-config.lock"
    printf '[core]\n\tfsmonitor = /bin/true\n' >>"$root/w7/.git/config"
    check "audit: both lock names held: the key taken out" hold live "$root/w7"
    cp "$root/w8/.git/config" "$root/s8.cfg"; printf '[core]\n\tfsmonitor = /bin/true\n' >>"$root/s8.cfg"
    ln -s ../../s8.cfg "$root/w8/.git/cfg.tmp"; mv -T "$root/w8/.git/cfg.tmp" "$root/w8/.git/config"
    check "audit: config made a symlink: replaced" hold test -f "$root/w8/.git/config" -a ! -L "$root/w8/.git/config"
    check "audit: config made a symlink: the key not read" live "$root/w8"
    mkfifo "$root/w9/.git/ff"; mv -T "$root/w9/.git/ff" "$root/w9/.git/config"
    check "audit: config made a fifo: replaced" hold test -f "$root/w9/.git/config"
    check "audit: config made a fifo: git does not hang" timeout 10 git -C "$root/w9" status -s
  fi
  check "$mode: the bind mode's config of 270 KB bound" bash -c "[ $mode = audit ] || mountpoint -q '$root/big/.git/config'"
done

# F12: a submodule's gitdir that no worktree names (.git/modules/z, made by the agent), which
# `git submodule update --init z` would use next with its config and hooks: protected with the
# checkout whose gitdir holds it, in both modes.
sha=$(git -C "$src" rev-parse HEAD)
for mode in bind audit; do
  root=$base/$mode log=$base/$mode.log co=$base/$mode/mod
  git init -q "$co"; git -C "$co" commit -q --allow-empty -m x
  wait_log "$log" 'protected the git metadata of nested checkout mod (' >/dev/null
  git -C "$co" config -f .gitmodules submodule.z.path z; git -C "$co" config -f .gitmodules submodule.z.url "file://$src"
  git -C "$co" add .gitmodules; git -C "$co" update-index --add --cacheinfo "160000,$sha,z"; git -C "$co" commit -qm sub
  mkdir -p "$co/.git/modules"
  # (from inside the checkout, as git submodule would: a git that holds nothing in the checkout
  # at the watcher's look is not known to be at work there, and its writes may meet the binds)
  git -C "$co" clone -q --no-checkout --separate-git-dir="$co/.git/modules/z" "file://$src" "$base/out/wt-$mode"
  rm -rf "$base/out/wt-$mode"
  printf '[core]\n\tfsmonitor = /bin/true\n' 2>/dev/null >>"$co/.git/modules/z/config"
  check "$mode: modules/z with no worktree: the key taken out" \
    hold bash -c "! grep -q fsmonitor '$co/.git/modules/z/config'"
  if [ "$mode" = bind ]; then
    check "bind: modules/z with no worktree: its hooks bound" mountpoint -q "$co/.git/modules/z/hooks"
    check "bind: modules/z with no worktree: its config bound" mountpoint -q "$co/.git/modules/z/config"
  else
    # audit: its hooks/ not bound, a hook written there taken out (renamed aside)
    printf '#!/bin/sh\ntouch %s\n' "$base/out/ran-z" >"$co/.git/modules/z/hooks/post-checkout"
    check "audit: modules/z with no worktree: a hook there taken out" \
      hold bash -c "[ ! -e '$co/.git/modules/z/hooks/post-checkout' ] && [ -e '$co/.git/modules/z/hooks/post-checkout.pathpolicy-removed' ]"
    check "audit: modules/z with no worktree: its hooks not bound" not mountpoint -q "$co/.git/modules/z/hooks"
    printf '[core]\n\tfsmonitor = /bin/true\n' >>"$co/.git/modules/z/config"
    check "audit: modules/z: a key written later taken out" hold bash -c "! grep -q fsmonitor '$co/.git/modules/z/config'"
    check "audit: submodule update --init z works, and runs nothing" \
      bash -c "git -C '$co' submodule update -q --init z && ! git -C '$co/z' config core.fsmonitor && [ ! -e '$base/out/ran-z' ]"
  fi
done

# The walk below modules/ is bounded (the agent chooses how many directories there are): past
# the bound the checkout is not said protected.
outside wide; (cd "$base/out/wide/.git" && mkdir modules && cd modules && mkdir $(seq -f d%g 4100))
mv "$base/out/wide" "$base/bind/wide"
check "bind: 4,100 directories below modules/: not said protected" \
  wait_log "$base/bind.log" 'git metadata of nested checkout wide is NOT fully protected'

# F5: url.<local repository>.insteadOf sends a fetch or push of the real URL to a repository in the
# workspace (its hooks run, on the host too) while remote.origin.url still reads as the real one:
# taken out in both modes; one to another remote URL stays.
for mode in bind audit; do
  root=$base/$mode log=$base/$mode.log
  outside ins
  printf '[url "%s/evil.git"]\n\tinsteadOf = https://example.invalid/x.git\n[url "git@example.invalid:"]\n\tinsteadOf = https://example.invalid/\n' \
    "$root" >>"$base/out/ins/.git/config"
  mv "$base/out/ins" "$root/ins"
  wait_log "$log" 'protected the git metadata of nested checkout ins (' >/dev/null
  check "$mode: url.<local>.insteadOf taken out" wait_removed "$log" ins/.git/config "core.fsmonitor, url.$root/evil.git.insteadof"
  check "$mode: url.<remote>.insteadOf kept" [ "$(git -C "$root/ins" config url.git@example.invalid:.insteadOf)" = https://example.invalid/ ]
done
root=$base/audit log=$base/audit.log
git -C "$root/w10" config url."../evil.git".pushInsteadOf https://example.invalid/x.git
check "audit: git config url.<relative path>.pushInsteadOf: said" wait_removed "$log" w10/.git/config url.../evil.git.pushinsteadof
check "audit: ... gone" hold bash -c "! git -C '$root/w10' config --get-regexp '^url\\.' >/dev/null"

# F15: the daemon with the unit's capabilities only; a gitdir it cannot write (0555). The strip
# cannot be done: the config fails closed (/dev/null over it, git reads an empty config), said as
# an error; never bound with the key and called protected.
caps="setpriv --bounding-set -all,+sys_admin,+dac_read_search,+sys_ptrace --"
for mode in bind audit; do
  root=$base/perm-$mode log=$base/perm-$mode.log
  mkdir "$root"
  $caps true || { bad "setpriv cannot drop capabilities here"; break; }
  : >"$log"
  wrap=$caps
  start_watch "$root" "$log" --git-config "$mode" || { bad "perm $mode: watch did not get ready"; cat "$log"; }
  wrap=
  outside ro; chmod 555 "$base/out/ro/.git"; mv "$base/out/ro" "$root/ro"
  wait_log "$log" 'nested checkout ro (' >/dev/null
  check "perm $mode: a gitdir of mode 0555: the key not read" hold live "$root/ro"
  check "perm $mode: ... said as an error" unaudited "$log" ro/.git/config
  check "perm $mode: ... git works there" git -C "$root/ro" status -s
  if [ "$mode" = audit ]; then
    git init -q "$root/co"; wait_log "$log" 'protected the git metadata of nested checkout co (' >/dev/null
    chmod 555 "$root/co/.git"; printf '[core]\n\tfsmonitor = /bin/true\n' >>"$root/co/.git/config"
    check "perm audit: written in a gitdir of mode 0555: the key not read" hold live "$root/co"
    check "perm audit: ... said as an error" unaudited "$log" co/.git/config
  fi
done

echo "passed $passed, failed $failed"
[ "$failed" -eq 0 ]
