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
        for (size_t i = 0; i < r->n_held; i++) {
                free(r->held[i].entry);
                for (size_t a = 0; a < r->held[i].n_at; a++)
                        free(r->held[i].at[a]);
                free(r->held[i].at);
        }
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
                if (r->unreachable)
                        fputs("unreachable\n", f);
                for (size_t i = 0; i < r->n_held; i++) {
                        const HistoryHeld *h = &r->held[i];
                        if (entry_validate(h->entry, ENTRY_MASK) != ENTRY_OK || (h->at && h->n_at == 0) ||
                            h->n_at > HISTORY_AT_MAX)
                                k = -EINVAL;
                        fprintf(f, "held %s\n", h->entry);
                        for (size_t a = 0; a < h->n_at; a++) {
                                if (!history_at_ok(h->entry, h->at[a]))
                                        k = -EINVAL;
                                fprintf(f, "at %s\n", h->at[a]);
                        }
                        if (!h->at)
                                fputs("anywhere\n", f);
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

/* The reader's state: what the next line may be. */
typedef enum Expect {
        EXPECT_MAGIC,
        EXPECT_STATE,
        EXPECT_UNREACHABLE, /* after complete: unreachable, or as EXPECT_HELD */
        EXPECT_HELD,        /* after unreachable, or after an entry's places */
        EXPECT_PLACE,       /* after a held line: at or anywhere */
        EXPECT_PLACES,      /* after an at line: another, or the next held */
        EXPECT_NOTHING      /* after unknown */
} Expect;

/* A held line's entry, once: a new HistoryHeld at the record's end. */
static int take_held(HistoryRecord *rec, size_t *allocated, Hashmap **seen, char *l, size_t len, char *err,
                     size_t err_n, size_t line) {
        const char *entry = l + 5;
        EntryError e = entry_validate(entry, ENTRY_MASK);
        if (e != ENTRY_OK)
                return bad(err, err_n, line, "held entry: %s", entry_error_to_string(e));
        if (!*seen && !(*seen = hashmap_new()))
                return -ENOMEM;
        if (hashmap_contains(*seen, entry))
                return bad(err, err_n, line, "an entry held twice");
        if (ARRAY_GROW(rec->held, *allocated, rec->n_held + 1) < 0)
                return -ENOMEM;
        memmove(l, l + 5, len - 5 + 1); /* the entry alone */
        rec->held[rec->n_held++] = (HistoryHeld){.entry = l};
        return hashmap_put(*seen, l, NULL) < 0 ? -ENOMEM : 0;
}

/* An at line's place for the last held entry. */
static int take_place(HistoryHeld *h, size_t *allocated, size_t *total, char *l, size_t len, char *err,
                      size_t err_n, size_t line) {
        if (!history_at_ok(h->entry, l + 3))
                return bad(err, err_n, line, "a place that is not a path ending in %s", h->entry);
        if (h->n_at >= HISTORY_AT_MAX || ++*total > HISTORY_AT_TOTAL_MAX)
                return bad(err, err_n, line, "more places than the record's bound");
        if (ARRAY_GROW(h->at, *allocated, h->n_at + 2) < 0)
                return -ENOMEM;
        memmove(l, l + 3, len - 3 + 1);
        h->at[h->n_at++] = l;
        h->at[h->n_at] = NULL;
        return 0;
}

int history_record_parse(const char *buf, size_t n, HistoryRecord *ret, char *err, size_t err_n) {
        _cleanup_(history_record_done) HistoryRecord rec = {0};
        _cleanup_(seen_freep) Hashmap *seen = NULL;
        size_t line = 0, allocated = 0, at_allocated = 0, total = 0;
        Expect expect = EXPECT_MAGIC;

        for (size_t pos = 0; pos < n;) {
                const char *s = buf + pos, *nl = memchr(s, '\n', n - pos);
                int r = 0;
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
                HistoryHeld *h = rec.n_held > 0 ? &rec.held[rec.n_held - 1] : NULL;
                switch (expect) {
                case EXPECT_MAGIC:
                        if (!streq(l, HISTORY_RECORD_MAGIC))
                                return bad(err, err_n, line, "not '%s' (another version?)",
                                           HISTORY_RECORD_MAGIC);
                        expect = EXPECT_STATE;
                        break;
                case EXPECT_STATE:
                        if (streq(l, "complete")) {
                                rec.known = true;
                                expect = EXPECT_UNREACHABLE;
                        } else if (strncmp(l, "unknown ", 8) == 0 && l[8] && reason_ok(l + 8) &&
                                   len - 8 < sizeof rec.reason) {
                                memcpy(rec.reason, l + 8, len - 8 + 1);
                                expect = EXPECT_NOTHING;
                        } else
                                return bad(err, err_n, line, "neither 'complete' nor 'unknown REASON'");
                        break;
                case EXPECT_NOTHING:
                        return bad(err, err_n, line, "a line after 'unknown'");
                case EXPECT_PLACE:
                        if (streq(l, "anywhere")) {
                                expect = EXPECT_HELD;
                                break;
                        }
                        _fallthrough_;
                case EXPECT_PLACES:
                        if (strncmp(l, "at ", 3) == 0) {
                                r = take_place(h, &at_allocated, &total, l, len, err, err_n, line);
                                if (r >= 0)
                                        TAKE_PTR(l);
                                expect = EXPECT_PLACES;
                                break;
                        }
                        if (expect == EXPECT_PLACE)
                                return bad(err, err_n, line, "not 'at PATH' or 'anywhere' after 'held %s'",
                                           h->entry);
                        _fallthrough_;
                case EXPECT_UNREACHABLE:
                        if (expect == EXPECT_UNREACHABLE && streq(l, "unreachable")) {
                                rec.unreachable = true;
                                expect = EXPECT_HELD;
                                break;
                        }
                        _fallthrough_;
                case EXPECT_HELD:
                        if (strncmp(l, "held ", 5) != 0)
                                return bad(err, err_n, line, "not 'held ENTRY'");
                        r = take_held(&rec, &allocated, &seen, l, len, err, err_n, line);
                        if (r >= 0)
                                TAKE_PTR(l);
                        at_allocated = 0;
                        expect = EXPECT_PLACE;
                        break;
                }
                if (r < 0)
                        return r;
        }
        if (expect == EXPECT_MAGIC || expect == EXPECT_STATE)
                return bad(err, err_n, line + 1, "the record ends before it says 'complete' or 'unknown'");
        if (expect == EXPECT_PLACE)
                return bad(err, err_n, line + 1, "the record ends before it says where 'held %s' is",
                           rec.held[rec.n_held - 1].entry);
        /* an entry held at places has them; one held anywhere, none */
        for (size_t i = 0; i < rec.n_held; i++)
                if (rec.held[i].n_at == 0)
                        rec.held[i].at = NULL;
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

int history_record_held(const HistoryRecord *r, const char *const *secrets, size_t n, bool **ret,
                        const char *const ***ret_at) {
        _cleanup_free_ bool *held = calloc(n ? n : 1, sizeof *held);
        _cleanup_free_ const char *const **at = calloc(n ? n : 1, sizeof *at);
        if (!held || !at)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                held[i] = !r->known;
                for (size_t k = 0; !held[i] && k < r->n_held; k++)
                        if (entry_same_path(secrets[i], r->held[k].entry)) {
                                held[i] = true;
                                at[i] = (const char *const *) r->held[k].at;
                        }
        }
        *ret = TAKE_PTR(held);
        *ret_at = TAKE_PTR(at);
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

bool history_at_ok(const char *entry, const char *at) {
        size_t n = strlen(at), en = strlen(entry);
        if (n == 0 || n > HISTORY_AT_PATH_MAX || at[0] == '/')
                return false;
        for (size_t i = 0; i < n; i++)
                if ((unsigned char) at[i] < 0x20 || at[i] == 0x7f)
                        return false;
        if (at[n - 1] == '/')
                n--;
        if (en > 0 && entry[en - 1] == '/')
                en--;
        /* whole components, none empty, "." or ".." */
        for (size_t i = 0; i < n;) {
                size_t k = i;
                while (k < n && at[k] != '/')
                        k++;
                if (k == i || (k - i == 1 && at[i] == '.') ||
                    (k - i == 2 && at[i] == '.' && at[i + 1] == '.'))
                        return false;
                i = k + 1;
        }
        /* its end is entry's run, and the run starts a component */
        return en > 0 && n >= en && (n == en || at[n - en - 1] == '/') &&
               entry_run_eq(at + n - en, entry, en);
}
