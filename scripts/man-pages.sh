#!/bin/bash
# Writes the man pages (man/man1/*.1, one per command) and the usage `exa --help` prints from the
# jar (src/main/resources/io/examlops/fleet/cli/usage*.txt) from the compiled command tree; run
# after changing a command's options or help, then commit them (ManPagesTest and KeptUsageTest
# fail while they differ).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -o compile
cp=$(mktemp)
trap 'rm -f "$cp"' EXIT
mvn -B -q -o dependency:build-classpath -Dmdep.outputFile="$cp" >/dev/null
rm -f man/man1/*.1
java -cp "target/classes:$(cat "$cp")" io.examlops.fleet.cli.ManPages man/man1 \
  src/main/resources/io/examlops/fleet/cli
