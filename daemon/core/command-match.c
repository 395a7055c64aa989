/* SPDX-License-Identifier: MIT */
/*
 * The secret-paths rule's patterns against the policy's names
 * (command-internal.h): can a program's glob or regex match a secret? The
 * matchers themselves are match.c's. It must not decide what is allowed.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* The places a secret at any depth is looked for below: the samples (from
 * ./, one directory down), and a path pattern's own leading directories,
 * each made a name it matches (find -path './lib/s*' '/' '*' gives ./lib/
 * and ./lib/s/: a sample's x/ is not lib). How many, into out. */
static const char *const samples[] = {"", "./", "./x/", "x/", "/x/"};

/* A regex's literal start, to its last '/' before a special byte
 * ("\\./lib/s[a-z]*" gives "./lib/"), into out (256 bytes). */
static void regex_dirs(const char *re, char *out) {
        size_t k = 0, slash = 0;
        for (const char *c = re; *c && k < 254; c++) {
                if (*c == '\\' && c[1] && strchr("./-_", c[1]))
                        out[k++] = *++c;
                else if (isalnum((unsigned char) *c) || strchr("/-_", *c))
                        out[k++] = *c;
                else
                        break;
                if (out[k - 1] == '/')
                        slash = k;
        }
        out[slash] = 0;
}

static size_t places(const char *pat, bool regex, char out[][512], size_t max) {
        size_t n = 0, len = 0;
        for (size_t k = 0; k < ELEMENTSOF(samples); k++)
                snprintf(out[n++], 512, "%s", samples[k]);
        if (regex) { /* -regex '\./lib/s[a-z]*' '/.*': below ./lib/ */
                char dirs[256];
                regex_dirs(pat, dirs);
                if (dirs[0] && n < max)
                        snprintf(out[n++], 512, "%s", dirs);
                return n;
        }
        char prefix[256] = "";
        for (const char *c = pat, *slash; pat && n < max && (slash = strchr(c, '/')); c = slash + 1) {
                char name[256];
                if (!match_glob_name(c, (size_t) (slash - c), name) ||
                    len + strlen(name) + 2 > sizeof prefix)
                        break;
                len += (size_t) snprintf(prefix + len, sizeof prefix - len, "%s/", name);
                snprintf(out[n++], 512, "%s", prefix);
        }
        return n;
}

/* The paths a secret can be found at, as a program names them: its last
 * component, the entry, at each place, and (a directory) a file in it.
 * How many, into out (4 a place, and 1). */
static size_t candidates(const char *entry, const char at[][512], size_t n_at, char out[][512],
                         bool basename) {
        char e[256], last[256];
        snprintf(e, sizeof e, "%s", entry);
        size_t len = strlen(e);
        bool dir = len > 0 && e[len - 1] == '/';
        while (len > 0 && e[len - 1] == '/')
                e[--len] = 0;
        const char *slash = strrchr(e, '/');
        snprintf(last, sizeof last, "%s", slash ? slash + 1 : e);
        size_t n = 0;
        snprintf(out[n++], 512, "%s", last);
        for (size_t k = 0; !basename && k < n_at; k++) {
                snprintf(out[n++], 512, "%.255s%s", at[k], e);
                snprintf(out[n++], 512, "%.255s%s", at[k], last);
                if (dir) {
                        snprintf(out[n++], 512, "%.250s%s/x", at[k], e);
                        snprintf(out[n++], 512, "%.250s%s/x", at[k], last);
                }
        }
        return n;
}

static bool match_regex_flags(const char *re, const char *s, int flags) {
        return match_regex(re, s, flags & MATCH_FOLD);
}

/* Below a pattern's own directory: 0 the secret's path is not matched, 1
 * it is, 2 it is and the same path with each of the secret's names made a
 * neutral one is not: the pattern selects it (./lib/s'*'/'*' selects
 * secrets/; ./src/'*' matches every path there, a tree read like grep -r). */
static int selects(const char *pat, int flags, bool regex, const char *place, const char *e,
                   const char *tail) {
        char path[1024], neutral[1024];
        size_t k = (size_t) snprintf(neutral, sizeof neutral, "%.255s", place);
        snprintf(path, sizeof path, "%.255s%.255s%.255s", place, e, tail);
        for (const char *c = e; *c && k + 2 < sizeof neutral; c++)
                if (*c == '/' || c == e || c[-1] == '/')
                        neutral[k++] = *c == '/' ? '/' : '\x01';
        snprintf(neutral + k, sizeof neutral - k, "%.255s", tail);
        bool (*match)(const char *, const char *, int) = regex ? match_regex_flags : match_glob;
        if (!match(pat, path, flags))
                return 0;
        return match(pat, neutral, flags) ? 1 : 2;
}

/* Each secret pat selects, in each[i] (or j->named when each is NULL);
 * and, with can, each whose path it can match at all (a tree read among
 * them: find's other tests may select what it reads). */
static bool match_secret(Judge *j, const char *pat, int flags, bool basename, bool regex, bool *each,
                         bool *can) {
        bool any = false;
        char at[13][512], c[4 * 13 + 1][512], tail[258] = "/";
        size_t n_at = places(pat, regex, at, ELEMENTSOF(at));
        const char *lastc = strrchr(pat, '/');
        if (!lastc || !match_glob_name(lastc + 1, strlen(lastc + 1), tail + 1))
                snprintf(tail, sizeof tail, "/x");
        for (size_t i = 0; i < j->policy->n_secrets; i++) {
                const char *e = j->policy->secrets[i];
                bool m = false;
                int best = 0;
                if (!e[0])
                        continue;
                size_t n = candidates(e, at, ELEMENTSOF(samples), c, basename);
                for (size_t k = 0; k < n && !m; k++)
                        m = regex ? match_regex(pat, c[k], flags & MATCH_FOLD)
                                  : match_glob(pat, c[k], flags);
                char name[256], *last;
                snprintf(name, sizeof name, "%s", e);
                bool dir = name[strlen(name) - 1] == '/';
                if (dir)
                        name[strlen(name) - 1] = 0;
                last = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
                /* a directory's files below it: './a/b/sec*' '/k' reads a/b/secrets/k */
                for (size_t k = 0; !m && best < 2 && !basename && k < n_at; k++) {
                        int t[] = {selects(pat, flags, regex, at[k], name, ""),
                                   selects(pat, flags, regex, at[k], last, ""),
                                   dir ? selects(pat, flags, regex, at[k], name, tail) : 0,
                                   dir ? selects(pat, flags, regex, at[k], last, tail) : 0,
                                   dir ? selects(pat, flags, regex, at[k], last, "/x") : 0};
                        for (size_t q = 0; q < ELEMENTSOF(t); q++)
                                best = t[q] > best ? t[q] : best;
                }
                m = m || best == 2;
                if (can && (m || best > 0))
                        can[i] = true;
                if (m && each)
                        each[i] = true;
                else if (m)
                        j->named[i] = true;
                any = any || m;
        }
        return any;
}

bool match_secret_each(Judge *j, const char *pat, bool regex, bool basename, bool *each, bool *can) {
        return match_secret(j, pat, MATCH_FOLD, basename, regex, each, can);
}

bool match_secret_glob(Judge *j, const char *pat, int flags, bool basename) {
        return match_secret(j, pat, flags, basename, false, NULL, NULL);
}

bool match_secret_regex(Judge *j, const char *re, bool fold) {
        return match_secret(j, re, fold ? MATCH_FOLD : 0, false, true, NULL, NULL);
}

int judge_refuse(Judge *j, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(j->reason, j->reason_n, fmt, ap);
        va_end(ap);
        return 1;
}

/* A name filter's pattern as an emacs regex over a whole path, into buf:
 * grep's (-e P or its first operand; -F, -E, -x), sed's /RE/ (sed -n
 * '/RE/p'), awk's /RE/. 0 none (grep -v passes what it does not match: a
 * broad read, judged as one), 1 filled. */
int match_filter_regex(const Stage *st, char *buf, size_t size) {
        char nb[256], wb[1024];
        const char *name = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], nb, sizeof nb) : NULL;
        bool grep = name && (streq(name, "grep") || streq(name, "egrep") || streq(name, "fgrep"));
        bool fixed = name && streq(name, "fgrep"),
             ere = name && (streq(name, "egrep") || streq(name, "awk")), whole = false;
        const char *pat = NULL;
        if (!grep && !(name && (streq(name, "sed") || streq(name, "awk"))))
                return 0;
        _cleanup_free_ char *text = NULL;
        for (size_t k = 1; k < st->n && !pat; k++) {
                const char *a = programs_plain(st->w[k], wb, sizeof wb);
                /* -v passes what it does not match; -c, -q, -l, -L print no line */
                if (grep && a &&
                    (programs_long_is(a, "invert-match", NULL) || programs_long_is(a, "count", NULL) ||
                     programs_long_is(a, "quiet", NULL) || programs_long_is(a, "silent", NULL) ||
                     programs_long_is(a, "files-with-matches", NULL) ||
                     programs_long_is(a, "files-without-match", NULL)))
                        return 0;
                if (grep && a && a[0] == '-' && a[1] != '-' && a[1]) {
                        if (strpbrk(a, "vcqlL"))
                                return 0;
                        fixed = fixed || strchr(a, 'F');
                        ere = ere || strchr(a, 'E');
                        whole = whole || strchr(a, 'x');
                        if (a[strlen(a) - 1] == 'e' && k + 1 < st->n &&
                            (text = programs_word_text(st->w[++k])))
                                pat = text;
                        continue;
                }
                if (a && a[0] == '-')
                        continue;
                if (!(text = programs_word_text(st->w[k])))
                        return -ENOMEM;
                if (!grep) { /* sed's and awk's script: its first /RE/ (awk's $0 ~ /RE/
                              * too), sed's s/RE/.../p */
                        bool awk = streq(name, "awk");
                        bool subst = !awk && text[0] == 's' && text[1] && text[1] != '\\' && text[1] != '\n';
                        char d = subst ? text[1] : '/';
                        char *re = subst ? text + 2 : awk ? strchr(text, '/') : text[0] == '/' ? text : NULL;
                        if (re && !subst)
                                re++;
                        char *e = re;
                        while (e && *e && *e != d)
                                e += e[0] == '\\' && e[1] ? 2 : 1;
                        if (!e || !*e)
                                return 0;
                        if (subst) { /* s/RE/X/p: what it prints, with -n, are the lines RE matched */
                                const char *f = e + 1;
                                while (*f && *f != d)
                                        f += f[0] == '\\' && f[1] ? 2 : 1;
                                if (!*f || !strchr(f + 1, 'p'))
                                        return 0;
                        }
                        *e = 0;
                        pat = re;
                } else
                        pat = text;
        }
        if (!pat)
                return 0;
        size_t n = strlen(pat), q = 0;
        bool start = !fixed && pat[0] == '^',
             end = !fixed && n > 0 && pat[n - 1] == '$' && (n < 2 || pat[n - 2] != '\\');
        if (whole)
                start = end = true;
        if (!(start || whole))
                q += (size_t) snprintf(buf + q, size - q, ".*");
        for (size_t i = (!fixed && pat[0] == '^'); i < n - (end && !whole ? 1 : 0) && q + 3 < size; i++) {
                char c = pat[i];
                if (fixed && strchr(".*[]^$\\+?", c))
                        buf[q++] = '\\';
                else if (ere && strchr("(){}|", c))
                        buf[q++] = '\\';
                else if (ere && c == '\\' && i + 1 < n && strchr("(){}|", pat[i + 1]))
                        c = pat[++i]; /* \( in ERE: a '(' */
                buf[q++] = c;
        }
        if (!end)
                q += (size_t) snprintf(buf + q, size > q ? size - q : 0, ".*");
        buf[q < size ? q : size - 1] = 0;
        return 1;
}
