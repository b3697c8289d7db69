package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterName;

/**
 * The audit trail, oldest first.
 *
 * @param cluster only this cluster's events; {@code null}: all
 */
public record AuditRequest(String cluster) {
  public static final AuditRequest ALL = new AuditRequest(null);

  /** A cluster's name by the one rule, so that what is asked is never echoed as it came. */
  public AuditRequest {
    if (cluster != null) {
      ClusterName.require(cluster, "cluster");
    }
  }
}
