package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.FleetException;

/**
 * Approve a cluster for an admin who decided in another system (a Jenkins governance job), through
 * the console that system's token vouches to.
 *
 * @param user the console admin who decided (the Jenkins user who clicked Proceed)
 * @param expected the revision that was shown to them: required, the decision applies only to a
 *     cluster still at it
 */
public record ApproveForRequest(String cluster, String user, ClusterRevision expected) {
  /**
   * @throws FleetException naming {@code cluster} when it is no cluster name, {@code expected} when
   *     there is no revision
   */
  public ApproveForRequest {
    ClusterName.require(cluster, "cluster");
    requireShown(expected, cluster);
  }

  /** A decision made for someone else rests on what was shown to them: its revision is required. */
  static void requireShown(ClusterRevision expected, String cluster) {
    if (expected == null) {
      throw FleetException.invalid(
          "a decision for someone else must carry the revision of cluster '"
              + cluster
              + "' that was shown to them ("
              + ClusterRevision.RULE
              + "); nothing was decided",
          "expected");
    }
  }
}
