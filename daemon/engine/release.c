/* SPDX-License-Identifier: MIT */
/*
 * release (host.h): after the microVM ends, the placeholders prepare made
 * that are still empty go; nothing the boot's base tracks (HEAD, that
 * record lost), nothing through a symlink, nothing with content.
 */
#include "host-internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>

#include "array.h"
#include "policy-file.h"
#include "util.h"

/* The paths rev tracks (the base's commit, or HEAD), from git (git_run():
 * nothing the agent wrote runs); an empty set when the worktree has no
 * HEAD (rev NULL: the base had no commit, and no git is asked). -errno
 * when git cannot be asked, or cannot list a base commit (then nothing is
 * removed): a path missed here could be removed as a placeholder though
 * the base tracks it. */
static int tracked_paths(const char *worktree, const char *rev, Hashmap **ret) {
        _cleanup_(hashmap_freep) Hashmap *set = hashmap_new();
        _cleanup_free_ char *out = NULL;
        const char *args[] = {"ls-tree", "-r", "-t", "-z", "--name-only", rev, NULL};
        Git g = {.worktree = worktree};
        char err[256];
        size_t n = 0;
        int status = 0;

        if (!set)
                return -ENOMEM;
        if (!rev) {
                *ret = TAKE_PTR(set);
                return 0;
        }
        int r = git_run(&g, args, NULL, 0, &out, &n, &status, err, sizeof err);
        if (r < 0)
                return r;
        if (status != 0 && !streq(rev, "HEAD"))
                return -EIO; /* the base's commit is gone: not "nothing tracked" */
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

/* The walk for placeholders the guest moved: the worktree's directories
 * (no .git, no symlink followed), an entry looked at only when readdir's
 * d_ino is a wanted one's. */
typedef struct MovedWalk {
        Hashmap *inos;   /* the moved placeholders' inode numbers, in decimal */
        Hashmap *wanted; /* their keys -> recorded path */
        char path[PATH_MAX];
        char **found; /* "path\0recorded path", in the order walked: parents first */
        size_t n_found, allocated;
} MovedWalk;

#define MOVED_DEPTH_MAX 256u

static int moved_walk(MovedWalk *m, int dfd, unsigned depth) {
        DIR *d = fdopendir(dfd);
        int r = 0;
        if (!d) {
                close(dfd);
                return 0;
        }
        size_t len = strlen(m->path);
        for (struct dirent *de; r >= 0 && hashmap_size(m->wanted) > 0 && (de = readdir(d));) {
                const char *name = de->d_name;
                char ino[24];
                snprintf(ino, sizeof ino, "%ju", (uintmax_t) de->d_ino);
                bool dir = de->d_type == DT_DIR, wanted = hashmap_contains(m->inos, ino);
                if (streq(name, ".") || streq(name, "..") || streq(name, ".git") ||
                    !(wanted || dir || de->d_type == DT_UNKNOWN) || len + 2 + strlen(name) >= sizeof m->path)
                        continue;
                struct stat st;
                if ((wanted || !dir) && fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                        continue;
                if (!dir)
                        dir = S_ISDIR(st.st_mode);
                snprintf(m->path + len, sizeof m->path - len, "%s%s", len ? "/" : "", name);
                char key[MASKED_FILE_KEY_MAX];
                const char *from = NULL;
                if (wanted && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode))) {
                        placeholder_key(&st, key);
                        from = hashmap_remove(m->wanted, key);
                }
                if (from) {
                        char *f = NULL;
                        if (asprintf(&f, "%s%s%c%s", m->path, dir ? "/" : "", 0, from) < 0 ||
                            ARRAY_GROW(m->found, m->allocated, m->n_found + 1) < 0) {
                                free(f);
                                r = -ENOMEM;
                                break;
                        }
                        m->found[m->n_found++] = f;
                }
                if (dir && depth < MOVED_DEPTH_MAX) {
                        int cfd = openat(dirfd(d), name,
                                         O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
                        if (cfd >= 0)
                                r = moved_walk(m, cfd, depth + 1);
                }
                m->path[len] = 0;
        }
        closedir(d);
        return r;
}

/*
 * The placeholders the guest moved (it renamed a parent directory): each
 * recorded one not at its path any more is looked for by its identity
 * (placeholder_key()) at any path, and removed there if still empty (a directory: if it has no entries);
 * never through a symlink, never a path HEAD tracks. One that cannot be
 * found stays (said). Counted in counts.
 */
static int release_moved(int root_fd, int out_fd, const Hashmap *tracked, LogStream *log,
                         HostResult *counts) {
        _cleanup_(placeholder_inodes_done) PlaceholderInodes pi = {0};
        _cleanup_(hashmap_freep) Hashmap *inos = hashmap_new(), *wanted = hashmap_new();
        MovedWalk m = {.inos = inos, .wanted = wanted};
        const char *path, *key;
        size_t i = 0;
        int r;

        if (!inos || !wanted)
                return -ENOMEM;
        if ((r = placeholder_inodes_load(out_fd, &pi)) < 0)
                return r;
        if (pi.lost) {
                log_event(
                        log, LOG_INFO, "record-lost",
                        LOG_FIELDS(LOG_STR("record", HOST_PLACEHOLDER_INODES_FILE)),
                        "path policy: the boot's record {record} is lost: a placeholder the guest moved is "
                        "not looked for, and stays");
                return 0;
        }
        while (hashmap_next(pi.by_path, &i, &path, (void **) &key)) {
                char body[PATH_MAX], now[MASKED_FILE_KEY_MAX];
                size_t len = strlen(path);
                Walk w;
                if (len >= sizeof body)
                        continue;
                snprintf(body, sizeof body, "%.*s", (int) (path[len - 1] == '/' ? len - 1 : len), path);
                if (locate(root_fd, body, &w) >= 0 && w.state == WALK_FOUND) {
                        placeholder_key(&w.st, now);
                        if (streq(now, key))
                                continue; /* where prepare made it: the list's */
                }
                /* "dev ino ...": the inode number, for readdir's d_ino */
                const char *sp = strchr(key, ' ');
                char ino[24];
                snprintf(ino, sizeof ino, "%.*s", sp ? (int) strcspn(sp + 1, " ") : 0, sp ? sp + 1 : "");
                if (hashmap_put(inos, ino, NULL) < 0 || hashmap_put(wanted, key, (void *) path) < 0)
                        return -ENOMEM;
        }
        if (hashmap_size(wanted) == 0)
                return 0;
        int fd = openat(root_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        r = fd < 0 ? -errno : moved_walk(&m, fd, 0);
        /* Deepest first: a moved directory's placeholders before it. */
        for (size_t k = m.n_found; r >= 0 && k-- > 0;) {
                const char *at = m.found[k], *from = at + strlen(at) + 1, *name, *why = NULL;
                char body[PATH_MAX], now[MASKED_FILE_KEY_MAX];
                size_t len = strlen(at);
                bool dir = at[len - 1] == '/';
                struct stat st;
                int pfd = -EBADF;
                snprintf(body, sizeof body, "%.*s", (int) (dir ? len - 1 : len), at);
                if (hashmap_contains(tracked, body))
                        why = "HEAD tracks it";
                else if (open_parent_beneath(root_fd, body, &name, &pfd) < 0)
                        why = "its parent cannot be opened without a symlink";
                else if (fstatat(pfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                        why = "it is gone";
                else {
                        const char *then = hashmap_get(pi.by_path, from);
                        placeholder_key(&st, now);
                        if (!then || !streq(now, then))
                                why = "it changed since the walk";
                        else if (S_ISREG(st.st_mode) && st.st_size > 0)
                                why = "it has content";
                        else if (unlinkat(pfd, name, dir ? AT_REMOVEDIR : 0) < 0)
                                why = errno == ENOTEMPTY || errno == EEXIST ? "it has entries"
                                                                            : strerror(errno);
                }
                if (pfd >= 0)
                        close(pfd);
                if (why) {
                        counts->kept++;
                        log_event(log, LOG_INFO, "placeholder-kept",
                                  LOG_FIELDS(LOG_PATH("path", at), LOG_PATH("from", from),
                                             LOG_STR("reason", why)),
                                  "path policy: kept {path} (the placeholder {from}, moved): {reason}");
                } else {
                        counts->removed++;
                        log_event(log, LOG_INFO, "placeholder-removed",
                                  LOG_FIELDS(LOG_PATH("path", at), LOG_PATH("from", from)),
                                  "path policy: removed the placeholder {from} where the guest moved it: "
                                  "{path}");
                }
        }
        for (size_t k = 0; k < m.n_found; k++)
                free(m.found[k]);
        free(m.found);
        return r;
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

        /* A placeholder is kept when the base carries the path: the
         * repository's, whatever the colony committed since. */
        BaseRecord base;
        r = base_record_read(out_fd, &base);
        if (r < 0) {
                for (size_t i = 0; i < n; i++)
                        free(paths[i]);
                free(paths);
                return fail(ret_error, r, "path policy: cannot read %s/%s: %s: nothing removed", out_dir,
                            HOST_BASE_FILE, r == -EBADMSG ? "it holds no commit id" : strerror(-r));
        }
        if (base.lost)
                log_event(log, LOG_WARN, "base-lost", LOG_FIELDS(LOG_PATH("path", out_dir)),
                          "path policy: the boot's base commit (" HOST_BASE_FILE ") is lost: keeping the "
                          "placeholders HEAD tracks, the only reference left");
        r = tracked_paths(worktree, base.lost ? "HEAD" : base.id[0] ? base.id : NULL, &tracked);
        if (r < 0) {
                for (size_t i = 0; i < n; i++)
                        free(paths[i]);
                free(paths);
                hashmap_free(tracked);
                return fail(ret_error, r,
                            "path policy: cannot ask git which paths %s tracks in %s (%s): nothing removed",
                            base.lost    ? "HEAD"
                            : base.id[0] ? base.id
                                         : "the base",
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
                        why = base.lost ? "HEAD tracks it" : "the base commit tracks it";
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
        r = release_moved(root_fd, out_fd, tracked, log, &counts);
        hashmap_free(tracked);
        if (r < 0)
                return fail(ret_error, r,
                            "path policy: cannot look for the placeholders the guest moved in %s: %s",
                            worktree, strerror(-r));

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
