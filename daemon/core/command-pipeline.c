/* SPDX-License-Identifier: MIT */
/*
 * The text a pipeline hands a shell (| sh, | bash -s, | source /dev/stdin;
 * command-internal.h): the line's own texts as its first stage prints them,
 * each later stage applied in turn. Where every stage is modelled, the text
 * is judged as a command line; where one is not, by its letters. It must not
 * judge a pipeline whose output no shell reads: command-languages.c does.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

const char *pipeline_stage_name(const Stage *st, char *name, size_t size) {
        size_t k = scripts_program_at(st->w, st->n);
        if (k >= st->n || (st->keyword_led && !st->led))
                return NULL; /* a closer's stage has no words; function f { */
        return programs_name(st->w[k], name, size);
}

/* Does st's shell read its program on its input (sh, bash -s, dash -e,
 * source /dev/stdin; not sh -c S nor bash FILE)? */
static bool shell_reads_input(const Stage *st) {
        char name[256], buf[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = pipeline_stage_name(st, name, sizeof name);
        if (!p)
                return false;
        if (streq(p, "source") || streq(p, ".")) {
                const char *a = k + 1 < st->n ? programs_plain(st->w[k + 1], buf, sizeof buf) : NULL;
                return readers_is_stdin(a);
        }
        if (!programs_is_shell(p))
                return false;
        for (size_t a = k + 1; a < st->n; a++) {
                const char *o = programs_plain(st->w[a], buf, sizeof buf);
                if (!o)
                        return false;
                if (streq(o, "--"))
                        return a + 1 == st->n;
                if ((o[0] == '-' || o[0] == '+') && o[1] != '-') { /* -s: its input; -c S: S */
                        if (strchr(o + 1, 's') || strchr(o + 1, 'c'))
                                return !strchr(o + 1, 'c');
                        a += programs_shell_values(o); /* -o OPT, -xO OPT */
                        continue;
                }
                if (o[0] != '-')
                        return readers_is_stdin(o); /* bash FILE; bash /dev/stdin */
                a += streq(o, "--rcfile") || streq(o, "--init-file");
        }
        return true;
}

/* Does what v[at] prints run: READERS_SHELL (a shell reads it, or one is
 * assumed: a name the line redefines, a program not known),
 * READERS_COMMANDS (ed, m4, awk's system: by its letters), or 0? Its
 * reader is the next stage, or a process substitution its output
 * redirect names (T > >(sh): the stage after it, as | sh is). */
static int reads_input(const Judge *j, const Line *ln, const Stage *v, size_t n, size_t at) {
        int out = readers_output_substituted(j, ln->lexed, &v[at]);
        if (at + 1 >= n)
                return out;
        /* echo 'SELECT 1;' | psql, printf '%s\n' 'g/^#/d' wq | ex -s F: a text
         * known, read in the reader's own language and judged so */
        _cleanup_free_ char *ex = NULL;
        if (reread_sql_printed(&v[at + 1], &v[at]) || ex_fed_program(ln, &v[at + 1], &v[at], &ex) > 0)
                return out;
        return readers_worse(out,
                             shell_reads_input(&v[at + 1]) ? READERS_SHELL : readers_stage(j, &v[at + 1]));
}

/* What the pipeline's stages make of the line's texts. */
typedef struct Flow {
        char *text;     /* the text so far, when it is the line's (else NULL) */
        bool exact;     /* text is what the stages print */
        char *letters;  /* every text the line gave a stage, for the fallback */
        bool decode;    /* echo's escapes decoded (as echo -e would), the second look */
        unsigned depth; /* compounds (and function calls) in compounds */
        size_t *spent;  /* the compounds modelled for the line, shared */
        bool through;   /* a compound a pipe feeds: the text went through a stage */
} Flow;

/* Adds s to the letters, and its escapes decoded as sed, perl, tr and
 * printf read them (sed 's/[^ ]/\o147/', printf '\x67' > F: a g). */
static int flow_add(Flow *f, const char *s, size_t n) {
        char *m = NULL;
        _cleanup_free_ char *d = NULL;
        if (memchr(s, '\\', n) && sed_decoded(s, n, &d) < 0)
                return -ENOMEM;
        if (asprintf(&m, "%s%.*s\n%s", f->letters ? f->letters : "", (int) n, s, d ? d : "") < 0)
                return -ENOMEM;
        free(f->letters);
        f->letters = m;
        return 0;
}

/* The words of st after its program's name, for the fallback's letters:
 * the texts the line gives it (options, their values, a program), not the
 * files an interpreter, awk, jq or sed reads (jq -r .x package.json). */
static int flow_words(Flow *f, const Stage *st, const char *name) {
        static const char *const coded[] = {"perl", "python3", "python", "ruby", "node", "php", NULL};
        static const char *const programmed[] = {"awk",  "gawk", "mawk", "nawk", "jq",
                                                 "gojq", "yq",   "sed",  "gsed", NULL};
        bool code = name && streq_any(name, coded), program = name && streq_any(name, programmed);
        bool given = false; /* the program given (-e P, -f F, or the first operand) */
        size_t values = 0;  /* words after an option, its values */
        size_t k = scripts_program_at(st->w, st->n);
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o)
                        return -ENOMEM;
                bool option = o[0] == '-' && o[1] && values == 0, take = true;
                if (values > 0)
                        values--;
                else if (option && code)
                        values = !strchr(o, '=') && strchr("ecE", o[strlen(o) - 1]) ? 1 : 0;
                else if (option && program) {
                        values = streq(o, "--arg") || streq(o, "--argjson")
                                         ? 2
                                         : streq_any(o,
                                                     (const char *const[]){"-v", "-e", "-f", "--expression",
                                                                           "--file", NULL});
                        given = given || streq(o, "-e") || streq(o, "-f") || streq(o, "--expression") ||
                                streq(o, "--file");
                } else if (!option && (code || program)) {
                        take = program && (!given || strchr(o, '=')); /* awk P ORS=: P, ORS= */
                        given = given || program;
                }
                if (take && flow_add(f, o, strlen(o)) < 0)
                        return -ENOMEM;
        }
        return 0;
}

/* sed 'P', sed [-E] -e P, perl -pe 'P' applied to *t as the program
 * prints it (command-sed.c's sed_lines): 1, 0 when the words or the
 * program are not so exactly modelled (*t untouched), -ENOMEM. */
static int plain_edit(const Stage *st, const char *name, char **t) {
        size_t k = scripts_program_at(st->w, st->n);
        bool perl = streq(name, "perl"), ere = false;
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o)
                        return -ENOMEM;
                if (!perl && (streq(o, "-E") || streq(o, "-r"))) {
                        ere = true;
                        continue;
                }
                bool given = (perl ? streq(o, "-pe") : streq(o, "-e")) && a + 2 == st->n;
                if (!given && (perl || a + 1 != st->n || o[0] == '-'))
                        return 0;
                _cleanup_free_ char *prog = given ? programs_word_text(st->w[a + 1]) : TAKE_PTR(o);
                _cleanup_(sed_freep) SedScript *s = NULL;
                if (!prog || sed_parse(prog, perl ? SED_PERL : ere ? SED_EXTENDED : SED_BASIC, &s) < 0)
                        return -ENOMEM;
                return sed_lines(s, t);
        }
        return 0;
}

/* Does st read a file the line writes (an operand, or < F)? Its text is
 * then the line's, not modelled. whole: by that very name (> F, not > F.tmp). */
static int reads_written(const Judge *j, const Stage *st, bool whole) {
        return rearranged_reads_written(j, st, whole);
}

/* Programs that copy a file's every byte, in order. Any other maps its
 * letters: tac joins a last line with no newline to the next, sort and tac
 * move a line ending in a backslash before another, tail -c cuts one off. */
static const char *const copiers[] = {"cat", "tee", NULL};

/* Are st's words all plain (no expansion, no glob)? */
static bool plain_words(const Stage *st) {
        char buf[1024];
        for (size_t a = 0; a < st->n; a++)
                if (!programs_plain(st->w[a], buf, sizeof buf))
                        return false;
        return true;
}

/* Does st's error output join its output (2>&1, &>, >&, |&, 2>/dev/stdout)?
 * Its error messages then print its words. */
static bool stderr_joined(const Stage *st) {
        char buf[256];
        if (st->stderr_piped)
                return true;
        for (size_t i = 0; i < st->n_redir; i++) {
                const ShellToken *t = st->redir[i];
                const char *a = st->target[i] ? programs_plain(st->target[i], buf, sizeof buf) : NULL;
                if (strncmp(t->op, "&>", 2) == 0 || (streq(t->op, ">&") && (t->fd == 2 || t->fd == -1)))
                        return true;
                static const char *const outs[] = {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", NULL};
                if (t->fd == 2 && t->op[0] == '>' && a && streq_any(a, outs))
                        return true;
        }
        return false;
}

/* Are st's words all plain options without a value (-fsSL, --location) or
 * operands a program reads as a file or an address (no space, quote, $,
 * %, \, ;, <, >, |, brace or bracket)? None of them a text it prints then. */
static bool plain_operands(const Stage *st) {
        char buf[1024];
        for (size_t a = scripts_program_at(st->w, st->n) + 1; a < st->n; a++) {
                const char *o = programs_plain(st->w[a], buf, sizeof buf);
                if (!o ||
                    o[strspn(
                            o,
                            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/~:@+,?&#=*-")])
                        return false;
                if (o[0] == '-' && strchr(o, '='))
                        return false; /* --label=T, --time-style=F */
        }
        return true;
}

/* Is p a program known to print data that is not its words (a download,
 * a file's lines, a listing, git's own records without a format) or none
 * (cp, mkdir, tee: its input)? */
static bool listed(const char *p) {
        static const char *const files[] = {/* a download's or a file's bytes */
                                            "curl",  "wget",    "cat",    "tac",   "head", "tail",
                                            "sort",  "uniq",    "cut",    "diff",  "cmp",  "xxd",
                                            "od",    "hexdump", "base64", "gzip",  "zcat", "xz",
                                            "xzcat", "bzcat",   "zstd",   "unzip", "tar",  NULL};
        static const char *const lists[] = {/* a listing, a search, the system's state */
                                            "ls",    "find",     "fd",  "fdfind",   "locate", "grep",
                                            "egrep", "fgrep",    "rg",  "ag",       "ack",    "wc",
                                            "du",    "df",       "ps",  "printenv", "id",     "whoami",
                                            "uname", "hostname", "pwd", NULL};
        static const char *const quiet[] = {/* nothing on their output */
                                            "cp", "mv",     "ln",    "install", "mkdir", "rmdir",
                                            "rm", "chmod",  "chown", "chgrp",   "touch", "tee",
                                            "cd", "sleep",  "kill",  "true",    "false", "test",
                                            "[",  "export", "unset", NULL};
        return streq_any(p, files) || streq_any(p, lists) || streq_any(p, quiet);
}

/* May st, a first stage, print its words (yes, date +F, expr, stat -c F,
 * seq -f F, sqlite3 DB Q, sh -c S, git log --format=F, awk, printf)? Not
 * a listed one (listed) whose words are plain and whose errors stay on
 * stderr. */
bool pipeline_prints_words(const Stage *st, const char *p) {
        if (!p)
                return !st->keyword_led;
        /* its error messages (head -n W F 2>&1) or an option's value
         * (grep --label=W, curl -w W) print its words: as any printer's */
        if (stderr_joined(st) || !plain_operands(st))
                return true;
        if (listed(p))
                return false;
        if (!streq(p, "git"))
                return true;
        for (size_t a = scripts_program_at(st->w, st->n) + 1; a < st->n; a++) { /* git --format=F */
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                static const char *const formats[] = {
                        "--format", "--pretty", "format:", "tformat:", "-c", NULL};
                for (size_t i = 0; o && formats[i]; i++)
                        if (strncmp(o, formats[i], strlen(formats[i])) == 0)
                                return true;
                if (!o)
                        return true;
        }
        return false;
}

/* Does st map characters in a way not modelled: tr, a decoder, sed's
 * or perl's y/// or tr/// (y or tr starting a command, then a delimiter)? */
static bool maps_letters(const Stage *st, const char *p) {
        /* decoders of a text (base32 -d, basenc -d, xxd -r not -p) */
        static const char *const decoders[] = {"base32",  "basenc", "base64", "uudecode",
                                               "openssl", "xxd",    NULL};
        if (!p || streq(p, "tr") || streq_any(p, decoders))
                return p != NULL;
        if (!streq_any(p, (const char *const[]){"sed", "gsed", "perl", NULL}))
                return false;
        for (size_t a = scripts_program_at(st->w, st->n) + 1; a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                for (const char *c = o; c && *c; c++)
                        if ((c == o || strchr("; \t\n{", c[-1])) && /* a command: y/a-z/b-za/ */
                            (c[0] == 'y' || (c[0] == 't' && c[1] == 'r')) &&
                            ispunct((unsigned char) c[c[0] == 'y' ? 1 : 2]))
                                return true;
                if (!o)
                        return true;
        }
        return false;
}

/* Is st a stage whose output holds only bytes of its input, its words,
 * digits and blanks, in any case (it selects, sorts, counts or lays out;
 * never maps a byte to another: xargs echo, awk '{print "rm " $0}')? Any
 * other stage not modelled may make any letter from its input (perl,
 * python's str.translate, iconv, gunzip, a shell). */
static bool selects_only(const Stage *st, const char *p) {
        static const char *const selectors[] = {
                "cat",  "tac",    "rev",  "head", "tail",  "sort",  "uniq",   "cut", "paste",  "fold",
                "fmt",  "column", "shuf", "grep", "egrep", "fgrep", "tee",    "nl",  "expand", "unexpand",
                "comm", "join",   "sed",  "gsed", "wc",    "echo",  "printf", NULL};
        /* awk's own words hold what it prints, unless a format, the
         * environment, a date or a command makes it (printf "%c", 103;
         * case changes and substr only select: the letters ignore case) */
        static const char *const computes[] = {"printf",   "system", "getline", "ENVIRON", "PROCINFO",
                                               "strftime", "@",      "|",       NULL};
        char buf[64];
        if (!p) /* xargs with no command: echo's */
                return !st->keyword_led && st->n > 0 && st->n == scripts_program_at(st->w, st->n) &&
                       streq_ptr(programs_plain(st->w[0], buf, sizeof buf), "xargs");
        if (streq_any(p, selectors))
                return true;
        if (!streq_any(p, (const char *const[]){"awk", "gawk", "mawk", "nawk", NULL}))
                return false;
        for (size_t a = scripts_program_at(st->w, st->n) + 1; a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                if (!o || (o[0] == '-' && o[1] != 'F'))
                        return false; /* -f PROG, -v V=S, -e; not -F: */
                for (const char *const *c = computes; *c; c++)
                        if (strstr(o, *c))
                                return false;
        }
        return true;
}

/* Does st read a substitution's output (<(...), an operand $(...))? */
static bool substituted(const Stage *st) {
        for (size_t i = 0; i < st->n_redir; i++)
                if (streq(st->redir[i]->op, "<(") || streq(st->redir[i]->op, ">("))
                        return true;
        for (size_t a = 0; a < st->n; a++)
                if (st->w[a]->substitution)
                        return true;
        return false;
}

/* xxd -r -p (-ps, -plain, in any order) applied to *t as xxd decodes it:
 * each two hex digits a byte, blanks between them skipped (any other
 * character, or a NUL made, not modelled). 1, 0 (*t untouched). */
static int xxd_plain(const Stage *st, char *t) {
        bool revert = false, plain = false;
        for (size_t a = scripts_program_at(st->w, st->n) + 1; a < st->n; a++) {
                char buf[64];
                const char *o = programs_plain(st->w[a], buf, sizeof buf);
                if (!o || !streq_any(o, (const char *const[]){"-r", "-p", "-rp", "-pr", "-ps", "-revert",
                                                              "-plain", "-postscript", NULL}))
                        return 0;
                revert = revert || o[1] == 'r' || streq(o, "-pr");
                plain = plain || o[1] == 'p' || streq(o, "-rp");
        }
        if (!revert || !plain || t[strspn(t, "0123456789abcdefABCDEF \t\n")])
                return 0;
        size_t m = 0, digits = 0;
        unsigned v = 0;
        for (const char *c = t; *c; c++) {
                if (!isxdigit((unsigned char) *c))
                        continue;
                v = v * 16 + (unsigned) (isdigit((unsigned char) *c)
                                                 ? *c - '0'
                                                 : tolower((unsigned char) *c) - 'a' + 10);
                if (++digits % 2 == 0) {
                        if ((v & 0xff) == 0)
                                return 0;
                        t[m++] = (char) (v & 0xff), v = 0;
                }
        }
        t[m] = 0;
        return 1;
}

static int flow_stage(const Judge *j, const Line *ln, Flow *f, const Stage *st, bool first);

/* One pipeline [from, to) of tokens in a compound body, each stage with
 * the compound's own redirects (2>&1, <<< S) after its, applied to a Flow
 * of its own; its text appended to f's, exact when every stage is. */
static int body_pipeline(const Judge *j, const Line *ln, Flow *f, const Stage *group, const ShellWord **ws,
                         size_t from, size_t to, bool *exact) {
        const ShellLexed *l = ln->lexed;
        Flow sub = {.exact = true, .decode = f->decode, .depth = f->depth + 1, .spent = f->spent};
        int r = 0;
        bool first = true;
        for (size_t i = from; i < to && r >= 0;) {
                Stage in = {.w = ws};
                for (; i < to && !(l->v[i].kind == SHELL_TOKEN_OP && l->v[i].op[0] == '|'); i++) {
                        const ShellToken *t = &l->v[i];
                        if (t->kind == SHELL_TOKEN_WORD && in.n == 0 && programs_keyword(&t->w))
                                *exact = false; /* then, do, else: not one command's output */
                        else if (t->kind == SHELL_TOKEN_WORD)
                                in.w[in.n++] = &t->w;
                        else if (t->kind == SHELL_TOKEN_REDIR && in.n_redir < ELEMENTSOF(in.redir)) {
                                bool word = i + 1 < to && l->v[i + 1].kind == SHELL_TOKEN_WORD &&
                                            !streq(t->op, "<(") && !streq(t->op, ">(");
                                in.redir[in.n_redir] = t;
                                in.target[in.n_redir++] = word ? &l->v[i + 1].w : NULL;
                                i += word;
                        }
                }
                in.stderr_piped = i < to && streq(l->v[i].op, "|&");
                i++;
                for (size_t g = 0; g < group->n_redir && in.n_redir < ELEMENTSOF(in.redir); g++) {
                        in.redir[in.n_redir] = group->redir[g];
                        in.target[in.n_redir++] = group->target[g];
                }
                in.stderr_piped = in.stderr_piped || group->stderr_piped;
                r = flow_stage(j, ln, &sub, &in, first);
                ws += in.n;
                first = false;
        }
        _cleanup_free_ char *text = sub.text, *letters = sub.letters;
        if (r < 0)
                return r;
        *exact = *exact && text && sub.exact;
        if ((letters && flow_add(f, letters, strlen(letters)) < 0) ||
            (text && flow_add(f, text, strlen(text)) < 0))
                return -ENOMEM;
        if (!*exact || !text)
                return 0;
        char *m = NULL;
        if (asprintf(&m, "%s%s", f->text ? f->text : "", text) < 0)
                return -ENOMEM;
        free(f->text);
        f->text = m;
        return 0;
}

/* A compound stage (a group, a subshell, if, while, case, a function's
 * call) applied to f: as a first stage, what the commands in its body
 * print, in order (exact when each is, in a group or subshell of plain
 * sequences); else its body's words reach the letters. 1, 0 (not a
 * compound), -ENOMEM. */
static bool is_pipe(const ShellToken *t) {
        return t->kind == SHELL_TOKEN_OP && (streq(t->op, "|") || streq(t->op, "|&"));
}

/* Does a pipe feed the compound whose opener is token o a text of the
 * line (echo T | { tr Q i; } | sh: the line's pipeline ends at the ';'
 * inside it)? The stages before it, back to a separator, holding echo,
 * printf, yes or a here-string; not make 2>&1 | { grep x; }, nor find
 * src -name '*.c' | { grep -v test; }. */
static bool fed_text(const ShellLexed *l, size_t o) {
        if (o == 0 || !is_pipe(&l->v[o - 1]))
                return false;
        for (size_t i = o - 1; i-- > 0;) {
                const ShellToken *t = &l->v[i];
                if (t->kind == SHELL_TOKEN_NEWLINE || (t->kind == SHELL_TOKEN_OP && !is_pipe(t)))
                        return false;
                if (t->kind == SHELL_TOKEN_REDIR && strncmp(t->op, "<<", 2) == 0)
                        return true;
                if (t->kind == SHELL_TOKEN_WORD &&
                    (programs_word_is(&t->w, "echo") || programs_word_is(&t->w, "printf") ||
                     programs_word_is(&t->w, "yes")))
                        return true;
        }
        return false;
}

static int flow_compound(const Judge *j, const Line *ln, Flow *f, const Stage *st, const char *p,
                         bool first) {
        size_t from, to;
        bool whole;
        if (!compound_body(ln, st, p, &from, &to, &whole))
                return 0;
        const ShellLexed *l = ln->lexed;
        /* past four deep or 64 bodies (f() { g; g; }; g() { ... }): their words */
        bool many = !f->spent || ++*f->spent > 64;
        /* a compound a pipe feeds (T | { rev; } | sh: the line's pipeline
         * ends at its ';') or a later stage runs what it will on its
         * input: any letter */
        bool pipe_fed = st->led && st->n == 0 && from >= 2 && fed_text(l, from - 1),
             piped = !first || pipe_fed || !whole;
        if (piped && flow_add(f, "git", 3) < 0)
                return -ENOMEM;
        f->through = f->through || pipe_fed;
        if (piped || f->depth >= 4 || many) { /* what it reads and its words: the letters */
                for (size_t i = from; i < to; i++) {
                        _cleanup_free_ char *o =
                                l->v[i].kind == SHELL_TOKEN_WORD ? programs_word_text(&l->v[i].w) : NULL;
                        if (l->v[i].kind == SHELL_TOKEN_WORD && (!o || flow_add(f, o, strlen(o)) < 0))
                                return -ENOMEM;
                }
                if (f->text && flow_add(f, f->text, strlen(f->text)) < 0)
                        return -ENOMEM;
                f->exact = false;
                return 1;
        }
        _cleanup_free_ const ShellWord **ws = calloc(to - from + 1, sizeof *ws);
        if (!ws)
                return -ENOMEM;
        free(f->text);
        f->text = NULL;
        /* && and || run some, loops some more times: inexact; and a text
         * the group's redirect feeds, read by more than one of them */
        bool exact = true, fed = false;
        for (size_t g = 0; g < st->n_redir; g++)
                fed = fed || st->redir[g]->op[0] == '<';
        int r = 0;
        for (size_t i = from, start = from; i <= to && r >= 0; i++) {
                const ShellToken *t = i < to ? &l->v[i] : NULL;
                if (t && !(t->kind == SHELL_TOKEN_NEWLINE || (t->kind == SHELL_TOKEN_OP && t->op[0] != '|')))
                        continue;
                exact = exact && (!t || t->kind == SHELL_TOKEN_NEWLINE || streq(t->op, ";")) &&
                        !(fed && i > start && start > from);
                if (i > start)
                        r = body_pipeline(j, ln, f, st, ws, start, i, &exact);
                start = i + 1;
        }
        /* a group's redirect reads the line's text (<<< S): it is in the
         * letters through the stages that read it */
        f->exact = r >= 0 && exact && f->text;
        return r < 0 ? r : 1;
}

/* Stage st applied to f: tr's modelled forms and a bare cat exactly, any
 * other program as not modelled (its words the line's texts too). */
static int flow_stage(const Judge *j, const Line *ln, Flow *f, const Stage *st, bool first) {
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = pipeline_stage_name(st, name, sizeof name);
        int r = flow_compound(j, ln, f, st, p, first);
        if (r != 0)
                return r < 0 ? r : 0;
        if ((r = reads_written(j, st, false)) != 0) { /* cat x/p1 x/p2 | tr -d '\n': the line's every text */
                f->exact = false;
                return r < 0 ? r : flow_add(f, j->text, j->text_n);
        }
        for (size_t i = 0; i < st->n_redir; i++) { /* tr -d '\n' <<< S: S its input */
                _cleanup_free_ char *t = NULL;
                if ((r = shells_fed_text(ln, st, i, &t)) < 0)
                        return r;
                if (r > 0) {
                        free(f->text);
                        f->text = TAKE_PTR(t);
                        f->exact = true;
                }
        }
        if (first && !f->text && p && (streq(p, "echo") || streq(p, "printf"))) {
                if ((r = rearranged_printed(st, f->decode, &f->text)) < 0)
                        return r;
                /* echo -e, -n and printf -v: options not modelled; nor
                 * shopt -s xpg_echo (bash's echo decoding escapes) */
                char buf[256];
                const char *o = k + 1 < st->n ? programs_plain(st->w[k + 1], buf, sizeof buf) : NULL;
                bool xpg = !f->decode && streq(p, "echo") && memmem(j->text, j->text_n, "xpg_echo", 8);
                f->exact = f->text && plain_words(st) && !(o && o[0] == '-') && !xpg;
                return 0;
        }
        if (f->text && flow_add(f, f->text, strlen(f->text)) < 0)
                return -ENOMEM;
        if (f->text && p && streq(p, "xxd") && xxd_plain(st, f->text))
                return 0; /* echo 676974 | xxd -r -p: its bytes */
        bool cat = p && streq(p, "cat") && k + 1 == st->n;
        if (f->text && plain_words(st) &&
            (cat || (p && streq_any(p, (const char *const[]){"tr", "sed", "perl", NULL})))) {
                if ((r = cat              ? 1
                         : streq(p, "tr") ? rearranged_tr(st, &f->text)
                                          : plain_edit(st, p, &f->text)) < 0)
                        return r;
                /* after a stage not modelled the text is a guess: a
                 * mapping of it may miss a letter (awk's tolower, then tr
                 * a-z b-za) */
                if (r > 0)
                        return !f->exact && maps_letters(st, p) ? flow_add(f, "git", 3) : 0;
        }
        f->exact = false;
        /* a mapping not modelled (tr 'A-Z' 'b-za', perl's y/// with a
         * flag), or any later stage that does more than select (awk
         * '{print tolower($0)}'), may make any letter of one; a
         * substitution's text (paste - <(echo T)) reaches the output too */
        if (((f->text && maps_letters(st, p)) || (!first && !selects_only(st, p))) &&
            flow_add(f, "git", 3) < 0)
                return -ENOMEM;
        for (size_t i = 0; substituted(st) && ln->lexed && i < ln->lexed->n_nested; i++)
                if (flow_add(f, ln->lexed->nested[i], strlen(ln->lexed->nested[i])) < 0)
                        return -ENOMEM;
        return !first || pipeline_prints_words(st, p) ? flow_words(f, st, p) : 0;
}

/* Does s hold the letters g, i and t, in any case and order (U+0130 and
 * U+0131 an i: a UTF-8 locale's case change makes one)? */
static bool git_letters(const char *s) {
        bool g = false, i = false, t = false;
        for (; s && *s; s++) {
                char c = (char) tolower((unsigned char) *s);
                g = g || c == 'g';
                i = i || c == 'i' || (s[0] == '\xc4' && (s[1] == '\xb0' || s[1] == '\xb1'));
                t = t || c == 't';
        }
        return g && i && t;
}

/* The stages up to at applied to the line's texts, judged (echo's escapes
 * decoded when decode); to_file: its output a file the line may run. 1
 * refused, 2 judged exact, 0, -ENOMEM. */
static int flow_judge(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at, bool words,
                      bool to_file, bool decode) {
        size_t spent = 0;
        Flow f = {.exact = true, .decode = decode, .spent = &spent};
        int r = 0;
        for (size_t i = 0; i <= at && r >= 0; i++)
                r = flow_stage(j, ln, &f, &v[i], i == 0);
        _cleanup_free_ char *text = f.text;
        if (r >= 0 && text)
                r = flow_add(&f, text, strlen(text));
        _cleanup_free_ char *letters = f.letters;
        if (r < 0)
                return r;
        /* a file: the line's texts through a stage (echo T | sed S > F),
         * or a file the line wrote read by a stage whose words hold an
         * escape (tr S '\147' < F > G), not echo T > F */
        bool fed = (text && at > 0) || f.through, joined = false;
        for (size_t i = 0; i <= at && (to_file || (words && j->written_run)) && !joined; i++)
                if ((r = reads_written(j, &v[i], false)) != 0) {
                        if (r < 0)
                                return r;
                        /* ... or one that joins or maps its lines (paste -sd '', cut
                         * --output-delimiter='', xargs printf %s, $(tr -d '\n' < F)) */
                        char buf[256];
                        const char *p = pipeline_stage_name(&v[i], buf, sizeof buf);
                        if ((r = reads_written(j, &v[i], true)) < 0)
                                return r;
                        joined = r > 0 && (!p || !streq_any(p, copiers));
                        for (size_t k = i + 1; r > 0 && k <= at && !joined; k++) { /* cat F | tac > G */
                                const char *q = pipeline_stage_name(&v[k], buf, sizeof buf);
                                joined = !q || !streq_any(q, copiers);
                        }
                        for (size_t a = scripts_program_at(v[i].w, v[i].n) + 1; a < v[i].n && !joined; a++) {
                                _cleanup_free_ char *o = programs_word_text(v[i].w[a]);
                                if (!o)
                                        return -ENOMEM;
                                joined = strchr(o, '\\') != NULL;
                        }
                }
        fed = fed || joined;
        int next = reads_input(j, ln, v, n, at);
        if (to_file && !fed && !words && !next)
                return 0;
        /* each stage modelled: the text is a command line (echo 'gi t log
         * -p' | tr -d ' ' | sh), judged as one; a program that runs
         * commands it reads (ed's !, m4's syscmd) by its letters */
        if (next == READERS_UNKNOWN && !(text && f.exact) && !to_file && !words)
                return 0; /* T | tool: only the exact text, as a shell's */
        if (text && f.exact && next != READERS_COMMANDS) {
                bool out = false; /* ... its only output */
                for (size_t i = 0; i < v[at].n_redir; i++)
                        out = out || v[at].redir[i]->op[strcspn(v[at].redir[i]->op, "<")] == 0;
                r = programs_reread(j, "the text a pipeline hands a shell", text, strlen(text));
                /* ... | split - X/m; make -f X/maa: a makefile, when make runs */
                if (r == 0 && to_file && (j->make_runs || j->scripts_many))
                        r = options_make_text(j, "make", text);
                /* words that become printf's format or echo -e's text have
                 * their escapes decoded there (printf "$(... | sed
                 * 's/%/\\x/g')" | sh): judged so too */
                if (r == 0 && words && strchr(text, '\\')) {
                        reread_unescape(text);
                        r = programs_reread(j, "the text a pipeline hands a shell, escapes decoded", text,
                                            strlen(text));
                }
                return r == 0 && !out ? 2 : r;
        }
        if ((words && !j->shell_output && !joined) || !git_letters(letters))
                return 0;
        judge_mark_held(j);
        return judge_refuse(j,
                            "a pipeline rearranges the line's texts, which hold the letters of git, in a "
                            "way not modelled into a shell's input, while the history holds a masked entry");
}

int pipeline_compound_fed(Judge *j, const Line *ln, const Stage *st, char **ret) {
        size_t spent = 0;
        Flow f = {.exact = true, .spent = &spent};
        char name[256];
        const char *p = pipeline_stage_name(st, name, sizeof name);
        int r = flow_compound(j, ln, &f, st, p, true);
        _cleanup_free_ char *text = f.text, *letters = f.letters;
        if (r <= 0)
                return r;
        if (f.exact && text) {
                *ret = TAKE_PTR(text);
                return 0;
        }
        if (!judge_held(j) || !git_letters(letters) || !git_letters(j->text))
                return 0;
        judge_mark_held(j);
        return judge_refuse(j,
                            "a compound command's output, whose texts hold the letters of git, is a shell's "
                            "input, not modelled exactly, while the history holds a masked entry");
}

/* The end in the text of stage st: past its last word or redirect. */
static size_t stage_end(const Stage *st) {
        size_t end = 0;
        for (size_t k = 0; k < st->n; k++) {
                const ShellToken *t = (const ShellToken *) (const void *) ((const char *) st->w[k] -
                                                                           offsetof(ShellToken, w));
                end = t->to > end ? t->to : end;
        }
        for (size_t k = 0; k < st->n_redir; k++) {
                end = st->redir[k]->to > end ? st->redir[k]->to : end;
                if (st->target[k]) {
                        const ShellToken *t =
                                (const ShellToken *) (const void *) ((const char *) st->target[k] -
                                                                     offsetof(ShellToken, w));
                        end = t->to > end ? t->to : end;
                }
        }
        return end;
}

int pipeline_compound_listed(Judge *j, const Line *ln, const Stage *v, size_t n, size_t i) {
        const ShellLexed *l = ln->lexed;
        size_t from, to;
        bool whole;
        if (!v[i].led || v[i].n != 0 || i + 1 >= n || !l ||
            !compound_body(ln, &v[i], NULL, &from, &to, &whole))
                return 0;
        /* the rest of the pipeline, from the closer's end */
        size_t rest = v[i].led->to, end = rest;
        for (size_t k = i + 1; k < n; k++) {
                size_t e = stage_end(&v[k]);
                end = e > end ? e : end;
        }
        if (from >= to || end <= rest || end > ln->n || from == 0)
                return 0;
        /* ... and what it reads, the stages before it (ls | { grep x; } | xargs cat) */
        size_t head = l->v[from - 1].from, start = head;
        for (size_t k = 0; k < i; k++) {
                if (v[k].led)
                        return judge_refuse(j, "compound commands piped into each other, then to a program "
                                               "that reads names: not read");
                for (size_t w = 0; w < v[k].n; w++) {
                        const ShellToken *t = (const ShellToken *) (const void *) ((const char *) v[k].w[w] -
                                                                                   offsetof(ShellToken, w));
                        start = t->from < start ? t->from : start;
                }
                for (size_t w = 0; w < v[k].n_redir; w++)
                        start = v[k].redir[w]->from < start ? v[k].redir[w]->from : start;
        }
        /* its commands, split where it is flat: a nested compound is not */
        size_t cuts[17], n_cuts = 0;
        cuts[n_cuts++] = from;
        for (size_t k = from; k < to; k++) {
                const ShellToken *t = &l->v[k];
                if ((t->kind == SHELL_TOKEN_OP && (streq(t->op, "(") || streq(t->op, ")"))) ||
                    (t->kind == SHELL_TOKEN_WORD && programs_keyword(&t->w) && compound_command_start(l, k)))
                        return judge_refuse(j,
                                            "a compound command that holds another, its output piped to a "
                                            "program that reads names: not read");
                bool sep = t->kind == SHELL_TOKEN_NEWLINE ||
                           (t->kind == SHELL_TOKEN_OP &&
                            streq_any(t->op, (const char *const[]){";", "&", "&&", "||", NULL}));
                if (!sep)
                        continue;
                if (n_cuts == ELEMENTSOF(cuts))
                        return judge_refuse(j, "a compound command of more than 16 commands, its output "
                                               "piped to a program that reads names: not read");
                cuts[n_cuts++] = k + 1;
        }
        /* each command's output into the rest, after the commands before it:
         * { A; B; } | xargs cat is A | xargs cat, then A; B | xargs cat */
        for (size_t c = 0; c < n_cuts; c++) {
                size_t a = cuts[c], b = c + 1 < n_cuts ? cuts[c + 1] - 1 : to;
                if (a >= b)
                        continue;
                size_t before = l->v[from].from, at = l->v[a].from, stop = l->v[b - 1].to;
                _cleanup_free_ char *t = NULL;
                if (asprintf(&t, "%.*s%s%.*s%.*s %.*s", (int) (at - before), ln->text + before,
                             at > before ? "\n" : "", (int) (head - start), ln->text + start,
                             (int) (stop - at), ln->text + at, (int) (end - rest), ln->text + rest) < 0)
                        return -ENOMEM;
                int r = programs_reread(j, "a compound command's output piped on", t, strlen(t));
                if (r != 0)
                        return r;
        }
        return 0;
}

bool pipeline_writes_run(const Judge *j, const Stage *st) {
        char buf[256];
        if (!written_may_run(j))
                return false;
        if (j->group_filed) /* { echo T | tr x i; } > F */
                return true;
        for (size_t i = 0; i < st->n_redir; i++) {
                const char *a = st->target[i] ? programs_plain(st->target[i], buf, sizeof buf) : NULL;
                /* 1<> F: standard output opened read-write on F */
                bool rw = streq(st->redir[i]->op, "<>") && st->redir[i]->fd == 1;
                if ((rw ||
                     streq_any(st->redir[i]->op, (const char *const[]){">", ">>", ">|", "&>", NULL})) &&
                    (!a || strncmp(a, "/dev/", 5) != 0))
                        return true;
                /* >&4: a descriptor exec 4>F or a group's redirect opened */
                if (streq(st->redir[i]->op, ">&") &&
                    (!a || (!streq(a, "1") && !streq(a, "2") && !streq(a, "-"))))
                        return true;
        }
        /* tee F, dd of=F, cp /dev/stdin F: its input written to a file */
        return readers_writes_input(st);
}

int pipeline_into_shell(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at) {
        /* $(printf 'gi\nt log -p' | tr -d '\n'): words of a command, judged
         * when exact; a shell's program when eval, sh -c or source reads
         * them (eval "$(... | paste -sd '')"), by the letters otherwise */
        bool words = ln->substitution && at + 1 == n;
        /* a shell before the shell (echo 'echo git log' | sh | sh): not
         * modelled, what it reads and its words (sh -c S) the letters */
        /* echo T | sed S > F; sh F: a file the line may run, judged as a
         * shell's input when the line's texts flow there */
        bool writer = readers_writes_input(&v[at]);
        bool to_file = (at + 1 == n || writer) && pipeline_writes_run(j, &v[at]);
        int reader = reads_input(j, ln, v, n, at);
        if (!(words || to_file || reader) || !judge_held(j))
                return 0;
        /* ... | tee F: what the stage before it prints is the file's text */
        size_t upto = to_file && writer && at > 0 ? at - 1 : at;
        int r = 0; /* alias f='{ printf g; echo ...; }'; f | sh: as bash expands it */
        bool shell = to_file || reader == READERS_SHELL;
        for (size_t i = 0; i <= upto && r == 0 && shell; i++) /* ... or f > F; sh F */
                r = rebound_alias_piped(j, v, i, upto);
        if (r != 0)
                return r;
        /* echo 'g\t log' | sed 's/\\/i/': bash's echo prints g\t as
         * written; echo -e or xpg_echo would decode it: both judged */
        r = flow_judge(j, ln, v, n, upto, words, to_file, false);
        if (r == 1 || r < 0 || !memchr(j->text, '\\', j->text_n))
                return r;
        int d = flow_judge(j, ln, v, n, upto, words, to_file, true);
        return d == 1 || d < 0 ? d : r;
}

/* Does st map bytes to any letter: a decoder, sed's or perl's y///, or
 * tr whose sets hold a range, a class or an escape (tr a-z b-za)? */
static bool maps_any(const Stage *st) {
        char name[256];
        const char *p = pipeline_stage_name(st, name, sizeof name);
        if (!maps_letters(st, p))
                return false;
        if (!streq(p, "tr"))
                return true;
        for (size_t a = scripts_program_at(st->w, st->n) + 1; a < st->n; a++) {
                _cleanup_free_ char *o = programs_word_text(st->w[a]);
                bool octal = false; /* \147: a g (\n, \t: no letter) */
                for (const char *q = o; q && (q = strchr(q, '\\')) != NULL && !octal; q += 1 + (q[1] != 0))
                        octal = q[1] >= '0' && q[1] <= '7';
                if (!o || octal || strstr(o, "[:") || strstr(o, "[=") ||
                    (o[0] != '-' && strlen(o) > 2 && strchr(o + 1, '-')))
                        return true;
        }
        return false;
}

/* Does the line's text hold the letters g, i and t, git run as a command
 * (git describe > v) left out: what a file the line writes may hold? */
static bool line_letters(const Judge *j) {
        _cleanup_free_ char *t = strndup(j->text, j->text_n);
        if (!t)
                return true;
        for (char *p = t; (p = strstr(p, "git")) != NULL; p += 3) {
                const char *q = p;
                while (q > t && (q[-1] == ' ' || q[-1] == '\t'))
                        q--;
                if ((q == t || strchr(";&|(`\n", q[-1])) && (!p[3] || strchr(" \t;&|)\n", p[3])))
                        memset(p, ' ', 3);
        }
        return git_letters(t);
}

int pipeline_names(const Judge *j, const Line *ln, const Stage *v, size_t at, char **ret) {
        size_t spent = 0;
        Flow f = {.exact = true, .spent = &spent};
        bool line_text = false; /* a stage read a file the line writes (cat F | tr x i) */
        int r = 0;
        for (size_t i = 0; i <= at && r >= 0; i++) {
                r = flow_stage(j, ln, &f, &v[i], i == 0);
                if (r >= 0 && !line_text && (r = reads_written(j, &v[i], false)) > 0)
                        line_text = true, r = 0;
        }
        _cleanup_free_ char *text = f.text, *letters = f.letters;
        if (r < 0)
                return r;
        if (text && f.exact) {
                *ret = TAKE_PTR(text);
                return 2;
        }
        /* a later stage rearranged it (one command alone: cat <<E, its
         * text): by the letters of the texts that flowed, or any letter
         * when a stage maps bytes to any (echo "$x" | tr a-z b-za), not
         * one that maps no letter (echo "$PATH" | tr : ' ') */
        if (text && at > 0) {
                bool mapped = false;
                for (size_t i = 1; i <= at; i++)
                        mapped = mapped || maps_any(&v[i]);
                for (char *l = letters, *e; l && *l; l = e + (*e != 0)) {
                        e = l + strcspn(l, "\n");
                        if (e - l == 3 && strncmp(l, "git", 3) == 0) /* flow_stage's "any letter" */
                                memset(l, ' ', 3);
                }
                return mapped || git_letters(letters) || git_letters(text) ? 1 : 0;
        }
        /* echo N | { tr Q i; } | xargs cat: a compound a pipe fed the
         * line's text may make any name */
        return f.through || (!text && line_text && line_letters(j)) ? 1 : 0;
}
