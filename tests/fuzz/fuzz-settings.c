/* SPDX-License-Identifier: MIT */
/* The settings reader, as modules.json and as orgs.json, and resolution
 * over what it reads. Invariants: every error has a position inside the
 * input; every resolved entry is valid; no path is both masked and
 * protected. */
#include <stdint.h>
#include <stdlib.h>

#include "resolve.h"
#include "settings.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_error(const SettingsError *e, const char *buf, size_t size) {
        size_t lines = 1;
        for (size_t i = 0; i < size; i++)
                lines += buf[i] == '\n';
        if (e->line < 1 || e->line > lines + 1 || e->column < 1 || e->message[0] == 0)
                abort();
}

static void check_resolved(const Resolved *r) {
        for (size_t i = 0; i < r->n_mask; i++)
                if (entry_validate(r->mask[i], ENTRY_MASK) != ENTRY_OK)
                        abort();
        for (size_t i = 0; i < r->n_protect; i++) {
                if (entry_validate(r->protect[i], ENTRY_PROTECT) != ENTRY_OK)
                        abort();
                for (size_t j = 0; j < r->n_mask; j++)
                        if (entry_same_path(r->protect[i], r->mask[j]))
                                abort();
        }
        for (size_t i = 1; i < r->n_mask; i++)
                if (strcmp(r->mask[i - 1], r->mask[i]) >= 0)
                        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        const char *buf = (const char *) data;
        _cleanup_settings_ Settings *modules = NULL;
        Settings **orgs = NULL;
        SettingsError err;

        if (settings_parse_modules(buf, size, "fuzz", &modules, &err) < 0)
                check_error(&err, buf, size);

        if (settings_parse_orgs(buf, size, "fuzz", NULL, &orgs, &err) < 0) {
                check_error(&err, buf, size);
                orgs = NULL;
        }

        for (Settings **o = orgs; o && *o; o++) {
                _cleanup_resolved_ Resolved *r = NULL;
                if (resolve_policy(modules, *o, &r) < 0)
                        abort();
                check_resolved(r);
        }
        if (modules) {
                _cleanup_resolved_ Resolved *r = NULL;
                if (resolve_policy(modules, NULL, &r) < 0)
                        abort();
                check_resolved(r);
        }
        settings_freev(orgs);
        return 0;
}
