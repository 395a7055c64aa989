/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Credential files a commit must not add unless the policy names them or
 * the operator allows them (stage refuses them). Decided by content: a name
 * only picks which formats are read, and a template's name (.env.example)
 * is no exception. Pure: a path and a file's bytes. What is refused and
 * what is let through is in doc/host.md ("pathpolicy stage").
 */

/* How much of a file credential_secret() needs: its first bytes (a file
 * that goes on past them and has a key's armour cut there is taken for
 * one). */
#define CREDENTIAL_HEAD_BYTES (1024 * 1024)

/*
 * The secret a file holds, or NULL: a private key anywhere in it (PEM,
 * OpenSSH, PGP, PuTTY, SSH2; a complete body of its format, not a mention:
 * private-keys.h), or, by its name (either case; path relative to the
 * worktree), a token of its format: .npmrc's _authToken, _auth, _password;
 * .pypirc's password; .aws/credentials' secret keys; a kubeconfig's
 * client-key-data, token, password; .docker/config.json's auths;
 * *.tfstate's passwords, keys and tokens; .netrc's password;
 * .git-credentials' URLs with a password; .pgpass's; a PKCS#12 bundle
 * (*.p12, *.pfx); and a .env file's (.env, .env.NAME: not .env.vault, nor
 * code such as .env.d.ts) assignment of a secret (a name with SECRET,
 * TOKEN, PASSWORD, KEY, ... and a real value; a URL with a password). A
 * value that stands for none (empty, $VAR, <...>, xxxx, "changeme",
 * "example", "test", under 6 bytes) is none. buf: the first n bytes of the
 * size the file has.
 */
const char *credential_secret(const char *path, const char *buf, size_t n, uint64_t size);
