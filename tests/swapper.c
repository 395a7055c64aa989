/* SPDX-License-Identifier: MIT */
/* Test helper: in each DIR, ROUNDS times, rename a symlink and then a file
 * over DIR/.env, as `ln -sfn nowhere .l && mv -T .l .env; echo S >.f &&
 * mv -T .f .env` would, in one process. Touches nothing outside the DIRs.
 * Usage: swapper ROUNDS DIR... */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
        char l[4096], f[4096], env[4096];
        if (argc < 3)
                return 2;
        long rounds = strtol(argv[1], NULL, 10);
        for (long n = 0; n < rounds; n++)
                for (int i = 2; i < argc; i++) {
                        snprintf(l, sizeof l, "%s/.l", argv[i]);
                        snprintf(f, sizeof f, "%s/.f", argv[i]);
                        snprintf(env, sizeof env, "%s/.env", argv[i]);
                        /* As the shell's: a failed rename (the watcher's bind
                         * in the way) is no failure of the helper. */
                        (void) unlink(l);
                        if (symlink("nowhere", l) == 0)
                                (void) rename(l, env);
                        int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
                        if (fd >= 0) {
                                if (write(fd, "S\n", 2) == 2 && close(fd) == 0)
                                        (void) rename(f, env);
                                else
                                        (void) close(fd);
                        }
                }
        return 0;
}
