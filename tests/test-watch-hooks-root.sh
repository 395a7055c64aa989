#!/usr/bin/env bash
# Audit mode's hooks/ under pathpolicy watch (daemon/engine/watch/hooks-audit.c), on the real kernel with
# real git: root only, in a mount and PID namespace of its own, on a tmpfs.
#  - audit mode (--git-config audit): hooks/ is not bound; a hook written by printf, by cp of an
#    executable, as a symlink to /bin/sh, as a hard link, moved in with mv, in a submodule's gitdir,
#    or a hooks replaced by a symlink to a directory of hooks, is taken out (renamed to
#    NAME.pathpolicy-removed, its content kept) with a git-audit record naming it, and git commit then
#    does not run it; git's samples and git-lfs's exact hooks stay; rm -rf of a protected checkout
#    exits 0 the first time (issue 37); one that cannot be renamed (a hooks/ of mode 0555, the
#    daemon without CAP_DAC_OVERRIDE) is masked, said as an error;
#  - bind mode: hooks/ stays bound (a hook cannot be written).
# Usage: test-watch-hooks-root.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-hooks-XXXXXX) && mount -t tmpfs -o size=64m tmpfs "$base" || exit 1
pids=() # the daemons, stopped at the end; then the tmpfs goes (PP_KEEP_LOG=DIR keeps their logs)
trap 'for p in "${pids[@]}"; do kill "$p"; wait "$p"; done 2>/dev/null
  [ -z "${PP_KEEP_LOG:-}" ] || cp "$base"/*.log "$PP_KEEP_LOG"/; umount -R -l "$base"; rmdir "$base"' EXIT

. "$(dirname "$0")/lib-watch.sh"

start_watch() { # start_watch ROOT LOG [ARGS...]
  local r=$1 log=$2; shift 2
  "$pp" watch --backend "${PP_WATCH_BACKEND:-inotify}" "$r" --log-format json --log-level debug "$@" 2>"$log" &
  pids+=($!)
  wait_log "$log" '"event":"watch-ready"' 30
}
# taken LOG HOOKSDIR NAME: a git-audit record says NAME was taken out of HOOKSDIR.
taken() {
  grep -F '"event":"git-audit"' "$1" | grep -F "\"path\":\"$2\"" | grep -F '"action":"removed"' |
    grep -qE "\"hooks\":\"([^\"]*, )?$3(, [^\"]*)?\""
}
wait_taken() { local i; for ((i = 0; i < 200; i++)); do taken "$@" && return 0; nap; done; echo "  (no record of $3 taken out of $2)"; return 1; }
# runs_hook DIR: git commit in DIR runs its pre-commit hook (the hook writes $base/ran).
runs_hook() {
  rm -f "$base/ran"
  git -C "$1" commit -q --allow-empty -m probe >/dev/null 2>&1
  [ -e "$base/ran" ]
}
absent() { [ ! -e "$1" ] && [ ! -L "$1" ]; }
not() { ! "$@"; }
hook_text="#!/bin/sh
echo ran >$base/ran"

src=$base/src
git init -q "$src"; echo code >"$src/main.c"; git -C "$src" add -A; git -C "$src" commit -qm init
# A hook that runs outside any watched root, to compare with: it runs.
printf '%s\n' "$hook_text" >"$src/.git/hooks/pre-commit"; chmod +x "$src/.git/hooks/pre-commit"
check "plain: git runs the pre-commit hook" runs_hook "$src"
rm "$src/.git/hooks/pre-commit"
printf '%s\n' "$hook_text" >"$base/prepared"; chmod +x "$base/prepared"

# --- audit mode
root=$base/audit log=$base/audit.log
mkdir "$root"
start_watch "$root" "$log" --git-config audit || { bad "audit: watch did not get ready"; cat "$log"; exit 1; }
git clone -q "$src" "$root/r"
wait_log "$log" "protected the git metadata of nested checkout r (" >/dev/null || bad "audit: r never protected"
h=$root/r/.git/hooks rh=r/.git/hooks
check "audit: hooks/ is not bound" [ "$(findmnt -n -o TARGET --target "$h")" != "$h" ]
check "audit: git's samples are there" [ -e "$h/pre-commit.sample" ]

# hook ways: each makes pre-commit, then the record is waited for and git commit must not run it.
# (the chmod may find the file taken out already: every entry goes, whatever its mode)
way_printf() { printf '%s\n' "$hook_text" >"$h/pre-commit" && { chmod +x "$h/pre-commit" 2>/dev/null || :; }; }
way_cp() { cp "$base/prepared" "$h/pre-commit"; }
way_symlink_sh() { ln -s /bin/sh "$h/pre-commit"; }
way_symlink() { ln -s "$base/prepared" "$h/pre-commit"; }
way_hardlink() { ln "$base/prepared" "$h/pre-commit"; }
way_mv() { cp "$base/prepared" "$base/prepared.mv" && mv "$base/prepared.mv" "$h/pre-commit"; }
n=0
for way in printf cp symlink_sh symlink hardlink mv; do
  before=$(grep -cF '"action":"removed"' "$log")
  "way_$way" || bad "audit: $way: could not write the hook"
  wait_taken "$log" "$rh" pre-commit >/dev/null
  # the record after this way's write
  for ((i = 0; i < 200; i++)); do [ "$(grep -cF '"action":"removed"' "$log")" -gt "$before" ] && break; nap; done
  check "audit: $way: the hook is said taken out" [ "$(grep -cF '"action":"removed"' "$log")" -gt "$before" ]
  check "audit: $way: pre-commit is gone" absent "$h/pre-commit"
  check "audit: $way: git commit does not run it" not runs_hook "$root/r"
  n=$((n + 1))
done
# Each is kept, renamed: nothing the agent wrote is lost.
kept=$(ls "$h" | grep -c '^pre-commit\.pathpolicy-removed')
check "audit: the six hooks are kept aside ($kept)" [ "$kept" -eq 6 ]
check "audit: the symlink kept is still a symlink to /bin/sh" \
  bash -c "for f in '$h'/pre-commit.pathpolicy-removed*; do [ \"\$(readlink \"\$f\")\" = /bin/sh ] && exit 0; done; exit 1"
check "audit: the hard link's target is untouched (mode and content)" \
  bash -c "[ -x '$base/prepared' ] && grep -q ran '$base/prepared'"
# every counted name taken ahead (the agent made them): a symlink hook still goes, to a random name
for i in '' .1 .2 .3 .4 .5 .6 .7 .8 .9; do : >"$h/post-merge.pathpolicy-removed$i"; done
ln -s "$base/prepared" "$h/post-merge"
wait_taken "$log" "$rh" post-merge >/dev/null
check "audit: with .1 to .9 taken, a symlink hook is still taken out" absent "$h/post-merge"
check "audit: ... to a random name" bash -c "ls '$h' | grep -qE '^post-merge\.pathpolicy-removed\.[0-9a-f]{16}$'"
# a name too long to take the suffix: renamed all the same, cut short
long=$(printf 'p%.0s' $(seq 250))
cp "$base/prepared" "$h/$long"
wait_taken "$log" "$rh" "$long" >/dev/null
check "audit: a 250-byte name is taken out too" absent "$h/$long"
check "audit: ... kept aside under a name cut short" bash -c "ls '$h' | grep -q '^p*\.pathpolicy-removed'"
check "audit: no record holds a hook's content" not grep -q 'echo ran' "$log"
check "audit: the samples stay" test -e "$h/pre-commit.sample" -a -e "$h/pre-push.sample"

# hooks replaced by a symlink to a directory of hooks.
mkdir "$base/evil-hooks"; cp "$base/prepared" "$base/evil-hooks/pre-commit"
rm -rf "$h" && ln -s "$base/evil-hooks" "$h"
wait_taken "$log" r/.git hooks >/dev/null
check "audit: a hooks symlink is said taken out" taken "$log" r/.git hooks
check "audit: .git/hooks is no longer the symlink" [ ! -L "$h" ]
check "audit: git commit does not run the symlinked dir's hook" not runs_hook "$root/r"
check "audit: the symlink's target is untouched" [ -x "$base/evil-hooks/pre-commit" ]

# a hooks directory moved in, holding a hook.
mkdir "$base/moved-hooks"; cp "$base/prepared" "$base/moved-hooks/pre-commit"
mv "$base/moved-hooks" "$h"
wait_taken "$log" "$rh" pre-commit >/dev/null
for ((i = 0; i < 200; i++)); do [ -e "$h/pre-commit" ] || break; nap; done
check "audit: a hooks dir moved in: its pre-commit is gone" [ ! -e "$h/pre-commit" ]
check "audit: git commit does not run it" not runs_hook "$root/r"

# git-lfs's own hooks stay (git lfs install --local), its filter keys are taken out.
if command -v git-lfs >/dev/null; then
  before=$(grep -cF '"action":"removed"' "$log")
  (cd "$root/r" && git lfs install --local >/dev/null 2>&1)
  check "audit: git lfs install --local exits 0" [ $? -eq 0 ]
  # the filter keys' removal is the sign the daemon looked; the hooks' settle is 200 ms
  wait_log "$log" '"keys":"filter.lfs' >/dev/null
  for ((i = 0; i < 10; i++)); do nap; done
  check "audit: git-lfs's pre-push stays" [ -f "$h/pre-push" ]
  check "audit: git-lfs's post-checkout stays" [ -f "$h/post-checkout" ]
  check "audit: no git-lfs hook said taken out" not grep -F '"action":"removed"' "$log" | grep -qE '"hooks":"[^"]*(pre-push|post-checkout|post-commit|post-merge)'
  # written through a second name made elsewhere (no event in hooks/): found when a git next
  # writes the index, before any later git runs it
  ln "$h/pre-push" "$base/pre-push-link"
  printf '#!/bin/sh\necho ran >%s\n' "$base/ran" >"$base/pre-push-link"
  git -C "$root/r" add -A
  wait_taken "$log" "$rh" pre-push >/dev/null
  check "audit: a git-lfs hook written through a hard link is taken out at the next index write" \
    not test -e "$h/pre-push"
  # the same name with other content goes
  printf '#!/bin/sh\necho ran >%s\n' "$base/ran" >"$h/post-commit"
  wait_taken "$log" "$rh" post-commit >/dev/null
  check "audit: a post-commit that is not git-lfs's is taken out" [ ! -e "$h/post-commit" ]
else
  echo "  (git-lfs not installed: its hooks not tried)"
fi

# a submodule's gitdir below .git/modules/.
git -C "$src" -c protocol.file.allow=always submodule -q add "$src" sub 2>/dev/null
git -C "$src" commit -qm sub
git clone -q --recurse-submodules "$src" "$root/s" 2>/dev/null
wait_log "$log" "protected the git metadata of nested checkout s/sub (" >/dev/null || bad "audit: s/sub never protected"
sh=$root/s/.git/modules/sub/hooks
cp "$base/prepared" "$sh/pre-commit"
wait_taken "$log" s/.git/modules/sub/hooks pre-commit >/dev/null
check "audit: a submodule's hook is taken out" [ ! -e "$sh/pre-commit" ]
check "audit: git commit in the submodule does not run it" not runs_hook "$root/s/sub"
# The submodule's worktree gone, its gitdir below .git/modules/ stays (what `submodule update
# --init` uses next): a hook there is still taken out.
rm -rf "$root/s/sub"
cp "$base/prepared" "$sh/post-checkout"
wait_taken "$log" s/.git/modules/sub/hooks post-checkout >/dev/null
check "audit: a hook in a submodule gitdir no worktree names is taken out" absent "$sh/post-checkout"
git -C "$root/s" submodule -q update --init 2>/dev/null
check "audit: submodule update --init (its post-checkout) then runs no hook" [ ! -e "$base/ran" ]

# rm -rf of a protected checkout: the first succeeds (nothing of git's is bound).
git clone -q "$src" "$root/gone"
wait_log "$log" "protected the git metadata of nested checkout gone (" >/dev/null || bad "audit: gone never protected"
rm -rf "$root/gone" 2>"$base/rm.err"
rc=$?
check "audit: the first rm -rf of a protected checkout exits 0 ($rc: $(head -c 200 "$base/rm.err"))" [ "$rc" -eq 0 ]
check "audit: and the checkout is gone" absent "$root/gone"

# --- audit mode, the daemon with the unit's capabilities only (no CAP_DAC_OVERRIDE): a hook in a
# hooks/ of mode 0555 cannot be renamed; it fails closed (/dev/null bound over it, which git does
# not run), said as an error.
caps="setpriv --bounding-set -all,+sys_admin,+dac_read_search,+sys_ptrace --"
if $caps true; then
  root=$base/perm log=$base/perm.log
  mkdir "$root"
  $caps "$pp" watch --backend "${PP_WATCH_BACKEND:-inotify}" "$root" --git-config audit --log-format json 2>"$log" &
  pids+=($!)
  wait_log "$log" '"event":"watch-ready"' 30 >/dev/null || bad "perm: watch did not get ready"
  git clone -q "$src" "$root/r"
  wait_log "$log" "protected the git metadata of nested checkout r (" >/dev/null || bad "perm: r never protected"
  chmod 555 "$root/r/.git/hooks"
  cp "$base/prepared" "$root/r/.git/hooks/pre-commit" # (this shell has CAP_DAC_OVERRIDE)
  wait_log "$log" '"action":"masked"' >/dev/null
  check "perm: a hook that cannot be renamed is masked, said as an error" \
    bash -c "grep -F '\"action\":\"masked\"' '$log' | grep -F '\"level\":\"error\"' | grep -qF '\"hooks\":\"pre-commit\"'"
  check "perm: git commit does not run it" not runs_hook "$root/r"
  check "perm: the mask is a mount over it (its content kept below)" mountpoint -q "$root/r/.git/hooks/pre-commit"
  # a symlink cannot be bound over: the whole hooks/ is masked (an empty directory)
  ln -s "$base/prepared" "$root/r/.git/hooks/commit-msg"
  for ((i = 0; i < 200; i++)); do [ -e "$root/r/.git/hooks/commit-msg" ] || break; nap; done
  check "perm: a symlink hook that cannot be renamed: hooks/ masked whole" mountpoint -q "$root/r/.git/hooks"
  check "perm: git commit does not run it" not runs_hook "$root/r"
else
  bad "setpriv cannot drop capabilities here"
fi

# --- bind mode: hooks/ stays bound.
root=$base/bind log=$base/bind.log
mkdir "$root"
start_watch "$root" "$log" || { bad "bind: watch did not get ready"; cat "$log"; exit 1; }
git clone -q "$src" "$root/r"
wait_log "$log" "protected the git metadata of nested checkout r (" >/dev/null || bad "bind: r never protected"
check "bind: hooks/ is bound" [ "$(findmnt -n -o TARGET --target "$root/r/.git/hooks")" = "$root/r/.git/hooks" ]
check "bind: a hook cannot be written" not cp "$base/prepared" "$root/r/.git/hooks/pre-commit" 2>/dev/null
check "bind: git commit runs no hook" not runs_hook "$root/r"

echo "passed $passed, failed $failed"
[ "$failed" -eq 0 ]
