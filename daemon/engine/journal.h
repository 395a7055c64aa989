/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>

/*
 * The journald sink, an optional integration: journal.c with libsystemd,
 * journal-none.c without (meson picks one).
 */

/* Whether stderr is connected to the journal (systemd sets JOURNAL_STREAM
 * to the device and inode of that stream), so records should go to the
 * journal as fields rather than to stderr as text. */
bool journal_is_stderr(void);

/* Send one record: fields are "NAME=value" strings, NULL-terminated.
 * Returns 0 or -errno; -ENOSYS without libsystemd. */
int journal_send(char **fields);
