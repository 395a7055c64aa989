/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

/*
 * The one growable array: a pointer, a count the caller keeps, and the
 * room allocated, after systemd's GREEDY_REALLOC.
 *
 *   Foo *v = NULL;
 *   size_t n = 0, n_allocated = 0;
 *   if (ARRAY_GROW(v, n_allocated, n + 1) < 0)
 *           return -ENOMEM;
 *   v[n++] = foo;
 *
 * ARRAY_GROW makes room for at least need elements, doubling (16 at
 * first). Returns 0, or -ENOMEM (also on overflow) with the array and its
 * room untouched. New room is not zeroed.
 */
int array_grow(void **array, size_t *allocated, size_t need, size_t size);

#define ARRAY_GROW(array, allocated, need)                                                                  \
        array_grow((void **) &(array), &(allocated), (need), sizeof *(array))
