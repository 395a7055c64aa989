/* SPDX-License-Identifier: MIT */
/* check-command: the exec policy's secret-paths rule for one shell command
 * line (daemon/core/command.h), on the command line or as Claude Code's
 * PreToolUse hook for the Bash tool. */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <unistd.h>

#include "case-ask.h"
#include "command.h"
#include "git-audit.h" /* strv cleanup */
#include "history.h"
#include "line-stream.h"
#include "log-options.h"
#include "policy-file.h"
#include "resolve.h"
#include "settings.h"
#include "util.h"
#include "verbs.h"

/* A hook input's bound, a stream line's, and what a record keeps of a
 * command. */
#define HOOK_INPUT_MAX (16u * 1024 * 1024)
#define STREAM_LINE_MAX (1024u * 1024)
#define RECORD_COMMAND_MAX 200
/* Judging a command takes microseconds; a line built to take longer
 * than a hook's timeout (Claude Code lets a call through then) is
 * refused well before it: examples/ sets the hook's at 5 s. */
#define CHECK_TIME_MAX (2u * 1000 * 1000)

static const char check_command_help[] =
        "Usage: pathpolicy check-command [POLICY] [CASE] [--json] [LOG OPTIONS] -- 'COMMAND LINE'\n"
        "       pathpolicy check-command [POLICY] [CASE] [--json] [LOG OPTIONS] < COMMAND\n"
        "       pathpolicy check-command [POLICY] [CASE] [LOG OPTIONS] --hook claude-code\n"
        "       pathpolicy check-command [POLICY] [CASE] [LOG OPTIONS] --stream\n"

        "\n"
        "Judge a shell command line by the secret-paths rule: one that names a\n"
        "masked path (at any depth, by whole components; words read as bash\n"
        "reads them: quotes, escapes, backquotes, braces, then globs, which match\n"
        "a leading dot only when the line may turn dotglob on) is refused, unless\n"
        "it only asks about the path's name or size, or names it only as data\n"
        "(ls, stat, wc -c, test, find with name-only tests, git status, git\n"
        "commit -m, grep PATTERN, echo and printf, ...; doc/runner.md has the\n"
        "language). What programs do with their words is judged too: a pattern\n"
        "handed to a program that reads what it matches (find -exec, grep\n"
        "--include, git pathspecs), a string a shell reads again (eval, sh -c,\n"
        "a heredoc, env, xargs, git -c alias), and, when git's history holds a\n"
        "masked path, a command that prints git's blobs (git log -p, show,\n"
        "archive, cat-file; unless a pathspec excludes it). A command that\n"
        "names no masked path and reads none so is allowed. It judges what a\n"
        "command names, not what a program computes: the mount is the\n"
        "enforcement. A command over 128 KiB, past the work bound, or taking\n"
        "more than 2 s to judge, is refused.\n"
        "\n"
        "POLICY (the masked paths), one of:\n"
        "  --policy FILE            a bind list (as the guest booted with)\n"
        "  --modules FILE           the built-ins and a modules.json's settings\n"
        "  --orgs FILE --org NAME   ... and an org's (default: the built-ins)\n"
        "  --history-record FILE    which masked paths git's history holds (prepare's\n"
        "                           record; default: path-policy.history beside\n"
        "                           --policy FILE). None: every masked path counts\n"
        "                           as held, so a command that prints git's blobs\n"
        "                           (git log -p, git show, ...) is refused\n"
        "\n"
        "CASE (does a name in another case name a masked path?):\n"
        "  --root DIR               where the command runs (a copy of it, or of a\n"
        "                           directory above, copies its .git); ask the\n"
        "                           filesystem there: yes where the masked path's\n"
        "                           directories are case-insensitive (Linux's\n"
        "                           casefold, macOS's volumes); default: the current\n"
        "                           directory (--hook: where the input's cwd says the\n"
        "                           command runs)\n"
        "  --case-insensitive       yes, whatever the filesystem says\n"
        "\n"
        "  --json                   print {\"decision\",\"reason\",\"paths\"} on stdout\n"
        "  --hook claude-code       read a Claude Code PreToolUse input on stdin;\n"
        "                           for the Bash tool, judge tool_input.command:\n"
        "                           refused, the reason on stderr and exit 2 (Claude\n"
        "                           Code gives it to the model); else exit 0, silent\n"
        "  --stream                 JSON Lines: {\"command\": \"...\"} a line on stdin,\n"
        "                           one --json verdict a line on stdout (an \"id\"\n"
        "                           given is echoed); a line that is not such an\n"
        "                           object, or longer than 1 MiB, is a refusal that\n"
        "                           says why (with \"error\": true), and the stream\n"
        "                           goes on\n" LOG_OPTIONS_HELP "  -h, --help               show this help\n"
        "\n"
        "Each refusal is a 'command-refused' record on the log stream.\n"
        "\n"
        "Exit status: 0 allowed; 1 the policy or the command cannot be read; 2 usage\n"
        "error; 3 refused. --hook: 0 allowed (or not a Bash call); 2 refused, or it\n"
        "could not judge (it fails closed), as Claude Code's hooks say. --stream: 0\n"
        "at the end of the input; 1 when the policy, the record or a stream cannot\n"
        "be read or written.\n";

typedef struct Args {
        const char *policy, *modules, *orgs, *org, *hook, *history, *root;
        bool json, stream, fold;
        LogConfig lc;
} Args;

static int parse(int argc, char **argv, Args *a) {
        enum {
                ARG_POLICY = 0x100,
                ARG_MODULES,
                ARG_ORGS,
                ARG_ORG,
                ARG_JSON,
                ARG_HOOK,
                ARG_HISTORY,
                ARG_STREAM,
                ARG_ROOT,
                ARG_FOLD
        };
        static const struct option options[] = {
                {"policy", required_argument, NULL, ARG_POLICY},
                {"modules", required_argument, NULL, ARG_MODULES},
                {"orgs", required_argument, NULL, ARG_ORGS},
                {"org", required_argument, NULL, ARG_ORG},
                {"json", no_argument, NULL, ARG_JSON},
                {"hook", required_argument, NULL, ARG_HOOK},
                {"history-record", required_argument, NULL, ARG_HISTORY},
                {"stream", no_argument, NULL, ARG_STREAM},
                {"root", required_argument, NULL, ARG_ROOT},
                {"case-insensitive", no_argument, NULL, ARG_FOLD},
                {"help", no_argument, NULL, 'h'},
                LOG_OPTIONS,
                {},
        };
        int c;
        VerbArgs va = {
                .verb = "check-command", .help = check_command_help, .options = options, .lc = &a->lc};
        while ((c = verb_next(&va, argc, argv)) >= 0)
                switch (c) {
                case ARG_POLICY:
                        a->policy = optarg;
                        break;
                case ARG_MODULES:
                        a->modules = optarg;
                        break;
                case ARG_ORGS:
                        a->orgs = optarg;
                        break;
                case ARG_ORG:
                        a->org = optarg;
                        break;
                case ARG_JSON:
                        a->json = true;
                        break;
                case ARG_HOOK:
                        a->hook = optarg;
                        break;
                case ARG_HISTORY:
                        a->history = optarg;
                        break;
                case ARG_STREAM:
                        a->stream = true;
                        break;
                case ARG_ROOT:
                        a->root = optarg;
                        break;
                case ARG_FOLD:
                        a->fold = true;
                        break;
                }
        if (c == VERB_EXIT)
                return va.exit;
        if (a->policy && (a->modules || a->orgs))
                return verb_usage("check-command", "give --policy FILE, or --modules/--orgs, not both");
        if (!a->orgs != !a->org)
                return verb_usage("check-command", "--orgs FILE and --org NAME go together");
        if (a->hook && !streq(a->hook, "claude-code"))
                return verb_usage("check-command", "--hook knows claude-code only");
        if (a->hook && (optind < argc || a->json))
                return verb_usage("check-command", "--hook reads its input on stdin, and prints no JSON");
        if (a->stream && (a->hook || a->json || optind < argc))
                return verb_usage("check-command", "--stream reads its commands on stdin, and prints JSON "
                                                   "anyway: no --hook, --json or COMMAND");
        if (argc - optind > 1)
                return verb_usage("check-command", "give the command line as one argument (quote it)");
        return -1;
}

/* The masked entries: the bind list's, or the resolved policy's. */
static int load_secrets(const Args *a, char ***ret, size_t *ret_n, char *err, size_t err_n) {
        _cleanup_strv_free_ char **v = NULL;
        size_t n = 0;
        if (a->policy) {
                _cleanup_policy_ Policy *p = NULL;
                PolicyError perr;
                if (policy_load(a->policy, &p, &perr) < 0) {
                        snprintf(err, err_n, "cannot read the policy %s: %s", a->policy, perr.message);
                        return -EINVAL;
                }
                if (!(v = calloc(p->n + 1, sizeof *v)))
                        return -ENOMEM;
                for (size_t i = 0; i < p->n; i++)
                        if (p->actions[i].kind != PLATFORM_PROTECT && !(v[n++] = strdup(p->actions[i].path)))
                                return -ENOMEM;
        } else {
                _cleanup_settings_ Settings *modules = NULL;
                _cleanup_resolved_ Resolved *res = NULL;
                Settings **orgv = NULL;
                SettingsError serr;
                if ((a->modules && settings_load_modules(a->modules, &modules, &serr) < 0) ||
                    (a->orgs && settings_load_orgs(a->orgs, a->org, &orgv, &serr) < 0)) {
                        snprintf(err, err_n, "%s", serr.message);
                        return -EINVAL;
                }
                int r = resolve_policy(modules, orgv ? orgv[0] : NULL, &res);
                settings_freev(orgv);
                if (r < 0)
                        return r;
                if (!(v = calloc(res->n_mask + 1, sizeof *v)))
                        return -ENOMEM;
                for (size_t i = 0; i < res->n_mask; i++)
                        if (!(v[n++] = strdup(res->mask[i])))
                                return -ENOMEM;
        }
        *ret = TAKE_PTR(v);
        *ret_n = n;
        return 0;
}

/* Which secrets' names fold, as the filesystem says at the root (--root,
 * else the current directory: the hook runs in the agent's; judge asks its
 * worktree the same way, case-ask.h). A root that cannot be named: every
 * one may fold (a name in another case is refused). */
static int load_fold(const Args *a, char *const *secrets, size_t n, bool **ret) {
        _cleanup_free_ bool *fold = calloc(n + 1, sizeof *fold);
        _cleanup_free_ char *cwd = NULL;
        CaseMemo memo = {0};
        if (!fold)
                return -ENOMEM;
        const char *root = a->root ? a->root : (cwd = getcwd(NULL, 0));
        /* A path by string, and safe so: nothing here is mounted, read or
         * written; it only asks whether directories fold case. If the
         * agent swaps one between this and the question, only the
         * advisory verdict on a name in another case can change (the mount
         * is the enforcement), and whatever cannot be resolved or asked
         * counts as folding: the side that refuses. */
        _cleanup_free_ char *abs = root ? realpath(root, NULL) : NULL;
        for (size_t i = 0; i < n; i++)
                fold[i] = a->fold || !abs || case_ask_entry(abs, secrets[i], &memo);
        case_memo_done(&memo);
        *ret = TAKE_PTR(fold);
        return 0;
}

/* Which masked entries git's history holds (*ret, n flags) and where
 * (*ret_at, lists borrowed from *rec): the record given, or prepare's
 * beside --policy FILE. None beside it, or no policy file to look beside:
 * every one, anywhere (the history is unknown). One given that cannot be
 * read, or one that is not a record: an error (-EINVAL, why in err), never
 * "none held". */
static int load_held(const Args *a, char *const *secrets, size_t n, HistoryRecord *rec, bool **ret,
                     const char *const ***ret_at, char *err, size_t err_n) {
        _cleanup_free_ char *beside = NULL;
        const char *path = a->history;
        char why[256] = "";
        if (!path && a->policy && !(path = beside = history_record_beside(a->policy)))
                return -ENOMEM;
        int r = path ? history_record_load(path, rec, why, sizeof why) : -ENOENT;
        if (r == -ENOMEM)
                return r;
        if (r < 0 && (r != -ENOENT || a->history)) {
                snprintf(err, err_n, "cannot read the history record %s: %s", path,
                         r == -EINVAL ? why : strerror(-r));
                return -EINVAL;
        }
        return history_record_held(rec, (const char *const *) secrets, n, ret, ret_at);
}

/* "a, b": the paths a verdict names. */
static char *joined(const CommandVerdict *v) {
        size_t len = 1;
        for (size_t i = 0; i < v->n_paths; i++)
                len += strlen(v->paths[i]) + 2;
        char *s = calloc(len, 1);
        for (size_t i = 0; s && i < v->n_paths; i++) {
                if (i > 0)
                        strcat(s, ", ");
                strcat(s, v->paths[i]);
        }
        return s;
}

static void record(LogStream *log, const CommandVerdict *v, const char *cmd, size_t n) {
        _cleanup_free_ char *paths = joined(v),
                            *head = strndup(cmd, n < RECORD_COMMAND_MAX ? n : RECORD_COMMAND_MAX);
        log_event(log, LOG_WARN, "command-refused",
                  LOG_FIELDS(LOG_PATH("path", v->paths[0]), LOG_STR("paths", paths ?: ""),
                             LOG_STR("reason", v->reason), LOG_PATH("command", head ?: "")),
                  "path policy: refused a command that names %s: %s", paths ?: "a masked path", v->reason);
}

static int print_json(const CommandVerdict *v) {
        json_t *paths = json_array();
        for (size_t i = 0; paths && i < v->n_paths; i++)
                json_array_append_new(paths, json_string(v->paths[i]));
        json_t *o = json_pack("{s:s, s:s, s:o}", "decision", v->refused ? "refuse" : "allow", "reason",
                              v->reason, "paths", paths);
        if (!o)
                return -ENOMEM;
        int r = json_dumpf(o, stdout, JSON_COMPACT) < 0 ? -EIO : 0;
        json_decref(o);
        putchar('\n');
        return r;
}

/* The Bash call's command line from a PreToolUse input, and the session's
 * working directory (where it runs) when the input gives one (*ret_cwd,
 * else NULL); 0 when the call is not a Bash one. */
static int hook_command(const char *buf, size_t n, char **ret, char **ret_cwd, const char **why) {
        json_error_t jerr;
        json_t *in = json_loadb(buf, n, 0, &jerr);
        if (!in) {
                *why = "the hook input is not JSON";
                return -EINVAL;
        }
        const char *tool = json_string_value(json_object_get(in, "tool_name"));
        json_t *cmd = json_object_get(json_object_get(in, "tool_input"), "command");
        int r = 0;
        if (!tool) {
                *why = "the hook input has no tool_name";
                r = -EINVAL;
        } else if (streq(tool, "Bash")) {
                const char *s = json_string_value(cmd);
                if (!s) {
                        *why = "a Bash call without tool_input.command";
                        r = -EINVAL;
                } else if (!(*ret = strndup(s, json_string_length(cmd)))) {
                        r = -ENOMEM;
                } else {
                        const char *cwd = json_string_value(json_object_get(in, "cwd"));
                        /* A path by string, and safe so: it is only compared,
                         * by name, with the paths a command names (the copy
                         * rule, command-cwd.c); nothing is opened, mounted or
                         * written there. A swap meanwhile changes only this
                         * advisory verdict (the mount is the enforcement); one
                         * that cannot be resolved is NULL: the cwd's, below. */
                        *ret_cwd = cwd && cwd[0] == '/' ? realpath(cwd, NULL) : NULL;
                        r = 1;
                }
        }
        json_decref(in);
        return r;
}

/* What a command is judged against, and where a refusal is recorded. */
typedef struct Checker {
        CommandPolicy policy;
        LogStream *log;
} Checker;

/* Judge cmd (n bytes); a refusal recorded. 0 with *v filled, or -ENOMEM. */
static int check(const Checker *c, const char *cmd, size_t n, CommandVerdict *v) {
        int r = command_check(cmd, n, &c->policy, v);
        if (r >= 0 && v->refused)
                record(c->log, v, cmd, n);
        return r;
}

/* One verdict line: the verdict, or (error) a refusal that says why the
 * line could not be judged; an id the line gave, echoed. */
static int stream_verdict(const CommandVerdict *v, const char *error, json_t *id) {
        json_t *paths = json_array();
        for (size_t i = 0; paths && v && i < v->n_paths; i++)
                json_array_append_new(paths, json_string(v->paths[i]));
        json_t *o = json_pack("{s:s, s:s, s:o}", "decision", !v || v->refused ? "refuse" : "allow", "reason",
                              v ? v->reason : error, "paths", paths);
        if (o && error)
                json_object_set_new(o, "error", json_true());
        if (o && id)
                json_object_set(o, "id", id);
        char *line = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        /* A reason or a path jansson would not take (not UTF-8): a
         * refusal all the same, never a lost line. */
        int k = line ? printf("%s\n", line)
                     : printf("{\"decision\":\"refuse\",\"reason\":\"the verdict is not UTF-8\","
                              "\"paths\":[],\"error\":true}\n");
        free(line);
        return k < 0 ? -EIO : 0;
}

/* One input line ({"command": "..."}): its verdict line. */
static int stream_line(const Checker *c, const char *line, size_t n) {
        json_error_t jerr;
        CommandVerdict v = {0};
        char why[256];
        int r;
        json_t *in = json_loadb(line, n, JSON_REJECT_DUPLICATES, &jerr);
        json_t *cmd = json_object_get(in, "command");
        if (!in) {
                snprintf(why, sizeof why, "the line is not JSON: %s", jerr.text);
                r = stream_verdict(NULL, why, NULL);
        } else if (!json_is_string(cmd))
                r = stream_verdict(NULL, "the line is not an object with a string \"command\"",
                                   json_object_get(in, "id"));
        else if ((r = check(c, json_string_value(cmd), json_string_length(cmd), &v)) >= 0)
                r = stream_verdict(&v, NULL, json_object_get(in, "id"));
        command_verdict_done(&v);
        json_decref(in);
        return r;
}

/* What a stream's callbacks share. */
typedef struct Streaming {
        const Checker *c;
        uv_loop_t *loop;
} Streaming;

static int stream_one(void *ctx, const char *s, size_t n) {
        return stream_line(((Streaming *) ctx)->c, s, n);
}

static int too_long(void *ctx) {
        (void) ctx;
        return stream_verdict(NULL, "the line is longer than 1048576 bytes: not judged", NULL);
}

/* After each read's lines: flushed once, so a runner waiting on one answer
 * has it at once, and the records go out as they come. */
static int batch_done(void *ctx) {
        if (fflush(stdout) == EOF)
                return -errno;
        uv_run(((Streaming *) ctx)->loop, UV_RUN_NOWAIT);
        return 0;
}

/* As judge --stream: each line, blank or not, has its verdict line; one
 * longer than STREAM_LINE_MAX is one refusal, and is skipped to its end. */
static int stream(const Checker *c, uv_loop_t *loop) {
        static const LineStream ls = {
                .max = STREAM_LINE_MAX, .line = stream_one, .too_long = too_long, .batch_done = batch_done};
        return line_stream(STDIN_FILENO, &ls, &(Streaming){c, loop});
}

int verb_check_command(int argc, char **argv) {
        Args a = {0};
        _cleanup_strv_free_ char **secrets = NULL;
        _cleanup_free_ char *buf = NULL, *cmd = NULL;
        _cleanup_free_ bool *held = NULL, *fold = NULL;
        _cleanup_free_ const char *const **held_at = NULL;
        _cleanup_(history_record_done) HistoryRecord rec = {0};
        _cleanup_free_ char *where = NULL;
        size_t n_secrets = 0, n = 0;
        LogStream *log = NULL;
        uv_loop_t loop;
        CommandVerdict v = {0};
        char err[512];
        const char *why = NULL;
        int r, ret = EXIT_FAIL;

        log_config_init(&a.lc);
        if ((r = parse(argc, argv, &a)) >= 0)
                return r;
        if (verb_log_start("check-command", &loop, &a.lc, &log) < 0)
                return a.hook ? EXIT_HOOK_BLOCK : EXIT_FAIL;
        /* A hook fails closed: a call it cannot judge is refused. */
        int fail = a.hook ? EXIT_HOOK_BLOCK : EXIT_FAIL;
        err[0] = 0;
        if ((r = load_secrets(&a, &secrets, &n_secrets, err, sizeof err)) < 0 ||
            (r = load_held(&a, secrets, n_secrets, &rec, &held, &held_at, err, sizeof err)) < 0 ||
            (r = load_fold(&a, secrets, n_secrets, &fold)) < 0) {
                fprintf(stderr, "pathpolicy: check-command: %s\n", err[0] ? err : strerror(-r));
                ret = fail;
                goto out;
        }
        /* where the command runs (a copy of it, or of a directory above
         * it, spelled by any path, copies .git); what ~ is */
        /* (a path by string, compared by name only: as load_fold's, above) */
        where = realpath(a.root ? a.root : ".", NULL);
        Checker c = {.policy = {.secrets = (const char *const *) secrets,
                                .n_secrets = n_secrets,
                                .held = held,
                                .held_at = held_at,
                                .fold = fold,
                                .cwd = where,
                                .home = getenv("HOME"),
                                .time_max = CHECK_TIME_MAX},
                     .log = log};
        c.policy.unreachable = rec.unreachable;
        if (a.stream) {
                r = stream(&c, &loop);
                if (r < 0)
                        fprintf(stderr, "pathpolicy: check-command: cannot go on with the stream: %s\n",
                                strerror(-r));
                ret = r < 0 ? EXIT_FAIL : EXIT_OK;
                goto out;
        }
        if (optind < argc) {
                cmd = strdup(argv[optind]);
                n = cmd ? strlen(cmd) : 0;
        } else {
                r = read_full_fd(STDIN_FILENO, HOOK_INPUT_MAX, &buf, &n);
                if (r < 0) {
                        fprintf(stderr, "pathpolicy: check-command: cannot read stdin: %s\n", strerror(-r));
                        ret = fail;
                        goto out;
                }
                if (a.hook) {
                        _cleanup_free_ char *hook_cwd = NULL;
                        r = hook_command(buf, n, &cmd, &hook_cwd, &why);
                        if (r == 0) {
                                ret = EXIT_OK; /* not ours */
                                goto out;
                        }
                        if (r < 0) {
                                fprintf(stderr, "pathpolicy: check-command: %s\n", why ?: strerror(-r));
                                ret = fail;
                                goto out;
                        }
                        n = strlen(cmd); /* a NUL in JSON ends it: refused below if it named anything */
                        if (hook_cwd && !a.root) { /* where the call runs: the session's, not the hook's */
                                free(where);
                                c.policy.cwd = where = TAKE_PTR(hook_cwd);
                        }
                } else {
                        if (n > 0 && buf[n - 1] == '\n')
                                n--; /* the line's own end */
                        cmd = TAKE_PTR(buf);
                }
        }
        if (!cmd) {
                ret = fail;
                goto out;
        }
        if ((r = check(&c, cmd, n, &v)) < 0) {
                fprintf(stderr, "pathpolicy: check-command: %s\n", strerror(-r));
                ret = fail;
                goto out;
        }
        if (v.refused) {
                _cleanup_free_ char *paths = joined(&v);
                fprintf(stderr, "pathpolicy: refused: %s (%s)\n", v.reason, paths ?: "");
        }
        if (a.json && print_json(&v) < 0) {
                ret = EXIT_FAIL;
                goto out;
        }
        ret = !v.refused ? EXIT_OK : a.hook ? EXIT_HOOK_BLOCK : EXIT_REFUSED;
out:
        command_verdict_done(&v);
        verb_log_finish(&loop, log);
        return ret;
}
