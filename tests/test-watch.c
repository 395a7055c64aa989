/* SPDX-License-Identifier: MIT */
/*
 * The watcher's decisions (daemon/engine/watch/) on a fake filesystem: scripted
 * events in, a fake mount engine and fake git processes under it. No root,
 * no kernel, and no time but a fake clock's: a test says how much passes
 * (advance), so a loaded machine cannot change what happens in between.
 */
#include "watch-fixture.h"

#include <fcntl.h>
#include <jansson.h>

static void test_discovery(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();

        FOUND(t, "a", WATCH_DIR);
        assert_false(watch_is_checkout(t->w, "a"));
        FOUND(t, "a/.git", WATCH_DIR);
        assert_true(watch_is_checkout(t->w, "a"));
        /* At discovery, the masks of what exists go on at once; protects
         * (.claude/) wait for git to be done, like the git metadata. */
        assert_true(bound("a/.env"));
        assert_false(bound("a/.claude"));
        assert_int_equal(count(t, "\"event\":\"checkout\""), 1);
        /* Found again (a scan, an event): bound once. */
        int calls = fake.bind_calls;
        FOUND(t, "a/.env", WATCH_FILE);
        FOUND(t, "a/.git", WATCH_DIR);
        assert_int_equal(fake.bind_calls, calls);
        advance(t, 60);
        assert_true(bound("a/.claude"));
        /* Once protected, a protect path made later goes on at its event. */
        fake.nodes[find_node("a/.claude")].bound = false; /* unmounted (by an admin), */
        assert_int_equal(fake_remove("a/.claude"), 0);    /* deleted, */
        GONE(t, "a/.claude");
        fake_add("a/.claude", 'd'); /* and made again */
        FOUND(t, "a/.claude", WATCH_DIR);
        assert_true(bound("a/.claude"));
        t_free(t);
}

static void test_root_is_not_a_checkout(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, ".git", WATCH_DIR);
        FOUND(t, ".env", WATCH_FILE);
        assert_false(watch_is_checkout(t->w, ""));
        assert_false(bound(".env"));
        assert_false(bound(".git"));
        t_free(t);
}

static void test_gitfile_and_symlink_git(void **state) {
        (void) state;
        base_tree();
        fake_add("b", 'd');
        fake_add("b/.git", 'f');
        fake_add("c", 'd');
        fake_add("c/.git", 'l');
        fake_add("c/.env", 'f');
        T *t = t_new();

        FOUND(t, "b/.git", WATCH_FILE);
        assert_true(watch_is_checkout(t->w, "b"));
        /* A symlink named .git: git follows it, so it is a checkout whose
         * policy paths are bound; its git metadata is not. One warning. */
        FOUND(t, "c/.git", WATCH_SYMLINK);
        FOUND(t, "c/.git", WATCH_SYMLINK);
        assert_true(watch_is_checkout(t->w, "c"));
        FOUND(t, "c/.env", WATCH_FILE);
        assert_true(bound("c/.env"));
        assert_int_equal(count(t, "\"event\":\"symlink-git\""), 1);
        assert_int_equal(count(t, "c/.git is a symlink named .git: git follows it"), 1);
        /* its git metadata is judged once the git that made it is done */
        assert_int_equal(count(t, "c/.git: its gitdir is reached through a symlink"), 0);
        advance(t, 20);
        assert_int_equal(count(t, "c/.git: its gitdir is reached through a symlink"), 1);
        t_free(t);
}

static void test_nested_and_anchored(void **state) {
        (void) state;
        base_tree();
        fake_add("a/vendor", 'd');
        fake_add("a/vendor/.env", 'f');
        fake_add("a/vendor/lib", 'd');
        fake_add("a/vendor/lib/.git", 'd');
        fake_add("a/vendor/lib/.env", 'f');
        fake_add("a/vendor/lib/secrets", 'd');
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/vendor/lib/.git", WATCH_DIR);
        assert_true(watch_is_checkout(t->w, "a/vendor/lib"));
        FOUND(t, "a/vendor/.env", WATCH_FILE);
        FOUND(t, "a/vendor/lib/.env", WATCH_FILE);
        FOUND(t, "a/vendor/lib/secrets", WATCH_DIR);
        /* Each checkout is its own root: anchored there, nowhere else. */
        assert_false(bound("a/vendor/.env"));
        assert_true(bound("a/vendor/lib/.env"));
        assert_true(bound("a/vendor/lib/secrets"));
        t_free(t);
}

static void test_appears_later_and_again(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        /* Made after discovery: bound at its event. */
        fake_add("a/secrets", 'd');
        FOUND(t, "a/secrets", WATCH_DIR);
        assert_true(bound("a/secrets"));
        /* Its parent moved away, the path made again (then the event):
         * bound again. */
        fake.nodes[fake.n - 1].bound = false;
        GONE(t, "a/secrets");
        int calls = fake.bind_calls;
        FOUND(t, "a/secrets", WATCH_DIR);
        assert_int_equal(fake.bind_calls, calls + 1);
        assert_true(bound("a/secrets"));
        t_free(t);
}

static void test_policy_symlink_not_bound(void **state) {
        (void) state;
        base_tree();
        fake.nodes[7].type = 'l'; /* a/.env is a symlink */
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/.env", WATCH_SYMLINK);
        assert_false(bound("a/.env"));
        assert_int_equal(count(t, "\"event\":\"symlink-not-bound\""), 1);
        assert_int_equal(count(t, "a/.env in nested checkout a is a symlink (or under one): not bound"), 1);
        t_free(t);
}

static void test_git_metadata_waits_for_git(void **state) {
        (void) state;
        base_tree();
        int git = proc_add(true, 1, 5, "/tmp"); /* git init a, just started, from the root */
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        /* Masks are never delayed. */
        assert_true(bound("a/.env"));
        advance(t, 80);
        assert_false(bound("a/.git/config"));
        assert_false(bound("a/.git/hooks"));
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.pending, 1);

        /* A protect made while git runs (a clone checking out .claude/)
         * waits too: a read-only bind now would fail git. */
        FOUND(t, "a/.claude", WATCH_DIR);
        assert_false(bound("a/.claude"));

        proc_exit(git);
        advance(t, 10);
        assert_true(bound("a/.git/config"));
        assert_true(bound("a/.git/hooks"));
        assert_true(bound("a/.claude"));
        assert_int_equal(count(t, "protected the git metadata of nested checkout a (git finished)"), 1);
        watch_stats(t->w, &st);
        assert_int_equal(st.pending, 0);
        t_free(t);
}

/* A directory and a file in it, holding content. */
static void fake_dir_file(const char *dir, const char *file, const char *content) {
        fake_add(dir, 'd');
        fake_add(file, 'f');
        fake.nodes[fake.n - 1].content = content;
}

/* A .git file read while the git that writes it runs (a clone of a
 * submodule: the .git file before its gitdir is whole) is judged once
 * that git is done: no warning for what git was still making; one for
 * what is still wrong then. */
static void test_gitfile_judged_after_makers(void **state) {
        (void) state;
        base_tree();
        int git = proc_add(true, 1, 5, "/tmp"); /* git clone --recurse-submodules, from the root */
        fake_dir_file("a/s", "a/s/.git", "gitdir: ../.git/modules/s\n");
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/s/.git", WATCH_FILE);
        advance(t, 80);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 0);
        fake_add("a/.git/modules", 'd');
        fake_add("a/.git/modules/s", 'd');
        fake_add("a/.git/modules/s/config", 'f');
        FOUND(t, "a/.git/modules", WATCH_DIR);
        proc_exit(git);
        advance(t, 20);
        assert_true(bound("a/.git/modules/s/config"));
        assert_int_equal(count(t, "protected the git metadata of nested checkout a/s (git finished)"), 1);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 0);

        /* One git leaves a .git file naming nothing: said once it is done. */
        git = proc_add(true, 1, 5, "/tmp");
        fake_add("b", 'd');
        fake_dir_file("b/t", "b/t/.git", "gitdir: ../nowhere\n");
        FOUND(t, "b/t/.git", WATCH_FILE);
        advance(t, 80);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 0);
        proc_exit(git);
        advance(t, 20);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 1);
        assert_int_equal(count(t, "git metadata of nested checkout b/t not protected"), 1);
        t_free(t);
}

/* A protected worktree moved (git worktree move: its directory renamed):
 * its .git is read again at its old name before the rename's event comes
 * (an index written, a tick), and is not there. The checkout went, nothing
 * was refused: no warning; at its new name it is protected again. */
static void test_moved_worktree_not_refused(void **state) {
        (void) state;
        base_tree();
        /* wt, a worktree of a: its admin dir, whose commondir is a's */
        fake_add("a/.git/worktrees", 'd');
        fake_dir_file("a/.git/worktrees/wt", "a/.git/worktrees/wt/commondir", "../..\n");
        fake_dir_file("wt", "wt/.git", "gitdir: ../a/.git/worktrees/wt\n");
        size_t dir = fake.n - 2, gitfile = fake.n - 1;
        T *t = t_new();
        FOUND(t, "wt/.git", WATCH_FILE);
        advance(t, 20);
        assert_true(bound("a/.git/config"));
        fake.nodes[dir].path = "wt2";
        fake.nodes[gitfile].path = "wt2/.git";
        FOUND(t, "a/.git/worktrees/wt/index", WATCH_FILE); /* git worktree move writes it */
        FOUND(t, "wt/x", WATCH_FILE);                      /* and anything in it: read again */
        advance(t, 20);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 0);
        GONE(t, "wt");
        FOUND(t, "wt2/.git", WATCH_FILE);
        advance(t, 20);
        assert_true(watch_is_checkout(t->w, "wt2"));
        /* The same admin dir: it keeps its protection (moved.c). */
        assert_int_equal(count(t, "nested checkout wt moved to wt2 (the same gitdir)"), 1);
        assert_int_equal(
                count(t, "protected the git metadata of nested checkout wt2 (moved, protected before)"), 1);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 0);
        t_free(t);
}

/* A git lock holds protection off while a git is at work there; with no
 * process left that holds anything in the checkout, it is stale (a git
 * killed while it wrote, a repository moved in with its lock): protected
 * at the next look, and said. */
static void test_git_lock(void **state) {
        (void) state;
        base_tree();
        fake_add("a/.git/index.lock", 'f');
        size_t lock = fake.n - 1;
        int git = proc_add(true, 1, 60000, "/tmp/a"); /* at work in a: it holds the lock */
        T *t = t_new();

        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_false(bound("a/.git/config")); /* a git and its lock: git is not done */
        proc_exit(git);
        advance(t, 20);
        assert_true(bound("a/.git/config")); /* the lock outlived every git: stale */
        assert_int_equal(count(t, "\"event\":\"git-lock-stale\""), 1);
        assert_int_equal(count(t, "\"path\":\"a/.git/index.lock\""), 1);
        t_free(t);

        /* No git at all (moved in with it): not waited for either. */
        base_tree();
        fake_add("a/.git/config.lock", 'f');
        t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 20);
        assert_true(bound("a/.git/config"));
        assert_int_equal(count(t, "\"event\":\"git-lock-stale\""), 1);
        t_free(t);

        /* The look for its makers cut short (makers-cut): the lock may be
         * a git's whose files were not read; it holds until the deadline. */
        base_tree();
        fake_add("a/.git/index.lock", 'f');
        procs_cut = true;
        t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_false(bound("a/.git/config"));
        assert_int_equal(count(t, "\"event\":\"git-lock-stale\""), 0);
        advance(t, 300);
        assert_true(bound("a/.git/config"));
        t_free(t);

        /* Lock gone with its git: protected at the next check, nothing
         * said. Activity in the gitdir does not hold it off (an agent
         * touching it would, for ever). */
        base_tree();
        fake_add("a/.git/index.lock", 'f');
        lock = fake.n - 1;
        git = proc_add(true, 1, 60000, "/tmp/a");
        t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_false(bound("a/.git/config"));
        fake.nodes[lock].path = "a/.git/gone";
        proc_exit(git);
        FOUND(t, "a/.git/objects", WATCH_DIR);
        advance(t, 20);
        assert_true(bound("a/.git/config"));
        assert_int_equal(count(t, "\"event\":\"git-lock-stale\""), 0);
        t_free(t);
}

/* Only the git that made the checkout counts: its working directory or an
 * open file is in it, or it started just before, in the workspace; with its
 * git parents and all its children. */
static void test_makers(void **state) {
        (void) state;
        base_tree();
        /* Unrelated: a git that ran long before, in another checkout, and
         * one outside the root that just started. */
        (void) proc_add(true, 1, 60000, "/tmp/b");
        (void) proc_add(true, 1, 60000, "/elsewhere");
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 10);
        assert_true(bound("a/.git/config"));
        t_free(t);

        /* One that just started, from anywhere, naming the checkout (git
         * init /abs/path); one that just started above it (git init a, in
         * the root); one that just started elsewhere, naming nothing: not
         * a maker. */
        base_tree();
        int init = proc_add(true, 1, 1500, "/elsewhere");
        procs[n_procs - 1].arg = "/tmp/a";
        int above = proc_add(true, 1, 1500, "/tmp");
        (void) proc_add(true, 1, 1500, "/elsewhere");
        t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 20);
        assert_false(bound("a/.git/config"));
        proc_exit(init);
        advance(t, 10);
        assert_false(bound("a/.git/config"));
        proc_exit(above);
        advance(t, 10);
        assert_true(bound("a/.git/config"));
        t_free(t);

        /* A long-running git whose working directory is in the checkout. */
        base_tree();
        int in = proc_add(true, 1, 60000, "/tmp/a/sub");
        t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 20);
        assert_false(bound("a/.git/config"));
        proc_exit(in);
        advance(t, 10);
        assert_true(bound("a/.git/config"));
        t_free(t);

        /* One holding a file in the gitdir, its git parent (a submodule
         * update around its clone) and the parent's other child, not git. */
        base_tree();
        int parent = proc_add(true, 1, 60000, "/elsewhere");
        int child = proc_add(true, parent, 60000, "/elsewhere");
        procs[n_procs - 1].file = "/tmp/a/.git/objects/pack/tmp_pack_x";
        int helper = proc_add(false, parent, 60000, "/elsewhere");
        int shell = proc_add(false, 1, 60000, "/tmp/a"); /* not git: never a maker */
        t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 20);
        proc_exit(child);
        advance(t, 20);
        assert_false(bound("a/.git/config"));
        proc_exit(parent);
        advance(t, 20);
        assert_false(bound("a/.git/config"));
        proc_exit(helper);
        advance(t, 10);
        assert_true(bound("a/.git/config"));
        (void) shell;
        t_free(t);
}

static void test_git_deadline(void **state) {
        (void) state;
        base_tree();
        (void) proc_add(true, 1, 0, "/tmp/a"); /* and it never ends */
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 150);
        assert_false(bound("a/.git/config"));
        advance(t, 250);
        assert_true(bound("a/.git/config"));
        assert_int_equal(count(t, "(deadline reached while git still ran)"), 1);
        t_free(t);
}

/* mv a a2 in the fake tree: every node's path (the names are static). */
static void rename_a(void) {
        static char names[FAKE_MAX][64];
        for (size_t i = 0; i < fake.n; i++)
                if (strncmp(fake.nodes[i].path, "a", 1) == 0 &&
                    (fake.nodes[i].path[1] == 0 || fake.nodes[i].path[1] == '/')) {
                        snprintf(names[i], sizeof names[i], "a2%s", fake.nodes[i].path + 1);
                        fake.nodes[i].path = names[i];
                }
}

/* A checkout renamed is the same checkout (red team F13): pending, it
 * keeps its deadline (a rename does not start it again); protected, it is
 * protected again at once, whatever git sits in it. */
static void test_renamed_keeps_state(void **state) {
        (void) state;
        base_tree();
        int git = proc_add(true, 1, 0, "/tmp/a"); /* it never ends */
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 200);
        rename_a();
        procs[git - 1000].cwd = "/tmp/a2";
        GONE(t, "a");
        FOUND(t, "a2", WATCH_DIR);
        FOUND(t, "a2/.git", WATCH_DIR);
        assert_int_equal(
                count(t, "nested checkout a moved to a2 (the same gitdir): it keeps its state (pending)"),
                1);
        advance(t, 150); /* the deadline as it was: 300 ms after a appeared */
        assert_true(bound("a2/.git/config"));
        assert_int_equal(count(t, "nested checkout a2 (deadline reached while git still ran)"), 1);

        /* Protected, renamed again under the same git: protected at once. */
        for (size_t i = 0; i < fake.n; i++)
                if (strncmp(fake.nodes[i].path, "a2", 2) == 0)
                        fake.nodes[i].path += 1; /* "a2..." -> "2..." */
        procs[git - 1000].cwd = "/tmp/2";
        GONE(t, "a2");
        FOUND(t, "2", WATCH_DIR);
        FOUND(t, "2/.git", WATCH_DIR);
        assert_int_equal(count(t, "nested checkout 2 (moved, protected before)"), 1);
        t_free(t);
}

static void test_metadata_after_protection(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_true(bound("a/.git/config"));
        /* A metadata path made later: the rule runs again for it. */
        fake_add("a/.git/info", 'd');
        fake_add("a/.git/info/attributes", 'f');
        FOUND(t, "a/.git/info", WATCH_DIR);
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.pending, 1);
        advance(t, 60);
        assert_true(bound("a/.git/info/attributes"));
        t_free(t);
}

static void test_gitfile_gitdir(void **state) {
        (void) state;
        base_tree();
        /* A linked worktree of the nested checkout a: its gitdir in
         * a/.git/worktrees/wt, its common dir a/.git. */
        fake_add("wt", 'd');
        fake_add("wt/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: ../a/.git/worktrees/wt\r\n";
        fake_add("a/.git/worktrees", 'd');
        fake_add("a/.git/worktrees/wt", 'd');
        fake_add("a/.git/worktrees/wt/commondir", 'f');
        fake.nodes[fake.n - 1].content = "../..\n";
        fake_add("a/.git/worktrees/wt/config.worktree", 'f');
        /* A submodule with an absolute gitdir beneath the root. */
        fake_add("sub", 'd');
        fake_add("sub/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: /tmp/a/.git/modules/sub\n";
        fake_add("a/.git/modules", 'd');
        fake_add("a/.git/modules/sub", 'd');
        fake_add("a/.git/modules/sub/config", 'f');
        /* One pointing out of the root; one out by "..". */
        fake_add("out", 'd');
        fake_add("out/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: /elsewhere/.git";
        fake_add("up", 'd');
        fake_add("up/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: ../../x/.git";
        /* A worktree of the root itself: its common dir is the root's. */
        fake_add(".git/worktrees", 'd');
        fake_add(".git/worktrees/rw", 'd');
        fake_add(".git/worktrees/rw/commondir", 'f');
        fake.nodes[fake.n - 1].content = "../..";
        fake_add(".git/config", 'f');
        fake_add("rw", 'd');
        fake_add("rw/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: .git/../../.git/worktrees/rw";
        T *t = t_new();

        FOUND(t, "wt/.git", WATCH_FILE);
        FOUND(t, "sub/.git", WATCH_FILE);
        FOUND(t, "out/.git", WATCH_FILE);
        FOUND(t, "up/.git", WATCH_FILE);
        FOUND(t, "rw/.git", WATCH_FILE);
        advance(t, 60);

        /* Nothing in a linked worktree's admin dir: git deletes it with
         * the worktree (a bind there pins it: worktree remove fails and
         * fsck fails for good). Its config.worktree is audited instead. */
        assert_false(bound("a/.git/worktrees/wt/config.worktree"));
        assert_false(bound("a/.git/worktrees/wt/commondir"));
        assert_false(bound("a/.git/worktrees/wt"));
        assert_true(bound("a/.git/config")); /* the common dir's */
        assert_true(bound("a/.git/hooks"));
        assert_true(bound("a/.git/modules/sub/config")); /* a submodule's gitdir is its own */
        assert_false(bound(".git/worktrees/rw/commondir"));
        assert_false(bound(".git/config")); /* the root's own: enforce's */
        size_t audits = count(t, "a/.git/worktrees/wt/config.worktree sets keys");
        fake.nodes[find_node("a/.git/worktrees/wt/config.worktree")].content = "[core]\n\tfsmonitor = x\n";
        CHANGED(t, "a/.git/worktrees/wt/config.worktree");
        advance(t, 60); /* in the sweep, once quiet */
        assert_int_equal(
                count(t, "a/.git/worktrees/wt/config.worktree sets keys that make git run a program or "
                         "read more config: core.fsmonitor"),
                audits + 1);
        assert_int_equal(count(t, "out/.git: it names a gitdir outside the root"), 1);
        assert_int_equal(count(t, "up/.git: it names a gitdir outside the root"), 1);
        assert_int_equal(count(t, "\"event\":\"gitdir-refused\""), 2);
        t_free(t);
}

static void test_gone_and_rescan(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.checkouts, 1);
        assert_true(st.bound >= 4);

        /* Lost events: every checkout forgotten, then found again, at
         * debug: the same checkout is not news, at each overflow. Its
         * mounts still in place stay ours (test_late_gone_keeps_mounts);
         * one there that is not (here: all of them, as after a rename
         * and back) is "already bound", at debug too. What is new in it
         * is said as ever. */
        size_t infos = count(t, "\"level\":\"info\"");
        watch_callbacks.rescan(t->w);
        watch_stats(t->w, &st);
        assert_int_equal(st.checkouts, 0);
        assert_true(st.bound >= 4);
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_int_equal(count(t, "already bound"), 0);
        for (size_t i = 0; i < fake.n; i++)
                fake.nodes[i].id += fake.nodes[i].bound ? 500 : 0; /* other mounts now */
        watch_callbacks.rescan(t->w);
        watch_stats(t->w, &st);
        assert_int_equal(st.bound, 0);
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_true(watch_is_checkout(t->w, "a"));
        assert_true(count(t, "already bound") >= 1);
        assert_int_equal(count(t, "\"level\":\"debug\",\"event\":\"checkout\""), 2);
        assert_true(count(t, "\"level\":\"debug\",\"event\":\"watch-bind\"") >= 1);
        assert_int_equal(count(t, "\"level\":\"info\""), infos + 0 /* the rescan is a warning */);
        fake_add("b", 'd');
        fake_add("b/.git", 'd');
        fake_add("b/.git/HEAD", 'f');
        FOUND(t, "b/.git", WATCH_DIR); /* not known before: said */
        assert_int_equal(count(t, "\"level\":\"info\",\"event\":\"checkout\""), 2);
        GONE(t, "b");

        /* The checkout moved out of the tree: forgotten, memory and all. */
        GONE(t, "a");
        watch_stats(t->w, &st);
        assert_int_equal(st.checkouts, 0);
        assert_int_equal(st.bound, 0);
        assert_int_equal(st.pending, 0);
        t_free(t);
}

/* The poll backend's binder mounts nothing: one warning per path that
 * exists, again if it goes and comes back. */
static void test_warn_only(void **state) {
        (void) state;
        base_tree();
        binder_for_test = &fake_warn_binder;
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/.env", WATCH_FILE);
        FOUND(t, "a/.env", WATCH_FILE);
        assert_int_equal(count(t, "cannot bind a/.env in nested checkout a on this platform (mask-file)"),
                         1);
        assert_int_equal(count(t, "\"event\":\"bind-unsupported\""), 1);
        GONE(t, "a/.env");
        FOUND(t, "a/.env", WATCH_FILE);
        assert_int_equal(count(t, "cannot bind a/.env in nested checkout a on this platform (mask-file)"),
                         2);
        advance(t, 60);
        /* The git metadata too, once git is done; nothing said of protection. */
        assert_int_equal(
                count(t, "cannot bind a/.git/config in nested checkout a on this platform (protect)"), 1);
        assert_int_equal(count(t, "nothing can be protected on this platform"), 1);
        assert_int_equal(count(t, "protected the git metadata"), 0);
        binder_for_test = &fake_binder;
        t_free(t);
}

/* On a case-insensitive volume .ENV is .env, and is named so. */
static void test_case_folding(void **state) {
        (void) state;
        base_tree();
        fake_add("a/.ENV", 'f');
        fake_add("c", 'd');
        fake_add("c/.GIT", 'd');
        binder_for_test = &fake_warn_binder;
        fold_for_test = true;
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/.ENV", WATCH_FILE);
        assert_int_equal(count(t, "cannot bind a/.env in nested checkout a on this platform (mask-file)"),
                         2);
        assert_int_equal(count(t, "\"found\":\"a/.ENV\""), 1);
        FOUND(t, "c/.GIT", WATCH_DIR);
        assert_true(watch_is_checkout(t->w, "c"));
        fold_for_test = false;
        binder_for_test = &fake_binder;
        t_free(t);

        /* Without folding, .ENV is another name. */
        T *t2 = t_new();
        FOUND(t2, "a/.git", WATCH_DIR);
        int calls = fake.bind_calls;
        FOUND(t2, "a/.ENV", WATCH_FILE);
        assert_int_equal(fake.bind_calls, calls);
        t_free(t2);
}

/* Nothing sticks: a path that could not be bound is judged again at its
 * next event, and a name moved over is a new object. */
static void test_no_sticky_failure(void **state) {
        (void) state;
        base_tree();
        fake.nodes[7].type = 'l'; /* a/.env: ln -s nowhere */
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        assert_false(bound("a/.env"));
        assert_int_equal(count(t, "\"event\":\"symlink-not-bound\""), 1);
        /* mv -T file a/.env: the backend says gone, then found. */
        fake.nodes[7].type = 'f';
        MOVED_OVER(t, "a/.env", WATCH_FILE);
        assert_true(bound("a/.env"));

        /* The same without the gone (a scan finding it again). */
        fake_add("a/secrets", 'l');
        FOUND(t, "a/secrets", WATCH_SYMLINK);
        assert_false(bound("a/secrets"));
        fake.nodes[fake.n - 1].type = 'd';
        FOUND(t, "a/secrets", WATCH_DIR);
        assert_true(bound("a/secrets"));
        t_free(t);

        /* .git/config a symlink at protection: never followed; replaced by
         * an empty regular config (renamed over the name), then bound and
         * said protected (red team F2; test-watch-root.sh's sticky config) */
        base_tree();
        fake.nodes[5].type = 'l';
        t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 20);
        assert_int_equal(fake.nodes[5].type, 'f');
        assert_int_equal(fake.nodes[5].data_n, 0);
        assert_true(bound("a/.git/config"));
        assert_int_equal(count(t, "was replaced by an empty config: it was a symlink"), 1);
        assert_int_equal(count(t, "\"event\":\"git-unprotected\""), 0);
        assert_int_equal(count(t, "protected the git metadata of nested checkout a (git finished)"), 1);
        t_free(t);
}

/* A .git file as git reads it: a newline inside the path is kept. */
static void test_gitfile_as_git_reads_it(void **state) {
        (void) state;
        base_tree();
        fake_add("b", 'd');
        fake_add("b/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: decoy\nreal\n";
        fake_add("b/decoy", 'd');
        fake_add("b/decoy/config", 'f');
        fake_add("b/decoy\nreal", 'd');
        fake_add("b/decoy\nreal/config", 'f');
        fake_add("c", 'd');
        fake_add("c/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir:decoy\n"; /* git refuses it: no "gitdir: " */
        T *t = t_new();
        FOUND(t, "b/.git", WATCH_FILE);
        FOUND(t, "c/.git", WATCH_FILE);
        advance(t, 20);
        assert_true(bound("b/decoy\nreal/config"));
        assert_false(bound("b/decoy/config"));
        assert_int_equal(count(t, "c/.git: no 'gitdir: ' at its start"), 1);
        /* git resolves ".." after a symlink physically: refused, not the
         * lexical decoy protected. */
        fake_add("d", 'd');
        fake_add("d/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: ../store/link/../gd\n";
        fake_add("store", 'd');
        fake_add("store/link", 'l');
        fake_add("store/gd", 'd');
        fake_add("store/gd/config", 'f');
        FOUND(t, "d/.git", WATCH_FILE);
        advance(t, 20);
        assert_false(bound("store/gd/config"));
        assert_int_equal(
                count(t, "d/.git: it names a gitdir outside the root, or with '..' after a symlink"), 1);

        /* Rewritten in place to name another gitdir: followed. */
        for (size_t i = 0; i < fake.n; i++)
                if (streq(fake.nodes[i].path, "b/.git"))
                        fake.nodes[i].content = "gitdir: decoy\r\n";
        CHANGED(t, "b/.git");
        advance(t, 20);
        assert_true(bound("b/decoy/config"));
        assert_int_equal(count(t, "protected the git metadata of nested checkout b"), 2);
        t_free(t);
}

/* A commondir added after protection, absolute: its config is protected
 * too; one naming a directory that is not there is said, and followed. */
static void test_commondir_follows(void **state) {
        (void) state;
        base_tree();
        fake_add("wt", 'd');
        fake_add("wt/.git", 'f');
        fake.nodes[fake.n - 1].content = "gitdir: ../a/.git/worktrees/wt\n";
        fake_add("a/.git/worktrees", 'd');
        fake_add("a/.git/worktrees/wt", 'd');
        T *t = t_new();
        FOUND(t, "wt/.git", WATCH_FILE);
        advance(t, 20);
        assert_false(bound("a/.git/config"));
        fake_add("a/.git/worktrees/wt/commondir", 'f');
        fake.nodes[fake.n - 1].content = "/tmp/a/.git \n"; /* git strips CR and LF only: "a/.git " */
        FOUND(t, "a/.git/worktrees/wt/commondir", WATCH_FILE);
        advance(t, 20);
        assert_false(bound("a/.git/config"));
        assert_int_equal(count(t, "its common dir does not exist (yet)"), 1);
        fake.nodes[fake.n - 1].content = "/tmp/a/.git\r\n";
        CHANGED(t, "a/.git/worktrees/wt/commondir");
        advance(t, 20);
        assert_true(bound("a/.git/config"));
        assert_true(bound("a/.git/hooks"));

        /* Rewritten in place to a directory that is not there yet. */
        fake.nodes[fake.n - 1].content = "../../../../common\n";
        CHANGED(t, "a/.git/worktrees/wt/commondir");
        /* said once the git that wrote it is done, not while it may still write */
        assert_int_equal(count(t, "its common dir does not exist (yet)"), 1);
        advance(t, 20);
        assert_int_equal(count(t, "its common dir does not exist (yet)"), 2);
        fake_add("common", 'd');
        fake_add("common/config", 'f');
        FOUND(t, "common", WATCH_DIR);
        advance(t, 20);
        assert_true(bound("common/config"));
        t_free(t);
}

/* A .git file or commondir rewritten with no event of its own (a shared
 * mapping): what the next git does gives it away. Any event inside the
 * checkout, or an index written anywhere, has them read again at the next
 * tick; a flood of events is one read of each, not one an event. */
static void test_unseen_rewrite(void **state) {
        (void) state;
        static const struct {
                const char *what, *event, *gitfile, *commondir, *bound;
        } rows[] = {
                /* git writes its index in the new gitdir, outside the checkout */
                {"index elsewhere", "evil/index", "gitdir: ../evil\n", "../..\n", "evil/config"},
                /* the agent's gitdir inside the checkout */
                {"inside", "wt/.g/index", "gitdir: .g\n", "../..\n", "wt/.g/config"},
                /* git writes a file in the checkout (a checkout, a restore) */
                {"a file in it", "wt/main.c", "gitdir: ../evil\n", "../..\n", "evil/config"},
                /* the commondir, the gitdir kept: its index is where it was */
                {"commondir", "a/.git/worktrees/wt/index", "gitdir: ../a/.git/worktrees/wt\n",
                 "../../../../cd\n", "cd/config"},
        };
        for (size_t r = 0; r < ELEMENTSOF(rows); r++) {
                base_tree();
                fake_add("wt", 'd');
                fake_add("wt/.git", 'f');
                fake.nodes[fake.n - 1].content = "gitdir: ../a/.git/worktrees/wt\n";
                size_t gitfile = fake.n - 1;
                fake_add("a/.git/worktrees", 'd');
                fake_add("a/.git/worktrees/wt", 'd');
                fake_add("a/.git/worktrees/wt/commondir", 'f');
                fake.nodes[fake.n - 1].content = "../..\n";
                size_t commondir = fake.n - 1;
                fake_add("evil", 'd');
                fake_add("evil/config", 'f');
                fake_add("evil/HEAD", 'f');
                fake_add("wt/.g", 'd');
                fake_add("wt/.g/config", 'f');
                fake_add("wt/.g/HEAD", 'f');
                fake_add("cd", 'd');
                fake_add("cd/config", 'f');
                T *t = t_new();
                FOUND(t, "wt/.git", WATCH_FILE);
                advance(t, 20);
                assert_true(bound("a/.git/config"));

                /* The rewrite: no event. */
                fake.nodes[gitfile].content = rows[r].gitfile;
                fake.nodes[commondir].content = rows[r].commondir;
                advance(t, 20);
                assert_false(bound(rows[r].bound));
                /* The next git: a flood of events, then the index. */
                int reads = fake.read_calls;
                for (int i = 0; i < 1000; i++)
                        FOUND(t, "wt/x", WATCH_FILE);
                assert_int_equal(fake.read_calls, reads); /* nothing read on an event */
                FOUND(t, rows[r].event, WATCH_FILE);
                advance(t, 20);
                if (!bound(rows[r].bound))
                        fail_msg("%s: %s not bound", rows[r].what, rows[r].bound);
                /* Another flood, nothing rewritten: one read of the .git
                 * file and one of the commondir, for all 1,000 events. */
                reads = fake.read_calls;
                for (int i = 0; i < 1000; i++)
                        FOUND(t, "wt/x", WATCH_FILE);
                advance(t, 20);
                assert_int_equal(fake.read_calls - reads, 2);
                t_free(t);
        }
}

/* A masked file name that is a directory here: masked as one. A masked
 * file with hard links: said. */
static void test_mask_dir_and_hardlink(void **state) {
        (void) state;
        base_tree();
        fake.nodes[7].type = 'd'; /* a/.env/ */
        fake_add("b", 'd');
        fake_add("b/.git", 'd');
        fake_add("b/.env", 'f');
        fake.nodes[fake.n - 1].nlink = 3;
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "b/.git", WATCH_DIR);
        assert_true(bound("a/.env"));
        assert_int_equal(
                count(t, "masked a/.env in nested checkout a (mask-dir): a directory here, masked as one"),
                1);
        assert_int_equal(count(t, "\"policy_kind\":\"mask-file\""), 1);
        assert_true(bound("b/.env"));
        assert_int_equal(count(t, "\"event\":\"hardlink\""), 1);
        assert_int_equal(count(t, "has 3 hard links"), 1);
        t_free(t);
}

/* The mount budget: spent on git metadata first, said once when out. */
static void test_mount_budget(void **state) {
        (void) state;
        base_tree();
        static const char *const names[] = {"b", "c", "d", "e", "f"};
        static char paths[5][3][16];
        for (size_t i = 0; i < 5; i++) {
                snprintf(paths[i][0], 16, "%s", names[i]);
                snprintf(paths[i][1], 16, "%s/.git", names[i]);
                snprintf(paths[i][2], 16, "%s/.env", names[i]);
                fake_add(paths[i][0], 'd');
                fake_add(paths[i][1], 'd');
                fake_add(paths[i][2], 'f');
        }
        budget_for_test = 6; /* policy paths: 5 of them; git metadata: all 6 */
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        for (size_t i = 0; i < 5; i++)
                FOUND(t, paths[i][1], WATCH_DIR);
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.mounts, 5); /* a/.env and four of the five */
        assert_false(bound("f/.env"));
        assert_int_equal(count(t, "\"event\":\"mount-budget\""), 1);
        advance(t, 20);
        watch_stats(t->w, &st);
        assert_int_equal(st.mounts, 6); /* the last one: a git metadata path */
        assert_int_equal(count(t, "\"event\":\"mount-budget\""), 1);
        budget_for_test = 0;
        t_free(t);
}

/* What protection froze: keys that run programs, hooks that are not
 * git's samples; names only, never values. */
static void test_audit(void **state) {
        (void) state;
        base_tree();
        fake.nodes[5].content = "[core]\n\trepositoryformatversion = 0\n\tfsmonitor = cat .env\n"
                                "[alias]\n\tst = status\n\tx = !sh -c evil\n";
        fake_add("a/.git/hooks/pre-commit.sample", 'f');
        fake_add("a/.git/hooks/post-checkout", 'f');
        fake_add("b", 'd');
        fake_add("b/.git", 'd');
        fake_add("b/.git/config", 'f');
        fake.nodes[fake.n - 1].content = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n";
        fake_add("b/.git/hooks", 'd');
        fake_add("b/.git/hooks/update.sample", 'f');
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "b/.git", WATCH_DIR);
        advance(t, 20);
        assert_int_equal(count(t, "\"event\":\"git-audit\""), 2);
        assert_int_equal(count(t, "\"keys\":\"core.fsmonitor, alias.x\""), 1);
        assert_int_equal(count(t, "\"hooks\":\"post-checkout\""), 1);
        assert_int_equal(count(t, "cat .env"), 0);
        assert_int_equal(count(t, "evil"), 0);
        assert_int_equal(count(t, "nested checkout b: b/.git"), 0);
        /* A hook that appears after protection came by a way around the
         * bind (a working directory inside from before): named. */
        fake_add("b/.git/hooks/pre-push", 'f');
        FOUND(t, "b/.git/hooks/pre-push", WATCH_FILE);
        FOUND(t, "b/.git/hooks/pre-push.sample", WATCH_FILE);
        assert_int_equal(count(t, "\"hooks\":\"pre-push\""), 1);
        t_free(t);
}

/* What landed before protection is taken out under a lock, every other
 * line kept (gitconfig.c), before the bind; then, in bind mode, a git
 * write the bound file refused (its config.lock made and removed) is said
 * once a burst, but not one whose lock went before the bind's own events. */
static void test_config_cleaned_and_refused(void **state) {
        (void) state;
        base_tree();
        fake.nodes[find_node("a/.git/config")].content =
                "[core]\n\tbare = false\n\tfsmonitor = cat .env\n\tfilemode = true\n";
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 20);
        assert_int_equal(count(t, "\"keys\":\"core.fsmonitor\",\"action\":\"removed\""), 1);
        assert_int_equal(count(t, "cat .env"), 0);
        assert_string_equal(fake.written, "[core]\n\tbare = false\n\tfilemode = true\n");
        assert_true(bound("a/.git/config"));
        /* git init's own lock, its event after the bind: no refusal. */
        GONE(t, "a/.git/config.lock");
        assert_int_equal(count(t, "git-config-refused"), 0);
        advance(t, 300);
        /* Three attempts, a burst: said once, with the file. */
        for (int i = 0; i < 3; i++) {
                FOUND(t, "a/.git/config.lock", WATCH_FILE);
                GONE(t, "a/.git/config.lock");
                advance(t, 100);
        }
        assert_int_equal(count(t, "\"event\":\"git-config-refused\",\"msg\""), 1);
        assert_int_equal(count(t, "\"checkout\":\"a\",\"path\":\"a/.git/config\"}"), 0);
        assert_int_equal(count(t, "\"checkout\":\"a\",\"path\":\"a/.git/config\",\"seq\""), 1);
        /* A second later, a new burst. */
        advance(t, 1000);
        GONE(t, "a/.git/config.lock");
        assert_int_equal(count(t, "\"event\":\"git-config-refused\",\"msg\""), 2);
        /* Not a config's lock, or not a bound config's: nothing. */
        GONE(t, "a/.git/index.lock");
        GONE(t, "a/.git/config.worktree.lock");
        assert_int_equal(count(t, "\"event\":\"git-config-refused\",\"msg\""), 2);
        t_free(t);
}

/* --git-config audit: config and hooks/ stay unbound (hooks-audit.c
 * takes out what is not git's own: test-watch-hooks-root.sh); a change is
 * read at its event and its keys taken out, the rest kept; a lock gone
 * there is git's own write, no refusal. */
static void test_config_audit_mode(void **state) {
        (void) state;
        base_tree();
        config_audit_for_test = true;
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 20);
        assert_false(bound("a/.git/config"));
        assert_false(bound("a/.git/hooks"));
        assert_int_equal(count(t, "\"event\":\"git-audit\""), 0);
        fake.nodes[find_node("a/.git/config")].content =
                "[core]\n\tbare = false\n[core]\n\thooksPath = /x\n";
        CHANGED(t, "a/.git/config");
        advance(t, 40);
        assert_int_equal(count(t, "\"event\":\"git-audit\""), 0); /* a burst may go on: not yet */
        advance(t, 20);
        assert_int_equal(count(t, "\"keys\":\"core.hookspath\",\"action\":\"removed\""), 1);
        assert_string_equal(fake.written, "[core]\n\tbare = false\n[core]\n");
        assert_int_equal(count(t, "/x"), 0);
        /* Written again and again, 40 ms apart: put off, but no longer
         * than CONFIG_SETTLE_MS (500) after the first write. */
        fake.nodes[find_node("a/.git/config")].data = NULL; /* the rewrite's, read back until now */
        fake.nodes[find_node("a/.git/config")].content = "[core]\n\tbare = false\n[core]\n\tfsmonitor = y\n";
        for (int ms = 0; ms < 440; ms += 40) {
                CHANGED(t, "a/.git/config");
                advance(t, 40);
        }
        assert_int_equal(count(t, "\"keys\":\"core.fsmonitor\",\"action\":\"removed\""), 0);
        CHANGED(t, "a/.git/config");
        advance(t, 40);
        CHANGED(t, "a/.git/config");
        advance(t, 40);
        assert_int_equal(count(t, "\"keys\":\"core.fsmonitor\",\"action\":\"removed\""), 1);
        /* git's own write, renamed into place: read again, nothing to take out. */
        FOUND(t, "a/.git/config.lock", WATCH_FILE);
        GONE(t, "a/.git/config.lock");
        MOVED_OVER(t, "a/.git/config", WATCH_FILE);
        advance(t, 100);
        assert_int_equal(count(t, "\"event\":\"git-audit\""), 2);
        assert_int_equal(count(t, "git-config-refused"), 0);
        assert_false(bound("a/.git/config"));
        t_free(t);
        config_audit_for_test = false;
}

/* rm -rf of a protected checkout: what is bound stays (EBUSY) until only
 * the daemon's mounts are left; then the masked content is discarded and
 * every mount given back, the deepest first. Never while it is still a
 * repository. */
static void rm_rf(T *t, const char *const *paths) {
        for (const char *const *p = paths; *p; p++)
                if (fake_remove(*p) == 0)
                        GONE(t, *p);
}

/* Checkout a with a worktree (a/src/x), found and protected. */
static T *protected_with_worktree(void) {
        base_tree();
        fake_add("a/src", 'd');
        fake_add("a/src/x", 'f');
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        return t;
}

static void test_deleted_checkout_released(void **state) {
        (void) state;
        T *t = protected_with_worktree();
        assert_true(bound("a/.env") && bound("a/.git/config") && bound("a/.git/hooks") &&
                    bound("a/.claude"));

        /* Files go, HEAD stays: still a repository, nothing given back. */
        static const char *const some[] = {"a/src/x", "a/src", "a/.env", "a/.claude", NULL};
        rm_rf(t, some);
        advance(t, 60);
        assert_int_equal(fake.unbind_calls, 0);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 0);

        /* HEAD goes: only mounts are left. */
        static const char *const rest[] = {"a/.git/HEAD", "a/.git/config", "a/.git/hooks", "a/.git", NULL};
        rm_rf(t, rest);
        advance(t, 60);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 1);
        assert_int_equal(count(t, "\"released\":4"), 1);
        assert_int_equal(count(t, "\"discarded\":1"), 1);
        assert_true(fake.nodes[find_node("a/.env")].discarded);
        assert_false(bound("a/.env") || bound("a/.git/config") || bound("a/.git/hooks") ||
                     bound("a/.claude"));
        /* The deepest first: a/.git/ entries before a/.env and a/.claude. */
        assert_int_equal(fake.unbind_calls, 4);
        assert_true(strncmp(fake.unbound[0], "a/.git/", 7) == 0 &&
                    strncmp(fake.unbound[1], "a/.git/", 7) == 0);

        /* The second rm -rf succeeds: nothing is bound any more. */
        static const char *const all[] = {"a/.env", "a/.claude", "a/.git/config", "a/.git/hooks", "a/.git",
                                          "a",      NULL};
        for (const char *const *p = all; *p; p++)
                assert_int_equal(fake_remove(*p), 0);
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.bound, 0);
        t_free(t);
}

/* Given back as soon as the events in hand are handled (a delay made
 * git's own tests fail: issue 37); what was not yet empty at that look is
 * looked at once more, git_check_ms later, though no event comes again
 * (the rest went where nothing is watched, below .git/objects). */
static void test_release_at_once(void **state) {
        (void) state;
        /* a with a file more; b, a second repository with an objects/. */
        static const char *const dirs[] = {"a/src", "b", "b/.git", "b/.git/hooks", "b/.git/objects"};
        static const char *const files[] = {"a/src/x", "b/.git/HEAD", "b/.git/config"};
        base_tree();
        for (size_t i = 0; i < ELEMENTSOF(dirs); i++)
                fake_add(dirs[i], 'd');
        for (size_t i = 0; i < ELEMENTSOF(files); i++)
                fake_add(files[i], 'f');
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "b/.git", WATCH_DIR);
        advance(t, 60);
        assert_true(bound("a/.git/config") && bound("b/.git/config"));

        static const char *const a_all[] = {"a/src/x", "a/src", "a/.git/HEAD", NULL};
        rm_rf(t, a_all);
        advance(t, 0);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 1);
        assert_false(bound("a/.git/config"));

        /* b: its HEAD goes with an event, objects/ with none. */
        static const char *const b_head[] = {"b/.git/HEAD", NULL};
        rm_rf(t, b_head);
        advance(t, 0);
        assert_true(bound("b/.git/config"));
        assert_int_equal(fake_remove("b/.git/objects"), 0);
        advance(t, 60);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 2);
        assert_false(bound("b/.git/config"));
        t_free(t);
}

/* rm -rf of a checkout that is done with .git before its worktree: the
 * look that comes while the worktree is still going finds .git holding
 * only the daemon's mounts, and must not give them back before the
 * checkout's own (rm, past .git, would leave config and hooks/ behind for
 * good): both go together once the worktree is gone. */
static void test_release_gitdir_with_checkout(void **state) {
        (void) state;
        T *t = protected_with_worktree();
        assert_true(bound("a/.git/config"));
        static const char *const git_first[] = {"a/.git/HEAD", NULL};
        rm_rf(t, git_first);
        advance(t, 0);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 0);
        assert_true(bound("a/.git/config") && bound("a/.git/hooks"));
        static const char *const then_worktree[] = {"a/src/x", "a/src", NULL};
        rm_rf(t, then_worktree);
        advance(t, 0);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 1);
        assert_non_null(strstr(records(t), "path policy: a has nothing left"));
        assert_false(bound("a/.git/config") || bound("a/.env"));
        t_free(t);
}

/* Given back, then a repository again (a HEAD made in its .git, by an
 * agent that wrote its config meanwhile): protected again, and audited. */
static void test_released_repository_again(void **state) {
        (void) state;
        base_tree();
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        static const char *const rest[] = {"a/.git/HEAD", NULL};
        rm_rf(t, rest);
        advance(t, 60);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 1);
        assert_false(bound("a/.git/config"));
        fake.nodes[find_node("a/.git/config")].content = "[core]\n\tfsmonitor = cat .env\n";
        fake_add("a/.git/HEAD", 'f');
        FOUND(t, "a/.git/HEAD", WATCH_FILE);
        advance(t, 60);
        assert_true(bound("a/.git/config") && bound("a/.git/hooks") && bound("a/.env"));
        assert_int_equal(count(t, "protected the git metadata of nested checkout a"), 2);
        assert_int_equal(count(t, "\"event\":\"git-audit\""), 1);
        assert_non_null(strstr(records(t), "core.fsmonitor"));
        t_free(t);
}

/* rm -rf of a checkout while a crawl still holds a listing of it read
 * before: its HEAD, then its .git, reported found after their gone events
 * were handled and the mounts given back. Nothing may be bound there again
 * (the next rm -rf would fail on the mask for good: no event would ever
 * give it back); a .git or HEAD that is there at the look counts as before. */
static void test_stale_found_after_release(void **state) {
        (void) state;
        T *t = protected_with_worktree();
        static const char *const first[] = {"a/src/x",       "a/src",        "a/.git/HEAD",
                                            "a/.git/config", "a/.git/hooks", "a/.git",
                                            "a/.env",        "a/.claude",    NULL};
        rm_rf(t, first); /* .git keeps config and hooks/: mounts */
        advance(t, 60);
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 1);
        assert_false(bound("a/.env") || bound("a/.claude") || bound("a/.git/config"));

        FOUND(t, "a/.git/HEAD", WATCH_FILE); /* the crawl's stale entries */
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_false(bound("a/.env") || bound("a/.claude") || bound("a/.git/config"));
        size_t found = count(t, "found nested checkout a\"");

        static const char *const again[] = {"a/.git/config", "a/.git/hooks", "a/.git",
                                            "a/.env",        "a/.claude",    NULL};
        rm_rf(t, again);
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_int_equal(count(t, "found nested checkout a\""), found);
        WatchStats st;
        watch_stats(t->w, &st);
        assert_int_equal(st.bound, 0);

        /* Made again for real: found and protected as any. */
        fake_add("a/.env", 'f');
        fake_add("a/.git", 'd');
        fake_add("a/.git/HEAD", 'f');
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_int_equal(count(t, "found nested checkout a\""), found + 1);
        assert_true(bound("a/.env"));
        t_free(t);
}

/* A checkout's directory reported gone while our mounts are still in
 * place (the daemon lagging behind a tree made aside and moved in: its
 * events are handled after the move, then the move's own), and every
 * checkout forgotten at an overflow: the mounts still where they were made
 * stay ours, and rm -rf of the checkout gets them all back. Before, found
 * again, they were "already bound", not ours: the second rm -rf failed on
 * them for good (CI, git-matrix env-reclone). */
static void test_late_gone_keeps_mounts(void **state) {
        (void) state;
        static const char *const all[] = {"a/src/x",       "a/src",        "a/.git/HEAD",
                                          "a/.git/config", "a/.git/hooks", "a/.git",
                                          "a/.env",        "a/.claude",    NULL};
        for (int overflow = 0; overflow < 2; overflow++) {
                T *t = protected_with_worktree();
                size_t binds = count(t, "\"event\":\"watch-bind\"");
                if (overflow)
                        watch_callbacks.rescan(t->w);
                else
                        GONE(t, "a"); /* the move-in's own event, late */
                FOUND(t, "a/.git", WATCH_DIR);
                advance(t, 60);
                WatchStats st;
                watch_stats(t->w, &st);
                assert_int_equal(st.bound, 4);
                assert_int_equal(count(t, "already bound"), 0);
                assert_int_equal(count(t, "\"event\":\"watch-bind\""), binds);
                rm_rf(t, all);
                advance(t, 60);
                assert_int_equal(count(t, "\"event\":\"mount-kept\""), 0);
                assert_int_equal(count(t, "\"released\":4"), 1);
                assert_int_equal(fake_bound_count(), 0);
                t_free(t);
        }

        /* A mount that is not where it was made (another one at its path
         * now) is not ours there: forgotten, never given back. */
        T *t = protected_with_worktree();
        fake.nodes[find_node("a/.env")].id += 500; /* the mount at a/.env is another now */
        GONE(t, "a");
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        rm_rf(t, all);
        advance(t, 60);
        assert_int_equal(count(t, "\"event\":\"mount-kept\""), 1);
        assert_int_equal(count(t, "a/.env stays bound: not a mount this daemon made"), 1);
        assert_true(bound("a/.env"));
        assert_false(fake.nodes[find_node("a/.env")].discarded);
        t_free(t);
}

/* .git moved aside and a new one made holding only a config (no HEAD
 * yet): the new config is protected, and stays so. Its mount was made
 * after the old .git went, so it is no leftover of a deletion, though it
 * is all the new .git holds. (Before, it was given back at the release
 * timer: the config the agent had just written was writable again.) */
static void test_new_gitdir_kept(void **state) {
        (void) state;
        static const char *const moved[][2] = {
                {"a/.git", "a/.g"},
                {"a/.git/config", "a/.g/config"},
                {"a/.git/hooks", "a/.g/hooks"},
                {"a/.git/HEAD", "a/.g/HEAD"},
        };
        base_tree();
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_true(bound("a/.git/config"));
        /* The rename: the old gitdir, its mounts with it, under a/.g. */
        for (size_t i = 0; i < ELEMENTSOF(moved); i++)
                fake.nodes[find_node(moved[i][0])].path = moved[i][1];
        GONE(t, "a/.git");
        fake_add("a/.git", 'd');
        fake_add("a/.git/config", 'f');
        FOUND(t, "a/.git", WATCH_DIR);
        FOUND(t, "a/.git/config", WATCH_FILE);
        advance(t, 60);
        assert_true(bound("a/.git/config"));
        /* The renew's copy, renamed over the config before its bind, is
         * reported gone after it. */
        GONE(t, "a/.git/" PLATFORM_RENEW_PREFIX "123");
        advance(t, 60);
        advance(t, 600);
        assert_true(bound("a/.git/config"));
        assert_int_equal(count(t, "\"event\":\"mounts-released\""), 0);
        t_free(t);
}

/* A masked file with another link keeps its mask (discarding would empty
 * the other name too): said, and the rest is given back. */
static void test_release_keeps_linked_mask(void **state) {
        (void) state;
        base_tree();
        fake.nodes[find_node("a/.env")].nlink = 2;
        T *t = t_new();
        FOUND(t, "a/.git", WATCH_DIR);
        advance(t, 60);
        assert_true(bound("a/.env") && bound("a/.git/config"));
        static const char *const rest[] = {"a/.claude",    "a/.git/HEAD", "a/.git/config",
                                           "a/.git/hooks", "a/.git",      NULL};
        rm_rf(t, rest);
        advance(t, 60);
        assert_int_equal(count(t, "\"event\":\"mount-kept\""), 1);
        assert_int_equal(count(t, "\"kept\":1"), 1);
        assert_true(bound("a/.env"));
        assert_false(bound("a/.git/config") || bound("a/.git/hooks"));
        assert_false(fake.nodes[find_node("a/.env")].discarded);
        t_free(t);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_discovery),
                cmocka_unit_test(test_root_is_not_a_checkout),
                cmocka_unit_test(test_gitfile_and_symlink_git),
                cmocka_unit_test(test_nested_and_anchored),
                cmocka_unit_test(test_appears_later_and_again),
                cmocka_unit_test(test_policy_symlink_not_bound),
                cmocka_unit_test(test_git_metadata_waits_for_git),
                cmocka_unit_test(test_git_lock),
                cmocka_unit_test(test_gitfile_judged_after_makers),
                cmocka_unit_test(test_moved_worktree_not_refused),
                cmocka_unit_test(test_makers),
                cmocka_unit_test(test_git_deadline),
                cmocka_unit_test(test_renamed_keeps_state),
                cmocka_unit_test(test_metadata_after_protection),
                cmocka_unit_test(test_gitfile_gitdir),
                cmocka_unit_test(test_gone_and_rescan),
                cmocka_unit_test(test_warn_only),
                cmocka_unit_test(test_case_folding),
                cmocka_unit_test(test_no_sticky_failure),
                cmocka_unit_test(test_gitfile_as_git_reads_it),
                cmocka_unit_test(test_commondir_follows),
                cmocka_unit_test(test_unseen_rewrite),
                cmocka_unit_test(test_mask_dir_and_hardlink),
                cmocka_unit_test(test_mount_budget),
                cmocka_unit_test(test_audit),
                cmocka_unit_test(test_config_cleaned_and_refused),
                cmocka_unit_test(test_config_audit_mode),
                cmocka_unit_test(test_deleted_checkout_released),
                cmocka_unit_test(test_release_at_once),
                cmocka_unit_test(test_release_gitdir_with_checkout),
                cmocka_unit_test(test_release_keeps_linked_mask),
                cmocka_unit_test(test_released_repository_again),
                cmocka_unit_test(test_stale_found_after_release),
                cmocka_unit_test(test_late_gone_keeps_mounts),
                cmocka_unit_test(test_new_gitdir_kept),
        };
        return RUN(tests);
}
