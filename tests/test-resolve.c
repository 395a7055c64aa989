/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include "builtins.h"
#include "resolve.h"
#include "util.h"

/* Settings built from NULL-terminated lists, as if read from a file. */
static Settings *make(const char *source, const char *const *mask, const char *const *protect,
                      const char *const *unmask) {
        const char *const *lists[_ENTRY_LIST_MAX] = {mask, protect, unmask};
        Settings *s = calloc(1, sizeof *s);
        assert_non_null(s);
        s->source = strdup(source);
        for (EntryList l = 0; l < _ENTRY_LIST_MAX; l++) {
                size_t n = 0;
                while (lists[l] && lists[l][n])
                        n++;
                s->lists[l].n = n;
                s->lists[l].entries = calloc(n + 1, sizeof(SettingsEntry));
                for (size_t i = 0; i < n; i++) {
                        char field[64];
                        snprintf(field, sizeof field, "%s[%zu]", entry_list_to_string(l), i);
                        s->lists[l].entries[i].path = strdup(lists[l][i]);
                        s->lists[l].entries[i].field = strdup(field);
                        s->lists[l].entries[i].line = (unsigned) i + 1;
                        s->lists[l].entries[i].column = 1;
                }
        }
        return s;
}

#define L(...) ((const char *const[]){__VA_ARGS__, NULL})

static Resolved *run(const Settings *m, const Settings *o) {
        Resolved *r = NULL;
        assert_int_equal(resolve_policy(m, o, &r), 0);
        assert_non_null(r);
        return r;
}

static bool has(char *const *v, size_t n, const char *e) {
        for (size_t i = 0; i < n; i++)
                if (streq(v[i], e))
                        return true;
        return false;
}
#define masked(r, e) has((r)->mask, (r)->n_mask, e)
#define protected(r, e) has((r)->protect, (r)->n_protect, e)

static bool opted_out(const Resolved *r, const char *e, EntryList l) {
        for (size_t i = 0; i < r->n_opt_outs; i++)
                if (streq(r->opt_outs[i].entry, e) && r->opt_outs[i].list == l)
                        return true;
        return false;
}

static void test_builtins_alone(void **state) {
        (void) state;
        _cleanup_resolved_ Resolved *r = run(NULL, NULL);

        assert_int_equal(r->n_mask, builtin_mask_count);
        assert_int_equal(r->n_protect, builtin_protect_count);
        for (size_t i = 0; i < builtin_mask_count; i++)
                assert_true(masked(r, builtin_mask[i]));
        for (size_t i = 0; i < builtin_protect_count; i++)
                assert_true(protected(r, builtin_protect[i]));
        assert_int_equal(r->n_opt_outs + r->n_dropped + r->n_unused_unmask, 0);

        /* The built-ins the issue names. */
        assert_true(masked(r, ".env") && masked(r, ".envrc") && masked(r, ".netrc") &&
                    masked(r, ".git-credentials"));
        assert_true(protected(r, ".git/config") && protected(r, ".git/hooks/") && protected(r, ".claude/") &&
                    protected(r, ".mcp.json"));
}

static void test_union_sorted_unique(void **state) {
        (void) state;
        _cleanup_settings_ Settings *m =
                make("m", L("z", ".env", "a/", "z"), L("Makefile", ".claude/"), NULL);
        _cleanup_settings_ Settings *o = make("o", L("k", "z"), L("CODEOWNERS"), NULL);
        _cleanup_resolved_ Resolved *r = run(m, o);

        assert_int_equal(r->n_mask, builtin_mask_count + 3);
        assert_true(masked(r, "z") && masked(r, "a/") && masked(r, "k"));
        assert_true(protected(r, "Makefile") && protected(r, "CODEOWNERS"));
        assert_int_equal(r->n_protect, builtin_protect_count + 2);
        for (size_t i = 1; i < r->n_mask; i++)
                assert_true(strcmp(r->mask[i - 1], r->mask[i]) < 0);
        for (size_t i = 1; i < r->n_protect; i++)
                assert_true(strcmp(r->protect[i - 1], r->protect[i]) < 0);
}

static void test_unmask_removes_from_both_sets(void **state) {
        (void) state;
        _cleanup_settings_ Settings *m =
                make("m", L("secrets/"), L("Makefile"), L(".env", ".claude/", "secrets/", "Makefile"));
        _cleanup_resolved_ Resolved *r = run(m, NULL);

        /* Built-ins and settings alike. */
        assert_false(masked(r, ".env"));
        assert_false(protected(r, ".claude/"));
        assert_false(masked(r, "secrets/"));
        assert_false(protected(r, "Makefile"));
        assert_true(masked(r, ".envrc"));
        /* Every opt-out is reported. */
        assert_int_equal(r->n_opt_outs, 4);
        assert_true(opted_out(r, ".env", ENTRY_MASK));
        assert_true(opted_out(r, ".claude/", ENTRY_PROTECT));
        assert_true(opted_out(r, "secrets/", ENTRY_MASK));
        assert_true(opted_out(r, "Makefile", ENTRY_PROTECT));
        assert_int_equal(r->n_unused_unmask, 0);
}

static void test_unmask_same_path_either_spelling(void **state) {
        (void) state;
        /* ".claude" unmasks the ".claude/" built-in: one path on disk. */
        _cleanup_settings_ Settings *m = make("m", L("x/"), NULL, L(".claude", "x"));
        _cleanup_resolved_ Resolved *r = run(m, NULL);
        assert_false(protected(r, ".claude/"));
        assert_false(masked(r, "x/"));
        assert_string_equal(r->opt_outs[0].unmask, ".claude");
}

static void test_unmask_is_exact_not_any_depth(void **state) {
        (void) state;
        /* Unmasking ".env" removes the ".env" entry, not "vendor/.env". */
        _cleanup_settings_ Settings *m = make("m", L("vendor/.env"), NULL, L(".env", "nothing/here"));
        _cleanup_resolved_ Resolved *r = run(m, NULL);
        assert_false(masked(r, ".env"));
        assert_true(masked(r, "vendor/.env"));
        assert_int_equal(r->n_unused_unmask, 1);
        assert_string_equal(r->unused_unmask[0], "nothing/here");
}

static void test_org_beats_unmask(void **state) {
        (void) state;
        _cleanup_settings_ Settings *m = make("m", NULL, NULL, L(".env", ".claude/", ".envrc", ".mcp.json"));
        _cleanup_settings_ Settings *o = make("o", L(".env", ".mcp.json"), L(".claude/", ".envrc"), NULL);
        _cleanup_resolved_ Resolved *r = run(m, o);

        /* Re-masked and re-protected by the org. */
        assert_true(masked(r, ".env"));
        assert_true(protected(r, ".claude/"));
        /* A protect an org raised to a mask: masked only. */
        assert_true(masked(r, ".mcp.json"));
        assert_false(protected(r, ".mcp.json"));
        /* A mask the org put back only as protect: readable again. */
        assert_false(masked(r, ".envrc"));
        assert_true(protected(r, ".envrc"));

        /* Re-tightened opt-outs are not reported; the loosened one is. */
        assert_false(opted_out(r, ".env", ENTRY_MASK));
        assert_false(opted_out(r, ".claude/", ENTRY_PROTECT));
        assert_false(opted_out(r, ".mcp.json", ENTRY_PROTECT));
        assert_true(opted_out(r, ".envrc", ENTRY_MASK));
        assert_int_equal(r->n_opt_outs, 1);
}

static void test_org_has_no_unmask(void **state) {
        (void) state;
        /* Even if an org's Settings carried unmask entries, they do nothing. */
        _cleanup_settings_ Settings *o = make("o", NULL, NULL, L(".env"));
        _cleanup_resolved_ Resolved *r = run(NULL, o);
        assert_true(masked(r, ".env"));
        assert_int_equal(r->n_opt_outs, 0);
}

static void test_mask_wins(void **state) {
        (void) state;
        _cleanup_settings_ Settings *m =
                make("m", L("both", "dir/", ".git-credentials"), L("both", "dir", ".netrc"), NULL);
        _cleanup_settings_ Settings *o = make("o", L(".claude/"), L(".git-credentials"), NULL);
        _cleanup_resolved_ Resolved *r = run(m, o);

        assert_true(masked(r, "both"));
        assert_false(protected(r, "both"));
        assert_true(masked(r, "dir/"));
        assert_false(protected(r, "dir"));
        assert_true(masked(r, ".netrc"));
        assert_false(protected(r, ".netrc"));
        /* Across sources: an org mask beats a built-in protect, and the
         * other way round. */
        assert_true(masked(r, ".claude/"));
        assert_false(protected(r, ".claude/"));
        assert_true(masked(r, ".git-credentials"));
        assert_false(protected(r, ".git-credentials"));
        /* A mask inside a protected directory is a different path: both stay. */
        assert_true(protected(r, ".git/hooks/"));
}

static bool covered(const Resolved *r, const char *e, EntryList l, const char *by) {
        for (size_t i = 0; i < r->n_covered; i++)
                if (streq(r->covered[i].entry, e) && r->covered[i].list == l && streq(r->covered[i].by, by))
                        return true;
        return false;
}

/* A masked directory covers what is below it: dropped, with a note. A mask
 * below a protected directory stays (the read-only bind keeps it). */
static void test_coverage(void **state) {
        (void) state;
        _cleanup_settings_ Settings *m =
                make("m", L("deploy/", "keys/old/", "cfg/"), L("cfg/app.yml", "ro/"), NULL);
        _cleanup_settings_ Settings *o =
                make("o", L("deploy/keys.pem", "keys/", "ro/.env"), L("deploy/x/"), NULL);
        _cleanup_resolved_ Resolved *r = run(m, o);

        assert_true(masked(r, "deploy/"));
        assert_false(masked(r, "deploy/keys.pem"));
        assert_true(covered(r, "deploy/keys.pem", ENTRY_MASK, "deploy/"));
        assert_false(protected(r, "deploy/x/"));
        assert_true(covered(r, "deploy/x/", ENTRY_PROTECT, "deploy/"));
        assert_false(protected(r, "cfg/app.yml"));
        assert_true(covered(r, "cfg/app.yml", ENTRY_PROTECT, "cfg/"));
        /* a masked directory under another: covered too */
        assert_true(masked(r, "keys/"));
        assert_false(masked(r, "keys/old/"));
        assert_true(covered(r, "keys/old/", ENTRY_MASK, "keys/"));
        /* a mask inside a protected directory stays */
        assert_true(protected(r, "ro/"));
        assert_true(masked(r, "ro/.env"));
        /* a file mask covers nothing; "deployment" is not under "deploy/" */
        _cleanup_settings_ Settings *m2 = make("m2", L(".env", "deployment"), L(".env.example"), NULL);
        _cleanup_settings_ Settings *o2 = make("o2", L("deploy/"), NULL, NULL);
        _cleanup_resolved_ Resolved *r2 = run(m2, o2);
        assert_true(masked(r2, "deployment"));
        assert_true(protected(r2, ".env.example"));
        assert_int_equal(r2->n_covered, 0);
}

/* One spelling per path: "a" and "a/" in one set are "a/". */
static void test_one_spelling(void **state) {
        (void) state;
        _cleanup_settings_ Settings *m = make("m", L("a", "a/"), L("p"), NULL);
        _cleanup_settings_ Settings *o = make("o", L("b"), L(".claude", "p/"), NULL);
        _cleanup_settings_ Settings *o2 = make("o", L("b/"), NULL, NULL);
        _cleanup_resolved_ Resolved *r = run(m, o);
        assert_true(masked(r, "a/"));
        assert_false(masked(r, "a"));
        assert_true(protected(r, ".claude/")); /* the built-in's spelling */
        assert_false(protected(r, ".claude"));
        assert_true(protected(r, "p/"));
        assert_false(protected(r, "p"));
        assert_true(masked(r, "b"));
        _cleanup_resolved_ Resolved *r2 = run(m, o2);
        assert_true(masked(r2, "b/"));
}

static void test_invalid_dropped(void **state) {
        (void) state;
        _cleanup_settings_ Settings *m = make("m.json", L("/etc/x", "ok", ".git/x", "a//b"),
                                              L(".git/hooks/pre-commit", " x"), L("../y"));
        _cleanup_settings_ Settings *o = make("o.json", L("c:d"), L(""), NULL);
        _cleanup_resolved_ Resolved *r = run(m, o);

        assert_true(masked(r, "ok"));
        /* Protecting under .git is allowed; masking is not. */
        assert_true(protected(r, ".git/hooks/pre-commit"));
        assert_false(masked(r, ".git/x"));
        assert_int_equal(r->n_dropped, 7);

        assert_string_equal(r->dropped[0].entry, "/etc/x");
        assert_int_equal(r->dropped[0].reason, ENTRY_ABSOLUTE);
        assert_int_equal(r->dropped[0].list, ENTRY_MASK);
        assert_string_equal(r->dropped[0].source, "m.json");
        assert_string_equal(r->dropped[0].where->field, "mask[0]");
        assert_int_equal(r->dropped[1].reason, ENTRY_MASK_UNDER_GIT);
        assert_int_equal(r->dropped[2].reason, ENTRY_EMPTY_COMPONENT);
        assert_int_equal(r->dropped[3].reason, ENTRY_WHITESPACE);
        assert_int_equal(r->dropped[3].list, ENTRY_PROTECT);
        assert_int_equal(r->dropped[4].reason, ENTRY_DOT_COMPONENT);
        assert_int_equal(r->dropped[4].list, ENTRY_UNMASK);
        assert_string_equal(r->dropped[5].source, "o.json");
        /* The org's entries are validated by the same rules. */
        assert_int_equal(r->dropped[5].reason, ENTRY_SEPARATOR);
        assert_int_equal(r->dropped[6].reason, ENTRY_EMPTY);
        assert_int_equal(r->dropped[6].list, ENTRY_PROTECT);

        /* A dropped unmask removes nothing. */
        assert_int_equal(r->n_opt_outs, 0);
}

static void test_dropped_org_entry_counted(void **state) {
        (void) state;
        /* The org's empty protect entry is dropped too (the last one). */
        _cleanup_settings_ Settings *o = make("o.json", NULL, L("", "ok/"), NULL);
        _cleanup_resolved_ Resolved *r = run(NULL, o);
        assert_int_equal(r->n_dropped, 1);
        assert_int_equal(r->dropped[0].reason, ENTRY_EMPTY);
        assert_true(protected(r, "ok/"));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_builtins_alone),
                cmocka_unit_test(test_union_sorted_unique),
                cmocka_unit_test(test_unmask_removes_from_both_sets),
                cmocka_unit_test(test_unmask_same_path_either_spelling),
                cmocka_unit_test(test_unmask_is_exact_not_any_depth),
                cmocka_unit_test(test_org_beats_unmask),
                cmocka_unit_test(test_org_has_no_unmask),
                cmocka_unit_test(test_mask_wins),
                cmocka_unit_test(test_coverage),
                cmocka_unit_test(test_one_spelling),
                cmocka_unit_test(test_invalid_dropped),
                cmocka_unit_test(test_dropped_org_entry_counted),
        };
        return RUN(tests);
}
