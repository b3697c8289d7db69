#!/bin/bash
# The same Slurm cluster two ways, side by side (docs/performance.md, "Slurm through slurmrestd"):
# `exa hpc nodes` and `exa hpc submit --wait` of a job that sleeps 1 s, through the testbed's
# slurmrestd (signing key, tokens minted for the mapped user) and over SSH, and `curl` of the same
# node listing as the floor of one REST request. Paired runs; min, median and max of whole commands.
# Needs root and the testbed with slurmrestd (scripts/test.sh's steps up to slurm-states.sh).
# Usage: bash scripts/bench/rest.sh [RUNS]        (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
testbed=$(realpath -m "${TESTBED_DIR:-work/testbed}")
[ -f "$testbed/jwt_hs256.key" ] || { echo "bench: no slurmrestd testbed at $testbed: bring it up as scripts/test.sh does" >&2; exit 1; }
. scripts/bench/lib.sh

state=$(mktemp -d -t exa-rest-bench.XXXXXX)
trap 'rm -rf "$state" "$bench_samples"; scancel -n rest-bench 2>/dev/null || true' EXIT
export HOME=$state EXAMLOPS_HPC_REGISTRY=$state/clusters.yaml EXAMLOPS_DATA_DIR=$state/data \
  EXAMLOPS_HPC_SSH_KNOWN_HOSTS=$testbed/known_hosts EXAMLOPS_ACTOR=bench
./exa --version >/dev/null   # builds the jar and its start-up archive when needed, outside the figures
./exa hpc connect 127.0.0.1 --port 2222 --user hpcuser --key "$testbed/id_ed25519" --name tc >/dev/null
./exa hpc approve tc >/dev/null
./exa hpc connect http://127.0.0.1:6820 --user hpcuser --signing-key "$testbed/jwt_hs256.key" --name rest >/dev/null
printf '    rest_users: "bench=hpcuser"\n' >>"$EXAMLOPS_HPC_REGISTRY"
./exa hpc reprobe rest >/dev/null
./exa hpc approve rest >/dev/null
printf '#!/bin/bash\nsleep 1\n' >"$state/job.sh"
token=$(scontrol token username=hpcuser lifespan=3600 | sed 's/^SLURM_JWT=//')

cmd_nodes_rest() { ./exa hpc nodes --cluster rest; }
cmd_nodes_ssh() { ./exa hpc nodes --cluster tc; }
cmd_curl_nodes() {
  curl -sf -H "X-SLURM-USER-NAME: hpcuser" -H "X-SLURM-USER-TOKEN: $token" \
    http://127.0.0.1:6820/slurm/v0.0.38/nodes
}
cmd_wait_rest() { ./exa hpc submit --cluster rest --partition cpu --gpus 0 -J rest-bench --wait "$state/job.sh"; }
cmd_wait_ssh() { ./exa hpc submit --cluster tc --partition cpu --gpus 0 -J rest-bench --wait "$state/job.sh"; }
cmd_wait_rest >/dev/null   # warms both paths' caches
paired "$runs" nodes_rest nodes_ssh curl_nodes
paired "$runs" wait_rest wait_ssh

stats() { # LABEL: min median max of the wall times
  cut -d' ' -f1 "$bench_samples/$1" | sort -n | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "min %.2f s  median %.2f s  max %.2f s", v[1], m, v[NR] }'
}
echo "load: $(uptime | sed 's/.*load average/load average/')  ($(nproc) cores), $runs runs each"
printf '%-46s %s\n' "exa hpc nodes, through slurmrestd" "$(stats nodes_rest)"
printf '%-46s %s\n' "exa hpc nodes, over SSH" "$(stats nodes_ssh)"
printf '%-46s %s\n' "curl GET /slurm/v0.0.38/nodes" "$(stats curl_nodes)"
printf '%-46s %s\n' "exa hpc submit --wait (1 s job), slurmrestd" "$(stats wait_rest)"
printf '%-46s %s\n' "exa hpc submit --wait (1 s job), SSH" "$(stats wait_ssh)"
