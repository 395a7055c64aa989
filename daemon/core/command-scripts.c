/* SPDX-License-Identifier: MIT */
/*
 * Files the line writes and then runs or reads as commands
 * (command-internal.h): a script a shell runs that a program of the line
 * may write with a text the rule does not see (sort -o F, awk's print >
 * "F", sed's w F), and a config of commands (tmux -f, ssh -F, mim -f) the
 * line writes at all. By the names the words mention: it must not judge
 * a text itself (command-shells.c does, for the writers it knows).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Programs whose words name a file without writing what it holds. */
static const char *const readers[] = {
        "chmod", "chown", "chgrp", "cat", "less", "more", "head", "tail", "ls", "stat", "file", "wc", "test",
        "[", "[[", "echo", "printf", "grep", "egrep", "fgrep", "rg", "diff", "cmp", "md5sum", "sha1sum",
        "sha256sum", "sha512sum", "realpath", "readlink", "dirname", "basename", "which", "type", "git",
        "bat", "nl", "od", "hexdump", "cd", "pushd", "rm", "touch", "shellcheck", "shfmt", "dos2unix",
        "bash", "sh", "dash", "zsh", "ksh", "source", ".", "tmux", "ssh", "scp", "sftp", "ninja", "mim",
        "make", "gmake",
        /* a compiler's output is a program, not a script's text; what curl
         * or wget fetches is no more the line's than in curl URL | bash */
        "cc", "gcc", "g++", "c++", "clang", "clang++", "tcc", "go", "rustc", "cargo", "zig", "ld", "as",
        "nasm", "javac", "swiftc", "ghc", "gfortran", "cmake", "strip", "curl", "wget", NULL};
/* ... and those that copy (their texts are command-shells.c's). */
static const char *const copiers[] = {"tee", "cp", "mv", "ln", "install", "rsync", "dd", NULL};

typedef struct Names {
        char v[8][128];
        size_t n;
} Names;

static const char *last_name(const char *path) {
        const char *b = strrchr(path, '/');
        return b ? b + 1 : path;
}

static void add(Names *s, const char *path) {
        if (path[0] && s->n < ELEMENTSOF(s->v))
                snprintf(s->v[s->n++], sizeof s->v[0], "%s", last_name(path));
}

/* A script run by its path, as written but for a leading ./ (its last
 * name alone matches a longer path: cd x; bash a after > x/a). */
static void add_run(Names *s, const char *path) {
        while (path[0] == '.' && path[1] == '/')
                path += 2;
        if (path[0] && s->n < ELEMENTSOF(s->v))
                snprintf(s->v[s->n++], sizeof s->v[0], "%s", path);
}

/* Does text t mention the file name b, bounded as a path's last name? */
static bool mentions(const char *t, const char *b) {
        size_t len = strlen(b);
        for (const char *p = strstr(t, b); p && len; p = strstr(p + 1, b)) {
                /* -oF: a value glued to a bundle of option letters */
                size_t letters =
                        t[0] == '-'
                                ? 1 + strspn(t + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
                                : 0;
                char before = p == t || p == t + letters ? ' ' : p[-1], after = p[len];
                if (strchr(" \t\n'\"=>:;{(/,", before) && (!after || strchr(" \t\n'\";})|&<>,", after)))
                        return true;
        }
        return false;
}

/* The value of -F in a command string (ssh -F F, ssh -FF) anywhere in t:
 * an ssh config, in rsync -e, GIT_SSH_COMMAND=, core.sshCommand=. */
static void ssh_configs(Names *s, const char *t) {
        if (!strstr(t, "ssh"))
                return;
        for (const char *p = strstr(t, "-F"); p; p = strstr(p + 2, "-F")) {
                if (p != t && !strchr(" \t'\"=", p[-1]))
                        continue;
                const char *v = p + 2 + strspn(p + 2, " \t");
                char f[128];
                size_t len = strcspn(v, " \t'\";|&");
                if (len > 0 && len < sizeof f) {
                        memcpy(f, v, len);
                        f[len] = 0;
                        add(s, f);
                }
        }
}

/* The configs of commands a command reads: tmux -f F or source-file F,
 * ssh/scp/sftp -F F, mim -f F (and its Mimfile), ninja -f F. */
static void note_configs(Names *s, const ShellWord *const *w, size_t n, size_t k) {
        char buf[256], name[256];
        const char *prog = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        bool ssh = streq_ptr(prog, "ssh") || streq_ptr(prog, "scp") || streq_ptr(prog, "sftp");
        bool file = streq_ptr(prog, "tmux") || streq_ptr(prog, "mim") || streq_ptr(prog, "ninja");
        if (streq_ptr(prog, "mim"))
                add(s, "Mimfile");
        if (streq_ptr(prog, "tmux")) /* ~/.tmux.conf, ~/.config/tmux/tmux.conf */
                add(s, ".tmux.conf"), add(s, "tmux.conf");
        bool via_ssh = ssh || streq_ptr(prog, "git") || streq_ptr(prog, "rsync"); /* git's, rsync's ssh */
        if (via_ssh && s->n < ELEMENTSOF(s->v)) /* ~/.ssh/config: by its directory too */
                snprintf(s->v[s->n++], sizeof s->v[0], "%s", ".ssh/config");
        for (size_t a = k + 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (t && !ssh)
                        ssh_configs(s, t);
                const char *o = programs_plain(w[a], buf, sizeof buf);
                if (!o || !(ssh || file))
                        continue;
                char letter = ssh ? 'F' : 'f';
                bool source = streq_ptr(prog, "tmux") && (streq(o, "source-file") || streq(o, "source"));
                if (o[0] == '-' && o[1] == letter && o[2])
                        add(s, o + 2);
                else if (((o[0] == '-' && o[1] == letter && !o[2]) || source) && a + 1 < n) {
                        const char *f = programs_plain(w[++a], buf, sizeof buf);
                        add(s, f ? f : "");
                }
        }
}

size_t scripts_program_at(const ShellWord *const *w, size_t n) {
        size_t k = 0, inner;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        while (k < n && (inner = programs_wrapped(w + k, n - k)) != SIZE_MAX)
                k += inner;
        return k;
}

static bool collect(void *ctx, const ShellWord *const *w, size_t n) {
        Names *s = ctx;
        for (size_t a = 0; a < n; a++) { /* GIT_SSH_COMMAND='ssh -F F' git ... */
                _cleanup_free_ char *t = programs_is_assignment(w[a]) ? programs_word_text(w[a]) : NULL;
                if (t)
                        ssh_configs(s, t);
        }
        note_configs(s, w, n, scripts_program_at(w, n));
        return false;
}

/* --shell=PROG, --rsh=PROG, --exec=PROG: a value naming a program it
 * runs, not a file it writes. */
static bool program_value(const char *t) {
        static const char *const opts[] = {"shell=", "rsh=", "exec=", "program=", "command=", NULL};
        const char *eq = t[0] == '-' ? strchr(t, '=') : NULL;
        for (const char *const *o = opts; eq && *o; o++)
                if ((size_t) (eq + 1 - t) >= strlen(*o) && strncmp(eq + 1 - strlen(*o), *o, strlen(*o)) == 0)
                        return true;
        return false;
}

typedef struct Look {
        const Names *names;
        bool copies; /* a copy counts as a write */
} Look;

/* Does a program that may write a file mention one of the names in a
 * word other than its own name? */
static bool writes_one(void *ctx, const ShellWord *const *w, size_t n) {
        const Look *l = ctx;
        char name[256];
        size_t k = scripts_program_at(w, n);
        const char *prog = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (k >= n || streq_any(prog, readers) || (!l->copies && streq_any(prog, copiers)))
                return false;
        for (size_t a = k + 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                Names own = {.n = 0}; /* rsync -e 'ssh -F F': the word that reads it */
                if (t)
                        ssh_configs(&own, t);
                if (!t || own.n > 0 || program_value(t))
                        continue;
                for (size_t i = 0; i < l->names->n; i++)
                        if (mentions(t, l->names->v[i]))
                                return true;
        }
        return false;
}

/* Is path t the file name b names (a last name, or a path's tail)? */
static bool named(const char *t, const char *b) {
        if (!strchr(b, '/'))
                return streq(last_name(t), b);
        size_t lt = strlen(t), lb = strlen(b);
        return lt >= lb && streq(t + lt - lb, b) && (lt == lb || strchr("/~", t[lt - lb - 1]));
}

/* A redirect of the line to one of the names (> F, >> F, exec 3> F)? */
static bool redirects_to(const ShellLexed *l, const Names *s) {
        static const char *const ops[] = {">", ">>", ">|", "&>", "&>>", "<>", NULL};
        for (size_t i = 0; i + 1 < l->n; i++) {
                if (l->v[i].kind != SHELL_TOKEN_REDIR || !streq_any(l->v[i].op, ops) ||
                    l->v[i + 1].kind != SHELL_TOKEN_WORD)
                        continue;
                _cleanup_free_ char *t = programs_word_text(&l->v[i + 1].w);
                for (size_t k = 0; t && k < s->n; k++)
                        if (named(t, s->v[k]))
                                return true;
        }
        return false;
}

/* The script a command runs by a word of its own: ./F, bash F, source F
 * (a shell's first operand after its options, with no -c). */
static bool runs(void *ctx, const ShellWord *const *w, size_t n) {
        Names *s = ctx;
        char buf[256], name[256];
        size_t k = scripts_program_at(w, n);
        const char *prog = k < n ? programs_plain(w[k], name, sizeof name) : NULL;
        if (prog && strchr(prog, '/')) {
                add_run(s, prog);
                return false;
        }
        bool source = streq_ptr(prog, "source") || streq_ptr(prog, ".");
        size_t c = prog && programs_is_shell(prog) ? programs_shell_c(w + k, n - k, 1) : SIZE_MAX;
        if (c != SIZE_MAX && k + c < n) { /* bash -c 'bash F': the scripts its string runs */
                _cleanup_free_ char *t = programs_word_text(w[k + c]);
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (t && shell_lex(t, strlen(t), &inner) == 0)
                        (void) shells_line_has(&inner, 1, runs, s);
                return false;
        }
        if (!prog || !(source || (programs_is_shell(prog) && c == SIZE_MAX)))
                return false;
        for (size_t a = k + 1; a < n; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf);
                if (!o)
                        return false;
                if (source || o[0] != '-' || streq(o, "-")) {
                        add_run(s, o);
                        return false;
                }
                a += o[1] != '-' && strpbrk(o + 1, "oO") != NULL; /* -o OPTION */
        }
        return false;
}

const char *scripts_unseen(const ShellLexed *l) {
        Names run = {.n = 0}, configs = {.n = 0};
        (void) shells_line_has(l, 0, runs, &run);
        (void) shells_line_has(l, 0, collect, &configs);
        if (configs.n > 0 &&
            (redirects_to(l, &configs) || shells_line_has(l, 0, writes_one, &(Look){&configs, true})))
                return "a config of commands the line writes (tmux -f, ssh -F, mim -f): what runs is "
                       "not in its words";
        if (run.n > 0 && shells_line_has(l, 0, writes_one, &(Look){&run, false}))
                return "a script the line runs, which a program of it may write (sort -o, awk's print >, "
                       "sed's w): its text is not seen";
        return NULL;
}
