/* SPDX-License-Identifier: MIT */
/*
 * The paths git names when it will not update a working tree (git-refusals.h).
 * It must not judge nor guess: a line that is not one of git's refusals names
 * nothing, whatever it holds.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "git-refusals.h"
#include "util.h"

/* The headers of git's lists (a tab-indented path a line after them). */
static const char *const list_headers[] = {
        "would be overwritten by ", /* local changes, untracked files: checkout, merge, ... */
        "would be removed by ",     /* untracked files */
        "would lose untracked files in them:",
        "are not up to date and were left despite sparse patterns:",
};

/* One path a line: what follows the prefix, to the end the suffix marks
 * (the first of them after it), or to the line's end when suffix is "". */
static const struct {
        const char *prefix, *const suffixes[3];
} one_line[] = {
        {"Entry '", {"' would be overwritten", "' not uptodate", NULL}},
        {"Updating '", {"' would lose untracked files", NULL}},
        {"Untracked working tree file '", {"' would be", NULL}},
        {"unable to unlink old '", {"':", NULL}},
        {"cannot create directory at '", {"':", NULL}},
        {"unable to create file ", {": ", NULL}},
};

typedef struct Out {
        char *s;
        size_t n, count;
} Out;

static int put(Out *o, const char *p, size_t k) {
        if (k == 0 || o->count >= GIT_REFUSALS_MAX || memchr(p, 0, k))
                return 0;
        char *s = realloc(o->s, o->n + k + 1);
        if (!s)
                return -ENOMEM;
        memcpy(s + o->n, p, k);
        s[o->n + k] = 0;
        o->s = s;
        o->n += k + 1;
        o->count++;
        return 0;
}

static const char *find(const char *s, size_t n, const char *what) {
        return memmem(s, n, what, strlen(what));
}

/* One line of git's (n bytes, no newline): the path it names, if any. */
static int line_path(Out *o, const char *s, size_t n) {
        for (size_t i = 0; i < ELEMENTSOF(one_line); i++) {
                const char *p = find(s, n, one_line[i].prefix);
                if (!p)
                        continue;
                p += strlen(one_line[i].prefix);
                const char *end = NULL;
                for (size_t k = 0; k < ELEMENTSOF(one_line[i].suffixes) && one_line[i].suffixes[k]; k++) {
                        const char *e = find(p, (size_t) (s + n - p), one_line[i].suffixes[k]);
                        if (e && (!end || e < end))
                                end = e;
                }
                return end ? put(o, p, (size_t) (end - p)) : 0;
        }
        return 0;
}

int git_refused_paths(const char *text, size_t n, char **ret, size_t *ret_n) {
        Out o = {0};
        bool listing = false;
        int r = 0;
        for (size_t at = 0; at < n && r >= 0;) {
                const char *nl = memchr(text + at, '\n', n - at);
                size_t len = nl ? (size_t) (nl - text) - at : n - at;
                const char *s = text + at;
                if (listing && len > 1 && s[0] == '\t')
                        r = put(&o, s + 1, len - 1);
                else {
                        listing = false;
                        for (size_t i = 0; i < ELEMENTSOF(list_headers) && !listing; i++)
                                listing = find(s, len, list_headers[i]) && len > 0 && s[len - 1] == ':';
                        if (!listing)
                                r = line_path(&o, s, len);
                }
                at += len + 1;
        }
        if (r < 0) {
                free(o.s);
                return r;
        }
        *ret = o.s;
        *ret_n = o.count;
        return 0;
}
