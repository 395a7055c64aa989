/* SPDX-License-Identifier: MIT */
#include "log-options.h"

#include <stdint.h>
#include <stdlib.h>

bool log_config_is_option(int option) {
        return option >= LOG_OPT_SOCKET && option <= LOG_OPT_QUEUE_BYTES;
}

static int parse_size(const char *arg, size_t *ret) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(arg, &end, 10);
        if (errno != 0 || end == arg || *end || arg[0] == '-' || v == 0 || v > SIZE_MAX)
                return -EINVAL;
        *ret = (size_t) v;
        return 0;
}

int log_config_parse_option(LogConfig *c, int option, const char *arg, const char **ret_error) {
        int r;

        switch (option) {
        case LOG_OPT_SOCKET:
                if (!arg[0]) {
                        *ret_error = "--log-socket needs a path";
                        return -EINVAL;
                }
                c->socket_path = arg;
                return 0;
        case LOG_OPT_LEVEL:
                r = log_level_from_string(arg);
                if (r < 0) {
                        *ret_error = "--log-level is one of debug, info, warn, error";
                        return r;
                }
                c->level = (LogLevel) r;
                return 0;
        case LOG_OPT_FORMAT:
                if (streq(arg, "text"))
                        c->format = LOG_FORMAT_TEXT;
                else if (streq(arg, "json"))
                        c->format = LOG_FORMAT_JSON;
                else {
                        *ret_error = "--log-format is text or json";
                        return -EINVAL;
                }
                return 0;
        case LOG_OPT_QUEUE_RECORDS:
        case LOG_OPT_QUEUE_BYTES:
                r = parse_size(arg, option == LOG_OPT_QUEUE_RECORDS ? &c->queue_records : &c->queue_bytes);
                if (r < 0)
                        *ret_error =
                                "--log-queue-records and --log-queue-bytes take a positive whole number";
                return r;
        }
        *ret_error = "not a logging option";
        return -EINVAL;
}
