/* SPDX-License-Identifier: MIT */
/* --no-window: the fanotify permission group that denies opens of a masked name until its mask lands.
 * Must not be used without the fanotify watcher: it shares that watcher's loop and root. */
#pragma once

#include <stdint.h>
#include <sys/types.h>
#include <uv.h>

#include "platform.h"

typedef struct FanPerm FanPerm;

/* A permission group with an open mark on the mount root_fd is on, and its
 * thread answering each open there at once. 0, or -errno (EINVAL: a kernel
 * without permission events). root_fd stays the caller's. */
int fan_perm_start(uv_loop_t *loop, int root_fd, const char *root_abs, const WatchCallbacks *cb,
                   void *userdata, FanPerm **ret);
/* The directory rel (beneath the root, no symlink followed) guarded: a
 * checkout, when its .git is seen. 0, or -errno. */
int fan_perm_guard(FanPerm *p, const char *rel);
/* A directory rel found or made: guarded when the core says a masked name
 * can be made in it (WatchCallbacks.mask_dir). */
void fan_perm_dir_seen(FanPerm *p, const char *rel);
/* How the thread tid, waiting on an answer, opens: O_RDONLY, O_WRONLY or
 * O_RDWR, from its system call's arguments (/proc/TID/syscall: open,
 * openat, creat), once it is asleep, waiting at most wait_ns for that; -1
 * when it cannot be told (still running then; openat2, whose flags are in
 * its memory; an io_uring open on a kernel worker; exec; an opener in a PID
 * namespace the caller cannot see into; ptrace forbidden by Yama). */
int fan_perm_open_mode(pid_t tid, uint64_t wait_ns);
/* Another mount below the root (a checkout on a disk of its own): marked too. */
int fan_perm_mark(FanPerm *p, int fd);
/* The thread ends and the group closes (the kernel lets every open through
 * from then on, one left unanswered too); the loop's handles close. */
void fan_perm_stop(FanPerm *p);
/* Once the loop let the handles go. */
void fan_perm_free(FanPerm *p);
