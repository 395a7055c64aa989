/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * What git-index-split.c needs of git-index.c's reader: every entry of an
 * index where it lies, a split index's nameless ones too. Not for anyone
 * else: the rest of the daemon reads an index through git-index.h.
 */

#include "git-index.h"

/* One entry where it lies: its bytes (padding included) and both flag
 * words as stored; e.path is "" for a split index's nameless entry (and,
 * in a version 4 index, valid only during the call). */
typedef struct GitIndexRaw {
        size_t off, size;
        uint16_t flags, flags2;
        GitIndexEntry e;
} GitIndexRaw;

typedef struct GitIndexLayout {
        uint32_t version;
        GitHashAlgo algo;
        size_t entries_end; /* the first byte after the last entry */
        size_t ext_end;     /* where the checksum starts */
        bool skip_hash;     /* zeros in place of the checksum */
} GitIndexLayout;

/* Every entry of buf in file order, a split index ("link") taken, its
 * checksum verified as git_index_entries() does; the layout in *ret. 0, or
 * -errno as git_index_entries() (each has then seen some entries). */
int git_index_walk_split(const uint8_t *buf, size_t n, void (*each)(void *ctx, const GitIndexRaw *raw),
                         void *ctx, GitIndexLayout *ret);

/* The digest of data with the index's hash. */
void git_index_digest(GitHashAlgo algo, const void *data, size_t n, uint8_t out[32]);
