/* SPDX-License-Identifier: MIT */
/*
 * The secret-paths rule's patterns against the policy's names
 * (command-internal.h): can a program's glob or regex match a secret? The
 * matchers themselves are match.c's. It must not decide what is allowed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* The paths a secret can be found at, as a program names them: its last
 * component, the entry, from ./, one directory down, and (a directory) a
 * file in it. *ret_n of them into buf's slots. */
static size_t candidates(const char *entry, char out[][512], bool basename) {
        char e[256], last[256];
        snprintf(e, sizeof e, "%s", entry);
        size_t len = strlen(e);
        bool dir = len > 0 && e[len - 1] == '/';
        while (len > 0 && e[len - 1] == '/')
                e[--len] = 0;
        const char *slash = strrchr(e, '/');
        snprintf(last, sizeof last, "%s", slash ? slash + 1 : e);
        size_t n = 0;
        snprintf(out[n++], 512, "%s", last);
        if (basename)
                return n;
        static const char *const prefixes[] = {"", "./", "./x/", "x/", "/x/"};
        for (size_t k = 0; k < ELEMENTSOF(prefixes); k++) {
                snprintf(out[n++], 512, "%s%s", prefixes[k], e);
                snprintf(out[n++], 512, "%s%s", prefixes[k], last);
                if (dir) {
                        snprintf(out[n++], 512, "%s%s/x", prefixes[k], e);
                        snprintf(out[n++], 512, "%s%s/x", prefixes[k], last);
                }
        }
        return n;
}

static bool match_secret(Judge *j, const char *pat, int flags, bool basename, bool regex) {
        bool any = false;
        char c[32][512];
        for (size_t i = 0; i < j->policy->n_secrets; i++) {
                if (!j->policy->secrets[i][0])
                        continue;
                size_t n = candidates(j->policy->secrets[i], c, basename);
                for (size_t k = 0; k < n; k++)
                        if (regex ? match_regex(pat, c[k], flags & MATCH_FOLD)
                                  : match_glob(pat, c[k], flags)) {
                                j->named[i] = true;
                                any = true;
                                break;
                        }
        }
        return any;
}

bool match_secret_glob(Judge *j, const char *pat, int flags, bool basename) {
        return match_secret(j, pat, flags, basename, false);
}

bool match_secret_regex(Judge *j, const char *re, bool fold) {
        return match_secret(j, re, fold ? MATCH_FOLD : 0, false, true);
}

int judge_refuse(Judge *j, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(j->reason, j->reason_n, fmt, ap);
        va_end(ap);
        return 1;
}
