/* SPDX-License-Identifier: MIT */
/* Test helper: be systemd's notify socket. Binds a datagram socket at PATH
 * and prints the first message that arrives (or nothing after SECONDS).
 * Usage: notify-listen PATH SECONDS */
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
        if (argc != 3 || strlen(argv[1]) >= sizeof sa.sun_path)
                return 2;
        int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        strcpy(sa.sun_path, argv[1]);
        unlink(argv[1]);
        if (fd < 0 || bind(fd, (struct sockaddr *) &sa, sizeof sa) < 0)
                return perror("bind"), 1;
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        printf("listening\n");
        fflush(stdout);
        ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
        if (n < 0)
                return 1;
        buf[n] = 0;
        printf("%s\n", buf);
        return 0;
}
