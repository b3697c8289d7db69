package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ClusterName;

/**
 * Refreshes clusters: snapshots of their nodes with their queues beside them, and a utilization
 * sample of each.
 *
 * @param cluster the cluster to refresh; {@code null}: every schedulable cluster
 */
public record RefreshRequest(String cluster) {
  public static final RefreshRequest ALL = new RefreshRequest(null);

  public RefreshRequest {
    if (cluster != null) {
      ClusterName.require(cluster);
    }
  }
}
