/* SPDX-License-Identifier: MIT */
#pragma once

/* cmocka needs these before its header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#define RUN(tests) cmocka_run_group_tests(tests, NULL, NULL)

/* Skip a test that needs what this machine lacks (root, /proc), saying
 * why. In CI (which runs as root, with /proc) such a skip is a failure:
 * the test must have run there. */
#define SKIP_UNLESS_CI(...)                                                                                 \
        do {                                                                                                \
                print_message("skipped: " __VA_ARGS__);                                                     \
                if (getenv("CI"))                                                                           \
                        fail_msg("CI is set: this test must run here, not be skipped");                     \
                skip();                                                                                     \
        } while (0)
