/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>

#include "entry.h"

/*
 * The settings files: the sandbox module's settings (modules.json, at
 * .sandbox) and the per-org overrides (orgs.json, at .ORG.path_policy).
 * Entries are read as they are written; validation is resolve's job, so
 * that a file edited by hand loses only its bad entries.
 */

typedef struct SettingsEntry {
        char *path;    /* the entry as written */
        char *field;   /* where it stands, e.g. "sandbox.mask_paths[2]" */
        unsigned line; /* 1-based position of the entry in its file */
        unsigned column;
} SettingsEntry;

typedef struct SettingsList {
        SettingsEntry *entries;
        size_t n;
} SettingsList;

typedef struct Settings {
        char *source;                        /* file name, for messages */
        char *org;                           /* the org, for an orgs file; else NULL */
        bool org_absent;                     /* the file has no such org: its lists are empty */
        SettingsList lists[_ENTRY_LIST_MAX]; /* indexed by EntryList */
} Settings;

/* Where a settings file went wrong: enough to name the file, the line and
 * column, and the field. */
typedef struct SettingsError {
        char source[256];
        char field[256]; /* empty when the file is not valid JSON */
        unsigned line;
        unsigned column;
        char message[320];
} SettingsError;

/* Largest settings file we read. */
#define SETTINGS_MAX_BYTES (16u * 1024 * 1024)

Settings *settings_free(Settings *s);
static inline void settings_freep(Settings **s) {
        settings_free(*s);
}
#define _cleanup_settings_ __attribute__((cleanup(settings_freep)))

/* The sandbox module's settings: {"sandbox": {"mask_paths": [...], ...}}.
 * Returns 0, or -EINVAL with *ret_error filled, or another -errno. */
int settings_parse_modules(const char *buf, size_t len, const char *source, Settings **ret,
                           SettingsError *ret_error);
int settings_load_modules(const char *path, Settings **ret, SettingsError *ret_error);

/* The per-org overrides: {"ORG": {"path_policy": {"mask_paths": [...], ...}}}.
 * With org, a one-element vector for that org; an absent or null org,
 * path_policy or list inherits (empty lists). Without org (NULL), one
 * Settings for every org in the file, in file order. Orgs have no unmask:
 * an "unmask_paths" in an org is an error. *ret is NULL-terminated. */
int settings_parse_orgs(const char *buf, size_t len, const char *source, const char *org, Settings ***ret,
                        SettingsError *ret_error);
int settings_load_orgs(const char *path, const char *org, Settings ***ret, SettingsError *ret_error);
void settings_freev(Settings **v);
