#!/usr/bin/env bash
# Every everyday git workflow in a checkout the daemon protects, against the
# same workflow without it: root only, re-executed in a mount and PID namespace
# of its own (unshare -m -p -f --mount-proc: no other git on the machine counts
# for the daemon), on a tmpfs.
#
# Each row runs twice from the same fixture: in a checkout under the daemon's
# root, and in a plain directory outside it. The two results are compared:
# exit statuses, output, refs, index, worktree files (hashed from a bind of the
# tmpfs that does not carry the daemon's mounts, so masked files show their real
# content), local config, fsck (clean after every row, in both places), worktree
# list, submodule status and the remotes' refs. Skip-worktree bits (ls-files -v)
# are compared apart: the daemon sets them on tracked masked paths by design.
# Each row declares its class, and the test fails when it sees another:
#   identical  nothing differs;
#   refused    a write the protection exists to refuse fails: an exit differs,
#              the state differs from the run without the daemon, and the
#              daemon's side is left exactly as it was before the row;
#   differs    it differs by design, in exactly the items the row names.
#
# Usage: test-git-matrix.sh PATHPOLICY TSV [K/N]   (root) run the matrix (with
#                                            K/N, only its K-th of N parts: rows
#                                            K, K+N, ...; each part is a test of
#                                            its own, so two run side by side),
#                                            write its rows to TSV, check
#                                            doc/git.md's table
#        test-git-matrix.sh --table TSV      (anyone) only write the rows and check
#                                            doc/git.md's table
set -u
here=$(cd "$(dirname "$0")" && pwd)
src_root=$(dirname "$here")

# --- the rows ----------------------------------------------------------------
# row ID CLASS DIFFS FIXTURE REPOS WORKFLOW REASON
#   DIFFS    for 'differs': the items expected to differ ('-' otherwise)
#   FIXTURE  none | main (a clone of the fixture repo) | env (a clone of the repo
#            that tracks .env and .claude/settings.json); f_ID adds to it
#   REPOS    the repositories compared, relative to the row's directory
# The workflow is w_ID, run in the row's directory; a_ID, if any, asserts more.
declare -A CLASS DIFFS FIX REPOS TEXT REASON
ROWS=()
row() { ROWS+=("$1"); CLASS[$1]=$2; DIFFS[$1]=$3; FIX[$1]=$4; REPOS[$1]=$5; TEXT[$1]=$6; REASON[$1]=$7; }

row clone identical - none r '`git clone URL r`' ''
row clone-recurse identical - none 'r r/lib' '`git clone --recurse-submodules URL r`' ''
row clone-depth identical - none r '`git clone --depth 1 URL r`' ''
row clone-sepgit identical - none r '`git clone --separate-git-dir=r.git URL r` (the gitdir inside the root)' ''
row init identical - none r '`git init r`, then a first commit' ''
row commit identical - main r '`git add` + `git commit`' ''
row checkout-b identical - main r '`git checkout -b topic`' ''
row rebase identical - main r '`git rebase origin/feature` (a local commit on main)' ''
row merge identical - main r '`git merge origin/feature` (a merge commit)' ''
row cherry-pick identical - main r '`git cherry-pick origin/feature`' ''
row stash identical - main r '`git stash` + `git stash pop`' ''
row fetch identical - main r '`git fetch` (the remote has moved on)' ''
row pull identical - main r '`git pull` (fast-forward)' ''
row push identical - main r '`git push` (without `-u`)' ''
row gc identical - main r '`git gc`' ''
row repack identical - main r '`git repack -a -d`' ''
row tag identical - main r '`git tag v1` + `git tag -a v2`' ''
row reset-hard identical - main r '`git reset --hard HEAD~1` (with a local change)' ''
row mv identical - main r '`git mv a.txt b.txt`' ''
row clean identical - main r '`git clean -fdx` (untracked and ignored files)' ''
row worktree identical - main r '`git worktree add ../wt` + `git worktree remove ../wt`' ''
row worktree-prune identical - main r '`git worktree add ../wt` + `rm -rf ../wt` + `git worktree prune`' ''
row submodule-update refused - main 'r r/lib' '`git submodule update --init --recursive` (in a checkout already protected)' \
  '`--init` registers the submodule in the protected `.git/config`, which cannot be written: git stops before cloning; `git clone --recurse-submodules` (above) works, as git registers it before protection lands'
row submodule-rm identical - none 'r r/lib' '`git clone --recurse-submodules URL r`, then `git rm lib` + `git commit`' ''
row reclone differs 'exit output' main r '`rm -rf r` + `git clone URL r` again' \
  'the first `rm -rf` fails (EBUSY) on the daemon'"'"'s mounts; once only they are left the daemon gives them back (`mounts-released`), a second `rm -rf` succeeds and the clone is as without the daemon'
row env-clone identical - none r '`git clone` of a repo that tracks `.env` and `.claude/settings.json`' ''
row env-status identical - env r '`git status` (tracked `.env` masked; a change elsewhere)' ''
row env-diff identical - env r '`git diff` (tracked `.env` masked)' ''
row env-add-commit identical - env r '`git add -A && git commit` (tracked `.env` masked)' ''
row env-commit-a identical - env r '`git commit -a` (tracked `.env` masked)' ''
row env-stash identical - env r '`git stash` + `git stash pop` (tracked `.env` masked)' ''
row env-reset-hard identical - env r '`git reset --hard HEAD~1` (tracked `.env` masked)' ''
row env-rebase identical - env r '`git rebase main` (tracked `.env` masked)' ''
row env-switch identical - env r '`git switch -c old HEAD~1` (tracked `.env` masked)' ''
row env-reclone differs 'exit output' env r '`rm -rf r` + `git clone URL r` again (tracked `.env` masked, `.claude/` protected)' \
  'the first `rm -rf` fails (EBUSY) on the mounts; the daemon discards the masked content and gives them back (`mounts-released`), then a second `rm -rf` and the clone work'
row env-worktree-remove differs 'exit output' env r '`git worktree add ../wt` + `git worktree remove ../wt` (the worktree holds the tracked, protected `.claude/settings.json`)' \
  'git deletes the worktree'"'"'s files before anything tells the daemon, and the mounts refuse the unlink (EBUSY, read-only), so `worktree remove` fails (255) and `rm -rf ../wt` stops at them too; once only the mounts are left the daemon gives them back (`mounts-released`), and a second `rm -rf` plus `git worktree prune` leave the same repository as without the daemon'
row untracked-env refused - main r '`git add -A && git commit` with an untracked (not ignored) `.env`' \
  'the masked `.env` is a character device to git: `add -A` refuses it, so the secret can never be committed (no object in the repository holds it)'
row config refused - main r '`git config x.y z`' 'the protected `.git/config` cannot be written'
row remote-add refused - main r '`git remote add up URL`' 'the protected `.git/config` cannot be written'
row set-upstream differs 'output config' main r '`git branch --set-upstream-to=origin/feature topic`' \
  'the upstream is recorded in the protected `.git/config`, which cannot be written; git prints the error but exits 0'
row push-u differs 'output config' main r '`git push -u origin topic`' \
  'the push lands on the remote, but recording the upstream in the protected `.git/config` fails; git prints the error but exits 0'
row dwim differs 'output config' main r '`git checkout feature` (DWIM: a new branch tracking `origin/feature`)' \
  'exit 0 and the branch is checked out, but its upstream is missing from the protected `.git/config`'
row submodule-add differs 'output index tree config submodules' main r '`git submodule add URL lib2`' \
  'git clones the submodule, then cannot register it in the protected `.git/config`: it prints the error and exits 0 half way (`.gitmodules` and the index written in part, the submodule not registered)'
row env-checkout-settings differs 'output tree' env r '`git checkout` of a branch that changes the tracked `.claude/settings.json`' \
  'the read-only `.claude/` refuses the new file: git prints the error and exits 0, HEAD and the index move, the file stays behind them (half-applied), and the daemon says so (`protected-differs`)'
row env-pull-settings differs 'exit output refs index tree worktrees' env r '`git pull` (fast-forward) that changes the tracked `.claude/settings.json`' \
  'the fetch lands (`origin/main` moves), but the fast-forward would rewrite the protected `.claude/settings.json`: git stops before moving `main` (exit 1), and nothing is half-applied'
row clean-masked differs 'exit output tree' main r '`git clean -fdx` with an untracked `.env` and `.claude/`' \
  'the masked `.env` and the protected `.claude/` are mount points: `clean` cannot remove them; everything else goes'

ITEMS="exit output refs index tree config fsck worktrees submodules remote"
STATE_ITEMS="refs index tree config worktrees submodules remote"

write_tsv() { # TSV
  { printf 'workflow\tclass\treason\n'
    for id in "${ROWS[@]}"; do printf '%s\t%s\t%s\n' "${TEXT[$id]}" "${CLASS[$id]}" "${REASON[$id]}"; done
  } >"$1"
}
check_readme() { # TSV: doc/git.md's table is what the TSV renders to
  local readme=$src_root/doc/git.md tool=$src_root/tools/git-matrix-table
  if ! diff -u <(sed -n '/^<!-- git-matrix: begin -->$/,/^<!-- git-matrix: end -->$/p' "$readme" | sed '1d;$d') \
      <("$tool" "$1") >"$1.readme-diff"; then
    echo "FAIL: doc/git.md's git matrix table is not what the rows render to; run:"
    echo "  tools/git-matrix-table --write doc/git.md $1"
    cat "$1.readme-diff"
    return 1
  fi
  echo "doc/git.md table: up to date (${#ROWS[@]} rows)"
}

if [ "${1:-}" = --table ]; then
  [ $# -eq 2 ] || { echo "usage: $0 --table TSV" >&2; exit 2; }
  write_tsv "$2" && check_readme "$2"; exit
fi
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 PATHPOLICY TSV [K/N]" >&2; exit 2; }
part=${3:-1/1}
[[ $part =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
  { echo "usage: $0 PATHPOLICY TSV [K/N], K of 1..N" >&2; exit 2; }
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount and PID namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 tsv=$2 part_k=${part%/*} part_n=${part#*/}
t0=$SECONDS
base=$(mktemp -d /tmp/pathpolicy-mx-XXXXXX)
view=$(mktemp -d /tmp/pathpolicy-mx-view-XXXXXX)
mount -t tmpfs -o size=512m tmpfs "$base"
# The view: the same tmpfs, bound without its submounts (--bind, not --rbind):
# the daemon's binds are not there, so a masked file shows its real content.
mount --bind "$base" "$view"
mkdir "$base/root" "$base/plain" "$base/fx" "$base/work" "$base/tmp"
work=$base/work log=$base/watch.log
daemon=
cleanup() {
  [ -n "$daemon" ] && { kill "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null; }
  [ -n "${PP_KEEP_LOG:-}" ] && cp "$log" "$PP_KEEP_LOG"
  umount -l "$view"; rmdir "$view"; umount -l "$base"; rmdir "$base"
}
trap cleanup EXIT

export GIT_CONFIG_GLOBAL=$base/gitconfig GIT_CONFIG_NOSYSTEM=1
export GIT_CEILING_DIRECTORIES=$base/root:$base/plain
# One date for every commit and tag: both places make the very same objects.
export GIT_AUTHOR_DATE='2005-04-07T22:13:13 +0000' GIT_COMMITTER_DATE='2005-04-07T22:13:13 +0000'
git config --global user.email mx@example.invalid
git config --global user.name matrix
git config --global init.defaultBranch main
git config --global protocol.file.allow always
git config --global advice.detachedHead false
git config --global pull.rebase false
SECRET=mx-fake-secret-7f3a91
UNTRACKED_SECRET=mx-fake-secret-untracked-c04e

# --- the fixture: bare repositories, copied into each row's directory --------
fx=$base/fx
mkfixture() {
  local t=$base/tmp/mk
  git init -q --bare "$fx/sub.git"; git init -q --bare "$fx/remote.git"; git init -q --bare "$fx/env.git"
  # sub.git: the submodule
  git init -q "$t/sub" && cd "$t/sub" || return 1
  echo s1 >s.txt && git add s.txt && git commit -qm "sub 1" && git push -q "$fx/sub.git" main || return 1
  # remote.git: three commits (the last adds the submodule, by a relative
  # URL, so that each row's copy uses its own sub.git), a branch 'feature' on
  # the remote only, and refs/mx/next: main one commit on, for fetch and pull.
  git init -q "$t/main" && cd "$t/main" || return 1
  printf 'a1\n' >a.txt; printf 'build/\n*.o\n' >.gitignore; echo readme >README
  git add -A && git commit -qm c1 || return 1
  mkdir src && echo 'int main(void) { return 0; }' >src/m.c && git add src && git commit -qm c2 || return 1
  git submodule add -q "$fx/sub.git" lib || return 1
  git config -f .gitmodules submodule.lib.url ../sub.git && git add .gitmodules && git commit -qm "c3: lib" || return 1
  git push -q "$fx/remote.git" main || return 1
  git checkout -q -b feature && echo f >f.txt && git add f.txt && git commit -qm f1 && git push -q "$fx/remote.git" feature || return 1
  git checkout -q main && printf 'a1\na2\n' >a.txt && git commit -qam c4 && git push -q "$fx/remote.git" main:refs/mx/next || return 1
  # env.git: tracks .env (a fake secret) and .claude/settings.json; a branch
  # 'settings' that changes the settings; refs/mx/next-settings, main one
  # commit on with the settings changed, for pull.
  git init -q "$t/env" && cd "$t/env" || return 1
  echo "SECRET=$SECRET" >.env; mkdir .claude; echo '{"permissions":{}}' >.claude/settings.json; echo v1 >app.txt
  git add -A && git commit -qm e1 && echo v2 >app.txt && git commit -qam e2 && git push -q "$fx/env.git" main || return 1
  git checkout -q -b settings && echo '{"permissions":{"allow":["Bash"]}}' >.claude/settings.json && git commit -qam s1 \
    && git push -q "$fx/env.git" settings && git push -q "$fx/env.git" settings:refs/mx/next-settings || return 1
  cd "$base" && rm -rf "$t"
}
( mkfixture ) || { echo "FAIL: the fixture could not be made"; exit 1; }
# git submodule status is a shell script (git 2.39) that runs
# submodule--helper status: that, at a process instead of a dozen a look,
# where it says the same as the script on a checkout with a submodule.
SUBMODULE_STATUS=(submodule status)
git clone -q --recurse-submodules "file://$fx/remote.git" "$base/tmp/sm" >/dev/null 2>&1
if [ -n "$(git -C "$base/tmp/sm" submodule status 2>&1)" ] &&
  [ "$(git -C "$base/tmp/sm" submodule status 2>&1)" = "$(git -C "$base/tmp/sm" submodule--helper status 2>&1)" ]; then
  SUBMODULE_STATUS=(submodule--helper status)
fi
rm -rf "$base/tmp/sm"

"$pp" watch "$base/root" --log-format json --log-level debug 2>"$log" &
daemon=$!
for i in $(seq 200); do grep -qF '"event":"watch-ready"' "$log" && break; sleep 0.05; done
grep -qF '"event":"watch-ready"' "$log" || { echo "FAIL: the daemon did not get ready"; cat "$log"; exit 1; }

# --- helpers -------------------------------------------------------------------
norm() { sed -e "s#$base/root/#<D>/#g" -e "s#$base/plain/#<D>/#g" -e "s#$view/root/#<D>/#g" -e "s#$view/plain/#<D>/#g" "$@"; }
fail() { echo "$*" >>"$OUT/fail"; }
lines() { wc -l <"$log"; }
# rec_since MARK EVENT CHECKOUT [GREP]: the record is in the log after line MARK
# (one process a look: dwait looks every 50 ms).
rec_since() {
  awk -v m="$1" -v e="\"event\":\"$2\"" -v c="\"checkout\":\"$3\"" -v g="${4:-}" \
    'NR > m && index($0, e) && index($0, c) && index($0, g) { f = 1; exit } END { exit !f }' "$log"
}
# dwait EVENT CHECKOUT [GREP]: on the daemon's side, until the daemon has
# written that record since the row's mark (bounded); elsewhere nothing.
dwait() {
  [ "$side" = root ] || return 0
  local i
  for i in $(seq 200); do rec_since "$MARK" "$@" && return 0; sleep 0.05; done
  fail "$side: no '$1' record for $2${3:+ ($3)} within 10 s"; return 1
}
# dwait_until WHAT CMD...: on the daemon's side, until CMD holds (bounded).
dwait_until() {
  [ "$side" = root ] || return 0
  local what=$1 i; shift
  for i in $(seq 200); do "$@" 2>/dev/null && return 0; sleep 0.05; done
  fail "$side: $what: not within 10 s"; return 1
}
masked() { [ "$(stat -c %F:%t:%T "$1" 2>/dev/null)" = "character special file:1:3" ]; }
# skip_settled DIR: every tracked masked path in DIR's index has the
# skip-worktree bit (the daemon's, once git is done).
skip_settled() {
  local p
  [ -e "$1/.git" ] || return 0
  for p in $(git -C "$1" ls-files -- .env .envrc .netrc .git-credentials); do
    git -C "$1" ls-files -v -- "$p" | grep -q '^S ' || return 1
  done
}
settle() { # on the daemon's side: until the skip-worktree bits are back in every repo of the row
  local r
  for r in ${REPOS[$ID]} wt; do dwait_until "skip-worktree bit on the tracked masked paths of $r" skip_settled "$D/$r"; done
}
# st NAME CMD...: one step of a workflow; its exit status and output are compared.
st() {
  local name=$1 rc; shift
  printf '## %s\n' "$name" >>"$OUT/output"
  "$@" >>"$OUT/output" 2>&1; rc=$?
  printf '%s=%s ' "$name" "$rc" >>"$OUT/exit"
  return $rc
}
# fx_st CMD...: a fixture step: it must work in both places.
fx_st() { "$@" >>"$OUT/fixture.log" 2>&1 || { fail "$side: fixture step failed: $*"; return 1; }; }

tree_state() { # DIR: every path but git dirs, its type and mode; each file's hash; each .git file's content
  ( cd "$1" || exit 0
    find . -mindepth 1 \( -name .git -o -name '*.git' \) -type d -prune -o -printf '%y %m %p\n' | LC_ALL=C sort
    find . \( -name .git -o -name '*.git' \) -type d -prune -o -type f ! -name .git -print0 | xargs -0r sha256sum | LC_ALL=C sort -k2
    find . \( -name .git -o -name '*.git' \) -type d -prune -o -name .git -type f -print0 | xargs -0r grep -H '' ) | norm
}
snap() { # OUTDIR: the state of the row's directory, item by item
  local o=$1 r g
  mkdir -p "$o"
  for r in ${REPOS[$ID]}; do
    for f in refs index skipwt config fsck worktrees submodules; do echo "# $r" >>"$o/$f"; done
    if [ ! -e "$D/$r/.git" ]; then
      for f in refs index skipwt config fsck worktrees submodules; do echo "(no repository)" >>"$o/$f"; done
      continue
    fi
    g=(git -C "$D/$r")
    { echo "HEAD $("${g[@]}" rev-parse -q --verify HEAD) $("${g[@]}" symbolic-ref -q HEAD) shallow=$("${g[@]}" rev-parse --is-shallow-repository)"
      "${g[@]}" for-each-ref --format='%(objectname) %(objecttype) %(refname)'; } >>"$o/refs" 2>&1
    "${g[@]}" ls-files -s >>"$o/index" 2>&1
    "${g[@]}" ls-files -v >>"$o/skipwt" 2>&1
    "${g[@]}" config --local --list >>"$o/config" 2>&1
    { "${g[@]}" fsck --no-progress 2>&1; echo "rc=$?"; } >>"$o/fsck"
    "${g[@]}" worktree list --porcelain >>"$o/worktrees" 2>&1
    "${g[@]}" "${SUBMODULE_STATUS[@]}" >>"$o/submodules" 2>&1
  done
  # normalised in place by one sed, not one a file a repository
  norm -i "$o/config" "$o/worktrees" "$o/submodules"
  for r in remote sub env; do echo "# $r.git"; git -C "$D/$r.git" for-each-ref --format='%(objectname) %(refname)'; done >"$o/remote" 2>&1
  tree_state "$view/$side/mx-$ID" >"$o/tree"
}
fsck_clean() { # FILE: every fsck there exited 0 and said nothing but dangling objects and notices
  ! grep -v -e '^# ' -e '^rc=0$' -e '^dangling ' -e '^notice: ' -e '^(no repository)$' "$1" | grep -q .
}
# by design: ls-files -v differs only in the S (skip-worktree) bit of tracked masked paths
skipwt_by_design() {
  diff <(sed -E 's#^S (.*/)?(\.env|\.envrc|\.netrc|\.git-credentials)$#H \1\2#' "$1") "$2" >/dev/null
}

# --- fixtures ---------------------------------------------------------------
fixture() {
  local r=$D/r
  case ${FIX[$ID]} in
    none) ;;
    main|env)
      local url=file://$D/remote.git; [ "${FIX[$ID]}" = env ] && url=file://$D/env.git
      fx_st git clone -q "$url" "$r" || return
      dwait git-protected "mx-$ID/r"
      [ "${FIX[$ID]}" = env ] && dwait skip-worktree "mx-$ID/r" ;;
  esac
  if declare -F "f_$ID" >/dev/null; then ( cd "$D" && "f_$ID" ); fi
}
# a commit in r (a fixture step)
fx_commit() { # FILE TEXT
  printf '%s\n' "$2" >>"$D/r/$1" && fx_st git -C "$D/r" add "$1" && fx_st git -C "$D/r" commit -qm "local $1"
}
# a file moved in whole (written aside, then renamed): the daemon binds at the
# move-in, so nothing it masks or protects is half-written.
move_in() { # TMPNAME DEST
  mv -T "$base/tmp/$1" "$2"
}

# --- the workflows -----------------------------------------------------------
w_clone() { st clone git clone -q "file://$PWD/remote.git" r; dwait git-protected "mx-$ID/r"; }
w_clone-recurse() {
  st clone git clone -q --recurse-submodules "file://$PWD/remote.git" r
  dwait git-protected "mx-$ID/r"; dwait git-protected "mx-$ID/r/lib"
}
w_clone-depth() { st clone git clone -q --depth 1 "file://$PWD/remote.git" r; dwait git-protected "mx-$ID/r"; }
w_clone-sepgit() {
  st clone git clone -q --separate-git-dir="$PWD/r.git" "file://$PWD/remote.git" r; dwait git-protected "mx-$ID/r"
}
w_init() {
  st init git init -q r; dwait git-protected "mx-$ID/r"
  echo first >r/first.txt
  st add git -C r add first.txt && st commit git -C r commit -qm first
}
w_commit() { echo new >r/new.txt; cd r && st add git add new.txt && st commit git commit -m new; }
w_checkout-b() { cd r && st checkout git checkout -b topic; }
f_rebase() { fx_commit a.txt local; }
w_rebase() { cd r && st rebase git rebase origin/feature; }
f_merge() { fx_commit a.txt local; }
w_merge() { cd r && st merge git merge --no-edit origin/feature; }
w_cherry-pick() { cd r && st cherry-pick git cherry-pick origin/feature; }
f_stash() { echo changed >>r/a.txt; }
w_stash() { cd r && st stash git stash && st pop git stash pop; }
f_fetch() { fx_st git -C remote.git update-ref refs/heads/main refs/mx/next; }
w_fetch() { cd r && st fetch git fetch; }
f_pull() { f_fetch; }
w_pull() { cd r && st pull git pull; }
f_push() { fx_commit a.txt local; }
w_push() { cd r && st push git push; }
w_gc() { cd r && st gc git gc -q; }
w_repack() { cd r && st repack git repack -a -d -q; }
w_tag() { cd r && st tag git tag v1 && st tag-a git tag -a v2 -m v2; }
f_reset-hard() { echo changed >>r/a.txt; }
w_reset-hard() { cd r && st reset git reset --hard HEAD~1; }
w_mv() { cd r && st mv git mv a.txt b.txt; }
f_clean() { mkdir -p r/build r/dir && echo x >r/build/x.o && echo u >r/u.txt && echo d >r/dir/d.txt && echo o >r/m.o; }
w_clean() { cd r && st clean git clean -fdx; }
w_worktree() {
  cd r && st add git worktree add ../wt || return
  dwait git-protected "mx-$ID/wt"
  st remove git worktree remove ../wt
}
w_worktree-prune() {
  cd r && st add git worktree add ../wt || return
  dwait git-protected "mx-$ID/wt"
  st rm rm -rf ../wt && st prune git worktree prune
}
w_submodule-update() {
  # (refused under the daemon: nothing is cloned, so nothing to wait for)
  cd r && st update git submodule update --init --recursive && dwait git-protected "mx-$ID/r/lib"
}
w_submodule-rm() {
  st clone git clone -q --recurse-submodules "file://$PWD/remote.git" r
  dwait git-protected "mx-$ID/r"; dwait git-protected "mx-$ID/r/lib"
  cd r && st rm git rm -q lib && st commit git commit -qm "rm lib"
}
w_reclone() {
  st rm rm -rf r
  dwait mounts-released "mx-$ID/r"
  st rm-again rm -rf r
  st clone git clone -q "file://$PWD/remote.git" r && dwait git-protected "mx-$ID/r"
}
w_env-clone() {
  st clone git clone -q "file://$PWD/env.git" r
  dwait git-protected "mx-$ID/r"; dwait skip-worktree "mx-$ID/r"
}
f_env-status() { echo changed >>r/app.txt; }
w_env-status() { cd r && st status git status && st short git status --short; }
f_env-diff() { echo changed >>r/app.txt; }
w_env-diff() { cd r && st diff git diff && st diff-stat git diff --stat HEAD; }
f_env-add-commit() { echo changed >>r/app.txt; echo new >r/new.txt; }
w_env-add-commit() { cd r && st add git add -A && st commit git commit -m work; }
f_env-commit-a() { echo changed >>r/app.txt; }
w_env-commit-a() { cd r && st commit git commit -a -m work; }
f_env-stash() { echo changed >>r/app.txt; }
w_env-stash() { cd r && st stash git stash && st pop git stash pop; }
f_env-reset-hard() { echo changed >>r/app.txt; }
w_env-reset-hard() { cd r && st reset git reset --hard HEAD~1; }
f_env-rebase() { fx_st git -C r checkout -q --no-track -b topic HEAD~1 && fx_commit t.txt topic; }
w_env-rebase() { cd r && st rebase git rebase main; }
w_env-switch() { cd r && st switch git switch -c old HEAD~1; }
w_env-reclone() {
  st rm rm -rf r
  dwait mounts-released "mx-$ID/r"
  st rm-again rm -rf r
  st clone git clone -q "file://$PWD/env.git" r && dwait git-protected "mx-$ID/r" && dwait skip-worktree "mx-$ID/r"
}
w_env-worktree-remove() {
  cd r && st add git worktree add ../wt || return
  dwait git-protected "mx-$ID/wt"; dwait skip-worktree "mx-$ID/wt"
  st remove git worktree remove ../wt
  st rm rm -rf ../wt
  dwait mounts-released "mx-$ID/wt"
  st rm-again rm -rf ../wt
  st prune git worktree prune
}
f_untracked-env() {
  echo "UNTRACKED=$UNTRACKED_SECRET" >"$base/tmp/env" && move_in env r/.env
  dwait_until "the untracked .env masked" masked r/.env
  echo changed >>r/a.txt
}
w_untracked-env() { cd r && st add git add -A && st commit git commit -m all; }
a_untracked-env() {
  local n
  n=$(git -C "$D/r" cat-file --batch-all-objects --batch | grep -c "$UNTRACKED_SECRET")
  if [ "$side" = root ]; then [ "$n" -eq 0 ] || fail "$side: $n object(s) hold the untracked secret"
  else [ "$n" -gt 0 ] || fail "$side: the secret is not in any object (the check itself is broken)"; fi
}
w_config() { cd r && st config git config x.y z; }
w_remote-add() { cd r && st remote git remote add up "file://$D/sub.git"; }
f_set-upstream() { fx_st git -C r branch --no-track topic; }
w_set-upstream() { cd r && st branch git branch --set-upstream-to=origin/feature topic; }
f_push-u() { fx_st git -C r checkout -q --no-track -b topic && fx_commit a.txt topic; }
w_push-u() { cd r && st push git push -u origin topic; }
w_dwim() { cd r && st checkout git checkout feature; }
w_submodule-add() { cd r && st add git submodule add "file://$D/sub.git" lib2; }
w_env-checkout-settings() { cd r && st checkout git checkout --no-track -b s origin/settings; }
a_env-checkout-settings() {
  [ "$side" = root ] && dwait protected-differs "mx-$ID/r" '.claude/settings.json'
}
f_env-pull-settings() { fx_st git -C env.git update-ref refs/heads/main refs/mx/next-settings; }
w_env-pull-settings() { cd r && st pull git pull; }
f_clean-masked() {
  echo "UNTRACKED=$UNTRACKED_SECRET" >"$base/tmp/env" && move_in env r/.env
  mkdir "$base/tmp/claude" && echo '{}' >"$base/tmp/claude/settings.local.json" && move_in claude r/.claude
  dwait_until "the untracked .env masked" masked r/.env
  dwait_until "the untracked .claude/ protected" mountpoint -q r/.claude
  echo u >r/u.txt
}
w_clean-masked() { cd r && st clean git clean -fdx; }

# --- one row, both places ----------------------------------------------------------
pass=0 failed=0 summary=()
run_row() {
  ID=$1
  local o=$work/$ID it differ=() observed declared=${CLASS[$ID]} why=
  for side in root plain; do
    D=$base/$side/mx-$ID OUT=$o/$side
    mkdir -p "$D" "$OUT" && : >"$OUT/exit" && : >"$OUT/output"
    cp -a "$fx/remote.git" "$fx/sub.git" "$fx/env.git" "$D/"
    MARK=$(lines)
    ( cd "$D" && fixture )
    [ "$side" = root ] && settle
    # The state before the row tells a refusal from a difference; a row
    # declared identical fails on any difference, whichever it is.
    [ "$side" = root ] && [ "$declared" != identical ] && snap "$OUT/pre"
    MARK=$(lines)
    ( cd "$D" && "w_$ID" )
    if declare -F "a_$ID" >/dev/null; then "a_$ID"; fi
    [ "$side" = root ] && settle
    snap "$OUT"
    fsck_clean "$OUT/fsck" || fail "$side: git fsck is not clean"
  done
  norm -i "$o/root/exit" "$o/root/output" "$o/plain/exit" "$o/plain/output"
  for it in $ITEMS; do cmp -s "$o/root/$it" "$o/plain/$it" || differ+=("$it"); done
  local skipnote=
  if ! cmp -s "$o/root/skipwt" "$o/plain/skipwt"; then
    if skipwt_by_design "$o/root/skipwt" "$o/plain/skipwt"; then skipnote=" (skip-worktree on the masked paths: by design)"
    else differ+=(skipwt); fi
  fi
  if [ ${#differ[@]} -eq 0 ]; then observed=identical
  else
    observed=differs
    # refused: the exit differs, the write happened without the daemon
    # (some state differs) and not with it (its side is as before the row)
    if [[ " ${differ[*]} " = *" exit "* ]]; then
      local same=1 state=0
      for it in $STATE_ITEMS; do
        cmp -s "$o/root/pre/$it" "$o/root/$it" || same=0
        [[ " ${differ[*]} " = *" $it "* ]] && state=1
      done
      [ $same -eq 1 ] && [ $state -eq 1 ] && observed=refused
    fi
  fi
  local ok=1
  [ "$observed" = "$declared" ] || { ok=0; why="declared $declared, observed $observed"; }
  if [ $ok -eq 1 ] && [ "$declared" = differs ] && [ "${differ[*]}" != "${DIFFS[$ID]}" ]; then
    ok=0; why="differs in '${differ[*]}', declared '${DIFFS[$ID]}'"
  fi
  [ -s "$o/root/fail" ] || [ -s "$o/plain/fail" ] && { ok=0; why="${why:+$why; }$(cat "$o/root/fail" "$o/plain/fail" 2>/dev/null | paste -sd ';' | sed 's/;/; /g')"; }
  if [ $ok -eq 1 ]; then
    pass=$((pass + 1)); printf 'ok   %-22s %s%s\n' "$ID" "$observed${differ[*]:+ (${differ[*]})}" "$skipnote"
  else
    failed=$((failed + 1)); summary+=("$ID: $why")
    printf 'FAIL %-22s %s\n' "$ID" "$why"
    for it in "${differ[@]}"; do
      echo "  --- $it: daemon (-) vs without (+)"
      diff "$o/root/$it" "$o/plain/$it" | grep '^[<>]' | sed -e 's/^</  -/' -e 's/^>/  +/' | head -n 20
    done
    if [ "$observed" = differs ] && [ -d "$o/root/pre" ]; then
      for it in $STATE_ITEMS; do
        cmp -s "$o/root/pre/$it" "$o/root/$it" || echo "  (the daemon's side changed its $it)"
      done
    fi
  fi
}

write_tsv "$tsv"
only=${PP_MATRIX_ONLY:-}
n=0
for id in "${ROWS[@]}"; do
  n=$((n + 1))
  [ $(((n - 1) % part_n + 1)) -eq "$part_k" ] || continue
  if [ -n "$only" ] && [[ " $only " != *" $id "* ]]; then continue; fi
  run_row "$id"
done

readme_ok=0
check_readme "$tsv" || readme_ok=1
kill "$daemon"; wait "$daemon"; daemon=
if [ "$failed" -ne 0 ]; then
  echo "--- failed rows"; printf '  %s\n' "${summary[@]}"
fi
echo "git-matrix ($part): $pass passed, $failed failed, in $((SECONDS - t0)) s"
[ "$failed" -eq 0 ] && [ "$readme_ok" -eq 0 ]
