/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/*
 * A private key in a file's bytes, wherever it sits (a line of its own,
 * after "KEY=", inside a JSON string with escaped newlines, indented,
 * quoted), told from a mention of one by what a real key needs: a
 * complete body that decodes to the key's format. Pure: bytes in, a
 * verdict out; it knows no path and reads no file.
 */

/* Whether the n bytes at buf hold a private key: PEM (PKCS#1, PKCS#8,
 * SEC1, encrypted PKCS#8, a legacy encrypted key), OpenSSH, PGP, PuTTY or
 * an SSH2 encrypted key, its body complete and of its format. cut: the
 * file goes on past these bytes, so a key whose end is not among them is
 * taken for one (fail safe). */
bool private_key_in(const char *buf, size_t n, bool cut);
