/* SPDX-License-Identifier: MIT */
/*
 * A function the line defines, called in the line (command-internal.h):
 * the line read with each call as the function's body, its $1, $2, $@
 * the call's words, as bash -c BODY NAME WORDS is read. It must not lex
 * a line, nor run the rule: reread_line() judges what it makes.
 *
 *     mk() { mkdir -p "$1" && cd "$1"; }; mk build
 *  =>  { mkdir -p "build" && cd "build"
 *     }
 *
 * Only what it can read whole: NAME() or function NAME [()], a body in
 * { } or ( ), called by its plain name at a command's start with words
 * and redirects, or alone in a substitution ($(NAME)), nowhere else (not
 * in a body, a string, another substitution: the name is found nowhere
 * else in the text, but in its own body where the inlined line shows it
 * as an argument only; and called at least once; no process
 * substitution among its words); what the body makes of each call's words is
 * command-funcwords.c's. Anything else is 0, and reread_line refuses the
 * line as before.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

#define FUNCTIONS_MAX 16
#define CALLS_MAX FUNCTIONS_WORDS_MAX
#define FUNCTIONS_TEXT_MAX (128u * 1024) /* what it makes, as command.c's COMMAND_MAX */

typedef struct Definition {
        char name[256];
        size_t name_token;      /* the name's token */
        size_t keyword_token;   /* the definition's first: function, or the name */
        size_t from, to;        /* the definition in the text */
        bool alone;             /* a command of its own (after ; or a newline, before one): gone
                                 * with its ';', where another would take a ':' */
        size_t body_from, body; /* the body's text, and its length */
        bool paren;             /* ( ... ): a subshell */
} Definition;

typedef struct Call {
        size_t def;
        size_t token;                          /* the name's token */
        size_t from, to;                       /* the call in the text, its redirects included */
        const ShellWord *words[CALLS_MAX + 1]; /* [0] the name ($0), then the words */
        size_t n_words;
        size_t word_tokens[CALLS_MAX + 1];
        size_t redirs[CALLS_MAX]; /* the redirect tokens (each with the word after it) */
        size_t n_redirs;
        bool substituted; /* $(NAME): from, to the substitution; no token, no words */
        char *made;       /* the body as this call makes it */
} Call;

static bool name_char(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               (unsigned char) c >= 0x80 || strchr("_.-/:+@%", c);
}

size_t functions_occurrences(const char *text, size_t n, const char *name) {
        size_t len = strlen(name), count = 0;
        for (const char *p = text; (p = memmem(p, (size_t) (text + n - p), name, len)); p++)
                count += (p == text || !name_char(p[-1])) && (p + len == text + n || !name_char(p[len]));
        return count;
}

/* ... in text with its quotes and backslashes gone, as a shell reading it
 * again takes them away (a""b, "a"b, a\b, trap "a''b" EXIT are ab: 31q). */
static size_t occurrences_unquoted(const char *text, size_t n, const char *name) {
        _cleanup_free_ char *t = malloc(n + 1);
        if (!t)
                return SIZE_MAX;
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
                if (text[i] != '\'' && text[i] != '"' && text[i] != '\\')
                        t[m++] = text[i];
        t[m] = 0;
        return functions_occurrences(t, m, name);
}

/* ... in each word of a lexed text as the shell makes it ($'\x61b' is ab;
 * {a..a}b and {a,}b are ab too: a brace's words, each), and in the texts
 * it nests (substitutions), to depth 4. */
static size_t occurrences_decoded(const ShellLexed *l, const char *name, int depth) {
        size_t count = 0;
        for (size_t i = 0; i < l->n && count != SIZE_MAX; i++) {
                if (l->v[i].kind != SHELL_TOKEN_WORD)
                        continue;
                _cleanup_free_ char *t = programs_word_text(&l->v[i].w);
                size_t c = t ? occurrences_unquoted(t, strlen(t), name) : SIZE_MAX;
                /* a string a shell reads again (trap "{a..a}b", bash -c '...'):
                 * its own words, braces made, as a line */
                _cleanup_(shell_lexed_done) ShellLexed again = {0};
                if (c != SIZE_MAX && depth < 4 && l->v[i].w.quoted && strchr(t, '{') &&
                    shell_lex(t, strlen(t), &again) == 0 && occurrences_decoded(&again, name, depth + 1) > 0)
                        c = SIZE_MAX;
                ShellWord *made = NULL;
                size_t m = 0;
                int b = c == SIZE_MAX ? 0 : shell_word_braces(&l->v[i].w, 64, &made, &m);
                if (b < 0)
                        c = SIZE_MAX; /* past the bound, or no memory: not read */
                for (size_t k = 0; k < m; k++) {
                        _cleanup_free_ char *e = c == SIZE_MAX ? NULL : programs_word_text(&made[k]);
                        /* a brace that makes the name: a call not read (counted twice) */
                        if (e && occurrences_unquoted(e, strlen(e), name) > 0)
                                c = SIZE_MAX;
                        shell_word_done(&made[k]);
                }
                free(made);
                count = c == SIZE_MAX ? SIZE_MAX : count + c;
        }
        for (size_t i = 0; i < l->n_nested && depth < 4 && count != SIZE_MAX; i++) {
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                const char *t = l->nested[i];
                if (!t || shell_lex(t, strlen(t), &inner) < 0)
                        continue; /* the raw text's count covers it */
                size_t c = occurrences_decoded(&inner, name, depth + 1);
                count = c == SIZE_MAX ? SIZE_MAX : count + c;
        }
        return count;
}

static bool all_name_chars(const char *s) {
        for (; *s; s++)
                if (!name_char(*s))
                        return false;
        return true;
}

static bool is_op(const ShellLexed *l, size_t i, const char *op) {
        return i < l->n && l->v[i].kind == SHELL_TOKEN_OP && streq(l->v[i].op, op);
}

static bool is_word(const ShellLexed *l, size_t i, const char *w) {
        return i < l->n && l->v[i].kind == SHELL_TOKEN_WORD && compound_word_is(&l->v[i].w, w);
}

/* The definition whose name is token i (name () BODY, function name
 * [()] BODY), into *d: 1, 0 for none there, -EINVAL for one this does not
 * read (another compound as its body, no closer). */
static int definition_at(const ShellLexed *l, size_t i, Definition *d) {
        char buf[256];
        size_t start = i; /* the definition's first token: the keyword, or the name */
        if (is_word(l, i, "function") && !l->v[i].w.quoted) {
                if (!compound_command_start(l, i) || i + 1 >= l->n)
                        return -EINVAL;
                i++;
        }
        const ShellToken *t = &l->v[i];
        const char *name =
                t->kind == SHELL_TOKEN_WORD && !t->w.quoted ? programs_plain(&t->w, buf, sizeof buf) : NULL;
        bool keyword = start < i;
        if (keyword &&
            (!name || streq(name, "function") || programs_keyword(&t->w) || !all_name_chars(name)))
                return -EINVAL; /* function "f", function {: not read */
        if (!name || !compound_command_start(l, start) || streq(name, "function"))
                return 0;
        size_t b = i + 1;
        if (is_op(l, b, "(") && is_op(l, b + 1, ")"))
                b += 2;
        else if (!keyword) /* function NAME BODY, function NAME ( LIST ): bash's grammar */
                return 0;
        while (b < l->n && l->v[b].kind == SHELL_TOKEN_NEWLINE)
                b++;
        bool paren = is_op(l, b, "("), brace = is_word(l, b, "{");
        if (!paren && !brace)
                return -EINVAL;
        size_t e = l->n;
        for (size_t k = b + 1, depth = 1; k < l->n; k++) {
                if (paren) {
                        depth += is_op(l, k, "(");
                        depth -= is_op(l, k, ")");
                } else if (l->v[k].kind == SHELL_TOKEN_WORD && compound_command_start(l, k)) {
                        depth += is_word(l, k, "{");
                        depth -= is_word(l, k, "}");
                }
                if (depth == 0) {
                        e = k;
                        break;
                }
        }
        /* no closer; or a redirect of the definition's (f() { cat; } < F),
         * which each call takes */
        if (e == l->n || (e + 1 < l->n && l->v[e + 1].kind == SHELL_TOKEN_REDIR))
                return -EINVAL;
        bool after = start == 0 || is_op(l, start - 1, ";") || is_op(l, start - 1, "&") ||
                     l->v[start - 1].kind == SHELL_TOKEN_NEWLINE,
             before = e + 1 == l->n || is_op(l, e + 1, ";") || l->v[e + 1].kind == SHELL_TOKEN_NEWLINE;
        *d = (Definition){.name_token = i,
                          .keyword_token = start,
                          .from = l->v[start].from,
                          .to = after && is_op(l, e + 1, ";") ? l->v[e + 1].to : l->v[e].to,
                          .alone = after && before,
                          .body_from = l->v[b].to,
                          .body = l->v[e].from - l->v[b].to,
                          .paren = paren};
        snprintf(d->name, sizeof d->name, "%s", name);
        return 1;
}

/* The call at token i of definition d: its words and redirects, to the
 * end of its simple command. -EINVAL for one this does not read. */
static int call_at(const ShellLexed *l, size_t i, size_t d, Call *c) {
        *c = (Call){.def = d, .token = i, .from = l->v[i].from, .to = l->v[i].to};
        c->word_tokens[c->n_words] = i;
        c->words[c->n_words++] = &l->v[i].w;
        for (size_t k = i + 1; k < l->n; k++) {
                const ShellToken *t = &l->v[k];
                if (t->kind == SHELL_TOKEN_OP && t->nested) /* f <(x) .e nv: a word, and more after it */
                        return -EINVAL;
                if (t->kind == SHELL_TOKEN_OP || t->kind == SHELL_TOKEN_NEWLINE)
                        break;
                if (t->kind == SHELL_TOKEN_REDIR) {
                        if (c->n_redirs == CALLS_MAX || t->nested || k + 1 >= l->n ||
                            l->v[k + 1].kind != SHELL_TOKEN_WORD)
                                return -EINVAL;
                        c->redirs[c->n_redirs++] = k++;
                } else if (c->n_words == CALLS_MAX + 1) {
                        return -EINVAL;
                } else {
                        c->word_tokens[c->n_words] = k;
                        c->words[c->n_words++] = &t->w;
                }
                c->to = l->v[k].to;
        }
        return 0;
}

typedef struct Out {
        char *buf;
        size_t n, size;
} Out;

static int put(Out *o, const char *s, size_t n) {
        if (o->n + n + 1 > FUNCTIONS_TEXT_MAX)
                return -E2BIG;
        if (o->n + n + 1 > o->size) {
                size_t size = (o->n + n + 1) * 2;
                char *b = realloc(o->buf, size);
                if (!b)
                        return -ENOMEM;
                o->buf = b, o->size = size;
        }
        memcpy(o->buf + o->n, s, n);
        o->n += n;
        o->buf[o->n] = 0;
        return 0;
}

/* The calls $(NAME) in substitutions (no words, blanks around the name),
 * outside single quotes, each into calls: 0, -EINVAL for more than fit.
 * A line with a heredoc: none (its body's quotes are not the line's). A
 * $(NAME) this misses, or one in single quotes, is a count the names'
 * check finds unread. */
static int substituted_calls(const char *text, size_t n, const Definition *defs, size_t n_defs, Call *calls,
                             size_t *n_calls) {
        bool single = false, dquote = false;
        if (memmem(text, n, "<<", 2))
                return 0;
        for (size_t i = 0; i < n; i++) {
                if (text[i] == '\\' && !single) {
                        i++;
                        continue;
                }
                single = single != (text[i] == '\'' && !dquote);
                dquote = dquote != (text[i] == '"' && !single);
                if (single || text[i] != '$' || i + 1 >= n || text[i + 1] != '(')
                        continue;
                size_t a = i + 2;
                while (a < n && (text[a] == ' ' || text[a] == '\t'))
                        a++;
                size_t e = a;
                while (e < n && name_char(text[e]))
                        e++;
                size_t z = e;
                while (z < n && (text[z] == ' ' || text[z] == '\t'))
                        z++;
                if (e == a || z >= n || text[z] != ')')
                        continue;
                for (size_t d = 0; d < n_defs; d++) {
                        if (strlen(defs[d].name) != e - a || memcmp(defs[d].name, text + a, e - a) != 0)
                                continue;
                        if (*n_calls == CALLS_MAX)
                                return -EINVAL;
                        calls[(*n_calls)++] =
                                (Call){.def = d, .from = i, .to = z + 1, .substituted = true, .n_words = 1};
                }
        }
        return 0;
}

/* The body as call c makes it, into *ret: 1, 0 unread, -ENOMEM. */
static int call_made(const ShellLexed *l, const Call *c, const Definition *d, const char *text, char **ret) {
        _cleanup_free_ char *body = strndup(text + d->body_from, d->body);
        char *raw[CALLS_MAX + 1] = {NULL};
        ShellItem items[256];
        ShellWord name = {.v = items};
        const ShellWord *words[CALLS_MAX + 1];
        int r = 0;
        if (!body)
                return -ENOMEM;
        memcpy(words, c->words, c->n_words * sizeof *words);
        if (c->substituted) { /* $(NAME): its name a word of its own, for $0 */
                for (const char *p = d->name; *p && name.n < ELEMENTSOF(items); p++)
                        items[name.n++] = (ShellItem){.kind = SHELL_LIT, .c = (uint8_t) *p};
                words[0] = &name;
        }
        for (size_t k = 1; k < c->n_words && r >= 0; k++) {
                const ShellToken *t = &l->v[c->word_tokens[k]];
                raw[k] = strndup(text + t->from, t->to - t->from);
                if (!raw[k])
                        r = -ENOMEM;
        }
        if (r >= 0)
                r = funcwords_body(body, words, c->n_words, (const char *const *) raw, ret);
        for (size_t k = 1; k < c->n_words; k++)
                free(raw[k]);
        return r;
}

/* How many of the call's words are the name, unquoted and literal. */
static size_t words_named(const ShellWord *const *w, size_t n, const char *name) {
        size_t count = 0;
        for (size_t k = 0; k < n; k++) {
                char buf[256];
                const char *p = w[k]->quoted ? NULL : programs_plain(w[k], buf, sizeof buf);
                count += p && streq(p, name);
        }
        return count;
}

/* The command's name in the simple command from token k: past its
 * reserved words, assignments and redirects (2>x eval ..., X=1 cmd);
 * SIZE_MAX for none. */
static size_t command_name_from(const ShellLexed *l, size_t k) {
        for (; k < l->n; k++) {
                const ShellToken *t = &l->v[k];
                if (t->kind == SHELL_TOKEN_REDIR) {
                        k++; /* and its target */
                        continue;
                }
                if (t->kind != SHELL_TOKEN_WORD)
                        return SIZE_MAX;
                if (!programs_keyword(&t->w) && !programs_is_assignment(&t->w))
                        return k;
        }
        return SIZE_MAX;
}

/* Is the simple command whose name is token c one of those in
 * arguments_only's list that takes no word as code, nor as a name bash
 * evaluates as arithmetic or a subscript, with the words it has? Each
 * word plain text: [ and test with no -v or -R (test -v 'a[$(f)]' runs
 * f), local with no option (local -i x='a[$(f)]') and no subscript;
 * return and exit read a number only, not an expression. */
static bool inert_command(const ShellLexed *l, size_t c) {
        static const char *const inert[] = {"[", "test", "local", "return", "exit", NULL},
                                 *const tests[] = {"[", "test", NULL}, *const names[] = {"-v", "-R", NULL};
        char buf[256], word[256];
        const char *p = programs_plain(&l->v[c].w, buf, sizeof buf);
        if (!p || l->v[c].w.quoted || !streq_any(p, inert))
                return false;
        for (size_t k = c + 1; k < l->n; k++) {
                const ShellToken *t = &l->v[k];
                if (t->kind == SHELL_TOKEN_OP || t->kind == SHELL_TOKEN_NEWLINE)
                        break;
                if (t->kind == SHELL_TOKEN_REDIR)
                        return false;
                const char *w = programs_plain(&t->w, word, sizeof word);
                if (!w || t->w.substitution || t->w.expansion)
                        return false;
                if (streq_any(p, tests) && streq_any(w, names))
                        return false;
                if (streq(p, "local") && (w[0] == '-' || strchr(w, '[')))
                        return false;
        }
        return true;
}

/* Is each place name stands in the inlined text in an argument of a
 * command that runs no word of its (not eval, trap, command, a shell,
 * export -f, ...), no command's name, no substitution? Then bash runs no
 * function by it (echo "+ npm run build"; npm run build):
 * 1, else 0 (a call the line's inlining made, f g for a body's "$@"),
 * -ENOMEM. */
static int arguments_only(const char *text, size_t n, const char *name) {
        static const char *const runners[] = {
                "eval",     "command", "builtin", "trap",     "exec",    "export",  "declare", "typeset",
                "readonly", "local",   "unset",   "complete", "compgen", "bind",    "mapfile", "readarray",
                "type",     "hash",    "enable",  "source",   ".",       "alias",   "coproc",  "time",
                "xargs",    "env",     "nohup",   "sudo",     "doas",    "nice",    "timeout", "setsid",
                "stdbuf",   "chroot",  "watch",   "parallel", "su",      "runuser", "sg",      "flock",
                "strace",   "ltrace",  "gdb",     "find",     "bash",    "sh",      "zsh",     "dash",
                "ksh",      "fish",    "busybox", "for",      "select",  "case",    "in",      "wait",
                "fc",       "history", "caller",  "declare",  "let",     "test",    "[",       "[[",
                NULL};
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        int r = shell_lex(text, n, &l);
        if (r < 0)
                return r == -ENOMEM ? r : 0;
        /* no command in the line that runs a word later (eval, trap, a
         * file the line writes the name into, sourced) or evaluates a value
         * as arithmetic, where a[$(NAME)] runs it (test -v, printf -v, let,
         * read, $((x)), [[ ]]), and no command's name known only when it
         * runs */
        static const char *const later[] = {
                "eval",     "source",  ".",        "trap",   "command", "builtin", "mapfile", "readarray",
                "complete", "compgen", "bind",     "coproc", "fc",      "history", "alias",   "declare",
                "typeset",  "export",  "readonly", "local",  "enable",  "exec",    "let",     "test",
                "[",        "[[",      "printf",   "read",   "unset",   "set",     "shift",   "return",
                "exit",     "wait",    "ulimit",   "select", NULL};
        if (memchr(text, '`', n) || memmem(text, n, "((", 2) || memmem(text, n, "$[", 2) ||
            memmem(text, n, "[[", 2))
                return 0;
        /* a substitution (-j"$(nproc)"): the name nowhere in it, and none of
         * its commands one that runs a word later, nor unknown */
        for (size_t i = 0; i < l.n_nested; i++) {
                _cleanup_(shell_lexed_done) ShellLexed sub = {0};
                const char *t = l.nested[i];
                if (functions_occurrences(t, strlen(t), name) > 0 || shell_lex(t, strlen(t), &sub) < 0 ||
                    sub.n_nested > 0)
                        return 0;
                for (size_t k = 0; k < sub.n; k++) {
                        char buf[256];
                        if (k > 0 && sub.v[k - 1].kind != SHELL_TOKEN_OP &&
                            sub.v[k - 1].kind != SHELL_TOKEN_NEWLINE)
                                continue;
                        size_t c = command_name_from(&sub, k);
                        const char *p = c == SIZE_MAX ? NULL : programs_plain(&sub.v[c].w, buf, sizeof buf);
                        if (!p || streq_any(p, later) || programs_is_shell(p) || streq(p, "xargs") ||
                            streq(p, "env"))
                                return 0;
                }
        }
        size_t safe = 0;
        bool pattern = false; /* in a case's patterns, to their ')' */
        for (size_t i = 0; i < l.n; i++) {
                char buf[256];
                const ShellToken *t = &l.v[i];
                if (pattern && !is_word(&l, i, "esac")) {
                        pattern = !is_op(&l, i, ")");
                        continue;
                }
                pattern = false;
                if (is_op(&l, i, ";;") || is_op(&l, i, ";&") || is_op(&l, i, ";;&")) {
                        pattern = true;
                        continue;
                }
                if (i > 0 && l.v[i - 1].kind != SHELL_TOKEN_OP && l.v[i - 1].kind != SHELL_TOKEN_NEWLINE)
                        continue;
                size_t c = command_name_from(&l, i);
                const char *p = c == SIZE_MAX ? "" : programs_plain(&l.v[c].w, buf, sizeof buf);
                if (p && streq(p, "case") && !t->w.quoted && c == i && is_word(&l, i + 2, "in") &&
                    l.v[i + 1].kind == SHELL_TOKEN_WORD) {
                        /* case WORD in: WORD is no command, the patterns none */
                        pattern = true;
                        i += 2;
                        continue;
                }
                if (!p || (streq_any(p, later) && !inert_command(&l, c)))
                        return 0;
        }
        for (size_t i = 0; i < l.n; i++) {
                char lead[256];
                const ShellToken *t = &l.v[i];
                if (t->kind != SHELL_TOKEN_WORD)
                        continue;
                _cleanup_free_ char *w = programs_word_text(&t->w);
                if (!w)
                        return -ENOMEM;
                size_t c = functions_occurrences(w, strlen(w), name);
                if (c == 0)
                        continue;
                /* a command's name, a redirect's target, a substitution's */
                size_t k = i;
                while (k > 0 &&
                       (l.v[k - 1].kind == SHELL_TOKEN_WORD || l.v[k - 1].kind == SHELL_TOKEN_REDIR))
                        k--;
                k = command_name_from(&l, k);
                if (t->w.substitution || i == 0 || l.v[i - 1].kind == SHELL_TOKEN_REDIR || k >= i)
                        return 0;
                const char *leader = programs_plain(&l.v[k].w, lead, sizeof lead);
                if (!leader || streq_any(leader, runners) || strchr(leader, '/'))
                        return 0;
                safe += c;
        }
        return functions_occurrences(text, n, name) == safe && occurrences_unquoted(text, n, name) == safe &&
               occurrences_decoded(&l, name, 0) == safe;
}

/* The name's occurrences in definition d's own text, as each count of
 * the line's reads them: written, unquoted, decoded, into counts. 1, 0
 * for a text this does not read, -ENOMEM. */
static int definition_occurrences(const char *text, const Definition *d, size_t counts[static 3]) {
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        size_t n = d->to - d->from;
        int r = shell_lex(text + d->from, n, &l);
        if (r < 0)
                return r == -ENOMEM ? r : 0;
        counts[0] = functions_occurrences(text + d->from, n, d->name);
        counts[1] = occurrences_unquoted(text + d->from, n, d->name);
        counts[2] = occurrences_decoded(&l, d->name, 0);
        return counts[1] == SIZE_MAX || counts[2] == SIZE_MAX ? 0 : 1;
}

typedef struct Edit {
        size_t from, to;
        size_t def, call; /* SIZE_MAX for the other */
} Edit;

static int edit_cmp(const void *a, const void *b) {
        const Edit *x = a, *y = b;
        return x->from < y->from ? -1 : x->from > y->from;
}

int functions_inlined(const ShellLexed *l, const char *text, size_t n, char **ret) {
        Definition defs[FUNCTIONS_MAX];
        _cleanup_free_ Call *calls = calloc(CALLS_MAX, sizeof *calls);
        _cleanup_free_ Edit *edits = calloc(CALLS_MAX + FUNCTIONS_MAX, sizeof *edits);
        size_t n_defs = 0, n_calls = 0, n_edits = 0;
        int r;
        if (!calls || !edits)
                return -ENOMEM;
        /* the definitions, each name once; the word function other than a
         * definition's keyword: not read */
        for (size_t i = 0; i < l->n; i++) {
                Definition d;
                r = definition_at(l, i, &d);
                if (r < 0 || (r > 0 && n_defs == FUNCTIONS_MAX) || (r == 0 && is_word(l, i, "function")))
                        return 0;
                if (r == 0)
                        continue;
                i = d.name_token; /* function NAME: the name is no definition of its own */
                for (size_t k = 0; k < n_defs; k++)
                        if (streq(defs[k].name, d.name))
                                return 0;
                defs[n_defs++] = d;
        }
        /* the calls: at a command's start, outside every definition */
        for (size_t i = 0; i < l->n; i++) {
                char buf[256];
                const ShellToken *t = &l->v[i];
                const char *p = t->kind == SHELL_TOKEN_WORD && !t->w.quoted
                                        ? programs_plain(&t->w, buf, sizeof buf)
                                        : NULL;
                for (size_t d = 0; p && d < n_defs; d++) {
                        if (!streq(p, defs[d].name) || i == defs[d].name_token ||
                            !compound_command_start(l, i))
                                continue;
                        if (n_calls == CALLS_MAX || call_at(l, i, d, &calls[n_calls]) < 0)
                                return 0;
                        n_calls++;
                }
        }
        if (substituted_calls(text, n, defs, n_defs, calls, &n_calls) < 0)
                return 0;
        /* IFS set anywhere in the line: an unquoted $1 is split where bash
         * splits it (IFS=x; f .envx for cat $1 is cat .env), not read */
        if (functions_occurrences(text, n, "IFS") > 0 || occurrences_unquoted(text, n, "IFS") > 0 ||
            occurrences_decoded(l, "IFS", 0) > 0)
                return 0;
        /* none inside a definition (a body's calls are not read again) */
        for (size_t c = 0; c < n_calls; c++)
                for (size_t e = 0; e < n_defs; e++)
                        if (calls[c].from < defs[e].to && calls[c].to > defs[e].from)
                                return 0;
        /* each name nowhere but in its definition, its calls and, as a
         * literal, a call's words (run npm run build), which the inlined
         * line must show as arguments only */
        size_t args[FUNCTIONS_MAX] = {0};
        for (size_t d = 0; d < n_defs; d++) {
                size_t calls_of = 0, in_def[3];
                for (size_t c = 0; c < n_calls; c++) {
                        calls_of += calls[c].def == d;
                        args[d] += words_named(calls[c].words + 1, calls[c].n_words - 1, defs[d].name);
                }
                /* the name in its own body, beside the definition's (echo
                 * "usage: main CMD"): the inlined line shows it where each
                 * call stands, and must show it as an argument only */
                r = definition_occurrences(text, &defs[d], in_def);
                if (r < 0)
                        return r;
                if (r == 0 || in_def[0] == 0 || in_def[1] == 0 || in_def[2] == 0)
                        return 0;
                args[d] += in_def[0] - 1;
                /* called nowhere the line shows: by a name a shell imports
                 * (BASH_FUNC_NAME%%=() {...}) or exports, not read */
                size_t seen = calls_of + args[d] - (in_def[0] - 1);
                if (calls_of == 0 || functions_occurrences(text, n, defs[d].name) != seen + in_def[0] ||
                    occurrences_unquoted(text, n, defs[d].name) != seen + in_def[1] ||
                    occurrences_decoded(l, defs[d].name, 0) != seen + in_def[2])
                        return 0;
                edits[n_edits++] = (Edit){defs[d].from, defs[d].to, d, SIZE_MAX};
        }
        r = 1;
        for (size_t c = 0; c < n_calls && r > 0; c++) {
                r = call_made(l, &calls[c], &defs[calls[c].def], text, &calls[c].made);
                edits[n_edits++] = (Edit){calls[c].from, calls[c].to, SIZE_MAX, c};
        }
        /* the text again: a definition a no-op, a call its body */
        Out o = {0};
        size_t at = 0;
        if (r > 0)
                qsort(edits, n_edits, sizeof *edits, edit_cmp);
        for (size_t x = 0; x < n_edits && r > 0; x++) {
                const Edit *e = &edits[x];
                if (e->from < at) { /* overlapping: f > $(f) */
                        r = 0;
                        break;
                }
                r = put(&o, text + at, e->from - at);
                if (r >= 0 && e->def != SIZE_MAX && !defs[e->def].alone)
                        r = put(&o, ":", 1);
                if (e->call != SIZE_MAX) {
                        const Call *k = &calls[e->call];
                        const Definition *d = &defs[k->def];
                        const char *open = k->substituted ? (d->paren ? "$( ( " : "$( { ")
                                           : d->paren     ? "( "
                                                          : "{ ";
                        const char *close = k->substituted ? (d->paren ? "\n) )" : "\n} )")
                                            : d->paren     ? "\n)"
                                                           : "\n}";
                        if (r >= 0)
                                r = put(&o, open, strlen(open));
                        if (r >= 0)
                                r = put(&o, k->made, strlen(k->made));
                        if (r >= 0)
                                r = put(&o, close, strlen(close));
                        for (size_t y = 0; y < k->n_redirs && r >= 0; y++) {
                                const ShellToken *rd = &l->v[k->redirs[y]], *target = rd + 1;
                                r = put(&o, " ", 1);
                                if (r >= 0)
                                        r = put(&o, text + rd->from, target->to - rd->from);
                        }
                }
                r = r < 0 ? r : 1;
                at = e->to;
        }
        if (r > 0 && (r = put(&o, text + at, n - at)) >= 0)
                r = 1;
        for (size_t d = 0; d < n_defs && r > 0; d++)
                if (args[d] > 0)
                        r = arguments_only(o.buf, o.n, defs[d].name);
        for (size_t c = 0; c < n_calls; c++)
                free(calls[c].made);
        if (r <= 0) {
                free(o.buf);
                return r == -E2BIG ? 0 : r;
        }
        *ret = o.buf;
        return 1;
}
