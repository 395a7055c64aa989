/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include "platform.h"

/* Portable: SO_NWRITE on Darwin, SIOCOUTQ where the system has it (Linux,
 * when this backend is built there with -Dwatcher=poll), else -ENOSYS. */
#if !defined(SO_NWRITE) && defined(__linux__)
#include <linux/sockios.h>
#endif

int platform_socket_unread(int fd, size_t *ret) {
        int n;
#if defined(SO_NWRITE)
        socklen_t len = sizeof n;
        if (getsockopt(fd, SOL_SOCKET, SO_NWRITE, &n, &len) < 0)
                return -errno;
#elif defined(SIOCOUTQ)
        if (ioctl(fd, SIOCOUTQ, &n) < 0)
                return -errno;
#else
        (void) fd;
        (void) ret;
        (void) n;
        return -ENOSYS;
#endif
#if defined(SO_NWRITE) || defined(SIOCOUTQ)
        if (n > 0) {
                *ret = (size_t) n;
                return 0;
        }
        /* A peer that closed took its unread data with it, and the count may
         * read 0 then: only a 0 seen while the peer is still there counts
         * (see platform/linux/socket.c). */
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 0) < 0)
                return -errno;
        if (p.revents & (POLLHUP | POLLERR))
                return -ECONNRESET;
        *ret = 0;
        return 0;
#endif
}
