/* SPDX-License-Identifier: MIT */
/*
 * prepare (host.h): before the microVM boots, a placeholder for each absent
 * policy path, the policy the guest enforces, and the records release
 * reads, each written atomically in VMDIR.
 */
#include "host-internal.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <time.h>

#include "array.h"
#include "history.h"
#include "platform.h"
#include "policy-file.h"
#include "util.h"

/* ---- files written atomically ---- */

/* Write text to dir/name through a temporary file, synced, renamed over,
 * and the directory synced: a reader sees the old file or the new. */
static int write_atomic(int dir_fd, const char *name, const char *text, size_t len) {
        char tmp[NAME_MAX + 1];
        int fd, r = 0;

        snprintf(tmp, sizeof tmp, ".%s.%d.tmp", name, (int) getpid());
        fd = openat(dir_fd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0)
                return -errno;
        for (size_t off = 0; off < len;) {
                ssize_t k = write(fd, text + off, len - off);
                if (k < 0) {
                        if (errno == EINTR)
                                continue;
                        r = -errno;
                        break;
                }
                off += (size_t) k;
        }
        if (r == 0 && fsync(fd) < 0)
                r = -errno;
        if (close(fd) < 0 && r == 0)
                r = -errno;
        if (r == 0 && renameat(dir_fd, tmp, dir_fd, name) < 0)
                r = -errno;
        if (r < 0) {
                (void) unlinkat(dir_fd, tmp, 0);
                return r;
        }
        return fsync(dir_fd) < 0 ? -errno : 0;
}

/* A growing text buffer. */
typedef struct Text {
        char *s;
        size_t n, allocated;
} Text;

_printf_(2, 3) static int text_add(Text *t, const char *fmt, ...) {
        va_list ap;
        for (;;) {
                va_start(ap, fmt);
                int k = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->allocated - t->n : 0, fmt, ap);
                va_end(ap);
                if (k < 0)
                        return -EINVAL;
                if (t->s && t->n + (size_t) k < t->allocated) {
                        t->n += (size_t) k;
                        return 0;
                }
                size_t want = (t->allocated ? t->allocated * 2 : 4096) + (size_t) k;
                char *s = realloc(t->s, want);
                if (!s)
                        return -ENOMEM;
                t->s = s;
                t->allocated = want;
        }
}

char *host_gitignore_pattern(const char *path) {
        size_t n = strlen(path);
        char *out = malloc(2 * n + 2), *o = out;
        bool dir = n > 0 && path[n - 1] == '/';
        size_t body = dir ? n - 1 : n, trailing = 0;

        if (!out)
                return NULL;
        /* Trailing spaces are dropped by git unless escaped. */
        while (trailing < body && path[body - 1 - trailing] == ' ')
                trailing++;
        /* Anchored: a leading '/' matches at the root only, and also keeps a
         * leading '#' or '!' from reading as a comment or a negation. */
        *o++ = '/';
        for (size_t i = 0; i < body; i++) {
                char c = path[i];
                if (c == '*' || c == '?' || c == '[' || c == '\\' || (i >= body - trailing && c == ' '))
                        *o++ = '\\';
                *o++ = c;
        }
        if (dir)
                *o++ = '/';
        *o = 0;
        return out;
}

/* ---- the history record ---- */

/* Which masked entries git's history holds (history.c), in
 * HOST_HISTORY_FILE for check-command: the secret-paths rule refuses a
 * command that prints blobs when it names one. Rewritten at every
 * prepare (a resume's history has the colony's commits). Unknown is
 * said: check-command then takes every masked entry for held. */
static int history_record_write(const char *worktree, int root_fd, int out_fd, bool repository,
                                const Policy *policy, const char *checkouts, size_t n_checkouts,
                                LogStream *log) {
        _cleanup_(history_record_done) HistoryRecord rec = {0};
        _cleanup_free_ char *text = NULL;
        unsigned long commits = 0;
        size_t n = 0;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int r = history_read(worktree, root_fd, repository, policy, checkouts, n_checkouts, &rec, &commits);
        if (r < 0 || (r = history_record_format(&rec, &text, &n)) < 0 ||
            (r = write_atomic(out_fd, HOST_HISTORY_FILE, text, n)) < 0)
                return r;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        long ms = (long) (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
        if (!rec.known)
                log_event(log, LOG_WARN, "history-unknown",
                          LOG_FIELDS(LOG_STR("reason", rec.reason), LOG_INT("ms", ms)),
                          "path policy: git's history not read ({reason}): check-command takes every "
                          "masked path for one the history holds");
        else
                log_event(log, LOG_INFO, "history",
                          LOG_FIELDS(LOG_INT("held", rec.n_held), LOG_INT("commits", commits),
                                     LOG_INT("ms", ms)),
                          "path policy: git's history ({commits} commits, the index) holds {held} masked "
                          "path(s), read in {ms} ms");
        return 0;
}

/* ---- prepare ---- */

typedef struct Plan {
        Text exclude;
        Hashmap *planned; /* placeholders already planned */
        char **order;     /* placeholders, in creation order */
        size_t n_order, n_order_allocated;
        Policy policy;
} Plan;

static int plan_placeholder(Plan *p, const char *path) {
        if (hashmap_contains(p->planned, path))
                return 0;
        if (ARRAY_GROW(p->order, p->n_order_allocated, p->n_order + 1) < 0 ||
            !(p->order[p->n_order] = strdup(path)))
                return -ENOMEM;
        p->n_order++;
        if (hashmap_put(p->planned, path, NULL) < 0)
                return -ENOMEM;
        /* Only files: git shows no empty directory, and a directory pattern
         * would hide whatever the agent puts in it later. */
        if (entry_is_dir(path))
                return 0;
        _cleanup_free_ char *pat = host_gitignore_pattern(path);
        if (!pat || text_add(&p->exclude, "%s\n", pat) < 0)
                return -ENOMEM;
        return 0;
}

static int plan_action(Plan *p, PlatformBindKind kind, const char *path) {
        return policy_add(&p->policy, kind, path);
}

/* Lexically join a symlink's target onto the directory holding it;
 * NULL when it climbs out of the worktree. */
static char *link_target(const char *link_path, const char *target, const char *worktree_abs) {
        char joined[PATH_MAX * 2];
        const char *rel;

        if (target[0] == '/') {
                size_t wl = strlen(worktree_abs);
                if (strncmp(target, worktree_abs, wl) != 0 || target[wl] != '/')
                        return NULL;
                rel = target + wl + 1;
                snprintf(joined, sizeof joined, "%s", rel);
        } else {
                const char *slash = strrchr(link_path, '/');
                snprintf(joined, sizeof joined, "%.*s%s%s", slash ? (int) (slash - link_path) : 0, link_path,
                         slash ? "/" : "", target);
        }
        /* "." and ".." resolved without touching the disk. */
        return path_normalize(joined);
}

/* Hops of a symlink chain followed, as the kernel's own bound (MAXSYMLINKS). */
#define SYMLINK_HOPS 40

static PlatformBindKind kind_for(bool mask, bool dir) {
        return !mask ? PLATFORM_PROTECT : dir ? PLATFORM_MASK_DIR : PLATFORM_MASK_FILE;
}

/* Plan one entry. 1 planned, 0 skipped (said why), < 0 error. */
static int plan_entry(Plan *p, int root_fd, const char *worktree_abs, const char *entry, bool mask,
                      LogStream *log, HostResult *res) {
        bool dir = entry_is_dir(entry);
        char path[PATH_MAX];
        Walk w;
        int r;

        snprintf(path, sizeof path, "%.*s", (int) (dir ? strlen(entry) - 1 : strlen(entry)), entry);
        r = locate(root_fd, path, &w);
        if (r < 0)
                return r;

        switch (w.state) {
        case WALK_UNDER_SYMLINK:
        case WALK_UNDER_FILE:
                res->skipped++;
                char at[PATH_MAX];
                snprintf(at, sizeof at, "%.*s", (int) w.at, path);
                log_event(log, LOG_WARN, "skipped",
                          LOG_FIELDS(LOG_PATH("path", entry),
                                     LOG_STR("reason", w.state == WALK_UNDER_SYMLINK ? "under a symlink"
                                                                                     : "under a file"),
                                     LOG_SHOW("at", at)),
                          "path policy: skipped {path}: {at} is %s, so it is not enforced",
                          w.state == WALK_UNDER_SYMLINK ? "a symlink" : "not a directory");
                return 0;
        case WALK_ABSENT:
                /* Missing parents, then the placeholder itself. */
                for (size_t i = w.at; path[i]; i++)
                        if (path[i] == '/') {
                                char parent[PATH_MAX + 1];
                                snprintf(parent, sizeof parent, "%.*s/", (int) i, path);
                                if ((r = plan_placeholder(p, parent)) < 0)
                                        return r;
                        }
                if ((r = plan_placeholder(p, entry)) < 0 ||
                    (r = plan_action(p, kind_for(mask, dir), entry)) < 0)
                        return r;
                return 1;
        case WALK_FOUND:
                break;
        }

        if (!S_ISLNK(w.st.st_mode)) {
                /* Present: left alone. Bound as what it is: the host knows
                 * better than the entry's spelling whether it is a directory,
                 * and a kind that does not fit would stop the guest's boot. */
                bool is_dir = S_ISDIR(w.st.st_mode);
                char spelled[PATH_MAX + 1];
                snprintf(spelled, sizeof spelled, "%s%s", path, is_dir ? "/" : "");
                return plan_action(p, kind_for(mask, is_dir), spelled) < 0 ? -ENOMEM : 1;
        }

        /* A symlink: bound at its final target when the whole chain stays
         * inside. Each hop is read without following, and its target
         * walked without following, up to SYMLINK_HOPS. */
        char target[PATH_MAX];
        _cleanup_free_ char *at = strdup(path), *t = NULL;
        const char *why = NULL;
        Walk tw;
        if (!at)
                return -ENOMEM;
        for (unsigned hop = 0;; hop++) {
                const char *name;
                if (hop == SYMLINK_HOPS) {
                        why = "the chain of symlinks loops or is too long";
                        break;
                }
                int pfd;
                if ((r = open_parent_beneath(root_fd, at, &name, &pfd)) < 0)
                        return r;
                ssize_t k = readlinkat(pfd, name, target, sizeof target - 1);
                close(pfd);
                if (k < 0)
                        return -errno;
                target[k] = 0;
                free(t);
                t = link_target(at, target, worktree_abs);
                if (!t) {
                        why = "it leads out of the checkout";
                        break;
                }
                if (!t[0]) {
                        why = "it names the checkout itself";
                        break;
                }
                if ((r = locate(root_fd, t, &tw)) < 0)
                        return r;
                if (tw.state == WALK_ABSENT) {
                        why = "it dangles";
                        break;
                }
                if (tw.state != WALK_FOUND) {
                        why = "its target is reached through a symlinked directory or a file";
                        break;
                }
                if (!S_ISLNK(tw.st.st_mode))
                        break;
                free(at);
                at = TAKE_PTR(t);
        }
        bool is_dir = !why && S_ISDIR(tw.st.st_mode);
        char spelled[PATH_MAX + 1];
        if (!why) {
                snprintf(spelled, sizeof spelled, "%s%s", t, is_dir ? "/" : "");
                /* The target is bound as an entry of its own: it must pass
                 * the rules (a mask never reaches into .git). */
                EntryError e = entry_validate(spelled, mask ? ENTRY_MASK : ENTRY_PROTECT);
                if (e != ENTRY_OK)
                        why = entry_error_to_string(e);
        }
        if (why) {
                res->skipped++;
                log_event(log, LOG_WARN, "skipped",
                          LOG_FIELDS(LOG_PATH("path", entry), LOG_STR("reason", why),
                                     LOG_SHOW("target", target)),
                          "path policy: skipped {path}: a symlink to {target}, and {reason}");
                return 0;
        }
        log_event(log, LOG_INFO, "symlink-target",
                  LOG_FIELDS(LOG_PATH("path", entry), LOG_SHOW("target", spelled)),
                  "path policy: {path} is a symlink inside the checkout: %s {target} instead",
                  mask ? "masking" : "protecting");
        return plan_action(p, kind_for(mask, is_dir), spelled) < 0 ? -ENOMEM : 1;
}

/* The planned masked directory that covers entry (not the entry itself). */
static const PolicyAction *covering_mask(const Plan *p, const char *entry) {
        for (size_t i = 0; i < p->policy.n; i++) {
                const PolicyAction *a = &p->policy.actions[i];
                if (a->kind == PLATFORM_MASK_DIR && !entry_same_path(a->path, entry) &&
                    entry_match_anchored(a->path, entry))
                        return a;
        }
        return NULL;
}

/* Whether some entry of res lies below path (path + '/' + more). */
static bool has_entry_below(const Resolved *res, const char *path) {
        size_t n = strlen(path);
        for (int pass = 0; pass < 2; pass++) {
                char *const *v = pass == 0 ? res->mask : res->protect;
                size_t k = pass == 0 ? res->n_mask : res->n_protect;
                for (size_t i = 0; i < k; i++)
                        if (strncmp(v[i], path, n) == 0 && v[i][n] == '/' && v[i][n + 1])
                                return true;
        }
        return false;
}

/* One action per path, and none below a masked directory: what the disk
 * made of the entries (a name that is a directory, a symlink's target) can
 * bring two entries onto one path, or one under a masked directory, which
 * enforce could not reach once the tmpfs is on. The first of a path is
 * kept, a mask before a protect (mask wins); each one dropped is said. */
static void normalize_actions(Plan *p, LogStream *log) {
        size_t j = 0;
        for (size_t i = 0; i < p->policy.n; i++) {
                PolicyAction *a = &p->policy.actions[i];
                const PolicyAction *by = NULL;
                bool same = false;
                for (size_t k = 0; !by && k < p->policy.n; k++) {
                        const PolicyAction *o = &p->policy.actions[k];
                        if (k == i || !o->path)
                                continue;
                        if (entry_same_path(o->path, a->path)) {
                                /* the other wins: a mask over a protect, else the earlier */
                                bool o_mask = o->kind != PLATFORM_PROTECT,
                                     a_mask = a->kind != PLATFORM_PROTECT;
                                if (o_mask != a_mask ? o_mask : k < i)
                                        by = o, same = true;
                        } else if (o->kind == PLATFORM_MASK_DIR && entry_match_anchored(o->path, a->path))
                                by = o;
                }
                if (!by) {
                        p->policy.actions[j++] = *a;
                        continue;
                }
                if (!same)
                        log_event(log, LOG_INFO, "covered",
                                  LOG_FIELDS(LOG_PATH("path", a->path), LOG_SHOW("by", by->path)),
                                  "path policy: dropped %s {path}: the masked directory {by} covers it",
                                  platform_bind_kind_to_string(a->kind));
                free(a->path);
                a->path = NULL;
        }
        p->policy.n = j;
}

/* Make one placeholder, without following anything. */
static int make_placeholder(int root_fd, const char *path) {
        char buf[PATH_MAX];
        size_t n = strlen(path);
        bool dir = n > 0 && path[n - 1] == '/';
        const char *name;
        int fd, r = 0;

        snprintf(buf, sizeof buf, "%.*s", (int) (dir ? n - 1 : n), path);
        r = open_parent_beneath(root_fd, buf, &name, &fd);
        if (r < 0)
                return r;
        if (dir)
                r = mkdirat(fd, name, 0755) < 0 ? -errno : 0;
        else {
                int f = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
                if (f < 0)
                        r = -errno;
                else
                        close(f);
        }
        close(fd);
        return r;
}

/*
 * The boot's base: HEAD's commit, for stage to judge the colony's commits
 * against (base.c). Asked through git_pin(), which runs git rev-parse with
 * git_run()'s hardening (no hook, fsmonitor, pager or helper; rev-parse
 * reads config and refs, never the index or a worktree file, so no filter
 * runs) and keeps the repository only when the agent could not have
 * chosen it: HEAD is then the commit of the repository stage will judge.
 * Reading HEAD here instead would mean following git's refs (a symref,
 * loose or packed, or a reftable; a linked worktree's HEAD in its gitdir)
 * as git does, and a second answer to where the repository is. A record
 * already there is kept: a resume's prepare, after the colony may have
 * committed. No .git: no repository, and no git asked. *ret_why: why git
 * could not say (then the base is "none": everything HEAD has is judged).
 */
static int record_base(int root_fd, int out_fd, const char *worktree, HostError *ret_why) {
        BaseRecord had;
        struct stat st;
        char text[66] = "";
        int r = base_record_read(out_fd, &had);
        if (r < 0 || !had.lost)
                return r;
        ret_why->message[0] = 0;
        if (fstatat(root_fd, ".git", &st, AT_SYMLINK_NOFOLLOW) == 0) {
                Git g = {.worktree = worktree};
                r = git_pin(&g, NULL, NULL, ret_why);
                if (r >= 0)
                        r = git_pin_reap(&g, ret_why);
                if (r >= 0 && g.head_commit[0])
                        snprintf(text, sizeof text, "%s\n", g.head_commit);
                git_done(&g);
        } else if (errno != ENOENT)
                (void) fail(ret_why, -errno, "cannot look at %s/.git: %m", shown(worktree));
        return write_atomic(out_fd, HOST_BASE_FILE, text, strlen(text));
}

/* Each listed placeholder (list: the placeholders list's text, one a
 * line) by its identity, as placeholder_key() makes it, in
 * HOST_PLACEHOLDER_INODES_FILE: the record kept for the ones it has (a
 * prepare run again keeps the first run's, wherever the guest has since
 * moved them), the rest looked at where prepare made them, nothing
 * followed. One that is not an empty file or a directory there now is the
 * user's, and not recorded. */
static int placeholder_inodes_record(int root_fd, int out_fd, const char *list) {
        _cleanup_(placeholder_inodes_done) PlaceholderInodes old = {0};
        _cleanup_free_ char *copy = list ? strdup(list) : NULL;
        Text t = {0};
        int r = placeholder_inodes_load(out_fd, &old);
        if (r < 0)
                return r;
        if (list && !copy)
                return -ENOMEM;
        for (char *l = copy, *e; r >= 0 && l && (e = strchr(l, '\n')); l = e + 1) {
                *e = 0;
                size_t len = strlen(l);
                const char *key = hashmap_get(old.by_path, l);
                char body[PATH_MAX], made[MASKED_FILE_KEY_MAX];
                Walk w;
                if (len == 0 || len >= sizeof body)
                        continue;
                if (!key) {
                        snprintf(body, sizeof body, "%.*s", (int) (l[len - 1] == '/' ? len - 1 : len), l);
                        if (locate(root_fd, body, &w) < 0 || w.state != WALK_FOUND ||
                            !(S_ISDIR(w.st.st_mode) || (S_ISREG(w.st.st_mode) && w.st.st_size == 0)))
                                continue;
                        placeholder_key(&w.st, made);
                        key = made;
                }
                r = text_add(&t, "%s\t%s\n", key, l);
        }
        if (r >= 0)
                r = write_atomic(out_fd, HOST_PLACEHOLDER_INODES_FILE, t.s ? t.s : "", t.n);
        free(t.s);
        return r;
}

static void plan_done(Plan *p) {
        free(p->exclude.s);
        hashmap_free(p->planned);
        for (size_t i = 0; i < p->n_order; i++)
                free(p->order[i]);
        free(p->order);
        for (size_t i = 0; i < p->policy.n; i++)
                free(p->policy.actions[i].path);
        free(p->policy.actions);
}

/* Each entry of the policy planned: mask entries, then protect ones. */
static int plan_all(Plan *p, int root_fd, const char *worktree, const char *worktree_abs,
                    const Resolved *res, LogStream *log, HostResult *counts, HostError *err) {
        int r;

        for (int pass = 0; pass < 2; pass++) {
                char *const *v = pass == 0 ? res->mask : res->protect;
                size_t n = pass == 0 ? res->n_mask : res->n_protect;
                for (size_t i = 0; i < n; i++) {
                        /* Below a directory masked already: unreachable once
                         * its tmpfs is on, so not planned (no placeholder). */
                        const PolicyAction *by = covering_mask(p, v[i]);
                        if (by) {
                                log_event(log, LOG_INFO, "covered",
                                          LOG_FIELDS(LOG_PATH("path", v[i]), LOG_SHOW("by", by->path)),
                                          "path policy: dropped %s entry {path}: the masked directory {by} "
                                          "covers it",
                                          pass == 0 ? "mask" : "protect");
                                continue;
                        }
                        /* An entry spelled as a file with another entry
                         * below it is a directory (absent: the directory
                         * form wins; present, the disk says anyway). */
                        _cleanup_free_ char *as_dir = NULL;
                        if (!entry_is_dir(v[i]) && has_entry_below(res, v[i]) &&
                            asprintf(&as_dir, "%s/", v[i]) < 0)
                                return fail(err, -ENOMEM, "path policy: out of memory");
                        r = plan_entry(p, root_fd, worktree_abs, as_dir ? as_dir : v[i], pass == 0, log,
                                       counts);
                        if (r < 0)
                                return fail(err, r, "path policy: cannot walk %s in %s: %s", shown(v[i]),
                                            shown(worktree), strerror(-r));
                        if (r > 0) {
                                if (pass == 0)
                                        counts->masked++;
                                else
                                        counts->protected_++;
                        }
                }
        }

        return 0;
}

/* The placeholders: listed first, then made, then their inodes recorded. */
static int placeholders_make(const Plan *p, int root_fd, int out_fd, const char *out_dir,
                             const char *worktree, HostResult *counts, HostError *err) {
        int r;

        /* The list first, synced: a crash from here on leaves no placeholder
         * that release does not know of. It only grows until release: a
         * prepare run again without one (a crash, a resume) keeps the
         * first run's placeholders, which now look like the user's. */
        _cleanup_free_ char *old = NULL;
        size_t old_n = 0;
        Text merged = {0};
        char lp[PATH_MAX];
        snprintf(lp, sizeof lp, "%s/%s", out_dir, HOST_PLACEHOLDERS_FILE);
        r = read_full_file(lp, 16u << 20, &old, &old_n);
        if (r < 0 && r != -ENOENT)
                return fail(err, r, "path policy: cannot read %s: %s", lp, strerror(-r));
        _cleanup_(hashmap_freep) Hashmap *had = hashmap_new();
        if (!had)
                return fail(err, -ENOMEM, "path policy: out of memory");
        for (char *l = old, *e; l && *l; l = e + 1) {
                if (!(e = strchr(l, '\n')))
                        break;
                *e = 0;
                if (*l && !hashmap_contains(had, l) &&
                    (hashmap_put(had, l, NULL) < 0 || text_add(&merged, "%s\n", l) < 0))
                        return fail(err, -ENOMEM, "path policy: out of memory");
        }
        for (size_t i = 0; i < p->n_order; i++)
                if (!hashmap_contains(had, p->order[i]) && text_add(&merged, "%s\n", p->order[i]) < 0)
                        return fail(err, -ENOMEM, "path policy: out of memory");
        r = write_atomic(out_fd, HOST_PLACEHOLDERS_FILE, merged.s ? merged.s : "", merged.n);
        _cleanup_free_ char *listed = merged.s; /* for the inode record, once they are made */
        if (r < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir, HOST_PLACEHOLDERS_FILE,
                            strerror(-r));

        /* Fault injection for the tests: die after N placeholders. */
        long crash_after = host_test_crash_after ? host_test_crash_after() : -1;
        for (size_t i = 0; i < p->n_order; i++) {
                if (crash_after >= 0 && (long) i == crash_after)
                        raise(SIGKILL);
                r = make_placeholder(root_fd, p->order[i]);
                if (r < 0)
                        return fail(err, r, "path policy: cannot make the placeholder %s in %s: %s",
                                    shown(p->order[i]), shown(worktree), strerror(-r));
                counts->placeholders++;
        }
        if (crash_after >= 0 && (size_t) crash_after >= p->n_order)
                raise(SIGKILL);
        if ((r = placeholder_inodes_record(root_fd, out_fd, listed)) < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir,
                            HOST_PLACEHOLDER_INODES_FILE, strerror(-r));

        return 0;
}

/* The boot's records in VMDIR: the policy, the masked files, the nested
 * checkouts, the history and the exclude list. */
static int records_write(Plan *p, int root_fd, int out_fd, const char *out_dir, const char *worktree,
                         bool repository, LogStream *log, HostError *err) {
        int r;

        /* The policy, checked by the writer as the guest's reader would. */
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        if (!f)
                return fail(err, -ENOMEM, "path policy: out of memory");
        r = policy_write(&p->policy, f);
        fclose(f);
        if (r >= 0)
                r = write_atomic(out_fd, HOST_POLICY_FILE, text, len);
        free(text);
        if (r < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir, HOST_POLICY_FILE,
                            strerror(-r));
        /* The masked files' inodes, for stage: one the guest moves
         * elsewhere (the mask goes with a moved directory) is known at its
         * new path for the secret it is, HEAD's or never committed. */
        _cleanup_(hashmap_freep) Hashmap *inodes = hashmap_new();
        size_t walk_skipped = 0;
        /* made even when no masked file has bytes: stage takes its
         * absence for a lost record */
        int mf = openat(out_fd, HOST_MASKED_FILES_FILE, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        r = mf < 0 ? -errno : 0;
        if (mf >= 0)
                close(mf);
        if (r >= 0)
                r = inodes ? masked_files_record(root_fd, out_fd, &p->policy, inodes, NULL, &walk_skipped)
                           : -ENOMEM;
        if (r < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir, HOST_MASKED_FILES_FILE,
                            strerror(-r));
        if (walk_skipped > 0)
                log_event(
                        log, LOG_WARN, "prepare-incomplete", LOG_FIELDS(LOG_INT("count", walk_skipped)),
                        "path policy: {count} masked path(s) not walked (past 100,000 files, 64 directories "
                        "deep, or PATH_MAX): stage will not know one moved elsewhere for a secret");
        /* The nested checkouts there are now: stage resets a file the root
         * tracks at a masked path below one (the guest's watcher bound it
         * all the session) to the base's version. */
        _cleanup_free_ char *checkouts = NULL;
        size_t n_checkouts = 0;
        r = checkouts_list(root_fd, &checkouts, &n_checkouts);
        if (r >= 0)
                r = write_atomic(out_fd, HOST_CHECKOUTS_FILE, checkouts, n_checkouts);
        if (r < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir, HOST_CHECKOUTS_FILE,
                            strerror(-r));
        /* ... and the masked files at each one's root: one the guest
         * moves (a renamed config/ carries vendor/x/config/master.key's
         * bind along) is known at its new path, as at the root. */
        r = masked_files_record_below(root_fd, out_fd, &p->policy, checkouts, n_checkouts, inodes,
                                      &walk_skipped);
        if (r < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir, HOST_MASKED_FILES_FILE,
                            strerror(-r));
        if (walk_skipped > 0)
                log_event(log, LOG_WARN, "prepare-incomplete", LOG_FIELDS(LOG_INT("count", walk_skipped)),
                          "path policy: {count} masked path(s) in nested checkouts not walked: stage will "
                          "not know one moved elsewhere for a secret");
        if (n_checkouts > 0 && !streq(checkouts, "complete"))
                log_event(log, LOG_WARN, "prepare-incomplete", NULL,
                          "path policy: nested checkouts not all walked (past 100,000 directories, 64 deep, "
                          "or "
                          "PATH_MAX): stage will treat every masked path below the root as bound");
        if ((r = history_record_write(worktree, root_fd, out_fd, repository, &p->policy, checkouts,
                                      n_checkouts, log)) < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir, HOST_HISTORY_FILE,
                            strerror(-r));
        r = write_atomic(out_fd, HOST_EXCLUDE_FILE, p->exclude.s ? p->exclude.s : "", p->exclude.n);
        if (r < 0)
                return fail(err, r, "path policy: cannot write %s/%s: %s", out_dir, HOST_EXCLUDE_FILE,
                            strerror(-r));

        return 0;
}

/* What resolution dropped and what the settings opted out of, as records. */
static int report_resolution(const Resolved *res, LogStream *log, HostError *err) {
        for (size_t i = 0; i < res->n_covered; i++)
                log_event(log, LOG_INFO, "covered",
                          LOG_FIELDS(LOG_PATH("path", res->covered[i].entry),
                                     LOG_SHOW("by", res->covered[i].by)),
                          "path policy: dropped %s entry {path}: the masked directory {by} covers it",
                          entry_list_to_string(res->covered[i].list));

        /* Every opt-out, in one warning. */
        if (res->n_opt_outs > 0) {
                Text t = {0};
                for (size_t i = 0; i < res->n_opt_outs; i++)
                        if (text_add(&t, "%s%s %s", i ? ", " : "",
                                     res->opt_outs[i].list == ENTRY_MASK ? "masked" : "protected",
                                     res->opt_outs[i].entry) < 0) {
                                free(t.s);
                                return fail(err, -ENOMEM, "path policy: out of memory");
                        }
                log_event(log, LOG_WARN, "opt-out", LOG_FIELDS(LOG_INT("count", res->n_opt_outs)),
                          "path policy: unmask_paths opts out of %s", t.s ? t.s : "");
                free(t.s);
        }
        return 0;
}

int host_prepare(const char *worktree, const char *out_dir, const Resolved *res, LogStream *log,
                 HostResult *ret, HostError *ret_error) {
        _cleanup_(plan_done) Plan p = {0};
        _cleanup_close_ int root_fd = -EBADF, out_fd = -EBADF;
        _cleanup_free_ char *worktree_abs = NULL;
        HostResult counts = {0};
        int r;

        if ((r = open_dirs(worktree, out_dir, &root_fd, &out_fd, ret_error)) < 0)
                return r;
        /* The worktree opened, named absolutely to compare absolute link
         * targets with; no link below it is ever followed. */
        if ((r = platform_fd_path(root_fd, &worktree_abs)) < 0)
                return fail(ret_error, r, "path policy: cannot resolve %s: %s", worktree, strerror(-r));
        p.planned = hashmap_new();
        if (!p.planned)
                return fail(ret_error, -ENOMEM, "path policy: out of memory");
        /* The base first: HEAD as the boot found it, before a placeholder
         * (.git/hooks/ among them) is made; and whether there is a
         * repository, for the history record, likewise. */
        struct stat git_st;
        bool repository = fstatat(root_fd, ".git", &git_st, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT;
        HostError why;
        r = record_base(root_fd, out_fd, worktree, &why);
        if (r < 0)
                return fail(ret_error, r, "path policy: cannot record the base commit in %s/%s: %s", out_dir,
                            HOST_BASE_FILE,
                            r == -EBADMSG ? "the record there holds no commit id" : strerror(-r));
        if (why.message[0])
                log_event(log, LOG_WARN, "base-unknown", LOG_FIELDS(LOG_PATH("path", worktree)),
                          "path policy: no base commit for {path} (%s): recorded as none, so stage judges "
                          "every commit HEAD has",
                          why.message + (strncmp(why.message, "path policy: ", 13) == 0 ? 13 : 0));

        if ((r = plan_all(&p, root_fd, worktree, worktree_abs, res, log, &counts, ret_error)) < 0)
                return r;
        if ((r = placeholders_make(&p, root_fd, out_fd, out_dir, worktree, &counts, ret_error)) < 0)
                return r;
        normalize_actions(&p, log);

        if ((r = records_write(&p, root_fd, out_fd, out_dir, worktree, repository, log, ret_error)) < 0)
                return r;
        if ((r = report_resolution(res, log, ret_error)) < 0)
                return r;
        log_event(log, LOG_INFO, "prepared",
                  LOG_FIELDS(LOG_INT("masked", counts.masked), LOG_INT("protected", counts.protected_),
                             LOG_INT("placeholders", counts.placeholders),
                             LOG_INT("skipped", counts.skipped)),
                  "path policy: the policy masks {masked} path(s) and protects {protected}; {placeholders} "
                  "placeholder(s) in the worktree");
        *ret = counts;
        return 0;
}
