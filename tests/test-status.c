/* SPDX-License-Identifier: MIT */
/* daemon/core/status.c: binds grouped into the checkouts they belong to,
 * against a disk described by a table; the names .git files give; the
 * JSON document. */
#include "tests.h"

#include <jansson.h>

#include "status.h"
#include "util.h"

/* The disk: which directories have a .git, of what kind, naming what. */
typedef struct FakeDir {
        const char *dir;
        StatusGit git;
        const char *gitdir, *commondir;
} FakeDir;

typedef struct Fake {
        const FakeDir *dirs;
        size_t n_dirs;
        const char *const *directories; /* what is_dir says yes to */
        char asked[64][64];             /* every dir dotgit was asked about */
        size_t n_asked;
} Fake;

static int fake_dotgit(void *ctx, const char *dir, StatusDotGit *ret) {
        Fake *f = ctx;
        for (size_t i = 0; i < f->n_asked; i++)
                if (streq(f->asked[i], dir))
                        fail_msg("'%s' asked about twice", dir);
        assert_true(f->n_asked < ELEMENTSOF(f->asked));
        snprintf(f->asked[f->n_asked++], sizeof f->asked[0], "%s", dir);
        for (size_t i = 0; i < f->n_dirs; i++)
                if (streq(f->dirs[i].dir, dir)) {
                        *ret = (StatusDotGit){
                                .git = f->dirs[i].git,
                                .gitdir = f->dirs[i].gitdir ? strdup(f->dirs[i].gitdir) : NULL,
                                .commondir = f->dirs[i].commondir ? strdup(f->dirs[i].commondir) : NULL,
                        };
                        return 0;
                }
        if (strstr(dir, "unreadable"))
                return -EACCES; /* taken as no .git */
        *ret = (StatusDotGit){0};
        return 0;
}

static int fake_is_dir(void *ctx, const char *path) {
        Fake *f = ctx;
        for (const char *const *d = f->directories; d && *d; d++)
                if (streq(*d, path))
                        return 1;
        return 0;
}

/* One line per bind, "CHECKOUT|KIND|PATH|git" ("git" for git metadata). */
static char *flatten(const Status *s) {
        char *out = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&out, &n);
        assert_non_null(f);
        for (size_t i = 0; i < s->n_checkouts; i++)
                for (size_t j = 0; j < s->checkouts[i].n_binds; j++) {
                        const StatusBind *b = &s->checkouts[i].binds[j];
                        fprintf(f, "%s|%s|%s%s\n", s->checkouts[i].path,
                                platform_bind_kind_to_string(b->kind), b->path,
                                b->git_metadata ? "|git" : "");
                }
        fclose(f);
        return out;
}

/* The root test's worktree, and more: the root a checkout; cl cloned; lib
 * a submodule (its gitdir in the root's .git/modules); wt a linked
 * worktree of cl; lt one of a bare repository below the root; plain/ no
 * checkout at all; a checkout whose name has a newline. */
static const FakeDir worktree[] = {
        {"", STATUS_GIT_DIR, ".git", NULL},
        {"cl", STATUS_GIT_DIR, "cl/.git", NULL},
        {"lib", STATUS_GIT_FILE, ".git/modules/lib", NULL},
        {"wt", STATUS_GIT_FILE, "cl/.git/worktrees/wt", "cl/.git"},
        {"lt", STATUS_GIT_FILE, "bare.git/worktrees/lt", "bare.git"},
        {"lt2", STATUS_GIT_FILE, "bare.git/worktrees/lt2", "bare.git"},
        {"n\nl", STATUS_GIT_DIR, "n\nl/.git", NULL},
        {"odd", STATUS_GIT_OTHER, NULL, NULL},
        {"far", STATUS_GIT_FILE, NULL, NULL}, /* its gitdir is outside the root */
};

static const StatusMount mounts[] = {
        {"lt2/.env", PLATFORM_MASK_FILE},
        {".env", PLATFORM_MASK_FILE},
        {"deploy/keys", PLATFORM_MASK_DIR},
        {".claude", PLATFORM_PROTECT},
        {".git/config", PLATFORM_PROTECT},
        {"cl/.env", PLATFORM_MASK_FILE},
        {"cl/.env", PLATFORM_MASK_FILE}, /* stacked: one bind */
        {"cl/.git/hooks", PLATFORM_PROTECT},
        {"cl/.git/config", PLATFORM_PROTECT},
        {"lib/.env", PLATFORM_MASK_FILE},
        {".git/modules/lib/config", PLATFORM_PROTECT},
        {".git/modules/lib/hooks", PLATFORM_PROTECT},
        {"wt/.env", PLATFORM_MASK_FILE},
        {"lt/.env", PLATFORM_MASK_FILE},
        {"bare.git/config", PLATFORM_PROTECT},
        {"plain/sub/.env", PLATFORM_MASK_FILE},
        {"x/.env", PLATFORM_PROTECT},
        {"x/.env", PLATFORM_MASK_FILE}, /* a protect over a mask: the mask */
        {"n\nl/.env", PLATFORM_MASK_FILE},
        {"odd/.env", PLATFORM_MASK_FILE},
        {"far/.env", PLATFORM_MASK_FILE},
        {"far/unreadable/.env", PLATFORM_MASK_FILE},
        {"cl", PLATFORM_PROTECT}, /* at a checkout: the checkout around it's */
};

static const char *const directories[] = {".claude", "cl/.git/hooks", ".git/modules/lib/hooks", "cl", NULL};

static void test_group(void **state) {
        (void) state;
        Fake f = {worktree, ELEMENTSOF(worktree), directories, {{0}}, 0};
        StatusProbe probe = {fake_dotgit, fake_is_dir, &f};
        _cleanup_status_ Status *s = NULL;

        assert_int_equal(status_group(mounts, ELEMENTSOF(mounts), &probe, &s), 0);
        assert_true(s->supported);
        _cleanup_free_ char *got = flatten(s);
        assert_string_equal(got, "|protect|.claude/\n"
                                 "|mask-file|.env\n"
                                 "|protect|.git/config|git\n"
                                 "|protect|cl/\n"
                                 "|mask-dir|deploy/keys/\n"
                                 "|mask-file|plain/sub/.env\n"
                                 "|mask-file|x/.env\n"
                                 "cl|mask-file|cl/.env\n"
                                 "cl|protect|cl/.git/config|git\n"
                                 "cl|protect|cl/.git/hooks/|git\n"
                                 "far|mask-file|far/.env\n"
                                 "far|mask-file|far/unreadable/.env\n"
                                 "lib|protect|.git/modules/lib/config|git\n"
                                 "lib|protect|.git/modules/lib/hooks/|git\n"
                                 "lib|mask-file|lib/.env\n"
                                 "lt|protect|bare.git/config|git\n"
                                 "lt|mask-file|lt/.env\n"
                                 "lt2|mask-file|lt2/.env\n"
                                 "n\nl|mask-file|n\nl/.env\n"
                                 "odd|mask-file|odd/.env\n"
                                 "wt|mask-file|wt/.env\n");
        assert_int_equal(s->n_checkouts, 9);
        assert_int_equal(s->n_binds, 21);
        /* What each checkout's .git is, kept. */
        assert_string_equal(s->checkouts[0].path, "");
        assert_int_equal(s->checkouts[0].dotgit.git, STATUS_GIT_DIR);
        assert_string_equal(s->checkouts[0].dotgit.gitdir, ".git");
        assert_string_equal(s->checkouts[2].path, "far");
        assert_int_equal(s->checkouts[2].dotgit.git, STATUS_GIT_FILE);
        assert_null(s->checkouts[2].dotgit.gitdir);
        assert_string_equal(s->checkouts[8].path, "wt");
        assert_string_equal(s->checkouts[8].dotgit.commondir, "cl/.git");
}

static void test_group_plain(void **state) {
        (void) state;
        static const StatusMount m[] = {{"a/b/.env", PLATFORM_MASK_FILE}, {".env", PLATFORM_MASK_FILE}};
        Fake f = {NULL, 0, NULL, {{0}}, 0};
        StatusProbe probe = {fake_dotgit, fake_is_dir, &f};
        _cleanup_status_ Status *s = NULL, *none = NULL;

        /* A root that is no checkout holds whatever is not in one. */
        assert_int_equal(status_group(m, ELEMENTSOF(m), &probe, &s), 0);
        assert_int_equal(s->n_checkouts, 1);
        assert_string_equal(s->checkouts[0].path, "");
        assert_int_equal(s->checkouts[0].dotgit.git, STATUS_GIT_NONE);
        assert_int_equal(s->n_binds, 2);
        assert_string_equal(s->checkouts[0].binds[0].path, ".env");
        assert_string_equal(s->checkouts[0].binds[1].path, "a/b/.env");
        assert_int_equal(f.n_asked, 3); /* "", "a", "a/b": each once */

        /* Nothing bound: nothing asked, nothing shown. */
        f.n_asked = 0;
        assert_int_equal(status_group(NULL, 0, &probe, &none), 0);
        assert_true(none->supported);
        assert_int_equal(none->n_checkouts, 0);
        assert_int_equal(none->n_binds, 0);
        assert_int_equal(f.n_asked, 0);
}

static void test_git_target(void **state) {
        (void) state;
        static const struct {
                const char *buf;
                bool gitfile;
                const char *base, *want;
                int r;
        } cases[] = {
                {"gitdir: ../.git/modules/lib\n", true, "lib", ".git/modules/lib", 0},
                {"gitdir: /w/cl/.git/worktrees/wt\r\n", true, "wt", "cl/.git/worktrees/wt", 0},
                {"gitdir: /w/cl/.git/worktrees/wt", true, "a/b", "cl/.git/worktrees/wt", 0},
                {"gitdir: a dir \n", true, "x", "x/a dir ", 0}, /* a trailing space is the name's */
                {"gitdir: n\nl\n\n", true, "", "n\nl", 0},      /* only trailing newlines go */
                {"../..\n", false, "cl/.git/worktrees/wt", "cl/.git", 0},
                {"/w/bare.git", false, "lt", "bare.git", 0},
                {"gitdir: /elsewhere/.git\n", true, "x", NULL, -EXDEV},
                {"gitdir: /w2/.git\n", true, "x", NULL, -EXDEV}, /* beside the root, not below it */
                {"gitdir: /w\n", true, "x", NULL, -EXDEV},       /* the root itself */
                {"gitdir: ../../..\n", true, "a", NULL, -EXDEV},
                {"gitdir: ..\n", true, "a", NULL, -EXDEV},
                {"gitdir:../x\n", true, "a", NULL, -EINVAL},
                {"gitdir: \n", true, "a", NULL, -EINVAL},
                {"\n\r", false, "a", NULL, -EINVAL},
                {"", false, "a", NULL, -EINVAL},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                char *got = (char *) 0x1;
                int r = status_git_target(cases[i].buf, strlen(cases[i].buf), cases[i].gitfile,
                                          cases[i].base, "/w/", &got);
                if (r != cases[i].r)
                        fail_msg("case %zu: %d, wanted %d", i, r, cases[i].r);
                if (r < 0) {
                        assert_ptr_equal(got, (char *) 0x1); /* untouched */
                        continue;
                }
                assert_string_equal(got, cases[i].want);
                free(got);
        }
        /* A NUL inside is no name git could have written. */
        char *got = NULL;
        assert_int_equal(status_git_target("gitdir: a\0b\n", 12, true, "", "/w", &got), -EINVAL);
        assert_null(got);
}

static void test_json(void **state) {
        (void) state;
        static const FakeDir disk[] = {
                {"", STATUS_GIT_NONE, NULL, NULL},
                {"sub", STATUS_GIT_FILE, ".git/modules/sub", NULL},
                {"bad\xff", STATUS_GIT_DIR, "bad\xff/.git", NULL},
        };
        static const StatusMount m[] = {
                {".env", PLATFORM_MASK_FILE},
                {"sub/.env", PLATFORM_MASK_FILE},
                {".git/modules/sub/hooks", PLATFORM_PROTECT},
                {"bad\xff/a\\b", PLATFORM_MASK_DIR},
        };
        static const char *const dirs[] = {".git/modules/sub/hooks", NULL};
        Fake f = {disk, ELEMENTSOF(disk), dirs, {{0}}, 0};
        StatusProbe probe = {fake_dotgit, fake_is_dir, &f};
        _cleanup_status_ Status *s = NULL, *off = NULL;
        json_t *j = NULL;

        assert_int_equal(status_group(m, ELEMENTSOF(m), &probe, &s), 0);
        assert_int_equal(status_to_json(s, "/w\xfe", &j), 0);
        _cleanup_free_ char *text = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(j);
        assert_string_equal(
                text,
                "{\"root\":\"/w\\\\xfe\",\"root_escaped\":true,\"mounts_supported\":true,\"bind_count\":4,"
                "\"checkouts\":["
                "{\"path\":\".\",\"nested\":false,\"git\":\"none\",\"gitdir\":null,\"commondir\":null,"
                "\"binds\":[{\"path\":\".env\",\"kind\":\"mask-file\",\"git_metadata\":false}]},"
                "{\"path\":\"bad\\\\xff\",\"path_escaped\":true,\"nested\":true,\"git\":\"directory\","
                "\"gitdir\":\"bad\\\\xff/.git\",\"gitdir_escaped\":true,\"commondir\":null,"
                "\"binds\":[{\"path\":\"bad\\\\xff/a\\\\\\\\b/\",\"path_escaped\":true,"
                "\"kind\":\"mask-dir\",\"git_metadata\":false}]},"
                "{\"path\":\"sub\",\"nested\":true,\"git\":\"file\",\"gitdir\":\".git/modules/sub\","
                "\"commondir\":null,\"binds\":["
                "{\"path\":\".git/modules/sub/hooks/\",\"kind\":\"protect\",\"git_metadata\":true},"
                "{\"path\":\"sub/.env\",\"kind\":\"mask-file\",\"git_metadata\":false}]}]}");

        /* A platform without bind mounts says so. */
        assert_non_null(off = status_new_unsupported());
        assert_int_equal(status_to_json(off, "/w", &j), 0);
        _cleanup_free_ char *text2 = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(j);
        assert_string_equal(
                text2, "{\"root\":\"/w\",\"mounts_supported\":false,\"bind_count\":0,\"checkouts\":[]}");
}

static void test_names(void **state) {
        (void) state;
        assert_string_equal(status_git_to_string(STATUS_GIT_NONE), "none");
        assert_string_equal(status_git_to_string(STATUS_GIT_DIR), "directory");
        assert_string_equal(status_git_to_string(STATUS_GIT_FILE), "file");
        assert_string_equal(status_git_to_string(STATUS_GIT_OTHER), "other");
        assert_null(status_git_to_string(_STATUS_GIT_MAX));
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_group),      cmocka_unit_test(test_group_plain),
                cmocka_unit_test(test_git_target), cmocka_unit_test(test_json),
                cmocka_unit_test(test_names),
        };
        return RUN(tests);
}
