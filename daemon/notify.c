/* SPDX-License-Identifier: MIT */
#include "notify.h"

#include <stdio.h>
#include <systemd/sd-daemon.h>

void notify_ready(const char *status) {
        (void) sd_notifyf(0, "READY=1\nSTATUS=%s", status);
}

void notify_stopping(void) {
        (void) sd_notify(0, "STOPPING=1");
}
