/* SPDX-License-Identifier: MIT */
#pragma once

#include <uv.h>

/* Readiness for systemd (sd_notify), an optional integration: notify.c
 * with libsystemd, notify-none.c without. A no-op when not run by systemd. */
void notify_ready(const char *status);
void notify_stopping(void);

/*
 * The watchdog systemd asked for (WatchdogSec=, seen as WATCHDOG_USEC):
 * starts t on loop, pinging WATCHDOG=1 at half the interval. A libuv timer
 * fires only while the loop turns, so a loop that hangs stops the pings and
 * systemd restarts us. Returns 1 started (close t when stopping), 0 not
 * asked for (t untouched).
 */
int notify_watchdog_start(uv_loop_t *loop, uv_timer_t *t);
