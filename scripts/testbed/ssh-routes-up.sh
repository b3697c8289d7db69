#!/bin/bash
# The ways HPC users reach login nodes, as real OpenSSH servers beside sshd-up.sh's (run it first):
#  - a bastion: sshd for jumpuser at 10.231.0.2:2200, inside network namespace examlops-bastion,
#    joined to this machine by a veth pair (10.231.0.1 here, 10.231.0.2 there);
#  - a login node behind it: sshd for hpcuser (Slurm) at 10.231.0.1:2224 that admits hpcuser only
#    from 10.231.0.2, the bastion: a connection from this machine itself comes from 10.231.0.1 and
#    is refused, so a session that works proves it came through the bastion;
#  - a certificate login node: sshd for hpcuser at 127.0.0.1:2225 that trusts only a user CA
#    (TrustedUserCAKeys, no authorized_keys) and presents a host certificate signed by a host CA.
# Usage: ssh-routes-up.sh DIR   DIR (sshd-up.sh's) receives jump_ed25519 (jumpuser's key),
#   cert_ed25519 with cert_ed25519-cert.pub (hpcuser's key and its certificate), user_ca.pub,
#   host_ca.pub, and known_hosts lines for the three servers: bastion.known_hosts,
#   behind.known_hosts, certhost.known_hosts (plain keys) and cert.known_hosts (the host CA as
#   @cert-authority). Run as root.
set -euo pipefail
dir=${1:?usage: ssh-routes-up.sh DIR}
ns=examlops-bastion
etc=/etc/ssh/examlops-routes
[ -f "$dir/id_ed25519.pub" ] || { echo "run sshd-up.sh $dir first" >&2; exit 1; }
id jumpuser >/dev/null 2>&1 || useradd -m -s /bin/bash jumpuser
usermod -p '*' jumpuser
install -d -m 0755 "$etc"
key() { [ -f "$1" ] || ssh-keygen -q -t ed25519 -N '' -C "$2" -f "$1"; }
key "$dir/jump_ed25519" jumpuser@testbed
key "$dir/cert_ed25519" hpcuser-cert@testbed
key "$etc/user_ca" examlops-user-ca
key "$etc/host_ca" examlops-host-ca
for server in bastion behind cert; do key "$etc/${server}_host_ed25519_key" "$server"; done
install -d -o jumpuser -g jumpuser -m 0700 /home/jumpuser/.ssh
install -o jumpuser -g jumpuser -m 0600 "$dir/jump_ed25519.pub" /home/jumpuser/.ssh/authorized_keys
# hpcuser's certificate (principal hpcuser) and the cert server's host certificate; no expiry, so
# no test depends on the clock.
ssh-keygen -q -s "$etc/user_ca" -I hpcuser-cert -n hpcuser -V always:forever "$dir/cert_ed25519.pub"
ssh-keygen -q -s "$etc/host_ca" -h -I cert-login -n 127.0.0.1 -V always:forever \
  "$etc/cert_host_ed25519_key.pub"
cp "$etc/user_ca.pub" "$dir/user_ca.pub"
cp "$etc/host_ca.pub" "$dir/host_ca.pub"

ip netns list | grep -qx "$ns" || ip netns add "$ns"
if ! ip link show exa-bastion0 >/dev/null 2>&1; then
  ip link add exa-bastion0 type veth peer name exa-bastion1
  ip link set exa-bastion1 netns "$ns"
  ip addr add 10.231.0.1/30 dev exa-bastion0
  ip link set exa-bastion0 up
  ip netns exec "$ns" ip addr add 10.231.0.2/30 dev exa-bastion1
  ip netns exec "$ns" ip link set exa-bastion1 up
  ip netns exec "$ns" ip link set lo up
fi

common() {  # the settings all three share
  cat <<CONF
HostKey $etc/${1}_host_ed25519_key
PidFile /run/sshd-examlops-$1.pid
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin no
X11Forwarding no
PrintMotd no
LogLevel VERBOSE
CONF
}
{ common bastion; cat <<CONF
ListenAddress 10.231.0.2:2200
AuthorizedKeysFile .ssh/authorized_keys
AllowUsers jumpuser
AllowTcpForwarding yes
PermitOpen 10.231.0.1:2224
ForceCommand /bin/false
CONF
} > "$etc/bastion.conf"
{ common behind; cat <<CONF
ListenAddress 10.231.0.1:2224
AuthorizedKeysFile .ssh/authorized_keys
AllowUsers hpcuser@10.231.0.2
AllowTcpForwarding no
MaxSessions 50
Match User hpcuser
  SetEnv TZ=Asia/Kolkata
CONF
} > "$etc/behind.conf"
{ common cert; cat <<CONF
ListenAddress 127.0.0.1:2225
HostCertificate $etc/cert_host_ed25519_key-cert.pub
TrustedUserCAKeys $etc/user_ca.pub
AuthorizedKeysFile none
AllowUsers hpcuser
AllowTcpForwarding no
CONF
} > "$etc/cert.conf"

start() {  # NAME [netns prefix...]: (re)start one sshd
  local name=$1; shift
  /usr/sbin/sshd -t -f "$etc/$name.conf"
  local pid; pid=$(cat "/run/sshd-examlops-$name.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -HUP "$pid"; return; fi
  "$@" /usr/sbin/sshd -f "$etc/$name.conf" -E "/var/log/sshd-examlops-$name.log"
  for _ in $(seq 50); do [ -s "/run/sshd-examlops-$name.pid" ] && break; sleep 0.1; done
}
install -d -m 0755 /run/sshd
start bastion ip netns exec "$ns"
start behind
start cert

line() { printf '%s %s\n' "$1" "$(cut -d' ' -f1,2 "$2")"; }
line '[10.231.0.2]:2200' "$etc/bastion_host_ed25519_key.pub" > "$dir/bastion.known_hosts"
line '[10.231.0.1]:2224' "$etc/behind_host_ed25519_key.pub" > "$dir/behind.known_hosts"
line '@cert-authority [127.0.0.1]:2225' "$etc/host_ca.pub" > "$dir/cert.known_hosts"
line '[127.0.0.1]:2225' "$etc/cert_host_ed25519_key.pub" > "$dir/certhost.known_hosts"

# Each server answers as designed, checked with OpenSSH's own client.
check=$(mktemp -d)
cat "$dir/bastion.known_hosts" "$dir/behind.known_hosts" "$dir/cert.known_hosts" > "$check/known_hosts"
cat > "$check/config" <<CONF
Host *
  BatchMode yes
  StrictHostKeyChecking yes
  IdentitiesOnly yes
  ConnectTimeout 10
  UserKnownHostsFile $check/known_hosts
Host bastion
  HostName 10.231.0.2
  Port 2200
  User jumpuser
  IdentityFile $dir/jump_ed25519
Host behind direct
  HostName 10.231.0.1
  Port 2224
  User hpcuser
  IdentityFile $dir/id_ed25519
Host behind
  ProxyJump bastion
Host cert
  HostName 127.0.0.1
  Port 2225
  User hpcuser
  IdentityFile $dir/cert_ed25519
CONF
ssh -F "$check/config" behind true
if ssh -F "$check/config" direct true 2>/dev/null; then
  echo "the login node behind the bastion admitted a direct connection" >&2; exit 1
fi
ssh -F "$check/config" cert true
rm -rf "$check"
echo "bastion up on 10.231.0.2:2200 (netns $ns), login node behind it on 10.231.0.1:2224," \
  "certificate login node on 127.0.0.1:2225"
