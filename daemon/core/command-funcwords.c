/* SPDX-License-Identifier: MIT */
/*
 * A function's body as one call of it makes it (command-internal.h): its
 * $1, ${2}, $@ the call's words, a default ${1:-TEXT} the word or TEXT,
 * ${#1} the word's length, $# their count, as bash hands them to the body.
 * command-functions.c puts what it makes where the call stands; it must
 * not lex a line, nor run the rule.
 *
 *     hd() { head -n "${2:-10}" "$1"; }; hd Makefile
 *  =>  head -n "10" "Makefile";
 *
 * Only words whose text is what bash hands the body: a literal (no glob,
 * no ~, no quote or operator, which would be read again where $1 stands),
 * or one whole "$name" of the line's own, read as ${name} in the body
 * when the body can change no variable (bash took its value at the call).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Is raw, a word as the line writes it, one whole "$name" or "${name}"
 * of a variable the line's own (a lowercase letter in its name: none of
 * bash's own, which it changes as the body runs, $PWD, $_, $SECONDS) or
 * of the environment's that bash never changes ($HOME, $USER)? The name
 * into name. */
static bool param_word(const char *raw, char name[static 64]) {
        static const char *const stable[] = {"HOME", "USER", "LOGNAME", "LANG", "TERM", "TMPDIR", NULL};
        size_t n = raw ? strlen(raw) : 0, brace = n > 3 && raw[2] == '{';
        if (n < 4 || raw[0] != '"' || raw[1] != '$' || raw[n - 1] != '"' || (brace && raw[n - 2] != '}'))
                return false;
        size_t from = 2 + brace, len = n - 1 - brace - from;
        if (len == 0 || len >= 64 || !shell_is_ident_start(raw[from]))
                return false;
        bool lower = false;
        for (size_t k = 0; k < len; k++) {
                if (!shell_is_ident(raw[from + k]))
                        return false;
                lower = lower || (raw[from + k] >= 'a' && raw[from + k] <= 'z');
        }
        memcpy(name, raw + from, len);
        name[len] = 0;
        return lower || streq_any(name, stable);
}

/* Is item k of w after a letter or digit (HEAD~1: no tilde bash
 * expands, at the call nor where the word is put)? */
static bool after_alnum(const ShellWord *w, size_t k) {
        if (k == 0 || w->v[k - 1].kind != SHELL_LIT)
                return false;
        char c = (char) w->v[k - 1].c;
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* A word of the call whose text, put where $1 stands, is not what bash
 * hands the body: an expansion or a substitution (their text is not in
 * it), a glob or a ~ bash expands at the call (f .e* for "$1" is .env,
 * where ".e*" names none; a ~ but after a letter or digit), an extglob. */
static bool word_unread(const ShellWord *w) {
        if (w->expansion || w->substitution)
                return true;
        for (size_t k = 0; k < w->n; k++) {
                const ShellItem *it = &w->v[k];
                if (it->kind == SHELL_EXPAND || it->kind == SHELL_STAR || it->kind == SHELL_QMARK ||
                    it->kind == SHELL_CLASS || it->kind == SHELL_EXTGLOB ||
                    (it->kind == SHELL_LIT && it->c == '~' && !after_alnum(w, k)))
                        return true;
        }
        return false;
}

/* Is w's text what bash hands the body but for a glob (* ? [...]) it
 * expands at the call: no expansion, substitution, ~ or extglob? */
static bool word_globbed(const ShellWord *w) {
        bool glob = false;
        if (w->expansion || w->substitution)
                return false;
        for (size_t k = 0; k < w->n; k++) {
                const ShellItem *it = &w->v[k];
                if (it->kind == SHELL_EXTGLOB || it->kind == SHELL_EXPAND ||
                    (it->kind == SHELL_LIT && it->c == '~' && !after_alnum(w, k)))
                        return false;
                glob = glob || it->kind == SHELL_STAR || it->kind == SHELL_QMARK || it->kind == SHELL_CLASS;
        }
        return glob;
}

/* Can the body change a variable, so that ${name} read where $1 stands
 * is not the value bash took at the call? Any assignment, arithmetic or
 * subscript, or a builtin that sets or unsets a name, even one it makes
 * (read "$x", printf -v, eval), or the name itself. */
static bool body_assigns_in(const char *b, const char *name) {
        static const char *const setters[] = {
                "read",    "mapfile", "readarray", "getopts",  "unset", "wait",   "declare",
                "typeset", "local",   "export",    "readonly", "let",   "eval",   "source",
                "select",  "for",     "trap",      "alias",    "exec",  "printf", "shopt",
                "set",     "enable",  "builtin",   "coproc",   NULL};
        if (reread_has_ident(b, name) || strpbrk(b, "=`[") || strstr(b, "((") || strstr(b, "++") ||
            strstr(b, "--"))
                return true;
        for (const char *const *s = setters; *s; s++)
                if (reread_has_ident(b, *s))
                        return true;
        return false;
}

/* Does the body build positional parameters of its own, or read what
 * bash makes for a function only (what is left of $#, ${#...} once the
 * call's are read)? */
static bool body_unread_in(const char *b) {
        static const char *const words[] = {
                "shift",       "set",    "getopts",     "OPTIND",   "FUNCNAME",     "BASH_ARGV", "BASH_ARGC",
                "BASH_SOURCE", "caller", "BASH_LINENO", "function", "BASH_ALIASES", NULL};
        for (const char *const *w = words; *w; w++)
                if (functions_occurrences(b, strlen(b), *w) > 0)
                        return true;
        return strstr(b, "$#") || strstr(b, "${#") || strstr(b, "()");
}

/* b with the quotes and backslashes bash removes from a word (s""hift,
 * p\rintf -v: 31u 5), malloc'd; NULL when out of memory. */
static char *dequoted(const char *b) {
        char *d = malloc(strlen(b) + 1), *o = d;
        for (; d && *b; b++)
                if (!strchr("\"'\\", *b))
                        *o++ = *b;
        if (d)
                *o = 0;
        return d;
}

/* ... as written and so (out of memory: it may) */
static bool body_assigns(const char *b, const char *name) {
        _cleanup_free_ char *d = dequoted(b);
        return !d || body_assigns_in(b, name) || body_assigns_in(d, name);
}

static bool body_unread(const char *b) {
        _cleanup_free_ char *d = dequoted(b);
        return !d || body_unread_in(b) || body_unread_in(d);
}

static bool ascii(const char *s) {
        for (; *s; s++)
                if ((unsigned char) *s >= 0x80)
                        return false;
        return true;
}

/* The length of a default's TEXT (op '-') or an error's MSG ('?') to
 * its '}', when the text put where the expansion stands reads as bash
 * reads the expansion, in quotes or not: no expansion, quote, backslash
 * or brace; no operator, '#' or '=' (a comment, an assignment the text
 * would make at a word's start); a '~' only after a letter or digit
 * (HEAD~1: no tilde either way); a glob only in TEXT (globbed where the
 * expansion is unquoted, as the text is); a blank only in double quotes
 * (body_decided's). SIZE_MAX for any other. */
static size_t default_text(const char *t, char op) {
        size_t k = 0;
        for (; t[k] && t[k] != '}' && k <= 128; k++) {
                char c = t[k];
                if (strchr("$`\\'\"{}()<>|&;#=!\n", c) ||
                    (c == '~' && (k == 0 || !shell_is_ident(t[k - 1]) || t[k - 1] == '_')) ||
                    (op == '?' && strchr("*?[", c)))
                        return SIZE_MAX;
        }
        return t[k] == '}' && k <= 128 ? k : SIZE_MAX;
}

/* Are the body's quotes all its own: no substitution (whose quotes are
 * its own), no comment (a don't in it)? */
static bool quotes_plain(const char *b) {
        if (strstr(b, "$(") || strchr(b, '`'))
                return false;
        for (const char *h = strchr(b, '#'); h; h = strchr(h + 1, '#'))
                if (h == b || strchr(" \t\n;&|(", h[-1]))
                        return false;
        return true;
}

/* ${@:K}, ${@:K:L} (or *) at e: the words from K, into out as the
 * positional parameters reread_positional puts in, "${2}" "${3}" in
 * double quotes, ${2} ${3} out of them. 1 and the text's length in
 * *skip; 0 where K is 0 or past the words (no word, where the text
 * would make an empty one). */
static int words_from(const char *e, size_t n, bool dquote, char *out, size_t *skip) {
        size_t k = 0, l = SIZE_MAX, at = 4, d = 0;
        for (; e[at] >= '0' && e[at] <= '9' && d < 3; at++, d++)
                k = k * 10 + (size_t) (e[at] - '0');
        if (d == 0 || k == 0 || k >= n)
                return 0;
        if (e[at] == ':') {
                l = 0, d = 0;
                for (at++; e[at] >= '0' && e[at] <= '9' && d < 3; at++, d++)
                        l = l * 10 + (size_t) (e[at] - '0');
                if (d == 0 || l == 0)
                        return 0;
        }
        if (e[at] != '}')
                return 0;
        size_t to = l == SIZE_MAX || k + l > n ? n : k + l, o = 0;
        for (size_t w = k; w < to; w++)
                o += (size_t) sprintf(out + o, "%s${%zu}",
                                      w == k                  ? ""
                                      : dquote && e[2] == '@' ? "\" \""
                                                              : " ",
                                      w);
        *skip = at + 1;
        return 1;
}

/* The body with what the call's words decide put in: ${N:-TEXT} and
 * ${N-TEXT} (TEXT plain: letters, digits, ._/+:@%-) ${N} or TEXT, ${#N}
 * the length of a literal word, $#, ${#}, ${#@}, ${#*} their count. The
 * rest as written; 0 for a default or a length this does not decide. */
static int body_decided(const char *b, const ShellWord *const *w, size_t n, const bool *param, char **ret) {
        size_t len = strlen(b);
        _cleanup_free_ char *out = malloc(len * 2 + 256);
        size_t o = 0, cap = len * 2 + 256; /* at least 160: one doubling makes room */
        if (!out)
                return -ENOMEM;
        bool single = false, dquote = false;
        for (size_t i = 0; i < len;) {
                char buf[256];
                if (o + 160 + 16 * n > cap) { /* a step puts at most 128 bytes, or 16 a word */
                        char *m = realloc(out, cap = cap * 2 + 16 * n);
                        if (!m)
                                return -ENOMEM;
                        out = m;
                }
                bool count = false;
                size_t skip = 0;
                if ((b[i] == '\\' || (b[i] == '$' && b[i + 1] == '$')) && b[i + 1]) { /* \$1, $$ */
                        out[o++] = b[i++];
                        out[o++] = b[i++];
                        continue;
                }
                single = single != (b[i] == '\'' && !dquote);
                dquote = dquote != (b[i] == '"' && !single);
                if ((strncmp(b + i, "${@:", 4) == 0 || strncmp(b + i, "${*:", 4) == 0) && b[i + 4] >= '0' &&
                    b[i + 4] <= '9') {
                        /* the quotes known: none a substitution's or a comment's */
                        int r = quotes_plain(b) ? words_from(b + i, n, dquote, out + o, &skip) : 0;
                        if (r <= 0)
                                return r;
                        o += strlen(out + o);
                        i += skip;
                        continue;
                }
                if (b[i] == '$' && b[i + 1] == '#')
                        count = true, skip = 2;
                else if (strncmp(b + i, "${#}", 4) == 0)
                        count = true, skip = 4;
                else if (strncmp(b + i, "${#@}", 5) == 0 || strncmp(b + i, "${#*}", 5) == 0)
                        count = true, skip = 5;
                if (count) {
                        o += (size_t) sprintf(out + o, "%zu", n - 1);
                        i += skip;
                        continue;
                }
                if (strncmp(b + i, "${@:-", 5) == 0 || strncmp(b + i, "${*:-", 5) == 0) {
                        /* ${@:-TEXT}: the words when there are, none empty */
                        size_t tl = default_text(b + i + 5, '-');
                        if (tl == SIZE_MAX ||
                            (strcspn(b + i + 5, " \t") < tl && (!dquote || !quotes_plain(b))))
                                return 0;
                        for (size_t k = 1; k < n; k++)
                                if (param[k] || w[k]->n == 0)
                                        return 0;
                        if (n > 1)
                                o += (size_t) sprintf(out + o, "$%c", b[i + 2]);
                        else {
                                memcpy(out + o, b + i + 5, tl);
                                o += tl;
                        }
                        i += 5 + tl + 1;
                        continue;
                }
                size_t d = 0, num = 0;
                bool length = b[i] == '$' && b[i + 1] == '{' && b[i + 2] == '#';
                const char *q = b + i + 2 + length;
                if (b[i] == '$' && b[i + 1] == '{')
                        while (q[d] >= '0' && q[d] <= '9' && d < 6)
                                num = num * 10 + (size_t) (q[d++] - '0');
                if (d == 0) {
                        out[o++] = b[i++];
                        continue;
                }
                q += d;
                const char *plain = num < n && !param[num] ? programs_plain(w[num], buf, sizeof buf) : NULL;
                if (length) { /* ${#N}: a literal's length, in characters (ASCII: bytes) */
                        if (*q != '}' || num == 0 || (num < n && (!plain || !ascii(plain))))
                                return 0;
                        o += (size_t) sprintf(out + o, "%zu", plain ? strlen(plain) : 0);
                        i = (size_t) (q + 1 - b);
                        continue;
                }
                bool colon = q[0] == ':' && (q[1] == '-' || q[1] == '?');
                char op = q[colon];
                if (op != '-' && op != '?') { /* ${N}, or an operator positional_transformed reads */
                        out[o++] = b[i++];
                        continue;
                }
                const char *t = q + 1 + colon;
                size_t tl = default_text(t, op);
                if (tl == SIZE_MAX || num == 0)
                        return 0;
                /* a blank split where the text is not quoted, and not split
                 * where the expansion is an assignment's (x=${1:-a .e*}) */
                if (op == '-' && strcspn(t, " \t") < tl && (!dquote || !quotes_plain(b)))
                        return 0;
                /* ${N:-TEXT}, ${N:?MSG}: the word when given and not empty;
                 * ${N-TEXT}, ${N?MSG}: when given */
                bool given = num < n && (!colon || w[num]->n > 0);
                if (num < n && colon && param[num])
                        return 0; /* "$x" may be empty */
                if (given)
                        o += (size_t) sprintf(out + o, "${%zu}", num);
                else if (op == '?')
                        return 0; /* bash prints MSG, expanded, and stops */
                else {
                        memcpy(out + o, t, tl);
                        o += tl;
                }
                i = (size_t) (t + tl + 1 - b);
        }
        out[o] = 0;
        *ret = TAKE_PTR(out);
        return 1;
}

/* The body with each '$' bash does not expand where the call runs it
 * swapped for \001 (in single quotes, $'...', a comment), and each $0
 * for \002 (the shell's name, in a function as outside it), so that no call's
 * word is put there: sh -c 'cat ${1:-.env}' and a trap's string see
 * their own $1, not the call's; "$0" s.sh runs the shell, not NAME. 1, or 0 for a body this does not
 * read so (a heredoc, a quote inside double quotes with a substitution
 * whose quotes are its own, a \001 of its own). */
static int body_protected(char *b) {
        enum { PLAIN, DQUOTE, SINGLE, ANSI } state = PLAIN;
        bool inner = false; /* a ' inside "...": $(... '$1' ...) is not read */
        if (strchr(b, '\001') || strchr(b, '\002'))
                return 0;
        for (const char *h = strstr(b, "<<"); h; h = strstr(h + 1, "<<"))
                if ((h == b || h[-1] != '<') && h[2] != '<')
                        return 0; /* a heredoc, quoted or not: not read */
        for (size_t i = 0; b[i]; i++) {
                char c = b[i];
                /* $0, ${0...}: the shell's own name in a function, as
                 * outside it (bash -c LINE: bash), not the call's */
                if (c == '$' && (state == PLAIN || state == DQUOTE) &&
                    (b[i + 1] == '0' || (b[i + 1] == '{' && b[i + 2] == '0'))) {
                        if (b[i + 1] == '{' && b[i + 3] >= '0' && b[i + 3] <= '9')
                                return 0; /* ${01} */
                        b[i] = '\002';
                        continue;
                }
                switch (state) {
                case PLAIN:
                        if (c == '\\' && b[i + 1])
                                i++;
                        else if (c == '\'')
                                state = SINGLE;
                        else if (c == '$' && b[i + 1] == '\'')
                                state = ANSI, i++;
                        else if (c == '"')
                                state = DQUOTE;
                        else if (c == '#' && (i == 0 || strchr(" \t\n;&|(", b[i - 1])))
                                for (; b[i + 1] && b[i + 1] != '\n'; i++)
                                        if (b[i + 1] == '$')
                                                b[i + 1] = '\001';
                        break;
                case DQUOTE:
                        if (c == '\\' && b[i + 1])
                                i++;
                        else if (c == '"')
                                state = PLAIN;
                        else if (c == '\'')
                                inner = true;
                        break;
                case SINGLE:
                        if (c == '\'')
                                state = PLAIN;
                        else if (c == '$')
                                b[i] = '\001';
                        break;
                case ANSI:
                        if (c == '\\' && b[i + 1] && b[i + 1] != '$')
                                i++;
                        else if (c == '\'')
                                state = PLAIN;
                        else if (c == '$')
                                b[i] = '\001';
                        break;
                }
        }
        return inner && (strstr(b, "$(") || strchr(b, '`')) ? 0 : 1;
}

/* Each \001 back to '$', and with all each \002 ($0) too. */
static void body_restored(char *b, bool all) {
        for (; *b; b++)
                if (*b == '\001' || (all && *b == '\002'))
                        *b = '$';
}

/* A call with a glob among its words (lines src/m*.c): the body (b, its
 * '$'s in quotes of their own hidden: body_protected) with each whole
 * word "$@", "$*", "$N" or "${N}" the call's words as the line writes
 * them, unquoted: globbed where they stand, they are the names bash
 * hands the body, or more ("$2" is any word up to the second once a
 * glob before it made more: all of them). 0 where a positional
 * stands elsewhere (x"$1", $1, ${1%.c}, $#), or where the body may read
 * the glob in another directory or with other options, or change the
 * positionals (cd, shopt, set, shift, eval). */
static int glob_body(const char *b, size_t n, const char *const *raw, const bool *globs, char **ret) {
        static const char *const movers[] = {"cd", "pushd", "popd", "shopt", "eval", "GLOBIGNORE", NULL};
        size_t len = strlen(b), cap = len + 1;
        for (size_t k = 1; k < n; k++)
                cap += (strlen(raw[k]) + 1) * (len / 3 + 1);
        for (const char *const *m = movers; *m; m++)
                if (functions_occurrences(b, len, *m) > 0)
                        return 0;
        if (body_unread(b))
                return 0;
        _cleanup_free_ char *out = malloc(cap);
        size_t o = 0;
        if (!out)
                return -ENOMEM;
        for (size_t i = 0; i < len;) {
                bool braced = b[i] == '$' && b[i + 1] == '{';
                char id = b[i] == '$' ? b[i + 1 + braced] : 0;
                size_t rl = 2 + 2 * braced; /* $1, ${1} */
                bool ref = id && (strchr("@*", id) || (id >= '1' && id <= '9'));
                if (ref && braced && b[i + 3] != '}')
                        return 0; /* ${1%.c}, ${@:2} */
                if (!ref) {
                        if (braced && id && strchr("#!", id))
                                return 0; /* ${#1}, ${!1} */
                        out[o++] = b[i++];
                        continue;
                }
                /* only a whole word: "REF" between blanks or operators */
                if (i < 1 || b[i - 1] != '"' || (i >= 2 && !strchr(" \t\n;&|(", b[i - 2])) ||
                    b[i + rl] != '"' || (b[i + rl + 1] && !strchr(" \t\n;&|)", b[i + rl + 1])))
                        return 0;
                o--; /* the opening quote */
                /* "$N": a word at N or before it, once a glob before it made more */
                bool all = strchr("@*", id);
                size_t from = all ? 1 : (size_t) (id - '0'), to = all ? n : from + 1;
                for (size_t k = 1; !all && k < n && k <= from; k++)
                        if (globs[k]) {
                                to = from + 1 < n ? from + 1 : n;
                                from = 1;
                        }
                if (from >= n)
                        o += (size_t) sprintf(out + o, "''");
                for (size_t k = from; k < to && k < n; k++)
                        o += (size_t) sprintf(out + o, "%s%s", k > from ? " " : "", raw[k]);
                i += rl + 1;
        }
        out[o] = 0;
        *ret = TAKE_PTR(out);
        return 1;
}

int funcwords_body(const char *body, const ShellWord *const *words, size_t n, const char *const *raw,
                   char **ret) {
        bool param[FUNCTIONS_WORDS_MAX + 1] = {false};
        char names[FUNCTIONS_WORDS_MAX + 1][64];
        ShellItem items[FUNCTIONS_WORDS_MAX + 1][72];
        ShellWord made[FUNCTIONS_WORDS_MAX + 1];
        const ShellWord *as[FUNCTIONS_WORDS_MAX + 1];
        bool any_param = false;
        if (n == 0 || n > FUNCTIONS_WORDS_MAX + 1)
                return 0;
        bool globbed = false, globs[FUNCTIONS_WORDS_MAX + 1] = {false};
        as[0] = words[0];
        for (size_t k = 1; k < n; k++) {
                as[k] = words[k];
                param[k] = param_word(raw ? raw[k] : NULL, names[k]);
                globs[k] = !param[k] && raw && word_globbed(words[k]);
                globbed = globbed || globs[k];
                if (!param[k] && word_unread(words[k]) && !(raw && word_globbed(words[k])))
                        return 0;
                if (!param[k])
                        continue;
                /* "$x": read as ${x} where $1 stands */
                char t[72];
                size_t tl = (size_t) snprintf(t, sizeof t, "${%s}", names[k]);
                for (size_t c = 0; c < tl; c++)
                        items[k][c] = (ShellItem){.kind = SHELL_LIT, .c = (uint8_t) t[c]};
                made[k] = (ShellWord){.v = items[k], .n = tl};
                as[k] = &made[k];
                any_param = true;
        }
        _cleanup_free_ char *kept = strdup(body), *decided = NULL, *seen = NULL;
        if (!kept)
                return -ENOMEM;
        if (body_protected(kept) == 0 || (globbed && any_param))
                return 0;
        if (globbed) {
                _cleanup_free_ char *g = NULL;
                int r = glob_body(kept, n, raw, globs, &g);
                if (r <= 0)
                        return r;
                body_restored(g, true);
                *ret = TAKE_PTR(g);
                return 1;
        }
        int r = body_decided(kept, words, n, param, &decided);
        if (r <= 0)
                return r;
        seen = strdup(decided);
        if (!seen)
                return -ENOMEM;
        body_restored(seen, false);
        if (body_unread(seen) || positional_unsafe(seen, words + 1, n - 1, 1))
                return 0;
        if (any_param) {
                /* what the body runs with the literals put in and each "$x"
                 * empty: a setter or the name a word makes (f "$tt" read t t
                 * for $2 $3$4 <<< a.c) is in it */
                const ShellWord *blank[FUNCTIONS_WORDS_MAX + 1];
                ShellWord none = {0};
                for (size_t k = 0; k < n; k++)
                        blank[k] = param[k] ? &none : words[k];
                _cleanup_free_ char *runs = reread_positional(decided, blank, n);
                if (!runs)
                        return -ENOMEM;
                body_restored(runs, true);
                for (size_t k = 1; k < n; k++)
                        if (param[k] && body_assigns(runs, names[k]))
                                return 0;
        }
        char *p = reread_positional(decided, as, n);
        if (!p)
                return -ENOMEM;
        body_restored(p, true);
        *ret = p;
        return 1;
}
