/* SPDX-License-Identifier: MIT */
/*
 * Names the line binds to another program (command-internal.h): hash -p
 * PATH NAME, and a link or copy it makes (ln -s /bin/cp X/ls, cp, install)
 * then runs by a path or through a PATH it changes: the command is judged
 * as the program the name now runs. It must not judge that command itself:
 * programs_judge_words does, with the program's name put back.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

static void rebound_add(Judge *j, const char *name, const char *program, bool any) {
        const char *slash = strrchr(name, '/');
        name = slash ? slash + 1 : name;
        if (!*name || strlen(name) >= sizeof j->rebound[0].name ||
            strlen(program) >= sizeof j->rebound[0].program)
                return;
        if (j->n_rebound == ELEMENTSOF(j->rebound)) {
                j->rebound_many = true;
                return;
        }
        Rebound *b = &j->rebound[j->n_rebound++];
        strcpy(b->name, name);
        strcpy(b->program, program);
        b->any = any;
}

/* Does the word stand for another text when it runs: a glob bash expands
 * (/usr/bin/g?t), an expansion, a substitution? */
static bool word_made(const ShellWord *w) {
        if (w->expansion || w->substitution)
                return true;
        for (size_t i = 0; i < w->n; i++)
                if (w->v[i].kind == SHELL_STAR || w->v[i].kind == SHELL_QMARK ||
                    w->v[i].kind == SHELL_CLASS || w->v[i].kind == SHELL_EXTGLOB ||
                    w->v[i].kind == SHELL_BOPEN)
                        return true;
        return false;
}

/* hash -p PATH NAME...: each NAME runs PATH, however it is run; a PATH
 * made when it runs (31z: hash -p /usr/bin/g?t x; x log -p) is a form
 * the rule does not follow. */
static void hash_names(Judge *j, const ShellWord *const *w, size_t n) {
        _cleanup_free_ char *path = NULL;
        size_t a = 1;
        for (; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (!t || t[0] != '-' || streq(t, "--")) {
                        a += t && streq(t, "--");
                        break;
                }
                const char *p = strchr(t + 1, 'p');
                if (p && (p[1] || a + 1 < n)) /* the last -p counts */
                        free(path);
                if (p && p[1])
                        path = strdup(p + 1);
                else if (p && a + 1 < n)
                        path = programs_word_text(w[++a]);
                if (p && word_made(w[a]))
                        j->rebound_unseen = true;
        }
        for (; path && a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (t)
                        rebound_add(j, t, path, true);
        }
}

/* The copiers' options as getopt reads them (cp --suffix .b, install
 * --mode 755, rsync -e ssh: a value, not an operand), and their backups:
 * -b, --backup[=CONTROL] with -S/--suffix S (DEST~ by default; DEST.~1~
 * numbered): the old DEST's bytes land at that name. */
typedef struct Copy {
        bool backup, numbered;
        char *suffix;
} Copy;

static bool long_prefix(const char *name, const char *full) {
        size_t len = strlen(name);
        return len >= 4 && len <= strlen(full) && strncmp(name, full, len) == 0;
}

static int copy_seen(void *ctx, char letter, const char *name, const char *v) {
        Copy *c = ctx;
        if (letter == 'b' || (name && long_prefix(name, "--backup"))) {
                c->backup = true;
                c->numbered =
                        c->numbered || (v && !streq(v, "simple") && !streq(v, "never") && !streq(v, "off"));
                c->backup = !v || !(streq(v, "none") || streq(v, "off"));
        } else if ((letter == 'S' || (name && long_prefix(name, "--suffix"))) && v) {
                free(c->suffix);
                if (!(c->suffix = strdup(v)))
                        return -ENOMEM;
        }
        return 0;
}

static const OptionSpec copy_spec = {"tS", (const char *const[]){"suffix", "target-directory", NULL}, NULL,
                                     false};
static const OptionSpec install_spec = {
        "tSmog",
        (const char *const[]){"suffix", "target-directory", "mode", "owner", "group", "strip-program", NULL},
        NULL, false};
static const OptionSpec rsync_spec = {"eBfTM@",
                                      (const char *const[]){"rsh",
                                                            "chmod",
                                                            "exclude",
                                                            "include",
                                                            "exclude-from",
                                                            "include-from",
                                                            "files-from",
                                                            "filter",
                                                            "rsync-path",
                                                            "temp-dir",
                                                            "compare-dest",
                                                            "copy-dest",
                                                            "link-dest",
                                                            "backup-dir",
                                                            "suffix",
                                                            "block-size",
                                                            "max-size",
                                                            "min-size",
                                                            "partial-dir",
                                                            "timeout",
                                                            "contimeout",
                                                            "port",
                                                            "sockopts",
                                                            "bwlimit",
                                                            "log-file",
                                                            "log-file-format",
                                                            "out-format",
                                                            "password-file",
                                                            "chown",
                                                            "usermap",
                                                            "groupmap",
                                                            "compress-choice",
                                                            "compress-level",
                                                            "skip-compress",
                                                            "checksum-choice",
                                                            "info",
                                                            "debug",
                                                            "remote-option",
                                                            "max-delete",
                                                            "modify-window",
                                                            "iconv",
                                                            "stop-after",
                                                            "stop-at",
                                                            "write-batch",
                                                            "only-write-batch",
                                                            "read-batch",
                                                            "protocol",
                                                            "outbuf",
                                                            "address",
                                                            "config",
                                                            "dparam",
                                                            NULL},
                                      NULL, false};

/* DEST's backup: the programs DEST's name ran (those before) run by it. */
static void backup_names(Judge *j, const Copy *c, const char *dest, size_t before) {
        const char *slash = strrchr(dest, '/');
        const char *base = slash ? slash + 1 : dest;
        for (size_t i = 0; i < before && i < j->n_rebound; i++) {
                char name[sizeof j->rebound[0].name + 8], program[sizeof j->rebound[0].program];
                if (!streq(j->rebound[i].name, base))
                        continue;
                strcpy(program, j->rebound[i].program);
                snprintf(name, sizeof name, "%s%s", base, c->suffix ? c->suffix : "~");
                rebound_add(j, name, program, false);
                snprintf(name, sizeof name, "%s.~1~", base);
                if (c->numbered)
                        rebound_add(j, name, program, false);
        }
}

/* ln, cp, install, link (mv, rsync) SOURCE DEST: DEST's last name runs
 * SOURCE when run by a path (or through PATH). */
static void copy_names(Judge *j, const char *program, const ShellWord *const *w, size_t n) {
        const OptionSpec *spec = streq(program, "install") ? &install_spec
                                 : streq(program, "rsync") ? &rsync_spec
                                                           : &copy_spec;
        _cleanup_free_ char *first = NULL, *last = NULL;
        Copy c = {0};
        size_t operands = 0, before = j->n_rebound;
        bool options = true;
        for (size_t at = 0, end; at < n;) {
                if (options) {
                        if (options_read(w + at, n - at, spec, copy_seen, &c, &end) != 0)
                                break;
                        end += at;
                        options = !(end - 1 > at && programs_word_is(w[end - 1], "--"));
                } else
                        end = at + 1;
                if (end >= n)
                        break;
                _cleanup_free_ char *t = programs_word_text(w[end]);
                if (!t)
                        break;
                operands++;
                if (!first)
                        first = TAKE_PTR(t);
                else {
                        free(last);
                        last = TAKE_PTR(t);
                }
                at = end;
        }
        size_t len = last ? strlen(last) : 0;
        if (operands == 2 && len > 0 && last[len - 1] != '/')
                rebound_add(j, last, first, false);
        if (c.backup && len > 0)
                backup_names(j, &c, last, before);
        free(c.suffix);
}

/* /usr/bin/cp, /bin, /usr/local/bin/x: a program file or a folder of them. */
bool rebound_program_path(const char *t) {
        static const char *const dirs[] = {
                "/usr/local/bin", "/usr/local/sbin", "/usr/bin",          "/usr/sbin", "/bin",
                "/sbin",          "/usr/libexec",    "/usr/lib/git-core", NULL};
        for (const char *const *d = dirs; *d; d++) {
                size_t len = strlen(*d);
                if (strncmp(t, *d, len) == 0 && (!t[len] || t[len] == '/'))
                        return true;
        }
        return false;
}

/* The times name occurs in the line's text outside a program file's own
 * path (cp /bin/{cp,ls} X/: ls is a copy of ls): the run and a name written. */
static size_t name_written(const Judge *j, const char *name) {
        size_t seen = 0, len = strlen(name);
        for (const char *at = j->text;
             j->text && len > 0 && (at = memmem(at, j->text_n - (size_t) (at - j->text), name, len));
             at += len) {
                const char *start = at;
                while (start > j->text && !strchr(" \t\n;|&<>()'\"", start[-1]))
                        start--;
                seen += !rebound_program_path(start);
        }
        return seen;
}

/* alias NAME=TEXT: NAME, as a command's first word, is TEXT. */
static void alias_names(Judge *j, const ShellWord *const *w, size_t n) {
        for (size_t a = 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                char *eq = t && !w[a]->expansion && !w[a]->substitution ? strchr(t, '=') : NULL;
                if (!eq || eq == t)
                        continue;
                *eq = 0;
                size_t before = j->n_rebound;
                rebound_add(j, t, eq + 1, true);
                if (j->n_rebound > before)
                        j->rebound[before].alias = true;
        }
}

static bool note_rebound(void *ctx, const ShellWord *const *w, size_t n) {
        Judge *j = ctx;
        char buf[64];
        size_t k = 0;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        for (size_t inner; k < n && (inner = programs_wrapped(w + k, n - k)) != SIZE_MAX;)
                k += inner;
        for (size_t a = k + 1; a < n && !j->program_data; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                j->program_data = t && rebound_program_path(t);
        }
        const char *p = k < n ? programs_name(w[k], buf, sizeof buf) : NULL;
        if (p && streq(p, "busybox") && k + 1 < n)
                p = programs_name(w[++k], buf, sizeof buf);
        if (!p && k < n) /* h=hash; $h -p PATH NAME: a program known when it runs */
                hash_names(j, w + k, n - k);
        if (!p)
                return false;
        if (streq(p, "hash"))
                hash_names(j, w + k, n - k);
        else if (streq(p, "alias"))
                alias_names(j, w + k, n - k);
        else if (streq_any(p, (const char *const[]){"ln", "cp", "install", "link", "mv", "rsync", NULL}))
                copy_names(j, p, w + k, n - k);
        return false;
}

/* The file a copier reads (cat F, head -c N F, tail -c +1 F, sed -n p F,
 * curl file://F), NULL for its input; "-" is its input too. */
static char *copier_source(const char *p, const ShellWord *const *w, size_t n) {
        const char *valued = streq(p, "head") || streq(p, "tail") ? "cn" : streq(p, "sed") ? "efl" : "";
        bool script = !streq(p, "sed");
        for (size_t a = 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (!t)
                        return NULL;
                if (streq(p, "curl")) {
                        if (strncmp(t, "file://", 7) == 0)
                                return strdup(t + 7);
                        continue;
                }
                if (t[0] == '-' && t[1] && t[1] != '-') {
                        size_t at = strcspn(t + 1, valued) + 1;
                        script = script || (t[at] == 'e' || t[at] == 'f');
                        a += t[at] && !t[at + 1];
                        continue;
                }
                if (t[0] == '-' && t[1]) {
                        script = script || strncmp(t, "--e", 3) == 0 || strncmp(t, "--f", 3) == 0;
                        continue;
                }
                if (!script) { /* sed's own script, as its first operand */
                        script = true;
                        continue;
                }
                return streq(t, "-") ? NULL : TAKE_PTR(t);
        }
        return NULL;
}

/* cat SRC > DEST, head, tail, sed, tee DEST < SRC, dd if=SRC of=DEST, curl
 * -o DEST file://SRC: a copy of SRC's bytes; w[0..n) the command, its
 * redirects' targets in out[]; *src the file its input holds (a pipe's,
 * '<'), replaced by the one its output holds (cat F | cat > DEST). */
static void content_names(Judge *j, const ShellWord *const *w, size_t n, const ShellWord *const *out,
                          size_t n_out, char **src) {
        static const char *const copiers[] = {"cat", "tee", "dd", "head", "tail", "sed", "curl", NULL};
        char buf[64];
        size_t k = 0;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        const char *p = k < n ? programs_name(w[k], buf, sizeof buf) : NULL;
        if (!p || !streq_any(p, copiers)) {
                free(*src);
                *src = NULL;
                return;
        }
        char *file = streq(p, "tee") || streq(p, "dd") ? NULL : copier_source(p, w + k, n - k);
        if (file || streq(p, "curl")) {
                free(*src);
                *src = file;
        }
        for (size_t a = k + 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                if (!t)
                        continue;
                if (streq(p, "dd") && strncmp(t, "if=", 3) == 0) {
                        free(*src);
                        *src = strdup(t + 3);
                } else if (*src && streq(p, "dd") && strncmp(t, "of=", 3) == 0)
                        rebound_add(j, t + 3, *src, false);
                else if (*src && streq(p, "tee") && t[0] != '-')
                        rebound_add(j, t, *src, false);
                else if (*src && streq(p, "curl") && (streq(t, "-o") || streq(t, "--output")) && a + 1 < n) {
                        _cleanup_free_ char *d = programs_word_text(w[++a]);
                        if (d)
                                rebound_add(j, d, *src, false);
                } else if (*src && streq(p, "curl") && strncmp(t, "-", 1) == 0 && t[1] != '-' &&
                           strchr(t, 'o')) {
                        const char *o = strchr(t, 'o'); /* -so X/ls, -oX/ls */
                        _cleanup_free_ char *d = o[1]        ? strdup(o + 1)
                                                 : a + 1 < n ? programs_word_text(w[++a])
                                                             : NULL;
                        if (d)
                                rebound_add(j, d, *src, false);
                }
        }
        for (size_t i = 0; *src && i < n_out; i++) {
                _cleanup_free_ char *t = programs_word_text(out[i]);
                if (t)
                        rebound_add(j, t, *src, false);
        }
}

static void content_line(Judge *j, const ShellLexed *l, int depth) {
        const ShellWord *w[64], *out[8], *in = NULL;
        _cleanup_free_ char *src = NULL; /* what the last command's output held */
        size_t m = 0, n_out = 0;
        bool piped = false;
        for (size_t i = 0; i <= l->n; i++) {
                const ShellToken *t = i < l->n ? &l->v[i] : NULL;
                if (t && t->kind == SHELL_TOKEN_WORD) {
                        if ((m > 0 || !programs_keyword(&t->w)) && m < ELEMENTSOF(w))
                                w[m++] = &t->w;
                        continue;
                }
                if (t && t->kind == SHELL_TOKEN_REDIR) {
                        const ShellWord *target = i + 1 < l->n && l->v[i + 1].kind == SHELL_TOKEN_WORD &&
                                                                  !streq(t->op, "<(") && !streq(t->op, ">(")
                                                          ? &l->v[++i].w
                                                          : NULL;
                        if (target && streq(t->op, "<"))
                                in = target;
                        else if (target && n_out < ELEMENTSOF(out) && strchr(t->op, '>') &&
                                 !streq(t->op, ">&") && !streq(t->op, "<>"))
                                out[n_out++] = target;
                        continue;
                }
                if (!piped && m > 0) {
                        free(src);
                        src = NULL;
                }
                if (in) {
                        free(src);
                        src = programs_word_text(in);
                }
                if (m > 0)
                        content_names(j, w, m, out, n_out, &src);
                else /* { cat F; } > DEST, ( cat F ) > DEST: the group's last output */
                        for (size_t o = 0; src && o < n_out; o++) {
                                _cleanup_free_ char *d = programs_word_text(out[o]);
                                if (d)
                                        rebound_add(j, d, src, false);
                        }
                piped = t && t->kind == SHELL_TOKEN_OP && streq(t->op, "|");
                m = n_out = 0;
                in = NULL;
        }
        for (size_t i = 0; depth < 4 && i < l->n_nested; i++) {
                _cleanup_(shell_lexed_done) ShellLexed inner = {0};
                if (shell_lex(l->nested[i], strlen(l->nested[i]), &inner) == 0)
                        content_line(j, &inner, depth + 1);
        }
}

/* "hash" as a word of text, an option with a 'p' after it (eval 'hash -p
 * P N', {hash,-p,P,N}, . <(echo hash -p P N)): a binding the rule may not
 * have followed. */
static bool text_hash_p(const char *s, size_t n) {
        for (const char *h = s; (h = memmem(h, n - (size_t) (h - s), "hash", 4)); h += 4) {
                const char *e = h + 4, *end = s + n;
                if ((h > s && shell_is_ident(h[-1])) || (e < end && shell_is_ident(*e)))
                        continue;
                while (e < end && strchr(" \t'\",{", *e))
                        e++;
                if (e < end && *e == '-')
                        for (e++; e < end && shell_is_ident(*e); e++)
                                if (*e == 'p')
                                        return true;
        }
        return false;
}

void rebound_line(Judge *j, const ShellLexed *l, const char *text, size_t n) {
        size_t before = j->n_rebound;
        (void) shells_line_has(l, 0, note_rebound, j);
        content_line(j, l, 0);
        bool any = false;
        for (size_t i = before; i < j->n_rebound; i++)
                any = any || j->rebound[i].any;
        j->rebound_unseen = j->rebound_unseen || (!any && text_hash_p(text, n));
}

/* NAME ARGS with alias NAME=TEXT: TEXT ARGS, read as bash reads it (the
 * alias not expanded again inside). */
static int alias_judge(Judge *j, size_t i, const ShellWord *const *w, size_t n) {
        if (j->rebound[i].busy)
                return 0;
        /* x -c "git log -p" with alias x=bash: the words are joined without
         * their quotes, which bash keeps (31v 1): while the history holds a
         * masked entry, a call with a quoted or expanded word is refused */
        for (size_t k = 1; k < n && judge_held(j); k++)
                if (w[k]->quoted || w[k]->expansion || w[k]->substitution) {
                        judge_mark_held(j);
                        return judge_refuse(j, "an alias the line defines, called with a quoted or expanded "
                                               "word its text is not rebuilt with, and the history holds a "
                                               "masked entry");
                }
        _cleanup_free_ char *args = programs_joined(w, n, 1), *t = NULL;
        if (!args || asprintf(&t, "%s %s", j->rebound[i].program, args) < 0)
                return -ENOMEM;
        j->rebound[i].busy = true;
        int r = programs_reread(j, "an alias the line defines", t, strlen(t));
        j->rebound[i].busy = false;
        return r;
}

bool rebound_letters(const char *s, size_t n) {
        _cleanup_free_ char *t = strndup(s, n);
        if (!t)
                return true;
        for (char *p = t; (p = strstr(p, "git")) != NULL;
             p += 3) { /* git run: its output no text of the line */
                const char *q = p;
                while (q > t && (q[-1] == ' ' || q[-1] == '\t'))
                        q--;
                if ((q == t || strchr(";&|({\n", q[-1])) && (!p[3] || strchr(" \t;&|)}\n", p[3])))
                        memset(p, ' ', 3);
        }
        bool g = false, i = false, l = false;
        for (const char *c = t; *c; c++) {
                int x = tolower((unsigned char) *c);
                g = g || x == 'g', i = i || x == 'i', l = l || x == 't';
        }
        return g && i && l;
}

int rebound_alias_piped(Judge *j, const Stage *v, size_t i, size_t upto) {
        char buf[256];
        const Stage *st = &v[i];
        size_t k = scripts_program_at(st->w, st->n);
        const char *name = k < st->n && !st->keyword_led ? programs_plain(st->w[k], buf, sizeof buf) : NULL;
        /* its output reaches the shell or the file as it is: through bare cats */
        bool exact = true;
        for (size_t s = i + 1; s <= upto && exact; s++) {
                char c[8];
                exact = v[s].n == 1 && streq_ptr(programs_plain(v[s].w[0], c, sizeof c), "cat");
                for (size_t r = 0; r < v[s].n_redir && exact; r++) /* cat > F: its output's */
                        exact = v[s].redir[r]->op[0] != '<';
        }
        for (size_t b = 0; name && b < j->n_rebound; b++) {
                Rebound *a = &j->rebound[b];
                if (!a->alias || a->busy || !streq(a->name, name))
                        continue;
                if (!exact) { /* f | tr Q i > F: rearranged, by its letters */
                        if (!rebound_letters(a->program, strlen(a->program)) || !judge_held(j))
                                continue;
                        judge_mark_held(j);
                        return judge_refuse(j, "an alias the line defines, whose text holds the letters of "
                                               "git, its output rearranged into a shell's input or a file "
                                               "the line runs, while the history holds a masked entry");
                }
                _cleanup_free_ char *args = programs_joined(st->w + k, st->n - k, 1), *t = NULL;
                if (!args || asprintf(&t, "{ %s %s\n} | sh", a->program, args) < 0)
                        return -ENOMEM;
                a->busy = true;
                int r = programs_reread(j, "an alias the line defines, its output a shell's input", t,
                                        strlen(t));
                a->busy = false;
                if (r != 0)
                        return r;
        }
        return 0;
}

/* Did the line's alias NAME=TEXT words all become bindings (alias_names)?
 * Not in a text read again (eval 'alias g=git'; eval g log): its calls are
 * read apart from it. */
bool rebound_alias_known(const Judge *j, const ShellWord *const *w, size_t n) {
        if (j->depth > 0)
                return false;
        for (size_t a = 1; a < n; a++) {
                _cleanup_free_ char *t = programs_word_text(w[a]);
                char *eq = t ? strchr(t, '=') : NULL;
                bool known = !eq;
                if (!t || w[a]->expansion || w[a]->substitution)
                        return false;
                if (eq)
                        *eq = 0;
                for (size_t i = 0; i < j->n_rebound && !known; i++)
                        known = j->rebound[i].alias && streq(j->rebound[i].name, t) &&
                                streq(j->rebound[i].program, eq + 1);
                if (!known)
                        return false;
        }
        return true;
}

/* [git] NAME REST...: the words a multi-call program runs as when its
 * name is NAME (git-NAME: git NAME), judged. */
static int judge_as(Judge *j, const Line *ln, bool git, const char *name, const ShellWord *const *rest,
                    size_t n_rest, const Stage *st, bool *ret_lists, bool *ret_judged) {
        ShellWord made[2] = {{0}};
        int r = 0;
        for (const char *c = "git"; git && *c && r >= 0; c++)
                r = shell_word_put(&made[0], SHELL_LIT, (uint8_t) *c);
        for (const char *c = name; *c && r >= 0; c++)
                r = shell_word_put(&made[git], SHELL_LIT, (uint8_t) *c);
        size_t m = (size_t) git + 1 + n_rest;
        const ShellWord **v = r >= 0 ? calloc(m, sizeof *v) : NULL;
        if (v) {
                v[0] = &made[0];
                v[git] = &made[git];
                memcpy(v + 1 + git, rest, n_rest * sizeof *v);
                *ret_judged = true;
                r = programs_judge_words(j, ln, v, m, st, ret_lists);
        } else
                r = -ENOMEM;
        free(v);
        shell_word_done(&made[0]);
        shell_word_done(&made[1]);
        return r;
}

/* The program a name's binding runs at last, through the line's other
 * bindings by name (ln -s busybox X/cp; ln -s /usr/bin/busybox X/busybox):
 * its base name. */
static const char *rebound_origin(const Judge *j, const char *program) {
        for (int hops = 0;; hops++) {
                const char *slash = strrchr(program, '/');
                const char *base = slash ? slash + 1 : program;
                const char *next = NULL;
                if (hops == 8 || streq_any(base, (const char *const[]){"busybox", "toybox", "git", NULL}))
                        return base;
                for (size_t i = 0; i < j->n_rebound && !next; i++)
                        if (!j->rebound[i].alias && streq(j->rebound[i].name, base) &&
                            !streq(j->rebound[i].program, program))
                                next = j->rebound[i].program;
                if (!next)
                        return base;
                program = next;
        }
}

/* A name bound to busybox or toybox runs the applet its own name says
 * (X/cp -r .git X/g is cp -r, not busybox's applet -r), one bound to git
 * as git-NAME runs git NAME: judged as that, the binding set aside while
 * it is. *ret_multi false when the binding is no multi-call program's. */
static int rebound_multi(Judge *j, size_t i, const Line *ln, const ShellWord *const *w, size_t n,
                         const Stage *st, bool *ret_lists, bool *ret_judged, bool *ret_multi) {
        Rebound *b = &j->rebound[i];
        const char *origin = rebound_origin(j, b->program);
        bool git = streq(origin, "git");
        *ret_multi = git ? strncmp(b->name, "git-", 4) == 0 && b->name[4] /* else its words say */
                         : streq(origin, "busybox") || streq(origin, "toybox");
        if (!*ret_multi || b->busy || streq(b->name, origin))
                return 0;
        b->busy = true;
        int r = judge_as(j, ln, git, git ? b->name + 4 : b->name, w + 1, n - 1, st, ret_lists, ret_judged);
        b->busy = false;
        return r;
}

int rebound_judge(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, const Stage *st,
                  bool *ret_lists, bool *ret_judged) {
        char buf[256];
        const char *name = programs_name(w[0], buf, sizeof buf);
        if (name && streq(name, "enable"))
                for (size_t a = 1; a < n; a++) {
                        _cleanup_free_ char *t = programs_word_text(w[a]);
                        if (!t || (t[0] == '-' && strchr(t, 'f')))
                                return judge_refuse(j, "enable -f loads a builtin from a file: a program "
                                                       "of its own");
                }
        if (j->rebound_unseen || (j->rebound_many && name && streq(name, "hash")))
                return judge_refuse(j, "hash -p binds a name to another program, by a form the rule does "
                                       "not follow");
        if (!name || (j->n_rebound == 0 && !j->program_data))
                return 0;
        _cleanup_free_ char *text = programs_word_text(w[0]);
        bool path = !text || strchr(text, '/') || (j->text && memmem(j->text, j->text_n, "PATH", 4));
        for (size_t i = 0; i < j->n_rebound; i++) {
                const Rebound *b = &j->rebound[i];
                const char *slash = strrchr(b->program, '/');
                if (!streq(name, b->name) || !(b->any || path) ||
                    streq(slash ? slash + 1 : b->program, name))
                        continue;
                if (++j->hops > 16)
                        return judge_refuse(j, "more than 16 commands found among a program's words");
                /* cp /usr/bin/g?t X; X log -p: the program is what the glob finds */
                if (!b->alias && strpbrk(b->program, "*?[$`"))
                        return judge_refuse(j,
                                            "%s runs a program the line names by a glob or an "
                                            "expansion: known only when it runs",
                                            name);
                if (b->alias) {
                        int r = alias_judge(j, i, w, n);
                        *ret_judged = true;
                        if (r != 0)
                                return r;
                        continue;
                }
                bool multi = false;
                int r = rebound_multi(j, i, ln, w, n, st, ret_lists, ret_judged, &multi);
                if (r != 0)
                        return r;
                if (multi)
                        continue;
                *ret_judged = true;
                r = programs_judge_as(j, ln, b->program, w, n, st, ret_lists);
                if (r != 0) /* cp /bin/true X/ls; cp /bin/cp X/ls: each binding the name had */
                        return r;
        }
        /* gzip -c /bin/cp | gzip -dc > X/ls, tar --transform s/cp/ls/: a copy
         * of a program file the rule does not model, run by a path (or PATH)
         * whose name the line writes elsewhere */
        size_t seen = j->program_data && !*ret_judged ? name_written(j, name) : 0;
        if (j->program_data && path && seen > 1 && !*ret_judged && !(text && rebound_program_path(text)))
                return judge_refuse(j,
                                    "the line copies a program file by a way the rule does not follow, "
                                    "and runs %s by a path or a PATH it changes: what runs is not known",
                                    name);
        return 0;
}

int rebound_prefix(const Judge *j, char **ret) {
        _cleanup_free_ char *s = strdup("");
        for (size_t i = 0; s && i < j->n_rebound; i++) {
                const Rebound *b = &j->rebound[i];
                char *t = NULL;
                if (strchr(b->program, '\'') || strchr(b->name, '\'') || b->busy)
                        continue;
                if (b->alias ? asprintf(&t, "%salias '%s'='%s'; ", s, b->name, b->program) < 0
                             : asprintf(&t, "%shash -p '%s' '%s'; ", s, b->program, b->name) < 0)
                        return -ENOMEM;
                free(s);
                s = t;
        }
        if (!s)
                return -ENOMEM;
        *ret = TAKE_PTR(s);
        return 0;
}

static bool word_literal(const ShellWord *w) {
        for (size_t i = 0; i < w->n; i++)
                if (w->v[i].kind != SHELL_LIT || w->v[i].c == 0)
                        return false;
        return true;
}

/* -c, -l, -cla, -aNAME: exec's options; *ret_a for -a, which sets the
 * name a program runs as. False for a word no option of exec's. */
static bool exec_option(const ShellWord *o, bool *ret_a) {
        if (o->n < 2 || o->v[0].kind != SHELL_LIT || o->v[0].c != '-')
                return false;
        size_t at = 1;
        while (at < o->n && o->v[at].kind == SHELL_LIT && (o->v[at].c == 'c' || o->v[at].c == 'l'))
                at++;
        *ret_a = at < o->n && o->v[at].kind == SHELL_LIT && o->v[at].c == 'a';
        return *ret_a || at == o->n;
}

static bool word_is(const ShellWord *w, const char *s) {
        size_t k = 0;
        for (; k < w->n && s[k]; k++)
                if (w->v[k].kind != SHELL_LIT || w->v[k].c != (uint8_t) s[k])
                        return false;
        return k == w->n && !s[k];
}

const char *const rebound_loader_long[] = {"library-path",
                                           "glibc-hwcaps-prepend",
                                           "glibc-hwcaps-mask",
                                           "inhibit-rpath",
                                           "audit",
                                           "preload",
                                           "argv0",
                                           NULL};

bool rebound_is_loader(const char *name) {
        return name && (streq(name, "ld.so") || (strncmp(name, "ld-", 3) == 0 && strstr(name, ".so")));
}

/* The NAME among w[1..end) that exec's -a (-cla NAME, -aNAME), or the
 * loader's --argv0 NAME, sets the program's argv[0] to (*rest holds an
 * attached one), *ret_next the word after it; NULL when none. */
static const ShellWord *argv0_find(const ShellWord *const *w, size_t end, bool loader, ShellWord *rest,
                                   size_t *ret_next) {
        for (size_t a = 1; a < end; a++) {
                bool a_option = false;
                if (loader && word_is(w[a], "--argv0")) {
                        *ret_next = a + 2;
                        return a + 1 < end ? w[a + 1] : NULL;
                }
                if (loader || !exec_option(w[a], &a_option))
                        continue;
                if (!a_option)
                        continue;
                size_t at = 1;
                while (w[a]->v[at].c != 'a')
                        at++;
                *rest = *w[a];
                rest->v += at + 1, rest->n -= at + 1;
                *ret_next = rest->n > 0 ? a + 1 : a + 2;
                return rest->n > 0 ? rest : a + 1 < end ? w[a + 1] : NULL;
        }
        return NULL;
}

/* The multi-call program (git, busybox, toybox) the word w runs, by its
 * own name or by a binding of the line's (cp /usr/bin/busybox X/ls,
 * ln -s, hash -p): its name, or NULL. */
static const char *argv0_multi(const Judge *j, const ShellWord *w, char *buf, size_t size) {
        static const char *const multi[] = {"git", "busybox", "toybox", NULL};
        const char *p = programs_name(w, buf, size);
        if (!p || streq_any(p, multi))
                return p;
        _cleanup_free_ char *text = programs_word_text(w);
        bool path = !text || strchr(text, '/') || (j->text && memmem(j->text, j->text_n, "PATH", 4));
        for (size_t i = 0; i < j->n_rebound; i++) {
                const Rebound *b = &j->rebound[i];
                const char *origin = b->alias || !streq(p, b->name) || !(b->any || path)
                                             ? NULL
                                             : rebound_origin(j, b->program);
                if (origin && streq_any(origin, multi))
                        return origin;
        }
        return NULL;
}

/* $e -a NAME PROG..., $L --argv0 NAME PROG...: a program known only when
 * it runs, given exec's -a (the loader's --argv0): it may be exec. Refused
 * when that would make the run a read: NAME a git subcommand's (git-log),
 * PROG git, busybox, toybox or a name bound to one, or neither word known
 * ($CP -a src ../bk, $LS -la, $CMD -a "$d" are not). */
static int argv0_unknown(Judge *j, const ShellWord *const *w, size_t n) {
        ShellWord rest;
        const ShellWord *argv0 = NULL;
        size_t a = 1, next = n;
        bool a_option = false;
        while (a < n && !word_is(w[a], "--argv0") && exec_option(w[a], &a_option) && !a_option)
                a++;
        if (a < n && (a_option || word_is(w[a], "--argv0")))
                argv0 = argv0_find(w + a - 1, n - a + 1, !a_option, &rest, &next);
        next += a - 1;
        if (!argv0 || next >= n)
                return 0;
        _cleanup_free_ char *t = programs_word_text(argv0);
        if (!t)
                return -ENOMEM;
        const char *base = strrchr(t, '/') ? strrchr(t, '/') + 1 : t;
        char pb[64];
        bool subcommand = word_literal(argv0) && strncmp(base, "git-", 4) == 0 && base[4];
        if (subcommand || argv0_multi(j, w[next], pb, sizeof pb) ||
            (!word_literal(argv0) && !word_literal(w[next])))
                return judge_refuse(j, "a program known only when it runs, given -a: it may be exec, "
                                       "which sets the name a program runs as (git-log runs git log)");
        return 0;
}

/* exec -a NAME $P WORDS, $P known only when it runs: the words judged as
 * git would run them under that name (git-log: git log WORDS; any other
 * name: git WORDS) and as busybox's applet NAME would; then as the
 * program's own (*ret_judged left false). 1 refused, 0, -ENOMEM. */
static int argv0_either(Judge *j, const Line *ln, const char *t, const ShellWord *const *rest, size_t n_rest,
                        const Stage *st, bool *ret_lists, bool *ret_judged) {
        const char *base = strrchr(t, '/') ? strrchr(t, '/') + 1 : t;
        bool sub = strncmp(base, "git-", 4) == 0 && base[4];
        if (++j->hops > 16)
                return judge_refuse(j, "more than 16 commands found among a program's words");
        bool judged = false;
        int r = judge_as(j, ln, sub, sub ? base + 4 : "git", rest, n_rest, st, ret_lists, &judged);
        if (r == 0 && *base)
                r = judge_as(j, ln, false, base, rest, n_rest, st, ret_lists, &judged);
        *ret_judged = r != 0;
        return r;
}

int rebound_argv0(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t inner,
                  const Stage *st, bool *ret_lists, bool *ret_judged) {
        char buf[256], pb[64];
        const char *name = programs_name(w[0], buf, sizeof buf);
        bool loader = rebound_is_loader(name);
        if (name && !streq(name, "exec") && !loader)
                return 0;
        /* exec -a git-log {git,-p}, $e {-a,git-log,git,-p}: the words a brace makes */
        int r = strings_brace_words(j, ln, w, n, 1, n, st, ret_lists, ret_judged);
        if (r != 0 || *ret_judged)
                return r;
        if (!name)
                return argv0_unknown(j, w, n);
        if (inner == SIZE_MAX || inner >= n)
                return 0;
        ShellWord rest;
        size_t next = 0;
        const ShellWord *argv0 = argv0_find(w, inner, loader, &rest, &next);
        const char *p = programs_name(w[inner], pb, sizeof pb);
        if (argv0 && !p) { /* exec -a git-log $G -p, $(which git) */
                _cleanup_free_ char *t = programs_word_text(argv0);
                if (!t)
                        return -ENOMEM;
                /* a name the rule cannot read (git-log$x): any git
                 * subcommand while the history holds a masked entry;
                 * else the words as git's and as busybox's sh would run them */
                if (!word_literal(argv0) && judge_held(j))
                        return judge_refuse(j,
                                            "exec -a names what a program known only when it runs runs as, "
                                            "and the rule cannot read the name: git would run as it");
                return argv0_either(j, ln, word_literal(argv0) ? t : "sh", w + inner + 1, n - inner - 1, st,
                                    ret_lists, ret_judged);
        }
        const char *m = argv0 ? argv0_multi(j, w[inner], pb, sizeof pb) : NULL;
        if (!m)
                return 0;
        _cleanup_free_ char *t = programs_word_text(argv0);
        if (!t)
                return -ENOMEM;
        if (!word_literal(argv0))
                return judge_refuse(j,
                                    "exec -a sets the name %s runs as, and the rule cannot read it: "
                                    "it picks what %s does",
                                    m, m);
        const char *base = strrchr(t, '/') ? strrchr(t, '/') + 1 : t;
        bool git = streq(m, "git"), bound = !p || !streq(p, m);
        if (git ? strncmp(base, "git-", 4) != 0 || !base[4] : streq(base, m) && !bound)
                return 0; /* git runs as git, busybox as busybox: its words say what */
        if (++j->hops > 16)
                return judge_refuse(j, "more than 16 commands found among a program's words");
        /* git-log -p is git log -p; busybox as cp is cp; X/ls, a copy of
         * busybox, run as busybox is busybox */
        return judge_as(j, ln, git, git ? base + 4 : base, w + inner + 1, n - inner - 1, st, ret_lists,
                        ret_judged);
}

const char *rebound_split_prefix(const ShellWord *const *w, size_t n, char buf[static 256]) {
        size_t k = scripts_program_at(w, n), operands = 0;
        char name[16];
        if (k >= n || !streq_ptr(programs_name(w[k], name, sizeof name), "split"))
                return NULL;
        strcpy(buf, "x");
        bool options = true;
        for (size_t a = k + 1; a < n; a++) {
                const char *t = programs_plain(w[a], buf + 128, 128);
                if (!t)
                        return ""; /* a word known only when it runs: any name */
                if (options && streq(t, "--")) {
                        options = false;
                        continue;
                }
                if (options && t[0] == '-' && t[1] == '-') {
                        if (strncmp(t, "--filter", 8) == 0)
                                return NULL; /* its pieces go to a command, no file */
                        a += !strchr(t, '=') &&
                             streq_any(t + 2, (const char *const[]){"lines", "bytes", "line-bytes", "number",
                                                                    "suffix-length", "additional-suffix",
                                                                    "separator", NULL});
                        continue;
                }
                if (options && t[0] == '-' && t[1]) { /* -l 10, -a3, -d */
                        size_t v = strcspn(t + 1, "abClnt") + 1;
                        a += t[v] && !t[v + 1];
                        continue;
                }
                if (operands++ == 1) /* split [FILE [PREFIX]] */
                        memmove(buf, t, strlen(t) + 1);
        }
        return buf;
}
