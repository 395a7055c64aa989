/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "platform.h"

/*
 * The bounded poller's walk, portable and without a clock: each call of
 * poller_tick() walks on from where the last one stopped, lists at most
 * max_entries entries, and reports to the WatchCallbacks only what changed
 * since the last complete pass (found: new or of another type; gone: not
 * seen in a whole pass). The caller (platform/darwin/watch.c) runs it on a
 * timer; tests run it on a fake filesystem, tick by tick.
 *
 * Polling is the right tool where there is nothing to subscribe to: off
 * Linux there is no inotify, and FSEvents is coalesced and lossy for a
 * warn-only daemon that must bound its own cost. The bounds keep a tick
 * under a fixed budget whatever the tree.
 */

typedef struct PollFs {
        /* List the directory rel (relative to the root, "" for it) without
         * following symlinks: emit each entry but "." and "..". 0 or -errno. */
        int (*list)(void *fs, const char *rel, void (*emit)(void *ctx, const char *name, WatchType type),
                    void *ctx);
        void *fs;
} PollFs;

typedef struct Poller Poller;

typedef struct PollerStats {
        size_t entries;      /* known now */
        unsigned passes;     /* complete walks */
        unsigned ticks_last; /* ticks the last complete pass took */
} PollerStats;

Poller *poller_new(const PollFs *fs, const WatchOptions *o, const WatchCallbacks *cb, void *userdata);
/* True when this tick completed a pass. */
bool poller_tick(Poller *p);
void poller_stats(const Poller *p, PollerStats *ret);
void poller_free(Poller *p);
