/* SPDX-License-Identifier: MIT */
#include "array.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

int array_grow(void **array, size_t *allocated, size_t need, size_t size) {
        if (need <= *allocated)
                return 0;
        size_t want = *allocated ? *allocated : 16;
        while (want < need) {
                if (want > SIZE_MAX / 2)
                        return -ENOMEM;
                want *= 2;
        }
        if (size == 0 || want > SIZE_MAX / size)
                return -ENOMEM;
        void *p = realloc(*array, want * size);
        if (!p)
                return -ENOMEM;
        *array = p;
        *allocated = want;
        return 0;
}
