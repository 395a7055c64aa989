/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/*
 * Credential files a commit must not add unless the policy names them
 * (stage refuses them). Pure: names and the first bytes of a file. The
 * lists, and where each name comes from, are in doc/host.md ("pathpolicy
 * stage"). path is relative to the worktree; only its last component is
 * looked at for names.
 */

/* A template, let through whatever its name: *.example, *.sample,
 * *.template, *.dist. */
bool credential_template(const char *path);

/* A credential by its name: .env and .env.* at any depth, SSH private keys
 * (id_rsa, id_dsa, id_ecdsa, id_ed25519, and *_rsa, *_dsa, *_ecdsa,
 * *_ed25519), .pgpass, .netrc, _netrc, .git-credentials, *.p12, *.pfx.
 * A template is none. */
bool credential_name(const char *path);

/* How much of a file credential_content() needs: its first bytes. */
#define CREDENTIAL_HEAD_BYTES 8192

/* A private key by its content: a line that starts with "-----BEGIN " and
 * says "PRIVATE KEY" before its closing "-----" (PEM, OpenSSH, PGP), or
 * that starts with "PuTTY-User-Key-File-" or
 * "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----", in the first n bytes. */
bool credential_content(const char *buf, size_t n);
