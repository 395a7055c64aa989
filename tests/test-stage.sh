#!/usr/bin/env bash
# stage on real repositories: masked paths held back to HEAD's blob,
# placeholders dropped (recorded and lost), changed policy paths reported
# once a colony, credential files refused, snapshot mode, the host's safety
# against what the agent wrote, and the index formats and worktree shapes
# git has. git fsck after each. No root needed.
# Usage: test-stage.sh PATHPOLICY
set -u
. "$(dirname "$0")/lib-keys.sh"
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# stage's private index goes under TMPDIR: our own, so tests running beside
# this one cannot leave a pathpolicy-index.* here, nor see ours.
export TMPDIR=$work/tmp
mkdir "$TMPDIR"
passed=0 failed=0
# Set by the stage-plumbing suite (tests/meson.build): the test build then
# reads no index of its own, and lists HEAD with git ls-tree every time.
plumbing=${PATHPOLICY_TEST_STAGE_PLUMBING:-0}
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
command -v jq >/dev/null || { echo "test-stage.sh: needs jq, a test dependency (tools/bootstrap)"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
# The test's own git config, written as text (a git config call a key is a
# process each). No automatic maintenance for the test's own commits (a git
# maintenance run --auto each, on repositories far below its thresholds):
# stage passes gc.auto=0 and maintenance.auto=false to every git it runs.
printf '[user]\n\temail = t@example.invalid\n\tname = test\n[init]\n\tdefaultBranch = main\n[protocol "file"]\n\tallow = always\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n' >"$GIT_CONFIG_GLOBAL"

n=0
# fresh [SETUP]: a repository with a commit, prepared; $wt and $vm name
# them. Made once, copied for each (one cp -a of both: nothing in them
# names its own path). With SETUP (a function run in a copy, on $wt and
# $vm), from a second template made once, SETUP run in it: the state it
# leaves is the same for every case that starts from it.
fresh() {
  local t=$work/template${1:+-$1}
  [ -d "$work/template" ] || build "$work/template/wt" "$work/template/vm"
  if [ ! -d "$t" ]; then
    wt=$t/wt vm=$t/vm
    cp -a "$work/template" "$t" && "$1" || exit 1
  fi
  n=$((n + 1)); wt=$work/c$n/wt vm=$work/c$n/vm; stale
  cp -a "$t" "$work/c$n" || exit 1
}
policy='mask-file .env
mask-dir secrets/
mask-file .netrc
mask-file .envrc
protect .git/config
protect .git/hooks/
protect .claude/
protect .mcp.json
protect CLAUDE.md
'
build() {
  wt=$1 vm=$2
  # Without git's template (14 sample hooks, a description, info/exclude:
  # a third of what each fresh copies): an empty hooks directory, where a
  # case writes hooks.
  git init -q --template= "$wt" && mkdir -p "$vm" "$wt/secrets" "$wt/.claude" "$wt/.git/hooks" || exit 1
  { echo code >"$wt/main.c" && printf 'TOKEN=1\n' >"$wt/.env" && echo k >"$wt/secrets/k" && printf '' >"$wt/.mcp.json" &&
    echo notes >"$wt/notes.txt" && git -C "$wt" add -A && git -C "$wt" commit -qm init; } || exit 1
  # prepare's records, as the boot made them: the policy, the placeholders.
  printf '%s' "$policy" >"$vm/path-policy"
  : >"$wt/.netrc" && : >"$wt/.envrc" && : >"$wt/CLAUDE.md"
  printf '.netrc\n.envrc\n.claude/\nCLAUDE.md\n' >"$vm/path-policy.placeholders"
  : >"$vm/path-policy.masked-files" # prepare's, made even when empty: its absence is a lost record
}
# The templates the cases below share: config/app.yml committed, or
# config/master.key (KEY=1), and config/master.key masked.
with_app() {
  mkdir "$wt/config" && echo 'name: app' >"$wt/config/app.yml" && git -C "$wt" add config && git -C "$wt" commit -qm config &&
    echo 'mask-file config/master.key' >>"$vm/path-policy"
}
with_key() {
  mkdir "$wt/config" && echo 'KEY=1' >"$wt/config/master.key" && git -C "$wt" add config && git -C "$wt" commit -qm key &&
    echo 'mask-file config/master.key' >>"$vm/path-policy"
}
[[ $pp == /* ]] || pp=$PWD/$pp
# The boot's base commit, as prepare records it: HEAD, written before each
# stage (pp_base, in place of the program), so that every case runs as
# after a real boot (base == HEAD must change nothing: test-stage-base.sh).
# The stage-plumbing suite leaves the record lost instead: each case runs
# with it one way and without it the other.
# base_record WORKTREE OUT: HEAD's commit id (none: empty) into
# OUT/path-policy.base. Read without a git where the repository is plain
# (.git a directory without a commondir, HEAD a branch whose loose ref holds
# a commit id: what git rev-parse HEAD^{commit} says of it, every ref here
# naming a commit); git rev-parse otherwise.
# capture VAR CMD...: VAR=$(CMD) (its output, trailing newlines dropped;
# its status) without the subshell bash forks for a $() here: the EXIT
# trap keeps it from running CMD in place of itself, a process more each.
capture() {
  local -n _cv=$1; shift
  "$@" >"$work/capture"; local r=$?
  _cv=; IFS= read -r -d '' _cv <"$work/capture"
  while [[ $_cv == *$'\n' ]]; do _cv=${_cv%$'\n'}; done
  return $r
}
# what capture sets below (named here for shellcheck, which cannot see it)
hostf='' names='' modhead='' headenv='' num='' gitbin=''
base_record() {
  local w=$1 o=$2 h= r=
  [ -n "$w" ] && [ -d "$o" ] || return 0
  if [ -d "$w/.git" ] && [ ! -e "$w/.git/commondir" ] && [ -f "$w/.git/HEAD" ] && IFS= read -r r <"$w/.git/HEAD" &&
    [[ $r == 'ref: refs/heads/'* ]] && [ -f "$w/.git/${r#ref: }" ] && IFS= read -r h <"$w/.git/${r#ref: }" &&
    [[ $h =~ ^[0-9a-f]{40}$ ]]; then
    :
  else
    capture h git -C "$w" rev-parse -q --verify 'HEAD^{commit}' 2>/dev/null || h=
  fi
  printf '%s' "${h:+$h
}" >"$o/path-policy.base"
}
pp_base() {
  if [ "$1" = stage ]; then
    local i j w= o=
    for ((i = 2; i <= $#; i++)); do
      case "${!i}" in --worktree) j=$((i + 1)); w=${!j} ;; --out) j=$((i + 1)); o=${!j} ;; esac
    done
    base_record "$w" "$o"
  fi
  "$pp_bin" "$@"
}
pp_bin=$pp
[ "$plumbing" != 1 ] && pp=pp_base
stage() { stale; "$pp" stage --worktree "$wt" --out "$vm" "$@" >"$work/out" 2>"$work/err"; rc=$?; }
# The checks, each one process at most: git's answer in one call, the
# records read by bash (read, [[ ]]), not by grep, tr or awk in a pipe.
# fsck without the commit-graph and multi-pack-index verifications it runs
# as two more gits: no repository here has either (nothing writes one: the
# test's config turns maintenance off, stage passes core.commitGraph=false).
fsck_ok() { git -C "$wt" -c core.commitGraph=false -c core.multiPackIndex=false fsck --no-progress >/dev/null 2>&1; }
# The index's questions answered from two listings a state, not a git a
# check: what git ls-files -s lists, and what git diff-index --cached HEAD
# names (each run once, when a check first asks, after each stage or
# fresh; nothing between a stage and its checks changes the index unless
# it says so with stale). A path matches an entry as git's pathspec does:
# the entry itself or one below it. Each answers as the git call per check
# did, git's own failure too (in the comment above each).
gen=0
stale() { gen=$((gen + 1)); }
# below NAME PATH: NAME is PATH or a path below it
below() { [[ $1 == "$2" || $1 == "$2/"* ]]; }
idx_at='' idx_rc=0 idx_names=() idx_lines=()
idx_list() {
  [ "$idx_at" = "$gen:$wt" ] && return
  git -C "$wt" ls-files -s -z >"$work/idx" 2>/dev/null; idx_rc=$?
  mapfile -d '' idx_lines <"$work/idx"
  idx_names=("${idx_lines[@]#*$'\t'}") idx_at=$gen:$wt
}
dif_at='' dif_rc=0 dif_names=()
dif_list() {
  [ "$dif_at" = "$gen:$wt" ] && return
  git -C "$wt" diff-index --cached -z --name-only HEAD >"$work/dif" 2>/dev/null; dif_rc=$?
  mapfile -d '' dif_names <"$work/dif"
  dif_at=$gen:$wt
}
# indexed PATH: git ls-files --error-unmatch -- PATH would pass (a PATH
# with a glob character is asked of git: its pathspec is no literal)
indexed() {
  local e
  [[ $1 == *[][*?\\]* ]] && { git -C "$wt" ls-files --error-unmatch -- "$1" >/dev/null 2>&1; return; }
  idx_list
  [ "$idx_rc" -eq 0 ] || return 1
  for e in "${idx_names[@]}"; do below "$e" "$1" && return 0; done
  return 1
}
# differs PATH: 0 HEAD and the index differ at PATH, 1 they do not, 2 git
# failed (git diff-index --cached --quiet HEAD -- PATH: 1, 0, other)
differs() {
  local e
  dif_list
  [ "$dif_rc" -eq 0 ] || return 2
  for e in "${dif_names[@]}"; do below "$e" "$1" && return 0; done
  return 1
}
# staged PATH: HEAD and the index differ at PATH (git diff --cached names it)
staged() { differs "$1"; }
# in_index PATH: git ls-files -- PATH lists something
in_index() { indexed "$1"; }
# not_indexed PATH...: no PATH has an entry, and git answered. (It was !
# git ls-files --error-unmatch PATH...: it passed when any one PATH had
# none, or when git failed; as the other stage tests' since 44d8594.)
not_indexed() {
  local p
  idx_list
  [ "$idx_rc" -eq 0 ] || return 1
  for p; do indexed "$p" && return 1; done
  return 0
}
# index_is_head PATH: the index's entry at PATH is HEAD's (mode and blob, stage 0), or neither has one
index_is_head() { differs "$1"; [ $? -eq 1 ]; }
# index_has LINE: git ls-files -s lists LINE (mode, oid, stage, tab, path)
index_has() { local l; idx_list; for l in "${idx_lines[@]}"; do [ "$l" = "$1" ] && return 0; done; return 1; }
has() { local s=; IFS= read -r -d '' s <"$1"; [[ $s == *"$2"* ]]; }
lacks() { ! has "$@"; }
# has_re FILE ERE: a line of FILE matches ERE (grep -qE)
has_re() { local l; while IFS= read -r l || [ -n "$l" ]; do [[ $l =~ $2 ]] && return 0; done <"$1"; return 1; }
lacks_re() { ! has_re "$@"; }
has_line() { local l; while IFS= read -r l || [ -n "$l" ]; do [ "$l" = "$2" ] && return 0; done <"$1"; return 1; }
# out_has ERE CMD...: a line CMD writes matches ERE (CMD | grep -qE, CMD's own status ignored as a pipe does)
out_has() { local re=$1; shift; "$@" >"$work/cmd.out" 2>/dev/null; has_re "$work/cmd.out" "$re"; }
not_out_has() { ! out_has "$@"; }
# tree_lacks ERE: the tree git write-tree makes of the index lists no
# ERE (passes, as the pipe did, when git write-tree fails)
tree_lacks() { local t; capture t git -C "$wt" write-tree 2>/dev/null || return 0; ! out_has "$1" git -C "$wt" ls-tree -r "$t"; }
tree_has_re() { local t; capture t git -C "$wt" write-tree 2>/dev/null; out_has "$1" git -C "$wt" ls-tree -r "$t"; }
writes_tree() { git -C "$wt" write-tree >/dev/null 2>&1; }
rc_or() { [ "$rc" -ne 0 ] || "$@"; }
no_blob() { ! git -C "$wt" cat-file -e "$1" 2>/dev/null; }
# same FILE FILE: their bytes are the same (cmp -s), read by bash
same() {
  local -a x y; local i
  mapfile -d '' x <"$1" && mapfile -d '' y <"$2" && [ ${#x[@]} -eq ${#y[@]} ] || return 1
  for ((i = 0; i < ${#x[@]}; i++)); do [ "${x[i]}" = "${y[i]}" ] || return 1; done
}
no_private_index() { ! compgen -G "$TMPDIR/pathpolicy-index.*" >/dev/null; }

# --- 1. masked: held back to HEAD's version, byte for byte; never added
fresh
echo 'TOKEN=changed' >"$wt/.env"
echo leaked >"$wt/secrets/new" && echo k2 >"$wt/secrets/k"
echo 'machine x login y' >"$wt/.netrc"
echo leaked >"$wt/secrets/a"$'\n'"b"
stage
check "masked: exit 0" [ "$rc" -eq 0 ]
check "masked: .env is HEAD's blob in the index" index_is_head .env
check "masked: the worktree keeps the colony's .env" has_line "$wt/.env" 'TOKEN=changed'
check "masked dir: a tracked file is HEAD's blob" index_is_head secrets/k
check "masked dir: a name with a newline, never added" eval '! out_has . git -C "$wt" ls-files secrets/ || not_out_has "^\"secrets/a" git -C "$wt" ls-files'
check "masked dir: ... its record escaped on one line" has "$work/err" 'left secrets/a\nb out of the commit'
check "masked dir: a new file is never added" not_indexed secrets/new
check "masked: an untracked .netrc with bytes is never added" not_indexed .netrc
check "masked: a record for each held back" has "$work/err" 'path policy: left .env out of the commit (masked)'
check "masked: ... secrets/new too" has "$work/err" 'path policy: left secrets/new out of the commit (masked)'
check "masked: no contents in the records" lacks_re "$work/err" 'TOKEN|leaked|machine'
check "masked: git fsck" fsck_ok

# --- 2. placeholders: recorded ones dropped; HEAD's and ones with bytes kept
fresh
echo '{"a":1}' >"$wt/CLAUDE.md"   # a placeholder the colony filled: its work
stage
check "placeholders: empty recorded ones leave the index" not_indexed .envrc .netrc
check "placeholders: one that got bytes stays" staged CLAUDE.md
check "placeholders: one HEAD carries stays (.mcp.json, empty in HEAD)" in_index .mcp.json
check "placeholders: left in the worktree" [ -e "$wt/.envrc" ]
check "placeholders: git fsck" fsck_ok
# A list of files alone (every line a candidate to keep out of git add).
fresh
printf '.netrc\n.envrc\n' >"$vm/path-policy.placeholders"
stage
check "placeholders, files only: exit 0" [ "$rc" -eq 0 ]
check "placeholders, files only: dropped" not_indexed .envrc .netrc
# The list lost: every empty policy path HEAD lacks stands for one.
fresh
rm "$vm/path-policy.placeholders"
: >"$wt/.claude/settings.json"  # inside a policy dir, not at an entry: the colony's
stage
check "lost list: empty policy paths leave the index" not_indexed .envrc CLAUDE.md
check "lost list: an empty file that is no policy path stays" staged .claude/settings.json
check "lost list: git fsck" fsck_ok

# --- 3. changed policy paths: reported once a colony
fresh
echo '{"x":1}' >"$wt/.claude/settings.json" && mkdir -p "$wt/sub" && echo E >"$wt/sub/.env.example"
echo 'TOKEN=2' >"$wt/.env"
stage
check "reported: a protected path changed" has "$work/err" 'path policy: .claude/settings.json is protected and changed during the session'
check "reported: a masked one" has "$work/err" 'path policy: .env is masked and changed during the session'
check "reported: a protected path stays in the commit" staged .claude/settings.json
stage
check "reported once: a second stage says nothing again" lacks "$work/err" 'changed during the session'
check "reported once: ... and still holds .env back" has "$work/err" 'left .env out of the commit'
echo more >>"$wt/.claude/settings.json"
stage
check "reported once: changed again, still once" lacks "$work/err" 'changed during the session'
echo x >"$wt/.claude/a"$'\n'"b"
stage
check "reported: a name with a newline, escaped on one line" has "$work/err" 'path policy: .claude/a\nb is protected and changed during the session'
stage
check "reported once: ... that one too" lacks "$work/err" 'changed during the session'

# --- 4. credential files: refused, unstaged, left, named; templates let through
fresh
mkdir -p "$wt/app" "$wt/keys" "$wt/deep/er"
for f in app/.env app/.netrc; do echo secret >"$wt/$f"; done
echo "$FAKE_ENV" >"$wt/deep/er/.env.local" && echo "$FAKE_ENV" >"$wt/.env.production"
fake_key 'RSA PRIVATE KEY' >"$wt/keys/id_rsa" && fake_openssh_key >"$wt/keys/id_ed25519" && fake_key >"$wt/keys/deploy_rsa"
echo 'localhost:5432:db:app:s3cretPassw0rd' >"$wt/.pgpass"
echo 'https://colony:ghp_aBcDeFgHiJkLmNoP@github.com' >"$wt/.git-credentials"
# a template's name lets nothing through by itself; ordinary files that
# mention a key, or whose names look like a credential's, are let through
fake_key >"$wt/keys/ci.example"
mkdir -p "$wt/src" "$wt/web" && printf 'const PEM: &str = "-----BEGIN PRIVATE KEY-----";\n' >"$wt/src/pem.rs"
echo 'DOTENV_VAULT_DEVELOPMENT="R90DmSVfb3RT6lbqxuBr1zBbGlzSRwbs"' >"$wt/.env.vault"
echo 'interface ImportMetaEnv { readonly VITE_KEY: string }' >"$wt/web/.env.d.ts"
printf 'def test_rsa():\n    assert True\n' >"$wt/test_rsa" && echo 'API_URL=http://localhost:3000' >"$wt/.env.development"
fake_openssh_key >"$wt/keys/innocent.txt"
printf 'PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nPublic-Lines: 1\nAAAAB3NzaC1yc2E=\nPrivate-Lines: 1\nAAAAgQDAcz4kgPoVKBpWUCKzQ8L9QJ6ExYqH6f0=\nPrivate-MAC: 00\n' >"$wt/keys/putty.ppk"
for f in .env.example app/.env.sample keys/id_rsa.template config.dist keys/id_rsa.pub; do echo t >"$wt/$f"; done
stage
check "credentials: exit 3" [ "$rc" -eq 3 ]
# app/.env and app/.netrc match masked entries at depth (.env, .netrc): new
# to the repository, they are held back as a root mask is, not refused.
for f in app/.env app/.netrc; do
  check "credentials: $f, masked at depth, held back and named" has "$work/err" "left $f out of the commit (masked)"
  check "credentials: $f not refused" lacks "$work/err" "refused to commit $f:"
  check "credentials: $f unstaged" not_indexed "$f"
  check "credentials: $f left in the worktree" [ -e "$wt/$f" ]
done
for f in deep/er/.env.local .env.production keys/id_rsa keys/id_ed25519 keys/deploy_rsa .pgpass .git-credentials keys/innocent.txt keys/putty.ppk keys/ci.example; do
  check "credentials: $f refused and named" has "$work/err" "refused to commit $f:"
  check "credentials: $f unstaged" not_indexed "$f"
  check "credentials: $f left in the worktree" [ -e "$wt/$f" ]
done
for f in .env.example app/.env.sample keys/id_rsa.template config.dist keys/id_rsa.pub src/pem.rs .env.vault web/.env.d.ts test_rsa .env.development; do
  check "no secret: $f let through" staged "$f"
done
check "credentials: one error names every path" has "$work/err" 'the commit would add 10 credential files'
check "credentials: git fsck" fsck_ok
# Cleared: ignored or deleted, staging again passes.
printf '%s\n' app/.env deep/er/.env.local .env.production keys/ .pgpass app/.netrc >>"$wt/.gitignore"
rm "$wt/.git-credentials"
stage
check "credentials: ignored and deleted, the refusal is cleared" [ "$rc" -eq 0 ]
# --- 4b. tokens and keys where developers put them (issue 35), both ways:
# each refused by its content, whatever its name says (a template's too);
# the same files with no secret in them let through.
fresh
mkdir -p "$wt/.aws" "$wt/.kube" "$wt/.docker" "$wt/infra" "$wt/conf" "$wt/ok/.docker" "$wt/ok/.aws"
key=$(fake_key) && esc=${key//$'\n'/\\n}
echo '//registry.npmjs.org/:_authToken=npm_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d' >"$wt/.npmrc"
printf '[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmcCJDk4ZmE3YzUxLWQ3Mzk\n' >"$wt/.pypirc"
printf '[default]\naws_access_key_id = AKIA4F7Q2M9X1B3C5D7E\naws_secret_access_key = q8W3e5R7t9Y1u3I5o7P9a1S3d5F7g9H1j3K5l7Z9\n' \
  >"$wt/.aws/credentials"
printf 'apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    client-key-data: %s\n' \
  "$(fake_key 'RSA PRIVATE KEY' | base64 -w0)" >"$wt/.kube/config"
printf '{"auths": {"ghcr.io": {"auth": "%s"}}}\n' "$(printf 'u:ghp_9f8e7d6c5b4a3f2e1d0c' | base64)" >"$wt/.docker/config.json"
printf '{"resources": [{"instances": [{"attributes": {"password": "Zq3x9Vb7Lm2k"}}]}]}\n' >"$wt/infra/terraform.tfstate"
printf '{"type": "service_account", "private_key": "%s"}\n' "$esc" >"$wt/conf/sa.json"
printf 'PRIVATE_KEY=%s\n' "$key" >"$wt/conf/app.cfg"
printf '<key>%s</key>\n' "$key" >"$wt/conf/key.xml"
echo "$key" >"$wt/conf/server.key.sample" && fake_openssh_key >"$wt/conf/deploy.dist"
echo '//registry.npmjs.org/:_authToken=${NPM_TOKEN}' >"$wt/ok/.npmrc"
echo '{"credsStore": "desktop"}' >"$wt/ok/.docker/config.json"
printf '[default]\nregion = eu-west-1\n' >"$wt/ok/.aws/credentials"
printf '{"type": "service_account", "private_key": ""}\n' >"$wt/ok/sa.json"
stage
check "tokens: exit 3" [ "$rc" -eq 3 ]
for f in .npmrc .pypirc .aws/credentials .kube/config .docker/config.json infra/terraform.tfstate conf/sa.json \
  conf/app.cfg conf/key.xml conf/server.key.sample conf/deploy.dist; do
  check "tokens: $f refused and named" has "$work/err" "refused to commit $f:"
  check "tokens: $f unstaged" not_indexed "$f"
done
for f in ok/.npmrc ok/.docker/config.json ok/.aws/credentials ok/sa.json; do
  check "tokens: $f, no secret in it, let through" staged "$f"
done
check "tokens: git fsck" fsck_ok
# One HEAD tracks already is let through.
fresh
fake_key >"$wt/id_rsa" && git -C "$wt" add -f id_rsa && git -C "$wt" commit -qm key
{ fake_key; echo 'a second line'; } >"$wt/id_rsa"
stage
check "credentials: one HEAD tracks is let through" [ "$rc" -eq 0 ]
check "credentials: ... and staged" staged id_rsa
# A rename: the destination is judged by what it holds (HEAD's key,
# let through where HEAD has it, is a new file where it goes).
fresh
fake_openssh_key >"$wt/notes.txt" && git -C "$wt" commit -qam key
git -C "$wt" mv notes.txt ci_ed25519
stage
check "rename: a key renamed, refused" has "$work/err" 'refused to commit ci_ed25519:'
check "rename: the source stays as HEAD has it" index_is_head notes.txt
check "rename: git fsck" fsck_ok

# --- 5. snapshot: a private index; the real one byte for byte as it was
fresh
echo change >>"$wt/main.c" && echo 'TOKEN=x' >"$wt/.env" && echo new >"$wt/new.c"
cp "$wt/.git/index" "$work/index.before"
stage --snapshot --json
check "snapshot: exit 0" [ "$rc" -eq 0 ]
check "snapshot: the real index is byte-identical" cmp -s "$wt/.git/index" "$work/index.before"
# jq_each FILE FILTER...: one jq for several questions of FILE, their
# answers in $jq_ok, in order: yes when FILTER's last output is neither
# false nor null, no otherwise (an error, or no output: jq 1.6's -e
# passed a filter with no output, so these checks, jq -e each before,
# passed when stage printed nothing); then .tree as jq -r prints it in
# $jq_tree.
jq_each() {
  local f=$1 prog='' q; shift
  for q; do prog+="([try ($q) catch null] | if length > 0 and last != false and last != null then \"yes\" else \"no\" end), "; done
  jq_ok=() jq_tree=
  jq -r "$prog.tree" "$f" >"$work/jq.out" 2>/dev/null || return 0
  mapfile -t jq_ok <"$work/jq.out"
  [ ${#jq_ok[@]} -gt 0 ] || return 0
  jq_tree=${jq_ok[-1]}; unset 'jq_ok[-1]'
}
jq_each "$work/out" '.tree | test("^[0-9a-f]{40}$")' '.files_changed | index("main.c") and index("new.c")' \
  '.files_changed | (index(".env") or index(".envrc") or index(".netrc") or index("CLAUDE.md")) | not'
check "snapshot: a tree id" [ "${jq_ok[0]-}" = yes ]
check "snapshot: files_changed has the work" [ "${jq_ok[1]-}" = yes ]
check "snapshot: no placeholder, no masked file in files_changed" [ "${jq_ok[2]-}" = yes ]
tree=$jq_tree
# Both blob ids in one git (it fails if either is not there: then the
# check fails too, where two empty answers once compared equal).
git -C "$wt" rev-parse "$tree:.env" HEAD:.env >"$work/rp" 2>/dev/null && mapfile -t rp <"$work/rp" || rp=()
two_same() { [ "${#rp[@]}" -eq 2 ] && [ "${rp[0]}" = "${rp[1]}" ]; }
check "snapshot: the tree holds HEAD's .env" two_same
check "snapshot: no temporary index left behind" no_private_index
stage --snapshot
first=; IFS= read -r first <"$work/out"
check "snapshot: text output, the tree first" [ "$first" = "$tree" ]
check "snapshot: git fsck" fsck_ok

# --- host safety: nothing the agent wrote runs
fresh
marker=$work/marker
evil_sh="#!/bin/sh
echo \"\$0 \$*\" >>\"$marker\"
cat
"
printf '%s' "$evil_sh" >"$work/evil"
# The config these cases give git, written as text where git config (a
# process a key) would write the same file: $ev is the program as a config
# value (quoted as git config quotes one only if it must).
ev=$work/evil
[[ $ev == *[\;\#\"\\]* || $ev == [[:space:]]* || $ev == *[[:space:]] ]] && { ev=${ev//\\/\\\\}; ev=\"${ev//\"/\\\"}\"; }
git init -q "$wt/vendor/lib" && echo v >"$wt/vendor/lib/f" && git -C "$wt/vendor/lib" add f &&
  git -C "$wt/vendor/lib" commit -qm v
# core.fsmonitor diff.external core.pager core.editor credential.helper, the
# evil filter and textconv: a new repository's config is its [core]
# section alone, so core's keys end it and the rest are new sections.
printf '\t%s = %s\n' fsmonitor "$ev" pager "$ev" editor "$ev" >>"$wt/vendor/lib/.git/config"
printf '[diff]\n\texternal = %s\n[credential]\n\thelper = %s\n[filter "evil"]\n\tclean = %s\n\tsmudge = %s\n[diff "evil"]\n\ttextconv = %s\n' \
  "$ev" "$ev" "$ev" "$ev" "$ev" >>"$wt/vendor/lib/.git/config"
echo '* filter=evil diff=evil' >"$wt/vendor/lib/.gitattributes"
hooks=()
for h in pre-commit post-index-change post-checkout reference-transaction fsmonitor-watchman; do
  hooks+=("$wt/vendor/lib/.git/hooks/$h" "$wt/.git/hooks/$h")
done
for h in "${hooks[@]}"; do printf '%s' "$evil_sh" >"$h"; done
chmod +x "$work/evil" "${hooks[@]}"
# The root's fsmonitor too: git would run it on every index read. (The
# template's config is its [core] section alone, as above.)
IFS= read -r -d '' rootcfg <"$wt/.git/config"
fsm=$'\tfsmonitor = '"$ev"$'\n'
printf '%s' "$fsm" >>"$wt/.git/config"
echo change >>"$wt/vendor/lib/f"
echo x >>"$wt/main.c"
stage
check "host safety: staged" [ "$rc" -eq 0 ]
check "host safety: no hook, fsmonitor, filter, textconv or helper ran" [ ! -e "$marker" ]
stage --snapshot
check "host safety: in snapshot mode too" [ ! -e "$marker" ]
# the test's own git from here on: what git config --unset leaves (git
# config if stage wrote the file meanwhile)
IFS= read -r -d '' cfg <"$wt/.git/config"
if [ "$cfg" = "$rootcfg$fsm" ]; then printf '%s' "$rootcfg" >"$wt/.git/config"; else git -C "$wt" config --unset core.fsmonitor; fi
# gitlink_at PATH: git ls-files -s -- PATH lists a gitlink (160000)
gitlink_at() { local l; idx_list; for l in "${idx_lines[@]}"; do [[ $l == '160000 '* ]] && below "${l#*$'\t'}" "$1" && return 0; done; return 1; }
check "host safety: the nested checkout is a gitlink" gitlink_at vendor/lib
# The root's own filter (the host's config) still runs, as git-lfs needs.
printf '[filter "host"]\n\tclean = tr a-z A-Z\n' >>"$wt/.git/config"
echo 'hostf.txt filter=host' >"$wt/.gitattributes" && echo lower >"$wt/hostf.txt"
stage
capture hostf git -C "$wt" cat-file -p :hostf.txt
check "host safety: the root repository's own filter runs" [ "$hostf" = LOWER ]
check "host safety: git fsck" fsck_ok

# The repository itself named from inside the worktree: its config would be
# the agent's, and a filter driver defined there would run on the host.
# A commondir in the root's own .git (git reads config from there).
fresh
rm -f "$marker"
# not_bare GITDIR: git config core.bare false, where git init or clone
# --bare wrote bare = true
not_bare() { local c; IFS= read -r -d '' c <"$1/config"; printf '%s' "${c/$'\tbare = true\n'/$'\tbare = false\n'}" >"$1/config"; }
git init -q --bare "$wt/.store" && not_bare "$wt/.store"
printf '[filter "evil"]\n\tclean = %s\n' "$ev" >>"$wt/.store/config"
cp -r "$wt/.git/objects" "$wt/.git/refs" "$wt/.store/"
echo ../.store >"$wt/.git/commondir" && echo '* filter=evil' >"$wt/.gitattributes" && echo x >>"$wt/main.c"
stage
check "commondir into the worktree: refused" [ "$rc" -eq 1 ]
check "commondir into the worktree: said" has "$work/err" 'is named from inside the worktree'
check "commondir into the worktree: nothing ran" [ ! -e "$marker" ]
stage --snapshot
check "commondir into the worktree: nothing ran in snapshot mode" [ ! -e "$marker" ]
rm "$wt/.git/commondir"
# A config.worktree in the root's .git, read once extensions.worktreeConfig
# is on (as git sparse-checkout turns it on).
printf '[extensions]\n\tworktreeConfig = true\n' >>"$wt/.git/config"
printf '[filter "evil"]\n\tclean = %s\n' "$ev" >"$wt/.git/config.worktree"
stage
check "config.worktree with a filter: refused" [ "$rc" -eq 1 ]
check "config.worktree with a filter: said" has "$work/err" 'config.worktree sets filter.evil.clean'
check "config.worktree with a filter: nothing ran" [ ! -e "$marker" ]
# git config --worktree --unset filter.evil.clean (its section goes with
# it), then core.sparseCheckout false
printf '[core]\n\tsparseCheckout = false\n' >"$wt/.git/config.worktree"
stage
check "config.worktree without a program: staged" [ "$rc" -eq 0 ]
# A linked worktree's .git file rewritten to a gitdir the agent made.
fresh
git -C "$wt" worktree add -q "$work/linked-evil$n" -b evil >/dev/null 2>&1
lwt=$work/linked-evil$n
git clone -q --bare "$wt" "$lwt/.mine" && not_bare "$lwt/.mine"
git -C "$lwt/.mine" symbolic-ref HEAD refs/heads/main
printf '[filter "evil"]\n\tclean = %s\n' "$ev" >>"$lwt/.mine/config"
echo 'gitdir: .mine' >"$lwt/.git" && echo '* filter=evil' >"$lwt/.gitattributes" && echo x >>"$lwt/main.c"
"$pp" stage --worktree "$lwt" --out "$vm" >"$work/out" 2>"$work/err"; rc=$?
check "linked worktree, .git file into the worktree: refused" [ "$rc" -eq 1 ]
check "linked worktree, .git file into the worktree: nothing ran" [ ! -e "$marker" ]
# Not the top of a repository: a subdirectory is not a worktree.
fresh
"$pp" stage --worktree "$wt/secrets" --out "$vm" >"$work/out" 2>"$work/err"; rc=$?
check "a subdirectory as the worktree: refused" [ "$rc" -eq 1 ]
capture names git -C "$wt" diff --cached --name-only
check "a subdirectory as the worktree: nothing staged" [ -z "$names" ]

# --- credentials are judged by the staged blob, not the worktree's file
fresh
fake_openssh_key >"$wt/deploy.txt"
git -C "$wt" add deploy.txt && git -C "$wt" update-index --skip-worktree deploy.txt
echo harmless >"$wt/deploy.txt"
fake_key 'EC PRIVATE KEY' >"$wt/other.txt"
git -C "$wt" add other.txt && git -C "$wt" update-index --assume-unchanged other.txt
echo harmless >"$wt/other.txt"
head -c 1100000 /dev/zero | tr '\0' a >"$wt/big.txt"   # read past, not judged past 1 MiB
stage
check "staged blob: a key behind skip-worktree is refused" has "$work/err" 'refused to commit deploy.txt:'
check "staged blob: a key behind assume-unchanged is refused" has "$work/err" 'refused to commit other.txt:'
check "staged blob: ... unstaged" not_indexed deploy.txt other.txt
check "staged blob: a large file after them is staged" staged big.txt
check "staged blob: git fsck" fsck_ok

# --- snapshot in a repository without an index yet; --index relative to the caller
n=$((n + 1)); wt=$work/wt$n vm=$work/vm$n
git init -q "$wt" && mkdir "$vm" && printf '%s' "$policy" >"$vm/path-policy" && echo a >"$wt/a" && : >"$vm/path-policy.masked-files"
stage --snapshot --json
check "snapshot, no index yet: exit 0" [ "$rc" -eq 0 ]
jq_each "$work/out" '.files_changed == ["a"]'
check "snapshot, no index yet: the work" [ "${jq_ok[0]-}" = yes ]
check "snapshot, no index yet: still none" [ ! -e "$wt/.git/index" ]
check "snapshot, no index yet: no private index left" no_private_index
fresh
echo x >>"$wt/main.c"
mkdir -p "$work/cwd$n"
(cd "$work/cwd$n" && "$pp" stage --worktree "$wt" --out "$vm" --index rel.idx >"$work/out" 2>"$work/err"); rc=$?
check "--index relative: exit 0" [ "$rc" -eq 0 ]
check "--index relative: written where the caller is" [ -s "$work/cwd$n/rel.idx" ]
check "--index relative: nothing written in the worktree" [ ! -e "$wt/rel.idx" ]
check "--index relative: no lock file in the tree" lacks_re "$work/out" 'rel.idx'

# --- index formats and worktree shapes
# shape NAME SETUP: a fresh repository, SETUP run in it, then a masked change
# and a placeholder: held back and dropped as anywhere else.
shape() {
  fresh
  (cd "$wt" && eval "$2") >/dev/null 2>&1 || { echo "FAIL: $1: setup"; failed=$((failed + 1)); return; }
  echo 'TOKEN=s' >"$wt/.env" && echo w >>"$wt/main.c"
  stage
  check "$1: exit 0" [ "$rc" -eq 0 ]
  check "$1: .env held back" index_is_head .env
  check "$1: the placeholder dropped" not_indexed .envrc
  check "$1: the work staged" staged main.c
  check "$1: git fsck" fsck_ok
}
shape "index v4" "printf '[index]\\n\\tversion = 4\\n' >>.git/config && git update-index --index-version 4"
shape "split index" "printf '\\tsplitIndex = true\\n' >>.git/config && git update-index --split-index"
shape "sparse checkout" "mkdir -p docs && echo d >docs/a && git add docs && git commit -qm d && git sparse-checkout set --no-cone '/*' '!/docs/'"
shape "odd names" "printf a >'with space' && printf b >\$'new\nline' && printf c >\$'bad\xff' && git add 'with space' \$'new\nline' \$'bad\xff' && git commit -qm odd && printf z >>'with space'"
shape "sparse index" "mkdir -p docs && echo d >docs/a && git add docs && git commit -qm d && git sparse-checkout set --cone --sparse-index lib"
shape "SHA-256" "rm -rf .git && git init -q --object-format=sha256 && git add -A && git rm -q --cached .envrc .netrc CLAUDE.md && git commit -qm sha256"

# forge INDEX PATH: a version 2 index without PATH's entry, everything else
# (its cache tree too) byte for byte, the checksum made again: what an agent
# can write, git's own reading of it unchanged.
forge() {
  perl -e 'use Digest::SHA qw(sha1); my ($f, $drop) = @ARGV; open my $h, "<:raw", $f or die; local $/; my $b = <$h>;
    close $h; my $n = unpack("N", substr($b, 8, 4)); my ($off, $kept, $out) = (12, 0, substr($b, 0, 12));
    for (1 .. $n) { my $len = unpack("n", substr($b, $off + 60, 2)) & 0xfff; my $sz = (62 + $len + 8) & ~7;
      if (substr($b, $off + 62, $len) ne $drop) { $out .= substr($b, $off, $sz); $kept++ } $off += $sz }
    $out .= substr($b, $off, length($b) - 20 - $off); substr($out, 8, 4) = pack("N", $kept); $out .= sha1($out);
    open $h, ">:raw", $f or die; print $h $out; close $h' "$@"
}
# A cache tree that names another tree than the index's entries: git
# write-tree and commit take it over them. The agent's index says lib/ is a
# tree holding a key its entries do not: the commit would carry the key.
fresh
mkdir -p "$wt/lib" && echo a >"$wt/lib/a.c" && touch -d '-1 minute' "$wt/lib/a.c" # not racily clean: git add leaves lib/ be
git -C "$wt" add lib && git -C "$wt" commit -qm lib
fake_openssh_key >"$wt/lib/deploy"
git -C "$wt" add lib/deploy && git -C "$wt" update-index --index-version 2 && git -C "$wt" write-tree >/dev/null
forge "$wt/.git/index" lib/deploy && rm "$wt/lib/deploy"
check "forged cache tree: git is fooled" tree_has_re lib/deploy
forge "$wt/.git/index" nothing # the write-tree above wrote it again
stage
check "forged cache tree: exit 0" [ "$rc" -eq 0 ]
check "forged cache tree: what git commits is the entries'" tree_lacks lib/deploy
check "forged cache tree: git fsck" fsck_ok
# The guest moved a directory that holds a masked file: the mask moved with
# it, and the host sees the secret at the new path. Its blob is a masked
# path's, gone from its place: held back, renamed or not.
for how in dir file; do
  fresh with_key
  if [ $how = dir ]; then mv "$wt/config" "$wt/cfg"; moved=cfg/master.key; else mv "$wt/config/master.key" "$wt/notes.md"; moved=notes.md; fi
  stage
  check "moved masked ($how): exit 0" [ "$rc" -eq 0 ]
  check "moved masked ($how): held back" has "$work/err" "left $moved out of the commit (masked)"
  check "moved masked ($how): not staged" not_indexed "$moved"
  check "moved masked ($how): its place as HEAD has it" index_is_head config/master.key
  check "moved masked ($how): git fsck" fsck_ok
done
# A rename that is only a rename: both sides staged.
fresh
git -C "$wt" mv notes.txt notes.md
stage
check "plain rename: exit 0" [ "$rc" -eq 0 ]
check "plain rename: the new name staged" staged notes.md
check "plain rename: the old one gone" not_indexed notes.txt
# A linked worktree: stage works in it, as in the main one.
fresh
git -C "$wt" worktree add -q "$work/linked$n" -b linked >/dev/null 2>&1
main_wt=$wt; wt=$work/linked$n
echo 'TOKEN=l' >"$wt/.env" && : >"$wt/.envrc" && echo l >>"$wt/main.c"
stage
check "linked worktree: exit 0" [ "$rc" -eq 0 ]
check "linked worktree: .env held back" index_is_head .env
check "linked worktree: the placeholder dropped" not_indexed .envrc
check "linked worktree: git fsck" fsck_ok
wt=$main_wt
# A submodule: a gitlink, judged by its HEAD; nothing in it is touched.
fresh
git init -q "$work/subsrc$n" && echo s >"$work/subsrc$n/s" && git -C "$work/subsrc$n" add s && git -C "$work/subsrc$n" commit -qm s
# What git submodule add makes (a clone whose git directory is
# .git/modules/mod, named from mod/.git relatively; .gitmodules; the
# submodule's section in the config), made by hand: submodule add is a
# script of some twenty processes.
mkdir "$wt/.git/modules" && git clone -q --separate-git-dir "$wt/.git/modules/mod" "$work/subsrc$n" "$wt/mod" &&
  printf 'gitdir: ../.git/modules/mod\n' >"$wt/mod/.git" && printf '[core]\n\tworktree = ../../../mod\n' >>"$wt/.git/modules/mod/config" &&
  printf '[submodule "mod"]\n\tpath = mod\n\turl = %s\n' "$work/subsrc$n" >"$wt/.gitmodules" &&
  printf '[submodule "mod"]\n\turl = %s\n\tactive = true\n' "$work/subsrc$n" >>"$wt/.git/config" &&
  git -C "$wt" -c advice.addEmbeddedRepo=false add .gitmodules mod && git -C "$wt" commit -qm mod
echo 'TOKEN=m' >"$wt/mod/.env"  # inside the submodule: its own business
echo s2 >>"$wt/mod/s" && git -C "$wt/mod" commit -qam s2
stage
check "submodule: exit 0" [ "$rc" -eq 0 ]
capture modhead git -C "$wt/mod" rev-parse HEAD
check "submodule: the gitlink moves to its new HEAD" index_has "160000 $modhead 0	mod"
check "submodule: nothing inside it is staged in the root" not_indexed mod/.env
check "submodule: git fsck" fsck_ok

# --- what an agent's own index can make git add -A and stage do
# craft INDEX OP ...: a version 2 index rewritten (its extensions dropped,
# the checksum made again), as an agent that writes .git/index can:
#   add NAME OID MODE  an entry NAME with no stat data, in name order
#   last NAME          NAME's entry moved after every other (git reads the
#                      index without checking the order; git add keeps it)
#   mode NAME MODE     NAME's entry given another mode (git keeps it)
craft() {
  perl -e 'use Digest::SHA qw(sha1); my ($f, $op, @a) = @ARGV; open my $h, "<:raw", $f or die; local $/; my $buf = <$h>;
    close $h; my $n = unpack("N", substr($buf, 8, 4)); my ($off, @e) = (12);
    for (1 .. $n) { my $len = unpack("n", substr($buf, $off + 60, 2)) & 0xfff; my $sz = (62 + $len + 8) & ~7;
      push @e, [substr($buf, $off + 62, $len), substr($buf, $off, $sz)]; $off += $sz }
    if ($op eq "add") { my ($name, $oid, $mode) = @a; my $x = pack("N10", 0, 0, 0, 0, 0, 0, oct($mode), 0, 0, 0) .
        pack("H40", $oid) . pack("n", length $name) . $name; $x .= "\0" x (((62 + length($name) + 8) & ~7) - length $x);
      push @e, [$name, $x]; @e = sort { $a->[0] cmp $b->[0] } @e }
    elsif ($op eq "last") { my @l = grep { $_->[0] eq $a[0] } @e; @l or die; @e = ((grep { $_->[0] ne $a[0] } @e), @l) }
    elsif ($op eq "mode") { my $hit = 0; for (@e) { if ($_->[0] eq $a[0]) { substr($_->[1], 24, 4) = pack("N", oct($a[1])); $hit++ } } $hit or die }
    my $out = substr($buf, 0, 8) . pack("N", scalar @e) . join("", map { $_->[1] } @e); $out .= sha1($out);
    open $h, ">:raw", $f or die; print $h $out; close $h' "$@"
}

# An index out of name order: git reads it without a word (only fsck checks
# the order) and git add -A writes it back in the agent's order. stage reads
# it "trusted" (no order check) and its editor, walking its sorted edits
# against the entries, passes over .env (its edit taken as done once an
# entry after it in name order is met) and leaves it in the index with the
# host's secret, which write-tree then records. Either refuse the index or take .env out.
fresh
git -C "$wt" update-index --index-version 2 && craft "$wt/.git/index" last .env
echo 'TOKEN=host-secret' >"$wt/.env" && echo leaked >"$wt/secrets/new"
find "$wt" -path "$wt/.git" -prune -o -type f -exec touch -d '+1 minute' {} + # racy: git add -A looks at every file
capture secret git -C "$wt" hash-object "$wt/.env"
stage
check "unsorted index: the host's .env is not in the tree" rc_or tree_lacks "$secret"

# A masked file replaced by a directory: .env held back to HEAD's blob is
# put back beside .env/x, a file and a directory of one name. git
# update-index --index-info (what the split-index fallback runs) replaces
# .env/x with it; the editor keeps both, and write-tree fails ("You have
# both .env and .env/x"), so does the commit.
fresh
rm "$wt/.env" && mkdir "$wt/.env" && echo 'TOKEN=d' >"$wt/.env/x"
stage
check "masked file become a directory: exit 0" [ "$rc" -eq 0 ]
capture headenv git -C "$wt" rev-parse HEAD:.env
check "masked file become a directory: .env as HEAD has it" index_has "100644 $headenv 0	.env"
check "masked file become a directory: git write-tree works" writes_tree
check "masked file become a directory: as git update-index leaves it (no .env/x)" not_indexed .env/x

# A new key staged with a file mode git never writes itself (100600): git
# add -A leaves the entry as it is (the executable bit is all it compares)
# and write-tree records the mode as it stands, so the commit carries a
# regular file id_rsa. stage judges only 100644 and 100755 entries as
# files: neither the name nor the content is looked at.
fresh
fake_openssh_key >"$wt/id_rsa" && touch -d '-1 minute' "$wt/id_rsa"
git -C "$wt" add id_rsa && git -C "$wt" update-index --index-version 2 && craft "$wt/.git/index" mode id_rsa 100600
stage
check "odd file mode: a key is refused" has "$work/err" 'refused to commit id_rsa:'
check "odd file mode: ... and not in the tree" tree_lacks id_rsa

# An index entry named ./config/master.key: git reads it without a word,
# git add -A finds the file through the name (lstat follows "./") and
# hashes the host's secret into it, and write-tree records a tree "."
# holding config/master.key. stage matches the policy against the name as
# written, so the mask never sees it. The blob goes out with the commit
# (a checkout would refuse the path, a push does not).
fresh
echo 'mask-file config/master.key' >>"$vm/path-policy"
mkdir -p "$wt/config" && echo 'KEY=host-secret' >"$wt/config/master.key"
capture secret git -C "$wt" hash-object "$wt/config/master.key"
git -C "$wt" update-index --index-version 2 && craft "$wt/.git/index" add ./config/master.key e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 100644
stage
check "an aliased name: the host's master.key is not in the tree" rc_or tree_lacks "$secret"
check "an aliased name: no entry git would not add itself" rc_or not_out_has '^\./' git -C "$wt" ls-files

# A nested repository under a masked directory, in a split index (the
# plumbing way: git diff --cached): git add -A stages it as a gitlink. The
# two ways once disagreed here, and the plumbing way was wrong: git diff
# ran with --ignore-submodules=all, which kept the gitlink out of what it
# said, so it was never held back; it runs with =dirty since (064e34f).
# The stage-plumbing suite runs every other case that way too.
fresh
printf '\tsplitIndex = true\n' >>"$wt/.git/config" && git -C "$wt" update-index --split-index
git init -q "$wt/secrets/sub" && echo s >"$wt/secrets/sub/s" && git -C "$wt/secrets/sub" add s && git -C "$wt/secrets/sub" commit -qm s
stage
check "gitlink under a masked dir, split index: held back" has "$work/err" 'left secrets/sub out of the commit (masked)'
check "gitlink under a masked dir, split index: not in the index" not_indexed secrets/sub

# The guest moved a directory holding a masked file HEAD never had (the
# usual case for a secret): the host sees it at the new path, new to the
# repository, and there is no deleted blob of HEAD's to tie it to its
# masked place. It is committed. (stage would need the masked files' blob
# ids from the boot to know them.)
fresh with_app
echo 'KEY=host-secret' >"$wt/config/master.key"  # the host's, never committed
stage
check "moved untracked masked file: first held back in place" has "$work/err" 'left config/master.key out of the commit (masked)'
mv "$wt/config" "$wt/cfg"
stage
check "moved untracked masked file: held back at its new path" has "$work/err" 'left cfg/master.key out of the commit (masked)'
check "moved untracked masked file: not staged" not_indexed cfg/master.key

# A masked file HEAD lacks is held back, but git add -A hashed it first:
# its blob stays in .git/objects, which the guest reads (only the worktree
# path is masked), so the next session or a snapshot mid-session hands
# the agent the secret the mask hid. Keep masked paths out of git add
# (exclude pathspecs) instead of taking them back out of the index.
fresh
echo 'TOKEN=host-only' >"$wt/secrets/prod" && printf 'machine h login u password p\n' >"$wt/.netrc"
# both blob ids in one git
git -C "$wt" hash-object "$wt/secrets/prod" "$wt/.netrc" >"$work/oids"; { read -r secret; read -r netrc; } <"$work/oids"
stage
check "masked, never committed: held back" has "$work/err" 'left secrets/prod out of the commit (masked)'
check "masked, never committed: its blob not written to .git/objects" no_blob "$secret"
check "masked, never committed: nor .netrc's" no_blob "$netrc"

# The same, from the boot: prepare records the masked files' blob ids, so
# a directory the guest moves before any stage (the mask goes with it) is
# known at its new path; the prepare's own policy, a settings mask.
n=$((n + 1)); wt=$work/wt$n vm=$work/vm$n
git init -q "$wt" && mkdir "$vm" && mkdir -p "$wt/config" && echo 'name: app' >"$wt/config/app.yml"
git -C "$wt" add -A && git -C "$wt" commit -qm init
printf '{"sandbox": {"mask_paths": ["config/master.key", "keys/"]}}\n' >"$work/modules.json"
echo 'KEY=host-secret-2' >"$wt/config/master.key" && mkdir "$wt/keys" && echo 'deploy-key' >"$wt/keys/deploy"
"$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>"$work/err"
# both files' numbers in one stat; each a line of the record (grep -qxF)
stat -c '%d %i %.9Y' "$wt/config/master.key" "$wt/keys/deploy" >"$work/st"; { read -r st_key; read -r st_deploy; } <"$work/st"
check "prepare: the masked files recorded by inode" has_line "$vm/path-policy.masked-files" "$st_key"
check "prepare: ... a masked directory's file too" has_line "$vm/path-policy.masked-files" "$st_deploy"
check "prepare: ... and nothing of their content" lacks_re "$vm/path-policy.masked-files" '[a-f]'
mv "$wt/config" "$wt/cfg" && mv "$wt/keys" "$wt/k2"   # the guest, the masks with them
stage
check "moved at the boot's: held back" has "$work/err" 'left cfg/master.key out of the commit (masked)'
check "moved at the boot's: a directory's file too" has "$work/err" 'left k2/deploy out of the commit (masked)'
check "moved at the boot's: not staged" not_indexed cfg/master.key k2/deploy
check "moved at the boot's: the rest of the move is" staged cfg/app.yml
check "moved at the boot's: git fsck" fsck_ok
# One too deep to walk is said, not passed over in silence.
mv "$wt/k2" "$wt/keys" && printf -v deep '/d%.0s' {1..70} && deep=$wt/keys$deep && mkdir -p "$deep" && echo x >"$deep/f"
stage
check "too deep to walk: said" has "$work/err" 'masked path(s) not walked'
check "too deep to walk: still held back" not_out_has '^keys/' git -C "$wt" ls-files

# attack15: git add -A runs before stage reads the index, so a name stage
# refuses afterwards (./config/master.key, config//master.key) has already
# done its harm: git lstat()s the name, finds the host's masked file through
# it, and hashes it into .git/objects (the :(exclude,literal) pathspec
# compares names, and "./config/master.key" is not "config/master.key").
# stage then exits 1, but the blob stays where the next session's guest
# reads it. Check the agent's index (names, order) before git add runs.
fresh
echo 'mask-file config/master.key' >>"$vm/path-policy"
mkdir -p "$wt/config" && echo 'KEY=host-secret-15a' >"$wt/config/master.key"
capture secret git -C "$wt" hash-object "$wt/config/master.key"
git -C "$wt" update-index --index-version 2 && craft "$wt/.git/index" add ./config/master.key e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 100644
stage
check "attack15: an aliased name, refused: the host's master.key not hashed into .git/objects" no_blob "$secret"

# attack15: the guest moved the directory holding a masked file HEAD never
# had: stage knows it at its new path by its inode and holds it back, but
# only after git add -A (which excludes the masked paths, not where a masked
# file went) hashed it into .git/objects: the secret is in the store the
# guest reads next session. Exclude the recorded inodes' paths from git add
# too (a walk before it), or let git add write its objects into a private
# object directory (the real one an alternate) and copy in only what the
# staged index names.
fresh with_app
echo 'KEY=host-secret-15b' >"$wt/config/master.key"
capture secret git -C "$wt" hash-object "$wt/config/master.key"
stage # its inode recorded
mv "$wt/config" "$wt/cfg"
stage
check "attack15: moved masked file: held back" has "$work/err" 'left cfg/master.key out of the commit (masked)'
check "attack15: moved masked file: its blob not written to .git/objects" no_blob "$secret"

# attack15: a moved masked file is looked for (its inode, its HEAD blob)
# only when its new path is new to HEAD ('A'). The guest commits a decoy at
# cfg/master.key (it owns .git), removes cfg/ and moves config/ there: the
# host's secret now stands at a path HEAD tracks, a plain 'M', and is
# staged and committed. Ask moved_here() (and source_of()) of 'M' and 'T'
# changes too.
fresh with_app
echo 'KEY=host-secret-15c' >"$wt/config/master.key"
capture secret git -C "$wt" hash-object "$wt/config/master.key"
stage # its inode recorded
mkdir "$wt/cfg" && echo decoy >"$wt/cfg/master.key" && git -C "$wt" add cfg/master.key && git -C "$wt" commit -qm decoy
rm -r "$wt/cfg" && mv "$wt/config" "$wt/cfg"
stage
check "attack15: moved over a path HEAD tracks: held back" has "$work/err" 'left cfg/master.key out of the commit (masked)'
check "attack15: moved over a path HEAD tracks: the secret not in the tree" tree_lacks "$secret"

# attack15: the guest moves config/ (the mask with it) and writes a file
# named config. git add -A adds the file and, replacing, drops
# config/master.key; stage puts config/master.key back as HEAD has it
# beside the file config: exit 0, and git write-tree (the commit) fails
# ("You have both config and config/master.key"). The same with an index
# the agent wrote holding .env and .env/x: both are masked, git add -A
# leaves both, stage keeps both. Drop what a restored path conflicts with
# (as update-index --replace would), or refuse.
fresh with_key
mv "$wt/config" "$wt/cfg" && echo 'a file now' >"$wt/config"
stage
check "attack15: a masked file's directory become a file: git write-tree works" rc_or writes_tree
fresh
git -C "$wt" update-index --index-version 2 && craft "$wt/.git/index" add .env/x e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 100644
stage
check "attack15: .env and .env/x in the agent's index: git write-tree works" rc_or writes_tree

# attack15: path-policy.masked-files only grows ("dev ino" a line, every
# prepare and stage), and an inode number is reused once its file is gone:
# release removes the placeholders (masked paths, walked and recorded), the
# host rotates a secret, and ext4 hands the freed number to the next file
# made (seen: the placeholder .netrc's number went to the colony's next
# new file, work1.c). That file is then "a masked file moved" and held back
# out of the commit: the colony's work lost. Reuse is made certain here by
# recording the new file's number, as the record would hold it. Record
# more than the number (the file's mtime, or its birth time), and prune
# what no masked path holds any more.
fresh
stage # the placeholders .netrc and .envrc recorded
rm "$wt/.netrc" "$wt/.envrc" && echo 'int work;' >"$wt/work.c"
capture num stat -c '%d %i' "$wt/work.c"
echo "$num 1.000000000" >>"$vm/path-policy.masked-files" # the number reused
stage
check "attack15: a reused inode number: the colony's new file is staged" staged work.c

# --allow: the operator's exceptions, each said; the rest refused as ever
fresh
mkdir -p "$wt/tests/fixtures" "$wt/keys"
fake_key >"$wt/tests/fixtures/server.key" && fake_openssh_key >"$wt/keys/ci" && fake_key >"$wt/keys/id_rsa"
echo "$FAKE_ENV" >"$wt/.env.local"
stage --allow tests/fixtures --allow 'keys/c*'
check "--allow: the rest refused" [ "$rc" -eq 3 ]
check "--allow: a directory's file let through" staged tests/fixtures/server.key
check "--allow: a glob's file let through" staged keys/ci
check "--allow: each said, once" [ "$(grep -c 'and --allow names it' "$work/err")" -eq 2 ]
check "--allow: ... naming it" has "$work/err" 'let tests/fixtures/server.key through: it holds a secret, and --allow names it'
check "--allow: another refused" has "$work/err" 'refused to commit keys/id_rsa:'
check "--allow: .env.local refused" has "$work/err" 'refused to commit .env.local:'
"$pp" stage --worktree "$wt" --out "$vm" --allow '' >/dev/null 2>&1; rc=$?
check "--allow '': a usage error" [ "$rc" -eq 2 ]

# attack15: a PEM private key is refused only when its BEGIN line starts the
# line: indented in YAML (a Helm values file, a Kubernetes secret) or
# inside a JSON string (a GCP service account key, "private_key":
# "-----BEGIN PRIVATE KEY-----\n..."), or after a UTF-8 BOM, it is
# committed. Look for the BEGIN ... PRIVATE KEY----- marker after leading
# blanks, a BOM, or a quote too.
fresh
{ printf 'tls:\n  key: |\n'; fake_key 'EC PRIVATE KEY' | sed 's/^/    /'; } >"$wt/values.yaml"
{ printf '{"type": "service_account", "private_key": "'; fake_key | sed -z 's/\n/\\n/g'; printf '"}\n'; } >"$wt/sa.json"
{ printf '\xef\xbb\xbf'; fake_key 'RSA PRIVATE KEY'; } >"$wt/server.key"
# a mention is no key: the armour alone, a body cut short
printf 'if (strstr(s, "-----BEGIN RSA PRIVATE KEY-----"))\n' >"$wt/detect.c"
printf -- '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA...\n-----END RSA PRIVATE KEY-----\n' >"$wt/example.md"
stage
check "attack15: an indented PEM key refused" has "$work/err" 'refused to commit values.yaml:'
check "attack15: a service account's JSON key refused" has "$work/err" 'refused to commit sa.json:'
check "attack15: a PEM key after a BOM refused" has "$work/err" 'refused to commit server.key:'
check "a mention: the armour in code let through" staged detect.c
check "a mention: a body cut short let through" staged example.md

# The blob a moved masked file's git add wrote goes again; one the store
# had before (another branch holds the same bytes) stays, and fsck is clean.
fresh with_app
echo 'KEY=also-on-a-branch' >"$wt/config/master.key"
git -C "$wt" checkout -q -b side && git -C "$wt" add -f config/master.key && git -C "$wt" commit -qm side &&
  git -C "$wt" checkout -q - && git -C "$wt" rm -q --cached config/master.key 2>/dev/null
git -C "$wt" checkout -q main 2>/dev/null || git -C "$wt" checkout -q master 2>/dev/null
echo 'KEY=also-on-a-branch' >"$wt/config/master.key"
capture secret git -C "$wt" hash-object "$wt/config/master.key"
stage
mv "$wt/config" "$wt/cfg"
stage
check "moved, its bytes on a branch: held back" has "$work/err" 'left cfg/master.key out of the commit (masked)'
check "moved, its bytes on a branch: the blob stays" git -C "$wt" cat-file -e "$secret"
check "moved, its bytes on a branch: ... and that is said" has "$work/err" "blob $secret stays in .git/objects: it was there before"
check "moved, its bytes on a branch: git fsck" fsck_ok

# --- HEAD's entries from the index before git add, when its tree is HEAD's
# A git that logs what it runs, to see which way HEAD was read.
mkdir -p "$work/bin"
capture gitbin command -v git
printf '#!/bin/sh\nprintf "%%s\\n" "$*" >>"%s/git.log"\nexec %s "$@"\n' "$work" "$gitbin" >"$work/bin/git"
chmod +x "$work/bin/git"
logged_stage() { : >"$work/git.log"; PATH="$work/bin:$PATH" stage "$@"; }
ran_ls_tree() { has_re "$work/git.log" 'ls-tree'; }
# The same colony's work twice: once over an index whose tree is HEAD's
# (no ls-tree), once over the same entries with their cache tree gone (git
# ls-tree lists HEAD): the same index after, the same records, the same
# exit.
for way in index listing; do
  fresh
  mkdir -p "$wt/lib" && echo a >"$wt/lib/a.c" && echo b >"$wt/lib/b.c" && mkdir -p "$wt/config" &&
    echo 'KEY=1' >"$wt/config/master.key" && git -C "$wt" add -A lib config && git -C "$wt" commit -qm lib
  echo 'mask-file config/master.key' >>"$vm/path-policy"
  [ $way = listing ] && git -C "$wt" rm -q --cached notes.txt && git -C "$wt" add notes.txt
  echo 'TOKEN=changed' >"$wt/.env" && echo leaked >"$wt/secrets/new" && echo more >>"$wt/lib/a.c" &&
    rm "$wt/lib/b.c" && echo new >"$wt/lib/c.c" && mv "$wt/config" "$wt/cfg" && echo "$FAKE_ENV" >"$wt/lib/.env.local" &&
    echo '{"x":1}' >"$wt/.claude/settings.json"
  logged_stage
  echo "$rc" >"$work/rc.$way" && git -C "$wt" ls-files -s >"$work/ls.$way" && sort "$work/err" >"$work/err.$way"
  if [ $way = index ] && [ "$plumbing" != 1 ]; then
    check "HEAD from the index: no git ls-tree" lacks_re "$work/git.log" ls-tree
  else
    check "HEAD listed: git ls-tree ran" ran_ls_tree
  fi
  check "HEAD from the index ($way): git fsck" fsck_ok
done
check "HEAD from the index: the same exit as listed" same "$work/rc.index" "$work/rc.listing"
check "HEAD from the index: the same index after as listed" same "$work/ls.index" "$work/ls.listing"
check "HEAD from the index: the same records as listed" same "$work/err.index" "$work/err.listing"
check "HEAD from the index: a credential refused" has "$work/err.index" 'refused to commit lib/.env.local:'
check "HEAD from the index: the moved key held back" has "$work/err.index" 'left cfg/master.key out of the commit (masked)'
check "HEAD from the index: a deletion staged" lacks_re "$work/ls.index" 'lib/b.c'
# The hint is the agent's: a cache tree that names HEAD's tree over an
# index that adds .env.local. Taken as HEAD, .env.local would be HEAD's
# and let through; the tree its entries make is not HEAD's, so git lists
# HEAD, and it is refused.
# root_tree INDEX TREE: the cache tree made a valid root naming TREE only.
root_tree() {
  perl -e 'use Digest::SHA qw(sha1); my ($f, $tree) = @ARGV; open my $h, "<:raw", $f or die; local $/; my $b = <$h>;
    close $h; my $n = unpack("N", substr($b, 8, 4)); my $off = 12;
    for (1 .. $n) { my $len = unpack("n", substr($b, $off + 60, 2)) & 0xfff; $off += (62 + $len + 8) & ~7 }
    my $out = substr($b, 0, $off); my $end = length($b) - 20;
    while ($off < $end) { my ($sig, $sz) = (substr($b, $off, 4), unpack("N", substr($b, $off + 4, 4)));
      $out .= substr($b, $off, 8 + $sz) if $sig ne "TREE"; $off += 8 + $sz }
    my $t = "\0$n 0\n" . pack("H*", $tree); $out .= "TREE" . pack("N", length $t) . $t; $out .= sha1($out);
    open $h, ">:raw", $f or die; print $h $out; close $h' "$@"
}
fresh
echo "$FAKE_ENV" >"$wt/.env.local" && git -C "$wt" add .env.local && git -C "$wt" update-index --index-version 2
capture headtree git -C "$wt" rev-parse 'HEAD^{tree}'
root_tree "$wt/.git/index" "$headtree"
check "lying cache tree: git reads it" git -C "$wt" ls-files --error-unmatch .env.local
logged_stage
check "lying cache tree: exit 3" [ "$rc" -eq 3 ]
check "lying cache tree: .env.local refused" has "$work/err" 'refused to commit .env.local:'
check "lying cache tree: HEAD listed by git" ran_ls_tree
check "lying cache tree: git fsck" fsck_ok
# A directory's entry outside a sparse index (lib, 040000, HEAD's lib/
# subtree) in place of lib/a.c and lib/b.c, the cache tree naming HEAD's
# tree: those entries make HEAD's tree, and taken as HEAD's, a file lib
# holding a key would be a type change, not an addition, and pass. git
# would never write such an index: refused, nothing staged (lib/ too, as
# a sparse index's directory is named).
# collapse INDEX DIR OID: DIR's entries made one entry DIR (040000, OID).
collapse() {
  perl -e 'use Digest::SHA qw(sha1); my ($f, $dir, $oid) = @ARGV; open my $h, "<:raw", $f or die; local $/;
    my $buf = <$h>; close $h; my $n = unpack("N", substr($buf, 8, 4)); my ($off, @e) = (12);
    for (1 .. $n) { my $len = unpack("n", substr($buf, $off + 60, 2)) & 0xfff; my $sz = (62 + $len + 8) & ~7;
      push @e, [substr($buf, $off + 62, $len), substr($buf, $off, $sz)]; $off += $sz }
    my $ext = substr($buf, $off, length($buf) - 20 - $off); my $name = $dir; (my $bare = $dir) =~ s{/$}{};
    my $ent = pack("x24 N x12", 040000) . pack("H*", $oid) . pack("n", length $name) . $name;
    $ent .= "\0" x (((62 + length($name) + 8) & ~7) - length $ent);
    my @out = grep { index($_->[0], "$bare/") != 0 } @e; push @out, [$name, $ent];
    @out = sort { $a->[0] cmp $b->[0] } @out; my $o = substr($buf, 0, 8) . pack("N", scalar @out);
    $o .= $_->[1] for @out; $o .= $ext; $o .= sha1($o); open $h, ">:raw", $f or die; print $h $o; close $h' "$@"
}
for name in lib lib/; do
  fresh
  mkdir -p "$wt/lib" && echo a >"$wt/lib/a.c" && echo b >"$wt/lib/b.c" && git -C "$wt" add lib && git -C "$wt" commit -qm lib
  git -C "$wt" update-index --index-version 2
  git -C "$wt" rev-parse HEAD:lib 'HEAD^{tree}' >"$work/oids"; { read -r libtree; read -r headtree; } <"$work/oids"
  collapse "$wt/.git/index" "$name" "$libtree"
  root_tree "$wt/.git/index" "$headtree"
  rm -rf "$wt/lib" && fake_openssh_key >"$wt/lib"
  stage
  check "a directory's entry ($name): exit 1" [ "$rc" -eq 1 ]
  check "a directory's entry ($name): said" has "$work/err" 'is not one git would write'
  capture key git -C "$wt" hash-object "$wt/lib"
  check "a directory's entry ($name): the key not staged" not_out_has "$key" git -C "$wt" ls-files -s
done
# A symlink whose target is a key: the commit would carry the key as the
# link's blob. Judged by content; an ordinary link named id_rsa is a link.
fresh
key=$(fake_openssh_key)
mkdir -p "$wt/keys" && ln -s -- "$key" "$wt/keys/deploy"
ln -s ../main.c "$wt/keys/id_rsa"
stage
check "a symlink holding a key: exit 3" [ "$rc" -eq 3 ]
check "a symlink holding a key: refused" has "$work/err" 'refused to commit keys/deploy:'
check "a symlink holding a key: unstaged" not_indexed keys/deploy
check "a symlink named id_rsa: staged" in_index keys/id_rsa
# A repository without a commit: HEAD's tree is asked for with the
# repository, and asked again without.
n=$((n + 1)); wt=$work/wt$n vm=$work/vm$n
git init -q "$wt" && mkdir "$vm" && printf '%s' "$policy" >"$vm/path-policy" && : >"$vm/path-policy.placeholders" && : >"$vm/path-policy.masked-files"
echo code >"$wt/main.c" && printf 'TOKEN=1\n' >"$wt/.env" && : >"$wt/.envrc"
printf '.envrc\n' >"$vm/path-policy.placeholders"
stage
check "no commit yet: exit 0" [ "$rc" -eq 0 ]
check "no commit yet: main.c staged" in_index main.c
check "no commit yet: .env never added" not_indexed .env
check "no commit yet: the placeholder dropped" not_indexed .envrc
# Names git's rev-parse could take for what stage asks it: HEAD^{tree} and --
fresh
echo x >"$wt/HEAD^{tree}" && echo y >"$wt/--" && git -C "$wt" add -A -- 'HEAD^{tree}' ./-- && git -C "$wt" commit -qm odd
echo z >>"$wt/HEAD^{tree}"
stage
check "a file named HEAD^{tree}: exit 0" [ "$rc" -eq 0 ]
check "a file named HEAD^{tree}: staged" staged 'HEAD^{tree}'

# --- usage
"$pp" stage --help >"$work/out" 2>&1; check "--help: exit 0" [ $? -eq 0 ]
check "--help: names the verb" has "$work/out" "pathpolicy stage"
"$pp" stage --worktree "$wt" >/dev/null 2>&1; check "no --out: exit 2" [ $? -eq 2 ]
"$pp" stage --worktree "$wt" --out "$vm" --snapshot --index x >/dev/null 2>&1; check "--snapshot and --index: exit 2" [ $? -eq 2 ]
"$pp" stage --worktree "$wt" --out "$work/no-such-vm" >/dev/null 2>"$work/err"; check "a missing VMDIR: exit 1" [ $? -eq 1 ]
check "a missing VMDIR: named" has "$work/err" "no-such-vm"

echo "stage: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
