#!/usr/bin/env bash
# What the guest masked stays out, at any checkout root (issue 28, point 2).
# A nested checkout the agent made plain (its .git renamed away, or a
# submodule's gitfile deleted and its gitlink removed): its masked files,
# new to the repository, are held back, and the moved git directory is
# never staged as files. A file the root tracks at a masked path below a
# checkout the boot found (prepare records them) is reset to the base's
# version; one under no bind was the agent's and stays. A lost record holds
# back more. No root needed. Usage: test-stage-nested.sh PATHPOLICY
set -u
pp=$1
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
printf '[user]\n\temail = t@example.invalid\n\tname = test\n[init]\n\tdefaultBranch = main\n[protocol "file"]\n\tallow = always\n[advice]\n\taddEmbeddedRepo = false\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n' >"$GIT_CONFIG_GLOBAL"

# The nested checkouts' upstream: its own .gitignore keeps its secrets out.
git init -q "$work/up"
(cd "$work/up" && echo a >a.txt && printf '.envrc\nsecrets/\n' >.gitignore && git add -A && git commit -qm up) || exit 1

n=0
# fresh: a root repository, prepared with the built-ins and a masked
# secrets/ directory; $wt and $vm name it. The repository is made once
# and copied for each (one cp -a of both: no path in it names its own).
fresh() {
  if [ ! -d "$work/template" ]; then
    mkdir -p "$work/template/vm" && git init -q "$work/template/wt" || exit 1
    (cd "$work/template/wt" && echo code >main.c && printf 'nested/\n' >.gitignore && git add -A && git commit -qm init) >/dev/null || exit 1
  fi
  n=$((n + 1)); wt=$work/c$n/wt vm=$work/c$n/vm
  cp -a "$work/template" "$work/c$n" || exit 1
  printf '{"sandbox": {"mask_paths": ["secrets/"]}}\n' >"$work/modules.json"
}
# sub_add: git submodule add without git submodule (tests/sub-add.sh)
source "${BASH_SOURCE[0]%/*}/sub-add.sh" || exit 1
prepare() { "$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>"$work/prep.err" || { cat "$work/prep.err"; exit 1; }; }
stage() { "$pp" stage --worktree "$wt" --out "$vm" "$@" >"$work/out" 2>"$work/err"; rc=$?; }
# The checks, each one process at most (bash reads the records).
in_index() { git -C "$wt" ls-files --error-unmatch -- "$1" >/dev/null 2>&1; }
# not_indexed PATH...: the index has no entry at any PATH (git ls-files
# lists none; it was ! git ls-files --error-unmatch, which passed when
# one PATH had none however many others had, and when git failed)
not_indexed() { git -C "$wt" ls-files -- "$@" >"$work/cmd.out" 2>/dev/null && [ ! -s "$work/cmd.out" ]; }
# none_under PATH: git ls-files PATH lists nothing
none_under() { git -C "$wt" ls-files -- "$1" >"$work/cmd.out"; [ ! -s "$work/cmd.out" ]; }
has() { local s=; IFS= read -r -d '' s <"$1"; [[ $s == *"$2"* ]]; }
# lines_with FILE STR: how many lines of FILE hold STR (grep -c)
lines_with() { local l k=0; while IFS= read -r l || [ -n "$l" ]; do [[ $l == *"$2"* ]] && k=$((k + 1)); done <"$1"; echo $k; }
has_re() { local l; while IFS= read -r l || [ -n "$l" ]; do [[ $l =~ $2 ]] && return 0; done <"$1"; return 1; }
# recorded FILE NAME: NAME is one of the NUL-separated FILE's entries
recorded() { local e; mapfile -d '' -t rec <"$1"; for e in "${rec[@]}"; do [ "$e" = "$2" ] && return 0; done; return 1; }
# first_recorded FILE NAME: NAME is the NUL-separated FILE's first entry
first_recorded() { mapfile -d '' -t rec <"$1"; [ "${rec[0]:-}" = "$2" ]; }
# same_object A B: git rev-parse names one object for both
same_object() { local o; o=$(git -C "$wt" rev-parse "$1" "$2" 2>/dev/null) || return 1; [ "${o%%$'\n'*}" = "${o#*$'\n'}" ]; }
# fsck without the commit-graph and multi-pack-index verifications it runs
# as two more gits: no repository here has either.
fsck_ok() { git -C "$wt" -c core.commitGraph=false -c core.multiPackIndex=false fsck --no-progress >/dev/null 2>&1; }
# no_object BYTES: git's object store holds no blob of those bytes
no_object() { ! git -C "$wt" cat-file -e "$(printf '%s' "$1" | git hash-object --stdin)" 2>/dev/null; }

# --- 1. a nested checkout made plain by renaming its .git away
fresh
git clone -q "$work/up" "$wt/vendor/x"
printf 'TOKEN=x-real' >"$wt/vendor/x/.envrc"
mkdir -p "$wt/vendor/x/secrets" && printf 'KEY=x-secret' >"$wt/vendor/x/secrets/k"
git -C "$wt/vendor/x" config remote.origin.url 'https://user:tok-in-url@example.invalid/x.git'
prepare
check "prepare: the nested checkout recorded" recorded "$vm/path-policy.checkouts" vendor/x
check "prepare: the record is complete" first_recorded "$vm/path-policy.checkouts" complete
# the agent: the .git renamed (the binds inside it go along), .gitignore gone
mv "$wt/vendor/x/.git" "$wt/vendor/x/old-git"
rm "$wt/vendor/x/.gitignore"
stage
check "un-nested: exit 0" [ "$rc" -eq 0 ]
check "un-nested: the colony's file is staged" in_index vendor/x/a.txt
check "un-nested: .envrc held back" not_indexed vendor/x/.envrc
check "un-nested: ... and named" has "$work/err" 'left vendor/x/.envrc out of the commit (masked)'
check "un-nested: a masked directory's file held back" not_indexed vendor/x/secrets/k
check "un-nested: the moved git directory is not staged" none_under vendor/x/old-git
check "un-nested: ... named once" eval '[ "$(lines_with "$work/err" "left vendor/x/old-git out of the commit (a git directory)")" = 1 ]'
check "un-nested: the secrets' bytes are not in .git/objects" no_object 'TOKEN=x-real'
check "un-nested: ... the masked directory's either" no_object 'KEY=x-secret'
# (git grep's 1 only: no match; it was ! git grep, which passed when
# write-tree or git grep failed)
check "un-nested: ... nor the moved config" \
  eval 'tree=$(git -C "$wt" write-tree) && { git -C "$wt" grep -q tok-in-url "$tree" 2>/dev/null; [ $? -eq 1 ]; }'
check "un-nested: the files stay in the worktree" [ -s "$wt/vendor/x/.envrc" ]
check "un-nested: git fsck" fsck_ok
# the same, --snapshot: its tree holds none of them either
git -C "$wt" reset -q
stage --snapshot --json
check "un-nested, snapshot: exit 0" [ "$rc" -eq 0 ]
check "un-nested, snapshot: nothing masked or of the git dir listed" eval '! has_re "$work/out" "envrc|secrets/k|old-git"'

# --- 2. a submodule made plain: its gitfile deleted, its gitlink removed
fresh
{ sub_add "$wt" "" .git "$work/up" vendor/s && git -C "$wt" commit -qm sub; } >/dev/null 2>&1 || exit 1
printf 'TOKEN=s-real' >"$wt/vendor/s/.envrc"
prepare
rm "$wt/vendor/s/.git" "$wt/vendor/s/.gitignore"
git -C "$wt" rm -q --cached vendor/s
stage
check "plain submodule: exit 0" [ "$rc" -eq 0 ]
check "plain submodule: its file staged" in_index vendor/s/a.txt
check "plain submodule: .envrc held back" not_indexed vendor/s/.envrc
check "plain submodule: ... named" has "$work/err" 'left vendor/s/.envrc out of the commit (masked)'
check "plain submodule: its bytes not in .git/objects" no_object 'TOKEN=s-real'
check "plain submodule: git fsck" fsck_ok

# --- 3. tracked below a checkout the boot found: the base's; elsewhere: the agent's
fresh
mkdir -p "$wt/lib" "$wt/app"
printf 'LIB=base' >"$wt/lib/.env" && printf 'APP=base' >"$wt/app/.env"
git -C "$wt" add lib/.env app/.env && git -C "$wt" commit -qm tracked
git -C "$wt/lib" init -q # lib becomes a checkout of its own; the root still tracks lib/.env
prepare
check "prepare: lib recorded, app not" eval 'recorded "$vm/path-policy.checkouts" lib && ! recorded "$vm/path-policy.checkouts" app'
printf 'LIB=changed' >"$wt/lib/.env" && printf 'APP=changed' >"$wt/app/.env"
stage
check "tracked: exit 0" [ "$rc" -eq 0 ]
check "tracked: below a boot checkout, reset to the base's blob" \
  same_object :lib/.env HEAD:lib/.env
check "tracked: ... named" has "$work/err" 'left lib/.env out of the commit (masked)'
check "tracked: under no bind, the agent's change stays" \
  eval '[ "$(git -C "$wt" cat-file -p :app/.env)" = APP=changed ]'
check "tracked: ... reported as changed" has "$work/err" 'app/.env is masked and changed during the session'
check "tracked: git fsck" fsck_ok
# the record lost: held back too, and said
git -C "$wt" reset -q
rm "$vm/path-policy.checkouts" "$vm/path-policy.reported"
stage
check "lost record: exit 0" [ "$rc" -eq 0 ]
check "lost record: app/.env held back to the base's too" \
  same_object :app/.env HEAD:app/.env
check "lost record: a warn record names it" has "$work/err" 'path-policy.checkouts) is lost'

# --- 4. git directories of other shapes: a bare repository, a linked
# worktree's gitdir, and one named with a newline
fresh
prepare
git init -q --bare "$wt/junk.git"
git -C "$wt/junk.git" config remote.origin.url 'https://u:tok2@example.invalid/'
mkdir -p "$wt/wtdir" && echo 'ref: refs/heads/main' >"$wt/wtdir/HEAD" && echo ../.git >"$wt/wtdir/commondir"
echo x >"$wt/wtdir/index.txt"
nl=$'odd\nname.git'
git init -q --bare "$wt/$nl"
echo fine >"$wt/fine.txt"
stage
check "git dirs: exit 0" [ "$rc" -eq 0 ]
check "git dirs: a bare repository not staged" none_under junk.git
check "git dirs: ... named" has "$work/err" 'left junk.git out of the commit (a git directory)'
check "git dirs: a linked worktree's gitdir not staged" none_under wtdir
check "git dirs: a name with a newline, escaped on one line" has "$work/err" 'left odd\nname.git out of the commit (a git directory)'
check "git dirs: an ordinary file staged" in_index fine.txt
check "git dirs: git fsck" fsck_ok

# --- 5. a masked file's directory renamed in a boot checkout: the bind of
# vendor/x/config/master.key goes along to vendor/x/cfg/master.key, a name
# no entry matches; prepare knew the file by its inode (as at the root)
for how in plain submodule; do
  fresh
  printf '{"sandbox": {"mask_paths": ["config/master.key"]}}\n' >"$work/modules.json"
  if [ $how = submodule ]; then
    { sub_add "$wt" "" .git "$work/up" vendor/x && git -C "$wt" commit -qm sub; } >/dev/null 2>&1 || exit 1
  else
    git clone -q "$work/up" "$wt/vendor/x"
  fi
  mkdir "$wt/vendor/x/config" && printf 'MASTER=%s-real' $how >"$wt/vendor/x/config/master.key"
  prepare
  mv "$wt/vendor/x/config" "$wt/vendor/x/cfg"
  if [ $how = submodule ]; then
    rm "$wt/vendor/x/.git" && git -C "$wt" rm -q --cached vendor/x
  else
    mv "$wt/vendor/x/.git" "$wt/vendor/x/old-git"
  fi
  stage
  check "renamed directory, $how: exit 0" [ "$rc" -eq 0 ]
  check "renamed directory, $how: the checkout's file staged" in_index vendor/x/a.txt
  check "renamed directory, $how: the masked file held back at its new path" \
    not_indexed vendor/x/cfg/master.key
  check "renamed directory, $how: ... named" has "$work/err" 'left vendor/x/cfg/master.key out of the commit (masked)'
  check "renamed directory, $how: its bytes not in .git/objects" no_object "MASTER=$how-real"
  check "renamed directory, $how: git fsck" fsck_ok
done

echo "stage-nested: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
