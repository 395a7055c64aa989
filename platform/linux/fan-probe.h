/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

/* Whether the fanotify watcher can serve root: a group reporting directory
 * handles, and a filesystem mark on root's filesystem. 0, or -errno with
 * why said in a sentence either way (what it would use, or what failed).
 * Nothing is left open. */
int fanotify_probe(const char *root, char *why, size_t n);
