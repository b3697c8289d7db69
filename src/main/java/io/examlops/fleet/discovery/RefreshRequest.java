package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ClusterName;

/**
 * Takes snapshots of clusters' nodes, with their queues beside them.
 *
 * @param cluster the cluster to refresh; {@code null}: every schedulable cluster whose nodes are
 *     read from snapshots
 */
public record RefreshRequest(String cluster) {
  public static final RefreshRequest ALL = new RefreshRequest(null);

  public RefreshRequest {
    if (cluster != null) {
      ClusterName.require(cluster);
    }
  }
}
