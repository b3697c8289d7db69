#!/bin/bash
# Waiting builds through the console, the fleet's gateway (docs/performance.md, "Gateway"): for
# each N, N real exa agent processes (no key, no known_hosts, a read+submit token) submit a short
# CPU job each to the testbed's Slurm with --wait, all at once, through one console. The login node
# is a second sshd of the testbed's on 127.0.0.1:2223 with OpenSSH's default MaxStartups and
# MaxSessions; its scheduler commands run through wrappers that log each call. Reports per N:
# agents that failed, SSH connections the login node accepted per minute, scheduler queries per
# minute (squeue, sacct, scontrol: what following costs) and sbatch calls per minute (one per
# build, whatever follows them), time from a job's end to its --wait returning
# (p50, p95, max), the console's peak RSS; then abort (SIGTERM) -> cancelled on Slurm and agent
# kill -9 -> cancelled, for a few jobs each.
# The jobs start together once every agent has submitted: the default partition is held DOWN
# (jobs queue, none starts) until the N jobs are queued, so that what is timed is N builds
# waiting, not N agent JVMs starting on the machine the console shares (GATE=off: each job starts
# as soon as a node is free, its end racing the start of the agents after it).
# Needs root and the testbed (scripts/test.sh's steps up to slurm-states.sh). Loopback only;
# bounded in count and time; cleans up what it started.
# Usage: bash scripts/bench/gateway.sh [N...]      (default: 10 50 200)
#   JOB_SECONDS (default 20): how long each job runs; AGENT_JAVA_OPTS: the agents' JVM options.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
# the testbed's keys and known hosts: TESTBED_DIR, else work/testbed of this checkout
testbed=$(realpath -m "${TESTBED_DIR:-work/testbed}")
# where scripts/testbed/sshd-up.sh keeps the testbed sshd's configuration and host key
sshd_conf=${TESTBED_SSHD_CONF:-/etc/ssh/examlops-testbed}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 50 200)
job_seconds=${JOB_SECONDS:-20}
gate=${GATE:-on}
agent_java=${AGENT_JAVA_OPTS:--Xmx48m -Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=1}
[ -f "$testbed/id_ed25519" ] || { echo "bench: no testbed at $testbed: bring it up as scripts/test.sh does" >&2; exit 1; }
command -v squeue >/dev/null || { echo "bench: no Slurm client: bash scripts/testbed/install-packages.sh" >&2; exit 1; }

held=
dir=$(mktemp -d -t exa-gateway-bench.XXXXXX)
chmod 0755 "$dir"
conf=$dir/sshd
console_pid=
cleanup() {
  [ -n "$console_pid" ] && kill "$console_pid" 2>/dev/null
  [ -s "$conf/sshd.pid" ] && kill "$(cat "$conf/sshd.pid")" 2>/dev/null
  for p in $(jobs -p); do kill "$p" 2>/dev/null || true; done
  scancel -u hpcuser -n bench 2>/dev/null || true
  [ -z "$held" ] || scontrol update PartitionName="$held" State=UP 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT

echo "bench: building ..." >&2
[ -f target/exa.jar ] || mvn -q -B -o package -DskipTests
mvn -q -B -o test-compile dependency:build-classpath -Dmdep.outputFile="$dir/classpath" >/dev/null
cp=target/test-classes:target/classes:$(cat "$dir/classpath")
./exa --version >/dev/null   # the launcher's start-up archive, made once

# The login node: the testbed's sshd configuration, without its raised limits, on port 2223; the
# scheduler commands of hpcuser's sessions go through logging wrappers.
wrap=$dir/wrap
mkdir -p "$conf" "$wrap"
: >"$dir/commands.log"
chmod 0666 "$dir/commands.log"
for c in squeue sacct sbatch scancel scontrol sinfo; do
  real=$(command -v "$c")
  printf '#!/bin/sh\necho "$(date +%%s) %s" >>%s\nexec %s "$@"\n' "$c" "$dir/commands.log" "$real" >"$wrap/$c"
  chmod 0755 "$wrap/$c"
done
sed -e 's/^Port 2222/Port 2223/' -e '/^MaxStartups/d' -e '/^MaxSessions/d' \
    -e "s|^PidFile .*|PidFile $conf/sshd.pid|" \
    -e "s|SetEnv TZ=Asia/Kolkata|SetEnv TZ=Asia/Kolkata PATH=$wrap:/usr/local/bin:/usr/bin:/bin|" \
    "$sshd_conf/sshd_config" >"$conf/sshd_config"
/usr/sbin/sshd -f "$conf/sshd_config" -E "$dir/sshd.log"
for _ in $(seq 50); do [ -s "$conf/sshd.pid" ] && break; sleep 0.1; done
echo "[127.0.0.1]:2223 $(cut -d' ' -f1,2 "$sshd_conf/ssh_host_ed25519_key.pub")" >"$dir/known_hosts"

# The console's fleet: the cluster over that login node, approved; the agents' token.
fleet_env=(HOME="$dir/fleet" EXAMLOPS_HPC_REGISTRY="$dir/fleet/clusters.yaml"
  EXAMLOPS_PLATFORM_DB="$dir/fleet/platform.db" EXAMLOPS_HPC_SSH_KNOWN_HOSTS="$dir/known_hosts"
  EXAMLOPS_ACTOR=admin)
mkdir -p "$dir/fleet"
env "${fleet_env[@]}" ./exa hpc connect 127.0.0.1 --port 2223 --user hpcuser \
  --key "$testbed/id_ed25519" --name bench >/dev/null
env "${fleet_env[@]}" ./exa hpc approve bench >/dev/null
token=$(env "${fleet_env[@]}" java -cp "$cp" io.examlops.fleet.bench.GatewayBenchToken)

port=$((20000 + RANDOM % 20000))
start_console() { # [VARIABLE=VALUE...]: the console's own settings
  env "${fleet_env[@]}" "$@" ./exa console --port "$port" --refresh-interval 60 \
    >"$dir/console.log" 2>&1 &
  console_pid=$!
  for _ in $(seq 300); do grep -q listening "$dir/console.log" && return; sleep 0.2; done
  cat "$dir/console.log" >&2
  exit 1
}
start_console
console_java=$(pgrep -P "$console_pid" java || echo "$console_pid")

mkdir -m 1777 "$dir/ends"
job_script() { # NAME SECONDS: a CPU job that records when it ends
  printf '#!/bin/bash\nsleep %s\ndate +%%s.%%N >%s/ends/%s\n' "$2" "$dir" "$1" >"$dir/$1.sh"
}
agent() { # I ARGS...: one exa agent process, its times and exit status recorded
  local i=$1
  shift
  ( exec env -i HOME="$dir/agent" PATH=/usr/local/bin:/usr/bin:/bin \
      EXAMLOPS_SERVER="http://127.0.0.1:$port" EXAMLOPS_TOKEN="$token" \
      EXA_JAVA_OPTS="$agent_java" "$root/exa" "$@" >"$dir/out-$i" 2>"$dir/err-$i"
  ) && echo 0 >"$dir/rc-$i" || echo $? >"$dir/rc-$i"
  date +%s.%N >"$dir/done-$i"
}
mkdir -p "$dir/agent"
peak_rss() { awk '/VmHWM/ {printf "%d MiB", $2 / 1024}' "/proc/$console_java/status"; }
accepted() { grep -c 'Accepted publickey' "$dir/sshd.log" || true; }

printf '%6s %7s %7s %13s %16s %12s %24s %12s\n' N failed wall "ssh conn/min" "queries/min" \
  "sbatch/min" "end->return p50/p95/max" "console RSS"
for n in "${sizes[@]}"; do
  rm -f "$dir"/out-* "$dir"/err-* "$dir"/rc-* "$dir"/done-* "$dir"/ends/*
  conn0=$(accepted)
  cmd0=$(wc -l <"$dir/commands.log")
  cmd_from=$((cmd0 + 1))
  if [ "$gate" = on ]; then
    held=$(sinfo -h -o '%P' | sed -n 's/\*$//p')
    scontrol update PartitionName="$held" State=DOWN
  fi
  t0=$(date +%s.%N)
  agents=()
  for i in $(seq "$n"); do
    job_script "w$i" "$job_seconds"
    agent "$i" --json hpc submit --cluster bench --gpus 0 -J bench -t 10 --wait "$dir/w$i.sh" &
    agents+=($!)
  done
  if [ -n "$held" ]; then
    for _ in $(seq 6000); do
      [ "$(squeue -h -n bench -p "$held" | wc -l)" -ge "$n" ] && break
      [ "$(ls "$dir" | grep -c '^rc-')" -eq 0 ] || break   # an agent gave up: go on, and say so
      sleep 0.2
    done
    scontrol update PartitionName="$held" State=UP
    held=
  fi
  wait "${agents[@]}"
  t1=$(date +%s.%N)
  failed=$(grep -LxF 0 "$dir"/rc-* | wc -l)
  minutes=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 60 }')
  conns=$(( $(accepted) - conn0 ))
  queries=$(tail -n +"$cmd_from" "$dir/commands.log" | grep -cE ' (squeue|sacct|scontrol)$' || true)
  sbatches=$(tail -n +"$cmd_from" "$dir/commands.log" | grep -c ' sbatch$' || true)
  lat=$(for i in $(seq "$n"); do
      [ -f "$dir/ends/w$i" ] && awk -v e="$(cat "$dir/ends/w$i")" -v d="$(cat "$dir/done-$i")" \
        'BEGIN { printf "%.3f\n", d - e }'
    done | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit }
      i50 = int(0.5 * (NR - 1)) + 1; i95 = int(0.95 * (NR - 1)) + 1
      printf "%.2f/%.2f/%.2f s", v[i50], v[i95], v[NR] }')
  printf '%6d %7d %6.0fs %13.1f %16.1f %12.1f %24s %12s\n' "$n" "$failed" \
    "$(awk -v m="$minutes" 'BEGIN { print m * 60 }')" \
    "$(awk -v c="$conns" -v m="$minutes" 'BEGIN { print c / m }')" \
    "$(awk -v c="$queries" -v m="$minutes" 'BEGIN { print c / m }')" \
    "$(awk -v c="$sbatches" -v m="$minutes" 'BEGIN { print c / m }')" "$lat" "$(peak_rss)"
  if [ "$failed" -gt 0 ]; then
    for f in $(grep -LxF 0 "$dir"/rc-* | head -3); do echo "  failed: $(tail -c 400 "${f/rc-/err-}")"; done
  fi
done

# Abort: SIGTERM to a waiting agent (how Jenkins aborts a sh step) -> the job cancelled on Slurm.
# kill -9 of a waiting agent -> the console cancels it once its lease lapsed: the console again,
# with short leases so that this ends soon (renew 5 s, lapse 20 s, grace 10 s).
kill "$console_pid"
wait "$console_pid" 2>/dev/null || true
start_console EXAMLOPS_LEASE_RENEW=5s EXAMLOPS_LEASE_LAPSE=20s EXAMLOPS_LEASE_GRACE=10s
console_java=$(pgrep -P "$console_pid" java || echo "$console_pid")
cancelled_after() { # SCHEDULER_ID SINCE: seconds from SINCE until Slurm says the job was cancelled
  local id=$1 since=$2 state
  for _ in $(seq 1200); do
    state=$(squeue -h -t all -j "$id" -o %T 2>/dev/null || true)
    if [ "$state" = CANCELLED ] || [ -z "$state" ]; then
      awk -v a="$since" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", b - a }'
      return
    fi
    sleep 0.1
  done
  echo "never"
}
for how in TERM KILL; do
  times=()
  for i in 1 2 3; do
    job_script "long-$how-$i" 600
    ( exec env -i HOME="$dir/agent" PATH=/usr/local/bin:/usr/bin:/bin \
        EXAMLOPS_SERVER="http://127.0.0.1:$port" EXAMLOPS_TOKEN="$token" EXAMLOPS_LEASE_RENEW=5s \
        EXA_JAVA_OPTS="$agent_java" java $agent_java -jar target/exa.jar hpc submit --cluster bench \
        --gpus 0 -J bench -t 15 --wait "$dir/long-$how-$i.sh" >"$dir/long-out" 2>"$dir/long-err" ) &
    pid=$!
    id=
    for _ in $(seq 600); do
      id=$(sed -n 's/^exa: following job [0-9]* (bench \([0-9]*\)).*/\1/p' "$dir/long-err" | head -1)
      [ -n "$id" ] && [ "$(squeue -h -j "$id" -o %T 2>/dev/null)" = RUNNING ] && break
      sleep 0.2
    done
    [ -n "$id" ] || { echo "bench: the $how agent never followed its job: $(cat "$dir/long-err")" >&2; exit 1; }
    java_pid=$(pgrep -P "$pid" java || echo "$pid")
    since=$(date +%s.%N)
    kill -"$how" "$java_pid"
    times+=("$(cancelled_after "$id" "$since")")
    wait "$pid" 2>/dev/null || true
  done
  echo "agent SIG$how -> job cancelled on Slurm: ${times[*]} s"
done
echo "load: $(uptime | sed 's/.*load average/load average/') ($(nproc) cores); console peak RSS $(peak_rss)"
