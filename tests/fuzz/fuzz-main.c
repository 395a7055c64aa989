/* SPDX-License-Identifier: MIT */
/* Without libFuzzer: feed each file named (or each file in each directory
 * named) to the fuzz target once, so the seed corpus and every crash ever
 * found run as plain regression tests in every build. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
        _cleanup_free_ char *buf = NULL;
        size_t size;
        int r = read_full_file(path, 16u << 20, &buf, &size);
        if (r < 0) {
                fprintf(stderr, "%s: %s\n", path, strerror(-r));
                return r;
        }
        LLVMFuzzerTestOneInput((const uint8_t *) buf, size);
        return 1;
}

int main(int argc, char **argv) {
        int ran = 0;

        for (int i = 1; i < argc; i++) {
                struct stat st;
                if (stat(argv[i], &st) < 0) {
                        perror(argv[i]);
                        return 1;
                }
                if (!S_ISDIR(st.st_mode)) {
                        if (run_file(argv[i]) < 0)
                                return 1;
                        ran++;
                        continue;
                }
                struct dirent **names;
                int n = scandir(argv[i], &names, NULL, alphasort);
                if (n < 0) {
                        perror(argv[i]);
                        return 1;
                }
                for (int k = 0; k < n; k++) {
                        char path[4096];
                        if (names[k]->d_name[0] != '.') {
                                snprintf(path, sizeof path, "%s/%s", argv[i], names[k]->d_name);
                                if (run_file(path) < 0)
                                        return 1;
                                ran++;
                        }
                        free(names[k]);
                }
                free(names);
        }
        printf("%d input(s) ran\n", ran);
        /* A corpus that ran nothing is a broken test, not a pass. */
        return ran > 0 ? 0 : 1;
}
