/* SPDX-License-Identifier: MIT */
/* The watcher's maps: paths tracked with their ancestors counted; counts and sets as typed values.
 * Must not bind, log or read a file; an insert that fails is returned, never dropped. */
#include "watch-internal.h"

#include <limits.h>

bool is_git_entry(const char *entry) {
        return strncmp(entry, ".git", 4) == 0 && (entry[4] == 0 || entry[4] == '/');
}

char *path_join(const char *a, const char *b) {
        char *s = NULL;
        if (asprintf(&s, "%s%s%s", a, a[0] && b[0] ? "/" : "", b) < 0)
                return NULL;
        return s;
}

bool path_under(const char *path, const char *dir) {
        size_t n = strlen(dir);
        return path && strncmp(path, dir, n) == 0 && (path[n] == 0 || path[n] == '/');
}

/* The sets (former, emptied, differs): a key is there or not; the value
 * only says that it is (a map's value is never NULL). */
static char set_member;

int set_add(Hashmap *set, const char *key) {
        return hashmap_put(set, key, &set_member);
}

/* One more of key in map: 0, or -ENOMEM with map as it was. */
static int count_up(Hashmap *map, const char *key) {
        PathCount *pc = hashmap_get(map, key);
        if (pc) {
                pc->n++;
                return 0;
        }
        pc = malloc(sizeof *pc);
        if (!pc)
                return -ENOMEM;
        pc->n = 1;
        int r = hashmap_put(map, key, pc);
        if (r < 0)
                free(pc);
        return r < 0 ? r : 0;
}

/* One fewer of key in map; a key counted down to none goes. */
static void count_down(Hashmap *map, const char *key) {
        PathCount *pc = hashmap_get(map, key);
        if (pc && --pc->n == 0)
                free(hashmap_remove(map, key));
}

void counts_free(Hashmap *map) {
        const char *key;
        void *v;
        for (size_t i = 0; map && hashmap_next(map, &i, &key, &v);)
                free(v);
        hashmap_free(map);
}

/* Count key's proper ancestors (and key itself when self) in map, up or
 * down. For w->below: a path going away can tell at once whether anything
 * tracked was below it, so deleting a large tree is not a scan per entry.
 * Up is all or nothing: -ENOMEM leaves every count as it was. */
int count_ancestors(Hashmap *map, const char *key, bool up, bool self) {
        char buf[PATH_MAX];
        size_t n = strlen(key), done = 0;
        int r = 0;
        if (!map || n >= sizeof buf)
                return 0;
        memcpy(buf, key, n + 1);
        for (char *s = buf;; s++) {
                s = strchr(s, '/');
                if (s)
                        *s = 0;
                else if (!self)
                        break;
                if (!up)
                        count_down(map, buf);
                else if ((r = count_up(map, buf)) < 0)
                        break;
                else
                        done = strlen(buf);
                if (!s)
                        break;
                *s = '/';
        }
        if (r < 0) {
                /* Undo the ones counted: each a prefix of key up to done. */
                memcpy(buf, key, n + 1);
                for (char *s = buf; done > 0; s++) {
                        s = strchr(s, '/');
                        if (s)
                                *s = 0;
                        count_down(map, buf);
                        if (!s || strlen(buf) >= done)
                                break;
                        *s = '/';
                }
        }
        return r;
}

/* Put and remove in checkouts or bound (whose values are never NULL),
 * keeping the index: 0, or -ENOMEM with neither changed. */
int track_path(Watch *w, Hashmap *map, const char *key, void *value) {
        bool existed = hashmap_contains(map, key);
        int r = hashmap_put(map, key, value);
        if (r < 0 || existed)
                return r < 0 ? r : 0;
        r = count_ancestors(w->below, key, true, false);
        if (r < 0)
                hashmap_remove(map, key);
        return r;
}

void *untrack_path(Watch *w, Hashmap *map, const char *key) {
        void *v = hashmap_remove(map, key);
        if (v)
                count_ancestors(w->below, key, false, false);
        return v;
}

/* A gitdir or common dir of a checkout, counted (several worktrees share a
 * common dir), with its ancestors in below: 0, or -ENOMEM with neither
 * changed. */
int dir_ref(Watch *w, const char *dir) {
        if (!dir)
                return 0;
        int r = count_up(w->dirs, dir);
        if (r < 0)
                return r;
        r = count_ancestors(w->below, dir, true, false);
        if (r < 0)
                count_down(w->dirs, dir);
        return r;
}

void dir_unref(Watch *w, const char *dir) {
        if (!dir)
                return;
        count_down(w->dirs, dir);
        count_ancestors(w->below, dir, false, false);
}
