#!/bin/bash
# Start-up side by side: registry-only exa commands (through ./exa, which uses the start-up
# archive; and as plain `java -jar`) against a minimal Java CLI with the same picocli on the same
# JVM (scripts/bench/MinimalCli.java; as it is, and with an archive of its own and the launcher's
# flags) and against `java -version`. Paired runs; medians, spread and ratios. Run from the repository root after the README's set-up:
#   bash scripts/bench/startup.sh [RUNS]        (default 15)
# Everything runs on the `java` first on PATH; on a JVM with an ahead-of-time cache (JDK 24 and
# newer) the aot_* rows add exa and the minimal program each with a cache of its own (lib.sh,
# aot_caches), to compare on that JVM, e.g.
#   PATH=/path/to/jdk-25/bin:$PATH bash scripts/bench/startup.sh 9
# With EXA_BASELINE_JAR=path/to/another/exa.jar (an earlier build, copied aside), its `hpc clusters`,
# `--version`, `--help`, `hpc jobs --no-refresh`, `hpc audit` and `hpc env` run through the same
# launcher in the same rounds (base_* rows): a before-and-after of one change, side by side on a
# busy machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-15}
. scripts/bench/lib.sh

state=$(mktemp -d)
trap 'rm -rf "$state" "$bench_samples"' EXIT
export EXAMLOPS_HPC_REGISTRY=$state/clusters.yaml EXAMLOPS_DATA_DIR=$state EXAMLOPS_HPC_CLUSTER=demo
./exa --version >/dev/null   # builds the jar and its start-up archive when needed, outside the figures
./exa hpc connect local --name demo --scheduler mock >/dev/null
./exa hpc approve demo >/dev/null
printf '#!/bin/bash\ntrue\n' >"$state/job.sh"
for _ in 1 2 3; do ./exa hpc submit --cluster demo --gpus 1 --wait "$state/job.sh" >/dev/null; done

minimal_cli_archive

cmd_exa_clusters() { ./exa hpc clusters; }
cmd_exa_version() { ./exa --version; }
cmd_exa_jobs() { ./exa hpc jobs --no-refresh; }
cmd_exa_audit() { ./exa hpc audit; }
cmd_exa_env() { ./exa hpc env; }
cmd_exa_help() { ./exa --help; }
cmd_exa_place() { ./exa hpc place --gpus 2; }
cmd_jar_clusters() { java -jar target/exa.jar hpc clusters; }
cmd_jar_version() { java -jar target/exa.jar --version; }
cmd_minimal_clusters() { java -cp "$minimal_cp" MinimalCli hpc clusters; }
cmd_minimal_version() { java -cp "$minimal_cp" MinimalCli --version; }
cmd_minimal_cds_clusters() { java "${minimal_flags[@]}" -cp "$minimal_jar" MinimalCli hpc clusters; }
cmd_minimal_cds_version() { java "${minimal_flags[@]}" -cp "$minimal_jar" MinimalCli --version; }
cmd_minimal_help() { java -cp "$minimal_cp" MinimalCli --help; }
cmd_minimal_cds_help() { java "${minimal_flags[@]}" -cp "$minimal_jar" MinimalCli --help; }
cmd_java_version() { java -version; }
aot=()
if aot_caches; then
  exa_main=(-cp target/exa.jar io.examlops.fleet.cli.Exa)   # as the launcher starts it
  cmd_aot_exa_clusters() { java "${exa_aot_flags[@]}" "${exa_main[@]}" hpc clusters; }
  cmd_aot_exa_version() { java "${exa_aot_flags[@]}" "${exa_main[@]}" --version; }
  cmd_aot_exa_help() { java "${exa_aot_flags[@]}" "${exa_main[@]}" --help; }
  cmd_aot_minimal_clusters() { java "${minimal_aot_flags[@]}" -cp "$minimal_jar" MinimalCli hpc clusters; }
  cmd_aot_minimal_version() { java "${minimal_aot_flags[@]}" -cp "$minimal_jar" MinimalCli --version; }
  aot=(aot_exa_clusters aot_exa_version aot_exa_help aot_minimal_clusters aot_minimal_version)
fi
base=()
if [ -n "${EXA_BASELINE_JAR:-}" ]; then
  scripts/exa-java.sh "$EXA_BASELINE_JAR" --version >/dev/null   # its archive, outside the figures
  cmd_base_clusters() { scripts/exa-java.sh "$EXA_BASELINE_JAR" hpc clusters; }
  cmd_base_version() { scripts/exa-java.sh "$EXA_BASELINE_JAR" --version; }
  cmd_base_help() { scripts/exa-java.sh "$EXA_BASELINE_JAR" --help; }
  cmd_base_jobs() { scripts/exa-java.sh "$EXA_BASELINE_JAR" hpc jobs --no-refresh; }
  cmd_base_audit() { scripts/exa-java.sh "$EXA_BASELINE_JAR" hpc audit; }
  cmd_base_env() { scripts/exa-java.sh "$EXA_BASELINE_JAR" hpc env; }
  base=(base_clusters base_version base_help base_jobs base_audit base_env)
fi

paired "$runs" exa_clusters jar_clusters minimal_clusters minimal_cds_clusters exa_version \
  jar_version minimal_version minimal_cds_version java_version exa_jobs exa_audit exa_env exa_help \
  minimal_help minimal_cds_help \
  exa_place "${aot[@]}" "${base[@]}"
header
row exa_clusters minimal_clusters minimal_cds_clusters java_version jar_clusters
row jar_clusters minimal_clusters java_version
row minimal_clusters java_version
row minimal_cds_clusters minimal_clusters
row exa_version minimal_version minimal_cds_version java_version jar_version
row jar_version minimal_version java_version
row minimal_version java_version
row minimal_cds_version minimal_version
row java_version
row exa_jobs minimal_clusters
row exa_audit minimal_clusters
row exa_env minimal_clusters
row exa_help minimal_help minimal_cds_help minimal_version
row exa_place minimal_clusters
if [ ${#aot[@]} -gt 0 ]; then
  row aot_exa_clusters minimal_clusters aot_minimal_clusters exa_clusters
  row aot_exa_version minimal_version aot_minimal_version exa_version
  row aot_exa_help minimal_help aot_minimal_version exa_help
  row aot_minimal_clusters minimal_clusters minimal_cds_clusters
  row aot_minimal_version minimal_version minimal_cds_version
fi
if [ ${#base[@]} -gt 0 ]; then
  row base_clusters minimal_clusters minimal_cds_clusters exa_clusters
  row base_version minimal_version minimal_cds_version exa_version
  row base_help minimal_version exa_help
  row base_jobs minimal_clusters exa_jobs
  row base_audit minimal_clusters exa_audit
  row base_env minimal_clusters exa_env
fi
echo "exa_* run ./exa (start-up archive, C1 only); jar_* run plain java -jar target/exa.jar;"
echo "minimal_cds_* run the minimal program with an archive of its own and the launcher's flags; $runs runs each"
[ ${#aot[@]} -eq 0 ] || echo "aot_* run with an ahead-of-time cache of their own (JDK $java_feature) and -XX:TieredStopAtLevel=1"
echo "java: $java_runtime"
echo "load after: $(uptime | sed 's/.*load average/load average/')"
