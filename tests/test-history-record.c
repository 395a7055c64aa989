/* SPDX-License-Identifier: MIT */
/* daemon/engine/history-record.c: the history record's strict reader, its
 * writer read back, what it says of a policy's masks, and name matching. */
#include "tests.h"

#include <stdio.h>

#include "entry.h"
#include "history.h"
#include "util.h"

/* Every record the reader must refuse: none may read as "nothing held". */
static void test_parse_refuses(void **state) {
        (void) state;
        static const char *const bad[] = {
                "",                                               /* empty: nothing said */
                "pathpolicy-history 2\n",                         /* no state */
                "pathpolicy-history 1\ncomplete\n",               /* another version */
                "pathpolicy-history 2 \ncomplete\n",              /* a space too many */
                "pathpolicy-history 2\r\ncomplete\n",             /* CRLF */
                "pathpolicy-history 2\ncomplete",                 /* cut short */
                "pathpolicy-history 2\ncomplete\nheld .env",      /* cut short in a held line */
                "pathpolicy-history 2\nComplete\n",               /* the state's case */
                "pathpolicy-history 2\nunknown\n",                /* unknown needs a reason */
                "pathpolicy-history 2\nunknown \n",               /* an empty reason */
                "pathpolicy-history 2\nunknown why\nheld .env\n", /* held after unknown */
                "pathpolicy-history 2\nunknown a\tb\n",           /* a control byte */
                "pathpolicy-history 2\ncomplete\nheld .env\nanywhere\nheld .env\nanywhere\n", /* twice */
                "pathpolicy-history 2\ncomplete\nheld .env\n",                        /* held, no place */
                "pathpolicy-history 2\ncomplete\nheld .env\nheld .netrc\nanywhere\n", /* the same */
                "pathpolicy-history 2\ncomplete\nat .env\n",                          /* a place, no entry */
                "pathpolicy-history 2\ncomplete\nheld .env\nat a/.env\nanywhere\n",   /* both */
                "pathpolicy-history 2\ncomplete\nheld .env\nanywhere\nat .env\n",     /* both */
                "pathpolicy-history 2\ncomplete\nheld .env\nanywhere\nanywhere\n",    /* twice */
                "pathpolicy-history 2\ncomplete\nheld .env\nat a/x\n",                /* not ending in it */
                "pathpolicy-history 2\ncomplete\nheld .env\nat a.env\n",              /* not a component */
                "pathpolicy-history 2\ncomplete\nheld .env\nat /a/.env\n",            /* absolute */
                "pathpolicy-history 2\ncomplete\nheld .env\nat a//.env\n",    /* an empty component */
                "pathpolicy-history 2\ncomplete\nheld .env\nat ../.env\n",    /* '..' */
                "pathpolicy-history 2\ncomplete\nheld .env\nat ./.env\n",     /* '.' */
                "pathpolicy-history 2\ncomplete\nheld .env\nat a\t/.env\n",   /* a control byte */
                "pathpolicy-history 2\ncomplete\nheld .env\nat \n",           /* empty */
                "pathpolicy-history 2\ncomplete\nheld .env\nat .env//\n",     /* two slashes */
                "pathpolicy-history 2\ncomplete\nheld /etc/passwd\n",         /* an entry the rules refuse */
                "pathpolicy-history 2\ncomplete\nheld .git/config\n",         /* a mask under .git */
                "pathpolicy-history 2\ncomplete\nheld a/../b\n",              /* a '..' component */
                "pathpolicy-history 2\ncomplete\nheld \n",                    /* empty */
                "pathpolicy-history 2\ncomplete\nheld  .env\n",               /* a leading space */
                "pathpolicy-history 2\ncomplete\nheld\n",                     /* no entry */
                "pathpolicy-history 2\ncomplete\nnone\n",                     /* another keyword */
                "pathpolicy-history 2\ncomplete\n\n",                         /* a blank line */
                "pathpolicy-history 2\ncomplete\ncomplete\n",                 /* said twice */
                "pathpolicy-history 2\nunreachable\ncomplete\n",              /* before the state */
                "pathpolicy-history 2\ncomplete\nunreachable\nunreachable\n", /* twice */
                "pathpolicy-history 2\ncomplete\nheld .env\nanywhere\nunreachable\n", /* after held */
                "pathpolicy-history 2\nunknown why\nunreachable\n",                   /* after unknown */
                "pathpolicy-history 2\ncomplete\nunreachable \n",                     /* a space too many */
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
        static const char nul[] = "pathpolicy-history 2\ncomplete\nheld .e\0nv\nanywhere\n";
        HistoryRecord r = {0};
        char err[256];
        assert_int_equal(history_record_parse(nul, sizeof nul - 1, &r, err, sizeof err), -EINVAL);
}

static void test_parse_reads(void **state) {
        (void) state;
        HistoryRecord r = {0};
        char err[256];
        const char *text = "pathpolicy-history 2\ncomplete\nheld .env\nat .env\nat a/.ENV/\nheld "
                           "secrets/\nanywhere\nheld config/master.key\nat \xff/config/master.key\n";
        assert_int_equal(history_record_parse(text, strlen(text), &r, err, sizeof err), 0);
        assert_true(r.known);
        assert_false(r.unreachable); /* no such line (an older pathpolicy's record): none */
        assert_int_equal(r.n_held, 3);
        assert_string_equal(r.held[1].entry, "secrets/");
        assert_null(r.held[1].at); /* anywhere */
        assert_int_equal(r.held[0].n_at, 2);
        assert_string_equal(r.held[0].at[1], "a/.ENV/");
        assert_null(r.held[0].at[2]);
        assert_string_equal(r.held[2].at[0], "\xff/config/master.key");

        /* the writer's text reads back as it was */
        _cleanup_free_ char *out = NULL;
        size_t n;
        assert_int_equal(history_record_format(&r, &out, &n), 0);
        assert_int_equal(n, strlen(text));
        assert_memory_equal(out, text, n);
        history_record_done(&r);

        /* unreachable: after complete, read back */
        text = "pathpolicy-history 2\ncomplete\nunreachable\nheld .env\nanywhere\n";
        assert_int_equal(history_record_parse(text, strlen(text), &r, err, sizeof err), 0);
        assert_true(r.known);
        assert_true(r.unreachable);
        assert_int_equal(r.n_held, 1);
        free(out);
        out = NULL;
        assert_int_equal(history_record_format(&r, &out, &n), 0);
        assert_int_equal(n, strlen(text));
        assert_memory_equal(out, text, n);
        history_record_done(&r);

        text = "pathpolicy-history 2\nunknown past the budget of 2 commits\n";
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

/* What a record says of the policy's masks: unknown is every one, anywhere. */
static void test_held(void **state) {
        (void) state;
        static const char *const secrets[] = {".env", "secrets", "config/master.key", ".netrc"};
        char *env_at[] = {(char *) "a/.env", NULL};
        HistoryHeld held_v[] = {{.entry = (char *) ".env", .at = env_at, .n_at = 1},
                                {.entry = (char *) "secrets/"}};
        HistoryRecord known = {.known = true, .held = held_v, .n_held = 2}, unknown = {.known = false};
        _cleanup_free_ bool *h = NULL, *all = NULL;
        _cleanup_free_ const char *const **at = NULL;
        _cleanup_free_ const char *const **all_at = NULL;
        assert_int_equal(history_record_held(&known, secrets, 4, &h, &at), 0);
        assert_true(h[0]);
        assert_true(at[0] == (const char *const *) env_at);
        assert_true(h[1]);  /* "secrets/" holds "secrets": one path, either spelling */
        assert_null(at[1]); /* anywhere */
        assert_false(h[2]);
        assert_false(h[3]);
        assert_int_equal(history_record_held(&unknown, secrets, 4, &all, &all_at), 0);
        for (size_t i = 0; i < 4; i++) {
                assert_true(all[i]);
                assert_null(all_at[i]);
        }
}

/* Places: the reader's rule, and the bounds. */
static void test_places(void **state) {
        (void) state;
        static const struct {
                const char *entry, *at;
                bool ok;
        } cases[] = {
                {".env", ".env", true},
                {".env", "a/.env", true},
                {".env", "a/.ENV/", true},
                {"secrets/", "x/secrets/", true},
                {"secrets/", "x/secrets", true},
                {".env", "a/.envx", false},
                {".env", "a/x.env", false},
                {".env", "", false},
                {".env", "/", false},
                {"a/b", "x/a/b", true},
                {"a/b", "xa/b", false},
                {".env", "a/./.env", false},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++)
                if (history_at_ok(cases[i].entry, cases[i].at) != cases[i].ok)
                        fail_msg("%s at %s: expected %d", cases[i].entry, cases[i].at, cases[i].ok);
        char long_at[HISTORY_AT_PATH_MAX + 8];
        memset(long_at, 'a', sizeof long_at);
        strcpy(long_at + HISTORY_AT_PATH_MAX - 5, "/.env");
        assert_true(history_at_ok(".env", long_at)); /* HISTORY_AT_PATH_MAX bytes */
        strcpy(long_at + HISTORY_AT_PATH_MAX - 4, "/.env");
        assert_false(history_at_ok(".env", long_at));

        /* HISTORY_AT_MAX places an entry read; one more is an error */
        _cleanup_free_ char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        assert_non_null(f);
        fprintf(f, "%s\ncomplete\nheld .env\n", HISTORY_RECORD_MAGIC);
        for (unsigned i = 0; i < HISTORY_AT_MAX; i++)
                fprintf(f, "at d%u/.env\n", i);
        fflush(f);
        size_t at_max = len;
        fprintf(f, "at more/.env\n");
        assert_int_equal(fclose(f), 0);
        HistoryRecord r = {0};
        char err[256];
        assert_int_equal(history_record_parse(text, at_max, &r, err, sizeof err), 0);
        assert_int_equal(r.held[0].n_at, HISTORY_AT_MAX);
        history_record_done(&r);
        assert_int_equal(history_record_parse(text, len, &r, err, sizeof err), -EINVAL);
        assert_non_null(strstr(err, "bound"));
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
                if (entry_path_holds(cases[i].entry, cases[i].path) != cases[i].holds)
                        fail_msg("%s in %s: expected %d", cases[i].entry, cases[i].path, cases[i].holds);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_parse_refuses), cmocka_unit_test(test_parse_reads),
                cmocka_unit_test(test_held),          cmocka_unit_test(test_beside),
                cmocka_unit_test(test_path_holds),    cmocka_unit_test(test_places),
        };
        return RUN(tests);
}
