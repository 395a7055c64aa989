#!/usr/bin/env bash
# git's own test suite as the oracle for git under the daemon: the test scripts
# of exactly the installed git's version, run against the installed git
# (GIT_TEST_INSTALLED=/usr/bin) plain, under `pathpolicy watch` (bind mode) and
# under `watch --git-config audit`, and the results compared test by test.
# Nothing of git's is kept in this repository: its source comes from Debian's
# source package. Root only; each run of a script is in a mount and PID
# namespace of its own, on a tmpfs, the trash directory inside the watched
# workspace (git's harness: --root=DIR).
#
# Usage: tests/git-suite.sh [OPTIONS] PATHPOLICY [SCRIPT...]
#        tests/git-suite.sh --lint FILE   (anyone) check an expectations file's form
#   SCRIPT         a test script's name (t7400-submodule-basic; default: the
#                  scripts of the expectations file)
#   --expect FILE  the expected differences of each mode (default
#                  tests/data/git-suite-expect.tsv): a new difference, or an expected
#                  one that no longer differs, fails
#   --write-expect write the differences of the modes run, classified, to the
#                  expectations file instead of checking them (review it before
#                  committing; an audit-diff line's class written by hand is kept)
#   --results FILE the per-script counts as a TSV (tools/git-matrix-table renders it:
#                  tools/git-matrix-table --marker git-suite --write doc/git.md FILE)
#   --modes LIST   plain,bind,audit (default: all three)
#   --jobs N       scripts run side by side (default 1: git's scripts are CPU-heavy)
#   --src DIR      where git's source is unpacked and test-tool built (default
#                  /tmp/pathpolicy-git-suite; kept between runs, keyed by version)
#   --keep DIR     each run's TAP output and the daemon's log, kept there
#   --compare DIR  run nothing: compare (or --write-expect from) the runs kept in DIR
#   --userns UID   run each script in a user namespace owned by UID (root inside): the
#                  daemon's inotify watches are then charged to UID, not to root, whose
#                  fs.inotify.max_user_watches every root process on the machine shares
#
# What it needs (Debian 12): dpkg-dev (dpkg-source), make, gcc, zlib1g-dev and
# Debian's source index (a deb-src line: the runner adds its own, in a private
# apt configuration below --src, from the machine's deb lines).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src_root=$(dirname "$here")

usage() { sed -n '/^# Usage:/,/^# What it needs/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

# --- one run: MODE SCRIPT OUTDIR, in its own namespace --------------------------
# The daemon (bind, audit) watches $ws; the harness puts its trash directory
# there. The run's TAP output (-v: each test's output too, for classifying) goes
# to OUTDIR/SCRIPT.MODE.tap, and what the daemon did to OUTDIR/SCRIPT.MODE.meta.
inner() {
  local mode=$1 script=$2 out=$3 pp=$4 gitdir=$5 base ws log daemon= rc t0
  mount --make-rprivate / || exit 1
  # The random part of its name without digits: git's tests rewrite
  # absolute paths with patterns (t2401's `sed s/w2/w1/`), and a name holding
  # "w2" failed that test without the daemon (CI: plain fail, bind ok).
  while base=$(mktemp -d /tmp/pathpolicy-gs-XXXXXX) || exit 1; [[ ${base##*-} == *[0-9]* ]]; do
    rmdir "$base"
  done
  mount -t tmpfs -o size=1g tmpfs "$base" || exit 1
  ws=$base/ws log=$base/watch.log
  mkdir "$ws" "$base/out"
  if [ "$mode" != plain ]; then
    local extra=()
    [ "$mode" = audit ] && extra=(--git-config audit)
    : >"$log"
    "$pp" watch "$ws" "${extra[@]}" --log-format json 2>"$log" &
    daemon=$!
    for ((i = 0; i < 200; i++)); do grep -q '"event":"watch-ready"' "$log" && break; sleep 0.05; done
    grep -q '"event":"watch-ready"' "$log" || { echo "daemon-ready	0" >"$out/$script.$mode.meta"; cat "$log" >&2; exit 1; }
  fi
  t0=$EPOCHREALTIME
  # --debug keeps the trash directory: the harness would remove it, and
  # under the daemon its first rm -fr fails on the mounts and it tries
  # again after a sleep of 5 s. The runner removes it itself, below.
  (cd "$gitdir/t" && GIT_TEST_INSTALLED=/usr/bin TEST_OUTPUT_DIRECTORY=$base/out \
    timeout 1200 bash "./$script.sh" -v --debug --root="$ws") >"$out/$script.$mode.tap" 2>&1
  rc=$?
  local secs trash="$ws/trash directory.$script" first tries=0 t1
  secs=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  # rm -rf of the trash directory (a protected checkout): under the daemon
  # the first fails on its mounts, which it gives back at once; a second
  # rm -rf, right away or soon after, must succeed.
  rm -rf "$trash" 2>/dev/null
  first=$? t1=$EPOCHREALTIME
  while [ -d "$trash" ] && [ $tries -lt 500 ]; do
    sleep 0.01
    rm -rf "$trash" 2>/dev/null
    tries=$((tries + 1))
  done
  {
    printf 'seconds\t%s\n' "$secs"
    printf 'exit\t%s\n' "$rc"
    printf 'trash-first-rm\t%s\n' "$first"
    [ -d "$trash" ] && printf 'trash-removed\tno\n' || printf 'trash-removed\tyes\n'
    printf 'trash-ms\t%s\n' "$(awk -v a="$t1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", (b - a) * 1000 }')"
    if [ -n "$daemon" ]; then
      # The daemon must have lived through the script.
      if kill -0 "$daemon" 2>/dev/null; then printf 'daemon\talive\n'; else printf 'daemon\tdied\n'; fi
      kill "$daemon" 2>/dev/null
      wait "$daemon"
      printf 'daemon-exit\t%s\n' "$?"
      printf 'warnings\t%s\n' "$(grep -c '"level":"warn' "$log")"
      printf 'gitdir-refused\t%s\n' "$(grep -c '"event":"gitdir-refused"' "$log")"
      printf 'mounts-released\t%s\n' "$(grep -c '"event":"mounts-released"' "$log")"
      printf 'watch-limit\t%s\n' "$(grep -c '"event":"watch-warning".*"errno":28' "$log")"
      printf 'mount-kept\t%s\n' "$(grep -c '"event":"mount-kept"' "$log")"
      cp "$log" "$out/$script.$mode.log"
    fi
  } >"$out/$script.$mode.meta"
  umount -l "$base"
  rmdir "$base"
}
if [ "${1:-}" = --inner ]; then shift; inner "$@"; exit; fi

# --- --lint FILE: the expectations are well-formed (no root, no git source) -----
# Five tab-separated fields a line under the header; kinds script, diff and
# race (bind mode), audit-diff and audit-race (audit mode); a diff's class one
# of the four (or "A->B" for a result other than a failure); an audit-diff's
# one of hook, held, after or "key:NAME", the audit list's key whose removal
# the test stumbles on (git-audit.h's spelling, lower-case, "*" for a
# subsection); a race says why; each test once a mode, of a script a script
# line names.
if [ "${1:-}" = --lint ]; then
  [ $# -eq 2 ] || { echo "usage: $0 --lint FILE" >&2; exit 2; }
  awk -F'\t' '
    function bad(m) { printf "%s:%d: %s\n", FILENAME, NR, m; err = 1 }
    NR == 1 { if ($0 != "kind\tscript\ttest\tclass\ttitle") bad("not the header kind, script, test, class, title"); next }
    NF != 5 { bad("expected 5 tab-separated fields, found " NF); next }
    $2 !~ /^t[0-9][0-9][0-9][0-9]-[a-z0-9-]+$/ { bad("not a test script name: " $2); next }
    $1 == "script" { if (scripts[$2]++) bad("script named twice: " $2); next }
    $1 !~ /^(audit-)?(diff|race)$/ { bad("unknown kind: " $1); next }
    $3 !~ /^[1-9][0-9]*$/ { bad("not a test number: " $3); next }
    $1 == "diff" && $4 !~ /^(config|hook|held|after|[a-z]+->[a-z]+)$/ { bad("unknown class: " $4) }
    $1 == "audit-diff" && $4 !~ /^(hook|held|after|[a-z]+->[a-z]+|key:[a-z*]+(\.[a-z*]+)+)$/ { bad("unknown audit class: " $4) }
    $1 ~ /race$/ && length($4) < 10 { bad("a race says why it races: " $4) }
    seen[($1 ~ /^audit-/ ? "audit " : "bind ") $2 " " $3]++ { bad("test named twice in a mode: " $2 " " $3) }
    { used[$2] = NR }
    END {
      for (k in used) if (!(k in scripts)) { printf "%s: %s has tests but no script line\n", FILENAME, k; err = 1 }
      if (length(scripts) == 0) { printf "%s: no script\n", FILENAME; err = 1 }
      exit err
    }' "$2" || exit 1
  echo "git-suite: $2 is well-formed ($(grep -c '^script' "$2") scripts; bind: $(grep -c '^diff' "$2") expected differences, $(grep -c '^race' "$2") races; audit: $(grep -c '^audit-diff' "$2") expected differences, $(grep -c '^audit-race' "$2") races)"
  exit 0
fi

# --- options ---------------------------------------------------------------
expect=$src_root/tests/data/git-suite-expect.tsv write_expect= results= modes=plain,bind,audit jobs=1
srcdir=/tmp/pathpolicy-git-suite keep= userns= compare=
while [ $# -gt 0 ]; do
  case $1 in
    --expect) expect=$2; shift 2 ;;
    --write-expect) write_expect=1; shift ;;
    --results) results=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --src) srcdir=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --compare) compare=$2; shift 2 ;;
    --userns) userns=$2; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "git-suite: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage
pp=$(realpath "$1"); shift
if [ -z "$compare" ] && [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root: mounts, in a private mount and PID namespace"; exit 77; fi
scripts=("$@")
if [ ${#scripts[@]} -eq 0 ]; then
  mapfile -t scripts < <(awk -F'\t' 'NR > 1 && $1 == "script" { print $2 }' "$expect")
fi
[ ${#scripts[@]} -gt 0 ] || { echo "git-suite: no scripts to run" >&2; exit 2; }
IFS=, read -ra MODES <<<"$modes"
if [[ ,$modes, == *,audit,* ]] && ! "$pp" watch --help 2>/dev/null | grep -q -- --git-config; then
  echo "audit: not available in this build"
  MODES=("${MODES[@]/audit/}")
fi

# --- git's source, of the installed version, and test-tool -----------------------
version=$(dpkg-query -W -f='${Version}' git) || { echo "git-suite: git is not installed from a package" >&2; exit 1; }
upstream=${version#*:} upstream=${upstream%%-*}
[ "$(git --version)" = "git version $upstream" ] ||
  { echo "git-suite: /usr/bin/git says '$(git --version)', the package $version" >&2; exit 1; }
# (no epoch: a colon in the path would split the harness's PATH)
gitdir=$srcdir/git-${version#*:}
fetch_source() {
  local apt=$srcdir/apt f
  mkdir -p "$apt/etc" "$apt/lists/partial" "$apt/cache/archives/partial" || return
  # The machine's deb lines as deb-src lines, in an apt configuration of our
  # own: nothing of the machine's is changed.
  : >"$apt/etc/src.list"
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && sed -n 's/^deb \(.*\)/deb-src \1/p' "$f" >>"$apt/etc/src.list"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed 's/^Types: *deb$/Types: deb-src/' "$f" >"$apt/etc/$(basename "$f")"
  done
  local opts=(-o Dir::Etc::SourceList="$apt/etc/src.list" -o Dir::Etc::SourceParts="$apt/etc"
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache")
  apt-get "${opts[@]}" -qq update || return
  (cd "$srcdir" && apt-get "${opts[@]}" -qq source --download-only "git=$version") || return
  rm -rf "$gitdir.tmp"
  dpkg-source -x "$srcdir/git_${version#*:}.dsc" "$gitdir.tmp" >/dev/null || return
  mv "$gitdir.tmp" "$gitdir"
}
build_tools() {
  # Only the test helpers and the templates: git itself is the installed one.
  make -C "$gitdir" -s -j"$(nproc)" NO_CURL=1 NO_EXPAT=1 NO_GETTEXT=1 NO_TCLTK=1 NO_PYTHON=1 \
    t/helper/test-tool t/helper/test-fake-ssh GIT-BUILD-OPTIONS >"$srcdir/build.log" 2>&1 &&
    make -C "$gitdir/templates" -s SHELL_PATH=/bin/sh PERL_PATH=/usr/bin/perl >>"$srcdir/build.log" 2>&1 ||
    { tail -n 20 "$srcdir/build.log"; return 1; }
}
[ -n "$compare" ] || mkdir -p "$srcdir"
if [ -n "$compare" ]; then
  : # nothing is run
elif [ ! -d "$gitdir" ]; then
  echo "git-suite: fetching git $version's source"
  fetch_source || { echo "git-suite: could not get git $version's source package" >&2; exit 1; }
fi
if [ -z "$compare" ] && { [ ! -x "$gitdir/t/helper/test-tool" ] || [ ! -d "$gitdir/templates/blt" ]; }; then
  echo "git-suite: building test-tool and the templates"
  build_tools || { echo "git-suite: could not build test-tool" >&2; exit 1; }
fi
for s in "${scripts[@]}"; do
  [ -n "$compare" ] || [ -f "$gitdir/t/$s.sh" ] || { echo "git-suite: git $version has no test script $s" >&2; exit 1; }
done

# --- the runs ----------------------------------------------------------------
if [ -n "$compare" ]; then
  out=$compare keep=$compare
  # The modes the kept run ran (its first script's TAP files).
  for i in "${!MODES[@]}"; do
    [ -z "${MODES[$i]}" ] || [ -f "$out/${scripts[0]}.${MODES[$i]}.tap" ] || MODES[i]=
  done
else
  out=${keep:-$(mktemp -d /tmp/pathpolicy-gs-out-XXXXXX)}
fi
mkdir -p "$out"
[ -z "$userns" ] || chmod 1777 "$out"
[ -n "$keep" ] || trap 'rm -rf "$out"' EXIT
t0=$SECONDS
cpu0=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
runs=()
for s in "${scripts[@]}"; do for m in "${MODES[@]}"; do [ -n "$m" ] && [ -z "$compare" ] && runs+=("$m $s"); done; done
running=0
for r in "${runs[@]}"; do
  read -r m s <<<"$r"
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  if [ -n "$userns" ]; then
    setpriv --reuid="$userns" --regid="$userns" --clear-groups \
      unshare -U -r -m -p -f --mount-proc "$0" --inner "$m" "$s" "$out" "$pp" "$gitdir" &
  else
    unshare -m -p -f --mount-proc "$0" --inner "$m" "$s" "$out" "$pp" "$gitdir" &
  fi
  running=$((running + 1))
done
wait
cpu=$(awk -v t0="$cpu0" '{ printf "%.0f", ($14 + $15 + $16 + $17 - t0) / 100 }' /proc/$$/stat)
echo "git-suite: ${#runs[@]} runs of ${#scripts[@]} scripts in $((SECONDS - t0)) s, $cpu s of CPU"

# --- the results -------------------------------------------------------------
# tap FILE: one line per test, "N<TAB>STATUS<TAB>TITLE<TAB>CLASS": STATUS ok,
# fail, skip or todo; CLASS, for a failure, from what the test printed: a
# refused config write, a refused hook write, a held mount, or none of them
# (after: a consequence of an earlier refusal).
tap() {
  awk '
    function flush(n, st, title) {
      cls = "-"
      if (st == "fail")
        cls = config ? "config" : hook ? "hook" : held ? "held" : "after"
      gsub(/\t/, " ", title)
      printf "%s\t%s\t%s\t%s\n", n, st, title, cls
      config = hook = held = 0
    }
    /^ok [0-9]+ # skip/ { n = $2; t = $0; sub(/^ok [0-9]+ # skip /, "", t); flush(n, "skip", t); next }
    /^ok [0-9]+ - / { n = $2; t = $0; sub(/^ok [0-9]+ - /, "", t); flush(n, "ok", t); next }
    /^not ok [0-9]+ - .*# TODO/ { n = $3; t = $0; sub(/^not ok [0-9]+ - /, "", t); sub(/ # TODO.*/, "", t); flush(n, "todo", t); next }
    /^not ok [0-9]+ - / { n = $3; t = $0; sub(/^not ok [0-9]+ - /, "", t); flush(n, "fail", t); next }
    # git refusing its own config write (config, branch, remote, submodule, ...)
    /could not (lock|write|commit) config|config file .*: (Device or resource busy|Read-only)|unable to write upstream/ { config = 1 }
    # a hook written into a protected hooks/ (the shell or git saying so; rm is apart)
    !/^rm: / && /hooks\// && /Read-only file system|Permission denied|Device or resource busy/ { hook = 1 }
    # a hook written into hooks/ that the daemon took out at once (audit mode):
    # the test'"'"'s chmod, or its cleanup'"'"'s rm, finds it gone
    /hooks\/[^ ]*: No such file or directory/ { hook = 1 }
    # a delete that stops at the daemon'"'"'s mounts
    /^rm: cannot remove|Device or resource busy|Directory not empty/ { held = 1 }' "$1"
}
meta() { awk -F'\t' -v k="$2" '$1 == k { print $2 }' "$1" 2>/dev/null; }

fails=()
# The expectations, a mode each: "diff" lines (bind mode; "audit-diff",
# audit mode), tests that must differ from plain, with their class; "race"
# lines ("audit-race"), tests that may or may not (each says why): counted,
# never failing. "script" lines name the scripts a run without SCRIPT
# arguments runs. The arrays are keyed "MODE SCRIPT N".
declare -A expected=() race=() got=()
if [ -f "$expect" ]; then
  while IFS=$'\t' read -r kind a b c _; do
    case $kind in
      diff) expected["bind $a $b"]=$c ;;
      race) race["bind $a $b"]=$c ;;
      audit-diff) expected["audit $a $b"]=$c ;;
      audit-race) race["audit $a $b"]=$c ;;
    esac
  done <"$expect"
fi
ran() { [[ " ${scripts[*]} " == *" $1 "* ]]; }
has_mode() { [[ " ${MODES[*]} " == *" $1 "* ]]; }
table=$(mktemp) newexp=$(mktemp)
printf 'script\tplain ok\tbind ok\tbind differ\tconfig\thook\theld\tafter\taudit ok\taudit differ\taudit key\taudit hook\taudit held\taudit after\n' >"$table"
declare -A raced=([bind]=0 [audit]=0)
for s in "${scripts[@]}"; do
  declare -A P=()
  plain_ok=0
  while IFS=$'\t' read -r n st title cls; do
    P[$n]=$st
    [ "$st" = ok ] && plain_ok=$((plain_ok + 1))
  done < <(tap "$out/$s.plain.tap")
  [ "$plain_ok" -gt 0 ] || fails+=("$s: the plain run passed no test (exit $(meta "$out/$s.plain.meta" exit))")
  row=("$s" "$plain_ok")
  for m in bind audit; do
    if ! has_mode "$m"; then
      row+=(- - - - - -)
      continue
    fi
    [ "$(meta "$out/$s.$m.meta" daemon)" = alive ] || fails+=("$s ($m): the daemon did not live through the script")
    # Out of inotify watches (fs.inotify.max_user_watches is shared by
    # every process of the user), the daemon polls: another run.
    [ "$(meta "$out/$s.$m.meta" watch-limit)" = 0 ] ||
      fails+=("$s ($m): the daemon ran out of inotify watches (max_user_watches, shared by the user's processes): not comparable")
    # A checkout moved with mv takes the daemon's mounts along, and the
    # daemon gives back a mount only where it made it (mount-kept, by
    # design: doc/guest.md): such a trash directory stays until unbind.
    if [ "$(meta "$out/$s.$m.meta" trash-removed)" != yes ] && [ "$(meta "$out/$s.$m.meta" mount-kept)" = 0 ]; then
      fails+=("$s ($m): its trash directory could not be removed within 5 s of the first rm -rf")
    fi
    ok=0 differ=0
    # bind: config, hook, held, after; audit: key (an audit-diff line's
    # key:NAME: a key the audit list took out), hook, held, after.
    declare -A C=([config]=0 [key]=0 [hook]=0 [held]=0 [after]=0)
    while IFS=$'\t' read -r n st title cls; do
      [ "$st" = ok ] && ok=$((ok + 1))
      [ "$st" = "${P[$n]:-missing}" ] && continue
      differ=$((differ + 1))
      [ "$st" = fail ] || cls="${P[$n]:-missing}->$st"
      # A key taken out leaves no message of its own: its class is the
      # expectations' (written by hand, kept by --write-expect).
      [ "$m" = audit ] && [[ ${expected["audit $s $n"]:-} == key:* ]] && [ "$st" = fail ] &&
        cls=${expected["audit $s $n"]}
      C[${cls%%:*}]=$((${C[${cls%%:*}]:-0} + 1))
      got["$m $s $n"]=1
      if [ -n "${race["$m $s $n"]:-}" ]; then raced[$m]=$((raced[$m] + 1)); continue; fi
      printf '%s\t%s\t%s\t%s\t%s\n' "$([ "$m" = audit ] && echo audit-diff || echo diff)" "$s" "$n" "$cls" "$title" >>"$newexp"
      [ -n "$write_expect" ] || [ -n "${expected["$m $s $n"]:-}" ] ||
        fails+=("$s: test $n differs under the daemon ($m mode), unexpectedly (${P[$n]:-missing} -> $st, $cls): $title")
    done < <(tap "$out/$s.$m.tap")
    row+=("$ok" "$differ")
    if [ "$m" = bind ]; then row+=("${C[config]}" "${C[hook]}" "${C[held]}" "${C[after]}"); else row+=("${C[key]}" "${C[hook]}" "${C[held]}" "${C[after]}"); fi
    unset C
  done
  (IFS=$'\t'; echo "${row[*]:-}") >>"$table"
  unset P
done
if [ -z "$write_expect" ]; then
  for k in "${!expected[@]}"; do
    read -r m s n <<<"$k"
    { has_mode "$m" && ran "$s"; } || continue
    [ -n "${got[$k]:-}" ] || fails+=("$s test $n: expected to differ under the daemon ($m mode: ${expected[$k]}), it no longer does")
  done
fi
# The totals, as a last row (a column with a "-" stays "-").
awk -F'\t' -v OFS='\t' 'NR > 1 { for (i = 2; i <= NF; i++) { if ($i == "-") dash[i] = 1; t[i] += $i } n = NF }
  END { printf "**total**"; for (i = 2; i <= n; i++) printf "\t%s", dash[i] ? "-" : "**" t[i] "**"; print "" }' "$table" >>"$table"
cat "$table"
declare -A secs=([plain]=0 [bind]=0 [audit]=0)
for s in "${scripts[@]}"; do
  for m in plain bind audit; do
    has_mode "$m" || continue
    secs[$m]=$(awk -v a="${secs[$m]}" -v b="$(meta "$out/$s.$m.meta" seconds)" 'BEGIN { print a + b }')
  done
done
echo "git-suite: the scripts took ${secs[plain]} s plain, ${secs[bind]} s under watch, ${secs[audit]} s under watch --git-config audit (wall, summed; side by side with --jobs)"
for s in "${scripts[@]}"; do
  for m in "${MODES[@]}"; do
    [ -n "$m" ] && [ "$m" != plain ] || continue
    f=$out/$s.$m.meta
    printf '%s (%s): %s warnings, %s gitdir-refused, %s mounts-released, %s mount-kept; rm -rf of the trash: %s\n' \
      "$s" "$m" "$(meta "$f" warnings)" "$(meta "$f" gitdir-refused)" "$(meta "$f" mounts-released)" \
      "$(meta "$f" mount-kept)" "$(if [ "$(meta "$f" trash-first-rm)" = 0 ]; then echo "succeeded"
        elif [ "$(meta "$f" trash-removed)" = yes ]; then echo "failed, a second one succeeded $(meta "$f" trash-ms) ms later"
        else echo "failed, and it is still there (mount-kept)"; fi)"
  done
done
for m in bind audit; do
  has_mode "$m" || continue
  known=0
  for k in "${!race[@]}"; do [[ $k == "$m "* ]] && known=$((known + 1)); done
  echo "git-suite: $known test(s) known to race in $m mode; ${raced[$m]} of them differed in this run"
done
[ -z "$results" ] || cp "$table" "$results"
if [ -n "$write_expect" ]; then
  # Scripts and modes not run keep their lines; race lines stay (they are
  # written by hand).
  {
    printf 'kind\tscript\ttest\tclass\ttitle\n'
    {
      [ -f "$expect" ] && awk -F'\t' 'NR > 1' "$expect" | while IFS= read -r l; do
        IFS=$'\t' read -r kind s _ <<<"$l"
        m=bind
        [[ $kind == audit-* ]] && m=audit
        if [[ $kind == *race ]] || [ "$kind" = script ] || ! ran "$s" || ! has_mode "$m"; then printf '%s\n' "$l"; fi
      done
      for s in "${scripts[@]}"; do printf 'script\t%s\t\t\t\n' "$s"; done
      cat "$newexp"
    } | sort -u -t$'\t' -k2,2 -k1,1r -k3,3n
  } >"$expect.tmp" && mv "$expect.tmp" "$expect"
  echo "git-suite: wrote $(wc -l <"$newexp") expected differences to $expect (review them)"
fi
rm -f "$table" "$newexp"
if [ ${#fails[@]} -gt 0 ]; then
  printf 'FAIL: %s\n' "${fails[@]}"
  exit 1
fi
echo "git-suite: every difference as expected"
