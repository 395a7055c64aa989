/* SPDX-License-Identifier: MIT */
/* Names made in a protected hooks/ after its bind (audit mode: taken out of an unbound one): the first of
 * an interval at once, the rest in one record with a count and a sample. Must not list the directory again
 * for a new name, nor say one record a name (a flood of names is the agent's). */
#include "watch-internal.h"

/* A name made in a bound hooks/ came by a way around the bind (a working
 * directory held there from before it): the first is said at once, the
 * rest of the interval in one record at its end. In audit mode (hooks/
 * not bound, each such name taken out: hooks-audit.c) the first
 * NAME_SAMPLE_MAX of an interval are said at once, each with its new
 * name. */
#define HOOKS_SAY_MS 1000

typedef struct HooksAdded {
        char *checkout;
        NameSample names; /* made since the last record */
        unsigned at_once; /* said at once in this interval */
} HooksAdded;

static void added_free(HooksAdded *h) {
        if (!h)
                return;
        free(h->checkout);
        free(h->names.list);
        free(h);
}

/* to: the one name's new name (audit mode), or NULL. */
static void say(Watch *w, const char *checkout, const char *hooks, const NameSample *s, const char *to) {
        _cleanup_free_ char *shown = NULL;
        if (s->count > NAME_SAMPLE_MAX &&
            asprintf(&shown, "%s and %zu more", s->list, s->count - NAME_SAMPLE_MAX) < 0)
                shown = NULL;
        if (w->c.git_config_audit) {
                /* Audit mode: hooks/ is not bound, and these were taken out
                 * (hooks-audit.c) before they were counted here. */
                log_event(
                        w->c.log, LOG_WARN, "git-audit",
                        LOG_FIELDS(LOG_PATH("checkout", checkout), LOG_PATH("path", hooks),
                                   LOG_PATH("hooks", s->list), LOG_INT("count", s->count),
                                   LOG_SHOW("list", shown ? shown : s->list), LOG_STR("action", "removed"),
                                   LOG_PATH("renamed", to ? to : "NAME.pathpolicy-removed")),
                        "path policy: nested checkout {checkout}: {count} hook(s) made in {path}, not git's "
                        "own: {list}: taken out (renamed to {renamed}, which git never runs)");
                return;
        }
        log_event(w->c.log, LOG_WARN, "git-audit",
                  LOG_FIELDS(LOG_PATH("checkout", checkout), LOG_PATH("path", hooks),
                             LOG_PATH("hooks", s->list), LOG_INT("count", s->count),
                             LOG_SHOW("list", shown ? shown : s->list)),
                  "path policy: nested checkout {checkout}: {count} name(s) made in {path} after its bind, "
                  "not git's own samples: {list}");
}

void hooks_added(Watch *w, const Checkout *c, const char *hooks, const char *name, const char *to) {
        HooksAdded *h = hashmap_get(w->hooks_added, hooks);
        if (h && h->at_once >= (w->c.git_config_audit ? NAME_SAMPLE_MAX : 1u)) {
                sample_add(&h->names, name);
                return;
        }
        /* The first of an interval: said at once. */
        NameSample first = {0};
        sample_add(&first, name);
        if (first.list)
                say(w, c->path, hooks, &first, to);
        free(first.list);
        if (h) {
                h->at_once++;
                return;
        }
        h = calloc(1, sizeof *h);
        if (h)
                h->at_once = 1;
        if (!h || !(h->checkout = strdup(c->path)) || hashmap_put(w->hooks_added, hooks, h) < 0) {
                /* Without memory every name is said at once, as before. */
                added_free(h);
                return;
        }
        if (hashmap_size(w->hooks_added) == 1)
                w->c.clock->timer_start(w->hooks_timer, HOOKS_SAY_MS, HOOKS_SAY_MS);
}

/* Each directory's names of the interval, said; one that got none in a
 * whole interval is let go, and its next name is said at once again. */
void hooks_timer_cb(void *userdata) {
        Watch *w = userdata;
        const char *key;
        void *v;
        for (size_t i = 0; hashmap_next(w->hooks_added, &i, &key, &v);) {
                HooksAdded *h = v;
                if (h->names.count == 0) {
                        hashmap_remove(w->hooks_added, key);
                        added_free(h);
                        continue;
                }
                say(w, h->checkout, key, &h->names, NULL);
                free(h->names.list);
                h->names = (NameSample){0};
                h->at_once = 0;
        }
        if (hashmap_size(w->hooks_added) == 0)
                w->c.clock->timer_stop(w->hooks_timer);
}

/* At the end: what is still counted is said, then let go. */
void hooks_forget(Watch *w) {
        const char *key;
        void *v;
        for (size_t i = 0; w->hooks_added && hashmap_next(w->hooks_added, &i, &key, &v);) {
                HooksAdded *h = v;
                if (h->names.count > 0)
                        say(w, h->checkout, key, &h->names, NULL);
                hashmap_remove(w->hooks_added, key);
                added_free(h);
        }
}
