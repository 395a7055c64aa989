/* SPDX-License-Identifier: MIT */
#include "platform.h"

/* Portable POSIX: this file also builds on Linux with -Dbackend=poll. */

const char *platform_backend_name(void) {
        return "poll";
}
