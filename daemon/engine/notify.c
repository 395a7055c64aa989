/* SPDX-License-Identifier: MIT */
#include "notify.h"

#include <stdio.h>
#include <stdlib.h>

#include "sdlib.h"

/* Only under systemd (NOTIFY_SOCKET set) is libsystemd loaded at all. */
static void send_state(const char *state) {
        const SdLib *sd = getenv("NOTIFY_SOCKET") ? sdlib() : NULL;
        if (sd)
                (void) sd->notify(0, state);
}

void notify_ready(const char *status) {
        char buf[512];
        snprintf(buf, sizeof buf, "READY=1\nSTATUS=%s", status);
        send_state(buf);
}

void notify_stopping(void) {
        send_state("STOPPING=1");
}
