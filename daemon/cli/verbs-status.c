/* SPDX-License-Identifier: MIT */
/* status: what is bound below a root now, by checkout. Reads only. */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>

#include "status-run.h"
#include "util.h"
#include "verbs.h"

static const char status_help[] =
        "Usage: pathpolicy status [--worktree DIR] [--json]\n"
        "\n"
        "Show what is bound below DIR now, from the mount table: each mount of\n"
        "ours (mask-file: /dev/null over a file; mask-dir: our empty read-only\n"
        "tmpfs; protect: a read-only bind of a path onto itself), and the\n"
        "checkout it belongs to: the root, or the nearest directory above it\n"
        "with a .git. A bind in a checkout's gitdir (a submodule's is in\n"
        ".git/modules/) or in a linked worktree's common dir is that checkout's,\n"
        "marked git metadata (what watch protects in a nested checkout). Mounts\n"
        "stacked at one path are one line. Paths are relative to DIR; a\n"
        "directory's ends in '/'. Only this mount namespace is seen: run it where\n"
        "the agent runs (or under nsenter -m -t PID of the watch). Nothing is\n"
        "changed, and no privilege is needed.\n"
        "\n"
        "  --worktree DIR           the worktree (default: the current directory);\n"
        "                           --root DIR is the same\n"
        "  --json                   one JSON object: root, mounts_supported,\n"
        "                           bind_count, checkouts (man pathpolicy)\n"
        "  -h, --help               show this help\n"
        "\n"
        "Exit status: 0 listed, or nothing bound (said so); 1 DIR or the mount\n"
        "table could not be read (the reason, naming the path, on stderr); 2 usage\n"
        "error.\n";

/* Wider paths are not padded to: one long path must not push every note
 * off the screen. */
#define NOTE_COLUMN_MAX 48

static void print_header(const StatusCheckout *c) {
        _cleanup_free_ char *path = escape_for_display(c->path),
                            *gitdir = c->dotgit.gitdir ? escape_for_display(c->dotgit.gitdir) : NULL,
                            *common = c->dotgit.commondir ? escape_for_display(c->dotgit.commondir) : NULL;
        const char *what = !c->path[0]           ? "the root checkout"
                           : c->dotgit.commondir ? "linked worktree"
                                                 : "nested checkout";

        if (!c->path[0] && c->dotgit.git == STATUS_GIT_NONE)
                what = "the root, not a checkout";
        printf("%s%s (%s", c->path[0] ? (path ? path : "?") : ".", c->path[0] ? "/" : "", what);
        if (common)
                printf(" of %s", common);
        else if (c->dotgit.git == STATUS_GIT_FILE && gitdir)
                printf(", gitdir %s", gitdir);
        else if (c->dotgit.git == STATUS_GIT_FILE)
                printf(", its gitdir not below the root");
        else if (c->dotgit.git == STATUS_GIT_OTHER)
                printf(", its .git neither a directory nor a file");
        puts(")");
}

static int print_human(const Status *s, const char *root) {
        _cleanup_free_ char *shown = escape_for_display(root);
        size_t width = 0, nested = 0, at_root = 0;

        if (!shown)
                return -ENOMEM;
        if (!s->supported) {
                printf("nothing is bound below %s: this build makes no bind mounts (the poll backend only "
                       "warns)\n",
                       shown);
                return 0;
        }
        if (s->n_binds == 0) {
                printf("nothing is bound below %s\n", shown);
                return 0;
        }
        for (size_t i = 0; i < s->n_checkouts; i++) {
                const StatusCheckout *c = &s->checkouts[i];
                if (c->path[0])
                        nested++;
                else
                        at_root = c->n_binds;
                for (size_t j = 0; j < c->n_binds; j++) {
                        _cleanup_free_ char *p = escape_for_display(c->binds[j].path);
                        size_t w = p ? utf8_length(p) : 0;
                        if (w > width && w <= NOTE_COLUMN_MAX)
                                width = w;
                }
        }
        printf("%zu bind%s below %s (", s->n_binds, s->n_binds == 1 ? "" : "s", shown);
        if (at_root)
                printf("%s", nested ? "the root and " : "the root");
        if (nested)
                printf("%zu nested checkout%s", nested, nested == 1 ? "" : "s");
        puts(")");
        for (size_t i = 0; i < s->n_checkouts; i++) {
                const StatusCheckout *c = &s->checkouts[i];
                putchar('\n');
                print_header(c);
                for (size_t j = 0; j < c->n_binds; j++) {
                        const StatusBind *b = &c->binds[j];
                        _cleanup_free_ char *p = escape_for_display(b->path);
                        if (!p)
                                return -ENOMEM;
                        printf("  %-9s  %s", platform_bind_kind_to_string(b->kind), p);
                        if (b->git_metadata) {
                                size_t w = utf8_length(p);
                                printf("%*s  git metadata", (int) (w < width ? width - w : 0), "");
                        }
                        putchar('\n');
                }
        }
        return 0;
}

static int print_json(const Status *s, const char *root) {
        json_t *o = NULL;
        int r = status_to_json(s, root, &o);
        if (r < 0)
                return r;
        r = json_dumpf(o, stdout, JSON_INDENT(2)) < 0 || fputc('\n', stdout) == EOF ? -EIO : 0;
        json_decref(o);
        return r;
}

int verb_status(int argc, char **argv) {
        enum { ARG_ROOT = 0x100, ARG_JSON };
        static const struct option options[] = {
                {"worktree", required_argument, NULL, ARG_ROOT},
                {"root", required_argument, NULL, ARG_ROOT},
                {"json", no_argument, NULL, ARG_JSON},
                {"help", no_argument, NULL, 'h'},
                {},
        };
        _cleanup_status_ Status *s = NULL;
        _cleanup_free_ char *root_abs = NULL;
        const char *root = ".";
        char message[1024];
        bool json = false;
        int c, r;

        VerbArgs va = {.verb = "status", .help = status_help, .options = options};
        while ((c = verb_next(&va, argc, argv)) >= 0)
                if (c == ARG_ROOT)
                        root = optarg;
                else
                        json = true;
        if (c == VERB_EXIT)
                return va.exit;
        if (optind < argc)
                return verb_usage("status", "unexpected argument");
        if (!root[0])
                return verb_usage("status", "--worktree needs a directory");

        if (status_read(root, &s, &root_abs, message, sizeof message) < 0) {
                fprintf(stderr, "pathpolicy status: %s\n", message);
                return EXIT_FAIL;
        }
        r = json ? print_json(s, root_abs) : print_human(s, root_abs);
        if (r < 0) {
                fprintf(stderr, "pathpolicy status: %s\n", r == -ENOMEM ? "out of memory" : strerror(-r));
                return EXIT_FAIL;
        }
        return EXIT_OK;
}
