package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OneLine;

/**
 * Reject (or revoke) a cluster; the reason is required and goes to the audit trail.
 *
 * @param expected the revision the admin reviewed: the rejection applies only to a cluster still at
 *     it; {@code null} to reject whatever the cluster is now
 */
public record RejectRequest(String cluster, String reason, ClusterRevision expected) {
  /** The longest rejection reason: it is shown in tables and stored in the audit trail. */
  public static final int MAX_REASON_LENGTH = 500;

  /**
   * @throws FleetException {@link io.examlops.fleet.model.ErrorKind#INVALID_REQUEST} naming {@code
   *     reason} when there is none, or it is not one line of at most {@link #MAX_REASON_LENGTH}
   */
  public RejectRequest {
    ClusterName.require(cluster, "cluster");
    if (reason == null || reason.isBlank()) {
      throw FleetException.invalid(
          "a reason is required to reject cluster '" + cluster + "', e.g. \"wrong account\"",
          "reason");
    }
    OneLine.require("the reason", reason, MAX_REASON_LENGTH, "reason");
  }

  /** Rejects the cluster as it is now, whatever was reviewed. */
  public RejectRequest(String cluster, String reason) {
    this(cluster, reason, null);
  }
}
