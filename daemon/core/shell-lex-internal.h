/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * What the lexer's files share (shell-lex.c, shell-ansi-c.c); nothing
 * outside the lexer includes it.
 */

#include <stddef.h>

#include "shell-lex.h"

/* $'...' from s[*i] (its quote): bash's ANSI-C escapes decoded onto w,
 * *i past the closing quote. 0, -EINVAL with no closing quote, -ENOMEM. */
int shell_lex_ansi_c(const char *s, size_t n, size_t *i, ShellWord *w);
