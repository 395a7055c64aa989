/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The shell lexer: bash's word syntax (quotes, escapes, $'...', line
 * continuations, expansions, substitutions, globs, braces, operators and
 * redirects), read into tokens and words. It must not judge: it says how
 * a line splits and what each word is made of, never whether a command is
 * allowed or what it names (command.c, the secret-paths rule, does).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ShellItemKind {
        SHELL_LIT,    /* a byte, c */
        SHELL_STAR,   /* an unquoted '*' */
        SHELL_QMARK,  /* an unquoted '?' */
        SHELL_CLASS,  /* an unquoted '[' with an unquoted ']' after it: a
                       * bracket expression, if the glob finds its end */
        SHELL_EXPAND, /* $name, ${...}, $(...), `...`, $((...)); c: 1 a plain
                       * $NAME, 2 a value bash makes from the line ($_ with an
                       * operator, BASH_REMATCH), 0 any other */
        SHELL_BOPEN,  /* unquoted '{', ',' and '}': brace expansion, if they make one */
        SHELL_BCOMMA,
        SHELL_BCLOSE,
        SHELL_EXTGLOB, /* @(...), !(...), +(...), *(...), ?(...): what it holds is nested */
} ShellItemKind;

/* One byte of a word after quote removal, or one of its unquoted
 * specials. Brackets are left to the glob: bash expands braces first,
 * and a bracket expression may hold a ',', '{' or '}', or be split by
 * them (cat .[,e]nv, {,[}.env{,]}). */
typedef struct ShellItem {
        uint8_t kind, c; /* kind: a ShellItemKind */
        bool quoted;     /* SHELL_LIT: quoted or escaped, so no glob special;
                          * SHELL_EXTGLOB: it may match a leading dot;
                          * SHELL_EXPAND: in double quotes */
        bool arith;      /* SHELL_EXPAND of $((...)), ${#x}: its value is an
                          * integer (digits, a '-' maybe before them) */
        bool keys;       /* SHELL_EXPAND of ${!a[@]}: an array's keys */
        uint16_t nested; /* SHELL_EXPAND of a command substitution: 1 + the
                          * index of its text in ShellLexed.nested (0: none,
                          * or past 65,535) */
} ShellItem;

/* A word: its items, its classes, and what the recogniser needs to know
 * of how it was written. */
typedef struct ShellWord {
        ShellItem *v;
        size_t n, allocated;
        bool expansion;    /* a parameter or arithmetic expansion */
        bool substitution; /* a command or process substitution */
        bool quoted;       /* some of it quoted or escaped */
        char param[64];    /* the whole word is one $NAME or ${NAME} ("" else) */
        bool assigns;      /* a ${NAME:=...} or ${NAME=...} in it sets NAME */
        char *joined;      /* its ${NAME:-TEXT} defaults taken, joined (malloc'd), or NULL */
} ShellWord;

typedef enum ShellTokenKind {
        SHELL_TOKEN_WORD,
        SHELL_TOKEN_OP,      /* |, &&, ;, (, ... */
        SHELL_TOKEN_REDIR,   /* <, >, >&, <<, &>, ... */
        SHELL_TOKEN_NEWLINE, /* an unescaped newline */
} ShellTokenKind;

typedef struct ShellToken {
        int kind;   /* a ShellTokenKind */
        char op[4]; /* SHELL_TOKEN_OP, SHELL_TOKEN_REDIR */
        int fd;     /* SHELL_TOKEN_REDIR: the number before it, or -1 */
        ShellWord w;
        size_t nested;   /* <( and >(: 1 + the index of its text in ShellLexed.nested */
        size_t from, to; /* where it stands in the lexed text: [from, to), a redirect's fd number in */
} ShellToken;

/* A line lexed: its tokens, and the texts that substitutions, ${...},
 * extglobs and comments hold, which the lexer does not lex but keeps (a
 * backquoted one as bash reads it again: one level of \\, \` and \$ gone,
 * and \" in double quotes). */
typedef struct ShellLexed {
        ShellToken *v;
        size_t n, allocated;
        char **nested; /* what they hold, as written */
        size_t n_nested, nested_allocated;
        /* each "$(cat <<'EOF' ...)" read as the literal it prints: where in
         * the text (from its '$' to past its ')'), in order */
        struct ShellRange {
                size_t from, to;
        } * literals;
        size_t n_literals, literals_allocated;
        /* the lexer's own while it lexes (NULL after): the text's heredocs,
         * whose bodies are no command lines */
        const struct ShellHeredoc *heredocs;
        size_t n_heredocs;
} ShellLexed;

/* Lex s (n bytes): 0 with *ret filled (free it with shell_lexed_done()),
 * -EINVAL for a text bash would not parse as this lexer reads it (an
 * unclosed quote or bracket, an operator it does not know), -ENOMEM.
 * *ret untouched on failure. */
int shell_lex(const char *s, size_t n, ShellLexed *ret);
void shell_lexed_done(ShellLexed *l);

/* Add an item to w, for a word made outside the lexer: 0 or -ENOMEM. */
int shell_word_put(ShellWord *w, uint8_t kind, uint8_t c);
void shell_word_done(ShellWord *w);

/* s (n bytes) with bash's line continuations gone (a backslash-newline,
 * unquoted or in double quotes), as bash removes them before it reads a
 * token: $\<nl>'..' is $'..', \<nl># starts a comment. Not in single
 * quotes, $'..' or a comment, where they stay. A heredoc's body (the lines
 * after the one holding its <<, to its delimiter's) is as bash reads it: a
 * quoted delimiter's lines as written, an unquoted one's continuations
 * joined. Malloc'd, *ret_n bytes and a NUL; NULL when out of memory. The
 * text joined again is the same text. */
char *shell_join_lines(const char *s, size_t n, size_t *ret_n);

/* A heredoc of a joined text: where the word after its << starts ('-'
 * first for <<-), its body's lines (the delimiter's not included), where
 * the text goes on after the delimiter's line, and whether the delimiter
 * is quoted (the body is then data: no expansion in it). */
typedef struct ShellHeredoc {
        size_t delim;
        size_t body, end, next;
        bool quoted;
        bool substituted; /* its delimiter holds a $(...), ${...}, $[...] or `...`
                           * (taken as written, but no line holding one is lexed) */
} ShellHeredoc;
/* shell_join_lines, and the text's heredocs in order into *ret_h (malloc'd,
 * *ret_n_h of them; not kept when ret_h is NULL). */
char *shell_join_heredocs(const char *s, size_t n, size_t *ret_n, ShellHeredoc **ret_h, size_t *ret_n_h);
/* A heredoc's delimiter as bash compares it (quotes removed), malloc'd
 * into *ret; whether a part of it was quoted (the body is then as
 * written), whether it is <<- (leading tabs go). 0, 1 when it holds a
 * $(...), $((...)), ${...}, $[...] or `...` (bash takes those as written,
 * blanks in them included, and quotes in them removed only with a quote
 * outside them), or -ENOMEM. */
int shell_heredoc_delim(const char *text, size_t n, const ShellHeredoc *h, char **ret, bool *ret_quoted,
                        bool *ret_dash);

/* A byte that may start a name (a variable's), one that may follow, and one
 * that ends an unquoted word. */
bool shell_is_ident_start(char c);
bool shell_is_ident(char c);
bool shell_is_meta(char c);

/* shell-words.c: the word s (n bytes, as written) with its defaults
 * (${NAME:-TEXT}, :=, :+, and without ':') taken and every other expansion
 * gone, into *ret (malloc'd; NULL when it is no more than one default);
 * and with each unquoted $IFS or ${IFS...} a space (NULL when none).
 * 0, or -ENOMEM. */
int shell_defaults_joined(const char *s, size_t n, char **ret);
/* The TEXT of a word that is one default and nothing else (${x:-eval}),
 * into *ret (malloc'd), else NULL (nested already, as written). */
int shell_default_alone(const char *s, size_t n, char **ret);
int shell_ifs_split(const char *s, size_t n, char **ret);
/* The words bash's brace expansion makes of w ({cp,-r,.git,x} is four;
 * {,git} is git, the empty word dropped; a brace with no ',' of its own
 * stays), at most max: 1 with *ret (malloc'd, each word freed with
 * shell_word_done()) and *ret_n, 0 when no brace of w expands, -E2BIG
 * past max (or nested past 16), -ENOMEM. */
int shell_word_braces(const ShellWord *w, size_t max, ShellWord **ret, size_t *ret_n);
/* The names a word whose only globs are bracket expressions can match
 * (g[i]t is git; x[0-2] is x0, x1, x2), at most max: 1 with *ret (malloc'd
 * strings, and the array) and *ret_n; 0 when w holds no bracket
 * expression or another glob (*, ?, [!x], [[:alpha:]], an extglob, an
 * expansion); -E2BIG past max; -ENOMEM. */
int shell_word_glob_names(const ShellWord *w, size_t max, char ***ret, size_t *ret_n);
