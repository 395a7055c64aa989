/* SPDX-License-Identifier: MIT */
/*
 * URLs in a program's words (command-internal.h): a file: URL's path, %XX
 * decoded, read as a name; curl's own globs and config; a repository on a
 * local path handed by URL to a program that clones it (npm, cargo, pip).
 * It must not lex, nor say what a word names: command.c and match do.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

/* ---- URLs: a file: URL's path, %XX decoded; curl's own globs ---- */

static int hex(char c) {
        return c >= '0' && c <= '9'                 ? c - '0'
               : (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10
                                                    : -1;
}

/* p to its '?' or '#', %XX decoded into out. */
static void url_decode(const char *p, char *out, size_t size, bool *ret_encoded) {
        size_t k = 0;
        *ret_encoded = false;
        for (; *p && *p != '?' && *p != '#' && k + 1 < size; p++) {
                if (*p == '%' && hex(p[1]) >= 0 && hex(p[2]) >= 0) {
                        out[k++] = (char) (hex(p[1]) * 16 + hex(p[2]));
                        p += 2;
                        *ret_encoded = true;
                } else
                        out[k++] = *p;
        }
        out[k] = 0;
}

/* The path of the URL in t (file:///p, file:/p, scheme://host/p), to its
 * '?' or '#', %XX decoded into out; false when t holds none. */
static bool url_path(const char *t, char *out, size_t size, bool *ret_encoded) {
        const char *p = strcasestr(t, "file:"), *s = strstr(t, "://");
        if (!p && !s)
                return false;
        if (p) {
                p += 5;
                if (p[0] == '/' && p[1] == '/')
                        p = strchr(p + 2, '/');
        } else
                p = strchr(s + 3, '/');
        if (!p)
                return false;
        url_decode(p, out, size, ret_encoded);
        return true;
}

/* One of curl's URL globs: each {a,b} alternative in turn (at most
 * *budget paths; past them, refused), a [a-z] class left to bash's glob
 * (the same set), the rest quoted. */
static int curl_glob(Judge *j, const char *path, int *budget) {
        static const char what[] = "curl's URL glob, a pattern of the names it reads";
        if (--*budget < 0)
                return judge_refuse(j, "curl's URL glob with more alternatives than this rule judges");
        const char *open = strchr(path, '{'), *close = open ? strchr(open, '}') : NULL;
        if (close) {
                for (const char *a = open + 1;;) {
                        const char *e = a;
                        while (e < close && *e != ',')
                                e++;
                        _cleanup_free_ char *alt = malloc(strlen(path) + 1);
                        if (!alt)
                                return -ENOMEM;
                        sprintf(alt, "%.*s%.*s%s", (int) (open - path), path, (int) (e - a), a, close + 1);
                        int r = curl_glob(j, alt, budget);
                        if (r != 0 || e >= close)
                                return r;
                        a = e + 1;
                }
        }
        if (!strchr(path, '['))
                return runners_file(j, what, path);
        char line[4200], *q = line + sprintf(line, "cat -- ");
        for (const char *c = path; *c && q < line + sizeof line - 8; c++) {
                if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                      strchr("/._-[]", *c)))
                        *q++ = '\\';
                *q++ = *c;
        }
        *q = 0;
        return programs_reread(j, what, line, strlen(line));
}

/* Does t hold a file: URL, in any case: file: at its start or after a byte
 * no scheme's name holds (git+file://, x@file:.., --url=file://, "x @
 * file:///r"), not perl's File:: nor a word's tail (profile:)? */
static bool file_url(const char *t) {
        for (const char *p = t; (p = strcasestr(p, "file:")); p++)
                if ((p == t || !(isalnum((unsigned char) p[-1]) || p[-1] == '_')) && p[5] != ':')
                        return true;
        return false;
}

/* A URL curl is given with no scheme (-K's url = P, an operand): with
 * --proto-default file (an option, a config, ~/.curlrc) curl reads the
 * file P names, %XX decoded; its globs too unless -g. */
static int schemeless_url(Judge *j, const char *what, const char *t, bool globoff) {
        char path[1024];
        bool encoded = false;
        int budget = 64;
        if (strstr(t, "://") || file_url(t) || !strchr(t, '%'))
                return 0; /* a scheme's (judged as one), or the path as written */
        /* %2{e,x}env: the shell's braces first, then curl's %XX */
        const char *open = strchr(t, '{'), *close = open ? strchr(open, '}') : NULL;
        if (close && memchr(open, ',', (size_t) (close - open)))
                for (const char *a = open + 1;;) {
                        const char *e = a;
                        while (e < close && *e != ',')
                                e++;
                        _cleanup_free_ char *alt = malloc(strlen(t) + 1);
                        if (!alt)
                                return -ENOMEM;
                        sprintf(alt, "%.*s%.*s%s", (int) (open - t), t, (int) (e - a), a, close + 1);
                        int r = schemeless_url(j, what, alt, globoff);
                        if (r != 0 || e >= close)
                                return r;
                        a = e + 1;
                }
        url_decode(t, path, sizeof path, &encoded);
        return !encoded                          ? 0
               : !globoff && strpbrk(path, "[{") ? curl_glob(j, path, &budget)
                                                 : runners_file(j, what, path);
}

/* Does the line's text hold a piece of an escape another piece may
 * complete when it runs (p=%; u=/p/%2; ${u}eenv), a '%' spelled by an
 * escape (\x25, \045), or one a brace completes (%2{e,x}, %{2e,x})? A
 * whole %XX, printf's %% and %s, date's %d and curl's %{http_code} are not. */
static bool split_escape(const char *t, size_t n) {
        for (size_t i = 0; i < n; i++) {
                if (t[i] == '\\' && i + 3 < n &&
                    (strncasecmp(t + i + 1, "x25", 3) == 0 || strncmp(t + i + 1, "045", 3) == 0))
                        return true;
                if (t[i] != '%')
                        continue;
                char a = i + 1 < n ? t[i + 1] : 0, b = i + 2 < n ? t[i + 2] : 0;
                if (a == '%') {
                        i++;
                        continue;
                }
                /* kill %1, fg %2, wait %1: a job */
                size_t w = i;
                while (w > 0 && (t[w - 1] == ' ' || t[w - 1] == '\t'))
                        w--;
                size_t from = w;
                while (from > 0 && isalpha((unsigned char) t[from - 1]))
                        from--;
                bool job = w < i && w - from >= 2 && w - from <= 6 &&
                           (strncmp(t + from, "kill", 4) == 0 || strncmp(t + from, "fg", 2) == 0 ||
                            strncmp(t + from, "bg", 2) == 0 || strncmp(t + from, "wait", 4) == 0 ||
                            strncmp(t + from, "disown", 6) == 0 || strncmp(t + from, "jobs", 4) == 0);
                if (job)
                        continue;
                if (!a || (!isalnum((unsigned char) a) && a != '{') ||
                    (a == '{' && isdigit((unsigned char) b)) ||
                    (isdigit((unsigned char) a) &&
                     (!b || b == '{' || (!isxdigit((unsigned char) b) && !isalpha((unsigned char) b)))))
                        return true;
        }
        return false;
}

/* Does a curl operand hold a command substitution, with no scheme:// of
 * its own: a URL made at run time, whose %XX the line does not show? An
 * option's value (-o, -H, --data ...) is no URL. */
static bool made_operand(const ShellWord *const *w, size_t n) {
        static const char *const longs[] = {"output",      "header",
                                            "data",        "data-raw",
                                            "data-binary", "data-urlencode",
                                            "user-agent",  "user",
                                            "cookie",      "cookie-jar",
                                            "form",        "request",
                                            "max-time",    "connect-timeout",
                                            "retry",       "write-out",
                                            "proxy",       "cacert",
                                            "cert",        "key",
                                            "config",      "referer",
                                            "resolve",     "proto-default",
                                            "proto",       "range",
                                            "dump-header", "oauth2-bearer",
                                            "limit-rate",  "json",
                                            "upload-file", "output-dir",
                                            "variable",    "netrc-file",
                                            NULL};
        char buf[128];
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && streq(a, "--"))
                        continue;
                if (a && a[0] == '-' && a[1] != '-' && strpbrk(a + 1, "AbcCdDeEFHKmoPQrtTuUwxXyYz")) {
                        const char *v = strpbrk(a + 1, "AbcCdDeEFHKmoPQrtTuUwxXyYz");
                        k += !v[1]; /* -o F, -oF */
                        continue;
                }
                if (a && a[0] == '-' && a[1] == '-' && !strchr(a, '=') && streq_any(a + 2, longs)) {
                        k++;
                        continue;
                }
                if (!w[k]->substitution)
                        continue;
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t || (t[0] != '-' && !strstr(t, "://") && !file_url(t)))
                        return true;
        }
        return false;
}

/* curl -K FILE: its config (url = "file:///..."), in a here-string or a
 * file the line writes: each file: URL of the line's text, decoded; and
 * each url key's value with no scheme (proto-default = file), as written
 * and with printf's %% as one %. */
static int config_urls(Judge *j, const Line *ln, bool globoff) {
        static const char what[] = "a URL with no scheme in curl's config, its %XX decoded";
        const char *end = ln->text + ln->n;
        for (const char *p = ln->text; p < end && (p = strcasestr(p, "url")) && p < end; p++) {
                const char *v = p + 3 + strspn(p + 3, " \t=:");
                if (v == p + 3 || (p > ln->text && (isalnum((unsigned char) p[-1]) || p[-1] == '_')))
                        continue;        /* curl's own spelling: url = P, url P, --url=P */
                v += strspn(v, "\"'\\"); /* url = "P", <<< "url=\"P\"" */
                _cleanup_free_ char *u = strndup(v, strcspn(v, " \t\n\"'`;|&<>)\\"));
                if (!u)
                        return -ENOMEM;
                int r = schemeless_url(j, what, u, globoff);
                char *o = u;
                for (const char *q = u; *q; q++) { /* printf 'url=%%2e...' */
                        *o++ = *q;
                        q += q[0] == '%' && q[1] == '%';
                }
                *o = 0;
                if (r != 0 || (r = schemeless_url(j, what, u, globoff)) != 0)
                        return r;
        }
        for (const char *p = ln->text; (p = strcasestr(p, "file:")) && p < ln->text + ln->n; p++) {
                size_t len = strcspn(p, " \t\n\"'`;|&<>)");
                _cleanup_free_ char *u = strndup(p, len);
                char path[1024];
                bool encoded = false;
                if (!u)
                        return -ENOMEM;
                int r = url_path(u, path, sizeof path, &encoded) && encoded
                                ? runners_file(j, "a URL's path in curl's config, its %XX decoded", path)
                                : 0;
                if (r != 0)
                        return r;
        }
        return 0;
}

/* u, a URL or a URL with no scheme, its %XX decoded: a name curl may read. */
static int token_url(Judge *j, const char *u, bool globoff) {
        char path[1024];
        bool encoded = false;
        int budget = 64;
        return !url_path(u, path, sizeof path, &encoded)
                       ? schemeless_url(j, "a URL in the line, its %XX decoded", u, globoff)
               : !encoded                        ? 0
               : !globoff && strpbrk(path, "[{") ? curl_glob(j, path, &budget)
                                                 : runners_file(j, "a URL's path, its %XX decoded", path);
}

/* Each word of the line's text that holds a %XX, cut at blanks, quotes
 * and the shell's operators (u=/p/%2egit; curl $u, echo U | xargs curl),
 * an assignment's name dropped, as written and with printf's %% as one %:
 * judged by token_url. */
static int text_urls(Judge *j, const char *t, size_t n, bool globoff) {
        static const char cuts[] = " \t\n'\"`;|&<>()";
        for (size_t at = 0; at < n;) {
                size_t len = 0;
                bool coded = false;
                for (; at + len < n && !strchr(cuts, t[at + len]); len++)
                        coded = coded || (t[at + len] == '%' && at + len + 2 < n &&
                                          hex(t[at + len + 1]) >= 0 && hex(t[at + len + 2]) >= 0);
                size_t name = 0; /* u=P, --url=P: the value; a URL's query keeps its = */
                while (name < len && (isalnum((unsigned char) t[at + name]) || strchr("_-", t[at + name])))
                        name++;
                name = name < len && t[at + name] == '=' ? name + 1 : 0;
                _cleanup_free_ char *u = coded ? strndup(t + at + name, len - name) : NULL;
                if (coded && !u)
                        return -ENOMEM;
                int r = coded ? token_url(j, u, globoff) : 0;
                char *o = u;
                for (const char *q = u; q && *q; q++) { /* printf '/p/%%2egit' */
                        *o++ = *q;
                        q += q[0] == '%' && q[1] == '%';
                }
                if (o)
                        *o = 0;
                if (r != 0 || (coded && (r = token_url(j, u, globoff)) != 0))
                        return r;
                at += len + 1;
        }
        return 0;
}

/* options_read's: -T's or --upload-file's value, a curl glob. */
static int upload_seen(void *ctx, char letter, const char *name, const char *v) {
        int budget = 64;
        bool upload = letter == 'T' || (name && programs_long_is(name, "upload-file", NULL));
        return upload && v && strpbrk(v, "[{") ? curl_glob(ctx, v, &budget) : 0;
}

int runners_urls(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const cloners[] = {"npm", "npx",  "pnpm",   "yarn",     "bun", "cargo",
                                              "pip", "pip3", "pipx",   "uv",       "uvx", "poetry",
                                              "go",  "gem",  "bundle", "composer", NULL};
        bool curl = streq(name, "curl"), globoff = false, config = false;
        /* pip install -e "git+$(echo fi)le://$PWD@REV", f=file; npm i "git+$f://...":
         * a scheme, or a whole word, made at run time may be file:, the checkout
         * cloned with its history (31z2 1) */
        static const char *const fetches[] = {"install", "i",       "add",   "pack",     "diff",  "exec",
                                              "dlx",     "x",       "get",   "download", "wheel", "require",
                                              "update",  "upgrade", "sync",  "tool",     "pip",   "create",
                                              "init",    "clone",   "fetch", "mod",      NULL};
        bool fetching = streq_any(name, (const char *const[]){"npx", "uvx", "bunx", "pipx", NULL});
        /* python3 -m pip install ...: pip's */
        bool cloner = streq_any(name, cloners), module = false;
        for (size_t k = 1; !cloner && strncmp(name, "python", 6) == 0 && k < n; k++) {
                char mb[32];
                const char *a = programs_plain(w[k], mb, sizeof mb);
                if (module && a)
                        cloner = streq_any(a, (const char *const[]){"pip", "pip3", "uv", "pipx", NULL});
                if (module || !a || a[0] != '-')
                        break;
                module = streq(a, "-m");
        }
        for (size_t k = 1; !fetching && k < n; k++) { /* its subcommand: install, add, ... (uv run --with) */
                char sb[32];
                const char *a = programs_plain(w[k], sb, sizeof sb);
                if (a && (a[0] == '-' ||
                          (module && streq_any(a, (const char *const[]){"pip", "pip3", "uv", NULL}))))
                        continue;
                fetching = !a || streq_any(a, fetches) || (streq(name, "uv") && streq(a, "run"));
                break;
        }
        for (size_t k = 1; judge_held(j) && fetching && cloner && k < n; k++) {
                if (!w[k]->expansion && !w[k]->substitution)
                        continue;
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                bool whole = true; /* no letter of its own: any URL */
                for (size_t i = 0; i < w[k]->n && whole; i++)
                        whole = w[k]->v[i].kind != SHELL_LIT ||
                                !strchr("abcdefghijklmnopqrstuvwxyz", w[k]->v[i].c | 0x20);
                if (whole || strstr(t, "://") || strstr(t, "git+") || strstr(t, "file") || strchr(t, '@')) {
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "%s's word made at run time may be a file: URL of the checkout, "
                                            "which it clones with its history, and the history holds a "
                                            "masked entry",
                                            name);
                }
        }
        /* ... a file: URL anywhere in the line, a package manager that
         * clones: u=file://$PWD; npm pack "git+$u" */
        if (judge_held(j) && streq_any(name, cloners) && j->text && memmem(j->text, j->text_n, "ile:", 4)) {
                judge_mark_held(j);
                return judge_refuse(j,
                                    "%s, in a line holding a file: URL, may clone a repository on a local "
                                    "path with its history, and the history holds a masked entry",
                                    name);
        }
        for (size_t k = 1; k < n && curl; k++) { /* -g, -sg, --globoff; -K, --config */
                char buf[64];
                const char *a = programs_plain(w[k], buf, sizeof buf);
                globoff = globoff ||
                          (a && ((a[0] == '-' && a[1] != '-' && strchr(a, 'g')) || streq(a, "--globoff")));
                config = config || (a && ((a[0] == '-' && a[1] != '-' && strchr(a, 'K')) ||
                                          programs_long_is(a, "config", NULL)));
        }
        /* a ~/.curlrc the line writes (> ~/.curl''rc too): curl reads it unless -q */
        const char *lt = j->text ? j->text : ln->text;
        size_t t_n = j->text ? j->text_n : ln->n;
        _cleanup_free_ char *bare = curl ? malloc(t_n + 1) : NULL;
        if (curl && !bare)
                return -ENOMEM;
        size_t b_n = 0;
        for (size_t i = 0; curl && i < t_n; i++)
                if (!strchr("'\"\\", lt[i]))
                        bare[b_n++] = lt[i];
        bool curlrc = curl && memmem(bare, b_n, "curlrc", 6) &&
                      (memchr(lt, '>', t_n) || memmem(lt, t_n, "tee", 3));
        if (curlrc) { /* printf 'url=.e\x6ev' > ~/.curlrc: no %XX to decode */
                if (judge_held(j))
                        judge_mark_held(j);
                else
                        judge_name_all(j);
                return judge_refuse(j, "curl in a line that writes curl's config (.curlrc), which may "
                                       "name a file curl reads: not judged");
        }
        int r = config || curlrc ? config_urls(j, ln, globoff) : 0;
        if (r == 0 && curl)
                r = text_urls(j, lt, t_n, globoff);
        if (r != 0)
                return r;
        /* curl -T FILE globs FILE as a URL: -T '{.e,x}nv' uploads .env */
        static const char *const upload_longs[] = {"upload-file", NULL};
        static const OptionSpec curl_options = {
                .shorts = "AbcCdDeEFHKmoPQrtTuUwxXyYz", .longs = upload_longs, .permute = true};
        if (curl && !globoff && (r = options_read(w, n, &curl_options, upload_seen, j, NULL)) != 0)
                return r;
        _cleanup_free_ bool *pattern = operands_not_read(j, name, w, n); /* grep 'file://' F: data */
        if (!pattern)
                return -ENOMEM;
        /* p=%; curl ${p}2eenv, curl "$(printf '\x25')2eenv": an escape the line does not show whole */
        if (curl && (split_escape(lt, t_n) || made_operand(w, n))) {
                judge_name_all(j);
                return judge_refuse(j, "curl's URL may be made at run time with a %%XX escape it decodes "
                                       "(a %% in pieces, spelled by an escape, or a command's output)");
        }
        for (size_t k = 1; k < n && curl; k++) { /* a URL with no scheme: its %XX decoded */
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                const char *u = strncmp(t, "--url=", 6) == 0 ? t + 6 : t[0] == '-' ? "" : t;
                if ((r = schemeless_url(j, "a URL with no scheme, its %XX decoded", u, globoff)) != 0)
                        return r;
        }
        for (size_t k = 1; k < n; k++) {
                bool colon = false; /* no ':', no URL: most words, and no copy of them */
                for (size_t i = 0; i < w[k]->n && !colon; i++)
                        colon = w[k]->v[i].c == ':';
                if (!colon)
                        continue;
                _cleanup_free_ char *t = programs_word_text(w[k]);
                char path[1024];
                bool encoded = false;
                if (!t)
                        return -ENOMEM;
                /* npm pack "git+file://$PWD", cargo install --git file://$PWD,
                 * pip install git+file://: a repository on a local path,
                 * cloned with its history by a program git's rule does not
                 * judge (31z); curl and wget read a file, judged by its path */
                if (judge_held(j) && !pattern[k] && file_url(t) && !curl && !streq(name, "wget") &&
                    !streq(name, "git")) {
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "%s is given a repository on a local path by a file: URL, "
                                            "which it may clone with its history, and the history "
                                            "holds a masked entry",
                                            name);
                }
                if (!url_path(t, path, sizeof path, &encoded))
                        continue;
                bool glob = curl && !globoff && strpbrk(path, "[{");
                int budget = 64;
                r = glob      ? curl_glob(j, path, &budget)
                    : encoded ? runners_file(j, "a URL's path, its %XX decoded", path)
                              : 0;
                if (r != 0)
                        return r;
        }
        return 0;
}
