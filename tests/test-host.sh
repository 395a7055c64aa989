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
# (maintenance.auto off: a git commit's "maintenance run --auto" is a
# process with nothing to do in repositories this small)
printf '[user]\n\temail = t@example.invalid\n\tname = test\n[maintenance]\n\tauto = false\n' >"$GIT_CONFIG_GLOBAL"
# A process costs ~4 ms here: the checks are bash builtins where grep, cut
# or sed answered one question each, and the repositories every case starts
# from are made once and copied.

# A snapshot of a worktree, in $snapped: every path (but .git), its type,
# a symlink's target and a file's content (its hash); three processes.
snap() {
  snapped=$(cd "$1" && find . -path ./.git -prune -o \( -type f -exec sha256sum {} + \) -o -printf '%y %p -> %l\n' |
    LC_ALL=C sort)
}

make_repo() { # make_repo DIR: a copy of the one made here first
  if [ ! -d "$work/repo-template" ]; then
    git init -q "$work/repo-template"
    ( cd "$work/repo-template" && echo code >main.c && mkdir -p config sub && echo PROD >config/prod.env && ln -s config/prod.env .env &&
      ln -s /etc/passwd .netrc && ln -s nowhere .envrc && ln -s config linkdir && echo f >plainfile &&
      echo tracked >sub/.git-credentials && git add -A && git commit -qm init )
  fi
  cp -a "$work/repo-template" "$1"
}
# slurp FILE: its bytes in $body ('' if it is missing).
slurp() { body=; [ -e "$1" ] && IFS= read -r -d '' body <"$1"; :; }
# grepF FILE STRING: a line of FILE has STRING (grep -qF; no STRING here has a newline).
grepF() { slurp "$1"; [[ $body == *"$2"* ]]; }
# lacks FILE STRING: no line of FILE has STRING (FILE there).
lacks() { [ -e "$1" ] && ! grepF "$1" "$2"; }
cat >"$work/modules.json" <<'JSON'
{"sandbox": {"mask_paths": ["deep/a/b/secret.key", "keys/", "linkdir/x", "plainfile/y",
                            "dir with space/x", "#hash", "!bang", "star*", "q?", "br[ack]"],
             "protect_paths": ["Makefile", "main.c"]}}
JSON
wt=$work/wt vm=$work/vm
# Every case's --out directory (and the others the cases need), made at once.
mkdir "$work"/{vm,vm0,vm3,vm-nohook,vm-lost,vm-chain,vm-resume,vm-denied,vm-org,vm-bs,fakebin} \
  "$work"/{hist-none,hist-none-vm,hist-empty-vm,hist-again-vm} "$work"/hist-vm{1..20}
make_repo "$wt"
"$pp" prepare --worktree "$wt" --out "$vm" --modules "$work/modules.json" 2>"$work/prep.log"; rc=$?
check "prepare exits 0" [ "$rc" -eq 0 ]
# has FILE LINE: a line of FILE is LINE (grep -qxF).
has() { slurp "$1"; [[ $'\n'$body$'\n' == *$'\n'"$2"$'\n'* ]]; }

# --- every case of the walk
check "absent file: a placeholder, empty" [ -f "$wt/.git-credentials" ] && [ ! -s "$wt/.git-credentials" ]
check "absent file: in the list" has "$vm/path-policy.placeholders" ".git-credentials"
check "absent dir entry: a directory placeholder" [ -d "$wt/keys" ]
# The four lines, wherever they are, in this order (grep -n | sort -n -c).
parents_first() {
  local l at=0
  mapfile -t L <"$vm/path-policy.placeholders" || return 1
  for l in "${L[@]}"; do
    case $l in
      deep/) [ "$at" -eq 0 ] || return 1; at=1 ;;
      deep/a/) [ "$at" -le 1 ] || return 1; at=2 ;;
      deep/a/b/) [ "$at" -le 2 ] || return 1; at=3 ;;
      deep/a/b/secret.key) [ "$at" -le 3 ] || return 1; at=4 ;;
    esac
  done
}
check "missing parents made and listed, parents first" parents_first
untouched() { slurp "$wt/main.c"; [ "$body" = code$'\n' ] && [ -e "$vm/path-policy.placeholders" ] && ! has "$vm/path-policy.placeholders" main.c; }
check "present: untouched, no placeholder" untouched
check "present: in the policy" has "$vm/path-policy" "protect main.c"
check "symlink inside: bound at its target" has "$vm/path-policy" "mask-file config/prod.env"
check "symlink inside: the link itself left alone" [ "$(readlink "$wt/.env")" = config/prod.env ]
check "symlink outside: skipped, named" grepF "$work/prep.log" 'skipped .netrc: a symlink to /etc/passwd, and it leads out of the checkout'
check "dangling: skipped, named" grepF "$work/prep.log" 'skipped .envrc: a symlink to nowhere, and it dangles'
check "under a symlink: skipped, named" grepF "$work/prep.log" 'skipped linkdir/x: linkdir is a symlink'
check "under a file: skipped, named" grepF "$work/prep.log" 'skipped plainfile/y: plainfile is not a directory'
check "nothing followed: no placeholder through the link" [ ! -e "$wt/config/x" ]
summary() { slurp "$work/prep.log"; [[ $body =~ 'path policy: the policy masks '[0-9]+' path(s) and protects '[0-9]+'; '[0-9]+' placeholder(s) in the worktree' ]]; }
check "the summary record (what the guest will do, not done on the host)" summary
check "the policy file reads back (enforce's reader)" "$pp" enforce --help >/dev/null

# --- the exclude file, as the guest's core.excludesFile
untracked=$(git -C "$wt" -c core.excludesFile="$vm/path-policy.exclude" status --porcelain --untracked-files=all)
check "exclude: no placeholder shows as untracked ($untracked)" [ -z "$untracked" ]
touch "$wt/starX" "$wt/q!" "$wt/brackets" "$wt/dir with space/y"
shown=$(git -C "$wt" -c core.excludesFile="$vm/path-policy.exclude" status --porcelain --untracked-files=all)
shows() { [[ $shown == *"$1"* ]]; }
for f in starX 'q!' brackets 'dir with space/y'; do
  check "escaping: '$f' is not hidden by a placeholder's pattern" shows "$f"
done
no_dir_pattern() { slurp "$vm/path-policy.exclude"; [ -e "$vm/path-policy.exclude" ] && [[ $body != *$'/\n'* && $body != */ ]]; }
check "exclude: no directory pattern (it would hide what is put inside)" no_dir_pattern
rm "$wt/starX" "$wt/q!" "$wt/brackets" "$wt/dir with space/y"
echo changed >"$wt/sub/.git-credentials"
shown=$(git -C "$wt" -c core.excludesFile="$vm/path-policy.exclude" status --porcelain)
check "exclude: a tracked file of the same name is not hidden" shows sub/.git-credentials
git -C "$wt" checkout -q -- sub/.git-credentials

# --- release: keeps content and what the base tracks (not what the colony
# committed since: issue 28); run twice
echo work >"$wt/keys/agent-wrote"
echo secret >"$wt/#hash"
git -C "$wt" add -f 'star*' && git -C "$wt" commit -qm "the agent tracked a placeholder"
"$pp" release --worktree "$wt" --out "$vm" 2>"$work/rel.log"; rc=$?
check "release exits 0" [ "$rc" -eq 0 ]
check "release: kept a placeholder with content" grepF "$work/rel.log" 'kept #hash: it has content'
check "release: kept a directory with entries" grepF "$work/rel.log" 'kept keys/: it has entries'
removed_star() { grepF "$work/rel.log" 'removed the placeholder star*' && [ ! -e "$wt/star*" ]; }
check "release: removed a placeholder only the colony's commit tracks" removed_star
check "release: removed the empty ones" [ ! -e "$wt/.git-credentials" ] && [ ! -e "$wt/deep" ]
"$pp" release --worktree "$wt" --out "$vm" 2>"$work/rel2.log"; rc=$?
check "release twice: exit 0, nothing more removed" eval '[ "$rc" -eq 0 ] && lacks "$work/rel2.log" "removed the placeholder"'

# --- a crash between the list and the placeholders, then release
for at in 0 3; do
  wt2=$work/crash$at vm2=$work/vm$at
  make_repo "$wt2"
  snap "$wt2"; before2=$snapped
  PATHPOLICY_TEST_CRASH_AFTER=$at "$pp_hooks" prepare --worktree "$wt2" --out "$vm2" --modules "$work/modules.json" 2>/dev/null
  rc=$?
  check "crash after $at placeholder(s): killed" [ "$rc" -eq 137 ]
  check "crash after $at: the list was written first" [ -s "$vm2/path-policy.placeholders" ]
  "$pp" release --worktree "$wt2" --out "$vm2" 2>/dev/null
  snap "$wt2"
  check "crash after $at, then release: the checkout exactly as before" [ "$snapped" = "$before2" ]
done

# --- the program itself has no such hook: the variable changes nothing
wt4=$work/nohook vm4=$work/vm-nohook
make_repo "$wt4"
PATHPOLICY_TEST_CRASH_AFTER=0 "$pp" prepare --worktree "$wt4" --out "$vm4" --modules "$work/modules.json" 2>/dev/null
check "the program ignores PATHPOLICY_TEST_CRASH_AFTER" [ $? -eq 0 ]

# --- the list lost: only empty paths at policy entries go
wt3=$work/lost vm3=$work/vm-lost
make_repo "$wt3"
"$pp" prepare --worktree "$wt3" --out "$vm3" --modules "$work/modules.json" 2>/dev/null
rm "$vm3/path-policy.placeholders"
"$pp" release --worktree "$wt3" --out "$vm3" 2>"$work/lost.log"
check "list lost: said" grepF "$work/lost.log" 'path-policy.placeholders is lost'
check "list lost: empty policy paths removed" [ ! -e "$wt3/.git-credentials" ]
check "list lost: tracked and present paths kept" [ -f "$wt3/main.c" ] && [ -L "$wt3/.env" ]

# --- symlink chains: followed while they stay inside; a loop, a dangle, a way out: skipped
wt4=$work/chain vm4=$work/vm-chain
git init -q "$wt4"
( cd "$wt4" && mkdir real && echo TOKEN >real/s.env && ln -s l2 .git-credentials && ln -s real/s.env l2 &&
  ln -s loop-b .netrc && ln -s loop-a loop-b && ln -s loop-b loop-a &&
  ln -s hop1 .envrc && ln -s gone hop1 &&
  ln -s out1 .pgpass && ln -s /etc/passwd out1 &&
  ln -s .git/config .env && echo x >main.c && git add main.c && git commit -qm init )
cat >"$work/chain.json" <<'JSON'
{"sandbox": {"mask_paths": [".git-credentials", ".netrc", ".envrc", ".pgpass", ".env"]}}
JSON
"$pp" prepare --worktree "$wt4" --out "$vm4" --modules "$work/chain.json" 2>"$work/chain.log"; rc=$?
mapfile -t L <"$work/chain.log"
check "chains: prepare exits 0 (${L[-1]-})" [ "$rc" -eq 0 ]
check "chain inside: its final target is masked" has "$vm4/path-policy" "mask-file real/s.env"
check "chain that loops: skipped, named" grepF "$work/chain.log" 'skipped .netrc: a symlink to'
check "chain that loops: the reason" grepF "$work/chain.log" 'loops or is too long'
check "chain that dangles: skipped" grepF "$work/chain.log" 'skipped .envrc: a symlink to gone, and it dangles'
check "chain that leaves: skipped" grepF "$work/chain.log" 'skipped .pgpass: a symlink to /etc/passwd, and it leads out of the checkout'
check "a symlink into .git: skipped by the rule, not a failure" grepF "$work/chain.log" 'skipped .env: a symlink to .git/config, and masked entry under .git'
# (grep -q '^mask.* .git/config': a line that says so)
unmasked() { local l; mapfile -t L <"$vm4/path-policy" || return 1; for l in "${L[@]}"; do [[ $l == mask*' .git/config'* ]] && return 1; done; return 0; }
check "a symlink into .git: not masked" unmasked

# --- VMDIR inside the worktree: refused
mkdir "$wt4/vm-inside"
"$pp" prepare --worktree "$wt4" --out "$wt4/vm-inside" --modules "$work/chain.json" 2>"$work/inside.log"; rc=$?
check "--out inside the worktree: exit 1" [ "$rc" -eq 1 ]
check "--out inside the worktree: said" grepF "$work/inside.log" "is inside the worktree"
empty_dir() { local e; e=("$1"/* "$1"/.[!.]* "$1"/..?*); for e in "${e[@]}"; do [ -e "$e" ] || [ -L "$e" ] && return 1; done; return 0; }
check "--out inside the worktree: nothing written" empty_dir "$wt4/vm-inside"
"$pp" release --worktree "$wt4" --out "$wt4/vm-inside" 2>/dev/null; rc=$?
check "--out inside the worktree: release refuses too" [ "$rc" -eq 1 ]

# --- prepare twice without release (a crash, then a resume): the list only grows
wt5=$work/resume vm5=$work/vm-resume
make_repo "$wt5"
snap "$wt5"; before5=$snapped
"$pp" prepare --worktree "$wt5" --out "$vm5" --modules "$work/modules.json" 2>/dev/null
mapfile -t first <"$vm5/path-policy.placeholders"
"$pp" prepare --worktree "$wt5" --out "$vm5" --modules "$work/modules.json" 2>/dev/null; rc=$?
check "resume: the second prepare exits 0" [ "$rc" -eq 0 ]
mapfile -t second <"$vm5/path-policy.placeholders"
# The first list is the second's head, line for line; no line is there twice.
still_listed() { [ "${#first[@]}" -gt 0 ] && [ "${second[*]:0:${#first[@]}}" = "${first[*]}" ]; }
check "resume: the first run's placeholders are still listed" still_listed
once_each() { local l; local -A seen=(); for l in "${second[@]}"; do [ -z "${seen[x$l]-}" ] || return 1; seen[x$l]=1; done; }
check "resume: no line twice" once_each
"$pp" release --worktree "$wt5" --out "$vm5" 2>/dev/null
snap "$wt5"
check "resume, then release: the checkout exactly as before" [ "$snapped" = "$before5" ]

# --- release that cannot remove what it should: exit 1 (not as root: it passes permissions)
if [ "$(id -u)" -ne 0 ]; then
  wt6=$work/denied vm6=$work/vm-denied
  make_repo "$wt6"
  "$pp" prepare --worktree "$wt6" --out "$vm6" --modules "$work/modules.json" 2>/dev/null
  chmod 555 "$wt6" "$wt6/deep/a/b"
  "$pp" release --worktree "$wt6" --out "$vm6" 2>"$work/denied.log"; rc=$?
  chmod 755 "$wt6" "$wt6/deep/a/b"
  check "release denied: exit 1" [ "$rc" -eq 1 ]
  check "release denied: says how many and which" grepF "$work/denied.log" "placeholder(s) that should have gone could not be removed"
fi

# --- a mistyped --org, and coverage made by the disk
wt7=$work/org vm7=$work/vm-org
git init -q "$wt7"; mkdir "$wt7/deploy"; echo K >"$wt7/deploy/keys.pem"
printf '{"acme": {"path_policy": {"mask_paths": ["deploy/keys.pem"]}}}' >"$work/orgs7.json"
printf '{"sandbox": {"mask_paths": ["deploy"]}}' >"$work/mods7.json"
"$pp" prepare --worktree "$wt7" --out "$vm7" --orgs "$work/orgs7.json" --org acmee 2>"$work/org.log"; rc=$?
check "mistyped --org: prepare goes on" [ "$rc" -eq 0 ]
check "mistyped --org: said, naming org and file" grepF "$work/org.log" "$work/orgs7.json has no org 'acmee': no org entries apply"
rm -f "$vm7"/*
"$pp" prepare --worktree "$wt7" --out "$vm7" --modules "$work/mods7.json" --orgs "$work/orgs7.json" --org acme 2>"$work/cov.log"; rc=$?
check "coverage by the disk: prepare exits 0" [ "$rc" -eq 0 ]
check "coverage by the disk: deploy (a directory) masked as one" has "$vm7/path-policy" "mask-dir deploy/"
check "coverage by the disk: deploy/keys.pem dropped, said" grepF "$work/cov.log" "dropped mask entry deploy/keys.pem: the masked directory deploy/ covers it"

# --- a name with a backslash is shown escaped once, as validate and enforce show it
wt8=$work/bs vm8=$work/vm-bs
git init -q "$wt8"
printf '{"sandbox": {"mask_paths": ["back\\\\slash"]}}' >"$work/bs.json"
"$pp" prepare --worktree "$wt8" --out "$vm8" --modules "$work/bs.json" 2>/dev/null
"$pp" release --worktree "$wt8" --out "$vm8" 2>"$work/bs.log"
check "backslash: escaped once" has "$work/bs.log" 'path policy: removed the placeholder back\\slash'

# --- the history record: which masked entries git's history holds
# Each case: a fresh repository, a setup run in it, prepare, and the record
# (its state line, then its held lines, sorted) against what git itself
# holds. Masks: the built-ins, secrets/ and config/master.key.
printf '{"sandbox": {"mask_paths": ["secrets/", "config/master.key"]}}' >"$work/hist.json"
hist_n=0
# Every case's repository starts as this one (a copy).
git init -q "$work/hist-template" && echo code >"$work/hist-template/main.c" &&
  git -C "$work/hist-template" add main.c && git -C "$work/hist-template" commit -qm base
hist() { # hist NAME 'SETUP' 'EXPECTED (lines joined by ;)' [PREPARE ARGS]
  local name=$1 setup=$2 want=$3; shift 3
  hist_n=$((hist_n + 1))
  local w=$work/hist$hist_n v=$work/hist-vm$hist_n
  [ -d "$v" ] || mkdir "$v" # (1 to 20 made above)
  cp -a "$work/hist-template" "$w"
  ( cd "$w" && eval "$setup" ) >/dev/null 2>&1
  "$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" "$@" 2>"$work/hist.log"
  local rc=$?
  # Line 2's first word, then lines 3 on in C order, joined by ';' (as
  # sed, cut, sort and paste made it).
  local got='' i j t LC_ALL=C
  local -a R=()
  [ -e "$v/path-policy.history" ] && mapfile -t R <"$v/path-policy.history"
  local -a held=("${R[@]:2}")
  for ((i = 1; i < ${#held[@]}; i++)); do
    t=${held[i]}
    for ((j = i - 1; j >= 0; j--)); do [[ ${held[j]} > $t ]] || break; held[j + 1]=${held[j]}; done
    held[j + 1]=$t
  done
  [ "${#R[@]}" -ge 2 ] && got=${R[1]%% *}
  for t in "${held[@]}"; do got+=";$t"; done
  check "history: $name: prepare exits 0" [ "$rc" -eq 0 ]
  check "history: $name: '$got' is '$want'" [ "$got" = "$want" ]
  check "history: $name: the record's first line" [ "${R[0]-}" = "pathpolicy-history 2" ]
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
# commits no ref or reflog reaches that git still names: a pseudo-ref
# (FETCH_HEAD, every line of it; ORIG_HEAD; a rebase's state) and what fsck
# calls dangling (a dropped stash); a blob or tree nothing reaches (a file
# added, then unstaged) has no name: "unreachable"
up=$work/hist-up; git init -q "$up"
( cd "$up" && echo code >main.c && git add main.c && git commit -qm base && git checkout -qb side &&
  echo S >.env && git add .env && git commit -qm s && git checkout -q - ) >/dev/null
hist "a fetched commit only (FETCH_HEAD)" "git fetch -q '$up' side" 'complete;at .env;held .env'
hist "a dropped stash (dangling)" 'echo S >.env && git add .env && git stash -q && git stash drop -q' 'complete;at .env;held .env'
hist "a file added, then unstaged (a dangling blob)" 'echo S >.env && git add .env && git reset -q' 'complete;unreachable'
hist "a stale pseudo-ref: not unknown" 'echo 0123456789012345678901234567890123456789 >.git/ORIG_HEAD' 'complete'
# the pseudo-refs alone (fsck stood in, printing nothing)
mkdir -p "$work/nofsck"
printf '#!/bin/sh\nfor a in "$@"; do [ "$a" = fsck ] && exit 0; done\nexec %s "$@"\n' "$(command -v git)" >"$work/nofsck/git"
chmod +x "$work/nofsck/git"
PATH=$work/nofsck:$PATH hist "FETCH_HEAD's not-for-merge line, fsck stood in" "git fetch -q '$up' HEAD side && grep -q not-for-merge .git/FETCH_HEAD" 'complete;at .env;held .env'
PATH=$work/nofsck:$PATH hist "ORIG_HEAD alone, fsck stood in" 'echo S >.netrc && git add .netrc && git commit -qm s && git reset -q --hard HEAD~1 && git reflog expire --expire=now --all' 'complete;at .netrc;held .netrc'
PATH=$work/nofsck:$PATH hist "a rebase's orig-head, fsck stood in" 'echo S >.netrc && git add .netrc && git commit -qm s && id=$(git rev-parse HEAD) && git reset -q --hard HEAD~1 && git reflog expire --expire=now --all && rm .git/ORIG_HEAD && mkdir .git/rebase-merge && echo $id >.git/rebase-merge/orig-head' 'complete;at .netrc;held .netrc'
hist "past the commit budget" 'echo x >x && git add x && git commit -qm x' 'unknown' --history-commits 1
hist "within the commit budget" 'echo x >x && git add x && git commit -qm x' 'complete' --history-commits 2
hist "a git directory the agent could have chosen" 'mv .git real && echo "gitdir: real" >.git' 'unknown'
check "history: unknown says why, named" grepF "$work/hist.log" "git's history not read"
w=$work/hist-none v=$work/hist-none-vm; echo S >"$w/.env"
"$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" 2>/dev/null
slurp "$v/path-policy.history"
check "history: no repository: complete, none held" [ "${body%$'\n'}" = $'pathpolicy-history 2\ncomplete' ]
w=$work/hist-empty v=$work/hist-empty-vm; git init -q "$w"
"$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" 2>/dev/null
mapfile -t R <"$v/path-policy.history"
check "history: a repository without a commit: complete" [ "${R[1]-}" = complete ]
# a resume's prepare reads it again: the budget met now, the record complete
w=$work/hist-again v=$work/hist-again-vm; git init -q "$w"
( cd "$w" && for i in 1 2 3; do echo $i >f && git add f && git commit -qm $i; done ) >/dev/null
"$pp" prepare --worktree "$w" --out "$v" --history-commits 2 2>/dev/null
check "history: past the budget: unknown" has "$v/path-policy.history" 'unknown past the budget of 2 commits'
"$pp" prepare --worktree "$w" --out "$v" 2>/dev/null
mapfile -t R <"$v/path-policy.history"
check "history: prepared again: rewritten" [ "${R[1]-}" = complete ]
"$pp" prepare --worktree "$w" --out "$v" >"$work/again.log" 2>&1
check "history: the count said" grepF "$work/again.log" "git's history (3 commits, the index) holds 0 masked path(s)"
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
# a blob nothing reaches: by its id, refused, and git prints it (the
# oracle); git show HEAD and git log -p allowed, printing none
w=$work/hist-lost v=$work/hist-lost-vm; mkdir -p "$v"; git init -q "$w"
( cd "$w" && echo code >main.c && git add -A && git commit -qm s && echo LOST-SECRET >.env && git add .env && git reset -q ) >/dev/null
id=$(cd "$w" && git fsck --dangling 2>/dev/null | awk '/blob/{print $3}')
"$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" 2>/dev/null
check "history unreachable: said" has "$v/path-policy.history" 'unreachable'
for cmd in "git show $id" "git cat-file -p ${id:0:7}" "git grep LOST $id" "git fsck --dangling 2>/dev/null | awk '/blob/{print \$3}' | xargs -n1 git cat-file -p" "git fsck --dangling | awk '{print \$3}' | git cat-file --batch"; do
  "$pp" check-command --modules "$work/hist.json" --history-record "$v/path-policy.history" -- "$cmd" >/dev/null 2>&1
  rc=$?
  check "history unreachable: refused: $cmd" [ "$rc" -eq 3 ]
  check "history unreachable: git prints the secret for: $cmd" grep -qF LOST-SECRET <(cd "$w" && eval "$cmd" 2>&1)
done
for cmd in 'git show HEAD' 'git log -p' 'git fsck'; do
  "$pp" check-command --modules "$work/hist.json" --history-record "$v/path-policy.history" -- "$cmd" >/dev/null 2>&1
  check "history unreachable: allowed: $cmd" [ $? -eq 0 ]
  check "history unreachable: git prints no secret for: $cmd" bash -c "! (cd '$w' && $cmd 2>&1 | grep -qF LOST-SECRET)"
done
# a fetched commit: git log -p FETCH_HEAD refused, and it prints the secret
w=$work/hist-fetch v=$work/hist-fetch-vm; mkdir -p "$v"; git init -q "$w"
( cd "$w" && echo code >main.c && git add -A && git commit -qm s && git fetch -q "$up" side ) >/dev/null
"$pp" prepare --worktree "$w" --out "$v" --modules "$work/hist.json" 2>/dev/null
cmd='git log -p FETCH_HEAD'
"$pp" check-command --modules "$work/hist.json" --history-record "$v/path-policy.history" -- "$cmd" >/dev/null 2>&1
check "history FETCH_HEAD: refused: $cmd" [ $? -eq 3 ]
check "history FETCH_HEAD: git prints the secret for: $cmd" bash -c "cd '$w' && $cmd 2>&1 | grep -qF +S"
# past the time budget: a git log that never ends (a stand-in git that runs
# the real one but for log, which it turns into a wait on nothing), killed
# at 1 s, and the record unknown
real_git=$(command -v git)
cat >"$work/fakebin/git" <<SH
#!/bin/sh
for a in "\$@"; do [ "\$a" = log ] && exec tail -f /dev/null; done
exec "$real_git" "\$@"
SH
chmod +x "$work/fakebin/git"
PATH=$work/fakebin:$PATH "$pp" prepare --worktree "$w" --out "$v" --history-seconds 1 2>"$work/hist-time.log"; rc=$?
check "history: past the time budget: prepare goes on" [ "$rc" -eq 0 ]
check "history: past the time budget: unknown, said" has "$v/path-policy.history" 'unknown git log ran past the budget of 1 s'
check "history: past the time budget: a history-unknown warning" grepF "$work/hist-time.log" "git's history not read (git log ran past the budget of 1 s)"
"$pp" prepare --worktree "$w" --out "$v" --history-commits 0 2>/dev/null; check "--history-commits 0: usage" [ $? -eq 2 ]
"$pp" prepare --worktree "$w" --out "$v" --history-seconds x 2>/dev/null; check "--history-seconds x: usage" [ $? -eq 2 ]
"$pp" release --worktree "$w" --out "$v" --history-seconds 5 2>/dev/null; check "release --history-seconds: usage" [ $? -eq 2 ]

# --- usage
"$pp" prepare --worktree "$wt" 2>/dev/null; check "prepare without --out: usage" [ $? -eq 2 ]
"$pp" release --out "$vm" 2>/dev/null; check "release without --worktree: usage" [ $? -eq 2 ]

echo "host: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
