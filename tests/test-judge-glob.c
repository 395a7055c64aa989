/* SPDX-License-Identifier: MIT */
/* daemon/core/judge-glob.c: a Grep's glob input split as Claude Code
 * 2.1.332 splits it, and the files ripgrep then reads, as its override
 * globs say. */
#include "tests.h"

#include "judge.h"
#include "util.h"

static bool reach(const char *input, const char *rel, bool dir) {
        JudgeGlobs *g = NULL;
        assert_int_equal(judge_globs_new(input, &g), 0);
        bool r = judge_globs_reach(g, rel, dir);
        judge_globs_free(g);
        return r;
}

static void test_reach(void **state) {
        (void) state;
        static const struct {
                const char *input, *rel;
                bool dir, want;
        } cases[] = {
                /* A name at any depth, by itself or by a glob of it. */
                {".env", ".env", false, true},
                {".env", "a/b/.env", false, true},
                {"**/.env", ".env", false, true},
                {"**/.env", "a/.env", false, true},
                {".e*", ".env", false, true},
                {"*", ".env", false, true}, /* --hidden: a dot is no special */
                {"*.env", ".env", false, true},
                {"*.c", ".env", false, false},
                {".env.*", ".env", false, false},
                /* Anchored at the directory searched when it has a '/'. */
                {"/.env", ".env", false, true},
                {"/.env", "a/.env", false, false},
                {"a/.env", "a/.env", false, true},
                {"a/.env", "b/a/.env", false, false},
                {"a/*", "a/.env", false, true},
                {"a/*", "a/b/.env", false, false},
                {"a/**", "a/b/.env", false, true},
                {".env/", ".env", false, false}, /* a directory's only */
                /* Braces: one glob when the piece has both. */
                {"{.env,x}", ".env", false, true},
                {"{x,{y,.e*}}", ".env", false, true},
                {"{x,y}", ".env", false, false},
                {"\\{.env,x}", ".env", false, false},
                /* White space and commas split a piece without braces. */
                {"*.c .env", ".env", false, true},
                {"*.c,.env", ".env", false, true},
                {"*.c\u3000.env", ".env", false, true}, /* JavaScript's \s */
                {"*.c,,", ".env", false, false},
                /* Negated: the last glob that matches decides. */
                {"!.env", ".env", false, false},
                {".env !.env", ".env", false, false},
                {"!.env .env", ".env", false, true},
                {".e* !*.c", ".env", false, true},
                {"* !a", "a/.env", false, false},              /* a directory excluded is not entered */
                {".env .git/.env", ".git/.env", false, false}, /* the client's own !.git first */
                /* A masked directory: a glob that names its files there. */
                {"secrets/*", "secrets", true, true},
                {"**/secrets/**", "secrets", true, true},
                {"secrets/k*", "secrets", true, true},
                {"*.key", "secrets", true, false}, /* any directory's: not this one's */
                /* A glob that lets the directory itself in overrides the
                 * ignore files: ripgrep enters it (and "*" takes its files). */
                {"*", "secrets", true, true},
                {"*[sy]", "secrets", true, true},
                {"secrets/* !secrets/**", "secrets", true, false},
                {"secrets/* !secrets", "secrets", true, false},
                {"sec*/x", "secrets", true, true},
                {"**/secrets/*.key", "secrets", true, true},
                {"*.key !secrets", "secrets", true, false},
                {"other/*", "secrets", true, false},
                /* The ignore crate trims a trailing U+0085 (NEL), which
                 * JavaScript's split leaves. */
                {".env\xc2\x85", ".env", false, true},
                /* A brace inside a class is a member: {[}],.env} is "[}]" or ".env". */
                {"{[}],.env}", ".env", false, true},
                /* A negation the matcher is unsure of keeps nothing out:
                 * globset has no POSIX classes ("[[:x:]]" is "[[:x:]" and "]"). */
                {".env !.en[[:x:]]", ".env", false, true},
                {".env !.en[[:alpha:]]", ".env", false, true},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++)
                if (reach(cases[i].input, cases[i].rel, cases[i].dir) != cases[i].want)
                        fail_msg("glob \"%s\" on %s%s: wanted %s", cases[i].input, cases[i].rel,
                                 cases[i].dir ? "/" : "", cases[i].want ? "a read" : "none");
}

/* Whether a walk for nested checkouts' masked entries is worth its cost:
 * a name at any depth that a glob lets in, or any glob with a '/'; and
 * whether a directory is entered with some file below it let in. */
static void test_may_read_name(void **state) {
        (void) state;
        static const struct {
                const char *input, *name;
                bool dir, want;
        } cases[] = {
                {".env", ".env", false, true},
                {"*.c", ".env", false, false},
                {"*.c,.e*", ".env", false, true},
                {"*.{c,env}", ".env", false, true},
                {"!.env", ".env", false, false}, /* a negated glob reads nothing */
                {".env/", ".env", false, false}, /* directories only */
                {"sec*", "secrets", true, true},
                {"*.key", "secrets", true, false},     /* files in any directory: not its name */
                {"vendor/lib/x", ".env", false, true}, /* anchored: only the disk can tell */
                {"/x.c", ".env", false, true},
                {"", ".env", false, false},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                JudgeGlobs *g = NULL;
                assert_int_equal(judge_globs_new(cases[i].input, &g), 0);
                if (judge_globs_may_read_name(g, cases[i].name, cases[i].dir) != cases[i].want)
                        fail_msg("%s %s: want %d", cases[i].input, cases[i].name, cases[i].want);
                judge_globs_free(g);
        }
        static const struct {
                const char *input, *rel;
                bool want;
        } enter[] = {
                {".env", "a/b", true},     {".env !a", "a/b", false}, /* a directory excluded is not entered
                                                                       */
                {".env !b", "a/b", false}, {"*.c", "a", true},        {"x/*.c", "y", false},
                {"x/*.c", "x", true},
        };
        for (size_t i = 0; i < ELEMENTSOF(enter); i++) {
                JudgeGlobs *g = NULL;
                assert_int_equal(judge_globs_new(enter[i].input, &g), 0);
                if (judge_globs_enter(g, enter[i].rel) != enter[i].want)
                        fail_msg("enter %s %s: want %d", enter[i].input, enter[i].rel, enter[i].want);
                judge_globs_free(g);
        }
}

static void test_braces_bounded(void **state) {
        (void) state;
        /* 2^8 alternatives: past the bound, a positive glob is anything,
         * a negated one nothing. */
        static const char many[] = "{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}";
        assert_true(reach(many, ".env", false));
        char neg[sizeof many + 16];
        snprintf(neg, sizeof neg, ".env !%s", many);
        assert_true(reach(neg, ".env", false));
        /* A negated glob past the matcher's bound keeps nothing out. */
        char *longneg = malloc(8192);
        assert_non_null(longneg);
        strcpy(longneg, ".env !");
        memset(longneg + 6, 'x', 5000);
        longneg[5006] = 0;
        assert_true(reach(longneg, ".env", false));
        /* Past the input's bound (1,024 alternatives), every masked entry:
         * memory and time stay bounded. */
        size_t n = 3000;
        char *pieces = malloc(n * 2 + 1);
        assert_non_null(pieces);
        for (size_t i = 0; i < n; i++)
                memcpy(pieces + 2 * i, "a,", 2);
        pieces[2 * n] = 0;
        assert_true(reach(pieces, ".env", false));
        assert_true(reach(pieces, "secrets", true));
        free(pieces);
        free(longneg);
        /* Braces nested past the bound: the same. */
        assert_true(reach("{{{{{{{{{{{{{{{{{{{{x}}}}}}}}}}}}}}}}}}}}", ".env", false));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_reach),
                cmocka_unit_test(test_braces_bounded),
                cmocka_unit_test(test_may_read_name),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
