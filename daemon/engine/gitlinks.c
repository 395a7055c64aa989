/* SPDX-License-Identifier: MIT */
/*
 * A nested checkout, as stage sees it (host-internal.h): a gitlink judged
 * by its HEAD alone. git add never looks at one, so no git asks whether it
 * is dirty (that is a git status run inside it, with its config, its
 * attributes and its filter drivers: the agent's programs, on the host).
 */
#include "host-internal.h"

#include <sys/stat.h>

#include "util.h"

bool gitlink_mode(unsigned mode) {
        /* git's own S_ISGITLINK(): the type bits alone. An agent's index
         * can give a gitlink permission bits too (0160755); git keeps
         * them, lists them (ls-files: "160755"), and takes the entry for
         * a gitlink all the same, asking git status inside it. */
        return (mode & S_IFMT) == 0160000;
}

int gitlinks_push(Gitlinks *l, const char *path) {
        /* a conflict lists one path up to three times, in a row */
        if (l->n > 0 && streq(l->v[l->n - 1], path))
                return 0;
        char *d = strdup(path);
        char **v = d ? realloc(l->v, (l->n + 2) * sizeof *v) : NULL;
        if (!v) {
                free(d);
                return -ENOMEM;
        }
        v[l->n++] = d;
        v[l->n] = NULL;
        l->v = v;
        return 0;
}

void gitlinks_done(Gitlinks *l) {
        for (size_t i = 0; i < l->n; i++)
                free(l->v[i]);
        free(l->v);
        *l = (Gitlinks){0};
}

int gitlinks_from_git(const Git *g, Gitlinks *ret, HostError *e) {
        /* plumbing that reads the index alone, never the worktree */
        static const char *const args[] = {"ls-files", "--stage", "-z", NULL};
        _cleanup_free_ char *out = NULL;
        _cleanup_(gitlinks_done) Gitlinks l = {0};
        size_t n = 0;
        int r = git_ok(g, args, NULL, 0, &out, &n, e);
        if (r < 0)
                return r;
        /* "<mode> <oid> <stage>\t<path>\0" */
        for (char *p = out; p < out + n; p += strlen(p) + 1) {
                char *tab = strchr(p, '\t');
                if (!tab)
                        return fail(e, -EBADMSG, "path policy: cannot read what git ls-files said in %s",
                                    shown(g->worktree));
                char *end;
                unsigned long mode = strtoul(p, &end, 8);
                if (end == p || *end != ' ')
                        return fail(e, -EBADMSG, "path policy: cannot read what git ls-files said in %s",
                                    shown(g->worktree));
                if (gitlink_mode((unsigned) mode) && (r = gitlinks_push(&l, tab + 1)) < 0)
                        return r;
        }
        l.known = true;
        *ret = l;
        l = (Gitlinks){0};
        return 0;
}

int gitlinks_stage(const Git *g, const Gitlinks *l, HostError *e) {
        /* update-index takes a checked-out gitlink at its HEAD (the refs,
         * read; nothing run), keeps one not checked out, removes one gone
         * and hashes what took its place, as git add would, but never asks
         * git status inside it. */
        static const char *const args[] = {"update-index", "--add", "--remove", "-z", "--stdin", NULL};
        _cleanup_free_ char *in = NULL, *out = NULL;
        size_t n_in = 0, n = 0;
        if (l->n == 0)
                return 0;
        for (size_t i = 0; i < l->n; i++)
                n_in += strlen(l->v[i]) + 1;
        if (!(in = malloc(n_in)))
                return -ENOMEM;
        char *q = in;
        for (size_t i = 0; i < l->n; i++)
                q = mempcpy(q, l->v[i], strlen(l->v[i]) + 1);
        return git_ok(g, args, in, n_in, &out, &n, e);
}
