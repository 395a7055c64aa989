/* SPDX-License-Identifier: MIT */
/* daemon/core/credentials.c and private-keys.c: the secrets stage refuses,
 * by content, a name picking the formats read; a key told from a mention
 * of one by its body. Keys here are shaped as the formats need (a DER
 * SEQUENCE, openssh-key-v1, a PGP secret key packet) over random bytes;
 * tests/test-credentials-corpus.sh has real keys from openssl, ssh-keygen
 * and gpg. */
#include "tests.h"

#include <nettle/base64.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "credentials.h"
#include "private-keys.h"
#include "util.h"

/* A PEM armour LABEL around n bytes (head first, then filler), base64 in
 * lines of 64 joined by sep, into out. */
static void pem(char *out, size_t size, const char *label, const uint8_t *head, size_t head_n, size_t n,
                const char *sep) {
        uint8_t raw[2048];
        char b64[4096];
        memset(raw, 0x5a, sizeof raw);
        memcpy(raw, head, head_n);
        for (size_t i = head_n; i < n; i++)
                raw[i] = (uint8_t) (i * 37 + 11);
        base64_encode_raw(b64, n, raw);
        b64[BASE64_ENCODE_RAW_LENGTH(n)] = 0;
        size_t k = (size_t) snprintf(out, size, "-----BEGIN %s-----%s", label, sep);
        for (size_t i = 0; i < strlen(b64); i += 64)
                k += (size_t) snprintf(out + k, size - k, "%.64s%s", b64 + i, sep);
        snprintf(out + k, size - k, "-----END %s-----", label);
}

static const uint8_t der[] = {0x30, 0x82, 0x01, 0x3c}; /* SEQUENCE of 316 bytes: 320 in all */
/* openssh-key-v1: cipher and KDF "none", no options, one key: its public
 * half (51 bytes) and its private section (the rest, 136 bytes) */
static const uint8_t openssh[] = "openssh-key-v1\0\0\0\0\4none\0\0\0\4none\0\0\0\0\0\0\0\1\0\0\0\x33"
                                 "\0\0\0\x0bssh-ed25519\0\0\0\040AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\0\0\0\x88";
static const uint8_t pgp[] = {0x95, 0x01, 0x00}; /* old format, tag 5: a secret key */

static void test_private_keys(void **state) {
        (void) state;
        static const char *const labels[] = {"RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY",
                                             "DSA PRIVATE KEY", "ENCRYPTED PRIVATE KEY"};
        static const char *const seps[] = {"\n", "\r\n", "\\n", "\\\\n", "\n    ", "\\n\" +\n    \""};
        char buf[8192], doc[9000];
        for (size_t l = 0; l < ELEMENTSOF(labels); l++)
                for (size_t s = 0; s < ELEMENTSOF(seps); s++) {
                        pem(buf, sizeof buf, labels[l], der, sizeof der, 320, seps[s]);
                        /* where it sits: alone, after KEY=, in a JSON string, in YAML, after text */
                        static const char *const wraps[][2] = {{"", "\n"},
                                                               {"KEY=", "\n"},
                                                               {"{\"private_key\": \"", "\\n\"}\n"},
                                                               {"tls:\n  key: |\n    ", "\n"},
                                                               {"<key>", "</key>"},
                                                               {"\xef\xbb\xbf", ""}};
                        for (size_t w = 0; w < ELEMENTSOF(wraps); w++) {
                                snprintf(doc, sizeof doc, "%s%s%s", wraps[w][0], buf, wraps[w][1]);
                                if (!private_key_in(doc, strlen(doc), false))
                                        fail_msg("%s, sep %zu, wrap %zu: not found:\n%s", labels[l], s, w,
                                                 doc);
                        }
                }
        pem(buf, sizeof buf, "OPENSSH PRIVATE KEY", openssh, sizeof openssh - 1, sizeof openssh - 1 + 136,
            "\n");
        assert_true(private_key_in(buf, strlen(buf), false));
        pem(buf, sizeof buf, "OPENSSH PRIVATE KEY", openssh, sizeof openssh - 1, sizeof openssh - 1 + 100,
            "\n");
        assert_false(private_key_in(buf, strlen(buf), false)); /* its private section cut short */
        pem(buf, sizeof buf, "PGP PRIVATE KEY BLOCK", pgp, sizeof pgp, 300, "\n");
        char armoured[9000];
        int label = (int) (strchr(buf, '\n') + 1 - buf);
        snprintf(armoured, sizeof armoured, "%.*sVersion: GnuPG v2\n\n%s\n=AbCd\n", label, buf, buf + label);
        assert_true(private_key_in(armoured, strlen(armoured), false));
        /* a legacy encrypted key: headers, then ciphertext of a block cipher */
        pem(buf, sizeof buf, "RSA PRIVATE KEY", (const uint8_t *) "\x13\x37", 2, 320, "\n");
        snprintf(armoured, sizeof armoured, "%.*sProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\n%s", 32,
                 buf, buf + 32);
        assert_true(private_key_in(armoured, strlen(armoured), false));
        assert_false(private_key_in(buf, strlen(buf), false)); /* the same bytes, no header: no DER */
        static const char putty[] = "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: k\n"
                                    "Public-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIB\nAAAA\nPrivate-Lines: 1\n"
                                    "AAAAIGZvb2JhcmtleWtleWtleWtleWtleWtleWtleWtleWtl\nPrivate-MAC: 00ff\n";
        assert_true(private_key_in(putty, sizeof putty - 1, false));
        static const char ssh2[] =
                "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: \"k\"\n"
                "P2/"
                "56wAAAI8AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGExfSxlbmNyeXB0e3JzYS1wa2NzMXYyLW9hZXB9fQ==\n"
                "---- END SSH2 ENCRYPTED PRIVATE KEY ----\n";
        assert_true(private_key_in(ssh2, sizeof ssh2 - 1, false));
}

/* Mentions of a key, and keys cut short: no key. */
static void test_mentions(void **state) {
        (void) state;
        char buf[8192];
        static const char *const no[] = {
                "if (strstr(s, \"-----BEGIN RSA PRIVATE KEY-----\"))\n        return KEY;\n",
                "PEM = b\"-----BEGIN PRIVATE KEY-----\"\n",
                "-----BEGIN RSA PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END RSA PRIVATE "
                "KEY-----\n",
                "-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----\n",
                "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n",
                "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE "
                "KEY-----\n",
                "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
                "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----\n",
                "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI user@host\n",
                "a PRIVATE KEY mentioned in prose\n",
                "",
        };
        for (size_t i = 0; i < ELEMENTSOF(no); i++)
                if (private_key_in(no[i], strlen(no[i]), false))
                        fail_msg("taken for a key: %s", no[i]);
        /* random bytes, not a SEQUENCE; a SEQUENCE of another length */
        pem(buf, sizeof buf, "PRIVATE KEY", (const uint8_t *) "\x04\x82", 2, 320, "\n");
        assert_false(private_key_in(buf, strlen(buf), false));
        pem(buf, sizeof buf, "PRIVATE KEY", der, sizeof der, 300, "\n");
        assert_false(private_key_in(buf, strlen(buf), false));
        /* cut: the file goes on past the bytes judged, and the body with it */
        pem(buf, sizeof buf, "PRIVATE KEY", der, sizeof der, 320, "\n");
        assert_false(private_key_in(buf, 200, false));
        assert_true(private_key_in(buf, 200, true));
        assert_true(private_key_in(buf, 14, true)); /* in the armour's label */
        assert_false(private_key_in("-----BEGIN CERTIFICATE-----\nMIIB", 30, true));
}

typedef struct Case {
        const char *path, *text;
        bool secret;
} Case;

static void test_files(void **state) {
        (void) state;
        static const Case cases[] = {
                {".npmrc", "//registry.npmjs.org/:_authToken=npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8\n",
                 true},
                {"web/.npmrc", "_auth=dXNlcjpwYXNzd29yZDEyMw==\nalways-auth=true\n", true},
                {".npmrc", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n", false},
                {".npmrc", "registry=https://registry.npmjs.org/\nsave-exact=true\n", false},
                {".pypirc", "[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmcCJGE4\n", true},
                {".pypirc", "[pypi]\nusername = __token__\npassword = <your token>\n", false},
                {".aws/credentials",
                 "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLX\n"
                 "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLX1\n",
                 true},
                {"home/.aws/credentials", "[default]\naws_access_key_id = AKIAIOSFODNN7ABCDEF\n", false},
                {".kube/config",
                 "apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n"
                 "    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo=\n",
                 true},
                {"deploy/kubeconfig.yaml",
                 "kind: Config\nusers:\n- name: ci\n  user:\n    token: eyJhbGciOiJSUzI1NiIs\n", true},
                {"k8s/cluster.yaml", "kind: Config\nusers:\n- name: ci\n  user:\n    token: \"\"\n", false},
                {".docker/config.json", "{\"auths\": {\"ghcr.io\": {\"auth\": \"dXNlcjpnaHBfYWJjZGVm\"}}}\n",
                 true},
                {".docker/config.json", "{\"credsStore\": \"desktop\", \"auths\": {\"ghcr.io\": {}}}\n",
                 false},
                {"terraform.tfstate",
                 "{\"resources\": [{\"instances\": [{\"attributes\": "
                 "{\"password\": \"Zx9!qLm2#vR7\"}}]}]}\n",
                 true},
                {"infra/terraform.tfstate", "{\"resources\": [{\"attributes\": {\"password\": null}}]}\n",
                 false},
                {".netrc", "machine github.com login u password ghp_abcdefghijklmnop\n", true},
                {"_netrc", "machine example.com login u\n", false},
                {".git-credentials", "https://user:ghp_abcdefghijklmnop@github.com\n", true},
                {".git-credentials", "https://github.com\n", false},
                {".pgpass", "localhost:5432:db:user:s3cretPassw0rd\n", true},
                {".pgpass", "# hostname:port:database:username:password\n", false},
                /* .env files, by what they assign */
                {".env", "DATABASE_URL=postgres://app:hunter2hunter2@db:5432/app\n", true},
                {".env", "STRIPE_SECRET_KEY=sk_live_51HxYzAbCdEf\n", true},
                {".ENV", "export API_TOKEN=\"ghp_1234567890abcdef\"\n", true},
                {".env.example", "SECRET_KEY=sk_live_51HxYzAbCdEf\n", true},
                {".env.local", "OPENAI_API_KEY=sk-proj-abcdefghijkl\n", true},
                {".env.example", "SECRET_KEY=changeme\nAPI_TOKEN=\nPASSWORD=<password>\n", false},
                {".env.development",
                 "API_URL=http://localhost:3000\nDEBUG=1\nAWS_ACCESS_KEY_ID=AKIAEXAMPLE\n", false},
                {".env.test", "SECRET_KEY=test-secret-key\nDATABASE_URL=postgres://localhost/test\n", false},
                {".env", "API_TOKEN=latest-Zk93hQ2v\n",
                 true}, /* a placeholder word inside another is none */
                {".env", "DB_PASSWORD=MyContest2024\n", true},
                {".env", "STRIPE_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc\n", false},
                {".env.vault", "DOTENV_VAULT_DEVELOPMENT=\"R90DmSVfb3RT6lbqxuBr1zBbGlzSRwbs\"\n", false},
                {"web/.env.d.ts", "interface ImportMetaEnv { readonly VITE_API_KEY: string }\n", false},
                {"test_rsa", "import rsa\n\ndef test_rsa():\n    assert rsa.verify(...)\n", false},
                {"README.md", "Set `SECRET_KEY=...` in your .env\n", false},
                {"config.py", "SECRET_KEY = os.environ['SECRET_KEY']\n", false},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                const char *why = credential_secret(cases[i].path, cases[i].text, strlen(cases[i].text),
                                                    strlen(cases[i].text));
                if (!why != !cases[i].secret)
                        fail_msg("%s: %s\n%s", cases[i].path, why ? why : "no secret", cases[i].text);
        }
        /* a key whatever the name, templates included */
        char buf[8192];
        pem(buf, sizeof buf, "PRIVATE KEY", der, sizeof der, 320, "\n");
        static const char *const names[] = {"id_rsa.example", "x.sample", "src/pem.rs", "docs/key.md",
                                            "a.txt"};
        for (size_t i = 0; i < ELEMENTSOF(names); i++)
                assert_non_null(credential_secret(names[i], buf, strlen(buf), strlen(buf)));
        /* PKCS#12: a DER SEQUENCE by the name */
        uint8_t p12[128] = {0x30, 0x82, 0x0a, 0x00};
        assert_non_null(credential_secret("cert.p12", (const char *) p12, sizeof p12, 2564));
        assert_null(
                credential_secret("cert.p12", "not der at all, but text and long enough to look", 48, 48));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_private_keys),
                cmocka_unit_test(test_mentions),
                cmocka_unit_test(test_files),
        };
        return RUN(tests);
}
