/* SPDX-License-Identifier: MIT */
/*
 * Strings and words a shell reads again, as command-programs.c hands them
 * on (command-internal.h): a -c string's positional parameters, the glob
 * options its line turns on, subscripts and arithmetic bash evaluates. It
 * must not lex, nor decide: programs_reread judges what it builds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

/* The string with $0..$9, ${0}..${9}, $@ and $* replaced by the words a
 * shell -c gets after it, as written (a name split across them is seen
 * whole); NULL when out of memory. */
char *reread_positional(const char *s, const ShellWord *const *args, size_t n_args) {
        size_t words = 1, marks = 0;
        for (size_t i = 0; i < n_args; i++)
                words += args[i]->n + 3;
        for (const char *p = strchr(s, '$'); p; p = strchr(p + 1, '$'))
                marks++;
        char *out = malloc(strlen(s) + 1 + marks * words), *o = out;
        if (!out)
                return NULL;
        bool single = false, dquote = false;
        for (const char *p = s; *p;) {
                /* "$@" is a word each, as bash makes it: w1" "w2 in the
                 * quotes (31z: bash -c '"$@"' _ git log -p runs git) */
                if (*p == '\\' && !single && p[1]) {
                        *o++ = *p++;
                        *o++ = *p++;
                        continue;
                }
                single = single != (*p == '\'' && !dquote);
                dquote = dquote != (*p == '"' && !single);
                /* ${N}, ${NN} (bash -c 'cat ${10}${11}' _ 1 ... 9 .e nv), ${@}, ${*} */
                size_t digits = 0, number = 0;
                if (p[0] == '$' && p[1] == '{')
                        while (p[2 + digits] >= '0' && p[2 + digits] <= '9' && digits < 6)
                                number = number * 10 + (size_t) (p[2 + digits++] - '0');
                bool brace = digits > 0 && p[2 + digits] == '}';
                bool digit = p[0] == '$' && p[1] >= '0' && p[1] <= '9';
                bool all = p[0] == '$' && (p[1] == '@' || p[1] == '*');
                bool all_brace = p[0] == '$' && p[1] == '{' && (p[2] == '@' || p[2] == '*') && p[3] == '}';
                if (!brace && !digit && !all && !all_brace) {
                        *o++ = *p++;
                        continue;
                }
                all = all || all_brace;
                bool each = all && dquote && p[all_brace ? 2 : 1] == '@';
                size_t from = all ? 1 : brace ? number : (size_t) (p[1] - '0'), to = all ? n_args : from + 1;
                for (size_t i = from; i < to && i < n_args; i++) {
                        _cleanup_free_ char *t = programs_word_text(args[i]);
                        if (!t) {
                                free(out);
                                return NULL;
                        }
                        o += sprintf(o, "%s%s", i > from ? (each ? "\" \"" : " ") : "", t);
                }
                p += all_brace ? 4 : brace ? 3 + digits : 2;
        }
        *o = 0;
        return out;
}

/* A shell's string, read with the glob options its command line turns on
 * (bash -O dotglob -c S, env BASHOPTS=dotglob bash -c S): the word
 * "dotglob" before it says so to the reading of its names. */
int reread_with_options(Judge *j, const char *name, const char *s, const ShellWord *const *w, size_t n) {
        static const char *const keys[] = {"dotglob",    "BASHOPTS",  "GLOBIGNORE",
                                           "nocaseglob", "SHELLOPTS", NULL};
        bool on = false;
        for (size_t k = 0; k < n && !on; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                for (const char *const *key = keys; *key && !on; key++)
                        on = strstr(t, *key) != NULL && !streq(t, s);
        }
        if (!on)
                return programs_reread(j, name, s, strlen(s));
        _cleanup_free_ char *line = malloc(strlen(s) + 32);
        if (!line)
                return -ENOMEM;
        sprintf(line, ": dotglob nocaseglob; %s", s);
        return programs_reread(j, name, line, strlen(line));
}

/* Words bash evaluates as arithmetic or a subscript (let "a[$(cmd)]",
 * declare "a[$(cmd)]=1", test -v, printf -v, read, unset, set -- for a
 * later $(( $1 ))): a substitution in their text runs. Judged as a line. */
int reread_arithmetic(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const evaluators[] = {
                "let",    "declare", "typeset", "local",  "readonly", "export",    "unset",
                "test",   "[",       "[[",      "printf", "read",     "set",       "shift",
                "return", "exit",    "wait",    "ulimit", "mapfile",  "readarray", NULL};
        if (!streq_any(name, evaluators))
                return 0;
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (!strstr(t, "$(") && !strchr(t, '`'))
                        continue;
                _cleanup_free_ char *line = malloc(strlen(t) + 8);
                if (!line)
                        return -ENOMEM;
                sprintf(line, "echo %s", t);
                int r = programs_reread(j, "a subscript or arithmetic bash evaluates", line, strlen(line));
                if (r != 0)
                        return r;
        }
        return 0;
}

/* Does s use a positional parameter ($1, ${2}, $@, $*, ${!#})? */
bool reread_uses_positional(const char *s) {
        for (const char *p = strchr(s, '$'); p; p = strchr(p + 1, '$')) {
                const char *q = p + 1 + (p[1] == '{');
                if ((*q >= '0' && *q <= '9') || *q == '@' || *q == '*' || (p[1] == '{' && *q == '!'))
                        return true;
        }
        return false;
}

bool reread_has_ident(const char *s, const char *id) {
        size_t n = strlen(id);
        for (const char *p = strstr(s, id); p; p = strstr(p + 1, id))
                if ((p == s || !shell_is_ident(p[-1])) && !shell_is_ident(p[n]))
                        return true;
        return false;
}

/* Does the string, which a shell reads, build its own positional
 * parameters (set -- a b, shift) or define a function (whose $1 is its
 * caller's word), and use them? Then substituting a -c string's
 * parameters from its command line says nothing of them. */
bool reread_positional_built(const char *s) {
        return reread_uses_positional(s) && (reread_has_ident(s, "set") || reread_has_ident(s, "shift") ||
                                             reread_has_ident(s, "function") || strstr(s, "()"));
}

static const char *const prompt_vars[] = {"PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT_COMMAND", NULL};

/* Is every mention of the prompt variable v in s a plain assignment at a
 * command's start whose value holds no $, backquote or backslash
 * (PS3="choose: "): a prompt with nothing to decode or run? */
static bool prompt_literal(const ShellLexed *l, const char *s, size_t n, const char *v) {
        size_t len = strlen(v), mentions = 0, plain = 0;
        for (const char *p = strstr(s, v); p; p = strstr(p + 1, v))
                mentions += (p == s || !shell_is_ident(p[-1])) && !shell_is_ident(p[len]);
        for (size_t i = 0; i < l->n; i++) {
                const ShellToken *t = &l->v[i];
                if (t->kind != SHELL_TOKEN_WORD || t->to > n || t->to - t->from <= len ||
                    strncmp(s + t->from, v, len) != 0 || s[t->from + len] != '=' ||
                    !compound_command_start(l, i))
                        continue;
                bool data = true;
                for (size_t k = t->from; k < t->to && data; k++)
                        data = s[k] != '$' && s[k] != '`' && s[k] != '\\';
                plain += data;
        }
        return mentions > 0 && plain == mentions;
}

/* The region of s from from to its bracket's close (open, close), counted
 * naively: quotes are no boundary in arithmetic. Its length. */
static size_t region(const char *s, size_t n, size_t from, char open, char close, int depth) {
        size_t k = from;
        for (; k < n && depth > 0; k++)
                depth += s[k] == open ? 1 : s[k] == close ? -1 : 0;
        return k - from;
}

/* Arithmetic ((...)), $((...)), and ${...} (a subscript, an offset):
 * bash evaluates a quoted a[$(cmd)] in them, so its text with the quotes
 * gone is judged as a line. At most 256 of them in a text; past, refused. */
static int arithmetic_regions(Judge *j, const char *s, size_t n) {
        size_t seen = 0;
        if ((!memmem(s, n, "$(", 2) && !memchr(s, '`', n)) || !strpbrk(s, "'\"\\"))
                return 0; /* nothing quoted that runs: most lines */
        for (size_t i = 0; i + 1 < n; i++) {
                bool arith = s[i] == '(' && s[i + 1] == '(', brace = s[i] == '$' && s[i + 1] == '{',
                     old = s[i] == '$' && s[i + 1] == '[', /* $[...], and NAME[...] (a subscript) */
                        sub = i > 0 && s[i] == '[' && shell_is_ident(s[i - 1]);
                if (!arith && !brace && !old && !sub)
                        continue;
                if (++seen > 256)
                        return judge_refuse(j, "more than 256 arithmetic, subscript and ${...} regions in a "
                                               "string with quotes and substitutions");
                char open = arith ? '(' : brace ? '{' : '[', close = arith ? ')' : brace ? '}' : ']';
                size_t from = i + (sub ? 1 : 2);
                size_t len = region(s, n, from, open, close, arith ? 2 : 1);
                const char *r = s + from;
                bool quote = memchr(r, '\'', len) || memchr(r, '"', len) || memchr(r, '\\', len);
                bool runs = memchr(r, '`', len) || memmem(r, len, "$(", 2);
                if (!quote || !runs) {
                        i += 1;
                        continue;
                }
                _cleanup_free_ char *line = malloc(len + 8);
                if (!line)
                        return -ENOMEM;
                size_t k = (size_t) sprintf(line, "echo ");
                for (size_t m = 0; m < len; m++)
                        if (r[m] != '\'' && r[m] != '"' && r[m] != '\\')
                                line[k++] = r[m];
                line[k] = 0;
                int ret = programs_reread(j, "quoted text bash evaluates in arithmetic or a subscript", line,
                                          k);
                if (ret != 0)
                        return ret;
                i += 1;
        }
        return 0;
}

/* Does a $ before c start an expansion ($NAME, ${, $(, $[, $1, $@, $'...')? */
static bool expands_after(char c) {
        return shell_is_ident(c) || (c && strchr("{([@*#?$!-'\"", c));
}

/* Does s hold a $( or a backquote as data, which a value may carry into
 * bash's arithmetic: quoted or escaped ('a[$(cmd)]', \$(cmd), $'\x24('),
 * or an escape printf, echo -e or $'...' turns into one (\x24, \044,
 * \u0024, \x60), or, beside printf, a quoted $ or backquote alone (printf
 * -v x 'a[%s(%s)]' '$' CMD)? */
static bool data_dollar(const char *s, size_t n) {
        /* the escapes, however many backslashes stand before them ("\\x24" in
         * double quotes is printf's \x24) */
        for (size_t i = 0; i < n; i++) {
                if (s[i] != '\\')
                        continue;
                while (i + 1 < n && s[i + 1] == '\\')
                        i++;
                const char *e = s + i + 1;
                size_t left = n - i - 1, k = 0;
                if (left > 0 && (e[0] == '$' || e[0] == '`'))
                        return true;
                if (left > 0 && strchr("xXuU", e[0])) {
                        k = 1 + (left > 1 && e[1] == '{');
                        while (k < left && e[k] == '0')
                                k++;
                        if (k + 2 <= left && (strncmp(e + k, "24", 2) == 0 || strncmp(e + k, "60", 2) == 0))
                                return true;
                        continue;
                }
                while (k < left && e[k] == '0')
                        k++;
                if ((k + 2 <= left && strncmp(e + k, "44", 2) == 0) ||
                    (k + 3 <= left && strncmp(e + k, "140", 3) == 0))
                        return true;
        }
        /* a quoted $( or backquote, or a quoted $ that is no expansion's start */
        bool single = false, dquote = false;
        for (size_t i = 0; i < n; i++) {
                char c = s[i];
                if (c == '\\' && !single) {
                        i++;
                        continue;
                }
                if (c == '\'' && !dquote)
                        single = !single;
                else if (c == '"' && !single)
                        dquote = !dquote;
                else if (single &&
                         (c == '`' || (c == '$' && (i + 1 >= n || s[i + 1] == '(' || s[i + 1] == '\'' ||
                                                    !expands_after(s[i + 1])))))
                        return true; /* '$(', and a $ that expands to nothing ('$' '%s(': 31q) */
                else if (!single && c == '$' &&
                         (!expands_after(i + 1 < n ? s[i + 1] : 0) ||
                          (dquote && i + 1 < n && s[i + 1] == '"')))
                        return true; /* a $ bash keeps as it is: printf %s $, "$", a[$%s (31q) */
        }
        return false;
}

/* Does s evaluate a value as arithmetic, a subscript or a name (where
 * bash runs a $( a value holds: $((x)), ((x)), [[ x -eq 0 ]], let,
 * ${!x}, ${a[x]}, ${PWD:x}, test -v x, declare -i, a nameref, read or
 * printf -v into a[x])? */
/* Does w stand at s[i] (n bytes), a byte that ends a word after it? */
static bool word_at(const char *s, size_t n, size_t i, const char *w) {
        size_t len = strlen(w);
        return i + len <= n && memcmp(s + i, w, len) == 0 &&
               (i + len == n || strchr(" \t\n;&|()", s[i + len]));
}

/* The programs whose words after them are never a command of the line's
 * shell: `go test`, `cargo test`, `make test`, `npm test`'s test is a
 * subcommand or a target, not bash's test. */
static bool test_subcommand(const char *w, size_t len) {
        static const char *const programs[] = {"go",     "cargo",     "make", "gmake",   "npm",  "pnpm",
                                               "yarn",   "bun",       "deno", "dotnet",  "mvn",  "./mvnw",
                                               "gradle", "./gradlew", "mix",  "bazel",   "just", "rake",
                                               "zig",    "swift",     "dart", "flutter", NULL};
        for (const char *const *p = programs; *p; p++)
                if (strlen(*p) == len && memcmp(*p, w, len) == 0)
                        return true;
        return false;
}

/* May the line make a name run what it was not as written: a function, an
 * alias, eval, a sourced file, an exported or loaded builtin? Then go in
 * `go test` may be bash's test too. */
static bool renames_programs(const char *s, size_t n) {
        static const char *const spells[] = {"eval",    "source",  "alias",  "function", "BASH_FUNC",
                                             "declare", "typeset", "enable", "hash",     NULL};
        for (const char *const *w = spells; *w; w++)
                if (memmem(s, n, *w, strlen(*w)))
                        return true;
        bool single = false, dquote = false;
        for (size_t i = 0; i < n; i++) {
                char c = s[i];
                if (c == '\\' && !single)
                        i++;
                else if (c == '\'' && !dquote)
                        single = !single;
                else if (c == '"' && !single)
                        dquote = !dquote;
                else if (!single && !dquote && c == '(' && !(i > 0 && strchr("$<>", s[i - 1])))
                        return true; /* f() { ...; }, a subshell, an array */
                else if (!single && !dquote && c == '.' && (i == 0 || strchr(" \t\n;&|", s[i - 1])) &&
                         (i + 1 == n || strchr(" \t", s[i + 1])))
                        return true; /* . FILE */
        }
        return false;
}

/* Does s evaluate a value as arithmetic, a subscript or a name (where
 * bash runs a $( a value holds: $((x)), ((x)), [[ x -eq 0 ]], let,
 * ${!x}, ${a[x]}, ${PWD:x}, test -v x, declare -i, a nameref, read or
 * printf -v into a[x])? One pass: the agent picks the line's length.
 * subcommands: a test after go, cargo, make... (test_subcommand) as the
 * simple command's program is theirs (the line's own text, which renames
 * no program). */
/* May s hold bash's [[ keyword: a [[ anywhere but one a ':' follows
 * (sed's 's/[[:space:]]*$//', a class: the keyword is a word of its own,
 * a blank after it)? By the bytes, whatever quotes seem to say: $'\'',
 * a comment's or a heredoc's quote fool a scan of them (31y 1). */
static bool keyword_dbracket(const char *s, size_t n) {
        for (const char *p = s; (p = memmem(p, (size_t) (s + n - p), "[[", 2)); p++)
                if (p + 2 >= s + n || p[2] != ':')
                        return true;
        return false;
}

static bool evaluates(const char *s, size_t n, bool subcommands) {
        static const char *const words[] = {"let",     "declare", "typeset", "local",     "readonly", "test",
                                            "getopts", "export",  "mapfile", "readarray", NULL};
        /* read, printf -v, unset with a subscript among their words (read "a[x]") */
        static const char *const setters[] = {"read", "printf", "unset", NULL};
        if (memmem(s, n, "((", 2) || memmem(s, n, "$[", 2) || keyword_dbracket(s, n) ||
            memmem(s, n, "${", 2) || memmem(s, n, "[ -v", 4))
                return true;
        bool single = false, dquote = false, setter = false;
        bool program = false, theirs = false; /* the simple command's program seen, one of test_subcommand */
        for (size_t i = 0; i < n; i++) {
                char c = s[i];
                for (const char *const *w = setters; *w && !setter; w++)
                        setter = word_at(s, n, i, *w);
                if (setter && c == '[')
                        return true;
                if (strchr(";|&\n", c))
                        setter = false;
                if (!single && !dquote && strchr(";|&\n(){}`", c))
                        program = theirs = false;
                if (c == '\\' && !single) {
                        i++;
                        continue;
                }
                if (c == '\'' && !dquote)
                        single = !single;
                else if (c == '"' && !single)
                        dquote = !dquote;
                /* a command's word: after a blank, an operator or the start, in no
                 * quotes (not scripts/test.sh's test, nor printf 'go test' ...'s) */
                if (single || dquote || (i > 0 && !strchr(" \t\n;&|(){}!`", s[i - 1])))
                        continue;
                bool operand = program;
                if (!program && !strchr(" \t\n;&|(){}!`'\"\\$<>", c)) {
                        /* the program, after keywords and assignments (if go test ...; X=1 go test) */
                        size_t len = strcspn(s + i, " \t\n;&|(){}<>`'\"\\$"), name = strcspn(s + i, "=");
                        static const char *const before[] = {"if",   "then",  "else",  "elif",
                                                             "do",   "while", "until", "time",
                                                             "nice", "env",   "nohup", NULL};
                        bool keyword = false;
                        for (const char *const *b = before; *b && !keyword; b++)
                                keyword = word_at(s, n, i, *b);
                        bool assignment = name < len && name > 0 &&
                                          strspn(s + i, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                        "abcdefghijklmnopqrstuvwxyz"
                                                        "0123456789_") == name;
                        if (!keyword && !assignment) {
                                program = true;
                                theirs = subcommands && i + len < n && strchr(" \t", s[i + len]) &&
                                         test_subcommand(s + i, len);
                        }
                }
                for (const char *const *w = words; *w; w++)
                        if (word_at(s, n, i, *w) && !(operand && theirs && streq(*w, "test")))
                                return true;
        }
        return false;
}

int reread_line(Judge *j, const ShellLexed *l, const char *s, size_t n, bool *ret_inlined) {
        _cleanup_free_ char *t = strndup(s, n);
        *ret_inlined = false;
        if (!t)
                return -ENOMEM;
        if (strstr(t, "BASH_COMMAND"))
                return judge_refuse(j, "$BASH_COMMAND: the text of another command, which the rule does not "
                                       "judge as a word");
        for (size_t i = 0; i < l->n; i++) { /* x=BASH_COMM""AND; ${!x} */
                if (l->v[i].kind != SHELL_TOKEN_WORD)
                        continue;
                _cleanup_free_ char *w = programs_word_text(&l->v[i].w);
                if (!w)
                        return -ENOMEM;
                if (strstr(w, "BASH_COMMAND") || strstr(w, "BASH_ALIASES") || strstr(w, "BASH_CMDS"))
                        return judge_refuse(j, "a word that spells BASH_COMMAND, BASH_ALIASES or BASH_CMDS "
                                               "once its quotes are gone");
        }
        if (strstr(t, "BASH_ALIASES") || strstr(t, "BASH_CMDS"))
                return judge_refuse(j,
                                    "BASH_ALIASES or BASH_CMDS: an alias, or a program a name runs, made in "
                                    "the line");
        if (strstr(t, "command_not_found_handle"))
                return judge_refuse(j, "command_not_found_handle: bash runs it with a missing program's "
                                       "words, unjudged");
        bool expands = strchr(t, '$') || strchr(t, '`');
        for (const char *const *v = prompt_vars; *v; v++)
                if (reread_has_ident(t, *v) && (expands || strchr(t, '\\')) && !prompt_literal(l, t, n, *v))
                        return judge_refuse(j,
                                            "%s: bash decodes a prompt string's escapes and then runs "
                                            "its substitutions",
                                            *v);
        if (reread_has_ident(t, "histexpand") || strstr(t, "-o history") || strstr(t, "-ohistory") ||
            (strstr(t, "SHELLOPTS") && reread_has_ident(t, "history")))
                return judge_refuse(j, "the line turns on bash's history list or its expansion (fc, !!), "
                                       "which run a line it stores again");
        int sv = stored_values(j, l, t, n);
        if (sv != 0)
                return sv;
        /* go test -run 'X$': a $ alone; a $( or backquote a make variable or
         * npm's arguments may carry into a recipe's shell stays refused */
        bool subcommands = j->depth == 0 && !renames_programs(t, n) && !strstr(t, "$(") && !strchr(t, '`') &&
                           !strchr(t, '\\');
        if (evaluates(t, n, subcommands) && data_dollar(t, n))
                return judge_refuse(j, "a $( or a backquote held as data (quoted, escaped, an escape) "
                                       "may reach bash's arithmetic, a subscript or a name, which runs it");
        if (evaluates(t, n, subcommands) && (sv = arith_unknown_values(j, l, t, n)) != 0)
                return sv;
        if (strstr(t, "@P}"))
                return judge_refuse(j, "${NAME@P}: bash decodes the value's escapes and then runs "
                                       "its substitutions");
        /* NAME() or function NAME: its body gets its calls' words */
        for (size_t i = 0; i < l->n && expands; i++) {
                const ShellToken *a = &l->v[i], *b = i + 1 < l->n ? &l->v[i + 1] : NULL,
                                 *c = i + 2 < l->n ? &l->v[i + 2] : NULL;
                bool fn = a->kind == SHELL_TOKEN_WORD && b && c && b->kind == SHELL_TOKEN_OP &&
                          streq(b->op, "(") && c->kind == SHELL_TOKEN_OP && streq(c->op, ")") &&
                          a->w.n > 0 && a->w.v[a->w.n - 1].c != '=';
                char buf[16];
                const char *kw = a->kind == SHELL_TOKEN_WORD && !a->w.quoted
                                         ? programs_plain(&a->w, buf, sizeof buf)
                                         : NULL;
                fn = fn || (kw && streq(kw, "function"));
                if (!fn)
                        continue;
                /* the line with each call its body, judged instead */
                _cleanup_free_ char *inlined = NULL;
                int r = functions_inlined(l, s, n, &inlined);
                if (r < 0)
                        return r;
                if (r == 0)
                        return judge_refuse(j, "a function defined in the line, with expansions, and "
                                               "called where its calls are not read as its body");
                /* the inlined line is the line: where it may move is its
                 * own to say (a definition's () or function keyword, gone
                 * from it, moves nowhere: a body's cd stands at its call) */
                bool moves = j->text_moves;
                *ret_inlined = true;
                j->text_moves = judge_text_may_move(inlined, strlen(inlined));
                r = programs_reread(j, "the line with each function call as its body", inlined,
                                    strlen(inlined));
                j->text_moves = moves;
                return r;
        }
        return arithmetic_regions(j, t, n);
}

/* set -- a b c; echo "$2": the words are known, plain text each (no
 * expansion, substitution, glob or brace): the line with them in place of
 * $1, $2, $@, $* after the set is judged instead, as a function's call is
 * (set -- .e nv; cat "$1$2" is cat ".env"). Only where that is what bash
 * makes: one set in the line, no positional parameter before it, no IFS
 * (a "$*" joined otherwise), no shift before a $N (the numbers move).
 * programs_reread's 0 or 1 (judged: its verdict in j), 2: not read so
 * (the caller refuses), or -ENOMEM. */
static int set_words_in_place(Judge *j, const ShellWord *const *w, size_t n, const char *t) {
        char buf[256];
        size_t k = 1;
        for (; k < n; k++) { /* set's options: -e, -u, -x, +o name, ... */
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || w[k]->quoted || (a[0] != '-' && a[0] != '+') || streq(a, "-"))
                        break;
                if (streq(a, "--")) {
                        k++;
                        break;
                }
                if (strchr(a + 1, 'o'))
                        return 2; /* set -o NAME: a name to read */
        }
        for (size_t a = k; a < n; a++) {
                if (w[a]->expansion || w[a]->substitution)
                        return 2;
                bool glob = false;
                for (size_t m = 0; m < w[a]->n; m++) {
                        uint8_t kind = w[a]->v[m].kind;
                        glob = glob || kind == SHELL_STAR || kind == SHELL_QMARK || kind == SHELL_CLASS;
                        if ((kind != SHELL_LIT && kind != SHELL_STAR && kind != SHELL_QMARK &&
                             kind != SHELL_CLASS) ||
                            w[a]->v[m].c == 0)
                                return 2; /* a brace, an extglob: names it may make */
                }
                /* set -- src/STAR.c: the names a glob makes, put in quoted where
                 * they are used, judged here (a masked name, or one inside .git
                 * while the history holds an entry: not read so) */
                _cleanup_free_ char *g = glob ? programs_word_text(w[a]) : NULL;
                if (glob && (!g || match_secret_glob(j, g, MATCH_FOLD, !strchr(g, '/')) ||
                             (judge_held(j) && namelists_glob_may_match_git(g))))
                        return 2;
        }
        const char *first = NULL;
        size_t sets = 0;
        for (const char *p = strstr(t, "set"); p; p = strstr(p + 1, "set"))
                if ((p == t || !shell_is_ident(p[-1])) && !shell_is_ident(p[3])) {
                        first = first ? first : p;
                        sets++;
                }
        if (sets != 1 || reread_has_ident(t, "IFS"))
                return 2;
        _cleanup_free_ char *before = strndup(t, (size_t) (first - t));
        if (!before)
                return -ENOMEM;
        if (reread_uses_positional(before))
                return 2;
        /* "$*", "$@" whose words go on to a pipe or a file: a filter there
         * may join them (echo "$*" | tr -d ' ' | xargs cat), which the
         * words in place would not show */
        bool all =
                strstr(first, "$@") || strstr(first, "$*") || strstr(first, "${@") || strstr(first, "${*");
        if (all && (strchr(first, '|') || strchr(first, '>')))
                return 2;
        if (reread_has_ident(t, "shift"))
                for (const char *p = strchr(first, '$'); p; p = strchr(p + 1, '$'))
                        if ((p[1] >= '0' && p[1] <= '9') || (p[1] == '{' && p[2] >= '0' && p[2] <= '9'))
                                return 2;
        /* $0 is the shell's: set's own word stands for it */
        _cleanup_free_ char *made = reread_positional(first, w + k - 1, n - k + 1);
        _cleanup_free_ char *line = NULL;
        if (!made || asprintf(&line, "%s%s", before, made) < 0)
                return -ENOMEM;
        return programs_reread(j, "set's words in place of the positional parameters", line, strlen(line));
}

static bool sig_is(const char *a, const char *name) {
        if (strncasecmp(a, "SIG", 3) == 0)
                a += 3;
        return strcasecmp(a, name) == 0;
}

int reread_builtin(Judge *j, const char *name, const ShellWord *const *w, size_t n, const char *text,
                   size_t tn) {
        char buf[256];
        if (streq(name, "alias") && n > 1 && !rebound_alias_known(j, w, n))
                return judge_refuse(j, "alias defines a word that later words expand to, unjudged");
        /* bash's history list: a line history -s put there, run again by
         * fc, or by !! once set -H is on (31z) */
        /* fc -l lists; history stores a line with -s, expands one with -p
         * (history -a, -w, -r, -c, N: no line of the line's own runs, and
         * a line turning history on is refused below) */
        const char *a1 = n > 1 ? programs_plain(w[1], buf, sizeof buf) : NULL;
        if (streq(name, "fc") &&
            !(a1 && a1[0] == '-' && strchr(a1, 'l') && !strchr(a1, 's') && !strchr(a1, 'e')))
                return judge_refuse(j, "fc edits or runs a line of bash's history list, which the line may "
                                       "have put there");
        if (streq(name, "history") && n > 1 && (!a1 || (a1[0] == '-' && strpbrk(a1, "sp"))))
                return judge_refuse(
                        j, "history stores, reads or writes lines that bash may run again (fc, !!)");
        for (size_t k = 1; streq(name, "set") && k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && (streq(a, "--") || streq(a, "-") || (a[0] != '-' && a[0] != '+')))
                        break; /* set -- $x: the positional parameters */
                if (!a || (a[0] == '-' && a[1] != '-' && strchr(a, 'H')))
                        return judge_refuse(j, "set -H turns on bash's history expansion (!!), which runs a "
                                               "line of the history list again");
        }
        if (streq(name, "mapfile") || streq(name, "readarray"))
                for (size_t k = 1; k < n; k++) {
                        const char *a = programs_plain(w[k], buf, sizeof buf);
                        if (!a) {
                                _cleanup_free_ char *x = programs_word_text(w[k]);
                                if (!x)
                                        return -ENOMEM;
                                if (x[0] == '-' || w[k]->expansion || w[k]->substitution)
                                        return judge_refuse(j, "%s with an option known only when it runs",
                                                            name);
                                break;
                        }
                        if (a[0] != '-' || streq(a, "--"))
                                break;
                        for (const char *q = a + 1; *q; q++) {
                                if (*q == 'C')
                                        return judge_refuse(j,
                                                            "%s -C: bash evaluates the callback with the "
                                                            "line read added, unjudged",
                                                            name);
                                if (strchr("dnOscu", *q)) {
                                        k += !q[1];
                                        break;
                                }
                        }
                }
        if (streq(name, "trap")) {
                size_t k = 1;
                const char *a = k < n ? programs_plain(w[k], buf, sizeof buf) : NULL;
                if (a && streq(a, "--"))
                        a = ++k < n ? programs_plain(w[k], buf, sizeof buf) : NULL;
                if (k + 1 >= n || (a && a[0] == '-' && a[1]))
                        return 0; /* trap -p, trap - SIG, trap SIG: no string */
                _cleanup_free_ char *body = programs_word_text(w[k]);
                if (!body)
                        return -ENOMEM;
                _cleanup_free_ char *t = strndup(text, tn);
                if (!t)
                        return -ENOMEM;
                /* $tmp is the line's own; ${!x}, eval or a nameref may be
                 * $BASH_COMMAND, the command before the trap's */
                bool expands =
                        w[k]->expansion || w[k]->substitution || strchr(body, '$') || strchr(body, '`');
                if (expands && (strstr(body, "${!") || reread_has_ident(body, "eval") ||
                                reread_has_ident(t, "declare") || reread_has_ident(t, "typeset") ||
                                reread_has_ident(t, "local") || w[k]->substitution || strchr(body, '`') ||
                                strstr(body, "$(")))
                        return judge_refuse(j,
                                            "a trap whose string reaches a variable by a name made at run "
                                            "time ($BASH_COMMAND, the command before)");
                for (size_t s = k + 1; s < n; s++) {
                        const char *sig = programs_plain(w[s], buf, sizeof buf);
                        if (!sig || sig_is(sig, "DEBUG") || sig_is(sig, "ERR") || sig_is(sig, "RETURN"))
                                return judge_refuse(j, "a DEBUG, ERR or RETURN trap (or a signal known only "
                                                       "when it runs): it runs around other commands");
                }
        }
        if (streq(name, "set") || streq(name, "shift")) {
                bool operands = streq(name, "shift");
                for (size_t k = 1; k < n && !operands; k++) {
                        const char *a = programs_plain(w[k], buf, sizeof buf);
                        if (!a || streq(a, "--") || streq(a, "-") || (a[0] != '-' && a[0] != '+'))
                                operands = true;
                        else if (strchr(a + 1, 'o'))
                                k++;
                }
                _cleanup_free_ char *t = strndup(text, tn);
                if (!t)
                        return -ENOMEM;
                /* set -- a b; shift; echo "$*": set's words in place judge it */
                const char *set = strstr(t, "set --");
                if (streq(name, "shift") && set && (set == t || !shell_is_ident(set[-1])) &&
                    !strstr(set + 1, "set --"))
                        operands = false;
                if (operands && reread_uses_positional(t) && streq(name, "set")) {
                        int r = set_words_in_place(j, w, n, t);
                        if (r != 2)
                                return r;
                }
                if (operands && reread_uses_positional(t))
                        return judge_refuse(j,
                                            "%s builds the positional parameters, and a word uses them: "
                                            "a name made at run time",
                                            name);
        }
        return 0;
}

/* What a sed script does beyond editing its text: SED_RUNS, its e command
 * or s///e flag (the pattern space, or the text after e, runs as a
 * command line: what runs is often the input's); SED_FILES, its r, R, w,
 * W commands or s///w flag (a file read into the output, or written). */
enum { SED_RUNS = 1, SED_FILES = 2 };
#define SED_NAMED 8

/* The file name after r, R, w, W or s///w, glued or after blanks, to the
 * end of the line (GNU sed's: a ';' is part of it), into files. */
static void sed_file(const char *p, char files[][256], size_t *n_files) {
        if (!files || *n_files == SED_NAMED)
                return;
        p += strspn(p, " \t");
        size_t len = strcspn(p, "\n");
        snprintf(files[(*n_files)++], 256, "%.*s", (int) (len < 255 ? len : 255), p);
}

static int sed_does_files(const char *s, char files[][256], size_t *n_files) {
        int does = 0;
        for (const char *p = s; *p;) {
                while (*p && strchr(" \t\n\r\f\v;{}!0123456789$,~+", *p)) /* sed skips \r, \f, \v too */
                        p++;
                if (*p == '\\' && !p[1])
                        break;                 /* a lone backslash at the end: nothing after it */
                if (*p == '/' || *p == '\\') { /* an address: /re/ or \cREc */
                        char d = *p == '\\' ? p[1] : '/';
                        p += *p == '\\' ? 2 : 1;
                        while (*p && *p != d)
                                p += p[0] == '\\' && p[1] ? 2 : 1;
                        p += *p ? 1 : 0;
                        continue;
                }
                if (*p == 'e')
                        does |= SED_RUNS;
                if (*p && strchr("rRwW", *p)) {
                        does |= SED_FILES;
                        sed_file(p + 1, files, n_files);
                        p += strcspn(p, "\n");
                        continue;
                }
                if (*p == 's' && p[1] && p[1] != '\n' && p[1] != '\\') {
                        char d = p[1];
                        p += 2;
                        for (int parts = 0; *p && parts < 2; p++) {
                                if (*p == '\\' && p[1])
                                        p++;
                                else if (*p == d)
                                        parts++;
                        }
                        for (; *p && strchr("gpiImMe0123456789w", *p); p++) {
                                if (*p == 'e')
                                        does |= SED_RUNS;
                                if (*p == 'w') {
                                        does |= SED_FILES;
                                        sed_file(p + 1, files, n_files);
                                        p += strcspn(p, "\n");
                                        break;
                                }
                        }
                }
                while (*p && *p != ';' && *p != '\n' && *p != '}')
                        p++;
        }
        return does;
}

static int sed_does(const char *s) {
        return sed_does_files(s, NULL, NULL);
}

/* Each file a sed script reads or writes by r, R, w, W (sed 1r.env, a
 * name glued to the letter), judged as a reader naming it. */
static int sed_files_judge(Judge *j, const char *script) {
        char files[SED_NAMED][256];
        size_t n = 0;
        (void) sed_does_files(script, files, &n);
        for (size_t i = 0; i < n; i++) {
                if (!files[i][0] || streq(files[i], "/dev/stdout") || streq(files[i], "/dev/stderr"))
                        continue;
                int r = runners_file(j, "sed's r, R, w or W: a file it reads or writes", files[i]);
                if (r != 0)
                        return r;
        }
        return n == SED_NAMED ? judge_refuse(j, "sed naming more than %d files in its script", SED_NAMED)
                              : 0;
}

static bool sed_runs(const char *s) {
        return sed_does(s) & SED_RUNS;
}

bool reread_sed_edits_only(const char *script) {
        return sed_does(script) == 0;
}

int reread_sed(Judge *j, const ShellWord *const *w, size_t n) {
        char buf[4096];
        bool script_given = false;
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && (strncmp(a, "-e", 2) == 0 || programs_long_is(a, "expression", NULL) ||
                          strncmp(a, "-f", 2) == 0 || programs_long_is(a, "file", NULL)))
                        script_given = true;
        }
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                const char *value = NULL;
                if (streq(t, "-l") || (programs_long_is(t, "line-length", &value) && !value)) {
                        k++; /* sed -l 5 SCRIPT: 5 is -l's */
                        continue;
                }
                bool after_e = k > 1 && programs_plain(w[k - 1], buf, sizeof buf) &&
                               (streq(buf, "-e") || (programs_long_is(buf, "expression", &value) && !value));
                bool long_e = programs_long_is(t, "expression", &value) && value;
                /* -es/x/y/e: the script attached to -e (after -n, -E...) */
                const char *attached = t[0] == '-' && t[1] != '-' ? strchr(t, 'e') : NULL;
                const char *script = after_e                        ? t
                                     : long_e                       ? value
                                     : attached && attached[1]      ? attached + 1
                                     : !script_given && t[0] != '-' ? t
                                                                    : NULL;
                if (script && sed_runs(script))
                        return judge_refuse(j, "sed's e command or s///e flag: it runs a command line");
                int r = script ? sed_files_judge(j, script) : 0;
                if (r != 0)
                        return r;
                if (!script_given && t[0] != '-' && !after_e)
                        break; /* the first operand was the script; the rest are files */
        }
        return 0;
}

/* v as UTF-8 at d (at most 4 bytes; never more than the escape that
 * spelled it: \uH is 3 bytes, \UHHHHHHHH 10); past the last code point,
 * as bash does, its bytes as it can. */
static char *utf8_put(char *d, unsigned v) {
        if (v < 0x80)
                *d++ = (char) v;
        else if (v < 0x800) {
                *d++ = (char) (0xc0 | (v >> 6));
                *d++ = (char) (0x80 | (v & 0x3f));
        } else if (v < 0x10000) {
                *d++ = (char) (0xe0 | (v >> 12));
                *d++ = (char) (0x80 | ((v >> 6) & 0x3f));
                *d++ = (char) (0x80 | (v & 0x3f));
        } else {
                *d++ = (char) (0xf0 | ((v >> 18) & 0x07));
                *d++ = (char) (0x80 | ((v >> 12) & 0x3f));
                *d++ = (char) (0x80 | ((v >> 6) & 0x3f));
                *d++ = (char) (0x80 | (v & 0x3f));
        }
        return d;
}

/* printf's and echo -e's escapes, in place: \\, \n and the like, \xHH,
 * \uHHHH, \UHHHHHHHH, \NNN and \0NNN. A NUL is dropped: the program
 * prints it and the text goes on, and a shell reading the text (a script,
 * its input, $(...)) drops it (printf 'tr\0ue' | sh runs true). */
void reread_unescape(char *s) {
        char *d = s;
        for (const char *p = s; *p;) {
                if (*p != '\\' || !p[1]) {
                        *d++ = *p++;
                        continue;
                }
                p++;
                if (*p == 'c') /* \c: nothing after it is printed (echo -e, %b) */
                        break;
                const char *k = strchr("abefnrtv\\", *p);
                static const char to[] = "\a\b\x1b\f\n\r\t\v\\";
                unsigned v = 0;
                int digits = 0;
                if (k && *p) {
                        *d++ = to[k - "abefnrtv\\"];
                        p++;
                        continue;
                }
                if (*p == 'u' || *p == 'U') { /* \uHHHH, \UHHHHHHHH: the code point, in UTF-8 */
                        int max = *p == 'u' ? 4 : 8;
                        for (p++; digits < max &&
                                  ((*p >= '0' && *p <= '9') || ((*p | 32) >= 'a' && (*p | 32) <= 'f'));
                             digits++, p++)
                                v = v * 16 + (unsigned) (*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
                        if (digits == 0) {
                                *d++ = '\\';
                                *d++ = p[-1];
                                continue;
                        }
                        if (v != 0)
                                d = utf8_put(d, v);
                        continue;
                }
                if (*p == 'x') {
                        for (p++; digits < 2 &&
                                  ((*p >= '0' && *p <= '9') || ((*p | 32) >= 'a' && (*p | 32) <= 'f'));
                             digits++, p++)
                                v = v * 16 + (unsigned) (*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
                } else if (*p >= '0' && *p <= '7') {
                        int max = *p == '0' ? 4 : 3;
                        for (; digits < max && *p >= '0' && *p <= '7'; digits++, p++)
                                v = v * 8 + (unsigned) (*p - '0');
                }
                if (digits == 0) {
                        *d++ = '\\';
                        continue;
                }
                if ((v & 0xff) != 0)
                        *d++ = (char) (v & 0xff);
        }
        *d = 0;
}

/* One heredoc's body as the shell hands it on: with <<-, each line's
 * leading tabs gone; an unquoted delimiter's loses the backslash before $,
 * ` and \ (its continuations are joined already). Appended at out[*k]. */
static void heredoc_lines(const char *text, const ShellHeredoc *h, bool quoted, bool dash, char *out,
                          size_t *k) {
        bool bol = true;
        for (size_t i = h->body; i < h->end; i++) {
                if (dash && bol && text[i] == '\t')
                        continue;
                bol = text[i] == '\n';
                if (!quoted && text[i] == '\\' && i + 1 < h->end && strchr("$`\\", text[i + 1]))
                        i++;
                out[(*k)++] = text[i];
        }
}

/* The body of the heredoc delimited by delim in the line text (n bytes, as
 * shell_join_lines gives it); the bodies of every heredoc there delimited
 * so, or of all when none is (the lexer's word and this reading differ:
 * the more read, the safer). NULL only when out of memory. */
char *reread_heredoc(const char *text, size_t n, const ShellWord *delim) {
        _cleanup_free_ ShellHeredoc *h = NULL;
        size_t jn, n_h = 0, k = 0;
        _cleanup_free_ char *joined = shell_join_heredocs(text, n, &jn, &h, &n_h); /* the same text */
        _cleanup_free_ char *d = programs_word_text(delim);
        _cleanup_free_ char *out = joined ? malloc(jn + 1) : NULL;
        if (!joined || !d || !out)
                return NULL;
        bool any = false;
        for (int pass = 0; pass < 2 && !any; pass++) /* the delimiter's own; else all */
                for (size_t i = 0; i < n_h; i++) {
                        _cleanup_free_ char *hd = NULL;
                        bool quoted, dash;
                        if (shell_heredoc_delim(joined, jn, &h[i], &hd, &quoted, &dash) < 0)
                                return NULL;
                        if (pass == 1 || (streq(hd, d) && quoted == delim->quoted)) {
                                heredoc_lines(joined, &h[i], quoted, dash, out, &k);
                                any = true;
                        }
                }
        out[k] = 0;
        return TAKE_PTR(out);
}

int reread_unknown_words(Judge *j, const ShellWord *const *w, size_t n) {
        bool was = j->lenient;
        int r = 0;
        j->lenient = true;
        /* a word that holds a blank or an operator, alone ... */
        for (size_t a = 1; r == 0 && a < n && j->depth < REREAD_MAX; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (!t)
                        r = -ENOMEM;
                else if (strpbrk(t, " \t\n;|&<>()`$"))
                        r = programs_reread(j, "a word a program known only when it runs may run", t,
                                            strlen(t));
        }
        /* ... and all of them joined, as eval and trap join them, their
         * quotes and backslashes read again (g\\it, 'git log' -p, '{git,log,-p}') */
        if (r == 0 && n > 1 && j->depth < REREAD_MAX) {
                _cleanup_free_ char *t = programs_joined(w, n, 1);
                r = !t ? -ENOMEM
                       : programs_reread(j, "the words a program known only when it runs may join and run",
                                         t, strlen(t));
        }
        j->lenient = was;
        return r;
}
