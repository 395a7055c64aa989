/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

/*
 * The built-in lists: the one place they are spelled. Every colony gets
 * them unless the install opts out with unmask_paths.
 */

/* Masked: credential files, never seen by the agent. */
extern const char *const builtin_mask[];
extern const size_t builtin_mask_count;

/* Protected: the agent's own leash, readable and never writable. */
extern const char *const builtin_protect[];
extern const size_t builtin_protect_count;
