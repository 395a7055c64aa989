/* SPDX-License-Identifier: MIT */
/*
 * The code points a case-insensitive directory folds to ASCII
 * (case-fold.h). It must not ask the disk whether a directory folds.
 */
#include "case-fold.h"

#include <string.h>

#include "util.h"

/* UTF-8, and what Unicode's NFD and full case folding make of it. From
 * CaseFolding.txt (status C and F, as Linux's utf8data takes them) and
 * UnicodeData.txt's singleton decompositions, every code point whose
 * folding is ASCII letters alone (case-fold.h says which are left out). */
static const struct {
        const char *utf8, *ascii;
} specials[] = {
        {"\xc3\x9f", "ss"},     /* U+00DF LATIN SMALL LETTER SHARP S */
        {"\xc5\xbf", "s"},      /* U+017F LATIN SMALL LETTER LONG S */
        {"\xe1\xba\x9e", "ss"}, /* U+1E9E LATIN CAPITAL LETTER SHARP S */
        {"\xe2\x84\xaa", "k"},  /* U+212A KELVIN SIGN */
        {"\xef\xac\x80", "ff"}, /* U+FB00..U+FB06: the Latin ligatures */
        {"\xef\xac\x81", "fi"},  {"\xef\xac\x82", "fl"}, {"\xef\xac\x83", "ffi"},
        {"\xef\xac\x84", "ffl"}, {"\xef\xac\x85", "st"}, {"\xef\xac\x86", "st"},
};

/* The entry at s[0..n), or -1. Each starts with a byte >= 0xc3. */
static int special_at(const char *s, size_t n) {
        if ((unsigned char) s[0] < 0xc3)
                return -1;
        for (size_t i = 0; i < ELEMENTSOF(specials); i++) {
                size_t k = strlen(specials[i].utf8);
                if (k <= n && memcmp(s, specials[i].utf8, k) == 0)
                        return (int) i;
        }
        return -1;
}

size_t case_fold_special(const char *s, size_t n, const char **ret_ascii) {
        int k = n > 0 ? special_at(s, n) : -1;
        if (k < 0)
                return 0;
        *ret_ascii = specials[k].ascii;
        return strlen(specials[k].utf8);
}

bool case_fold_has_specials(const char *s, size_t n) {
        for (size_t i = 0; i < n; i++)
                if (special_at(s + i, n - i) >= 0)
                        return true;
        return false;
}

size_t case_fold_specials(char *s, size_t n) {
        size_t o = 0;
        for (size_t i = 0; i < n;) {
                int k = special_at(s + i, n - i);
                if (k < 0) {
                        s[o++] = s[i++];
                        continue;
                }
                /* Never longer: each ASCII is at most as long as its UTF-8. */
                size_t a = strlen(specials[k].ascii);
                memmove(s + o, specials[k].ascii, a);
                o += a;
                i += strlen(specials[k].utf8);
        }
        if (o < n)
                s[o] = 0;
        return o;
}
