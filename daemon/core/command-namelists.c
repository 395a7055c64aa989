/* SPDX-License-Identifier: MIT */
/*
 * Lists of names (command-internal.h): the programs that open the names
 * in a list they read, on their input or in a file an option names
 * (xargs, tar -T, sort --files0-from, xz --files, zstd --filelist), a
 * compound stage that runs one; the lists find writes, the patterns of its
 * that may match git's objects, a list a pipeline writes from the line's
 * texts. It must not refuse: command-objects.c and command-programs.c do.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Does the simple command w[0..n) open each name of a list: on its input
 * or in a file? wc and du --files0-from only count and stat, gzip takes
 * no list: none of them. subst: a command substitution in a word may read
 * the input too (cat $(cat)). */
static bool opens_list(const ShellWord *const *w, size_t n, bool subst) {
        static const char *const xzs[] = {"xz", "lzma", "unxz", "unlzma", "xzcat", "lzcat", NULL};
        static const char *const zstds[] = {"zstd", "unzstd", "zstdcat", "zstdmt", NULL};
        static const char *const readers[] = {"xargs", "parallel", "cpio", NULL};
        char nb[256], ab[256];
        for (size_t a = 0; subst && a < n; a++)
                if (w[a]->substitution)
                        return true;
        /* xargs first (a wrapper: scripts_program_at passes it), then
         * after env, nice, sudo */
        size_t k = scripts_program_at(w, n);
        for (size_t a = 0; a < k && a < n; a++)
                if (streq_ptr(programs_name(w[a], nb, sizeof nb), "xargs"))
                        return true;
        const char *name = k < n ? programs_name(w[k], nb, sizeof nb) : NULL;
        if (!name)
                return false;
        if (streq_any(name, readers))
                return true;
        bool tar = streq(name, "tar") || streq(name, "bsdtar");
        for (size_t a = k + 1; a < n; a++) {
                const char *o = programs_plain(w[a], ab, sizeof ab);
                bool cluster = o && o[0] == '-' && o[1] != '-';
                if (!o)
                        continue;
                if ((tar && (programs_long_is(o, "files-from", NULL) || (cluster && strchr(o, 'T')) ||
                             (a == k + 1 && o[0] != '-' && strchr(o, 'T')))) || /* tar cfT - l */
                    (streq(name, "zip") && cluster && strchr(o, '@')) ||
                    (streq(name, "rsync") && (programs_long_is(o, "files-from", NULL) ||
                                              programs_long_is(o, "include-from", NULL))) ||
                    (streq(name, "git") && streq(o, "--stdin-paths")) ||
                    (streq(name, "sort") && programs_long_is(o, "files0-from", NULL)) ||
                    (streq_any(name, xzs) &&
                     (programs_long_is(o, "files", NULL) || programs_long_is(o, "files0", NULL))) ||
                    (streq_any(name, zstds) && programs_long_is(o, "filelist", NULL)))
                        return true;
        }
        return false;
}

/* Does a command of the tokens [from, to) open a list: { xargs cat; },
 * (xargs cat), if :; then xargs cat; fi, any of which may read the pipe? */
static bool body_opens(const ShellLexed *l, size_t from, size_t to, bool subst) {
        const ShellWord *w[64];
        size_t m = 0;
        for (size_t i = from; i <= to; i++) {
                const ShellToken *t = i < to ? &l->v[i] : NULL;
                if (t && t->kind == SHELL_TOKEN_WORD && !(m == 0 && programs_keyword(&t->w))) {
                        if (m < ELEMENTSOF(w))
                                w[m++] = &t->w;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR) {
                        i += i + 1 < to && l->v[i + 1].kind == SHELL_TOKEN_WORD;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_WORD)
                        continue; /* then, do, {: the command after it */
                if (m > 0 && opens_list(w, m, subst))
                        return true;
                m = 0;
        }
        return false;
}

/* Is token i an opener (1: '(', if, while, until, '{' at a command's
 * start), a closer (-1: ')', fi, done, '}') or neither (0)? */
static int nesting(const ShellLexed *l, size_t i) {
        const ShellToken *t = &l->v[i];
        if (t->kind == SHELL_TOKEN_OP)
                return streq(t->op, "(") ? 1 : streq(t->op, ")") ? -1 : 0;
        if (t->kind != SHELL_TOKEN_WORD || !programs_keyword(&t->w))
                return 0;
        static const char *const opens[] = {"if", "while", "until", "{", NULL};
        static const char *const closes[] = {"fi", "done", "}", NULL};
        for (size_t k = 0; opens[k]; k++)
                if (compound_word_is(&t->w, opens[k]))
                        return 1;
        for (size_t k = 0; closes[k]; k++)
                if (compound_word_is(&t->w, closes[k]))
                        return -1;
        return 0;
}

/* The compound v[at] opens, a pipe feeding it (T | if :; then xargs
 * cat; fi; T | (xargs cat): the line's pipeline ends inside it): does its
 * body open a list? */
static bool fed_compound_opens(const Line *ln, const Stage *v, size_t at, bool subst) {
        const ShellLexed *l = ln->lexed;
        size_t o = SIZE_MAX;
        if (v[at].keyword_led && v[at].led)
                o = (size_t) (v[at].led - l->v);
        else if (v[at].n == 0 && !v[at].led && v[at].n_redir == 0 && at > 0 && v[at - 1].n > 0) {
                const ShellWord *w = v[at - 1].w[v[at - 1].n - 1]; /* a stage's words are its tokens' */
                const ShellToken *t =
                        (const ShellToken *) (const void *) ((const char *) w - offsetof(ShellToken, w));
                for (size_t i = (size_t) (t - l->v); i < l->n && o == SIZE_MAX; i++)
                        if (l->v[i].kind == SHELL_TOKEN_OP && streq(l->v[i].op, "("))
                                o = i;
        }
        if (o >= l->n || nesting(l, o) != 1)
                return false;
        int depth = 0;
        for (size_t i = o; i < l->n; i++) {
                depth += nesting(l, i);
                if (depth == 0)
                        return body_opens(l, o + 1, i, subst);
        }
        return body_opens(l, o + 1, l->n, subst); /* unclosed: what follows */
}

bool namelists_opens(const Line *ln, const Stage *v, size_t at, bool subst) {
        const Stage *st = &v[at];
        if (opens_list(st->w, st->n, subst))
                return true;
        char name[256];
        size_t from, to;
        if (!ln || !ln->lexed)
                return false;
        if (fed_compound_opens(ln, v, at, subst))
                return true;
        return compound_body(ln, st, pipeline_stage_name(st, name, sizeof name), &from, &to) &&
               body_opens(ln->lexed, from, to, subst);
}

bool namelists_find_writes(const Stage *st) {
        static const char *const prints[] = {"-fprint", "-fprint0", "-fprintf", "-fls", NULL};
        char buf[256];
        size_t k = scripts_program_at(st->w, st->n);
        if (k >= st->n || !streq_ptr(programs_name(st->w[k], buf, sizeof buf), "find"))
                return false;
        for (size_t a = k + 1; a + 1 < st->n; a++) {
                const char *o = programs_plain(st->w[a], buf, sizeof buf);
                if (!o || streq_any(o, prints))
                        return true;
        }
        return false;
}

/* A name of len hex digits the pattern c (a glob's component, [c, e))
 * may match, built from it: its literals, '0' for '?', a class's first
 * member, the first '*' filled to len; into out. */
static bool hex_name(const char *c, const char *e, size_t len, char out[64]) {
        size_t n = 0, star = SIZE_MAX;
        for (const char *q = c; q < e && n < 63; q++) {
                if (*q == '*') {
                        star = star == SIZE_MAX ? n : star;
                        continue;
                }
                if (*q == '[') { /* [0-9a-f], [!x]: a member, or '0' */
                        const char *m = q + 1 + (q + 1 < e && strchr("!^", q[1]));
                        out[n++] = m < e && isxdigit((unsigned char) *m) && m[-1] == '[' ? *m : '0';
                        while (q + 1 < e && q[1] != ']')
                                q++;
                        q += q + 1 < e;
                        continue;
                }
                q += *q == '\\' && q + 1 < e;
                out[n++] = *q == '?' ? '0' : (char) tolower((unsigned char) *q);
        }
        if (n < len && star != SIZE_MAX && len < 64) {
                memmove(out + star + (len - n), out + star, n - star);
                memset(out + star, '0', len - n);
                n = len;
        }
        out[n] = 0;
        for (size_t i = 0; i < n; i++)
                if (!isxdigit((unsigned char) out[i]))
                        return false;
        return n == len;
}

bool namelists_may_match_object(const char *pat, bool path) {
        char name[64], dir[64], full[160];
        const char *end = pat + strlen(pat), *last = strrchr(pat, '/');
        const char *c = path && last ? last + 1 : pat;
        if (!path) /* an object's file name, a fan-out directory's */
                return (hex_name(pat, end, 38, name) && match_glob(pat, name, MATCH_FOLD)) ||
                       (hex_name(pat, end, 2, dir) && match_glob(pat, dir, MATCH_FOLD));
        if (!hex_name(c, end, 38, name))
                return false;
        const char *d = last ? last : pat; /* the component before the last */
        while (d > pat && d[-1] != '/')
                d--;
        if (!last || !hex_name(d, last, 2, dir))
                memcpy(dir, name, 2), dir[2] = 0;
        snprintf(full, sizeof full, "./.git/objects/%s/%s", dir, name);
        return match_glob(pat, full, MATCH_FOLD);
}

int namelists_written(Judge *j, const Line *ln, const Stage *v, size_t at) {
        char buf[256];
        const Stage *st = &v[at];
        bool writes = false; /* > l, >> l, >| l, &> l; tee l */
        for (size_t i = 0; i < st->n_redir && !writes; i++)
                writes = st->target[i] && strchr(st->redir[i]->op, '>') && !strchr(st->redir[i]->op, '<') &&
                         !strchr(st->redir[i]->op, '(') && !streq(st->redir[i]->op, ">&");
        const char *p = pipeline_stage_name(st, buf, sizeof buf);
        writes = writes || (p && streq(p, "tee") && st->n > 1);
        if (!writes || at == 0 || !judge_held(j) || j->git_list_written)
                return 0;
        _cleanup_free_ char *t = NULL;
        int r = pipeline_names(j, ln, v, at, &t);
        if (r < 0)
                return r;
        j->git_list_written = r == 1 || (r == 2 && objects_text_names(t));
        return 0;
}
