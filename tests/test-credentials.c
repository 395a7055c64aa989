/* SPDX-License-Identifier: MIT */
/* daemon/core/credentials.c: the credential files stage refuses, by name
 * and by content, and the templates it lets through. */
#include "tests.h"

#include <string.h>

#include "credentials.h"
#include "util.h"

static void test_names(void **state) {
        (void) state;
        static const char *const yes[] = {
                ".env",       "a/b/.env",
                ".env.local", "web/.env.production",
                ".pgpass",    "x/.netrc",
                "_netrc",     ".git-credentials",
                "id_rsa",     "home/.ssh/id_ed25519",
                "id_ecdsa",   "id_dsa",
                "deploy_rsa", "keys/ci_ed25519",
                "cert.p12",   "a/b.pfx",
        };
        static const char *const no[] = {
                "env",
                "x.env",
                ".env/x",
                ".envrc",
                ".env.example",
                ".env.sample",
                ".env.template",
                ".env.dist",
                "id_rsa.pub",
                "deploy_rsa.pub",
                "_rsa",
                ".p12",
                "id_rsa.example",
                ".netrc.sample",
                "README.md",
                "netrc",
                ".env.",
                "a/.env.local.template",
        };
        for (size_t i = 0; i < ELEMENTSOF(yes); i++) {
                print_message("yes %s\n", yes[i]);
                assert_true(credential_name(yes[i]));
        }
        for (size_t i = 0; i < ELEMENTSOF(no); i++) {
                print_message("no %s\n", no[i]);
                assert_false(credential_name(no[i]));
        }
}

static void test_templates(void **state) {
        (void) state;
        assert_true(credential_template(".env.example"));
        assert_true(credential_template("a/id_rsa.sample"));
        assert_true(credential_template("config.dist"));
        assert_true(credential_template("x.template"));
        assert_false(credential_template(".example")); /* a name, not a suffix */
        assert_false(credential_template(".env"));
        assert_false(credential_template("example"));
}

static void test_content(void **state) {
        (void) state;
        static const char *const yes[] = {
                "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n",
                "-----BEGIN RSA PRIVATE KEY-----\n",
                "-----BEGIN EC PRIVATE KEY-----",
                "-----BEGIN PRIVATE KEY-----\n",
                "-----BEGIN ENCRYPTED PRIVATE KEY-----\n",
                "-----BEGIN PGP PRIVATE KEY BLOCK-----\n",
                "PuTTY-User-Key-File-2: ssh-rsa\n",
                "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\n",
                "some text\nbefore it\n-----BEGIN DSA PRIVATE KEY-----\n",
                /* indented (YAML), after a byte order mark, in a JSON string */
                "tls:\n  key: |\n    -----BEGIN RSA PRIVATE KEY-----\n",
                "\xef\xbb\xbf-----BEGIN PRIVATE KEY-----\n",
                "{\"private_key\": \"-----BEGIN PRIVATE KEY-----\\nMIIE\"}\n",
                "\tkey = '-----BEGIN EC PRIVATE KEY-----'\n",
        };
        static const char *const no[] = {
                "-----BEGIN CERTIFICATE-----\n",
                "-----BEGIN PUBLIC KEY-----\n",
                "ssh-ed25519 AAAA user@host\n",
                "see -----BEGIN RSA PRIVATE KEY----- in prose\n", /* not at a line's start */
                "-----BEGIN RSA PUBLIC KEY-----\nPRIVATE KEY\n",
                "a PRIVATE KEY mentioned in prose\n",
                "",
        };
        for (size_t i = 0; i < ELEMENTSOF(yes); i++)
                assert_true(credential_content(yes[i], strlen(yes[i])));
        for (size_t i = 0; i < ELEMENTSOF(no); i++)
                assert_false(credential_content(no[i], strlen(no[i])));
        /* Bytes that are no text, a NUL among them, change nothing. */
        static const char bin[] = "\x00\xff\n-----BEGIN RSA PRIVATE KEY-----\n";
        assert_true(credential_content(bin, sizeof bin - 1));
        assert_false(credential_content(bin, 10)); /* cut before the label */
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_names),
                cmocka_unit_test(test_templates),
                cmocka_unit_test(test_content),
        };
        return RUN(tests);
}
