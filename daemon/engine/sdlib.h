/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * libsystemd, loaded only when a sink needs it (stderr is the journal, or
 * NOTIFY_SOCKET is set), as systemd itself loads optional libraries: a
 * daemon that never talks to systemd does not carry it and what it pulls
 * in (about 1 MiB resident: libgcrypt, the compressors). NULL when it
 * cannot be loaded.
 */
#include <stdint.h>

struct iovec;
typedef struct SdLib {
        int (*journal_sendv)(const struct iovec *iov, int n);
        int (*notify)(int unset_environment, const char *state);
        int (*watchdog_enabled)(int unset_environment, uint64_t *usec);
} SdLib;

const SdLib *sdlib(void);
