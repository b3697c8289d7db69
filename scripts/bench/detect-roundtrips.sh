#!/bin/bash
# Counts SSH connections and query round trips of one `exa hpc detect` against the running testbed
# (scripts/testbed/*.sh), and times whole detect commands. Run as root after the testbed is up:
#   bash scripts/bench/detect-roundtrips.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
tb=work/testbed
log=/var/log/sshd-examlops-testbed.log
args=(hpc detect 127.0.0.1 --port 2222 --user hpcuser --key "$tb/id_ed25519" --known-hosts "$tb/known_hosts")
./exa --version >/dev/null   # build first, outside the measurement
before=$(grep -c 'Accepted publickey' "$log" || true)
json=$(./exa --json "${args[@]}")
after=$(grep -c 'Accepted publickey' "$log" || true)
commands=$(printf '%s' "$json" | grep -o '"commandsRun" : [0-9]*' | grep -o '[0-9]*$')
echo "one detect: $((after - before)) SSH connection(s), $commands query command(s) (round trips)"
start=$(date +%s%N)
for _ in $(seq "$runs"); do ./exa "${args[@]}" >/dev/null; done
end=$(date +%s%N)
echo "whole command (JVM start + SSH + queries + output): $(( (end - start) / runs / 1000000 )) ms mean over $runs runs"
