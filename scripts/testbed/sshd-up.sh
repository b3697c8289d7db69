#!/bin/bash
# A dedicated OpenSSH server on 127.0.0.1:2222 (public-key only) and the test user hpcuser.
# Usage: sshd-up.sh DIR   DIR receives id_ed25519 (the client key), known_hosts and
#                         host_key.fingerprint (SHA256:..., for tests that pin it). Run as root.
set -euo pipefail
dir=${1:?usage: sshd-up.sh DIR}
conf=/etc/ssh/examlops-testbed
id hpcuser >/dev/null 2>&1 || useradd -m -s /bin/bash hpcuser
usermod -p '*' hpcuser   # useradd leaves the account locked; sshd without PAM refuses locked accounts
install -d -m 0700 "$dir"
[ -f "$dir/id_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C hpcuser@testbed -f "$dir/id_ed25519"
install -d -o hpcuser -g hpcuser -m 0700 /home/hpcuser/.ssh
install -o hpcuser -g hpcuser -m 0600 "$dir/id_ed25519.pub" /home/hpcuser/.ssh/authorized_keys
install -d -m 0755 "$conf"
[ -f "$conf/ssh_host_ed25519_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$conf/ssh_host_ed25519_key"
cat > "$conf/sshd_config" <<CONF
Port 2222
ListenAddress 127.0.0.1
HostKey $conf/ssh_host_ed25519_key
PidFile /run/sshd-examlops-testbed.pid
PubkeyAuthentication yes
AuthorizedKeysFile .ssh/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin no
AllowUsers hpcuser fluxuser
X11Forwarding no
PrintMotd no
LogLevel VERBOSE
MaxStartups 100:30:200
MaxSessions 50
# the Slurm login sessions run on a zone that is not UTC, as on many real clusters: squeue and
# sacct print times in their own process's zone, without naming it (Asia/Kolkata: +05:30, no DST)
Match User hpcuser
  SetEnv TZ=Asia/Kolkata
# the test Flux cluster (flux-user-up.sh): its flux is the captured-output stand-in
Match User fluxuser
  SetEnv PATH=/opt/examlops-testbed/fake-flux/bin:/usr/local/bin:/usr/bin:/bin
CONF
install -d -m 0755 /run/sshd
/usr/sbin/sshd -t -f "$conf/sshd_config"
if kill -0 "$(cat /run/sshd-examlops-testbed.pid 2>/dev/null)" 2>/dev/null; then
  kill -HUP "$(cat /run/sshd-examlops-testbed.pid)"   # re-read the configuration
else
  /usr/sbin/sshd -f "$conf/sshd_config" -E /var/log/sshd-examlops-testbed.log
fi
for _ in $(seq 50); do [ -s /run/sshd-examlops-testbed.pid ] && break; sleep 0.1; done
bash "$(dirname "$0")/record-host-key.sh" "$dir"
ssh -p 2222 -i "$dir/id_ed25519" -o BatchMode=yes -o UserKnownHostsFile="$dir/known_hosts" \
    -o StrictHostKeyChecking=yes hpcuser@127.0.0.1 'id -un' >/dev/null
echo "sshd up on 127.0.0.1:2222, host key $(cat "$dir/host_key.fingerprint")"
