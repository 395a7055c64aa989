/* SPDX-License-Identifier: MIT */
/* --no-window: which opens must wait for a mask, which directories can get a masked name (both asked from
 * the backend's own thread), and open-denied. Must not read anything that changes while the watch runs
 * (checkouts, bound): only the policy and the case rule. */
#include "watch-internal.h"

#include <strings.h>

/* The length of the mask entry, a trailing '/' aside. */
static size_t entry_len(const char *entry) {
        size_t n = strlen(entry);
        return n > 0 && entry[n - 1] == '/' ? n - 1 : n;
}

static bool run_eq(const char *a, const char *b, size_t n, bool fold) {
        return (fold ? strncasecmp(a, b, n) : strncmp(a, b, n)) == 0;
}

/* Whether the mask entry is sub or holds it: a directory masked (or a file
 * entry that is one: bind_path_as) covers every file below it. */
static bool covers(const char *entry, const char *sub, bool fold) {
        size_t n = entry_len(entry);
        return run_eq(entry, sub, n, fold) && (sub[n] == 0 || sub[n] == '/');
}

/* Whether a name the entry masks can be made directly in the directory sub
 * below the checkout: the entry's own directory, or one it covers. Not the
 * checkout itself (sub ""): it is guarded when its .git is seen, and asking
 * here would look for a .git in every directory a scan meets. */
static bool makes_in(const char *entry, const char *sub, bool fold) {
        size_t n = entry_len(entry), d = 0;
        for (size_t i = 0; i < n; i++)
                if (entry[i] == '/')
                        d = i;
        return sub[0] && (covers(entry, sub, fold) || (strlen(sub) == d && run_eq(entry, sub, d, fold)));
}

/* Whether some directory holding rel below the root (not the root: its own
 * masks are enforce's) is a checkout whose policy says match of the rest,
 * never inside the .git itself. As on_found: every holder, innermost or
 * not. rel itself is a holder when dir is set. No allocation. */
static bool held(const Watch *w, const char *rel, bool dir, bool (*match)(const char *, const char *, bool),
                 bool (*is_checkout)(void *ctx, const char *dir), void *ctx) {
        char buf[PATH_MAX];
        size_t len = strlen(rel);
        if (len + 1 >= sizeof buf)
                return false;
        memcpy(buf, rel, len + 1);
        if (dir) { /* rel "a/b" holds "" */
                buf[len] = '/';
                buf[len + 1] = 0;
        }
        for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
                const char *sub = (size_t) (s - buf) >= len ? "" : rel + (s - buf) + 1;
                if (run_eq(sub, ".git", 4, w->c.fold_case) && (sub[4] == 0 || sub[4] == '/'))
                        continue;
                bool masked = false;
                for (size_t i = 0; !masked && i < w->c.policy->n; i++) {
                        const PolicyAction *a = &w->c.policy->actions[i];
                        masked = a->kind != PLATFORM_PROTECT && !is_git_entry(a->path) &&
                                 match(a->path, sub, w->c.fold_case);
                }
                if (!masked)
                        continue;
                char c = *s;
                *s = 0;
                bool holder = is_checkout(ctx, buf);
                *s = c;
                if (holder)
                        return true;
        }
        return false;
}

bool watch_mask_pending(void *userdata, const char *rel, bool (*is_checkout)(void *ctx, const char *dir),
                        void *ctx) {
        return held(userdata, rel, false, covers, is_checkout, ctx);
}

bool watch_mask_dir(void *userdata, const char *rel, bool (*is_checkout)(void *ctx, const char *dir),
                    void *ctx) {
        return held(userdata, rel, true, makes_in, is_checkout, ctx);
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
