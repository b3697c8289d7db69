#!/bin/bash
# How the registry-only commands grow with the fleet: `exa hpc clusters`, `hpc jobs --no-refresh`
# and `hpc audit` (through ./exa) on three fleets of approved mock clusters and tracked jobs
# (io.examlops.fleet.bench.RegistryBenchFleet): 1 cluster and 10 jobs, 10 and 100, 100 and 1,000.
# Paired runs (all nine interleaved); medians, spread and each size's ratio to the smallest.
# Run from the repository root after the README's set-up:
#   bash scripts/bench/registry-sizes.sh [RUNS]        (default 9)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-9}
. scripts/bench/lib.sh
./exa --version >/dev/null                     # builds the jar and its start-up archive when needed
mvn -q -B test-compile >&2
work=$(mktemp -d)
trap 'rm -rf "$work" "$bench_samples"' EXIT
sizes=("1 10" "10 100" "100 1000")
for size in "${sizes[@]}"; do
  read -r clusters jobs <<<"$size"
  java -cp target/exa.jar:target/test-classes io.examlops.fleet.bench.RegistryBenchFleet \
    "$work/$clusters" "$clusters" "$jobs" >/dev/null
done

in_fleet() {
  local clusters=$1
  shift
  EXAMLOPS_HPC_REGISTRY=$work/$clusters/clusters.yaml EXAMLOPS_DATA_DIR=$work/$clusters ./exa "$@"
}
labels=()
for clusters in 1 10 100; do
  eval "cmd_clusters_$clusters() { in_fleet $clusters hpc clusters; }"
  eval "cmd_jobs_$clusters() { in_fleet $clusters hpc jobs --no-refresh; }"
  eval "cmd_audit_$clusters() { in_fleet $clusters hpc audit; }"
  labels+=("clusters_$clusters" "jobs_$clusters" "audit_$clusters")
done
for clusters in 1 10 100; do
  echo "fleet $clusters: $(in_fleet "$clusters" hpc clusters | tail -n +2 | wc -l) clusters," \
    "$(in_fleet "$clusters" hpc jobs --no-refresh | tail -n +2 | wc -l) jobs," \
    "$(in_fleet "$clusters" hpc audit | tail -n +2 | wc -l) audit events"
done

paired "$runs" "${labels[@]}"
header
for command in clusters jobs audit; do
  row "${command}_1"
  row "${command}_10" "${command}_1"
  row "${command}_100" "${command}_1"
done
echo "LABEL_N: the fleet with N clusters (N x 10 jobs); $runs runs each"
echo "load after: $(uptime | sed 's/.*load average/load average/')"
