/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <fcntl.h>
#include <sys/stat.h>

size_t utf8_sequence_length(const char *s) {
        const unsigned char *p = (const unsigned char *) s;
        size_t n;
        uint32_t cp;

        if (p[0] == 0)
                return 0;
        if (p[0] < 0x80)
                return 1;
        if (p[0] >= 0xc2 && p[0] <= 0xdf)
                n = 2, cp = p[0] & 0x1f;
        else if (p[0] >= 0xe0 && p[0] <= 0xef)
                n = 3, cp = p[0] & 0x0f;
        else if (p[0] >= 0xf0 && p[0] <= 0xf4)
                n = 4, cp = p[0] & 0x07;
        else
                return 0;

        for (size_t i = 1; i < n; i++) {
                if ((p[i] & 0xc0) != 0x80)
                        return 0;
                cp = (cp << 6) | (p[i] & 0x3f);
        }

        /* Overlong forms, UTF-16 surrogates and code points past U+10FFFF
         * are not valid UTF-8 (RFC 3629). */
        if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
            (cp >= 0xd800 && cp <= 0xdfff))
                return 0;
        return n;
}

size_t utf8_length(const char *s) {
        size_t count = 0;

        while (*s) {
                size_t n = utf8_sequence_length(s);
                s += n > 0 ? n : 1;
                count++;
        }
        return count;
}

static char *escape(const char *s, bool backslash) {
        /* Worst case: every byte becomes \xNN. */
        char *buf = malloc(strlen(s) * 4 + 1), *o = buf;
        if (!buf)
                return NULL;

        while (*s) {
                unsigned char c = (unsigned char) *s;
                size_t n = utf8_sequence_length(s);

                if (c == '\\' && backslash) {
                        *o++ = '\\', *o++ = '\\';
                        s++;
                } else if (c == '\n' || c == '\t' || c == '\r') {
                        *o++ = '\\';
                        *o++ = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
                        s++;
                } else if (c < 0x20 || c == 0x7f || n == 0) {
                        o += sprintf(o, "\\x%02x", c);
                        s++;
                } else if (n == 2 && c == 0xc2 && (unsigned char) s[1] < 0xa0) {
                        /* A C1 control (U+0080-U+009F): U+009B is CSI. */
                        o += sprintf(o, "\\x%02x\\x%02x", c, (unsigned char) s[1]);
                        s += 2;
                } else {
                        memcpy(o, s, n);
                        o += n, s += n;
                }
        }
        *o = 0;
        return buf;
}

char *escape_for_display(const char *s) {
        return escape(s, true);
}

char *escape_line(const char *s) {
        return escape(s, false);
}

/* The errno for a file read_full_file() will not read: only a regular file
 * has an end that is sure to come. ENXIO is what open(2) itself says of a
 * fifo or device it cannot serve, and unlike Linux's EBADFD, macOS has it. */
static int not_regular(mode_t mode) {
        return S_ISDIR(mode) ? -EISDIR : -ENXIO;
}

int read_full_fd(int fd, size_t max, char **ret, size_t *ret_size) {
        _cleanup_free_ char *buf = NULL;
        size_t size = 0, allocated = 0;
        struct stat st;
        /* A file's size, and one byte more to see it grow: read in one go.
         * Not a file that says it is empty: /proc and /sys files do, and a
         * sysctl's reads past a first short one say end of file. */
        size_t first =
                fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && (uint64_t) st.st_size < max
                        ? (size_t) st.st_size + 1
                        : 4096;

        for (;;) {
                /* Grown when full, never past max + 1: one byte more than max
                 * is enough to know the input is too large. */
                if (size == allocated) {
                        size_t want = allocated ? allocated * 2 : first;
                        if (want - 1 > max)
                                want = max + 1;
                        char *n = realloc(buf, want + 1);
                        if (!n)
                                return -ENOMEM;
                        buf = n;
                        allocated = want;
                }
                ssize_t k = read(fd, buf + size, allocated - size);
                if (k < 0) {
                        if (errno == EINTR)
                                continue;
                        return -errno;
                }
                if (k == 0)
                        break;
                size += (size_t) k;
                if (size > max)
                        return -EFBIG;
        }

        buf[size] = 0;
        *ret = TAKE_PTR(buf);
        *ret_size = size;
        return 0;
}

int read_full_file(const char *path, size_t max, char **ret, size_t *ret_size) {
        _cleanup_close_ int fd = -EBADF;
        struct stat st;
        int flags;

        /* The type is checked before the open too: opening a device can
         * act (a tape rewinds, a watchdog arms). */
        if (stat(path, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return not_regular(st.st_mode);

        /* O_NONBLOCK: if the path was swapped for a fifo since the stat, the
         * open returns at once instead of waiting for a writer forever, and
         * fstat on what was opened has the last word. */
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (fd < 0)
                return -errno;
        if (fstat(fd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return not_regular(st.st_mode);
        /* Reads of a regular file do not block anyway, but the flag reaches
         * a FUSE server as it is: read it plainly. */
        flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
                return -errno;
        return read_full_fd(fd, max, ret, ret_size);
}

const char *read_full_file_strerror(int r) {
        switch (r) {
        case -EISDIR:
                return "a directory, not a regular file";
        case -ENXIO:
                return "not a regular file (a fifo, a socket or a device)";
        default:
                return strerror(-r);
        }
}

char *path_normalize(const char *p) {
        char *out = malloc(strlen(p) + 1), *o = out;
        if (!out)
                return NULL;
        for (const char *s = p; *s;) {
                const char *e = strchr(s, '/');
                size_t k = e ? (size_t) (e - s) : strlen(s);
                if (k == 0 || (k == 1 && s[0] == '.')) {
                        /* nothing */
                } else if (k == 2 && s[0] == '.' && s[1] == '.') {
                        if (o == out) {
                                free(out);
                                return NULL;
                        }
                        while (o > out && o[-1] != '/')
                                o--;
                        if (o > out)
                                o--;
                } else {
                        if (o > out)
                                *o++ = '/';
                        memcpy(o, s, k);
                        o += k;
                }
                s += k;
                if (*s == '/')
                        s++;
        }
        *o = 0;
        if (!out[0]) {
                free(out);
                return NULL;
        }
        return out;
}
