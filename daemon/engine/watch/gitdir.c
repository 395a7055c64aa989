/* SPDX-License-Identifier: MIT */
/* Where a checkout's git metadata is (its .git file, its commondir), found exactly as git finds it.
 * Must not follow a path git would not, nor bind: a gitdir it cannot place is refused, and said. */
#include "watch-internal.h"

#include <limits.h>

/* What git reads of a .git file or a commondir: git reads up to 1 MiB; a
 * path that needs more than this cannot be resolved by anyone anyway. */
#define GITFILE_MAX (2 * PATH_MAX)

/* Whether a path in a gitdir is one git shares among worktrees (read from
 * the common dir), after git's common_list (path.c): config and hooks/,
 * info/ (but info/sparse-checkout), refs/ and logs/ (but a worktree's own
 * few), objects/ and the rest below. */
bool git_common_name(const char *name) {
        static const char *const dirs[] = {"branches", "common",     "hooks",    "info",
                                           "logs",     "lost-found", "objects",  "refs",
                                           "remotes",  "worktrees",  "rr-cache", "svn"};
        static const char *const files[] = {"config", "gc.pid", "packed-refs", "shallow"};
        static const char *const own[] = {"info/sparse-checkout", "logs/HEAD", "refs/bisect",
                                          "refs/worktree", "refs/rewritten"};
        for (size_t i = 0; i < ELEMENTSOF(own); i++) {
                size_t n = strlen(own[i]);
                if (strncmp(name, own[i], n) == 0 && (name[n] == 0 || name[n] == '/'))
                        return false;
        }
        for (size_t i = 0; i < ELEMENTSOF(files); i++)
                if (streq(name, files[i]))
                        return true;
        for (size_t i = 0; i < ELEMENTSOF(dirs); i++) {
                size_t n = strlen(dirs[i]);
                if (strncmp(name, dirs[i], n) == 0 && (name[n] == 0 || name[n] == '/'))
                        return true;
        }
        return false;
}

/* Read a small file git reads whole (a .git file, a commondir): the bytes
 * up to the first NUL, as git's C string ends there. */
static int read_small(Watch *w, const char *path, char **ret) {
        _cleanup_free_ char *buf = malloc(GITFILE_MAX);
        if (!buf)
                return -ENOMEM;
        int r = w->c.files->read(w->files, path, buf, GITFILE_MAX);
        if (r < 0)
                return r;
        if ((size_t) r >= GITFILE_MAX - 1)
                return -EFBIG;
        *ret = TAKE_PTR(buf);
        return r;
}

/* git resolves ".." after the directory before it, symlinks followed
 * (realpath), so "link/.." is the link target's parent, not the lexical
 * one. Lexical and physical agree only when what comes before each ".."
 * is a real directory: check each such prefix, no symlink on the way. */
static bool dotdot_physical(Watch *w, const char *p) {
        for (const char *s = p; (s = strstr(s, "..")); s += 2) {
                if ((s != p && s[-1] != '/') || (s[2] != 0 && s[2] != '/'))
                        continue;
                if (s == p)
                        return false; /* above the root */
                _cleanup_free_ char *prefix = strndup(p, (size_t) (s - p));
                _cleanup_free_ char *n = prefix ? path_normalize(prefix) : NULL;
                PlatformBindInfo info;
                /* It must exist, as anything but a symlink (git's realpath
                 * steps over a file too). */
                if (n && w->c.binder->check(w->binder, PLATFORM_PROTECT, n, &info) < 0)
                        return false;
        }
        return true;
}

/* A path git names (absolute, or relative to base), as a path relative to
 * the root; NULL with *why when it is not beneath it. Lexical: the result
 * is then resolved without symlinks, so ".." cannot differ from git's. */
static char *beneath_root(Watch *w, const char *base, const char *v) {
        _cleanup_free_ char *j = NULL;
        if (v[0] == '/') {
                const char *ra = watch_root_abs(w);
                size_t rl = strlen(ra);
                if (strncmp(v, ra, rl) != 0 || v[rl] != '/')
                        return NULL;
                j = strdup(v + rl + 1);
        } else
                j = path_join(base, v);
        if (!j || !dotdot_physical(w, j))
                return NULL;
        return path_normalize(j);
}

/* The gitdir a .git file names, as git's read_gitfile_gently reads it:
 * the whole file, "gitdir: " at offset 0, only trailing CR and LF stripped
 * (a newline inside the path stays), relative to the file's directory. */
static char *read_gitfile(Watch *w, Checkout *c, const char **why) {
        _cleanup_free_ char *dotgit = path_join(c->path, ".git"), *buf = NULL;
        if (!dotgit) {
                *why = "out of memory";
                return NULL;
        }
        int r = read_small(w, dotgit, &buf);
        if (r == -ENOENT) { /* gone: the checkout moved or went (its event forgets it), nothing refused */
                *why = NULL;
                return NULL;
        }
        if (r < 0) {
                *why = r == -EFBIG    ? "too large for a .git file"
                       : r == -EINVAL ? "not a regular file"
                                      : strerror(-r);
                return NULL;
        }
        size_t n = (size_t) r;
        if (n == 0) { /* made, not yet written (git creates, then writes): its write is an event */
                *why = NULL;
                return NULL;
        }
        if (n < 8 || memcmp(buf, "gitdir: ", 8) != 0) {
                *why = "no 'gitdir: ' at its start (git refuses it too)";
                return NULL;
        }
        while (n > 8 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
                buf[--n] = 0;
        if (n <= 8) {
                *why = "an empty gitdir (git refuses it too)";
                return NULL;
        }
        char *g = beneath_root(w, c->path, buf + 8);
        if (!g)
                *why = "it names a gitdir outside the root, or with '..' after a symlink";
        return g;
}

/* The common dir a gitdir names in its commondir file, as git's
 * get_common_dir_noenv reads it: the whole file, only trailing LF and CR
 * stripped (a trailing space is part of the name: git 2.39 uses "cd "
 * when both "cd" and "cd " exist), absolute as is or relative to the
 * gitdir. 0 and *ret NULL when
 * there is no commondir file. */
static int read_commondir(Watch *w, const char *gitdir, char **ret, const char **why) {
        _cleanup_free_ char *file = path_join(gitdir, "commondir"), *buf = NULL;
        if (!file)
                return -ENOMEM;
        int r = read_small(w, file, &buf);
        if (r == -ENOENT) {
                *ret = NULL;
                return 0;
        }
        if (r < 0) {
                *why = r == -EFBIG ? "its commondir is too large" : "its commondir cannot be read";
                return r;
        }
        size_t n = (size_t) r;
        if (n == 0) { /* made, not yet written (git creates, then writes): its write is an event */
                *why = NULL;
                return -EAGAIN;
        }
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
                buf[--n] = 0;
        if (n == 0) {
                *why = "its commondir is empty";
                return -EINVAL;
        }
        char *cd = beneath_root(w, gitdir, buf);
        if (!cd) {
                *why = "its commondir names a directory outside the root, or with '..' after a symlink";
                return -EXDEV;
        }
        *ret = cd;
        return 0;
}

/* Whether dir exists beneath the root as a directory, with no symlink on
 * the way, as the engine resolves: 0 or -errno. */
int check_dir(Watch *w, const char *dir) {
        PlatformBindInfo info;
        return w->c.binder->check(w->binder, PLATFORM_MASK_DIR, dir, &info);
}

/* The same for a gitdir or common dir, saying why not; one that does not
 * exist yet goes to *missing, to be followed until it does. */
static int usable_dir(Watch *w, const char *dir, bool common, const char **why, char **missing) {
        int r = check_dir(w, dir);
        if (r == -ENOENT) {
                *why = common ? "its common dir does not exist (yet)" : "its gitdir does not exist (yet)";
                free(*missing);
                *missing = strdup(dir);
        } else if (r == -ELOOP)
                *why = common ? "its common dir is reached through a symlink"
                              : "its gitdir is reached through a symlink";
        else if (r < 0)
                *why = common ? "its common dir is not a directory" : "its gitdir is not a directory";
        return r;
}

static void set_str(char **p, char *v) {
        free(*p);
        *p = v;
}

void watch_dir(Watch *w, const char *dir) {
        if (dir && w->wops && w->wops->watch_dir)
                (void) w->wops->watch_dir(w->watcher, dir);
}

/* Follow a missing gitdir or common dir (dir, taken; NULL: none): watch
 * the deepest part of it that exists, and each part as it appears, until
 * it is there. -ENOMEM: not followed. */
int want_dir(Watch *w, Checkout *c, char *dir) {
        if (streq_ptr(c->wanted, dir)) {
                free(dir);
                return 0;
        }
        if (c->wanted)
                count_ancestors(w->wanted, c->wanted, false, true);
        free(c->wanted);
        c->wanted = NULL;
        if (!dir)
                return 0;
        int r = count_ancestors(w->wanted, dir, true, true);
        if (r < 0) {
                free(dir);
                return r;
        }
        c->wanted = dir;
        _cleanup_free_ char *p = strdup(dir);
        for (char *s; p && (s = strrchr(p, '/'));) {
                *s = 0;
                if (check_dir(w, p) == 0) {
                        watch_dir(w, p);
                        break;
                }
        }
        return 0;
}

/* Resolve c's gitdir and common dir now. Said once per change of outcome;
 * returns whether either changed. */
bool resolve_git(Watch *w, Checkout *c) {
        const char *why = NULL;
        char *g = NULL, *cd = NULL, *missing = NULL;

        if (c->gitfile) {
                /* A .git file with another hard link could be rewritten
                 * through a name nobody watches: the other name is cut off
                 * (renew replaces the file by a copy; the rename is an
                 * event, and the checkout is found again). */
                PlatformBindInfo info;
                _cleanup_free_ char *dotgit = path_join(c->path, ".git");
                if (dotgit && w->c.files->renew &&
                    w->c.binder->check(w->binder, PLATFORM_PROTECT, dotgit, &info) == 0 && info.regular &&
                    info.nlink > 1)
                        (void) w->c.files->renew(w->files, dotgit);
                g = read_gitfile(w, c, &why);
                if (!g && !why)
                        return false; /* empty or gone: judged when written, the state as it was */
        } else
                g = path_join(c->path, ".git");
        if (g && usable_dir(w, g, false, &why, &missing) < 0) {
                bool gone = !c->gitfile && missing;
                free(g);
                g = NULL;
                if (gone) { /* its own .git went: the checkout moved or went (its event forgets it) */
                        free(missing);
                        return false;
                }
        }
        bool linked = false;
        int rc = g ? read_commondir(w, g, &cd, &why) : 0;
        if (rc == -EAGAIN) {
                free(g);
                return false; /* judged when written, the state as it was */
        }
        if (g && rc >= 0 && cd) {
                linked = true;
                if (usable_dir(w, cd, true, &why, &missing) < 0) {
                        free(cd);
                        cd = NULL;
                } else if (streq(cd, ".git")) {
                        /* The root's own: the host's read-only git-dir mount
                         * covers it (enforce's and the host's job). */
                        free(cd);
                        cd = NULL;
                }
        }

        /* The new ones counted before the old ones go (the same name
         * then never leaves the maps). What cannot be counted is not
         * known as a gitdir: refused, and said. */
        int r = dir_ref(w, g);
        if (r >= 0 && (r = dir_ref(w, cd)) < 0)
                dir_unref(w, g);
        if (r < 0) {
                free(g);
                free(cd);
                g = cd = NULL;
                linked = false;
                why = "out of memory";
        }
        bool changed = !streq_ptr(g, c->gitdir) || !streq_ptr(cd, c->commondir);
        dir_unref(w, c->gitdir);
        dir_unref(w, c->commondir);
        set_str(&c->gitdir, g);
        set_str(&c->commondir, cd);
        c->linked = linked;
        if (changed)
                moved_note(w, c);
        if (want_dir(w, c, missing) < 0) {
                missing = NULL;
                why = "it does not exist (yet), and cannot be followed (out of memory)";
        }

        /* While git may still be writing the .git file or commondir (its
         * makers run: pending, or about to, as the outcome changed and the
         * caller starts them), a refusal is not said: protect_git judges
         * again once they are done, and says it then if it stands. */
        bool judged = !c->pending && !changed;
        if (why && judged && c->refused != why) {
                _cleanup_free_ char *dotgit = path_join(c->path, ".git");
                log_event(w->c.log, LOG_WARN, "gitdir-refused",
                          LOG_FIELDS(LOG_PATH("checkout", c->path), LOG_PATH("path", dotgit),
                                     LOG_SHOW("shown", dotgit ? dotgit : "")),
                          "path policy: {shown}: %s: git metadata of nested checkout {checkout} not "
                          "protected%s",
                          why, missing ? " until it appears" : "");
        }
        if (!why || judged)
                c->refused = why;
        if (changed && c->gitfile)
                watch_dir(w, c->gitdir);
        if (changed)
                watch_dir(w, c->commondir);
        return changed;
}
