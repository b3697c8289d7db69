package io.examlops.fleet.governance;

import java.util.List;

/** Every registered cluster with the gate's verdict (docs/cli.md, {@code hpc clusters}). */
public record ClustersResult(List<ClusterSummary> clusters) {}
