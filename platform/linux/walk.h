/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * What the Linux watchers (inotify, fanotify) share: the queue of
 * directories to visit, the names git keeps, and the scan of one directory.
 * Nothing here watches anything: each watcher decides when to scan and what
 * to watch before it does.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>

#include "hashmap.h"
#include "platform.h"

typedef struct VisitGroup VisitGroup;
typedef struct Visit {
        char *rel; /* the directory, made when popped: NULL while queued */
        bool git, writes, shallow;
        bool urgent; /* queued at an event, or below a directory that was */
        /* Queued: its name in its parent's group ("<group id>/<name>",
         * the queued map's key, borrowed by it), its group, its neighbours
         * there (one dropped or made urgent leaves at once). */
        char *key;
        const char *name;
        VisitGroup *group;
        struct Visit *prev, *next;
} Visit;

/* The directories queued in one parent, oldest first; the parent's path
 * kept once for all of them (a crawl of a directory of 100,000
 * subdirectories with paths of 4 KB queues 100,000 names, not 400 MB). */
struct VisitGroup {
        char *parent; /* its level's groups map's key */
        unsigned long long id;
        Visit *head, *tail;
        struct VisitLevel *level;
        VisitGroup *prev, *next; /* in the round */
};

/* One level of the queue: the parents with directories queued, in turn. */
typedef struct VisitLevel VisitLevel;
struct VisitLevel {
        VisitGroup *round, *round_tail; /* next first */
        Hashmap *groups;                /* parent -> its VisitGroup */
};

/* Directories to visit: served one parent at a time in turn (a round of
 * the parents with directories queued, each giving its oldest), so that no
 * part of the tree waits behind another, however many one parent holds (a
 * burst of 40,000 new directories in one place delays a new checkout
 * elsewhere by one visit a round, not by 40,000). Two levels, served in
 * turn when both hold some: urgent (a directory made or moved in, as its
 * event says, and what is below it) and bulk (a crawl, a rescan's
 * listing), so that neither waits for the other to end. Each path queued
 * once (a second time only widens what it is visited for, or makes it
 * urgent); and bounded, past which overflowed says one rescan of the
 * whole tree must replace what would not fit. */
typedef struct VisitQueue {
        VisitLevel level[2]; /* [1] urgent */
        bool turn;           /* the level whose turn it is */
        size_t n;            /* directories queued */
        unsigned long long next_id;
        Hashmap *queued; /* "<group id>/<name>" -> its Visit */
        bool overflowed;
} VisitQueue;

int visit_queue_init(VisitQueue *q);
/* 0 (queued, widened, or over bound: overflowed set), -ENOMEM, or -ENAMETOOLONG. */
int visit_queue_push(VisitQueue *q, const char *rel, bool git, bool writes, bool shallow, bool urgent,
                     size_t bound);
/* The oldest queued directory, the caller's to free with visit_free; NULL when none. */
Visit *visit_queue_pop(VisitQueue *q);
/* rel gone before its visit: not visited. */
void visit_queue_drop(VisitQueue *q, const char *rel);
void visit_queue_clear(VisitQueue *q);
/* The bulk level only: what an overflow's rescan replaces. */
void visit_queue_clear_bulk(VisitQueue *q);
void visit_queue_done(VisitQueue *q); /* clear, and free what it holds */
void visit_free(Visit *v);

/* An event in a read that a later one at the same name stands for: a
 * move to the name or a deletion says afresh what is there (the old
 * forgotten and said gone, the new judged and visited), so the events
 * before it at that name (made, moved in, moved away) need not be
 * handled, unless a watched directory is at the name (its subtree's
 * events must not be read at a path it left: the watcher looks). A storm
 * of renames between a few names (two trees swapped without pause, four
 * events a swap) is then a few events a read, not every one: each had
 * cost lookups in every map of the core and the queue (perf: 60% of the
 * daemon's CPU), and the read-ahead that fell behind delayed every other
 * event by up to 0.6 s. The bit is IN_ONESHOT's, which no event has. */
#define WALK_SUPERSEDED 0x80000000u
/* Mark, among the inotify events in buf from off to len (as read), those
 * a later one there stands for: how many. */
size_t walk_mark_superseded(char *buf, size_t off, size_t len);

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
 * reported, from the start). 0 when it listed the whole directory, or
 * -errno (it could not).
 */
typedef void (*WalkEnter)(void *ctx, const char *child, bool git, bool shallow);
int walk_scan(int fd, const char *rel, bool git, bool *shallow, const WatchCallbacks *cb, void *userdata,
              WalkEnter enter, void *ctx);
/* The same from an open directory stream, at most max entries from where
 * it is: 1 at its end, 0 when max were read (call again for more), or
 * -errno. */
int walk_scan_dir(DIR *d, const char *rel, bool git, bool *shallow, const WatchCallbacks *cb, void *userdata,
                  WalkEnter enter, void *ctx, size_t max);
