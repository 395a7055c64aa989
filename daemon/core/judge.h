/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "policy-file.h"

/*
 * The judge's decisions, pure: which calls it judges, what a path is under
 * the policy, and which accesses are attempts. The disk (symlinks, nested
 * checkouts) is the engine's (daemon/engine/judge-run.c).
 *
 * An attempt is a read of a masked path, or a write to a masked or
 * protected one. A read of a protected path is allowed: not an attempt.
 */

typedef enum JudgeAccess {
        JUDGE_READ,
        JUDGE_WRITE,
        _JUDGE_ACCESS_MAX,
} JudgeAccess;

typedef enum JudgeCategory {
        JUDGE_NONE,          /* not in the policy */
        JUDGE_MASKED,        /* a masked file, or a masked directory itself */
        JUDGE_MASKED_DIR,    /* inside a masked directory */
        JUDGE_PROTECTED,     /* a protected file, or a protected directory itself */
        JUDGE_PROTECTED_DIR, /* inside a protected directory */
        _JUDGE_CATEGORY_MAX,
} JudgeCategory;

const char *judge_access_to_string(JudgeAccess a);     /* "read", "write" */
const char *judge_category_to_string(JudgeCategory c); /* "none", "masked", "masked-dir", ... */
int judge_access_from_string(const char *s);           /* -EINVAL when unknown */

/* Masked or protected, in the words of a message ("masked", "protected"). */
const char *judge_category_word(JudgeCategory c);

static inline bool judge_is_masked(JudgeCategory c) {
        return c == JUDGE_MASKED || c == JUDGE_MASKED_DIR;
}

bool judge_is_attempt(JudgeAccess a, JudgeCategory c);

/*
 * What path (relative to a checkout's root, components joined by single
 * '/', no trailing '/') is under the policy, anchored at that root. A mask
 * wins over a protect. In a nested checkout (nested true) the watcher also
 * binds git's own metadata in its .git directory (git_metadata_protected),
 * so those count as protected there too.
 */
JudgeCategory judge_classify(const Policy *p, const char *path, bool nested);

/*
 * One path-taking tool call, as a runner reports it.
 * tool:    the tool's name, as the runner calls it ("Read", "fs/read_text_file")
 * access:  read or write
 * path:    as given (absolute, or relative to cwd)
 * cwd:     the call's working directory (NULL: the judge's --root)
 * session: the run it belongs to (a hook's session_id; NULL for a stream)
 * grep:    a search: judged only when path names a file or a masked directory
 * client:  what the client does to path before it opens it
 *          (judge-client.h); an ACP client opens it as written: the
 *          protocol's schema (@agentclientprotocol/sdk 2.4.0) says an
 *          absolute path, a plain string, and normalizes nothing
 */
typedef enum JudgeClient {
        JUDGE_CLIENT_AS_WRITTEN,
        JUDGE_CLIENT_CLAUDE_CODE,
} JudgeClient;

typedef struct JudgeCall {
        const char *tool, *path, *cwd, *session;
        JudgeAccess access;
        bool grep;
        JudgeClient client;
        void *doc; /* the parsed input the strings are in (NULL: the caller's) */
} JudgeCall;

void judge_call_done(JudgeCall *c);

/*
 * A Claude Code hook input (PreToolUse or PostToolUse JSON): 1 with *ret
 * filled for a judged tool (Read, Write, Edit, MultiEdit, NotebookEdit,
 * Grep with a path), 0 for any other call (a tool that takes no path: not
 * ours), or -EINVAL with the reason in *ret_error (static text), -ENOMEM.
 */
int judge_parse_hook(const char *buf, size_t n, JudgeCall *ret, const char **ret_error);

/*
 * One line of --stream: {"tool":..., "access":"read"|"write", "path":...}
 * or an ACP JSON-RPC request for fs/read_text_file or fs/write_text_file
 * (params.path). As judge_parse_hook; an ACP method that takes no path is 0.
 */
int judge_parse_stream(const char *buf, size_t n, JudgeCall *ret, const char **ret_error);
