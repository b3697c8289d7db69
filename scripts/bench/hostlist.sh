#!/bin/bash
# Hostlists side by side, whole process against whole process: expanding and folding 100,000
# hosts (four prefixes, three paddings, gaps, literal hosts) with exa's hostlist code
# (io.examlops.fleet.bench.HostlistProcess on the launcher's JVM flags and, like the launcher, a
# static class-data-sharing archive of its own), ClusterShell's `nodeset` and Slurm's
# `scontrol show hostnames|hostlist`, on the same input. Paired runs; medians, spread
# and ratios. In-process figures: mvn -q -B -Pbench test-compile exec:exec -Dbench=Hostlist
# Installs Debian's clustershell when nodeset is missing (as root). Run from the repository root:
#   bash scripts/bench/hostlist.sh [RUNS]        (default 9)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-9}
. scripts/bench/lib.sh
if ! command -v nodeset >/dev/null; then
  apt-get install -y -q clustershell >/dev/null
fi
command -v scontrol >/dev/null || { echo "bench: scontrol (Debian slurm-client) is needed" >&2; exit 1; }
./exa --version >/dev/null                     # builds target/exa.jar when needed
mvn -q -B test-compile >&2
work=$(mktemp -d)
trap 'rm -rf "$work" "$bench_samples"' EXIT
# The bench classes in a jar of their own: a class-data-sharing archive holds classes from jars only.
mkdir -p target/bench
jar cf target/bench/hostlist.jar -C target/test-classes io/examlops/fleet/bench
cp="target/exa.jar:target/bench/hostlist.jar"
flags=(-XX:TieredStopAtLevel=1 -Xshare:auto -Xlog:disable -Xlog:all=warning:stderr)
exa_hostlist() { java "${flags[@]}" -cp "$cp" io.examlops.fleet.bench.HostlistProcess "$@"; }

exa_hostlist generate >"$work/hosts"
exa_hostlist fold <"$work/hosts" >"$work/expr"
# exa's launcher starts the JVM with a static archive of the classes its commands load
# (scripts/exa-java.sh); the bench process gets one the same way, from one expand and one fold.
java -XX:DumpLoadedClassList="$work/expand.classes" -Xlog:disable -cp "$cp" \
  io.examlops.fleet.bench.HostlistProcess expand "$work/expr" >/dev/null
java -XX:DumpLoadedClassList="$work/fold.classes" -Xlog:disable -cp "$cp" \
  io.examlops.fleet.bench.HostlistProcess fold <"$work/hosts" >/dev/null
cat "$work/expand.classes" "$work/fold.classes" >"$work/classes"
java -Xshare:dump -XX:SharedClassListFile="$work/classes" -XX:SharedArchiveFile="$work/hostlist.jsa" \
  -Xlog:disable -cp "$cp" >/dev/null
flags+=(-XX:SharedArchiveFile="$work/hostlist.jsa")
tr '\n' ',' <"$work/hosts" | sed 's/,$//' >"$work/hosts.csv"
# every tool must agree on what the input means before it is timed
for tool in exa nodeset scontrol; do
  case $tool in
    exa) exa_hostlist expand "$work/expr" ;;
    nodeset) nodeset -e -S '\n' "$(cat "$work/expr")" ;;
    scontrol) scontrol show hostnames "$(cat "$work/expr")" ;;
  esac | sort >"$work/$tool.sorted"
  cmp -s "$work/$tool.sorted" <(sort "$work/hosts") || { echo "bench: $tool expands differently" >&2; exit 1; }
done
echo "input: $(wc -l <"$work/hosts") hosts; folded: $(wc -c <"$work/expr") characters"

cmd_exa_expand() { exa_hostlist expand "$work/expr"; }
cmd_nodeset_expand() { nodeset -e -S '\n' "$(cat "$work/expr")"; }
cmd_scontrol_expand() { scontrol show hostnames "$(cat "$work/expr")"; }
cmd_exa_fold() { exa_hostlist fold <"$work/hosts"; }
cmd_nodeset_fold() { nodeset -f <"$work/hosts"; }
cmd_scontrol_fold() { scontrol show hostlist "$work/hosts.csv"; }
cmd_java_version() { java -version; }

paired "$runs" exa_expand nodeset_expand scontrol_expand exa_fold nodeset_fold scontrol_fold java_version
header
row exa_expand nodeset_expand scontrol_expand
row nodeset_expand exa_expand
row scontrol_expand exa_expand
row exa_fold nodeset_fold scontrol_fold
row nodeset_fold exa_fold
row scontrol_fold exa_fold
row java_version
echo "$runs runs each; ratios above 1 mean slower than the named process"
echo "load after: $(uptime | sed 's/.*load average/load average/')"
