#!/bin/bash
# Records the testbed sshd's current host key where the tests and the user look for it: DIR's
# known_hosts and host_key.fingerprint, and (what an admin does after checking the fingerprint) the
# invoking user's ~/.ssh/known_hosts, so `./exa hpc detect 127.0.0.1 --port 2222 ...` verifies it.
# Usage: record-host-key.sh DIR
set -euo pipefail
dir=${1:?usage: record-host-key.sh DIR}
pub=/etc/ssh/examlops-testbed/ssh_host_ed25519_key.pub
printf '[127.0.0.1]:2222 %s\n' "$(cut -d' ' -f1,2 "$pub")" > "$dir/known_hosts"
ssh-keygen -lf "$pub" | awk '{print $2}' > "$dir/host_key.fingerprint"
home=${HOME:-$(getent passwd "$(id -un)" | cut -d: -f6)}
install -d -m 0700 "$home/.ssh"
ssh-keygen -R '[127.0.0.1]:2222' -f "$home/.ssh/known_hosts" >/dev/null 2>&1 || true
cat "$dir/known_hosts" >> "$home/.ssh/known_hosts"
