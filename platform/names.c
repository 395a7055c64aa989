/* SPDX-License-Identifier: MIT */
/* Names for the contract's enums, shared by every backend. */
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"

static const char *const kind_table[_PLATFORM_BIND_KIND_MAX] = {
        [PLATFORM_MASK_FILE] = "mask-file",
        [PLATFORM_MASK_DIR] = "mask-dir",
        [PLATFORM_PROTECT] = "protect",
};

static const char *const step_table[_PLATFORM_STEP_MAX] = {
        [PLATFORM_STEP_NONE] = "none",     [PLATFORM_STEP_RESOLVE] = "resolve",
        [PLATFORM_STEP_TYPE] = "type",     [PLATFORM_STEP_DEVNULL] = "devnull",
        [PLATFORM_STEP_MOUNT] = "mount",   [PLATFORM_STEP_ATTACH] = "attach",
        [PLATFORM_STEP_VERIFY] = "verify",
};

const char *platform_bind_kind_to_string(PlatformBindKind k) {
        return k >= 0 && k < _PLATFORM_BIND_KIND_MAX ? kind_table[k] : NULL;
}

const char *platform_bind_step_to_string(PlatformBindStep s) {
        return s >= 0 && s < _PLATFORM_STEP_MAX ? step_table[s] : NULL;
}

int platform_type_fits(PlatformBindKind kind, unsigned mode) {
        if (S_ISLNK(mode))
                return -ELOOP;
        if (kind == PLATFORM_MASK_FILE && S_ISDIR(mode))
                return -EISDIR;
        if (kind == PLATFORM_MASK_DIR && !S_ISDIR(mode))
                return -ENOTDIR;
        return 0;
}

int platform_list_fd(int fd, void (*emit)(void *ctx, const char *name), void *ctx) {
        DIR *d = fdopendir(fd);
        if (!d) {
                int r = -errno;
                close(fd);
                return r;
        }
        struct dirent *de;
        while ((de = readdir(d)))
                if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
                        emit(ctx, de->d_name);
        closedir(d);
        return 0;
}
