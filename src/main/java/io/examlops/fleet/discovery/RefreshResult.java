package io.examlops.fleet.discovery;

import io.examlops.fleet.model.NodeSnapshot;
import java.util.List;

/**
 * What a refresh took, and what it could not.
 *
 * @param snapshots the snapshots taken
 * @param failures the clusters that could not be refreshed, and why
 */
public record RefreshResult(List<NodeSnapshot> snapshots, List<Failure> failures) {
  public RefreshResult {
    snapshots = List.copyOf(snapshots);
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
