/* SPDX-License-Identifier: MIT */
#include "mountinfo.h"

#include <errno.h>
#include <libmount.h>
#include <string.h>

static struct libmnt_table *parse(FILE *f, int *ret) {
        struct libmnt_table *tb = mnt_new_table();
        if (!tb) {
                *ret = -ENOMEM;
                return NULL;
        }
        rewind(f);
        /* The name only tells libmount the format: mountinfo, not fstab. */
        *ret = mnt_table_parse_stream(tb, f, "/proc/self/mountinfo");
        if (*ret < 0) {
                mnt_unref_table(tb);
                return NULL;
        }
        return tb;
}

static bool has_option(const char *opts, const char *name) {
        char *value;
        size_t n;
        return opts && mnt_optstr_get_option(opts, name, &value, &n) == 0;
}

int mountinfo_is_ours(FILE *f, uint64_t mount_id, PlatformBindKind kind) {
        struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
        struct libmnt_fs *fs;
        int r, found = 0;
        struct libmnt_table *tb;

        if (!it)
                return -ENOMEM;
        tb = parse(f, &r);
        if (!tb) {
                mnt_free_iter(it);
                return r;
        }
        while (mnt_table_next_fs(tb, it, &fs) == 0) {
                if ((uint64_t) mnt_fs_get_id(fs) != mount_id)
                        continue;
                bool ro = has_option(mnt_fs_get_vfs_options(fs), "ro");
                const char *type = mnt_fs_get_fstype(fs), *src = mnt_fs_get_source(fs), *root = mnt_fs_get_root(fs);
                switch (kind) {
                case PLATFORM_MASK_FILE:
                        found = ro && root && strcmp(root, "/null") == 0;
                        break;
                case PLATFORM_MASK_DIR:
                        found = ro && type && strcmp(type, "tmpfs") == 0 && src && strcmp(src, MOUNTINFO_SOURCE) == 0;
                        break;
                default:
                        found = ro;
                        break;
                }
                break;
        }
        mnt_free_iter(it);
        mnt_unref_table(tb);
        return found;
}

int mountinfo_count_outside(FILE *f, const char *root, size_t *ret) {
        struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
        struct libmnt_fs *fs;
        struct libmnt_table *tb;
        size_t n = 0, len = strlen(root);
        int r;

        /* "/w/" is "/w"; "/" has nothing outside it. */
        while (len > 0 && root[len - 1] == '/')
                len--;

        if (!it)
                return -ENOMEM;
        tb = parse(f, &r);
        if (!tb) {
                mnt_free_iter(it);
                return r;
        }
        while (mnt_table_next_fs(tb, it, &fs) == 0) {
                const char *t = mnt_fs_get_target(fs);
                if (!t || (strncmp(t, root, len) == 0 && (t[len] == 0 || t[len] == '/')))
                        continue;
                n++;
        }
        mnt_free_iter(it);
        mnt_unref_table(tb);
        *ret = n;
        return 0;
}
