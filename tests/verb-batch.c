/* SPDX-License-Identifier: MIT */
/*
 * Test helper: the pathpolicy CLI, run many times from one process. It is
 * the CLI's own sources, its main() renamed (tests/meson.build), so a
 * request runs exactly what `pathpolicy ARGS...` runs, in a forked child,
 * without an exec. test-policy-boot.sh runs its 700 verbs through it.
 *
 * One request a line on stdin, fields separated by tabs:
 *   OUT ERR NS ARG...   run `pathpolicy ARG...` with stdout to file OUT and
 *                       stderr to file ERR (truncated; "-" for /dev/null),
 *                       in a private mount namespace of its own when NS is
 *                       "ns" (as unshare -m --propagation private), else "-"
 *   mkdir PATH...       mkdir each PATH (0755)
 * One answer a line on stdout: the exit status (128 + N for a signal N;
 * for mkdir, 0 or 1).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* main.c's main, renamed by -Dmain=pathpolicy_main for this executable. */
#undef main
int pathpolicy_main(int argc, char **argv);

enum { MAX_ARGS = 64 };

static int redirect(const char *path, int fd) {
        int f = open(strcmp(path, "-") == 0 ? "/dev/null" : path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                     0644);
        if (f < 0 || dup2(f, fd) < 0)
                return -1;
        close(f);
        return 0;
}

static int run(char **field, int n) {
        if (n < 4)
                return 2;
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0)
                return 126;
        if (pid == 0) {
                int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
                if (in < 0 || dup2(in, STDIN_FILENO) < 0 || redirect(field[0], STDOUT_FILENO) < 0 ||
                    redirect(field[1], STDERR_FILENO) < 0)
                        _exit(126);
                if (strcmp(field[2], "ns") == 0 &&
                    (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)) {
                        perror("verb-batch: unshare");
                        _exit(126);
                }
                static char name[] = "pathpolicy";
                char *argv[MAX_ARGS + 2] = {name};
                for (int i = 3; i < n; i++)
                        argv[i - 2] = field[i];
                /* exit(), not _exit(): what the verb left in stdio goes out,
                 * as when main() returns. */
                exit(pathpolicy_main(n - 2, argv));
        }
        int status;
        while (waitpid(pid, &status, 0) < 0)
                if (errno != EINTR)
                        return 126;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(void) {
        char *line = NULL;
        size_t size = 0;
        ssize_t len;

        while ((len = getline(&line, &size, stdin)) > 0) {
                char *field[MAX_ARGS + 4];
                int n = 0;
                if (line[len - 1] == '\n')
                        line[len - 1] = 0;
                for (char *s = line, *tok; n < MAX_ARGS + 3 && (tok = strsep(&s, "\t"));)
                        field[n++] = tok;
                int rc = 0;
                if (strcmp(field[0], "mkdir") == 0) {
                        for (int i = 1; i < n; i++)
                                if (mkdir(field[i], 0755) < 0)
                                        rc = 1;
                } else
                        rc = run(field, n);
                printf("%d\n", rc);
                fflush(stdout);
        }
        free(line);
        return 0;
}
