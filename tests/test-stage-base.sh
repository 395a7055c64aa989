#!/usr/bin/env bash
# stage judges what publish carries against the boot's base commit
# (VMDIR/path-policy.base, written by prepare), not against HEAD: the
# colony's own commits that bring a credential file, a placeholder or a
# masked path's bytes are refused, naming the commit and the path; a
# masked file goes back to the base's version; release keeps a placeholder
# only when the base carries it; the record lost, HEAD, said. With base ==
# HEAD, no git more (test-stage.sh runs its every case so). Real
# repositories, git fsck after each. No root needed.
# Usage: test-stage-base.sh PATHPOLICY
set -u
. "$(dirname "$0")/lib-keys.sh"
pp=$(realpath "$1")
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir "$TMPDIR"
passed=0 failed=0
# Set by the stage-plumbing suite (tests/meson.build): git's plumbing
# computes what is staged, HEAD listed by git ls-tree every time.
plumbing=${PATHPOLICY_TEST_STAGE_PLUMBING:-0}
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
command -v jq >/dev/null || { echo "test-stage-base.sh: needs jq, a test dependency (tools/bootstrap)"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
# The test's own git config, written as text (a git config call a key is a
# process each); no automatic maintenance for the test's own commits (stage
# passes gc.auto=0 and maintenance.auto=false to every git it runs).
printf '[user]\n\temail = t@example.invalid\n\tname = test\n[init]\n\tdefaultBranch = main\n[advice]\n\tgraftFileDeprecated = false\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n' >"$GIT_CONFIG_GLOBAL"

cat >"$work/modules.json" <<'JSON'
{"sandbox": {"mask_paths": ["secrets/"]}}
JSON
n=0
# fresh: a repository with a commit, prepared for real (the builtins mask
# .env, .envrc, .netrc, .git-credentials and protect .claude/, .mcp.json;
# the last four and .envrc get placeholders); $wt, $vm and $base name them.
# The repository is made once and copied for each (one cp -a of both: no
# path in it names its own), then prepared: prepare records inodes, the
# copy's own.
fresh() {
  if [ ! -d "$work/template" ]; then
    mkdir -p "$work/template/vm" && git init -q "$work/template/wt" || exit 1
    (cd "$work/template/wt" && echo code >main.c && printf 'TOKEN=1\n' >.env && mkdir -p secrets && echo k >secrets/k &&
      echo notes >notes.txt && git add -A && git commit -qm init) || exit 1
    template_base=$(git -C "$work/template/wt" rev-parse HEAD)
    # git init's sample hooks (never run: a .sample name) out of the
    # template, not copied with each case
    find "$work/template/wt/.git/hooks" -name '*.sample' -delete
  fi
  n=$((n + 1)); wt=$work/c$n/wt vm=$work/c$n/vm
  cp -a "$work/template" "$work/c$n" || exit 1
  "$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>"$work/prep.err" || {
    echo "FAIL: prepare: $(cat "$work/prep.err")"; exit 1; }
  base=$template_base # the copy's HEAD
}
commit() { git -C "$wt" add -f "$@" && git -C "$wt" commit -qm "colony: $*"; }
stage() { "$pp" stage --worktree "$wt" --out "$vm" "$@" >"$work/out" 2>"$work/err"; rc=$?; }
# fsck without the commit-graph and multi-pack-index verifications it runs
# as two more gits: no repository here has either.
fsck_ok() { git -C "$wt" -c core.commitGraph=false -c core.multiPackIndex=false fsck --no-progress >/dev/null 2>&1; }
# head_of: HEAD's commit in $head, read as git reads it: HEAD names a
# branch whose ref git commit wrote loose (no git process; none is packed
# here, and a ref not found is the test's failure)
head_of() {
  local r=; head=
  IFS= read -r r <"$wt/.git/HEAD" && [[ $r == 'ref: '* ]] && IFS= read -r head <"$wt/.git/${r#ref: }"
  [[ $head =~ ^[0-9a-f]{40}$ ]] || { echo "head_of: HEAD's ref is not a loose ref"; exit 1; }
}
# The checks, each one process at most (bash reads the records).
has() { local s=; IFS= read -r -d '' s <"$1"; [[ $s == *"$2"* ]]; }
lacks() { ! has "$@"; }
# has_re FILE ERE: a line of FILE matches ERE (grep -qE)
has_re() { local l; while IFS= read -r l || [ -n "$l" ]; do [[ $l =~ $2 ]] && return 0; done <"$1"; return 1; }
has_line() { local l; while IFS= read -r l || [ -n "$l" ]; do [ "$l" = "$2" ] && return 0; done <"$1"; return 1; }
# out_has ERE CMD...: a line CMD writes matches ERE (CMD | grep -qE, CMD's status ignored as in a pipe)
out_has() { local re=$1; shift; "$@" >"$work/cmd.out" 2>/dev/null; has_re "$work/cmd.out" "$re"; }
# out_lacks ERE CMD...: CMD succeeds and no line it writes matches ERE
out_lacks() { local re=$1; shift; "$@" >"$work/cmd.out" 2>/dev/null && ! has_re "$work/cmd.out" "$re"; }
# first_line FILE: the file's first line, in $line
first_line() { line=; IFS= read -r line <"$1"; }
# empty_record FILE: FILE is there and empty
empty_record() { [ -f "$1" ] && [ ! -s "$1" ]; }
in_index() { git -C "$wt" ls-files --error-unmatch -- "$1" >/dev/null 2>&1; }
# index_blob PATH: the blob of PATH's entry (every line's, as cut would, when there are more)
index_blob() {
  local o; o=$(git -C "$wt" ls-files -s -- "$1")
  [[ $o == *$'\n'* ]] && { printf '%s\n' "$o"; return; }
  o=${o#* }; printf '%s\n' "${o%% *}"
}
# refused_commit C P: a commit-refused record names commit C and path P
refused_commit() { has "$work/err" "path policy: refused commit $1: it brings $2,"; }
# The questions to --json's output, asked of it by one jq (a jq is ~40 ms
# of CPU): q KEY EXPR and qr KEY C P R set them, ask asks them all, ok KEY
# is KEY's answer: EXPR held as jq -e EXPR would exit 0 (its last output
# neither false nor null; no output or an error fails); qr's EXPR: --json's
# refused_commits holds {commit C, path P, reason R}. val KEY: the answer
# to q KEY EXPR, a value, in $val (jq -r EXPR's output).
qs=() qargs=() qkeys=()
declare -A ans
q() { qkeys+=("$1"); qs+=("(try ([$2] | length > 0 and (last | . != null and . != false)) catch false)"); }
qv() { qkeys+=("$1"); qs+=("(try ([$2] | last) catch null)"); }
qr() {
  local i=${#qkeys[@]}
  qargs+=(--arg "c$i" "$2" --arg "p$i" "$3" --arg "r$i" "$4")
  q "$1" "any(.refused_commits[]; .commit == \$c$i and .path == \$p$i and .reason == \$r$i)"
}
ask() {
  local prog i=0 l
  local IFS=,; prog="${qs[*]}"
  ans=()
  jq -r "${qargs[@]}" "$prog" "$work/out" >"$work/ans" 2>/dev/null
  # one document: one answer to each question, in order
  while IFS= read -r l; do ans[${qkeys[i]:-extra}]=$l; i=$((i + 1)); done <"$work/ans"
  [ "$i" -eq "${#qkeys[@]}" ] || ans=()
  qs=() qargs=() qkeys=()
}
ok() { [ "${ans[$1]:-}" = true ]; }
val() { val=${ans[$1]:-}; }
key() { fake_openssh_key; }

# --- prepare records the base: HEAD's commit; kept by a second prepare
fresh
first_line "$vm/path-policy.base"
check "prepare: the base is HEAD's commit" [ "$line" = "$base" ]
check "prepare: no base-unknown record" lacks "$work/prep.err" 'no base commit'
echo x >"$wt/x.c" && commit x.c
"$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>/dev/null
first_line "$vm/path-policy.base"
check "prepare again (a resume): the first base kept" [ "$line" = "$base" ]
n=$((n + 1)); git init -q "$work/wt$n" && mkdir "$work/vm$n"
"$pp" prepare --worktree "$work/wt$n" --out "$work/vm$n" --modules "$work/modules.json" 2>"$work/prep.err"
check "prepare, no commit yet: the base is none (an empty record)" empty_record "$work/vm$n/path-policy.base"
n=$((n + 1)); mkdir "$work/wt$n" "$work/vm$n"
"$pp" prepare --worktree "$work/wt$n" --out "$work/vm$n" --modules "$work/modules.json" 2>"$work/prep.err"
check "prepare, no repository: the base is none, nothing said" eval 'empty_record "$work/vm$n/path-policy.base" && lacks "$work/prep.err" base'

# --- a committed .env.local: refused, naming the commit; the same in --snapshot --json
fresh
echo "$FAKE_ENV" >"$wt/.env.local" && commit .env.local
head_of; c=$head
git -C "$wt" read-tree HEAD && cp "$wt/.git/index" "$work/index.before"
stage --snapshot --json
qr refused "$c" .env.local credential
q without '(.files_changed | index(".env.local")) == null and .tree != null'
ask
check "committed .env.local, snapshot: exit 3" [ "$rc" -eq 3 ]
check "committed .env.local, snapshot: the commit and the path in refused_commits" ok refused
check "committed .env.local, snapshot: the record names the commit" refused_commit "$c" .env.local
check "committed .env.local, snapshot: files_changed against the base, without it" ok without
check "committed .env.local, snapshot: the real index untouched" cmp -s "$wt/.git/index" "$work/index.before"
stage
check "committed .env.local: exit 3" [ "$rc" -eq 3 ]
check "committed .env.local: the record names the commit and the path" refused_commit "$c" .env.local
check "committed .env.local: one stage-refused names it" has "$work/err" "the colony's commits carry 1 path stage cannot take out: .env.local, .env.local in ${c:0:12}"
check "committed .env.local: new to the base, unstaged too" has "$work/err" 'refused to commit .env.local:'
check "committed .env.local: git fsck" fsck_ok

# --- a committed OpenSSH private key (by its bytes), deleted again by a
# later commit: the history still carries it
fresh
key >"$wt/deploy.txt" && commit deploy.txt
head_of; c=$head
git -C "$wt" rm -q deploy.txt && git -C "$wt" commit -qm "colony: gone again"
echo 'int x;' >"$wt/ok.c" && commit ok.c
stage --snapshot --json
qr refused "$c" deploy.txt credential
q one '(.refused_commits | length) == 1'
ask
check "committed key: exit 3" [ "$rc" -eq 3 ]
check "committed key: refused by content, naming the commit" ok refused
check "committed key: only that one" ok one
stage
check "committed key: the record names it" refused_commit "$c" deploy.txt
check "committed key: git fsck" fsck_ok
# ... by its name, in a directory, and a template let through
fresh
mkdir -p "$wt/ci" && key >"$wt/ci/id_ed25519" && echo 'A=' >"$wt/.env.example" && commit ci .env.example
head_of; c=$head
stage --snapshot --json
qr refused "$c" ci/id_ed25519 credential
q template 'all(.refused_commits[]; .path != ".env.example")'
ask
check "committed id_ed25519: refused" ok refused
check "committed .env.example: a template, let through" ok template

# --- the committed empty placeholders: each refused, and out of the index
fresh
commit .envrc .netrc .git-credentials .mcp.json
head_of; c=$head
stage --snapshot --json
for p in .envrc .netrc .git-credentials .mcp.json; do qr "$p" "$c" "$p" placeholder; done
q none '[.files_changed[] | select(. == ".envrc" or . == ".netrc" or . == ".git-credentials" or . == ".mcp.json")] == []'
ask
check "committed placeholders, snapshot: exit 3" [ "$rc" -eq 3 ]
for p in .envrc .netrc .git-credentials .mcp.json; do
  check "committed placeholders, snapshot: $p named with its commit" ok "$p"
done
check "committed placeholders, snapshot: none in files_changed" ok none
stage
check "committed placeholders: exit 3" [ "$rc" -eq 3 ]
check "committed placeholders: .mcp.json's record" refused_commit "$c" .mcp.json
# (each of them: git ls-files lists none; --error-unmatch failed when one
# was missing, however many stayed)
check "committed placeholders: out of the index (the base lacks them)" \
  out_lacks . git -C "$wt" ls-files -- .envrc .netrc .git-credentials .mcp.json
check "committed placeholders: git fsck" fsck_ok
# A placeholder that got bytes in the commit is the colony's work.
fresh
echo '{"servers":{}}' >"$wt/.mcp.json" && commit .mcp.json
stage
check "committed filled placeholder: exit 0" [ "$rc" -eq 0 ]

# --- a committed change to the masked .env: refused; the index back to the
# base's blob (not HEAD's)
fresh
echo 'TOKEN=agent' >"$wt/.env" && commit .env
head_of; c=$head
echo 'TOKEN=host-secret' >"$wt/.env"  # the host's file again, after the VM
stage
check "committed masked .env: exit 3" [ "$rc" -eq 3 ]
check "committed masked .env: the record names the commit" refused_commit "$c" .env
check "committed masked .env: the index holds the base's blob" [ "$(index_blob .env)" = "$(git -C "$wt" rev-parse "$base:.env")" ]
check "committed masked .env: held back" has "$work/err" 'left .env out of the commit (masked)'
check "committed masked .env: no contents in the records" lacks "$work/err" TOKEN
check "committed masked .env: git fsck" fsck_ok
fresh
echo leaked >"$wt/secrets/new" && commit secrets/new
head_of; c=$head
stage --snapshot --json
qr refused "$c" secrets/new masked
qv tree .tree
ask
check "committed file in a masked dir: refused" ok refused
# (git ls-tree must list the tree: a tree not there listed nothing, and passed)
val tree
check "committed file in a masked dir: not in the snapshot's tree" \
  out_lacks '^secrets/new$' git -C "$wt" ls-tree -r --name-only "$val"

# --- HEAD moved by work that is the colony's: nothing refused, the changes
# against the base; a masked file still the base's
fresh
echo more >>"$wt/notes.txt" && mkdir -p "$wt/src" && echo 'int y;' >"$wt/src/y.c" && commit notes.txt src
echo '{"x":1}' >"$wt/.claude/settings.json" && commit .claude/settings.json
echo 'TOKEN=host-secret' >"$wt/.env"
stage --snapshot --json
q changed '(.files_changed | sort) == [".claude/settings.json", "notes.txt", "src/y.c"] and .refused_commits == []'
qv tree .tree
ask
check "colony's work committed: exit 0" [ "$rc" -eq 0 ]
check "colony's work committed: files_changed against the base" ok changed
check "colony's work committed: a committed protected path reported" \
  has "$work/err" 'path policy: .claude/settings.json is protected and changed during the session'
# both blobs from one git rev-parse: two lines, the same
val tree
same_blob() { local a= b=; { IFS= read -r a && IFS= read -r b; } <"$work/cmd.out" && [ -n "$a" ] && [ "$a" = "$b" ]; }
check "colony's work committed: .env in the tree is the base's" \
  eval 'git -C "$wt" rev-parse "$val:.env" "$base:.env" >"$work/cmd.out" 2>/dev/null && same_blob'
check "colony's work committed: no base-lost record" lacks "$work/err" 'is lost'

# --- a merge: the side branch's commit named
fresh
git -C "$wt" checkout -q -b side && echo 'db:5432:app:app:s3cretPassw0rd' >"$wt/.pgpass" && commit .pgpass
head_of; side=$head
git -C "$wt" checkout -q main && echo m >"$wt/m.c" && commit m.c && git -C "$wt" merge -q --no-edit side
stage --snapshot --json
qr named "$side" .pgpass credential
q once '[.refused_commits[] | select(.path == ".pgpass")] | length == 1'
ask
check "merged side branch: its commit named" ok named
check "merged side branch: once" ok once

# --- what git would be shown instead of the commits: a replace ref and a
# graft hide the commit that adds the key (the push sends it all the same)
for how in replace graft; do
  fresh
  echo "$FAKE_ENV" >"$wt/.env.local" && commit .env.local
  head_of; c=$head
  git -C "$wt" rm -q .env.local && git -C "$wt" commit -qm "colony: gone"
  if [ $how = replace ]; then git -C "$wt" replace --graft HEAD "$base"
  else head_of; echo "$head $base" >"$wt/.git/info/grafts"; fi
  check "hidden by a $how: git itself no longer sees the commit" out_lacks "$c" git -C "$wt" rev-list "$base..HEAD"
  stage --snapshot --json
  qr refused "$c" .env.local credential
  ask
  check "hidden by a $how: refused all the same" ok refused
done

# --- .git/shallow (the agent's) naming the colony's commit after the one
# that adds the key: git takes it for a root and lists nothing below it;
# the commit still names its parent, so it is refused, and named
fresh
key >"$wt/id_ed25519" && commit id_ed25519
head_of; c=$head
git -C "$wt" rm -q id_ed25519 && git -C "$wt" commit -qm "colony: gone"
head_of; top=$head
echo "$top" >"$wt/.git/shallow"
check "shallow: git itself no longer sees the commit" out_lacks "$c" git -C "$wt" rev-list "$base..HEAD"
stage --snapshot --json
qr refused "$top" shallow shallow
ask
check "shallow: refused (exit 3)" [ "$rc" -eq 3 ]
check "shallow: the commit the file names, refused" ok refused
stage
check "shallow: ... and said" has "$work/err" "path policy: refused commit $top: the repository's shallow file names it"
# the boot's own boundary (a shallow clone's) is the base's: nothing refused
fresh
echo "$base" >"$wt/.git/shallow"
echo x >"$wt/x.c" && commit x.c
stage
check "shallow at the base: exit 0" [ "$rc" -eq 0 ]

# --- a base without a commit: every commit HEAD has is the colony's
n=$((n + 1)); wt=$work/wt$n vm=$work/vm$n
git init -q "$wt" && mkdir "$vm"
"$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>/dev/null
echo code >"$wt/main.c" && echo "$FAKE_ENV" >"$wt/.env.production" && commit main.c .env.production
head_of; c=$head
stage --snapshot --json
qr refused "$c" .env.production credential
q changed '.files_changed | index("main.c") != null'
ask
check "base none: the first commit judged" ok refused
check "base none: files_changed against the empty tree" ok changed

# --- the base record lost: said, and judged against HEAD as before
fresh
echo "$FAKE_ENV" >"$wt/.env.local" && commit .env.local
rm "$vm/path-policy.base"
stage --snapshot --json
q none '.refused_commits == [] and .refused == []'
ask
check "base lost: warned" has "$work/err" "the boot's base commit (path-policy.base) is lost: judging against HEAD"
check "base lost: judged against HEAD (HEAD's .env.local passes, as before)" \
  eval '[ "$rc" -eq 0 ] && ok none'
echo garbage >"$vm/path-policy.base"
stage
check "base record not a commit id: exit 1, said" eval '[ "$rc" -eq 1 ] && has "$work/err" "holds no commit id"'
echo 0123456789012345678901234567890123456789 >"$vm/path-policy.base"
stage
check "base record a commit the repository lacks: exit 1, said" eval '[ "$rc" -eq 1 ] && has "$work/err" "git ls-tree 0123456789012345678901234567890123456789 failed"'

# --- release keeps a placeholder only when the base carries it
n=$((n + 1)); wt=$work/wt$n vm=$work/vm$n
git init -q "$wt" && mkdir "$vm"
(cd "$wt" && echo code >main.c && : >.envrc && git add -A && git commit -qm init && rm .envrc)
base=$(git -C "$wt" rev-parse HEAD)
"$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>/dev/null
check "release: .envrc, absent at the boot, got a placeholder" eval 'has_line "$vm/path-policy.placeholders" .envrc && [ -f "$wt/.envrc" ]'
commit .netrc  # a placeholder the colony committed: HEAD tracks it, the base does not
"$pp" release --worktree "$wt" --out "$vm" 2>"$work/rel.log"; rc=$?
check "release: exit 0" [ "$rc" -eq 0 ]
check "release: a placeholder the base tracks is kept" eval 'has "$work/rel.log" "kept .envrc: the base commit tracks it" && [ -f "$wt/.envrc" ]'
check "release: one only the colony's commit tracks goes" eval 'has "$work/rel.log" "removed the placeholder .netrc" && [ ! -e "$wt/.netrc" ]'
# The record lost: HEAD, said (and HEAD tracks the colony's .netrc).
: >"$wt/.netrc" && : >"$wt/.git-credentials"
rm "$vm/path-policy.base"
"$pp" release --worktree "$wt" --out "$vm" 2>"$work/rel.log"; rc=$?
check "release, base lost: warned" has "$work/rel.log" "the boot's base commit (path-policy.base) is lost: keeping the placeholders HEAD tracks"
check "release, base lost: a placeholder HEAD tracks kept" eval 'has "$work/rel.log" "kept .netrc: HEAD tracks it" && [ -f "$wt/.netrc" ]'
check "release, base lost: one HEAD lacks goes" eval 'has "$work/rel.log" "removed the placeholder .git-credentials" && [ ! -e "$wt/.git-credentials" ]'

# --- base == HEAD: no git more than before (the pin's rev-parse says
# HEAD's commit)
mkdir -p "$work/bin"
printf '#!/bin/sh\nprintf "%%s\\n" "$*" >>"%s/git.log"\nexec %s "$@"\n' "$work" "$(command -v git)" >"$work/bin/git"
chmod +x "$work/bin/git"
# The same work in two repositories, one whose base record is lost.
for way in base lost; do
  fresh
  [ $way = lost ] && rm "$vm/path-policy.base"
  echo more >>"$wt/notes.txt" && echo 'TOKEN=2' >"$wt/.env"
  : >"$work/git.log"; PATH="$work/bin:$PATH" stage
  check "base == HEAD ($way): exit 0" [ "$rc" -eq 0 ]
  cp "$work/git.log" "$work/git.$way"
done
check "base == HEAD: as many git processes as with no base record" \
  [ "$(wc -l <"$work/git.base")" -eq "$(wc -l <"$work/git.lost")" ]
# (The plumbing way lists HEAD with git ls-tree whatever the base.)
listed='|ls-tree' && [ "$plumbing" = 1 ] && listed=
check "base == HEAD: no rev-list, diff-tree or ls-tree" eval '! has_re "$work/git.base" " (rev-list|diff-tree$listed) "'
check "base == HEAD: the pin's rev-parse asked HEAD's commit" has "$work/git.base" 'HEAD^{commit} HEAD^{tree}'

# Every case of test-stage.sh with base == HEAD: test-stage.sh records the
# base so before each stage (and leaves it lost in the stage-plumbing suite).

echo "stage-base: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
