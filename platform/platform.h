/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

/*
 * The one contract each OS implements. platform/linux/ is the inotify
 * watcher and the fd-based mount engine; platform/darwin/ is the portable
 * poller and the warn-only enforcer. meson.build picks one of them; the
 * core in daemon/ only ever calls what is declared here.
 *
 * The contract grows with the backends: an operation a backend cannot do
 * returns -ENOSYS explicitly rather than being left out.
 */

/* The name of the backend this binary was built with ("inotify", "poll"). */
const char *platform_backend_name(void);

/*
 * Bytes written to the connected stream socket fd that its peer has not
 * read yet, or an upper bound of them: 0 means the peer, still connected,
 * has consumed everything. The log stream uses it to know when a record it
 * wrote can no longer be lost with the peer. -ECONNRESET when the peer has
 * gone (whatever it had not read is lost); -ENOSYS where the OS cannot tell.
 */
int platform_socket_unread(int fd, size_t *ret);
