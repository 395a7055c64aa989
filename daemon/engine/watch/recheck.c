/* SPDX-License-Identifier: MIT */
/* Reading a linked checkout's .git file and commondir again when a write may have changed them unseen.
 * Must not read on the event itself: a mark per event, one read per checkout per tick, whatever the flood.
 */
#include "watch-internal.h"

/*
 * A .git file or a commondir rewritten through a shared mapping (or a
 * second name) makes no event of its own. What does come is the next git
 * there: it writes in the checkout, or its index wherever the gitdir now
 * lives (perhaps a gitdir nobody knew of). So any event inside a checkout
 * whose .git is a file, or whose gitdir names a common dir, marks it, and
 * an index written anywhere marks them all; the marked are read again at
 * the next tick, once the events in hand are handled: a scan of a large
 * checkout, or a flood of names in it, is one read, not one an entry.
 */

static bool followed(const Checkout *c) {
        return c->gitfile || c->linked;
}

static void arm(Watch *w) {
        if (!w->c.clock->timer_active(w->recheck_timer))
                w->c.clock->timer_start(w->recheck_timer, 0, 0);
}

void recheck_checkout(Watch *w, Checkout *c) {
        if (!followed(c) || c->recheck)
                return;
        c->recheck = true;
        arm(w);
}

/* Every checkout that holds rel, innermost or not (the .git file of an
 * outer one decides nothing below an inner one, but a mark costs little). */
void recheck_holders(Watch *w, const char *rel) {
        char buf[PATH_MAX];
        size_t len = strlen(rel);
        if (hashmap_size(w->checkouts) == 0 || len >= sizeof buf)
                return;
        memcpy(buf, rel, len + 1);
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                *s = 0;
                Checkout *c = hashmap_get(w->checkouts, buf);
                *s = '/';
                if (c)
                        recheck_checkout(w, c);
        }
}

void recheck_all(Watch *w) {
        if (hashmap_size(w->checkouts) == 0)
                return;
        w->recheck_all = true;
        arm(w);
}

void recheck_timer_cb(void *userdata) {
        Watch *w = userdata;
        bool all = w->recheck_all;
        const char *key;
        void *v;

        w->recheck_all = false;
        for (size_t i = 0; hashmap_next(w->checkouts, &i, &key, &v);) {
                Checkout *c = v;
                bool marked = c->recheck;
                c->recheck = false;
                if ((marked || all) && followed(c) && resolve_git(w, c))
                        start_pending(w, c);
        }
}
