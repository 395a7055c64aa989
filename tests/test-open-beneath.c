/* SPDX-License-Identifier: MIT */
/*
 * platform_open_beneath (platform/linux/beneath.c: openat2) and the portable
 * walk (platform/darwin/walk.c), against the same cases on a real tree: each
 * case is run through both, and both must answer it alike. In a -Dwatcher=poll
 * build the contract's function is the walk itself, run twice.
 */
#include "tests.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>

#include "platform.h"
#include "util.h"
#include "walk.h"

typedef int (*OpenBeneath)(int dirfd, const char *path, int flags, int *ret_fd);

static const struct {
        const char *name;
        OpenBeneath open;
} impls[] = {
        {"platform_open_beneath", platform_open_beneath},
        {"walk_open_beneath", walk_open_beneath},
};

typedef struct Tree {
        char dir[64];
        int fd;
} Tree;

/*
 * The tree every case runs in:
 *   d/            a directory
 *   d/f           a regular file with "hello"
 *   l -> d        a symlink to a directory
 *   lf -> d/f     a symlink to a file
 *   p             a fifo nobody has open
 *   a\nb/         a directory with a newline in its name
 *   a\nb/c\xff\xfe a file whose name is no UTF-8
 *   \xff -> d     a symlink whose name is no UTF-8
 */
static int setup(void **state) {
        Tree *t = calloc(1, sizeof *t);
        assert_non_null(t);
        snprintf(t->dir, sizeof t->dir, "/tmp/test-open-beneath.XXXXXX");
        assert_non_null(mkdtemp(t->dir));
        t->fd = open(t->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        assert_true(t->fd >= 0);
        assert_int_equal(mkdirat(t->fd, "d", 0755), 0);
        int f = openat(t->fd, "d/f", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        assert_true(f >= 0);
        assert_int_equal(write(f, "hello", 5), 5);
        close(f);
        assert_int_equal(symlinkat("d", t->fd, "l"), 0);
        assert_int_equal(symlinkat("d/f", t->fd, "lf"), 0);
        assert_int_equal(mkfifoat(t->fd, "p", 0644), 0);
        assert_int_equal(mkdirat(t->fd, "a\nb", 0755), 0);
        f = openat(t->fd, "a\nb/c\xff\xfe", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        assert_true(f >= 0);
        close(f);
        assert_int_equal(symlinkat("d", t->fd, "\xff"), 0);
        *state = t;
        return 0;
}

/* Everything in the directory dfd, through fds: the tree of test_long is
 * deeper than any path nftw could name. Takes dfd. */
static void rm_below(int dfd) {
        DIR *d = fdopendir(dfd);
        struct dirent *e;
        assert_non_null(d);
        while ((e = readdir(d))) {
                if (streq(e->d_name, ".") || streq(e->d_name, ".."))
                        continue;
                if (unlinkat(dirfd(d), e->d_name, 0) == 0)
                        continue;
                int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                assert_true(sub >= 0);
                rm_below(sub);
                assert_int_equal(unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR), 0);
        }
        closedir(d);
}

static int teardown(void **state) {
        Tree *t = *state;
        rm_below(t->fd);
        assert_int_equal(rmdir(t->dir), 0);
        free(t);
        return 0;
}

static size_t open_fds(void) {
        size_t n = 0;
        DIR *d = opendir("/proc/self/fd");
        if (!d)
                return 0;
        while (readdir(d))
                n++;
        closedir(d);
        return n;
}

/* path through every implementation: the answer is want (0 or -errno); on
 * success the fd is checked (O_CLOEXEC) and handed to check, on failure
 * *ret_fd must be untouched. No fd may leak either way. */
static void expect(int dirfd, const char *path, int flags, int want, void (*check)(int fd)) {
        for (size_t i = 0; i < ELEMENTSOF(impls); i++) {
                size_t before = open_fds();
                int fd = -42;
                int r = impls[i].open(dirfd, path, flags, &fd);
                if (r != want)
                        fail_msg("%s(\"%.40s\" (%zu bytes), %#x): %d (%s), want %d (%s)", impls[i].name,
                                 path, strlen(path), (unsigned) flags, r, strerror(-r), want,
                                 strerror(-want));
                if (r < 0) {
                        assert_int_equal(fd, -42);
                } else {
                        assert_true(fd >= 0);
                        assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
                        if (check)
                                check(fd);
                        close(fd);
                }
                assert_int_equal(open_fds(), before);
        }
}

static void is_reg(int fd) {
        struct stat st;
        char buf[8] = "";
        assert_int_equal(fstat(fd, &st), 0);
        assert_true(S_ISREG(st.st_mode));
        if (st.st_size == 5) {
                assert_int_equal(read(fd, buf, sizeof buf), 5);
                assert_memory_equal(buf, "hello", 5);
        }
}

static void is_dir(int fd) {
        struct stat st;
        assert_int_equal(fstat(fd, &st), 0);
        assert_true(S_ISDIR(st.st_mode));
}

static void is_nonblock(int fd) {
        assert_true(fcntl(fd, F_GETFL) & O_NONBLOCK);
}

static void test_plain(void **state) {
        Tree *t = *state;
        expect(t->fd, "d/f", O_RDONLY, 0, is_reg);
        expect(t->fd, "d/f", O_RDONLY, 0, is_nonblock);
        expect(t->fd, "d//f", O_RDONLY, 0, is_reg);
        expect(t->fd, "./d/./f", O_RDONLY, 0, is_reg);
        expect(t->fd, "d", O_RDONLY | O_DIRECTORY, 0, is_dir);
        expect(t->fd, "d/", O_RDONLY, 0, is_dir);
        expect(t->fd, "", O_RDONLY | O_DIRECTORY, 0, is_dir);
        expect(t->fd, ".", O_RDONLY | O_DIRECTORY, 0, is_dir);
        expect(t->fd, "d/nope", O_RDONLY, -ENOENT, NULL);
        expect(t->fd, "nope/f", O_RDONLY, -ENOENT, NULL);
        expect(t->fd, "d/f/x", O_RDONLY, -ENOTDIR, NULL);
        expect(t->fd, "d/f/", O_RDONLY, -ENOTDIR, NULL);
        expect(t->fd, "d/f", O_RDONLY | O_DIRECTORY, -ENOTDIR, NULL);
        /* Relative to a directory below the root, as the mount engine
         * opens a name in a parent it holds. */
        int d = openat(t->fd, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        assert_true(d >= 0);
        expect(d, "f", O_RDONLY, 0, is_reg);
        expect(d, "..", O_RDONLY | O_DIRECTORY, -EXDEV, NULL);
        close(d);
}

static void test_symlinks(void **state) {
        Tree *t = *state;
        /* At the last component. */
        expect(t->fd, "l", O_RDONLY, -ELOOP, NULL);
        expect(t->fd, "lf", O_RDONLY, -ELOOP, NULL);
        expect(t->fd, "lf", O_WRONLY, -ELOOP, NULL);
        expect(t->fd, "l", O_RDONLY | O_DIRECTORY, -ENOTDIR, NULL);
        expect(t->fd, "l/", O_RDONLY, -ELOOP, NULL);
        /* In the middle. */
        expect(t->fd, "l/f", O_RDONLY, -ELOOP, NULL);
        expect(t->fd, "l/f", O_PATH, -ELOOP, NULL);
        expect(t->fd, "l/nope", O_RDONLY, -ELOOP, NULL);
        expect(t->fd, "\xff/f", O_RDONLY, -ELOOP, NULL);
}

#ifdef O_PATH
static void is_symlink(int fd) {
        struct stat st;
        assert_int_equal(fstat(fd, &st), 0);
        assert_true(S_ISLNK(st.st_mode));
        /* O_PATH opens never block, and openat2 refuses O_NONBLOCK next to it. */
        assert_false(fcntl(fd, F_GETFL) & O_NONBLOCK);
}

static void is_path_reg(int fd) {
        struct stat st;
        assert_int_equal(fstat(fd, &st), 0);
        assert_true(S_ISREG(st.st_mode));
}

/* With O_PATH the last component is the symlink itself (as O_PATH |
 * O_NOFOLLOW), for the caller's type check to refuse. */
static void test_o_path(void **state) {
        Tree *t = *state;
        expect(t->fd, "l", O_PATH, 0, is_symlink);
        expect(t->fd, "lf", O_PATH, 0, is_symlink);
        expect(t->fd, "d/f", O_PATH, 0, is_path_reg);
        expect(t->fd, "d", O_PATH | O_DIRECTORY, 0, NULL);
        expect(t->fd, "", O_PATH, 0, NULL);
}
#endif

/* /proc/self/fd/N and /proc/self/cwd: magic links are symlinks too. */
static void test_magic_links(void **state) {
        (void) state;
        int proc = open("/proc/self", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (proc < 0)
                SKIP_UNLESS_CI("no /proc here (%s), so no magic link to refuse\n", strerror(errno));
        expect(proc, "fd/0", O_RDONLY, -ELOOP, NULL);
        expect(proc, "cwd/x", O_RDONLY, -ELOOP, NULL);
        expect(proc, "root", O_RDONLY | O_DIRECTORY, -ENOTDIR, NULL);
        close(proc);
}

static void test_escapes(void **state) {
        Tree *t = *state;
        expect(t->fd, "..", O_RDONLY | O_DIRECTORY, -EXDEV, NULL);
        expect(t->fd, "../x", O_RDONLY, -EXDEV, NULL);
        expect(t->fd, "d/../..", O_RDONLY | O_DIRECTORY, -EXDEV, NULL);
        /* Refused even where it would stay beneath: no caller needs one. */
        expect(t->fd, "d/../d/f", O_RDONLY, -EXDEV, NULL);
        expect(t->fd, "d/..", O_RDONLY | O_DIRECTORY, -EXDEV, NULL);
        /* Wherever it is: before a missing or a symlinked component too. */
        expect(t->fd, "nope/../d/f", O_RDONLY, -EXDEV, NULL);
        expect(t->fd, "l/../d/f", O_RDONLY, -EXDEV, NULL);
        /* A name that only starts with dots is a name. */
        expect(t->fd, "d/...", O_RDONLY, -ENOENT, NULL);
        expect(t->fd, "..d", O_RDONLY, -ENOENT, NULL);
        /* Absolute: never beneath anything. */
        expect(t->fd, "/", O_RDONLY | O_DIRECTORY, -EXDEV, NULL);
        expect(t->fd, "/etc/passwd", O_RDONLY, -EXDEV, NULL);
        char abs[PATH_MAX];
        snprintf(abs, sizeof abs, "%s/d/f", t->dir);
        expect(t->fd, abs, O_RDONLY, -EXDEV, NULL);
}

static void test_fifo(void **state) {
        Tree *t = *state;
        /* A hang here is the bug: the alarm ends the test instead. */
        alarm(10);
        expect(t->fd, "p", O_RDONLY, 0, is_nonblock);
        /* No reader: refused at once rather than waited on. */
        expect(t->fd, "p", O_WRONLY, -ENXIO, NULL);
        alarm(0);
}

static void test_names(void **state) {
        Tree *t = *state;
        expect(t->fd, "a\nb", O_RDONLY | O_DIRECTORY, 0, is_dir);
        expect(t->fd, "a\nb/c\xff\xfe", O_RDONLY, 0, is_reg);
        expect(t->fd, "a\nb/c\xff", O_RDONLY, -ENOENT, NULL);
        expect(t->fd, "a\nb/c\xff\xfe/", O_RDONLY, -ENOTDIR, NULL);
}

static void test_flags(void **state) {
        Tree *t = *state;
        expect(t->fd, "d/new", O_WRONLY | O_CREAT, -EINVAL, NULL);
        expect(t->fd, "d/f", O_WRONLY | O_CREAT, -EINVAL, NULL);
#ifdef O_TMPFILE
        expect(t->fd, "d", O_WRONLY | O_TMPFILE, -EINVAL, NULL);
#endif
        struct stat st;
        assert_int_equal(fstatat(t->fd, "d/new", &st, AT_SYMLINK_NOFOLLOW), -1);
        assert_int_equal(errno, ENOENT);
}

/*
 * Longer than PATH_MAX: a tree of NAME_MAX-byte names 20 deep (5,120
 * bytes). A path of PATH_MAX bytes or more is refused with -ENAMETOOLONG
 * by both (the kernel copies no longer path in); one of PATH_MAX - 1 bytes
 * opens; and everything below is reachable from a directory held deeper.
 */
#define DEEP 20
static void test_long(void **state) {
        Tree *t = *state;
        char name[NAME_MAX + 2], path[DEEP * (NAME_MAX + 1) + 8] = "";
        int fd = openat(t->fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), mid = -1;
        size_t n = 0;

        assert_true(fd >= 0);
        memset(name, 'x', NAME_MAX);
        name[NAME_MAX] = 0;
        for (int i = 0; i < DEEP; i++) {
                name[0] = (char) ('a' + i);
                assert_int_equal(mkdirat(fd, name, 0755), 0);
                int next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                assert_true(next >= 0);
                if (i == 9)
                        mid = fcntl(next, F_DUPFD_CLOEXEC, 3);
                close(fd);
                fd = next;
                n += (size_t) snprintf(path + n, sizeof path - n, "%s%s", i ? "/" : "", name);
        }
        int f = openat(fd, "f", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        assert_true(f >= 0);
        close(f);
        close(fd);
        n += (size_t) snprintf(path + n, sizeof path - n, "/f");
        assert_true(n > PATH_MAX);

        /* The whole path, and the longest prefix that still fits: 16
         * components of 256 bytes less the first '/' is PATH_MAX - 1. */
        expect(t->fd, path, O_RDONLY, -ENAMETOOLONG, NULL);
        path[16 * (NAME_MAX + 1) - 1] = 0;
        assert_int_equal(strlen(path), PATH_MAX - 1);
        expect(t->fd, path, O_RDONLY | O_DIRECTORY, 0, is_dir);
        path[16 * (NAME_MAX + 1) - 1] = '/';
        /* The rest, from the tenth level down: under PATH_MAX again. */
        const char *rest = path + 10 * (NAME_MAX + 1);
        assert_true(strlen(rest) < PATH_MAX);
        expect(mid, rest, O_RDONLY, 0, is_reg);
        close(mid);

        /* One name longer than NAME_MAX. */
        memset(name, 'y', NAME_MAX + 1);
        name[NAME_MAX + 1] = 0;
        expect(t->fd, name, O_RDONLY, -ENAMETOOLONG, NULL);
        char sub[NAME_MAX + 8];
        snprintf(sub, sizeof sub, "d/%s", name);
        expect(t->fd, sub, O_RDONLY, -ENAMETOOLONG, NULL);
}

/* platform_fd_path: the name of the directory held, through a symlinked
 * spelling; a new name after a rename; -ESTALE once it is gone. */
static void test_fd_path(void **state) {
        (void) state;
        char dir[] = "/tmp/test-fd-path-XXXXXX", sub[64], link[64], moved[64];
        assert_non_null(mkdtemp(dir));
        snprintf(sub, sizeof sub, "%s/d", dir);
        snprintf(link, sizeof link, "%s/l", dir);
        snprintf(moved, sizeof moved, "%s/m", dir);
        assert_int_equal(mkdir(sub, 0755), 0);
        assert_int_equal(symlink("d", link), 0);
        int fd = open(link, O_PATH | O_DIRECTORY | O_CLOEXEC);
        assert_true(fd >= 0);
        char *p = NULL, *real = realpath(sub, NULL);
        assert_int_equal(platform_fd_path(fd, &p), 0);
        assert_string_equal(p, real);
        free(p);
        free(real);
        assert_int_equal(rename(sub, moved), 0);
        p = NULL;
        assert_int_equal(platform_fd_path(fd, &p), 0);
        real = realpath(moved, NULL);
        assert_string_equal(p, real);
        free(p);
        free(real);
        assert_int_equal(rmdir(moved), 0);
        p = NULL;
        assert_int_equal(platform_fd_path(fd, &p), -ESTALE);
        assert_null(p); /* untouched */
        close(fd);
        assert_int_equal(unlink(link), 0);
        assert_int_equal(rmdir(dir), 0);
}

/* The probe: path through both implementations, the same answer, no fd
 * left open. */
static const struct {
        const char *name;
        int (*probe)(int dirfd, const char *path);
} probes[] = {
        {"platform_probe_beneath", platform_probe_beneath},
        {"walk_probe_beneath", walk_probe_beneath},
};

static void expect_probe(int dirfd, const char *path, int want) {
        for (size_t i = 0; i < ELEMENTSOF(probes); i++) {
                size_t before = open_fds();
                int r = probes[i].probe(dirfd, path);
                if (r != want)
                        fail_msg("%s(\"%.40s\" (%zu bytes)): %d (%s), want %d (%s)", probes[i].name, path,
                                 strlen(path), r, strerror(-r), want, strerror(-want));
                assert_int_equal(open_fds(), before);
        }
}

static void test_probe(void **state) {
        Tree *t = *state;
        /* Reached through no symlink: one name, several, a directory. */
        expect_probe(t->fd, "d", 0);
        expect_probe(t->fd, "d/f", 0);
        expect_probe(t->fd, "d/", 0);
        expect_probe(t->fd, "d//f", 0);
        expect_probe(t->fd, "./d/./f", 0);
        expect_probe(t->fd, "", 0);
        expect_probe(t->fd, ".", 0);
        expect_probe(t->fd, "p", 0); /* a fifo: looked at, never opened */
        expect_probe(t->fd, "a\nb/c\xff\xfe", 0);
        /* A symlink anywhere, the last component included. */
        expect_probe(t->fd, "l", -ELOOP);
        expect_probe(t->fd, "lf", -ELOOP);
        expect_probe(t->fd, "l/f", -ELOOP);
        expect_probe(t->fd, "l/", -ELOOP);
        expect_probe(t->fd, "l/nope/x", -ELOOP); /* before the missing one */
        expect_probe(t->fd, "\xff/f", -ELOOP);
        /* Missing, or a file with more after it: everything before is a
         * real directory. */
        expect_probe(t->fd, "nope", -ENOENT);
        expect_probe(t->fd, "d/nope", -ENOENT);
        expect_probe(t->fd, "nope/lf", -ENOENT); /* a symlink after it is never reached */
        expect_probe(t->fd, "d/f/x", -ENOTDIR);
        expect_probe(t->fd, "d/f/", -ENOTDIR);
        /* Never above, never absolute. */
        expect_probe(t->fd, "..", -EXDEV);
        expect_probe(t->fd, "d/../d/f", -EXDEV);
        expect_probe(t->fd, "/etc/passwd", -EXDEV);
        /* Too long: said before any lookup. */
        char big[PATH_MAX + 8];
        memset(big, 'a', sizeof big - 1);
        big[sizeof big - 1] = 0;
        expect_probe(t->fd, big, -ENAMETOOLONG);
        memset(big, 'a', NAME_MAX + 1);
        big[NAME_MAX + 1] = 0;
        expect_probe(t->fd, big, -ENAMETOOLONG);
}

static void test_probe_magic_links(void **state) {
        (void) state;
        int proc = open("/proc/self", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (proc < 0)
                SKIP_UNLESS_CI("no /proc here (%s), so no magic link to refuse\n", strerror(errno));
        expect_probe(proc, "fd/0", -ELOOP);
        expect_probe(proc, "cwd", -ELOOP);
        expect_probe(proc, "cwd/x", -ELOOP);
        close(proc);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_plain, setup, teardown),
                cmocka_unit_test_setup_teardown(test_symlinks, setup, teardown),
#ifdef O_PATH
                cmocka_unit_test_setup_teardown(test_o_path, setup, teardown),
#endif
                cmocka_unit_test(test_magic_links),
                cmocka_unit_test_setup_teardown(test_escapes, setup, teardown),
                cmocka_unit_test_setup_teardown(test_fifo, setup, teardown),
                cmocka_unit_test_setup_teardown(test_names, setup, teardown),
                cmocka_unit_test_setup_teardown(test_flags, setup, teardown),
                cmocka_unit_test_setup_teardown(test_long, setup, teardown),
                cmocka_unit_test(test_fd_path),
                cmocka_unit_test_setup_teardown(test_probe, setup, teardown),
                cmocka_unit_test(test_probe_magic_links),
        };
        return RUN(tests);
}
