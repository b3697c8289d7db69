package io.examlops.fleet.discovery;

import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.UtilizationSample;
import java.util.List;

/**
 * What a refresh took, and what it could not.
 *
 * @param snapshots the snapshots taken (none of a cluster whose nodes are read live)
 * @param samples the utilization samples recorded: one per cluster refreshed, whatever its kind
 * @param failures the clusters that could not be refreshed, and why
 */
public record RefreshResult(
    List<NodeSnapshot> snapshots, List<UtilizationSample> samples, List<Failure> failures) {
  public RefreshResult {
    snapshots = List.copyOf(snapshots);
    samples = List.copyOf(samples);
    failures = List.copyOf(failures);
  }

  /** A cluster that could not be refreshed: the failure's message. */
  public record Failure(String cluster, String reason) {}

  /** {@code could not refresh lxp: …}, one line per failure. */
  public List<String> notes() {
    return failures.stream()
        .map(f -> "could not refresh " + f.cluster() + ": " + f.reason())
        .toList();
  }
}
