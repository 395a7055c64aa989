/* SPDX-License-Identifier: MIT */
#pragma once

/* A record's fields, for the tests that read records back (after tests.h). */
#include <jansson.h>

static inline int64_t int_of(json_t *o, const char *key) {
        json_t *v = json_object_get(o, key);
        assert_true(json_is_integer(v));
        return (int64_t) json_integer_value(v);
}

static inline const char *str_of(json_t *o, const char *key) {
        json_t *v = json_object_get(o, key);
        if (!json_is_string(v))
                fail_msg("no string field '%s'", key);
        return json_string_value(v);
}
