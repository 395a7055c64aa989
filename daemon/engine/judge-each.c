/* SPDX-License-Identifier: MIT */
/*
 * Every path a call reaches, judged (judge-run.h, judge_call_each): the
 * paths it names (an MCP server's as the server resolves them too), the
 * policy's entries below a directory written, the masked ones its glob
 * lets a search read, the ones its command names. It decides nothing of
 * its own: the walk is judge_call()'s, the checkouts judge-checkouts.c's,
 * the glob's reading judge-glob.c's, the command's check-command's rule.
 * It must not report.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array.h"
#include "command.h"
#include "git-audit.h"
#include "judge-client.h"
#include "judge-run.h"
#include "util.h"

typedef struct Each {
        JudgeVerdict *v;
        size_t n, allocated;
} Each;

void judge_verdicts_free(JudgeVerdict *v, size_t n) {
        for (size_t i = 0; v && i < n; i++)
                judge_verdict_done(&v[i]);
        free(v);
}

static int each_put(Each *e, JudgeVerdict *v) {
        if (ARRAY_GROW(e->v, e->allocated, e->n + 1) < 0) {
                judge_verdict_done(v);
                return -ENOMEM;
        }
        e->v[e->n++] = *v;
        *v = (JudgeVerdict){0};
        return 0;
}

/* An entry of the policy (a policy path, "secrets/" a directory) as an
 * attempt to read it (a masked one) or write it. */
static int each_put_entry(Each *e, const Policy *p, const char *entry, JudgeAccess access) {
        size_t n = strlen(entry);
        while (n > 1 && entry[n - 1] == '/')
                n--;
        JudgeVerdict v = {.judged = true, .attempt = true, .access = access};
        if (!(v.path = strndup(entry, n)))
                return -ENOMEM;
        v.category = judge_classify(p, NULL, v.path, false);
        if (access == JUDGE_READ && !judge_is_masked(v.category))
                v.category = JUDGE_MASKED;
        return each_put(e, &v);
}

static int each_put_masked(Each *e, const Policy *p, const char *entry) {
        return each_put_entry(e, p, entry, JUDGE_READ);
}

/*
 * What a call reaches below a directory: a write to it (moved, replaced,
 * removed: move_file's source) writes every entry of the policy below it
 * (moving .git away takes .git/config with it); a search of it reads each
 * masked entry below it that its glob lets ripgrep read. In every checkout
 * whose policy can name a path there: the root's, each nested one above
 * the directory, and each below it (judge_checkouts_find(), bounded).
 */
typedef struct Reach {
        const Policy *p;
        int root_fd;
        const char *dir;     /* relative to the root, "" the root */
        const char *above;   /* the root relative to the directory searched; NULL: dir is it */
        const JudgeGlobs *g; /* a search's globs; NULL: a write */
        JudgeAccess access;
} Reach;

/* The path rel (below x->dir, from the root) as the search sees it:
 * relative to the directory searched. */
static char *searched_rel(const Reach *x, const char *rel) {
        size_t k = strlen(x->dir);
        char *s = NULL;
        const char *below = rel + (k > 0 ? k + 1 : 0);
        if (asprintf(&s, "%s%s%s", x->above ? x->above : "", x->above && *below ? "/" : "", below) < 0)
                return NULL;
        return s;
}

/* One checkout's entry (anchored at c), when it is below x->dir. */
static int reach_entry(Each *e, const Reach *x, const JudgeCheckout *c, const char *entry) {
        _cleanup_free_ char *full = NULL;
        if (asprintf(&full, "%s%s%s", c->path, *c->path ? "/" : "", entry) < 0)
                return -ENOMEM;
        size_t n = strlen(full), k = strlen(x->dir);
        bool is_dir = n > 0 && full[n - 1] == '/';
        while (n > 1 && full[n - 1] == '/')
                full[--n] = 0;
        if (k > 0 && (strncmp(full, x->dir, k) != 0 || full[k] != '/' || !full[k + 1]))
                return 0;
        /* A nested checkout's entries where they are: the policy names
         * the root's, the checkouts are many, each with few of them. */
        struct stat st;
        if (*c->path && fstatat(x->root_fd, full, &st, AT_SYMLINK_NOFOLLOW) < 0)
                return 0;
        if (x->g) {
                _cleanup_free_ char *rel = searched_rel(x, full);
                if (!rel)
                        return -ENOMEM;
                if (!judge_globs_reach(x->g, rel, is_dir))
                        return 0;
        }
        JudgeVerdict v = {.judged = true, .attempt = true, .access = x->access};
        v.category = judge_classify(x->p, NULL, full + (*c->path ? strlen(c->path) + 1 : 0), c->nested);
        if (x->access == JUDGE_READ && !judge_is_masked(v.category))
                v.category = JUDGE_MASKED;
        v.path = TAKE_PTR(full);
        if (*c->path && !(v.checkout = strdup(c->path))) {
                judge_verdict_done(&v);
                return -ENOMEM;
        }
        return each_put(e, &v);
}

/* Each entry of one checkout's policy below x->dir: a search's, the
 * masked ones; a write's, all, and in a nested checkout git's metadata
 * (which the watcher protects there) the policy does not name. */
static int reach_checkout(Each *e, const Reach *x, const JudgeCheckout *c) {
        int r = 0;
        for (size_t i = 0; r >= 0 && x->p && i < x->p->n; i++)
                if (!x->g || x->p->actions[i].kind != PLATFORM_PROTECT)
                        r = reach_entry(e, x, c, x->p->actions[i].path);
        for (size_t i = 0; r >= 0 && !x->g && c->nested && i < ELEMENTSOF(git_metadata_protected); i++) {
                char entry[64];
                snprintf(entry, sizeof entry, ".git/%s", git_metadata_protected[i]);
                if (judge_classify(x->p, NULL, entry, false) == JUDGE_NONE)
                        r = reach_entry(e, x, c, entry);
        }
        return r;
}

/* A directory the walk did not look in: reported, for a write, and for a
 * search whose globs let some file below it in (any could be a nested
 * checkout's masked entry), never passed over in silence. */
static int reach_unwalked(Each *e, const Reach *x, const char *unwalked) {
        if (x->g) {
                bool masks = false;
                for (size_t i = 0; x->p && i < x->p->n && !masks; i++)
                        masks = x->p->actions[i].kind != PLATFORM_PROTECT;
                _cleanup_free_ char *rel = searched_rel(x, unwalked);
                if (!rel)
                        return -ENOMEM;
                if (!masks || !judge_globs_enter(x->g, rel))
                        return 0;
        }
        JudgeVerdict v = {.judged = true, .attempt = true, .access = x->access, .category = JUDGE_UNWALKED};
        if (!(v.path = strdup(unwalked)))
                return -ENOMEM;
        return each_put(e, &v);
}

/* Might a search read the masked entry (a path, "secrets/" a directory)
 * at any depth, by its last component? */
static bool may_read(const JudgeGlobs *g, const char *entry) {
        char name[NAME_MAX + 2];
        size_t n = strlen(entry);
        bool dir = n > 1 && entry[n - 1] == '/';
        n -= dir;
        size_t k = n;
        while (k > 0 && entry[k - 1] != '/')
                k--;
        if (n - k > NAME_MAX)
                return true; /* no such name on the disk; the side that reports */
        snprintf(name, sizeof name, "%.*s", (int) (n - k), entry + k);
        return judge_globs_may_read_name(g, name, dir);
}

static int reach(Each *e, Judge *j, const char *dir, const char *above, const char *glob,
                 JudgeAccess access) {
        _cleanup_(judge_checkouts_done) JudgeCheckouts cs = {0};
        Reach x = {.p = judge_policy(j),
                   .root_fd = judge_root_fd(j),
                   .dir = dir,
                   .above = above,
                   .access = access};
        JudgeGlobs *g = NULL;
        struct stat st;

        /* A write to a file, or to nothing yet: nothing is below it. */
        if (*dir && (fstatat(x.root_fd, dir, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode)))
                return 0;
        int r = glob ? judge_globs_new(glob, &g) : 0;
        x.g = g;
        /* A search walks for nested checkouts only when its globs may
         * read one of their masked entries ("*.c" reads none): the walk
         * costs a hook milliseconds a thousand directories. */
        bool below = !g;
        for (size_t i = 0; r >= 0 && !below && x.p && i < x.p->n; i++)
                below = x.p->actions[i].kind != PLATFORM_PROTECT && may_read(g, x.p->actions[i].path);
        if (r >= 0)
                r = judge_checkouts_find(x.root_fd, dir, judge_walk_max(j), below, &cs);
        for (size_t i = 0; r >= 0 && i < cs.n; i++)
                r = reach_checkout(e, &x, &cs.v[i]);
        if (r >= 0 && cs.unwalked)
                r = reach_unwalked(e, &x, cs.unwalked);
        judge_globs_free(g);
        return r;
}

/* One path of a call: as judge_call(), and for an MCP server's (server)
 * as that server resolves it too, against the root and through names the
 * same in NFC: the first attempt of those, else the path as the call
 * gives it. */
static int judge_one(Judge *j, const JudgeCall *call, JudgeVerdict *ret) {
        _cleanup_free_ char *nfc = NULL;
        JudgeVerdict v = {0}, w;
        int r = judge_call(j, call, &v);
        if (r < 0 || !call->server || v.attempt) {
                if (r >= 0)
                        *ret = v;
                return r;
        }
        if ((r = judge_nfc_ascii(call->path, &nfc)) < 0) {
                judge_verdict_done(&v);
                return r;
        }
        /* The server expands "~" and "~/..." (expandHome), not "~user". */
        const char *p = call->path;
        bool relative = p[0] != '/' && !(p[0] == '~' && (!p[1] || p[1] == '/')) && call->cwd;
        for (int i = 1; i < 4; i++) {
                JudgeCall other = *call;
                if (((i & 1) && !relative) || ((i & 2) && !nfc))
                        continue;
                if (i & 1)
                        other.cwd = NULL; /* the root */
                if (i & 2)
                        other.path = nfc;
                if ((r = judge_call(j, &other, &w)) < 0)
                        break;
                if (w.attempt) {
                        judge_verdict_done(&v);
                        v = w;
                        break;
                }
                judge_verdict_done(&w);
        }
        if (r < 0) {
                judge_verdict_done(&v);
                return r;
        }
        *ret = v;
        return 0;
}

/* The masked entries the command line names, by check-command's rule,
 * as check-command decides with no history record: every masked entry
 * counts as held, so a command that prints git's blobs reads them. */
static int command_reach(Each *e, Judge *j, const char *line) {
        const Policy *p = judge_policy(j);
        _cleanup_free_ const char **secrets = calloc(p ? p->n + 1 : 1, sizeof *secrets);
        _cleanup_free_ bool *held = calloc(p ? p->n + 1 : 1, sizeof *held);
        _cleanup_free_ bool *fold = calloc(p ? p->n + 1 : 1, sizeof *fold);
        CommandVerdict cv = {0};
        size_t n = 0;
        int r;

        if (!secrets || !held || !fold)
                return -ENOMEM;
        /* Case as judge's own: the filesystem's answer at the root. */
        const bool *folds = p ? judge_entry_folds(j) : NULL;
        if (p && !folds)
                return -ENOMEM;
        for (size_t i = 0; p && i < p->n; i++)
                if (p->actions[i].kind != PLATFORM_PROTECT) {
                        held[n] = true;
                        fold[n] = folds[i];
                        secrets[n++] = p->actions[i].path;
                }
        CommandPolicy cp = {.secrets = secrets, .n_secrets = n, .held = held, .fold = fold};
        if ((r = command_check(line, strlen(line), &cp, &cv)) < 0)
                return r;
        for (size_t i = 0; r >= 0 && cv.refused && i < cv.n_paths; i++)
                r = each_put_masked(e, p, cv.paths[i]);
        command_verdict_done(&cv);
        return r;
}

/* The top of the checkout an absolute cwd is in (the nearest directory at
 * or above it that holds a .git), malloc'd; NULL when none or out of
 * memory: git names the paths it could not update from there. By name,
 * safely so: nothing is opened, bound or written there; a .git swapped
 * meanwhile only moves the base an advisory record's path is read from
 * (the mount is the enforcement), and the lookups below judge that path
 * beneath the worktree's own root as any call's. */
static char *git_top(const char *cwd) {
        _cleanup_free_ char *d = cwd && cwd[0] == '/' ? strdup(cwd) : NULL;
        struct stat st;
        while (d) {
                _cleanup_free_ char *g = NULL;
                if (asprintf(&g, "%s/.git", streq(d, "/") ? "" : d) < 0)
                        return NULL;
                if (fstatat(AT_FDCWD, g, &st, AT_SYMLINK_NOFOLLOW) == 0)
                        return TAKE_PTR(d);
                char *slash = strrchr(d, '/');
                if (!slash || streq(d, "/"))
                        return NULL;
                slash[slash == d] = 0; /* "/a" is "/" */
        }
        return NULL;
}

int judge_call_each(Judge *j, const JudgeCall *call, JudgeVerdict **ret, size_t *ret_n) {
        Each e = {0};
        JudgeVerdict v = {0};
        int r = 0;
        _cleanup_free_ char *top = call->git_refused ? git_top(call->cwd) : NULL;

        if (call->command)
                r = command_reach(&e, j, call->command);
        else {
                for (size_t i = 0; r >= 0 && i <= call->n_more; i++) {
                        JudgeCall one = *call;
                        if (top)
                                one.cwd = top;
                        if (i > 0) {
                                one.path = call->more[i - 1].path;
                                one.access = call->more[i - 1].access;
                        }
                        if ((r = judge_one(j, &one, &v)) < 0)
                                break;
                        bool below =
                                one.access == JUDGE_WRITE && v.judged && !v.attempt && v.path && !call->grep;
                        _cleanup_free_ char *dir = below ? strdup(v.path) : NULL;
                        if ((r = each_put(&e, &v)) >= 0 && below)
                                r = dir ? reach(&e, j, dir, NULL, NULL, JUDGE_WRITE) : -ENOMEM;
                }
                /* A glob picks files in a directory searched, or in the
                 * root below one above it; a file named is searched as
                 * named (the client matches the glob to it itself). */
                const JudgeVerdict *s = r >= 0 ? &e.v[0] : NULL;
                if (s && call->glob && s->searched_dir && (s->path || s->above))
                        r = reach(&e, j, s->path ? s->path : "", s->above, call->glob, JUDGE_READ);
        }
        if (r < 0) {
                judge_verdicts_free(e.v, e.n);
                return r;
        }
        *ret = e.v;
        *ret_n = e.n;
        return 0;
}
