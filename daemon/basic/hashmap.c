/* SPDX-License-Identifier: MIT */
/*
 * The map of hashmap.h: entries in insertion order, and an index of
 * slots into them, probed linearly; the hash SipHash-2-4 under a key of
 * the map's own from getrandom, made anew when a probe runs long. It must
 * not log, and must leave the map as it was when it fails.
 */
#include "hashmap.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "siphash.h"

typedef struct Entry {
        char *key; /* NULL: removed */
        void *value;
        uint64_t hash;
} Entry;

#define SLOT_EMPTY 0u
#define SLOT_REMOVED UINT32_MAX /* else an entry's index + 1 */
/* A probe longer than this makes a new key: under a key the agent cannot
 * know, one this long is chance, and a new key ends it. */
#define PROBE_MAX 64

struct Hashmap {
        Entry *entries; /* n_entries of them, removed ones among them */
        uint32_t *slots;
        size_t n_entries, n_slots; /* n_slots a power of two; entries fit half of them */
        size_t n_items;
        size_t longest;  /* the longest probe an insert made */
        size_t rebuilds; /* under a new key */
        uint8_t key[16];
        bool borrowed; /* keys are the caller's */
};

/* A key no one can guess: getrandom's; where it has none to give (early
 * boot), what differs between processes and maps, which is weaker. */
static void new_key(Hashmap *m) {
        if (getrandom(m->key, sizeof m->key, GRND_NONBLOCK) == (ssize_t) sizeof m->key)
                return;
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        uint64_t seed[4] = {(uint64_t) ts.tv_nsec, (uint64_t) ts.tv_sec, (uint64_t) getpid(),
                            (uint64_t) (uintptr_t) m};
        uint64_t a = siphash24(seed, sizeof seed, m->key), b = siphash24(&a, sizeof a, m->key);
        memcpy(m->key, &a, 8);
        memcpy(m->key + 8, &b, 8);
}

static uint64_t hash(const Hashmap *m, const char *s) {
        return siphash24(s, strlen(s), m->key);
}

static Hashmap *new_map(bool borrowed) {
        Hashmap *m = calloc(1, sizeof *m);
        if (!m)
                return NULL;
        m->borrowed = borrowed;
        m->n_slots = 16;
        m->slots = calloc(m->n_slots, sizeof *m->slots);
        m->entries = calloc(m->n_slots / 2, sizeof *m->entries);
        if (!m->slots || !m->entries) {
                free(m->slots);
                free(m->entries);
                free(m);
                return NULL;
        }
        new_key(m);
        return m;
}

Hashmap *hashmap_new(void) {
        return new_map(false);
}

Hashmap *hashmap_new_borrowed(void) {
        return new_map(true);
}

void hashmap_free(Hashmap *m) {
        if (!m)
                return;
        for (size_t i = 0; i < m->n_entries && !m->borrowed; i++)
                free(m->entries[i].key);
        free(m->entries);
        free(m->slots);
        free(m);
}

/* The slot holding key, or the one it would go to (*ret_free: the first
 * empty or removed slot on the way); its probe length in *ret_probe. */
static uint32_t *find(const Hashmap *m, const char *key, uint64_t h, uint32_t **ret_free,
                      size_t *ret_probe) {
        size_t mask = m->n_slots - 1, probe = 0;
        uint32_t *free_slot = NULL;
        for (size_t i = h & mask;; i = (i + 1) & mask, probe++) {
                uint32_t *s = &m->slots[i];
                if (*s == SLOT_EMPTY) {
                        if (ret_free)
                                *ret_free = free_slot ? free_slot : s;
                        if (ret_probe)
                                *ret_probe = probe;
                        return NULL;
                }
                if (*s == SLOT_REMOVED) {
                        if (!free_slot)
                                free_slot = s;
                        continue;
                }
                const Entry *e = &m->entries[*s - 1];
                if (e->hash == h && strcmp(e->key, key) == 0)
                        return s;
        }
}

/* Entries compacted (order kept) into a table of n_slots, under a new key
 * when rekey; the map unchanged on -ENOMEM. */
static int rebuild(Hashmap *m, size_t n_slots, bool rekey) {
        uint32_t *slots = calloc(n_slots, sizeof *slots);
        Entry *entries = calloc(n_slots / 2, sizeof *entries);
        if (!slots || !entries) {
                free(slots);
                free(entries);
                return -ENOMEM;
        }
        if (rekey)
                new_key(m);
        size_t k = 0, mask = n_slots - 1;
        for (size_t i = 0; i < m->n_entries; i++) {
                if (!m->entries[i].key)
                        continue;
                Entry e = m->entries[i];
                if (rekey)
                        e.hash = hash(m, e.key);
                size_t j = e.hash & mask;
                while (slots[j] != SLOT_EMPTY)
                        j = (j + 1) & mask;
                entries[k] = e;
                slots[j] = (uint32_t) ++k;
        }
        free(m->slots);
        free(m->entries);
        m->slots = slots;
        m->entries = entries;
        m->n_slots = n_slots;
        m->n_entries = k;
        m->longest = 0;
        m->rebuilds += rekey;
        return 0;
}

int hashmap_put(Hashmap *m, const char *key, void *value) {
        uint64_t h = hash(m, key);
        uint32_t *free_slot = NULL;
        size_t probe = 0;
        uint32_t *s = find(m, key, h, &free_slot, &probe);
        if (s) {
                m->entries[*s - 1].value = value;
                return 1;
        }
        /* Room for one more entry (removed ones count until a rebuild
         * drops them: the table at most half full), and a short probe;
         * else the table rebuilt, a quarter full at most, shrunk back when
         * it empties (churn leaves memory flat), under a new key when a
         * probe ran long. */
        bool full = m->n_entries + 1 > m->n_slots / 2, rekey = probe > PROBE_MAX;
        if (full || rekey) {
                size_t want = 16;
                while ((m->n_items + 1) * 4 > want)
                        want *= 2;
                if (rekey && want < m->n_slots)
                        want = m->n_slots;
                if (want > (size_t) UINT32_MAX / 2)
                        return -ENOMEM;
                int r = rebuild(m, want, rekey);
                if (r < 0)
                        return r;
                if (rekey)
                        h = hash(m, key);
                find(m, key, h, &free_slot, &probe);
        }
        char *k = m->borrowed ? (char *) key : strdup(key);
        if (!k)
                return -ENOMEM;
        m->entries[m->n_entries] = (Entry){k, value, h};
        *free_slot = (uint32_t) ++m->n_entries;
        m->n_items++;
        if (probe > m->longest)
                m->longest = probe;
        return 0;
}

void *hashmap_get(const Hashmap *m, const char *key) {
        uint32_t *s = find(m, key, hash(m, key), NULL, NULL);
        return s ? m->entries[*s - 1].value : NULL;
}

bool hashmap_contains(const Hashmap *m, const char *key) {
        return find(m, key, hash(m, key), NULL, NULL) != NULL;
}

void *hashmap_remove(Hashmap *m, const char *key) {
        uint32_t *s = find(m, key, hash(m, key), NULL, NULL);
        if (!s)
                return NULL;
        Entry *e = &m->entries[*s - 1];
        void *v = e->value;
        if (!m->borrowed)
                free(e->key);
        *e = (Entry){0};
        *s = SLOT_REMOVED;
        m->n_items--;
        return v;
}

size_t hashmap_size(const Hashmap *m) {
        return m->n_items;
}

size_t hashmap_longest_probe(const Hashmap *m) {
        return m->longest;
}

bool hashmap_next(const Hashmap *m, size_t *i, const char **ret_key, void **ret_value) {
        for (; *i < m->n_entries; (*i)++) {
                const Entry *e = &m->entries[*i];
                if (e->key) {
                        *ret_key = e->key;
                        if (ret_value)
                                *ret_value = e->value;
                        (*i)++;
                        return true;
                }
        }
        return false;
}
