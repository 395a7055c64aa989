/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The host side's own helpers (host.c), shared by prepare.c and release.c
 * and by nothing else. Helpers here do not log (the host side logs with
 * log_event(), as every engine does).
 */
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "hashmap.h"
#include "host.h"
#include "policy-file.h"
#include "util.h"

typedef enum WalkState {
        WALK_FOUND,         /* every parent a directory; the last name exists */
        WALK_ABSENT,        /* parents from `at` on (or just the last name) missing */
        WALK_UNDER_SYMLINK, /* the component ending at `at` is a symlink */
        WALK_UNDER_FILE,    /* the component ending at `at` is not a directory */
} WalkState;

typedef struct Walk {
        WalkState state;
        size_t at;      /* byte offset of the first missing component / the offender's end */
        struct stat st; /* of the last component, when WALK_FOUND */
} Walk;

/* The parent directory of path, opened by the platform's resolver (beneath
 * root_fd, no symlink followed); *ret_name is the last component of path. */
int open_parent_beneath(int root_fd, const char *path, const char **ret_name, int *ret_fd);

/* Where path (relative, no trailing '/') stands beneath root_fd, nothing
 * followed: 0 with *ret filled, or -errno. */
int locate(int root_fd, const char *path, Walk *ret);

/* For the tests only: a test program that defines this (tests/hooks.c)
 * has prepare killed after that many placeholders (-1: never). A weak
 * symbol: the installed program defines none, so it has no such hook.
 * Hidden: bound at link time, never by the dynamic linker, so no library
 * (LD_PRELOAD, or one the program loads) can supply it. */
extern long host_test_crash_after(void) __attribute__((weak, visibility("hidden")));

/* A name for a message, escaped (valid until the fourth call after). */
const char *shown(const char *s);

/* The message of a failure into err; returns r. */
int fail(HostError *err, int r, const char *fmt, ...) _printf_(3, 4);

/* Open the worktree and VMDIR (outside it), or say in err why not. */
int open_dirs(const char *worktree, const char *out_dir, int *ret_root_fd, int *ret_out_fd, HostError *err);

/*
 * The files the policy masks in the worktree now, by inode (a
 * masked_file_key() line each in VMDIR's HOST_MASKED_FILES_FILE; an empty
 * file is none, read into seen, the new ones
 * appended): a masked file that turns up at another path (the guest moved
 * the directory holding it, the mask with it; the host sees the secret
 * there) is the same inode, known for what it is, HEAD's or never
 * committed. No content is read, nothing secret is written. Nothing is
 * followed; past MASKED_FILES_MAX files, 64 directories deep, or
 * PATH_MAX, what is left is counted in *ret_skipped. With ret_files, the
 * files too (path, size, mtime), in the order walked. 0, or -errno.
 */
#define HOST_MASKED_FILES_FILE "path-policy.masked-files"
#define MASKED_FILES_MAX 100000u
typedef struct MaskedFile {
        char *path;
        uint64_t size;
        struct timespec mtime;
} MaskedFile;
typedef struct MaskedFiles {
        MaskedFile *v;
        size_t n, allocated;
} MaskedFiles;
/* A file's line there: "dev ino mtime" (an inode number is reused once its
 * file is gone; a rename keeps the mtime, a new file has its own). */
#define MASKED_FILE_KEY_MAX 96
void masked_file_key(const struct stat *st, char key[MASKED_FILE_KEY_MAX]);
int masked_files_record(int root_fd, int out_fd, const Policy *policy, Hashmap *seen, MaskedFiles *ret_files,
                        size_t *ret_skipped);
/* The same, at the root of each nested checkout checkouts_list() found
 * (its text, n bytes): the guest's watcher binds the policy anchored at
 * each, so a file there is a secret the guest never saw, and a directory
 * above it that the guest renames carries the bind along, as at the
 * worktree's root. The record only (no files listed). */
int masked_files_record_below(int root_fd, int out_fd, const Policy *policy, const char *checkouts, size_t n,
                              Hashmap *seen, size_t *ret_skipped);
void masked_files_done(MaskedFiles *f);

/*
 * The placeholders by identity (HOST_PLACEHOLDER_INODES_FILE): a file's
 * key is masked_file_key()'s, a directory's "dev ino" alone (its entries
 * change its mtime). A placeholder is known by its key at whatever path
 * it is now. placeholder_inodes_load(): 0 (lost set when there is no
 * record: none known), or -errno.
 */
typedef struct PlaceholderInodes {
        bool lost;
        char *text;       /* the record, its lines cut in place */
        Hashmap *by_key;  /* key -> its recorded path (in text) */
        Hashmap *by_path; /* recorded path -> key (in text) */
} PlaceholderInodes;
void placeholder_key(const struct stat *st, char key[MASKED_FILE_KEY_MAX]);
int placeholder_inodes_load(int out_fd, PlaceholderInodes *ret);
void placeholder_inodes_done(PlaceholderInodes *p);

/*
 * A file in the worktree that would block a git run there (git-block.c):
 * a fifo, a socket or a device (or a symlink to one) where git opens a
 * file by name, that is at a .gitignore, .gitattributes, .gitmodules or
 * .git in any directory, or anywhere in a git directory (the root's .git
 * or a nested checkout's); or a tree deeper than the walk goes. 1 with the
 * path (relative, malloc'd) in *ret_path and what it is in *ret_what; 0
 * none; -errno. Not followed: a symlinked directory (git follows one in a
 * git directory; the time limit ends a git blocked there).
 */
int git_blocker_find(int root_fd, char **ret_path, const char **ret_what);
/* git_blocker_find(), said in e ("refusing to <doing> <worktree>: ..."):
 * 0 none, -EACCES one, -errno. */
int git_blockers_refuse(int root_fd, const char *worktree, const char *doing, HostError *e);

/*
 * git, run on a worktree the agent wrote (git-run.c): no hook, fsmonitor,
 * pager, editor, credential or askpass helper, external diff, no
 * recursion into a nested checkout or submodule, no network; an
 * environment without what would point git elsewhere. Filter drivers stay
 * as the root repository's config defines them.
 */
typedef struct Git {
        const char *worktree;
        const char *index; /* GIT_INDEX_FILE, or NULL: the repository's own */
        /* After git_pin(): GIT_DIR, GIT_COMMON_DIR and GIT_WORK_TREE for
         * every git run, so nothing in the worktree can point git at
         * another repository (git_done() frees them). */
        char *git_dir, *common_dir, *work_tree;
        size_t hashsz;              /* the object format's: 20 (sha1), 32 (sha256), 0 (another) */
        char head_tree[65];         /* HEAD^{tree} when git_pin() ran, hex; "" without a commit */
        char head_commit[65];       /* HEAD^{commit} with it */
        pid_t pin_pid;              /* git_pin()'s git, answered and not yet reaped: git_pin_reap() */
        struct GitWatch *pin_watch; /* ... and its time limit */
} Git;

/*
 * Find the repository as git does, and keep it only when the agent could
 * not have chosen it: git's top level is the worktree itself, and either
 * the gitdir is the worktree's own .git directory with no commondir of its
 * own (a main checkout: its config is the host's), or the gitdir and the
 * common dir both lie outside the worktree (a linked worktree's or a
 * submodule's). A .git file, a symlinked .git or a commondir that names a
 * directory inside the worktree is refused: its config would be the
 * agent's, and its filter drivers would run here. In a main checkout, a
 * config.worktree (extensions.worktreeConfig) sits in the agent's .git:
 * one that sets a key that runs a program (git_audit_key_is_flagged()) is
 * refused too. Then pins the three for every later git_run(). 0, or the
 * reason in e.
 */
/* meanwhile (or NULL) runs while git answers: work that may be thrown
 * away. */
int git_pin(Git *g, void (*meanwhile)(void *ctx), void *ctx, HostError *e);
/* git_pin()'s git reaped: 0, or its failure in e (it answered, then did
 * not exit 0). */
int git_pin_reap(Git *g, HostError *e);
void git_done(Git *g);

/* git_run(), but with its stdout handed to read_out(userdata, fd) as it
 * comes (the fd is closed after); *ret_status as git_run(). read_out's
 * negative return is returned (git is waited for first). */
int git_stream(const Git *g, const char *const *args, const char *in, size_t in_n,
               int (*read_out)(void *userdata, int fd), void *userdata, int *ret_status, char *err,
               size_t err_n);

/* git args... in the worktree, in (in_n bytes, or nothing) on its stdin:
 * 0 with its stdout in *ret_out (NUL-terminated, *ret_n bytes), its exit
 * status in *ret_status and its stderr's first line in err; -ENOENT when
 * there is no git (or it could not be started), -errno. */
int git_run(const Git *g, const char *const *args, const char *in, size_t in_n, char **ret_out,
            size_t *ret_n, int *ret_status, char *err, size_t err_n);

/* git started and not waited for: git_start() runs it with in (in_n
 * bytes, or nothing) on its stdin and its stdout kept in a file;
 * git_finish() waits, and hands
 * back that stdout mapped (not NUL-terminated; the GitChild's until
 * git_child_done()), its status and its stderr's first line as git_run()
 * does; git_child_done() (the cleanup) kills and reaps one never
 * finished. */
typedef struct GitChild {
        pid_t pid;
        struct GitWatch *watch; /* its time limit, till reaped */
        FILE *out, *err;
        void *map;
        size_t map_n;
} GitChild;
int git_start(const Git *g, const char *const *args, const char *in, size_t in_n, GitChild *ret);
int git_finish(GitChild *c, const char **ret_out, size_t *ret_n, int *ret_status, char *err, size_t err_n);
void git_child_done(GitChild *c);

/* Every git above runs within a time limit (host_set_git_time_limit()):
 * past it, git is killed and the call fails with -ETIME. git_strerror()
 * says -ETIME as which git ran past which limit, anything else as
 * strerror() does. */
const char *git_strerror(int r);

/* git cat-file --batch's answer on fd (a git_stream() reader's), for n
 * blobs asked in order: each header checked (a blob, the id oid_at()
 * names), its first bytes (max at most) handed to each() with the blob's
 * whole size, the rest skipped. 0, -EBADMSG (not as asked), -errno. */
int cat_file_heads(int fd, size_t n, size_t max, const char *(*oid_at)(void *ctx, size_t i),
                   void (*each)(void *ctx, size_t i, const char *buf, size_t len, uint64_t size), void *ctx);

/* git_run(), which must exit 0: else the failure in e (-EIO). */
int git_ok(const Git *g, const char *const *args, const char *in, size_t in_n, char **ret_out, size_t *ret_n,
           HostError *e);

/*
 * The gitlinks of the index git add reads (gitlinks.c): git add is kept
 * from each (an exclude pathspec), because for a gitlink whose HEAD did
 * not move it asks git status inside the nested checkout, which runs that
 * checkout's fsmonitor and filter drivers, set by the agent. Then
 * gitlinks_stage() stages each by its HEAD alone. known: the list is the
 * index's whole (read here, or from git ls-files).
 */
typedef struct Gitlinks {
        char **v; /* NULL-terminated */
        size_t n;
        bool known;
} Gitlinks;
bool gitlink_mode(unsigned mode);
int gitlinks_push(Gitlinks *l, const char *path);
int gitlinks_from_git(const Git *g, Gitlinks *ret, HostError *e);
int gitlinks_stage(const Git *g, const Gitlinks *l, HostError *e);
void gitlinks_done(Gitlinks *l);

/*
 * Nested checkouts (checkouts.c). prepare records the ones the boot finds
 * (HOST_CHECKOUTS_FILE: NUL-terminated records, "complete" or
 * "incomplete" first, then each checkout's path, relative): the guest's
 * watcher binds the policy at each one's root, so a file the root tracks
 * below one, at a masked path anchored there, sat under a bind all the
 * session. checkouts_list() makes that text (a walk of every directory, no
 * symlink followed, .git not entered; past 100,000 directories or 64 deep,
 * "incomplete").
 */
typedef enum CheckoutsState {
        CHECKOUTS_COMPLETE,
        CHECKOUTS_INCOMPLETE,
        CHECKOUTS_LOST,
} CheckoutsState;
typedef struct Checkouts {
        CheckoutsState state;
        Hashmap *roots; /* the paths, borrowed from buf */
        char *buf;
} Checkouts;
int checkouts_list(int root_fd, char **ret, size_t *ret_n);
/* The record, read (lost: CHECKOUTS_LOST, none in it). 0, or -errno. */
int checkouts_load(int out_fd, Checkouts *ret);
void checkouts_done(Checkouts *c);
/* Did path sit under a bind of the policy's masks at a recorded
 * checkout's root? With the record lost or cut short, yes: the caller
 * holds back more, never less. */
bool checkouts_bound(const Checkouts *c, const Policy *policy, const char *path);
/* The length of path's outermost ancestor that is a git directory (the
 * guest moved a nested .git, or made one: git add takes its files for
 * the colony's), or 0. seen caches each directory's answer. */
size_t git_dir_above(int root_fd, Hashmap *seen, const char *path);

/*
 * The boot's base commit (base.c): the worktree's HEAD when prepare ran,
 * kept in VMDIR's HOST_BASE_FILE ("" in it: no commit then). Read: 0 with
 * *ret filled (lost: no record, and id ""); -EBADMSG when it is no commit
 * id, -errno.
 */
typedef struct BaseRecord {
        bool lost;
        char id[65]; /* hex; "" none */
} BaseRecord;
int base_record_read(int out_fd, BaseRecord *ret);

/*
 * What stage judges against (base.c): rev, for git ls-tree and git diff,
 * is "HEAD" when HEAD is the base or the record was lost (then lost), the
 * base's id when HEAD moved past it (moved), or the empty tree's when the
 * base had no commit and HEAD has one. After git_pin(). 0, or the reason
 * in e.
 */
typedef struct StageBase {
        BaseRecord record;
        bool moved;
        char rev[65];
} StageBase;
int stage_base_load(int out_fd, const Git *g, StageBase *ret, HostError *e);

/*
 * The colony's own commits (base..HEAD, every parent of a merge), judged
 * as stage judges the index against the base (base.c): a commit that
 * brings a credential file to a path the base lacks (by name, or by its
 * first bytes), an empty file at a placeholder path the base lacks
 * (placeholders; NULL: the list lost, any policy path), or bytes at a
 * masked path that are not the base's: each one (a commit, a path, the
 * first commit that brings that blob there) appended to res->refused_commits.
 * listing is the base's git ls-tree -r -z. 0, or -errno with the reason
 * in e.
 */
/* stage/refuse.c: does the operator allow a credential file at path
 * (StageConfig's allow)? Then it is added to res->allowed (once): 1, 0, or
 * -ENOMEM. */
int stage_allowed(const StageConfig *c, const char *path, StageResult *res);

int base_commits_judge(const StageConfig *c, const Git *g, const StageBase *base, const Policy *policy,
                       const Hashmap *placeholders, const char *listing, size_t n_listing, StageResult *res,
                       HostError *e);

/* stage's own test of a path it holds back (stage.c), for base.c: a
 * masked path, or anything under one; a path new to the base, masked at
 * any depth too (a nested checkout's root). */
bool stage_path_masked(const Policy *p, const char *path, bool is_new);

/*
 * What git's history holds of the policy's masks (history.c), for
 * VMDIR/HOST_HISTORY_FILE (history.h): the names every commit reachable
 * from a ref or a reflog adds, and the index's, through git_pin()'s
 * repository and git_run()'s hardening; a masked entry at a nested
 * checkout's root (checkouts: checkouts_list()'s text) counts as held, its
 * history unread. repository: the worktree had a .git before prepare
 * made a placeholder (.git/hooks/ is one); without one, none is held. Past host_set_history_budget()'s
 * seconds or commits, git failing, or a repository git_pin() refuses: *ret unknown, with the reason. 0 with
 * *ret filled and the commits walked in *ret_commits; -ENOMEM.
 */
struct HistoryRecord;
int history_read(const char *worktree, int root_fd, bool repository, const Policy *policy,
                 const char *checkouts, size_t n_checkouts, struct HistoryRecord *ret,
                 unsigned long *ret_commits);

static inline void hashmap_freep(Hashmap **m) {
        hashmap_free(*m);
}
