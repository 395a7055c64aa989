/* SPDX-License-Identifier: MIT */
#pragma once

#include "log.h"
#include "platform.h"
#include "policy-file.h"

/*
 * The guest's boot: apply every action of a policy under root, or none.
 * It checks the kernel, pins the root, resolves and type-checks every
 * action before it mounts anything, then binds in order. Any failure undoes
 * the binds this run applied (in reverse) and fails closed. Every bind, and
 * the failure, is a record on log.
 */

typedef struct EnforceResult {
        size_t masked, protected_, already; /* actions bound (already counts those left alone) */
        char message[768];                  /* the failure, for stderr and tests */
} EnforceResult;

PlatformBindKind enforce_kind(PolicyKind k);

/* Returns 0, or a negative errno with result->message set. policy_path
 * names the policy file in messages (with the action's line). */
int enforce_policy(const BinderOps *ops, const char *root, const char *policy_path, const Policy *p, LogStream *log,
                   EnforceResult *result);
