/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"

/*
 * The hash map of daemon/basic/hashmap.c: put, replace, get, remove with
 * tombstones, growth past many entries and use after mass removal (the
 * tombstones must not make a lookup or an insert loop or miss), removal of
 * the current key while iterating, and borrowed keys.
 */

static void key(char *buf, size_t n, unsigned i) {
        snprintf(buf, n, "key-%u", i);
}

static void test_put_get_replace_remove(void **state) {
        (void) state;
        Hashmap *m = hashmap_new();
        int a = 1, b = 2;
        assert_non_null(m);
        assert_int_equal(hashmap_put(m, "x", &a), 0);
        assert_int_equal(hashmap_put(m, "x", &b), 1); /* replaced */
        assert_ptr_equal(hashmap_get(m, "x"), &b);
        assert_true(hashmap_contains(m, "x"));
        assert_false(hashmap_contains(m, "y"));
        assert_null(hashmap_get(m, "y"));
        assert_int_equal(hashmap_size(m), 1);
        /* a NULL value is a value: contains, not get, tells it apart */
        assert_int_equal(hashmap_put(m, "nul", NULL), 0);
        assert_true(hashmap_contains(m, "nul"));
        assert_ptr_equal(hashmap_remove(m, "x"), &b);
        assert_null(hashmap_remove(m, "x"));
        assert_false(hashmap_contains(m, "x"));
        assert_int_equal(hashmap_size(m), 1);
        /* the empty key is a key */
        assert_int_equal(hashmap_put(m, "", &a), 0);
        assert_ptr_equal(hashmap_get(m, ""), &a);
        hashmap_free(m);
        hashmap_free(NULL);
}

/* Many entries in, most out, in again: tombstones everywhere. Every key
 * keeps its value, and a missing one is never found. */
static void test_growth_and_tombstones(void **state) {
        (void) state;
        enum { N = 20000 };
        static int values[N];
        char k[32];
        Hashmap *m = hashmap_new();
        assert_non_null(m);
        for (unsigned round = 0; round < 3; round++) {
                for (unsigned i = 0; i < N; i++) {
                        key(k, sizeof k, i);
                        assert_true(hashmap_put(m, k, &values[i]) >= 0);
                }
                assert_int_equal(hashmap_size(m), N);
                /* all but every tenth out */
                for (unsigned i = 0; i < N; i++)
                        if (i % 10) {
                                key(k, sizeof k, i);
                                assert_ptr_equal(hashmap_remove(m, k), &values[i]);
                        }
                assert_int_equal(hashmap_size(m), N / 10);
                for (unsigned i = 0; i < N; i++) {
                        key(k, sizeof k, i);
                        if (i % 10)
                                assert_false(hashmap_contains(m, k));
                        else
                                assert_ptr_equal(hashmap_get(m, k), &values[i]);
                }
        }
        /* Churn at a constant size: put one, remove one, many times. The
         * slots fill with tombstones unless they are reclaimed. */
        for (unsigned i = 0; i < 200000; i++) {
                snprintf(k, sizeof k, "churn-%u", i);
                assert_int_equal(hashmap_put(m, k, &values[0]), 0);
                assert_ptr_equal(hashmap_remove(m, k), &values[0]);
        }
        assert_int_equal(hashmap_size(m), N / 10);
        assert_false(hashmap_contains(m, "churn-7"));
        hashmap_free(m);
}

/* Removing the current key while iterating: every other entry is still
 * seen exactly once. */
static void test_remove_while_iterating(void **state) {
        (void) state;
        enum { N = 1000 };
        static int values[N];
        char k[32];
        Hashmap *m = hashmap_new();
        for (unsigned i = 0; i < N; i++) {
                key(k, sizeof k, i);
                assert_int_equal(hashmap_put(m, k, &values[i]), 0);
        }
        static unsigned seen[N];
        const char *ik;
        void *v;
        size_t n = 0;
        for (size_t i = 0; hashmap_next(m, &i, &ik, &v);) {
                unsigned idx = (unsigned) ((int *) v - values);
                assert_true(idx < N);
                seen[idx]++;
                n++;
                if (idx % 2)
                        assert_ptr_equal(hashmap_remove(m, ik), v);
        }
        assert_int_equal(n, N);
        for (unsigned i = 0; i < N; i++)
                assert_int_equal(seen[i], 1);
        assert_int_equal(hashmap_size(m), N / 2);
        n = 0;
        for (size_t i = 0; hashmap_next(m, &i, &ik, &v);)
                n++;
        assert_int_equal(n, N / 2);
        hashmap_free(m);
}

/* Borrowed keys are not copied: the map points at the caller's string. */
static void test_borrowed(void **state) {
        (void) state;
        Hashmap *m = hashmap_new_borrowed();
        char *owned = strdup("mine");
        assert_int_equal(hashmap_put(m, owned, owned), 0);
        const char *ik;
        void *v;
        size_t i = 0;
        assert_true(hashmap_next(m, &i, &ik, &v));
        assert_ptr_equal(ik, owned);
        hashmap_free(m); /* frees no key */
        free(owned);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_put_get_replace_remove),
                cmocka_unit_test(test_growth_and_tombstones),
                cmocka_unit_test(test_remove_while_iterating),
                cmocka_unit_test(test_borrowed),
        };
        return RUN(tests);
}
