#!/bin/bash
# `exa hpc detect` of the Slurm testbed side by side with its network floor: one OpenSSH `ssh`
# session running the same query commands (io.examlops.fleet.bench.DetectQueries, read from the
# probes), plus the start-up floor of a Java CLI (scripts/bench/MinimalCli.java). Counts SSH
# connections (the testbed sshd's log) and query round trips (exa's commandsRun) of each, then
# paired runs; medians, spread and ratios. Needs the testbed up, as root; under the machine's
# testbed lock, e.g.:
#   flock /tmp/testbed.lock bash -c 'bash scripts/testbed/down.sh; bash scripts/testbed/sshd-up.sh work/testbed;
#     bash scripts/testbed/flux-user-up.sh work/testbed; bash scripts/testbed/slurm-up.sh;
#     bash scripts/testbed/slurm-states.sh; bash scripts/bench/detect.sh; bash scripts/testbed/down.sh'
#   bash scripts/bench/detect.sh [RUNS]        (default 9)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-9}
. scripts/bench/lib.sh
tb=${TESTBED_DIR:-work/testbed}
log=/var/log/sshd-examlops-testbed.log
[ -f "$tb/id_ed25519" ] && [ -f "$log" ] || { echo "bench: the testbed is not up (no $tb/id_ed25519 or $log)" >&2; exit 1; }
./exa --version >/dev/null                     # builds the jar and its start-up archive when needed
mvn -q -B test-compile >&2
minimal_cli
work=$(mktemp -d)
trap 'rm -rf "$work" "$bench_samples"' EXIT
java -cp target/exa.jar:target/test-classes io.examlops.fleet.bench.DetectQueries >"$work/queries.sh"
echo true >>"$work/queries.sh"

args=(hpc detect 127.0.0.1 --port 2222 --user hpcuser --key "$tb/id_ed25519" --known-hosts "$tb/known_hosts")
ssh_args=(-F /dev/null -i "$tb/id_ed25519" -p 2222 -o IdentitiesOnly=yes -o BatchMode=yes
  -o StrictHostKeyChecking=yes -o UserKnownHostsFile="$tb/known_hosts" hpcuser@127.0.0.1 sh -s)

logins() { grep -c 'Accepted publickey' "$log" || true; }
before=$(logins)
json=$(./exa --json "${args[@]}")
exa_connections=$(($(logins) - before))
exa_round_trips=$(printf '%s' "$json" | grep -o '"commandsRun" *: *[0-9]*' | grep -o '[0-9]*$')
before=$(logins)
ssh "${ssh_args[@]}" <"$work/queries.sh" >/dev/null 2>&1
ssh_connections=$(($(logins) - before))
queries=$(($(wc -l <"$work/queries.sh") - 1))
echo "exa hpc detect: $exa_connections SSH connection(s), $exa_round_trips query command(s), one exec round trip each"
echo "ssh session:    $ssh_connections SSH connection(s), the same $queries query command(s) in one exec round trip"
[ "$exa_round_trips" = "$queries" ] || echo "bench: NOTE detect ran $exa_round_trips commands, the floor script has $queries"

cmd_exa_detect() { ./exa "${args[@]}"; }
cmd_ssh_session() { ssh "${ssh_args[@]}" <"$work/queries.sh"; }
cmd_minimal_version() { java -cp "$minimal_cp" MinimalCli --version; }

paired "$runs" exa_detect ssh_session minimal_version
header
row exa_detect ssh_session minimal_version
row ssh_session
row minimal_version
exa=$(quantile exa_detect 1 0.5)
floor=$(awk -v s="$(quantile ssh_session 1 0.5)" -v m="$(quantile minimal_version 1 0.5)" 'BEGIN { printf "%.3f", s + m }')
awk -v e="$exa" -v f="$floor" 'BEGIN { printf "detect / (ssh session + minimal CLI start-up = %.3fs): %.2fx (target: at most 1.20x)\n", f, e / f }'
echo "$runs runs each"
echo "load after: $(uptime | sed 's/.*load average/load average/')"
