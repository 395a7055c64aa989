/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "platform.h"

int platform_git_processes(int **ret, size_t *ret_n) {
        DIR *d = opendir("/proc");
        struct dirent *de;
        int *v = NULL;
        size_t n = 0, allocated = 0;

        if (!d)
                return -errno;
        while ((de = readdir(d))) {
                char path[64], comm[32];
                char *end;
                long pid = strtol(de->d_name, &end, 10);
                if (*end || pid <= 0 || pid == getpid())
                        continue;
                snprintf(path, sizeof path, "/proc/%ld/comm", pid);
                FILE *f = fopen(path, "re");
                if (!f)
                        continue; /* gone meanwhile */
                bool git = fgets(comm, sizeof comm, f) && strncmp(comm, "git", 3) == 0;
                fclose(f);
                if (!git)
                        continue;
                /* A pidfd names this process, not a later one that reuses
                 * its number. */
                int fd = (int) syscall(SYS_pidfd_open, (pid_t) pid, 0);
                if (fd < 0)
                        continue;
                if (n == allocated) {
                        size_t k = allocated ? allocated * 2 : 8;
                        int *nv = realloc(v, k * sizeof *v);
                        if (!nv) {
                                close(fd);
                                break;
                        }
                        v = nv;
                        allocated = k;
                }
                v[n++] = fd;
        }
        closedir(d);
        *ret = v;
        *ret_n = n;
        return 0;
}

int platform_process_exited(int pidfd) {
        struct pollfd p = {.fd = pidfd, .events = POLLIN};
        /* A pidfd becomes readable when its process exits. */
        if (poll(&p, 1, 0) < 0)
                return -errno;
        return (p.revents & (POLLIN | POLLHUP)) ? 1 : 0;
}
