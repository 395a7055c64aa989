/* SPDX-License-Identifier: MIT */
/* daemon/cli/log-options.c: the logging options every acting verb takes. */
#include "tests.h"

#include "log-options.h"
#include "util.h"

static void test_options(void **state) {
        (void) state;
        LogConfig c;
        const char *err = NULL;

        log_config_init(&c);
        assert_int_equal(c.level, LOG_INFO);
        assert_int_equal(c.queue_records, 4096);
        assert_int_equal(c.queue_bytes, 1024 * 1024);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_LEVEL, "warn", &err), 0);
        assert_int_equal(c.level, LOG_WARN);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_LEVEL, "loud", &err), -EINVAL);
        assert_non_null(strstr(err, "debug, info, warn, error"));
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_FORMAT, "json", &err), 0);
        assert_int_equal(c.format, LOG_FORMAT_JSON);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_FORMAT, "xml", &err), -EINVAL);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_QUEUE_RECORDS, "10", &err), 0);
        assert_int_equal(c.queue_records, 10);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_QUEUE_BYTES, "0", &err), -EINVAL);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_QUEUE_BYTES, "-5", &err), -EINVAL);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_QUEUE_BYTES, "12k", &err), -EINVAL);
        assert_int_equal(log_config_parse_option(&c, LOG_OPT_SOCKET, "/run/colony.sock", &err), 0);
        assert_string_equal(c.socket_path, "/run/colony.sock");
        assert_true(log_config_is_option(LOG_OPT_SOCKET));
        assert_false(log_config_is_option('h'));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_options),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
