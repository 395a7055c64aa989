/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

#include "entry.h"
#include "settings.h"

/*
 * The effective policy: built-ins, the sandbox module's settings and one
 * org's entries, combined by the rules of the spec's "Settings" and
 * "Per-org overrides" sections.
 */

/* An entry dropped because it failed validation. */
typedef struct ResolveDropped {
        char *entry;
        EntryList list;
        EntryError reason;
        const SettingsEntry *where; /* borrowed from the input Settings */
        const char *source;         /* its file */
} ResolveDropped;

/* An entry an unmask_paths line removed, and which list it left. */
typedef struct ResolveOptOut {
        char *entry;
        EntryList list; /* ENTRY_MASK or ENTRY_PROTECT */
        char *unmask;   /* the unmask entry that removed it */
} ResolveOptOut;

/* An entry dropped because a masked directory covers it: once the tmpfs is
 * on, nothing below it is reachable to bind (mask wins, by coverage). */
typedef struct ResolveCovered {
        char *entry;
        EntryList list; /* ENTRY_MASK or ENTRY_PROTECT */
        char *by;       /* the masked directory */
} ResolveCovered;

typedef struct Resolved {
        char **mask; /* sorted, unique */
        size_t n_mask;
        char **protect; /* sorted, unique; no path that is also masked */
        size_t n_protect;
        ResolveOptOut *opt_outs; /* reported ones only: none an org re-tightened */
        size_t n_opt_outs, n_opt_outs_allocated;
        ResolveDropped *dropped;
        size_t n_dropped, n_dropped_allocated;
        char **unused_unmask; /* unmask entries that removed nothing */
        size_t n_unused_unmask;
        ResolveCovered *covered; /* entries a masked directory covers: not in mask or protect */
        size_t n_covered, n_covered_allocated;
} Resolved;

Resolved *resolved_free(Resolved *r);
static inline void resolved_freep(Resolved **r) {
        resolved_free(*r);
}
#define _cleanup_resolved_ __attribute__((cleanup(resolved_freep)))

/* modules and org may be NULL (nothing but the built-ins). Returns 0 or
 * -ENOMEM. */
int resolve_policy(const Settings *modules, const Settings *org, Resolved **ret);
