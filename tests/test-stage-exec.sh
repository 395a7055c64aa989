#!/usr/bin/env bash
# stage runs none of the agent's programs on the host (issue 28, point 1).
# Nested checkouts, registered in .gitmodules or not, clean, dirty and with
# their HEAD moved, each set every config key, attribute and hook that runs
# a program to one that writes a marker; so do the root repository's hooks.
# The marker never appears, in the normal and the --snapshot mode, while
# the root repository's own filters (git-lfs among them) still run, and
# each gitlink is staged at its nested checkout's HEAD, as git add would.
# No root needed. Usage: test-stage-exec.sh PATHPOLICY
set -u
pp=$1
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir "$TMPDIR"
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
command -v git-lfs >/dev/null || { echo "test-stage-exec.sh: needs git-lfs, a test dependency (tools/bootstrap)"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
# The test's own git config, written as text (a git config call a key is a
# process each); no automatic maintenance for the test's own commits (stage
# passes gc.auto=0 and maintenance.auto=false to every git it runs).
printf '[user]\n\temail = t@example.invalid\n\tname = test\n[init]\n\tdefaultBranch = main\n[protocol "file"]\n\tallow = always\n[advice]\n\taddEmbeddedRepo = false\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n' >"$GIT_CONFIG_GLOBAL"
git lfs install --skip-repo >/dev/null # the host's: the lfs filter in the global config

marker=$work/marker
mark=$work/mark
printf -v mark_text '#!/bin/sh\necho "$0 $*" >>"%s"\ncat\n' "$marker"
printf '%s' "$mark_text" >"$mark"
chmod +x "$mark"
# armed: every hook file written (by bash: a cp each was 430 processes),
# made executable at once when the template is built
armed=()
hooks="applypatch-msg pre-applypatch post-applypatch pre-commit pre-merge-commit prepare-commit-msg
  commit-msg post-commit pre-rebase post-checkout post-merge pre-push pre-receive update proc-receive
  post-receive post-update reference-transaction push-to-checkout pre-auto-gc post-rewrite
  sendemail-validate fsmonitor-watchman post-index-change"

# arm_gitdir DIR: every key in DIR's config that runs a program, and every
# hook, in DIR's hooks/ and in a core.hooksPath of its own, run the marker.
# The hooksPath directory is outside the checkouts ($work/evil-hooks/...):
# an absolute path, it is the template's in every copy anyway, and so is
# not copied with each case.
arm_gitdir() {
  local d=$1 k e=$work/evil-hooks/${1//\//_}
  mkdir -p "$d/hooks" "$e"
  for k in $hooks; do
    printf '%s' "$mark_text" >"$d/hooks/$k"; printf '%s' "$mark_text" >"$e/$k"
    armed+=("$d/hooks/$k" "$e/$k")
  done
  printf '[core]\n\tfsmonitor = %s\n' "$mark" >"$d/evil.inc"
  # appended as text: a git config call a key is a thousand gits a run
  cat >>"$d/config" <<EOF
[include]
	path = evil.inc
[core]
	hooksPath = $e
	pager = $mark core.pager
	editor = $mark core.editor
	askPass = $mark core.askPass
	sshCommand = $mark core.sshCommand
	gitProxy = $mark core.gitProxy
	alternateRefsCommand = $mark core.alternateRefsCommand
[credential]
	helper = $mark credential.helper
[diff]
	external = $mark diff.external
[diff "evil"]
	textconv = $mark diff.evil.textconv
	command = $mark diff.evil.command
[filter "evil"]
	clean = $mark filter.evil.clean
	smudge = $mark filter.evil.smudge
	process = $mark filter.evil.process
	required = true
[merge "evil"]
	driver = $mark merge.evil.driver
[gpg]
	program = $mark gpg.program
[sequence]
	editor = $mark sequence.editor
[pager]
	status = $mark pager.status
	diff = $mark pager.diff
[uploadpack]
	packObjectsHook = $mark uploadpack.packObjectsHook
[remote "origin"]
	uploadpack = $mark remote.origin.uploadpack
[interactive]
	diffFilter = $mark interactive.diffFilter
[gc]
	auto = 1
EOF
  git config -f "$d/config" --list >/dev/null || { echo "arm: a config git cannot read"; exit 1; }
}
# arm CHECKOUT: its git dir, and attributes that name the evil drivers.
arm() {
  local c=$1
  arm_gitdir "$(git -C "$c" rev-parse --absolute-git-dir)"
  printf '* filter=evil diff=evil merge=evil\n' >"$c/.gitattributes"
  printf '[submodule "deep"]\n\tpath = deep\n\turl = ./deep\n\tupdate = !%s update\n' "$mark" >>"$c/.gitmodules"
}

# The nested checkouts' upstream.
git init -q "$work/up"
(cd "$work/up" && echo a >a.txt && echo b >b.txt && git add -A && git commit -qm up) || exit 1

n=0
# fresh: a root repository with registered submodules and nested checkouts
# of every shape; $wt and $vm name it, $vm/expect.* the gitlinks git add
# stages. Made once, copied for each (every path in it is relative).
fresh() {
  [ -d "$work/template" ] || build "$work/template/wt" "$work/template/vm"
  n=$((n + 1)); wt=$work/c$n/wt vm=$work/c$n/vm
  cp -a "$work/template" "$work/c$n" || exit 1
  [ ! -e "$marker" ] || rm -f "$marker"
}
# sub_add: git submodule add without git submodule (tests/sub-add.sh)
source "${BASH_SOURCE[0]%/*}/sub-add.sh" || exit 1
build() {
  wt=$1 vm=$2
  mkdir -p "$work/template"
  git init -q "$wt" && mkdir "$vm"
  (cd "$wt" && echo code >main.c && printf '*.bin filter=lfs diff=lfs merge=lfs -text\n' >.gitattributes &&
    git add -A && git commit -qm init &&
    for s in sub-clean sub-dirty sub-moved; do sub_add "$wt" "" .git "$work/up" "vendor/$s" || exit 1; done &&
    for s in plain-clean plain-dirty plain-moved; do git clone -q "$work/up" "nested/$s" || exit 1; done &&
    git add -A && git commit -qm nested &&
    sub_add "$wt" vendor/sub-clean .git/modules/vendor/sub-clean "$work/up" deep && git -C vendor/sub-clean commit -qm deep &&
    git add vendor/sub-clean && git commit -qm deep) >/dev/null 2>&1 || { echo "fresh: setup failed"; exit 1; }
  git clone -q "$work/up" "$wt/nested/new-dirty"
  for c in vendor/sub-moved nested/plain-moved; do
    (cd "$wt/$c" && echo c >c.txt && git add c.txt && git commit -qm moved) >/dev/null
  done
  # what git add stages for each gitlink: its checkout's HEAD
  for c in vendor/sub-clean vendor/sub-dirty vendor/sub-moved nested/plain-clean nested/plain-dirty \
    nested/plain-moved nested/new-dirty; do
    git -C "$wt/$c" rev-parse HEAD >"$vm/expect.${c//\//_}"
  done
  for c in vendor/sub-clean vendor/sub-dirty vendor/sub-moved vendor/sub-clean/deep nested/plain-clean \
    nested/plain-dirty nested/plain-moved nested/new-dirty; do
    arm "$wt/$c"
  done
  for c in vendor/sub-dirty nested/plain-dirty nested/new-dirty; do
    echo dirty >>"$wt/$c/a.txt"; echo new >"$wt/$c/untracked.txt"
  done
  # the root's hooks are the host's, but none runs either
  for k in $hooks; do printf '%s' "$mark_text" >"$wt/.git/hooks/$k"; armed+=("$wt/.git/hooks/$k"); done
  chmod +x "${armed[@]}"
  # git init's sample hooks (never run: a .sample name) out of the
  # template, not copied with each case
  find "$wt" -name '*.sample' -delete
  # the colony's own work: a file, and one behind the root's lfs filter
  echo work >"$wt/work.c"
  head -c 3000 /dev/urandom >"$wt/blob.bin"
  printf 'mask-file .env\nprotect .git/config\nprotect .git/hooks/\n' >"$vm/path-policy"
  : >"$vm/path-policy.placeholders"
  : >"$vm/path-policy.masked-files" # the record there (lost, stage refuses)
  git -C "$wt" rev-parse HEAD >"$vm/path-policy.base"
}
stage() { "$pp" stage --worktree "$wt" --out "$vm" "$@" >"$work/out" 2>"$work/err"; rc=$?; }
# The checks, each one process at most (bash reads what git says).
# gitlink_at PATH: the index has one entry at PATH, a gitlink at the HEAD
# git add stages for it
gitlink_at() {
  local e= o; IFS= read -r e <"$vm/expect.${1//\//_}"; o=$(git -C "$wt" ls-files -s -- "$1")
  [[ $o == "160000 $e "[0-3]$'\t'"$1" ]]
}
no_marker() { [ ! -e "$marker" ] || { echo "ran on the host:"; sort -u "$marker"; false; }; }
# out_has ERE CMD...: a line CMD writes matches ERE (CMD | grep -qE)
out_has() {
  local re=$1 l; shift; "$@" >"$work/cmd.out" 2>/dev/null
  while IFS= read -r l || [ -n "$l" ]; do [[ $l =~ $re ]] && return 0; done <"$work/cmd.out"; return 1
}
# out_lacks ERE CMD...: CMD succeeds and no line it writes matches ERE
out_lacks() {
  local re=$1 l; shift; "$@" >"$work/cmd.out" 2>/dev/null || return 1
  while IFS= read -r l || [ -n "$l" ]; do [[ $l =~ $re ]] && return 1; done <"$work/cmd.out"; return 0
}
is_lfs_pointer() { out_has '^version https://git-lfs' git -C "$wt" cat-file -p ":$1"; }
in_index() { git -C "$wt" ls-files --error-unmatch -- "$1" >/dev/null; }
# one_entry_of_mode MODE PATH: git ls-files -s -- PATH is one line, of MODE
one_entry_of_mode() { local o; o=$(git -C "$wt" ls-files -s -- "$2"); [[ $o == "$1 "* && $o != *$'\n'* ]]; }
has() { local s=; IFS= read -r -d '' s <"$1"; [[ $s == *"$2"* ]]; }
# nothing inside a nested checkout has an entry of its own (git ls-files
# must succeed: ! out_has passed when it failed)
none_inside() { out_lacks '^(vendor|nested)/[^/]+/' git -C "$wt" ls-files; }
# fsck without the commit-graph and multi-pack-index verifications it runs
# as two more gits: no repository here has either.
fsck_ok() { git -C "$wt" -c core.commitGraph=false -c core.multiPackIndex=false fsck --no-progress >/dev/null 2>&1; }

# --- the control: git add -A alone runs the agent's program (the test can fail)
fresh
git -C "$wt" -c core.hooksPath=/dev/null -c core.fsmonitor=false -c diff.ignoreSubmodules=all \
  -c submodule.recurse=false add -A >/dev/null 2>&1
check "control: a hardened git add -A runs a nested checkout's program" [ -s "$marker" ]

# --- stage, and stage --snapshot: nothing of the agent's runs
# (split: an index this reader leaves to git, so git lists the gitlinks)
for mode in stage split snapshot; do
  fresh
  [ "$mode" = split ] && git -C "$wt" -c core.hooksPath=/dev/null update-index --split-index
  if [ "$mode" = snapshot ]; then
    cp "$wt/.git/index" "$work/index.before"
    stage --snapshot --json
  else
    stage
  fi
  check "$mode: exit 0" [ "$rc" -eq 0 ]
  [ "$rc" -eq 0 ] || cat "$work/err"
  check "$mode: no program of the agent's ran on the host" no_marker
  if [ "$mode" = snapshot ]; then
    check "$mode: the real index untouched" cmp -s "$wt/.git/index" "$work/index.before"
    for c in vendor/sub-moved nested/plain-moved nested/new-dirty; do
      check "$mode: $c listed as changed" has "$work/out" "\"$c\""
    done
    check "$mode: vendor/sub-clean not listed" eval '! has "$work/out" \"vendor/sub-clean\"'
  else
    for c in vendor/sub-clean vendor/sub-dirty vendor/sub-moved nested/plain-clean nested/plain-dirty \
      nested/plain-moved nested/new-dirty; do
      check "$mode: $c staged at its HEAD, as git add stages it" gitlink_at "$c"
    done
    check "$mode: nothing inside a nested checkout staged as a file" none_inside
    check "$mode: the colony's file staged" in_index work.c
    check "$mode: the root's lfs filter ran (a pointer staged)" is_lfs_pointer blob.bin
    check "$mode: git fsck" fsck_ok
  fi
done

# --- a gitlink's entry given permission bits by the agent's index (0160755):
# git takes it for a gitlink all the same (S_ISGITLINK: the type bits) and
# git add -A asks git status inside it; so must stage, to keep git add from it
# odd_modes: every gitlink's entry in the index so rewritten, its checksum made again
odd_modes() {
  git -C "$wt" update-index --index-version 2 || exit 1
  perl -e 'use Digest::SHA qw(sha1); my ($f) = @ARGV; open my $h, "<:raw", $f or die; local $/; my $b = <$h>;
    close $h; my $n = unpack("N", substr($b, 8, 4)); my ($off, $hit) = (12, 0);
    for (1 .. $n) { my $len = unpack("n", substr($b, $off + 60, 2)) & 0xfff;
      if (unpack("N", substr($b, $off + 24, 4)) == 0160000) { substr($b, $off + 24, 4) = pack("N", 0160755); $hit++ }
      $off += (62 + $len + 8) & ~7 }
    $hit or die "no gitlink"; substr($b, -20) = sha1(substr($b, 0, -20));
    open $h, ">:raw", $f or die; print $h $b; close $h' "$wt/.git/index" || exit 1
}
fresh
odd_modes
git -C "$wt" -c core.hooksPath=/dev/null -c core.fsmonitor=false -c diff.ignoreSubmodules=all \
  -c submodule.recurse=false add -A >/dev/null 2>&1
check "odd mode, control: git add -A runs a nested checkout's program" [ -s "$marker" ]
for mode in stage split snapshot; do
  fresh
  odd_modes
  [ "$mode" = split ] && git -C "$wt" -c core.hooksPath=/dev/null update-index --split-index
  if [ "$mode" = snapshot ]; then stage --snapshot; else stage; fi
  check "odd mode, $mode: no program of the agent's ran on the host" no_marker
  check "odd mode, $mode: nothing inside a nested checkout staged as a file" none_inside
done

# --- a nested checkout gone, made a file, and one not checked out: as git add
fresh
rm -rf "$wt/nested/plain-clean"
rm -rf "$wt/nested/plain-dirty" && echo file >"$wt/nested/plain-dirty"
rm -rf "$wt/vendor/sub-dirty" && mkdir "$wt/vendor/sub-dirty" # de-initialised: an empty directory
stage
check "shapes: exit 0" [ "$rc" -eq 0 ]
check "shapes: no program ran" no_marker
check "shapes: a checkout gone is a deletion" out_lacks . git -C "$wt" ls-files -- nested/plain-clean
check "shapes: one made a file is that file" one_entry_of_mode 100644 nested/plain-dirty
check "shapes: one not checked out keeps its gitlink" gitlink_at vendor/sub-dirty
check "shapes: git fsck" fsck_ok

# --- git-lfs reads the worktree's .lfsconfig: its program is never run
# (git-lfs takes only safe keys from it; it may then fail the add: closed)
fresh
printf '[lfs "extension.evil"]\n\tclean = %s lfs.extension\n\tsmudge = cat\n\tpriority = 0\n' "$mark" >"$wt/.lfsconfig"
stage
check ".lfsconfig: no program ran" no_marker

echo "stage-exec: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
