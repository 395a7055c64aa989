/* SPDX-License-Identifier: MIT */
#include "entry.h"

#include <string.h>
#include <strings.h>

#include "util.h"

static const char *const entry_list_table[_ENTRY_LIST_MAX] = {
        [ENTRY_MASK] = "mask",
        [ENTRY_PROTECT] = "protect",
        [ENTRY_UNMASK] = "unmask",
};

static const char *const entry_error_table[_ENTRY_ERROR_MAX] = {
        [ENTRY_OK] = "valid",
        [ENTRY_EMPTY] = "empty entry",
        [ENTRY_ROOT] = "the worktree root itself",
        [ENTRY_ABSOLUTE] = "absolute path",
        [ENTRY_WHITESPACE] = "leading or trailing whitespace",
        [ENTRY_CONTROL] = "control character",
        [ENTRY_BIDI] = "bidirectional control character (the path would read as another)",
        [ENTRY_DOT_COMPONENT] = "'.' or '..' component",
        [ENTRY_EMPTY_COMPONENT] = "empty component",
        [ENTRY_SEPARATOR] = "':' or ',' (the mount wiring cannot carry them)",
        [ENTRY_TOO_LONG] = "longer than 500 characters",
        [ENTRY_COMPONENT_TOO_LONG] = "a component longer than 255 bytes (no filesystem holds it)",
        [ENTRY_MASK_UNDER_GIT] = "masked entry under .git (the git dir must stay readable)",
};

const char *entry_list_to_string(EntryList l) {
        return l >= 0 && l < _ENTRY_LIST_MAX ? entry_list_table[l] : NULL;
}

const char *entry_error_to_string(EntryError e) {
        return e >= 0 && e < _ENTRY_ERROR_MAX ? entry_error_table[e] : NULL;
}

/* ASCII whitespace only: the guest's read strips exactly these. */
static bool is_space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool entry_is_dir(const char *entry) {
        size_t n = strlen(entry);
        return n > 0 && entry[n - 1] == '/';
}

/* Length without one trailing '/'. */
static size_t path_length(const char *p) {
        size_t n = strlen(p);
        return n > 0 && p[n - 1] == '/' ? n - 1 : n;
}

bool entry_same_path(const char *a, const char *b) {
        return entry_same_path_fold(a, b, false);
}

bool entry_same_path_fold(const char *a, const char *b, bool fold) {
        size_t na = path_length(a), nb = path_length(b);
        if (na != nb)
                return false;
        return fold ? strncasecmp(a, b, na) == 0 : memcmp(a, b, na) == 0;
}

EntryError entry_validate(const char *entry, EntryList list) {
        size_t len = strlen(entry);

        if (len == 0)
                return ENTRY_EMPTY;
        if (streq(entry, "/") || streq(entry, ".") || streq(entry, "./"))
                return ENTRY_ROOT;
        if (entry[0] == '/')
                return ENTRY_ABSOLUTE;
        if (is_space(entry[0]) || is_space(entry[len - 1]))
                return ENTRY_WHITESPACE;
        for (const unsigned char *p = (const unsigned char *) entry; *p; p++) {
                /* C0, DEL, and C1 (U+0080..U+009F: C2 80..C2 9F) */
                if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
                        return ENTRY_CONTROL;
        }
        for (const unsigned char *p = (const unsigned char *) entry; *p; p++)
                /* U+202A..U+202E (E2 80 AA..AE) and U+2066..U+2069 (E2 81 A6..A9) */
                if (p[0] == 0xe2 && ((p[1] == 0x80 && p[2] >= 0xaa && p[2] <= 0xae) ||
                                     (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)))
                        return ENTRY_BIDI;

        /* Walk the components; a single trailing '/' only marks a directory. */
        size_t body = entry_is_dir(entry) ? len - 1 : len;
        bool under_git = false, long_component = false;
        for (size_t start = 0; start <= body;) {
                const char *c = entry + start;
                size_t n = strcspn(c, "/");
                if (start + n > body)
                        n = body - start;

                if (n == 0)
                        return ENTRY_EMPTY_COMPONENT;
                if ((n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
                        return ENTRY_DOT_COMPONENT;
                /* case-insensitive: .GIT is .git on a case-insensitive volume */
                if (n == 4 && strncasecmp(c, ".git", 4) == 0)
                        under_git = true;
                long_component = long_component || n > 255; /* NAME_MAX, on Linux and APFS */
                start += n + 1;
        }

        if (strpbrk(entry, ":,"))
                return ENTRY_SEPARATOR;
        if (utf8_length(entry) > ENTRY_MAX_CHARS)
                return ENTRY_TOO_LONG;
        if (long_component)
                return ENTRY_COMPONENT_TOO_LONG;
        if (list == ENTRY_MASK && under_git)
                return ENTRY_MASK_UNDER_GIT;
        return ENTRY_OK;
}

bool entry_match_anchored(const char *entry, const char *path) {
        return entry_match_anchored_fold(entry, path, false);
}

bool entry_match_anchored_fold(const char *entry, const char *path, bool fold) {
        size_t ne = path_length(entry), np = path_length(path);

        if (np < ne || (fold ? strncasecmp(entry, path, ne) : memcmp(entry, path, ne)) != 0)
                return false;
        if (np == ne)
                return true;
        /* Below the entry: only a directory entry covers it, and only at a
         * component boundary ("a/" covers "a/b", not "ab"). */
        return entry_is_dir(entry) && path[ne] == '/';
}

bool entry_match_any_depth(const char *entry, const char *path) {
        size_t ne = path_length(entry), np = path_length(path);
        bool dir = entry_is_dir(entry);

        if (ne == 0)
                return false;

        /* Try the run at every component start of path. */
        for (size_t i = 0; i + ne <= np;) {
                if (memcmp(path + i, entry, ne) == 0) {
                        size_t end = i + ne;
                        if (end == np || (dir && path[end] == '/'))
                                return true;
                }
                const char *slash = memchr(path + i, '/', np - i);
                if (!slash)
                        break;
                i = (size_t) (slash - path) + 1;
        }
        return false;
}

bool entry_run_eq(const char *a, const char *b, size_t n) {
        for (size_t i = 0; i < n; i++) {
                unsigned char x = (unsigned char) a[i], y = (unsigned char) b[i];
                if (x != y && !((x | 0x20) == (y | 0x20) && (x | 0x20) >= 'a' && (x | 0x20) <= 'z'))
                        return false;
        }
        return true;
}

size_t entry_path_run(const char *entry, const char *path) {
        size_t en = strlen(entry);
        if (en > 0 && entry[en - 1] == '/')
                en--;
        if (en == 0)
                return 0;
        /* At each component start of path: does entry's text follow, ended
         * by the path's end or a '/'? Components are whole on both sides. */
        for (const char *p = path; p; p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL) {
                size_t rest = strlen(p);
                if (rest < en)
                        return 0;
                if ((p[en] == 0 || p[en] == '/') && entry_run_eq(p, entry, en))
                        return (size_t) (p - path) + en;
        }
        return 0;
}

bool entry_path_holds(const char *entry, const char *path) {
        return entry_path_run(entry, path) > 0;
}
