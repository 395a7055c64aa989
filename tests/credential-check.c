/* SPDX-License-Identifier: MIT */
/* Test helper: stage's content check on files. Each line of stdin is
 * "NAME<TAB>FILE": FILE's bytes judged as if committed at NAME (its first
 * CREDENTIAL_HEAD_BYTES, as stage reads them); each line out is "NAME<TAB>"
 * and what secret it holds, or "-". Usage: credential-check < LIST */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "credentials.h"

int main(void) {
        char line[8192];
        char *buf = malloc(CREDENTIAL_HEAD_BYTES);
        if (!buf)
                return 1;
        while (fgets(line, sizeof line, stdin)) {
                line[strcspn(line, "\n")] = 0;
                char *tab = strchr(line, '\t');
                if (!tab)
                        return 2;
                *tab = 0;
                FILE *f = fopen(tab + 1, "re");
                if (!f) {
                        perror(tab + 1);
                        return 1;
                }
                size_t n = fread(buf, 1, CREDENTIAL_HEAD_BYTES, f);
                fseek(f, 0, SEEK_END);
                long size = ftell(f);
                fclose(f);
                const char *why = credential_secret(line, buf, n, size > 0 ? (uint64_t) size : n);
                printf("%s\t%s\n", line, why ? why : "-");
        }
        free(buf);
        return 0;
}
