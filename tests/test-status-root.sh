#!/usr/bin/env bash
# pathpolicy status against a real enforce + watch run: root only, in a
# mount namespace of its own (re-executed under unshare -m), on a tmpfs.
# Usage: test-status-root.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount namespace"; exit 77; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m env PP_IN_NS=1 "$0" "$@"; fi
mount --make-rprivate /
command -v jq >/dev/null || { echo "FAIL: no jq (tools/bootstrap installs it)"; exit 1; }

pp=$1
base=$(mktemp -d /tmp/pathpolicy-status-XXXXXX)
mount -t tmpfs tmpfs "$base"
root=$base/root vm=$base/vm wp=
cleanup() { [ -n "$wp" ] && kill "$wp" 2>/dev/null && wait "$wp" 2>/dev/null; umount -R -l "$base"; rmdir "$base"; }
trap cleanup EXIT
passed=0 failed=0
check() { local what=$1; shift; if "$@" >/dev/null; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
wait_log() { local i; for i in $(seq 200); do grep -qF -- "$2" "$1" && return 0; sleep 0.05; done; echo "  (no '$2' in $1)"; return 1; }
export GIT_CONFIG_GLOBAL=$base/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid && git config --global user.name test

# The guest's boot: the host's prepare, then enforce; then the daemon.
mkdir "$root" "$vm" && git init -q "$root" && echo secret >"$root/.env"
"$pp" prepare --worktree "$root" --out "$vm" 2>/dev/null
check "enforce" "$pp" enforce --root "$root" --policy "$vm/path-policy" --log-level error
"$pp" watch "$root" --policy "$vm/path-policy" 2>"$base/watch.log" & wp=$!
wait_log "$base/watch.log" "watching $root"
nl=$'we\nird' bad=$'bad\xff'
for d in vendor/lib "$nl" "$bad"; do mkdir -p "$root/$d" && git init -q "$root/$d" && echo s >"$root/$d/.env"; done
# (the log shows the names escaped)
for d in vendor/lib 'we\nird' 'bad\xff'; do
  check "watch: bound in $d" wait_log "$base/watch.log" "protected the git metadata of nested checkout $d"
done
# A mount that is not ours, beneath the root: not shown.
mkdir "$root/scratch" && mount -t tmpfs tmpfs "$root/scratch"

"$pp" status --root "$root" >"$base/out" 2>"$base/err"; rc=$?
check "human: exit 0" [ "$rc" -eq 0 ]
check "human: stderr empty" [ ! -s "$base/err" ]
check "human: the root's group" grep -qx '. (the root)' "$base/out"
check "human: the root's .env" grep -qx '  mask-file  .env' "$base/out"
check "human: the root's .git/config" grep -qx '  protect    .git/config' "$base/out"
check "human: a nested checkout's group" grep -qx 'vendor/lib' "$base/out"
check "human: its .env" grep -qx '  mask-file  vendor/lib/.env' "$base/out"
check "human: a newline shown escaped" grep -qxF 'we\nird' "$base/out"
check "human: a byte not UTF-8 shown escaped" grep -qxF 'bad\xff' "$base/out"
check "human: not someone else's tmpfs" bash -c "! grep -q scratch '$base/out'"
n=$(grep -c '^  ' "$base/out")
check "human: the count line says $n binds" grep -q "^$n binds in 4 checkouts beneath $root\$" "$base/out"

"$pp" status --root "$root" --json >"$base/json"; rc=$?
check "json: exit 0" [ "$rc" -eq 0 ]
check "json: as many binds as the human form ($n)" [ "$(jq '.binds | length' "$base/json")" -eq "$n" ]
check "json: .env of the root" jq -e '.binds | any(.path == ".env" and .kind == "mask-file" and .checkout == ".")' "$base/json"
check "json: vendor/lib/.git/config" \
  jq -e '.binds | any(.path == "vendor/lib/.git/config" and .kind == "protect" and .checkout == "vendor/lib")' "$base/json"
check "json: a newline in a checkout's name" jq -e --arg c "$nl" '.binds | any(.checkout == $c and .path == ($c + "/.env"))' "$base/json"
check "json: a name not UTF-8, escaped and said so" \
  jq -e '.binds | any(.checkout == "bad\\xff" and .checkout_escaped == true and .path_escaped == true)' "$base/json"
# What mountinfo says, counted another way: every mount beneath the root but
# the tmpfs that is not ours.
total=$(findmnt -rn -o TARGET | grep -c "^$root/") || true
check "json: every mount beneath the root but the foreign one ($total - 1)" [ "$(jq '.binds | length' "$base/json")" -eq $((total - 1)) ]

# A directory below the root: only what is beneath it.
"$pp" status --root "$root/vendor" --json >"$base/json2"
check "below: vendor/ shows lib's binds, relative to it" jq -e '(.binds | length) > 0 and all(.binds[]; .checkout == "lib")' "$base/json2"

kill "$wp" && wait "$wp" 2>/dev/null; wp=
umount "$root/scratch"
"$pp" unbind --root "$root" --policy "$vm/path-policy" --log-level error
"$pp" status --root "$root" >"$base/out"
check "after unbind: nothing bound" grep -qx "nothing of pathpolicy's is bound beneath $root" "$base/out"

echo "status-root: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
