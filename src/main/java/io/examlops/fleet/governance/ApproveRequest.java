package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ClusterRevision;

/**
 * Approve a cluster as it is now, pinning its connection.
 *
 * @param expected the revision the admin reviewed: the approval applies only to a cluster still at
 *     it; {@code null} to approve whatever the cluster is now
 */
public record ApproveRequest(String cluster, ClusterRevision expected) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code cluster} when it is no cluster
   *     name
   */
  public ApproveRequest {
    ClusterName.require(cluster, "cluster");
  }

  /** Approves the cluster as it is now, whatever was reviewed. */
  public ApproveRequest(String cluster) {
    this(cluster, null);
  }
}
