/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "command-rows.h"
#include "tests.h"

size_t command_rows_failed(const CommandRow *rows, size_t n, const CommandPolicy *base,
                           const bool *all_held) {
        size_t failed = 0;
        for (size_t i = 0; i < n; i++) {
                CommandPolicy policy = *base;
                CommandVerdict v;
                policy.held = rows[i].held ? all_held : NULL;
                assert_int_equal(command_check(rows[i].cmd, strlen(rows[i].cmd), &policy, &v), 0);
                if (v.refused != rows[i].refused) {
                        print_message("%-60s %s (%s)\n", rows[i].cmd, v.refused ? "refused" : "allowed",
                                      v.reason);
                        failed++;
                }
                command_verdict_done(&v);
        }
        return failed;
}
