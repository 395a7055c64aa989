/* SPDX-License-Identifier: MIT */
#include "builtins.h"

#include "util.h"

const char *const builtin_mask[] = {
        ".env",
        ".envrc",
        ".netrc",
        ".git-credentials",
};
const size_t builtin_mask_count = ELEMENTSOF(builtin_mask);

const char *const builtin_protect[] = {
        ".git/config",
        ".git/hooks/",
        ".claude/",
        ".mcp.json",
};
const size_t builtin_protect_count = ELEMENTSOF(builtin_protect);
