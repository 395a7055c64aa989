/* SPDX-License-Identifier: MIT */
/* Test helper: create and remove a directory N times under DIR, as fast as
 * the kernel allows. Usage: churn DIR N */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
        char path[4096];
        if (argc != 3)
                return 2;
        long n = strtol(argv[2], NULL, 10);
        for (long i = 0; i < n; i++) {
                snprintf(path, sizeof path, "%s/d%ld", argv[1], i % 16);
                if (mkdir(path, 0755) < 0 || rmdir(path) < 0) {
                        perror(path);
                        return 1;
                }
        }
        return 0;
}
