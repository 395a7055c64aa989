/* SPDX-License-Identifier: MIT */
/*
 * git on a worktree the agent wrote (host-internal.h): the host side's one
 * way to run it, with nothing the agent could have set able to execute.
 */
#include "host-internal.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "array.h"
#include "git-audit.h"
#include "util.h"

/* What git says: a worktree's changes, in bytes. */
#define GIT_OUTPUT_MAX (1024u * 1024 * 1024)

extern char **environ;

/* How long one git may run: git add -A on a tree of a million files takes
 * a minute on a slow disk; a git blocked on a file the agent made (a fifo
 * at a path no check knew of) never ends. */
static unsigned time_limit_s = HOST_GIT_TIME_LIMIT_DEFAULT;

void host_set_git_time_limit(unsigned seconds) {
        time_limit_s = seconds > 0 ? seconds : HOST_GIT_TIME_LIMIT_DEFAULT;
}

unsigned host_git_time_limit(void) {
        return time_limit_s;
}

/* The last git killed at its time limit, for git_strerror(): host code is
 * single-threaded, and says the failure before it runs another git. */
static char timed_out[128];

const char *git_strerror(int r) {
        return r == -ETIME && timed_out[0] ? timed_out : strerror(-r);
}

/*
 * A git's time limit, kept by a thread of its own: the host side waits
 * for git in several ways (reading its stdout as it comes, in callbacks
 * that block; waiting for it to exit), and every one of them must end.
 * At the deadline the thread kills git, which closes git's stdout and
 * ends any wait. It only kills a git not yet reaped (its pid cannot have
 * been reused): watch_stop() joins it before anyone reaps.
 */
typedef struct GitWatch {
        pthread_t thread;
        pthread_mutex_t lock;
        pthread_cond_t cond;
        pid_t pid;
        struct timespec deadline; /* CLOCK_MONOTONIC */
        bool stopped, fired;
        char what[32]; /* the git command, for the message */
} GitWatch;

static bool past(const struct timespec *deadline, struct timespec *now) {
        clock_gettime(CLOCK_MONOTONIC, now);
        return now->tv_sec > deadline->tv_sec ||
               (now->tv_sec == deadline->tv_sec && now->tv_nsec >= deadline->tv_nsec);
}

static void *watch_main(void *userdata) {
        GitWatch *w = userdata;
        pthread_mutex_lock(&w->lock);
        while (!w->stopped) {
                struct timespec now, until;
                if (past(&w->deadline, &now)) {
                        kill(w->pid, SIGKILL);
                        w->fired = true;
                        break;
                }
                /* The condition's clock is the wall clock (the only one
                 * every platform's pthread_cond_timedwait takes): a second
                 * at most, then the monotonic deadline is looked at
                 * again, so a step of the wall clock moves nothing. */
                int64_t left = (int64_t) (w->deadline.tv_sec - now.tv_sec) * 1000000000 +
                               (w->deadline.tv_nsec - now.tv_nsec);
                if (left > 1000000000)
                        left = 1000000000;
                clock_gettime(CLOCK_REALTIME, &until);
                left += until.tv_nsec;
                until.tv_sec += (time_t) (left / 1000000000);
                until.tv_nsec = (long) (left % 1000000000);
                pthread_cond_timedwait(&w->cond, &w->lock, &until);
        }
        pthread_mutex_unlock(&w->lock);
        return NULL;
}

/* A time limit for git args[0], started as pid. */
static int watch_start(pid_t pid, const char *const *args, GitWatch **ret) {
        GitWatch *w = calloc(1, sizeof *w);
        sigset_t all, old;
        int r;
        if (!w)
                return -ENOMEM;
        w->pid = pid;
        snprintf(w->what, sizeof w->what, "%s", args[0]);
        clock_gettime(CLOCK_MONOTONIC, &w->deadline);
        w->deadline.tv_sec += time_limit_s;
        pthread_mutex_init(&w->lock, NULL);
        pthread_cond_init(&w->cond, NULL);
        /* Signals stay the main thread's: the thread starts with all of
         * them blocked. */
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        r = pthread_create(&w->thread, NULL, watch_main, w);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (r != 0) {
                pthread_cond_destroy(&w->cond);
                pthread_mutex_destroy(&w->lock);
                free(w);
                return -r;
        }
        *ret = w;
        return 0;
}

/* The watch ended and freed (NULL: none): -ETIME when it killed git (said
 * for git_strerror()), else 0. Before git is reaped. */
static int watch_stop(GitWatch *w) {
        if (!w)
                return 0;
        pthread_mutex_lock(&w->lock);
        w->stopped = true;
        pthread_cond_signal(&w->cond);
        pthread_mutex_unlock(&w->lock);
        pthread_join(w->thread, NULL);
        bool fired = w->fired;
        if (fired)
                snprintf(timed_out, sizeof timed_out,
                         "git %s ran past its time limit of %u s and was killed", w->what, time_limit_s);
        pthread_cond_destroy(&w->cond);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return fired ? -ETIME : 0;
}

/* The host's environment, but for what would point git elsewhere or run
 * something: the repository, the index and the helpers come from us. */
static bool env_kept(const char *e) {
        static const char *const dropped[] = {
                "GIT_DIR=",
                "GIT_WORK_TREE=",
                "GIT_INDEX_FILE=",
                "GIT_COMMON_DIR=",
                "GIT_OBJECT_DIRECTORY=",
                "GIT_ALTERNATE_OBJECT_DIRECTORIES=",
                "GIT_NAMESPACE=",
                "GIT_EXTERNAL_DIFF=",
                "GIT_PAGER=",
                "PAGER=",
                "GIT_EDITOR=",
                "EDITOR=",
                "VISUAL=",
                "GIT_ASKPASS=",
                "SSH_ASKPASS=",
                "GIT_SSH=",
                "GIT_SSH_COMMAND=",
                "GIT_TERMINAL_PROMPT=",
                "GIT_OPTIONAL_LOCKS=",
                "GIT_TRACE",
                "GIT_NO_REPLACE_OBJECTS=",
                "GIT_REPLACE_REF_BASE=",
                "GIT_GRAFT_FILE=",
        };
        for (size_t i = 0; i < ELEMENTSOF(dropped); i++)
                if (strncmp(e, dropped[i], strlen(dropped[i])) == 0)
                        return false;
        return true;
}

/*
 * Nothing the agent could have written runs: no hook (the root's
 * post-index-change either), no fsmonitor, pager, editor, credential or
 * askpass helper, external diff or textconv, no recursion into a nested
 * checkout or submodule (a gitlink is its HEAD, nothing more: stage keeps
 * git add from every gitlink, gitlinks.c), no network, no automatic gc,
 * no commit-graph (the agent's file in .git/objects/info: a lying one
 * names other parents and trees than the commits do). Filter drivers
 * stay as the root repository's config defines them (the host's: the
 * agent could not write it), so git-lfs works.
 */
static const char *const git_hardening[] = {
        "-c", "core.hooksPath=/dev/null",
        "-c", "core.fsmonitor=false",
        "-c", "core.pager=cat",
        "-c", "core.editor=false",
        "-c", "core.askPass=",
        "-c", "credential.helper=",
        "-c", "diff.external=",
        "-c", "submodule.recurse=false",
        "-c", "diff.ignoreSubmodules=all",
        "-c", "status.submoduleSummary=false",
        "-c", "protocol.allow=never",
        "-c", "gc.auto=0",
        "-c", "core.commitGraph=false",
        "-c", "maintenance.auto=false",
        "-c", "advice.addEmbeddedRepo=false",
};

/* What git_run() keeps of its stdout. */
typedef struct Collect {
        char *out;
        size_t n;
} Collect;

static int collect_out(void *userdata, int fd) {
        Collect *c = userdata;
        return read_full_fd(fd, GIT_OUTPUT_MAX, &c->out, &c->n);
}

/* Start git args in the worktree: stdin from fin, stdout to out_fd,
 * stderr to ferr. */
static int spawn(const Git *g, const char *const *args, FILE *fin, int out_fd, FILE *ferr, pid_t *ret_pid) {
        _cleanup_free_ char **argv = NULL, **envp = NULL, *index_env = NULL, *dir_env = NULL,
                            *common_env = NULL, *tree_env = NULL;
        size_t n_args = 0, n_env = 0;

        while (args[n_args])
                n_args++;
        argv = calloc(n_args + ELEMENTSOF(git_hardening) + 5, sizeof *argv);
        for (char **e = environ; *e; e++)
                n_env++;
        envp = calloc(n_env + 11, sizeof *envp);
        if (!argv || !envp || (g->index && asprintf(&index_env, "GIT_INDEX_FILE=%s", g->index) < 0) ||
            (g->git_dir && asprintf(&dir_env, "GIT_DIR=%s", g->git_dir) < 0) ||
            (g->common_dir && asprintf(&common_env, "GIT_COMMON_DIR=%s", g->common_dir) < 0) ||
            (g->work_tree && asprintf(&tree_env, "GIT_WORK_TREE=%s", g->work_tree) < 0))
                return -ENOMEM;
        size_t a = 0;
        argv[a++] = (char *) "git";
        argv[a++] = (char *) "-C";
        argv[a++] = (char *) (g->work_tree ?: g->worktree);
        for (size_t i = 0; i < ELEMENTSOF(git_hardening); i++)
                argv[a++] = (char *) git_hardening[i];
        for (size_t i = 0; i < n_args; i++)
                argv[a++] = (char *) args[i];
        size_t k = 0;
        for (char **e = environ; *e; e++)
                if (env_kept(*e))
                        envp[k++] = *e;
        envp[k++] = (char *) "GIT_TERMINAL_PROMPT=0";
        envp[k++] = (char *) "GIT_OPTIONAL_LOCKS=0";
        envp[k++] = (char *) "GIT_PAGER=cat";
        /* The objects as they are, as a push sends them: a replace ref
         * (refs/replace/, the agent's to write) or a graft (info/grafts)
         * would show git another commit, parent or tree than the one
         * published, and hide a commit from what stage judges. An empty
         * graft file's name is none (git opens nothing). */
        envp[k++] = (char *) "GIT_NO_REPLACE_OBJECTS=1";
        envp[k++] = (char *) "GIT_GRAFT_FILE=";
        if (index_env)
                envp[k++] = index_env;
        if (dir_env)
                envp[k++] = dir_env;
        if (common_env)
                envp[k++] = common_env;
        if (tree_env)
                envp[k++] = tree_env;

        /* posix_spawn, not fork: the parent's page tables (a 7 MB index
         * mapped, and more) are not copied for a child that execs at once */
        posix_spawn_file_actions_t fa;
        pid_t pid;
        int r = posix_spawn_file_actions_init(&fa);
        if (r != 0)
                return -r;
        if ((r = posix_spawn_file_actions_adddup2(&fa, fileno(fin), STDIN_FILENO)) == 0 &&
            (r = posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO)) == 0 &&
            (r = posix_spawn_file_actions_adddup2(&fa, fileno(ferr), STDERR_FILENO)) == 0)
                r = posix_spawnp(&pid, "git", &fa, NULL, argv, envp);
        posix_spawn_file_actions_destroy(&fa);
        if (r != 0)
                return -r; /* ENOENT: no git */
        *ret_pid = pid;
        return 0;
}

/* in (in_n bytes) in a file to be git's stdin, read from its start; for
 * nothing, /dev/null. NULL with errno set. */
static FILE *input_file(const char *in, size_t in_n) {
        if (in_n == 0)
                return fopen("/dev/null", "re");
        FILE *f = tmpfile();
        if (f && (fwrite(in, 1, in_n, f) != in_n || fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0)) {
                fclose(f);
                errno = EIO;
                return NULL;
        }
        return f;
}

/* spawn() with its stdout a pipe: the read end in *ret_fd. */
static int spawn_piped(const Git *g, const char *const *args, FILE *fin, FILE *ferr, pid_t *ret_pid,
                       int *ret_fd) {
        int pipefd[2];
        if (pipe2(pipefd, O_CLOEXEC) < 0)
                return -errno;
        int r = spawn(g, args, fin, pipefd[1], ferr, ret_pid);
        close(pipefd[1]);
        if (r < 0) {
                close(pipefd[0]);
                return r;
        }
        *ret_fd = pipefd[0];
        return 0;
}

/* Wait for pid to exit, within its time limit (watch, ended here): its
 * wait status, or -ETIME when the watch killed it; reaped either way. */
static int wait_exit(pid_t pid, GitWatch *watch, int *ret_status) {
        siginfo_t si;
        int status;
        /* Exited, and not reaped yet (WNOWAIT): the watch can still only
         * kill this git. */
        while (waitid(P_PID, (id_t) pid, &si, WEXITED | WNOWAIT) < 0 && errno == EINTR)
                ;
        int t = watch_stop(watch);
        while (waitpid(pid, &status, 0) < 0)
                if (errno != EINTR)
                        return -errno;
        *ret_status = status;
        return t;
}

/* Wait for git: its status, and its stderr's first line in err. */
static int reap(pid_t pid, GitWatch *watch, FILE *ferr, int *ret_status, char *err, size_t err_n) {
        int status;
        int r = wait_exit(pid, watch, &status);
        if (r < 0 && r != -ETIME)
                return r;
        if (err_n > 0) {
                err[0] = 0;
                if (fseek(ferr, 0, SEEK_SET) == 0 && fgets(err, (int) err_n, ferr))
                        err[strcspn(err, "\n")] = 0;
        }
        if (r < 0)
                return r;
        if (!WIFEXITED(status))
                return -EIO;
        if (WEXITSTATUS(status) == 127)
                return -ENOENT;
        *ret_status = WEXITSTATUS(status);
        return 0;
}

/* spawn_piped() with a time limit: its watch in *ret_watch. */
static int spawn_watched(const Git *g, const char *const *args, FILE *fin, FILE *ferr, pid_t *ret_pid,
                         int *ret_fd, GitWatch **ret_watch) {
        int status, r = spawn_piped(g, args, fin, ferr, ret_pid, ret_fd);
        if (r < 0)
                return r;
        if ((r = watch_start(*ret_pid, args, ret_watch)) < 0) {
                close(*ret_fd);
                kill(*ret_pid, SIGKILL);
                (void) wait_exit(*ret_pid, NULL, &status);
        }
        return r;
}

int git_stream(const Git *g, const char *const *args, const char *in, size_t in_n,
               int (*read_out)(void *userdata, int fd), void *userdata, int *ret_status, char *err,
               size_t err_n) {
        _cleanup_(fclosep) FILE *fin = input_file(in, in_n), *ferr = tmpfile();
        GitWatch *watch;
        int out_fd, r;
        pid_t pid;

        if (!fin || !ferr)
                return -errno;
        if ((r = spawn_watched(g, args, fin, ferr, &pid, &out_fd, &watch)) < 0)
                return r;
        r = read_out(userdata, out_fd);
        close(out_fd);
        int k = reap(pid, watch, ferr, ret_status, err, err_n);
        /* killed: what it read was cut short, and the limit is the reason */
        return k == -ETIME || r >= 0 ? k : r;
}

int git_start(const Git *g, const char *const *args, const char *in, size_t in_n, GitChild *ret) {
        _cleanup_(fclosep) FILE *fin = input_file(in, in_n), *fout = tmpfile(), *ferr = tmpfile();
        GitWatch *watch;
        pid_t pid;
        int status;
        if (!fin || !fout || !ferr)
                return -errno;
        int r = spawn(g, args, fin, fileno(fout), ferr, &pid);
        if (r < 0)
                return r;
        if ((r = watch_start(pid, args, &watch)) < 0) {
                kill(pid, SIGKILL);
                (void) wait_exit(pid, NULL, &status);
                return r;
        }
        *ret = (GitChild){.pid = pid, .watch = watch, .out = TAKE_PTR(fout), .err = TAKE_PTR(ferr)};
        return 0;
}

int git_finish(GitChild *c, const char **ret_out, size_t *ret_n, int *ret_status, char *err, size_t err_n) {
        struct stat st;
        if (c->pid <= 0)
                return -ECHILD;
        int r = reap(c->pid, c->watch, c->err, ret_status, err, err_n);
        c->pid = 0;
        c->watch = NULL;
        if (r < 0)
                return r;
        if (fstat(fileno(c->out), &st) < 0)
                return -errno;
        if ((uint64_t) st.st_size > GIT_OUTPUT_MAX)
                return -EFBIG;
        if (st.st_size > 0) {
                void *m = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE, fileno(c->out), 0);
                if (m == MAP_FAILED)
                        return -errno;
                c->map = m;
                c->map_n = (size_t) st.st_size;
        }
        *ret_out = c->map ? c->map : "";
        *ret_n = c->map_n;
        return 0;
}

void git_child_done(GitChild *c) {
        if (c->pid > 0) { /* never finished: not left running */
                int status;
                (void) watch_stop(c->watch);
                kill(c->pid, SIGKILL);
                (void) wait_exit(c->pid, NULL, &status);
        }
        if (c->map)
                munmap(c->map, c->map_n);
        if (c->out)
                fclose(c->out);
        if (c->err)
                fclose(c->err);
        *c = (GitChild){0};
}

/*
 * Run git with args in the worktree, in (in_n bytes, or nothing) on its
 * stdin: 0 with its stdout in *ret_out (NUL-terminated, *ret_n bytes) and
 * its exit status in *ret_status; its stderr's first line in err. -errno
 * when it could not be run (127: no git).
 */
int git_run(const Git *g, const char *const *args, const char *in, size_t in_n, char **ret_out,
            size_t *ret_n, int *ret_status, char *err, size_t err_n) {
        Collect c = {0};
        int r = git_stream(g, args, in, in_n, collect_out, &c, ret_status, err, err_n);
        if (r < 0) {
                free(c.out);
                return r;
        }
        *ret_out = c.out;
        *ret_n = c.n;
        return 0;
}

int cat_file_heads(int fd, size_t n, size_t max, const char *(*oid_at)(void *ctx, size_t i),
                   void (*each)(void *ctx, size_t i, const char *buf, size_t len, uint64_t size),
                   void *ctx) {
        _cleanup_free_ char *buf = malloc(max ? max : 1);
        int copy = buf ? fcntl(fd, F_DUPFD_CLOEXEC, 3) : -1;
        if (!buf)
                return -ENOMEM;
        if (copy < 0)
                return -errno;
        _cleanup_(fclosep) FILE *f = fdopen(copy, "r");
        if (!f) {
                close(copy);
                return -errno;
        }
        for (size_t i = 0; i < n; i++) {
                char line[256], oid[65], type[16];
                unsigned long long size;
                if (!fgets(line, sizeof line, f) || sscanf(line, "%64s %15s %llu", oid, type, &size) != 3 ||
                    !streq(type, "blob") || !streq(oid, oid_at(ctx, i)))
                        return -EBADMSG;
                size_t want = size < max ? (size_t) size : max;
                if (fread(buf, 1, want, f) != want)
                        return -EBADMSG;
                each(ctx, i, buf, want, size);
                for (unsigned long long rest = size - want + 1; rest > 0;) { /* and the newline */
                        char skip[65536];
                        size_t k = fread(skip, 1, rest < sizeof skip ? (size_t) rest : sizeof skip, f);
                        if (k == 0)
                                return -EBADMSG;
                        rest -= k;
                }
        }
        return 0;
}

/* git, which must succeed: its stdout, or the failure in e. */
int git_ok(const Git *g, const char *const *args, const char *in, size_t in_n, char **ret_out, size_t *ret_n,
           HostError *e) {
        char err[512];
        int status = 0, r = git_run(g, args, in, in_n, ret_out, ret_n, &status, err, sizeof err);
        if (r == -ENOENT)
                return fail(e, r, "path policy: cannot run git: not found");
        if (r == -ETIME)
                return fail(e, r, "path policy: %s (in %s)", git_strerror(r), shown(g->worktree));
        if (r < 0)
                return fail(e, r, "path policy: cannot run git %s: %s", args[0], strerror(-r));
        if (status != 0) {
                free(TAKE_PTR(*ret_out));
                return fail(e, -EIO, "path policy: git %s failed in %s: %s", args[0], shown(g->worktree),
                            err[0] ? err : "(no message)");
        }
        return 0;
}

/* path is dir itself or lies beneath it (both resolved). */
static bool path_within(const char *path, const char *dir) {
        size_t n = strlen(dir);
        if (strncmp(path, dir, n) != 0)
                return false;
        return path[n] == 0 || path[n] == '/' || streq(dir, "/");
}

/* A name resolved to compare it, never to open it: git_pin() only checks
 * that git's own answers (the top level, the gitdir, the common dir) name
 * the worktree and directories outside it, and then hands git those
 * answers. No mount is near: this is the host, after the guest's binds.
 * What it does not close: an agent still running (a --snapshot taken
 * while the VM runs) that swaps .git for a symlink between this check and
 * a later git run; publish runs after the VM is gone. */
static int resolved(const char *p, char **ret) {
        char *r = realpath(p, NULL);
        if (!r)
                return -errno;
        *ret = r;
        return 0;
}

/*
 * git rev-parse for git_pin(): meanwhile runs while git answers, and the
 * answer is taken once whole (lines lines, the last "--"), not once git
 * has exited: tearing a git process down takes milliseconds. That git is
 * then reaped by git_done(), and a status other than 0 fails the caller
 * there (g->pin_status). 1 whole, with *ret_out; 0 not (git exited: its
 * status in *ret_status), -errno.
 */
static int pin_ask(Git *g, const char *const *args, size_t lines, void (*meanwhile)(void *ctx), void *ctx,
                   char **ret_out, size_t *ret_n, int *ret_status) {
        _cleanup_(fclosep) FILE *fin = input_file(NULL, 0), *ferr = tmpfile();
        _cleanup_free_ char *out = NULL;
        size_t n = 0, cap = 0, seen = 0;
        GitWatch *watch;
        int out_fd, r;
        pid_t pid;

        if (!fin || !ferr)
                return -errno;
        if ((r = spawn_watched(g, args, fin, ferr, &pid, &out_fd, &watch)) < 0)
                return r;
        if (meanwhile)
                meanwhile(ctx);
        bool whole = false;
        for (;;) {
                if (n >= GIT_OUTPUT_MAX || ARRAY_GROW(out, cap, n + 4096 + 1) < 0) {
                        r = -ENOMEM;
                        break;
                }
                ssize_t k = read(out_fd, out + n, cap - n - 1);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k <= 0) {
                        r = k < 0 ? -errno : 0;
                        break;
                }
                for (ssize_t i = 0; i < k; i++)
                        seen += out[n + (size_t) i] == '\n';
                n += (size_t) k;
                if (seen == lines && n >= 3 && memcmp(out + n - 3, "--\n", 3) == 0) {
                        whole = true;
                        break;
                }
        }
        close(out_fd);
        if (whole) {
                g->pin_pid = pid;
                g->pin_watch = watch;
                out[n] = 0;
                *ret_out = TAKE_PTR(out);
                *ret_n = n;
                return 1;
        }
        int k = reap(pid, watch, ferr, ret_status, NULL, 0);
        return k == -ETIME || r >= 0 ? (k < 0 ? k : 0) : r;
}

int git_pin(Git *g, void (*meanwhile)(void *ctx), void *ctx, HostError *e) {
        _cleanup_free_ char *out = NULL, *wt = NULL, *top = NULL, *dir = NULL, *common = NULL, *own = NULL,
                            *wtconfig = NULL;
        size_t n = 0;
        int r;

        git_done(g);
        if ((r = resolved(g->worktree, &wt)) < 0)
                return fail(e, r, "path policy: cannot resolve the worktree %s: %s", shown(g->worktree),
                            strerror(-r));
        /* git's own answer, before anything reads the index: rev-parse
         * reads config, which runs nothing. HEAD's commit and tree asked
         * with it (the commit, for the boot's base: no git of its own);
         * a repository without a commit asked again without. */
        const char *args[] = {"rev-parse",
                              "--path-format=absolute",
                              "--show-toplevel",
                              "--git-dir",
                              "--git-common-dir",
                              "--show-object-format",
                              "HEAD^{commit}",
                              "HEAD^{tree}",
                              "--",
                              NULL};
        int status = 0;
        r = pin_ask(g, args, 7, meanwhile, ctx, &out, &n, &status);
        if (r == -ETIME) {
                r = fail(e, r, "path policy: %s (in %s)", git_strerror(r), shown(g->worktree));
                goto fail;
        }
        bool with_tree = r > 0;
        if (!with_tree) {
                args[6] = NULL;
                free(TAKE_PTR(out));
                if ((r = git_ok(g, args, NULL, 0, &out, &n, e)) < 0)
                        goto fail;
        }
        char *line[6] = {0}, *p = out;
        for (size_t i = 0; i < (size_t) (4 + 2 * with_tree); i++) {
                char *nl = memchr(p, '\n', (size_t) (out + n - p));
                if (!nl) {
                        r = fail(e, -EBADMSG,
                                 "path policy: cannot read where git finds the repository of %s",
                                 shown(g->worktree));
                        goto fail;
                }
                *nl = 0;
                line[i] = p;
                p = nl + 1;
        }
        g->hashsz = streq(line[3], "sha256") ? 32 : streq(line[3], "sha1") ? 20 : 0;
        g->head_tree[0] = g->head_commit[0] = 0;
        if (with_tree && g->hashsz && strlen(line[4]) == 2 * g->hashsz &&
            strspn(line[4], "0123456789abcdef") == 2 * g->hashsz && strlen(line[5]) == 2 * g->hashsz &&
            strspn(line[5], "0123456789abcdef") == 2 * g->hashsz) {
                memcpy(g->head_commit, line[4], 2 * g->hashsz + 1);
                memcpy(g->head_tree, line[5], 2 * g->hashsz + 1);
        }
        if ((r = resolved(line[0], &top)) < 0 || (r = resolved(line[1], &dir)) < 0 ||
            (r = resolved(line[2], &common)) < 0) {
                r = fail(e, r, "path policy: cannot resolve the repository of %s: %s", shown(g->worktree),
                         strerror(-r));
                goto fail;
        }
        if (!streq(top, wt)) {
                r = fail(e, -EINVAL, "path policy: %s is not the top of its repository (git says %s)",
                         shown(wt), shown(top));
                goto fail;
        }
        if (asprintf(&own, "%s/.git", wt) < 0) {
                r = -ENOMEM;
                goto fail;
        }
        struct stat st;
        bool main_checkout = streq(dir, own) && lstat(own, &st) == 0 && S_ISDIR(st.st_mode);
        if (main_checkout ? !streq(common, dir) : path_within(dir, wt) || path_within(common, wt)) {
                r = fail(e, -EACCES,
                         "path policy: refusing to stage %s: its repository (gitdir %s, common dir %s) is "
                         "named from inside the worktree, so its config is the agent's",
                         shown(wt), shown(dir), shown(common));
                goto fail;
        }
        g->work_tree = TAKE_PTR(wt);
        g->git_dir = TAKE_PTR(dir);
        g->common_dir = TAKE_PTR(common);
        if (!main_checkout)
                return 0;
        /* The main checkout's .git is the agent's but for config and
         * hooks: a config.worktree there is read as well when the host's
         * config turns extensions.worktreeConfig on. None there, nothing
         * to ask git. */
        if (asprintf(&wtconfig, "%s/config.worktree", g->git_dir) < 0) {
                r = -ENOMEM;
                goto fail;
        }
        if (lstat(wtconfig, &st) < 0 && errno == ENOENT)
                return 0;
        const char *list[] = {"config", "--show-scope", "-z", "--list", NULL};
        free(TAKE_PTR(out));
        if ((r = git_ok(g, list, NULL, 0, &out, &n, e)) < 0)
                goto fail;
        for (char *q = out; q < out + n;) {
                const char *scope = q;
                q += strlen(q) + 1;
                if (q >= out + n)
                        break;
                char *key = q, *value = strchr(key, '\n');
                q += strlen(q) + 1;
                if (value)
                        *value++ = 0;
                if (streq(scope, "worktree") && git_audit_key_is_flagged(key, value)) {
                        r = fail(e, -EACCES,
                                 "path policy: refusing to stage %s: %s/config.worktree sets %s, which "
                                 "would run a program",
                                 shown(g->work_tree), shown(g->git_dir), shown(key));
                        goto fail;
                }
        }
        return 0;
fail:
        git_done(g);
        return r;
}

int git_pin_reap(Git *g, HostError *e) {
        int status = 0;
        if (g->pin_pid <= 0)
                return 0;
        int r = wait_exit(g->pin_pid, g->pin_watch, &status);
        g->pin_pid = 0;
        g->pin_watch = NULL;
        if (r == -ETIME)
                return fail(e, r, "path policy: %s (in %s)", git_strerror(r), shown(g->worktree));
        if (r < 0)
                return fail(e, r, "path policy: cannot wait for git rev-parse: %s", strerror(-r));
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                return fail(e, -EIO, "path policy: git rev-parse failed in %s after it answered",
                            shown(g->worktree));
        return 0;
}

void git_done(Git *g) {
        int status;
        if (g->pin_pid > 0) {
                (void) wait_exit(g->pin_pid, g->pin_watch, &status);
                g->pin_pid = 0;
                g->pin_watch = NULL;
        }
        free(g->git_dir);
        free(g->common_dir);
        free(g->work_tree);
        g->git_dir = g->common_dir = g->work_tree = NULL;
}
