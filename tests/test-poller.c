/* SPDX-License-Identifier: MIT */
/* The bounded poller's walk (platform/darwin/poller.c) over a fake filesystem, tick
 * by tick: no clock, no disk. */
#include "tests.h"

#include "poller.h"
#include "util.h"

/* The fake tree: paths and types. */
static struct {
        char path[64];
        WatchType type;
        bool present;
} tree[256];
static size_t n_tree;
static unsigned lists; /* directories listed */

static void add(const char *path, WatchType t) {
        for (size_t i = 0; i < n_tree; i++)
                if (streq(tree[i].path, path)) {
                        tree[i].type = t;
                        tree[i].present = true;
                        return;
                }
        snprintf(tree[n_tree].path, sizeof tree[0].path, "%s", path);
        tree[n_tree].type = t;
        tree[n_tree++].present = true;
}

static void del(const char *path) {
        for (size_t i = 0; i < n_tree; i++)
                if (streq(tree[i].path, path))
                        tree[i].present = false;
}

static int fake_list(void *fs, const char *rel, void (*emit)(void *ctx, const char *name, WatchType type),
                     void *ctx) {
        size_t n = strlen(rel);
        (void) fs;
        lists++;
        for (size_t i = 0; i < n_tree; i++) {
                const char *p = tree[i].path;
                if (!tree[i].present)
                        continue;
                /* A direct child of rel. */
                const char *name;
                if (n == 0)
                        name = p;
                else if (strncmp(p, rel, n) == 0 && p[n] == '/')
                        name = p + n + 1;
                else
                        continue;
                if (strchr(name, '/'))
                        continue;
                emit(ctx, name, tree[i].type);
        }
        return 0;
}

/* What the poller said. */
static char said[64][160];
static size_t n_said;
static unsigned readies, passes_seen;

static void say(const char *what, const char *rel) {
        if (n_said < ELEMENTSOF(said))
                snprintf(said[n_said++], sizeof said[0], "%s %s", what, rel);
}
static void cb_found(void *u, const char *rel, WatchType t) {
        (void) u;
        say(t == WATCH_DIR ? "found-dir" : t == WATCH_SYMLINK ? "found-link" : "found", rel);
}
static void cb_gone(void *u, const char *rel) {
        (void) u;
        say("gone", rel);
}
static void cb_rescan(void *u) {
        (void) u;
}
static void cb_ready(void *u) {
        (void) u;
        readies++;
}
static void cb_warn(void *u, const char *rel, int err, const char *what) {
        (void) u;
        (void) err;
        char buf[96];
        snprintf(buf, sizeof buf, "%.40s @%s", what, rel);
        say("warn", buf);
}
static void cb_pass(void *u, size_t entries, unsigned ticks) {
        (void) u;
        (void) entries;
        (void) ticks;
        passes_seen++;
}
static const WatchCallbacks cbs = {
        .found = cb_found,
        .gone = cb_gone,
        .rescan = cb_rescan,
        .ready = cb_ready,
        .warn = cb_warn,
        .pass = cb_pass,
};

static bool has(const char *line) {
        for (size_t i = 0; i < n_said; i++)
                if (streq(said[i], line))
                        return true;
        return false;
}

static size_t count_prefix(const char *prefix) {
        size_t n = 0;
        for (size_t i = 0; i < n_said; i++)
                n += strncmp(said[i], prefix, strlen(prefix)) == 0;
        return n;
}

static Poller *start(size_t max_entries, unsigned max_depth) {
        PollFs fs = {.list = fake_list};
        WatchOptions o = {.interval_ms = 1000, .max_depth = max_depth, .max_entries = max_entries};
        n_said = 0;
        readies = passes_seen = lists = 0;
        return poller_new(&fs, &o, &cbs, NULL);
}

static void reset_tree(void) {
        n_tree = 0;
        add("a", WATCH_DIR);
        add("a/.git", WATCH_DIR);
        add("a/.git/config", WATCH_FILE);
        add("a/.git/objects", WATCH_DIR);
        add("a/.git/objects/ab", WATCH_DIR);
        add("a/.env", WATCH_FILE);
        add("link", WATCH_SYMLINK);
        add("b", WATCH_DIR);
        add("b/c", WATCH_DIR);
}

static void test_discovery_then_quiet(void **state) {
        (void) state;
        reset_tree();
        Poller *p = start(1000, 16);

        assert_true(poller_tick(p));
        assert_int_equal(readies, 1);
        assert_true(has("found-dir a"));
        assert_true(has("found-dir a/.git"));
        assert_true(has("found a/.git/config"));
        assert_true(has("found a/.env"));
        assert_true(has("found-link link"));
        assert_true(has("found-dir b/c"));
        /* Inside .git only its top level: objects is found, not entered. */
        assert_true(has("found-dir a/.git/objects"));
        assert_false(has("found-dir a/.git/objects/ab"));

        /* Nothing changed: nothing said, tick after tick. */
        n_said = 0;
        for (int i = 0; i < 5; i++)
                assert_true(poller_tick(p));
        assert_int_equal(n_said, 0);
        assert_int_equal(readies, 1);
        poller_free(p);
}

static void test_changes_reported_once(void **state) {
        (void) state;
        reset_tree();
        Poller *p = start(1000, 16);
        poller_tick(p);

        n_said = 0;
        add("n", WATCH_DIR);
        add("n/.git", WATCH_DIR);
        add("n/.env", WATCH_FILE);
        poller_tick(p);
        assert_true(has("found-dir n/.git"));
        assert_true(has("found n/.env"));
        assert_int_equal(n_said, 3);
        poller_tick(p);
        assert_int_equal(n_said, 3); /* once */

        /* Gone, and back: reported again. */
        del("n/.env");
        poller_tick(p);
        assert_true(has("gone n/.env"));
        n_said = 0;
        add("n/.env", WATCH_FILE);
        poller_tick(p);
        assert_true(has("found n/.env"));
        assert_int_equal(n_said, 1);

        /* Replaced by a symlink: gone, then found as one. */
        n_said = 0;
        add("n/.env", WATCH_SYMLINK);
        poller_tick(p);
        assert_true(has("gone n/.env"));
        assert_true(has("found-link n/.env"));
        poller_free(p);
}

static void test_entries_bound_resumes(void **state) {
        (void) state;
        n_tree = 0;
        char name[64];
        for (int i = 0; i < 10; i++) {
                snprintf(name, sizeof name, "d%d", i);
                add(name, WATCH_DIR);
                for (int j = 0; j < 5; j++) {
                        snprintf(name, sizeof name, "d%d/f%d", i, j);
                        add(name, WATCH_FILE);
                }
        }
        add("d9/.git", WATCH_DIR);
        /* 61 entries; 20 a tick: a pass takes several ticks, and each tick
         * lists no more than one directory past the bound. */
        Poller *p = start(20, 16);
        int ticks = 0;
        while (!poller_tick(p))
                ticks++;
        ticks++;
        assert_true(ticks >= 3 && ticks <= 5);
        /* Covered whole, over the ticks: all found, one warning naming the
         * bound and where the walk stopped. */
        assert_int_equal(count_prefix("found"), 61);
        assert_int_equal(count_prefix("warn --max-entries 20 per tick reached"), 1);
        assert_int_equal(readies, 1);

        /* The bound still holds on the next pass: no second warning. */
        n_said = 0;
        while (!poller_tick(p))
                ;
        assert_int_equal(count_prefix("warn"), 0);
        assert_int_equal(n_said, 0);
        poller_free(p);

        /* A tree the bound fits: no warning at all. */
        p = start(1000, 16);
        poller_tick(p);
        assert_int_equal(count_prefix("warn"), 0);
        poller_free(p);
}

static void test_depth_bound(void **state) {
        (void) state;
        n_tree = 0;
        add("1", WATCH_DIR);
        add("1/2", WATCH_DIR);
        add("1/2/3", WATCH_DIR);
        add("1/2/3/4", WATCH_DIR);
        add("1/2/3/4/.env", WATCH_FILE);
        Poller *p = start(1000, 3);
        poller_tick(p);
        /* Depth 3: 1/2/3 is found but not entered. */
        assert_true(has("found-dir 1/2/3"));
        assert_false(has("found-dir 1/2/3/4"));
        assert_int_equal(count_prefix("warn --max-depth 3 reached"), 1);
        bool at = false;
        for (size_t i = 0; i < n_said; i++)
                at = at || (strncmp(said[i], "warn --max-depth", 16) == 0 && strstr(said[i], " @1/2/3"));
        assert_true(at); /* names where it stopped */
        /* Said once while it holds. */
        n_said = 0;
        poller_tick(p);
        assert_int_equal(n_said, 0);
        poller_free(p);
}

static void test_symlinks_not_entered(void **state) {
        (void) state;
        n_tree = 0;
        add("real", WATCH_DIR);
        add("real/x", WATCH_FILE);
        add("via", WATCH_SYMLINK);
        add("via/x", WATCH_FILE); /* what the link leads to, were it followed */
        Poller *p = start(1000, 16);
        poller_tick(p);
        assert_true(has("found-link via"));
        assert_false(has("found via/x"));
        assert_true(has("found real/x"));
        poller_free(p);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_discovery_then_quiet),  cmocka_unit_test(test_changes_reported_once),
                cmocka_unit_test(test_entries_bound_resumes), cmocka_unit_test(test_depth_bound),
                cmocka_unit_test(test_symlinks_not_entered),
        };
        return RUN(tests);
}
