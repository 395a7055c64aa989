/* SPDX-License-Identifier: MIT */
/* Test helper: swap two names with renameat2(RENAME_EXCHANGE) in a tight
 * loop for SECONDS. Usage: racer A B SECONDS */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
        if (argc != 4)
                return 2;
        time_t end = time(NULL) + strtol(argv[3], NULL, 10);
        unsigned long swaps = 0;
        while (time(NULL) < end)
                for (int i = 0; i < 1000; i++)
                        swaps += renameat2(AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE) == 0;
        printf("%lu\n", swaps);
        return 0;
}
