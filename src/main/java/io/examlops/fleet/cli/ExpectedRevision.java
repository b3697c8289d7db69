package io.examlops.fleet.cli;

import io.examlops.fleet.model.ClusterRevision;
import picocli.CommandLine.Option;

/**
 * {@code --expect REVISION}, shared by the decisions on a cluster (approve, reject): decide only on
 * what was reviewed. Its field is named {@code expected}, the request field it fills, so that an
 * error about that field names {@code --expect} ({@link Failures#option}).
 */
final class ExpectedRevision {
  @Option(
      names = "--expect",
      paramLabel = "REVISION",
      description =
          "Decide only if the cluster is still at this revision (the 'revision' of exa hpc"
              + " clusters --json, or of the console's review): if anything changed since, nothing"
              + " is decided and the command says what changed (exit 1).")
  String expected;

  /** The revision asked for, or null when none was. */
  ClusterRevision revision() {
    return ClusterRevision.parse(expected, "expected");
  }
}
