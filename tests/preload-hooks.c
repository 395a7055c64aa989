/* SPDX-License-Identifier: MIT */
/*
 * The test hooks (tests/hooks.c, test-enforce-root's race hook) in a library
 * of their own, for test-no-hooks.sh to preload into the installed program:
 * taken, either kills it (prepare before its first placeholder, a bind
 * before it attaches). The program must take neither.
 */
#include <signal.h>

long host_test_crash_after(void);
void mount_engine_race_hook(void);

long host_test_crash_after(void) {
        return 0;
}

void mount_engine_race_hook(void) {
        raise(SIGKILL);
}
