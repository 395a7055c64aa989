/* SPDX-License-Identifier: MIT */
/* The index tests' fixture (git-index-fixture.h): indexes built by hand, what they read as, git run as the
 * oracle. Must not hide a failure: every step asserts. */
#include "git-index-fixture.h"

#include <errno.h>
#include <fcntl.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

/* ---- an index built by hand ---- */

void put32(uint8_t *p, uint32_t v) {
        p[0] = (uint8_t) (v >> 24);
        p[1] = (uint8_t) (v >> 16);
        p[2] = (uint8_t) (v >> 8);
        p[3] = (uint8_t) v;
}

void b_start(B *b, uint32_t version, GitHashAlgo algo) {
        memset(b, 0, sizeof *b);
        b->version = version;
        b->algo = algo;
        memcpy(b->buf, "DIRC", 4);
        put32(b->buf + 4, version);
        b->n = 12;
}

void b_bytes(B *b, const void *p, size_t n) {
        assert_true(b->n + n <= sizeof b->buf);
        memcpy(b->buf + b->n, p, n);
        b->n += n;
}

/* One entry: the oid is oidbyte repeated; flags2 != 0 makes it extended. */
void b_entry(B *b, const char *path, uint32_t mode, uint8_t oidbyte, unsigned stage, uint16_t flags2) {
        uint8_t fixed[40] = {0}, oid[32];
        size_t len = strlen(path), hashsz = (size_t) b->algo;
        put32(fixed + 24, mode);
        put32(fixed + 36, 7); /* size */
        b_bytes(b, fixed, 40);
        memset(oid, oidbyte, sizeof oid);
        b_bytes(b, oid, hashsz);
        uint16_t flags = (uint16_t) ((len < 0xfff ? len : 0xfff) | (stage << 12) | (flags2 ? 0x4000 : 0));
        uint8_t w[2] = {(uint8_t) (flags >> 8), (uint8_t) flags};
        b_bytes(b, w, 2);
        if (flags2) {
                uint8_t w2[2] = {(uint8_t) (flags2 >> 8), (uint8_t) flags2};
                b_bytes(b, w2, 2);
        }
        if (b->version == 4) {
                size_t plen = strlen(b->prev), common = 0;
                while (common < plen && common < len && b->prev[common] == path[common])
                        common++;
                /* strip = plen - common, as git's encode_varint */
                size_t v = plen - common;
                uint8_t vb[16];
                int pos = (int) sizeof vb - 1;
                vb[pos] = v & 0x7f;
                while (v >>= 7)
                        vb[--pos] = 0x80 | (--v & 0x7f);
                b_bytes(b, vb + pos, sizeof vb - (size_t) pos);
                b_bytes(b, path + common, len - common + 1);
                strcpy(b->prev, path);
        } else {
                size_t used = 40 + hashsz + 2 + (flags2 ? 2 : 0) + len;
                size_t total = (used + 8) & ~(size_t) 7;
                b_bytes(b, path, len);
                static const uint8_t zeros[8];
                b_bytes(b, zeros, total - used);
        }
        b->count++;
}

void b_ext(B *b, const char sig[4], const void *data, uint32_t n) {
        uint8_t h[8];
        memcpy(h, sig, 4);
        put32(h + 4, n);
        b_bytes(b, h, 8);
        b_bytes(b, data, n);
}

void digest(GitHashAlgo algo, const uint8_t *p, size_t n, uint8_t *out) {
        if (algo == GIT_HASH_SHA1) {
                struct sha1_ctx s;
                sha1_init(&s);
                sha1_update(&s, n, p);
                sha1_digest(&s, 20, out);
        } else {
                struct sha256_ctx s;
                sha256_init(&s);
                sha256_update(&s, n, p);
                sha256_digest(&s, 32, out);
        }
}

bool zero_hash; /* b_end writes zeros, as index.skipHash does */

size_t b_end(B *b) {
        put32(b->buf + 8, b->count);
        uint8_t d[32] = {0};
        if (!zero_hash)
                digest(b->algo, b->buf, b->n, d);
        b_bytes(b, d, (size_t) b->algo);
        return b->n;
}

/* ---- what an index reads as ---- */

void hex(const uint8_t *p, size_t n, char *out) {
        for (size_t i = 0; i < n; i++)
                sprintf(out + 2 * i, "%02x", p[i]);
}

/* As git ls-files -s prints it, plus S for skip-worktree. */
void see(void *ctx, const GitIndexEntry *e) {
        Seen *s = ctx;
        char oid[65];
        hex(e->oid, (size_t) e->algo, oid);
        int k = snprintf(s->text + s->n, sizeof s->text - s->n, "%s%06o %s %u\t%s\n",
                         e->skip_worktree ? "S " : "", e->mode, oid, e->stage, e->path);
        assert_true(k > 0 && (size_t) k < sizeof s->text - s->n);
        s->n += (size_t) k;
}

int read_index(const uint8_t *buf, size_t n, Seen *s) {
        memset(s, 0, sizeof *s);
        return git_index_entries(buf, n, see, s);
}

bool want_env(void *ctx, const char *path) {
        (void) ctx;
        const char *base = strrchr(path, '/');
        return streq(base ? base + 1 : path, ".env");
}

bool want_all(void *ctx, const char *path) {
        (void) ctx;
        (void) path;
        return true;
}

bool want_none(void *ctx, const char *path) {
        (void) ctx;
        (void) path;
        return false;
}

/* ---- the oracle: git itself ---- */

char oracle_dir[] = "/tmp/test-git-index-XXXXXX";

/* A shell command in the oracle dir; its exit status. */
int sh(const char *fmt, ...) {
        va_list ap;
        _cleanup_free_ char *cmd = NULL, *full = NULL;
        va_start(ap, fmt);
        int k = vasprintf(&cmd, fmt, ap);
        va_end(ap);
        assert_true(k > 0);
        assert_true(asprintf(&full, "cd '%s' && { %s ; }", oracle_dir, cmd) > 0);
        int status = system(full);
        assert_true(WIFEXITED(status));
        return WEXITSTATUS(status);
}

char *slurp(const char *rel, size_t *ret_n) {
        _cleanup_free_ char *p = NULL;
        char *data = NULL;
        size_t n = 0;
        assert_true(asprintf(&p, "%s/%s", oracle_dir, rel) > 0);
        assert_int_equal(read_full_file(p, 64 << 20, &data, &n), 0);
        if (ret_n)
                *ret_n = n;
        return data;
}

void spew(const char *rel, const void *data, size_t n) {
        _cleanup_free_ char *p = NULL;
        assert_true(asprintf(&p, "%s/%s", oracle_dir, rel) > 0);
        _cleanup_close_ int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, data, n), (ssize_t) n);
}

/* A repository tracking .env at two depths, and its twin: two copies of
 * one made the first time a format and version is asked for (tpl-F-V; a
 * case changes its copies, never it), as a process costs ~4 ms here and
 * the eighteen cases ask for six. */
void make_repo(const char *format, unsigned version) {
        assert_int_equal(
                sh("rm -rf ours theirs && { [ -d tpl-%s-%u ] || { "
                   "git init -q --object-format=%s tpl.new && cd tpl.new && "
                   "printf 'KEY=1\\n' > .env && mkdir -p lib/deep && printf 'K=2\\n' > lib/deep/.env && "
                   "echo a > a.c && echo b > lib/b.c && printf '#!/bin/sh\\n' > run && chmod +x run && "
                   "ln -s a.c link && "
                   "git add -A && git -c user.name=t -c user.email=t@t commit -qm one && "
                   "echo c > lib/c.c && git add lib/c.c && "
                   /* an extended entry (intent to add): else git writes 3 as 2 */
                   "{ [ %u != 3 ] || { echo n > n.c && git add -N n.c; }; } && "
                   "git update-index --index-version %u && cd .. && mv tpl.new tpl-%s-%u; }; } && "
                   "cp -a tpl-%s-%u ours && cp -a tpl-%s-%u theirs",
                   format, version, format, version, version, format, version, format, version, format,
                   version),
                0);
}

/* fn in every format: both hashes, index versions 2 to 4. */
void every_format(void (*fn)(const char *format, unsigned version)) {
        for (unsigned v = 2; v <= 4; v++) {
                fn("sha1", v);
                fn("sha256", v);
        }
}

int oracle_run(const char *name, const struct CMUnitTest *tests, size_t n) {
        if (system("git --version >/dev/null 2>&1") != 0) {
                printf("SKIP: git is not installed\n");
                return 77;
        }
        if (system("git --version") != 0)
                return 1;
        if (!mkdtemp(oracle_dir)) {
                perror("mkdtemp");
                return 1;
        }
        /* No config but the repository's own. */
        setenv("HOME", oracle_dir, 1);
        setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
        setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
        setenv("LC_ALL", "C", 1);
        /* Nor git's housekeeping, which has nothing to do in repositories
         * this small and costs a process each time (~4 ms here): git
         * commit's "maintenance run --auto", and git fsck's commit-graph
         * and multi-pack-index verify, of files nothing here writes (no
         * gc, repack or maintenance runs). */
        setenv("GIT_CONFIG_COUNT", "3", 1);
        setenv("GIT_CONFIG_KEY_0", "maintenance.auto", 1);
        setenv("GIT_CONFIG_VALUE_0", "false", 1);
        setenv("GIT_CONFIG_KEY_1", "core.commitGraph", 1);
        setenv("GIT_CONFIG_VALUE_1", "false", 1);
        setenv("GIT_CONFIG_KEY_2", "core.multiPackIndex", 1);
        setenv("GIT_CONFIG_VALUE_2", "false", 1);
        int r = _cmocka_run_group_tests(name, tests, n, NULL, NULL);
        _cleanup_free_ char *cmd = NULL;
        if (asprintf(&cmd, "rm -rf '%s'", oracle_dir) > 0 && system(cmd) != 0)
                fprintf(stderr, "could not remove %s\n", oracle_dir);
        return r;
}
