#!/usr/bin/env bash
# stage's content check (daemon/core/credentials.c) against real keys:
# openssl, ssh-keygen and gpg make one of each kind they can (14), and each is
# put where developers put keys (a file of its own, after KEY=, in a JSON
# string with escaped newlines, in YAML, in C, Java and Python source);
# every one must be found (no miss). Then mentions of keys (the armour in
# code, a body cut short, public keys and certificates) and ordinary files
# whose names look like a credential's: none may be taken for one. The
# counts are printed (the README's rates).
# Usage: test-credentials-corpus.sh CREDENTIAL_CHECK   (77 without the tools)
set -u
shopt -s lastpipe # put, at the end of a pipe, counts in this shell
check=$1
for t in openssl ssh-keygen gpg; do
  command -v "$t" >/dev/null || {
    echo "SKIP: $t is not installed"
    [ -n "${CI:-}" ] && { echo "FAIL: CI must have $t"; exit 1; }
    exit 77
  }
done
work=$(mktemp -d)
trap 'gpgconf --homedir "$work/gnupg" --kill all 2>/dev/null; rm -rf "$work"' EXIT
k=$work/keys && mkdir -p "$k"
quiet() { "$@" >/dev/null 2>&1 || { echo "FAIL: $*"; exit 1; }; }

# --- the keys
quiet openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out "$k/rsa-pkcs8.pem"
quiet openssl pkey -in "$k/rsa-pkcs8.pem" -traditional -out "$k/rsa-pkcs1.pem"
quiet openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$k/ec-pkcs8.pem"
quiet openssl pkey -in "$k/ec-pkcs8.pem" -traditional -out "$k/ec-sec1.pem"
quiet openssl genpkey -algorithm ED25519 -out "$k/ed25519-pkcs8.pem"
quiet openssl pkcs8 -topk8 -in "$k/rsa-pkcs8.pem" -v2 aes256 -passout pass:pw -out "$k/rsa-encrypted-pkcs8.pem"
quiet openssl pkey -in "$k/rsa-pkcs8.pem" -traditional -aes128 -passout pass:pw -out "$k/rsa-legacy-encrypted.pem"
quiet openssl req -x509 -key "$k/rsa-pkcs8.pem" -subj /CN=t -days 1 -out "$work/cert.pem"
quiet openssl pkcs12 -export -inkey "$k/rsa-pkcs8.pem" -in "$work/cert.pem" -passout pass:pw -out "$work/bundle.p12"
for t in ed25519 rsa ecdsa; do quiet ssh-keygen -q -t "$t" -N '' -C t -f "$k/openssh-$t"; done
quiet ssh-keygen -q -t ed25519 -N pw -C t -f "$k/openssh-ed25519-passphrase"
quiet ssh-keygen -q -t rsa -b 1024 -N pw -Z aes256-gcm@openssh.com -C t -f "$k/openssh-rsa-aes256-gcm"
quiet ssh-keygen -q -t rsa -b 1024 -m PEM -N '' -C t -f "$k/ssh-rsa-pem"
mkdir -m 700 "$work/gnupg"
quiet gpg --homedir "$work/gnupg" --batch --pinentry-mode loopback --passphrase '' \
  --quick-gen-key 'T <t@example.invalid>' ed25519 sign never
gpg --homedir "$work/gnupg" --batch --pinentry-mode loopback --passphrase '' --armor --export-secret-keys \
  >"$k/pgp.asc" 2>/dev/null || { echo "FAIL: gpg --export-secret-keys"; exit 1; }

# --- where they go: NAME FILE lines for the checker
yes=$work/yes.list no=$work/no.list
: >"$yes"; : >"$no"
n=0
put() { # put LIST NAME: stdin to a file judged as NAME
  n=$((n + 1)); cat >"$work/f$n"; printf '%s\t%s\n' "$2" "$work/f$n" >>"$1"
}
# (bash's own printf and mapfile: a process a file would be most of this test's time)
putv() { # putv LIST NAME TEXT
  n=$((n + 1)); printf '%s' "$3" >"$work/f$n"; printf '%s\t%s\n' "$2" "$work/f$n" >>"$1"
}
for f in "$k"/*; do
  case $f in *.pub) continue ;; esac
  b=${f##*/}
  mapfile -t L <"$f"
  printf -v key '%s\n' "${L[@]}"
  esc=${key//$'\n'/\\n}
  putv "$yes" "$b" "$key"
  putv "$yes" "$b.example" "$key"
  putv "$yes" ".env.$b" "PRIVATE_KEY=$key"
  putv "$yes" .env "KEY=\"$esc\""$'\n'
  putv "$yes" "$b.json" "{\"type\": \"service_account\", \"private_key\": \"$esc\"}"$'\n'
  printf -v t '    %s\n' "${L[@]}" && putv "$yes" "values-$b.yaml" $'tls:\n  key: |\n'"$t"
  printf -v t '        "%s\\n"\n' "${L[@]}" && putv "$yes" "$b.c" $'static const char key[] =\n'"$t;"$'\n'
  printf -v t '    + "%s\\n"\n' "${L[@]}" && putv "$yes" "$b.java" $'String key = ""\n'"$t;"$'\n'
  putv "$yes" "$b.py" $'KEY = """\n'"$key"$'"""\n'
  putv "$yes" "$b.xml" "<key>$key</key>"$'\n'
  printf -v t '%s\r\n' "${L[@]}" && putv "$yes" "$b.crlf" $'\r'"$t"
  [ "${b%.asc}" = "$b" ] && putv "$yes" "secret-$b.yaml" $'data:\n  tls.key: '"$(base64 -w0 "$f")"$'\n'
  # the mentions: the armour alone in code, the body cut short
  putv "$no" "detect-$b.c" "if (strstr(s, \"${L[0]}\"))"$'\n'
  for body in "${L[@]:1}"; do [[ $body == *:* || -z $body ]] || break; done
  putv "$no" "doc-$b.md" "${L[0]}"$'\n'"${body:0:24}..."$'\n'"${L[-1]}"$'\n'
done
put "$yes" bundle.p12 <"$work/bundle.p12"
# tokens, by the file's name
printf '//registry.npmjs.org/:_authToken=npm_%s\n' "$(openssl rand -hex 18)" | put "$yes" .npmrc
printf '[pypi]\nusername = __token__\npassword = pypi-%s\n' "$(openssl rand -hex 24)" | put "$yes" .pypirc
printf '[default]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s\n' "$(openssl rand -hex 8)" \
  "$(openssl rand -base64 30)" | put "$yes" .aws/credentials
printf 'apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    client-key-data: %s\n' \
  "$(base64 -w0 "$k/rsa-pkcs1.pem")" | put "$yes" .kube/config
printf 'apiVersion: v1\nkind: Config\nusers:\n- name: ci\n  user:\n    token: %s\n' "$(openssl rand -hex 32)" |
  put "$yes" ci-kubeconfig.yaml
printf '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "%s"\n    }\n  }\n}\n' "$(printf 'u:%s' "$(openssl rand -hex 12)" | base64)" |
  put "$yes" .docker/config.json
printf '{\n  "resources": [{"instances": [{"attributes": {\n    "password": "%s"\n  }}]}]\n}\n' "$(openssl rand -hex 10)" |
  put "$yes" terraform.tfstate
printf 'machine api.github.com login u password ghp_%s\n' "$(openssl rand -hex 18)" | put "$yes" .netrc
printf 'https://u:ghp_%s@github.com\n' "$(openssl rand -hex 18)" | put "$yes" .git-credentials
printf 'db:5432:app:app:%s\n' "$(openssl rand -hex 8)" | put "$yes" .pgpass
printf 'STRIPE_SECRET_KEY=sk_live_%s\nDEBUG=1\n' "$(openssl rand -hex 12)" | put "$yes" .env.production
printf 'DATABASE_URL=postgres://app:%s@db/app\n' "$(openssl rand -hex 8)" | put "$yes" .ENV
# what is no key: public halves, certificates, templates, code, names alone
for f in "$k"/*.pub; do put "$no" "$(basename "$f")" <"$f"; done
put "$no" cert.pem <"$work/cert.pem"
openssl pkey -in "$k/rsa-pkcs8.pem" -pubout 2>/dev/null | put "$no" public.pem
gpg --homedir "$work/gnupg" --armor --export 2>/dev/null | put "$no" public.asc
printf 'SECRET_KEY=changeme\nAPI_TOKEN=\nDATABASE_URL=postgres://user:<password>@localhost/db\n' | put "$no" .env.example
printf 'API_URL=http://localhost:3000\nDEBUG=true\n' | put "$no" .env.development
printf 'SECRET_KEY=test-secret\n' | put "$no" .env.test
printf 'DOTENV_VAULT_PRODUCTION="%s"\n' "$(openssl rand -base64 48 | tr -d '\n')" | put "$no" .env.vault
printf 'interface ImportMetaEnv {\n  readonly VITE_API_KEY: string\n}\n' | put "$no" web/.env.d.ts
printf 'import rsa\n\ndef test_rsa():\n    assert rsa.newkeys(512)\n' | put "$no" test_rsa
printf '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n' | put "$no" .npmrc
printf 'registry=https://registry.npmjs.org/\n' | put "$no" .npmrc
printf '{"credsStore": "desktop"}\n' | put "$no" .docker/config.json
printf 'machine example.com login anonymous\n' | put "$no" .netrc

# --- judged
"$check" <"$yes" >"$work/yes.out" || { echo "FAIL: credential-check"; exit 1; }
"$check" <"$no" >"$work/no.out" || { echo "FAIL: credential-check"; exit 1; }
misses=0 false=0
while IFS=$'\t' read -r name why; do
  [ "$why" = - ] && { echo "FAIL: missed: $name"; misses=$((misses + 1)); }
done <"$work/yes.out"
while IFS=$'\t' read -r name why; do
  [ "$why" != - ] && { echo "FAIL: taken for a secret ($why): $name"; false=$((false + 1)); }
done <"$work/no.out"
echo "corpus: $(wc -l <"$yes") secrets, $misses missed; $(wc -l <"$no") files with none, $false refused"
[ "$misses" -eq 0 ] && [ "$false" -eq 0 ]
