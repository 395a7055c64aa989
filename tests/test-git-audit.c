/* SPDX-License-Identifier: MIT */
#include "tests.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "git-audit.h"
#include "util.h"

/*
 * Every fixture below is a git config file as bytes and what the audit must
 * say of it: the flagged keys in order, or the line of a parse error. Run
 * as "test-git-audit oracle", the same fixtures go through git itself
 * (git config -f FILE --list -z), and git's entries, filtered by
 * git_audit_key_is_flagged(), and git's "bad config line N" must agree. The
 * expectations were written from git 2.39.5.
 */

typedef struct Case {
        const char *text;
        size_t len;
        const char *const *keys; /* NULL: git refuses the file */
        size_t line;             /* then: the line git names */
} Case;

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})
#define FLAGS(t, ...)                                                                                       \
        { t, sizeof(t) - 1, KEYS(__VA_ARGS__), 0 }
#define CLEAN(t)                                                                                            \
        { t, sizeof(t) - 1, (const char *const[]){NULL}, 0 }
#define REFUSED(t, l)                                                                                       \
        { t, sizeof(t) - 1, NULL, l }

/* Each flagged key once, spelled as git's documentation spells it. */
static const Case every_key[] = {
        FLAGS("[core]\n"
              "\tfsmonitor = .git/hooks/query-watchman\n"
              "\thooksPath = /tmp/hooks\n"
              "\tsshCommand = ssh -o ProxyCommand=evil\n"
              "\tgitProxy = evil-proxy\n"
              "\teditor = vim\n"
              "\tpager = less\n"
              "\taskPass = /bin/askpass\n"
              "\talternateRefsCommand = evil\n"
              "[sequence]\n"
              "\teditor = evil\n"
              "[credential]\n"
              "\thelper = store\n"
              "[credential \"https://example.com\"]\n"
              "\thelper = evil\n"
              "[filter \"lfs\"]\n"
              "\tclean = git-lfs clean -- %f\n"
              "\tsmudge = git-lfs smudge -- %f\n"
              "\tprocess = git-lfs filter-process\n"
              "[diff \"bin\"]\n"
              "\ttextconv = hexdump -C\n"
              "\tcommand = evil\n"
              "[diff]\n"
              "\texternal = evil\n"
              "[merge \"ours\"]\n"
              "\tdriver = true\n"
              "[include]\n"
              "\tpath = ../more.config\n"
              "[includeIf \"gitdir:~/work/\"]\n"
              "\tpath = ../more.config\n"
              "[extensions]\n"
              "\tworktreeConfig = true\n"
              "[remote \"origin\"]\n"
              "\turl = https://example.com/x.git\n"
              "\tuploadpack = evil\n"
              "\treceivepack = evil\n"
              "\tvcs = evil\n"
              "[protocol]\n"
              "\tallow = always\n"
              "[protocol \"ext\"]\n"
              "\tallow = always\n"
              "[uploadpack]\n"
              "\tpackObjectsHook = evil\n"
              "[gpg]\n"
              "\tprogram = evil\n"
              "[gpg \"ssh\"]\n"
              "\tprogram = evil\n"
              "\tdefaultKeyCommand = evil\n"
              "[alias]\n"
              "\tsh = !evil\n"
              "[pager]\n"
              "\tlog = evil\n"
              "[submodule \"lib\"]\n"
              "\tupdate = !evil\n"
              "[difftool \"t\"]\n"
              "\tcmd = evil\n"
              "\tpath = evil\n"
              "[mergetool \"t\"]\n"
              "\tcmd = evil\n"
              "\tpath = evil\n"
              "[man \"t\"]\n"
              "\tcmd = evil\n"
              "\tpath = evil\n"
              "[browser \"t\"]\n"
              "\tcmd = evil\n"
              "\tpath = evil\n"
              "[guitool \"t\"]\n"
              "\tcmd = evil\n"
              "[trailer \"sign\"]\n"
              "\tcmd = evil\n"
              "\tcommand = evil\n"
              "[tar \"tar.xz\"]\n"
              "\tcommand = xz -c\n"
              "[interactive]\n"
              "\tdiffFilter = evil\n"
              "[imap]\n"
              "\ttunnel = evil\n"
              "[instaweb]\n"
              "\thttpd = evil\n"
              "[init]\n"
              "\ttemplateDir = /tmp/t\n"
              "[sendemail]\n"
              "\tsendmailCmd = evil\n"
              "\tsmtpServer = /usr/bin/evil\n"
              "\ttoCmd = evil\n"
              "\tccCmd = evil\n"
              "\theaderCmd = evil\n"
              "[sendemail \"work\"]\n"
              "\tsendmailCmd = evil\n"
              "[svn]\n"
              "\tauthorsProg = evil\n"
              "[svn-remote \"svn\"]\n"
              "\tauthorsProg = evil\n"
              "[hook \"lint\"]\n"
              "\tevent = pre-commit\n"
              "\tcommand = evil\n"
              "[lfs \"customtransfer.x\"]\n"
              "\tpath = evil\n"
              "[lfs \"extension.x\"]\n"
              "\tclean = evil\n"
              "\tsmudge = evil\n"
              "[url \"/work/evil.git\"]\n"
              "\tinsteadOf = https://example.com/x.git\n"
              "[url \"file:///work/evil.git\"]\n"
              "\tpushInsteadOf = https://example.com/x.git\n",
              "core.fsmonitor", "core.hookspath", "core.sshcommand", "core.gitproxy", "core.editor",
              "core.pager", "core.askpass", "core.alternaterefscommand", "sequence.editor",
              "credential.helper", "credential.https://example.com.helper", "filter.lfs.clean",
              "filter.lfs.smudge", "filter.lfs.process", "diff.bin.textconv", "diff.bin.command",
              "diff.external", "merge.ours.driver", "include.path", "includeif.gitdir:~/work/.path",
              "extensions.worktreeconfig", "remote.origin.uploadpack", "remote.origin.receivepack",
              "remote.origin.vcs", "protocol.allow", "protocol.ext.allow", "uploadpack.packobjectshook",
              "gpg.program", "gpg.ssh.program", "gpg.ssh.defaultkeycommand", "alias.sh", "pager.log",
              "submodule.lib.update", "difftool.t.cmd", "difftool.t.path", "mergetool.t.cmd",
              "mergetool.t.path", "man.t.cmd", "man.t.path", "browser.t.cmd", "browser.t.path",
              "guitool.t.cmd", "trailer.sign.cmd", "trailer.sign.command", "tar.tar.xz.command",
              "interactive.difffilter", "imap.tunnel", "instaweb.httpd", "init.templatedir",
              "sendemail.sendmailcmd", "sendemail.smtpserver", "sendemail.tocmd", "sendemail.cccmd",
              "sendemail.headercmd", "sendemail.work.sendmailcmd", "svn.authorsprog",
              "svn-remote.svn.authorsprog", "hook.lint.command", "lfs.customtransfer.x.path",
              "lfs.extension.x.clean", "lfs.extension.x.smudge", "url./work/evil.git.insteadof",
              "url.file:///work/evil.git.pushinsteadof"),
};

/* The same keys in the other spellings git accepts. */
static const Case spellings[] = {
        /* Section and key names in any case; the output is lower-case. */
        FLAGS("[CORE]\n\tEDITOR = vim\n", "core.editor"),
        FLAGS("[Core]\n\tHooksPath = x\n\tSSHCOMMAND = x\n", "core.hookspath", "core.sshcommand"),
        FLAGS("[IncludeIf \"gitdir/i:C:/Work/\"]\n\tPATH = x\n", "includeif.gitdir/i:C:/Work/.path"),
        /* A bare key is boolean true, still the key. */
        FLAGS("[core]\n\tfsmonitor\n", "core.fsmonitor"),
        /* An entry on the header's line, several headers on a line. */
        FLAGS("[core] editor = vim\n", "core.editor"),
        FLAGS("[core] [diff] external = x\n", "diff.external"),
        FLAGS("[core]editor=vim", "core.editor"),
        /* Subsections keep their case, dots, blanks and escaped quotes. */
        FLAGS("[filter \"LFS\"]\n\tClean = x\n", "filter.LFS.clean"),
        FLAGS("[filter \"a.b c\"]\n\tsmudge = x\n", "filter.a.b c.smudge"),
        FLAGS("[filter \"q\\\"x\\\\y\"]\n\tprocess = x\n", "filter.q\"x\\y.process"),
        FLAGS("[filter\t \"x\"]\n\tclean = x\n", "filter.x.clean"),
        /* git drops a backslash before any other character in a subsection
         * (its documentation: "\t is read as t"). */
        FLAGS("[filter \"\\a\\t\"]\n\tclean = x\n", "filter.at.clean"),
        /* An empty subsection is still a driver name. */
        FLAGS("[filter \"\"]\n\tclean = x\n", "filter..clean"),
        /* Subsections differing in case are different drivers. */
        FLAGS("[filter \"A\"]\n\tclean = x\n[filter \"a\"]\n\tclean = x\n", "filter.A.clean",
              "filter.a.clean"),
        /* The legacy dotted section is lower-cased whole. */
        FLAGS("[Filter.LFS]\n\tCLEAN = x\n", "filter.lfs.clean"),
        FLAGS("[remote.Origin.x]\n\tuploadpack = x\n", "remote.origin.x.uploadpack"),
        FLAGS("[Credential.Example]\n\tHelper = x\n", "credential.example.helper"),
        /* A relative path, a path with a ':' after a '/', FILE:// in any case. */
        FLAGS("[url \"../evil\"]\n\tinsteadOf = a\n[url \"./x:y\"]\n\tinsteadOf = b\n[url \"FILE://e\"]\n\t"
              "insteadOf = c\n",
              "url.../evil.insteadof", "url../x:y.insteadof", "url.FILE://e.insteadof"),
        /* Comments, also after values, and ';' or '#' inside quotes. */
        FLAGS("; editor = a\n# [core]\n[core] ; pager = b\n\teditor = vi # pager = c\n\tx = \"a;b#\" ; "
              "pager = d\n",
              "core.editor"),
        /* A continuation line is part of the value, not a new entry. */
        FLAGS("[core]\n\teditor = vim \\\n  -n\n\tpager = less\n", "core.editor", "core.pager"),
        FLAGS("[alias]\n\tx = \\\n!rm -rf ~\n", "alias.x"),
        /* CRLF line ends, and a UTF-8 BOM at the start. */
        FLAGS("[core]\r\n\teditor = vim\r\n\tpager = less\r\n", "core.editor", "core.pager"),
        FLAGS("\xef\xbb\xbf[core]\n\teditor = vim\n", "core.editor"),
        FLAGS("\xef\xbb\xbf\r\n[core]\r\n\teditor\r\n", "core.editor"),
        /* Each key once, in the order first seen. */
        FLAGS("[core]\n\tpager = a\n\teditor = b\n[core]\n\tpager = c\n[CORE]\n\tEditor = d\n", "core.pager",
              "core.editor"),
        /* An alias after git's value parsing: quotes go, leading blanks go
         * (even after an empty quoted part), a subsection is part of the
         * alias name ("git x.y"). */
        FLAGS("[alias]\n\ta = \"!evil\"\n\tb = \t !evil\n\tc = \"\"!evil\n\td = \"\" !evil\n", "alias.a",
              "alias.b", "alias.c", "alias.d"),
        FLAGS("[alias \"x\"]\n\ty = !evil\n", "alias.x.y"),
        FLAGS("[ALIAS]\n\tSt = !evil\n", "alias.st"),
        /* A pager that is not a boolean is a command; ints out of range are
         * not booleans to git either. */
        FLAGS("[pager]\n\tlog = less -S\n\tdiff = 99999999999\n\tx = 1z\n", "pager.log", "pager.diff",
              "pager.x"),
        FLAGS("[submodule \"a.b\"]\n\tupdate = \"!evil\"\n", "submodule.a.b.update"),
        /* git hands a name on as a C string, so a NUL in a subsection cuts
         * it short: git 2.39 reads this as core.editor and runs "evil" as
         * the editor (checked with "git var GIT_EDITOR"). */
        FLAGS("[core \"editor\0\"]\n\tx = evil\n", "core.editor"),
        FLAGS("[alias \"st\0x\"]\n\tk = !evil\n", "alias.st"),
        /* git looks aliases up in any case: "git st" runs this one. */
        FLAGS("[alias \"St\0\"]\n\tk = !evil\n", "alias.St"),
        /* ...and a NUL in a value cuts the value short. */
        FLAGS("[alias]\n\tx = !\0y\n", "alias.x"),
};

/* Close to flagged keys, but nothing git runs or loads. */
static const Case harmless[] = {
        CLEAN(""),
        CLEAN("\n\n# only comments\n; here\n"),
        CLEAN("\xef\xbb\xbf"),
        CLEAN("[core]\n\teditorx = vim\n\txeditor = vim\n\tpagers = x\n\thookspat = x\n"),
        /* A subsection named like a key, a section named like a key. */
        CLEAN("[core \"fsmonitor\"]\n\tx = 1\n[remote \"fsmonitor\"]\n\turl = x\n[fsmonitor]\n\tx = y\n"),
        CLEAN("[filter \"clean\"]\n\trequired = true\n[diff \"textconv\"]\n\tbinary = true\n"),
        /* core.* and include.path take no subsection, includeIf needs one:
         * git ignores core.x.editor, include.x.path and includeif.path. */
        CLEAN("[core \"x\"]\n\teditor = vim\n[core.x]\n\tpager = less\n"),
        CLEAN("[include \"x\"]\n\tpath = y\n[includeIf]\n\tpath = y\n"),
        CLEAN("[diff \"x\"]\n\texternal = y\n[filter]\n\tclean = y\n[remote]\n\tuploadpack = y\n"),
        /* Aliases that are git commands, not shell commands. */
        CLEAN("[alias]\n\tst = status\n\tco = checkout\n\tx = \" !ls\"\n\ty = a!b\n\tz\n\tw =\n"),
        CLEAN("[submodule \"lib\"]\n\tupdate = rebase\n\turl = ../lib\n"),
        /* A URL rewritten to another remote one (ssh's host:path, a
         * scheme); a local path is the rewritten value, not the target. */
        CLEAN("[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n[url "
              "\"https://mirror.example/\"]\n\tpushInsteadOf = /srv/x\n[url \"ssh://h/a/b\"]\n\tinsteadOf = "
              "x\n"),
        /* Pagers that are booleans (git_parse_maybe_bool()). */
        CLEAN("[pager]\n\tlog = false\n\tbranch = off\n\tdiff = TRUE\n\tshow = 1\n\tgrep = 0x10\n\ttag = "
              "1k\n"
              "\tx\n\ty = \"\"\n\tz = -2\n"),
        /* A NUL can leave upper case where git compares exactly: git
         * 2.39 does not take core.editOr for the editor. */
        CLEAN("[core \"editOr\0\"]\n\tx = evil\n"),
        /* A key before any section has no section at all. */
        CLEAN("editor = vim\n"),
        /* An empty section name before a subsection. */
        CLEAN("[ \"core\"]\n\teditor = vim\n"),
        /* A continuation line swallows what looks like a key. */
        CLEAN("[core]\n\tbare = false \\\n\teditor = vim\n"),
        /* Flagged names in values are values. */
        CLEAN("[user]\n\tname = \"[core] editor = vim\"\n\temail = core.pager\n"),
        CLEAN("[credential]\n\tusername = x\n\tuseHttpPath = true\n[gpg]\n\tformat = ssh\n"),
        /* What git 2.39 writes for "git init" (and --bare) and "git clone",
         * copied byte for byte. */
        CLEAN("[core]\n"
              "\trepositoryformatversion = 0\n"
              "\tfilemode = true\n"
              "\tbare = false\n"
              "\tlogallrefupdates = true\n"),
        CLEAN("[core]\n"
              "\trepositoryformatversion = 0\n"
              "\tfilemode = true\n"
              "\tbare = true\n"),
        CLEAN("[core]\n"
              "\trepositoryformatversion = 0\n"
              "\tfilemode = true\n"
              "\tbare = false\n"
              "\tlogallrefupdates = true\n"
              "[remote \"origin\"]\n"
              "\turl = https://github.com/git/git.git\n"
              "\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
              "[branch \"master\"]\n"
              "\tremote = origin\n"
              "\tmerge = refs/heads/master\n"),
};

/* Files git refuses; each line number is what git 2.39.5's
 * "git config -f FILE --list" printed as "fatal: bad config line N". */
static const Case refused[] = {
        REFUSED("[core", 2),                                /* the end inside a header counts a line */
        REFUSED("[core\n", 1),                              /* a header cut by the line end */
        REFUSED("[]\nk = 1\n", 1),                          /* an empty section name */
        REFUSED("[co_re]\n", 1),                            /* '_' is not a section character */
        REFUSED("[a b]\n", 1),                              /* a subsection must be quoted */
        REFUSED("[a \"x\"\n", 2),                           /* no ']' after the subsection */
        REFUSED("[a \"x\" ]\n", 1),                         /* ']' must follow the quote at once */
        REFUSED("[a \"x\"]]\n", 1),                         /* ']' is not an entry */
        REFUSED("[a \"b\nc\"]\n", 1),                       /* no line end in a subsection */
        REFUSED("[a \"x\\\n\"]\n", 1),                      /* not even escaped */
        REFUSED("[core]\n\teditor = vim\n[\xc3\xa9]\n", 3), /* non-ASCII section */
        REFUSED("[core]\n\tbare # c\n", 2),                 /* a bare key takes no comment */
        REFUSED("[core]\n1bare = x\n", 2),                  /* a key starts with a letter */
        REFUSED("[core]\n\ted_itor = x\n", 2),              /* '_' is not a key character */
        REFUSED("[core]\n\teditor.x = y\n", 2),             /* nor is '.' */
        REFUSED("[core]\n\t\xc3\xa9 = x\n", 2),             /* nor anything non-ASCII */
        REFUSED("[core]\n\teditor\n= vim\n", 3),            /* '=' on its own line */
        REFUSED("[core]\n\x0b\tbare\n", 2),                 /* VT is no blank to git */
        REFUSED("[core]\n\t\x0c"
                "bare\n",
                2),                                             /* nor is FF */
        REFUSED("[core]\n\tbare = true\r\n\teditor\r= x\n", 3), /* a lone CR after a key */
        REFUSED("[core]\n\teditor = \"vim\n", 2),               /* an open quote */
        REFUSED("[core]\n\teditor = \"vim\n\tpager = less\n", 2),
        REFUSED("[core]\n\teditor = a \\\n b \\\n \"c\n", 4), /* the line the value ended on */
        REFUSED("[core]\n\teditor = \"a\\\n", 3),
        REFUSED("[a]\n\tk = \"x\\\"\n", 2),      /* the quote is escaped, so still open */
        REFUSED("[core]\n\teditor = a\\x\n", 2), /* an unknown escape */
        REFUSED("[core]\n\teditor = \\!sh\n", 2),
        REFUSED("\xef\xbbx", 1), /* a partial BOM */
        REFUSED("\xef\xbb", 2),
        REFUSED("\xef\xbb\xbf\xef\xbb\xbf[core]\n", 1), /* only one BOM */
        REFUSED("\0[core]\n", 1),
        REFUSED("# a\n; b\n\n[core]\n\tbare = false\n\teditor = vim\n\t[x\n", 7),
        REFUSED("[core]\n\teditor = vim\n\n\n\"\n", 5),
};

/* More edge cases for the oracle only: what the audit says of them is
 * whatever git says. */
static const Case oracle_only[] = {
        FLAGS("[core]\n\teditor = a\\", "core.editor"), /* a backslash at the very end */
        FLAGS("[core]\n\teditor = \"a \\\" b\" c\\td\\n\\b\n", "core.editor"),
        FLAGS("[core]\n\teditor=\n\tpager= \t\n", "core.editor", "core.pager"),
        FLAGS("[core]\r\n\teditor = a\r\r\n", "core.editor"), /* a CR before CR LF is part of the value */
        REFUSED("[a.\"b\"]\n[core]\teditor\n", 1),            /* no quotes in a legacy name */
        FLAGS("[core]\n\teditor = \"#\" # \"\n", "core.editor"),
        CLEAN("[x-y.z-1 \"a b\"]\n\tk-1 = v\n"),
        CLEAN("[.]\n\tk = v\n[a..b]\n\tk = v\n"),
        CLEAN("[a]\n\tk = \"\\\\\"\n"),
};

/* ---- helpers ---- */

static void assert_keys(const Case *c) {
        char **keys = (char **) 0x1;
        size_t line = 12345;

        int r = git_audit_config(c->text, c->len, &keys, &line);
        if (!c->keys) {
                assert_int_equal(r, -EINVAL);
                assert_int_equal(line, c->line);
                assert_ptr_equal(keys, (char **) 0x1); /* untouched on failure */
                return;
        }
        if (r < 0)
                print_error("refused at line %zu\n", line);
        assert_int_equal(r, 0);
        assert_int_equal(line, 12345);
        assert_non_null(keys);
        size_t i = 0;
        for (; c->keys[i]; i++) {
                assert_non_null(keys[i]);
                assert_string_equal(keys[i], c->keys[i]);
        }
        assert_null(keys[i]);
        strv_free(keys);
}

static void run_cases(const Case *cases, size_t n) {
        for (size_t i = 0; i < n; i++) {
                _cleanup_free_ char *shown = escape_for_display(cases[i].text);
                print_message("case %zu: %s\n", i, shown ? shown : "?");
                assert_keys(&cases[i]);
        }
}

/* ---- the unit tests ---- */

static void test_every_key(void **state) {
        (void) state;
        run_cases(every_key, ELEMENTSOF(every_key));
}

static void test_spellings(void **state) {
        (void) state;
        run_cases(spellings, ELEMENTSOF(spellings));
}

static void test_harmless(void **state) {
        (void) state;
        run_cases(harmless, ELEMENTSOF(harmless));
}

static void test_refused(void **state) {
        (void) state;
        run_cases(refused, ELEMENTSOF(refused));
        /* Past INT_MAX bytes git gives up; the length alone decides, so
         * a short buffer stands in for a huge one here. */
        char **big = (char **) 0x1;
        size_t big_line = 7;
        assert_int_equal(git_audit_config("", (size_t) INT_MAX + 1, &big, &big_line), -EFBIG);
        assert_ptr_equal(big, (char **) 0x1);
        assert_int_equal(big_line, 7);
        /* ret_line may be NULL. */
        char **keys = NULL;
        assert_int_equal(git_audit_config("[core", 5, &keys, NULL), -EINVAL);
        assert_null(keys);
}

/* Strip every fixture: the flagged keys come out (the same names the
 * audit gives), what is left has none, a file with none is the same bytes,
 * and a file git refuses is refused (git_audit_config_strip checks that
 * the rest reads as before itself; -EBADMSG would fail here). */
static void strip_cases(const Case *cases, size_t n) {
        for (size_t i = 0; i < n; i++) {
                const Case *c = &cases[i];
                _cleanup_free_ char *shown = escape_for_display(c->text), *out = NULL, *again = NULL;
                _cleanup_strv_free_ char **keys = NULL, **left = NULL, **none = NULL;
                size_t out_n = 0, again_n = 0, line = 0, n_keys = 0;
                print_message("strip case %zu: %s\n", i, shown ? shown : "?");
                int r = git_audit_config_strip(c->text, c->len, &out, &out_n, &keys, &line);
                if (!c->keys) {
                        assert_int_equal(r, -EINVAL);
                        assert_int_equal(line, c->line);
                        assert_null(out);
                        continue;
                }
                assert_true(r >= 0);
                for (size_t k = 0; c->keys[k]; k++)
                        if (git_audit_key_is_removed(c->keys[k])) {
                                assert_non_null(keys[n_keys]);
                                assert_string_equal(keys[n_keys++], c->keys[k]);
                        }
                assert_null(keys[n_keys]);
                assert_true((r == 0) == (n_keys == 0));
                if (r == 0) {
                        assert_int_equal(out_n, c->len);
                        assert_memory_equal(out, c->text, c->len);
                }
                assert_int_equal(git_audit_config(out, out_n, &left, NULL), 0);
                for (size_t k = 0; left[k]; k++)
                        assert_string_equal(left[k], "extensions.worktreeconfig");
                assert_int_equal(git_audit_config_strip(out, out_n, &again, &again_n, &none, NULL), 0);
        }
}

static void test_strip_cases(void **state) {
        (void) state;
        strip_cases(every_key, ELEMENTSOF(every_key));
        strip_cases(spellings, ELEMENTSOF(spellings));
        strip_cases(harmless, ELEMENTSOF(harmless));
        strip_cases(refused, ELEMENTSOF(refused));
}

/* What is cut, byte for byte: the line whole, with its blanks and its
 * continuation lines; only the entry after a header on the same line; a
 * CR LF file keeps its line ends; the last line without a LF. */
static void test_strip_bytes(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
                int removed;
        } cases[] = {
                {"[core]\n\tbare = false\n\tfsmonitor = /bin/true\n\tfilemode = true\n",
                 "[core]\n\tbare = false\n\tfilemode = true\n", 1},
                {"[core]\n\tfsmonitor = /bin/true\n", "[core]\n", 1},
                {"[core]\n\tfsmonitor = /bin/true", "[core]\n", 1},
                {"[core] fsmonitor = x\n\tbare = false\n", "[core] \n\tbare = false\n", 1},
                {"[core]\r\n\tbare = false\r\n\thooksPath = /h\r\n# kept\r\n",
                 "[core]\r\n\tbare = false\r\n# kept\r\n", 1},
                {"[core]\n  editor = a \\\n  b\n\tbare = true ; c\n", "[core]\n\tbare = true ; c\n", 1},
                {"[alias]\n\tx = !sh\n\ty = log\n\tz = \"!sh\"\n", "[alias]\n\ty = log\n", 2},
                {"[core]\n\tfsmonitor\n[core]\n\tfsmonitor = b\n\tpager = less\n", "[core]\n[core]\n", 3},
                {"", "", 0},
                {"[extensions]\n\tworktreeConfig = true\n\tfoo = bar\n",
                 "[extensions]\n\tworktreeConfig = true\n\tfoo = bar\n", 0},
                {"fsmonitor\n", "fsmonitor\n", 0}, /* no section: "fsmonitor", not core's */
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *out = NULL;
                _cleanup_strv_free_ char **keys = NULL;
                size_t n = 0;
                print_message("strip bytes %zu\n", i);
                assert_int_equal(
                        git_audit_config_strip(cases[i].in, strlen(cases[i].in), &out, &n, &keys, NULL),
                        cases[i].removed);
                assert_string_equal(out, cases[i].out);
                assert_int_equal(n, strlen(cases[i].out));
        }
}

static void test_values_never_shown(void **state) {
        (void) state;
        static const char text[] = "[core]\n\teditor = SECRET\n\tpager = \"SECRET\"\n"
                                   "[alias]\n\tx = !SECRET\n[credential \"https://h\"]\n\thelper = SECRET\n";
        _cleanup_strv_free_ char **keys = NULL;
        size_t n = 0;

        assert_int_equal(git_audit_config(text, sizeof(text) - 1, &keys, NULL), 0);
        for (; keys[n]; n++)
                assert_null(strstr(keys[n], "SECRET"));
        assert_int_equal(n, 4);
}

static void test_key_is_flagged(void **state) {
        (void) state;
        /* The value only matters to alias, pager and submodule update. */
        assert_true(git_audit_key_is_flagged("core.editor", NULL));
        assert_true(git_audit_key_is_flagged("core.editor", "vim"));
        assert_false(git_audit_key_is_flagged("CORE.Editor", "vim")); /* git compares exactly */
        assert_true(git_audit_key_is_flagged("alias.St", "!sh"));
        assert_false(git_audit_key_is_flagged("core.editorx", "vim"));
        assert_false(git_audit_key_is_flagged("core", NULL));
        assert_false(git_audit_key_is_flagged("", NULL));
        assert_false(git_audit_key_is_flagged(".", NULL));
        assert_true(git_audit_key_is_flagged("alias.x", "!sh"));
        assert_false(git_audit_key_is_flagged("alias.x", "status"));
        assert_false(git_audit_key_is_flagged("alias.x", NULL));
        assert_true(git_audit_key_is_flagged("pager.log", "less"));
        assert_false(git_audit_key_is_flagged("pager.log", "no"));
        assert_false(git_audit_key_is_flagged("pager.log", NULL));
        assert_true(git_audit_key_is_flagged("pager.log", "-9223372036854775808"));
        assert_true(git_audit_key_is_flagged("lfs.customtransfer.a.b.path", "x"));
        assert_false(git_audit_key_is_flagged("lfs.custom.path", "x"));
        assert_false(git_audit_key_is_flagged("lfs.path", "x"));
}

/* core.worktree, with a place: the path git's setup would make of it,
 * as the place's judge is asked about it; flagged where the judge says
 * it leaves the tree (here: /w/super and below). */
static const char *asked;
static bool in_super(void *ctx, const char *path, const char *value) {
        (void) ctx;
        assert_non_null(value);
        free((char *) asked);
        asked = strdup(path);
        return strncmp(path, "/w/super", 8) == 0 && (path[8] == 0 || path[8] == '/');
}

static bool worktree_flagged(const char *gitdir, const char *value) {
        const GitAuditPlace place = {.gitdir = gitdir, .inside = in_super};
        _cleanup_free_ char *text = NULL, *out = NULL;
        _cleanup_strv_free_ char **keys = NULL;
        size_t n = 0;
        assert_true(asprintf(&text, "[core]\n\tbare = false\n\tworktree%s%s\n[user]\n\tname = x\n",
                             value ? " = " : "", value ? value : "") > 0);
        int k = git_audit_config_strip_at(text, strlen(text), &place, &out, &n, &keys, NULL);
        assert_true(k >= 0);
        /* Taken out as a whole line, every other entry kept. */
        if (k == 1) {
                assert_string_equal(keys[0], "core.worktree");
                assert_string_equal(out, "[core]\n\tbare = false\n[user]\n\tname = x\n");
        } else
                assert_string_equal(out, text);
        return k == 1;
}

static void test_worktree_place(void **state) {
        (void) state;
        /* What git submodule writes: the submodule's own worktree. */
        assert_false(worktree_flagged("/w/super/.git/modules/lib", "../../../lib"));
        assert_string_equal(asked, "/w/super/lib");
        assert_false(worktree_flagged("/w/super/.git/modules/a/modules/b", "../../../../../a/b"));
        assert_string_equal(asked, "/w/super/a/b");
        assert_false(worktree_flagged("/w/super/.git", ".."));
        assert_false(worktree_flagged("/w/super/.git", "/w/super/./sub/"));
        assert_string_equal(asked, "/w/super/sub");
        /* Out of the tree: absolute, relative, or back out through "..". */
        assert_true(worktree_flagged("/w/super/.git", "/root"));
        assert_true(worktree_flagged("/w/super/.git", "../../other"));
        assert_string_equal(asked, "/w/other");
        assert_true(worktree_flagged("/w/super/.git", "../sub/../../superx"));
        assert_string_equal(asked, "/w/superx");
        assert_true(worktree_flagged("/w/super/.git", "../../../../../../.."));
        assert_string_equal(asked, "/");
        assert_true(worktree_flagged("/w/super/.git", NULL)); /* no value: git refuses it anyway */
        free((char *) asked);
        asked = NULL;
        /* Without a place core.worktree is not flagged (nothing to judge it by). */
        const char text[] = "[core]\n\tworktree = /root\n";
        _cleanup_free_ char *out = NULL;
        _cleanup_strv_free_ char **keys = NULL;
        size_t n = 0;
        assert_int_equal(git_audit_config_strip(text, sizeof text - 1, &out, &n, &keys, NULL), 0);
        assert_false(git_audit_key_is_flagged("core.worktree", "/root"));
}

static void test_big_file(void **state) {
        (void) state;
        /* Many entries, a long value and a long subsection: the buffers
         * grow, and the count of keys is bounded by the count of lines. */
        size_t n = 200000;
        _cleanup_free_ char *text = malloc(n + 64);
        assert_non_null(text);
        size_t len = (size_t) sprintf(text, "[filter \"");
        memset(text + len, 'x', 70000), len += 70000;
        len += (size_t) sprintf(text + len, "\"]\n\tclean = ");
        memset(text + len, 'y', n - len), len = n;
        len += (size_t) sprintf(text + len, "\n[alias]\n\ta = !b\n");

        _cleanup_strv_free_ char **keys = NULL;
        assert_int_equal(git_audit_config(text, len, &keys, NULL), 0);
        assert_non_null(keys[0]);
        assert_int_equal(strlen(keys[0]), strlen("filter..clean") + 70000);
        assert_string_equal(keys[1], "alias.a");
        assert_null(keys[2]);
}

static void test_hook_samples(void **state) {
        (void) state;
        /* What git 2.39's "git init" puts in hooks/, and the one 2.40 added. */
        static const char *const samples[] = {
                "applypatch-msg.sample",   "commit-msg.sample",         "fsmonitor-watchman.sample",
                "post-update.sample",      "pre-applypatch.sample",     "pre-commit.sample",
                "pre-merge-commit.sample", "pre-push.sample",           "pre-rebase.sample",
                "pre-receive.sample",      "prepare-commit-msg.sample", "push-to-checkout.sample",
                "update.sample",           "sendemail-validate.sample",
        };
        for (size_t i = 0; i < ELEMENTSOF(samples); i++)
                assert_true(git_audit_hook_is_sample(samples[i]));

        static const char *const hooks[] = {
                "pre-commit",
                "post-checkout",
                "pre-commit.sample.bak",
                "Pre-commit.sample",
                "pre-commit.SAMPLE",
                ".sample",
                "",
                "hooks/pre-commit.sample",
                "pre-commit.sample ",
                "post-checkout.sample",
        };
        for (size_t i = 0; i < ELEMENTSOF(hooks); i++)
                assert_false(git_audit_hook_is_sample(hooks[i]));
}

/* git-lfs's hooks, known by their whole content: 3.3's echo form (what
 * Debian 12 installs), 3.4's printf form (in English and translated), and
 * 2.x's; then each with one thing changed that makes it another program. */
#define LFS_HEAD "#!/bin/sh\ncommand -v git-lfs >/dev/null 2>&1 || { "
#define LFS_ECHO(h)                                                                                         \
        LFS_HEAD "echo >&2 \"\\nThis repository is configured for Git LFS but 'git-lfs' was not found on "  \
                 "your "                                                                                    \
                 "path. If you no longer wish to use Git LFS, remove this hook by deleting '.git/hooks/" h  \
                 "'.\\n\"; "                                                                                \
                 "exit 2; }\ngit lfs " h " \"$@\"\n"
#define LFS_PRINTF(h, msg)                                                                                  \
        LFS_HEAD "printf >&2 \"\\n%s\\n\\n\" \"" msg "\"; exit 2; }\ngit lfs " h " \"$@\"\n"

static void test_hook_lfs(void **state) {
        (void) state;
        static const struct {
                const char *name, *s;
                bool lfs;
        } cases[] = {
                {"post-checkout", LFS_ECHO("post-checkout"), true},
                {"post-commit", LFS_ECHO("post-commit"), true},
                {"post-merge", LFS_ECHO("post-merge"), true},
                {"pre-push", LFS_ECHO("pre-push"), true},
                {"pre-push",
                 LFS_PRINTF("pre-push",
                            "This repository is configured for Git LFS but 'git-lfs' was not found on your "
                            "path. If you no longer wish to use Git LFS, remove this hook by deleting "
                            "the 'pre-push' file in the hooks directory (set by 'core.hookspath'; "
                            "usually '.git/hooks')."),
                 true},
                {"post-commit",
                 LFS_PRINTF("post-commit",
                            "Este repositorio está configurado para Git LFS pero 'git-lfs' no se "
                            "encontró en tu PATH."),
                 true},
                {"pre-push",
                 LFS_HEAD
                 "echo >&2 \"\\nThis repository is configured for Git LFS but 'git-lfs' was not found on "
                 "your path. If you no longer wish to use Git LFS, remove this hook by deleting "
                 ".git/hooks/pre-push.\\n\"; exit 2; }\ngit lfs pre-push \"$@\"",
                 true},
                /* the name is not git-lfs's, or not this hook's */
                {"pre-commit", LFS_ECHO("pre-commit"), false},
                {"pre-push", LFS_ECHO("post-checkout"), false},
                /* a message the shell expands: it runs whenever git-lfs is not on PATH */
                {"pre-push", LFS_PRINTF("pre-push", "$(cat .env)"), false},
                {"pre-push", LFS_PRINTF("pre-push", "`cat .env`"), false},
                {"pre-push", LFS_PRINTF("pre-push", "a\\\" ; cat .env ; echo \\\""), false},
                {"pre-push", LFS_PRINTF("pre-push", "a\" ; cat .env ; echo \""), false},
                /* another line, another command, another interpreter */
                {"pre-push", LFS_ECHO("pre-push") "cat .env\n", false},
                {"pre-push", LFS_ECHO("pre-push") "\n", false},
                {"pre-push", LFS_HEAD "echo >&2 \"x\"; exit 2; }\ngit lfs pre-push \"$@\"; cat .env\n",
                 false},
                {"pre-push", LFS_HEAD "echo >&2 \"x\"; exit 2; }\ngit lfs pre-push \"$@\" .env\n", false},
                {"pre-push",
                 "#!/bin/bash\ncommand -v git-lfs >/dev/null 2>&1 || { echo >&2 \"x\"; exit 2; }\n"
                 "git lfs pre-push \"$@\"\n",
                 false},
                {"pre-push", LFS_HEAD "echo >&2 \"x\"; exit 2; }\r\ngit lfs pre-push \"$@\"\n", false},
                {"pre-push", "", false},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++)
                if (git_audit_hook_is_lfs(cases[i].name, cases[i].s, strlen(cases[i].s)) != cases[i].lfs)
                        fail_msg("case %zu (%s): git_audit_hook_is_lfs is %s", i, cases[i].name,
                                 cases[i].lfs ? "false" : "true");
        /* a NUL inside: the bytes after it are the file's too */
        static const char nul[] = LFS_ECHO("pre-push") "\0cat .env\n";
        assert_false(git_audit_hook_is_lfs("pre-push", nul, sizeof nul - 1));
}

/* The hooks this machine's git-lfs installs (git lfs install --local),
 * each known as git-lfs's. */
static void test_hook_lfs_installed(void **state) {
        (void) state;
        char dir[] = "/tmp/pp-lfs-hooks-XXXXXX", cmd[512];
        if (system("git lfs version >/dev/null 2>&1") != 0)
                SKIP_UNLESS_CI("git-lfs is not installed\n");
        assert_non_null(mkdtemp(dir));
        snprintf(cmd, sizeof cmd, "git init -q %s && cd %s && git lfs install --local >/dev/null", dir, dir);
        assert_int_equal(system(cmd), 0);
        static const char *const hooks[] = {"post-checkout", "post-commit", "post-merge", "pre-push"};
        for (size_t i = 0; i < ELEMENTSOF(hooks); i++) {
                char path[256], buf[4096];
                snprintf(path, sizeof path, "%s/.git/hooks/%s", dir, hooks[i]);
                FILE *f = fopen(path, "re");
                assert_non_null(f);
                size_t n = fread(buf, 1, sizeof buf, f);
                fclose(f);
                if (!git_audit_hook_is_lfs(hooks[i], buf, n))
                        fail_msg("%s, as this git-lfs writes it, is not known as git-lfs's:\n%.*s", hooks[i],
                                 (int) n, buf);
        }
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        assert_int_equal(system(cmd), 0);
}

/* A key's boolean as git reads it: the last value wins; a bare key, yes,
 * on, true and an int not 0 are true; absent is 0; a value git dies on,
 * or a file it cannot parse, -EINVAL, *ret untouched. */
static void test_config_bool(void **state) {
        (void) state;
        static const struct {
                const char *text;
                int r;
                bool v;
        } cases[] = {
                {"[core]\n\tsparseCheckout = true\n", 1, true},
                {"[core]\n\tsparsecheckout\n", 1, true},
                {"[Core]\nSparseCheckout = on\n[core]\n\tsparseCheckout = false\n", 1, false},
                {"[core]\n\tsparseCheckout = 0\n", 1, false},
                {"[core]\n\tsparseCheckout = 2\n", 1, true},
                {"[core]\n\tsparseCheckout =\n", 1, false},
                {"[core]\n\tsparseCheckout = No\n", 1, false},
                {"[core]\n\tbare = true\n[core \"x\"]\n\tsparseCheckout = true\n", 0, false},
                {"[core]\n\tsparseCheckout = maybe\n", -EINVAL, false},
                {"[core\n\tsparseCheckout = true\n", -EINVAL, false},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                bool v = !cases[i].v;
                int r = git_config_bool(cases[i].text, strlen(cases[i].text), "core.sparsecheckout", &v);
                assert_int_equal(r, cases[i].r);
                if (r > 0)
                        assert_int_equal(v, cases[i].v);
                else
                        assert_int_equal(v, !cases[i].v);
        }
}

static void test_strv_free_null(void **state) {
        (void) state;
        strv_free(NULL);
}

/* ---- the oracle: git itself ---- */

static char oracle_dir[] = "/tmp/test-git-audit-XXXXXX";

/* git config -f FILE --list -z, with no other config in sight. Returns
 * git's exit status; *ret_out gets its stdout, *ret_err its stderr. */
static int run_git_config(const char *file, char **ret_out, size_t *ret_out_len, char **ret_err) {
        _cleanup_free_ char *err_path = NULL;
        int pipefd[2];

        assert_true(asprintf(&err_path, "%s/stderr", oracle_dir) > 0);
        assert_int_equal(pipe2(pipefd, O_CLOEXEC), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
                if (fd < 0 || dup2(pipefd[1], 1) < 0 || dup2(fd, 2) < 0 || chdir(oracle_dir) < 0)
                        _exit(127);
                setenv("HOME", oracle_dir, 1);
                setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
                setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
                setenv("LC_ALL", "C", 1);
                setenv("LANGUAGE", "C", 1);
                execlp("git", "git", "config", "-f", file, "--list", "-z", (char *) NULL);
                _exit(127);
        }
        close(pipefd[1]);

        char *out = NULL;
        size_t len = 0, size = 0;
        for (;;) {
                if (len + 4096 > size) {
                        size = size ? size * 2 : 65536;
                        out = realloc(out, size + 1);
                        assert_non_null(out);
                }
                ssize_t k = read(pipefd[0], out + len, size - len);
                if (k < 0 && errno == EINTR)
                        continue;
                assert_true(k >= 0);
                if (k == 0)
                        break;
                len += (size_t) k;
        }
        out[len] = 0;
        close(pipefd[0]);

        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        size_t err_len;
        assert_int_equal(read_full_file(err_path, 1 << 20, ret_err, &err_len), 0);
        *ret_out = out;
        *ret_out_len = len;
        return WEXITSTATUS(status);
}

/* git's entries of a file (git config --list -z: "name\nvalue\0", or
 * "name\0") but those git_audit_config_strip takes out, into buf. */
static size_t kept_entries(const char *out, size_t out_len, char *buf) {
        size_t n = 0;
        for (size_t pos = 0; pos < out_len;) {
                const char *entry = out + pos;
                size_t elen = strlen(entry);
                _cleanup_free_ char *name = strndup(entry, strcspn(entry, "\n"));
                const char *nl = strchr(entry, '\n');
                assert_non_null(name);
                if (!git_audit_key_is_flagged(name, nl ? nl + 1 : NULL) || !git_audit_key_is_removed(name)) {
                        memcpy(buf + n, entry, elen + 1);
                        n += elen + 1;
                }
                pos += elen + 1;
        }
        return n;
}

/* The stripped file, read by git: every entry of the original but those
 * taken out, byte for byte and in order. */
static void oracle_strip(const Case *c, const char *file, const char *out, size_t out_len) {
        _cleanup_free_ char *stripped = NULL, *sout = NULL, *serr = NULL, *want = malloc(out_len + 1);
        _cleanup_strv_free_ char **keys = NULL;
        size_t n = 0, sout_len = 0;
        assert_non_null(want);
        assert_true(git_audit_config_strip(c->text, c->len, &stripped, &n, &keys, NULL) >= 0);
        {
                _cleanup_close_ int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
                assert_true(fd >= 0);
                assert_int_equal(write(fd, stripped, n), (ssize_t) n);
        }
        assert_int_equal(run_git_config(file, &sout, &sout_len, &serr), 0);
        size_t want_len = kept_entries(out, out_len, want);
        assert_int_equal(sout_len, want_len);
        assert_memory_equal(sout, want, want_len);
}

static void oracle_case(const Case *c) {
        _cleanup_free_ char *file = NULL, *out = NULL, *err = NULL;
        size_t out_len;

        assert_true(asprintf(&file, "%s/config", oracle_dir) > 0);
        {
                _cleanup_close_ int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
                assert_true(fd >= 0);
                assert_int_equal(write(fd, c->text, c->len), (ssize_t) c->len);
        }
        int status = run_git_config(file, &out, &out_len, &err);

        _cleanup_strv_free_ char **keys = NULL;
        size_t line = 0;
        int r = git_audit_config(c->text, c->len, &keys, &line);

        if (status != 0) {
                /* "fatal: bad config line N in file F" */
                const char *p = strstr(err, "bad config line ");
                if (!p)
                        print_error("git said: %s\n", err);
                assert_non_null(p);
                size_t git_line = strtoul(p + strlen("bad config line "), NULL, 10);
                assert_int_equal(r, -EINVAL);
                assert_int_equal(line, git_line);
                /* And the fixture says the same. */
                assert_null(c->keys);
                assert_int_equal(c->line, git_line);
                return;
        }
        if (r < 0)
                print_error("git read it, we refused at line %zu\n", line);
        assert_int_equal(r, 0);
        assert_non_null(c->keys);
        oracle_strip(c, file, out, out_len);

        /* git's entries: "name\nvalue\0", or "name\0" for a bare key. */
        size_t n = 0;
        for (size_t pos = 0; pos < out_len;) {
                char *entry = out + pos;
                size_t elen = strlen(entry);
                char *nl = strchr(entry, '\n');
                const char *value = NULL;
                if (nl) {
                        *nl = 0;
                        value = nl + 1;
                }
                pos += elen + 1;
                if (!git_audit_key_is_flagged(entry, value))
                        continue;
                bool seen = false;
                for (size_t i = 0; i < n; i++)
                        seen = seen || streq(keys[i], entry);
                if (seen)
                        continue;
                assert_non_null(keys[n]);
                assert_string_equal(keys[n], entry);
                assert_non_null(c->keys[n]);
                assert_string_equal(c->keys[n], entry);
                n++;
        }
        assert_null(keys[n]);
        assert_null(c->keys[n]);
}

static void oracle_cases(const Case *cases, size_t n) {
        for (size_t i = 0; i < n; i++) {
                _cleanup_free_ char *shown = escape_for_display(cases[i].text);
                print_message("case %zu: %s\n", i, shown ? shown : "?");
                oracle_case(&cases[i]);
        }
}

static void test_oracle_every_key(void **state) {
        (void) state;
        oracle_cases(every_key, ELEMENTSOF(every_key));
}

static void test_oracle_spellings(void **state) {
        (void) state;
        oracle_cases(spellings, ELEMENTSOF(spellings));
}

static void test_oracle_harmless(void **state) {
        (void) state;
        oracle_cases(harmless, ELEMENTSOF(harmless));
}

static void test_oracle_refused(void **state) {
        (void) state;
        oracle_cases(refused, ELEMENTSOF(refused));
}

static void test_oracle_more(void **state) {
        (void) state;
        oracle_cases(oracle_only, ELEMENTSOF(oracle_only));
}

static int oracle(void) {
        if (system("git --version >/dev/null 2>&1") != 0) {
                printf("SKIP: git is not installed\n");
                return 77;
        }
        if (system("git --version") != 0)
                return 1;
        if (!mkdtemp(oracle_dir)) {
                perror("mkdtemp");
                return 1;
        }
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_oracle_every_key), cmocka_unit_test(test_oracle_spellings),
                cmocka_unit_test(test_oracle_harmless),  cmocka_unit_test(test_oracle_refused),
                cmocka_unit_test(test_oracle_more),
        };
        int r = RUN(tests);
        _cleanup_free_ char *cmd = NULL;
        if (asprintf(&cmd, "rm -rf '%s'", oracle_dir) > 0 && system(cmd) != 0)
                fprintf(stderr, "could not remove %s\n", oracle_dir);
        return r;
}

int main(int argc, char **argv) {
        if (argc > 1 && streq(argv[1], "oracle"))
                return oracle();

        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_every_key),          cmocka_unit_test(test_spellings),
                cmocka_unit_test(test_harmless),           cmocka_unit_test(test_refused),
                cmocka_unit_test(test_values_never_shown), cmocka_unit_test(test_key_is_flagged),
                cmocka_unit_test(test_big_file),           cmocka_unit_test(test_hook_samples),
                cmocka_unit_test(test_hook_lfs),           cmocka_unit_test(test_hook_lfs_installed),
                cmocka_unit_test(test_strv_free_null),     cmocka_unit_test(test_config_bool),
                cmocka_unit_test(test_strip_cases),        cmocka_unit_test(test_strip_bytes),
                cmocka_unit_test(test_worktree_place),
        };
        return RUN(tests);
}
