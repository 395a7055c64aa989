/* SPDX-License-Identifier: MIT */
/* prepare and release: the host side, before the VM boots and after it
 * ends. As the checkout's owner; no privileges, no mounts. */
#include <getopt.h>

#include "host.h"
#include "log-options.h"
#include "resolve.h"
#include "settings.h"
#include "util.h"
#include "verbs.h"

static const char prepare_help[] =
        "Usage: pathpolicy prepare --worktree DIR --out VMDIR [--modules FILE] [--orgs FILE --org NAME]\n"
        "                          [--history-seconds SECONDS] [--history-commits N] [LOG OPTIONS]\n"
        "\n"
        "Before the VM boots: resolve the policy (as 'resolve' does) and walk each\n"
        "path in the worktree without following symlinks. An absent path gets an\n"
        "empty placeholder (a file, or a directory for a '/' entry, with missing\n"
        "parents); a present one is left alone; a symlink that stays inside the\n"
        "checkout is bound at its target; one that leaves it, dangles, or sits under\n"
        "a symlink or a file is skipped and named. Writes VMDIR/path-policy (for\n"
        "enforce), VMDIR/path-policy.placeholders (before the first placeholder is\n"
        "made), VMDIR/path-policy.exclude (for the guest's core.excludesFile),\n"
        "VMDIR/path-policy.checkouts (the nested checkouts found, for stage) and\n"
        "VMDIR/path-policy.base (HEAD's commit, the boot's base, which stage judges\n"
        "the colony's commits against; kept when there already), each atomically.\n"
        "VMDIR/path-policy.history says which masked paths git's history holds\n"
        "(the names every commit reachable from a ref, a reflog, a pseudo-ref\n"
        "such as FETCH_HEAD or a dangling commit has, and the index's; never a\n"
        "blob read), and whether git holds a blob or tree nothing reaches, for\n"
        "check-command; past its budget, or when\n"
        "git cannot be run safely, it says the history is unknown, and\n"
        "check-command takes every masked path for held.\n"
        "\n"
        "  --worktree DIR           the checkout (--root DIR is the same)\n"
        "  --out VMDIR              where the policy files go\n"
        "  --modules FILE           modules.json (settings at .sandbox)\n"
        "  --orgs FILE --org NAME   the org's entries\n"
        "  --history-seconds SECONDS\n"
        "                           git's time for the history (default 120)\n"
        "  --history-commits N      the commits it walks at most (default 2000000)\n" LOG_OPTIONS_HELP
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 prepared; 1 failed (a settings file, the walk, a write); 2 usage.\n";

static const char release_help[] =
        "Usage: pathpolicy release --worktree DIR --out VMDIR [--git-timeout SECONDS]\n"
        "                          [LOG OPTIONS]\n"
        "\n"
        "After the VM ends: remove the placeholders prepare made that are still\n"
        "empty (or, when VMDIR/path-policy.placeholders was lost, empty paths at\n"
        "policy entries). Never a path the boot's base commit tracks (git is\n"
        "asked; HEAD when VMDIR/path-policy.base was lost), never through a\n"
        "symlink, never anything with content. Each removal and each path kept is\n"
        "a record. Safe to run twice.\n"
        "\n"
        "  --worktree DIR           the checkout (--root DIR is the same)\n"
        "  --out VMDIR              where prepare wrote its files\n" VERB_GIT_TIMEOUT_HELP LOG_OPTIONS_HELP
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 released; 1 failed (nothing removed); 2 usage.\n";

static int host_verb(int argc, char **argv, bool prepare) {
        enum {
                ARG_WORKTREE = 0x100,
                ARG_OUT,
                ARG_MODULES,
                ARG_ORGS,
                ARG_ORG,
                ARG_GIT_TIMEOUT,
                ARG_HISTORY_SECONDS,
                ARG_HISTORY_COMMITS
        };
        static const struct option options[] = {
                {"worktree", required_argument, NULL, ARG_WORKTREE},
                {"root", required_argument, NULL, ARG_WORKTREE},
                {"out", required_argument, NULL, ARG_OUT},
                {"modules", required_argument, NULL, ARG_MODULES},
                {"orgs", required_argument, NULL, ARG_ORGS},
                {"org", required_argument, NULL, ARG_ORG},
                {"git-timeout", required_argument, NULL, ARG_GIT_TIMEOUT},
                {"history-seconds", required_argument, NULL, ARG_HISTORY_SECONDS},
                {"history-commits", required_argument, NULL, ARG_HISTORY_COMMITS},
                {"help", no_argument, NULL, 'h'},
                LOG_OPTIONS,
                {},
        };
        const char *verb = prepare ? "prepare" : "release";
        const char *worktree = NULL, *out = NULL, *modules_path = NULL, *orgs_path = NULL, *org = NULL;
        _cleanup_settings_ Settings *modules = NULL;
        _cleanup_resolved_ Resolved *res = NULL;
        Settings **orgv = NULL;
        SettingsError serr;
        LogStream *log = NULL;
        HostResult hr;
        HostError herr;
        LogConfig lc;
        uv_loop_t loop;
        unsigned long history_seconds = 0, history_commits = 0;
        int c, r, ret = EXIT_FAIL;

        log_config_init(&lc);
        VerbArgs va = {
                .verb = verb, .help = prepare ? prepare_help : release_help, .options = options, .lc = &lc};
        while ((c = verb_next(&va, argc, argv)) >= 0) {
                switch (c) {
                case ARG_WORKTREE:
                        worktree = optarg;
                        break;
                case ARG_OUT:
                        out = optarg;
                        break;
                case ARG_MODULES:
                case ARG_ORGS:
                case ARG_ORG:
                        if (!prepare)
                                goto usage;
                        *(c == ARG_MODULES ? &modules_path : c == ARG_ORGS ? &orgs_path : &org) = optarg;
                        break;
                case ARG_HISTORY_SECONDS:
                case ARG_HISTORY_COMMITS: {
                        char *end;
                        unsigned long v = strtoul(optarg, &end, 10);
                        bool secs = c == ARG_HISTORY_SECONDS;
                        if (!prepare)
                                goto usage;
                        if (*end || end == optarg || optarg[0] == '-' || v == 0 ||
                            v > (secs ? 86400ul : 1000000000ul))
                                return verb_usage(verb, secs ? "--history-seconds takes 1 to 86400"
                                                             : "--history-commits takes 1 to 1000000000");
                        *(secs ? &history_seconds : &history_commits) = v;
                        break;
                }
                case ARG_GIT_TIMEOUT: /* prepare's git has budgets of its own */
                        if (prepare)
                                goto usage;
                        if (verb_git_timeout(verb, optarg) < 0)
                                return EXIT_USAGE;
                        break;
                }
        }
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc || !worktree || !out || !orgs_path != !org) {
                fprintf(stderr, "pathpolicy %s: %s\n", verb,
                        !worktree || !out ? "--worktree DIR and --out VMDIR are required"
                        : optind < argc   ? "unexpected argument"
                                          : "--orgs FILE and --org NAME go together");
                goto usage_hint;
        }

        if (verb_log_start(verb, &loop, &lc, &log) < 0)
                return EXIT_FAIL;
        if (prepare) {
                if ((modules_path && settings_load_modules(modules_path, &modules, &serr) < 0) ||
                    (orgs_path && settings_load_orgs(orgs_path, org, &orgv, &serr) < 0)) {
                        log_event(log, LOG_ERROR, "prepare-failed", NULL, "path policy: %s:%u:%u: %s%s%s",
                                  serr.source, serr.line, serr.column, serr.field, serr.field[0] ? ": " : "",
                                  serr.message);
                        goto out;
                }
                if (orgv && orgv[0]->org_absent) {
                        log_event(log, LOG_WARN, "org-absent",
                                  LOG_FIELDS(LOG_STR("org", org), LOG_PATH("path", orgs_path)),
                                  "path policy: {path} has no org '{org}': no org entries apply");
                }
                if (resolve_policy(modules, orgv ? orgv[0] : NULL, &res) < 0)
                        goto out;
                for (size_t i = 0; i < res->n_dropped; i++) {
                        const ResolveDropped *d = &res->dropped[i];
                        log_event(log, LOG_WARN, "dropped",
                                  LOG_FIELDS(LOG_STR("entry", d->entry),
                                             LOG_STR("reason", entry_error_to_string(d->reason))),
                                  "path policy: %s:%u:%u: dropped %s entry '%s' (%s): {reason}", d->source,
                                  d->where->line, d->where->column, entry_list_to_string(d->list), d->entry,
                                  d->where->field);
                }
                host_set_history_budget((unsigned) history_seconds, history_commits);
                r = host_prepare(worktree, out, res, log, &hr, &herr);
        } else
                r = host_release(worktree, out, log, &hr, &herr);
        if (r < 0)
                log_event(log, LOG_ERROR, prepare ? "prepare-failed" : "release-failed", NULL, "%s",
                          herr.message);
        else
                ret = EXIT_OK;
out:
        settings_freev(orgv);
        verb_log_finish(&loop, log);
        return ret;
usage:
        fprintf(stderr, "pathpolicy %s: unknown option\n", verb);
usage_hint:
        fprintf(stderr, "Try 'pathpolicy %s --help'.\n", verb);
        return EXIT_USAGE;
}

int verb_prepare(int argc, char **argv) {
        return host_verb(argc, argv, true);
}

int verb_release(int argc, char **argv) {
        return host_verb(argc, argv, false);
}
