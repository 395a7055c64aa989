/* SPDX-License-Identifier: MIT */
/*
 * The mount engine and `pathpolicy enforce` on the real kernel: root only,
 * inside a private mount namespace of this test's own (nothing it mounts is
 * seen outside it). Each test works in a fresh tmpfs; "outside" is a
 * directory on the same tmpfs but not below the root, so a racer can even
 * rename things out of the root.
 */
#include "tests.h"

#include <fcntl.h>
#include <inttypes.h>
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include "mountinfo.h"
#include "platform.h"
#include "util.h"

static const char *pathpolicy; /* the binary, from argv[1] */
static char base[64];          /* the tmpfs of the current test */
static char root[128];         /* base/root */
static char outside[128];      /* base/outside */

static void mkfile(const char *rel, const char *content) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", root, rel);
        FILE *f = fopen(p, "we");
        assert_non_null(f);
        fputs(content, f);
        fclose(f);
}

static void mkdir_r(const char *rel) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", root, rel);
        assert_int_equal(mkdir(p, 0755), 0);
}

static int setup(void **state) {
        (void) state;
        snprintf(base, sizeof base, "/tmp/pathpolicy-root-XXXXXX");
        assert_non_null(mkdtemp(base));
        assert_int_equal(mount("tmpfs", base, "tmpfs", 0, "size=64m"), 0);
        snprintf(root, sizeof root, "%s/root", base);
        snprintf(outside, sizeof outside, "%s/outside", base);
        assert_int_equal(mkdir(root, 0755), 0);
        assert_int_equal(mkdir(outside, 0755), 0);
        return 0;
}

static int teardown(void **state) {
        (void) state;
        /* Takes every mount below it along. */
        umount2(base, MNT_DETACH);
        rmdir(base);
        return 0;
}

/* The whole of /proc/self/mountinfo (100,000 mounts are ~12 MB of it). */
static char *mountinfo(void) {
        char *buf = NULL;
        size_t size;
        assert_int_equal(read_full_file("/proc/self/mountinfo", 1 << 26, &buf, &size), 0);
        return buf;
}

/* How often needle occurs in haystack. By hand: under ASan each strstr()
 * checks the whole rest of the haystack, which for 100,000 lines of
 * stderr is quadratic. */
static size_t count_of(const char *haystack, const char *needle) {
        size_t n = 0, k = strlen(needle);
        for (const char *p = haystack; *p; p++)
                if (*p == *needle && strncmp(p, needle, k) == 0) {
                        n++;
                        p += k - 1;
                }
        return n;
}

static size_t mount_count(void) {
        _cleanup_free_ char *m = mountinfo();
        return count_of(m, "\n");
}

static size_t mounts_outside(void) {
        FILE *f = fopen("/proc/self/mountinfo", "re");
        size_t n;
        assert_non_null(f);
        assert_int_equal(mountinfo_count_outside(f, root, &n), 0);
        fclose(f);
        return n;
}

static void write_policy(const char *text) {
        char policy[256];
        snprintf(policy, sizeof policy, "%s/policy", base);
        if (!text) {
                unlink(policy);
                return;
        }
        FILE *f = fopen(policy, "we");
        assert_non_null(f);
        fputs(text, f);
        assert_int_equal(fclose(f), 0);
}

/* Run pathpolicy enforce on root with base/policy, with at most nofile open
 * files (soft and hard, as `ulimit -n` sets them; 0 leaves the limit); all
 * of stderr into *ret_err. Returns the exit status. */
static int run_enforce(rlim_t nofile, char **ret_err) {
        char policy[256], errfile[256];
        snprintf(policy, sizeof policy, "%s/policy", base);
        snprintf(errfile, sizeof errfile, "%s/stderr", base);

        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                struct rlimit rl = {nofile, nofile};
                int fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
                dup2(fd, STDERR_FILENO);
                if (nofile > 0 && setrlimit(RLIMIT_NOFILE, &rl) < 0)
                        _exit(126);
                execl(pathpolicy, "pathpolicy", "enforce", "--root", root, "--policy", policy,
                      (char *) NULL);
                _exit(127);
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        char *buf = NULL;
        size_t size;
        assert_int_equal(read_full_file(errfile, 1 << 28, &buf, &size), 0);
        *ret_err = buf;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Run pathpolicy enforce on root with this policy; the end of stderr (all
 * of it, when it fits) into err. */
static int enforce(const char *policy_text, char *err, size_t errlen) {
        _cleanup_free_ char *all = NULL;
        write_policy(policy_text);
        int rc = run_enforce(0, &all);
        size_t n = strlen(all);
        if (err)
                snprintf(err, errlen, "%s", all + (n >= errlen ? n - (errlen - 1) : 0));
        return rc;
}

static void layout(void) {
        mkfile(".env", "SECRET=1\n");
        mkdir_r("secrets");
        mkfile("secrets/key", "k\n");
        mkdir_r(".git");
        mkfile(".git/config", "[core]\n");
        mkdir_r(".git/hooks");
        mkfile(".git/hooks/pre-commit", "#!/bin/sh\n");
        mkdir_r("config");
        mkfile("config/secret.yml", "pw\n");
        mkfile("Makefile", "all:\n");
        mkfile("other", "other\n");
}

static const char policy[] = "mask-file .env\n"
                             "mask-dir secrets/\n"
                             "mask-file config/secret.yml\n"
                             "protect config/\n"
                             "protect .git/config\n"
                             "protect .git/hooks/\n"
                             "protect Makefile\n";

/* root/rel; a few buffers in turn, so two calls can be arguments of one. */
static char *path_of(const char *rel) {
        static char p[4][512];
        static unsigned i;
        char *r = p[i++ % 4];
        snprintf(r, sizeof p[0], "%s/%s", root, rel);
        return r;
}

static void read_all(const char *rel, char *buf, size_t n) {
        int fd = open(path_of(rel), O_RDONLY | O_CLOEXEC);
        assert_true(fd >= 0);
        ssize_t k = read(fd, buf, n - 1);
        assert_true(k >= 0);
        buf[k] = 0;
        close(fd);
}

static void test_enforce_behaviour(void **state) {
        (void) state;
        char err[4096], buf[256];
        int fd;

        layout();
        assert_int_equal(link(path_of(".env"), path_of("env-link")), 0);
        assert_int_equal(enforce(policy, err, sizeof err), 0);
        assert_non_null(strstr(err, "path policy: masking 3 path(s), protecting 4"));
        /* The masked .env has a second name: said, not hidden. */
        assert_non_null(strstr(err, "path policy: masked .env has 2 hard links"));

        /* A masked file reads empty; a write succeeds and lands nowhere. */
        read_all(".env", buf, sizeof buf);
        assert_string_equal(buf, "");
        fd = open(path_of(".env"), O_WRONLY | O_CLOEXEC);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, "leak", 4), 4);
        close(fd);
        read_all(".env", buf, sizeof buf);
        assert_string_equal(buf, "");

        /* A masked directory lists empty and refuses creation. */
        DIR *d = opendir(path_of("secrets"));
        assert_non_null(d);
        struct dirent *de;
        size_t entries = 0;
        while ((de = readdir(d)))
                entries += !streq(de->d_name, ".") && !streq(de->d_name, "..");
        closedir(d);
        assert_int_equal(entries, 0);
        assert_int_equal(open(path_of("secrets/new"), O_WRONLY | O_CREAT | O_CLOEXEC, 0644), -1);
        assert_int_equal(errno, EROFS);
        assert_int_equal(mkdir(path_of("secrets/d"), 0755), -1);
        assert_int_equal(errno, EROFS);

        /* Protected paths refuse writes. */
        assert_int_equal(open(path_of(".git/config"), O_WRONLY | O_CLOEXEC), -1);
        assert_int_equal(errno, EROFS);
        assert_int_equal(open(path_of(".git/hooks/post-commit"), O_WRONLY | O_CREAT | O_CLOEXEC, 0755), -1);
        assert_int_equal(errno, EROFS);
        assert_int_equal(open(path_of("Makefile"), O_WRONLY | O_TRUNC | O_CLOEXEC), -1);
        assert_int_equal(errno, EROFS);
        read_all(".git/config", buf, sizeof buf);
        assert_string_equal(buf, "[core]\n");

        /* rm, mv and ln -f (ln -f links to a temporary name, then renames
         * it over) fail on every bound path, and the bind stays. */
        static const char *const bound[] = {".env", "Makefile", ".git/config", "config/secret.yml"};
        for (size_t i = 0; i < ELEMENTSOF(bound); i++) {
                char p[512];
                snprintf(p, sizeof p, "%s", path_of(bound[i]));
                assert_int_equal(unlink(p), -1);
                assert_true(errno == EBUSY || errno == EROFS);
                /* Out of a protected directory, rename crosses mounts:
                 * EXDEV comes before EBUSY. Refused all the same. */
                assert_int_equal(rename(p, path_of("moved")), -1);
                assert_true(errno == EBUSY || errno == EROFS || errno == EXDEV);
                assert_int_equal(rename(path_of("other"), p), -1);
                assert_true(errno == EBUSY || errno == EROFS || errno == EXDEV);
        }
        assert_int_equal(unlink(path_of(".env")), -1);
        assert_int_equal(errno, EBUSY);
        assert_int_equal(rename(path_of("other"), path_of(".env")), -1);
        assert_int_equal(errno, EBUSY);
        assert_int_equal(rmdir(path_of("secrets")), -1);
        assert_int_equal(errno, EBUSY);
        read_all(".env", buf, sizeof buf);
        assert_string_equal(buf, "");
        read_all("Makefile", buf, sizeof buf);
        assert_string_equal(buf, "all:\n");
        assert_int_equal(open(path_of("Makefile"), O_WRONLY | O_CLOEXEC), -1);

        /* A mask inside a protected directory stays masked after the
         * protect (the protect's clone is recursive). */
        read_all("config/secret.yml", buf, sizeof buf);
        assert_string_equal(buf, "");

        /* Twice: stacks nothing. */
        _cleanup_free_ char *before = mountinfo();
        assert_int_equal(enforce(policy, err, sizeof err), 0);
        assert_non_null(strstr(err, "already bound"));
        _cleanup_free_ char *after = mountinfo();
        assert_string_equal(before, after);
}

static void test_fail_closed(void **state) {
        (void) state;
        static const struct {
                const char *policy; /* NULL: no policy file at all */
                const char *needle;
        } cases[] = {
                {NULL, "policy: cannot read: No such file or directory"},
                {"mask-file .env\nmask-file \n", "policy:2: empty path after 'mask-file'"},
                {"mask-file .env\nhide .env\n", "policy:2: unknown kind 'hide'"},
                {"protect Makefile\nmask-file /etc/passwd\n",
                 "policy:2: invalid path '/etc/passwd': absolute path"},
                {"protect Makefile\nmask-file nothere\n",
                 "policy:2: cannot mask nothere (mask-file): missing path"},
                {"protect Makefile\nmask-file link\n", "policy:2: cannot mask link (mask-file): a symlink"},
                {"protect Makefile\nmask-file via/.env\n",
                 "policy:2: cannot mask via/.env (mask-file): a symlink"},
                {"protect Makefile\nmask-file secrets\n",
                 "policy:2: cannot mask secrets (mask-file): a directory"},
                {"protect Makefile\nmask-dir Makefile/\n",
                 "policy:2: cannot mask Makefile/ (mask-dir): not a directory"},
                {"protect Makefile\nprotect .env/x\n", "a component of the path is not a directory"},
        };
        char err[4096];

        layout();
        assert_int_equal(symlink(".env", path_of("link")), 0);
        assert_int_equal(symlink(outside, path_of("via")), 0);
        mkfile("../outside/.env", "outside\n");
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *before = mountinfo();
                int rc = enforce(cases[i].policy, err, sizeof err);
                print_message("case %zu: %s", i, err);
                assert_int_equal(rc, 1);
                if (!strstr(err, cases[i].needle))
                        fail_msg("'%s' not in '%s'", cases[i].needle, err);
                _cleanup_free_ char *after = mountinfo();
                assert_string_equal(before, after);
        }

        /* A policy that is a directory: unreadable. */
        char p[256];
        snprintf(p, sizeof p, "%s/policy", base);
        unlink(p);
        assert_int_equal(mkdir(p, 0755), 0);
        pid_t pid = fork();
        if (pid == 0) {
                int fd = open("/dev/null", O_WRONLY);
                dup2(fd, STDERR_FILENO);
                execl(pathpolicy, "pathpolicy", "enforce", "--root", root, "--policy", p, (char *) NULL);
                _exit(127);
        }
        int status;
        waitpid(pid, &status, 0);
        assert_int_equal(WEXITSTATUS(status), 1);
        rmdir(p);
}

/* /dev/null replaced in the namespace: by a regular file, by /dev/zero. A
 * protect before it shows the undo: nothing of the run stays. */
static void test_devnull_replaced(void **state) {
        (void) state;
        char err[4096], file[256];
        const char *const fakes[] = {file, "/dev/zero"};

        layout();
        snprintf(file, sizeof file, "%s/not-null", base);
        FILE *f = fopen(file, "we");
        fputs("x", f);
        fclose(f);
        for (size_t i = 0; i < ELEMENTSOF(fakes); i++) {
                assert_int_equal(mount(fakes[i], "/dev/null", NULL, MS_BIND, NULL), 0);
                _cleanup_free_ char *before = mountinfo();
                assert_int_equal(enforce("protect Makefile\nmask-file .env\n", err, sizeof err), 1);
                assert_non_null(strstr(err, "/dev/null is not the 1:3 character device"));
                assert_non_null(strstr(err, "undid Makefile (protect)"));
                _cleanup_free_ char *after = mountinfo();
                assert_string_equal(before, after);
                assert_int_equal(umount2("/dev/null", MNT_DETACH), 0);
        }
}

/* ---- scale: the fd limit, already-bound paths, a million lines ---- */

/* n empty files root/fNNNNNN, and a policy line "KIND fNNNNNN" for each into
 * a malloc'd buffer with room for one more line. */
static char *many_files(size_t n, const char *kind) {
        char *text = malloc(n * 32 + 64), *o = text;
        assert_non_null(text);
        int dfd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
        assert_true(dfd >= 0);
        for (size_t i = 0; i < n; i++) {
                char name[32];
                snprintf(name, sizeof name, "f%06zu", i);
                int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
                assert_true(fd >= 0);
                close(fd);
                o += sprintf(o, "%s %s\n", kind, name);
        }
        close(dfd);
        return text;
}

static bool is_devnull(const char *rel) {
        struct stat st;
        return stat(path_of(rel), &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
               minor(st.st_rdev) == 3;
}

/* 5,000 binds under `ulimit -n 1024`: the engine holds no fd per bind (it
 * used to, and failed closed at the 1,010th). */
static void test_fd_limit(void **state) {
        (void) state;
        enum { N = 5000 };
        _cleanup_free_ char *text = many_files(N, "mask-file"), *err = NULL;
        size_t before = mount_count();

        write_policy(text);
        assert_int_equal(run_enforce(1024, &err), 0);
        assert_non_null(strstr(err, "path policy: masking 5000 path(s), protecting 0\n"));
        assert_int_equal(mount_count(), before + N);
        for (size_t i = 0; i < N; i++) {
                char name[32];
                snprintf(name, sizeof name, "f%06zu", i);
                if (!is_devnull(name))
                        fail_msg("%s is not masked", name);
        }
}

/* Failing closed under the same limit leaves nothing: before any mount (a
 * missing path after 5,000 good ones), and after 5,000 binds (the last one
 * cannot mount, since /dev/null is not /dev/null): all 5,000 undone. */
static void test_fd_limit_fail_closed(void **state) {
        (void) state;
        enum { N = 5000 };
        _cleanup_free_ char *text = many_files(N, "protect"), *err = NULL, *before = NULL, *after = NULL;
        char file[256];
        size_t len = strlen(text);

        mkfile(".env", "SECRET=1\n");
        strcpy(text + len, "mask-file missing\n");
        write_policy(text);
        before = mountinfo();
        assert_int_equal(run_enforce(1024, &err), 1);
        assert_non_null(strstr(err, "policy:5001: cannot mask missing (mask-file): missing path"));
        after = mountinfo();
        assert_string_equal(before, after);
        free(TAKE_PTR(err));
        free(TAKE_PTR(before));
        free(TAKE_PTR(after));

        snprintf(file, sizeof file, "%s/not-null", base);
        FILE *f = fopen(file, "we");
        assert_non_null(f);
        fclose(f);
        assert_int_equal(mount(file, "/dev/null", NULL, MS_BIND, NULL), 0);
        strcpy(text + len, "mask-file .env\n");
        write_policy(text);
        before = mountinfo();
        assert_int_equal(run_enforce(1024, &err), 1);
        assert_non_null(strstr(err, "policy:5001: cannot mask .env (mask-file): /dev/null is not the 1:3"));
        assert_int_equal(count_of(err, "path policy: undid f"), N);
        assert_null(strstr(err, "could not undo"));
        after = mountinfo();
        assert_string_equal(before, after);
        assert_int_equal(umount2("/dev/null", MNT_DETACH), 0);
}

/* A run that meets paths already bound and new ones in turn, and the same
 * path twice: each new one bound once, each bound one left alone. (The
 * engine notes its own mounts in its set of ours rather than parse
 * mountinfo again after each; this is that bookkeeping, on the kernel.) */
static void test_already_and_new_mixed(void **state) {
        (void) state;
        enum { N = 2000 };
        _cleanup_free_ char *all = many_files(N, "mask-file"), *err = NULL;
        _cleanup_free_ char *even = malloc(strlen(all) + 1), *twice = malloc(2 * strlen(all) + 1);
        size_t before = mount_count();
        char *o = even;

        /* Every other line first. */
        size_t i = 0;
        for (const char *l = all; *l; l = strchr(l, '\n') + 1, i++) {
                size_t n = (size_t) (strchr(l, '\n') + 1 - l);
                if (i % 2 == 0)
                        o = mempcpy(o, l, n);
        }
        *o = 0;
        write_policy(even);
        assert_int_equal(run_enforce(0, &err), 0);
        assert_int_equal(mount_count(), before + N / 2);
        free(TAKE_PTR(err));

        /* Then all of them, each line twice. */
        o = twice;
        for (const char *l = all; *l; l = strchr(l, '\n') + 1) {
                size_t n = (size_t) (strchr(l, '\n') + 1 - l);
                o = mempcpy(o, l, n);
                o = mempcpy(o, l, n);
        }
        *o = 0;
        write_policy(twice);
        assert_int_equal(run_enforce(0, &err), 0);
        assert_non_null(
                strstr(err, "path policy: masking 4000 path(s), protecting 0 (3000 already bound)\n"));
        assert_int_equal(mount_count(), before + N);
}

/* Someone else (root) replaces our mask-dir tmpfs by a read-only tmpfs of
 * their own, which the kernel may well give the freed mount id. The engine
 * must see that the table changed, and not take theirs for ours. */
static void test_foreign_change_seen(void **state) {
        (void) state;
        PlatformBindInfo info;
        struct statx sx;
        void *b;

        mkdir_r("secrets");
        assert_int_equal(mount_binder.open(root, &b), 0);
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_DIR, "secrets/", &info), 0);
        uint64_t ours = info.mount_id;
        mount_binder.release(b, &info);
        /* Already bound: the engine has now parsed mountinfo into its set. */
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_DIR, "secrets/", &info), 1);
        mount_binder.release(b, &info);

        assert_int_equal(umount2(path_of("secrets"), MNT_DETACH), 0);
        assert_int_equal(mount("tmpfs", path_of("secrets"), "tmpfs", MS_RDONLY, NULL), 0);
        assert_int_equal(statx(AT_FDCWD, path_of("secrets"), 0, STATX_MNT_ID, &sx), 0);
        print_message("ours was mount %" PRIu64 ", theirs is %" PRIu64 "\n", ours, (uint64_t) sx.stx_mnt_id);

        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_DIR, "secrets/", &info), 0);
        assert_false(info.already);
        assert_int_equal(mount_binder.unbind(b, &info), 0);
        mount_binder.close(b);
}

/* fs.mount-max, the kernel's bound on the mounts of one namespace, is one
 * setting for the whole machine (sysctl_mount_max in fs/namespace.c): no
 * test changes it. 20,000 binds on top of the namespace's own mounts pass
 * its default of 100,000 where the namespace holds fewer than 80,000; where
 * it holds more, or the bound is lower, the test is skipped, and says so. */
static unsigned long read_mount_max(void) {
        _cleanup_free_ char *buf = NULL;
        size_t size;
        assert_int_equal(read_full_file("/proc/sys/fs/mount-max", 64, &buf, &size), 0);
        return strtoul(buf, NULL, 10);
}

/* 20,000 paths bound; then a second run over the 20,000-mount table finds
 * paths already bound and stacks nothing. It parses mountinfo once for all
 * of them, not once each: bench/enforce-scale.sh times that over 100,000
 * (no test asserts a time). The table is streamed (a FILE, no buffer that
 * grows with it), so what this checks at 20,000 is what it would check at
 * 99,000, which cost this test 6 s of the suite's 2 minutes; the scale is
 * the benchmark's. The second run names a sample, every 20th path with the
 * first and the last (1,001 paths), not all 20,000: the table it parses is
 * the same whole one either way, and what each path costs it (resolve,
 * statx, a lookup in the set, a line) is the same work per path that the
 * first run and test_already_and_new_mixed do for every one of theirs. */
static void test_already_bound_many(void **state) {
        (void) state;
        enum { N = 20000 };
        size_t before = mount_count();
        unsigned long max = read_mount_max();

        if (max < before + N) {
                print_message("SKIP: %d binds on top of %zu mounts need fs.mount-max >= %zu, and it is %lu "
                              "(a machine-wide setting: no test changes it)\n",
                              N, before, before + N, max);
                skip();
        }
        _cleanup_free_ char *text = many_files(N, "mask-file"), *err = NULL;
        write_policy(text);
        assert_int_equal(run_enforce(0, &err), 0);
        assert_non_null(strstr(err, "path policy: masking 20000 path(s), protecting 0\n"));
        assert_int_equal(mount_count(), before + N);
        assert_true(is_devnull("f000000") && is_devnull("f019999"));
        free(TAKE_PTR(err));

        enum { STEP = 20, SAMPLE = N / STEP + 1 };
        char *o = text;
        for (size_t i = 0; i < N; i += STEP)
                o += sprintf(o, "mask-file f%06zu\n", i);
        sprintf(o, "mask-file f%06d\n", N - 1);
        write_policy(text);
        assert_int_equal(run_enforce(0, &err), 0);
        char want[128];
        snprintf(want, sizeof want, "path policy: masking %d path(s), protecting 0 (%d already bound)\n",
                 SAMPLE, SAMPLE);
        assert_non_null(strstr(err, want));
        assert_int_equal(count_of(err, ", already bound\n"), SAMPLE);
        assert_int_equal(mount_count(), before + N);
}

/* A million lines and the last one bad: read to the end, nothing mounted.
 * Read: a million lines the reader takes, the last one it refuses. Checked:
 * 100,000 lines that name existing files (1,000 over and over: 100,000
 * distinct files would cost kernel memory for nothing), the last a missing
 * path; the check resolves every line before it mounts any. That is the
 * same walk at a million (bench/enforce-scale.sh times it there, 3.9 s);
 * here it cost the suite 6 s for nothing a tenth does not check. */
static void test_million_lines(void **state) {
        (void) state;
        enum { N = 1000000, CHECKED = 100000, FILES = 1000 };
        _cleanup_free_ char *names = many_files(FILES, "mask-file"), *text = malloc((size_t) N * 20 + 64),
                            *err = NULL, *before = NULL, *after = NULL;
        char *o = text;

        assert_non_null(names); /* the files the lines name */
        assert_non_null(text);
        for (size_t i = 0; i < N - 1; i++)
                o += sprintf(o, "mask-file f%06zu\n", i % FILES);
        strcpy(o, "mask-file /etc/passwd\n");
        write_policy(text);
        before = mountinfo();
        assert_int_equal(run_enforce(0, &err), 1);
        if (!strstr(err, "policy:1000000: invalid path '/etc/passwd': absolute path"))
                fail_msg("unexpected: %s", err);
        free(TAKE_PTR(err));

        o = text;
        for (size_t i = 0; i < CHECKED - 1; i++)
                o += sprintf(o, "mask-file f%06zu\n", i % FILES);
        strcpy(o, "mask-file missing\n");
        write_policy(text);
        assert_int_equal(run_enforce(0, &err), 1);
        if (!strstr(err, "policy:100000: cannot mask missing (mask-file): missing path"))
                fail_msg("unexpected: %s", err);
        after = mountinfo();
        assert_string_equal(before, after);
}

/* ---- races against the engine itself, in this process ---- */

typedef struct Racer {
        pthread_t thread;
        atomic_bool stop;
        int dirfd;
        const char *a, *b; /* swapped with RENAME_EXCHANGE, over and over */
        unsigned long swaps;
} Racer;

static void *race(void *arg) {
        Racer *r = arg;
        while (!atomic_load(&r->stop))
                if (renameat2(r->dirfd, r->a, r->dirfd, r->b, RENAME_EXCHANGE) == 0)
                        r->swaps++;
        return NULL;
}

static void racer_start(Racer *r, const char *a, const char *b) {
        r->dirfd = open(base, O_PATH | O_DIRECTORY | O_CLOEXEC);
        assert_true(r->dirfd >= 0);
        r->a = a;
        r->b = b;
        atomic_store(&r->stop, false);
        assert_int_equal(pthread_create(&r->thread, NULL, race, r), 0);
}

static void racer_stop(Racer *r) {
        atomic_store(&r->stop, true);
        pthread_join(r->thread, NULL);
        close(r->dirfd);
}

/* One attempt: bind; check no mount is outside the root, with the new one
 * still in place when check_bound; undo it; check again. */
static void attempt(void *b, PlatformBindKind kind, const char *path, size_t baseline, bool check_bound,
                    unsigned *bound, unsigned *refused) {
        PlatformBindInfo info;
        size_t n;
        int r = mount_binder.bind(b, kind, path, &info);
        if (r == 0 && check_bound && (n = mounts_outside()) != baseline)
                fail_msg("a mount appeared outside the root (%zu, not %zu) binding '%s'", n, baseline, path);
        if (r == 0) {
                (*bound)++;
                assert_int_equal(mount_binder.unbind(b, &info), 0);
        } else
                (*refused)++;
        n = mounts_outside();
        if (n != baseline)
                fail_msg("a mount was left outside the root (%zu, not %zu) after '%s'", n, baseline, path);
}

#define ATTEMPTS 10000

static void test_race_symlink_swap(void **state) {
        (void) state;
        Racer racer = {0};
        void *b;
        unsigned bound = 0, refused = 0;
        char target[256];

        /* root/a/target is real; outside/ is reachable through root/evil.
         * The racer swaps a (a component) with evil, then .env (the final
         * component) with evil-file, a symlink to a file outside. */
        mkdir_r("a");
        mkfile("a/target", "t\n");
        mkfile("../outside/target", "o\n");
        assert_int_equal(symlink(outside, path_of("evil")), 0);
        snprintf(target, sizeof target, "%s/target", outside);
        assert_int_equal(symlink(target, path_of("evil-file")), 0);
        mkfile(".env", "s\n");

        assert_int_equal(mount_binder.open(root, &b), 0);
        size_t baseline = mounts_outside();

        racer_start(&racer, "root/a", "root/evil");
        for (int i = 0; i < ATTEMPTS; i++)
                attempt(b, i % 2 ? PLATFORM_PROTECT : PLATFORM_MASK_FILE, "a/target", baseline, true, &bound,
                        &refused);
        racer_stop(&racer);
        print_message("component swap: %lu swaps, %u bound and verified, %u refused\n", racer.swaps, bound,
                      refused);
        assert_true(racer.swaps > 0);

        bound = refused = 0;
        racer_start(&racer, "root/.env", "root/evil-file");
        for (int i = 0; i < ATTEMPTS; i++)
                attempt(b, i % 2 ? PLATFORM_PROTECT : PLATFORM_MASK_FILE, ".env", baseline, true, &bound,
                        &refused);
        racer_stop(&racer);
        print_message("final component swap: %lu swaps, %u bound and verified, %u refused\n", racer.swaps,
                      bound, refused);
        assert_true(racer.swaps > 0);
        mount_binder.close(b);
}

/* Worse than a symlink: the pinned directory itself is moved out of the
 * root and a decoy moved in, between resolving and attaching. A mount
 * verified in place moves with its directory when that is renamed later
 * (mounts follow dentries), so here only what is left after each attempt is
 * checked; test_moved_out_at_attach below pins the moment itself. */
static void test_race_dir_moved_out(void **state) {
        (void) state;
        Racer racer = {0};
        void *b;
        unsigned bound = 0, refused = 0;

        mkdir_r("a");
        mkfile("a/target", "t\n");
        assert_int_equal(mkdir(path_of("../outside/a"), 0755), 0);
        mkfile("../outside/a/target", "decoy\n");

        assert_int_equal(mount_binder.open(root, &b), 0);
        size_t baseline = mounts_outside();
        racer_start(&racer, "root/a", "outside/a");
        for (int i = 0; i < ATTEMPTS; i++)
                attempt(b,
                        i % 3 == 0   ? PLATFORM_MASK_FILE
                        : i % 3 == 1 ? PLATFORM_PROTECT
                                     : PLATFORM_MASK_DIR,
                        i % 3 == 2 ? "a/" : "a/target", baseline, false, &bound, &refused);
        racer_stop(&racer);
        print_message("directory moved out: %lu swaps, %u bound and verified, %u refused\n", racer.swaps,
                      bound, refused);
        assert_true(racer.swaps > 0);
        mount_binder.close(b);
}

/* The mount engine's race hook: runs race_hook, when the test sets one. */
static void (*race_hook)(void);
void mount_engine_race_hook(void) {
        if (race_hook)
                race_hook();
}

static void swap_a_out(void) {
        char a[256], o[256];
        snprintf(a, sizeof a, "%s/a", root);
        snprintf(o, sizeof o, "%s/a", outside);
        assert_int_equal(renameat2(AT_FDCWD, a, AT_FDCWD, o, RENAME_EXCHANGE), 0);
}

/* Deterministic: the directory is swapped out of the root right between
 * pinning and attaching. The mount lands outside; verification must see
 * that the path is not our mount, detach it, and refuse. */
static void test_moved_out_at_attach(void **state) {
        (void) state;
        static const struct {
                PlatformBindKind kind;
                const char *path;
        } cases[] = {
                {PLATFORM_MASK_FILE, "a/target"},
                {PLATFORM_PROTECT, "a/target"},
                {PLATFORM_MASK_DIR, "a/sub/"},
                {PLATFORM_PROTECT, "a/sub/"},
        };
        void *b;

        mkdir_r("a");
        mkfile("a/target", "t\n");
        mkdir_r("a/sub");
        assert_int_equal(mkdir(path_of("../outside/a"), 0755), 0);
        mkfile("../outside/a/target", "decoy\n");
        assert_int_equal(mkdir(path_of("../outside/a/sub"), 0755), 0);
        assert_int_equal(mount_binder.open(root, &b), 0);
        size_t baseline = mounts_outside();

        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                PlatformBindInfo info;
                race_hook = swap_a_out;
                int r = mount_binder.bind(b, cases[i].kind, cases[i].path, &info);
                race_hook = NULL;
                assert_int_equal(r, -EBADE);
                assert_int_equal(info.step, PLATFORM_STEP_VERIFY);
                assert_int_equal(mounts_outside(), baseline);
                swap_a_out(); /* back as it was */
        }
        mount_binder.close(b);
}

/* The target swapped for a file, a directory, a fifo or a symlink while it
 * is bound: each attempt is either bound and verified, or refused. */
static void test_race_target_type_swap(void **state) {
        (void) state;
        static const char *const swaps[] = {"root/dir", "root/fifo", "root/sym", "root/file2"};
        void *b;

        mkfile("t", "t\n");
        mkdir_r("dir");
        assert_int_equal(mkfifo(path_of("fifo"), 0644), 0);
        assert_int_equal(symlink("t", path_of("sym")), 0);
        mkfile("file2", "2\n");
        assert_int_equal(mount_binder.open(root, &b), 0);
        size_t baseline = mounts_outside();

        for (size_t s = 0; s < ELEMENTSOF(swaps); s++) {
                Racer racer = {0};
                unsigned bound = 0, refused = 0;
                racer_start(&racer, "root/t", swaps[s]);
                for (int i = 0; i < ATTEMPTS / 4; i++) {
                        PlatformBindInfo info;
                        int r = mount_binder.bind(b, PLATFORM_MASK_FILE, "t", &info);
                        if (r == 0) {
                                /* Bound: it was a non-directory, and the mount is
                                 * /dev/null, read-only. No fd is held for it. */
                                FILE *f = fopen("/proc/self/mountinfo", "re");
                                assert_non_null(f);
                                assert_int_equal(mountinfo_is_ours(f, info.mount_id, PLATFORM_MASK_FILE), 1);
                                fclose(f);
                                assert_int_equal(info.mount_fd, -1);
                                bound++;
                                assert_int_equal(mount_binder.unbind(b, &info), 0);
                        } else {
                                assert_true(r == -EISDIR || r == -ELOOP || r == -EBADE || r == -ENOENT ||
                                            r == -EBUSY);
                                refused++;
                        }
                        assert_int_equal(mounts_outside(), baseline);
                }
                racer_stop(&racer);
                print_message("target swapped with %s: %lu swaps, %u bound, %u refused\n", swaps[s],
                              racer.swaps, bound, refused);
                assert_true(bound > 0 || refused > 0);
        }
        mount_binder.close(b);
}

static char *slurp_rel(const char *rel) {
        char *buf = NULL;
        size_t n;
        assert_int_equal(read_full_file(path_of(rel), 1 << 20, &buf, &n), 0);
        return buf;
}

/* read_all: a regular file beneath the root, never through a symlink, a
 * fifo or a device, never past max. */
static void test_read_all(void **state) {
        (void) state;
        void *f;
        char *buf = (char *) 0x1;
        size_t n = 7;
        mkfile("f", "hello");
        mkfile("outside-target", "no");
        assert_int_equal(symlink("f", path_of("link")), 0);
        assert_int_equal(mkfifo(path_of("fifo"), 0644), 0);
        assert_int_equal(mount_files.open(root, &f), 0);
        assert_int_equal(mount_files.read_all(f, "f", 100, &buf, &n), 0);
        assert_int_equal(n, 5);
        assert_string_equal(buf, "hello");
        free(buf);
        buf = (char *) 0x1;
        assert_int_equal(mount_files.read_all(f, "f", 4, &buf, &n), -EFBIG);
        assert_int_equal(mount_files.read_all(f, "link", 100, &buf, &n), -ELOOP);
        assert_int_equal(mount_files.read_all(f, "fifo", 100, &buf, &n), -EINVAL); /* and it did not block */
        assert_int_equal(mount_files.read_all(f, "../outside/x", 100, &buf, &n), -EXDEV);
        assert_int_equal(mount_files.read_all(f, "none", 100, &buf, &n), -ENOENT);
        assert_ptr_equal(buf, (char *) 0x1);
        mount_files.close(f);
}

/* replace: under a lock taken O_EXCL, only over the very content read, with
 * the old file's mode and times; the lock never outlives a failure. */
static void test_replace(void **state) {
        (void) state;
        void *f;
        struct stat before, after;
        mkdir_r("g");
        mkfile("g/index", "old");
        assert_int_equal(chmod(path_of("g/index"), 0640), 0);
        struct timespec t[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1111111111, .tv_nsec = 123456789}};
        assert_int_equal(utimensat(AT_FDCWD, path_of("g/index"), t, 0), 0);
        assert_int_equal(stat(path_of("g/index"), &before), 0);
        assert_int_equal(mount_files.open(root, &f), 0);

        /* someone holds the lock: nothing happens */
        mkfile("g/index.lock", "git's");
        assert_int_equal(mount_files.replace(f, "g", "index", "index.lock", "old", 3, "new", 3), -EEXIST);
        _cleanup_free_ char *lock = slurp_rel("g/index.lock"), *same = slurp_rel("g/index");
        assert_string_equal(lock, "git's");
        assert_string_equal(same, "old");
        assert_int_equal(unlink(path_of("g/index.lock")), 0);

        /* the content changed since it was read: nothing happens, no lock left */
        assert_int_equal(mount_files.replace(f, "g", "index", "index.lock", "OLD", 3, "new", 3), -ESTALE);
        assert_int_equal(mount_files.replace(f, "g", "index", "index.lock", "ol", 2, "new", 3), -ESTALE);
        assert_int_equal(access(path_of("g/index.lock"), F_OK), -1);

        assert_int_equal(mount_files.replace(f, "g", "index", "index.lock", "old", 3, "newer", 5), 0);
        _cleanup_free_ char *now = slurp_rel("g/index");
        assert_string_equal(now, "newer");
        assert_int_equal(stat(path_of("g/index"), &after), 0);
        assert_int_equal(after.st_mode, before.st_mode);
        assert_int_equal(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
        assert_int_equal(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
        assert_true(after.st_ino != before.st_ino); /* renamed over, as git does */
        assert_int_equal(access(path_of("g/index.lock"), F_OK), -1);

        /* a symlink as the file, or on the way, or as the lock: refused */
        assert_int_equal(symlink("g", path_of("gl")), 0);
        int r = mount_files.replace(f, "gl", "index", "index.lock", "newer", 5, "x", 1);
        assert_true(r == -ELOOP || r == -ENOTDIR);
        assert_int_equal(symlink("index", path_of("g/li")), 0);
        assert_int_equal(mount_files.replace(f, "g", "li", "index.lock", "newer", 5, "x", 1), -ELOOP);
        assert_int_equal(access(path_of("g/index.lock"), F_OK), -1);
        assert_int_equal(symlink("../../outside/planted", path_of("g/index.lock")), 0);
        assert_int_equal(mount_files.replace(f, "g", "index", "index.lock", "newer", 5, "x", 1), -EEXIST);
        assert_int_equal(access(path_of("../outside/planted"), F_OK), -1);
        assert_int_equal(mount_files.replace(f, "g", "a/b", "index.lock", "", 0, "x", 1), -EINVAL);
        _cleanup_free_ char *kept = slurp_rel("g/index");
        assert_string_equal(kept, "newer");
        mount_files.close(f);
}

/* unbind in place: a mount moved with its directory is not followed
 * (-ESTALE), and stays; without in_place, enforce's rollback follows it. */
static void test_unbind_in_place(void **state) {
        (void) state;
        PlatformBindInfo info;
        void *b, *f;
        mkdir_r("x");
        mkfile("x/.env", "SECRET=1");
        assert_int_equal(mount_binder.open(root, &b), 0);
        assert_int_equal(mount_files.open(root, &f), 0);
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_FILE, "x/.env", &info), 0);
        assert_int_equal(rename(path_of("x"), path_of("moved")), 0);
        mkdir_r("x");
        mkfile("x/.env", "decoy");
        PlatformBindInfo decoy;
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_FILE, "x/.env", &decoy), 0);
        PlatformBindInfo twice; /* (the engine's set of its mounts is read here) */
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_FILE, "x/.env", &twice), 1);
        /* the decoy's mask is at the path now: neither emptied nor detached */
        assert_int_equal(mount_files.discard(f, "x/.env", info.mount_id), -ESTALE);
        info.in_place = true;
        assert_int_equal(mount_binder.unbind(b, &info), -ESTALE);
        struct statx sx;
        assert_int_equal(statx(AT_FDCWD, path_of("moved/.env"), AT_SYMLINK_NOFOLLOW, STATX_TYPE, &sx), 0);
        assert_true(S_ISCHR(sx.stx_mode)); /* ours, where it went: still masked */
        /* and still known as ours: a bind where it went finds it, and stacks
         * no second mount on it (a swap race made thousands) */
        PlatformBindInfo again;
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_FILE, "moved/.env", &again), 1);
        assert_true(again.already);
        _cleanup_free_ char *decoy_now = NULL;
        assert_int_equal(mount_binder.unbind(b, &decoy), 0);
        decoy_now = slurp_rel("x/.env");
        assert_string_equal(decoy_now, "decoy");
        /* without in_place, the rollback follows it */
        info.in_place = false;
        assert_int_equal(mount_binder.unbind(b, &info), 0);
        _cleanup_free_ char *secret = slurp_rel("moved/.env");
        assert_string_equal(secret, "SECRET=1");
        mount_files.close(f);
        mount_binder.close(b);
}

/* discard: what a mask hides is emptied through a view without the mask;
 * the mask itself, other links, and what is not a mount are left alone. */
static void test_discard(void **state) {
        (void) state;
        PlatformBindInfo info;
        void *b, *f;
        mkfile(".env", "SECRET=1");
        mkfile("linked", "SECRET=2");
        assert_int_equal(link(path_of("linked"), path_of("other-name")), 0);
        mkdir_r("keys");
        mkdir_r("keys/sub");
        mkfile("keys/a.pem", "KEY");
        mkfile("keys/sub/b.pem", "KEY");
        mkdir_r("ro");
        mkfile("ro/.env", "SECRET=3");
        mkfile("plain", "x");
        assert_int_equal(mount_binder.open(root, &b), 0);
        assert_int_equal(mount_files.open(root, &f), 0);

        assert_int_equal(mount_files.discard(f, "plain", 0), -EINVAL); /* no mount there */
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_FILE, ".env", &info), 0);
        /* another mount id than the one made there: nothing emptied */
        assert_int_equal(mount_files.discard(f, ".env", info.mount_id + 1), -ESTALE);
        assert_int_equal(mount_files.discard(f, ".env", info.mount_id), 1);
        assert_int_equal(mount_binder.unbind(b, &info), 0);
        _cleanup_free_ char *env = slurp_rel(".env");
        assert_string_equal(env, "");
        assert_int_equal(mount_files.discard(f, ".env", info.mount_id), -EINVAL); /* unbound now */

        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_FILE, "linked", &info), 0);
        assert_int_equal(mount_files.discard(f, "linked", info.mount_id), -EMLINK);
        mount_binder.release(b, &info);
        _cleanup_free_ char *other = slurp_rel("other-name");
        assert_string_equal(other, "SECRET=2");

        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_DIR, "keys/", &info), 0);
        assert_int_equal(mount_files.discard(f, "keys", info.mount_id), 1);
        assert_int_equal(mount_binder.unbind(b, &info), 0);
        DIR *d = opendir(path_of("keys"));
        assert_non_null(d);
        size_t entries = 0;
        for (struct dirent *e; (e = readdir(d));)
                entries += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
        closedir(d);
        assert_int_equal(entries, 0);

        /* A mask inside a protected (read-only) directory: discarded all
         * the same. (Masked first and protected after, the protect's
         * recursive bind carries a copy of the mask with another mount id:
         * discard then refuses it, -ESTALE, as not the mount it made.) */
        PlatformBindInfo pinfo;
        assert_int_equal(mount_binder.bind(b, PLATFORM_PROTECT, "ro/", &pinfo), 0);
        assert_int_equal(mount_binder.bind(b, PLATFORM_MASK_FILE, "ro/.env", &info), 0);
        assert_int_equal(mount_files.discard(f, "ro/.env", info.mount_id), 1);
        mount_binder.release(b, &info);
        mount_binder.release(b, &pinfo);
        assert_int_equal(umount2(path_of("ro/.env"), MNT_DETACH), 0);
        assert_int_equal(umount2(path_of("ro"), MNT_DETACH), 0);
        _cleanup_free_ char *ro = slurp_rel("ro/.env");
        assert_string_equal(ro, "");
        mount_files.close(f);
        mount_binder.close(b);
}

int main(int argc, char **argv) {
        if (argc < 2) {
                fprintf(stderr, "usage: test-enforce-root PATHPOLICY\n");
                return 2;
        }
        pathpolicy = argv[1];
        if (geteuid() != 0) {
                printf("SKIP: needs root: mounts, in a private mount namespace\n");
                return 77;
        }
        /* Our own mount namespace, with nothing propagating out. */
        if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) {
                perror("unshare/mount");
                return 1;
        }
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_enforce_behaviour, setup, teardown),
                cmocka_unit_test_setup_teardown(test_fail_closed, setup, teardown),
                cmocka_unit_test_setup_teardown(test_devnull_replaced, setup, teardown),
                cmocka_unit_test_setup_teardown(test_fd_limit, setup, teardown),
                cmocka_unit_test_setup_teardown(test_fd_limit_fail_closed, setup, teardown),
                cmocka_unit_test_setup_teardown(test_already_and_new_mixed, setup, teardown),
                cmocka_unit_test_setup_teardown(test_foreign_change_seen, setup, teardown),
                cmocka_unit_test_setup_teardown(test_already_bound_many, setup, teardown),
                cmocka_unit_test_setup_teardown(test_million_lines, setup, teardown),
                cmocka_unit_test_setup_teardown(test_race_symlink_swap, setup, teardown),
                cmocka_unit_test_setup_teardown(test_race_dir_moved_out, setup, teardown),
                cmocka_unit_test_setup_teardown(test_moved_out_at_attach, setup, teardown),
                cmocka_unit_test_setup_teardown(test_race_target_type_swap, setup, teardown),
                cmocka_unit_test_setup_teardown(test_read_all, setup, teardown),
                cmocka_unit_test_setup_teardown(test_replace, setup, teardown),
                cmocka_unit_test_setup_teardown(test_discard, setup, teardown),
                cmocka_unit_test_setup_teardown(test_unbind_in_place, setup, teardown),
        };
        return RUN(tests);
}
