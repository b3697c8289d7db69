package io.examlops.fleet.discovery;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import java.time.Instant;
import java.util.List;

/**
 * A node inventory (docs/cli.md, {@code hpc nodes}).
 *
 * @param cluster the registered cluster read; {@code null} for a host
 * @param scheduler the scheduler that answered
 * @param target where it was read ({@code user@host:port}, {@code local}); {@code null} for a
 *     stored snapshot, which does not record it
 * @param takenAt when the nodes were read; {@code null} when a stored read found no snapshot
 * @param snapshotId the snapshot saved or read; {@code null} when none (a live mock read is 0)
 * @param nodes every node, once each
 */
public record NodesResult(
    String cluster,
    SchedulerKind scheduler,
    String target,
    Instant takenAt,
    Long snapshotId,
    List<NodeInfo> nodes) {

  /** Whether there was anything to read: false for a stored read of a cluster never snapshotted. */
  public boolean taken() {
    return takenAt != null;
  }
}
