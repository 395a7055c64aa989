/* SPDX-License-Identifier: MIT */
/*
 * The secret-paths rule for shell commands (command.h): what the words of
 * a lexed line (shell-lex.h) name, and a recogniser for the name-or-size
 * language, table-driven, that refuses whatever it does not fully
 * understand. It must not read bash's syntax itself: how a line splits
 * into words, and what a word holds, is the lexer's to say.
 */
#include "command.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "case-fold.h"
#include "command-internal.h"
#include "shell-lex.h"
#include "util.h"
#include "word-names.h"

/* The longest command judged: Linux's MAX_ARG_STRLEN, the most one
 * argument (bash -c's) can hold. A longer one is refused, never judged in
 * part. */
#define COMMAND_MAX (128u * 1024)

/* A byte that can sit inside a name next to a secret's without ending it. */
static bool name_byte(uint8_t c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
               c == '_' || c == '-' || c >= 0x80;
}

/* ---- the name-or-size language ---- */

typedef Recogniser P;

/* Does the word name a secret (command.h's rule)? -ENOMEM, or 0/1. */
int recog_word_names(const Recogniser *p, const ShellWord *w) {
        const WordNames *sec = p->sec;
        if (p->loop && w->param[0] && streq(w->param, p->loop))
                return 1; /* a loop's "$f": any name (sed -n 1p "$f" reads it) */
        _cleanup_free_ bool *named = calloc(sec->n + 1, sizeof *named);
        _cleanup_free_ bool *named_dot = calloc(sec->n + 1, sizeof *named_dot);
        if (!named || !named_dot)
                return -ENOMEM;
        WordNames wn = {
                .names = sec->names, .n = sec->n, .fold = sec->fold, .named = named, .named_dot = named_dot};
        ShellToken t = {.kind = SHELL_TOKEN_WORD, .fd = -1, .w = *w};
        ShellLexed one = {.v = &t, .n = 1}; /* borrowed: not freed */
        int r = word_names_lexed(&one, 0, &wn);
        word_names_done(&wn);
        if (r < 0)
                return r;
        for (size_t i = 0; i < sec->n; i++)
                if ((named[i] || wn.spent || wn.deep) && sec->names[i][0])
                        return 1;
        return 0;
}

bool recog_refuse(P *p, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->reason, p->reason_n, fmt, ap);
        va_end(ap);
        return false;
}

static const ShellToken *cur(const P *p) {
        return p->i < p->l->n ? &p->l->v[p->i] : NULL;
}

static bool is_op(const ShellToken *t, const char *op) {
        return t && t->kind == SHELL_TOKEN_OP && streq(t->op, op);
}

/* A word's bytes when it is plain text (no glob, expansion or brace; at
 * most 255 bytes); NULL else. */
/* Plain text of any length: literal characters (a brace's too), no NUL. */
static bool is_literal(const ShellWord *w) {
        for (size_t i = 0; i < w->n; i++)
                if ((w->v[i].kind != SHELL_LIT && w->v[i].kind != SHELL_BOPEN &&
                     w->v[i].kind != SHELL_BCOMMA && w->v[i].kind != SHELL_BCLOSE) ||
                    w->v[i].c == 0)
                        return false;
        return true;
}

const char *recog_literal(const ShellWord *w, char buf[256]) {
        if (w->n >= 256 || !is_literal(w))
                return NULL;
        for (size_t i = 0; i < w->n; i++)
                buf[i] = (char) w->v[i].c;
        buf[w->n] = 0;
        return buf;
}

bool recog_keyword(const ShellToken *t, const char *kw) {
        char buf[256];
        const char *s;
        return t && t->kind == SHELL_TOKEN_WORD && !t->w.quoted && (s = recog_literal(&t->w, buf)) &&
               streq(s, kw);
}

bool recog_has_brace(const ShellWord *w) {
        for (size_t i = 0; i < w->n; i++)
                if (w->v[i].kind == SHELL_BOPEN || w->v[i].kind == SHELL_BCOMMA ||
                    w->v[i].kind == SHELL_BCLOSE)
                        return true;
        return false;
}

/* Could the word, expanded, start with a '-'? A glob or an expansion
 * first; with a brace list, a '-', glob or expansion anywhere ({,x}-c is
 * -c and x-c). */
bool recog_may_be_option(const ShellWord *w) {
        if (w->n == 0)
                return false;
        if (w->v[0].kind != SHELL_LIT && w->v[0].kind != SHELL_BOPEN)
                return true;
        if (w->v[0].kind == SHELL_LIT && w->v[0].c == '-')
                return true;
        if (!recog_has_brace(w))
                return false;
        for (size_t i = 0; i < w->n; i++)
                if ((w->v[i].kind == SHELL_LIT && w->v[i].c == '-') ||
                    !(w->v[i].kind == SHELL_LIT || w->v[i].kind == SHELL_BOPEN ||
                      w->v[i].kind == SHELL_BCOMMA || w->v[i].kind == SHELL_BCLOSE))
                        return true;
        return false;
}

/* A redirect the language allows: 2>&1, or >/dev/null from fd 1 or 2; or
 * > and >> from fd 1 to a plain path that names no secret (echo's and
 * printf's only: the command says). */
bool recog_redirect(P *p, const ShellToken *t, const ShellToken *target) {
        char buf[256];
        const char *to = target && target->kind == SHELL_TOKEN_WORD ? recog_literal(&target->w, buf) : NULL;
        if (streq(t->op, "<(") || streq(t->op, ">("))
                return recog_refuse(p, "a process substitution");
        if (streq(t->op, ">&") && t->fd == 2 && to && streq(to, "1"))
                return true;
        if (streq(t->op, ">") && (t->fd == -1 || t->fd == 1 || t->fd == 2) && to && streq(to, "/dev/null"))
                return true;
        if ((streq(t->op, ">") || streq(t->op, ">>")) && (t->fd == -1 || t->fd == 1) && to &&
            !recog_has_brace(&target->w) && recog_word_names(p, &target->w) == 0) {
                p->writes = true;
                return true;
        }
        return recog_refuse(p, "a redirect other than 2>&1 or >/dev/null (%s)", t->op);
}

/* One simple command's words, its redirects checked; at most 64 words. */
static bool collect(P *p, const ShellWord **words, size_t *ret_n) {
        size_t n = 0;
        p->writes = p->printed = false;
        for (const ShellToken *t;
             (t = cur(p)) && (t->kind == SHELL_TOKEN_WORD || t->kind == SHELL_TOKEN_REDIR);) {
                if (t->kind == SHELL_TOKEN_REDIR) {
                        const ShellToken *target = p->i + 1 < p->l->n ? &p->l->v[p->i + 1] : NULL;
                        if (!recog_redirect(p, t, target))
                                return false;
                        p->i += 2;
                        continue;
                }
                const ShellWord *w = &t->w;
                /* printf '%d %s' "$(wc -l < "$f")" "$f": wc's read deferred, its count data */
                if (w->substitution && n < 64 && p->n_spared < ELEMENTSOF(p->spared) &&
                    recog_fed_substituted(p, w)) {
                        p->spared[p->n_spared][0] = t->from;
                        p->spared[p->n_spared++][1] = t->to;
                        p->printed = true;
                        words[n++] = w;
                        p->i++;
                        continue;
                }
                if (w->substitution)
                        return recog_refuse(p, "a command substitution");
                bool loop = p->loop && streq(w->param, p->loop);
                bool one = w->n == 1 && w->v[0].kind == SHELL_EXPAND && !w->substitution; /* "$@", $1 */
                /* "got: $line": text and plain $NAMEs, as data echo or printf prints */
                bool plain = !w->assigns;
                for (size_t k = 0; k < w->n && plain; k++)
                        plain = w->v[k].kind != SHELL_EXPAND || w->v[k].c == 1;
                if (w->expansion && !loop && !w->param[0] && !one && !plain)
                        return recog_refuse(p, "a variable or arithmetic expansion");
                p->printed = p->printed || (w->expansion && !loop); /* echo "$PATH": data */
                if (n == 64)
                        return recog_refuse(p, "a command of more than 64 words");
                words[n++] = w;
                p->i++;
        }
        *ret_n = n;
        return true;
}

static bool command_words(P *p, const ShellWord **words, size_t n);

/* head, tail, sort, uniq, tr, wc or grep, reading the pipe. */
static bool while_read(P *p, bool piped);

bool recog_filter(P *p) {
        const ShellWord *words[64];
        size_t n;
        char buf[256];
        if (recog_keyword(cur(p), "while")) /* ls | while read f; do echo $f; done: names as data */
                return while_read(p, true);
        if (!collect(p, words, &n))
                return false;
        const char *name = n > 0 ? recog_literal(words[0], buf) : NULL;
        if (p->writes)
                return recog_refuse(p, "a redirect other than 2>&1 or >/dev/null (a write)");
        if (p->printed)
                return recog_refuse(p, "a variable expansion other than echo's or printf's");
        if (name && streq(name, "grep"))
                return recog_grep(p, words, n, false);
        const Spec *sp = name ? spec_filter(name) : NULL;
        if (!sp)
                return recog_refuse(p, "a pipe into %s, not head, tail, sort, uniq, tr, wc or grep",
                                    name ? name : "a command");
        return recog_check_options(p, sp, sp->name, words, n, 1);
}

/* A loop's variable (the word at p->i) into var: lower case, since PATH,
 * IFS, BASH_ENV or GIT_* set by the loop change what runs. */
static bool loop_variable(P *p, char var[256]) {
        char buf[256];
        const ShellToken *t = cur(p);
        const char *name =
                t && t->kind == SHELL_TOKEN_WORD && !t->w.quoted ? recog_literal(&t->w, buf) : NULL;
        if (!name || !shell_is_ident_start(name[0]))
                return recog_refuse(p, "a loop the recogniser does not understand");
        for (const char *q = name; *q; q++)
                if (!shell_is_ident(*q))
                        return recog_refuse(p, "a loop the recogniser does not understand");
                else if (*q >= 'A' && *q <= 'Z')
                        return recog_refuse(p, "a loop whose variable is not lower case (%s)", name);
        snprintf(var, 256, "%s", name);
        p->i++;
        return true;
}

/* do LIST; done, the loop's variable var: each command of LIST one that
 * only asks about a name or size, with $var naming any secret. */
static bool loop_body(P *p, const char *var) {
        static const char *const done[] = {"done", NULL};
        if (!recog_keyword(cur(p), "do"))
                return recog_refuse(p, "a loop the recogniser does not understand");
        p->i++;
        p->loop = var;
        if (!recog_list(p, done))
                return false;
        p->i++;
        p->loop = NULL;
        return true;
}

/* A ';' or newlines before a loop's do, passed. */
static bool ends_list(P *p) {
        size_t i = p->i;
        if (is_op(cur(p), ";"))
                p->i++;
        while (cur(p) && cur(p)->kind == SHELL_TOKEN_NEWLINE)
                p->i++;
        return p->i > i;
}

/* for NAME in WORDS; do LIST; done */
static bool for_loop(P *p) {
        const ShellToken *t;
        char var[256];
        if (p->loop)
                return recog_refuse(p, "a loop in a loop");
        p->i++;
        if (!loop_variable(p, var))
                return false;
        if (!recog_keyword(cur(p), "in"))
                return recog_refuse(p, "a for loop without 'in WORDS'");
        for (p->i++; (t = cur(p)) && t->kind == SHELL_TOKEN_WORD; p->i++)
                if (t->w.substitution || t->w.expansion)
                        return recog_refuse(p, "a for loop over an expansion");
        if (!ends_list(p))
                return recog_refuse(p, "a for loop the recogniser does not understand");
        p->words_loop = true;
        bool body = loop_body(p, var);
        p->words_loop = false;
        return body;
}

/* while [IFS=] read [-r] NAME; do LIST; done [< FILE]: the lines of FILE
 * (or of the line's input) are data, as a for loop's words are; FILE
 * names no secret (while read l; do echo $l; done < .env prints it). */
static bool while_read(P *p, bool piped) {
        char buf[256], var[256];
        const ShellToken *t;
        const char *a;
        bool ifs = false, raw = false;
        if (p->loop)
                return recog_refuse(p, "a loop in a loop");
        p->i++;
        if ((t = cur(p)) && t->kind == SHELL_TOKEN_WORD && (a = recog_literal(&t->w, buf)) &&
            streq(a, "IFS=")) {
                p->i++;
                ifs = true;
        }
        if (!((t = cur(p)) && t->kind == SHELL_TOKEN_WORD && (a = recog_literal(&t->w, buf)) &&
              streq(a, "read")))
                return recog_refuse(p, "a while loop other than while read NAME");
        p->i++;
        /* -r, and -u N for the N an exec N< FILE of the line opened */
        while ((t = cur(p)) && t->kind == SHELL_TOKEN_WORD && (a = recog_literal(&t->w, buf)) &&
               a[0] == '-') {
                const ShellToken *n = p->i + 1 < p->l->n ? &p->l->v[p->i + 1] : NULL;
                const char *fd = streq(a, "-u") && n && n->kind == SHELL_TOKEN_WORD
                                         ? recog_literal(&n->w, buf)
                                         : NULL;
                if (streq(a, "-r")) {
                        p->i++;
                        raw = true;
                } else if (fd && p->opened > 0 && atoi(fd) == p->opened &&
                           strspn(fd, "0123456789") == strlen(fd))
                        p->i += 2;
                else
                        return recog_refuse(
                                p, "read with an option other than -r, or -u N for an exec N< FILE");
        }
        if (!loop_variable(p, var))
                return false;
        /* read -r sha msg: the others' values only echo or printf may take
         * (collect's rule for a $NAME), the first no longer each line whole */
        size_t names = 1;
        char more[256];
        while ((t = cur(p)) && t->kind == SHELL_TOKEN_WORD && !t->w.quoted && recog_literal(&t->w, buf) &&
               !streq(buf, "do") && names < 8) {
                if (!loop_variable(p, more))
                        return false;
                names++;
        }
        if (!ends_list(p))
                return recog_refuse(p, "a while loop other than while read NAME");
        /* without IFS=, read trims a line's blanks: a list none can hide in */
        _cleanup_free_ char *feed = piped ? recog_fed_text(p->l, p->pipe_from, p->pipe_to, !ifs) : NULL;
        p->exact = raw && names == 1;
        p->n_deferred = 0;
        bool body = loop_body(p, var);
        p->exact = false;
        if (!body)
                return false;
        if ((t = cur(p)) && t->kind == SHELL_TOKEN_REDIR) {
                const ShellToken *target = p->i + 1 < p->l->n ? &p->l->v[p->i + 1] : NULL;
                /* done < <(CMD): CMD's lines, as CMD | while read, CMD allowed on its own */
                if (streq(t->op, "<") && (t->fd == -1 || t->fd == 0) && target &&
                    target->kind == SHELL_TOKEN_REDIR && streq(target->op, "<(") && target->nested &&
                    !p->reads && p->depth + 1 <= REREAD_MAX) {
                        const char *cmd = p->l->nested[target->nested - 1];
                        CommandVerdict v;
                        if (command_judge(cmd, strlen(cmd), p->policy, p->depth + 1, false, NULL, &v) < 0)
                                return recog_refuse(p, "out of memory");
                        bool refused = v.refused;
                        if (refused)
                                recog_refuse(p, "a while loop reading a command's lines: %s", v.reason);
                        command_verdict_done(&v);
                        p->i += 2;
                        p->reads = p->substituted = !refused;
                        if (refused)
                                return false;
                        _cleanup_free_ char *list = recog_fed_nested(cmd, !ifs);
                        return recog_fed_judge(p, list);
                }
                if (!streq(t->op, "<") || !(t->fd == -1 || t->fd == 0) || !target ||
                    target->kind != SHELL_TOKEN_WORD || !recog_literal(&target->w, buf) ||
                    recog_has_brace(&target->w) || recog_word_names(p, &target->w) != 0)
                        return recog_refuse(
                                p, "a while loop reading other than < FILE, a file naming no secret");
                p->i += 2;
                p->reads = true;
                return recog_fed_judge(p, NULL); /* < FILE, whatever a pipe feeds */
        }
        return recog_fed_judge(p, feed);
}

/* exec N< FILE, N above 2 and FILE a plain name naming no secret: it
 * opens FILE for a while read -u N loop (lines that are data), and no
 * other command the language allows reads N; exec N<&- after it closes N. */
static bool exec_opens(P *p) {
        char buf[256];
        const ShellToken *t = p->i + 2 < p->l->n ? &p->l->v[p->i + 1] : NULL, *target = t ? t + 1 : NULL,
                         *after = p->i + 3 < p->l->n ? &p->l->v[p->i + 3] : NULL;
        /* exec N<&- (or N>&-): closes the N an exec N< FILE before it opened */
        if (t && t->kind == SHELL_TOKEN_REDIR && (streq(t->op, "<&") || streq(t->op, ">&")) &&
            p->opened > 0 && t->fd == p->opened && target->kind == SHELL_TOKEN_WORD &&
            recog_literal(&target->w, buf) && streq(buf, "-") &&
            (!after || is_op(after, ";") || is_op(after, "&&"))) {
                p->i += 3;
                return true;
        }
        if (!t || t->kind != SHELL_TOKEN_REDIR || !streq(t->op, "<") || t->fd < 3 || t->fd > 9 ||
            target->kind != SHELL_TOKEN_WORD || !recog_literal(&target->w, buf) ||
            recog_has_brace(&target->w) || p->opened > 0 || p->reads ||
            (after && !is_op(after, ";") && !is_op(after, "&&")))
                return false;
        if (recog_word_names(p, &target->w) != 0)
                return false;
        p->opened = t->fd;
        p->reads = true;
        p->i += 3;
        return true;
}

/* Is the while at p->i a while [IFS=] read loop (while_read's to judge)? */
static bool while_reads(const P *p) {
        char buf[256];
        const char *a;
        for (size_t i = p->i + 1; i < p->l->n && i <= p->i + 2; i++) {
                const ShellToken *t = &p->l->v[i];
                if (t->kind != SHELL_TOKEN_WORD || !(a = recog_literal(&t->w, buf)))
                        return false;
                if (streq(a, "read"))
                        return true;
                if (!streq(a, "IFS="))
                        return false;
        }
        return false;
}

bool recog_command(P *p) {
        const ShellToken *t = cur(p);
        if (!t)
                return recog_refuse(p, "an empty command");
        if (is_op(t, "(("))
                return recog_refuse(p, "an arithmetic command");
        if (is_op(t, "(") || recog_keyword(t, "{") || recog_keyword(t, "if") || recog_keyword(t, "case") ||
            recog_keyword(t, "until"))
                return recog_clause(p);
        if (recog_keyword(t, "for"))
                return for_loop(p);
        if (recog_keyword(t, "while"))
                return while_reads(p) ? while_read(p, false) : recog_clause(p);
        char buf[256];
        const char *a = t->kind == SHELL_TOKEN_WORD ? recog_literal(&t->w, buf) : NULL;
        if (a && streq(a, "exec") && exec_opens(p))
                return true;
        if (t->kind == SHELL_TOKEN_WORD && programs_is_assignment(&t->w))
                return recog_refuse(p, "an assignment before the command");
        const ShellWord *words[64];
        size_t n;
        size_t from = p->i;
        if (!collect(p, words, &n))
                return false;
        p->wrote = p->wrote || p->writes;
        if (recog_loop_runs(p, words, n))
                return recog_refuse(p, "a loop's variable handed to a program that runs it");
        /* wc -l "$f" in a while [IFS=] read -r loop: for its list to prove */
        return command_words(p, words, n) || recog_fed_defer(p, from, p->i, words, n);
}

/* Wrappers the language looks through (env, nice, timeout, ...): not
 * xargs, sudo or strace, whose options read or write files. */
static const char *const language_wrappers[] = {"env",     "nice",    "nohup", "setsid", "timeout", "stdbuf",
                                                "command", "builtin", "exec",  "time",   "ionice",  NULL};

/* A command that only asks about a name or size, as words. */
static bool command_words(P *p, const ShellWord **words, size_t n) {
        char buf[256], sub[256];
        const char *name = n > 0 ? recog_literal(words[0], buf) : NULL;
        if (!name)
                return recog_refuse(p, n > 0 ? "a command whose name is not plain text"
                                             : "a redirect with no command");
        bool wrapper = false;
        for (const char *const *l = language_wrappers; *l && !wrapper; l++)
                wrapper = streq(name, *l);
        if (p->printed && !wrapper && !streq(name, "echo") && !streq(name, "printf"))
                return recog_refuse(p, "a variable expansion other than echo's or printf's");
        size_t inner = wrapper ? programs_wrapped(words, n) : SIZE_MAX;
        if (inner != SIZE_MAX) {
                for (size_t k = 1; k < inner && k < n; k++)
                        if (!recog_literal(words[k], sub) || recog_has_brace(words[k]) ||
                            programs_is_assignment(words[k]) ||
                            recog_word_names(p, words[k]) != 0) /* env PATH=./x ls: what runs changes */
                                return recog_refuse(
                                        p,
                                        "%s with an assignment, or a word that names a secret or is "
                                        "not plain "
                                        "text",
                                        name);
                if (inner >= n)
                        return true;
                return command_words(p, words + inner, n - inner);
        }
        _cleanup_free_ char *again = NULL;
        size_t rest = 0;
        int r = programs_reread_string(words, n, &again, &rest);
        if (r < 0)
                return recog_refuse(p, "out of memory");
        if (r > 0) {
                CommandVerdict v;
                if (p->writes)
                        return recog_refuse(p, "a redirect other than 2>&1 or >/dev/null (a write)");
                if (rest < n)
                        return recog_refuse(p, "%s with words after the string it reads again", name);
                /* for f in 'cat .env'; do eval "$f": the string judged again
                 * is "$f", whose value (the line's own words) its judge never sees */
                for (size_t k = 1; k < rest && p->words_loop; k++)
                        if (words[k]->expansion || words[k]->substitution)
                                return recog_refuse(p, "%s of a string that holds the loop's variable",
                                                    name);
                if (p->loop && strchr(again, '$')) /* eval cat \$f */
                        return recog_refuse(p, "%s of a string that may expand the loop's variable", name);
                for (size_t k = 1; k + 1 < rest && !streq(name, "eval") && !streq(name, "watch"); k++)
                        if (!recog_literal(words[k], sub) || recog_word_names(p, words[k]) != 0)
                                return recog_refuse(
                                        p, "%s with an option that names a secret (--rcfile .env)", name);
                if (p->depth + 1 > REREAD_MAX)
                        return recog_refuse(p, "%s: strings read again nested past %d", name, REREAD_MAX);
                if (command_judge(again, strlen(again), p->policy, p->depth + 1, false, NULL, &v) < 0)
                        return recog_refuse(p, "out of memory");
                bool refused = v.refused;
                if (refused)
                        recog_refuse(p, "%s: %s", name, v.reason);
                command_verdict_done(&v);
                return !refused;
        }
        if (p->writes && !streq(name, "echo") && !streq(name, "printf"))
                return recog_refuse(
                        p, "a redirect other than 2>&1 or >/dev/null (a write, echo's or printf's only)");
        if (recog_exclusions_only(p, name, words, n))
                return true;
        if (streq(name, "find"))
                return recog_find(p, words, n);
        if (streq(name, "grep"))
                return recog_grep(p, words, n, true);
        if (streq(name, "rg"))
                return recog_rg(p, words, n);
        if (streq(name, "test") || streq(name, "[")) {
                /* [ ! ] OP PATH: a stat (-r, -w and -x ask access(2) about the name) */
                static const char *const ops[] = {"-e", "-f", "-d", "-s", "-r", "-w", "-x", NULL};
                bool bracket = streq(name, "[");
                const char *op = n > 1 ? recog_literal(words[1], sub) : NULL;
                if (op && streq(op, "!")) {
                        words++, n--;
                        op = n > 1 ? recog_literal(words[1], sub) : NULL;
                }
                bool known = false;
                for (size_t k = 0; op && ops[k] && !known; k++)
                        known = streq(op, ops[k]);
                if (n != (bracket ? 4u : 3u) || !known)
                        return recog_refuse(p, "%s other than %s [!] -e/-f/-d/-s/-r/-w/-x PATH%s", name,
                                            name, bracket ? " ]" : "");
                if (bracket && !(recog_literal(words[3], sub) && streq(sub, "]")))
                        return recog_refuse(p, "[ without its ]");
                return true;
        }
        if (streq(name, "git")) {
                const char *what = n > 1 ? recog_literal(words[1], sub) : NULL;
                const Spec *sp = what ? spec_git(what) : NULL;
                if (what && recog_excludes_only(p, words, n))
                        return true;
                if (what && streq(what, "grep"))
                        return recog_git_grep(p, words, n);
                if (!sp)
                        return recog_refuse(
                                p, "git other than git status, check-ignore or commit -m (with no option "
                                   "before them)");
                char cmd[64];
                snprintf(cmd, sizeof cmd, "git %s", sp->name);
                if (!spec_required(sp, words, n))
                        return recog_refuse(p, "%s without --%s", cmd, sp->requires[0]);
                return recog_check_options(p, sp, cmd, words, n, 2);
        }
        if (streq(name, "gh"))
                return recog_gh(p, words, n);
        if (streq(name, "sed"))
                return recog_sed(p, words, n);
        int copy = recog_copy_into(p, name, words, n);
        if (copy >= 0)
                return copy;
        /* builtins that do nothing but set the status or leave a loop */
        if ((streq(name, "true") || streq(name, "false") || streq(name, ":")) && n == 1)
                return true;
        if ((streq(name, "break") || streq(name, "continue")) &&
            (n == 1 || (n == 2 && recog_literal(words[1], sub) && strspn(sub, "0123456789") == strlen(sub))))
                return true;
        const Spec *sp = spec_command(name);
        if (!sp)
                return recog_refuse(p, "%s is not a command that only asks about a name or size", name);
        return recog_check_options(p, sp, name, words, n, 1);
}

/* The whole line: pipelines joined by &&, || and ;. */
static bool line(P *p) {
        for (;;) {
                if (!recog_pipeline(p))
                        return false;
                const ShellToken *t = cur(p);
                if (!t)
                        return true;
                if (t->kind == SHELL_TOKEN_NEWLINE) {
                        while (cur(p) && cur(p)->kind == SHELL_TOKEN_NEWLINE)
                                p->i++; /* the line's last line end is none */
                        if (!cur(p))
                                return true;
                        return recog_refuse(p, "a second line");
                }
                if (is_op(t, "&"))
                        return recog_refuse(p, "a background &");
                if (!is_op(t, "&&") && !is_op(t, "||") && !is_op(t, ";"))
                        return recog_refuse(p, "%s, which the recogniser does not allow", t->op);
                p->i++;
                if (is_op(t, ";") && !cur(p))
                        return true;
        }
}

/* ---- the rule ---- */
/* The bytes themselves (the line as lexed), whatever quoting does to them:
 * no "$(", '`' or '<' at all, and a '>' only in 2>&1 or [12]>/dev/null,
 * but in a "$(cat <<'EOF' ...)" the lexer read as the literal it prints.
 * What the language allows holds none other; a quoted one refused too
 * costs nothing. */
static bool bytes_allowed(const char *s, size_t n, const ShellLexed *l, const P *p, bool writes, bool reads,
                          bool substituted, char *reason, size_t reason_n) {
        size_t inputs = 0, substitutions = 0;
        for (size_t i = 0, lit = 0; i < n; i++) {
                while (lit < l->n_literals && l->literals[lit].to <= i)
                        lit++;
                if (lit < l->n_literals && l->literals[lit].from <= i) {
                        i = l->literals[lit].to - 1;
                        continue;
                }
                /* a while read loop's "$(wc -l < "$f")", its list proving it (recog_fed_substituted) */
                bool spared = false;
                for (size_t k = 0; k < p->n_spared && !spared; k++)
                        if (p->spared[k][0] <= i && i < p->spared[k][1]) {
                                i = p->spared[k][1] - 1;
                                spared = true;
                        }
                if (spared)
                        continue;
                /* N<&- or N>&-: closes the N an exec N< FILE opened */
                if (reads && (s[i] == '<' || s[i] == '>') && i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9' &&
                    i + 2 < n && s[i + 1] == '&' && s[i + 2] == '-' &&
                    (i + 3 == n || !name_byte((uint8_t) s[i + 3]))) {
                        i += 2;
                        continue;
                }
                /* one < FILE a while read loop was allowed, no other; or
                 * its < <(CMD), CMD allowed on its own */
                bool opens = s[i] == '<' && i + 1 < n && s[i + 1] == '(';
                bool input = reads && s[i] == '<' &&
                             (opens ? substituted && substitutions++ == 0 : inputs++ == 0) && i + 1 < n &&
                             s[i + 1] != '<' && s[i + 1] != '&' && (i == 0 || s[i - 1] != '<');
                if (s[i] == '`' || (s[i] == '<' && !input) ||
                    (s[i] == '$' && i + 1 < n && s[i + 1] == '(')) {
                        snprintf(reason, reason_n, "a substitution or an input redirect");
                        return false;
                }
                if (s[i] != '>' || writes) /* a write echo makes: the lexer's redirect, checked */
                        continue;
                static const char devnull[] = ">/dev/null";
                bool dup = i > 0 && s[i - 1] == '2' && i + 2 < n && s[i + 1] == '&' && s[i + 2] == '1' &&
                           (i + 3 == n || !name_byte((uint8_t) s[i + 3]));
                bool null =
                        n - i >= sizeof devnull - 1 && memcmp(s + i, devnull, sizeof devnull - 1) == 0 &&
                        (i + sizeof devnull - 1 == n || !name_byte((uint8_t) s[i + sizeof devnull - 1])) &&
                        s[i + sizeof devnull - 1 < n ? i + sizeof devnull - 1 : i] != '/';
                if (!dup && !null) {
                        snprintf(reason, reason_n, "a redirect other than 2>&1 or >/dev/null");
                        return false;
                }
        }
        return true;
}

void command_verdict_done(CommandVerdict *v) {
        free(v->paths);
        v->paths = NULL;
        v->n_paths = 0;
}

static uint64_t command_now(const CommandPolicy *policy) {
        struct timespec ts;
        if (policy->now)
                return policy->now();
        (void) clock_gettime(CLOCK_MONOTONIC, &ts);
        return (uint64_t) ts.tv_sec * 1000000u + (uint64_t) ts.tv_nsec / 1000u;
}

bool command_past_deadline(const CommandPolicy *policy) {
        return policy->deadline && command_now(policy) >= policy->deadline;
}

int command_check(const char *cmd, size_t n, const CommandPolicy *given, CommandVerdict *ret) {
        CommandPolicy bounded = *given; /* the deadline this command's judging keeps */
        bounded.deadline = given->time_max ? command_now(given) + given->time_max : 0;
        bounded.dotglob = word_text_dotglob(cmd, n);
        const CommandPolicy *policy = &bounded;
        /* Where a secret's directory folds, a name written with a code point
         * that folds to ASCII (U+212A for 'k', U+017F for 's') opens it:
         * the line is judged with those as their ASCII (case-fold.h), which
         * changes no shell syntax: they were bytes of words, and are
         * letters of words now. */
        bool fold = false;
        for (size_t i = 0; policy->fold && i < policy->n_secrets; i++)
                fold = fold || policy->fold[i];
        if (!fold || !case_fold_has_specials(cmd, n))
                return command_judge(cmd, n, policy, 0, false, NULL, ret);
        _cleanup_free_ char *folded = malloc(n + 1);
        if (!folded)
                return -ENOMEM;
        memcpy(folded, cmd, n);
        folded[n] = 0;
        size_t k = case_fold_specials(folded, n);
        return command_judge(folded, k, policy, 0, false, NULL, ret);
}

/* Where the line runs, inside a masked directory (or git's, when the
 * history holds a masked entry): every relative name in it is below that,
 * so the line names it (cat k in secrets/, a zlib read of objects/ab/cd in
 * .git). A component above the worktree counts too: compared by name. */
static void names_of_cwd(const CommandPolicy *policy, const char *const *last, bool *named) {
        if (!policy->cwd)
                return;
        _cleanup_free_ char *copy = strdup(policy->cwd);
        char *save = NULL;
        if (!copy) { /* unknown: as if it were in each */
                for (size_t i = 0; i < policy->n_secrets; i++)
                        named[i] = true;
                return;
        }
        for (char *c = strtok_r(copy, "/", &save); c; c = strtok_r(NULL, "/", &save))
                for (size_t i = 0; i < policy->n_secrets; i++) {
                        size_t len = strlen(policy->secrets[i]);
                        bool fold = policy->fold && policy->fold[i];
                        bool dir = len > 0 && policy->secrets[i][len - 1] == '/';
                        bool git = policy->held && policy->held[i] && strcasecmp(c, ".git") == 0;
                        if ((dir && (fold ? strcasecmp(c, last[i]) : strcmp(c, last[i])) == 0) || git)
                                named[i] = true;
                }
}

static int judge_once(const char *cmd, size_t n, const CommandPolicy *policy, int depth, bool lenient,
                      const CommandContext *context, CommandVerdict *ret) {
        const char *const *secrets = policy->secrets;
        size_t n_secrets = policy->n_secrets;
        _cleanup_free_ char **last = calloc(n_secrets + 1, sizeof *last);
        _cleanup_free_ bool *named = calloc(n_secrets + 1, sizeof *named);
        _cleanup_free_ char *copies = NULL;
        CommandVerdict v = {0};
        ShellLexed l = {0};
        int r;

        if (!last || !named)
                return -ENOMEM;
        /* each entry's last component: "secrets/" is "secrets" */
        size_t total = 0;
        for (size_t i = 0; i < n_secrets; i++)
                total += strlen(secrets[i]) + 1;
        if (!(copies = malloc(total + 1)))
                return -ENOMEM;
        for (size_t i = 0, off = 0; i < n_secrets; i++) {
                char *c = copies + off;
                strcpy(c, secrets[i]);
                off += strlen(c) + 1;
                size_t len = strlen(c);
                while (len > 0 && c[len - 1] == '/')
                        c[--len] = 0;
                char *slash = strrchr(c, '/');
                last[i] = slash ? slash + 1 : c;
        }
        _cleanup_free_ bool *named_dot = calloc(n_secrets + 1, sizeof *named_dot);
        if (!named_dot)
                return -ENOMEM;
        WordNames wn = {.names = (const char *const *) last,
                        .n = n_secrets,
                        .fold = policy->fold,
                        .named = named,
                        .named_dot = named_dot,
                        .dotglob = policy->dotglob};
        bool lexed = false, cwd_inside = false;
        const char *unjudged = NULL;        /* why every secret counts as named */
        _cleanup_free_ char *joined = NULL; /* what was lexed: bash's continuations gone */
        size_t jn = 0;
        if (n > COMMAND_MAX)
                unjudged = "a command longer than 131072 bytes, the most this rule judges";
        else if (command_past_deadline(policy))
                unjudged = "more time judging than the rule's bound allows";
        else {
                if (!(joined = shell_join_lines(cmd, n, &jn)))
                        return -ENOMEM;
                lexed = !memchr(cmd, 0, n) && (r = shell_lex(joined, jn, &l)) != -EINVAL;
                if (lexed && r < 0) {
                        shell_lexed_done(&l);
                        return r;
                }
                /* not lexed: the names as written and as joined (a
                 * continuation splits a name that bash reads whole) */
                r = lexed ? word_names_lexed(&l, 0, &wn) : word_names_raw(cmd, n, &wn);
                if (!lexed && r >= 0)
                        r = word_names_raw(joined, jn, &wn);
                word_names_done(&wn);
                if (r < 0) {
                        shell_lexed_done(&l);
                        return r;
                }
                _cleanup_free_ bool *by_cwd = calloc(n_secrets + 1, sizeof *by_cwd);
                if (!by_cwd) {
                        shell_lexed_done(&l);
                        return -ENOMEM;
                }
                names_of_cwd(policy, (const char *const *) last, by_cwd);
                for (size_t i = 0; i < n_secrets; i++) {
                        cwd_inside = cwd_inside || by_cwd[i];
                        named[i] = named[i] || by_cwd[i];
                }
                if (wn.spent)
                        unjudged = "more brace expansions and globs than this rule judges";
                else if (wn.deep)
                        unjudged = "expansions or substitutions nested deeper than this rule judges";
                /* what its programs do with their words: a pattern, a string
                 * read again, git's history (command-programs.c) */
                _cleanup_free_ bool *found = calloc(n_secrets + 1, sizeof *found);
                if (!found) {
                        shell_lexed_done(&l);
                        return -ENOMEM;
                }
                Judge judge = {.policy = policy,
                               .named = found,
                               .depth = depth,
                               .reason = v.reason,
                               .reason_n = sizeof v.reason};
                r = lexed && !unjudged ? programs_check(&judge, &l, joined, jn) : 0;
                if (r < 0) {
                        shell_lexed_done(&l);
                        return r;
                }
                /* judged whole as the line with its functions' calls inlined
                 * (its names and the recogniser's reading with it): what this
                 * text names besides is the definitions' */
                if (r == 0 && judge.inlined)
                        for (size_t i = 0; i < n_secrets; i++)
                                named[i] = false;
                if (r > 0) {
                        /* the secrets the finding is about; else those the
                         * line names; else, a bound past which nothing is
                         * judged, all */
                        bool any = false, some = false;
                        for (size_t i = 0; i < n_secrets; i++)
                                any = any || (found[i] && last[i][0]);
                        for (size_t i = 0; i < n_secrets; i++)
                                some = some || (named[i] && last[i][0]);
                        for (size_t i = 0; i < n_secrets; i++)
                                named[i] = (any ? found[i] : some ? named[i] : true) && last[i][0];
                        v.refused = true;
                }
        }
        /* a line the lexer cannot read may still be one bash runs: none
         * of the programs' rules looked at it, so it is refused whatever
         * it names (fail closed) */
        if (!lexed && !unjudged && !lenient)
                unjudged = "a command line the recogniser does not understand";
        for (size_t i = 0; i < n_secrets && unjudged; i++)
                named[i] = true;
        for (size_t i = 0; i < n_secrets; i++)
                if (named[i] && last[i][0])
                        v.n_paths++;
        v.refused = v.refused && v.n_paths > 0; /* no secret: nothing to keep */
        if (v.n_paths == 0 || v.refused) {
                if (!v.refused)
                        snprintf(v.reason, sizeof v.reason, "names no secret path");
                else if (v.n_paths > 0 && !(v.paths = calloc(v.n_paths, sizeof *v.paths))) {
                        shell_lexed_done(&l);
                        return -ENOMEM;
                }
                for (size_t i = 0, k = 0; v.paths && i < n_secrets; i++)
                        if (named[i] && last[i][0])
                                v.paths[k++] = secrets[i];
                shell_lexed_done(&l);
                *ret = v;
                return 0;
        }
        if (!(v.paths = calloc(v.n_paths, sizeof *v.paths))) {
                shell_lexed_done(&l);
                return -ENOMEM;
        }
        for (size_t i = 0, k = 0; i < n_secrets; i++)
                if (named[i] && last[i][0])
                        v.paths[k++] = secrets[i];

        v.refused = true;
        bool control = false;
        for (size_t i = 0; i < n; i++)
                control = control || ((uint8_t) cmd[i] < 0x20 && cmd[i] != '\t' && cmd[i] != '\n') ||
                          cmd[i] == 0x7f;
        if (unjudged)
                snprintf(v.reason, sizeof v.reason, "%s", unjudged);
        else if (!lexed)
                snprintf(v.reason, sizeof v.reason, "a command line the recogniser does not understand");
        else if (control)
                snprintf(v.reason, sizeof v.reason, "a control character");
        else {
                P p = {.l = &l,
                       .reason = v.reason,
                       .reason_n = sizeof v.reason,
                       .sec = &wn,
                       .policy = policy,
                       .depth = depth,
                       .cwd_inside = cwd_inside};
                bool ok = line(&p);
                if (ok && bytes_allowed(joined, jn, &l, &p, p.wrote, p.reads, p.substituted, v.reason,
                                        sizeof v.reason)) {
                        v.refused = false;
                        snprintf(v.reason, sizeof v.reason, "only asks about the name or size");
                } else if (!ok && context && p.i >= context->from && p.i < context->to) {
                        /* refused at what the caller put before the string: the
                         * string's own commands give the reason, else that */
                        P rest = p;
                        rest.i = context->to;
                        rest.loop = NULL;
                        rest.writes = rest.wrote = rest.reads = rest.substituted = false;
                        rest.n_spared = rest.n_deferred = 0;
                        if (line(&rest) && bytes_allowed(joined, jn, &l, &rest, rest.wrote, rest.reads,
                                                         rest.substituted, v.reason, sizeof v.reason))
                                snprintf(v.reason, sizeof v.reason, "%s", context->why);
                }
        }
        shell_lexed_done(&l);
        *ret = v;
        return 0;
}

/* FEED | while read l; do ...; done refused: FEED judged on its own, and
 * the loop with its lines unknown (read from /dev/null, each any name) as
 * if git's history held every entry; the line allowed when both are. The
 * loop's variable is then data its body prints (echo "$l") or asks about;
 * a body that reads it as a name is refused as before. */
static int fed_apart(const char *cmd, size_t n, const CommandPolicy *policy, int depth, bool lenient,
                     CommandVerdict *ret) {
        _cleanup_free_ char *feed = NULL, *loop = NULL;
        _cleanup_free_ bool *held = calloc(policy->n_secrets + 1, sizeof *held);
        if (!held)
                return -ENOMEM;
        for (size_t i = 0; i < policy->n_secrets; i++)
                held[i] = true;
        CommandPolicy all = *policy;
        all.held = held;
        all.held_at = NULL;
        CommandVerdict f, v;
        /* mapfile -t a < <(LIST); PROG "${a[@]}" is LIST | xargs -d '\n' PROG */
        int r = fedloop_mapfile(cmd, n, &loop);
        if (r < 0)
                return r;
        if (r > 0) {
                if ((r = command_judge(loop, strlen(loop), &all, depth + 1, lenient, NULL, &v)) < 0)
                        return r;
                if (!v.refused) {
                        ret->refused = false;
                        snprintf(ret->reason, sizeof ret->reason, "%s",
                                 "an array of a list's lines handed to a program, as xargs would");
                }
                command_verdict_done(&v);
                return 0;
        }
        r = fedloop_split(cmd, n, &feed, &loop);
        if (r <= 0)
                return r;
        if ((r = command_judge(feed, strlen(feed), policy, depth + 1, lenient, NULL, &f)) < 0)
                return r;
        bool refused = f.refused;
        command_verdict_done(&f);
        if (refused)
                return 0;
        if ((r = command_judge(loop, strlen(loop), &all, depth + 1, lenient, NULL, &v)) < 0)
                return r;
        refused = v.refused;
        command_verdict_done(&v);
        if (!refused) {
                ret->refused = false;
                snprintf(ret->reason, sizeof ret->reason, "%s",
                         "a list's lines read as data by a loop, each part judged on its own");
        }
        return 0;
}

int command_judge(const char *cmd, size_t n, const CommandPolicy *policy, int depth, bool lenient,
                  const CommandContext *context, CommandVerdict *ret) {
        int r = judge_once(cmd, n, policy, depth, lenient, context, ret);
        if (r < 0 || !ret->refused || depth + 1 > REREAD_MAX || n > COMMAND_MAX ||
            command_past_deadline(policy))
                return r;
        if (memchr(cmd, 0, n))
                return 0;
        /* a for loop over plain words refused: each word where its
         * variable stood (command-forwords.c), the line allowed when that is */
        _cleanup_free_ char *out = NULL;
        r = forwords_write_out(cmd, n, &out);
        if (r == 0)
                return fed_apart(cmd, n, policy, depth, lenient, ret);
        if (r < 0)
                return r;
        CommandVerdict v;
        r = command_judge(out, strlen(out), policy, depth + 1, lenient, NULL, &v);
        if (r < 0)
                return r;
        if (v.refused) {
                command_verdict_done(&v);
                return 0;
        }
        command_verdict_done(ret); /* what the words name where they stand */
        *ret = v;
        return 0;
}
