#!/usr/bin/env bash
# pathpolicy status against a real enforce and watch: root only, in a mount
# namespace of its own (re-executed under unshare -m), on a tmpfs. The
# root checkout is enforced, watch binds a clone, a linked worktree of it,
# a submodule (gitdir in the root's .git/modules) and a checkout with a
# newline and a byte not UTF-8 in its name; status, human and JSON, shows
# each bind with its kind and checkout.
# Usage: test-status-root.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: enforce and watch mount, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$(realpath "$1")
# The watch backend under test: tests/meson.build runs the root suite once
# per backend (PP_WATCH_BACKEND=inotify, suite root; =fanotify, root-fanotify).
bk=(--backend "${PP_WATCH_BACKEND:-inotify}")
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
base=$(mktemp -d /tmp/pathpolicy-status-XXXXXX)
mount -t tmpfs -o size=64m tmpfs "$base"
root=$base/root outside=$base/outside
mkdir "$root" "$outside"
passed=0 failed=0 wpid=
cleanup() {
  if [ -n "$wpid" ]; then kill "$wpid" 2>/dev/null; wait "$wpid" 2>/dev/null; fi
  umount -l "$base"; rmdir "$base"
}
trap cleanup EXIT

ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
# wait_log FILE PATTERN [SECONDS]: until the log holds a fixed string.
wait_log() {
  local i
  for i in $(seq $((${3:-10} * 20))); do grep -qF -- "$2" "$1" && return 0; sleep 0.05; done
  echo "  (timed out waiting for '$2' in $1)"; return 1
}
# wait_mount PATH...: until each PATH is a mount point.
wait_mount() {
  local i p
  for p in "$@"; do
    for i in $(seq 200); do mountpoint -q "$p" && continue 2; sleep 0.05; done
    echo "  (timed out waiting for a mount at $p)"; return 1
  done
}
# run RC ARGS...: status's output in $base/out and $base/err, its exit code checked.
run() {
  local want=$1; shift
  "$pp" status "$@" >"$base/out" 2>"$base/err"; local got=$?
  if [ "$got" -ne "$want" ]; then bad "status $* exited $got, wanted $want"; sed 's/^/  stderr: /' "$base/err"; return 1; fi
  ok
}
# same EXPECTED: the last output is EXPECTED, to the byte.
same() {
  if [ "$(cat "$base/out")" = "$1" ]; then ok; else
    bad "status printed something else"; diff <(echo "$1") "$base/out" | sed 's/^/  /'; fi
}

export GIT_CONFIG_GLOBAL=$base/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid
git config --global user.name test
git config --global init.defaultBranch main
git config --global protocol.file.allow always
git config --global advice.detachedHead false

# A source repository outside the root: a tracked .env and .claude/.
src=$outside/src
git init -q "$src"
echo "SECRET=1" >"$src/.env"; echo code >"$src/main.c"; mkdir "$src/.claude"; echo '{}' >"$src/.claude/settings.json"
git -C "$src" add -A; git -C "$src" commit -qm init

# The root is a checkout with a submodule, not yet checked out.
git -C "$root" init -q
git -C "$root" commit -q --allow-empty -m root
git -C "$root" submodule add -q "file://$src" lib >/dev/null 2>&1
git -C "$root" commit -qm "add lib"
git -C "$root" submodule deinit -q -f lib; rm -rf "$root/.git/modules/lib"
echo "SECRET=2" >"$root/.env"; mkdir "$root/secrets" "$root/.claude"; echo key >"$root/secrets/k"

# --- before anything is bound
run 0 --root "$root" && same "nothing is bound below $root"
run 0 --root "$root" --json
check "json: nothing bound" [ "$(jq -c '[.bind_count, .mounts_supported, .checkouts]' "$base/out")" = '[0,true,[]]' ]

# --- the boot, then the daemon
printf 'mask-file .env\nmask-dir secrets/\nprotect .claude/\n' >"$base/policy"
"$pp" enforce --root "$root" --policy "$base/policy" 2>"$base/enforce.log"
check "enforce binds the root's policy" [ $? -eq 0 ]
log=$base/watch.log
"$pp" watch "${bk[@]}" "$root" --log-format json --log-level debug 2>"$log" &
wpid=$!
wait_log "$log" '"event":"watch-ready"' 30 || { bad "watch did not get ready"; cat "$log"; exit 1; }

git clone -q "file://$src" "$root/cl"
check "clone: protected" wait_log "$log" 'protected the git metadata of nested checkout cl (git finished)' 30
git -C "$root/cl" worktree add -q "$root/wt" 2>/dev/null
check "worktree: protected" wait_log "$log" 'protected the git metadata of nested checkout wt (git finished)' 30
git -C "$root" submodule update -q --init 2>/dev/null
check "submodule: protected" wait_log "$log" 'protected the git metadata of nested checkout lib (git finished)' 30
weird=$'we\nird\377'
git init -q "$root/$weird"; echo S >"$root/$weird/.env"
check "weird name: bound" wait_mount "$root/$weird/.env" "$root/$weird/.git/config" "$root/$weird/.git/hooks"
check "the clone's and the worktree's .env masked" wait_mount "$root/cl/.env" "$root/wt/.env" "$root/lib/.env"

# Mounts that are not ours stay out: a read-only bind of another path, a
# read-only tmpfs of someone else's.
mkdir "$root/foreign" "$root/scratch"
mount --bind -o ro "$outside" "$root/foreign"
mount -t tmpfs -o ro,size=4k tmpfs "$root/scratch"

# --- status, as a person reads it (the root's .git/COMMIT_EDITMSG, from its commits: git's
# plain text, which enforce masks)
run 0 --root "$root"
same "17 binds below $root (the root and 4 nested checkouts)

. (the root checkout)
  protect    .claude/
  mask-file  .env
  mask-file  .git/COMMIT_EDITMSG      git metadata
  mask-dir   secrets/

cl/ (nested checkout)
  protect    cl/.claude/
  mask-file  cl/.env
  protect    cl/.git/config           git metadata
  protect    cl/.git/hooks/           git metadata

lib/ (nested checkout, gitdir .git/modules/lib)
  protect    .git/modules/lib/config  git metadata
  protect    .git/modules/lib/hooks/  git metadata
  protect    lib/.claude/
  mask-file  lib/.env

we\\nird\\xff/ (nested checkout)
  mask-file  we\\nird\\xff/.env
  protect    we\\nird\\xff/.git/config  git metadata
  protect    we\\nird\\xff/.git/hooks/  git metadata

wt/ (linked worktree of cl/.git)
  protect    wt/.claude/
  mask-file  wt/.env"
check "status says nothing on stderr" [ ! -s "$base/err" ]
cp "$base/out" "$base/human.txt"

# --- the same as JSON
run 0 --root "$root" --json
j=$base/out
cp "$j" "$base/status.json"
check "json: the root, by its own name" [ "$(jq -r .root "$j")" = "$root" ]
check "json: 17 binds" [ "$(jq .bind_count "$j")" = 17 ]
check "json: the checkouts" [ "$(jq -c '[.checkouts[].path]' "$j")" = '[".","cl","lib","we\nird\\xff","wt"]' ]
check "json: the weird name is escaped, and says so" \
  [ "$(jq -c '.checkouts[3] | [.path_escaped, .binds[0].path, .binds[0].path_escaped]' "$j")" = '[true,"we\nird\\xff/.env",true]' ]
check "json: the root checkout" \
  [ "$(jq -c '.checkouts[0] | [.nested, .git, .gitdir, .commondir]' "$j")" = '[false,"directory",".git",null]' ]
check "json: the root's binds and kinds" \
  [ "$(jq -c '[.checkouts[0].binds[] | [.path, .kind, .git_metadata]]' "$j")" = '[[".claude/","protect",false],[".env","mask-file",false],[".git/COMMIT_EDITMSG","mask-file",true],["secrets/","mask-dir",false]]' ]
check "json: the submodule, its gitdir in the root's .git/modules" \
  [ "$(jq -c '.checkouts[2] | [.nested, .git, .gitdir, ([.binds[] | select(.git_metadata) | .path])]' "$j")" = '[true,"file",".git/modules/lib",[".git/modules/lib/config",".git/modules/lib/hooks/"]]' ]
check "json: the linked worktree, its gitdir and common dir" \
  [ "$(jq -c '.checkouts[4] | [.git, .gitdir, .commondir]' "$j")" = '["file","cl/.git/worktrees/wt","cl/.git"]' ]
check "json: the clone's git metadata" \
  [ "$(jq -c '[.checkouts[1].binds[] | select(.git_metadata) | .kind + " " + .path]' "$j")" = '["protect cl/.git/config","protect cl/.git/hooks/"]' ]
check "json: what is not ours is not listed" bash -c "! grep -qE 'foreign|scratch' '$j'"

# --- the default root is the current directory: inside the clone, its binds
(cd "$root/cl" && "$pp" status >"$base/out" 2>"$base/err"); check "status in cl exits 0" [ $? -eq 0 ]
same "4 binds below $root/cl (the root)

. (the root checkout)
  protect    .claude/
  mask-file  .env
  protect    .git/config  git metadata
  protect    .git/hooks/  git metadata"

# --- failures name the path; usage errors are 2
run 1 --root "$root/no-such" && check "a missing root is named" grep -qF "pathpolicy status: cannot open $root/no-such: No such file or directory" "$base/err"
run 1 --root "$root/.env" && check "a file is no root" grep -qF "cannot open $root/.env: Not a directory" "$base/err"
check "nothing on stdout on failure" [ ! -s "$base/out" ]
run 2 --root "$root" extra
run 2 --json --json

# --- once unbound, nothing of ours is left, and status says so
kill "$wpid"; wait "$wpid" 2>/dev/null; wpid=
umount "$root/foreign" "$root/scratch"
"$pp" unbind --root "$root" --policy "$base/policy" 2>"$base/unbind.log"
check "unbind removes every mount of ours" [ $? -eq 0 ]
run 0 --root "$root" && same "nothing is bound below $root"

if [ "$failed" -ne 0 ]; then echo "--- watch log:"; tail -30 "$log"; fi
echo "status-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
