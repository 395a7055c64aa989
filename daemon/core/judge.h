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
        JUDGE_UNWALKED,      /* a directory past the bound of a walk for the policy's
                              * paths below it (nested checkouts'): it may hold some */
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

/* Any access to an unwalked directory is one: what it holds is not known. */
bool judge_is_attempt(JudgeAccess a, JudgeCategory c);

/*
 * What path (relative to a checkout's root, components joined by single
 * '/', no trailing '/') is under the policy, anchored at that root. A mask
 * wins over a protect. In a nested checkout (nested true) the watcher also
 * binds git's own metadata in its .git directory (git_metadata_protected),
 * so those count as protected there too.
 */
/*
 * Case, as the filesystem has it: which entries' names fold (their
 * directories are case-insensitive, platform_case_insensitive(), asked by
 * the engine), and whether .git's do (a nested checkout's metadata).
 * Folded names are compared as case-fold.h says: ASCII letters of either
 * case, and the few code points that fold to ASCII written as it.
 * entry: p->n flags, NULL none. A JudgeFold NULL: none folds.
 */
typedef struct JudgeFold {
        const bool *entry;
        bool git;
} JudgeFold;

JudgeCategory judge_classify(const Policy *p, const JudgeFold *fold, const char *path, bool nested);

/*
 * One path-taking tool call, as a runner reports it.
 * tool:    the tool's name, as the runner calls it ("Read", "fs/read_text_file")
 * access:  read or write
 * path:    as given (absolute, or relative to cwd)
 * cwd:     the call's working directory (NULL: the judge's --root)
 * session: the run it belongs to (a hook's session_id; NULL for a stream)
 * grep:    a search: judged only when path names a file or a masked directory
 * glob:    a search's glob input (Grep's "glob"): the masked paths below
 *          the directory searched that it lets ripgrep read are judged
 *          too (judge-glob.c); NULL: none
 * more:    the call's other paths (read_multiple_files' "paths", move_file's
 *          "destination"), each judged and reported as the first
 * command: a command line a terminal runs (ACP terminal/create), judged
 *          by check-command's secret-paths rule instead of a path
 * server:  an MCP file tool's paths, opened by the server as it resolves
 *          them: a relative one against its own directory (the reference
 *          server's allowed directory, else its cwd: taken to be the
 *          root) as well as the hook's cwd, and a missing one through the
 *          names the same in NFC (judge_nfc_ascii()); each judged too
 * client:  what the client does to path before it opens it
 *          (judge-client.h); an ACP client opens it as written: the
 *          protocol's schema (@agentclientprotocol/sdk 2.4.0) says an
 *          absolute path, a plain string, and normalizes nothing
 */
typedef enum JudgeClient {
        JUDGE_CLIENT_AS_WRITTEN,
        JUDGE_CLIENT_CLAUDE_CODE,
} JudgeClient;

typedef struct JudgePath {
        const char *path;
        JudgeAccess access;
} JudgePath;

typedef struct JudgeCall {
        const char *tool, *path, *cwd, *session;
        JudgeAccess access;
        bool grep, server;
        JudgeClient client;
        const char *glob;
        JudgePath *more; /* malloc'd; the strings borrowed as path's */
        size_t n_more;
        const char *command;
        bool git_refused; /* paths git said it could not update (a Bash call's output) */
        char *owned;      /* a string of the call's that is no input's (a decoded URI, a command line,
                           * git's paths one after another) */
        void *doc;        /* the parsed input the strings are in (NULL: the caller's) */
} JudgeCall;

void judge_call_done(JudgeCall *c);

/*
 * The MCP tools that read or write files, by the name a client gives them
 * (mcp__SERVER__NAME): a static table of the reference filesystem
 * server's (judge.c: read_file, read_text_file, read_media_file,
 * read_multiple_files, write_file, edit_file, move_file, ...), and the
 * ones judge --mcp-tool adds, tried first. A tool is found by its own
 * name (the part after "__"), or, when the entry's name starts with
 * "mcp__", by the whole name (one server's). inputs: the tool's inputs
 * that name paths, a string or an array of strings each,
 * comma-separated.
 */
typedef struct JudgeMcpTool {
        const char *name, *inputs;
        JudgeAccess access;
        char *buf; /* what name and inputs point into (NULL: the static table's) */
} JudgeMcpTool;

typedef struct JudgeTools {
        JudgeMcpTool *mcp;
        size_t n_mcp;
} JudgeTools;

/* NAME=ACCESS:INPUT[,INPUT...] ("read_notes=read:path,paths"): 0 with *ret
 * filled (judge_mcp_tool_done()), -EINVAL with the reason in *ret_error
 * (static text), -ENOMEM. */
int judge_mcp_tool_parse(const char *spec, JudgeMcpTool *ret, const char **ret_error);
void judge_mcp_tool_done(JudgeMcpTool *t);
/* The entry for an MCP tool's name: tools' first, then the static table's;
 * NULL when it is none (not judged). tools may be NULL. */
const JudgeMcpTool *judge_mcp_tool_find(const JudgeTools *tools, const char *name);

/*
 * A Claude Code hook input (PreToolUse or PostToolUse JSON): 1 with *ret
 * filled for a judged tool (Read, Write, Edit, MultiEdit, NotebookEdit,
 * Grep with a path or a glob, ReadMcpResource with a file: URI, an MCP
 * file tool), 0 for any other call (a tool that takes no path: not ours),
 * or -EINVAL with the reason in *ret_error (static text), -ENOMEM. tools:
 * the MCP tools added (NULL: the table's alone).
 */
int judge_parse_hook(const char *buf, size_t n, const JudgeTools *tools, JudgeCall *ret,
                     const char **ret_error);

/*
 * One line of --stream: {"tool":..., "access":"read"|"write", "path":...},
 * a Claude Code hook input (as judge_parse_hook), or an ACP JSON-RPC
 * request: fs/read_text_file or fs/write_text_file (params.path), or
 * terminal/create (params.command and params.args, judged as a command
 * line). As judge_parse_hook; an ACP method that takes no path is 0.
 */
int judge_parse_stream(const char *buf, size_t n, const JudgeTools *tools, JudgeCall *ret,
                       const char **ret_error);

/* The path of a file: URI as a WHATWG URL parser (Node's) reads one:
 * controls and spaces trimmed at the ends, tab, LF and CR dropped, '\\' a
 * '/', "file:/p" and "file:p" as "file:///p", the host percent-decoded and
 * empty or "localhost" in any case, the path percent-decoded, what follows
 * a '?' or '#' not of it; its "." and ".." are left to the caller (the
 * client resolution removes them by name). 1 with *ret malloc'd, 0 for a
 * URI of another kind or host, -EINVAL for one that decodes to a NUL,
 * -ENOMEM. */
int judge_file_uri_path(const char *uri, char **ret);

/* A command and its arguments as one shell line (each argument quoted):
 * *ret malloc'd, or -ENOMEM. */
int judge_command_line(const char *command, const char *const *args, size_t n_args, char **ret);

/*
 * A Grep's glob input (judge-glob.c), as Claude Code 2.1.332 gives it to
 * ripgrep: split on JavaScript's white space, a piece with both '{' and
 * '}' one glob, any other split on ','; after its own --glob !.git (and
 * .svn, .hg, .bzr, .jj, .sl). Each glob read as ripgrep's override
 * globs are (the ignore crate's gitignore rules, relative to the directory
 * searched): '!' excludes, the last glob that matches a path decides, one
 * with no '/' matches a name at any depth, '**' any directories, {a,b}
 * either, a directory excluded is not entered. Claude Code runs ripgrep
 * with --hidden, and a glob that lets a file in overrides the ignore
 * files: that file is read.
 */
typedef struct JudgeGlobs JudgeGlobs;
int judge_globs_new(const char *input, JudgeGlobs **ret);
void judge_globs_free(JudgeGlobs *g);
/* Does a search with these globs read rel (relative to the directory
 * searched, no trailing '/'), or, dir, some file below the directory rel?
 * A file no glob lets in is not (the ignore files decide: not judged). */
bool judge_globs_reach(const JudgeGlobs *g, const char *rel, bool dir);
/* Does a search with these globs enter the directory rel (relative to the
 * directory searched) and let some file below it in? */
bool judge_globs_enter(const JudgeGlobs *g, const char *rel);
/* Might a search with these globs read an entry named name (a last
 * component; dir: a directory) in a directory it is not shown, at any
 * depth? Yes when a glob with no '/' lets that name in, or when any glob
 * has a '/' (only the disk can tell where it leads); negated globs are not
 * counted (the directories they keep out are the disk's too). No: a walk
 * for nested checkouts below the directory searched would find nothing
 * the search reads. */
bool judge_globs_may_read_name(const JudgeGlobs *g, const char *name, bool dir);
