/* SPDX-License-Identifier: MIT */
/*
 * Files in the worktree that would block a git the host runs there
 * (host-internal.h): git opens some files by name, without looking first
 * at what they are, and an open of a fifo waits for a writer that never
 * comes; a device reads without end, or waits for a terminal; a socket
 * fails to open, and git goes on without the rules in it. The agent made
 * the worktree, so each is refused before any git runs.
 */
#include "host-internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

#include "util.h"

/* Deeper than this, the walk refuses rather than guesses: a directory's
 * stream stays open on each level of the walk. */
#define BLOCK_DEPTH_MAX 256u

typedef struct BlockWalk {
        char path[PATH_MAX]; /* the one walked, relative to the worktree */
        char *found;
        const char *what;
} BlockWalk;

/* What a non-file is, or NULL for a file, a directory or a symlink. */
static const char *special(unsigned mode) {
        return S_ISFIFO(mode)   ? "a fifo"
               : S_ISSOCK(mode) ? "a socket"
               : S_ISCHR(mode)  ? "a character device"
               : S_ISBLK(mode)  ? "a block device"
                                : NULL;
}

static unsigned mode_of(unsigned char d_type) {
        switch (d_type) {
        case DT_FIFO:
                return S_IFIFO;
        case DT_SOCK:
                return S_IFSOCK;
        case DT_CHR:
                return S_IFCHR;
        case DT_BLK:
                return S_IFBLK;
        case DT_DIR:
                return S_IFDIR;
        case DT_LNK:
                return S_IFLNK;
        case DT_REG:
                return S_IFREG;
        default:
                return 0;
        }
}

/* The names git opens in any directory of the worktree (.gitmodules at
 * the top only, but a nested one is the top of a nested checkout), and
 * .git itself: a gitfile is read, a git directory is walked. */
static bool git_name(const char *name) {
        return name[0] == '.' && name[1] == 'g' &&
               (streq(name, ".git") || streq(name, ".gitignore") || streq(name, ".gitattributes") ||
                streq(name, ".gitmodules"));
}

static int found(BlockWalk *w, const char *what) {
        if (!(w->found = strdup(w->path)))
                return -ENOMEM;
        w->what = what;
        return 1;
}

/*
 * dfd (taken), at w->path. In the worktree (git_depth 0: not in a git
 * directory) only git's own names are looked at: a fifo elsewhere is
 * passed by git add (it stages files, links and checkouts). In a git
 * directory (git_depth > 0) everything is: git opens its files by name
 * (HEAD, refs, packed-refs, config, index, info/exclude, objects,
 * alternates, commit-graph, ...). d_type says what an entry is, so a
 * tree of files costs one readdir a directory and no stat; a symlink
 * where git opens by name is looked through (git follows it), but one to
 * a directory is not walked.
 */
static int block_walk(BlockWalk *w, int dfd, unsigned git_depth, unsigned depth) {
        DIR *d = fdopendir(dfd);
        int r = 0;
        if (!d) {
                close(dfd);
                return 0; /* gone: nothing for git to open either */
        }
        size_t len = strlen(w->path);
        for (struct dirent *de; r == 0 && (de = readdir(d));) {
                const char *name = de->d_name;
                if (streq(name, ".") || streq(name, ".."))
                        continue;
                /* most entries: a file git only stages */
                if (de->d_type == DT_REG && git_depth == 0)
                        continue;
                if (len + 1 + strlen(name) >= sizeof w->path)
                        continue; /* no name git could open either */
                snprintf(w->path + len, sizeof w->path - len, "%s%s", len ? "/" : "", name);
                struct stat st;
                unsigned mode = mode_of(de->d_type);
                if (mode == 0 && fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) == 0)
                        mode = st.st_mode & S_IFMT;
                bool named = git_depth > 0 || git_name(name);
                const char *what = named ? special(mode) : NULL;
                if (named && S_ISLNK(mode) && fstatat(dirfd(d), name, &st, 0) == 0 &&
                    (what = special(st.st_mode)))
                        what = S_ISFIFO(st.st_mode) ? "a symlink to a fifo"
                                                    : "a symlink to a device or socket";
                /* git's own daemon's socket, which git connects to and
                 * never opens */
                if (what && git_depth == 1 && S_ISSOCK(mode) && streq(name, "fsmonitor--daemon.ipc"))
                        what = NULL;
                if (what)
                        r = found(w, what);
                else if (S_ISDIR(mode) && depth >= BLOCK_DEPTH_MAX)
                        r = found(w, "deeper than 256 directories, where no check reaches");
                else if (S_ISDIR(mode)) {
                        int cfd = openat(dirfd(d), name,
                                         O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
                        if (cfd >= 0) /* else gone, or not readable: git reads nothing there */
                                r = block_walk(w, cfd,
                                               git_depth > 0 || streq(name, ".git") ? git_depth + 1 : 0,
                                               depth + 1);
                }
                w->path[len] = 0;
        }
        closedir(d);
        return r;
}

int git_blocker_find(int root_fd, char **ret_path, const char **ret_what) {
        BlockWalk w = {0};
        int fd = openat(root_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
                return -errno;
        int r = block_walk(&w, fd, 0, 0);
        if (r <= 0)
                return r;
        *ret_path = w.found;
        *ret_what = w.what;
        return 1;
}

int git_blockers_refuse(int root_fd, const char *worktree, const char *doing, HostError *e) {
        _cleanup_free_ char *path = NULL;
        const char *what = NULL;
        int r = git_blocker_find(root_fd, &path, &what);
        if (r < 0)
                return fail(e, r, "path policy: cannot look for files that would block git in %s: %s",
                            shown(worktree), strerror(-r));
        if (r == 0)
                return 0;
        return fail(e, -EACCES,
                    "path policy: refusing to %s %s: %s is %s, where git opens files by name: git would "
                    "wait on it for ever, or read it without end (remove it, then run again)",
                    doing, shown(worktree), shown(path), what);
}
