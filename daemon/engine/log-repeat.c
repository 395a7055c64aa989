/* SPDX-License-Identifier: MIT */
/* The records said again within a window: counted instead of said, and the count said once at its end.
 * Must not take one record for another (keys compared whole, never by hash alone), nor grow past its table.
 */
#include "log-repeat.h"

#include <sys/random.h>

#include "siphash.h"

/* A table of WAYS slots a record: a record for which all of them are taken
 * takes the one least worth keeping (no count, then the oldest), whose
 * count is said first (log_repeat_seen's emit), so nothing is lost, only
 * said sooner; a stream of records each new (a checkout each) passes
 * through the slots without a count and leaves those with one alone. The
 * slots are chosen by a keyed hash: the agent picks the paths in records,
 * not which of them share slots. */
#define SLOTS 256
#define WAYS 4
/* A record longer than this (a path near PATH_MAX twice) is always said. */
#define KEY_MAX 4096

typedef struct Slot {
        char *key; /* NULL: free */
        char *event, *msg;
        LogLevel level;
        uint64_t start_ms, count;
        unsigned said; /* times said in this window */
} Slot;

struct LogRepeat {
        uint8_t hash_key[16];
        Slot slots[SLOTS];
        size_t counting; /* slots with a count */
};

int log_repeat_new(LogRepeat **ret) {
        LogRepeat *r = calloc(1, sizeof *r);
        if (!r)
                return -ENOMEM;
        /* Without entropy (early boot) a fixed key: a slot shared by two
         * records costs a count said early, nothing else. */
        if (getrandom(r->hash_key, sizeof r->hash_key, GRND_NONBLOCK) != (ssize_t) sizeof r->hash_key)
                memset(r->hash_key, 0x5a, sizeof r->hash_key);
        *ret = r;
        return 0;
}

static void slot_clear(LogRepeat *r, Slot *s) {
        if (s->count > 0)
                r->counting--;
        free(s->key);
        free(s->event);
        free(s->msg);
        *s = (Slot){0};
}

static void slot_say(LogRepeat *r, Slot *s, LogRepeatEmit emit, void *ctx) {
        if (s->count > 0)
                emit(ctx, s->level, s->event, s->msg, s->count);
        slot_clear(r, s);
}

void log_repeat_free(LogRepeat *r) {
        if (!r)
                return;
        for (size_t i = 0; i < SLOTS; i++)
                slot_clear(r, &r->slots[i]);
        free(r);
}

bool log_repeat_seen(LogRepeat *r, uint64_t now_ms, LogLevel level, const char *event, const char *key,
                     const char *msg, LogRepeatEmit emit, void *ctx) {
        size_t n = strlen(key);
        if (!r || n > KEY_MAX)
                return false;
        uint64_t h = siphash24(key, n, r->hash_key);
        Slot *s = NULL;
        for (size_t k = 0; k < WAYS; k++) {
                Slot *x = &r->slots[(h + k) % SLOTS];
                if (x->key && streq(x->key, key)) {
                        s = x;
                        break;
                }
                /* Else the one least worth keeping: free, then with no
                 * count, then the oldest. */
                if (!s || (s->key && (!x->key || (x->count == 0 && s->count > 0) ||
                                      ((x->count == 0) == (s->count == 0) && x->start_ms < s->start_ms))))
                        s = x;
        }
        if (s->key && now_ms - s->start_ms < LOG_REPEAT_MS && streq(s->key, key)) {
                if (s->said < LOG_REPEAT_SAID) {
                        s->said++;
                        return false;
                }
                if (s->count++ == 0)
                        r->counting++;
                return true;
        }
        /* Another record, or this one after its window: the slot's count
         * is said, and the slot is this record's from now. */
        slot_say(r, s, emit, ctx);
        s->key = strdup(key);
        s->event = strdup(event);
        s->msg = strdup(msg);
        if (!s->key || !s->event || !s->msg) {
                slot_clear(r, s);
                return false;
        }
        s->level = level;
        s->start_ms = now_ms;
        s->said = 1;
        return false;
}

size_t log_repeat_flush(LogRepeat *r, uint64_t now_ms, bool all, LogRepeatEmit emit, void *ctx) {
        for (size_t i = 0; r && i < SLOTS; i++) {
                Slot *s = &r->slots[i];
                if (s->key && (all || now_ms - s->start_ms >= LOG_REPEAT_MS))
                        slot_say(r, s, emit, ctx);
        }
        return r ? r->counting : 0;
}
