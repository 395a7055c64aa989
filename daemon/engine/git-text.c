/* SPDX-License-Identifier: MIT */
/* Git's plain text in a git directory: found by name, for the boot to mask. */
#include "git-text.h"

#include "array.h"
#include "util.h"

/* Files git writes in a git directory for a person: one whose name holds
 * one of these is text (an editor's .COMMIT_EDITMSG.swp, COMMIT_EDITMSG~
 * and #MERGE_MSG# with it). REPLACE_EDITOBJ is `git replace --edit`'s
 * object (a blob's bytes too); .gitsendemail.msg.XXXX, send-email's. */
static const char *const text_names[] = {
        "COMMIT_EDITMSG",   "MERGE_MSG",      "SQUASH_MSG",          "TAG_EDITMSG",     "NOTES_EDITMSG",
        "EDIT_DESCRIPTION", "ADD_EDIT.patch", "addp-hunk-edit.diff", "REPLACE_EDITOBJ", ".gitsendemail.msg",
};
/* Directories of nothing but such text. */
static const char *const text_dirs[] = {"rr-cache", "lost-found"};
/* A rebase's or am's state: the state files stay (git status reads
 * them); the patch, the messages and am's mails (0001, ...) are text. */
static const char *const state_dirs[] = {"rebase-apply", "rebase-merge"};
static const char *const state_text[] = {"patch",         "msg",          "msg-clean",
                                         "final-commit",  "message",      "message-squash",
                                         "message-fixup", "amend-message"};

static bool name_in(const char *name, const char *const *v, size_t n) {
        for (size_t i = 0; i < n; i++)
                if (streq(name, v[i]))
                        return true;
        return false;
}

static bool text_name(const char *name) {
        for (size_t i = 0; i < ELEMENTSOF(text_names); i++)
                if (strstr(name, text_names[i]))
                        return true;
        return false;
}

static bool state_text_name(const char *name) {
        if (name_in(name, state_text, ELEMENTSOF(state_text)))
                return true;
        size_t n = strspn(name, "0123456789");
        return n > 0 && name[n] == 0;
}

typedef struct Names {
        char **v;
        size_t n, size;
        int r;
} Names;

static void name_add(void *ctx, const char *name) {
        Names *l = ctx;
        char *s = l->r < 0 ? NULL : strdup(name);
        if (!s || ARRAY_GROW(l->v, l->size, l->n + 1) < 0) {
                free(s);
                l->r = -ENOMEM;
                return;
        }
        l->v[l->n++] = s;
}

static void names_done(Names *l) {
        for (size_t i = 0; i < l->n; i++)
                free(l->v[i]);
        free(l->v);
}

typedef struct Search {
        const BinderOps *ops;
        void *b;
        const FileOps *files;
        void *f;
        Policy *out;
        size_t left; /* directories still to look at */
        int r;       /* out of memory: the search stops */
        int unread;  /* the first directory that could not be listed: the search goes on */
} Search;

static char *join(const char *a, const char *b) {
        char *s = NULL;
        return asprintf(&s, "%s/%s", a, b) < 0 ? NULL : s;
}

static bool is_dir(Search *s, const char *path) {
        PlatformBindInfo info;
        return s->ops->check(s->b, PLATFORM_MASK_DIR, path, &info) == 0;
}

static bool holds_head(Search *s, const char *dir) {
        _cleanup_free_ char *head = join(dir, "HEAD");
        PlatformBindInfo info;
        return head && s->ops->check(s->b, PLATFORM_PROTECT, head, &info) == 0 && info.regular;
}

/* Add path: mask-dir when it is a directory, else mask-file (enforce
 * checks it, and says why when it cannot be masked). */
static void add(Search *s, const char *path) {
        if (s->r >= 0 &&
            policy_add(s->out, is_dir(s, path) ? PLATFORM_MASK_DIR : PLATFORM_MASK_FILE, path) < 0)
                s->r = -ENOMEM;
}

/* List dir into *l, counting it against the bound. */
static bool list(Search *s, const char *dir, Names *l) {
        if (s->left == 0) {
                s->unread = -E2BIG;
                return false;
        }
        s->left--;
        int r = s->files->list(s->f, dir, name_add, l);
        if (l->r < 0)
                s->r = l->r;
        else if (r < 0 && s->unread == 0)
                s->unread = r;
        return r >= 0 && l->r >= 0;
}

static void search_gitdir(Search *s, const char *gitdir, unsigned depth);

/* Below modules/: a directory holding HEAD is a submodule's git
 * directory; any other is a part of a NAME with slashes. */
static void search_modules(Search *s, const char *dir, unsigned depth) {
        Names l = {0};
        if (depth > GIT_TEXT_DEPTH || !list(s, dir, &l)) {
                names_done(&l);
                return;
        }
        for (size_t i = 0; i < l.n && s->r >= 0; i++) {
                _cleanup_free_ char *p = join(dir, l.v[i]);
                if (!p)
                        s->r = -ENOMEM;
                else if (!is_dir(s, p))
                        continue;
                else if (holds_head(s, p))
                        search_gitdir(s, p, depth + 1);
                else
                        search_modules(s, p, depth + 1);
        }
        names_done(&l);
}

static void search_state(Search *s, const char *dir) {
        Names l = {0};
        if (list(s, dir, &l))
                for (size_t i = 0; i < l.n && s->r >= 0; i++) {
                        if (!state_text_name(l.v[i]) && !text_name(l.v[i]))
                                continue;
                        _cleanup_free_ char *p = join(dir, l.v[i]);
                        if (!p)
                                s->r = -ENOMEM;
                        else
                                add(s, p);
                }
        names_done(&l);
}

static void search_gitdir(Search *s, const char *gitdir, unsigned depth) {
        Names l = {0};
        if (depth > GIT_TEXT_DEPTH || !list(s, gitdir, &l)) {
                names_done(&l);
                return;
        }
        for (size_t i = 0; i < l.n && s->r >= 0; i++) {
                const char *name = l.v[i];
                _cleanup_free_ char *p = join(gitdir, name);
                if (!p) {
                        s->r = -ENOMEM;
                        break;
                }
                if (text_name(name) || name_in(name, text_dirs, ELEMENTSOF(text_dirs)))
                        add(s, p);
                else if (!is_dir(s, p))
                        continue;
                else if (name_in(name, state_dirs, ELEMENTSOF(state_dirs)))
                        search_state(s, p);
                else if (streq(name, "modules"))
                        search_modules(s, p, depth + 1);
                else if (streq(name, "worktrees"))
                        search_modules(s, p, depth + 1); /* worktrees/NAME: a git directory each */
                else if (streq(name, "lfs")) {           /* Git LFS's store: files' bytes as they are */
                        _cleanup_free_ char *o = join(p, "objects");
                        if (!o)
                                s->r = -ENOMEM;
                        else if (is_dir(s, o))
                                add(s, o);
                }
        }
        names_done(&l);
}

int git_text_find(const BinderOps *ops, void *b, const FileOps *files, void *f, const char *gitdir,
                  Policy *ret) {
        Search s = {.ops = ops, .b = b, .files = files, .f = f, .out = ret, .left = GIT_TEXT_DIRS_MAX};
        if (!files->list)
                return -ENOSYS;
        search_gitdir(&s, gitdir, 0);
        return s.r < 0 ? s.r : s.unread;
}

int git_text_kind(const char *path, unsigned kinds) {
        const char *slash = strrchr(path, '/');
        if (!slash || !(strncmp(path, ".git/", 5) == 0 || strstr(path, "/.git/")))
                return -1;
        const char *name = slash + 1;
        size_t parent = (size_t) (slash - path);
        bool in_state = false;
        for (size_t i = 0; i < ELEMENTSOF(state_dirs); i++) {
                size_t k = strlen(state_dirs[i]);
                in_state |= parent >= k + 1 && path[parent - k - 1] == '/' &&
                            strncmp(path + parent - k, state_dirs[i], k) == 0;
        }
        bool lfs = streq(name, "objects") && parent >= 4 && strncmp(path + parent - 4, "/lfs", 4) == 0;
        bool text = text_name(name) || name_in(name, text_dirs, ELEMENTSOF(text_dirs)) ||
                    (in_state && state_text_name(name)) || lfs;
        if (!text)
                return -1;
        if (kinds & (1u << PLATFORM_MASK_DIR))
                return PLATFORM_MASK_DIR;
        if (kinds & (1u << PLATFORM_MASK_FILE))
                return PLATFORM_MASK_FILE;
        return -1;
}
