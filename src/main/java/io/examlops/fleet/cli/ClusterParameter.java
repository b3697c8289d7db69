package io.examlops.fleet.cli;

import picocli.CommandLine.Parameters;

/** The optional NAME argument of a command about one cluster, else $EXAMLOPS_HPC_CLUSTER's. */
final class ClusterParameter {
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "NAME",
      description = "The cluster (default: $EXAMLOPS_HPC_CLUSTER).")
  String name;

  /** The cluster named, else the environment's; refused when neither names one. */
  String orDefault(Exa exa) {
    return exa.clusterOrDefault(name);
  }
}
