/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * What the Linux watchers (inotify, fanotify) share: the queue of
 * directories to visit, the names git keeps, and the scan of one directory.
 * Nothing here watches anything: each watcher decides when to scan and what
 * to watch before it does.
 */
#include <stdbool.h>
#include <stddef.h>

#include "hashmap.h"
#include "platform.h"

typedef struct Visit {
        char *rel; /* the queued map's key, borrowed */
        bool git, writes, shallow;
} Visit;

/* Directories to visit: first in, first out, so no part of the tree waits
 * behind another; each path queued once (a second time only widens what it
 * is visited for); and bounded, past which overflowed says one rescan of
 * the whole tree must replace what would not fit. */
typedef struct VisitQueue {
        Visit **ring;              /* oldest at head */
        size_t head, n, allocated; /* allocated: 0 or a power of two */
        Hashmap *queued;           /* rel -> its Visit in the ring */
        bool overflowed;
} VisitQueue;

int visit_queue_init(VisitQueue *q);
/* 0 (queued, widened, or over bound: overflowed set), or -ENOMEM. */
int visit_queue_push(VisitQueue *q, const char *rel, bool git, bool writes, bool shallow, size_t bound);
/* The oldest queued directory, the caller's to free with visit_free; NULL when none. */
Visit *visit_queue_pop(VisitQueue *q);
void visit_queue_clear(VisitQueue *q);
void visit_queue_done(VisitQueue *q); /* clear, and free what it holds */
void visit_free(Visit *v);

/* Whether the directory name in parent is entered shallowly (an object
 * store's fan-out, below a .git: only a directory or a .git in it is
 * reported). */
bool walk_shallow_entry(bool git, bool parent_shallow, const char *parent, const char *name);
/* A name git takes as a repository's own (the case folded, as the core
 * folds it where the filesystem does). */
bool walk_is_dotgit_name(const char *name);
/* Whether the last component of rel is exactly .git. */
bool walk_is_dotgit(const char *rel);
/* parent/name into buf; false when it does not fit. */
bool walk_child_path(char *buf, size_t size, const char *parent, const char *name);
/* Say that a name below rel does not fit in PATH_MAX. */
void walk_too_long(const WatchCallbacks *cb, void *userdata, const char *rel);

/*
 * Scan the directory open at fd (the caller's no more), rel beneath the
 * root: found for each entry, and enter(ctx, child, git, shallow) for each
 * subdirectory. *shallow as the directory is entered; false afterwards if
 * the scan found a .git in it (a checkout after all: everything in it is
 * reported, from the start).
 */
typedef void (*WalkEnter)(void *ctx, const char *child, bool git, bool shallow);
void walk_scan(int fd, const char *rel, bool git, bool *shallow, const WatchCallbacks *cb, void *userdata,
               WalkEnter enter, void *ctx);
