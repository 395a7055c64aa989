/* SPDX-License-Identifier: MIT */
/* prepare's reading of git's history (host-internal.h): which masked
 * entries a commit or the index holds, by name. It never reads a blob. */
#include "host-internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "array.h"
#include "history.h"
#include "util.h"

static unsigned budget_seconds = HOST_HISTORY_SECONDS_DEFAULT;
static unsigned long budget_commits = HOST_HISTORY_COMMITS_DEFAULT;

void host_set_history_budget(unsigned seconds, unsigned long commits) {
        budget_seconds = seconds > 0 ? seconds : HOST_HISTORY_SECONDS_DEFAULT;
        budget_commits = commits > 0 ? commits : HOST_HISTORY_COMMITS_DEFAULT;
}

/* A commit's marker in git log's output (--format=%x01): a name is never
 * one byte 0x01 (git refuses no such name, so a commit is counted by it
 * only when the record is exactly that). */
#define COMMIT_MARK '\001'

/* A masked entry as git's names are read: where it is held. */
typedef struct Held {
        bool held, anywhere;
        char **at; /* NULL-terminated, n_at */
        size_t n_at, allocated;
} Held;

/* The names git says, matched as they come. */
typedef struct Names {
        const char *const *masks;
        size_t n_masks, n_anywhere, n_at;
        Held *held;
        bool log;        /* git log's output: markers and a '\n' before a commit's names */
        bool after_mark; /* the last record was a marker */
        unsigned long commits, max_commits;
        char *carry; /* a record cut by the read */
        size_t n_carry, carry_allocated;
        /* Commits no ref or reflog reaches that git still names: the
         * pseudo-refs' ids and fsck's dangling commits, one a line, for
         * git log --stdin; and whether fsck found a dangling blob or tree,
         * which has no name to hold an entry by. */
        char *ids;
        size_t n_ids, ids_allocated, hexsz;
        bool unreachable;
} Names;

/* A place of mask i: where path holds it, cut after its run (a '/' kept
 * when the path goes on below it). Past the bounds, or a place the record
 * cannot carry: anywhere. */
static int names_place(Names *s, size_t i, const char *path, size_t run) {
        Held *h = &s->held[i];
        size_t n = run + (path[run] == '/');
        h->held = true;
        if (h->anywhere)
                return 0;
        for (size_t a = 0; a < h->n_at; a++)
                if (strncmp(h->at[a], path, n) == 0 && h->at[a][n] == 0)
                        return 0;
        _cleanup_free_ char *at = strndup(path, n);
        if (!at)
                return -ENOMEM;
        if (h->n_at >= HISTORY_AT_MAX || s->n_at >= HISTORY_AT_TOTAL_MAX ||
            !history_at_ok(s->masks[i], at)) {
                h->anywhere = true;
                s->n_anywhere++;
                return 0;
        }
        if (ARRAY_GROW(h->at, h->allocated, h->n_at + 2) < 0)
                return -ENOMEM;
        h->at[h->n_at++] = TAKE_PTR(at);
        h->at[h->n_at] = NULL;
        s->n_at++;
        return 0;
}

static int names_take(Names *s, const char *rec, size_t n) {
        if (s->log && n == 1 && rec[0] == COMMIT_MARK) {
                s->commits++;
                s->after_mark = true;
                return 0;
        }
        /* git puts a newline between a commit's format and its names */
        if (s->log && s->after_mark && n > 0 && rec[0] == '\n')
                rec++, n--;
        s->after_mark = false;
        if (n == 0 || s->n_anywhere == s->n_masks)
                return 0;
        _cleanup_free_ char *path = strndup(rec, n);
        if (!path)
                return -ENOMEM;
        for (size_t i = 0; i < s->n_masks; i++) {
                size_t run = entry_path_run(s->masks[i], path);
                int r = run > 0 ? names_place(s, i, path, run) : 0;
                if (r < 0)
                        return r;
        }
        return 0;
}

/* A name's bound in git's output: PATH_MAX and then some. */
#define NAME_MAX_BYTES (64u * 1024)

static int names_read(void *userdata, int fd) {
        Names *s = userdata;
        char buf[65536];
        int r;
        for (;;) {
                ssize_t k = read(fd, buf, sizeof buf);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k < 0)
                        return -errno;
                if (k == 0)
                        return s->n_carry > 0 ? -EBADMSG : 0; /* -z ends every name */
                size_t start = 0;
                for (size_t i = 0; i < (size_t) k; i++) {
                        if (buf[i] != 0)
                                continue;
                        if (s->n_carry > 0) {
                                if (ARRAY_GROW(s->carry, s->carry_allocated, s->n_carry + i - start + 1) < 0)
                                        return -ENOMEM;
                                memcpy(s->carry + s->n_carry, buf + start, i - start);
                                r = names_take(s, s->carry, s->n_carry + i - start);
                                s->n_carry = 0;
                        } else
                                r = names_take(s, buf + start, i - start);
                        if (r < 0)
                                return r;
                        start = i + 1;
                        if (s->max_commits && s->commits > s->max_commits)
                                return -E2BIG;
                }
                size_t rest = (size_t) k - start;
                if (s->n_carry + rest > NAME_MAX_BYTES)
                        return -EBADMSG;
                if (rest > 0) {
                        if (ARRAY_GROW(s->carry, s->carry_allocated, s->n_carry + rest + 1) < 0)
                                return -ENOMEM;
                        memcpy(s->carry + s->n_carry, buf + start, rest);
                        s->n_carry += rest;
                }
        }
}

/* The bound on the commits read by id (pseudo-refs, dangling ones):
 * past it, the record is unknown. */
#define IDS_MAX 100000u
/* A pseudo-ref file's bound (FETCH_HEAD of a fetch of every branch). */
#define PSEUDO_FILE_MAX (16u * 1024 * 1024)

static bool is_hex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* An id at the start of line (the object format's length, then no hex
 * digit), onto s->ids. -E2BIG past IDS_MAX. */
static int ids_take(Names *s, const char *line, size_t n) {
        size_t k = 0;
        while (k < n && is_hex(line[k]))
                k++;
        if (k != s->hexsz)
                return 0;
        if (s->n_ids / (s->hexsz + 1) >= IDS_MAX)
                return -E2BIG;
        if (ARRAY_GROW(s->ids, s->ids_allocated, s->n_ids + s->hexsz + 2) < 0)
                return -ENOMEM;
        memcpy(s->ids + s->n_ids, line, s->hexsz);
        s->n_ids += s->hexsz;
        s->ids[s->n_ids++] = '\n';
        return 0;
}

/* Every line of dir/name that starts with an id: a pseudo-ref (FETCH_HEAD
 * has one a line, not-for-merge ones too), a rebase's or a sequencer's
 * state (orig-head, onto, ...). Read at dirfd, never past a symlink: the
 * git dir is the one git_pin() pinned. */
static int ids_from_file(Names *s, int dirfd, const char *name) {
        _cleanup_close_ int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
                return 0; /* none, or not a ref's file */
        _cleanup_free_ char *buf = NULL;
        size_t n = 0;
        int r = read_full_fd(fd, PSEUDO_FILE_MAX, &buf, &n);
        if (r < 0)
                return r == -EFBIG ? -E2BIG : r;
        for (size_t pos = 0; pos < n;) {
                const char *l = buf + pos, *nl = memchr(l, '\n', n - pos);
                size_t len = nl ? (size_t) (nl - l) : n - pos;
                if ((r = ids_take(s, l, len)) < 0)
                        return r;
                pos += len + 1;
        }
        return 0;
}

/* A pseudo-ref's name as git takes one: capitals and '_' (FETCH_HEAD,
 * ORIG_HEAD, MERGE_HEAD, AUTO_MERGE, ...). */
static bool pseudo_name(const char *n) {
        if (!*n)
                return false;
        for (; *n; n++)
                if (!((*n >= 'A' && *n <= 'Z') || *n == '_'))
                        return false;
        return true;
}

/* The files of dir (at dirfd) that name a commit: every pseudo-ref at the
 * top (all when state, a rebase's or sequencer's directory). */
static int ids_from_dir(Names *s, int dirfd, const char *dir, bool state) {
        _cleanup_close_ int fd = openat(dirfd, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
                return errno == ENOENT || errno == ENOTDIR || errno == ELOOP ? 0 : -errno;
        int dup_fd = dup(fd);
        DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
        if (!d) {
                if (dup_fd >= 0)
                        close(dup_fd);
                return -errno;
        }
        int r = 0;
        for (struct dirent *e; r >= 0 && (e = readdir(d));)
                if (state ? e->d_name[0] != '.' : pseudo_name(e->d_name))
                        r = ids_from_file(s, fd, e->d_name);
        for (const char *const *sub =
                     (const char *const[]){"rebase-merge", "rebase-apply", "sequencer", NULL};
             !state && r >= 0 && *sub; sub++)
                r = ids_from_dir(s, fd, *sub, true);
        closedir(d);
        return r;
}

/* The commits a pseudo-ref names, in the git dir, the common dir (the main
 * worktree's: main-worktree/ORIG_HEAD) and each linked worktree's
 * (worktrees/W/FETCH_HEAD): git log FETCH_HEAD prints them, and no ref
 * or reflog need reach them. */
static int ids_from_pseudo_refs(Names *s, const Git *g) {
        int r = ids_from_dir(s, AT_FDCWD, g->git_dir, false);
        if (r >= 0 && g->common_dir && !streq(g->common_dir, g->git_dir))
                r = ids_from_dir(s, AT_FDCWD, g->common_dir, false);
        _cleanup_free_ char *wts = NULL;
        if (r >= 0 && asprintf(&wts, "%s/worktrees", g->common_dir ? g->common_dir : g->git_dir) < 0)
                return -ENOMEM;
        _cleanup_close_ int wfd = r >= 0 ? open(wts, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW) : -1;
        int dup_fd = wfd >= 0 ? dup(wfd) : -1;
        DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
        if (dup_fd >= 0 && !d)
                close(dup_fd);
        for (struct dirent *e; r >= 0 && d && (e = readdir(d));)
                if (e->d_name[0] != '.')
                        r = ids_from_dir(s, wfd, e->d_name, false);
        if (d)
                closedir(d);
        return r;
}

/* git fsck --dangling's lines: a dangling commit (a dropped stash, an
 * amended commit past its reflog) or tag is read by name, with the
 * pseudo-refs; a dangling blob or tree (git add .env && git reset) has no
 * name, so the record says the history holds one. Any other line: the
 * same, to be safe. */
static int dangling_read(void *userdata, int fd) {
        Names *s = userdata;
        _cleanup_free_ char *buf = NULL;
        size_t n = 0;
        int r = read_full_fd(fd, (size_t) (IDS_MAX + 1) * 80, &buf, &n);
        if (r < 0)
                return r == -EFBIG ? -E2BIG : r;
        for (size_t pos = 0; pos < n;) {
                const char *l = buf + pos, *nl = memchr(l, '\n', n - pos);
                size_t len = nl ? (size_t) (nl - l) : n - pos;
                pos += len + 1;
                if (len > 16 && strncmp(l, "dangling commit ", 16) == 0)
                        r = ids_take(s, l + 16, len - 16);
                else if (len > 13 && strncmp(l, "dangling tag ", 13) == 0)
                        r = ids_take(s, l + 13, len - 13);
                else if (len > 0)
                        s->unreachable = true;
                if (r < 0)
                        return r;
        }
        return 0;
}

/* A reason for the record: what the reader takes (printable ASCII). */
_printf_(2, 3) static void say(HistoryRecord *rec, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(rec->reason, sizeof rec->reason, fmt, ap);
        va_end(ap);
        for (char *c = rec->reason; *c; c++)
                if ((unsigned char) *c < 0x20 || (unsigned char) *c > 0x7e)
                        *c = '?';
        rec->known = false;
}

/* One git over the names it prints (read_out's, in s), with in on its
 * stdin, within the history's time budget. */
static int names_from_git(const Git *g, const char *const *args, const char *in, size_t in_n,
                          int (*read_out)(void *userdata, int fd), Names *s, HistoryRecord *rec) {
        char err[256] = "";
        int status = 0;
        unsigned had = host_git_time_limit();
        host_set_git_time_limit(budget_seconds);
        int r = git_stream(g, args, in, in_n, read_out, s, &status, err, sizeof err);
        host_set_git_time_limit(had);
        if (r == -ETIME)
                say(rec, "git %s ran past the budget of %u s", args[0], budget_seconds);
        else if (r == -E2BIG && s->max_commits == 0)
                say(rec, "past the bound of %u commits named by id", IDS_MAX);
        else if (r == -E2BIG)
                say(rec, "past the budget of %lu commits", s->max_commits);
        else if (r == -ENOMEM)
                return r;
        else if (r < 0)
                say(rec, "git %s: %s", args[0], strerror(-r));
        else if (status != 0)
                say(rec, "git %s failed (status %d): %s", args[0], status, err[0] ? err : "no message");
        return 0;
}

/* A masked entry at a nested checkout's root, there at the boot: its
 * history is not read (history.h's why), so the entry counts as held,
 * there and anything below it (its history may have had it either way). */
static int nested_present(int root_fd, const char *checkouts, size_t n, Names *s) {
        bool first = true;
        for (const char *p = checkouts; p && p < checkouts + n; p += strlen(p) + 1) {
                if (first) { /* "complete" or "incomplete" */
                        first = false;
                        continue;
                }
                for (size_t i = 0; i < s->n_masks; i++) {
                        char path[PATH_MAX];
                        size_t en = strlen(s->masks[i]);
                        bool dir = s->masks[i][en - 1] == '/';
                        Walk w;
                        if ((size_t) snprintf(path, sizeof path, "%s/%.*s", p, (int) (en - dir),
                                              s->masks[i]) >= sizeof path)
                                continue;
                        if (locate(root_fd, path, &w) >= 0 && w.state == WALK_FOUND) {
                                size_t run = strlen(path);
                                char below[PATH_MAX + 1];
                                int r = names_place(s, i, strcat(strcpy(below, path), "/"), run);
                                if (r < 0)
                                        return r;
                        }
                }
        }
        return 0;
}

static void held_done(Names *s) {
        for (size_t i = 0; s->held && i < s->n_masks; i++) {
                for (size_t a = 0; a < s->held[i].n_at; a++)
                        free(s->held[i].at[a]);
                free(s->held[i].at);
        }
        free(s->held);
        free(s->carry);
        free(s->ids);
}

static void git_donep(Git *g) {
        git_done(g);
}

int history_read(const char *worktree, int root_fd, bool repository, const Policy *policy,
                 const char *checkouts, size_t n_checkouts, HistoryRecord *ret, unsigned long *ret_commits) {
        _cleanup_free_ const char **masks = calloc(policy->n + 1, sizeof *masks);
        _cleanup_(history_record_done) HistoryRecord rec = {.known = true};
        _cleanup_(git_donep) Git g = {.worktree = worktree};
        _cleanup_(held_done) Names s = {.held = calloc(policy->n + 1, sizeof(Held))};
        HostError e = {0};
        int r = 0;

        if (!masks || !s.held)
                return -ENOMEM;
        for (size_t i = 0; i < policy->n; i++)
                if (policy->actions[i].kind != PLATFORM_PROTECT)
                        masks[s.n_masks++] = policy->actions[i].path;
        s.masks = masks;
        s.max_commits = budget_commits;
        if (s.n_masks > 0 && repository) {
                /* The same repository stage judges, or none: a git
                 * directory the agent could have chosen runs no git here. */
                if (git_pin(&g, NULL, NULL, &e) < 0 || git_pin_reap(&g, &e) < 0)
                        say(&rec, "git was not run: %s",
                            e.message + (strncmp(e.message, "path policy: ", 13) == 0 ? 13 : 0));
                /* Every path any commit reachable from a ref or a reflog
                 * holds is added by some commit against its first parent
                 * (or is in a root commit), so the names each commit
                 * changes against its first parent are every name held;
                 * no rename detection, so no blob is read. Not
                 * --diff-filter=A: it drops a commit that adds nothing,
                 * marker and all, and the budget counts commits. */
                static const char *const log_args[] = {"log",
                                                       "--all",
                                                       "--reflog",
                                                       "--ignore-missing",
                                                       "--stdin",
                                                       "--root",
                                                       "--diff-merges=first-parent",
                                                       "--no-renames",
                                                       "--no-show-signature",
                                                       "--no-textconv",
                                                       "--no-ext-diff",
                                                       "--format=%x01",
                                                       "--name-only",
                                                       "-z",
                                                       NULL};
                static const char *const index_args[] = {"ls-files", "-z", "--cached", NULL};
                /* Reachable from no ref, reflog or the index: what fsck
                 * calls dangling (with the pseudo-refs' commits among it).
                 * --connectivity-only reads no blob. */
                static const char *const fsck_args[] = {"fsck", "--connectivity-only", "--dangling",
                                                        "--no-progress", NULL};
                s.hexsz = 2 * g.hashsz;
                if (rec.known && s.hexsz == 0)
                        say(&rec, "an object format this reader does not know");
                if (rec.known && (r = ids_from_pseudo_refs(&s, &g)) < 0) {
                        if (r == -ENOMEM)
                                return r;
                        if (r == -E2BIG)
                                say(&rec, "past the bound of %u commits named by id", IDS_MAX);
                        else
                                say(&rec, "a pseudo-ref could not be read: %s", strerror(-r));
                }
                s.max_commits = 0; /* fsck's bound is the ids' (IDS_MAX) */
                if (rec.known && (r = names_from_git(&g, fsck_args, NULL, 0, dangling_read, &s, &rec)) < 0)
                        return r;
                if (rec.known) {
                        s.log = true;
                        s.max_commits = budget_commits;
                        if ((r = names_from_git(&g, log_args, s.ids ? s.ids : "", s.n_ids, names_read, &s,
                                                &rec)) < 0)
                                return r;
                }
                if (rec.known) {
                        s.log = false;
                        s.n_carry = 0;
                        s.max_commits = 0;
                        if ((r = names_from_git(&g, index_args, NULL, 0, names_read, &s, &rec)) < 0)
                                return r;
                }
        }
        if (rec.known && (r = nested_present(root_fd, checkouts, n_checkouts, &s)) < 0)
                return r;
        /* the record takes each held entry's places (or anywhere) */
        if (rec.known && !(rec.held = calloc(s.n_masks + 1, sizeof *rec.held)))
                return -ENOMEM;
        for (size_t i = 0; rec.known && i < s.n_masks; i++)
                if (s.held[i].held) {
                        HistoryHeld *h = &rec.held[rec.n_held];
                        if (!(h->entry = strdup(masks[i])))
                                return -ENOMEM;
                        rec.n_held++;
                        if (!s.held[i].anywhere) {
                                h->at = TAKE_PTR(s.held[i].at);
                                h->n_at = s.held[i].n_at;
                                s.held[i].n_at = 0;
                        }
                }
        rec.unreachable = rec.known && s.unreachable;
        *ret_commits = s.commits;
        *ret = rec;
        rec = (HistoryRecord){0};
        return 0;
}
