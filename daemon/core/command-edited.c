/* SPDX-License-Identifier: MIT */
/*
 * Files a runner reads, changed by an editor's program (command-internal.h):
 * sed -i, perl -pi, awk -i inplace on the file, or jq and sed whose output
 * is copied over it; the text the change puts in (sed's replacement, jq's
 * strings) is judged as a line. It must not decide which files a runner
 * reads: command-shells.c does.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* An editor's words: its program's texts (joined by newlines), whether it
 * edits its files in place, whether its program is beyond the words (-f
 * FILE, a computed word) and the index of its first file operand. */
typedef struct Edit {
        char *program;
        bool in_place, unread, extended;
        bool computed; /* a substitution in its program: text made at run time */
        size_t files;
} Edit;

static void edit_done(Edit *e) {
        free(e->program);
}

static int add_program(Edit *e, const char *t) {
        char *p = NULL;
        if (asprintf(&p, "%s%s%s", e->program ? e->program : "", e->program ? "\n" : "", t) < 0)
                return -ENOMEM;
        free(e->program);
        e->program = p;
        return 0;
}

/* ex, vi, vim, nvim: -c CMD, --cmd CMD, +CMD its program (ex commands,
 * which write the files it edits); -S FILE, -s FILE, -u FILE: commands
 * not in its words; none given: its input's, unread. */
static int vim_parse(const ShellWord *const *w, size_t n, size_t k, Edit *e) {
        char buf[256], name[256];
        bool ex = streq(programs_name(w[k], name, sizeof name), "ex");
        e->in_place = true;
        e->files = n;
        for (size_t a = k + 1; a < n; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf);
                size_t len = o ? strlen(o) : 0;
                char next[64]; /* -u NONE, -i NONE: no file read, the word after taken */
                const char *x = a + 1 < n ? programs_plain(w[a + 1], next, sizeof next) : NULL;
                if (streq_any(o, (const char *const[]){"-u", "-U", "-i", NULL}) &&
                    streq_any(x, (const char *const[]){"NONE", "NORC", NULL})) {
                        a++;
                        continue;
                }
                /* -c CMD, -sc CMD, --cmd CMD; -S F, -u F, vim's -s F (ex's -s: silent) */
                bool text = o && ((o[0] == '-' && o[1] != '-' && o[len - 1] == 'c') || streq(o, "--cmd"));
                bool file = o && (streq(o, "-S") || streq(o, "-u") || (!ex && streq(o, "-s")));
                if (o && o[0] == '+' && o[1] && add_program(e, o + 1) < 0)
                        return -ENOMEM;
                e->unread = e->unread || !o || file;
                if ((text || file) && a + 1 < n) {
                        const char *t = programs_plain(w[++a], buf, sizeof buf);
                        e->unread = e->unread || !t;
                        if (text && t && add_program(e, t) < 0)
                                return -ENOMEM;
                } else if (o && o[0] != '-' && o[0] != '+' && e->files == n)
                        e->files = a;
        }
        e->unread = e->unread || !e->program;
        return 1;
}

/* A program word's text into buf: as written, or with the text its
 * command substitutions print left out (s/^V=.*$/V=$(git describe)/), which
 * sets *computed; NULL for any other computed word ($v, a glob). */
static const char *program_text(const ShellWord *w, char *buf, size_t size, bool *computed) {
        const char *t = programs_plain(w, buf, size);
        if (t || !w->substitution || w->expansion || w->n >= size)
                return t;
        _cleanup_free_ char *x = programs_word_text(w);
        if (!x)
                return NULL;
        *computed = true;
        return strcpy(buf, x);
}

/* Reads w[k] (sed, perl, ruby, awk, gawk, jq; ex and vim): 1 with *e
 * filled, 0 for no editor, -ENOMEM. */
static int edit_parse(const ShellWord *const *w, size_t n, size_t k, Edit *e) {
        char name[256], buf[256];
        const char *prog = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (streq_any(prog, (const char *const[]){"ex", "vi", "vim", "nvim", NULL}))
                return vim_parse(w, n, k, e);
        bool sed = streq_ptr(prog, "sed"),
             perl = streq_any(prog, (const char *const[]){"perl", "ruby", NULL}),
             awk = streq_any(prog, (const char *const[]){"awk", "gawk", NULL}), jq = streq_ptr(prog, "jq");
        if (!sed && !perl && !awk && !jq)
                return 0;
        bool given = false; /* -e's: no operand is the program */
        size_t a = k + 1;
        for (; a < n; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf), *value = NULL;
                if (!o) {
                        bool ignored = false; /* sed -i "s/^V=.*$/V=$(git describe)/" F: read below */
                        e->unread = e->unread || (!given && !program_text(w[a], buf, sizeof buf, &ignored));
                        break;
                }
                if (streq(o, "--")) {
                        a++;
                        break;
                }
                if (o[0] != '-' || streq(o, "-"))
                        break;
                bool is_long = o[1] == '-';
                bool text = is_long ? programs_long_is(o, "expression", &value) ||
                                              programs_long_is(o, "source", &value)
                                    : strchr(sed || awk ? "e"
                                             : perl     ? "eE"
                                                        : "",
                                             o[strlen(o) - 1]) != NULL;
                bool file = is_long ? programs_long_is(o, "file", &value) ||
                                              programs_long_is(o, "from-file", &value)
                                    : !perl && o[strlen(o) - 1] == 'f';
                e->extended = e->extended || (sed && sed_option_extended(o));
                e->in_place = e->in_place ||
                              (sed &&
                               (is_long ? programs_long_is(o, "in-place", NULL) : strchr(o, 'i') != NULL)) ||
                              (perl && !is_long && strchr(o, 'i'));
                if (awk && streq(o, "-i") && a + 1 < n) { /* -i inplace: a library */
                        const char *lib = programs_plain(w[++a], buf, sizeof buf);
                        e->in_place = e->in_place || !lib || streq(lib, "inplace");
                        continue;
                }
                if (text || file) {
                        const char *t = value       ? value
                                        : a + 1 < n ? program_text(w[++a], buf, sizeof buf, &e->computed)
                                                    : NULL;
                        given = true;
                        e->unread = e->unread || file || !t;
                        if (text && t && add_program(e, t) < 0)
                                return -ENOMEM;
                        continue;
                }
                bool valued = is_long ? jq && streq_any(o, (const char *const[]){"--indent", NULL})
                              : sed   ? streq(o, "-l")
                              : awk   ? streq(o, "-v") || streq(o, "-F")
                              : jq    ? streq(o, "-L")
                                      : false;
                size_t pair = jq && streq_any(o, (const char *const[]){"--arg", "--argjson", "--slurpfile",
                                                                       "--rawfile", NULL});
                a += valued + 2 * pair;
        }
        if (!given && a < n && !e->unread) { /* the first operand: the program (perl's: a script file) */
                const char *t = program_text(w[a], buf, sizeof buf, &e->computed);
                e->unread = !t || perl;
                if (t && !perl && add_program(e, t) < 0)
                        return -ENOMEM;
                a++;
        }
        e->files = a;
        return 1;
}

/* Is w[0..n) an in-place edit (sed -i, perl -pi, awk -i inplace) of a
 * file named() says a runner of the line reads, or of one known only when
 * it runs? */
bool edited_in_place(const ShellWord *const *w, size_t n, bool (*named)(const void *ctx, const char *path),
                     const void *ctx) {
        char buf[256];
        _cleanup_(edit_done) Edit e = {0};
        size_t k = scripts_program_at(w, n);
        if (edit_parse(w, n, k, &e) <= 0 || !e.in_place)
                return false;
        for (size_t a = e.files; a < n; a++) {
                const char *f = programs_plain(w[a], buf, sizeof buf);
                if (!f || named(ctx, f))
                        return true;
        }
        return false;
}

/* Past a sed part ending in d (a regex, a replacement), into out when
 * given, its escapes decoded as GNU sed decodes them. */
static const char *part(const char *p, char d, char *out, size_t *k) {
        while (*p && *p != d) {
                char c = *p++;
                if (c == '\\' && *p)
                        p += sed_escape(p, &c);
                if (out && c) /* a NUL (\x00): dropped, as a shell reading it does */
                        out[(*k)++] = c;
        }
        return p;
}

/* The texts an editor's program puts in, one a line: sed's and perl's
 * as sed_put_in() reads them, or a jq filter's or an awk program's
 * strings. */
static char *put_in(const char *p, const char *editor, bool extended) {
        char *out = NULL;
        size_t k = 0;
        if (!streq_any(editor, (const char *const[]){"awk", "gawk", "jq", NULL})) {
                _cleanup_(sed_freep) SedScript *s = NULL;
                bool perl = streq_any(editor, (const char *const[]){"perl", "ruby", NULL});
                SedDialect d = perl ? SED_PERL : extended ? SED_EXTENDED : SED_BASIC;
                return sed_parse(p, d, &s) < 0 || sed_put_in(s, &out) < 0 ? NULL : out;
        }
        if (!(out = malloc(2 * strlen(p) + 2)))
                return NULL;
        for (p = strchr(p, '"'); p; p = strchr(p + (*p != 0), '"')) {
                p = part(p + 1, '"', out, &k);
                out[k++] = '\n';
                if (!*p)
                        break;
        }
        out[k] = 0;
        return out;
}

/* Does a jq filter only set paths to its strings (.a.b = "S", .a |= "S",
 * {a: "S"})? A function, an operator or a variable may compute the text
 * it puts in (gsub, +, join, $x, env.C, input). */
static bool jq_literal(const char *p) {
        const char *start = p;
        for (; *p; p++) {
                if (*p == '"') {
                        p = part(p + 1, '"', NULL, NULL);
                        if (!*p)
                                return false;
                        continue;
                }
                size_t id = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
                if (id > 0) { /* a key (.a, a:), a literal; any other name a function's */
                        bool key = (p > start && p[-1] == '.') || p[id + strspn(p + id, " \t")] == ':' ||
                                   strspn(p, "0123456789") == id;
                        bool literal =
                                (id == 4 && (strncmp(p, "true", 4) == 0 || strncmp(p, "null", 4) == 0)) ||
                                (id == 5 && strncmp(p, "false", 5) == 0);
                        if (!key && !literal)
                                return false;
                        p += id - 1;
                } else if (!strchr(".[]|=,{}: \t\n-", *p))
                        return false;
        }
        return true;
}

static size_t count_of(const char *t, const char *s) {
        size_t n = 0;
        for (const char *p = strstr(t, s); p; p = strstr(p + 1, s))
                n++;
        return n;
}

/* s applied to t (NULL: none) as an edit in place, into *ret; *named when
 * it put git in it. 0, -ENOMEM. */
static int edit_text(const SedScript *s, const char *t, char **ret, bool *named) {
        if (!(*ret = strdup(t ? t : "")) || sed_edit(s, false, ret) < 0)
                return -ENOMEM;
        *named = count_of(*ret, "git") > count_of(t ? t : "", "git");
        return 0;
}

/* Can the piece r[0..n), put in where a match not modelled is, meet the
 * text t to make git: r holds it, or ends with g (gi) where t holds it (t)
 * at a word's end, or starts with it (t) where t holds g (gi) at a word's
 * start? */
static bool meets_git(const char *r, size_t n, const char *t) {
        static const char git[] = "git";
        if (memmem(r, n, git, 3))
                return true;
        for (size_t k = 1; k < 3; k++) {
                const char *rest = git + k;
                if (n >= k && memcmp(r + n - k, git, k) == 0 &&
                    (n == k || !isalnum((unsigned char) r[n - k - 1])))
                        for (const char *p = strstr(t, rest); p; p = strstr(p + 1, rest))
                                if (!isalnum((unsigned char) p[3 - k]) && p[3 - k] != '_')
                                        return true;
                if (n >= 3 - k && memcmp(r, rest, 3 - k) == 0 &&
                    (n == 3 - k || !isalnum((unsigned char) r[3 - k])))
                        for (const char *p = t; (p = memmem(p, strlen(p), git, k)); p++)
                                if (p == t || (!isalnum((unsigned char) p[-1]) && p[-1] != '_'))
                                        return true;
        }
        return false;
}

/* Does t hold g, i and t in that order, any case (what deletions may join)? */
static bool letters_in_order(const char *t) {
        const char *want = "git";
        for (; *t && *want; t++)
                want += tolower((unsigned char) *t) == *want;
        return !*want;
}

/* An s/// whose regex is not modelled (s/\tX* /\t\o147/I, perl's
 * (?=i)) puts its replacement, decoded, anywhere in the file: a piece that
 * may meet the text's letters to make git is refused while the history
 * holds a masked entry. */
static int edited_pieces(Judge *j, const SedScript *s, const char *t) {
        _cleanup_free_ char *pieces = NULL;
        if (!sed_blind(s) || !judge_held(j))
                return 0;
        if (sed_put_in(s, &pieces) < 0)
                return -ENOMEM;
        /* a deletion (s/\n\t(?=t)//): the text on both sides of it joins,
         * and of each match the g flag or another line makes */
        bool deletes = pieces[0] == '\n' || strstr(pieces, "\n\n");
        bool joins = deletes && letters_in_order(t ? t : "");
        for (const char *p = pieces; *p || joins; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
                if (joins || meets_git(p, strcspn(p, "\n"), t ? t : "")) {
                        judge_mark_held(j);
                        return judge_refuse(j, "an edit whose match is not modelled puts in a text that, "
                                               "with the file's, may make git, in a file a runner of the "
                                               "line reads, while the history holds a masked entry");
                }
        return 0;
}

int edited_model(Judge *j, const Stage *st, bool runner) {
        _cleanup_(edit_done) Edit e = {0};
        char editor[256];
        WrittenTexts *w = j->written;
        size_t k = scripts_program_at(st->w, st->n);
        int r = !w ? 0 : edit_parse(st->w, st->n, k, &e); /* { sed -i ...; }: as well */
        if (r <= 0 || !e.in_place || e.unread || !e.program || w->edited == st->w[k])
                return r < 0 ? r : 0;
        bool perl = streq_any(programs_name(st->w[k], editor, sizeof editor),
                              (const char *const[]){"perl", "ruby", NULL});
        if (!perl && !streq(editor, "sed"))
                return 0;
        w->edited = st->w[k]; /* once, from whichever rule meets it first */
        _cleanup_(sed_freep) SedScript *s = NULL;
        _cleanup_free_ char *t = NULL, *seen = NULL, *put = strdup(w->edits);
        bool named = false, named_seen = false;
        if (!put ||
            sed_parse(e.program,
                      perl         ? SED_PERL
                      : e.extended ? SED_EXTENDED
                                   : SED_BASIC,
                      &s) < 0 ||
            edit_text(s, w->buf, &t, &named) < 0 || edit_text(s, w->seen, &seen, &named_seen) < 0 ||
            sed_edit(s, true, &put) < 0)
                return -ENOMEM;
        bool changed = !streq(t, w->buf ? w->buf : "");
        free(w->buf);
        w->buf = NULL;
        w->n = 0;
        w->pieces += 2 * changed; /* its text and the edit's, together */
        written_keep(w->edits, sizeof w->edits, "", put);
        written_keep(w->seen, sizeof w->seen, "", seen);
        if ((r = shells_written_add(j, t, strlen(t))) != 0 ||
            (!runner && !(j->written_run & (WRITTEN_PROGRAM | WRITTEN_SCRIPT))))
                return r;
        w->judging = true; /* not themselves texts the line writes */
        r = written_edit(j, put);
        if (r == 0 && named)
                r = written_edit(j, t);
        if (r == 0 && named_seen)
                r = written_edit(j, seen);
        if (r == 0)
                r = edited_pieces(j, s, t);
        w->judging = false;
        return r;
}

/* ed, ex, vi -es, awk -i inplace, sd, rpl, replace: an editor whose edit
 * is not modelled, in a line that writes a file it runs; it may join the
 * texts' letters into git. Refused while the history holds a masked entry
 * and the line's texts hold g, i and t. */
static int unmodelled(Judge *j, const Stage *st, size_t k, const Edit *e, bool parsed) {
        static const char *const editors[] = {"ed",   "red",     "ex", "vi",  "vim",     "nvim", "view",
                                              "rvim", "vimdiff", "sd", "rpl", "replace", NULL};
        char name[256];
        const char *p = k < st->n ? programs_name(st->w[k], name, sizeof name) : NULL;
        bool awk = parsed && streq_any(p, (const char *const[]){"awk", "gawk", NULL}) && e->in_place;
        if (!p || !(awk || streq_any(p, editors) || (parsed && e->in_place && e->unread)) || !judge_held(j))
                return 0;
        const WrittenTexts *w = j->written;
        if (!letters_in_order(w ? w->seen : "") && !letters_in_order(w && w->buf ? w->buf : "") &&
            !letters_in_order(w ? w->edits : ""))
                return 0;
        judge_mark_held(j);
        return judge_refuse(j,
                            "%s: an edit not modelled, in a line that writes a file it runs, whose texts "
                            "hold g, i and t, while the history holds a masked entry",
                            p);
}

int edited_judge(Judge *j, const Stage *st, const char *fed) {
        static const char what[] = "a text an edit puts in a file a runner of the line reads";
        _cleanup_(edit_done) Edit e = {0};
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        int u = edit_parse(st->w, st->n, k, &e);
        if (u < 0 || (u = unmodelled(j, st, k, &e, u > 0)) != 0)
                return u;
        edit_done(&e);
        e = (Edit){0};
        int r = edit_parse(st->w, st->n, k, &e); /* if ...; then sed -i ...: as well */
        if (r <= 0)
                return r;
        bool vim = streq_any(programs_name(st->w[k], name, sizeof name),
                             (const char *const[]){"ex", "vi", "vim", "nvim", NULL});
        e.unread = e.unread && !(vim && fed); /* ex -s F <<< '%s/a/b/': its input's */
        if (e.unread)
                return judge_refuse(j,
                                    "%s: an edit whose program is not in the line's words, of a file a "
                                    "runner of the line reads",
                                    programs_name(st->w[k], name, sizeof name));
        /* sed -i "s/^V=.*$/V=$(git describe --tags)/" F: a text made at run time
         * (its command judged as the line's); it may be git's words */
        if (e.computed && judge_held(j)) {
                judge_mark_held(j);
                return judge_refuse(
                        j,
                        "%s: an edit whose program holds what a substitution prints, of a file a "
                        "runner of the line reads, and the history holds a masked entry",
                        programs_name(st->w[k], name, sizeof name));
        }
        if (!e.program && !(vim && fed))
                return 0;
        bool jq = streq(programs_name(st->w[k], name, sizeof name), "jq");
        if (jq && !jq_literal(e.program))
                return judge_refuse(j,
                                    "jq: a filter that computes the text it puts in a file a runner of the "
                                    "line reads");
        /* Ex's: a's lines, s///'s replacements, normal's keys, by Ex's grammar */
        _cleanup_free_ char *t = NULL, *f = NULL;
        if (vim && e.program && (r = ex_put_in(e.program, false, &t)) < 0)
                return r;
        if (vim && fed && (r = ex_put_in(fed, true, &f)) < 0)
                return r;
        if (!t && e.program && !(t = put_in(e.program, name, e.extended)))
                return -ENOMEM;
        for (int i = 0; i < 2; i++) {
                char *x = i == 0 ? t : f;
                if (x && (r = written_edit(j, x)) != 0) /* its names, git among them */
                        return r;
                for (char *save = NULL, *line = x ? strtok_r(x, "\n", &save) : NULL; line;
                     line = strtok_r(NULL, "\n", &save))
                        if ((r = programs_reread(j, what, line, strlen(line))) != 0)
                                return r;
        }
        return edited_model(j, st, true);
}

int edited_texts(const Stage *st, bool in_place, char **ret) {
        _cleanup_(edit_done) Edit e = {0};
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        /* an edit in place edits its file whatever leads it ({ sed -i ...; }) */
        int r = st->keyword_led && !in_place ? 0 : edit_parse(st->w, st->n, k, &e);
        if (r <= 0 || (in_place && !e.in_place) || !e.program)
                return r < 0 ? r : 0;
        const char *p = programs_name(st->w[k], name, sizeof name);
        char *t = put_in(e.program, p, e.extended);
        if (!t)
                return -ENOMEM;
        *ret = t;
        return 1;
}
