/* SPDX-License-Identifier: MIT */
#include "resolve.h"

#include "array.h"
#include "builtins.h"
#include "util.h"

/*
 * The rules, in the order they apply (spec: "Settings", "Per-org
 * overrides"):
 *   1. every entry is validated; one that fails is dropped and reported;
 *   2. mask = built-in masks + settings masks; protect likewise;
 *   3. each unmask_paths entry removes the entry naming the same path from
 *      both sets, built-ins included;
 *   4. the org's entries are added after that, so they beat the global
 *      unmask (an org tightens, never loosens);
 *   5. mask wins: a path in both sets is only masked;
 *   6. one spelling per path: "a" and "a/" in one set are one path, kept as
 *      "a/" (the directory form covers more; prepare binds a present path
 *      as what it is on disk anyway);
 *   7. mask wins by coverage too: an entry below a masked directory is
 *      dropped and noted (nothing below the tmpfs can be bound). A mask
 *      below a protected directory stays: the read-only bind keeps it.
 * "The same path" ignores a trailing '/': ".claude" and ".claude/" name one
 * place on disk, and an unmask that missed on spelling would silently keep
 * the built-in.
 */

typedef struct StrSet {
        char **v;
        size_t n, allocated;
} StrSet;

static void strset_done(StrSet *s) {
        for (size_t i = 0; i < s->n; i++)
                free(s->v[i]);
        free(s->v);
        *s = (StrSet){0};
}

static bool strset_contains(const StrSet *s, const char *e) {
        for (size_t i = 0; i < s->n; i++)
                if (streq(s->v[i], e))
                        return true;
        return false;
}

static int strset_add(StrSet *s, const char *e) {
        if (strset_contains(s, e))
                return 0;
        if (ARRAY_GROW(s->v, s->allocated, s->n + 1) < 0)
                return -ENOMEM;
        s->v[s->n] = strdup(e);
        if (!s->v[s->n])
                return -ENOMEM;
        s->n++;
        return 1;
}

/* Remove every entry naming path; hand the removed ones back in *removed. */
static int strset_remove_path(StrSet *s, const char *path, char ***removed, size_t *n_removed) {
        size_t j = 0;
        for (size_t i = 0; i < s->n; i++) {
                if (!entry_same_path(s->v[i], path)) {
                        s->v[j++] = s->v[i];
                        continue;
                }
                char **n = realloc(*removed, (*n_removed + 1) * sizeof *n);
                if (!n) {
                        /* Keep the set whole: move the rest down and stop. */
                        memmove(s->v + j, s->v + i, (s->n - i) * sizeof *s->v);
                        s->n = j + (s->n - i);
                        return -ENOMEM;
                }
                *removed = n;
                n[(*n_removed)++] = s->v[i];
        }
        s->n = j;
        return 0;
}

static bool strset_contains_path(const StrSet *s, const char *path) {
        for (size_t i = 0; i < s->n; i++)
                if (entry_same_path(s->v[i], path))
                        return true;
        return false;
}

static int cmp_str(const void *a, const void *b) {
        return strcmp(*(char *const *) a, *(char *const *) b);
}

Resolved *resolved_free(Resolved *r) {
        if (!r)
                return NULL;
        for (size_t i = 0; i < r->n_mask; i++)
                free(r->mask[i]);
        free(r->mask);
        for (size_t i = 0; i < r->n_protect; i++)
                free(r->protect[i]);
        free(r->protect);
        for (size_t i = 0; i < r->n_opt_outs; i++) {
                free(r->opt_outs[i].entry);
                free(r->opt_outs[i].unmask);
        }
        free(r->opt_outs);
        for (size_t i = 0; i < r->n_dropped; i++)
                free(r->dropped[i].entry);
        free(r->dropped);
        for (size_t i = 0; i < r->n_unused_unmask; i++)
                free(r->unused_unmask[i]);
        free(r->unused_unmask);
        for (size_t i = 0; i < r->n_covered; i++) {
                free(r->covered[i].entry);
                free(r->covered[i].by);
        }
        free(r->covered);
        free(r);
        return NULL;
}

/* 6: within one set, "a" and "a/" become "a/". */
static void one_spelling(StrSet *s) {
        for (size_t i = 0; i < s->n; i++) {
                if (!entry_is_dir(s->v[i]))
                        continue;
                size_t j = 0;
                for (size_t k = 0; k < s->n; k++) {
                        if (k != i && !entry_is_dir(s->v[k]) && entry_same_path(s->v[k], s->v[i])) {
                                free(s->v[k]);
                                if (k < i)
                                        i--;
                                continue;
                        }
                        s->v[j++] = s->v[k];
                }
                s->n = j;
        }
}

/* 7: drop from set what one of the masked directories dirs covers. */
static int drop_covered(Resolved *res, char *const *dirs, size_t n_dirs, StrSet *set, EntryList list) {
        size_t j = 0;
        for (size_t i = 0; i < set->n; i++) {
                const char *by = NULL;
                for (size_t m = 0; !by && m < n_dirs; m++)
                        if (!entry_same_path(dirs[m], set->v[i]) && entry_match_anchored(dirs[m], set->v[i]))
                                by = dirs[m];
                if (!by) {
                        set->v[j++] = set->v[i];
                        continue;
                }
                if (ARRAY_GROW(res->covered, res->n_covered_allocated, res->n_covered + 1) < 0)
                        return -ENOMEM;
                ResolveCovered *c = res->covered;
                c[res->n_covered] = (ResolveCovered){.entry = set->v[i], .list = list, .by = strdup(by)};
                if (!c[res->n_covered++].by)
                        return -ENOMEM;
        }
        set->n = j;
        return 0;
}

/* The sets being combined; opt-outs and drops go straight into res. */
typedef struct Builder {
        StrSet mask, protect, unmask, unused;
        StrSet org_mask, org_protect;
        Resolved *res;
} Builder;

static void builder_done(Builder *b) {
        strset_done(&b->mask);
        strset_done(&b->protect);
        strset_done(&b->unmask);
        strset_done(&b->unused);
        strset_done(&b->org_mask);
        strset_done(&b->org_protect);
        resolved_free(b->res);
}

/* Validate one settings list into set; failures go to the dropped list. */
static int add_list(Builder *b, StrSet *set, const Settings *s, EntryList list) {
        const SettingsList *sl = &s->lists[list];

        for (size_t i = 0; i < sl->n; i++) {
                const SettingsEntry *e = &sl->entries[i];
                EntryError err = entry_validate(e->path, list);
                int r;

                if (err == ENTRY_OK) {
                        r = strset_add(set, e->path);
                        if (r < 0)
                                return r;
                        continue;
                }

                Resolved *res = b->res;
                if (ARRAY_GROW(res->dropped, res->n_dropped_allocated, res->n_dropped + 1) < 0)
                        return -ENOMEM;
                ResolveDropped *d = res->dropped;
                d[res->n_dropped] = (ResolveDropped){
                        .entry = strdup(e->path),
                        .list = list,
                        .reason = err,
                        .where = e,
                        .source = s->source,
                };
                if (!d[res->n_dropped].entry)
                        return -ENOMEM;
                res->n_dropped++;
        }
        return 0;
}

static int add_builtins(StrSet *set, const char *const *v, size_t n) {
        for (size_t i = 0; i < n; i++) {
                int r = strset_add(set, v[i]);
                if (r < 0)
                        return r;
        }
        return 0;
}

/* Apply one unmask entry to one set, recording what it removed. */
static int unmask_from(Resolved *res, StrSet *set, EntryList list, const char *unmask, bool *used) {
        _cleanup_free_ char **removed = NULL;
        size_t n_removed = 0;
        int r;

        r = strset_remove_path(set, unmask, &removed, &n_removed);
        for (size_t i = 0; i < n_removed; i++) {
                if (ARRAY_GROW(res->opt_outs, res->n_opt_outs_allocated, res->n_opt_outs + 1) < 0) {
                        for (; i < n_removed; i++)
                                free(removed[i]);
                        return -ENOMEM;
                }
                ResolveOptOut *o = res->opt_outs;
                o[res->n_opt_outs++] = (ResolveOptOut){
                        .entry = removed[i],
                        .list = list,
                        .unmask = strdup(unmask),
                };
                if (!o[res->n_opt_outs - 1].unmask)
                        r = -ENOMEM;
                *used = true;
        }
        return r;
}

static void take_sorted(StrSet *s, char ***ret, size_t *ret_n) {
        if (s->n > 0)
                qsort(s->v, s->n, sizeof *s->v, cmp_str);
        *ret = s->v;
        *ret_n = s->n;
        *s = (StrSet){0};
}

int resolve_policy(const Settings *modules, const Settings *org, Resolved **ret) {
        _cleanup_(builder_done) Builder b = {0};
        Resolved *res;
        int r;

        res = b.res = calloc(1, sizeof *b.res);
        if (!res)
                return -ENOMEM;

        /* 1 + 2: built-ins and settings, validated. */
        if ((r = add_builtins(&b.mask, builtin_mask, builtin_mask_count)) < 0 ||
            (r = add_builtins(&b.protect, builtin_protect, builtin_protect_count)) < 0)
                return r;
        if (modules) {
                if ((r = add_list(&b, &b.mask, modules, ENTRY_MASK)) < 0 ||
                    (r = add_list(&b, &b.protect, modules, ENTRY_PROTECT)) < 0 ||
                    (r = add_list(&b, &b.unmask, modules, ENTRY_UNMASK)) < 0)
                        return r;
        }
        if (org) {
                if ((r = add_list(&b, &b.org_mask, org, ENTRY_MASK)) < 0 ||
                    (r = add_list(&b, &b.org_protect, org, ENTRY_PROTECT)) < 0)
                        return r;
        }

        /* 3: the global unmask, from both sets. */
        for (size_t i = 0; i < b.unmask.n; i++) {
                bool used = false;
                if ((r = unmask_from(res, &b.mask, ENTRY_MASK, b.unmask.v[i], &used)) < 0 ||
                    (r = unmask_from(res, &b.protect, ENTRY_PROTECT, b.unmask.v[i], &used)) < 0)
                        return r;
                if (!used && (r = strset_add(&b.unused, b.unmask.v[i])) < 0)
                        return r;
        }

        /* 4: the org's entries, after the unmask. */
        for (size_t i = 0; i < b.org_mask.n; i++)
                if ((r = strset_add(&b.mask, b.org_mask.v[i])) < 0)
                        return r;
        for (size_t i = 0; i < b.org_protect.n; i++)
                if ((r = strset_add(&b.protect, b.org_protect.v[i])) < 0)
                        return r;

        /* 5: mask wins. */
        size_t j = 0;
        for (size_t i = 0; i < b.protect.n; i++) {
                if (strset_contains_path(&b.mask, b.protect.v[i]))
                        free(b.protect.v[i]);
                else
                        b.protect.v[j++] = b.protect.v[i];
        }
        b.protect.n = j;

        /* An opt-out is reported unless the org put the path back at least
         * as strictly: re-masked, or re-protected when it was a protect. A
         * mask re-tightened only to protect is still an opt-out, since the
         * colony can now read the path. */
        j = 0;
        for (size_t i = 0; i < res->n_opt_outs; i++) {
                ResolveOptOut *o = &res->opt_outs[i];
                bool retightened = strset_contains_path(&b.mask, o->entry) ||
                                   (o->list == ENTRY_PROTECT && strset_contains_path(&b.protect, o->entry));
                if (retightened) {
                        free(o->entry);
                        free(o->unmask);
                } else
                        res->opt_outs[j++] = *o;
        }
        res->n_opt_outs = j;

        /* 6 and 7. */
        one_spelling(&b.mask);
        one_spelling(&b.protect);
        /* The masked directories, as they are before any is dropped (one
         * under another is covered too, and still covers what is below).
         * They are borrowed: a dropped one moves to res->covered, not away. */
        _cleanup_free_ char **dirs = calloc(b.mask.n + 1, sizeof *dirs);
        size_t n_dirs = 0;
        if (!dirs)
                return -ENOMEM;
        for (size_t i = 0; i < b.mask.n; i++)
                if (entry_is_dir(b.mask.v[i]))
                        dirs[n_dirs++] = b.mask.v[i];
        if ((r = drop_covered(res, dirs, n_dirs, &b.protect, ENTRY_PROTECT)) < 0 ||
            (r = drop_covered(res, dirs, n_dirs, &b.mask, ENTRY_MASK)) < 0)
                return r;

        take_sorted(&b.mask, &res->mask, &res->n_mask);
        take_sorted(&b.protect, &res->protect, &res->n_protect);
        take_sorted(&b.unused, &res->unused_unmask, &res->n_unused_unmask);
        *ret = TAKE_PTR(b.res);
        return 0;
}
