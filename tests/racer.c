/* SPDX-License-Identifier: MIT */
/* Test helper: swap two names with renameat2(RENAME_EXCHANGE) in a tight
 * loop for SECONDS at most, or until SIGTERM (the race it serves is over:
 * spinning on would burn a core for nothing); then print the swaps. With
 * SWAPS, that many swaps and no more.
 * Usage: racer A B SECONDS [SWAPS] */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile sig_atomic_t stop;

static void on_term(int sig) {
        (void) sig;
        stop = 1;
}

int main(int argc, char **argv) {
        if (argc != 4 && argc != 5)
                return 2;
        signal(SIGTERM, on_term);
        time_t end = time(NULL) + strtol(argv[3], NULL, 10);
        unsigned long swaps = 0;
        if (argc == 5) {
                for (long n = strtol(argv[4], NULL, 10); n > 0 && !stop && time(NULL) < end; n--)
                        swaps += renameat2(AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE) == 0;
                printf("%lu\n", swaps);
                return 0;
        }
        while (!stop && time(NULL) < end)
                for (int i = 0; i < 1000; i++)
                        swaps += renameat2(AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE) == 0;
        printf("%lu\n", swaps);
        return 0;
}
