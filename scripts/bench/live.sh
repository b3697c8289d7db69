#!/bin/bash
# Live pages under load (docs/performance.md, "Live pages"): PAGES open live pages on a console of
# CLUSTERS clusters (each a GET /live stream that fetches its page again at every change, as the
# browser does), a change in the stores every CHANGE_EVERY seconds, and beside them the API at RATE
# requests/s for SECONDS with hey (p50 / p99). Prints the console's peak RSS, thread count and the
# CPU time it used (start-up included), which depends less on what else runs than latency does.
# Loopback only; bounded in time; cleans up.
# Usage: bash scripts/bench/live.sh [PAGES] [RATE] [SECONDS] [CLUSTERS] [CHANGE_EVERY]
set -euo pipefail
cd "$(dirname "$0")/../.."
pages=${1:-500} rate=${2:-200} seconds=${3:-30} clusters=${4:-100} change_every=${5:-5}
nodes=100
CONSOLE_JAVA_OPTS=${CONSOLE_JAVA_OPTS:--XX:+UseSerialGC}
source scripts/bench/console-up.sh
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
echo "== console: peak RSS $(awk '/VmHWM/ {print $2 / 1024 " MiB"}' /proc/"$console_pid"/status), threads $(awk '/Threads/ {print $2}' /proc/"$console_pid"/status), CPU time $(awk -v hz="$(getconf CLK_TCK)" '{print ($14 + $15) / hz " s"}' /proc/"$console_pid"/stat)"
wait "$pages_pid"
