/* SPDX-License-Identifier: MIT */
/* daemon/core/case-fold.c: the code points a case-insensitive directory
 * folds to ASCII, written as it; the rest left as they are. */
#include "tests.h"

#include "case-fold.h"
#include "util.h"

static void test_specials(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
        } cases[] = {
                {".env", ".env"},
                {"\xc5\xbf"
                 "ecrets",
                 "secrets"}, /* U+017F LONG S */
                {"deploy.\xe2\x84\xaa"
                 "ey",
                 "deploy.key"},                                     /* U+212A KELVIN SIGN */
                {"gro\xc3\x9f", "gross"},                           /* U+00DF */
                {"GRO\xe1\xba\x9e", "GROss"},                       /* U+1E9E */
                {"\xef\xac\x80\xef\xac\x81\xef\xac\x82", "fffifl"}, /* U+FB00..U+FB02 */
                {"\xef\xac\x83\xef\xac\x84\xef\xac\x85\xef\xac\x86", "ffifflstst"},
                {".\xc3\xa9nv", ".\xc3\xa9nv"},   /* e acute: not ASCII, as it is */
                {"\xe2\x84\xab", "\xe2\x84\xab"}, /* U+212B ANGSTROM SIGN: folds to a non-ASCII letter */
                {"\xcd\xbe", "\xcd\xbe"},         /* U+037E: a ';', left out */
                {"\xe2\x84", "\xe2\x84"},         /* a sequence cut short */
                {"", ""},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                char buf[64];
                size_t n = strlen(cases[i].in);
                memcpy(buf, cases[i].in, n + 1);
                assert_int_equal(case_fold_has_specials(buf, n), !streq(cases[i].in, cases[i].out));
                size_t k = case_fold_specials(buf, n);
                assert_int_equal(k, strlen(cases[i].out));
                assert_memory_equal(buf, cases[i].out, k);
                assert_true(k <= n);
        }
        /* Length-bounded: a sequence past n is not read. */
        char cut[] = "a\xe2\x84\xaa";
        assert_false(case_fold_has_specials(cut, 3));
        assert_int_equal(case_fold_specials(cut, 3), 3);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_specials),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
