/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The secret-paths rule's parts, shared by command.c and its command-*.c
 * files: the matchers (match.h, and command-match.c against the secrets),
 * what programs do with their words (command-programs.c, command-git.c),
 * the language's commands whose words are data (command-data.c). It must not lex: how a line splits and what
 * a word holds is shell-lex's to say.
 */

#include <stdbool.h>
#include <stddef.h>

#include "command.h"
#include "match.h"
#include "shell-lex.h"

/* The most words a simple command has; a longer one is refused: its words unjudged. */
#define STAGE_WORDS_MAX 2048

#define REREAD_MAX 4 /* strings a shell reads again, in strings, judged this deep */

/* What a program pass judges with, and where it says why it refused. */
#define CWD_MAX 512

/* The texts a line writes to the scripts it runs, joined in its order
 * (printf 'cat .e' > s; printf nv >> s; bash s runs cat .env). */
typedef struct WrittenTexts {
        char *buf;
        size_t n;
        int pieces;
        char edits[512];    /* the texts its edits in place put in, joined (command-edited.c) */
        char seen[1024];    /* the texts it writes to any file, joined (written_text's) */
        const void *edited; /* the word of the last edit applied to them */
        bool judging;       /* ... being judged: no text the line writes */
} WrittenTexts;

/* A name the line binds to another program (command-rebound.c). */
typedef struct Rebound {
        char name[64];     /* the last name run */
        char program[192]; /* what it runs, as written */
        bool any;          /* hash -p: however it is run; else by a path or through PATH */
        bool alias;        /* alias NAME=TEXT: program is the text NAME expands to */
        bool busy;         /* ... being judged (alias ls='ls -la' does not expand again) */
} Rebound;

typedef struct Judge {
        const CommandPolicy *policy;
        bool *named; /* [n_secrets]: the secrets a refusal is about */
        int depth;
        char *reason;
        size_t reason_n;
        bool computed;       /* a shell of the line reads a text a substitution prints */
        bool shell_output;   /* ... this one's: judging a substitution computed is true of */
        bool unseen_args;    /* the command's words are added at run time (xargs git log) */
        bool args_listed;    /* ... a proven lister's names (git ls-files -z | xargs -0 tar c) */
        bool git_env;        /* the line points git at other config (HOME=, GIT_CONFIG_GLOBAL=) */
        int hops;            /* commands found among an unknown program's words, judged */
        bool git_config_dir; /* the line entered a directory of git's config (~/.config/git) */
        bool untied;         /* a shell of the line reads a program no one text of it gives */
        /* the script files the line runs (bash x.sh, source x, ./x), by last name */
        char scripts[8][128];
        size_t n_scripts;
        bool scripts_many;
        bool make_runs;             /* make runs: a file it writes may be a makefile (-f F, include F) */
        bool scripts_args;          /* ... one of them with words of its own ($1, $2, ...) */
        int script_depth;           /* of -c strings looked into for them */
        bool scripts_written;       /* the line writes or copies one of them */
        int written_run;            /* ... or a file another program of it may run (WRITTEN_*) */
        char written_tail[16];      /* the last bytes of the texts written so far (a name split) */
        const char *scripts_unseen; /* why what it runs is written unseen (command-scripts.c) */
        bool positional_unseen;     /* what a text reads as $1, $2, ... is not the line's to see */
        bool inlined;    /* the line was judged whole with its functions' calls inlined (reread_line) */
        bool lenient;    /* what it reads again may be no shell's program (command_judge) */
        bool names_read; /* a command of the line reads names from its input or a file (xargs, tar -T) */
        bool git_list_written;  /* ... and a file of names it wrote holds .git (ls -A > l; tar -T l) */
        bool git_printed;       /* a command of it printed .git's name ({ echo .git; } > l) */
        bool tree_list_written; /* ... or a tree holding .git (echo . > l; tar c -T l) */
        bool output_filed;      /* exec > F: what the line prints from here on goes to a file */
        bool group_filed;       /* ... the group holding the pipeline judged sends it to a file */
        bool substituted_run;   /* a substitution a shell reads is being judged as a pipe into it */
        struct WrittenTexts
                *written; /* what the line writes to scripts it runs, in order (programs_check's) */
        /* where a cd of the line may have taken it (command-cwd.c) */
        char cwds[4][CWD_MAX];
        size_t n_cwds;
        bool cwd_unknown;
        /* a quoted heredoc's body holds PATHSPECS, or an arithmetic that may
         * assign to any name: counted when a shell of the line may run it */
        bool data_pathspec, data_assigns;

        bool git_pathspec_env; /* the line sets how git reads pathspecs (GIT_NOGLOB_PATHSPECS=) */
        bool keyword;          /* set -k: every NAME=V word of a command is an assignment */
        Rebound rebound[8];    /* names the line binds to another program */
        size_t n_rebound;
        bool rebound_many;   /* ... more than those */
        bool rebound_unseen; /* a hash -p the rule did not follow (eval 'hash -p ...') */
        bool program_data;   /* a program file (or its folder) a word of a command (gzip -c /bin/cp) */
        const char *text;    /* the line judged (programs_check), text_n bytes */
        size_t text_n;
        bool text_moves; /* judge_text_may_move() of it */
} Judge;

/* command-cwd.c: a cd or pushd stage (w[0] the program): where the line
 * may be from now on. */
void cwd_enter(Judge *j, const ShellWord *const *w, size_t n);
/* ... a cd to the plain path a (a wrapper's env -C a, cmake -E chdir a):
 * a place by a descriptor's link (/dev/fd/3, /proc/self/cwd) is any. */
void cwd_enter_dir(Judge *j, const char *a);
/* Is the absolute, resolved path a a directory known only by a link to a
 * descriptor or a process's directory (/dev/fd/N, /dev/stdin,
 * /proc/PID/fd/N, /proc/PID/cwd, /proc/PID/root)? */
bool cwd_by_descriptor(const char *a);
/* ... does the path a lead to one, from some place the line may be in? */
bool cwd_to_descriptor(const Judge *j, const char *a);
/* Does the path a (a glob as written) lead into a .git directory from
 * some place the line may be in (.git/refs, src/../.git, .gi?/hooks)? */
bool cwd_in_git(const Judge *j, const char *a);
/* Has a cd of the line moved it (then a relative name may mean anything
 * from where it started)? */
bool cwd_moved(const Judge *j);
/* Does the plain path a name the directory the line started in, or one
 * above it, from wherever the line may be? */
bool cwd_above(const Judge *j, const char *a);

/* Does the boot's record say the history holds some masked entry? Mark
 * every held one as what a refusal is about. */
/* Every masked entry named, for a refusal about what the rule cannot read. */
void judge_name_all(Judge *j);
bool judge_held(const Judge *j);
void judge_mark_held(Judge *j);

/* 1 after writing the reason, for a refusal. */
int judge_refuse(Judge *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* command.c: judge the text s (n bytes) as a command line of its own, at
 * this depth of strings read again. lenient: s may be no shell's program
 * (a text fed to a program the line cannot name): if it does not lex, its
 * names are judged, not the whole refused. context: the commands a
 * caller put before s, standing for what the line did before it (set
 * HOME, moved, wrote a file a program runs), or NULL: a refusal of the
 * recogniser's there gives context->why. */
/* Is the time command_check's policy allows spent? */
bool command_past_deadline(const CommandPolicy *policy);

typedef struct CommandContext {
        size_t from, to; /* s's tokens [from, to): what the line did before the string */
        const char *why; /* and what that was, for a refusal there */
} CommandContext;
int command_judge(const char *s, size_t n, const CommandPolicy *policy, int depth, bool lenient,
                  const CommandContext *context, CommandVerdict *ret);

/* One simple command of a pipeline, and the line it is of. */
typedef struct Stage {
        const ShellWord **w; /* into the line's one array of words */
        size_t n;
        const ShellToken *redir[32]; /* each redirect, its target after it */
        const ShellWord *target[32];
        size_t n_redir;
        bool keyword_led;      /* while, until, if: its output is not one program's */
        bool stderr_piped;     /* |& after it: its error output into the pipe too */
        const ShellToken *led; /* the closer leading it (}, ), fi, done, esac), or NULL */
} Stage;

typedef struct Line {
        const char *text;
        size_t n;
        bool substitution;       /* its output becomes words of the line around it */
        const ShellLexed *lexed; /* its tokens */
} Line;

/* command-chdir.c, while the history holds a masked entry: st's redirect
 * that opens .git or a path in it (exec 3<.git, whatever the command), or
 * st a cd into a path in .git: judge_refuse's 1, 0, -ENOMEM. */
int chdir_stage(Judge *j, const Stage *st);
/* ... w[0] a wrapper, inner its words (programs_wrapped): its directory
 * option a cd for what it runs (entered, cwd_enter_dir); refused when it
 * names .git, a path in it or a place known only when it runs. */
int chdir_wrapper(Judge *j, const ShellWord *const *w, size_t n, size_t inner);

/* command-compound.c: is w the reserved word s, unquoted ('{' and '}'
 * come as brace items)? Does token i start a command (the line's first,
 * or after an operator, a newline or a reserved word)? */
bool compound_word_is(const ShellWord *w, const char *s);
bool compound_command_start(const ShellLexed *l, size_t i);
/* ... where a simple command starts: the line's first token, or after an
 * operator, a newline, or do, then, else, {, ! that start one in turn
 * (not after other reserved words: for's words, case's patterns). */
bool compound_simple_start(const ShellLexed *l, size_t i);
/* Has l at most KEYWORDS_MAX reserved words in a row ({ { { ...: each
 * word's start looks back over them)? */
#define KEYWORDS_MAX 64
bool compound_keywords_bounded(const ShellLexed *l);
/* command-compound.c: does the line define the function name? */
bool compound_defines(const ShellLexed *l, const char *name);
/* The tokens [*from, *to) of the line that st runs when it is a
 * compound's closer (} | sh, ) | sh, fi | sh) or a call of the function
 * name the line defines (f | sh, eval -- f '', bash -O extglob -c f): true;
 * *whole false when the call is part of a command line that eval or the
 * shell runs (eval 'f | tr Q i'), its output not the body's alone. */
bool compound_body(const Line *ln, const Stage *st, const char *name, size_t *from, size_t *to, bool *whole);
/* t when it is a subshell's closing ')' (the stage after it led by it), else NULL. */
const ShellToken *compound_paren(const ShellToken *t);
/* The word at l->v[*i] onto st (*used counting the line's words), or,
 * NAME=(WORDS), an array's elements, no subshell: the words of a command
 * that runs none (NAME= stands for it where it leads), *i then the ')'
 * closing them. 0, or -E2BIG past max words or for what the rule does not
 * read among them (a redirect, no ')'). */
int compound_array(const ShellLexed *l, size_t *i, Stage *st, size_t max, size_t *used);
/* command-programs.c: what the programs of a lexed line do with their
 * words, the secrets named or not: 1 refused (j->reason), 0, -ENOMEM. text
 * is what l was lexed from (its heredocs). */
int programs_check(Judge *j, const ShellLexed *l, const char *text, size_t n);
/* The index of the command that the wrapper at w[0] runs (env, nice,
 * timeout, ...), n when it runs none, or SIZE_MAX when w[0] is no wrapper
 * or its options are not understood. */
size_t programs_wrapped(const ShellWord *const *w, size_t n);
/* command-runners.c: run-parts DIR runs every program in DIR (its --regex
 * picks, /usr/bin's git among them): refused when the line writes files
 * or the history holds a masked entry, unless it only lists (--test,
 * --list). 1 refused, 0. */
int runners_run_parts(Judge *j, const ShellWord *const *w, size_t n);
/* ... groff, troff, pic -U (unsafe: .sy, pic's sh run a shell command
 * from the input, any input): refused. 1 refused, 0. */
int runners_roff_unsafe(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* command-wrappers.c: the name the rule knows a program by, for another
 * name Debian installs it under (perl5.36.0: perl; vim.basic, editor,
 * sensible-editor: vim; zstdmt: zstd; lz4c: lz4; pdb3: python3), else
 * name itself (NULL: NULL). */
const char *programs_canonical(const char *name);
/* A wrapper's option that sets the directory its command runs in (env -C
 * D, cmake -E chdir D, unshare --wd=D, sudo -D D) or its root (unshare -R,
 * chroot D): the directory's plain text when known (not a glob, an
 * expansion, nsenter -w alone, systemd-run -p WorkingDirectory=). */
typedef struct WrapperDir {
        char text[256];
        bool known, root;
} WrapperDir;
/* w[0] a wrapper, inner what programs_wrapped gives for it: its
 * directories, up to max, into out; how many. */
size_t programs_wrapper_dirs(const ShellWord *const *w, size_t inner, WrapperDir *out, size_t max);
/* Does a wrapper chain run words it does not hold: WRAPPED_READ, xargs's
 * command a wrapper with no command of its own (xargs env, xargs nice: the
 * words xargs reads are the command); WRAPPED_SPLIT, env -S V (V, returned,
 * is the program and its words)? 0 otherwise. */
enum { WRAPPED_READ = 1, WRAPPED_SPLIT = 2 };
int programs_wrapped_runs(const ShellWord *const *w, size_t n, char **ret_value);
/* The string the command w[0..n) has a shell read again (sh -c S, eval
 * A..., su -c S): 1 with *ret_s malloc'd and *ret_rest the index of the
 * first word after it, 0 for a command that reads none, -ENOMEM. */
int programs_reread_string(const ShellWord *const *w, size_t n, char **ret_s, size_t *ret_rest);
/* A program's name, its directory gone (/usr/bin/git is git; a brace's
 * first alternative), into buf; NULL when computed at run time. */
const char *programs_name(const ShellWord *w, char *buf, size_t size);
/* Is it a shell (sh, bash, ...), a wrapper (env, nice, ...), a reserved
 * word leading a command (if, do, {, !)? */
bool programs_is_shell(const char *name);
bool programs_is_wrapper(const char *name);
bool programs_keyword(const ShellWord *w);
/* How many words a shell's option word a takes as values (-o X, -xOc X). */
size_t programs_shell_values(const char *a);
/* sh -c S, bash -lc S, bash -o x -c S (the shell at w[0], its options
 * from first): the index of S, or SIZE_MAX. */
size_t programs_shell_c(const ShellWord *const *w, size_t n, size_t first);
/* command-shells.c: what a shell in st reads as its program (here-strings,
 * heredocs; prev's, or what echo or printf in prev prints), judged with
 * its operands as $1, $2, ...: 1 refused, 0, -ENOMEM. */
int shells_judge_input(Judge *j, const Line *ln, const Stage *st, const Stage *prev);
/* The text the redirect st->redir[i] gives its program, when it is a
 * here-string or a heredoc, malloc'd into *ret: 1; 0 for another redirect;
 * -ENOMEM. */
int shells_fed_text(const Line *ln, const Stage *st, size_t i, char **ret);
/* What a substitution the shell w[0] (name) reads prints (sh <(X), . <(X),
 * eval "$(X)", bash -c "$(X)"), judged as { X; } | sh, after the line's
 * functions; interpreted: name is an interpreter reading its program from
 * a process substitution (python3 <(X): { X; } | python3): 1 refused, 0,
 * -ENOMEM. */
int shells_substituted_run(Judge *j, const Line *ln, const Stage *st, const char *name,
                           const ShellWord *const *w, size_t n, bool interpreted);
/* Does a command of l (or of a text it nests) read a program that no one
 * text of the line gives: a shell reading its input with no text tied to
 * it (( bash ) <<< S, >(bash), a loop's redirect), eval "$l"? */
bool shells_line_untied(const ShellLexed *l, int depth);
/* command-computed.c: does this command make a word known only when it
 * runs into (part of) a line a shell reads (parallel ::: "$(...)", parallel
 * bash -c ::: "$c")? */
bool computed_line_words(const ShellWord *const *w, size_t n);
/* The index of ssh's first command word (past its options and host), or
 * n for none. */
size_t computed_ssh_command(const ShellWord *const *w, size_t n);
/* An interpreter (python -c, perl -e, awk) whose program is made when the
 * line runs, in a line naming git, when the history holds a masked entry:
 * 1 refused, 0. */
int computed_interpreter(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n);
/* The script files the commands of l (and of the texts it nests, and of
 * their -c strings) run (bash x.sh, source x, ./x), noted in j->scripts by
 * their last names; whether the line writes or copies one of them. */
bool shells_line_scripts(const ShellLexed *l, Judge *j);
/* Does a command of l, or of a text it nests (depth of 4), do what pred
 * says? */
bool shells_line_has(const ShellLexed *l, int depth,
                     bool (*pred)(void *ctx, const ShellWord *const *w, size_t n), void *ctx);
/* command-rebound.c: the names the line binds to another program (hash
 * -p, a link or copy it makes), noted in j; the command w[0..n) judged as
 * the program its name now runs (*ret_judged), or enable -f refused; what
 * a string read again inherits of them, as hash -p commands (malloc'd). */
void rebound_line(Judge *j, const ShellLexed *l, const char *text, size_t n);
int rebound_judge(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, const Stage *st,
                  bool *ret_lists, bool *ret_judged);
int rebound_prefix(const Judge *j, char **ret);
/* Is each NAME=TEXT word of alias w[0..n) a binding the line judges by? */
bool rebound_alias_known(const Judge *j, const ShellWord *const *w, size_t n);
/* v[i]'s command an alias the line defines, whose output a shell reads
 * or a file the line runs holds, through the stages to v[upto] (alias
 * f='{ printf g; echo ...; }'; f | sh, f > F; sh F): its text judged as {
 * TEXT ARGS; } | sh, or by its letters when a stage not a bare cat
 * rearranges it. 1 refused, 0, -ENOMEM. */
/* Do the n bytes at s hold the letters g, i and t (in any case and order),
 * a git run as a command (git log > F) left out: a text that may make git? */
bool rebound_letters(const char *s, size_t n);
int rebound_alias_piped(Judge *j, const Stage *v, size_t i, size_t upto);
/* The PREFIX of the files split writes (PREFIXaa, PREFIXab, ...: its
 * second operand, x when none) when w[0..n) runs split, in buf; "" when a
 * word is known only when it runs (any name); NULL for another command or
 * split --filter (no file). */
const char *rebound_split_prefix(const ShellWord *const *w, size_t n, char buf[static 256]);
/* exec -a NAME PROG ARGS (w[0] exec, w[inner] PROG): git runs git-NAME's
 * subcommand, busybox and toybox the applet NAME: judged as that command
 * (*ret_judged); a NAME unread with such a program is refused. */
/* ld.so, ld-linux-x86-64.so.2, ld-2.31.so: the dynamic loader, which runs
 * its PROGRAM operand with the words after it (--argv0 NAME as exec -a) */
bool rebound_is_loader(const char *name);
/* Is t a program file under the system's directories (/usr/bin/cp, /bin),
 * or one of those directories? */
bool rebound_program_path(const char *t);
/* its options that take a value (--argv0 NAME, --preload LIST) */
extern const char *const rebound_loader_long[];
int rebound_argv0(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t inner,
                  const Stage *st, bool *ret_lists, bool *ret_judged);
/* command-handed.c: the line capsh's words after -- or watch -x's words
 * run (as programs_reread_string: 1 with *ret_s malloc'd, 0, -ENOMEM);
 * and a stage's shell or file of commands read from a process
 * substitution or a pipe (newgrp < <(...), tmux -f <(...)): 1 refused. */
int handed_string(const ShellWord *const *w, size_t n, char **ret_s, size_t *ret_rest);
/* command-languages.c: an interpreter (awk, python, perl, node, ...) whose
 * program in its words or the texts st feeds it (a heredoc) names git,
 * while the history holds a masked entry: what it runs is beyond the rule
 * (os.system, system(), execSync), a literal git is not: 1 refused, 0,
 * -ENOMEM. */
int languages_interpreter_git(Judge *j, const Line *ln, const Stage *st, const char *name,
                              const ShellWord *const *w, size_t n);
int handed_judge_input(Judge *j, const Stage *st, const Stage *prev);
/* Does a stdin runner (su, runuser, sg, newgrp) run a shell that reads
 * its input (su U, runuser -u U sh, su U -c sh), or a program take a
 * command line from an option whose value is made when the line runs (su
 * -c"$C", flock --command="$(cat F)"), at this nesting depth? */
bool handed_reads_input(const ShellWord *const *w, size_t n, int depth);
/* command-handed.c: the line sets the program its command strings run in
 * (SHELL=, export SHELL, tmux's default-shell, su -s or runuser --shell
 * of no shell), while the history holds a masked entry: bash's reading of
 * the -c string is not python's (31u 2). 1 refused, 0. */
int handed_other_shell(Judge *j, const ShellLexed *l);
/* The word's leading literal bytes, into buf: an option's name before a
 * value made when the line runs (-c"$(cat F)", --command="$C"). */
const char *handed_literal_head(const ShellWord *w, char *buf, size_t size);
/* Is the path (or an option's glued value: dd's of=, -o) a name of the
 * process's own output (/dev/stdout, /dev/fd/1, /proc/self/fd/1; any
 * descriptor's or std name, which 2>&1 or 3>&1 may join to it): a copy to
 * it (cp F /dev/stdout in "$(...)") reads F into the output, as cat does? */
bool handed_to_output(const char *path);
/* command-edited.c: is w[0..n) an in-place edit (sed -i, perl -pi, awk
 * -i inplace) of a file named() says a runner of the line reads (or one
 * known only when it runs)? And a stage's editor (sed, perl, awk, jq) in a
 * line that writes a script it runs: the text its program puts in judged
 * as a line, a program not in its words refused (1, 0, -ENOMEM); fed:
 * the plain Ex program ex -s reads from the line (ex_fed_program), or NULL. */
bool edited_in_place(const ShellWord *const *w, size_t n, bool (*named)(const void *ctx, const char *path),
                     const void *ctx);
int edited_judge(Judge *j, const Stage *st, const char *fed);
/* The texts an editor at st (with in_place, only an edit in place) puts
 * in its files or output (sed's replacements, GNU sed's escapes decoded
 * and the program's later literal commands applied), one a line, into
 * *ret: 1, 0 for none, -ENOMEM. */
int edited_texts(const Stage *st, bool in_place, char **ret);
/* An edit in place at st (sed -i, perl -pi) applied to the texts the line
 * wrote so far (j->written's: the file's, when the line wrote it), as the
 * file it leaves, judged with the line's other texts together
 * (programs_check), and by their names when it put git in them (the texts
 * as written were judged); and to the texts its edits before it put in,
 * its own joined to them, judged by their names: as a runner's file's
 * (runner: st's file is one, else as j->written_run says). Once an edit.
 * 1 refused, 0, -ENOMEM. */
int edited_model(Judge *j, const Stage *st, bool runner);
/* command-sed.c: sed's programs (and awk's sub(), perl's s///) as GNU
 * sed reads them. sed_escape: GNU sed's escape after a backslash at p
 * (\xHH, \oNNN, \dNNN, \cX, \n, \t, \a, \f, \r, \v; any other
 * character itself) into *ret, the characters it takes. sed_set: the bytes
 * a set names (tr's sets, a bracket's body: a-z, [:digit:], [=c=], [c*n]),
 * false for one not understood. sed_parse: a program of dialect into
 * *ret (0, -ENOMEM). sed_run: its s///, y/// and a, i, c applied to *t in
 * turn, as sed prints a text whose lines may start at a quote or blank (a
 * line's words: each such line's first match without g). sed_lines: a
 * program sed applies exactly (s and y only, no address, no flag but g, I
 * or a count, perl's \N{NAME} a name it knows, no \Q or variable) applied to
 * the text a program prints, each line its own pattern space (perl's with
 * its newline): 1, 0 (*t untouched) when not exact or when the C locale
 * and a UTF-8 one make different texts of it ('.' and [^...] on a
 * multibyte character). sed_run and sed_edit: where the two locales
 * differ, both texts on lines of their own. sed_put_in:
 * the texts it puts in (s///'s replacements, a, i and c's lines), one a
 * line, each also as the program's later commands leave it, into *ret.
 * sed_edit: the program as an edit in place of a file whose text *t may
 * be: each s/// at each match, y///, a, i and c's text on a line of its
 * own; with put, then the texts it puts in joined with nothing between
 * (they may meet in the file, or with the next edit's); 0, -ENOMEM. */
size_t sed_escape(const char *p, char *ret);
/* s[0..n) with its escapes decoded as sed reads them, then as perl (and
 * tr, printf: \NNN) does, each on a line of its own, into *ret (malloc'd;
 * 0, -ENOMEM): the texts a program not modelled may put in. */
int sed_decoded(const char *s, size_t n, char **ret);
/* command-escapes.c: perl's \N{NAME} (a byte into *ret: true when known),
 * perl's escape after a backslash at p into *ret (the characters it takes). */
bool sed_perl_named(const char *name, size_t len, char *ret);
size_t sed_perl_escape(const char *p, char *ret);
bool sed_set(const char *a, size_t len, bool in[256]);
typedef enum SedDialect { SED_BASIC, SED_EXTENDED, SED_AWK, SED_PERL } SedDialect;
/* A set of tr (SED_BASIC: GNU tr's escapes, ranges, [:class:], [=c=],
 * [c*n]; set 2, fill set 1's length: only upper and lower, [c*] filling
 * to it) or of perl's tr/y/// (SED_PERL: ranges and perl's escapes),
 * expanded in order into out: its length, or SIZE_MAX when the program
 * would refuse it (a range backwards) or it is not modelled. */
size_t sed_tr_expand(const char *a, size_t len, SedDialect dialect, size_t fill, char *out, size_t size);
typedef struct SedScript SedScript;
int sed_parse(const char *program, SedDialect dialect, SedScript **ret);
void sed_free(SedScript *s);
static inline void sed_freep(SedScript **s) {
        sed_free(*s);
}
int sed_run(const SedScript *s, char **t);
int sed_lines(const SedScript *s, char **t);
/* Is o sed's -E, -r (in a bundle) or --regexp-extended? */
bool sed_option_extended(const char *o);
int sed_put_in(const SedScript *s, char **ret);
/* Does s hold an s/// whose regex is not modelled (its match anywhere)? */
bool sed_blind(const SedScript *s);
int sed_edit(const SedScript *s, bool put, char **t);
/* command-written.c: a text an edit puts in a file a runner reads, judged
 * as a text the line writes to a script it runs. */
int written_edit(Judge *j, const char *t);
/* dst (of size) set to the last bytes of head and t joined. */
void written_keep(char *dst, size_t size, const char *head, const char *t);
/* command-scripts.c: why the line runs a script or reads a config of
 * commands that it may write with a text the rule does not see (sort -o
 * F; bash F), or NULL. */
const char *scripts_unseen(const ShellLexed *l);
/* The index of the program a command runs: past its assignments and the
 * wrappers before it (env, nice, command, ...). */
size_t scripts_program_at(const ShellWord *const *w, size_t n);
/* With j->scripts_written: every text v[at] feeds (its here-strings and
 * heredocs, what its echo or printf prints), judged as a program,
 * leniently: the line may run what it wrote; not the plain Ex program ex
 * -s in v[at + 1] reads (ex_fed_program), whose edit is judged instead. */
int shells_judge_written(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at);
/* command-written.c: does the line write a file that another program of
 * it may run as its program (python3 F, cat F | perl, awk -fF, a file a
 * tool finds by its name, what patch or git apply creates): WRITTEN_*. */
enum {
        WRITTEN_NONE = 0,
        WRITTEN_PROGRAM = 1,
        WRITTEN_SCRIPT = 2,  /* ... and a shell reads it */
        WRITTEN_GROUP = 4,   /* ... and a compound's redirect writes it: any text may be its */
        WRITTEN_SHEBANG = 8, /* a script run by its path: a #! may hand it to an interpreter */
        WRITTEN_FED = 16,    /* a script the line runs an output process substitution writes
                              * (T > >(cat > F); sh F): judged as T > F's (j->scripts_written) */
};
int written_line_runs(const ShellLexed *l, const Judge *j);
/* May the line run a file it writes (written_line_runs(), a script it
 * writes, a name known only at run time)? */
bool written_may_run(const Judge *j);
/* May the line run in this shell what a quoted heredoc's body holds (eval,
 * ., source, trap, alias, ...), or take a variable's name from a word that
 * may hold it (declare "$x", printf -v "$x")? (command-setvars.c marks the
 * body's arithmetic, shells_line_scripts counts it then.) */
bool written_data_runs(const ShellLexed *l);
/* The text of an output process substitution (T > >(S), tee >(S)): 0 when
 * S writes no file the line runs, 1 when it writes one its input exactly
 * (cat > F, tee F), 2 when by the letters only (sort > F, tr -d x > F). */
int written_substitution(const Judge *j, const char *s);
/* With j->written_run: the texts of stage at of the pipeline v[0..n)
 * (here-strings, heredocs, what its echo or printf prints), when it or a
 * stage after it writes a file, judged as a program a file holds: a diff's added
 * lines as a shell's, and one naming git refused while the history holds
 * a masked entry. 1 refused, 0, -ENOMEM. */
int written_judge(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at);
/* An interpreter st with no program of its own words reads its input as
 * one (ed, sqlite3, sftp: commands, whatever their operands): its
 * here-strings and heredocs, and prev's texts (prev may be NULL: echo S |
 * python3, cat <<E | perl) judged as written_judge judges a file's. 1
 * refused, 0, -ENOMEM. */
int written_piped(Judge *j, const Line *ln, const Stage *st, const Stage *prev);
/* Appends a text written to a script to j->written (if any): 0, -ENOMEM. */
int shells_written_add(Judge *j, const char *s, size_t n);
/* With j->untied: every text st feeds (its here-strings and heredocs, what
 * its echo or printf prints), judged as a program; not when next (may be
 * NULL), the stage after st, reads them as a plain Ex program. */
int shells_judge_fed(Judge *j, const Line *ln, const Stage *st, const Stage *next);
/* Only st's here-strings and heredocs, judged as a program, and what prev
 * (may be NULL) feeds it as shells_judge_fed judges it; not a text in
 * st's own language (SQL to psql, a plain Ex program to ex -s). */
int shells_judge_redirects(Judge *j, const Line *ln, const Stage *st, const Stage *prev);
/* The word's bytes when it is plain (no glob, expansion, NUL; shorter than
 * size), into buf; NULL else. */
const char *programs_plain(const ShellWord *w, char *buf, size_t size);
/* Words k.. of w[0..n) joined by spaces, as eval joins them (NULL when
 * out of memory). */
char *programs_joined(const ShellWord *const *w, size_t n, size_t k);
/* NAME=... or NAME+=...: the shell sets NAME (PATH, GIT_CONFIG_*) for
 * what follows. */
bool programs_is_assignment(const ShellWord *w);
/* Is the word exactly the literal s (no quote, escape or expansion)? */
bool programs_word_is(const ShellWord *w, const char *s);
/* Is a the long option --name as getopt_long takes it: the whole name or
 * any prefix of it (--comm for --command: a program the rule does not
 * read the table of may take it so), with or without =VALUE? The value
 * attached in *ret_value (NULL: none); ret_value may be NULL. */
bool programs_long_is(const char *a, const char *name, const char **ret_value);
/* A word's text as the program gets it (NULL if out of memory): its bytes,
 * a glob's specials as written, an expansion as nothing. */
char *programs_word_text(const ShellWord *w);
/* Judge the string s, which a shell reads again, as a command line: 1
 * refused (why, after what), 0, -ENOMEM. */
int programs_reread(Judge *j, const char *what, const char *s, size_t n);
/* The bytes of s's #! line and its newline, which must stay first when a
 * caller puts commands before a script (0: none). */
size_t strings_shebang(const char *s, size_t n);
/* An env -S string as a shell line: env's own escapes taken (\_ a blank,
 * \t, \n, ... the byte quoted, \c its end, \# and \' in quotes the
 * byte). Malloc'd, or NULL. */
char *strings_env_split(const char *s);
/* env's option w[a]: its -S (--split-string) string, glued (after
 * literal option bytes, -S"git $x"), after = or the next word, judged as
 * the line env runs: 1 refused, 0, -ENOMEM. */
int strings_env_option(Judge *j, const ShellWord *const *w, size_t n, size_t a);
/* xargs -a FILE (-ra, -0a, --arg-file FILE) before a process substitution:
 * FILE may be the substitution, which is no word, and the command the word
 * taken as FILE: w[0] (xargs) and the words after -a judged so too (the
 * command's words then unseen, as from a pipe). 1 refused, 0, -ENOMEM. */
int strings_xargs_file(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t inner,
                       const Stage *st, bool *ret_lists);
/* A command whose program word is a brace bash expands ({cp,-r,.git,x}):
 * judged as the words bash makes of it, the first of them the program,
 * with *ret_braced set; else nothing done. 1 refused, 0, -ENOMEM. */
/* env 'BASH_FUNC_ls%%=() { ...; }' bash -c ls: a word that exports a
 * function to a shell the command starts, its body judged as one. */
int strings_bash_func(Judge *j, const ShellWord *const *w, size_t n);
/* Each string a command's words may hand a program to run as a command
 * line (k its program's index): the one programs_reread_string finds
 * (eval S, script -qc S, su -c S), and every word or value holding a
 * command with operands (tar --to-command=S, zip -TT S, env -S S,
 * tmux new S, strace -o '|S', LESSOPEN='|S'), each given to f. */
void strings_each_command(const ShellWord *const *w, size_t n, size_t k, void (*f)(void *ctx, const char *s),
                          void *ctx);
/* set -k; git status GIT_...=V: every NAME=V word after the program w[k]
 * goes into its environment, not its arguments: each judged as an
 * assignment, then the command without them (*ret_judged). */
int strings_keyword_words(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t k,
                          const Stage *st, bool *ret_lists, bool *ret_judged);
int strings_brace_command(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, const Stage *st,
                          bool *ret_lists, bool *ret_braced);
/* The same for words w[from..to): exec -a git-log {git,-p} is exec -a
 * git-log git -p, each alternative a word, as bash reads it (*ret_braced
 * when a brace expands: the command judged as its expansion). */
int strings_brace_words(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, size_t from,
                        size_t to, const Stage *st, bool *ret_lists, bool *ret_braced);

/* command-reread.c. The words w[1..n) of a program known only when it
 * runs (x=eval; $x ..., $(echo eval) ..., x=trap; $x ...): each holding a
 * blank or an operator, then all joined as eval joins them, judged as
 * lines it may run (leniently): 1 refused, 0, -ENOMEM. */
int reread_unknown_words(Judge *j, const ShellWord *const *w, size_t n);
/* The string s with $0..$9, ${N}, $@ and $* replaced
 * by the words a shell -c gets after it (NULL when out of memory); s
 * judged with the glob options the command's words turn on (bash -O
 * dotglob -c S); words bash evaluates as arithmetic or a subscript (let
 * "a[$(cmd)]"), a substitution in them judged. 1 refused, 0, -ENOMEM. */
char *reread_positional(const char *s, const ShellWord *const *args, size_t n_args);
int reread_with_options(Judge *j, const char *name, const char *s, const ShellWord *const *w, size_t n);
int reread_arithmetic(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* What bash evaluates in a line beyond its words: $BASH_COMMAND,
 * command_not_found_handle, prompt strings (PS4, ${x@P}), a function
 * defined with expansions, quoted text in arithmetic. 1 refused, 0,
 * -ENOMEM. */
/* The values the line stores where no variable's value is kept (an
 * array's elements, a loop's words, getopts' operand, printf -v, ${x:=V},
 * a literal naming a path inside .git while the history holds an entry),
 * each judged: judge_refuse's 1, 0, -ENOMEM (command-stored.c). */
int stored_values(Judge *j, const ShellLexed *l, const char *s, size_t n);
int reread_line(Judge *j, const ShellLexed *l, const char *s, size_t n, bool *ret_inlined);
/* A value the line takes from text it does not show (read, mapfile, a
 * substitution, getopts, a glob's names) that bash evaluates as arithmetic
 * or a subscript, which runs a $( the value holds: judge_refuse's 1, or 0
 * (command-arithvalues.c). */
int arith_unknown_values(Judge *j, const ShellLexed *l, const char *s, size_t n);
/* command-functions.c: the line with each function it defines a no-op
 * and each call of one its body, the call's words its $1, $2, $@ (as
 * bash -c BODY NAME WORDS reads), in *ret (malloc'd): 1; 0 when the line
 * is more than this reads (a call elsewhere than at a command's start or
 * alone in a substitution, the name in a string, a body that shifts or
 * reads FUNCNAME); -ENOMEM. */
int functions_inlined(const ShellLexed *l, const char *text, size_t n, char **ret);
/* How often name stands in text between bytes no name holds. */
size_t functions_occurrences(const char *text, size_t n, const char *name);
/* command-funcwords.c: the body as one call makes it, words[0] its name,
 * words[1..n) its words (raw[k] word k as the line writes it, or NULL):
 * $1, ${N:-TEXT}, ${#N}, $# and "$x" read as bash hands them, into *ret
 * (malloc'd): 1; 0 when a word or the body is more than this reads;
 * -ENOMEM. */
#define FUNCTIONS_WORDS_MAX 64
int funcwords_body(const char *body, const ShellWord *const *words, size_t n, const char *const *raw,
                   char **ret);
/* Builtins whose words bash runs later: alias, mapfile -C, trap (DEBUG,
 * or a string that expands), set -- and shift with $1 used in text. */
/* command-reread.c: an identifier word in s, whole (not inside a longer name)? */
bool reread_has_ident(const char *s, const char *id);
int reread_builtin(Judge *j, const char *name, const ShellWord *const *w, size_t n, const char *text,
                   size_t tn);
/* command-execopts.c. A database client's commands in a text it reads (psql's \\!, \\o |CMD;
 * mysql's system, \\!): the shell commands judged. 1 refused, 0, -ENOMEM. */
int reread_sql_client(Judge *j, const char *name, const char *text);
/* ... and each text a psql, mysql or mariadb stage is fed (its
 * here-strings and heredocs, what echo or printf in prev prints; prev may
 * be NULL), judged so: 2 judged (no shell reads it), 3 judged but
 * another program's output piped in, 1 refused, 0 not such a stage,
 * -ENOMEM. */
int reread_sql_fed(Judge *j, const Line *ln, const Stage *st, const Stage *prev);
/* Is st psql, mysql or mariadb (its input SQL)? ... and prev, the stage
 * right before it, echo or printf of plain words (SQL known, judged)? */
bool reread_sql_reader(const Stage *st);
bool reread_sql_printed(const Stage *st, const Stage *prev);
/* Is st jq with its filter among its words: its input JSON, data it
 * neither runs nor opens by name (not -f F, which makes it a program)? */
bool reread_json_input(const Stage *st);
/* Each string of a JSON text (its escapes decoded), judged as a command
 * line as what: 1 refused, 0, -ENOMEM. */
int reread_json_strings(Judge *j, const char *what, const char *s);
/* Options whose value the program runs as a line (-c S of a program not
 * the rule's, tar -I, split --filter, ssh -o ProxyCommand=): judged. */
int reread_exec_options(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* command-configcmds.c: command lines in a program's config given on its
 * command line (apt -o APT::Update::Pre-Invoke=, cargo --config
 * target.X.runner=, rustc -C linker=, gpg --photo-viewer, wget
 * --use-askpass), each judged as a line; a config file of apt's or
 * cargo's the line writes, refused while the history holds an entry. */
int configcmds_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* ... and a line's text that sets APT_CONFIG or writes cargo's config for a
 * program a string of it runs (bash -c 'apt-get update'), while held. */
int configcmds_line(Judge *j);
/* printf's and echo -e's escapes, in place: \\, \n and the like, \xHH,
 * \NNN and \0NNN (a NUL ends it). */
void reread_unescape(char *s);
/* command-languages.c: vim's Ex, gdb's commands, tmux's shell commands,
 * make's or ssh's file from the line's input: 1 refused, 0, -ENOMEM. */
int languages_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* command-ex.c: is an Ex program plain, each command one that only edits
 * the buffer and writes it back (a range, d, s/// without \=, g/re/CMD of
 * plain ones, a and its text, normal's keys but !, :, @, K, gq, ...; w, wq
 * and q without a file)? lines: read a line at a time (Ex mode's input);
 * else a -c string, normal's keys to its end. */
bool ex_plain(const char *text, bool lines);
/* Are vim's words name, w[1..n) plain text whose Ex commands (-c, --cmd,
 * +CMD) are plain, with no script, startup file or diff program read?
 * *ret_ex_mode (may be NULL): -e, -E or ex reads its input as Ex. */
bool ex_words_plain(const char *name, const ShellWord *const *w, size_t n, bool *ret_ex_mode);
/* The Ex program a vim in Ex mode with plain words reads from the line:
 * its here-string or quoted heredoc, or what echo or printf prints in
 * prev (the stage right before st; may be NULL), malloc'd into *ret when
 * it is plain: 1; 0 else; -ENOMEM. */
int ex_fed_program(const Line *ln, const Stage *st, const Stage *prev, char **ret);
/* The texts a plain Ex program puts in its buffer (a's lines, s///'s
 * replacements as written and with backslashes dropped, normal's keys),
 * one a line, into *ret: 1; 0 when it is not plain; -ENOMEM. */
int ex_put_in(const char *text, bool lines, char **ret);
/* command-argrun.c: a compiler's -wrapper, rg's --pre: the program an option names,
 * judged as a command it runs. 1 refused, 0, -errno. */
int argrun_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* gcc, cc, clang, gcc-12, x86_64-linux-gnu-gcc: a compiler driver */
bool argrun_is_compiler(const char *name);

/* command-makeenv.c: make's variables from its environment (NAME=V before a
 * command, env's, export's; MAKEFLAGS's words), judged as its arguments. */
int makeenv_judge(Judge *j);
/* The string s[0..n) a shell of the line reads, with the assignments of
 * the line make may run a line by (MAKEFLAGS=V bash -c make) exported
 * first, into *ret: 1; none, 0; -ENOMEM. */
int makeenv_inherited(const Judge *j, const char *s, size_t n, char **ret);
/* command-makeenv.c: a substitution's text (MAKEFLAGS="$(... | tr x i)",
 * env "$(cat F)" make) on a line that runs make, the history held: its
 * words as make reads them (MAKEFLAGS's split, NAME!=CMD) when modelled
 * exactly, else refused when the line's texts flow there holding the
 * letters g, i and t. 1 refused, 0, -ENOMEM. */
int makeenv_substituted(Judge *j, const Line *ln, const Stage *v, size_t n);
/* command-languages.c: the texts a program reads as commands in its own
 * language (ed's and Ex's !CMD, sqlite3's .shell and |CMD, m4's syscmd,
 * strace -o '|CMD', the words xargs hands sh -c), from st's input or the
 * stage before it in the pipe: 1 refused, 0, -ENOMEM. */
int languages_judge_fed(Judge *j, const Line *ln, const Stage *st, const Stage *prev);
/* sed whose program names git (s/^/git /), its output piped into a shell
 * of the pipeline v[0..n) or written to a file while the line may run
 * one it writes, the history held; its output a substitution's, or an
 * interpreter's input, when git there is a command with words: a text
 * naming git the line runs. 1
 * refused, 0, -ENOMEM. */
int languages_sed_output(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at);
/* command-rearranged.c: does the line's text name git, every separator
 * (_ . , : / = + ^ % #, printf's \n) read as a blank, or as the program
 * st runs (name: tr's literal sets, sed's y/// and literal s///) prints
 * it; with command, as a command with words after it (git log). 1, 0,
 * -ENOMEM. */
int rearranged_names_git(const Line *ln, const Stage *st, const char *name, bool command);
/* command-languages.c: is the "git" at p (any case) in text (n bytes)
 * git's program: a word (nothing alphanumeric or '_' on either side), in
 * lower case, or in any where the policy's names fold (APFS); or part of
 * perl's -MGit, use Git, Git::, cmake's find_package(Git), FindGit,
 * GIT_EXECUTABLE, GIT_REPOSITORY? j may be NULL (none folds). */
bool languages_git_word(const Judge *j, const char *text, size_t n, const char *p);
/* command-argv.c: an interpreter's inline code that reads its arguments
 * and runs a program (perl -e 'exec @ARGV' tar c .): the words after it
 * judged as a command line. 1 refused, 0, -ENOMEM. */
int argv_run(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* ... a command string some interpreter may run (su -c S, by the user's
 * login shell): refused when it names git while the history holds a masked
 * entry; its string literals judged as lines when it runs a program. 1
 * refused, 0, -ENOMEM. */
int argv_as_code(Judge *j, const char *name, const char *code);
/* Does st read a file the line writes (echo S > x/a; nl x/a), and a text
 * of the line, not a command's name, hold git as a command? 1, 0, -ENOMEM. */
int rearranged_file_git(const Judge *j, const Stage *st);
/* Does a redirect of the line write a file of path's last name (> x/a;
 * a cd between may join them)? */
bool rearranged_line_writes(const Judge *j, const char *path);
/* ... whole: by that name and no longer (> F, not > F.tmp). */
bool rearranged_writes_name(const Judge *j, const char *path, bool whole);
/* Does st read a file the line writes (an operand, or < F): > F, tee F,
 * cp A F, dd of=F and the other writers; a glob by the names it may
 * match (x/a*), an expansion ("$f") as any? 1 or 0. */
int rearranged_reads_written(const Judge *j, const Stage *st, bool whole);
/* rearranged_tr: tr's modelled forms (-d, -s, -ds, -c; two literal sets)
 * at st applied to *t: 1, 0 when not modelled (*t untouched), -ENOMEM.
 * rearranged_printed: what echo or printf at st prints, into *ret: 1, 0
 * when st is neither, -ENOMEM. */
int rearranged_tr(const Stage *st, char **t);
/* tr FROM TO, two literal sets (tr's escapes: \NNN, \n, \\; a character
 * FROM holds twice mapped as its last place), applied to t in place:
 * false (t untouched) for a range, a class, a repeat or an option. */
bool tr_translated(char *t, const char *from, const char *to);
int rearranged_printed(const Stage *st, bool decode, char **ret);
/* command-pipeline.c: what a compound stage st prints (a group's, a call), as a
 * first stage: 0 with *ret its text when modelled exactly (else NULL); 1
 * refused when not and its texts hold git's letters while the history
 * holds a masked entry; -ENOMEM. */
int pipeline_compound_fed(Judge *j, const Line *ln, const Stage *st, char **ret);
/* A compound first stage (a group, a subshell) piped to a program that
 * reads names (xargs cat): each command of it judged with its output into
 * the rest of the pipeline, after the commands before it ({ find .; } |
 * xargs cat as find . | xargs cat). 1 refused, 0, -ENOMEM. */
int pipeline_compound_listed(Judge *j, const Line *ln, const Stage *v, size_t n, size_t i);
/* command-namelists.c: does st open each name of a list it reads, on its
 * input or in a file an option names (xargs, cpio, tar -T, zip -@, rsync
 * --files-from, git --stdin-paths, sort --files0-from, xz --files, zstd
 * --filelist), or is it a compound stage with such a command in its body
 * ({ xargs cat; }, (xargs cat)), or the opener of one a pipe feeds (T |
 * if :; then xargs cat; fi)? v[at] the stage, in its pipeline; subst: a
 * command substitution in a word may read its input too (cat $(cat)). */
bool namelists_opens(const Line *ln, const Stage *v, size_t at, bool subst);
/* command-namelists.c: does find at st write its list to a file (-fprint
 * F, -fprint0 F, -fprintf F FMT, -fls F; a word not plain may be one)? */
bool namelists_find_writes(const Stage *st);
/* command-servers.c: python -m http.server [-d DIR], php -S ADDR [-t
 * DIR], ruby -run -e httpd [DIR], busybox httpd [-h DIR],
 * http-server/serve/darkhttpd [DIR] (npx's too): does w[0..n) (name its
 * program) start one? The directory it serves as the word naming it
 * (*ret_dir), or glued to its option (glued), or neither (the working
 * directory). */
bool servers_serves(const char *name, const ShellWord *const *w, size_t n, const ShellWord **ret_dir,
                    char glued[static 256]);

/* command-namelists.c: may find's -name pattern (-path when path: from
 * ./ when dot, else from any start; fold: -iname, -ipath) match one of
 * git's objects, a fan-out directory of them, a pack or its index (a*,
 * 7ec78*, *deb1, ?? but not *.c; -path '*objects/4*'), by every name of
 * hex digits (match_glob_some())? */
bool namelists_may_match_object(const char *pat, bool path, bool dot, bool fold);
/* command-namelists.c: may the pattern match any name inside .git (a
 * hook, a ref, HEAD, config, info, objects and git's objects too)? */
bool namelists_may_match_git(const char *pat, bool path, bool dot, bool fold);
/* ... a bash glob from the working directory (compgen -G's, one the line
 * stores and globs later), case folded: true past 1,000 bytes. */
bool namelists_glob_may_match_git(const char *glob);
/* command-namelists.c: does find's action (-exec's words w[0..n)) build
 * a path from the one it matched: -execdir or -okdir (run inside its
 * directory), a word with text beside {} ({}/48/7ec78...), a shell or an
 * interpreter that may join its own? */
bool namelists_exec_builds(const char *action, const ShellWord *const *w, size_t n);
/* command-namelists.c: does find's -printf format join text to a path
 * (%h/objects/48/..., %px)? */
bool namelists_printf_builds(const char *fmt);
/* command-namelists.c: does find (st) print with such a format? */
bool namelists_find_joins(const Stage *st);
/* command-namelists.c: may the regex (fd's search, read by
 * runners_search_regex) match one of git's objects' names (their paths,
 * when path: fd -p)? */
bool namelists_regex_may_match_object(const char *re, bool fold, bool path);
/* command-namelists.c: ... or any name inside .git (HEAD, config, hooks)? */
bool namelists_regex_may_match_git(const char *re, bool fold);
/* command-namelists.c: does fd -x/-X's command (w[0..n)) build a path from
 * the one fd found ({//}, {}/.., a shell), as find's -exec in
 * namelists_exec_builds? */
bool namelists_fd_builds(const ShellWord *const *w, size_t n);
/* command-namelists.c: does the program print the names of a tree holding
 * .git, its objects' among them: du -a, chmod/chown/chgrp -R with -v or
 * -c, rg --files with --hidden (-uu, -.), no -g '!.git'? */
bool namelists_lists_tree(const Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* command-objects.c: does the word name a tree holding .git (., .., /,
 * ~, a glob, a name made at run time)? */
bool objects_holds_git(const Judge *j, const ShellWord *x);
/* ... a path's text, as written: ., src/.., ~+, /, the checkout by name? */
bool objects_path_holds_git(const Judge *j, const char *a);
/* command-objects.c: does the path name .git, last, or the objects of a
 * git directory below it (a pack's or index's name anywhere)? */
bool objects_names(const char *s);
/* ... the word, whose text is t: as written, each word its braces make,
 * read with extglob on, its defaults joined (${x:-.g}${y:-it}/objects)? */
bool objects_word_names(const Judge *j, const ShellWord *x, const char *t);
/* ... do the program's options leave .git out of the tree it walks
 * (--exclude=.git, find's -prune)? */
bool objects_leave_git_out(const ShellWord *const *w, size_t n);
/* ... programs that only ask about a name, never open what it names. */
extern const char *const objects_names_only[];
/* command-namelists.c: v[at] writes a file (> l, tee l) with the names
 * v[0..at] make from the line's texts (echo .gQt/objects/ab/cd | tr Q i >
 * l): when they may name .git or its objects, the history held, the line
 * has written a list of .git's names (j->git_list_written). 0, -ENOMEM. */
int namelists_written(Judge *j, const Line *ln, const Stage *v, size_t at);
/* command-objects-listed.c: does the text name .git or its objects, a word of
 * it (its blanks cut, in place)? */
bool objects_text_names(char *text);
/* command-pipeline.c: the name of st's program, also after an opener
 * ({ echo T | tr x i; } > F, then, do, !, time: the command after it);
 * NULL for a closer's stage (} | sh, done | sh) or none. */
const char *pipeline_stage_name(const Stage *st, char *name, size_t size);
/* command-pipeline.c: v[at]'s output a shell's input (| sh, | bash -s,
 * | source /dev/stdin), the history held: the text the line's own texts
 * make through v[0..at], judged as a command line when every stage is
 * modelled, else refused when the texts hold the letters g, i and t. 1
 * refused, 2 judged exactly and allowed, 0, -ENOMEM. */
int pipeline_into_shell(Judge *j, const Line *ln, const Stage *v, size_t n, size_t at);
/* command-pipeline.c: the names (or text) v[at] prints, made by v[0..at]
 * from the line's texts (echo .gQt/objects/ab/cd | tr Q i), for a program
 * that reads them (xargs cat, tar -T -, a substitution's words): 2 with
 * *ret the text (malloc'd) when every stage is modelled exactly; 1 when
 * the line's texts flow there not exactly and hold the letters g, i and
 * t; 0 otherwise; -ENOMEM. */
int pipeline_names(const Judge *j, const Line *ln, const Stage *v, size_t at, char **ret);
/* Does st write a file (not under /dev) while the line may run a file it
 * writes (sed S > F; bash F)? */
bool pipeline_writes_run(const Judge *j, const Stage *st);
/* May st (its program's name p, NULL when not plain) print its words (yes
 * S, date +S, sh -c S, git log --format=S), not data of its own (curl, cat,
 * ls, grep, git log)? */
bool pipeline_prints_words(const Stage *st, const char *p);

/* command-readers.c: what a stage of a pipeline makes of its input.
 * READERS_SHELL: a shell reads it, or the stage's program is not known (a
 * name the line redefines as a function, alias, hash entry, link, copy or
 * through PATH; a path outside the system's directories; a name computed
 * at run time; script with no -c): judged as a shell's. READERS_COMMANDS:
 * a program that runs commands it reads (ed's !, m4's syscmd, dc, gdb,
 * sqlite3's .shell, awk's or perl's system): by its letters. 0: neither
 * (the stage's own shell options are command-pipeline.c's). */
/* READERS_UNKNOWN: a program not known to read data (judged as a shell's
 * when the text it reads is exact). */
enum { READERS_SHELL = 1, READERS_COMMANDS = 2, READERS_UNKNOWN = 3 };
int readers_stage(const Judge *j, const Stage *st);
/* The worse of two of those (READERS_SHELL the worst, then _COMMANDS,
 * _UNKNOWN, 0). What reads st's output through a process substitution an
 * output redirect names (T > >(sh), T >> >(S), T &> >(S)), as a next stage
 * would; 0 when none does. */
int readers_worse(int a, int b);
int readers_output_substituted(const Judge *j, const ShellLexed *l, const Stage *st);
/* Does the line make name run something else than the program of that
 * name (a function, an alias, hash -p, a copy or link, PATH changed), or is
 * written (the word as written) a path outside the system's directories? */
bool readers_redefined(const Judge *j, const char *name, const char *written);
/* Does st write its input to a file (tee F, dd of=F, cp /dev/stdin F,
 * install, sponge F)? Is p python, perl, ruby, node, php or lua, by any
 * versioned name (python3.11)? */
bool readers_writes_input(const Stage *st);
bool readers_interpreter(const char *p);
/* Is t a name of the standard input (/dev/stdin, /dev/fd/0, /proc/self/fd/0)? */
bool readers_is_stdin(const char *t);
/* For each token i of l (and l->n, the end), into ret[i]: does a group or
 * subshell holding it send its output to a file ({ echo T | tr x i; } >
 * F, ( ... ) >&4)? A closer with no opener holds every token before it.
 * *ret_exec: the first token an exec before it sends to a file (exec 1<>
 * F, exec > F: every later command's output), or SIZE_MAX. One pass: 0,
 * or -ENOMEM. */
int readers_groups_filed(const ShellLexed *l, bool *ret, size_t *ret_exec);
/* The files the line's shells read on another descriptor (exec 3< F; sh
 * <&3, bash /dev/fd/3 3< F), through a compound's input ({ sh; } < F),
 * or as xargs's words to a wrapper (xargs -a F env): each given to note. */
void readers_input_scripts(const ShellLexed *l, Judge *j, void (*note)(Judge *j, const char *path));
/* Does a text fed to v[at] (its here-strings and heredocs, what echo or
 * printf before it prints) name git, every separator read as a blank? 1,
 * 0, -ENOMEM. */
int rearranged_fed_git(const Line *ln, const Stage *v, size_t at);
/* command-setvars.c: the variables the line may set by a name the rule
 * does not read as an assignment (for NAME, read NA''ME, printf -v, a
 * nameref, export PA{TH=x,}, a computed name): marks the Judge (how git
 * reads pathspecs, its config, any written file run); 1 refused (BASH_ENV
 * or ENV so set), 0, or -errno. config, pathspec: the names git reads. */
int setvars_check(Judge *j, const ShellLexed *l, const char *text, size_t n, const char *const *config,
                  const char *const *pathspec);
/* command-positional.c: does s join a positional parameter into a name
 * ($1$2, .e$1)? does it change them when it runs, or does a brace among
 * args move their numbers? xargs -I's input inside a word that can be a
 * masked name (w[0] xargs, its command from w[inner]): 1 refused, 0,
 * -ENOMEM. */
bool positional_joined(const char *s);
bool positional_transformed(const char *s, const ShellWord *const *args, size_t n_args);
/* positional_transformed(), or would a word s uses (args[i] its
 * parameter first + i), put in it where that parameter stands, be read as
 * more than data: a quote, an escape, an operator, a comment, a $ or a
 * backquote, a brace that makes words, IFS named in s? */
bool positional_unsafe(const char *s, const ShellWord *const *args, size_t n_args, size_t first);
int positional_xargs_replace(Judge *j, const ShellWord *const *w, size_t n, size_t inner);

/* command-options.c: a program's options read as getopt_long reads them:
 * shorts, the letters taking a value (glued, or the next word); longs, the
 * long names taking one (=V or the next word, by any prefix); flags, long
 * names taking none (an exact one is no prefix of another's); permute:
 * options after operands too. seen(ctx, letter, NULL, value) for a short,
 * (ctx, 0, "--name", value) for a long (value NULL: none). The first
 * operand's index (after "--") in *ret_end. 0, seen's nonzero, -ENOMEM. */
typedef struct OptionSpec {
        const char *shorts;
        const char *const *longs, *const *flags;
        bool permute;
} OptionSpec;
typedef int (*OptionSeen)(void *ctx, char letter, const char *name, const char *value);
int options_read(const ShellWord *const *w, size_t n, const OptionSpec *spec, OptionSeen seen, void *ctx,
                 size_t *ret_end);
/* start-stop-daemon's program (-x, -a, glued or clustered) and the words
 * after "--", as one line in *ret_line: 1, 0 none, -ENOMEM. */
int options_daemon_line(const ShellWord *const *w, size_t n, char **ret_line);
/* parallel's command word (after the options that take a value), and its
 * modes: piped (--pipe, --pipepart, --spreadstdin), semaphore (sem,
 * --semaphore and the options implying it). 0, -ENOMEM. */
int options_parallel(const ShellWord *const *w, size_t n, size_t *ret_first, bool *ret_piped,
                     bool *ret_semaphore);
/* The scripts a command's option values name (tar -I./s glued or
 * clustered, rsync -e./s, ssh -o 'ProxyCommand ./s', env -S ./s, make
 * SHELL:=./s, parallel ::: ./s), each handed to note; xargs feeding a shell
 * (xargs -a FILE sh): any script (j->scripts_many). */
typedef void (*OptionNote)(Judge *j, const char *value);
/* scp's or sftp's (name) -S and -D values, glued, clustered or the next
 * word: each handed to note, or (note NULL) judged as a command line it
 * runs: 1 refused, 0, -ENOMEM. */
int options_scp(Judge *j, const char *name, const ShellWord *const *w, size_t n, OptionNote note);
void options_note_scripts(Judge *j, const ShellWord *const *w, size_t n, OptionNote note);
/* make's command-line variables: NAME!=CMD, and each $(shell CMD) in any
 * NAME=, :=, ::= value, CMD judged as a line: 1 refused, 0, -ENOMEM. */
int options_make(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* Judges a makefile's text the line feeds make: its lines, its recipes. */
int options_make_text(Judge *j, const char *name, const char *text);
/* Judges a justfile's text the line writes (its continuations joined as just
 * joins them) as a shell's, as what: 1 refused, 0, -ENOMEM. */
int options_just_text(Judge *j, const char *what, const char *text);

/* command-runners.c: GNU parallel's command with its ':::' arguments (or
 * each argument a command line), w[first] its command's first word; fd's
 * pattern before a reader; compgen's globs. 1 refused, 0, -errno. */
int runners_parallel(Judge *j, const ShellWord *const *w, size_t n, size_t first);
/* parallel CMD ::: ARGS: every line it runs, one a line (1, *ret_s malloc'd), 0 when its options
 * change what it runs, -ENOMEM. */
int runners_parallel_string(const ShellWord *const *w, size_t n, char **ret_s);
int runners_fd(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, bool *ret_lists);
/* A regex searched for in a name (fd's, ag -G's, ack -g's; fixed: -F) as
 * find's over a whole path, into out; false when it does not fit. */
bool runners_search_regex(const char *re, bool fixed, char *out, size_t size);
/* A file a program's own language names (sed 1r.env, vim -c 'r.env'),
 * judged as cat naming it; and Ex's commands that name one. */
int runners_file(Judge *j, const char *what, const char *path);
int runners_ex(Judge *j, const char *name, const char *v);
/* command-urls.c: a URL among a program's words: its path %XX decoded
 * (file://$PWD/.e%6ev), curl's [a-z] and {a,b} globs unless -g, judged as
 * names it reads; while the history holds a masked entry, a file: URL
 * handed to a program that may clone it (npm, cargo, pip), refused. */
int runners_urls(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n);
/* compgen -G PAT, -f/-d/-A file PREFIX (PREFIX*), -X '!PAT': a name list
 * when a pattern matches a masked name (or .git, held), in *ret_lists. */
int runners_compgen(Judge *j, const ShellWord *const *w, size_t n, bool *ret_lists);
/* Options whose value is a command line a program runs (rsync -e, git
 * difftool -x, filter-branch's filters, instaweb --httpd, rebase --exec,
 * bisect run), and ssh's command operand: each judged as a line. */
int runners_command_options(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* curl -n, wget, ftp (which read ~/.netrc) in a line that sets HOME=,
 * NETRC=, CURL_HOME=: refused. */
int runners_home(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n);
/* command-lesskey.c: less (pager) given a lesskey source (LESSKEYIN=,
 * LESSKEY=, -k, --lesskey-file=, ~/.lesskey) in a line that may write or
 * compute it: refused (its #env sets LESSOPEN). 1 refused, 0. */
int lesskey_judge(Judge *j, const Line *ln, const char *name, const ShellWord *const *w, size_t n);
/* command-patterns.c: grep -r --include=GLOB, rg -g GLOB (patterns_grep);
 * tar --wildcards, rsync --include, zip -i (patterns_program): 1 refused
 * when a pattern reaches a masked name, 0, -ENOMEM. */
int patterns_grep(Judge *j, const ShellWord *const *w, size_t n);
int patterns_program(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* command-printf.c: what printf WORDS (w[0] is printf) prints, its format
 * applied to its operands as bash's builtin does; NULL when out of memory. */
char *reread_printf(const ShellWord *const *w, size_t n);

/* command-printed.c: what echo or printf in the substitution text s prints,
 * read again by a shell (with reread) and appended to *joined (malloc'd;
 * printf's format applied, echo's escapes decoded), 1 refused, 0 not,
 * -ENOMEM; and the words of l that hold a command substitution, with what
 * nested text k prints (joined[from[k]..from[k + 1])) in its place: a word
 * naming a masked path that way is refused (with computed, each such word
 * is read as a command line too: a shell reads it). */
int printed_judge(Judge *j, const char *s, size_t n, bool reread, char **joined, size_t *joined_n);
/* command-git.c: may the line move the shell it runs in (a cd, or a text
 * run in that shell, find -execdir), by its text? judge_line_may_move()
 * answers for j->text, looked at once. */
bool judge_text_may_move(const char *s, size_t n);
bool judge_line_may_move(const Judge *j);
int printed_words(Judge *j, const ShellLexed *l, const char *joined, const size_t *from, bool computed);
/* A heredoc's body, delimited by delim, in the line text (n bytes), as
 * the shell hands it on (NULL only when out of memory). */
char *reread_heredoc(const char *text, size_t n, const ShellWord *delim);
/* Does the sed script only edit its text (no e command or s///e flag, no
 * r, R, w, W or s///w: a file read or written by name)? */
bool reread_sed_edits_only(const char *script);
/* sed with an e command or an s///e flag: 1 refused, 0, -ENOMEM. */
int reread_sed(Judge *j, const ShellWord *const *w, size_t n);
/* s uses $1, $@...; and builds them itself (set, shift, a function). */
bool reread_uses_positional(const char *s);
bool reread_positional_built(const char *s);

/* command-objects.c, when the history holds a masked entry: a word of
 * the command (or a redirect's target) naming git's objects, a cd into
 * .git; a copy of a tree holding .git, find running a program over one.
 * 1 refused, 0, -ENOMEM. */
int objects_judge(Judge *j, const char *name, const ShellWord *const *w, size_t n,
                  const ShellWord *const *targets, size_t n_targets);
int objects_tree_copy(Judge *j, const char *name, const ShellWord *const *w, size_t n, bool *ret_lists);
/* command-git-files.c, when the history holds a masked entry: what git
 * opens as plain files (a redirect's target; diff --no-index's trees,
 * stripspace's, interpret-trailers', blame --contents' files; commit -F's)
 * naming git's objects, under git -C's directory. 1 refused, 0, -ENOMEM. */
int git_files_judge(Judge *j, const ShellWord *const *w, size_t n, const ShellWord *const *targets,
                    size_t n_targets);
/* command-operands.c: the words of a command that are patterns, not files
 * it reads (grep PATTERN F, grep -e P, --exclude-dir=D; rg -g G, -t T; fd
 * -E X, -e EXT; go test -run RE), set in data[0..n) (cleared
 * first; none when a word may become an option when it runs, or after an
 * option not known); operand: whether the first operand may be one (not
 * when the line may set the program's options by its environment). */
void operands_patterns(const char *name, const ShellWord *const *w, size_t n, bool operand, bool *data);
/* The index of the destination of a copy or a move (cp -r A B, mv A B:
 * B, one plain word after an operand), SIZE_MAX when none is known (-t
 * DIR, a glob last, a program not modelled). */
size_t operands_destination(const char *name, const ShellWord *const *w, size_t n);
/* command-outnames.c: does the word stay one word when it runs (no glob
 * or brace; its expansions quoted, or unquoted substitutions of the
 * line's own text that each print one word: date +%s, git rev-parse
 * HEAD), so that a copier's or archiver's name it writes is no source? */
bool outnames_one_word(const Judge *j, const ShellWord *x);
/* ... the index of the destination of cp, mv, ln or install when it is
 * such a word (operands_destination's for a plain one), SIZE_MAX else. */
size_t outnames_destination(const Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* ... the index of the archive tar writes or reads (tar czf NAME, -czf
 * NAME, --file NAME) or zip writes (its first operand), SIZE_MAX when not
 * known. */
size_t outnames_archive(const char *name, const ShellWord *const *w, size_t n);
/* Does fd list .git's files: hidden ones shown (-H, -u, --hidden,
 * --unrestricted), .git not excluded (-E .git, --exclude=.git), or an
 * operand after its pattern naming .git (fd . .git)? Its pattern is not
 * read: object names match almost any. */
bool operands_fd_lists_git(const Judge *j, const Stage *st);
/* operands_patterns of the command's words for the Judge's line: data
 * malloc'd (n + 1 of them), NULL when out of memory. */
bool *operands_not_read(const Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* Does pred hold of a word bash's brace expansion makes of x ({.git,x},
 * .gi{t,}: each alternative)? Yes past what the expansion reads (64
 * words, 16 deep) or out of memory; no when no brace of x expands. */
bool operands_braces_any(const ShellWord *x,
                         bool (*pred)(const void *ctx, const ShellWord *w, const char *t), const void *ctx);
/* A compound command's redirect ({ ...; } < F, done < F, esac <<< S: st
 * with no words) naming git's objects or .git, while the history holds a
 * masked entry: 1 refused, 0, -ENOMEM. */
int objects_compound(Judge *j, const Line *ln, const Stage *st);
/* A web server (python -m http.server, php -S, ruby -run -e httpd,
 * busybox httpd, npx http-server) serving a tree that holds .git, while
 * the history holds a masked entry: 1 refused, 0, -ENOMEM. */
int objects_server(Judge *j, const char *name, const ShellWord *const *w, size_t n);
/* Names of git's objects or .git handed to st, a program that opens
 * names (opens: no mere filter; lists: one reading a list of names, tar
 * -T -, xargs): from its heredoc, what echo or printf in prev prints, or
 * ls -A in prev; while the history holds a masked entry: 1 refused, 0,
 * -ENOMEM. */
int objects_listed(Judge *j, const Line *ln, const Stage *st, const Stage *prev, bool opens, bool lists);
/* The names v[0..at] make from the line's texts (tr, sed: echo .gQt | tr
 * Q i), handed to a program that opens names (xargs PROG, tar -T -, zip
 * -@, a substitution's words), the history held: refused when they name
 * .git or its objects exactly, or, not exact, hold the letters g, i and
 * t; a tree holding .git too when consumer copies the trees of the names
 * it reads (tar -T -; NULL: a substitution's words): 1 refused, 0,
 * -ENOMEM. */
int objects_flowed(Judge *j, const Line *ln, const Stage *v, size_t at, const Stage *consumer);
/* Are the names v[0..at] print a lister's that never names the tree
 * holding .git (git ls-files, find DIR -print0), through filters that
 * pass each name whole, as reader (tar -T -, xargs -0) cuts them: at
 * NULs or newlines, a leading '-' a name or an option? */
bool objects_names_listed(const Judge *j, const Stage *v, size_t at, const Stage *reader);
/* Do these words (tar -T F, rsync --files-from F: a command's, xargs's
 * too) copy the trees a list file names, one the line does not write,
 * while the history holds a masked entry? */
bool objects_unwritten_list(const Judge *j, const ShellWord *const *w, size_t n);
/* Is this rsync's list of names its input (--files-from=-, /dev/stdin)? */
bool objects_rsync_stdin_list(const ShellWord *const *w, size_t n);

/* command-git-config.c: is key (core.sshCommand, core.gitProxy, alias.x)
 * config whose value git runs. git -c KEY=VALUE or git config KEY VALUE
 * judged: a value git runs as a command line, a file git reads as cat's,
 * keys that run what the rule cannot read; git config's words (w after
 * the subcommand); a transport's --upload-pack, --receive-pack, --exec
 * and rebase -x (w after sub): 1 refused, 0, -ENOMEM. */
bool git_key_runs(const char *key);
int git_config_judge(Judge *j, const char *key, const char *value);
int git_config_command(Judge *j, const ShellWord *const *w, size_t n);
int git_runs_program(Judge *j, const char *sub, const ShellWord *const *w, size_t n);
/* command-git.c: a git command (w[0] is git): its -c keys, git config of
 * a key that runs something, git grep over a pathspec that can match a
 * secret, and, when the history holds a secret, what prints blobs.
 * *ret_lists: it lists paths a pathspec of it matches, a secret's among
 * them (git ls-files -- '*nv'). */
int git_check(Judge *j, const ShellWord *const *w, size_t n, bool *ret_lists);

/* command-git-words.c: "PREFIX 'T1' 'T2' ...", each text single-quoted for
 * a shell (' as '\''): a command line that runs them as they are; NULL
 * when out of memory. */
char *git_shell_line(const char *prefix, const char *const *texts, size_t n);
/* command-git-words.c. A long option (--patc, --form=tar) abbreviated:
 * the whole ones it can stand for, into ret (max), their count (0 for a
 * whole option or none). Is sub one of git's own subcommands? The words
 * of git (sub: the subcommand's index): ext::, remote-ext, a subcommand
 * not git's own when the history holds a masked entry, submodule
 * foreach's string; 1 refused, 0, -ENOMEM. A config key that makes git run
 * or fetch through something other (alias.*, protocol.*, url.*, a
 * remote's url): refused when the history holds a masked entry. */
size_t git_long_expand(const char *opt, const char **ret, size_t max);
bool git_own_subcommand(const char *sub);
int git_words_check(Judge *j, const ShellWord *const *w, size_t n, size_t sub);

/* command-git-words.c: whether git SUBNAME, with its options and operands
 * (git_words_split()'s), can name an object by its id (git show ID, git
 * restore --source=ID, A..ID) or take ids from its input (--stdin, cat-file
 * --batch, fsck --lost-found): the way to an object no ref reaches. */
bool git_names_object(const char *subname, const char *const *opts, size_t n_opts, const char *const *ops,
                      size_t n_ops);
/* scalar clone ARGS (w[0] named name), judged as git clone ARGS: 1
 * refused, 0, -ENOMEM. */
int git_words_scalar(Judge *j, const char *name, const ShellWord *const *w, size_t n);
bool git_key_reaches(const char *key);
/* command-git-words.c: does git SUBNAME's option OPT, as written, take
 * the next word as its value (grep -e PAT, clone --depth N, clone -qb B)? */
bool git_value_next(const char *subname, const char *opt);
/* command-git-words.c: do git clone's options (as git_words_split() has
 * them) take config, hooks, objects or a program from elsewhere: -c, -u,
 * --template, --reference, --bundle-uri, or a prefix of one? */
bool git_clone_borrows(const char *const *opts, size_t n);
/* command-git-words.c: can s never be a revision, by check-ref-format's
 * rules (a component that starts with '.' or ends in .lock, a last '.',
 * "//"; none of a revision's ":^~@{}", no "..", no -gHEX of describe's),
 * so that git takes it for a path (.env.example, src/.eslintrc)? */
bool git_never_revision(const char *s);
/* command-git-words.c: is it git submodule add REPO [PATH] with no option
 * that takes the next word or borrows objects (-b, --name, --depth,
 * --reference), so that REPO alone names a source? */
bool git_submodule_add_plain(const char *const *opts, size_t n_opts, const char *const *ops, size_t n_ops);
/* command-git-elsewhere.c: a repository on another host, as git reads it
 * (SCHEME://..., not file://; USER@HOST:PATH)? */
bool git_remote_url(const char *s);
/* ... git SUB puts the history where no mask covers it (another work tree,
 * a repository on a local path), the history held: 1 refused, 0. */
int git_elsewhere(Judge *j, bool work_tree, const char *sub, const char *const *opts, size_t n_opts,
                  const char *const *ops, size_t n_ops);
/* command-git-words.c: git's words (w[0] is git) with each word whose
 * braces bash does not expand (stash@{1}, @{u}, HEAD^{tree}: no ',' of
 * their own, no sequence) made the bytes bash hands on: ret->w, the
 * others as they are; git_literal_done() frees. 1 when some word was, 0
 * when none, -ENOMEM. A brace that expands stays (git log {,-p}). */
typedef struct GitLiteral {
        const ShellWord **w;
        ShellWord *made; /* the words made, n of them (unused ones zeroed) */
        size_t n;
} GitLiteral;
int git_words_literal(const ShellWord *const *w, size_t n, GitLiteral *ret);
void git_literal_done(GitLiteral *l);

/* command-match.c. The matchers are match.h's. */
/* Can the pattern (a file-name glob, or find's regex) match a secret's
 * path or a file under a masked directory, at any depth? basename: it is
 * matched against a name's last component only (find -name). Each secret
 * it can match is marked in j->named. */
bool match_secret_glob(Judge *j, const char *pat, int flags, bool basename);
/* command-programs.c: the command w[0..n) with its program word as the
 * plain name program (a name a line binds, a name a glob of the program
 * may match), judged. */
int programs_judge_as(Judge *j, const Line *ln, const char *program, const ShellWord *const *w, size_t n,
                      const Stage *st, bool *ret_lists);
/* command-programs.c: what one simple command's words do (st its stage,
 * NULL for a command find or xargs runs); *ret_lists when it lists names a
 * pattern matches. 1 refused, 0, -ENOMEM. */
int programs_judge_words(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, const Stage *st,
                         bool *ret_lists);
/* command-patterns.c: find's patterns, and whether it reads what they
 * match; as programs_judge_words. */
int patterns_find(Judge *j, const Line *ln, const ShellWord *const *w, size_t n, bool *ret_lists);
/* A name filter's pattern (grep's -e P or first operand, with -F, -E,
 * -x; sed's and awk's /RE/) as an emacs regex over a whole path, into
 * buf: 1; 0 none (grep -v: what it passes is a broad read); -ENOMEM. */
int match_filter_regex(const Stage *st, char *buf, size_t size);
bool match_secret_regex(Judge *j, const char *re, bool fold);
/* The same, either case, each secret it selects set in each[] and each
 * whose path it can match at all in can[] (j->named untouched): find's
 * tests, which all must match one path, one of them selecting it. */
bool match_secret_each(Judge *j, const char *pat, bool regex, bool basename, bool *each, bool *can);

/* ---- command.c's recogniser, shared with command-data.c ---- */

/* Options a command takes: short letters alone or with an argument, long
 * names alone or with one (exactly: no abbreviation). */
typedef struct Spec {
        const char *name;
        const char *flags, *with_arg;
        const char *attached; /* short letters whose value is only ever attached (git's -uall) */
        const char *const *long_flags, *const *long_with_arg;
        bool any_option;             /* ls, stat: no option reads a file's bytes */
        bool numbers;                /* -N (head, tail) */
        bool operands;               /* paths of its own */
        bool operands_clean;         /* ... none naming a secret (git add would read it) */
        bool options_first;          /* no option after its first operand (printf FORMAT "$x") */
        const char *const *requires; /* one of these (long, with --) must be given (git diff --stat) */
} Spec;

/* One pass of the recogniser over a lexed line. */
typedef struct Recogniser {
        const ShellLexed *l;
        size_t i;
        const char *loop; /* the for loop's variable, inside its body */
        char *reason;
        size_t reason_n;
        const struct WordNames *sec; /* the policy's names (word-names.h) */
        const CommandPolicy *policy;
        int depth;        /* of strings read again */
        bool writes;      /* the command being collected writes a file (> or >>) */
        bool wrote;       /* some command of the line did */
        bool reads;       /* a while read loop's < FILE (or exec N< FILE) was allowed */
        int opened;       /* N of the exec N< FILE allowed (read -u N reads it), or 0 */
        bool substituted; /* the while read loop's input was < <(CMD), CMD allowed */
        bool printed;     /* the command being collected has a $NAME word: echo's or printf's only */
        bool cwd_inside;  /* the line runs in a masked directory (or .git, held): names there are its */
        bool exact; /* in a while [IFS=] read -r loop: its variable is each line (trimmed without IFS=) */
        bool words_loop;           /* in a for loop: its variable is one of the line's own words */
        int nesting;               /* compound commands the recogniser is inside */
        size_t pipe_from, pipe_to; /* the stages before the last | (tokens), for a while read after it */
        size_t deferred[8][2];     /* commands of the loop's body its list must prove (tokens; or a
                                    * substitution's text index, SIZE_MAX) */
        size_t n_deferred;
        size_t spared[8][2]; /* words of such substitutions, whose "$(" and "<" are theirs (bytes) */
        size_t n_spared;
} Recogniser;

/* command-spec.c: the Spec of a command that only asks about a
 * name or size (ls, stat, du, ...), of such a git subcommand (status,
 * check-ignore, commit -m, ...), of a pipe filter (head, sort, tr, ...);
 * NULL for none. Is one of sp's required options among the words? */
const Spec *spec_command(const char *name);
const Spec *spec_git(const char *name);
const Spec *spec_filter(const char *name);
bool spec_required(const Spec *sp, const ShellWord *const *words, size_t n);

/* false, after writing the reason. */
bool recog_refuse(Recogniser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A word's bytes when it is plain text (no glob, expansion or brace; at
 * most 255 bytes); NULL else. */
const char *recog_literal(const ShellWord *w, char buf[256]);
bool recog_has_brace(const ShellWord *w);
/* Could the word, expanded, start with a '-'? */
bool recog_may_be_option(const ShellWord *w);
/* A reserved word: unquoted, plain, this text. */
bool recog_keyword(const ShellToken *t, const char *kw);
/* command.c: one command that only asks about a name or size (a compound
 * through recog_clause), a pipe's filter after the first, a redirect the
 * language allows (target the word after t). */
bool recog_command(Recogniser *p);
bool recog_filter(Recogniser *p);
bool recog_redirect(Recogniser *p, const ShellToken *t, const ShellToken *target);
/* command-clauses.c: [!] COMMAND [| FILTER]...; pipelines joined by ;, &&,
 * || and newlines up to one of enders (a reserved word where a command
 * would start, or an operator: ")", ";;"), left at p->i; a compound command
 * (a subshell, a group, if, case, until, a while but while read). */
bool recog_pipeline(Recogniser *p);
bool recog_list(Recogniser *p, const char *const *enders);
bool recog_clause(Recogniser *p);
/* command-fedloop.c: in a while [IFS=] read -r loop, keep the command at
 * tokens [from, to) (words[0..n), "$var" last, the rest plain text) for its
 * list to prove: true, or false when it is not of that shape. The list's
 * text from tokens [from, to) of l, its words quoted (malloc'd; NULL
 * unless each is a plain word, a | or 2>/dev/null, 2>&1: never a
 * compound, whose lister a pipe's proof does not see; trimmed, read
 * without IFS=: NULL for a lister whose line may start or end with a
 * blank). Each command kept, judged as LIST | xargs -d '\n'
 * WORDS (feed NULL: refused): true when each is allowed. */
/* command-forwords.c: cmd (n bytes) with each for loop over plain words
 * whose variable the body only reads written out as its body once a word,
 * the word where the variable stood, into *ret (malloc'd): 1, 0 when none
 * is, -ENOMEM. */
int forwords_write_out(const char *cmd, size_t n, char **ret);
/* Does a loop's command run a word that may hold its variable (eval "$f",
 * sh "$f", env "$f", python3 "$f"): the item run, not read, while the
 * history holds a masked entry (a program known only when it runs)? */
bool recog_loop_runs(const Recogniser *p, const ShellWord *const *words, size_t n);
/* FEED | while read ...; do ...; done [| FILTER...], FEED plain commands
 * joined by |: FEED into *ret_feed and the loop reading /dev/null in its
 * place into *ret_loop (malloc'd), 1; 0 when the line is not one; -ENOMEM. */
int fedloop_split(const char *cmd, size_t n, char **ret_feed, char **ret_loop);
/* mapfile -t NAME < <(CMD); PROG WORDS "${NAME[@]}" (or readarray): the
 * line LIST | xargs -d '\n' PROG WORDS into *ret (malloc'd), 1; 0 when
 * the line is not one (CMD a list as a while read loop's), -ENOMEM. */
int fedloop_mapfile(const char *cmd, size_t n, char **ret);
bool recog_fed_defer(Recogniser *p, size_t from, size_t to, const ShellWord *const *words, size_t n);
/* A body word's substitutions, each "$(CMD < "$var" | FILTER...)" or
 * "$(CMD "$var")": deferred as CMD's (its list must prove them), the
 * word then data echo or printf prints; false for any other. */
bool recog_fed_substituted(Recogniser *p, const ShellWord *w);
char *recog_fed_text(const ShellLexed *l, size_t from, size_t to, bool trimmed);
char *recog_fed_nested(const char *cmd, bool trimmed); /* <(CMD)'s text, the same way */
bool recog_fed_judge(Recogniser *p, const char *feed);
/* Options and operands of words[first..n) as sp allows them. */
bool recog_check_options(Recogniser *p, const Spec *sp, const char *cmd, const ShellWord *const *words,
                         size_t n, size_t first);
/* Does the word name a secret (command.h's rule)? 1, 0, or -ENOMEM. */
int recog_word_names(const Recogniser *p, const ShellWord *w);

/* command-pathspec.c: git's pathspecs as git reads them. */
#define PATHSPECS_MAX 64
typedef struct PathspecMode {
        bool literal, glob, noglob, icase; /* --literal-pathspecs and its kin */
        bool unknown; /* set from the environment (GIT_NOGLOB_PATHSPECS=...): any of them */
} PathspecMode;
/* Where relative pathspecs may be taken from. Always from every directory
 * above the entry (the command's working directory is not known); with
 * PATHSPEC_FROM_INSIDE also from one inside a directory entry (a working directory
 * in it: git log -p -- k from secrets/); with PATHSPEC_FROM_SUBTREE, from a tree's
 * root that is not the repository's (REV:dir, a tree's id), where :(top)
 * and :/ are relative too. */
typedef enum PathspecFrom {
        PATHSPEC_FROM_ABOVE = 0,
        PATHSPEC_FROM_INSIDE = 1 << 0,
        PATHSPEC_FROM_SUBTREE = 1 << 1,
        /* A search of the worktree, allowed with no pathspec: an entry
         * counts only where a spec picks it out by its names ('*nv',
         * 'secrets/'*), not where it matches any name there ('*', '*.c'). */
        PATHSPEC_SELECTS = 1 << 2,
} PathspecFrom;
bool pathspec_wildcard(const char *s);
/* Can the pathspecs match entry (a path, "secrets/" a directory)? No
 * pathspec: everything. */
bool pathspecs_may_match(const PathspecMode *m, const char *const *specs, size_t n, const char *entry,
                         PathspecFrom from);

/* command-data.c: grep PATTERN [FILE...] (files: it may read files of its
 * own, naming no secret), find's name-only predicates, git history
 * commands naming a secret only in an exclusion after --, and the
 * programs that name one only in what they leave out. */
bool recog_grep(Recogniser *p, const ShellWord **words, size_t n, bool files);
/* rg PATTERN [PATH...] and git grep PATTERN [REV...] [-- PATHSPEC...], as grep. */
bool recog_rg(Recogniser *p, const ShellWord **words, size_t n);
bool recog_git_grep(Recogniser *p, const ShellWord **words, size_t n);
bool recog_find(Recogniser *p, const ShellWord **words, size_t n);
/* cp, mv or install writing a masked name, reading none: -1 when name is
 * none of them, else 1 allowed, 0 refused. */
int recog_copy_into(Recogniser *p, const char *name, const ShellWord **words, size_t n);
bool recog_excludes_only(Recogniser *p, const ShellWord **words, size_t n);
bool recog_exclusions_only(Recogniser *p, const char *name, const ShellWord **words, size_t n);
/* gh pr|issue create|edit|comment (a title and a body are data), and sed
 * whose script only edits files naming no secret. */
bool recog_gh(Recogniser *p, const ShellWord **words, size_t n);
bool recog_sed(Recogniser *p, const ShellWord **words, size_t n);
