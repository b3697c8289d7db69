#!/bin/bash
# Starts the exa jar on this machine's `java` with a class-data-sharing (AppCDS) archive, which
# more than halves the start-up of every command. Any launcher that knows where its jar is can use
# it (the checkout's ./exa does; so can a release archive's bin/exa):
#   exa-java.sh JAR [ARGS...]
# The archive is made on the first run from a training run (io.examlops.fleet.cli.StartupTraining)
# and a dump of the classes it loaded (a few seconds, once), kept in $EXAMLOPS_CACHE_DIR, else
# $XDG_CACHE_HOME/examlops, else ~/.cache/examlops, and made again when the jar or the JVM changes.
# Without a usable cache, or with EXAMLOPS_CDS=off, the jar runs without it: plain
# `java -jar exa.jar` always works too.
# Every process this script starts is paid by every command (about 1.5 ms each on a quiet machine,
# beside a JVM start of 0.1-0.2 s): paths are cut with the shell's own expansions, not dirname, and
# the jar and the JVM are resolved by one readlink. Launchers may source it instead of running it.
set -euo pipefail
java_on_path=$(command -v java) || java_on_path=java
if resolved=$(readlink -f -- "$1" "$java_on_path"); then
  jar=${resolved%%$'\n'*}
  java_bin=${resolved#*$'\n'}
else # a path readlink cannot resolve: the jar as given, and no archive
  jar=$1
  java_bin=
fi
shift
# C1 alone: a CLI process lives too short for the optimizing compiler to pay back its cost.
# JVM warnings go to stderr (stdout is the command's own); an archive the JVM cannot use is
# ignored without a word, as the run is only slower.
opts=(-XX:TieredStopAtLevel=1 -Xshare:auto -Xlog:disable -Xlog:all=warning,cds*=off:stderr)
# The console is a server that runs for weeks: the serial collector sizes its heap by the data it
# keeps, where G1 grew it by the time spent collecting to 660 MiB for 176 MiB in use under 200
# waiting builds (docs/performance.md, "Gateway"). EXA_JAVA_OPTS, after these, can choose another.
[ "${1:-}" != console ] || opts+=(-XX:+UseSerialGC)

archive_for() {
  local cache=${EXAMLOPS_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-}/.cache}/examlops}
  [ "$cache" != /.cache/examlops ] || return 1
  local java_home libjvm key
  [ -n "${java_bin:-}" ] && [ -f "$java_bin" ] || return 1
  java_home=${java_bin%/*}
  java_home=${java_home%/*}
  libjvm=$java_home/lib/server/libjvm.so
  [ -f "$libjvm" ] || libjvm=$java_bin
  # size and modification time of the jar and the JVM: any rebuild or JVM update names a new one
  key=$(stat -L -c '%s-%Y' "$jar" "$libjvm") || return 1
  key=${key//$'\n'/-}
  dir=$cache/cds/${jar//\//_}
  archive=$dir/exa-${key%-}.jsa
}

train() {
  mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] || return 0
  exec 9>"$dir/training.lock"
  # one training at a time; concurrent first runs go on without the archive
  if flock -n 9; then
    if [ ! -f "$archive" ]; then
      echo "exa: preparing a start-up archive (once per build of exa and JVM) ..." >&2
      local partial=$archive.$$.partial
      # A static archive, not a dynamic one (-XX:ArchiveClassesAtExit): the dynamic one refuses
      # picocli's Java 5 classes and most of the method-handle classes that the libraries'
      # string concatenation spins, so they were made again in every process.
      if java -XX:DumpLoadedClassList="$partial.classes" -Xshare:auto -Xlog:disable \
          -Xlog:all=error:stderr -cp "$jar" io.examlops.fleet.cli.StartupTraining \
          </dev/null >/dev/null 2>&1 \
          && java -Xshare:dump -XX:SharedClassListFile="$partial.classes" \
            -XX:SharedArchiveFile="$partial" -Xlog:disable -cp "$jar" </dev/null >/dev/null 2>&1 \
          && [ -s "$partial" ]; then
        mv -f "$partial" "$archive"
        find "$dir" -maxdepth 1 -name 'exa-*.jsa' ! -name "${archive##*/}" -delete 2>/dev/null || true
      fi
      rm -f "$partial.classes" "$partial"
    fi
  fi
  exec 9>&-
}

if [ "${EXAMLOPS_CDS:-on}" != off ] && archive_for; then
  [ -f "$archive" ] || train
  [ -f "$archive" ] && opts+=(-XX:SharedArchiveFile="$archive")
fi
# The installation (lib/exa.jar's parent) goes last, after anything EXA_JAVA_OPTS or the JVM's own
# variables add: exa reads the agent's configuration from its etc/agent.yaml when /etc/examlops
# has none, and a build's environment must not point it elsewhere (docs/jenkins.md).
install=${jar%/*}
install=${install%/*}
# The jar on the class path and its main class named, not `-jar`: `-jar` reads the jar's directory
# of 10,000 entries once for its manifest and once more for its classes, about 7 ms of every command
# (docs/performance.md). What the manifest would add is added here: native access for sqlite-jdbc.
# shellcheck disable=SC2086  # EXA_JAVA_OPTS holds several options, split on purpose
exec java "${opts[@]}" --enable-native-access=ALL-UNNAMED ${EXA_JAVA_OPTS:-} \
  -Dexamlops.install="${install:-/}" -cp "$jar" io.examlops.fleet.cli.Exa "$@"
