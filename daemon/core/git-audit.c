/* SPDX-License-Identifier: MIT */
#include "git-audit.h"

#include <inttypes.h>
#include <limits.h>
#include <strings.h>

#include "array.h"
#include "util.h"

/* ---- character classes ---- */

/* git replaces <ctype.h> with its own locale-free table (ctype.c): space is
 * exactly SP, HT, LF and CR (not VT or FF), letters and digits are ASCII
 * only, and tolower() folds A-Z alone. Bytes >= 0x80 are none of these. */
static bool git_isspace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool git_isalpha(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool git_iskeychar(int c) {
        return git_isalpha(c) || (c >= '0' && c <= '9') || c == '-';
}

static int git_tolower(int c) {
        return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* ---- the reader ---- */

/* A growable byte string; NUL-terminated whenever it is read as a string. */
typedef struct Bytes {
        char *data;
        size_t len, size;
} Bytes;

static int bytes_add(Bytes *b, int c) {
        if (b->len + 2 > b->size) {
                size_t n = b->size ? b->size * 2 : 64;
                char *p = realloc(b->data, n);
                if (!p)
                        return -ENOMEM;
                b->data = p, b->size = n;
        }
        b->data[b->len++] = (char) c;
        b->data[b->len] = 0;
        return 0;
}

/* The string as git's callbacks see it: git hands names and values on as C
 * strings, so a NUL byte ends them there (only a subsection or a value can
 * hold one; see the tests for what that does to a name). */
static const char *bytes_str(Bytes *b) {
        return b->data ? b->data : "";
}

typedef int (*EntryFn)(const char *name, const char *value, void *userdata);

typedef struct Reader {
        const unsigned char *buf;
        size_t len, pos;
        bool eof;
        /* git's linenr: starts at 1 and counts every LF read, and also every
         * read at the end (which yields a LF), with the decrements git makes
         * where it reports an error on the line before; what it holds when
         * parsing fails is the line git names. */
        size_t line;
        /* The entry being read: where its first letter is, and where it
         * ends (past its line's LF, or the end), when fn is called. */
        size_t entry_start, entry_end;
        Bytes var, value;
        EntryFn fn;
        void *userdata;
} Reader;

/* git's get_next_char(): CR LF reads as LF; a lone CR stays; the end reads
 * as LF and sets eof, every time it is read. */
static int next_char(Reader *r) {
        if (r->pos >= r->len) {
                r->eof = true;
                r->line++;
                return '\n';
        }
        int c = r->buf[r->pos++];
        if (c == '\r' && r->pos < r->len && r->buf[r->pos] == '\n')
                c = r->buf[r->pos++];
        if (c == '\n')
                r->line++;
        return c;
}

/* A value after '=': git's parse_value(). Blanks outside quotes are dropped
 * at the start and end and squeezed to one space inside; '#' or ';' outside
 * quotes starts a comment; only \n \t \b \\ \" and a backslash at the end of
 * the line are escapes. -EINVAL for an unknown escape or an open quote. */
static int read_value(Reader *r) {
        bool quote = false, comment = false;
        size_t spaces = 0;
        int k;

        r->value.len = 0;
        if (r->value.data)
                r->value.data[0] = 0;
        for (;;) {
                int c = next_char(r);
                if (c == '\n') {
                        if (quote) {
                                r->line--; /* git names the line that ended in quotes, not the next */
                                return -EINVAL;
                        }
                        return 0;
                }
                if (comment)
                        continue;
                if (git_isspace(c) && !quote) {
                        if (r->value.len > 0)
                                spaces++;
                        continue;
                }
                if (!quote && (c == '#' || c == ';')) {
                        comment = true;
                        continue;
                }
                for (; spaces > 0; spaces--)
                        if ((k = bytes_add(&r->value, ' ')) < 0)
                                return k;
                if (c == '\\') {
                        c = next_char(r);
                        switch (c) {
                        case '\n': /* a continuation line (or the end) */
                                continue;
                        case 't':
                                c = '\t';
                                break;
                        case 'b':
                                c = '\b';
                                break;
                        case 'n':
                                c = '\n';
                                break;
                        case '\\':
                        case '"':
                                break;
                        default:
                                return -EINVAL;
                        }
                } else if (c == '"') {
                        quote = !quote;
                        continue;
                }
                if ((k = bytes_add(&r->value, c)) < 0)
                        return k;
        }
}

/* An entry, its first letter already in var: git's get_value(). The rest of
 * the name is letters, digits and '-'; then blanks, then the end of the line
 * (a bare key, boolean true) or '=' and a value. */
static int read_entry(Reader *r) {
        bool has_value = false;
        int c, k;

        for (;;) {
                c = next_char(r);
                if (r->eof || !git_iskeychar(c))
                        break;
                if ((k = bytes_add(&r->var, git_tolower(c))) < 0)
                        return k;
        }
        /* Only SP and HT here: a CR that is not part of CR LF is an error. */
        while (c == ' ' || c == '\t')
                c = next_char(r);
        if (c != '\n') {
                if (c != '=')
                        return -EINVAL;
                if ((k = read_value(r)) < 0)
                        return k;
                has_value = true;
        }
        r->entry_end = r->pos;
        return r->fn(bytes_str(&r->var), has_value ? bytes_str(&r->value) : NULL, r->userdata);
}

/* After the blank that ended a section name: git's get_extended_base_var().
 * More blanks, then "subsection" (a backslash takes the next byte as it is;
 * no line ends), then ']' at once. */
static int read_subsection(Reader *r, int c) {
        int k;

        do {
                if (c == '\n')
                        goto incomplete;
                c = next_char(r);
        } while (git_isspace(c));

        if (c != '"')
                return -EINVAL;
        if ((k = bytes_add(&r->var, '.')) < 0)
                return k;
        for (;;) {
                c = next_char(r);
                if (c == '\n')
                        goto incomplete;
                if (c == '"')
                        break;
                if (c == '\\') {
                        c = next_char(r);
                        if (c == '\n')
                                goto incomplete;
                }
                /* As written: no case folding, any byte but LF. */
                if ((k = bytes_add(&r->var, c)) < 0)
                        return k;
        }
        return next_char(r) == ']' ? 0 : -EINVAL;

incomplete:
        /* git names the line the header started on, not the one after. */
        r->line--;
        return -EINVAL;
}

/* After '[': git's get_base_var(). Letters, digits, '-' and '.' lower-cased
 * up to ']', or up to a blank and a quoted subsection. */
static int read_section(Reader *r) {
        int k;

        for (;;) {
                int c = next_char(r);
                if (r->eof)
                        return -EINVAL;
                if (c == ']')
                        return 0;
                if (git_isspace(c))
                        return read_subsection(r, c);
                if (!git_iskeychar(c) && c != '.')
                        return -EINVAL;
                if ((k = bytes_add(&r->var, git_tolower(c))) < 0)
                        return k;
        }
}

/* git's git_parse_source(): calls fn for each entry in order. */
static int parse(Reader *r) {
        static const unsigned char bom[] = {0xef, 0xbb, 0xbf};
        size_t baselen = 0;
        bool comment = false;
        int c, k;

        /* A UTF-8 BOM at the very start is skipped; a part of one is an error. */
        c = next_char(r);
        if (c == bom[0]) {
                for (size_t i = 1; i < ELEMENTSOF(bom); i++)
                        if (next_char(r) != bom[i])
                                return -EINVAL;
                c = next_char(r);
        }

        for (;; c = next_char(r)) {
                if (c == '\n') {
                        if (r->eof)
                                return 0;
                        comment = false;
                        continue;
                }
                if (comment || git_isspace(c))
                        continue;
                if (c == '#' || c == ';') {
                        comment = true;
                        continue;
                }
                if (c == '[') {
                        r->var.len = 0;
                        if (r->var.data)
                                r->var.data[0] = 0;
                        if ((k = read_section(r)) < 0)
                                return k;
                        if (r->var.len == 0) /* "[]" */
                                return -EINVAL;
                        if ((k = bytes_add(&r->var, '.')) < 0)
                                return k;
                        baselen = r->var.len;
                        continue;
                }
                /* An entry starts with a letter; git accepts one before any
                 * section header too, named without a section. */
                if (!git_isalpha(c))
                        return -EINVAL;
                r->var.len = baselen;
                r->entry_start = r->pos - 1; /* a letter: never the LF of a CR LF */
                if ((k = bytes_add(&r->var, git_tolower(c))) < 0)
                        return k;
                if ((k = read_entry(r)) < 0)
                        return k;
        }
}

/* ---- the flagged keys ---- */

typedef enum Sub {
        SUB_NONE,     /* section.key */
        SUB_ANY,      /* section.<any, even empty>.key */
        SUB_OPTIONAL, /* either */
} Sub;

typedef enum ValueRule {
        VALUE_ANY,      /* the key alone is enough */
        VALUE_BANG,     /* a value starting with '!' (a shell command) */
        VALUE_NOT_BOOL, /* a value git does not read as a boolean */
        SUB_LOCAL,      /* the subsection is a local repository's URL */
} ValueRule;

typedef struct Flagged {
        const char *section;
        Sub sub;
        const char *sub_prefix; /* with SUB_ANY: the subsection starts so (any case:
                                 * git-lfs, not git, reads these) */
        const char *key;        /* NULL: any key */
        ValueRule rule;
} Flagged;

/* The table behind the list in git-audit.h; keep the two in step. Sections
 * and keys lower-case, as git's parser leaves them. */
static const Flagged flagged[] = {
        {"core", SUB_NONE, NULL, "fsmonitor", VALUE_ANY},
        {"core", SUB_NONE, NULL, "hookspath", VALUE_ANY},
        {"core", SUB_NONE, NULL, "sshcommand", VALUE_ANY},
        {"core", SUB_NONE, NULL, "gitproxy", VALUE_ANY},
        {"core", SUB_NONE, NULL, "editor", VALUE_ANY},
        {"core", SUB_NONE, NULL, "pager", VALUE_ANY},
        {"core", SUB_NONE, NULL, "askpass", VALUE_ANY},
        {"core", SUB_NONE, NULL, "alternaterefscommand", VALUE_ANY},
        {"sequence", SUB_NONE, NULL, "editor", VALUE_ANY},
        {"credential", SUB_OPTIONAL, NULL, "helper", VALUE_ANY},
        {"filter", SUB_ANY, NULL, "clean", VALUE_ANY},
        {"filter", SUB_ANY, NULL, "smudge", VALUE_ANY},
        {"filter", SUB_ANY, NULL, "process", VALUE_ANY},
        {"diff", SUB_ANY, NULL, "textconv", VALUE_ANY},
        {"diff", SUB_ANY, NULL, "command", VALUE_ANY},
        {"diff", SUB_NONE, NULL, "external", VALUE_ANY},
        {"merge", SUB_ANY, NULL, "driver", VALUE_ANY},
        {"include", SUB_NONE, NULL, "path", VALUE_ANY},
        {"includeif", SUB_ANY, NULL, "path", VALUE_ANY},
        {"extensions", SUB_NONE, NULL, "worktreeconfig", VALUE_ANY},
        {"remote", SUB_ANY, NULL, "uploadpack", VALUE_ANY},
        {"remote", SUB_ANY, NULL, "receivepack", VALUE_ANY},
        {"remote", SUB_ANY, NULL, "vcs", VALUE_ANY},
        {"protocol", SUB_OPTIONAL, NULL, "allow", VALUE_ANY},
        {"uploadpack", SUB_NONE, NULL, "packobjectshook", VALUE_ANY},
        {"gpg", SUB_OPTIONAL, NULL, "program", VALUE_ANY},
        {"gpg", SUB_ANY, NULL, "defaultkeycommand", VALUE_ANY},
        {"alias", SUB_OPTIONAL, NULL, NULL, VALUE_BANG},
        {"pager", SUB_OPTIONAL, NULL, NULL, VALUE_NOT_BOOL},
        {"submodule", SUB_ANY, NULL, "update", VALUE_BANG},
        {"difftool", SUB_ANY, NULL, "cmd", VALUE_ANY},
        {"difftool", SUB_ANY, NULL, "path", VALUE_ANY},
        {"mergetool", SUB_ANY, NULL, "cmd", VALUE_ANY},
        {"mergetool", SUB_ANY, NULL, "path", VALUE_ANY},
        {"man", SUB_ANY, NULL, "cmd", VALUE_ANY},
        {"man", SUB_ANY, NULL, "path", VALUE_ANY},
        {"browser", SUB_ANY, NULL, "cmd", VALUE_ANY},
        {"browser", SUB_ANY, NULL, "path", VALUE_ANY},
        {"guitool", SUB_ANY, NULL, "cmd", VALUE_ANY},
        {"trailer", SUB_ANY, NULL, "cmd", VALUE_ANY},
        {"trailer", SUB_ANY, NULL, "command", VALUE_ANY},
        {"tar", SUB_ANY, NULL, "command", VALUE_ANY},
        {"interactive", SUB_NONE, NULL, "difffilter", VALUE_ANY},
        {"imap", SUB_NONE, NULL, "tunnel", VALUE_ANY},
        {"instaweb", SUB_NONE, NULL, "httpd", VALUE_ANY},
        {"init", SUB_NONE, NULL, "templatedir", VALUE_ANY},
        {"sendemail", SUB_OPTIONAL, NULL, "sendmailcmd", VALUE_ANY},
        {"sendemail", SUB_OPTIONAL, NULL, "smtpserver", VALUE_ANY},
        {"sendemail", SUB_OPTIONAL, NULL, "tocmd", VALUE_ANY},
        {"sendemail", SUB_OPTIONAL, NULL, "cccmd", VALUE_ANY},
        {"sendemail", SUB_OPTIONAL, NULL, "headercmd", VALUE_ANY},
        {"svn", SUB_NONE, NULL, "authorsprog", VALUE_ANY},
        {"svn-remote", SUB_ANY, NULL, "authorsprog", VALUE_ANY},
        {"hook", SUB_ANY, NULL, "command", VALUE_ANY},
        {"lfs", SUB_ANY, "customtransfer.", "path", VALUE_ANY},
        {"lfs", SUB_ANY, "extension.", "clean", VALUE_ANY},
        {"lfs", SUB_ANY, "extension.", "smudge", VALUE_ANY},
        {"url", SUB_ANY, NULL, "insteadof", SUB_LOCAL},
        {"url", SUB_ANY, NULL, "pushinsteadof", SUB_LOCAL},
};

/* Whether the URL u (n bytes) names a repository on this machine, as
 * git's transport decides: file://, or no scheme and no ssh "host:" (a
 * ':' only after a '/'; url_is_local_not_ssh()). */
static bool url_is_local(const char *u, size_t n) {
        const char *colon = memchr(u, ':', n), *slash = memchr(u, '/', n);
        if (n >= 7 && strncasecmp(u, "file://", 7) == 0)
                return true;
        for (size_t i = 0; i + 2 < n; i++)
                if (u[i] == ':' && u[i + 1] == '/' && u[i + 2] == '/')
                        return false; /* another scheme */
        return !colon || (slash && slash < colon);
}

/* git_parse_maybe_bool(): true/yes/on/false/no/off in any case, empty, a
 * bare key, or what git_parse_int() takes (strtoimax base 0 and a k/m/g
 * unit, within int). */
static bool git_reads_as_bool(const char *v) {
        static const char *const words[] = {"true", "yes", "on", "false", "no", "off"};

        if (!v || !*v)
                return true;
        for (size_t i = 0; i < ELEMENTSOF(words); i++)
                if (strcasecmp(v, words[i]) == 0)
                        return true;

        char *end;
        errno = 0;
        intmax_t n = strtoimax(v, &end, 0);
        if (errno == ERANGE || n == INTMAX_MIN)
                return false;
        uintmax_t factor;
        if (!*end)
                factor = 1;
        else if (strcasecmp(end, "k") == 0)
                factor = 1024;
        else if (strcasecmp(end, "m") == 0)
                factor = 1024 * 1024;
        else if (strcasecmp(end, "g") == 0)
                factor = 1024 * 1024 * 1024;
        else
                return false;
        uintmax_t u = n < 0 ? (uintmax_t) -n : (uintmax_t) n;
        return u <= (uintmax_t) INT_MAX / factor;
}

static bool value_matches(ValueRule rule, const char *value) {
        switch (rule) {
        case VALUE_ANY:
                return true;
        case VALUE_BANG:
                return value && value[0] == '!';
        case VALUE_NOT_BOOL:
                return !git_reads_as_bool(value);
        case SUB_LOCAL:
                break; /* the subsection's: git_audit_key_is_flagged */
        }
        return false;
}

bool git_audit_key_is_flagged(const char *name, const char *value) {
        /* Split as git's parse_config_key() does: the section ends at the
         * first dot, the key starts after the last, a subsection (which may
         * hold dots, or be empty) is what lies between. */
        const char *first = strchr(name, '.');
        if (!first)
                return false;
        const char *last = strrchr(name, '.');
        size_t section_len = (size_t) (first - name);
        const char *key = last + 1;
        bool has_sub = last != first;
        const char *sub = first + 1;
        size_t sub_len = has_sub ? (size_t) (last - sub) : 0;

        for (size_t i = 0; i < ELEMENTSOF(flagged); i++) {
                const Flagged *f = &flagged[i];

                /* Exact, as git's callbacks compare (strcmp, skip_prefix):
                 * its parser lower-cased section and key, and where upper
                 * case remains a NUL cut the name, and git ignores it
                 * ("core.editOr" is not the editor). An alias name is the
                 * one part git matches in any case, and any key counts. */
                if (strlen(f->section) != section_len || strncmp(name, f->section, section_len) != 0)
                        continue;
                if ((f->sub == SUB_NONE && has_sub) || (f->sub == SUB_ANY && !has_sub))
                        continue;
                if (f->sub_prefix) {
                        size_t n = strlen(f->sub_prefix);
                        if (sub_len < n || strncasecmp(sub, f->sub_prefix, n) != 0)
                                continue;
                }
                if (f->key && !streq(key, f->key))
                        continue;
                if (f->rule == SUB_LOCAL ? url_is_local(sub, sub_len) : value_matches(f->rule, value))
                        return true;
        }
        return false;
}

/* ---- the audit ---- */

typedef struct Keys {
        char **v;
        size_t n, size;
} Keys;

/* name into keys, once. */
static int keys_add(Keys *keys, const char *name) {
        for (size_t i = 0; i < keys->n; i++)
                if (streq(keys->v[i], name))
                        return 0;
        if (ARRAY_GROW(keys->v, keys->size, keys->n + 2) < 0)
                return -ENOMEM;
        keys->v[keys->n] = strdup(name);
        if (!keys->v[keys->n])
                return -ENOMEM;
        keys->v[++keys->n] = NULL;
        return 0;
}

static int collect(const char *name, const char *value, void *userdata) {
        return git_audit_key_is_flagged(name, value) ? keys_add(userdata, name) : 0;
}

/* dir/v (v alone when absolute), with ".", ".." and repeated slashes
 * taken out lexically: "/" at most up to the root. NULL: out of memory. */
static char *path_resolve(const char *dir, const char *v) {
        size_t n = strlen(dir) + strlen(v) + 3;
        _cleanup_free_ char *in = malloc(n);
        char *out = malloc(n);
        if (!in || !out) {
                free(out);
                return NULL;
        }
        snprintf(in, n, "%s/%s", v[0] == '/' ? "" : dir, v);
        size_t len = 0;
        for (char *c = in, *end; *c; c = end) {
                while (*c == '/')
                        c++;
                end = c + strcspn(c, "/");
                size_t k = (size_t) (end - c);
                if (k == 0 || (k == 1 && c[0] == '.'))
                        continue;
                if (k == 2 && c[0] == '.' && c[1] == '.') {
                        while (len > 0 && out[len - 1] != '/')
                                len--;
                        if (len > 0)
                                len--; /* the slash before it */
                        continue;
                }
                out[len++] = '/';
                memcpy(out + len, c, k);
                len += k;
        }
        if (len == 0)
                out[len++] = '/';
        out[len] = 0;
        return out;
}

/* Flagged, or (with a place) core.worktree naming a worktree out of the
 * checkout's own tree, resolved as git's setup does: relative to the
 * gitdir; no value at all is flagged (git refuses it anyway). */
static bool flagged_at(const GitAuditPlace *place, const char *name, const char *value) {
        if (git_audit_key_is_flagged(name, value))
                return true;
        if (!place || !streq(name, "core.worktree"))
                return false;
        if (!value)
                return true;
        _cleanup_free_ char *p = path_resolve(place->gitdir, value);
        return !p || !place->inside(place->ctx, p, value);
}

/* The file's entries, each to fn; 0, or -errno (-EINVAL: git could not
 * parse it, at *ret_line). */
static int parse_with(const char *buf, size_t len, EntryFn fn, void *userdata, size_t *ret_line) {
        Reader r = {
                .buf = (const unsigned char *) buf,
                .len = len,
                .line = 1,
                .fn = fn,
                .userdata = userdata,
        };

        /* git stops reading past INT_MAX bytes and fails the file. */
        if (len > INT_MAX)
                return -EFBIG;

        int k = parse(&r);
        free(r.var.data);
        free(r.value.data);
        if (k == -EINVAL && ret_line)
                *ret_line = r.line;
        return k;
}

int git_audit_config(const char *buf, size_t len, char ***ret_keys, size_t *ret_line) {
        Keys keys = {};
        size_t line = 0;
        int k = parse_with(buf, len, collect, &keys, &line);
        if (k >= 0 && !keys.v) {
                keys.v = calloc(1, sizeof(char *));
                if (!keys.v)
                        k = -ENOMEM;
        }
        if (k < 0) {
                if (keys.v)
                        keys.v[keys.n] = NULL;
                strv_free(keys.v);
                if (k == -EINVAL && ret_line)
                        *ret_line = line;
                return k;
        }
        *ret_keys = keys.v;
        return 0;
}

typedef struct Wanted {
        const char *name;
        int value; /* -1: not seen; else the last value's boolean */
        bool bad;  /* the last value is not one git reads as a boolean */
} Wanted;

static int find_bool(const char *name, const char *value, void *userdata) {
        Wanted *x = userdata;
        if (!streq(name, x->name))
                return 0;
        x->bad = !git_reads_as_bool(value);
        x->value = 0;
        if (x->bad)
                return 0;
        /* git_parse_maybe_bool: a bare key, true, yes, on, or an int not 0 */
        static const char *const yes[] = {"true", "yes", "on"};
        int v = !value;
        for (size_t i = 0; value && i < ELEMENTSOF(yes); i++)
                v = v || strcasecmp(value, yes[i]) == 0;
        if (value && !v && *value && strcasecmp(value, "false") != 0 && strcasecmp(value, "no") != 0 &&
            strcasecmp(value, "off") != 0)
                v = strtoimax(value, NULL, 0) != 0;
        x->value = v;
        return 0;
}

int git_config_bool(const char *buf, size_t len, const char *name, bool *ret) {
        Wanted x = {.name = name, .value = -1};
        int k = parse_with(buf, len, find_bool, &x, NULL);
        if (k < 0)
                return k;
        if (x.value < 0)
                return 0;
        if (x.bad)
                return -EINVAL; /* git dies on it: "bad boolean config value" */
        *ret = x.value;
        return 1;
}

/* ---- taking the flagged entries out ---- */

bool git_audit_key_is_removed(const char *name) {
        return !streq(name, "extensions.worktreeconfig");
}

/* Every entry git reads, in order, spelled so that two lists of entries
 * are the same bytes exactly when git reads the same entries: the name's
 * length and the name, then "-" for a bare key or the value's length and
 * the value. */
static int entry_add(Bytes *b, const char *name, const char *value) {
        char head[48];
        int k = 0;
        size_t vn = value ? strlen(value) : 0;
        snprintf(head, sizeof head, "%zu:", strlen(name));
        for (const char *p = head; *p && k >= 0; p++)
                k = bytes_add(b, *p);
        for (const char *p = name; *p && k >= 0; p++)
                k = bytes_add(b, *p);
        if (value)
                snprintf(head, sizeof head, "=%zu:", vn);
        else
                snprintf(head, sizeof head, "-");
        for (const char *p = head; *p && k >= 0; p++)
                k = bytes_add(b, *p);
        for (size_t i = 0; i < vn && k >= 0; i++)
                k = bytes_add(b, value[i]);
        return k;
}

typedef struct Strip {
        const Reader *r;
        const GitAuditPlace *place;
        Bytes kept;  /* the entries left, as entry_add spells them */
        Keys keys;   /* the flagged names, once each */
        size_t *cut; /* [start, end) byte ranges to take out, in order */
        size_t n_cut, size_cut;
} Strip;

static int entries_all(const char *name, const char *value, void *userdata) {
        return entry_add(userdata, name, value);
}

/* What of the bytes goes with a flagged entry: its line whole (the blanks
 * before it, its value's continuation lines, its LF) when nothing else is
 * on the line; otherwise (a section header before it on the same line)
 * the entry alone, and the header keeps its line end. */
static int strip_entry(const char *name, const char *value, void *userdata) {
        Strip *s = userdata;
        const unsigned char *buf = s->r->buf;
        size_t start = s->r->entry_start, end = s->r->entry_end, b = start;

        if (!flagged_at(s->place, name, value) || !git_audit_key_is_removed(name))
                return entry_add(&s->kept, name, value);
        int k = keys_add(&s->keys, name);
        if (k < 0)
                return k;
        while (b > 0 && (buf[b - 1] == ' ' || buf[b - 1] == '\t'))
                b--;
        if (b == 0 || buf[b - 1] == '\n')
                start = b;
        else if (end > start && buf[end - 1] == '\n') {
                end--;
                if (end > start && buf[end - 1] == '\r') /* CR LF: read as one LF */
                        end--;
        }
        if (ARRAY_GROW(s->cut, s->size_cut, s->n_cut + 2) < 0)
                return -ENOMEM;
        s->cut[s->n_cut++] = start;
        s->cut[s->n_cut++] = end;
        return 0;
}

/* Parse buf with fn, the reader kept in *r (its line: where git stops). */
static int parse_reader(const char *buf, size_t len, EntryFn fn, void *userdata, Reader *r) {
        *r = (Reader){
                .buf = (const unsigned char *) buf,
                .len = len,
                .line = 1,
                .fn = fn,
                .userdata = userdata,
        };
        int k = parse(r);
        free(r->var.data);
        free(r->value.data);
        r->var = r->value = (Bytes){};
        return k;
}

int git_audit_config_strip(const char *buf, size_t len, char **ret, size_t *ret_len, char ***ret_keys,
                           size_t *ret_line) {
        return git_audit_config_strip_at(buf, len, NULL, ret, ret_len, ret_keys, ret_line);
}

int git_audit_config_strip_at(const char *buf, size_t len, const GitAuditPlace *place, char **ret,
                              size_t *ret_len, char ***ret_keys, size_t *ret_line) {
        Strip s = {.place = place};
        Reader r, again;
        Bytes out = {}, check = {};
        int k;

        if (len > INT_MAX)
                return -EFBIG;
        s.r = &r;
        k = parse_reader(buf, len, strip_entry, &s, &r);
        if (k == -EINVAL && ret_line)
                *ret_line = r.line;
        /* The bytes between the cuts, as they are. */
        for (size_t i = 0, at = 0; k >= 0 && i <= s.n_cut; i += 2) {
                size_t until = i < s.n_cut ? s.cut[i] : len;
                for (; at < until && k >= 0; at++)
                        k = bytes_add(&out, buf[at]);
                if (i < s.n_cut)
                        at = s.cut[i + 1];
        }
        if (k >= 0 && !out.data && (k = bytes_add(&out, 0)) >= 0)
                out.len = 0; /* nothing left: "" */
        /* What git reads of the result must be every other entry, as it
         * was: a cut that changed anything else is never written. */
        if (k >= 0) {
                k = parse_reader(out.data, out.len, entries_all, &check, &again);
                if (k == -EINVAL ||
                    (k >= 0 && (check.len != s.kept.len ||
                                (check.len > 0 && memcmp(check.data, s.kept.data, check.len) != 0))))
                        k = -EBADMSG;
        }
        if (k >= 0 && !s.keys.v) {
                s.keys.v = calloc(1, sizeof(char *));
                if (!s.keys.v)
                        k = -ENOMEM;
        }
        free(s.cut);
        free(s.kept.data);
        free(check.data);
        if (k < 0) {
                if (s.keys.v)
                        s.keys.v[s.keys.n] = NULL;
                strv_free(s.keys.v);
                free(out.data);
                return k;
        }
        *ret = out.data;
        *ret_len = out.len;
        *ret_keys = s.keys.v;
        return (int) (s.n_cut / 2);
}

/* ---- hooks ---- */

bool git_audit_hook_is_sample(const char *name) {
        /* templates/hooks--* in git 2.39, plus sendemail-validate.sample
         * (git 2.40 and later). */
        static const char *const samples[] = {
                "applypatch-msg.sample",     "commit-msg.sample",
                "fsmonitor-watchman.sample", "post-update.sample",
                "pre-applypatch.sample",     "pre-commit.sample",
                "pre-merge-commit.sample",   "pre-push.sample",
                "pre-rebase.sample",         "pre-receive.sample",
                "prepare-commit-msg.sample", "push-to-checkout.sample",
                "sendemail-validate.sample", "update.sample",
        };

        for (size_t i = 0; i < ELEMENTSOF(samples); i++)
                if (streq(name, samples[i]))
                        return true;
        return false;
}

/* A message git-lfs's hook prints, between double quotes: one line, and
 * nothing the shell expands or takes as a quote (escapes: only the \n of
 * the echo form). */
static bool lfs_message(const char *s, size_t n, bool echo) {
        for (size_t i = 0; i < n; i++) {
                if (s[i] == '"' || s[i] == '$' || s[i] == '`' || s[i] == '\n' || s[i] == 0)
                        return false;
                if (s[i] == '\\' && !(echo && i + 1 < n && s[i + 1] == 'n'))
                        return false;
                i += s[i] == '\\';
        }
        return true;
}

bool git_audit_hook_lfs_name(const char *name) {
        static const char *const hooks[] = {"post-checkout", "post-commit", "post-merge", "pre-push", NULL};
        return streq_any(name, hooks);
}

bool git_audit_hook_is_lfs(const char *name, const char *s, size_t n) {
        static const char head[] = "#!/bin/sh\ncommand -v git-lfs >/dev/null 2>&1 || { ";
        static const char echo[] = "echo >&2 \"", printf_[] = "printf >&2 \"\\n%s\\n\\n\" \"";
        static const char tail[] = "\"; exit 2; }\ngit lfs ";
        if (!git_audit_hook_lfs_name(name) || n < sizeof head || memcmp(s, head, sizeof head - 1) != 0)
                return false;
        const char *p = s + sizeof head - 1, *end = s + n;
        bool is_echo = (size_t) (end - p) >= sizeof echo - 1 && memcmp(p, echo, sizeof echo - 1) == 0;
        if (is_echo)
                p += sizeof echo - 1;
        else if ((size_t) (end - p) >= sizeof printf_ - 1 && memcmp(p, printf_, sizeof printf_ - 1) == 0)
                p += sizeof printf_ - 1;
        else
                return false;
        const char *q = memmem(p, (size_t) (end - p), tail, sizeof tail - 1);
        if (!q || !lfs_message(p, (size_t) (q - p), is_echo))
                return false;
        p = q + sizeof tail - 1;
        /* git lfs NAME "$@", and at most one newline */
        size_t len = strlen(name);
        if ((size_t) (end - p) < len + 5 || memcmp(p, name, len) != 0 || memcmp(p + len, " \"$@\"", 5) != 0)
                return false;
        p += len + 5;
        return p == end || (p + 1 == end && *p == '\n');
}

void strv_free(char **v) {
        if (!v)
                return;
        for (char **p = v; *p; p++)
                free(*p);
        free(v);
}

const char *const git_metadata_protected[4] = {"config", "hooks/", "config.worktree", "info/attributes"};
const char *const git_common_metadata_protected[3] = {"config", "hooks/", "info/attributes"};
