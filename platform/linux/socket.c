/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <linux/sockios.h>
#include <poll.h>
#include <sys/ioctl.h>

#include "platform.h"

int platform_socket_unread(int fd, size_t *ret) {
        struct pollfd p = {.fd = fd, .events = POLLRDHUP};
        int n;

        /* For AF_UNIX, SIOCOUTQ is the socket's sk_wmem_alloc: the truesize
         * of every skb sent and not yet consumed by the reader, so an upper
         * bound of the unread bytes, and 0 exactly when all is read. */
        if (ioctl(fd, SIOCOUTQ, &n) < 0)
                return -errno;
        if (n > 0) {
                *ret = (size_t) n;
                return 0;
        }

        /* But it also reads 0 once the peer has closed, because closing
         * purges the peer's receive queue, unread records and all. The
         * kernel marks our side shut down before that purge
         * (unix_release_sock() sets sk_shutdown, then dequeues), so if we
         * see no hangup *after* reading 0, the 0 was the reader's doing. */
        if (poll(&p, 1, 0) < 0)
                return -errno;
        if (p.revents & (POLLRDHUP | POLLHUP | POLLERR))
                return -ECONNRESET;
        *ret = 0;
        return 0;
}
