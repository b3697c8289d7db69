#!/bin/bash
# Waiting on a short job, side by side (docs/performance.md, "Waiting"): `exa hpc submit --wait` of
# a job that sleeps 1 s on the testbed's Slurm, against what a user would run instead, `sbatch
# --wait` of the same script over one ssh session to the same login node. Paired runs (exa, ssh,
# ssh, exa, ...); min, median and max of the whole command's wall time.
# Needs root and the testbed (scripts/test.sh's steps up to slurm-states.sh). Loopback only.
# Usage: bash scripts/bench/wait.sh [RUNS]        (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
# the testbed's keys and known hosts: TESTBED_DIR, else work/testbed of this checkout
testbed=$(realpath -m "${TESTBED_DIR:-work/testbed}")
[ -f "$testbed/id_ed25519" ] || { echo "bench: no testbed at $testbed: bring it up as scripts/test.sh does" >&2; exit 1; }
. scripts/bench/lib.sh

state=$(mktemp -d -t exa-wait-bench.XXXXXX)
trap 'rm -rf "$state" "$bench_samples"; scancel -u hpcuser -n wait-bench 2>/dev/null || true' EXIT
export HOME=$state EXAMLOPS_HPC_REGISTRY=$state/clusters.yaml EXAMLOPS_DATA_DIR=$state/data \
  EXAMLOPS_HPC_SSH_KNOWN_HOSTS=$testbed/known_hosts EXAMLOPS_ACTOR=bench
ssh_opts=(-i "$testbed/id_ed25519" -p 2222 -o UserKnownHostsFile="$testbed/known_hosts"
  -o StrictHostKeyChecking=yes -o BatchMode=yes)
./exa --version >/dev/null   # builds the jar and its start-up archive when needed, outside the figures
./exa hpc connect 127.0.0.1 --port 2222 --user hpcuser --key "$testbed/id_ed25519" --name tc >/dev/null
./exa hpc approve tc >/dev/null
printf '#!/bin/bash\nsleep 1\n' >"$state/job.sh"
chmod 0644 "$state/job.sh"
# the same script on the login node, for sbatch --wait
ssh "${ssh_opts[@]}" hpcuser@127.0.0.1 'cat > wait-bench.sh' <"$state/job.sh"

cmd_exa_submit_wait() {
  ./exa hpc submit --cluster tc --partition cpu --gpus 0 -J wait-bench --wait "$state/job.sh"
}
cmd_ssh_sbatch_wait() {
  ssh "${ssh_opts[@]}" hpcuser@127.0.0.1 'sbatch --wait -p cpu -J wait-bench -o /dev/null wait-bench.sh'
}
cmd_exa_submit_wait >/dev/null # warms the login node's caches for both
paired "$runs" exa_submit_wait ssh_sbatch_wait

stats() { # LABEL: min median max of the wall times
  cut -d' ' -f1 "$bench_samples/$1" | sort -n | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "min %.2f s  median %.2f s  max %.2f s", v[1], m, v[NR] }'
}
echo "load: $(uptime | sed 's/.*load average/load average/')  ($(nproc) cores), $runs runs each"
printf '%-40s %s\n' "exa hpc submit --wait (1 s job)" "$(stats exa_submit_wait)"
printf '%-40s %s\n' "ssh login 'sbatch --wait' (1 s job)" "$(stats ssh_sbatch_wait)"
printf 'best exa / best sbatch --wait: %s\n' "$(awk -v a="$(cut -d' ' -f1 "$bench_samples/exa_submit_wait" | sort -n | head -1)" \
  -v b="$(cut -d' ' -f1 "$bench_samples/ssh_sbatch_wait" | sort -n | head -1)" 'BEGIN { printf "%.2fx", a / b }')"
