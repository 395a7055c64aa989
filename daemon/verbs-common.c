/* SPDX-License-Identifier: MIT */
/* What every acting verb does about logging. */
#include <stdio.h>

#include "log.h"
#include "verbs.h"

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
