/* SPDX-License-Identifier: MIT */
/* confine: the agent's confinement that the binds rely on, checked
 * (--check) and provided (-- CMD). */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "confine-run.h"
#include "platform.h"
#include "util.h"
#include "verbs.h"

static const char confine_help[] =
        "Usage: pathpolicy confine [--worktree DIR] [--] CMD [ARGS...]\n"
        "       pathpolicy confine --check [--worktree DIR] [--pid PID] [--json]\n"
        "\n"
        "A bind hides a name: an agent that opens a file by its handle, reads the\n"
        "block device or stops the daemon goes around every bind. The first form\n"
        "runs CMD (as root, from the guest's supervisor) where it cannot: a PID\n"
        "namespace and a /proc of its own (the daemon out of reach), a /dev without\n"
        "block devices, /proc/sys and /sys read-only, the capabilities that beat a bind\n"
        "dropped from every set, no_new_privs, and a seccomp filter that refuses the\n"
        "mount, namespace, file-handle, fanotify, trace and kernel-loading calls for\n"
        "every architecture. Its mount namespace is a slave of this one, so a bind the\n"
        "watcher makes later reaches it: the mount that holds DIR must be shared.\n"
        "stdin, stdout, stderr and the environment pass through; CMD runs in a\n"
        "session of its own, without a controlling terminal; SIGTERM, SIGINT,\n"
        "SIGHUP, SIGQUIT and SIGWINCH are forwarded; when this process dies, CMD\n"
        "dies with it.\n"
        "\n"
        "--check lists every route around the binds that is open where it runs (run\n"
        "it as the agent), or for the running process PID, each with its fix.\n"
        "\n"
        "  --worktree DIR   the worktree (default: the current directory); --root DIR\n"
        "                   is the same\n"
        "  --check          list the routes open in this context; change nothing\n"
        "  --pid PID        with --check: the routes of a running agent, from /proc\n"
        "                   (its system calls are not probed from outside)\n"
        "  --json           with --check: every route, open or not, as JSON\n"
        "  -h, --help       show this help\n"
        "\n"
        "Exit status: CMD's own, or 128+N when a signal N ended it; 125 a step of\n"
        "the confinement failed (CMD not run; the message names the step); 126 CMD\n"
        "cannot be run; 127 CMD not found; 2 usage error. --check: 0 no route open;\n"
        "1 the check could not run; 2 usage error; 3 a route is open.\n";

/* Each kind's heading, with the fix that closes every route of it. */
static const char *heading_of(PlatformRouteKind k) {
        switch (k) {
        case PLATFORM_ROUTE_CAPABILITY:
                return "capabilities held";
        case PLATFORM_ROUTE_NO_NEW_PRIVS:
                return "no_new_privs";
        case PLATFORM_ROUTE_SYSCALL:
                return "system calls no filter refuses";
        case PLATFORM_ROUTE_BLOCK_DEVICE:
                return "block devices that open";
        case PLATFORM_ROUTE_DAEMON:
                return "the daemon in reach";
        case PLATFORM_ROUTE_SYSCTL:
                return "kernel settings";
        case PLATFORM_ROUTE_CGROUP:
                return "control groups";
        case PLATFORM_ROUTE_SERVICE:
                return "the service manager";
        default:
                return "";
        }
}

static const char *fix_of(PlatformRouteKind k) {
        switch (k) {
        case PLATFORM_ROUTE_CAPABILITY:
                return "drop each from every set: bounding, permitted, effective, inheritable, ambient";
        case PLATFORM_ROUTE_NO_NEW_PRIVS:
                return "set no_new_privs (prctl PR_SET_NO_NEW_PRIVS) before the agent starts";
        case PLATFORM_ROUTE_SYSCALL:
                return "refuse each with a seccomp filter, for every architecture the kernel runs";
        case PLATFORM_ROUTE_BLOCK_DEVICE:
                return "give the agent a /dev without block devices (and no CAP_MKNOD)";
        case PLATFORM_ROUTE_DAEMON:
                return "run the agent in a PID namespace and a session of its own, with its own /proc";
        case PLATFORM_ROUTE_SYSCTL:
                return "mount /proc/sys read-only for the agent";
        case PLATFORM_ROUTE_CGROUP:
                return "mount /sys read-only for the agent, every control group under it too";
        case PLATFORM_ROUTE_SERVICE:
                return "hide its sockets from the agent (bind /dev/null over them)";
        default:
                return "";
        }
}

static int print_json(const PlatformRoute *v, size_t n, size_t open, int pid) {
        json_t *routes = json_array(), *o;
        int r;

        for (size_t i = 0; routes && i < n; i++)
                if (json_array_append_new(routes,
                                          json_pack("{s:s, s:s, s:b, s:s, s:s, s:s}", "kind",
                                                    platform_route_kind_to_string(v[i].kind), "name",
                                                    v[i].name, "open", v[i].open, "detail", v[i].detail,
                                                    "why", v[i].why, "fix", fix_of(v[i].kind))) < 0) {
                        json_decref(routes);
                        routes = NULL;
                }
        o = routes ? json_pack("{s:i, s:i, s:I, s:o}", "pid", pid ? pid : (int) getpid(), "uid",
                               (int) getuid(), "open", (json_int_t) open, "routes", routes)
                   : NULL;
        if (!o) {
                fprintf(stderr, "pathpolicy confine: out of memory\n");
                return -ENOMEM;
        }
        r = json_dumpf(o, stdout, JSON_INDENT(2)) < 0 || fputc('\n', stdout) == EOF ? -EIO : 0;
        json_decref(o);
        return r;
}

static void print_human(const PlatformRoute *v, size_t n, size_t open, int pid) {
        for (int k = 0; k < _PLATFORM_ROUTE_KIND_MAX; k++) {
                bool heading = false;
                for (size_t i = 0; i < n; i++) {
                        if (!v[i].open || (int) v[i].kind != k)
                                continue;
                        if (!heading)
                                printf("%s (fix: %s):\n", heading_of(v[i].kind), fix_of(v[i].kind));
                        heading = true;
                        printf("  %s (%s): %s\n", v[i].name, v[i].detail, v[i].why);
                }
        }
        if (open)
                printf("%zu of %zu routes around the binds open for pid %d; `pathpolicy confine -- CMD` "
                       "closes them all\n",
                       open, n, pid ? pid : (int) getpid());
        else
                printf("no route around the binds open for pid %d (%zu checked)\n",
                       pid ? pid : (int) getpid(), n);
}

static int check(const char *root, int pid, bool json) {
        _cleanup_free_ PlatformRoute *v = NULL;
        size_t n = 0, open = 0;

        int r = platform_confine_check(pid, root, &v, &n);
        if (r < 0) {
                if (pid)
                        fprintf(stderr, "pathpolicy confine: cannot check pid %d: %s\n", pid,
                                r == -ENOENT ? "no such process" : strerror(-r));
                else
                        fprintf(stderr, "pathpolicy confine: cannot check: %s\n",
                                r == -ENOSYS ? "this OS has no confinement to check" : strerror(-r));
                return EXIT_FAIL;
        }
        for (size_t i = 0; i < n; i++)
                open += v[i].open;
        if (json) {
                if (print_json(v, n, open, pid) < 0)
                        return EXIT_FAIL;
        } else
                print_human(v, n, open, pid);
        return open ? EXIT_REFUSED : EXIT_OK;
}

int verb_confine(int argc, char **argv) {
        enum { ARG_ROOT = 0x100, ARG_CHECK, ARG_PID, ARG_JSON };
        static const struct option options[] = {
                {"worktree", required_argument, NULL, ARG_ROOT},
                {"root", required_argument, NULL, ARG_ROOT},
                {"check", no_argument, NULL, ARG_CHECK},
                {"pid", required_argument, NULL, ARG_PID},
                {"json", no_argument, NULL, ARG_JSON},
                {"help", no_argument, NULL, 'h'},
                {},
        };
        const char *root = ".";
        bool do_check = false, json = false;
        int pid = 0, c, status, r;
        PlatformConfineStep step = PLATFORM_CONFINE_NONE;

        /* "+": options end at CMD, whose own options are its own. */
        VerbArgs va = {.verb = "confine", .help = confine_help, .options = options, .optstring = "+h"};
        while ((c = verb_next(&va, argc, argv)) >= 0) {
                switch (c) {
                case ARG_ROOT:
                        root = optarg;
                        break;
                case ARG_CHECK:
                        do_check = true;
                        break;
                case ARG_JSON:
                        json = true;
                        break;
                case ARG_PID: {
                        char *end;
                        long v = strtol(optarg, &end, 10);
                        if (*end || end == optarg || v <= 0 || v > 4194304)
                                return verb_usage("confine", "--pid takes a process id");
                        pid = (int) v;
                        break;
                }
                }
        }
        if (c == VERB_EXIT)
                return va.exit;
        if (do_check) {
                if (optind < argc)
                        return verb_usage("confine", "--check runs no command");
                return check(root, pid, json);
        }
        if (pid || json)
                return verb_usage("confine", "--%s goes with --check", pid ? "pid" : "json");
        if (optind >= argc)
                return verb_usage("confine", "a command to run is required (or --check)");

        r = confine_run(root, argv + optind, &status, &step);
        if (r < 0) {
                if (step == PLATFORM_CONFINE_EXEC)
                        fprintf(stderr, "pathpolicy confine: cannot run %s: %s\n", argv[optind],
                                strerror(-r));
                else
                        fprintf(stderr, "pathpolicy confine: cannot %s (%s): %s; %s not run\n",
                                platform_confine_step_to_string(step), root, confine_failure_reason(r, step),
                                argv[optind]);
                return confine_failure_code(r, step);
        }
        return status;
}
