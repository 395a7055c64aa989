/* SPDX-License-Identifier: MIT */
/* Bench helper: make N directories whose paths share one slot of the old unkeyed map (FNV-1a, low BITS 0).
 * Must not be used but to show the old map losing: the keyed map (SipHash) spreads them like any names.
 *
 *   collide DIR RELPREFIX N BITS    mkdir DIR/NAME N times; FNV-1a(RELPREFIX NAME) & (2^BITS - 1) == 0
 *
 * RELPREFIX is DIR as the watcher keys it (relative to its root, with a
 * trailing '/'), so that the very key the watcher hashes collides. The low
 * bits of an FNV-1a step depend only on the low bits before it: a prefix,
 * two printable bytes, and a last byte solved for ((h ^ c) * P == 0 mod
 * 2^BITS when c == h's low bits, which must then be a byte other than 0
 * and '/'). Names are bytes, not text.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint64_t fnv1a(uint64_t h, const char *s) {
        for (; *s; s++)
                h = (h ^ (unsigned char) *s) * 0x100000001b3ULL;
        return h;
}

int main(int argc, char **argv) {
        if (argc != 5) {
                fprintf(stderr, "usage: collide DIR RELPREFIX N BITS\n");
                return 2;
        }
        const uint64_t P = 0x100000001b3ULL, mask = (1ULL << strtoul(argv[4], NULL, 10)) - 1;
        unsigned long n = strtoul(argv[3], NULL, 10), made = 0;
        int dfd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0) {
                perror(argv[1]);
                return 1;
        }
        uint64_t base = fnv1a(0xcbf29ce484222325ULL, argv[2]);
        for (unsigned prefix = 0; made < n; prefix++) {
                char name[32];
                int len = snprintf(name, sizeof name, "d%u-", prefix);
                uint64_t h = fnv1a(base, name);
                for (unsigned c1 = 0x21; c1 < 0x7f && made < n; c1++)
                        for (unsigned c2 = 0x21; c2 < 0x7f && made < n; c2++) {
                                uint64_t h2 = (((h ^ c1) * P) ^ c2) * P, c3 = h2 & mask;
                                if (c1 == '/' || c2 == '/' || c3 == 0 || c3 > 0xff || c3 == '/')
                                        continue;
                                name[len] = (char) c1, name[len + 1] = (char) c2, name[len + 2] = (char) c3;
                                name[len + 3] = 0;
                                if ((fnv1a(base, name) & mask) != 0)
                                        abort(); /* the algebra above is wrong */
                                if (mkdirat(dfd, name, 0755) < 0 && errno != EEXIST) {
                                        perror(name);
                                        return 1;
                                }
                                made++;
                        }
        }
        return 0;
}
