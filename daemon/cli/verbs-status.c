/* SPDX-License-Identifier: MIT */
/* status: what is bound beneath a root right now, from mountinfo. */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "status.h"
#include "util.h"
#include "verbs.h"

static const char status_help[] =
        "Usage: pathpolicy status [--root DIR] [--json]\n"
        "\n"
        "Show what is bound beneath DIR right now (default: the current directory):\n"
        "each mount pathpolicy made there (enforce's and watch's), read from\n"
        "mountinfo, with its kind (mask-file, mask-dir, protect) and the checkout it\n"
        "belongs to: the nearest directory above it holding a .git, or the root.\n"
        "It changes nothing and needs no privilege. A process in another mount\n"
        "namespace (unshare, a unit's) sees its own binds, not these.\n"
        "\n"
        "  --root DIR               where to look (default .)\n"
        "  --json                   one JSON document: {\"root\", \"can_bind\", \"binds\":\n"
        "                           [{\"path\", \"kind\", \"checkout\"}, ...]}; a path that is\n"
        "                           not UTF-8 goes escaped, with PATH_escaped true\n"
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 shown (nothing bound is no failure); 1 DIR or mountinfo\n"
        "could not be read; 2 usage error.\n";

static void json_path(json_t *o, const char *key, const char *path) {
        _cleanup_free_ char *esc = NULL;
        int r = log_path_escape(path, &esc);
        json_object_set_new(o, key, json_string(r > 0 ? esc : path));
        if (r > 0) {
                char k[64];
                snprintf(k, sizeof k, "%s_escaped", key);
                json_object_set_new(o, k, json_true());
        }
}

static int print_json(const char *root, bool can_bind, const StatusBind *v, size_t n) {
        json_t *o = json_object(), *binds = json_array();
        if (!o || !binds) {
                json_decref(o);
                json_decref(binds);
                return -ENOMEM;
        }
        json_path(o, "root", root);
        json_object_set_new(o, "can_bind", json_boolean(can_bind));
        for (size_t i = 0; i < n; i++) {
                json_t *b = json_object();
                if (!b)
                        break;
                json_path(b, "path", v[i].path);
                json_object_set_new(b, "kind", json_string(platform_bind_kind_to_string(v[i].kind)));
                json_path(b, "checkout", v[i].checkout);
                json_array_append_new(binds, b);
        }
        json_object_set_new(o, "binds", binds);
        int r = json_dumpf(o, stdout, JSON_INDENT(2)) < 0 ? -EIO : 0;
        putchar('\n');
        json_decref(o);
        return r;
}

/* Grouped by checkout, the paths aligned; names escaped for the terminal. */
static void print_human(const char *root, const StatusBind *v, size_t n) {
        _cleanup_free_ char *r = escape_for_display(root);
        size_t checkouts = 0;
        for (size_t i = 0; i < n; i++)
                checkouts += i == 0 || !streq(v[i].checkout, v[i - 1].checkout);
        if (n == 0) {
                printf("nothing of pathpolicy's is bound beneath %s\n", r ?: root);
                return;
        }
        printf("%zu bind%s in %zu checkout%s beneath %s\n", n, n == 1 ? "" : "s", checkouts,
               checkouts == 1 ? "" : "s", r ?: root);
        for (size_t i = 0; i < n; i++) {
                if (i == 0 || !streq(v[i].checkout, v[i - 1].checkout)) {
                        _cleanup_free_ char *c = escape_for_display(v[i].checkout);
                        printf("\n%s%s\n", c ?: v[i].checkout,
                               streq(v[i].checkout, ".") ? " (the root)" : "");
                }
                _cleanup_free_ char *p = escape_for_display(v[i].path);
                printf("  %-10s %s\n", platform_bind_kind_to_string(v[i].kind), p ?: v[i].path);
        }
}

int verb_status(int argc, char **argv) {
        enum { ARG_ROOT = 0x100, ARG_JSON };
        static const struct option options[] = {
                {"root", required_argument, NULL, ARG_ROOT},
                {"json", no_argument, NULL, ARG_JSON},
                {"help", no_argument, NULL, 'h'},
                {},
        };
        const char *root = ".";
        bool json = false;
        int c;

        VerbArgs va = {.verb = "status", .help = status_help, .options = options};
        while ((c = verb_next(&va, argc, argv)) >= 0) {
                if (c == ARG_ROOT)
                        root = optarg;
                else if (c == ARG_JSON)
                        json = true;
        }
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc)
                return verb_usage("status", "unexpected argument '%s'", argv[optind]);

        char abs[PATH_MAX];
        if (!realpath(root, abs)) {
                _cleanup_free_ char *r = escape_for_display(root);
                fprintf(stderr, "pathpolicy status: cannot open %s: %s\n", r ?: root, strerror(errno));
                return EXIT_FAIL;
        }
        StatusBind *v = NULL;
        size_t n = 0;
        const BinderOps *ops = platform_binder_for(platform_watcher_by_name(NULL));
        int r = status_list(ops, abs, &v, &n);
        if (r < 0 && r != -ENOSYS) {
                _cleanup_free_ char *e = escape_for_display(abs);
                fprintf(stderr, "pathpolicy status: cannot list the mounts beneath %s: %s\n", e ?: abs,
                        strerror(-r));
                return EXIT_FAIL;
        }
        if (json)
                r = print_json(abs, r != -ENOSYS, v, n);
        else if (r == -ENOSYS) {
                _cleanup_free_ char *e = escape_for_display(abs);
                printf("nothing of pathpolicy's is bound beneath %s: this build's %s backend binds "
                       "nothing\n",
                       e ?: abs, platform_watcher_by_name(NULL)->name);
        } else
                print_human(abs, v, n);
        status_free(v, n);
        return r < 0 && r != -ENOSYS ? EXIT_FAIL : EXIT_OK;
}
