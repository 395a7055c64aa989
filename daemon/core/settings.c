/* SPDX-License-Identifier: MIT */
#include "settings.h"

#include <jansson.h>
#include <stdarg.h>

#include "util.h"

/*
 * jansson keeps no positions for the values it decodes, but the spec wants
 * every error (and every refused entry) to name its line and column. So the
 * locator below walks the already-validated text to the value at a key
 * path. It lexes nothing itself: each key and each skipped value is decoded
 * by jansson (JSON_DISABLE_EOF_CHECK stops after one value and reports how
 * many bytes it read), and the walk only steps over the structural
 * characters between them. Duplicate keys are refused at load, so a key path
 * names exactly one value.
 */

static size_t skip_ws(const char *buf, size_t len, size_t pos) {
        while (pos < len && (buf[pos] == ' ' || buf[pos] == '\t' || buf[pos] == '\n' || buf[pos] == '\r'))
                pos++;
        return pos;
}

/* Decode one JSON value at pos; returns bytes consumed (0 on failure). */
static size_t value_at(const char *buf, size_t len, size_t pos, json_t **ret) {
        json_error_t e;
        json_t *v = json_loadb(buf + pos, len - pos, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK, &e);
        if (!v)
                return 0;
        if (ret)
                *ret = v;
        else
                json_decref(v);
        return (size_t) e.position;
}

/* Move pos from an object's '{' to the value of key. */
static bool locate_key(const char *buf, size_t len, size_t *pos, const char *key) {
        size_t p = skip_ws(buf, len, *pos);
        if (p >= len || buf[p] != '{')
                return false;
        p++;
        for (;;) {
                json_t *k = NULL;
                p = skip_ws(buf, len, p);
                if (p >= len || buf[p] == '}')
                        return false;
                size_t n = value_at(buf, len, p, &k);
                if (n == 0)
                        return false;
                bool found = json_is_string(k) && streq(json_string_value(k), key);
                json_decref(k);
                p = skip_ws(buf, len, p + n);
                if (p >= len || buf[p] != ':')
                        return false;
                p = skip_ws(buf, len, p + 1);
                if (found) {
                        *pos = p;
                        return true;
                }
                n = value_at(buf, len, p, NULL);
                if (n == 0)
                        return false;
                p = skip_ws(buf, len, p + n);
                if (p >= len || buf[p] != ',')
                        return false;
                p++;
        }
}

/* Offsets of the value at keys and, when it is an array, of its first n
 * elements. Returns false when the text does not have them (it always
 * should; the caller then reports position 1:1). */
static bool locate(const char *buf, size_t len, const char *const *keys, size_t nkeys, size_t *ret_value,
                   size_t *elements, size_t n) {
        size_t p = skip_ws(buf, len, 0);
        for (size_t i = 0; i < nkeys; i++)
                if (!locate_key(buf, len, &p, keys[i]))
                        return false;
        if (ret_value)
                *ret_value = p;
        if (n == 0)
                return true;
        if (p >= len || buf[p] != '[')
                return false;
        p++;
        for (size_t i = 0; i < n; i++) {
                p = skip_ws(buf, len, p);
                elements[i] = p;
                size_t k = value_at(buf, len, p, NULL);
                if (k == 0)
                        return false;
                p = skip_ws(buf, len, p + k);
                if (i + 1 < n) {
                        if (p >= len || buf[p] != ',')
                                return false;
                        p++;
                }
        }
        return true;
}

/* Line and column of offsets that only grow, counted the way jansson counts
 * them (1-based, columns in characters). */
typedef struct Cursor {
        size_t offset;
        unsigned line, column;
} Cursor;

static void cursor_advance(Cursor *c, const char *buf, size_t to) {
        while (c->offset < to) {
                if (buf[c->offset] == '\n') {
                        c->line++;
                        c->column = 1;
                        c->offset++;
                } else {
                        size_t n = utf8_sequence_length(buf + c->offset);
                        c->offset += n > 0 ? n : 1;
                        c->column++;
                }
        }
}

static void position_of(const char *buf, size_t offset, unsigned *line, unsigned *column) {
        Cursor c = {0, 1, 1};
        cursor_advance(&c, buf, offset);
        *line = c.line;
        *column = c.column;
}

_printf_(6, 7) static int fail(SettingsError *err, const char *source, const char *field, unsigned line,
                               unsigned column, const char *fmt, ...) {
        va_list ap;

        if (err) {
                *err = (SettingsError){.line = line, .column = column};
                snprintf(err->source, sizeof err->source, "%s", source);
                snprintf(err->field, sizeof err->field, "%s", field ? field : "");
                va_start(ap, fmt);
                vsnprintf(err->message, sizeof err->message, fmt, ap);
                va_end(ap);
        }
        return -EINVAL;
}

static const char *type_name(const json_t *v) {
        if (!v)
                return "nothing";
        switch (json_typeof(v)) {
        case JSON_OBJECT:
                return "an object";
        case JSON_ARRAY:
                return "an array";
        case JSON_STRING:
                return "a string";
        case JSON_INTEGER:
        case JSON_REAL:
                return "a number";
        case JSON_TRUE:
        case JSON_FALSE:
                return "a boolean";
        case JSON_NULL:
                return "null";
        }
        return "a value";
}

/* Report that the value at keys has the wrong type. */
static int fail_type(SettingsError *err, const char *source, const char *buf, size_t len,
                     const char *const *keys, size_t nkeys, const char *field, const json_t *v,
                     const char *expected) {
        size_t off = 0;
        unsigned line = 1, column = 1;

        if (locate(buf, len, keys, nkeys, &off, NULL, 0))
                position_of(buf, off, &line, &column);
        return fail(err, source, field, line, column, "expected %s, found %s", expected, type_name(v));
}

static json_t *parse_root(const char *buf, size_t len, const char *source, SettingsError *err, int *ret) {
        json_error_t e;
        json_t *root;

        /* Duplicate keys are refused: which of two "mask_paths" would win is
         * not something a settings file should leave to a parser. */
        root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &e);
        if (!root) {
                /* jansson names its own flag for a NUL; say what is wrong
                 * instead. */
                const char *text = json_error_code(&e) == json_error_null_character
                                           ? "a NUL character (\\u0000) in a string"
                                           : e.text;
                *ret = fail(err, source, NULL, e.line > 0 ? (unsigned) e.line : 1,
                            e.column > 0 ? (unsigned) e.column : 1, "not valid JSON: %s", text);
                return NULL;
        }
        if (!json_is_object(root)) {
                *ret = fail(err, source, NULL, 1, 1, "expected a JSON object at the top, found %s",
                            type_name(root));
                json_decref(root);
                return NULL;
        }
        *ret = 0;
        return root;
}

Settings *settings_free(Settings *s) {
        if (!s)
                return NULL;
        for (size_t l = 0; l < _ENTRY_LIST_MAX; l++) {
                for (size_t i = 0; i < s->lists[l].n; i++) {
                        free(s->lists[l].entries[i].path);
                        free(s->lists[l].entries[i].field);
                }
                free(s->lists[l].entries);
        }
        free(s->source);
        free(s->org);
        free(s);
        return NULL;
}

static const char *const list_keys[_ENTRY_LIST_MAX] = {
        [ENTRY_MASK] = "mask_paths",
        [ENTRY_PROTECT] = "protect_paths",
        [ENTRY_UNMASK] = "unmask_paths",
};

/*
 * Read the lists of the object at keys[0..nkeys) (already checked to be an
 * object), named field_prefix in messages.
 */
static int read_lists(json_t *obj, const char *buf, size_t len, const char *const *keys, size_t nkeys,
                      const char *field_prefix, bool allow_unmask, Settings *s, SettingsError *err) {
        const char *path[8];

        if (nkeys + 1 > ELEMENTSOF(path))
                return -EINVAL;
        memcpy(path, keys, nkeys * sizeof *keys);

        for (EntryList l = 0; l < _ENTRY_LIST_MAX; l++) {
                json_t *arr = json_object_get(obj, list_keys[l]);
                char field[512];
                size_t n;

                path[nkeys] = list_keys[l];
                snprintf(field, sizeof field, "%s.%s", field_prefix, list_keys[l]);

                if (!arr || json_is_null(arr))
                        continue;
                if (l == ENTRY_UNMASK && !allow_unmask) {
                        size_t off = 0;
                        unsigned line = 1, column = 1;
                        if (locate(buf, len, path, nkeys + 1, &off, NULL, 0))
                                position_of(buf, off, &line, &column);
                        return fail(err, s->source, field, line, column,
                                    "an org has no unmask_paths: an org tightens, never loosens");
                }
                if (!json_is_array(arr))
                        return fail_type(err, s->source, buf, len, path, nkeys + 1, field, arr,
                                         "an array of strings");

                n = json_array_size(arr);
                if (n == 0)
                        continue;

                _cleanup_free_ size_t *offsets = calloc(n, sizeof *offsets);
                SettingsEntry *entries = calloc(n, sizeof *entries);
                if (!offsets || !entries) {
                        free(entries);
                        return -ENOMEM;
                }
                s->lists[l].entries = entries;

                bool located = locate(buf, len, path, nkeys + 1, NULL, offsets, n);
                Cursor c = {0, 1, 1};

                for (size_t i = 0; i < n; i++) {
                        json_t *v = json_array_get(arr, i);
                        char efield[560];
                        unsigned line = 1, column = 1;

                        if (located) {
                                cursor_advance(&c, buf, offsets[i]);
                                line = c.line, column = c.column;
                        }
                        snprintf(efield, sizeof efield, "%s[%zu]", field, i);
                        if (!json_is_string(v))
                                return fail(err, s->source, efield, line, column,
                                            "expected a string, found %s", type_name(v));

                        entries[i].path = strdup(json_string_value(v));
                        entries[i].field = strdup(efield);
                        entries[i].line = line;
                        entries[i].column = column;
                        s->lists[l].n = i + 1;
                        if (!entries[i].path || !entries[i].field)
                                return -ENOMEM;
                }
        }
        return 0;
}

static Settings *settings_new(const char *source) {
        Settings *s = calloc(1, sizeof *s);
        if (!s)
                return NULL;
        s->source = strdup(source);
        if (!s->source)
                return settings_free(s);
        return s;
}

int settings_parse_modules(const char *buf, size_t len, const char *source, Settings **ret,
                           SettingsError *ret_error) {
        _cleanup_settings_ Settings *s = NULL;
        static const char *const keys[] = {"sandbox"};
        json_t *root, *sandbox;
        int r;

        root = parse_root(buf, len, source, ret_error, &r);
        if (!root)
                return r;

        s = settings_new(source);
        if (!s) {
                r = -ENOMEM;
                goto out;
        }

        sandbox = json_object_get(root, "sandbox");
        if (sandbox && !json_is_null(sandbox)) {
                if (!json_is_object(sandbox)) {
                        r = fail_type(ret_error, source, buf, len, keys, 1, "sandbox", sandbox, "an object");
                        goto out;
                }
                r = read_lists(sandbox, buf, len, keys, 1, "sandbox", true, s, ret_error);
                if (r < 0)
                        goto out;
        }
        *ret = TAKE_PTR(s);
        r = 0;
out:
        json_decref(root);
        return r;
}

static int parse_one_org(json_t *root, const char *buf, size_t len, const char *source, const char *org,
                         Settings **ret, SettingsError *err) {
        _cleanup_settings_ Settings *s = NULL;
        _cleanup_free_ char *shown = NULL;
        const char *keys[] = {org, "path_policy"};
        json_t *o, *pp;
        char field[512];
        int r;

        s = settings_new(source);
        shown = escape_for_display(org);
        if (!s || !shown)
                return -ENOMEM;
        s->org = strdup(org);
        if (!s->org)
                return -ENOMEM;

        o = json_object_get(root, org);
        s->org_absent = !o;
        if (o && !json_is_null(o)) {
                if (!json_is_object(o))
                        return fail_type(err, source, buf, len, keys, 1, shown, o, "an object");
                pp = json_object_get(o, "path_policy");
                snprintf(field, sizeof field, "%s.path_policy", shown);
                if (pp && !json_is_null(pp)) {
                        if (!json_is_object(pp))
                                return fail_type(err, source, buf, len, keys, 2, field, pp, "an object");
                        r = read_lists(pp, buf, len, keys, 2, field, false, s, err);
                        if (r < 0)
                                return r;
                }
        }
        *ret = TAKE_PTR(s);
        return 0;
}

void settings_freev(Settings **v) {
        if (!v)
                return;
        for (Settings **i = v; *i; i++)
                settings_free(*i);
        free(v);
}

int settings_parse_orgs(const char *buf, size_t len, const char *source, const char *org, Settings ***ret,
                        SettingsError *ret_error) {
        Settings **v = NULL;
        const char *key;
        json_t *root, *value;
        size_t n = 0;
        int r;

        root = parse_root(buf, len, source, ret_error, &r);
        if (!root)
                return r;

        v = calloc((org ? 1 : json_object_size(root)) + 1, sizeof *v);
        if (!v) {
                r = -ENOMEM;
                goto out;
        }
        if (org)
                r = parse_one_org(root, buf, len, source, org, &v[n++], ret_error);
        else
                /* jansson keeps insertion order, which is file order. */
                json_object_foreach(root, key, value) {
                        r = parse_one_org(root, buf, len, source, key, &v[n++], ret_error);
                        if (r < 0)
                                break;
                }
        if (r < 0)
                goto out;
        *ret = TAKE_PTR(v);
        r = 0;
out:
        settings_freev(v);
        json_decref(root);
        return r;
}

static int load(const char *path, char **ret_buf, size_t *ret_len, SettingsError *err) {
        int r = read_full_file(path, SETTINGS_MAX_BYTES, ret_buf, ret_len);
        if (r < 0) {
                fail(err, path, NULL, 0, 0, "cannot read: %s", read_full_file_strerror(r));
                return r;
        }
        return 0;
}

int settings_load_modules(const char *path, Settings **ret, SettingsError *ret_error) {
        _cleanup_free_ char *buf = NULL;
        size_t len;
        int r = load(path, &buf, &len, ret_error);
        if (r < 0)
                return r;
        return settings_parse_modules(buf, len, path, ret, ret_error);
}

int settings_load_orgs(const char *path, const char *org, Settings ***ret, SettingsError *ret_error) {
        _cleanup_free_ char *buf = NULL;
        size_t len;
        int r = load(path, &buf, &len, ret_error);
        if (r < 0)
                return r;
        return settings_parse_orgs(buf, len, path, org, ret, ret_error);
}
