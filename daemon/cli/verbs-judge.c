/* SPDX-License-Identifier: MIT */
/* judge: the runner reports the agent's attempts on masked and protected
 * paths. Reporting only: it never changes the outcome of a call. */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>

#include "array.h"
#include "judge-run.h"
#include "line-stream.h"
#include "log-options.h"
#include "policy-file.h"
#include "util.h"
#include "verbs.h"

/* A hook input's bound: a Write carries the whole file it writes. */
#define HOOK_INPUT_MAX (64u * 1024 * 1024)

static const char judge_help[] =
        "Usage: pathpolicy judge --hook claude-code [--worktree DIR] [--policy FILE] [--history FILE]\n"
        "                        [--state DIR] [--mcp-tool SPEC]... [--case-insensitive] [LOG OPTIONS]\n"
        "       pathpolicy judge --stream --worktree DIR [--policy FILE] [--history FILE]\n"
        "                        [--state DIR] [--mcp-tool SPEC]... [--case-insensitive] [LOG OPTIONS]\n"
        "\n"
        "Report the agent's attempts on the policy's paths: a read of a masked\n"
        "path, or a write to a masked or protected one (a read of a protected\n"
        "path is allowed). Each path a call names is resolved as the boot\n"
        "resolved its binds: against the call's working directory, through the\n"
        "symlinks on the way, anchored at DIR; a path outside DIR is not judged.\n"
        "The policy applies in every nested checkout too (a directory with a\n"
        ".git), as watch binds it. Each distinct (access, path) is one 'attempt'\n"
        "record on the log stream and one History entry, never repeated in a run;\n"
        "past 100 distinct paths one 'attempts-capped' record, then nothing.\n"
        "Judged: Read, Write, Edit, MultiEdit, NotebookEdit; Grep's path, and the\n"
        "masked paths below it that its glob lets ripgrep read; ReadMcpResource\n"
        "with a file: URI; the MCP tools that read or write files (read_file,\n"
        "read_text_file, read_media_file, read_multiple_files, write_file,\n"
        "edit_file, create_directory, move_file, and --mcp-tool's), each path a\n"
        "call names; ACP fs/read_text_file, fs/write_text_file, and\n"
        "terminal/create by check-command's secret-paths rule.\n"
        "\n"
        "  --hook claude-code       read one Claude Code hook input (PreToolUse or\n"
        "                           PostToolUse) on stdin; print nothing, exit 0\n"
        "                           whatever happens (its errors are records); a\n"
        "                           run is the input's session_id\n"
        "  --stream                 JSON Lines on stdin, one call a line\n"
        "                           ({\"tool\",\"access\",\"path\"[,\"cwd\"]} or an ACP\n"
        "                           fs/read_text_file or fs/write_text_file request);\n"
        "                           one verdict line on stdout for each; a run is the\n"
        "                           process\n"
        "  --worktree DIR           the worktree (with --hook, default\n"
        "                           $CLAUDE_PROJECT_DIR); --root DIR is the same\n"
        "  --policy FILE            the bind list the guest booted with (default\n"
        "                           " DEFAULT_POLICY ")\n"
        "  --history FILE           append a JSON Lines History entry per attempt\n"
        "                           ({\"type\":\"path_policy\",...})\n"
        "  --mcp-tool NAME=ACCESS:INPUT[,INPUT...]\n"
        "                           judge the MCP tool NAME (its own name, or\n"
        "                           mcp__SERVER__NAME for one server's) as a read or\n"
        "                           a write (ACCESS) of the paths its inputs INPUT\n"
        "                           give (a string or an array of strings each);\n"
        "                           before the built-in table; repeatable\n"
        "  --state DIR              where a session's run is kept (default\n"
        "                           $XDG_RUNTIME_DIR/pathpolicy, else /run/pathpolicy)\n"
        "  --case-insensitive       a name in either case is a policy path's, as on a\n"
        "                           case-insensitive directory (automatic where the\n"
        "                           filesystem says so: Linux's casefold, macOS's\n"
        "                           volumes)\n" LOG_OPTIONS_HELP
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: --hook: always 0. --stream: 0 at the end of the input; 1 when\n"
        "the policy cannot be read or a verdict cannot be written; 2 usage error.\n";

typedef struct Args {
        const char *hook, *root, *policy, *history, *state;
        bool stream, fold;
        JudgeTools tools;
        LogConfig lc;
} Args;

static void args_done(Args *a) {
        for (size_t i = 0; i < a->tools.n_mcp; i++)
                judge_mcp_tool_done(&a->tools.mcp[i]);
        free(a->tools.mcp);
}

/* One --mcp-tool: -ENOMEM, or the usage error's exit status. */
static int add_mcp_tool(Args *a, const char *spec) {
        JudgeMcpTool t;
        const char *why = NULL;
        int r = judge_mcp_tool_parse(spec, &t, &why);
        if (r == -EINVAL)
                return verb_usage("judge", "--mcp-tool %s: %s", spec, why);
        if (r < 0)
                return r;
        JudgeMcpTool *v = reallocarray(a->tools.mcp, a->tools.n_mcp + 1, sizeof *v);
        if (!v) {
                judge_mcp_tool_done(&t);
                return -ENOMEM;
        }
        a->tools.mcp = v;
        v[a->tools.n_mcp++] = t;
        return 0;
}

static int parse(int argc, char **argv, Args *a) {
        /* --mcp-tool may be given again: its value is below 256, as
         * VerbArgs.repeat takes them. */
        enum {
                ARG_MCP_TOOL = 1,
                ARG_HOOK = 0x100,
                ARG_STREAM,
                ARG_ROOT,
                ARG_POLICY,
                ARG_HISTORY,
                ARG_STATE,
                ARG_FOLD
        };
        static const struct option options[] = {
                {"hook", required_argument, NULL, ARG_HOOK},
                {"stream", no_argument, NULL, ARG_STREAM},
                {"worktree", required_argument, NULL, ARG_ROOT},
                {"root", required_argument, NULL, ARG_ROOT},
                {"policy", required_argument, NULL, ARG_POLICY},
                {"history", required_argument, NULL, ARG_HISTORY},
                {"state", required_argument, NULL, ARG_STATE},
                {"mcp-tool", required_argument, NULL, ARG_MCP_TOOL},
                {"case-insensitive", no_argument, NULL, ARG_FOLD},
                {"help", no_argument, NULL, 'h'},
                LOG_OPTIONS,
                {},
        };
        int c, r;

        VerbArgs va = {
                .verb = "judge", .help = judge_help, .options = options, .repeat = "\001", .lc = &a->lc};
        while ((c = verb_next(&va, argc, argv)) >= 0)
                switch (c) {
                case ARG_HOOK:
                        a->hook = optarg;
                        break;
                case ARG_STREAM:
                        a->stream = true;
                        break;
                case ARG_ROOT:
                        a->root = optarg;
                        break;
                case ARG_POLICY:
                        a->policy = optarg;
                        break;
                case ARG_HISTORY:
                        a->history = optarg;
                        break;
                case ARG_STATE:
                        a->state = optarg;
                        break;
                case ARG_FOLD:
                        a->fold = true;
                        break;
                case ARG_MCP_TOOL:
                        if ((r = add_mcp_tool(a, optarg)) == -ENOMEM)
                                return EXIT_FAIL;
                        if (r != 0)
                                return r;
                        break;
                }
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc)
                return verb_usage("judge", "unexpected argument");
        if (!a->hook == !a->stream)
                return verb_usage("judge", "give one of --hook claude-code and --stream");
        if (a->hook && !streq(a->hook, "claude-code"))
                return verb_usage("judge", "--hook knows claude-code only");
        if (!a->root && a->hook)
                a->root = getenv("CLAUDE_PROJECT_DIR");
        if (!a->root)
                return verb_usage("judge", "--worktree DIR is required%s",
                                  a->hook ? " (or $CLAUDE_PROJECT_DIR)" : "");
        return -1;
}

static char *default_state_dir(void) {
        const char *rt = getenv("XDG_RUNTIME_DIR");
        char *s = NULL;
        if (asprintf(&s, "%s/pathpolicy", rt && rt[0] == '/' ? rt : "/run") < 0)
                return NULL;
        return s;
}

/* Each attempt reported, with the access of its own path. */
static void report_each(Judge *j, const JudgeCall *call, const JudgeVerdict *v, size_t n) {
        for (size_t i = 0; i < n; i++) {
                JudgeCall one = *call;
                one.path = v[i].path;
                one.access = v[i].access;
                (void) judge_report(j, &one, &v[i]);
        }
}

/* The one hook input: judged and reported; every failure a record. */
static void hook(Judge *j, const JudgeTools *tools, LogStream *log) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0, n_v = 0;
        JudgeCall call = {0};
        JudgeVerdict *v = NULL;
        const char *why = NULL;

        int r = read_full_fd(STDIN_FILENO, HOOK_INPUT_MAX, &buf, &n);
        if (r < 0) {
                log_event(log, LOG_WARN, "judge-failed", LOG_FIELDS(LOG_ERRNO(r)),
                          "path policy: judge: cannot read the hook input: {errno}");
                return;
        }
        r = judge_parse_hook(buf, n, tools, &call, &why);
        if (r < 0) {
                log_event(log, LOG_WARN, "judge-failed", NULL,
                          "path policy: judge: the hook input is refused: %s",
                          r == -ENOMEM ? strerror(ENOMEM) : why);
                return;
        }
        if (r > 0 && (r = judge_call_each(j, &call, &v, &n_v)) >= 0)
                report_each(j, &call, v, n_v); /* its failures are records */
        else if (r < 0)
                log_event(log, LOG_WARN, "judge-failed", LOG_FIELDS(LOG_ERRNO(r)),
                          "path policy: judge: {errno}");
        judge_verdicts_free(v, n_v);
        judge_call_done(&call);
}

/*
 * The verdict lines, written as they go rather than built as records: a
 * stream judges a call in a few microseconds, and a record is a JSON object
 * of its own (a hash table, an allocation a field) for a line of six
 * fields. The line is the one such a record would print (fields in order,
 * a path not UTF-8 escaped with KEY_escaped); each string value goes
 * through jansson's own encoder.
 */
typedef struct Verdicts {
        json_t *str; /* each string value, in turn */
        char *line;
        size_t n, allocated;
} Verdicts;

static void verdicts_done(Verdicts *w) {
        json_decref(w->str);
        free(w->line);
}

static int put(Verdicts *w, const char *s, size_t n) {
        if (ARRAY_GROW(w->line, w->allocated, w->n + n + 1) < 0)
                return -ENOMEM;
        memcpy(w->line + w->n, s, n);
        w->n += n;
        return 0;
}

static int put_key(Verdicts *w, const char *key, const char *suffix) {
        int r = put(w, w->n == 0 ? "{\"" : ",\"", 2);
        if (r >= 0)
                r = put(w, key, strlen(key));
        if (r >= 0)
                r = put(w, suffix, strlen(suffix));
        return r < 0 ? r : put(w, "\":", 2);
}

static int put_bool(Verdicts *w, const char *key, bool b) {
        int r = put_key(w, key, "");
        return r < 0 ? r : put(w, b ? "true" : "false", b ? 4 : 5);
}

/* A string member; none when s is NULL. */
static int put_str(Verdicts *w, const char *key, const char *s) {
        int r;
        if (!s)
                return 0;
        if ((r = put_key(w, key, "")) < 0)
                return r;
        if (!w->str && !(w->str = json_string("")))
                return -ENOMEM;
        if (json_string_set(w->str, s) < 0)
                return -EINVAL; /* not UTF-8: no caller gives one */
        for (;;) {
                size_t room = w->allocated - w->n;
                size_t k = json_dumpb(w->str, w->line + w->n, room, JSON_ENCODE_ANY);
                if (k == 0)
                        return -ENOMEM;
                if (k < room) {
                        w->n += k;
                        return 0;
                }
                if (ARRAY_GROW(w->line, w->allocated, w->n + k + 1) < 0)
                        return -ENOMEM;
        }
}

static int put_path(Verdicts *w, const char *key, const char *path) {
        _cleanup_free_ char *escaped = NULL;
        if (!path)
                return 0;
        int k = log_path_escape(path, &escaped), r;
        if (k < 0)
                return k;
        if ((r = put_str(w, key, k ? escaped : path)) < 0 || !k)
                return r;
        r = put_key(w, key, "_escaped");
        return r < 0 ? r : put(w, "true", 4);
}

/* One verdict line for one input line. */
static int verdict_line(Verdicts *w, const JudgeCall *call, const JudgeVerdict *v, const char *error) {
        int r;
        w->n = 0;
        if (error)
                r = put_bool(w, "judged", false) < 0 ? -ENOMEM : put_str(w, "error", error);
        else if ((r = put_bool(w, "judged", v->judged)) >= 0 &&
                 (r = put_bool(w, "attempt", v->attempt)) >= 0 &&
                 (r = put_str(w, "access", judge_access_to_string(call->access))) >= 0 &&
                 (r = put_str(w, "category", v->judged ? judge_category_to_string(v->category) : NULL)) >=
                         0 &&
                 (r = put_path(w, "path", v->judged ? v->path : NULL)) >= 0 &&
                 (r = put_str(w, "tool", call->tool)) >= 0)
                r = put_path(w, "checkout", v->checkout);
        if (r >= 0)
                r = put(w, "}\n", 2);
        if (r < 0)
                return r;
        if (fwrite(w->line, 1, w->n, stdout) != w->n)
                return errno > 0 ? -errno : -EIO;
        return 0;
}

/* One input line: its verdict line. */
static int stream_line(Judge *j, const JudgeTools *tools, Verdicts *w, const char *line, size_t n) {
        JudgeCall call = {0};
        JudgeVerdict *v = NULL;
        size_t n_v = 0;
        const char *why = NULL;
        int r, k = judge_parse_stream(line, n, tools, &call, &why);
        if (k < 0)
                r = verdict_line(w, NULL, NULL, k == -ENOMEM ? strerror(ENOMEM) : why);
        else if (k == 0)
                r = verdict_line(w, NULL, NULL, "not a call that names a path");
        else if ((r = judge_call_each(j, &call, &v, &n_v)) >= 0) {
                report_each(j, &call, v, n_v);
                /* One line: the first attempt's, else the first path's. */
                size_t shown = 0;
                while (shown < n_v && !v[shown].attempt)
                        shown++;
                if (shown == n_v)
                        shown = 0;
                JudgeVerdict none = {0};
                JudgeCall one = call;
                if (n_v > 0)
                        one.access = v[shown].access;
                r = verdict_line(w, &one, n_v > 0 ? &v[shown] : &none, NULL);
        }
        judge_verdicts_free(v, n_v);
        judge_call_done(&call);
        return r;
}

/* What a stream's callbacks share. */
typedef struct Streaming {
        Judge *j;
        const JudgeTools *tools;
        Verdicts w;
        uv_loop_t *loop;
        LogStream *log;
} Streaming;

static int stream_one(void *ctx, const char *s, size_t n) {
        Streaming *st = ctx;
        return stream_line(st->j, st->tools, &st->w, s, n);
}

static int too_long(void *ctx) {
        return verdict_line(&((Streaming *) ctx)->w, NULL, NULL, "a line too long");
}

/* The disk as it is now, after the calls were read. */
static void read_done(void *ctx) {
        Streaming *st = ctx;
        int k = judge_sync(st->j);
        if (k < 0)
                log_event(st->log, LOG_WARN, "judge-failed", LOG_FIELDS(LOG_ERRNO(k)),
                          "path policy: judge: cannot watch for changes: {errno}; every call asks "
                          "the disk from now on");
}

static int batch_done(void *ctx) {
        if (fflush(stdout) == EOF)
                return -errno;
        uv_run(((Streaming *) ctx)->loop, UV_RUN_NOWAIT); /* the records go out as they come */
        return 0;
}

/*
 * Lines as they come (line-stream.h): every whole line read is judged,
 * then stdout is flushed once, so a runner waiting on one answer has it at
 * once and a batch costs one write. A line longer than HOOK_INPUT_MAX is
 * one error verdict, and is skipped to its end.
 */
static int stream(Judge *j, const JudgeTools *tools, uv_loop_t *loop, LogStream *log) {
        static const LineStream ls = {.max = HOOK_INPUT_MAX,
                                      .line = stream_one,
                                      .too_long = too_long,
                                      .read_done = read_done,
                                      .batch_done = batch_done};
        Streaming st = {.j = j, .tools = tools, .loop = loop, .log = log};
        int r = line_stream(STDIN_FILENO, &ls, &st);
        verdicts_done(&st.w);
        if (r < 0)
                log_event(log, LOG_ERROR, "judge-failed", LOG_FIELDS(LOG_ERRNO(r)),
                          "path policy: judge: cannot go on with the stream: {errno}");
        return r;
}

int verb_judge(int argc, char **argv) {
        Args a = {.policy = DEFAULT_POLICY};
        _cleanup_policy_ Policy *policy = NULL;
        _cleanup_free_ char *state = NULL;
        LogStream *log = NULL;
        PolicyError perr;
        uv_loop_t loop;
        Judge *j = NULL;
        int r;

        /* A hook never fails its tool call, not even on a usage error (an
         * exit 2 would block the call): the error is said, and it exits 0.
         * So hook mode is known before any option is parsed. */
        bool hooked = false;
        for (int i = 1; i < argc && !streq(argv[i], "--"); i++)
                hooked = hooked || streq(argv[i], "--hook") || strncmp(argv[i], "--hook=", 7) == 0;
        log_config_init(&a.lc);
        if ((r = parse(argc, argv, &a)) >= 0) {
                args_done(&a);
                return hooked && r == EXIT_USAGE ? EXIT_OK : r;
        }
        if (verb_log_start("judge", &loop, &a.lc, &log) < 0) {
                args_done(&a);
                return hooked ? EXIT_OK : EXIT_FAIL;
        }
        if (!a.state)
                a.state = state = default_state_dir();
        r = policy_load(a.policy, &policy, &perr);
        if (r < 0)
                verb_policy_failed(log, "judge-failed", a.policy, &perr);
        else {
                JudgeConfig jc = {.root = a.root,
                                  .policy = policy,
                                  .log = log,
                                  .history_path = a.history,
                                  .state_dir = a.state,
                                  .cache = !hooked,
                                  .fold_case = a.fold};
                r = judge_new(&jc, &j);
                if (r < 0)
                        log_event(log, LOG_ERROR, "judge-failed",
                                  LOG_FIELDS(LOG_PATH("path", a.root), LOG_ERRNO(r)),
                                  "path policy: judge: cannot use the root {path}: {errno}");
        }
        if (r >= 0 && hooked)
                hook(j, &a.tools, log);
        else if (r >= 0)
                r = stream(j, &a.tools, &loop, log);
        judge_free(j);
        args_done(&a);
        verb_log_finish(&loop, log);
        return hooked || r >= 0 ? EXIT_OK : EXIT_FAIL;
}
