/* SPDX-License-Identifier: MIT */
/* stage: the host stages the colony's work and takes the policy's files
 * back out of the index. As the checkout's owner; no privileges. */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>

#include "host.h"
#include "log-options.h"
#include "util.h"
#include "verbs.h"

static const char stage_help[] =
        "Usage: pathpolicy stage --worktree DIR --out VMDIR [--snapshot | --index FILE] [--json]\n"
        "                        [--allow PATH]... [--git-timeout SECONDS] [LOG OPTIONS]\n"
        "\n"
        "Stage the worktree (git add -A), then, from the boot's records in VMDIR:\n"
        "put every path under a masked entry back to HEAD's version (or out of the\n"
        "index when HEAD lacks it), drop the placeholders that are still empty,\n"
        "report each staged path masked or protected at any depth (once a colony),\n"
        "and refuse a credential file the policy does not name, by what it holds (a\n"
        "private key anywhere in a file; a token in .npmrc, .pypirc, .env, .netrc,\n"
        ".git-credentials, a kubeconfig, ...: doc/host.md): it is unstaged, left\n"
        "in the worktree, and named, unless --allow names it. All of it against the boot's\n"
        "base commit (VMDIR's path-policy.base; lost: HEAD): a commit the colony\n"
        "made since that brings a credential file, a placeholder or a masked\n"
        "path's bytes is refused, named with the path (stage cannot take it out\n"
        "of a commit). git runs with no hook,\n"
        "fsmonitor, pager, editor, helper or external diff, and never looks into a\n"
        "nested checkout. A worktree with a fifo, socket or device where git opens\n"
        "files by name (.gitignore, .gitattributes, .git/...) is refused, and a git\n"
        "that runs past --git-timeout is killed. A lost boot record in VMDIR makes\n"
        "it hold back more (said); with path-policy.masked-files lost it stages\n"
        "nothing.\n"
        "\n"
        "  --worktree DIR           the checkout (--root DIR is the same)\n"
        "  --out VMDIR              where prepare wrote the boot's records\n"
        "  --snapshot               stage in a private copy of the index, and print\n"
        "                           the tree and the paths it changes; the real\n"
        "                           index is left as it was\n"
        "  --index FILE             stage in this index file (GIT_INDEX_FILE), and\n"
        "                           print as --snapshot does\n"
        "  --json                   print the tree and paths as one JSON object\n"
        "  --allow PATH             let a credential file at PATH through, and say\n"
        "                           so (a path, a directory above it, or a glob;\n"
        "                           repeatable): the operator's exceptions\n" VERB_GIT_TIMEOUT_HELP
                LOG_OPTIONS_HELP "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 staged; 1 staging failed; 2 usage error; 3 a credential\n"
        "file or a commit was refused (the reason is a record).\n";

static int print_result(const StageResult *r, bool json) {
        if (json) {
                json_t *o = json_object(), *a = json_array(), *f = json_array(), *cs = json_array();
                for (size_t i = 0; o && a && i < r->n_changed; i++)
                        json_array_append_new(a, json_string(r->changed[i]) ?: json_null());
                for (size_t i = 0; o && f && i < r->n_refused; i++)
                        json_array_append_new(f, json_string(r->refused[i]) ?: json_null());
                for (size_t i = 0; o && cs && i < r->n_refused_commits; i++) {
                        const StageRefusedCommit *rc = &r->refused_commits[i];
                        json_t *one = json_object();
                        json_object_set_new(one, "commit", json_string(rc->commit));
                        json_object_set_new(one, "path", json_string(rc->path) ?: json_null());
                        json_object_set_new(one, "reason", json_string(rc->reason));
                        json_array_append_new(cs, one);
                }
                if (o && r->tree)
                        json_object_set_new(o, "tree", json_string(r->tree));
                if (o && r->tree)
                        json_object_set_new(o, "files_changed", a);
                else
                        json_decref(a);
                json_object_set_new(o, "refused", f);
                json_object_set_new(o, "refused_commits", cs);
                json_object_set_new(o, "held_back", json_integer((json_int_t) r->held));
                json_object_set_new(o, "placeholders_dropped", json_integer((json_int_t) r->dropped));
                char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
                json_decref(o);
                if (!s)
                        return -ENOMEM;
                puts(s);
                free(s);
                return 0;
        }
        if (r->tree) {
                printf("%s\n", r->tree);
                for (size_t i = 0; i < r->n_changed; i++) {
                        _cleanup_free_ char *e = escape_for_display(r->changed[i]);
                        printf("%s\n", e ? e : "?");
                }
        }
        return 0;
}

int verb_stage(int argc, char **argv) {
        /* --allow repeats: a value under 256, which VerbArgs.repeat takes */
        enum {
                ARG_ALLOW = 1,
                ARG_WORKTREE = 0x100,
                ARG_OUT,
                ARG_SNAPSHOT,
                ARG_INDEX,
                ARG_JSON,
                ARG_GIT_TIMEOUT
        };
        static const struct option options[] = {
                {"worktree", required_argument, NULL, ARG_WORKTREE},
                {"root", required_argument, NULL, ARG_WORKTREE},
                {"out", required_argument, NULL, ARG_OUT},
                {"snapshot", no_argument, NULL, ARG_SNAPSHOT},
                {"index", required_argument, NULL, ARG_INDEX},
                {"json", no_argument, NULL, ARG_JSON},
                {"git-timeout", required_argument, NULL, ARG_GIT_TIMEOUT},
                {"allow", required_argument, NULL, ARG_ALLOW},
                {"help", no_argument, NULL, 'h'},
                LOG_OPTIONS,
                {},
        };
        const char *allow[64];
        size_t n_allow = 0;
        StageConfig sc = {.allow = allow};
        StageResult res = {0};
        bool json = false;
        LogStream *log = NULL;
        HostError herr;
        LogConfig lc;
        uv_loop_t loop;
        int c, ret = EXIT_FAIL;

        log_config_init(&lc);
        VerbArgs va = {.verb = "stage", .help = stage_help, .options = options, .repeat = "\001", .lc = &lc};
        while ((c = verb_next(&va, argc, argv)) >= 0)
                switch (c) {
                case ARG_WORKTREE:
                        sc.worktree = optarg;
                        break;
                case ARG_OUT:
                        sc.out_dir = optarg;
                        break;
                case ARG_SNAPSHOT:
                        sc.snapshot = true;
                        break;
                case ARG_INDEX:
                        sc.index = optarg;
                        break;
                case ARG_JSON:
                        json = true;
                        break;
                case ARG_GIT_TIMEOUT:
                        if (verb_git_timeout("stage", optarg) < 0)
                                return EXIT_USAGE;
                        break;
                case ARG_ALLOW:
                        if (!optarg[0])
                                return verb_usage("stage", "--allow needs a path");
                        if (n_allow == ELEMENTSOF(allow))
                                return verb_usage("stage", "at most 64 --allow");
                        allow[n_allow++] = optarg;
                        break;
                }
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc)
                return verb_usage("stage", "unexpected argument");
        if (!sc.worktree || !sc.out_dir)
                return verb_usage("stage", "--worktree DIR and --out VMDIR are required");
        if (sc.snapshot && sc.index)
                return verb_usage("stage", "give one of --snapshot and --index FILE");
        /* git runs in the worktree: a relative index is the caller's,
         * never a file in the worktree (which git add -A would stage). */
        _cleanup_free_ char *index_abs = NULL, *cwd = NULL;
        if (sc.index && sc.index[0] != '/') {
                if (!(cwd = getcwd(NULL, 0)) || asprintf(&index_abs, "%s/%s", cwd, sc.index) < 0) {
                        fprintf(stderr, "pathpolicy stage: cannot resolve --index %s: %m\n", sc.index);
                        return EXIT_FAIL;
                }
                sc.index = index_abs;
        }

        if (verb_log_start("stage", &loop, &lc, &log) < 0)
                return EXIT_FAIL;
        sc.log = log;
        sc.n_allow = n_allow;
        int r = host_stage(&sc, &res, &herr);
        for (size_t i = 0; i < res.n_allowed; i++)
                log_event(log, LOG_WARN, "credential-allowed", LOG_FIELDS(LOG_PATH("path", res.allowed[i])),
                          "path policy: let {path} through: it holds a secret, and --allow names it");
        if (r == -EPERM) {
                _cleanup_free_ char *names = NULL;
                size_t len = 0;
                FILE *m = open_memstream(&names, &len);
                for (size_t i = 0; m && i < res.n_refused; i++) {
                        _cleanup_free_ char *e = escape_for_display(res.refused[i]);
                        fprintf(m, "%s%s", i ? ", " : "", e ? e : "?");
                }
                for (size_t i = 0; m && i < res.n_refused_commits; i++) {
                        _cleanup_free_ char *e = escape_for_display(res.refused_commits[i].path);
                        fprintf(m, "%s%s in %.12s", i || res.n_refused ? ", " : "", e ? e : "?",
                                res.refused_commits[i].commit);
                }
                if (m)
                        fclose(m);
                for (size_t i = 0; i < res.n_refused; i++)
                        log_event(log, LOG_ERROR, "credential-refused",
                                  LOG_FIELDS(LOG_PATH("path", res.refused[i])),
                                  "path policy: refused to commit {path}: a credential file the policy does "
                                  "not name; it is unstaged and left in the worktree (delete it, or add it "
                                  "to .gitignore, and stage again)");
                for (size_t i = 0; i < res.n_refused_commits; i++) {
                        const StageRefusedCommit *rc = &res.refused_commits[i];
                        if (streq(rc->reason, "shallow")) {
                                log_event(
                                        log, LOG_ERROR, "commit-refused",
                                        LOG_FIELDS(LOG_STR("commit", rc->commit), LOG_PATH("path", rc->path),
                                                   LOG_STR("reason", rc->reason)),
                                        "path policy: refused commit {commit}: the repository's {path} file "
                                        "names it, which hides the commits below it from what stage judges "
                                        "(remove the colony's commits from that file, and stage again)");
                                continue;
                        }
                        log_event(log, LOG_ERROR, "commit-refused",
                                  LOG_FIELDS(LOG_STR("commit", rc->commit), LOG_PATH("path", rc->path),
                                             LOG_STR("reason", rc->reason)),
                                  "path policy: refused commit {commit}: it brings {path}, %s; stage cannot "
                                  "take it out of a commit (rewrite the colony's commits without it, e.g. "
                                  "git rebase, and stage again)",
                                  streq(rc->reason, "credential")
                                          ? "a credential file the policy does not name"
                                  : streq(rc->reason, "placeholder")
                                          ? "an empty placeholder the base lacks"
                                          : "a masked path's bytes the base lacks");
                }
                /* One record naming them all: what the commit would add,
                 * then what the colony's commits carry. */
                size_t total = res.n_refused + res.n_refused_commits;
                char files[96] = "", commits[128] = "";
                if (res.n_refused > 0)
                        snprintf(files, sizeof files, "the commit would add %zu credential file%s",
                                 res.n_refused, res.n_refused == 1 ? "" : "s");
                if (res.n_refused_commits > 0)
                        snprintf(commits, sizeof commits,
                                 "%sthe colony's commits carry %zu path%s stage cannot take out",
                                 files[0] ? ", and " : "", res.n_refused_commits,
                                 res.n_refused_commits == 1 ? "" : "s");
                log_event(log, LOG_ERROR, "stage-refused", LOG_FIELDS(LOG_INT("count", (int64_t) total)),
                          "path policy: %s%s: %s", files, commits, names ? names : "");
                /* What was staged is still printed: the rest of the work went in. */
                ret = print_result(&res, json) >= 0 ? EXIT_REFUSED : EXIT_FAIL;
        } else if (r < 0)
                log_event(log, LOG_ERROR, "stage-failed", NULL, "%s", herr.message);
        else if (print_result(&res, json) >= 0)
                ret = EXIT_OK;
        stage_result_done(&res);
        verb_log_finish(&loop, log);
        return ret;
}
