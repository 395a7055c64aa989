/* SPDX-License-Identifier: MIT */
/*
 * release (host.h): after the microVM ends, the placeholders prepare made
 * that are still empty go; nothing HEAD tracks, nothing through a symlink,
 * nothing with content.
 */
#include "host-internal.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

#include "array.h"
#include "policy-file.h"
#include "util.h"

/* The paths HEAD tracks, from git (git_run(): nothing the agent wrote
 * runs); an empty set when the worktree has no HEAD. -errno when git
 * cannot be asked (then nothing is removed): a path missed here could be
 * removed as a placeholder though HEAD tracks it. */
static int tracked_paths(const char *worktree, Hashmap **ret) {
        _cleanup_(hashmap_freep) Hashmap *set = hashmap_new();
        _cleanup_free_ char *out = NULL;
        const char *args[] = {"ls-tree", "-r", "-t", "-z", "--name-only", "HEAD", NULL};
        Git g = {.worktree = worktree};
        char err[256];
        size_t n = 0;
        int status = 0;

        if (!set)
                return -ENOMEM;
        int r = git_run(&g, args, NULL, 0, &out, &n, &status, err, sizeof err);
        if (r < 0)
                return r;
        /* A failure other than a missing git: no HEAD (a new repository, or
         * none): nothing is tracked, so nothing to keep for that reason. */
        for (char *p = out; status == 0 && p < out + n; p += strlen(p) + 1)
                if (hashmap_put(set, p, NULL) < 0)
                        return -ENOMEM;
        *ret = TAKE_PTR(set);
        return 0;
}

/* Candidates when the list was lost: the policy's paths, deepest last. */
static int candidates_from_policy(const char *out_dir, char ***ret, size_t *ret_n) {
        char buf[PATH_MAX];
        Policy *p = NULL;
        PolicyError err;
        /* VMDIR is the host's own directory, not the agent's. */
        snprintf(buf, sizeof buf, "%s/%s", out_dir, HOST_POLICY_FILE);
        int r = policy_load(buf, &p, &err);
        if (r < 0)
                return r;
        char **v = calloc(p->n + 1, sizeof *v);
        size_t n = 0;
        for (; v && n < p->n; n++)
                if (!(v[n] = strdup(p->actions[n].path)))
                        break;
        if (!v || n < p->n) {
                for (size_t i = 0; v && i < n; i++)
                        free(v[i]);
                free(v);
                policy_free(p);
                return -ENOMEM;
        }
        *ret = v;
        *ret_n = n;
        policy_free(p);
        return 0;
}

int host_release(const char *worktree, const char *out_dir, LogStream *log, HostResult *ret,
                 HostError *ret_error) {
        _cleanup_close_ int root_fd = -EBADF, out_fd = -EBADF;
        _cleanup_free_ char *list = NULL;
        Hashmap *tracked = NULL;
        char **paths = NULL;
        size_t n = 0, n_allocated = 0, size, failed = 0;
        char first[PATH_MAX + 256] = "";
        HostResult counts = {0};
        int r;

        if ((r = open_dirs(worktree, out_dir, &root_fd, &out_fd, ret_error)) < 0 ||
            (r = git_blockers_refuse(root_fd, worktree, "release", ret_error)) < 0)
                return r;

        char lp[PATH_MAX];
        snprintf(lp, sizeof lp, "%s/%s", out_dir, HOST_PLACEHOLDERS_FILE);
        r = read_full_file(lp, 16u << 20, &list, &size);
        if (r != -ENOENT) {
                if (r < 0)
                        return fail(ret_error, r, "path policy: cannot read %s/%s: %s", out_dir,
                                    HOST_PLACEHOLDERS_FILE, strerror(-r));
                for (char *s = list, *e; *s; s = e + 1) {
                        e = strchr(s, '\n');
                        if (!e)
                                break;
                        *e = 0;
                        if (ARRAY_GROW(paths, n_allocated, n + 1) < 0 || !(paths[n] = strdup(s))) {
                                for (size_t i = 0; i < n; i++)
                                        free(paths[i]);
                                free(paths);
                                return fail(ret_error, -ENOMEM, "path policy: out of memory");
                        }
                        n++;
                }
        } else {
                log_event(log, LOG_WARN, "placeholders-lost", NULL,
                          "path policy: %s/%s is lost: removing only empty paths at policy entries", out_dir,
                          HOST_PLACEHOLDERS_FILE);
                r = candidates_from_policy(out_dir, &paths, &n);
                if (r < 0)
                        return fail(ret_error, r, "path policy: %s/%s and %s are lost: nothing to release",
                                    out_dir, HOST_PLACEHOLDERS_FILE, HOST_POLICY_FILE);
        }

        r = tracked_paths(worktree, &tracked);
        if (r < 0) {
                for (size_t i = 0; i < n; i++)
                        free(paths[i]);
                free(paths);
                hashmap_free(tracked);
                return fail(
                        ret_error, r,
                        "path policy: cannot ask git which paths HEAD tracks in %s (%s): nothing removed",
                        worktree, git_strerror(r));
        }

        /* Deepest first: a placeholder's own children (placeholders too) go
         * before it. The list has parents first, so backwards. */
        for (size_t i = n; i-- > 0;) {
                const char *path = paths[i];
                char body[PATH_MAX];
                size_t len = strlen(path);
                bool dir = len > 0 && path[len - 1] == '/';
                snprintf(body, sizeof body, "%.*s", (int) (dir ? len - 1 : len), path);
                Walk w;
                const char *why = NULL;

                if (locate(root_fd, body, &w) < 0 || w.state == WALK_ABSENT)
                        continue; /* gone already: run twice */
                if (w.state != WALK_FOUND)
                        why = "it is under a symlink or a file now";
                else if (S_ISLNK(w.st.st_mode))
                        why = "it is a symlink now";
                else if (hashmap_contains(tracked, body))
                        why = "HEAD tracks it";
                else if (S_ISREG(w.st.st_mode) && w.st.st_size > 0)
                        why = "it has content";
                else if (!S_ISREG(w.st.st_mode) && !S_ISDIR(w.st.st_mode))
                        why = "it is not a file or a directory";

                const char *name;
                bool error = false; /* it should have gone, and could not */
                int pfd = -EBADF, q = why ? 0 : open_parent_beneath(root_fd, body, &name, &pfd);
                if (q < 0) {
                        why = "its parent cannot be opened without a symlink";
                        error = q != -ELOOP && q != -ENOTDIR;
                }
                if (!why && unlinkat(pfd, name, S_ISDIR(w.st.st_mode) ? AT_REMOVEDIR : 0) < 0) {
                        error = errno != ENOTEMPTY && errno != EEXIST;
                        why = error ? strerror(errno) : "it has entries";
                }
                if (pfd >= 0)
                        close(pfd);
                if (why) {
                        counts.kept++;
                        log_event(log, error ? LOG_WARN : LOG_INFO, "placeholder-kept",
                                  LOG_FIELDS(LOG_PATH("path", path), LOG_STR("reason", why)),
                                  "path policy: kept {path}: {reason}");
                        if (error && failed++ == 0)
                                snprintf(first, sizeof first, "%s: %s", shown(path), why);
                } else {
                        counts.removed++;
                        log_event(log, LOG_INFO, "placeholder-removed", LOG_FIELDS(LOG_PATH("path", path)),
                                  "path policy: removed the placeholder {path}");
                }
        }
        for (size_t i = 0; i < n; i++)
                free(paths[i]);
        free(paths);
        hashmap_free(tracked);

        log_event(log, LOG_INFO, "released",
                  LOG_FIELDS(LOG_INT("removed", counts.removed), LOG_INT("kept", counts.kept)),
                  "path policy: removed {removed} placeholder(s), kept {kept}");
        if (failed > 0)
                return fail(
                        ret_error, -EIO,
                        "path policy: %zu placeholder(s) that should have gone could not be removed (%s%s)",
                        failed, first, failed > 1 ? ", ..." : "");
        *ret = counts;
        return 0;
}
