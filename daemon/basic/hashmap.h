/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/*
 * A map from strings (any bytes but NUL) to pointers: open addressing,
 * linear probing, iterated in insertion order. Its keys are often names
 * the agent picks (directories, checkouts, staged paths), so the hash is
 * keyed (SipHash-2-4, a key of the map's own from getrandom, a new one
 * when a probe runs long): names cannot be chosen to collide. Keys are
 * copied; values are the caller's. None of the libraries we link offers
 * one (jansson's hashtable is internal).
 */

typedef struct Hashmap Hashmap;

Hashmap *hashmap_new(void);
/* Keys are not copied: each must live, unchanged, as long as its entry
 * (typically a string inside the value). */
Hashmap *hashmap_new_borrowed(void);
void hashmap_free(Hashmap *m); /* frees keys it copied, not values */

/* 0 added, 1 replaced, -ENOMEM. */
int hashmap_put(Hashmap *m, const char *key, void *value);
void *hashmap_get(const Hashmap *m, const char *key);
bool hashmap_contains(const Hashmap *m, const char *key);
/* The value removed, or NULL. */
void *hashmap_remove(Hashmap *m, const char *key);
size_t hashmap_size(const Hashmap *m);

/* Iterate, in the order the keys were put: *i starts at 0; returns false
 * at the end. The map may not be changed while iterating, except by
 * hashmap_remove of the current key. */
bool hashmap_next(const Hashmap *m, size_t *i, const char **ret_key, void **ret_value);

/* The longest probe an insert made since the table was last rebuilt (for
 * the tests: names chosen to collide must not make it long). */
size_t hashmap_longest_probe(const Hashmap *m);
