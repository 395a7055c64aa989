/* SPDX-License-Identifier: MIT */
/*
 * The path a client opens for the path a tool call names (judge-client.h),
 * as strings. It must not touch the disk, nor decide what the path is.
 */
#include "judge-client.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* String.prototype.trim's set (ECMA-262 WhiteSpace and LineTerminator):
 * Unicode's Zs, as JavaScriptCore and V8 have it since Unicode 6.3 (no
 * U+180E), and the ASCII controls and separators the standard names. */
static bool js_space(uint32_t c) {
        return (c >= 0x09 && c <= 0x0d) || c == 0x20 || c == 0xa0 || c == 0x1680 ||
               (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f ||
               c == 0x3000 || c == 0xfeff;
}

/* The code point of the UTF-8 sequence at s (at most n bytes) and its
 * length. What is not UTF-8 (a stray byte, an overlong form, a surrogate)
 * is U+FFFD for its first byte, as a decoder gives JavaScript, and that is
 * no space: a hook's JSON is valid UTF-8 (jansson checks), so this is
 * only never to take a stray 0xa0 for U+00A0. */
static uint32_t utf8_at(const unsigned char *s, size_t n, size_t *ret_len) {
        static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
        size_t len = s[0] < 0x80             ? 1
                     : (s[0] & 0xe0) == 0xc0 ? 2
                     : (s[0] & 0xf0) == 0xe0 ? 3
                     : (s[0] & 0xf8) == 0xf0 ? 4
                                             : 0;
        uint32_t c = len == 1 ? s[0] : len == 2 ? s[0] & 0x1f : len == 3 ? s[0] & 0x0f : s[0] & 0x07;

        *ret_len = 1;
        if (len == 0 || len > n)
                return 0xfffd;
        for (size_t i = 1; i < len; i++) {
                if ((s[i] & 0xc0) != 0x80)
                        return 0xfffd;
                c = c << 6 | (s[i] & 0x3f);
        }
        if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
                return 0xfffd;
        *ret_len = len;
        return c;
}

size_t judge_js_space_at(const char *s, size_t n) {
        size_t len;
        return n > 0 && js_space(utf8_at((const unsigned char *) s, n, &len)) ? len : 0;
}

/* s trimmed as JavaScript trims: *ret_start and *ret_len. */
static void js_trim(const char *s, size_t *ret_start, size_t *ret_len) {
        const unsigned char *u = (const unsigned char *) s;
        size_t a = 0, b = strlen(s), len;

        while (a < b && js_space(utf8_at(u + a, b - a, &len)))
                a += len;
        while (b > a) {
                /* Back to the start of the last sequence: at most 3
                 * continuation bytes. */
                size_t k = b - 1;
                while (k > a && b - k < 4 && (u[k] & 0xc0) == 0x80)
                        k--;
                uint32_t c = utf8_at(u + k, b - k, &len);
                if (k + len != b || !js_space(c))
                        break;
                b = k;
        }
        *ret_start = a;
        *ret_len = b - a;
}

/*
 * path.posix.normalize of the absolute s (n bytes), as node has it: ""
 * and "." components dropped, ".." taking the one before it away (none
 * above "/"), and a trailing '/' kept when keep_trailing (path.resolve
 * drops it). NULL when out of memory.
 */
static char *normalize_abs(const char *s, size_t n, bool keep_trailing) {
        char *o = malloc(n + 2);
        size_t len = 1;
        if (!o)
                return NULL;
        o[0] = '/';
        for (size_t i = 0; i < n;) {
                size_t e = i;
                while (e < n && s[e] != '/')
                        e++;
                size_t k = e - i;
                if (k == 2 && s[i] == '.' && s[i + 1] == '.') {
                        while (len > 1 && o[len - 1] != '/')
                                len--;
                        if (len > 1)
                                len--; /* the '/' before it, but the root's */
                } else if (k > 0 && !(k == 1 && s[i] == '.')) {
                        if (len > 1)
                                o[len++] = '/';
                        memcpy(o + len, s + i, k);
                        len += k;
                }
                i = e + 1;
        }
        if (keep_trailing && n > 0 && s[n - 1] == '/' && len > 1)
                o[len++] = '/';
        o[len] = 0;
        return o;
}

/* a, '/' and b (n bytes) joined and normalized. */
static char *join_normalized(const char *a, const char *b, size_t n, bool keep_trailing) {
        size_t na = strlen(a);
        _cleanup_free_ char *s = malloc(na + n + 2);
        if (!s)
                return NULL;
        memcpy(s, a, na);
        s[na] = '/';
        memcpy(s + na + 1, b, n);
        return normalize_abs(s, na + 1 + n, keep_trailing);
}

int judge_claude_code_path(const char *path, const char *cwd, const char *home, char **ret) {
        size_t a, n;
        char *s;

        js_trim(path, &a, &n);
        const char *p = path + a;
        bool has_home = home && home[0] == '/';

        if (n == 0) /* expandPath: the base directory itself */
                s = normalize_abs(cwd, strlen(cwd), true);
        else if (has_home && n == 1 && p[0] == '~')
                s = strdup(home); /* os.homedir(), not normalized */
        else if (has_home && n >= 2 && p[0] == '~' && p[1] == '/')
                /* path.join(home, REST): an empty REST adds nothing. */
                s = n == 2 ? normalize_abs(home, strlen(home), true)
                           : join_normalized(home, p + 2, n - 2, true);
        else if (p[0] == '/')
                s = normalize_abs(p, n, true);
        else
                s = join_normalized(cwd, p, n, false); /* path.resolve(cwd, p) */
        if (!s)
                return -ENOMEM;
        *ret = s;
        return 0;
}

int judge_nfc_ascii(const char *path, char **ret) {
        static const struct {
                const char *utf8;
                char ascii;
        } singletons[] = {
                {"\xcd\xbe", ';'},     /* U+037E */
                {"\xe1\xbf\xaf", '`'}, /* U+1FEF */
                {"\xe2\x84\xaa", 'K'}, /* U+212A */
        };
        char *s = NULL, *o = NULL;
        for (const char *p = path; *p;) {
                size_t k = 0;
                char c = 0;
                for (size_t i = 0; i < ELEMENTSOF(singletons) && !k; i++)
                        if (strncmp(p, singletons[i].utf8, strlen(singletons[i].utf8)) == 0) {
                                k = strlen(singletons[i].utf8);
                                c = singletons[i].ascii;
                        }
                if (k && !s) {
                        if (!(s = malloc(strlen(path) + 1)))
                                return -ENOMEM;
                        o = mempcpy(s, path, (size_t) (p - path));
                }
                if (s)
                        *o++ = k ? c : *p;
                p += k ? k : 1;
        }
        if (!s)
                return 0;
        *o = 0;
        *ret = s;
        return 1;
}
