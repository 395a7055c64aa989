/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The fixture of the watcher's tests (test-watch.c, test-watch-load.c):
 * scripted events in, a fake mount engine and fake git processes under it.
 * No root, no kernel, and no time but a fake clock's: a test says how much
 * passes (advance), so a loaded machine cannot change what happens between.
 */
#include "tests.h"

#include "fake-binder.h"
#include "fake-clock.h"
#include "util.h"
#include "watch.h"

#define MAX_PROCS 8
typedef struct FakeProc {
        PlatformProcess p;
        const char *cwd, *file, *arg;
        int pipe[2];
} FakeProc;
extern FakeProc procs[MAX_PROCS];
extern size_t n_procs;
extern bool procs_cut; /* the fake walk says its bound cut it */
extern FakeClock test_clock;
extern const BinderOps *binder_for_test;
extern bool fold_for_test;
extern bool config_audit_for_test; /* watch --git-config audit */
extern size_t budget_for_test;

typedef struct T {
        uv_loop_t loop;
        LogStream *log;
        Watch *w;
        Policy *policy;
        int fds[2];
        char out[1 << 16];
        size_t out_len;
} T;
#define FOUND(t, rel, type) watch_callbacks.found((t)->w, rel, type)
#define GONE(t, rel) watch_callbacks.gone((t)->w, rel)
#define CHANGED(t, rel) watch_callbacks.changed((t)->w, rel)
#define MOVED_OVER(t, rel, type) (GONE(t, rel), FOUND(t, rel, type))

/* A process: git or not, its parent, how long ago it started, its cwd. */
int proc_add(bool git, int ppid, uint64_t age_ms, const char *cwd);
void proc_exit(int pid);
void procs_reset(void);
T *t_new(void);
void t_free(T *t);
/* Records so far, as text (one JSON object a line). */
const char *records(T *t);
size_t find_node(const char *path);
size_t count(T *t, const char *needle);
/* Let ms pass on the test's clock, each timer due meanwhile firing. */
void advance(T *t, unsigned ms);
bool bound(const char *path);
void base_tree(void);
