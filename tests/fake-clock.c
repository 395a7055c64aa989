/* SPDX-License-Identifier: MIT */
#include "fake-clock.h"

#include <errno.h>

static uint64_t fake_now_ms(void *clock) {
        return ((FakeClock *) clock)->now_ms;
}

static int fake_timer_new(void *clock, ClockCallback cb, void *userdata, ClockTimer **ret) {
        FakeClock *c = clock;
        for (size_t i = 0; i < FAKE_CLOCK_TIMERS; i++)
                if (!c->timers[i].clock) {
                        c->timers[i] = (FakeTimer){.clock = c, .cb = cb, .userdata = userdata};
                        *ret = (ClockTimer *) &c->timers[i];
                        return 0;
                }
        return -ENOMEM;
}

/* As uv_timer_start: due timeout_ms from now, armed again if it was. */
static void fake_timer_start(ClockTimer *timer, uint64_t timeout_ms, uint64_t repeat_ms) {
        FakeTimer *t = (FakeTimer *) timer;
        t->active = true;
        t->due_ms = t->clock->now_ms + timeout_ms;
        t->repeat_ms = repeat_ms;
        t->order = ++t->clock->started;
}

static void fake_timer_stop(ClockTimer *timer) {
        ((FakeTimer *) timer)->active = false;
}

static bool fake_timer_active(const ClockTimer *timer) {
        return ((const FakeTimer *) timer)->active;
}

static void fake_timer_free(ClockTimer *timer) {
        if (timer)
                *(FakeTimer *) timer = (FakeTimer){0};
}

const ClockOps fake_clock = {
        .now_ms = fake_now_ms,
        .boot_ms = fake_now_ms,
        .timer_new = fake_timer_new,
        .timer_start = fake_timer_start,
        .timer_stop = fake_timer_stop,
        .timer_active = fake_timer_active,
        .timer_free = fake_timer_free,
};

void fake_clock_reset(FakeClock *c) {
        for (size_t i = 0; i < FAKE_CLOCK_TIMERS; i++)
                c->timers[i] = (FakeTimer){0};
}

bool fake_clock_step(FakeClock *c, uint64_t until_ms) {
        FakeTimer *next = NULL;
        for (size_t i = 0; i < FAKE_CLOCK_TIMERS; i++) {
                FakeTimer *t = &c->timers[i];
                if (t->clock && t->active && t->due_ms <= until_ms &&
                    (!next || t->due_ms < next->due_ms ||
                     (t->due_ms == next->due_ms && t->order < next->order)))
                        next = t;
        }
        if (!next) {
                if (until_ms > c->now_ms)
                        c->now_ms = until_ms;
                return false;
        }
        if (next->due_ms > c->now_ms)
                c->now_ms = next->due_ms;
        /* As libuv: a repeating timer is armed again before its callback
         * runs (which may stop it), from the time it fired. */
        if (next->repeat_ms > 0)
                fake_timer_start((ClockTimer *) next, next->repeat_ms, next->repeat_ms);
        else
                next->active = false;
        next->cb(next->userdata);
        return true;
}

size_t fake_clock_timers(const FakeClock *c) {
        size_t n = 0;
        for (size_t i = 0; i < FAKE_CLOCK_TIMERS; i++)
                n += c->timers[i].clock != NULL;
        return n;
}
