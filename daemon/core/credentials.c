/* SPDX-License-Identifier: MIT */
#include "credentials.h"

#include <string.h>

#include "util.h"

static const char *base(const char *path) {
        const char *s = strrchr(path, '/');
        return s ? s + 1 : path;
}

static bool ends_with(const char *s, const char *suffix) {
        size_t n = strlen(s), k = strlen(suffix);
        return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

bool credential_template(const char *path) {
        static const char *const suffixes[] = {".example", ".sample", ".template", ".dist"};
        const char *b = base(path);
        for (size_t i = 0; i < ELEMENTSOF(suffixes); i++)
                if (ends_with(b, suffixes[i]) && !streq(b, suffixes[i]))
                        return true;
        return false;
}

bool credential_name(const char *path) {
        /* secretlint, Talisman, Gitrob: see doc/host.md. */
        static const char *const names[] = {
                ".env",   ".pgpass", ".netrc",   "_netrc",     ".git-credentials",
                "id_rsa", "id_dsa",  "id_ecdsa", "id_ed25519",
        };
        static const char *const key_suffixes[] = {"_rsa", "_dsa", "_ecdsa", "_ed25519", ".p12", ".pfx"};
        const char *b = base(path);

        if (credential_template(path))
                return false;
        for (size_t i = 0; i < ELEMENTSOF(names); i++)
                if (streq(b, names[i]))
                        return true;
        if (strncmp(b, ".env.", 5) == 0 && b[5])
                return true;
        for (size_t i = 0; i < ELEMENTSOF(key_suffixes); i++)
                if (ends_with(b, key_suffixes[i]) && strlen(b) > strlen(key_suffixes[i]))
                        return true;
        return false;
}

/* Whether the line at p (n bytes to its end or the buffer's) is a key's. */
static bool key_line(const char *p, size_t n) {
        static const char begin[] = "-----BEGIN ", putty[] = "PuTTY-User-Key-File-",
                          ssh2[] = "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----";
        if (n >= sizeof putty - 1 && memcmp(p, putty, sizeof putty - 1) == 0)
                return true;
        if (n >= sizeof ssh2 - 1 && memcmp(p, ssh2, sizeof ssh2 - 1) == 0)
                return true;
        if (n < sizeof begin - 1 || memcmp(p, begin, sizeof begin - 1) != 0)
                return false;
        /* "PRIVATE KEY" in the label, before the closing dashes. */
        const char *label = p + sizeof begin - 1, *end = memmem(label, n - (sizeof begin - 1), "-----", 5);
        return end && memmem(label, (size_t) (end - label), "PRIVATE KEY", 11);
}

bool credential_content(const char *buf, size_t n) {
        for (const char *p = buf, *e = buf + n; p < e;) {
                const char *nl = memchr(p, '\n', (size_t) (e - p));
                size_t len = nl ? (size_t) (nl - p) : (size_t) (e - p);
                /* The marker at the line's start, after blanks (YAML's
                 * indented block), a UTF-8 byte order mark, or opening a
                 * quoted string (a service account's JSON: "private_key":
                 * "-----BEGIN PRIVATE KEY-----\n...") */
                size_t blank = 0;
                while (blank < len && (p[blank] == ' ' || p[blank] == '\t'))
                        blank++;
                for (size_t k = 0; k < len; k++) {
                        bool start = k == blank || (k > 0 && (p[k - 1] == '"' || p[k - 1] == '\'')) ||
                                     (k == 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0);
                        if (start && (p[k] == '-' || p[k] == 'P') && key_line(p + k, len - k))
                                return true;
                }
                p += len + 1;
        }
        return false;
}
