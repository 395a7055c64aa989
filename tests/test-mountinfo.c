/* SPDX-License-Identifier: MIT */
/* platform/linux/mountinfo.c against fixed mountinfo text: no root, no
 * kernel. The lines are real ones, taken from a namespace after enforce. */
#include "tests.h"

#include <inttypes.h>
#include <stdlib.h>

#include "mountinfo.h"
#include "util.h"

static const char fixture[] =
        "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard\n"
        "23 22 0:5 / /dev rw,nosuid shared:2 - devtmpfs udev rw,size=12334096k,nr_inodes=3083524,mode=755\n"
        /* mask-file: /dev/null bound read-only */
        "40 22 0:5 /null /w/.env ro,nosuid,noexec,relatime - devtmpfs udev rw,size=12334096k,mode=755\n"
        /* the same, but writable: not ours */
        "41 22 0:5 /null /w/rw-null rw,nosuid,noexec,relatime - devtmpfs udev rw,size=12334096k,mode=755\n"
        /* mask-dir: our tmpfs */
        "42 22 0:60 / /w/secrets ro,nosuid,nodev,noexec,relatime - tmpfs pathpolicy "
        "rw,size=4k,nr_inodes=4,mode=555\n"
        /* someone else's read-only tmpfs */
        "43 22 0:61 / /w/other ro,relatime - tmpfs tmpfs rw,size=1024k\n"
        /* protect: a read-only bind of a path onto itself */
        "44 22 254:0 /w/Makefile /w/Makefile ro,relatime - ext4 /dev/vda rw,discard\n"
        /* a path with a space, escaped the kernel's way */
        "45 22 254:0 /w/a\\040b /w/a\\040b ro,relatime - ext4 /dev/vda rw\n"
        "46 22 0:62 / /outside rw,relatime - tmpfs tmpfs rw\n";

static FILE *open_fixture(void) {
        FILE *f = fmemopen((void *) fixture, sizeof fixture - 1, "r");
        assert_non_null(f);
        return f;
}

/* Which mounts pass the binds made below them on: confine refuses a
 * worktree whose mount does not (its agent would never see a later bind). */
static void test_shared(void **state) {
        (void) state;
        static const char lines[] = "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n"
                                    /* a slave that is also shared: still passes them on */
                                    "23 22 0:5 / /dev rw master:7 shared:2 - devtmpfs udev rw\n"
                                    /* a slave only, and a private mount */
                                    "24 22 0:60 / /w rw master:1 - tmpfs tmpfs rw\n"
                                    "25 22 0:61 / /p rw,relatime - tmpfs tmpfs rw\n"
                                    /* "shared:" inside another word is not the field */
                                    "26 22 0:62 / /q rw unshared:3 - tmpfs tmpfs rw\n";
        FILE *f = fmemopen((void *) lines, sizeof lines - 1, "r");
        assert_non_null(f);
        assert_int_equal(mountinfo_shared(f, 22), 1);
        assert_int_equal(mountinfo_shared(f, 23), 1);
        assert_int_equal(mountinfo_shared(f, 24), 0);
        assert_int_equal(mountinfo_shared(f, 25), 0);
        assert_int_equal(mountinfo_shared(f, 26), 0);
        assert_int_equal(mountinfo_shared(f, 99), -ENOENT);
        fclose(f);
}

static void test_is_ours(void **state) {
        (void) state;
        FILE *f = open_fixture();

        assert_int_equal(mountinfo_is_ours(f, 40, PLATFORM_MASK_FILE), 1);
        assert_int_equal(mountinfo_is_ours(f, 41, PLATFORM_MASK_FILE), 0); /* writable */
        assert_int_equal(mountinfo_is_ours(f, 42, PLATFORM_MASK_FILE), 0); /* not /null */
        assert_int_equal(mountinfo_is_ours(f, 42, PLATFORM_MASK_DIR), 1);
        assert_int_equal(mountinfo_is_ours(f, 43, PLATFORM_MASK_DIR), 0); /* not our source */
        assert_int_equal(mountinfo_is_ours(f, 40, PLATFORM_MASK_DIR), 0);
        assert_int_equal(mountinfo_is_ours(f, 44, PLATFORM_PROTECT), 1);
        assert_int_equal(mountinfo_is_ours(f, 45, PLATFORM_PROTECT), 1);
        assert_int_equal(mountinfo_is_ours(f, 22, PLATFORM_PROTECT), 0);  /* read-write */
        assert_int_equal(mountinfo_is_ours(f, 999, PLATFORM_PROTECT), 0); /* no such mount */
        fclose(f);
}

static void test_count_outside(void **state) {
        (void) state;
        FILE *f = open_fixture();
        size_t n;

        /* /, /dev and /outside are outside /w; /w2 would be too. */
        assert_int_equal(mountinfo_count_outside(f, "/w", &n), 0);
        assert_int_equal(n, 3);
        assert_int_equal(mountinfo_count_outside(f, "/w/secrets", &n), 0);
        assert_int_equal(n, 8);
        assert_int_equal(mountinfo_count_outside(f, "/w/", &n), 0);
        assert_int_equal(n, 3);
        assert_int_equal(mountinfo_count_outside(f, "/", &n), 0);
        assert_int_equal(n, 0);
        fclose(f);
}

/* One parse, then lookups: the set says what mountinfo_is_ours says, for
 * every mount and kind of the fixture. */
static void test_ours_set(void **state) {
        (void) state;
        static const uint64_t ids[] = {22, 23, 40, 41, 42, 43, 44, 45, 46, 999};
        FILE *f = open_fixture();
        MountSet *set = NULL;

        assert_int_equal(mountinfo_ours(f, &set), 0);
        /* Only the read-only mounts: 40, 42, 43, 44, 45. */
        assert_int_equal(mount_set_size(set), 5);
        for (size_t i = 0; i < ELEMENTSOF(ids); i++)
                for (PlatformBindKind k = 0; k < _PLATFORM_BIND_KIND_MAX; k++) {
                        int want = mountinfo_is_ours(f, ids[i], k);
                        assert_true(want >= 0);
                        if (!!(mount_set_kinds(set, ids[i]) & (1u << k)) != want)
                                fail_msg("mount %" PRIu64 ", kind %d: set and mountinfo_is_ours differ",
                                         ids[i], k);
                }
        assert_int_equal(mount_set_kinds(set, 40), (1u << PLATFORM_MASK_FILE) | (1u << PLATFORM_PROTECT));
        assert_int_equal(mount_set_kinds(set, 42), (1u << PLATFORM_MASK_DIR) | (1u << PLATFORM_PROTECT));
        assert_int_equal(mount_set_kinds(set, 44), 1u << PLATFORM_PROTECT);

        /* Our own changes go in without a parse. */
        assert_int_equal(mount_set_put(set, 500, 1u << PLATFORM_PROTECT), 0);
        assert_int_equal(mount_set_kinds(set, 500), 1u << PLATFORM_PROTECT);
        mount_set_remove(set, 40);
        assert_int_equal(mount_set_kinds(set, 40), 0);
        assert_int_equal(mount_set_put(set, 42, 0), 0); /* kinds 0: removed */
        assert_int_equal(mount_set_kinds(set, 42), 0);
        assert_int_equal(mount_set_size(set), 4);
        mount_set_remove(set, 12345); /* not there: nothing happens */
        assert_int_equal(mount_set_size(set), 4);
        mount_set_free(set);
        fclose(f);
}

/* Growth and removal over many ids, against a plain array. */
static void test_ours_set_many(void **state) {
        (void) state;
        enum { N = 20000 };
        static unsigned want[N];
        FILE *f = fmemopen((void *) "", 0, "r");
        MountSet *set = NULL;
        size_t n = 0;

        assert_non_null(f);
        assert_int_equal(mountinfo_ours(f, &set), 0);
        assert_int_equal(mount_set_size(set), 0);
        for (unsigned i = 0; i < N; i++) {
                want[i] = 1 + i % 7;
                assert_int_equal(mount_set_put(set, i, want[i]), 0);
                n++;
        }
        /* Every third one goes, then every fifth of the rest comes back. */
        for (unsigned i = 0; i < N; i += 3) {
                mount_set_remove(set, i);
                want[i] = 0;
                n--;
        }
        for (unsigned i = 0; i < N; i += 5)
                if (!want[i]) {
                        want[i] = 4;
                        assert_int_equal(mount_set_put(set, i, 4), 0);
                        n++;
                }
        assert_int_equal(mount_set_size(set), n);
        for (unsigned i = 0; i < N; i++)
                assert_int_equal(mount_set_kinds(set, i), want[i]);
        assert_int_equal(mount_set_kinds(set, N + 1), 0);
        mount_set_free(set);
        fclose(f);
}

static void test_find(void **state) {
        (void) state;
        FILE *f = open_fixture();
        char *target = NULL;
        unsigned kinds = 99;

        assert_int_equal(mountinfo_find(f, 42, &target, &kinds), 1);
        assert_string_equal(target, "/w/secrets");
        assert_int_equal(kinds, (1u << PLATFORM_MASK_DIR) | (1u << PLATFORM_PROTECT));
        free(target);
        target = NULL;
        /* The kernel's escapes are undone. */
        assert_int_equal(mountinfo_find(f, 45, &target, &kinds), 1);
        assert_string_equal(target, "/w/a b");
        free(target);
        target = NULL;
        assert_int_equal(mountinfo_find(f, 41, &target, &kinds), 1);
        assert_int_equal(kinds, 0); /* writable: not ours */
        free(target);
        /* No such mount: outputs untouched. */
        target = (char *) 0x1;
        kinds = 99;
        assert_int_equal(mountinfo_find(f, 999, &target, &kinds), 0);
        assert_ptr_equal(target, (char *) 0x1);
        assert_int_equal(kinds, 99);
        fclose(f);
}

/* status's view: each mount below the root that is ours by shape, with
 * the one kind it reads as; a protect only where it is a bind of a path
 * onto itself. */
static const char bound_fixture[] =
        "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n"
        "23 22 0:5 / /dev rw,nosuid shared:2 - devtmpfs udev rw,mode=755\n"
        /* the worktree is itself a bind of /srv/wt, from the same disk */
        "30 22 254:0 /srv/wt /w rw,relatime - ext4 /dev/vda rw\n"
        /* a mount at the root itself: not below it */
        "31 22 254:0 /w /w ro,relatime - ext4 /dev/vda rw\n"
        "40 30 0:5 /null /w/.env ro,nosuid,noexec,relatime - devtmpfs udev rw,mode=755\n"
        "41 30 0:60 / /w/secrets ro,nosuid,nodev,noexec,relatime - tmpfs pathpolicy rw,size=4k\n"
        /* protect: its root is what the worktree's mount shows there */
        "42 30 254:0 /srv/wt/Makefile /w/Makefile ro,relatime - ext4 /dev/vda rw\n"
        /* a read-only bind of some other path: not a protect */
        "43 30 254:0 /srv/other /w/elsewhere ro,relatime - ext4 /dev/vda rw\n"
        /* a read-only filesystem of its own (the same root, another device) */
        "44 30 0:61 / /w/cdrom ro,relatime - iso9660 /dev/sr0 ro\n"
        /* someone else's read-only tmpfs */
        "45 30 0:62 / /w/tmp ro,relatime - tmpfs tmpfs rw\n"
        /* a protected directory, and the protect stacked on it again */
        "46 30 254:0 /srv/wt/.claude /w/.claude ro,relatime - ext4 /dev/vda rw\n"
        "47 46 254:0 /srv/wt/.claude /w/.claude ro,relatime - ext4 /dev/vda rw\n"
        /* a protect inside it, below the stacked one */
        "48 47 254:0 /srv/wt/.claude/x /w/.claude/x ro,relatime - ext4 /dev/vda rw\n"
        /* a protect of a masked file clones the mask: it reads as one */
        "49 40 0:5 /null /w/.env ro,relatime - devtmpfs udev rw\n"
        /* names the kernel escapes: a newline, a space; a byte not UTF-8 */
        "50 30 254:0 /srv/wt/n\\012l/.env /w/n\\012l/.env ro - ext4 /dev/vda rw\n"
        "51 30 0:5 /null /w/a\\040b/\xff ro - devtmpfs udev rw\n"
        /* a bind whose source was deleted: not a bind of itself any more */
        "52 30 254:0 /srv/wt/gone//deleted /w/gone ro - ext4 /dev/vda rw\n"
        /* writable: not ours */
        "53 30 254:0 /srv/wt/rw /w/rw rw - ext4 /dev/vda rw\n"
        /* beside the root, not below it */
        "54 22 254:0 /w2/x /w2/x ro - ext4 /dev/vda rw\n"
        /* a protect under a root mounted at / of its filesystem */
        "55 22 254:0 /opt/f /opt/f ro - ext4 /dev/vda rw\n";

typedef struct Seen {
        char lines[32][128];
        size_t n;
} Seen;

static void seen_one(void *ctx, const char *path, PlatformBindKind kind) {
        Seen *s = ctx;
        assert_true(s->n < ELEMENTSOF(s->lines));
        snprintf(s->lines[s->n++], sizeof s->lines[0], "%s %s", platform_bind_kind_to_string(kind), path);
}

static void test_bound(void **state) {
        (void) state;
        FILE *f = fmemopen((void *) bound_fixture, sizeof bound_fixture - 1, "r");
        static const char *const want[] = {
                "mask-file .env",  "mask-dir secrets",  "protect Makefile",
                "protect .claude", "protect .claude",   "protect .claude/x",
                "mask-file .env",  "protect n\nl/.env", "mask-file a b/\xff",
        };
        Seen s = {0};

        assert_non_null(f);
        assert_int_equal(mountinfo_bound(f, "/w", seen_one, &s), 0);
        assert_int_equal(s.n, ELEMENTSOF(want));
        for (size_t i = 0; i < s.n; i++)
                assert_string_equal(s.lines[i], want[i]);

        /* A trailing slash is the same root; the root "/" sees everything. */
        s.n = 0;
        assert_int_equal(mountinfo_bound(f, "/w/", seen_one, &s), 0);
        assert_int_equal(s.n, ELEMENTSOF(want));
        s.n = 0;
        assert_int_equal(mountinfo_bound(f, "/opt", seen_one, &s), 0);
        assert_int_equal(s.n, 1);
        assert_string_equal(s.lines[0], "protect f");
        s.n = 0;
        assert_int_equal(mountinfo_bound(f, "/", seen_one, &s), 0);
        /* Seen from /, the read-only bind at /w (31) is one of itself. */
        assert_int_equal(s.n, ELEMENTSOF(want) + 3);
        assert_string_equal(s.lines[0], "protect w");
        assert_string_equal(s.lines[s.n - 2], "protect w2/x");
        assert_string_equal(s.lines[s.n - 1], "protect opt/f");
        /* Below a mask-dir: nothing. */
        s.n = 0;
        assert_int_equal(mountinfo_bound(f, "/w/secrets", seen_one, &s), 0);
        assert_int_equal(s.n, 0);
        fclose(f);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_is_ours),  cmocka_unit_test(test_count_outside),
                cmocka_unit_test(test_ours_set), cmocka_unit_test(test_ours_set_many),
                cmocka_unit_test(test_find),     cmocka_unit_test(test_bound),
                cmocka_unit_test(test_shared),
        };
        return RUN(tests);
}
