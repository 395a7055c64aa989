/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <string.h>

#include "clock.h"
#include "fake-clock.h"

/*
 * The clocks the watcher waits on: the loop's (daemon/engine/clock.c) and
 * the fake the tests move (tests/fake-clock.c), which must keep libuv's
 * order. Nothing here waits for a window: the loop clock's test counts
 * fires, never how long they took.
 */

typedef struct Fired {
        const ClockOps *ops;
        void *clock;
        ClockTimer *timer;
        char name;
        unsigned n, stop_after; /* stops itself after this many fires; 0: never */
        char *log;              /* names in the order fired, with the time */
} Fired;

static void fired(void *userdata) {
        Fired *f = userdata;
        f->n++;
        if (f->log)
                sprintf(f->log + strlen(f->log), "%c@%llu ", f->name,
                        (unsigned long long) f->ops->now_ms(f->clock));
        if (f->stop_after && f->n == f->stop_after)
                f->ops->timer_stop(f->timer);
}

static void test_loop_clock(void **state) {
        (void) state;
        uv_loop_t loop;
        Fired f = {.ops = &loop_clock, .clock = &loop, .stop_after = 3};

        assert_int_equal(uv_loop_init(&loop), 0);
        assert_int_equal(loop_clock.timer_new(&loop, fired, &f, &f.timer), 0);
        assert_int_equal(loop_clock.now_ms(&loop), uv_now(&loop));
        assert_true(loop_clock.boot_ms(&loop) > 0);
        assert_false(loop_clock.timer_active(f.timer));
        /* Repeating until it stops itself: the loop ends with it. */
        loop_clock.timer_start(f.timer, 0, 1);
        assert_true(loop_clock.timer_active(f.timer));
        assert_int_equal(uv_run(&loop, UV_RUN_DEFAULT), 0);
        assert_int_equal(f.n, 3);
        assert_false(loop_clock.timer_active(f.timer));
        /* Armed again, then let go of: it never fires, and the loop
         * closes once it has closed the handle. */
        loop_clock.timer_start(f.timer, 0, 0);
        loop_clock.timer_free(f.timer);
        loop_clock.timer_free(NULL);
        assert_int_equal(uv_run(&loop, UV_RUN_DEFAULT), 0);
        assert_int_equal(f.n, 3);
        assert_int_equal(uv_loop_close(&loop), 0);
}

/* Due times in order, ties in the order started, a repeating timer armed
 * again before its callback (which may stop it), and the clock reading
 * each one's due time: libuv's rules. */
static void test_fake_clock_order(void **state) {
        (void) state;
        FakeClock c = {.now_ms = 1000};
        char log[256] = "";
        Fired a = {.ops = &fake_clock, .clock = &c, .name = 'a', .log = log};
        Fired b = {.ops = &fake_clock, .clock = &c, .name = 'b', .log = log, .stop_after = 3};
        Fired d = {.ops = &fake_clock, .clock = &c, .name = 'd', .log = log};

        assert_int_equal(fake_clock.timer_new(&c, fired, &a, &a.timer), 0);
        assert_int_equal(fake_clock.timer_new(&c, fired, &b, &b.timer), 0);
        assert_int_equal(fake_clock.timer_new(&c, fired, &d, &d.timer), 0);
        assert_int_equal(fake_clock_timers(&c), 3);
        fake_clock.timer_start(d.timer, 10, 0);
        fake_clock.timer_start(a.timer, 10, 0);
        fake_clock.timer_start(b.timer, 0, 4);
        fake_clock.timer_start(d.timer, 10, 0); /* armed again: now after a */
        assert_int_equal(fake_clock.boot_ms(&c), 1000);

        while (fake_clock_step(&c, 1005))
                ;
        assert_string_equal(log, "b@1000 b@1004 ");
        assert_int_equal(c.now_ms, 1005);
        while (fake_clock_step(&c, 1100))
                ;
        assert_string_equal(log, "b@1000 b@1004 b@1008 a@1010 d@1010 ");
        assert_int_equal(c.now_ms, 1100);
        assert_false(fake_clock.timer_active(a.timer) || fake_clock.timer_active(b.timer) ||
                     fake_clock.timer_active(d.timer));

        /* Stopped: never fires. Freed: its slot is free again. */
        fake_clock.timer_start(a.timer, 1, 0);
        fake_clock.timer_stop(a.timer);
        fake_clock.timer_free(b.timer);
        fake_clock.timer_free(NULL);
        assert_int_equal(fake_clock_timers(&c), 2);
        assert_false(fake_clock_step(&c, 2000));
        assert_int_equal(a.n, 1);
        fake_clock_reset(&c);
        assert_int_equal(fake_clock_timers(&c), 0);
        assert_int_equal(c.now_ms, 2000);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_loop_clock),
                cmocka_unit_test(test_fake_clock_order),
        };
        return RUN(tests);
}
