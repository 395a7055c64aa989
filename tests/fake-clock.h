/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock.h"

/*
 * A clock for tests that moves only when the test moves it: no sleeping,
 * and no machine so loaded that a 5 ms check lands after a 20 ms window.
 * Its clock pointer is the FakeClock. One time serves as both the loop
 * clock and the boot clock.
 */

#define FAKE_CLOCK_TIMERS 8

typedef struct FakeClock FakeClock;

typedef struct FakeTimer {
        FakeClock *clock; /* NULL: a free slot */
        bool active;
        uint64_t due_ms, repeat_ms;
        uint64_t order; /* when started: timers due together fire in the order started */
        ClockCallback cb;
        void *userdata;
} FakeTimer;

struct FakeClock {
        uint64_t now_ms;
        uint64_t started; /* timer starts so far */
        FakeTimer timers[FAKE_CLOCK_TIMERS];
};

extern const ClockOps fake_clock;

/* Every timer forgotten (those a failed test left), the time kept. */
void fake_clock_reset(FakeClock *c);

/* The earliest timer due by until_ms fires, the clock reading its due
 * time: true. None: the clock reads until_ms, false. One timer a step, so
 * that the test can let its loop handle I/O in between, as a real loop
 * does between two timers. */
bool fake_clock_step(FakeClock *c, uint64_t until_ms);
size_t fake_clock_timers(const FakeClock *c); /* made and not freed yet */
