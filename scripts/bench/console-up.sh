# Shared by the console benchmarks (source it, with $clusters and $nodes set): a console on a free
# loopback port over CLUSTERS approved clusters of NODES nodes each in their snapshots, with user
# bench and a read token. Sets $dir, $cp, $token, $password, $base and $console_pid; stops the
# console and removes $dir on exit. CONSOLE_JAVA_OPTS goes to the console's JVM.
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
echo "bench: registering $clusters clusters of $nodes nodes ..." >&2
token=$(java -cp "$cp" io.examlops.fleet.bench.ConsoleBenchFleet "$dir" "$dir/key" "$clusters" "$nodes" "$password")
port=$((20000 + RANDOM % 20000))
HOME=$dir EXAMLOPS_HPC_REGISTRY=$dir/clusters.yaml EXAMLOPS_PLATFORM_DB=$dir/platform.db \
  java ${CONSOLE_JAVA_OPTS:-} -cp "$cp" io.examlops.fleet.cli.Exa console --port "$port" --refresh-interval 3600 \
  >"$dir/console.log" 2>&1 &
console_pid=$!
for _ in $(seq 150); do grep -q listening "$dir/console.log" && break; sleep 0.2; done
grep -q listening "$dir/console.log" || { cat "$dir/console.log" >&2; exit 1; }
base=http://127.0.0.1:$port
