/* SPDX-License-Identifier: MIT */
/* The edits stage makes to the index: a path back to HEAD's blob or out, as index-info lines or sorted
 * for the reader's writer. Must not write the index: the run does, under git's lock or through git. */
#include "stage-internal.h"

#include <stdio.h>

#include "array.h"
#include "git-index.h"

void edits_done(Edits *e) {
        free(e->v);
}

int edit_push(Edits *e, unsigned mode, const char *oid, const char *path) {
        if (ARRAY_GROW(e->v, e->allocated, e->n + 1) < 0)
                return -ENOMEM;
        Edit *ed = &e->v[e->n];
        *ed = (Edit){.path = path, .mode = mode, .order = e->n};
        snprintf(ed->oid, sizeof ed->oid, "%s", oid);
        e->n++;
        return 0;
}

/* Every staged entry at a directory of path (a file where it needs a
 * directory) out of the index, said. */
int drop_ancestors(const Hashmap *by_path, const char *path, const char *zeros, Edits *ed, LogStream *log) {
        _cleanup_free_ char *p = strdup(path);
        if (!p)
                return -ENOMEM;
        for (char *slash; (slash = strrchr(p, '/'));) {
                *slash = 0;
                Change *a = hashmap_get(by_path, p);
                if (!a || a->status == 'D' || a->held || a->refused)
                        continue;
                int r = edit_push(ed, 0, zeros, a->path);
                if (r < 0)
                        return r;
                a->held = true;
                log_event(log, LOG_WARN, "held-back", LOG_FIELDS(LOG_PATH("path", a->path)),
                          "path policy: left {path} out of the commit (a masked path is under it)");
        }
        return 0;
}

/* As --index-info lines (-z), in the order made. */
int edits_info(const Edits *e, char **ret, size_t *ret_n) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0, allocated = 0;
        for (size_t i = 0; i < e->n; i++) {
                char head[96];
                int h = snprintf(head, sizeof head, "%o %s\t", e->v[i].mode, e->v[i].oid);
                size_t len = strlen(e->v[i].path) + 1;
                if (ARRAY_GROW(buf, allocated, n + (size_t) h + len + 1) < 0)
                        return -ENOMEM;
                memcpy(buf + n, head, (size_t) h);
                memcpy(buf + n + h, e->v[i].path, len); /* the NUL ends it (-z) */
                n += (size_t) h + len;
        }
        *ret = TAKE_PTR(buf);
        *ret_n = n;
        return 0;
}

static int edit_cmp(const void *a, const void *b) {
        const Edit *x = a, *y = b;
        int c = strcmp(x->path, y->path);
        return c ? c : x->order < y->order ? -1 : 1;
}

/* Sorted, a path once (its last edit): for git_index_edit(). */
int edits_sorted(Edits *e, size_t hashsz, GitIndexEdit **ret, size_t *ret_n) {
        if (e->n > 0) /* qsort(NULL, 0) is undefined */
                qsort(e->v, e->n, sizeof *e->v, edit_cmp);
        _cleanup_free_ GitIndexEdit *v = calloc(e->n + 1, sizeof *v);
        size_t k = 0;
        if (!v)
                return -ENOMEM;
        for (size_t i = 0; i < e->n; i++) {
                if (i + 1 < e->n && streq(e->v[i].path, e->v[i + 1].path))
                        continue;
                v[k] = (GitIndexEdit){.path = e->v[i].path, .mode = e->v[i].mode};
                if (e->v[i].mode != 0 && from_hex(e->v[i].oid, hashsz, v[k].oid) < 0)
                        return -EBADMSG;
                k++;
        }
        *ret = TAKE_PTR(v);
        *ret_n = k;
        return 0;
}

void zero_oid(const char *like, char out[65]) {
        size_t n = strlen(like);
        memset(out, '0', n);
        out[n] = 0;
}

/* The empty blob's id, in the hash of oid (40 or 64 hex digits). */
void empty_blob(const char *like, char out[65]) {
        uint8_t d[32];
        GitHashAlgo algo = strlen(like) == 64 ? GIT_HASH_SHA256 : GIT_HASH_SHA1;
        git_blob_oid(algo, "", 0, d);
        for (size_t i = 0; i < (size_t) algo; i++)
                snprintf(out + 2 * i, 3, "%02x", d[i]);
}
