/* SPDX-License-Identifier: MIT */
/*
 * What a pipeline's stage makes of its input (command-internal.h): a shell
 * by another name (a function, alias, hash entry, link, copy or PATH of the
 * line; a program not known), a program that runs commands it reads, or a
 * writer of it to a file. It must not judge the text: command-pipeline.c does.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

static bool ident(char c) {
        return shell_is_ident(c) || c == '-' || c == '.' || c == '/';
}

/* Does the line define name as a function (name () { ...; }, function name)? */
static bool defines_function(const char *text, size_t n, const char *name) {
        size_t len = strlen(name);
        for (const char *at = text;
             text && len > 0 && (at = memmem(at, n - (size_t) (at - text), name, len)); at += len) {
                const char *e = at + len, *end = text + n;
                if (at > text && ident(at[-1]))
                        continue;
                while (e < end && (*e == ' ' || *e == '\t'))
                        e++;
                if (e + 1 < end && e[0] == '(' && e[1] == ')')
                        return true;
                const char *b = at;
                while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
                        b--;
                if (b - text >= 8 && strncmp(b - 8, "function", 8) == 0 && b < at &&
                    (b - 8 == text || !ident(b[-9])))
                        return true;
        }
        return false;
}

/* Does the line change PATH (PATH=, PATH+=, export PATH, read PATH)? */
static bool changes_path(const char *text, size_t n) {
        for (const char *at = text; text && (at = memmem(at, n - (size_t) (at - text), "PATH", 4));
             at += 4) {
                const char *e = at + 4, *end = text + n;
                if (at > text && (shell_is_ident(at[-1]) || at[-1] == '$' || at[-1] == '{'))
                        continue; /* $PATH, ${PATH}: read, not changed */
                if (e < end && (*e == '=' || (*e == '+' && e + 1 < end && e[1] == '=')))
                        return true;
                if (e == end || strchr(" \t\n;&|)", *e)) /* export PATH, read PATH, declare PATH */
                        return true;
        }
        return false;
}

bool readers_redefined(const Judge *j, const char *name, const char *written) {
        bool slash = written && strchr(written, '/');
        if (slash && !rebound_program_path(written))
                return true; /* X/cat, ./tac: a file the line may make */
        if (j->rebound_many || j->rebound_unseen)
                return true;
        bool path = j->text && changes_path(j->text, j->text_n);
        for (size_t i = 0; i < j->n_rebound; i++)
                if (streq(j->rebound[i].name, name) && (j->rebound[i].any || slash || path))
                        return true;
        return (j->text && defines_function(j->text, j->text_n, name)) || (path && !slash);
}

/* The words of st after k: does any hold one of keys? */
static bool words_hold(const Stage *st, size_t k, const char *const *keys) {
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                for (const char *const *key = keys; t && *key; key++)
                        if (strstr(t, *key))
                                return true;
                if (!t)
                        return true;
        }
        return false;
}

/* Programs known to read their input as data, never as commands: any
 * other program after a pipe may be a shell by another name, and a text
 * the line hands it exactly is judged as a command line (READERS_UNKNOWN). */
static const char *const data_readers[] = {
        "cat",    "tac",      "head",      "tail",      "sort",    "uniq",    "cut",
        "tr",     "sed",      "gsed",      "awk",       "gawk",    "mawk",    "nawk",
        "jq",     "gojq",     "yq",        "grep",      "egrep",   "fgrep",   "rg",
        "ag",     "ack",      "wc",        "less",      "more",    "column",  "fmt",
        "fold",   "paste",    "join",      "comm",      "nl",      "pr",      "rev",
        "shuf",   "split",    "od",        "xxd",       "hexdump", "base64",  "base32",
        "md5sum", "sha1sum",  "sha256sum", "sha512sum", "cksum",   "gzip",    "gunzip",
        "zcat",   "bzip2",    "xz",        "zstd",      "lz4",     "tar",     "cpio",
        "unzip",  "zip",      "diff",      "cmp",       "patch",   "expand",  "unexpand",
        "iconv",  "dos2unix", "unix2dos",  "strings",   "file",    "tee",     "sponge",
        "ts",     "pv",       "dd",        "pbcopy",    "xclip",   "xsel",    "wl-copy",
        "logger", "mail",     "sendmail",  "curl",      "wget",    "nc",      "ncat",
        "socat",  "ssh",      "openssl",   "gpg",       "git",     "gh",      "docker",
        "podman", "kubectl",  "python",    "python3",   "perl",    "ruby",    "node",
        "php",    "lua",      "npx",       "npm",       "yarn",    "cargo",   "go",
        "make",   "prettier", "eslint",    "black",     "gofmt",   "rustfmt", "clang-format",
        "shfmt",  "read",     "mapfile",   "readarray", "true",    "false",   ":",
        "echo",   "printf",   "test",      "[",         "sleep",   "date",    "bc",
        "numfmt", "envsubst", "bat",       "batcat",    "pandoc",  "xmllint", "lp",
        "lpr",    "nano",     NULL};

static int stage_reads(const Judge *j, const Stage *st, int depth);

/* What the command line s does with its input, as a stage would (env -S
 * S, split --filter=S, tee >(S)): its first command's; a shell, a
 * compound or a text not read: READERS_SHELL. */
static int string_reads(const Judge *j, const char *s, int depth) {
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        if (!s || depth >= 4 || shell_lex(s, strlen(s), &l) < 0)
                return READERS_SHELL;
        const ShellWord *w[64];
        size_t n = 0, i = 0;
        for (; i < l.n && l.v[i].kind != SHELL_TOKEN_OP && l.v[i].kind != SHELL_TOKEN_NEWLINE && n < 64; i++)
                if (l.v[i].kind == SHELL_TOKEN_WORD && !(i > 0 && l.v[i - 1].kind == SHELL_TOKEN_REDIR))
                        w[n++] = &l.v[i].w;
        if (n == 0)
                return l.n > 0 ? READERS_SHELL : 0; /* ( sh ), { sh; } */
        char name[256];
        size_t k = scripts_program_at(w, n);
        const char *p = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (p && programs_is_shell(p))
                return READERS_SHELL; /* env -S sh, split --filter=sh, tee >(sh) */
        Stage st = {.w = w, .n = n};
        return stage_reads(j, &st, depth + 1);
}

/* tee >(S), tee -a >(S): S reads what tee writes, as a next stage would.
 * The substitutions' texts found in the line's text, each judged. */
static int substitution_reads(const Judge *j, const Stage *st, int depth) {
        bool out = false;
        for (size_t i = 0; i < st->n_redir; i++)
                out = out || streq(st->redir[i]->op, ">(");
        if (!out || !j->text)
                return 0;
        int worst = 0;
        bool found = false;
        for (const char *at = j->text, *end = j->text + j->text_n;
             (at = memmem(at, (size_t) (end - at), ">(", 2)); at += 2) {
                size_t open = 1;
                const char *e = at + 2;
                for (; e < end && open > 0; e++)
                        open += *e == '(' ? 1 : *e == ')' ? -1 : 0;
                if (open > 0)
                        return READERS_SHELL;
                _cleanup_free_ char *inner = strndup(at + 2, (size_t) (e - 1 - (at + 2)));
                int r = inner ? string_reads(j, inner, depth) : READERS_SHELL;
                found = true;
                worst = r == READERS_SHELL || worst == READERS_SHELL ? READERS_SHELL : r ? r : worst;
        }
        return found ? worst : READERS_SHELL; /* not found as written: not known */
}

/* split --filter=S, --filter S: S runs with each piece on its input. */
static int split_filter(const Judge *j, const Stage *st, size_t k, int depth) {
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                const char *value = NULL;
                if (!t)
                        return READERS_SHELL;
                if (streq(t, "--"))
                        return 0;
                if (t[0] == '-' && t[1] == '-' && programs_long_is(t, "filter", &value)) {
                        if (value)
                                return string_reads(j, value, depth);
                        _cleanup_free_ char *next = a + 1 < st->n ? programs_word_text(st->w[a + 1]) : NULL;
                        return string_reads(j, next, depth);
                }
        }
        return 0;
}

/* An interpreter's name without its version (python3.11, perl5.36.0,
 * lua5.4, node18): python, perl, ruby, node, php or lua; NULL for others. */
static const char *interpreter(const char *p, char *buf, size_t size) {
        static const char *const names[] = {"python", "perl", "ruby", "node", "php", "lua", NULL};
        size_t n = strlen(p);
        while (n > 0 && (isdigit((unsigned char) p[n - 1]) || p[n - 1] == '.'))
                n--;
        if (n == 0 || n >= size)
                return NULL;
        memcpy(buf, p, n);
        buf[n] = 0;
        return streq_any(buf, names) ? buf : NULL;
}

bool readers_is_stdin(const char *t) {
        return t && streq_any(t, (const char *const[]){"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", NULL});
}

bool readers_interpreter(const char *p) {
        char buf[16];
        return p && interpreter(p, buf, sizeof buf) != NULL;
}

/* Does interpreter lang (interpreter()'s) at st read its program on its
 * input: no option that gives one (perl -e, python3 -c or -m, node -e or
 * -p, ruby -e, php -r, lua -e), and no operand but -, /dev/stdin or none
 * (python3 -E, perl -x, perl -p, perl -I lib, python3 -W ignore -)? */
static bool reads_program(const Stage *st, size_t k, const char *lang) {
        const char *gives = streq(lang, "python") ? "cm"
                            : streq(lang, "node") ? "ep"
                            : streq(lang, "php")  ? "rfBRFE"
                                                  : "eE";
        /* options whose value is the next word when not glued */
        const char *valued = streq(lang, "python") ? "WXQ"
                             : streq(lang, "perl") ? "I"
                             : streq(lang, "ruby") ? "Ir"
                             : streq(lang, "node") ? "r"
                             : streq(lang, "lua")  ? "l"
                                                   : "cdz";
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                if (!t)
                        return false;
                if (t[0] != '-' || streq(t, "-"))
                        return streq(t, "-") || readers_is_stdin(t); /* a file: its program */
                if (streq(t, "--")) { /* -- F: F its program, none: its input */
                        _cleanup_free_ char *f = a + 1 < st->n ? programs_word_text(st->w[a + 1]) : NULL;
                        return a + 1 >= st->n || (f && (streq(f, "-") || readers_is_stdin(f)));
                }
                if (t[1] == '-') { /* node --eval S, --print S, --require M */
                        if (strncmp(t, "--eval", 6) == 0 || strncmp(t, "--print", 7) == 0)
                                return false;
                        a += !strchr(t, '=') && (streq(t, "--require") || streq(t, "--import"));
                        continue;
                }
                for (const char *c = t + 1; *c; c++) {
                        if (strchr(gives, *c))
                                return false;
                        if (strchr(valued, *c)) {
                                a += c[1] == 0; /* -W ignore, -I lib; -Ilib glued */
                                break;
                        }
                }
        }
        return true;
}

/* patch, git apply, git am: a diff made by the pipeline, its added lines
 * a file's text the line may run: by the letters (not modelled). */
static bool applies_diff(const Judge *j, const Stage *st, size_t k, const char *p) {
        if (!(j->written_run || j->scripts_written || j->n_scripts > 0 || j->scripts_many))
                return false;
        if (streq(p, "patch"))
                return true;
        for (size_t a = k + 1; streq(p, "git") && a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                if (!t)
                        return true;
                if (t[0] != '-')
                        return streq_any(t, (const char *const[]){"apply", "am", NULL});
        }
        return false;
}

int readers_stage(const Judge *j, const Stage *st) {
        return stage_reads(j, st, 0);
}

static int stage_reads(const Judge *j, const Stage *st, int depth) {
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        /* T | { sh; }, T | ( sh ), T | if :; then sh; fi: a compound's
         * commands read the input, not modelled: a shell assumed */
        if (st->keyword_led || st->n == 0)
                return READERS_SHELL;
        /* xargs env, xargs nice: the words xargs reads are the command (a
         * shell over its input); env -S S: S is the program */
        _cleanup_free_ char *split = NULL;
        int wrapped = programs_wrapped_runs(st->w, st->n, &split);
        if (wrapped == WRAPPED_READ)
                return READERS_SHELL;
        if (wrapped == WRAPPED_SPLIT)
                return string_reads(j, split, depth);
        if (k >= st->n) /* parallel with no command: each line it reads is one */
                return streq_ptr(programs_name(st->w[0], name, sizeof name), "parallel") ? READERS_SHELL : 0;
        const char *p = programs_name(st->w[k], name, sizeof name);
        _cleanup_free_ char *written = programs_word_text(st->w[k]);
        if (!p || !written || st->w[k]->expansion || st->w[k]->substitution)
                return READERS_SHELL; /* $x, "$SHELL": known only when it runs */
        if (readers_redefined(j, p, written))
                return READERS_SHELL;
        int r;
        /* script with no -c runs a shell over its input; bwrap's and capsh's
         * own words are not modelled: what they run assumed a shell */
        if (streq(p, "script"))
                return words_hold(st, k, (const char *const[]){"-c", "--c", NULL}) ? 0 : READERS_SHELL;
        if (streq_any(p, (const char *const[]){"bwrap", "capsh", NULL}))
                return READERS_SHELL;
        static const char *const runners[] = {
                "ed",      "ex",     "vi",     "vim",   "nvim", "view",    "m4",   "gm4",   "dc",      "gdb",
                "sqlite3", "sqlite", "expect", "tclsh", "wish", "gnuplot", "psql", "mysql", "mariadb", NULL};
        if (streq_any(p, runners))
                return READERS_COMMANDS;
        /* awk '{system($0)}', perl -ne 'system $_', python3 -c
         * 'os.system(sys.stdin.read())': what they read handed to a shell */
        static const char *const awks[] = {"awk", "gawk", "mawk", "nawk", NULL};
        static const char *const runs[] = {"system", "exec", "popen", "spawn", "subprocess", "`",
                                           "qx",     "|",    "eval",  "pty",   NULL};
        char lang[16];
        const char *l = interpreter(p, lang, sizeof lang);
        if ((l || streq_any(p, awks)) && (words_hold(st, k, runs) || (l && reads_program(st, k, l))))
                return READERS_COMMANDS; /* awk's program from its input: its language's model */
        if (streq(p, "split") && (r = split_filter(j, st, k, depth)) != 0)
                return r;
        if ((r = substitution_reads(j, st, depth)) != 0)
                return r;
        if (applies_diff(j, st, k, p))
                return READERS_COMMANDS;
        return streq_any(p, data_readers) || programs_is_shell(p) || programs_is_wrapper(p)
                       ? 0
                       : READERS_UNKNOWN;
}

/* split, split - PREFIX: its input written to PREFIXaa, PREFIXab, ...
 * (split F PREFIX reads F); its filter's output is the filter's. */
static bool split_writes(const Stage *st, size_t k) {
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                if (!t)
                        return true;
                if (streq(t, "--")) {
                        _cleanup_free_ char *f = a + 1 < st->n ? programs_word_text(st->w[a + 1]) : NULL;
                        return a + 1 >= st->n || !f || streq(f, "-");
                }
                if (strncmp(t, "--filter", 8) == 0)
                        return false;
                if (t[0] != '-' || !t[1])
                        return streq(t, "-");
                if (t[1] != '-' && strchr("abCdlnt", t[strlen(t) - 1]) && !strchr("dx", t[strlen(t) - 1]))
                        a++; /* -l 10, -b 1M, -a 3: the value after it */
                else if (t[1] == '-' && !strchr(t, '=') &&
                         streq_any(t + 2, (const char *const[]){"lines", "bytes", "line-bytes", "number",
                                                                "suffix-length", "additional-suffix",
                                                                "separator", NULL}))
                        a++;
        }
        return true;
}

bool readers_writes_input(const Stage *st) {
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = pipeline_stage_name(st, name, sizeof name);
        if (!p)
                return false;
        if (streq(p, "split"))
                return split_writes(st, k);
        bool tee = streq_any(p, (const char *const[]){"tee", "sponge", NULL});
        bool copier = streq_any(p, (const char *const[]){"cp", "install", "mv", "ln", "rsync", NULL});
        if (!tee && !copier && !streq(p, "dd"))
                return false;
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                if (!t)
                        return true;
                if (tee && t[0] != '-' && strncmp(t, "/dev/", 5) != 0)
                        return true; /* tee F, tee -a F, sponge F */
                if (copier && readers_is_stdin(t))
                        return true; /* cp /dev/stdin F, install /dev/stdin F */
                if (streq(p, "dd") && strncmp(t, "of=", 3) == 0)
                        return true;
        }
        return false;
}

/* Does the redirect at l->v[i] send standard output to a file (> F, >> F,
 * &> F, >&4: a descriptor opened before)? */
static bool output_filed(const ShellLexed *l, size_t i) {
        const ShellToken *t = &l->v[i];
        char buf[256];
        const char *a = i + 1 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD
                                ? programs_plain(&l->v[i + 1].w, buf, sizeof buf)
                                : NULL;
        if (t->fd > 1)
                return false;   /* 2> F: the error output */
        if (streq(t->op, "<>")) /* 1<> F: standard output opened on F */
                return t->fd == 1;
        if (streq_any(t->op, (const char *const[]){">", ">>", ">|", "&>", "&>>", NULL}))
                return !a || strncmp(a, "/dev/", 5) != 0;
        return streq(t->op, ">&") && (!a || (!streq(a, "1") && !streq(a, "2") && !streq(a, "-")));
}

int readers_groups_filed(const ShellLexed *l, bool *ret) {
        /* each group by its opening (1, 2, ...; 0 none): its parent, and
         * whether its own redirects file its output; each token's innermost */
        _cleanup_free_ size_t *stack = calloc(l->n + 1, sizeof *stack),
                              *parent = calloc(l->n + 2, sizeof *parent), *of = calloc(l->n + 1, sizeof *of);
        _cleanup_free_ bool *filed = calloc(l->n + 2, sizeof *filed);
        if (!stack || !parent || !of || !filed)
                return -ENOMEM;
        size_t depth = 0, groups = 0,
               stray = 0; /* tokens before stray: a closer with no opener files them */
        for (size_t e = 0; e < l->n; e++) {
                const ShellToken *t = &l->v[e];
                bool word = t->kind == SHELL_TOKEN_WORD && compound_command_start(l, e),
                     op = t->kind == SHELL_TOKEN_OP;
                of[e] = depth > 0 ? stack[depth - 1] : 0;
                if ((op && streq(t->op, "(")) || (word && compound_word_is(&t->w, "{"))) {
                        parent[++groups] = of[e];
                        stack[depth++] = groups;
                } else if ((op && streq(t->op, ")")) || (word && compound_word_is(&t->w, "}"))) {
                        /* } > F, ) >> F: the group holding the pipeline writes a file */
                        bool f = false;
                        for (size_t r = e + 1; r < l->n && l->v[r].kind == SHELL_TOKEN_REDIR && !f; r++) {
                                f = output_filed(l, r);
                                r += r + 1 < l->n && l->v[r + 1].kind == SHELL_TOKEN_WORD;
                        }
                        if (depth > 0)
                                filed[of[e]] = f, depth--;
                        else if (f)
                                stray = e + 1;
                }
        }
        for (size_t g = 1; g <= groups; g++) /* a parent opens before its groups */
                filed[g] = filed[g] || filed[parent[g]];
        for (size_t e = 0; e <= l->n; e++)
                ret[e] = (e < l->n && filed[of[e]]) || e < stray;
        return 0;
}

/* The words of the simple command holding token i. */
static size_t command_words(const ShellLexed *l, size_t i, const ShellWord **w, size_t size) {
        size_t n = 0, s = i;
        while (s > 0 && l->v[s - 1].kind != SHELL_TOKEN_OP && l->v[s - 1].kind != SHELL_TOKEN_NEWLINE)
                s--;
        for (size_t e = s;
             e < l->n && l->v[e].kind != SHELL_TOKEN_OP && l->v[e].kind != SHELL_TOKEN_NEWLINE && n < size;
             e++)
                if (l->v[e].kind == SHELL_TOKEN_WORD && !(e > s && l->v[e - 1].kind == SHELL_TOKEN_REDIR))
                        w[n++] = &l->v[e].w;
        return n;
}

/* Is the command holding token i a shell's (sh, bash -s, source, exec
 * alone: the commands after it), or not known? */
static bool shell_command(const ShellLexed *l, size_t i) {
        const ShellWord *w[64];
        char name[256];
        size_t n = command_words(l, i, w, ELEMENTSOF(w)), k = scripts_program_at(w, n);
        const char *p = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (k >= n)
                return n == 0 || streq_ptr(programs_name(w[0], name, sizeof name), "exec");
        return !p || programs_is_shell(p) || streq(p, "source") || streq(p, ".");
}

/* Does a shell of the line read descriptor fd as its input or file: <&N,
 * 0<&N, /dev/fd/N, /proc/self/fd/N? */
static bool reads_descriptor(const ShellLexed *l, int fd) {
        char want[32], dev[48], proc[48], buf[256];
        snprintf(want, sizeof want, "%d", fd);
        snprintf(dev, sizeof dev, "/dev/fd/%d", fd);
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
        for (size_t i = 0; i < l->n; i++) {
                const ShellToken *t = &l->v[i];
                const char *a = t->kind == SHELL_TOKEN_WORD ? programs_plain(&t->w, buf, sizeof buf) : NULL;
                if (a && (streq(a, dev) || streq(a, proc)) && shell_command(l, i))
                        return true;
                if (t->kind == SHELL_TOKEN_REDIR && streq(t->op, "<&") && (t->fd == -1 || t->fd == 0) &&
                    i + 1 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD) {
                        a = programs_plain(&l->v[i + 1].w, buf, sizeof buf);
                        if ((!a || streq(a, want)) && shell_command(l, i))
                                return true;
                }
        }
        return false;
}

/* Does the line run a shell as a command (sh, bash, in a compound)? */
static bool runs_shell(const ShellLexed *l) {
        char name[256];
        for (size_t e = 0; e < l->n; e++)
                if (l->v[e].kind == SHELL_TOKEN_WORD && compound_command_start(l, e) &&
                    programs_is_shell(programs_name(&l->v[e].w, name, sizeof name)))
                        return true;
        return false;
}

/* Is token i a compound's closer (}, ), done, fi, esac)? */
static bool closes_compound(const ShellLexed *l, size_t i) {
        const ShellToken *t = &l->v[i];
        if (t->kind == SHELL_TOKEN_OP)
                return streq(t->op, ")");
        return t->kind == SHELL_TOKEN_WORD &&
               (compound_word_is(&t->w, "}") || compound_word_is(&t->w, "done") ||
                compound_word_is(&t->w, "fi") || compound_word_is(&t->w, "esac"));
}

void readers_input_scripts(const ShellLexed *l, Judge *j, void (*note)(Judge *j, const char *path)) {
        for (size_t i = 0; i + 1 < l->n; i++) {
                const ShellToken *t = &l->v[i];
                if (t->kind != SHELL_TOKEN_REDIR || !(streq(t->op, "<") || streq(t->op, "<>")) ||
                    l->v[i + 1].kind != SHELL_TOKEN_WORD)
                        continue;
                /* exec 3< F; sh <&3, sh 3< F <&3, bash /dev/fd/3 3< F: F on
                 * descriptor 3, a shell's input or file; { sh; } < F, (sh) <
                 * F: every shell in the compound reads F */
                bool fed = t->fd > 2 && reads_descriptor(l, t->fd);
                if (!fed && (t->fd == -1 || t->fd == 0) && i > 0 && closes_compound(l, i - 1))
                        fed = runs_shell(l);
                _cleanup_free_ char *f = fed ? programs_word_text(&l->v[i + 1].w) : NULL;
                if (f)
                        note(j, f);
        }
        /* xargs -a F env, xargs --arg-file=F nice: F's words are the command */
        for (size_t i = 0; i < l->n; i++) {
                const ShellWord *w[64];
                char name[256];
                if (l->v[i].kind != SHELL_TOKEN_WORD || !compound_command_start(l, i))
                        continue;
                size_t n = command_words(l, i, w, ELEMENTSOF(w));
                _cleanup_free_ char *split = NULL;
                if (programs_wrapped_runs(w, n, &split) != WRAPPED_READ)
                        continue;
                for (size_t a = 0; a + 1 < n; a++) {
                        _cleanup_free_ char *o = programs_word_text(w[a]);
                        const char *value = NULL;
                        if (!o || !streq_ptr(programs_name(w[0], name, sizeof name), "xargs"))
                                continue;
                        if (streq(o, "-a") || (o[0] == '-' && o[1] == '-' &&
                                               programs_long_is(o, "arg-file", &value) && !value)) {
                                _cleanup_free_ char *f = programs_word_text(w[a + 1]);
                                if (f)
                                        note(j, f);
                        } else if (value || (strncmp(o, "-a", 2) == 0 && o[2]))
                                note(j, value ? value : o + 2);
                }
        }
}
