#!/usr/bin/env bash
# judge's cost. Hook mode: wall time per call over N hook invocations
# (default 1,000) on inputs as Claude Code sends them (Read, Edit, Write with
# a few KB of content, Grep; one session, as in a real run), side by side in
# one run with `jq -r .tool_input.file_path` on the same inputs (what a
# user's own hook script would cost) and with the floor, a process that only
# reads its stdin (`cat >/dev/null`). The three alternate on each input so
# they see the same machine; the times include bash's fork and exec, the
# same for all three. Stream mode: judgments per second on one core
# (`taskset -c 0`), warm over LINES_STREAM lines (default 200,000) of
# paths that come again, cold over LINES_COLD lines (default 50,000) each a
# file never named before. No root needed.
#   bench/judge.sh [BUILD_DIR]     (default build; tools/bootstrap --bench)
set -euo pipefail
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy
[ -x "$pp" ] || { echo "bench/judge.sh: no $pp (build it first: tools/bootstrap)" >&2; exit 1; }
calls=${CALLS:-1000}
lines=${LINES_STREAM:-200000}
command -v jq >/dev/null || { echo "bench/judge.sh: needs jq (tools/bootstrap --bench)" >&2; exit 1; }
command -v taskset >/dev/null || { echo "bench/judge.sh: needs taskset (util-linux)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A worktree the size of a small project, with the policy's paths in it.
wt=$work/wt
git init -q "$wt"
mkdir -p "$wt/src/net" "$wt/src/core" "$wt/tests" "$wt/secrets" "$wt/.claude"
for i in $(seq 0 199); do echo "int f$i;" >"$wt/src/$([ $((i % 2)) = 0 ] && echo net || echo core)/f$i.c"; done
echo TOKEN >"$wt/.env" && echo k >"$wt/secrets/deploy.key" && echo '{}' >"$wt/.claude/settings.json"
ln -s src/net "$wt/net"
cat >"$work/policy" <<'EOF'
mask-file .env
mask-dir secrets/
protect .git/config
protect .git/hooks/
protect .claude/
EOF

# The inputs: mostly ordinary files, three calls in 23 on a policy path
# (23 is prime to the 10 of the tools, so every tool meets every path).
mkdir "$work/in"
content=$(head -c 4096 /dev/urandom | base64 -w0 | cut -c1-4000)
hook_input() { # hook_input I
  local i=$1 tool path extra
  case $((i % 23)) in
    0) path=$wt/.env ;;
    1) path=$wt/secrets/deploy.key ;;
    2) path=$wt/.git/config ;;
    *) path=$wt/src/$([ $((i % 2)) = 0 ] && echo net || echo core)/f$((i % 200)).c ;;
  esac
  case $((i % 10)) in
    0 | 1 | 2 | 3) tool=Read extra="\"file_path\":\"$path\"" ;;
    4 | 5 | 6) tool=Edit extra="\"file_path\":\"$path\",\"old_string\":\"int f;\",\"new_string\":\"long f;\",\"replace_all\":false" ;;
    7 | 8) tool=Write extra="\"file_path\":\"$path\",\"content\":\"$content\"" ;;
    9) tool=Grep extra="\"pattern\":\"TODO\",\"path\":\"$path\",\"output_mode\":\"content\",\"-n\":true" ;;
  esac
  printf '{"session_id":"bench-session","transcript_path":"%s/t.jsonl","cwd":"%s","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"%s","tool_input":{%s}}\n' \
    "$work" "$wt" "$tool" "$extra"
}
for i in $(seq 0 $((calls - 1))); do hook_input "$i" >"$work/in/$i.json"; done

now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }
for w in pp jq cat; do : >"$work/t.$w"; done
run_pp() { "$pp" judge --hook claude-code --worktree "$wt" --policy "$work/policy" --state "$work/state" \
  --history "$work/history.jsonl" <"$1" 2>/dev/null; }
run_jq() { jq -r .tool_input.file_path <"$1" >/dev/null; }
run_cat() { cat >/dev/null <"$1"; }
order=(pp jq cat)
for i in $(seq 0 $((calls - 1))); do
  # Rotate who goes first, so none always runs on a warm or cold cache.
  for k in 0 1 2; do
    w=${order[$(((i + k) % 3))]}
    t0=$(now_us); "run_$w" "$work/in/$i.json"; t1=$(now_us)
    echo $((t1 - t0)) >>"$work/t.$w"
  done
done
pct() { sort -n "$1" | awk -v p="$2" '{a[NR]=$1} END {i = int(NR * p / 100 + 0.999); if (i < 1) i = 1; print a[i]}'; }
declare -A p50 p99
for w in pp jq cat; do p50[$w]=$(pct "$work/t.$w" 50) p99[$w]=$(pct "$work/t.$w" 99); done
echo "hook: $calls calls each, $(awk '{s += length($0) + 1} END {printf "%.1f", s / NR / 1024}' "$work"/in/*.json) KB an input on average ($(jq --version))"
printf '%-34s %10s %10s %12s %12s\n' "per call" p50 p99 "p50 / floor" "p99 / floor"
for w in pp jq cat; do
  case $w in pp) name="pathpolicy judge --hook" ;; jq) name="jq -r .tool_input.file_path" ;; cat) name="cat >/dev/null (the floor)" ;; esac
  awk -v n="$name" -v a="${p50[$w]}" -v b="${p99[$w]}" -v fa="${p50[cat]}" -v fb="${p99[cat]}" \
    'BEGIN { printf "%-34s %7.2f ms %7.2f ms %11.2fx %11.2fx\n", n, a / 1000, b / 1000, a / fa, b / fb }'
done
awk -v a="${p50[pp]}" -v b="${p50[jq]}" 'BEGIN { printf "jq / pathpolicy at p50: %.2fx\n", b / a }'
echo "(attempts reported: $(wc -l <"$work/history.jsonl"), the rest not on the policy or said already)"

# Stream: judgments per second on one core.
paths=(src/net/f0.c src/core/f1.c net/f2.c src/core/../net/f4.c tests/new.c .env secrets/deploy.key .git/config README.md)
for i in $(seq 0 $((${#paths[@]} * 50 - 1))); do
  p=${paths[$((i % ${#paths[@]}))]}
  case $((i % 3)) in
    0) printf '{"tool":"Read","access":"read","path":"%s"}\n' "$p" ;;
    1) printf '{"tool":"Edit","access":"write","path":"%s/%s"}\n' "$wt" "$p" ;;
    2) printf '{"jsonrpc":"2.0","id":%d,"method":"fs/read_text_file","params":{"sessionId":"s","path":"%s/%s"}}\n' "$i" "$wt" "$p" ;;
  esac
done >"$work/block"
: >"$work/stream.in"
while [ "$(wc -l <"$work/stream.in")" -lt "$lines" ]; do cat "$work/block" >>"$work/stream.in"; done
head -n "$lines" "$work/stream.in" >"$work/stream.n" && mv "$work/stream.n" "$work/stream.in"
# Warm: the run's mix, where paths come again (a stream keeps a lookup until
# a change where the path goes). Cold: every line a file never named
# before (100 to a directory), so nothing kept helps: the lookups
# themselves, and the watches they set. Each the median of 3 runs.
cold=${LINES_COLD:-50000}
mkdir "$wt/cold"
for d in $(seq 0 $(((cold + 99) / 100 - 1))); do mkdir "$wt/cold/d$d"; done
seq 0 $((cold - 1)) | awk -v wt="$wt" '{ printf "%s/cold/d%d/f%d.c\n", wt, int($1 / 100), $1 }' | xargs touch
seq 0 $((cold - 1)) | awk -v wt="$wt" '{
  p = sprintf("cold/d%d/f%d.c", int($1 / 100), $1)
  if ($1 % 3 == 0) printf "{\"tool\":\"Read\",\"access\":\"read\",\"path\":\"%s\"}\n", p
  else if ($1 % 3 == 1) printf "{\"tool\":\"Edit\",\"access\":\"write\",\"path\":\"%s/%s\"}\n", wt, p
  else printf "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"fs/read_text_file\",\"params\":{\"sessionId\":\"s\",\"path\":\"%s/%s\"}}\n", $1, wt, p
}' >"$work/cold.in"
rate() { # rate INPUT LINES: microseconds for them, the median of 3 runs
  local i t0 t1
  : >"$work/times"
  for i in 1 2 3; do
    t0=$(now_us)
    taskset -c 0 "$pp" judge --stream --worktree "$wt" --policy "$work/policy" <"$1" >"$work/stream.out" 2>/dev/null
    t1=$(now_us)
    [ "$(wc -l <"$work/stream.out")" -eq "$2" ] || return 1
    echo $((t1 - t0)) >>"$work/times"
  done
  sort -n "$work/times" | sed -n 2p
}
warm_us=$(rate "$work/stream.in" "$lines") || { echo "bench/judge.sh: the stream lost verdicts" >&2; exit 1; }
cold_us=$(rate "$work/cold.in" "$cold") || { echo "bench/judge.sh: the stream lost verdicts" >&2; exit 1; }
awk -v n="$lines" -v us="$warm_us" 'BEGIN { printf "stream, warm: %d judgments in %.2f s on one core: %.0f judgments/s (%.2f us each)\n", n, us / 1e6, n / (us / 1e6), us / n }'
awk -v n="$cold" -v us="$cold_us" 'BEGIN { printf "stream, cold: %d judgments in %.2f s on one core: %.0f judgments/s (%.2f us each)\n", n, us / 1e6, n / (us / 1e6), us / n }'
