/* SPDX-License-Identifier: MIT */
/*
 * The test hooks the installed program does not have: linked only into
 * pathpolicy-hooks, the test build of the binary (tests/meson.build).
 * PATHPOLICY_TEST_CRASH_AFTER=N makes prepare die by SIGKILL after N
 * placeholders, so test-host.sh can show that release undoes a prepare
 * killed half-way. PATHPOLICY_TEST_LOCK_MS=N makes judge wait N ms, not
 * JUDGE_STATE_LOCK_MS, for a held state lock, so test-judge.sh checks the
 * wait without sitting through it.
 */
#include <stdlib.h>

#include "judge-run.h"

long host_test_crash_after(void);

long host_test_crash_after(void) {
        const char *s = getenv("PATHPOLICY_TEST_CRASH_AFTER");
        return s ? strtol(s, NULL, 10) : -1;
}

unsigned judge_test_lock_ms(void) {
        const char *s = getenv("PATHPOLICY_TEST_LOCK_MS");
        return s ? (unsigned) strtoul(s, NULL, 10) : JUDGE_STATE_LOCK_MS;
}
