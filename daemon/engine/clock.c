/* SPDX-License-Identifier: MIT */
#include "clock.h"

#include <errno.h>
#include <stdlib.h>

#include "platform.h"

/* A loop clock's timer: the handle, and whom it calls. */
typedef struct LoopTimer {
        uv_timer_t handle;
        ClockCallback cb;
        void *userdata;
} LoopTimer;

static uint64_t loop_now_ms(void *clock) {
        return uv_now(clock);
}

static uint64_t loop_boot_ms(void *clock) {
        (void) clock;
        return platform_boot_ms();
}

static void loop_timer_cb(uv_timer_t *h) {
        LoopTimer *t = h->data;
        t->cb(t->userdata);
}

static int loop_timer_new(void *clock, ClockCallback cb, void *userdata, ClockTimer **ret) {
        LoopTimer *t = calloc(1, sizeof *t);
        if (!t)
                return -ENOMEM;
        int r = uv_timer_init(clock, &t->handle);
        if (r < 0) {
                free(t);
                return r;
        }
        t->handle.data = t;
        t->cb = cb;
        t->userdata = userdata;
        *ret = (ClockTimer *) t;
        return 0;
}

static void loop_timer_start(ClockTimer *t, uint64_t timeout_ms, uint64_t repeat_ms) {
        (void) uv_timer_start(&((LoopTimer *) t)->handle, loop_timer_cb, timeout_ms, repeat_ms);
}

static void loop_timer_stop(ClockTimer *t) {
        (void) uv_timer_stop(&((LoopTimer *) t)->handle);
}

static bool loop_timer_active(const ClockTimer *t) {
        return uv_is_active((const uv_handle_t *) &((const LoopTimer *) t)->handle);
}

static void loop_timer_closed(uv_handle_t *h) {
        free(h->data);
}

static void loop_timer_free(ClockTimer *t) {
        if (t)
                uv_close((uv_handle_t *) &((LoopTimer *) t)->handle, loop_timer_closed);
}

const ClockOps loop_clock = {
        .now_ms = loop_now_ms,
        .boot_ms = loop_boot_ms,
        .timer_new = loop_timer_new,
        .timer_start = loop_timer_start,
        .timer_stop = loop_timer_stop,
        .timer_active = loop_timer_active,
        .timer_free = loop_timer_free,
};
