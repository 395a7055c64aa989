/* SPDX-License-Identifier: MIT */
/* bench/check-command.sh's in-process half: the secret-paths rule's cost a
 * command, over a corpus (one command a line), ROUNDS times over, against
 * the built-ins' masked entries and a masked directory. Prints the
 * nanoseconds a command and how many were refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "command.h"
#include "util.h"

int main(int argc, char **argv) {
        static const char *const secrets[] = {".env", ".envrc", ".git-credentials", ".netrc", "secrets/"};
        char *buf = NULL;
        size_t n = 0, lines = 0, refused = 0;
        if (argc != 3 || read_full_file(argv[1], 64u << 20, &buf, &n) < 0) {
                fprintf(stderr, "usage: command-rate CORPUS ROUNDS\n");
                return 2;
        }
        int rounds = atoi(argv[2]);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (int r = 0; r < rounds; r++)
                for (char *p = buf, *e; p < buf + n; p = e + 1) {
                        e = memchr(p, '\n', (size_t) (buf + n - p));
                        if (!e)
                                e = buf + n;
                        CommandVerdict v;
                        if (command_check(p, (size_t) (e - p),
                                          &(CommandPolicy){secrets, ELEMENTSOF(secrets), NULL}, &v) < 0)
                                return 1;
                        if (r == 0) {
                                lines++;
                                refused += v.refused;
                        }
                        command_verdict_done(&v);
                }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ns = ((double) (t1.tv_sec - t0.tv_sec) * 1e9 + (double) (t1.tv_nsec - t0.tv_nsec)) /
                    ((double) lines * rounds);
        printf("%zu %zu %.0f\n", lines, refused, ns);
        free(buf);
        return 0;
}
