/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <stdint.h>

#include "siphash.h"

/*
 * SipHash-2-4 (daemon/basic/siphash.c) against the reference
 * implementation's vectors: key 00 01 .. 0f, message 00 01 .. (n-1), for
 * every n from 0 to 15 (each tail length, and one and two whole words).
 */

static const uint64_t vectors[16] = {
        0x726fdb47dd0e0e31ULL, 0x74f839c593dc67fdULL, 0x0d6c8009d9a94f5aULL, 0x85676696d7fb7e2dULL,
        0xcf2794e0277187b7ULL, 0x18765564cd99a68dULL, 0xcbc9466e58fee3ceULL, 0xab0200f58b01d137ULL,
        0x93f5f5799a932462ULL, 0x9e0082df0ba9e4b0ULL, 0x7a5dbbc594ddb9f3ULL, 0xf4b32f46226bada7ULL,
        0x751e8fbc860ee5fbULL, 0x14ea5627c0843d90ULL, 0xf723ca908e7af2eeULL, 0xa129ca6149be45e5ULL,
};

static void test_vectors(void **state) {
        (void) state;
        uint8_t key[16], msg[16];
        for (int i = 0; i < 16; i++)
                key[i] = (uint8_t) i, msg[i] = (uint8_t) i;
        for (size_t n = 0; n < 16; n++)
                assert_int_equal(siphash24(msg, n, key), vectors[n]);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_vectors),
        };
        return RUN(tests);
}
