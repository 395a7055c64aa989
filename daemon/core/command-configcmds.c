/* SPDX-License-Identifier: MIT */
/*
 * Command lines in another program's config, given on its command line
 * (command-internal.h): apt's -o hooks (APT::Update::Pre-Invoke,
 * DPkg::Pre-Install-Pkgs, ...), cargo's --config values (a target's
 * runner, a linker, rustc's wrappers, an alias), rustc's -C linker=,
 * gpg's --photo-viewer, wget's --use-askpass: each judged as the line the
 * program runs; a config file of theirs the line writes, refused while the
 * history holds an entry. It must not lex, nor decide how a line reads.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

static const char *const apts[] = {"apt",        "apt-get",  "aptitude",  "apt-cache",
                                   "apt-config", "apt-mark", "apt-cdrom", "apt-extracttemplates",
                                   NULL};

/* s with each word single-quoted, prefix first: a program's words as a
 * shell line. */
static char *quoted_words(const char *prefix, char *const *v, size_t n) {
        size_t size = strlen(prefix) + 2;
        for (size_t i = 0; i < n; i++)
                size += 4 * strlen(v[i]) + 3;
        char *s = malloc(size), *q = s;
        if (!s)
                return NULL;
        q += sprintf(q, "%s", prefix);
        for (size_t i = 0; i < n; i++) {
                *q++ = ' ';
                *q++ = '\'';
                for (const char *c = v[i]; *c; c++)
                        if (*c == '\'') {
                                memcpy(q, "'\\''", 4);
                                q += 4;
                        } else
                                *q++ = *c;
                *q++ = '\'';
        }
        *q = 0;
        return s;
}

/* TOML's strings in v (a string, or an array of them: "..." with its
 * escapes, '...' as written) into words, at most 32; a bare value is one
 * word. The count, or -ENOMEM; *ret_v's words malloc'd. */
static int toml_words(const char *v, char **ret_v) {
        size_t n = 0;
        while (*v == ' ' || *v == '\t')
                v++;
        if (*v != '[' && *v != '"' && *v != '\'') {
                ret_v[0] = strdup(v);
                return ret_v[0] ? 1 : -ENOMEM;
        }
        for (const char *p = v; *p && n < 32; p++) {
                if (*p != '"' && *p != '\'')
                        continue;
                char quote = *p;
                char *w = malloc(strlen(p) + 1), *o = w;
                if (!w)
                        return -ENOMEM;
                for (p++; *p && *p != quote; p++) {
                        unsigned u = 0;
                        size_t digits = p[0] == '\\' && p[1] == 'u'   ? 4
                                        : p[0] == '\\' && p[1] == 'U' ? 8
                                                                      : 0;
                        if (quote == '\'' || *p != '\\' || !p[1])
                                *o++ = *p;
                        else if (digits && strspn(p + 2, "0123456789abcdefABCDEF") >= digits &&
                                 sscanf(p + 2, digits == 4 ? "%4x" : "%8x", &u) == 1) {
                                *o++ = u > 0 && u < 0x80 ? (char) u : '?';
                                p += 1 + digits;
                        } else {
                                p++;
                                *o++ = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
                        }
                }
                *o = 0;
                ret_v[n++] = w;
                if (!*p)
                        break;
        }
        return (int) n;
}

/* s cut at blanks into v (at most 32, each malloc'd): the count, or -ENOMEM. */
static int blank_words(const char *s, char **v) {
        int n = 0;
        for (const char *p = s + strspn(s, " \t\n"); *p && n < 32; p += strspn(p, " \t\n")) {
                size_t len = strcspn(p, " \t\n");
                if (!(v[n] = strndup(p, len)))
                        return -ENOMEM;
                n++;
                p += len;
        }
        return n;
}

/* Judge v, a TOML value, as the words of a command line after prefix; a
 * string after cargo (an alias's) cut at blanks first, as cargo does. */
static int judge_toml(Judge *j, const char *what, const char *prefix, const char *v) {
        char *words[32] = {0};
        int n = toml_words(v, words), r = n;
        if (n == 1 && prefix[0] && v[strspn(v, " \t")] != '[') {
                _cleanup_free_ char *one = words[0];
                words[0] = NULL;
                n = r = blank_words(one, words);
        }
        _cleanup_free_ char *s = n >= 0 ? quoted_words(prefix, words, (size_t) n) : NULL;
        if (n >= 0)
                r = s ? programs_reread(j, what, s, strlen(s)) : -ENOMEM;
        /* a string's words as cargo splits them (at blanks): a line too */
        for (int i = 0; r == 0 && i < n; i++)
                r = programs_reread(j, what, words[i], strlen(words[i]));
        for (size_t i = 0; i < ELEMENTSOF(words); i++) /* all: a short read leaves some */
                free(words[i]);
        return r;
}

/* Is the file name v, a config file a program loads, written by the line:
 * made at run time, or its last name elsewhere in the line's text too? */
static bool written_by_line(const Judge *j, const char *v) {
        if (strpbrk(v, "$`*?[{~") || !j->text)
                return true;
        const char *b = strrchr(v, '/') ? strrchr(v, '/') + 1 : v;
        size_t len = strlen(b), seen = 0, k = 0;
        _cleanup_free_ char *bare = malloc(j->text_n + 1); /* -c /tmp/a''.conf: quotes dropped */
        if (len == 0 || !bare)
                return true;
        for (size_t i = 0; i < j->text_n; i++)
                if (j->text[i] != '\'' && j->text[i] != '"' && j->text[i] != '\\')
                        bare[k++] = j->text[i];
        for (const char *p = bare; (p = memmem(p, k - (size_t) (p - bare), b, len)); p++)
                seen++;
        return seen != 1;
}

/* Refused: what the program then runs from it is not judged (a masked
 * name spelled by printf's escapes); while held, git's history too. */
static int refuse_written(Judge *j, const char *why) {
        if (judge_held(j))
                judge_mark_held(j);
        else
                judge_name_all(j);
        return judge_refuse(j, "%s: what it runs from it is not judged", why);
}

static int config_file(Judge *j, const char *name, const char *how, const char *v) {
        char why[160];
        if (!written_by_line(j, v))
                return 0;
        snprintf(why, sizeof why, "%.20s loads a config file (%.40s) the line may write", name, how);
        return refuse_written(j, why);
}

/* apt's -o KEY=VALUE: hooks apt runs by sh -c (keys holding Invoke,
 * Pre-Install-Pkgs, Tools::Options, Dir::Bin, ProxyAutoDetect, a
 * command or a binary), dpkg's options (DPkg::Options), a config file or
 * directory (Dir, Dir::Etc, Dir::Etc::Main, Dir::Etc::Parts). */
static int apt_option(Judge *j, const char *name, const char *kv) {
        static const char *const runs[] = {
                "invoke", "pre-install-pkgs", "tools::options", "dir::bin", "proxyauto", "command", "binary",
                "pager",  "helper",           "method",         NULL};
        static const char *const configs[] = {"dir", "dir::etc", "dir::etc::main", "dir::etc::parts", NULL};
        const char *eq = strchr(kv, '=');
        char key[256], what[128];
        int r;
        if (!eq)
                return 0;
        size_t k = 0;
        for (const char *p = kv; p < eq && k + 1 < sizeof key; p++)
                if (*p != ' ' && *p != '\t' && *p != '"')
                        key[k++] = (char) tolower((unsigned char) *p);
        while (k > 0 && key[k - 1] == ':')
                k--;
        key[k] = 0;
        const char *v = eq + 1;
        snprintf(what, sizeof what, "%.20s -o %.60s, a command line it runs", name, key);
        if (streq_any(key, configs) || strstr(key, "dir::etc::main") || strstr(key, "dir::etc::parts"))
                return config_file(j, name, key, v);
        if (strstr(key, "options") &&
            !strstr(key, "tools::options")) { /* DPkg::Options::=--pre-invoke=... */
                char *words[] = {(char *) v};
                _cleanup_free_ char *s = quoted_words("dpkg", words, 1);
                if (!s)
                        return -ENOMEM;
                return programs_reread(j, what, s, strlen(s));
        }
        /* the hooks' keys; any other value too, as a key may be made at run
         * time or scoped (Binary::apt::...): a number or a path runs nothing */
        bool hook = false;
        for (size_t i = 0; runs[i] && !hook; i++)
                hook = strstr(key, runs[i]) != NULL;
        if (!hook && strpbrk(key, "$`") && (r = config_file(j, name, key, v)) != 0)
                return r;
        return programs_reread(j, what, v, strlen(v));
}

/* apt's words: -o K=V, -oK=V, --option K=V, --option=K=V, in a bundle
 * too (-yo K=V); -c F, --config-file F; -t REL and -a ARCH take the rest. */
static int apt_words(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *a = programs_word_text(w[k]);
                if (!a)
                        return -ENOMEM;
                if (streq(a, "--"))
                        break;
                char letter = 0;
                const char *value = NULL;
                if (programs_long_is(a, "option", &value) && strlen(a) > 3)
                        letter = 'o';
                else if (programs_long_is(a, "config-file", &value) && strlen(a) > 3)
                        letter = 'c';
                else if (a[0] == '-' && a[1] != '-')
                        for (const char *q = a + 1; *q && !letter; q++) {
                                if (*q == 't' || *q == 'a')
                                        break; /* -tstable: its value */
                                if (*q == 'o' || *q == 'c') {
                                        letter = *q;
                                        value = q[1] ? q + 1 : NULL;
                                }
                        }
                if (!letter)
                        continue;
                _cleanup_free_ char *b = NULL;
                if (!value && k + 1 < n) {
                        if (!(b = programs_word_text(w[++k])))
                                return -ENOMEM;
                        value = b;
                }
                value += value && value[0] == '=' && letter == 'o' && a[1] != '-'; /* -o=K=V */
                int r = !value          ? 0
                        : letter == 'c' ? config_file(j, name, "-c", value)
                                        : apt_option(j, name, value);
                if (r != 0)
                        return r;
        }
        /* APT_CONFIG=F apt-get ..., export APT_CONFIG=F; set some other way: made at run time */
        const char *c = j->text ? memmem(j->text, j->text_n, "APT_CONFIG", 10) : NULL;
        if (c) {
                const char *v = c + 10 < j->text + j->text_n && c[10] == '=' ? c + 11 : "$";
                _cleanup_free_ char *f = strndup(v, strcspn(v, " \t\n;&|<>()"));
                if (!f)
                        return -ENOMEM;
                return config_file(j, name, "APT_CONFIG", f);
        }
        return 0;
}

/* cargo --config KEY=VALUE: every value judged as a command line (a
 * target's runner, a linker, rustc and its wrappers, a credential
 * provider; a key may be spelled with escapes), an alias's as cargo's
 * words, rustflags' as rustc's; --config FILE, a file the line writes. */
static int cargo_config(Judge *j, const char *v) {
        const char *eq = strchr(v, '=');
        size_t len = strlen(v);
        if (!eq || (len > 5 && streq(v + len - 5, ".toml")))
                return config_file(j, "cargo", "--config", v);
        _cleanup_free_ char *key = strndup(v, (size_t) (eq - v));
        if (!key)
                return -ENOMEM;
        const char *prefix = strstr(key, "alias") ? "cargo" : strstr(key, "flags") ? "rustc" : "";
        return judge_toml(j, "cargo --config's value, a command line it may run", prefix, eq + 1);
}

/* Does the text hold name as a path's last name (/config, 'config',
 * config.toml), not an option's (--config)? */
static bool last_name_in(const char *t, size_t n, const char *name) {
        size_t len = strlen(name);
        for (const char *p = t; (p = memmem(p, n - (size_t) (p - t), name, len)); p++) {
                char before = p > t ? p[-1] : ' ', after = p + len < t + n ? p[len] : ' ';
                if (before != '-' && !isalnum((unsigned char) before) && before != '_' &&
                    (strchr(" \t\n'\";|&)", after) || after == '.'))
                        return true;
        }
        return false;
}

/* A config file cargo loads from the cwd or above (.cargo/config.toml,
 * .cargo/config) or from CARGO_HOME, the line writing one: a write (a
 * redirect, a copier, sed) in a line naming .cargo, CARGO_HOME or a file
 * config, or writing a name made at run time (> "$f"). */
static int cargo_written(Judge *j) {
        if (!j->text)
                return 0;
        const char *t = j->text;
        size_t n = j->text_n;
        bool writes = memchr(t, '>', n) || memmem(t, n, "tee", 3) || memmem(t, n, "cp ", 3) ||
                      memmem(t, n, "mv ", 3) || memmem(t, n, "ln ", 3) || memmem(t, n, "install ", 8) ||
                      memmem(t, n, "dd ", 3) || memmem(t, n, "sed ", 4);
        _cleanup_free_ char *bare = malloc(n + 1); /* > .car''go/con''fig: quotes dropped */
        if (!bare)
                return -ENOMEM;
        size_t b = 0;
        for (size_t i = 0; i < n; i++)
                if (t[i] != '\'' && t[i] != '"' && t[i] != '\\')
                        bare[b++] = t[i];
        /* .cargo or CARGO_HOME named; while held, any file config too */
        bool strong = memmem(bare, b, ".cargo", 6) || memmem(bare, b, "CARGO_HOME", 10),
             config = strong ||
                      (judge_held(j) && (last_name_in(t, n, "config") || last_name_in(bare, b, "config")));
        for (const char *p = t; !config && judge_held(j) && (p = memchr(p, '>', n - (size_t) (p - t)));
             p++) {
                const char *q = p + 1 + strspn(p + 1, "> \t|\"'&");
                size_t len = 0;
                while (q + len < t + n && !strchr(" \t\n;&|<>()", q[len]))
                        len++;
                config = memchr(q, '$', len) || memchr(q, '`', len); /* > con$e, > "$f" */
        }
        if (!writes || !config)
                return 0;
        return refuse_written(j,
                              "cargo in a line that may write its config (.cargo/config.toml, CARGO_HOME), "
                              "whose runner or linker it runs");
}

/* CARGO_ALIAS_X='--config K=V run' cargo x: an alias's words, cut at
 * blanks, as cargo's. */
static int cargo_env_aliases(Judge *j) {
        const char *t = j->text, *end = t ? t + j->text_n : NULL;
        for (const char *p = t; p && (p = memmem(p, (size_t) (end - p), "CARGO_ALIAS_", 12)); p++) {
                const char *v = p + 12;
                while (v < end && (isalnum((unsigned char) *v) || *v == '_'))
                        v++;
                if (v >= end || *v != '=')
                        continue;
                v++;
                char quote = v < end && (*v == '\'' || *v == '"') ? *v++ : 0;
                const char *e = v;
                while (e < end && (quote ? *e != quote : !strchr(" \t\n;&|", *e)))
                        e++;
                _cleanup_free_ char *value = strndup(v, (size_t) (e - v));
                char *words[32] = {0};
                int n = value ? blank_words(value, words) : -ENOMEM, r = n;
                _cleanup_free_ char *s = n >= 0 ? quoted_words("cargo", words, (size_t) n) : NULL;
                if (n >= 0)
                        r = s ? programs_reread(j, "cargo's alias from the environment, cargo's words", s,
                                                strlen(s))
                              : -ENOMEM;
                for (size_t i = 0; i < ELEMENTSOF(words); i++)
                        free(words[i]);
                if (r != 0)
                        return r;
        }
        return 0;
}

static int cargo_words(Judge *j, const ShellWord *const *w, size_t n) {
        int r = cargo_written(j);
        if (r == 0)
                r = cargo_env_aliases(j);
        for (size_t k = 1; r == 0 && k < n; k++) {
                _cleanup_free_ char *a = programs_word_text(w[k]);
                if (!a)
                        return -ENOMEM;
                if (streq(a, "--"))
                        break;
                const char *value = NULL;
                if (strlen(a) < 4 || !programs_long_is(a, "config", &value))
                        continue;
                _cleanup_free_ char *b = NULL;
                if (!value && k + 1 < n) {
                        if (!(b = programs_word_text(w[++k])))
                                return -ENOMEM;
                        value = b;
                }
                r = value ? cargo_config(j, value) : 0;
        }
        return r;
}

/* rustc -C linker=X (-Clinker=X, --codegen linker=X): X runs with the
 * objects as its arguments. */
static int rustc_words(Judge *j, const ShellWord *const *w, size_t n) {
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *a = programs_word_text(w[k]);
                if (!a)
                        return -ENOMEM;
                const char *v = NULL;
                _cleanup_free_ char *b = NULL;
                if ((streq(a, "-C") || streq(a, "--codegen")) && k + 1 < n) {
                        if (!(b = programs_word_text(w[++k])))
                                return -ENOMEM;
                        v = b;
                } else if (strncmp(a, "-C", 2) == 0)
                        v = a + 2;
                else if (strncmp(a, "--codegen=", 10) == 0)
                        v = a + 10;
                if (!v || strncmp(v, "link", 4) != 0 || !strchr(v, '='))
                        continue;
                v = strchr(v, '=') + 1;
                int r = programs_reread(j, "rustc's linker, a program it runs", v, strlen(v));
                if (r != 0)
                        return r;
        }
        return 0;
}

/* gpg --photo-viewer CMD (any prefix of it, = or the next word), wget
 * --use-askpass=CMD and -e 'use_askpass = CMD' (a wgetrc command). */
static int viewer_words(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        bool gpg = strncmp(name, "gpg", 3) == 0;
        const char *option = gpg ? "photo-viewer" : "use-askpass";
        char what[96];
        snprintf(what, sizeof what, "%s --%s, a command line it runs", name, option);
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *a = programs_word_text(w[k]);
                if (!a)
                        return -ENOMEM;
                const char *value = NULL;
                _cleanup_free_ char *b = NULL;
                bool execute = !gpg && (streq(a, "-e") || programs_long_is(a, "execute", &value));
                if (!execute && !(strlen(a) > 4 && programs_long_is(a, option, &value))) {
                        if (gpg || strncmp(a, "-e", 2) != 0 || !a[2])
                                continue;
                        execute = true;
                        value = a + 2;
                }
                if (!value && k + 1 < n && !(b = programs_word_text(w[++k])))
                        return -ENOMEM;
                value = value ? value : b;
                if (!value)
                        continue;
                if (execute) { /* use_askpass = CMD, useaskpass=CMD: wgetrc's */
                        const char *eq = strchr(value, '=');
                        bool askpass = eq && (strcasestr(value, "askpass") != NULL);
                        value = askpass ? eq + 1 : NULL;
                }
                int r = value ? programs_reread(j, what, value, strlen(value)) : 0;
                if (r != 0)
                        return r;
        }
        return 0;
}

/* The option in a config the line may write (use_askpass = CMD in a
 * .wgetrc, photo-viewer "CMD" in gpg.conf): each value after it in the
 * line's text, to a quote, a newline or a written \n, judged as a line. */
static int text_option(Judge *j, const char *name, const char *option) {
        const char *t = j->text, *end = t ? t + j->text_n : NULL;
        size_t len = strlen(option);
        char what[96];
        snprintf(what, sizeof what, "%s's %s in the line's text, a command line it runs", name, option);
        for (const char *p = t; p && p + len <= end && (p = strcasestr(p, option)) && p + len <= end; p++) {
                const char *v = p + len;
                while (v < end && strchr(" \t=\"'", *v))
                        v++;
                const char *e = v;
                while (e < end && !strchr("\"'\n\\", *e))
                        e++;
                _cleanup_free_ char *c = strndup(v, (size_t) (e - v));
                if (!c)
                        return -ENOMEM;
                int r = programs_reread(j, what, c, strlen(c));
                if (r != 0)
                        return r;
        }
        return 0;
}

static bool configs_own(const char *name) {
        return streq_any(name, apts) ||
               streq_any(name, (const char *const[]){"cargo", "rustc", "gpg", "gpg2", "wget", NULL});
}

int configcmds_line(Judge *j) {
        if (!j->text)
                return 0;
        const char *t = j->text;
        size_t n = j->text_n;
        /* APT_CONFIG=F bash -c 'apt-get update': apt in a string of the line */
        const char *c = memmem(t, n, "APT_CONFIG", 10);
        if (c && memmem(t, n, "apt", 3)) {
                const char *v = c + 10 < t + n && c[10] == '=' ? c + 11 : "$";
                size_t len = 0;
                while (v == c + 11 && v + len < t + n && !strchr(" \t\n;&|<>()", v[len]))
                        len++;
                _cleanup_free_ char *f = strndup(v, v == c + 11 ? len : 1);
                if (!f)
                        return -ENOMEM;
                int r = config_file(j, "apt", "APT_CONFIG", f);
                if (r != 0)
                        return r;
        }
        /* ...; bash -c 'cargo run': cargo, a word of its own, anywhere */
        for (const char *p = t; (p = memmem(p, n - (size_t) (p - t), "cargo", 5)); p++)
                if ((p == t || !strchr("./_-", p[-1])) && (p + 5 == t + n || strchr(" \t'\"", p[5])))
                        return cargo_written(j);
        return 0;
}

int configcmds_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const inert[] = {"echo", "printf", "man",    "which",
                                            "type", "help",   "whatis", NULL};
        char buf[256];
        /* rustup run stable cargo ..., a program that runs another: from there */
        for (size_t k = 1; !configs_own(name) && !streq_any(name, inert) && k < n; k++) {
                const char *p = programs_name(w[k], buf, sizeof buf);
                if (p && configs_own(p))
                        return configcmds_judge(j, p, w + k, n - k);
        }
        if (streq_any(name, apts))
                return apt_words(j, name, w, n);
        if (streq(name, "cargo"))
                return cargo_words(j, w, n);
        if (streq(name, "rustc"))
                return rustc_words(j, w, n);
        if (streq(name, "gpg") || streq(name, "gpg2") || streq(name, "wget")) {
                /* printf 'use_askpass = cat .e\x6ev' > ~/.wgetrc: its config written */
                static const char *const configs[] = {"wgetrc",    "WGETRC", "gpg.conf",
                                                      "GNUPGHOME", ".gnupg", NULL};
                const char *t = j->text;
                bool writes = t && (memchr(t, '>', j->text_n) || memmem(t, j->text_n, "tee", 3));
                for (size_t i = 0; writes && configs[i]; i++)
                        if (memmem(t, j->text_n, configs[i], strlen(configs[i])))
                                return refuse_written(j, "wget or gpg in a line that may write its config");
                int r = viewer_words(j, name, w, n);
                return r != 0 ? r : text_option(j, name, streq(name, "wget") ? "askpass" : "photo-viewer");
        }
        return 0;
}
