#!/usr/bin/env bash
# Git's plain text at the boot, with real git, as root: a host that ran
# `git commit -v`, a rebase stopped on a conflict with rerere on, `git am`
# stopped, a linked worktree's `git commit -v` and `git fsck --lost-found`
# leaves a masked file's bytes in plain files under .git. In a mount
# namespace (the guest) with .git read-only, enforce masks them: `grep -r`
# finds no marker, while git status, log, worktree list and fsck say what
# they said before. unbind takes the masks away again (the marker is back).
# Usage: test-git-text.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: enforce mounts"; exit 77; fi
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_DATE=@1700000000 GIT_COMMITTER_DATE=@1700000000
git config --global user.email t@example.invalid
git config --global user.name test
git config --global init.defaultBranch main
git config --global rerere.enabled true

r=$work/r
git init -q "$r"
cd "$r" || exit 1
echo 'KEY=MARKER_ONE' >.env && echo a >a.c && git add -A && git commit -qm one
git checkout -qb side && echo 'KEY=MARKER_SIDE' >.env && git commit -qam side
git format-patch -q -1 -o "$work/mail" && git checkout -q main
echo 'KEY=MARKER_VERBOSE' >.env && git add .env
GIT_EDITOR='sed -i 1s/^/two/' git commit -q -v                       # COMMIT_EDITMSG holds the diff
git worktree add -q --detach "$work/wt" side
(cd "$work/wt" && echo 'KEY=MARKER_WT' >.env && git add .env && GIT_EDITOR='sed -i 1s/^/w/' git commit -q -v)
echo 'KEY=MARKER_DANGLING' >.env && git add .env && git reset -q && git fsck --lost-found >/dev/null 2>&1
git checkout -q .env
(cd "$work/wt" && git am -q "$work"/mail/*.patch >/dev/null 2>&1)           # stops: rebase-apply/0001, patch
git checkout -q side
git rebase main >/dev/null 2>&1                                         # stops: rebase-merge/patch, rr-cache

fail=0
check() { local what=$1; shift; if ! "$@"; then echo "FAIL: $what"; fail=1; fi; }
markers() { grep -rl --exclude-dir=objects MARKER "$r/.git" | sed "s|^$r/||" | sort; }
git_says() { (cd "$r" && git status && git log --oneline --all && git worktree list && git fsck 2>&1) | sed "s|$work|W|g"; }
before=$(markers)
check "the host left plain text to mask (saw: $before)" [ "$(echo "$before" | wc -l)" -ge 5 ]
mkdir "$work/vm"
"$pp" prepare --worktree "$r" --out "$work/vm" 2>"$work/prepare.log" || { cat "$work/prepare.log"; exit 1; }
git_before=$(git_says) # after prepare: its placeholders are in both

unshare -m bash -s "$pp" "$r" "$work" <<'GUEST'
set -u
pp=$1 r=$2 work=$3
mount --make-rprivate / && mount --bind "$r/.git" "$r/.git" && mount -o remount,bind,ro "$r/.git" || exit 10
"$pp" enforce --root "$r" --policy "$work/vm/path-policy" --log-format json 2>"$work/enforce.log" || exit 11
grep -rl --exclude-dir=objects MARKER "$r/.git" >"$work/guest-markers"
(cd "$r" && git status && git log --oneline --all && git worktree list && git fsck 2>&1) | sed "s|$work|W|g" >"$work/guest-git"
"$pp" unbind --root "$r" --policy "$work/vm/path-policy" 2>"$work/unbind.log" || exit 12
grep -rl --exclude-dir=objects MARKER "$r/.git" >"$work/unbound-markers"
grep -c " $r" /proc/self/mountinfo >"$work/mounts-left"
exit 0
GUEST
rc=$?
check "the guest ran (exit $rc)" [ "$rc" -eq 0 ]
check "no marker under .git in the guest: $(cat "$work/guest-markers")" [ ! -s "$work/guest-markers" ]
check "git says the same in the guest: $(diff <(echo "$git_before") "$work/guest-git")" \
        diff -q <(echo "$git_before") "$work/guest-git"
for want in .git/COMMIT_EDITMSG .git/worktrees/wt/COMMIT_EDITMSG .git/rebase-merge/patch .git/rr-cache \
        .git/lost-found .git/worktrees/wt/rebase-apply/0001 .git/worktrees/wt/rebase-apply/patch; do
        check "enforce masked $want" grep -q "\"path\":\"$want\".*\"git_text\":true" "$work/enforce.log"
done
check "the rebase's state stays readable" eval '! grep -q rebase-merge/head-name "$work/enforce.log"'
check "unbind took the masks away (markers again: $(cat "$work/unbound-markers" | wc -l))" \
        [ "$(sed "s|^$r/||" "$work/unbound-markers" | sort)" = "$before" ]
check "unbind left only the .git mount: $(cat "$work/mounts-left")" [ "$(cat "$work/mounts-left")" -eq 1 ]
"$pp" release --worktree "$r" --out "$work/vm" 2>/dev/null
[ "$fail" -eq 0 ] && echo "ok: git's plain text masked at boot and unbound"
exit "$fail"
