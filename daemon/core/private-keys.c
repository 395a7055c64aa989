/* SPDX-License-Identifier: MIT */
/*
 * A private key in a file's bytes (private-keys.h): the armour found
 * anywhere, the body gathered from whatever holds it, decoded (nettle's
 * base64) and checked against its format. It must not look at names or
 * paths: credentials.c does.
 */
#include "private-keys.h"

#include <nettle/base64.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define BODY_MAX (64 * 1024) /* a larger body is taken for a key */

typedef struct Body {
        uint8_t *v; /* decoded */
        size_t n;
        bool complete;  /* stopped at an end marker or a line that is no body's */
        bool encrypted; /* a legacy PEM header (Proc-Type: 4,ENCRYPTED): its body is ciphertext */
        bool big;
} Body;

static bool b64(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
               c == '/' || c == '=';
}

/* Where the next line of a body ends: a newline, a carriage return, or an
 * escaped one (\n, \r, \\n: a string in source code or JSON). The length
 * of the separator in *ret_sep. */
static const char *line_end(const char *p, const char *e, size_t *ret_sep) {
        for (const char *q = p; q < e; q++) {
                if (*q == '\n' || *q == '\r') {
                        *ret_sep = 1;
                        return q;
                }
                if (*q == '\\') {
                        const char *r = q;
                        while (r < e && *r == '\\')
                                r++;
                        if (r < e && (*r == 'n' || *r == 'r')) {
                                *ret_sep = (size_t) (r + 1 - q);
                                return q;
                        }
                        q = r - 1;
                }
        }
        *ret_sep = 0;
        return e;
}

/* The body after an armour's first line, to its end marker (a line that
 * holds "-----END" or "---- END"), decoded. A line of quotes, blanks and
 * joining ('"', '+', ',') is skipped, as are headers ("Proc-Type: ...",
 * "Comment: ...") and PGP's checksum ("=AbCd"); a line with anything else
 * ends it, as not complete ("MIIEvQ..." in an example). 0, or -ENOMEM. */
static int body_read(const char *p, const char *e, Body *ret) {
        _cleanup_free_ char *text = malloc(BODY_MAX + 1);
        size_t n = 0;
        Body b = {.complete = true};
        if (!text)
                return -ENOMEM;
        for (size_t sep = 0; p < e; p += sep) {
                const char *end = line_end(p, e, &sep), *s = p, *t = end;
                if (!sep && end == e)
                        b.complete = false; /* the bytes end inside the body */
                p = end;
                /* blanks, quotes, and a joining '+' before a quote ("..." + "...") */
                while (s < t && (*s == ' ' || *s == '\t' || *s == '"' || *s == '\'' ||
                                 (*s == '+' && s + 1 < t && (s[1] == ' ' || s[1] == '"' || s[1] == '\''))))
                        s++;
                while (t > s && (t[-1] == ' ' || t[-1] == '\t' || t[-1] == '"' || t[-1] == '\'' ||
                                 t[-1] == ',' || t[-1] == ';' || t[-1] == '\\'))
                        t--;
                if (memmem(s, (size_t) (t - s), "-----END", 8) ||
                    memmem(s, (size_t) (t - s), "---- END", 8)) {
                        b.complete = true;
                        break;
                }
                bool joining = true, body = t > s;
                for (const char *c = s; c < t; c++) {
                        joining = joining && (*c == '+' || *c == ' ');
                        body = body && b64(*c);
                }
                if (t == s || joining)
                        continue;
                const char *colon = memchr(s, ':', (size_t) (t - s));
                if (colon && !body) { /* a header */
                        b.encrypted = b.encrypted || (memmem(s, (size_t) (t - s), "ENCRYPTED", 9) &&
                                                      strncmp(s, "Proc-Type", 9) == 0);
                        continue;
                }
                if (*s == '=' && t - s == 5) /* PGP's checksum */
                        continue;
                if (!body) { /* no body's line: what came before is the body */
                        b.complete = true;
                        break;
                }
                if (n + (size_t) (t - s) > BODY_MAX) {
                        b.big = true;
                        break;
                }
                memcpy(text + n, s, (size_t) (t - s));
                n += (size_t) (t - s);
        }
        struct base64_decode_ctx ctx;
        size_t out = BASE64_DECODE_LENGTH(n) + 1;
        _cleanup_free_ uint8_t *v = malloc(out);
        if (!v)
                return -ENOMEM;
        base64_decode_init(&ctx);
        if (!base64_decode_update(&ctx, &out, v, n, text) || !base64_decode_final(&ctx))
                out = 0; /* no base64: no key's body */
        b.v = TAKE_PTR(v);
        b.n = out;
        *ret = b;
        return 0;
}

/* A DER SEQUENCE that is the whole of v: PKCS#1, PKCS#8, SEC1 and
 * encrypted PKCS#8 keys are one, and no key is under 32 bytes. */
static bool der_sequence(const uint8_t *v, size_t n) {
        if (n < 34 || v[0] != 0x30)
                return false;
        size_t len = 0, head = 2;
        if (v[1] < 0x80)
                len = v[1];
        else if (v[1] >= 0x81 && v[1] <= 0x83) {
                head = 2 + (size_t) (v[1] - 0x80);
                for (size_t i = 2; i < head; i++)
                        len = len << 8 | v[i];
        } else
                return false;
        return len >= 32 && head + len == n;
}

/* openssh-key-v1: the magic, then cipher, KDF and its options (strings),
 * the number of keys, each public key (a string), and the private section
 * (a string): each length within the bytes, the last one ending them but
 * for an AEAD cipher's tag. */
static bool openssh_key(const uint8_t *v, size_t n) {
        static const char magic[] = "openssh-key-v1";
        size_t at = sizeof magic;
        if (n < at + 4 || memcmp(v, magic, sizeof magic) != 0)
                return false;
        for (size_t field = 0;; field++) {
                if (n - at < 4)
                        return false;
                uint32_t len = (uint32_t) v[at] << 24 | (uint32_t) v[at + 1] << 16 |
                               (uint32_t) v[at + 2] << 8 | v[at + 3];
                at += 4;
                if (field == 3) { /* the number of keys: their public halves follow */
                        if (len != 1)
                                return false;
                        continue;
                }
                if (len > n - at)
                        return false;
                at += len;
                if (field == 5) /* an AEAD cipher's tag may follow (aes256-gcm: 16 bytes) */
                        return n - at <= 16 && len >= 32;
        }
}

/* An OpenPGP secret key or subkey packet (tag 5 or 7), its length within
 * the bytes (RFC 4880 4.2: old and new formats). */
static bool pgp_secret_key(const uint8_t *v, size_t n) {
        if (n < 6 || !(v[0] & 0x80))
                return false;
        size_t len, head;
        unsigned tag;
        if (v[0] & 0x40) { /* new format */
                tag = v[0] & 0x3f;
                if (v[1] < 192)
                        len = v[1], head = 2;
                else if (v[1] < 224)
                        len = ((size_t) (v[1] - 192) << 8) + v[2] + 192, head = 3;
                else if (v[1] == 255)
                        len = (size_t) v[2] << 24 | (size_t) v[3] << 16 | (size_t) v[4] << 8 | v[5],
                        head = 6;
                else
                        return false;
        } else {
                tag = (v[0] >> 2) & 0x0f;
                unsigned type = v[0] & 3;
                if (type == 0)
                        len = v[1], head = 2;
                else if (type == 1)
                        len = (size_t) v[1] << 8 | v[2], head = 3;
                else if (type == 2)
                        len = (size_t) v[1] << 24 | (size_t) v[2] << 16 | (size_t) v[3] << 8 | v[4],
                        head = 5;
                else
                        return false;
        }
        return (tag == 5 || tag == 7) && len >= 32 && head + len <= n;
}

/* Does the armour label (BEGIN's, to its dashes) with this body make a key? */
static bool pem_key(const char *label, size_t label_n, const Body *b) {
        if (memmem(label, label_n, "OPENSSH PRIVATE KEY", 19))
                return openssh_key(b->v, b->n);
        if (memmem(label, label_n, "PGP PRIVATE KEY BLOCK", 21))
                return pgp_secret_key(b->v, b->n);
        if (b->encrypted) /* ciphertext of a block cipher */
                return b->n >= 64 && b->n % 8 == 0;
        return der_sequence(b->v, b->n);
}

static bool pem_in(const char *buf, size_t n, bool cut);

/* A PEM file base64-encoded whole (a Kubernetes secret's tls.key, a
 * kubeconfig's client-key-data, KEY_B64=...): "-----BEGIN" is
 * "LS0tLS1CRUdJTi" in base64; the run of base64 from there decoded and
 * read as a file of its own. */
static bool encoded_pem_in(const char *buf, size_t n, bool cut) {
        static const char marker[] = "LS0tLS1CRUdJTi";
        const char *e = buf + n;
        const char *run_end = NULL; /* the base64 run the last marker was in */
        bool aligned[4] = {false};  /* the marker offsets mod 4 decoded in it */
        for (const char *p = memmem(buf, n, marker, sizeof marker - 1), *run = NULL; p;
             p = p + 1 < e ? memmem(p + 1, (size_t) (e - p - 1), marker, sizeof marker - 1) : NULL) {
                /* In one run, a later marker at an offset already decoded is a
                 * suffix of that decoding, which pem_in() searched whole: four
                 * decodings a run at most, however many markers it holds. */
                if (p >= run_end || !run) {
                        run = p;
                        memset(aligned, 0, sizeof aligned);
                        for (run_end = p; run_end < e && b64(*run_end); run_end++)
                                ;
                }
                if (aligned[(p - run) % 4])
                        continue;
                aligned[(p - run) % 4] = true;
                const char *q = run_end;
                size_t len = (size_t) (q - p), out = BASE64_DECODE_LENGTH(len) + 1;
                if (q == e && cut)
                        return true; /* cut inside it: taken for a key */
                _cleanup_free_ uint8_t *v = malloc(out);
                struct base64_decode_ctx ctx;
                if (!v)
                        return true;
                base64_decode_init(&ctx);
                if (base64_decode_update(&ctx, &out, v, len, p) && base64_decode_final(&ctx) &&
                    pem_in((const char *) v, out, false))
                        return true;
        }
        return false;
}

bool private_key_in(const char *buf, size_t n, bool cut) {
        return pem_in(buf, n, cut) || encoded_pem_in(buf, n, cut);
}

static bool pem_in(const char *buf, size_t n, bool cut) {
        static const char begin[] = "-----BEGIN ", ssh2[] = "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----",
                          putty[] = "PuTTY-User-Key-File-";
        const char *e = buf + n;
        /* each marker's next place, looked for again only once passed: a
         * file of many markers is one scan for each kind, not one a marker */
        const char *a = NULL, *s = NULL, *t = NULL;
        bool a_done = false, s_done = false, t_done = false;
        for (const char *p = buf; p < e;) {
                if (!a_done && (!a || a < p) && !(a = memmem(p, (size_t) (e - p), begin, sizeof begin - 1)))
                        a_done = true;
                if (!s_done && (!s || s < p) && !(s = memmem(p, (size_t) (e - p), ssh2, sizeof ssh2 - 1)))
                        s_done = true;
                if (!t_done && (!t || t < p) && !(t = memmem(p, (size_t) (e - p), putty, sizeof putty - 1)))
                        t_done = true;
                const char *first = a;
                if (!first || (s && s < first))
                        first = s;
                if (!first || (t && t < first))
                        first = t;
                if (!first)
                        return false;
                const char *label = first + (first == a ? sizeof begin - 1 : 0);
                const char *dashes = first == a ? memmem(label, (size_t) (e - label), "-----", 5) : NULL;
                p = first + 1;
                if (first == a &&
                    (!dashes || !memmem(label, (size_t) (dashes - label), "PRIVATE KEY", 11))) {
                        if (!dashes && cut)
                                return true; /* the label is cut off */
                        continue;
                }
                const char *from = first == a ? dashes + 5 : first == s ? first + sizeof ssh2 - 1 : NULL;
                if (first == t) { /* PuTTY: the lines after "Private-Lines: N" */
                        const char *pl = memmem(first, (size_t) (e - first), "Private-Lines:", 14);
                        if (!pl)
                                return cut;
                        from = memchr(pl, '\n', (size_t) (e - pl));
                        if (!from)
                                return cut;
                }
                Body b = {0};
                if (body_read(from, e, &b) < 0)
                        return true; /* out of memory: taken for a key */
                bool key = b.big || (!b.complete && cut) ||
                           (first == a   ? pem_key(label, (size_t) (dashes - label), &b)
                            : first == s ? b.n >= 32 && memcmp(b.v, "\x3f\x6f\xf9\xeb", 4) == 0
                                         : b.n >= 16);
                free(b.v);
                if (key)
                        return true;
        }
        return false;
}
