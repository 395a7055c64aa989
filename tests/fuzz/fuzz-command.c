/* SPDX-License-Identifier: MIT */
/* The secret-paths rule on any bytes. Invariants: an answer always comes
 * (0), a refusal names a path and gives a reason, and a command allowed
 * while it names a secret holds no "$(", no backtick, no '<' (but a while
 * read loop's one), and no '>' but in 2>&1 and >/dev/null, or echo's or
 * printf's write; a line before it that turns dotglob on takes no name
 * away (a glob only matches more) where the same rule refuses, unless the
 * refusal names every secret, and turns no refusal into an allow. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const secrets[] = {".env", "secrets/", "config/master.key", "id_rsa"};
/* Names that fold (a case-insensitive volume), the line's code points that
 * fold to ASCII too: the most it reads as naming. */
static const bool folds[] = {true, true, true, true};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        if (size > 4096)
                return 0;
        const char *s = (const char *) data;
        CommandVerdict v;
        if (command_check(s, size, &(CommandPolicy){.secrets = secrets, .n_secrets = 4, .fold = folds},
                          &v) != 0)
                abort();
        if (v.refused && (v.n_paths == 0 || v.reason[0] == 0))
                abort();
        /* a while read loop's one "< FILE" */
        bool loop = memmem(s, size, "while", 5) && memmem(s, size, "read", 4);
        size_t inputs = 0;
        if (!v.refused && v.n_paths > 0)
                for (size_t i = 0; i < size; i++) {
                        if (s[i] == '<' && loop && inputs++ == 0)
                                continue;
                        if (s[i] == '`' || s[i] == '<' || (s[i] == '$' && i + 1 < size && s[i + 1] == '('))
                                abort();
                        if (s[i] == '>' &&
                            !(i > 0 && s[i - 1] == '2' && size - i >= 3 && memcmp(s + i, ">&1", 3) == 0) &&
                            !(size - i >= 10 && memcmp(s + i, ">/dev/null", 10) == 0) &&
                            !memmem(s, size, "echo", 4) && !memmem(s, size, "printf", 6))
                                abort(); /* echo's and printf's > and >> to a path naming no secret */
                }
        /* shopt -s dotglob on the line before: every name still named */
        static const char prefix[] = "shopt -s dotglob\n";
        char *d = malloc(sizeof prefix + size);
        if (!d)
                abort();
        memcpy(d, prefix, sizeof prefix - 1);
        memcpy(d + sizeof prefix - 1, s, size);
        CommandVerdict dv;
        if (command_check(d, sizeof prefix - 1 + size,
                          &(CommandPolicy){.secrets = secrets, .n_secrets = 4, .fold = folds}, &dv) != 0)
                abort();
        /* a refusal stays one; where the same rule refuses (the first the
         * judge meets may differ: the line differs), every name still
         * named, unless it names every secret: a refusal about no name in
         * particular (a program known only when it runs) */
        if (v.refused && !dv.refused)
                abort();
        for (size_t i = 0; i < v.n_paths && v.n_paths < 4 && strcmp(v.reason, dv.reason) == 0; i++) {
                bool found = false;
                for (size_t k = 0; k < dv.n_paths; k++)
                        found = found || v.paths[i] == dv.paths[k];
                if (!found)
                        abort();
        }
        command_verdict_done(&dv);
        free(d);
        command_verdict_done(&v);
        /* and with a history that holds them: git's readers judged too */
        static const bool held[] = {true, true, true};
        if (command_check(s, size,
                          &(CommandPolicy){.secrets = secrets, .n_secrets = 3, .held = held, .fold = folds},
                          &v) != 0)
                abort();
        if (v.refused && (v.n_paths == 0 || v.reason[0] == 0))
                abort();
        bool anywhere_refused = v.refused;
        command_verdict_done(&v);
        /* ... at places: never refused where anywhere allows (a place is
         * one of anywhere's) */
        const char *const *const at[] = {(const char *const[]){".env", "a/.env", "b/.env/", NULL},
                                         (const char *const[]){"x/secrets/", NULL},
                                         (const char *const[]){"config/master.key", NULL}};
        if (command_check(
                    s, size,
                    &(CommandPolicy){
                            .secrets = secrets, .n_secrets = 3, .held = held, .held_at = at, .fold = folds},
                    &v) != 0)
                abort();
        if (v.refused && (v.n_paths == 0 || v.reason[0] == 0))
                abort();
        if (v.refused && !anywhere_refused)
                abort();
        command_verdict_done(&v);
        return 0;
}
