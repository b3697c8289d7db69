#!/bin/bash
# Installs the Debian packages the test suite needs: a real Slurm (controller, node daemons,
# clients, accounting daemon + MariaDB, slurmrestd with the JWT plugins), munge, OpenSSH, iproute2 (the bastion's network namespace,
# see ssh-routes-up.sh) and tzdata (the test user's sessions run on a non-UTC zone, see
# sshd-up.sh), Chromium + its WebDriver for the console's browser tests, OpenLDAP's slapd and
# ldap-utils for the console's LDAP sign-in tests (each test runs a slapd of its own, on a
# configuration it writes: the package's own directory is never set up), aiosmtpd with openssl (a
# real SMTP server, with STARTTLS and its certificate, that the console's mail notifications are
# delivered to in tests), and wrk and hey for the console benchmark. Idempotent; run as root.
set -euo pipefail
need=(slurmctld slurmd slurm-client slurmdbd slurmrestd slurm-wlm-jwt-plugin munge openssh-server openssh-client mariadb-server tzdata iproute2
  chromium chromium-driver slapd ldap-utils python3-aiosmtpd openssl wrk hey)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  # slapd's package would make a directory of its own (asking for an admin password): the tests
  # start slapd on their own configuration instead, so it is told to make none.
  echo "slapd slapd/no_configuration boolean true" | debconf-set-selections
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# slurm-wlm-emulator replaces the daemons with a front-end build that cannot run this cluster.
if update-alternatives --query slurmctld 2>/dev/null | grep -q '^Value: .*emulator'; then
  update-alternatives --set slurmctld /usr/sbin/slurmctld-wlm
  update-alternatives --set slurmd /usr/sbin/slurmd-wlm
fi
