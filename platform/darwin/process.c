/* SPDX-License-Identifier: MIT */
/* No pidfds here; the poll backend binds nothing, so it needs none. */
#include <errno.h>

#include "platform.h"

int platform_git_processes(int **ret, size_t *ret_n) {
        (void) ret;
        (void) ret_n;
        return -ENOSYS;
}

int platform_process_exited(int pidfd) {
        (void) pidfd;
        return -ENOSYS;
}
