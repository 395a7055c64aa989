/* SPDX-License-Identifier: MIT */
/*
 * git on a worktree the agent wrote (host-internal.h): the host side's one
 * way to run it, with nothing the agent could have set able to execute.
 */
#include "host-internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/wait.h>

#include "util.h"

/* What git says: a worktree's changes, in bytes. */
#define GIT_OUTPUT_MAX (1024u * 1024 * 1024)

extern char **environ;

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
 * checkout or submodule (a gitlink is its HEAD, nothing more), no network.
 * Filter drivers stay as the root repository's config defines them (the
 * host's: the agent could not write it), so git-lfs works.
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
};

/*
 * Run git with args in the worktree, in (in_n bytes, or nothing) on its
 * stdin: 0 with its stdout in *ret_out (NUL-terminated, *ret_n bytes) and
 * its exit status in *ret_status; its stderr's first line in err. -errno
 * when it could not be run (127: no git).
 */
int git_run(const Git *g, const char *const *args, const char *in, size_t in_n, char **ret_out,
            size_t *ret_n, int *ret_status, char *err, size_t err_n) {
        _cleanup_free_ char **argv = NULL, **envp = NULL, *index_env = NULL, *out = NULL;
        _cleanup_(fclosep) FILE *fin = tmpfile(), *ferr = tmpfile();
        size_t n_args = 0, n_env = 0;
        int pipefd[2], r;

        if (!fin || !ferr)
                return -errno;
        if (in_n > 0 &&
            (fwrite(in, 1, in_n, fin) != in_n || fflush(fin) != 0 || fseek(fin, 0, SEEK_SET) != 0))
                return -EIO;
        while (args[n_args])
                n_args++;
        argv = calloc(n_args + ELEMENTSOF(git_hardening) + 5, sizeof *argv);
        for (char **e = environ; *e; e++)
                n_env++;
        envp = calloc(n_env + 6, sizeof *envp);
        if (!argv || !envp || (g->index && asprintf(&index_env, "GIT_INDEX_FILE=%s", g->index) < 0))
                return -ENOMEM;
        size_t a = 0;
        argv[a++] = (char *) "git";
        argv[a++] = (char *) "-C";
        argv[a++] = (char *) g->worktree;
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
        if (index_env)
                envp[k++] = index_env;

        if (pipe2(pipefd, O_CLOEXEC) < 0)
                return -errno;
        pid_t pid = fork();
        if (pid < 0) {
                r = -errno;
                close(pipefd[0]);
                close(pipefd[1]);
                return r;
        }
        if (pid == 0) {
                if (dup2(fileno(fin), STDIN_FILENO) < 0 || dup2(pipefd[1], STDOUT_FILENO) < 0 ||
                    dup2(fileno(ferr), STDERR_FILENO) < 0)
                        _exit(127);
                execvpe("git", argv, envp);
                _exit(127);
        }
        close(pipefd[1]);
        size_t n = 0;
        r = read_full_fd(pipefd[0], GIT_OUTPUT_MAX, &out, &n);
        close(pipefd[0]);
        int status;
        while (waitpid(pid, &status, 0) < 0)
                if (errno != EINTR)
                        return -errno;
        if (r < 0)
                return r;
        if (err_n > 0) {
                err[0] = 0;
                if (fseek(ferr, 0, SEEK_SET) == 0 && fgets(err, (int) err_n, ferr))
                        err[strcspn(err, "\n")] = 0;
        }
        if (!WIFEXITED(status))
                return -EIO;
        if (WEXITSTATUS(status) == 127)
                return -ENOENT;
        *ret_status = WEXITSTATUS(status);
        *ret_out = TAKE_PTR(out);
        *ret_n = n;
        return 0;
}

/* git, which must succeed: its stdout, or the failure in e. */
int git_ok(const Git *g, const char *const *args, const char *in, size_t in_n, char **ret_out, size_t *ret_n,
           HostError *e) {
        char err[512];
        int status = 0, r = git_run(g, args, in, in_n, ret_out, ret_n, &status, err, sizeof err);
        if (r == -ENOENT)
                return fail(e, r, "path policy: cannot run git: not found");
        if (r < 0)
                return fail(e, r, "path policy: cannot run git %s: %s", args[0], strerror(-r));
        if (status != 0) {
                free(TAKE_PTR(*ret_out));
                return fail(e, -EIO, "path policy: git %s failed in %s: %s", args[0], shown(g->worktree),
                            err[0] ? err : "(no message)");
        }
        return 0;
}
