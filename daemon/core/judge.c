/* SPDX-License-Identifier: MIT */
#include "judge.h"

#include <jansson.h>
#include <limits.h>
#include <strings.h>

#include "case-fold.h"
#include "entry.h"
#include "git-audit.h"
#include "git-refusals.h"
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
        [JUDGE_UNWALKED] = "unwalked",
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
        return judge_is_masked(c)    ? "masked"
               : c == JUDGE_NONE     ? "unlisted"
               : c == JUDGE_UNWALKED ? "what may be masked or protected paths below"
                                     : "protected";
}

bool judge_is_attempt(JudgeAccess a, JudgeCategory c) {
        return judge_is_masked(c) || c == JUDGE_UNWALKED || (a == JUDGE_WRITE && c != JUDGE_NONE);
}

/* The category an entry gives path: itself, below it (a directory entry),
 * or nothing. fold: ASCII letters of either case (entry and path folded by
 * case_fold_specials() already). */
static JudgeCategory by_entry(const char *entry, const char *path, bool mask, bool fold) {
        if (!entry_match_anchored_fold(entry, path, fold))
                return JUDGE_NONE;
        if (entry_same_path_fold(entry, path, fold))
                return mask ? JUDGE_MASKED : JUDGE_PROTECTED;
        return mask ? JUDGE_MASKED_DIR : JUDGE_PROTECTED_DIR;
}

/* entry (or path: the caller's copy) with case-fold.h's code points as
 * ASCII, in buf; entry itself when it has none, or is longer than buf
 * (then only ASCII folds: a longer entry is no policy's, which holds 500
 * bytes at most). */
static const char *folded(const char *entry, char *buf, size_t n) {
        size_t len = strlen(entry);
        if (len >= n || !case_fold_has_specials(entry, len))
                return entry;
        memcpy(buf, entry, len + 1);
        case_fold_specials(buf, len);
        return buf;
}

JudgeCategory judge_classify(const Policy *p, const JudgeFold *fold, const char *path, bool nested) {
        JudgeCategory protect = JUDGE_NONE;
        char fpath[PATH_MAX], fentry[512];
        /* The path folded once, when an entry folds at all. */
        const char *path_folded = NULL;

        for (size_t i = 0; p && i < p->n; i++) {
                const PolicyAction *a = &p->actions[i];
                bool mask = a->kind != PLATFORM_PROTECT, f = fold && fold->entry && fold->entry[i];
                if (f && !path_folded)
                        path_folded = folded(path, fpath, sizeof fpath);
                JudgeCategory c =
                        f ? by_entry(folded(a->path, fentry, sizeof fentry), path_folded, mask, true)
                          : by_entry(a->path, path, mask, false);
                if (mask && c != JUDGE_NONE)
                        return c;
                /* The path itself over a directory above it. */
                if (c == JUDGE_PROTECTED || (c == JUDGE_PROTECTED_DIR && protect == JUDGE_NONE))
                        protect = c;
        }
        bool git = fold && fold->git;
        if (protect != JUDGE_NONE || !nested ||
            (git ? strncasecmp(path, ".git/", 5) : strncmp(path, ".git/", 5)) != 0)
                return protect;
        for (size_t i = 0; i < ELEMENTSOF(git_metadata_protected); i++) {
                char entry[64];
                snprintf(entry, sizeof entry, ".git/%s", git_metadata_protected[i]);
                JudgeCategory c = git ? by_entry(entry, folded(path, fpath, sizeof fpath), false, true)
                                      : by_entry(entry, path, false, false);
                if (c != JUDGE_NONE)
                        return c;
        }
        return JUDGE_NONE;
}

void judge_call_done(JudgeCall *c) {
        json_decref(c->doc);
        free(c->more);
        free(c->owned);
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

/* The MCP tools that read or write files: the reference filesystem
 * server's (@modelcontextprotocol/server-filesystem), whose names other
 * servers reuse. Those that list names or tell a file's size and times
 * (list_directory, directory_tree, search_files, get_file_info) read no
 * file's bytes: not here. */
static const JudgeMcpTool mcp_tools[] = {
        {"read_file", "path", JUDGE_READ, NULL},
        {"read_text_file", "path", JUDGE_READ, NULL},
        {"read_media_file", "path", JUDGE_READ, NULL},
        {"read_multiple_files", "paths", JUDGE_READ, NULL},
        {"write_file", "path", JUDGE_WRITE, NULL},
        {"edit_file", "path", JUDGE_WRITE, NULL},
        {"create_directory", "path", JUDGE_WRITE, NULL},
        {"move_file", "source,destination", JUDGE_WRITE, NULL},
};

int judge_mcp_tool_parse(const char *spec, JudgeMcpTool *ret, const char **ret_error) {
        _cleanup_free_ char *buf = strdup(spec);
        if (!buf)
                return -ENOMEM;
        char *eq = strchr(buf, '='), *colon = eq ? strchr(eq, ':') : NULL;
        if (!eq || eq == buf || !colon || !colon[1]) {
                *ret_error = "give NAME=read:INPUT[,INPUT...] or NAME=write:INPUT[,INPUT...]";
                return -EINVAL;
        }
        *eq = *colon = 0;
        int a = judge_access_from_string(eq + 1);
        if (a < 0) {
                *ret_error = "the access is read or write";
                return -EINVAL;
        }
        for (const char *p = colon + 1; *p; p++)
                if (*p == ',' && (p == colon + 1 || p[1] == ',' || !p[1])) {
                        *ret_error = "an input name is empty";
                        return -EINVAL;
                }
        *ret = (JudgeMcpTool){.name = buf, .inputs = colon + 1, .access = (JudgeAccess) a, .buf = buf};
        TAKE_PTR(buf);
        return 0;
}

void judge_mcp_tool_done(JudgeMcpTool *t) {
        free(t->buf);
        *t = (JudgeMcpTool){0};
}

static bool mcp_name_is(const JudgeMcpTool *t, const char *name) {
        if (strncmp(t->name, "mcp__", 5) == 0)
                return streq(t->name, name);
        size_t n = strlen(name), k = strlen(t->name);
        return n > k + 2 && strncmp(name, "mcp__", 5) == 0 && streq(name + n - k, t->name) &&
               name[n - k - 1] == '_' && name[n - k - 2] == '_';
}

const JudgeMcpTool *judge_mcp_tool_find(const JudgeTools *tools, const char *name) {
        for (size_t i = 0; tools && i < tools->n_mcp; i++)
                if (mcp_name_is(&tools->mcp[i], name))
                        return &tools->mcp[i];
        for (size_t i = 0; i < ELEMENTSOF(mcp_tools); i++)
                if (mcp_name_is(&mcp_tools[i], name))
                        return &mcp_tools[i];
        return NULL;
}

/* Append a path to the call: the first is path, the rest more. */
static int call_add(JudgeCall *c, const char *path, JudgeAccess access) {
        if (!c->path) {
                c->path = path;
                c->access = access;
                return 0;
        }
        JudgePath *m = reallocarray(c->more, c->n_more + 1, sizeof *m);
        if (!m)
                return -ENOMEM;
        c->more = m;
        c->more[c->n_more++] = (JudgePath){path, access};
        return 0;
}

/* An MCP file tool's call: each of its inputs' paths. */
static int mcp_call(json_t *o, const JudgeMcpTool *t, const char *tool, json_t *input, const char *cwd,
                    const char *session, JudgeCall *ret, const char **ret_error) {
        JudgeCall c = {0};
        int r = 0;
        make_call(o, tool, t->access, NULL, cwd, session, false, &c);
        for (const char *p = t->inputs; r >= 0 && *p;) {
                const char *e = strchrnul(p, ',');
                _cleanup_free_ char *name = strndup(p, (size_t) (e - p));
                json_t *v = name ? json_object_get(input, name) : NULL, *x;
                size_t i;
                if (!name)
                        r = -ENOMEM;
                else if (json_is_string(v) && json_string_value(v)[0])
                        r = call_add(&c, json_string_value(v), t->access);
                else if (json_is_array(v))
                        json_array_foreach(v, i, x) {
                                if (r >= 0 && json_is_string(x) && json_string_value(x)[0])
                                        r = call_add(&c, json_string_value(x), t->access);
                        }
                p = *e ? e + 1 : e;
        }
        if (r >= 0 && !c.path) {
                *ret_error = "the tool's paths are missing or not strings";
                r = -EINVAL;
        }
        if (r < 0) {
                judge_call_done(&c);
                return r;
        }
        /* The reference filesystem server (@modelcontextprotocol/
         * server-filesystem) expands "~/" and path.resolve()s what it is
         * given, ".." by name: the same as Claude Code's resolution, which
         * judges the path as written and so resolved. A relative path it
         * resolves against its allowed directory, not the hook's cwd, and
         * a missing one by NFC (lib.ts validatePath): c.server. */
        c.client = JUDGE_CLIENT_CLAUDE_CODE;
        c.server = true;
        *ret = c;
        return 1;
}

static int hex(char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
}

/* The URI as a WHATWG URL parser takes it (Node's new URL, which
 * fileURLToPath reads): C0 controls and spaces trimmed at both ends, every
 * tab, LF and CR dropped, '\' a '/' (file: is a special scheme). */
static char *uri_clean(const char *uri) {
        while (*uri && (unsigned char) *uri <= 0x20)
                uri++;
        size_t n = strlen(uri);
        while (n > 0 && (unsigned char) uri[n - 1] <= 0x20)
                n--;
        char *s = malloc(n + 1), *o = s;
        for (size_t i = 0; s && i < n; i++)
                if (uri[i] != '\t' && uri[i] != '\n' && uri[i] != '\r')
                        *o++ = uri[i] == '\\' ? '/' : uri[i];
        if (s)
                *o = 0;
        return s;
}

/* s[0, n) percent-decoded into a new string: NULL for a NUL in it (or no
 * memory, *ret_r then -ENOMEM). */
static char *percent_decode(const char *p, size_t n, int *ret_r) {
        char *s = malloc(n + 1), *o = s;
        *ret_r = s ? -EINVAL : -ENOMEM;
        for (size_t i = 0; s && i < n; i++) {
                int a = p[i] == '%' && i + 2 < n ? hex(p[i + 1]) : -1, b = a >= 0 ? hex(p[i + 2]) : -1;
                if (b >= 0) {
                        *o++ = (char) (a * 16 + b);
                        i += 2;
                } else
                        *o++ = p[i];
                if (o[-1] == 0) {
                        free(s);
                        return NULL;
                }
        }
        if (s)
                *o = 0;
        return s;
}

int judge_file_uri_path(const char *uri, char **ret) {
        _cleanup_free_ char *u = uri_clean(uri), *host = NULL;
        int r;
        if (!u)
                return -ENOMEM;
        if (strncasecmp(u, "file:", 5) != 0)
                return 0;
        const char *p = u + 5;
        if (p[0] == '/' && p[1] == '/') { /* an authority: the host, decoded */
                const char *h = p + 2;
                p = h + strcspn(h, "/?#");
                if (!(host = percent_decode(h, (size_t) (p - h), &r)))
                        return r;
                if (host[0] && strcasecmp(host, "localhost") != 0)
                        return 0; /* another host's file: no path here */
        }
        /* "file:/p" and "file:p" name /p as "file:///p" does. */
        size_t n = strcspn(p, "?#");
        _cleanup_free_ char *path = percent_decode(p, n, &r), *abs = NULL;
        if (!path)
                return r;
        if (asprintf(&abs, "%s%s", path[0] == '/' ? "" : "/", path) < 0)
                return -ENOMEM;
        *ret = TAKE_PTR(abs);
        return 1;
}

/* ReadMcpResource: a file: URI's path, read. */
static int resource_call(json_t *o, const char *tool, json_t *input, const char *cwd, const char *session,
                         JudgeCall *ret, const char **ret_error) {
        const char *uri = str_member(input, "uri");
        char *path = NULL;
        int r = uri ? judge_file_uri_path(uri, &path) : 0;
        if (r == -EINVAL)
                *ret_error = "a file: URI that names no path";
        if (r <= 0)
                return r;
        make_call(o, tool, JUDGE_READ, path, cwd, session, false, ret);
        ret->owned = path;
        /* The URL parser removes "." and ".." segments by name (%2e too,
         * decoded here first): judged as written and so normalized, as
         * Claude Code's own paths are. */
        ret->client = JUDGE_CLIENT_CLAUDE_CODE;
        return 1;
}

/* A Bash call's output (PostToolUse: tool_response's stdout and stderr):
 * the paths git said it could not update, each a write the call tried (a
 * masked file changed upstream stops a merge); 0 when it names none. */
static int git_refused_call(json_t *o, const char *tool, json_t *response, const char *cwd,
                            const char *session, JudgeCall *ret) {
        _cleanup_free_ char *paths = NULL;
        size_t n = 0, total = 0;
        const char *outs[] = {"stdout", "stderr"};
        for (size_t i = 0; i < ELEMENTSOF(outs); i++) {
                json_t *v = json_object_get(response, outs[i]);
                if (!json_is_string(v))
                        continue;
                _cleanup_free_ char *more = NULL;
                size_t k = 0;
                int r = git_refused_paths(json_string_value(v), json_string_length(v), &more, &k);
                if (r < 0)
                        return r;
                size_t len = 0;
                for (size_t j = 0; j < k; j++)
                        len += strlen(more + len) + 1;
                if (k == 0)
                        continue;
                char *all = realloc(paths, total + len);
                if (!all)
                        return -ENOMEM;
                memcpy(all + total, more, len);
                paths = all;
                total += len;
                n += k;
        }
        if (n == 0)
                return 0;
        JudgeCall c = {0};
        make_call(o, tool, JUDGE_WRITE, NULL, cwd, session, false, &c);
        int r = 0;
        for (size_t at = 0; r >= 0 && at < total; at += strlen(paths + at) + 1)
                r = call_add(&c, paths + at, JUDGE_WRITE);
        if (r < 0) {
                judge_call_done(&c);
                return r;
        }
        c.owned = TAKE_PTR(paths);
        c.client = JUDGE_CLIENT_CLAUDE_CODE;
        c.git_refused = true;
        *ret = c;
        return 1;
}

static int parse_hook_object(json_t *o, const JudgeTools *tools, JudgeCall *ret, const char **ret_error) {
        const char *tool = str_member(o, "tool_name"), *cwd = str_member(o, "cwd"),
                   *session = str_member(o, "session_id");
        json_t *input = json_object_get(o, "tool_input");
        const JudgeMcpTool *mcp;

        if (!tool) {
                *ret_error = "no tool_name";
                return -EINVAL;
        }
        if (!json_is_object(input)) {
                *ret_error = "no tool_input object";
                return -EINVAL;
        }
        if (streq(tool, "Bash")) {
                json_t *response = json_object_get(o, "tool_response");
                return json_is_object(response) ? git_refused_call(o, tool, response, cwd, session, ret) : 0;
        }
        if (streq(tool, "ReadMcpResource"))
                return resource_call(o, tool, input, cwd, session, ret, ret_error);
        if ((mcp = judge_mcp_tool_find(tools, tool)))
                return mcp_call(o, mcp, tool, input, cwd, session, ret, ret_error);
        for (size_t i = 0; i < ELEMENTSOF(hook_tools); i++) {
                if (!streq(hook_tools[i].tool, tool))
                        continue;
                json_t *p = json_object_get(input, hook_tools[i].member);
                const char *glob = hook_tools[i].grep ? str_member(input, "glob") : NULL;
                if (glob && !glob[0])
                        glob = NULL;
                /* Grep's path "" or null is its working directory, as no
                 * path is (2.1.332, getPath: e ? Pt(e) : cwd). */
                if (hook_tools[i].grep &&
                    (json_is_null(p) || (json_is_string(p) && !json_string_value(p)[0])))
                        p = NULL;
                if (hook_tools[i].grep && !p && !glob)
                        return 0; /* a search of the working directory: no path, no glob */
                if (p && (!json_is_string(p) || !json_string_value(p)[0])) {
                        *ret_error = "the tool's path is missing or not a string";
                        return -EINVAL;
                }
                if (!p && !hook_tools[i].grep) {
                        *ret_error = "the tool's path is missing or not a string";
                        return -EINVAL;
                }
                /* No path: the working directory, "" as the client resolves it. */
                make_call(o, tool, hook_tools[i].access, p ? json_string_value(p) : "", cwd, session,
                          hook_tools[i].grep, ret);
                ret->client = JUDGE_CLIENT_CLAUDE_CODE;
                ret->glob = glob;
                return 1;
        }
        return 0; /* a tool that is not ours */
}

int judge_parse_hook(const char *buf, size_t n, const JudgeTools *tools, JudgeCall *ret,
                     const char **ret_error) {
        json_t *o = load(buf, n, ret_error);
        if (!o)
                return -EINVAL;
        int r = parse_hook_object(o, tools, ret, ret_error);
        json_decref(o);
        return r;
}

int judge_command_line(const char *command, const char *const *args, size_t n_args, char **ret) {
        /* Each argument as ' ARG', a quote in it as '\'' (4 bytes). */
        size_t len = strlen(command) + 1;
        for (size_t i = 0; i < n_args; i++) {
                len += 3;
                for (const char *p = args[i]; *p; p++)
                        len += *p == '\'' ? 4 : 1;
        }
        char *s = malloc(len), *o = s;
        if (!s)
                return -ENOMEM;
        o = stpcpy(o, command);
        for (size_t i = 0; i < n_args; i++) {
                o = stpcpy(o, " '");
                for (const char *p = args[i]; *p; p++)
                        if (*p == '\'')
                                o = stpcpy(o, "'\\''");
                        else
                                *o++ = *p;
                *o++ = '\'';
        }
        *o = 0;
        *ret = s;
        return 0;
}

/* The environment terminal/create gives (env: [{name, value}]), as env's
 * words "NAME=VALUE" before the command: a value is a path a program may
 * read (BASH_ENV=.env bash -c ...). NULL when there is none. */
static int terminal_env(json_t *env, char **ret) {
        _cleanup_free_ const char **v = calloc(json_array_size(env) + 1, sizeof *v);
        char **words = calloc(json_array_size(env) + 1, sizeof *words);
        size_t n = 0, i;
        json_t *x;
        int r = 0;

        if (!v || !words)
                r = -ENOMEM;
        json_array_foreach(env, i, x) {
                const char *name = str_member(x, "name"), *value = str_member(x, "value");
                if (r >= 0 && name && value && asprintf(&words[n], "%s=%s", name, value) < 0)
                        r = -ENOMEM;
                else if (r >= 0 && name && value)
                        v[n] = words[n], n++;
        }
        *ret = NULL;
        if (r >= 0 && n > 0)
                r = judge_command_line("env", v, n, ret);
        for (size_t k = 0; words && k < n; k++)
                free(words[k]);
        free(words);
        return r;
}

/* ACP terminal/create: the command and its arguments, as one line. The
 * schema (@agentclientprotocol/sdk 2.4.0) gives the command and args
 * apart and says nothing of a shell; a client may run the command through
 * one (Zed does), so the command is taken as a line, and the arguments
 * as words. Its cwd and env are the line's too: "cd -- CWD && env
 * NAME=VALUE ... COMMAND ARGS", so a name in either is judged as one in
 * the command is. */
static int terminal_call(json_t *o, const char *method, json_t *params, JudgeCall *ret,
                         const char **ret_error) {
        const char *command = str_member(params, "command"), *cwd = str_member(params, "cwd");
        json_t *args = json_object_get(params, "args"), *env = json_object_get(params, "env"), *x;
        _cleanup_free_ const char **v = NULL;
        _cleanup_free_ char *cmd = NULL, *envs = NULL, *cd = NULL;
        size_t n = 0, i;
        char *line = NULL;

        if (!command || !command[0]) {
                *ret_error = "no command";
                return -EINVAL;
        }
        if (json_is_null(args))
                args = NULL; /* the schema: null is the default, none */
        if (args && !json_is_array(args)) {
                *ret_error = "args is not an array";
                return -EINVAL;
        }
        if (!(v = calloc(json_array_size(args) + 1, sizeof *v)))
                return -ENOMEM;
        json_array_foreach(args, i, x) {
                if (!json_is_string(x)) {
                        *ret_error = "an argument is not a string";
                        return -EINVAL;
                }
                v[n++] = json_string_value(x);
        }
        if (judge_command_line(command, v, n, &cmd) < 0 || terminal_env(env, &envs) < 0 ||
            (cwd && cwd[0] && judge_command_line("cd --", &cwd, 1, &cd) < 0))
                return -ENOMEM;
        if (asprintf(&line, "%s%s%s%s%s", cd ? cd : "", cd ? " && " : "", envs ? envs : "", envs ? " " : "",
                     cmd) < 0)
                return -ENOMEM;
        make_call(o, method, JUDGE_READ, NULL, cwd, NULL, false, ret);
        ret->command = ret->owned = line;
        return 1;
}

int judge_parse_stream(const char *buf, size_t n, const JudgeTools *tools, JudgeCall *ret,
                       const char **ret_error) {
        json_t *o = load(buf, n, ret_error);
        if (!o)
                return -EINVAL;
        const char *method = str_member(o, "method"), *tool = str_member(o, "tool"), *path = NULL;
        int access = -EINVAL, r = -EINVAL;

        if (json_object_get(o, "tool_name")) {
                r = parse_hook_object(o, tools, ret, ret_error);
                json_decref(o);
                return r;
        }
        if (method) {
                /* An ACP request: the runner serves the agent's file reads
                 * and writes through these two, and runs its commands
                 * through terminal/create. */
                json_t *params = json_object_get(o, "params");
                path = str_member(params, "path");
                if (streq(method, "terminal/create")) {
                        r = terminal_call(o, method, params, ret, ret_error);
                        json_decref(o);
                        return r;
                }
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
