/* SPDX-License-Identifier: MIT */
/*
 * Files the line writes that another program of it may run as its program
 * (command-internal.h): an interpreter or a tool given the file by a name,
 * an option, a variable, its input or a name it finds by convention
 * (python3 p.py, cat F | perl, awk -fF, PYTHONSTARTUP=F, sitecustomize.py,
 * CMakeLists.txt), and the scripts a diff creates (patch, git apply). It
 * must not decide how a shell reads a text: command-shells.c does.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Programs that run a file, or their input, as a program of theirs. */
static const char *const runners[] = {
        "python",    "python2",   "python3",   "pypy",    "pypy3",   "ipython", "ipython3",   "perl",
        "node",      "nodejs",    "deno",      "bun",     "ts-node", "tsx",     "ruby",       "irb",
        "php",       "lua",       "luajit",    "Rscript", "R",       "julia",   "tclsh",      "wish",
        "expect",    "awk",       "gawk",      "mawk",    "nawk",    "busybox", "sqlite3",    "ed",
        "red",       "m4",        "cmake",     "ctest",   "make",    "gmake",   "meson",      "npx",
        "npm",       "yarn",      "pnpm",      "pytest",  "pip",     "pip3",    "tox",        "nox",
        "uv",        "poetry",    "pipenv",    "hatch",   "rake",    "bundle",  "gradle",     "mvn",
        "cargo",     "rustc",     "go",        "java",    "jshell",  "groovy",  "scala",      "kotlin",
        "swift",     "dotnet",    "guile",     "racket",  "sbcl",    "runghc",  "runhaskell", "escript",
        "elixir",    "cc",        "gcc",       "g++",     "c++",     "clang",   "clang++",    "tcc",
        "vim",       "vi",        "ex",        "view",    "nvim",    "gvim",    "gdb",        "lldb",
        "osascript", "pwsh",      "sftp",      "dc",      "gnuplot", "psql",    "mysql",      "octave",
        "jupyter",   "papermill", "uvx",       "pipx",    "bunx",    "nodemon", "streamlit",  "uvicorn",
        "gunicorn",  "flask",     "celery",    "hy",      "prove",   "jest",    "mocha",      "vitest",
        "ava",       "tap",       "nosetests", "nose2",   "rspec",   "phpunit", NULL};

/* Names a runner finds by itself: python's site hooks and project files,
 * cmake's, meson's, npm's, rake's, cargo's, gradle's; the init files of
 * gdb, sqlite3, vim, irb; a login shell's logout script. */
static const char *const conventions[] = {
        "sitecustomize.py", "usercustomize.py", "__main__.py",    "__init__.py",      "conftest.py",
        "setup.py",         "noxfile.py",       "tox.ini",        "setup.cfg",        "pyproject.toml",
        ".pythonrc",        ".pythonrc.py",     "CMakeLists.txt", "meson.build",      "package.json",
        ".npmrc",           "index.js",         "index.mjs",      "Rakefile",         "Gemfile",
        ".irbrc",           "build.rs",         "build.gradle",   "build.gradle.kts", "settings.gradle",
        "pom.xml",          "Makefile.PL",      ".gdbinit",       "gdbinit",          ".lldbinit",
        ".sqliterc",        ".vimrc",           ".exrc",          ".bash_logout",     NULL};
/* Programs that only print what they are fed, or run it (a heredoc fed to
 * anything else may be written to a file its words name: sort -o F). */
static const char *const feeds[] = {"echo", "printf", "cat", "git", NULL};
/* Programs that write their operands (tee F, cp A F), not run them. */
static const char *const copiers[] = {"tee", "cp", "mv", "install", "dd", "ln", "rsync", NULL};

typedef struct Written {
        char names[8][128]; /* the files the line writes, by last name */
        size_t n;
        bool any;     /* a diff creates files the words do not name */
        bool runner;  /* a program that runs a file as its program */
        bool shell_c; /* a shell whose -c string is a substitution's ("$(cat F)") */
        bool login;   /* a login shell (bash -l: ~/.bash_logout) */
        bool named;   /* a word other than a write names one of them */
        bool unknown; /* a file written by a name known only when the line runs (> $f) */
        bool group;   /* a compound command's redirect writes one ({ echo S; } > F) */
        bool tests;   /* a test a runner finds by its name (test_x.py, t/a.t) */
        unsigned fed; /* > >(cat > F), tee >(sort > F): names written in an output process
                       * substitution, a bit each */
        bool fed_any; /* ... by a name known only when it runs (> >(cat > $f)) */
        bool in;      /* looking into one */
} Written;

static const char *last_name(const char *path) {
        const char *b = strrchr(path, '/');
        return b ? b + 1 : path;
}

static bool ends_with(const char *s, const char *end) {
        size_t ls = strlen(s), le = strlen(end);
        return ls >= le && streq(s + ls - le, end);
}

/* Is the path a test file a runner finds by its name or its folder:
 * unittest's and pytest's test*.py, *_test.py; node --test's, jest's,
 * mocha's *.test.js, *.spec.ts, test/a.js; prove's t/a.t; go test's
 * *_test.go; rspec's spec/a_spec.rb; cargo test's tests/a.rs? */
static bool test_file(const char *path) {
        static const char *const folders[] = {"test", "tests", "t", "spec", "specs", "__tests__", NULL};
        static const char *const ends[] = {"_test.py", "_test.go", "_spec.rb", ".t",
                                           "_test.rb", "Test.php", NULL};
        static const char *const code[] = {"py", "js", "mjs", "cjs", "ts",  "mts", "cts", "jsx", "tsx",
                                           "rs", "t",  "go",  "rb",  "php", "pl",  "pm",  NULL};
        const char *b = last_name(path), *dot = strrchr(b, '.');
        if (!dot || !streq_any(dot + 1, code)) /* tests/notes.txt: data */
                return false;
        bool found = strncmp(b, "test", 4) == 0 || strstr(b, ".test.") || strstr(b, ".spec.") ||
                     strstr(b, "-test.") || strstr(b, "_test.");
        for (const char *const *e = ends; *e && !found; e++)
                found = ends_with(b, *e);
        char dir[256];
        snprintf(dir, sizeof dir, "%s", path);
        for (char *save = NULL, *c = strtok_r(dir, "/", &save); c && !found; c = strtok_r(NULL, "/", &save))
                found = c + strlen(c) < dir + strlen(path) &&
                        streq_any(c, folders); /* a folder, not the file */
        return found;
}

static void add(Written *s, const char *path) {
        if (!path[0] || strncmp(path, "/dev/", 5) == 0)
                return;
        s->tests = s->tests || test_file(path);
        s->fed |= s->in && s->n < ELEMENTSOF(s->names) ? 1u << s->n : 0;
        if (s->n < ELEMENTSOF(s->names))
                snprintf(s->names[s->n++], sizeof s->names[0], "%s", last_name(path));
}

static bool is_ident(char c) {
        return isalnum((unsigned char) c) || c == '_';
}

/* Does text t name b: bounded as a path's last name, or as a module (p
 * for p.py, P for P.pm: python3 -m p, perl -MP, include m)? A value glued
 * to a bundle of option letters counts (-fF, -MP). */
static bool mentions(const char *t, const char *b) {
        char stem[128];
        snprintf(stem, sizeof stem, "%s", b);
        char *dot = strrchr(stem, '.');
        if (dot && dot != stem)
                *dot = 0;
        size_t letters =
                t[0] == '-' ? 1 + strspn(t + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") : 0;
        for (int pass = 0; pass < 2; pass++) {
                const char *x = pass ? stem : b;
                size_t len = strlen(x);
                for (const char *p = strstr(t, x); p && len; p = strstr(p + 1, x)) {
                        bool glued = p > t && p <= t + letters;
                        bool module =
                                p >= t + 2 && p[-2] == '-' && (p[-1] == 'M' || p[-1] == 'm'); /* =-MP */
                        bool before = p == t || glued || module ||
                                      !(is_ident(p[-1]) || p[-1] == '.' || p[-1] == '-');
                        bool after = !p[len] ||
                                     !(is_ident(p[len]) || p[len] == '-' || (pass == 0 && p[len] == '.'));
                        if (before && after)
                                return true;
                }
        }
        return false;
}

/* A simple command's words: the files it writes (tee F, cp A F, dd
 * of=F, patch, git apply), what kind of runner it is, and whether a word
 * of it names a file written. */
static void look(Written *s, const ShellLexed *l, int depth, bool names);

/* sed -i S F: F written, as written() notes it */
static bool edit_writes(const void *ctx, const char *path) {
        add((Written *) ctx, path);
        return false;
}

/* A program that runs a file as its program only with an option: sed's
 * -f F (its e command and s///e run a shell), groff's, troff's and pic's
 * -U (unsafe: .sy, .pso, pic's sh); bats runs its operands as bash (31z). */
static bool script_runner(const char *prog, const ShellWord *const *w, size_t n) {
        char buf[256];
        bool sed = streq(prog, "sed") || streq(prog, "gsed"), bats = streq(prog, "bats"),
             roff = streq_any(prog, (const char *const[]){"groff", "troff", "nroff", "pic", "gpic", "eqn",
                                                          "tbl", "grog", "soelim", NULL});
        if (bats)
                return true;
        for (size_t a = 1; (sed || roff) && a < n; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf);
                if (!o) /* an option known only when it runs */
                        return true;
                if (o[0] != '-' || o[1] == 0)
                        continue;
                if (streq(o, "--"))
                        break;
                if (o[1] == '-') {
                        if (sed && programs_long_is(o, "file", NULL))
                                return true;
                        continue;
                }
                if (strchr(o + 1, sed ? 'f' : 'U'))
                        return true;
        }
        return false;
}

static bool look_command(Written *s, const ShellWord *const *w, size_t n, bool fed, bool names, bool *named,
                         int depth) {
        char buf[256], name[256], sub[256];
        size_t k = scripts_program_at(w, n);
        const char *prog = k < n ? programs_name(w[k], name, sizeof name) : NULL;
        if (!prog)
                return false;
        _cleanup_free_ char *again = NULL; /* bash -c 'python3 F', eval S: its commands too */
        size_t rest;
        _cleanup_(shell_lexed_done) ShellLexed inner = {0};
        if (depth < 4 && programs_reread_string(w + k, n - k, &again, &rest) > 0 &&
            shell_lex(again, strlen(again), &inner) == 0)
                look(s, &inner, depth + 1, names);
        const char *second = k + 1 < n ? programs_plain(w[k + 1], sub, sizeof sub) : NULL;
        bool copier = streq_any(prog, copiers), git = streq(prog, "git");
        s->any = s->any || streq(prog, "patch") || (git && streq_ptr(second, "apply"));
        bool runner = false; /* python3 F, find -exec python3 {} ;, xargs perl */
        for (size_t a = k; a < n && !runner; a++) {
                const char *r = programs_name(w[a], buf, sizeof buf);
                runner = r && (streq_any(r, runners) || strncmp(r, "python3.", 8) == 0);
        }
        runner = runner || script_runner(prog, w + k, n - k);
        s->runner = s->runner || runner;
        /* sed -i S F, perl -pi -e S F: a write of F's new text (a computed
         * name: any file) */
        if (!names && edited_in_place(w, n, edit_writes, s))
                s->unknown = true;
        bool shell = programs_is_shell(prog);
        /* sort -o F <<< S, sponge F <<< S: a text fed to a program that
         * may write it to a file its words name */
        bool fed_only = !copier && fed && !runner && !shell && !streq_any(prog, feeds);
        copier = copier || fed_only;
        size_t c = shell ? programs_shell_c(w + k, n - k, 1) : SIZE_MAX;
        s->shell_c = s->shell_c || (c != SIZE_MAX && k + c < n && w[k + c]->substitution);
        for (size_t a = k + 1; streq(prog, "eval") && a < n; a++) /* eval "$(cat F)": a shell reads F */
                s->shell_c = s->shell_c || w[a]->substitution;
        for (size_t a = k + 1; shell && a < n; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf);
                if (!o || o[0] != '-')
                        break;
                s->login = s->login || streq(o, "--login") || (o[1] != '-' && strchr(o + 1, 'l'));
        }
        bool out = false; /* cp F /dev/stdout, install F /dev/fd/1: F read into the output */
        for (size_t a = k + 1; copier && a < n && !out; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]); /* a glob's too */
                out = t && handed_to_output(t);
        }
        for (size_t a = 0; a < n; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf);
                for (size_t i = 0; out && names && a > k && o && i < s->n && !*named; i++)
                        *named = mentions(o, s->names[i]);
                if (copier && a > k && o && (o[0] != '-' || (o[1] != '-' && o[1] && o[2]))) {
                        if (!names) /* dd of=F; cp A F; sort -oF */
                                add(s, strncmp(o, "of=", 3) == 0 ? o + 3 : o[0] == '-' ? o + 2 : o);
                        for (size_t i = 0; names && strncmp(o, "if=", 3) == 0 && i < s->n && !*named; i++)
                                *named = mentions(o + 3, s->names[i]); /* "$(dd if=F)" reads F */
                        if (!names || !fed_only) /* "$(sed 'R F' <<< x)": a fed program's words may read F */
                                continue;
                }
                if (!names || git || (copier && !fed_only) || a == k)
                        continue;
                /* python3 "$f", python3 p.p?: any file, one written among
                 * them; python3 -c, perl -e: a program that may open any */
                bool inline_ = runner && o && o[0] == '-' &&
                               ((o[1] != '-' && strchr("ceE", o[strlen(o) - 1])) ||
                                programs_long_is(o, "eval", NULL) || programs_long_is(o, "command", NULL));
                if (!o || inline_) {
                        *named = true;
                        continue;
                }
                _cleanup_free_ char *t = programs_word_text(w[a]);
                for (size_t i = 0; t && i < s->n && !*named; i++)
                        *named = mentions(t, s->names[i]);
        }
        return runner;
}

/* Does the word end a compound command (}, done, fi, esac)? */
static bool closes(const ShellWord *w) {
        char b[8];
        if (!programs_keyword(w) || w->n >= sizeof b)
                return false;
        for (size_t i = 0; i < w->n; i++)
                b[i] = (char) w->v[i].c;
        b[w->n] = 0;
        return streq_any(b, (const char *const[]){"}", "done", "fi", "esac", NULL});
}

/* Each command of l (and of the texts it nests): with names, whether a
 * pipeline with a runner in it names a file written in a word (or an
 * input redirect): python3 F, cat F | perl, ed < F; in a substitution,
 * any command ("$(cat F)"). */
static void look(Written *s, const ShellLexed *l, int depth, bool names) {
        static const char *const outs[] = {">", ">>", ">|", "&>", "&>>", NULL};
        const ShellWord *w[64];
        size_t m = 0;
        char buf[256];
        bool named = false, pipe_named = false, pipe_runner = false, closed = false, fed = false;
        for (size_t i = 0; i <= l->n; i++) {
                const ShellToken *t = i < l->n ? &l->v[i] : NULL;
                if (t && t->kind == SHELL_TOKEN_WORD) {
                        closed = m == 0 && closes(&t->w);
                        if (m == 0 && programs_keyword(&t->w))
                                continue;
                        if (m < ELEMENTSOF(w))
                                w[m++] = &t->w;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR && i + 1 < l->n &&
                    l->v[i + 1].kind == SHELL_TOKEN_WORD && !streq(t->op, "<(") && !streq(t->op, ">(")) {
                        const ShellWord *to = &l->v[++i].w;
                        const char *a = programs_plain(to, buf, sizeof buf);
                        fed = fed || streq_any(t->op, (const char *const[]){"<<", "<<-", "<<<", NULL});
                        if (streq_any(t->op, outs) || streq(t->op, "<>")) {
                                if (!names && a)
                                        add(s, a);
                                s->unknown = s->unknown || !a;
                                s->fed_any = s->fed_any || (s->in && !a);
                                s->group = s->group ||
                                           (closed && m == 0 && (!a || strncmp(a, "/dev/", 5) != 0));
                        } else if (names && a)
                                for (size_t k = 0; k < s->n && !named; k++)
                                        named = mentions(a, s->names[k]); /* python3 < F */
                        continue;
                }
                closed = t && t->kind == SHELL_TOKEN_OP && streq(t->op, ")");
                if (m > 0)
                        pipe_runner = look_command(s, w, m, fed, names, &named, depth) || pipe_runner;
                pipe_named = pipe_named || named;
                named = fed = false;
                m = 0;
                if (t && t->kind == SHELL_TOKEN_OP && (streq(t->op, "|") || streq(t->op, "|&")))
                        continue;
                s->named = s->named || (pipe_named && (pipe_runner || depth > 0));
                pipe_named = pipe_runner = false;
        }
        for (size_t i = 0; depth < 4 && i < l->n_nested; i++) {
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                bool was = s->in; /* T > >(S), tee >(S), exec 3> >(S): S is fed T */
                for (size_t t = 0; t < l->n && !s->in; t++)
                        s->in = l->v[t].kind == SHELL_TOKEN_REDIR && streq(l->v[t].op, ">(") &&
                                l->v[t].nested == i + 1;
                if (shell_lex(l->nested[i], strlen(l->nested[i]), &inner) == 0)
                        look(s, &inner, depth + 1, names);
                s->in = was;
        }
}

/* Does the command run in this shell a text a quoted heredoc's body may
 * be (eval "$(cat <<'E' ...)", . /dev/stdin <<'E', trap, alias), or take
 * a name from a word that is no plain text (declare "$x", printf -v "$x",
 * read "$x", [ -v "$x" ]: a[$n=1] assigns to the name n holds), or is
 * its program known only when it runs? */
static bool runs_here(void *ctx, const ShellWord *const *w, size_t n) {
        static const char *const code[] = {"eval",      "trap", "source",   ".",       "exec",    "alias",
                                           "fc",        "bind", "complete", "compgen", "compopt", "mapfile",
                                           "readarray", "let",  "coproc",   "enable",  NULL};
        static const char *const names[] = {"declare", "typeset", "local", "export", "readonly", "printf",
                                            "read",    "unset",   "test",  "[",      "wait",     "getopts",
                                            "shift",   "return",  "exit",  "ulimit", "kill",     "builtin",
                                            "command", "shopt",   "set",   "hash",   NULL};
        char name[256], buf[256];
        size_t k = scripts_program_at(w, n);
        (void) ctx;
        for (size_t i = 0; i <= k && i < n; i++) { /* command eval, builtin declare: the wrapped too */
                if (programs_is_assignment(w[i]))
                        continue;
                const char *p = programs_name(w[i], name, sizeof name);
                if (!p || streq_any(p, code))
                        return true;
                for (size_t a = i + 1; streq_any(p, names) && a < n; a++) {
                        /* "$(cat <<'E' ...)" is plain: the literal it prints */
                        const char *o = programs_plain(w[a], buf, sizeof buf);
                        if (!o || w[a]->substitution || w[a]->expansion || strchr(o, '['))
                                return true;
                }
        }
        return false;
}

bool written_data_runs(const ShellLexed *l) {
        return shells_line_has(l, 0, runs_here, NULL);
}

/* Is a file an output process substitution writes (echo T > >(cat > F))
 * one the line runs (sh F, . F, make, BASH_ENV=F), or one named only when
 * it runs (> $f) while the line runs one: the text the stage hands it is
 * F's, a script's? */
static bool fed_script(const Written *s, const Judge *j) {
        for (size_t i = 0; i < s->n; i++)
                for (size_t k = 0; (s->fed & (1u << i)) && k < j->n_scripts; k++)
                        if (streq(s->names[i], last_name(j->scripts[k])))
                                return true;
        return (s->fed && j->scripts_many) || (s->fed_any && (j->n_scripts > 0 || j->scripts_many));
}

int written_line_runs(const ShellLexed *l, const Judge *j) {
        Written s = {.n = 0};
        look(&s, l, 0, false);
        if (s.n == 0 && !s.any && !s.unknown)
                return WRITTEN_NONE;
        look(&s, l, 0, true);
        bool convention = false, json = false;
        for (size_t i = 0; i < s.n; i++) {
                size_t len = strlen(s.names[i]);
                convention = convention || streq_any(s.names[i], conventions) ||
                             (len > 4 && streq(s.names[i] + len - 4, ".pth"));
                json = json || streq(s.names[i], "package.json");
        }
        convention = convention || s.tests;
        bool runs = s.runner || s.shell_c || s.login;
        int also = (s.group ? WRITTEN_GROUP : 0) | (fed_script(&s, j) ? WRITTEN_FED : 0);
        if (runs && (s.named || s.unknown || convention))
                /* sh -c "$(cat F)", bash -l, npm's scripts: a shell reads it */
                return (s.shell_c || s.login || json ? WRITTEN_SCRIPT : WRITTEN_PROGRAM) | also;
        if (s.any && (runs || j->n_scripts > 0 || j->scripts_many))
                return WRITTEN_PROGRAM | also; /* patch; bash s */
        /* printf '#!/usr/bin/python3\n...' > F; F */
        return s.n > 0 && (j->n_scripts > 0 || j->scripts_many) ? WRITTEN_SHEBANG | also
                                                                : also & WRITTEN_FED; /* > >(cat > $f) */
}

bool written_may_run(const Judge *j) {
        return j->written_run || j->scripts_written || j->n_scripts > 0 || j->scripts_many;
}

int written_substitution(const Judge *j, const char *text) {
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        Written s = {.in = true};
        bool runs = j->n_scripts > 0 || j->scripts_many;
        if (!runs)
                return 0;
        if (!text || shell_lex(text, strlen(text), &l) < 0)
                return 2; /* not known: any file, by the letters */
        look(&s, &l, 1, false);
        if (!fed_script(&s, j))
                return 0;
        /* cat > F, cat - >> F, tee F, tee -a F: the text as it came */
        const ShellWord *w[16];
        size_t n = 0;
        char buf[256], name[256];
        for (size_t i = 0; i < l.n; i++) {
                if (l.v[i].kind == SHELL_TOKEN_OP || l.v[i].kind == SHELL_TOKEN_NEWLINE ||
                    n == ELEMENTSOF(w) ||
                    (l.v[i].kind == SHELL_TOKEN_REDIR &&
                     !streq_any(l.v[i].op, (const char *const[]){">", ">>", ">|", NULL})))
                        return 2;
                if (l.v[i].kind == SHELL_TOKEN_WORD && !(i > 0 && l.v[i - 1].kind == SHELL_TOKEN_REDIR))
                        w[n++] = &l.v[i].w;
        }
        const char *p = n > 0 && l.n_nested == 0 ? programs_name(w[0], name, sizeof name) : NULL;
        if (!p || !streq_any(p, (const char *const[]){"cat", "tee", NULL}))
                return 2;
        for (size_t a = 1; a < n; a++) {
                const char *o = programs_plain(w[a], buf, sizeof buf);
                if (!o || (streq(p, "cat")
                                   ? !streq_any(o, (const char *const[]){"-", "-u", NULL})
                                   : o[0] == '-' && !streq_any(o, (const char *const[]){"-a", "-i", NULL})))
                        return 2;
        }
        return 1;
}

/* Does text hold git as a word, in any case (git log, .git, cmake's
 * find_package(Git): languages_git_word); not github, nor a URL's git+https:, git@host:,
 * git://, a remote's x.git)? */
static bool names_git(const Judge *j, const char *text) {
        size_t n = strlen(text);
        for (const char *p = text; p + 3 <= text + n; p++) {
                if ((*p | 0x20) != 'g' || !languages_git_word(j, text, n, p))
                        continue;
                bool url = strchr("+@:", p[3]) != NULL && p[3] != 0,
                     suffix = p - text >= 2 && p[-1] == '.' && is_ident(p[-2]);
                if (!url && !suffix)
                        return true;
        }
        return false;
}

/* The lines a diff adds (+x, not +++ b/x), their '+' gone; NULL when the
 * text is no diff. */
static char *added_lines(const char *t) {
        if (strncmp(t, "--- ", 4) != 0 && strncmp(t, "diff ", 5) != 0 && !strstr(t, "\n+++ ") &&
            !strstr(t, "\n--- "))
                return NULL;
        char *out = malloc(strlen(t) + 1);
        size_t k = 0;
        for (const char *p = t; out && *p;) {
                size_t len = strcspn(p, "\n");
                if (p[0] == '+' && strncmp(p, "+++ ", 4) != 0) {
                        memcpy(out + k, p + 1, len - 1);
                        k += len - 1;
                        out[k++] = '\n';
                }
                p += len + (p[len] == '\n');
        }
        if (out)
                out[k] = 0;
        return out;
}

/* Does the text open with #! naming a program other than a shell
 * (#!/usr/bin/env python3): what the kernel runs, run by its path? */
static bool shebang_program(const char *t) {
        char line[256], buf[256];
        if (t[0] != '#' || t[1] != '!')
                return false;
        snprintf(line, sizeof line, "%.*s", (int) strcspn(t + 2, "\n"), t + 2);
        for (char *save = NULL, *w = strtok_r(line, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
                snprintf(buf, sizeof buf, "%s", last_name(w));
                if (!streq(buf, "env") && buf[0] != '-')
                        return !programs_is_shell(buf);
        }
        return false;
}

/* One text the line writes: as a diff's added lines, a shell's program;
 * and an interpreter's program naming git, the history held (JSON's
 * strings are npm's command lines, judged as a shell's). A script run by
 * its path alone: only one a #! hands to an interpreter. */
void written_keep(char *dst, size_t size, const char *head, const char *t) {
        size_t nh = strlen(head), nt = strlen(t), skip = nh + nt >= size ? nh + nt - size + 1 : 0;
        if (skip >= nh) {
                memmove(dst, t + skip - nh, nt - (skip - nh) + 1);
                return;
        }
        memmove(dst, head + skip, nh - skip);
        memcpy(dst + nh - skip, t, nt + 1);
}

static int written_text(Judge *j, const char *t) {
        _cleanup_free_ char *added = added_lines(t);
        const char *s = added ? added : t;
        if (j->written && !j->written->judging) /* for the edits after it */
                written_keep(j->written->seen, sizeof j->written->seen, j->written->seen, s);
        if (!(j->written_run & (WRITTEN_PROGRAM | WRITTEN_SCRIPT)) && !shebang_program(s))
                return 0;
        /* printf 'os.system("gi' > F; printf 't log")' >> F: with the
         * bytes written before it */
        _cleanup_free_ char *joined = NULL;
        if (asprintf(&joined, "%s%s", j->written_tail, s) < 0)
                return -ENOMEM;
        size_t len = strlen(joined);
        snprintf(j->written_tail, sizeof j->written_tail, "%s",
                 joined + (len >= sizeof j->written_tail ? len - sizeof j->written_tail + 1 : 0));
        s = joined;
        if (added) {
                int r = programs_reread(j, "the lines a diff the line applies adds, a script it may run",
                                        added, strlen(added));
                if (r != 0)
                        return r;
        }
        /* a masked name in it (as bash would not read it: no quote removal) */
        _cleanup_free_ char *copy = strdup(s);
        if (!copy)
                return -ENOMEM;
        for (char *save = NULL, *w = strtok_r(copy, " \t\n;|&()<>'\"`,[]{}=", &save); w;
             w = strtok_r(NULL, " \t\n;|&()<>'\"`,[]{}=", &save))
                if (!strchr("*?", w[0]) && match_secret_glob(j, w, MATCH_FOLD, !strchr(w, '/')))
                        return judge_refuse(j,
                                            "a text the line writes to a file or pipes to a program names a "
                                            "masked entry, and a program of it may run the text");
        if (judge_held(j) && s[strspn(s, " \t\n")] != '{' && names_git(j, s)) {
                judge_mark_held(j);
                return judge_refuse(j, "a text the line writes to a file or pipes to a program names git, "
                                       "and a program of it may run the text, while the history holds a "
                                       "masked entry");
        }
        /* cmake's execute_process(COMMAND ...), add_custom_command, BUILD_COMMAND:
         * each a command line cmake runs (31t 5: COMMAND zip -0qr - .) */
        for (const char *c = strstr(s, "COMMAND"); c; c = strstr(c + 7, "COMMAND")) {
                size_t cl = strcspn(c + 7, ")\n");
                int r = programs_reread(j, "a COMMAND of a cmake script the line writes, which cmake runs",
                                        c + 7, cl);
                if (r != 0)
                        return r;
        }
        return 0;
}

int written_edit(Judge *j, const char *t) {
        int was = j->written_run;
        j->written_run |= WRITTEN_SCRIPT;
        int r = written_text(j, t);
        j->written_run = was;
        return r;
}

/* Does the stage write a file: a redirect to one (not /dev/...), a copier
 * or patch (tee F <<E, patch <<E), or a program fed a text that neither
 * prints nor runs it (sort -o F <<< S)? */
static bool stage_writes(const Stage *st) {
        static const char *const outs[] = {">", ">>", ">|", "&>", "&>>", "<>", NULL};
        char buf[256], sub[256];
        bool fed = false;
        for (size_t i = 0; i < st->n_redir; i++) {
                const char *a = st->target[i] ? programs_plain(st->target[i], buf, sizeof buf) : NULL;
                if (streq_any(st->redir[i]->op, outs) && (!a || strncmp(a, "/dev/", 5) != 0))
                        return true;
                if (streq(st->redir[i]->op, ">&") &&
                    (!a || !streq_any(a, (const char *const[]){"1", "2", "-", NULL})))
                        return true; /* exec 3> F; echo S >&3 */
                fed = fed || streq_any(st->redir[i]->op, (const char *const[]){"<<", "<<-", "<<<", NULL});
        }
        size_t k = scripts_program_at(st->w, st->n);
        const char *prog = k < st->n && !st->keyword_led ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        const char *second = k + 1 < st->n ? programs_plain(st->w[k + 1], sub, sizeof sub) : NULL;
        bool writer = prog && fed && !streq_any(prog, runners) && !programs_is_shell(prog) &&
                      !streq_any(prog, feeds);
        return prog && (writer || streq_any(prog, copiers) || streq(prog, "patch") ||
                        (streq(prog, "git") && streq_ptr(second, "apply")));
}

/* Each text st gives (its here-strings, heredocs, what its echo or printf
 * prints), judged by written_text. */
static int stage_texts(Judge *j, const Line *ln, const Stage *st) {
        char buf[256];
        for (size_t i = 0; i < st->n_redir; i++) {
                _cleanup_free_ char *t = NULL;
                int r = shells_fed_text(ln, st, i, &t);
                if (r < 0)
                        return r;
                if (r > 0 && (r = written_text(j, t)) != 0)
                        return r;
        }
        size_t k = scripts_program_at(st->w, st->n);
        const char *name = k < st->n ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        if (!streq_ptr(name, "echo") && !streq_ptr(name, "printf"))
                return 0;
        /* a substitution's output is not its text ($(git describe) > VERSION) */
        for (size_t a = k + 1; a < st->n; a++)
                if (st->w[a]->substitution)
                        return 0;
        _cleanup_free_ char *s = programs_joined(st->w + k, st->n - k, 1);
        _cleanup_free_ char *f = streq(name, "printf") ? reread_printf(st->w + k, st->n - k) : NULL;
        if (!s)
                return -ENOMEM;
        reread_unescape(s);
        int r = written_text(j, s);
        return r != 0 || !f ? r : written_text(j, f);
}

/* Appends to *all the words after the program of each command of text s
 * (tr Q i > F: Q i), the texts a program there gives its input. */
static int program_words(char **all, const char *s) {
        _cleanup_(shell_lexed_done) ShellLexed l = {0};
        char *m = NULL;
        if (shell_lex(s, strlen(s), &l) < 0) { /* not lexed: its whole text */
                if (asprintf(&m, "%s %s", *all ? *all : "", s) < 0)
                        return -ENOMEM;
                free(*all);
                *all = m;
                return 0;
        }
        bool first = true;
        for (size_t i = 0; i < l.n; i++) {
                const ShellToken *t = &l.v[i];
                if (t->kind == SHELL_TOKEN_OP || t->kind == SHELL_TOKEN_NEWLINE)
                        first = true;
                if (t->kind != SHELL_TOKEN_WORD || (i > 0 && l.v[i - 1].kind == SHELL_TOKEN_REDIR))
                        continue;
                if (first) { /* the program's name: not a text it is given */
                        first = false;
                        continue;
                }
                _cleanup_free_ char *w = programs_word_text(&t->w);
                if (asprintf(&m, "%s %s", *all ? *all : "", w ? w : s) < 0)
                        return -ENOMEM;
                free(*all);
                *all = m;
        }
        return 0;
}

/* Does st write to descriptor fd (>&3, 1>&3; >&$x: any)? */
static bool writes_fd(const Stage *st, int fd) {
        char buf[32];
        for (size_t i = 0; i < st->n_redir; i++) {
                const char *a = st->target[i] ? programs_plain(st->target[i], buf, sizeof buf) : NULL;
                if (streq(st->redir[i]->op, ">&") && st->redir[i]->fd <= 1 && (!a || atoi(a) == fd))
                        return true;
        }
        return false;
}

/* T > >(tr Q i > F); sh F: F holds T's letters rearranged, and those of
 * the words the substitution gives its programs (as T | tr Q i > F):
 * refused while the history holds a masked entry and they hold g, i, t. */
static int substituted_letters(Judge *j, const Line *ln, const Stage *st) {
        static const char *const outs[] = {">", ">>", ">|", "&>", "&>>", NULL};
        const ShellLexed *l = ln->lexed;
        _cleanup_free_ char *all = NULL;
        int r = 0;
        for (size_t i = 1; l && i < st->n_redir && r == 0; i++) {
                const ShellToken *sub = st->redir[i];
                if (streq(sub->op, ">(") && !st->target[i - 1] && streq_any(st->redir[i - 1]->op, outs) &&
                    sub->nested > 0 && sub->nested <= l->n_nested &&
                    written_substitution(j, l->nested[sub->nested - 1]) == 2)
                        r = program_words(&all, l->nested[sub->nested - 1]);
        }
        /* exec 3> >(tr Q i > F); T >&3: what T writes to descriptor 3 */
        for (size_t i = 0; l && i + 1 < l->n && r == 0; i++) {
                const ShellToken *t = &l->v[i], *sub = &l->v[i + 1];
                if (t->kind == SHELL_TOKEN_REDIR && t->fd > 1 && streq_any(t->op, outs) &&
                    sub->kind == SHELL_TOKEN_REDIR && streq(sub->op, ">(") && sub->nested > 0 &&
                    sub->nested <= l->n_nested && writes_fd(st, t->fd) &&
                    written_substitution(j, l->nested[sub->nested - 1]) == 2)
                        r = program_words(&all, l->nested[sub->nested - 1]);
        }
        if (r < 0 || !all || !judge_held(j))
                return r;
        char buf[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *name = k < st->n ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        _cleanup_free_ char *said = streq_ptr(name, "echo") || streq_ptr(name, "printf")
                                            ? programs_joined(st->w + k, st->n - k, 1)
                                            : NULL;
        _cleanup_free_ char *f = streq_ptr(name, "printf") ? reread_printf(st->w + k, st->n - k) : NULL;
        _cleanup_free_ char *texts = NULL;
        if (asprintf(&texts, "%s\n%s\n%s", all, said ? said : "", f ? f : "") < 0)
                return -ENOMEM;
        for (size_t i = 0; i < st->n_redir; i++) { /* its here-strings and heredocs */
                _cleanup_free_ char *t = NULL;
                char *m = NULL;
                if ((r = shells_fed_text(ln, st, i, &t)) < 0)
                        return r;
                if (r > 0 && asprintf(&m, "%s\n%s", texts, t) < 0)
                        return -ENOMEM;
                if (r > 0) {
                        free(texts);
                        texts = m;
                }
        }
        bool g = strpbrk(texts, "gG"), t = strpbrk(texts, "tT"),
             i = strpbrk(texts, "iI") || strstr(texts, "\xc4\xb0") || strstr(texts, "\xc4\xb1");
        if (!(g && i && t))
                return 0;
        judge_mark_held(j);
        return judge_refuse(j, "an output process substitution rearranges the line's texts, which hold the "
                               "letters of git with its words, into a file the line runs, while the history "
                               "holds a masked entry");
}

int written_judge(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at) {
        /* it, or a stage it pipes into (printf ... | tee F); a substitution's
         * output may be what echo "$(cat <<E ...)" > F writes */
        _cleanup_free_ char *edit = NULL; /* sed -i S F: S's texts, as F's */
        int r = edited_texts(&v[at], true, &edit);
        if ((r != 0 && (r = r < 0 ? r : written_text(j, edit)) != 0) ||
            (r = edited_model(j, &v[at], false)) != 0)
                return r;
        if ((r = substituted_letters(j, ln, &v[at])) != 0)
                return r;
        bool writes = (j->written_run & WRITTEN_GROUP) || ln->substitution;
        for (size_t i = at; i < n && !writes; i++)
                writes = stage_writes(&v[i]);
        return writes ? stage_texts(j, ln, &v[at]) : 0;
}

int written_piped(Judge *j, const Line *ln, const Stage *st, const Stage *prev) {
        static const char *const readers[] = {"python", "python2", "python3", "pypy3", "perl",
                                              "node",   "nodejs",  "ruby",    "php",   "lua",
                                              "tclsh",  "m4",      "R",       "julia", NULL};
        /* ... and those that read commands from it whatever their operands */
        static const char *const commands[] = {"ed",    "red", "sqlite3", "sftp",   "psql",
                                               "mysql", "dc",  "gnuplot", "octave", NULL};
        char buf[256], name[256];
        size_t k = scripts_program_at(st->w, st->n);
        const char *p = k < st->n && !st->keyword_led ? programs_name(st->w[k], name, sizeof name) : NULL;
        bool any = streq_any(p, commands);
        if (!p || !(any || streq_any(p, readers) || strncmp(p, "python3.", 8) == 0))
                return 0;
        for (size_t a = k + 1; a < st->n && !any; a++) { /* python3 t.py, perl -e S: a program of its own */
                const char *o = programs_plain(st->w[a], buf, sizeof buf);
                if (!o || o[0] != '-' || (o[1] != '-' && strchr("ceE", o[strlen(o) - 1])))
                        return 0;
        }
        int was = j->written_run;
        j->written_run |= WRITTEN_PROGRAM;
        int r = 0; /* its here-strings and heredocs, the texts the stage before it prints */
        for (size_t i = 0; i < st->n_redir && r == 0; i++) {
                _cleanup_free_ char *t = NULL;
                r = shells_fed_text(ln, st, i, &t);
                r = r > 0 ? written_text(j, t) : r;
        }
        if (r == 0 && prev)
                r = stage_texts(j, ln, prev);
        j->written_run = was;
        return r;
}
