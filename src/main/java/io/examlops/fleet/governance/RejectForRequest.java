package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterRevision;

/**
 * Reject a cluster for an admin who decided in another system, with their reason (required).
 *
 * @param user the console admin who decided
 * @param expected the revision that was shown to them: required
 */
public record RejectForRequest(
    String cluster, String user, String reason, ClusterRevision expected) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code reason} as {@link RejectRequest}
   *     does (the reason is judged as a rejection's own is), {@code expected} as {@link
   *     ApproveForRequest} does
   */
  public RejectForRequest {
    new RejectRequest(cluster, reason, expected);
    ApproveForRequest.requireShown(expected, cluster);
  }
}
