/* SPDX-License-Identifier: MIT */
/*
 * What a pipeline's stage makes of its input (command-internal.h): a shell
 * by another name (a function, alias, hash entry, link, copy or PATH of the
 * line; a program not known), a program that runs commands it reads, or a
 * writer of it to a file. It must not judge the text: command-pipeline.c does.
 */
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

int readers_stage(const Judge *j, const Stage *st) {
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        /* T | { sh; }, T | ( sh ), T | if :; then sh; fi: a compound's
         * commands read the input, not modelled: a shell assumed */
        if (st->keyword_led || st->n == 0)
                return READERS_SHELL;
        if (k >= st->n) /* parallel with no command: each line it reads is one */
                return streq_ptr(programs_name(st->w[0], name, sizeof name), "parallel") ? READERS_SHELL : 0;
        const char *p = programs_name(st->w[k], name, sizeof name);
        _cleanup_free_ char *written = programs_word_text(st->w[k]);
        if (!p || !written || st->w[k]->expansion || st->w[k]->substitution)
                return READERS_SHELL; /* $x, "$SHELL": known only when it runs */
        if (readers_redefined(j, p, written))
                return READERS_SHELL;
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
        static const char *const interpreters[] = {"awk",     "gawk", "mawk", "nawk", "perl", "python",
                                                   "python3", "ruby", "node", "php",  "lua",  NULL};
        static const char *const runs[] = {"system", "exec", "popen", "spawn", "subprocess", "`",
                                           "qx",     "|",    "eval",  "pty",   NULL};
        if (streq_any(p, interpreters) && words_hold(st, k, runs))
                return READERS_COMMANDS;
        return streq_any(p, data_readers) || programs_is_shell(p) || programs_is_wrapper(p)
                       ? 0
                       : READERS_UNKNOWN;
}

bool readers_writes_input(const Stage *st) {
        static const char *const stdins[] = {"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", NULL};
        char name[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = pipeline_stage_name(st, name, sizeof name);
        if (!p)
                return false;
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
                if (copier && streq_any(t, stdins))
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
                return false; /* 2> F: the error output */
        if (streq_any(t->op, (const char *const[]){">", ">>", ">|", "&>", "&>>", NULL}))
                return !a || strncmp(a, "/dev/", 5) != 0;
        return streq(t->op, ">&") && (!a || (!streq(a, "1") && !streq(a, "2") && !streq(a, "-")));
}

bool readers_group_filed(const ShellLexed *l, size_t i) {
        size_t depth = 0;
        for (size_t e = i; e < l->n; e++) {
                const ShellToken *t = &l->v[e];
                bool word = t->kind == SHELL_TOKEN_WORD && compound_command_start(l, e),
                     op = t->kind == SHELL_TOKEN_OP;
                if ((op && streq(t->op, "(")) || (word && compound_word_is(&t->w, "{")))
                        depth++;
                else if ((op && streq(t->op, ")")) || (word && compound_word_is(&t->w, "}"))) {
                        if (depth > 0) {
                                depth--;
                                continue;
                        }
                        /* } > F, ) >> F: the group holding the pipeline writes a file */
                        for (size_t r = e + 1; r < l->n && l->v[r].kind == SHELL_TOKEN_REDIR; r++) {
                                if (output_filed(l, r))
                                        return true;
                                r += r + 1 < l->n && l->v[r + 1].kind == SHELL_TOKEN_WORD;
                        }
                }
        }
        return false;
}
