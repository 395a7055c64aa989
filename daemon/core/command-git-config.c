/* SPDX-License-Identifier: MIT */
/*
 * What git runs (command-internal.h): config keys whose value is a
 * command, git config of one, and the options that name a program a
 * transport runs (--upload-pack, rebase -x). It must not lex, nor read the
 * history: the boot's record says what it holds (CommandPolicy.held).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command-internal.h"
#include "util.h"

bool git_key_runs(const char *key) {
        static const char *const last[] = {"fsmonitor",  "pager",
                                           "editor",     "sshcommand",
                                           "askpass",    "hookspath",
                                           "gitproxy",   "external",
                                           "program",    "helper",
                                           "command",    "textconv",
                                           "clean",      "smudge",
                                           "process",    "driver",
                                           "difffilter", "packobjectshook",
                                           "cmd",        "receivepack",
                                           "uploadpack", "alternaterefscommand",
                                           "path",       "tunnel",
                                           "httpd",      "smtpserver",
                                           "vcs",        "update",
                                           NULL};
        const char *dot = strrchr(key, '.');
        if (strncasecmp(key, "alias.", 6) == 0 || strncasecmp(key, "pager.", 6) == 0)
                return true;
        for (const char *const *l = last; dot && *l; l++)
                if (strcasecmp(dot + 1, *l) == 0)
                        return true;
        /* and any last part ending in one: gpg.ssh.defaultKeyCommand */
        static const char *const ends[] = {"command", "cmd", "program", NULL};
        for (const char *const *l = ends; dot && *l; l++) {
                size_t n = strlen(dot + 1), e = strlen(*l);
                if (n > e && strcasecmp(dot + 1 + n - e, *l) == 0)
                        return true;
        }
        return false;
}

/* Keys whose value lets git run what the rule cannot read, whatever the
 * history holds: hooks from a directory of the agent's (git hook run
 * runs them with .git read-only), the ext:: transport allowed (a URL that
 * url.<base>.insteadOf rewrites to ext::sh -c ... then runs it). NULL: the
 * key is none of them. */
static const char *runs_unread(const char *key, const char *value) {
        if (strcasecmp(key, "core.hookspath") == 0 && value[0] && !streq(value, "/dev/null"))
                return "git runs the hooks of that directory, which the rule cannot read";
        if ((strcasecmp(key, "protocol.ext.allow") == 0 || strcasecmp(key, "protocol.allow") == 0) &&
            strcasecmp(value, "never") != 0)
                return "it lets git run an ext:: transport's command, which a URL rewrite can make";
        return NULL;
}

int git_config_judge(Judge *j, const char *key, const char *value) {
        /* keys that turn a command the rule allows into a reader: a
         * pathspec followed through renames, a misspelt subcommand run as
         * the one it is near, a stash shown as a patch */
        static const char *const readers[] = {"log.follow", "help.autocorrect", "stash.showpatch", NULL};
        bool reader = false;
        const char *unread = runs_unread(key, value);
        if (unread) {
                judge_name_all(j);
                return judge_refuse(j, "git config %.100s: %s", key, unread);
        }
        if (git_key_reaches(key) && judge_held(j)) {
                judge_mark_held(j);
                return judge_refuse(
                        j,
                        "git config %.100s: an alias, a transport or a URL git rewrites, and the "
                        "history holds a masked entry",
                        key);
        }
        for (const char *const *r = readers; *r && !reader; r++)
                reader = strcasecmp(key, *r) == 0;
        if (reader && judge_held(j)) {
                judge_mark_held(j);
                return judge_refuse(j,
                                    "git config %.100s makes git read or run more, and the history holds a "
                                    "masked entry",
                                    key);
        }
        if (strncasecmp(key, "include.", 8) == 0 || strncasecmp(key, "includeif.", 10) == 0) {
                /* a file of config the rule cannot read: an alias, a pager */
                judge_name_all(j);
                return judge_refuse(j, "git config %.100s takes config from a file the rule cannot read",
                                    key);
        }
        /* a file git reads and may print (check-attr prints an attributes
         * file's words, check-ignore -v an exclude file's lines): as cat's */
        static const char *const files[] = {"core.attributesfile",  "core.excludesfile",
                                            "blame.ignorerevsfile", "commit.template",
                                            "mailmap.file",         NULL};
        for (const char *const *f = files; *f; f++)
                if (strcasecmp(key, *f) == 0) {
                        _cleanup_free_ char *cat = git_shell_line("cat --", &value, 1);
                        if (!cat)
                                return -ENOMEM;
                        char what[160];
                        snprintf(what, sizeof what, "git config %.100s, a file git reads", key);
                        return programs_reread(j, what, cat, strlen(cat));
                }
        /* init.templateDir: a directory git init and clone copy whole into
         * the new .git (.git's objects with it), as cp -r's */
        if (strcasecmp(key, "init.templatedir") == 0) {
                _cleanup_free_ char *cp = git_shell_line("cp -r --", &value, 1), *line = NULL;
                if (!cp || asprintf(&line, "%s /tmp/template", cp) < 0)
                        return -ENOMEM;
                return programs_reread(j, "git config init.templateDir, a directory git copies", line,
                                       strlen(line));
        }
        if (!git_key_runs(key))
                return 0;
        const char *v = value[0] == '!' ? value + 1 : value;
        char what[160];
        snprintf(what, sizeof what, "git config %.100s, which git runs", key);
        int r = programs_reread(j, what, v, strlen(v));
        if (r != 0 || strncasecmp(key, "alias.", 6) != 0 || value[0] == '!')
                return r;
        /* an alias without '!': a git command line */
        _cleanup_free_ char *g = malloc(strlen(value) + 5);
        if (!g)
                return -ENOMEM;
        sprintf(g, "git %s", value);
        return programs_reread(j, what, g, strlen(g));
}

/* git config [options] KEY VALUE, git config set KEY VALUE. */
int git_config_command(Judge *j, const ShellWord *const *w, size_t n) {
        static const char *const with_arg[] = {"-f",        "--file",    "--blob",  "--type",
                                               "--default", "--comment", "--value", NULL};
        const char *operands[3] = {0};
        char bufs[3][1024], buf[256];
        size_t m = 0;
        for (size_t k = 0; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                bool opt = a && a[0] == '-';
                bool arg = false;
                for (const char *const *l = with_arg; opt && *l && !arg; l++)
                        arg = streq(a, *l);
                if (arg) {
                        k++;
                        continue;
                }
                if (opt)
                        continue;
                _cleanup_free_ char *t = programs_word_text(w[k]);
                if (!t)
                        return -ENOMEM;
                if (m == 0 && (streq(t, "set") || streq(t, "add")))
                        continue;
                if (m < 3)
                        snprintf(bufs[m], sizeof bufs[m], "%s", t), operands[m] = bufs[m], m++;
        }
        /* an option not spelled whole (--fil F) may have taken a key for its value */
        for (size_t i = 0; i + 1 < m && judge_held(j); i++) /* a key with a value: a write */
                if (git_key_reaches(operands[i]))
                        return git_config_judge(j, operands[i], operands[i + 1]);
        return m >= 2 ? git_config_judge(j, operands[0], operands[1]) : 0;
}

/* --upload-pack, --receive-pack, --exec (and ls-remote's and clone's -u):
 * a command git runs, judged as a line; any of a transport's, when the
 * history holds a masked entry (a script of it is not seen). */
static bool in_runs(const char *name) {
        return streq(name, "upload-pack") || streq(name, "receive-pack") || streq(name, "exec");
}

/* git clone -c KEY=VALUE (--config, -qcKEY=VALUE): config set in the new
 * repository before it fetches and checks out, judged as git -c's. w[k]
 * is an option of clone's, as written. */
static int clone_config(Judge *j, const char *sub, const ShellWord *const *w, size_t n, size_t k) {
        char buf[1024];
        const char *a = programs_plain(w[k], buf, sizeof buf), *kv = NULL;
        if (!streq(sub, "clone") || !a)
                return 0;
        if (strncmp(a, "--config=", 9) == 0)
                kv = a + 9;
        else if (a[1] != '-' && a[1 + strspn(a + 1, "qvnls46")] == 'c')
                kv = a + 2 + strspn(a + 1, "qvnls46");
        else if (!(a[1] == '-' && a[2] && strncmp("--config", a, strlen(a)) == 0))
                return 0;
        _cleanup_free_ char *t = NULL;
        if (!kv || !*kv) { /* the next word */
                if (k + 1 >= n)
                        return 0;
                if (!(t = programs_word_text(w[k + 1])))
                        return -ENOMEM;
                kv = t;
        }
        _cleanup_free_ char *key = strdup(kv);
        if (!key)
                return -ENOMEM;
        char *eq = strchr(key, '=');
        if (eq)
                *eq = 0;
        return git_config_judge(j, key, eq ? eq + 1 : "");
}

int git_runs_program(Judge *j, const char *sub, const ShellWord *const *w, size_t n) {
        static const char *const runs[] = {"--upload-pack", "--receive-pack", "--exec", NULL};
        bool u = streq(sub, "ls-remote") || streq(sub, "clone");
        bool transport = u || streq(sub, "fetch") || streq(sub, "pull") || streq(sub, "push") ||
                         streq(sub, "archive") || streq(sub, "send-pack") || streq(sub, "fetch-pack");
        char buf[1024];
        int r;
        for (size_t k = 0; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (!a || a[0] != '-')
                        continue;
                if (streq(a, "--"))
                        break;
                if ((r = clone_config(j, sub, w, n, k)) != 0)
                        return r;
                const char *value = NULL, *full[8];
                bool next = false;
                char canon[1100];
                for (size_t i = 0, m = git_long_expand(a, full, 8); i < m; i++)
                        if (in_runs(full[i])) { /* --upload-pa=X: --upload-pack=X */
                                snprintf(canon, sizeof canon, "--%s%s", full[i],
                                         strchr(a, '=') ? strchr(a, '=') : "");
                                a = canon;
                                break;
                        }
                for (const char *const *l = runs; *l && !value && !next; l++) {
                        size_t len = strlen(*l);
                        if (strncmp(a, *l, len) == 0 && a[len] == '=')
                                value = a + len + 1;
                        next = streq(a, *l);
                }
                next = next || (u && streq(a, "-u"));
                if (u && !value && !next && a[1] == 'u' && a[2])
                        value = a + 2;
                /* rebase's -x CMD (-qx CMD, -xCMD): --exec's short form */
                const char *x = streq(sub, "rebase") && a[1] != '-' ? strchr(a + 1, 'x') : NULL;
                if (x && !value && !next) {
                        value = x[1] ? x + 1 : NULL;
                        next = !x[1];
                }
                _cleanup_free_ char *t = NULL;
                if (next && k + 1 < n) {
                        if (!(t = programs_word_text(w[k + 1])))
                                return -ENOMEM;
                        value = t;
                }
                if (!value && !next)
                        continue;
                if (judge_held(j) && transport) {
                        judge_mark_held(j);
                        return judge_refuse(
                                j, "git %s %s runs a program, and the history holds a masked entry", sub, a);
                }
                r = value ? programs_reread(j, "a program git runs", value, strlen(value)) : 0;
                if (r != 0)
                        return r;
        }
        return 0;
}
