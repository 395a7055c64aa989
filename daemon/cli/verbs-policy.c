/* SPDX-License-Identifier: MIT */
/* validate, resolve, builtins: the policy verbs. They read, check and print;
 * they change nothing. */
#include <getopt.h>
#include <jansson.h>

#include "builtins.h"
#include "entry.h"
#include "policy-file.h"
#include "resolve.h"
#include "settings.h"
#include "util.h"
#include "verbs.h"

static void settings_error_print(const SettingsError *e) {
        if (e->line == 0)
                fprintf(stderr, "pathpolicy: %s: %s\n", e->source, e->message);
        else if (e->field[0])
                fprintf(stderr, "pathpolicy: %s:%u:%u: %s: %s\n", e->source, e->line, e->column, e->field,
                        e->message);
        else
                fprintf(stderr, "pathpolicy: %s:%u:%u: %s\n", e->source, e->line, e->column, e->message);
}

static int usage_error(const char *verb, const char *msg) {
        return verb_usage(verb, "%s", msg);
}

/* One entry of validate's command line, of the list named last before it. */
static void check_arg(int list, const char *arg, int *checked, int *refused) {
        EntryError e = entry_validate(arg, (EntryList) list);
        (*checked)++;
        if (e != ENTRY_OK) {
                _cleanup_free_ char *shown = escape_for_display(arg);
                fprintf(stderr, "pathpolicy: refused %s entry '%s': %s\n",
                        entry_list_to_string((EntryList) list), shown ? shown : "?",
                        entry_error_to_string(e));
                (*refused)++;
        }
}

/* A mistyped --org is not silence: the org is named, and the file. */
static void warn_org_absent(const Settings *s) {
        if (!s->org_absent)
                return;
        _cleanup_free_ char *org = escape_for_display(s->org), *file = escape_for_display(s->source);
        fprintf(stderr, "pathpolicy: warning: %s has no org '%s': no org entries apply\n", file ? file : "?",
                org ? org : "?");
}

/* Print a refused entry from a settings file; shared by validate and resolve. */
static void print_entry_problem(const char *what, const char *source, const SettingsEntry *e, EntryList list,
                                EntryError err) {
        _cleanup_free_ char *shown = escape_for_display(e->path);
        fprintf(stderr, "pathpolicy: %s%s:%u:%u: %s %s entry '%s' (%s): %s\n",
                streq(what, "dropped") ? "warning: " : "", source, e->line, e->column, what,
                entry_list_to_string(list), shown ? shown : "?", e->field, entry_error_to_string(err));
}

/* ---- validate ---- */

static const char validate_help[] =
        "Usage: pathpolicy validate [--mask|--protect|--unmask] ENTRY...\n"
        "       pathpolicy validate [--modules FILE] [--orgs FILE [--org NAME]]\n"
        "\n"
        "Check path entries by the rules the settings API applies at save time.\n"
        "\n"
        "  --mask ENTRY...      check entries for mask_paths (no entry under .git)\n"
        "  --protect ENTRY...   check entries for protect_paths\n"
        "  --unmask ENTRY...    check entries for unmask_paths\n"
        "                       (entries after one of these are of that list, until the next;\n"
        "                       after --, every argument is an entry, even one starting with -)\n"
        "  --modules FILE       check every entry of a modules.json (at .sandbox)\n"
        "  --orgs FILE          check every org of an orgs.json (at .ORG.path_policy)\n"
        "  --org NAME           with --orgs: only this org\n"
        "  -h, --help           show this help\n"
        "\n"
        "Exit status: 0 all entries valid; 1 a file unreadable or malformed; 2 usage\n"
        "error; 3 an entry refused (one line per problem on stderr).\n";

static int validate_settings(const Settings *s) {
        int refused = 0;
        for (EntryList l = 0; l < _ENTRY_LIST_MAX; l++)
                for (size_t i = 0; i < s->lists[l].n; i++) {
                        EntryError e = entry_validate(s->lists[l].entries[i].path, l);
                        if (e == ENTRY_OK)
                                continue;
                        print_entry_problem("refused", s->source, &s->lists[l].entries[i], l, e);
                        refused++;
                }
        return refused;
}

int verb_validate(int argc, char **argv) {
        enum { ARG_MODULES = 0x100, ARG_ORGS, ARG_ORG };
        static const struct option options[] = {
                {"mask", required_argument, NULL, 'm'},
                {"protect", required_argument, NULL, 'p'},
                {"unmask", required_argument, NULL, 'u'},
                {"modules", required_argument, NULL, ARG_MODULES},
                {"orgs", required_argument, NULL, ARG_ORGS},
                {"org", required_argument, NULL, ARG_ORG},
                {"help", no_argument, NULL, 'h'},
                {},
        };
        const char *modules = NULL, *orgs = NULL, *org = NULL;
        int list = -1, c, refused = 0, failed = 0, checked = 0;

        /* '-' first: entries come back in order as option 1, so each one is
         * of the list named last before it. Entries and lists repeat. */
        VerbArgs va = {.verb = "validate",
                       .help = validate_help,
                       .options = options,
                       .optstring = "-h",
                       .repeat = "\001mpu"};
        while ((c = verb_next(&va, argc, argv)) >= 0) {
                switch (c) {
                case 'm':
                case 'p':
                case 'u':
                        list = c == 'm' ? ENTRY_MASK : c == 'p' ? ENTRY_PROTECT : ENTRY_UNMASK;
                        _fallthrough_;
                case 1:
                        if (list < 0)
                                return usage_error("validate",
                                                   "an entry needs --mask, --protect or --unmask before it");
                        check_arg(list, optarg, &checked, &refused);
                        break;
                case ARG_MODULES:
                        modules = optarg;
                        break;
                case ARG_ORGS:
                        orgs = optarg;
                        break;
                case ARG_ORG:
                        org = optarg;
                        break;
                }
        }
        if (c == VERB_EXIT)
                return va.exit;
        /* After "--", every argument is an entry of the list named last
         * (an entry may start with '-'); none is dropped. */
        for (; optind < argc; optind++) {
                if (list < 0)
                        return usage_error("validate",
                                           "an entry needs --mask, --protect or --unmask before it");
                check_arg(list, argv[optind], &checked, &refused);
        }
        if (org && !orgs)
                return usage_error("validate", "--org needs --orgs FILE");
        if (checked == 0 && !modules && !orgs)
                return usage_error("validate", "nothing to check: give entries or --modules/--orgs");

        if (modules) {
                _cleanup_settings_ Settings *s = NULL;
                SettingsError err;
                if (settings_load_modules(modules, &s, &err) < 0) {
                        settings_error_print(&err);
                        failed++;
                } else
                        refused += validate_settings(s);
        }
        if (orgs) {
                Settings **v = NULL;
                SettingsError err;
                if (settings_load_orgs(orgs, org, &v, &err) < 0) {
                        settings_error_print(&err);
                        failed++;
                } else
                        for (Settings **i = v; *i; i++) {
                                warn_org_absent(*i);
                                refused += validate_settings(*i);
                        }
                settings_freev(v);
        }
        return failed > 0 ? EXIT_FAIL : refused > 0 ? EXIT_REFUSED : EXIT_OK;
}

/* ---- resolve ---- */

static const char resolve_help[] =
        "Usage: pathpolicy resolve [--modules FILE] [--orgs FILE --org NAME] [--json | --policy]\n"
        "\n"
        "Print the effective policy: the built-in lists, plus the sandbox module's\n"
        "settings, plus one org's entries, combined by the spec's rules.\n"
        "\n"
        "  --modules FILE   modules.json; the settings are at .sandbox\n"
        "                   ({\"sandbox\": {\"mask_paths\": [], \"protect_paths\": [], \"unmask_paths\": "
        "[]}})\n"
        "  --orgs FILE      orgs.json ({\"ORG\": {\"path_policy\": {\"mask_paths\": [], \"protect_paths\": "
        "[]}}})\n"
        "  --org NAME       the org whose entries apply (with --orgs)\n"
        "  --json           print {\"mask\", \"protect\", \"opt_outs\", \"dropped\", \"unused_unmask\",\n"
        "                   \"covered\"}\n"
        "  --policy         print the policy file the guest reads (mask-file, mask-dir, protect)\n"
        "  -h, --help       show this help\n"
        "\n"
        "Default output: one 'mask PATH' or 'protect PATH' line per entry, sorted.\n"
        "Entries that fail validation are dropped, each with a warning on stderr;\n"
        "every unmask_paths opt-out is a warning too, unless the org re-tightened it.\n"
        "\n"
        "Exit status: 0 printed; 1 a file unreadable, not valid JSON or with a field\n"
        "of the wrong type (nothing on stdout); 2 usage error.\n";

static json_t *json_strv(char *const *v, size_t n) {
        json_t *a = json_array();
        for (size_t i = 0; a && i < n; i++)
                if (json_array_append_new(a, json_string(v[i])) < 0) {
                        json_decref(a);
                        return NULL;
                }
        return a;
}

static int print_resolved_json(const Resolved *res) {
        json_t *root = json_object(), *opt = json_array(), *drop = json_array(), *cov = json_array();
        int r = -ENOMEM;

        if (!root || !opt || !drop || !cov)
                goto out;
        for (size_t i = 0; i < res->n_covered; i++) {
                const ResolveCovered *c = &res->covered[i];
                if (json_array_append_new(cov, json_pack("{s:s, s:s, s:s}", "entry", c->entry, "list",
                                                         entry_list_to_string(c->list), "by", c->by)) < 0)
                        goto out;
        }
        for (size_t i = 0; i < res->n_opt_outs; i++) {
                const ResolveOptOut *o = &res->opt_outs[i];
                if (json_array_append_new(opt,
                                          json_pack("{s:s, s:s, s:s}", "entry", o->entry, "list",
                                                    entry_list_to_string(o->list), "unmask", o->unmask)) < 0)
                        goto out;
        }
        for (size_t i = 0; i < res->n_dropped; i++) {
                const ResolveDropped *d = &res->dropped[i];
                if (json_array_append_new(drop,
                                          json_pack("{s:s, s:s, s:s, s:s, s:s, s:i, s:i}", "entry", d->entry,
                                                    "reason", entry_error_to_string(d->reason), "list",
                                                    entry_list_to_string(d->list), "source", d->source,
                                                    "field", d->where->field, "line", (int) d->where->line,
                                                    "column", (int) d->where->column)) < 0)
                        goto out;
        }
        if (json_object_set_new(root, "mask", json_strv(res->mask, res->n_mask)) < 0 ||
            json_object_set_new(root, "protect", json_strv(res->protect, res->n_protect)) < 0 ||
            json_object_set(root, "opt_outs", opt) < 0 || json_object_set(root, "dropped", drop) < 0 ||
            json_object_set_new(root, "unused_unmask", json_strv(res->unused_unmask, res->n_unused_unmask)) <
                    0 ||
            json_object_set(root, "covered", cov) < 0)
                goto out;
        if (json_dumpf(root, stdout, JSON_INDENT(2)) < 0 || fputc('\n', stdout) == EOF)
                r = -EIO;
        else
                r = 0;
out:
        json_decref(opt);
        json_decref(drop);
        json_decref(cov);
        json_decref(root);
        return r;
}

int verb_resolve(int argc, char **argv) {
        enum { ARG_MODULES = 0x100, ARG_ORGS, ARG_ORG, ARG_JSON, ARG_POLICY };
        static const struct option options[] = {
                {"modules", required_argument, NULL, ARG_MODULES},
                {"orgs", required_argument, NULL, ARG_ORGS},
                {"org", required_argument, NULL, ARG_ORG},
                {"json", no_argument, NULL, ARG_JSON},
                {"policy", no_argument, NULL, ARG_POLICY},
                {"help", no_argument, NULL, 'h'},
                {},
        };
        _cleanup_settings_ Settings *modules = NULL;
        _cleanup_resolved_ Resolved *res = NULL;
        const char *modules_path = NULL, *orgs_path = NULL, *org = NULL;
        Settings **orgv = NULL;
        bool json = false, policy = false;
        SettingsError err;
        int c, r, ret = EXIT_FAIL;

        VerbArgs va = {.verb = "resolve", .help = resolve_help, .options = options};
        while ((c = verb_next(&va, argc, argv)) >= 0) {
                switch (c) {
                case ARG_MODULES:
                        modules_path = optarg;
                        break;
                case ARG_ORGS:
                        orgs_path = optarg;
                        break;
                case ARG_ORG:
                        org = optarg;
                        break;
                case ARG_JSON:
                        json = true;
                        break;
                case ARG_POLICY:
                        policy = true;
                        break;
                }
        }
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc)
                return usage_error("resolve", "unexpected argument");
        if (!orgs_path != !org)
                return usage_error("resolve", "--orgs FILE and --org NAME go together");
        if (json && policy)
                return usage_error("resolve", "--json and --policy are two outputs; pick one");

        if (modules_path && settings_load_modules(modules_path, &modules, &err) < 0) {
                settings_error_print(&err);
                return EXIT_FAIL;
        }
        if (orgs_path && settings_load_orgs(orgs_path, org, &orgv, &err) < 0) {
                settings_error_print(&err);
                return EXIT_FAIL;
        }
        if (orgv)
                warn_org_absent(orgv[0]);

        r = resolve_policy(modules, orgv ? orgv[0] : NULL, &res);
        if (r < 0) {
                fprintf(stderr, "pathpolicy: resolve: %s\n", strerror(-r));
                goto out;
        }

        for (size_t i = 0; i < res->n_dropped; i++)
                print_entry_problem("dropped", res->dropped[i].source, res->dropped[i].where,
                                    res->dropped[i].list, res->dropped[i].reason);
        for (size_t i = 0; i < res->n_opt_outs; i++) {
                const ResolveOptOut *o = &res->opt_outs[i];
                fprintf(stderr,
                        "pathpolicy: warning: unmask_paths opts out of %s %s: the colony can %s it\n",
                        o->list == ENTRY_MASK ? "masked" : "protected", o->entry,
                        o->list == ENTRY_MASK ? "read" : "write");
        }
        for (size_t i = 0; i < res->n_unused_unmask; i++)
                fprintf(stderr,
                        "pathpolicy: warning: unmask_paths entry '%s' matches no masked or protected "
                        "entry\n",
                        res->unused_unmask[i]);
        for (size_t i = 0; i < res->n_covered; i++)
                fprintf(stderr,
                        "pathpolicy: note: %s entry '%s' dropped: the masked directory '%s' covers it\n",
                        entry_list_to_string(res->covered[i].list), res->covered[i].entry,
                        res->covered[i].by);

        if (json)
                r = print_resolved_json(res);
        else if (policy) {
                _cleanup_policy_ Policy *p = NULL;
                r = policy_from_resolved(res, &p);
                if (r >= 0)
                        r = policy_write(p, stdout);
        } else {
                for (size_t i = 0; i < res->n_mask; i++)
                        printf("mask %s\n", res->mask[i]);
                for (size_t i = 0; i < res->n_protect; i++)
                        printf("protect %s\n", res->protect[i]);
                r = fflush(stdout) == 0 ? 0 : -errno;
        }
        if (r < 0) {
                fprintf(stderr, "pathpolicy: cannot print the policy: %s\n", strerror(-r));
                goto out;
        }
        ret = EXIT_OK;
out:
        settings_freev(orgv);
        return ret;
}

/* ---- builtins ---- */

static const char builtins_help[] =
        "Usage: pathpolicy builtins [--json]\n"
        "\n"
        "Print the built-in lists: masked credential files and the protected paths\n"
        "that decide what the agent may do. Every colony gets them unless the\n"
        "install opts out with unmask_paths.\n"
        "\n"
        "  --json      print {\"mask\": [...], \"protect\": [...]}\n"
        "  -h, --help  show this help\n"
        "\n"
        "Exit status: 0; 2 usage error.\n";

int verb_builtins(int argc, char **argv) {
        static const struct option options[] = {
                {"json", no_argument, NULL, 'j'},
                {"help", no_argument, NULL, 'h'},
                {},
        };
        bool json = false;
        int c, r;

        VerbArgs va = {.verb = "builtins", .help = builtins_help, .options = options};
        while ((c = verb_next(&va, argc, argv)) >= 0)
                if (c == 'j')
                        json = true;
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc)
                return usage_error("builtins", "unexpected argument");

        if (json) {
                json_t *root = json_pack(
                        "{s:o, s:o}", "mask", json_strv((char *const *) builtin_mask, builtin_mask_count),
                        "protect", json_strv((char *const *) builtin_protect, builtin_protect_count));
                r = root ? json_dumpf(root, stdout, JSON_INDENT(2)) : -1;
                json_decref(root);
                if (r < 0)
                        return EXIT_FAIL;
                putchar('\n');
        } else {
                for (size_t i = 0; i < builtin_mask_count; i++)
                        printf("mask %s\n", builtin_mask[i]);
                for (size_t i = 0; i < builtin_protect_count; i++)
                        printf("protect %s\n", builtin_protect[i]);
        }
        return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
}
