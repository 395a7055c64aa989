/* SPDX-License-Identifier: MIT */
/* What stage's files share (the files of stage/): the change, HEAD's entries, the index reader's state, the
 * edits. Must not be included outside stage/: host-internal.h is the engine's contract, this is stage's own.
 */
#pragma once

#include "host-internal.h"

#include <sys/stat.h>

#include "git-index.h"

#define STAGE_REPORTED_FILE "path-policy.reported"

/* A path staged against HEAD: from git diff --raw -z, or from the index
 * read here against git ls-tree -r. A rename is a deletion and an
 * addition (no -M): a refused or held-back addition takes its exact
 * source (the same blob, deleted) back along with it. */
typedef struct Change {
        char status;                   /* A, M, D, T (U from git diff) */
        unsigned src_mode, dst_mode;   /* HEAD's, the index's */
        char src_oid[65], dst_oid[65]; /* hex */
        const char *path;
        bool dropped, held, refused, restored;
        bool unstaged;     /* a masked path git add was kept from, as the worktree has it: nothing to edit */
        uint32_t src_size; /* the index's stat data (Merge.masked) */
        uint32_t ino;      /* the index's stat data: its inode's low 32 bits, where ino_known */
        bool ino_known;
        struct timespec src_mtime;
        struct Change *same; /* the next deletion of the same blob */
} Change;

/* One of HEAD's entries. */
typedef struct HeadEntry {
        const char *path;
        unsigned mode;
        uint8_t oid[32];
        const char *after; /* the byte after its path's NUL */
} HeadEntry;

/* HEAD's entries copied from the index before git add, packed one after
 * another (this is every path of the repository, and every page of fresh
 * memory costs): each its mode (4 bytes), its id (hashsz bytes), its path
 * and a NUL. */
typedef struct Head {
        uint8_t *buf;
        size_t n, cap;
        size_t hashsz;
} Head;

/*
 * What git diff --cached --raw HEAD says, made here: the index's entries
 * (at stage 0; an intent to add is not staged) walked against HEAD's
 * entries, both in git's path order. Any doubt (a conflict left, a
 * listing out of order or not as expected) and the caller asks git diff.
 *
 * HEAD's entries are git ls-tree -r's listing, or the agent's index
 * before git add when the tree of its entries is HEAD's (HEAD^{tree}, the
 * tree made here as git write-tree makes it): the same entries, by the
 * hash. A colony that staged nothing leaves such an index; its entries
 * are copied while git add runs, and no git lists HEAD's 100,000 paths.
 */
typedef struct Merge {
        const char *ls, *end; /* HEAD's listing, what is left of it */
        const char *prev;     /* HEAD's path before */
        const Head *head;     /* or the index before git add's entries */
        size_t at;            /* the offset of the next */
        size_t hashsz;
        Change *v;
        size_t n, allocated;
        char **names; /* the index's paths the changes name (its own are passing) */
        size_t n_names, names_allocated;
        int error;
        bool unmerged;
        /* the index's entries under masked paths, for what the worktree
         * holds there (git add was kept from them) */
        const Policy *policy;
        uint8_t first[32]; /* the masked paths' first bytes: most entries pass at one look */
        Change *masked;
        size_t n_masked, masked_allocated;
} Merge;

/* The index, locked as git locks it (path.lock, made exclusively, renamed
 * over it once written), and mapped. */
typedef struct IndexLock {
        char *path, *lock;
        int fd;
        uint8_t *map; /* NULL: no index yet */
        size_t n;
} IndexLock;

/* The index before git add, mapped: its entries copied (Head) while git
 * add runs, when its cache tree names HEAD's tree. */
typedef struct Before {
        uint8_t *map;
        size_t n;
        uint8_t tree[32]; /* the root tree its cache tree names: a hint, the agent's */
} Before;

/* The precheck of a main checkout's .git/index (beneath the worktree,
 * nothing followed) while git_pin() waits for git's answer, for a SHA-1
 * repository: taken when the pin names that same file and hash. */
typedef struct Early {
        int root_fd;
        int r; /* index_precheck_fd()'s; 1: not made */
        Before before;
        struct stat st;
        Gitlinks links;
} Early;

/* The staged blobs of the files to judge by content, read from git cat-file
 * --batch in the order asked: each one's first bytes judged, the rest
 * skipped. What is judged is what the commit would hold, never the
 * worktree's file: the index can hold other bytes than the worktree (a
 * skip-worktree or assume-unchanged entry, or stat data that git add
 * trusts without reading the file again). */
typedef struct Heads {
        Change **v;
        size_t n;
} Heads;

/* A regular file, whatever its permission bits: git writes 100644 and
 * 100755 only, but keeps the 100600 an agent's index says, and so does
 * the tree it writes. */
static inline bool is_file_mode(unsigned mode) {
        return (mode & S_IFMT) == S_IFREG;
}

/* What the stage changes in the index: a path back to HEAD's mode and
 * blob, or (mode 0) out of it; a later one for a path wins. */
typedef struct Edit {
        const char *path;
        unsigned mode;
        char oid[65];
        size_t order;
} Edit;

typedef struct Edits {
        Edit *v;
        size_t n, allocated;
} Edits;

/* The placeholders by identity, for one the guest moved (it renamed a
 * parent, and git add found the empty file at the new path). With the
 * record lost, by name: an empty new file named as a file placeholder
 * (the list's, or the policy's files, the list lost too) is taken for a
 * moved one. */
typedef struct Placed {
        PlaceholderInodes inodes;
        Hashmap *names; /* the record lost: the file placeholders' last components */
} Placed;

/* index-reader.c */
void to_hex(const uint8_t *p, size_t n, char *out);
int from_hex(const char *h, size_t n, uint8_t *out);
void head_done(Head *h);
int head_from_index(Head *h, const uint8_t *map, size_t n, size_t hashsz, uint8_t ret_tree[32]);
bool head_has(const Head *h, const char *oid);
void merge_done(Merge *m);
void merge_init(Merge *m, const Policy *policy, size_t hashsz);
bool merge_run(Merge *m, const IndexLock *lk);
void before_done(Before *b);
int index_precheck(const char *path, size_t hashsz, Before *ret, Gitlinks *ret_links);
void early_done(Early *x);
void precheck_early(void *ctx);
int index_lock(const char *path, IndexLock *ret);
int index_unlock(IndexLock *l, int written);
void index_unlockp(IndexLock *l);
int change_cmp(const void *a, const void *b);
int worktree_changes(const Change *masked, size_t n_masked, MaskedFiles *files, const char *zeros,
                     Change **v, size_t *n_v);

/* plumbing.c */

/* classify.c */
bool masked_within(const Policy *p, const char *path);
int stat_beneath(int root_fd, const char *path, struct stat *ret);
int inode_set(const Hashmap *inodes, uint32_t **ret, size_t *ret_n);
int refuse_change(const Hashmap *deleted, Change *ch, const char *zeros, Edits *ed, StageResult *res);

/* refuse.c */
int filtered(const Git *g, Change *const *v, size_t n, bool *want, HostError *err);

/* objects.c */
int strv_push(char ***v, size_t *n, const char *s);
void unhash_blob(const Git *g, const char *oid, const Head *head, const char *listing, size_t n_listing,
                 const struct timespec *start, LogStream *log);
int forget_objects(const Git *g, Change *v, size_t n, char *const *skip, size_t n_skip, const Head *head,
                   const char *listing, size_t n_listing, const struct timespec *start, LogStream *log);

/* edits.c */
void edits_done(Edits *e);
int edit_push(Edits *e, unsigned mode, const char *oid, const char *path);
int drop_ancestors(const Hashmap *by_path, const char *path, const char *zeros, Edits *ed, LogStream *log);
int edits_info(const Edits *e, char **ret, size_t *ret_n);
int edits_sorted(Edits *e, size_t hashsz, GitIndexEdit **ret, size_t *ret_n);
void zero_oid(const char *like, char out[65]);
void empty_blob(const char *like, char out[65]);

/* records.c */
int reported_load(int out_fd, Hashmap *set);
void record_lost(LogStream *log, const char *record, const char *assumed);
void placed_done(Placed *p);
int placed_load(int out_fd, const Hashmap *placeholders, bool list_lost, const Policy *policy,
                LogStream *log, Placed *ret);
bool placed_moved(int root_fd, const Placed *p, const char *path);
int masked_record_check(int out_fd, const StageConfig *c, const Policy *policy, const Hashmap *placeholders,
                        bool list_lost, HostError *e);

/*
 * One stage: every phase (run.c: records, pin, add, what is staged;
 * classify.c: classify, hold back; refuse.c: refuse; run.c: write) reads
 * and fills this record, and run_done() frees all of it in one place,
 * whichever phase stopped. Grouped by the phase that fills it.
 */
typedef struct StageRun {
        const StageConfig *c;
        HostError *err;
        struct timespec start; /* what git wrote since is this stage's */
        int root_fd, out_fd;
        Policy *policy;
        /* the boot's records */
        char *ph_buf;          /* the placeholders' list: their keys point in it */
        Hashmap *placeholders; /* the placeholders the boot made */
        bool lost;             /* ... their list lost: every empty policy path HEAD lacks is one */
        Hashmap *reported;     /* the paths reported already (escaped, as the file holds them) */
        Checkouts boot_checkouts;
        Placed placed;
        Hashmap *masked_inodes; /* the masked files by "dev ino mtime", the boot's and now */
        MaskedFiles wfiles;     /* the masked files as they stand */
        uint32_t *inos;         /* masked_inodes' inode numbers, low 32 bits, sorted */
        size_t n_inos;
        /* the pin */
        Git g;
        Early early;
        StageBase base;
        char *tmp_dir, *tmp_index; /* --snapshot's private index */
        /* git add */
        char *index_path;
        Before before_add;
        Gitlinks links;
        Head head_before; /* HEAD's entries from the index before git add; or none, and ... */
        GitChild head_ls, adding;
        const char *listing; /* ... git ls-tree's listing of HEAD (head_ls holds it) */
        size_t n_listing;
        bool has_head;
        char *specs;
        size_t n_specs;
        /* what is staged */
        IndexLock lk; /* the index, locked till its edits are in (the reader's way) */
        Merge merge;
        bool fast;          /* the reader's way, not the plumbing's */
        char head[65];      /* HEAD, or the empty tree: for git diff */
        char *raw, *st_out; /* git diff's, git status's: the changes name paths in them */
        char **st_args;
        Change *changes;
        size_t n_changes;
        char zeros[65], empty[65]; /* the repository's hash's */
        Hashmap *by_path;          /* each change by its path */
        Hashmap *deleted;          /* each deleted blob, for the additions that are renames of it */
        /* classify, hold back, refuse */
        Hashmap *restored; /* masked files put back as HEAD has them: nothing under them stays */
        Hashmap *gitdirs, *gitdirs_said;
        bool checkouts_lost_said;
        Edits edits;
        char **unhash; /* blobs git add wrote for paths held back: out of the store again */
        size_t n_unhash;
        Heads heads; /* the new files judged by their content */
        size_t heads_allocated;
        char *oids; /* their blobs, for git cat-file --batch */
        size_t n_oids, oids_allocated;
        /* git's output, reused */
        char *out, *info;
        size_t n, n_info;
        StageResult res;
} StageRun;

/* classify.c: each change's fate (held back, dropped, reported, refused by
 * name), and the new files to judge by content queued. */
int run_classify(StageRun *s);
/* refuse.c: the queued files judged by what the commit would hold. */
int run_refuse(StageRun *s);
/* plumbing.c: what is staged, as git diff --cached says (the cache tree
 * dropped first: git diff trusts it, and it is the agent's) ... */
int run_diff_by_plumbing(StageRun *s);
/* ... and the masked paths git add was kept from, as git status says. */
int run_status_by_plumbing(StageRun *s);
