/* SPDX-License-Identifier: MIT */
/*
 * Texts a pipeline's program rearranges (command-internal.h): the line's
 * text as tr, sed's y/// and s///, awk's sub, perl -pe's s/// and xargs's
 * delimiter make it, or awk and jq join it, read with every separator a
 * blank, for git as a word. It must not decide what reads the output:
 * command-languages.c does.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Does text hold git as a word, separators read as blanks (git_log_-p,
 * git.log, printf's git\nlog; not github, digit, .gitignore's stem)? */
static bool blind_git(const char *text, size_t n, bool command) {
        for (const char *p = text; (p = memmem(p, (size_t) (text + n - p), "git", 3)); p += 3) {
                bool escape = p - text >= 2 && p[-2] == '\\' && strchr("nt0", p[-1]);
                bool before = p == text || escape || !isalnum((unsigned char) p[-1]),
                     after = p + 3 == text + n || !isalnum((unsigned char) p[3]);
                /* a command: words after it, a blank, '_' or an escaped
                 * newline between (not git@host:, git.io) */
                bool word = p + 3 < text + n && (p[3] == ' ' || p[3] == '\t' || p[3] == '_' ||
                                                 (p[3] == '\\' && p + 4 < text + n && strchr("nt0", p[4])));
                if (command && p > text && strchr(".-", p[-1]))
                        continue; /* .git, foo-git: a name, no command */
                if (before && after && (!command || word))
                        return true;
        }
        return false;
}

/* Map each char of from (at its last place there, as tr maps a repeated
 * one) to the one at its place in to (the last one repeated, as tr does),
 * in t; one mapped to a NUL is gone, as a shell reading the text drops it. */
static void map_chars(char *t, const char *from, size_t nf, const char *to, size_t nt) {
        char *d = t;
        for (const char *p = t; *p; p++) {
                const char *at = memrchr(from, *p, nf);
                char c = at && nt > 0 ? to[(size_t) (at - from) < nt ? (size_t) (at - from) : nt - 1] : *p;
                if (c)
                        *d++ = c;
        }
        *d = 0;
}

/* tr -d SET, -s SET, -ds SET SET2 (with -c, SET's complement) applied to t,
 * in place; false when the words are none of these. */
static bool tr_delete_squeeze(char *t, const ShellWord *const *w, size_t from, size_t n) {
        bool del = false, squeeze = false, complement = false, options = true, ok = true;
        bool set[2][256];
        size_t sets = 0;
        for (size_t a = from; a < n && ok; a++) {
                _cleanup_free_ char *o = programs_word_text(w[a]);
                if (!o)
                        return false;
                if (options && streq(o, "--"))
                        options = false;
                else if (options && o[0] == '-' && o[1] == '-') {
                        del = del || streq(o, "--delete");
                        squeeze = squeeze || streq(o, "--squeeze-repeats");
                        complement = complement || streq(o, "--complement");
                } else if (options && o[0] == '-' && o[1]) {
                        for (const char *c = o + 1; *c; c++) {
                                del = del || *c == 'd';
                                squeeze = squeeze || *c == 's';
                                complement = complement || *c == 'c' || *c == 'C';
                                ok = ok && strchr("dscCt", *c);
                        }
                } else if (sets < 2)
                        ok = sed_set(o, strlen(o), set[sets++]);
                else
                        ok = false;
        }
        /* one set for -d or -s, two for -ds */
        if (!ok || sets == 0 || sets != (size_t) (del && squeeze ? 2 : 1) || !(del || squeeze))
                return false;
        for (int c = 0; c < 256 && complement; c++)
                set[0][c] = !set[0][c];
        const bool *gone = del ? set[0] : NULL, *squeezed = squeeze ? set[sets - 1] : NULL;
        size_t m = 0;
        for (size_t i = 0; t[i]; i++) {
                unsigned char c = (unsigned char) t[i];
                if ((gone && gone[c]) || (squeezed && squeezed[c] && m > 0 && t[m - 1] == t[i]))
                        continue;
                t[m++] = t[i];
        }
        t[m] = 0;
        return true;
}

/* xargs -dX, -d X, --delimiter=X (escapes \n, \t, \xHH, \NNN): each
 * delimiter becomes the blank echo joins items with, in t. */
static void xargs_delimited(char *t, const ShellWord *const *w, size_t n) {
        for (size_t a = 1; a < n; a++) {
                _cleanup_free_ char *o = programs_word_text(w[a]);
                if (!o || o[0] != '-')
                        return;
                const char *v = NULL, *value = NULL;
                if (programs_long_is(o, "delimiter", &value))
                        v = value;
                else if (programs_long_is(o, "delimiter", NULL))
                        v = "";
                for (const char *c = o + 1; !v && o[1] != '-' && *c; c++) {
                        if (*c == 'd')
                                v = c + 1;
                        else if (strchr("aEILnPs", *c) && !c[1])
                                a++; /* its value the next word */
                        if (strchr("aEILnPseil", *c))
                                break; /* the rest is that option's value */
                }
                _cleanup_free_ char *next = v && !*v && a + 1 < n ? programs_word_text(w[++a]) : NULL;
                const char *d = next ? next : v;
                if (!d || !*d)
                        continue;
                unsigned char c = (unsigned char) d[0];
                if (d[0] == '\\' && d[1] == 'x')
                        c = (unsigned char) strtoul(d + 2, NULL, 16);
                else if (d[0] == '\\' && d[1]) { /* \n, \t, \NNN: as tr reads a set's */
                        bool in[256] = {false};
                        c = 0;
                        for (int x = sed_set(d, strlen(d), in) ? 1 : 256; x < 256 && !c; x++)
                                c = in[x] ? (unsigned char) x : 0;
                }
                for (char *p = t; c && *p; p++)
                        if ((unsigned char) *p == c)
                                *p = ' ';
        }
}

/* tr's SET1 and SET2 expanded as GNU tr reads them (sed_tr_expand; a
 * class in SET2 only [:upper:] and [:lower:] facing each other), into
 * set: false when not modelled or refused by tr. */
static bool tr_sets(const char *from, const char *to, char set[2][256], size_t ns[2]) {
        bool cased = streq_any(from, (const char *const[]){"[:upper:]", "[:lower:]", NULL}) &&
                     streq_any(to, (const char *const[]){"[:upper:]", "[:lower:]", NULL}) &&
                     !streq(from, to);
        if (from[0] == '-' || to[0] == '-' || !to[0] || (strstr(to, "[:") && !cased))
                return false;
        ns[0] = sed_tr_expand(from, strlen(from), SED_BASIC, 0, set[0], 256);
        if (ns[0] == SIZE_MAX || ns[0] == 0)
                return false;
        ns[1] = sed_tr_expand(to, strlen(to), SED_BASIC, ns[0], set[1], 256);
        return ns[1] != SIZE_MAX && ns[1] > 0;
}

bool tr_translated(char *t, const char *from, const char *to) {
        char set[2][256];
        size_t ns[2];
        if (!tr_sets(from, to, set, ns))
                return false;
        map_chars(t, set[0], ns[0], set[1], ns[1]);
        return true;
}

int rearranged_tr(const Stage *st, char **t) {
        size_t k = scripts_program_at(st->w, st->n), sets = 0;
        _cleanup_free_ char *from = NULL, *to = NULL;
        char **set[2] = {&from, &to};
        if (tr_delete_squeeze(*t, st->w, k + 1, st->n))
                return 1;
        for (size_t a = k + 1; a < st->n; a++) { /* tr SET1 SET2, each literal */
                if (sets == 2 || !(*set[sets] = programs_word_text(st->w[a])))
                        return sets == 2 ? 0 : -ENOMEM;
                sets++;
        }
        return sets == 2 && tr_translated(*t, from, to);
}

/* A program of dialect applied to *t. */
static int sed_program(char **t, const char *program, SedDialect dialect) {
        _cleanup_(sed_freep) SedScript *s = NULL;
        int r = sed_parse(program, dialect, &s);
        return r < 0 ? r : sed_run(s, t);
}

/* awk's sub(/RE/, "S") and gsub(/RE/, "S") in prog, applied to *t in turn
 * as s/RE/S/ and s/RE/S/g are. */
static int awk_subs(char **t, const char *prog) {
        for (const char *p = strstr(prog, "sub("); p; p = strstr(p + 4, "sub(")) {
                const char *re = p + 4 + strspn(p + 4, " \t"), *end = re + 1;
                if (*re != '/')
                        continue;
                while (*end && *end != '/')
                        end += *end == '\\' && end[1] ? 2 : 1;
                const char *s = *end ? end + 1 + strspn(end + 1, " \t") : end, *send;
                if (*s != ',' || *(s = s + 1 + strspn(s + 1, " \t")) != '"')
                        continue;
                for (send = s + 1; *send && *send != '"';)
                        send += *send == '\\' && send[1] ? 2 : 1;
                if (!*send)
                        continue;
                _cleanup_free_ char *e = NULL;
                if (asprintf(&e, "s\x02%.*s\x02%.*s\x02%s", (int) (end - re - 1), re + 1,
                             (int) (send - s - 1), s + 1, p > prog && p[-1] == 'g' ? "g" : "") < 0)
                        return -ENOMEM;
                int r = sed_program(t, e, SED_AWK);
                if (r < 0)
                        return r;
        }
        return 0;
}

/* The line's text as st's tr, sed or xargs would print it (tr's sets,
 * sed's scripts, xargs's delimiter applied), into *ret. */
static int transformed(const Line *ln, const Stage *st, const char *name, char **ret) {
        _cleanup_free_ char *t = strndup(ln->text, ln->n);
        char set[2][256];
        _cleanup_free_ char *set1 = NULL, *set2 = NULL;
        char **words[2] = {&set1, &set2};
        size_t ns[2] = {0, 0}, sets = 0;
        if (!t)
                return -ENOMEM;
        size_t k = scripts_program_at(st->w, st->n);
        if (streq(name, "xargs")) {
                xargs_delimited(t, st->w, st->n);
                *ret = TAKE_PTR(t);
                return 0;
        }
        for (size_t a = 1; a < st->n && streq(name, "awk"); a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o || awk_subs(&t, o) < 0)
                        return -ENOMEM;
        }
        if (streq(name, "tr") && tr_delete_squeeze(t, st->w, k + 1, st->n)) {
                *ret = TAKE_PTR(t);
                return 0;
        }
        bool ere = false; /* sed -E: groups unescaped */
        for (size_t a = k + 1; a < st->n && streq(name, "sed"); a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o)
                        return -ENOMEM;
                ere = ere || sed_option_extended(o);
        }
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o)
                        return -ENOMEM;
                if (streq(name, "tr") && o[0] != '-' && sets < 2) /* SET1, SET2 */
                        sets = (*words[sets] = strdup(o)) ? sets + 1 : 3;
                bool script = streq(name, "sed") && (o[0] != '-' || streq(o, "-e"));
                const char *e = streq(o, "-e") && a + 1 < st->n ? NULL : o;
                _cleanup_free_ char *next = script && !e ? programs_word_text(st->w[++a]) : NULL;
                if (script && sed_program(&t, e ? e : next ? next : "", ere ? SED_EXTENDED : SED_BASIC) < 0)
                        return -ENOMEM;
        }
        if (sets == 2 && tr_sets(set1, set2, set, ns))
                map_chars(t, set[0], ns[0], set[1], ns[1]);
        *ret = TAKE_PTR(t);
        return 0;
}

/* Do two or three runs of letters and digits next to each other in text
 * make git, joined in some order (awk's print $1 $2 of "gi t", jq's
 * "gi"+"t"), with a word after it when command? */
static bool joined_git(const char *text, size_t n, bool command) {
        const char *run[4];
        size_t len[4], runs = 0;
        for (size_t i = 0; i < n; i++) {
                if (!isalnum((unsigned char) text[i]))
                        continue;
                size_t s = i;
                while (i < n && isalnum((unsigned char) text[i]))
                        i++;
                if (runs == 4) {
                        memmove(run, run + 1, 3 * sizeof run[0]);
                        memmove(len, len + 1, 3 * sizeof len[0]);
                        runs = 3;
                }
                run[runs] = text + s;
                len[runs++] = i - s;
                /* the runs that end the window: a word after them when command */
                size_t have = command ? runs - 1 : runs;
                static const int orders[][3] = {{0, 1, -1}, {1, 0, -1}, {0, 1, 2}, {0, 2, 1},
                                                {1, 0, 2},  {1, 2, 0},  {2, 0, 1}, {2, 1, 0}};
                for (size_t o = 0; o < ELEMENTSOF(orders); o++) {
                        size_t w = orders[o][2] < 0 ? 2 : 3, m = 0;
                        char joined[3];
                        for (size_t q = 0; q < w && have >= w && m <= 3; q++) {
                                size_t at = have - w + (size_t) orders[o][q];
                                if (m + len[at] <= 3)
                                        memcpy(joined + m, run[at], len[at]);
                                m += len[at];
                        }
                        if (have >= w && m == 3 && memcmp(joined, "git", 3) == 0)
                                return true;
                }
        }
        return false;
}

int rearranged_names_git(const Line *ln, const Stage *st, const char *name, bool command) {
        static const char *const joiners[] = {"awk", "gawk", "mawk", "nawk", "jq", "gojq", "yq", NULL};
        if (blind_git(ln->text, ln->n, command))
                return 1;
        if (name && streq_any(name, joiners) && joined_git(ln->text, ln->n, command))
                return 1;
        static const char *const awks[] = {"awk", "gawk", "mawk", "nawk", NULL};
        const char *as = streq_ptr(name, "gsed") ? "sed" : name && streq_any(name, awks) ? "awk" : name;
        if (!as || !(streq(as, "tr") || streq(as, "sed") || streq(as, "xargs") || streq(as, "awk")))
                return 0;
        _cleanup_free_ char *t = NULL;
        if (transformed(ln, st, as, &t) < 0)
                return -ENOMEM;
        return blind_git(t, strlen(t), command);
}

/* p past the bytes of set (in) or up to one (!in), no further than end. */
static const char *skip(const char *p, const char *end, const char *set, bool in) {
        while (p < end && *p && (strchr(set, *p) != NULL) == in)
                p++;
        return p;
}

/* Is the word [q, e) of the line's text a file a writer the rule knows
 * writes: dd of=F, tee F, sponge F, the last operand of cp, mv, ln,
 * install or rsync (cp A F)? */
static bool writer_target(const Judge *j, const char *q, const char *e) {
        static const char *const lasts[] = {"cp", "mv", "ln", "install", "rsync", NULL};
        const char *end = j->text + j->text_n, *o = q;
        if (e - q > 3 && strncmp(q, "of=", 3) == 0)
                return true;
        while (o > j->text && (o[-1] == ' ' || o[-1] == '\t'))
                o--; /* sort -o F: the word before it */
        bool output = (o - j->text >= 3 && strncmp(o - 3, " -o", 3) == 0) ||
                      (e - q > 2 && strncmp(q, "-o", 2) == 0) ||
                      (e - q > 9 && strncmp(q, "--output=", 9) == 0);
        const char *c = q; /* the command's first word */
        while (c > j->text && !strchr(";&|\n(`", c[-1]))
                c--;
        c = skip(c, end, " \t", true);
        size_t cn = (size_t) (skip(c, end, " \t\n;&|)", false) - c);
        const char *slash = memrchr(c, '/', cn); /* /usr/bin/tee */
        char name[16];
        size_t b = slash ? (size_t) (slash + 1 - c) : 0;
        if (cn - b >= sizeof name || c == q)
                return false;
        memcpy(name, c + b, cn - b);
        name[cn - b] = 0;
        if (output && streq(name, "sort"))
                return true;
        if (q[0] == '-')
                return false;
        if (streq(name, "tee") || streq(name, "sponge"))
                return true;
        e = skip(e, end, " \t", true); /* cp A F: nothing after F but the command's end or a redirect */
        return streq_any(name, lasts) &&
               (e == end || strchr(";&|\n)<>", *e) || (e + 1 < end && e[0] == '2' && e[1] == '>'));
}

bool rearranged_writes_name(const Judge *j, const char *path, bool whole) {
        const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        size_t bl = strlen(base);
        for (const char *p = j->text;
             bl > 0 && (p = memmem(p, j->text_n - (size_t) (p - j->text), base, bl)); p += bl) {
                const char *q = p, *e = p + bl;
                while (q > j->text && !strchr(" \t>|;&", q[-1]))
                        q--;
                const char *w = q, *we = skip(e, j->text + j->text_n, " \t\n;&|)<>", false);
                while (q > j->text && (q[-1] == ' ' || q[-1] == '\t'))
                        q--;
                bool ends = !whole || e == j->text + j->text_n || strchr(" \t\n;&|)", *e);
                if (q > j->text && q[-1] == '|' && q - 1 > j->text && q[-2] == '>')
                        q--; /* >| F */
                if (q > j->text && q[-1] == '>' && ends)
                        return true;
                /* tee F, cp A F, dd of=F: F by its last name, read after
                 * it (not jq . F > t && mv t F) */
                bool named = p == w || strchr("/=", p[-1]);
                if (named && ends && writer_target(j, w, we) &&
                    memmem(we, j->text_n - (size_t) (we - j->text), base, bl))
                        return true;
        }
        return false;
}

/* Does the line write a file a glob's last name matches (a* for a), or
 * any file when pat is NULL (an expansion's name): > F, tee F, cp A F,
 * before the glob's last place in it? */
static bool writes_matching(const Judge *j, const char *pat) {
        const char *end = j->text + j->text_n;
        for (const char *p = j->text;
             pat && *pat && (p = memmem(p, (size_t) (j->text + j->text_n - p), pat, strlen(pat))); p++)
                end = p;
        for (const char *w = j->text; w < end;) {
                w = skip(w, end, " \t\n;&|()<>", true);
                const char *e = skip(w, end, " \t\n;&|()<>", false);
                if (w == e) /* a NUL */
                        break;
                const char *q = w;
                while (q > j->text && (q[-1] == ' ' || q[-1] == '\t'))
                        q--;
                q -= q - 1 > j->text && q[-1] == '|' && q[-2] == '>'; /* >| F */
                bool target = e > w && ((q > j->text && q[-1] == '>') || writer_target(j, w, e));
                char name[256];
                const char *s = NULL; /* its last '/' */
                for (const char *c = w; target && c < e; c++)
                        s = *c == '/' ? c : s;
                s = s ? s + 1 : strncmp(w, "of=", 3) == 0 ? w + 3 : w;
                size_t k = 0;
                for (; target && s < e && k + 1 < sizeof name; s++)
                        if (!strchr("'\"", *s)) /* > "x/a": its quotes */
                                name[k++] = *s;
                name[k] = 0;
                if (target && k > 0 && strncmp(w, "/dev/", 5) != 0 &&
                    (!pat || match_glob_braced(pat, name, 0)))
                        return true;
                w = e;
        }
        return false;
}

/* Does word w name a file the line writes: a glob by the names it may
 * match (x/a*), an expansion ("$f") as any file when reader (what a
 * redirect or a program of files reads)? */
static bool word_written(const Judge *j, const ShellWord *w, bool whole, bool reader) {
        bool glob = false, expand = false;
        for (size_t i = 0; i < w->n; i++) {
                expand = expand || w->v[i].kind == SHELL_EXPAND;
                glob = glob || w->v[i].kind == SHELL_STAR || w->v[i].kind == SHELL_QMARK ||
                       w->v[i].kind == SHELL_CLASS || w->v[i].kind == SHELL_EXTGLOB ||
                       w->v[i].kind == SHELL_BOPEN; /* x/{a,b} */
        }
        _cleanup_free_ char *t = programs_word_text(w);
        if (!t)
                return true; /* fail closed */
        if (t[0] == '-' || strchr(t, '='))
                return false;
        if (expand) /* paste -sd '' "$f": any file the line writes */
                return reader && writes_matching(j, NULL);
        const char *base = strrchr(t, '/') ? strrchr(t, '/') + 1 : t;
        if (glob && strchr(base, '}') && !strchr(base, '{'))
                return writes_matching(j, NULL); /* x/{a,b/c}: any */
        return glob ? writes_matching(j, base) : rearranged_writes_name(j, t, whole);
}

int rearranged_reads_written(const Judge *j, const Stage *st, bool whole) {
        static const char *const readers[] = {"cat",  "tac", "paste", "sort", "head", "tail", "cut",
                                              "uniq", "rev", "fold",  "nl",   "join", "comm", "grep",
                                              "sed",  "awk", "xargs", "dd",   "fmt",  "pr",   NULL};
        char buf[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = k < st->n ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        bool reader = p && streq_any(p, readers);
        for (size_t a = k + 1; a < st->n; a++) /* paste -sd '' x/a*: a glob, a "$f" too */
                if (word_written(j, st->w[a], whole, reader))
                        return 1;
        for (size_t i = 0; i < st->n_redir; i++)
                if (streq(st->redir[i]->op, "<") && st->target[i] &&
                    word_written(j, st->target[i], whole, true))
                        return 1;
        return 0;
}

bool rearranged_line_writes(const Judge *j, const char *path) {
        return rearranged_writes_name(j, path, false);
}

int rearranged_file_git(const Judge *j, const Stage *st) {
        size_t k = scripts_program_at(st->w, st->n);
        bool written = false;
        for (size_t a = k + 1; a < st->n && !written; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o)
                        return -ENOMEM;
                written = o[0] != '-' && rearranged_line_writes(j, o);
        }
        if (!written)
                return 0;
        /* git in a text of the line, not a command's name */
        for (const char *p = j->text; (p = memmem(p, j->text_n - (size_t) (p - j->text), "git", 3));
             p += 3) {
                const char *q = p;
                while (q > j->text && (q[-1] == ' ' || q[-1] == '\t'))
                        q--;
                bool named = q == j->text || strchr(";&|(`\n", q[-1]);
                if (!named && blind_git(p, j->text_n - (size_t) (p - j->text), true) &&
                    (p == j->text || !(isalnum((unsigned char) p[-1]) || strchr(".-", p[-1]))))
                        return 1;
        }
        return 0;
}

/* What echo or printf at st prints (printf's format applied; echo's
 * escapes decoded when decode: echo -e's, xpg_echo's; bash's echo as
 * written), or NULL with *ret untouched when it is neither. */
static int printed(const Stage *st, bool decode, char **ret) {
        char buf[256];
        /* { echo T | tr x i; }: after an opener, the command (a closer's stage has no words) */
        const char *p =
                st->n > 0 && (!st->keyword_led || st->led) ? programs_name(st->w[0], buf, sizeof buf) : NULL;
        if (!p || !(streq(p, "echo") || streq(p, "printf")))
                return 0;
        char *t = streq(p, "printf") ? reread_printf(st->w, st->n) : programs_joined(st->w, st->n, 1);
        if (!t)
                return -ENOMEM;
        if (streq(p, "echo") && decode)
                reread_unescape(t);
        *ret = t;
        return 1;
}

int rearranged_printed(const Stage *st, bool decode, char **ret) {
        return printed(st, decode, ret);
}

/* perl -pe 's/RE/R/' (-e's value after -p or -n) applied to *t. */
static int perl_subs(const Stage *st, char **t) {
        char buf[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = pipeline_stage_name(st, buf, sizeof buf);
        bool print = false;
        for (size_t a = k + 1; p && streq(p, "perl") && a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o || o[0] != '-' || o[1] == '-')
                        return o ? 0 : -ENOMEM;
                print = print || strchr(o, 'p') || strchr(o, 'n');
                _cleanup_free_ char *e =
                        o[strlen(o) - 1] == 'e' && a + 1 < st->n ? programs_word_text(st->w[++a]) : NULL;
                int r = e && print ? sed_program(t, e, SED_PERL) : 0;
                if (r < 0)
                        return r;
        }
        return 0;
}

/* Does the text fed to st name git, as given or as its perl -pe s///
 * makes it? */
static int fed_git(const Stage *st, char **t) {
        if (blind_git(*t, strlen(*t), false))
                return 1;
        int r = perl_subs(st, t);
        return r < 0 ? r : blind_git(*t, strlen(*t), false);
}

int rearranged_fed_git(const Line *ln, const Stage *v, size_t at) {
        int r;
        for (size_t i = 0; i < v[at].n_redir; i++) { /* tr _ ' ' <<< git_log_-p */
                _cleanup_free_ char *t = NULL;
                if ((r = shells_fed_text(ln, &v[at], i, &t)) < 0)
                        return r;
                if (r > 0 && (r = fed_git(&v[at], &t)) != 0)
                        return r;
        }
        /* echo 'g\t log' | ...: as bash's echo prints it, and decoded */
        for (int decode = 0; decode < 2 && at > 0; decode++) {
                _cleanup_free_ char *t = NULL;
                if ((r = printed(&v[at - 1], decode, &t)) <= 0 || (r = fed_git(&v[at], &t)) != 0)
                        return r;
        }
        return 0;
}
