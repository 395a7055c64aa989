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

int visit_queue_init(VisitQueue *q) {
        *q = (VisitQueue){.queued = hashmap_new_borrowed()};
        return q->queued ? 0 : -ENOMEM;
}

void visit_free(Visit *v) {
        if (v)
                free(v->rel);
        free(v);
}

int visit_queue_push(VisitQueue *q, const char *rel, bool git, bool writes, bool shallow, size_t bound) {
        Visit *v = hashmap_get(q->queued, rel);
        if (v) {
                v->git = v->git || git;
                v->writes = v->writes || writes;
                v->shallow = v->shallow && shallow;
                return 0;
        }
        if (q->n >= bound) {
                q->overflowed = true;
                return 0;
        }
        if (q->n == q->allocated) {
                size_t n = q->allocated ? q->allocated * 2 : 64;
                Visit **ring = malloc(n * sizeof *ring);
                if (!ring)
                        return -ENOMEM;
                for (size_t i = 0; i < q->n; i++)
                        ring[i] = q->ring[(q->head + i) & (q->allocated - 1)];
                free(q->ring);
                q->ring = ring;
                q->allocated = n;
                q->head = 0;
        }
        if (!(v = calloc(1, sizeof *v)) || !(v->rel = strdup(rel)) ||
            hashmap_put(q->queued, v->rel, v) < 0) {
                visit_free(v);
                return -ENOMEM;
        }
        v->git = git;
        v->writes = writes;
        v->shallow = shallow;
        q->ring[(q->head + q->n++) & (q->allocated - 1)] = v;
        return 0;
}

Visit *visit_queue_pop(VisitQueue *q) {
        if (q->n == 0)
                return NULL;
        Visit *v = q->ring[q->head];
        q->head = (q->head + 1) & (q->allocated - 1);
        q->n--;
        hashmap_remove(q->queued, v->rel);
        return v;
}

void visit_queue_clear(VisitQueue *q) {
        for (Visit *v; (v = visit_queue_pop(q));)
                visit_free(v);
}

void visit_queue_done(VisitQueue *q) {
        if (q->queued)
                visit_queue_clear(q);
        free(q->ring);
        hashmap_free(q->queued);
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

void walk_scan(int fd, const char *rel, bool git, bool *shallow, const WatchCallbacks *cb, void *userdata,
               WalkEnter enter, void *ctx) {
        char child[PATH_MAX];
        bool said_long = false;
        DIR *d = fdopendir(fd);
        if (!d) {
                close(fd);
                return;
        }
        struct dirent *de;
        while ((de = readdir(d))) {
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
        closedir(d);
}
