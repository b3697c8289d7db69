#!/bin/bash
# Times whole exa commands that read only the registry (no SSH): place, jobs, capacity, clusters,
# over a registry with the mock backend and RUNS tracked jobs. Run: bash scripts/bench/commands.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
export EXAMLOPS_HPC_REGISTRY=$state/clusters.yaml EXAMLOPS_DATA_DIR=$state
./exa hpc connect local --name demo --scheduler mock >/dev/null
./exa hpc approve demo >/dev/null
printf '#!/bin/bash\ntrue\n' > "$state/job.sh"
for _ in $(seq "$runs"); do ./exa hpc submit --cluster demo --gpus 1 --wait "$state/job.sh" >/dev/null; done
time_it() {
  local start end
  start=$(date +%s%N)
  for _ in $(seq "$runs"); do "$@" >/dev/null; done
  end=$(date +%s%N)
  printf '%-45s %6d ms\n' "$*" $(( (end - start) / runs / 1000000 ))
}
time_it ./exa --version
time_it ./exa hpc clusters
time_it ./exa hpc place --gpus 2
time_it ./exa hpc jobs --no-refresh
time_it ./exa hpc capacity
