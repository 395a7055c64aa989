/* SPDX-License-Identifier: MIT */
/*
 * What reaches git's objects when the boot's record says the history holds
 * a masked entry (command-internal.h): a word naming .git/objects or a pack
 * (or a submodule's, .git/modules/NAME/objects), a cd into .git, a copy of
 * a tree holding .git, find running a program over one, a compound
 * command's redirect, a web server over a tree holding .git; names handed
 * on a program's input are command-objects-listed.c's. It must not lex,
 * nor judge what git itself prints (command-git.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* Does the component c match name as a glob, or, read with extglob on
 * (bash -O extglob -c, shopt -s extglob; eval), with each @(...), !(...),
 * +(...), *(...), ?(...) as the '*' that matches all it does (.g@(i)t,
 * 31j 2)? Not a bare '*': dotglob is off. */
static bool component_matches(const char *c, const char *name) {
        if (streq(c, "*"))
                return false;
        if (match_glob(c, name, MATCH_FOLD))
                return true;
        char star[1024];
        size_t k = 0;
        bool ext = false;
        for (size_t i = 0; c[i] && k + 1 < sizeof star;) {
                if (strchr("@!+*?", c[i]) && c[i + 1] == '(') {
                        int depth = 0;
                        size_t j = i + 1;
                        for (; c[j]; j++)
                                if (c[j] == '(')
                                        depth++;
                                else if (c[j] == ')' && --depth == 0)
                                        break;
                        if (c[j]) {
                                ext = true;
                                star[k++] = '*';
                                i = j + 1;
                                continue;
                        }
                }
                star[k++] = c[i++];
        }
        star[k] = 0;
        return ext && !streq(star, "*") && match_glob(star, name, MATCH_FOLD);
}

/* Does the path copy (cut at '/', changed in place) name .git, last, or
 * the objects of a git directory in it (.git/objects, a submodule's
 * .git/modules/NAME/objects: a clone of this repository's own history
 * when .gitmodules' url is the agent's)? */
static bool path_names_objects(char *copy) {
        /* by name, as the kernel walks it: "." stays, ".." goes back one
         * (.git/./objects, .git/x/../objects: 31k 0a) */
        const char *stack[256];
        size_t n = 0;
        char *save = NULL;
        for (char *c = strtok_r(copy, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
                if (streq(c, "."))
                        continue;
                if (streq(c, "..") && n > 0 && !streq(stack[n - 1], "..")) {
                        n--;
                        continue;
                }
                if (n == ELEMENTSOF(stack))
                        return true; /* deeper than this reads: the side that refuses */
                stack[n++] = c;
                bool below_git = false;
                for (size_t k = 0; k + 1 < n && !below_git; k++)
                        below_git = component_matches(stack[k], ".git");
                if (below_git && (component_matches(c, "objects") || component_matches(c, "lost-found")))
                        return true;
        }
        /* .git itself, last; or in a submodule's git directories (.git/modules, ...:
         * a tree holding their objects) */
        bool modules = false;
        for (size_t k = 1; k < n && !modules; k++)
                modules = component_matches(stack[k], "modules") && component_matches(stack[k - 1], ".git");
        return n > 0 && (component_matches(stack[n - 1], ".git") || modules);
}

/* When the history holds a secret, a word naming git's objects or packs
 * is a read of it (cat .git/objects/ab/cd, tar c .git). */
bool objects_names(const char *s) {
        char copy[1024];
        size_t len = strlen(s);
        if (len >= 5 && (match_glob("*.pack", s, MATCH_FOLD) || match_glob("*.idx", s, MATCH_FOLD)))
                return true;
        /* as written: a glob's [[:lower:]] whole */
        snprintf(copy, sizeof copy, "%s", s);
        if (path_names_objects(copy))
                return true;
        /* a path inside a longer word (open(".git/objects/..")): cut at the
         * bytes no path holds */
        snprintf(copy, sizeof copy, "%s", s);
        for (char *q = copy; *q; q++)
                if (strchr(" \t\n\"'`()=,;:<>|&{}", *q))
                        *q = '/';
        return path_names_objects(copy);
}

static bool hex(const char *s, size_t n) {
        for (size_t i = 0; i < n; i++)
                if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
                        return false;
        return true;
}

/* A relative name of the shape git's objects directory holds (ab, ab/ +
 * 38 hex digits, the 38 alone, pack/...), or a glob other than a bare '*'
 * that matches one: after a cd to a place known only when the line runs
 * (cd "$(git rev-parse --git-path objects/48)" && cat 7ec7...: 31j 3). */
static bool object_shaped(const char *rel) {
        static const char sample[] = "48/7ec7864fb21e1250757081e2d3f1c978a7deb1";
        size_t a = strcspn(rel, "/"), n = strlen(rel);
        if (strpbrk(rel, "*?[") && !streq(rel, "*"))
                return match_glob(rel, sample, 0) || match_glob(rel, sample + 3, 0) ||
                       match_glob(rel, "48", 0) || match_glob(rel, "pack", 0);
        return (a == 2 && hex(rel, 2) && (n == 2 || (n == 41 && hex(rel + 3, 38)))) ||
               (n == 38 && hex(rel, 38)) || streq(rel, "pack") || strncmp(rel, "pack/", 5) == 0;
}

/* objects_names of the word's text t, or of its defaults joined
 * (${x:-.g}${y:-it}/objects), quotes gone; after a cd to a place known
 * only when the line runs (cd "$(git rev-parse --git-dir)"), a relative
 * objects/... too, and one below a directory made at run time. */

static bool word_named(const void *ctx, const ShellWord *x, const char *t) {
        return !recog_has_brace(x) && objects_word_names(ctx, x, t);
}

bool objects_word_names(const Judge *j, const ShellWord *x, const char *t) {
        /* as written, or each word a brace makes (.gi{t,}/objects/ab/cd) */
        if (objects_names(t) || (recog_has_brace(x) && operands_braces_any(x, word_named, j)))
                return true;
        /* dotglob may be on (: ${GLOBIGNORE:=q}; cat X/objects/..., X a bare
         * '*', 31aa): such a component matches .git, as '?*' */
        if (j->policy->dotglob && strchr(t, '*')) {
                char dot[1024];
                size_t m = 0;
                for (const char *c = t; *c && m + 3 < sizeof dot; c++) {
                        bool bare = *c == '*' && (c == t || c[-1] == '/') && (c[1] == '/' || !c[1]);
                        if (bare)
                                dot[m++] = '?';
                        dot[m++] = *c;
                }
                dot[m] = 0;
                if (objects_names(dot))
                        return true;
        }
        /* read with extglob on (.g@(i)t, 31j 2): each group as '*', or '?*'
         * where it may match a leading dot, as bash's */
        char ext[1024];
        size_t m = 0;
        bool any = false;
        for (size_t i = 0; i < x->n && m + 3 < sizeof ext; i++) {
                const ShellItem *it = &x->v[i];
                if (it->kind == SHELL_EXTGLOB) {
                        any = true;
                        if (it->quoted)
                                ext[m++] = '?';
                        ext[m++] = '*';
                } else if (it->kind != SHELL_EXPAND)
                        ext[m++] = it->kind == SHELL_CLASS ? '[' : it->c ? (char) it->c : '?';
        }
        ext[m] = 0;
        if (any && objects_names(ext))
                return true;
        const char *rel = t;
        while (rel[0] == '.' && (rel[1] == '/' || (rel[1] == '.' && rel[2] == '/'))) /* ../: cd "$d/refs" */
                rel += rel[1] == '/' ? 2 : 3;
        if (j->cwd_unknown &&
            ((strncmp(rel, "objects", 7) == 0 && (rel[7] == '/' || rel[7] == 0)) || object_shaped(rel)))
                return true;
        /* $(printf %s .g it)/objects/ab/cd, "$(git rev-parse --git-dir)"/objects:
         * a directory known only when it runs */
        const char *o = strstr(t, "objects");
        if ((x->substitution || x->expansion) && o && (o[7] == '/' || o[7] == 0))
                return true;
        if (!x->joined)
                return false;
        char bare[1024];
        size_t k = 0;
        for (const char *c = x->joined; *c && k + 1 < sizeof bare; c++)
                if (*c != '\'' && *c != '"' && *c != '\\')
                        bare[k++] = *c;
        bare[k] = 0;
        return objects_names(bare);
}

bool judge_held(const Judge *j) {
        if (j->policy->unreachable)
                return true;
        for (size_t i = 0; j->policy->held && i < j->policy->n_secrets; i++)
                if (j->policy->held[i])
                        return true;
        return false;
}

void judge_name_all(Judge *j) {
        for (size_t i = 0; i < j->policy->n_secrets; i++)
                j->named[i] = j->policy->secrets[i][0] != 0;
}

void judge_mark_held(Judge *j) {
        if (j->policy->unreachable) /* a nameless object: any of them */
                judge_name_all(j);
        for (size_t i = 0; j->policy->held && i < j->policy->n_secrets; i++)
                if (j->policy->held[i])
                        j->named[i] = true;
}

/* A tree that holds .git: the working directory, a parent, the root,
 * however it is spelled (command-cwd.c). */
static bool holds_git(const Judge *j, const ShellWord *x) {
        char buf[256];
        const char *a = programs_plain(x, buf, sizeof buf);
        if (!a && (x->expansion || x->substitution))
                return true; /* "$PWD", $(git rev-parse --show-toplevel), $d/r */
        if (!a) { /* a glob or a brace: .[g]it, .gi?; ../r*, {../r,}, /ws/re*, ~/re*; r* after a cd;
                   * a brace may make any of them (.g{i,}t) */
                _cleanup_free_ char *t = programs_word_text(x);
                return !t || recog_has_brace(x) || objects_word_names(j, x, t) || t[0] == '/' ||
                       t[0] == '~' || strstr(t, "..") || cwd_moved(j);
        }
        return objects_path_holds_git(j, a);
}

bool objects_path_holds_git(const Judge *j, const char *a) {
        size_t n = strlen(a);
        /* ~N, ~+N, ~-N, ~-: the directory stack, the working directory or
         * where it was */
        if (a[0] == '~' && (a[1] == '-' || a[1] == '+' || (a[1] >= '0' && a[1] <= '9')))
                return true;
        /* src/.., ./., .//., ~+: the working directory spelled otherwise */
        bool dots = (n >= 2 && streq(a + n - 2, "..")) || (n >= 3 && streq(a + n - 3, "../")) ||
                    (n >= 2 && streq(a + n - 2, "/.")) || (n >= 3 && streq(a + n - 3, "/./"));
        return streq(a, ".") || streq(a, "./") || dots || streq(a, "/") || streq(a, "~") || streq(a, "~+") ||
               streq(a, "~+/") || objects_names(a) || cwd_above(j, a);
}

bool objects_holds_git(const Judge *j, const ShellWord *x) {
        return holds_git(j, x);
}

/* Does this copier take a directory's tree with these options? cp, rsync,
 * scp and zip only with a recursive one (cp dir x copies nothing); the
 * others always. An option made at run time may be one: for a copier,
 * not for a reader (parallel gzip -"$LEVEL" ::: *.log). */
static bool copies_trees(const char *name, const ShellWord *const *w, size_t n) {
        static const char *const readers[] = {"gzip", "pigz", "zstd", "pzstd", "lz4", "diff", NULL};
        bool reader = streq_any(name, readers);
        static const struct {
                const char *name, *shorts, *longs[3];
        } opts[] = {
                {"cp", "rRa", {"--recursive", "--archive", NULL}},
                {"rsync", "ra", {"--recursive", "--archive", NULL}},
                {"scp", "r", {NULL}},
                {"zip", "rR", {"--recurse-paths", "--recurse-patterns", NULL}},
                /* readers that write a tree's bytes to a stream: compressors, diff */
                {"gzip", "r", {"--recursive", NULL}},
                {"pigz", "r", {"--recursive", NULL}},
                {"zstd", "r", {NULL}},
                {"pzstd", "r", {NULL}},
                {"lz4", "r", {NULL}},
                {"diff", "r", {"--recursive", NULL}},
                {"mke2fs", "d", {NULL}},
                {"mkfs.ext2", "d", {NULL}},
                {"mkfs.ext3", "d", {NULL}},
                {"mkfs.ext4", "d", {NULL}},
                {"dpkg-deb", "b", {"--build", NULL}},
        };
        char buf[256];
        for (size_t i = 0; i < ELEMENTSOF(opts); i++) {
                if (!streq(name, opts[i].name))
                        continue;
                for (size_t k = 1; k < n; k++) {
                        const char *a = programs_plain(w[k], buf, sizeof buf);
                        if (!a && (w[k]->expansion || w[k]->substitution) &&
                            !reader) /* an option made at run time */
                                return true;
                        if (!a) /* a glob or brace ({}, *.c): names */
                                continue;
                        if (streq(a, "--"))
                                return false;
                        if (a[0] == '-' && a[1] != '-' && strpbrk(a + 1, opts[i].shorts))
                                return true;
                        /* --recursive, or a prefix of it getopt takes (--rec) */
                        size_t alen = strcspn(a, "=");
                        for (const char *const *l = opts[i].longs; a[0] == '-' && a[1] == '-' && *l; l++)
                                if (strncmp(a, *l, strlen(*l)) == 0 ||
                                    (alen >= 5 && alen <= strlen(*l) && strncmp(a, *l, alen) == 0))
                                        return true;
                }
                return false;
        }
        return true;
}

/* grep -r (rg by itself) over a tree holding .git: 1 listing its names,
 * 2 printing its bytes as text too (-a, --text, --binary-files=text:
 * git's compressed objects, which gzip then reads); 0 neither. */
static int grep_over_git(const Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        char buf[256];
        bool rg = streq(name, "rg"), rgrep = streq(name, "rgrep"),
             grep = rgrep || streq(name, "grep") || streq(name, "egrep") || streq(name, "fgrep");
        bool recursive = rg || rgrep, text = false, tree = false, operand = false, dashdash = false,
             pattern = false;
        if (!rg && !grep)
                return 0;
        for (size_t k = 1; k < n; k++) { /* -e or -f: no operand is the pattern */
                const char *a = programs_plain(w[k], buf, sizeof buf);
                pattern = pattern || (a && (streq(a, "-e") || streq(a, "-f") ||
                                            strncmp(a, "--regexp", 8) == 0 || strncmp(a, "--file", 6) == 0));
                if (rg && streq_ptr(a, "--files"))
                        return 0; /* rg --files: namelists_lists_tree's */
        }
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && !dashdash && streq(a, "--")) {
                        dashdash = true;
                        continue;
                }
                /* -d recurse, --directories recurse: -r by another spelling */
                char nb[16];
                const char *next = k + 1 < n ? programs_plain(w[k + 1], nb, sizeof nb) : NULL;
                if (a && !dashdash && a[0] == '-' && a[1] == '-' &&
                    programs_long_is(a, "directories", NULL) && !strchr(a, '=') && next) {
                        recursive = recursive || streq(next, "recurse");
                        k++;
                        continue;
                }
                if (a && !dashdash && a[0] == '-' && a[1] != '-' && a[1]) {
                        /* a bundle: letters, up to one that takes a value (the
                         * rest, or the next word): -ad recurse, -drecurse */
                        for (const char *q = a + 1; *q; q++) {
                                if (strchr("efmABCDd", *q)) {
                                        const char *value = q[1] ? q + 1 : next;
                                        recursive = recursive || (*q == 'd' && streq_ptr(value, "recurse"));
                                        if (!q[1] && next)
                                                k++;
                                        break;
                                }
                                recursive = recursive || *q == 'r' || *q == 'R';
                                text = text || *q == 'a';
                        }
                        continue;
                }
                if (a && !dashdash && a[0] == '-') {
                        const char *value = NULL;
                        recursive =
                                recursive || strncmp(a, "--recursive", 11) == 0 ||
                                strncmp(a, "--dereference-recursive", 23) == 0 ||
                                (programs_long_is(a, "directories", &value) && streq_ptr(value, "recurse"));
                        text = text || streq(a, "--text") || streq(a, "--binary-files=text") ||
                               (rg && (streq(a, "-uuu") || streq(a, "--binary")));
                        continue;
                }
                if (!pattern) { /* the pattern: grep -r . . */
                        pattern = true;
                        continue;
                }
                operand = true;
                tree = tree || holds_git(j, w[k]);
        }
        if (!recursive || !(tree || !operand))
                return 0;
        return text ? 2 : 1;
}

/* Does the command leave .git out, the pattern matching what the program
 * matches it against: tar's and rsync's --exclude and grep's --exclude-dir
 * a name (.git), zip's -x a stored path (.git/'*'), find's -name .git
 * -prune -o the name, -path ./.git -prune -o the directory's path, and
 * ! -path X every path below it (from ./ when find starts at ., else
 * under any directory). .gitignore, .github/'*', or a bare .git against
 * find's ./.git leave nothing out. */
/* Is each component of the relative path a name, none ., .., empty, nor
 * .g... (.git in any case, however the names fold)? */
static bool path_below(const char *a) {
        for (const char *c = a; *c;) {
                size_t len = strcspn(c, "/");
                if (len == 0 || (len == 1 && c[0] == '.') || (len == 2 && strncmp(c, "..", 2) == 0) ||
                    (c[0] == '.' && (c[1] | 0x20) == 'g'))
                        return false;
                c += len + (c[len] == '/');
        }
        return true;
}

/* GNU tar --exclude=./.git (or a glob of it, --exclude ./.git), before its only
 * tree, . or ./, with no -C, -T or --add-file: its members are ./X, the
 * pattern matches ./.git; another spelling of the tree (src/.., a
 * computed word) makes names it does not, and --no-wildcards leaves a
 * glob literal. */
static bool tar_leaves_dot_git_out(const ShellWord *const *w, size_t n) {
        char buf[256];
        bool excluded = false, dot = false;
        size_t archive = outnames_archive("tar", w, n); /* -czf /tmp/ws.tgz: written */
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a)
                        return false;
                if (k == archive)
                        continue;
                /* --add, --ad=, --files-f, --dir: any prefix getopt_long takes (31w 1) */
                bool longs =
                        a[0] == '-' && a[1] == '-' &&
                        (programs_long_is(a, "add-file", NULL) || programs_long_is(a, "files-from", NULL) ||
                         programs_long_is(a, "directory", NULL) || strstr(a, "wildcards"));
                if (longs || streq(a, "-C") || streq(a, "-T") ||
                    (a[0] != '-' && k == 1 && strpbrk(a, "CT")) ||
                    (a[0] == '-' && a[1] != '-' && strpbrk(a, "CT")))
                        return false;
                const char *pat = strncmp(a, "--exclude=", 10) == 0 ? a + 10 : NULL;
                if (!pat && streq(a, "--exclude") && k + 1 < n)
                        pat = programs_plain(w[++k], buf, sizeof buf);
                if (pat) {
                        excluded = excluded || match_glob(pat, "./.git", 0);
                        continue;
                }
                if (a[0] == '-' || (k == 1 && !dot))
                        continue; /* an option, or tar's letters (czf) */
                bool tree = streq(a, ".") || streq(a, "./");
                if (tree && !excluded)
                        return false;
                dot = dot || tree;
                /* any other operand: a path below, no ., .., .g... component, / or ~ */
                if (!tree && (a[0] == '/' || a[0] == '~' || !path_below(a)))
                        return false;
        }
        return dot && excluded;
}

bool objects_leave_git_out(const ShellWord *const *w, size_t n) {
        static const char *const below_dot[] = {"./.git/objects/ab/cdef", "./.git/objects/pack/pack-a.pack",
                                                NULL};
        static const char *const below_any[] = {"/w/.git/objects/ab/cdef",
                                                "/w/.git/objects/pack/pack-a.pack", NULL};
        char buf[256];
        const char *name = programs_plain(w[0], buf, sizeof buf);
        bool find = name && streq(name, "find"), zip = name && streq(name, "zip"),
             grep = name && (streq(name, "grep") || streq(name, "rg")), from_dot = find;
        if (name && streq(name, "tar") && tar_leaves_dot_git_out(w, n))
                return true;
        for (size_t k = 1; find && k < n; k++) { /* find's start points: only . spells its paths ./x */
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && (a[0] == '-' || streq(a, "!") || streq(a, "(")))
                        break;
                from_dot = from_dot && a && (streq(a, ".") || streq(a, "./"));
        }
        for (size_t k = 1; k < n; k++) {
                _cleanup_free_ char *t = programs_word_text(w[k]);
                _cleanup_free_ char *p = programs_word_text(w[k - 1]);
                if (!t || !p || !strstr(t, "git"))
                        continue;
                if (!find) {
                        const char *pat =
                                strncmp(t, "--exclude=", 10) == 0       ? t + 10
                                : strncmp(t, "--exclude-dir=", 14) == 0 ? t + 14
                                : streq(p, "--exclude") || streq(p, "-x") || streq(p, "--exclude-dir")
                                        ? t
                                        : NULL;
                        bool dir = strncmp(t, "--exclude-dir", 13) == 0 || streq(p, "--exclude-dir");
                        if (pat && (zip ? match_glob(pat, ".git/objects/ab/cdef", 0)
                                        : (!grep || dir) && match_glob(pat, ".git", 0)))
                                return true;
                        continue;
                }
                bool base = streq(p, "-name") || streq(p, "-iname"),
                     path = streq(p, "-path") || streq(p, "-ipath") || streq(p, "-wholename");
                _cleanup_free_ char *q = k >= 2 ? programs_word_text(w[k - 2]) : NULL;
                _cleanup_free_ char *after = k + 1 < n ? programs_word_text(w[k + 1]) : NULL;
                _cleanup_free_ char * or = k + 2 < n ? programs_word_text(w[k + 2]) : NULL;
                bool negated = q && (streq(q, "!") || streq(q, "-not"));
                bool pruned = after && streq(after, "-prune") && or &&(streq(or, "-o") || streq(or, "-or"));
                if (pruned && ((base && match_glob(t, ".git", 0)) ||
                               (path && match_glob(t, from_dot ? "./.git" : "/w/.git", 0))))
                        return true;
                bool all = path && negated;
                for (const char *const *b = from_dot ? below_dot : below_any; all && *b; b++)
                        all = match_glob(t, *b, 0);
                if (all)
                        return true;
        }
        return false;
}

/* Does the regex require an extension no path below ./.git/objects has
 * (an escaped '.' then a word that is not the start of git, pack, idx,
 * ...: .*\.py$, .*\.\(js\|ts\)), with no alternative around it? Then
 * a name the samples miss it matches by no prefix either. */
static bool regex_extension(const char *re) {
        static const char *const git_dots[] = {"git",  "pack",     "idx",    "rev", "bitmap",
                                               "keep", "promisor", "mtimes", NULL};
        /* only as the regex's very end (.*\.py, .*\.py$): not optional
         * (\(\.py\)?), not one of alternatives (\|), nothing after it */
        const char *p = strstr(re, "\\."), *last = NULL;
        for (; p; p = strstr(p + 2, "\\."))
                last = p;
        if (!last || strstr(re, "\\|"))
                return false;
        size_t n = 0;
        const char *q = last + 2;
        while ((q[n] >= 'a' && q[n] <= 'z') || (q[n] >= 'A' && q[n] <= 'Z'))
                n++;
        if (n == 0 || !(q[n] == 0 || (q[n] == '$' && q[n + 1] == 0)))
                return false;
        for (const char *const *d = git_dots; *d; d++)
                if (strncasecmp(*d, q, n < strlen(*d) ? n : strlen(*d)) == 0)
                        return false;
        return true;
}

/* zip and gzip take options from the environment too (ZIPOPT=-r, GZIP=-r,
 * an export of an earlier command's): a tree named among their operands is
 * read, whatever their words say. */
static const char *const env_options[] = {"zip", "gzip", "pigz", NULL};

/* Does the command copy or read a tree into another place or a stream:
 * the copiers, the recursive compressors and diff (copies_trees says with
 * which options), jar, python's -m zipfile, tarfile and zipapp, cmake -E's
 * tar, copy_directory, copy and create_symlink (ln -s's)? */
static bool copier(const char *name, const ShellWord *const *w, size_t n) {
        static const char *const copiers[] = {
                "cp",        "tar",         "bsdtar",     "zip",         "rsync",   "scp",     "ditto",
                "pax",       "7z",          "cpio",       "mv",          "ln",      "install", "gzip",
                "pigz",      "zstd",        "pzstd",      "lz4",         "diff",    "jar",     "ptar",
                "gpgtar",    "mkfs.cramfs", "mksquashfs", "genisoimage", "mkisofs", "mke2fs",  "mkfs.ext2",
                "mkfs.ext3", "mkfs.ext4",   "dpkg-deb",   NULL};
        static const char *const python_m[] = {"zipfile", "tarfile", "zipapp", NULL};
        static const char *const cmake_e[] = {"tar",
                                              "copy_directory",
                                              "copy_directory_if_different",
                                              "copy",
                                              "copy_if_different",
                                              "create_symlink",
                                              "create_hardlink",
                                              NULL};
        char a[64], b[64];
        const char *w1 = n > 2 ? programs_plain(w[1], a, sizeof a) : NULL,
                   *w2 = n > 2 ? programs_plain(w[2], b, sizeof b) : NULL;
        if (streq_any(name, copiers))
                return streq_any(name, env_options) || copies_trees(name, w, n);
        if (strncmp(name, "python", 6) == 0) { /* python3 -Im zipfile, -mzipfile, -B -m zipapp */
                for (size_t k = 1; k < n; k++) {
                        const char *o = programs_plain(w[k], a, sizeof a);
                        if (!o || o[0] != '-' || streq(o, "-") || o[1] == '-')
                                return false;
                        if (strchr("WXc", o[1])) { /* -W arg, -X opt, -c CMD: no module */
                                k += !o[2];
                                if (o[1] == 'c')
                                        return false;
                                continue;
                        }
                        const char *m = strchr(o + 1, 'm');
                        if (!m)
                                continue;
                        const char *mod = m[1]        ? m + 1
                                          : k + 1 < n ? programs_plain(w[k + 1], b, sizeof b)
                                                      : NULL;
                        return mod && streq_any(mod, python_m);
                }
                return false;
        }
        return streq(name, "cmake") && streq_ptr(w1, "-E") && w2 && streq_any(w2, cmake_e);
}

/* When the history holds a masked entry: a copy of a tree that holds .git
 * (cp -r . /tmp/x, tar c ., rsync -a ./ x), or find over one running a
 * program on what a pattern of it can match in .git/objects. */
int objects_tree_copy(Judge *j, const char *name, const ShellWord *const *w, size_t n, bool *ret_lists) {
        /* a regex's (emacs syntax): object names end in any hex digit, a
         * class that leaves one out must not miss */
        static const char *const samples[] = {
                "./.git/objects/ab/0123456789abcdef0123456789abcdef012345",
                "./.git/objects/ab/fedcba9876543210fedcba9876543210fedcba",
                "./.git/objects/ab/a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5",
                "./.git/objects/ab/5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a",
                "./.git/objects/pack/pack-0123456789abcdef0123456789abcdef01234567.pack",
                "./.git/objects/pack/pack-fedcba9876543210fedcba9876543210fedcba98.idx",
                NULL};
        char buf[512];
        /* TAR_OPTIONS=-C.. tar c NAME: options the words do not show (31w 2) */
        bool tar_env = streq(name, "tar") && j->text && memmem(j->text, j->text_n, "TAR_OPTIONS", 11);
        if (!judge_held(j) || (!tar_env && objects_leave_git_out(w, n)))
                return 0;
        int g = grep_over_git(j, name, w, n);
        if (g == 2) {
                judge_mark_held(j);
                return judge_refuse(j,
                                    "%s prints the bytes of a tree holding git's objects as text, and the "
                                    "history holds a masked entry",
                                    name);
        }
        if (g == 1 || namelists_lists_tree(j, name, w, n)) { /* find . | xargs, du -a | grep | xargs */
                judge_mark_held(j);
                *ret_lists = true;
        }
        if (streq(name, "cd") || streq(name, "pushd"))
                cwd_enter(j, w, n);
        /* eval 'cd ..', . <(echo cd ..), . s.sh: a text this shell runs may move it */
        if (streq_any(name, (const char *const[]){"eval", "source", ".", NULL})) {
                _cleanup_free_ char *t = programs_joined(w, n, 1);
                if (!t)
                        return -ENOMEM;
                bool made = false; /* eval "$x": any text */
                for (size_t k = 1; k < n; k++)
                        made = made || w[k]->expansion || w[k]->substitution;
                j->cwd_unknown =
                        j->cwd_unknown || !streq(name, "eval") || made || judge_text_may_move(t, strlen(t));
        }
        if (objects_unwritten_list(j, w, n)) { /* xargs tar c -T /etc/groff/man.local */
                judge_mark_held(j);
                return judge_refuse(j,
                                    "a file of names the line does not write, which may name the tree "
                                    "holding .git, read by %s, which copies the trees it names, and the "
                                    "history holds a masked entry",
                                    name);
        }
        bool copy = copier(name, w, n), find = streq(name, "find"), exec = false, tree = false,
             exec_reaches = false, lists_reach = false;
        size_t to = copy ? operands_destination(name, w, n) : SIZE_MAX; /* mv x /tmp/: written, not read */
        if (copy && streq(name, "cmake") && !programs_word_is(w[2], "tar"))
                to = n - 1;         /* cmake -E copy SRC... DST, create_symlink SRC LINK */
        if (copy && to == SIZE_MAX) /* mv F logs/debug-$(date +%s).log */
                to = outnames_destination(j, name, w, n);
        /* tar -czf logs-$(date +%F).tgz, zip -r "r-$(date +%s).zip": the archive, one word */
        size_t archive = copy ? outnames_archive(name, w, n) : SIZE_MAX;
        if (archive < n && !outnames_one_word(j, w[archive]))
                archive = SIZE_MAX;
        bool tars = streq(name, "tar") || streq(name, "bsdtar") || streq(name, "jar"),
             tar_anywhere = copy && streq(name, "tar") && tar_env,
             loose = copy && streq_any(name, env_options) && !copies_trees(name, w, n) &&
                     !(j->text &&
                       (memmem(j->text, j->text_n, "ZIP", 3) || memmem(j->text, j->text_n, "GZIP", 4)));
        _cleanup_free_ char *cdir = NULL; /* tar -C DIR, jar -C DIR: the operands after it are DIR's */
        bool cdir_any = false, based = copy && objects_rsync_stdin_list(w, n);
        for (size_t k = 1; k < n && copy; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf), *value = NULL;
                /* -C DIR, --directory DIR, --directory=DIR (a prefix of it too) */
                const char *glued = NULL;
                bool cflag = tars && a &&
                             (streq(a, "-C") ||
                              (strncmp(a, "--dir", 5) == 0 && programs_long_is(a, "directory", &glued)));
                if (cflag && (glued || k + 1 < n)) {
                        char d[256];
                        const char *dir = glued ? glued : programs_plain(w[k + 1], d, sizeof d);
                        free(cdir);
                        cdir = NULL;
                        /* -C /proc/self fd/3, -C "$d" x: a directory that may be the
                         * checkout or a link to it makes every operand after it one */
                        cdir_any = !dir || objects_path_holds_git(j, dir);
                        if (!cdir_any && !(cdir = strdup(dir)))
                                return -ENOMEM;
                        k += !glued;
                        continue;
                }
                /* git ls-files src | rsync -a --files-from=- . dst: . the base of
                 * the names piped in (judged as a tree-list reader's) */
                if (based && a && (streq(a, ".") || streq(a, "./")))
                        continue;
                if ((cdir_any || tar_anywhere) && (!a || a[0] != '-') && k != to) {
                        tree = true;
                        continue;
                }
                if (cdir && a && a[0] != '-' && a[0] != '/' && a[0] != '~') {
                        _cleanup_free_ char *joined = NULL, *norm = NULL, *abs = NULL;
                        bool root = cdir[0] == '/';
                        if (asprintf(&joined, "%s/%s", cdir, a) < 0)
                                return -ENOMEM;
                        norm = path_normalize(joined + strspn(joined, "/"));
                        if (norm && root && asprintf(&abs, "/%s", norm) < 0)
                                return -ENOMEM;
                        tree = tree || !norm || objects_path_holds_git(j, abs ? abs : norm);
                        continue;
                }
                /* without a recursive option named, zip's and gzip's operands count
                 * by name only (parallel gzip ::: "$(ls *.log)", -exec gzip {}) */
                if (k != to && k != archive && !(a && a[0] == '-') &&
                    (loose ? a && objects_path_holds_git(j, a) : holds_git(j, w[k])))
                        tree = true;
                /* tar --add-file=. (or a prefix of it): an operand glued to an option */
                if (a && (streq(name, "tar") || streq(name, "bsdtar")) &&
                    programs_long_is(a, "add-file", &value) && value && objects_path_holds_git(j, value))
                        tree = true;
        }
        /* echo ../r | xargs cp -r -t x: names made at run time (a recursive option named) */
        tree = tree || (copy && j->unseen_args && !j->args_listed && copies_trees(name, w, n));
        size_t k = 1;
        for (; find && k < n; k++) { /* find's starting points: none is . */
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && (a[0] == '-' || streq(a, "!") || streq(a, "(")))
                        break;
                tree = tree || holds_git(j, w[k]);
        }
        tree = tree || (find && k == 1);
        bool dot_only = true; /* every starting point . or ./ (none: .) */
        for (size_t r = 1; find && r < k; r++) {
                const char *a = programs_plain(w[r], buf, sizeof buf);
                dot_only = dot_only && a && (streq(a, ".") || streq(a, "./"));
        }
        bool grouped = false, either = false; /* ( ... ): read as one branch, any test reaching */
        for (size_t i = k; find && i < n; i++)
                grouped = grouped || programs_word_is(w[i], "(") || programs_word_is(w[i], ")");
        /* each branch (between -o and ',') is a conjunction: it reaches the
         * objects when every test of it can match one (a negated test can);
         * -path ./node_modules -prune -o -name '*.ts' -exec ...: neither does */
        bool b_all = true, b_any = false, b_tested = false, b_exec = false, b_acted = false,
             negation = false, g_all = true, g_any = false, b_builds = false, b_joins = false;
        for (; find && k <= n; k++) {
                const char *a = k < n ? programs_plain(w[k], buf, sizeof buf) : NULL;
                _cleanup_free_ char *text = k < n ? programs_word_text(w[k]) : NULL;
                if (k < n && !text)
                        return -ENOMEM;
                /* -name '*.c' -o -type f, or an unquoted ',' (a brace item
                 * to the lexer): another branch runs over everything */
                bool or = k < n && (streq(text, "-o") || streq(text, "-or") || streq(text, ","));
                either = either || or ;
                if (k == n || (or &&!grouped)) {
                        /* grouped: one branch, reaching when any test can or another branch runs */
                        bool b = grouped ? b_any || !b_tested || either || negation : b_all;
                        /* -name HEAD -execdir, -exec cat {}/../objects/...: any .git name */
                        bool gb = grouped ? g_any || !b_tested || either || negation : g_all;
                        exec = exec || b_exec;
                        exec_reaches = exec_reaches || (b_exec && (b || (b_builds && gb)));
                        lists_reach = lists_reach || b || (b_joins && gb);
                        b_all = true, b_any = false, b_tested = false, b_exec = false, b_acted = false;
                        g_all = true, g_any = false, b_builds = false, b_joins = false;
                        continue;
                }
                negation = negation || streq_ptr(text, "!") || streq_ptr(text, "-not");
                if (!a)
                        continue;
                bool runs =
                        streq(a, "-exec") || streq(a, "-execdir") || streq(a, "-ok") || streq(a, "-okdir");
                b_exec = b_exec || runs;
                size_t e = k + 1, fmt = streq(a, "-printf") ? k + 1 : streq(a, "-fprintf") ? k + 2 : n;
                while (runs && e < n && !programs_word_is(w[e], ";") && !programs_word_is(w[e], "+"))
                        e++;
                b_builds = b_builds || (runs && namelists_exec_builds(a, w + k + 1, e - k - 1));
                _cleanup_free_ char *f = fmt < n ? programs_word_text(w[fmt]) : NULL;
                b_joins = b_joins || (fmt < n && (!f || namelists_printf_builds(f)));
                b_acted = b_acted || runs || strncmp(a, "-print", 6) == 0 || strncmp(a, "-fprint", 7) == 0 ||
                          streq(a, "-ls") || streq(a, "-fls") || streq(a, "-delete");
                while (runs && k + 1 < n && !programs_word_is(w[k + 1], ";") &&
                       !programs_word_is(w[k + 1], "+"))
                        k++; /* the command's words: sh -c S -name {} holds no test */
                bool base = streq(a, "-name") || streq(a, "-iname"),
                     path = streq(a, "-path") || streq(a, "-ipath") || streq(a, "-wholename") ||
                            streq(a, "-iwholename"),
                     regex = streq(a, "-regex") || streq(a, "-iregex");
                if (!(base || path || regex) || k + 1 >= n)
                        continue;
                if (b_acted) { /* a test after the action narrows nothing it did */
                        k++;
                        continue;
                }
                char nb[8];
                const char *prev = programs_plain(w[k - 1], nb, sizeof nb);
                b_tested = true;
                if (prev && (streq(prev, "!") || streq(prev, "-not"))) {
                        b_any = g_any = true; /* ! -name '*.c': all else, the objects too */
                        k++;
                        continue;
                }
                _cleanup_free_ char *pat = programs_word_text(w[++k]);
                if (!pat)
                        return -ENOMEM;
                bool fold = a[1] == 'i', m = false;
                for (const char *const *sm = samples; regex && *sm && !m; sm++)
                        m = match_regex(pat, *sm, fold);
                m = m || (regex && !(dot_only && regex_extension(pat))); /* .*48/7e.*: a prefix */
                /* a glob: whether any object's path can match it (7ec78*,
                 * *deb1, a -path of 48: every hex digit counted), from . or any */
                m = m || (!regex && namelists_may_match_object(pat, !base, dot_only, fold));
                bool mg = m || (!regex && namelists_may_match_git(pat, !base, dot_only, fold));
                b_all = b_all && m;
                b_any = b_any || m;
                g_all = g_all && mg;
                g_any = g_any || mg;
        }
        if (find && tree && !exec && lists_reach) {
                judge_mark_held(j);
                *ret_lists = true; /* the names of git's objects among what it prints */
        }
        if (find && !(tree && exec_reaches))
                return 0;
        if (!find && !tree)
                return 0;
        judge_mark_held(j);
        bool reads =
                streq_any(name, (const char *const[]){"gzip", "pigz", "zstd", "pzstd", "lz4", "diff", NULL});
        return judge_refuse(j, "%s %s a tree holding git's objects, and the history holds a masked entry",
                            name,
                            find    ? "runs a program over"
                            : reads ? "reads"
                                    : "copies");
}

/* A path naming a file of git's config outside the repository's own
 * (protected): ~/.gitconfig, ~/.config/git/config or attributes, /etc/gitconfig. */
/* t with "//" and "/./" made "/" (what the kernel opens alike:
 * ~/.config/git//config, ~/.config/git/./config), in buf (size 512). */
static const char *path_normal(const char *t, char buf[512]) {
        size_t k = 0;
        for (const char *p = t; *p && k + 1 < 512; p++) {
                if (*p == '/' && k > 0 && buf[k - 1] == '/')
                        continue;
                if (*p == '.' && k > 0 && buf[k - 1] == '/' && (p[1] == '/' || !p[1]))
                        continue;
                buf[k++] = *p;
        }
        while (k > 1 && buf[k - 1] == '/')
                k--;
        buf[k] = 0;
        return buf;
}

static bool names_git_config(const char *t, bool in_git_dir) {
        char buf[512];
        t = path_normal(t, buf);
        const char *base = strrchr(t, '/') ? strrchr(t, '/') + 1 : t;
        size_t n = strlen(t);
        return streq(base, ".gitconfig") || streq(base, "gitconfig") ||
               (n >= 10 && streq(t + n - 10, "git/config")) ||
               (n >= 14 && streq(t + n - 14, "git/attributes")) ||
               (in_git_dir && (streq(t, "config") || streq(t, "attributes")));
}

/* A directory of git's config outside the repository (~/.config/git):
 * cd there, and a later "> config" is that file. */
static bool git_config_dir(const char *t) {
        char buf[512];
        t = path_normal(t, buf);
        size_t n = strlen(t);
        return n >= 3 && streq(t + n - 3, "git") && (n == 3 || t[n - 4] == '/');
}

/* Programs that only ask about a name, never open what it names. */
const char *const objects_names_only[] = {"ls",     "stat", "test",  "[",    "echo", "du", "cd",
                                          "printf", "git",  "mkdir", "true", ":",    NULL};

int objects_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n,
                  const ShellWord *const *targets, size_t n_targets) {
        static const char *const find_readers[] = {"-exec", "-execdir", "-ok", "-okdir", NULL};
        /* programs that only read what they name (cat ~/.gitconfig) */
        static const char *const config_readers[] = {
                "ls",  "stat", "test", "[",    "echo", "du",   "cd", "printf", "git", "mkdir", "true", ":",
                "cat", "less", "more", "head", "tail", "grep", "rg", "diff",   "wc",  "file",  NULL};
        if (judge_held(j) && (streq(name, "cd") || streq(name, "pushd")))
                for (size_t k = 1; k < n; k++) { /* cd .git && cat objects/ab/cd */
                        _cleanup_free_ char *t = programs_word_text(w[k]);
                        if (!t)
                                return -ENOMEM;
                        if (objects_word_names(j, w[k], t)) {
                                judge_mark_held(j);
                                return judge_refuse(
                                        j,
                                        "%s enters git's directory, and the history holds a masked "
                                        "entry",
                                        name);
                        }
                }
        /* git's config written by hand (printf '[alias]...' >> ~/.gitconfig):
         * what git then runs or reads (an alias's !cat .env, an attributes
         * file) is not judged, whatever the history holds */
        for (size_t k = 1; k < n + n_targets; k++) {
                const ShellWord *x = k < n ? w[k] : targets[k - n];
                _cleanup_free_ char *t = x ? programs_word_text(x) : NULL;
                if (x && !t)
                        return -ENOMEM;
                if (t && streq(name, "cd") && k == 1 && git_config_dir(t))
                        j->git_config_dir = true;
                /* a write (a redirect, a program that may write); a read of it
                 * too when the history holds a masked entry (as before) */
                if (t && names_git_config(t, j->git_config_dir) &&
                    (k >= n || !streq_any(name, judge_held(j) ? objects_names_only : config_readers))) {
                        if (judge_held(j))
                                judge_mark_held(j);
                        else
                                judge_name_all(j);
                        return judge_refuse(j,
                                            "%s touches a file of git's config by hand: what git then runs "
                                            "or reads is not judged",
                                            name);
                }
        }
        if (!judge_held(j))
                return 0;
        /* git by a program of its own (git-log, /usr/lib/git-core/git-show):
         * what it prints is not judged */
        /* ... and programs that run git on what the line names: patchutils'
         * gitdiff (31z2 2), tig, gitk, lazygit */
        static const char *const git_fronts[] = {"gitdiff", "gitdiffview", "tig",  "gitk",
                                                 "lazygit", "gitui",       "qgit", NULL};
        if (strncmp(name, "git-", 4) == 0 || streq_any(name, git_fronts)) {
                judge_mark_held(j);
                return judge_refuse(
                        j, "%s, git by a program of its own, and the history holds a masked entry", name);
        }
        if (streq(name, "git")) /* the files git opens (command-git-files.c) */
                return git_files_judge(j, w, n, targets, n_targets);
        if (streq_any(name, objects_names_only))
                return 0;
        bool reads = !streq(name, "find");
        for (size_t k = 1; k < n && !reads; k++) {
                char buf[64];
                reads = streq_any(programs_plain(w[k], buf, sizeof buf), find_readers);
        }
        if (!reads)
                return 0; /* find only lists what it matches */
        bool exclude = false;
        /* grep PATTERN F, grep -e P, fd -E X, go test -run RE: no file read;
         * a PATTERN too, unless the line may give grep options by its
         * environment (BSD grep's GREP_OPTIONS, a name set at run time) */
        _cleanup_free_ bool *data = operands_not_read(j, name, w, n);
        if (!data)
                return -ENOMEM;
        for (size_t k = 0; k < n + n_targets; k++) {
                const ShellWord *x = k < n ? w[k] : targets[k - n];
                if (!x || (k == 0 && !streq(name, "find")) || (k < n && data[k]))
                        continue;
                _cleanup_free_ char *t = programs_word_text(x);
                if (!t)
                        return -ENOMEM;
                /* --exclude=.git, --exclude-dir .git: a name left out; find's
                 * predicates (-path ./.git -prune) come after its starting points */
                bool skip = exclude || strncmp(t, "--exclude", 9) == 0 || strncmp(t, "--ignore", 8) == 0;
                exclude = k < n &&
                          (streq(t, "--exclude") || streq(t, "--exclude-dir") || streq(t, "--ignore"));
                if (streq(name, "find") && k < n && t[0] == '-')
                        break;
                if (skip)
                        continue;
                if (objects_word_names(j, x, t)) {
                        judge_mark_held(j);
                        return judge_refuse(
                                j, "%s reads git's objects, and the history holds a masked entry", name);
                }
        }
        return 0;
}

int objects_compound(Judge *j, const Line *ln, const Stage *st) {
        if (st->n > 0 || !judge_held(j))
                return 0;
        for (size_t i = 0; i < st->n_redir; i++) {
                const ShellWord *x = st->target[i];
                _cleanup_free_ char *t = x ? programs_word_text(x) : NULL, *fed = NULL;
                if (x && !t)
                        return -ENOMEM;
                int r = shells_fed_text(ln, st, i, &fed);
                if (r < 0)
                        return r;
                /* { cat; } < .git/objects/ab/cd; { tar cf - -T -; } <<< .git:
                 * a name (a here-string's or heredoc's) any program in it opens */
                if ((r > 0 && objects_names(fed)) || (!fed && t && objects_word_names(j, x, t))) {
                        judge_mark_held(j);
                        return judge_refuse(j, "a compound command's redirect gives its programs git's "
                                               "objects, and the history holds a masked entry");
                }
        }
        return 0;
}

/* ---- a web server over a tree holding .git ---- */

int objects_server(Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        const ShellWord *dir = NULL;
        char glued[256];
        if (!judge_held(j) || !servers_serves(name, w, n, &dir, glued))
                return 0;
        bool held = glued[0] ? objects_names(glued) || streq(glued, ".") || streq(glued, "./") ||
                                       cwd_above(j, glued)
                    : dir ? holds_git(j, dir)
                          : true;
        if (!held)
                return 0;
        judge_mark_held(j);
        return judge_refuse(j,
                            "%s serves a tree that holds .git, its objects to any client (wget -r), and the "
                            "history holds a masked entry",
                            name);
}
