/* SPDX-License-Identifier: MIT */
#include "enforce.h"

#include <stdarg.h>

#include <inttypes.h>

#include "util.h"

PlatformBindKind enforce_kind(PolicyKind k) {
        return k == POLICY_MASK_FILE ? PLATFORM_MASK_FILE : k == POLICY_MASK_DIR ? PLATFORM_MASK_DIR : PLATFORM_PROTECT;
}

/* Why a bind failed, in the words of the spec's fail-closed list. */
static const char *reason(int r, PlatformBindStep step, PlatformBindKind kind) {
        switch (step) {
        case PLATFORM_STEP_RESOLVE:
                if (r == -ENOENT)
                        return "missing path";
                if (r == -ELOOP)
                        return "a symlink where the host wrote a real path (at the path or a component of it)";
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
        PlatformBindKind kind = enforce_kind(a->kind);
        const char *why = reason(r, info->step, kind);
        _cleanup_free_ char *shown = escape_for_display(a->path);

        fail(res, "path policy: %s:%zu: cannot %s %s (%s): %s%s%s", policy_path, line,
             kind == PLATFORM_PROTECT ? "protect" : "mask", shown ? shown : "?", policy_kind_to_string(a->kind),
             why ? why : strerror(-r), why ? "" : " at ", why ? "" : platform_bind_step_to_string(info->step));

        LogRecord *rec = log_record_new(LOG_ERROR, "enforce-failed");
        log_record_path(rec, "policy", policy_path);
        log_record_int(rec, "line", (int64_t) line);
        log_record_path(rec, "path", a->path);
        log_record_str(rec, "kind", policy_kind_to_string(a->kind));
        log_record_str(rec, "step", platform_bind_step_to_string(info->step));
        log_record_int(rec, "errno", -r);
        log_submit(log, rec, "%s", res->message);
}

int enforce_policy(const BinderOps *ops, const char *root, const char *policy_path, const Policy *p, LogStream *log,
                   EnforceResult *res) {
        _cleanup_free_ PlatformBindInfo *infos = NULL;
        void *b = NULL;
        char why[256];
        size_t i;
        int r;

        *res = (EnforceResult){0};

        r = ops->kernel_check(why, sizeof why);
        if (r < 0) {
                fail(res, "path policy: cannot enforce: %s", why);
                log_submit(log, log_record_new(LOG_ERROR, "enforce-failed"), "%s", res->message);
                return r;
        }
        r = ops->open(root, &b);
        if (r < 0) {
                _cleanup_free_ char *shown = escape_for_display(root);
                fail(res, "path policy: cannot open the root %s: %s", shown ? shown : "?", strerror(-r));
                LogRecord *rec = log_record_new(LOG_ERROR, "enforce-failed");
                log_record_path(rec, "root", root);
                log_record_int(rec, "errno", -r);
                log_submit(log, rec, "%s", res->message);
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
                r = ops->check(b, enforce_kind(p->actions[i].kind), p->actions[i].path, &infos[i]);
                if (r < 0) {
                        report_failure(log, res, policy_path, i + 1, &p->actions[i], &infos[i], r);
                        ops->close(b);
                        return r;
                }
        }

        for (i = 0; i < p->n; i++) {
                const PolicyAction *a = &p->actions[i];
                r = ops->bind(b, enforce_kind(a->kind), a->path, &infos[i]);
                if (r < 0)
                        break;

                LogRecord *rec = log_record_new(LOG_INFO, "bind");
                log_record_path(rec, "path", a->path);
                log_record_str(rec, "kind", policy_kind_to_string(a->kind));
                log_record_int(rec, "mount_id", (int64_t) infos[i].mount_id);
                log_record_bool(rec, "already", infos[i].already);
                log_submit(log, rec, "path policy: %s %s (%s)%s", a->kind == POLICY_PROTECT ? "protected" : "masked",
                           a->path, policy_kind_to_string(a->kind), infos[i].already ? ", already bound" : "");

                if (a->kind == POLICY_MASK_FILE && infos[i].regular && infos[i].nlink > 1) {
                        rec = log_record_new(LOG_WARN, "hardlink");
                        log_record_path(rec, "path", a->path);
                        log_record_int(rec, "nlink", (int64_t) infos[i].nlink);
                        log_submit(log, rec,
                                   "path policy: masked %s has %" PRIu64 " hard links: its content is reachable "
                                   "by another name",
                                   a->path, infos[i].nlink);
                }
                if (a->kind == POLICY_PROTECT)
                        res->protected_++;
                else
                        res->masked++;
                res->already += infos[i].already;
        }

        if (r < 0) {
                report_failure(log, res, policy_path, i + 1, &p->actions[i], &infos[i], r);
                /* Undo what this run applied, newest first; what was already
                 * there before stays. */
                while (i-- > 0) {
                        if (infos[i].already)
                                continue;
                        int k = ops->unbind(b, &infos[i]);
                        LogRecord *rec = log_record_new(k < 0 ? LOG_ERROR : LOG_INFO, "unbind");
                        log_record_path(rec, "path", p->actions[i].path);
                        log_record_str(rec, "kind", policy_kind_to_string(p->actions[i].kind));
                        if (k < 0)
                                log_record_int(rec, "errno", -k);
                        log_submit(log, rec, "path policy: %s %s (%s)%s%s",
                                   k < 0 ? "could not undo" : "undid", p->actions[i].path,
                                   policy_kind_to_string(p->actions[i].kind), k < 0 ? ": " : "",
                                   k < 0 ? strerror(-k) : "");
                }
                ops->close(b);
                return r;
        }

        /* The mounts stay: they belong to the kernel now. Newest first, as
         * an undo would go: the engine finds each record in one step. */
        for (i = p->n; i-- > 0;)
                ops->release(b, &infos[i]);
        ops->close(b);

        LogRecord *rec = log_record_new(LOG_INFO, "enforce-done");
        log_record_int(rec, "masked", (int64_t) res->masked);
        log_record_int(rec, "protected", (int64_t) res->protected_);
        log_record_int(rec, "already", (int64_t) res->already);
        if (res->already > 0)
                log_submit(log, rec, "path policy: masking %zu path(s), protecting %zu (%zu already bound)",
                           res->masked, res->protected_, res->already);
        else
                log_submit(log, rec, "path policy: masking %zu path(s), protecting %zu", res->masked, res->protected_);
        return 0;
}
