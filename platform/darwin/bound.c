/* SPDX-License-Identifier: MIT */
/* No bind mounts here (the warn-only binder makes none), so nothing can be
 * bound below a directory: status says so rather than list nothing. */
#include <errno.h>

#include "platform.h"

int platform_bound(const char *root, void (*emit)(void *ctx, const char *path, PlatformBindKind kind),
                   void *ctx) {
        (void) root, (void) emit, (void) ctx;
        return -ENOSYS;
}
