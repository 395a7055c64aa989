/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * What confine's launcher takes away and what its check probes: one list
 * of each, so that the two cannot drift apart.
 */

#include <linux/filter.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* A capability that beats a bind or the daemon, and why. */
typedef struct ConfineCap {
        int cap;
        const char *name;
        const char *why;
} ConfineCap;

extern const ConfineCap confine_caps[];
extern const size_t confine_n_caps;

/* A system call the filter refuses, with arguments that do nothing: the
 * kernel, when the call reaches it, fails them with EINVAL, EBADF, EFAULT
 * or ESRCH (or, before it looks at them, EPERM for a capability the caller
 * lacks), so a probe never changes anything. in_child: the probe does the
 * real thing (unshare, clone), harmless in a child that exits at once. */
typedef struct ConfineCall {
        const char *name;
        const char *shown; /* the route's name, when not name ("ioctl(TIOCSTI)") */
        unsigned long args[6];
        bool probe;    /* probed by the check (the rest are refused alongside) */
        bool in_child; /* the call is made for real, in a child */
        const char *why;
} ConfineCall;

extern const ConfineCall confine_calls[];
extern const size_t confine_n_calls;

/* The sockets through which root asks the service manager for a process
 * of its own, outside any confinement (systemd-run, D-Bus); NULL-ended. */
extern const char *const confine_service_sockets[];

/* The file behind the loop device dev, if it is one ("" otherwise): the
 * worktree's filesystem byte for byte, masked files included. 0 or -errno. */
int confine_backing_file(dev_t dev, char *buf, size_t n);

/* The seccomp filter as BPF: built (malloc) before the fork, loaded by
 * the child with nothing but system calls. */
int confine_filter_build(struct sock_fprog *ret);
void confine_filter_free(struct sock_fprog *p);
int confine_filter_load(const struct sock_fprog *p);

/* The compat entry points of this build's architecture that the filter
 * covers and the check probes ("i386", "x32"); NULL-terminated. */
extern const char *const confine_compat_abis[];
/* A call by name through one of those entry points (NULL: the native
 * one): the kernel's return, -errno; -ENOSYS where the ABI has no such
 * call. Only in a child: an entry the kernel lacks may kill the caller. */
long confine_call_abi(const char *abi, const char *name, const unsigned long args[6]);
