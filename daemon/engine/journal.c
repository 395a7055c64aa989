/* SPDX-License-Identifier: MIT */
#include "journal.h"
#include "sdlib.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

bool journal_is_stderr(void) {
        const char *e = getenv("JOURNAL_STREAM");
        unsigned long long dev, ino;
        struct stat st;

        /* The variable is inherited by children whose stderr may have been
         * redirected since: it counts only when it names our stderr. */
        if (!e || sscanf(e, "%llu:%llu", &dev, &ino) != 2)
                return false;
        if (fstat(STDERR_FILENO, &st) < 0)
                return false;
        return (unsigned long long) st.st_dev == dev && (unsigned long long) st.st_ino == ino;
}

int journal_send(char **fields) {
        struct iovec *iov;
        size_t n = 0;
        int r;

        while (fields[n])
                n++;
        iov = calloc(n + 1, sizeof *iov);
        if (!iov)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++)
                iov[i] = (struct iovec){fields[i], strlen(fields[i])};
        /* sd_journal_sendv() itself switches to the binary framing for values
         * that hold a newline. */
        const SdLib *sd = sdlib();
        r = sd ? sd->journal_sendv(iov, (int) n) : -ENOSYS;
        free(iov);
        return r;
}
