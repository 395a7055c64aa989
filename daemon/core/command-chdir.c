/* SPDX-License-Identifier: MIT */
/*
 * Directories a line opens or enters while the history holds a masked
 * entry (command-internal.h): a redirect that opens .git or a path in it
 * on any command (exec 3<.git, cd /dev/fd/3 3<.git: the descriptor, or the
 * working directory, outlives the command it is on); a cd into a path in
 * .git (cd .git/refs && cat ../objects/ab/cd); a wrapper's directory
 * option (env -C D, cmake -E chdir D, unshare --wd=D), a cd for what it
 * runs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "command-internal.h"
#include "match.h"
#include "util.h"

static bool in_git(const void *ctx, const ShellWord *x, const char *t) {
        (void) x;
        return cwd_in_git(ctx, t);
}

/* Does the text t name a .git as written wherever it is (~+/.git/refs),
 * git's objects, or a path that leads into .git? */
static bool text_names_git(const Judge *j, const char *t) {
        char copy[CWD_MAX];
        snprintf(copy, sizeof copy, "%s", t);
        for (char *save = NULL, *c = strtok_r(copy, "/", &save); c; c = strtok_r(NULL, "/", &save))
                if (!streq(c, "*") && match_glob(c, ".git", MATCH_FOLD))
                        return true;
        return objects_names(t) || cwd_in_git(j, t);
}

/* Does the word x (its text t) name .git, git's objects or a path in .git
 * from some place the line may be in? A brace's words each; a word with an
 * extglob, expanded at run time, as any. */
static bool names_git(const Judge *j, const ShellWord *x, const char *t) {
        for (size_t i = 0; i < x->n; i++)
                if (x->v[i].kind == SHELL_EXTGLOB)
                        return true;
        return text_names_git(j, t) || objects_word_names(j, x, t) ||
               (recog_has_brace(x) && operands_braces_any(x, in_git, j));
}

static bool hex_n(const char *c, size_t l, size_t want) {
        if (l != want)
                return false;
        for (size_t i = 0; i < l; i++)
                if (!strchr("0123456789abcdefABCDEF", c[i]))
                        return false;
        return true;
}

/* Does t hold a path below a directory a descriptor or a process holds
 * (/dev/fd/3/../objects/ab/cd, /proc/self/fd/3/objects/ab/cd,
 * /dev/stdin/objects) whose rest may be git's objects: a .., a glob, a
 * name of git's directory or of an object? As written, not resolved (a
 * .. after the descriptor climbs from where it points). */
static bool below_descriptor(const char *t) {
        for (const char *p = t; (p = strchr(p, '/')); p++) {
                const char *c = p;
                size_t l;
#define NEXT() (c += strspn(c, "/"), l = strcspn(c, "/ \t\"'`()=,;:<>|&{}"))
#define IS(s) (l == strlen(s) && strncmp(c, s, l) == 0)
                NEXT();
                if (IS("dev")) {
                        c += l;
                        NEXT();
                        if (IS("fd")) {
                                c += l;
                                NEXT();
                        } else if (!IS("stdin") && !IS("stdout") && !IS("stderr"))
                                continue;
                } else if (IS("proc")) {
                        bool at = false;
                        for (int k = 0; k < 4 && !at; k++) { /* self, 7, task/8 */
                                c += l;
                                NEXT();
                                at = l == 0 || IS("fd") || IS("cwd") || IS("root") || IS("map_files");
                        }
                        if (!at || l == 0)
                                continue;
                        if (IS("fd") || IS("map_files")) {
                                c += l;
                                NEXT();
                        }
                } else
                        continue;
                if (l == 0) /* /dev/fd itself: the descriptors */
                        continue;
                for (c += l, NEXT(); l > 0; c += l, NEXT())
                        if (IS("..") || IS("objects") || IS("pack") || IS("modules") || hex_n(c, l, 2) ||
                            hex_n(c, l, 38) || strcspn(c, "*?[") < l ||
                            (l >= 4 && strncmp(c, ".git", 4) == 0))
                                return true;
#undef NEXT
#undef IS
        }
        return false;
}

/* .git/HEAD: a file in every checkout's git directory, never one a
 * descriptor lists names under (read ref < .git/HEAD) */
static bool git_head(const ShellWord *x) {
        char buf[32];
        const char *a = programs_plain(x, buf, sizeof buf);
        while (a && a[0] == '.' && a[1] == '/')
                a += 2;
        return a && streq(a, ".git/HEAD");
}

/* ln -s .git/refs r (then r/../objects/ab/cd): a link to a directory in
 * .git, a name that reaches git's objects without saying .git. Every
 * operand but the last (the link; all of them with -t, or one alone) is a
 * target; .git/HEAD, a file, is none. */
static int link_into_git(Judge *j, const ShellWord *const *w, size_t n) {
        size_t last = 0, operands = 0;
        bool target_dir = false;
        for (size_t a = 1; a < n; a++) {
                char o[64];
                const char *b = programs_plain(w[a], o, sizeof o);
                if (b && b[0] == '-' && b[1] && !streq(b, "--")) {
                        target_dir = target_dir || programs_long_is(b, "target-directory", NULL) ||
                                     (b[1] != '-' && strchr(b, 't'));
                        continue;
                }
                last = a;
                operands++;
        }
        for (size_t a = 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (!t)
                        return -ENOMEM;
                if ((a == last && !target_dir && operands > 1) || (t[0] == '-' && t[1]) || git_head(w[a]) ||
                    !names_git(j, w[a], t))
                        continue;
                judge_mark_held(j);
                return judge_refuse(j, "ln makes a link to a path in .git, a name that reaches git's "
                                       "objects, and the history holds a masked entry");
        }
        return 0;
}

int chdir_stage(Judge *j, const Stage *st) {
        char buf[256];
        if (!judge_held(j))
                return 0;
        for (size_t i = 0; i < st->n_redir; i++) {
                const ShellWord *x = st->target[i];
                if (!x || !(streq(st->redir[i]->op, "<") || streq(st->redir[i]->op, "<>")))
                        continue;
                _cleanup_free_ char *t = programs_word_text(x);
                if (!t)
                        return -ENOMEM;
                if (!git_head(x) && names_git(j, x, t)) {
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "a redirect opens .git or a path in it, a descriptor any name "
                                            "under /dev/fd reads git's objects by, and the history holds a "
                                            "masked entry");
                }
        }
        /* exec 3<"$(git rev-parse --git-path refs)"; cat /dev/fd/3/../objects/ab/cd */
        for (size_t a = 0; a < st->n + st->n_redir; a++) {
                const ShellWord *x = a < st->n ? st->w[a] : st->target[a - st->n];
                _cleanup_free_ char *t = x ? programs_word_text(x) : NULL;
                if (x && !t)
                        return -ENOMEM;
                if (t && below_descriptor(t)) {
                        judge_mark_held(j);
                        return judge_refuse(j, "a name below a directory a descriptor holds may be git's "
                                               "objects, and the history holds a masked entry");
                }
        }
        /* cd .git/refs, pushd .gi?/hooks: relative names from there reach the objects */
        size_t k = scripts_program_at(st->w, st->n);
        const char *name = k < st->n ? programs_name(st->w[k], buf, sizeof buf) : NULL;
        if (streq_ptr(name, "ln"))
                return link_into_git(j, st->w + k, st->n - k);
        if (!streq_ptr(name, "cd") && !streq_ptr(name, "pushd"))
                return 0;
        for (size_t a = k + 1; a < st->n; a++) {
                _cleanup_free_ char *t = programs_word_text(st->w[a]);
                if (!t)
                        return -ENOMEM;
                if (t[0] == '-' && t[1] && programs_plain(st->w[a], buf, sizeof buf))
                        continue; /* cd -P */
                if (!names_git(j, st->w[a], t))
                        return 0;
                judge_mark_held(j);
                return judge_refuse(j, "%s enters a directory in .git, and the history holds a masked entry",
                                    name);
        }
        return 0;
}

int chdir_wrapper(Judge *j, const ShellWord *const *w, size_t n, size_t inner) {
        WrapperDir dirs[8];
        char buf[256];
        size_t m = programs_wrapper_dirs(w, inner < n ? inner : n, dirs, ELEMENTSOF(dirs));
        const char *name = programs_name(w[0], buf, sizeof buf);
        for (size_t i = 0; i < m; i++) {
                const WrapperDir *d = &dirs[i];
                bool held = judge_held(j);
                if (held && !d->known) {
                        judge_mark_held(j);
                        return judge_refuse(
                                j,
                                "%s runs its command in a directory known only when it runs, and "
                                "the history holds a masked entry",
                                name ? name : "a wrapper");
                }
                if (held && text_names_git(j, d->text)) {
                        judge_mark_held(j);
                        return judge_refuse(
                                j,
                                "%s runs its command in .git or a directory in it, and the history "
                                "holds a masked entry",
                                name ? name : "a wrapper");
                }
                if (held && !d->root && cwd_to_descriptor(j, d->text)) { /* env -C /dev/fd/3 */
                        judge_mark_held(j);
                        return judge_refuse(j,
                                            "%s runs its command in a directory a descriptor or a process "
                                            "holds, and the history holds a masked entry",
                                            name ? name : "a wrapper");
                }
                if (!d->known)
                        j->cwd_unknown = true;
                else if (!d->root) /* as cd D && CMD: from there on, where the line may be */
                        cwd_enter_dir(j, d->text);
        }
        return 0;
}
