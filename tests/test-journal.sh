#!/bin/sh
# The journald sink end to end: a record sent by log-emit is read back with
# journalctl, field by field. Needs root, to start systemd-journald when
# none runs (as in CI's fresh machine); it stops only what it started.
# Usage: test-journal.sh LOG_EMIT
set -u
[ -n "${JOURNAL_TEST_TRACE:-}" ] && set -x
emit=$1
jd=/lib/systemd/systemd-journald
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: needs root to start systemd-journald"; exit 77; fi
if [ ! -x "$jd" ]; then echo "FAIL: $jd missing (tools/bootstrap installs systemd)"; exit 1; fi

started=""
cleanup() { [ -n "$started" ] && kill "$started" 2>/dev/null && wait "$started" 2>/dev/null; }
trap cleanup EXIT
# A socket file alone proves nothing (a journald that died leaves it): look
# for the process (its name is cut to 15 characters), and give one that is
# still stopping time to go.
for _ in $(seq 30); do
  pid=$(pgrep -x systemd-journal | head -n 1)
  [ -z "$pid" ] && break
  [ "$(ps -o stat= -p "$pid" 2>/dev/null | cut -c1)" != "Z" ] && [ -S /run/systemd/journal/socket ] && break
  sleep 0.1
done
if ! pgrep -x systemd-journal >/dev/null 2>&1; then
  rm -f /run/systemd/journal/socket
  "$jd" >/dev/null 2>&1 &
  started=$!
  for _ in $(seq 50); do [ -S /run/systemd/journal/socket ] && break; sleep 0.1; done
fi

marker="test-$$-$(date +%s%N)"
"$emit" "$marker" || { echo "FAIL: log-emit exited $?"; exit 1; }

out=""
for _ in $(seq 50); do
  out=$(journalctl -q -o export "PATHPOLICY_MARKER=$marker" 2>/dev/null)
  [ -n "$out" ] && break
  sleep 0.1
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
