/* SPDX-License-Identifier: MIT */
/* watch: the daemon. Binds the policy in every nested checkout as it
 * appears, until SIGTERM or SIGINT. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "confine-run.h"
#include "log-options.h"
#include "notify.h"
#include "policy-file.h"
#include "resolve.h"
#include "util.h"
#include "verbs.h"
#include "watch.h"

static const char watch_help[] =
        "Usage: pathpolicy watch [--worktree] DIR [--policy FILE] [--backend NAME]\n"
        "                        [--git-deadline SECONDS] [--git-config bind|audit]\n"
        "                        [--mount-budget N] [--no-window] [POLL OPTIONS]\n"
        "                        [LOG OPTIONS] [-- CMD [ARGS...]]\n"
        "\n"
        "Watch the worktree DIR while the agent runs. Every directory below it with\n"
        "its own .git (a clone, git init, a worktree, a submodule) is a nested\n"
        "checkout: each policy path in it is bound as soon as it exists (masks at\n"
        "once, at the create), and its git metadata (config, hooks/, ...) is\n"
        "protected once the git that made it has finished. No symlink is followed.\n"
        "The root's own paths are enforce's. The binds stay when it stops.\n"
        "\n"
        "With -- CMD it is the agent's supervisor: once every existing checkout is\n"
        "bound it runs CMD as `pathpolicy confine --worktree DIR -- CMD` would, passes\n"
        "SIGTERM, SIGINT, SIGHUP, SIGQUIT and SIGWINCH on to it, and stops when CMD\n"
        "ends, with CMD's status; if the watcher dies, CMD dies with it.\n"
        "\n"
        "  --worktree DIR           the worktree (or DIR alone; --root DIR is the same)\n"
        "  --policy FILE            the policy file (default: the built-in lists)\n"
        "  --backend NAME           auto (the default), fanotify or inotify (Linux:\n"
        "                           binds), or poll (warns only; the only one off\n"
        "                           Linux); auto picks fanotify where the kernel and\n"
        "                           DIR's filesystem serve it, else " PATHPOLICY_BACKEND_NAME ", and\n"
        "                           says which and why in its watch-ready record\n"
        "  --git-deadline SECONDS   protect git metadata after this long even if git\n"
        "                           still runs (default 60)\n"
        "  --git-config MODE        a nested checkout's config and config.worktree:\n"
        "                           bind (default): bound read-only, so git's own\n"
        "                           config writes (submodule update, sparse-checkout\n"
        "                           set, ...) fail, each said in the log; audit: left\n"
        "                           writable, and a key that makes git run a program\n"
        "                           (core.fsmonitor, core.hooksPath, ...) is taken out\n"
        "                           at once, with a warning; hooks/ is not bound\n"
        "                           either, and a hook in it that is not git's own is\n"
        "                           renamed to NAME.pathpolicy-removed at once.\n"
        "                           In both, such keys found when a checkout is\n"
        "                           protected are taken out before the binds.\n"
        "  --mount-budget N         make at most N mounts (default: a quarter of\n"
        "                           fs.mount-max); git metadata may use all of it,\n"
        "                           the policy's paths all but a fifth\n"
        "  --no-window              no window before a mask (the fanotify backend\n"
        "                           only, Linux >= 5.9; refused with inotify and\n"
        "                           poll): an open that can read a masked path in a\n"
        "                           nested checkout before its mask lands fails\n"
        "                           (EPERM); one that only writes (git making it)\n"
        "                           goes through. Every open on DIR's mount waits for\n"
        "                           the daemon's answer: a stopped daemon stops them\n"
        "                           all, a dead one lets them through. Off by default\n"
        "POLL OPTIONS (the poll backend):\n"
        "  --interval MS            between walks (default 1000), the walk's time taken off\n"
        "  --max-depth N            directories deeper are not entered (default 16)\n"
        "  --max-entries N          entries listed per tick (default 50000); a larger\n"
        "                           tree is covered over several ticks\n"
        "  --case-insensitive       match names in either case (as on APFS; automatic\n"
        "                           where the volume says so)\n" LOG_OPTIONS_HELP
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 stopped by SIGTERM or SIGINT; 1 could not start; 2 usage error.\n"
        "With -- CMD: CMD's status (128+N for signal N); 125, 126, 127 as confine's.\n";

typedef struct Daemon {
        uv_loop_t loop;
        uv_signal_t sigterm, sigint, sigchld;
        uv_signal_t forward[3]; /* SIGHUP, SIGQUIT, SIGWINCH: for CMD only */
        uv_timer_t watchdog;
        bool watchdog_on;
        LogStream *log;
        Watch *watch;
        const WatcherOps *ops;
        char backend_why[256]; /* why ops, for watch-ready */
        bool warn_only;
        void *watcher;
        WatchCallbacks callbacks;
        const char *root;
        /* The supervisor form: CMD, its confined init, and how it ended. */
        char **cmd;
        int agent_pid; /* 0 before it starts and after it ends */
        int exit;
        bool stopping;
        bool signals_on, ready; /* CMD starts when both hold */
} Daemon;

static void daemon_stop(Daemon *d);

/* The supervisor form: CMD runs once every existing checkout is bound. */
static void agent_start(Daemon *d) {
        PlatformConfineStep step = PLATFORM_CONFINE_NONE;
        int pid, r = platform_confine_spawn(d->root, d->cmd, &pid, &step);
        if (r < 0) {
                log_event(d->log, LOG_ERROR, "agent-failed",
                          LOG_FIELDS(LOG_STR("step", platform_confine_step_to_string(step)),
                                     LOG_INT("errno", -r)),
                          "path policy: cannot %s for %s: %s; it does not run",
                          platform_confine_step_to_string(step), d->cmd[0], confine_failure_reason(r, step));
                d->exit = confine_failure_code(r, step);
                daemon_stop(d);
                return;
        }
        d->agent_pid = pid;
        log_event(d->log, LOG_INFO, "agent-started", LOG_FIELDS(LOG_INT("pid", pid)),
                  "path policy: %s runs confined (pid %d)", d->cmd[0], pid);
}

static void on_sigchld(uv_signal_t *s, int signum) {
        Daemon *d = s->data;
        int st;
        (void) signum;
        if (d->agent_pid <= 0 || waitpid(d->agent_pid, &st, WNOHANG) != d->agent_pid)
                return;
        d->agent_pid = 0;
        d->exit = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
        log_event(d->log, LOG_INFO, "agent-exited", LOG_FIELDS(LOG_INT("status", d->exit)),
                  "path policy: %s ended with status %d; stopped watching%s", d->cmd[0], d->exit,
                  d->warn_only ? "" : ", the binds stay");
        daemon_stop(d);
}

/* The watch's own ready, then tell systemd. userdata is the Watch (the
 * backend hands every callback the watch it was started with). */
static void on_ready(void *userdata) {
        watch_callbacks.ready(userdata);
        Daemon *d = watch_loop(userdata)->data;
        WatchStats st;
        char status[128];
        watch_stats(userdata, &st);
        snprintf(status, sizeof status, "watching: %zu nested checkout(s)", st.checkouts);
        notify_ready(status);
        d->ready = true;
        /* Not before the signals are in place: CMD's end is SIGCHLD. */
        if (d->cmd && d->signals_on && !d->agent_pid && !d->stopping)
                agent_start(d);
}

static void daemon_stop(Daemon *d) {
        if (d->stopping)
                return;
        d->stopping = true;
        notify_stopping();
        /* Close our handles; the loop ends when the log stream has flushed. */
        uv_close((uv_handle_t *) &d->sigterm, NULL);
        uv_close((uv_handle_t *) &d->sigint, NULL);
        if (d->cmd) {
                for (size_t i = 0; i < ELEMENTSOF(d->forward); i++)
                        uv_close((uv_handle_t *) &d->forward[i], NULL);
                uv_close((uv_handle_t *) &d->sigchld, NULL);
        }
        if (d->watchdog_on)
                uv_close((uv_handle_t *) &d->watchdog, NULL);
        d->ops->stop(d->watcher);
        watch_stop(d->watch);
        log_stream_shutdown(d->log, NULL, NULL);
}

static void on_signal(uv_signal_t *s, int signum) {
        Daemon *d = s->data;
        /* The supervisor passes it on, and stops when CMD ends. */
        if (d->agent_pid > 0) {
                (void) kill(d->agent_pid, signum);
                return;
        }
        if (signum != SIGTERM && signum != SIGINT)
                return;
        log_event(d->log, LOG_INFO, "watch-stopped", LOG_FIELDS(LOG_INT("signal", signum)),
                  "path policy: stopped watching (%s)%s", signum == SIGTERM ? "SIGTERM" : "SIGINT",
                  d->warn_only ? "" : "; the binds stay");
        daemon_stop(d);
}

static int load_policy(const char *path, LogStream *log, Policy **ret) {
        PolicyError perr;
        if (path) {
                if (policy_load(path, ret, &perr) >= 0)
                        return 0;
                verb_policy_failed(log, "watch-failed", path, &perr);
                return -EINVAL;
        }
        _cleanup_resolved_ Resolved *res = NULL;
        if (resolve_policy(NULL, NULL, &res) < 0 || policy_from_resolved(res, ret) < 0)
                return -ENOMEM;
        return 0;
}

/* What the command line asked for. */
typedef struct WatchArgs {
        const char *root, *policy_path;
        const WatcherOps *ops; /* NULL: auto, picked for the root */
        WatchOptions wo;
        bool fold;
        unsigned deadline_s;
        size_t budget; /* 0: a quarter of fs.mount-max */
        bool git_config_audit;
        char **cmd; /* the supervisor form's CMD, or NULL */
        LogConfig lc;
} WatchArgs;

/* A whole number in [1, max] into *ret: 0, or -1 (the caller says why). */
static int parse_count(const char *arg, unsigned long long max, unsigned long long *ret) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(arg, &end, 10);
        if (errno || *end || end == arg || arg[0] == '-' || v == 0 || v > max)
                return -1;
        *ret = v;
        return 0;
}

/* The options into a: -1 when the watch should run, else the exit code
 * (--help, or a usage error said). */
static int parse_args(int argc, char **argv, WatchArgs *a) {
        enum {
                ARG_ROOT = 0x100,
                ARG_POLICY,
                ARG_BACKEND,
                ARG_DEADLINE,
                ARG_INTERVAL,
                ARG_DEPTH,
                ARG_ENTRIES,
                ARG_FOLD,
                ARG_BUDGET,
                ARG_GIT_CONFIG,
                ARG_NO_WINDOW
        };
        static const struct option options[] = {
                {"worktree", required_argument, NULL, ARG_ROOT},
                {"root", required_argument, NULL, ARG_ROOT},
                {"policy", required_argument, NULL, ARG_POLICY},
                {"backend", required_argument, NULL, ARG_BACKEND},
                {"git-deadline", required_argument, NULL, ARG_DEADLINE},
                {"interval", required_argument, NULL, ARG_INTERVAL},
                {"max-depth", required_argument, NULL, ARG_DEPTH},
                {"max-entries", required_argument, NULL, ARG_ENTRIES},
                {"case-insensitive", no_argument, NULL, ARG_FOLD},
                {"mount-budget", required_argument, NULL, ARG_BUDGET},
                {"git-config", required_argument, NULL, ARG_GIT_CONFIG},
                {"no-window", no_argument, NULL, ARG_NO_WINDOW},
                {"help", no_argument, NULL, 'h'},
                LOG_OPTIONS,
                {},
        };
        unsigned long long v;
        int c;

        *a = (WatchArgs){
                .wo = {.interval_ms = WATCH_INTERVAL_MS_DEFAULT,
                       .max_depth = WATCH_MAX_DEPTH_DEFAULT,
                       .max_entries = WATCH_MAX_ENTRIES_DEFAULT},
                .deadline_s = 60,
        };
        log_config_init(&a->lc);
        /* The supervisor form: what follows "--" is CMD, not ours. */
        for (int i = 1; i < argc; i++)
                if (streq(argv[i], "--")) {
                        if (i + 1 >= argc)
                                return verb_usage("watch", "-- takes a command to run");
                        a->cmd = argv + i + 1;
                        argc = i;
                        break;
                }

        VerbArgs va = {.verb = "watch", .help = watch_help, .options = options, .lc = &a->lc};
        while ((c = verb_next(&va, argc, argv)) >= 0) {
                switch (c) {
                case ARG_ROOT:
                        a->root = optarg;
                        break;
                case ARG_POLICY:
                        a->policy_path = optarg;
                        break;
                case ARG_NO_WINDOW:
                        a->wo.no_window = true;
                        break;
                case ARG_BACKEND:
                        a->ops = streq(optarg, "auto") ? NULL : platform_watcher_by_name(optarg);
                        if (!a->ops && !streq(optarg, "auto")) {
                                fprintf(stderr,
                                        "pathpolicy watch: this build has no '%s' backend (it has %s)\n",
                                        optarg,
                                        platform_watcher_by_name("inotify")
                                                ? "auto, fanotify, inotify and poll"
                                                : "auto and poll");
                                return EXIT_USAGE;
                        }
                        break;
                case ARG_INTERVAL:
                case ARG_DEPTH:
                case ARG_ENTRIES:
                        if (parse_count(optarg, 100000000, &v) < 0) {
                                fprintf(stderr, "pathpolicy watch: %s takes a positive whole number\n",
                                        c == ARG_INTERVAL ? "--interval"
                                        : c == ARG_DEPTH  ? "--max-depth"
                                                          : "--max-entries");
                                return EXIT_USAGE;
                        }
                        if (c == ARG_INTERVAL)
                                a->wo.interval_ms = (unsigned) v;
                        else if (c == ARG_DEPTH)
                                a->wo.max_depth = (unsigned) v;
                        else
                                a->wo.max_entries = v;
                        break;
                case ARG_FOLD:
                        a->fold = true;
                        break;
                case ARG_BUDGET:
                        if (parse_count(optarg, SIZE_MAX, &v) < 0) {
                                fprintf(stderr,
                                        "pathpolicy watch: --mount-budget takes a positive whole number\n");
                                return EXIT_USAGE;
                        }
                        a->budget = (size_t) v;
                        break;
                case ARG_GIT_CONFIG:
                        if (!streq(optarg, "bind") && !streq(optarg, "audit")) {
                                fprintf(stderr, "pathpolicy watch: --git-config takes bind or audit\n");
                                return EXIT_USAGE;
                        }
                        a->git_config_audit = streq(optarg, "audit");
                        break;
                case ARG_DEADLINE:
                        if (parse_count(optarg, 86400, &v) < 0) {
                                fprintf(stderr,
                                        "pathpolicy watch: --git-deadline takes 1 to 86400 seconds\n");
                                return EXIT_USAGE;
                        }
                        a->deadline_s = (unsigned) v;
                        break;
                }
        }
        if (c == VERB_EXIT)
                return va.exit;
        /* The poll backend's own options mean nothing to another. */
        const WatcherOps *chosen = a->ops ? a->ops : platform_watcher_by_name(NULL);
        static const char *const poll_only[] = {"interval", "max-depth", "max-entries"};
        for (size_t i = 0; chosen && !streq(chosen->name, "poll") && i < ELEMENTSOF(poll_only); i++)
                for (unsigned k = 0; options[k].name; k++)
                        if (streq(options[k].name, poll_only[i]) && (va.seen & (UINT64_C(1) << k)))
                                return verb_usage("watch",
                                                  "--%s applies to the poll backend only (this is %s)",
                                                  poll_only[i], a->ops ? chosen->name : "auto");
        if (a->wo.no_window && a->ops && !streq(a->ops->name, "fanotify"))
                return verb_usage("watch",
                                  "--no-window needs the fanotify backend (permission events); %s has none",
                                  a->ops->name);
        if (!a->root && optind < argc)
                a->root = argv[optind++];
        if (!a->root || optind < argc) {
                fprintf(stderr, "pathpolicy watch: %s\nTry 'pathpolicy watch --help'.\n",
                        a->root ? "unexpected argument" : "the worktree DIR is required");
                return EXIT_USAGE;
        }
        return -1;
}

/* The policy loaded, the kernel checked, the watch made and its backend
 * started: 0, or -1 with the reason a record. */
static int daemon_start(Daemon *d, const WatchArgs *a, Policy **policy) {
        char why[256];
        int r;

        if (a->wo.no_window && !streq(d->ops->name, "fanotify")) {
                log_event(d->log, LOG_ERROR, "watch-failed", NULL,
                          "path policy: cannot watch: --no-window needs the fanotify backend, and %s (%s)",
                          d->ops->name, d->backend_why);
                return -1;
        }
        const BinderOps *binder = platform_binder_for(d->ops);
        d->warn_only = binder->warn_only;
        if (load_policy(a->policy_path, d->log, policy) < 0)
                return -1;
        if (binder->warn_only) {
                log_event(d->log, LOG_INFO, "warn-only", NULL,
                          "path policy: the %s backend cannot bind: each policy path in a nested checkout "
                          "is a warning, not a mount",
                          d->ops->name);
        } else if (binder->kernel_check(why, sizeof why) < 0) {
                log_event(d->log, LOG_ERROR, "watch-failed", NULL, "path policy: cannot watch: %s", why);
                return -1;
        }
        WatchConfig wc;
        watch_config_init(&wc);
        wc.loop = &d->loop;
        wc.root = a->root;
        wc.backend = d->ops->name;
        wc.backend_why = d->backend_why;
        wc.policy = *policy;
        wc.binder = binder;
        wc.files = platform_files_for(binder);
        wc.log = d->log;
        wc.git_deadline_ms = a->deadline_s * 1000;
        wc.git_config_audit = a->git_config_audit;
        wc.fold_case = a->fold || platform_case_insensitive(a->root) > 0;
        /* A quarter of what the namespace may hold: an agent making
         * thousands of checkouts cannot take every mount from everyone. */
        size_t mount_max;
        wc.mount_budget = a->budget;
        if (!a->budget && platform_mount_max(&mount_max) >= 0)
                wc.mount_budget = mount_max / 4;
        r = watch_new(&wc, &d->watch);
        if (r < 0) {
                log_event(d->log, LOG_ERROR, "watch-failed", NULL, "path policy: cannot watch %s: %s",
                          a->root, strerror(-r));
                return -1;
        }
        d->callbacks = watch_callbacks;
        d->callbacks.ready = on_ready;
        r = d->ops->start(&d->loop, a->root, &a->wo, &d->callbacks, d->watch, &d->watcher);
        if (r < 0) {
                log_event(d->log, LOG_ERROR, "watch-failed", NULL, "path policy: cannot watch %s: %s",
                          a->root, strerror(-r));
                watch_stop(d->watch);
                return -1;
        }
        watch_set_watcher(d->watch, d->ops, d->watcher);
        return 0;
}

/* SIGTERM and SIGINT stop the watch; in the supervisor form they, SIGHUP,
 * SIGQUIT and SIGWINCH go to CMD, and SIGCHLD says it ended. */
static void signals_start(Daemon *d) {
        uv_signal_init(&d->loop, &d->sigterm);
        uv_signal_init(&d->loop, &d->sigint);
        d->sigterm.data = d->sigint.data = d;
        uv_signal_start(&d->sigterm, on_signal, SIGTERM);
        uv_signal_start(&d->sigint, on_signal, SIGINT);
        if (d->cmd) {
                static const int forwarded[] = {SIGHUP, SIGQUIT, SIGWINCH};
                for (size_t i = 0; i < ELEMENTSOF(d->forward); i++) {
                        uv_signal_init(&d->loop, &d->forward[i]);
                        d->forward[i].data = d;
                        uv_signal_start(&d->forward[i], on_signal, forwarded[i]);
                }
                uv_signal_init(&d->loop, &d->sigchld);
                d->sigchld.data = d;
                uv_signal_start(&d->sigchld, on_sigchld, SIGCHLD);
        }
        d->signals_on = true;
}

int verb_watch(int argc, char **argv) {
        _cleanup_policy_ Policy *policy = NULL;
        Daemon d = {0};
        WatchArgs a;
        int ret = parse_args(argc, argv, &a);

        if (ret >= 0)
                return ret;
        /* Logging first, so every failure below is a record. */
        if (verb_log_start("watch", &d.loop, &a.lc, &d.log) < 0)
                return EXIT_FAIL;
        d.loop.data = &d;
        d.root = a.root;
        d.ops = a.ops;
        if (d.ops)
                snprintf(d.backend_why, sizeof d.backend_why, "asked for (--backend %s)", d.ops->name);
        else
                d.ops = platform_watcher_auto(a.root, d.backend_why, sizeof d.backend_why);
        d.cmd = a.cmd;
        if (daemon_start(&d, &a, &policy) < 0) {
                /* On the failure paths the log still flushes. */
                log_stream_shutdown(d.log, NULL, NULL);
                uv_run(&d.loop, UV_RUN_DEFAULT);
                ret = EXIT_FAIL;
        } else {
                signals_start(&d);
                d.watchdog_on = notify_watchdog_start(&d.loop, &d.watchdog) > 0;
                if (d.cmd && d.ready)
                        agent_start(&d);
                uv_run(&d.loop, UV_RUN_DEFAULT);
                /* 0 when a signal stopped it; CMD's status in the supervisor form. */
                ret = d.exit;
        }
        /* In reverse. */
        if (d.watcher)
                d.ops->free(d.watcher);
        watch_free(d.watch);
        log_stream_free(d.log);
        (void) uv_loop_close(&d.loop);
        return ret;
}
