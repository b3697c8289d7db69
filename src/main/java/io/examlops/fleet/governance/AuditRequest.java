package io.examlops.fleet.governance;

/**
 * The audit trail, oldest first.
 *
 * @param cluster only this cluster's events; {@code null}: all
 */
public record AuditRequest(String cluster) {
  public static final AuditRequest ALL = new AuditRequest(null);
}
