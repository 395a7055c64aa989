/* SPDX-License-Identifier: MIT */
/* Test helper: send one record through a LogStream whose local sink is the
 * journal, the way a verb would. Usage: log-emit MARKER */
#include <signal.h>
#include <stdio.h>

#include "log.h"

int main(int argc, char **argv) {
        /* As pathpolicy's main() does: a reader that goes away is EPIPE. */
        signal(SIGPIPE, SIG_IGN);
        uv_loop_t loop;
        LogStream *s;
        LogConfig c;

        if (argc != 2) {
                fprintf(stderr, "usage: log-emit MARKER\n");
                return 2;
        }
        uv_loop_init(&loop);
        log_config_init(&c);
        c.journal = true;
        if (log_stream_new(&loop, &c, &s) < 0)
                return 1;

        LogRecord *r = log_record_new(LOG_WARN, "bind-failed");
        log_record_str(r, "marker", argv[1]);
        log_record_path(r, "path", "sub/.env");
        log_record_int(r, "errno", 13);
        log_submit(s, r, "path policy: could not bind sub/.env (mask-file): Permission denied");

        log_stream_shutdown(s, NULL, NULL);
        uv_run(&loop, UV_RUN_DEFAULT);
        log_stream_free(s);
        return uv_loop_close(&loop) == 0 ? 0 : 1;
}
