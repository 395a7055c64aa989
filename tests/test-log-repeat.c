/* SPDX-License-Identifier: MIT */
/* The repeats of a record (daemon/engine/log-repeat.c): said a few times, then counted, the count said once.
 * Must not depend on which slots records share: the table's hash key is random. */
#include "tests.h"

#include <stdio.h>
#include <string.h>

#include "log-repeat.h"

typedef struct Said {
        uint64_t counts; /* the counts emitted, summed */
        size_t records;  /* count records emitted */
        char last[64];   /* the event of the last */
} Said;

static void emit(void *ctx, LogLevel level, const char *event, const char *msg, uint64_t count) {
        Said *s = ctx;
        (void) level;
        (void) msg;
        s->counts += count;
        s->records++;
        snprintf(s->last, sizeof s->last, "%s", event);
}

/* A step: at ms, the record key (of event "e") is submitted n times. */
typedef struct Step {
        uint64_t ms;
        const char *key;
        unsigned n;
} Step;

static const struct {
        const char *name;
        Step steps[4];
        size_t said;    /* submitted and said */
        size_t records; /* count records, the table flushed at the end */
} cases[] = {
        {"a flood of one record", {{0, "k", 100000}}, LOG_REPEAT_SAID, 1},
        {"a few repeats are all said", {{0, "k", LOG_REPEAT_SAID}}, LOG_REPEAT_SAID, 0},
        {"said again after its window", {{0, "k", 10}, {LOG_REPEAT_MS, "k", 10}}, 2 * LOG_REPEAT_SAID, 2},
        {"records differing in a field are not one",
         {{0, "e|path=a", 2}, {0, "e|path=b", 2}, {0, "e|path=a ", 2}},
         6,
         0},
        {"two floods interleaved", {{0, "x", 50}, {1, "y", 50}, {2, "x", 50}, {3, "y", 50}}, 0, 0},
        {"a key too long to keep is always said", {{0, NULL, 20}}, 20, 0},
};

static void test_repeats(void **state) {
        (void) state;
        static char long_key[5000];
        memset(long_key, 'k', sizeof long_key - 1);
        for (size_t c = 0; c < ELEMENTSOF(cases); c++) {
                print_message("case: %s\n", cases[c].name);
                LogRepeat *r = NULL;
                Said s = {0};
                size_t submitted = 0, said = 0;
                assert_int_equal(log_repeat_new(&r), 0);
                for (size_t i = 0; i < ELEMENTSOF(cases[c].steps) && cases[c].steps[i].n; i++) {
                        const Step *st = &cases[c].steps[i];
                        const char *key = st->key ? st->key : long_key;
                        for (unsigned k = 0; k < st->n; k++) {
                                submitted++;
                                if (!log_repeat_seen(r, st->ms, LOG_WARN, "e", key, "m", emit, &s))
                                        said++;
                        }
                }
                (void) log_repeat_flush(r, 0, true, emit, &s);
                /* Nothing lost: every record said, or counted and its count said. */
                assert_int_equal(said + s.counts, submitted);
                if (cases[c].said)
                        assert_int_equal(said, cases[c].said);
                else /* two keys: their slots may be shared; at most a few said a key and a window */
                        assert_true(said <= 2 * 2 * LOG_REPEAT_SAID + 2 && s.records >= 1);
                if (cases[c].said)
                        assert_int_equal(s.records, cases[c].records);
                log_repeat_free(r);
        }
}

/* A window that ended is said by a flush at its end, not before. */
static void test_flush_at_window_end(void **state) {
        (void) state;
        LogRepeat *r = NULL;
        Said s = {0};
        assert_int_equal(log_repeat_new(&r), 0);
        for (int i = 0; i < 10; i++)
                (void) log_repeat_seen(r, 5, LOG_WARN, "makers-cut", "key", "m", emit, &s);
        assert_int_equal(log_repeat_flush(r, LOG_REPEAT_MS + 4, false, emit, &s), 1);
        assert_int_equal(s.records, 0);
        assert_int_equal(log_repeat_flush(r, LOG_REPEAT_MS + 5, false, emit, &s), 0);
        assert_int_equal(s.records, 1);
        assert_int_equal(s.counts, 10 - LOG_REPEAT_SAID);
        assert_string_equal(s.last, "makers-cut");
        log_repeat_free(r);
}

/* A flood among records each new (a checkout each, every one said): the
 * new ones pass through slots without a count and leave the flood's count
 * alone, so the flood is said a few times, not again and again. */
static void test_flood_among_new_records(void **state) {
        (void) state;
        LogRepeat *r = NULL;
        Said s = {0};
        size_t flood_said = 0, other_said = 0;
        char key[32];
        assert_int_equal(log_repeat_new(&r), 0);
        for (int i = 0; i < 5000; i++) {
                snprintf(key, sizeof key, "checkout c%d", i);
                other_said += !log_repeat_seen(r, 1, LOG_INFO, "checkout", key, "m", emit, &s);
                if (i % 10 == 0)
                        flood_said += !log_repeat_seen(r, 1, LOG_WARN, "makers-cut", "cut", "m", emit, &s);
        }
        (void) log_repeat_flush(r, 1, true, emit, &s);
        assert_int_equal(other_said, 5000);
        assert_true(flood_said <= 2 * LOG_REPEAT_SAID);
        assert_int_equal(flood_said + s.counts, 500);
        log_repeat_free(r);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_repeats),
                cmocka_unit_test(test_flush_at_window_end),
                cmocka_unit_test(test_flood_among_new_records),
        };
        return RUN(tests);
}
