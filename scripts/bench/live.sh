#!/bin/bash
# Live pages under load (docs/performance.md, "Live pages"): PAGES open live pages on a console of
# CLUSTERS clusters (each a GET /live stream that fetches its page again at every change, as the
# browser does), a change in the stores every CHANGE_EVERY seconds, and beside them the API at RATE
# requests/s for SECONDS with hey (p50 / p99). Prints the console's peak RSS and thread count.
# Loopback only; bounded in time; cleans up.
# Usage: bash scripts/bench/live.sh [PAGES] [RATE] [SECONDS] [CLUSTERS] [CHANGE_EVERY]
set -euo pipefail
cd "$(dirname "$0")/../.."
pages=${1:-500} rate=${2:-200} seconds=${3:-30} clusters=${4:-100} change_every=${5:-5}
for tool in hey curl ssh-keygen; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing: bash scripts/testbed/install-packages.sh" >&2; exit 1; }
done
dir=$(mktemp -d)
mvn -q -B -o test-compile dependency:build-classpath -Dmdep.outputFile="$dir/classpath"
cp=target/test-classes:target/classes:$(cat "$dir/classpath")
console_pid=
cleanup() { [ -n "$console_pid" ] && kill "$console_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT
ssh-keygen -q -t ed25519 -N '' -f "$dir/key"
password=bench-password-$RANDOM$RANDOM
echo "bench: registering $clusters clusters ..." >&2
token=$(java -cp "$cp" io.examlops.fleet.bench.ConsoleBenchFleet "$dir" "$dir/key" "$clusters" 100 "$password")
port=$((20000 + RANDOM % 20000))
HOME=$dir EXAMLOPS_HPC_REGISTRY=$dir/clusters.yaml EXAMLOPS_PLATFORM_DB=$dir/platform.db \
  java -XX:+UseSerialGC -cp "$cp" io.examlops.fleet.cli.Exa console --port "$port" --refresh-interval 3600 \
  >"$dir/console.log" 2>&1 &
console_pid=$!
for _ in $(seq 150); do grep -q listening "$dir/console.log" && break; sleep 0.2; done
grep -q listening "$dir/console.log" || { cat "$dir/console.log" >&2; exit 1; }
base=http://127.0.0.1:$port
hey -z 5s -c 4 -H "Authorization: Bearer $token" "$base/api/v1/facility/fleet" >/dev/null
echo "== $pages live pages, a change every ${change_every}s, for $((seconds + 10))s"
java -cp "$cp" io.examlops.fleet.bench.LivePagesBench "$base" "$token" "$dir" "$pages" "$((seconds + 10))" "$change_every" &
pages_pid=$!
sleep 5
workers=20
per_worker=$(( (rate + workers - 1) / workers ))
echo "== GET /api/v1/facility/fleet beside them: hey -z ${seconds}s -c $workers -q $per_worker (about $rate req/s)"
hey -z "${seconds}s" -c "$workers" -q "$per_worker" -H "Authorization: Bearer $token" "$base/api/v1/facility/fleet" |
  grep -E 'Requests/sec|Slowest|Average|  (50|90|99)% in|\[[0-9]+\]'
echo "== console: peak RSS $(awk '/VmHWM/ {print $2 / 1024 " MiB"}' /proc/"$console_pid"/status), threads $(awk '/Threads/ {print $2}' /proc/"$console_pid"/status)"
wait "$pages_pid"
