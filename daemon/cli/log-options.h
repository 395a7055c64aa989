/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>

#include "log.h"

/*
 * The logging options every acting verb takes, for getopt_long. A verb puts
 * LOG_OPTIONS in its option table and hands each of these option values to
 * log_config_parse_option(), which returns 0, or -EINVAL with a message in
 * *ret_error (static text).
 */
enum {
        LOG_OPT_SOCKET = 0x1000,
        LOG_OPT_LEVEL,
        LOG_OPT_FORMAT,
        LOG_OPT_QUEUE_RECORDS,
        LOG_OPT_QUEUE_BYTES,
};
/* clang-format off */
#define LOG_OPTIONS                                                                                         \
        {"log-socket", required_argument, NULL, LOG_OPT_SOCKET},                                            \
        {"log-level", required_argument, NULL, LOG_OPT_LEVEL},                                              \
        {"log-format", required_argument, NULL, LOG_OPT_FORMAT},                                            \
        {"log-queue-records", required_argument, NULL, LOG_OPT_QUEUE_RECORDS},                              \
        {"log-queue-bytes", required_argument, NULL, LOG_OPT_QUEUE_BYTES}
/* clang-format on */
#define LOG_OPTIONS_HELP                                                                                    \
        "  --log-socket PATH        stream records to the colony log (a Unix socket)\n"                     \
        "  --log-level LEVEL        debug, info, warn or error (default info)\n"                            \
        "  --log-format FORMAT      stderr as text (the message) or json (the record)\n"                    \
        "  --log-queue-records N    socket queue bound in records (default 4096)\n"                         \
        "  --log-queue-bytes N      socket queue bound in bytes (default 1048576)\n"

bool log_config_is_option(int option);
int log_config_parse_option(LogConfig *c, int option, const char *arg, const char **ret_error);
