/* SPDX-License-Identifier: MIT */
/* The pace of the index looks an index write asks for: one a checkout per INDEX_LOOK_MS, the rest later.
 * Must not drop a look it defers: a write that came during the pause is looked at once it ends. */
#include "watch-internal.h"

/* The agent can write an index as often as it likes (a cp or mv loop over
 * eight checkouts), and each look reads the index and what it tracks of
 * the protected files: at this pace the loop cannot be kept busy by it. A
 * git's own writes come seconds apart and find no pause to wait out. */
#define INDEX_LOOK_MS 200

/* And over every checkout together, no more bytes of index read than
 * this a millisecond (128 MiB a second): the agent can make an index as
 * large as INDEX_MAX in as many checkouts as it likes and link it over
 * them in a loop (a new .env waited 4 to 11 s behind such reads). */
#define INDEX_BYTES_PER_MS (128 * 1024)

void index_spent(Watch *w, size_t n) {
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        if (w->index_free_ms < now)
                w->index_free_ms = now;
        w->index_free_ms += n / INDEX_BYTES_PER_MS;
}

/* When c may be looked at next: its own pace, and the budget's. */
static uint64_t look_at(const Watch *w, const Checkout *c) {
        return c->index_next_ms > w->index_free_ms ? c->index_next_ms : w->index_free_ms;
}

static void look_now(Watch *w, Checkout *c, uint64_t now) {
        c->index_next_ms = now + INDEX_LOOK_MS;
        /* Read at once (reading never gets in git's way); written only once
         * git is done, and only when a bit is missing: most index writes
         * cost no /proc walk. */
        if (!c->pending && !c->index_pending && index_look(w, c, false))
                start_index_work(w, c);
}

void index_written(Watch *w, Checkout *c) {
        uint64_t now = w->c.clock->now_ms(w->c.clock_data), at = look_at(w, c);
        if (now >= at) {
                look_now(w, c, now);
                return;
        }
        if (c->index_deferred)
                return; /* one look will see every write made meanwhile */
        c->index_deferred = true;
        if (w->n_index_deferred++ == 0)
                w->c.clock->timer_start(w->index_timer, at - now, INDEX_LOOK_MS);
}

/* c goes (checkout_free): what it deferred goes with it. */
void index_forget(Watch *w, Checkout *c) {
        if (!c->index_deferred)
                return;
        c->index_deferred = false;
        if (--w->n_index_deferred == 0 && w->index_timer) /* none once watch_stop() freed it */
                w->c.clock->timer_stop(w->index_timer);
}

void index_timer_cb(void *userdata) {
        Watch *w = userdata;
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        const char *key;
        void *v;

        /* A look binds nothing and frees no checkout: the map stays as it
         * is while it is walked. */
        for (size_t i = 0; w->n_index_deferred > 0 && hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                if (!c->index_deferred || now < look_at(w, c))
                        continue;
                c->index_deferred = false;
                w->n_index_deferred--;
                look_now(w, c, now);
        }
        if (w->n_index_deferred == 0)
                w->c.clock->timer_stop(w->index_timer);
}
