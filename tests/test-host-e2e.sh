#!/usr/bin/env bash
# End to end on one real checkout, as root: prepare on the host side,
# then, in a mount namespace of its own (the guest), enforce with the
# written policy and watch while the agent clones a nested checkout and
# writes; the namespace ends (every mount with it); then release. The
# checkout must be byte-for-byte what it was before prepare, plus what the
# agent wrote. Usage: test-host-e2e.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: enforce and watch mount"; exit 77; fi
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid; git config --global user.name test
passed=0 failed=0
check() { local what=$1; shift; if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi; }
# A snapshot of a worktree: every path (but .git), its type, a symlink's
# target, a mode and a file's content (its hash); in four processes, not
# a stat, sha256sum and cut for each path (a process costs ~4 ms here).
snap() {
  local l h p
  local -A hash=()
  while read -r h p; do hash[$p]=${h:0:16}; done < <(cd "$1" && find . -path ./.git -prune -o -type f -exec sha256sum {} +)
  snapped=
  while IFS= read -r l; do
    case $l in "F "*) p=${l#F }; p=${p% *}; l+=" ${hash[$p]-}" ;; esac
    snapped+=$l$'\n'
  done < <(cd "$1" && find . -path ./.git -prune -o \( -type l -printf 'L %p -> %l\n' \) -o \( -type d -printf 'D %p %m\n' \) \
    -o -printf 'F %p %m\n' | LC_ALL=C sort)
  snapped=${snapped%$'\n'}
}

src=$work/src; git init -q "$src"
( cd "$src" && echo S >.env && echo lib >lib.c && git add -A && git commit -qm lib )
wt=$work/wt vm=$work/vm; mkdir "$vm"; git init -q "$wt"
( cd "$wt" && echo "DB=prod" >.env && echo code >main.c && mkdir .claude && echo '{}' >.claude/settings.json &&
  git add -A && git commit -qm init )
snap "$wt"; before=$snapped

"$pp" prepare --worktree "$wt" --out "$vm" 2>"$work/prepare.log"
check "prepare" grep -qF 'placeholder(s) in the worktree' "$work/prepare.log"

# The guest: its own mount namespace; everything it mounts goes with it.
unshare -m bash -s "$pp" "$wt" "$vm" "$src" "$work" <<'GUEST'
set -u
pp=$1 wt=$2 vm=$3 src=$4 work=$5
mount --make-rprivate /
"$pp" enforce --root "$wt" --policy "$vm/path-policy" 2>"$work/enforce.log" || exit 11
[ -z "$(cat "$wt/.env")" ] || exit 12                    # masked
"$pp" watch "$wt" --log-format json 2>"$work/watch.log" & w=$!
for _ in $(seq 200); do grep -q watch-ready "$work/watch.log" && break; sleep 0.05; done
git clone -q "file://$src" "$wt/nested" || exit 13         # the agent clones
echo "agent work" >"$wt/agent.txt"                          # and writes
echo leak >"$wt/.env"                                       # a masked write lands nowhere
for _ in $(seq 200); do grep -q 'git metadata of nested checkout nested' "$work/watch.log" && break; sleep 0.05; done
grep -q '"path":"nested/.env","kind":"mask-file"' "$work/watch.log" || exit 14
kill -TERM $w; wait $w || exit 15
GUEST
rc=$?
check "the guest ran: enforce, watch, clone, writes (exit $rc)" [ "$rc" -eq 0 ]
check "after the guest, no mount is left on the checkout" bash -c "! grep -qF ' $wt' /proc/self/mountinfo"

"$pp" release --worktree "$wt" --out "$vm" 2>"$work/release.log"
check "release" grep -qF 'placeholder(s), kept' "$work/release.log"
snap "$wt"; after=$snapped
# Byte-for-byte as before, plus the agent's work (its file and its clone).
without_agent=$(grep -vE '^(F|D) \./(agent\.txt|nested)( |/)' <<<"$after")
check "the checkout is what it was before prepare" [ "$without_agent" = "$before" ]
[ "$without_agent" = "$before" ] || diff <(echo "$before") <(echo "$without_agent") | head -20
check "plus the agent's file" [ "$(cat "$wt/agent.txt")" = "agent work" ]
check "plus the agent's clone" bash -c "git -C '$wt/nested' rev-parse -q --verify HEAD >/dev/null"
check "the masked write landed nowhere" [ "$(cat "$wt/.env")" = "DB=prod" ]

# release that cannot remove a placeholder it should (here: something is
# mounted on it, so unlink says EBUSY; as root, permissions would not stop
# it): exit 1, naming it, and the others still go.
wt2=$work/wt2 vm2=$work/vm2; mkdir "$vm2"; git init -q "$wt2"
( cd "$wt2" && echo code >main.c && git add -A && git commit -qm init )
"$pp" prepare --worktree "$wt2" --out "$vm2" 2>/dev/null
: >"$work/empty"
unshare -m bash -c "mount --make-rprivate / && mount --bind '$work/empty' '$wt2/.env' &&
  '$pp' release --worktree '$wt2' --out '$vm2' 2>'$work/busy.log'; echo \$? >'$work/busy.rc'"
check "release that cannot remove a placeholder: exit 1" [ "$(cat "$work/busy.rc")" = 1 ]
check "release that cannot remove a placeholder: names it" grep -qF "could not be removed (.env: Device or resource busy)" "$work/busy.log"
check "release that cannot remove a placeholder: the others went" [ ! -e "$wt2/.netrc" ]

# unbind: enforce's and watch's mounts (a nested checkout's too) go, the
# deepest first; a mount of someone else's stays, even one of our shape at
# a path the policy does not name. Run twice: nothing more the second time.
wt3=$work/wt3; git init -q "$wt3"
( cd "$wt3" && echo S >.env && mkdir .claude keys other tmpdir && echo '{}' >.claude/settings.json &&
  echo x >other/f && echo k >keys/k && echo code >main.c && git add -A && git commit -qm init )
printf 'mask-file .env\nmask-dir keys/\nprotect .claude/\n' >"$work/wt3.policy"
unshare -m bash -s "$pp" "$wt3" "$work" "$src" <<'TEARDOWN'
set -u
pp=$1 wt=$2 work=$3 src=$4
mount --make-rprivate /
"$pp" enforce --root "$wt" --policy "$work/wt3.policy" 2>/dev/null || exit 21
"$pp" watch "$wt" --log-format json 2>"$work/w3.log" & w=$!
for _ in $(seq 200); do grep -q watch-ready "$work/w3.log" && break; sleep 0.05; done
git clone -q "file://$src" "$wt/nested" || exit 22
for _ in $(seq 200); do grep -q 'git metadata of nested checkout nested' "$work/w3.log" && break; sleep 0.05; done
# A linked worktree made from a bare repository: the daemon protects the
# bare repository's config and hooks/, which no .git names (issue 37).
git clone -q --bare "file://$src" "$wt/bare" && git -C "$wt/bare" worktree add -q ../bwt 2>/dev/null || exit 24
for _ in $(seq 200); do mountpoint -q "$wt/bare/hooks" && break; sleep 0.05; done
mountpoint -q "$wt/bare/config" && mountpoint -q "$wt/bare/hooks" || exit 25
kill -TERM $w; wait $w
mount -t tmpfs tmpfs "$wt/tmpdir" && mount --bind -o ro "$wt/other" "$wt/other" || exit 23
mount --bind -o remount,ro "$wt/other"
before=$(grep -c " $wt" /proc/self/mountinfo)
"$pp" unbind --root "$wt" --policy "$work/wt3.policy" 2>"$work/unbind.log"; echo $? >"$work/unbind.rc"
grep -F " $wt" /proc/self/mountinfo | awk '{print $5}' | sed "s#^$wt/##" | sort >"$work/unbind.left"
"$pp" unbind --root "$wt" --policy "$work/wt3.policy" 2>"$work/unbind2.log"; echo $? >"$work/unbind2.rc"
echo "$before" >"$work/unbind.before"
TEARDOWN
check "unbind: exit 0" [ "$(cat "$work/unbind.rc")" = 0 ]
check "unbind: only someone else's mounts are left ($(paste -sd' ' "$work/unbind.left"))" \
  [ "$(paste -sd' ' "$work/unbind.left")" = "other tmpdir" ]
check "unbind: enforce's and watch's mounts were there ($(cat "$work/unbind.before"))" [ "$(cat "$work/unbind.before")" -ge 8 ]
check "unbind: each removal said" grep -qF "removed the mask-file mount at nested/.env" "$work/unbind.log"
check "unbind: a bare repository's config and hooks/ went too" \
  bash -c "grep -qF 'removed the protect mount at bare/config' '$work/unbind.log' &&
    grep -qF 'removed the protect mount at bare/hooks' '$work/unbind.log'"
check "unbind: the summary" grep -qE "removed [0-9]+ mount\(s\) below .*; left 1 not ours; 0 failed" "$work/unbind.log"
check "unbind again: exit 0, nothing removed" bash -c "[ \"\$(cat '$work/unbind2.rc')\" = 0 ] && grep -qF 'removed 0 mount(s)' '$work/unbind2.log'"

echo "host-e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
