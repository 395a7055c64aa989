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

static const char *const route_table[_PLATFORM_ROUTE_KIND_MAX] = {
        [PLATFORM_ROUTE_CAPABILITY] = "capability", [PLATFORM_ROUTE_NO_NEW_PRIVS] = "no_new_privs",
        [PLATFORM_ROUTE_SYSCALL] = "syscall",       [PLATFORM_ROUTE_BLOCK_DEVICE] = "block-device",
        [PLATFORM_ROUTE_DAEMON] = "daemon",         [PLATFORM_ROUTE_SYSCTL] = "sysctl",
        [PLATFORM_ROUTE_CGROUP] = "cgroup",         [PLATFORM_ROUTE_SERVICE] = "service",
};

static const char *const confine_step_table[_PLATFORM_CONFINE_STEP_MAX] = {
        [PLATFORM_CONFINE_NONE] = "none",
        [PLATFORM_CONFINE_PROPAGATION] = "reach the agent with later binds",
        [PLATFORM_CONFINE_FILTER] = "build the seccomp filter",
        [PLATFORM_CONFINE_NAMESPACES] = "make a PID and a mount namespace",
        [PLATFORM_CONFINE_SLAVE] = "make the mounts slaves of the daemon's",
        [PLATFORM_CONFINE_PROC] = "mount /proc for the new PID namespace",
        [PLATFORM_CONFINE_SYS] = "make /sys read-only",
        [PLATFORM_CONFINE_DEV] = "make a /dev without block devices",
        [PLATFORM_CONFINE_SERVICES] = "hide the service manager's sockets",
        [PLATFORM_CONFINE_CAPS] = "drop the capabilities",
        [PLATFORM_CONFINE_NNP] = "set no_new_privs",
        [PLATFORM_CONFINE_SECCOMP] = "load the seccomp filter",
        [PLATFORM_CONFINE_FORK] = "start the command",
        [PLATFORM_CONFINE_EXEC] = "run the command",
};

const char *platform_route_kind_to_string(PlatformRouteKind k) {
        return k >= 0 && k < _PLATFORM_ROUTE_KIND_MAX ? route_table[k] : NULL;
}

const char *platform_confine_step_to_string(PlatformConfineStep s) {
        return s >= 0 && s < _PLATFORM_CONFINE_STEP_MAX ? confine_step_table[s] : NULL;
}

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
