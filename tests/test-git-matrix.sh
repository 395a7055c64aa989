#!/usr/bin/env bash
# Every everyday git workflow in a checkout the daemon protects, against the
# same workflow without it: root only, re-executed in a mount and PID namespace
# of its own (unshare -m -p -f --mount-proc: no other git on the machine counts
# for the daemon), on a tmpfs.
#
# Each row runs twice from the same fixture: in a checkout under the daemon's
# root, and in a plain directory outside it. The two results are compared:
# exit statuses, output, refs, index, worktree files (read from a bind of the
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
# Every row runs in one of the daemon's two modes for nested checkouts'
# config (watch --git-config): bind (the default: config and config.worktree
# bound read-only) or audit (left writable, the audit list's keys taken out).
# A row's class is declared per mode: as in bind unless `audit` says otherwise.
#
# Usage: test-git-matrix.sh PATHPOLICY TSV [K/N [MODE]]
#                                            (root) run the matrix (with
#                                            K/N, only its K-th of N parts: rows
#                                            K, K+N, ...; each part is a test of
#                                            its own, so two run side by side;
#                                            MODE bind, the default, or audit),
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
declare -A CLASS DIFFS FIX REPOS TEXT REASON FX_WAIT A_CLASS A_DIFFS A_REASON
ROWS=()
row() { ROWS+=("$1"); CLASS[$1]=$2; DIFFS[$1]=$3; FIX[$1]=$4; REPOS[$1]=$5; TEXT[$1]=$6; REASON[$1]=$7; }
# audit ID CLASS DIFFS REASON: the row's class under --git-config audit, where
# it is not its bind class (REASON '': none to give).
audit() { A_CLASS[$1]=$2; A_DIFFS[$1]=$3; A_REASON[$1]=$4; }

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
row submodule-add differs 'output config submodules' main r '`git submodule add URL lib2`' \
  'git clones the submodule, then cannot register it in the protected `.git/config`: it prints the error and exits 0 half way (`.gitmodules` and the index written, the submodule not registered, so `submodule status` shows it uninitialized)'
row env-checkout-settings differs 'output tree' env r '`git checkout` of a branch that changes the tracked `.claude/settings.json`' \
  'the read-only `.claude/` refuses the new file: git prints the error and exits 0, HEAD and the index move, the file stays behind them (half-applied), and the daemon says so (`protected-differs`)'
row env-pull-settings differs 'exit output refs index tree worktrees' env r '`git pull` (fast-forward) that changes the tracked `.claude/settings.json`' \
  'the fetch lands (`origin/main` moves), but the fast-forward would rewrite the protected `.claude/settings.json`: git stops before moving `main` (exit 1), and nothing is half-applied'
row clean-masked differs 'exit output tree' main r '`git clean -fdx` with an untracked `.env` and `.claude/`' \
  'the masked `.env` and the protected `.claude/` are mount points: `clean` cannot remove them; everything else goes'
# the index as git made it, the agent's own work, upstream changes (issue 34)
row env-split-index identical - env r '`git commit -a` in a split index (`core.splitIndex=true`; tracked `.env` masked)' ''
row env-sparse-index identical - env r '`git commit -a` in a cone-mode sparse checkout with `--sparse-index` and `sparse.expectFilesOutsideOfPatterns=true` (tracked `.env` masked)' ''
row env-sparse-index-clears refused - env r '`git commit -a` in a cone-mode sparse checkout with `--sparse-index` (tracked `.env` masked)' \
  'in a sparse checkout git clears skip-worktree from every tracked file present in the worktree at each read of the index, and the masked `.env` is present (as /dev/null): `commit -a` refuses the character device (128) and commits nothing; the daemon says so (`skip-worktree-cleared`). `git commit` of named paths works, and so does everything with `sparse.expectFilesOutsideOfPatterns=true` (the row above)'
row env-cone refused - env r '`git commit -a` in a cone-mode sparse checkout (tracked `.env` masked)' \
  'as with `--sparse-index` (above): git clears the skip-worktree bit of the present, masked `.env`, `commit -a` refuses it (128), and the daemon says so (`skip-worktree-cleared`)'
row env-upstream differs 'exit output refs index tree worktrees' env r '`git pull` of a commit that changes the tracked, masked `.env`' \
  'the fetch lands (`origin/main` moves), but git will not overwrite the masked `.env` (present, and not what the index holds: "Your local changes ... would be overwritten"): the merge stops before moving `main` (exit 1), nothing is half-applied; the agent cannot take the new `.env` (the host publishes without it): see below'
row env-dir-switch refused - env r '`git checkout` of a branch where `.env` is a directory' \
  'git will not replace the masked `.env` (present, and not what the index holds): it refuses before anything moves (exit 1), HEAD, the index and the tree as they were'
row stash-u differs 'exit output fsck' main r '`git stash -u` + `git stash pop` with an untracked `.env` (masked)' \
  'git reads the masked `.env` as a regular file in its directory and then finds a character device ("unsupported file type"): the untracked part fails and the stash is not made (exit 1), the checkout as it was; `git stash push -u -- . '"'"':!.env'"'"'` (the row below) stashes everything else'
row stash-u-exclude identical - main r '`git stash push -u -- . '"'"':!.env'"'"'` + `git stash pop` with an untracked `.env` (masked)' ''
row clean-n-masked identical - main r '`git clean -n` with an untracked `.env` (masked)' ''
row add-a-exclude identical - main r '`git add -A -- . '"'"':!.env'"'"'` + `git commit` with an untracked `.env` (masked)' ''
row worktree-move identical - main r '`git worktree add ../wt` + `git worktree move ../wt ../wt2` + `git worktree remove ../wt2`' ''
row worktree-loop identical - main r '`git worktree add` + `git worktree move`, three worktrees, then `git worktree remove` each' ''
row clone-recurse-loop identical - none 'r1 r1/lib r2 r2/lib r3 r3/lib' '`git clone --recurse-submodules URL rN`, three times' ''

# git's own config writes (issue 34): in bind mode the bound config refuses
# them, each refusal said (git-config-refused); in audit mode as without
# the daemon. (The submodule rows start from a recursive clone: fx_sm.)
cfg_why='git writes the protected `.git/config`'
row sm-update-noop differs 'exit output' none 'r r/lib' '`git submodule update` (after `clone --recurse-submodules`; nothing to do)' \
  'git rewrites `core.worktree` in the submodule'"'"'s protected `.git/modules/lib/config` even when there is nothing to do, and stops'
row sm-sync differs 'exit output' none 'r r/lib' '`git submodule sync --recursive`' \
  'the submodule URL is written to the protected configs, which cannot be written'
row sm-set-url differs 'exit output' none 'r r/lib' '`git submodule set-url lib URL`' \
  'git rewrites `.gitmodules`, then cannot record the URL in the protected `.git/config`: exit 128, half done (`.gitmodules` changed, the submodule still fetched from the old URL)'
row sm-deinit differs 'output config' none 'r r/lib' '`git submodule deinit -f lib`' \
  'the submodule'"'"'s files go, but git cannot unset `core.worktree` in its protected config nor remove `submodule.lib.url` from the protected `.git/config`: it prints the errors and exits 0'
row sm-absorb differs 'exit output config' none 'r r/lib' '`git submodule absorbgitdirs` (a submodule with its own `.git` directory)' \
  'git moves the submodule'"'"'s `.git` into `.git/modules/lib` (its binds go with it) and writes `lib/.git`, then cannot record `core.worktree` in the moved, still protected config: exit 128, half done'
row sparse-set refused - main r '`git sparse-checkout set src`' \
  "$cfg_why"' (`extensions.worktreeConfig`), which cannot be written'
row sparse-disable differs 'exit output' none r '`git sparse-checkout disable` (after `clone --sparse`)' \
  'git checks every file out, then cannot clear `core.sparseCheckout` in the protected `.git/config.worktree`: exit 1, the checkout still marked sparse'
row maintenance-register refused - main r '`git maintenance register`' "$cfg_why"
row remote-set-branches refused - main r '`git remote set-branches origin main feature`' "$cfg_why"
row lfs-install refused - main r '`git lfs install --local`' 'git-lfs writes its hooks into the protected `.git/hooks/`'
audit lfs-install differs 'config' \
  'git-lfs installs its hooks as without the daemon (`.git/hooks/` is not bound in this mode, and git-lfs'"'"'s hooks, known by their exact content, stay); the `filter.lfs.*` programs it writes to `.git/config` are on the audit list and are taken out (`git-audit`)'
# Audit mode binds nothing of git's: the first rm -rf of a checkout with no
# mask or protect of the policy's in its worktree succeeds.
audit reclone identical - 'nothing of git'"'"'s is bound in this mode (config and `hooks/` stay writable), so the first `rm -rf` succeeds'
for id in sm-update-noop sm-sync sm-set-url sm-deinit sm-absorb sparse-set sparse-disable maintenance-register remote-set-branches; do
  audit "$id" identical - ''
done

# The config rows in audit mode: git writes its own config as in a plain
# directory (only the audit list's keys would be taken out, and none of
# these writes one).
for id in submodule-update config remote-add set-upstream push-u dwim submodule-add; do audit "$id" identical - ''; done

ITEMS="exit output refs index tree config fsck worktrees submodules remote"
STATE_ITEMS="refs index tree config worktrees submodules remote"

# The row's class, items and reason in MODE (bind, or audit where declared).
mode_class() { if [ "$mode" = audit ] && [[ -v "A_CLASS[$1]" ]]; then echo "${A_CLASS[$1]}"; else echo "${CLASS[$1]}"; fi; }
mode_diffs() { if [ "$mode" = audit ] && [[ -v "A_CLASS[$1]" ]]; then echo "${A_DIFFS[$1]}"; else echo "${DIFFS[$1]}"; fi; }
write_tsv() { # TSV: a row a workflow, its class in each mode, the reasons
  local id a r
  { printf 'workflow\tbind\taudit\treason\n'
    for id in "${ROWS[@]}"; do
      a=${A_CLASS[$id]:-${CLASS[$id]}} r=${REASON[$id]}
      if [[ -v "A_CLASS[$id]" ]] && [ -n "${A_REASON[$id]}" ]; then r="${r:+bind: $r; }audit: ${A_REASON[$id]}"; fi
      printf '%s\t%s\t%s\t%s\n' "${TEXT[$id]}" "${CLASS[$id]}" "$a" "$r"
    done
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
[ $# -ge 2 ] && [ $# -le 4 ] || { echo "usage: $0 PATHPOLICY TSV [K/N [MODE]]" >&2; exit 2; }
part=${3:-1/1} mode=${4:-bind}
[ "$mode" = bind ] || [ "$mode" = audit ] || { echo "usage: $0 PATHPOLICY TSV [K/N [MODE]], MODE bind or audit" >&2; exit 2; }
[[ $part =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
  { echo "usage: $0 PATHPOLICY TSV [K/N], K of 1..N" >&2; exit 2; }
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount and PID namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /

pp=$1 tsv=$2 part_k=${part%/*} part_n=${part#*/}
# The watch backend under test: tests/meson.build runs the root suite once
# per backend (PP_WATCH_BACKEND=inotify, suite root; =fanotify, root-fanotify).
bk=(--backend "${PP_WATCH_BACKEND:-inotify}")
. "$(dirname "$0")/lib-backend.sh" && backend_served "$pp"
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
epoch='1112911993 +0000' # the same, as git stores it (the fixture's commits)
# (what six git config --global would write)
printf '%s\n' '[user]' $'\temail = mx@example.invalid' $'\tname = matrix' '[init]' $'\tdefaultBranch = main' \
  '[protocol "file"]' $'\tallow = always' '[advice]' $'\tdetachedHead = false' '[pull]' $'\trebase = false' \
  >"$GIT_CONFIG_GLOBAL"
SECRET=mx-fake-secret-7f3a91
UNTRACKED_SECRET=mx-fake-secret-untracked-c04e

# --- the fixture: a row's directory, made once and copied -------------------
# $fx/none: the bare repositories (sub.git, remote.git, env.git); $fx/main and
# $fx/env: the same, and r, a clone of remote.git or env.git (FIXTURE). The
# bare repositories' commits are written by one git fast-import each (the
# very commits that add, commit and push made, in a process instead of some
# fifty).
fx=$base/fx fxb=$base/fx/none
mkfixture() {
  local sub
  # fast-import's data: TEXT (a byte count, then the bytes; ASCII here)
  fi_data() { printf 'data %d\n%s\n' "${#1}" "$1"; }
  # fi_commit REF MARK MESSAGE [PARENT]: a commit's header (MARK '-': none;
  # no PARENT: REF's tip), by the author, committer and date of every commit
  fi_commit() {
    printf 'commit %s\n' "$1"
    [ "$2" = - ] || printf 'mark %s\n' "$2"
    printf 'author matrix <mx@example.invalid> %s\ncommitter matrix <mx@example.invalid> %s\n' "$epoch" "$epoch"
    fi_data "$3"$'\n'
    [ -z "${4:-}" ] || printf 'from %s\n' "$4"
  }
  fi_file() { printf 'M 100644 inline %s\n' "$1"; fi_data "$2"; } # PATH CONTENT
  git init -q --bare "$fxb/sub.git" && git init -q --bare "$fxb/remote.git" && git init -q --bare "$fxb/env.git" || return 1
  # sub.git: the submodule
  { fi_commit refs/heads/main - "sub 1"; fi_file s.txt $'s1\n'; } | git -C "$fxb/sub.git" fast-import --quiet || return 1
  read -r sub <"$fxb/sub.git/refs/heads/main" || return 1
  # remote.git: three commits (the last adds the submodule, by a relative
  # URL, so that each row's copy uses its own sub.git), a branch 'feature' on
  # the remote only, and refs/mx/next: main one commit on, for fetch and pull.
  {
    fi_commit refs/heads/main - c1
    fi_file a.txt $'a1\n'; fi_file .gitignore $'build/\n*.o\n'; fi_file README $'readme\n'
    fi_commit refs/heads/main - c2; fi_file src/m.c $'int main(void) { return 0; }\n'
    fi_commit refs/heads/main :3 "c3: lib"; printf 'M 160000 %s lib\n' "$sub"
    fi_file .gitmodules $'[submodule "lib"]\n\tpath = lib\n\turl = ../sub.git\n'
    fi_commit refs/heads/feature - f1 :3; fi_file f.txt $'f\n'
    fi_commit refs/mx/next - c4 :3; fi_file a.txt $'a1\na2\n'
  } | git -C "$fxb/remote.git" fast-import --quiet || return 1
  # env.git: tracks .env (a fake secret) and .claude/settings.json; a branch
  # 'settings' that changes the settings; refs/mx/next-settings, main one
  # commit on with the settings changed, for pull.
  {
    fi_commit refs/heads/main - e1
    fi_file .env "SECRET=$SECRET"$'\n'; fi_file .claude/settings.json $'{"permissions":{}}\n'; fi_file app.txt $'v1\n'
    fi_file docs/guide.txt $'guide\n'
    fi_commit refs/heads/main :2 e2; fi_file app.txt $'v2\n'
    fi_commit refs/heads/settings - s1 :2; fi_file .claude/settings.json $'{"permissions":{"allow":["Bash"]}}\n'
    printf 'reset refs/mx/next-settings\nfrom refs/heads/settings\n'
    # refs/mx/next-env: main one commit on, with .env changed upstream;
    # branch envdir: .env a directory
    fi_commit refs/mx/next-env - e3 :2; fi_file .env "SECRET=$SECRET-rotated"$'\n'
    fi_commit refs/heads/envdir - d1 :2; printf 'D .env\n'; fi_file .env/README $'a directory now\n'
  } | git -C "$fxb/env.git" fast-import --quiet || return 1
  # The rows' starting checkouts, cloned once here rather than once a row and
  # place (a clone is some 15 processes): a row copies its directory aside,
  # points r at the copy's remote (the files that name the fixture's path:
  # config and the clone's reflog), refreshes r's index (the copy has new
  # inodes and ctimes) and moves the directory in whole, so the daemon finds
  # a finished checkout, as it does once a clone has finished. The clone
  # itself is a workflow of its own (the rows clone and env-clone).
  cp -a "$fxb" "$fx/main" && git clone -q "file://$fx/main/remote.git" "$fx/main/r" || return 1
  cp -a "$fxb" "$fx/env" && git clone -q "file://$fx/env/env.git" "$fx/env/r" || return 1
}
( mkfixture ) || { echo "FAIL: the fixture could not be made"; exit 1; }
declare -A FX_PATHFILES
FX_PATHFILES[main]=$(cd "$fx/main" && grep -rlF "$fx/main/" r/.git)
FX_PATHFILES[env]=$(cd "$fx/env" && grep -rlF "$fx/env/" r/.git)
# git submodule status is a shell script (git 2.39) that runs
# submodule--helper status: that, at a process instead of a dozen a look,
# where it says the same as the script on a checkout with a submodule (the
# fixture's clone of remote.git; status reads, it does not write).
SUBMODULE_STATUS=(submodule status)
sm_script=$(git -C "$fx/main/r" submodule status 2>&1)
if [ -n "$sm_script" ] && [ "$sm_script" = "$(git -C "$fx/main/r" submodule--helper status 2>&1)" ]; then
  SUBMODULE_STATUS=(submodule--helper status)
fi

# --- helpers -------------------------------------------------------------------
# A process costs milliseconds here and a row takes hundreds of looks, so what
# can be a bash builtin is one: files are read with read, the daemon's log is
# followed on a descriptor of its own, and the waits sleep in read -t on a FIFO
# nobody writes to.
scratch=$base/tmp/scratch outf=$work/output start_dir=$PWD
shopt -s globstar nullglob dotglob
# slurp VAR FILE: the whole FILE into VAR ('' if there is no FILE)
slurp() { printf -v "$1" %s ''; [ -e "$2" ] && IFS= read -rd '' "$1" <"$2"; return 0; }
# norm VAR: the row's directory, which differs between the places, as <D>/
norm() {
  local -n norm_v=$1
  norm_v=${norm_v//"$base/root/"/"<D>/"}; norm_v=${norm_v//"$base/plain/"/"<D>/"}
  norm_v=${norm_v//"$view/root/"/"<D>/"}; norm_v=${norm_v//"$view/plain/"/"<D>/"}
}
fail() { FAILS+=("$*"); }
nap() { read -rt "$1" -u "$tick" nap_x; return 0; } # SECONDS: wait, without a process
# log_pull: the daemon's lines written since the last look, appended to LOG
# (a line it has only written in part waits in log_part for its end)
log_pull() {
  local l
  while IFS= read -r l; do LOG+=("$log_part$l"); log_part=; done <&"$logfd"
  log_part+=$l
}
mark() { log_pull; LOG=(); } # from here on, for rec and dwait
# rec EVENT CHECKOUT [TEXT]: the daemon has written that record since the mark
# (CHECKOUT '': any)
rec() {
  local i e="\"event\":\"$1\"" c=${2:+"\"checkout\":\"$2\""} g=${3:-}
  log_pull
  for ((i = 0; i < ${#LOG[@]}; i++)); do
    [[ ${LOG[i]} == *"$e"* && ${LOG[i]} == *"$c"* && ${LOG[i]} == *"$g"* ]] && return 0
  done
  return 1
}
# dwait EVENT CHECKOUT [TEXT]: on the daemon's side, until the daemon has
# written that record since the row's mark (bounded); elsewhere nothing.
dwait() {
  [ "$side" = root ] || return 0
  local i
  for ((i = 0; i < 500; i++)); do rec "$@" && return 0; nap 0.02; done
  fail "$side: no '$1' record for $2${3:+ ($3)} within 10 s"; return 1
}
# dwait_until WHAT CMD...: on the daemon's side, until CMD holds (bounded).
dwait_until() {
  [ "$side" = root ] || return 0
  local what=$1 i; shift
  for ((i = 0; i < 200; i++)); do "$@" 2>/dev/null && return 0; nap 0.05; done
  fail "$side: $what: not within 10 s"; return 1
}
masked() {
  local m
  stat -c %F:%t:%T "$1" >"$scratch" 2>/dev/null || return 1
  slurp m "$scratch"; [ "$m" = $'character special file:1:3\n' ]
}
# skip_settled DIR: every tracked masked path in DIR's index has the
# skip-worktree bit (the daemon's, once git is done).
skip_settled() {
  local l
  [ -e "$1/.git" ] || return 0
  git -C "$1" ls-files -v -- .env .envrc .netrc .git-credentials >"$scratch" 2>/dev/null
  while IFS= read -r l || [ -n "$l" ]; do [[ $l == 'S '* ]] || return 1; done <"$scratch"
}
settle() { # REPO...: on the daemon's side, until the skip-worktree bits are back in each (of the row's directory)
  local r
  [ "${FX_WAIT[$ID]:-}" = skip-worktree-cleared ] && return 0 # git clears them there
  for r in "$@"; do dwait_until "skip-worktree bit on the tracked masked paths of $r" skip_settled "$D/$r"; done
}
# snap_settled KEY: on the daemon's side, settle every repo of the row, and
# snap. The snapshot's own ls-files says whether the row's repos are settled
# (skip_settled's question, without a process of its own), so settle only
# polls those it found unsettled, and the snapshot is taken again after.
snap_settled() {
  [ "$side" = root ] && settle wt
  snap "$1"
  [ "$side" = root ] && [ -n "$unsettled" ] || return 0
  settle $unsettled
  snap "$1"
}
# st NAME CMD...: one step of a workflow; its exit status and output are compared.
st() {
  local name=$1 rc; shift
  printf '## %s\n' "$name" >>"$outf"
  "$@" >>"$outf" 2>&1; rc=$?
  EXITS+="$name=$rc "
  return $rc
}
# fx_st CMD...: a fixture step: it must work in both places.
fx_st() { "$@" >>"$work/fixture.log" 2>&1 || { fail "$side: fixture step failed: $*"; return 1; }; }

# gitdirs DIR: DIR's git directory and common directory, found as git finds
# them (.git a directory, or a file 'gitdir: PATH'; a linked worktree's
# 'commondir'), into gd and cdir
gitdirs() {
  local l
  gd=$1/.git
  if [ -f "$gd" ]; then read -r l <"$gd"; l=${l#gitdir: }; [[ $l == /* ]] || l=$1/$l; gd=$l; fi
  cdir=$gd
  if [ -f "$gd/commondir" ]; then read -r l <"$gd/commondir"; [[ $l == /* ]] || l=$gd/$l; cdir=$l; fi
}
# tree_walk DIR: every path under DIR but git directories (.git, *.git; a
# symbolic link is not followed), in glob order (sorted, a directory before
# its entries), into tw_all; the regular files into tw_reg, but .git files
# (a gitdir line, with a path that differs between the places), in tw_git
tree_walk() {
  local p
  for p in "$1"/*; do
    if [[ -L $p ]]; then :
    elif [[ -d $p ]]; then
      [[ ${p##*/} == .git || ${p##*/} == *.git ]] && continue
      tw_all+=("$p"); tree_walk "$p"; continue
    elif [[ -f $p ]]; then
      if [[ ${p##*/} == .git ]]; then tw_git+=("$p"); else tw_reg+=("$p"); fi
    fi
    tw_all+=("$p")
  done
}
# tree_state DIR: every path but git dirs, its type and mode, and each .git
# file's content (in $scratch, to be normalised); each file's content, as it
# is (in $scratch.raw: a path in a file is compared as written)
tree_state() {
  local tw_all=() tw_reg=() tw_git=() bin=() f l c
  cd "$1" || return 0
  # The walk in bash (sorted, so no sort), one stat; each file's content read
  # by bash, quoted on a line of its own (the files are small), but a file
  # with a NUL (read -d '' stops at it) is hashed.
  tree_walk .
  {
    [ ${#tw_all[@]} -eq 0 ] || stat -c '%F %a %n' -- "${tw_all[@]}"
    for f in "${tw_git[@]}"; do
      while IFS= read -r l || [ -n "$l" ]; do printf '%s:%s\n' "$f" "$l"; done <"$f"
    done
  } >"$scratch" 2>&1
  {
    for f in "${tw_reg[@]}"; do
      if IFS= read -rd '' c <"$f"; then bin+=("$f"); else printf '%s %q\n' "$f" "$c"; fi
    done
    [ ${#bin[@]} -eq 0 ] || sha256sum -- "${bin[@]}"
  } >"$scratch.raw" 2>&1
  cd "$start_dir"
}
ls_re=$'^(. )([0-7]{6} [^\t]*\t(.*))$' # ls-files -s -v: "TAG MODE OBJECT STAGE<tab>PATH"
masked_re='^(\.env|\.envrc|\.netrc|\.git-credentials)(/.*)?$' # what skip_settled's ls-files -- PATHS lists
# raw_refs VAR GITDIR: what for-each-ref reads, as git keeps it, appended to
# VAR: packed-refs, then every loose ref under refs/ (a loose ref hides its
# packed line; a symbolic ref names its target, whose object is listed)
raw_refs() {
  local -n raw_v=$1
  local f c=$'(no packed-refs)\n'
  [ -e "$2/packed-refs" ] && slurp c "$2/packed-refs"
  raw_v+=$c
  for f in "$2"/refs/**; do
    [ -f "$f" ] && { slurp c "$f"; raw_v+="${f#"$2/"} $c"; }
  done
}
# snap KEY: the state of the row's directory, item by item, into S[KEY/ITEM];
# the repos where a tracked masked path has no skip-worktree bit in unsettled.
# Each item holds what the command it is named after printed, or more: git's
# own files where bash reads them (HEAD, shallow, config, the bare remotes'
# refs), so an item differs whenever the command's output would.
snap() {
  local k=$1 r dir gd cdir c l rc it gitlink fsck_c
  local -A v=()
  unsettled=
  for r in ${REPOS[$ID]}; do
    for it in refs index skipwt config fsck worktrees submodules; do v[$it]+="# $r"$'\n'; done
    dir=$D/$r
    if [ ! -e "$dir/.git" ]; then
      for it in refs index skipwt config fsck worktrees submodules; do v[$it]+=$'(no repository)\n'; done
      continue
    fi
    gitdirs "$dir"
    # refs: HEAD as git keeps it (a symbolic ref, or an object when
    # detached), the shallow commits (the file is there only in a shallow
    # repository), every ref (the checkouts here are main worktrees: all
    # their refs are in the git directory); an object's name tells its type.
    slurp c "$gd/HEAD"; v[refs]+="HEAD ${c%$'\n'}"$'\n'
    c='(not shallow)'; [ -e "$cdir/shallow" ] && slurp c "$cdir/shallow"
    v[refs]+="shallow ${c%$'\n'}"$'\n'
    raw_refs "v[refs]" "$cdir"
    # index (ls-files -s) and skipwt (ls-files -v: the tag and the path) from one ls-files -s -v
    git -C "$dir" ls-files -s -v >"$scratch" 2>&1
    gitlink=0
    while IFS= read -r l || [ -n "$l" ]; do
      if [[ $l =~ $ls_re ]]; then
        v[index]+=${BASH_REMATCH[2]}$'\n' v[skipwt]+=${BASH_REMATCH[1]}${BASH_REMATCH[3]}$'\n'
        [[ ${BASH_REMATCH[2]} == 160000\ * ]] && gitlink=1
        [[ ${BASH_REMATCH[1]} != 'S ' && ${BASH_REMATCH[3]} =~ $masked_re && " $unsettled " != *" $r "* ]] && unsettled+=" $r"
      else
        v[index]+=$l$'\n' v[skipwt]+=$l$'\n'
      fi
    done <"$scratch"
    # config: the repository's own file (what config --local --list reads)
    if [ -e "$cdir/config" ]; then slurp c "$cdir/config"; v[config]+=$c; else v[config]+=$'(no config file)\n'; fi
    # fsck runs "commit-graph verify" and "multi-pack-index verify" as
    # processes of their own whether or not the files are there; with no
    # such file (and no alternates) they check nothing, so they are not run.
    fsck_c=()
    [ -e "$cdir/objects/info/alternates" ] || {
      [ -e "$cdir/objects/info/commit-graph" ] || [ -e "$cdir/objects/info/commit-graphs" ] || fsck_c+=(-c core.commitGraph=false)
      [ -e "$cdir/objects/pack/multi-pack-index" ] || fsck_c+=(-c core.multiPackIndex=false)
    }
    git -C "$dir" "${fsck_c[@]}" fsck --no-progress >"$scratch" 2>&1; rc=$?
    slurp c "$scratch"; v[fsck]+="${c}rc=$rc"$'\n'
    git -C "$dir" worktree list --porcelain >"$scratch" 2>&1
    slurp c "$scratch"; v[worktrees]+=$c
    # submodule status lists the index's gitlinks (module_list_compute keeps
    # only those): with none in the index it has nothing to say, and is not run.
    if [ $gitlink -eq 1 ]; then
      git -C "$dir" "${SUBMODULE_STATUS[@]}" >"$scratch" 2>&1
      slurp c "$scratch"; v[submodules]+=$c
    else
      v[submodules]+=$'(no gitlink in the index)\n'
    fi
  done
  # the remotes' refs (for-each-ref's, read as for the checkouts)
  for r in remote sub env; do v[remote]+="# $r.git"$'\n'; raw_refs "v[remote]" "$D/$r.git"; done
  tree_state "$view/$side/mx-$ID"
  slurp c "$scratch"; v[tree]=$c
  for it in config worktrees submodules tree; do norm "v[$it]"; done
  slurp c "$scratch.raw"; v[tree]+=$c
  for it in "${!v[@]}"; do S[$k/$it]=${v[$it]}; done
}
fsck_clean() { # TEXT: every fsck there exited 0 and said nothing but dangling objects and notices
  local l
  while IFS= read -r l; do
    case $l in '# '* | rc=0 | 'dangling '* | 'notice: '* | '(no repository)' | '') ;; *) return 1 ;; esac
  done <<<"$1"
}
# by design: ls-files -v differs only in the S (skip-worktree) bit of tracked masked paths
skipwt_by_design() {
  local l m= re='^S ((.*/)?(\.env|\.envrc|\.netrc|\.git-credentials))$'
  while IFS= read -r l; do
    [[ $l =~ $re ]] && l="H ${BASH_REMATCH[1]}"
    m+=$l$'\n'
  done <<<"${S[root/skipwt]%$'\n'}"
  [[ $m == "${S[plain/skipwt]}" ]]
}

: >"$log"
"$pp" watch "${bk[@]}" "$base/root" --git-config "$mode" --log-format json --log-level debug 2>"$log" &
daemon=$!
exec {logfd}<"$log"
mkfifo "$base/tick" && exec {tick}<>"$base/tick"
LOG=() log_part=
for ((i = 0; i < 200; i++)); do rec watch-ready '' && break; nap 0.05; done
rec watch-ready '' || { echo "FAIL: the daemon did not get ready"; cat "$log"; exit 1; }

# --- fixtures ---------------------------------------------------------------
fixture() { # the row's directory, D (then the current directory), from its FIXTURE
  local k=${FIX[$ID]} t=$base/tmp/row f c
  # (the daemon's side is made aside and moved in whole; the other in place)
  [ "$side" = root ] || t=$D
  case $k in
    none) fx_st cp -a "$fxb" "$D" || return ;;
    main|env)
      fx_st cp -a "$fx/$k" "$t" || return
      for f in ${FX_PATHFILES[$k]}; do
        slurp c "$t/$f" && printf %s "${c//"$fx/$k/"/"$D/"}" >"$t/$f"
      done
      fx_st git -C "$t/r" update-index -q --refresh || return
      # p_ID: a step in r before the move-in (what git did before protection)
      if declare -F "p_$ID" >/dev/null; then (cd "$t/r" && "p_$ID") >>"$work/fixture.log" 2>&1 || { fail "$side: p_$ID failed"; return 1; }; fi
      [ "$t" = "$D" ] || fx_st mv -T "$t" "$D" || return
      dwait git-protected "mx-$ID/r"
      [ "$k" = env ] && dwait "${FX_WAIT[$ID]:-skip-worktree}" "mx-$ID/r" ;;
  esac
  cd "$D" || return
  if declare -F "f_$ID" >/dev/null; then "f_$ID"; fi
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
# The submodule rows' start: a recursive clone, protected (in both places).
fx_sm() {
  fx_st git clone -q --recurse-submodules "file://$D/remote.git" r || return
  dwait git-protected "mx-$ID/r"; dwait git-protected "mx-$ID/r/lib"
}
f_sm-update-noop() { fx_sm; }
w_sm-update-noop() { cd r && st update git submodule update; }
f_sm-sync() { fx_sm; }
w_sm-sync() { cd r && st sync git submodule sync --recursive; }
f_sm-set-url() { fx_sm; }
w_sm-set-url() { cd r && st set-url git submodule set-url lib ./../sub.git; }
f_sm-deinit() { fx_sm; }
w_sm-deinit() { cd r && st deinit git submodule deinit -f lib; }
# A superproject whose submodule keeps its own .git directory (as before git
# 1.7.8, or a repository cloned in place and added): made aside, moved in
# whole, as a finished clone.
f_sm-absorb() {
  local t=$base/tmp/absorb-$side
  fx_st git clone -q --recurse-submodules "file://$D/remote.git" "$t" || return
  fx_st rm "$t/lib/.git" && fx_st mv "$t/.git/modules/lib" "$t/lib/.git" &&
    fx_st git config -f "$t/lib/.git/config" --unset core.worktree || return
  fx_st mv -T "$t" r && dwait git-protected "mx-$ID/r" && dwait git-protected "mx-$ID/r/lib"
}
w_sm-absorb() { cd r && st absorb git submodule absorbgitdirs; }
w_sparse-set() { cd r && st set git sparse-checkout set src; }
f_sparse-disable() { fx_st git clone -q --sparse "file://$D/remote.git" r && dwait git-protected "mx-$ID/r"; }
w_sparse-disable() { cd r && st disable git sparse-checkout disable; }
w_maintenance-register() { cd r && st register git maintenance register; }
w_remote-set-branches() { cd r && st set-branches git remote set-branches origin main feature; }
w_lfs-install() { cd r && st install git lfs install --local; }
# audit mode: the keys go in the daemon's sweep once git is quiet (its last one
# from the audit list, filter.lfs.process, in the record): waited for.
a_lfs-install() { [ "$mode" = bind ] || dwait git-audit "mx-$ID/r" filter.lfs.process; }
w_reclone() {
  st rm rm -rf r
  # (audit mode binds nothing of git's: the first rm -rf took it all)
  [ ! -e r ] || dwait mounts-released "mx-$ID/r"
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
# no_mounts_under DIR: nothing is mounted at or below DIR any more (the
# daemon may give a checkout back in more than one record: .git, then the
# rest).
no_mounts_under() { ! awk -v d="$1" '$5 == d || index($5, d "/") == 1 { f = 1 } END { exit !f }' /proc/self/mountinfo; }
w_env-reclone() {
  st rm rm -rf r
  dwait mounts-released "mx-$ID/r"
  dwait_until "every mount under r given back" no_mounts_under "$PWD/r"
  st rm-again rm -rf r
  st clone git clone -q "file://$PWD/env.git" r && dwait git-protected "mx-$ID/r" && dwait skip-worktree "mx-$ID/r"
}
w_env-worktree-remove() {
  cd r && st add git worktree add ../wt || return
  dwait git-protected "mx-$ID/wt"; dwait skip-worktree "mx-$ID/wt"
  st remove git worktree remove ../wt
  st rm rm -rf ../wt
  dwait mounts-released "mx-$ID/wt"
  dwait_until "every mount under wt given back" no_mounts_under "$(cd .. && pwd)/wt"
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
# (a relative URL, as .gitmodules already uses: an absolute one names the
# row's directory, which differs between the places)
w_submodule-add() { cd r && st add git submodule add ../sub.git lib2; }
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
p_env-split-index() { git config core.splitIndex true && git update-index --split-index; }
f_env-split-index() { echo changed >>r/app.txt; }
w_env-split-index() { cd r && st commit git commit -a -m work; }
a_env-split-index() { grep -q link "$D/r/.git/index" || fail "$side: not a split index"; }
p_env-sparse-index() { git sparse-checkout set --cone --sparse-index .claude && git config sparse.expectFilesOutsideOfPatterns true; }
f_env-sparse-index() { echo changed >>r/app.txt; }
w_env-sparse-index() { cd r && st commit git commit -a -m work; }
a_env-sparse-index() { grep -q sdir "$D/r/.git/index" || fail "$side: not a sparse index"; }
p_env-sparse-index-clears() { git sparse-checkout set --cone --sparse-index .claude; }
FX_WAIT[env-sparse-index-clears]=skip-worktree-cleared
f_env-sparse-index-clears() { echo changed >>r/app.txt; }
w_env-sparse-index-clears() { cd r && st commit git commit -a -m work; }
p_env-cone() { git sparse-checkout set --cone .claude; }
FX_WAIT[env-cone]=skip-worktree-cleared
f_env-cone() { echo changed >>r/app.txt; }
w_env-cone() { cd r && st commit git commit -a -m work; }
f_env-upstream() { fx_st git -C env.git update-ref refs/heads/main refs/mx/next-env; }
w_env-upstream() { cd r && st pull git pull; }
w_env-dir-switch() { cd r && st checkout git checkout --no-track -b d origin/envdir; }
f_stash-u() {
  echo "UNTRACKED=$UNTRACKED_SECRET" >"$base/tmp/env" && move_in env r/.env
  dwait_until "the untracked .env masked" masked r/.env
  echo changed >>r/a.txt; echo u >r/u.txt
}
w_stash-u() { cd r && st stash git stash -u && st pop git stash pop; }
f_stash-u-exclude() { f_stash-u; }
w_stash-u-exclude() { cd r && st stash git stash push -u -- . ':!.env' && st pop git stash pop; }
f_clean-n-masked() { f_stash-u; }
w_clean-n-masked() { cd r && st clean git clean -n; }
f_add-a-exclude() { f_stash-u; }
w_add-a-exclude() { cd r && st add git add -A -- . ':!.env' && st commit git commit -qm work; }
w_worktree-move() {
  cd r && st add git worktree add ../wt || return
  dwait git-protected "mx-$ID/wt"
  st move git worktree move ../wt ../wt2 || return
  dwait git-protected "mx-$ID/wt2"
  st remove git worktree remove ../wt2
}
# no_refused: the daemon said no gitdir-refused since the row's mark (git
# made every .git file and commondir whole before it was judged)
no_refused() {
  local l
  [ "$side" = root ] || return 0
  log_pull
  for l in "${LOG[@]}"; do
    [[ $l == *'"event":"gitdir-refused"'* ]] && fail "$side: a gitdir-refused warning for what git was making: ${l:0:400}"
  done
  return 0
}
a_worktree-move() { no_refused; }
a_clone-recurse() { no_refused; }
w_worktree-loop() {
  local i
  cd r || return
  for i in 1 2 3; do
    st "add$i" git worktree add "../wt$i" && dwait git-protected "mx-$ID/wt$i" &&
      st "move$i" git worktree move "../wt$i" "../wm$i" && dwait git-protected "mx-$ID/wm$i" || return
  done
  for i in 1 2 3; do st "remove$i" git worktree remove "../wm$i"; done
}
a_worktree-loop() { no_refused; }
w_clone-recurse-loop() {
  local i
  for i in 1 2 3; do
    st "clone$i" git clone -q --recurse-submodules "file://$PWD/remote.git" "r$i"
    dwait git-protected "mx-$ID/r$i"; dwait git-protected "mx-$ID/r$i/lib"
  done
}
a_clone-recurse-loop() { no_refused; }

# --- one row, both places ----------------------------------------------------------
pass=0 failed=0 summary=()
declare -A S
# show_diff ITEM A B: the lines of S[A/ITEM] and S[B/ITEM] that differ (A -, B +)
show_diff() {
  printf %s "${S[$2/$1]}" >"$work/a"; printf %s "${S[$3/$1]}" >"$work/b"
  diff "$work/a" "$work/b" | grep '^[<>]' | sed -e 's/^</  -/' -e 's/^>/  +/' | head -n 20
}
run_row() {
  ID=$1
  local it differ=() observed declared why= f diffs
  declared=$(mode_class "$ID") diffs=$(mode_diffs "$ID")
  S=() FAILS=()
  for side in root plain; do
    D=$base/$side/mx-$ID EXITS=
    : >"$outf"
    mark
    fixture; cd "$start_dir"
    # The state before the row tells a refusal from a difference, where the
    # class can be refused: declared so, or differing in its exit by design.
    # (A row declared identical fails on any difference; one declared to
    # differ without its exit fails if its exit differs, whichever the class.)
    if [ "$side" = root ] && { [ "$declared" = refused ] || [[ " $diffs " == *" exit "* ]]; }; then
      snap_settled pre
    elif [ "$side" = root ]; then
      settle ${REPOS[$ID]} wt
    fi
    mark
    cd "$D" && "w_$ID"; cd "$start_dir"
    if declare -F "a_$ID" >/dev/null; then "a_$ID"; fi
    snap_settled "$side"
    fsck_clean "${S[$side/fsck]}" || fail "$side: git fsck is not clean"
    S[$side/exit]=$EXITS; slurp "S[$side/output]" "$outf"
    norm "S[$side/exit]"; norm "S[$side/output]"
  done
  for it in $ITEMS; do [[ ${S[root/$it]} == "${S[plain/$it]}" ]] || differ+=("$it"); done
  local skipnote=
  if [[ ${S[root/skipwt]} != "${S[plain/skipwt]}" ]]; then
    if skipwt_by_design; then skipnote=" (skip-worktree on the masked paths: by design)"
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
        [[ -v "S[pre/$it]" && ${S[pre/$it]} == "${S[root/$it]}" ]] || same=0
        [[ " ${differ[*]} " = *" $it "* ]] && state=1
      done
      [ $same -eq 1 ] && [ $state -eq 1 ] && observed=refused
    fi
  fi
  local ok=1
  [ "$observed" = "$declared" ] || { ok=0; why="declared $declared, observed $observed"; }
  if [ $ok -eq 1 ] && [ "$declared" = differs ] && [ "${differ[*]}" != "$diffs" ]; then
    ok=0; why="differs in '${differ[*]}', declared '$diffs'"
  fi
  if [ ${#FAILS[@]} -gt 0 ]; then
    ok=0
    for f in "${FAILS[@]}"; do why+="${why:+; }$f"; done
  fi
  if [ $ok -eq 1 ]; then
    pass=$((pass + 1)); printf 'ok   %-22s %s%s\n' "$ID" "$observed${differ[*]:+ (${differ[*]})}" "$skipnote"
  else
    failed=$((failed + 1)); summary+=("$ID: $why")
    printf 'FAIL %-22s %s\n' "$ID" "$why"
    for it in "${differ[@]}"; do
      echo "  --- $it: daemon (-) vs without (+)"
      show_diff "$it" root plain
    done
    if [ "$observed" = differs ] && [[ -v "S[pre/refs]" ]]; then
      for it in $STATE_ITEMS; do
        [[ ${S[pre/$it]} == "${S[root/$it]}" ]] || echo "  (the daemon's side changed its $it)"
      done
    fi
    # what the daemon said of the row (its last 30 records, debug left out):
    # a failure that does not come again is explained by its first run
    echo "  --- the daemon's records of mx-$ID"
    grep -F "mx-$ID/" "$log" | grep -vF '"level":"debug"' | tail -n 30 | sed 's/^/  /'
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
echo "git-matrix ($part, $mode): $pass passed, $failed failed, in $((SECONDS - t0)) s"
[ "$failed" -eq 0 ] && [ "$readme_ok" -eq 0 ]
