/* SPDX-License-Identifier: MIT */
/*
 * Which files a Grep's glob input lets ripgrep read (judge.h): the input
 * split as the client splits it, each glob read as ripgrep reads an
 * override glob. Strings only: it must not touch the disk, nor match a
 * glob with a matcher of its own (match.h's is the one).
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/types.h>
#include <string.h>

#include "array.h"
#include "judge-client.h"
#include "judge.h"
#include "match.h"
#include "util.h"

/* What a brace expands to at most: past it, the glob is taken as one that
 * matches anything (a positive one) or nothing (a negated one). */
#define GLOB_ALTERNATIVES_MAX 64
/* What a whole input expands to at most (every glob's alternatives): past
 * it, a search with it is taken to read every masked entry below the
 * directory searched (memory and time stay bounded by it; a million
 * pieces took 100 MB and seconds). */
#define GLOBS_ALTERNATIVES_MAX 1024

typedef struct GlobItem {
        bool negated, only_dir, anything;
        char **alt; /* the alternatives, as match_glob() takes them */
        size_t n_alt;
} GlobItem;

struct JudgeGlobs {
        GlobItem *v;
        size_t n, allocated, n_alt;
        bool everything; /* past GLOBS_ALTERNATIVES_MAX */
};

/* The VCS directories Claude Code's Grep leaves out before the model's
 * globs (2.1.332: mJr, each given as --glob !NAME first). */
static const char *const vcs_dirs[] = {".git", ".svn", ".hg", ".bzr", ".jj", ".sl"};

void judge_globs_free(JudgeGlobs *g) {
        if (!g)
                return;
        for (size_t i = 0; i < g->n; i++) {
                for (size_t k = 0; k < g->v[i].n_alt; k++)
                        free(g->v[i].alt[k]);
                free(g->v[i].alt);
        }
        free(g->v);
        free(g);
}

/* Where the class opened at s[i] ('[') ends: the offset of its ']', or i
 * when it is not closed (a '[' then stands for itself). A ']' first (after
 * '!' or '^') is one of its members, as globset reads it. */
static size_t class_end(const char *s, size_t i) {
        size_t k = i + 1;
        if (s[k] == '!' || s[k] == '^')
                k++;
        if (s[k] == ']')
                k++;
        for (; s[k]; k++)
                if (s[k] == ']')
                        return k;
        return i;
}

/* The first '{' of s not escaped and its matching '}': 1 with their
 * offsets, 0 when there is none. A brace inside a class ("[}]") is a
 * member, not a brace. */
static int brace_at(const char *s, size_t *ret_open, size_t *ret_close) {
        size_t depth = 0, open = 0;
        for (size_t i = 0; s[i]; i++) {
                if (s[i] == '\\' && s[i + 1]) {
                        i++;
                        continue;
                }
                if (s[i] == '[') {
                        i = class_end(s, i);
                        continue;
                }
                if (s[i] == '{' && depth++ == 0)
                        open = i;
                else if (s[i] == '}' && depth > 0 && --depth == 0) {
                        *ret_open = open;
                        *ret_close = i;
                        return 1;
                }
        }
        return 0;
}

/* Add s's expansions to it, globset's alternation ({a,b}, nested): -E2BIG
 * past GLOB_ALTERNATIVES_MAX, -ENOMEM. */
static int expand(GlobItem *it, size_t *allocated, const char *s, int depth) {
        size_t open, close;
        if (depth > 16) /* a brace a level: more would be more alternatives than the bound */
                return -E2BIG;
        if (!brace_at(s, &open, &close)) {
                if (it->n_alt >= GLOB_ALTERNATIVES_MAX)
                        return -E2BIG;
                if (ARRAY_GROW(it->alt, *allocated, it->n_alt + 1) < 0 || !(it->alt[it->n_alt] = strdup(s)))
                        return -ENOMEM;
                it->n_alt++;
                return 0;
        }
        /* Each ',' at the brace's own depth ends an alternative. */
        size_t start = open + 1, d = 0;
        for (size_t i = open + 1; i <= close; i++) {
                if (s[i] == '\\' && i + 1 < close) {
                        i++;
                        continue;
                }
                if (s[i] == '[' && class_end(s, i) < close) {
                        i = class_end(s, i);
                        continue;
                }
                if (s[i] == '{')
                        d++;
                else if (s[i] == '}' && d > 0)
                        d--;
                else if ((s[i] == ',' && d == 0) || i == close) {
                        _cleanup_free_ char *one = NULL;
                        if (asprintf(&one, "%.*s%.*s%s", (int) open, s, (int) (i - start), s + start,
                                     s + close + 1) < 0)
                                return -ENOMEM;
                        int r = expand(it, allocated, one, depth + 1);
                        if (r < 0)
                                return r;
                        start = i + 1;
                }
        }
        return 0;
}

/* One glob as ripgrep's override reads it (the ignore crate's gitignore
 * rules, relative to the directory searched): '!' negates; a leading '/'
 * anchors; a trailing '/' matches directories only; one with no '/' left
 * matches a name at any depth (as if "**" "/" were before it); one with a
 * '/' is anchored at the directory searched. */
static int add_glob(JudgeGlobs *g, const char *glob) {
        _cleanup_free_ char *s = NULL;
        GlobItem it = {0};
        size_t allocated = 0;

        if (glob[0] == '!') {
                it.negated = true;
                glob++;
        }
        size_t n = strlen(glob);
        /* The ignore crate trims a line's end of Unicode white space (Rust's
         * trim_end) unless it ends in "\\ ": of it, the client's split
         * leaves only U+0085 (NEL, not JavaScript white space). */
        while (n >= 2 && (unsigned char) glob[n - 2] == 0xc2 && (unsigned char) glob[n - 1] == 0x85)
                n -= 2;
        if (n > 1 && glob[n - 1] == '/') {
                it.only_dir = true;
                n--;
        }
        bool anchored = memchr(glob, '/', n) != NULL;
        if (glob[0] == '/') {
                glob++;
                n--;
        }
        if (asprintf(&s, "%s%.*s", anchored ? "" : "**/", (int) n, glob) < 0)
                return -ENOMEM;
        int r = expand(&it, &allocated, s, 0);
        if (r == -E2BIG) {
                it.anything = true;
                r = 0;
        }
        if (r >= 0 && (g->n_alt += it.n_alt) > GLOBS_ALTERNATIVES_MAX)
                g->everything = true;
        if (r < 0 || g->everything || ARRAY_GROW(g->v, g->allocated, g->n + 1) < 0) {
                for (size_t k = 0; k < it.n_alt; k++)
                        free(it.alt[k]);
                free(it.alt);
                return r < 0 || g->everything ? r : -ENOMEM;
        }
        g->v[g->n++] = it;
        return 0;
}

/* One piece between white space, as the client takes it (2.1.332, Grep's
 * call: o.split(/\s+/), then a piece with both '{' and '}' is one glob,
 * any other split on ',' with the empty parts dropped). */
static int add_piece(JudgeGlobs *g, const char *s, size_t n) {
        _cleanup_free_ char *piece = strndup(s, n);
        int r = 0;
        if (!piece)
                return -ENOMEM;
        if (strchr(piece, '{') && strchr(piece, '}'))
                return n > 0 ? add_glob(g, piece) : 0;
        for (char *p = piece, *e; r >= 0 && !g->everything && *p; p = *e ? e + 1 : e) {
                e = strchrnul(p, ',');
                char c = *e;
                *e = 0;
                if (*p)
                        r = add_glob(g, p);
                *e = c;
        }
        return r;
}

int judge_globs_new(const char *input, JudgeGlobs **ret) {
        JudgeGlobs *g = calloc(1, sizeof *g);
        int r = 0;
        if (!g)
                return -ENOMEM;
        for (size_t i = 0; r >= 0 && i < ELEMENTSOF(vcs_dirs); i++) {
                char neg[16] = "!";
                strcat(neg, vcs_dirs[i]);
                r = add_glob(g, neg);
        }
        size_t len = strlen(input);
        for (size_t i = 0; r >= 0 && !g->everything && i < len;) {
                size_t k, start = i;
                while (i < len && !(k = judge_js_space_at(input + i, len - i)))
                        i++;
                r = add_piece(g, input + start, i - start);
                while (i < len && (k = judge_js_space_at(input + i, len - i)))
                        i += k;
        }
        if (r < 0) {
                judge_globs_free(g);
                return r;
        }
        *ret = g;
        return 0;
}

/* What the matcher is unsure of (a class it does not know, "[[:x:]]",
 * which globset reads otherwise; a pattern past its bound) lets a file in
 * for a positive glob and keeps none out for a negated one: the side that
 * reports. */
static int glob_flags(const GlobItem *it) {
        return MATCH_PATHNAME | (it->negated ? MATCH_STRICT : 0);
}

static bool item_matches(const GlobItem *it, const char *path, bool is_dir) {
        if (it->only_dir && !is_dir)
                return false;
        if (it->anything)
                return !it->negated;
        for (size_t k = 0; k < it->n_alt; k++)
                if (match_glob(it->alt[k], path, glob_flags(it)))
                        return true;
        return false;
}

/* The last glob that matches path: the one that decides (-1: none). */
static ssize_t last_match(const JudgeGlobs *g, const char *path, bool is_dir) {
        for (size_t i = g->n; i > 0; i--)
                if (item_matches(&g->v[i - 1], path, is_dir))
                        return (ssize_t) (i - 1);
        return -1;
}

/* Some file below the directory p (a glob that can match one, with no
 * later negated glob matching everything there). */
static bool reach_below(const JudgeGlobs *g, const char *p) {
        _cleanup_free_ char *below = NULL;
        if (asprintf(&below, "%s/", p) < 0)
                return true; /* out of memory: the side that reports */
        for (size_t k = g->n; k > 0; k--) {
                const GlobItem *it = &g->v[k - 1];
                int most = it->anything ? 2 : 0;
                for (size_t a = 0; a < it->n_alt && most < 2; a++) {
                        int m = match_glob_prefix(it->alt[a], below, glob_flags(it));
                        most = m > most ? m : most;
                }
                if (!it->negated && most > 0)
                        return true;
                if (it->negated && most == 2)
                        return false;
        }
        return false;
}

/* Does a glob that lets files in name the component name? */
static bool mentions(const JudgeGlobs *g, const char *name) {
        size_t n = strlen(name);
        for (size_t i = 0; i < g->n; i++)
                for (size_t a = 0; !g->v[i].negated && a < g->v[i].n_alt; a++)
                        for (const char *s = g->v[i].alt[a]; (s = strstr(s, name)); s++)
                                if ((s == g->v[i].alt[a] || s[-1] == '/') && (s[n] == 0 || s[n] == '/'))
                                        return true;
        return false;
}

/* A directory on the way to p (its first n bytes) that a negated glob
 * matches is never entered. */
static bool entered(const JudgeGlobs *g, char *p, size_t n) {
        for (char *s = strchr(p, '/'); s && (size_t) (s - p) < n; s = strchr(s + 1, '/')) {
                *s = 0;
                ssize_t i = last_match(g, p, true);
                *s = '/';
                if (i >= 0 && g->v[i].negated)
                        return false;
        }
        return true;
}

bool judge_globs_reach(const JudgeGlobs *g, const char *rel, bool dir) {
        _cleanup_free_ char *p = strdup(rel), *other = NULL;
        if (!p || g->everything)
                return true;
        size_t n = strlen(p);
        if (!entered(g, p, n))
                return false;
        ssize_t i = last_match(g, p, dir);
        if (!dir) /* a file is searched when a glob lets it in, last */
                return i >= 0 && !g->v[i].negated;
        if ((i >= 0 && g->v[i].negated) || !reach_below(g, p))
                return false;
        /* A glob that lets the directory itself in overrides the ignore
         * files that would keep it out: ripgrep enters it ("*[sy]" for
         * secrets/, then its k.key). */
        if (i >= 0)
                return true;
        /* What is in a masked directory is not known here: a glob that
         * would pick the same files in a directory of any other name
         * ("*.ts") is a search of every directory, not of this one, and
         * is not counted; one that names the directory ("**" "/secrets/x"),
         * or picks its files for its name ("sec*" "/x"), is. */
        const char *last = strrchr(p, '/');
        if (mentions(g, last ? last + 1 : p))
                return true;
        if (asprintf(&other, "%.*s\x01", last ? (int) (last - p + 1) : 0, p) < 0)
                return true;
        return !reach_below(g, other);
}

bool judge_globs_enter(const JudgeGlobs *g, const char *rel) {
        _cleanup_free_ char *p = strdup(rel);
        if (!p || g->everything)
                return true;
        ssize_t i = last_match(g, p, true);
        return entered(g, p, strlen(p)) && !(i >= 0 && g->v[i].negated) && reach_below(g, p);
}

bool judge_globs_may_read_name(const JudgeGlobs *g, const char *name, bool dir) {
        if (g->everything)
                return true;
        for (size_t i = 0; i < g->n; i++) {
                const GlobItem *it = &g->v[i];
                if (it->negated || (it->only_dir && !dir))
                        continue;
                if (it->anything)
                        return true;
                for (size_t a = 0; a < it->n_alt; a++) {
                        const char *alt = it->alt[a];
                        if (strncmp(alt, "**/", 3) != 0 || strchr(alt + 3, '/'))
                                return true; /* anchored: its directories are the disk's to tell */
                        if (match_glob(alt + 3, name, glob_flags(it)))
                                return true;
                }
        }
        return false;
}
