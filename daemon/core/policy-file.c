/* SPDX-License-Identifier: MIT */
#include "policy-file.h"

#include <stdarg.h>

#include "array.h"
#include "util.h"

int policy_kind_from_string(const char *s, size_t n) {
        for (PlatformBindKind k = 0; k < _PLATFORM_BIND_KIND_MAX; k++)
                if (strlen(platform_bind_kind_to_string(k)) == n &&
                    memcmp(platform_bind_kind_to_string(k), s, n) == 0)
                        return (int) k;
        return -EINVAL;
}

Policy *policy_free(Policy *p) {
        if (!p)
                return NULL;
        for (size_t i = 0; i < p->n; i++)
                free(p->actions[i].path);
        free(p->actions);
        free(p);
        return NULL;
}

/* Append an action that takes over path (on success only). The array
 * grows by doubling: a policy may have a million lines, and growing it one
 * action at a time would copy it a million times. */
static int policy_add_take(Policy *p, PlatformBindKind kind, char *path) {
        if (ARRAY_GROW(p->actions, p->n_allocated, p->n + 1) < 0)
                return -ENOMEM;
        p->actions[p->n++] = (PolicyAction){.kind = kind, .path = path};
        return 0;
}

int policy_add(Policy *p, PlatformBindKind kind, const char *path) {
        char *copy = strdup(path);
        if (!copy)
                return -ENOMEM;
        int r = policy_add_take(p, kind, copy);
        if (r < 0)
                free(copy);
        return r;
}

_printf_(3, 4) static int fail(PolicyError *err, size_t line, const char *fmt, ...) {
        va_list ap;
        if (err) {
                err->line = line;
                va_start(ap, fmt);
                vsnprintf(err->message, sizeof err->message, fmt, ap);
                va_end(ap);
        }
        return -EINVAL;
}

/* Whether path fits kind, by the entry rules of the list it came from. */
static EntryError check_path(PlatformBindKind kind, const char *path) {
        return entry_validate(path, kind == PLATFORM_PROTECT ? ENTRY_PROTECT : ENTRY_MASK);
}

int policy_parse(const char *buf, size_t len, Policy **ret, PolicyError *ret_error) {
        _cleanup_policy_ Policy *p = calloc(1, sizeof *p);
        size_t line = 0;
        int r;

        if (!p)
                return -ENOMEM;

        for (size_t pos = 0; pos < len;) {
                const char *s = buf + pos;
                const char *nl = memchr(s, '\n', len - pos);
                line++;

                /* The writer ends every line; a last line without '\n' is a
                 * file cut short, and a cut path is a different path. */
                if (!nl)
                        return fail(ret_error, line, "no newline at the end (file cut short?)");
                size_t n = (size_t) (nl - s);
                pos += n + 1;

                if (memchr(s, '\0', n))
                        return fail(ret_error, line, "NUL byte in line");
                if (n == 0)
                        return fail(ret_error, line, "empty line");

                const char *sp = memchr(s, ' ', n);
                size_t kn = sp ? (size_t) (sp - s) : n;
                int kind = policy_kind_from_string(s, kn);
                if (kind < 0) {
                        _cleanup_free_ char *k = strndup(s, kn), *shown = NULL;
                        if (!k || !(shown = escape_for_display(k)))
                                return -ENOMEM;
                        return fail(ret_error, line,
                                    "unknown kind '%s' (expected mask-file, mask-dir or protect)", shown);
                }
                if (!sp || kn + 1 == n)
                        return fail(ret_error, line, "empty path after '%s'",
                                    platform_bind_kind_to_string(kind));

                _cleanup_free_ char *path = strndup(sp + 1, n - kn - 1);
                if (!path)
                        return -ENOMEM;

                EntryError e = check_path(kind, path);
                if (e != ENTRY_OK) {
                        _cleanup_free_ char *shown = escape_for_display(path);
                        if (!shown)
                                return -ENOMEM;
                        return fail(ret_error, line, "invalid path '%s': %s", shown,
                                    entry_error_to_string(e));
                }
                if (kind == PLATFORM_MASK_DIR && !entry_is_dir(path))
                        return fail(ret_error, line, "mask-dir path '%s' does not end in '/'", path);
                if (kind == PLATFORM_MASK_FILE && entry_is_dir(path))
                        return fail(ret_error, line, "mask-file path '%s' ends in '/'", path);

                r = policy_add_take(p, kind, path);
                if (r < 0)
                        return r;
                path = NULL; /* the policy's now */
        }

        *ret = TAKE_PTR(p);
        return 0;
}

int policy_load(const char *path, Policy **ret, PolicyError *ret_error) {
        _cleanup_free_ char *buf = NULL;
        size_t len;
        int r;

        r = read_full_file(path, POLICY_MAX_BYTES, &buf, &len);
        if (r < 0) {
                (void) fail(ret_error, 0, "cannot read: %s", read_full_file_strerror(r));
                return r;
        }
        return policy_parse(buf, len, ret, ret_error);
}

int policy_from_resolved(const Resolved *res, Policy **ret) {
        _cleanup_policy_ Policy *p = calloc(1, sizeof *p);
        int r;

        if (!p)
                return -ENOMEM;
        for (size_t i = 0; i < res->n_mask; i++) {
                const char *m = res->mask[i];
                r = policy_add(p, entry_is_dir(m) ? PLATFORM_MASK_DIR : PLATFORM_MASK_FILE, m);
                if (r < 0)
                        return r;
        }
        for (size_t i = 0; i < res->n_protect; i++) {
                r = policy_add(p, PLATFORM_PROTECT, res->protect[i]);
                if (r < 0)
                        return r;
        }
        *ret = TAKE_PTR(p);
        return 0;
}

int policy_write(const Policy *p, FILE *f) {
        for (size_t i = 0; i < p->n; i++) {
                const PolicyAction *a = &p->actions[i];
                const char *kind = platform_bind_kind_to_string(a->kind);

                if (!kind || check_path(a->kind, a->path) != ENTRY_OK ||
                    (a->kind == PLATFORM_MASK_DIR && !entry_is_dir(a->path)) ||
                    (a->kind == PLATFORM_MASK_FILE && entry_is_dir(a->path)))
                        return -EINVAL;
                if (fprintf(f, "%s %s\n", kind, a->path) < 0)
                        return -EIO;
        }
        return fflush(f) == 0 ? 0 : -errno;
}
