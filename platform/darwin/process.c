/* SPDX-License-Identifier: MIT */
/* No /proc and no pidfds here; the poll backend binds nothing, so the git
 * rule has nothing to wait for: it protects (warns) at once. */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "platform.h"

int platform_processes(const PlatformProcessBound *bound, PlatformProcess **ret, size_t *ret_n) {
        (void) bound;
        (void) ret;
        (void) ret_n;
        return -ENOSYS;
}

void platform_processes_free(PlatformProcess *p, size_t n) {
        (void) n;
        free(p);
}

uint64_t platform_boot_ms(void) {
        struct timespec ts;
        if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
                return 0;
        return (uint64_t) ts.tv_sec * 1000 + (uint64_t) ts.tv_nsec / 1000000;
}

int platform_pidfd(int pid, uint64_t start_ms) {
        (void) pid;
        (void) start_ms;
        return -ENOSYS;
}

int platform_process_exited(int pidfd) {
        (void) pidfd;
        return -ENOSYS;
}

int platform_mount_max(size_t *ret) {
        (void) ret;
        return -ENOSYS;
}
