/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "platform.h"
#include "util.h"
#include "verbs.h"

static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
        const char *summary;
} verbs[] = {
        /* In the order a colony meets them: the policy written, the host
         * before the VM, the guest's boot and daemon, the agent's turns,
         * the host after. */
        {"validate", verb_validate, "check path entries or settings files by the spec's rules"},
        {"resolve", verb_resolve, "print the effective policy: built-ins + settings + org"},
        {"builtins", verb_builtins, "print the built-in masked and protected lists"},
        {"prepare", verb_prepare, "the host, before the VM boots: placeholders and the policy files"},
        {"enforce", verb_enforce, "the guest's boot: bind every policy path before the agent runs"},
        {"watch", verb_watch, "the daemon: bind the policy in every nested checkout as it appears"},
        {"confine", verb_confine, "run the agent where nothing goes around the binds, or check that"},
        {"check-command", verb_check_command,
         "the secret-paths rule: refuse a shell command that names a masked path"},
        {"judge", verb_judge, "the runner: report the agent's attempts on masked and protected paths"},
        {"stage", verb_stage, "the host: stage the worktree, the policy's files taken back out"},
        {"release", verb_release, "the host, after the VM ends: remove the placeholders still empty"},
        {"unbind", verb_unbind, "remove the mounts this program made beneath a directory"},
        {"status", verb_status, "show what is bound below a directory now, by checkout"},
};

static void list_verbs(FILE *f) {
        for (size_t i = 0; i < ELEMENTSOF(verbs); i++)
                fprintf(f, "  %-14s %s\n", verbs[i].name, verbs[i].summary);
}

/* No arguments: what this is, the verbs, and what to try first. */
static void overview(FILE *f) {
        fputs("pathpolicy keeps a coding agent's hands off some paths of its worktree, with\n"
              "the kernel: a masked path (a credential such as .env) reads empty and takes\n"
              "no writes; a protected path (.git/config, .git/hooks/, the agent's own\n"
              "settings) is read-only.\n"
              "\n"
              "The verbs, in the order a colony meets them:\n",
              f);
        list_verbs(f);
        fputs("\n"
              "Try first (neither changes anything, nor needs root):\n"
              "  pathpolicy resolve\n"
              "      the policy the built-in lists make: what is masked, what is protected\n"
              "  pathpolicy status\n"
              "      what is bound beneath this directory now, checkout by checkout (in a\n"
              "      guest: every masked and protected path enforce and watch bound)\n"
              "\n"
              "'pathpolicy VERB --help' describes each verb; man pathpolicy(1) has the rest.\n",
              f);
}

static void help(FILE *f) {
        fputs("Usage: pathpolicy VERB [OPTIONS]\n"
              "       pathpolicy --help | --version\n"
              "\n"
              "Enforce a path policy on a worktree: masked paths read empty, protected\n"
              "paths are read-only.\n"
              "\n"
              "Verbs:\n",
              f);
        list_verbs(f);
        fputs("\n"
              "'pathpolicy VERB --help' describes each verb; man pathpolicy(1) has the rest.\n"
              "\n"
              "Exit status: 0 success; 1 failure (the reason is on stderr); 2 usage error;\n"
              "3 refused: the verdict of validate, check-command, stage or confine --check.\n",
              f);
}

/* What went to stdout must have got there (coreutils' close_stdout): a
 * full disk or a closed pipe is a failure, not a silent exit 0. */
static int close_stdout(int r) {
        bool failed = fflush(stdout) != 0 || ferror(stdout);
        int e = errno;
        if (fclose(stdout) != 0 && !failed) {
                failed = true;
                e = errno;
        }
        if (!failed)
                return r;
        fprintf(stderr, "pathpolicy: cannot write the output: %s\n", e ? strerror(e) : "write error");
        return r == EXIT_OK ? EXIT_FAIL : r;
}

static int run(int argc, char **argv) {
        if (argc < 2) {
                overview(stdout);
                return EXIT_OK;
        }
        if (streq(argv[1], "--help") || streq(argv[1], "-h") || streq(argv[1], "help")) {
                help(stdout);
                return EXIT_OK;
        }
        if (streq(argv[1], "--version")) {
                printf("pathpolicy %s (backend: %s, systemd: %s)\n", PACKAGE_VERSION,
                       platform_backend_name(), HAVE_SYSTEMD ? "yes" : "no");
                return EXIT_OK;
        }

        for (size_t i = 0; i < ELEMENTSOF(verbs); i++)
                if (streq(argv[1], verbs[i].name))
                        return verbs[i].run(argc - 1, argv + 1);

        fprintf(stderr, "pathpolicy: unknown verb '%s'\nTry 'pathpolicy --help'.\n", argv[1]);
        return EXIT_USAGE;
}

int main(int argc, char **argv) {
        /* A reader that goes away (the colony log's socket, a pipe on
         * stdout) must never kill us: writes to it fail with EPIPE instead,
         * and that is said. */
        signal(SIGPIPE, SIG_IGN);
        return close_stdout(run(argc, argv));
}
