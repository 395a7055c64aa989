/* SPDX-License-Identifier: MIT */
/* Confinement off Linux: there is none to make or to check (macOS's own
 * sandbox is the colony's, see the safehouse architecture). */
#include <errno.h>

#include "platform.h"

int platform_confine_check(int pid, const char *root, PlatformRoute **ret, size_t *ret_n) {
        (void) pid, (void) root, (void) ret, (void) ret_n;
        return -ENOSYS;
}

int platform_confine_spawn(const char *root, char *const *argv, int *ret_pid,
                           PlatformConfineStep *ret_step) {
        (void) root, (void) argv, (void) ret_pid;
        *ret_step = PLATFORM_CONFINE_NAMESPACES;
        return -ENOSYS;
}
