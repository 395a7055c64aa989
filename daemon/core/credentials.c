/* SPDX-License-Identifier: MIT */
/*
 * Credential files by content (credentials.h): a private key anywhere
 * (private-keys.c), and the tokens the common credential files hold, the
 * file's name picking which formats are read. It must not decide by a name
 * alone, nor read a file: the caller hands it the bytes.
 */
#include "credentials.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "private-keys.h"
#include "util.h"

static const char *base(const char *path) {
        const char *s = strrchr(path, '/');
        return s ? s + 1 : path;
}

static bool ends_with_fold(const char *s, const char *suffix) {
        size_t n = strlen(s), k = strlen(suffix);
        return n >= k && strcasecmp(s + n - k, suffix) == 0;
}

/* The path is dir/name at any depth (".aws/credentials"), either case. */
static bool path_is(const char *path, const char *tail) {
        size_t n = strlen(path), k = strlen(tail);
        return n >= k && strcasecmp(path + n - k, tail) == 0 && (n == k || path[n - k - 1] == '/');
}

/* One line of buf at a time: [*p, *ret_end) after it returns true. */
static bool next_line(const char **p, const char *e, const char **ret_start, const char **ret_end) {
        if (*p >= e)
                return false;
        const char *nl = memchr(*p, '\n', (size_t) (e - *p));
        *ret_start = *p;
        *ret_end = nl ? nl : e;
        *p = nl ? nl + 1 : e;
        return true;
}

static void trim(const char **s, const char **t) {
        while (*s < *t && (isspace((unsigned char) **s) || **s == '"' || **s == '\''))
                (*s)++;
        while (*t > *s &&
               (isspace((unsigned char) (*t)[-1]) || (*t)[-1] == '"' || (*t)[-1] == '\'' || (*t)[-1] == ','))
                (*t)--;
}

/* A value that stands for none: empty, a variable ($X, ${X}, %(x)s), an
 * angle-bracketed or starred placeholder, one character repeated, or a
 * word that says it is an example. */
static bool placeholder(const char *s, const char *t) {
        static const char *const words[] = {"example",     "changeme", "change_me", "change-me",   "your",
                                            "placeholder", "dummy",    "replace",   "todo",        "fixme",
                                            "redacted",    "test",     "xxxx",      "secret_here", NULL};
        trim(&s, &t);
        size_t n = (size_t) (t - s);
        if (n < 6 || *s == '$' || *s == '<' || *s == '%' || *s == '{' || *s == '*')
                return true;
        bool same = true;
        for (const char *c = s + 1; c < t; c++)
                same = same && *c == *s;
        if (same)
                return true;
        char low[256];
        snprintf(low, sizeof low, "%.*s", (int) (n < 255 ? n : 255), s);
        for (char *c = low; *c; c++)
                *c = (char) tolower((unsigned char) *c);
        /* a word of its own (test-secret, sk_test_x, your_api_key), not
         * inside another (latest, contest: a real value may hold those) */
        for (const char *const *w = words; *w; w++)
                for (const char *f = strstr(low, *w); f; f = strstr(f + 1, *w)) {
                        const char *after = f + strlen(*w);
                        if ((f == low || !isalnum((unsigned char) f[-1])) &&
                            !isalpha((unsigned char) *after))
                                return true;
                }
        return false;
}

/* KEY sep VALUE lines (sep '=' or ':'), keys compared in either case,
 * after any "prefix:" (npm's //registry/:_authToken): a key of the list
 * with a real value. */
static bool key_valued(const char *buf, size_t n, char sep, const char *const *keys) {
        const char *p = buf, *e = buf + n, *s, *t;
        while (next_line(&p, e, &s, &t)) {
                const char *eq = memchr(s, sep, (size_t) (t - s));
                if (!eq)
                        continue;
                const char *k = s, *ke = eq;
                trim(&k, &ke);
                if (ke > k && strncasecmp(k, "export ", 7) == 0)
                        k += 7;
                for (const char *c = ke; c > k; c--)
                        if (c[-1] == ':' && sep == '=') { /* //registry.npmjs.org/:_authToken */
                                k = c;
                                break;
                        }
                for (const char *const *key = keys; *key; key++)
                        if ((size_t) (ke - k) == strlen(*key) &&
                            strncasecmp(k, *key, (size_t) (ke - k)) == 0 && !placeholder(eq + 1, t))
                                return true;
        }
        return false;
}

/* JSON: a "key" of the list (quotes included) with a string value that
 * is a real one, wherever it sits in the text. */
static bool json_valued(const char *buf, size_t n, const char *const *keys) {
        const char *e = buf + n;
        for (const char *const *key = keys; *key; key++)
                for (const char *p = memmem(buf, n, *key, strlen(*key)); p;
                     p = memmem(p + 1, (size_t) (e - p - 1), *key, strlen(*key))) {
                        const char *v = p + strlen(*key);
                        while (v < e && isspace((unsigned char) *v))
                                v++;
                        if (v >= e || *v != ':')
                                continue;
                        for (v++; v < e && isspace((unsigned char) *v); v++)
                                ;
                        if (v >= e || *v != '"')
                                continue;
                        const char *end = v + 1;
                        while (end < e && *end != '"')
                                end += *end == '\\' ? 2 : 1;
                        if (end <= e && !placeholder(v + 1, end < e ? end : e))
                                return true;
                }
        return false;
}

/* "scheme://user:password@host" with a password, anywhere in the line. */
static bool url_password(const char *s, const char *t) {
        for (const char *c = s; c + 3 < t; c++) {
                if (memcmp(c, "://", 3) != 0)
                        continue;
                const char *u = c + 3, *at = memchr(u, '@', (size_t) (t - u));
                const char *colon = at ? memchr(u, ':', (size_t) (at - u)) : NULL;
                const char *slash = at ? memchr(u, '/', (size_t) (at - u)) : NULL;
                if (colon && !slash && at - colon > 1 && !placeholder(colon + 1, at))
                        return true;
        }
        return false;
}

/* A .env file's assignment of a secret: a name that says so (SECRET,
 * TOKEN, PASSWORD, ..._KEY, but not ..._KEY_ID, ..._URL, PUBLIC_...) with
 * a real value, or a value that is a URL with a password. */
static bool env_secret(const char *buf, size_t n) {
        static const char *const secret[] = {"SECRET", "TOKEN",       "PASSWORD",   "PASSWD",
                                             "PASS",   "PWD",         "KEY",        "APIKEY",
                                             "AUTH",   "CREDENTIALS", "CREDENTIAL", NULL};
        static const char *const not_secret[] = {
                "ID",   "URL",      "URI",    "PATH",   "FILE",        "NAME",   "USER", "HOST", "PORT",
                "TYPE", "ENDPOINT", "REGION", "PUBLIC", "PUBLISHABLE", "LENGTH", "SIZE", NULL};
        const char *p = buf, *e = buf + n, *s, *t;
        while (next_line(&p, e, &s, &t)) {
                const char *eq = memchr(s, '=', (size_t) (t - s));
                if (!eq || *s == '#')
                        continue;
                if (url_password(eq + 1, t))
                        return true;
                if (placeholder(eq + 1, t))
                        continue;
                char key[128];
                const char *k = s, *ke = eq;
                trim(&k, &ke);
                if (ke - k > 7 && strncasecmp(k, "export ", 7) == 0)
                        k += 7;
                snprintf(key, sizeof key, "%.*s", (int) (ke - k < 127 ? ke - k : 127), k);
                bool is = false, is_not = false;
                for (char *save = NULL, *w = strtok_r(key, "_-.", &save); w;
                     w = strtok_r(NULL, "_-.", &save)) {
                        for (char *c = w; *c; c++)
                                *c = (char) toupper((unsigned char) *c);
                        is = is || streq_any(w, secret);
                        is_not = is_not || streq_any(w, not_secret);
                }
                if (is && !is_not)
                        return true;
        }
        return false;
}

/* A .env file: .env, .env.NAME (not the encrypted .env.vault, nor code
 * such as .env.d.ts), either case. */
static bool env_name(const char *b) {
        static const char *const code[] = {".ts", ".js", ".mjs", ".cjs",  ".py",
                                           ".rb", ".go", ".rs",  ".java", NULL};
        if (strcasecmp(b, ".env") == 0)
                return true;
        if (strncasecmp(b, ".env.", 5) != 0 || !b[5] || strcasecmp(b, ".env.vault") == 0)
                return false;
        for (const char *const *c = code; *c; c++)
                if (ends_with_fold(b, *c))
                        return false;
        return true;
}

const char *credential_secret(const char *path, const char *buf, size_t n, uint64_t size) {
        static const char *const npm[] = {"_authToken", "_auth", "_password", NULL};
        static const char *const password[] = {"password", NULL};
        static const char *const aws[] = {"aws_secret_access_key", "aws_session_token", NULL};
        static const char *const kube[] = {"client-key-data", "token", "password", NULL};
        static const char *const docker[] = {"\"auth\"", "\"identitytoken\"", "\"registrytoken\"", NULL};
        static const char *const tf[] = {"\"password\"",        "\"private_key\"",
                                         "\"private_key_pem\"", "\"secret\"",
                                         "\"token\"",           "\"access_key\"",
                                         "\"secret_key\"",      "\"client_secret\"",
                                         "\"master_password\"", NULL};
        const char *b = base(path);
        if (private_key_in(buf, n, size > n))
                return "a private key";
        if (strcasecmp(b, ".npmrc") == 0 && key_valued(buf, n, '=', npm))
                return "an npm token";
        if (strcasecmp(b, ".pypirc") == 0 && key_valued(buf, n, '=', password))
                return "a PyPI password";
        if (path_is(path, ".aws/credentials") && key_valued(buf, n, '=', aws))
                return "an AWS secret key";
        if ((path_is(path, ".kube/config") || strncasecmp(b, "kubeconfig", 10) == 0 ||
             (memmem(buf, n, "kind: Config", 12) && memmem(buf, n, "users:", 6))) &&
            key_valued(buf, n, ':', kube))
                return "a kubeconfig's client key or token";
        if ((path_is(path, ".docker/config.json") || memmem(buf, n, "\"auths\"", 7)) &&
            json_valued(buf, n, docker))
                return "a registry's credentials (.docker/config.json)";
        if ((ends_with_fold(b, ".tfstate") || ends_with_fold(b, ".tfstate.backup")) &&
            json_valued(buf, n, tf))
                return "a Terraform state's secret";
        if ((strcasecmp(b, ".netrc") == 0 || strcasecmp(b, "_netrc") == 0)) {
                for (const char *p = memmem(buf, n, "password", 8); p;
                     p = memmem(p + 1, n - (size_t) (p + 1 - buf), "password", 8)) {
                        const char *v = p + 8, *e = buf + n, *w;
                        while (v < e && (*v == ' ' || *v == '\t' || *v == '\n'))
                                v++;
                        for (w = v; w < e && !isspace((unsigned char) *w); w++)
                                ;
                        if (w > v && !placeholder(v, w))
                                return "a .netrc password";
                }
        }
        if (strcasecmp(b, ".git-credentials") == 0 && url_password(buf, buf + n))
                return "a git credential";
        if (strcasecmp(b, ".pgpass") == 0) {
                const char *p = buf, *e = buf + n, *s, *t;
                while (next_line(&p, e, &s, &t)) {
                        const char *f = s;
                        for (int colons = 0; f < t && colons < 4; f++)
                                colons += *f == ':' && (f == s || f[-1] != '\\');
                        if (*s != '#' && f < t && !placeholder(f, t))
                                return "a PostgreSQL password (.pgpass)";
                }
        }
        if ((ends_with_fold(b, ".p12") || ends_with_fold(b, ".pfx")) && n >= 64 &&
            (uint8_t) buf[0] == 0x30 && (uint8_t) buf[1] >= 0x80)
                return "a PKCS#12 bundle";
        if (env_name(b) && env_secret(buf, n))
                return "a secret in a .env file";
        return NULL;
}
