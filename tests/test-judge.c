/* SPDX-License-Identifier: MIT */
/* daemon/core/judge.c: categories under a policy, attempts, and the calls
 * it reads from a Claude Code hook and from a stream line. */
#include "tests.h"

#include "judge.h"
#include "util.h"

static Policy *policy_of(const char *text) {
        Policy *p = NULL;
        PolicyError e;
        assert_int_equal(policy_parse(text, strlen(text), &p, &e), 0);
        return p;
}

static const char policy_text[] = "mask-file .env\n"
                                  "mask-dir secrets/\n"
                                  "protect .git/config\n"
                                  "protect .git/hooks/\n"
                                  "protect .claude/\n"
                                  "protect .claude/settings.json\n"
                                  "mask-file .claude/token\n";

static void test_classify(void **state) {
        (void) state;
        _cleanup_policy_ Policy *p = policy_of(policy_text);
        static const struct {
                const char *path;
                bool nested;
                JudgeCategory want;
        } cases[] = {
                {".env", false, JUDGE_MASKED},
                {".env.local", false, JUDGE_NONE},
                {"x/.env", false, JUDGE_NONE}, /* anchored at the checkout's root */
                {"secrets", false, JUDGE_MASKED},
                {"secrets/a/b", false, JUDGE_MASKED_DIR},
                {"secretsx", false, JUDGE_NONE},
                {".git/config", false, JUDGE_PROTECTED},
                {".git/hooks", false, JUDGE_PROTECTED},
                {".git/hooks/pre-commit", false, JUDGE_PROTECTED_DIR},
                {".git/HEAD", false, JUDGE_NONE},
                {".claude/settings.json", false, JUDGE_PROTECTED}, /* the file itself over its directory */
                {".claude/other", false, JUDGE_PROTECTED_DIR},
                {".claude/token", false, JUDGE_MASKED}, /* a mask wins over a protect */
                {"", false, JUDGE_NONE},
                /* In a nested checkout the watcher also protects git's own. */
                {".git/config.worktree", false, JUDGE_NONE},
                {".git/config.worktree", true, JUDGE_PROTECTED},
                {".git/info/attributes", true, JUDGE_PROTECTED},
                {".git/info/exclude", true, JUDGE_NONE},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                JudgeCategory c = judge_classify(p, cases[i].path, cases[i].nested);
                if (c != cases[i].want)
                        fail_msg("%s: %s, wanted %s", cases[i].path, judge_category_to_string(c),
                                 judge_category_to_string(cases[i].want));
        }
        assert_int_equal(judge_classify(NULL, ".env", false), JUDGE_NONE);
}

static void test_attempts(void **state) {
        (void) state;
        for (JudgeCategory c = 0; c < _JUDGE_CATEGORY_MAX; c++) {
                assert_int_equal(judge_is_attempt(JUDGE_READ, c), judge_is_masked(c));
                assert_int_equal(judge_is_attempt(JUDGE_WRITE, c), c != JUDGE_NONE);
                assert_non_null(judge_category_to_string(c));
        }
        assert_string_equal(judge_category_word(JUDGE_MASKED_DIR), "masked");
        assert_string_equal(judge_category_word(JUDGE_PROTECTED_DIR), "protected");
        assert_int_equal(judge_access_from_string("write"), JUDGE_WRITE);
        assert_int_equal(judge_access_from_string("exec"), -EINVAL);
}

static int hook(const char *json, JudgeCall *c) {
        const char *why = NULL;
        int r = judge_parse_hook(json, strlen(json), NULL, c, &why);
        if (r < 0)
                assert_non_null(why);
        return r;
}

#define HOOK(tool, input)                                                                                   \
        "{\"session_id\":\"s1\",\"cwd\":\"/w/"                                                              \
        "sub\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"" tool "\",\"tool_input\":" input "}"

static void test_parse_hook(void **state) {
        (void) state;
        static const struct {
                const char *json;
                int r;
                const char *path;
                JudgeAccess access;
                bool grep;
        } cases[] = {
                {HOOK("Read", "{\"file_path\":\"/w/.env\",\"offset\":1}"), 1, "/w/.env", JUDGE_READ, false},
                {HOOK("Write", "{\"file_path\":\"a\",\"content\":\"x\"}"), 1, "a", JUDGE_WRITE, false},
                {HOOK("Edit", "{\"file_path\":\"a\",\"old_string\":\"x\",\"new_string\":\"y\"}"), 1, "a",
                 JUDGE_WRITE, false},
                {HOOK("MultiEdit", "{\"file_path\":\"a\",\"edits\":[]}"), 1, "a", JUDGE_WRITE, false},
                {HOOK("NotebookEdit", "{\"notebook_path\":\"n.ipynb\",\"new_source\":\"\"}"), 1, "n.ipynb",
                 JUDGE_WRITE, false},
                {HOOK("Grep", "{\"pattern\":\"k\",\"path\":\"secrets\"}"), 1, "secrets", JUDGE_READ, true},
                {HOOK("Grep", "{\"pattern\":\"k\"}"), 0, NULL, 0, false},
                {HOOK("Glob", "{\"pattern\":\"**\",\"path\":\".\"}"), 0, NULL, 0, false},
                {HOOK("Bash", "{\"command\":\"cat .env\"}"), 0, NULL, 0, false},
                {HOOK("Read", "{\"file_path\":7}"), -EINVAL, NULL, 0, false},
                {HOOK("Read", "{\"file_path\":\"\"}"), -EINVAL, NULL, 0, false},
                {HOOK("Read", "[]"), -EINVAL, NULL, 0, false},
                {"{\"tool_input\":{}}", -EINVAL, NULL, 0, false},
                {"{\"tool_name\":\"Read\",", -EINVAL, NULL, 0, false},
                {"[1]", -EINVAL, NULL, 0, false},
                {"{\"tool_name\":\"Read\",\"tool_name\":\"Write\",\"tool_input\":{}}", -EINVAL, NULL, 0,
                 false},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                JudgeCall c = {0};
                int r = hook(cases[i].json, &c);
                if (r != cases[i].r)
                        fail_msg("%s: %d, wanted %d", cases[i].json, r, cases[i].r);
                if (r == 1) {
                        assert_string_equal(c.path, cases[i].path);
                        assert_int_equal(c.access, cases[i].access);
                        assert_int_equal(c.grep, cases[i].grep);
                        assert_string_equal(c.cwd, "/w/sub");
                        assert_string_equal(c.session, "s1");
                        /* Judged as Claude Code opens it (judge-client.h). */
                        assert_int_equal(c.client, JUDGE_CLIENT_CLAUDE_CODE);
                } else
                        assert_null(c.path); /* untouched */
                judge_call_done(&c);
        }
}

static void test_parse_stream(void **state) {
        (void) state;
        static const struct {
                const char *json;
                int r;
                const char *tool, *path;
                JudgeAccess access;
        } cases[] = {
                {"{\"tool\":\"Read\",\"access\":\"read\",\"path\":\".env\"}\n", 1, "Read", ".env",
                 JUDGE_READ},
                {"{\"tool\":\"w\",\"access\":\"write\",\"path\":\"a\",\"cwd\":\"/w\"}", 1, "w", "a",
                 JUDGE_WRITE},
                {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"fs/"
                 "read_text_file\",\"params\":{\"sessionId\":\"x\","
                 "\"path\":\"/w/.env\",\"line\":1}}",
                 1, "fs/read_text_file", "/w/.env", JUDGE_READ},
                {"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"fs/write_text_file\",\"params\":{\"path\":\"/w/"
                 "a\","
                 "\"content\":\"\"}}",
                 1, "fs/write_text_file", "/w/a", JUDGE_WRITE},
                {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session/prompt\",\"params\":{}}", 0, NULL, NULL,
                 0},
                {"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"fs/read_text_file\",\"params\":{}}", -EINVAL,
                 NULL, NULL, 0},
                {"{\"tool\":\"Read\",\"access\":\"exec\",\"path\":\"a\"}", -EINVAL, NULL, NULL, 0},
                {"{\"access\":\"read\",\"path\":\"a\"}", -EINVAL, NULL, NULL, 0},
                {"not json", -EINVAL, NULL, NULL, 0},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                JudgeCall c = {0};
                const char *why = NULL;
                int r = judge_parse_stream(cases[i].json, strlen(cases[i].json), NULL, &c, &why);
                if (r != cases[i].r)
                        fail_msg("%s: %d, wanted %d", cases[i].json, r, cases[i].r);
                if (r == 1) {
                        assert_string_equal(c.tool, cases[i].tool);
                        assert_string_equal(c.path, cases[i].path);
                        assert_int_equal(c.access, cases[i].access);
                        assert_null(c.session);
                        /* ACP's path is absolute and opened as written;
                         * a stream names no client. */
                        assert_int_equal(c.client, JUDGE_CLIENT_AS_WRITTEN);
                } else if (r < 0)
                        assert_non_null(why);
                judge_call_done(&c);
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_classify),
                cmocka_unit_test(test_attempts),
                cmocka_unit_test(test_parse_hook),
                cmocka_unit_test(test_parse_stream),
        };
        return RUN(tests);
}
