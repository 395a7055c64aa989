/* SPDX-License-Identifier: MIT */
/*
 * The name a copier or an archiver writes, made at run time (cp F
 * "out/app-$(date +%s).tgz", tar -czf logs-$(date +%F).tgz logs/, zip -r
 * "release-$(date +%Y%m%d).zip" dist), as command-internal.h says: a word
 * that stays one word when it runs is written, not read, whatever it
 * holds; one that may split or glob into more may make sources. It must
 * not lex, nor decide.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* The text of a command substitution (inner, n bytes) prints one word of
 * no blank and no glob special: date +FORMAT of numeric conversions, git
 * rev-parse of HEAD (hex), git describe (a ref's name: no blank, '*', '?'
 * or '[', git check-ref-format). */
static bool prints_one_word(const char *inner, size_t n) {
        _cleanup_free_ char *t = strndup(inner, n);
        if (!t)
                return false;
        char *save = NULL, *p = strtok_r(t, " \t", &save);
        if (!p)
                return false;
        if (streq(p, "date")) {
                bool format = false;
                for (p = strtok_r(NULL, " \t", &save); p; p = strtok_r(NULL, " \t", &save)) {
                        if (streq(p, "-u") || streq(p, "--utc"))
                                continue;
                        if (p[0] != '+' || format)
                                return false;
                        format = true;
                        for (const char *c = p + 1; *c; c++) {
                                if (*c == '%' && (!c[1] || !strchr("sFYmdHMSTyjuVDGgRzNCI", c[1])))
                                        return false; /* %c, %e, %k, %a, %n...: blanks or names */
                                if (*c == '%')
                                        c++;
                                else if (!strchr("-_.:/+", *c) && !(*c >= '0' && *c <= '9') &&
                                         !((*c | 0x20) >= 'a' && (*c | 0x20) <= 'z'))
                                        return false;
                        }
                }
                return format;
        }
        if (!streq(p, "git") || !(p = strtok_r(NULL, " \t", &save)))
                return false;
        bool rev_parse = streq(p, "rev-parse"), describe = streq(p, "describe");
        if (!rev_parse && !describe)
                return false;
        for (p = strtok_r(NULL, " \t", &save); p; p = strtok_r(NULL, " \t", &save))
                if (!(streq(p, "HEAD") || streq(p, "--short") || strncmp(p, "--short=", 8) == 0 ||
                      (describe && (streq(p, "--tags") || streq(p, "--always") || streq(p, "--dirty") ||
                                    strncmp(p, "--abbrev=", 9) == 0))))
                        return false;
        return true;
}

/* Does every command substitution of the line's text print one word
 * (prints_one_word)? A substitution that holds another, a quote or an
 * expansion is not read: no. */
static bool substitutions_print_one_word(const char *s, size_t n) {
        for (size_t i = 0; i < n; i++) {
                bool dollar = s[i] == '$' && i + 1 < n && s[i + 1] == '(';
                if (!(dollar && !(i + 2 < n && s[i + 2] == '(')) && s[i] != '`')
                        continue;
                size_t from = i + (dollar ? 2 : 1), e = from;
                while (e < n && s[e] != (dollar ? ')' : '`') && !strchr("()`$'\"\\\n", s[e]))
                        e++;
                if (e >= n || s[e] != (dollar ? ')' : '`') || !prints_one_word(s + from, e - from))
                        return false;
                i = e;
        }
        return true;
}

bool outnames_one_word(const Judge *j, const ShellWord *x) {
        bool expands = false;
        for (size_t i = 0; i < x->n; i++) {
                const ShellItem *it = &x->v[i];
                if (it->kind != SHELL_LIT && it->kind != SHELL_EXPAND)
                        return false; /* a glob, a brace, an extglob: names it may make */
                if (it->kind != SHELL_EXPAND)
                        continue;
                expands = true;
                if (it->quoted)
                        continue; /* "...$(...)...": one word, no glob */
                /* unquoted: split by IFS; one word when the line sets no IFS and
                 * each substitution of its own text (not a string read again)
                 * prints one word, or the value is arithmetic's */
                if (j->depth > 0 || !j->text || memmem(j->text, j->text_n, "IFS", 3) ||
                    !(it->arith || (it->nested && substitutions_print_one_word(j->text, j->text_n))))
                        return false;
        }
        /* "$@", "${a[@]}", "${!a[@]}": as many words as values */
        return !expands || (j->text && !memchr(j->text, '@', j->text_n));
}

/* tar's letters that take no value ('f' the one that does) */
static const char tar_flags[] = "cxtrudAzjJZvpPOkmSWahiMGRsowUl";

size_t outnames_archive(const char *name, const ShellWord *const *w, size_t n) {
        char buf[256];
        if (streq(name, "tar") || streq(name, "bsdtar")) {
                for (size_t k = 1; k + 1 < n; k++) {
                        const char *a = programs_plain(w[k], buf, sizeof buf);
                        if (!a)
                                continue;
                        size_t len = strlen(a);
                        /* tar czf NAME (letters first, f's value the next word
                         * when f is the only one taking a value), -czf NAME,
                         * --file NAME */
                        bool old = k == 1 && a[0] != '-' && len > 0 && strchr(a, 'f') == strrchr(a, 'f');
                        bool bundle = a[0] == '-' && a[1] != '-' && len > 1 && a[len - 1] == 'f';
                        if ((old || bundle) && strchr(a, 'f')) {
                                for (const char *c = a + bundle; *c; c++)
                                        if (*c != 'f' && !strchr(tar_flags, *c))
                                                return SIZE_MAX;
                                return k + 1;
                        }
                        if (streq(a, "--file"))
                                return k + 1;
                        if (streq(a, "--"))
                                return SIZE_MAX;
                }
                return SIZE_MAX;
        }
        if (!streq(name, "zip"))
                return SIZE_MAX;
        /* zip's archive: its first operand, after options that take no value */
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && a[0] == '-' && a[1] &&
                    strspn(a + 1, "rqvjyXDufmoTlkgAJFSe0123456789@") == strlen(a + 1))
                        continue;
                /* "$x.zip" may be an option; "r-$(date +%s).zip" is not */
                bool operand =
                        a ? a[0] != '-' : w[k]->n > 0 && w[k]->v[0].kind == SHELL_LIT && w[k]->v[0].c != '-';
                return operand ? k : SIZE_MAX;
        }
        return SIZE_MAX;
}

size_t outnames_destination(const Judge *j, const char *name, const ShellWord *const *w, size_t n) {
        static const char *const copiers[] = {"cp", "mv", "ln", "install", NULL};
        char buf[256], prev[256];
        if (!streq_any(name, copiers) || n < 3)
                return SIZE_MAX;
        /* -t DIR, --target-directory: every operand a source */
        for (size_t k = 1; k < n; k++) {
                const char *a = programs_plain(w[k], buf, sizeof buf);
                if (a && streq(a, "--"))
                        break;
                if (a && (strncmp(a, "--t", 3) == 0 || (a[0] == '-' && a[1] != '-' && strchr(a + 1, 't'))))
                        return SIZE_MAX;
        }
        /* the last word one word when it runs, after an operand as written */
        const ShellWord *last = w[n - 1];
        const char *before = programs_plain(w[n - 2], prev, sizeof prev);
        if (!before || before[0] == '-' || last->n == 0 || last->v[0].kind != SHELL_LIT ||
            last->v[0].c == '-' || !outnames_one_word(j, last))
                return SIZE_MAX;
        return n - 1;
}
