/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <sys/stat.h>

#include "settings.h"
#include "util.h"

static Settings *modules_ok(const char *json) {
        Settings *s = NULL;
        SettingsError err;
        int r = settings_parse_modules(json, strlen(json), "m.json", &s, &err);
        if (r < 0)
                print_error("unexpected error: %u:%u %s: %s\n", err.line, err.column, err.field,
                            err.message);
        assert_int_equal(r, 0);
        assert_non_null(s);
        return s;
}

static SettingsError modules_fail(const char *json) {
        Settings *s = NULL;
        SettingsError err;
        memset(&err, 0xaa, sizeof err);
        assert_int_equal(settings_parse_modules(json, strlen(json), "m.json", &s, &err), -EINVAL);
        assert_null(s);
        assert_string_equal(err.source, "m.json");
        return err;
}

static void test_modules_lists(void **state) {
        (void) state;
        _cleanup_settings_ Settings *s = modules_ok("{\"other\": {\"x\": 1},\n"
                                                    " \"sandbox\": {\"network\": true,\n"
                                                    "   \"mask_paths\": [\"a\", \"b/\"],\n"
                                                    "   \"protect_paths\": [\"p\"],\n"
                                                    "   \"unmask_paths\": [\".env\"]}}");

        assert_string_equal(s->source, "m.json");
        assert_null(s->org);
        assert_int_equal(s->lists[ENTRY_MASK].n, 2);
        assert_string_equal(s->lists[ENTRY_MASK].entries[0].path, "a");
        assert_string_equal(s->lists[ENTRY_MASK].entries[1].path, "b/");
        assert_string_equal(s->lists[ENTRY_MASK].entries[1].field, "sandbox.mask_paths[1]");
        assert_int_equal(s->lists[ENTRY_MASK].entries[0].line, 3);
        assert_int_equal(s->lists[ENTRY_MASK].entries[0].column, 19);
        assert_int_equal(s->lists[ENTRY_MASK].entries[1].column, 24);
        assert_int_equal(s->lists[ENTRY_PROTECT].n, 1);
        assert_string_equal(s->lists[ENTRY_PROTECT].entries[0].field, "sandbox.protect_paths[0]");
        assert_int_equal(s->lists[ENTRY_PROTECT].entries[0].line, 4);
        assert_int_equal(s->lists[ENTRY_UNMASK].n, 1);
        assert_string_equal(s->lists[ENTRY_UNMASK].entries[0].path, ".env");
        assert_int_equal(s->lists[ENTRY_UNMASK].entries[0].line, 5);
}

static void test_modules_inherit(void **state) {
        (void) state;
        static const char *const empty[] = {
                "{}",
                "{\"sandbox\": null}",
                "{\"sandbox\": {}}",
                "{\"sandbox\": {\"mask_paths\": null, \"protect_paths\": [], \"unmask_paths\": null}}",
        };
        for (size_t i = 0; i < ELEMENTSOF(empty); i++) {
                _cleanup_settings_ Settings *s = modules_ok(empty[i]);
                for (EntryList l = 0; l < _ENTRY_LIST_MAX; l++)
                        assert_int_equal(s->lists[l].n, 0);
        }
}

static void test_modules_keeps_invalid_entries(void **state) {
        (void) state;
        /* Validation is resolve's job: the reader keeps what is written. */
        _cleanup_settings_ Settings *s =
                modules_ok("{\"sandbox\": {\"mask_paths\": [\"/etc/x\", \"\", \".git/x\"]}}");
        assert_int_equal(s->lists[ENTRY_MASK].n, 3);
        assert_string_equal(s->lists[ENTRY_MASK].entries[0].path, "/etc/x");
}

static void test_modules_wrong_types(void **state) {
        (void) state;
        SettingsError e;

        e = modules_fail("[1, 2]");
        assert_int_equal(e.line, 1);
        assert_int_equal(e.column, 1);
        assert_non_null(strstr(e.message, "expected a JSON object"));

        e = modules_fail("{\n  \"sandbox\": [1]\n}");
        assert_string_equal(e.field, "sandbox");
        assert_int_equal(e.line, 2);
        assert_int_equal(e.column, 14);
        assert_string_equal(e.message, "expected an object, found an array");

        e = modules_fail("{\"sandbox\": {\n\"protect_paths\": \"Makefile\"}}");
        assert_string_equal(e.field, "sandbox.protect_paths");
        assert_int_equal(e.line, 2);
        assert_int_equal(e.column, 18);
        assert_string_equal(e.message, "expected an array of strings, found a string");

        e = modules_fail("{\"sandbox\": {\"unmask_paths\": [\"a\",\n  \"b\",\n    {\"x\": 1}]}}");
        assert_string_equal(e.field, "sandbox.unmask_paths[2]");
        assert_int_equal(e.line, 3);
        assert_int_equal(e.column, 5);
        assert_string_equal(e.message, "expected a string, found an object");

        e = modules_fail("{\"sandbox\": {\"mask_paths\": [true]}}");
        assert_string_equal(e.message, "expected a string, found a boolean");
        e = modules_fail("{\"sandbox\": {\"mask_paths\": [null]}}");
        assert_string_equal(e.message, "expected a string, found null");
        e = modules_fail("{\"sandbox\": {\"mask_paths\": [1.5]}}");
        assert_string_equal(e.message, "expected a string, found a number");
        e = modules_fail("{\"sandbox\": {\"mask_paths\": 7}}");
        assert_string_equal(e.field, "sandbox.mask_paths");
}

static void test_modules_locates_past_tricky_values(void **state) {
        (void) state;
        /* Keys and strings full of structure characters, escapes and
         * multi-byte text before the bad value: the locator must step over
         * them as values, not as structure. */
        SettingsError e = modules_fail(
                "{\"a\": \"{[\\\"]},:\", \"b\": {\"sandbox\": 1}, \"s\\u0061ndbox-not\": [1,{\"x\":[]}],\n"
                "\"sandbox\": {\"z\": \"é\\\"}\", \"mask_paths\": [\"ü\", -1e5]}}");
        assert_string_equal(e.field, "sandbox.mask_paths[1]");
        assert_int_equal(e.line, 2);
        assert_int_equal(e.column, 46);
}

static void test_modules_not_json(void **state) {
        (void) state;
        SettingsError e;

        e = modules_fail("{\"sandbox\": {\n  \"mask_paths\": [\"a\" \"b\"]}}");
        assert_int_equal(e.line, 2);
        assert_string_equal(e.field, "");
        assert_non_null(strstr(e.message, "not valid JSON"));

        e = modules_fail("");
        assert_non_null(strstr(e.message, "not valid JSON"));

        /* Two keys of one name: which would win is not left to chance. */
        e = modules_fail("{\"sandbox\": {\"mask_paths\": [],\n \"mask_paths\": [\"a\"]}}");
        assert_int_equal(e.line, 2);
        assert_non_null(strstr(e.message, "duplicate"));

        /* NUL inside a string is refused by the decoder. */
        e = modules_fail("{\"sandbox\": {\"mask_paths\": [\"a\\u0000b\"]}}");
        assert_non_null(strstr(e.message, "not valid JSON"));
}

static void test_load_errors(void **state) {
        (void) state;
        Settings *s = NULL;
        SettingsError err;

        assert_int_equal(settings_load_modules("/nonexistent/modules.json", &s, &err), -ENOENT);
        assert_string_equal(err.source, "/nonexistent/modules.json");
        assert_int_equal(err.line, 0);
        assert_non_null(strstr(err.message, "No such file"));
        assert_int_equal(settings_load_modules("/", &s, &err), -EISDIR);
        assert_null(s);

        /* A fifo (say, a process substitution nobody feeds) is refused at
         * once, not waited on. */
        char dir[] = "/tmp/test-settings-XXXXXX", fifo[64];
        assert_non_null(mkdtemp(dir));
        snprintf(fifo, sizeof fifo, "%s/orgs.json", dir);
        assert_int_equal(mkfifo(fifo, 0600), 0);
        Settings **v = NULL;
        assert_int_equal(settings_load_orgs(fifo, "acme", &v, &err), -ENXIO);
        assert_null(v);
        assert_string_equal(err.source, fifo);
        assert_string_equal(err.message, "cannot read: not a regular file (a fifo, a socket or a device)");
        unlink(fifo);
        rmdir(dir);
}

static Settings **orgs_ok(const char *json, const char *org) {
        Settings **v = NULL;
        SettingsError err;
        int r = settings_parse_orgs(json, strlen(json), "o.json", org, &v, &err);
        if (r < 0)
                print_error("unexpected error: %u:%u %s: %s\n", err.line, err.column, err.field,
                            err.message);
        assert_int_equal(r, 0);
        return v;
}

static void test_orgs(void **state) {
        (void) state;
        static const char json[] =
                "{\"acme\": {\"name\": \"Acme\", \"path_policy\": {\"mask_paths\": [\"k\"],\n"
                "  \"protect_paths\": [\"CODEOWNERS\"]}},\n"
                " \"initech\": {\"path_policy\": null},\n"
                " \"globex\": null, \"umbrella\": {}}";
        Settings **v;

        v = orgs_ok(json, "acme");
        assert_non_null(v[0]);
        assert_null(v[1]);
        assert_string_equal(v[0]->org, "acme");
        assert_int_equal(v[0]->lists[ENTRY_MASK].n, 1);
        assert_string_equal(v[0]->lists[ENTRY_MASK].entries[0].field, "acme.path_policy.mask_paths[0]");
        assert_int_equal(v[0]->lists[ENTRY_PROTECT].entries[0].line, 2);
        assert_int_equal(v[0]->lists[ENTRY_PROTECT].entries[0].column, 21);
        settings_freev(v);

        /* Absent, null org, null path_policy and an org without it inherit. */
        static const char *const inherit[] = {"initech", "globex", "umbrella", "nobody"};
        for (size_t i = 0; i < ELEMENTSOF(inherit); i++) {
                v = orgs_ok(json, inherit[i]);
                assert_string_equal(v[0]->org, inherit[i]);
                for (EntryList l = 0; l < _ENTRY_LIST_MAX; l++)
                        assert_int_equal(v[0]->lists[l].n, 0);
                settings_freev(v);
        }

        /* Every org, in file order. */
        v = orgs_ok(json, NULL);
        assert_string_equal(v[0]->org, "acme");
        assert_string_equal(v[1]->org, "initech");
        assert_string_equal(v[2]->org, "globex");
        assert_string_equal(v[3]->org, "umbrella");
        assert_null(v[4]);
        settings_freev(v);
}

static void test_orgs_errors(void **state) {
        (void) state;
        Settings **v = NULL;
        SettingsError e;
        static const char unmask[] = "{\"acme\": {\"path_policy\": {\n  \"unmask_paths\": [\".env\"]}}}";
        static const char badtype[] = "{\"a\\nb\": {\"path_policy\": {\"protect_paths\": [1]}}}";
        static const char badorg[] = "{\"acme\": [\"x\"]}";

        /* There is no per-org unmask. */
        assert_int_equal(settings_parse_orgs(unmask, strlen(unmask), "o.json", "acme", &v, &e), -EINVAL);
        assert_null(v);
        assert_string_equal(e.field, "acme.path_policy.unmask_paths");
        assert_int_equal(e.line, 2);
        assert_int_equal(e.column, 19);
        assert_non_null(strstr(e.message, "never loosens"));

        /* The org name is escaped in the field; the position still found. */
        assert_int_equal(settings_parse_orgs(badtype, strlen(badtype), "o.json", NULL, &v, &e), -EINVAL);
        assert_string_equal(e.field, "a\\nb.path_policy.protect_paths[0]");
        assert_int_equal(e.column, 45);

        assert_int_equal(settings_parse_orgs(badorg, strlen(badorg), "o.json", "acme", &v, &e), -EINVAL);
        assert_string_equal(e.field, "acme");
        assert_string_equal(e.message, "expected an object, found an array");
        assert_int_equal(e.column, 10);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_modules_lists),
                cmocka_unit_test(test_modules_inherit),
                cmocka_unit_test(test_modules_keeps_invalid_entries),
                cmocka_unit_test(test_modules_wrong_types),
                cmocka_unit_test(test_modules_locates_past_tricky_values),
                cmocka_unit_test(test_modules_not_json),
                cmocka_unit_test(test_load_errors),
                cmocka_unit_test(test_orgs),
                cmocka_unit_test(test_orgs_errors),
        };
        return RUN(tests);
}
