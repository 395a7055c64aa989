/* SPDX-License-Identifier: MIT */
#include "judge.h"

#include <jansson.h>

#include "entry.h"
#include "git-audit.h"
#include "util.h"

static const char *const access_table[_JUDGE_ACCESS_MAX] = {
        [JUDGE_READ] = "read",
        [JUDGE_WRITE] = "write",
};

static const char *const category_table[_JUDGE_CATEGORY_MAX] = {
        [JUDGE_NONE] = "none",
        [JUDGE_MASKED] = "masked",
        [JUDGE_MASKED_DIR] = "masked-dir",
        [JUDGE_PROTECTED] = "protected",
        [JUDGE_PROTECTED_DIR] = "protected-dir",
};

const char *judge_access_to_string(JudgeAccess a) {
        return a >= 0 && a < _JUDGE_ACCESS_MAX ? access_table[a] : NULL;
}

const char *judge_category_to_string(JudgeCategory c) {
        return c >= 0 && c < _JUDGE_CATEGORY_MAX ? category_table[c] : NULL;
}

int judge_access_from_string(const char *s) {
        for (JudgeAccess a = 0; a < _JUDGE_ACCESS_MAX; a++)
                if (streq(access_table[a], s))
                        return (int) a;
        return -EINVAL;
}

const char *judge_category_word(JudgeCategory c) {
        return judge_is_masked(c) ? "masked" : c == JUDGE_NONE ? "unlisted" : "protected";
}

bool judge_is_attempt(JudgeAccess a, JudgeCategory c) {
        return judge_is_masked(c) || (a == JUDGE_WRITE && c != JUDGE_NONE);
}

/* The category an entry gives path: itself, below it (a directory entry),
 * or nothing. */
static JudgeCategory by_entry(const char *entry, const char *path, bool mask) {
        if (!entry_match_anchored(entry, path))
                return JUDGE_NONE;
        if (entry_same_path(entry, path))
                return mask ? JUDGE_MASKED : JUDGE_PROTECTED;
        return mask ? JUDGE_MASKED_DIR : JUDGE_PROTECTED_DIR;
}

JudgeCategory judge_classify(const Policy *p, const char *path, bool nested) {
        JudgeCategory protect = JUDGE_NONE;

        for (size_t i = 0; p && i < p->n; i++) {
                const PolicyAction *a = &p->actions[i];
                bool mask = a->kind != PLATFORM_PROTECT;
                JudgeCategory c = by_entry(a->path, path, mask);
                if (mask && c != JUDGE_NONE)
                        return c;
                /* The path itself over a directory above it. */
                if (c == JUDGE_PROTECTED || (c == JUDGE_PROTECTED_DIR && protect == JUDGE_NONE))
                        protect = c;
        }
        if (protect != JUDGE_NONE || !nested || strncmp(path, ".git/", 5) != 0)
                return protect;
        for (size_t i = 0; i < ELEMENTSOF(git_metadata_protected); i++) {
                char entry[64];
                snprintf(entry, sizeof entry, ".git/%s", git_metadata_protected[i]);
                JudgeCategory c = by_entry(entry, path, false);
                if (c != JUDGE_NONE)
                        return c;
        }
        return JUDGE_NONE;
}

void judge_call_done(JudgeCall *c) {
        json_decref(c->doc);
        *c = (JudgeCall){0};
}

/* A string member of o; NULL when missing or not a string. */
static const char *str_member(const json_t *o, const char *key) {
        return json_string_value(json_object_get(o, key));
}

/* Fill *ret, its strings borrowed from o, which it holds a reference of.
 * A stream judges a call in microseconds: no copy of any. */
static int make_call(json_t *o, const char *tool, JudgeAccess access, const char *path, const char *cwd,
                     const char *session, bool grep, JudgeCall *ret) {
        *ret = (JudgeCall){
                .tool = tool,
                .path = path,
                .cwd = cwd,
                .session = session,
                .access = access,
                .grep = grep,
                .doc = json_incref(o),
        };
        return 1;
}

static json_t *load(const char *buf, size_t n, const char **ret_error) {
        json_error_t e;
        json_t *o = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &e);
        if (!o) {
                *ret_error = "not JSON";
                return NULL;
        }
        if (!json_is_object(o)) {
                json_decref(o);
                *ret_error = "not a JSON object";
                return NULL;
        }
        return o;
}

/* The hook tools that take a path, the member that names it, and what
 * they do with it. */
static const struct {
        const char *tool, *member;
        JudgeAccess access;
        bool grep;
} hook_tools[] = {
        {"Read", "file_path", JUDGE_READ, false},
        {"Write", "file_path", JUDGE_WRITE, false},
        {"Edit", "file_path", JUDGE_WRITE, false},
        {"MultiEdit", "file_path", JUDGE_WRITE, false},
        {"NotebookEdit", "notebook_path", JUDGE_WRITE, false},
        {"Grep", "path", JUDGE_READ, true},
};

int judge_parse_hook(const char *buf, size_t n, JudgeCall *ret, const char **ret_error) {
        json_t *o = load(buf, n, ret_error);
        if (!o)
                return -EINVAL;
        const char *tool = str_member(o, "tool_name"), *cwd = str_member(o, "cwd"),
                   *session = str_member(o, "session_id");
        json_t *input = json_object_get(o, "tool_input");
        int r = -EINVAL;

        if (!tool)
                *ret_error = "no tool_name";
        else if (!json_is_object(input))
                *ret_error = "no tool_input object";
        else {
                r = 0; /* a tool that is not ours */
                for (size_t i = 0; i < ELEMENTSOF(hook_tools); i++) {
                        if (!streq(hook_tools[i].tool, tool))
                                continue;
                        json_t *p = json_object_get(input, hook_tools[i].member);
                        if (hook_tools[i].grep && !p)
                                break; /* a search of the working directory: no path named */
                        if (!json_is_string(p) || !json_string_value(p)[0]) {
                                *ret_error = "the tool's path is missing or not a string";
                                r = -EINVAL;
                                break;
                        }
                        r = make_call(o, tool, hook_tools[i].access, json_string_value(p), cwd, session,
                                      hook_tools[i].grep, ret);
                        ret->client = JUDGE_CLIENT_CLAUDE_CODE;
                        break;
                }
        }
        json_decref(o);
        return r;
}

int judge_parse_stream(const char *buf, size_t n, JudgeCall *ret, const char **ret_error) {
        json_t *o = load(buf, n, ret_error);
        if (!o)
                return -EINVAL;
        const char *method = str_member(o, "method"), *tool = str_member(o, "tool"), *path = NULL;
        int access = -EINVAL, r = -EINVAL;

        if (method) {
                /* An ACP request: the runner serves the agent's file reads
                 * and writes through these two. */
                json_t *params = json_object_get(o, "params");
                path = str_member(params, "path");
                if (streq(method, "fs/read_text_file"))
                        access = JUDGE_READ;
                else if (streq(method, "fs/write_text_file"))
                        access = JUDGE_WRITE;
                else {
                        json_decref(o);
                        return 0; /* another method: no path of ours */
                }
                tool = method;
        } else {
                const char *a = str_member(o, "access");
                path = str_member(o, "path");
                access = a ? judge_access_from_string(a) : -EINVAL;
        }
        if (!tool)
                *ret_error = "no tool";
        else if (access < 0)
                *ret_error = "access is \"read\" or \"write\"";
        else if (!path || !path[0])
                *ret_error = "no path";
        else
                r = make_call(o, tool, (JudgeAccess) access, path, str_member(o, "cwd"), NULL, false, ret);
        json_decref(o);
        return r;
}
