package io.examlops.fleet.discovery;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import java.time.Instant;
import java.util.List;

/**
 * A node inventory (docs/cli.md, {@code hpc nodes}).
 *
 * @param cluster the cluster read; {@code null} for a host
 * @param snapshotId the snapshot saved; {@code null} unless asked to save
 */
public record NodesResult(
    String cluster,
    SchedulerKind scheduler,
    String target,
    Instant takenAt,
    Long snapshotId,
    List<NodeInfo> nodes) {}
