package io.examlops.fleet.model;

/**
 * Where a read that can come from either takes its data: the scheduler now, or what the store last
 * recorded (which asks no scheduler; the console's pages and agents read this way).
 */
public enum ReadFrom {
  /** Ask the cluster's scheduler now, over its own connection. */
  SCHEDULER,
  /** What was last recorded: the latest snapshot, the jobs as last followed. */
  STORE
}
