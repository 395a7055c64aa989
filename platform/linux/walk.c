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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "util.h"

int visit_queue_init(VisitQueue *q) {
        *q = (VisitQueue){.queued = hashmap_new_borrowed(), .groups = hashmap_new_borrowed()};
        return q->queued && q->groups ? 0 : -ENOMEM;
}

void visit_free(Visit *v) {
        if (v) {
                free(v->rel);
                free(v->key);
        }
        free(v);
}

/* rel as its parent and its name: "" for a top-level one, and for the root itself (whose name is ""). */
static void split(const char *rel, char **ret_parent, const char **ret_name) {
        const char *slash = strrchr(rel, '/');
        *ret_parent = slash ? strndup(rel, (size_t) (slash - rel)) : strdup("");
        *ret_name = slash ? slash + 1 : rel;
}

/* The group of parent, made (and put last in the round) when it has none. */
static VisitGroup *group_of(VisitQueue *q, char *parent) {
        VisitGroup *g = hashmap_get(q->groups, parent);
        if (g) {
                free(parent);
                return g;
        }
        if (!(g = calloc(1, sizeof *g)) || hashmap_put(q->groups, parent, g) < 0) {
                free(g);
                free(parent);
                return NULL;
        }
        g->parent = parent;
        g->id = q->next_id++;
        if (q->round_tail)
                q->round_tail->next = g;
        else
                q->round = g;
        q->round_tail = g;
        return g;
}

static void group_free(VisitQueue *q, VisitGroup *g) {
        hashmap_remove(q->groups, g->parent);
        free(g->parent);
        free(g);
}

int visit_queue_push(VisitQueue *q, const char *rel, bool git, bool writes, bool shallow, size_t bound) {
        _cleanup_free_ char *parent = NULL;
        const char *name;
        split(rel, &parent, &name);
        if (!parent)
                return -ENOMEM;
        VisitGroup *g = hashmap_get(q->groups, parent);
        Visit *v = calloc(1, sizeof *v);
        if (!v || asprintf(&v->key, "%llx/%s", g ? g->id : q->next_id, name) < 0) {
                free(v);
                return -ENOMEM;
        }
        Visit *old = hashmap_get(q->queued, v->key);
        if (old || q->n >= bound) {
                visit_free(v);
                if (!old) {
                        q->overflowed = true;
                        return 0;
                }
                old->git = old->git || git;
                old->writes = old->writes || writes;
                old->shallow = old->shallow && shallow;
                return 0;
        }
        if (hashmap_put(q->queued, v->key, v) < 0) {
                visit_free(v);
                return -ENOMEM;
        }
        if (!g && !(g = group_of(q, TAKE_PTR(parent)))) {
                hashmap_remove(q->queued, v->key);
                visit_free(v);
                return -ENOMEM;
        }
        v->name = strchr(v->key, '/') + 1;
        v->group = g;
        v->git = git;
        v->writes = writes;
        v->shallow = shallow;
        if (g->tail)
                g->tail->next = v;
        else
                g->head = v;
        g->tail = v;
        q->n++;
        return 0;
}

Visit *visit_queue_pop(VisitQueue *q) {
        VisitGroup *g = q->round;
        if (!g)
                return NULL;
        Visit *v = g->head;
        /* The next parent's turn: this one goes last, or away when it has no more. */
        q->round = g->next;
        if (!q->round)
                q->round_tail = NULL;
        g->next = NULL;
        g->head = v->next;
        if (g->head) {
                if (q->round_tail)
                        q->round_tail->next = g;
                else
                        q->round = g;
                q->round_tail = g;
        } else
                g->tail = NULL;
        q->n--;
        hashmap_remove(q->queued, v->key);
        v->next = NULL;
        v->group = NULL;
        if (asprintf(&v->rel, "%s%s%s", g->parent, g->parent[0] ? "/" : "", v->name) < 0)
                v->rel = NULL;
        if (!g->head)
                group_free(q, g);
        if (!v->rel) { /* out of memory: what it would have found, a rescan finds */
                q->overflowed = true;
                visit_free(v);
                return q->n > 0 ? visit_queue_pop(q) : NULL;
        }
        return v;
}

void visit_queue_clear(VisitQueue *q) {
        for (Visit *v; (v = visit_queue_pop(q));)
                visit_free(v);
}

void visit_queue_done(VisitQueue *q) {
        if (q->queued && q->groups)
                visit_queue_clear(q);
        hashmap_free(q->queued);
        hashmap_free(q->groups);
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

/* Gone meanwhile: other (its event comes). */
static WatchType type_of(unsigned char d_type, int dfd, const char *name) {
        WatchType t;
        return platform_dirent_type(dfd, name, d_type, &t) == 0 ? t : WATCH_OTHER;
}

int walk_scan(int fd, const char *rel, bool git, bool *shallow, const WatchCallbacks *cb, void *userdata,
              WalkEnter enter, void *ctx) {
        char child[PATH_MAX];
        bool said_long = false;
        DIR *d = fdopendir(fd);
        if (!d) {
                int r = -errno;
                close(fd);
                return r;
        }
        struct dirent *de;
        for (;;) {
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
        int r = -errno;
        closedir(d);
        return r;
}
