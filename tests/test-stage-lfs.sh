#!/usr/bin/env bash
# stage against a clean filter (git-lfs's, and any other): a new file whose
# attributes name a filter is judged by its worktree bytes too (the staged
# blob is a pointer, the key is what a checkout smudges back); what this
# stage's git add stored for a path it then refused or held back (the loose
# blob, the LFS object) leaves the store again, and a masked file's bytes
# taken out of .git/lfs/objects are said. Real repositories with git-lfs
# installed in the root repository; no root needed.
# Usage: test-stage-lfs.sh PATHPOLICY
set -u
. "$(dirname "$0")/lib-keys.sh"
pp=$1
command -v git-lfs >/dev/null 2>&1 && git lfs version >/dev/null 2>&1 ||
  { echo "SKIP: git-lfs is not installed (tools/bootstrap installs it)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir "$TMPDIR"
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
# The test's own git config, written as text (a git config call a key is a
# process each); no automatic maintenance for the test's own commits (stage
# passes gc.auto=0 and maintenance.auto=false to every git it runs).
printf '[user]\n\temail = t@example.invalid\n\tname = test\n[init]\n\tdefaultBranch = main\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n' >"$GIT_CONFIG_GLOBAL"

n=0
# fresh: a repository with a commit and git-lfs installed in it (the root's
# own .git/config defines filter.lfs: the host's, as a real one would),
# prepared; $wt and $vm name them.
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
  (cd "$wt" && git lfs install --local >/dev/null && echo code >main.c && printf 'TOKEN=1\n' >.env &&
    git add -A && git -c core.hooksPath=/dev/null commit -qm init) || exit 1
  # git init's sample hooks (never run: a .sample name) out of the
  # template, not copied with each case (git-lfs's own hooks stay)
  find "$wt/.git/hooks" -name '*.sample' -delete
  printf 'mask-file .env\nmask-dir secrets/\nmask-file config/master.key\nprotect .git/config\n' >"$vm/path-policy"
  : >"$vm/path-policy.placeholders"
  : >"$vm/path-policy.masked-files" # the record there (lost, stage refuses)
}
# tgit ARGS...: the test's own commits and checkouts in $wt, without the
# hooks git lfs install wrote (each a git-lfs run, and processes of its
# own, that only keeps lockable files read-only: none is lockable here).
# stage runs every git of its own with core.hooksPath=/dev/null anyway.
tgit() { git -C "$wt" -c core.hooksPath=/dev/null "$@"; }
stage() { "$pp" stage --worktree "$wt" --out "$vm" "$@" >"$work/out" 2>"$work/err"; rc=$?; }
# The checks, each one process at most (bash reads the records).
# fsck without the commit-graph and multi-pack-index verifications it runs
# as two more gits: no repository here has either.
fsck_ok() { git -C "$wt" -c core.commitGraph=false -c core.multiPackIndex=false fsck --no-progress >/dev/null 2>&1; }
has() { local s=; IFS= read -r -d '' s <"$1"; [[ $s == *"$2"* ]]; }
lacks() { ! has "$@"; }
has_line() { local l; while IFS= read -r l || [ -n "$l" ]; do [ "$l" = "$2" ] && return 0; done <"$1"; return 1; }
# index_blob PATH: the blob of PATH's entry (every line's, as cut would, when there are more)
index_blob() {
  local o; o=$(git -C "$wt" ls-files -s -- "$1")
  [[ $o == *$'\n'* ]] && { printf '%s\n' "$o"; return; }
  o=${o#* }; printf '%s\n' "${o%% *}"
}
in_index() { git -C "$wt" ls-files --error-unmatch -- "$1" >/dev/null 2>&1; }
# not_indexed PATH...: the index has no entry at any PATH (git ls-files
# lists none; it was ! git ls-files --error-unmatch, which passed when
# one PATH had none however many others had, and when git failed)
not_indexed() { git -C "$wt" ls-files -- "$@" >"$work/cmd.out" 2>/dev/null && [ ! -s "$work/cmd.out" ]; }
# The LFS object of a file's bytes, where git-lfs keeps it.
lfs_obj() { local h; h=$(sha256sum "$1"); h=${h:0:64}; echo "$wt/.git/lfs/objects/${h:0:2}/${h:2:2}/$h"; }
# pointer PATH: the staged blob's first line is an LFS pointer's
pointer() { local l=; git -C "$wt" cat-file -p ":$1" >"$work/blob" 2>/dev/null; IFS= read -r l <"$work/blob"; [ "$l" = 'version https://git-lfs.github.com/spec/v1' ]; }
no_blob() { ! git -C "$wt" cat-file -e "$1" 2>/dev/null; }
key() { { fake_openssh_key; echo "# $1"; } >"$2"; }

# --- an ordinary LFS file still stages as a pointer, its object kept: the
# root repository's own filter runs
fresh
echo '*.bin filter=lfs diff=lfs merge=lfs -text' >"$wt/.gitattributes"
head -c 4096 /dev/urandom >"$wt/data.bin"
obj=$(lfs_obj "$wt/data.bin")
stage
check "ordinary LFS file: exit 0" [ "$rc" -eq 0 ]
check "ordinary LFS file: staged as a pointer (the root's filter ran)" pointer data.bin
check "ordinary LFS file: its object stays" [ -f "$obj" ]
check "ordinary LFS file: no record of an object taken out" lacks "$work/err" 'lfs/objects'
stage --snapshot
check "ordinary LFS file, snapshot: exit 0" [ "$rc" -eq 0 ]
check "ordinary LFS file, snapshot: its object stays" [ -f "$obj" ]
check "ordinary LFS file: git fsck" fsck_ok

# --- a private key behind filter=lfs: the staged blob is a pointer, the key
# is in the worktree (what a checkout smudges back): refused, its LFS object
# and its pointer's blob out of the store again
fresh
echo '*.txt filter=lfs diff=lfs merge=lfs -text' >"$wt/.gitattributes"
key A "$wt/deploy.txt" && echo 'just notes' >"$wt/notes.txt"
obj=$(lfs_obj "$wt/deploy.txt") notes_obj=$(lfs_obj "$wt/notes.txt")
stage
check "key behind filter=lfs: exit 3" [ "$rc" -eq 3 ]
check "key behind filter=lfs: refused and named" has "$work/err" 'refused to commit deploy.txt:'
check "key behind filter=lfs: unstaged" not_indexed deploy.txt
check "key behind filter=lfs: left in the worktree" [ -s "$wt/deploy.txt" ]
check "key behind filter=lfs: its LFS object taken out of .git/lfs/objects" [ ! -e "$obj" ]
ptr=$(git -C "$wt" lfs pointer --file="$wt/deploy.txt" 2>/dev/null | git -C "$wt" hash-object --stdin)
check "key behind filter=lfs: its pointer's blob taken out of .git/objects" no_blob "$ptr"
check "key behind filter=lfs: the LFS file beside it still stages" pointer notes.txt
check "key behind filter=lfs: ... and its object stays" [ -f "$notes_obj" ]
check "key behind filter=lfs: git fsck" fsck_ok
# The same in snapshot mode (a private index, the same store).
key B "$wt/other.txt"
obj=$(lfs_obj "$wt/other.txt")
stage --snapshot
check "key behind filter=lfs, snapshot: refused" has "$work/err" 'refused to commit other.txt:'
check "key behind filter=lfs, snapshot: its LFS object taken out" [ ! -e "$obj" ]
rm "$wt/deploy.txt" "$wt/other.txt"
stage
check "key behind filter=lfs: deleted, the refusal is cleared" [ "$rc" -eq 0 ]

# The same bytes at a path that stays (one HEAD tracks, let through): the
# pointer's blob and the LFS object are the kept file's too, and stay.
fresh
echo '*.txt filter=lfs diff=lfs merge=lfs -text' >"$wt/.gitattributes"
key F "$wt/kept.txt" && git -C "$wt" add .gitattributes kept.txt && git -C "$wt" commit -qm kept
cp "$wt/kept.txt" "$wt/same.txt"
obj=$(lfs_obj "$wt/same.txt")
stage
check "same bytes kept elsewhere: refused" has "$work/err" 'refused to commit same.txt:'
check "same bytes kept elsewhere: the tracked one is a pointer still" pointer kept.txt
check "same bytes kept elsewhere: the LFS object it names stays" [ -f "$obj" ]
check "same bytes kept elsewhere: git fsck" fsck_ok

# A key an LFS object already held (another branch has the same bytes):
# refused, and the object, which this stage did not make, stays and is said.
fresh
echo '*.txt filter=lfs diff=lfs merge=lfs -text' >"$wt/.gitattributes"
git -C "$wt" add .gitattributes && tgit commit -qm attrs
tgit checkout -q -b side && key C "$wt/old.txt" && git -C "$wt" add old.txt && tgit commit -qm side &&
  tgit checkout -q main
key C "$wt/again.txt"
obj=$(lfs_obj "$wt/again.txt")
stage
check "key an LFS object held before: refused" has "$work/err" 'refused to commit again.txt:'
check "key an LFS object held before: the object stays (the branch needs it)" [ -f "$obj" ]
check "key an LFS object held before: ... and that is said" has "$work/err" "again.txt is left out of the commit, but its bytes stay in .git/lfs/objects"
check "key an LFS object held before: git fsck" fsck_ok

# A plain key (no filter): its loose blob, which git add wrote, goes again.
fresh
key D "$wt/plain.pem"
blob=$(git -C "$wt" hash-object "$wt/plain.pem")
stage
check "plain key: refused" has "$work/err" 'refused to commit plain.pem:'
check "plain key: its blob taken out of .git/objects" no_blob "$blob"
check "plain key: git fsck" fsck_ok

# --- any clean filter of the root's: judged by the worktree bytes, and git
# check-attr (which asks which files name one) runs no program. The root's
# filter (the host's config) rot13s, so its blob shows no key; it writes
# a marker when run. A git on PATH clears the marker before each
# check-attr and logs if that run left one.
fresh
marker=$work/marker
cat >"$work/rot" <<EOF
#!/bin/sh
echo ran >>"$marker"
tr 'A-Za-z' 'N-ZA-Mn-za-m'
EOF
chmod +x "$work/rot"
git -C "$wt" config filter.rot.clean "$work/rot" && git -C "$wt" config filter.rot.smudge "$work/rot"
git -C "$wt" config diff.rot.textconv "$work/rot"
echo '*.k filter=rot diff=rot' >"$wt/.gitattributes"
key E "$wt/hidden.k" && echo 'plain words' >"$wt/fine.k"
mkdir -p "$work/bin"
cat >"$work/bin/git" <<EOF
#!/bin/sh
case " \$* " in
*" check-attr "*)
  rm -f "$marker"; echo check-attr >>"$work/git.log"
  $(command -v git) "\$@"; rc=\$?
  [ -e "$marker" ] && echo "check-attr ran a program" >>"$work/git.log"
  exit \$rc ;;
esac
exec $(command -v git) "\$@"
EOF
chmod +x "$work/bin/git"
: >"$work/git.log"
PATH="$work/bin:$PATH" stage
check "rot13 filter: what it stages shows no key" eval '! tr "A-Za-z" "N-ZA-Mn-za-m" <"$wt/hidden.k" | grep -q "BEGIN OPENSSH"'
check "rot13 filter: the key refused by its worktree bytes" has "$work/err" 'refused to commit hidden.k:'
check "rot13 filter: the other file stages" in_index fine.k
check "rot13 filter: git check-attr was asked" has_line "$work/git.log" check-attr
check "rot13 filter: git check-attr ran no program" lacks "$work/git.log" 'ran a program'
check "rot13 filter: the root's own filter ran (git add)" [ "$(git -C "$wt" cat-file -p :fine.k)" = "cynva jbeqf" ]
: >"$work/git.log"
PATH="$work/bin:$PATH" stage --snapshot
check "rot13 filter, snapshot: refused" has "$work/err" 'refused to commit hidden.k:'
check "rot13 filter, snapshot: git check-attr ran no program" eval 'has_line "$work/git.log" check-attr && lacks "$work/git.log" "ran a program"'
# An attribute the agent wrote that names no driver of the root's: git add
# stores the bytes as they are, and they are judged as ever.
echo '*.k filter=nosuch' >"$wt/.gitattributes"
stage
check "a filter no config defines: refused" has "$work/err" 'refused to commit hidden.k:'

# --- masked files the guest renamed under an LFS attribute: held back (by
# their inode), and their bytes, which git-lfs's clean filter stored in
# .git/lfs/objects, taken out again and said
fresh
mkdir -p "$wt/config" "$wt/secrets" && echo 'name: app' >"$wt/config/app.yml"
git -C "$wt" add config && tgit commit -qm config
echo 'KEY=host-secret-lfs' >"$wt/config/master.key" && echo 'deploy-secret-lfs' >"$wt/secrets/deploy"
mk=$(lfs_obj "$wt/config/master.key") dk=$(lfs_obj "$wt/secrets/deploy")
mk_blob=$(git -C "$wt" hash-object "$wt/config/master.key")
stage # the masked files' inodes recorded
check "masked, in place: exit 0" [ "$rc" -eq 0 ]
mv "$wt/config" "$wt/cfg" && mv "$wt/secrets" "$wt/s2"   # the guest, the masks with them
printf '*.key filter=lfs diff=lfs merge=lfs -text\ns2/** filter=lfs diff=lfs merge=lfs -text\n' >"$wt/.gitattributes"
stage
check "masked, renamed under LFS: exit 0" [ "$rc" -eq 0 ]
check "masked, renamed under LFS: held back" has "$work/err" 'left cfg/master.key out of the commit (masked)'
check "masked, renamed under LFS: a directory's file too" has "$work/err" 'left s2/deploy out of the commit (masked)'
check "masked, renamed under LFS: not staged" not_indexed cfg/master.key s2/deploy
check "masked, renamed under LFS: master.key's bytes out of .git/lfs/objects" [ ! -e "$mk" ]
check "masked, renamed under LFS: deploy's too" [ ! -e "$dk" ]
check "masked, renamed under LFS: a record says so" has "$work/err" "took cfg/master.key's bytes out of .git/lfs/objects"
check "masked, renamed under LFS: ... for each" has "$work/err" "took s2/deploy's bytes out of .git/lfs/objects"
check "masked, renamed under LFS: the record holds no content" eval 'lacks "$work/err" host-secret && lacks "$work/err" deploy-secret'
check "masked, renamed under LFS: the plain blob was never written" no_blob "$mk_blob"
check "masked, renamed under LFS: the rest of the move stages" in_index cfg/app.yml
check "masked, renamed under LFS: git fsck" fsck_ok
stage --snapshot
check "masked, renamed under LFS, snapshot: held back" has "$work/err" 'left cfg/master.key out of the commit (masked)'
check "masked, renamed under LFS, snapshot: the bytes stay out" eval '[ ! -e "$mk" ] && [ ! -e "$dk" ]'

# A masked file HEAD tracks, renamed by the guest to a path under an LFS
# attribute: its staged blob is a pointer, no HEAD blob; known by its inode.
fresh
stage # .env's inode recorded
mv "$wt/.env" "$wt/env.txt" && echo '*.txt filter=lfs diff=lfs merge=lfs -text' >"$wt/.gitattributes"
ek=$(lfs_obj "$wt/env.txt")
stage
check "tracked masked file renamed under LFS: held back" has "$work/err" 'left env.txt out of the commit (masked)'
check "tracked masked file renamed under LFS: .env stays as HEAD has it" eval '[ "$(index_blob .env)" = "$(git -C "$wt" rev-parse HEAD:.env)" ]'
check "tracked masked file renamed under LFS: its bytes out of .git/lfs/objects" [ ! -e "$ek" ]
check "tracked masked file renamed under LFS: said" has "$work/err" "took env.txt's bytes out of .git/lfs/objects"
check "tracked masked file renamed under LFS: git fsck" fsck_ok

echo "stage-lfs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
