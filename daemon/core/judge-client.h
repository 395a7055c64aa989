/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

/*
 * What a client does to a tool's path before it opens it, as strings
 * only: the kernel's walk of the result is the engine's
 * (daemon/engine/judge-run.c). It must not touch the disk.
 *
 * Claude Code, as its published package 2.1.332 does it (expandPath, the
 * minified t2o that Read, Write, Edit and NotebookEdit call through Ik, and
 * Grep's path through Pt), on Linux:
 *   - the string is trimmed as String.prototype.trim trims it (JavaScript's
 *     WhiteSpace and LineTerminator: tab, LF, VT, FF, CR, space, U+00A0,
 *     U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000,
 *     U+FEFF), nothing else;
 *   - what is left empty is the working directory, normalized;
 *   - "~" alone is the home directory as os.homedir() gives it, untouched;
 *     "~/REST" is path.join(home, REST), so normalized; "~user" is not
 *     expanded (a relative path like any other);
 *   - an absolute path is path.normalize()d: "." and ".." removed by name,
 *     "//" folded, a trailing '/' kept, so "/w/l/../.env" is "/w/.env"
 *     whatever l is;
 *   - a relative one is path.resolve(cwd, it): the same, joined to the
 *     working directory, and with no trailing '/'.
 * 2.1.0 does the same; the releases between (to 2.1.112, the last with a
 * cli.js) also NFC-normalized the result, which this does not.
 */

/*
 * The path Claude Code opens for path as the model wrote it. cwd: the
 * call's working directory, absolute. home: "~"'s expansion (NULL or not
 * absolute: "~" is left as written, so the path is taken as relative).
 * 0 with *ret a new string, -ENOMEM; *ret untouched on failure.
 */
int judge_claude_code_path(const char *path, const char *cwd, const char *home, char **ret);

/* The length of the JavaScript white space (String.prototype.trim's, and
 * /\s/'s: the same set) at s, n bytes at most; 0 when s holds none there. */
size_t judge_js_space_at(const char *s, size_t n);

/*
 * The reference MCP filesystem server (@modelcontextprotocol/
 * server-filesystem, its lib.ts resolveUnicodeEquivalentPath) opens a
 * path that does not exist as written through the directory entries whose
 * names are the same in NFC: "\u212AEY" opens KEY. Of all of Unicode, three
 * code points are ASCII in NFC (singleton decompositions): U+037E GREEK
 * QUESTION MARK is ';', U+1FEF GREEK VARIA is '`', U+212A KELVIN SIGN is
 * 'K'; any other non-ASCII stays non-ASCII. So a name all ASCII (every
 * entry of a policy written in ASCII) is reached only through those: path
 * with them written as ASCII. 1 with *ret a new string, 0 when path holds
 * none (*ret untouched), -ENOMEM.
 */
int judge_nfc_ascii(const char *path, char **ret);
