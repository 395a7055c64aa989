/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The fixture of the index tests (test-git-index.c, test-git-index-split.c):
 * indexes built here byte by byte, what an index reads as (as git ls-files
 * -s prints it, S for skip-worktree), and the oracle: repositories in a
 * directory of its own where git itself is run.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "git-index.h"
#include "tests.h"

/* ---- an index built by hand ---- */

typedef struct B {
        uint8_t buf[1 << 18];
        size_t n;
        uint32_t version, count;
        GitHashAlgo algo;
        char prev[8192];
} B;

void put32(uint8_t *p, uint32_t v);
void b_start(B *b, uint32_t version, GitHashAlgo algo);
void b_bytes(B *b, const void *p, size_t n);
/* One entry: the oid is oidbyte repeated; flags2 != 0 makes it extended. */
void b_entry(B *b, const char *path, uint32_t mode, uint8_t oidbyte, unsigned stage, uint16_t flags2);
void b_ext(B *b, const char sig[4], const void *data, uint32_t n);
void digest(GitHashAlgo algo, const uint8_t *p, size_t n, uint8_t *out);
extern bool zero_hash; /* b_end writes zeros, as index.skipHash does */
/* The count and the checksum: the index's length. */
size_t b_end(B *b);

/* ---- what an index reads as ---- */

typedef struct Seen {
        char text[1 << 16];
        size_t n;
} Seen;

void hex(const uint8_t *p, size_t n, char *out);
/* As git ls-files -s prints it, plus S for skip-worktree. */
void see(void *ctx, const GitIndexEntry *e);
int read_index(const uint8_t *buf, size_t n, Seen *s);
bool want_env(void *ctx, const char *path); /* a path whose last component is .env */
bool want_all(void *ctx, const char *path);
bool want_none(void *ctx, const char *path);

/* ---- the oracle: git itself ---- */

extern char oracle_dir[];
/* A shell command in the oracle dir; its exit status. */
int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *slurp(const char *rel, size_t *ret_n);
void spew(const char *rel, const void *data, size_t n);
/* ours and theirs: twin repositories tracking .env at two depths. */
void make_repo(const char *format, unsigned version);
/* fn in every format: both hashes, index versions 2 to 4. */
void every_format(void (*fn)(const char *format, unsigned version));
/* The oracle's tests, in oracle_dir (removed after), with no config but
 * the repositories' own: cmocka's result, or 77 without git. */
int oracle_run(const char *name, const struct CMUnitTest *tests, size_t n);
