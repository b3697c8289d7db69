#!/bin/bash
# The console under a steady load (docs/performance.md, "Console"): CLUSTERS approved clusters of
# NODES nodes each in their snapshots; the Fleet page (signed in) and GET /api/v1/facility/fleet
# (bearer token), each at RATE requests/s for SECONDS with hey (p50 / p99 latency, throughput),
# then flat out with wrk for the most it serves. Loopback only; bounded in time; cleans up.
# Usage: bash scripts/bench/console.sh [CLUSTERS] [NODES] [RATE] [SECONDS]
# CONSOLE_JAVA_OPTS goes to the console's JVM, e.g. to profile it:
#   CONSOLE_JAVA_OPTS=-XX:StartFlightRecording=filename=/tmp/console.jfr,settings=profile
set -euo pipefail
cd "$(dirname "$0")/../.."
clusters=${1:-100} nodes=${2:-1000} rate=${3:-200} seconds=${4:-30}
command -v wrk >/dev/null || { echo "bench: wrk is missing: bash scripts/testbed/install-packages.sh" >&2; exit 1; }
source scripts/bench/console-up.sh
source scripts/bench/sign-in.sh
cookie=$(console_cookie "$base" bench "$password")
# Warm-up: the first request builds the fleet view (every snapshot read once) and the JIT.
hey -z 10s -c 4 -H "Cookie: $cookie" "$base/" >/dev/null
hey -z 5s -c 4 -H "Authorization: Bearer $token" "$base/api/v1/facility/fleet" >/dev/null
workers=20
per_worker=$(( (rate + workers - 1) / workers ))
report() {
  local label=$1; shift
  echo "== $label: hey -z ${seconds}s -c $workers -q $per_worker (about $rate req/s)"
  hey -z "${seconds}s" -c "$workers" -q "$per_worker" "$@" |
    grep -E 'Requests/sec|Slowest|Fastest|Average|  (50|90|99)% in|\[[0-9]+\]'
}
report "Fleet page /" -H "Cookie: $cookie" "$base/"
report "GET /api/v1/facility/fleet" -H "Authorization: Bearer $token" "$base/api/v1/facility/fleet"
echo "== flat out: wrk -t2 -c16 -d${seconds}s"
wrk -t2 -c16 -d"${seconds}s" --latency -H "Cookie: $cookie" "$base/" | grep -E 'Requests/sec|  (50|99)%|Non-2xx'
wrk -t2 -c16 -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$base/api/v1/facility/fleet" | grep -E 'Requests/sec|  (50|99)%|Non-2xx'
