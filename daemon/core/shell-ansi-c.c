/* SPDX-License-Identifier: MIT */
/*
 * bash's $'...' strings for the lexer (shell-lex-internal.h): the ANSI-C
 * escapes decoded into a word's bytes as bash makes them (\x, \u, \U to
 * UTF-8, octal, \c control characters). It decodes; it does not judge.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shell-lex-internal.h"
#include "shell-lex.h"

static int hexval(char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
}

static int put_utf8(ShellWord *w, uint32_t cp) {
        uint8_t b[4];
        size_t k;
        if (cp < 0x80) {
                b[0] = (uint8_t) cp;
                k = 1;
        } else if (cp < 0x800) {
                b[0] = (uint8_t) (0xc0 | cp >> 6);
                b[1] = (uint8_t) (0x80 | (cp & 0x3f));
                k = 2;
        } else if (cp < 0x10000) {
                b[0] = (uint8_t) (0xe0 | cp >> 12);
                b[1] = (uint8_t) (0x80 | ((cp >> 6) & 0x3f));
                b[2] = (uint8_t) (0x80 | (cp & 0x3f));
                k = 3;
        } else {
                b[0] = (uint8_t) (0xf0 | (cp >> 18 & 0x07));
                b[1] = (uint8_t) (0x80 | ((cp >> 12) & 0x3f));
                b[2] = (uint8_t) (0x80 | ((cp >> 6) & 0x3f));
                b[3] = (uint8_t) (0x80 | (cp & 0x3f));
                k = 4;
        }
        for (size_t i = 0; i < k; i++)
                if (shell_word_put(w, SHELL_LIT, b[i]) < 0)
                        return -ENOMEM;
        return 0;
}

/* $'...' from s[*i] (its quote): bash's ANSI-C escapes, decoded. */
int shell_lex_ansi_c(const char *s, size_t n, size_t *i, ShellWord *w) {
        size_t j = *i + 1;
        int r;
        while (j < n && s[j] != '\'') {
                uint32_t v = (uint8_t) s[j];
                if (s[j] != '\\' || j + 1 >= n) {
                        j++;
                } else {
                        char e = s[j + 1];
                        j += 2;
                        static const char from[] = "abefnrtv\\'\"?E", to[] = "\a\b\x1b\f\n\r\t\v\\'\"?\x1b";
                        const char *k = strchr(from, e);
                        if (e == 'x' && j < n && s[j] == '{') { /* bash 5.2: \x{HH...}, the low byte */
                                size_t q = j + 1;
                                v = 0;
                                while (q < n && hexval(s[q]) >= 0)
                                        v = (v * 16 + (uint32_t) hexval(s[q++])) & 0xff;
                                if (q < n && s[q] == '}') {
                                        j = q + 1;
                                        if (v == 0)
                                                break;
                                        if ((r = shell_word_put(w, SHELL_LIT, (uint8_t) v)) < 0)
                                                return r;
                                        continue;
                                }
                                v = 0; /* no '}': as bash, \x with no digit */
                        }
                        if (e == 'x' || e == 'u' || e == 'U') {
                                size_t max = e == 'x' ? 2 : e == 'u' ? 4 : 8, d = 0;
                                v = 0;
                                for (; d < max && j < n && hexval(s[j]) >= 0; d++, j++)
                                        v = v * 16 + (uint32_t) hexval(s[j]);
                                if (d == 0) { /* not an escape: the backslash and the letter */
                                        if ((r = shell_word_put(w, SHELL_LIT, '\\')) < 0)
                                                return r;
                                        v = (uint8_t) e;
                                } else if (e != 'x') {
                                        if ((r = put_utf8(w, v > 0x10ffff ? 0xfffd : v)) < 0)
                                                return r;
                                        continue;
                                }
                        } else if (e >= '0' && e <= '7') {
                                v = (uint32_t) (e - '0');
                                for (size_t d = 1; d < 3 && j < n && s[j] >= '0' && s[j] <= '7'; d++, j++)
                                        v = v * 8 + (uint32_t) (s[j] - '0');
                        } else if (e == 'c' && j < n) {
                                v = (uint8_t) s[j++] & 0x1f;
                        } else if (k && e) {
                                v = (uint8_t) to[k - from];
                        } else { /* unknown: kept as written */
                                if ((r = shell_word_put(w, SHELL_LIT, '\\')) < 0)
                                        return r;
                                v = (uint8_t) e;
                        }
                        if (v == 0)
                                break; /* bash ends the string at a NUL */
                }
                if ((r = shell_word_put(w, SHELL_LIT, (uint8_t) v)) < 0)
                        return r;
        }
        while (j < n && s[j] != '\'') /* after an escaped NUL: dropped */
                j += s[j] == '\\' ? 2 : 1;
        if (j >= n)
                return -EINVAL;
        *i = j + 1;
        w->quoted = true;
        return 0;
}
