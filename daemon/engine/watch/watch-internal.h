/* SPDX-License-Identifier: MIT */
/* What the files of the watcher (daemon/engine/watch/) share: their records and functions.
 * Must not be included outside watch/: the rest of the engine sees only watch.h. */
#pragma once

#include "hashmap.h"
#include "util.h"
#include "watch.h"

typedef struct Checkout Checkout;

/* A process that made a checkout: its pidfd, polled so that protection goes
 * on the moment the last one exits. */
typedef struct Maker {
        uv_poll_t poll;
        Checkout *c; /* NULL once the checkout let go of it */
        int fd;
} Maker;

struct Checkout {
        Watch *w;
        char *path;          /* relative to the root */
        bool gitfile;        /* .git is a file naming the gitdir */
        char *gitdir;        /* resolved the way git resolves it; NULL when refused */
        char *commondir;     /* the gitdir's common dir, when it names one; NULL otherwise */
        bool linked;         /* the gitdir names a common dir: a linked worktree's admin dir */
        char *wanted;        /* a gitdir or common dir named but missing: followed until it appears */
        const char *refused; /* the last reason said for the git metadata, not to say it twice */
        bool pending;        /* git metadata not protected yet */
        bool index_pending;  /* its index changed: looked at once git is done */
        bool needs_makers;   /* its makers: taken at the next tick */
        bool released;       /* its mounts given back (release_tree): a HEAD made again protects it again */
        bool recheck;        /* its .git file and commondir: read again at the next tick (recheck.c) */
        int index_said;      /* the last index failure said, not to say it twice */
        bool sparse_said;    /* git clears skip-worktree there (a sparse checkout): said */
        bool refound;        /* known before the last rescan: what it finds bound already is not news */
        /* The index as last looked at on an event (index_look without
         * write): the same file again is not read again. */
        PlatformFileId index_id;
        bool index_id_known, index_needs_skip;
        /* The pace of those looks (index-pace.c): none before index_next_ms;
         * one asked for meanwhile is deferred, never dropped. */
        uint64_t index_next_ms;
        bool index_deferred;
        /* Its config files (gitconfig.c): identities at the last look, in
         * each_config's order; a held lock to try again; how many times. */
        PlatformFileId config_ids[4];
        bool config_retry;
        unsigned config_retries;
        bool worktree_dangling; /* core.worktree names what is absent (gitconfig.c): looked at again */
        uint64_t appeared_ms;   /* the boot clock, to compare with processes' start */
        uint64_t deadline;      /* the watcher's clock (now_ms) */
        bool lock_looked;       /* a git lock held with no maker known: the makers looked for once more */
        bool makers_partial;    /* the last look for its makers was cut short or failed */
        /* Its gitdir's identity (moved.c): a checkout renamed is known
         * again by it, and keeps its state. */
        PlatformFileId gitdir_id;
        bool gitdir_id_known;
        Maker **makers;
        size_t n_makers, n_makers_allocated;
};

/* A path the watcher bound, or tried to: the value of w->bound. A failure
 * is kept (how it failed) so that it is said when it is new, not at every
 * event that finds the same thing again; it is judged again at the path's
 * next event. A mount this daemon made keeps what unbind needs to give it
 * back (release_tree); one that was there already is not ours to give. */
typedef struct Mount {
        bool bound;            /* bound; otherwise the last try failed, as err at step */
        int err;               /* errno of the last failure */
        PlatformBindStep step; /* where the last failure was */
        bool made;             /* ours: kind and info give it back */
        PlatformBindKind kind;
        PlatformBindInfo info;
} Mount;

/* A count per path (w->below, w->dirs, w->wanted): a typed value, so that
 * a count is never a pointer. */
typedef struct PathCount {
        size_t n;
} PathCount;

struct Watch {
        WatchConfig c;
        void *binder;
        void *files;
        const WatcherOps *wops;
        void *watcher;
        char *root_abs;       /* to read absolute gitdir lines: watch_root_abs */
        int root_fd;          /* O_PATH: where root_abs is read again */
        Hashmap *checkouts;   /* path -> Checkout */
        Hashmap *bound;       /* path -> Mount */
        Hashmap *below;       /* every proper ancestor of a key of checkouts, bound or dirs -> PathCount */
        Hashmap *dirs;        /* every checkout's gitdir and common dir -> PathCount */
        Hashmap *wanted;      /* a missing gitdir or common dir and its ancestors -> PathCount */
        Hashmap *former;      /* a set: a checkout gone (its .git) with binds still below it */
        Hashmap *refind;      /* a set: checkouts known before the last rescan, not found again yet */
        Hashmap *emptied;     /* a set: where something went, to see whether only our mounts are left */
        Hashmap *differs;     /* a set: a tracked protected file said to differ from the index */
        Hashmap *hashed;      /* a tracked protected file -> HashedFile: its oid while its identity stands */
        Hashmap *hooks_added; /* a hooks dir -> HooksAdded: names made there in this interval */
        Hashmap *own_locks;   /* a lock we renamed over a config -> PathCount: its going is ours */
        Hashmap *refused;     /* a bound config -> Refused: the last write refused there */
        Hashmap *fresh;       /* a set: a gitdir whose config was renewed, the renew's events not seen yet */
        Hashmap *moved;       /* a gone checkout's gitdir identity -> Moved: its state, for a rename */
        Hashmap *hooks_settle; /* audit mode: an empty hook named as git-lfs's -> its checkout's path */
        ClockTimer *timer, *release_timer, *index_timer, *hooks_timer, *recheck_timer, *config_timer;
        ClockTimer *hooks_settle_timer;
        bool config_sweep;        /* an event since the last sweep of the config files (audit mode) */
        bool config_idle;         /* config_timer armed for the idle sweep (gitconfig.c), not a sooner one */
        uint64_t config_first_ms; /* when the sooner one was armed first (config_soon) */
        size_t config_idle_at;    /* where the next idle slice starts in checkouts */
        bool worktree_dangling;   /* some checkout's is (the sweep runs in bind mode too) */
        bool stopping;            /* the daemon stops: config_final's audit, nothing bound */
        bool recheck_all;         /* an index written somewhere: every linked checkout read again */
        bool release_late;        /* the release timer is the second look (release-tree.c) */
        size_t n_index_deferred;
        uint64_t index_free_ms; /* when the read budget of the indexes allows the next look */
        size_t n_pending, mounts;
        size_t n_made;     /* the Mounts in bound that we made */
        unsigned failures; /* git metadata binds that failed, to tell a protection that held from one that
                              did not */
        bool budget_said;
        WatchStats stats;
};

/* maps.c: paths, the sets (set_add), the counts (PathCount), tracking in
 * checkouts and bound with the ancestors counted in below. */
bool is_git_entry(const char *entry);
char *path_join(const char *a, const char *b);
bool path_under(const char *path, const char *dir);
int set_add(Hashmap *set, const char *key);
void counts_free(Hashmap *map);
int count_ancestors(Hashmap *map, const char *key, bool up, bool self);
int track_path(Watch *w, Hashmap *map, const char *key, void *value);
void *untrack_path(Watch *w, Hashmap *map, const char *key);
int dir_ref(Watch *w, const char *dir);
void dir_unref(Watch *w, const char *dir);

/* mounts.c: the Mount records, and binding a path. */
Mount *bound_at(const Watch *w, const char *path);
int mount_new(Watch *w, const char *path, Mount **ret);
void mount_forget(Watch *w, const char *path);
bool mount_in_place(Watch *w, const char *path, const Mount *m);
void mount_forget_moved(Watch *w, const char *rel);
void mount_gone(Watch *w, const char *path);
int bind_path_as(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path, const char *shown_as,
                 bool metadata);
int bind_path(Watch *w, const Checkout *c, PlatformBindKind kind, const char *path, bool metadata);
void bind_actions(Watch *w, Checkout *c, bool with_protects);
bool is_bound(Watch *w, const char *path);

/* gitdir.c: where a checkout's git metadata is. */
bool git_common_name(const char *name);
int check_dir(Watch *w, const char *dir);
void watch_dir(Watch *w, const char *dir);
int want_dir(Watch *w, Checkout *c, char *dir);
bool resolve_git(Watch *w, Checkout *c);

/* makers.c: the git rule (a checkout pending until its makers are done). */
void drop_makers(Checkout *c);
void start_pending(Watch *w, Checkout *c);
void start_index_work(Watch *w, Checkout *c);
void makers_timer_cb(void *userdata);

/* protect.c: protection of the git metadata, and the audit. */
void audit_emit(void *ctx, const char *name);
/* Names, counted, the first NAME_SAMPLE_MAX of them listed (git's samples
 * left out): sample_add is a list emitter over a NameSample. */
#define NAME_SAMPLE_MAX 8
typedef struct NameSample {
        char *list;
        size_t count;
} NameSample;
void sample_add(void *ctx, const char *name);
void audit_hooks(Watch *w, const Checkout *c, const char *hooks);
void protect_git(Watch *w, Checkout *c, const char *reason);

/* gitconfig.c: the config files, their keys taken out; a refused write
 * said. config_bound_name: whether name in a gitdir is bound (not config
 * or config.worktree in audit mode). */
bool config_name(const char *name);
bool config_bound_name(const Watch *w, const char *name);
void config_protect(Watch *w, Checkout *c);
void config_protect_dir(Watch *w, Checkout *c, const char *dir);
/* Audit mode: a config file in a gitdir below c's modules/ that no
 * checkout names, changed: its keys out at once, c pending or not. */
void config_module_changed(Watch *w, Checkout *c, const char *dir, const char *name);
void config_changed(Watch *w, Checkout *c, const char *dir, const char *name);
void config_index_written(Watch *w, Checkout *c);
void config_remember(Watch *w, Checkout *c);
void config_event(Watch *w);
void config_timer_cb(void *userdata);
bool config_lock_gone(Watch *w, const char *rel);
void config_bound_fresh(Watch *w, const char *path);
void config_renew_gone(Watch *w, const char *rel);
void config_forget(Watch *w);
/* Audit mode: a pending checkout's config files, their keys taken out in
 * the sweep once the workspace is quiet (nothing rewritten without a key). */
void config_pending(Watch *w, Checkout *c);
/* Every checkout's config files once more, whatever its state: the
 * daemon stops. */
void config_final(Watch *w);

/* moved.c: a checkout renamed (its gitdir the same directory) keeps its
 * state: moved_note keeps c's gitdir identity, moved_remember keeps its
 * state as it goes, moved_take gives it to a checkout found with that
 * gitdir (protected at once, or the same deadline); whether it did. */
void moved_note(Watch *w, Checkout *c);
void moved_remember(Watch *w, const Checkout *c);
bool moved_take(Watch *w, Checkout *c);

/* modules.c: the gitdirs below c's own that no checkout names (.git/modules/NAME), protected with c; a
 * HEAD or config appearing in one runs c's rule again. */
void modules_protect(Watch *w, Checkout *c);
void modules_event(Watch *w, const char *rel);

/* index.c: the index work. */
void forget_differs(Watch *w, const char *dir);
bool index_look(Watch *w, Checkout *c, bool write);
void index_work(Watch *w, Checkout *c);

/* hooks-added.c: names made in a protected hooks/ (a way around its bind),
 * said per directory per interval, one record with a count. */
void hooks_added(Watch *w, const Checkout *c, const char *hooks, const char *name, const char *to);
void hooks_forget(Watch *w);
void hooks_timer_cb(void *userdata);

/* hooks-audit.c: audit mode's hooks/ (not bound): what is not git's own
 * renamed aside, at protection (hooks_take_out, gitdir's hooks) and at an
 * event in a protected checkout's hooks/ or of its hooks itself. */
void hooks_take_out(Watch *w, const Checkout *c, const char *gitdir);
void hooks_event(Watch *w, const char *rel);
void hooks_index_written(Watch *w, Checkout *c);
void hooks_settle_cb(void *userdata);
void hooks_settle_forget(Watch *w);

/* index-pace.c: an index written again, looked at no more often than
 * INDEX_LOOK_MS a checkout, and the bytes of every look within a budget
 * a second (index_spent: n bytes just read); what waits runs from a timer. */
void index_written(Watch *w, Checkout *c);
void index_spent(Watch *w, size_t n);
void index_forget(Watch *w, Checkout *c);
void index_timer_cb(void *userdata);

/* release-tree.c: giving back the mounts of a checkout that went. */
bool binds_below(Watch *w, const char *dir);
void release_timer_cb(void *userdata);
void maybe_emptied(Watch *w, const char *rel);

/* recheck.c: a linked checkout's .git file and commondir read again after an event that may follow an
 * unseen rewrite. */
void recheck_checkout(Watch *w, Checkout *c);
void recheck_holders(Watch *w, const char *rel);
void recheck_all(Watch *w);
void recheck_timer_cb(void *userdata);

/* events.c: event dispatch (the callbacks are watch_callbacks, watch.h). */
void forget_below(Watch *w, Hashmap *map, const char *rel, bool checkouts);

/* watch.c: the lifecycle; a watch-warning record (the backend's, or what the
 * watcher could not keep for want of memory). */
void watch_warn(Watch *w, const char *rel, int err, const char *what);

/* no-window.c: --no-window's callbacks (WatchCallbacks: mask_pending runs on the backend's thread). */
bool watch_mask_pending(void *userdata, const char *rel, bool (*is_checkout)(void *ctx, const char *dir),
                        void *ctx);
bool watch_mask_dir(void *userdata, const char *rel, bool (*is_checkout)(void *ctx, const char *dir),
                    void *ctx);
void watch_open_denied(void *userdata, const char *rel, size_t count);

/* watch.c: a watch-blind record (error): what the backend cannot see. */
void watch_blind(Watch *w, const char *rel, int err, const char *what);
/* watch.c: the root's absolute name now (to compare with the absolute
 * names git writes), read again from the root held open: the root, or a
 * directory above it, may have been renamed since the start. */
const char *watch_root_abs(Watch *w);
