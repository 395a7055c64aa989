/* SPDX-License-Identifier: MIT */
/* platform/linux/mountinfo.c against fixed mountinfo text: no root, no
 * kernel. The lines are real ones, taken from a namespace after enforce. */
#include "tests.h"

#include "mountinfo.h"

static const char fixture[] =
        "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard\n"
        "23 22 0:5 / /dev rw,nosuid shared:2 - devtmpfs udev rw,size=12334096k,nr_inodes=3083524,mode=755\n"
        /* mask-file: /dev/null bound read-only */
        "40 22 0:5 /null /w/.env ro,nosuid,noexec,relatime - devtmpfs udev rw,size=12334096k,mode=755\n"
        /* the same, but writable: not ours */
        "41 22 0:5 /null /w/rw-null rw,nosuid,noexec,relatime - devtmpfs udev rw,size=12334096k,mode=755\n"
        /* mask-dir: our tmpfs */
        "42 22 0:60 / /w/secrets ro,nosuid,nodev,noexec,relatime - tmpfs pathpolicy rw,size=4k,nr_inodes=4,mode=555\n"
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
        assert_int_equal(mountinfo_is_ours(f, 22, PLATFORM_PROTECT), 0); /* read-write */
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

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_is_ours),
                cmocka_unit_test(test_count_outside),
        };
        return RUN(tests);
}
