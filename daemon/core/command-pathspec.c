/* SPDX-License-Identifier: MIT */
/* git's pathspecs as git reads them (glossary "pathspec", dir.c): can a set
 * of them match a path? It knows no policy and runs no git. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

typedef struct Pathspec {
        bool top, literal, glob, icase, exclude, unknown;
        const char *body;
} Pathspec;

/* :(magic,...)body and :/!^body, as git reads them (glossary "pathspec"). */
static Pathspec spec_parse(const PathspecMode *g, const char *s) {
        Pathspec p = {.literal = g->literal || g->noglob, .glob = g->glob, .icase = g->icase, .body = s};
        if (g->literal || s[0] != ':')
                return p;
        if (s[1] == '(') {
                const char *e = strchr(s, ')');
                if (!e) {
                        p.unknown = true;
                        return p;
                }
                char magic[256];
                snprintf(magic, sizeof magic, "%.*s", (int) (e - s - 2), s + 2);
                char *save = NULL;
                bool literal = false;
                for (char *m = strtok_r(magic, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
                        if (streq(m, "top"))
                                p.top = true;
                        else if (streq(m, "literal"))
                                p.literal = literal = true;
                        else if (streq(m, "glob"))
                                p.glob = true;
                        else if (streq(m, "icase"))
                                p.icase = true;
                        else if (streq(m, "exclude"))
                                p.exclude = true;
                        else
                                p.unknown = true; /* attr:, prefix: */
                }
                if (p.glob && !literal) /* the spec's own magic wins over --noglob-pathspecs */
                        p.literal = false;
                p.body = e + 1;
                return p;
        }
        const char *q = s + 1;
        for (; *q && *q != ':'; q++) {
                if (*q == '/')
                        p.top = true;
                else if (*q == '!' || *q == '^')
                        p.exclude = true;
                else
                        break;
        }
        p.body = *q == ':' ? q + 1 : q;
        return p;
}

bool pathspec_wildcard(const char *s) {
        return strpbrk(s, "*?[\\") != NULL;
}

/* path into buf (n bytes) without its trailing '/'s; whether it had one. */
static bool without_slashes(const char *path, char *buf, size_t n) {
        snprintf(buf, n, "%s", path);
        size_t len = strlen(buf);
        bool slash = len > 0 && buf[len - 1] == '/';
        while (len > 0 && buf[len - 1] == '/')
                buf[--len] = 0;
        return slash;
}

/* A literal pathspec L against path S (dir: S a masked directory, so any
 * path under it): cover, every such path matches (as git: case-sensitive
 * unless icase, and L/ a directory only); else may, some can (either case). */
static bool literal_match_case(const char *body, const char *s, bool dir, bool cover, bool icase) {
        char l[1024];
        bool slash = without_slashes(body, l, sizeof l);
        size_t n = strlen(l);
        size_t sn = strlen(s);
        bool fold = !cover || icase;
        int (*cmp)(const char *, const char *, size_t) = fold ? strncasecmp : strncmp;
        if (n == 0 || streq(l, "."))
                return true;
        if (sn == n && cmp(l, s, n) == 0)
                return !(cover && slash && !dir); /* .env/ is no file's */
        if (sn > n && cmp(s, l, n) == 0 && s[n] == '/')
                return true;
        return !cover && dir && n > sn && cmp(l, s, sn) == 0 && l[sn] == '/';
}

/* A pathspec's text as git reads it (normalize_path_copy): '//' is one
 * '/', a "." component is none ("lib/." is "lib/", "./x" is "x"); ".."
 * is left for the caller, which takes it for anything. */
static void spec_normalize(const char *in, char *out, size_t n) {
        size_t k = 0;
        for (const char *c = in; *c && k + 1 < n;) {
                if (*c == '/' && (k == 0 || out[k - 1] == '/')) {
                        c++; /* a second '/', or a leading one left by "./" */
                        continue;
                }
                if ((k == 0 || out[k - 1] == '/') && c[0] == '.' && (c[1] == '/' || c[1] == 0)) {
                        c += c[1] ? 2 : 1; /* a "." component */
                        continue;
                }
                out[k++] = *c++;
        }
        out[k] = 0;
        if (k == 0 && n > 1 && in[0])
                out[0] = '.', out[1] = 0; /* "." or "./": everything */
}

/* A body git leaves as written in an exclusion (:/!x/., :(exclude)./x,
 * x//): a "." or empty component. Taken to exclude nothing. */
static bool spec_canonical(const char *b) {
        size_t n = strlen(b);
        return !strstr(b, "//") && !strstr(b, "/./") && strncmp(b, "./", 2) != 0 && !streq(b, ".") &&
               !(n >= 2 && b[n - 2] == '/' && b[n - 1] == '.');
}

/* path with each of its names made one no pattern names ("\x01"): what a
 * pattern matching both matches whatever the names are. */
static void neutral_of(const char *path, char *out, size_t n) {
        size_t k = 0;
        for (const char *c = path; *c && k + 1 < n; c++)
                if (*c == '/' || c == path || c[-1] == '/')
                        out[k++] = *c == '/' ? '/' : '\x01';
        out[k] = 0;
}

/* Whether pattern b (flags f) may match path, or a path below it (dir). */
static bool glob_may(const char *b, const char *path, bool dir, int f) {
        return dir ? match_glob_prefix(b, path, f) > 0 : match_glob(b, path, f);
}

/* Longest spec whose every suffix selects_below tries (each a match). */
#define SELECTS_MAX 200

/* Whether spec b (flags f) picks out names below the directory path
 * ("secrets/") by that directory's names: it matches path + C and not
 * neutral + C, for C a neutral name or a name made of one of its suffixes
 * (from any byte on, each component made a name it matches: '*ecrets*.py'
 * reads secrets/.py). A prefix would not tell: '*' spans '/', so
 * '*ecrets/' '*' prefixes "\x01/" too. Past SELECTS_MAX, or when no
 * suffix makes a name: as if it did. */
static bool selects_below(const char *b, const char *path, const char *neutral, int f) {
        char child[1024], name[256], full[2048], other[2048];
        size_t n = strlen(b);
        bool tried = false;
        if (n > SELECTS_MAX)
                return true;
        for (size_t t = 0; t <= n; t++) {
                size_t k = 0;
                bool ok = true;
                for (const char *c = b + t; ok && *c;) {
                        const char *end = strchrnul(c, '/');
                        ok = match_glob_name(c, (size_t) (end - c), name) &&
                             k + strlen(name) + 3 <= sizeof child;
                        if (ok)
                                k += (size_t) snprintf(child + k, sizeof child - k, "%s%s", name,
                                                       *end ? "/" : "");
                        c = *end ? end + 1 : end;
                }
                if (!ok)
                        continue; /* begun inside a class, or a negated one: another suffix */
                child[k] = 0;
                tried = true;
                snprintf(full, sizeof full, "%s%s", path, k ? child : "\x01");
                snprintf(other, sizeof other, "%s%s", neutral, k ? child : "\x01");
                if (match_glob(b, full, f) && !match_glob(b, other, f))
                        return true;
        }
        return !tried;
}

/* Whether b may match path (or below it, dir) and, with selects, picks it
 * out by its names: neutral, the same path made of names no pattern names,
 * is not matched as well. */
static bool may_pick(const char *b, const char *path, const char *neutral, bool dir, bool selects, int f) {
        if (!glob_may(b, path, dir, f))
                return false;
        if (!selects)
                return true;
        return dir ? selects_below(b, path, neutral, f) : !match_glob(b, neutral, f);
}

/* selects: counted only where the spec selects the entry by its names (it
 * does not match the neutral path as well): '*' and '*.c' search a masked
 * directory as a search with no pathspec does, '*nv' and 'secrets/'* pick
 * it out. */
static bool spec_matches(const Pathspec *p, const char *s, bool dir, bool cover, bool selects) {
        char normal[1024];
        if (p->body[0] == '/' || (cover && !spec_canonical(p->body)))
                return !cover;
        spec_normalize(p->body, normal, sizeof normal);
        const char *b = normal;
        if (p->unknown || b[0] == '/' || strstr(b, "..") || false)
                return !cover;
        if (p->literal || !pathspec_wildcard(b))
                return literal_match_case(b, s, dir, cover, p->icase);
        if (literal_match_case(b, s, dir, cover, p->icase))
                return true;
        char path[1024], neutral[1024];
        snprintf(path, sizeof path, "%s%s", s, dir ? "/" : "");
        if (cover) { /* strict: as git, no more */
                int f = MATCH_STRICT | (p->icase ? MATCH_FOLD : 0) | (p->glob ? MATCH_PATHNAME : 0);
                return dir ? match_glob_prefix(b, path, f) == 2 : match_glob(b, path, f);
        }
        neutral_of(path, neutral, sizeof neutral);
        /* may: either case, '*' across '/', and any leading directory */
        for (int f = MATCH_FOLD; f <= (p->glob ? MATCH_FOLD | MATCH_PATHNAME : MATCH_FOLD);
             f += MATCH_PATHNAME)
                if (may_pick(b, path, neutral, dir, selects, f))
                        return true;
        for (size_t i = 0; path[i]; i++)
                if (path[i] == '/') {
                        char lead[1024], lead_neutral[1024];
                        snprintf(lead, sizeof lead, "%.*s", (int) i, path);
                        snprintf(lead_neutral, sizeof lead_neutral, "%.*s", (int) i, neutral);
                        if (match_glob(b, lead, MATCH_FOLD) &&
                            !(selects && match_glob(b, lead_neutral, MATCH_FOLD)))
                                return true;
                }
        /* below the spec's own leading directories, each made a name it
         * matches: 'lib/s*' '/' '*' reads lib/secrets/k, secrets/ masked at
         * any depth. Counted where the spec selects the entry (the same path
         * with each of its names made a neutral one is not matched): src/'*'
         * reads every file there, as a search with no pathspec does. */
        char place[256] = "", name[256];
        size_t len = 0;
        for (const char *c = b, *slash;
             (slash = strchr(c, '/')) && match_glob_name(c, (size_t) (slash - c), name); c = slash + 1) {
                if (len + strlen(name) + 2 > sizeof place)
                        break;
                len += (size_t) snprintf(place + len, sizeof place - len, "%s/", name);
                char full[1024], other[1024];
                snprintf(full, sizeof full, "%s%s", place, path);
                snprintf(other, sizeof other, "%s%s", place, neutral);
                if (selects ? may_pick(b, full, other, dir, true, MATCH_FOLD)
                            : glob_may(b, full, dir, MATCH_FOLD) && !glob_may(b, other, dir, MATCH_FOLD))
                        return true;
        }
        return false;
}

static bool may_match(const PathspecMode *g, const char *const *specs, size_t n, const char *entry,
                      PathspecFrom from);

/* Can the pathspecs match the entry (a masked path, "secrets/" a
 * directory)? No pathspec: everything. A mode the environment sets, whose
 * value git reads: they may match if they may in any mode git can be in. */
bool pathspecs_may_match(const PathspecMode *g, const char *const *specs, size_t n, const char *entry,
                         PathspecFrom from) {
        if (!g->unknown)
                return may_match(g, specs, n, entry, from);
        for (unsigned m = 0; m < 16; m++) {
                PathspecMode each = {.literal = m & 1, .glob = m & 2, .noglob = m & 4, .icase = m & 8};
                if (may_match(&each, specs, n, entry, from))
                        return true;
        }
        return false;
}

static bool may_match(const PathspecMode *g, const char *const *specs, size_t n, const char *entry,
                      PathspecFrom from) {
        char e[1024];
        bool dir = without_slashes(entry, e, sizeof e);
        if (n == 0)
                return true;
        Pathspec v[PATHSPECS_MAX];
        bool positive = false, subtree = from & PATHSPEC_FROM_SUBTREE, selects = from & PATHSPEC_SELECTS;
        for (size_t i = 0; i < n && i < PATHSPECS_MAX; i++) {
                v[i] = spec_parse(g, specs[i]);
                positive = positive || !v[i].exclude;
        }
        for (const char *s = e; s; s = strchr(s, '/') ? strchr(s, '/') + 1 : NULL) {
                bool may = !positive, covered = false;
                /* s: the entry from a working directory above it; a :(top)
                 * spec names the whole entry from any of them */
                for (size_t i = 0; i < n && i < PATHSPECS_MAX; i++) {
                        const char *at = v[i].top && !subtree ? e : s;
                        if (v[i].exclude)
                                covered = covered || spec_matches(&v[i], at, dir, true, false);
                        else
                                may = may || spec_matches(&v[i], at, dir, false, selects);
                }
                if (may && !covered)
                        return true;
        }
        if (!dir || !(from & (PATHSPEC_FROM_INSIDE | PATHSPEC_FROM_SUBTREE)))
                return false;
        /* from inside the directory: a relative pathspec can name anything
         * below it, and only an exclusion from the top covers it all */
        bool may = !positive, covered = false;
        for (size_t i = 0; i < n && i < PATHSPECS_MAX; i++) {
                bool relative = !v[i].top || subtree;
                if (v[i].exclude)
                        covered = covered || (!relative && spec_matches(&v[i], e, dir, true, false));
                else
                        may = may || relative || spec_matches(&v[i], e, dir, false, selects);
        }
        return may && !covered;
}
