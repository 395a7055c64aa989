/* SPDX-License-Identifier: MIT */
/*
 * Computed words that become command lines (command-internal.h): a word
 * holding a substitution or expansion that a program makes into a line it
 * runs (parallel ::: "$(...)"), which the rule judges as a shell reading
 * what substitutions print, never as the empty word. It must not judge:
 * command-shells.c marks the line, and command-programs.c judges it.
 */
#include <stdbool.h>
#include <stddef.h>

#include "command-internal.h"
#include "util.h"

static bool parallel_separator(const ShellWord *w) {
        return programs_word_is(w, ":::") || programs_word_is(w, ":::+") || programs_word_is(w, "::::") ||
               programs_word_is(w, "::::+");
}

/* parallel at w[0] (or sem): does a ':::' argument known only when it runs
 * become (part of) a line a shell reads: no command (each argument a
 * line), a command that is a replacement string or computed ({}, "{1}",
 * $c), or a shell, eval or source among its words (bash -c :::)? */
static bool parallel_computed(const ShellWord *const *w, size_t n) {
        size_t first = 1, sep;
        bool piped = false, semaphore = false, computed = false;
        if (options_parallel(w, n, &first, &piped, &semaphore) < 0)
                return true;
        for (sep = first; sep < n && !parallel_separator(w[sep]);)
                sep++;
        for (size_t k = sep; k < n; k++)
                computed =
                        computed || (!parallel_separator(w[k]) && (w[k]->expansion || w[k]->substitution));
        if (!computed)
                return false;
        if (sep == first)
                return true;
        char buf[256];
        size_t k = first;
        while (k < sep && programs_is_assignment(w[k]))
                k++;
        for (size_t inner; k < sep && (inner = programs_wrapped(w + k, sep - k)) != SIZE_MAX;)
                k += inner;
        if (k >= sep || !programs_plain(w[k], buf, sizeof buf) || strchr(buf, '{'))
                return true;
        for (; k < sep; k++) {
                const char *name = programs_name(w[k], buf, sizeof buf);
                if (programs_is_shell(name) || streq_ptr(name, "eval") || streq_ptr(name, "source") ||
                    streq_ptr(name, "."))
                        return true;
        }
        return false;
}

bool computed_line_words(const ShellWord *const *w, size_t n) {
        char buf[256];
        size_t k = 0;
        while (k < n && programs_is_assignment(w[k]))
                k++;
        for (size_t inner; k < n; k += inner) {
                const char *name = programs_name(w[k], buf, sizeof buf);
                if ((streq_ptr(name, "parallel") || streq_ptr(name, "sem")) &&
                    parallel_computed(w + k, n - k))
                        return true;
                if ((inner = programs_wrapped(w + k, n - k)) == SIZE_MAX)
                        break;
        }
        return false;
}
