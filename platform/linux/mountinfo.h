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
 * parsed. f is read from its start, in every function here; tests hand
 * them fmemopen() fixtures.
 */
int mountinfo_is_ours(FILE *f, uint64_t mount_id, PlatformBindKind kind);

/* Whether the directory open at fd is on a mount of ours of this kind
 * (mountinfo_is_ours): the one function here that reads
 * /proc/self/mountinfo itself. false when it cannot be told. */
bool mountinfo_fd_is_ours(int fd, PlatformBindKind kind);

/* Whether the mount with this id propagates the mounts made below it to
 * its peers and slaves ("shared:N" in mountinfo): 1 yes, 0 no, -ENOENT no
 * such mount, -errno. */
int mountinfo_shared(FILE *f, uint64_t mount_id);

/* Where the mount with this id is attached (its target, unescaped; *ret_target
 * is malloc'd), and the kinds it passes for as ours (bit 1 << kind, as in
 * mountinfo_is_ours). 1 found, 0 no such mount, -errno. */
int mountinfo_find(FILE *f, uint64_t mount_id, char **ret_target, unsigned *ret_kinds);

/*
 * All of our mounts at once: one parse, then a lookup by mount id costs a
 * hash probe. A run that meets 100,000 paths already bound would otherwise
 * parse the whole table, 100,000 lines of it, for each of them. Only mounts
 * that pass for at least one kind are in the set.
 */
typedef struct MountSet MountSet;

int mountinfo_ours(FILE *f, MountSet **ret);
/* The kinds the mount passes for (bit 1 << kind); 0 when not ours or unknown. */
unsigned mount_set_kinds(const MountSet *s, uint64_t mount_id);
/* Add or update a mount (kinds 0 removes it): for the mounts we make
 * ourselves, so the table need not be parsed again. 0 or -ENOMEM. */
int mount_set_put(MountSet *s, uint64_t mount_id, unsigned kinds);
void mount_set_remove(MountSet *s, uint64_t mount_id);
size_t mount_set_size(const MountSet *s);
MountSet *mount_set_free(MountSet *s);

/* How many mounts have a target outside root (not root, not below it), in
 * f. For the tests' "no mount ever appears outside the root". */
int mountinfo_count_outside(FILE *f, const char *root, size_t *ret);

/* Call emit with each mount strictly below root (an absolute path) that
 * passes for one of ours, its target relative to root and its kinds. 0 or
 * -errno. */
int mountinfo_below(FILE *f, const char *root, void (*emit)(void *ctx, const char *path, unsigned kinds),
                    void *ctx);

/*
 * Call emit with each mount strictly below root (an absolute path) that is
 * one of ours by its shape alone, as `pathpolicy status` lists them, with
 * the one kind it reads as: mask-file, a read-only bind of /null; mask-dir,
 * a read-only tmpfs with our source name; protect, a read-only bind of a
 * path onto itself (stricter than the "any read-only mount" above, which
 * unbind narrows by the policy's names instead; a status names no policy).
 * Mounts stacked at one path come once each. 0 or -errno.
 */
int mountinfo_bound(FILE *f, const char *root,
                    void (*emit)(void *ctx, const char *path, PlatformBindKind kind), void *ctx);

/*
 * For the root tests only: a test that defines this function has it called
 * between pinning the target and attaching the mount, so it can change the
 * tree at exactly the moment a racer would hope to. A weak symbol: the
 * program defines none, so it has no hook, only a check for one. Hidden:
 * bound when the program is linked, never by the dynamic linker, so no
 * library (LD_PRELOAD, or one the program loads) can supply it.
 */
extern void mount_engine_race_hook(void) __attribute__((weak, visibility("hidden")));
