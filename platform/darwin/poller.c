/* SPDX-License-Identifier: MIT */
#include "poller.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "hashmap.h"

typedef struct Known {
        unsigned gen; /* the pass that last saw it */
        WatchType type;
        char rel[]; /* the map's key, borrowed */
} Known;

typedef struct Visit {
        char *rel;
        unsigned depth;
        bool git;
} Visit;

struct Poller {
        PollFs fs;
        WatchOptions o;
        const WatchCallbacks *cb;
        void *userdata;
        Hashmap *known; /* rel -> Known */
        Visit *stack;   /* the pass under way */
        size_t n_stack, allocated_stack;
        unsigned gen, ticks_this_pass, ticks_last_pass, passes;
        bool in_pass;
        /* Bounds: said once while they hold, again after they went. */
        bool entries_warned, depth_warned, depth_hit_this_pass;
        char depth_where[PATH_MAX];
        /* The directory being listed, for emit. */
        const Visit *current;
        size_t budget_used;
};

static int push(Poller *p, const char *rel, unsigned depth, bool git) {
        if (ARRAY_GROW(p->stack, p->allocated_stack, p->n_stack + 1) < 0)
                return -ENOMEM;
        p->stack[p->n_stack] = (Visit){strdup(rel), depth, git};
        if (!p->stack[p->n_stack].rel)
                return -ENOMEM;
        p->n_stack++;
        return 0;
}

Poller *poller_new(const PollFs *fs, const WatchOptions *o, const WatchCallbacks *cb, void *userdata) {
        Poller *p = calloc(1, sizeof *p);
        if (!p)
                return NULL;
        p->fs = *fs;
        p->o = *o;
        p->cb = cb;
        p->userdata = userdata;
        p->known = hashmap_new_borrowed();
        if (!p->known) {
                free(p);
                return NULL;
        }
        return p;
}

void poller_free(Poller *p) {
        const char *key;
        void *v;
        if (!p)
                return;
        for (size_t i = 0; hashmap_next(p->known, &i, &key, &v);)
                free(v);
        hashmap_free(p->known);
        for (size_t i = 0; i < p->n_stack; i++)
                free(p->stack[i].rel);
        free(p->stack);
        free(p);
}

static void emit(void *ctx, const char *name, WatchType type) {
        Poller *p = ctx;
        const Visit *v = p->current;
        char rel[PATH_MAX];
        int n = snprintf(rel, sizeof rel, "%s%s%s", v->rel, v->rel[0] ? "/" : "", name);

        p->budget_used++;
        if (n < 0 || (size_t) n >= sizeof rel)
                return;

        Known *k = hashmap_get(p->known, rel);
        if (k && k->type != type) {
                /* Replaced by something else: gone, then found anew. */
                p->cb->gone(p->userdata, rel);
                hashmap_remove(p->known, rel);
                free(k);
                k = NULL;
        }
        if (!k) {
                k = malloc(sizeof *k + (size_t) n + 1);
                if (!k)
                        return;
                memcpy(k->rel, rel, (size_t) n + 1);
                k->type = type;
                if (hashmap_put(p->known, k->rel, k) < 0) {
                        free(k);
                        return;
                }
                p->cb->found(p->userdata, rel, type);
        }
        k->gen = p->gen;

        /* Never into a symlink (type says so), nor below the top of .git. */
        if (type != WATCH_DIR || v->git)
                return;
        if (v->depth + 1 >= p->o.max_depth) {
                if (!p->depth_hit_this_pass)
                        snprintf(p->depth_where, sizeof p->depth_where, "%s", rel);
                p->depth_hit_this_pass = true;
                return;
        }
        (void) push(p, rel, v->depth + 1, strcmp(name, ".git") == 0);
}

static void finish_pass(Poller *p) {
        const char *key;
        void *v;
        char msg[PATH_MAX + 128];

        /* Whatever this pass did not see is gone. */
        for (size_t i = 0; hashmap_next(p->known, &i, &key, &v);) {
                Known *k = v;
                if (k->gen == p->gen)
                        continue;
                p->cb->gone(p->userdata, k->rel);
                hashmap_remove(p->known, k->rel);
                free(k);
        }
        if (p->depth_hit_this_pass && !p->depth_warned) {
                snprintf(msg, sizeof msg, "--max-depth %u reached: directories this deep are not entered",
                         p->o.max_depth);
                p->cb->warn(p->userdata, p->depth_where, 0, msg);
        }
        p->depth_warned = p->depth_hit_this_pass;
        p->depth_hit_this_pass = false;
        /* A pass done in one tick: the entry bound no longer holds. */
        if (p->ticks_this_pass == 1)
                p->entries_warned = false;
        p->ticks_last_pass = p->ticks_this_pass;
        p->in_pass = false;
        if (p->cb->pass)
                p->cb->pass(p->userdata, hashmap_size(p->known), p->ticks_this_pass);
        if (p->passes++ == 0)
                p->cb->ready(p->userdata);
}

bool poller_tick(Poller *p) {
        char msg[256];

        if (!p->in_pass) {
                p->in_pass = true;
                p->gen++;
                p->ticks_this_pass = 0;
                if (push(p, "", 0, false) < 0)
                        return false;
        }
        p->ticks_this_pass++;
        p->budget_used = 0;
        while (p->n_stack > 0) {
                if (p->budget_used >= p->o.max_entries) {
                        /* The bound stops this tick; the next goes on from here. */
                        if (!p->entries_warned) {
                                p->entries_warned = true;
                                snprintf(msg, sizeof msg,
                                         "--max-entries %zu per tick reached: the walk stopped here and "
                                         "goes on "
                                         "from here next tick",
                                         p->o.max_entries);
                                p->cb->warn(p->userdata, p->stack[p->n_stack - 1].rel, 0, msg);
                        }
                        return false;
                }
                Visit v = p->stack[--p->n_stack];
                p->current = &v;
                (void) p->fs.list(p->fs.fs, v.rel, emit, p);
                p->current = NULL;
                free(v.rel);
        }
        finish_pass(p);
        return true;
}

void poller_stats(const Poller *p, PollerStats *ret) {
        *ret = (PollerStats){
                .entries = hashmap_size(p->known),
                .passes = p->passes,
                .ticks_last = p->ticks_last_pass,
        };
}
