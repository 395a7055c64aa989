/* SPDX-License-Identifier: MIT */
/* --no-window: which opens must wait for a mask (asked from the backend's own thread), and open-denied.
 * Must not read anything that changes while the watch runs (checkouts, bound): only the policy and the case
 * rule. */
#include "watch-internal.h"

#include <strings.h>

/* Whether the mask entry (a trailing '/' aside) is sub or holds it: a
 * directory masked (or a file entry that is one: bind_path_as) covers
 * every file below it. */
static bool mask_covers(const char *entry, const char *sub, bool fold) {
        size_t n = strlen(entry);
        if (n > 0 && entry[n - 1] == '/')
                n--;
        if ((fold ? strncasecmp(entry, sub, n) : strncmp(entry, sub, n)) != 0)
                return false;
        return sub[n] == 0 || sub[n] == '/';
}

/* rel below some directory holding a .git (not the root: its own masks are
 * enforce's), at a path the policy masks there. As on_found: every holder,
 * innermost or not; never inside the .git itself. No allocation. */
bool watch_mask_pending(void *userdata, const char *rel, bool (*is_checkout)(void *ctx, const char *dir),
                        void *ctx) {
        const Watch *w = userdata;
        char buf[PATH_MAX];
        size_t len = strlen(rel);
        if (len >= sizeof buf)
                return false;
        memcpy(buf, rel, len + 1);
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                const char *sub = rel + (s - buf) + 1;
                if ((w->c.fold_case ? strncasecmp(sub, ".git", 4) : strncmp(sub, ".git", 4)) == 0 &&
                    (sub[4] == 0 || sub[4] == '/'))
                        continue;
                bool masked = false;
                for (size_t i = 0; !masked && i < w->c.policy->n; i++) {
                        const PolicyAction *a = &w->c.policy->actions[i];
                        masked = a->kind != PLATFORM_PROTECT && !is_git_entry(a->path) &&
                                 mask_covers(a->path, sub, w->c.fold_case);
                }
                if (!masked)
                        continue;
                *s = 0;
                bool holder = is_checkout(ctx, buf);
                *s = '/';
                if (holder)
                        return true;
        }
        return false;
}

/* rel "" is the total past the paths counted one by one. */
void watch_open_denied(void *userdata, const char *rel, size_t count) {
        Watch *w = userdata;
        w->stats.opens_denied += count;
        log_event(
                w->c.log, LOG_WARN, "open-denied",
                LOG_FIELDS(LOG_PATH("path", rel), LOG_INT("count", count)),
                "path policy: denied {count} open(s) or read(s) of %s before its mask landed (--no-window)",
                rel[0] ? "{path}" : "masked paths");
}
