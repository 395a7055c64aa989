/* SPDX-License-Identifier: MIT */
#pragma once

#include "platform.h"

#include <stddef.h>
#include <stdio.h>

#include "resolve.h"

/*
 * The policy file: what the host writes to vm/path-policy and the guest
 * reads before the agent runs. One action per line, "KIND PATH\n":
 *
 *   mask-file .env
 *   mask-dir secrets/
 *   protect .git/hooks/
 *
 * KIND is mask-file, mask-dir or protect. PATH is the rest of the line after
 * the first space, so it may hold spaces; a directory entry keeps its
 * trailing '/' (mask-dir always, protect for directory entries). Every
 * line ends in '\n'. The reader never guesses: anything else is an error
 * with its line number, and the guest fails closed on it.
 */

/* An action's kind is the platform contract's PlatformBindKind: the same
 * three things, by the same names (platform_bind_kind_to_string). */

typedef struct PolicyAction {
        PlatformBindKind kind;
        char *path;
} PolicyAction;

typedef struct Policy {
        PolicyAction *actions;
        size_t n, n_allocated;
} Policy;

typedef struct PolicyError {
        size_t line; /* 1-based; 0 when the error is not about a line */
        char message[256];
} PolicyError;

/* Room for a million lines of realistic paths (~40 bytes each). */
#define POLICY_MAX_BYTES (64u * 1024 * 1024)

int policy_kind_from_string(const char *s, size_t n); /* -EINVAL when unknown */

Policy *policy_free(Policy *p);
static inline void policy_freep(Policy **p) {
        policy_free(*p);
}
#define _cleanup_policy_ __attribute__((cleanup(policy_freep)))

/* Append a copy of path as an action of this kind. 0 or -ENOMEM, with p
 * unchanged on failure. */
int policy_add(Policy *p, PlatformBindKind kind, const char *path);

/* Parse a policy file held in buf (len bytes, NUL bytes included).
 * Returns 0, -EINVAL with *ret_error filled, or -ENOMEM. */
int policy_parse(const char *buf, size_t len, Policy **ret, PolicyError *ret_error);

/* Read and parse the file at path; an unreadable file is an error too. */
int policy_load(const char *path, Policy **ret, PolicyError *ret_error);

/* The actions for a resolved policy: masks first, then protects, each in
 * the resolved (sorted) order. */
int policy_from_resolved(const Resolved *res, Policy **ret);

/* Write p in the file format. Returns 0 or -errno (-EINVAL for an action
 * the reader would refuse, so nothing unreadable is ever written). */
int policy_write(const Policy *p, FILE *f);
