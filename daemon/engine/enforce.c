/* SPDX-License-Identifier: MIT */
#include "enforce.h"

#include <stdarg.h>

#include <inttypes.h>

#include "array.h"
#include "git-text.h"
#include "util.h"

/* Why a bind failed, in the words of the spec's fail-closed list. */
static const char *reason(int r, PlatformBindStep step, PlatformBindKind kind) {
        switch (step) {
        case PLATFORM_STEP_RESOLVE:
                if (r == -ENOENT)
                        return "missing path";
                if (r == -ELOOP)
                        return "a symlink where the host wrote a real path (at the path or a component of "
                               "it)";
                if (r == -EXDEV)
                        return "the path leads out of the root";
                if (r == -ENOTDIR)
                        return "a component of the path is not a directory";
                if (r == -EAGAIN)
                        return "the path kept changing while it was resolved";
                break;
        case PLATFORM_STEP_TYPE:
                if (r == -ELOOP)
                        return "a symlink where the host wrote a real path";
                if (kind == PLATFORM_MASK_FILE)
                        return "a directory, but the policy masks a file there (mask-file)";
                if (kind == PLATFORM_MASK_DIR)
                        return "not a directory, but the policy masks a directory there (mask-dir)";
                break;
        case PLATFORM_STEP_DEVNULL:
                return "/dev/null is not the 1:3 character device";
        case PLATFORM_STEP_VERIFY:
                if (r == -EBADE)
                        return "after the mount the path is not our mount (the tree changed under it)";
                break;
        default:
                break;
        }
        return NULL;
}

_printf_(2, 3) static void fail(EnforceResult *res, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(res->message, sizeof res->message, fmt, ap);
        va_end(ap);
}

static void report_failure(LogStream *log, EnforceResult *res, const char *policy_path, size_t line,
                           const PolicyAction *a, const PlatformBindInfo *info, int r) {
        PlatformBindKind kind = a->kind;
        const char *why = reason(r, info->step, kind);
        _cleanup_free_ char *shown = escape_for_display(a->path);

        /* Git's plain text has no line: policy_path NULL. */
        char where[PATH_MAX + 32] = "";
        if (policy_path)
                snprintf(where, sizeof where, "%s:%zu: ", policy_path, line);
        fail(res, "path policy: %scannot %s %s%s (%s): %s%s%s", where,
             kind == PLATFORM_PROTECT ? "protect" : "mask", policy_path ? "" : "git's plain text ",
             shown ? shown : "?", platform_bind_kind_to_string(a->kind), why ? why : strerror(-r),
             why ? "" : " at ", why ? "" : platform_bind_step_to_string(info->step));

        log_event(
                log, LOG_ERROR, "enforce-failed",
                LOG_FIELDS(LOG_PATH("policy", policy_path ? policy_path : ""), LOG_INT("line", line),
                           LOG_PATH("path", a->path), LOG_STR("kind", platform_bind_kind_to_string(a->kind)),
                           LOG_STR("step", platform_bind_step_to_string(info->step)), LOG_INT("errno", -r)),
                "%s", res->message);
}

/* A piece of git's plain text that cannot be masked as it is (a symlink
 * there, a fifo, gone since it was listed): said, and left; what it
 * holds is the host's, and no bind of ours hides it. */
static void git_text_left(LogStream *log, const char *path, const PlatformBindInfo *info, int r) {
        const char *why = reason(r, info->step, PLATFORM_MASK_FILE);
        log_event(log, LOG_WARN, "git-text-left",
                  LOG_FIELDS(LOG_PATH("path", path),
                             LOG_STR("step", platform_bind_step_to_string(info->step)), LOG_ERRNO(-r)),
                  "path policy: cannot mask git's plain text {path}: %s", why ? why : strerror(-r));
}

/* Git's plain text in the root's own .git (a directory; a .git file's
 * git directory is elsewhere), checked: what can be masked goes into
 * *text. Failing only for memory. */
static int find_git_text(const BinderOps *ops, void *b, const FileOps *files, const char *root,
                         LogStream *log, Policy *text, PlatformBindInfo **ret_infos) {
        _cleanup_policy_ Policy *found = NULL;
        PlatformBindInfo info;
        void *f = NULL;
        int r;

        if (!files || !files->list || ops->check(b, PLATFORM_MASK_DIR, ".git", &info) < 0)
                return 0;
        found = calloc(1, sizeof *found);
        if (!found)
                return -ENOMEM;
        r = files->open(root, &f);
        if (r < 0) {
                log_event(log, LOG_WARN, "git-text-left",
                          LOG_FIELDS(LOG_PATH("path", ".git"), LOG_ERRNO(-r)),
                          "path policy: cannot look for git's plain text in {path}: {errno}");
                return 0;
        }
        r = git_text_find(ops, b, files, f, ".git", found);
        files->close(f);
        if (r == -ENOMEM)
                return r;
        if (r < 0)
                log_event(
                        log, LOG_WARN, "git-text-left", LOG_FIELDS(LOG_PATH("path", ".git"), LOG_ERRNO(-r)),
                        r == -E2BIG
                                ? "path policy: more directories in {path} than the boot looks at for git's "
                                  "plain text (%d): the rest is not masked"
                                : "path policy: cannot look for git's plain text in {path}: {errno}",
                        GIT_TEXT_DIRS_MAX);

        PlatformBindInfo *infos = calloc(found->n + 1, sizeof *infos);
        if (!infos)
                return -ENOMEM;
        for (size_t i = 0; i < found->n; i++) {
                PolicyAction *a = &found->actions[i];
                r = ops->check(b, a->kind, a->path, &infos[text->n]);
                if (r < 0)
                        git_text_left(log, a->path, &infos[text->n], r);
                else if (policy_add(text, a->kind, a->path) < 0) {
                        free(infos);
                        return -ENOMEM;
                }
        }
        *ret_infos = infos;
        return 0;
}

int enforce_policy(const BinderOps *ops, const FileOps *files, const char *root, const char *policy_path,
                   const Policy *p, LogStream *log, EnforceResult *res) {
        _cleanup_free_ PlatformBindInfo *infos = NULL, *text_infos = NULL;
        _cleanup_policy_ Policy *text = NULL;
        void *b = NULL;
        char why[256];
        size_t i, n;
        int r;

        *res = (EnforceResult){0};

        r = ops->kernel_check(why, sizeof why);
        if (r < 0) {
                fail(res, "path policy: cannot enforce: %s", why);
                log_event(log, LOG_ERROR, "enforce-failed", NULL, "%s", res->message);
                return r;
        }
        r = ops->open(root, &b);
        if (r < 0) {
                _cleanup_free_ char *shown = escape_for_display(root);
                fail(res, "path policy: cannot open the root %s: %s", shown ? shown : "?", strerror(-r));
                log_event(log, LOG_ERROR, "enforce-failed",
                          LOG_FIELDS(LOG_PATH("root", root), LOG_INT("errno", -r)), "%s", res->message);
                return r;
        }

        infos = calloc(p->n + 1, sizeof *infos);
        if (!infos) {
                ops->close(b);
                fail(res, "path policy: out of memory");
                return -ENOMEM;
        }

        /* Every action checked before anything is mounted: a policy the
         * tree does not fit mounts nothing at all. The policy file has one
         * action per line, so action i is line i + 1. */
        for (i = 0; i < p->n; i++) {
                r = ops->check(b, p->actions[i].kind, p->actions[i].path, &infos[i]);
                if (r < 0) {
                        report_failure(log, res, policy_path, i + 1, &p->actions[i], &infos[i], r);
                        ops->close(b);
                        return r;
                }
        }
        /* Then git's plain text (git-text.h), masked after the policy's
         * actions, as if they were more lines of it. */
        text = calloc(1, sizeof *text);
        if (!text || find_git_text(ops, b, files, root, log, text, &text_infos) < 0) {
                ops->close(b);
                fail(res, "path policy: out of memory");
                return -ENOMEM;
        }

        n = p->n + text->n;
        for (i = 0; i < n; i++) {
                bool is_text = i >= p->n;
                const PolicyAction *a = is_text ? &text->actions[i - p->n] : &p->actions[i];
                PlatformBindInfo *info = is_text ? &text_infos[i - p->n] : &infos[i];
                r = ops->bind(b, a->kind, a->path, info);
                if (r < 0)
                        break;

                log_event(log, LOG_INFO, "bind",
                          LOG_FIELDS(LOG_PATH("path", a->path),
                                     LOG_STR("kind", platform_bind_kind_to_string(a->kind)),
                                     LOG_INT("mount_id", info->mount_id), LOG_BOOL("already", info->already),
                                     LOG_BOOL("git_text", is_text)),
                          "path policy: %s%s {path} ({kind})%s",
                          a->kind == PLATFORM_PROTECT ? "protected" : "masked",
                          is_text ? " git's plain text" : "", info->already ? ", already bound" : "");
                if (a->kind == PLATFORM_MASK_FILE && info->regular && info->nlink > 1)
                        log_event(log, LOG_WARN, "hardlink",
                                  LOG_FIELDS(LOG_PATH("path", a->path), LOG_INT("nlink", info->nlink)),
                                  "path policy: masked {path} has {nlink} hard links: its content is "
                                  "reachable by "
                                  "another name");
                if (is_text)
                        res->git_text++;
                else if (a->kind == PLATFORM_PROTECT)
                        res->protected_++;
                else
                        res->masked++;
                res->already += info->already;
        }

        if (r < 0) {
                if (i < p->n)
                        report_failure(log, res, policy_path, i + 1, &p->actions[i], &infos[i], r);
                else
                        report_failure(log, res, NULL, 0, &text->actions[i - p->n], &text_infos[i - p->n],
                                       r);
                /* Undo what this run applied, newest first; what was already
                 * there before stays. */
                while (i-- > 0) {
                        const PolicyAction *a = i >= p->n ? &text->actions[i - p->n] : &p->actions[i];
                        PlatformBindInfo *info = i >= p->n ? &text_infos[i - p->n] : &infos[i];
                        if (info->already)
                                continue;
                        int k = ops->unbind(b, info);
                        log_event(log, k < 0 ? LOG_ERROR : LOG_INFO, "unbind",
                                  LOG_FIELDS(LOG_PATH("path", a->path),
                                             LOG_STR("kind", platform_bind_kind_to_string(a->kind)),
                                             LOG_ERRNO(k < 0 ? -k : 0)),
                                  "path policy: %s {path} ({kind})%s{errno}",
                                  k < 0 ? "could not undo" : "undid", k < 0 ? ": " : "");
                }
                ops->close(b);
                return r;
        }

        /* The mounts stay: they belong to the kernel now. Newest first, as
         * an undo would go: the engine finds each record in one step. */
        for (i = n; i-- > 0;)
                ops->release(b, i >= p->n ? &text_infos[i - p->n] : &infos[i]);
        ops->close(b);

        char already[64] = "", text_masked[64] = "";
        if (res->already > 0)
                snprintf(already, sizeof already, " (%zu already bound)", res->already);
        if (res->git_text > 0)
                snprintf(text_masked, sizeof text_masked, "; %zu of git's plain text", res->git_text);
        log_event(log, LOG_INFO, "enforce-done",
                  LOG_FIELDS(LOG_INT("masked", res->masked), LOG_INT("protected", res->protected_),
                             LOG_INT("already", res->already), LOG_INT("git_text", res->git_text)),
                  "path policy: masking {masked} path(s), protecting {protected}%s%s", already, text_masked);
        return 0;
}

/* ---- teardown ---- */

typedef struct Found {
        char **paths;
        unsigned *kinds;
        size_t n, n_paths_allocated, n_kinds_allocated;
        int r;
} Found;

static void found_one(void *ctx, const char *path, unsigned kinds) {
        Found *f = ctx;
        if (f->r < 0)
                return;
        if (ARRAY_GROW(f->paths, f->n_paths_allocated, f->n + 1) < 0 ||
            ARRAY_GROW(f->kinds, f->n_kinds_allocated, f->n + 1) < 0 || !(f->paths[f->n] = strdup(path))) {
                f->r = -ENOMEM;
                return;
        }
        f->kinds[f->n++] = kinds;
}

/* The names of git metadata the watcher protects in a gitdir or common
 * dir: config, hooks, config.worktree, info/attributes. */
static const char *const metadata_names[] = {"config", "hooks", "config.worktree", "info/attributes"};

/* The directory path is git metadata of, when its last part is one of
 * metadata_names: its length, or 0. */
static size_t metadata_dir(const char *path) {
        size_t n = strlen(path);
        for (size_t i = 0; i < ELEMENTSOF(metadata_names); i++) {
                size_t k = strlen(metadata_names[i]);
                if (n > k && streq(path + n - k, metadata_names[i]) && path[n - k - 1] == '/')
                        return n - k - 1;
        }
        return 0;
}

/* ops->check of dir/name. */
static int check_in(const BinderOps *ops, void *b, PlatformBindKind kind, const char *dir, const char *name,
                    PlatformBindInfo *info) {
        char buf[PATH_MAX];
        int n = snprintf(buf, sizeof buf, "%s/%s", dir, name);
        if (n < 0 || (size_t) n >= sizeof buf)
                return -ENAMETOOLONG;
        return ops->check(b, kind, buf, info);
}

/* Whether dir (beneath the root) is a git directory as git's
 * is_git_directory tells one: a HEAD file, and objects/ and refs/ or a
 * commondir file (a linked worktree's admin dir). What the watcher
 * protects in a bare repository, whose name carries no .git. */
static bool is_git_dir(const BinderOps *ops, void *b, const char *dir) {
        PlatformBindInfo info;
        if (check_in(ops, b, PLATFORM_PROTECT, dir, "HEAD", &info) < 0 || !info.regular)
                return false;
        if (check_in(ops, b, PLATFORM_PROTECT, dir, "commondir", &info) == 0 && info.regular)
                return true;
        return check_in(ops, b, PLATFORM_MASK_DIR, dir, "objects", &info) == 0 &&
               check_in(ops, b, PLATFORM_MASK_DIR, dir, "refs", &info) == 0;
}

/* Git metadata the watcher protects: one of metadata_names in a .git
 * directory, or in any directory that is a git directory (a bare
 * repository a linked worktree was made from, its admin dirs). */
static bool git_metadata(const BinderOps *ops, void *b, const char *path) {
        size_t n = metadata_dir(path);
        if (n == 0)
                return false;
        if (strstr(path, ".git/") || strncmp(path, ".git/", 5) == 0)
                return true;
        char dir[PATH_MAX];
        if (n >= sizeof dir)
                return false;
        memcpy(dir, path, n);
        dir[n] = 0;
        return is_git_dir(ops, b, dir);
}

/* The kind a mount at path has if it is ours: from the policy, or protect
 * for git metadata; -1 when the policy does not name it. */
static int teardown_kind(const BinderOps *ops, void *b, const Policy *p, const char *path, unsigned kinds) {
        for (size_t i = 0; i < p->n; i++) {
                PlatformBindKind k = p->actions[i].kind;
                if ((kinds & (1u << k)) && entry_match_any_depth(p->actions[i].path, path))
                        return (int) k;
        }
        /* A masked name that was a directory where its entry said file
         * (watch and prepare mask it as what it is). */
        for (size_t i = 0; i < p->n; i++)
                if (p->actions[i].kind == PLATFORM_MASK_FILE && (kinds & (1u << PLATFORM_MASK_DIR)) &&
                    entry_match_any_depth(p->actions[i].path, path))
                        return PLATFORM_MASK_DIR;
        if ((kinds & (1u << PLATFORM_PROTECT)) && git_metadata(ops, b, path))
                return PLATFORM_PROTECT;
        return git_text_kind(path, kinds);
}

static int by_depth_desc(const void *a, const void *b) {
        size_t x = 0, y = 0;
        for (const char *s = *(char *const *) a; *s; s++)
                x += *s == '/';
        for (const char *s = *(char *const *) b; *s; s++)
                y += *s == '/';
        return x < y ? 1 : x > y ? -1 : strcmp(*(char *const *) a, *(char *const *) b);
}

int enforce_teardown(const BinderOps *ops, const char *root, const Policy *p, LogStream *log,
                     TeardownResult *res) {
        Found f = {0};
        void *b = NULL;
        int r;

        *res = (TeardownResult){0};
        if (!ops->mounts || !ops->teardown) {
                snprintf(res->message, sizeof res->message,
                         "path policy: this platform makes no mounts to remove");
                return -ENOSYS;
        }
        r = ops->open(root, &b);
        if (r < 0) {
                snprintf(res->message, sizeof res->message, "path policy: cannot open %s: %s", root,
                         strerror(-r));
                return r;
        }
        r = ops->mounts(b, found_one, &f);
        if (r >= 0)
                r = f.r;
        if (r < 0) {
                snprintf(res->message, sizeof res->message,
                         "path policy: cannot list the mounts below %s: %s", root, strerror(-r));
                goto out;
        }
        /* The deepest first: a mask inside a protected directory goes before
         * the directory's bind. Each path once, though mounts may stack. */
        char **sorted = calloc(f.n + 1, sizeof *sorted);
        if (!sorted) {
                r = -ENOMEM;
                goto out;
        }
        for (size_t i = 0; i < f.n; i++)
                sorted[i] = f.paths[i];
        qsort(sorted, f.n, sizeof *sorted, by_depth_desc);
        for (size_t i = 0; i < f.n; i++) {
                if (i > 0 && streq(sorted[i], sorted[i - 1]))
                        continue;
                unsigned kinds = 0;
                for (size_t j = 0; j < f.n; j++)
                        if (streq(f.paths[j], sorted[i]))
                                kinds |= f.kinds[j];
                int kind = teardown_kind(ops, b, p, sorted[i], kinds);
                if (kind < 0) {
                        res->left++;
                        log_event(log, LOG_DEBUG, "unbind-left", LOG_FIELDS(LOG_PATH("path", sorted[i])),
                                  "path policy: left {path}: the policy does not name it");
                        continue;
                }
                /* Stacked mounts of ours at one path go one at a time. */
                int k = 0;
                while ((r = ops->teardown(b, (PlatformBindKind) kind, sorted[i])) == 1 && ++k < 64)
                        ;
                const LogField *fields =
                        LOG_FIELDS(LOG_PATH("path", sorted[i]),
                                   LOG_STR("kind", platform_bind_kind_to_string((PlatformBindKind) kind)),
                                   LOG_ERRNO(r < 0 ? -r : 0));
                if (r < 0) {
                        res->failed++;
                        log_event(log, LOG_ERROR, "unbind-failed", fields,
                                  "path policy: cannot remove the {kind} mount at {path}: {errno}");
                } else if (k) {
                        res->unbound++;
                        log_event(log, LOG_INFO, "unbound", fields,
                                  "path policy: removed the {kind} mount at {path}");
                } else {
                        res->left++;
                        log_event(log, LOG_DEBUG, "unbind-left", fields,
                                  "path policy: left {path}: not a mount of ours (seen through its fd)");
                }
        }
        free(sorted);
        r = 0;
        log_event(log, res->failed ? LOG_ERROR : LOG_INFO, "unbind-done",
                  LOG_FIELDS(LOG_INT("unbound", res->unbound), LOG_INT("left", res->left),
                             LOG_INT("failed", res->failed)),
                  "path policy: removed {unbound} mount(s) below %s; left {left} not ours; {failed} failed",
                  root);
        if (res->failed) {
                snprintf(res->message, sizeof res->message, "path policy: %zu mount(s) could not be removed",
                         res->failed);
                r = -EBUSY;
        }
out:
        for (size_t i = 0; i < f.n; i++)
                free(f.paths[i]);
        free(f.paths);
        free(f.kinds);
        ops->close(b);
        return r;
}
