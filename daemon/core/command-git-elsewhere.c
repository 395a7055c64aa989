/* SPDX-License-Identifier: MIT */
/*
 * Where a git command puts the history out of the masks' reach
 * (command-internal.h): checked out into another work tree, copied to or
 * from a repository on a local path (push /tmp/x, remote add, submodule
 * add ./, a borrowed object store). It must not lex, nor judge what git
 * prints (command-git.c).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

static bool streq_any_of(const char *const *v, size_t n, const char *s) {
        for (size_t i = 0; i < n; i++)
                if (streq(v[i], s))
                        return true;
        return false;
}

/* A repository given as a path, not a remote's name or a URL of another
 * host: this one's history can be copied there (git push /tmp/x). */
static bool local_repository(const char *s) {
        if (strncmp(s, "file:", 5) == 0)
                return true;
        if (strstr(s, "://") || (strchr(s, ':') && !strchr(s, '/')) ||
            (strchr(s, ':') && strchr(s, '/') && strchr(s, ':') < strchr(s, '/')))
                return false; /* https://, host:path, user@host:path */
        return s[0] == '/' || s[0] == '.' || s[0] == '~' || strchr(s, '/') != NULL;
}

/* A repository on another host, as git reads it: SCHEME://... (not
 * file://; a scheme of letters, digits, '+', '-', '.'), or USER@HOST:PATH. */
bool git_remote_url(const char *s) {
        const char *sep = strstr(s, "://"), *at = strchr(s, '@'), *colon = strchr(s, ':');
        if (sep) {
                size_t n = (size_t) (sep - s);
                bool scheme = n > 0 && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'));
                for (size_t i = 0; i < n && scheme; i++)
                        scheme = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.",
                                        s[i]);
                return scheme && strncasecmp(s, "file://", 7) != 0;
        }
        return at && colon && at < colon && !memchr(s, '/', (size_t) (colon - s));
}

/* The history put where no mask covers it: checked out into another work
 * tree, or copied to or from a repository on a local path. */
int git_elsewhere(Judge *j, bool work_tree, const char *sub, const char *const *opts, size_t n_opts,
                  const char *const *ops, size_t n_ops) {
        static const char *const checkouts[] = {"checkout",  "restore",         "reset",  "switch",
                                                "read-tree", "stash",           "merge",  "pull",
                                                "rebase",    "cherry-pick",     "revert", "checkout-index",
                                                "am",        "sparse-checkout", NULL};
        /* the transports, porcelain and plumbing: their first operand is
         * the other repository (fetch --multiple: each), then refspecs
         * (feature/x is a branch, not a path) */
        static const char *const movers[] = {"push", "pull", "fetch", "send-pack", "fetch-pack", NULL};
        const char *why = NULL;
        bool checkout = false, mover = false;
        for (const char *const *l = checkouts; *l; l++)
                checkout = checkout || streq(sub, *l);
        for (const char *const *l = movers; *l; l++)
                mover = mover || streq(sub, *l);
        if (work_tree && checkout)
                why = "checks the history out into another work tree";
        size_t repos = streq_any_of(opts, n_opts, "--multiple") ? n_ops : 1;
        for (size_t i = 0; i < n_ops && i < repos && mover && !why; i++)
                if (local_repository(ops[i]))
                        why = "copies the history to or from a repository on a local path";
        if (streq(sub, "remote") && n_ops >= 3 && (streq(ops[0], "add") || streq(ops[0], "set-url")) &&
            local_repository(ops[n_ops - 1]))
                why = "names a repository on a local path, where the history can be copied";
        /* submodule add REPO PATH: REPO is the source, PATH a directory here;
         * set-url PATH URL: URL; the others' operands are submodules' paths
         * (update --init clones from the url .gitmodules gives, which may be
         * this repository: into .git/modules, git's objects, and a checkout
         * the watcher binds) */
        static const char *const submodule_paths[] = {"update",        "init",       "deinit",
                                                      "status",        "summary",    "sync",
                                                      "absorbgitdirs", "set-branch", NULL};
        bool submodule = streq(sub, "submodule") && n_ops > 0;
        if (submodule && git_submodule_add_plain(opts, n_opts, ops, n_ops)) {
                if (!git_remote_url(ops[1]))
                        why = "names a repository on a local path, where the history can be copied";
        } else if (submodule && streq(ops[0], "set-url")) {
                if (n_ops < 3 || !git_remote_url(ops[n_ops - 1]))
                        why = "names a repository on a local path, where the history can be copied";
        } else if (submodule && streq_any(ops[0], submodule_paths)) {
                for (size_t i = 0; i < n_opts && !why; i++) /* --reference REPO, or its prefix */
                        if (strncmp(opts[i], "--ref", 5) == 0 &&
                            strncmp(opts[i] + 2, "reference", strcspn(opts[i] + 2, "=")) == 0)
                                why = "borrows the objects of a repository on a local path";
        } else if (streq(sub, "submodule") || streq(sub, "subtree"))
                for (size_t i = 0; i < n_ops && !why; i++)
                        if (local_repository(ops[i]) && i > 0)
                                why = "names a repository on a local path, where the history can be copied";
        if (!why)
                return 0;
        judge_mark_held(j);
        return judge_refuse(j, "git %s %s, and the history holds a masked entry", sub, why);
}
