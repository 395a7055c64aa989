#!/bin/sh
# The journald sink end to end: a record sent by log-emit is read back with
# journalctl, field by field. Needs root: a systemd-journald of the test's
# own, in a mount namespace of its own with its own /run (and /var/log/journal
# when there is one), so the machine's journal neither serves nor keeps the
# record, and a journald of the machine's is neither used nor disturbed.
# Usage: test-journal.sh LOG_EMIT
set -u
[ -n "${JOURNAL_TEST_TRACE:-}" ] && set -x
emit=$1
jd=/lib/systemd/systemd-journald
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root to start systemd-journald"; exit 77; fi
if [ ! -x "$jd" ]; then echo "FAIL: $jd missing (tools/bootstrap installs systemd)"; exit 1; fi
if [ -z "${PP_IN_NS:-}" ]; then exec unshare -m --propagation private env PP_IN_NS=1 "$0" "$@"; fi
mount -t tmpfs -o size=16m tmpfs /run || { echo "FAIL: cannot mount a /run of the test's own"; exit 1; }
if [ -d /var/log/journal ]; then mount -t tmpfs -o size=16m tmpfs /var/log/journal || exit 1; fi

started=""
cleanup() { [ -n "$started" ] && kill "$started" 2>/dev/null && wait "$started" 2>/dev/null; }
trap cleanup EXIT
"$jd" >/dev/null 2>&1 &
started=$!
for _ in $(seq 100); do [ -S /run/systemd/journal/socket ] && break; sleep 0.05; done

marker="test-$$-$(date +%s%N)"
"$emit" "$marker" || { echo "FAIL: log-emit exited $?"; exit 1; }

out=""
for _ in $(seq 100); do
  out=$(journalctl -q -o export "PATHPOLICY_MARKER=$marker" 2>/dev/null)
  [ -n "$out" ] && break
  sleep 0.05
done
passed=0 failed=0
for want in \
  "MESSAGE=path policy: could not bind sub/.env (mask-file): Permission denied" \
  "PRIORITY=4" \
  "SYSLOG_IDENTIFIER=pathpolicy" \
  "PATHPOLICY_EVENT=bind-failed" \
  "PATHPOLICY_PATH=sub/.env" \
  "PATHPOLICY_ERRNO=13" \
  "PATHPOLICY_SEQ=1"; do
  if printf '%s\n' "$out" | grep -qxF "$want"; then passed=$((passed + 1)); else
    echo "FAIL: journal entry lacks '$want'"; failed=$((failed + 1)); fi
done
[ "$failed" -eq 0 ] || printf '%s\n' "$out" | sed 's/^/  journal: /'
echo "journal: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
