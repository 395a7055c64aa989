#!/usr/bin/env bash
# stage's credential check over the files of real repositories: each
# GIT_DIR's HEAD (git archive, into a scratch directory), every file judged
# as committed at its path by the test build's credential-check; the
# files refused are listed, to be told apart by eye (a real key in a test
# fixture, or a false refusal). Reads the repositories, writes nothing in
# them; needs a build with the tests.
#   bench/credentials.sh [BUILD_DIR] GIT_DIR...
set -euo pipefail
cd "$(dirname "$0")/.."
bd=build
[ $# -gt 0 ] && [ -x "$1/tests/credential-check" ] && { bd=$1; shift; }
check=$(realpath "$bd/tests/credential-check")
[ -x "$check" ] || { echo "bench/credentials.sh: no $check (a build with the tests)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0 refused=0
for g in "$@"; do
  name=$(basename "$(dirname "$g")")
  mkdir "$work/t" && git --git-dir="$g" archive HEAD | tar -x -C "$work/t"
  (cd "$work/t" && find . -type f | sed 's|^\./||' | while IFS= read -r f; do printf '%s\t%s\n' "$f" "$PWD/$f"; done) >"$work/list"
  start=$(date +%s%N)
  "$check" <"$work/list" >"$work/out"
  ms=$((($(date +%s%N) - start) / 1000000))
  n=$(wc -l <"$work/out") r=$(grep -vc $'\t-$' "$work/out" || true)
  printf '%-32s %6d files %4d refused %5d ms\n' "$name" "$n" "$r" "$ms"
  grep -v $'\t-$' "$work/out" | sed 's/^/    /' || true
  total=$((total + n)) refused=$((refused + r))
  rm -rf "$work/t"
done
echo "all: $total files, $refused refused"
