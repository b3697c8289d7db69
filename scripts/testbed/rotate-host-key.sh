#!/bin/bash
# Gives the testbed sshd a new host key, as when a login node is reinstalled, and rewrites DIR's
# known_hosts and host_key.fingerprint to match. Run as root. Usage: rotate-host-key.sh DIR
set -euo pipefail
dir=${1:?usage: rotate-host-key.sh DIR}
conf=/etc/ssh/examlops-testbed
rm -f "$conf/ssh_host_ed25519_key" "$conf/ssh_host_ed25519_key.pub"
ssh-keygen -q -t ed25519 -N '' -f "$conf/ssh_host_ed25519_key"
kill -HUP "$(cat /run/sshd-examlops-testbed.pid)"
printf '[127.0.0.1]:2222 %s\n' "$(cut -d' ' -f1,2 "$conf/ssh_host_ed25519_key.pub")" > "$dir/known_hosts"
# what an admin does after checking the fingerprint: record the testbed's key for this user too, so
# that `./exa hpc detect 127.0.0.1 --port 2222 ...` verifies it with the default known_hosts
home=${HOME:-$(getent passwd "$(id -un)" | cut -d: -f6)}
install -d -m 0700 "$home/.ssh"
ssh-keygen -R '[127.0.0.1]:2222' -f "$home/.ssh/known_hosts" >/dev/null 2>&1 || true
cat "$dir/known_hosts" >> "$home/.ssh/known_hosts"
ssh-keygen -lf "$conf/ssh_host_ed25519_key.pub" | awk '{print $2}' > "$dir/host_key.fingerprint"
for _ in $(seq 50); do
  ssh-keyscan -p 2222 -t ed25519 127.0.0.1 2>/dev/null | grep -qF "$(cut -d' ' -f2 "$conf/ssh_host_ed25519_key.pub")" && exit 0
  sleep 0.1
done
echo "sshd did not take the new host key" >&2; exit 1
