#!/usr/bin/env bash
# What the daemon costs git's everyday work: N rounds of edit, `git add -A`,
# `git commit`, `git status` in a checkout under `pathpolicy watch` that
# tracks a masked .env (so every index write is looked at: skip-worktree,
# protected-differs), side by side with the same rounds in a plain
# directory, in one run, alternating. Prints each side's wall time, the
# ratio, and the daemon's CPU time over the protected rounds.
# Root only; in a private mount and PID namespace, on a tmpfs.
#   bench/git-work.sh [BUILD_DIR]      (N=200 by default; PP_BENCH_STOPPED=1:
#                                      the daemon stopped once the checkout is
#                                      protected, its binds left: the mounts' share;
#                                      PP_BENCH_INDEX=split or sparse: both clones
#                                      with a split index, core.splitIndex, or a
#                                      sparse index, --sparse-index with
#                                      sparse.expectFilesOutsideOfPatterns, made
#                                      before the protected one is moved in;
#                                      PP_BENCH_BACKEND=inotify|fanotify: the
#                                      daemon's --backend, auto by default)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy
n=${N:-200}
[ "$(id -u)" -eq 0 ] || { echo "bench/git-work.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m -p -f --mount-proc env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
work=$(mktemp -d /tmp/pathpolicy-bench-XXXXXX)
mount -t tmpfs -o size=1g tmpfs "$work"
daemon=
cleanup() { [ -n "$daemon" ] && { kill "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null; }; umount -l "$work"; rmdir "$work"; }
trap cleanup EXIT
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email b@example.invalid; git config --global user.name bench
git config --global init.defaultBranch main

src=$work/src; git init -q "$src"
for i in $(seq 200); do echo "$i" >"$src/f$i"; done; echo S=1 >"$src/.env"
mkdir "$src/.claude"; echo '{}' >"$src/.claude/settings.json"
# (a sparse index collapses a directory outside the cone into one entry)
[ "${PP_BENCH_INDEX:-}" != sparse ] || { mkdir "$src/docs" && for i in $(seq 50); do echo "$i" >"$src/docs/d$i"; done; }
git -C "$src" add -A; git -C "$src" commit -qm init
root=$work/root; mkdir "$root" "$work/plain"
# The plain directory on a filesystem of its own: a fanotify mark is the
# whole filesystem's, and the daemon would otherwise wake for its rounds too.
mount -t tmpfs -o size=256m tmpfs "$work/plain"
"$pp" watch --backend "${PP_BENCH_BACKEND:-auto}" "$root" --log-format json 2>"$work/watch.log" & daemon=$!
for _ in $(seq 600); do grep -qF '"event":"watch-ready"' "$work/watch.log" && break; sleep 0.05; done
git clone -q "file://$src" "$work/plain/c"
if [ -z "${PP_BENCH_INDEX:-}" ]; then
  git clone -q "file://$src" "$root/c"
else
  # the index git makes of both clones, the protected one made aside and
  # moved in whole (as a clone that has finished)
  git clone -q "file://$src" "$work/c"
  for c in "$work/plain/c" "$work/c"; do
    case $PP_BENCH_INDEX in
      split) git -C "$c" config core.splitIndex true && git -C "$c" update-index --split-index ;;
      sparse) git -C "$c" sparse-checkout set --cone --sparse-index .claude &&
        git -C "$c" config sparse.expectFilesOutsideOfPatterns true ;;
      *) echo "bench: PP_BENCH_INDEX is split, sparse or empty" >&2; exit 2 ;;
    esac
  done
  mv "$work/c" "$root/c"
fi
for _ in $(seq 600); do grep -qF '"event":"skip-worktree"' "$work/watch.log" && break; sleep 0.05; done
grep -qF '"event":"skip-worktree"' "$work/watch.log" || { echo "bench: the checkout never got skip-worktree" >&2; exit 1; }

cpu() { awk '{ print $14 + $15 }' "/proc/$daemon/stat"; } # clock ticks
round() { # DIR I
  echo "$2" >>"$1/f1" && git -C "$1" add -A && git -C "$1" commit -qm "r$2" && git -C "$1" status --porcelain >/dev/null
}
if [ -n "${PP_BENCH_STOPPED:-}" ]; then kill "$daemon"; wait "$daemon" || true; daemon=; fi # binds stay
ticks=0
for i in $(seq "$n"); do
  t0=$EPOCHREALTIME; round "$work/plain/c" "$i"; t1=$EPOCHREALTIME
  # The daemon's CPU read outside the timed rounds: the awk it forks and
  # execs (2-3 ms) was in the protected round's time, and was most of what
  # the daemon seemed to cost git.
  c0=$([ -n "$daemon" ] && cpu || echo 0)
  t2=$EPOCHREALTIME; round "$root/c" "$i"; t3=$EPOCHREALTIME
  c1=$([ -n "$daemon" ] && cpu || echo 0)
  echo "$t0 $t1 $t2 $t3" >>"$work/times"; ticks=$((ticks + c1 - c0))
done
[ -z "$(git -C "$root/c" status --porcelain)" ] || { echo "bench: the protected checkout is not clean" >&2; exit 1; }
case ${PP_BENCH_INDEX:-} in
  split) grep -q link "$root/c/.git/index" || { echo "bench: not a split index any more" >&2; exit 1; } ;;
  sparse) grep -q sdir "$root/c/.git/index" || { echo "bench: not a sparse index any more" >&2; exit 1; } ;;
esac
hz=$(getconf CLK_TCK)
ix=${PP_BENCH_INDEX:+ (a $PP_BENCH_INDEX index)}
awk -v be="${PP_BENCH_BACKEND:-auto}" -v n="$n" -v t="$ticks" -v hz="$hz" -v ix="$ix" '{ p += $2 - $1; q += $4 - $3 } END {
  printf "%d rounds of edit + add -A + commit + status%s, --backend %s\n", n, ix, be
  printf "  plain directory:            %7.1f ms a round\n", p * 1000 / n
  printf "  under pathpolicy watch:     %7.1f ms a round   (%.2fx)\n", q * 1000 / n, q / p
  printf "  daemon CPU in those rounds: %7.2f ms a round\n", t * 1000 / hz / n }' "$work/times"
