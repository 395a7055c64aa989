/* SPDX-License-Identifier: MIT */
/* The judge's readers of what the agent's runner sends: a hook input and a
 * stream line. Whatever they accept names a tool and an access, and a
 * non-empty path for each path (a search's glob may name none: the working
 * directory, ""), or a command line; whatever they refuse says why; the
 * path's category is one of the known ones, at the root and in a nested
 * checkout; a search's glob is read without failing. */
#include <stdint.h>
#include <stdlib.h>

#include "judge.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char policy_text[] =
        "mask-file .env\nmask-dir secrets/\nprotect .git/config\nprotect .git/hooks/\n";

static void check(int r, const JudgeCall *c, const char *why, const Policy *p) {
        if (r < 0 && r != -ENOMEM && !why)
                abort(); /* every refusal says why */
        if (r <= 0)
                return;
        if (!c->tool || c->access >= _JUDGE_ACCESS_MAX)
                abort();
        if (c->command)
                return;
        if (c->glob) { /* the glob's reading: bounded, whatever it holds */
                JudgeGlobs *g = NULL;
                if (judge_globs_new(c->glob, &g) < 0)
                        abort();
                (void) judge_globs_reach(g, ".env", false);
                (void) judge_globs_reach(g, "a/secrets", true);
                judge_globs_free(g);
        }
        if (!c->path || (!c->path[0] && !(c->grep && c->glob)))
                abort();
        for (size_t i = 0; i < c->n_more; i++)
                if (!c->more[i].path || !c->more[i].path[0] || c->more[i].access >= _JUDGE_ACCESS_MAX)
                        abort();
        /* Folded (every entry's directories case-insensitive): never less
         * than as written, a path that names an entry as written names it
         * folded too. */
        static const bool all[64] = {[0 ... 63] = true};
        const JudgeFold fold = {p->n <= 64 ? all : NULL, true};
        for (int nested = 0; nested < 2; nested++) {
                JudgeCategory as_written = judge_classify(p, NULL, c->path, nested),
                              folded = judge_classify(p, &fold, c->path, nested);
                if (!judge_category_to_string(as_written) || !judge_category_to_string(folded))
                        abort();
                if (as_written != JUDGE_NONE && folded == JUDGE_NONE)
                        abort();
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        static Policy *p;
        PolicyError e;
        if (!p && policy_parse(policy_text, sizeof policy_text - 1, &p, &e) < 0)
                abort();

        JudgeCall c = {0};
        const char *why = NULL;
        int r = judge_parse_hook((const char *) data, size, NULL, &c, &why);
        check(r, &c, why, p);
        judge_call_done(&c);
        why = NULL;
        r = judge_parse_stream((const char *) data, size, NULL, &c, &why);
        check(r, &c, why, p);
        judge_call_done(&c);
        return 0;
}
