/* SPDX-License-Identifier: MIT */
/* bench/check-command.sh's in-process half: the secret-paths rule's cost a
 * command, over a corpus (one command a line), ROUNDS times over, against
 * the built-ins' masked entries and a masked directory: none held by git's
 * history, then every one held (what prepare's record says past its
 * budget). Prints, for each, how many were refused and the nanoseconds a
 * command: "LINES REFUSED NS HELD_REFUSED HELD_NS". */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "command.h"
#include "util.h"

static const char *const secrets[] = {".env", ".envrc", ".git-credentials", ".netrc", "secrets/"};

/* The corpus ROUNDS times over: 0 with the lines, refusals and ns a
 * command. */
static int run(const char *buf, size_t n, int rounds, const bool *held, size_t *ret_lines,
               size_t *ret_refused, double *ret_ns) {
        size_t lines = 0, refused = 0;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (int r = 0; r < rounds; r++)
                for (const char *p = buf, *e; p < buf + n; p = e + 1) {
                        e = memchr(p, '\n', (size_t) (buf + n - p));
                        if (!e)
                                e = buf + n;
                        CommandVerdict v;
                        if (command_check(p, (size_t) (e - p),
                                          &(CommandPolicy){.secrets = secrets,
                                                           .n_secrets = ELEMENTSOF(secrets),
                                                           .held = held},
                                          &v) < 0)
                                return -1;
                        if (r == 0) {
                                lines++;
                                refused += v.refused;
                        }
                        command_verdict_done(&v);
                }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        *ret_lines = lines;
        *ret_refused = refused;
        *ret_ns = ((double) (t1.tv_sec - t0.tv_sec) * 1e9 + (double) (t1.tv_nsec - t0.tv_nsec)) /
                  ((double) (lines ? lines : 1) * rounds);
        return 0;
}

int main(int argc, char **argv) {
        static const bool all[ELEMENTSOF(secrets)] = {true, true, true, true, true};
        char *buf = NULL;
        size_t n = 0, lines, refused, held_refused;
        double ns, held_ns;
        if (argc != 3 || read_full_file(argv[1], 64u << 20, &buf, &n) < 0) {
                fprintf(stderr, "usage: command-rate CORPUS ROUNDS\n");
                return 2;
        }
        int rounds = atoi(argv[2]);
        if (run(buf, n, rounds, NULL, &lines, &refused, &ns) < 0 ||
            run(buf, n, rounds, all, &lines, &held_refused, &held_ns) < 0)
                return 1;
        printf("%zu %zu %.0f %zu %.0f\n", lines, refused, ns, held_refused, held_ns);
        free(buf);
        return 0;
}
