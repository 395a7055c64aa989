/* SPDX-License-Identifier: MIT */
/* What every acting verb does about logging. */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>

#include "log.h"
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

int verb_once(const char *verb, const struct option *options, int c, uint64_t *seen) {
        for (unsigned i = 0; i < 64 && options[i].name; i++) {
                if (options[i].flag || options[i].val != c)
                        continue;
                if (*seen & (UINT64_C(1) << i))
                        return verb_usage(verb, "--%s given twice", options[i].name);
                *seen |= UINT64_C(1) << i;
                return 0;
        }
        return 0;
}

int verb_log_option(const char *verb, LogConfig *lc, int c, const char *arg) {
        const char *err;
        if (!log_config_is_option(c))
                return 0;
        if (log_config_parse_option(lc, c, arg, &err) < 0) {
                fprintf(stderr, "pathpolicy %s: %s\nTry 'pathpolicy %s --help'.\n", verb, err, verb);
                return EXIT_USAGE;
        }
        return 1;
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
