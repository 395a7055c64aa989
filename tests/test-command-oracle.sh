#!/usr/bin/env bash
# check-command's reading of words against bash itself: for each word of a
# corpus with no side effects (quotes, escapes, $'...', backquotes, braces,
# brackets, globs, dotglob on and off), bash expands it (printf '%s\0' in
# bash -c, in a scratch directory holding the policy's names) and the
# secrets its expansion names must be those check-command says the word
# names. Needs bash; no root.
# Usage: test-command-oracle.sh PATHPOLICY
set -u
pp=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

printf 'mask-file .env\nmask-file .envrc\nmask-file id_rsa\nmask-dir secrets/\nmask-file config/master.key\n' >"$work/policy"
# A history that holds none of them: this test is about how words name paths,
# not about git's history (test-command-programs.c has that).
printf 'pathpolicy-history 2\ncomplete\n' >"$work/history"
names=(.env .envrc id_rsa secrets master.key)
# The scratch directory: each name at the top (the rule judges a name at
# any depth) and where the policy has it, and names that are none of them.
d=$work/d
mkdir -p "$d/secrets" "$d/config" "$d/src/lib" "$d/tmp" "$d/.hidden"
touch "$d/.env" "$d/.envrc" "$d/id_rsa" "$d/secrets/k" "$d/config/master.key" "$d/master.key" \
        "$d/env" "$d/xenv" "$d/x.env" "$d/README.md" "$d/src/a.js" "$d/src/lib/b.js" "$d/tmp/t" \
        "$d/.hidden/h" "$d/.env.example" "$d/id_rsa.pub" "$d/Makefile"

# The names a literal text holds whole, between bytes no name holds (the
# rule's reading of a plain word), added to the set named.
declare -A named
literal_names() {
        local s=$1 n re
        shopt -s nocasematch
        for n in "${names[@]}"; do
                re="(^|[^A-Za-z0-9._-])${n//./\\.}(\$|[^A-Za-z0-9._-])"
                [[ $s =~ $re ]] && named[$n]=1
        done
        shopt -u nocasematch
}

# judge [sup] PREFIX WORD: bash's expansion of WORD after PREFIX (run
# first, on its own line when it ends in a newline), against check-command
# on "PREFIX cat WORD". sup: the rule may name more than bash (it cannot
# know which names are directories), never less. The cases are gathered,
# then expanded by one bash (each in a subshell, through eval, so a shopt
# before a word holds when bash parses it, as on a line of its own).
sups=() prefixes=() words=()
judge() {
        local sup=0
        [ "$1" = sup ] && { sup=1; shift; }
        sups+=("$sup") prefixes+=("$1") words+=("$2")
}

# The names in a set, in the order of names[], in $listed (no subshell).
listed() {
        local n
        listed=
        for n in "${names[@]}"; do [ -n "${named[$n]:-}" ] && listed+="$n "; done
}

# A string as a JSON string, in $json_str: the bytes the words hold (no
# control byte but a newline or a tab).
json_string() {
        local s=${1//\\/\\\\}
        s=${s//\"/\\\"}
        s=${s//$'\n'/\\n}
        json_str="\"${s//$'\t'/\\t}\""
}

run_all() {
        local i script= rec p want got ok input= json_str listed
        for i in "${!words[@]}"; do
                script+="printf '\\1%d\\0' $i; ( eval $(printf %q "${prefixes[$i]}"); eval $(printf %q "printf '%s\\0' ${words[$i]}") ) 2>/dev/null"$'\n'
                json_string "${prefixes[$i]}cat ${words[$i]}"
                input+="{\"command\": $json_str}"$'\n'
        done
        local -a out=()
        i=-1
        while IFS= read -r -d '' rec; do
                if [[ $rec == $'\1'* ]]; then i=${rec#$'\1'}; continue; fi
                out[$i]+="$rec "
                named=()
                literal_names "$rec"
                for p in "${!named[@]}"; do want_of[$i]+=" $p"; done
        done < <(cd "$d" && bash -c "$script")
        # check-command on every "PREFIX cat WORD": one process, a verdict a line
        local -a verdicts=()
        # --case-insensitive: a literal name names a secret in either case, as
        # literal_names reads it (the case a filesystem folds is
        # test-case-root.sh's and test-command.c's).
        mapfile -t verdicts < <(printf '%s' "$input" |
                "$pp" check-command --policy "$work/policy" --history-record "$work/history" --case-insensitive \
                        --stream 2>/dev/null)
        if [ "${#verdicts[@]}" -ne "${#words[@]}" ]; then
                echo "FAIL: check-command --stream gave ${#verdicts[@]} verdicts for ${#words[@]} commands"
                failed=$((failed + 1))
                return
        fi
        for i in "${!words[@]}"; do
                named=()
                for p in ${want_of[$i]:-}; do named[$p]=1; done
                listed
                want=$listed
                json=${verdicts[$i]#*\"paths\":[}
                json=${json%]*}
                named=()
                IFS=, read -ra got <<<"$json"
                for p in "${got[@]}"; do
                        p=${p//\"/}
                        p=${p%/}
                        named[${p##*/}]=1
                done
                listed
                got=$listed
                ok=0
                if [ "${sups[$i]}" = 1 ]; then
                        ok=1
                        for p in $want; do [[ " $got" == *" $p "* ]] || ok=0; done
                else
                        [ "$want" = "$got" ] && ok=1
                fi
                if [ "$ok" = 1 ]; then
                        passed=$((passed + 1))
                else
                        failed=$((failed + 1))
                        printf 'FAIL: %q %q\n  bash expands to: %s\n  names: [%s]\n  check-command names: [%s]\n' \
                                "${prefixes[$i]}" "${words[$i]}" "${out[$i]:-}" "$want" "$got"
                fi
        done
}
declare -A want_of

# --- quotes, escapes, $'...'
for w in .env '".env"' "'.e'\"nv\"" '.e\nv' '\.env' "\$'\\x2eenv'" "\$'\\056env'" "\$'\\u002eenv'" \
        "\$'.e\\nv'" '".e\nv"' "'.e\\nv'" '.ENV' 'x.env' '.environment' '.env.example' 'id_rsa.pub' \
        'secrets/k' 'SECRETS/k' 'config/master.key' 'ID_RSA' '--file=.env' 'HEAD:.env' 'a,.env' \
        '"$HOME"/.env' "\$'\\x{2e}env'" 'id\_rsa'; do
        judge '' "$w"
done

# --- backquotes: the body loses one level of backslashes
for w in '`echo .e\\nv`' '"`echo .e\\nv`"' '`echo .e\nv`' '`echo id\\_rsa`' '`echo \$HOME`' \
        '`printf %s .e\\\\nv`' '$(echo `echo .e\\\\nv`)' '"${x:-`echo .e\\nv`}"' \
        '`echo "\`echo .e\\\\\\\\nv\`"`' '`echo .e\\\nv`' '"`echo \".env\"`"' '`echo \`echo .env\``' \
        '$(echo .e\\nv)' '"$(echo .e\nv)"' '`echo '"'"'.e\\nv'"'"'`'; do
        judge '' "$w"
done

# --- braces, and brackets braces do not see
for w in '{.e,}nv' '.env{rc,}' '{a,b}' '{.e,x}{n,m}v' '.[,e]nv' 'id[_,]rsa' 'secret[s,]/k' \
        '.[{e]nv' '.[}e]nv' '{,[}.env{,]}' '{.[e],x}nv' '.[e{,x}]nv' '.e{n,[n]}v' '{id,x}_rsa' \
        'i{d_,x}rsa' '{.env' '.env}' '{,}' '.e{n}v' '{x,.env' '.[e,]nv' '.{[e],[x]}nv' \
        'src/{a,b}.js' '{1..3}' '.e{n..n}v' '{.[,e]nv,x}' '.[e]{n,}v' 'secret[s{,}]/k' 'id[_{]rsa' \
        '{id[_,x}]rsa' '{i,[}d_rsa' 'id{_,[}rsa{,]}'; do
        judge '' "$w"
done

# thirteenth pass (31m): sequence expressions in a name, which the rule
# reads as any text: it may name more than bash, never less
for w in '.{e..e}nv' '{0..1}.env' '.env{01..02}' '.e{m..o}v' '.e{n..n..2}v' 'id{_.._}rsa' \
        '{a..c}.key' 'secret{r..t}/k' '{x..z}' '.e{l..p..2}v'; do
        judge sup '' "$w"
done

# --- globs: no leading dot but by a '.'
for w in '*' '?env' '.e*' '.e?v' '.[e]nv' '.[!x]nv' '.[^x]nv' '[.]env' '*env' '*.env' \
        '*rsa' 'id_*' 'i?_rsa' '[i]d_rsa' '[!x]d_rsa' 'sec*/k' '.e[\n]v' \
        '.["e"]nv' ".[']'e]nv" '.[e$x]nv' '[\s]ecrets/k' 'src/*.js' '*.md' '.[a-f]nv' \
        '.[[:alpha:]]nv' '[[:alpha:]]d_rsa' '.e[]n]v' '.e[!]]v' '.[]e]nv' 'id[_]rsa' \
        '.e"*"' '.en[v' 'id_rsa[' '*.key' 'master[.]key' '.*' '.e"n"*' '*.env' 'x*.env' \
        '.[e\]]nv' '.[\!x]nv' '.[!\x]nv' '.[x-]nv' '.[-e]nv' '.[]-f]nv' './*' '.env*' \
        '[]]d_rsa' '[!]]d_rsa' '.[e"]"]nv' '*_rsa*'; do
        judge '' "$w"
done
# tenth pass (31j): equivalence classes, collating symbols, and a range to
# or from one (hole 12), and what bash leaves literal ([m-[=o=]])
for w in '.e[[=n=]]v' '.e[[.n.]]v' '.e[a-[.z.]]v' '.e[m-[.o.]]v' '.netr[a-[.d.]]' 'secret[a-[.z.]]/k' \
        '.e[[.m.]-o]v' '[[=i=]]d_rsa' 'id[[._.]]rsa' '.e[[.a.]-[.z.]]v' '.e[!a-[.m.]]v' 'src/[a-[.z.]]*.js'; do
        judge sup '' "$w"
done

# The rule may name more than bash, never less, where it cannot know what
# bash would: which names are directories, and at what depth (a glob's
# last component is judged against every name: the command may run in any
# directory); what a substitution prints; ASCII case (a case-insensitive
# volume opens .ENV for .env, though bash's glob, without nocaseglob, is
# case-sensitive).
for w in '*/*' '*/k' '*/.env' 'secrets/*' 'tmp/*' '.hidden/*' '`echo x`.env' '`echo .e`nv' '.E[N]v' '.[A-F]NV'; do
        judge sup '' "$w"
done

# --- dotglob, GLOBIGNORE
for p in 'shopt -s dotglob; ' 'GLOBIGNORE=x; ' $'shopt -s dotglob\n'; do
        for w in '*' '?env' '[.]env' '*env' '.e*' '*rsa' '*.env'; do
                judge "$p" "$w"
        done
        judge sup "$p" '.hidden/*'
done
# globstar, nocaseglob: nothing more than the rule's reading already
for p in 'shopt -s globstar; ' 'shopt -s nocaseglob; '; do
        for w in '**' '**/*.js' '**/k' '.E*' '*RSA' '.[E]NV'; do
                judge sup "$p" "$w"
        done
done
# extglob, on from the line before: a leading dot only by a '.' in it, and
# never by !(...); what a group matches is any text, so it may name more
for w in '!(x)' '!(.x)' '?(.)env' '*(.)env' '+(.)env' '!(x)rsa'; do
        judge $'shopt -s extglob\n' "$w"
done
for w in '@(.env)' '+(.env)' '*(.env)' 'id@(_rsa)' '@(?env)' '.@(env|x)'; do
        judge sup $'shopt -s extglob\n' "$w"
done

run_all
echo "check-command against bash: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
