/* SPDX-License-Identifier: MIT */
/* The boot's records stage reads (placeholders, their inodes, what was reported, the masked files), and
 * what it assumes when one is lost. Must not write a record but the reported list (the run does). */
#include "stage-internal.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "array.h"

/* The paths reported already in this colony (VMDIR's state file). */
int reported_load(int out_fd, Hashmap *set) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0;
        int fd = openat(out_fd, STAGE_REPORTED_FILE, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
                return errno == ENOENT ? 0 : -errno;
        int r = read_full_fd(fd, 64u * 1024 * 1024, &buf, &n);
        close(fd);
        if (r < 0)
                return r;
        for (char *p = buf, *e; p && (e = strchr(p, '\n')); p = e + 1) {
                *e = 0;
                if (hashmap_put(set, p, NULL) < 0)
                        return -ENOMEM;
        }
        return 0;
}

/* A boot record lost: said once, with what stage takes in its place. */
void record_lost(LogStream *log, const char *record, const char *assumed) {
        log_event(log, LOG_WARN, "record-lost",
                  LOG_FIELDS(LOG_STR("record", record), LOG_STR("assumed", assumed)),
                  "path policy: the boot's record {record} is lost: {assumed}");
}

/* The last component of a file's path. */
static const char *base_name(const char *path) {
        const char *b = strrchr(path, '/');
        return b ? b + 1 : path;
}

void placed_done(Placed *p) {
        placeholder_inodes_done(&p->inodes);
        hashmap_free(p->names);
}

static int placed_name(Hashmap *names, const char *path) {
        size_t n = strlen(path);
        if (n == 0 || path[n - 1] == '/')
                return 0; /* a directory: git stages no empty one */
        return hashmap_put(names, base_name(path), NULL) < 0 ? -ENOMEM : 0;
}

int placed_load(int out_fd, const Hashmap *placeholders, bool list_lost, const Policy *policy,
                LogStream *log, Placed *ret) {
        Placed p = {0};
        int r = placeholder_inodes_load(out_fd, &p.inodes);
        if (r < 0)
                return r;
        if (p.inodes.lost) {
                const char *key;
                size_t i = 0;
                if (!(p.names = hashmap_new())) {
                        placed_done(&p);
                        return -ENOMEM;
                }
                while (r >= 0 && !list_lost && hashmap_next(placeholders, &i, &key, NULL))
                        r = placed_name(p.names, key);
                for (size_t k = 0; r >= 0 && list_lost && k < policy->n; k++)
                        r = placed_name(p.names, policy->actions[k].path);
                if (r < 0) {
                        placed_done(&p);
                        return r;
                }
                record_lost(log, HOST_PLACEHOLDER_INODES_FILE,
                            "an empty new file named as a placeholder is taken for one the guest moved, and "
                            "left out");
        }
        *ret = p;
        return 0;
}

/* Is the empty file at path (nothing followed) a placeholder the guest
 * moved there? */
bool placed_moved(int root_fd, const Placed *p, const char *path) {
        struct stat st;
        char key[MASKED_FILE_KEY_MAX];
        if (p->names)
                return hashmap_contains(p->names, base_name(path));
        if (hashmap_size(p->inodes.by_key) == 0 || stat_beneath(root_fd, path, &st) < 0 ||
            !S_ISREG(st.st_mode) || st.st_size != 0)
                return false;
        placeholder_key(&st, key);
        return hashmap_contains(p->inodes.by_key, key);
}

/*
 * The masked files' record lost (HOST_MASKED_FILES_FILE): a masked file
 * that the guest moved before this stage (it renamed the masked directory,
 * and the mask went with it) cannot be told from the colony's new file,
 * and would be committed with the host's bytes. Nothing is staged, unless
 * no masked path can have held a file at boot: each was absent, a
 * placeholder prepare made (the placeholders' list says so). Refused,
 * the user restores the record, or creates it empty when no masked file
 * can have moved. 0, or -EACCES (said in e), -errno.
 */
int masked_record_check(int out_fd, const StageConfig *c, const Policy *policy, const Hashmap *placeholders,
                        bool list_lost, HostError *e) {
        struct stat st;
        if (fstatat(out_fd, HOST_MASKED_FILES_FILE, &st, AT_SYMLINK_NOFOLLOW) == 0)
                return 0;
        if (errno != ENOENT)
                return fail(e, -errno, "path policy: cannot read %s/%s: %m", shown(c->out_dir),
                            HOST_MASKED_FILES_FILE);
        const char *held = NULL;
        for (size_t i = 0; !held && i < policy->n; i++)
                if (policy->actions[i].kind != PLATFORM_PROTECT &&
                    (list_lost || !hashmap_contains(placeholders, policy->actions[i].path)))
                        held = policy->actions[i].path;
        if (!held) {
                record_lost(c->log, HOST_MASKED_FILES_FILE,
                            "no masked path held a file at boot (each was a placeholder), so none can have "
                            "moved");
                return 0;
        }
        record_lost(
                c->log, HOST_MASKED_FILES_FILE,
                "a masked file the guest moved cannot be told from the colony's work: nothing is staged");
        return fail(
                e, -EACCES,
                "path policy: refusing to stage %s: %s/%s (the masked files by inode) is lost, and %s was "
                "masked with what it held at boot: a file the guest moved from it would be committed "
                "with the host's bytes. Restore the record, or, if no masked file can have moved, create "
                "it empty and stage again",
                shown(c->worktree), shown(c->out_dir), HOST_MASKED_FILES_FILE, shown(held));
}
