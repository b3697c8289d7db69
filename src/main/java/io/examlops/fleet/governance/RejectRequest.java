package io.examlops.fleet.governance;

/** Reject (or revoke) a cluster; the reason is required and goes to the audit trail. */
public record RejectRequest(String cluster, String reason) {}
