/* SPDX-License-Identifier: MIT */
/*
 * Wrappers (command-internal.h): programs that run the command after their
 * own options (env, nice, timeout, sudo, unshare, chroot), and where that
 * command starts. It must not judge the command: programs_judge_words does.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

typedef struct Wrapper {
        const char *name;
        const char *with_arg;             /* short options taking an argument */
        const char *const *long_with_arg; /* --name VALUE (or --name=VALUE) */
        int operands;                     /* words before the command (timeout's duration) */
} Wrapper;

static const Wrapper wrappers[] = {
        {"env", "uCS", (const char *const[]){"unset", "chdir", "split-string", NULL}, 0},
        {"nice", "n", (const char *const[]){"adjustment", NULL}, 0},
        {"nohup", "", NULL, 0},
        {"setsid", "", NULL, 0},
        {"timeout", "ks", (const char *const[]){"kill-after", "signal", NULL}, 1},
        {"stdbuf", "ioe", (const char *const[]){"input", "output", "error", NULL}, 0},
        {"command", "", NULL, 0},
        {"builtin", "", NULL, 0},
        {"exec", "a", NULL, 0},
        {"time", "fo", (const char *const[]){"format", "output", NULL}, 0},
        {"ionice", "cnpPu", (const char *const[]){"class", "classdata", "pid", "pgid", "uid", NULL}, 0},
        {"sudo", "CDghpRrTUu",
         (const char *const[]){"chdir", "group", "host", "prompt", "role", "type", "other-user", "user",
                               "close-from", "chroot", NULL},
         0},
        {"doas", "Cu", NULL, 0},
        /* -e[EOF], -i[R], -l[N], --eof[=E], --replace[=R], --max-lines[=N]:
         * an optional argument, glued (xargs -0 -e sh -c runs sh) */
        {"xargs", "aEdILnPs",
         (const char *const[]){"arg-file", "delimiter", "max-args", "max-procs", "max-chars",
                               "process-slot-var", NULL},
         0},
        {"parallel", "jSaPIdnN",
         (const char *const[]){"jobs", "sshlogin", "arg-file", "max-args", "delimiter", "joblog", "wd",
                               "workdir", NULL},
         0},
        {"sem", "jSaPIdnN", /* parallel --semaphore */
         (const char *const[]){"jobs", "sshlogin", "arg-file", "max-args", "delimiter", "joblog", "id", "wd",
                               "workdir", NULL},
         0},
        {"chronic", "", NULL, 0},
        {"busybox", "", NULL, 0}, /* multi-call: busybox APPLET ARGS is APPLET ARGS */
        {"toybox", "", NULL, 0},
        {"unbuffer", "", NULL, 0},
        {"flock", "wEn", (const char *const[]){"timeout", "conflict-exit-code", NULL}, 1},
        {"taskset", "", NULL, 1},
        {"strace", "eoOpPsSuX", NULL, 0},
        {"ltrace", "eopnsu", NULL, 0},
        /* namespaces, sandboxes, schedulers, limits, sessions, debuggers */
        {"unshare", "SGRw",
         (const char *const[]){"setuid", "setgid", "root", "wd", "propagation", "setgroups", "map-user",
                               "map-group", "map-users", "map-groups", NULL},
         0},
        {"nsenter", "tSGW", (const char *const[]){"target", "setuid", "setgid", "wdns", NULL}, 0},
        {"chroot", "", (const char *const[]){"userspec", "groups", NULL}, 1},
        {"firejail", "", NULL, 0},
        {"systemd-run", "pEuMH",
         (const char *const[]){"property", "setenv", "unit", "machine", "host", "description", "slice",
                               "uid", "gid", "nice", "working-directory", "service-type", NULL},
         0},
        {"chrt", "TPD", (const char *const[]){"sched-runtime", "sched-period", "sched-deadline", NULL}, 1},
        {"prlimit", "p", (const char *const[]){"pid", NULL}, 0},
        {"cgexec", "g", NULL, 0},
        {"numactl", "imNCp",
         (const char *const[]){"interleave", "membind", "cpunodebind", "physcpubind", "preferred", NULL}, 0},
        {"pkexec", "", (const char *const[]){"user", NULL}, 0},
        {"xvfb-run", "nsfepw",
         (const char *const[]){"server-num", "server-args", "auth-file", "error-file", "xauth-protocol",
                               "wait", NULL},
         0},
        {"dbus-run-session", "", NULL, 0},
        {"catchsegv", "", NULL, 0},
        {"valgrind", "", NULL, 0},
        {"ld.so", "", rebound_loader_long, 0}, /* ld-linux-x86-64.so.2 --argv0 NAME PROGRAM ARGS */
        /* privileges, personalities, agents, fake roots, profilers (31t 1) */
        {"setpriv", "",
         (const char *const[]){"reuid", "regid", "groups", "inh-caps", "ambient-caps", "bounding-set",
                               "securebits", "pdeathsig", "selinux-label", "apparmor-profile",
                               "landlock-access", "landlock-rule", NULL},
         0},
        {"setarch", "", NULL, 1}, /* setarch ARCH [flags] PROGRAM */
        {"linux32", "", NULL, 0},
        {"linux64", "", NULL, 0},
        {"i386", "", NULL, 0},
        {"x86_64", "", NULL, 0},
        {"ssh-agent", "aEtPO", NULL, 0},
        {"gpg-agent", "", (const char *const[]){"homedir", "options", "log-file", NULL}, 0},
        {"fakeroot", "lsib", (const char *const[]){"lib", "faked", NULL}, 0},
        {"fakechroot", "lsc", (const char *const[]){"lib", "config-dir", "environment", NULL}, 0},
        {"perf", "eoptCGrIjFcx", (const char *const[]){"event", "output", "pid", "tid", "cpu", NULL}, 1},
        {"msgexec", "iDo", (const char *const[]){"input", "directory", NULL}, 0},
        {"bear", "", (const char *const[]){"output", "config", "library", "wrapper", "wrapper-dir", NULL},
         0},
        {"intercept-build", "o", (const char *const[]){"cdb", "use-cc", "use-c++", NULL}, 0},
        {"scan-build", "o", (const char *const[]){"use-cc", "use-c++", "use-analyzer", NULL}, 0},
        {"memusage", "npbdT", (const char *const[]){"progname", "png", "data", "buffer", NULL}, 0},
        {"heaptrack", "op", (const char *const[]){"output", "pid", NULL}, 0},
        {"sotruss", "FTo", (const char *const[]){"from", "to", "output", NULL}, 0},
        {"not", "", NULL, 0},
        {"choom", "np", (const char *const[]){"adjust", "pid", NULL}, 0},
        {"nocache", "", NULL, 0},
        {"eatmydata", "", NULL, 0},
        {"torsocks", "", NULL, 0},
        {"proxychains", "fq", NULL, 0},
        {"proxychains4", "fq", NULL, 0},
};

static const Wrapper *wrapper_find(const char *name) {
        char base[64];
        size_t n = name ? strlen(name) : 0, d = n;
        while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
                d--;
        /* LLVM's versioned names: scan-build-14, intercept-build-14, not-14 */
        if (name && d < n && d > 1 && name[d - 1] == '-' && d - 1 < sizeof base) {
                memcpy(base, name, d - 1);
                base[d - 1] = 0;
                name = base;
        }
        if (name && rebound_is_loader(name))
                name = "ld.so";
        for (size_t i = 0; name && i < ELEMENTSOF(wrappers); i++)
                if (streq(wrappers[i].name, name))
                        return &wrappers[i];
        return NULL;
}

bool programs_is_wrapper(const char *name) {
        return wrapper_find(name) != NULL;
}

size_t programs_wrapped(const ShellWord *const *w, size_t n) {
        char buf[256], e[16];
        const char *name = n > 0 ? programs_name(w[0], buf, sizeof buf) : NULL;
        /* cmake -E chdir DIR CMD, cmake -E time CMD */
        if (streq_ptr(name, "cmake") && n > 3 && streq_ptr(programs_plain(w[1], e, sizeof e), "-E")) {
                const char *sub = programs_plain(w[2], e, sizeof e);
                return streq_ptr(sub, "chdir") ? (n > 4 ? 4 : n) : streq_ptr(sub, "time") ? 3 : SIZE_MAX;
        }
        const Wrapper *wr = wrapper_find(name);
        if (!wr)
                return SIZE_MAX;
        size_t k = 1;
        int operands = wr->operands;
        /* short options whose argument is optional and only glued */
        const char *optional = streq(wr->name, "xargs") ? "eil" : "";
        for (; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a && w[k]->v[0].kind == SHELL_LIT && w[k]->v[0].c == '-' && !w[k]->expansion &&
                    !w[k]->substitution && w[k]->n < sizeof buf) {
                        _cleanup_free_ char *t = programs_word_text(w[k]); /* xargs -I{} */
                        if (!t)
                                return SIZE_MAX;
                        a = strcpy(buf, t);
                }
                if (!a && operands > 0) { /* setarch $(uname -m) CMD, timeout "$t" CMD */
                        operands--;
                        continue;
                }
                if (!a)
                        return k; /* a glob or expansion: the command */
                if (streq(a, "--")) {
                        k++;
                        break;
                }
                if (streq(wr->name, "env") &&
                    (programs_is_assignment(w[k]) || (a[0] != '-' && strchr(a, '='))))
                        continue;
                if (a[0] == '-' && a[1] == '-' && a[2]) {
                        /* env --un ls cat .env: --unset's value, by a prefix */
                        const char *value = NULL;
                        bool with = false;
                        for (const char *const *l = wr->long_with_arg; l && *l && !with; l++)
                                with = programs_long_is(a, *l, &value);
                        if (with && !value)
                                k++;
                        continue;
                }
                if (a[0] == '-' && a[1]) {
                        for (const char *q = a + 1; *q && !strchr(optional, *q); q++)
                                if (strchr(wr->with_arg, *q)) {
                                        if (!q[1])
                                                k++;
                                        break;
                                }
                        continue;
                }
                if (operands > 0) {
                        operands--;
                        continue;
                }
                break;
        }
        return k > n ? n : k;
}

/* Wrappers' options whose value is the directory the command runs in, or
 * its root: letters, long names. nsenter's -w, -r (--wd, --root) take a
 * value only glued; alone they mean the target's. */
typedef struct DirOptions {
        const char *name, *cwd_short, *root_short;
        const char *const *cwd_long, *const *root_long;
        const char *optional; /* letters whose value is only glued */
} DirOptions;

static const DirOptions dir_options[] = {
        {"env", "C", "", (const char *const[]){"chdir", NULL}, NULL, ""},
        {"sudo", "D", "R", (const char *const[]){"chdir", NULL}, (const char *const[]){"chroot", NULL}, ""},
        {"unshare", "w", "R", (const char *const[]){"wd", NULL}, (const char *const[]){"root", NULL}, ""},
        {"nsenter", "wW", "r", (const char *const[]){"wd", "wdns", NULL},
         (const char *const[]){"root", NULL}, "wr"},
        {"systemd-run", "", "", (const char *const[]){"working-directory", NULL}, NULL, ""},
        {"parallel", "", "", (const char *const[]){"wd", "workdir", NULL}, NULL, ""},
        {"sem", "", "", (const char *const[]){"wd", "workdir", NULL}, NULL, ""},
        {"firejail", "", "", (const char *const[]){"private-cwd", NULL}, NULL, ""},
        {"chroot", "", "", NULL, NULL, ""},
};

static void dir_put(WrapperDir *out, size_t max, size_t *m, const char *text, bool known, bool root) {
        if (*m >= max)
                return;
        WrapperDir *d = &out[(*m)++];
        *d = (WrapperDir){.known = known && text && strlen(text) < sizeof d->text, .root = root};
        if (d->known)
                strcpy(d->text, text);
}

/* The value at w[k + 1], as a directory */
static void dir_next(const ShellWord *const *w, size_t n, size_t k, WrapperDir *out, size_t max, size_t *m,
                     bool root) {
        char v[256];
        dir_put(out, max, m, k + 1 < n ? programs_plain(w[k + 1], v, sizeof v) : NULL, true, root);
}

/* systemd-run's property p (WorkingDirectory=D, its -D too; RootDirectory=D,
 * RootImage=F a root); plain: p as the program gets it (NULL: not known) */
static void property_dir(const char *p, bool plain, WrapperDir *out, size_t max, size_t *m) {
        static const char *const keys[] = {"WorkingDirectory=", "RootDirectory=", "RootImage=", NULL};
        for (size_t i = 0; keys[i]; i++)
                if (!p || strncmp(p, keys[i], strlen(keys[i])) == 0) {
                        const char *d = p ? p + strlen(keys[i]) : NULL;
                        dir_put(out, max, m, plain && d ? d + (d[0] == '-') : NULL, true, i > 0);
                        return;
                }
}

size_t programs_wrapper_dirs(const ShellWord *const *w, size_t inner, WrapperDir *out, size_t max) {
        char buf[256], e[16];
        const char *name = inner > 0 ? programs_name(w[0], buf, sizeof buf) : NULL;
        size_t m = 0;
        if (streq_ptr(name, "cmake")) { /* cmake -E chdir DIR CMD */
                if (inner == 4 && streq_ptr(programs_plain(w[2], e, sizeof e), "chdir"))
                        dir_next(w, inner, 2, out, max, &m, false);
                return m;
        }
        const Wrapper *wr = wrapper_find(name);
        const DirOptions *d = NULL;
        for (size_t i = 0; wr && i < ELEMENTSOF(dir_options); i++)
                if (streq(dir_options[i].name, wr->name))
                        d = &dir_options[i];
        if (!d)
                return 0;
        for (size_t k = 1; k < inner; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                char v[256];
                bool plain = programs_plain(w[k], v, sizeof v) != NULL;
                const char *value = NULL;
                if (!t)
                        return dir_put(out, max, &m, NULL, false, false), m;
                if (t[0] != '-' || streq(t, "-") || streq(t, "--")) {
                        if (streq(d->name, "chroot")) { /* chroot NEWROOT CMD */
                                dir_put(out, max, &m, plain ? v : NULL, true, true);
                                break;
                        }
                        continue; /* env's NAME=VALUE */
                }
                if (t[1] == '-') {
                        bool cwd = false, root = false;
                        for (const char *const *l = d->cwd_long; l && *l && !cwd; l++)
                                cwd = programs_long_is(t, *l, &value);
                        for (const char *const *l = d->root_long; l && *l && !cwd && !root; l++)
                                root = programs_long_is(t, *l, &value);
                        /* systemd-run -p WorkingDirectory=D, --property=RootDirectory=D */
                        const char *prop = NULL;
                        if (streq(d->name, "systemd-run") && programs_long_is(t, "property", &prop)) {
                                if (prop)
                                        property_dir(prop, plain, out, max, &m);
                                else if (k + 1 < inner)
                                        property_dir(programs_plain(w[k + 1], v, sizeof v), true, out, max,
                                                     &m);
                                continue;
                        }
                        if (!cwd && !root)
                                continue;
                        if (value) /* --chdir=D: known when the whole word is plain */
                                dir_put(out, max, &m, plain ? strchr(v, '=') + 1 : NULL, true, root);
                        else if (streq(d->name, "nsenter") && !programs_long_is(t, "wdns", NULL))
                                dir_put(out, max, &m, NULL, false, root); /* --wd alone: the target's */
                        else
                                dir_next(w, inner, k, out, max, &m, root);
                        continue;
                }
                for (const char *q = t + 1; *q; q++) {
                        bool cwd = strchr(d->cwd_short, *q), root = strchr(d->root_short, *q);
                        if (streq(d->name, "systemd-run") && *q == 'p') {
                                if (q[1])
                                        property_dir(q + 1, plain, out, max, &m);
                                else if (k + 1 < inner)
                                        property_dir(programs_plain(w[k + 1], v, sizeof v), true, out, max,
                                                     &m);
                                break;
                        }
                        if (cwd || root) {
                                if (q[1]) /* -C.git, -iCdir: glued */
                                        dir_put(out, max, &m, plain ? v + (q + 1 - t) : NULL, true, root);
                                else if (strchr(d->optional, *q))
                                        dir_put(out, max, &m, NULL, false, root);
                                else
                                        dir_next(w, inner, k, out, max, &m, root);
                                break;
                        }
                        if (strchr(wr->with_arg, *q))
                                break; /* -u NAME, -uNAME: a value, not letters */
                }
        }
        return m;
}

/* env -S V, env --split-string=V, env -iSV: V is the program and its
 * words, split by env (NULL when the wrapper at w is no env -S). */
static char *split_string(const ShellWord *const *w, size_t n) {
        for (size_t a = 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                const char *value = NULL;
                if (!t || t[0] != '-' || streq(t, "--"))
                        return NULL;
                if (t[1] == '-') {
                        if (programs_long_is(t, "split-string", &value))
                                return value       ? strdup(value)
                                       : a + 1 < n ? programs_word_text(w[a + 1])
                                                   : NULL;
                        /* --unset X, --chdir D: their value the next word */
                        a += !strchr(t, '=') &&
                             (programs_long_is(t, "unset", &value) || programs_long_is(t, "chdir", &value));
                        continue;
                }
                for (const char *q = t + 1; *q; q++)
                        if (strchr("uCS", *q)) {
                                if (*q != 'S') { /* -u X, -C D, -iuX: a value, glued or the next word */
                                        a += !q[1];
                                        break;
                                }
                                return q[1]        ? strdup(q + 1)
                                       : a + 1 < n ? programs_word_text(w[a + 1])
                                                   : NULL;
                        }
        }
        return NULL;
}

int programs_wrapped_runs(const ShellWord *const *w, size_t n, char **ret_value) {
        char buf[256];
        bool xargs = false;
        size_t k = 0, inner;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        for (; k < n && (inner = programs_wrapped(w + k, n - k)) != SIZE_MAX; k += inner) {
                const char *p = programs_name(w[k], buf, sizeof buf);
                if (streq_ptr(p, "env")) {
                        char *v = split_string(w + k, inner);
                        if (v) {
                                *ret_value = v;
                                return WRAPPED_SPLIT;
                        }
                }
                if (xargs && k + inner >= n)
                        return WRAPPED_READ; /* xargs env: the words read are the command */
                xargs = xargs || streq_ptr(p, "xargs");
        }
        return 0;
}

const char *programs_canonical(const char *name) {
        static const char *const aliases[][2] = {
                {"vim.basic", "vim"}, {"vim.tiny", "vim"}, {"vim.nox", "vim"},         {"vim.gtk", "vim"},
                {"vim.gtk3", "vim"},  {"editor", "vim"},   {"sensible-editor", "vim"}, {"zstdmt", "zstd"},
                {"lz4c", "lz4"},      {"pdb", "python3"},  {"pdb3", "python3"},        {"rgrep", "rgrep"},
        };
        if (!name)
                return NULL;
        for (size_t i = 0; i < ELEMENTSOF(aliases); i++)
                if (streq(name, aliases[i][0]))
                        return aliases[i][1];
        /* Debian's versioned perls: perl5.36.0, perl5.36-x86_64-linux-gnu */
        if (strncmp(name, "perl5", 5) == 0 && (name[5] == '.' || (name[5] >= '0' && name[5] <= '9')))
                return "perl";
        return name;
}
