/* SPDX-License-Identifier: MIT */
#include "hashmap.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct Slot {
        char *key; /* NULL: empty; TOMBSTONE: removed */
        void *value;
} Slot;

static char tombstone;
#define TOMBSTONE (&tombstone)

struct Hashmap {
        Slot *slots;
        size_t n_slots; /* a power of two */
        size_t n_items;
        size_t n_used; /* items + tombstones */
        bool borrowed; /* keys are the caller's */
};

static uint64_t hash(const char *s) {
        uint64_t h = 0xcbf29ce484222325ULL;
        for (; *s; s++)
                h = (h ^ (unsigned char) *s) * 0x100000001b3ULL;
        return h;
}

Hashmap *hashmap_new(void) {
        Hashmap *m = calloc(1, sizeof *m);
        if (!m)
                return NULL;
        m->n_slots = 16;
        m->slots = calloc(m->n_slots, sizeof *m->slots);
        if (!m->slots) {
                free(m);
                return NULL;
        }
        return m;
}

Hashmap *hashmap_new_borrowed(void) {
        Hashmap *m = hashmap_new();
        if (m)
                m->borrowed = true;
        return m;
}

void hashmap_free(Hashmap *m) {
        if (!m)
                return;
        for (size_t i = 0; i < m->n_slots && !m->borrowed; i++)
                if (m->slots[i].key && m->slots[i].key != TOMBSTONE)
                        free(m->slots[i].key);
        free(m->slots);
        free(m);
}

static Slot *find(const Hashmap *m, const char *key) {
        size_t mask = m->n_slots - 1;
        for (size_t i = hash(key) & mask;; i = (i + 1) & mask) {
                Slot *s = &m->slots[i];
                if (!s->key)
                        return NULL;
                if (s->key != TOMBSTONE && strcmp(s->key, key) == 0)
                        return s;
        }
}

static int resize(Hashmap *m, size_t n_slots) {
        Slot *old = m->slots, *slots = calloc(n_slots, sizeof *slots);
        size_t old_n = m->n_slots;
        if (!slots)
                return -ENOMEM;
        m->slots = slots;
        m->n_slots = n_slots;
        m->n_used = m->n_items;
        for (size_t i = 0; i < old_n; i++) {
                if (!old[i].key || old[i].key == TOMBSTONE)
                        continue;
                size_t mask = n_slots - 1, j = hash(old[i].key) & mask;
                while (slots[j].key)
                        j = (j + 1) & mask;
                slots[j] = old[i];
        }
        free(old);
        return 0;
}

int hashmap_put(Hashmap *m, const char *key, void *value) {
        Slot *s = find(m, key);
        if (s) {
                s->value = value;
                return 1;
        }
        /* Keep the table at most 3/4 used (tombstones count), and shrink
         * back when it empties, so churn leaves memory flat. */
        if ((m->n_used + 1) * 4 > m->n_slots * 3) {
                size_t want = m->n_slots;
                while ((m->n_items + 1) * 2 > want)
                        want *= 2;
                while (want > 16 && (m->n_items + 1) * 8 < want)
                        want /= 2;
                if (resize(m, want) < 0)
                        return -ENOMEM;
        }
        char *k = m->borrowed ? (char *) key : strdup(key);
        if (!k)
                return -ENOMEM;
        size_t mask = m->n_slots - 1, i = hash(key) & mask;
        while (m->slots[i].key && m->slots[i].key != TOMBSTONE)
                i = (i + 1) & mask;
        if (!m->slots[i].key)
                m->n_used++;
        m->slots[i] = (Slot){k, value};
        m->n_items++;
        return 0;
}

void *hashmap_get(const Hashmap *m, const char *key) {
        Slot *s = find(m, key);
        return s ? s->value : NULL;
}

bool hashmap_contains(const Hashmap *m, const char *key) {
        return find(m, key) != NULL;
}

void *hashmap_remove(Hashmap *m, const char *key) {
        Slot *s = find(m, key);
        if (!s)
                return NULL;
        void *v = s->value;
        if (!m->borrowed)
                free(s->key);
        s->key = TOMBSTONE;
        s->value = NULL;
        m->n_items--;
        return v;
}

size_t hashmap_size(const Hashmap *m) {
        return m->n_items;
}

bool hashmap_next(const Hashmap *m, size_t *i, const char **ret_key, void **ret_value) {
        for (; *i < m->n_slots; (*i)++) {
                Slot *s = &m->slots[*i];
                if (s->key && s->key != TOMBSTONE) {
                        *ret_key = s->key;
                        if (ret_value)
                                *ret_value = s->value;
                        (*i)++;
                        return true;
                }
        }
        return false;
}
