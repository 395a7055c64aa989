/* SPDX-License-Identifier: MIT */
/* enforce: the guest's boot. Reads and checks the whole policy, then binds
 * every action before the agent runs; fails closed. */
#include <getopt.h>

#include "enforce.h"
#include "log-options.h"
#include "policy-file.h"
#include "resolve.h"
#include "util.h"
#include "verbs.h"

static const char enforce_help[] =
        "Usage: pathpolicy enforce --worktree DIR [--policy FILE] [LOG OPTIONS]\n"
        "\n"
        "Apply the policy file to the worktree at DIR before the agent runs: each\n"
        "mask-file path is covered by /dev/null, each mask-dir path by an empty\n"
        "read-only tmpfs, each protect path by a read-only bind of itself. Needs\n"
        "root (CAP_SYS_ADMIN) and Linux >= 5.12.\n"
        "\n"
        "It reads and checks the whole policy first, then mounts. It fails closed:\n"
        "on a lost or unreadable policy, one that is not a regular file (a fifo is\n"
        "refused, not waited on), an empty path line, an unknown kind, an\n"
        "invalid path, a missing path, a symlink where the host wrote a real path,\n"
        "a type that does not fit the kind, or any mount or verification failure,\n"
        "it undoes the binds it applied and exits 1 with one message naming the\n"
        "file, the line and the reason. A path that already carries its bind is\n"
        "left alone, so running it twice stacks nothing.\n"
        "\n"
        "Then it masks git's plain text in DIR's .git directory and the git\n"
        "directories below it: COMMIT_EDITMSG (with -v's diff), MERGE_MSG and\n"
        "its kin, a rebase's or am's patch and messages, rr-cache/, lost-found/,\n"
        "which hold a masked file's bytes when one was staged on the host. One\n"
        "that cannot be masked (a symlink) is a warning, and left.\n"
        "\n"
        "  --worktree DIR           the worktree (--root DIR is the same)\n"
        "  --policy FILE            the policy file (default " DEFAULT_POLICY ")\n" LOG_OPTIONS_HELP
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 every action bound; 1 failed closed (nothing of this run\n"
        "left mounted); 2 usage error.\n";

/* enforce and unbind take the same options: --worktree DIR (required),
 * --policy FILE and the logging ones. -1 to go on, or the exit code to
 * leave with (--help printed: EXIT_OK; a usage error said). */
static int root_and_policy(const char *verb, const char *help, int argc, char **argv, const char **root,
                           const char **policy_path, LogConfig *lc) {
        enum { ARG_ROOT = 0x100, ARG_POLICY };
        static const struct option options[] = {
                {"worktree", required_argument, NULL, ARG_ROOT},
                {"root", required_argument, NULL, ARG_ROOT},
                {"policy", required_argument, NULL, ARG_POLICY},
                {"help", no_argument, NULL, 'h'},
                LOG_OPTIONS,
                {},
        };
        int c;

        log_config_init(lc);
        VerbArgs va = {.verb = verb, .help = help, .options = options, .lc = lc};
        while ((c = verb_next(&va, argc, argv)) >= 0)
                *(c == ARG_ROOT ? root : policy_path) = optarg;
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc || !*root)
                return verb_usage(verb, "%s", *root ? "unexpected argument" : "--worktree DIR is required");
        return -1;
}

int verb_enforce(int argc, char **argv) {
        const BinderOps *binder = platform_binder_for(platform_watcher_by_name(NULL));
        const char *root = NULL, *policy_path = DEFAULT_POLICY;
        _cleanup_policy_ Policy *policy = NULL;
        LogStream *log = NULL;
        EnforceResult res;
        PolicyError perr;
        LogConfig lc;
        uv_loop_t loop;
        int r, ret = EXIT_FAIL;

        if ((r = root_and_policy("enforce", enforce_help, argc, argv, &root, &policy_path, &lc)) >= 0)
                return r;

        if (verb_log_start("enforce", &loop, &lc, &log) < 0)
                return EXIT_FAIL;

        /* The whole policy is read and checked before anything is mounted. */
        r = policy_load(policy_path, &policy, &perr);
        if (r < 0)
                verb_policy_failed(log, "enforce-failed", policy_path, &perr);
        else if (enforce_policy(binder, platform_files_for(binder), root, policy_path, policy, log, &res) >=
                 0)
                ret = EXIT_OK;

        verb_log_finish(&loop, log);
        return ret;
}

/* ---- unbind ---- */

static const char unbind_help[] =
        "Usage: pathpolicy unbind --worktree DIR [--policy FILE] [LOG OPTIONS]\n"
        "\n"
        "Remove the mounts this program made beneath DIR (enforce's, and watch's in\n"
        "nested checkouts): for teardown, and for whoever ran watch outside a mount\n"
        "namespace by mistake. Mounts are found in mountinfo, the deepest first, and\n"
        "each is proven through its fd to have the shape of ours before it is\n"
        "detached; only at paths the policy names (at any depth), at the git\n"
        "metadata watch protects, or at git's plain text enforce masks. A mount it\n"
        "did not make is left alone.\n"
        "\n"
        "  --worktree DIR           the worktree (--root DIR is the same)\n"
        "  --policy FILE            a policy file whose paths count too (the built-in\n"
        "                           lists always count)\n" LOG_OPTIONS_HELP
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 every mount of ours removed; 1 one could not be (or the\n"
        "policy could not be read); 2 usage error.\n";

int verb_unbind(int argc, char **argv) {
        const char *root = NULL, *policy_path = NULL;
        _cleanup_policy_ Policy *policy = NULL;
        _cleanup_resolved_ Resolved *res = NULL;
        LogStream *log = NULL;
        TeardownResult tr;
        PolicyError perr;
        LogConfig lc;
        uv_loop_t loop;
        int r, ret = EXIT_FAIL;

        if ((r = root_and_policy("unbind", unbind_help, argc, argv, &root, &policy_path, &lc)) >= 0)
                return r;

        if (verb_log_start("unbind", &loop, &lc, &log) < 0)
                return EXIT_FAIL;
        /* The built-ins always (watch's default policy), and the policy
         * file's paths too when one is named (enforce's). */
        _cleanup_policy_ Policy *builtin = NULL, *file = NULL;
        r = resolve_policy(NULL, NULL, &res);
        if (r >= 0)
                r = policy_from_resolved(res, &builtin);
        if (r >= 0 && policy_path && (r = policy_load(policy_path, &file, &perr)) < 0)
                r = -EINVAL;
        if (r >= 0 && !(policy = calloc(1, sizeof *policy)))
                r = -ENOMEM;
        for (int k = 0; r >= 0 && k < 2; k++) {
                const Policy *from = k == 0 ? file : builtin;
                for (size_t i = 0; from && r >= 0 && i < from->n; i++)
                        r = policy_add(policy, from->actions[i].kind, from->actions[i].path);
        }
        if (r == -EINVAL)
                verb_policy_failed(log, "unbind-failed", policy_path, &perr);
        else if (r < 0)
                log_event(log, LOG_ERROR, "unbind-failed", NULL, "path policy: the policy: %s",
                          strerror(-r));
        else if (enforce_teardown(platform_binder_for(platform_watcher_by_name(NULL)), root, policy, log,
                                  &tr) >= 0)
                ret = EXIT_OK;
        else if (tr.failed == 0)
                log_event(log, LOG_ERROR, "unbind-failed", NULL, "%s", tr.message);
        verb_log_finish(&loop, log);
        return ret;
}
