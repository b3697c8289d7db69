package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterRevision;

/**
 * Reject (or revoke) a cluster; the reason is required and goes to the audit trail.
 *
 * @param expected the revision the admin reviewed: the rejection applies only to a cluster still at
 *     it; {@code null} to reject whatever the cluster is now
 */
public record RejectRequest(String cluster, String reason, ClusterRevision expected) {
  /** Rejects the cluster as it is now, whatever was reviewed. */
  public RejectRequest(String cluster, String reason) {
    this(cluster, reason, null);
  }
}
