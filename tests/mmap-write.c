/* SPDX-License-Identifier: MIT */
/* Test helper: rewrite a file's bytes in place through a shared mapping, which makes no inotify event.
 * Must not change the file's size (a truncate is an event): CONTENT must be exactly as long as FILE.
 * Usage: mmap-write FILE CONTENT */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
        struct stat st;
        if (argc != 3)
                return 2;
        size_t n = strlen(argv[2]);
        int fd = open(argv[1], O_RDWR | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &st) < 0) {
                perror(argv[1]);
                return 1;
        }
        if ((size_t) st.st_size != n || n == 0) {
                fprintf(stderr, "mmap-write: %s has %lld bytes, the content %zu\n", argv[1],
                        (long long) st.st_size, n);
                return 1;
        }
        char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (p == MAP_FAILED) {
                perror("mmap");
                return 1;
        }
        memcpy(p, argv[2], n);
        /* The page cache is the file: what git reads next is this. */
        if (msync(p, n, MS_SYNC) < 0 || munmap(p, n) < 0) {
                perror("msync");
                return 1;
        }
        return close(fd) < 0;
}
