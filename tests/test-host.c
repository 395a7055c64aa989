/* SPDX-License-Identifier: MIT */
/* daemon/engine/host.c: the gitignore pattern of one path (the walk and release
 * run on real repositories in test-host.sh). */
#include "tests.h"

#include "host.h"
#include "util.h"

static void test_gitignore_pattern(void **state) {
        (void) state;
        static const struct {
                const char *path, *pattern;
        } cases[] = {
                {".env", "/.env"},
                {"a/b/.env", "/a/b/.env"},
                {"keys/", "/keys/"},
                {"#hash", "/#hash"},             /* anchored: never a comment */
                {"!bang", "/!bang"},             /* anchored: never a negation */
                {"star*", "/star\\*"},
                {"q?", "/q\\?"},
                {"br[ack]", "/br\\[ack]"},
                {"back\\slash", "/back\\\\slash"},
                {"dir with space/x", "/dir with space/x"},
                {"trailing  ", "/trailing\\ \\ "}, /* git drops unescaped trailing spaces */
                {"mid space end ", "/mid space end\\ "},
                {"d /", "/d\\ /"},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *p = host_gitignore_pattern(cases[i].path);
                assert_string_equal(p, cases[i].pattern);
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_gitignore_pattern),
        };
        return RUN(tests);
}
