/* SPDX-License-Identifier: MIT */
/*
 * vim's Ex commands read by Ex's grammar (command-internal.h): a program
 * is plain when each of its commands only edits the buffer and writes it
 * back, runs no shell, reads, sources and evaluates nothing. A range (%,
 * 1,$, ., /re/), then a command: d, y, m, t, j, >, p, s/// (not \=),
 * g/re/CMD and v/re/CMD of plain commands, a, i and c with their text,
 * normal's keys (not !, :, @, K, Q, gq, gf, gx, ...), set of a few
 * options, w, wq, x and q without a file. Anything else is not plain: the
 * caller judges it as before (command-languages.c: ex_runs, its names as a
 * line's). It must not decide.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

typedef enum {
        EX_BUFFER,  /* d, y: a register and a count */
        EX_COUNT,   /* j, p, nu, l, u, red, noh, le, ri, ce, ret: a count and flags */
        EX_ADDRESS, /* m, t, co: an address */
        EX_SUBST,
        EX_GLOBAL,
        EX_NORMAL,
        EX_TEXT,  /* a, i, c */
        EX_WRITE, /* w, wq, x, up, q, ...: no file */
        EX_SET,
        EX_SILENT,
        EX_MARK,
        EX_SORT,
} ExKind;

/* Ex's commands by their shortest abbreviation and full name, as vim's
 * fullcommand() resolves them (sil is silent, so is source, sor sort). */
static const struct {
        const char *min, *full;
        ExKind kind;
        bool bang; /* takes a ! */
} ex_commands[] = {
        {"d", "delete", EX_BUFFER, false},
        {"y", "yank", EX_BUFFER, false},
        {"j", "join", EX_COUNT, true},
        {"p", "print", EX_COUNT, false},
        {"nu", "number", EX_COUNT, false},
        {"l", "list", EX_COUNT, false},
        {"u", "undo", EX_COUNT, false},
        {"red", "redo", EX_COUNT, false},
        {"noh", "nohlsearch", EX_COUNT, false},
        {"le", "left", EX_COUNT, false},
        {"ri", "right", EX_COUNT, false},
        {"ce", "center", EX_COUNT, false},
        {"ret", "retab", EX_COUNT, true},
        {"m", "move", EX_ADDRESS, false},
        {"t", "t", EX_ADDRESS, false},
        {"co", "copy", EX_ADDRESS, false},
        {"s", "substitute", EX_SUBST, false},
        {"g", "global", EX_GLOBAL, true},
        {"v", "vglobal", EX_GLOBAL, false},
        {"norm", "normal", EX_NORMAL, true},
        {"a", "append", EX_TEXT, true},
        {"i", "insert", EX_TEXT, true},
        {"c", "change", EX_TEXT, true},
        {"w", "write", EX_WRITE, true},
        {"wq", "wq", EX_WRITE, true},
        {"x", "xit", EX_WRITE, true},
        {"exi", "exit", EX_WRITE, true},
        {"up", "update", EX_WRITE, true},
        {"q", "quit", EX_WRITE, true},
        {"qa", "qall", EX_WRITE, true},
        {"quita", "quitall", EX_WRITE, true},
        {"wqa", "wqall", EX_WRITE, true},
        {"xa", "xall", EX_WRITE, true},
        {"wa", "wall", EX_WRITE, true},
        {"se", "set", EX_SET, false},
        {"setl", "setlocal", EX_SET, false},
        {"sil", "silent", EX_SILENT, true},
        {"ma", "mark", EX_MARK, false},
        {"k", "k", EX_MARK, false},
        {"sor", "sort", EX_SORT, true},
};

/* Options set that run, read or evaluate nothing (a program, a shell, an
 * expression, a function: none of them). */
static const char *const ex_options[] = {
        "ff",         "fileformat", "et",          "expandtab", "ts",           "tabstop",  "sw",
        "shiftwidth", "sts",        "softtabstop", "tw",        "textwidth",    "fenc",     "fileencoding",
        "bomb",       "eol",        "endofline",   "fixeol",    "fixendofline", "ai",       "autoindent",
        "ic",         "ignorecase", "scs",         "smartcase", "ws",           "wrapscan", NULL};

static bool blank(char c) {
        return c == ' ' || c == '\t';
}

static const char *blanks(const char *p, const char *end) {
        while (p < end && blank(*p))
                p++;
        return p;
}

/* Past a pattern from p to the delimiter d (backslash escapes the next
 * character, \| an alternative): d's position, or end. NULL at a bar, a
 * newline or a control character in it: where vim ends the command is
 * not certain. */
static const char *pattern_end(const char *p, const char *end, char d) {
        for (; p < end && *p != d; p++) {
                bool escaped = *p == '\\' && p + 1 < end;
                p += escaped;
                if ((*p == '|' && !escaped) || *p == '\n' || ((unsigned char) *p < 0x20 && *p != '\t') ||
                    (unsigned char) *p == 0x7f)
                        return NULL;
        }
        return p;
}

/* A delimiter of s/// or g//: not a letter, digit, backslash, quote, bar,
 * blank or control character. */
static bool delimiter(char c) {
        return c > 0x20 && c < 0x7f && !isalnum((unsigned char) c) && !strchr("\\\"|", c);
}

/* Past a range (1,$ % . 'a /re/ ?re? \/ and +N -N offsets), or NULL. */
static const char *range_end(const char *p, const char *end) {
        for (;;) {
                p = blanks(p, end);
                if (p < end && isdigit((unsigned char) *p))
                        while (p < end && isdigit((unsigned char) *p))
                                p++;
                else if (p < end && strchr(".$%", *p))
                        p++;
                else if (p + 1 < end && *p == '\'' &&
                         (isalpha((unsigned char) p[1]) || strchr("<>[]'`^.", p[1])))
                        p += 2;
                else if (p < end && (*p == '/' || *p == '?')) {
                        if (!(p = pattern_end(p + 1, end, *p)))
                                return NULL;
                        p += p < end;
                } else if (p + 1 < end && *p == '\\' && strchr("/?&", p[1]))
                        p += 2;
                while (p < end && (*p == '+' || *p == '-'))
                        for (p++; p < end && isdigit((unsigned char) *p);)
                                p++;
                if (p < end && (*p == ',' || *p == ';')) {
                        p++;
                        continue;
                }
                return p;
        }
}

/* Normal mode's keys that run, read or evaluate nothing: printable, and
 * none of ! (a filter), : and Q (Ex), @ (a register run), K
 * ('keywordprg'), [ and ] (included files), "= (an expression), g's q and
 * w ('formatprg', 'formatexpr'), f, F, x (a file, a URL opened), Q, @
 * ('operatorfunc'), r and O (nvim's mappings), & (the last :s again). The
 * = operator's 'equalprg' only a command not plain could set. */
static bool keys_plain(const char *p, const char *end) {
        for (; p < end; p++) {
                if ((unsigned char) *p < 0x20 || (unsigned char) *p >= 0x7f || strchr("!:@KQ[]&", *p))
                        return false;
                if (p + 1 < end && ((*p == '"' && p[1] == '=') || (*p == 'g' && strchr("qwfFxQ@rO", p[1]))))
                        return false;
        }
        return true;
}

/* set's words: each a listed option, with no, inv, !, & or =VALUE of
 * letters, digits, - . _ only. */
static bool set_plain(const char *p, const char *end) {
        while ((p = blanks(p, end)) < end) {
                const char *w = p;
                while (p < end && !blank(*p))
                        p++;
                size_t len = strcspn(w, "=:!&+-^ \t");
                len = w + len > p ? (size_t) (p - w) : len;
                const char *name = w;
                if (len > 2 && strncmp(w, "no", 2) == 0)
                        name += 2, len -= 2;
                else if (len > 3 && strncmp(w, "inv", 3) == 0)
                        name += 3, len -= 3;
                bool known = false;
                for (const char *const *o = ex_options; *o && !known; o++)
                        known = strlen(*o) == len && strncmp(*o, name, len) == 0;
                if (!known)
                        return false;
                for (const char *v = name + len; v < p; v++)
                        if (!isalnum((unsigned char) *v) && !strchr("=:!&+-^._", *v))
                                return false;
        }
        return true;
}

/* Past the text lines of a, i or c: up to a line holding only "." (blanks
 * around it too, more than vim takes: a line vim would take for text is
 * then judged as a command, never the other way). */
static const char *text_lines(const char *p, const char *end) {
        while (p < end) {
                const char *e = memchr(p, '\n', (size_t) (end - p));
                e = e ? e : end;
                const char *a = blanks(p, e), *b = e;
                while (b > a && (blank(b[-1]) || b[-1] == '\r'))
                        b--;
                p = e + (e < end);
                if (b - a == 1 && *a == '.')
                        break;
        }
        return p;
}

/* A reading of an Ex program: a line at a time or a -c string, and the
 * texts its commands put in the buffer, one a line, when put is wanted. */
typedef struct ExRead {
        bool lines, want;
        char *put;
        size_t n;
        bool oom;
} ExRead;

static void put(ExRead *x, const char *p, const char *end) {
        if (!x->want || x->oom)
                return;
        char *b = realloc(x->put, x->n + (size_t) (end - p) + 2);
        if (!b) {
                x->oom = true;
                return;
        }
        memcpy(b + x->n, p, (size_t) (end - p));
        x->n += (size_t) (end - p);
        b[x->n++] = '\n';
        b[x->n] = 0;
        x->put = b;
}

/* ... and a replacement with its backslashes dropped (g\\it is git) */
static void put_unescaped(ExRead *x, const char *p, const char *end) {
        size_t at = x->n;
        put(x, p, end);
        if (!x->want || x->oom)
                return;
        char *o = x->put + at;
        for (const char *q = o; *q; q++) {
                if (*q == '\\' && q[1])
                        q++;
                *o++ = *q;
        }
        *o = 0;
        x->n = (size_t) (o - x->put);
}

static const char *commands_end(const char *p, const char *end, ExRead *x, int depth);

/* Past one command from p (at a bar, a newline or the end), or NULL when
 * it is not plain. lines: Ex mode reads its input a line at a time;
 * otherwise a -c string, where normal's keys run to its end. */
static const char *command_end(const char *p, const char *end, ExRead *x, int depth) {
        const char *eol = memchr(p, '\n', (size_t) (end - p));
        eol = eol ? eol : end;
        if (!(p = range_end(p, eol)))
                return NULL;
        size_t len = 0;
        while (p + len < eol && isalpha((unsigned char) p[len]))
                len++;
        if (len == 0) /* a range alone goes to its line; >, <, # */
                return p == eol || *p == '|' ? p : NULL;
        ExKind kind = EX_COUNT;
        bool found = false, bang = false;
        for (size_t i = 0; i < ELEMENTSOF(ex_commands) && !found; i++)
                if (len >= strlen(ex_commands[i].min) && len <= strlen(ex_commands[i].full) &&
                    strncmp(p, ex_commands[i].full, len) == 0) {
                        found = true;
                        kind = ex_commands[i].kind;
                        bang = ex_commands[i].bang;
                }
        if (!found)
                return NULL;
        p += len;
        if (p < eol && *p == '!') {
                if (!bang)
                        return NULL;
                p++;
        }
        const char *allowed = " \t0123456789";
        switch (kind) {
        case EX_BUFFER: /* a register: a letter, " or _ */
                allowed = " \t0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"_";
                break;
        case EX_COUNT:
                allowed = " \t0123456789lp#";
                break;
        case EX_WRITE:
                allowed = " \t";
                break;
        case EX_MARK:
                allowed = " \tabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'`";
                break;
        case EX_SORT:
                allowed = " \tbfinorux";
                break;
        case EX_ADDRESS:
                if (!(p = range_end(p, eol)))
                        return NULL;
                break;
        case EX_SUBST:
                p = blanks(p, eol);
                if (p < eol && delimiter(*p)) {
                        char d = *p;
                        const char *re = pattern_end(p + 1, eol, d);
                        if (!re || re == eol)
                                return re;
                        if (re + 2 < eol && re[1] == '\\' && re[2] == '=') /* \=expr */
                                return NULL;
                        const char *sub = pattern_end(re + 1, eol, d);
                        if (!sub || memchr(re + 1, '~', (size_t) (sub - re - 1)))
                                return NULL; /* ~: the last replacement, not this line's */
                        put(x, re + 1, sub);
                        put_unescaped(x, re + 1, sub);
                        p = sub + (sub < eol);
                } else if (p < eol && *p != '|')
                        return NULL;
                allowed = " \t0123456789&cegiInp#lr";
                break;
        case EX_GLOBAL: { /* g/re/CMD: CMD plain, run on each line */
                p = blanks(p, eol);
                if (p >= eol || !delimiter(*p) || depth >= 4)
                        return NULL;
                const char *re = pattern_end(p + 1, eol, *p);
                if (!re || (eol > p && eol[-1] == '\\')) /* a continued line */
                        return NULL;
                bool lines = x->lines;
                x->lines = true;
                const char *e = re < eol ? commands_end(re + 1, eol, x, depth + 1) : eol;
                x->lines = lines;
                if (!e)
                        return NULL;
                return eol;
        }
        case EX_NORMAL: {
                const char *to = x->lines ? eol : end; /* a -c string's newline among its keys */
                put(x, blanks(p, to), to);             /* i, o, A: the keys typed after them */
                for (const char *q = blanks(p, to); q < to; q++)
                        if (strchr("aAiIoOsScCR", *q))
                                put(x, q + 1, to);
                return keys_plain(blanks(p, to), to) ? to : NULL;
        }
        case EX_TEXT: { /* its argument ignored; then its text's lines, or after a bar
                         * (a -c string's; Ex mode's input may read it as a command) */
                if (depth > 0)
                        return NULL;
                const char *bar = memchr(p, '|', (size_t) (eol - p));
                if (bar && x->lines)
                        return NULL;
                const char *from = bar ? bar + 1 : eol + (eol < end), *to = text_lines(from, end);
                put(x, from, to);
                return to;
        }
        case EX_SET: {
                const char *e = memchr(p, '|', (size_t) (eol - p));
                e = e ? e : eol;
                return set_plain(p, e) ? e : NULL;
        }
        case EX_SILENT:
                return p < eol && (blank(*p) || p[-1] == '!') /* sil!%s/a/b/ */
                               ? command_end(blanks(p, eol), end, x, depth)
                               : NULL;
        }
        while (p < eol && *p != '|' && strchr(allowed, *p))
                p++;
        return p == eol || *p == '|' ? p : NULL;
}

/* Past the commands from p to end, or NULL when one is not plain. */
static const char *commands_end(const char *p, const char *end, ExRead *x, int depth) {
        while (p && p < end) {
                if (*p == '|' || *p == '\n' || *p == ':' || blank(*p))
                        p++;
                else
                        p = command_end(p, end, x, depth);
        }
        return p;
}

bool ex_plain(const char *text, bool lines) {
        ExRead x = {.lines = lines};
        return commands_end(text, text + strlen(text), &x, 0) != NULL;
}

int ex_put_in(const char *text, bool lines, char **ret) {
        ExRead x = {.lines = lines, .want = true};
        bool plain = commands_end(text, text + strlen(text), &x, 0) != NULL;
        _cleanup_free_ char *t = x.put ? x.put : strdup("");
        if (x.oom || !t)
                return -ENOMEM;
        if (!plain)
                return 0;
        *ret = TAKE_PTR(t);
        return 1;
}

static const char *const vims[] = {"vim", "vi", "ex", "view", "nvim", "gvim", "rvim", "rview", NULL};

bool ex_words_plain(const char *name, const ShellWord *const *w, size_t n, bool *ret_ex_mode) {
        char buf[4096], value[4096];
        bool ex_mode = streq(name, "ex"), files = false;
        if (!streq_any(name, vims)) /* vimdiff: a diff program */
                return false;
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf), *v = NULL;
                if (!a) /* a word known only when it runs may be any option */
                        return false;
                if (files || a[0] != '-' || streq(a, "-")) {
                        if (a[0] == '+' && !files) /* +CMD, +N, +/re */
                                v = a + 1;
                } else if (streq(a, "--"))
                        files = true;
                else if (streq_any(a, (const char *const[]){"-u", "-U", "-i", NULL}) && k + 1 < n &&
                         streq_any(programs_plain(w[k + 1], value, sizeof value),
                                   (const char *const[]){"NONE", "NORC", NULL}))
                        k++;            /* -u NONE: no startup file read */
                else if (a[1] == '-') { /* --cmd CMD; none other that reads or runs nothing */
                        if (!streq_any(a,
                                       (const char *const[]){"--cmd", "--clean", "--noplugin", "--headless",
                                                             "--not-a-term", "--ttyfail", NULL}))
                                return false;
                        if (streq(a, "--cmd") &&
                            (++k >= n || !(v = programs_plain(w[k], value, sizeof value))))
                                return false;
                } else {
                        /* -e, -E, -s (silent after -e; else a file of keys), -c CMD
                         * ending a cluster; not -S, -u, -i, -d (a diff program),
                         * nvim's -l (a Lua script), -t, -q */
                        size_t len = strcspn(a + 1, "c");
                        if (strspn(a + 1, "eEsRZmMbNnfopO0123456789") < len)
                                return false;
                        if (memchr(a + 1, 's', len) && !ex_mode && !memchr(a + 1, 'e', len) &&
                            !memchr(a + 1, 'E', len))
                                return false;
                        ex_mode = ex_mode || memchr(a + 1, 'e', len) || memchr(a + 1, 'E', len);
                        if (a[1 + len] == 'c')
                                v = a[2 + len] ? a + 2 + len
                                    : ++k < n  ? programs_plain(w[k], value, sizeof value)
                                               : NULL;
                        if (a[1 + len] == 'c' && !v)
                                return false;
                }
                if (v && !ex_plain(v, false))
                        return false;
        }
        if (ret_ex_mode)
                *ret_ex_mode = ex_mode;
        return true;
}

/* The text echo or printf in prev prints, when each of its words is
 * plain; echo's both as written and with -e's escapes decoded. */
static int printed(const Stage *prev, char **ret) {
        char name[256], buf[4096];
        const char *p =
                prev->n > 0 && !prev->keyword_led ? programs_name(prev->w[0], name, sizeof name) : NULL;
        if (!p || !(streq(p, "echo") || streq(p, "printf")))
                return 0;
        for (size_t k = 1; k < prev->n; k++)
                if (!programs_plain(prev->w[k], buf, sizeof buf))
                        return 0;
        if (streq(p, "printf")) {
                *ret = reread_printf(prev->w, prev->n);
                return *ret ? 1 : -ENOMEM;
        }
        size_t first = 1; /* echo's -e, -n, -E */
        while (first < prev->n && programs_plain(prev->w[first], buf, sizeof buf)[0] == '-')
                first++;
        _cleanup_free_ char *s = programs_joined(prev->w, prev->n, first);
        _cleanup_free_ char *u = s ? strdup(s) : NULL;
        if (!u)
                return -ENOMEM;
        reread_unescape(u);
        if (!ex_plain(u, true))
                return 0;
        *ret = TAKE_PTR(s);
        return 1;
}

int ex_fed_program(const Line *ln, const Stage *st, const Stage *prev, char **ret) {
        char name[256], buf[4096];
        bool ex_mode = false;
        const char *p = st->n > 0 && !st->keyword_led ? programs_name(st->w[0], name, sizeof name) : NULL;
        if (!p || !streq_any(p, vims) || !ex_words_plain(p, st->w, st->n, &ex_mode) || !ex_mode)
                return 0;
        _cleanup_free_ char *all = NULL;
        if (prev) { /* only the stage right before it: sort, tail would reorder it */
                int r = prev + 1 == st ? printed(prev, &all) : 0;
                if (r <= 0)
                        return r;
        }
        for (size_t i = 0; i < st->n_redir; i++) {
                const char *op = st->redir[i]->op;
                if (st->redir[i]->fd > 0) /* 3<<< T: not its input */
                        continue;
                if (streq(op, "<") || streq(op, "<>") || streq(op, "<(") || streq(op, "<&"))
                        return 0; /* a file's commands, not the line's */
                _cleanup_free_ char *t = NULL;
                int r = shells_fed_text(ln, st, i, &t);
                if (r <= 0) {
                        if (r < 0)
                                return r;
                        continue;
                }
                /* a heredoc not quoted, a here-string not plain: expanded */
                if (streq(op, "<<<") ? !programs_plain(st->target[i], buf, sizeof buf)
                                     : !st->target[i]->quoted && strpbrk(t, "$`\\"))
                        return 0;
                free(all);
                all = TAKE_PTR(t);
        }
        if (!all || !ex_plain(all, true))
                return 0;
        *ret = TAKE_PTR(all);
        return 1;
}
