/* SPDX-License-Identifier: MIT */
/*
 * Texts a pipeline's program rearranges (command-internal.h): the line's
 * text as tr's literal sets or sed's y/// and literal s///g make it, read
 * with every separator a blank, for git as a word. It must not decide what
 * reads the output: command-languages.c does.
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

/* A literal set of tr or a part of sed's y/// or s///: escapes decoded; false for
 * a range, a class or a repeat (not modelled). */
static bool literal_set(const char *a, size_t len, char *out, size_t size, size_t *ret) {
        size_t m = 0;
        for (size_t i = 0; i < len && m + 1 < size; i++) {
                char c = a[i];
                if (c == '[' || (c == '-' && i > 0 && i + 1 < len))
                        return false;
                if (c == '\\' && i + 1 < len) /* GNU sed's \x67, \o147, \d103 too */
                        i += edited_sed_escape(a + i + 1, &c);
                out[m++] = c;
        }
        *ret = m;
        return m > 0;
}

/* Map each char of from to the one at its place in to (the last one
 * repeated, as tr does), in t. */
static void map_chars(char *t, const char *from, size_t nf, const char *to, size_t nt) {
        for (char *p = t; *p; p++) {
                const char *at = memchr(from, *p, nf);
                if (at && nt > 0)
                        *p = to[(size_t) (at - from) < nt ? (size_t) (at - from) : nt - 1];
        }
}

/* Replace each s in t by r (sed s/S/R/g, S without a regex's specials). */
static char *replace_all(char *t, const char *s, size_t ns, const char *r, size_t nr) {
        if (ns == 0)
                return t;
        size_t len = strlen(t), cap = len + 1 + (nr > ns ? (nr - ns) * (len / ns + 1) : 0);
        char *out = malloc(cap);
        if (!out)
                return NULL;
        size_t m = 0;
        for (const char *p = t; *p;) {
                if (strncmp(p, s, ns) == 0) {
                        memcpy(out + m, r, nr);
                        m += nr;
                        p += ns;
                } else
                        out[m++] = *p++;
        }
        out[m] = 0;
        free(t);
        return out;
}

/* sed's y/A/B/ or s/A/B/ (any delimiter, A literal), applied to *t. */
static int sed_apply(char **t, const char *e) {
        char d = e[0] && e[1] ? e[1] : 0, a[256], b[256];
        if ((e[0] != 'y' && e[0] != 's') || !d || d == '\\' || d == '\n')
                return 0;
        const char *p1 = e + 2, *p2 = strchr(p1, d), *p3 = p2 ? strchr(p2 + 1, d) : NULL;
        size_t na = 0, nb = 0;
        if (!p3 || !literal_set(p1, (size_t) (p2 - p1), a, sizeof a, &na))
                return 0;
        if (!literal_set(p2 + 1, (size_t) (p3 - p2 - 1), b, sizeof b, &nb))
                nb = 0;
        if (e[0] == 'y') {
                map_chars(*t, a, na, b, nb);
                return 0;
        }
        if (memchr(a, '.', na) || memchr(a, '*', na) || memchr(a, '^', na) || memchr(a, '$', na))
                return 0;
        char *r = replace_all(*t, a, na, b, nb);
        if (!r)
                return -ENOMEM;
        *t = r;
        return 0;
}

/* The line's text as st's tr or sed would print it (its literal sets and
 * scripts applied), into *ret. */
static int transformed(const Line *ln, const Stage *st, const char *name, char **ret) {
        _cleanup_free_ char *t = strndup(ln->text, ln->n);
        char set[2][256];
        size_t ns[2] = {0, 0}, sets = 0;
        if (!t)
                return -ENOMEM;
        size_t k = scripts_program_at(st->w, st->n);
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o)
                        return -ENOMEM;
                if (streq(name, "tr") && o[0] != '-' && sets < 2) /* a range or class: unmodelled */
                        sets = literal_set(o, strlen(o), set[sets], sizeof set[0], &ns[sets]) ? sets + 1 : 3;
                bool script = streq(name, "sed") && (o[0] != '-' || streq(o, "-e"));
                const char *e = streq(o, "-e") && a + 1 < st->n ? NULL : o;
                _cleanup_free_ char *next = script && !e ? programs_word_text(st->w[++a]) : NULL;
                if (script && sed_apply(&t, e ? e : next ? next : "") < 0)
                        return -ENOMEM;
        }
        if (sets == 2)
                map_chars(t, set[0], ns[0], set[1], ns[1]);
        *ret = TAKE_PTR(t);
        return 0;
}

int rearranged_names_git(const Line *ln, const Stage *st, const char *name, bool command) {
        if (blind_git(ln->text, ln->n, command))
                return 1;
        if (!name || !(streq(name, "tr") || streq(name, "sed")))
                return 0;
        _cleanup_free_ char *t = NULL;
        if (transformed(ln, st, name, &t) < 0)
                return -ENOMEM;
        return blind_git(t, strlen(t), command);
}

bool rearranged_line_writes(const Judge *j, const char *path) {
        const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        size_t bl = strlen(base);
        for (const char *p = j->text;
             bl > 0 && (p = memmem(p, j->text_n - (size_t) (p - j->text), base, bl)); p += bl) {
                const char *q = p;
                while (q > j->text && !strchr(" \t>|;&", q[-1]))
                        q--;
                while (q > j->text && (q[-1] == ' ' || q[-1] == '\t'))
                        q--;
                if (q > j->text && q[-1] == '>')
                        return true;
        }
        return false;
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

/* What echo or printf at st prints (printf's format applied, echo's
 * escapes decoded), or NULL with *ret untouched when it is neither. */
static int printed(const Stage *st, char **ret) {
        char buf[256];
        const char *p = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], buf, sizeof buf) : NULL;
        if (!p || !(streq(p, "echo") || streq(p, "printf")))
                return 0;
        char *t = streq(p, "printf") ? reread_printf(st->w, st->n) : programs_joined(st->w, st->n, 1);
        if (!t)
                return -ENOMEM;
        if (streq(p, "echo"))
                reread_unescape(t);
        *ret = t;
        return 1;
}

int rearranged_fed_git(const Line *ln, const Stage *v, size_t at) {
        int r;
        for (size_t i = 0; i < v[at].n_redir; i++) { /* tr _ ' ' <<< git_log_-p */
                _cleanup_free_ char *t = NULL;
                if ((r = shells_fed_text(ln, &v[at], i, &t)) < 0)
                        return r;
                if (r > 0 && blind_git(t, strlen(t), false))
                        return 1;
        }
        _cleanup_free_ char *t = NULL;
        if (at == 0 || (r = printed(&v[at - 1], &t)) <= 0)
                return at == 0 ? 0 : r;
        return blind_git(t, strlen(t), false);
}
