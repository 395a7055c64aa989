# shellcheck shell=bash
# What git submodule add makes, without git submodule: sourced by the stage
# tests that build nested checkouts. Test fixtures only; runs no program of
# its own but git clone, mkdir and git add.
#
# git submodule is a shell script: about 30 processes an add (sed,
# basename, gettext, envsubst, submodule--helper, clone, checkout, add).
# sub_add makes every file git -C SUPER submodule add -q UPSTREAM PATH makes
# (compared file by file: the same but for the index's stat data, the
# reflogs, and the dangling .gitmodules blobs of earlier adds): the clone by
# git clone --separate-git-dir, its gitfile and config, SUPER's .gitmodules
# and config written as the text git writes, both staged (git add -f).

# dots_of PATH: in $dots, a ../ for each of PATH's components
dots_of() { local s=${1//[^\/]/} i; dots=; for ((i = 0; i <= ${#s}; i++)); do dots+=../; done; }
# sub_add TOP SUPER GITDIR UPSTREAM PATH: SUPER (a checkout, "" for TOP)
# and its GITDIR are relative to TOP; PATH to SUPER.
sub_add() {
  local top=$1 up=$4 p=$5 c=${2:+$2/}$5 g=$3/modules/$5
  mkdir -p "$top/${g%/*}" && git clone -q --separate-git-dir="$top/$g" "$up" "$top/$c" || return 1
  dots_of "$c"; printf 'gitdir: %s%s\n' "$dots" "$g" >"$top/$c/.git"
  dots_of "$g"
  printf '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n\tworktree = %s%s\n[remote "origin"]\n\turl = %s\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n' \
    "$dots" "$c" "$up" >"$top/$g/config"
  printf '[submodule "%s"]\n\tpath = %s\n\turl = %s\n' "$p" "$p" "$up" >>"$top/${2:+$2/}.gitmodules"
  printf '[submodule "%s"]\n\turl = %s\n\tactive = true\n' "$p" "$up" >>"$top/$3/config"
  git -C "$top/${2:-.}" add -f .gitmodules "$p"
}
