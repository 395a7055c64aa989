/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "platform.h"

/*
 * What `pathpolicy status` shows, pure: the binds below a root, each in
 * the checkout it belongs to. The mount table and the disk are the
 * engine's (daemon/engine/status-run.c); this only groups what they say.
 *
 * A bind belongs to the nearest directory above it that is a checkout
 * (has a .git), the root's own included: a policy path is relative to the
 * checkout the policy was applied in. A bind at the .git itself or inside a
 * checkout's gitdir (a submodule's under .git/modules/, a --separate-git-dir
 * anywhere below the root) or inside a linked worktree's common dir belongs
 * to that checkout instead, and is git metadata: what the watcher protects
 * in a nested checkout (config, hooks/, config.worktree, info/attributes).
 * A common dir that is some checkout's own gitdir stays that checkout's.
 */

typedef enum StatusGit {
        STATUS_GIT_NONE,  /* no .git: not a checkout (said only of the root) */
        STATUS_GIT_DIR,   /* .git is a directory, the gitdir */
        STATUS_GIT_FILE,  /* .git is a file naming the gitdir (a submodule, a linked worktree) */
        STATUS_GIT_OTHER, /* a symlink or anything else: git may read it, the watcher does not */
        _STATUS_GIT_MAX,
} StatusGit;

/* "none", "directory", "file", "other". */
const char *status_git_to_string(StatusGit g);

/* What a directory's .git is. */
typedef struct StatusDotGit {
        StatusGit git;
        char *gitdir;    /* relative to the root; NULL when unknown or outside the root */
        char *commondir; /* the gitdir's common dir (a linked worktree's), likewise; NULL when none */
} StatusDotGit;

/* What the grouping asks of the disk; paths relative to the root. */
typedef struct StatusProbe {
        /* What dir/.git is ("" is the root): 0 with *ret filled (its strings
         * malloc'd, the grouping's then), or -errno, taken as no .git. */
        int (*dotgit)(void *ctx, const char *dir, StatusDotGit *ret);
        /* Whether path is a directory: 1 yes, 0 no or cannot tell. */
        int (*is_dir)(void *ctx, const char *path);
        void *ctx;
} StatusProbe;

/* One mount, as the platform lists it (platform_bound). */
typedef struct StatusMount {
        const char *path;
        PlatformBindKind kind;
} StatusMount;

typedef struct StatusBind {
        char *path; /* relative to the root; a directory's ends in '/' */
        PlatformBindKind kind;
        bool git_metadata; /* inside its checkout's gitdir or common dir */
} StatusBind;

typedef struct StatusCheckout {
        char *path; /* relative to the root, "" for the root itself */
        StatusDotGit dotgit;
        StatusBind *binds; /* sorted by path */
        size_t n_binds;
} StatusCheckout;

typedef struct Status {
        bool supported;              /* false: this platform makes no bind mounts */
        StatusCheckout *checkouts;   /* those with binds, sorted by path: the root first */
        size_t n_checkouts, n_binds; /* n_binds: paths, in all checkouts */
} Status;

/*
 * Group mounts (n of them, any order) into checkouts, asking probe about
 * the disk once per directory at most. Mounts stacked at one path are one
 * bind, of the narrowest kind among them (a mask over a protect). 0 with
 * *ret (supported) or -ENOMEM, *ret untouched.
 */
int status_group(const StatusMount *m, size_t n, const StatusProbe *probe, Status **ret);

/* An empty status of a platform with no bind mounts; NULL when out of memory. */
Status *status_new_unsupported(void);

Status *status_free(Status *s);
static inline void status_freep(Status **s) {
        status_free(*s);
}
#define _cleanup_status_ __attribute__((cleanup(status_freep)))

/*
 * The directory a .git file (gitfile: "gitdir: X") or a gitdir's commondir
 * file (X) names, read the way git reads them (the whole file; only
 * trailing LF and CR stripped), relative to the root: an absolute X must
 * lie below root_abs; a relative one is taken from base, a directory
 * relative to the root ("" the root). Lexically: git resolves a ".." after
 * a symlink physically, which only the watcher needs to match (a status
 * only shows the name). 0 with *ret malloc'd; -EINVAL when the bytes are
 * no such file (no "gitdir: ", empty); -EXDEV when X is outside the root or
 * the root itself; -ENOMEM. *ret untouched on failure.
 */
int status_git_target(const char *buf, size_t n, bool gitfile, const char *base, const char *root_abs,
                      char **ret);

/*
 * The status as one JSON document (jansson's json_t, *ret a new
 * reference), for --json:
 *   {"root": ROOT, "mounts_supported": true, "bind_count": N,
 *    "checkouts": [{"path": ".", "nested": false, "git": "directory",
 *                   "gitdir": ".git", "commondir": null,
 *                   "binds": [{"path": ".env", "kind": "mask-file",
 *                              "git_metadata": false}, ...]}, ...]}
 * Paths are relative to the root ("." the root itself), bind paths of
 * directories end in '/'. A path that is not valid UTF-8 is escaped as
 * log records escape one (\xNN, and \\), with KEY_escaped: true beside it.
 * 0 or -ENOMEM.
 */
struct json_t;
int status_to_json(const Status *s, const char *root_abs, struct json_t **ret);
