#!/bin/bash
# Gives the testbed sshd a new host key, as when a login node is reinstalled, and rewrites DIR's
# known_hosts and host_key.fingerprint to match. Run as root. Usage: rotate-host-key.sh DIR
set -euo pipefail
dir=${1:?usage: rotate-host-key.sh DIR}
conf=/etc/ssh/examlops-testbed
rm -f "$conf/ssh_host_ed25519_key" "$conf/ssh_host_ed25519_key.pub"
ssh-keygen -q -t ed25519 -N '' -f "$conf/ssh_host_ed25519_key"
kill -HUP "$(cat /run/sshd-examlops-testbed.pid)"
bash "$(dirname "$0")/record-host-key.sh" "$dir"
for _ in $(seq 50); do
  ssh-keyscan -p 2222 -t ed25519 127.0.0.1 2>/dev/null | grep -qF "$(cut -d' ' -f2 "$conf/ssh_host_ed25519_key.pub")" && exit 0
  sleep 0.1
done
echo "sshd did not take the new host key" >&2; exit 1
