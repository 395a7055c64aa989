/* SPDX-License-Identifier: MIT */
/* The history record's format (history.h): writer, strict reader, and what
 * it says of a policy's masked entries. It runs no git and reads no blob. */
#include "history.h"

#include <stdarg.h>
#include <stdio.h>

#include "array.h"
#include "entry.h"
#include "hashmap.h"
#include "util.h"

static void seen_freep(Hashmap **m) {
        hashmap_free(*m);
}

void history_record_done(HistoryRecord *r) {
        for (size_t i = 0; i < r->n_held; i++)
                free(r->held[i]);
        free(r->held);
        *r = (HistoryRecord){0};
}

/* A reason: printable ASCII, no newline (the reader's rule). */
static bool reason_ok(const char *s) {
        for (; *s; s++)
                if ((unsigned char) *s < 0x20 || (unsigned char) *s > 0x7e)
                        return false;
        return true;
}

int history_record_format(const HistoryRecord *r, char **ret, size_t *ret_n) {
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        int k = 0;
        if (!f)
                return -ENOMEM;
        fprintf(f, "%s\n", HISTORY_RECORD_MAGIC);
        if (!r->known)
                fprintf(f, "unknown %s\n", r->reason[0] && reason_ok(r->reason) ? r->reason : "(no reason)");
        else {
                fputs("complete\n", f);
                for (size_t i = 0; i < r->n_held; i++) {
                        if (entry_validate(r->held[i], ENTRY_MASK) != ENTRY_OK)
                                k = -EINVAL;
                        fprintf(f, "held %s\n", r->held[i]);
                }
        }
        if (fclose(f) != 0 && k == 0)
                k = -ENOMEM;
        if (k < 0) {
                free(text);
                return k;
        }
        *ret = text;
        *ret_n = len;
        return 0;
}

_printf_(4, 5) static int bad(char *err, size_t err_n, size_t line, const char *fmt, ...) {
        va_list ap;
        int k = snprintf(err, err_n, "line %zu: ", line);
        if (k >= 0 && (size_t) k < err_n) {
                va_start(ap, fmt);
                vsnprintf(err + k, err_n - (size_t) k, fmt, ap);
                va_end(ap);
        }
        return -EINVAL;
}

int history_record_parse(const char *buf, size_t n, HistoryRecord *ret, char *err, size_t err_n) {
        _cleanup_(history_record_done) HistoryRecord rec = {0};
        _cleanup_(seen_freep) Hashmap *seen = NULL;
        size_t line = 0, allocated = 0;
        bool stated = false;

        for (size_t pos = 0; pos < n;) {
                const char *s = buf + pos, *nl = memchr(s, '\n', n - pos);
                line++;
                if (!nl)
                        return bad(err, err_n, line, "no newline at the end (the record cut short?)");
                size_t len = (size_t) (nl - s);
                pos += len + 1;
                if (memchr(s, 0, len))
                        return bad(err, err_n, line, "a NUL byte");
                _cleanup_free_ char *l = strndup(s, len);
                if (!l)
                        return -ENOMEM;
                if (line == 1) {
                        if (!streq(l, HISTORY_RECORD_MAGIC))
                                return bad(err, err_n, line, "not '%s' (another version?)",
                                           HISTORY_RECORD_MAGIC);
                } else if (line == 2) {
                        stated = true;
                        if (streq(l, "complete"))
                                rec.known = true;
                        else if (strncmp(l, "unknown ", 8) == 0 && l[8] && reason_ok(l + 8) &&
                                 len - 8 < sizeof rec.reason)
                                memcpy(rec.reason, l + 8, len - 8 + 1);
                        else
                                return bad(err, err_n, line, "neither 'complete' nor 'unknown REASON'");
                } else {
                        if (!rec.known)
                                return bad(err, err_n, line, "a line after 'unknown'");
                        if (strncmp(l, "held ", 5) != 0)
                                return bad(err, err_n, line, "not 'held ENTRY'");
                        const char *entry = l + 5;
                        EntryError e = entry_validate(entry, ENTRY_MASK);
                        if (e != ENTRY_OK)
                                return bad(err, err_n, line, "held entry: %s", entry_error_to_string(e));
                        if (!seen && !(seen = hashmap_new()))
                                return -ENOMEM;
                        if (hashmap_contains(seen, entry))
                                return bad(err, err_n, line, "an entry held twice");
                        if (ARRAY_GROW(rec.held, allocated, rec.n_held + 2) < 0)
                                return -ENOMEM;
                        memmove(l, l + 5, len - 5 + 1); /* the entry alone */
                        rec.held[rec.n_held] = TAKE_PTR(l);
                        rec.held[++rec.n_held] = NULL;
                        if (hashmap_put(seen, rec.held[rec.n_held - 1], NULL) < 0)
                                return -ENOMEM;
                }
        }
        if (!stated)
                return bad(err, err_n, line + 1, "the record ends before it says 'complete' or 'unknown'");
        *ret = rec;
        rec = (HistoryRecord){0};
        return 0;
}

int history_record_load(const char *path, HistoryRecord *ret, char *err, size_t err_n) {
        _cleanup_free_ char *buf = NULL;
        size_t n = 0;
        int r = read_full_file(path, HISTORY_RECORD_MAX, &buf, &n);
        if (r == -EISDIR || r == -ENXIO) {
                snprintf(err, err_n, "not a regular file");
                return -EINVAL;
        }
        if (r == -EFBIG) {
                snprintf(err, err_n, "larger than %u bytes", HISTORY_RECORD_MAX);
                return -EINVAL;
        }
        return r < 0 ? r : history_record_parse(buf, n, ret, err, err_n);
}

int history_record_held(const HistoryRecord *r, const char *const *secrets, size_t n, bool **ret) {
        bool *held = calloc(n ? n : 1, sizeof *held);
        if (!held)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                held[i] = !r->known;
                for (size_t k = 0; !held[i] && k < r->n_held; k++)
                        held[i] = entry_same_path(secrets[i], r->held[k]);
        }
        *ret = held;
        return 0;
}

char *history_record_beside(const char *policy_path) {
        const char *slash = strrchr(policy_path, '/');
        char *s = NULL;
        if (asprintf(&s, "%.*s%s", slash ? (int) (slash - policy_path + 1) : 0, policy_path,
                     HOST_HISTORY_FILE) < 0)
                return NULL;
        return s;
}

static bool component_eq(const char *a, size_t an, const char *b, size_t bn) {
        if (an != bn)
                return false;
        for (size_t i = 0; i < an; i++) {
                unsigned char x = (unsigned char) a[i], y = (unsigned char) b[i];
                if (x != y && !((x | 0x20) == (y | 0x20) && (x | 0x20) >= 'a' && (x | 0x20) <= 'z'))
                        return false;
        }
        return true;
}

bool history_path_holds(const char *entry, const char *path) {
        size_t en = strlen(entry);
        if (en > 0 && entry[en - 1] == '/')
                en--;
        if (en == 0)
                return false;
        /* At each component start of path: does entry's text follow, ended
         * by the path's end or a '/'? Components are whole on both sides. */
        for (const char *p = path; p; p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL) {
                size_t rest = strlen(p);
                if (rest < en)
                        return false;
                if ((p[en] == 0 || p[en] == '/') && component_eq(p, en, entry, en))
                        return true;
        }
        return false;
}
