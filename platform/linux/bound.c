/* SPDX-License-Identifier: MIT */
/* What is bound below a directory, for status: the mount table, read once. */
#include <errno.h>
#include <stdio.h>

#include "mountinfo.h"
#include "platform.h"
#include "util.h"

int platform_bound(const char *root, void (*emit)(void *ctx, const char *path, PlatformBindKind kind),
                   void *ctx) {
        _cleanup_fclose_ FILE *f = fopen("/proc/self/mountinfo", "re");
        if (!f)
                return -errno;
        return mountinfo_bound(f, root, emit, ctx);
}
