/* SPDX-License-Identifier: MIT */
/* The --stream modes' line reader (line-stream.h): it cuts lines and bounds
 * them; it judges nothing and writes nothing itself. */
#include "line-stream.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "util.h"

int line_stream(int fd, const LineStream *ls, void *ctx) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0, allocated = 0;
        bool eof = false, skipping = false;
        int r = 0;

        while (r >= 0 && !eof) {
                if (ARRAY_GROW(buf, allocated, n + 65536) < 0)
                        return -ENOMEM;
                ssize_t k = read(fd, buf + n, allocated - n);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k < 0)
                        return -errno;
                eof = k == 0;
                n += (size_t) k;
                if (ls->read_done)
                        ls->read_done(ctx);
                size_t start = 0;
                while (r >= 0 && start < n) {
                        char *e = memchr(buf + start, '\n', n - start);
                        if (!e && !eof)
                                break;
                        size_t len = e ? (size_t) (e - (buf + start)) + 1 : n - start;
                        /* whole in one read or not, past the bound is too long */
                        if (!skipping)
                                r = len - (e ? 1 : 0) > ls->max ? ls->too_long(ctx)
                                                                : ls->line(ctx, buf + start, len);
                        skipping = false;
                        start += len;
                }
                memmove(buf, buf + start, n - start);
                n -= start;
                if (r >= 0 && n > ls->max && !skipping) {
                        r = ls->too_long(ctx);
                        skipping = true;
                }
                if (skipping)
                        n = 0;
                if (r >= 0 && ls->batch_done)
                        r = ls->batch_done(ctx);
        }
        return r;
}
