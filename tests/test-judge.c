/* SPDX-License-Identifier: MIT */
/* daemon/core/judge.c: categories under a policy, attempts, and the calls
 * it reads from a Claude Code hook and from a stream line. */
#include "tests.h"

#include <limits.h>

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
                JudgeCategory c = judge_classify(p, NULL, cases[i].path, cases[i].nested);
                if (c != cases[i].want)
                        fail_msg("%s: %s, wanted %s", cases[i].path, judge_category_to_string(c),
                                 judge_category_to_string(cases[i].want));
        }
        assert_int_equal(judge_classify(NULL, NULL, ".env", false), JUDGE_NONE);
}

/* Case as the filesystem has it, the answer injected: entry i folds when
 * fold[i] (its directories are case-insensitive), and only then. */
static void test_classify_fold(void **state) {
        (void) state;
        _cleanup_policy_ Policy *p = policy_of(policy_text);
        bool none[16] = {0}, all[16], env_only[16] = {[0] = true};
        for (size_t i = 0; i < ELEMENTSOF(all); i++)
                all[i] = true;
        assert_true(p->n <= ELEMENTSOF(all));
        static const struct {
                const char *path;
                int fold; /* 0 none, 1 all, 2 .env's alone */
                bool git, nested;
                JudgeCategory want;
        } cases[] = {
                {".ENV", 0, false, false, JUDGE_NONE}, /* a case-sensitive directory: another name */
                {".ENV", 1, false, false, JUDGE_MASKED},
                {".Env", 2, false, false, JUDGE_MASKED},
                {".env", 0, false, false, JUDGE_MASKED},
                {"SECRETS/k", 1, false, false, JUDGE_MASKED_DIR},
                {"SECRETS/k", 2, false, false, JUDGE_NONE}, /* secrets/'s directory does not fold */
                {"Secrets", 1, false, false, JUDGE_MASKED},
                {".CLAUDE/Settings.JSON", 1, false, false, JUDGE_PROTECTED},
                {".claude/TOKEN", 1, false, false, JUDGE_MASKED},
                /* The code points that fold to ASCII: U+017F (s), U+212A (k), U+FB01 (fi) */
                {"\xc5\xbf"
                 "ecrets/x",
                 1, false, false, JUDGE_MASKED_DIR},
                {"\xc5\xbf"
                 "ecrets/x",
                 0, false, false, JUDGE_NONE},
                {".claude/to\xe2\x84\xaa"
                 "en",
                 1, false, false, JUDGE_MASKED},
                {".claude/\xef\xac\x81le", 1, false, false, JUDGE_PROTECTED_DIR},
                /* Another non-ASCII byte is compared as it is. */
                {".\xc3\xa9nv", 1, false, false, JUDGE_NONE},
                /* git's own in a nested checkout: by .git's flag */
                {".GIT/config.worktree", 0, true, true, JUDGE_PROTECTED},
                {".GIT/config.worktree", 0, false, true, JUDGE_NONE},
                {".git/CONFIG.worktree", 0, true, true, JUDGE_PROTECTED},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                const bool *f = cases[i].fold == 0 ? none : cases[i].fold == 1 ? all : env_only;
                JudgeFold fold = {f, cases[i].git};
                JudgeCategory c = judge_classify(p, &fold, cases[i].path, cases[i].nested);
                if (c != cases[i].want)
                        fail_msg("%s (fold %d): %s, wanted %s", cases[i].path, cases[i].fold,
                                 judge_category_to_string(c), judge_category_to_string(cases[i].want));
        }
        /* A path longer than PATH_MAX: ASCII letters still fold. */
        char *long_path = malloc(PATH_MAX + 16);
        assert_non_null(long_path);
        memcpy(long_path, "SECRETS/", 8);
        memset(long_path + 8, 'a', PATH_MAX);
        long_path[PATH_MAX + 8] = 0;
        assert_int_equal(judge_classify(p, &(JudgeFold){all, false}, long_path, false), JUDGE_MASKED_DIR);
        free(long_path);
}

static void test_attempts(void **state) {
        (void) state;
        for (JudgeCategory c = 0; c < _JUDGE_CATEGORY_MAX; c++) {
                assert_int_equal(judge_is_attempt(JUDGE_READ, c), judge_is_masked(c) || c == JUDGE_UNWALKED);
                assert_int_equal(judge_is_attempt(JUDGE_WRITE, c), c != JUDGE_NONE);
                assert_non_null(judge_category_to_string(c));
        }
        assert_string_equal(judge_category_word(JUDGE_MASKED_DIR), "masked");
        assert_string_equal(judge_category_word(JUDGE_PROTECTED_DIR), "protected");
        assert_string_equal(judge_category_to_string(JUDGE_UNWALKED), "unwalked");
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
                {HOOK("Grep", "{\"pattern\":\"k\"}"), 0, NULL, 0, false}, /* no glob either */
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

/* The paths a call names, "access:path" joined by ' ' ("" none). */
static void paths_of(const JudgeCall *c, char *buf, size_t n) {
        size_t k = 0;
        buf[0] = 0;
        for (size_t i = 0; c->path && i <= c->n_more; i++) {
                const char *p = i == 0 ? c->path : c->more[i - 1].path;
                JudgeAccess a = i == 0 ? c->access : c->more[i - 1].access;
                k += (size_t) snprintf(buf + k, n - k, "%s%s:%s", k ? " " : "", judge_access_to_string(a),
                                       p);
        }
}

/* The other path-taking tools: Grep's glob, ReadMcpResource's file: URI,
 * the MCP file tools (the table's and an added one), ACP's terminal. */
static void test_parse_more(void **state) {
        (void) state;
        JudgeMcpTool added;
        const char *why = NULL;
        assert_int_equal(judge_mcp_tool_parse("fetch_note=read:note,notes", &added, &why), 0);
        JudgeTools tools = {.mcp = &added, .n_mcp = 1};
        static const struct {
                const char *json;
                int r;
                const char *paths, *glob, *command;
        } cases[] = {
                /* No path: the working directory, as the client resolves "". */
                {HOOK("Grep", "{\"pattern\":\"k\",\"glob\":\".env\"}"), 1, "read:", ".env", NULL},
                {HOOK("Grep", "{\"pattern\":\"k\",\"glob\":\"**/.env\",\"path\":\"a\"}"), 1, "read:a",
                 "**/.env", NULL},
                {HOOK("Grep", "{\"pattern\":\"k\",\"glob\":\"\"}"), 0, NULL, NULL, NULL},
                /* path "" or null: the working directory too (getPath: e ? Pt(e) : cwd) */
                {HOOK("Grep", "{\"pattern\":\"k\",\"glob\":\".env\",\"path\":\"\"}"), 1, "read:", ".env",
                 NULL},
                {HOOK("Grep", "{\"pattern\":\"k\",\"glob\":\".env\",\"path\":null}"), 1, "read:", ".env",
                 NULL},
                {HOOK("Grep", "{\"pattern\":\"k\",\"path\":\"\"}"), 0, NULL, NULL, NULL},
                /* file: URIs as a WHATWG URL parser reads them (Node's) */
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file:/w/.env\"}"), 1, "read:/w/.env",
                 NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file:w/.env\"}"), 1, "read:/w/.env",
                 NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\" file:///w/.e\\tn\\nv \"}"), 1,
                 "read:/w/.env", NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file:\\\\\\\\\\\\w\\\\.env\"}"), 1,
                 "read:/w/.env", NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file://%6cocalHost/w/.env\"}"), 1,
                 "read:/w/.env", NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file:///w/l/%2e%2e/.env\"}"), 1,
                 "read:/w/l/../.env", NULL, NULL}, /* ".." by name: the client resolution's */
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file:///w/%2Eenv\"}"), 1,
                 "read:/w/.env", NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"FILE://localhost/w/a%20b?x#y\"}"), 1,
                 "read:/w/a b", NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file://host/w/.env\"}"), 0, NULL,
                 NULL, NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file:///w/a%2\"}"), 1, "read:/w/a%2",
                 NULL, NULL}, /* a '%' without two digits: as written */
                {HOOK("ReadMcpResource", "{\"server\":\"db\",\"uri\":\"postgres://x/t\"}"), 0, NULL, NULL,
                 NULL},
                {HOOK("ReadMcpResource", "{\"server\":\"fs\",\"uri\":\"file:///w/%00\"}"), -EINVAL, NULL,
                 NULL, NULL},
                {HOOK("mcp__fs__read_file", "{\"path\":\".env\"}"), 1, "read:.env", NULL, NULL},
                {HOOK("mcp__fs__read_text_file", "{\"path\":\".env\",\"head\":3}"), 1, "read:.env", NULL,
                 NULL},
                {HOOK("mcp__fs__read_media_file", "{\"path\":\"a.png\"}"), 1, "read:a.png", NULL, NULL},
                {HOOK("mcp__fs__read_multiple_files", "{\"paths\":[\".env\",\"secrets/k\"]}"), 1,
                 "read:.env read:secrets/k", NULL, NULL},
                {HOOK("mcp__fs__write_file", "{\"path\":\".mcp.json\",\"content\":\"\"}"), 1,
                 "write:.mcp.json", NULL, NULL},
                {HOOK("mcp__fs__edit_file", "{\"path\":\"a\",\"edits\":[]}"), 1, "write:a", NULL, NULL},
                {HOOK("mcp__fs__move_file", "{\"source\":\".env\",\"destination\":\"b\"}"), 1,
                 "write:.env write:b", NULL, NULL},
                {HOOK("mcp__my_server__read_file", "{\"path\":\"x\"}"), 1, "read:x", NULL, NULL},
                {HOOK("mcp__fs__list_directory", "{\"path\":\"secrets\"}"), 0, NULL, NULL, NULL},
                {HOOK("mcp__fs__read_filex", "{\"path\":\".env\"}"), 0, NULL, NULL, NULL},
                {HOOK("read_file", "{\"path\":\".env\"}"), 0, NULL, NULL, NULL},
                {HOOK("mcp__fs__read_file", "{\"file\":\".env\"}"), -EINVAL, NULL, NULL, NULL},
                {HOOK("mcp__notes__fetch_note", "{\"notes\":[\".env\"],\"note\":\"a\"}"), 1,
                 "read:a read:.env", NULL, NULL},
                /* ACP's terminal: the command a line, the arguments words. */
                {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"terminal/create\",\"params\":{\"sessionId\":"
                 "\"s\",\"command\":\"cat\",\"args\":[\".env\",\"it's\"],\"cwd\":\"/w\"}}",
                 1, "", NULL, "cd -- '/w' && cat '.env' 'it'\\''s'"},
                /* its env: a value a program may read (BASH_ENV) */
                {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"terminal/create\",\"params\":{\"command\":"
                 "\"bash\",\"args\":[\"-c\",\"echo\"],\"env\":[{\"name\":\"BASH_ENV\",\"value\":\".env\"}]}"
                 "}",
                 1, "", NULL, "env 'BASH_ENV=.env' bash '-c' 'echo'"},
                {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"terminal/create\",\"params\":{\"command\":"
                 "\"cat .env | head\"}}",
                 1, "", NULL, "cat .env | head"},
                {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"terminal/create\",\"params\":{\"command\":"
                 "\"cat .env\",\"args\":null,\"cwd\":null}}",
                 1, "", NULL, "cat .env"}, /* the schema's null: none */
                {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"terminal/create\",\"params\":{\"command\":"
                 "\"cat\",\"args\":[1]}}",
                 -EINVAL, NULL, NULL, NULL},
                {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"terminal/create\",\"params\":{}}", -EINVAL,
                 NULL, NULL, NULL},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                JudgeCall c = {0};
                char got[512];
                why = NULL;
                /* Each as a hook input where it is one, and as a stream line. */
                for (int stream = 0; stream < 2; stream++) {
                        bool acp = strstr(cases[i].json, "jsonrpc") != NULL;
                        if (!stream && acp)
                                continue;
                        int r = stream ? judge_parse_stream(cases[i].json, strlen(cases[i].json), &tools, &c,
                                                            &why)
                                       : judge_parse_hook(cases[i].json, strlen(cases[i].json), &tools, &c,
                                                          &why);
                        if (r != cases[i].r)
                                fail_msg("%s: %d, wanted %d", cases[i].json, r, cases[i].r);
                        if (r < 0)
                                assert_non_null(why);
                        if (r == 1) {
                                paths_of(&c, got, sizeof got);
                                if (!streq(got, cases[i].paths))
                                        fail_msg("%s: %s, wanted %s", cases[i].json, got, cases[i].paths);
                                assert_true(streq_ptr(c.glob, cases[i].glob));
                                assert_true(streq_ptr(c.command, cases[i].command));
                        }
                        judge_call_done(&c);
                }
        }
        judge_mcp_tool_done(&added);
        static const char *const bad[] = {"x", "=read:a", "x=peek:a", "x=read:", "x=read:a,,b", "x=read:a,"};
        for (size_t i = 0; i < ELEMENTSOF(bad); i++) {
                why = NULL;
                assert_int_equal(judge_mcp_tool_parse(bad[i], &added, &why), -EINVAL);
                assert_non_null(why);
        }
        /* One server's tool by its whole name, tried before the table. */
        assert_int_equal(judge_mcp_tool_parse("mcp__a__read_file=write:p", &added, &why), 0);
        tools.mcp = &added;
        assert_int_equal(judge_mcp_tool_find(&tools, "mcp__a__read_file")->access, JUDGE_WRITE);
        assert_int_equal(judge_mcp_tool_find(&tools, "mcp__b__read_file")->access, JUDGE_READ);
        assert_null(judge_mcp_tool_find(&tools, "mcp__a__fetch"));
        judge_mcp_tool_done(&added);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_classify),     cmocka_unit_test(test_classify_fold),
                cmocka_unit_test(test_attempts),     cmocka_unit_test(test_parse_hook),
                cmocka_unit_test(test_parse_stream), cmocka_unit_test(test_parse_more),
        };
        return RUN(tests);
}
