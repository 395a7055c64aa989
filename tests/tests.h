/* SPDX-License-Identifier: MIT */
#pragma once

/* cmocka needs these before its header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define RUN(tests) cmocka_run_group_tests(tests, NULL, NULL)
