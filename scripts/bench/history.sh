#!/bin/bash
# A fleet's year of history (docs/performance.md, "History"): the same commands on three fleets of
# two approved mock clusters: an empty one; a year, whose platform.db holds 100,000 jobs (all ended
# but the last 20) and 50,000 audit events, written by scripts/bench/history-rows.sql into the store
# exa made; and a page, the year's newest 100 jobs (its 20 running ones among them) and 100 events,
# what one page of a listing shows. Against the empty fleet a listing also prints its rows; against
# the page, only what a year adds counts.
# The commands: paired runs of whole commands, their medians and ratios. Then the console's pages
# and API: a console (./exa console) per fleet, signed in as a viewer, each page asked 100 times
# in a row (hey -n 100 -c 1) per round, RUNS rounds rotating the fleets after a warm-up; the median
# of the rounds' median latencies, and the ratios.
# Run from the repository root after the README's set-up (needs sqlite3 and hey):
#   bash scripts/bench/history.sh [RUNS]        (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
command -v sqlite3 >/dev/null || { echo "bench: needs sqlite3 (apt-get install sqlite3)" >&2; exit 1; }
command -v hey >/dev/null || { echo "bench: hey is missing: bash scripts/testbed/install-packages.sh" >&2; exit 1; }
. scripts/bench/lib.sh
. scripts/bench/sign-in.sh
state=$(mktemp -d)
consoles=()
trap 'kill "${consoles[@]}" 2>/dev/null; wait; rm -rf "$state" "$bench_samples"' EXIT
./exa --version >/dev/null   # builds the jar and its start-up archive when needed, outside the figures
fleets=(empty page year)

fleet() { # NAME: a fleet of two approved mock clusters under $state/NAME
  mkdir -p "$state/$1"
  env HOME="$state/$1" EXAMLOPS_HPC_REGISTRY="$state/$1/clusters.yaml" EXAMLOPS_DATA_DIR="$state/$1/data" \
    EXAMLOPS_ACTOR=bench bash -c './exa hpc connect local --name alpha --scheduler mock >/dev/null
      ./exa hpc connect local --name beta --scheduler mock >/dev/null
      ./exa hpc approve alpha >/dev/null && ./exa hpc approve beta >/dev/null'
}
for f in "${fleets[@]}"; do fleet "$f"; done
sqlite3 "$state/year/data/platform.db" <scripts/bench/history-rows.sql
# the page: the same rows, counted from the year's last 100 jobs and 100 events
sed -e 's/SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000/SELECT 99901 UNION ALL SELECT i + 1 FROM n WHERE i < 100000/' \
  -e 's/SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000/SELECT 49901 UNION ALL SELECT i + 1 FROM n WHERE i < 50000/' \
  scripts/bench/history-rows.sql | sqlite3 "$state/page/data/platform.db"
for f in page year; do
  echo "$f: $(sqlite3 "$state/$f/data/platform.db" 'SELECT count(*) FROM hpc_jobs') jobs," \
    "$(sqlite3 "$state/$f/data/platform.db" 'SELECT count(*) FROM audit_events') audit events" >&2
done

on() { # FLEET COMMAND...
  local f=$1
  shift
  env HOME="$state/$f" EXAMLOPS_HPC_REGISTRY="$state/$f/clusters.yaml" EXAMLOPS_DATA_DIR="$state/$f/data" \
    EXAMLOPS_ACTOR=bench ./exa "$@"
}
labels=()
for f in "${fleets[@]}"; do
  eval "cmd_place_$f() { on $f hpc place --gpus 1; }"
  eval "cmd_preflight_$f() { on $f hpc preflight alpha --gpus 1; }"
  eval "cmd_jobs_$f() { on $f hpc jobs --no-refresh; }"
  eval "cmd_capacity_$f() { on $f hpc capacity; }"
  eval "cmd_audit_$f() { on $f hpc audit; }"
done
for c in place preflight jobs capacity audit; do
  for f in "${fleets[@]}"; do labels+=("${c}_$f"); done
done
paired "$runs" "${labels[@]}"
header
for c in place preflight jobs capacity audit; do
  row "${c}_empty"
  row "${c}_page" "${c}_empty"
  row "${c}_year" "${c}_empty" "${c}_page"
done

# The console's pages and API on each fleet.
password=bench-password-$RANDOM$RANDOM
for f in "${fleets[@]}"; do
  printf '%s\n' "$password" >"$state/$f/password"
  on "$f" console user add bench --role viewer --password-file "$state/$f/password" >/dev/null
  # exec all the way down (env, ./exa, the launcher's java), so that $! is the console's JVM
  (exec env HOME="$state/$f" EXAMLOPS_HPC_REGISTRY="$state/$f/clusters.yaml" \
    EXAMLOPS_DATA_DIR="$state/$f/data" EXAMLOPS_ACTOR=bench \
    ./exa console --port 0 --refresh-interval 3600 >"$state/$f/console.log" 2>&1) &
  consoles+=($!)
done
for f in "${fleets[@]}"; do
  for _ in $(seq 300); do grep -q listening "$state/$f/console.log" && break; sleep 0.2; done
  grep -q listening "$state/$f/console.log" || { cat "$state/$f/console.log" >&2; exit 1; }
  eval "base_$f=$(grep -o 'http://[0-9.]*:[0-9]*' "$state/$f/console.log" | head -1)"
  eval "cookie_$f=\$(console_cookie \"\$base_$f\" bench \"$password\")"
done
pages=(/ /capacity /jobs /activity /clusters/alpha /api/v1/facility/fleet/jobs
  /api/v1/facility/fleet/capacity /api/v1/facility/central/jobs /api/v1/facility/fleet/alpha/audit)
median_latency() { # FLEET PAGE: hey's median latency of 100 requests in a row, in ms
  local base cookie out
  eval "base=\$base_$1 cookie=\$cookie_$1"
  out=$(hey -n 100 -c 1 -H "Cookie: $cookie" "$base$2")
  grep -q '\[200\]' <<<"$out" && ! grep -E '\[[013-9][0-9][0-9]\]' <<<"$out" >/dev/null \
    || { echo "bench: $2 on the $1 fleet did not answer 200 every time:" >&2; echo "$out" >&2; exit 1; }
  awk '/ 50% in / { printf "%.2f\n", $3 * 1000 }' <<<"$out"
}
for f in "${fleets[@]}"; do for p in "${pages[@]}"; do median_latency "$f" "$p" >/dev/null; done; done
for ((i = 0; i < runs; i++)); do
  for p in "${pages[@]}"; do
    key=${p//[^a-z]/_}
    for ((j = 0; j < ${#fleets[@]}; j++)); do
      f=${fleets[$(((i + j) % ${#fleets[@]}))]}
      median_latency "$f" "$p" >>"$bench_samples/page_${f}$key"
    done
  done
done
middle() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }'; }
echo "console: the median of $runs rounds' median latencies (100 requests in a row each)"
printf '%-36s %9s %9s %9s  %s\n' "GET" "empty" "page" "a year" "a year against: empty, page"
for p in "${pages[@]}"; do
  key=${p//[^a-z]/_}
  e=$(middle "$bench_samples/page_empty$key") g=$(middle "$bench_samples/page_page$key")
  y=$(middle "$bench_samples/page_year$key")
  printf '%-36s %7.2fms %7.2fms %7.2fms  %s %s\n' "$p" "$e" "$g" "$y" "$(ratio "$y" "$e")" "$(ratio "$y" "$g")"
done
