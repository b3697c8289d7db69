# Shared by the side-by-side benchmarks (source it): paired runs, medians, spread and ratios.
# Each sample is one whole process: wall seconds and CPU seconds (user + system, children included).
bench_samples=$(mktemp -d)
trap 'rm -rf "$bench_samples"' EXIT

# sample LABEL CMD...: runs CMD once (output discarded) and records its times under LABEL.
sample() {
  local label=$1 TIMEFORMAT='%3R %3U %3S' times status=0
  shift
  times=$( { time "$@" >/dev/null 2>"$bench_samples/last.err"; } 2>&1 ) || status=$?
  if [ "$status" != 0 ]; then
    echo "bench: '$*' failed (exit $status):" >&2
    cat "$bench_samples/last.err" >&2
    exit 1
  fi
  awk '{printf "%.3f %.3f\n", $1, $2 + $3}' <<<"$times" >>"$bench_samples/$label"
}

# paired RUNS LABEL... : runs the commands registered as cmd_LABEL (functions) RUNS times each,
# interleaved (a b c, b c a, c a b, ...) so that a change in the machine's load hits all alike.
paired() {
  local runs=$1 i j n
  shift
  local labels=("$@")
  n=${#labels[@]}
  for ((i = 0; i < runs; i++)); do
    for ((j = 0; j < n; j++)); do
      local label=${labels[$(((i + j) % n))]}
      sample "$label" "cmd_$label"
    done
  done
}

# quantile LABEL COLUMN Q: the Q-quantile (0..1) of a recorded column (1 wall, 2 cpu).
quantile() {
  cut -d' ' -f"$2" "$bench_samples/$1" | sort -n | awk -v q="$3" '
    { v[NR] = $1 }
    END { p = 1 + (NR - 1) * q; i = int(p); f = p - i; printf "%.3f", v[i] + (i < NR ? f * (v[i + 1] - v[i]) : 0) }'
}

header() {
  echo "load: $(uptime | sed 's/.*load average/load average/')  ($(nproc) cores)"
  printf '%-34s %9s %17s %9s  %s\n' "process" "wall med" "wall p25-p75" "cpu med" "ratios (wall median)"
}

# row LABEL [BASE...]: the label's medians and spread, and its wall-median ratio to each base.
row() {
  local label=$1 wall ratios="" base
  shift
  wall=$(quantile "$label" 1 0.5)
  for base in "$@"; do
    ratios+=$(awk -v a="$wall" -v b="$(quantile "$base" 1 0.5)" -v n="$base" \
      'BEGIN { printf "%.2fx %s  ", (b > 0 ? a / b : 0), n }')
  done
  printf '%-34s %8.3fs %8.3f-%-8.3f %8.3fs  %s\n' "$label" "$wall" "$(quantile "$label" 1 0.25)" \
    "$(quantile "$label" 1 0.75)" "$(quantile "$label" 2 0.5)" "$ratios"
}

# minimal_cli: compiles scripts/bench/MinimalCli.java (the practical floor of a Java command line)
# against the very picocli classes inside target/exa.jar, and sets $minimal_cp to run it.
minimal_cli() {
  local dir=target/bench/minimal
  if [ ! -f "$dir/MinimalCli.class" ] || [ scripts/bench/MinimalCli.java -nt "$dir/MinimalCli.class" ] \
      || [ target/exa.jar -nt "$dir/picocli.jar" ]; then
    rm -rf "$dir" && mkdir -p "$dir/unpacked"
    (cd "$dir/unpacked" && jar xf ../../../exa.jar picocli && jar cf ../picocli.jar picocli)
    rm -rf "$dir/unpacked"
    javac -proc:none -d "$dir" -cp "$dir/picocli.jar" scripts/bench/MinimalCli.java
  fi
  minimal_cp="$dir:$dir/picocli.jar"
}

# java_release: sets $java_runtime (this `java`'s full version, for file names) and $java_feature
# (its feature release, 17 or 25), so that what one JVM made is never handed to another.
java_release() {
  local props
  props=$(java -XshowSettings:properties -version 2>&1)
  java_runtime=$(awk -F' = ' '/java.runtime.version/ { gsub(/[^A-Za-z0-9.+-]/, "_", $2); print $2 }' <<<"$props")
  java_feature=$(awk -F' = ' '/java.specification.version/ { print $2 }' <<<"$props")
}

# minimal_cli_archive: a static class-data-sharing archive of the minimal program, made as the
# launcher makes exa's (scripts/exa-java.sh), and sets $minimal_jar and $minimal_flags to run the
# minimal program with it and the launcher's flags: the floor with exa's own start-up tricks.
# One archive per JVM: another JVM would ignore it without a word and the floor would be wrong.
minimal_cli_archive() {
  local dir=target/bench/minimal archive
  minimal_cli
  java_release
  minimal_jar=$dir/minimal.jar
  archive=$dir/minimal-$java_runtime.jsa
  if [ ! -f "$minimal_jar" ] || [ "$dir/MinimalCli.class" -nt "$minimal_jar" ]; then
    rm -rf "$dir/jar" && mkdir -p "$dir/jar"
    (cd "$dir/jar" && jar xf ../picocli.jar && cp ../*.class .)
    jar cf "$minimal_jar" -C "$dir/jar" . && rm -rf "$dir/jar"
  fi
  if [ ! -f "$archive" ] || [ "$minimal_jar" -nt "$archive" ]; then
    java -XX:DumpLoadedClassList="$dir/classes" -cp "$minimal_jar" MinimalCli hpc clusters >/dev/null
    java -Xshare:dump -XX:SharedClassListFile="$dir/classes" -XX:SharedArchiveFile="$archive" \
      -Xlog:disable -cp "$minimal_jar" >/dev/null
  fi
  minimal_flags=(-XX:TieredStopAtLevel=1 -Xshare:auto -Xlog:disable -XX:SharedArchiveFile="$archive")
}

# aot_caches: on a JVM with an ahead-of-time cache (JDK 24 and newer, JEP 483), makes one for the
# minimal program (trained on its `hpc clusters`) and one for exa (trained by the launcher's own
# training run, io.examlops.fleet.cli.StartupTraining), and sets $minimal_aot_flags and
# $exa_aot_flags to run each with its cache and the launcher's C1-only flag. Returns 1 on an
# older JVM. Call after minimal_cli_archive.
aot_caches() {
  [ "${java_feature%%.*}" -ge 24 ] || return 1
  local dir=target/bench minimal_aot exa_aot
  minimal_aot=$dir/minimal/minimal-$java_runtime.aot
  exa_aot=$dir/exa-$java_runtime.aot
  if [ ! -f "$minimal_aot" ] || [ "$minimal_jar" -nt "$minimal_aot" ]; then
    java -XX:AOTCacheOutput="$minimal_aot" -Xlog:disable -cp "$minimal_jar" MinimalCli hpc clusters \
      >/dev/null 2>&1
  fi
  if [ ! -f "$exa_aot" ] || [ target/exa.jar -nt "$exa_aot" ]; then
    java -XX:AOTCacheOutput="$exa_aot" -Xlog:disable -cp target/exa.jar \
      io.examlops.fleet.cli.StartupTraining </dev/null >/dev/null 2>&1
  fi
  minimal_aot_flags=(-XX:TieredStopAtLevel=1 -Xlog:disable -XX:AOTCache="$minimal_aot")
  exa_aot_flags=(-XX:TieredStopAtLevel=1 -Xlog:disable -XX:AOTCache="$exa_aot")
}
