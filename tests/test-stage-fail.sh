#!/usr/bin/env bash
# stage and release fail closed, never hang, on real repositories: a fifo
# (a socket, a device) at every path git opens by name is refused first,
# with the path named; every git has a time limit; a placeholder is known
# by its inode wherever the guest moved it; a lost record makes stage hold
# back more, never less. Each stage runs under timeout 60: a hang is a
# failure of its own. No root needed.
# Usage: test-stage-fail.sh PATHPOLICY
set -u
. "$(dirname "$0")/lib-keys.sh"
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir "$TMPDIR"
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
# (perl, not python3: the same bind, and python3 is often a shim, pyenv's,
# whose bash script runs ~0.5 s of processes before python does)
command -v perl >/dev/null || { echo "test-stage-fail.sh: needs perl (a socket is made with it)"; exit 1; }
command -v jq >/dev/null || { echo "test-stage-fail.sh: needs jq, a test dependency (tools/bootstrap)"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
# The test's own git config, written as text (a git config call a key is a
# process each); no automatic maintenance for the test's own commits (stage
# passes gc.auto=0 and maintenance.auto=false to every git it runs).
printf '[user]\n\temail = t@example.invalid\n\tname = test\n[init]\n\tdefaultBranch = main\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n' >"$GIT_CONFIG_GLOBAL"

# Set by the stage-plumbing suite (tests/meson.build): stage computes what
# is staged by git's plumbing alone.
plumbing=${PATHPOLICY_TEST_STAGE_PLUMBING:-0}
n=0
# fresh: a repository with a commit (a nested .gitignore and .gitattributes,
# a nested checkout), prepared; $wt and $vm name them.
# Made once, copied for each (one cp -a of both: nothing in them names its
# own path).
fresh() {
  [ -d "$work/template" ] || build "$work/template/wt" "$work/template/vm"
  n=$((n + 1)); wt=$work/c$n/wt vm=$work/c$n/vm
  cp -a "$work/template" "$work/c$n" || exit 1
}
build() {
  wt=$1 vm=$2
  mkdir -p "$work/template"
  git init -q "$wt" && mkdir "$vm"
  (cd "$wt" && echo code >main.c && printf 'TOKEN=1\n' >.env && mkdir -p secrets sub/deep && echo k >secrets/k &&
    echo x >sub/deep/f && echo '*.o' >sub/.gitignore && echo '*.c text' >sub/.gitattributes &&
    git init -q vendor && (cd vendor && echo v >v && git add v && git commit -qm v) &&
    git add -A 2>/dev/null && git commit -qm init && git pack-refs --all) || exit 1
  # git init's sample hooks (never run: a .sample name) out of the
  # template: a third of its files, copied for each case
  find "$wt" -name '*.sample' -delete
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
# The checks, each one process at most (bash reads the records).
has() { local s=; IFS= read -r -d '' s <"$1"; [[ $s == *"$2"* ]]; }
# has_re FILE ERE: a line of FILE matches ERE (grep -qE)
has_re() { local l; while IFS= read -r l || [ -n "$l" ]; do [[ $l =~ $2 ]] && return 0; done <"$1"; return 1; }
# in_index PATH: git ls-files -- PATH lists something
in_index() { git -C "$wt" ls-files --error-unmatch -- "$1" >/dev/null 2>&1; }
# not_indexed PATH...: the index has no entry at any PATH (git ls-files
# lists none; it was ! git ls-files --error-unmatch, which passed when
# one PATH had none however many others had, and when git failed)
not_indexed() { git -C "$wt" ls-files -- "$@" >"$work/cmd.out" 2>/dev/null && [ ! -s "$work/cmd.out" ]; }
no_hang() { [ "$rc" -ne 124 ]; }
# index_as STATE: the index is none (no file) or a file of the template's bytes
index_as() {
  if [ -f "$wt/.git/index" ] && [ ! -L "$wt/.git/index" ]; then
    [ "$1" = template ] && cmp -s "$work/template/wt/.git/index" "$wt/.git/index"
  else [ "$1" = none ]; fi
}
# the index as it was (by its bytes), when it is a file
index_sum() { if [ -f "$wt/.git/index" ] && [ ! -L "$wt/.git/index" ]; then sha1sum <"$wt/.git/index"; else echo none; fi; }

# --- 1. a fifo at every path git opens by name: refused first, named.
# The paths: git's own (strace -f -e trace=openat of git add -A, git
# ls-tree, git diff, git status, git rev-parse on such a repository), a
# nested checkout's, and the worktree's .gitignore, .gitattributes and
# .gitmodules at any depth, new or tracked.
# Refused before git runs: the same whichever way stage would then compute
# what is staged, so once (not again in the stage-plumbing suite).
blocked_at() { # PATH KIND [STAGE ARGS]
  local p=$1 kind=$2; shift 2
  [ "$plumbing" = 1 ] && return
  fresh
  [ -n "${head_obj:-}" ] || head_obj=$(git -C "$wt" rev-parse HEAD) # the template's, every copy's
  [ "$p" = @HEAD_OBJECT ] && p=.git/objects/${head_obj:0:2}/${head_obj:2}
  local d=$wt/$p
  [ -d "${d%/*}" ] || mkdir -p "${d%/*}"
  [ ! -e "$d" ] && [ ! -L "$d" ] || rm -rf "${wt:?}/$p"
  case $kind in
    fifo) mkfifo "$wt/$p" ;;
    socket) perl -MSocket -e 'socket(my $s, AF_UNIX, SOCK_STREAM, 0) or die "$!\n"; bind($s, pack_sockaddr_un($ARGV[0])) or die "$!\n"' "$wt/$p" ;;
    zero) ln -s /dev/zero "$wt/$p" ;;
    linked) mkfifo "$work/outside$n" && ln -s "$work/outside$n" "$wt/$p" ;;
  esac
  echo new >"$wt/sub/new.c"
  # the index before: none, or a file of the template's bytes (a copy's,
  # which only stage could change)
  local before=none
  [ -f "$wt/.git/index" ] && [ ! -L "$wt/.git/index" ] && before=template
  stage "$@"
  check "$kind at $p ${*:-}: no hang" no_hang
  check "$kind at $p ${*:-}: refused" [ "$rc" -eq 1 ]
  check "$kind at $p ${*:-}: named" has "$work/err" "refusing to stage $wt: $p is a"
  check "$kind at $p ${*:-}: nothing staged" index_as "$before"
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
# One limit for every git stage runs, whichever way: timed once, not again
# in the stage-plumbing suite (each case waits the limit out).
if [ "$plumbing" != 1 ]; then
# The cases wait their limits out together, not one after another: each
# has its own repository, wrapper, fifo and records (I, a case's number),
# its stage or release run in the background; the checks after all end.
hang_git() { # I COMMAND: $work/bin.I/git blocks on COMMAND, its pid in $work/hung.I
  mkdir -p "$work/bin.$1" && mkfifo "$work/never.$1"
  cat >"$work/bin.$1/git" <<WRAP
#!/bin/sh
for a; do [ "\$a" = "$2" ] && { echo \$\$ >"$work/hung.$1"; exec cat "$work/never.$1"; }; done
exec $(command -v git) "\$@"
WRAP
  chmod +x "$work/bin.$1/git"
}
gone() { local p=; [ -s "$work/hung.$1" ] && IFS= read -r p <"$work/hung.$1" && ! kill -0 "$p" 2>/dev/null; }
# limited I VERB ARGS...: VERB (stage, release) on $wt, bounded, in the
# background, $work/bin.I first in PATH; its exit in $work/rc.I, its
# output in $work/out.I and $work/err.I
limited() {
  local i=$1 verb=$2; shift 2
  (PATH=$work/bin.$i:$PATH timeout 60 "$pp" "$verb" --worktree "$wt" --out "$vm" "$@" >"$work/out.$i" 2>"$work/err.$i"
    echo $? >"$work/rc.$i") &
}
# rc_of I: the case's exit, in $rc
rc_of() { rc=; IFS= read -r rc <"$work/rc.$1"; }
i=0
for cmd in rev-parse add ls-tree cat-file; do
  fresh; i=$((i + 1))
  fake_openssh_key >"$wt/sub/key.txt" # read by git cat-file
  git -C "$wt" add sub/deep/f && echo y >>"$wt/sub/deep/f" && git -C "$wt" add sub/deep/f # ls-tree: the index is not HEAD's
  hang_git $i "$cmd"
  limited $i stage --git-timeout 2
done
fresh
hang_git 5 add
limited 5 stage --snapshot --git-timeout 2
fresh
hang_git 6 ls-tree
limited 6 release --git-timeout 2
wt6=$wt
# A real git blocked where the check does not look: a symlinked directory
# in .git (git reads through it; the walk does not follow it).
fresh
mkdir "$work/info$n" && mkfifo "$work/info$n/exclude" && rm -rf "$wt/.git/info" && ln -s "$work/info$n" "$wt/.git/info"
limited 7 stage --git-timeout 2
wait
i=0
for cmd in rev-parse add ls-tree cat-file; do
  i=$((i + 1)); rc_of $i
  check "time limit, git $cmd: no hang" no_hang
  check "time limit, git $cmd: failed" [ "$rc" -eq 1 ]
  check "time limit, git $cmd: the git and the limit named" has "$work/err.$i" "git $cmd ran past its time limit of 2 s and was killed"
  check "time limit, git $cmd: the git is gone" gone $i
done
check "time limit, --snapshot: failed, named" has "$work/err.5" "git add ran past its time limit of 2 s"
check "time limit, --snapshot: the git is gone" gone 5
rc_of 6
check "time limit, release: failed" [ "$rc" -eq 1 ]
check "time limit, release: named" has "$work/err.6" "git ls-tree ran past its time limit of 2 s"
check "time limit, release: nothing removed" [ -e "$wt6/.envrc" ]
check "time limit, release: the git is gone" gone 6
rc_of 7
check "time limit, a fifo the check misses: no hang" no_hang
check "time limit, a fifo the check misses: failed" [ "$rc" -eq 1 ]
check "time limit, a fifo the check misses: named" has "$work/err.7" "ran past its time limit of 2 s and was killed"
"$pp" stage --worktree "$wt" --out "$vm" --git-timeout 0 2>/dev/null; rc=$?
check "--git-timeout 0 is a usage error" [ "$rc" -eq 2 ]
fi

# --- 3. a placeholder is known by its inode: the guest renamed its parent.
# prepare for real: conf/ and conf/.envrc, keys/ and .netrc are
# placeholders; secrets/ holds a file at boot.
cat >"$work/modules.json" <<'JSON'
{"sandbox": {"mask_paths": ["conf/.envrc", "keys/", ".netrc", "secrets/", "deep/.envrc"], "protect_paths": ["CLAUDE.md"]}}
JSON
# The repository is made once and copied for each (one cp -a of both:
# nothing in them names its own path), then prepared: prepare records
# inodes, the copy's own.
prepared() {
  if [ ! -d "$work/ptemplate" ]; then
    mkdir -p "$work/ptemplate/vm" && git init -q "$work/ptemplate/wt" || exit 1
    (cd "$work/ptemplate/wt" && echo code >main.c && mkdir secrets && echo 'TOKEN=host' >secrets/token && git add main.c && git commit -qm init) || exit 1
  fi
  n=$((n + 1)); wt=$work/p$n/wt vm=$work/p$n/vm
  cp -a "$work/ptemplate" "$work/p$n" || exit 1
  "$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>"$work/prep.err" || { cat "$work/prep.err"; exit 1; }
}
prepared
check "prepare: each placeholder by its inode" grep -qxF "$(stat -c '%d %i %.9Y' "$wt/conf/.envrc")	conf/.envrc" "$vm/path-policy.placeholder-inodes"
check "prepare: ... a directory's without its mtime" grep -qxF "$(stat -c '%d %i' "$wt/conf")	conf/" "$vm/path-policy.placeholder-inodes"
check "prepare: the list keeps its format (a path a line)" grep -qx 'conf/.envrc' "$vm/path-policy.placeholders"
check "prepare: the masked files' record made" [ -f "$vm/path-policy.masked-files" ]
mv "$wt/conf" "$wt/conf2"       # the placeholder directory renamed
mkdir "$wt/deep2" && mv "$wt/deep/.envrc" "$wt/deep2/.envrc" && rmdir "$wt/deep" # its parent renamed, by hand
mv "$wt/.netrc" "$wt/netrc.moved" # the placeholder itself renamed
mv "$wt/keys" "$wt/keys2" && echo work >"$wt/keys2/notes" # renamed, then filled: the colony's
: >"$wt/conf2/own-empty"        # an empty file of the colony's own
stage --json
check "moved placeholders: exit 0" [ "$rc" -eq 0 ]
check "moved placeholders: conf2/.envrc left out" not_indexed conf2/.envrc
check "moved placeholders: deep2/.envrc left out" not_indexed deep2/.envrc
check "moved placeholders: netrc.moved left out" not_indexed netrc.moved
check "moved placeholders: the colony's empty file stays" in_index conf2/own-empty
check "moved placeholders: the colony's file in a moved directory stays" in_index keys2/notes
check "moved placeholders: counted as dropped" [ "$(jq .placeholders_dropped "$work/out")" -ge 3 ]
stage --snapshot --json
jq -r '.files_changed[]' "$work/out" >"$work/changed"
check "moved placeholders, --snapshot: none in files_changed" eval '! has_re "$work/changed" "^(conf2/.envrc|deep2/.envrc|netrc.moved)$"'
# release: removed where they are now, if still empty; never through a
# symlink, never with content, never what HEAD tracks.
git -C "$wt" add -f netrc.moved && git -C "$wt" commit -qm 'the colony commits the moved one' -- netrc.moved
release
check "release, moved: exit 0" [ "$rc" -eq 0 ]
check "release, moved: removed where the guest moved it" eval '[ ! -e "$wt/conf2/.envrc" ] && [ ! -e "$wt/deep2/.envrc" ]'
check "release, moved: named with where it was" has "$work/err" "removed the placeholder conf/.envrc where the guest moved it: conf2/.envrc"
check "release, moved: the colony's empty file stays" [ -e "$wt/conf2/own-empty" ]
check "release, moved: a moved directory with entries stays" [ -e "$wt/keys2/notes" ]
check "release, moved: ... said" has "$work/err" "kept keys2/ (the placeholder keys/, moved): it has entries"
# committed by the colony, not by the base: a placeholder all the same
check "release, moved: one the colony committed (not the base) goes too" [ ! -e "$wt/netrc.moved" ]
check "release, moved: a directory the colony made stays" [ -d "$wt/deep2" ]
prepared
mkdir "$work/outside$n" && mv "$wt/conf" "$work/outside$n/conf" && ln -s "$work/outside$n/conf" "$wt/conf-link"
release
check "release, moved behind a symlink: exit 0" [ "$rc" -eq 0 ]
check "release, moved behind a symlink: never followed" [ -e "$work/outside$n/conf/.envrc" ]
prepared
mv "$wt/conf" "$wt/conf2" && echo bytes >"$wt/conf2/.envrc"
stage
# (.envrc at any depth is masked: new to the base, it is held back)
check "a moved placeholder with bytes: held back, masked at depth" has "$work/err" "left conf2/.envrc out of the commit (masked)"
release
check "a moved placeholder with bytes: release keeps it" [ -s "$wt/conf2/.envrc" ]

# --- 4. each lost record: said (which record, what was assumed), and
# stage holds back more, never less.
# path-policy.masked-files: the guest renamed a masked directory that held
# a file at boot. With the record, its file is known by inode and held
# back; without it, nothing is staged.
prepared
mv "$wt/secrets" "$wt/renamed"
stage
check "masked-files kept: exit 0" [ "$rc" -eq 0 ]
check "masked-files kept: the moved secret held back" not_indexed renamed/token
prepared
mv "$wt/secrets" "$wt/renamed" && echo new >"$wt/work.c"
rm "$vm/path-policy.masked-files"
before=$(index_sum)
stage
check "masked-files lost: no hang" no_hang
check "masked-files lost: refused" [ "$rc" -eq 1 ]
check "masked-files lost: a warn record names it" has "$work/err" "the boot's record path-policy.masked-files is lost: a masked file the guest moved cannot be told from the colony's work: nothing is staged"
check "masked-files lost: the failure says why and what to do" has "$work/err" "is lost, and secrets/ was masked with what it held at boot"
check "masked-files lost: the moved secret is not staged" not_indexed renamed/token
check "masked-files lost: nothing staged" [ "$(index_sum)" = "$before" ]
check "masked-files lost: not made again by the refusal" [ ! -e "$vm/path-policy.masked-files" ]
stage --snapshot --json
check "masked-files lost, --snapshot: refused" [ "$rc" -eq 1 ]
check "masked-files lost, --snapshot: no tree" eval '! has_re "$work/out" tree'
: >"$vm/path-policy.masked-files" # the user's word: no masked file moved
stage
check "masked-files made empty by the user: staged" eval '[ "$rc" -eq 0 ] && in_index work.c'
# Lost where no masked path held a file at boot (every one a placeholder):
# nothing can have moved; said, and staged.
fresh
printf 'mask-file .netrc\nmask-file .envrc\nprotect CLAUDE.md\n' >"$vm/path-policy"
rm "$vm/path-policy.masked-files" && echo new >"$wt/work.c"
stage
check "masked-files lost, every mask a placeholder: staged" eval '[ "$rc" -eq 0 ] && in_index work.c'
check "masked-files lost, every mask a placeholder: said" has "$work/err" "path-policy.masked-files is lost: no masked path held a file at boot"
# path-policy.placeholder-inodes: a moved placeholder taken by its name.
prepared
mv "$wt/conf" "$wt/conf2" && : >"$wt/conf2/own-empty"
rm "$vm/path-policy.placeholder-inodes"
stage
check "placeholder-inodes lost: exit 0" [ "$rc" -eq 0 ]
check "placeholder-inodes lost: said" has "$work/err" "the boot's record path-policy.placeholder-inodes is lost: an empty new file named as a placeholder is taken for one the guest moved, and left out"
check "placeholder-inodes lost: the moved one left out by its name" not_indexed conf2/.envrc
check "placeholder-inodes lost: another empty file stays" in_index conf2/own-empty
release
check "placeholder-inodes lost: release keeps the moved one (removes less)" [ -e "$wt/conf2/.envrc" ]
check "placeholder-inodes lost: release says so" has "$work/err" "path-policy.placeholder-inodes is lost: a placeholder the guest moved is not looked for"
# path-policy.placeholders: every empty policy path HEAD lacks taken for one.
prepared
rm "$vm/path-policy.placeholders"
stage
check "placeholders lost: exit 0" [ "$rc" -eq 0 ]
check "placeholders lost: said" has "$work/err" "the boot's record path-policy.placeholders is lost: every empty policy path HEAD lacks is taken for a placeholder"
check "placeholders lost: the empty policy paths left out" not_indexed CLAUDE.md .netrc

echo "test-stage-fail: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
