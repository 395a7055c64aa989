/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "shell-lex.h"
#include "tests.h"
#include "util.h"
#include "word-names.h"

/*
 * The secret-paths rule (daemon/core/command.c) against the known ways
 * round it: each row a command line and what the rule must decide. The
 * secrets are the built-ins' masked entries and a masked directory.
 */

/* Every name folds, as on a case-insensitive volume: the tables below were
 * written for that; test_case (test-command.c) has both. */
static const bool folds[64] = {[0 ... 63] = true};
static const char *const secrets[] = {".env",   ".envrc",   ".git-credentials",
                                      ".netrc", "secrets/", "config/master.key"};

typedef struct Row {
        const char *cmd;
        bool refused;
        const char *path; /* the secret it names, or NULL for none */
} Row;

static const Row rows[] = {
        /* the issue's bypasses: refused */
        {"cat .env", true, ".env"},
        /* tenth pass (31j): defaults nested past the depth judged: refused,
         * every secret named (hole 22) */
        {"cat ${x:-${x:-${x:-${x:-${x:-${x:-${x:-${x:-${x:-${x:-.env}}}}}}}}}}", true, ".env"},
        {"cat ${x:-${x:-${x:-${x:-${x:-${x:-${x:-${x:-${x:-${x:-x}}}}}}}}}}", true, ".env"},
        {"cat "
         "\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\"${x:-\".env\"}\"}"
         "\"}\"}\"}\"}\"}\"}\"}\"}\"}\"}\"",
         true, ".env"},
        {"cat ${x:-${x:-${x:-${x:-${x:-x}}}}}", false, NULL},
        /* tenth pass (31j): a bracket range to a collating symbol (hole 12) */
        {"cat .e[a-[.z.]]v", true, ".env"},
        {"cat .e[m-[.o.]]v", true, ".env"},
        {"cat secret[a-[.z.]]/k", true, "secrets/"},
        {"head .netr[a-[.d.]]", true, ".netrc"},
        {"cd secret[a-[.z.]] && cat k", true, "secrets/"},
        {"wc -c < .env", true, ".env"},
        {"wc -c --files0-from=.env", true, ".env"},
        {"wc -c --f=.env", true, ".env"},
        {"sort --files0-from=.env", true, ".env"},
        {"ls $(cat .env)", true, ".env"},
        {"ls `cat .env`", true, ".env"},
        {"test -v 'a[$(cat .env)]'", true, ".env"},
        {"git -c core.fsmonitor='cat .env' status", true, ".env"},
        {"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='cat .env >&2' git status",
         true, ".env"},
        {"PATH=./x:$PATH ls .env", true, ".env"},
        {"ls .env | tee out", true, ".env"},
        {"ls .env > out", true, ".env"},
        {"source .env", true, ".env"},
        {". .env", true, ".env"},
        {"xargs cat <<< .env", true, ".env"},
        {"find . -name .env -exec cat {} \\;", true, ".env"},
        {"cp .env /tmp/x", true, ".env"},
        {"ls .env; cat .env", true, ".env"},
        {"ls .env & cat .env", true, ".env"},
        {"ls .env\ncat .env", true, ".env"},
        {"ls .env\rx", true, ".env"},
        {"cat $'\\x2e'env", true, ".env"},
        {"{ cat .env; }", true, ".env"},
        {"(cat .env)", true, ".env"},
        {"cat <(ls) .env", true, ".env"},
        {"eval 'cat .env'", true, ".env"},
        {"f() { cat .env; }; f", true, ".env"},
        {"sort -o out .env", true, ".env"},
        {"head .env", true, ".env"},
        /* how a word can name it */
        {"cat .e*", true, ".env"},
        {"cat {.e,}nv", true, ".env"},
        {"cat .e\\nv", true, ".env"},
        {"cat \".env\"", true, ".env"},
        {"cat '.e'\"nv\"", true, ".env"},
        {"cat ?env", false, NULL}, /* bash: a leading dot matched only by a '.' */
        {"cat .[e]nv", true, ".env"},
        {"cat .[!x]nv", true, ".env"},
        {"cat ~/proj/.env", true, ".env"},
        {"cat $'\\056env'", true, ".env"},
        {"cat $'\\u002eenv'", true, ".env"},
        {"python3 -c 'print(open(\".env\").read())'", true, ".env"},
        {"tool --file=.env", true, ".env"},
        {"git show HEAD:.env", true, ".env"},
        {"sed -f.env x", true, ".env"},
        {"cat ${X:-.env}", true, ".env"},
        {"cat \"$(printf %s .env)\"", true, ".env"},
        {"cat $(echo $(echo .env))", true, ".env"},
        {"cat secrets/k", true, "secrets/"},
        {"cat sec*/k", true, "secrets/"},
        {"cat config/master.key", true, "config/master.key"},
        {"cat .env{rc,}", true, ".envrc"},
        {"ls -la .env; cat ~/.netrc", true, ".netrc"},
        {"cat {a..z}env", true, ".env"},
        {"cat .ENV", true, ".env"}, /* a case-insensitive volume opens .env */
        {"cat .E[N]v", true, ".env"},
        {"cat SECRETS/k", true, "secrets/"},
        {"cat "
         "{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,"
         "b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{"
         "a,b}",
         true, ".env"},
        /* the name-or-size language with something more: refused */
        {"ls .env 2>out", true, ".env"},
        {"ls .env >>/dev/null", true, ".env"},
        {"ls .env | sort -o x", true, ".env"},
        {"ls .env | sort -T /tmp", true, ".env"},
        {"ls .env | head -n", true, ".env"},
        {"ls .env | tail -f", true, ".env"},
        {"ls .env | uniq a b", true, ".env"},
        {"ls .env | wc --files0-from=x", true, ".env"},
        {"ls .env | head x", true, ".env"},
        {"wc -l .env", true, ".env"},
        {"wc -cl .env", true, ".env"},
        {"wc --by .env", true, ".env"},
        {"git status -v .env", true, ".env"},
        {"git status --pathspec-from-file=.env", true, ".env"},
        {"git check-ignore --stdin .env", true, ".env"},
        {"git diff .env", true, ".env"},
        {"test -O .env", true, ".env"},
        {"test -e .env -a -e x", true, ".env"},
        {"[ -f .env", true, ".env"},
        {"ls \"$F\" .env", true, ".env"},
        {"for f in .env; do cat \"$f\"; done", true, ".env"},
        /* written out, each reads nothing: { { ls; }; } */
        {"for f in .env; do for g in x; do ls; done; done", false, NULL},
        {"for f in .env; do for g in x; do cat \"$f\"; done; done", true, ".env"},
        {"for f in $(ls); do ls .env; done", true, ".env"},
        {"for f in .env; do ls \"$g\"; done", false, NULL},
        {"for f in .env; do cat \"$g\" \"$f\"; done", true, ".env"},
        {"for f in .env\ndo cat $f; done", true, ".env"},
        {"ls .env |& head", true, ".env"},
        {"ls .env || ls .env | cat", true, ".env"},
        {"/bin/ls .env", true, ".env"},
        {"ls .env 'unterminated", true, ".env"},
        {"exec 3<.env", true, ".env"},
        {"ls .env 2>&1 >out", true, ".env"},
        {"ls .env 1>&2", true, ".env"},
        {"((x)); ls .env", true, ".env"},
        /* review16: a glob bracket with a quoted or escaped byte in it is still a
         * bracket to bash (.[\e]nv opens .env), not a '[' */
        {"cat .[\\e]nv", true, ".env"},
        {"cat .[\"e\"]nv", true, ".env"},
        {"cat .['e']nv", true, ".env"},
        {"cat .e[\\n]v", true, ".env"},
        {"cat .[e$x]nv", true, ".env"},
        {"cat [\\s]ecrets/k", true, "secrets/"},
        /* review16: an option's argument skipped whole, but brace expansion
         * makes it two words: the second is a path the filter reads */
        {"ls | sort -k {1,.env}", true, ".env"},
        {"ls | head -n {1,.env}", true, ".env"},
        {"ls | tail -n {+1,.env}", true, ".env"},
        {"ls | uniq -f {0,.env}", true, ".env"},
        /* review16: a word starting with '{' taken as an operand, but brace
         * expansion makes it options: --files0-from reads .env, its lines in
         * wc's errors */
        {"wc {-c,--files0-from=.env}", true, ".env"},
        {"wc -c {--files0-from=.env,--bytes}", true, ".env"},
        /* review16: the loop's variable is whole but not one word: unquoted,
         * it is split, or it is an option */
        {"for f in '1 .env'; do ls | head -n $f; done", true, ".env"},
        {"for f in '1 .env'; do ls | sort -k $f; done", true, ".env"},
        {"for f in --files0-from=.env; do wc -c $f; done", true, ".env"},
        /* review16: a '#' starting a word is a comment to bash: the quote
         * after it is not a quote, and the newline in it is a second line */
        {"ls .env #'\ncat .env #'", true, ".env"},
        {"ls .env #\"\ncat .env #\"", true, ".env"},
        /* review16: extglob patterns, once shopt -s extglob is on a line before */
        {"shopt -s extglob\ncat .@(env)", true, ".env"},
        {"shopt -s extglob\ncat +(.)env", true, ".env"},
        /* variants of review16's: an option glob, a brace that empties,
         * a glob as wc's operand (a file named --files0-from=.env here) */
        {"wc -c --files0-from=.e*", true, ".env"},
        {"wc -c {,x}--files0-from=.env", true, ".env"},
        {"wc -c *", true, "secrets/"},
        {"wc -c ?env", false, NULL},
        {"git status $(printf .env)", true, ".env"},
        {"for f in .e*; do wc -c $f; done", true, ".env"},
        {"cat .[']'e]nv", true, ".env"},
        {"cat .en[\\v]", true, ".env"},
        {"cat .?(e)nv", true, ".env"},
        {"ls x # .env\ncat .env", true, ".env"},
        /* attack16: an expansion that is empty (or a default) splices a name
         * together: an expansion counts as no glob piece, so .e<exp>nv names nothing */
        {"cat .e$@nv", true, ".env"},
        {"cat .e${x}nv", true, ".env"},
        {"cat ${x:-.e}nv", true, ".env"},
        {"cat .e$(true)nv", true, ".env"},
        /* attack16: bash expands braces before globs and ignores brackets: the
         * lexer's class [}.env{,] swallows the braces and the name */
        {"cat {,[}.env{,]}", true, ".env"},
        {"cat {,[}secrets{,]}/k", true, "secrets/"},
        /* attack16: bash 5.2's $'\x{HH...}' (any number of digits, the low byte kept) */
        {"cat $'\\x{2e}env'", true, ".env"},
        {"cat $'\\x{12e}env'", true, ".env"},
        /* attack16: a line continuation is gone before bash tokenizes: $\<nl>'..'
         * is $'..', $\<nl>{x} is ${x}, and \<nl># starts a comment */
        {"cat $\\\n'\\x2eenv'", true, ".env"},
        {"cat .e$\\\n{x}nv", true, ".env"},
        {"cat .e$\\\n@nv", true, ".env"},
        {"ls .env \\\n#'\ncat .env #'", true, ".env"},
        /* attack16: a short-option cluster with a digit before the attached
         * argument: xargs -0 -a .env */
        {"xargs -0a.env echo", true, ".env"},
        /* attack16: git status's -u takes its argument only attached: -v after
         * it is --verbose (the diff of a tracked .env) */
        {"git status -u -v -u -v .env", true, ".env"},
        /* attack16: a for loop assigns its variable: PATH (an earlier command
         * made x/ls a copy of cat), as PATH=./x ls .env does */
        {"for PATH in ./x; do ls .env; done", true, ".env"},
        /* issue 31: a backquoted body loses one level of backslashes before
         * bash reads it (in double quotes, \" too) */
        {"echo `cat .e\\\\nv`", true, ".env"},
        {"echo \"`cat .e\\\\nv`\"", true, ".env"},
        {"echo `cat \\\\.env`", true, ".env"},
        {"echo `echo \\`cat .e\\\\\\\\nv\\``", true, ".env"},
        {"echo \"`cat \\\".env\\\"`\"", true, ".env"},
        {"echo `cat '.e\\\\nv'`", false, NULL}, /* cat '.e\nv': quoted, a backslash */
        {"echo `cat '.e'\\\\nv`", true, ".env"},
        {"echo `cat sec\\\\rets/k`", true, "secrets/"},
        {"cat $(echo `cat .e\\\\nv`)", true, ".env"},   /* in a $(...) */
        {"cat \"${x:-`cat .e\\\\nv`}\"", true, ".env"}, /* in a default */
        {"echo `cat .e\\\\\\\\nv`", false, NULL},       /* cat .e\\nv: not .env */
        /* issue 31: a bracket holding ',', '{' or '}' is a glob: bash expands
         * braces first, knowing no brackets */
        {"cat .[,e]nv", true, ".env"},
        {"cat secret[s,]/k", true, "secrets/"},
        {"cat .[{e]nv", true, ".env"},
        {"cat .[}e]nv", true, ".env"},
        {"cat .[e,]nv", true, ".env"},
        {"cat {.[e],x}nv", true, ".env"},
        {"cat .e{n,[n]}v", true, ".env"},
        {"cat .{[e],[x]}nv", true, ".env"},
        {"cat .[e{,x}]nv", true, ".env"},
        {"cat .[{,}]nv", false, NULL},    /* .[]nv and .[,]nv: no 'e' either way */
        {"cat {.[,e]nv,x}", false, NULL}, /* .[ e]nv x: the brace takes the ',' */
        {"cat {.[,x}e]nv", true, ".env"}, /* .[e]nv and xe]nv */
        {"cat secret[s{,}]/k", true, "secrets/"},
        /* issue 31: a '*', '?' or bracket matches a leading dot only with
         * dotglob, which the line may turn on anywhere, however written */
        {"cat *env", false, NULL},
        {"cat [.]env", false, NULL},
        {"cat *.env", false, NULL},
        {"cat .e*", true, ".env"},
        {"shopt -s dotglob; cat *", true, ".env"},
        {"shopt -s dotglob\ncat ?env", true, ".env"},
        {"GLOBIGNORE=x; cat [.]env", true, ".env"},
        {"shopt -s dot\"glob\"; cat *env", true, ".env"},
        {"shopt -s $'dot\\x67lob'; cat *env", true, ".env"},
        {"export GLOBIGNORE=x; cat *", true, ".env"},
        {"shopt -s nullglob dotglob; cat *", true, ".env"},
        {"cat ./*", true, "secrets/"}, /* not .env, but the directory */
        {"cat .env*", true, ".envrc"},
        {"cat $(shopt -s dotglob; echo *)", true, ".env"},
        /* extglob: judged once a line turns it on (bash: a syntax error
         * before), what it holds as well */
        {"shopt -s extglob\ncat !(x)", true, "secrets/"}, /* not .env: !(...) never a dot */
        {"shopt -s extglob\ncat ?(.)env", true, ".env"},
        {"shopt -s extglob\ncat *(\\.)env", true, ".env"},
        {"shopt -s extglob\ncat @(.e*)", true, ".env"},
        {"shopt -s extglob\ncat .+(e)nv", true, ".env"},
        /* ... and what stays allowed beside them */
        {"wc -c -- *", false, "secrets/"},
        {"wc -c .e*", false, ".env"},
        {"for f in .e*; do wc -c -- \"$f\"; done", false, ".env"},
        {"echo .e*", false, ".env"},
        {"ls .env # the size", false, ".env"},
        {"ls | head -n 1 .e*", true, ".env"},
        /* variants of attack16's */
        {"cat .e${x#y}nv", true, ".env"},
        {"cat $'\\x{0002e}env'", true, ".env"},
        {"for Path in ./x; do ls .env; done", true, ".env"},
        {"cat .e\\\n$x\\\nnv", true, ".env"},
        {"git status -u -v .env", true, ".env"},
        {"git status -uno -- .env", false, ".env"},
        {"cd $HOME && make", false, NULL},
        /* 31z false refusals: a compound's commands are judged as on their
         * own, its reserved words (and newlines) separators; test's access
         * questions; text and a $NAME echo prints */
        {"if [ -f .env ]; then echo \"found .env\"; else echo \"no .env\"; fi", false, ".env"},
        {"if ! grep -q '^\\.env$' .gitignore; then\n  echo '.env' >> .gitignore\nfi", false, ".env"},
        {"if [ ! -f .env ]; then\n  cp .env.example .env\n  echo \"Created .env\"\nfi", false, ".env"},
        {"( echo .env )", false, ".env"},
        {"{ echo .env; }", false, ".env"},
        {"case x in x) echo .env;; esac", false, ".env"},
        {"case x in\n  (x|y) echo .env ;;\n  *) ls .env ;;\nesac", false, ".env"},
        {"until false; do echo .env; break; done", false, ".env"},
        {"while true; do ls .env; break; done", false, ".env"},
        {"if true; then :; elif false; then ls .env; else echo fi; fi", false, ".env"},
        {"for f in a .env; do\n  if [ -e \"$f\" ]; then\n    ls -la \"$f\"\n  fi\ndone", false, ".env"},
        {"{ ls .env; } | wc -l", false, ".env"},
        {"( ls -la .env ) 2>&1", false, ".env"},
        {"ls .env\n", false, ".env"},
        {"test -r .env && echo readable", false, ".env"},
        {"[ -w .env ] || [ ! -x .env ]", false, ".env"},
        {"echo \"got: $HOME\" .env", false, ".env"},
        {"while read -r l; do echo \"got: $l\"; done < list.txt", false, ".env"},
        /* ... and what they must not let through */
        {"if [ -f .env ]; then cat .env; fi", true, ".env"},
        {"if cat .env; then :; fi", true, ".env"},
        {"if true; then :; elif cat .e'nv'; then :; fi", true, ".env"},
        {"if true; then :; else\n  cat $'.env'\nfi", true, ".env"},
        {"( cat .e?? )", true, ".env"},
        {"{ cat {.env,x}; }", true, ".env"},
        {"{ echo .env; } | sh", true, ".env"},
        {"( echo .env ) | bash", true, ".env"},
        {"{ echo x; } < .env", true, ".env"},
        {"{ echo .env\n} < .env", true, ".env"},
        {"( ls ) > .env", true, ".env"},
        {"if true; then echo; fi >> .env", true, ".env"},
        {"until false; do echo .env; done > out", true, ".env"},
        {"if true; then echo x > .env; fi", true, ".env"},
        {"case x in x) cat .env;; esac", true, ".env"},
        {"case $(cat .env) in x) echo;; esac", true, ".env"},
        {"case x in $(cat .env)) echo;; esac", true, ".env"},
        {"case x in x) echo .env;& y) cat .env;; esac", true, ".env"},
        {"shopt -s extglob\ncase x in @(.env)) echo .env;; esac", true, ".env"},
        {"until cat .env; do break; done", true, ".env"},
        {"while true; do cat .env; done", true, ".env"},
        {"if true; then echo .env; fi\ncat .env", true, ".env"},
        {"{ echo .env; } && cat .env", true, ".env"},
        {"for f in .env; do if true; then cat $f; fi; done", true, ".env"},
        {"for f in x; do case $f in x) cat .env;; esac; done", true, ".env"},
        {"for f in x; do until false; do for g in .env; do ls; done; done; done", false, NULL},
        {"for f in x; do until false; do for g in .env; do cat $g; done; done; done", true, ".env"},
        {"while read f; do if true; then cat \"$f\"; fi; done < list.txt", true, ".env"},
        {"if true; then eval cat .env; fi", true, ".env"},
        {"{ echo .env & }", true, ".env"},
        {"{ ls; echo .env }", true, ".env"},
        {"(( x )) && ls .env", true, ".env"},
        {"! cat .env", true, ".env"},
        {"true .env; cat .env", true, ".env"},
        {"[ -r .env -a -f x ]", true, ".env"},
        {"[ ! ! -f .env ]", true, ".env"},
        {"test -x .env x", true, ".env"},
        {"echo \"x${y:=.env}\" .env", true, ".env"},
        {"echo \"x$((y))\" .env", true, ".env"},
        {"echo \"x${!y}\" .env", true, ".env"},
        {"ls \"x$HOME\" .env", true, ".env"},
        {"while read -r l; do echo \"got: $l\"; done < .env", true, ".env"},
        /* a while IFS= read -r loop's "$f", last word of a command the language
         * refuses: as the same list handed to xargs -d '\n' */
        {"git ls-files '*.py' | while IFS= read -r f; do wc -l \"$f\"; done; ls .env", false, ".env"},
        {"while IFS= read -r f; do wc -l \"$f\"; done < <(git ls-files 'src/*.py'); ls .env", false, ".env"},
        {"git ls-files '*.py' | sort | head -20 | while IFS= read -r f; do\n  grep -q x \"$f\" && echo "
         "\"$f\"\ndone",
         false, ".env"},
        {"find . | while IFS= read -r f; do cat \"$f\"; done", true, ".env"},
        {"while IFS= read -r f; do cat \"$f\"; done < <(find .)", true, ".env"},
        {"( find . ) | while IFS= read -r f; do cat \"$f\"; done", true, ".env"},
        {"{ find .; } | while IFS= read -r f; do cat \"$f\"; done", true, ".env"},
        {"while IFS= read -r f; do cat \"$f\"; done < <(find .; git ls-files '*.py')", true, ".env"},
        {"ls -a | while IFS= read -r f; do cat \"$f\"; done", true, ".env"},
        {"echo .env | while IFS= read -r f; do wc -l \"$f\"; done", true, ".env"},
        {"git ls-files '*.e?v' | while IFS= read -r f; do cat \"$f\"; done", true, ".env"},
        {"git ls-files '*.py' .env | while IFS= read -r f; do cat \"$f\"; done", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do cat $f; done; ls .env", true, ".env"},
        /* ... and "$(CMD < "$f" | FILTER)" or "$(CMD "$f")" in a word echo or
         * printf prints: CMD's read as LIST | xargs -d '\n' CMD (F31x) */
        {"git ls-files src | while read -r f; do printf '%6d %s\\n' \"$(wc -l < \"$f\")\" \"$f\"; done | "
         "sort -rn; ls .env",
         false, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(md5sum < \"$f\" | cut -c1-8) $f\"; done; "
         "ls .env",
         false, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(wc -l \"$f\" 2>/dev/null)\"; done; ls "
         ".env",
         false, ".env"},
        {"ls -a | while IFS= read -r f; do echo \"$(cat < \"$f\")\"; done", true, ".env"},
        {"find . | while IFS= read -r f; do echo \"$(head -c 100 < \"$f\")\"; done", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(cat .env < \"$f\")\"; done", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(sh -c 'cat .env' < \"$f\")\"; done", true,
         ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(wc -l < \"$f\" | sh)\"; done", true,
         ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do cat \"$(wc -l < \"$f\")\"; done", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(wc -l \"$f\" \"$f\")\"; done", true,
         ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(cat \"$f\" <(cat .env))\"; done", true,
         ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(cat < \"$f\")\" \"$(cat < .env)\"; done",
         true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"`cat .env`$(wc -l < \"$f\")\"; done", true,
         ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do printf -v x '%s' \"$(wc -l < \"$f\")\"; cat $x; "
         "done",
         true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do echo \"$(wc -l < \"$f\" | tee .env)\"; done", true,
         ".env"},
        /* without IFS=, read trims a line's blanks: only a list none of whose
         * names a blank starts or ends (tests/ .env would be read as .env) */
        {"git ls-files '*.py' | while read -r f; do cat \"$f\"; done; ls .env", false, ".env"},
        {"find src -name '*.c' | while read -r f; do head -1 \"$f\"; done; ls .env", false, ".env"},
        {"find . -name '*.py' -not -path './.venv/*' | while read -r f; do head -1 \"$f\"; done; ls .env",
         false, ".env"},
        {"find . -not -name '*.py' | while read -r f; do cat \"$f\"; done", true, ".env"},
        {"find . -not -path x -o -name '*.c' | while read -r f; do cat \"$f\"; done", true, ".env"},
        {"find . -not -name '.e*' | while read -r f; do cat \"$f\"; done", true, ".env"},
        {"find . -name '*' -not -path './.venv/*' | while read -r f; do cat \"$f\"; done", true, ".env"},
        {"rg --files -t py src | while read -r f; do head -1 \"$f\"; done; ls .env", false, ".env"},
        {"fd -e ts index web | while read -r f; do wc -l \"$f\"; done; ls .env", false, ".env"},
        {"ls tests | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files -m | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git diff --name-only HEAD~1 | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*' | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*.py ' | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '?x.py' | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*.p[y ]' | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"find . -type f | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"find . -name '*.py' -o -name x | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"find ' src' -name '*.py' | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"rg --files src | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"rg --files -t py | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"rg --files -t license src | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"rg --files -g '!*.py' src | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"rg --files -t py -g '*' src | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"rg --files -t py -g'*' src | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"rg --files -t py -tlicense src | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"fd -e ts -e 't*' index web | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"fd -e ts -ex index web | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"fd index web | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"fd -e ts | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"fd -e 't*' index web | while read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"fd -x cat . web | while read -r f; do wc -l \"$f\"; done; ls .env", true, ".env"},
        {"rg --files --pre cat src | while read -r f; do wc -l \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*.py' | while read f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*.py' | while read -r f; do cat \"$f\"; done < list.txt; ls .env", true, ".env"},
        {"while read -r f; do cat \"$f\"; done < <(ls); ls .env", true, ".env"},
        /* FEED | while read l: FEED on its own, the loop's lines data (any name) */
        {"cat src/main.c | while read -r l; do echo \"$l\"; done", false, ".env"},
        {"git for-each-ref --format='%(refname:short)' | while read -r b; do echo \"$b\"; done", false,
         ".env"},
        {"ps aux | awk '{print $2}' | while read -r p; do echo \"pid $p\"; done | head", false, ".env"},
        {"cat .env | while read -r l; do echo \"$l\"; done", true, ".env"},
        {"cat src/main.c .e?v | while read -r l; do echo \"$l\"; done", true, ".env"},
        {"cat src/main.c | while read -r l; do cat \"$l\"; done", true, ".env"},
        {"echo .env | while read -r l; do cat \"$l\"; done", true, ".env"},
        {"echo .env | while read -r l; do echo \"$l\"; done | xargs cat", true, ".env"},
        {"echo 'cat .env' | while read -r l; do eval \"$l\"; done", true, ".env"},
        {"echo 'cat .env' | while read -r l; do $l; done", true, ".env"},
        {"echo 'cat .env' | while read -r l; do echo \"$l\"; done | sh", true, ".env"},
        {"cat src/main.c | while read -r l; do echo \"$l\"; done > .env", true, ".env"},
        {"cat src/main.c | while read -r l; do echo \"$l\" > .env; done", true, ".env"},
        {"cat src/main.c | while read -r l; do echo \"$l\"; done < .env", true, ".env"},
        {"cat src/main.c | while read -r l; do echo \"$l\"; done; cat .env", true, ".env"},
        {"cat src/main.c | while read -r l; do echo \"$l\"; done | tee .env", true, ".env"},
        {"cat src/main.c; cat .env | while read -r l; do echo \"$l\"; done", true, ".env"},
        {"{ cat .env; } | while read -r l; do echo \"$l\"; done", true, ".env"},
        {"cat < .env | while read -r l; do echo \"$l\"; done", true, ".env"},
        {"cat <(cat .env) | while read -r l; do echo \"$l\"; done", true, ".env"},
        /* read -r sha msg: the others only echo's or printf's, the first no whole line */
        {"git log --format='%h %s' -10 | while read -r sha msg; do echo \"$sha: $msg\"; done", false,
         ".env"},
        {"while read -r k v; do echo \"$k = $v\"; done < list.txt; ls .env", false, ".env"},
        {"git ls-files '*.py' | while read -r a b; do wc -l \"$a\"; done", true, ".env"},
        {"git ls-files '*.py' | while read -r a b; do tac \"$b\"; done", true, ".env"},
        {"git ls-files '*.py' | while read -r a b; do sed p \"$b\"; done", true, ".env"},
        {"git ls-files '*.py' | while read -r a b; do eval \"$b\"; done; ls .env", true, ".env"},
        {"tac src/main.c | while read -r a b; do echo \"$b\" > \"$a\"; done", true, ".env"},
        {"while read -r a B; do echo \"$a\"; done < list.txt; ls .env", true, ".env"},
        {"while read -r a b; do tac \"$a\"; done < .env", true, ".env"},
        /* mapfile -t a < <(LIST); PROG "${a[@]}": LIST | xargs -d '\n' PROG */
        {"mapfile -t files < <(git ls-files '*.c'); wc -l \"${files[@]}\"", false, ".env"},
        {"readarray -t f < <(find src -name '*.py'); head -1 \"${f[@]}\"", false, ".env"},
        {"mapfile -t a < <(printf '%s\\n' .env); tac \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(ls -A); tac \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(find . -name '.e*'); tac \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(git ls-files '*.e?v'); tac \"${a[@]}\"", true, ".env"},
        {"mapfile a < <(git ls-files '*.c'); tac \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(git ls-files '*.c'); tac \"${a[@]}\" .env", true, ".env"},
        {"mapfile -t a < <(git ls-files '*.c'); tac ${a[@]}", true, ".env"},
        {"mapfile -t a < <(git ls-files '*.c'); sh \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(git ls-files '*.c'); eval \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(git ls-files '*.c'); a+=(.env); tac \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(tac .env); echo \"${a[@]}\"", true, ".env"},
        {"mapfile -t a < <(git ls-files '*.c'); tac \"${b[@]}\"", true, ".env"},
        /* a loop's "$f" is any name to the name-or-size language's readers */
        {"for f in .env; do sed -n 1p -- \"$f\"; done", true, ".env"},
        {"for f in .e*; do sed -n 1p \"$f\"; done", true, ".env"},
        {"ls -A | while read f; do sed p \"$f\"; done", true, ".env"},
        {"ls -A | while IFS= read -r f; do sed -n p \"$f\"; done", true, ".env"},
        {"git ls-files '*.py' | while IFS= read f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do cat .env \"$f\"; done", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do cat \"$f\"; done < list.txt; ls .env", true,
         ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do cat \"${f%.py}\"; done; ls .env", true, ".env"},
        {"git ls-files -z '*.py' | while IFS= read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"find . -name '*.py' -printf '%p\\0' | while IFS= read -r f; do cat \"$f\"; done; ls .env", true,
         ".env"},
        {"git ls-files ~/'*.py' | while IFS= read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do bash -c 'cat .env' \"$f\"; done", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do cd \"$f\"; ls; done; ls .env", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do . \"$f\"; done; ls .env", true, ".env"},
        {"git ls-files '*.py' | while IFS= read -r f; do ./run \"$f\"; done; ls .env", true, ".env"},
        {"find . -name '*.py' | head -c 6 | while IFS= read -r f; do cat \"$f\"; done; ls .env", true,
         ".env"},
        {"find . -name '*.py' | grep -o x | while IFS= read -r f; do cat \"$f\"; done; ls .env", true,
         ".env"},
        {"git ls-files '*.py' | tr -d y | while IFS= read -r f; do cat \"$f\"; done; ls .env", true, ".env"},
        /* a for loop's words are the line's: a string read again that holds its variable
         * (eval "$f", eval cat \$f, bash -c "$f") is judged by one that never sees its value */
        {"for f in 'cat .env'; do eval \"$f\"; done", true, ".env"},
        {"for f in 'cat .env'; do eval $f; done", true, ".env"},
        {"for f in .env; do eval cat \\$f; done", true, ".env"},
        {"for f in 'cat .env'; do bash -c \"$f\"; done", true, ".env"},
        {"for f in 'cat .env'; do trap \"$f\" EXIT; done", true, ".env"},
        {"for f in .env; do su -c cat\\ \\$f; done", true, ".env"},
        {"( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ls .env ) ) ) ) ) ) ) ) ) ) ) ) "
         ") ) "
         ") ) ) ) ) ) ) ) ) ) ) ) ) ) ) ) ) ) )",
         true, ".env"},
        {"( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ( ls .env ) ) ) ) ) ) ) ) ) ) ) ) ) "
         ") ) ) ) "
         ") ) ) ) ) ) ) ) ) ) ) ) ) ) )",
         false, ".env"},
        /* a for loop over plain words: each word where its variable stood
         * ({ head -2 Makefile | wc -l; ... }), judged as written */
        {"for f in \"Makefile\" \"go.mod\"; do printf \"%s: \" \"$f\"; head -2 \"$f\" | wc -l; done", false,
         NULL},
        {"for d in src tests; do printf '%-8s %s\\n' \"$d\" \"$(ls \"$d\" | wc -l)\"; done", false, NULL},
        {"for k in name version; do echo \"$k=$(jq -r \".$k\" package.json)\"; done", false, NULL},
        {"for x in a b; do for y in 1 2; do echo \"$x$y\"; done; done; ls .env", false, ".env"},
        {"for n in 1 2; do printf 'jobs=%d\\n' $n; make -j$n all >/dev/null; done", false, NULL},
        {"for pk in ./cmd/... ./internal/...; do go test \"${pk}\" | wc -l; done", false, NULL},
        {"for f in a .env; do head \"$f\"; done", true, ".env"},
        {"for f in '.env'; do tac \"$f\"; done", true, ".env"},
        {"for f in .\\env; do tac \"$f\"; done", true, ".env"},
        {"for f in $'.env'; do tac \"$f\"; done", true, ".env"},
        {"for f in {.env,x}; do tac \"$f\"; done", true, ".env"},
        {"for f in .e*; do tac \"$f\"; done", true, ".env"},
        {"for f in .e; do tac \"${f}nv\"; done", true, ".env"},
        {"for f in .e; do tac \"$f\"nv; done", true, ".env"},
        {"for f in .e; do tac $f'nv'; done", true, ".env"},
        {"for f in .env; do bash -c \"tac $f\"; done", true, ".env"},
        {"for f in .env; do bash -c 'tac $f'; done", true, ".env"},
        {"for f in x; do f=.env; tac \"$f\"; done", true, ".env"},
        {"for f in x; do read f < list; tac \"$f\"; done", true, ".env"},
        {"for f in x; do for f in .env; do :; done; tac \"$f\"; done", true, ".env"},
        {"for f in .env; do :; done; tac \"$f\"", true, ".env"},
        {"f=.env; for g in a; do tac \"$f\"; done", true, ".env"},
        {"for f in a; do eval \"f=.env\"; tac \"$f\"; done", true, ".env"},
        {"for f in a.env; do IFS=a; tac $f; done", true, ".env"},
        {"IFS=a; for f in a.env; do tac $f; done", true, ".env"},
        {"printf -v \"$(printf '\\x49FS')\" a; for f in a.env; do tac $f; done", true, ".env"},
        {"mapfile -t \"$(printf '\\x49FS')\" < x; for f in a.env; do tac $f; done", true, ".env"},
        {"IFS=a\nfor f in a.env; do tac $f; done", true, ".env"},
        {"declare IFS=a; for f in a.env; do tac $f; done", true, ".env"},
        {"read -r IFS < x; for f in a.env; do tac $f; done", true, ".env"},
        {"shopt -s expand_aliases; alias tac=:; for f in tac; do $f .env; done", true, ".env"},
        {"set -a; for f in .env; do bash -c 'tac \"$f\"'; done", true, ".env"},
        {"for f in .env; do y=$(printf '\\146'); tac \"${!y}\"; done", true, ".env"},
        {"for f in .env; do g() { tac \"$f\"; }; g; done", true, ".env"},
        {"for f in .e; do tac `echo $f`nv; done", true, ".env"},
        {"for f in .env; do tac \"${f%x}\"; done", true, ".env"},
        {"for f in .en; do tac ${f}v; done", true, ".env"},
        {"for f in .env; do tac < \"$f\"; done", true, ".env"},
        {"for f in .env; do ( tac \"$f\" ); done", true, ".env"},
        {"for f in .env; do echo \"$f\" | xargs tac; done", true, ".env"},
        {"for f in .env; do tac \"$f\" & done", true, ".env"},
        {"for f in x; do (( f++ )); tac $f; done; ls .env", true, ".env"},
        {"for f in x; do exec {f}<list; tac $f; done; ls .env", true, ".env"},
        {"for f in .env; do tac \"$(echo \"$f\")\"; done", true, ".env"},
        {"for f in .env; do tac <<EOF\n$f\nEOF\ndone", true, ".env"},
        {"for f in .env; do tac \\$f; done", true, ".env"},
        {"for f in secrets; do tac \"$f/k\"; done", true, "secrets/"},
        {"for f in .env; do case x in\ndone) tac \"$f\";; esac; done", true, ".env"},
        {"for f in .env; do case x in\ndone) tac .e\"\"nv;; esac; done", true, ".env"},
        {"for f in x; do tac ~$f/.env; done", true, ".env"},
        {"for f in nv; do tac .e{x,$f}; done", true, ".env"},
        {"for f in .env; do x=$f; tac \"$x\"; done", true, ".env"},
        {"for f in .env; do tac -- \"$f\" | wc -l; done", true, ".env"},
        {"for f in .env; do git show HEAD:\"$f\"; done", true, ".env"},
        {"for f in .env; do printf -v g %s \"$f\"; tac \"$g\"; done", true, ".env"},
        {"g() { tac \"$f\"; }; for f in .env; do g; done", true, ".env"},
        {"for f in .env; do :; done\ntac \"$f\"", true, ".env"},
        {"for f in config; do tac \"$f/master.key\"; done", true, "config/master.key"},
        /* $(seq A B): its numbers; a bare name in $((...)) read as a number only */
        {"for i in $(seq 1 5); do printf 'item-%02d\\n' \"$i\"; done", false, NULL},
        {"for t in $(seq 1 3); do sleep $((t + 1)); curl -sf localhost:8000 && break; done", false, NULL},
        {"for i in $(seq -f .env 1); do tac $i; done", true, ".env"},
        {"for i in $(seq 1 2; cat .env); do echo $i; done", true, ".env"},
        {"x='a[$(tac .env)]'; for t in x; do echo $((t)); done", true, ".env"},
        {"for t in .env; do : $((t)); tac \"$t\"; done", true, ".env"},
        {"for t in x; do : $((t=1)); tac \"$t\"; done; ls .env", true, ".env"},
        {"for t in x; do : $((t++)); tac \"$t\"; done; ls .env", true, ".env"},
        {"for t in x; do : $((--t)); tac \"$t\"; done; ls .env", true, ".env"},
        /* for ((i=A; i<=B; i++)): the numbers A to B */
        {"for ((i=1;i<=3;i++)); do printf \"%2d: %s\\n\" $i \"$(sed -n \"${i}p\" src/app/core.py)\"; done",
         false, NULL},
        {"for (( i = 0; i < 3; i++ )); do echo \"$(tac \"x$i\")\"; done", false, NULL},
        {"for ((i=1;i<=3;i++)); do sed -n \"${i}p\" .env; done", true, ".env"},
        {"for ((i=1;i<=3;i++)); do i=.env; echo \"$(tac \"$i\")\"; done", true, ".env"},
        {"for ((i=1;i<=3;i++)); do echo \"$(tac .env)\"; done", true, ".env"},
        {"for ((i=1;i<=3;i++)); do case $i in 1) echo \"$(tac .env)\";; esac; done", true, ".env"},
        /* a glob's name read unquoted splits ('x .env .c' of src's *.c is x, .env, .c) */
        {"for f in src/*.c; do tac $f; done", true, ".env"},
        {"for f in src/*.c; do tac x$f; done", true, ".env"},
        {"for f in src/*.c; do tac ${f}; done", true, ".env"},
        {"for f in src/*.c; do tac \"$f\" | wc -l; done", false, NULL},
        /* a glob's names in double quotes: the glob out of them, judged */
        {"for f in src/*.py; do printf '%s %d\\n' \"$f\" \"$(grep -c '^def ' \"$f\")\"; done | sort", false,
         NULL},
        {"for f in *.c; do tac \".e$f\"; done", false, NULL},
        {"for f in .e*; do tac \"$f\" | wc -l; done", true, ".env"},
        {"for f in .e?v; do printf '%s %d\\n' \"$f\" \"$(grep -c x \"$f\")\"; done", true, ".env"},
        {"for f in src/*.c .env; do echo \"$(tac \"$f\")\"; done", true, ".env"},
        {"for f in *; do cd secrets; echo \"$(tac \"$f\")\"; done", true, "secrets/"},
        {"for f in *nv; do echo \"$(tac .e$f)\"; done; ls .env", true, ".env"},
        {"for f in .[e]nv; do echo \"$(tac \"$f\")\"; done", true, ".env"},
        {"for f in a .env\ndo\n  ls -la \"$f\"\ndone", false, ".env"},
        {"for f in .env\ndo ls; done", false, ".env"}, /* a newline before do is a ';' */
        {"for f in a .env\ndo\n  cat \"$f\"\ndone", true, ".env"},
        {"while read -r l\ndo\n  echo \"$l\"\ndone < list.txt; ls .env", false, ".env"},
        /* allowed: names no secret */
        {"grep -r KEY .", false, NULL},
        {"cat README.md", false, NULL},
        {"make test", false, NULL},
        {"cat x.env", false, NULL},
        {"cat .environment", false, NULL},
        {"cat .env.example", false, NULL},
        {"echo $HOME", false, NULL},
        {"cat *.md", false, NULL},
        {"git status", false, NULL},
        {"", false, NULL},
        /* allowed: only the name or size */
        {"ls -la .env", false, ".env"},
        {"stat .env", false, ".env"},
        {"wc -c .env", false, ".env"},
        {"test -f .env && echo y", false, ".env"},
        {"[ -s .env ]", false, ".env"},
        {"git check-ignore -q .env", false, ".env"},
        /* 31z (false refusals): options that narrow which files grep and rg
         * read; a glob there that lets a masked name in is refused still */
        {"grep -rn \"\\.env\" --include='*.ts' web/src", false, ".env"},
        {"grep -rIn '\\.env' --exclude-dir=node_modules --exclude='*.lock' .", false, ".env"},
        {"rg -n '\\.env' --glob '!*.lock' -t py", false, ".env"},
        {"grep -rn '\\.env' --include='*nv' .", true, ".env"},
        {"grep -rn '\\.env' --incl=.e[n]v .", true, ".env"},
        {"rg -n '\\.env' --iglob '*NV'", true, ".env"},
        {"rg -n '\\.env' -g '!*.lock' -g '{.e,x}nv'", true, ".env"},
        {"rg '\\.env' --type-add 'x:*nv' -t x", true, ".env"},
        {"for f in .env .envrc; do test -e \"$f\" && echo \"$f\"; done", false, ".env"},
        {"ls .env 2>&1 | head -1", false, ".env"},
        {"ls .env >/dev/null", false, ".env"},
        {"ls .env 2>/dev/null || echo none", false, ".env"},
        {"git status --porcelain=v2 -uall -- .env", false, ".env"},
        {"ls secrets/ | sort -r | uniq -c | wc -l", false, "secrets/"},
        {"stat -c %s .env; ls .env*;", false, ".env"},
        {"ls .env | tail -n +2 | head -5", false, ".env"},
        {"test -d secrets && ls secrets", false, "secrets/"},
};

static void test_table(void **state) {
        (void) state;
        size_t failed = 0;
        for (size_t i = 0; i < ELEMENTSOF(rows); i++) {
                CommandVerdict v;
                const Row *row = &rows[i];
                assert_int_equal(command_check(row->cmd, strlen(row->cmd),
                                               &(CommandPolicy){.secrets = secrets,
                                                                .n_secrets = ELEMENTSOF(secrets),
                                                                .fold = folds},
                                               &v),
                                 0);
                bool named = row->path == NULL;
                for (size_t k = 0; k < v.n_paths && !named; k++)
                        named = streq(v.paths[k], row->path);
                if (v.refused != row->refused || !named || (row->path == NULL && v.n_paths != 0)) {
                        print_message("%-60s %s (%s), %zu paths%s\n", row->cmd,
                                      v.refused ? "refused" : "allowed", v.reason, v.n_paths,
                                      named ? "" : ", not the one expected");
                        failed++;
                }
                command_verdict_done(&v);
        }
        assert_int_equal(failed, 0);
}

/* The built-ins' entries alone (no name without a leading dot): what
 * developers run every day with a bare glob stays allowed, as bash would
 * expand none of it to a dot file; a policy with id_rsa refuses a reader. */
static void test_globs(void **state) {
        (void) state;
        static const char *const builtins[] = {".env", ".envrc", ".netrc", ".git-credentials"};
        static const char *const allowed[] = {
                "du -sh *",      "grep -rn foo *", "git add *",        "rm -f tmp/*",  "eslint src/**/*.js",
                "cp *.txt out/", "cat */README*",  "wc -l src/*.[ch]", "ls -d [a-z]*", "tar czf x.tgz *",
        };
        for (size_t i = 0; i < ELEMENTSOF(allowed); i++) {
                CommandVerdict v;
                assert_int_equal(command_check(allowed[i], strlen(allowed[i]),
                                               &(CommandPolicy){.secrets = builtins,
                                                                .n_secrets = ELEMENTSOF(builtins),
                                                                .fold = folds},
                                               &v),
                                 0);
                if (v.refused || v.n_paths)
                        print_message("%s: %s\n", allowed[i], v.reason);
                assert_false(v.refused);
                assert_int_equal(v.n_paths, 0);
                command_verdict_done(&v);
        }
        /* tenth pass (31j): with the built-ins alone, joined pattern
         * substitutions (hole 17), $_ with an operator (4) and BASH_REMATCH
         * (5) make a name no word holds: refused */
        static const char *const made[] = {
                "cat ${PWD/#*/.e}${PWD/#*/nv}",
                "cat ${PWD/*/.e}${PWD:+nv}",
                "cat ${PWD:+.e}${PWD/*/nv}",
                "cat ${PWD/*/.e}${PWD/*/n}${PWD/*/v}",
                "cat \"${PWD/*/.e}${PWD/*/nv}\"",
                "cat ${HOME//*/.ne}${HOME//*/trc}",
                "cat ${SHELL/*/.git-}${SHELL/*/credentials}",
                "cp ${PWD/%*/.e}${PWD/*/nv} /tmp/X",
                "bash -c 'cat ${PWD/*/.e}${PWD/*/nv}'",
                "for f in src/*.c; do cat ${f/*/.e}${f/*/nv}; done",
                ": .ENV; cat ${_,,}",
                ": .ENV; cat ${_@L}",
                ": x.env; cat ${_#x}",
                ": .exnv; cat ${_/x}",
                "echo .ENV; cp ${_,,} /tmp/X",
                "[[ x.env =~ \\.e.v ]]; cat $BASH_REMATCH",
                "[[ .exnv =~ (.e)x(nv) ]]; cat ${BASH_REMATCH[1]}${BASH_REMATCH[2]}",
        };
        for (size_t i = 0; i < ELEMENTSOF(made); i++) {
                CommandVerdict v;
                assert_int_equal(command_check(made[i], strlen(made[i]),
                                               &(CommandPolicy){.secrets = builtins,
                                                                .n_secrets = ELEMENTSOF(builtins),
                                                                .fold = folds},
                                               &v),
                                 0);
                if (!v.refused)
                        print_message("%s: allowed (%s)\n", made[i], v.reason);
                assert_true(v.refused);
                command_verdict_done(&v);
        }
        /* ... and what stays allowed: no name made */
        static const char *const plain[] = {"cat ${f/%.c/.h}", "mkdir -p build && cd $_", "make; ls $_",
                                            "cat ${PWD/x/y}", "echo ${_,,}"};
        for (size_t i = 0; i < ELEMENTSOF(plain); i++) {
                CommandVerdict v;
                assert_int_equal(command_check(plain[i], strlen(plain[i]),
                                               &(CommandPolicy){.secrets = builtins,
                                                                .n_secrets = ELEMENTSOF(builtins),
                                                                .fold = folds},
                                               &v),
                                 0);
                if (v.refused)
                        print_message("%s: refused (%s)\n", plain[i], v.reason);
                assert_false(v.refused);
                command_verdict_done(&v);
        }
        static const char *const keys[] = {".env", "id_rsa"};
        static const char *const refused[] = {"cat *", "grep -rn foo *", "cat ?d_rsa", "cat [i]d*",
                                              "cat i{d,x}_*"};
        for (size_t i = 0; i < ELEMENTSOF(refused); i++) {
                CommandVerdict v;
                assert_int_equal(command_check(refused[i], strlen(refused[i]),
                                               &(CommandPolicy){.secrets = keys,
                                                                .n_secrets = ELEMENTSOF(keys),
                                                                .fold = folds},
                                               &v),
                                 0);
                assert_true(v.refused);
                assert_int_equal(v.n_paths, 1);
                assert_string_equal(v.paths[0], "id_rsa");
                command_verdict_done(&v);
        }
}

/* Case as the filesystem has it, the answer injected: a name written in
 * another case names a secret only where its directories fold (fold[i]);
 * a glob folds either way (nocaseglob, find -iname: word-names.c). */
static void test_case(void **state) {
        (void) state;
        static const char *const keys[] = {".env", "secrets/", "config/master.key"};
        static const bool none[] = {false, false, false}, all[] = {true, true, true},
                          env_only[] = {true, false, false};
        static const struct {
                const char *cmd;
                const bool *fold;
                bool refused;
                const char *path;
        } cases[] = {
                {"cat .ENV", NULL, false, NULL}, /* a case-sensitive directory: another file */
                {"cat .ENV", none, false, NULL},
                {"cat .ENV", all, true, ".env"},
                {"cat .Env", env_only, true, ".env"},
                {"cat SECRETS/k", env_only, false, NULL},
                {"cat SECRETS/k", all, true, "secrets/"},
                {"cat config/MASTER.KEY", all, true, "config/master.key"},
                {"cat .env", none, true, ".env"},
                {"cat '.E'NV", all, true, ".env"}, /* quotes removed first */
                {"cat .E*", none, true, ".env"},   /* a glob: either case, whatever the directory */
                /* code points that fold to ASCII, where the directory folds */
                {"cat \xc5\xbf"
                 "ecrets/k",
                 all, true, "secrets/"},
                {"cat \xc5\xbf"
                 "ecrets/k",
                 none, false, NULL},
                {"cat config/master.\xe2\x84\xaa"
                 "ey",
                 all, true, "config/master.key"},
                {"cat .\xc3\xa9nv", all, false, NULL}, /* another non-ASCII letter: as written */
                /* ... and from an escape the line's own folding cannot see */
                {"cat $'\\u017f'ecrets/k", all, true, "secrets/"},
                {"cat $'\\xc5\\xbf'ecrets/k", all, true, "secrets/"},
                {"cat $'\\u017f'ecrets/k", none, false, NULL},
                {"cat .EN$'\\u2126'", all, false, NULL}, /* U+2126 OHM folds to omega: no letter of ours */
                {"cat config/MASTER.$'\\u212a'EY", all, true, "config/master.key"},
        };
        for (size_t i = 0; i < ELEMENTSOF(cases); i++) {
                CommandVerdict v;
                assert_int_equal(command_check(cases[i].cmd, strlen(cases[i].cmd),
                                               &(CommandPolicy){.secrets = keys,
                                                                .n_secrets = ELEMENTSOF(keys),
                                                                .fold = cases[i].fold},
                                               &v),
                                 0);
                if (v.refused != cases[i].refused)
                        fail_msg("%s: %s (%s)", cases[i].cmd, v.refused ? "refused" : "allowed", v.reason);
                if (cases[i].path) {
                        assert_int_equal(v.n_paths, 1);
                        assert_string_equal(v.paths[0], cases[i].path);
                }
                command_verdict_done(&v);
        }
}

/* A NUL; braces judged one expansion at a time, within a bound of work. */
static void test_edges(void **state) {
        (void) state;
        CommandVerdict v;
        const CommandPolicy policy = {.secrets = secrets, .n_secrets = ELEMENTSOF(secrets), .fold = folds};
        assert_int_equal(command_check("cat .e\0nv", 9, &policy, &v), 0);
        command_verdict_done(&v);
        /* 4096 expansions, each judged: none names a secret */
        char big[4096] = "cat ";
        for (int i = 0; i < 12; i++)
                strcat(big, "{a,b}");
        strcat(big, "x");
        assert_int_equal(command_check(big, strlen(big), &policy, &v), 0);
        assert_false(v.refused);
        command_verdict_done(&v);
        /* 2^40: past the work bound, refused, every secret named, and why */
        strcpy(big, "ls ");
        for (int i = 0; i < 40; i++)
                strcat(big, "{a,b}");
        assert_int_equal(command_check(big, strlen(big), &policy, &v), 0);
        assert_true(v.refused);
        assert_int_equal(v.n_paths, ELEMENTSOF(secrets));
        assert_non_null(strstr(v.reason, "more brace expansions"));
        command_verdict_done(&v);
        /* deep nesting: past the depth judged, refused, every secret
         * named, and why (31j 22: its bytes alone hid ${x:-.env}'s name) */
        char deep[512] = "cat ";
        for (int i = 0; i < 12; i++)
                strcat(deep, "$(echo ");
        strcat(deep, ".env");
        for (int i = 0; i < 12; i++)
                strcat(deep, ")");
        assert_int_equal(command_check(deep, strlen(deep), &policy, &v), 0);
        assert_true(v.refused);
        assert_int_equal(v.n_paths, ELEMENTSOF(secrets));
        assert_non_null(strstr(v.reason, "nested deeper"));
        command_verdict_done(&v);
        /* past 128 KiB: refused, every secret named, and why; even ls */
        size_t huge_n = 200000;
        char *huge = malloc(huge_n + 1);
        assert_non_null(huge);
        memcpy(huge, "ls ", 3);
        memset(huge + 3, '{', huge_n - 3);
        huge[huge_n] = 0;
        assert_int_equal(command_check(huge, huge_n, &policy, &v), 0);
        assert_true(v.refused);
        assert_int_equal(v.n_paths, ELEMENTSOF(secrets));
        assert_non_null(strstr(v.reason, "longer than 131072 bytes"));
        command_verdict_done(&v);
        /* unmatched braces by the hundred thousand, within the length: one
         * pass pairs them, no walk to the end for each: judged, and ls */
        assert_int_equal(command_check(huge, 128 * 1024, &policy, &v), 0);
        assert_false(v.refused);
        command_verdict_done(&v);
        memcpy(huge, "cat {.e,}nv", 11); /* ... still reading what they hold */
        assert_int_equal(command_check(huge, 128 * 1024, &policy, &v), 0);
        assert_true(v.refused);
        assert_int_equal(v.n_paths, 1);
        command_verdict_done(&v);
        free(huge);
        /* no secrets: nothing is named */
        assert_int_equal(command_check("cat .env", 8, &(CommandPolicy){.n_secrets = 0, .fold = folds}, &v),
                         0);
        assert_false(v.refused);
        command_verdict_done(&v);
}

/* The work the judgement takes, counted: linear in a plain line's length,
 * and stopped at WORD_NAMES_WORK_MAX however many braces a line holds. */
static size_t work(const char *s, bool *ret_spent) {
        static const char *const names[] = {".env", ".envrc", ".git-credentials", ".netrc", "secrets"};
        bool named[5] = {0}, named_dot[5] = {0};
        WordNames wn = {.names = names, .n = 5, .named = named, .named_dot = named_dot};
        ShellLexed l;
        assert_int_equal(shell_lex(s, strlen(s), &l), 0);
        assert_int_equal(word_names_lexed(&l, 0, &wn), 0);
        word_names_done(&wn);
        shell_lexed_done(&l);
        *ret_spent = wn.spent;
        return wn.work;
}

static char *repeat(const char *unit, size_t times) {
        size_t k = strlen(unit);
        char *s = malloc(k * times + 4);
        assert_non_null(s);
        memcpy(s, "ls ", 3);
        for (size_t i = 0; i < times; i++)
                memcpy(s + 3 + i * k, unit, k);
        s[3 + k * times] = 0;
        return s;
}

static void test_work(void **state) {
        (void) state;
        bool spent;
        /* a plain line: the work doubles with it, no more */
        char *a = repeat("src/*.c -rn foo {a,b}.h \"$x\" .e[n]v ", 1000);
        char *b = repeat("src/*.c -rn foo {a,b}.h \"$x\" .e[n]v ", 2000);
        size_t wa = work(a, &spent);
        assert_false(spent);
        size_t wb = work(b, &spent);
        assert_false(spent);
        assert_true(wb <= 2 * wa + 64);
        assert_true(wa <= 64 * strlen(a));
        free(a);
        free(b);
        /* brace-heavy lines, 95 KB and 120 KB (the issue's took seconds):
         * stopped at the bound, however large */
        static const char *const units[] = {
                "{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}xxxxxxxxxxxxxxx ", "{a,b}", "{{{{{{{{,}",
                "[[[[[[[[]"};
        for (size_t i = 0; i < ELEMENTSOF(units); i++)
                for (size_t kb = 95; kb <= 120; kb += 25) {
                        char *s = repeat(units[i], kb * 1024 / strlen(units[i]));
                        size_t w = work(s, &spent);
                        assert_true(w <= WORD_NAMES_WORK_MAX + 4 * strlen(s)); /* a last copy */
                        free(s);
                }
}

/* The clock judging reads, moved by the test: step µs a reading. */
static uint64_t fake_now, fake_step;
static uint64_t fake_clock(void) {
        return fake_now += fake_step;
}

static bool refused_all(const char *cmd, const CommandPolicy *policy, const char *why) {
        CommandVerdict v;
        assert_int_equal(command_check(cmd, strlen(cmd), policy, &v), 0);
        bool all = v.refused && v.n_paths == ELEMENTSOF(secrets) && strstr(v.reason, why);
        if (!all)
                print_message("%.60s: %s (%s)\n", cmd, v.refused ? "refused" : "allowed", v.reason);
        command_verdict_done(&v);
        return all;
}

/* Judging has a time bound (a hook's caller may let a command through when
 * the hook times out: 31x 4): past it, refused, every secret named, and
 * why; and { { { ... deeper than the rule looks back, refused. */
static void test_time(void **state) {
        (void) state;
        CommandPolicy policy = {.secrets = secrets,
                                .n_secrets = ELEMENTSOF(secrets),
                                .fold = folds,
                                .time_max = 3000000,
                                .now = fake_clock};
        CommandVerdict v;
        fake_step = 0; /* a clock that stands still: judged as ever */
        assert_int_equal(command_check("ls src | wc -l", 14, &policy, &v), 0);
        assert_false(v.refused);
        command_verdict_done(&v);
        fake_step = 1000000; /* a second a reading: the bound passes as it judges */
        assert_true(refused_all("ls src | wc -l", &policy, "more time judging than the rule's bound"));
        assert_true(refused_all("git status; echo 'ok' | tr o O", &policy, "more time judging"));
        policy.time_max = 0; /* none */
        assert_int_equal(command_check("ls src | wc -l", 14, &policy, &v), 0);
        assert_false(v.refused);
        command_verdict_done(&v);
        /* 64 reserved words in a row judged; 65 refused, its time spent looking back */
        policy.now = NULL;
        char *deep = malloc(1024), *deeper = malloc(1024);
        assert_non_null(deep);
        assert_non_null(deeper);
        deep[0] = deeper[0] = 0;
        for (int i = 0; i < 65; i++)
                strcat(deeper, "{ ");
        strcat(deeper, "true; ");
        for (int i = 0; i < 65; i++)
                strcat(deeper, "} ");
        strcpy(deep, deeper + 2);
        deep[strlen(deep) - 2] = 0;
        assert_int_equal(command_check(deep, strlen(deep), &policy, &v), 0);
        assert_false(v.refused);
        command_verdict_done(&v);
        assert_true(refused_all(deeper, &policy, "more than 64 reserved words in a row"));
        free(deep);
        free(deeper);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_table), cmocka_unit_test(test_globs), cmocka_unit_test(test_case),
                cmocka_unit_test(test_edges), cmocka_unit_test(test_work),  cmocka_unit_test(test_time),
        };
        return RUN(tests);
}
