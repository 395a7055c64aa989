/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"

/*
 * The hash map of daemon/basic/hashmap.c: put, replace, get, remove with
 * tombstones, growth past many entries and use after mass removal (the
 * tombstones must not make a lookup or an insert loop or miss), removal of
 * the current key while iterating, borrowed keys, the order of iteration,
 * and names chosen to collide under an unkeyed hash.
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

/* Iteration follows the order keys were put, whatever the key: a
 * removed key leaves no gap, and one put again comes last. */
static void test_insertion_order(void **state) {
        (void) state;
        enum { N = 3000 };
        char k[32];
        Hashmap *m = hashmap_new();
        for (unsigned i = 0; i < N; i++) {
                key(k, sizeof k, i);
                assert_int_equal(hashmap_put(m, k, NULL), 0);
        }
        hashmap_remove(m, "key-0");
        assert_false(hashmap_contains(m, "key-0"));
        assert_int_equal(hashmap_put(m, "key-0", NULL), 0);
        const char *ik;
        unsigned want = 1;
        for (size_t i = 0; hashmap_next(m, &i, &ik, NULL); want++) {
                key(k, sizeof k, want % N);
                assert_string_equal(ik, k);
        }
        assert_int_equal(want, N + 1);
        hashmap_free(m);
}

/* FNV-1a, the hash the map had: unkeyed, so names can be chosen to share
 * a slot. */
static uint64_t fnv1a(const char *s) {
        uint64_t h = 0xcbf29ce484222325ULL;
        for (; *s; s++)
                h = (h ^ (unsigned char) *s) * 0x100000001b3ULL;
        return h;
}

/* 32,768 names (as an agent would make directories) whose FNV-1a shares
 * its low 16 bits, 0: one slot of a 65,536-slot table. A prefix, then a
 * printable byte c1 and a last byte c2 solved for: the low 16 bits of a
 * step depend only on the low 16 bits before it, and (h ^ c2) * P = 0
 * (mod 2^16) when c2 = h, which is a byte when h < 256. */
static char **colliding_names(size_t n) {
        char **v = calloc(n, sizeof *v);
        assert_non_null(v);
        const uint64_t P = 0x100000001b3ULL;
        size_t k = 0;
        for (unsigned prefix = 0; k < n; prefix++) {
                char name[32];
                int len = snprintf(name, sizeof name, "dir%u-", prefix);
                uint64_t h = fnv1a(name);
                for (unsigned c1 = 0x21; c1 < 0x7f && k < n; c1++) {
                        uint64_t h1 = (h ^ c1) * P;
                        unsigned c2 = (unsigned) (h1 & 0xffff);
                        if (c1 == '/' || c2 == 0 || c2 > 0xff || c2 == '/')
                                continue;
                        name[len] = (char) c1, name[len + 1] = (char) c2, name[len + 2] = 0;
                        assert_int_equal(fnv1a(name) & 0xffff, 0);
                        assert_non_null(v[k++] = strdup(name));
                }
        }
        return v;
}

/* Names chosen to collide under the unkeyed hash do not collide under the
 * map's: every insert's probe stays short (under FNV-1a, the last of them
 * would walk past the 32,767 before it), and every name is found. */
static void test_chosen_collisions(void **state) {
        (void) state;
        enum { N = 32768 };
        char **names = colliding_names(N);
        Hashmap *m = hashmap_new();
        size_t longest = 0;
        for (size_t i = 0; i < N; i++) {
                assert_int_equal(hashmap_put(m, names[i], names[i]), 0);
                if (hashmap_longest_probe(m) > longest)
                        longest = hashmap_longest_probe(m);
        }
        print_message("32,768 names sharing one FNV-1a slot: the longest probe %zu\n", longest);
        assert_true(longest <= 64);
        for (size_t i = 0; i < N; i++) {
                assert_ptr_equal(hashmap_get(m, names[i]), names[i]);
                free(names[i]);
        }
        free(names);
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
                cmocka_unit_test(test_put_get_replace_remove), cmocka_unit_test(test_growth_and_tombstones),
                cmocka_unit_test(test_remove_while_iterating), cmocka_unit_test(test_borrowed),
                cmocka_unit_test(test_insertion_order),        cmocka_unit_test(test_chosen_collisions),
        };
        return RUN(tests);
}
