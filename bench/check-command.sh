#!/usr/bin/env bash
# check-command's cost. In process: nanoseconds a command over a corpus of
# N real-looking commands (default 10,000: git, build and test runs, greps,
# finds, pipes, loops, quoting of every kind; one in eight names a masked
# path), judged ROUNDS times (default 20) by bench/command-rate.c. Hook:
# wall time a call over CALLS hook invocations (default 500) on Claude Code
# Bash inputs made from the same corpus, side by side in one run with
# `jq -r .tool_input.command` and the floor, a process that only reads its
# stdin (`cat >/dev/null`), the three alternating on each input. Stream:
# the whole corpus as JSON lines through one `check-command --stream`
# (STREAMS runs, default 5, the median), per command. Then the ratios of
# the three: the hook's call and the stream's command against the
# in-process cost. No root.
#   bench/check-command.sh [BUILD_DIR]     (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy rate=$bd/bench/command-rate
[ -x "$pp" ] && [ -x "$rate" ] || { echo "bench/check-command.sh: no $pp or $rate (build it first)" >&2; exit 1; }
command -v jq >/dev/null || { echo "bench/check-command.sh: needs jq" >&2; exit 1; }
n=${N:-10000} calls=${CALLS:-500} rounds=${ROUNDS:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The corpus: templates over paths, names and numbers.
templates=(
  'git status' 'git diff --stat HEAD~%N' 'git log --oneline -n %N' 'git add %F && git commit -m "fix %W"'
  'git checkout -b feature/%W' 'git show HEAD:%F' 'ls -la %D' 'ls %D | head -%N' 'cat %F' 'head -n %N %F'
  'grep -rn "%W" %D' 'grep -r TODO --include="*.c" .' 'find %D -name "*.%E" -type f' 'wc -l %F'
  'sed -i "s/%W/%W2/g" %F' 'python3 -m pytest tests/test_%W.py -x -q' 'npm run %W' 'npm test -- --grep "%W"'
  'make -j%N' 'make test' 'cargo test %W' 'go test ./... -run Test%W' 'mkdir -p %D/%W && touch %D/%W/%W.%E'
  'rm -rf build/%W' 'cp %F %F.bak' 'mv %D/%W.%E %D/%W2.%E' 'echo "$HOME" && pwd' 'for f in %D/*.%E; do wc -l "$f"; done'
  'python3 -c "import %W; print(%W.__version__)"' 'docker build -t %W:latest .' 'curl -s http://localhost:%N/health | jq .'
  "awk '{print \$1}' %F | sort | uniq -c | sort -rn | head" 'tail -n %N logs/%W.log' 'diff -u %F %F.bak'
  'test -f %F && echo yes || echo no' 'stat -c %s %F' 'git grep -n "%W" -- "*.%E"' 'ls .env 2>&1 | head -1'
  'cat .env' 'test -e .env && echo present' 'git check-ignore -q .env && echo ignored' 'source .env && npm start'
  'grep -c KEY .env' 'ls -la secrets/' 'cat secrets/%W.key' "python3 -c 'print(open(\".env\").read())'"
)
words=(parser config cache server client auth token router model view index util logger queue worker)
dirs=(src lib tests docs scripts app pkg cmd internal src/core src/net)
exts=(c h py js ts go rs md json yaml)
awk -v n="$n" -v seed=7 -v T="$(printf '%s\n' "${templates[@]}")" -v W="${words[*]}" -v D="${dirs[*]}" -v E="${exts[*]}" '
  BEGIN {
    srand(seed); nt = split(T, t, "\n"); nw = split(W, w, " "); nd = split(D, d, " "); ne = split(E, e, " ")
    for (i = 0; i < n; i++) {
      s = t[1 + int(rand() * nt)]
      while (s ~ /%W2/) sub(/%W2/, w[1 + int(rand() * nw)], s)
      while (s ~ /%W/) sub(/%W/, w[1 + int(rand() * nw)], s)
      while (s ~ /%N/) sub(/%N/, 1 + int(rand() * 50), s)
      while (s ~ /%F/) sub(/%F/, d[1 + int(rand() * nd)] "/" w[1 + int(rand() * nw)] "." e[1 + int(rand() * ne)], s)
      while (s ~ /%D/) sub(/%D/, d[1 + int(rand() * nd)], s)
      while (s ~ /%E/) sub(/%E/, e[1 + int(rand() * ne)], s)
      print s
    }
  }' >"$work/corpus"

read -r lines refused ns held_refused held_ns < <("$rate" "$work/corpus" "$rounds")
echo "in process: $lines commands x $rounds rounds, $refused refused: $(awk -v ns="$ns" 'BEGIN { printf "%.2f us", ns / 1000 }') a command"
echo "in process, every masked entry held by the history: $held_refused refused: $(awk -v ns="$held_ns" 'BEGIN { printf "%.2f us", ns / 1000 }') a command"

# The stream: the corpus as JSON lines, through one process, STREAMS times.
jq -R -c '{command: .}' "$work/corpus" >"$work/stream.in"
streams=${STREAMS:-5}
: >"$work/t.stream"
for _ in $(seq "$streams"); do
  t0=$EPOCHREALTIME
  "$pp" check-command --stream <"$work/stream.in" >"$work/stream.out" 2>/dev/null
  t1=$EPOCHREALTIME
  awk -v a="$t0" -v b="$t1" -v n="$lines" 'BEGIN { printf "%.0f\n", (b - a) * 1e9 / n }' >>"$work/t.stream"
done
[ "$(wc -l <"$work/stream.out")" -eq "$lines" ] || { echo "bench/check-command.sh: the stream lost lines" >&2; exit 1; }
stream_ns=$(sort -n "$work/t.stream" | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}')
echo "stream: $lines commands through one process, median of $streams: $(awk -v ns="$stream_ns" 'BEGIN { printf "%.2f us", ns / 1000 }') a command"

# Hook inputs from the corpus.
mkdir "$work/in"
head -n "$calls" "$work/corpus" | jq -R -c '{session_id: "bench", transcript_path: "/dev/null", cwd: "/w",
  permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash",
  tool_input: {command: ., description: "run it"}}' | split -l 1 -a 4 - "$work/in/"
now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }
for w in pp jq cat; do : >"$work/t.$w"; done
run_pp() { "$pp" check-command --hook claude-code <"$1" >/dev/null 2>&1 || true; }
run_jq() { jq -r .tool_input.command <"$1" >/dev/null; }
run_cat() { cat >/dev/null <"$1"; }
order=(pp jq cat) i=0
for f in "$work"/in/*; do
  for k in 0 1 2; do
    w=${order[$(((i + k) % 3))]}
    t0=$(now_us); "run_$w" "$f"; t1=$(now_us)
    echo $((t1 - t0)) >>"$work/t.$w"
  done
  i=$((i + 1))
done
pct() { sort -n "$1" | awk -v p="$2" '{a[NR]=$1} END {i = int(NR * p / 100 + 0.999); if (i < 1) i = 1; print a[i]}'; }
declare -A p50 p99
for w in pp jq cat; do p50[$w]=$(pct "$work/t.$w" 50) p99[$w]=$(pct "$work/t.$w" 99); done
echo "hook: $i calls each ($(jq --version))"
printf '%-34s %10s %10s %12s\n' "per call" p50 p99 "p50 / floor"
for w in pp jq cat; do
  case $w in pp) name="pathpolicy check-command --hook" ;; jq) name="jq -r .tool_input.command" ;; cat) name="cat >/dev/null (the floor)" ;; esac
  awk -v n="$name" -v a="${p50[$w]}" -v b="${p99[$w]}" -v f="${p50[cat]}" \
    'BEGIN { printf "%-34s %7.2f ms %7.2f ms %11.2fx\n", n, a / 1000, b / 1000, a / f }'
done
echo "ratios, a command (p50 for the hook):"
awk -v in_ns="$ns" -v st="$stream_ns" -v hook="${p50[pp]}" -v floor="${p50[cat]}" 'BEGIN {
  printf "  stream / in process            %10.1fx\n", st / in_ns
  printf "  hook / stream                  %10.0fx\n", hook * 1000 / st
  printf "  hook / in process              %10.0fx\n", hook * 1000 / in_ns
  printf "  spawn floor / stream           %10.0fx\n", floor * 1000 / st
}'
