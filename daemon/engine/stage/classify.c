/* SPDX-License-Identifier: MIT */
/* What stage makes of a path: masked (at any depth, by inode, moved), a policy path, a rename's source.
 * Must not change the index nor the store: it only says; the run's phases act on what it says. */
#include "stage-internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

#include "array.h"
#include "credentials.h"
#include "entry.h"

/* A masked path, or anything under one (a file's too: .env made a
 * directory): what git add is kept from. */
bool masked_within(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++) {
                const char *e = p->actions[i].path;
                size_t ne = strlen(e);
                while (ne > 0 && e[ne - 1] == '/')
                        ne--;
                if (p->actions[i].kind != PLATFORM_PROTECT && strncmp(e, path, ne) == 0 &&
                    (path[ne] == 0 || path[ne] == '/'))
                        return true;
        }
        return false;
}

bool stage_path_masked(const Policy *p, const char *path, bool is_new) {
        if (masked_within(p, path))
                return true;
        if (!is_new)
                return false;
        /* new: masked at any depth (a nested checkout's root) */
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT &&
                    entry_match_any_depth(p->actions[i].path, path))
                        return true;
        return false;
}

static bool masked_bound(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT && entry_match_anchored(p->actions[i].path, path))
                        return true;
        return false;
}

/* Is the file at path (nothing followed) one a masked path held? */
/* What is at path beneath root_fd, by the platform's resolver: no symlink
 * followed anywhere in it (a directory swapped for one cannot point the
 * look elsewhere), nothing opened for reading (a fifo does not block). */
int stat_beneath(int root_fd, const char *path, struct stat *ret) {
        _cleanup_close_ int fd = -EBADF;
        int r = platform_open_beneath(root_fd, path, O_PATH | O_NOFOLLOW | O_CLOEXEC, &fd);
        if (r < 0)
                return r;
        return fstat(fd, ret) < 0 ? -errno : 0;
}

static bool moved_here(int root_fd, const Hashmap *inodes, const char *path) {
        struct stat st;
        char key[MASKED_FILE_KEY_MAX];
        if (hashmap_size(inodes) == 0 || stat_beneath(root_fd, path, &st) < 0 || !S_ISREG(st.st_mode))
                return false;
        masked_file_key(&st, key);
        return hashmap_contains(inodes, key);
}

static int u32_cmp(const void *a, const void *b) {
        uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
        return x < y ? -1 : x > y;
}

/* The masked files' inode numbers (keys "dev ino mtime"), their low 32
 * bits, sorted: what an index entry's stat data keeps. git add either
 * took an entry's stat data from the file it hashed, or left an entry
 * whose stat data matched the file (and then hashed nothing of it): an
 * inode not here is no masked file's whose bytes git add read, and needs
 * no look at the disk. */
int inode_set(const Hashmap *inodes, uint32_t **ret, size_t *ret_n) {
        size_t n = 0, i = 0;
        const char *key;
        uint32_t *v = calloc(hashmap_size(inodes) + 1, sizeof *v);
        if (!v)
                return -ENOMEM;
        while (hashmap_next(inodes, &i, &key, NULL)) {
                const char *sp = strchr(key, ' ');
                if (sp)
                        v[n++] = (uint32_t) strtoull(sp + 1, NULL, 10);
        }
        qsort(v, n, sizeof *v, u32_cmp);
        *ret = v;
        *ret_n = n;
        return 0;
}

/* Is path under one of set's paths (a directory of it named as one)? */
static bool under_any(const Hashmap *set, const char *path) {
        if (hashmap_size(set) == 0)
                return false;
        _cleanup_free_ char *p = strdup(path);
        if (!p)
                return true; /* cannot tell: held back */
        for (char *slash; (slash = strrchr(p, '/'));) {
                *slash = 0;
                if (hashmap_contains(set, p))
                        return true;
        }
        return false;
}

static bool policy_path(const Policy *p, const char *path) {
        for (size_t i = 0; i < p->n; i++)
                if (entry_same_path(p->actions[i].path, path))
                        return true;
        return false;
}

/* "masked", "protected" or NULL: what an entry at any depth makes path. */
static const char *policy_at_depth(const Policy *p, const char *path) {
        const char *what = NULL;
        for (size_t i = 0; i < p->n; i++)
                if (entry_match_any_depth(p->actions[i].path, path)) {
                        if (p->actions[i].kind != PLATFORM_PROTECT)
                                return "masked";
                        what = "protected";
                }
        return what;
}

/* The deletion an addition of the same blob came from (a rename), one
 * not taken back already and, when masked is given, one whose path it
 * says is masked; NULL. */
static Change *source_of(const Hashmap *deleted, const Change *ch, const Policy *masked_by) {
        for (Change *d = hashmap_get(deleted, ch->dst_oid); d; d = d->same)
                if (!d->restored &&
                    (masked_by ? masked_bound(masked_by, d->path) : d->src_mode == ch->dst_mode))
                        return d;
        return NULL;
}

/* A credential file refused: out of the index, the file it was renamed
 * from (if any) back as HEAD has it, and named. */
int refuse_change(const Hashmap *deleted, Change *ch, const char *zeros, Edits *ed, StageResult *res) {
        int r;
        ch->refused = true;
        if ((r = edit_push(ed, 0, zeros, ch->path)) < 0)
                return r;
        Change *src = source_of(deleted, ch, NULL);
        if (src) {
                src->restored = true;
                if ((r = edit_push(ed, src->src_mode, src->src_oid, src->path)) < 0)
                        return r;
        }
        if (ARRAY_GROW(res->refused, res->n_refused_allocated, res->n_refused + 1) < 0 ||
            !(res->refused[res->n_refused] = strdup(ch->path)))
                return -ENOMEM;
        res->n_refused++;
        return 0;
}

/* 1. Inside a git directory (a nested .git the guest moved, or one it
 * made): never the colony's files; its config may carry tokens. Held
 * back, named once. 1: held; 0: not in one. */
static int held_in_git_dir(StageRun *s, Change *ch, bool added) {
        size_t gd = added ? git_dir_above(s->root_fd, s->gitdirs, ch->path) : 0;
        int r = 0;
        if (gd == 0)
                return 0;
        _cleanup_free_ char *dir = strndup(ch->path, gd);
        if (!dir || (!ch->unstaged && (r = edit_push(&s->edits, 0, s->zeros, ch->path)) < 0) ||
            (!ch->unstaged && is_file_mode(ch->dst_mode) &&
             (r = strv_push(&s->unhash, &s->n_unhash, ch->dst_oid)) < 0))
                return r < 0 ? r : -ENOMEM;
        ch->held = true;
        s->res.held++;
        if (!hashmap_contains(s->gitdirs_said, dir)) {
                if (hashmap_put(s->gitdirs_said, dir, NULL) < 0)
                        return -ENOMEM;
                log_event(s->c->log, LOG_WARN, "held-back", LOG_FIELDS(LOG_PATH("path", dir)),
                          "path policy: left {path} out of the commit (a git directory)");
        }
        return 1;
}

/* 2. A placeholder: new, empty, the boot's. (One git add was kept from is
 * looked at where it is: its size only.) Dropped. 1: dropped. */
static int dropped_placeholder(StageRun *s, Change *ch, bool added) {
        struct stat st;
        bool empty_file = ch->unstaged ? stat_beneath(s->root_fd, ch->path, &st) == 0 &&
                                                 S_ISREG(st.st_mode) && st.st_size == 0
                                       : streq(ch->dst_oid, s->empty) && is_file_mode(ch->dst_mode);
        if (!added || !empty_file ||
            !((s->lost ? policy_path(s->policy, ch->path) : hashmap_contains(s->placeholders, ch->path)) ||
              placed_moved(s->root_fd, &s->placed, ch->path)))
                return 0;
        ch->dropped = true;
        s->res.dropped++;
        int r = ch->unstaged ? 0 : edit_push(&s->edits, 0, s->zeros, ch->path);
        return r < 0 ? r : 1;
}

/* 3. Reported once a colony, masked or protected at any depth (what). The
 * state file holds each path escaped, one a line: so is it looked up. */
static int reported_once(StageRun *s, const Change *ch, const char *what) {
        if (!what)
                return 0;
        _cleanup_free_ char *esc = escape_for_display(ch->path);
        if (!esc)
                return -ENOMEM;
        if (hashmap_contains(s->reported, esc))
                return 0;
        log_event(s->c->log, LOG_WARN, "policy-path-changed",
                  LOG_FIELDS(LOG_PATH("path", ch->path), LOG_STR("category", what)),
                  "path policy: {path} is %s and changed during the session", what);
        if (hashmap_put(s->reported, esc, NULL) < 0)
                return -ENOMEM;
        _cleanup_free_ char *line = NULL;
        int rf = openat(s->out_fd, STAGE_REPORTED_FILE,
                        O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (asprintf(&line, "%s\n", esc) < 0 || rf < 0 ||
            write(rf, line, strlen(line)) != (ssize_t) strlen(line))
                log_event(s->c->log, LOG_WARN, "stage-failed", LOG_FIELDS(LOG_PATH("path", s->c->out_dir)),
                          "path policy: cannot remember in {path} what was reported: it may be reported "
                          "again");
        if (rf >= 0)
                close(rf);
        s->res.reported++;
        return 0;
}

/* Masked at a nested checkout's root (any depth): new to the repository
 * (the guest un-nested a checkout, and its masked files are the host's
 * real bytes), or tracked and bound all the session (below a checkout the
 * boot found: the watcher's bind). One under no bind was the agent's to
 * change: reported, and it stays. */
static int masked_deep(StageRun *s, const Change *ch, bool added, const char *what, bool *ret) {
        bool deep = what && streq(what, "masked") &&
                    (added || checkouts_bound(&s->boot_checkouts, s->policy, ch->path));
        if (deep && !added && s->boot_checkouts.state == CHECKOUTS_LOST && !s->checkouts_lost_said) {
                s->checkouts_lost_said = true;
                log_event(
                        s->c->log, LOG_WARN, "stage-failed",
                        LOG_FIELDS(LOG_PATH("path", HOST_CHECKOUTS_FILE)),
                        "path policy: the boot's record of nested checkouts ({path}) is lost: every file at "
                        "a masked path below the root is taken as bound, and held back");
        }
        int r = 0;
        if (deep && added && !ch->unstaged && is_file_mode(ch->dst_mode))
                r = strv_push(&s->unhash, &s->n_unhash, ch->dst_oid);
        *ret = deep;
        return r;
}

/* A masked file itself, the boot's or seen since (its inode), HEAD's or
 * never committed, new here or over a path HEAD has. git add hashed it
 * (its path is no masked one): the blob goes again once the index names
 * it no more. */
static int masked_by_inode(StageRun *s, const Change *ch, bool added, bool *ret) {
        bool by_inode =
                (added || ch->status == 'M' || ch->status == 'T') && is_file_mode(ch->dst_mode) &&
                (!ch->ino_known || bsearch(&ch->ino, s->inos, s->n_inos, sizeof *s->inos, u32_cmp)) &&
                moved_here(s->root_fd, s->masked_inodes, ch->path);
        *ret = by_inode;
        return by_inode ? strv_push(&s->unhash, &s->n_unhash, ch->dst_oid) : 0;
}

/* Held back: HEAD's version, or out of the index; said. */
static int hold_back(StageRun *s, Change *ch, bool added) {
        int r = ch->unstaged ? 0
                : added      ? edit_push(&s->edits, 0, s->zeros, ch->path)
                             : edit_push(&s->edits, ch->src_mode, ch->src_oid, ch->path);
        if (r < 0)
                return r;
        /* .env made a directory: .env/x goes, as git update-index would
         * take it out for .env (sorted, .env comes before anything under
         * it) */
        if (!added && is_file_mode(ch->src_mode) && hashmap_put(s->restored, ch->path, NULL) < 0)
                return -ENOMEM;
        /* ... and config/master.key put back where config is now a file:
         * the file goes, as git update-index would replace it (write-tree
         * refuses both) */
        if (!added && (r = drop_ancestors(s->by_path, ch->path, s->zeros, &s->edits, s->c->log)) < 0)
                return r;
        ch->held = true;
        s->res.held++;
        log_event(s->c->log, LOG_WARN, "held-back", LOG_FIELDS(LOG_PATH("path", ch->path)),
                  "path policy: left {path} out of the commit (masked)");
        return 0;
}

/* 4. Masked: HEAD's version, or out of the index. So is a masked file's
 * blob that turns up at another path, its own gone (the guest moved the
 * directory that held it, the mask with it, and the host sees the secret
 * there); so is what is masked at a nested checkout's root, and a masked
 * file by its inode. 1: held back. */
static int held_masked(StageRun *s, Change *ch, bool added, const char *what) {
        bool masked = masked_within(s->policy, ch->path) || ch->unstaged ||
                      (added && under_any(s->restored, ch->path));
        bool deep = false, by_inode = false;
        int r;
        if (!masked && (r = masked_deep(s, ch, added, what, &deep)) < 0)
                return r;
        masked = masked || deep;
        Change *moved = added && !masked ? source_of(s->deleted, ch, s->policy) : NULL;
        if (!masked && !moved && (r = masked_by_inode(s, ch, added, &by_inode)) < 0)
                return r;
        masked = masked || by_inode;
        if (!masked && !moved)
                return 0;
        r = hold_back(s, ch, added);
        return r < 0 ? r : 1;
}

/* 5. A credential file the policy does not name, new to the repository (a
 * rename's destination included): queued, to be judged by its staged
 * content (run_refuse(): a symlink's too, its target is the blob, and
 * could be a key), whatever its name. */
static int refused_or_queued(StageRun *s, Change *ch, bool added) {
        bool link = (ch->dst_mode & S_IFMT) == S_IFLNK;
        if (!added || !(is_file_mode(ch->dst_mode) || link))
                return 0;
        if (ARRAY_GROW(s->heads.v, s->heads_allocated, s->heads.n + 1) < 0 ||
            ARRAY_GROW(s->oids, s->oids_allocated, s->n_oids + sizeof ch->dst_oid + 1) < 0)
                return -ENOMEM;
        s->heads.v[s->heads.n++] = ch;
        s->n_oids += (size_t) sprintf(s->oids + s->n_oids, "%s\n", ch->dst_oid);
        return 0;
}

/* Phases 5 and 6, classify and hold back: each change's fate, the first
 * step that takes it decides. Reporting (3) comes before holding back (4):
 * a masked path that changed is said both ways. */
int run_classify(StageRun *s) {
        for (size_t i = 0; i < s->n_changes; i++) {
                Change *ch = &s->changes[i];
                bool added = ch->status == 'A';
                int r;
                if ((r = held_in_git_dir(s, ch, added)) != 0 ||
                    (r = dropped_placeholder(s, ch, added)) != 0) {
                        if (r < 0)
                                return r;
                        continue;
                }
                const char *what = policy_at_depth(s->policy, ch->path);
                if ((r = reported_once(s, ch, what)) < 0 || (r = held_masked(s, ch, added, what)) != 0) {
                        if (r < 0)
                                return r;
                        continue;
                }
                if ((r = refused_or_queued(s, ch, added)) < 0)
                        return r;
        }
        return 0;
}
