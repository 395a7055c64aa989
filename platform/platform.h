/* SPDX-License-Identifier: MIT */
#pragma once

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
