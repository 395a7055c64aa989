/* SPDX-License-Identifier: MIT */
/*
 * Processes from /proc, for the watcher's git rule. One walk gives every
 * process's parent and start time (for the process tree and "started just
 * before the checkout appeared"), and for the git ones their working
 * directory and open files (for "works in this checkout"). Processes come
 * and go during the walk: one that vanishes half-read is left out, which is
 * what it would be a moment later anyway.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "array.h"
#include "platform.h"

uint64_t platform_boot_ms(void) {
        struct timespec ts;
        /* BOOTTIME: the clock /proc/PID/stat's start time is counted on. */
        if (clock_gettime(CLOCK_BOOTTIME, &ts) < 0)
                return 0;
        return (uint64_t) ts.tv_sec * 1000 + (uint64_t) ts.tv_nsec / 1000000;
}

/* The name, parent and start time from /proc/PID/stat: one read a
 * process. The name (field 2) may hold spaces and parentheses, so it ends
 * at the last ')' and the fields are counted from there. */
static int read_stat(int pid, bool *ret_git, int *ret_ppid, uint64_t *ret_start) {
        char path[64], buf[1024];
        snprintf(path, sizeof path, "/proc/%d/stat", pid);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return -errno;
        ssize_t n = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (n <= 0)
                return -ESRCH;
        buf[n] = 0;
        char *p = strrchr(buf, ')'), *name = strchr(buf, '(');
        if (!p || !name)
                return -EINVAL;
        /* After ')': state(3) ppid(4) ... starttime(22). */
        int field = 2, ppid = 0;
        unsigned long long start = 0;
        for (char *save = NULL, *t = strtok_r(p + 1, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
                field++;
                if (field == 4)
                        ppid = atoi(t);
                else if (field == 22) {
                        start = strtoull(t, NULL, 10);
                        break;
                }
        }
        if (field != 22)
                return -EINVAL;
        long hz = sysconf(_SC_CLK_TCK);
        if (ret_git)
                *ret_git = strncmp(name + 1, "git", 3) == 0;
        *ret_ppid = ppid;
        *ret_start = start * 1000 / (unsigned long long) (hz > 0 ? hz : 100);
        return 0;
}

static char *read_link(const char *path) {
        char buf[PATH_MAX];
        ssize_t n = readlink(path, buf, sizeof buf - 1);
        if (n < 0)
                return NULL;
        buf[n] = 0;
        return buf[0] == '/' ? strdup(buf) : NULL; /* sockets, pipes, anon inodes: not files */
}

/* What one walk may still read (PlatformProcessBound), and whether it
 * reached its end. */
typedef struct Budget {
        size_t files;         /* links left; SIZE_MAX: no bound */
        uint64_t deadline_ns; /* CLOCK_MONOTONIC; 0: none */
        size_t taken;
        bool cut;
} Budget;

static uint64_t mono_ns(void) {
        struct timespec ts;
        if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
                return 0;
        return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Whether the budget allows one more link; the clock is read every 64
 * links (a readlink costs about a microsecond). */
static bool budget_take(Budget *b) {
        if (b->cut)
                return false;
        if (b->files == 0 || (b->deadline_ns && b->taken++ % 64 == 63 && mono_ns() >= b->deadline_ns)) {
                b->cut = true;
                return false;
        }
        if (b->files != SIZE_MAX)
                b->files--;
        return true;
}

/* The files pid holds open, as far as the budget goes: *ret_cut when it
 * stopped before the last descriptor. */
static char **open_files(int pid, Budget *b, bool *ret_cut) {
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/fd", pid);
        DIR *d = opendir(path);
        if (!d)
                return NULL;
        char **v = NULL;
        size_t n = 0, allocated = 0;
        struct dirent *de;
        while ((de = readdir(d))) {
                if (de->d_name[0] == '.')
                        continue;
                if (!budget_take(b)) {
                        *ret_cut = true;
                        break;
                }
                char link[300];
                snprintf(link, sizeof link, "/proc/%d/fd/%s", pid, de->d_name);
                char *target = read_link(link);
                if (!target)
                        continue;
                if (ARRAY_GROW(v, allocated, n + 2) < 0) {
                        free(target);
                        break;
                }
                v[n++] = target;
                v[n] = NULL;
        }
        closedir(d);
        return v;
}

static void strv_free_(char **v) {
        for (char **f = v; f && *f; f++)
                free(*f);
        free(v);
}

void platform_processes_free(PlatformProcess *p, size_t n) {
        for (size_t i = 0; i < n; i++) {
                free(p[i].cwd);
                strv_free_(p[i].files);
                strv_free_(p[i].args);
        }
        free(p);
}

/* The command line, NUL-separated in /proc/PID/cmdline. */
static char **read_args(int pid) {
        char path[64], buf[8192];
        snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return NULL;
        ssize_t n = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (n <= 0)
                return NULL;
        buf[n] = 0;
        size_t k = 0;
        for (ssize_t i = 0; i < n; i++)
                k += buf[i] == 0;
        char **v = calloc(k + 2, sizeof *v);
        size_t j = 0;
        for (char *s = buf; v && s < buf + n; s += strlen(s) + 1)
                if (!(v[j++] = strdup(s))) {
                        strv_free_(v);
                        return NULL;
                }
        return v;
}

static int newest_first(const void *a, const void *b) {
        const PlatformProcess *const *x = a, *const *y = b;
        return (*x)->start_ms < (*y)->start_ms ? 1 : (*x)->start_ms > (*y)->start_ms ? -1 : 0;
}

/* The open files of the git processes, newest first, within the bound:
 * whether it cut the walk. */
static bool read_files(PlatformProcess *v, size_t n, const PlatformProcessBound *bound) {
        Budget b = {.files = bound && bound->max_files ? bound->max_files : SIZE_MAX};
        if (bound && bound->max_ms)
                b.deadline_ns = mono_ns() + (uint64_t) bound->max_ms * 1000000u;
        PlatformProcess **git = calloc(n + 1, sizeof *git);
        size_t k = 0;
        if (!git)
                return false; /* files unknown, as for a process gone meanwhile */
        for (size_t i = 0; i < n; i++)
                if (v[i].git)
                        git[k++] = &v[i];
        qsort(git, k, sizeof *git, newest_first);
        for (size_t i = 0; i < k; i++) {
                if (b.cut) {
                        git[i]->files_cut = true;
                        continue;
                }
                git[i]->files = open_files(git[i]->pid, &b, &git[i]->files_cut);
        }
        free(git);
        return b.cut;
}

int platform_processes(const PlatformProcessBound *bound, PlatformProcess **ret, size_t *ret_n) {
        DIR *d = opendir("/proc");
        PlatformProcess *v = NULL;
        size_t n = 0, allocated = 0;
        struct dirent *de;

        if (!d)
                return -errno;
        while ((de = readdir(d))) {
                char path[64];
                char *end;
                long pid = strtol(de->d_name, &end, 10);
                if (*end || pid <= 0 || pid == getpid())
                        continue;
                PlatformProcess p = {.pid = (int) pid};
                if (read_stat(p.pid, &p.git, &p.ppid, &p.start_ms) < 0)
                        continue; /* gone meanwhile */
                if (p.git) {
                        snprintf(path, sizeof path, "/proc/%ld/cwd", pid);
                        p.cwd = read_link(path);
                        p.args = read_args(p.pid);
                }
                if (ARRAY_GROW(v, allocated, n + 1) < 0) {
                        free(p.cwd);
                        strv_free_(p.args);
                        closedir(d);
                        platform_processes_free(v, n);
                        return -ENOMEM;
                }
                v[n++] = p;
        }
        closedir(d);
        /* Files last, once every process is known: the bound then spends
         * itself on the newest gits, not on whichever /proc lists first. */
        bool cut = read_files(v, n, bound);
        *ret = v;
        *ret_n = n;
        return cut ? 1 : 0;
}

int platform_pidfd(int pid, uint64_t start_ms) {
        int ppid;
        uint64_t start;
        /* A pidfd names this process for good; checking the start time
         * after opening it proves the number was not reused before. */
        int fd = (int) syscall(SYS_pidfd_open, (pid_t) pid, 0);
        if (fd < 0)
                return -errno;
        if (read_stat(pid, NULL, &ppid, &start) < 0 || start != start_ms) {
                close(fd);
                return -ESRCH;
        }
        return fd;
}

int platform_process_exited(int pidfd) {
        struct pollfd p = {.fd = pidfd, .events = POLLIN};
        /* A pidfd becomes readable when its process exits. */
        if (poll(&p, 1, 0) < 0)
                return -errno;
        return (p.revents & (POLLIN | POLLHUP)) ? 1 : 0;
}
