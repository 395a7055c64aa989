/* SPDX-License-Identifier: MIT */
/* The policy-file reader: whatever it accepts, the writer writes back to
 * the same bytes, and those parse to the same actions. */
#include <stdint.h>
#include <stdlib.h>

#include "policy-file.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        _cleanup_policy_ Policy *p = NULL, *q = NULL;
        _cleanup_free_ char *out = NULL;
        PolicyError err;
        size_t out_size = 0;
        FILE *f;

        if (policy_parse((const char *) data, size, &p, &err) < 0) {
                if (err.message[0] == 0)
                        abort(); /* every refusal says why */
                return 0;
        }

        f = open_memstream(&out, &out_size);
        if (!f)
                return 0;
        if (policy_write(p, f) < 0)
                abort(); /* the writer refused what the reader accepted */
        fclose(f);

        /* Accepted input is exactly what the writer writes. */
        if (out_size != size || memcmp(out, data, size) != 0)
                abort();
        if (policy_parse(out, out_size, &q, &err) < 0 || q->n != p->n)
                abort();
        for (size_t i = 0; i < p->n; i++)
                if (q->actions[i].kind != p->actions[i].kind ||
                    !streq(q->actions[i].path, p->actions[i].path))
                        abort();
        return 0;
}
