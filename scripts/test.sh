#!/bin/bash
# The whole test suite on a fresh Debian machine, as root: installs what the tests need (the build
# toolchain, the reference MCP clients, the testbed's packages), brings up the real Slurm + OpenSSH
# testbed, runs unit and integration tests, and tears the testbed down.
# Fails (never skips) when the testbed cannot be brought up.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/work                # runtime state of a checkout (ignored by git)
testbed=$work/testbed          # keys, known_hosts and the host key's fingerprint for the tests
bash scripts/setup.sh
bash scripts/mcp-interop-setup.sh         # the MCP clients the interoperability tests drive
bash scripts/oidc-provider-setup.sh       # the OpenID Provider the OIDC sign-in tests run against
bash scripts/testbed/install-packages.sh
bash scripts/testbed/down.sh              # leftovers of an earlier run
trap 'bash "$root/scripts/testbed/down.sh"' EXIT
bash scripts/testbed/sshd-up.sh "$testbed"
bash scripts/testbed/ssh-routes-up.sh "$testbed"
bash scripts/testbed/flux-user-up.sh "$testbed"
bash scripts/testbed/slurm-up.sh
bash scripts/testbed/slurmrestd-up.sh "$testbed"
bash scripts/testbed/slurm-states.sh
mvn -B -ntp verify -Dtestbed.dir="$testbed" "$@"
