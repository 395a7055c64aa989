/* SPDX-License-Identifier: MIT */
#include "platform.h"

const char *platform_backend_name(void) {
        return "inotify";
}
