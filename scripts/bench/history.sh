#!/bin/bash
# A fleet's year of history (docs/performance.md, "History"): the same commands on an empty fleet
# and on one whose platform.db holds 100,000 jobs (all ended but a few) and 50,000 audit events,
# written by scripts/bench/history-rows.sql into the store exa made. Paired runs of whole commands;
# medians and the ratio of each to its run on the empty fleet. Run from the repository root after
# the README's set-up (needs sqlite3):
#   bash scripts/bench/history.sh [RUNS]        (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
command -v sqlite3 >/dev/null || { echo "bench: needs sqlite3 (apt-get install sqlite3)" >&2; exit 1; }
. scripts/bench/lib.sh
state=$(mktemp -d)
trap 'rm -rf "$state" "$bench_samples"' EXIT
./exa --version >/dev/null   # builds the jar and its start-up archive when needed, outside the figures

fleet() { # NAME: a fleet of two approved mock clusters under $state/NAME
  mkdir -p "$state/$1"
  env HOME="$state/$1" EXAMLOPS_HPC_REGISTRY="$state/$1/clusters.yaml" EXAMLOPS_DATA_DIR="$state/$1/data" \
    EXAMLOPS_ACTOR=bench bash -c './exa hpc connect local --name alpha --scheduler mock >/dev/null
      ./exa hpc connect local --name beta --scheduler mock >/dev/null
      ./exa hpc approve alpha >/dev/null && ./exa hpc approve beta >/dev/null'
}
fleet empty
fleet year
sqlite3 "$state/year/data/platform.db" <scripts/bench/history-rows.sql
echo "jobs: $(sqlite3 "$state/year/data/platform.db" 'SELECT count(*) FROM hpc_jobs'), audit events:" \
  "$(sqlite3 "$state/year/data/platform.db" 'SELECT count(*) FROM audit_events')" >&2

on() { # FLEET COMMAND...
  local f=$1
  shift
  env HOME="$state/$f" EXAMLOPS_HPC_REGISTRY="$state/$f/clusters.yaml" EXAMLOPS_DATA_DIR="$state/$f/data" \
    EXAMLOPS_ACTOR=bench ./exa "$@"
}
for f in empty year; do
  eval "cmd_place_$f() { on $f hpc place --gpus 1; }"
  eval "cmd_preflight_$f() { on $f hpc preflight alpha --gpus 1; }"
  eval "cmd_jobs_$f() { on $f hpc jobs --no-refresh; }"
  eval "cmd_capacity_$f() { on $f hpc capacity; }"
  eval "cmd_audit_$f() { on $f hpc audit; }"
done
paired "$runs" place_empty place_year preflight_empty preflight_year jobs_empty jobs_year \
  capacity_empty capacity_year audit_empty audit_year
header
for c in place preflight jobs capacity audit; do
  row "${c}_empty"
  row "${c}_year" "${c}_empty"
done
