#!/usr/bin/env bash
# The rule: if validate accepts the settings, prepare then enforce boot.
# Every combination of two entries, each from {built-in, settings, org} x
# {mask, protect, unmask}, on one path spelled twice (a, a/) or one covering
# the other (c/ over c/x, either order), with the path absent, a file, or a
# directory on disk: validate, resolve, prepare on a fresh checkout, enforce
# in a private mount namespace, release. Each must succeed, and no
# placeholder may be left behind.
# Two combinations that write byte-identical settings files for the same
# disk shape are one input (A and B swapped, when they go to different
# lists, or a built-in's side whose shape does not change its path): 420
# combinations are 215 inputs, each validated. Two inputs that resolve alike
# (resolve --json: every field of the resolution) on the same checkout are
# one boot: prepare loads the settings, resolves them and hands
# host_prepare() nothing but the checkout and that resolution, and enforce
# and release read only what prepare wrote and the checkout; so 93 boots
# are prepared, enforced and released. Each checkout is a copy of one made
# once per disk shape, and what the shell can do itself runs no process.
# The verbs run through VERB_BATCH (tests/verb-batch.c): the CLI's own
# code, each run in a child forked from one process, not a process
# executed each (a fork+exec is most of what this test would cost).
# Root only (enforce mounts). Usage: test-policy-boot.sh PATHPOLICY VERB_BATCH
set -u
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: enforce mounts"; exit 77; fi
pp=$1 vb=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
coproc VB { "$vb"; }
# run OUT ERR NS ARGS...: pathpolicy ARGS... with stdout to OUT and stderr
# to ERR ("-": /dev/null), in a private mount namespace when NS is "ns"
# (as unshare -m --propagation private); its exit status.
run() {
  local IFS=$'\t' rc
  printf '%s\n' "$*" >&"${VB[1]}"
  read -r rc <&"${VB[0]}" || { echo "FAIL: verb-batch is gone"; exit 1; }
  return "$rc"
}
# The driver is the CLI this build's pathpolicy is.
run "$work/version" - - --version; read -r v <"$work/version"
[ "$v" = "$("$pp" --version)" ] || { echo "FAIL: verb-batch says '$v', not pathpolicy's version"; exit 1; }
export GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.email t@example.invalid; git config --global user.name test
shopt -s globstar dotglob nullglob
passed=0 failed=0 cases=0 inputs=0 boots=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# json_list VAR NAME ENTRIES...: VAR="NAME": ["e1", ...]
json_list() {
  local -n out=$1; local n=$2 sep= e; shift 2
  out="\"$n\": ["; for e in "$@"; do out+="$sep\"$e\""; sep=', '; done; out+=']'
}
# listing VAR DIR: every path below DIR but .git's, sorted (the glob's order).
listing() {
  local -n out=$1; local p
  out=
  for p in "$2"/**; do
    p=${p#"$2"/}
    case $p in .git | .git/*) continue ;; esac
    out+="$p"$'\n'
  done
}
# template DISK BASE: the checkout for that shape, made once; its listing in LISTING[DISK:BASE].
declare -A LISTING
template() {
  local t=$work/tpl-$1-$2
  if [ -z "${LISTING[$1:$2]+x}" ]; then
    git init -q "$t"; echo code >"$t/main.c"
    case $1 in
      file) echo S >"$t/$2" ;;
      dir) mkdir -p "$t/$2" && echo S >"$t/$2/x" ;;
    esac
    git -C "$t" add -A && git -C "$t" commit -qm init
    listing "LISTING[$1:$2]" "$t"
  fi
  TEMPLATE=$t
}

# one SRC_A ACT_A PATH_A SRC_B ACT_B PATH_B DISK
#   SRC: builtin (PATH must be a built-in's), settings, org; ACT: mask, protect, unmask
#   DISK: absent, file, dir: what the first path's base ("a" or "c") is on disk
declare -A SEEN BOOTED
one() {
  local sa=$1 aa=$2 pa=$3 sb=$4 ab=$5 pb=$6 disk=$7 name
  cases=$((cases + 1)); name="$sa:$aa:$pa + $sb:$ab:$pb ($disk)"
  declare -A set=([settings:mask]= [settings:protect]= [settings:unmask]= [org:mask]= [org:protect]=)
  local s src act path
  for s in "$sa:$aa:$pa" "$sb:$ab:$pb"; do
    IFS=: read -r src act path <<<"$s"
    [ "$src" = builtin ] && continue
    [ "$src" = org ] && [ "$act" = unmask ] && return 0 # an org has no unmask_paths
    set[$src:$act]+=" $path"
  done
  local base=${pa%%/*}; base=${base%/}
  local m p u modules orgs
  # shellcheck disable=SC2086
  { json_list m mask_paths ${set[settings:mask]}; json_list p protect_paths ${set[settings:protect]}
    json_list u unmask_paths ${set[settings:unmask]}; }
  printf -v modules '{"sandbox": {%s, %s, %s}}' "$m" "$p" "$u"
  # shellcheck disable=SC2086
  { json_list m mask_paths ${set[org:mask]}; json_list p protect_paths ${set[org:protect]}; }
  printf -v orgs '{"acme": {"path_policy": {%s, %s}}}' "$m" "$p"
  # The same input as one already run: the same files on the same checkout.
  local key="$disk $base $modules $orgs"
  [ -n "${SEEN[$key]+x}" ] && return 0
  SEEN[$key]=1; inputs=$((inputs + 1))
  local d=$work/c$inputs; run mkdir "$d" "$d/vm"
  printf '%s\n' "$modules" >"$d/modules.json"; printf '%s\n' "$orgs" >"$d/orgs.json"
  if ! run - "$d/validate.err" - validate --modules "$d/modules.json" --orgs "$d/orgs.json" --org acme; then
    return 0 # refused by validate: the rule says nothing
  fi
  # The same resolution on the same checkout as a boot already run (a
  # resolve that fails is no resolution: that input is booted).
  local resolved
  if run "$d/resolved" - - resolve --modules "$d/modules.json" --orgs "$d/orgs.json" --org acme --json; then
    read -r -d '' resolved <"$d/resolved"
    key="$disk $base $resolved"
    if [ -n "${BOOTED[$key]+x}" ]; then
      if [ -z "${BOOTED[$key]}" ]; then passed=$((passed + 1)); else fail "$name: as ${BOOTED[$key]}"; fi
      return 0
    fi
  else
    key="$disk $base $modules $orgs (no resolution)"
  fi
  boots=$((boots + 1))
  # What failed, for the inputs that resolve alike; empty when it booted.
  BOOTED[$key]=$name
  boot && BOOTED[$key]=
}

# boot: prepare, enforce and release input $d on a fresh checkout ($disk, $base).
boot() {
  # the checkout: a copy of the shape's, made once
  template "$disk" "$base"
  cp -a "$TEMPLATE" "$d/wt"
  if ! run - "$d/prepare.log" - prepare --worktree "$d/wt" --out "$d/vm" --modules "$d/modules.json" \
      --orgs "$d/orgs.json" --org acme; then
    fail "$name: prepare: $(grep -v '"level":"info"' "$d/prepare.log" | tail -n1)"; return 1
  fi
  local line lines
  declare -A once=()
  mapfile -t lines <"$d/vm/path-policy"
  for line in "${lines[@]}"; do
    [ -z "$line" ] && continue
    [ -n "${once[$line]+x}" ] && { fail "$name: a line twice in the policy"; return 1; }
    once[$line]=1
  done
  # In a mount namespace of its own, its mounts private.
  if ! run - "$d/enforce.log" ns enforce --root "$d/wt" --policy "$d/vm/path-policy"; then
    fail "$name: enforce did not boot: $(tail -n1 "$d/enforce.log")"; return 1
  fi
  if ! run - "$d/release.log" - release --worktree "$d/wt" --out "$d/vm"; then
    fail "$name: release: $(tail -n1 "$d/release.log")"; return 1
  fi
  local after; listing after "$d/wt"
  if [ "$after" != "${LISTING[$disk:$base]}" ]; then
    fail "$name: release left the checkout changed"; return 1
  fi
  passed=$((passed + 1))
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

echo "policy-boot: $passed passed, $failed failed, of $cases combinations ($inputs distinct inputs, $boots boots)"
[ "$failed" -eq 0 ]
