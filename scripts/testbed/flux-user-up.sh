#!/bin/bash
# The test Flux cluster: SSH user fluxuser on the testbed sshd, whose PATH starts with the captured-
# output stand-in for `flux` (fake-flux.sh). Run as root after sshd-up.sh, from the repository root.
# Usage: flux-user-up.sh DIR   (DIR is sshd-up.sh's directory: its client key is authorized here too)
set -euo pipefail
dir=${1:?usage: flux-user-up.sh DIR}
base=/opt/examlops-testbed/fake-flux
id fluxuser >/dev/null 2>&1 || useradd -m -s /bin/bash fluxuser
usermod -p '*' fluxuser
install -d -m 0755 "$base/bin" "$base/captures"
install -m 0755 scripts/testbed/fake-flux.sh "$base/bin/flux"
for sub in instance resource-R resource-status account live-0.88/C-no-instance live-0.88/A-hwloc-test4; do
  install -d -m 0755 "$base/captures/$sub"
  cp src/test/resources/fixtures/flux/$sub/* "$base/captures/$sub/"
done
chmod -R a+rX "$base"
install -d -o fluxuser -g fluxuser -m 0700 /home/fluxuser/.ssh
install -o fluxuser -g fluxuser -m 0600 "$dir/id_ed25519.pub" /home/fluxuser/.ssh/authorized_keys
echo "fluxuser ready: flux -> $base/bin/flux"
