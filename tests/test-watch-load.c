/* SPDX-License-Identifier: MIT */
/*
 * The watcher's work per event under load the agent makes (issue 33 point
 * 4): the makers walk cut by its bound, an index rewritten in a loop (paced,
 * its files' oids kept by identity, nothing dropped), a flood of names in a
 * bound hooks/ (one record a directory an interval, with a count).
 */
#include "watch-fixture.h"

#include "git-index.h"

static void put32(uint8_t *p, uint32_t v) {
        p[0] = (uint8_t) (v >> 24);
        p[1] = (uint8_t) (v >> 16);
        p[2] = (uint8_t) (v >> 8);
        p[3] = (uint8_t) v;
}

/* A version 2 SHA-1 index with one entry, path at oid; its checksum zeros,
 * as index.skipHash writes it. */
static size_t index_one(uint8_t *buf, size_t cap, const char *path, const uint8_t oid[20]) {
        size_t len = strlen(path), used = 62 + len, total = (used + 8) & ~(size_t) 7;
        assert_true(12 + total + 20 <= cap);
        memset(buf, 0, 12 + total + 20);
        memcpy(buf, "DIRC", 4);
        put32(buf + 4, 2);
        put32(buf + 8, 1);
        put32(buf + 12 + 24, 0100644);
        memcpy(buf + 12 + 40, oid, 20);
        buf[12 + 60] = (uint8_t) (len >> 8);
        buf[12 + 61] = (uint8_t) len;
        memcpy(buf + 12 + 62, path, len);
        return 12 + total + 20;
}

/* A checkout a whose index tracks the protected .claude/settings.json,
 * protected (git done), with read_all counted from here. */
static uint8_t index_buf[256];
static T *protected_with_index(void) {
        base_tree();
        fake_add("a/.claude/settings.json", 'f');
        fake.nodes[fake.n - 1].content = "{}";
        uint8_t oid[32];
        git_blob_oid(GIT_HASH_SHA1, "{}", 2, oid);
        fake_add("a/.git/index", 'f');
        fake.nodes[fake.n - 1].data = index_buf;
        fake.nodes[fake.n - 1].data_n = index_one(index_buf, sizeof index_buf, ".claude/settings.json", oid);
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_true(bound("a/.claude") && bound("a/.git/config"));
        assert_int_equal(count(t, "\"event\":\"index-failed\""), 0);
        fake.read_all_calls = 0;
        return t;
}

/* The index rewritten (cp over it, mv over it): a new identity each time. */
static void rewrite(T *t, const char *index) {
        fake.nodes[find_node(index)].gen++;
        CHANGED(t, index);
}

static void test_index_loop_paced(void **state) {
        (void) state;
        T *t = protected_with_index();
        /* A loop of rewrites within one pause: the first looked at now (an
         * index read; the protected file's oid kept, not read again), the
         * rest once, when the pause ends. */
        for (int i = 0; i < 50; i++)
                rewrite(t, "a/.git/index");
        assert_int_equal(fake.read_all_calls, 1);
        advance(t, 200);
        assert_int_equal(fake.read_all_calls, 2);
        /* Nothing more asked for: nothing more done, no timer left. */
        advance(t, 1000);
        assert_int_equal(fake.read_all_calls, 2);
        /* An event on an index not written since the last look: not read. */
        CHANGED(t, "a/.git/index");
        assert_int_equal(fake.read_all_calls, 2);
        advance(t, 200);
        /* The protected file changed: its identity moved, so it is read
         * again and said to differ. */
        fake.nodes[find_node("a/.claude/settings.json")].content = "{\"x\":1}";
        rewrite(t, "a/.git/index");
        assert_int_equal(fake.read_all_calls, 4);
        assert_int_equal(count(t, "\"event\":\"protected-differs\""), 1);
        t_free(t);
}

/* A write deferred by the pause is looked at, not dropped: the file made to
 * differ in the pause is said once the pause ends. */
static void test_index_deferred_not_dropped(void **state) {
        (void) state;
        T *t = protected_with_index();
        rewrite(t, "a/.git/index");
        fake.nodes[find_node("a/.claude/settings.json")].content = "changed";
        rewrite(t, "a/.git/index");
        assert_int_equal(count(t, "\"event\":\"protected-differs\""), 0);
        advance(t, 200);
        assert_int_equal(count(t, "\"event\":\"protected-differs\""), 1);
        t_free(t);
}

/* Stopped with a look still deferred (SIGTERM in a rewrite loop): the
 * checkouts let go after the timers are (it crashed: host-e2e). */
static void test_index_deferred_at_stop(void **state) {
        (void) state;
        T *t = protected_with_index();
        rewrite(t, "a/.git/index");
        rewrite(t, "a/.git/index");
        watch_stop(t->w);
        t_free(t);
}

/* A second checkout b whose index is data (n bytes), found and protected. */
static void add_b(T *t, uint8_t *data, size_t n) {
        fake_add("b", 'd');
        fake_add("b/.git", 'd');
        fake_add("b/.git/HEAD", 'f');
        fake_add("b/.git/index", 'f');
        fake.nodes[fake.n - 1].data = data;
        fake.nodes[fake.n - 1].data_n = n;
        FOUND(t, "b/.git", WATCH_DIR);
        advance(t, 60);
}

/* And a budget over every checkout together (the agent links a large file
 * over many indexes in a loop, 31 watch F10): a look that read 32 MiB
 * holds the next look anywhere for 256 ms (128 MiB a second); an index
 * over 64 MiB is not read, and index-failed says so. */
static uint8_t big[32 * 1024 * 1024];
static void test_index_budget(void **state) {
        (void) state;
        T *t = protected_with_index();
        add_b(t, big, sizeof big);
        advance(t, 400); /* the budget its first look spent, past */
        fake.read_all_calls = 0;
        rewrite(t, "b/.git/index"); /* 32 MiB read now */
        assert_int_equal(fake.read_all_calls, 1);
        rewrite(t, "a/.git/index"); /* a's own pace allows it; the budget not yet */
        assert_int_equal(fake.read_all_calls, 1);
        advance(t, 200);
        assert_int_equal(fake.read_all_calls, 1);
        advance(t, 200); /* past 256 ms: a's look, deferred, not dropped */
        assert_int_equal(fake.read_all_calls, 2);
        fake.nodes[find_node("b/.git/index")].data_n =
                64 * 1024 * 1024 + 1; /* (not read: no buffer needed) */
        rewrite(t, "b/.git/index");
        advance(t, 1000);
        assert_true(count(t, "\"event\":\"index-failed\"") >= 1);
        assert_int_equal(count(t, "File too large"), 1);
        t_free(t);
}

/* The pace is a checkout's own: another checkout's loop takes nothing from
 * it. */
static void test_index_pace_per_checkout(void **state) {
        (void) state;
        T *t = protected_with_index();
        add_b(t, index_buf, fake.nodes[find_node("a/.git/index")].data_n);
        fake.read_all_calls = 0;
        for (int i = 0; i < 20; i++) {
                rewrite(t, "a/.git/index");
                rewrite(t, "b/.git/index");
        }
        /* One look each now (a's index and what it tracks of a's files, by
         * identity; b's index and its file, not bound there, not read). */
        assert_int_equal(fake.read_all_calls, 2);
        advance(t, 200);
        assert_int_equal(fake.read_all_calls, 4);
        t_free(t);
}

/* A flood of names in a bound hooks/: the first said at once, the rest of
 * the interval one record with their count; git's samples not counted. */
static void test_hooks_flood(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_true(bound("a/.git/hooks"));
        size_t before = count(t, "\"event\":\"git-audit\"");
        char name[64];
        for (int i = 0; i < 1000; i++) {
                snprintf(name, sizeof name, "a/.git/hooks/h%d", i);
                FOUND(t, name, WATCH_FILE);
        }
        FOUND(t, "a/.git/hooks/pre-commit.sample", WATCH_FILE);
        assert_int_equal(count(t, "\"event\":\"git-audit\""), before + 1);
        assert_int_equal(count(t, "\"hooks\":\"h0\""), 1);
        advance(t, 1000);
        assert_int_equal(count(t, "\"event\":\"git-audit\""), before + 2);
        assert_int_equal(count(t, "\"count\":999"), 1);
        assert_int_equal(count(t, "and 991 more"), 1);
        /* A quiet interval: the next name is said at once again. */
        advance(t, 1000);
        FOUND(t, "a/.git/hooks/late", WATCH_FILE);
        assert_int_equal(count(t, "\"hooks\":\"late\""), 1);
        /* One still counted at the end is said at the end. */
        FOUND(t, "a/.git/hooks/last", WATCH_FILE);
        watch_stop(t->w);
        assert_int_equal(count(t, "\"hooks\":\"last\""), 1);
        t_free(t);
}

/* Two hooks directories flooded together: a record each. */
static void test_hooks_flood_per_directory(void **state) {
        (void) state;
        base_tree();
        fake_add("b", 'd');
        fake_add("b/.git", 'd');
        fake_add("b/.git/HEAD", 'f');
        fake_add("b/.git/hooks", 'd');
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "b/.git", WATCH_DIR);
        advance(t, 60);
        size_t before = count(t, "\"event\":\"git-audit\"");
        for (int i = 0; i < 100; i++) {
                FOUND(t, i % 2 ? "a/.git/hooks/x" : "b/.git/hooks/x", WATCH_FILE);
        }
        advance(t, 1000);
        assert_int_equal(count(t, "\"event\":\"git-audit\""), before + 4);
        assert_int_equal(count(t, "\"count\":49"), 2);
        t_free(t);
}

/* The makers walk the bound cut: said (and the checkout protected all the
 * same); a walk that was whole says nothing. */
static void test_makers_cut(void **state) {
        (void) state;
        static const struct {
                bool cut;
                size_t said;
        } cases[] = {{false, 0}, {true, 1}};
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                base_tree();
                T *t = t_new();
                procs_cut = cases[i].cut;
                FOUND(t, "a/.git", WATCH_DIR);
                advance(t, 60);
                assert_int_equal(count(t, "\"event\":\"makers-cut\""), cases[i].said);
                assert_true(bound("a/.git/config"));
                WatchStats st;
                watch_stats(t->w, &st);
                assert_int_equal(st.makers_cut, cases[i].said);
                t_free(t);
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_index_loop_paced),
                cmocka_unit_test(test_index_deferred_not_dropped),
                cmocka_unit_test(test_index_deferred_at_stop),
                cmocka_unit_test(test_index_pace_per_checkout),
                cmocka_unit_test(test_index_budget),
                cmocka_unit_test(test_hooks_flood),
                cmocka_unit_test(test_hooks_flood_per_directory),
                cmocka_unit_test(test_makers_cut),
        };
        return RUN(tests);
}
