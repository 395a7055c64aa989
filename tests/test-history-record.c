/* SPDX-License-Identifier: MIT */
/* daemon/engine/history-record.c: the history record's strict reader, its
 * writer read back, what it says of a policy's masks, and name matching. */
#include "tests.h"

#include <stdio.h>

#include "history.h"
#include "util.h"

/* Every record the reader must refuse: none may read as "nothing held". */
static void test_parse_refuses(void **state) {
        (void) state;
        static const char *const bad[] = {
                "",                                                       /* empty: nothing said */
                "pathpolicy-history 1\n",                                 /* no state */
                "pathpolicy-history 2\ncomplete\n",                       /* another version */
                "pathpolicy-history 1 \ncomplete\n",                      /* a space too many */
                "pathpolicy-history 1\r\ncomplete\n",                     /* CRLF */
                "pathpolicy-history 1\ncomplete",                         /* cut short */
                "pathpolicy-history 1\ncomplete\nheld .env",              /* cut short in a held line */
                "pathpolicy-history 1\nComplete\n",                       /* the state's case */
                "pathpolicy-history 1\nunknown\n",                        /* unknown needs a reason */
                "pathpolicy-history 1\nunknown \n",                       /* an empty reason */
                "pathpolicy-history 1\nunknown why\nheld .env\n",         /* held after unknown */
                "pathpolicy-history 1\nunknown a\tb\n",                   /* a control byte */
                "pathpolicy-history 1\ncomplete\nheld .env\nheld .env\n", /* twice */
                "pathpolicy-history 1\ncomplete\nheld /etc/passwd\n",     /* an entry the rules refuse */
                "pathpolicy-history 1\ncomplete\nheld .git/config\n",     /* a mask under .git */
                "pathpolicy-history 1\ncomplete\nheld a/../b\n",          /* a '..' component */
                "pathpolicy-history 1\ncomplete\nheld \n",                /* empty */
                "pathpolicy-history 1\ncomplete\nheld  .env\n",           /* a leading space */
                "pathpolicy-history 1\ncomplete\nheld\n",                 /* no entry */
                "pathpolicy-history 1\ncomplete\nnone\n",                 /* another keyword */
                "pathpolicy-history 1\ncomplete\n\n",                     /* a blank line */
                "pathpolicy-history 1\ncomplete\ncomplete\n",             /* said twice */
        };
        for (size_t i = 0; i < ELEMENTSOF(bad); i++) {
                HistoryRecord r = {0};
                char err[256] = "";
                if (history_record_parse(bad[i], strlen(bad[i]), &r, err, sizeof err) != -EINVAL)
                        fail_msg("case %zu read: %s", i, bad[i]);
                assert_true(err[0] != 0);
                assert_null(r.held);
        }
        /* A NUL byte in a held line. */
        static const char nul[] = "pathpolicy-history 1\ncomplete\nheld .e\0nv\n";
        HistoryRecord r = {0};
        char err[256];
        assert_int_equal(history_record_parse(nul, sizeof nul - 1, &r, err, sizeof err), -EINVAL);
}

static void test_parse_reads(void **state) {
        (void) state;
        HistoryRecord r = {0};
        char err[256];
        const char *text =
                "pathpolicy-history 1\ncomplete\nheld .env\nheld secrets/\nheld config/master.key\n";
        assert_int_equal(history_record_parse(text, strlen(text), &r, err, sizeof err), 0);
        assert_true(r.known);
        assert_int_equal(r.n_held, 3);
        assert_string_equal(r.held[1], "secrets/");
        assert_null(r.held[3]);

        /* the writer's text reads back as it was */
        _cleanup_free_ char *out = NULL;
        size_t n;
        assert_int_equal(history_record_format(&r, &out, &n), 0);
        assert_int_equal(n, strlen(text));
        assert_memory_equal(out, text, n);
        history_record_done(&r);

        text = "pathpolicy-history 1\nunknown past the budget of 2 commits\n";
        assert_int_equal(history_record_parse(text, strlen(text), &r, err, sizeof err), 0);
        assert_false(r.known);
        assert_string_equal(r.reason, "past the budget of 2 commits");
        history_record_done(&r);

        /* the writer never writes a reason the reader refuses */
        HistoryRecord u = {.known = false};
        snprintf(u.reason, sizeof u.reason, "bad\nline");
        free(out);
        out = NULL;
        assert_int_equal(history_record_format(&u, &out, &n), 0);
        assert_int_equal(history_record_parse(out, n, &r, err, sizeof err), 0);
        assert_false(r.known);
        history_record_done(&r);
}

/* What a record says of the policy's masks: unknown is every one. */
static void test_held(void **state) {
        (void) state;
        static const char *const secrets[] = {".env", "secrets", "config/master.key", ".netrc"};
        char *held_v[] = {(char *) ".env", (char *) "secrets/", NULL};
        HistoryRecord known = {.known = true, .held = held_v, .n_held = 2}, unknown = {.known = false};
        _cleanup_free_ bool *h = NULL, *all = NULL;
        assert_int_equal(history_record_held(&known, secrets, 4, &h), 0);
        assert_true(h[0]);
        assert_true(h[1]); /* "secrets/" holds "secrets": one path, either spelling */
        assert_false(h[2]);
        assert_false(h[3]);
        assert_int_equal(history_record_held(&unknown, secrets, 4, &all), 0);
        for (size_t i = 0; i < 4; i++)
                assert_true(all[i]);
}

static void test_beside(void **state) {
        (void) state;
        _cleanup_free_ char *a = history_record_beside("/colonizer/path-policy"),
                            *b = history_record_beside("path-policy");
        assert_string_equal(a, "/colonizer/path-policy.history");
        assert_string_equal(b, "path-policy.history");
}

static void test_path_holds(void **state) {
        (void) state;
        static const struct {
                const char *entry, *path;
                bool holds;
        } cases[] = {
                {".env", ".env", true},
                {".env", "a/b/.env", true},
                {".env", ".ENV", true},
                {".env", ".env/x", true}, /* a file entry that was a directory once */
                {".env", "x.env", false},
                {".env", ".env.local", false},
                {".env", "a.env/b", false},
                {"secrets/", "secrets/k", true},
                {"secrets/", "x/Secrets/k/l", true},
                {"secrets/", "secretsx/k", false},
                {"secrets/", "my-secrets/k", false},
                {"config/master.key", "v/config/master.key", true},
                {"config/master.key", "myconfig/master.key", false},
                {"config/master.key", "config/master.keys", false},
                {"config/master.key", "config/x/master.key", false},
                {"a.b", "a.b", true},
                {"\xc3\xa9.env", "\xc3\x89.env", false}, /* ASCII letters only fold */
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++)
                if (history_path_holds(cases[i].entry, cases[i].path) != cases[i].holds)
                        fail_msg("%s in %s: expected %d", cases[i].entry, cases[i].path, cases[i].holds);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_parse_refuses), cmocka_unit_test(test_parse_reads),
                cmocka_unit_test(test_held),          cmocka_unit_test(test_beside),
                cmocka_unit_test(test_path_holds),
        };
        return RUN(tests);
}
