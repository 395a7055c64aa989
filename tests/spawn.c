/* SPDX-License-Identifier: MIT */
/* Test helper: run a command once for each of N input files, from a process
 * small enough that a spawn costs the exec alone (a bash fork copies the
 * shell). Run I reads DIR/in.I on stdin and writes DIR/out.I and DIR/err.I.
 * "seq" runs them one after the other, "all" starts them all, then waits.
 * Exit 0 when every run was started and waited for, 1 otherwise.
 * Usage: spawn seq|all DIR FIRST LAST CMD [ARG...] */
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static pid_t start(const char *dir, long i, char **cmd) {
        static const char *const names[] = {"in", "out", "err"};
        static const int flags[] = {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_TRUNC};
        posix_spawn_file_actions_t fa;
        char path[4096];
        pid_t pid = -1;

        if (posix_spawn_file_actions_init(&fa) != 0)
                return -1;
        for (int fd = 0; fd < 3; fd++) {
                snprintf(path, sizeof path, "%s/%s.%ld", dir, names[fd], i);
                if (posix_spawn_file_actions_addopen(&fa, fd, path, flags[fd], 0644) != 0)
                        goto out;
        }
        if (posix_spawn(&pid, cmd[0], &fa, NULL, cmd, environ) != 0) {
                perror(cmd[0]);
                pid = -1;
        }
out:
        posix_spawn_file_actions_destroy(&fa);
        return pid;
}

int main(int argc, char **argv) {
        if (argc < 6 || (strcmp(argv[1], "seq") != 0 && strcmp(argv[1], "all") != 0))
                return 2;
        bool all = strcmp(argv[1], "all") == 0;
        long first = strtol(argv[3], NULL, 10), last = strtol(argv[4], NULL, 10);
        int failed = 0;
        long running = 0;

        for (long i = first; i <= last; i++) {
                pid_t pid = start(argv[2], i, argv + 5);
                if (pid < 0) {
                        failed = 1;
                        continue;
                }
                running++;
                if (!all && waitpid(pid, NULL, 0) == pid)
                        running--;
        }
        while (running > 0 && wait(NULL) > 0)
                running--;
        return failed || running > 0;
}
