/* SPDX-License-Identifier: MIT */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/*
 * An audit of what a protected git directory froze: a coding agent may write
 * a repository's config and hooks before the daemon makes them read-only, so
 * when protection lands we list the config keys that make git run a program
 * or read more config, and the hooks that are not git's own samples.
 *
 * The config reader is small and strict. It follows git 2.39's own parser
 * (config.c: git_parse_source, get_base_var, get_extended_base_var,
 * get_value, parse_value) byte for byte, so it names each variable exactly
 * as git would ("section.subsection.key", section and key lower-cased,
 * subsection as written, a legacy [section.sub] lower-cased whole), refuses
 * what git refuses and reports the line git would report. It never guesses:
 * a file git cannot read is an error here too, and that is itself worth a
 * warning.
 *
 * Flagged keys. "*" is any subsection, "[.*]" an optional one. Section and
 * key are case-insensitive in the file; the parser lower-cases them and git
 * then compares names exactly, and so does the audit.
 *
 *   core.fsmonitor                a hook program (or git's fsmonitor daemon)
 *   core.hooksPath                hooks from anywhere, not the frozen hooks/
 *   core.sshCommand               the ssh command for every ssh transport
 *   core.gitProxy                 a proxy command for git:// connections
 *   core.editor, sequence.editor  run for commit messages, rebase todo lists
 *   core.pager                    run for every paged command
 *   core.askPass                  run to prompt for credentials
 *   core.alternateRefsCommand     run to list an alternate's refs
 *   credential[.*].helper         a credential helper: a program
 *   filter.*.clean/smudge/process run on checkout, add, status
 *   diff.*.textconv, diff.*.command, diff.external   run by diff and log
 *   merge.*.driver                run by merge
 *   include.path, includeIf.*.path                   load more config
 *   extensions.worktreeConfig     loads config.worktree files as well
 *   remote.*.uploadpack/receivepack                  the program run at the
 *                                 other end, which for a local or ssh remote
 *                                 is here
 *   remote.*.vcs                  runs git-remote-<vcs>
 *   protocol[.*].allow            can allow ext::, a transport that is a
 *                                 shell command
 *   uploadpack.packObjectsHook    run instead of pack-objects
 *   gpg[.*].program, gpg.*.defaultKeyCommand         run to sign and verify
 *   alias[.*].* starting with "!" a shell command (after git's value parsing:
 *                                 quotes removed, leading blanks skipped)
 *   pager[.*].* that is not a boolean                 a pager command for
 *                                 one git command
 *   submodule.*.update starting with "!"             a shell command run by
 *                                 "git submodule update"
 *   difftool.*.cmd/path, mergetool.*.cmd/path        tool commands
 *   man.*.cmd/path, browser.*.cmd/path               run by "git help" and
 *                                 "git web--browse"
 *   guitool.*.cmd                 run from git gui
 *   trailer.*.cmd/command         run by interpret-trailers (commit --trailer)
 *   tar.*.command                 the filter "git archive" pipes through
 *   interactive.diffFilter        run by "add -p"
 *   imap.tunnel                   run by imap-send
 *   instaweb.httpd                run by instaweb
 *   init.templateDir              hooks copied in by a "git init" re-run
 *   sendemail[.*].sendmailCmd/smtpServer/toCmd/ccCmd/headerCmd
 *                                 programs run by send-email (smtpServer may
 *                                 be a path to a sendmail-like program)
 *   svn.authorsProg, svn-remote.*.authorsProg        run by git svn
 *   hook.*.command                a hook defined in config (newer gits than
 *                                 2.39; a frozen repository outlives its git)
 *   lfs.customtransfer.*.path, lfs.extension.*.clean/smudge
 *                                 not git's but git-lfs's, run from git's
 *                                 filters when git-lfs is installed
 *   core.worktree                 only with a place (git_audit_config_strip_at),
 *                                 where its worktree leaves the checkout's tree
 *   url.*.insteadOf/pushInsteadOf whose subsection is a local repository
 *                                 (a path, file://): a fetch or push of any
 *                                 URL it rewrites runs that repository's
 *                                 hooks and config, which nothing here
 *                                 protects (a bare one in the workspace), on
 *                                 the host too, while remote.*.url still
 *                                 reads as the real URL
 *
 * Checked and not flagged: fetch.*, gc.* and maintenance.* (no program of
 * their own); diff.tool, merge.tool, man.viewer, web.browser, help.browser,
 * instaweb.browser (they only pick a tool by name, whose command is one of the
 * keys above); core.attributesFile, core.excludesFile, commit.template,
 * mailmap.file (files read as data); url.*.insteadOf to a remote URL, and
 * remote.*.url (an ext:: URL still needs protocol.ext.allow, flagged above;
 * a local remote.*.url is what git writes for every clone of a local
 * repository, and shows as it is: not flagged).
 */

/*
 * The flagged keys in a git config file's bytes, each as git names it, in
 * file order, each name once. Never the values.
 *
 * Returns 0 and sets *ret_keys to a NULL-terminated list (possibly empty;
 * free with strv_free()). Returns -EINVAL when git itself could not parse
 * the bytes, and then sets *ret_line (when not NULL) to the line git's
 * "bad config line N" names; -EFBIG past git's own limit (INT_MAX bytes);
 * -ENOMEM. *ret_keys is untouched on failure.
 */
int git_audit_config(const char *buf, size_t len, char ***ret_keys, size_t *ret_line);

/*
 * The file's bytes with every flagged entry taken out (but those
 * git_audit_key_is_removed() keeps), the way
 * "git config --unset" takes one out: the entry's line whole (its blanks,
 * its continuation lines, its line end), or only the entry where a
 * section header stands before it on the same line; every other byte kept
 * as it is. The result is parsed again and must hold every other entry,
 * in order, exactly as the file did.
 *
 * Returns the number of entries taken out (0: *ret holds the same bytes),
 * with *ret (malloc'd, NUL-terminated past *ret_len) and *ret_keys (the
 * names taken out, each once, as git_audit_config lists them). On failure
 * nothing is set: -EINVAL (and *ret_line) where git refuses the file,
 * -EFBIG, -EBADMSG when the result would not read as the rest of the file
 * did (never seen; nothing is to be written then), -ENOMEM.
 */
int git_audit_config_strip(const char *buf, size_t len, char **ret, size_t *ret_len, char ***ret_keys,
                           size_t *ret_line);

/*
 * Where a config file lies, for the one key whose danger depends on it:
 * core.worktree points git's worktree at any directory, and a person's
 * "git add -A" on the host in the kept checkout then stages what is there
 * (~/.ssh, another checkout's secrets). git writes it itself for a
 * submodule (".git/modules/X/config": "../../../X", the submodule's own
 * worktree), so it is flagged only where it leaves the checkout's tree:
 * resolved as git's setup resolves it (relative to the gitdir; "." and
 * ".." taken lexically here), then judged by inside(ctx, path, value), whose
 * caller knows the tree and the filesystem (a symlink on the way).
 */
typedef struct GitAuditPlace {
        const char *gitdir; /* absolute: the directory holding the file */
        bool (*inside)(void *ctx, const char *path, const char *value); /* value: as written */
        void *ctx;
} GitAuditPlace;

/* git_audit_config_strip, with core.worktree judged at place as well
 * (place NULL: as git_audit_config_strip). */
int git_audit_config_strip_at(const char *buf, size_t len, const GitAuditPlace *place, char **ret,
                              size_t *ret_len, char ***ret_keys, size_t *ret_line);

/* Whether git_audit_config_strip takes a flagged key out: every one but
 * extensions.worktreeConfig, which runs nothing itself; it makes git read
 * config.worktree too, and whoever strips a config strips that file as
 * well (the watcher does, in every gitdir and common dir it protects).
 * Taking it out would silently end a sparse checkout (git sparse-checkout
 * set, clone --sparse write it). */
bool git_audit_key_is_removed(const char *name);

/*
 * Whether one config entry is flagged: name spelled as git's parser spells
 * it (section and key lower-case; compared exactly, as git does), value NULL
 * for a bare key (git's boolean true). Only the alias.*, pager.* and
 * submodule.*.update rules read the value.
 */
bool git_audit_key_is_flagged(const char *name, const char *value);

/*
 * The last value of the key name (spelled as git's parser spells it) in a
 * config file's bytes, as git reads a boolean: 1 with it in *ret; 0 when
 * the key is not there; -EINVAL when git could not parse the file or the
 * value (git dies on either); -EFBIG, -ENOMEM. The file's includes are not
 * followed (git_audit_config() names include.path).
 */
int git_config_bool(const char *buf, size_t len, const char *name, bool *ret);
/* Whether name is one of the hook templates git installs into hooks/
 * ("pre-commit.sample" and the rest; git 2.39 and later). */
bool git_audit_hook_is_sample(const char *name);

/* Whether a hook (its file name, its n bytes) is one git-lfs installs:
 * post-checkout, post-commit, post-merge or pre-push holding git-lfs's
 * template for that name, as 2.x and 3.x write it (an echo or a printf of
 * a message, in any language, in which the shell expands nothing; then
 * "git lfs NAME"). Any other byte in the file and it is not. */
bool git_audit_hook_is_lfs(const char *name, const char *s, size_t n);
/* Whether name is one of the hooks git-lfs installs (its content then
 * decides, git_audit_hook_is_lfs()): no other name is worth a read. */
bool git_audit_hook_lfs_name(const char *name);

/* Free a NULL-terminated list of strings and the list; NULL is fine.
 * (The first list of strings in the core; move it to util.h when a second
 * user appears.) */
void strv_free(char **v);

static inline void strv_freep(char ***v) {
        strv_free(*v);
}
#define _cleanup_strv_free_ __attribute__((cleanup(strv_freep)))

/* The files of a gitdir the watcher protects in every nested checkout,
 * as entries relative to the gitdir, and those of a linked worktree's
 * common dir (a linked worktree's own config.worktree is git's to delete). */
extern const char *const git_metadata_protected[4];
extern const char *const git_common_metadata_protected[3];
