/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <uv.h>

/*
 * Time, for code that waits: what time it is, and a callback once a while
 * has passed. The daemon's clock is its loop's (loop_clock: uv_now and
 * uv_timer_t); a test's is a fake it moves on itself (tests/fake-clock.c),
 * so that what takes a minute on the loop takes no time there, and a
 * loaded machine cannot reorder what the test meant to happen.
 */

typedef struct ClockTimer ClockTimer; /* each clock's own */
typedef void (*ClockCallback)(void *userdata);

typedef struct ClockOps {
        /* Now, in ms, on the clock the timers count on (monotonic). */
        uint64_t (*now_ms)(void *clock);
        /* Now, in ms since boot: the clock of PlatformProcess.start_ms. */
        uint64_t (*boot_ms)(void *clock);
        int (*timer_new)(void *clock, ClockCallback cb, void *userdata, ClockTimer **ret);
        /* Call back timeout_ms from now, then every repeat_ms (0: once).
         * A timer already armed is armed again, from now. */
        void (*timer_start)(ClockTimer *t, uint64_t timeout_ms, uint64_t repeat_ms);
        void (*timer_stop)(ClockTimer *t);
        bool (*timer_active)(const ClockTimer *t);
        /* Stopped, and let go of; NULL is fine. The loop clock frees it
         * once the loop has closed its handle: call it before the last
         * uv_run, as for any handle. */
        void (*timer_free)(ClockTimer *t);
} ClockOps;

/* The loop's clock; its clock pointer is the uv_loop_t. */
extern const ClockOps loop_clock;
