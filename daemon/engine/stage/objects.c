/* SPDX-License-Identifier: MIT */
/* What this stage's git add wrote for a path it then held back or refused, out of .git/objects (and
 * .git/lfs) again. Must not remove what this stage did not make, nor anything the index or HEAD names. */
#include "stage-internal.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "array.h"
#include "git-audit.h"

int strv_push(char ***v, size_t *n, const char *s) {
        char *d = strdup(s);
        char **nv = d ? realloc(*v, (*n + 2) * sizeof **v) : NULL;
        if (!nv) {
                free(d);
                return -ENOMEM;
        }
        nv[(*n)++] = d;
        nv[*n] = NULL;
        *v = nv;
        return 0;
}

/* A masked file's blob that git add wrote (the guest moved it where no
 * exclude reaches): out of .git/objects again, where the guest reads it,
 * when this stage made it (its loose file born since the stage began:
 * git add only touches the time of one it finds) and HEAD has it nowhere.
 * One that cannot be taken out is said. */
void unhash_blob(const Git *g, const char *oid, const Head *head, const char *listing, size_t n_listing,
                 const struct timespec *start, LogStream *log) {
        const char *why = NULL;
        char sub[16];
        _cleanup_close_ int dir_fd = -EBADF, sub_fd = -EBADF;
        if (head_has(head, oid) || (n_listing > 0 && memmem(listing, n_listing, oid, strlen(oid))))
                return; /* HEAD's: in the store before, and after */
        /* objects/xx opened beneath the pinned git dir, nothing followed:
         * the agent writes .git/objects and could make xx a symlink to a
         * file of the host's of the same name */
        snprintf(sub, sizeof sub, "objects/%.2s", oid);
        dir_fd = open(g->common_dir ? g->common_dir : g->git_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir_fd < 0 ||
            platform_open_beneath(dir_fd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC, &sub_fd) < 0)
                why = "its directory cannot be opened without following a link";
#ifdef STATX_BTIME
        struct statx sx;
        if (why) /* said below */
                ;
        else if (statx(sub_fd, oid + 2, AT_SYMLINK_NOFOLLOW, STATX_BTIME | STATX_TYPE, &sx) < 0)
                why = errno == ENOENT ? "it is packed" : "it cannot be looked at";
        else if (!(sx.stx_mask & STATX_BTIME) || !S_ISREG(sx.stx_mode))
                why = "the file system keeps no birth time, or it is no file";
        else if (sx.stx_btime.tv_sec < start->tv_sec ||
                 (sx.stx_btime.tv_sec == start->tv_sec && (long) sx.stx_btime.tv_nsec < start->tv_nsec))
                why = "it was there before";
        else if (unlinkat(sub_fd, oid + 2, 0) < 0)
                why = "it cannot be removed";
#else
        why = "this system keeps no birth time";
#endif
        if (why)
                log_event(log, LOG_WARN, "stage-failed", LOG_FIELDS(LOG_STR("oid", oid)),
                          "path policy: a moved masked file's blob {oid} stays in .git/objects: %s", why);
}

/* A staged blob of a path held back or refused, read to see whether it is
 * an LFS pointer: the LFS object's id (sha256, hex) in lfs[i], else "". */
#define LFS_POINTER_MAX 1024 /* git-lfs's own bound on a pointer's size */
typedef struct Pointers {
        Change **v;
        char (*lfs)[65];
        size_t n;
} Pointers;

static void lfs_pointer_oid(const char *buf, size_t n, char out[65]) {
        static const char key[] = "\noid sha256:";
        out[0] = 0;
        if (n < 16 || memcmp(buf, "version https://", 16) != 0)
                return;
        const char *p = memmem(buf, n, key, sizeof key - 1);
        if (!p || (size_t) (buf + n - p) < sizeof key - 1 + 64 + 1)
                return;
        p += sizeof key - 1;
        for (size_t i = 0; i < 64; i++)
                if (!strchr("0123456789abcdef", p[i]) || p[i] == 0)
                        return;
        if (p[64] != '\n')
                return;
        memcpy(out, p, 64);
        out[64] = 0;
}

static const char *pointer_oid(void *ctx, size_t i) {
        return ((Pointers *) ctx)->v[i]->dst_oid;
}

static void pointer_read(void *ctx, size_t i, const char *buf, size_t len, uint64_t size) {
        Pointers *h = ctx;
        /* a blob as large as git-lfs's bound or larger is no pointer */
        if (size < LFS_POINTER_MAX)
                lfs_pointer_oid(buf, len, h->lfs[i]);
        else
                h->lfs[i][0] = 0;
}

static int read_pointers(void *userdata, int fd) {
        Pointers *h = userdata;
        return cat_file_heads(fd, h->n, LFS_POINTER_MAX, pointer_oid, pointer_read, h);
}

/* Did this stage make the file name in dir_fd: born since it began (the
 * file system's birth time; without one, its inode's change time, which
 * git add and git-lfs leave as it was on an object they find there)?
 * 1, 0 (there before), -errno (-ENOENT: not there). */
static int made_since(int dir_fd, const char *name, const struct timespec *start) {
        struct timespec t;
#ifdef STATX_BTIME
        struct statx sx;
        if (statx(dir_fd, name, AT_SYMLINK_NOFOLLOW, STATX_BTIME | STATX_CTIME | STATX_TYPE, &sx) < 0)
                return -errno;
        if (!S_ISREG(sx.stx_mode))
                return -ENXIO;
        t = sx.stx_mask & STATX_BTIME ? (struct timespec){sx.stx_btime.tv_sec, sx.stx_btime.tv_nsec}
                                      : (struct timespec){sx.stx_ctime.tv_sec, sx.stx_ctime.tv_nsec};
#else
        struct stat st;
        if (fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -ENXIO;
        t = st.st_ctim;
#endif
        return t.tv_sec > start->tv_sec || (t.tv_sec == start->tv_sec && t.tv_nsec >= start->tv_nsec);
}

/* The file sub/name beneath the common git dir, nothing followed (the
 * agent writes .git and could make a directory of it a symlink), taken
 * out when this stage made it. 1 removed, 0 there before, -errno
 * (-ENOENT: not there). */
static int remove_made(const Git *g, const char *sub, const char *name, const struct timespec *start) {
        _cleanup_close_ int dir_fd = -EBADF, sub_fd = -EBADF;
        dir_fd = open(g->common_dir ? g->common_dir : g->git_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir_fd < 0)
                return -errno;
        int r = platform_open_beneath(dir_fd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC, &sub_fd);
        if (r < 0)
                return r;
        if ((r = made_since(sub_fd, name, start)) <= 0)
                return r;
        return unlinkat(sub_fd, name, 0) < 0 ? -errno : 1;
}

/* Is oid's blob one the index keeps, or HEAD has? */
static bool blob_kept(const Change *v, size_t n, const char *oid, const Head *head, const char *listing,
                      size_t n_listing) {
        for (size_t i = 0; i < n; i++)
                if (v[i].status != 'D' && !v[i].held && !v[i].refused && !v[i].dropped && !v[i].unstaged &&
                    streq(v[i].dst_oid, oid))
                        return true;
        return head_has(head, oid) || (n_listing > 0 && memmem(listing, n_listing, oid, strlen(oid)));
}

/*
 * What this stage's git add made for a path it then held back or refused,
 * taken out of the store again, where the guest reads it and whence a push
 * could carry it: the loose blob, and for an LFS pointer the LFS object
 * (git-lfs's clean filter wrote the file's own bytes there: a masked file
 * the guest renamed under `filter=lfs` is the host's secret). Only what
 * this stage made (born since it began), and only what no path the index
 * keeps or HEAD has names. A held-back file's LFS object taken out is said
 * (the host's bytes had reached .git/lfs/objects); one that stays is said,
 * and so is a blob of this stage's that cannot go. The blobs in skip
 * (unhash_blob()'s) are left to it. 0, or -errno (the store as it was).
 */
int forget_objects(const Git *g, Change *v, size_t n, char *const *skip, size_t n_skip, const Head *head,
                   const char *listing, size_t n_listing, const struct timespec *start, LogStream *log) {
        _cleanup_free_ Change **gone = calloc(n + 1, sizeof *gone);
        _cleanup_free_ char(*lfs)[65] = calloc(n + 1, sizeof *lfs);
        _cleanup_free_ char *oids = NULL;
        size_t k = 0, n_oids = 0, oids_alloc = 0;
        if (!gone || !lfs)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                Change *c = &v[i];
                if (!(c->held || c->refused) || c->unstaged || c->status == 'D' ||
                    !is_file_mode(c->dst_mode) || strspn(c->dst_oid, "0") == strlen(c->dst_oid) ||
                    blob_kept(v, n, c->dst_oid, head, listing, n_listing))
                        continue;
                if (ARRAY_GROW(oids, oids_alloc, n_oids + sizeof c->dst_oid + 1) < 0)
                        return -ENOMEM;
                n_oids += (size_t) sprintf(oids + n_oids, "%s\n", c->dst_oid);
                gone[k++] = c;
        }
        if (k == 0)
                return 0;
        /* the pointers read before any blob goes */
        const char *batch[] = {"cat-file", "--batch", NULL};
        char err[256];
        int status = 0;
        Pointers p = {.v = gone, .lfs = lfs, .n = k};
        int r = git_stream(g, batch, oids, n_oids, read_pointers, &p, &status, err, sizeof err);
        if (r >= 0 && status != 0)
                r = -EIO;
        if (r < 0)
                return r;
        for (size_t i = 0; i < k; i++) {
                Change *c = gone[i];
                char sub[64];
                if (lfs[i][0]) {
                        snprintf(sub, sizeof sub, "lfs/objects/%.2s/%.2s", lfs[i], lfs[i] + 2);
                        r = remove_made(g, sub, lfs[i], start);
                        if (r > 0 && c->held)
                                log_event(log, LOG_WARN, "object-removed",
                                          LOG_FIELDS(LOG_PATH("path", c->path), LOG_STR("oid", lfs[i])),
                                          "path policy: took {path}'s bytes out of .git/lfs/objects "
                                          "(LFS object {oid}): a filter had stored them there, and the "
                                          "file is left out of the commit");
                        else if (r == 0 || (r < 0 && r != -ENOENT))
                                log_event(log, LOG_WARN, "stage-failed",
                                          LOG_FIELDS(LOG_PATH("path", c->path), LOG_STR("oid", lfs[i])),
                                          "path policy: {path} is left out of the commit, but its bytes "
                                          "stay in .git/lfs/objects (LFS object {oid}): %s",
                                          r == 0 ? "it was there before" : strerror(-r));
                }
                bool skipped = false;
                for (size_t j = 0; j < n_skip && !skipped; j++)
                        skipped = streq(skip[j], c->dst_oid);
                if (skipped)
                        continue;
                snprintf(sub, sizeof sub, "objects/%.2s", c->dst_oid);
                r = remove_made(g, sub, c->dst_oid + 2, start);
                if (r < 0 && r != -ENOENT)
                        log_event(log, LOG_WARN, "stage-failed",
                                  LOG_FIELDS(LOG_PATH("path", c->path), LOG_STR("oid", c->dst_oid)),
                                  "path policy: {path} is left out of the commit, but the blob {oid} this "
                                  "stage made of it stays in .git/objects: %s",
                                  strerror(-r));
        }
        return 0;
}
