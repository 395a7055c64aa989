/* SPDX-License-Identifier: MIT */
/* Test helper: be systemd's notify socket. Binds a datagram socket at PATH
 * and prints the first COUNT messages (default 1) that arrive, each on its
 * own lines; exit 1 when SECONDS pass between two of them.
 * Usage: notify-listen PATH SECONDS [COUNT] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv) {
        struct sockaddr_un sa = {.sun_family = AF_UNIX};
        struct timeval tv = {.tv_sec = argc > 2 ? atoi(argv[2]) : 10};
        char buf[4096];
        int count = argc > 3 ? atoi(argv[3]) : 1;
        if (argc < 3 || argc > 4 || count < 1 || strlen(argv[1]) >= sizeof sa.sun_path)
                return 2;
        int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        strcpy(sa.sun_path, argv[1]);
        unlink(argv[1]);
        if (fd < 0 || bind(fd, (struct sockaddr *) &sa, sizeof sa) < 0)
                return perror("bind"), 1;
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        printf("listening\n");
        fflush(stdout);
        for (int i = 0; i < count; i++) {
                ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
                if (n < 0)
                        return 1;
                buf[n] = 0;
                printf("%s\n", buf);
                fflush(stdout);
        }
        return 0;
}
