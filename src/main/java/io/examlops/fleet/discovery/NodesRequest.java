package io.examlops.fleet.discovery;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.ReadFrom;

/**
 * The compute nodes of a host's scheduler, or of a registered cluster: read through its own
 * definition (its host key pinned) and saved as a snapshot when asked, or as last stored.
 *
 * @param target the host to read when no cluster is named; with a cluster, a host given must be the
 *     cluster's own; {@code null}: this machine, or the settings' SSH host
 * @param cluster a registered cluster; {@code null}: read {@code target}
 * @param from the scheduler now, or (for a cluster) its latest snapshot; {@code null}: the
 *     scheduler
 * @param save store what was read as a snapshot of {@code cluster} (which is then required)
 */
public record NodesRequest(HostTarget target, String cluster, ReadFrom from, boolean save) {
  public NodesRequest {
    target = target == null ? HostTarget.defaults() : target;
    from = from == null ? ReadFrom.SCHEDULER : from;
    if (save && cluster == null) {
      throw FleetException.invalid(
          "saving a snapshot needs the cluster it is of", "cluster", "save");
    }
    if (from == ReadFrom.STORE && (cluster == null || save)) {
      throw FleetException.invalid(
          "only a registered cluster's nodes are stored, and what is stored is not saved again:"
              + " name the cluster, and read its scheduler to save a snapshot",
          cluster == null ? "cluster" : "save");
    }
  }

  /** A registered cluster's nodes as last stored: its latest snapshot. */
  public static NodesRequest stored(String cluster) {
    return new NodesRequest(null, cluster, ReadFrom.STORE, false);
  }
}
