/* SPDX-License-Identifier: MIT */
/* What every acting verb does about logging. */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "log-options.h"
#include "policy-file.h"
#include "util.h"
#include "verbs.h"

int verb_usage(const char *verb, const char *fmt, ...) {
        va_list ap;
        fprintf(stderr, "pathpolicy %s: ", verb);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fprintf(stderr, "\nTry 'pathpolicy %s --help'.\n", verb);
        return EXIT_USAGE;
}

int verb_git_timeout(const char *verb, const char *arg) {
        char *end;
        unsigned long v = strtoul(arg, &end, 10);
        if (*end || end == arg || arg[0] == '-' || v == 0 || v > 86400) {
                (void) verb_usage(verb, "--git-timeout takes 1 to 86400 seconds");
                return -1;
        }
        host_set_git_time_limit((unsigned) v);
        return 0;
}

/* An option given twice is a usage error. An older spelling (--root for
 * --worktree) is the same option: the table's first entry of a value keeps
 * the mark, and the message names both spellings. */
static int verb_once(const char *verb, const struct option *options, int c, uint64_t *seen) {
        for (unsigned i = 0; i < 64 && options[i].name; i++) {
                if (options[i].flag || options[i].val != c)
                        continue;
                if (!(*seen & (UINT64_C(1) << i))) {
                        *seen |= UINT64_C(1) << i;
                        return 0;
                }
                for (unsigned j = i + 1; j < 64 && options[j].name; j++)
                        if (!options[j].flag && options[j].val == c)
                                return verb_usage(verb, "--%s (or --%s) given twice", options[i].name,
                                                  options[j].name);
                return verb_usage(verb, "--%s given twice", options[i].name);
        }
        return 0;
}

int verb_next(VerbArgs *va, int argc, char **argv) {
        const char *err;
        int c;

        if (!va->started) {
                va->started = true;
                optind = 0;
        }
        /* getopt says nothing itself ("':'" after any '+' or '-'): one line
         * a bad option, ours, naming it. */
        char optstring[16];
        const char *given = va->optstring ? va->optstring : "h";
        size_t lead = strspn(given, "+-");
        snprintf(optstring, sizeof optstring, "%.*s:%s", (int) lead, given, given + lead);
        opterr = 0;
        while ((c = getopt_long(argc, argv, optstring, va->options, NULL)) >= 0) {
                if (c == '?' || c == ':') {
                        /* The element getopt stopped at; a short option's
                         * letter when it was one of several ("-xv"). */
                        const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
                        if (c == ':')
                                va->exit = verb_usage(va->verb, "option '%s' needs a value", arg);
                        else if (optopt && !(arg[0] == '-' && arg[1] == '-'))
                                va->exit = verb_usage(va->verb, "unknown option '-%c'", optopt);
                        else
                                va->exit = verb_usage(va->verb, "unknown option '%s'", arg);
                        return VERB_EXIT;
                }
                if (!(va->repeat && c > 0 && c < 256 && strchr(va->repeat, c)) &&
                    (va->exit = verb_once(va->verb, va->options, c, &va->seen)) != 0)
                        return VERB_EXIT;
                if (c == 'h') {
                        fputs(va->help, stdout);
                        va->exit = EXIT_OK;
                        return VERB_EXIT;
                }
                if (!va->lc || !log_config_is_option(c))
                        return c;
                if (log_config_parse_option(va->lc, c, optarg, &err) < 0) {
                        va->exit = verb_usage(va->verb, "%s", err);
                        return VERB_EXIT;
                }
        }
        return -1;
}

void verb_policy_failed(LogStream *log, const char *event, const char *path, const PolicyError *perr) {
        if (perr->line > 0)
                log_event(log, LOG_ERROR, event,
                          LOG_FIELDS(LOG_PATH("policy", path), LOG_INT("line", perr->line)),
                          "path policy: {policy}:{line}: %s", perr->message);
        else
                log_event(log, LOG_ERROR, event, LOG_FIELDS(LOG_PATH("policy", path)),
                          "path policy: {policy}: %s", perr->message);
}

int verb_log_start(const char *verb, uv_loop_t *loop, const LogConfig *lc, LogStream **ret) {
        if (uv_loop_init(loop) < 0)
                goto fail;
        if (log_stream_new(loop, lc, ret) < 0) {
                (void) uv_loop_close(loop);
                goto fail;
        }
        return 0;
fail:
        fprintf(stderr, "pathpolicy %s: cannot start logging\n", verb);
        return -1;
}

void verb_log_finish(uv_loop_t *loop, LogStream *log) {
        log_stream_shutdown(log, NULL, NULL);
        uv_run(loop, UV_RUN_DEFAULT);
        log_stream_free(log);
        (void) uv_loop_close(loop);
}
