/* SPDX-License-Identifier: MIT */
/*
 * Whether a directory's names match in either case, off Linux (platform.h):
 * the volume's answer, pathconf(_PC_CASE_SENSITIVE). It only asks; it must
 * not decide what a name in the directory is (the core folds, case-fold.h).
 */
#include <errno.h>
#include <unistd.h>

#include "platform.h"

int platform_case_insensitive(const char *path) {
#ifdef _PC_CASE_SENSITIVE
        /* APFS and HFS+ are case-insensitive by default; the answer is the
         * volume's, the same for each of its directories. */
        errno = 0;
        long v = pathconf(path, _PC_CASE_SENSITIVE);
        if (v < 0)
                return errno ? -errno : 0;
        return v == 0;
#else
        /* A POSIX system that cannot say: case-sensitive, as its
         * filesystems are; --case-insensitive says otherwise. */
        if (access(path, F_OK) < 0)
                return -errno;
        return 0;
#endif
}
