# Sourced by the stage tests: a private key's shape, what stage's content
# check refuses (a complete body of the key's format), and no real key: a
# DER SEQUENCE of filler bytes, and openssh-key-v1's fields around filler.
# fake_key [LABEL]: a PEM key (default PRIVATE KEY; RSA PRIVATE KEY, EC ...)
# fake_openssh_key: an OpenSSH key
fake_key() {
  printf -- '-----BEGIN %s-----\n' "${1:-PRIVATE KEY}"
  printf '%s\n' MIIBPJ/E6Q4zWH2ix+wRNluApcrvFDleg6jN8hc8YYar0PUaP2SJrtP4HUJnjLHW \
    +yBFao+02f4jSG2St9wBJktwlbrfBClOc5i94gcsUXabwOUKL1R5nsPoDTJXfKHG \
    6xA1Wn+kye4TOF2Cp8zxFjtgharP9Bk+Y4it0vccQWaLsNX6H0RpjrPY/SJHbJG2 \
    2wAlSm+Uud4DKE1yl7zhBitQdZq/5AkuU3idwucMMVZ7oMXqDzRZfqPI7RI3XIGm \
    y/AVOl+Eqc7zGD1ih6zR9htAZYqv1PkeQ2iNstf8IUZrkLXa/yRJbpO43QInTHGW \
    u+AFKk90mb7jCC1Sd5zB5gswVXqfxOkOM1h9osfsETZbgKXK7xQ5XoOozfIXPGGG \
    q9D1Gj9kia7T+B1CZ4yx1vsgRWqPtNn+I0htkrfcASY=
  printf -- '-----END %s-----\n' "${1:-PRIVATE KEY}"
}
fake_openssh_key() {
  printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\n'
  printf '%s\n' b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW \
    QyNTUxOQAAACAAAQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHwAAAIgHPHGm2xBF \
    eq/kGU6DuO0iV4zB9itglcr/NGme0wg9cqfcEUZ7sOUaT4S57iNYjcL3LGGWywA1ap/UCT \
    5zqN0SR3yx5htQhbrvJFmOw/gtYpfMATZroNUKP3Sp3hNIfbLnHFGGu/AlWo/E+S5jmM0C \
    N2yh1gtAdarfFEl+s+gdUoe88SZbkMX6
  printf -- '-----END OPENSSH PRIVATE KEY-----\n'
}
# A .env file's secret, as the check reads one (a secret's name, a value).
FAKE_ENV='API_TOKEN=tok-9f8e7d6c5b4a'
