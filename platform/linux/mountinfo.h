/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "platform.h"

/* The source name of our mask-dir tmpfs mounts, so mountinfo tells them
 * from anyone else's tmpfs. */
#define MOUNTINFO_SOURCE "pathpolicy"

/*
 * Whether the mount with this id, as mountinfo (f) describes it, is one of
 * ours of this kind: mask-file, a read-only bind whose root is /null;
 * mask-dir, a read-only tmpfs with our source name; protect, any read-only
 * mount. Returns 1 yes, 0 no (or no such mount), -errno when f cannot be
 * parsed. f is read from its start; tests hand it fmemopen() fixtures.
 */
int mountinfo_is_ours(FILE *f, uint64_t mount_id, PlatformBindKind kind);

/* How many mounts have a target outside root (not root, not below it), in
 * f. For the tests' "no mount ever appears outside the root". */
int mountinfo_count_outside(FILE *f, const char *root, size_t *ret);

/*
 * For the root tests only: when set, called between pinning the target and
 * attaching the mount, so a test can change the tree at exactly the moment
 * a racer would hope to. NULL in the program.
 */
extern void (*mount_engine_race_hook)(void);
