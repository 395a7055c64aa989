/* SPDX-License-Identifier: MIT */
/* Test helper: an idle process holding N descriptors of /dev/null (run through a link named git-x, it is
 * what an agent makes to look like git), "ready" on stdout once all are open, until its stdin closes.
 * Must not touch anything but /dev/null. Usage: fd-holder N */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

int main(int argc, char **argv) {
        struct rlimit rl;
        char c;
        if (argc != 2)
                return 2;
        long n = strtol(argv[1], NULL, 10);
        /* Room for n: 20,000 descriptors is past the usual soft limit, and
         * at some hard ones (root may raise it, as an agent running as
         * root could). */
        if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t) n + 16) {
                rl.rlim_cur = (rlim_t) n + 16;
                if (rl.rlim_max < rl.rlim_cur)
                        rl.rlim_max = rl.rlim_cur;
                (void) setrlimit(RLIMIT_NOFILE, &rl);
        }
        for (long i = 0; i < n; i++)
                if (open("/dev/null", O_RDONLY) < 0) {
                        perror("fd-holder: open");
                        return 1;
                }
        if (printf("ready\n") < 0 || fflush(stdout) != 0)
                return 1;
        while (read(STDIN_FILENO, &c, 1) > 0)
                ;
        return 0;
}
