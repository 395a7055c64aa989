/* SPDX-License-Identifier: MIT */
/*
 * The escapes of sed's and perl's programs (command-internal.h), decoded as
 * GNU sed and perl decode them: \xHH, \oNNN, \dNNN, \cX, perl's \x{..},
 * \o{..}, \NNN, \N{NAME}; and a text with them decoded both ways, for what
 * a program not modelled may put in. It must not parse a program:
 * command-sed.c does.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

/* The digits of a number escape at p in base b, at most max: its value
 * in *v, the count. */
static size_t digits(const char *p, int b, size_t max, unsigned *v) {
        size_t i = 0;
        for (*v = 0; i < max && p[i]; i++) {
                int d = isdigit((unsigned char) p[i]) ? p[i] - '0'
                        : b == 16 && isxdigit((unsigned char) p[i])
                                ? tolower((unsigned char) p[i]) - 'a' + 10
                                : 99;
                if (d >= b)
                        break;
                *v = *v * (unsigned) b + (unsigned) d;
        }
        return i;
}

size_t sed_escape(const char *p, char *ret) {
        static const char names[] = "afnrtv", values[] = "\a\f\n\r\t\v";
        unsigned v = 0;
        size_t len = 0;
        if (*p == 'x' || *p == 'o' || *p == 'd') { /* \xHH, \oNNN, \dNNN */
                len = digits(p + 1, *p == 'x' ? 16 : *p == 'o' ? 8 : 10, *p == 'x' ? 2 : 3, &v);
                if (len > 0) {
                        *ret = (char) v;
                        return len + 1;
                }
        }
        if (*p == 'c' && p[1]) { /* \cX: control-X */
                *ret = (char) (toupper((unsigned char) p[1]) ^ 0x40);
                return 2;
        }
        const char *at = *p ? strchr(names, *p) : NULL;
        *ret = at ? values[at - names] : *p;
        return *p ? 1 : 0;
}

/* perl's named character \N{NAME} (NAME of len) as a byte into *ret:
 * U+HEX below 0x80, LATIN SMALL or CAPITAL LETTER X, DIGIT NAME, SPACE,
 * the short latin:x; false for any other (charnames has them all). */
bool sed_perl_named(const char *name, size_t len, char *ret) {
        static const char *const digits_[] = {"ZERO", "ONE", "TWO",   "THREE", "FOUR",
                                              "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"};
        unsigned v = 0;
        if (len > 2 && strncmp(name, "U+", 2) == 0 && digits(name + 2, 16, 8, &v) == len - 2 && v < 0x80) {
                *ret = (char) v;
                return true;
        }
        for (int small = 0; small < 2; small++) {
                const char *lead = small ? "LATIN SMALL LETTER " : "LATIN CAPITAL LETTER ";
                size_t n = strlen(lead);
                if (len == n + 1 && strncmp(name, lead, n) == 0 && isupper((unsigned char) name[n])) {
                        *ret = small ? (char) tolower((unsigned char) name[n]) : name[n];
                        return true;
                }
        }
        if (len == 7 && strncasecmp(name, "latin:", 6) == 0 && isalpha((unsigned char) name[6])) {
                *ret = name[6];
                return true;
        }
        for (size_t d = 0; d < ELEMENTSOF(digits_); d++)
                if (len == 6 + strlen(digits_[d]) && strncmp(name, "DIGIT ", 6) == 0 &&
                    strncmp(name + 6, digits_[d], len - 6) == 0) {
                        *ret = (char) ('0' + d);
                        return true;
                }
        *ret = ' ';
        return len == 5 && strncmp(name, "SPACE", 5) == 0;
}

/* perl's escape after a backslash at p in a replacement (\xHH, \x{H..},
 * \NNN, \o{N..}, \N{NAME}, \e, \n, \t, ...) into *ret: the characters
 * it takes (a name sed_perl_named does not know: a blank). */
size_t sed_perl_escape(const char *p, char *ret) {
        unsigned v = 0;
        size_t len;
        const char *close = *p == 'N' && p[1] == '{' ? strchr(p + 2, '}') : NULL;
        if (close) {
                sed_perl_named(p + 2, (size_t) (close - p - 2), ret);
                return (size_t) (close - p) + 1;
        }
        if ((*p == 'x' || *p == 'o') && p[1] == '{') {
                len = digits(p + 2, *p == 'x' ? 16 : 8, 8, &v);
                *ret = (char) v;
                return 2 + len + (p[2 + len] == '}');
        }
        if (*p == 'x') {
                len = digits(p + 1, 16, 2, &v);
                *ret = (char) v;
                return 1 + len;
        }
        if (*p >= '0' && *p <= '7' && ((len = digits(p, 8, 3, &v)) > 1 || *p == '0')) { /* \0: a NUL */
                *ret = (char) v;
                return len;
        }
        if (*p == 'e' || *p == 'b') {
                *ret = *p == 'e' ? '\033' : '\b';
                return 1;
        }
        return *p == 'd' || *p == 'o' ? (*ret = *p, 1) : sed_escape(p, ret);
}

int sed_decoded(const char *s, size_t n, char **ret) {
        char *o = malloc(2 * n + 3), *q = o;
        if (!o)
                return -ENOMEM;
        for (int perl = 0; perl < 2; perl++) {
                for (size_t i = 0; i < n;) {
                        char c = s[i];
                        if (c == '\\' && i + 1 < n && s[i + 1]) {
                                size_t len =
                                        perl ? sed_perl_escape(s + i + 1, &c) : sed_escape(s + i + 1, &c);
                                i += 1 + (len ? len : 1);
                        } else
                                i++;
                        *q++ = c ? c : ' ';
                }
                *q++ = '\n';
        }
        *q = 0;
        *ret = o;
        return 0;
}
