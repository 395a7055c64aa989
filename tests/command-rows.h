/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "command.h"

/*
 * A table of command lines and their verdicts, shared by the
 * test-command-*.c tables: each row judged against the test's policy,
 * with every masked entry held by the history or none.
 */
typedef struct CommandRow {
        const char *cmd;
        bool held; /* the history holds every entry */
        bool refused;
} CommandRow;

/* Judge each of rows[0..n) with base, its held all_held where the row
 * says, else NULL; print each verdict that is not the row's. The count
 * of those (0: the table holds). */
size_t command_rows_failed(const CommandRow *rows, size_t n, const CommandPolicy *base,
                           const bool *all_held);
