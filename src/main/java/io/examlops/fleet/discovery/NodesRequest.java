package io.examlops.fleet.discovery;

import java.util.Objects;

/**
 * The compute nodes of a host's scheduler, or of a registered cluster read through its own
 * definition (its host key pinned), saved as a snapshot when asked.
 *
 * @param target the host to read when no cluster is named; with a cluster, a host given must be the
 *     cluster's own
 * @param cluster a registered cluster; {@code null}: read {@code target}
 * @param save store the inventory as a snapshot of {@code cluster} (which is then required)
 */
public record NodesRequest(HostTarget target, String cluster, boolean save) {
  public NodesRequest {
    Objects.requireNonNull(target, "target");
  }
}
