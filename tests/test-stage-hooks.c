/* SPDX-License-Identifier: MIT */
/*
 * The stage suites' switch, linked only into pathpolicy-stage-hooks (the
 * test build of the binary, tests/meson.build), never the installed one.
 * PATHPOLICY_TEST_STAGE_PLUMBING=1 makes stage compute what is staged by
 * git's plumbing alone (git ls-tree, git diff --cached, git status, git
 * update-index), the way it takes for a split, sparse or conflicted index,
 * instead of its own index reader: the suites registered as stage-plumbing
 * run every case that way and must pass unchanged.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

bool stage_test_plumbing(void);

bool stage_test_plumbing(void) {
        const char *s = getenv("PATHPOLICY_TEST_STAGE_PLUMBING");
        return s && strcmp(s, "1") == 0;
}
