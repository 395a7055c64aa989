/* SPDX-License-Identifier: MIT */
/*
 * The Linux watchers' shared walk: the queue of directories to visit, the
 * names git keeps, the scan of one directory. Must not watch anything: the
 * watcher watches a directory before it hands it here.
 */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "util.h"

int visit_queue_init(VisitQueue *q) {
        *q = (VisitQueue){.queued = hashmap_new_borrowed()};
        for (size_t l = 0; l < ELEMENTSOF(q->level); l++)
                q->level[l].groups = hashmap_new_borrowed();
        return q->queued && q->level[0].groups && q->level[1].groups ? 0 : -ENOMEM;
}

void visit_free(Visit *v) {
        if (v) {
                free(v->rel);
                free(v->key);
        }
        free(v);
}

/* rel (shorter than PATH_MAX) as its parent and its name: "" for a top-level one, and for the
 * root itself (whose name is ""). */
static void split(const char *rel, char parent[static PATH_MAX], const char **ret_name) {
        const char *slash = strrchr(rel, '/');
        size_t len = slash ? (size_t) (slash - rel) : 0;
        memcpy(parent, rel, len);
        parent[len] = 0;
        *ret_name = slash ? slash + 1 : rel;
}

/* A new group for parent (taken; freed on failure, NULL out of memory), the level's from then on,
 * last in its round. */
static VisitGroup *group_new(VisitQueue *q, VisitLevel *l, char *parent) {
        VisitGroup *g = parent ? calloc(1, sizeof *g) : NULL;
        if (!g || hashmap_put(l->groups, parent, g) < 0) {
                free(g);
                free(parent);
                return NULL;
        }
        g->parent = parent;
        g->id = q->next_id++;
        g->level = l;
        g->prev = l->round_tail;
        if (l->round_tail)
                l->round_tail->next = g;
        else
                l->round = g;
        l->round_tail = g;
        return g;
}

static void round_unlink(VisitLevel *l, VisitGroup *g) {
        if (g->prev)
                g->prev->next = g->next;
        else
                l->round = g->next;
        if (g->next)
                g->next->prev = g->prev;
        else
                l->round_tail = g->prev;
        g->prev = g->next = NULL;
}

/* v out of the queue (the caller's to free); its group too when it empties. */
static void visit_unlink(VisitQueue *q, Visit *v) {
        VisitGroup *g = v->group;
        if (v->prev)
                v->prev->next = v->next;
        else
                g->head = v->next;
        if (v->next)
                v->next->prev = v->prev;
        else
                g->tail = v->prev;
        v->prev = v->next = NULL;
        v->group = NULL;
        hashmap_remove(q->queued, v->key);
        q->n--;
        if (!g->head) {
                round_unlink(g->level, g);
                hashmap_remove(g->level->groups, g->parent);
                free(g->parent);
                free(g);
        }
}

/* The queued map's key of name in the group of id, into key (at least strlen(name) + 18 bytes). */
static void visit_key(char *key, unsigned long long id, const char *name) {
        static const char hex[] = "0123456789abcdef";
        char digits[16];
        size_t n = 0, len = strnlen(name, NAME_MAX);
        do
                digits[n++] = hex[id & 15];
        while ((id >>= 4) && n < sizeof digits);
        for (size_t i = 0; i < n; i++)
                key[i] = digits[n - 1 - i];
        key[n] = '/';
        memcpy(key + n + 1, name, len);
        key[n + 1 + len] = 0;
}

/* The queued visit of name in g, or NULL. */
static Visit *queued_in(const VisitQueue *q, const VisitGroup *g, const char *name) {
        char key[NAME_MAX + 24];
        if (!g)
                return NULL;
        visit_key(key, g->id, name);
        return hashmap_get(q->queued, key);
}

int visit_queue_push(VisitQueue *q, const char *rel, bool git, bool writes, bool shallow, bool urgent,
                     size_t bound) {
        char parent[PATH_MAX];
        const char *name;
        if (strnlen(rel, PATH_MAX) == PATH_MAX)
                return -ENAMETOOLONG;
        split(rel, parent, &name);
        VisitGroup *gs[2] = {hashmap_get(q->level[0].groups, parent),
                             hashmap_get(q->level[1].groups, parent)};
        Visit *old = queued_in(q, gs[1], name);
        if (!old)
                old = queued_in(q, gs[0], name);
        if (old) {
                git = old->git = old->git || git;
                writes = old->writes = old->writes || writes;
                shallow = old->shallow = old->shallow && shallow;
                if (old->urgent || !urgent)
                        return 0;
                /* Made urgent: queued again there (its group gone with it if it was the last). */
                visit_unlink(q, old);
                visit_free(old);
                gs[0] = hashmap_get(q->level[0].groups, parent);
        } else if (q->n >= bound) {
                q->overflowed = true;
                return 0;
        }
        VisitLevel *l = &q->level[urgent];
        VisitGroup *g = gs[urgent];
        Visit *v = calloc(1, sizeof *v);
        if (!v || !(v->key = malloc(strnlen(name, NAME_MAX) + 18))) {
                free(v);
                return -ENOMEM;
        }
        visit_key(v->key, g ? g->id : q->next_id, name);
        if (hashmap_put(q->queued, v->key, v) < 0) {
                visit_free(v);
                return -ENOMEM;
        }
        if (!g && !(g = group_new(q, l, strdup(parent)))) {
                hashmap_remove(q->queued, v->key);
                visit_free(v);
                return -ENOMEM;
        }
        v->name = strchr(v->key, '/') + 1;
        v->group = g;
        v->git = git;
        v->writes = writes;
        v->shallow = shallow;
        v->urgent = urgent;
        v->prev = g->tail;
        if (g->tail)
                g->tail->next = v;
        else
                g->head = v;
        g->tail = v;
        q->n++;
        return 0;
}

/* The oldest visit of the next parent in l's round (that parent then goes
 * last, or away when it has no more), its rel made: NULL out of memory. */
static Visit *level_pop(VisitQueue *q, VisitLevel *l) {
        VisitGroup *g = l->round;
        Visit *v = g->head;
        size_t pl = strlen(g->parent), nl = strlen(v->name);
        if ((v->rel = malloc(pl + 1 + nl + 1))) {
                memcpy(v->rel, g->parent, pl);
                v->rel[pl] = '/';
                memcpy(v->rel + (pl ? pl + 1 : 0), v->name, nl + 1);
        }
        if (v->next) { /* its turn taken: last in the round */
                round_unlink(l, g);
                g->prev = l->round_tail;
                if (l->round_tail)
                        l->round_tail->next = g;
                else
                        l->round = g;
                l->round_tail = g;
        }
        visit_unlink(q, v);
        return v;
}

Visit *visit_queue_pop(VisitQueue *q) {
        for (;;) {
                VisitLevel *l = &q->level[q->turn];
                if (!l->round)
                        l = &q->level[!q->turn];
                if (!l->round)
                        return NULL;
                q->turn = !q->turn;
                Visit *v = level_pop(q, l);
                if (v->rel)
                        return v;
                q->overflowed = true; /* out of memory: what it would have found, a rescan finds */
                visit_free(v);
        }
}

void visit_queue_drop(VisitQueue *q, const char *rel) {
        char parent[PATH_MAX];
        const char *name;
        if (strnlen(rel, PATH_MAX) == PATH_MAX)
                return;
        split(rel, parent, &name);
        for (size_t l = 0; l < ELEMENTSOF(q->level); l++) {
                Visit *v = queued_in(q, hashmap_get(q->level[l].groups, parent), name);
                if (v) {
                        visit_unlink(q, v);
                        visit_free(v);
                }
        }
}

void visit_queue_clear_bulk(VisitQueue *q) {
        while (q->level[0].round)
                visit_free(level_pop(q, &q->level[0]));
}

void visit_queue_clear(VisitQueue *q) {
        for (Visit *v; (v = visit_queue_pop(q));)
                visit_free(v);
}

void visit_queue_done(VisitQueue *q) {
        if (q->queued && q->level[0].groups && q->level[1].groups)
                visit_queue_clear(q);
        hashmap_free(q->queued);
        for (size_t l = 0; l < ELEMENTSOF(q->level); l++)
                hashmap_free(q->level[l].groups);
        *q = (VisitQueue){0};
}

static bool two_hex(const char *name) {
        return strlen(name) == 2 && strspn(name, "0123456789abcdef") == 2;
}

/* Below a .git everything is entered: git takes a directory with its own
 * .git anywhere as a repository (.git/x/repo, .git/objects/ab/hid), so a
 * checkout could hide anywhere there. The object stores' fan-out
 * (objects/ab/, pack/, info/; git-lfs's lfs/objects/ab/cd/) holds thousands
 * of files git writes and renames, and no directory of git's: those are
 * watched for a directory or a .git only, so their objects cost no report,
 * and any directory in one (the agent's) is entered in full. A two-hex
 * directory in a shallow one is shallow too: lfs/objects/ab/cd/. */
bool walk_shallow_entry(bool git, bool parent_shallow, const char *parent, const char *name) {
        if (!git)
                return false;
        if (parent_shallow)
                return two_hex(name);
        const char *slash = strrchr(parent, '/');
        const char *base = slash ? slash + 1 : parent;
        return strcmp(base, "objects") == 0 &&
               (two_hex(name) || strcmp(name, "pack") == 0 || strcmp(name, "info") == 0);
}

bool walk_is_dotgit_name(const char *name) {
        return strcasecmp(name, ".git") == 0;
}

bool walk_is_dotgit(const char *rel) {
        const char *slash = strrchr(rel, '/');
        return strcmp(slash ? slash + 1 : rel, ".git") == 0;
}

bool walk_child_path(char *buf, size_t size, const char *parent, const char *name) {
        int n = snprintf(buf, size, "%s%s%s", parent, parent[0] ? "/" : "", name);
        return n >= 0 && (size_t) n < size;
}

/* Never silent, since a checkout down there would go unprotected. */
void walk_too_long(const WatchCallbacks *cb, void *userdata, const char *rel) {
        cb->warn(userdata, rel, ENAMETOOLONG,
                 "a path below is longer than PATH_MAX: not watched, so a nested checkout there is not "
                 "protected");
}

/* The events that can stand for another, or be stood for. */
#define ENTRY_EVENTS (IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
/* Names looked back at: a flood is a few names; any other name costs a
 * few comparisons, no hashing. */
#define WALK_RECENT_NAMES 8
_Static_assert(WALK_SUPERSEDED == IN_ONESHOT, "a bit no event has");
/* Mark the events in buf from off on that a later one there stands
 * for: each name's last events, those not yet stood for, are kept (a few;
 * past them the oldest is left to be handled), and a move there or a
 * deletion stands for them all. A move away stands for none: with
 * RENAME_EXCHANGE the kernel says the other directory moved to the name
 * before it says this one left it, so what is there after it is known
 * only by looking. */
size_t walk_mark_superseded(char *buf, size_t off, size_t len) {
        struct {
                size_t off[4], n;
        } recent[WALK_RECENT_NAMES];
        size_t used = 0, next = 0, marked = 0;
        while (off < len) {
                struct inotify_event *p = (struct inotify_event *) (buf + off);
                size_t i, at = off;
                off += sizeof *p + p->len;
                if (p->mask & IN_Q_OVERFLOW) { /* events lost between: nothing stands for another */
                        used = next = 0;
                        continue;
                }
                if (p->len == 0 || !(p->mask & ENTRY_EVENTS) || (p->mask & IN_MODIFY))
                        continue;
                for (i = 0; i < used; i++) {
                        const struct inotify_event *q =
                                (const struct inotify_event *) (buf + recent[i].off[recent[i].n - 1]);
                        if (q->wd == p->wd && strcmp(q->name, p->name) == 0)
                                break;
                }
                if (i == used) { /* a name not among the recent ones: in place of the oldest */
                        i = next;
                        next = (next + 1) % WALK_RECENT_NAMES;
                        if (used < WALK_RECENT_NAMES)
                                used++;
                        recent[i].n = 0;
                } else if (p->mask & (IN_MOVED_TO | IN_DELETE)) {
                        for (size_t k = 0; k < recent[i].n; k++)
                                ((struct inotify_event *) (buf + recent[i].off[k]))->mask |= WALK_SUPERSEDED;
                        marked += recent[i].n;
                        recent[i].n = 0;
                } else if (recent[i].n == ELEMENTSOF(recent[i].off)) {
                        memmove(recent[i].off, recent[i].off + 1,
                                sizeof recent[i].off - sizeof recent[i].off[0]);
                        recent[i].n--;
                }
                recent[i].off[recent[i].n++] = at;
        }
        return marked;
}

/* Gone meanwhile: other (its event comes). */
static WatchType type_of(unsigned char d_type, int dfd, const char *name) {
        WatchType t;
        return platform_dirent_type(dfd, name, d_type, &t) == 0 ? t : WATCH_OTHER;
}

int walk_scan_dir(DIR *d, const char *rel, bool git, bool *shallow, const WatchCallbacks *cb, void *userdata,
                  WalkEnter enter, void *ctx, size_t max) {
        char child[PATH_MAX];
        bool said_long = false;
        struct dirent *de;
        for (size_t n = 0;; n++) {
                if (n == max)
                        return 0;
                errno = 0;
                if (!(de = readdir(d)))
                        break;
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                        continue;
                if (*shallow && walk_is_dotgit_name(de->d_name)) {
                        /* A checkout after all: everything in it is
                         * reported, from the start (what was reported
                         * already is reported again, which changes nothing). */
                        *shallow = false;
                        rewinddir(d);
                        continue;
                }
                if (!walk_child_path(child, sizeof child, rel, de->d_name)) {
                        if (!said_long)
                                walk_too_long(cb, userdata, rel);
                        said_long = true;
                        continue;
                }
                /* An object: no lookup, no report. */
                if (*shallow && de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
                        continue;
                WatchType t = type_of(de->d_type, dirfd(d), de->d_name);
                if (*shallow && t != WATCH_DIR)
                        continue;
                cb->found(userdata, child, t);
                if (t == WATCH_DIR)
                        enter(ctx, child, git || strcmp(de->d_name, ".git") == 0,
                              walk_shallow_entry(git, *shallow, rel, de->d_name));
        }
        return errno ? -errno : 1;
}

int walk_scan(int fd, const char *rel, bool git, bool *shallow, const WatchCallbacks *cb, void *userdata,
              WalkEnter enter, void *ctx) {
        DIR *d = fdopendir(fd);
        if (!d) {
                int r = -errno;
                close(fd);
                return r;
        }
        int r = walk_scan_dir(d, rel, git, shallow, cb, userdata, enter, ctx, SIZE_MAX);
        closedir(d);
        return r < 0 ? r : 0;
}
