#!/usr/bin/env bash
# The rule: if validate accepts the settings, prepare then enforce boot.
# Every combination of two entries, each from {built-in, settings, org} x
# {mask, protect, unmask}, on one path spelled twice (a, a/) or one covering
# the other (c/ over c/x, either order), with the path absent, a file, or a
# directory on disk: validate, resolve, prepare on a fresh checkout, enforce
# in a private mount namespace, release. Each must succeed, and no
# placeholder may be left behind.
# Root only (enforce mounts). Usage: test-policy-boot.sh PATHPOLICY
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: enforce mounts"; exit 77; fi
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid; git config --global user.name test
passed=0 failed=0 cases=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# json_list NAME ENTRIES...: "NAME": ["e1", ...]
json_list() { local n=$1 sep= e; shift; printf '"%s": [' "$n"; for e in "$@"; do printf '%s"%s"' "$sep" "$e"; sep=', '; done; printf ']'; }

# one SRC_A ACT_A PATH_A SRC_B ACT_B PATH_B DISK
#   SRC: builtin (PATH must be a built-in's), settings, org; ACT: mask, protect, unmask
#   DISK: absent, file, dir: what the first path's base ("a" or "c") is on disk
one() {
  local sa=$1 aa=$2 pa=$3 sb=$4 ab=$5 pb=$6 disk=$7 name
  cases=$((cases + 1)); name="$sa:$aa:$pa + $sb:$ab:$pb ($disk)"
  local d=$work/c$cases; mkdir -p "$d/vm"
  declare -A set=([settings:mask]= [settings:protect]= [settings:unmask]= [org:mask]= [org:protect]=)
  local s a p
  for s in "$sa:$aa:$pa" "$sb:$ab:$pb"; do
    IFS=: read -r src act path <<<"$s"
    [ "$src" = builtin ] && continue
    [ "$src" = org ] && [ "$act" = unmask ] && return 0 # an org has no unmask_paths
    set[$src:$act]+=" $path"
  done
  # shellcheck disable=SC2086
  printf '{"sandbox": {%s, %s, %s}}\n' "$(json_list mask_paths ${set[settings:mask]})" \
    "$(json_list protect_paths ${set[settings:protect]})" "$(json_list unmask_paths ${set[settings:unmask]})" >"$d/modules.json"
  # shellcheck disable=SC2086
  printf '{"acme": {"path_policy": {%s, %s}}}\n' "$(json_list mask_paths ${set[org:mask]})" \
    "$(json_list protect_paths ${set[org:protect]})" >"$d/orgs.json"
  if ! "$pp" validate --modules "$d/modules.json" --orgs "$d/orgs.json" --org acme 2>"$d/validate.err"; then
    return 0 # refused by validate: the rule says nothing
  fi
  # the checkout
  git init -q "$d/wt"; echo code >"$d/wt/main.c"
  local base=${pa%%/*}; base=${base%/}
  case $disk in
    file) echo S >"$d/wt/$base" ;;
    dir) mkdir -p "$d/wt/$base" && echo S >"$d/wt/$base/x" ;;
  esac
  git -C "$d/wt" add -A && git -C "$d/wt" commit -qm init
  local before; before=$(cd "$d/wt" && find . -path ./.git -prune -o -print | sort)
  if ! "$pp" prepare --worktree "$d/wt" --out "$d/vm" --modules "$d/modules.json" --orgs "$d/orgs.json" \
      --org acme 2>"$d/prepare.log"; then
    fail "$name: prepare: $(grep -v '"level":"info"' "$d/prepare.log" | tail -n1)"; return
  fi
  if [ "$(sort "$d/vm/path-policy" | uniq -d)" ]; then fail "$name: a line twice in the policy"; return; fi
  if ! unshare -m sh -c "mount --make-rprivate / && '$pp' enforce --root '$d/wt' --policy '$d/vm/path-policy'" \
      2>"$d/enforce.log"; then
    fail "$name: enforce did not boot: $(tail -n1 "$d/enforce.log")"; return
  fi
  if ! "$pp" release --worktree "$d/wt" --out "$d/vm" 2>"$d/release.log"; then
    fail "$name: release: $(tail -n1 "$d/release.log")"; return
  fi
  if [ "$(cd "$d/wt" && find . -path ./.git -prune -o -print | sort)" != "$before" ]; then
    fail "$name: release left the checkout changed"; return
  fi
  passed=$((passed + 1))
  rm -rf "$d"
}

srcs="builtin settings org"
acts="mask protect unmask"
# The shapes: the same path twice, and one covering the other. A built-in
# side uses a built-in's own path (.claude/ is protected, .env masked).
for disk in absent file dir; do
  for sa in $srcs; do for aa in $acts; do for sb in $srcs; do for ab in $acts; do
    for shape in same cover cover-rev; do
      if [ "$sa" = builtin ] || [ "$sb" = builtin ]; then
        # The built-in's kind is fixed: .claude/ protect, .env mask.
        bi=; [ "$sa" = builtin ] && bi=$aa; [ "$sb" = builtin ] && bi=$ab
        [ "$sa" = builtin ] && [ "$sb" = builtin ] && continue
        case $bi in mask) b=.env ;; protect) b=.claude ;; *) continue ;; esac
      else
        b=a; [ "$shape" != same ] && b=c
      fi
      case $shape in
        same) pa=$b pb=$b/ ;;
        cover) pa=$b/ pb=$b/x ;;
        cover-rev) pa=$b/x pb=$b/ ;;
      esac
      # a built-in names its path as the built-in list spells it
      [ "$sa" = builtin ] && pa=$b$([ "$b" = .claude ] && echo /)
      [ "$sb" = builtin ] && pb=$b$([ "$b" = .claude ] && echo /)
      [ "$disk" = file ] && [ "$shape" != same ] && continue # c/x cannot be under a file
      one "$sa" "$aa" "$pa" "$sb" "$ab" "$pb" "$disk"
    done
  done; done; done; done
done

echo "policy-boot: $passed passed, $failed failed, of $cases combinations"
[ "$failed" -eq 0 ]
