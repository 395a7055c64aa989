#!/usr/bin/env bash
# stage and release fail closed, never hang, on real repositories: a fifo
# (a socket, a device) at every path git opens by name is refused first,
# with the path named; every git has a time limit; a placeholder is known
# by its inode wherever the guest moved it; a lost record makes stage hold
# back more, never less. Each stage runs under timeout 60: a hang is a
# failure of its own. No root needed.
# Usage: test-stage-fail.sh PATHPOLICY
set -u
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir "$TMPDIR"
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
command -v python3 >/dev/null || { echo "test-stage-fail.sh: needs python3 (a socket is made with it)"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid; git config --global user.name test
git config --global init.defaultBranch main

n=0
# fresh: a repository with a commit (a nested .gitignore and .gitattributes,
# a nested checkout), prepared; $wt and $vm name them.
fresh() {
  n=$((n + 1)); wt=$work/wt$n vm=$work/vm$n
  git init -q "$wt" && mkdir "$vm"
  (cd "$wt" && echo code >main.c && printf 'TOKEN=1\n' >.env && mkdir -p secrets sub/deep && echo k >secrets/k &&
    echo x >sub/deep/f && echo '*.o' >sub/.gitignore && echo '*.c text' >sub/.gitattributes &&
    git init -q vendor && (cd vendor && echo v >v && git add v && git commit -qm v) &&
    git add -A 2>/dev/null && git commit -qm init && git pack-refs --all) || exit 1
  cat >"$vm/path-policy" <<'POLICY'
mask-file .env
mask-dir secrets/
mask-file .netrc
mask-file .envrc
protect .git/config
protect .git/hooks/
protect CLAUDE.md
POLICY
  (cd "$wt" && : >.netrc && : >.envrc && : >CLAUDE.md)
  printf '.netrc\n.envrc\nCLAUDE.md\n' >"$vm/path-policy.placeholders"
  : >"$vm/path-policy.masked-files"
}
# stage, bounded: rc 124 is a hang.
stage() { timeout 60 "$pp" stage --worktree "$wt" --out "$vm" "$@" >"$work/out" 2>"$work/err"; rc=$?; }
release() { timeout 60 "$pp" release --worktree "$wt" --out "$vm" "$@" >"$work/out" 2>"$work/err"; rc=$?; }
has() { grep -qF -- "$2" "$1"; }
in_index() { [ -n "$(git -C "$wt" ls-files -z -- "$1" | tr -d '\0')" ]; }
no_hang() { [ "$rc" -ne 124 ]; }
# the index as it was (by its bytes), when it is a file
index_sum() { if [ -f "$wt/.git/index" ] && [ ! -L "$wt/.git/index" ]; then sha1sum <"$wt/.git/index"; else echo none; fi; }

# --- 1. a fifo at every path git opens by name: refused first, named.
# The paths: git's own (strace -f -e trace=openat of git add -A, git
# ls-tree, git diff, git status, git rev-parse on such a repository), a
# nested checkout's, and the worktree's .gitignore, .gitattributes and
# .gitmodules at any depth, new or tracked.
blocked_at() { # PATH KIND [STAGE ARGS]
  local p=$1 kind=$2; shift 2
  fresh
  local head_obj; head_obj=$(git -C "$wt" rev-parse HEAD)
  [ "$p" = @HEAD_OBJECT ] && p=.git/objects/${head_obj:0:2}/${head_obj:2}
  mkdir -p "$wt/$(dirname "$p")" && rm -rf "${wt:?}/$p"
  case $kind in
    fifo) mkfifo "$wt/$p" ;;
    socket) python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$wt/$p" ;;
    zero) ln -s /dev/zero "$wt/$p" ;;
    linked) mkfifo "$work/outside$n" && ln -s "$work/outside$n" "$wt/$p" ;;
  esac
  echo new >"$wt/sub/new.c"
  local before; before=$(index_sum)
  stage "$@"
  check "$kind at $p ${*:-}: no hang" no_hang
  check "$kind at $p ${*:-}: refused" [ "$rc" -eq 1 ]
  check "$kind at $p ${*:-}: named" has "$work/err" "refusing to stage $wt: $p is a"
  check "$kind at $p ${*:-}: nothing staged" [ "$(index_sum)" = "$before" ]
}
for p in .gitignore .gitattributes .gitmodules sub/.gitignore sub/.gitattributes sub/deep/.gitignore \
  sub/deep/.gitattributes .git/index .git/info/exclude .git/info/attributes .git/HEAD .git/config \
  .git/packed-refs .git/refs/heads/main .git/shallow .git/info/grafts .git/commondir \
  .git/objects/info/alternates .git/objects/info/commit-graph .git/objects/info/commit-graphs/commit-graph-chain \
  .git/objects/pack/multi-pack-index @HEAD_OBJECT vendor/.git/HEAD vendor/.git/config vendor/.git/index \
  vendor/.git/refs/heads/main vendor/.gitignore vendor/.gitattributes; do
  blocked_at "$p" fifo
done
blocked_at .gitignore fifo --snapshot
blocked_at .git/index fifo --snapshot
blocked_at .gitignore linked
blocked_at .git/info/exclude linked
blocked_at .gitattributes zero
blocked_at sub/.gitignore socket
blocked_at .git/info/exclude socket
# a nested checkout's .git itself (a gitfile git reads)
blocked_at nested/.git fifo
# A fifo where git opens nothing by name is git's to pass: staged around.
fresh
mkfifo "$wt/sub/pipe"
echo new >"$wt/sub/new.c"
stage
check "a fifo git does not open: no hang" no_hang
check "a fifo git does not open: staged around it" [ "$rc" -eq 0 ]
check "a fifo git does not open: the rest staged" in_index sub/new.c
# release runs git too: refused as stage is, nothing removed.
fresh
mkfifo "$wt/.git/packed-refs.new"
release
check "release, a fifo in .git: no hang" no_hang
check "release, a fifo in .git: refused" [ "$rc" -eq 1 ]
check "release, a fifo in .git: named" has "$work/err" "refusing to release $wt: .git/packed-refs.new is a fifo"
check "release, a fifo in .git: nothing removed" [ -e "$wt/.envrc" ]

# --- 2. every git has a time limit: killed past it, the call fails, the
# git and the limit named. A git that blocks: a wrapper first in PATH that
# waits on a fifo no one writes, for the one git command named.
hang_git() { # COMMAND: a git that blocks on COMMAND, its pid in $work/hung.pid
  mkdir -p "$work/bin" && rm -f "$work/hung.pid" "$work/never"
  mkfifo "$work/never"
  cat >"$work/bin/git" <<WRAP
#!/bin/sh
for a; do [ "\$a" = "$1" ] && { echo \$\$ >"$work/hung.pid"; exec cat "$work/never"; }; done
exec $(command -v git) "\$@"
WRAP
  chmod +x "$work/bin/git"
}
gone() { [ -s "$work/hung.pid" ] && ! kill -0 "$(cat "$work/hung.pid")" 2>/dev/null; }
for cmd in rev-parse add ls-tree cat-file; do
  fresh
  printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n' >"$wt/sub/key.txt" # read by git cat-file
  git -C "$wt" add sub/deep/f && echo y >>"$wt/sub/deep/f" && git -C "$wt" add sub/deep/f # ls-tree: the index is not HEAD's
  hang_git "$cmd"
  PATH=$work/bin:$PATH stage --git-timeout 2
  check "time limit, git $cmd: no hang" no_hang
  check "time limit, git $cmd: failed" [ "$rc" -eq 1 ]
  check "time limit, git $cmd: the git and the limit named" has "$work/err" "git $cmd ran past its time limit of 2 s and was killed"
  check "time limit, git $cmd: the git is gone" gone
done
fresh
hang_git add
PATH=$work/bin:$PATH stage --snapshot --git-timeout 2
check "time limit, --snapshot: failed, named" has "$work/err" "git add ran past its time limit of 2 s"
check "time limit, --snapshot: the git is gone" gone
fresh
hang_git ls-tree
PATH=$work/bin:$PATH release --git-timeout 2
check "time limit, release: failed" [ "$rc" -eq 1 ]
check "time limit, release: named" has "$work/err" "git ls-tree ran past its time limit of 2 s"
check "time limit, release: nothing removed" [ -e "$wt/.envrc" ]
check "time limit, release: the git is gone" gone
# A real git blocked where the check does not look: a symlinked directory
# in .git (git reads through it; the walk does not follow it).
fresh
mkdir "$work/info$n" && mkfifo "$work/info$n/exclude" && rm -rf "$wt/.git/info" && ln -s "$work/info$n" "$wt/.git/info"
stage --git-timeout 2
check "time limit, a fifo the check misses: no hang" no_hang
check "time limit, a fifo the check misses: failed" [ "$rc" -eq 1 ]
check "time limit, a fifo the check misses: named" has "$work/err" "ran past its time limit of 2 s and was killed"
check "--git-timeout 0 is a usage error" bash -c "'$pp' stage --worktree '$wt' --out '$vm' --git-timeout 0 2>/dev/null; [ \$? -eq 2 ]"

echo "test-stage-fail: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
