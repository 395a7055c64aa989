/* SPDX-License-Identifier: MIT */
#pragma once

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Ownership made visible, after systemd's macro-fundamental.h. */

#define _cleanup_(f) __attribute__((cleanup(f)))
#define _cleanup_free_ _cleanup_(freep)
#define _cleanup_close_ _cleanup_(closep)
#define _cleanup_fclose_ _cleanup_(fclosep)
#define _unused_ __attribute__((unused))
#define _fallthrough_ __attribute__((fallthrough))
#define _printf_(a, b) __attribute__((format(printf, a, b)))
#define _warn_unused_result_ __attribute__((warn_unused_result))

#define ELEMENTSOF(x) (sizeof(x) / sizeof((x)[0]))

/* Hand the pointer over and leave NULL behind, so cleanup frees nothing. */
#define TAKE_PTR(p)                                                                                         \
        ({                                                                                                  \
                __typeof__(p) _p_ = (p);                                                                    \
                (p) = NULL;                                                                                 \
                _p_;                                                                                        \
        })

#define TAKE_FD(fd)                                                                                         \
        ({                                                                                                  \
                int _fd_ = (fd);                                                                            \
                (fd) = -EBADF;                                                                              \
                _fd_;                                                                                       \
        })

static inline void freep(void *p) {
        free(*(void **) p);
}

static inline void closep(int *fd) {
        if (*fd >= 0) {
                int saved = errno;
                (void) close(*fd);
                errno = saved;
        }
}

static inline void fclosep(FILE **f) {
        if (*f)
                (void) fclose(*f);
}

static inline bool streq(const char *a, const char *b) {
        return *a == *b && strcmp(a, b) == 0; /* most differ at once: no call */
}

/* Is s (NULL: no) one of the NULL-ended list's strings? */
static inline bool streq_any(const char *s, const char *const *list) {
        /* streq looks at the first byte before the call: the rule asks this
         * of long tables of program names for every word (it spent half its
         * time in strcmp) */
        for (; s && *list; list++)
                if (streq(s, *list))
                        return true;
        return false;
}

static inline bool streq_ptr(const char *a, const char *b) {
        if (!a || !b)
                return a == b;
        return streq(a, b);
}

/*
 * A string for messages: printable ASCII and valid UTF-8 stay as they are;
 * control bytes, DEL, the C1 controls (U+0080-U+009F, two bytes each),
 * backslash and bytes that are not valid UTF-8 become C escapes (\n, \t,
 * \x7f, \xc2\x9b, \\), so an entry can never break the line it is shown on
 * nor steer the terminal. Returns NULL when out of memory.
 */
char *escape_for_display(const char *s);

/* The same for a whole message whose names are escape_for_display()ed
 * already: control bytes and bytes that are not UTF-8 are escaped, so it
 * stays one line, but a backslash is left as it is (escaping it again
 * would show a name two ways). */
char *escape_line(const char *s);

/* Number of Unicode code points in s; a byte that is not part of valid
 * UTF-8 counts as one. */
size_t utf8_length(const char *s);

/* Length of the valid UTF-8 sequence starting at s (1-4), or 0 when s does
 * not start one (NUL included). */
size_t utf8_sequence_length(const char *s);

/* Lexically resolve "." and ".." in a relative path (no disk access; the
 * caller resolves the result without symlinks). NULL when it climbs above
 * its start or is empty, or when out of memory. */
char *path_normalize(const char *p);

/* Read a whole regular file, refusing anything larger than max bytes
 * (-EFBIG). The buffer is NUL-terminated; *ret_size does not count that NUL.
 * Anything but a regular file (after symlinks) is refused at once, before
 * a byte is read and without blocking: -EISDIR for a directory, -ENXIO for
 * a fifo, a socket or a device (a fifo nobody writes would block a reader
 * forever, a device never ends). */
int read_full_file(const char *path, size_t max, char **ret, size_t *ret_size);

/* Read fd to its end (a pipe, stdin), refusing more than max bytes
 * (-EFBIG); NUL-terminated as read_full_file(). It blocks as fd does. */
int read_full_fd(int fd, size_t max, char **ret, size_t *ret_size);

/* The reason for a read_full_file() failure r, for messages: strerror(),
 * except for a file that is not a regular one, where it says so. */
const char *read_full_file_strerror(int r);
