/* SPDX-License-Identifier: MIT */
/* A checkout renamed (mv co co2): known again by its gitdir's identity, it keeps its state, protected or
 * pending. Must not give a state by name alone, nor keep more than MOVED_MAX gone checkouts, nor any past
 * the deadline. */
#include "watch-internal.h"

#include <inttypes.h>

/*
 * A rename reaches the watcher as a checkout gone and another found. Taken
 * as a new one, a protected checkout would be pending again: its config
 * not audited, its deadline started again, while a git that sits in it
 * (cat-file --batch, an fsmonitor) holds it off, and again at each rename
 * (red team F13). So a checkout that goes leaves its gitdir's identity
 * (device and inode) and its state here, and one found with that gitdir
 * takes them: protected at once if it was, or the deadline it had.
 *
 * An inode number can be used again once its directory is deleted (ext4
 * does so at once). Where the old gitdir's hooks/ carried a bind of ours,
 * the new one must carry that very mount (a delete stops at it until it is
 * given back, and the agent cannot make one); what is kept lasts the git
 * deadline at most.
 */

#define MOVED_MAX 1024

/* One allocation (counts_free frees it). */
typedef struct Moved {
        bool protected;       /* not pending: protected (or judged) when it went */
        uint64_t deadline;    /* a pending one's */
        uint64_t appeared_ms; /* a pending one's */
        uint64_t hooks_mount; /* the mount id of our bind on its hooks/; 0: none */
        uint64_t gone_ms;
        char path[]; /* where it was */
} Moved;

static void id_key(const PlatformFileId *id, char buf[static 48]) {
        snprintf(buf, 48, "%" PRIu64 ":%" PRIu64, id->dev, id->ino);
}

void moved_note(Watch *w, Checkout *c) {
        c->gitdir_id_known = c->gitdir && w->c.files->identity &&
                             w->c.files->identity(w->files, c->gitdir, &c->gitdir_id) >= 0;
}

/* Our bind on dir/hooks: its mount id, or 0. */
static uint64_t hooks_mount(Watch *w, const char *dir, bool now) {
        _cleanup_free_ char *p = dir ? path_join(dir, "hooks") : NULL;
        if (!p)
                return 0;
        if (!now) {
                const Mount *m = bound_at(w, p);
                return m && m->bound && m->made ? m->info.mount_id : 0;
        }
        PlatformBindInfo info;
        return w->c.binder->check(w->binder, PLATFORM_PROTECT, p, &info) == 0 ? info.mount_id : 0;
}

void moved_remember(Watch *w, const Checkout *c) {
        char key[48];
        if (!c->gitdir_id_known || c->released || !w->moved)
                return;
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        const char *k;
        void *v;
        /* What is past the deadline goes; past the bound, nothing new is
         * kept (a rename then takes the way of a new checkout). */
        for (size_t i = 0; hashmap_size(w->moved) > 0 && hashmap_next(w->moved, &i, &k, &v);)
                if (now - ((Moved *) v)->gone_ms >= w->c.git_deadline_ms)
                        free(hashmap_remove(w->moved, k));
        if (hashmap_size(w->moved) >= MOVED_MAX)
                return;
        size_t n = strlen(c->path) + 1;
        Moved *m = calloc(1, sizeof *m + n);
        if (!m)
                return;
        memcpy(m->path, c->path, n);
        m->protected = !c->pending;
        m->deadline = c->deadline;
        m->appeared_ms = c->appeared_ms;
        m->hooks_mount = c->linked ? 0 : hooks_mount(w, c->gitdir, false);
        m->gone_ms = now;
        id_key(&c->gitdir_id, key);
        free(hashmap_remove(w->moved, key));
        if (hashmap_put(w->moved, key, m) < 0)
                free(m);
}

bool moved_take(Watch *w, Checkout *c) {
        char key[48];
        if (!w->moved || hashmap_size(w->moved) == 0 || !c->gitdir_id_known)
                return false;
        id_key(&c->gitdir_id, key);
        Moved *m = hashmap_get(w->moved, key);
        if (!m)
                return false;
        hashmap_remove(w->moved, key);
        uint64_t now = w->c.clock->now_ms(w->c.clock_data);
        if (now - m->gone_ms >= w->c.git_deadline_ms ||
            (m->hooks_mount && hooks_mount(w, c->gitdir, true) != m->hooks_mount)) {
                free(m);
                return false;
        }
        if (!streq(m->path, c->path))
                log_event(w->c.log, LOG_INFO, "checkout-moved",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("from", m->path),
                                     LOG_STR("state", m->protected ? "protected" : "pending")),
                          "path policy: nested checkout {from} moved to {checkout} (the same gitdir): it "
                          "keeps its state ({state})");
        if (m->protected) {
                /* The same name: found again (a rescan after lost events). */
                bool same = streq(m->path, c->path);
                free(m);
                if (c->pending)
                        protect_git(w, c,
                                    same ? "found again, protected before" : "moved, protected before");
                return true;
        }
        if (c->pending) {
                c->deadline = m->deadline;
                c->appeared_ms = m->appeared_ms;
        }
        free(m);
        return true;
}
