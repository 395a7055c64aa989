/* SPDX-License-Identifier: MIT */
/*
 * The name-or-size language's compound commands (command.c's recogniser):
 * a subshell, a group, if, case, until, and a while other than while read.
 * Each command inside one is judged as the language judges it on its own;
 * the reserved words, and newlines, only separate them. It must not judge
 * a simple command itself: command.c does.
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "command-internal.h"
#include "shell-lex.h"
#include "util.h"

typedef Recogniser P;

/* Compound commands in compound commands, at most (each a few frames of
 * the recogniser's stack). */
#define CLAUSES_MAX 32

static const ShellToken *cur(const P *p) {
        return p->i < p->l->n ? &p->l->v[p->i] : NULL;
}

static bool is_op(const ShellToken *t, const char *op) {
        return t && t->kind == SHELL_TOKEN_OP && streq(t->op, op);
}

/* Is the token at p->i one of enders: a reserved word, or an operator
 * (one starting with ';' or ')')? */
static bool at_ender(const P *p, const char *const *enders) {
        for (size_t k = 0; enders[k]; k++)
                if (enders[k][0] == ';' || enders[k][0] == ')' ? is_op(cur(p), enders[k])
                                                               : recog_keyword(cur(p), enders[k]))
                        return true;
        return false;
}

static void skip_newlines(P *p) {
        while (cur(p) && cur(p)->kind == SHELL_TOKEN_NEWLINE)
                p->i++;
}

/* [!] COMMAND [| FILTER]...: a pipe (and a newline after it) as bash reads it. */
bool recog_pipeline(P *p) {
        if (recog_keyword(cur(p), "!"))
                p->i++;
        size_t from = p->i;
        if (!recog_command(p))
                return false;
        while (is_op(cur(p), "|")) {
                p->pipe_from = from, p->pipe_to = p->i; /* the list a while read after it reads */
                p->i++;
                skip_newlines(p);
                if (!recog_filter(p))
                        return false;
        }
        return true;
}

/* Pipelines joined by ;, &&, || and newlines, up to one of enders where a
 * command would start (a reserved word there, never one that is a
 * command's word: echo fi), left at p->i. Empty is refused, as bash does. */
bool recog_list(P *p, const char *const *enders) {
        bool any = false;
        for (;;) {
                skip_newlines(p);
                if (any && at_ender(p, enders))
                        return true;
                if (!recog_pipeline(p))
                        return false;
                any = true;
                const ShellToken *t = cur(p);
                if (!t)
                        return recog_refuse(p, "a compound command without its %s", enders[0]);
                if (at_ender(p, enders))
                        return true;
                if (t->kind == SHELL_TOKEN_NEWLINE || is_op(t, ";"))
                        p->i++;
                else if (is_op(t, "&&") || is_op(t, "||")) {
                        p->i++;
                        skip_newlines(p);
                        if (at_ender(p, enders))
                                return recog_refuse(p, "%s with no command after it", t->op);
                } else if (is_op(t, "&"))
                        return recog_refuse(p, "a background &");
                else
                        return recog_refuse(p, "%s, which the recogniser does not allow",
                                            t->kind == SHELL_TOKEN_WORD ? "a word" : t->op);
        }
}

/* Past a compound's closer: no redirect of its own but 2>&1 and
 * >/dev/null ({ ...; } > F, fi < F). */
static bool closed(P *p) {
        const ShellToken *t;
        while ((t = cur(p)) && t->kind == SHELL_TOKEN_REDIR) {
                p->writes = false;
                if (!recog_redirect(p, t, p->i + 1 < p->l->n ? &p->l->v[p->i + 1] : NULL))
                        return false;
                if (p->writes)
                        return recog_refuse(p,
                                            "a compound command's redirect other than 2>&1 or >/dev/null");
                p->i += 2;
        }
        if (t && t->kind == SHELL_TOKEN_WORD)
                return recog_refuse(p, "a word after a compound command");
        return true;
}

/* A case pattern: no expansion, substitution or extglob (which bash would
 * expand); a masked name in one is data, matched against the word only. */
static bool case_pattern(P *p) {
        const ShellToken *t = cur(p);
        if (!t || t->kind != SHELL_TOKEN_WORD || t->w.expansion || t->w.substitution)
                return recog_refuse(p, "a case pattern other than plain text or a glob");
        for (size_t i = 0; i < t->w.n; i++)
                if (t->w.v[i].kind == SHELL_EXPAND || t->w.v[i].kind == SHELL_EXTGLOB)
                        return recog_refuse(p, "a case pattern other than plain text or a glob");
        p->i++;
        return true;
}

/* case WORD in [(]PAT[|PAT]...) LIST ;; ... esac: WORD plain text or the
 * loop's variable; ;& and ;;& run the next LIST too, which is judged anyway. */
static bool case_clause(P *p) {
        static const char *const item_end[] = {";;", ";&", ";;&", "esac", NULL};
        char buf[256];
        p->i++;
        const ShellToken *t = cur(p);
        if (!t || t->kind != SHELL_TOKEN_WORD || t->w.substitution ||
            !(recog_literal(&t->w, buf) || (p->loop && streq(t->w.param, p->loop))))
                return recog_refuse(p, "a case whose word is not plain text or the loop's variable");
        p->i++;
        skip_newlines(p);
        if (!recog_keyword(cur(p), "in"))
                return recog_refuse(p, "a case the recogniser does not understand");
        p->i++;
        for (;;) {
                skip_newlines(p);
                if (recog_keyword(cur(p), "esac"))
                        break;
                if (is_op(cur(p), "("))
                        p->i++;
                if (!case_pattern(p))
                        return false;
                while (is_op(cur(p), "|")) {
                        p->i++;
                        if (!case_pattern(p))
                                return false;
                }
                if (!is_op(cur(p), ")"))
                        return recog_refuse(p, "a case the recogniser does not understand");
                p->i++;
                skip_newlines(p);
                if (!at_ender(p, item_end) && !recog_list(p, item_end))
                        return false;
                if (!cur(p))
                        return recog_refuse(p, "a case without its esac");
                if (!recog_keyword(cur(p), "esac"))
                        p->i++;
        }
        p->i++;
        return closed(p);
}

/* A compound command (a subshell, a group, if, case, until, or a while
 * other than while read): each command in it judged as on its own, the
 * reserved words separators. */
static bool clause(P *p);

bool recog_clause(P *p) {
        if (p->nesting >= CLAUSES_MAX)
                return recog_refuse(p, "compound commands nested deeper than %d", CLAUSES_MAX);
        p->nesting++;
        bool ok = clause(p);
        p->nesting--;
        return ok;
}

static bool clause(P *p) {
        static const char *const paren[] = {")", NULL}, *const brace[] = {"}", NULL},
                                 *const then[] = {"then", NULL},
                                 *const branch[] = {"elif", "else", "fi", NULL}, *const fi[] = {"fi", NULL},
                                 *const body[] = {"do", NULL}, *const done[] = {"done", NULL};
        const ShellToken *t = cur(p);
        if (recog_keyword(t, "case"))
                return case_clause(p);
        p->i++;
        if (is_op(t, "(") || recog_keyword(t, "{")) {
                if (!recog_list(p, is_op(t, "(") ? paren : brace))
                        return false;
        } else if (recog_keyword(t, "if")) {
                do {
                        if (!recog_list(p, then))
                                return false;
                        p->i++;
                        if (!recog_list(p, branch))
                                return false;
                } while (recog_keyword(cur(p), "elif") && ++p->i);
                if (recog_keyword(cur(p), "else")) {
                        p->i++;
                        if (!recog_list(p, fi))
                                return false;
                }
        } else { /* until or while LIST; do LIST; done */
                if (!recog_list(p, body))
                        return false;
                p->i++;
                if (!recog_list(p, done))
                        return false;
        }
        p->i++;
        return closed(p);
}
