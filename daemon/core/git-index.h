/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * git's index file, read and (for one flag) written the way git 2.39 does it
 * (read-cache.c: verify_hdr, create_from_disk, do_write_index; update-index.c:
 * mark_ce_flags). The daemon reads a checkout's index to see which tracked
 * paths it masks or protects, and sets skip-worktree on tracked masked paths
 * so git leaves the /dev/null mask alone. It never runs git: the repository's
 * config, hooks and fsmonitor belong to the agent.
 *
 * The input is hostile (the agent writes every byte of it): every length is
 * checked against the buffer, and an index whose trailing checksum is not
 * the SHA-1 or SHA-256 of what precedes it is refused (-EBADMSG), as git
 * fsck refuses it; zeros in its place (index.skipHash, git 2.40 and later)
 * are taken, and written back as zeros. Versions 2, 3 and 4 are read; a split index ("link") is
 * -EOPNOTSUPP, and so is a sparse index ("sdir") but where a function says it takes one; another
 * version -EPROTONOSUPPORT.
 */

typedef enum GitHashAlgo {
        GIT_HASH_SHA1 = 20,
        GIT_HASH_SHA256 = 32,
} GitHashAlgo;

typedef struct GitIndexEntry {
        const char *path;   /* NUL-terminated, as git stores it */
        uint32_t mode;      /* 0100644, 0100755, 0120000, 0160000 */
        uint8_t oid[32];    /* algo bytes of it */
        GitHashAlgo algo;   /* the index's (its checksum's) hash */
        unsigned stage;     /* 0, or 1..3 in a conflict */
        bool skip_worktree; /* the extended flag is set */
        bool intent_to_add; /* git add -N: not staged, not in a commit */
        uint32_t size;      /* the stat data git keeps (low 32 bits of the size) */
        uint32_t ino;       /* ... and of the inode number */
        uint32_t mtime_sec, mtime_nsec;
} GitIndexEntry;

/* Call emit with each entry, in the index's order. 0, or -EBADMSG (also
 * for entries out of name order, or a name git would not add: empty, "."
 * or ".." components, a ".git" one),
 * -EOPNOTSUPP, -EPROTONOSUPPORT, -ENOMEM (emit has then seen some entries
 * already: an error means "ignore what you saw"). */
int git_index_entries(const uint8_t *buf, size_t n, void (*emit)(void *ctx, const GitIndexEntry *e),
                      void *ctx);

/* git_index_entries(), a sparse index ("sdir", git sparse-checkout
 * --sparse-index) taken as well: its directory entries (mode 040000, the
 * path ending in '/', the tree's id; skip-worktree as git writes them)
 * emitted as they are, each standing for every path below it. */
int git_index_entries_sparse(const uint8_t *buf, size_t n, void (*emit)(void *ctx, const GitIndexEntry *e),
                             void *ctx);

/* git_index_entries() of an index git itself has just written, in a
 * repository whose hash is algo: its checksum (a pass over the whole
 * file) is not verified again; every length, the order and each name
 * still are (git add writes back an order or a name an agent crafted). */
int git_index_entries_trusted(const uint8_t *buf, size_t n, GitHashAlgo algo,
                              void (*emit)(void *ctx, const GitIndexEntry *e), void *ctx);

/* The entries of git_index_entries_trusted(), one at a time: a walk that
 * another walk can keep step with. _next: 1 with the next entry in *ret
 * (its path valid till the next call), 0 once every entry and the
 * extensions are read, or -errno as git_index_entries_trusted (the entries
 * seen so far are then to be ignored). buf stays the caller's, unchanged,
 * till the cursor is freed. */
typedef struct GitIndexCursor GitIndexCursor;
int git_index_cursor_new(const uint8_t *buf, size_t n, GitHashAlgo algo, GitIndexCursor **ret);
int git_index_cursor_next(GitIndexCursor *c, GitIndexEntry *ret);
void git_index_cursor_free(GitIndexCursor *c);
/* The root tree the index's cache tree ("TREE") names as valid, once the
 * cursor has read to the end: 1 with its id in out, else 0. The agent
 * writes it: a hint, nothing it says is checked. */
int git_index_cursor_cache_tree(const GitIndexCursor *c, uint8_t out[32]);
static inline void git_index_cursor_freep(GitIndexCursor **c) {
        git_index_cursor_free(*c);
}

/* Set skip-worktree on every stage-0 entry that lacks it and for whose
 * path want says true, as "git update-index --skip-worktree" would (a
 * sparse index too: want sees its directory entries as well, and "sdir"
 * is kept): the
 * entry gains CE_EXTENDED, a version 2 index becomes version 3, the
 * EOIE and IEOT extensions (offsets that no longer hold) are dropped, the
 * other extensions are kept as they are, and the checksum is computed
 * again with the index's hash. 1 with *ret (malloc'd) and *ret_n when
 * something changed; 0 when nothing did (*ret untouched); -errno as for
 * git_index_entries. */
int git_index_skip_worktree(const uint8_t *buf, size_t n, bool (*want)(void *ctx, const char *path),
                            void *ctx, uint8_t **ret, size_t *ret_n);

/*
 * A split index (core.splitIndex, update-index --split-index): the index
 * holds what changed since its shared index ("sharedindex.<id>" in the
 * gitdir, named by the "link" extension), which git merges in as
 * split-index.c does (a replace and a delete bitmap, EWAH-compressed, by
 * position in the shared index). Versions 2 to 4.
 *
 * _base: 1 with the shared index's id (the index's hash's bytes) in oid
 * and its hash in *ret_algo; 0 when buf is not a split index; -errno as
 * git_index_entries(). _entries: git_index_entries() of the merged index,
 * given the shared index's bytes (-EBADMSG when they are not the shared
 * index the link names, or the bitmaps name what git would die on;
 * -EINVAL when buf is not a split index). _skip_worktree: as
 * git_index_skip_worktree() on the merged index, written the way git
 * update-index --skip-worktree writes it: the bit set in place on an
 * entry of the split index, and a shared entry gaining it becomes a
 * replacement (a nameless copy in the split index, its position in the
 * replace bitmap); the shared index is never written.
 */
int git_index_split_base(const uint8_t *buf, size_t n, uint8_t oid[32], GitHashAlgo *ret_algo);
int git_index_split_entries(const uint8_t *buf, size_t n, const uint8_t *shared, size_t shared_n,
                            void (*emit)(void *ctx, const GitIndexEntry *e), void *ctx);
int git_index_split_skip_worktree(const uint8_t *buf, size_t n, const uint8_t *shared, size_t shared_n,
                                  bool (*want)(void *ctx, const char *path), void *ctx, uint8_t **ret,
                                  size_t *ret_n);

/* One path's new entry: mode and oid at stage 0, or (mode 0) none. */
typedef struct GitIndexEdit {
        const char *path;
        uint32_t mode;
        uint8_t oid[32]; /* the index's hash's bytes of it */
} GitIndexEdit;

/*
 * The index with each edit made as "git update-index --index-info" makes
 * it: the path's entry (every conflict stage of it) replaced by one at
 * stage 0 without stat data, so that git looks at the file again, or
 * removed; edits sorted by strcmp, a path once (else -EINVAL). The cache
 * tree ("TREE") is dropped as well: git trusts it over the entries (git
 * write-tree and commit take a valid subtree's id as it is), and the
 * agent may have written one that names other trees than the entries;
 * git builds it again from the entries. Dropped too: EOIE and IEOT
 * (offsets), and, when an entry came or went, the untracked cache and the
 * fsmonitor bitmap ("UNTR", "FSMN"). With no edits, a split or sparse
 * index ("link", "sdir") is taken, its entries copied as they are, so that
 * its cache tree can be dropped too; with edits it is -EOPNOTSUPP.
 * 1 with *ret (malloc'd) and *ret_n when something changed; 0 when
 * nothing did (*ret untouched); -errno as for git_index_entries.
 */
int git_index_edit(const uint8_t *buf, size_t n, const GitIndexEdit *edits, size_t n_edits, uint8_t **ret,
                   size_t *ret_n);

/* git_index_edit(), written to fd (at its start, open for reading and
 * writing: the header and the checksum are made last) a chunk at a time:
 * an index of any size in little memory. trusted as for
 * git_index_entries_trusted(), or 0. 1 when written; 0 when nothing
 * changed; -errno, with the fd's content undefined (the caller's lock
 * file, removed). */
int git_index_edit_fd(const uint8_t *buf, size_t n, GitHashAlgo trusted, const GitIndexEdit *edits,
                      size_t n_edits, int fd);

/* The object id git gives a blob of these bytes ("blob <n>\0" + data). */
void git_blob_oid(GitHashAlgo algo, const void *data, size_t n, uint8_t out[32]);

/* The object id git gives an object of a type ("<type> <n>\0" + data). */
void git_object_oid(GitHashAlgo algo, const char *type, const void *data, size_t n, uint8_t out[32]);

/*
 * The tree git write-tree makes of an index's entries (cache-tree.c
 * update_one): each directory a tree of "<mode in octal> <name>\0<id>"
 * entries, a subdirectory's mode 40000. Entries are added in the index's
 * order, each at stage 0 and none an intent to add (git leaves those out);
 * the order is not checked: entries out of order make a tree git would not
 * make, one whose id then matches no real tree.
 */
typedef struct GitTree GitTree;
GitTree *git_tree_new(GitHashAlgo algo); /* NULL: out of memory */
/* 0, -ENOMEM, or -EINVAL (an empty name or component) */
int git_tree_add(GitTree *t, const char *path, uint32_t mode, const uint8_t *oid);
/* The root tree's id: 0, or -ENOMEM. The builder is spent. */
int git_tree_finish(GitTree *t, uint8_t out[32]);
void git_tree_free(GitTree *t);
static inline void git_tree_freep(GitTree **t) {
        git_tree_free(*t);
}
