/* SPDX-License-Identifier: MIT */
#include "notify.h"

#include <stdint.h>
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

static void watchdog_ping(uv_timer_t *t) {
        (void) t;
        send_state("WATCHDOG=1");
}

int notify_watchdog_start(uv_loop_t *loop, uv_timer_t *t) {
        uint64_t usec = 0;
        const SdLib *sd = getenv("NOTIFY_SOCKET") ? sdlib() : NULL;
        /* sd_watchdog_enabled: WATCHDOG_USEC, for us (WATCHDOG_PID) or anyone */
        if (!sd || sd->watchdog_enabled(0, &usec) <= 0 || usec == 0)
                return 0;
        uint64_t ms = usec / 2000 > 0 ? usec / 2000 : 1;
        uv_timer_init(loop, t);
        uv_timer_start(t, watchdog_ping, 0, ms);
        return 1;
}
