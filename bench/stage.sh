#!/usr/bin/env bash
# stage's cost against plain `git add -A` on the same tree, side by side in
# one run: a repository of FILES files (default 100,000, 100 to a
# directory) with CHANGED of them changed (default 1,000) and 10 policy hits
# (a masked .env and secrets/ changed, placeholders, a protected file). Each
# run starts from the same index (copied back), the two alternate, RUNS
# each (default 9); the median, cold and warm (below), and warm again from
# an index where the colony staged one change (stage then lists HEAD with
# git ls-tree). No root needed. PLUMBING=1 times a third beside them: the
# test build (tests/pathpolicy-stage-hooks) with
# PATHPOLICY_TEST_STAGE_PLUMBING=1, stage's plumbing way for every index:
# what its own index reader saves.
#   bench/stage.sh [BUILD_DIR]     (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy
[ -x "$pp" ] || { echo "bench/stage.sh: no $pp (build it first: tools/bootstrap)" >&2; exit 1; }
ways="git pp" plumb=
if [ "${PLUMBING:-0}" = 1 ]; then
  plumb=$bd/tests/pathpolicy-stage-hooks
  [ -x "$plumb" ] || { echo "bench/stage.sh: no $plumb (PLUMBING=1 needs the tests built)" >&2; exit 1; }
  ways="git pp plumb"
fi
files=${FILES:-100000} changed=${CHANGED:-1000} runs=${RUNS:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email b@example.invalid && git config --global user.name bench

wt=$work/wt vm=$work/vm
git init -q "$wt" && mkdir "$vm"
dirs=$(((files + 99) / 100))
for d in $(seq 0 $((dirs - 1))); do
  mkdir "$wt/d$d" && seq $((d * 100)) $((d * 100 + 99)) | (cd "$wt/d$d" && split -l 1 -a 2 - f)
done
mkdir -p "$wt/secrets" "$wt/.claude" && echo T >"$wt/.env" && echo k >"$wt/secrets/k" && echo '{}' >"$wt/.claude/settings.json"
git -C "$wt" add -A && git -C "$wt" commit -qm init
printf 'mask-file .env\nmask-dir secrets/\nmask-file .envrc\nmask-file .netrc\nprotect .git/config\nprotect .claude/\nprotect CLAUDE.md\n' >"$vm/path-policy"
: >"$wt/.envrc" && : >"$wt/.netrc" && : >"$wt/CLAUDE.md"
printf '.envrc\n.netrc\nCLAUDE.md\n' >"$vm/path-policy.placeholders"
: >"$vm/path-policy.masked-files"
git -C "$wt" rev-parse HEAD >"$vm/path-policy.base" && printf 'complete\0' >"$vm/path-policy.checkouts"
# The colony's work: CHANGED files, and 10 hits on the policy.
for i in $(seq 0 $((changed - 1))); do echo "changed $i" >>"$wt/d$((i * dirs / changed))/faa"; done
echo T2 >"$wt/.env" && echo k2 >"$wt/secrets/k" && for i in 1 2 3 4; do echo s >"$wt/secrets/new$i"; done
echo '{"a":1}' >"$wt/.claude/settings.json"
git -C "$wt" update-index --refresh >/dev/null 2>&1 || true
cp "$wt/.git/index" "$work/index.start"
# ... and the same with one of the changes staged by the colony: the
# index's tree is no longer HEAD's, so stage lists HEAD with git ls-tree.
git -C "$wt" add d0/faa && cp "$wt/.git/index" "$work/index.staged" && cp "$work/index.start" "$wt/.git/index"
# The new tree written back before timing: no writeback behind either.
sync

now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }
# One round: each way once, from the same index ($2, else
# index.start), timed into $1.
round() {
  for w in $ways; do
    cp "$work/${2:-index.start}" "$wt/.git/index" && rm -f "$vm/path-policy.reported"
    t0=$(now_us)
    case $w in
      git) git -C "$wt" add -A ;;
      pp) "$pp" stage --worktree "$wt" --out "$vm" 2>"$work/stage.err" || { cat "$work/stage.err" >&2; exit 1; } ;;
      plumb) PATHPOLICY_TEST_STAGE_PLUMBING=1 "$plumb" stage --worktree "$wt" --out "$vm" 2>"$work/stage.err" ||
        { cat "$work/stage.err" >&2; exit 1; } ;;
    esac
    t1=$(now_us)
    echo $((t1 - t0)) >>"$work/$1.$w"
  done
}
med() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
# Cold: right after the tree was written (the kernel still settles 100,000
# new files: every lstat costs more for some seconds). Warm: once plain
# git add -A takes the same time twice running (within 5%), as a tree the
# colony wrote a while before.
for i in $(seq 1 "$runs"); do round cold; done
prev=0
for i in $(seq 1 60); do
  for w in $ways; do : >"$work/probe.$w"; done
  round probe
  cur=$(cat "$work/probe.git")
  [ "$prev" -gt 0 ] && [ $((cur * 100 / prev)) -ge 95 ] && [ $((cur * 100 / prev)) -le 105 ] && break
  prev=$cur
done
for i in $(seq 1 "$runs"); do round warm; done
for i in $(seq 1 "$runs"); do round staged index.staged; done
echo "stage: $files files, $changed changed, 10 policy hits; median of $runs ($(git --version))"
for k in cold warm staged; do
  awk -v k="$k" -v g="$(med "$work/$k.git")" -v p="$(med "$work/$k.pp")" 'BEGIN {
    printf "%-5s %-24s %9.1f ms %8.2fx\n", k, "git add -A", g / 1000, 1
    printf "%-5s %-24s %9.1f ms %8.2fx\n", k, "pathpolicy stage", p / 1000, p / g }'
  [ -z "$plumb" ] || awk -v k="$k" -v g="$(med "$work/$k.git")" -v q="$(med "$work/$k.plumb")" 'BEGIN {
    printf "%-5s %-24s %9.1f ms %8.2fx\n", k, "stage, plumbing way", q / 1000, q / g }'
done
