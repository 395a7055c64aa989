/* SPDX-License-Identifier: MIT */
#pragma once

#include "platform.h"

/*
 * A fake mount engine and its file operations over an in-memory tree, for
 * the decision logic (daemon/engine/enforce.c, watch.c) without root or a
 * kernel. Nodes are paths with a type: 'f' file, 'd' directory, 'l'
 * symlink. A path with a symlink or a missing node on the way fails to
 * resolve, as openat2 would.
 */

#define FAKE_MAX 64

typedef struct FakeTree {
        struct {
                const char *path;
                char type;
                unsigned nlink;
                bool bound;          /* carries our mount */
                const char *content; /* for read */
                const void *data;    /* for read_all, when set (else content) */
                size_t data_n;
                bool discarded; /* discard emptied it */
                int id;         /* stable across fake_remove: the fake mount's handle */
                unsigned gen;   /* bumped by a test that rewrites it: its identity changes */
        } nodes[FAKE_MAX];
        size_t n;
        int next_id;

        const char *kernel_missing; /* kernel_check fails naming this */
        int fail_bind_call;         /* the Nth bind call (from 1) fails... */
        int fail_errno;             /* ...with this */
        PlatformBindStep fail_step; /* ...at this step */
        const char *fail_list;      /* listing this directory fails with EACCES */

        /* What happened. */
        int bind_calls, check_calls, unbind_calls, replace_calls, read_calls, read_all_calls;
        int replace_errno;            /* replace fails with this, when set */
        unsigned char written[65536]; /* what the last replace wrote */
        size_t written_n;
        char unbound[FAKE_MAX][64]; /* in the order undone */
} FakeTree;

extern FakeTree fake;
extern const BinderOps fake_binder;
extern const BinderOps fake_warn_binder; /* warn-only: -ENOSYS for what exists */
extern const FileOps fake_files;         /* read, list, read_all, replace, discard */
extern const FileOps fake_warn_files;    /* read and list, as the warn-only binder's */

void fake_reset(void);
void fake_add(const char *path, char type);
/* Delete path (a bound one cannot be: -EBUSY, as rm meets it). */
int fake_remove(const char *path);
size_t fake_bound_count(void);
