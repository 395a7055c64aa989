/* SPDX-License-Identifier: MIT */
/* Test and bench helper: TRIALS new checkouts below ROOT, each with a .env holding a marker, made while a
 * reader thread spins on open+read of that .env until the watcher's mask covers it; prints what it read.
 * Must not sleep a fixed time: each trial ends when the mask is seen (or at its deadline, counted).
 * Usage: window-race ROOT TRIALS create|clone|mmap [REPO]   (WINDOW_RACE_OPENAT2=1: the reader uses openat2)
 *   create: mkdir t<i>/.git and .git/HEAD (as git init), then .env made (again while refused: EPERM)
 *           and written, one write;
 *   clone:  git clone -q REPO t<i> (REPO tracks a .env holding the marker);
 *   mmap:   as create, no racing reader: the file opened empty (through the writer's descriptor once the
 *           mask covers its name) and mapped, then written: does the mapping, or read(2), show it?
 * Output, one line: trials, reads of the marker (leaks) and the trials with one, opens and reads refused
 * (EPERM), opens of it empty, trials never masked, files mapped and mappings that showed the marker, the
 * writer's opens refused, trials that could not be made. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/openat2.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MARKER "PP-SECRET-MARKER-4c1f"
#define TRIAL_MS 10000

static const char *root, *mode, *repo;
/* The trial the reader spins on (-2: stop), and the last it finished. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int trial = -1, trial_done = -1;
static unsigned long writer_denied, leaks, leaked_trials, denied, empty_opens, unmasked, mapped, map_leaks;
static sigjmp_buf bus_jmp;

/* WINDOW_RACE_OPENAT2=1: the reader opens with openat2, whose flags the
 * daemon cannot read from /proc/TID/syscall (its fallback is tested). */
static bool use_openat2;

static int open_read(const char *path) {
        if (!use_openat2)
                return open(path, O_RDONLY | O_CLOEXEC);
        struct open_how how = {.flags = O_RDONLY | O_CLOEXEC};
        return (int) syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
}

static uint64_t now_ms(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (uint64_t) ts.tv_sec * 1000 + (uint64_t) ts.tv_nsec / 1000000;
}

static bool is_mask(int fd) {
        struct stat st;
        return fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
               minor(st.st_rdev) == 3;
}

static void on_bus(int sig) {
        (void) sig;
        siglongjmp(bus_jmp, 1);
}

/* mmap: a reader that opened the file while it was empty, through the
 * writer's descriptor once the mask covers the name (an open of the real
 * file all the same), maps it; then the writer writes. Whether the mapping
 * shows the marker (no read(2), no FAN_ACCESS_PERM), and whether read(2)
 * does. One thread: no race, the order is fixed. */
static int mmap_trial(const char *dir) {
        char p[4200], proc[64], buf[256];
        snprintf(p, sizeof p, "%s/.env", dir);
        int wfd, rfd;
        uint64_t end = now_ms() + TRIAL_MS;
        while ((wfd = open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) < 0 && errno == EPERM && now_ms() < end)
                writer_denied++;
        if (wfd < 0)
                return -1;
        for (;;) { /* until the mask covers the name */
                int fd = open(p, O_RDONLY | O_CLOEXEC);
                bool done = fd >= 0 && is_mask(fd);
                if (fd >= 0)
                        close(fd);
                if (done)
                        break;
                if (now_ms() > end) {
                        unmasked++;
                        break;
                }
        }
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", wfd);
        rfd = open_read(proc);
        if (rfd < 0) {
                denied += errno == EPERM;
                close(wfd);
                return 0;
        }
        empty_opens++;
        char *map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, rfd, 0);
        ssize_t n = write(wfd, MARKER "\n", strlen(MARKER) + 1);
        if (map != MAP_FAILED) {
                mapped++;
                if (n > 0 && sigsetjmp(bus_jmp, 1) == 0 && memcmp(map, MARKER, strlen(MARKER)) == 0)
                        map_leaks++;
                munmap(map, 4096);
        }
        n = read(rfd, buf, sizeof buf - 1);
        if (n < 0)
                denied += errno == EPERM;
        else if (n > 0) {
                buf[n] = 0;
                leaks += strstr(buf, MARKER) != NULL;
                leaked_trials += strstr(buf, MARKER) != NULL;
        }
        close(rfd);
        close(wfd);
        return 0;
}

/* One trial's reader: until its .env is the mask. */
static void spin(const char *path) {
        char buf[256];
        uint64_t end = now_ms() + TRIAL_MS;
        bool leaked = false;
        while (now_ms() < end) {
                int fd = open_read(path);
                if (fd < 0) {
                        denied += errno == EPERM;
                        continue;
                }
                if (is_mask(fd)) {
                        close(fd);
                        return;
                }
                struct stat st = {0};
                if (fstat(fd, &st) == 0 && st.st_size == 0)
                        empty_opens++;
                ssize_t n = read(fd, buf, sizeof buf - 1);
                if (n < 0)
                        denied += errno == EPERM;
                else {
                        buf[n] = 0;
                        if (strstr(buf, MARKER)) {
                                leaked_trials += !leaked;
                                leaked = true;
                                leaks++;
                        }
                }
                close(fd);
        }
        unmasked++;
}

static void set(int *v, int to) {
        pthread_mutex_lock(&lock);
        *v = to;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
}

static void *reader(void *arg) {
        char path[4096];
        (void) arg;
        for (int seen = -1;;) {
                pthread_mutex_lock(&lock);
                while (trial == seen)
                        pthread_cond_wait(&changed, &lock);
                int t = trial;
                pthread_mutex_unlock(&lock);
                if (t == -2)
                        return NULL;
                snprintf(path, sizeof path, "%s/t%d/.env", root, t);
                spin(path);
                seen = t;
                set(&trial_done, t);
        }
}

static int make(int i) {
        char dir[4096], p[4200];
        snprintf(dir, sizeof dir, "%s/t%d", root, i);
        if (!strcmp(mode, "clone")) {
                pid_t pid = fork();
                if (pid == 0) {
                        execlp("git", "git", "clone", "-q", repo, dir, (char *) NULL);
                        _exit(127);
                }
                int st;
                return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0
                                                                                                       : -1;
        }
        snprintf(p, sizeof p, "%s/.git", dir);
        if (mkdir(dir, 0755) < 0 || mkdir(p, 0755) < 0)
                return -1;
        /* As git init: a file in .git first. */
        snprintf(p, sizeof p, "%s/.git/HEAD", dir);
        int hfd = open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (hfd < 0 || write(hfd, "ref: refs/heads/main\n", 21) != 21)
                return -1;
        close(hfd);
        if (!strcmp(mode, "mmap"))
                return mmap_trial(dir);
        snprintf(p, sizeof p, "%s/.env", dir);
        /* Made this soon after its .git, the daemon may not have seen the
         * checkout yet: --no-window refuses it, and it is made again. */
        int fd;
        uint64_t end = now_ms() + TRIAL_MS;
        while ((fd = open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) < 0 && errno == EPERM && now_ms() < end)
                writer_denied++;
        if (fd < 0)
                return -1;
        ssize_t n = write(fd, MARKER "\n", strlen(MARKER) + 1);
        close(fd);
        return n == (ssize_t) strlen(MARKER) + 1 ? 0 : -1;
}

int main(int argc, char **argv) {
        pthread_t th;
        if (argc < 4 || (strcmp(argv[3], "clone") == 0 && argc < 5))
                return 2;
        root = argv[1];
        use_openat2 = getenv("WINDOW_RACE_OPENAT2") && strcmp(getenv("WINDOW_RACE_OPENAT2"), "1") == 0;
        mode = argv[3];
        repo = argc > 4 ? argv[4] : NULL;
        int trials = atoi(argv[2]), failed = 0;
        signal(SIGBUS, on_bus);
        bool spinning = strcmp(mode, "mmap") != 0;
        if (spinning && pthread_create(&th, NULL, reader, NULL) != 0)
                return 1;
        for (int i = 0; i < trials; i++) {
                set(&trial, i);
                if (!spinning)
                        set(&trial_done, i); /* no reader: the trial reads for itself */
                if (make(i) < 0) {
                        fprintf(stderr, "window-race: trial %d: cannot make the checkout: %s\n", i,
                                strerror(errno));
                        failed++;
                }
                pthread_mutex_lock(&lock);
                while (trial_done != i)
                        pthread_cond_wait(&changed, &lock);
                pthread_mutex_unlock(&lock);
        }
        set(&trial, -2);
        if (spinning)
                pthread_join(th, NULL);
        printf("trials %d leaks %lu leaked-trials %lu denied %lu empty %lu unmasked %lu mapped %lu "
               "map-leaks %lu "
               "writer-denied %lu failed %d\n",
               trials, leaks, leaked_trials, denied, empty_opens, unmasked, mapped, map_leaks, writer_denied,
               failed);
        return failed ? 1 : 0;
}
