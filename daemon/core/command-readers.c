/* SPDX-License-Identifier: MIT */
/*
 * What a pipeline's stage makes of its input (command-internal.h): a shell
 * by another name (a function, alias, hash entry, link, copy or PATH of the
 * line; a program not known), a program that runs commands it reads, or a
 * writer of it to a file. It must not judge the text: command-pipeline.c does.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
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

int readers_worse(int a, int b) {
        static const int rank[] = {
                [0] = 0, [READERS_UNKNOWN] = 1, [READERS_COMMANDS] = 2, [READERS_SHELL] = 3};
        return rank[a] >= rank[b] ? a : b;
}

/* What the command line s does with its input, as a stage would (env -S
 * S, split --filter=S, tee >(S)): the worst of its commands that may read
 * it, each stage of each pipeline of its list (cat | sh, exec 2>&1; sh,
 * tee /dev/null | sh); a shell, a compound or a text not read: READERS_SHELL. */
static int string_reads(const Judge *j, const char *s, int depth) {
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        if (!s || depth >= 4 || shell_lex(s, strlen(s), &l) < 0)
                return READERS_SHELL;
        int worst = 0;
        for (size_t i = 0; i < l.n && worst != READERS_SHELL; i++) {
                const ShellWord *w[64];
                size_t n = 0;
                for (; i < l.n && l.v[i].kind != SHELL_TOKEN_OP && l.v[i].kind != SHELL_TOKEN_NEWLINE &&
                       n < 64;
                     i++)
                        if (l.v[i].kind == SHELL_TOKEN_WORD &&
                            !(i > 0 && l.v[i - 1].kind == SHELL_TOKEN_REDIR))
                                w[n++] = &l.v[i].w;
                if (i < l.n && l.v[i].kind == SHELL_TOKEN_OP &&
                    (streq(l.v[i].op, "(") || streq(l.v[i].op, ")")))
                        return READERS_SHELL; /* ( sh ) */
                if (n == 64 || (n > 0 && programs_keyword(w[0])))
                        return READERS_SHELL; /* { sh; }, if :; then sh; fi */
                char name[256];
                size_t k = scripts_program_at(w, n);
                const char *p = k < n ? programs_name(w[k], name, sizeof name) : NULL;
                if (p && programs_is_shell(p))
                        return READERS_SHELL; /* env -S sh, split --filter=sh, tee >(sh) */
                Stage st = {.w = w, .n = n};
                if (n > 0)
                        worst = readers_worse(worst, stage_reads(j, &st, depth + 1));
        }
        return worst;
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

static const char *const outs[] = {">", ">>", ">|", "&>", "&>>", "<>", NULL};

/* What the process substitution at token sub does with its input. */
static int substitution_text_reads(const Judge *j, const ShellLexed *l, const ShellToken *sub) {
        bool known = l && sub->nested > 0 && sub->nested <= l->n_nested;
        return string_reads(j, known ? l->nested[sub->nested - 1] : NULL, 0);
}

/* Where st starts among l's tokens (l->n when not found). */
static size_t stage_at(const ShellLexed *l, const Stage *st) {
        const char *p = st->n > 0         ? (const char *) st->w[0]
                        : st->n_redir > 0 ? (const char *) st->redir[0]
                                          : (const char *) st->led;
        const char *from = (const char *) l->v, *to = (const char *) (l->v + l->n);
        return p && p >= from && p < to ? (size_t) (p - from) / sizeof *l->v : l->n;
}

/* Is token e the word exec leading a command? */
static bool exec_at(const ShellLexed *l, size_t e) {
        const ShellWord *w = &l->v[e].w; /* its length and first letter first: a scan of every token */
        return l->v[e].kind == SHELL_TOKEN_WORD && w->n == 4 && w->v[0].c == 'e' &&
               programs_word_is(w, "exec") && compound_command_start(l, e);
}

/* Does st write to descriptor fd (>&N, 1>&N; >&$x: any)? */
static bool writes_descriptor(const Stage *st, int fd) {
        char buf[256];
        for (size_t i = 0; i < st->n_redir; i++) {
                const char *a = st->target[i] ? programs_plain(st->target[i], buf, sizeof buf) : NULL;
                if (streq(st->redir[i]->op, ">&") && st->redir[i]->fd <= 1 &&
                    (!a || (strspn(a, "0123456789") == strlen(a) && atoi(a) == fd)))
                        return true;
        }
        return false;
}

/* exec > >(S); T, exec 3> >(S); T >&3: an exec with no command before st
 * gave its output, or a descriptor it writes, to S: what reads it. */
static int exec_substituted(const Judge *j, const ShellLexed *l, const Stage *st) {
        int worst = 0;
        bool exec = l->n_nested > 0 && (!j->text || memmem(j->text, j->text_n, "exec", 4));
        for (size_t e = 0, at = exec ? stage_at(l, st) : 0; e < at; e++) {
                if (!exec_at(l, e))
                        continue;
                for (size_t r = e + 1; r + 1 < at && l->v[r].kind == SHELL_TOKEN_REDIR; r++) {
                        const ShellToken *t = &l->v[r], *sub = &l->v[r + 1];
                        if (sub->kind == SHELL_TOKEN_REDIR && streq(sub->op, ">(") &&
                            streq_any(t->op, outs) && (t->fd <= 1 || writes_descriptor(st, t->fd)))
                                worst = readers_worse(worst, substitution_text_reads(j, l, sub));
                        r += l->v[r + 1].kind == SHELL_TOKEN_WORD;
                }
        }
        return worst;
}

int readers_output_substituted(const Judge *j, const ShellLexed *l, const Stage *st) {
        int worst = l ? exec_substituted(j, l, st) : 0;
        char name[256];
        bool tee = streq_ptr(pipeline_stage_name(st, name, sizeof name), "tee");
        for (size_t i = 0; i < st->n_redir; i++) {
                const ShellToken *t = i > 0 ? st->redir[i - 1] : NULL, *sub = st->redir[i];
                bool fed = t && !st->target[i - 1] && streq_any(t->op, outs);
                if (!streq(sub->op, ">(") || !(fed || tee))
                        continue;
                if (fed)
                        worst = readers_worse(worst, substitution_text_reads(j, l, sub));
                /* T > >(sort > F), tee >(tr -d x > F); sh F: F holds T's
                 * letters, rearranged (by cat > F, exactly: F's script) */
                bool known = l && sub->nested > 0 && sub->nested <= l->n_nested;
                if (written_substitution(j, known ? l->nested[sub->nested - 1] : NULL) == 2)
                        worst = readers_worse(worst, READERS_COMMANDS);
        }
        return worst;
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
        if (!written_may_run(j))
                return false;
        if (streq(p, "patch"))
                return true;
        /* git -C DIR apply, git -c K=V am: its global options before it */
        static const char *const valued[] = {"-C",          "-c",          "--git-dir",    "--work-tree",
                                             "--namespace", "--exec-path", "--config-env", "--super-prefix",
                                             NULL};
        for (size_t a = k + 1; streq(p, "git") && a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                if (!t)
                        return true;
                if (t[0] != '-')
                        return streq_any(t, (const char *const[]){"apply", "am", NULL});
                a += streq_any(t, valued);
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
                        return a + 1 >= st->n || !f || streq(f, "-") || readers_is_stdin(f);
                }
                if (strncmp(t, "--filter", 8) == 0)
                        return false;
                if (t[0] != '-' || !t[1]) /* split /dev/stdin P: its input too */
                        return streq(t, "-") || readers_is_stdin(t);
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

/* The first token an exec with no command before it sends to a file
 * (exec 1<> F, exec > F, exec >> F: every later command's output), or
 * SIZE_MAX; one pass. */
static size_t exec_filed_from(const ShellLexed *l) {
        for (size_t e = 0; e < l->n; e++) {
                if (!exec_at(l, e))
                        continue;
                bool alone = true;
                size_t end = e + 1;
                for (;
                     end < l->n && l->v[end].kind != SHELL_TOKEN_OP && l->v[end].kind != SHELL_TOKEN_NEWLINE;
                     end++)
                        alone = alone && !(l->v[end].kind == SHELL_TOKEN_WORD &&
                                           l->v[end - 1].kind != SHELL_TOKEN_REDIR);
                for (size_t r = e + 1; alone && r < end; r++)
                        if (l->v[r].kind == SHELL_TOKEN_REDIR && output_filed(l, r))
                                return r + 1;
                e = end - 1; /* the next command's */
        }
        return SIZE_MAX;
}

int readers_groups_filed(const ShellLexed *l, bool *ret, size_t *ret_exec) {
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
        *ret_exec = exec_filed_from(l);
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

/* The descriptor the word d (after <&, or after /fd/ in a path) names: its
 * number (N, N- moved), -1 when it is not literal (<&$fd, /proc/self/fd/$n:
 * empty as written: any), -2 none (<&-: closed; not a descriptor). */
#define DESCRIPTOR_ANY (-2)
static long descriptor_of(const char *d) {
        size_t digits = strspn(d, "0123456789");
        if (digits == 0)
                return d[0] != '-' ? -1 : -2;
        if (d[digits] && !(d[digits] == '-' && !d[digits + 1]) && !strchr(" \t\n;&|)'\"", d[digits]))
                return -2;
        return strtol(d, NULL, 10);
}

/* The descriptor a path names (/dev/fd/N, /proc/self/fd/N, /proc/$$/fd/N,
 * /proc/thread-self/fd/N: any /proc/ * /fd/N), as descriptor_of; -2 for
 * another path. */
static long descriptor_path(const char *t) {
        if (strncmp(t, "/dev/fd/", 8) == 0)
                return descriptor_of(t + 8);
        const char *slash = strncmp(t, "/proc/", 6) == 0 ? strchr(t + 6, '/') : NULL;
        return slash && strncmp(slash, "/fd/", 4) == 0 && !strchr(slash + 4, '/') ? descriptor_of(slash + 4)
                                                                                  : -2;
}

/* The descriptors a line's commands read, found in one pass over its
 * tokens: for each, bit 1 some command reads it, bit 2 a shell does (as
 * its input or file); those past READ_FDS, and those known only when it
 * runs, each in one place. */
#define READ_FDS 1024
typedef struct FdsRead {
        unsigned char fd[READ_FDS], big, any, past2;
} FdsRead;

static void fds_mark(FdsRead *r, long v, unsigned bits) {
        if (v == -1)
                r->any |= bits;
        else if (v >= 0) {
                r->past2 |= v > 2 ? bits : 0;
                if (v < READ_FDS)
                        r->fd[v] |= bits;
                else
                        r->big |= bits;
        }
}

/* Is fd (or any past 2, DESCRIPTOR_ANY) read: by a shell, or anyone? */
static bool fds_reads(const FdsRead *r, int fd, bool anyone) {
        unsigned bit = anyone ? 1 : 2;
        if (r->any & bit)
                return true;
        if (fd == DESCRIPTOR_ANY)
                return r->past2 & bit;
        return fd >= 0 && ((fd < READ_FDS ? r->fd[fd] : r->big) & bit);
}

/* A text the line reads again (bash -c 'sh <&5', eval "...", a
 * substitution's) reads each descriptor <&N or .../fd/N anywhere in it. */
static void text_reads_descriptors(FdsRead *r, const char *s) {
        for (const char *at = s; (at = strstr(at, "<&")) != NULL; at += 2) {
                const char *d = at + 2 + strspn(at + 2, " \t");
                fds_mark(r, *d ? descriptor_of(d) : -1, 3); /* "sh <&$fd": its $fd dropped */
        }
        for (const char *at = s; (at = strstr(at, "/fd/")) != NULL; at += 4)
                fds_mark(r, descriptor_of(at + 4), 3);
}

/* The bits of a read by the command at token i: anyone's, and a shell's
 * when it is one; none for a descriptor no question asks about (0-2). */
static unsigned read_by(const ShellLexed *l, size_t i, long v) {
        return v == -1 || v > 2 ? 1u | (shell_command(l, i) ? 2u : 0u) : 0u;
}

/* Which descriptors a shell of the line (any command, bit 1) reads as its
 * input or file: <&N, 0<&N, <&N-, /dev/fd/N, /proc/ * /fd/N; or a string
 * it reads again. */
static void reads_descriptors(const ShellLexed *l, FdsRead *r) {
        char buf[256];
        for (size_t i = 0; i < l->n; i++) {
                const ShellToken *t = &l->v[i];
                _cleanup_free_ char *text = NULL; /* programs_plain's, or as written when not plain */
                const char *a = t->kind != SHELL_TOKEN_WORD ? NULL
                                : programs_plain(&t->w, buf, sizeof buf)
                                        ?: (text = programs_word_text(&t->w));
                long p = a ? descriptor_path(a) : -2;
                fds_mark(r, p, read_by(l, i, p));
                if (a && p != -1 && p <= 2)
                        text_reads_descriptors(r, a); /* bash -c 'sh <&5': a string read again */
                if (t->kind == SHELL_TOKEN_REDIR && streq(t->op, "<&") && (t->fd == -1 || t->fd == 0) &&
                    i + 1 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD) {
                        char dbuf[256];
                        const char *d = programs_plain(&l->v[i + 1].w, dbuf, sizeof dbuf);
                        long v = d ? descriptor_of(d) : -1;
                        fds_mark(r, v, read_by(l, i, v));
                }
        }
        for (size_t i = 0; i < l->n_nested; i++)
                text_reads_descriptors(r, l->nested[i]);
}

/* Does the line run a shell as a command (sh, bash, in a compound, after
 * exec, command, builtin, eval or a wrapper: (exec sh), { command sh; }),
 * or xargs a wrapper with no command of its own ({ xargs env; })? */
static bool runs_shell(const ShellLexed *l) {
        char name[256];
        for (size_t e = 0; e < l->n; e++) {
                if (l->v[e].kind != SHELL_TOKEN_WORD || !compound_command_start(l, e))
                        continue;
                const ShellWord *w[64];
                size_t n = 0;
                for (size_t i = e; i < l->n && l->v[i].kind != SHELL_TOKEN_OP &&
                                   l->v[i].kind != SHELL_TOKEN_NEWLINE && n < ELEMENTSOF(w);
                     i++)
                        if (l->v[i].kind == SHELL_TOKEN_WORD &&
                            !(i > e && l->v[i - 1].kind == SHELL_TOKEN_REDIR))
                                w[n++] = &l->v[i].w;
                size_t k = scripts_program_at(w, n);
                while (k + 1 < n && streq_ptr(programs_name(w[k], name, sizeof name), "eval"))
                        k++; /* eval sh */
                _cleanup_free_ char *split = NULL;
                if ((k < n && programs_is_shell(programs_name(w[k], name, sizeof name))) ||
                    programs_wrapped_runs(w, n, &split) != 0)
                        return true; /* ... or xargs env, env -S S: the words read a command */
        }
        return false;
}

/* Is the redirect at i a {NAME}< one (exec {fd}< F: a descriptor bash
 * picks, any past 2)? */
static bool named_descriptor(const ShellLexed *l, size_t i) {
        _cleanup_free_ char *a =
                i > 0 && l->v[i - 1].kind == SHELL_TOKEN_WORD ? programs_word_text(&l->v[i - 1].w) : NULL;
        size_t n = a ? strlen(a) : 0;
        if (n < 3 || a[0] != '{' || a[n - 1] != '}')
                return false;
        for (size_t c = 1; c + 1 < n; c++)
                if (!shell_is_ident(a[c]))
                        return false;
        return true;
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

/* The value of the option at w[a]: glued (its text), or the next word. */
static void note_value(Judge *j, void (*note)(Judge *j, const char *path), const char *glued,
                       const ShellWord *const *w, size_t a, size_t n) {
        _cleanup_free_ char *next = !glued && a + 1 < n ? programs_word_text(w[a + 1]) : NULL;
        note(j, glued ? glued : next ? next : ""); /* none: any file */
}

/* The files xargs at w (its command from the token at i) reads its
 * words from: -a F, -aF, -r0a F (clustered after letters with no value),
 * --arg-file=F, and its input's < F; each given to note. */
static void xargs_files(const ShellLexed *l, size_t i, const ShellWord *const *w, size_t n, Judge *j,
                        void (*note)(Judge *j, const char *path)) {
        for (size_t a = 1; a < n; a++) {
                _cleanup_free_ char *o = programs_word_text(w[a]);
                const char *value = NULL;
                if (!o || o[0] != '-' || streq(o, "--"))
                        break;
                if (o[1] == '-' && programs_long_is(o, "arg-file", &value)) {
                        note_value(j, note, value, w, a, n);
                        a += !value;
                }
                /* -e, -i, -l: a value glued only; -a, -d, -n, ...: glued or the next word */
                for (const char *c = o + 1; o[1] != '-' && *c && !strchr("eil", *c); c++) {
                        if (!strchr("aEdILnPs", *c))
                                continue;
                        if (*c == 'a')
                                note_value(j, note, c[1] ? c + 1 : NULL, w, a, n);
                        a += !c[1];
                        break;
                }
        }
        for (size_t e = i;
             e + 1 < l->n && l->v[e].kind != SHELL_TOKEN_OP && l->v[e].kind != SHELL_TOKEN_NEWLINE; e++) {
                const ShellToken *t = &l->v[e];
                if (t->kind != SHELL_TOKEN_REDIR || !(t->fd == -1 || t->fd == 0) ||
                    !(streq(t->op, "<") || streq(t->op, "<>")) || l->v[e + 1].kind != SHELL_TOKEN_WORD)
                        continue;
                _cleanup_free_ char *f = programs_word_text(&l->v[e + 1].w);
                note(j, f ? f : "");
        }
}

void readers_input_scripts(const ShellLexed *l, Judge *j, void (*note)(Judge *j, const char *path)) {
        int shell = -1;                   /* runs_shell(l), when asked */
        _cleanup_free_ FdsRead *r = NULL; /* the descriptors read, when asked: one pass */
        for (size_t i = 0; i + 1 < l->n; i++) {
                const ShellToken *t = &l->v[i];
                if (t->kind != SHELL_TOKEN_REDIR || !(streq(t->op, "<") || streq(t->op, "<>")) ||
                    l->v[i + 1].kind != SHELL_TOKEN_WORD)
                        continue;
                /* exec 3< F; sh <&3, sh 3< F <&3, bash /dev/fd/3 3< F: F on
                 * descriptor 3, a shell's input or file; { sh; } < F, (sh) <
                 * F: every shell in the compound reads F */
                int fd = t->fd > 2 ? t->fd : named_descriptor(l, i) ? DESCRIPTOR_ANY : -1;
                /* ... or any command reading it, a shell in the line (exec 3< F;
                 * cat <&3 | sh) */
                if (fd != -1 && !r) {
                        r = calloc(1, sizeof *r);
                        if (!r) { /* none known: every one read */
                                note(j, "");
                                return;
                        }
                        reads_descriptors(l, r);
                }
                bool fed = fd != -1 && fds_reads(r, fd, false);
                if (!fed &&
                    (fd != -1 || ((t->fd == -1 || t->fd == 0) && i > 0 && closes_compound(l, i - 1))))
                        fed = (shell = shell == -1 ? runs_shell(l) : shell) &&
                              (fd == -1 || fds_reads(r, fd, true));
                _cleanup_free_ char *f = fed ? programs_word_text(&l->v[i + 1].w) : NULL;
                if (f)
                        note(j, f);
        }
        /* xargs -a F env, xargs --arg-file=F nice, xargs -r0a F env, xargs
         * env < F: F's words are the command */
        for (size_t i = 0; i < l->n; i++) {
                const ShellWord *w[64];
                char name[256];
                if (l->v[i].kind != SHELL_TOKEN_WORD || !compound_command_start(l, i))
                        continue;
                size_t n = command_words(l, i, w, ELEMENTSOF(w));
                _cleanup_free_ char *split = NULL;
                if (n == 0 || !streq_ptr(programs_name(w[0], name, sizeof name), "xargs") ||
                    programs_wrapped_runs(w, n, &split) != WRAPPED_READ)
                        continue;
                xargs_files(l, i, w, n, j, note);
        }
}
