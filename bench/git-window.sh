#!/usr/bin/env bash
# The window after git: how long a new checkout's git metadata stays
# writable once the git that made it has exited. For N clones and N inits
# under `pathpolicy watch`: the time from the creating git's exit (taken in
# this shell the moment it returns) to the timestamp of the `watch-bind`
# record of its .git/config (made right after the bind); p50, p99, max. Also: a write to .git/config started right
# after git returned, and whether it landed (it should not, most times).
# Then, under `watch --git-config audit` (config left writable), the window in
# which a key from the audit list is live: from the start of its write to the
# `git-audit` record of its removal (the file already rewritten), for a plain
# write (>>), `git config`, a write through a hard link in the workspace, and
# a write through a shared mapping (no event: from the start of the next git
# that writes the index). Side by side, as ratios to the plain write. And
# the window in which a hook is live in audit mode (hooks/ not bound): from
# the start of its write (printf, cp of an executable, a hard link, mv of a
# prepared file) to the `git-audit` record of its rename aside (made after
# the rename).
# A long-lived unrelated `git cat-file --batch` runs outside the workspace
# all along, as an agent's tooling would.
# Root only; in a private mount namespace, on a tmpfs.
#   bench/git-window.sh [BUILD_DIR]      (N=100 by default; WAYS="hook-printf ..." runs only those
#                                         of audit mode's ways, and not the window after git)
set -euo pipefail
[ -n "${BENCH_TRACE:-}" ] && set -x
cd "$(dirname "$0")/.."
bd=$(realpath "${1:-build}")
pp=$bd/pathpolicy mmapw=$bd/tests/mmap-write
n=${N:-100}
[ -x "$mmapw" ] || { echo "bench/git-window.sh: no $mmapw (build the tests)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "bench/git-window.sh: needs root (mounts)" >&2; exit 1; }
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
work=$(mktemp -d /tmp/pathpolicy-bench-XXXXXX)
mount -t tmpfs -o size=1g tmpfs "$work"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; umount -l "$work"; rmdir "$work"; }
trap cleanup EXIT
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email b@example.invalid; git config --global user.name bench
git config --global init.defaultBranch main; git config --global protocol.file.allow always

src=$work/src; git init -q "$src"
for i in $(seq 50); do echo "$i" >"$src/f$i"; done; echo S >"$src/.env"
git -C "$src" add -A; git -C "$src" commit -qm init
root=$work/root; mkdir "$root"
mkfifo "$work/fifo"; git -C "$src" cat-file --batch <>"$work/fifo" >/dev/null 2>&1 & pids+=($!)
"$pp" watch "$root" --log-format json 2>"$work/watch.log" & pids+=($!)
for _ in $(seq 600); do grep -qF '"event":"watch-ready"' "$work/watch.log" && break; sleep 0.05; done
# The unrelated git is older than the rule's 2 s by now.
for _ in $(seq 100); do [ "$(ps -o etimes= -p "${pids[0]}" | tr -d ' ')" -ge 3 ] 2>/dev/null && break; sleep 0.1; done
ps -o comm= -p "${pids[0]}" | grep -q git || { echo "bench: the unrelated git is not running" >&2; exit 1; }

wait_protected() { for _ in $(seq 2000); do grep -qF "nested checkout $1 (git finished)" "$work/watch.log" && return 0; sleep 0.005; done; return 1; }
run() { # run KIND: N checkouts made by git KIND; prints the figures
  local kind=$1 landed=0 i
  local exits=$work/exits-$kind
  : >"$exits"
  for i in $(seq "$n"); do
    if [ "$kind" = clone ]; then git clone -q "file://$src" "$root/$kind$i"; else git init -q "$root/$kind$i"; fi
    t=$EPOCHREALTIME
    echo "[x]" 2>/dev/null >>"$root/$kind$i/.git/config" && landed=$((landed + 1))
    echo "$kind$i $t" >>"$exits"
    wait_protected "$kind$i" || { echo "bench: $kind$i never protected" >&2; exit 1; }
  done
  while read -r c t; do
    ts=$(grep -F "\"path\":\"$c/.git/config\"" "$work/watch.log" | head -n1 | sed 's/.*"ts":"\([^"]*\)".*/\1/')
    p=$(date -d "$ts" +%s.%6N)
    echo "$p $t" | awk '{ printf "%.0f\n", ($1 - $2) * 1000000 }'
  done <"$exits" | sort -n >"$work/win-$kind"
  awk -v kind="$kind" -v landed="$landed" -v n="$n" '{ v[NR] = $1 } END {
      p50 = v[int((NR + 1) * 0.50)]; p99 = v[int(NR * 0.99) > 0 ? int(NR * 0.99) : 1];
      printf "%-6s %4d  p50 %7.1f ms  p99 %7.1f ms  max %7.1f ms  writes right after exit that landed: %d of %d\n",
             kind, NR, p50 / 1000, p99 / 1000, v[NR] / 1000, landed, n }' "$work/win-$kind"
}
if [ -z "${WAYS:-}" ]; then
  echo "== the window: creating git's exit -> .git/config bound ($n each; an unrelated git cat-file runs throughout)"
  run init
  run clone
fi

# --- audit mode: how long a key from the audit list is live
root2=$work/audit; mkdir "$root2" "$root2/stash"
alog=$work/audit.log
"$pp" watch "$root2" --git-config audit --log-format json 2>"$alog" & pids+=($!)
for _ in $(seq 600); do grep -qF '"event":"watch-ready"' "$alog" && break; sleep 0.05; done
key=$'[core]\n\tfsmonitor = /bin/true\n'
live() { # live WAY: N checkouts, a key written each WAY; prints the figures
  local way=$1 i t c cfg len
  local starts=$work/starts-$way
  : >"$starts"
  for i in $(seq "$n"); do
    c=$way$i cfg=$root2/$c/.git/config hook=$root2/$c/.git/hooks/pre-commit
    git init -q "$root2/$c"
    for _ in $(seq 2000); do grep -qF "nested checkout $c (git finished)" "$alog" && break; sleep 0.005; done
    case $way in
      append) t=$EPOCHREALTIME; printf %s "$key" >>"$cfg" ;;
      config) t=$EPOCHREALTIME; git -C "$root2/$c" config core.fsmonitor /bin/true ;;
      hardlink) ln "$cfg" "$root2/stash/$c"; t=$EPOCHREALTIME; printf %s "$key" >>"$root2/stash/$c" ;;
      mmap)
        len=$(stat -c %s "$cfg")
        "$mmapw" "$cfg" "${key}#$(head -c "$((len - 32))" /dev/zero | tr '\0' x)"$'\n'
        echo x >"$root2/$c/f"; t=$EPOCHREALTIME; git -C "$root2/$c" add f 2>/dev/null ;;
      hook-printf) t=$EPOCHREALTIME; printf '#!/bin/sh\nexit 0\n' >"$hook"; chmod +x "$hook" 2>/dev/null || : ;;
      hook-cp) t=$EPOCHREALTIME; cp "$work/prepared" "$hook" ;;
      hook-ln) t=$EPOCHREALTIME; ln "$work/prepared" "$hook" ;;
      hook-mv) cp "$work/prepared" "$root2/stash/$c"; t=$EPOCHREALTIME; mv "$root2/stash/$c" "$hook" ;;
    esac
    echo "$c $t" >>"$starts"
  done
  local what=config
  [ "${way#hook-}" = "$way" ] || what=hooks
  while read -r c t; do
    local ts=
    for _ in $(seq 2000); do
      ts=$({ grep -F "\"path\":\"$c/.git/$what\"" "$alog" || true; } | { grep -F '"action":"removed"' || true; } |
        head -n1 | sed 's/.*"ts":"\([^"]*\)".*/\1/')
      [ -n "$ts" ] && break; sleep 0.005
    done
    if [ -z "$ts" ]; then
      # A hard link the watcher broke between the ln and the write (an
      # earlier event's sweep): the write went to a file nothing reads.
      if [ "$way" = hardlink ] && ! grep -q fsmonitor "$root2/$c/.git/config" &&
        [ "$(stat -c %i "$root2/$c/.git/config")" != "$(stat -c %i "$root2/stash/$c")" ]; then
        echo "$c" >>"$work/unreached-$way"; continue
      fi
      echo "bench: $c: the key was never taken out" >&2; exit 1
    fi
    echo "$(date -d "$ts" +%s.%6N) $t" | awk '{ printf "%.0f\n", ($1 - $2) * 1000000 }'
  done <"$starts" | sort -n >"$work/live-$way"
  awk '{ v[NR] = $1 } END { print v[int((NR + 1) * 0.50)] }' "$work/live-$way" >"$work/p50-$way"
  awk -v way="$way" -v base="$(cat "$work/p50-append" 2>/dev/null || echo 0)" '{ v[NR] = $1 } END {
      p50 = v[int((NR + 1) * 0.50)]; p99 = v[int(NR * 0.99) > 0 ? int(NR * 0.99) : 1];
      ratio = base > 0 ? sprintf("%.1f", p50 / base) : "1.0"
      note = unreached > 0 ? sprintf("  (and %d links broken before the write: never live)", unreached) : ""
      printf "%-9s %4d  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms  p50 / append p50: %s%s\n", way, NR, p50 / 1000,
             p99 / 1000, v[NR] / 1000, ratio, note }' \
    unreached="$(cat "$work/unreached-$way" 2>/dev/null | wc -l)" "$work/live-$way"
}
printf '#!/bin/sh\nexit 0\n' >"$work/prepared"; chmod +x "$work/prepared"
echo "== audit mode: a key's or a hook's write started -> its removal said ($n each; mmap: from the next index write)"
for way in ${WAYS:-append config hardlink mmap hook-printf hook-cp hook-ln hook-mv}; do live "$way"; done
