/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "platform.h"

int platform_dirent_type(int dfd, const char *name, unsigned char d_type, WatchType *ret) {
        struct stat st;
        mode_t mode;

        switch (d_type) {
        case DT_DIR:
                mode = S_IFDIR;
                break;
        case DT_REG:
                mode = S_IFREG;
                break;
        case DT_LNK:
                mode = S_IFLNK;
                break;
        case DT_UNKNOWN:
                if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                        return -errno;
                mode = st.st_mode & S_IFMT;
                break;
        default:
                mode = 0;
        }
        *ret = S_ISDIR(mode)   ? WATCH_DIR
               : S_ISREG(mode) ? WATCH_FILE
               : S_ISLNK(mode) ? WATCH_SYMLINK
                               : WATCH_OTHER;
        return 0;
}
