/* SPDX-License-Identifier: MIT */
#pragma once

/* Readiness for systemd (sd_notify), an optional integration: notify.c
 * with libsystemd, notify-none.c without. A no-op when not run by systemd. */
void notify_ready(const char *status);
void notify_stopping(void);
