#!/bin/sh
# The CLI as a user meets it: exit codes, what goes to stdout and to stderr.
# Usage: test-cli.sh PATHPOLICY SOURCE_ROOT
set -u
pp=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# run RC CMD...: run CMD, keep its stdout/stderr in $tmp/out, $tmp/err, and
# check its exit code.
run() {
  want=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ "$got" -ne "$want" ]; then
    echo "FAIL: exit $got, wanted $want: $*"; sed 's/^/  stderr: /' "$tmp/err"
    failed=$((failed + 1)); return 1
  fi
  passed=$((passed + 1))
}
# contains FILE TEXT: a line of FILE has the fixed string TEXT (grep -qF),
# read by the shell: a grep is a process, ~4 ms here, and the files are
# short (a verb's --help at most).
contains() {
  while IFS= read -r l || [ -n "$l" ]; do
    case $l in *"$2"*) return 0 ;; esac
  done <"$1"
  return 1
}
# has FILE TEXT: FILE (out or err) contains the fixed string TEXT.
has() {
  if contains "$tmp/$1" "$2"; then passed=$((passed + 1)); else
    echo "FAIL: $1 lacks '$2'"; sed "s/^/  $1: /" "$tmp/$1"; failed=$((failed + 1)); fi
}
empty() {
  if [ ! -s "$tmp/$1" ]; then passed=$((passed + 1)); else
    echo "FAIL: $1 not empty"; sed "s/^/  $1: /" "$tmp/$1"; failed=$((failed + 1)); fi
}
same() { # same FILE EXPECTED_FILE
  if cmp -s "$tmp/$1" "$2"; then passed=$((passed + 1)); else
    echo "FAIL: $1 differs from $2"; diff -u "$2" "$tmp/$1" | head -40; failed=$((failed + 1)); fi
}

# --- the binary and every verb's --help
run 0 "$pp" --version && has out "pathpolicy "
run 0 "$pp" --help && has out "Usage: pathpolicy VERB"
# No arguments: the overview, on stdout, exit 0: every verb in it, and the
# first command it says to try works as written.
verbs=$("$pp" --help | awk '/^Verbs:/ { f = 1; next } f && /^  [a-z]/ { print $1 }')
run 0 "$pp" && has out "in the order a colony meets them" && empty err
for verb in $verbs; do has out "  $verb "; done
[ "$(echo "$verbs" | wc -l)" -ge 12 ] && passed=$((passed + 1)) || { echo "FAIL: --help lists $verbs"; failed=$((failed + 1)); }
first=$(awk '/^Try first/ { getline; print; exit }' "$tmp/out")
[ "$first" = "  pathpolicy resolve" ] && passed=$((passed + 1)) || { echo "FAIL: first try is '$first'"; failed=$((failed + 1)); }
second=$(awk '/^Try first/ { getline; getline; getline; print; exit }' "$tmp/out")
[ "$second" = "  pathpolicy status" ] && passed=$((passed + 1)) || { echo "FAIL: second try is '$second'"; failed=$((failed + 1)); }
run 0 "$pp" resolve && has out "mask .env"
# (cd, not pushd: this is /bin/sh, dash on Debian, which has no pushd.)
here=$(pwd)
cd "$tmp" && run 0 "$pp" status && empty err
cd "$here" || exit 1
run 2 "$pp" no-such-verb && has err "unknown verb 'no-such-verb'"
for verb in $verbs; do
  run 0 "$pp" "$verb" --help && has out "Usage: pathpolicy $verb" && has out "Exit status"
  run 2 "$pp" "$verb" --no-such-option && has err "Try 'pathpolicy $verb --help'"
  # One line for a bad option, ours, naming it (getopt says nothing of its own).
  has err "pathpolicy $verb: unknown option '--no-such-option'"
  lines=$(wc -l <"$tmp/err")
  if [ "$lines" -eq 2 ]; then passed=$((passed + 1)); else
    echo "FAIL: $verb --no-such-option: $lines lines on stderr, wanted the error and the hint"; failed=$((failed + 1)); fi
  run 2 "$pp" "$verb" -Z && has err "pathpolicy $verb: unknown option '-Z'"
done
run 2 "$pp" confine --root && has err "pathpolicy confine: option '--root' needs a value"

run 2 "$pp" unbind && has err "--worktree DIR is required"
run 2 "$pp" unbind --root a extra && has err "unexpected argument"

# --- builtins
run 0 "$pp" builtins && same out "$src/tests/data/builtins.txt"
run 0 "$pp" builtins --json && has out '"mask": [' && has out '".git/hooks/"'

# --- validate: every rule refused, with its reason; valid entries pass quietly
run 0 "$pp" validate --mask .env config/secrets.yml "dir with spaces/" --protect .git/config .git/hooks/ --unmask .env
empty out; empty err
run 3 "$pp" validate --mask ''
has err "pathpolicy: refused mask entry '': empty entry"
while IFS='|' read -r entry reason; do
  run 3 "$pp" validate --protect "$entry"
  has err "pathpolicy: refused protect entry '$entry': $reason"
  empty out
done <<'CASES'
/|the worktree root itself
.|the worktree root itself
/etc/x|absolute path
 lead|leading or trailing whitespace
trail |leading or trailing whitespace
./a|'.' or '..' component
a/../b|'.' or '..' component
a//b|empty component
a:b|':' or ','
a,b|':' or ','
CASES
run 3 "$pp" validate --unmask "$(printf 'a\001b')" && has err "refused unmask entry 'a\\x01b': control character"
run 3 "$pp" validate --mask "$(printf 'a\tb')" && has err "refused mask entry 'a\\tb': control character"
c99=$(printf '%099d' 0)
long=$c99/$c99/$c99/$c99/$c99/x  # 501 characters, no component over 255 bytes
run 3 "$pp" validate --mask "$long" && has err "longer than 500 characters"
run 0 "$pp" validate --mask "$c99/$c99/$c99/$c99/$c99/"
run 3 "$pp" validate --mask "$(printf '%0256d' 0)" && has err "a component longer than 255 bytes"
run 0 "$pp" validate --mask "$(printf '%0255d' 0)"
run 3 "$pp" validate --mask "$(printf 'a\342\200\256vne.')" && has err "bidirectional control character"
run 3 "$pp" validate --protect "$(printf 'a\302\205b')" && has err "control character"
run 3 "$pp" validate --mask .GIT/config && has err "masked entry under .git"
for g in .git .git/ .git/x a/.git/x; do
  run 3 "$pp" validate --mask "$g" && has err "refused mask entry '$g': masked entry under .git"
  run 0 "$pp" validate --protect "$g"
done
# One line per refusal, all of them, in order.
run 3 "$pp" validate --mask /a ok b//c --protect . fine
[ "$(wc -l <"$tmp/err")" -eq 3 ] && passed=$((passed + 1)) || { echo "FAIL: want 3 lines"; cat "$tmp/err"; failed=$((failed + 1)); }
# Usage errors.
run 2 "$pp" validate
run 2 "$pp" validate stray-entry && has err "needs --mask, --protect or --unmask"
run 2 "$pp" validate --orgs x --org a --org-typo 2>/dev/null
run 2 "$pp" validate --org acme && has err "--org needs --orgs"

# --- validate whole settings files
run 0 "$pp" validate --modules "$src/examples/modules.json" --orgs "$src/examples/orgs.json"
empty out; empty err
cat >"$tmp/bad.json" <<'JSON'
{
  "sandbox": {
    "mask_paths": ["ok", "/etc/x",
                   ".git/config"],
    "unmask_paths": ["a//b"]
  }
}
JSON
run 3 "$pp" validate --modules "$tmp/bad.json"
has err "$tmp/bad.json:3:26: refused mask entry '/etc/x' (sandbox.mask_paths[1]): absolute path"
has err "$tmp/bad.json:4:20: refused mask entry '.git/config' (sandbox.mask_paths[2]): masked entry under .git"
has err "$tmp/bad.json:5:22: refused unmask entry 'a//b' (sandbox.unmask_paths[0]): empty component"
printf '{"acme": {"path_policy": {"protect_paths": ["x", " y"]}}, "b": {"path_policy": {"mask_paths": ["z:"]}}}' >"$tmp/orgs.json"
run 3 "$pp" validate --orgs "$tmp/orgs.json"
has err "(acme.path_policy.protect_paths[1]): leading or trailing whitespace"
has err "(b.path_policy.mask_paths[0]): ':' or ','"
run 3 "$pp" validate --orgs "$tmp/orgs.json" --org acme
if grep -q "b.path_policy" "$tmp/err"; then echo "FAIL: --org acme checked org b"; failed=$((failed + 1)); else passed=$((passed + 1)); fi

# --- resolve
run 0 "$pp" resolve && same out "$src/tests/data/resolve-builtins.txt"
empty err
run 0 "$pp" resolve --modules "$src/examples/modules.json"
same out "$src/tests/data/resolve-modules.txt"
has err "pathpolicy: warning: unmask_paths opts out of masked .envrc: the colony can read it"
# acme re-masks .envrc: no opt-out warning any more.
run 0 "$pp" resolve --modules "$src/examples/modules.json" --orgs "$src/examples/orgs.json" --org acme --json
same out "$src/tests/data/resolve-acme.json"
empty err
run 0 "$pp" resolve --modules "$src/examples/modules.json" --orgs "$src/examples/orgs.json" --org acme --policy
same out "$src/tests/data/resolve-acme.policy"
# An org not in the file inherits.
run 0 "$pp" resolve --orgs "$src/examples/orgs.json" --org nobody && same out "$src/tests/data/resolve-builtins.txt"
# Dropped entries: a warning naming entry, place and reason; the rest applies.
run 0 "$pp" resolve --modules "$tmp/bad.json"
has out "mask ok"
has err "pathpolicy: warning: $tmp/bad.json:3:26: dropped mask entry '/etc/x' (sandbox.mask_paths[1]): absolute path"
# Files that are not valid JSON or have a field of the wrong type: exit 1,
# file:line:column and field on stderr, nothing on stdout.
printf '{\n "sandbox": {"mask_paths": [".a", 3]}}\n' >"$tmp/type.json"
run 1 "$pp" resolve --modules "$tmp/type.json" && empty out
has err "pathpolicy: $tmp/type.json:2:35: sandbox.mask_paths[1]: expected a string, found a number"
printf '{"sandbox": {"mask_paths": \n  [".a",]}}' >"$tmp/syntax.json"
run 1 "$pp" resolve --modules "$tmp/syntax.json" && empty out
has err "pathpolicy: $tmp/syntax.json:2:"
has err "not valid JSON"
printf '{"acme": {"path_policy": {"unmask_paths": [".env"]}}}' >"$tmp/unmask.json"
run 1 "$pp" resolve --orgs "$tmp/unmask.json" --org acme && empty out
has err "acme.path_policy.unmask_paths: an org has no unmask_paths"
run 1 "$pp" resolve --modules "$tmp/missing.json" && empty out
has err "$tmp/missing.json: cannot read: No such file or directory"
run 2 "$pp" resolve --org acme && has err "--orgs FILE and --org NAME go together"
run 2 "$pp" resolve --json --policy
run 2 "$pp" resolve extra-arg

# --- enforce: what can be checked without mounting (root or not)
run 2 "$pp" enforce && has err "--worktree DIR is required"
run 2 "$pp" enforce --root "$tmp" extra && has err "unexpected argument"
run 2 "$pp" enforce --root "$tmp" --log-level loud && has err "--log-level is one of debug, info, warn, error"
run 2 "$pp" enforce --root "$tmp" --log-queue-bytes 0 && has err "positive whole number"
# The policy is read first: a lost one fails closed, naming the file.
run 1 "$pp" enforce --root "$tmp" --policy "$tmp/lost" && empty out
has err "path policy: $tmp/lost: cannot read: No such file or directory"
printf 'mask-file .env\nhide x\n' >"$tmp/policy"
run 1 "$pp" enforce --root "$tmp" --policy "$tmp/policy" && has err "path policy: $tmp/policy:2: unknown kind 'hide'"
# Only a regular file is a policy: a fifo nobody writes is refused at once
# (timeout turns a hang into exit 124, and a failure here), as are a
# directory and a device.
mkfifo "$tmp/fifo"
run 1 timeout 5 "$pp" enforce --root "$tmp" --policy "$tmp/fifo" && empty out
has err "path policy: $tmp/fifo: cannot read: not a regular file (a fifo, a socket or a device)"
mkdir "$tmp/policy-dir"
run 1 "$pp" enforce --root "$tmp" --policy "$tmp/policy-dir"
has err "path policy: $tmp/policy-dir: cannot read: a directory, not a regular file"
run 1 timeout 5 "$pp" enforce --root "$tmp" --policy /dev/zero
has err "path policy: /dev/zero: cannot read: not a regular file"
# The settings files too.
run 1 timeout 5 "$pp" resolve --modules "$tmp/fifo" && empty out
has err "pathpolicy: $tmp/fifo: cannot read: not a regular file (a fifo, a socket or a device)"
run 1 timeout 5 "$pp" validate --orgs "$tmp/fifo"
has err "$tmp/fifo: cannot read: not a regular file"
# A million lines, the last one bad: read and refused, with its number.
awk 'BEGIN { for (i = 1; i < 1000000; i++) printf "mask-file d%d/f%d\n", i % 1000, i; print "mask-file a//b" }' >"$tmp/big"
run 1 "$pp" enforce --root "$tmp" --policy "$tmp/big"
has err "path policy: $tmp/big:1000000: invalid path 'a//b': empty component"
rm "$tmp/big"
: >"$tmp/policy"
backend=$("$pp" --version | sed -n 's/.*backend: \([a-z]*\).*/\1/p')
if [ "$backend" = poll ]; then
  # No bind mounts on this backend: enforce refuses rather than pretend.
  run 1 "$pp" enforce --root "$tmp" --policy "$tmp/policy"
  has err "path policy: cannot enforce: this platform has no bind mounts"
else
  # An empty policy binds nothing, and says so; JSON records on request.
  run 0 "$pp" enforce --root "$tmp" --policy "$tmp/policy" && has err "path policy: masking 0 path(s), protecting 0"
  run 0 "$pp" enforce --root "$tmp" --policy "$tmp/policy" --log-format json
  has err '"event":"enforce-done"' && has err '"masked":0'
  run 1 "$pp" enforce --root "$tmp/no-such-root" --policy "$tmp/policy" && has err "cannot open the root $tmp/no-such-root"
fi

# --- status: reads only; the poll build says it binds nothing
run 2 "$pp" status --root "$tmp" extra && has err "unexpected argument"
run 2 "$pp" status --json --json && has err "--json given twice"
run 2 "$pp" status --root "" && has err "--worktree needs a directory"
run 1 "$pp" status --root "$tmp/no-such" && empty out
has err "pathpolicy status: cannot open $tmp/no-such: No such file or directory"
mkdir "$tmp/st"
if [ "$backend" = poll ]; then
  run 0 "$pp" status --root "$tmp/st" && has out "this build makes no bind mounts (the poll backend only warns)"
  run 0 "$pp" status --root "$tmp/st" --json && has out '"mounts_supported": false'
else
  run 0 "$pp" status --root "$tmp/st" && has out "nothing is bound below " && empty err
  run 0 "$pp" status --root "$tmp/st" --json && has out '"mounts_supported": true' && has out '"bind_count": 0'
fi
# The default root is the current directory.
run 0 sh -c "cd '$tmp/st' && exec '$pp' status" && has out "/st"

# --- watch: usage, and failures that come before any watching
run 2 "$pp" watch && has err "the worktree DIR is required"
run 2 "$pp" watch "$tmp" extra && has err "unexpected argument"
run 2 "$pp" watch "$tmp" --backend nonesuch && has err "this build has no 'nonesuch' backend"
run 2 "$pp" watch "$tmp" --interval 0 && has err "--interval takes a positive whole number"
run 2 "$pp" watch "$tmp" --max-entries x && has err "--max-entries takes a positive whole number"
run 2 "$pp" watch "$tmp" --git-deadline 0 && has err "--git-deadline takes 1 to 86400 seconds"
run 2 "$pp" watch "$tmp" --git-config ro && has err "--git-config takes bind or audit"
run 2 "$pp" watch "$tmp" --mount-budget 0 && has err "--mount-budget takes a positive whole number"
run 2 "$pp" watch "$tmp" --mount-budget -3 && has err "--mount-budget takes a positive whole number"
run 1 "$pp" watch --root "$tmp" --policy "$tmp/lost" && has err "path policy: $tmp/lost: cannot read"
if [ "$backend" = poll ]; then
  # The poll build has nothing but the poller.
  run 2 "$pp" watch "$tmp" --backend inotify && has err "this build has no 'inotify' backend (it has auto and poll)"
else
  run 2 "$pp" watch "$tmp" --backend nonesuch && has err "(it has auto, fanotify, inotify and poll)"
fi
if [ "$backend" = poll ]; then
  :
elif [ "$(id -u)" -eq 0 ]; then
  run 1 "$pp" watch "$tmp/no-such-root" && has err "path policy: cannot watch $tmp/no-such-root: No such file or directory"
fi
# Without the privilege to mount: said once, at the start (as root, the
# capability is dropped first; as a user, it is not there).
if [ "$backend" != poll ]; then
  nocap=""
  [ "$(id -u)" -eq 0 ] && nocap="setpriv --bounding-set=-sys_admin --inh-caps=-sys_admin"
  mkdir -p "$tmp/np"; printf 'mask-file .env\n' >"$tmp/np.policy"; echo S >"$tmp/np/.env"
  run 1 $nocap "$pp" enforce --root "$tmp/np" --policy "$tmp/np.policy" &&
    has err "path policy: cannot enforce: no privilege to mount: pathpolicy needs CAP_SYS_ADMIN"
  if [ "$(grep -c 'no privilege' "$tmp/err")" -ne 1 ]; then echo "FAIL: the privilege said more than once"; failed=$((failed + 1)); fi
  run 1 $nocap "$pp" watch "$tmp/np" && has err "path policy: cannot watch: no privilege to mount"
  if grep -qF 'watching' "$tmp/err"; then echo "FAIL: watch said it was watching without the privilege"; failed=$((failed + 1)); fi
fi

# --- a mistyped --org is a warning naming the org and the file; coverage is a note
printf '{"acme": {"path_policy": {"mask_paths": ["deploy/keys.pem"]}}}' >"$tmp/orgs.json"
printf '{"sandbox": {"mask_paths": ["deploy/", "a", "a/"], "protect_paths": ["deploy/app.yml"]}}' >"$tmp/mods.json"
run 0 "$pp" resolve --orgs "$tmp/orgs.json" --org acmee && has err "pathpolicy: warning: $tmp/orgs.json has no org 'acmee': no org entries apply"
run 0 "$pp" validate --orgs "$tmp/orgs.json" --org acmee && has err "has no org 'acmee'"
run 0 "$pp" resolve --orgs "$tmp/orgs.json" --org acme --modules "$tmp/mods.json" &&
  has err "pathpolicy: note: mask entry 'deploy/keys.pem' dropped: the masked directory 'deploy/' covers it" &&
  has err "pathpolicy: note: protect entry 'deploy/app.yml' dropped" && has out "mask a/"
run 0 "$pp" resolve --orgs "$tmp/orgs.json" --org acme --modules "$tmp/mods.json" --json && has out '"covered"'
if grep -qx 'mask a' "$tmp/out"; then echo "FAIL: 'a' and 'a/' both resolved"; failed=$((failed + 1)); fi

# --- the man page: its generated sections (built-in lists, events) are up to date, and it renders clean
# (the synopsis, from each verb's --help; the built-in lists; the events)
gen=$("$src/tools/man-sections" "$pp" "$src/doc/log.md")
cur=$(sed -n '/^\.\\" generated synopsis: begin$/,/^\.\\" generated synopsis: end$/p' "$src/doc/pathpolicy.1" | sed '1d;$d'
  sed -n '/^\.\\" generated: begin$/,/^\.\\" generated: end$/p' "$src/doc/pathpolicy.1" | sed '1d;$d')
if [ -n "$gen" ] && [ "$gen" = "$cur" ]; then passed=$((passed + 1)); else
  echo "FAIL: doc/pathpolicy.1's generated sections are stale; run: tools/man-sections --write doc/pathpolicy.1 build/pathpolicy doc/log.md"
  failed=$((failed + 1)); fi
if command -v man >/dev/null 2>&1; then
  run 0 man --warnings -l "$src/doc/pathpolicy.1" && empty err
  for e in mounts-released skip-worktree covered .git-credentials attempts-capped judge; do
    grep -qF -- "$e" "$tmp/out" || { echo "FAIL: the man page lacks $e"; failed=$((failed + 1)); }
  done
fi

# --- each verb's usage (the man page's synopsis) names every option its --help lists: an option
# line's --NAME is in the Usage lines, or its group is ([LOG OPTIONS], [POLL OPTIONS], [POLICY])
for v in $("$pp" --help | awk '/^Verbs:/ { f = 1; next } f && /^  [a-z]/ { print $1 }'); do
  missing=$("$pp" "$v" --help | awk '
    /^Usage:/ { u = 1 } u && /^$/ { u = 0 } u { usage = usage " " $0; next }
    /^$/ { group = "" }
    /^[A-Z][A-Z ]*[A-Z]( \(.*\))?(, one of)?:$/ { group = $0; sub(/ *(\(.*\))?(, one of)?:$/, "", group); next }
    /^  (-[a-z], )?--[a-z]/ {
      o = $1 == "-h," ? $2 : $1
      if (o == "--help") next
      g = o ~ /^--log-/ ? "LOG OPTIONS" : group
      if (g != "" ? index(usage, "[" g "]") : index(usage " ", o " ") || index(usage, o "]") || index(usage, o "|")) next
      print o
    }')
  if [ -z "$missing" ]; then passed=$((passed + 1)); else
    echo "FAIL: pathpolicy $v --help lists options its usage lacks:" $missing; failed=$((failed + 1)); fi
done
# (that the man page's synopsis is this usage, the generated-parts check above says)

# --- one spelling for the worktree: --worktree on every verb that takes one; --root (and watch's
# DIR alone) the older spelling of the same option; both given is one option given twice
mkdir -p "$tmp/wt"
run 0 "$pp" status --worktree "$tmp/wt" && cp "$tmp/out" "$tmp/status.new"
run 0 "$pp" status --root "$tmp/wt" && cmp -s "$tmp/out" "$tmp/status.new" && passed=$((passed + 1)) ||
  { echo "FAIL: status --root and --worktree differ"; failed=$((failed + 1)); }
for v in enforce watch unbind judge status confine prepare release stage; do
  "$pp" "$v" --help | grep -q -- '--worktree DIR' && passed=$((passed + 1)) ||
    { echo "FAIL: $v --help lacks --worktree DIR"; failed=$((failed + 1)); }
  run 2 "$pp" "$v" --root "$tmp/wt" --worktree "$tmp/wt" && has err "--worktree (or --root) given twice"
  run 2 "$pp" "$v" --worktree "$tmp/wt" --worktree "$tmp/wt" && has err "given twice"
done
run 2 "$pp" watch --worktree "$tmp/wt" "$tmp/wt" && has err "unexpected argument"
run 1 "$pp" enforce --worktree "$tmp" --policy "$tmp/lost" && has err "$tmp/lost"
run 1 "$pp" enforce --root "$tmp" --policy "$tmp/lost" && has err "$tmp/lost"

# --- one way to show a name: enforce's record and validate's line agree; no library flag names
printf 'mask-file a\tb\n' >"$tmp/tab.policy"
run 1 "$pp" enforce --root "$tmp" --policy "$tmp/tab.policy" && has err "invalid path 'a\tb': control character"
run 3 "$pp" validate --mask "$(printf 'a\tb')" && has err "'a\tb': control character"
printf '{"sandbox": {"mask_paths": ["a\\u0000b"]}}' >"$tmp/nul.json"
run 1 "$pp" validate --modules "$tmp/nul.json" && has err "not valid JSON: a NUL character (\u0000) in a string"
if grep -q JSON_ "$tmp/err"; then echo "FAIL: a jansson flag name in a message"; failed=$((failed + 1)); fi

# --- arguments after --, options given twice or out of place, output that cannot be written
run 3 "$pp" validate --mask ok -- /y && has err "refused mask entry '/y': absolute path"
run 0 "$pp" validate --mask ok -- -x --y
run 3 "$pp" validate --protect a -- b //c && has err "refused protect entry '//c'"
run 2 "$pp" validate -- x && has err "an entry needs --mask, --protect or --unmask before it"
run 2 "$pp" validate --modules a --modules b && has err "--modules given twice"
run 2 "$pp" resolve --json --json && has err "--json given twice"
run 2 "$pp" builtins --json --json && has err "--json given twice"
run 2 "$pp" enforce --root a --root b && has err "--worktree (or --root) given twice"
run 2 "$pp" prepare --worktree a --out b --out c && has err "--out given twice"
run 2 "$pp" watch "$tmp" --backend poll --backend poll && has err "--backend given twice"
run 2 "$pp" watch "$tmp" --log-level info --log-level debug && has err "--log-level given twice"
if [ "$backend" != poll ]; then
  run 2 "$pp" watch "$tmp" --interval 5 && has err "--interval applies to the poll backend only (this is auto)"
  run 2 "$pp" watch "$tmp" --backend fanotify --interval 5 && has err "--interval applies to the poll backend only (this is fanotify)"
  run 2 "$pp" watch "$tmp" --backend inotify --max-depth 3 && has err "--max-depth applies to the poll backend only"
fi
if [ -w /dev/full ]; then
  run 1 sh -c "'$pp' resolve --json >/dev/full" && has err "pathpolicy: cannot write the output: No space left on device"
  run 1 sh -c "'$pp' builtins >/dev/full" && has err "cannot write the output"
  run 1 sh -c "'$pp' --help >/dev/full" && has err "cannot write the output"
  run 1 sh -c "'$pp' validate --mask ok --help >/dev/full" && has err "cannot write the output"
fi

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
