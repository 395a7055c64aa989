/* SPDX-License-Identifier: MIT */
/*
 * platform/linux/walk.c, what the Linux watchers share: the visit queue
 * (order, one entry a path, flags widened, the bound), git's names, and
 * the scan of one real directory (what is found, what is entered, an
 * object store's fan-out reported shallowly until it holds a .git).
 */
#include "tests.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/inotify.h>
#include <sys/stat.h>

#include "platform.h"
#include "util.h"
#include "walk.h"

static void test_queue_order_and_dedup(void **state) {
        VisitQueue q;
        (void) state;
        assert_int_equal(visit_queue_init(&q), 0);
        assert_int_equal(visit_queue_push(&q, "a", false, false, true, false, 10), 0);
        assert_int_equal(visit_queue_push(&q, "b", false, false, false, false, 10), 0);
        /* a again: no second entry, its flags widened (shallow only if both were) */
        assert_int_equal(visit_queue_push(&q, "a", true, true, false, false, 10), 0);
        assert_int_equal(q.n, 2);
        Visit *v = visit_queue_pop(&q);
        assert_string_equal(v->rel, "a");
        assert_true(v->git);
        assert_true(v->writes);
        assert_false(v->shallow);
        visit_free(v);
        v = visit_queue_pop(&q);
        assert_string_equal(v->rel, "b");
        visit_free(v);
        assert_null(visit_queue_pop(&q));
        /* popped: queued again as new */
        assert_int_equal(visit_queue_push(&q, "a", false, false, false, false, 10), 0);
        assert_int_equal(q.n, 1);
        visit_queue_done(&q);
}

static void test_queue_grows_and_bound(void **state) {
        VisitQueue q;
        char rel[32];
        (void) state;
        assert_int_equal(visit_queue_init(&q), 0);
        /* past the first ring of 64, in order, wrapped around */
        for (int i = 0; i < 40; i++) {
                snprintf(rel, sizeof rel, "d%d", i);
                assert_int_equal(visit_queue_push(&q, rel, false, false, false, false, 1000), 0);
        }
        for (int i = 0; i < 30; i++)
                visit_free(visit_queue_pop(&q));
        for (int i = 40; i < 200; i++) {
                snprintf(rel, sizeof rel, "d%d", i);
                assert_int_equal(visit_queue_push(&q, rel, false, false, false, false, 1000), 0);
        }
        for (int i = 30; i < 200; i++) {
                Visit *v = visit_queue_pop(&q);
                snprintf(rel, sizeof rel, "d%d", i);
                assert_string_equal(v->rel, rel);
                visit_free(v);
        }
        /* the bound: what does not fit is not queued, and says a rescan is owed */
        assert_false(q.overflowed);
        assert_int_equal(visit_queue_push(&q, "x", false, false, false, false, 2), 0);
        assert_int_equal(visit_queue_push(&q, "y", false, false, false, false, 2), 0);
        assert_int_equal(visit_queue_push(&q, "z", false, false, false, false, 2), 0);
        assert_int_equal(q.n, 2);
        assert_true(q.overflowed);
        visit_queue_clear(&q);
        assert_int_equal(q.n, 0);
        assert_null(visit_queue_pop(&q));
        visit_queue_done(&q);
}

/* One parent at a time in turn: a burst of names in one directory delays a
 * directory queued elsewhere by one visit, not by the burst; within one
 * parent, first in, first out; the root ("") and a top-level name apart. */
static void test_queue_parents_in_turn(void **state) {
        VisitQueue q;
        char rel[32];
        (void) state;
        assert_int_equal(visit_queue_init(&q), 0);
        assert_int_equal(visit_queue_push(&q, "", false, false, false, false, 1000), 0);
        for (int i = 0; i < 100; i++) {
                snprintf(rel, sizeof rel, "burst/f%d", i);
                assert_int_equal(visit_queue_push(&q, rel, false, false, false, false, 1000), 0);
        }
        assert_int_equal(visit_queue_push(&q, "new/m1", false, false, false, false, 1000), 0);
        assert_int_equal(visit_queue_push(&q, "new/m1/.git", true, false, false, false, 1000), 0);
        assert_int_equal(visit_queue_push(&q, "top", false, false, false, false, 1000), 0);
        assert_int_equal(q.n, 104);
        const char *want[] = {"", "burst/f0", "new/m1", "new/m1/.git", "top", "burst/f1", "burst/f2"};
        for (size_t i = 0; i < ELEMENTSOF(want); i++) {
                Visit *v = visit_queue_pop(&q);
                assert_non_null(v);
                assert_string_equal(v->rel, want[i]);
                visit_free(v);
        }
        /* the same name in two parents is two entries; twice in one is one */
        assert_int_equal(visit_queue_push(&q, "a/x", false, false, false, false, 1000), 0);
        assert_int_equal(visit_queue_push(&q, "b/x", false, false, false, false, 1000), 0);
        assert_int_equal(visit_queue_push(&q, "a/x", true, false, false, false, 1000), 0);
        assert_int_equal(q.n, 97 + 2);
        visit_queue_done(&q);
}

/* Urgent (made at an event) and bulk (a crawl, a rescan) are served in
 * turn when both hold some; a bulk visit queued again as urgent moves up,
 * once, its flags kept and widened. */
static void test_queue_urgent_in_turn(void **state) {
        VisitQueue q;
        char rel[32];
        (void) state;
        assert_int_equal(visit_queue_init(&q), 0);
        for (int i = 0; i < 10; i++) {
                snprintf(rel, sizeof rel, "s/d%d", i);
                assert_int_equal(visit_queue_push(&q, rel, false, false, false, false, 1000), 0);
        }
        assert_int_equal(visit_queue_push(&q, "new/c1", false, false, false, true, 1000), 0);
        assert_int_equal(visit_queue_push(&q, "s/d5", true, false, false, true, 1000), 0);
        assert_int_equal(visit_queue_push(&q, "s/d5", false, true, false, false, 1000), 0);
        assert_int_equal(q.n, 11);
        const char *want[] = {"s/d0", "new/c1", "s/d1", "s/d5", "s/d2", "s/d3", "s/d4", "s/d6"};
        for (size_t i = 0; i < ELEMENTSOF(want); i++) {
                Visit *v = visit_queue_pop(&q);
                assert_non_null(v);
                assert_string_equal(v->rel, want[i]);
                assert_int_equal(v->urgent, strcmp(want[i], "new/c1") == 0 || strcmp(want[i], "s/d5") == 0);
                if (strcmp(want[i], "s/d5") == 0) {
                        assert_true(v->git);
                        assert_true(v->writes);
                }
                visit_free(v);
        }
        assert_int_equal(q.n, 3);
        /* one dropped (gone before its visit) leaves at once */
        visit_queue_drop(&q, "s/d8");
        assert_int_equal(q.n, 2);
        const char *rest[] = {"s/d7", "s/d9"};
        for (size_t i = 0; i < ELEMENTSOF(rest); i++) {
                Visit *v = visit_queue_pop(&q);
                assert_string_equal(v->rel, rest[i]);
                visit_free(v);
        }
        assert_null(visit_queue_pop(&q));
        /* a rescan's clear takes the bulk level only */
        assert_int_equal(visit_queue_push(&q, "a/b", false, false, false, false, 1000), 0);
        assert_int_equal(visit_queue_push(&q, "c/d", false, false, false, true, 1000), 0);
        visit_queue_clear_bulk(&q);
        assert_int_equal(q.n, 1);
        Visit *v = visit_queue_pop(&q);
        assert_string_equal(v->rel, "c/d");
        visit_free(v);
        visit_queue_done(&q);
}

static void test_names(void **state) {
        char buf[8];
        (void) state;
        assert_false(walk_shallow_entry(false, false, "objects", "ab"));
        assert_true(walk_shallow_entry(true, false, ".git/objects", "ab"));
        assert_true(walk_shallow_entry(true, false, "objects", "pack"));
        assert_true(walk_shallow_entry(true, false, ".git/objects", "info"));
        assert_false(walk_shallow_entry(true, false, ".git/objects", "abc"));
        assert_false(walk_shallow_entry(true, false, ".git/objects", "AB"));
        assert_false(walk_shallow_entry(true, false, ".git/refs", "ab"));
        assert_true(walk_shallow_entry(true, true, ".git/lfs/objects/ab", "cd"));
        assert_false(walk_shallow_entry(true, true, ".git/objects/pack", "pack"));
        assert_true(walk_is_dotgit_name(".git"));
        assert_true(walk_is_dotgit_name(".GIT"));
        assert_false(walk_is_dotgit_name(".gitx"));
        assert_true(walk_is_dotgit("a/b/.git"));
        assert_true(walk_is_dotgit(".git"));
        assert_false(walk_is_dotgit("a/.GIT"));
        assert_false(walk_is_dotgit("a/x.git"));
        assert_true(walk_child_path(buf, sizeof buf, "", "abc"));
        assert_string_equal(buf, "abc");
        assert_true(walk_child_path(buf, sizeof buf, "ab", "cde"));
        assert_string_equal(buf, "ab/cde");
        assert_false(walk_child_path(buf, sizeof buf, "abc", "defg"));
}

/* What a scan said: found paths with their type, entered ones with their flags. */
typedef struct Seen {
        char found[32][64];
        WatchType type[32];
        int n_found;
        char entered[8][64];
        bool git[8], shallow[8];
        int n_entered;
        int warned;
} Seen;

static void on_found(void *ud, const char *rel, WatchType t) {
        Seen *s = ud;
        assert_true(s->n_found < 32);
        snprintf(s->found[s->n_found], sizeof s->found[0], "%s", rel);
        s->type[s->n_found++] = t;
}

static void on_warn(void *ud, const char *rel, int err, const char *what) {
        (void) rel, (void) err, (void) what;
        ((Seen *) ud)->warned++;
}

static void on_enter(void *ctx, const char *child, bool git, bool shallow) {
        Seen *s = ctx;
        assert_true(s->n_entered < 8);
        snprintf(s->entered[s->n_entered], sizeof s->entered[0], "%s", child);
        s->git[s->n_entered] = git;
        s->shallow[s->n_entered++] = shallow;
}

static const WatchCallbacks callbacks = {.found = on_found, .warn = on_warn};

/* How often rel was found, and as what (the last time). */
static int found(const Seen *s, const char *rel, WatchType *ret) {
        int c = 0;
        for (int i = 0; i < s->n_found; i++)
                if (streq(s->found[i], rel)) {
                        c++;
                        *ret = s->type[i];
                }
        return c;
}

static int scan(const char *dir, const char *rel, bool git, bool *shallow, Seen *s) {
        int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        assert_true(fd >= 0);
        memset(s, 0, sizeof *s);
        walk_scan(fd, rel, git, shallow, &callbacks, s, on_enter, s);
        return 0;
}

static void test_scan(void **state) {
        char dir[] = "/tmp/test-walk-XXXXXX", p[PATH_MAX], cmd[PATH_MAX + 64];
        Seen s;
        WatchType t;
        bool shallow = false;
        (void) state;
        assert_non_null(mkdtemp(dir));
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && mkdir d .git objects && touch f && ln -s d l && mkdir objects/ab objects/pack "
                 "&& touch objects/ab/obj",
                 dir);
        assert_int_equal(system(cmd), 0);

        scan(dir, "w", false, &shallow, &s);
        assert_int_equal(found(&s, "w/f", &t), 1);
        assert_int_equal(t, WATCH_FILE);
        assert_int_equal(found(&s, "w/l", &t), 1);
        assert_int_equal(t, WATCH_SYMLINK); /* reported as one, never entered */
        assert_int_equal(found(&s, "w/d", &t), 1);
        assert_int_equal(t, WATCH_DIR);
        assert_int_equal(s.n_entered, 3); /* d, .git, objects */
        for (int i = 0; i < s.n_entered; i++) {
                assert_int_equal(s.git[i], streq(s.entered[i], "w/.git"));
                assert_false(s.shallow[i]);
        }

        /* a .git's object store: its fan-out entered shallowly */
        snprintf(p, sizeof p, "%s", dir);
        scan(p, ".git", true, &shallow, &s);
        assert_int_equal(found(&s, ".git/objects", &t), 1);
        assert_false(s.shallow[0]);
        snprintf(p, sizeof p, "%s/objects", dir);
        scan(p, ".git/objects", true, &shallow, &s);
        assert_int_equal(s.n_entered, 2);
        for (int i = 0; i < s.n_entered; i++)
                assert_true(s.shallow[i]);

        /* shallow: only directories reported; an object is not */
        snprintf(p, sizeof p, "%s/objects/ab", dir);
        shallow = true;
        scan(p, ".git/objects/ab", true, &shallow, &s);
        assert_int_equal(s.n_found, 0);
        assert_true(shallow);
        /* until it holds a .git: then everything, from the start */
        snprintf(cmd, sizeof cmd, "mkdir '%s/objects/ab/.git' '%s/objects/ab/sub'", dir, dir);
        assert_int_equal(system(cmd), 0);
        shallow = true;
        scan(p, ".git/objects/ab", true, &shallow, &s);
        assert_false(shallow);
        assert_true(found(&s, ".git/objects/ab/obj", &t) >= 1);
        assert_int_equal(t, WATCH_FILE);
        assert_true(found(&s, ".git/objects/ab/.git", &t) >= 1);
        assert_int_equal(s.warned, 0);

        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        assert_int_equal(system(cmd), 0);
}

/* An event as the kernel gives it (its name padded) at the end of buf: its offset. */
static size_t add_event(char *buf, size_t *len, int wd, uint32_t mask, const char *name) {
        struct inotify_event *e = (struct inotify_event *) (buf + *len);
        size_t at = *len, nl = name ? (strlen(name) + 16) / 16 * 16 : 0;
        memset(e, 0, sizeof *e + nl);
        e->wd = wd;
        e->mask = mask;
        e->len = (uint32_t) nl;
        if (name)
                memcpy(e->name, name, strlen(name));
        *len += sizeof *e + nl;
        return at;
}

static bool marked(const char *buf, size_t at) {
        return (((const struct inotify_event *) (buf + at))->mask & WALK_SUPERSEDED) != 0;
}

static void test_superseded(void **state) {
        _Alignas(struct inotify_event) char buf[4096];
        size_t len = 0, swap[2][4];
        (void) state;
        /* Two directories swapped twice (RENAME_EXCHANGE: from A, to B,
         * from B, to A): at each name, only what its last move there and
         * after says is left; a move away stands for nothing (the other
         * directory's move to the name came first). */
        for (size_t k = 0; k < 2; k++) {
                swap[k][0] = add_event(buf, &len, 1, IN_MOVED_FROM | IN_ISDIR, "A");
                swap[k][1] = add_event(buf, &len, 1, IN_MOVED_TO | IN_ISDIR, "B");
                swap[k][2] = add_event(buf, &len, 1, IN_MOVED_FROM | IN_ISDIR, "B");
                swap[k][3] = add_event(buf, &len, 1, IN_MOVED_TO | IN_ISDIR, "A");
        }
        /* The same name in another directory is another name. */
        size_t other = add_event(buf, &len, 2, IN_MOVED_FROM | IN_ISDIR, "A");
        size_t other_to = add_event(buf, &len, 2, IN_CREATE | IN_ISDIR, "A");
        /* Made then deleted: the deletion stands for it. Deleted then made: nothing stands for the deletion.
         */
        size_t made = add_event(buf, &len, 1, IN_CREATE, "x");
        size_t written = add_event(buf, &len, 1, IN_MODIFY, "x");
        size_t deleted = add_event(buf, &len, 1, IN_DELETE, "x");
        size_t del2 = add_event(buf, &len, 1, IN_DELETE, "y");
        size_t made2 = add_event(buf, &len, 1, IN_CREATE, "y");
        /* Events lost between: nothing before stands for anything after. */
        size_t before = add_event(buf, &len, 1, IN_CREATE | IN_ISDIR, "z");
        add_event(buf, &len, -1, IN_Q_OVERFLOW, NULL);
        size_t after = add_event(buf, &len, 1, IN_DELETE | IN_ISDIR, "z");
        /* Marked from an offset on: what is before it is not looked at. */
        size_t late = add_event(buf, &len, 3, IN_CREATE, "w");
        size_t from = len;
        size_t late_del = add_event(buf, &len, 3, IN_DELETE, "w");

        assert_int_equal(walk_mark_superseded(buf, 0, from), 6); /* how many, as marked below */
        assert_int_equal(walk_mark_superseded(buf, from, len), 0);
        for (size_t i = 0; i < 4; i++)
                assert_true(marked(buf, swap[0][i]));
        assert_true(marked(buf, swap[1][0]));
        assert_false(marked(buf, swap[1][1])); /* to B, then from B: both left, B is looked at */
        assert_false(marked(buf, swap[1][2]));
        assert_false(marked(buf, swap[1][3]));
        assert_false(marked(buf, other));
        assert_false(marked(buf, other_to));
        assert_true(marked(buf, made));
        assert_false(marked(buf, written));
        assert_false(marked(buf, deleted));
        assert_false(marked(buf, del2));
        assert_false(marked(buf, made2));
        assert_false(marked(buf, before));
        assert_false(marked(buf, after));
        assert_false(marked(buf, late));
        assert_false(marked(buf, late_del));

        /* A flood of more names than are looked back at: each still
         * stood for by its own deletion when it comes soon enough, never
         * by another name's. */
        len = 0;
        size_t first[16];
        for (int i = 0; i < 16; i++) {
                char name[8];
                snprintf(name, sizeof name, "n%d", i);
                first[i] = add_event(buf, &len, 1, IN_CREATE, name);
        }
        size_t last = add_event(buf, &len, 1, IN_DELETE, "n15");
        size_t gone_early = add_event(buf, &len, 1, IN_DELETE, "n0");
        assert_int_equal(walk_mark_superseded(buf, 0, len), 1);
        assert_true(marked(buf, first[15]));
        assert_false(marked(buf, first[0])); /* out of the window: handled, never wrong */
        assert_false(marked(buf, last));
        assert_false(marked(buf, gone_early));
        for (int i = 1; i < 15; i++)
                assert_false(marked(buf, first[i]));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_queue_order_and_dedup),
                cmocka_unit_test(test_queue_grows_and_bound),
                cmocka_unit_test(test_queue_parents_in_turn),
                cmocka_unit_test(test_queue_urgent_in_turn),
                cmocka_unit_test(test_names),
                cmocka_unit_test(test_scan),
                cmocka_unit_test(test_superseded),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
