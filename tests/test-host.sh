#!/usr/bin/env bash
# prepare and release on real temporary git repositories. No root needed.
# Usage: test-host.sh PATHPOLICY PATHPOLICY_HOOKS
set -u
pp=$1
pp_hooks=$2 # the same, built with the test hooks (tests/hooks.c)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid; git config --global user.name test

# A snapshot of a worktree: every path (but .git), its type and content.
snap() { (cd "$1" && find . -path ./.git -prune -o -print0 | sort -z | while IFS= read -r -d '' p; do
  if [ -L "$p" ]; then echo "L $p -> $(readlink "$p")"; elif [ -d "$p" ]; then echo "D $p"; else echo "F $p $(sha256sum <"$p" | cut -c1-16)"; fi; done); }

make_repo() { # make_repo DIR
  git init -q "$1"
  ( cd "$1" && echo code >main.c && mkdir -p config sub && echo PROD >config/prod.env && ln -s config/prod.env .env &&
    ln -s /etc/passwd .netrc && ln -s nowhere .envrc && ln -s config linkdir && echo f >plainfile &&
    echo tracked >sub/.git-credentials && git add -A && git commit -qm init )
}
cat >"$work/modules.json" <<'JSON'
{"sandbox": {"mask_paths": ["deep/a/b/secret.key", "keys/", "linkdir/x", "plainfile/y",
                            "dir with space/x", "#hash", "!bang", "star*", "q?", "br[ack]"],
             "protect_paths": ["Makefile", "main.c"]}}
JSON
wt=$work/wt vm=$work/vm
make_repo "$wt"; mkdir "$vm"
before=$(snap "$wt")
"$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>"$work/prep.log"; rc=$?
check "prepare exits 0" [ "$rc" -eq 0 ]
has() { grep -qxF -- "$2" "$1"; }

# --- every case of the walk
check "absent file: a placeholder, empty" [ -f "$wt/.git-credentials" ] && [ ! -s "$wt/.git-credentials" ]
check "absent file: in the list" has "$vm/path-policy.placeholders" ".git-credentials"
check "absent dir entry: a directory placeholder" [ -d "$wt/keys" ]
check "missing parents made and listed, parents first" bash -c "grep -n '' '$vm/path-policy.placeholders' | grep -E ':deep/$|:deep/a/$|:deep/a/b/$|:deep/a/b/secret.key$' | cut -d: -f1 | sort -n -c"
check "present: untouched, no placeholder" bash -c "[ \"\$(cat '$wt/main.c')\" = code ] && ! grep -qx main.c '$vm/path-policy.placeholders'"
check "present: in the policy" has "$vm/path-policy" "protect main.c"
check "symlink inside: bound at its target" has "$vm/path-policy" "mask-file config/prod.env"
check "symlink inside: the link itself left alone" [ "$(readlink "$wt/.env")" = config/prod.env ]
check "symlink outside: skipped, named" grep -qF 'skipped .netrc: a symlink to /etc/passwd, and it leads out of the checkout' "$work/prep.log"
check "dangling: skipped, named" grep -qF 'skipped .envrc: a symlink to nowhere, and it dangles' "$work/prep.log"
check "under a symlink: skipped, named" grep -qF 'skipped linkdir/x: linkdir is a symlink' "$work/prep.log"
check "under a file: skipped, named" grep -qF 'skipped plainfile/y: plainfile is not a directory' "$work/prep.log"
check "nothing followed: no placeholder through the link" [ ! -e "$wt/config/x" ]
check "the summary record (what the guest will do, not done on the host)" grep -qE 'path policy: the policy masks [0-9]+ path\(s\) and protects [0-9]+; [0-9]+ placeholder\(s\) in the worktree' "$work/prep.log"
check "the policy file reads back (enforce's reader)" "$pp" enforce --help >/dev/null

# --- the exclude file, as the guest's core.excludesFile
untracked=$(git -C "$wt" -c core.excludesFile="$vm/path-policy.exclude" status --porcelain --untracked-files=all)
check "exclude: no placeholder shows as untracked ($untracked)" [ -z "$untracked" ]
touch "$wt/starX" "$wt/q!" "$wt/brackets" "$wt/dir with space/y"
shown=$(git -C "$wt" -c core.excludesFile="$vm/path-policy.exclude" status --porcelain --untracked-files=all)
for f in starX 'q!' brackets 'dir with space/y'; do
  check "escaping: '$f' is not hidden by a placeholder's pattern" grep -qF -- "$f" <<<"$shown"
done
check "exclude: no directory pattern (it would hide what is put inside)" bash -c "! grep -q '/\$' '$vm/path-policy.exclude'"
rm "$wt/starX" "$wt/q!" "$wt/brackets" "$wt/dir with space/y"
echo changed >"$wt/sub/.git-credentials"
check "exclude: a tracked file of the same name is not hidden" bash -c "git -C '$wt' -c core.excludesFile='$vm/path-policy.exclude' status --porcelain | grep -qF 'sub/.git-credentials'"
git -C "$wt" checkout -q -- sub/.git-credentials

# --- release: keeps content and what the base tracks (not what the colony
# committed since: issue 28); run twice
echo work >"$wt/keys/agent-wrote"
echo secret >"$wt/#hash"
git -C "$wt" add -f 'star*' && git -C "$wt" commit -qm "the agent tracked a placeholder"
"$pp" release --worktree "$wt" --out "$vm" 2>"$work/rel.log"; rc=$?
check "release exits 0" [ "$rc" -eq 0 ]
check "release: kept a placeholder with content" grep -qF 'kept #hash: it has content' "$work/rel.log"
check "release: kept a directory with entries" grep -qF 'kept keys/: it has entries' "$work/rel.log"
check "release: removed a placeholder only the colony's commit tracks" bash -c "grep -qF 'removed the placeholder star*' '$work/rel.log' && [ ! -e '$wt/star*' ]"
check "release: removed the empty ones" [ ! -e "$wt/.git-credentials" ] && [ ! -e "$wt/deep" ]
"$pp" release --worktree "$wt" --out "$vm" 2>"$work/rel2.log"; rc=$?
check "release twice: exit 0, nothing more removed" bash -c "[ $rc -eq 0 ] && ! grep -q 'removed the placeholder' '$work/rel2.log'"

# --- a crash between the list and the placeholders, then release
for at in 0 3; do
  wt2=$work/crash$at vm2=$work/vm$at
  make_repo "$wt2"; mkdir "$vm2"
  before2=$(snap "$wt2")
  PATHPOLICY_TEST_CRASH_AFTER=$at "$pp_hooks" prepare --worktree "$wt2" --out "$vm2" --modules "$work/modules.json" 2>/dev/null
  rc=$?
  check "crash after $at placeholder(s): killed" [ "$rc" -eq 137 ]
  check "crash after $at: the list was written first" [ -s "$vm2/path-policy.placeholders" ]
  "$pp" release --worktree "$wt2" --out "$vm2" 2>/dev/null
  check "crash after $at, then release: the checkout exactly as before" [ "$(snap "$wt2")" = "$before2" ]
done

# --- the program itself has no such hook: the variable changes nothing
wt4=$work/nohook vm4=$work/vm-nohook
make_repo "$wt4"; mkdir "$vm4"
PATHPOLICY_TEST_CRASH_AFTER=0 "$pp" prepare --worktree "$wt4" --out "$vm4" --modules "$work/modules.json" 2>/dev/null
check "the program ignores PATHPOLICY_TEST_CRASH_AFTER" [ $? -eq 0 ]

# --- the list lost: only empty paths at policy entries go
wt3=$work/lost vm3=$work/vm-lost
make_repo "$wt3"; mkdir "$vm3"
"$pp" prepare --worktree "$wt3" --out "$vm3" --modules "$work/modules.json" 2>/dev/null
rm "$vm3/path-policy.placeholders"
"$pp" release --worktree "$wt3" --out "$vm3" 2>"$work/lost.log"
check "list lost: said" grep -qF 'path-policy.placeholders is lost' "$work/lost.log"
check "list lost: empty policy paths removed" [ ! -e "$wt3/.git-credentials" ]
check "list lost: tracked and present paths kept" [ -f "$wt3/main.c" ] && [ -L "$wt3/.env" ]

# --- symlink chains: followed while they stay inside; a loop, a dangle, a way out: skipped
wt4=$work/chain vm4=$work/vm-chain
git init -q "$wt4"; mkdir "$vm4"
( cd "$wt4" && mkdir real && echo TOKEN >real/s.env && ln -s l2 .git-credentials && ln -s real/s.env l2 &&
  ln -s loop-b .netrc && ln -s loop-a loop-b && ln -s loop-b loop-a &&
  ln -s hop1 .envrc && ln -s gone hop1 &&
  ln -s out1 .pgpass && ln -s /etc/passwd out1 &&
  ln -s .git/config .env && echo x >main.c && git add main.c && git commit -qm init )
cat >"$work/chain.json" <<'JSON'
{"sandbox": {"mask_paths": [".git-credentials", ".netrc", ".envrc", ".pgpass", ".env"]}}
JSON
"$pp" prepare --worktree "$wt4" --out "$vm4" --modules "$work/chain.json" 2>"$work/chain.log"; rc=$?
check "chains: prepare exits 0 ($(tail -n1 "$work/chain.log"))" [ "$rc" -eq 0 ]
check "chain inside: its final target is masked" has "$vm4/path-policy" "mask-file real/s.env"
check "chain that loops: skipped, named" grep -qF 'skipped .netrc: a symlink to' "$work/chain.log"
check "chain that loops: the reason" grep -qF 'loops or is too long' "$work/chain.log"
check "chain that dangles: skipped" grep -qF 'skipped .envrc: a symlink to gone, and it dangles' "$work/chain.log"
check "chain that leaves: skipped" grep -qF 'skipped .pgpass: a symlink to /etc/passwd, and it leads out of the checkout' "$work/chain.log"
check "a symlink into .git: skipped by the rule, not a failure" grep -qF 'skipped .env: a symlink to .git/config, and masked entry under .git' "$work/chain.log"
check "a symlink into .git: not masked" bash -c "! grep -q '^mask.* .git/config' '$vm4/path-policy'"

# --- VMDIR inside the worktree: refused
mkdir "$wt4/vm-inside"
"$pp" prepare --worktree "$wt4" --out "$wt4/vm-inside" --modules "$work/chain.json" 2>"$work/inside.log"; rc=$?
check "--out inside the worktree: exit 1" [ "$rc" -eq 1 ]
check "--out inside the worktree: said" grep -qF "is inside the worktree" "$work/inside.log"
check "--out inside the worktree: nothing written" [ -z "$(ls -A "$wt4/vm-inside")" ]
"$pp" release --worktree "$wt4" --out "$wt4/vm-inside" 2>/dev/null; rc=$?
check "--out inside the worktree: release refuses too" [ "$rc" -eq 1 ]

# --- prepare twice without release (a crash, then a resume): the list only grows
wt5=$work/resume vm5=$work/vm-resume
make_repo "$wt5"; mkdir "$vm5"
before5=$(snap "$wt5")
"$pp" prepare --worktree "$wt5" --out "$vm5" --modules "$work/modules.json" 2>/dev/null
first=$(cat "$vm5/path-policy.placeholders")
"$pp" prepare --worktree "$wt5" --out "$vm5" --modules "$work/modules.json" 2>/dev/null; rc=$?
check "resume: the second prepare exits 0" [ "$rc" -eq 0 ]
check "resume: the first run's placeholders are still listed" bash -c "[ \"\$(head -n $(wc -l <<<"$first") '$vm5/path-policy.placeholders')\" = \"\$1\" ]" _ "$first"
check "resume: no line twice" bash -c "[ -z \"\$(sort '$vm5/path-policy.placeholders' | uniq -d)\" ]"
"$pp" release --worktree "$wt5" --out "$vm5" 2>/dev/null
check "resume, then release: the checkout exactly as before" [ "$(snap "$wt5")" = "$before5" ]

# --- release that cannot remove what it should: exit 1 (not as root: it passes permissions)
if [ "$(id -u)" -ne 0 ]; then
  wt6=$work/denied vm6=$work/vm-denied
  make_repo "$wt6"; mkdir "$vm6"
  "$pp" prepare --worktree "$wt6" --out "$vm6" --modules "$work/modules.json" 2>/dev/null
  chmod 555 "$wt6" "$wt6/deep/a/b"
  "$pp" release --worktree "$wt6" --out "$vm6" 2>"$work/denied.log"; rc=$?
  chmod 755 "$wt6" "$wt6/deep/a/b"
  check "release denied: exit 1" [ "$rc" -eq 1 ]
  check "release denied: says how many and which" grep -qF "placeholder(s) that should have gone could not be removed" "$work/denied.log"
fi

# --- a mistyped --org, and coverage made by the disk
wt7=$work/org vm7=$work/vm-org
git init -q "$wt7"; mkdir "$vm7" "$wt7/deploy"; echo K >"$wt7/deploy/keys.pem"
printf '{"acme": {"path_policy": {"mask_paths": ["deploy/keys.pem"]}}}' >"$work/orgs7.json"
printf '{"sandbox": {"mask_paths": ["deploy"]}}' >"$work/mods7.json"
"$pp" prepare --worktree "$wt7" --out "$vm7" --orgs "$work/orgs7.json" --org acmee 2>"$work/org.log"; rc=$?
check "mistyped --org: prepare goes on" [ "$rc" -eq 0 ]
check "mistyped --org: said, naming org and file" grep -qF "$work/orgs7.json has no org 'acmee': no org entries apply" "$work/org.log"
rm -f "$vm7"/*
"$pp" prepare --worktree "$wt7" --out "$vm7" --modules "$work/mods7.json" --orgs "$work/orgs7.json" --org acme 2>"$work/cov.log"; rc=$?
check "coverage by the disk: prepare exits 0" [ "$rc" -eq 0 ]
check "coverage by the disk: deploy (a directory) masked as one" has "$vm7/path-policy" "mask-dir deploy/"
check "coverage by the disk: deploy/keys.pem dropped, said" grep -qF "dropped mask entry deploy/keys.pem: the masked directory deploy/ covers it" "$work/cov.log"

# --- a name with a backslash is shown escaped once, as validate and enforce show it
wt8=$work/bs vm8=$work/vm-bs
git init -q "$wt8"; mkdir "$vm8"
printf '{"sandbox": {"mask_paths": ["back\\\\slash"]}}' >"$work/bs.json"
"$pp" prepare --worktree "$wt8" --out "$vm8" --modules "$work/bs.json" 2>/dev/null
"$pp" release --worktree "$wt8" --out "$vm8" 2>"$work/bs.log"
check "backslash: escaped once" grep -qxF 'path policy: removed the placeholder back\\slash' "$work/bs.log"

# --- the history record: which masked entries git's history holds
# Each case: a fresh repository, a setup run in it, prepare, and the record
# (its state line, then its held lines, sorted) against what git itself
# holds. Masks: the built-ins, secrets/ and config/master.key.
printf '{"sandbox": {"mask_paths": ["secrets/", "config/master.key"]}}' >"$work/hist.json"
hist_n=0
hist() { # hist NAME 'SETUP' 'EXPECTED (lines joined by ;)' [PREPARE ARGS]
  local name=$1 setup=$2 want=$3; shift 3
  hist_n=$((hist_n + 1))
  local w=$work/hist$hist_n v=$work/hist-vm$hist_n
  mkdir -p "$w" "$v"
  ( cd "$w" && git init -q && echo code >main.c && git add main.c && git commit -qm base && eval "$setup" ) >/dev/null 2>&1
  "$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" "$@" 2>"$work/hist.log"
  local rc=$?
  local got
  got=$( { sed -n 2p "$v/path-policy.history" | cut -d' ' -f1; sed -n '3,$p' "$v/path-policy.history" | LC_ALL=C sort; } | paste -sd';')
  check "history: $name: prepare exits 0" [ "$rc" -eq 0 ]
  check "history: $name: '$got' is '$want'" [ "$got" = "$want" ]
  check "history: $name: the record's first line" [ "$(head -1 "$v/path-policy.history")" = "pathpolicy-history 2" ]
}
hist "nothing masked in it" 'echo x >x.txt && git add x.txt && git commit -qm x' 'complete'
hist "committed, then removed" 'echo S >.env && git add .env && git commit -qm s && git rm -q .env && git commit -qm rm' 'complete;at .env;held .env'
hist "at any depth" 'mkdir -p a/b && echo S >a/b/.env && git add a && git commit -qm s && git rm -rq a && git commit -qm rm' 'complete;at a/b/.env;held .env'
hist "either case" 'echo S >.ENVRC && git add .ENVRC && git commit -qm s && git rm -q .ENVRC && git commit -qm rm' 'complete;at .ENVRC;held .envrc'
hist "a masked directory's file" 'mkdir secrets && echo S >secrets/k && git add secrets && git commit -qm s && git rm -rq secrets && git commit -qm rm' 'complete;at secrets/;held secrets/'
hist "two components, deeper" 'mkdir -p v/config && echo S >v/config/master.key && git add v && git commit -qm s && git rm -rq v && git commit -qm rm' 'complete;at v/config/master.key;held config/master.key'
hist "not whole components" 'mkdir -p myconfig config && touch x.env .env.local .envrc.bak myconfig/master.key config/master.keys secretsx && git add -A && git commit -qm near' 'complete'
hist "the index only" 'echo S >.netrc && git add .netrc' 'complete;at .netrc;held .netrc'
hist "another branch only" 'git checkout -qb side && echo S >.netrc && git add .netrc && git commit -qm s && git checkout -q -' 'complete;at .netrc;held .netrc'
hist "a tag only" 'git checkout -q --detach && echo S >.env && git add .env && git commit -qm s && git tag t && git checkout -q -' 'complete;at .env;held .env'
hist "a reflog only" 'echo S >.env && git add .env && git commit -qm s && git reset -q --hard HEAD~1' 'complete;at .env;held .env'
hist "a stash's untracked file" 'echo S >.envrc && git stash -q -u' 'complete;at .envrc;held .envrc'
# only the merge has it (no later commit deletes it, the index lacks it):
# only a merge's diff against its first parent names it
hist "a merge's own file" 'b=$(git branch --show-current) && git checkout -qb side && echo y >y && git add y && git commit -qm y && git checkout -qb m "$b" && git merge -q --no-ff --no-commit side && echo S >.git-credentials && git add .git-credentials && git commit -qm merge && git checkout -q "$b"' 'complete;at .git-credentials;held .git-credentials'
hist "a directory name with a newline" 'mkdir "d
x" && echo S >"d
x/.env" && git add -A && git commit -qm s && git rm -rq "d
x" && git commit -qm rm' 'complete;anywhere;held .env'
hist "a nested checkout's masked file (its history unread)" 'git init -q vendor && echo S >vendor/.netrc' 'complete;at vendor/.netrc/;held .netrc'
# where: every place, each cut after the entry's run ('/' when git's name goes on)
hist "two places, and one below" 'mkdir -p a/.env && echo S >.env && echo S >a/.env/x && git add -A && git commit -qm s' 'complete;at .env;at a/.env/;held .env'
hist "past the bound of places: anywhere" 'mkdir d{1..1025} && for i in {1..1025}; do echo S >d$i/.env; done && git add -A && git commit -qm s' 'complete;anywhere;held .env'
hist "past the commit budget" 'echo x >x && git add x && git commit -qm x' 'unknown' --history-commits 1
hist "within the commit budget" 'echo x >x && git add x && git commit -qm x' 'complete' --history-commits 2
hist "a git directory the agent could have chosen" 'mv .git real && echo "gitdir: real" >.git' 'unknown'
check "history: unknown says why, named" grep -qF "git's history not read" "$work/hist.log"
w=$work/hist-none v=$work/hist-none-vm; mkdir -p "$w" "$v"; echo S >"$w/.env"
"$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" 2>/dev/null
check "history: no repository: complete, none held" [ "$(cat "$v/path-policy.history")" = "$(printf 'pathpolicy-history 2\ncomplete')" ]
w=$work/hist-empty v=$work/hist-empty-vm; mkdir -p "$v"; git init -q "$w"
"$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" 2>/dev/null
check "history: a repository without a commit: complete" [ "$(sed -n 2p "$v/path-policy.history")" = complete ]
# a resume's prepare reads it again: the budget met now, the record complete
w=$work/hist-again v=$work/hist-again-vm; mkdir -p "$v"; git init -q "$w"
( cd "$w" && for i in 1 2 3; do echo $i >f && git add f && git commit -qm $i; done ) >/dev/null
"$pp" prepare --worktree "$w" --out "$v" --history-commits 2 2>/dev/null
check "history: past the budget: unknown" grep -qx 'unknown past the budget of 2 commits' "$v/path-policy.history"
"$pp" prepare --worktree "$w" --out "$v" 2>/dev/null
check "history: prepared again: rewritten" [ "$(sed -n 2p "$v/path-policy.history")" = complete ]
check "history: the count said" grep -qF "git's history (3 commits, the index) holds 0 masked path(s)" <("$pp" prepare --worktree "$w" --out "$v" 2>&1)
# prepare's record read by check-command: with a/.env in the history only,
# the pathspecs that reach it are refused, and git itself prints the secret
# for each (the oracle); one that reaches none is allowed and prints none.
w=$work/hist-where v=$work/hist-where-vm; mkdir -p "$v"; git init -q "$w"
( cd "$w" && mkdir -p a src && echo code >src/main.c && echo HIST-SECRET >a/.env && git add -A && git commit -qm s && git rm -q a/.env && git commit -qm rm ) >/dev/null
"$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" 2>/dev/null
for cmd in 'git log -p -- a' "git log -p -- ':(exclude).env'" 'git show HEAD~1:a/.env' 'git log -p'; do
  "$pp" check-command --modules "$work/hist.json" --history-record "$v/path-policy.history" -- "$cmd" >/dev/null 2>&1
  rc=$?
  check "history where: refused: $cmd" [ "$rc" -eq 3 ]
  check "history where: git prints the secret for: $cmd" grep -qF HIST-SECRET <(cd "$w" && eval "$cmd" 2>&1)
done
cmd='git log -p -- src/'
"$pp" check-command --modules "$work/hist.json" --history-record "$v/path-policy.history" -- "$cmd" >/dev/null 2>&1
check "history where: allowed: $cmd" [ $? -eq 0 ]
check "history where: git prints no secret for: $cmd" bash -c "! (cd '$w' && $cmd 2>&1 | grep -qF HIST-SECRET)"
# past the time budget: a git log that never ends (a stand-in git that runs
# the real one but for log, which it turns into a wait on nothing), killed
# at 1 s, and the record unknown
mkdir -p "$work/fakebin"
real_git=$(command -v git)
cat >"$work/fakebin/git" <<SH
#!/bin/sh
for a in "\$@"; do [ "\$a" = log ] && exec tail -f /dev/null; done
exec "$real_git" "\$@"
SH
chmod +x "$work/fakebin/git"
PATH=$work/fakebin:$PATH "$pp" prepare --worktree "$w" --out "$v" --history-seconds 1 2>"$work/hist-time.log"; rc=$?
check "history: past the time budget: prepare goes on" [ "$rc" -eq 0 ]
check "history: past the time budget: unknown, said" grep -qx 'unknown git log ran past the budget of 1 s' "$v/path-policy.history"
check "history: past the time budget: a history-unknown warning" grep -qF "git's history not read (git log ran past the budget of 1 s)" "$work/hist-time.log"
"$pp" prepare --worktree "$w" --out "$v" --history-commits 0 2>/dev/null; check "--history-commits 0: usage" [ $? -eq 2 ]
"$pp" prepare --worktree "$w" --out "$v" --history-seconds x 2>/dev/null; check "--history-seconds x: usage" [ $? -eq 2 ]
"$pp" release --worktree "$w" --out "$v" --history-seconds 5 2>/dev/null; check "release --history-seconds: usage" [ $? -eq 2 ]

# --- usage
"$pp" prepare --worktree "$wt" 2>/dev/null; check "prepare without --out: usage" [ $? -eq 2 ]
"$pp" release --out "$vm" 2>/dev/null; check "release without --worktree: usage" [ $? -eq 2 ]

echo "host: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
