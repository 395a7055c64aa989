/* SPDX-License-Identifier: MIT */
/* The git config reader. Invariants: an error is -EINVAL with a line inside
 * the input (git may name the line after the last), and leaves the output
 * alone; on success each key is flagged, named with a lower-case section
 * and key (unless a NUL cut it), listed once, and there are never more keys than lines (an entry
 * ends its line); the same bytes give the same answer. */
#include <stdint.h>
#include <stdlib.h>

#include "git-audit.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool has_upper(const char *s, size_t n) {
        for (size_t i = 0; i < n; i++)
                if (s[i] >= 'A' && s[i] <= 'Z')
                        return true;
        return false;
}

/* Section and key are lower-case, unless a NUL in the input cut a name
 * inside its subsection: then git itself names, say, "alias.St". */
static void check_key(const char *key, bool has_nul) {
        const char *first = strchr(key, '.'), *last = strrchr(key, '.');
        if (!first)
                abort();
        if (!has_nul && (has_upper(key, (size_t) (first - key)) || has_upper(last + 1, strlen(last + 1))))
                abort();
        /* "!x" is a shell alias and no boolean, so every rule takes it. */
        if (!git_audit_key_is_flagged(key, "!x"))
                abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        const char *buf = (const char *) data;
        char **keys = (char **) 0x1;
        size_t line = 0, lines = 1;
        int r;

        for (size_t i = 0; i < size; i++)
                lines += buf[i] == '\n';

        r = git_audit_config(buf, size, &keys, &line);
        if (r == -ENOMEM)
                return 0;
        if (r < 0) {
                if (r != -EINVAL || keys != (char **) 0x1 || line < 1 || line > lines + 1)
                        abort();
                _cleanup_strv_free_ char **again = NULL;
                size_t line2 = 0;
                if (git_audit_config(buf, size, &again, &line2) != r || line2 != line)
                        abort();
                return 0;
        }

        size_t n = 0;
        for (; keys[n]; n++) {
                check_key(keys[n], memchr(buf, 0, size) != NULL);
                for (size_t j = 0; j < n; j++)
                        if (streq(keys[j], keys[n]))
                                abort();
        }
        if (n > lines)
                abort();

        _cleanup_strv_free_ char **again = NULL;
        if (git_audit_config(buf, size, &again, NULL) < 0)
                abort();
        for (size_t i = 0; i <= n; i++)
                if (!streq_ptr(again[i], keys[i]))
                        abort();
        strv_free(keys);
        return 0;
}
