package io.examlops.fleet.governance;

/** Approve a cluster as it is now, pinning its connection. */
public record ApproveRequest(String cluster) {}
