/* SPDX-License-Identifier: MIT */
/*
 * fan_perm_open_mode (platform/linux/fanotify-perm.c): how a thread waiting
 * in a system call opens, against real threads of this process blocked in
 * an open of a fifo (it waits for the other end as an opener waits for the
 * daemon's answer). No root, no fanotify: /proc/TID/syscall of a thread of
 * one's own process is always readable.
 */
#include "tests.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fan-perm.h"

#define SECOND_NS 1000000000ull

typedef enum How { OPENAT, OPEN, OPENAT2, READ } How;

typedef struct Opener {
        const char *fifo;
        How how;
        int flags;        /* O_RDONLY or O_WRONLY */
        uint64_t spin_ns; /* running in user space this long first */
        atomic_bool stop; /* the spin ends early */
        atomic_int tid;   /* set once it runs */
        int pipe_fd;      /* READ: read from this */
        int fd;           /* what the call returned */
        pthread_t thread;
} Opener;

static uint64_t mono_ns(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (uint64_t) ts.tv_sec * SECOND_NS + (uint64_t) ts.tv_nsec;
}

static void *opener_main(void *arg) {
        Opener *o = arg;
        atomic_store(&o->tid, (int) gettid());
        /* Runnable all along (the vDSO's clock: no system call), as an
         * opener preempted between queuing its event and falling asleep. */
        for (uint64_t end = mono_ns() + o->spin_ns; !atomic_load(&o->stop) && mono_ns() < end;)
                ;
        char c;
        switch (o->how) {
        case OPENAT:
                o->fd = openat(AT_FDCWD, o->fifo, o->flags | O_CLOEXEC);
                break;
        case OPEN:
#ifdef SYS_open
                o->fd = (int) syscall(SYS_open, o->fifo, o->flags | O_CLOEXEC);
#else
                o->fd = openat(AT_FDCWD, o->fifo, o->flags | O_CLOEXEC);
#endif
                break;
        case OPENAT2: {
                struct open_how h = {.flags = (uint64_t) (o->flags | O_CLOEXEC)};
                o->fd = (int) syscall(SYS_openat2, AT_FDCWD, o->fifo, &h, sizeof h);
                break;
        }
        case READ:
                o->fd = read(o->pipe_fd, &c, 1) == 1 ? 0 : -1;
                break;
        }
        return NULL;
}

static void opener_start(Opener *o) {
        atomic_store(&o->tid, 0);
        atomic_store(&o->stop, false);
        assert_int_equal(pthread_create(&o->thread, NULL, opener_main, o), 0);
        while (atomic_load(&o->tid) == 0)
                sched_yield();
}

/* The opener let go (the fifo's other end opened, or the pipe written),
 * and joined. */
static void opener_end(Opener *o, int pipe_w) {
        atomic_store(&o->stop, true);
        if (o->how == READ)
                assert_int_equal(write(pipe_w, "x", 1), 1);
        else {
                int other = open(o->fifo, (o->flags == O_RDONLY ? O_WRONLY : O_RDONLY) | O_CLOEXEC);
                assert_true(other >= 0);
                close(other);
        }
        assert_int_equal(pthread_join(o->thread, NULL), 0);
        if (o->fd > 0)
                close(o->fd);
}

static const struct {
        const char *name;
        How how;
        int flags;
        uint64_t spin_ns, wait_ns;
        int want;
} cases[] = {
        /* Asleep at once. */
        {"openat, write only", OPENAT, O_WRONLY, 0, SECOND_NS, O_WRONLY},
        {"openat, read only", OPENAT, O_RDONLY, 0, SECOND_NS, O_RDONLY},
        {"open, write only", OPEN, O_WRONLY, 0, SECOND_NS, O_WRONLY},
        /* Runnable for 100 ms first (a preempted git, under load): waited
         * for, its flags then read (a count of yields gave up after about
         * a millisecond, and git's write was refused). */
        {"openat, write only, runnable 100 ms first", OPENAT, O_WRONLY, SECOND_NS / 10, 5 * SECOND_NS,
         O_WRONLY},
        {"openat, read only, runnable 100 ms first", OPENAT, O_RDONLY, SECOND_NS / 10, 5 * SECOND_NS,
         O_RDONLY},
        /* Still running past the wait: not known. */
        {"running past the wait", OPENAT, O_WRONLY, 60 * SECOND_NS, SECOND_NS / 50, -1},
        /* Flags in the opener's memory, or no open at all: not known. */
        {"openat2, write only", OPENAT2, O_WRONLY, 0, SECOND_NS, -1},
        {"a read, not an open", READ, O_RDONLY, 0, SECOND_NS, -1},
};

static void test_open_mode(void **state) {
        (void) state;
        char dir[] = "/tmp/pathpolicy-fanperm-XXXXXX", fifo[64];
        int pipe_fds[2];
        assert_non_null(mkdtemp(dir));
        snprintf(fifo, sizeof fifo, "%s/fifo", dir);
        assert_int_equal(mkfifo(fifo, 0600), 0);
        assert_int_equal(pipe2(pipe_fds, O_CLOEXEC), 0);
        for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
                Opener o = {.fifo = fifo,
                            .how = cases[t].how,
                            .flags = cases[t].flags,
                            .spin_ns = cases[t].spin_ns,
                            .pipe_fd = pipe_fds[0]};
                opener_start(&o);
                int mode = fan_perm_open_mode(atomic_load(&o.tid), cases[t].wait_ns);
                print_message("%s: %d (want %d)\n", cases[t].name, mode, cases[t].want);
                assert_int_equal(mode, cases[t].want);
                opener_end(&o, pipe_fds[1]);
        }
        /* A thread that is gone. */
        Opener o = {.fifo = fifo, .how = READ, .pipe_fd = pipe_fds[0]};
        opener_start(&o);
        pid_t gone = atomic_load(&o.tid);
        opener_end(&o, pipe_fds[1]);
        assert_int_equal(fan_perm_open_mode(gone, SECOND_NS), -1);
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        assert_int_equal(unlink(fifo), 0);
        assert_int_equal(rmdir(dir), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_open_mode),
        };
        return RUN(tests);
}
