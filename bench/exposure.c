/* SPDX-License-Identifier: MIT */
/*
 * The exposure window: from the writer's close() of a new .env in an
 * existing nested checkout to a reader seeing it masked, over N trials.
 *
 *   exposure prepare ROOT N     make ROOT/c0 .. c{N-1}, each with .git
 *   exposure measure ROOT N     write ROOT/cI/.env, time until masked
 *   exposure floor ROOT N       the floor: a minimal watcher that only reads
 *                               the one inotify event and mounts /dev/null
 *
 * measure prints p50, p99, max (microseconds) and misses (not masked within
 * a second). Root, in a private mount namespace (bench/watch.sh runs it).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
        long long x = *(const long long *) a, y = *(const long long *) b;
        return x < y ? -1 : x > y;
}

static int masked(const char *p) {
        struct stat st;
        return stat(p, &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 && minor(st.st_rdev) == 3;
}

static int prepare(const char *root, int n) {
        char p[4096];
        for (int i = 0; i < n; i++) {
                snprintf(p, sizeof p, "%s/c%d", root, i);
                if (mkdir(p, 0755) < 0)
                        return perror(p), 1;
                snprintf(p, sizeof p, "%s/c%d/.git", root, i);
                if (mkdir(p, 0755) < 0)
                        return perror(p), 1;
        }
        return 0;
}

static int measure(const char *root, int n) {
        long long *t = calloc((size_t) n, sizeof *t);
        int misses = 0, got = 0;
        char p[4096];

        for (int i = 0; i < n; i++) {
                snprintf(p, sizeof p, "%s/c%d/.env", root, i);
                int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
                if (fd < 0)
                        return perror(p), 1;
                (void) !write(fd, "SECRET=1\n", 9);
                close(fd);
                long long t0 = now_ns(), t1;
                /* The reader: as soon as it sees the mask, the window closes. */
                while (!masked(p)) {
                        if (now_ns() - t0 > 1000000000LL)
                                break;
                }
                t1 = now_ns();
                if (!masked(p)) {
                        misses++;
                        continue;
                }
                t[got++] = (t1 - t0) / 1000;
        }
        qsort(t, (size_t) got, sizeof *t, cmp);
        if (got == 0) {
                printf("p50 - p99 - max - misses %d\n", misses);
                return 0;
        }
        printf("p50 %lld p99 %lld max %lld misses %d\n", t[got / 2], t[(size_t) got * 99 / 100], t[got - 1],
               misses);
        free(t);
        return 0;
}

/* The floor: one inotify watch per checkout, and on IN_CREATE of .env a
 * bind of /dev/null onto it, with the same fd-based calls the engine uses
 * but none of its checks. */
static int floor_(const char *root, int n) {
        int ifd = inotify_init1(IN_CLOEXEC), devnull = open("/dev/null", O_PATH | O_CLOEXEC);
        char **dirs = calloc((size_t) n + 1, sizeof *dirs), p[4096];
        char buf[65536] __attribute__((aligned(8)));

        for (int i = 0; i < n; i++) {
                snprintf(p, sizeof p, "%s/c%d", root, i);
                int wd = inotify_add_watch(ifd, p, IN_CREATE | IN_ONLYDIR);
                if (wd < 0 || wd > n)
                        return perror(p), 1;
                dirs[wd] = strdup(p);
        }
        printf("ready\n");
        fflush(stdout);
        for (;;) {
                ssize_t k = read(ifd, buf, sizeof buf);
                if (k <= 0)
                        return 1;
                for (char *q = buf; q < buf + k;) {
                        struct inotify_event *ev = (struct inotify_event *) q;
                        q += sizeof *ev + ev->len;
                        if (!ev->len || strcmp(ev->name, ".env") != 0 || ev->wd > n || !dirs[ev->wd])
                                continue;
                        snprintf(p, sizeof p, "%s/.env", dirs[ev->wd]);
                        int t = open(p, O_PATH | O_NOFOLLOW | O_CLOEXEC);
                        int m = open_tree(devnull, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH);
                        if (t >= 0 && m >= 0)
                                move_mount(m, "", t, "", MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH);
                        close(t);
                        close(m);
                }
        }
}

int main(int argc, char **argv) {
        if (argc != 4)
                return fprintf(stderr, "usage: exposure prepare|measure|floor ROOT N\n"), 2;
        int n = atoi(argv[3]);
        if (strcmp(argv[1], "prepare") == 0)
                return prepare(argv[2], n);
        if (strcmp(argv[1], "measure") == 0)
                return measure(argv[2], n);
        if (strcmp(argv[1], "floor") == 0)
                return floor_(argv[2], n);
        return 2;
}
