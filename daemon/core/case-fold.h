/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/*
 * Names in a case-insensitive directory, as the kernel compares them, as far
 * as the policy's names need it: judge and check-command fold a name this way
 * when, and only when, the filesystem says its directory folds
 * (platform_case_insensitive(), asked by the engine; the answer reaches the
 * core as a flag per policy entry). Pure: it must not ask the disk.
 *
 * Linux's casefold (ext4, f2fs, tmpfs) compares names in NFD with Unicode's
 * full case folding; macOS's APFS and HFS+ fold too. Both fold ASCII letters,
 * which is what the policy's names are made of. A few other code points fold
 * to ASCII, so that a name written with them opens an ASCII one:
 * U+212A KELVIN SIGN is "k", U+017F LONG S "s", U+00DF and U+1E9E "ss", the
 * ligatures U+FB00..U+FB06 "ff", "fi", "fl", "ffi", "ffl", "st", "st": all
 * letters. case_fold_specials() writes those as their ASCII; then ASCII
 * letters compare in either case. (U+037E and U+1FEF decompose to ';' and
 * '`': not letters, and a command line with them as those would parse as
 * another; a policy name holding ';' or '`' is found as written only.) Any other
 * non-ASCII byte is compared as it is: a policy path holding a non-ASCII
 * letter (an "Ü") is found as written, in that case only (doc/runner.md).
 */

/* s[0..n) with each code point above folded to its ASCII, in place (never
 * longer): the new length. */
size_t case_fold_specials(char *s, size_t n);

/* The one that starts s[0..n): the bytes it takes, its ASCII in *ret_ascii
 * (static); 0 when none does. */
size_t case_fold_special(const char *s, size_t n, const char **ret_ascii);

/* Does s[0..n) hold one of them? */
bool case_fold_has_specials(const char *s, size_t n);
